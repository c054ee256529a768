"""The plain depth search, in every mode: can every answer be found within d guesses?

Depth-first over guesses, most classes first, with a cache of decided nodes; no learnt
cores (easy mode has those in :mod:`~wordlelab.solvers.depth_cores`), so it is the
independent re-check of their answers.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from wordlelab.solvers import search_core as core
from wordlelab.solvers.node_table import entry_guess, lookup


@nb.njit(cache=True)
def feasible(H, L, d, MT, ans_guess, R, Z1, Z2, ZG, letters, lcount, mode, cache, stats, node_limit):
    """Guess that finds every answer of H within d guesses (-1: none; -2: node limit hit)."""
    n = H.shape[0]
    stats[core.NODES] += 1
    if stats[core.NODES] > node_limit:
        return -2
    if n == 1:
        return ans_guess[H[0]]
    if d <= 1:
        return -1
    key = core.node_key(H, L, d, mode, Z1, Z2, ZG)
    packed = lookup(cache, key)
    if packed >= 0:
        stats[core.CACHE_HITS] += 1
        return entry_guess(packed)
    stats[core.SCANNED] += n * L.shape[0]
    k, hit, hsh = core.scan(MT, H, L, R)
    m = L.shape[0]
    for j in range(m):
        if k[j] == n:
            core._store(cache, key, 0, L[j], 1, n)
            return L[j]
    if d == 2:
        core._store(cache, key, 0, -1, 1, n)
        return -1
    bound = np.empty(m, np.int64)
    for j in range(m):
        bound[j] = -k[j] if (k[j] >= 2 or hit[j] == 1) else core.INF
    order = core.order_by_bound(bound, -n - 1, 0)
    Lchild = core.guesses_for_children(L, k, hit, hsh, mode)
    seen = np.empty(64, np.uint64)
    n_seen = 0
    for t in range(m):
        j = order[t]
        if bound[j] >= core.INF:
            break
        n_now = core.remember(seen, n_seen, hsh[j])
        if n_now < 0:
            continue  # splits H exactly as a guess already tried here
        n_seen = n_now
        g = L[j]
        members, starts, sizes, pats = core.partition(MT, H, g)
        ok = True
        for c in range(sizes.shape[0]):
            sub = members[starts[c]:starts[c] + sizes[c]].copy()
            Lc = core.child_list(Lchild, g, pats[c], mode, letters, lcount)
            r = feasible(sub, Lc, d - 1, MT, ans_guess, R, Z1, Z2, ZG, letters, lcount, mode,
                         cache, stats, node_limit)
            if r == -2:
                return -2
            if r < 0:
                ok = False
                break
        if ok:
            core._store(cache, key, 0, g, 1, n)
            return g
    core._store(cache, key, 0, -1, 1, n)
    return -1
