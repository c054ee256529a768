"""solve --start W --checkpoint F: each class kept as it is proven, a rerun resumes from them."""
import json
import random

import pytest

from proof_inputs import inputs_file

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.solvers.runtime.checkpoint import load_checkpoint, save_checkpoint
from wordlelab.solvers.search.classes.class_checkpoint import question
from wordlelab.solvers.search.classes.ranking_checkpoint import checkpoint_question
from wordlelab.models.inputs import ProofInputs
from wordlelab.models.settings import Execution
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.rank.best_start import Candidates


@pytest.fixture(scope="module")
def lists():
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 400))
    return WordLists("random-400", tuple(words), tuple(words[::2]))


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_resumed_classes_give_the_plain_total_and_a_verified_tree(lists, tmp_path, mode):
    start = lists.guesses[7]
    plain = NativeSearcher(lists, mode, 6).solve(start=start)
    ck = str(tmp_path / "classes.json")
    first = NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck)
    assert first.value == plain.value and first.verified and first.stats.classes_from_checkpoint == 0
    # a run stopped part way: only some classes kept
    searcher = NativeSearcher(lists, mode, 6)
    q = question(searcher, searcher.root(start))
    entries = load_checkpoint(ck, q)
    assert len(entries) == first.stats.classes > 3
    kept = dict(list(entries.items())[: len(entries) // 2])
    save_checkpoint(ck, q, kept)
    again = searcher.solve(start=start, checkpoint=ck)
    assert again.value == plain.value and again.verified
    assert again.stats.classes_from_checkpoint == len(kept)
    assert len(load_checkpoint(ck, q)) == len(entries)
    # every class from the file: no search at all
    whole = NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck)
    assert whole.value == plain.value and whole.stats.nodes == 0


def test_two_runs_on_one_class_checkpoint_keep_each_others_classes(lists, tmp_path):
    """ClassStore.put merges the file under its lock: a run that loaded the file before another
    run kept more classes does not write those away when it keeps its own."""
    from wordlelab.models.feedback import pattern_string
    from wordlelab.solvers.search.classes.class_checkpoint import ClassStore
    from wordlelab.solvers.search.engine.kernels import K
    start = lists.guesses[7]
    ck = str(tmp_path / "classes.json")
    NativeSearcher(lists, "easy", 6).solve(start=start, checkpoint=ck)
    searcher = NativeSearcher(lists, "easy", 6)
    node, g = searcher.root(start), searcher.guess_index[start]
    members, starts, sizes, pats, _ = K.child_lists_after(node.H, node.L, g, searcher.tables)
    classes = {pattern_string(int(p)): members[s:s + z] for p, s, z in zip(pats, starts, sizes)}
    q = question(searcher, node)
    entries = load_checkpoint(ck, q)
    assert set(entries) == set(classes) and len(classes) > 3
    keys = sorted(classes)
    save_checkpoint(ck, q, {k: entries[k] for k in keys[:2]})
    late = ClassStore(ck, searcher, node, classes)                  # this run loads 2 classes ...
    save_checkpoint(ck, q, {k: entries[k] for k in keys[:-1]})      # ... another run keeps all but one
    paths = searcher.new_paths(node, g)
    last = keys[-1]
    c = [pattern_string(int(p)) for p in pats].index(last)
    full = ClassStore(None, searcher, node, classes)
    full.entries = {last: entries[last]}
    value = full.get(pats[c], paths, classes[last])
    late.put(pats[c], value, paths, classes[last])                  # this run keeps the last
    assert set(load_checkpoint(ck, q)) == set(classes)
    assert NativeSearcher(lists, "easy", 6).solve(start=start, checkpoint=ck).stats.nodes == 0


def test_a_doctored_class_is_caught(lists, tmp_path):
    """A class value that disagrees with its paths is caught when the file is read (and by the
    verifier's total); a path that is not a strategy, by the verifier itself; a malformed entry,
    by the checkpoint's checks."""
    start = lists.guesses[7]
    ck = str(tmp_path / "classes.json")
    searcher = NativeSearcher(lists, "easy", 6)
    searcher.solve(start=start, checkpoint=ck)
    q = question(searcher, searcher.root(start))
    entries = load_checkpoint(ck, q)
    key = max(entries, key=lambda k: len(entries[k]["paths"]))
    lower = dict(entries, **{key: dict(entries[key], value=entries[key]["value"] - 1)})
    save_checkpoint(ck, q, lower)
    with pytest.raises(WordleError, match="not the total of its paths"):
        NativeSearcher(lists, "easy", 6).solve(start=start, checkpoint=ck)
    paths = list(entries[key]["paths"])
    paths[0] = paths[0].split()[-1]                  # guess the answer at once: not what the class needs
    save_checkpoint(ck, q, dict(entries, **{key: dict(entries[key], paths=paths)}))
    with pytest.raises(WordleError, match="internal error|disagree|never|not the total of its paths"):
        NativeSearcher(lists, "easy", 6).solve(start=start, checkpoint=ck)
    for bad in ({"value": 3}, {"value": 1, "paths": entries[key]["paths"]},
                {"value": entries[key]["value"], "paths": ["zzzzz"] * len(paths)}):
        save_checkpoint(ck, q, dict(entries, **{key: bad}))
        with pytest.raises(WordleError):
            NativeSearcher(lists, "easy", 6).solve(start=start, checkpoint=ck)


def test_cli_checkpoint(cli_run, tmp_path):
    ck = tmp_path / "salet.json"
    args = ["solve", "--start", "salet", "--lists", "nyt20220316", "--checkpoint", str(ck)]
    first = json.loads(cli_run(args + ["--json"]).out)
    assert first["status"] == "OPTIMAL" and first["stats"]["classes_from_checkpoint"] == 0
    again = cli_run(args)
    assert f"total {first['value']} " in again.out
    assert f"{first['stats']['classes']} of {first['stats']['classes']} classes taken from the checkpoint" in again.out
    for extra in (["--beam", "4"], ["--tie-break", "worst"]):
        r = cli_run(args + extra, expect_error=True)
        assert r.err.startswith("error: ")
    r = cli_run(["solve", "--lists", "nyt20220316", "--checkpoint", str(ck)], expect_error=True)
    assert r.err.startswith("error: ") and "--start" in r.err


# easy mode's run takes 90 s on 2 cores: slow; hard mode's covers the workers and the resume by default
@pytest.mark.parametrize("mode", [pytest.param("easy", marks=pytest.mark.slow), "hard"])
def test_classes_on_two_workers_give_the_plain_total_and_resume_either_way(lists, tmp_path, mode):
    start = lists.guesses[7]
    plain = NativeSearcher(lists, mode, 6).solve(start=start)
    ck = str(tmp_path / "classes.json")
    pooled = NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck, workers=2)
    assert pooled.status == "OPTIMAL" and pooled.verified and pooled.value == plain.value
    assert pooled.stats.classes_from_checkpoint == 0
    assert pooled.stats.nodes == 0               # the workers searched, the parent only verified
    searcher = NativeSearcher(lists, mode, 6)
    q = question(searcher, searcher.root(start))
    entries = load_checkpoint(ck, q)
    assert len(entries) == pooled.stats.classes
    save_checkpoint(ck, q, dict(list(entries.items())[::2]))
    alone = searcher.solve(start=start, checkpoint=ck)                  # one process resumes the pool's file
    assert alone.value == plain.value and alone.stats.classes_from_checkpoint == (len(entries) + 1) // 2
    save_checkpoint(ck, q, dict(list(entries.items())[1::2]))
    again = NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck, workers=2)
    assert again.value == plain.value and again.stats.classes_from_checkpoint == len(entries) // 2
    assert again.stats.nodes == 0


def test_a_class_with_no_strategy_on_workers_is_infeasible(lists):
    start = lists.guesses[7]
    r = NativeSearcher(lists, "hard", 2).solve(start=start, workers=2)
    assert r.status == "INFEASIBLE" and r.stats.nodes == 0


def test_cli_solve_on_workers(cli_run, tmp_path, lists):
    (tmp_path / "g.txt").write_text("\n".join(lists.guesses))
    (tmp_path / "a.txt").write_text("\n".join(lists.answers))
    args = ["solve", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
            "--start", lists.guesses[7], "--mode", "hard", "--json"]
    plain = json.loads(cli_run(args).out)
    pooled = json.loads(cli_run(args + ["--workers", "2", "--checkpoint", str(tmp_path / "c.json")]).out)
    assert pooled["status"] == "OPTIMAL" and pooled["value"] == plain["value"] and pooled["verified"]
    r = cli_run(["solve", "--lists", "nyt20220316", "--workers", "2"], expect_error=True)
    assert r.err.startswith("error: ") and "--start" in r.err


def test_a_signal_during_a_kept_class_is_delivered_after_it_is_kept():
    import os
    import signal
    from wordlelab.solvers.runtime.interrupt import DeferSignals
    kept = []
    # Python's own handler, whatever this process inherited (a job started in the background
    # ignores SIGINT, and the deferred signal would then be ignored too)
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            with DeferSignals() as held:
                os.kill(os.getpid(), signal.SIGINT)
                kept.append("class")                       # still runs: the signal waits
        assert kept == ["class"] and held.pending == [signal.SIGINT]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, inherited)


def test_an_ignored_signal_stays_ignored_inside_a_held_block():
    """A background job ignores SIGINT: the block must not turn it into a stop (held, it would
    reach the Ctrl-C watcher's pipe and be raised once the block ends)."""
    import os
    import signal
    from wordlelab.solvers.runtime.interrupt import DeferSignals
    inherited = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with DeferSignals() as held:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGINT)
        assert held.pending == [] and signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, inherited)


def _largest_class(lists, mode):
    """A first word (the 8th guess), its plain least total, and the pattern and state of its largest class."""
    from wordlelab.models.feedback import feedback, pattern_string
    start = lists.guesses[7]
    plain = NativeSearcher(lists, mode, 6).solve(start=start)
    sizes = {}
    for a in lists.answers:
        sizes[feedback(start, a)] = sizes.get(feedback(start, a), 0) + 1
    pattern = pattern_string(max(sizes, key=sizes.get))
    return start, plain, pattern, f"{start}.{pattern}"


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_finished_ranking_of_a_class_settles_it(lists, tmp_path, mode):
    """--class-ranking: a best-start --state ranking of the largest class gives that class's least
    total; the run's total is the plain search's, and an unfinished or doctored ranking is refused."""
    from wordlelab.solvers.search.rank.best_start import run_best_start
    from wordlelab.solvers.search.classes.ranking_checkpoint import checkpoint_question
    start, plain, pattern, state = _largest_class(lists, mode)
    rank = str(tmp_path / "rank.json")
    ranking = run_best_start(lists, mode, 6, 1, execution=Execution(checkpoint=rank), state=state)
    ck = str(tmp_path / "classes.json")
    r = NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck, class_rankings=(rank,))
    assert r.value == plain.value and r.verified and r.stats.classes_from_rankings == [pattern]
    searcher = NativeSearcher(lists, mode, 6)
    assert load_checkpoint(ck, question(searcher, searcher.root(start)))[pattern]["value"] == ranking.value
    q = checkpoint_question(lists, mode, 6, state=state)
    entries = load_checkpoint(rank, q)
    # a ranking stopped part way settles nothing
    save_checkpoint(rank, q, dict(list(entries.items())[: len(entries) // 2]))
    with pytest.raises(WordleError, match="not finished"):
        NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=str(tmp_path / "c2.json"), class_rankings=(rank,))
    # a word given a total below the true least one is caught when its strategy is rebuilt
    other = next(w for w, (v, e) in entries.items() if not e and w != ranking.stats.first_guess)
    save_checkpoint(rank, q, dict(entries, **{other: [ranking.value - 1, True]}))
    with pytest.raises(WordleError, match="internal error"):
        NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=str(tmp_path / "c3.json"), class_rankings=(rank,))
    # a ranking of another first word's class
    with pytest.raises(WordleError, match="not after a score of"):
        NativeSearcher(lists, mode, 6).solve(start=lists.guesses[8], checkpoint=str(tmp_path / "c4.json"),
                                             class_rankings=(rank,))


def test_a_ranking_with_a_cutoff_bounds_its_class_and_the_total(lists, tmp_path, cli_run):
    """best-start --cutoff N: every guess of the class gets an exact total below N or a proven bound of
    at least N, and the class's ranking then gives the first word's total a proven lower bound only:
    UNKNOWN, no tree, at most the plain least total and at least what the cutoff promises."""
    from wordlelab.models.feedback import feedback, pattern_string
    from wordlelab.solvers.search.rank.best_start import run_best_start
    mode = "hard"
    start, plain, pattern, state = _largest_class(lists, mode)
    exact = run_best_start(lists, mode, 6, 1, state=state)
    first_words = run_best_start(lists, mode, 6, 1)
    # a finished ranking of another first word's class
    other_state = f"{lists.guesses[8]}.{pattern_string(feedback(lists.guesses[8], lists.answers[0]))}"
    other_rank = str(tmp_path / "other.json")
    run_best_start(lists, mode, 6, 1, execution=Execution(checkpoint=other_rank), state=other_state, cutoff=1)
    # at or below the least total: bounds only
    for cutoff in (exact.value - 2, exact.value):
        rank = str(tmp_path / f"rank{cutoff}.json")
        bounded = run_best_start(lists, mode, 6, 1, execution=Execution(checkpoint=rank), state=state, cutoff=cutoff)
        rows = bounded.stats.ranking
        assert bounded.status == "UNKNOWN" and bounded.value is None and bounded.certificate is None
        assert not any(r["exact"] and r["total"] is not None for r in rows)
        assert all(r["total"] is None or r["total"] >= cutoff for r in rows)
        assert cutoff <= bounded.bound <= exact.value
        ck = str(tmp_path / f"classes{cutoff}.json")
        r = NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck, class_rankings=(rank,))
        assert r.status == "UNKNOWN" and r.value is None and r.certificate is None
        assert r.stats.class_bounds == {pattern: bounded.bound}
        assert r.bound == plain.value - exact.value + bounded.bound
        # a ranking of the first words takes that bound for the word, as the class checkpoint gives it
        ranked = run_best_start(lists, mode, 6, 1, inputs=ProofInputs(class_checkpoints=(ck,), class_rankings=(rank,)))
        assert (ranked.value, ranked.stats.first_guess) == (first_words.value, first_words.stats.first_guess)
        assert first_words.value < r.bound       # so the bound settles the word: it is not searched
        row = next(x for x in ranked.stats.ranking if x["word"] == start)
        assert (row["total"], row["exact"], row["source"]) == (r.bound, False, "class checkpoint")
        with pytest.raises(WordleError, match="none of the class checkpoints"):
            run_best_start(lists, mode, 6, 1, inputs=ProofInputs(class_checkpoints=(ck,),
                                                                 class_rankings=(other_rank,)))
        searcher = NativeSearcher(lists, mode, 6)
        # the file keeps least totals only: the bounded class is searched by a run without its ranking
        assert pattern not in load_checkpoint(ck, question(searcher, searcher.root(start)))
        assert NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck).value == plain.value
        # ... and a bound above a kept least total is refused
        doctored = str(tmp_path / f"doctored{cutoff}.json")
        q = checkpoint_question(lists, mode, 6, state=state)
        save_checkpoint(doctored, q, {w: [max(v, exact.value + 1), e] for w, (v, e) in load_checkpoint(rank, q).items()})
        with pytest.raises(WordleError, match="not what it claims"):
            NativeSearcher(lists, mode, 6).solve(start=start, checkpoint=ck, class_rankings=(doctored,))
    # above it: the same exact least total as without a cutoff
    above = run_best_start(lists, mode, 6, 1, state=state, cutoff=exact.value + 1)
    assert (above.status, above.value, above.stats.first_guess) == ("OPTIMAL", exact.value, exact.stats.first_guess)
    # from the command line
    g, a = tmp_path / "g.txt", tmp_path / "a.txt"
    g.write_text("\n".join(lists.guesses) + "\n")
    a.write_text("\n".join(lists.answers) + "\n")
    files = ["--guesses", str(g), "--answers", str(a), "--mode", "hard"]
    rank = str(tmp_path / "cli-rank.json")
    out = cli_run(["best-start", "--state", state, "--cutoff", str(exact.value), "--checkpoint", rank,
                   "--workers", "1"] + files).out
    assert "UNKNOWN: every next guess totals at least" in out
    out = cli_run(["solve", "--start", start, "--checkpoint", str(tmp_path / "cli.json"),
                   "--inputs", inputs_file(tmp_path, "ranked.json", class_rankings=[rank])] + files).out
    assert out.startswith("UNKNOWN:") and f"class {pattern}: at least" in out and "total at least" in out
    manifest = inputs_file(tmp_path, class_checkpoints=[tmp_path / "cli.json"], class_rankings=[rank])
    out = cli_run(["best-start", "--inputs", manifest, "--workers", "1"] + files).out
    assert f"best first guess {first_words.stats.first_guess}, total {first_words.value}" in out
    assert "1 bounded by theirs and their class rankings (no tree)" in out
    assert cli_run(["best-start", "--cutoff", "0"] + files, expect_error=True).err.startswith("error: ")


LIMIT = 30     # candidates of the partial rankings below: the test is about where a total comes from


@pytest.fixture(scope="module")
def small():
    words = sorted(random.Random(32).sample(load_lists("nyt20220316").guesses, 200))
    return WordLists("random-200", tuple(words), tuple(words[::2]))


def test_a_finished_class_checkpoint_gives_a_ranking_its_exact_total(small, tmp_path, cli_run):
    """best-start --class-checkpoint: the word's exact total comes from its finished class checkpoint
    (its tree verified, no search), the ranking is the plain one, and an unfinished file is refused."""
    from wordlelab.solvers.search.rank.best_start import run_best_start
    from wordlelab.solvers.search.classes.class_checkpoint import finished_total
    lists = small
    plain = run_best_start(lists, "hard", 6, 2, candidates=Candidates(limit=LIMIT))
    best, second = (r["word"] for r in plain.stats.ranking[:2])
    ck = str(tmp_path / "best.json")
    solved = NativeSearcher(lists, "hard", 6).solve(start=best, checkpoint=ck)
    word, result = finished_total(NativeSearcher(lists, "hard", 6), ck)
    assert (word, result.value, result.verified) == (best, solved.value, True) and result.stats.nodes == 0
    given = run_best_start(lists, "hard", 6, 2, candidates=Candidates(limit=LIMIT), inputs=ProofInputs(class_checkpoints=(ck,)))
    assert [(r["word"], r["total"], r["exact"]) for r in given.stats.ranking[:2]] == \
        [(r["word"], r["total"], r["exact"]) for r in plain.stats.ranking[:2]]
    row = given.stats.ranking[0]
    assert row["source"] == "class checkpoint"
    assert given.stats.first_cutoff_from == "beam search"      # top 2: one given total is no cutoff yet
    assert given.value == plain.value and given.verified
    with_top_1 = run_best_start(lists, "hard", 6, 1, candidates=Candidates(limit=LIMIT), inputs=ProofInputs(class_checkpoints=(ck,)))
    assert with_top_1.stats.first_cutoff_from == "class checkpoints" and with_top_1.value == plain.value
    # an unfinished file (a stopped run kept half the classes) is refused, naming what it lacks
    searcher = NativeSearcher(lists, "hard", 6)
    q = question(searcher, searcher.root(best))
    entries = load_checkpoint(ck, q)
    half = str(tmp_path / "half.json")
    save_checkpoint(half, q, dict(list(entries.items())[: len(entries) // 2]))
    with pytest.raises(WordleError, match="not finished"):
        run_best_start(lists, "hard", 6, 1, candidates=Candidates(limit=LIMIT), inputs=ProofInputs(class_checkpoints=(half,)))
    # from the command line, with the lists as files
    g, a = tmp_path / "g.txt", tmp_path / "a.txt"
    g.write_text("\n".join(lists.guesses) + "\n")
    a.write_text("\n".join(lists.answers) + "\n")
    files = ["--guesses", str(g), "--answers", str(a), "--mode", "hard"]
    ck_cli = str(tmp_path / "cli.json")
    cli_run(["solve", "--start", best, "--checkpoint", ck_cli] + files)
    out = cli_run(["best-start", "--inputs", inputs_file(tmp_path, class_checkpoints=[ck_cli]), "--limit", str(LIMIT),
                   "--workers", "1"] + files).out
    assert f"best first guess {best}, total {plain.value}" in out and "class checkpoint" in out
    err = cli_run(["best-start", "--inputs", inputs_file(tmp_path, "half.json", class_checkpoints=[half]), "--limit",
                   str(LIMIT)] + files, expect_error=True).err
    assert err.startswith("error: ")


def test_a_class_checkpoint_bound_that_the_search_undercuts_is_refused():
    """A word bounded by its class checkpoint at B, searched because B was below the cutoff, must
    not come back exact below B; an exact total at or above B, or a bound, agrees."""
    from wordlelab.solvers.search.rank.best_start import _agree_with_class_checkpoints
    given = {"tupik": (100, False), "thump": (90, True)}
    _agree_with_class_checkpoints({"tupik": (100, True), "thump": (90, True)}, given)
    _agree_with_class_checkpoints({"tupik": (120, False)}, given)
    with pytest.raises(WordleError, match="not what they claim"):
        _agree_with_class_checkpoints({"tupik": (99, True)}, given)


def test_a_class_ranking_with_no_strategy_makes_its_first_word_infeasible(lists, tmp_path, cli_run):
    """A finished ranking of a class in which no guess has a strategy within the limit settles the
    class as having none: its first word has none either (INFEASIBLE, as its plain search says), and a
    ranking of the first words takes that from the class checkpoint instead of searching the word."""
    import collections

    from wordlelab.models.feedback import feedback, pattern_string
    from wordlelab.solvers.search.rank.best_start import run_best_start
    from wordlelab.solvers.search.classes.class_checkpoint import finished_total
    from wordlelab.solvers.search.engine.tables import INF
    mode, limit = "hard", 4
    start = lists.guesses[25]
    sizes = collections.Counter(pattern_string(feedback(start, a)) for a in lists.answers)
    searcher = NativeSearcher(lists, mode, limit)
    failing = [p for p in sizes if p != "GGGGG" and searcher.solve(state=f"{start}.{p}").status == "INFEASIBLE"]
    assert len(failing) == 1, "the premise: exactly one class of this first word has no strategy"
    pattern = failing[0]
    assert NativeSearcher(lists, mode, limit).solve(start=start).status == "INFEASIBLE"
    rank = str(tmp_path / "rank.json")
    ranked = run_best_start(lists, mode, limit, 1, execution=Execution(checkpoint=rank), state=f"{start}.{pattern}")
    assert ranked.status == "INFEASIBLE" and all(r["total"] is None for r in ranked.stats.ranking)
    ck = str(tmp_path / "classes.json")
    r = NativeSearcher(lists, mode, limit).solve(start=start, checkpoint=ck, class_rankings=(rank,))
    assert r.status == "INFEASIBLE" and r.value is None and r.certificate is None
    assert r.stats.class_bounds == {pattern: INF} and r.stats.classes_from_rankings == [pattern]
    word, result = finished_total(NativeSearcher(lists, mode, limit), ck, class_rankings=(rank,))
    assert (word, result.status, result.stats.nodes) == (start, "INFEASIBLE", 0)
    plain = run_best_start(lists, mode, limit, 1)
    given = run_best_start(lists, mode, limit, 1, inputs=ProofInputs(class_checkpoints=(ck,),
                                                                   class_rankings=(rank,)))
    assert (given.value, given.stats.first_guess) == (plain.value, plain.stats.first_guess)
    row = next(x for x in given.stats.ranking if x["word"] == start)
    assert (row["total"], row["proof"], row["source"]) == (None, "no strategy within limit", "class checkpoint")
    # from the command line
    g, a = tmp_path / "g.txt", tmp_path / "a.txt"
    g.write_text("\n".join(lists.guesses) + "\n")
    a.write_text("\n".join(lists.answers) + "\n")
    files = ["--max-guesses", str(limit), "--mode", mode, "--guesses", str(g), "--answers", str(a)]
    rank = str(tmp_path / "cli-rank.json")
    out = cli_run(["best-start", "--state", f"{start}.{pattern}", "--workers", "1", "--checkpoint", rank] + files).out
    assert "INFEASIBLE: no next guess finds every answer within 4 guesses" in out
    out = cli_run(["solve", "--start", start, "--checkpoint", str(tmp_path / "cli.json"),
                   "--inputs", inputs_file(tmp_path, class_rankings=[rank])] + files).out
    assert out.startswith("INFEASIBLE:") and f"class {pattern}: no strategy within the limit" in out
    assert "total at least" not in out
