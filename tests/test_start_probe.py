"""probe_classes: the verdict of a first word's classes, whatever the schedule, at no more than
about twice the better of its two schedules."""
import numpy as np
import pytest

from wordlelab.solvers.search.classes.start_probe import PROBE_NODES, probe_classes
from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED, Stat, new_stats


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


def mock_trial(trial_costs, trial_fails, stats):
    """A subset search like :func:`mock`'s; ``None`` cost: the class has no subset."""
    tried = []

    def trial(c, limit):
        tried.append(c)
        if trial_costs[c] is None:
            return None
        used = min(trial_costs[c], limit - int(stats[Stat.NODES]))
        stats[Stat.NODES] += max(used, 0)
        if used < trial_costs[c]:
            stats[Stat.NODES] += 1
            return NODE_LIMIT
        return REFUTED if trial_fails[c] else 5
    return trial, tried


def test_a_refuted_subset_refutes_its_class_long_before_the_class_search():
    """ABOUT's case: every class takes tens of millions of nodes, and the subset of one fails in
    about a million."""
    sizes = np.array([1006, 400, 300, 50])
    stats, search = mock([5 * 10**7] * 4, [True, False, False, False])
    trial, _ = mock_trial([9 * 10**5, 3, None, 10], [True, False, False, False], stats)
    assert probe_classes(sizes, search, stats, 10**12, trial=trial) == (REFUTED, 0)
    assert stats[Stat.NODES] < 5 * 10**6
    # without it the rounds spend the whole class's cost first
    stats, search = mock([5 * 10**7] * 4, [True, False, False, False])
    probe_classes(sizes, search, stats, 10**12)
    assert stats[Stat.NODES] > 5 * 10**7


def test_a_solved_subset_or_none_is_not_tried_again_and_changes_no_verdict():
    sizes = np.array([30, 20, 10])
    costs, fails = [4 * 10**5, 3 * 10**5, 2 * 10**5], [False, True, False]
    stats, search = mock(costs, fails)
    trial, tried = mock_trial([50, None, 70], [False, False, False], stats)
    assert probe_classes(sizes, search, stats, 10**12, trial=trial) == (REFUTED, 1)
    assert sorted(tried) == [0, 1, 2]          # each once: solved, none, solved
    stats, search = mock(costs, [False] * 3)
    trial, tried = mock_trial([10**9, 10**9, None], [False, False, False], stats)
    assert probe_classes(sizes, search, stats, 10**12, trial=trial) == (0, None)
    assert tried.count(0) >= 2                 # cut short, so tried again in the next round


@pytest.mark.parametrize("seed", range(30))
def test_with_subsets_the_verdict_is_still_the_class_searches(seed):
    """A subset can fail only where its class fails (monotonicity); whatever the subsets cost,
    the verdict is the classes', and a refuted class is one that fails."""
    rng = np.random.default_rng(1000 + seed)
    n = int(rng.integers(1, 30))
    sizes = rng.integers(1, 1000, n)
    costs = rng.integers(1, 3 * 10**6, n)
    fails = rng.random(n) < (0.0 if seed % 5 == 0 else 0.15)
    stats, search = mock(costs, fails)
    trial_costs = [None if rng.random() < 0.3 else int(rng.integers(1, 10**6)) for _ in range(n)]
    trial_fails = fails & (rng.random(n) < 0.5)
    trial, _ = mock_trial(trial_costs, trial_fails, stats)
    verdict, failing = probe_classes(sizes, search, stats, 10**12, trial=trial)
    if fails.any():
        assert verdict == REFUTED and fails[failing]
    else:
        assert (verdict, failing) == (0, None)
