"""Subadditivity bounds (solvers/search/engine/union_bounds.py): right keys, sound values, never overwriting."""
import numpy as np
import pytest

from tests.test_native_search import brute_force, tiny_instance
from wordlelab.instances.wordlists import WordLists
from wordlelab.solvers.search.engine import search_core as core
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.node_table import entry_exact, entry_value, lookup, new_table, pack, store
from wordlelab.solvers.search.engine.union_bounds import raise_bound, store_union_bounds


def _wild(pattern, p):
    return pattern - (pattern // 3 ** p % 3) * 3 ** p


def _unions(pats, sizes, p):
    """The classes (indices) of each union of two or more whose patterns differ in position p only."""
    groups = {}
    for c, pat in enumerate(pats):
        groups.setdefault(_wild(int(pat), p), []).append(c)
    return [cs for cs in groups.values() if len(cs) >= 2 and sum(int(sizes[c]) for c in cs) >= 3]


def _instance(seed):
    answers, guesses = tiny_instance(seed, n_answers=14, n_guesses=24)
    lists = WordLists(f"tiny{seed}", guesses, answers)
    return lists, NativeSearcher(lists, "easy", 6)


@pytest.mark.parametrize("seed", range(4))
def test_keys_and_values_of_the_unions(seed):
    lists, s = _instance(seed)
    H = np.arange(len(lists.answers), dtype=np.int32)
    L = np.arange(len(lists.guesses), dtype=np.int32)
    rng = np.random.default_rng(seed)
    checked = 0
    for g in range(len(lists.guesses)):
        members, starts, sizes, pats = core.classes_of(s.MT, H, g)
        values = (2 * sizes.astype(np.int64) - 1) + rng.integers(1, 5, sizes.shape[0])
        table = new_table(1 << 12)
        store_union_bounds(members, starts, sizes, pats, values, 4, s.Z1, s.Z2, table)
        for p in range(5):
            for cs in _unions(pats, sizes, p):
                rows = np.sort(np.concatenate([members[starts[c]:starts[c] + sizes[c]] for c in cs]))
                e = lookup(table, core.node_key(rows, L, 4, core.EASY, s.Z1, s.Z2, s.ZG))
                assert e >= 0 and not entry_exact(e)
                assert entry_value(e) >= sum(int(values[c]) for c in cs)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("seed", range(4))
def test_every_union_bound_is_at_most_the_unions_value(seed):
    """The theorem, by brute force: a union's exact value is at least the sum of its classes'."""
    lists, s = _instance(seed)
    answers = list(lists.answers)
    H = np.arange(len(answers), dtype=np.int32)
    d = 3
    checked = 0
    for g in range(len(lists.guesses)):
        members, starts, sizes, pats = core.classes_of(s.MT, H, g)

        def value(rows):
            words = [answers[i] for i in rows]
            if len(words) == 1:
                return 1
            best = min(brute_force(words, lists.guesses, "easy", d, w) for w in lists.guesses)
            return core.INF if best == float("inf") else int(best)

        values = np.array([value(members[starts[c]:starts[c] + sizes[c]]) for c in range(len(sizes))], np.int64)
        for p in range(5):
            for cs in _unions(pats, sizes, p):
                rows = np.concatenate([members[starts[c]:starts[c] + sizes[c]] for c in cs])
                assert value(rows) >= min(sum(int(values[c]) for c in cs), core.INF)   # INF: none
                checked += 1
        if checked > 30:
            break
    assert checked > 0


def test_an_exact_value_or_a_larger_bound_is_kept():
    table = new_table(64)
    store(table, (11, 12), pack(40, 7, True, 10))
    assert not raise_bound(table, (11, 12), 50, 10)
    assert entry_exact(lookup(table, (11, 12))) and entry_value(lookup(table, (11, 12))) == 40
    assert raise_bound(table, (21, 22), 30, 10)
    assert not raise_bound(table, (21, 22), 25, 10)
    assert raise_bound(table, (21, 22), 35, 10)
    assert entry_value(lookup(table, (21, 22))) == 35 and not entry_exact(lookup(table, (21, 22)))
