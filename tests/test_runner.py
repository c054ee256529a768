"""The solver runner: third-party output never corrupts a result or our stdout."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from wordlelab.solvers.runner import import_pulp, quiet_output, solve_pulp

pulp = import_pulp()

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
    prob = pulp.LpProblem("knap", pulp.LpMaximize)
    x = [pulp.LpVariable(f"x_{i}", cat="Binary") for i in range(4)]
    prob += 5 * x[0] + 4 * x[1] + 3 * x[2] + 2 * x[3]
    prob += 4 * x[0] + 3 * x[1] + 2 * x[2] + x[3] <= 6, "weight"
    return prob, x


@pytest.mark.parametrize("solver", ["cbc", "highs"])
def test_pulp_solvers_agree_on_a_small_model(solver):
    prob, x = _knapsack()
    res = solve_pulp(prob, x, solver, time_limit=10)
    assert res.status == "OPTIMAL" and res.objective == pytest.approx(9) and res.bound == pytest.approx(9)
    assert res.values in ([1, 0, 1, 0], [0, 1, 1, 1])


def test_highs_result_survives_noise_in_process(monkeypatch, capfd):
    import highspy
    exec(compile(NOISY_HIGHSPY.replace("import highspy\n", ""), "noisy", "exec"), {"highspy": highspy})
    try:
        prob, x = _knapsack()
        res = solve_pulp(prob, x, "highs", time_limit=10)
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
                        "--pattern", "?ight", "--solver", "highs", "--json"],
                       capture_output=True, text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)      # fails if any junk reached stdout
    assert "junk" not in r.stderr
    text = json.dumps(data)
    assert "OPTIMAL" in text


def _market_split(m=4, n=34, seed=1):
    """Cornuéjols-Dawande market split: tiny, and far beyond branch and bound in seconds."""
    import random
    rng = random.Random(seed)
    prob = pulp.LpProblem("market_split", pulp.LpMinimize)
    x = [pulp.LpVariable(f"x_{j}", cat="Binary") for j in range(n)]
    slack = [pulp.LpVariable(f"s_{i}", lowBound=0) for i in range(m)]
    prob += pulp.lpSum(slack)
    for i in range(m):
        a = [rng.randrange(100) for _ in range(n)]
        prob += pulp.lpSum(a[j] * x[j] for j in range(n)) - sum(a) // 2 <= slack[i]
        prob += sum(a) // 2 - pulp.lpSum(a[j] * x[j] for j in range(n)) <= slack[i]
    return prob, x


@pytest.mark.parametrize("solver", ["cbc", "highs"])
def test_time_limit_is_wall_clock(solver):
    import time
    prob, x = _market_split()
    t0 = time.perf_counter()
    res = solve_pulp(prob, x, solver, time_limit=2)
    assert time.perf_counter() - t0 < 8          # 2 s of search and the model's input/output
    assert res.status in ("FEASIBLE", "UNKNOWN", "OPTIMAL")
    if res.status != "OPTIMAL":
        assert res.bound is None or res.bound <= (res.objective or float("inf")) + 1e-6
