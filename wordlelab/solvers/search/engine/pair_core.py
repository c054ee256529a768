"""Compiled kernels of the best fixed pair: class counts of every pair, and a pair's exact total.

Two first words played blind (the second does not depend on the first's pattern) split the
answers into classes by the pair of patterns they give. With ``d`` guesses in all (6), an
answer equal to the first word costs 1, one equal to the second 2, and a class C of the others
costs ``2|C| + v(C)``, where ``v(C)`` is the least total of C with ``d - 2`` guesses left: the
min-sum search of :mod:`~wordlelab.solvers.search.engine.search_core` on C.

The bound: every class of size s needs at least ``2s - 1`` more guesses (one guess may be the
answer, and each other answer needs at least two), so with N answers, K classes (answers
equal to a word of the pair count as classes of their own), m of the two words answers and c
their cost (1 for the first, 2 for the second), the total is at least ``c + 4N - 3m - K``.
Counting K for one first word against every second word costs one pass over the answers per pair.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.search_core import ALL_GREEN, INF, count_classes, classes_of, solve

N_PATTERNS = 243


@nb.njit(cache=True)
def pair_class_counts(MT, H, w1, seconds):
    """K of each pair (w1, seconds[t]): the classes w1 makes, each split by seconds[t], counted.

    ``MT`` is the answers x guesses matrix, ``H`` the answers. Each class of w1 is counted by
    :func:`~wordlelab.solvers.search.engine.search_core.count_classes` against every second word at
    once, in tiles that stay in the L1 cache (four times the speed of one pass per pair).
    """
    members, starts, sizes, pats = classes_of(MT, H, w1)
    K = np.zeros(seconds.shape[0], np.int32)
    found = 0
    for i in range(H.shape[0]):
        if MT[H[i], w1] == ALL_GREEN:
            found = 1          # w1 is an answer: its own class, which classes_of leaves out
    for j in range(seconds.shape[0]):
        K[j] = found
    for c in range(sizes.shape[0]):
        if sizes[c] == 1:
            for j in range(seconds.shape[0]):
                K[j] += 1
            continue
        sub = members[starts[c]:starts[c] + sizes[c]].copy()
        k, _ = count_classes(MT, sub, seconds)
        for j in range(seconds.shape[0]):
            K[j] += k[j]
    return K


@nb.njit(cache=True)
def pair_class_counts_plain(M, w1, seconds):
    """:func:`pair_class_counts` the plain way, one pass over the answers per pair (for the tests).

    ``M`` is the guesses x answers matrix (each guess's row contiguous).
    """
    n_a = M.shape[1]
    stamp = np.zeros(N_PATTERNS * N_PATTERNS, np.int32)
    base = np.empty(n_a, np.int32)
    for a in range(n_a):
        base[a] = np.int32(M[w1, a]) * N_PATTERNS
    out = np.empty(seconds.shape[0], np.int32)
    for t in range(seconds.shape[0]):
        row = M[seconds[t]]
        tag = t + 1
        k = 0
        for a in range(n_a):
            c = base[a] + row[a]
            if stamp[c] != tag:
                stamp[c] = tag
                k += 1
        out[t] = k
    return out


@nb.njit(cache=True)
def pair_classes(MT, H, w1, w2):
    """(members, starts, sizes, fixed): the classes of H after w1 then w2, largest first, and the
    cost of the answers that are w1 or w2 themselves (1 and 2)."""
    n = H.shape[0]
    codes = np.empty(n, np.int64)
    fixed = 0
    for i in range(n):
        p1 = MT[H[i], w1]
        p2 = MT[H[i], w2]
        if p1 == ALL_GREEN:
            fixed += 1
            codes[i] = -1
        elif p2 == ALL_GREEN:
            fixed += 2
            codes[i] = -1
        else:
            codes[i] = np.int64(p1) * N_PATTERNS + p2
    order = np.argsort(codes, kind="mergesort")
    members = np.empty(n, np.int32)
    starts = np.empty(n, np.int64)
    sizes = np.empty(n, np.int64)
    nc, m, prev = 0, 0, np.int64(-2)
    for t in range(n):
        i = order[t]
        if codes[i] < 0:
            continue
        if codes[i] != prev:
            starts[nc] = m
            sizes[nc] = 0
            nc += 1
            prev = codes[i]
        members[m] = H[i]
        sizes[nc - 1] += 1
        m += 1
    by_size = np.argsort(-sizes[:nc], kind="mergesort")
    return members[:m], starts[:nc][by_size], sizes[:nc][by_size], fixed


@nb.njit(cache=True)
def pair_value(H, w1, w2, L, d, beta, live, tabs, cache, stats):
    """Total of w1 then w2 blind, then the best strategy in each class, ``d`` guesses in all.

    A result below the cutoff ``min(beta, live[0])`` (as read after the call) is exact; one at
    or above it is a lower bound. ``L`` is a guess list every class may use (in easy mode, the
    root's child list: a guess it leaves out splits no subset differently from one it keeps).
    """
    members, starts, sizes, fixed = pair_classes(tabs.MT, H, w1, w2)
    nc = sizes.shape[0]
    if nc > 0 and d <= 2:
        return INF
    total = np.int64(fixed)
    lbs = np.empty(nc, np.int64)
    for c in range(nc):
        # 2s - 1 is a class's exact total for s <= 2 only with two guesses left: with one, a
        # guess finds one answer, so a class of two has no strategy
        if d - 2 < 2 and sizes[c] >= 2:
            return INF
        lbs[c] = 2 * sizes[c] - 1
        total += 2 * sizes[c] + lbs[c]
    # one-ply bounds of the classes first: they refute most pairs cheaply
    for c in range(nc):
        if sizes[c] < 3 or total >= min(beta, live[0]):
            continue
        sub = members[starts[c]:starts[c] + sizes[c]].copy()
        v, _ = solve(sub, L, d - 2, lbs[c] + 1, tabs, 0, cache, stats)
        total += v - lbs[c]
        lbs[c] = v
    for c in range(nc):
        cutoff = min(beta, live[0])
        if total >= cutoff:
            return total
        if sizes[c] < 3:
            continue
        sub = members[starts[c]:starts[c] + sizes[c]].copy()
        v, _ = solve(sub, L, d - 2, cutoff - (total - lbs[c]), tabs, 0, cache, stats)
        total += v - lbs[c]
        lbs[c] = v
    return total
