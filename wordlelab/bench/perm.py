"""Benchmark suites of permutation Wordle: ``perm`` (n <= 6, models) and ``perm-long`` (n = 7)."""
from __future__ import annotations

import json
import subprocess
import sys
import time

from wordlelab.bench.registry import BenchRow, suite

# An exploratory script on this machine kind solved n = 6 exactly in about 53 s of CPU time.
REFERENCE_N6_SECONDS = 53.0
TARGET_N7_SECONDS = 3600.0


def _whole_process(args: list[str]) -> tuple[dict, float]:
    """Run ``wordlelab ...`` as a fresh process; its JSON and wall time."""
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "wordlelab", *args, "--json"], capture_output=True, text=True)
    seconds = time.perf_counter() - t
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip() or done.stdout.strip())
    return json.loads(done.stdout), seconds


def _optimal_rows(n: int, reference: float | None, note: str, target: float | None = None):
    for consistent in (False, True):
        args = ["perm", "optimal", "--n", str(n)] + (["--consistent-only"] if consistent else [])
        data, seconds = _whole_process(args)
        ok = data["total_rounds"] == data["tree_verified_total"]
        yield BenchRow(f"exact optimum n={n}" + (", consistent guesses" if consistent else ""), f"perm n={n}",
                       "native", "OPTIMAL" if ok else "ERROR", f"total {data['total_rounds']} mean {data['mean']}",
                       seconds, reference if not consistent else None,
                       f"{data['states']} states, {data['outcomes']} outcomes; discovery {data['seconds_discover']} s"
                       f"; {note}", target_seconds=target)


@suite("perm")
def perm_suite(repeat: int = 1):
    """Exact optima for n = 5, 6 (whole process, warm numba cache) and the n <= 4 models on each solver."""
    yield from _optimal_rows(5, None, "")
    yield from _optimal_rows(6, REFERENCE_N6_SECONDS, "reference: exploratory script, CPU time")
    from wordlelab.solvers.backends import installed
    from wordlelab.solvers.permutation.model import solve_model
    for objective, rounds in (("total", None), ("within", 2)):
        for solver in installed():
            t = time.perf_counter()
            r = solve_model(4, objective, rounds, solver)
            seconds = time.perf_counter() - t
            yield BenchRow(f"model n=4 {objective}" + (f" r<={rounds}" if rounds else ""), "perm n=4", solver,
                           r.status.value, r.value, seconds,
                           note=f"native {r.stats['native']}; {r.stats['states']} states, "
                                f"{r.stats['variables']} variables")


@suite("perm-long")
def perm_long_suite(repeat: int = 1):
    """n = 7: nobody had solved it; the target is under an hour on 2 cores."""
    yield from _optimal_rows(7, TARGET_N7_SECONDS, "reference column: the target, not a measured program",
                             TARGET_N7_SECONDS)
