"""probe_classes: the verdict of a first word's classes, whatever the schedule, at no more than
about twice the better of its two schedules."""
import numpy as np
import pytest

from wordlelab.solvers.search.start_probe import PROBE_NODES, probe_classes
from wordlelab.solvers.search.tables import NODE_LIMIT, REFUTED, Stat, new_stats


def mock(costs, fails):
    """A class search that needs costs[c] nodes in one go (a cut-short search restarts from zero)."""
    stats = new_stats()

    def search(c, limit):
        used = min(costs[c], limit - int(stats[Stat.NODES]))
        stats[Stat.NODES] += max(used, 0)
        if used < costs[c]:
            stats[Stat.NODES] += 1           # as the kernel: it stops one node past its limit
            return NODE_LIMIT
        return REFUTED if fails[c] else 5
    return stats, search


def one_at_a_time(costs, fails, order):
    total = 0
    for c in order:
        total += costs[c]
        if fails[c]:
            return total
    return total


@pytest.mark.parametrize("seed", range(60))
def test_the_verdict_is_the_class_searches_and_the_cost_is_near_the_better_schedule(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 40))
    sizes = rng.integers(1, 1000, n)
    costs = rng.integers(1, 3 * 10**6, n) if seed % 2 else (sizes ** 2 // 10 + 1)
    fails = rng.random(n) < (0.0 if seed % 5 == 0 else 0.15)
    stats, search = mock(costs, fails)
    verdict, failing = probe_classes(sizes, search, stats, 10**12)
    if fails.any():
        assert verdict == REFUTED and fails[failing]
    else:
        assert (verdict, failing) == (0, None)
    smallest_first = one_at_a_time(costs, fails, np.argsort(sizes, kind="stable"))
    # each turn of the smallest-first schedule has as many nodes as the round before it used, so
    # it reaches its failing class's cost within a round or two; a class cut short here starts
    # again from nothing (the kernel keeps what it decided), hence the factor
    assert stats[Stat.NODES] <= 8 * smallest_first + 2 * n * PROBE_NODES


def test_the_node_limit_stops_it_with_nothing_proven():
    sizes = np.array([10, 20, 30])
    stats, search = mock([10**6, 10**6, 10**6], [False, False, True])
    assert probe_classes(sizes, search, stats, 50_000) == (NODE_LIMIT, None)
    assert stats[Stat.NODES] <= 50_000 + 2


def test_a_failing_large_class_found_fast_by_the_rounds():
    """The case the rounds are for: small classes that take millions, a large one failing fast."""
    sizes = np.array([5, 6, 7, 900])
    costs = [10**7, 10**7, 10**7, 3000]
    stats, search = mock(costs, [False, False, False, True])
    assert probe_classes(sizes, search, stats, 10**12) == (REFUTED, 3)
    assert stats[Stat.NODES] < 3 * 10**4
