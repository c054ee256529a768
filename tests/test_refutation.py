"""Hard mode's certificate of a no: a core, re-decided by the pure-Python checker."""
import json
import random

import numpy as np
import pytest

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.feedback import feedback
from wordlelab.models.refutation import CheckOptions, CheckTooLong, CoreFault, check_core, check_first_word_core
from wordlelab.models.settings import Execution
from wordlelab.solvers.search.depth.depth_sweep import FirstWords, decide_every_first_word
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED, depth_rounds, new_stats, new_table
from wordlelab.solvers.search.depth.depth_proof import prove_depth
from wordlelab.solvers.search.depth.run import DepthRun

ATCH = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]


def test_seven_answers_one_letter_apart_need_seven_guesses_once_the_rest_is_green():
    history = [("nauch", feedback("nauch", "batch"))]      # a, c and h green: only ?ATCH is allowed
    assert check_core(ATCH, 6, ATCH + ["blimp", "chimp"], history) > 0
    with pytest.raises(CoreFault, match="can all be found within 7"):
        check_core(ATCH, 7, ATCH + ["blimp"], history)
    # with no history a guess may test several letters at once: 7 answers within 6 is easy
    with pytest.raises(CoreFault, match="can all be found within 6"):
        check_core(ATCH, 6, ATCH + ["bhlmp", "cwpbl"], [])


def test_malformed_cores_are_refused():
    with pytest.raises(CoreFault, match="2 different patterns"):
        check_first_word_core("nauch", ATCH + ["blimp"], 6, ATCH)
    with pytest.raises(CoreFault, match="does not give"):
        check_core(["blimp"], 3, ATCH, [("nauch", feedback("nauch", "batch"))])
    with pytest.raises(CoreFault, match="repeats"):
        check_core(["batch", "batch"], 1, ATCH)
    with pytest.raises(CoreFault, match="empty"):
        check_first_word_core("nauch", [], 6, ATCH)


def test_a_check_too_long_proves_nothing():
    with pytest.raises(CheckTooLong):
        check_core(ATCH, 6, ATCH, [("nauch", feedback("nauch", "batch"))],
                   options=CheckOptions(node_limit=1, endgame_bound=False))


def test_a_check_past_its_work_limit_proves_nothing_and_one_within_it_does():
    """The work limit counts the patterns the checker reads: the table (|allowed| x |answers|)
    and |allowed| x |answers| again at each node."""
    history, guesses = [("nauch", feedback("nauch", "batch"))], ATCH + ["blimp", "chimp"]
    allowed = 7                                         # only the ?ATCH words keep a, c and h green
    with pytest.raises(CheckTooLong, match="table alone"):
        check_core(ATCH, 6, guesses, history, options=CheckOptions(work_limit=allowed * len(ATCH) - 1))
    with pytest.raises(CheckTooLong, match="read 60 patterns"):
        check_core(ATCH, 6, guesses, history, options=CheckOptions(work_limit=60, endgame_bound=False))
    with pytest.raises(CheckTooLong, match="table alone"):
        check_first_word_core("nauch", ATCH, 6, guesses, work_limit=allowed * len(ATCH) - 1)
    plain = check_core(ATCH, 6, guesses, history, options=CheckOptions(endgame_bound=False))
    # the plain search's nodes hold at most 7 answers each: this budget is enough
    assert check_core(ATCH, 6, guesses, history,
                      options=CheckOptions(work_limit=allowed * 7 * (plain + 1), endgame_bound=False)) == plain


def test_a_check_cut_short_goes_on_from_the_claims_it_proved():
    """``on_proven`` hears of each first-node guess a search refuted, as a claim that is true on
    its own; passed back as ``proven``, those claims let a check under the same work limit go on
    where the last stopped, while without them it never gets further."""
    history, guesses = [("nauch", feedback("nauch", "batch"))], ATCH + ["blimp"]
    claims = []
    check_core(ATCH, 6, guesses, history, options=CheckOptions(endgame_bound=False),
               on_proven=lambda *c: claims.append(c))
    assert {more[0][0] for _, more, _ in claims} == set(ATCH)      # each ?ATCH guess; BLIMP splits none apart
    for answers, more, left in claims:       # each claim is a core of its own after its guess
        assert left == 5 and len(more) == 1 and all(feedback(more[0][0], a) == more[0][1] for a in answers)
        check_core(answers, left, guesses, history + list(more), options=CheckOptions(endgame_bound=False))
    for limit in range(100, 5000, 50):      # the least budget under which runs make progress
        proven, cut, done = [], 0, False
        while not done and cut < 20:
            before = len(proven)
            try:
                check_core(ATCH, 6, guesses, history, options=CheckOptions(work_limit=limit, endgame_bound=False),
                           proven=list(proven), on_proven=lambda *c: proven.append(c))
                done = True
            except CheckTooLong:
                cut += 1
                if len(proven) == before:
                    break
        if done:
            break
    assert cut >= 2 and sorted(proven) == sorted(claims)    # no claim proved twice
    with pytest.raises(CheckTooLong):       # the same budget, without the claims: never done
        check_core(ATCH, 6, guesses, history, options=CheckOptions(work_limit=limit, endgame_bound=False))
    # a claim is checked for its shape and history, as a lemma is
    answers, more, left = claims[0]
    with pytest.raises(CoreFault, match="a proven claim's answers are not a part of the core"):
        check_core(ATCH, 6, guesses, history, proven=[(answers + ["blimp"], more, left)])
    with pytest.raises(CoreFault, match="a proven claim's .* does not give"):
        check_core(ATCH, 6, guesses, history, proven=[(ATCH, more, left)])


def test_every_move_at_a_node_is_tried_once_whatever_its_numbers():
    """The checker compares moves by numbered splits, rules and constraints. Keys of two kinds
    that happen to hold the same numbers must not be taken for each other: here BEFDA's move
    once matched CEFDA's key of pair rules, and BEFDA, a move not tried, was skipped (20 nodes
    where the tuple comparison visits 21)."""
    answers = ["eabca", "eabcb", "eabcc", "eabcd", "eabce", "eabcf"]
    guesses = ["eabce", "ebfdf", "facbb", "eabcd", "efaae", "fdbfc", "ffbdc", "edfcc", "eaabb", "aaedf", "faead",
               "eabcf", "ccfcf", "fadbf", "dbcfc", "cbfeb", "dfceb", "cfbef", "eabca", "eacba", "cbaac", "fcbaf",
               "bcefd", "fbccc", "cafaf", "bdedb", "eabcb", "cecbb", "baddc", "cefda", "fbecb", "fbccd", "ddbac",
               "dcfec", "befda", "dedcf", "fcdec", "ccdef", "efbaf", "bebcd", "caaff", "eabcc"]
    assert check_core(answers, 3, guesses, [], options=CheckOptions(endgame_bound=False)) == 21


def test_an_endgame_splits_into_one_class_and_single_answers():
    """The lemma behind Selby's endgame bound (models/refutation.py): under any guess, answers
    equal in four positions fall into one class and single answers, and the answers in the
    large class are those whose fifth letter the guess lacks (with perhaps some others)."""
    from wordlelab.models.endgames import endgame_ids
    lists = load_lists("nyt20220316", answers="all")
    eg, _ = endgame_ids(lists.answers)
    members: dict = {}
    for a, word in enumerate(lists.answers):
        for p in range(5):
            if eg[a, p] >= 0:
                members.setdefault(int(eg[a, p]), (p, []))[1].append(word)
    rng = random.Random(8)
    endgames = rng.sample(sorted(members.values()), 300)
    big_classes = 0
    for p, words in endgames:
        for guess in rng.sample(lists.guesses, 40) + [w for w in lists.guesses if w[p] in {x[p] for x in words}][:20]:
            classes: dict = {}
            for w in words:
                classes.setdefault(feedback(guess, w), []).append(w)
            large = [c for c in classes.values() if len(c) > 1]
            assert len(large) <= 1, (guess, large)
            plain = [w for w in words if w[p] not in guess]
            assert len({feedback(guess, w) for w in plain}) <= 1
            big_classes += bool(large)
    assert big_classes > 1000


def test_endgame_families_count_patterns_as_splitting_the_endgame_does():
    """models/endgame_families.py: the top values of n(E, w) - 1 read from the guesses' singles
    are those of splitting each endgame E by each allowed guess, for random subsets E of the
    families of a random core and random allowed lists (every value and count compared)."""
    from wordlelab.models.endgame_families import EndgameFamilies
    lists = load_lists("nyt20220316", answers="all")
    rng = random.Random(11)
    by_rest: dict = {}
    for w in lists.answers:
        by_rest.setdefault(w[:3] + w[4], []).append(w)
    rich = [f for f in by_rest.values() if len(f) >= 5]
    words = tuple(sorted(set(sum(rng.sample(rich, 12), []) + rng.sample(lists.answers, 60))))
    guesses = rng.sample(lists.guesses, 400)
    patterns = {u: tuple(feedback(u, a) for a in words) for u in guesses}
    families = EndgameFamilies(words, guesses, patterns, [1 << i for i in range(len(words))])
    compared = nonzero = 0
    for _ in range(150):
        answers = tuple(sorted(rng.sample(range(len(words)), rng.randint(20, len(words)))))
        for endgame in families.endgames_of(answers)[:3]:
            allowed = None if rng.random() < 0.3 else set(rng.sample(range(len(guesses)), rng.randint(1, 300)))
            k = rng.randint(1, 6)
            direct = sorted((len({patterns[u][i] for i in endgame}) - 1
                             for j, u in enumerate(guesses) if allowed is None or j in allowed), reverse=True)
            assert families.top_values(endgame, allowed, k) == [v for v in direct[:k] if v > 0]
            # the bound's question alone (may stop early): do the top k reach |E| - 1?
            enough = len(endgame) - 1
            assert (sum(families.top_values(endgame, allowed, k, enough)) >= enough) == (sum(direct[:k]) >= enough)
            compared += 1
            nonzero += bool(direct[0])
    assert compared > 200 and nonzero > 100


def endgame_rich_sets(lists, rng, n):
    """``n`` random (first word, an answer, answers, guesses left): six answers equal but in the
    first letter, in one class of the first word, with up to three more of that class; 3 or 4
    guesses left (draws from ``rng`` as they are asked for)."""
    by_rest: dict = {}
    for w in lists.answers:
        by_rest.setdefault(w[1:], []).append(w)
    families = [f for f in by_rest.values() if len(f) >= 6]
    for _ in range(n):
        family = rng.sample(rng.choice(families), 6)
        while True:     # a first word that leaves the family in one class
            g0 = rng.choice(lists.guesses)
            if len({feedback(g0, w) for w in family}) == 1:
                break
        target = family[0]
        others = [w for w in rng.sample(lists.answers, 3000) if feedback(g0, w) == feedback(g0, target)]
        yield g0, target, sorted(set(family + others[:rng.randint(0, 3)])), rng.choice([3, 4])


def test_the_checker_decides_alike_with_and_without_the_endgame_bound():
    """Random endgame-rich answer sets after a random first word, 3 or 4 guesses left: the checker
    with Selby's bound and trial and the plain exhaustive search give the same verdict, both
    verdicts occur, and the bound saves nodes."""
    lists = load_lists("nyt20220316", answers="all")
    verdicts = {True: 0, False: 0}
    saved = 0
    for g0, target, answers, d in endgame_rich_sets(lists, random.Random(3), 16):
        outcome = []
        for bound in (True, False):
            try:
                outcome.append(check_core(answers, d, lists.guesses, [(g0, feedback(g0, target))],
                                          options=CheckOptions(endgame_bound=bound)))
            except CoreFault:
                outcome.append(None)
        assert (outcome[0] is None) == (outcome[1] is None), (g0, answers, d)
        verdicts[outcome[0] is not None] += 1
        if outcome[0] is not None:
            saved += outcome[1] - outcome[0]
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts
    assert saved > 0


def test_a_check_makes_no_reference_cycle_and_leaves_the_collector_as_it_was():
    """check_core pauses Python's full collections while it searches (a quarter of a large
    check's time went to scanning its memo again and again): sound only because the search
    makes no reference cycle, which would otherwise live until the check ends. Real checks,
    with the endgame bound, a hint and on_proven, leave nothing for the collector; and the
    collector's thresholds are as they were after a check, whether it returns or raises."""
    import gc
    lists = load_lists("nyt20220316", answers="all")
    from wordlelab.models.refutation import YOUNG_BATCH
    checked, claims, during = 0, [], set()
    thresholds = gc.get_threshold()
    gc.collect()
    gc.disable()            # what the checks make stays for the count below
    try:
        for g0, target, answers, d in endgame_rich_sets(lists, random.Random(3), 16):
            try:
                check_core(answers, d, lists.guesses, [(g0, feedback(g0, target))],
                           hint=lambda classes, rules, left: len(classes) - 1,
                           on_proven=lambda *claim: claims.append(claim) or during.add(gc.get_threshold()))
            except CoreFault:
                continue
            checked += 1
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert checked >= 3 and claims and unreachable == 0
    # while a check runs: young collections in batches, no full one
    assert during == {(max(thresholds[0], YOUNG_BATCH), thresholds[1], 2**31 - 1)}
    assert check_core(ATCH, 6, ATCH + ["blimp"], [("nauch", feedback("nauch", "batch"))])
    assert gc.get_threshold() == thresholds and gc.isenabled()
    with pytest.raises(CoreFault):
        check_core(ATCH, 7, ATCH + ["blimp"], [("nauch", feedback("nauch", "batch"))])
    assert gc.get_threshold() == thresholds
    # automatic collection switched off (threshold 0) stays off during a check
    gc.set_threshold(0)
    try:
        seen = []
        check_core(ATCH, 6, ATCH + ["blimp"], [("nauch", feedback("nauch", "batch"))],
                   options=CheckOptions(endgame_bound=False),
                   on_proven=lambda *claim: seen.append(gc.get_threshold()[0]))
        assert seen and set(seen) == {0}
    finally:
        gc.set_threshold(*thresholds)


@pytest.mark.parametrize("mode, seed, trials, largest", [("hard", 5, 12, 12), ("easy", 11, 14, 40)])
def test_the_checker_agrees_with_the_compiled_depth_search_on_random_sets(mode, seed, trials, largest):
    """Random subsets of a class after a random first word (every word an answer), at 2 or 3
    guesses left: the pure-Python search and the kernel's plain depth search decide each alike,
    in hard and in easy mode, and both verdicts occur."""
    lists = load_lists("nyt20220316", answers="all")
    searcher = NativeSearcher(lists, mode, 6)
    node = searcher.root()
    rng = random.Random(seed)
    verdicts = {True: 0, False: 0}
    for _ in range(trials):      # each check runs the pure-Python search over all 12972 guesses
        g0 = searcher.guess_index[rng.choice(lists.guesses)]
        members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g0, searcher.tables)
        c = rng.choice([c for c in range(len(sizes)) if sizes[c] >= 8])
        d = rng.choice([2, 3])
        cls = members[starts[c]:starts[c] + sizes[c]].tolist()
        sub = np.array(sorted(rng.sample(cls, min(len(cls), rng.randint(d + 2, largest)))), np.int32)
        Lc = searcher.child_list(Lchild, g0, pats[c])
        r = K.depth_feasible(sub, Lc, d, searcher.tables, new_table(1 << 12), new_stats(), 10**9, searcher.depth_rounds)
        assert r != NODE_LIMIT
        history = [(lists.guesses[g0], int(pats[c]))]
        core = [lists.answers[a] for a in sub]
        try:
            check_core(core, d, lists.guesses, history, options=CheckOptions(mode=mode))
            refuted = True
        except CoreFault:
            refuted = False
        assert refuted == (r == REFUTED), (lists.guesses[g0], core, d)
        verdicts[refuted] += 1
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts


def test_probing_guesses_in_rounds_changes_no_verdict():
    """The depth search with every node of 3 or more guesses left probing its guesses in rounds
    (a first budget of 2 nodes, so that guesses are left open and taken up again many times)
    decides random classes after random first words as the search without rounds does, and
    names a guess that the search without rounds, asked again after that guess, accepts."""
    lists = load_lists("nyt20220316", answers="all")
    searcher = NativeSearcher(lists, "hard", 6)
    node = searcher.root()
    rng = random.Random(11)
    verdicts = {True: 0, False: 0}

    def decide(sub, Lc, d, rounds):
        r = K.depth_feasible(sub, Lc, d, searcher.tables, new_table(1 << 14), new_stats(), 10**9, rounds)
        assert r != NODE_LIMIT
        return r

    for _ in range(16):
        g0 = searcher.guess_index[rng.choice(lists.guesses)]
        members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g0, searcher.tables)
        c = rng.choice([c for c in range(len(sizes)) if sizes[c] >= 12])
        d = rng.choice([3, 3, 4])
        cls = members[starts[c]:starts[c] + sizes[c]].tolist()
        sub = np.array(sorted(rng.sample(cls, min(len(cls), rng.randint(12, 48)))), np.int32)
        Lc = searcher.child_list(Lchild, g0, pats[c])
        in_rounds = decide(sub, Lc, d, depth_rounds(3, 4, 2))
        one_by_one = decide(sub, Lc, d, depth_rounds(first_budget=0))
        assert (in_rounds == REFUTED) == (one_by_one == REFUTED), (lists.guesses[g0], d, sub.tolist())
        if in_rounds >= 0:        # its guess works: every class after it is solvable in d - 1
            ms, ss, zs, ps, Lg = K.child_lists_after(sub, Lc, in_rounds, searcher.tables)
            for k in range(len(zs)):
                part = ms[ss[k]:ss[k] + zs[k]].copy()
                if len(part) > 1 or searcher.ans_guess[part[0]] != in_rounds:
                    assert decide(part, searcher.child_list(Lg, in_rounds, ps[k]), d - 1,
                                  depth_rounds(first_budget=0)) >= 0
        verdicts[in_rounds == REFUTED] += 1
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts


@pytest.mark.parametrize("guesses", [3, 4])
def test_first_guesses_in_rounds_decide_as_one_by_one(guesses, tmp_path):
    """prove-depth with no first word, hard mode: the first guesses probed in rounds (a budget
    of 2 nodes at first, every node of 3 guesses left in rounds too) decide as the one-by-one
    search does: a yes with a verified tree; a no only once every first guess's core is checked,
    at the end when there is no checkpoint (the one-by-one run's checkpoint has them all)."""
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 130))
    random_130 = WordLists("random-130", words, words)
    in_rounds = NativeSearcher(random_130, "hard", guesses)
    in_rounds.depth_rounds = depth_rounds(3, 4, 2)
    one_by_one = NativeSearcher(random_130, "hard", guesses)
    one_by_one.depth_rounds = depth_rounds(first_budget=0)
    ck = tmp_path / "one-by-one.json"
    a, b = prove_depth(in_rounds, guesses), prove_depth(one_by_one, guesses, checkpoint=str(ck))
    assert a.status == b.status == ("INFEASIBLE" if guesses == 3 else "OPTIMAL")
    if a.status == "OPTIMAL":
        assert a.verified and a.certificate_kind == "tree"
    else:
        entries = json.loads(ck.read_text())["entries"]
        assert set(entries) == set(words) and all(entry["core"] for entry in entries.values())


def test_a_stopped_search_in_rounds_keeps_its_refuted_guesses_and_resumes(tmp_path):
    """With a checkpoint, a guess refuted in rounds is kept at once with the class that failed; its
    core is made and checked only when no guess works. A run stopped by its node limit resumes:
    the guesses it refuted are not searched again, and the no is the uninterrupted run's, with a
    checked core for every first guess in the end."""
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 130))
    lists = WordLists("random-130", words, words)

    def searcher():
        s = NativeSearcher(lists, "hard", 3)
        s.depth_rounds = depth_rounds(2, 4, 2)
        return s
    whole = prove_depth(searcher(), 3, checkpoint=str(tmp_path / "whole.json"))     # guess by guess, as below
    ck = tmp_path / "rounds.json"
    cut = prove_depth(searcher(), 3, checkpoint=str(ck), node_limit=whole.stats.nodes // 2)
    assert cut.status == "UNKNOWN"
    kept = json.loads(ck.read_text())["entries"]
    assert 0 < len(kept) < len(words) and all(set(e) == {"core", "depth", "failing"} for e in kept.values())
    resumed = prove_depth(searcher(), 3, checkpoint=str(ck))
    assert resumed.status == whole.status == "INFEASIBLE"
    assert resumed.stats.from_checkpoint == len(kept)
    entries = json.loads(ck.read_text())["entries"]
    assert set(entries) == set(words) and all(e["core"] and "failing" not in e for e in entries.values())
    bad = {w: dict(e, failing="GGGGY") for w, e in kept.items()}    # four greens and a yellow: never
    save_checkpoint(ck, json.loads(ck.read_text())["question"], bad)
    with pytest.raises(WordleError, match="no class"):
        prove_depth(searcher(), 3, checkpoint=str(ck))


@pytest.mark.xdist_group("hard_sweep")   # one worker computes the fixture
def test_a_resumed_sweep_rechecks_every_certificate_from_the_checkpoint(hard_sweep, random_300, tmp_path):
    """--recheck: the checkpoint's cores and trees are re-checked, and a doctored one is caught."""
    import shutil
    from wordlelab.errors import WordleError
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    from wordlelab.solvers.search.depth.sweep_recheck import recheck_decisions
    _, first, entries, folder = hard_sweep
    ck, trees = tmp_path / "every.json", tmp_path / "trees"
    shutil.copytree(folder / "trees", trees)
    question = json.loads((folder / "every.json").read_text())["question"]
    save_checkpoint(ck, question, entries)
    r = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, execution=Execution(checkpoint=str(ck)),
                                tree_dir=trees, recheck=True)
    assert r.stats.searched_now == 0 and r.verified and not first.verified
    assert r.stats.recheck["cores"] == first.stats.decided["no"] > 20
    assert r.stats.recheck["trees"] == first.stats.decided["yes"] > 20
    # a core one answer short is still one class of its word, but no longer a refutation
    no, yes = (next(w for w, v in entries.items() if v["yes"] is want) for want in (False, True))
    doctored = {no: dict(entries[no], core=entries[no]["core"][1:]), yes: entries[yes]}
    with pytest.raises(WordleError, match=f"certificate of {no.upper()} fails: CoreFault"):
        recheck_decisions(random_300, 4, doctored, trees)
    doctored = {no: entries[no], yes: dict(entries[yes], total=entries[yes]["total"] - 1)}
    with pytest.raises(WordleError, match=f"certificate of {yes.upper()} fails: its tree's total"):
        recheck_decisions(random_300, 4, doctored, trees)
    (trees / f"{yes}.tree").unlink()
    with pytest.raises(WordleError, match=f"no tree for the yes word {yes.upper()}"):
        decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, execution=Execution(checkpoint=str(ck)),
                                tree_dir=trees, recheck=True)
    with pytest.raises(WordleError, match="strict mode's nos have no core"):
        decide_every_first_word(NativeSearcher(random_300, "strict", 4), 4, recheck=True)


@pytest.mark.xdist_group("hard_sweep")   # one worker computes the fixture
def test_every_no_of_a_hard_sweep_has_a_checked_minimal_core(hard_sweep, random_300):
    _, r, entries, _ = hard_sweep
    assert r.status == "OPTIMAL" and r.stats.decided["no"] > 20
    nos = {w: v for w, v in entries.items() if v["yes"] is False}
    assert len(nos) == r.stats.decided["no"]
    assert all(v["depth"] == 3 and len(v["core"]) > 3 for v in nos.values())
    shrunk = 0
    # the sweep checked every core before it kept it; a sample is checked again here
    for word in random.Random(7).sample(sorted(nos), 12):
        v = nos[word]
        check_first_word_core(word, v["core"], v["depth"], random_300.guesses)
        # minimal: without any one answer the rest can be found in time, and the checker says so
        if shrunk < 3:
            for a in v["core"]:
                with pytest.raises(CoreFault, match="not a refutation"):
                    check_first_word_core(word, [b for b in v["core"] if b != a], v["depth"], random_300.guesses)
            shrunk += 1


def test_a_resumed_hard_sweep_gives_its_coreless_nos_a_core(tmp_path, random_300):
    ck = tmp_path / "every.json"
    first = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, candidates=FirstWords(limit=30),
                                    execution=Execution(checkpoint=str(ck)))
    doc = json.loads(ck.read_text())
    nos = [w for w, v in doc["entries"].items() if v["yes"] is False]
    assert nos
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    entries = {w: dict(v, core=None, depth=None) if w in nos else v for w, v in doc["entries"].items()}
    save_checkpoint(ck, doc["question"], entries)           # as a checkpoint from before hard-mode cores
    again = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, candidates=FirstWords(limit=30),
                                    execution=Execution(checkpoint=str(ck)))
    assert again.stats.searched_now == len(nos) and again.stats.yes == first.stats.yes
    assert all(v["core"] for w, v in json.loads(ck.read_text())["entries"].items() if w in nos)


def test_prove_depth_from_a_first_word_in_hard_mode_returns_a_checked_core():
    lists = load_lists("nyt20220316")
    r = prove_depth(NativeSearcher(lists, "hard", 5), 5, start="salet")
    assert r.status == "INFEASIBLE" and r.certificate_kind == "core"
    assert r.stats.core.check == "INFEASIBLE" and r.stats.core.guesses_left == 4
    check_first_word_core("salet", r.certificate, 4, lists.guesses)


def test_a_class_holding_a_refuted_endgame_gets_a_core_inside_it():
    """NAUCH leaves ?ATCH and ?ARCH in one class; the core starts from the largest endgame, ?ATCH,
    which alone needs 7 more guesses once A, C and H are green."""
    words = ATCH + ["larch", "march", "parch", "nauch", "blimp"]
    lists = WordLists("atch-arch", words, words)
    r = prove_depth(NativeSearcher(lists, "hard", 7), 7, start="nauch")
    assert r.status == "INFEASIBLE" and r.certificate_kind == "core"
    assert sorted(r.certificate) == ATCH
    check_first_word_core("nauch", r.certificate, 6, lists.guesses)


def test_a_no_the_checker_cannot_decide_is_reported_unknown(tmp_path, random_300, monkeypatch):
    import wordlelab.models.refutation as refutation
    monkeypatch.setattr(refutation, "CHECK_NODE_LIMIT", 0)
    r = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, candidates=FirstWords(limit=20),
                                execution=Execution(checkpoint=str(tmp_path / "every.json")))
    assert r.status == "UNKNOWN" and r.stats.decided["no"] == 0 and r.stats.decided["unknown"] > 0
    lists = load_lists("nyt20220316")
    r = prove_depth(NativeSearcher(lists, "hard", 5), 5, start="salet")
    assert r.status == "UNKNOWN" and r.certificate is None and "without deciding" in r.stats.core.check


def test_cli_prints_and_writes_the_hard_mode_core(cli_run, tmp_path):
    core_file = tmp_path / "core.txt"
    r = cli_run(["prove-depth", "--guesses", "5", "--start", "salet", "--mode", "hard", "--lists", "nyt20220316",
                 "--core", str(core_file)])
    assert "INFEASIBLE (no)" in r.out and "re-decided by the pure-Python checker" in r.out
    core = core_file.read_text().split()
    assert len(core) > 4
    check_first_word_core("salet", core, 4, load_lists("nyt20220316").guesses)


@pytest.mark.xdist_group("hard_sweep")   # one worker computes the fixture
def test_kept_cores_refute_later_first_words_as_the_search_does(hard_sweep, hard_plain_yes):
    """Hard mode's core bank: first words refuted by a core kept from another are exactly those the
    search refutes (every no of the sweep is a no of the plain search, word by word)."""
    bank, r, _, _ = hard_sweep
    assert bank.hits > 10
    assert set(r.stats.yes) == hard_plain_yes


def test_the_checker_keeps_only_minimal_refuted_sets():
    """Monotonicity reads the kept nos at every node, so a kept set that holds another kept under
    the same constraint and guesses left is dropped: what is kept is an antichain, and the
    verdict is that of the plain search. Ten ?EALS words after ABELE, within 6 more guesses."""
    from wordlelab.models.modes import hard_allowed
    from wordlelab.models.modes import rule_after
    from wordlelab.models.refutation_search import Search
    lists = load_lists("nyt20220316", answers="all")
    g0 = "abele"
    # the minimal core the hard sweep found for ABELE (of the 13 ?EALS, the endgame bound alone
    # refutes all at once: 1 node)
    answers = [f + "eals" for f in "fghnpstvwz"]
    (p0,) = {feedback(g0, w) for w in answers}
    allowed = hard_allowed(g0, p0, list(lists.guesses))
    search = Search(tuple(answers), allowed, 200_000, True)
    assert not search.solvable(tuple(range(len(answers))), allowed, rule_after((), (), g0, p0), 6)
    kept = list(search.kept)
    assert search.nodes > 10 and len(kept) > 100
    for d, c, m in kept:
        assert not any(d2 == d and c2 == c and m2 != m and m2 & m == m2 for d2, c2, m2 in kept)
    assert check_core(answers, 6, lists.guesses, [(g0, p0)], options=CheckOptions(endgame_bound=False)) > 0


def test_every_witness_the_checker_keeps_is_refuted_on_its_own():
    """A refuted set is kept as its witness, the union of what its guesses failed on: each kept
    witness, searched afresh by the plain search (no endgame bound, nothing kept from the first
    search) under its constraint and guesses left, is impossible too."""
    import random as _random
    from wordlelab.models.modes import hard_allowed
    from wordlelab.models.modes import rule_after
    from wordlelab.models.refutation_search import Search
    lists = load_lists("nyt20220316", answers="all")
    witnessed = 0
    for g0, target, answers, d in endgame_rich_sets(lists, _random.Random(7), 10):
        p0 = feedback(g0, target)
        allowed = hard_allowed(g0, p0, list(lists.guesses))
        words = tuple(sorted(answers))
        search = Search(words, allowed, 200_000, True)
        search.solvable(tuple(range(len(words))), allowed, rule_after((), (), g0, p0), d)
        kept = list(search.kept)
        for dd, c, m in _random.Random(1).sample(kept, min(8, len(kept))):
            sub = tuple(w for i, w in enumerate(words) if m >> i & 1)
            fresh = Search(sub, allowed, 200_000, False)
            assert not fresh.solvable(tuple(range(len(sub))), fresh.allowed(c), c, dd), (g0, sub, c, dd)
            witnessed += 1
    assert witnessed > 20


def test_a_large_class_grows_a_core_from_the_guesses_that_beat_it(random_300, monkeypatch):
    """With every class counted large, a class whose largest endgame alone is not refuted grows
    its core (hard_cores.grow_core): the entry's core lies in the failing class, its lemmas lie in
    the core, and the checker decides both again, lemmas first, as `--recheck` does. Lemmas hold
    after one more guess or, refuted with the class's whole guess list, after any."""
    from wordlelab.models.feedback import pattern_code
    from wordlelab.solvers.search.depth import hard_cores
    monkeypatch.setattr(hard_cores, "DELETE_AT_MOST", 0)
    searcher = NativeSearcher(random_300, "hard", 4)
    node = searcher.root(None, None, 4)
    grown = 0
    kinds = {True: 0, False: 0}         # lemmas after one more guess, after any
    for word in random_300.guesses[:50]:
        g0 = searcher.guess_index[word]
        verdict, failing_class = searcher.start_feasible(node, g0, searcher.new_cache(), new_stats(), 10**9)
        if verdict != REFUTED:
            continue
        failing = {random_300.answers[a] for a in failing_class.members}
        entry = hard_cores.hard_refutation(DepthRun(searcher), node, g0, failing_class)
        assert set(entry["core"]) <= failing and entry["depth"] == 3
        if "lemmas" not in entry:
            continue
        grown += 1
        lemmas = [(a, [(g, pattern_code(p)) for g, p in more], left) for a, more, left in entry["lemmas"]]
        assert all(set(a) <= set(entry["core"]) and left == 2 for a, _, left in lemmas)
        for _, more, _ in lemmas:
            kinds[bool(more)] += 1
        check_first_word_core(word, entry["core"], 3, random_300.guesses, lemmas=lemmas)
        with pytest.raises(CoreFault, match="lemma is false"):
            a, more, _ = lemmas[0]
            check_first_word_core(word, entry["core"], 3, random_300.guesses, lemmas=[(a[:2], more, 2)])
    assert grown >= 1 and kinds[True] and kinds[False]


def test_the_checker_skips_a_guess_that_splits_nothing_without_changing_a_verdict():
    """A guess that gives every answer one pattern is never tried (module docstring of
    models/refutation.py); the brute-force depth agrees on random small sets either way."""
    lists = load_lists("nyt20220316")
    rng = random.Random(5)
    for trial in range(30):
        answers = rng.sample(lists.answers, 9)
        guesses = answers + rng.sample(lists.guesses, 6) + ["qajaq", "fuzzy"]
        for d in (2, 3):
            try:
                check_core(answers, d, guesses)
                refuted = True
            except CoreFault:
                refuted = False
            assert refuted == (brute_depth(answers, guesses, d) is None)


def brute_depth(answers, guesses, d, rule=None):
    """Some strategy within d in hard mode (True) or None: plain recursion over every guess."""
    from wordlelab.models.modes import hard_allowed
    if len(answers) <= 1:
        return True if d >= len(answers) else None
    if d <= 1:
        return None
    for u in guesses:
        classes = {}
        for a in answers:
            classes.setdefault(feedback(u, a), []).append(a)
        ok = True
        for p, c in classes.items():
            if c == [u]:
                continue
            if brute_depth(c, hard_allowed(u, p, guesses), d - 1) is None:
                ok = False
                break
        if ok:
            return True
    return None


def test_the_checkers_allowed_lists_are_the_rule_applied_to_every_guess():
    """Search.allowed (requirement sets intersected) gives, for constraints met along random
    two-guess histories, the words modes.obeys keeps, in the guess list's order."""
    from wordlelab.models.modes import obeys
    from wordlelab.models.modes import rule_after
    from wordlelab.models.refutation_search import Search
    guesses = list(load_lists("nyt20220316").guesses)
    rng = random.Random(11)
    search = Search(("salet",), guesses, 10, True)
    for _ in range(20):
        answer = rng.choice(guesses)
        constraint = ((), ())
        for g in rng.sample(guesses, 2):
            constraint = rule_after(*constraint, g, feedback(g, answer))
            assert search.allowed(constraint) == [w for w in guesses if obeys(constraint, w)]


def test_a_hint_orders_the_checker_and_never_changes_its_verdict():
    """The checker with the depth search's hints (hard_cores.KernelHint), with a hint that names
    a random class (or none, or no class at all), and with none decides each random endgame-rich
    set alike; both verdicts occur, and the kernel's hints name failing classes."""
    from wordlelab.solvers.search.depth.hard_cores import KernelHint
    lists = load_lists("nyt20220316", answers="all")
    searcher = NativeSearcher(lists, "hard", 6)
    rng = random.Random(3)
    verdicts = {True: 0, False: 0}
    named = 0

    def random_hint(classes, rules, d):     # mostly a random class; else no hint or a malformed one
        return rng.choice([rng.randrange(len(classes))] * 6 + [None, -1, len(classes), 1.5])

    # (18 sets: a class with two guesses left is decided at once, Lemma 2 of class_table, so a
    # hint is asked for only at the first node and with three or more left)
    for g0, target, answers, d in endgame_rich_sets(lists, rng, 18):
        history = [(g0, feedback(g0, target))]
        kernel = KernelHint(searcher, answers)
        outcome = []
        for hint in (None, random_hint, kernel):
            try:
                check_core(answers, d, lists.guesses, history, hint=hint)
                outcome.append(True)
            except CoreFault:
                outcome.append(False)
        assert len(set(outcome)) == 1, (g0, answers, d, outcome)
        verdicts[outcome[0]] += 1
        named += kernel.named
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts
    assert named > 0


def test_a_union_of_kept_cores_refutes_a_class_with_the_same_verdict_and_a_checked_core(random_300):
    """start_probe.py's subsets: with the cores of half the first words kept, the other half's
    verdicts are the plain search's, and a word refuted through a union of kept cores gets a
    core inside that union, which the checker decides again."""
    from wordlelab.solvers.search.depth.core_bank import CoreBank
    from wordlelab.solvers.search.depth.hard_cores import hard_refutation
    searcher = NativeSearcher(random_300, "hard", 4)
    node = searcher.root(None, None, 4)
    run = DepthRun(searcher)

    def verdict(word):
        return searcher.start_feasible(node, searcher.guess_index[word], searcher.new_cache(), new_stats(), 10**9,
                                       core_bank=run.core_bank)

    words = random_300.guesses
    plain = {w: verdict(w)[0] >= 0 for w in words}
    assert not all(plain.values()) and any(plain.values())
    run.core_bank = CoreBank(searcher)
    for w in words[::2]:
        if not plain[w]:
            entry = hard_refutation(run, node, searcher.guess_index[w], verdict(w)[1])
            run.core_bank.add(w, entry["core"], entry["depth"])
    through_union = 0
    for w in words[1::2]:
        found, failing = verdict(w)
        assert (found >= 0) == plain[w], w
        if failing is not None and failing.subset:
            through_union += 1
            union = {random_300.answers[a] for a in failing.members}
            entry = hard_refutation(run, node, searcher.guess_index[w], failing)
            assert set(entry["core"]) <= union and len({feedback(w, a) for a in union}) == 1
            check_first_word_core(w, entry["core"], 3, random_300.guesses)
    assert through_union >= 1
