"""No k fixed guesses identify the answers: an exhaustive search split by the letters the guesses use.

Lemma (one-position pairs). If answers a and b differ only in position p, with letters
x in a and y in b, a guess containing neither x nor y gets the same pattern from both:
each of its letters sits at the same positions in a as in b, so its greens and its
yellow counts agree. Hence a set G of guesses that identifies every answer uses, in
its words, x or y for every such pair: the letters G does not use form an independent
set of the *letter graph* (letters joined when two answers differ in one position by
them). Every independent set lies in a maximal one, I, so G uses every letter outside
I: G covers R = (alphabet minus I).

Theorem used. No k guesses identify every answer if, for every maximal independent
set I of the letter graph, no k guesses that cover R(I) identify them. For each I the
search below is exhaustive: at a node with chosen guesses S,

- if a letter of R is not yet used, every completion contains a guess with the rarest
  such letter: branch on those guesses;
- otherwise, if two answers are still together, every completion contains a guess
  that separates them: branch on the separators of the pair with fewest;
- with one guess left, every candidate is tried against every answer at once.

A guess explored in one branch is barred from its later siblings (any set containing
it was met in its own branch), and more than 5 letters of R still unused per guess
left prunes. Nothing is concluded from a time-out: a case is settled only when its
search ends. The found set, if any, is returned to be checked by the caller.
"""
from __future__ import annotations

import time

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.runtime.interrupt import StopOnCtrlC
from wordlelab.solvers.permutation.canon import popcount  # the same bit count as the permutation keys'

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
NODES_PER_SECOND = 100_000    # rough search speed, to turn a time limit into a node limit


def letter_graph(answers) -> set[tuple[str, str]]:
    """Edges {x, y} (as sorted tuples) of answers that differ in one position by letters x and y."""
    groups: dict = {}
    for a in answers:
        for p in range(len(a)):
            groups.setdefault(a[:p] + "?" + a[p + 1:], set()).add(a[p])
    edges = set()
    for letters in groups.values():
        ls = sorted(letters)
        edges.update((x, y) for i, x in enumerate(ls) for y in ls[i + 1:])
    return edges


def maximal_independent_sets(edges) -> list[str]:
    """Every maximal independent set of the letter graph, as sorted strings.

    The maximal independent sets are the maximal cliques of the complement graph, which
    networkx enumerates (Bron-Kerbosch with pivoting).
    """
    import networkx as nx
    graph = nx.Graph()
    graph.add_nodes_from(ALPHABET)
    graph.add_edges_from(edges)
    cliques = nx.find_cliques(nx.complement(graph))
    return sorted(("".join(sorted(c)) for c in cliques), key=lambda s: (-len(s), s))


def letter_masks(words) -> np.ndarray:
    """Bit mask of the letters of each word (bit 0 = a)."""
    return np.array([sum(1 << (ord(c) - 97) for c in set(w)) for w in words], np.int64)


@nb.njit(cache=True)
def _classes(P, chosen, depth, cls, stamp, label, counters):  # pragma: no cover - compiled
    n = P.shape[1]
    for a in range(n):
        cls[a] = 0
    ncls = 1
    for i in range(depth):
        t = chosen[i]
        nxt = 0
        counters[2] += 1
        s = counters[2]
        for a in range(n):
            key = cls[a] * 243 + P[t, a]
            if stamp[key] != s:
                stamp[key] = s
                label[key] = nxt
                nxt += 1
            cls[a] = label[key]
        ncls = nxt
    return ncls


@nb.njit(cache=True)
def _last(P, masks, need, cls, ncls, banned, stamp, counters):  # pragma: no cover - compiled
    """A guess that, added to the partition ``cls``, separates everything and uses the letters ``need``; -1 if none."""
    n = P.shape[1]
    size = np.zeros(ncls, np.int64)
    for a in range(n):
        size[cls[a]] += 1
    active = np.empty(n, np.int64)
    m = 0
    for a in range(n):
        if size[cls[a]] > 1:
            active[m] = a
            m += 1
    for t in range(P.shape[0]):
        if banned[t] or (masks[t] & need) != need:
            continue
        counters[1] += 1
        counters[2] += 1
        s = counters[2]
        ok = True
        for j in range(m):
            a = active[j]
            key = cls[a] * 243 + P[t, a]
            if stamp[key] == s:
                ok = False
                break
            stamp[key] = s
        if ok:
            return t
    return -1


@nb.njit(cache=True)
def _packing(AL, cls, ncls, need):  # pragma: no cover - compiled
    """Letters the remaining guesses must still use, at least: pairwise disjoint letter sets to hit.

    Each letter of ``need`` is one set; each pair of answers still together gives the set
    of letters at the positions where they differ (the lemma: a guess avoiding them all
    cannot separate the pair). Sets are taken greedily, the smallest kinds first.
    """
    n = AL.shape[0]
    used = need
    count = popcount(need)
    first = np.full(ncls, -1, np.int64)
    for sweep in range(2):
        for c in range(ncls):
            first[c] = -1
        for b in range(n):
            c = cls[b]
            if first[c] < 0:
                first[c] = b
                continue
            a = first[c]
            d = 0
            nd = 0
            for p in range(AL.shape[1]):
                if AL[a, p] != AL[b, p]:
                    d |= (1 << AL[a, p]) | (1 << AL[b, p])
                    nd += 1
            if (nd == 1) == (sweep == 0) and (d & used) == 0:
                used |= d
                count += 1
    return count


@nb.njit(cache=True, nogil=True)      # (without the GIL, the Ctrl-C watcher can poison the node count)
def _search(P, AL, masks, rarity, R, k, depth, chosen, covered, banned, stamp, label, counters,
            deadline_nodes):  # pragma: no cover - compiled
    """Depth-first search; returns 1 when ``chosen`` holds a separating set, 0 when exhausted, -1 on the node limit."""
    counters[0] += 1
    if deadline_nodes > 0 and counters[0] > deadline_nodes:
        return -1
    need = R & ~covered
    left = k - depth
    if popcount(need) > 5 * left:
        return 0
    n = P.shape[1]
    cls = np.empty(n, np.int64)
    ncls = _classes(P, chosen, depth, cls, stamp, label, counters)
    if ncls == n:                 # already separating: any completion is a certificate
        for i in range(depth, k):
            chosen[i] = -1
        return 1
    if left == 0:
        return 0
    if _packing(AL, cls, ncls, need) > 5 * left:
        return 0
    if left == 1:
        t = _last(P, masks, need, cls, ncls, banned, stamp, counters)
        if t >= 0:
            chosen[depth] = t
            return 1
        return 0
    # the branching set: guesses with the rarest unused letter of R, else separators of a pair
    cand = np.empty(P.shape[0], np.int64)
    nc = 0
    if need != 0:
        best_l = -1
        for i in range(26):
            if need >> rarity[i] & 1:
                best_l = rarity[i]
                break
        for t in range(P.shape[0]):
            if not banned[t] and masks[t] >> best_l & 1:
                cand[nc] = t
                nc += 1
    else:
        first = np.full(ncls, -1, np.int64)
        best_count = P.shape[0] + 1
        best_a, best_b = -1, -1
        tried = 0
        for b in range(n):
            c = cls[b]
            if first[c] < 0:
                first[c] = b
                continue
            a = first[c]
            cnt = 0
            for t in range(P.shape[0]):
                if P[t, a] != P[t, b]:
                    cnt += 1
            if cnt < best_count:
                best_count, best_a, best_b = cnt, a, b
            tried += 1
            if tried >= 64:
                break
        for t in range(P.shape[0]):
            if not banned[t] and P[t, best_a] != P[t, best_b]:
                cand[nc] = t
                nc += 1
    result = 0
    barred = np.empty(nc, np.int64)
    nb_ = 0
    for i in range(nc):
        t = cand[i]
        chosen[depth] = t
        banned[t] = True
        barred[nb_] = t
        nb_ += 1
        r = _search(P, AL, masks, rarity, R, k, depth + 1, chosen, covered | masks[t], banned, stamp, label, counters,
                    deadline_nodes)
        if r != 0:
            result = r
            break
    for i in range(nb_):
        banned[barred[i]] = False
    return result


def _rarest(need: int, rarity: np.ndarray) -> int:
    for b in rarity:
        if need >> int(b) & 1:
            return int(b)
    return -1


def rule_out_by_letters(P: np.ndarray, names, answers, k: int, time_limit: float | None = None,
                        done=None, on_step=None, should_stop=None) -> dict:
    """Decide, case by case (one per maximal independent set of the letter graph), whether k guesses suffice.

    Parameters
    ----------
    P : numpy.ndarray
        Pattern codes, guesses x answers.
    names, answers : sequence of str
        The guesses' and the answers' words.
    k : int
        Number of guesses (at least 1).
    time_limit : float, optional
        Seconds; what is not settled by then stays open (nothing is concluded from it).
    done : dict, optional
        Progress already made, e.g. from a checkpoint: case -> {"next": first branches
        exhausted, "branches": their number, "nodes", "checks", "seconds"}; resumed.
    on_step : callable, optional
        ``on_step(case, entry)`` after each first-level branch (to show progress, checkpoint).
    should_stop : callable, optional
        Polled between first-level branches.

    Returns
    -------
    dict
        ``status`` ("INFEASIBLE": every case exhausted; "FOUND": ``found`` holds guesses that
        identify every answer; "UNKNOWN"), ``cases`` (case -> entry), ``open`` (cases not
        exhausted), ``edges`` (the letter graph), ``found`` and ``seconds``.
    """
    t0 = time.perf_counter()
    edges = letter_graph(answers)
    cases = maximal_independent_sets(edges)
    masks = letter_masks(names)
    AL = (np.array([[ord(c) - 97 for c in a] for a in answers], np.int64).reshape(len(answers), -1)
          if len(answers) else np.zeros((0, 5), np.int64))
    freq = np.array([(masks >> b & 1).sum() for b in range(26)])
    rarity = np.argsort(freq, kind="stable").astype(np.int64)
    P = np.ascontiguousarray(P)
    progress = {c: dict(v) for c, v in (done or {}).items()}
    found = None
    n_g = P.shape[0]
    stamp = np.zeros(P.shape[1] * 243, np.int64)
    label = np.zeros(P.shape[1] * 243, np.int64)
    counters = np.zeros(3, np.int64)          # nodes, checks, and the stamp of the scratch arrays
    for case in cases:
        R = sum(1 << b for b in range(26) if ALPHABET[b] not in case)
        need_letter = _rarest(R, rarity)
        first = [t for t in range(n_g) if masks[t] >> need_letter & 1] if need_letter >= 0 else list(range(n_g))
        entry = progress.setdefault(case, {"next": 0, "branches": len(first), "nodes": 0, "checks": 0,
                                           "seconds": 0.0})
        if bin(R).count("1") > 5 * k:          # k guesses cannot use that many letters
            entry.update(next=len(first), nodes=entry["nodes"] or 1)
        banned = np.zeros(n_g, np.bool_)
        banned[first[:entry["next"]]] = True  # branches done: barred from the later ones
        chosen = np.zeros(max(k, 1), np.int64)
        while entry["next"] < len(first) and found is None:
            if (should_stop and should_stop()) or (time_limit is not None and time.perf_counter() - t0 > time_limit):
                break
            tc = time.perf_counter()
            t = first[entry["next"]]
            chosen[0] = t
            banned[t] = True
            counters[:2] = 0
            limit = 0
            if time_limit is not None:             # a branch cut short is searched again on resume
                limit = max(10_000, int((time_limit - (time.perf_counter() - t0)) * NODES_PER_SECOND))
            # always a node limit: a Ctrl-C or SIGTERM sets the node count past it (StopOnCtrlC), so one
            # branch of minutes stops within a node; check() then raises the interruption
            with StopOnCtrlC(counters) as stop:
                r = _search(P, AL, masks, rarity, R, k, 1, chosen, int(masks[t]), banned, stamp, label, counters,
                            limit or (1 << 62))
            stop.check()
            if r == -1:
                banned[t] = False
                break
            if r == 1:
                found = [int(x) for x in chosen[:k] if x >= 0]
                break
            entry["next"] += 1
            entry["nodes"] += int(counters[0])
            entry["checks"] += int(counters[1])
            entry["seconds"] = round(entry["seconds"] + time.perf_counter() - tc, 3)
            if on_step is not None:
                on_step(case, entry)
        if found is not None or entry["next"] < len(first):
            break
    open_cases = [] if found is not None else \
        [c for c in cases if c not in progress or progress[c]["next"] < progress[c]["branches"]]
    status = "FOUND" if found is not None else ("INFEASIBLE" if not open_cases else "UNKNOWN")
    return {"status": status, "cases": progress, "open": open_cases, "edges": sorted(edges), "found": found,
            "all_cases": cases, "seconds": time.perf_counter() - t0}
