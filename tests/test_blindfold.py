"""Fixed-guess (blindfold) separating model against brute force over guess subsets."""
import itertools
import random

import numpy as np
import pytest

from wordlelab.cli import main
from wordlelab.models.blindfold import FixedGuessFault, check_bound_tree, check_fixed_guesses
from wordlelab.models.matrix import pattern_matrix
from wordlelab.solvers.backends import installed
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.blindfold import BlindfoldOptions, least_fixed_guesses, separates


def brute_least(P):
    """Smallest set of rows whose joint patterns are distinct on every column."""
    for k in range(P.shape[0] + 1):
        for combo in itertools.combinations(range(P.shape[0]), k):
            if separates(P[list(combo)]):
                return k
    return None


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("solver", installed() + ("letters", "duals"))
def test_least_fixed_guesses_matches_brute_force(default_lists, seed, solver):
    M = pattern_matrix(default_lists)
    rng = random.Random(seed)
    cols = sorted(rng.sample(range(M.shape[1]), 40))
    answer_rows = default_lists.answer_columns()
    rows = sorted(set(rng.sample(range(M.shape[0]), 14)) | {answer_rows[c] for c in cols[:2]})
    P = np.ascontiguousarray(M[np.ix_(rows, cols)])
    expected = brute_least(P)
    if expected is None:
        pytest.skip("these guesses cannot separate these answers")
    names = [default_lists.guesses[t] for t in rows]
    answers = [default_lists.answers[c] for c in cols]
    proof = solver if solver in ("letters", "duals") else "rows"
    solver = "cpsat" if proof != "rows" else solver
    how, limits = BlindfoldOptions(proof, solver), Limits(time_limit=60)
    r = least_fixed_guesses(P, names, answers, options=how, limits=limits)
    assert r.status == "OPTIMAL" and r.value == expected == r.bound and r.verified
    chosen = [rows.index(default_lists.guesses.index(w)) for w in r.certificate]
    assert separates(P[chosen]) and check_fixed_guesses(r.certificate, answers) == len(answers)
    if expected >= 1:
        no = least_fixed_guesses(P, names, answers, expected - 1, how, limits)
        assert no.status == "INFEASIBLE" and no.bound == expected and no.stats["proof_checked"]
        if proof == "rows":
            core = [answers.index(a) for a in no.certificate]       # the proof's answers alone need as many
            assert no.certificate_kind == "core" and brute_least(P[:, core]) == expected
        elif proof == "duals":
            assert no.certificate_kind == "bound-tree" and no.verified
            assert check_bound_tree(no.certificate, names, answers)["leaves"] == no.stats["leaves"]
        else:
            assert no.stats["cases_open"] == 0 and no.stats["edges_checked"] == no.stats["letter_edges"]
        yes = least_fixed_guesses(P, names, answers, expected, how, limits)
        assert yes.status == "OPTIMAL" and yes.verified and yes.value <= expected


def test_separates_rejects_collisions():
    P = np.array([[1, 1, 2], [3, 3, 4]], np.uint8)
    assert not separates(P)
    assert separates(np.array([[1, 2, 3]], np.uint8))


def test_checker_names_the_colliding_pair():
    with pytest.raises(FixedGuessFault, match="'bills' and 'pills'"):
        check_fixed_guesses(["salet"], ["bills", "pills"])


def test_cli_blindfold(capsys):
    main(["blindfold", "--sample", "50", "--pool", "200", "--solver", "cpsat", "--time-limit", "60", "--json"])
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "OPTIMAL" and data["verified"]
    assert len(data["certificate"]) == data["value"] == data["bound"]


def _small_instance(default_lists, seed, n_answers=40, n_guesses=14):
    M = pattern_matrix(default_lists)
    rng = random.Random(seed)
    cols = sorted(rng.sample(range(M.shape[1]), n_answers))
    rows = sorted(rng.sample(range(M.shape[0]), n_guesses))
    return np.ascontiguousarray(M[np.ix_(rows, cols)])


@pytest.mark.parametrize("seed", range(3))
def test_swap_scores_match_recomputation(default_lists, seed):
    from wordlelab.solvers.blindfold.search import classes_of, score_swaps
    P = _small_instance(default_lists, seed, 300, 60)
    chosen = np.array([3, 17, 40], np.int64)
    for skip in range(3):
        cls, ncls = classes_of(P, chosen, skip)
        rest = [int(t) for i, t in enumerate(chosen) if i != skip]
        assert ncls == len({tuple(c) for c in P[rest].T.tolist()})
        scores = score_swaps(P, cls, ncls)
        for t in range(P.shape[0]):
            assert scores[t] == len({tuple(c) for c in P[rest + [t]].T.tolist()})


@pytest.mark.parametrize("seed", range(4))
def test_tabu_search_reaches_the_least_size_and_never_beats_it(default_lists, seed):
    from wordlelab.solvers.blindfold.search import tabu_search
    P = _small_instance(default_lists, seed)
    least = brute_least(P)
    if least is None or least < 2:
        pytest.skip("no separating set, or a trivial one")
    hit = tabu_search(P, least, time_limit=20, seed=seed)
    assert hit["left"] == 0 and separates(P[hit["best"]]) and len(set(hit["best"])) == least
    miss = tabu_search(P, least - 1, time_limit=1, seed=seed)
    assert miss["left"] > 0 and not separates(P[miss["best"]])


def test_the_tabu_tuning_is_followed_and_checked(default_lists):
    from wordlelab.solvers.blindfold.search import TabuTuning, tabu_search
    P = _small_instance(default_lists, 0)
    least = brute_least(P)
    # a restart after every move that finds no new best: the search restarts often, and still fails to beat the least
    eager = tabu_search(P, least - 1, time_limit=5, seed=0, tuning=TabuTuning(restart=1), max_moves=50)
    calm = tabu_search(P, least - 1, time_limit=5, seed=0, max_moves=50)
    assert eager["left"] > 0 and eager["restarts"] > calm["restarts"]
    for bad in ({"restart": 0}, {"kick": 0}, {"tenure": -1}, {"tenure": 2.5}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            TabuTuning(**bad)


def test_blindfold_options_are_checked_when_made():
    from wordlelab.errors import WordleError
    with pytest.raises(WordleError, match="unknown proof method 'lp'"):
        BlindfoldOptions("lp")
    with pytest.raises(WordleError, match="gurobi"):
        BlindfoldOptions(solver="gurobi")
    with pytest.raises(WordleError, match="search_time"):
        BlindfoldOptions(search_time=0)


@pytest.mark.parametrize("args, said", [
    (["--sample", "0"], "at least 1"), (["--sample", "20:x"], "not N[:SEED]"), (["--sample", "20:-1"], "seed"),
    (["--sample", "1"], "between 2 and"), (["--search", "-1"], "above 0"), (["--search", "5:1.5"], "SECONDS[:SEED]"),
])
def test_cli_sample_and_search_are_checked(cli_run, args, said):
    r = cli_run(["blindfold", *args], expect_error=True)
    assert r.code == 2 and said in r.err and r.err.count("\n") == 1 and "Traceback" not in r.err


@pytest.mark.parametrize("seed", range(4))
def test_letter_search_matches_brute_force_on_clusters(lists_0316, seed):
    """Answers in one-position clusters make the letter graph non-trivial; the search must agree."""
    from wordlelab.solvers.blindfold.letters import letter_graph, rule_out_by_letters
    M = pattern_matrix(lists_0316)
    rng = random.Random(seed)
    words = [a for a in lists_0316.answers if a.endswith(("ight", "ound", "atch"))]
    cols = sorted(lists_0316.answers.index(a) for a in rng.sample(words, 12))
    answers = [lists_0316.answers[c] for c in cols]
    assert letter_graph(answers)
    pool = sorted(set(rng.sample(range(M.shape[0]), 16)) | {lists_0316.guesses.index(a) for a in answers[:4]})
    P = np.ascontiguousarray(M[np.ix_(pool, cols)])
    names = [lists_0316.guesses[t] for t in pool]
    least = brute_least(P)
    for k in range(1, 5):
        r = rule_out_by_letters(P, names, answers, k)
        if least is not None and k >= least:
            assert r["status"] == "FOUND" and separates(P[r["found"]])
        else:
            assert r["status"] == "INFEASIBLE" and not r["open"]


def test_letter_case_check_rejects_a_missing_or_dependent_case():
    from wordlelab.models.blindfold import LetterCaseFault, check_letter_cases
    from wordlelab.solvers.blindfold.letters import letter_graph, maximal_independent_sets
    answers = ["bills", "pills", "fills", "light", "might"]
    cases = maximal_independent_sets(letter_graph(answers))
    assert check_letter_cases(answers, cases) == 4     # b-p, b-f, p-f, l-m
    with pytest.raises(LetterCaseFault, match="no case holds"):
        check_letter_cases(answers, cases[1:])
    with pytest.raises(LetterCaseFault, match="joins"):
        check_letter_cases(answers, cases + ["".join(sorted(set(cases[0]) | {"b", "p"}))])


def test_letter_proof_resumes_from_its_checkpoint(lists_0316, tmp_path):
    import json
    M = pattern_matrix(lists_0316)
    answers = [a for a in lists_0316.answers if a.endswith(("ight", "atch"))]
    cols = [lists_0316.answers.index(a) for a in answers]
    # every guess; one guess cannot tell the nine ?ight words apart
    P = np.ascontiguousarray(M[:, cols])
    names = list(lists_0316.guesses)
    ck = tmp_path / "letters.json"
    how, limits, execution = BlindfoldOptions("letters", search_time=1), Limits(time_limit=30), Execution(checkpoint=str(ck))
    first = least_fixed_guesses(P, names, answers, 1, how, limits, execution)
    assert first.status == "INFEASIBLE" and first.stats["cases_open"] == 0
    entries = json.loads(ck.read_text())["entries"]
    assert entries and all(e["next"] == e["branches"] for e in entries.values())
    again = least_fixed_guesses(P, names, answers, 1, how, limits, execution)
    assert again.status == "INFEASIBLE" and again.stats["nodes"] == first.stats["nodes"]
    from wordlelab.errors import WordleError
    with pytest.raises(WordleError, match="another question"):
        least_fixed_guesses(P, names, answers[:-1], 1, how, limits, execution)
