"""Canonical keys and symmetries of knowledge graphs (k x k bipartite graphs, k <= 8).

The key of a graph is the largest column-sorted adjacency matrix over the row
orders that respect a colour refinement (rows and columns coloured by degree,
then by the multiset of their neighbours' colours, until stable), taken over
the graph and its transpose. The set of admissible row orders depends only on
the graph's shape, so isomorphic graphs (relabelled positions, relabelled
values, sigma -> sigma^-1) get equal keys, and equal keys mean isomorphic graphs
because the key is itself an adjacency matrix. Row orders that reach the key
give symmetries of the graph for free.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

MAX_K = 8      # 8 columns of 8 bits fill the int64 key


@nb.njit(cache=True)
def key_size(key):
    """k of a key: every one of its k packed columns is non-zero, and the bytes above them are zero."""
    k = 0
    while k < MAX_K and (key >> (8 * k)) & 0xFF:
        k += 1
    return k


@nb.njit(cache=True, inline="always")
def lowbit_index(x):
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@nb.njit(cache=True, inline="always")
def popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


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
def _neighbour_hash(masks, own, other, k, out):
    """out[i] = a hash of (own colour of i, multiset of the colours of i's neighbours)."""
    for i in range(k):
        h = own[i] * 1000003
        m = masks[i]
        while m:
            j = lowbit_index(m)
            m &= m - 1
            h += _mix(other[j])
        out[i] = h


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
        _neighbour_hash(rows, rc, cc, k, hr)
        _neighbour_hash(cols, cc, rc, k, hc)
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
        _reverse(a, lo, hi)
        return False
    j = hi - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    _reverse(a, i + 1, hi)
    return True


@nb.njit(cache=True, inline="always")
def _reverse(a, lo, hi):
    """Reverse a[lo:hi] in place (a slice copy allocates, and this runs once per row order)."""
    hi -= 1
    while lo < hi:
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1
        hi -= 1


@nb.njit(cache=True)
def _best_key(rows, cols, k):
    key, _, _ = _best_key_order(rows, cols, k)
    return key


@nb.njit(cache=True)
def _cells(rows, cols, k):
    """Rows ordered by refined colour: (order, cell starts, number of cells); each cell ascending."""
    rc = np.empty(k, np.int64)
    cc = np.empty(k, np.int64)
    _refine(rows, cols, k, rc, cc)
    order = np.argsort(rc * 16 + np.arange(k))
    starts = np.empty(k + 1, np.int64)
    n_cells = 0
    for p in range(k):
        if p == 0 or rc[order[p]] != rc[order[p - 1]]:
            starts[n_cells] = p
            n_cells += 1
    starts[n_cells] = k
    # each cell ascending, so _next_order walks every order exactly once
    for c in range(n_cells):
        order[starts[c]:starts[c + 1]] = np.sort(order[starts[c]:starts[c + 1]])
    return order, starts, n_cells


@nb.njit(cache=True)
def _next_order(order, starts, n_cells):
    """The next row order within the cells (odometer over the cells); False after the last."""
    c = n_cells - 1
    while c >= 0:
        if starts[c + 1] - starts[c] > 1 and _next_perm(order, starts[c], starts[c + 1]):
            return True
        c -= 1
    return False


@nb.njit(cache=True)
def _sorted_key(rows, order, k, newcol, srt):
    """Key of the matrix with rows in ``order`` and columns sorted; fills ``newcol`` (unsorted) and ``srt``."""
    for j in range(k):
        c = 0
        for p in range(k):
            c = (c << 1) | ((rows[order[p]] >> j) & 1)
        newcol[j] = c
        srt[j] = c
    # insertion sort: k <= 8, and this runs once per row order
    for j in range(1, k):
        x = srt[j]
        i = j - 1
        while i >= 0 and srt[i] > x:
            srt[i + 1] = srt[i]
            i -= 1
        srt[i + 1] = x
    key = 0
    for j in range(k):
        key = (key << 8) | srt[j]
    return key


@nb.njit(cache=True)
def _best_key_order(rows, cols, k):
    """Max over row orders that respect the refined colours of the column-sorted matrix."""
    order, starts, n_cells = _cells(rows, cols, k)
    best = np.int64(0)
    found = False           # with k = 8 a key can be negative, so no sentinel value will do
    best_order = np.empty(k, np.int64)
    best_cols = np.empty(k, np.int64)
    newcol = np.empty(k, np.int64)
    srt = np.empty(k, np.int64)
    while True:
        key = _sorted_key(rows, order, k, newcol, srt)
        if not found or key > best:
            found = True
            best = key
            best_order[:] = order
            best_cols[:] = np.argsort(newcol)
        if not _next_order(order, starts, n_cells):
            break
    return best, best_order, best_cols


@nb.njit(cache=True)
def columns(rows, k):
    """Column masks of the graph (the transpose's rows)."""
    cols = np.zeros(k, np.int64)
    for i in range(k):
        m = rows[i]
        while m:
            j = lowbit_index(m)
            m &= m - 1
            cols[j] |= 1 << i
    return cols


@nb.njit(cache=True)
def canonical(rows, k):
    """Canonical key of the k x k graph with row masks ``rows`` (k = :func:`key_size` of the key)."""
    cols = columns(rows, k)
    return max(_best_key(rows, cols, k), _best_key(cols, rows, k))


@nb.njit(cache=True)
def canonical_map(rows, k):
    """Canonical key, and where the decoded graph's edges lie in this one.

    Returns (key, row_of, col_of): edge (i, b) of ``decode(key)`` is edge
    (row_of[i, b], col_of[i, b]) here.
    """
    cols = columns(rows, k)
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
    return max(a, b), row_of, col_of


@nb.njit(cache=True)
def _leaves(rows, cols, k, best):
    """Every row order (within refined cells) whose column-sorted matrix has key ``best``.

    Returns (orders, colsorts): row p of the canonical matrix is row orders[t, p]
    and column s is column colsorts[t, s].
    """
    order, starts, n_cells = _cells(rows, cols, k)
    cap = 1
    for c in range(n_cells):
        for f in range(2, starts[c + 1] - starts[c] + 1):
            cap *= f
    orders = np.empty((cap, k), np.int64)
    colsorts = np.empty((cap, k), np.int64)
    n_found = 0
    newcol = np.empty(k, np.int64)
    srt = np.empty(k, np.int64)
    while True:
        key = _sorted_key(rows, order, k, newcol, srt)
        if key == best:
            orders[n_found] = order
            colsorts[n_found] = np.argsort(newcol)
            n_found += 1
        if not _next_order(order, starts, n_cells):
            break
    return orders[:n_found], colsorts[:n_found]


@nb.njit(cache=True)
def _leaf_cells(orders, colsorts, k, transposed):
    """Per leaf: the original (row, column) at each canonical cell (p, q)."""
    n = orders.shape[0]
    cell_row = np.empty((n, k, k), np.int64)
    cell_col = np.empty((n, k, k), np.int64)
    for t in range(n):
        for p in range(k):
            for q in range(k):
                if transposed:  # the leaf ordered the columns: roles swap back
                    cell_row[t, p, q] = colsorts[t, q]
                    cell_col[t, p, q] = orders[t, p]
                else:
                    cell_row[t, p, q] = orders[t, p]
                    cell_col[t, p, q] = colsorts[t, q]
    return cell_row, cell_col


@nb.njit(cache=True)
def automorphisms(rows, k):
    """Edge maps of symmetries of the graph found by the canonical search (a subgroup of all).

    Row t maps bit 8*i + j of an edge mask to bit ``maps[t, 8*i + j]``. Transposing
    symmetries (sigma -> sigma^-1) are included when the graph has them.
    """
    cols = columns(rows, k)
    a = _best_key(rows, cols, k)
    b = _best_key(cols, rows, k)
    best = max(a, b)
    # canonical cell (p, s) -> original edge, for each best leaf of either variant
    cell_row = np.empty((0, k, k), np.int64)
    cell_col = np.empty((0, k, k), np.int64)
    if a == best:
        o, c = _leaves(rows, cols, k, best)
        cell_row, cell_col = _leaf_cells(o, c, k, False)
    if b == best:
        o, c = _leaves(cols, rows, k, best)
        rb, cb = _leaf_cells(o, c, k, True)
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
