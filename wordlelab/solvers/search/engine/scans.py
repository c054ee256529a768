"""Compiled scans of a node: per guess, how it splits the node's answers, and the node's keys.

The theorem the searches rest on: a guess that splits the answers ``H`` into ``k`` classes,
``hit`` of them (0 or 1) the guess itself, needs at least ``3|H| - hit - k`` guesses in all,
since every class of size s needs at least 2s - 1 more (one guess for the first answer found,
two for each other). :func:`scan` gives ``k``, ``hit`` and a class hash for every guess in
one pass over ``H x L``; :func:`classes_of` gives one guess's classes.

Where the time goes: almost every matrix cell read (99% when proving TARSE) is read by a
one-ply probe, a class's bound computed to refute its parent's guess. So a node that searches
its classes first copies its own rows and its child guess list into a small matrix
(:func:`local_view`, in every mode: hard and strict mode read letters and key weights through
the view's global column numbers, so guess rules and node keys are unchanged); the probes then
read short rows rather than gather scattered columns of the full matrix, counting classes in
tiles that stay in the L1 cache, and compute class hashes only if they try guesses. Hard
and strict mode keep every splitting guess in the child list, many of them alike on the node's
rows: a view of ``REP_MIN_ROWS`` rows or more marks them, and scans count one of each
(:func:`scan_distinct`).

Keys: a node is cached under a 128-bit key, the sums of two random 64-bit weights over its
answers (plus, in hard and strict mode, its guess list, on which its value depends there);
:func:`node_key` and :func:`view_key` give the same key for a node and its local view.

>>> import numpy as np
>>> MT = np.array([[242, 0], [0, 242], [1, 0]], np.uint8)   # 3 answers x 2 guesses; 242 all green
>>> members, starts, sizes, patterns = classes_of(MT, np.arange(3, dtype=np.int32), 0)
>>> [members[s:s + n].tolist() for s, n in zip(starts, sizes)], patterns.tolist()
([[1], [2]], [0, 1])
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.hard_rules import first_alike
from wordlelab.solvers.search.engine.tables import ALL_GREEN, EASY, KEY_DEPTH_MIX, KEY_MODE_MIX, Tables

TILE = 512           # guesses per tile of count_classes: 512 x 32 bytes of pattern sets
REP_MIN_ROWS = 8     # local views of fewer rows do not mark columns alike (scan_distinct)


@nb.njit(cache=True, inline="always")
def _popcount(x):
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)


@nb.njit(cache=True)
def count_classes(MT, H, L):
    """Per guess in L: the number of classes it splits H into, and whether it can hit.

    Guesses go in tiles of ``TILE``, so the pattern sets being filled stay in the L1 cache
    while the rows of H stream past; a plain range L (a node's own matrix) is read without
    a gather.
    """
    n, m = H.shape[0], L.shape[0]
    k = np.empty(m, np.int32)
    hit = np.empty(m, np.int32)
    bits = np.empty(TILE * 4, np.uint64)
    contiguous = m > 0 and L[m - 1] - L[0] == m - 1
    for lo in range(0, m, TILE):
        w = min(m, lo + TILE) - lo
        bits[:w * 4] = 0
        if contiguous:
            base = L[0] + lo
            for i in range(n):
                row = MT[H[i]]
                for j in range(w):
                    p = row[base + j]
                    bits[j * 4 + (p >> 6)] |= np.uint64(1) << np.uint64(p & 63)
        else:
            for i in range(n):
                row = MT[H[i]]
                for j in range(w):
                    p = row[L[lo + j]]
                    bits[j * 4 + (p >> 6)] |= np.uint64(1) << np.uint64(p & 63)
        for j in range(w):
            b3 = bits[j * 4 + 3]
            k[lo + j] = (_popcount(bits[j * 4]) + _popcount(bits[j * 4 + 1]) + _popcount(bits[j * 4 + 2])
                         + _popcount(b3))
            hit[lo + j] = (b3 >> np.uint64(ALL_GREEN - 192)) & np.uint64(1)
    return k, hit


@nb.njit(cache=True)
def class_hashes(MT, H, L, R):
    """Per guess in L: a hash of the classes it cuts H into (equal classes, equal hashes)."""
    n, m = H.shape[0], L.shape[0]
    hsh = np.zeros(m, np.uint64)
    contiguous = m > 0 and L[m - 1] - L[0] == m - 1
    for i in range(n):
        row = MT[H[i]]
        r = R[H[i]]
        if contiguous:
            base = L[0]
            for j in range(m):
                hsh[j] += np.uint64(row[base + j] + 1) * r
        else:
            for j in range(m):
                hsh[j] += np.uint64(row[L[j]] + 1) * r
    return hsh


@nb.njit(cache=True)
def scan(MT, H, L, R):
    """Per guess in L: number of classes it splits H into, hit flag, and a class hash."""
    k, hit = count_classes(MT, H, L)
    return k, hit, class_hashes(MT, H, L, R)


@nb.njit(cache=True)
def scan_distinct(MT, H, L, tabs):
    """:func:`count_classes`, reading one column of each set of columns that give every row of
    the view the same pattern (``tabs.rep``); the others take its counts (equal patterns on the
    view's rows, so on the rows H of any node below it)."""
    m = L.shape[0]
    rep, slot = tabs.rep, tabs.slot
    if rep.shape[0] == 0 or H.shape[0] < REP_MIN_ROWS:
        k, hit = count_classes(MT, H, L)      # few rows: picking the columns would cost as much
        return k, hit, m
    back = np.empty(m, np.int64)
    Lp = np.empty(m, L.dtype)
    u = 0
    for j in range(m):
        r = rep[L[j]]
        if slot[r] < 0:
            slot[r] = u
            Lp[u] = L[j]
            u += 1
        back[j] = slot[r]
    for j in range(m):
        slot[rep[L[j]]] = -1
    kp, hitp = count_classes(MT, H, Lp[:u])
    k = np.empty(m, np.int32)
    hit = np.empty(m, np.int32)
    for j in range(m):
        k[j] = kp[back[j]]
        hit[j] = hitp[back[j]]
    return k, hit, u


@nb.njit(cache=True)
def local_view(H, Lsub, tabs, hsub):
    """A node's own :class:`Tables`: its answers H as rows 0..n-1 and the guesses Lsub as columns 0..m-1.

    Its children then scan plain rows instead of gathering scattered columns (most of the
    search's cells are read by the children's one-ply bounds). ``ans_col`` gives each row's
    own column (-1 if absent), ``ans_word`` and ``cols`` the global guess of each row and column.
    ``hsub`` are the class hashes of the columns on H: in hard and strict mode, where the
    child list keeps guesses that split H alike, they give ``rep`` (see :func:`scan_distinct`).
    """
    MT, ans_col = tabs.MT, tabs.ans_col
    n, m = H.shape[0], Lsub.shape[0]
    MTl = np.empty((n, m), MT.dtype)
    for i in range(n):
        row = MT[H[i]]
        out = MTl[i]
        for j in range(m):
            out[j] = row[Lsub[j]]
    ans_col_l = np.full(n, -1, ans_col.dtype)
    for i in range(n):
        c = ans_col[H[i]]
        if c >= 0:
            pos = np.searchsorted(Lsub, c)
            if pos < m and Lsub[pos] == c:
                ans_col_l[i] = pos
    if tabs.mode == EASY or n < REP_MIN_ROWS:
        rep = tabs.rep[:0]      # easy mode's child list has no two columns alike
    else:
        rep = first_alike(hsub).astype(tabs.rep.dtype)
    # ZG, letters, lcount and feat stay global: the kernels read them through cols
    return Tables(MTl, ans_col_l, tabs.ans_word[H], tabs.R[H], tabs.Z1[H], tabs.Z2[H], tabs.cols[Lsub],
                  tabs.ZG, tabs.letters, tabs.lcount, tabs.mode, tabs.feat, rep,
                  np.full(rep.shape[0], -1, tabs.slot.dtype), tabs.eg[H], tabs.eg_count)


@nb.njit(cache=True)
def classes_of(MT, H, g):
    """Answers of H grouped by pattern under guess g.

    Returns (members, starts, sizes, patterns) for the non-green classes, largest first.
    """
    n = H.shape[0]
    counts = np.zeros(243, np.int32)
    for i in range(n):
        counts[MT[H[i], g]] += 1
    offs = np.zeros(244, np.int32)
    for p in range(243):
        offs[p + 1] = offs[p] + counts[p]
    members = np.empty(n, H.dtype)
    fill = offs[:243].copy()
    for i in range(n):
        p = MT[H[i], g]
        members[fill[p]] = H[i]
        fill[p] += 1
    nc = 0
    for p in range(243):
        if counts[p] > 0 and p != ALL_GREEN:
            nc += 1
    pats = np.empty(nc, np.int32)
    c = 0
    for p in range(243):
        if counts[p] > 0 and p != ALL_GREEN:
            pats[c] = p
            c += 1
    order = np.argsort(-counts[pats], kind="mergesort")
    pats = pats[order]
    starts = np.empty(nc, np.int32)
    sizes = np.empty(nc, np.int32)
    for c in range(nc):
        starts[c] = offs[pats[c]]
        sizes[c] = counts[pats[c]]
    return members, starts, sizes, pats


@nb.njit(cache=True)
def remember(seen, n_seen, h):
    """-1 if class hash h is among the first n_seen of seen, else the new count (h kept if room)."""
    for s in range(n_seen):
        if seen[s] == h:
            return -1
    if n_seen < seen.shape[0]:
        seen[n_seen] = h
        return n_seen + 1
    return n_seen


@nb.njit(cache=True)
def order_by_bound(bound, lo, hi):
    """Indices sorted by bound (stable counting sort over lo..hi; larger values last)."""
    m = bound.shape[0]
    width = hi - lo + 2
    counts = np.zeros(width + 1, np.int64)
    for j in range(m):
        b = bound[j]
        slot = b - lo if lo <= b <= hi else width - 1
        counts[slot + 1] += 1
    for t in range(width):
        counts[t + 1] += counts[t]
    order = np.empty(m, np.int64)
    for j in range(m):
        b = bound[j]
        slot = b - lo if lo <= b <= hi else width - 1
        order[counts[slot]] = j
        counts[slot] += 1
    return order


@nb.njit(cache=True)
def distinct_useful(L, k, hit, hsh):
    """Guesses of L that split H, one per distinct set of classes (the first in L), in L's order.

    A hash set of the class hashes, not a sort: this runs at every node of an easy-mode
    search over up to 14855 guesses, where sorting the hashes was about 7% of SALET's search.
    L is ascending wherever the search makes it (all guesses, then this function's output), so
    the children's lists are ascending too.
    """
    m = L.shape[0]
    size = 1
    while size < 2 * m + 2:
        size *= 2
    table = np.empty(size, np.uint64)
    used = np.zeros(size, np.bool_)
    keep = np.empty(m, L.dtype)
    c = 0
    for j in range(m):
        if not (k[j] >= 2 or (k[j] == 1 and hit[j] == 1)):
            continue
        h = hsh[j]
        slot = np.int64(h >> np.uint64(8)) & (size - 1)
        while used[slot] and table[slot] != h:
            slot = (slot + 1) & (size - 1)
        if not used[slot]:
            used[slot] = True
            table[slot] = h
            keep[c] = L[j]
            c += 1
    return keep[:c].copy()


@nb.njit(cache=True)
def guesses_for_children(L, k, hit, hsh, mode):
    """The guess list children inherit: distinct splitting guesses (easy), every splitting guess (else)."""
    if mode == EASY:
        return distinct_useful(L, k, hit, hsh)
    return useful_only(L, k, hit)


@nb.njit(cache=True)
def useful_only(L, k, hit):
    """Guesses of L that split H (hard and strict mode keep every one of them)."""
    m = L.shape[0]
    keep = np.empty(m, L.dtype)
    c = 0
    for j in range(m):
        if k[j] >= 2 or (k[j] == 1 and hit[j] == 1):
            keep[c] = L[j]
            c += 1
    return keep[:c].copy()


@nb.njit(cache=True)
def node_key(H, L, d, mode, Z1, Z2, ZG):
    """128-bit cache key of a node."""
    h1 = np.uint64(d) * np.uint64(KEY_DEPTH_MIX) + np.uint64(H.shape[0])
    h2 = np.uint64(mode) * np.uint64(KEY_MODE_MIX)
    for i in range(H.shape[0]):
        h1 += Z1[H[i]]
        h2 += Z2[H[i]]
    if mode != EASY:
        for j in range(L.shape[0]):
            h2 ^= ZG[L[j]] + np.uint64(j)
    return (np.int64(h1), np.int64(h2))


@nb.njit(cache=True)
def view_key(H, L, d, tabs):
    """:func:`node_key` of a node given by rows and columns of ``tabs`` (equal to the key of
    its global rows and guesses: the guess list is read through ``tabs.cols``)."""
    Z1, Z2, ZG, cols = tabs.Z1, tabs.Z2, tabs.ZG, tabs.cols
    h1 = np.uint64(d) * np.uint64(KEY_DEPTH_MIX) + np.uint64(H.shape[0])
    h2 = np.uint64(tabs.mode) * np.uint64(KEY_MODE_MIX)
    for i in range(H.shape[0]):
        h1 += Z1[H[i]]
        h2 += Z2[H[i]]
    if tabs.mode != EASY:
        for j in range(L.shape[0]):
            h2 ^= ZG[cols[L[j]]] + np.uint64(j)
    return (np.int64(h1), np.int64(h2))
