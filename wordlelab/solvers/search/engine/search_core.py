"""Compiled core of the native searcher: exact min-sum and depth search over answer subsets.

Everything here is numba-compiled (``cache=True``). A node is a set of possible
answers ``H`` (indices into the answer list, ascending), a list ``L`` of
candidate guesses (indices into the guess list, ascending) and the number of
guesses ``d`` still allowed. The value of a node is the least total number of
guesses, summed over the answers in ``H``, of a strategy that finds each
within ``d`` guesses (``INF`` if none does).

Search: one pass over ``H x L`` gives, per guess, the number of classes and
whether it can hit, hence the lower bound ``3|H| - hit - classes`` (every
class of size s needs at least 2s-1 more guesses). Guesses are tried in order of
that bound, with a beta cutoff; classes are solved largest first, each with the
budget the others leave. Exact values and lower bounds are cached by a
128-bit hash of the answer subset (plus the guess list in hard and strict
mode, where it depends on the path), in a :mod:`~wordlelab.solvers.search.engine.node_table`
that the processes of a sweep may share. Guesses that split nothing are dropped
and, in easy mode, guesses that split ``H`` identically are kept once, for
the node and its whole subtree (a subset is split identically too). A guess tried at a
node is skipped if one tried before makes the same children: in easy mode, the same
classes; in hard mode, also the same guess rule for every class of two or more
(:mod:`~wordlelab.solvers.search.engine.hard_rules` states and proves it); never in strict mode.

The one-ply scans, classes, local views and node keys the search reads its nodes with
are in :mod:`~wordlelab.solvers.search.engine.scans` (and re-exported here). The hard rule is tested
as a feature mask, four ANDs a guess (:mod:`~wordlelab.solvers.search.engine.hard_rules`).

Arguments: the kernels take the search's tables as one :class:`Tables` (a NamedTuple of
arrays, which numba compiles as one argument and passes as flat as the arrays themselves)
and count into a statistics array whose slots are named by :class:`Stat`.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.endgame_bound import ENDGAME_MAX_D, big_endgames, endgame_ranks, endgame_refutes, endgame_refutes_guess
from wordlelab.solvers.search.engine.hard_rules import (child_list, constrain, first_alike, remember_guess,  # noqa: F401
                                                  view_child_list)
from wordlelab.solvers.search.engine.monotone import dominated, new_refuted, remember_refuted
from wordlelab.solvers.search.engine.scans import (REP_MIN_ROWS, count_classes, distinct_useful,  # noqa: F401
                                             guesses_for_children, local_view, node_key, order_by_bound,
                                             classes_of, class_hashes, remember, scan, scan_distinct,
                                             useful_only, view_key)
from wordlelab.solvers.search.engine.node_table import entry_exact, entry_guess, entry_value, lookup, pack, store
from wordlelab.solvers.search.engine.tables import (ALL_GREEN, EASY, HARD, INF, KEY_DEPTH_MIX, KEY_MODE_MIX, POISON,  # noqa: F401
                                             STRICT, Stat, Tables, named_counts, new_stats)
from wordlelab.solvers.search.engine.union_bounds import store_union_bounds

@nb.njit(cache=True)
def singletons_answer(H, L, d, MT, ans_col, mode):
    """An answer of H worth its optimum at once, as (value, column), or (INF, -1).

    One that splits H into singletons scores 2n - 1, the least possible. In easy mode with three
    guesses left, one that leaves a single pair scores 2n, the least once no answer splits H
    fully (2n - 1 needs a guess that can hit, so an answer).
    """
    n = H.shape[0]
    if n > 243:
        return INF, -1
    stamp = np.zeros(243, np.int64)
    pair_guess = -1
    for a in range(n):
        g = ans_col[H[a]]
        if g < 0:
            continue
        if mode != EASY:
            pos = np.searchsorted(L, g)
            if pos >= L.shape[0] or L[pos] != g:
                continue        # not allowed here (hard or strict mode)
        bad = 0
        for i in range(n):
            p = MT[H[i], g]
            if stamp[p] == a + 1:
                bad += 1
                if bad > 1:
                    break
            stamp[p] = a + 1
        if bad == 0:
            return 2 * n - 1, g
        if bad == 1 and pair_guess < 0:
            pair_guess = g
    if pair_guess >= 0 and mode == EASY and d >= 3:
        return 2 * n, pair_guess
    return INF, -1


@nb.njit(cache=True, nogil=True)      # without the GIL: Ctrl-C can poison its counter (interrupt.py)
def solve(H, L, d, beta, tabs, beam, cache, stats):
    """(value, best guess) of node (H, L, d); a value >= beta is only a lower bound.

    H are rows and L columns of ``tabs.MT`` (a :class:`Tables`): the full tables at the top;
    a node that searches its classes hands them its own :func:`local_view`.
    ``beam`` > 0 tries only that many guesses per node (a heuristic: values are then those
    of real strategies, not proven least). The best guess returned (and cached) is always a
    global guess.

    A counter poisoned by a Ctrl-C (``stats[NODES] >= POISON``) ends the search at its next
    node with made-up values, some of them stored in ``cache``: the caller must throw away
    both (``NativeSearcher._stoppable``).
    """
    # fields are taken out of the tuple once, not in the loops (each take is a reference count)
    MT, ans_col, ans_word, cols, mode = tabs.MT, tabs.ans_col, tabs.ans_word, tabs.cols, tabs.mode
    letters, lcount = tabs.letters, tabs.lcount
    n = H.shape[0]
    stats[Stat.NODES] += 1
    if stats[Stat.NODES] >= POISON:
        return INF, -1
    if n == 1:
        return 1, ans_word[H[0]]
    if d <= 1:
        return INF, -1
    if n == 2 and (mode == EASY or d >= 2):
        # guess one of the two: it is right, or it tells the other apart
        ok = mode == EASY
        for j in range(L.shape[0]):
            if L[j] == ans_col[H[0]]:
                ok = True
        if ok:
            return 3, ans_word[H[0]]
    lower = 2 * n - 1
    if lower >= beta:
        return lower, -1
    key = view_key(H, L, d, tabs)
    packed = lookup(cache, key)
    if packed >= 0:
        val = entry_value(packed)
        if entry_exact(packed):
            stats[Stat.CACHE_HITS] += 1
            return val, entry_guess(packed)
        if val >= beta:
            stats[Stat.CACHE_HITS] += 1
            return val, -1
        lower = max(lower, val)
    # Selby's shortcut: the answers themselves are checked first (n x n cells, not n x |L|)
    fast_value, fast_col = singletons_answer(H, L, d, MT, ans_col, mode)
    if fast_col >= 0:
        _store(cache, key, fast_value, cols[fast_col], 1, n)
        return fast_value, cols[fast_col]
    if mode != EASY and d <= ENDGAME_MAX_D and endgame_refutes(H, L, d, MT, tabs.eg, tabs.eg_count):
        # Selby's endgame analysis: the node's largest endgame cannot be told apart in time
        _store(cache, key, INF, -1, 0, n)
        return INF, -1
    k, hit, counted = scan_distinct(MT, H, L, tabs)
    stats[Stat.CELLS_SCANNED] += n * counted
    m = L.shape[0]
    # a guess that splits H into singletons is optimal: 2n-1 if it can hit, else 2n
    best_singletons, singletons_guess = INF, np.int32(-1)
    for j in range(m):
        if k[j] == n:
            v = 2 * n - hit[j]
            if v < best_singletons:
                best_singletons, singletons_guess = v, cols[L[j]]
    if best_singletons < INF:
        # 2n-1 is the lower bound; 2n is beaten only by a splitting guess that hits, which we'd have found
        _store(cache, key, best_singletons, singletons_guess, 1, n)
        return best_singletons, singletons_guess
    if d == 2:
        return INF, -1
    bound = np.empty(m, np.int64)
    for j in range(m):
        if k[j] >= 2 or hit[j] == 1:
            bound[j] = 3 * n - hit[j] - k[j]
        else:
            bound[j] = INF
    order = order_by_bound(bound, 2 * n - 1, 3 * n)
    best = beta
    best_guess = np.int32(-1)
    node_lower = np.int64(INF)
    if m == 0 or bound[order[0]] >= best:
        # the one-ply bound refutes the node (the usual case: a probe with a tight budget)
        node_lower = max(bound[order[0]] if m > 0 else INF, lower, beta)
        _store(cache, key, min(node_lower, INF), -1, 0, n)
        return node_lower, -1
    # the class hashes are needed only here: for repeats among the guesses tried and the child list
    hsh = class_hashes(MT, H, L, tabs.R)
    Lchild = L[:0]
    Lsub = L[:0]
    have_child_list = False
    # the tables the classes are searched with: this node's own, built with the child list
    tc = tabs
    seen = np.empty(64, np.uint64)
    seen_w = np.empty((64, 5), letters.dtype)
    n_seen = 0
    tried = 0
    refuted = new_refuted(mode == HARD)   # classes refuted here, for Selby's monotonicity (monotone.py)
    if mode != EASY:      # the endgames the bound might refute in a class, looked at per guess
        eg_rows, eg_starts, eg_sizes = big_endgames(H, tabs.eg, tabs.eg_count, d - 1)
    else:
        eg_rows, eg_starts, eg_sizes = H[:0].copy(), np.zeros(0, np.int64), np.zeros(0, np.int64)
    eg_ranks = endgame_ranks(eg_sizes, L)
    for t in range(m):
        if stats[Stat.NODES] >= POISON:
            # a Ctrl-C: every child returns at once, but the guesses left would still each cost
            # their endgame bound and classes (minutes at a root of thousands of answers)
            return INF, -1
        j = order[t]
        qb = bound[j]
        if qb >= best:
            node_lower = min(node_lower, qb)
            break
        if beam > 0 and tried >= beam:
            break
        g = L[j]
        if mode == EASY:
            n_now = remember(seen, n_seen, hsh[j])
            if n_now < 0:
                continue  # splits H exactly as a guess already tried here
            members, starts, sizes, pats = classes_of(MT, H, g)
        else:
            if refuted.count[0] > 0 and dominated(MT, g, letters[cols[g]], refuted):
                stats[Stat.MONOTONE] += 1
                continue  # a class of g holds one refuted here, and g's rule asks at least as much: INF
            if eg_sizes.shape[0] > 0 and endgame_refutes_guess(eg_rows, eg_starts, eg_sizes, eg_ranks, g, L, d - 1, tabs):
                stats[Stat.REFUTED_AT_ONCE] += 1
                continue  # part of an endgame, in one class of g, cannot be told apart: INF
            members, starts, sizes, pats = classes_of(MT, H, g)
            n_now = remember_guess(seen, seen_w, n_seen, hsh[j], letters[cols[g]], pats, sizes, mode)
            if n_now < 0:
                continue  # makes the same children as a guess already tried here (hard_rules)
        n_seen = n_now
        tried += 1
        total = qb
        nc = sizes.shape[0]
        if not have_child_list and (sizes[0] >= 3 or (sizes[0] == 2 and mode != EASY)):
            # built only when some class needs a search (pairs and singletons never do)
            Lsub = guesses_for_children(L, k, hit, hsh, mode)
            have_child_list = True
            # the hashes of Lsub's columns (hard, strict: every splitting guess, in L's order)
            hsub = hsh[:0] if mode == EASY else hsh[np.flatnonzero((k >= 2) | (hit == 1))]
            tc = local_view(H, Lsub, tabs, hsub)
            Lchild = np.arange(Lsub.shape[0]).astype(L.dtype)
        # g as a column of the classes' tables (hard, strict: a splitting guess, so one of Lsub)
        gc = g if mode == EASY or not have_child_list else np.int32(np.searchsorted(Lsub, g))
        lbs = np.empty(nc, np.int64)
        for c in range(nc):
            lbs[c] = 2 * sizes[c] - 1
        # lower bounds first: a one-ply probe of each class (budget 2s: only its bound, or its value
        # if a single guess settles it) often refutes g before any deep search
        for c in range(nc):
            s = sizes[c]
            if s < 3 or total >= best:
                continue
            sub = class_rows(members, starts[c], s, H, True)
            Lc = view_child_list(Lchild, gc, pats[c], tc)
            v, _ = solve(sub, Lc, d - 1, lbs[c] + 1, tc, beam, cache, stats)
            total += v - lbs[c]
            lbs[c] = v
            if v >= INF:
                remember_refuted(refuted, members, starts[c], s, letters[cols[g]], pats[c])
        for c in range(nc):
            if total >= best:
                break
            s = sizes[c]
            lb_c = lbs[c]
            sub = class_rows(members, starts[c], s, H, True)
            Lc = view_child_list(Lchild, gc, pats[c], tc)
            v, _ = solve(sub, Lc, d - 1, best - (total - lb_c), tc, beam, cache, stats)
            total += v - lb_c
            lbs[c] = v
            if v >= INF:
                remember_refuted(refuted, members, starts[c], s, letters[cols[g]], pats[c])
        if mode == EASY and d >= 3 and nc >= 2:
            store_union_bounds(members, starts, sizes, pats, lbs, d - 1, tabs.Z1, tabs.Z2, cache)
        if total < best:
            best, best_guess = total, cols[g]
        else:
            node_lower = min(node_lower, total)
    if best < beta:
        _store(cache, key, best, best_guess, 1, n)
        return best, best_guess
    node_lower = max(node_lower, lower, beta)
    _store(cache, key, min(node_lower, INF), -1, 0, n)
    return node_lower, -1


@nb.njit(cache=True)
def class_rows(members, start, size, H, local):
    """One class's rows: as given, or (``local``) renumbered into the node's local view."""
    sub = members[start:start + size].copy()  # a C array: same types as the outer call
    if local:
        # H is ascending and the local view's row i is H[i]
        for i in range(size):
            sub[i] = np.searchsorted(H, sub[i])
    return sub


@nb.njit(cache=True)
def _store(cache, key, value, guess, exact, size):
    store(cache, key, pack(value, guess, exact, size))


@nb.njit(cache=True, nogil=True)      # as solve
def guess_value(H, Lchild, d, g, beta, live, tabs, beam, cache, stats):
    """Total of the best strategy for (H, d) that starts with guess g; >= the cutoff: a lower bound.

    ``Lchild`` is the node's child guess list (``guesses_for_children``: the same for every g,
    so a ranking of first words computes it once). The cutoff is ``min(beta, live[0])``,
    re-read between classes: ``live`` may be lowered meanwhile by another process (a sweep's
    best total so far). A result below the cutoff as read after the call is exact. Takes the
    full tables, as ``solve`` does.
    """
    mode, letters, lcount = tabs.mode, tabs.letters, tabs.lcount
    n = H.shape[0]
    members, starts, sizes, pats = classes_of(tabs.MT, H, g)
    total = np.int64(n)
    for c in range(sizes.shape[0]):
        total += 2 * sizes[c] - 1
    if d <= 1:
        return INF if sizes.shape[0] > 0 else n
    nc = sizes.shape[0]
    lbs = np.empty(nc, np.int64)
    for c in range(nc):
        lbs[c] = 2 * sizes[c] - 1
    exact = np.zeros(nc, np.bool_)      # lbs[c] is the class's value, not only a bound
    # as in solve: one-ply bounds of every class first, which refute most first words cheaply
    for c in range(nc):
        exact[c] = sizes[c] == 1        # one answer: guessed next (two may not fit in d - 1 = 1)
        if sizes[c] < 3 or total >= min(beta, live[0]):
            continue
        sub = members[starts[c]:starts[c] + sizes[c]].copy()  # a C array: same types as the outer call
        Lc = child_list(Lchild, g, pats[c], mode, letters, lcount)
        v, _ = solve(sub, Lc, d - 1, lbs[c] + 1, tabs, beam, cache, stats)
        exact[c] = v < lbs[c] + 1
        total += v - lbs[c]
        lbs[c] = v
    # then in rounds, each open class (its value not yet exact) asked for its share of the gap
    # to the cutoff, by size: a first word far above the cutoff is bounded by shallow searches
    # of every class, where asking each class in turn for the whole gap solved all but the last
    # exactly (CREEK, hard mode on nyt20230701: 42,350 nodes to 9,183). A class that falls short
    # of its share comes back exact; the next round shares what is left among the others, so a
    # result below the cutoff still has every class exact. Smallest first (classes_of lists the
    # largest first), so that what a small class leaves of its share goes to the larger ones in
    # the same round: the largest class, whose nodes cost the most, is asked once a round, for
    # all that is left (hard nyt20230701 at 11681: FROST 23,179 nodes to 15,577, CARPI 34,753 to
    # 20,476; easy nyt20220316 at 7921, CRATE 33,360 to 24,571).
    while True:
        cutoff = min(beta, live[0])
        open_size = 0
        for c in range(nc):
            if not exact[c]:
                open_size += sizes[c]
        if total >= cutoff or open_size == 0:
            break
        for c in range(nc - 1, -1, -1):
            if exact[c]:
                continue
            cutoff = min(beta, live[0])
            if total >= cutoff:
                break
            share = max(np.int64(1), ((cutoff - total) * sizes[c] + open_size - 1) // open_size)
            open_size -= sizes[c]
            sub = members[starts[c]:starts[c] + sizes[c]].copy()
            Lc = child_list(Lchild, g, pats[c], mode, letters, lcount)
            v, _ = solve(sub, Lc, d - 1, lbs[c] + share, tabs, beam, cache, stats)
            exact[c] = v < lbs[c] + share
            total += v - lbs[c]
            lbs[c] = v
    if mode == EASY and d >= 3 and nc >= 2:
        # as in solve: the next first guesses ranked may have these unions as classes
        store_union_bounds(members, starts, sizes, pats, lbs, d - 1, tabs.Z1, tabs.Z2, cache)
    return total


# nogil as solve: without it, numba's cache never reloaded this function (it was compiled again in
# every process), and one build crashed on the reload
@nb.njit(cache=True, nogil=True)
def fill_min_paths(H, L, d, depth, paths, tabs, beam, cache, stats):
    """Fill ``paths[a, depth:]`` for every answer a of node (H, L, d) with the min-sum strategy's
    guesses (global numbers); False if a node below has no strategy or the search was stopped
    (its counter poisoned: the caller checks which).

    Why it holds: asked again, :func:`solve` returns a proven node's value with a guess that
    attains it (the table keeps exact values with their guesses; a miss is searched again), and
    that guess's classes, so read, sum to the rest; read top down, the guesses make a strategy
    of that total. The independent verifier checks the tree built from them, so nothing here
    is trusted. Why compiled: a strategy from SALET has about 2,500 nodes, and one Python round
    trip a node (a solve, a guess's classes, a child list) cost as much as a fifth of the search.
    It is here, beside :func:`solve`, because numba's cache cannot load a function of another
    module that calls this recursive one.
    """
    MT, ans_word, mode = tabs.MT, tabs.ans_word, tabs.mode
    stack = [(H.copy(), L, d, depth)]
    while len(stack) > 0:
        h, lst, dd, k = stack.pop()
        value, best = solve(h, lst, dd, np.int64(INF), tabs, beam, cache, stats)
        if best < 0 or value >= INF:
            return False
        for i in range(h.shape[0]):
            paths[h[i], k] = best
        if h.shape[0] == 1 and ans_word[h[0]] == best:
            continue
        if mode == EASY:
            # easy-mode table keys ignore the guess list, and any superset of the search's
            # reduced lists gives the same values: the node's own list serves every class
            members, starts, sizes, pats = classes_of(MT, h, best)
            lc = lst
        else:
            members, starts, sizes, pats, lc = child_lists_after(h, lst, best, tabs)
        for c in range(sizes.shape[0]):
            sub = members[starts[c]:starts[c] + sizes[c]].copy()
            stack.append((sub, child_list(lc, best, pats[c], mode, tabs.letters, tabs.lcount), dd - 1, k + 1))
    return True


@nb.njit(cache=True)
def child_lists_after(H, L, g, tabs):
    """(members, starts, sizes, patterns, Lchild) for playing g at node (H, L) of the full tables."""
    k, hit, hsh = scan(tabs.MT, H, L, tabs.R)
    Lchild = guesses_for_children(L, k, hit, hsh, tabs.mode)
    members, starts, sizes, pats = classes_of(tabs.MT, H, g)
    return members, starts, sizes, pats, Lchild


_KEY = nb.types.UniTuple(nb.types.int64, 2)


@nb.njit(cache=True)
def new_cache():
    """An empty typed dict keyed like the node table (for memos that need no sharing: Eldrow)."""
    return nb.typed.Dict.empty(key_type=_KEY, value_type=nb.types.int64)
