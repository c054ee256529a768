"""Objectives other than the plain total: priors (weighted totals) and "most answers within k",
checked against brute force on tiny instances."""
import functools
import random

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.feedback import feedback
from wordlelab.models.objectives import Objective, parse_objective, read_weights, price_tree
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.rank.objective import ObjectiveSearch

from test_native_search import lists_from, tiny_instance

INF = float("inf")


def brute_force(answers, guesses, objective, max_guesses, start=None):
    """The least objective value over every strategy, by exhaustive recursion (easy mode)."""

    @functools.lru_cache(maxsize=None)
    def best(H, d):
        if d > max_guesses:
            return INF
        return min(after(H, d, g) for g in guesses)

    def after(H, d, g):
        classes = {}
        for a in H:
            classes.setdefault(feedback(g, a), []).append(a)
        if len(classes) == 1 and g not in H:
            return INF                     # learns nothing: never part of an optimum
        total = 0
        for p, group in classes.items():
            total += objective.cost(g, d) if p == 242 else best(tuple(group), d + 1)
        return total

    H = tuple(answers)
    return after(H, 1, start) if start else best(H, 1)


def objectives_for(seed, answers):
    rng = random.Random(seed)
    weights = {a: rng.randint(1, 9) for a in answers}
    return [Objective(), Objective.weighted(weights, "test"), Objective.within(2), Objective.within(3)]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("max_guesses", [6, 4])
def test_the_optimum_matches_brute_force(tmp_path, seed, max_guesses):
    answers, guesses = tiny_instance(seed, n_answers=10, n_guesses=14)
    lists = lists_from(tmp_path, answers, guesses)
    start = random.Random(seed).choice(guesses)
    for objective in objectives_for(seed, answers):
        search = ObjectiveSearch(lists, objective, max_guesses)
        want_start = brute_force(answers, guesses, objective, max_guesses, start)
        want = brute_force(answers, guesses, objective, max_guesses)
        r = search.solve(start=start)
        if want_start == INF:
            assert r.status.value == "INFEASIBLE"
        else:
            assert r.status.value == "OPTIMAL" and r.verified and r.stats.value == want_start, objective
        best = search.solve()
        assert best.stats.value == want, objective
        assert brute_force(answers, guesses, objective, max_guesses, best.stats.first_guess) == want


@pytest.mark.parametrize("seed", range(4))
def test_the_uniform_objective_is_the_native_least_total(tmp_path, seed):
    answers, guesses = tiny_instance(seed + 20, n_answers=12, n_guesses=16)
    lists = lists_from(tmp_path, answers, guesses)
    start = guesses[seed]
    native = NativeSearcher(lists, "easy", 6).solve(start=start)
    assert ObjectiveSearch(lists, Objective(), 6).solve(start=start).stats.value == native.value


@pytest.mark.parametrize("seed", range(4))
def test_a_ranking_is_exact_at_the_top_and_a_bound_below(tmp_path, seed):
    answers, guesses = tiny_instance(seed + 40, n_answers=10, n_guesses=14)
    lists = lists_from(tmp_path, answers, guesses)
    objective = Objective.within(2)
    ranking = ObjectiveSearch(lists, objective, 6).rank(top=2)
    truth = {g: brute_force(answers, guesses, objective, 6, g) for g in guesses}
    assert [r.word for r in ranking if r.exact][:2] and ranking[0].exact
    assert ranking[0].value == min(truth.values())
    exact = [r for r in ranking if r.exact]
    second = sorted(truth.values())[1]
    assert sorted(r.value for r in exact)[:2] == sorted(truth.values())[:2]
    for r in ranking:
        assert r.value == truth[r.word] if r.exact else r.value <= truth[r.word]
        assert r.exact or r.value > second           # every word not solved is proven worse
    assert all(r.exact for r in ranking if truth[r.word] <= second)    # ties with the top two are solved


def test_within_k_counts_what_a_tree_leaves_unfound(tmp_path):
    answers, guesses = tiny_instance(3, n_answers=10, n_guesses=14)
    lists = lists_from(tmp_path, answers, guesses)
    r = ObjectiveSearch(lists, Objective.within(2), 6).solve(start=guesses[0])
    depths = [len(p) for p in r.certificate.paths()]
    assert r.stats.unfound == sum(d > 2 for d in depths) == r.value
    assert r.stats.total == sum(depths)
    # the least total is no larger, and the within-2 optimum leaves no more unfound than it
    plain = ObjectiveSearch(lists, Objective(), 6).solve(start=guesses[0])
    assert plain.stats.total <= r.stats.total
    assert r.stats.unfound <= sum(len(p) > 2 for p in plain.certificate.paths())


def test_price_tree_prices_each_line_by_its_round():
    from wordlelab.models.tree import Tree
    t = Tree("cigar", {242: None, 0: Tree("rebut", {242: None})})
    o = Objective.weighted({"cigar": 5, "rebut": 2}, "t")
    s = price_tree(t, o)
    assert (s.value, s.total, s.weight) == (5 * 1 + 2 * 2, 3, 7)
    assert s.expected == pytest.approx(9 / 7)
    assert price_tree(t, o, depth0=1).value == 5 * 2 + 2 * 3


def test_objective_text_and_weight_files(tmp_path):
    assert parse_objective("total") == Objective()
    assert parse_objective("within:4").k == 4
    f = tmp_path / "w.txt"
    f.write_text("# counts\ncigar 3\nrebut 1\n")
    assert read_weights(str(f)) == {"cigar": 3, "rebut": 1}
    for bad in ("within:x", "within:0", "weights:", "most", "weights:" + str(tmp_path / "none.txt")):
        with pytest.raises(WordleError):
            parse_objective(bad)
    f.write_text("cigar 0\n")
    with pytest.raises(WordleError, match="line 1"):
        read_weights(str(f))
    with pytest.raises(WordleError, match="no weight"):
        Objective.weighted({"cigar": 2}, "w.txt").check_answers(["cigar", "rebut"])


def run_cli(*args, cwd=None):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "wordlelab", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


@pytest.mark.parametrize("args, message", [
    (["solve", "--objective", "within:x", "--start", "cigar"], "within:K takes a whole number"),
    (["solve", "--objective", "most", "--start", "cigar"], "use total, within:K"),
    (["solve", "--objective", "within:3", "--mode", "hard", "--start", "cigar"], "easy mode"),
    (["best-start", "--objective", "within:3", "--workers", "2"], "not with --workers"),
    (["solve", "--objective", "weights:nowhere.txt", "--start", "cigar"], "cannot read weights file"),
])
def test_bad_objectives_are_one_line_errors(tmp_path, args, message):
    r = run_cli(*args, cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr, r.stderr
    assert r.stderr.strip().count("\n") == 0 and r.stderr.startswith("error:"), r.stderr


def test_a_ranking_resumes_from_its_checkpoint(tmp_path):
    import json
    answers, guesses = tiny_instance(5, n_answers=10, n_guesses=14)
    lists_from(tmp_path, answers, guesses)
    (tmp_path / "w.txt").write_text("".join(f"{a} {i + 1}\n" for i, a in enumerate(answers)))
    args = ["best-start", "--guesses", "g.txt", "--answers", "a.txt", "--objective", "weights:w.txt", "--top", "2",
            "--checkpoint", "r.json", "--json"]
    first = run_cli(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    again = run_cli(*args, cwd=tmp_path)
    one, two = json.loads(first.stdout), json.loads(again.stdout)
    assert one["stats"]["ranking"] == two["stats"]["ranking"] and one["value"] == two["value"]
    assert two["stats"]["evaluated"] == 0 and two["stats"]["from_checkpoint"] == one["stats"]["evaluated"] > 0
    # a file this installation did not write (its seal gone): the ranking rests on it, and says so
    data = json.loads((tmp_path / "r.json").read_text())
    data.pop("seal", None)
    (tmp_path / "r.json").write_text(json.dumps(data))
    taken = json.loads(run_cli(*args, cwd=tmp_path).stdout)
    assert (taken["status"], taken["claimed"]) == ("FEASIBLE", "OPTIMAL") and "r.json" in taken["rests_on"][0]
    # the same file for other weights is another question
    (tmp_path / "w.txt").write_text("".join(f"{a} {i + 2}\n" for i, a in enumerate(answers)))
    other = run_cli(*args, cwd=tmp_path)
    assert other.returncode == 2 and "another question" in other.stderr


def test_recheck_solves_a_rankings_best_words_again_and_catches_a_forged_value(tmp_path):
    import json
    from wordlelab.solvers.recheck import Recheck
    from wordlelab.solvers.runtime.checkpoint import digest
    answers, guesses = tiny_instance(6, n_answers=10, n_guesses=14)
    lists_from(tmp_path, answers, guesses)
    r = run_cli("best-start", "--guesses", "g.txt", "--answers", "a.txt", "--objective", "within:2", "--top", "1",
                "--checkpoint", "r.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    row = Recheck(tmp_path, word_files=tmp_path).run()[0]
    assert row.status == "OPTIMAL" and row.fault is None and row.parts["best values by a verified tree"][0] >= 1
    data = json.loads((tmp_path / "r.json").read_text())
    best = min((v, w) for w, (v, ex) in data["entries"].items() if ex)[1]
    data["entries"][best][0] -= 1                 # a better value than its tree attains, digest made again
    data["digest"] = digest(data["question"], data["entries"])
    (tmp_path / "r.json").write_text(json.dumps(data))
    row = Recheck(tmp_path, word_files=tmp_path).run()[0]
    assert row.fault and "solved again" in row.fault


CROWDED = ["eight", "fight", "light", "might", "night", "right", "sight", "tight", "wight",
           "batch", "catch", "hatch", "latch", "match", "patch", "watch"]
PROBES = ["flint", "champ", "nymph", "wrest", "bawls", "gloms"]


@pytest.mark.parametrize("objective", [Objective(), Objective.within(2), Objective.within(3)],
                         ids=["total", "within2", "within3"])
@pytest.mark.parametrize("max_guesses", [5, 6])
def test_crowded_optima_match_brute_force(tmp_path, objective, max_guesses):
    """Where words crowd (?IGHT, ?ATCH: no guess tells more than six of a family apart), "within k"
    loses answers; the optimum, from a given start and from the best one, is the brute-force one."""
    lists = lists_from(tmp_path, CROWDED, CROWDED + PROBES)
    search = ObjectiveSearch(lists, objective, max_guesses)
    for start in ("flint", "night"):
        want = brute_force(CROWDED, CROWDED + PROBES, objective, max_guesses, start)
        r = search.solve(start=start)
        assert r.status.value == "OPTIMAL" and r.stats.value == want
    assert search.solve().stats.value == brute_force(CROWDED, CROWDED + PROBES, objective, max_guesses)
