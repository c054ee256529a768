"""Selby's endgame bound: a node whose largest endgame cannot be told apart in time is infeasible.

An *endgame* is a set of answers equal in four positions (?ILLS: bills, dills, fills, ...).
Theorem (Selby, part 2, "Endgame analysis"): let L be the answers of a node that lie in one
endgame, and n(L, w) the number of distinct patterns guess w gives on L. If the strategy must
find every answer within d guesses, then the d - 1 guesses before the last must bring the
candidates within L down to one. Every class of L under w but one is a single answer (the
lemma and its proof are in :mod:`wordlelab.models.refutation`, whose checker re-derives the
bound), so w leaves an adversary at least |S| - (n(L, w) - 1) of any S within L. So the node is infeasible if the
d - 1 largest values of n(L, w) - 1, over the guesses the node allows, sum to less than |L| - 1.
In hard and strict mode the guesses allowed later are a subset of those allowed now, so the
node's own list bounds them; in easy mode the list is every guess.

The bound is checked on the endgame with the most answers in the node (each answer is in at
most five, one per wildcard position), and the scan over guesses stops as soon as the largest
values found already reach |L| - 1: the bound refutes a node only after reading every guess.
"""
from __future__ import annotations

import numba as nb
import numpy as np

MIN_ENDGAME = 3         # models.endgames.endgame_ids numbers the endgames of 3 answers or more
ENDGAME_MAX_D = 4       # the min-sum search tries the bound with this many guesses left or fewer (hard, strict); the depth search at every depth


@nb.njit(cache=True)
def largest_endgame(H, eg, eg_count):
    """The rows of H in the endgame with the most of them (ascending; empty if under MIN_ENDGAME).

    ``eg`` gives each row's endgames (:func:`wordlelab.models.endgames.endgame_ids`, rows of the
    matrix); ``eg_count`` is zeroed scratch, one slot per endgame, and is zero again on return.
    """
    n = H.shape[0]
    best, best_count = -1, 0
    for i in range(n):
        for p in range(5):
            g = eg[H[i], p]
            if g >= 0:
                eg_count[g] += 1
                if eg_count[g] > best_count:
                    best, best_count = g, eg_count[g]
    for i in range(n):
        for p in range(5):
            g = eg[H[i], p]
            if g >= 0:
                eg_count[g] = 0
    if best_count < MIN_ENDGAME:
        return H[:0].copy()
    rows = np.empty(best_count, H.dtype)
    c = 0
    for i in range(n):
        for p in range(5):
            if eg[H[i], p] == best:
                rows[c] = H[i]
                c += 1
                break
    return rows


@nb.njit(cache=True)
def endgame_slack(rows, L, d, MT, enough):
    """The d - 1 largest values of n(rows, w) - 1 over the guesses w in L, summed, less
    len(rows) - 1: negative when no strategy of d guesses tells the rows apart. The scan stops
    once the slack reaches ``enough``, which it then returns ("at least ``enough``")."""
    k = rows.shape[0]
    if d < 2:
        return -1 if k > 1 else enough
    need = k - 1 + enough
    top = np.zeros(d - 1, np.int64)     # the d - 1 largest values of n - 1, smallest first
    total = 0
    stamp = np.zeros(243, np.int64)
    for j in range(L.shape[0]):
        col = L[j]
        distinct = 0
        for r in range(k):
            q = MT[rows[r], col]
            if stamp[q] != j + 1:
                stamp[q] = j + 1
                distinct += 1
        v = distinct - 1
        if v > top[0]:
            total += v - top[0]
            top[0] = v
            for t in range(d - 2):      # keep top[0] the smallest
                if top[t] > top[t + 1]:
                    top[t], top[t + 1] = top[t + 1], top[t]
            if total >= need:
                return enough
    return total - (k - 1)


@nb.njit(cache=True)
def endgame_slack_featured(rows, L, feat, mask, d, MT, enough):
    """:func:`endgame_slack` over the guesses of L that have every feature of ``mask``
    (:func:`~wordlelab.solvers.search.hard_rules.rule_mask`: hard mode's list after a pattern),
    without building that list: the scan usually stops after a few guesses."""
    k = rows.shape[0]
    if d < 2:
        return -1 if k > 1 else enough
    need = k - 1 + enough
    top = np.zeros(d - 1, np.int64)
    total = 0
    stamp = np.zeros(243, np.int64)
    m0, m1, m2, m3 = mask[0], mask[1], mask[2], mask[3]
    for j in range(L.shape[0]):
        col = L[j]
        if not ((feat[col, 0] & m0) == m0 and (feat[col, 1] & m1) == m1 and (feat[col, 2] & m2) == m2
                and (feat[col, 3] & m3) == m3):
            continue
        distinct = 0
        for r in range(k):
            q = MT[rows[r], col]
            if stamp[q] != j + 1:
                stamp[q] = j + 1
                distinct += 1
        v = distinct - 1
        if v > top[0]:
            total += v - top[0]
            top[0] = v
            for t in range(d - 2):
                if top[t] > top[t + 1]:
                    top[t], top[t + 1] = top[t + 1], top[t]
            if total >= need:
                return enough
    return total - (k - 1)


@nb.njit(cache=True)
def too_big(rows, L, d, MT):
    """True if the d - 1 largest values of n(rows, w) - 1, over the guesses w in L, sum to less
    than len(rows) - 1: no strategy of d guesses tells the rows apart."""
    return endgame_slack(rows, L, d, MT, 0) < 0


@nb.njit(cache=True)
def endgame_refutes(H, L, d, MT, eg, eg_count):
    """True if the largest endgame among rows H cannot be told apart by d - 1 guesses from L."""
    rows = largest_endgame(H, eg, eg_count)
    return rows.shape[0] >= MIN_ENDGAME and too_big(rows, L, d, MT)
