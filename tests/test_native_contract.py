"""The native search family answers with the one result type (models/result.py), certified in the library.

Every public call returns a :class:`Result`; a tree in it was re-checked by the independent
verifier inside the call (``verified``); a node limit is UNKNOWN, a beam search FEASIBLE and
heuristic; ``prove_depth`` answers yes with OPTIMAL and a tree, no with INFEASIBLE and (easy
mode) a core, and leaves the searcher's own guess limit alone.
"""
import json

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.result import Result, Status
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.native import NativeSearcher

from test_native_search import brute_force, lists_from, tiny_instance
from wordlelab.solvers.search.depth.depth_proof import prove_depth

SEED = 1        # 12 answers, 20 guesses: easy and hard mode need 4 guesses (3 cannot do it)
AS_DICT_KEYS = {"question", "method", "status", "value", "bound", "certificate_kind", "certificate", "verified",
                "heuristic", "seconds", "stats", "rests_on", "claimed"}


@pytest.fixture
def tiny(tmp_path):
    answers, guesses = tiny_instance(SEED)
    return lists_from(tmp_path, answers, guesses), answers, guesses


def best_total(answers, guesses, mode, max_guesses):
    return min(brute_force(answers, guesses, mode, max_guesses, g) for g in guesses)


def assert_json_ready(r: Result):
    d = r.as_dict()
    assert set(d) == AS_DICT_KEYS
    json.dumps(d)


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_solve_is_a_verified_result(tiny, mode):
    lists, answers, guesses = tiny
    r = NativeSearcher(lists, mode, 6).solve()
    assert isinstance(r, Result)
    assert r.status == Status.OPTIMAL and r.verified and r.proven and not r.heuristic
    assert r.method == "native" and r.certificate_kind == "tree"
    assert r.value == r.bound == best_total(answers, guesses, mode, 6)
    assert r.question == {"kind": "min-total", "lists": lists.name, "mode": mode, "max_guesses": 6, "start": None,
                          "state": None, "beam": 0}
    report = verify_tree(r.certificate, lists.answers, lists.guesses, mode, max_guesses=6)
    assert report.total == r.value
    assert r.stats.first_guess == r.certificate.guess and not r.stats.first_guess_given
    assert r.stats.n_answers == len(answers) and r.stats.average == round(r.value / len(answers), 4)
    assert r.stats.nodes > 0 and r.stats.max_guesses_used == report.max_guesses
    assert_json_ready(r)


def test_solve_from_a_given_first_guess(tiny):
    lists, answers, guesses = tiny
    start = guesses[3]
    r = NativeSearcher(lists, "easy", 6).solve(start=start)
    assert r.status == "OPTIMAL" and r.verified and r.certificate.guess == start
    assert r.stats.first_guess == start and r.stats.first_guess_given
    assert r.value == brute_force(answers, guesses, "easy", 6, start)


def test_solve_without_a_strategy_is_infeasible(tiny):
    lists, _, _ = tiny
    r = NativeSearcher(lists, "easy", 3).solve()
    assert isinstance(r, Result)
    assert r.status == Status.INFEASIBLE and r.proven
    assert r.value is None and r.certificate is None and not r.verified
    assert_json_ready(r)


def test_beam_is_feasible_and_heuristic(tiny):
    lists, answers, guesses = tiny
    r = NativeSearcher(lists, "easy", 6, beam=1).solve()
    assert isinstance(r, Result)
    assert r.status == Status.FEASIBLE and r.heuristic and not r.proven
    assert r.method == "beam" and r.bound is None and r.verified
    assert r.value >= best_total(answers, guesses, "easy", 6)
    assert verify_tree(r.certificate, lists.answers, lists.guesses, max_guesses=6).total == r.value


def test_solve_from_a_state_verifies_with_its_history(default_lists):
    from wordlelab.models.state import parse_state
    r = NativeSearcher(default_lists, "easy", 6).solve(state="salet.BBBYB")
    assert r.status == "OPTIMAL" and r.verified
    st = parse_state("salet.BBBYB", default_lists)
    # within the 5 guesses the state leaves
    report = verify_tree(r.certificate, st.answers, default_lists.guesses, "easy", st.history, 5)
    assert report.total == r.value and r.stats.first_guess == r.certificate.guess


def test_a_tree_that_disagrees_with_the_search_is_an_internal_error(tiny, monkeypatch):
    lists, _, _ = tiny
    searcher = NativeSearcher(lists, "easy", 6)
    real = searcher.verify

    def off_by_one(tree, node):
        report = real(tree, node)
        report.total += 1
        return report

    monkeypatch.setattr(searcher, "verify", off_by_one)
    with pytest.raises(WordleError, match="internal error"):
        searcher.solve()


def test_prove_depth_yes(tiny):
    lists, answers, guesses = tiny
    searcher = NativeSearcher(lists, "easy", 6)
    r = prove_depth(searcher, 4)
    assert isinstance(r, Result)
    assert r.status == Status.OPTIMAL and r.verified and r.certificate_kind == "tree"
    assert r.question["kind"] == "depth" and r.question["max_guesses"] == 4
    report = verify_tree(r.certificate, lists.answers, lists.guesses, "easy", max_guesses=4)
    assert r.value == r.bound == report.max_guesses <= 4
    assert r.stats.total == report.total and r.stats.first_guess == r.certificate.guess
    assert searcher.max_guesses == 6
    assert_json_ready(r)


@pytest.mark.parametrize("recheck", [False, True])
def test_prove_depth_no_comes_with_a_core(tiny, recheck):
    lists, answers, guesses = tiny
    searcher = NativeSearcher(lists, "easy", 6)
    r = prove_depth(searcher, 3, recheck=recheck)
    assert isinstance(r, Result)
    assert r.status == Status.INFEASIBLE and r.proven and r.value is None
    assert r.certificate_kind == "core" and r.certificate and set(r.certificate) <= set(answers)
    # no pure-Python checker exists for a core: the plain search's re-check is reported apart
    assert not r.verified
    assert r.stats.core.check == ("INFEASIBLE" if recheck else "not re-checked")
    assert r.stats.core.guesses_left == 3 and r.stats.core.size == len(r.certificate)
    # the core alone needs more than 3 guesses, by brute force
    sub = sorted(r.certificate)
    assert best_total(sub, guesses, "easy", 3) == float("inf")
    assert searcher.max_guesses == 6
    assert_json_ready(r)


def test_prove_depth_no_in_hard_mode_has_no_certificate(tiny):
    lists, _, _ = tiny
    r = prove_depth(NativeSearcher(lists, "hard", 6), 3)
    assert r.status == Status.INFEASIBLE and r.certificate is None and r.certificate_kind is None


def test_node_limit_is_unknown(tiny):
    lists, _, _ = tiny
    r = prove_depth(NativeSearcher(lists, "easy", 6), 4, node_limit=1)
    assert isinstance(r, Result)
    assert r.status == Status.UNKNOWN and not r.proven and r.certificate is None and not r.verified


def test_prove_depth_leaves_the_guess_limit_alone(tiny):
    """A later solve on the same searcher runs under its own limit, not the last depth asked."""
    lists, _, _ = tiny
    searcher = NativeSearcher(lists, "easy", 3)
    assert searcher.solve().status == "INFEASIBLE"
    assert prove_depth(searcher, 4).status == "OPTIMAL"
    assert searcher.max_guesses == 3
    again = searcher.solve()
    assert again.status == "INFEASIBLE" and again.question["max_guesses"] == 3
    assert prove_depth(searcher, 2).status == "INFEASIBLE"
    assert searcher.max_guesses == 3


def test_prove_depth_rejects_a_bad_limit(tiny):
    lists, _, _ = tiny
    with pytest.raises(WordleError, match="between 1 and 20"):
        prove_depth(NativeSearcher(lists, "easy", 6), 0)


def test_best_start_is_a_verified_result(tiny):
    from wordlelab.solvers.search.rank.best_start import SweepHooks, run_best_start
    lists, answers, guesses = tiny
    r = run_best_start(lists, "easy", 6, 2, hooks=SweepHooks(executor_kind="inprocess"))
    assert isinstance(r, Result)
    assert r.status == Status.OPTIMAL and r.verified and r.certificate_kind == "tree"
    assert r.question["kind"] == "best-start" and r.question["top"] == 2
    best = best_total(answers, guesses, "easy", 6)
    assert r.value == r.bound == best
    assert verify_tree(r.certificate, lists.answers, lists.guesses, max_guesses=6).total == best
    rows = r.stats.ranking
    assert rows[0]["word"] == r.stats.first_guess == r.certificate.guess
    assert all(row["exact"] and row["proof"] == "exact" for row in rows[:2])
    assert all(row["source"] == "computed" for row in rows)
    for row in rows:
        exact = brute_force(answers, guesses, "easy", 6, row["word"])
        assert row["total"] == exact if row["exact"] else row["total"] is None or row["total"] <= exact
    assert_json_ready(r)


def test_rank_and_best_start_share_the_cutoff(tiny):
    from wordlelab.solvers.search.rank.best_start import SweepHooks, run_best_start
    lists, _, _ = tiny
    searcher = NativeSearcher(lists, "easy", 6)
    ranked = searcher.rank(searcher.root(), top=3)
    swept = run_best_start(lists, "easy", 6, 3, hooks=SweepHooks(executor_kind="inprocess"))
    assert [(w, v) for w, v, e in ranked[:3]] == [(row["word"], row["total"]) for row in swept.stats.ranking[:3]]
    assert all(e for _, _, e in ranked[:3])


def test_best_start_without_a_strategy_is_infeasible(tiny):
    from wordlelab.solvers.search.rank.best_start import SweepHooks, run_best_start
    lists, _, _ = tiny
    r = run_best_start(lists, "easy", 2, 1, hooks=SweepHooks(executor_kind="inprocess"))
    assert r.status == Status.INFEASIBLE and r.value is None and r.certificate is None
    assert all(row["total"] is None for row in r.stats.ranking)


def test_cli_json_is_the_result(tmp_path, cli_run):
    answers, guesses = tiny_instance(SEED)
    lists_from(tmp_path, answers, guesses)
    files = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    solved = json.loads(cli_run(["solve", *files, "--json"]).out)
    assert set(solved) == AS_DICT_KEYS | {"schema"} and solved["status"] == "OPTIMAL" and solved["verified"]
    assert solved["certificate_kind"] == "tree" and solved["value"] == best_total(answers, guesses, "easy", 6)
    no = json.loads(cli_run(["prove-depth", "--guesses", "3", "--guess-file", str(tmp_path / "g.txt"),
                             "--answers", str(tmp_path / "a.txt"), "--core", str(tmp_path / "core.txt"),
                             "--json"]).out)
    assert set(no) == AS_DICT_KEYS | {"schema"} and no["status"] == "INFEASIBLE" and no["certificate_kind"] == "core"
    assert no["stats"]["core"]["file"] == str(tmp_path / "core.txt")
    assert (tmp_path / "core.txt").read_text().split() == no["certificate"]
    text = cli_run(["solve", *files]).out
    assert f"best first guess: {solved['stats']['first_guess']}" in text
    text = cli_run(["solve", *files, "--start", guesses[3]]).out
    assert f"first guess {guesses[3]} (given)" in text


def test_memory_sets_the_node_table_and_a_tiny_table_proves_the_same(cli_run, tmp_path):
    """--memory GIB sizes the node table; a table too small to keep much only costs time."""
    answers, guesses = tiny_instance(SEED)
    lists_from(tmp_path, answers, guesses)
    files = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    default = json.loads(cli_run(["solve", *files, "--json"]).out)
    tiny = json.loads(cli_run(["solve", *files, "--set", "memory=0.001", "--json"]).out)
    assert tiny["value"] == default["value"] == best_total(answers, guesses, "easy", 6)
    assert default["stats"]["table_slots"] == 1 << 20
    assert tiny["stats"]["table_slots"] * 24 <= 0.001 * 2**30 < 2 * tiny["stats"]["table_slots"] * 24
    depth = ["prove-depth", "--guesses", "3", "--guess-file", str(tmp_path / "g.txt"),
             "--answers", str(tmp_path / "a.txt"), "--json"]
    assert json.loads(cli_run([*depth, "--set", "memory=0.001"]).out)["status"] == json.loads(cli_run(depth).out)["status"]
    r = cli_run(["solve", *files, "--set", "memory=0"], expect_error=True)
    assert r.code == 2 and "memory" in r.err
