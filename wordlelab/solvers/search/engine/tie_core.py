"""Compiled core of the tie-broken search: least total first, then the fewest answers needing the most guesses.

The objective. A strategy for a node (answers ``H``, ``d`` guesses left, ``D = M - d``
guesses already played out of the limit ``M``) finds each answer at some guess number
``G`` (counted from the start of the game). Its *histogram* ``n_G`` counts the answers
found at guess ``G``; its *tail* is the vector ``(n_M, n_{M-1}, ..., n_3)``. The
tie-broken objective is the vector ``(total, n_M, n_{M-1}, ..., n_3)``, compared
lexicographically: the least total, then among those the fewest answers at the last guess,
then at the one before, and so on. (For a given answer count and total, ``n_1`` and ``n_2``
follow from the rest, so comparing them too would change nothing.)

The encoding. With ``B = N + 1`` (``N`` the answers of the whole search, so every count is a
digit ``< B``), the vector is the integer ``total * S + sum_G n_G * w(G)``, where ``w(G) =
B**(G - 3)`` for ``3 <= G <= M``, else 0, and ``S = B**(M - 2)``. Each answer found at guess
``G`` of the game, local guess ``g = G - D`` of the node, contributes ``g * S + w(G)``.

Theorem relied on. (1) The encoding is an order embedding: two vectors whose digits are all
below ``B`` compare as their mixed-radix integers do. (2) It is additive: a node's value
under a first guess is ``n * S + hit * w(D + 1)`` plus the values of its classes, each a
node with ``d - 1`` guesses left; the digits of the sum are the counts of the node itself,
still ``<= N < B``, so no digit carries. (3) Lexicographic order on integer vectors is a
total order compatible with addition (``a <= b`` implies ``a + c <= b + c``). Hence the
exact min-sum search of :mod:`~wordlelab.solvers.search.engine.search_core` (Bellman's principle:
each class solved optimally on its own), run on these integers, finds the lexicographic
optimum, provided every bound it prunes with is a lower bound of the *encoded* value. The
bounds used here are: for a node of ``n`` answers, at most one answer is found at guess
``D + 1`` and the others at ``D + 2`` or later, and ``w`` is non-decreasing, so
``(2n - 1) * S + w(D + 1) + (n - 1) * w(D + 2)``; for a guess that hits ``hit`` answers and
leaves ``k'`` other classes, each class has at most one answer at ``D + 2`` and the rest
later, so ``(3n - hit - k) * S + hit * w(D + 1) + k' * w(D + 2) + (n - hit - k') * w(D + 3)``.

Shortcuts of the plain search and why each is kept or not: a guess that splits ``H`` into
singletons and can hit meets the node bound, so it is optimal; one that splits into
singletons without hitting scores ``2n * S + n * w(D + 2)``, optimal when no such guess hits
(any other strategy with total ``2n`` finds one answer at ``D + 3`` or later); a pair is
settled by guessing one of its answers (the node bound again). The plain search's easy-mode
shortcut of an answer leaving a single pair (total ``2n``) is *not* used: it can lose on the
tail to a non-answer that splits ``H`` into singletons. Dropping guesses that split nothing
and keeping one guess per distinct set of classes are sound for any objective that depends only on
the classes. The node table is this module's own (:func:`new_tie_table`): the values are 62-bit.

Overflow: values stay below ``INF_T = 2**62`` when ``(M * N + 1) * S < INF_T``
(:func:`encoding`), and every sum the search forms is below ``2**63``: a partial total below a
cutoff ``<= INF_T`` plus one class value clamped to ``INF_T``.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.search_core import (EASY, Stat, singletons_answer, class_rows, child_list,
                                                  count_classes, guesses_for_children, local_view, node_key,
                                                  classes_of, class_hashes)
from wordlelab.solvers.search.engine.hard_rules import remember_guess

INF_T = np.int64(1) << np.int64(62)
WAYS = 4


def encoding(n_answers: int, max_guesses: int) -> np.ndarray | None:
    """The encoding table ``[S, M, w(0), ..., w(M + 3)]`` (int64), or None if values could overflow.

    >>> encoding(9, 4).tolist()       # B = 10: S = 100, w(3) = 1, w(4) = 10
    [100, 4, 0, 0, 0, 1, 10, 0, 0, 0]
    >>> encoding(14855, 6) is None    # --answers all: the digits do not fit in 62 bits
    True
    """
    B, M = n_answers + 1, max_guesses
    S = B ** max(M - 2, 0)
    if (M * n_answers + 1) * S >= int(INF_T):
        return None
    w = [B ** (G - 3) if 3 <= G <= M else 0 for G in range(M + 4)]
    return np.array([S, M, *w], np.int64)


def decode(value: int, enc: np.ndarray) -> tuple[int, dict[int, int]]:
    """(total, {G: n_G for 3 <= G <= M}) of an encoded value.

    >>> decode(7 * 100 + 2 * 10 + 3, encoding(9, 4))
    (7, {4: 2, 3: 3})
    """
    S, M = int(enc[0]), int(enc[1])
    total, rest = divmod(int(value), S)
    tail = {}
    for G in range(M, 2, -1):
        tail[G], rest = divmod(rest, int(enc[2 + G]))
    return total, tail


# ---- the node table: slots (k1, k2, value, meta), meta = size << 40 | (guess + 1) << 1 | exact

def new_tie_table(entries: int) -> np.ndarray:
    """An empty table with room for about ``entries`` nodes (a power of two of slots, 4 per bucket)."""
    return np.zeros((1 << max(4, int(entries - 1).bit_length()), 4), np.int64)


@nb.njit(cache=True)
def tie_lookup(table, key):
    """(value, guess, exact) stored for ``key``, or (-1, -1, False)."""
    k1, k2 = key
    base = k1 & np.int64((table.shape[0] - 1) & ~(WAYS - 1))
    for w in range(WAYS):
        s = base + w
        if table[s, 3] != 0 and table[s, 0] == k1 and table[s, 1] == k2:
            meta = table[s, 3]
            return table[s, 2], np.int32(((meta >> np.int64(1)) & np.int64(0x7FFFF)) - 1), (meta & 1) == 1
    return np.int64(-1), np.int32(-1), False


@nb.njit(cache=True)
def tie_store(table, key, value, guess, exact, size):
    """Keep an entry for ``key``: in its own slot, an empty one, or that of the bucket's smallest node."""
    k1, k2 = key
    base = k1 & np.int64((table.shape[0] - 1) & ~(WAYS - 1))
    victim = base
    victim_size = np.int64(1) << np.int64(62)
    for w in range(WAYS):
        s = base + w
        meta = table[s, 3]
        if meta == 0 or (table[s, 0] == k1 and table[s, 1] == k2):
            victim = s
            break
        if (meta >> np.int64(40)) < victim_size:
            victim, victim_size = s, meta >> np.int64(40)
    table[victim, 0] = k1
    table[victim, 1] = k2
    table[victim, 2] = value
    table[victim, 3] = ((np.int64(min(size, 1 << 20)) << np.int64(40)) | (np.int64(guess + 1) << np.int64(1))
                        | np.int64(1 if exact else 0))


@nb.njit(cache=True, inline="always")
def _w(enc, G):
    """w(G) of the encoding (0 beyond the table)."""
    return enc[2 + G] if G + 2 < enc.shape[0] else np.int64(0)


@nb.njit(cache=True)
def node_bound(n, d, enc):
    """The least encoded value any strategy can have for a node of n answers with d guesses left."""
    S, D = enc[0], enc[1] - d
    return (2 * n - 1) * S + _w(enc, D + 1) + (n - 1) * _w(enc, D + 2)


@nb.njit(cache=True)
def tie_solve(H, L, d, beta, tabs, enc, cache, stats):
    """(encoded value, best guess) of node (H, L, d); a value >= beta is only a lower bound.

    The structure is that of ``search_core.solve`` (one-ply bounds, guesses tried in order of
    bound, class probes, then full searches with the budget the others leave), on encoded
    values (module docstring); values are clamped to ``INF_T``, which means no strategy.
    """
    MT, ans_col, ans_word, cols, mode = tabs.MT, tabs.ans_col, tabs.ans_word, tabs.cols, tabs.mode
    letters, lcount = tabs.letters, tabs.lcount
    S, D = enc[0], enc[1] - d
    w1, w2, w3 = _w(enc, D + 1), _w(enc, D + 2), _w(enc, D + 3)
    n = H.shape[0]
    stats[Stat.NODES] += 1
    if n == 1:
        return S + w1, ans_word[H[0]]
    if d <= 1:
        return INF_T, np.int32(-1)
    lower = node_bound(n, d, enc)
    if n == 2:
        ok = mode == EASY
        for j in range(L.shape[0]):
            if L[j] == ans_col[H[0]]:
                ok = True
        if ok:
            return lower, ans_word[H[0]]
    if lower >= beta:
        return lower, np.int32(-1)
    key = node_key(H, L, d, mode, tabs.Z1, tabs.Z2, tabs.ZG)
    val, guess, exact = tie_lookup(cache, key)
    if val >= 0:
        if exact:
            stats[Stat.CACHE_HITS] += 1
            return val, guess
        if val >= beta:
            stats[Stat.CACHE_HITS] += 1
            return val, np.int32(-1)
        lower = max(lower, val)
    # an answer that splits H into singletons meets the node bound (its 2n-pair case is not used)
    fast_value, fast_col = singletons_answer(H, L, d, MT, ans_col, mode)
    if fast_col >= 0 and fast_value == 2 * n - 1:
        tie_store(cache, key, node_bound(n, d, enc), cols[fast_col], True, n)
        return node_bound(n, d, enc), cols[fast_col]
    stats[Stat.CELLS_SCANNED] += n * L.shape[0]
    k, hit = count_classes(MT, H, L)
    m = L.shape[0]
    best_singletons, singletons_guess = INF_T, np.int32(-1)
    for j in range(m):
        if k[j] == n:
            v = node_bound(n, d, enc) if hit[j] == 1 else 2 * n * S + n * w2
            if v < best_singletons:
                best_singletons, singletons_guess = v, cols[L[j]]
    if best_singletons < INF_T:
        tie_store(cache, key, best_singletons, singletons_guess, True, n)
        return best_singletons, singletons_guess
    if d == 2:
        return INF_T, np.int32(-1)
    bound = np.empty(m, np.int64)
    for j in range(m):
        if k[j] >= 2 or hit[j] == 1:
            kk = k[j] - hit[j]
            bound[j] = ((3 * n - hit[j] - k[j]) * S + hit[j] * w1 + kk * w2 + (n - hit[j] - kk) * w3)
        else:
            bound[j] = INF_T
    order = np.argsort(bound, kind="mergesort")
    best = beta
    best_guess = np.int32(-1)
    node_lower = INF_T
    if m == 0 or bound[order[0]] >= best:
        node_lower = min(max(bound[order[0]] if m > 0 else INF_T, lower, beta), INF_T)
        tie_store(cache, key, node_lower, -1, False, n)
        return node_lower, np.int32(-1)
    hsh = class_hashes(MT, H, L, tabs.R)
    Lchild = L[:0]
    have_child_list = False
    tc = tabs
    seen = np.empty(64, np.uint64)
    seen_w = np.empty((64, 5), letters.dtype)
    n_seen = 0
    for t in range(m):
        j = order[t]
        qb = bound[j]
        if qb >= best:
            node_lower = min(node_lower, qb)
            break
        g = L[j]
        members, starts, sizes, pats = classes_of(MT, H, g)
        n_now = remember_guess(seen, seen_w, n_seen, hsh[j], letters[g], pats, sizes, mode)
        if n_now < 0:
            continue  # makes the same children as a guess already tried here (hard_rules)
        n_seen = n_now
        total = qb
        nc = sizes.shape[0]
        if not have_child_list and (sizes[0] >= 3 or (sizes[0] == 2 and mode != EASY)):
            Lchild = guesses_for_children(L, k, hit, hsh, mode)
            have_child_list = True
            if mode == EASY:
                tc = local_view(H, Lchild, tabs, hsh[:0])
                Lchild = np.arange(Lchild.shape[0]).astype(L.dtype)
        lbs = np.empty(nc, np.int64)
        for c in range(nc):
            lbs[c] = node_bound(sizes[c], d - 1, enc)
        for c in range(nc):
            s = sizes[c]
            if s < 3 or total >= best:
                continue
            sub = class_rows(members, starts[c], s, H, mode == EASY)
            Lc = child_list(Lchild, cols[g], pats[c], mode, letters, lcount)
            v, _ = tie_solve(sub, Lc, d - 1, lbs[c] + 1, tc, enc, cache, stats)
            total += v - lbs[c]
            lbs[c] = v
        for c in range(nc):
            if total >= best:
                break
            s = sizes[c]
            lb_c = lbs[c]
            sub = class_rows(members, starts[c], s, H, mode == EASY)
            Lc = child_list(Lchild, cols[g], pats[c], mode, letters, lcount)
            v, _ = tie_solve(sub, Lc, d - 1, best - (total - lb_c), tc, enc, cache, stats)
            total += v - lb_c
        if total < best:
            best, best_guess = total, cols[g]
        else:
            node_lower = min(node_lower, total)
    if best < beta:
        tie_store(cache, key, best, best_guess, True, n)
        return best, best_guess
    node_lower = min(max(node_lower, lower, beta), INF_T)
    tie_store(cache, key, node_lower, -1, False, n)
    return node_lower, np.int32(-1)
