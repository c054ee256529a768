"""every-first-word: one decision per first word, checked against other searches."""
import json
import random
import re

import pytest

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.tree import load_tree
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.engine import search_core as core
from wordlelab.solvers.search.depth.depth_report import word_verdict
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.search.depth.depth_sweep import FirstWords, decide_every_first_word
from wordlelab.solvers.search.native import NativeSearcher

from test_native_search import INF, brute_force, lists_from, tiny_instance
from wordlelab.solvers.search.depth.depth_proof import prove_depth


def _plain_yes(searcher, guesses):
    """First words the plain depth search (no learnt cores, a fresh table per word) decides yes."""
    node = searcher.root(None, None, guesses)
    return {searcher.lists.guesses[g0] for _, g0 in searcher.candidate_order(node)
            if searcher.start_feasible(node, g0, searcher.new_cache(), core.new_stats(), 10**12)[0] >= 0}


def test_a_random_500_word_answers_all_instance_agrees_with_the_plain_search():
    """Issue 19's small version: every guess an answer, 500 random words, every first word decided."""
    words = sorted(random.Random(19).sample(load_lists("nyt20220316").guesses, 500))
    searcher = NativeSearcher(WordLists("random-500", words, words), "easy", 4)
    r = decide_every_first_word(searcher, 4)
    assert r.status == "OPTIMAL" and r.stats.decided["unknown"] == 0
    assert 0 < r.value < 500                      # both answers occur, so the check can fail either way
    assert set(r.stats.yes) == _plain_yes(searcher, 4)
    assert r.stats.trees_verified == r.value


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_tiny_instances_agree_with_brute_force(tmp_path, seed, mode):
    answers, guesses = tiny_instance(seed)
    lists = lists_from(tmp_path, answers, guesses)
    for limit in (3, 4):
        searcher = NativeSearcher(lists, mode, limit)
        r = decide_every_first_word(searcher, limit)
        brute = {g for g in guesses if brute_force(answers, guesses, mode, limit, g) < INF}
        # the sweep lists every guess that splits the answers or is one (no other can be a yes)
        node = searcher.root(None, None, limit)
        listed = {lists.guesses[g] for _, g in searcher.candidate_order(node)}
        assert brute <= listed and r.stats.first_words == len(listed)
        assert set(r.stats.yes) == brute


def test_cli_keeps_verified_trees_and_resumes(cli_run, tmp_path):
    ck, trees = tmp_path / "every.json", tmp_path / "trees"
    args = ["every-first-word", "--guesses", "5", "--lists", "nyt20220316", "--limit", "3",
            "--checkpoint", str(ck), "--trees", str(trees), "--json"]
    first = json.loads(cli_run(args).out)
    assert first["status"] == "OPTIMAL" and first["value"] == 3 and first["stats"]["searched_now"] == 3
    lists = load_lists("nyt20220316")
    for word in first["stats"]["yes"]:
        report = verify_tree(load_tree(str(trees / f"{word}.tree")), lists.answers, lists.guesses, "easy", (), 5)
        assert report.max_guesses <= 5
    again = json.loads(cli_run(args).out)
    assert again["stats"]["from_checkpoint"] == 3 and again["stats"]["searched_now"] == 0
    assert again["stats"]["yes"] == first["stats"]["yes"]
    # --status reads the checkpoint and searches nothing; the words past --limit are not reached
    status_args = ["every-first-word", "--guesses", "5", "--lists", "nyt20220316",
                   "--checkpoint", str(ck), "--status", "--json"]
    held = json.loads(cli_run(status_args + ["--limit", "3"]).out)
    assert held["status"] == "OPTIMAL" and held["stats"]["decided"] == first["stats"]["decided"]
    assert held["stats"]["not_reached"] == 0 and held["stats"]["searched_now"] == 0
    # --status counts the words --limit takes; a run counts the whole checkpoint (3 words) and says so
    assert cli_run(status_args[:-1] + ["--limit", "3"]).out.startswith("OPTIMAL: of 3 first words")
    assert cli_run(status_args[:-1] + ["--limit", "2"]).out.startswith("OPTIMAL: of 2 first words")
    run_two = args[:5] + ["--limit", "2", "--checkpoint", str(ck)]
    assert cli_run(run_two).out.startswith("the checkpoint: OPTIMAL: of 3 first words")
    everything = json.loads(cli_run(status_args).out)
    assert everything["status"] == "UNKNOWN" and everything["value"] is None
    assert everything["stats"]["not_reached"] == everything["stats"]["first_words"] - 3 > 0
    text = cli_run(status_args[:-1]).out
    assert f"not reached yet: {everything['stats']['not_reached']} first words" in text and "nothing searched" in text
    r = cli_run(status_args[:5] + ["--status"], expect_error=True)
    assert r.code == 2 and r.err.strip() == "error: a report of a sweep reads its --checkpoint: give the checkpoint"
    r = cli_run(["every-first-word", "--guesses", "5", "--start", "salet"], expect_error=True)
    assert r.code == 2 and r.err.startswith("error: ") and "No such option '--start'" in r.err
    r = cli_run(["prove-depth", "--guesses", "5", "--limit", "3"], expect_error=True)
    assert r.code == 2 and "No such option '--limit'" in r.err


@pytest.mark.xdist_group("hard_sweep")   # one worker computes the fixture
def test_hard_mode_answers_all_agrees_with_the_plain_search_and_the_node_limit_is_per_word(hard_sweep, random_300,
                                                                                          hard_plain_yes):
    """Hard mode with every guess an answer (issue 19 parts 2-3, small): the sweep's yes words are
    the plain search's, and a node limit far below the run's total still decides every word."""
    lists = random_300
    _, r, _, _ = hard_sweep
    assert r.status == "OPTIMAL" and r.stats.decided["unknown"] == 0
    assert 0 < r.value < 300
    assert set(r.stats.yes) == hard_plain_yes
    # the first 60 words of the candidate order, with a limit below their nodes together
    searcher = NativeSearcher(lists, "hard", 4)
    first = {lists.guesses[g] for _, g in searcher.candidate_order(searcher.root(None, None, 4))[:60]}
    cap = r.stats.nodes // 20
    limited = decide_every_first_word(searcher, 4, candidates=FirstWords(limit=60), limits=Limits(node_limit=cap))
    assert limited.stats.nodes > cap
    assert limited.status == "OPTIMAL" and set(limited.stats.yes) == first & set(r.stats.yes)


def test_a_resumed_run_tries_the_unknown_words_again(tmp_path):
    words = sorted(random.Random(29).sample(load_lists("nyt20220316").guesses, 200))
    lists = WordLists("random-200", words, words)
    ck = str(tmp_path / "every.json")
    cut = decide_every_first_word(NativeSearcher(lists, "hard", 4), 4, limits=Limits(node_limit=40),
                                  execution=Execution(checkpoint=ck))
    assert cut.status == "UNKNOWN" and cut.stats.decided["unknown"] > 0
    # the same limit would stop them again: they are not searched again
    same = decide_every_first_word(NativeSearcher(lists, "hard", 4), 4, limits=Limits(node_limit=40),
                                   execution=Execution(checkpoint=ck))
    assert same.stats.searched_now == 0 and same.stats.unknown == cut.stats.unknown
    resumed = decide_every_first_word(NativeSearcher(lists, "hard", 4), 4, execution=Execution(checkpoint=ck))
    assert resumed.status == "OPTIMAL" and resumed.stats.decided["unknown"] == 0
    assert resumed.stats.searched_now == cut.stats.decided["unknown"]
    assert resumed.stats.yes == decide_every_first_word(NativeSearcher(lists, "hard", 4), 4).stats.yes


@pytest.mark.xdist_group("hard_sweep")   # one worker computes the fixture
def test_a_tree_already_in_the_trees_directory_decides_its_word(hard_sweep, random_300, tmp_path):
    """A yes found by another command (its tree in --trees) counts once the verifier passes it, with
    no search (a node limit of 1 decides nothing else); a tree that is not this question's is an error."""
    import shutil
    _, full, _, folder = hard_sweep
    found, words = folder / "trees", random_300.guesses
    yes = next(w for w in full.stats.yes          # a yes whose tree needs all 4 guesses
               if verify_tree(load_tree(str(found / f"{w}.tree")), words, words, "hard", (), 4).max_guesses == 4)
    no = next(w for w in words if w not in full.stats.yes)
    kept = tmp_path / "kept"
    kept.mkdir()
    shutil.copy(found / f"{yes}.tree", kept / f"{yes}.tree")
    r = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, limits=Limits(node_limit=1),
                                tree_dir=str(kept))
    assert r.stats.yes == [yes] and r.stats.trees_verified == 1
    assert r.stats.decided["unknown"] > 0           # the limit of 1 really stopped the searches
    shutil.copy(found / f"{yes}.tree", kept / f"{no}.tree")
    with pytest.raises(WordleError, match=f"{no}.tree"):
        decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, limits=Limits(node_limit=1),
                                tree_dir=str(kept))
    (kept / f"{no}.tree").unlink()
    with pytest.raises(WordleError, match="within 3 guesses"):     # a strategy within 4 is none within 3
        decide_every_first_word(NativeSearcher(random_300, "hard", 3), 3, limits=Limits(node_limit=1),
                                tree_dir=str(kept))


@pytest.mark.xdist_group("hard_sweep")   # one worker computes the fixture
@pytest.mark.parametrize("workers", [1, 2])
def test_a_tree_that_comes_later_settles_a_checkpoints_unknown_word(hard_sweep, random_300, tmp_path, workers):
    """A word the node limit left unknown is taken again, at the same limit, once its tree is in
    --trees (found by a longer run of its own): the checkpoint's unknown becomes a verified yes."""
    import shutil
    _, full, _, folder = hard_sweep
    yes = full.stats.yes[0]
    kept, ck = tmp_path / "kept", str(tmp_path / "sweep.json")
    kept.mkdir()
    first = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, limits=Limits(node_limit=1),
                                    execution=Execution(checkpoint=ck, workers=workers), tree_dir=str(kept))
    assert yes not in first.stats.yes and first.stats.decided["unknown"] > 0
    shutil.copy(folder / "trees" / f"{yes}.tree", kept / f"{yes}.tree")
    again = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, limits=Limits(node_limit=1),
                                    execution=Execution(checkpoint=ck, workers=workers), tree_dir=str(kept))
    assert again.stats.yes == [yes] and again.stats.trees_verified == 1
    assert again.stats.decided["unknown"] == first.stats.decided["unknown"] - 1


# hard mode takes five times as long (48 s of a slow day's suite); its sweep's workers are
# covered in CI by the hard 7-guess retry's tests, and the mechanism by easy mode
@pytest.mark.parametrize("mode", ["easy", pytest.param("hard", marks=pytest.mark.slow)])
def test_two_workers_decide_as_one_process_and_resume_from_its_checkpoint(tmp_path, mode):
    """The sweep on a pool of two (sharing one node table) gives the one-process answer, word by
    word; a pool resumes a one-process checkpoint and retries its unknown words, and vice versa."""
    words = sorted(random.Random(23).sample(load_lists("nyt20220316").guesses, 300))
    lists = WordLists("random-300", words, words)
    alone = decide_every_first_word(NativeSearcher(lists, mode, 4), 4)
    assert 0 < alone.value < 300 and alone.stats.decided["unknown"] == 0
    ck = str(tmp_path / "every.json")
    cut = decide_every_first_word(NativeSearcher(lists, mode, 4), 4, candidates=FirstWords(limit=120),
                                  limits=Limits(node_limit=40), execution=Execution(checkpoint=ck))
    assert cut.stats.decided["unknown"] > 0
    pooled = decide_every_first_word(NativeSearcher(lists, mode, 4), 4, execution=Execution(checkpoint=ck, workers=2))
    assert pooled.status == "OPTIMAL" and pooled.stats.yes == alone.stats.yes
    assert pooled.stats.from_checkpoint == 120 - cut.stats.decided["unknown"]
    assert pooled.stats.trees_verified == len([w for w in pooled.stats.yes if w not in cut.stats.yes])
    again = decide_every_first_word(NativeSearcher(lists, mode, 4), 4, execution=Execution(checkpoint=ck))
    assert again.stats.searched_now == 0 and again.stats.yes == alone.stats.yes


def test_cli_every_first_word_on_workers(cli_run, tmp_path):
    ck = tmp_path / "every.json"
    args = ["every-first-word", "--guesses", "5", "--lists", "nyt20220316", "--limit", "4",
            "--checkpoint", str(ck), "--workers", "2", "--json"]
    pooled = json.loads(cli_run(args).out)
    assert pooled["status"] == "OPTIMAL" and pooled["stats"]["searched_now"] == 4
    alone = json.loads(cli_run(args[:-3] + ["--json"]).out)
    assert alone["stats"]["from_checkpoint"] == 4 and alone["stats"]["yes"] == pooled["stats"]["yes"]
    r = cli_run(["prove-depth", "--guesses", "5", "--start", "salet", "--workers", "2"], expect_error=True)
    assert r.code == 2 and r.err.startswith("error: ") and "No such option '--workers'" in r.err


@pytest.mark.parametrize("workers", [1, 2])
def test_words_decides_only_the_words_asked_for_and_keeps_the_others(tmp_path, workers):
    """--words: those words are searched (as the whole run decides them), the checkpoint's others
    are neither searched nor lost, and the result says what became of each word asked for."""
    words = sorted(random.Random(23).sample(load_lists("nyt20220316").guesses, 300))
    lists = WordLists("random-300", words, words)
    whole = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4)
    ck = str(tmp_path / "every.json")
    first = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(limit=40),
                                    execution=Execution(checkpoint=ck))
    kept = json.loads(open(ck).read())["entries"]
    outside = [w for w in words if w not in kept][:3]
    asked = [outside[0], outside[1].upper(), next(iter(kept))]       # two new words, one decided already
    r = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(words=tuple(asked + [""])),
                                execution=Execution(checkpoint=ck, workers=workers))
    now = json.loads(open(ck).read())["entries"]
    assert set(now) == set(kept) | set(outside[:2]) and all(now[w] == kept[w] for w in kept)
    assert r.stats.searched_now == 2 and r.stats.first_words == 3
    expected = {w: "yes" if w in whole.stats.yes else "no" for w in outside[:2] + [asked[2]]}
    assert r.stats.words == expected and first.stats.decided["unknown"] == 0
    with pytest.raises(WordleError, match="not in the guess list: ZZZZZ"):
        decide_every_first_word(NativeSearcher(lists, "easy", 4), 4,
                                candidates=FirstWords(words=tuple([outside[2], "zzzzz"])),
                                execution=Execution(checkpoint=ck))


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_names_the_word_just_decided_and_counts_the_checkpoint_by_verdict(tmp_path, workers):
    """The progress line counts no, yes and undecided apart over the whole checkpoint (an unknown
    is an entry too: a count of entries called every word decided), after the word just settled
    and its verdict. The checkpoint holds words past the run's --limit, and they are counted."""
    words = sorted(random.Random(23).sample(load_lists("nyt20220316").guesses, 300))
    lists = WordLists("random-300", words, words)
    ck = str(tmp_path / "every.json")
    decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(limit=60),
                            limits=Limits(node_limit=40), execution=Execution(checkpoint=ck))
    told = []
    r = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(limit=30),
                                execution=Execution(checkpoint=ck, workers=workers), progress=lambda n,
                                info=None: told.append(info))
    entries = json.loads(open(ck).read())["entries"]
    assert len(entries) == 60
    tally = re.compile(r"(?:([A-Z]{5}) (yes|no|unknown \(node limit \d+\)); )?(\d+) no, (\d+) yes, (\d+) undecided")
    shown = [tally.fullmatch(info) for info in told
             if info and not info.endswith(("from the checkpoint", ": searching"))]
    assert shown and all(shown)
    counts = [tuple(int(g) for g in m.groups()[2:]) for m in shown]
    assert all(sum(c) == 60 for c in counts)
    # the last line is the final count, on workers too (results that come in together are not lost)
    assert counts[-1] == (sum(1 for v in entries.values() if v["yes"] is False),
                          sum(1 for v in entries.values() if v["yes"]),
                          sum(1 for v in entries.values() if v["yes"] is None))
    assert counts[-1][2] > 0                     # words 31 to 60 were left at the small node limit
    named = [(m[1].lower(), m[2]) for m in shown if m[1]]
    assert named and all(verdict == word_verdict(entries[word]) for word, verdict in named)
    settled_now = r.stats.first_words - r.stats.from_checkpoint
    assert settled_now > 0 and named[-1][0] in entries
    if workers == 1:        # every word settled in this run is named, in turn, after its search is announced
        assert len(named) == settled_now
        searching = [info[:5].lower() for info in told if info and info.endswith(": searching")]
        # (a twin of a decided word is named with no search of its own)
        assert searching and searching == [word for word, _ in named if word in searching]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_named_word_shares_the_decision_of_its_twin_in_the_checkpoint(tmp_path, workers):
    """Easy mode: BQQQQ and BJJJJ tell the answers apart alike (by their B only), so one decision
    serves both. Named alone, the second takes the first's from the checkpoint, unsearched."""
    answers = ["bacon", "cabin", "robin", "tonic", "sonic", "bison", "orbit"]
    lists = WordLists("twins", answers + ["bqqqq", "bjjjj"], answers)
    whole = decide_every_first_word(NativeSearcher(lists, "easy", 3), 3,
                                    execution=Execution(checkpoint=str(tmp_path / "whole.json")))
    entries = json.loads((tmp_path / "whole.json").read_text())["entries"]
    (second, first), = [(w, v["same_as"]) for w, v in entries.items() if v["same_as"]]
    ck = str(tmp_path / "named.json")
    decide_every_first_word(NativeSearcher(lists, "easy", 3), 3, candidates=FirstWords(words=(first,)),
                            execution=Execution(checkpoint=ck, workers=workers))
    r = decide_every_first_word(NativeSearcher(lists, "easy", 3), 3, candidates=FirstWords(words=(second,)),
                                execution=Execution(checkpoint=ck, workers=workers))
    assert r.stats.searched_now == 0 and whole.stats.decided["unknown"] == 0
    assert json.loads(open(ck).read())["entries"][second] == entries[second]
    assert r.stats.words == {second: "yes" if second in whole.stats.yes else "no"}


def test_cli_words_goes_with_every_first_word_and_names_a_stranger(cli_run, tmp_path):
    ck = tmp_path / "every.json"
    base = ["every-first-word", "--guesses", "5", "--lists", "nyt20220316"]
    r = cli_run(base + ["--words", "salet,crane", "--checkpoint", str(ck)])
    assert r.out.startswith("the words asked for (--words): SALET yes, CRANE yes\nwith them, the checkpoint: "
                            "OPTIMAL: of 2 first words")
    assert set(json.loads(ck.read_text())["entries"]) == {"salet", "crane"}
    for wrong, said in [
            (["--words", "salet,qqqqq"],
             "error: --words: not in the guess list: QQQQQ (give them comma-separated)"),
            (["--words", " , "], "error: --words: no word given"),
            (["--words", "salet", "--limit", "3"],
             "error: --words names the words to decide: drop --limit"),
            (["--words", "salet", "--status", "--checkpoint", str(ck)],
             "error: --status searches nothing: drop --recheck, --set core-work, --words, --inputs, "
             "--workers and --set dask")]:
        r = cli_run(base + wrong, expect_error=True)
        assert r.code == 2 and r.err.strip() == said


def test_a_checkpoint_entry_keeps_a_node_limit_only_for_an_unknown():
    from wordlelab.solvers.search.depth.depth_sweep import check_decision
    check = check_decision(NativeSearcher(load_lists("nyt20220316"), "hard", 4))
    unknown = {"yes": None, "core": None, "depth": None, "total": None, "same_as": None}
    check("salet", unknown)                              # older checkpoints: no limit recorded
    check("salet", dict(unknown, node_limit=20_000_000))
    for bad in (dict(unknown, node_limit=0), dict(unknown, node_limit="many"),
                dict(unknown, yes=False, node_limit=5), dict(unknown, nodes=5)):
        with pytest.raises(ValueError):
            check("salet", bad)


def test_an_unknown_names_its_failing_class_only_as_five_colours():
    from wordlelab.solvers.search.depth.depth_sweep import check_decision
    check = check_decision(NativeSearcher(load_lists("nyt20220316"), "hard", 4))
    unknown = {"yes": None, "core": None, "depth": None, "total": None, "same_as": None, "node_limit": 5}
    check("salet", dict(unknown, failing="BGBBB"))
    for bad in (dict(unknown, failing="BGBB"), dict(unknown, failing="bgbbx"), dict(unknown, failing=3),
                {k: v for k, v in dict(unknown, failing="BBBBB").items() if k != "node_limit"}):
        with pytest.raises(ValueError):
            check("salet", bad)


def test_a_refuted_word_whose_core_is_not_made_in_budget_is_unknown_naming_its_class(monkeypatch, tmp_path):
    """A no counts only with a checked core: with no budget to shrink a core or to check an
    unfinished one, each no becomes an unknown naming the class its search refuted, and a
    larger node limit with the budget back decides those words as the full run does."""
    from wordlelab.models.feedback import feedback, pattern_string
    from wordlelab.solvers.search.depth import hard_cores
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 120))
    lists = WordLists("random-120", words, words)
    full = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3)
    assert full.stats.decided["no"] > 0 and full.stats.refuted_unchecked == 0
    ck = tmp_path / "every.json"
    with monkeypatch.context() as m:
        m.setattr(hard_cores, "CORE_CELLS", 0)
        m.setattr(hard_cores, "UNFINISHED_CHECK_WORK", 0)
        cut = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(node_limit=10**6),
                                      execution=Execution(checkpoint=ck))
    assert cut.status == "UNKNOWN" and cut.stats.yes == full.stats.yes
    # the classes of a single answer need no core: those nos stand; every other no became unknown
    assert cut.stats.refuted_unchecked == cut.stats.decided["unknown"] > 0
    assert cut.stats.unknown_by_limit == {"check budget 0": cut.stats.decided["unknown"]}
    assert cut.stats.decided["no"] + cut.stats.decided["unknown"] == full.stats.decided["no"]
    entries = json.loads(ck.read_text())["entries"]
    for word in cut.stats.unknown:
        named = entries[word]["failing"]
        assert named in {pattern_string(feedback(word, a)) for a in lists.answers}
        assert entries[word]["core_work"] == 0
    # the node limit did not stop them: a larger one alone searches none of them again
    with monkeypatch.context() as m:                # (the same check budget, 0, as the default)
        m.setattr(hard_cores, "CORE_CELLS", 0)
        m.setattr(hard_cores, "UNFINISHED_CHECK_WORK", 0)
        larger_limit = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3,
                                               limits=Limits(node_limit=10**7),
                                               execution=Execution(checkpoint=ck))
    assert larger_limit.stats.searched_now == 0 and larger_limit.stats.decided == cut.stats.decided
    again = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(node_limit=10**7),
                                    execution=Execution(checkpoint=ck))
    assert again.status == "OPTIMAL" and again.stats.searched_now == cut.stats.decided["unknown"]
    assert again.stats.decided == full.stats.decided


def test_an_unknown_failing_class_is_retried_only_with_a_larger_check_budget():
    from wordlelab.solvers.search.depth.depth_verdicts import worth_retrying
    from wordlelab.solvers.search.depth.hard_cores import UNFINISHED_CHECK_WORK
    unknown = {"yes": None, "core": None, "depth": None, "total": None, "same_as": None, "node_limit": 5}
    failing = dict(unknown, failing="BGBBB", core_work=100)
    assert worth_retrying(unknown, 6, "hard") and not worth_retrying(unknown, 5, "hard")
    assert not worth_retrying(failing, 10**9, "hard", core_work=100)
    assert worth_retrying(failing, 5, "hard", core_work=101)
    assert worth_retrying(failing, 5, "hard", has_tree=True, core_work=100)
    older = dict(unknown, failing="BGBBB")      # recorded before the checker took hints: any unknown
    assert worth_retrying(older, 6, "hard") and not worth_retrying(older, 5, "hard")
    assert not worth_retrying(dict(failing, core_work=UNFINISHED_CHECK_WORK), 10**9, "hard")
    settled = dict(failing, settled=3)          # its check proved something: the same budget goes on
    assert worth_retrying(settled, 5, "hard", core_work=100)
    assert not worth_retrying(settled, 5, "hard", core_work=99)


def test_a_drafted_cores_check_keeps_what_it_proved_and_the_next_run_goes_on(tmp_path):
    """A check cut short by its budget keeps each first-node guess it refuted in the draft; the
    next run (a new drafts object reading the file) goes on from there under the same budget
    until the core is decided, where the same budget from nothing never gets there."""
    from wordlelab.models.feedback import feedback
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts
    from wordlelab.solvers.search.depth.hard_cores import check_made_core
    from wordlelab.solvers.search.depth.run import DepthRun
    words = sorted(random.Random(5).sample(load_lists("nyt20220316").guesses, 300))
    s = NativeSearcher(WordLists("random-300", words, words), "hard", 4)
    core = [a for a in words if feedback("bahus", a) == 2]      # 46 answers, refuted within 3
    path, question = tmp_path / "every.drafts.json", {"kind": "depth-every-first-word"}
    CoreDrafts(path, question, lambda w: None).save("bahus", core, 3, 2, [])

    def run(budget):
        depth_run = DepthRun(s, core_work=budget, core_drafts=CoreDrafts(path, question, lambda w: None))
        return check_made_core(depth_run, (), "bahus", depth_run.core_drafts.load("bahus", 3))
    whole = None
    for budget in range(4096, 1 << 17, 4096):      # the smallest budget that a resumed check gets through
        path.write_text("")
        CoreDrafts(path, question, lambda w: None).save("bahus", core, 3, 2, [])
        settled = []
        try:
            for _ in range(20):
                try:
                    whole = run(budget)
                    break
                except CheckTooLong as e:
                    if settled and e.settled == settled[-1]:
                        raise
                    settled.append(e.settled)
        except CheckTooLong:
            continue
        if whole is not None:
            break
    assert whole == {"core": core, "depth": 3} and settled
    assert settled == sorted(set(settled))     # each cut run kept more than the last
    kept = CoreDrafts(path, question, lambda w: None).load("bahus", 3)["proven"]
    from wordlelab.models.refutation import check_core
    for answers, more, left in kept:     # each claim kept is true on its own
        assert all(feedback(more[0][0], a) == more[0][1] for a in answers)
        check_core(answers, left, words, [("bahus", 2), *more])
    path.write_text("")
    CoreDrafts(path, question, lambda w: None).save("bahus", core, 3, 2, [])
    with pytest.raises(CheckTooLong):
        run(budget)
    # a check that proves nothing new under its budget says so (settled 0): the sweep then
    # retries it only with a larger budget
    with pytest.raises(CheckTooLong) as stopped:
        run(1)
    assert stopped.value.settled == 0


def test_the_claims_are_written_less_often_when_a_write_costs_more(tmp_path, monkeypatch):
    """A write that takes w seconds makes the recorder wait w / SHARE before the next one (never
    less than its ``every``), so writing a large drafts file stays a small part of a check; the
    claims all reach the file on flush, however long the wait."""
    from wordlelab.solvers.search.depth import core_drafts
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts, ProvenRecorder
    clock = [0.0]
    monkeypatch.setattr(core_drafts.time, "monotonic", lambda: clock[0])
    drafts = CoreDrafts(tmp_path / "d.json", {"kind": "depth-every-first-word"}, lambda w: None)
    saves = []
    slow_save = drafts.save

    def save(*args, **kwargs):
        saves.append(clock[0])
        clock[0] += 0.5         # a write of half a second
        slow_save(*args, **kwargs)
    monkeypatch.setattr(drafts, "save", save)
    made = {"core": ["batch", "catch"], "depth": 3, "pattern": 56, "lemmas": []}
    rec = drafts.recorder("nauch", made, every=10.0)
    assert isinstance(rec, ProvenRecorder)
    for t in range(0, 120):
        clock[0] = max(clock[0], float(t))
        rec(["batch"], (("blimp", 0),), 2)
    # the first write at 10 s; then it waits 0.5 / SHARE = 25 s, not 10
    assert saves[0] == 10.0 and rec.wait == pytest.approx(0.5 / ProvenRecorder.SHARE)
    assert [b - a >= 25 for a, b in zip(saves, saves[1:])] == [True] * (len(saves) - 1)
    rec.flush()
    assert len(drafts.load("nauch", 3)["proven"]) == 120 == rec.count


def test_cli_core_work_names_its_default_and_is_for_the_modes_with_checked_cores(cli_run):
    from wordlelab.solvers.search.depth.hard_cores import UNFINISHED_CHECK_WORK
    from wordlelab.solvers.search.depth.easy_cores import EASY_CHECK_WORK
    assert f"(default {UNFINISHED_CHECK_WORK}; in easy mode {EASY_CHECK_WORK})" in " ".join(
        cli_run(["every-first-word", "--help"]).out.split())
    r = cli_run(["every-first-word", "--guesses", "3", "--lists", "nyt20220316", "--mode", "strict",
                 "--set", "core-work=5"], expect_error=True)
    assert r.code == 2 and r.err.strip() == ("error: --set core-work is the budget of the core checks of hard and "
                                             "easy mode")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("mode", ["hard", "strict"])
def test_prove_depth_without_a_first_word_agrees_with_brute_force(tmp_path, seed, mode):
    """The whole-node search first (hard and strict mode, no checkpoint): yes exactly when some
    first word works by brute force; a strict no takes no second pass, a hard no gets its cores."""
    answers, guesses = tiny_instance(seed)
    lists = lists_from(tmp_path, answers, guesses)
    for limit in (2, 3, 4):
        r = prove_depth(NativeSearcher(lists, mode, limit), limit)
        works = any(brute_force(answers, guesses, mode, limit, g) < INF for g in guesses)
        assert r.status == ("OPTIMAL" if works else "INFEASIBLE"), (mode, limit)
        assert r.status != "OPTIMAL" or r.verified


def test_cli_says_how_many_unknowns_the_search_refuted_without_a_checked_core(cli_run, monkeypatch):
    from wordlelab.cli import search as search_cli
    from wordlelab.solvers.search.depth import hard_cores
    args = ["every-first-word", "--guesses", "3", "--mode", "hard", "--lists", "nyt20220316",
            "--limit", "3"]
    plain = cli_run(args).out
    assert "3 cannot (exhaustive search, each with a checked core), 0 undecided (node limit)" in plain
    monkeypatch.setattr(hard_cores, "CORE_CELLS", 0)
    monkeypatch.setattr(hard_cores, "UNFINISHED_CHECK_WORK", 0)
    cut = cli_run(args).out
    assert "0 cannot" in cut and "3 undecided (node limit; 3 of them refuted by the search" in cut
    # and names them, grouped by the limit that stopped them, up to SHOWN_UNKNOWN a group
    (named,) = re.findall(r"\n  check budget 0: ([A-Z, ]+)\n", cut)
    assert len(named.split(", ")) == 3
    monkeypatch.setattr(search_cli, "SHOWN_UNKNOWN", 2)
    assert f"\n  check budget 0: {', '.join(named.split(', ')[:2])}, ... (1 more)\n" in cli_run(args).out


def test_how_far_a_check_has_gone_is_its_furthest_claim_in_the_checkers_order():
    """check_reached: the claims' second guesses placed in the order the checker takes them (the
    list's order, not the alphabet's, after hard mode's rule), the furthest of them; a claim
    with no history says nothing of the order."""
    from wordlelab.models.feedback import feedback
    from wordlelab.solvers.search.depth.depth_verdicts import check_reached
    guesses = ["watch", "catch", "blimp", "hatch", "batch", "latch", "nauch"]
    pattern = feedback("nauch", "batch")          # BGBGG: hard mode keeps the words with A, C and H there
    allowed = [g for g in guesses if g[1] + g[3:] == "ach"]      # WATCH first: the list's order
    claims = [(["catch"], (("latch", 0),), 5), (["batch"], (("watch", 0),), 5), (["hatch"], (), 6),
              (["catch"], (("hatch", 0),), 5)]
    got = check_reached(guesses, "nauch", {"pattern": pattern, "proven": claims})
    assert got == {"guess": "latch", "position": allowed.index("latch") + 1, "of": len(allowed)}
    assert check_reached(guesses, "nauch", {"pattern": pattern, "proven": [(["hatch"], (), 6)]})["guess"] is None


def test_a_core_whose_check_ran_out_is_drafted_and_a_larger_budget_only_checks_it(monkeypatch, tmp_path):
    """A core checked under a work budget is kept beside the checkpoint before its check. When the
    check runs out, a run with a larger budget checks that draft without searching the word
    again, and decides what the full run decides. A draft that is no refutation is refused."""
    from wordlelab.errors import WordleError
    from wordlelab.models.feedback import feedback, pattern_code, pattern_string
    from wordlelab.solvers.search.depth import core_bank, hard_cores
    from wordlelab.solvers.search.depth.core_drafts import drafts_path
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 120))
    lists = WordLists("random-120", words, words)
    full = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3)
    ck = tmp_path / "every.json"
    with monkeypatch.context() as m:
        m.setattr(hard_cores, "CORE_CELLS", 0)       # no core is shrunk: each is checked under the budget
        cut = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(core_work=1),
                                      execution=Execution(checkpoint=ck))
    unknown = cut.stats.unknown
    assert unknown and cut.stats.refuted_unchecked == len(unknown)
    entries = json.loads(ck.read_text())["entries"]
    drafts = json.loads(drafts_path(ck).read_text())["entries"]
    assert set(drafts) == set(unknown)
    for word in unknown:      # each draft lies in the class the entry names
        assert {pattern_string(feedback(word, a)) for a in drafts[word]["core"]} == {entries[word]["failing"]}
        assert drafts[word]["pattern"] == entries[word]["failing"] and drafts[word]["depth"] == 2

    # --status counts the claims each draft's check has proven so far
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts
    from wordlelab.solvers.search.depth.depth_verdicts import sweep_status
    question = json.loads(ck.read_text())["question"]
    status = sweep_status(NativeSearcher(lists, "hard", 3), 3, str(ck))
    assert status.stats.check_settled == {}
    kept = CoreDrafts(drafts_path(ck), question, lambda w: None)
    draft = kept.load(unknown[0], 2)
    claims = [(draft["core"][:1], ((unknown[0], draft["pattern"]),), 2)] * 2
    kept.save(unknown[0], draft["core"], 2, draft["pattern"], [], claims)
    status = sweep_status(NativeSearcher(lists, "hard", 3), 3, str(ck))
    assert status.stats.check_settled == {unknown[0]: 2}
    # ... and how far it has gone: the claims' second guess, in the order the checker takes them
    from wordlelab.models.modes import hard_ok
    after = [g for g in words if hard_ok(unknown[0], draft["pattern"], g)]
    assert status.stats.check_reached == {unknown[0]: {"guess": unknown[0], "of": len(after),
                                                           "position": after.index(unknown[0]) + 1}}
    # ... and a sweep on workers says the same of the words in flight, while their checks run
    from wordlelab.solvers.search.depth.depth_verdicts import checks_under_way
    assert checks_under_way(NativeSearcher(lists, "hard", 3), 3, question, str(ck), [unknown[0], unknown[-1]]) == (
        f"checks: {unknown[0].upper()} 2 (past {unknown[0].upper()}, {after.index(unknown[0]) + 1} of {len(after)})")
    # ... and so does a run's report, for the words it did not take too (a run stopped during a
    # check leaves its claims in the drafts alone, the checkpoint's "settled" behind them)
    again = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3,
                                    candidates=FirstWords(words=tuple([unknown[-1]])), limits=Limits(core_work=1),
                                    execution=Execution(checkpoint=ck))
    assert again.stats.from_checkpoint == 1 and again.stats.check_settled == {unknown[0]: 2}
    kept.save(unknown[0], draft["core"], 2, draft["pattern"], [])       # as it was

    def no_search(*args, **kwargs):
        raise AssertionError("a word with a drafted core was searched again")
    with monkeypatch.context() as m:
        m.setattr(NativeSearcher, "start_feasible", no_search)
        again = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(core_work=10**9),
                                        execution=Execution(checkpoint=ck))
    assert again.status == "OPTIMAL" and again.stats.searched_now == len(unknown)
    assert again.stats.decided == full.stats.decided and again.stats.yes == full.stats.yes

    # a draft spanning two classes of its word: refused with the file named, and never a no
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint, save_checkpoint
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts
    word = unknown[0]
    stranger = next(a for a in lists.answers if pattern_string(feedback(word, a)) != drafts[word]["pattern"])
    question = json.loads(ck.read_text())["question"]
    ck2 = tmp_path / "tampered.json"
    save_checkpoint(ck2, question, {**load_checkpoint(ck, question), word: entries[word]})   # unknown again
    CoreDrafts(drafts_path(ck2), question, lambda w: None).save(
        word, drafts[word]["core"] + [stranger], 2, pattern_code(drafts[word]["pattern"]), [])
    with monkeypatch.context() as m, pytest.raises(WordleError, match=f"drafted for {word.upper()} .* is no refutation"):
        m.setattr(core_bank, "BANK_MAX_CORE", 0)      # no other word's core decides it first
        decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(core_work=10**9),
                                execution=Execution(checkpoint=str(ck2)))


def test_drafts_a_sweeps_workers_take_from_an_unsealed_file_are_what_its_result_rests_on(monkeypatch, tmp_path):
    """The words decided from a drafts file this installation did not write rest on that file,
    on a sweep's workers as in one process (the workers read the drafts, the client reports);
    a drafts file with a word of other lists is refused before any search, the file named."""
    from wordlelab.models.feedback import pattern_code
    from wordlelab.solvers.runtime.checkpoint import forget_unsealed, load_checkpoint, save_checkpoint
    from wordlelab.solvers.search.depth import hard_cores
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts, drafts_path
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 120))
    lists = WordLists("random-120", words, words)
    ck = tmp_path / "every.json"
    with monkeypatch.context() as m:
        m.setattr(hard_cores, "CORE_CELLS", 0)       # no core is shrunk: each is drafted, then runs out
        cut = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(core_work=1),
                                      execution=Execution(checkpoint=ck))
    unknown = cut.stats.unknown
    drafts = drafts_path(ck)
    assert unknown and not cut.rests_on
    kept = json.loads(drafts.read_text())
    copied = {k: v for k, v in kept.items() if k != "seal"}      # as from another machine: no seal
    drafts.write_text(json.dumps(copied))
    forget_unsealed()
    res = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(core_work=10**9),
                                  execution=Execution(checkpoint=ck, workers=2))
    assert res.stats.searched_now == len(unknown) and not res.stats.unknown
    assert res.status == "UNKNOWN" and res.claimed == "OPTIMAL"
    assert [line for line in res.rests_on if str(drafts.resolve()) in line]
    forget_unsealed()

    # a draft whose core holds a word that is no answer here: refused, naming the drafts file
    question = json.loads(ck.read_text())["question"]
    bad = tmp_path / "bad.json"
    save_checkpoint(bad, question, load_checkpoint(ck, question))
    draft = copied["entries"][unknown[0]]
    CoreDrafts(drafts_path(bad), question, lambda w: None).save(
        unknown[0], draft["core"] + ["zzzzz"], draft["depth"], pattern_code(draft["pattern"]), [])
    with pytest.raises(WordleError, match=f"{drafts_path(bad)}.*not answers of the lists"):
        decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, limits=Limits(core_work=10**9),
                                execution=Execution(checkpoint=str(bad)))
    forget_unsealed()


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_sweep_reads_its_checkpoint_once_and_writes_it_through_its_run(monkeypatch, tmp_path, mode, workers):
    """The run object reads the checkpoint once; the sweep's other reads of the file are those a
    write makes, to merge with what another process wrote meanwhile."""
    import inspect
    from wordlelab.solvers.runtime import checkpoint as ck_module
    words = sorted(random.Random(7).sample(load_lists("nyt20220316").guesses, 120))
    lists = WordLists("random-120", words, words)
    ck = str(tmp_path / "every.json")
    first = decide_every_first_word(NativeSearcher(lists, mode, 4), 4, candidates=FirstWords(limit=40),
                                    execution=Execution(checkpoint=ck))
    checked_reads = []
    real = ck_module.load_checkpoint

    def counting(path, question, validate=None):
        writing = {"save_results", "merged_entries"} & {f.function for f in inspect.stack()}
        if str(path) == ck and not writing:
            checked_reads.append(path)
        return real(path, question, validate)
    from wordlelab.solvers.runtime import sweep as sweep_module
    monkeypatch.setattr(ck_module, "load_checkpoint", counting)
    monkeypatch.setattr(sweep_module, "load_checkpoint", counting)
    again = decide_every_first_word(NativeSearcher(lists, mode, 4), 4, candidates=FirstWords(limit=60),
                                    execution=Execution(checkpoint=ck, workers=workers))
    assert len(checked_reads) == 1      # (a worker process takes its client's entries, and its own reads go uncounted)
    assert again.stats.from_checkpoint == 40 - first.stats.decided["unknown"]
    assert set(first.stats.yes) <= set(again.stats.yes)
