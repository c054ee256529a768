"""The solver backends: the same model on every solver, and third-party output never corrupts a result."""
import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

from wordlelab.encoders.model import Model
from wordlelab.errors import WordleError
from wordlelab.solvers.backends import SOLVERS, export, installed, quiet_output, solve

# Installed as sitecustomize in a child process: highspy's Highs, and every solve, print junk
# from Python and straight onto the file descriptors, as highspy 1.16's C++ banner does.
NOISY_HIGHSPY = textwrap.dedent('''
    import os, sys
    import highspy
    _Highs = highspy.Highs

    class NoisyHighs(_Highs):
        def __init__(self, *a, **k):
            os.write(1, b"Running HiGHS 9.9.9 banner {not json\\n")
            os.write(2, b"stderr junk from C++\\n")
            print("python-level junk on stdout")
            super().__init__(*a, **k)

        def run(self, *a, **k):
            os.write(1, b"}}} more junk during the solve\\n")
            print("junk on stderr", file=sys.stderr)
            return super().run(*a, **k)

    highspy.Highs = NoisyHighs
''')


def _knapsack():
    m = Model("knap")
    x = [m.bool(f"x_{w}") for w in ("cigar", "rebut", "sissy", "humph")]
    m.maximize(m.sum(x, [5, 4, 3, 2]))
    m.add(m.sum(x, [4, 3, 2, 1]) <= 6, "weight")
    return m, x


@pytest.mark.parametrize("solver", installed())
def test_every_solver_solves_the_same_model(solver):
    m, x = _knapsack()
    res = solve(m, solver, time_limit=10)
    assert res.status == "OPTIMAL" and res.objective == pytest.approx(9) and res.bound == pytest.approx(9)
    assert [res.values[v.index] for v in x] in ([1, 0, 1, 0], [0, 1, 1, 1])


@pytest.mark.parametrize("solver", installed())
def test_enforced_rows_and_infeasibility(solver):
    m = Model("enforce")
    a, b = m.bool("a"), m.bool("b")
    p = m.int("p", 0, 5)
    m.add(p >= 4, enforce=[a, b])          # both chosen: p at least 4
    m.add(a + b >= 2)
    m.minimize(p)
    res = solve(m, solver, 10)
    assert res.status == "OPTIMAL" and res.objective == pytest.approx(4)
    m.add(p <= 3)
    assert solve(m, solver, 10).status == "INFEASIBLE"


def test_unknown_solver_is_one_line_error():
    with pytest.raises(WordleError, match="choose one of"):
        solve(_knapsack()[0], "gurobi")
    assert SOLVERS == ("cpsat", "cbc", "highs", "scip")


@pytest.mark.parametrize("suffix", ["lp", "mps"])
def test_export_keeps_names(tmp_path, suffix):
    m, _ = _knapsack()
    text = open(export(m, str(tmp_path / f"k.{suffix}"))).read()
    assert "x_cigar" in text and "x_humph" in text


def test_highs_result_survives_noise_in_process(monkeypatch, capfd):
    import highspy
    exec(compile(NOISY_HIGHSPY.replace("import highspy\n", ""), "noisy", "exec"), {"highspy": highspy})
    try:
        m, x = _knapsack()
        res = solve(m, "highs", time_limit=10)
    finally:
        monkeypatch.setattr(highspy, "Highs", highspy.Highs.__mro__[1])
    assert res.status == "OPTIMAL" and res.objective == pytest.approx(9)
    captured = capfd.readouterr()
    assert "junk" not in captured.out and "junk" not in captured.err


def test_quiet_output_restores_the_descriptors(capfd):
    with quiet_output():
        os.write(1, b"hidden\n")
        print("hidden too")
    os.write(1, b"shown\n")
    out = capfd.readouterr().out
    assert "hidden" not in out and "shown" in out


def test_cli_json_stays_json_when_highs_prints(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(NOISY_HIGHSPY)
    env = dict(os.environ, PYTHONPATH=str(tmp_path) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "wordlelab", "lower-bound", "--lists", "nyt20220316",
                        "--pattern", "?ight", "--solver", "highs", "--proof-dir", str(tmp_path), "--json"],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)      # fails if any junk reached stdout
    assert "junk" not in r.stderr
    assert data["status"] == "OPTIMAL" and data["value"] == 3


def _market_split(m=4, n=34, seed=1):
    """Cornuejols-Dawande market split: tiny, and far beyond branch and bound in seconds."""
    import random
    rng = random.Random(seed)
    model = Model("market_split")
    x = [model.bool(f"x_{j}") for j in range(n)]
    slack = [model.int(f"s_{i}", 0, 10**6) for i in range(m)]
    model.minimize(model.sum(slack))
    for i in range(m):
        a = [rng.randrange(100) for _ in range(n)]
        model.add(model.sum(x, a) - sum(a) // 2 <= slack[i])
        model.add(sum(a) // 2 - model.sum(x, a) <= slack[i])
    return model


@pytest.mark.parametrize("solver", installed())
def test_time_limit_is_wall_clock(solver):
    t0 = time.perf_counter()
    res = solve(_market_split(), solver, time_limit=2)
    assert time.perf_counter() - t0 < 8          # 2 s of search and the model's input/output
    assert res.status in ("FEASIBLE", "UNKNOWN", "OPTIMAL")
    if res.status == "FEASIBLE" and res.bound is not None:
        assert res.bound <= res.objective + 1e-6


@pytest.mark.parametrize("solver", installed())
def test_a_literal_inside_its_own_row(solver):
    """x + 2y - a == 6 when a and b are 1: the literal a is also a term of its row."""
    m = Model("self_literal")
    x, y = m.int("x", 0, 10), m.int("y", 0, 10)
    a, b = m.bool("a"), m.bool("b")
    m.add(x + 2 * y - a == 6, enforce=[a, b])
    m.add(a + b >= 2)
    m.minimize(x + y)
    res = solve(m, solver, 10)
    assert res.status == "OPTIMAL" and res.objective == pytest.approx(4)     # x = 1, y = 3


def test_cpsat_refuses_fractions():
    m = Model("fraction")
    x = m.bool("x")
    m.add(0.5 * x <= 1)
    with pytest.raises(WordleError, match="integer"):
        solve(m, "cpsat", 5)
