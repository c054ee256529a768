"""The node table keeps what a dict would (short of evictions), detects torn slots, and is shared across processes."""
import concurrent.futures as cf
import doctest
import multiprocessing as mp

import numpy as np
import pytest

from wordlelab.solvers.search.engine import node_table as nt


def test_doctests():
    assert doctest.testmod(nt).failed == 0


def test_pack_round_trip():
    for value, guess, exact, size in [(0, -1, False, 1), (2**30, 524286, True, 5000), (7897, 0, True, 2309)]:
        e = nt.pack(value, guess, exact, size)
        assert e > 0
        assert (nt.entry_value(e), nt.entry_guess(e), bool(nt.entry_exact(e))) == (value, guess, exact)


def test_agrees_with_a_dict_until_full():
    """With room to spare, every stored key reads back its latest entry and unknown keys miss."""
    rng = np.random.default_rng(3)
    table = nt.new_table(1 << 12)
    truth = {}
    keys = [tuple(int(x) for x in rng.integers(-2**62, 2**62, 2)) for _ in range(400)]
    for _ in range(2000):
        k = keys[rng.integers(len(keys))]
        e = nt.pack(int(rng.integers(0, 10**6)), int(rng.integers(-1, 1000)), bool(rng.integers(2)), 7)
        nt.store(table, k, e)
        truth[k] = e
    for k, e in truth.items():
        assert nt.lookup(table, k) == e
    assert nt.table_count(table) == len(truth)
    for _ in range(200):
        k = tuple(int(x) for x in rng.integers(-2**62, 2**62, 2))
        if k not in truth:
            assert nt.lookup(table, k) == -1


def test_full_bucket_evicts_the_smallest_node():
    table = nt.new_table(16)                      # 16 slots: 4 buckets of 4
    keys = [(4 * i * 16 + 1, i) for i in range(5)]   # same bucket (the low bits of k1 agree)
    for size, k in zip([50, 10, 30, 40, 20], keys):
        nt.store(table, k, nt.pack(size, 1, True, size))
    assert nt.lookup(table, keys[1]) == -1          # size 10 made room for the fifth
    for k in keys[:1] + keys[2:]:
        assert nt.lookup(table, k) != -1


def test_torn_slot_reads_as_a_miss():
    """Words of two writes in one slot (a race between processes) never pass as an entry."""
    table = nt.new_table(16)
    a, b = (17, 123456789), (17, 987654321)
    nt.store(table, a, nt.pack(100, 5, True, 9))
    slot = np.flatnonzero(table[:, 0] == 17)[0]
    table[slot, 2] = nt.pack(200, 6, True, 9)          # the value word of a later write for another key
    assert nt.lookup(table, a) == -1
    table[slot, 1] = b[1] ^ table[slot, 2]             # ... and its check word: now it is b's entry
    assert nt.lookup(table, a) == -1
    assert nt.entry_value(nt.lookup(table, b)) == 200


def _write_in_child(ref, key, value):
    shared = nt.SharedArray.attach(ref)
    nt.store(shared.array, key, nt.pack(value, 1, True, 3))
    return int(nt.lookup(shared.array, (1, 2)))


def test_shared_across_processes():
    shared = nt.SharedArray.create(nt.table_shape(1000))
    try:
        nt.store(shared.array, (1, 2), nt.pack(11, 0, True, 3))
        with cf.ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as pool:
            seen = pool.submit(_write_in_child, shared.ref, (3, 4), 22).result()
        assert nt.entry_value(seen) == 11                       # the child read the parent's entry
        assert nt.entry_value(nt.lookup(shared.array, (3, 4))) == 22   # and the parent reads the child's
    finally:
        shared.unlink()


def test_attach_elsewhere_gives_none():
    assert nt.SharedArray.attach(("/nonexistent/wordlelab-table", (16, 3))) is None


@pytest.mark.parametrize("entries", [1, 16, 1000, 1 << 20])
def test_shape_is_a_power_of_two(entries):
    slots, width = nt.table_shape(entries)
    assert width == 3 and slots >= max(entries, 16) and slots & (slots - 1) == 0
