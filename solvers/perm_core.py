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

import numba as nb
import numpy as np
from numba import types
from numba.typed import Dict

K_SHIFT = 56
LOW = (1 << K_SHIFT) - 1


@nb.njit(cache=True, inline="always")
def popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@nb.njit(cache=True, inline="always")
def lowbit_index(x):
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@nb.njit(cache=True)
def decode(key):
    """Key (or packed graph with k in the top bits) -> (rows, k)."""
    k = key >> K_SHIFT
    rows = np.empty(k, np.int64)
    for i in range(k):
        rows[i] = (key >> (8 * i)) & 0xFF
    return rows, k


@nb.njit(cache=True)
def _rank(a, k):
    """Replace values by their rank among the distinct values (label-free)."""
    s = np.sort(a[:k])
    out = np.empty(k, np.int64)
    distinct = 0
    for i in range(k):
        r = 0
        for j in range(k):
            if j > 0 and s[j] != s[j - 1]:
                r += 1
            if s[j] == a[i]:
                break
        out[i] = r
    for i in range(k):
        a[i] = out[i]
    for j in range(k):
        if j == 0 or s[j] != s[j - 1]:
            distinct += 1
    return distinct


@nb.njit(cache=True, inline="always")
def _mix(x):
    return (x * 2654435761 + 40503) % 1000000007


@nb.njit(cache=True)
def _refine(rows, cols, k, rc, cc):
    """Colour refinement of rows and columns; colours depend only on the graph's shape."""
    for i in range(k):
        rc[i] = popcount(rows[i])
        cc[i] = popcount(cols[i])
    nr = _rank(rc, k)
    ncl = _rank(cc, k)
    hr = np.empty(k, np.int64)
    hc = np.empty(k, np.int64)
    for _ in range(k):
        for i in range(k):
            h = rc[i] * 1000003
            m = rows[i]
            while m:
                j = lowbit_index(m)
                m &= m - 1
                h += _mix(cc[j])
            hr[i] = h
        for j in range(k):
            h = cc[j] * 1000003
            m = cols[j]
            while m:
                i = lowbit_index(m)
                m &= m - 1
                h += _mix(rc[i])
            hc[j] = h
        nr2 = _rank(hr, k)
        nc2 = _rank(hc, k)
        for i in range(k):
            rc[i] = hr[i]
            cc[i] = hc[i]
        if nr2 == nr and nc2 == ncl:
            break
        nr, ncl = nr2, nc2


@nb.njit(cache=True)
def _next_perm(a, lo, hi):
    """Next lexicographic permutation of a[lo:hi]; False (and reset to sorted) after the last."""
    i = hi - 2
    while i >= lo and a[i] >= a[i + 1]:
        i -= 1
    if i < lo:
        a[lo:hi] = a[lo:hi][::-1].copy()
        return False
    j = hi - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    a[i + 1:hi] = a[i + 1:hi][::-1].copy()
    return True


@nb.njit(cache=True)
def _best_key(rows, cols, k):
    key, _, _ = _best_key_order(rows, cols, k)
    return key


@nb.njit(cache=True)
def _best_key_order(rows, cols, k):
    """Max over row orders that respect the refined colours of the column-sorted matrix."""
    rc = np.empty(k, np.int64)
    cc = np.empty(k, np.int64)
    _refine(rows, cols, k, rc, cc)
    order = np.argsort(rc * 16 + np.arange(k))
    starts = np.empty(k + 1, np.int64)
    nb_ = 0
    for p in range(k):
        if p == 0 or rc[order[p]] != rc[order[p - 1]]:
            starts[nb_] = p
            nb_ += 1
    starts[nb_] = k
    # each block sorted ascending by row index so _next_perm walks every order once
    for b in range(nb_):
        order[starts[b]:starts[b + 1]] = np.sort(order[starts[b]:starts[b + 1]])
    best = -1
    best_order = np.empty(k, np.int64)
    best_cols = np.empty(k, np.int64)
    newcol = np.empty(k, np.int64)
    while True:
        for j in range(k):
            c = 0
            for p in range(k):
                c = (c << 1) | ((rows[order[p]] >> j) & 1)
            newcol[j] = c
        newcol.sort()
        key = 0
        for j in range(k):
            key = (key << 8) | newcol[j]
        if key > best:
            best = key
            best_order[:] = order
            best_cols[:] = np.argsort(cols_of(rows, order, k))
        b = nb_ - 1
        while b >= 0:
            if starts[b + 1] - starts[b] > 1 and _next_perm(order, starts[b], starts[b + 1]):
                break
            b -= 1
        if b < 0:
            break
    return best, best_order, best_cols


@nb.njit(cache=True)
def cols_of(rows, order, k):
    """Column masks of the matrix with rows taken in ``order`` (first row = top bit)."""
    newcol = np.empty(k, np.int64)
    for j in range(k):
        c = 0
        for p in range(k):
            c = (c << 1) | ((rows[order[p]] >> j) & 1)
        newcol[j] = c
    return newcol


@nb.njit(cache=True)
def canonical(rows, k):
    """Canonical key of the k x k graph with row masks ``rows`` (k in the top bits)."""
    cols = np.zeros(k, np.int64)
    for i in range(k):
        m = rows[i]
        while m:
            j = lowbit_index(m)
            m &= m - 1
            cols[j] |= 1 << i
    a = _best_key(rows, cols, k)
    b = _best_key(cols, rows, k)
    return max(a, b) | (k << K_SHIFT)


@nb.njit(cache=True)
def canonical_map(rows, k):
    """Canonical key, and where the decoded graph's edges lie in this one.

    Returns (key, row_of, col_of): edge (i, b) of ``decode(key)`` is edge
    (row_of[i, b], col_of[i, b]) here.
    """
    cols = np.zeros(k, np.int64)
    for i in range(k):
        m = rows[i]
        while m:
            j = lowbit_index(m)
            m &= m - 1
            cols[j] |= 1 << i
    a, ord_a, col_a = _best_key_order(rows, cols, k)
    b, ord_b, col_b = _best_key_order(cols, rows, k)
    row_of = np.empty((k, k), np.int64)
    col_of = np.empty((k, k), np.int64)
    for i in range(k):
        for c in range(k):
            if a >= b:
                row_of[i, c] = ord_a[k - 1 - c]
                col_of[i, c] = col_a[k - 1 - i]
            else:
                row_of[i, c] = col_b[k - 1 - i]
                col_of[i, c] = ord_b[k - 1 - c]
    return max(a, b) | (k << K_SHIFT), row_of, col_of


@nb.njit(cache=True)
def _leaves(rows, cols, k, best):
    """Every row order (within refined cells) whose column-sorted matrix has key ``best``.

    Returns (orders, colsorts): row p of the canonical matrix is row orders[t, p]
    and column s is column colsorts[t, s].
    """
    rc = np.empty(k, np.int64)
    cc = np.empty(k, np.int64)
    _refine(rows, cols, k, rc, cc)
    order = np.argsort(rc * 16 + np.arange(k))
    starts = np.empty(k + 1, np.int64)
    nb_ = 0
    for p in range(k):
        if p == 0 or rc[order[p]] != rc[order[p - 1]]:
            starts[nb_] = p
            nb_ += 1
    starts[nb_] = k
    cap = 1
    for b in range(nb_):
        order[starts[b]:starts[b + 1]] = np.sort(order[starts[b]:starts[b + 1]])
        for f in range(2, starts[b + 1] - starts[b] + 1):
            cap *= f
    orders = np.empty((cap, k), np.int64)
    colsorts = np.empty((cap, k), np.int64)
    n_found = 0
    while True:
        newcol = cols_of(rows, order, k)
        srt = np.sort(newcol)
        key = 0
        for j in range(k):
            key = (key << 8) | srt[j]
        if key == best:
            orders[n_found] = order
            colsorts[n_found] = np.argsort(newcol)
            n_found += 1
        b = nb_ - 1
        while b >= 0:
            if starts[b + 1] - starts[b] > 1 and _next_perm(order, starts[b], starts[b + 1]):
                break
            b -= 1
        if b < 0:
            break
    return orders[:n_found], colsorts[:n_found]


@nb.njit(cache=True)
def automorphisms(rows, k):
    """Edge maps of symmetries of the graph found by the canonical search (a subgroup of all).

    Row t maps bit 8*i + j of an edge mask to bit ``maps[t, 8*i + j]``. Transposing
    symmetries (sigma -> sigma^-1) are included when the graph has them.
    """
    cols = np.zeros(k, np.int64)
    for i in range(k):
        m = rows[i]
        while m:
            j = lowbit_index(m)
            m &= m - 1
            cols[j] |= 1 << i
    a = _best_key(rows, cols, k)
    b = _best_key(cols, rows, k)
    best = max(a, b)
    # canonical cell (p, s) -> original edge, for each best leaf of either variant
    cell_row = np.empty((0, k, k), np.int64)
    cell_col = np.empty((0, k, k), np.int64)
    if a == best:
        o, c = _leaves(rows, cols, k, best)
        ra = np.empty((o.shape[0], k, k), np.int64)
        ca = np.empty((o.shape[0], k, k), np.int64)
        for t in range(o.shape[0]):
            for p in range(k):
                for q in range(k):
                    ra[t, p, q] = o[t, p]
                    ca[t, p, q] = c[t, q]
        cell_row = ra
        cell_col = ca
    if b == best:
        o, c = _leaves(cols, rows, k, best)
        rb = np.empty((o.shape[0], k, k), np.int64)
        cb = np.empty((o.shape[0], k, k), np.int64)
        for t in range(o.shape[0]):
            for p in range(k):
                for q in range(k):
                    rb[t, p, q] = c[t, q]
                    cb[t, p, q] = o[t, p]
        cell_row = np.concatenate((cell_row, rb))
        cell_col = np.concatenate((cell_col, cb))
    n_aut = cell_row.shape[0]
    # original edge -> canonical cell under the first leaf
    inv_p = np.full(64, -1, np.int64)
    inv_q = np.full(64, -1, np.int64)
    for p in range(k):
        for q in range(k):
            e = 8 * cell_row[0, p, q] + cell_col[0, p, q]
            inv_p[e] = p
            inv_q[e] = q
    maps = np.full((n_aut, 64), -1, np.int64)
    for t in range(n_aut):
        for i in range(k):
            for j in range(k):
                e = 8 * i + j
                p, q = inv_p[e], inv_q[e]
                maps[t, e] = 8 * cell_row[t, p, q] + cell_col[t, p, q]
    return maps


@nb.njit(cache=True)
def image(mask, emap):
    """The edge mask ``mask`` moved by one symmetry."""
    out = 0
    m = mask
    while m:
        b = lowbit_index(m)
        m &= m - 1
        out |= 1 << emap[b]
    return out


@nb.njit(cache=True)
def perfect_matchings(rows, k):
    """Every perfect matching, as a packed edge mask (bit 8*i + v)."""
    out = np.empty(64, np.int64)
    count = 0
    if k == 0:
        out[0] = 0
        return out[:1]
    cand = np.zeros(k, np.int64)
    chosen = np.zeros(k, np.int64)
    partial = np.zeros(k + 1, np.int64)
    used = 0
    i = 0
    cand[0] = rows[0]
    while True:
        if cand[i] == 0:
            i -= 1
            if i < 0:
                break
            used ^= 1 << chosen[i]
            continue
        c = lowbit_index(cand[i])
        cand[i] &= cand[i] - 1
        chosen[i] = c
        partial[i + 1] = partial[i] | (1 << (8 * i + c))
        if i == k - 1:
            if count == out.shape[0]:
                bigger = np.empty(2 * count, np.int64)
                bigger[:count] = out
                out = bigger
            out[count] = partial[i + 1]
            count += 1
        else:
            used |= 1 << c
            i += 1
            cand[i] = rows[i] & ~used
    return out[:count]


@nb.njit(cache=True)
def maximal_matchings(rows, k, only_maximal=True):
    """Every maximal matching (a guess), as a packed edge mask; every non-empty matching if not ``only_maximal``."""
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
    skip_left[0] = True
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
            maximal = True
            for r in range(k):
                if only_maximal and chosen[r] == k and rows[r] & ~used:
                    maximal = False
                    break
            if maximal and partial[k] != 0:
                if count == out.shape[0]:
                    bigger = np.empty(2 * count, np.int64)
                    bigger[:count] = out
                    out = bigger
                out[count] = partial[k]
                count += 1
            if c < k:
                used ^= 1 << c
        else:
            i += 1
            cand[i] = rows[i] & ~used
            skip_left[i] = True
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


@nb.njit(cache=True)
def outcomes(rows, k, secrets, guess):
    """Partition of ``secrets`` by ``guess``: (win flag, child keys, child sizes), children unsorted."""
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
        keys[nchild] = canonical(crow, ck)
        sizes[nchild] = cnt[idx]
        nchild += 1
    return win, keys[:nchild], sizes[:nchild]


@nb.njit(cache=True)
def expand(key, consistent, every_matching=False):
    """Distinct outcomes of one state: (wins, offsets, child keys flat, a representative guess each).

    Guesses that leave the secrets in one class without winning are dropped.
    ``every_matching`` also tries non-maximal matchings: never better, but they
    reach more states (used to list every state a game can reach).
    """
    rows, k = decode(key)
    if k == 0:  # one secret, fully known: guessing it wins
        return 1, np.ones(1, np.bool_), np.zeros(2, np.int64), np.zeros(0, np.int64), np.zeros(1, np.int64)
    secrets = perfect_matchings(rows, k)
    n_sec = secrets.shape[0]
    guesses = secrets if consistent else maximal_matchings(rows, k, not every_matching)
    maps = automorphisms(rows, k)
    orbit_seen = Dict.empty(key_type=types.int64, value_type=types.int64)
    seen = Dict.empty(key_type=types.int64, value_type=types.int64)
    flat = np.empty(256, np.int64)
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
        win, keys, sizes = outcomes(rows, k, secrets, guesses[gi])
        if not win and keys.shape[0] == 1 and sizes[0] == n_sec:
            continue
        keys.sort()
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
        flat[used:used + keys.shape[0]] = keys
        used += keys.shape[0]
        wins[n_out] = win
        reps[n_out] = guesses[gi]
        n_out += 1
        offsets[n_out] = used
    return n_sec, wins[:n_out], offsets[:n_out + 1], flat[:used], reps[:n_out]
