"""The plain depth search, in every mode: can every answer be found within d guesses?

Depth-first over guesses, most classes first, with a cache of decided nodes; no learnt
cores (easy mode has those in :mod:`~wordlelab.solvers.search.engine.depth_cores`), so it is the
independent re-check of their answers.

In hard and strict mode a large node probes its guesses in rounds
(:func:`~wordlelab.solvers.search.engine.tables.depth_rounds`): each open guess is searched with a
node budget, four times larger each round, until one has every class solved or none is left.
The verdict is the one-by-one search's: a guess leaves the rounds only refuted (a class proven
to fail, or Selby's monotonicity, or the endgame bound) or proven, and a search cut short by
its budget decides nothing, while the nodes it did decide stay in the node table for the next
round. What changes is the cost of a yes among many noes: where the first guesses tried take
millions of nodes each to refute, the one that works is found after each of the others has
cost about its own price (THUMP YBBBB, hard mode, every word an answer: 1.6M nodes one by one,
313k in rounds).

:func:`feasible` answers with a guess, or with one of two codes: :data:`REFUTED` (no guess
does it: proven) or :data:`NODE_LIMIT` (it gave up: nothing proven).
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine import search_core as core
from wordlelab.solvers.search.engine.endgame_bound import (big_endgames, endgame_ranks, endgame_refutes_guess, endgame_slack,
                                                    largest_endgame)
from wordlelab.solvers.search.engine.hard_rules import remember_guess, view_child_list
from wordlelab.solvers.search.engine.monotone import dominated, new_refuted, remember_refuted
from wordlelab.solvers.search.engine.node_table import entry_guess, lookup
from wordlelab.solvers.search.engine.search_core import Stat
from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED



@nb.njit(cache=True)
def scan_for_singletons(H, L, tabs, cache, key, stats):  # pragma: no cover - compiled
    """Class counts of every guess of L on H; and a guess that splits H into singletons (stored), or -1.

    With g guesses left, a guess whose classes are all single answers finds every answer
    within 2: the node is decided without trying anything else.
    """
    n = H.shape[0]
    stats[Stat.CELLS_SCANNED] += n * L.shape[0]
    k, hit, hsh = core.scan(tabs.MT, H, L, tabs.R)
    for j in range(L.shape[0]):
        if k[j] == n:
            core._store(cache, key, 0, L[j], 1, n)
            return k, hit, hsh, np.int64(L[j])
    return k, hit, hsh, np.int64(-1)


@nb.njit(cache=True)
def depth_bounds(k, hit):  # pragma: no cover - compiled
    """Order key of each guess for the depth search: more classes first; a guess that splits
    nothing and cannot be the answer is never tried (core.INF)."""
    bound = np.empty(k.shape[0], np.int64)
    for j in range(k.shape[0]):
        bound[j] = -k[j] if (k[j] >= 2 or hit[j] == 1) else core.INF
    return bound


@nb.njit(cache=True)
def cached_refuted_class(members, starts, sizes, pats, Lchild, g, d, tabs, cache):  # pragma: no cover - compiled
    """A class of guess g that the node table already holds as refuted within d, or -1.

    Selby's search looks every class of a guess up in its caches before it searches any (his
    ``fast=2`` pass); searching smallest first meets a cached refutation only on reaching it.
    A class of at most d answers is always found in time, so it is not looked up.
    """
    for c in range(sizes.shape[0]):
        if sizes[c] <= d:
            continue
        sub = members[starts[c]:starts[c] + sizes[c]]
        if tabs.mode == core.HARD:
            Lc = view_child_list(Lchild, g, pats[c], tabs)
        else:
            Lc = core.child_list(Lchild, g, pats[c], tabs.mode, tabs.letters, tabs.lcount)
        packed = lookup(cache, core.node_key(sub, Lc, d, tabs.mode, tabs.Z1, tabs.Z2, tabs.ZG))
        if packed >= 0 and entry_guess(packed) == REFUTED:
            return c
    return -1


@nb.njit(cache=True, nogil=True)      # without the GIL: Ctrl-C reaches it (solvers/runtime/interrupt.py)
def feasible(H, L, d, tabs, cache, stats, node_limit, rounds):
    """Guess that finds every answer of H within d guesses, else REFUTED or NODE_LIMIT.

    ``tabs`` are the full :class:`~wordlelab.solvers.search.engine.search_core.Tables` (any mode);
    ``rounds`` says which nodes probe their guesses in rounds (:func:`~wordlelab.solvers.search.engine.tables.depth_rounds`).
    """
    n = H.shape[0]
    stats[Stat.NODES] += 1
    if stats[Stat.NODES] > node_limit:
        return NODE_LIMIT
    if n == 1:
        return tabs.ans_word[H[0]]
    if d <= 1:
        return REFUTED
    MT, mode, letters, lcount = tabs.MT, tabs.mode, tabs.letters, tabs.lcount
    key = core.node_key(H, L, d, mode, tabs.Z1, tabs.Z2, tabs.ZG)
    packed = lookup(cache, key)
    if packed >= 0:
        stats[Stat.CACHE_HITS] += 1
        return entry_guess(packed)
    if mode != core.EASY and d >= 2:
        rows = largest_endgame(H, tabs.eg, tabs.eg_count)
        if rows.shape[0] > d:       # at most d answers are always found in time (one consistent guess each)
            # Selby's endgame analysis (endgame_bound), at every depth as in his wordle.cpp
            slack = endgame_slack(rows, L, d, MT, d - 1)
            if slack < 0:
                core._store(cache, key, 0, REFUTED, 1, n)
                return REFUTED
            if slack < d - 1 and rows.shape[0] < n:
                # a close call: his trial run, the endgame's answers alone with this node's
                # guesses. The guesses allowed below depend on the history, never on the
                # answers, so if they cannot be found in time neither can H (monotonicity)
                r = feasible(rows, L, d, tabs, cache, stats, node_limit, rounds)
                if r == NODE_LIMIT:
                    return NODE_LIMIT
                if r == REFUTED:
                    stats[Stat.ENDGAME_TRIALS] += 1
                    core._store(cache, key, 0, REFUTED, 1, n)
                    return REFUTED
    k, hit, hsh, singletons = scan_for_singletons(H, L, tabs, cache, key, stats)
    if singletons >= 0:
        return singletons
    m = L.shape[0]
    if d == 2:
        core._store(cache, key, 0, REFUTED, 1, n)
        return REFUTED
    bound = depth_bounds(k, hit)
    order = core.order_by_bound(bound, -n - 1, 0)
    Lchild = core.guesses_for_children(L, k, hit, hsh, mode)
    seen = np.empty(64, np.uint64)
    seen_w = np.empty((64, 5), letters.dtype)
    n_seen = 0
    refuted = new_refuted(mode == core.HARD)   # classes refuted here, for Selby's monotonicity
    if mode != core.EASY:     # the endgames the bound might refute in a class, looked at per guess
        eg_rows, eg_starts, eg_sizes = big_endgames(H, tabs.eg, tabs.eg_count, d - 1)
    else:
        eg_rows, eg_starts, eg_sizes = H[:0].copy(), np.zeros(0, np.int64), np.zeros(0, np.int64)
    eg_ranks = endgame_ranks(eg_sizes, Lchild)
    # the guesses worth trying, most classes first
    tried = np.empty(m, np.int64)
    n_open = 0
    for t in range(m):
        if bound[order[t]] >= core.INF:
            break
        tried[n_open] = order[t]
        n_open += 1
    # Rounds (at a large node in hard or strict mode): every open guess gets a node budget,
    # four times larger each round, so the guess whose classes are all solvable is found
    # after the others have cost about its own price each, not their whole refutations.
    in_rounds = mode != core.EASY and rounds[2] > 0 and d >= rounds[0] and n >= rounds[1]
    budget = rounds[2] if in_rounds else np.int64(node_limit)
    first_round = True
    while n_open > 0:
        n_keep = 0
        for t in range(n_open):
            j = tried[t]
            g = L[j]
            if mode == core.HARD and refuted.count[0] > 0 and dominated(MT, g, letters[g], refuted):
                stats[Stat.MONOTONE] += 1
                continue  # a class of g holds one refuted here, and g's rule asks at least as much (monotone)
            if first_round and eg_sizes.shape[0] > 0 and endgame_refutes_guess(eg_rows, eg_starts, eg_sizes,
                                                                               eg_ranks, g, Lchild, d - 1, tabs):
                stats[Stat.REFUTED_AT_ONCE] += 1
                continue  # part of an endgame, in one class of g, cannot be told apart: no class searched
            members, starts, sizes, pats = core.classes_of(MT, H, g)
            if first_round:
                n_now = remember_guess(seen, seen_w, n_seen, hsh[j], letters[g], pats, sizes, mode)
                if n_now < 0:
                    continue  # makes the same children as a guess already tried here (hard_rules)
                n_seen = n_now
            known = cached_refuted_class(members, starts, sizes, pats, Lchild, g, d - 1, tabs, cache)
            if known >= 0:
                stats[Stat.CACHE_HITS] += 1
                if mode == core.HARD:
                    remember_refuted(refuted, members, starts[known], sizes[known], letters[g], pats[known])
                continue   # refuted by a class the node table holds
            limit = min(node_limit, stats[Stat.NODES] + budget) if in_rounds else node_limit
            verdict = 1      # 1: every class solved; 0: still open (out of budget); -1: refuted
            # smallest classes first, as Selby orders them: they are cheap, and one failing class
            # refutes g whichever it is
            for c in np.argsort(sizes, kind="mergesort"):
                sub = members[starts[c]:starts[c] + sizes[c]].copy()
                if mode == core.HARD:     # the rule as a feature mask: four ANDs a guess
                    Lc = view_child_list(Lchild, g, pats[c], tabs)
                else:
                    Lc = core.child_list(Lchild, g, pats[c], mode, letters, lcount)
                r = feasible(sub, Lc, d - 1, tabs, cache, stats, limit, rounds)
                if r == NODE_LIMIT:
                    if stats[Stat.NODES] > node_limit:
                        return NODE_LIMIT      # the caller's limit (or Ctrl-C's poison)
                    verdict = 0                # this round's budget: what was decided stays cached
                    break
                if r < 0:
                    if mode == core.HARD:
                        remember_refuted(refuted, members, starts[c], sizes[c], letters[g], pats[c])
                    verdict = -1
                    break
            if verdict == 1:
                core._store(cache, key, 0, g, 1, n)
                return g
            if verdict == 0:
                tried[n_keep] = j
                n_keep += 1
        n_open = n_keep
        budget = min(budget * 4, np.int64(node_limit))
        first_round = False
    core._store(cache, key, 0, REFUTED, 1, n)
    return REFUTED
