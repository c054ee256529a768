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

The searches also look with it at each guess before building the guess's classes
(:func:`endgame_refutes_guess`): any answers equal in four positions qualify, so the part of a
node's endgame that falls in one class of the guess is bounded with the guesses hard mode
allows after that class's pattern.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.hard_rules import HARD, rule_mask, view_child_list

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
def _patterns_on(rows, col, MT, stamp, mark):
    """How many patterns guess column ``col`` gives ``rows``; ``stamp`` is scratch, and ``mark``
    must differ from every mark it was given before."""
    distinct = 0
    for r in range(rows.shape[0]):
        q = MT[rows[r], col]
        if stamp[q] != mark:
            stamp[q] = mark
            distinct += 1
    return distinct


@nb.njit(cache=True)
def _keep_largest(top, v):
    """Put v in place of the smallest kept value top[0] (v larger), keep top[0] the smallest,
    and return how much the kept values' sum grew."""
    grew = v - top[0]
    top[0] = v
    for t in range(top.shape[0] - 1):
        if top[t] > top[t + 1]:
            top[t], top[t + 1] = top[t + 1], top[t]
    return grew


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
        v = _patterns_on(rows, L[j], MT, stamp, j + 1) - 1
        if v > top[0]:
            total += _keep_largest(top, v)
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


@nb.njit(cache=True)
def big_endgames(H, eg, eg_count, more_than):
    """The endgames with more than ``more_than`` rows of H, largest first, as (rows, starts, sizes).

    An answer lies in up to five endgames (one per wildcard position), so a row may appear in
    several. ``eg_count`` is zeroed scratch and is zero again on return.
    """
    n = H.shape[0]
    ids = np.empty(n * 5, np.int64)
    n_ids = 0
    for i in range(n):
        for p in range(5):
            e = eg[H[i], p]
            if e >= 0:
                if eg_count[e] == 0:
                    ids[n_ids] = e
                    n_ids += 1
                eg_count[e] += 1
    keep = np.empty(n_ids, np.int64)
    sizes = np.empty(n_ids, np.int64)
    k = 0
    for t in range(n_ids):
        if eg_count[ids[t]] > more_than:
            keep[k] = ids[t]
            sizes[k] = eg_count[ids[t]]
            k += 1
    for t in range(n_ids):
        eg_count[ids[t]] = 0
    order = np.argsort(-sizes[:k], kind="mergesort")
    keep, sizes = keep[:k][order], sizes[:k][order]
    starts = np.zeros(k, np.int64)
    for t in range(1, k):
        starts[t] = starts[t - 1] + sizes[t - 1]
    rows = np.empty(starts[k - 1] + sizes[k - 1] if k else 0, H.dtype)
    filled = np.zeros(k, np.int64)
    for i in range(n):
        for p in range(5):
            e = eg[H[i], p]
            if e >= 0:
                for t in range(k):
                    if keep[t] == e:
                        rows[starts[t] + filled[t]] = H[i]
                        filled[t] += 1
                        break
    return rows, starts, sizes


@nb.njit(cache=True)
def endgame_ranks(sizes, L):
    """Empty scratch for :func:`endgame_refutes_guess` at one node: per endgame of ``sizes``, the
    positions of L in descending order of n(endgame, w), those values, and whether it is filled."""
    n_eg = sizes.shape[0]
    m = L.shape[0] if n_eg > 0 else 0
    return np.empty((n_eg, m), np.int32), np.empty((n_eg, m), np.int32), np.zeros(n_eg, np.bool_)


@nb.njit(cache=True)
def rank_guesses(part, L, MT, order, vals):
    """Fill ``vals`` with n(part, w) for each guess w of L and ``order`` with L's positions by
    descending value (a counting sort: an endgame has few patterns)."""
    m = L.shape[0]
    stamp = np.zeros(243, np.int64)
    hist = np.zeros(244, np.int64)
    for j in range(m):
        distinct = _patterns_on(part, L[j], MT, stamp, j + 1)
        vals[j] = distinct
        hist[243 - distinct] += 1
    for v in range(1, 244):         # start of each value's run, largest value first
        hist[v] += hist[v - 1]
    for j in range(m - 1, -1, -1):
        v = 243 - vals[j]
        hist[v] -= 1
        order[hist[v]] = j


@nb.njit(cache=True)
def ranked_slack(sub, whole, ranking, choice, d, MT):
    """:func:`endgame_slack` (enough 0) of ``sub`` over the guesses of L that hard mode's ``mask``
    keeps (``featured``; else those marked in ``allowed``), read in descending order of
    n(part, w), where ``sub`` lies within ``part`` (``whole``: equals it) and ``ranking`` =
    ``(order, vals)`` is :func:`rank_guesses` of part. ``choice`` = ``(L, cols, feat, mask,
    featured, allowed)``: the guesses and which of them count (a tuple, which compiled code
    unpacks for free, so the scan's inputs travel as one value).

    Why the order: n(sub, w) <= n(part, w), so once a guess's n(part, w) - 1 is no larger than
    the smallest of the d - 1 values kept, no later guess changes the sum, and the scan stops;
    on a refuted guess the old scan read every guess of L.
    """
    order, vals = ranking
    L, cols, feat, mask, featured, allowed = choice
    k = sub.shape[0]
    if d < 2:
        return -1 if k > 1 else 0
    need = k - 1
    top = np.zeros(d - 1, np.int64)     # the d - 1 largest values of n - 1, smallest first
    total = 0
    stamp = np.zeros(243, np.int64)
    m0, m1, m2, m3 = mask[0], mask[1], mask[2], mask[3]
    for t in range(order.shape[0]):
        j = order[t]
        bound = vals[j] - 1
        if bound <= top[0]:
            break
        if featured:
            w = cols[L[j]]
            if not ((feat[w, 0] & m0) == m0 and (feat[w, 1] & m1) == m1 and (feat[w, 2] & m2) == m2
                    and (feat[w, 3] & m3) == m3):
                continue
        elif not allowed[j]:
            continue
        if whole:
            v = bound
        else:
            v = _patterns_on(sub, L[j], MT, stamp, t + 1) - 1
        if v > top[0]:
            total += _keep_largest(top, v)
            if total >= need:
                return 0
    return total - need


@nb.njit(cache=True)
def endgame_refutes_guess(rows, starts, sizes, ranks, g, Lchild, d, tabs):
    """True if guess g leaves, in one of its classes, part of a node's endgame that no d guesses
    allowed after it can tell apart (Selby's bound on that part; any answers equal in four
    positions qualify).

    Checked before g's classes are built: by the lemma of :mod:`wordlelab.models.refutation`
    an endgame falls, under any guess, into one class plus single answers, so only the answers
    sharing the most common pattern need the bound. Without this look the classes are searched
    smallest first, and a guess whose large class the bound refutes at once would be refuted
    only after its smaller classes had been solved.

    ``ranks`` is the node's :func:`endgame_ranks` scratch: each endgame's guesses are ranked
    once per node (on its first use), and every guess's bound then reads them best first
    (:func:`ranked_slack`).
    """
    MT, mode, letters, cols = tabs.MT, tabs.mode, tabs.letters, tabs.cols
    order, vals, ready = ranks
    count = np.zeros(243, np.int64)
    no_mask = np.zeros(4, np.uint64)
    for e in range(sizes.shape[0]):
        part = rows[starts[e]:starts[e] + sizes[e]]
        best, best_count = 0, 0
        for r in range(part.shape[0]):
            q = MT[part[r], g]
            count[q] += 1
            if count[q] > best_count:
                best, best_count = q, count[q]
        for r in range(part.shape[0]):
            count[MT[part[r], g]] = 0
        if best_count <= d:
            continue     # at most d answers are always found in time
        sub = np.empty(best_count, part.dtype)
        c = 0
        for r in range(part.shape[0]):
            if MT[part[r], g] == best:
                sub[c] = part[r]
                c += 1
        if not ready[e]:
            rank_guesses(part, Lchild, MT, order[e], vals[e])
            ready[e] = True
        whole = best_count == part.shape[0]
        if mode == HARD:
            mask, exact = rule_mask(letters[cols[g]], best)
            if exact:
                if ranked_slack(sub, whole, (order[e], vals[e]), (Lchild, cols, tabs.feat, mask, True, ready),
                                d, MT) < 0:
                    return True
                continue
        # strict mode (or a letter 4 times): the allowed guesses marked from the child list
        Lc = view_child_list(Lchild, g, best, tabs)
        allowed = np.zeros(Lchild.shape[0], np.bool_)
        allowed[np.searchsorted(Lchild, Lc)] = True
        if ranked_slack(sub, whole, (order[e], vals[e]), (Lchild, cols, tabs.feat, no_mask, False, allowed),
                        d, MT) < 0:
            return True
    return False
