"""Depth proofs with learnt cores: small answer sets already proven to need more guesses.

In easy mode, whether a set of answers can be solved within d guesses depends on the set
alone, and is monotone: a superset of a set that cannot be solved within d cannot be either,
and neither can it within fewer guesses. So every refutation can leave behind a *core*, a
subset that is itself refuted, and any later node that contains a core of depth >= d is
refuted without a scan of the guesses. Cores are built from the refutation itself:

- d = 2 (one guess, then the answer): a node fails when no guess splits it into singletons.
  For each guess, two answers that share a class witness that guess's failure; the union of
  one witness pair per guess, chosen greedily to reuse answers, is a core.
- d >= 3: every guess has a class that fails within d - 1, and each failing class returns
  its own core. The union U of those cores is a core: each core lies within one class of its
  guess on U too, so every guess leaves a class of U that cannot be solved in d - 1.

Guesses the node does not list are covered as well: they split the answers like a listed
guess or not at all (the guess list is pruned only that way), and a guess that splits nothing
leaves U whole, which contains a core of depth d - 1. This module only handles easy mode; the
answer to each node is the same as ``depth_search.feasible``'s, which the tests check.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine import search_core as core
from wordlelab.solvers.search.engine import depth_search
from wordlelab.solvers.search.engine.depth_search import NODE_LIMIT, REFUTED
from wordlelab.solvers.search.engine.node_table import entry_guess, entry_value, lookup
from wordlelab.solvers.search.engine.core_prover import NO_CORE, Count
from wordlelab.solvers.search.engine.search_core import Stat

@nb.njit(cache=True)
def _add_core(members, d, store):
    """Store a core of depth d; its id, or NO_CORE when the store is full."""
    elems, meta, nxt, bucket, count = store.elems, store.meta, store.next, store.bucket, store.count
    c = count[Count.N_CORES]
    n = members.shape[0]
    if c >= meta.shape[0] or count[Count.N_ELEMS] + n > elems.shape[0] or n == 0:
        return NO_CORE
    key = 0
    for i in range(1, n):
        if bucket[1, members[i]] < bucket[1, members[key]]:
            key = i
    s = count[Count.N_ELEMS]
    for i in range(n):
        elems[s + i] = members[i]
    elems[s] = members[key]         # the chain's key first: matching skips it
    elems[s + key] = members[0]
    meta[c, 0] = s
    meta[c, 1] = n
    meta[c, 2] = d
    first = members[key]
    nxt[c] = bucket[0, first]
    bucket[0, first] = c
    count[Count.N_CORES] = c + 1
    count[Count.N_ELEMS] = s + n
    return c


@nb.njit(cache=True)
def _match_core(H, d, store):
    """A stored core of depth >= d inside H, or NO_CORE."""
    # the arrays are taken out of the tuple once: the loops below are the hottest of a long proof
    elems, meta, nxt, bucket, count, mark = store
    count[Count.STAMP] += 1
    tag = count[Count.STAMP] * 256 + 255     # every call's tags differ from every earlier call's
    n = H.shape[0]
    for i in range(n):
        mark[H[i]] = tag
    for i in range(n):
        c = _core_tagged(H[i], tag, d, n, elems, meta, nxt, bucket, mark)
        if c >= 0:
            return c
    return NO_CORE


@nb.njit(cache=True)
def _core_tagged(first, tag, d, n, elems, meta, nxt, bucket, mark):
    """A core of depth >= d, at most n answers, starting at ``first``, all of whose answers carry ``tag``
    (the store's arrays one by one: called per answer, in the innermost loops)."""
    c = bucket[0, first]
    while c >= 0:
        if _fits(c, tag, d, n, elems, meta, mark):
            return c
        c = nxt[c]
    return NO_CORE


@nb.njit(cache=True)
def _fits(c, tag, d, n, elems, meta, mark):
    """Is core c of depth >= d, at most n answers, and are all its answers after the key tagged ``tag``?"""
    if meta[c, 2] < d or meta[c, 1] > n:
        return False
    s = meta[c, 0]
    for j in range(1, meta[c, 1]):
        if mark[elems[s + j]] != tag:
            return False
    return True


@nb.njit(cache=True)
def _pair_core(H, L, M):
    """Answers of H holding, for every guess of L, two that share a class (never the green
    one, which holds one answer): a core of depth 2 when no guess of L splits H into singletons."""
    n = H.shape[0]
    inU = np.zeros(n, np.bool_)
    ulist = np.empty(n, np.int64)           # the indices marked in inU, in the order marked
    nu = 0
    chosen = np.full(243, -1, np.int64)     # a chosen answer per pattern
    other = np.full(243, -1, np.int64)      # an unchosen answer per pattern
    for j in range(L.shape[0]):
        row = M[L[j]]
        # most guesses already hold two chosen answers in one class: they read the chosen ones only
        covered = False
        read = nu
        for t in range(nu):
            p = row[H[ulist[t]]]
            if chosen[p] >= 0:
                covered = True
                read = t
                break
            chosen[p] = ulist[t]
        if not covered:
            join = -1                       # an unchosen answer beside a chosen one
            pair_a = -1
            pair_b = -1
            for i in range(n):
                if inU[i]:
                    continue
                p = row[H[i]]
                if chosen[p] >= 0:
                    join = i
                    break
                if other[p] < 0:
                    other[p] = i
                elif pair_a < 0:
                    pair_a, pair_b = other[p], i
            for i in range(n):
                other[row[H[i]]] = -1
            if join >= 0:
                inU[join] = True
                ulist[nu] = join
                nu += 1
            elif pair_a >= 0:
                inU[pair_a] = True
                inU[pair_b] = True
                ulist[nu] = pair_a
                ulist[nu + 1] = pair_b
                nu += 2
        for t in range(read):               # exactly the patterns written above
            chosen[row[H[ulist[t]]]] = -1
    return H[inU].copy()


@nb.njit(cache=True, nogil=True)      # without the GIL: Ctrl-C reaches it (solvers/runtime/interrupt.py)
def feasible(H, L, d, tabs, M, cache, stats, node_limit, store):
    """As ``depth_search.feasible`` in easy mode: a guess that finds every answer of H within d
    guesses, REFUTED if none (count[LAST] then names a core, or NO_CORE), NODE_LIMIT at the limit.

    ``tabs`` are the full :class:`~wordlelab.solvers.search.engine.search_core.Tables`, ``M`` the patterns
    guess-major (``M[g, a]``), ``store`` the core store's :class:`StoreArrays`.
    """
    count, elems, meta = store.count, store.elems, store.meta
    MT = tabs.MT
    n = H.shape[0]
    stats[Stat.NODES] += 1
    count[Count.LAST] = NO_CORE
    if stats[Stat.NODES] > node_limit:
        return NODE_LIMIT
    if n == 1:
        return tabs.ans_word[H[0]]
    if d <= 1:
        count[Count.LAST] = _add_core(H[:2].copy(), 1, store)
        return REFUTED
    if n == 2:
        return tabs.ans_word[H[0]]
    key = core.node_key(H, L, d, core.EASY, tabs.Z1, tabs.Z2, tabs.ZG)
    packed = lookup(cache, key)
    if packed >= 0:
        stats[Stat.CACHE_HITS] += 1
        g = entry_guess(packed)
        if g < 0:
            count[Count.LAST] = entry_value(packed) - 1
        return g
    c = _match_core(H, d, store)
    if c >= 0:
        count[Count.CORE_HITS] += 1
        core._store(cache, key, c + 1, REFUTED, 1, n)
        count[Count.LAST] = c
        return REFUTED
    k, hit, hsh, singletons = depth_search.scan_for_singletons(H, L, tabs, cache, key, stats)
    if singletons >= 0:
        return singletons
    m = L.shape[0]
    if d == 2:
        c = _add_core(_pair_core(H, L, M), 2, store)
        core._store(cache, key, c + 1, REFUTED, 1, n)
        count[Count.LAST] = c
        return REFUTED
    bound = depth_search.depth_bounds(k, hit)
    order = core.order_by_bound(bound, -n - 1, 0)
    Lchild = core.distinct_useful(L, k, hit, hsh)
    # the guesses still to try, best first: refuted ones are dropped as cores come in
    todo = np.empty(m, np.int64)
    n_todo = 0
    for t in range(m):
        if bound[order[t]] >= core.INF:
            break
        todo[n_todo] = order[t]
        n_todo += 1
    seen = np.empty(64, np.uint64)
    n_seen = 0
    done = np.empty(256, np.int64)      # stored cores already applied here
    n_done = 0
    inU = np.zeros(n, np.bool_)
    ulist = np.empty(n, H.dtype)        # the core so far: the answers of H marked in inU
    nu = 0
    complete = True       # every refuted guess left a core
    pos = 0
    while pos < n_todo:
        j = todo[pos]
        pos += 1
        g = L[j]
        n_now = core.remember(seen, n_seen, hsh[j])
        if n_now < 0:
            continue      # splits H as a guess already refuted here (whose core was incomplete)
        n_seen = n_now
        members, starts, sizes, pats = core.classes_of(M.T, H, g)   # M.T reads MT guess-major
        ok = True
        for cl in range(sizes.shape[0]):
            sub = members[starts[cl]:starts[cl] + sizes[cl]].copy()
            r = feasible(sub, Lchild, d - 1, tabs, M, cache, stats, node_limit, store)
            if r == NODE_LIMIT:
                return NODE_LIMIT
            if r < 0:
                ok = False
                w = count[Count.LAST]
                if w < 0:
                    complete = False
                else:
                    s = meta[w, 0]
                    for e in range(meta[w, 1]):
                        inU[np.searchsorted(H, elems[s + e])] = True
                    nu = 0
                    for i in range(n):
                        if inU[i]:
                            ulist[nu] = H[i]
                            nu += 1
                    # every stored core inside the core so far refutes the guesses under which it
                    # lies in one class: they are dropped, and the core so far stays small
                    n_todo, n_done = _drop_refuted(ulist[:nu], d - 1, L, todo, pos, n_todo, MT, done, n_done,
                                                   store)
                break
        if ok:
            core._store(cache, key, 0, g, 1, n)
            return g
    c = NO_CORE
    if complete and nu > 0:
        c = _add_core(ulist[:nu].copy(), d, store)
    core._store(cache, key, c + 1, REFUTED, 1, n)
    count[Count.LAST] = c
    return REFUTED


@nb.njit(cache=True)
def _drop_constant(members, L, todo, pos, n_todo, MT):
    """Drop from todo[pos:n_todo] the guesses giving every answer of ``members`` one pattern; new n_todo."""
    n = members.shape[0]
    first = MT[members[0]]
    w = pos
    for q in range(pos, n_todo):
        j = todo[q]
        g = L[j]
        p = first[g]
        same = True
        for e in range(1, n):
            if MT[members[e], g] != p:
                same = False      # most guesses tell the first two members apart
                break
        if not same:
            todo[w] = j
            w += 1
    return w


@nb.njit(cache=True)
def _drop_refuted(U, d, L, todo, pos, n_todo, MT, done, n_done, store):
    """Drop the guesses refuted by a stored core of depth >= d inside U (each core applied once here)."""
    elems, meta, nxt, bucket, mark, count = store.elems, store.meta, store.next, store.bucket, store.mark, store.count
    count[Count.STAMP] += 1
    tag = count[Count.STAMP] * 256 + 255
    nu = U.shape[0]
    for i in range(nu):
        mark[U[i]] = tag
    for i in range(nu):
        c = bucket[0, U[i]]
        while c >= 0 and n_todo > pos:
            if _fits(c, tag, d, nu, elems, meta, mark) and c not in done[:n_done]:
                s = meta[c, 0]
                n_todo = _drop_constant(elems[s:s + meta[c, 1]], L, todo, pos, n_todo, MT)
                if n_done < done.shape[0]:
                    done[n_done] = c
                    n_done += 1
            c = nxt[c]
    return n_todo, n_done


@nb.njit(cache=True)
def _refuted_within(U, g, d, M, store):
    """Does some class of guess g on U hold a core of depth >= d? (M: patterns guess-major, M[g, a])"""
    elems, meta, nxt, bucket, count, mark = store
    count[Count.STAMP] += 1
    base = count[Count.STAMP] * 256          # a tag per class: base + pattern (< 243)
    nu = U.shape[0]
    for i in range(nu):
        mark[U[i]] = base + M[g, U[i]]
    for i in range(nu):
        if _core_tagged(U[i], mark[U[i]], d, nu, elems, meta, nxt, bucket, mark) >= 0:
            return True
    return False


