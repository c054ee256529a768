"""The ``heuristics`` suite: greedy strategies on every named list, easy and hard, beside the proven optimum."""
from __future__ import annotations

import time

from wordlelab.bench.registry import BenchRow, suite

LISTS = ("nyt20220316", "nyt20220830", "original", "nyt20230701")


@suite("heuristics")
def heuristics_suite(repeat: int = 1):
    """Greedy strategies (4 criteria x 2 pools) on every named list, easy and hard mode, each tree verified."""
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.heuristics import CRITERIA, POOLS, evaluate
    from wordlelab.solvers.search.native import NativeSearcher
    for name in LISTS:
        try:
            lists = load_lists(name)
        except Exception as e:            # a missing optional list skips its rows
            yield BenchRow("greedy strategies", name, "-", "SKIPPED", "", 0.0, note=str(e))
            continue
        MT = pattern_matrix(lists, transposed=True)
        for mode in ("easy", "hard"):
            optimum = {}
            for criterion in CRITERIA:
                for pool in POOLS:
                    t = time.perf_counter()
                    r = evaluate(lists, criterion, pool, MT=MT, mode=mode)
                    seconds = time.perf_counter() - t
                    first = r.stats.first_guess
                    if first not in optimum:
                        optimum[first] = NativeSearcher(lists, mode, 6).solve(start=first).value
                    st = r.stats
                    yield BenchRow(f"greedy {criterion}, pool {pool}", f"{name} {mode}", "greedy", "FEASIBLE",
                                   r.value, seconds,
                                   note=f"first {first}; average {st.average}, worst {st.max_guesses}, "
                                        f"{st.beyond_6} beyond 6; proven optimum after {first}: "
                                        f"{optimum[first]}")
