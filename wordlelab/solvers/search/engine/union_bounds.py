"""Lower bounds for unions of classes, from subadditivity (easy mode).

Theorem (Selby, part 2, "Subadditivity in easy mode"): if H_1, ..., H_k partition H, then
m(H_1, d) + ... + m(H_k, d) <= m(H, d), where m(H, d) is the least total over the answers in
H with d guesses left and the guess list is the same for every part. Proof: a strategy for H,
played on the answers of H_i only, is a strategy for H_i whose total there is H_i's share.

So once a node has played guess g and valued (or bounded) its classes, every union of some of
those classes gets a proven lower bound: the sum of its classes' values. The unions stored are
those of classes whose patterns differ in one position only. They are the classes of a guess
that has, in that position, a letter known to be absent: TONIC's class after NORTH.BBBYB is the
union of TUNIC's classes that differ only in the U's colour. When the search later tries such a
guess at the node, the class's probe finds the bound in the node table by its key and refutes
the guess without reading the pattern matrix. The stored bound is never exact, and it never
replaces an exact value or a larger bound (:func:`raise_bound`).

Node keys are sums over the answers (``search_core.node_key``), so a union's key is read off
its classes' sums of key weights. Hard and strict mode are excluded: there the parts may have
other guess lists than the union, and the theorem needs the same list.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.node_table import entry_exact, entry_value, lookup, pack, store
from wordlelab.solvers.search.engine.tables import INF, KEY_DEPTH_MIX

_POWERS = np.array([1, 3, 9, 27, 81], np.int32)


@nb.njit(cache=True)
def raise_bound(cache, key, value, size):
    """Store ``value`` as a lower bound for ``key`` unless an exact value or a bound as large is kept."""
    old = lookup(cache, key)
    if old >= 0 and (entry_exact(old) or entry_value(old) >= value):
        return False
    store(cache, key, pack(min(value, INF), -1, 0, size))
    return True


@nb.njit(cache=True)
def store_union_bounds(members, starts, sizes, pats, values, d, Z1, Z2, cache):
    """Bound every union of classes whose patterns differ in one position; the count stored.

    ``members``/``starts``/``sizes``/``pats`` are the classes (``search_core.classes_of``) of a
    node's answers, rows of the tables whose key weights are ``Z1``, ``Z2``; ``values[c]`` is a
    proven lower bound (or the value) of class c with ``d`` guesses left. A union's bound is kept
    only where it beats the trivial 2|U| - 1.
    """
    nc = sizes.shape[0]
    z1 = np.zeros(nc, np.uint64)
    z2 = np.zeros(nc, np.uint64)
    for c in range(nc):
        for i in range(starts[c], starts[c] + sizes[c]):
            z1[c] += Z1[members[i]]
            z2[c] += Z2[members[i]]
    count = np.zeros(243, np.int32)
    total = np.zeros(243, np.int64)
    size = np.zeros(243, np.int64)
    h1 = np.zeros(243, np.uint64)
    h2 = np.zeros(243, np.uint64)
    stored = 0
    for p in range(5):
        step = _POWERS[p]
        for c in range(nc):
            w = pats[c] - ((pats[c] // step) % 3) * step
            count[w] += 1
            total[w] += values[c]
            size[w] += sizes[c]
            h1[w] += z1[c]
            h2[w] += z2[c]
        for c in range(nc):
            w = pats[c] - ((pats[c] // step) % 3) * step
            if count[w] >= 2 and size[w] >= 3 and total[w] > 2 * size[w] - 1:
                key1 = np.uint64(d) * np.uint64(KEY_DEPTH_MIX) + np.uint64(size[w]) + h1[w]
                key = (np.int64(key1), np.int64(h2[w]))
                if raise_bound(cache, key, total[w], size[w]):
                    stored += 1
            count[w] = 0        # each union once; also resets the buckets for the next position
            total[w] = 0
            size[w] = 0
            h1[w] = 0
            h2[w] = 0
    return stored
