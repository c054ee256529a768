"""Eldrow as a maximum-clique search: the longest chain is the largest admissible *set*.

For a target t, every word may precede t and t may precede nothing, so a chain is t after a
set X of other words, ordered. X can be ordered exactly when every pair of X is compatible in
some order (C = F | F^T) and the pairs allowed in one order only (D = F & ~F^T) form no cycle:
then any topological order of D restricted to X is a chain. So the longest chain is 1 + the
largest set X that is a clique of C with D acyclic on it.

That is a max-clique problem with a side condition, and the search is a bitset
branch-and-bound in the style of San Segundo's BBMC: colour the candidates greedily (each
colour class is a set of pairwise incompatible words, so a chain takes at most one word of
each), branch on the vertices of the highest colours first, and drop a vertex from the
candidates once its branch is done. Candidates that would close a one-way cycle with the
words already chosen are removed when a word is added. Unlike the chain-order search in
``eldrow.py``, no order is branched on, so a set is met once rather than once per first word.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

MAX_DEPTH = 63          # reachability among the chosen words is kept as 64-bit masks


@nb.njit(cache=True)
def _colour(P, C, U, col, kmin):
    """Greedy sequential colouring of the candidates P (bitset) in index order.

    Writes the vertices of colour >= kmin into U, with their colours in col, colours ascending;
    returns (how many were written, number of colours).
    """
    nw = P.shape[0]
    Q = P.copy()
    m = 0
    k = 0
    left = 0
    for w in range(nw):
        if Q[w] != 0:
            left = 1
            break
    R = np.empty(nw, np.uint64)
    while left:
        k += 1
        for w in range(nw):
            R[w] = Q[w]
        w = 0
        while w < nw:
            if R[w] == 0:
                w += 1
                continue
            bit = R[w] & (~R[w] + np.uint64(1))
            v = w * 64 + trailing_zeros(R[w])
            R[w] ^= bit
            Q[w] ^= bit
            # the rest of this colour must be incompatible with v
            for x in range(w, nw):
                R[x] &= ~C[v, x]
            if k >= kmin:
                U[m] = v
                col[m] = k
                m += 1
        left = 0
        for x in range(nw):
            if Q[x] != 0:
                left = 1
                break
    return m, k


@nb.njit(cache=True)
def _filter_cycles(P, D, K, depth, reach):
    """Remove from P every vertex that would close a one-way cycle with the chosen K[:depth]."""
    nw = P.shape[0]
    for w in range(nw):
        bits = P[w]
        while bits != 0:
            bit = bits & (~bits + np.uint64(1))
            bits ^= bit
            u = w * 64 + trailing_zeros(bit)
            into = np.uint64(0)        # chosen words with a one-way arc to u
            below = np.uint64(0)       # chosen words reachable from u
            for j in range(depth):
                kj = K[j]
                if D[kj, u]:
                    into |= np.uint64(1) << np.uint64(j)
                elif D[u, kj]:
                    below |= reach[j]
            if into & below:
                P[w] ^= bit


@nb.njit(cache=True)
def max_admissible_set(C, D, initial, best_size, node_limit):
    """Largest set that is a clique of C (bitset rows) and acyclic in D (bool matrix).

    ``initial`` is the candidate bitset; only sets larger than ``best_size`` are sought.
    Returns (size, members, nodes, complete): ``complete`` is False at the node limit, and
    size is best_size with no members when nothing larger exists.
    """
    n_words = C.shape[1]
    m0 = np.empty(n_words * 64, np.int64)
    c0 = np.empty(n_words * 64, np.int64)
    _, ub = _colour(initial, C, m0, c0, 1 << 30)
    if ub > MAX_DEPTH:
        return best_size, np.empty(0, np.int64), 0, False
    depth_cap = ub + 1
    nv = n_words * 64
    P = np.zeros((depth_cap + 1, n_words), np.uint64)
    U = np.empty((depth_cap + 1, nv), np.int64)
    col = np.empty((depth_cap + 1, nv), np.int64)
    pos = np.empty(depth_cap + 1, np.int64)
    K = np.empty(depth_cap + 1, np.int64)
    reach = np.zeros((depth_cap + 1, depth_cap + 1), np.uint64)   # reach[d, j]: at depth d
    best = best_size
    best_set = np.empty(0, np.int64)
    nodes = 0
    for w in range(n_words):
        P[0, w] = initial[w]
    m, _ = _colour(P[0], C, U[0], col[0], best + 1)
    pos[0] = m - 1
    d = 0
    while True:
        if pos[d] < 0 or d + col[d, pos[d]] <= best:
            if d == 0:
                break
            d -= 1
            v = U[d, pos[d]]
            P[d, v >> 6] &= ~(np.uint64(1) << np.uint64(v & 63))
            pos[d] -= 1
            continue
        nodes += 1
        if nodes > node_limit:
            return best, best_set, nodes, False
        v = U[d, pos[d]]
        K[d] = v
        # reachability among K[:d+1]: v reaches what its one-way successors reach
        down = np.uint64(1) << np.uint64(d)
        up = np.uint64(0)
        for j in range(d):
            if D[v, K[j]]:
                down |= reach[d, j]
            elif D[K[j], v]:
                up |= np.uint64(1) << np.uint64(j)
        for j in range(d):
            r = reach[d, j]
            if (np.uint64(1) << np.uint64(j)) & up or r & up:
                r |= down
            reach[d + 1, j] = r
        reach[d + 1, d] = down
        empty = True
        for w in range(n_words):
            P[d + 1, w] = P[d, w] & C[v, w]
        _filter_cycles(P[d + 1], D, K, d + 1, reach[d + 1])
        for w in range(n_words):
            if P[d + 1, w] != 0:
                empty = False
                break
        if empty:
            if d + 1 > best:
                best = d + 1
                best_set = K[:d + 1].copy()
            P[d, v >> 6] &= ~(np.uint64(1) << np.uint64(v & 63))
            pos[d] -= 1
            continue
        m, _ = _colour(P[d + 1], C, U[d + 1], col[d + 1], best - d)
        pos[d + 1] = m - 1
        d += 1
    return best, best_set, nodes, True


@nb.njit(cache=True)
def local_graph(F, words):
    """Compatibility bitsets and one-way arcs over ``words`` (F indexed by word), most
    compatible first: returns (words in that order, C bitsets, D bool matrix)."""
    m = words.shape[0]
    degree = np.zeros(m, np.int64)
    for i in range(m):
        a = words[i]
        for j in range(m):
            if i != j and (F[a, words[j]] or F[words[j], a]):
                degree[i] += 1
    order = np.argsort(-degree, kind="mergesort")
    ordered = words[order]
    n_words = (m + 63) // 64
    C = np.zeros((m, n_words), np.uint64)
    D = np.zeros((m, m), np.bool_)
    for i in range(m):
        a = ordered[i]
        for j in range(m):
            if i == j:
                continue
            b = ordered[j]
            ab = F[a, b]
            ba = F[b, a]
            if ab or ba:
                C[i, j >> 6] |= np.uint64(1) << np.uint64(j & 63)
            D[i, j] = ab and not ba
    return ordered, C, D


def longest_chain_by_sets(F, t, S, floor, node_limit):
    """Longest chain ending at t through the allowed set S (t in S), given a chain of ``floor``
    words already known. Returns (complete, length, chain as word indices or None, nodes):
    chain is None when nothing beats ``floor``; complete is False at the node limit or when
    the colour bound exceeds what the masks hold (the caller then uses the chain-order search).
    """
    others = np.asarray([w for w in S if w != t], dtype=np.int64)
    if len(others) == 0:
        return True, 1, [int(t)], 0
    ordered, C, D = local_graph(F, others)
    initial = np.zeros(C.shape[1], np.uint64)
    for j in range(len(ordered)):
        initial[j >> 6] |= np.uint64(1) << np.uint64(j & 63)
    size, members, nodes, complete = max_admissible_set(C, D, initial, floor - 1, node_limit)
    if not complete:
        return False, None, None, int(nodes)
    if len(members) == 0:
        return True, floor, None, int(nodes)
    return True, size + 1, _topological([int(ordered[j]) for j in members], F) + [int(t)], int(nodes)


def _topological(words, F):
    """The words in an order where each allows every later one (they form an admissible set)."""
    left = list(words)
    chain = []
    while left:
        # a word no other remaining word must precede
        first = next(a for a in left if all(F[a, b] or not F[b, a] for b in left if b != a))
        chain.append(first)
        left.remove(first)
    return chain
