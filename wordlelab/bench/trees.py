"""Benchmark suites of the decision-tree models: ``trees`` (the instance table) and ``trees-scaling``."""
from __future__ import annotations

import time

from wordlelab.bench.registry import BenchRow, missed, suite

# the speed-up rows' goal: two workers at least 1.8 times as fast as one
SPEED_UP_TARGET = 1.8


def speed_up_status(speed_up: float) -> str:
    return "OK" if speed_up >= SPEED_UP_TARGET else missed("OK")


ENCODINGS = ("layered", "assignment")


def _run(q, encoding, solver, time_limit):
    from wordlelab.errors import WordleError
    from wordlelab.solvers.decision_tree import solve_question
    t = time.perf_counter()
    try:
        r = solve_question(q, encoding, solver, time_limit)
    except WordleError as e:        # e.g. a state graph too big for the layered encoding
        return None, time.perf_counter() - t, str(e).split(";")[0]
    return r, time.perf_counter() - t, ""


@suite("trees")
def trees_suite(time_limit: float = 60.0):
    """Decision-tree models: every solver x encoding on the instance table (small, medium, hard)."""
    from wordlelab.instances.trees import TREE_INSTANCES
    from wordlelab.solvers.backends import installed
    too_big = {}
    for ti in TREE_INSTANCES:
        objective = "total" if ti.value is not None else "depth"
        q = ti.question(objective)
        expected = ti.value if ti.value is not None else "INFEASIBLE"
        for encoding in ENCODINGS:
            for solver in installed():
                if (ti.name, encoding) in too_big:    # the same model for every solver: built once is enough
                    r, seconds, err = None, 0.0, too_big[ti.name, encoding]
                else:
                    r, seconds, err = _run(q, encoding, solver, time_limit)
                if r is None:
                    too_big[ti.name, encoding] = err
                    yield BenchRow(f"tree {objective} <= {ti.depth}", f"{ti.name} ({ti.size})",
                                   f"{solver}/{encoding}", "TOO BIG", "", seconds, note=err)
                    continue
                value = r.stats.total if r.status != "INFEASIBLE" else "INFEASIBLE"
                ok = "" if not r.proven else ("agrees" if value == expected else f"DISAGREES ({expected})")
                yield BenchRow(f"tree {objective} <= {ti.depth}", f"{ti.name} ({ti.size})", f"{solver}/{encoding}",
                               r.status.value, value, seconds,
                               note=f"known {expected}; bound {r.bound}; build {r.stats.build_seconds:.2f} s {ok}")


@suite("trees-scaling")
def trees_scaling_suite(time_limit: float = 60.0):
    """Growth with |H|: random answer subsets (300 guesses, depth 4) until a solver x encoding misses 60 s."""
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.tree_question import random_question
    from wordlelab.solvers.backends import installed
    lists = load_lists()
    for encoding in ENCODINGS:
        for solver in installed():
            for n in (10, 20, 40, 80, 160, 320):
                q = random_question(lists, n, seed=1, n_guesses=max(300, n), depth=4)
                r, seconds, err = _run(q, encoding, solver, time_limit)
                status = "TOO BIG" if r is None else r.status.value
                yield BenchRow("tree total <= 4", f"random{n}-g{max(300, n)}", f"{solver}/{encoding}", status,
                               "" if r is None else r.stats.total, seconds, note=err)
                if status != "OPTIMAL":
                    break


@suite("sweep")
def sweep_suite(n_words: int = 150, repeat: int = 2):
    """Best-start (nyt20220316, 150 most promising first words, top 1) and perm n = 7 discovery: 1 worker, then 2.

    Best-start runs 1, 2, 1, 2 workers (alternating, so a slow spell of the host falls on both)
    and the speed-up is min over min, as the search suite's figures are minima.
    """
    import os
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.settings import Execution
    from wordlelab.solvers.search.rank.best_start import Candidates, run_best_start
    from wordlelab.solvers.runtime.sweep import forget_states
    lists = load_lists("nyt20220316")
    times = {1: [], 2: []}
    for _ in range(repeat):
        for workers in (1, 2):
            forget_states()     # the in-process run would otherwise start with the last run's node table
            t = time.perf_counter()
            res = run_best_start(lists, "easy", 6, 1, candidates=Candidates(limit=n_words),
                                 execution=Execution(workers=workers))
            times[workers].append(time.perf_counter() - t)
            best = res.stats.ranking[0]
            rate = n_words / times[workers][-1] * 60
            yield BenchRow(f"best-start sweep, {n_words} first words", lists.name, f"{res.stats.executor} x{workers}",
                           "OPTIMAL" if best["proof"] == "exact" else "PARTIAL", f"{best['word']} {best['total']}",
                           times[workers][-1], note=f"{rate:.0f} first words/min")
    one, two = min(times[1]), min(times[2])
    runs = ", ".join(f"{a:.1f}/{b:.1f} s" for a, b in zip(times[1], times[2]))
    yield BenchRow("speed-up, 2 workers over 1", lists.name, "pool", speed_up_status(one / two), f"{one / two:.2f}x", two,
                   note=f"min over min; runs (1/2 workers) {runs}; target >= {SPEED_UP_TARGET}x on {os.cpu_count()} cores")
    # these are the hardest first words (best static bound first): the rest are refuted faster
    projected = len(lists.guesses) / n_words * two
    yield BenchRow(f"projected full proof, all {len(lists.guesses)} first words", lists.name, "pool x2", "ESTIMATE",
                   f"<= {projected / 60:.0f} min", projected,
                   note="an upper bound at the rate on the hardest words; Selby: about 15 h on one core")
    yield from perm_sweep_rows()


def perm_sweep_rows(n: int = 7):
    """Permutation-Wordle n = 7: its state discovery as a sweep on 1 worker, then 2."""
    import os
    from wordlelab.solvers.permutation.sweep import solve_sweep
    times = {}
    for workers in (1, 2):
        t = time.perf_counter()
        r, ex = solve_sweep(n, workers=workers)
        times[workers] = time.perf_counter() - t
        yield BenchRow(f"perm n={n} state discovery sweep", f"perm n={n}", f"{ex.name} x{workers}", "OPTIMAL",
                       f"total {r.total}", times[workers],
                       note=f"{r.states} states, {r.states / times[workers] * 60:.0f} states/min")
    yield BenchRow("speed-up, 2 workers over 1", f"perm n={n}", "pool", speed_up_status(times[1] / times[2]),
                   f"{times[1] / times[2]:.2f}x",
                   times[2], note=f"target >= {SPEED_UP_TARGET}x on {os.cpu_count()} cores")
