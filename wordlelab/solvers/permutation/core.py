"""Compiled core of the exact permutation-Wordle solver.

A knowledge state is the bipartite graph of (position, value) pairs still
possible, with solved positions removed: k rows, row i a k-bit mask of values,
packed 8 bits per row into one int64 ``E``. Its secrets are the graph's
perfect matchings, and after pruning every edge lies on one, so the graph *is*
the state. Symmetries (relabelling positions, relabelling values, and
sigma -> sigma^-1, i.e. transposing) are removed by :func:`canonical`, which
returns an int64 key that also decodes back to an isomorphic graph.

A guess is a maximal matching of the graph: the rest of the permutation is
filled with pairs already known wrong, which tell nothing, and testing a
superset of pairs only refines the feedback. Guesses that tell nothing are
dropped. With ``consistent`` set, guesses are the secrets themselves.

:func:`expand` lists, for one state, its distinct guess *outcomes*: each is a
win flag and the sorted keys of the child states (one per feedback). Guesses
with the same outcome are kept once, which removes the state's own symmetry.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np
from numba import types
from numba.typed import Dict

from wordlelab.solvers.permutation.canon import (automorphisms, canonical, canonical_map, image,  # noqa: F401
                                                 key_size, lowbit_index)


@nb.njit(cache=True)
def decode(key):
    """Key -> (rows, k): k packed non-zero bytes, one per row."""
    k = key_size(key)
    rows = np.empty(k, np.int64)
    for i in range(k):
        rows[i] = (key >> (8 * i)) & 0xFF
    return rows, k


@nb.njit(cache=True)
def _append(out, count, value):
    """out[count] = value, doubling ``out`` when full; returns the (maybe new) array."""
    if count == out.shape[0]:
        bigger = np.empty(2 * count, np.int64)
        bigger[:count] = out
        out = bigger
    out[count] = value
    return out


PERFECT, MAXIMAL, EVERY = 0, 1, 2


@nb.njit(cache=True)
def perfect_matchings(rows, k):
    """Every perfect matching (a secret), as a packed edge mask (bit 8*i + v)."""
    if k == 0:
        return np.zeros(1, np.int64)
    return _matchings(rows, k, PERFECT)


@nb.njit(cache=True)
def maximal_matchings(rows, k, only_maximal=True):
    """Every maximal matching (a guess), as a packed edge mask; every non-empty matching if not ``only_maximal``."""
    return _matchings(rows, k, MAXIMAL if only_maximal else EVERY)


@nb.njit(cache=True)
def _matchings(rows, k, kind):
    """Depth-first over rows: each takes a free column or (unless PERFECT) is left out."""
    out = np.empty(64, np.int64)
    count = 0
    # choice per row: a column, or k for 'leave this row to a known-wrong value'
    cand = np.zeros(k, np.int64)
    skip_left = np.zeros(k, np.bool_)
    chosen = np.zeros(k, np.int64)
    partial = np.zeros(k + 1, np.int64)
    used = 0
    i = 0
    cand[0] = rows[0]
    skip_left[0] = kind != PERFECT
    while True:
        if cand[i] == 0 and not skip_left[i]:
            i -= 1
            if i < 0:
                break
            if chosen[i] < k:
                used ^= 1 << chosen[i]
            continue
        if cand[i] != 0:
            c = lowbit_index(cand[i])
            cand[i] &= cand[i] - 1
            partial[i + 1] = partial[i] | (1 << (8 * i + c))
        else:
            skip_left[i] = False
            c = k
            partial[i + 1] = partial[i]
        chosen[i] = c
        if c < k:
            used |= 1 << c
        if i == k - 1:
            keep = partial[k] != 0
            for r in range(k):
                if kind == MAXIMAL and chosen[r] == k and rows[r] & ~used:
                    keep = False
                    break
            if keep:
                out = _append(out, count, partial[k])
                count += 1
            if c < k:
                used ^= 1 << c
        else:
            i += 1
            cand[i] = rows[i] & ~used
            skip_left[i] = kind != PERFECT
    return out[:count]


@nb.njit(cache=True)
def child_rows(edges, solved_rows, solved_cols, k):
    """Rows of the graph ``edges`` with the solved rows and columns removed (k' x k')."""
    colmap = np.empty(k, np.int64)
    nk = 0
    for j in range(k):
        if not (solved_cols >> j) & 1:
            colmap[j] = nk
            nk += 1
    rows = np.empty(nk, np.int64)
    r = 0
    for i in range(k):
        if (solved_rows >> i) & 1:
            continue
        m = (edges >> (8 * i)) & 0xFF
        out = 0
        while m:
            j = lowbit_index(m)
            m &= m - 1
            if not (solved_cols >> j) & 1:
                out |= 1 << colmap[j]
        rows[r] = out
        r += 1
    return rows, nk


def new_memo():
    """An empty memo for :func:`expand_memo`: packed child rows -> canonical key."""
    return Dict.empty(key_type=types.int64, value_type=types.int64)


@nb.njit(cache=True)
def outcomes(rows, k, secrets, guess, memo):
    """Partition of ``secrets`` by ``guess``: (win flag, child keys, child sizes), children unsorted.

    ``memo`` maps a child's rows, packed as a key is (one non-zero byte a row, so the packing is
    one-to-one), to their canonical key: the same labelled child recurs under many guesses and
    many states, and canonical() is most of the cost of an expansion.
    """
    bits = np.empty(k, np.int64)
    m = 0
    g = guess
    while g:
        b = lowbit_index(g)
        g &= g - 1
        bits[m] = b
        m += 1
    size = 1 << m
    cnt = np.zeros(size, np.int64)
    union = np.zeros(size, np.int64)
    for s in secrets:
        idx = 0
        for t in range(m):
            idx |= ((s >> bits[t]) & 1) << t
        cnt[idx] += 1
        union[idx] |= s
    win = m == k and cnt[size - 1] == 1
    keys = np.empty(size, np.int64)
    sizes = np.empty(size, np.int64)
    nchild = 0
    for idx in range(size):
        if cnt[idx] == 0 or (win and idx == size - 1):
            continue
        solved_r = 0
        solved_c = 0
        u = union[idx]
        for i in range(k):
            row = (u >> (8 * i)) & 0xFF
            if row != 0 and (row & (row - 1)) == 0:
                # a forced pair (every secret left agrees here) is as good as solved
                solved_r |= 1 << i
                solved_c |= row
        crow, ck = child_rows(union[idx], solved_r, solved_c, k)
        packed = 0
        for i in range(ck):
            packed |= crow[i] << (8 * i)
        if packed in memo:
            keys[nchild] = memo[packed]
        else:
            c = canonical(crow, ck)
            memo[packed] = c
            keys[nchild] = c
        sizes[nchild] = cnt[idx]
        nchild += 1
    return win, keys[:nchild], sizes[:nchild]


@nb.njit(cache=True)
def expand(key, consistent, every_matching):
    """:func:`expand_memo` with a memo of its own (see there)."""
    e = expand_memo(key, consistent, every_matching, Dict.empty(key_type=types.int64, value_type=types.int64))
    return e[0], e[1], e[2], e[3], e[4]


@nb.njit(cache=True)
def expand_memo(key, consistent, every_matching, memo):
    """Distinct outcomes of one state: (secrets, wins, offsets, child keys flat, a representative guess
    each, child sizes flat): outcome o's children are flat[offsets[o]:offsets[o + 1]], ascending, and
    sizes gives each child's number of secrets.

    Guesses that leave the secrets in one class without winning are dropped.
    ``every_matching`` also tries non-maximal matchings: never better, but they
    reach more states (used to list every state a game can reach). Every caller passes all
    three arguments as (int, bool, bool): an omitted default is a type of its own to numba, and
    each distinct signature compiles this function again (9 s). ``memo`` (:func:`new_memo`) caches
    canonical keys of labelled children; a caller expanding many states keeps one across them.
    """
    rows, k = decode(key)
    if k == 0:  # one secret, fully known: guessing it wins
        return (1, np.ones(1, np.bool_), np.zeros(2, np.int64), np.zeros(0, np.int64), np.zeros(1, np.int64),
                np.zeros(0, np.int64))
    secrets = perfect_matchings(rows, k)
    n_sec = secrets.shape[0]
    guesses = secrets if consistent else maximal_matchings(rows, k, not every_matching)
    maps = automorphisms(rows, k)
    orbit_seen = Dict.empty(key_type=types.int64, value_type=types.int64)
    seen = Dict.empty(key_type=types.int64, value_type=types.int64)
    flat = np.empty(256, np.int64)
    flat_sizes = np.empty(256, np.int64)
    offsets = np.zeros(guesses.shape[0] + 1, np.int64)
    wins = np.zeros(guesses.shape[0], np.bool_)
    reps = np.zeros(guesses.shape[0], np.int64)
    n_out = 0
    used = 0
    for gi in range(guesses.shape[0]):
        if maps.shape[0] > 1:
            # one guess per orbit under the state's symmetries
            if guesses[gi] in orbit_seen:
                continue
            for t in range(maps.shape[0]):
                orbit_seen[image(guesses[gi], maps[t])] = 1
        win, keys, sizes = outcomes(rows, k, secrets, guesses[gi], memo)
        if not win and keys.shape[0] == 1 and sizes[0] == n_sec:
            continue
        by_key = np.argsort(keys)
        keys = keys[by_key]
        sizes = sizes[by_key]
        h = np.int64(1469598103934665603) if win else np.int64(7)
        for x in keys:
            h = (h ^ x) * np.int64(1099511628211)
        h = h ^ keys.shape[0]
        # exact check against the outcomes already kept under this hash
        dup = False
        probe = h
        while probe in seen:
            o = seen[probe]
            if wins[o] == win and offsets[o + 1] - offsets[o] == keys.shape[0]:
                same = True
                for t in range(keys.shape[0]):
                    if flat[offsets[o] + t] != keys[t]:
                        same = False
                        break
                if same:
                    dup = True
                    break
            probe += 1
        if dup:
            continue
        seen[probe] = n_out
        while used + keys.shape[0] > flat.shape[0]:
            bigger = np.empty(2 * flat.shape[0], np.int64)
            bigger[:used] = flat[:used]
            flat = bigger
            bigger = np.empty(2 * flat_sizes.shape[0], np.int64)
            bigger[:used] = flat_sizes[:used]
            flat_sizes = bigger
        flat[used:used + keys.shape[0]] = keys
        flat_sizes[used:used + keys.shape[0]] = sizes
        used += keys.shape[0]
        wins[n_out] = win
        reps[n_out] = guesses[gi]
        n_out += 1
        offsets[n_out] = used
    return n_sec, wins[:n_out], offsets[:n_out + 1], flat[:used], reps[:n_out], flat_sizes[:used]
