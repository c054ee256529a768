"""best-start --exact K: exact totals for the K best first words, checked against brute force
and, on nyt20220316, against Selby's proven results files (``slow``)."""
import json

import pytest

from proof_inputs import inputs_file

from test_native_search import brute_force, reference_values, tiny_instance
from wordlelab.instances.wordlists import WordLists
from wordlelab.models.inputs import ProofInputs
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.search.rank.best_start import Candidates, run_best_start


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_exact_k_matches_brute_force(mode, tmp_path):
    answers, guesses = tiny_instance(404, n_answers=9, n_guesses=14)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    truth = {g: brute_force(answers, guesses, mode, 6, g) for g in guesses}
    r = run_best_start(lists, mode, 6, 4, execution=Execution(checkpoint=str(tmp_path / "rank.json")))
    rows = r.stats.ranking
    exact = [row for row in rows if row["exact"]]
    assert [row["total"] for row in exact[:4]] == sorted(truth.values())[:4]
    assert all(truth[row["word"]] == row["total"] for row in exact)
    # every bound is a true lower bound, and no bound hides a word better than the 4th
    assert all(row["total"] <= truth[row["word"]] for row in rows if not row["exact"])
    assert all(truth[row["word"]] >= exact[3]["total"] for row in rows if not row["exact"])


@pytest.mark.parametrize("seed", [404, 405])
def test_first_words_with_no_strategy_are_refuted_exactly(seed, monkeypatch):
    """Within a tight guess limit (hard mode) some first words have no strategy: the depth probe
    refutes them (an exact infinite total) and the ranking's other rows still agree with brute force."""
    from wordlelab.solvers.search.rank import best_start
    from wordlelab.solvers.search.native import INF
    probe, by_probe = best_start._probe, set()

    def counted(searcher, node, g, state):
        refuted = probe(searcher, node, g, state)
        if refuted:
            by_probe.add(searcher.lists.guesses[g])
        return refuted
    monkeypatch.setattr(best_start, "_probe", counted)
    answers, guesses = tiny_instance(seed, n_answers=14, n_guesses=20)   # both kinds of first word at 3
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    for limit in (2, 3):
        truth = {g: brute_force(answers, guesses, "hard", limit, g) for g in guesses}
        by_probe.clear()
        r = run_best_start(lists, "hard", limit, 3)
        rows = r.stats.ranking
        refuted = {row["word"] for row in rows if row["exact"] and row["total"] is None}
        # (a word whose static bound already reaches the cutoff is not run, and keeps its bound)
        assert refuted and refuted <= {g for g in truth if truth[g] >= INF}
        # every word the probe refuted (in the sweep or the beam seed) has no strategy, and rows come from it
        assert by_probe & refuted and all(truth[w] >= INF for w in by_probe)
        assert all(row["total"] <= truth[row["word"]] for row in rows if not row["exact"])
        assert all(truth[row["word"]] == row["total"] for row in rows if row["exact"] and row["total"] is not None)
        feasible = sorted(v for v in truth.values() if v < INF)
        assert r.value == (feasible[0] if feasible else None)


def test_cli_exact_is_top(cli_run, tmp_path):
    from wordlelab.instances.wordlists import load_lists
    base = load_lists("nyt20220316")
    (tmp_path / "a.txt").write_text("\n".join(base.answers[:40]))
    (tmp_path / "g.txt").write_text("\n".join(base.guesses[:300]))
    args = ["best-start", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
            "--workers", "1", "--json"]
    by_exact = json.loads(cli_run(args + ["--exact", "3"]).out)
    by_top = json.loads(cli_run(args + ["--top", "3"]).out)
    assert by_exact["question"]["top"] == by_top["question"]["top"] == 3
    first = [(r["word"], r["total"]) for r in by_exact["stats"]["ranking"] if r["exact"]][:3]
    assert first == [(r["word"], r["total"]) for r in by_top["stats"]["ranking"] if r["exact"]][:3]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_exact_top_100_matches_selby(shared, lists_0316, mode, tmp_path):
    """The 100 best first words of nyt20220316, exact, against results_{easy,hard}_nyt20220316."""
    ref = reference_values(shared, f"results_{mode}_nyt20220316")
    r = run_best_start(lists_0316, mode, 6, 100, execution=Execution(checkpoint=str(tmp_path / "rank.json"), workers=2))
    rows = r.stats.ranking
    exact = [row for row in rows if row["exact"]]
    assert len(exact) >= 100
    assert all(ref[row["word"]] == row["total"] for row in exact)
    cutoff = exact[99]["total"]
    assert {w for w, v in ref.items() if v < cutoff} <= {row["word"] for row in exact}
    assert all(row["total"] <= ref[row["word"]] for row in rows if not row["exact"])


def test_resumed_with_a_larger_top(tmp_path):
    """A checkpoint of --top 1 resumed with --top 4: the bounds it holds are made exact, with cutoffs."""
    answers, guesses = tiny_instance(405, n_answers=9, n_guesses=14)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    truth = {g: brute_force(answers, guesses, "easy", 6, g) for g in guesses}
    path = str(tmp_path / "rank.json")
    run_best_start(lists, "easy", 6, 1, execution=Execution(checkpoint=path))
    r = run_best_start(lists, "easy", 6, 4, execution=Execution(checkpoint=path))
    exact = [row for row in r.stats.ranking if row["exact"]]
    assert [row["total"] for row in exact[:4]] == sorted(truth.values())[:4]
    assert all(truth[row["word"]] == row["total"] for row in exact)


def test_a_resume_whose_checkpoint_holds_the_top_k_runs_no_beam_seed(tmp_path, monkeypatch):
    """The checkpoint's K exact totals give the cutoff; the beam seed (not checkpointed) is not
    searched again, and the ranking is the one the first run found."""
    from wordlelab.solvers.search.rank import best_start
    answers, guesses = tiny_instance(405, n_answers=9, n_guesses=14)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    path = str(tmp_path / "rank.json")
    first = run_best_start(lists, "easy", 6, 3, execution=Execution(checkpoint=path))
    assert first.stats.first_cutoff_from == "beam search"

    def no_seed(*args, **kwargs):
        raise AssertionError("the beam seed ran on a resume that needs none")
    monkeypatch.setattr(best_start, "beam_seed", no_seed)
    again = run_best_start(lists, "easy", 6, 3, execution=Execution(checkpoint=path))
    exact = sorted(r["total"] for r in first.stats.ranking if r["exact"])
    assert again.stats.first_cutoff_from == "checkpoint" and again.stats.first_cutoff == exact[2] + 1
    assert [(r["word"], r["total"], r["exact"]) for r in again.stats.ranking] == \
        [(r["word"], r["total"], r["exact"]) for r in first.stats.ranking]
    with pytest.raises(AssertionError, match="beam seed ran"):      # a larger K still needs one
        run_best_start(lists, "easy", 6, 13, execution=Execution(checkpoint=path))


def test_seed_trees_give_the_first_cutoff_and_the_same_ranking(tmp_path, cli_run):
    """--seed-tree: verified strategies of K first words replace the beam seed; the exact top K is
    unchanged, and a tree that is not a strategy, or too few trees, is refused."""
    from wordlelab.errors import WordleError
    from wordlelab.models.tree import save_tree
    from wordlelab.solvers.search.native import NativeSearcher
    answers, guesses = tiny_instance(407, n_answers=14, n_guesses=20)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    plain = run_best_start(lists, "easy", 6, 2)
    exact = [r for r in plain.stats.ranking if r["exact"]][:2]
    files = []
    searcher = NativeSearcher(lists, "easy", 6)
    candidates = [guesses[g] for _, g in searcher.candidate_order(searcher.root())]
    for i, word in enumerate(candidates[-3:]):    # any first words: their trees bound the 2nd best total
        tree = NativeSearcher(lists, "easy", 6).solve(start=word).certificate
        files.append(str(tmp_path / f"t{i}.tree"))
        save_tree(tree, files[-1])
    seeded = run_best_start(lists, "easy", 6, 2, inputs=ProofInputs(seed_trees=tuple(files)))
    assert [(r["word"], r["total"]) for r in seeded.stats.ranking if r["exact"]][:2] == \
        [(r["word"], r["total"]) for r in exact]
    with pytest.raises(WordleError, match="at least 2"):
        run_best_start(lists, "easy", 6, 2, inputs=ProofInputs(seed_trees=(files[0], files[0])))
    with pytest.raises(WordleError, match="not a strategy"):      # a tree for other lists
        run_best_start(WordLists("other", tuple(guesses), tuple(answers[:-1])), "easy", 6, 1,
                       inputs=ProofInputs(seed_trees=(files[0],)))
    (tmp_path / "g.txt").write_text("\n".join(guesses))
    (tmp_path / "a.txt").write_text("\n".join(answers))
    args = ["best-start", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
            "--workers", "1", "--top", "2", "--json"]
    out = json.loads(cli_run(args + ["--inputs", inputs_file(tmp_path, seed_trees=files)]).out)
    assert out["value"] == plain.value
    r = cli_run(args + ["--inputs", inputs_file(tmp_path, "one.json", seed_trees=files[:1])], expect_error=True)
    assert r.err.startswith("error: ") and "at least 2" in r.err


def record_searched_words(monkeypatch) -> list:
    """The words a ranking sends to the search from now on, in the order sent (one process)."""
    from wordlelab.solvers.search.rank import best_start
    searched = []
    run = best_start._run
    monkeypatch.setattr(best_start, "_run", lambda state, word, beta: searched.append(word) or run(state, word, beta))
    return searched


def test_a_depth_sweep_checkpoint_refutes_its_no_words(tmp_path, monkeypatch):
    """--depth-checkpoint: the no words of a prove-depth sweep are exact infinite totals, not searched;
    the ranking is the one without it. A checkpoint of another question is refused."""
    from wordlelab.errors import WordleError
    from wordlelab.solvers.search.depth.depth_sweep import decide_every_first_word
    from wordlelab.solvers.search.native import INF, NativeSearcher
    answers, guesses = tiny_instance(404, n_answers=14, n_guesses=20)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    ck = str(tmp_path / "every3.json")
    sweep = decide_every_first_word(NativeSearcher(lists, "hard", 3), 3, execution=Execution(checkpoint=ck))
    no = sweep.stats.first_words - sweep.value
    assert 0 < no and sweep.value > 0
    plain = run_best_start(lists, "hard", 3, 2)
    searched = record_searched_words(monkeypatch)
    fed = run_best_start(lists, "hard", 3, 2, inputs=ProofInputs(depth_checkpoint=ck))
    assert fed.value == plain.value
    rows = {r["word"]: r for r in fed.stats.ranking}
    refuted = {w for w in rows if rows[w]["exact"] and rows[w]["total"] is None}
    assert len(refuted) == no and not refuted & set(searched)
    assert all(brute_force(answers, guesses, "hard", 3, w) >= INF for w in refuted)
    with pytest.raises(WordleError):
        run_best_start(lists, "hard", 4, 2, inputs=ProofInputs(depth_checkpoint=ck))


def test_the_words_a_depth_sweep_left_open_are_searched_last(tmp_path, monkeypatch):
    """--depth-checkpoint: words its node limit stopped are sent after every other word, and the
    ranking is still the one without the checkpoint."""
    import json

    from wordlelab.solvers.search.depth.depth_sweep import decide_every_first_word
    from wordlelab.solvers.search.native import NativeSearcher
    answers, guesses = tiny_instance(404, n_answers=14, n_guesses=20)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    ck = str(tmp_path / "every4.json")
    decide_every_first_word(NativeSearcher(lists, "hard", 4), 4, limits=Limits(node_limit=10),
                            execution=Execution(checkpoint=ck))
    with open(ck) as f:
        entries = json.load(f)["entries"]
    left_open = {w for w, v in entries.items() if v["yes"] is None}
    assert left_open and len(left_open) < len(entries)
    plain = run_best_start(lists, "hard", 4, 2)
    searched = record_searched_words(monkeypatch)
    fed = run_best_start(lists, "hard", 4, 2, inputs=ProofInputs(depth_checkpoint=ck))
    assert fed.value == plain.value
    searched_open = [w for w in searched if w in left_open]
    assert searched_open and len(searched_open) < len(searched)
    assert searched[-len(searched_open):] == searched_open


def test_words_rank_only_the_named_candidates_into_the_whole_rankings_checkpoint(tmp_path, monkeypatch, cli_run):
    """--words: only the named candidates are searched, in the order named; their results join the
    checkpoint beside the whole ranking's entries (none lost), and a later run of the whole
    ranking takes them from it and finds the ranking it finds alone."""
    from wordlelab.errors import WordleError
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    from wordlelab.solvers.search.classes.ranking_checkpoint import checkpoint_question
    answers, guesses = tiny_instance(405, n_answers=9, n_guesses=14)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    plain = run_best_start(lists, "easy", 6, 2)
    rows = plain.stats.ranking
    path = str(tmp_path / "rank.json")
    first = run_best_start(lists, "easy", 6, 2, candidates=Candidates(limit=5), execution=Execution(checkpoint=str(tmp_path / "limited.json")))
    assert first.stats.partial
    named = [rows[-1]["word"], rows[0]["word"]]     # the worst, then the best
    searched = record_searched_words(monkeypatch)
    part = run_best_start(lists, "easy", 6, 2, candidates=Candidates(words=tuple(w.upper() for w in named)), execution=Execution(checkpoint=path))
    assert [w for w in searched if w in named] == named and set(searched) <= set(named)
    assert part.stats.partial and {r["word"] for r in part.stats.ranking} == set(named)
    assert part.question["words"] == named and "words" not in plain.question
    truth = {g: brute_force(answers, guesses, "easy", 6, g) for g in named}
    assert all(r["total"] == truth[r["word"]] if r["exact"] else r["total"] <= truth[r["word"]]
               for r in part.stats.ranking)
    question = checkpoint_question(lists, "easy", 6, None, None, None)
    assert set(load_checkpoint(path, question, lambda k, v: None)) >= set(named)
    # a second partial run on other words keeps the first one's entries
    others = [r["word"] for r in rows[1:3]]
    run_best_start(lists, "easy", 6, 2, candidates=Candidates(words=tuple(others)), execution=Execution(checkpoint=path))
    assert set(load_checkpoint(path, question, lambda k, v: None)) >= set(named) | set(others)
    searched.clear()
    whole = run_best_start(lists, "easy", 6, 2, execution=Execution(checkpoint=path))
    assert whole.value == plain.value and whole.stats.first_guess == plain.stats.first_guess
    assert not set(searched) & (set(named) | set(others)) - {whole.stats.first_guess}
    sources = {r["word"]: r["source"] for r in whole.stats.ranking}
    assert all(sources[w] == "checkpoint" for w in set(named) | set(others))
    with pytest.raises(WordleError, match="^words: not in the candidate first words: QQQQQ"):
        run_best_start(lists, "easy", 6, 2, candidates=Candidates(words=(named[0], "qqqqq")), execution=Execution(checkpoint=path))
    with pytest.raises(WordleError, match="drop limit"):
        run_best_start(lists, "easy", 6, 2, candidates=Candidates(limit=3, words=tuple(named)), execution=Execution(checkpoint=path))
    (tmp_path / "g.txt").write_text("\n".join(guesses))
    (tmp_path / "a.txt").write_text("\n".join(answers))
    r = cli_run(["best-start", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
                 "--workers", "1", "--words", f"{named[0]},{named[1]}", "--checkpoint", str(tmp_path / "cli.json")])
    assert "partial ranking (--limit/--shard/--words)" in r.out
    r = cli_run(["best-start", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
                 "--words", " , "], expect_error=True)
    assert r.err.strip() == "error: --words: no word given"


def test_the_probe_is_skipped_while_it_costs_more_than_the_search():
    from wordlelab.solvers.search.rank.best_start import PROBE_TRIAL, _new_probe, _probe_pays, _searched
    probe = _new_probe()
    tally = probe[2]
    assert _probe_pays(tally)                      # no record yet
    tally.update(tried=40, refuted=5, probe_seconds=0.7)
    for _ in range(PROBE_TRIAL):
        _searched(probe, 0.1)                      # far down the order: the cutoff bounds words at once
    assert not _probe_pays(tally)
    for _ in range(2 * PROBE_TRIAL):
        _searched(probe, 3.0)                      # costly searches again: probing pays
    assert _probe_pays(tally)
    tally.update(tried=PROBE_TRIAL, refuted=0)     # a probe that never refutes is dropped for good
    assert not _probe_pays(tally)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_state_ranks_the_next_guesses_as_brute_force_does(mode, tmp_path):
    """--state: the ranking of the guesses after a score, each total over the answers the state
    leaves and counting from there; the checkpoint belongs to that state alone."""
    from wordlelab.errors import WordleError
    from wordlelab.models.feedback import feedback, pattern_string
    from wordlelab.models.modes import guess_allowed
    from wordlelab.solvers.search.native import INF
    answers, guesses = tiny_instance(404, n_answers=14, n_guesses=20)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    first = guesses[len(guesses) // 2]
    groups = {}
    for a in answers:
        groups.setdefault(feedback(first, a), []).append(a)
    score, left = max(groups.items(), key=lambda kv: len(kv[1]))
    assert len(left) >= 3
    state = f"{first}.{pattern_string(score).lower()}"
    allowed = [g for g in guesses if guess_allowed(mode, [(first, score)], g)]
    truth = {g: brute_force(left, allowed, mode, 4, g) for g in allowed}       # 5 guesses in all
    path = str(tmp_path / "rank.json")
    r = run_best_start(lists, mode, 5, 2, execution=Execution(checkpoint=path), state=state)
    rows = r.stats.ranking
    assert r.question["state"] == f"{first}.{pattern_string(score)}" and r.stats.n_answers == len(left)
    assert {row["word"] for row in rows} <= set(allowed)
    exact = [row for row in rows if row["exact"] and row["total"] is not None]
    finite = sorted(v for v in truth.values() if v < INF)
    assert [row["total"] for row in exact[:2]] == finite[:2] and r.value == finite[0]
    assert all(truth[row["word"]] == row["total"] for row in exact)
    assert all(row["total"] <= truth[row["word"]] for row in rows if not row["exact"])
    assert r.verified and r.certificate.guess == rows[0]["word"]
    other = next(p for p, group in groups.items() if p != score and len(group) >= 2)
    with pytest.raises(WordleError, match="another question"):
        run_best_start(lists, mode, 5, 2, execution=Execution(checkpoint=path), state=f"{first}.{pattern_string(other)}")
    with pytest.raises(WordleError, match="without its pattern"):
        run_best_start(lists, mode, 5, 2, state=first)


def test_a_depth_no_settles_a_word_its_class_checkpoint_only_bounds():
    """A word the depth checkpoint refutes (checked core) is no longer reported as bounded by its
    class checkpoint; a class checkpoint proving a finite total for such a word is refused."""
    from wordlelab.errors import WordleError
    from wordlelab.solvers.search.rank.best_start import _settled_by_depth
    from wordlelab.solvers.search.native import INF
    given = {"mujik": (58716, False), "impot": (58716, False), "thump": (58715, True), "jumbo": (INF, True)}
    assert _settled_by_depth(given, frozenset({"mujik", "jumbo"})) == {"impot": (58716, False),
                                                                       "thump": (58715, True)}
    with pytest.raises(WordleError, match="thump"):
        _settled_by_depth(given, frozenset({"thump"}))
