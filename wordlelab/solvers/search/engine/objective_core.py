"""Compiled exact search for a per-answer cost of the round it is found in.

An *objective* gives each answer ``a`` and each round ``d`` (1 = the first guess) a cost
``cost[a, d]``, nondecreasing in ``d``, and ``INF`` past the guess limit. A strategy's value is
the sum over the answers of the cost of the round that finds them; the search finds the least.
The plain least total is ``cost[a, d] = d``; a word-frequency prior is ``w_a * d``; "most
answers within k, then the least total" is ``d + B * [d > k]`` with ``B`` above any total.

**The bound the search rests on.** Let a node hold the answers ``H`` (at least two), with its
next guess in round ``d``. At most one answer, the guess itself, is found in round ``d``; every
other one needs round ``d + 1`` or later, and its cost is nondecreasing in the round. So

    V(H, d) >= sum_a cost[a, d + 1] - max_a (cost[a, d + 1] - cost[a, d]),

which for the uniform cost is the familiar ``2|H| - 1`` (shifted by the round). A guess ``g``
that splits ``H`` into classes is worth at least the cost of its hit (if ``g`` is in ``H``)
plus, for each other class, the cost of a single answer in round ``d + 1`` or the bound above
one round later; guesses are tried in order of that one-ply bound, and stop once it reaches the
best value found (a beta cutoff). A class bound is exact for one answer, and the search takes a
class of two exactly (guess either one). Guesses that split ``H`` into the same classes with the
same hit give the same value and are tried once.

Values are cached by a 128-bit hash of the answer set and the round, exact or as a lower
bound (a search cut off at ``beta`` proves only ``V >= beta``). Only easy mode: every guess is
allowed after any history, so a node's value depends on its answers and round alone.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np
from numba import types
from numba.typed import Dict

from wordlelab.solvers.runtime.interrupt import POISON_NODES

INF = np.int64(1) << np.int64(60)
POISON = np.int64(POISON_NODES)
WIN = 242
ROUND_MIX = np.uint64(0x9E3779B97F4A7C15)
HIT_MIX = np.uint64(0xD6E8FEB86659FD93)


def new_memo():
    """An empty cache: key (64-bit) -> (check key, value, best guess, 1 if exact)."""
    return Dict.empty(key_type=types.uint64, value_type=types.UniTuple(types.int64, 4))


@nb.njit(cache=True, inline="always")
def _add(a, b):
    s = a + b
    return INF if s >= INF else s


@nb.njit(cache=True)
def set_bound(H, d, cost):
    """The bound of the module docstring for the answers H with the next guess in round d."""
    n = H.shape[0]
    if n == 0:
        return np.int64(0)
    if n == 1:
        return cost[H[0], d]
    total = np.int64(0)
    gain = np.int64(0)
    for i in range(n):
        c1 = cost[H[i], d + 1]
        if c1 >= INF:
            return INF
        total += c1
        g = c1 - cost[H[i], d]
        if g > gain:
            gain = g
    return total - gain


@nb.njit(cache=True)
def pair_value(a, b, d, cost):
    """The value of two answers: guess one of them, then the other."""
    x = _add(cost[a, d], cost[b, d + 1])
    y = _add(cost[b, d], cost[a, d + 1])
    return x if x < y else y


@nb.njit(cache=True)
def set_keys(H, d, R1, R2):
    k1 = np.uint64(0)
    k2 = np.uint64(0)
    for i in range(H.shape[0]):
        k1 += R1[H[i]]
        k2 += R2[H[i]]
    k1 ^= np.uint64(d) * ROUND_MIX
    return k1, k2


@nb.njit(cache=True)
def one_ply(H, L, d, MT, cost, R1):
    """Per guess of L: its one-ply bound at (H, d) (INF if it splits nothing) and a signature of
    its partition (the classes and the hit), equal for guesses that split H alike."""
    n = H.shape[0]
    m = L.shape[0]
    lb = np.empty(m, np.int64)
    sig = np.empty(m, np.uint64)
    count = np.zeros(256, np.int64)
    csum = np.zeros(256, np.int64)
    cgain = np.zeros(256, np.int64)
    cone = np.zeros(256, np.int64)
    chash = np.zeros(256, np.uint64)
    for j in range(m):
        g = L[j]
        for i in range(n):
            a = H[i]
            p = MT[a, g]
            if count[p] == 0:
                cone[p] = cost[a, d + 1]
                csum[p] = 0
                cgain[p] = 0
                chash[p] = 0
            count[p] += 1
            c2 = cost[a, d + 2]
            csum[p] = _add(csum[p], c2)
            gg = c2 - cost[a, d + 1] if c2 < INF else INF
            if gg > cgain[p]:
                cgain[p] = gg
            chash[p] += R1[a]
        total = np.int64(0)
        s = np.uint64(0)
        k = 0
        for i in range(n):
            p = MT[H[i], g]
            c = count[p]
            if c == 0:
                continue            # class already counted
            k += 1
            if p == WIN:
                v = cost[H[i], d]
            elif c == 1:
                v = cone[p]
            elif csum[p] >= INF:
                v = INF
            else:
                v = csum[p] - cgain[p]
            total = _add(total, v)
            h = chash[p]
            if p == WIN:
                h ^= HIT_MIX        # the hit class hashes apart from the same answer in a class of its own
            h *= np.uint64(0xBF58476D1CE4E5B9)
            h ^= h >> np.uint64(31)
            s += h
            count[p] = 0
        lb[j] = INF if (k == 1 and MT[H[0], g] != WIN) else total
        sig[j] = s
    return lb, sig


@nb.njit(cache=True)
def classes(H, g, MT):
    """The classes of H under guess g but its hit, as (members, starts, sizes), largest first,
    and the hit answer (or -1)."""
    n = H.shape[0]
    count = np.zeros(256, np.int64)
    for i in range(n):
        count[MT[H[i], g]] += 1
    hit = -1
    if count[WIN] > 0:
        for i in range(n):
            if MT[H[i], g] == WIN:
                hit = H[i]
        count[WIN] = 0
    pats = np.nonzero(count)[0]
    sizes = count[pats]
    order = np.argsort(-sizes, kind="mergesort")
    pats = pats[order]
    sizes = sizes[order]
    starts = np.zeros(pats.shape[0], np.int64)
    slot = np.full(256, -1, np.int64)
    acc = 0
    for j in range(pats.shape[0]):
        starts[j] = acc
        slot[pats[j]] = j
        acc += sizes[j]
    members = np.empty(acc, H.dtype)
    fill = starts.copy()
    for i in range(n):
        p = MT[H[i], g]
        if p == WIN:
            continue
        j = slot[p]
        members[fill[j]] = H[i]
        fill[j] += 1
    return members, starts, sizes, hit


@nb.njit(cache=True, nogil=True)      # without the GIL: a Ctrl-C's watcher thread poisons stats[0] (interrupt.py)
def value(H, L, d, beta, MT, cost, R1, R2, memo, stats):
    """The least cost of finding every answer of H, the next guess in round d: exact if below
    ``beta``; otherwise some value at least ``beta`` (the search was cut off).

    ``L`` holds the guesses worth trying at H: every guess, or a parent's list with the guesses
    that split the parent's answers into one class dropped, and of the guesses that split them
    alike all but one (a subset of the answers is split into one class, or alike, too), so
    the value does not depend on it."""
    n = H.shape[0]
    if n == 1:
        return cost[H[0], d]
    if n == 2:
        return pair_value(H[0], H[1], d, cost)
    stats[0] += 1
    k1, k2 = set_keys(H, d, R1, R2)
    if k1 in memo:
        e = memo[k1]
        if e[0] == np.int64(k2):
            if e[3] == 1:
                return e[1]
            if e[1] >= beta:
                return e[1]
    floor = set_bound(H, d, cost)
    if k1 in memo:
        e = memo[k1]
        if e[0] == np.int64(k2) and e[1] > floor:
            floor = e[1]          # a lower bound from an earlier search cut off below beta
    if floor >= beta or floor >= INF:
        return floor
    if stats[0] >= POISON:
        return INF                  # a stop was asked for: the caller discards every value
    lb, sig = one_ply(H, L, d, MT, cost, R1)
    stats[1] += H.shape[0] * L.shape[0]
    # the guesses worth passing down: those that split H, one of each partition
    seen = Dict.empty(key_type=types.uint64, value_type=types.int64)
    keep = np.zeros(L.shape[0], np.bool_)
    for j in range(L.shape[0]):
        if lb[j] < INF and sig[j] not in seen:
            seen[sig[j]] = 1
            keep[j] = True
    Lc = L[keep]
    lbc = lb[keep]
    order = np.argsort(lbc, kind="mergesort")
    best = beta
    best_g = -1
    for oi in range(order.shape[0]):
        j = order[oi]
        g = Lc[j]
        if lbc[j] >= best:
            break
        members, starts, sizes, hit = classes(H, g, MT)
        nc = sizes.shape[0]
        cb = np.empty(nc, np.int64)
        running = np.int64(0) if hit < 0 else cost[hit, d]
        for c in range(nc):
            cb[c] = set_bound(members[starts[c]:starts[c] + sizes[c]], d + 1, cost)
            running = _add(running, cb[c])
        ok = True
        for c in range(nc):
            if running >= best:
                ok = False
                break
            budget = best - (running - cb[c])
            v = value(members[starts[c]:starts[c] + sizes[c]].copy(), Lc, d + 1, budget, MT, cost, R1, R2, memo, stats)
            if v >= budget:
                ok = False
                break
            running = running - cb[c] + v
        if ok and running < best:
            best = running
            best_g = g
            if best <= floor:
                break
    if best_g >= 0:
        memo[k1] = (np.int64(k2), best, np.int64(best_g), np.int64(1))
        return best
    memo[k1] = (np.int64(k2), beta, np.int64(-1), np.int64(0))
    return beta


@nb.njit(cache=True, nogil=True)
def best_guess(H, L, d, MT, cost, R1, R2, memo, stats):
    """(value, guess) at an exactly solved node: from the cache, or solved again."""
    v = value(H, L, d, INF, MT, cost, R1, R2, memo, stats)
    k1, k2 = set_keys(H, d, R1, R2)
    if k1 in memo:
        e = memo[k1]
        if e[0] == np.int64(k2) and e[3] == 1:
            return e[1], e[2]
    return v, np.int64(-1)
