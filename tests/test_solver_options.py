"""--set threads=N, log=FILE and gap=G of the model commands, passed through to CP-SAT, HiGHS, CBC and SCIP."""
import json
import os

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)
from wordlelab.solvers.backends import installed, solve, solver_settings, usable_cores


def knapsack():
    from wordlelab.encoders.model import Model
    m = Model("knap")
    x = [m.bool(f"x_{i}") for i in range(3)]
    m.add(m.sum(x, [4, 3, 2]) <= 5)
    m.maximize(m.sum(x, [5, 4, 3]))
    return m


@pytest.mark.parametrize("solver", installed())
def test_a_log_goes_to_its_file_and_nothing_else_is_printed(solver, tmp_path, capfd):
    log = tmp_path / f"{solver}.log"
    with solver_settings(log=str(log)):
        r = solve(knapsack(), solver)
    assert (r.status, r.objective) == ("OPTIMAL", 7.0)
    assert log.stat().st_size > 100                  # the solver's own words, not an empty file
    r = solve(knapsack(), solver)                     # no log asked for: silence, as before
    assert r.status == "OPTIMAL"
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_cpsat_takes_the_threads_asked_and_its_portfolio_by_default(tmp_path):
    log = tmp_path / "cpsat.log"
    with solver_settings(threads=2, log=str(log)):
        solve(knapsack(), "cpsat")
    with solver_settings(log=str(log)):
        solve(knapsack(), "cpsat")
    text = log.read_text()
    assert "with 2 workers" in text and "with 8 workers" in text


def test_highs_changes_its_thread_count_within_a_process():
    """HiGHS's thread pool is made once per process: a second size used to fail (UNKNOWN)."""
    assert usable_cores() == len(os.sched_getaffinity(0))
    assert [solve(knapsack(), "highs", threads=t).status for t in (1, 2, 1)] == ["OPTIMAL"] * 3


def test_a_solver_stopped_at_the_gap_is_not_optimal(monkeypatch):
    """OPTIMAL at a gap stays OPTIMAL only when the proven bound meets the value."""
    import wordlelab.solvers.backends as backends
    from wordlelab.solvers.backends.base import Solution

    class Stopped:
        @staticmethod
        def solve(model, time_limit, threads):
            return Solution(name, "OPTIMAL", 10.0, bound, [1, 0, 0])
    monkeypatch.setattr(backends, "backend", lambda solver: Stopped)
    for name, bound, gap, status in [("highs", 9.0, 0.2, "FEASIBLE"), ("highs", 10.0, 0.2, "OPTIMAL"),
                                     ("highs", 9.0, None, "OPTIMAL"), ("cbc", 10.0, 0.2, "FEASIBLE")]:
        r = solve(knapsack(), name, gap=gap)
        assert r.status == status, (name, bound, gap)
    assert r.bound is None                            # CBC reports no bound of its own


def test_the_commands_take_them(capfd, tmp_path):
    capsys = capfd          # the log reaches file descriptor 2, where the solvers write
    log = tmp_path / "perm.log"
    r = run_cli(capsys, ["perm", "model", "--n", "3", "--solver", "cpsat", "--set", "threads=1", "--set", f"log={log}",
                         "--set", "gap=0", "--json"])
    assert r.code == 0, r.err
    assert json.loads(r.out)["status"] == "OPTIMAL" and "with 1 worker" in log.read_text()
    r = run_cli(capsys, ["perm", "model", "--n", "3", "--solver", "highs", "--set", "log=-", "--json"])
    assert r.code == 0 and json.loads(r.out)["status"] == "OPTIMAL" and "Solving" in r.err
    for command in (["tree-model"], ["lower-bound"], ["blindfold"], ["eldrow"], ["perm", "model"]):
        bad = run_cli(capsys, [*command, "--set", "gap=1.5"])
        assert bad.code == 2 and "gap" in bad.err and "Traceback" not in bad.err, command
        for wrong in ("gap", "gap=", "speed=3"):
            bad = run_cli(capsys, [*command, "--set", wrong])
            assert bad.code == 2 and ("NAME=VALUE" in bad.err or "unknown setting" in bad.err), (command, wrong)
