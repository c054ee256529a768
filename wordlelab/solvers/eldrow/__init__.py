"""Native Eldrow search: the proven longest admissible chain for a target.

The state is the set S of words still allowed as the next guess (it always holds the
target). The longest chain from S is 1 (guess the target now) or 1 + the longest chain
from S'(g) for a guess g != target in S, where S'(g) keeps the words that g's feedback
still allows. S'(g) never holds g, so the recursion ends. Values are memoised by a
128-bit hash of S; a guess whose whole S'(g) could not beat the best chain found
is skipped (a chain from S'(g) has at most |S'(g)| words).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.eldrow import ChainFault, check_chain
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import EldrowModelStats, EldrowStats
from wordlelab.models.matrix import encode_words, pattern_matrix
from wordlelab.solvers.search.engine import search_core as core

STRICT, HARD = core.STRICT, core.HARD


@nb.njit(cache=True)
def follow_matrix(t, M, mode, letters, lcount):
    """F[a, b]: word b may come after word a in a chain ending at t (a != b)."""
    n = M.shape[0]
    F = np.zeros((n, n), np.bool_)
    for a in range(n):
        p = M[a, t]
        if mode == STRICT:
            for b in range(n):
                F[a, b] = M[a, b] == p
        else:
            allowed = core.constrain(np.arange(n).astype(np.int32), a, p, HARD, letters, lcount)
            for k in range(allowed.shape[0]):
                F[a, allowed[k]] = True
        F[a, a] = False
    return F


@nb.njit(cache=True)
def _next_set(S, g, F):
    """Words of S that may follow g."""
    keep = np.empty(S.shape[0], S.dtype)
    c = 0
    for i in range(S.shape[0]):
        if F[g, S[i]]:
            keep[c] = S[i]
            c += 1
    return keep[:c].copy()


@nb.njit(cache=True)
def incompatible_groups(S, C):
    """Greedy partition of S into groups of pairwise incompatible words (C[a, b]: a and b may
    stand in a chain in some order): a chain takes at most one word of each group.
    Returns (group of each word, count)."""
    n = S.shape[0]
    head = np.full(n, -1, np.int64)
    nxt = np.full(n, -1, np.int64)
    group = np.empty(n, np.int64)
    n_groups = 0
    for i in range(n):
        a = S[i]
        placed = False
        for grp in range(n_groups):
            j = head[grp]
            ok = True
            while j >= 0:
                b = S[j]
                if C[a, b]:
                    ok = False
                    break
                j = nxt[j]
            if ok:
                nxt[i] = head[grp]
                head[grp] = i
                group[i] = grp
                placed = True
                break
        if not placed:
            head[n_groups] = i
            group[i] = n_groups
            n_groups += 1
    return group, n_groups


@nb.njit(cache=True)
def _child_bounds(S, t, group, n_groups, F):
    """Per first guess g in S: 1 + the number of groups its next allowed set touches (-1 for t)."""
    n = S.shape[0]
    bounds = np.full(n, -1, np.int64)
    stamp = np.full(n_groups, -1, np.int64)
    for i in range(n):
        g = S[i]
        if g == t:
            continue
        touched = 0
        for j in range(n):
            if F[g, S[j]] and stamp[group[j]] != i:
                stamp[group[j]] = i
                touched += 1
        bounds[i] = 1 + touched
    return bounds


@nb.njit(cache=True)
def free_and_rest(S, t, F):
    """(free words, the rest) of S. A word that allows every other word of S can open the chain
    at no cost (moved to the front, any chain stays admissible), so L(S) = |free| + L(rest).
    Removing a free word can free others; counts of disallowed words are kept up to date."""
    n = S.shape[0]
    missing = np.zeros(n, np.int64)        # words of S that S[i] does not allow
    for i in range(n):
        g = S[i]
        for j in range(n):
            if j != i and not F[g, S[j]]:
                missing[i] += 1
    removed = np.zeros(n, np.bool_)
    queue = np.empty(n, np.int64)
    n_queue = 0
    for i in range(n):
        if missing[i] == 0 and S[i] != t:
            queue[n_queue] = i
            n_queue += 1
            removed[i] = True
    head = 0
    while head < n_queue:
        f = S[queue[head]]
        head += 1
        for i in range(n):
            if not removed[i] and not F[S[i], f]:
                missing[i] -= 1
                if missing[i] == 0 and S[i] != t:
                    queue[n_queue] = i
                    n_queue += 1
                    removed[i] = True
    free = np.empty(n_queue, S.dtype)
    for k in range(n_queue):
        free[k] = S[queue[k]]
    rest = np.empty(n - n_queue, S.dtype)
    c = 0
    for i in range(n):
        if not removed[i]:
            rest[c] = S[i]
            c += 1
    return free, rest


@nb.njit(cache=True)
def _key(S, Z1, Z2):
    h1 = np.uint64(S.shape[0])
    h2 = np.uint64(0)
    for i in range(S.shape[0]):
        h1 += Z1[S[i]]
        h2 += Z2[S[i]]
    return (np.int64(h1), np.int64(h2))


@nb.njit(cache=True)
def longest(S, t, alpha, F, C, Z1, Z2, memo, stats, node_limit):
    """Longest admissible chain from allowed set S (target t), fail-soft against ``alpha``.

    A value above alpha is exact; a value at most alpha is only an upper bound. -1: node limit.
    """
    stats[0] += 1
    if S.shape[0] <= 1:
        return 1
    if stats[0] > node_limit:
        return -1
    free, S = free_and_rest(S, t, F)
    if free.shape[0] > 0:
        v = longest(S, t, alpha - free.shape[0], F, C, Z1, Z2, memo, stats, node_limit)
        return -1 if v < 0 else v + free.shape[0]
    n = S.shape[0]
    key = _key(S, Z1, Z2)
    if key in memo:
        packed = memo[key]
        value = packed >> 21
        if packed & 1 or value <= alpha:
            stats[1] += 1
            return value
    group, n_groups = incompatible_groups(S, C)
    if n_groups <= alpha:
        memo[key] = np.int64(n_groups) << 21
        return n_groups
    bounds = _child_bounds(S, t, group, n_groups, F)
    order = np.argsort(-bounds)
    best = np.int64(1)            # exact: guess the target now
    best_g = t
    upper = np.int64(1)           # upper bound over the guesses found not to beat max(best, alpha)
    for r in range(n):
        i = order[r]
        if bounds[i] < 0:
            break
        bar = max(best, alpha)
        if bounds[i] <= bar:
            upper = max(upper, bounds[i])   # every later guess has a bound at most this large
            break
        g = S[i]
        v = longest(_next_set(S, g, F), t, bar - 1, F, C, Z1, Z2, memo, stats, node_limit)
        if v < 0:
            return -1
        if 1 + v > bar:
            best = 1 + v
            best_g = g
        else:
            upper = max(upper, 1 + v)
    if best > alpha:
        memo[key] = (best << 21) | (np.int64(best_g) << 1) | 1
        return best
    bound = max(best, upper)
    memo[key] = bound << 21
    return bound


@nb.njit(cache=True)
def greedy_chain(S, t, F):
    """A quick chain: always the guess that keeps the most words allowed (a lower bound)."""
    chain = np.empty(S.shape[0] + 1, np.int64)
    length = 0
    while S.shape[0] > 1:
        free, S = free_and_rest(S, t, F)
        for k in range(free.shape[0]):
            chain[length] = free[k]
            length += 1
        if S.shape[0] <= 1:
            break
        best_i, best_size = -1, 0
        for i in range(S.shape[0]):
            if S[i] == t:
                continue
            size = 0
            for j in range(S.shape[0]):
                if F[S[i], S[j]]:
                    size += 1
            if size > best_size:
                best_i, best_size = i, size
        if best_i < 0:
            break
        chain[length] = S[best_i]
        length += 1
        S = _next_set(S, S[best_i], F)
    chain[length] = t
    return chain[:length + 1].copy()


@nb.njit(cache=True)
def best_next(S, Z1, Z2, memo):
    """The memoised best next guess from S (-1 if S has no exact entry)."""
    key = _key(S, Z1, Z2)
    if key in memo and memo[key] & 1:
        return (memo[key] >> 1) & ((1 << 20) - 1)
    return -1


def eldrow_row(r: Result) -> dict:
    """The flat row of one target's result, as ``eldrow --all`` stores it in its checkpoint."""
    return {"target": r.question["target"], "mode": r.question["mode"], "status": r.status.value,
            "length": r.value if r.status == Status.OPTIMAL else None,
            "chain": " ".join(r.certificate or []), "start": r.question["start"], "nodes": r.stats.nodes,
            "seconds": round(r.seconds, 4), "search": r.stats.search}


class EldrowSearcher:
    """Native longest-chain search over one word list (guesses = answers = ``words``)."""

    def __init__(self, lists, mode: str = "strict"):
        if mode not in ("strict", "hard"):
            raise WordleError("Eldrow modes are strict and hard")
        self.words = list(lists.answers)
        self.index = {w: i for i, w in enumerate(self.words)}
        self.mode = mode
        self.mode_code = STRICT if mode == "strict" else HARD
        from wordlelab.instances.wordlists import WordLists
        square = WordLists(lists.name + "-eldrow", tuple(self.words), tuple(self.words))
        self.M = np.ascontiguousarray(pattern_matrix(square))
        self.letters = encode_words(self.words)
        self.lcount = np.zeros((len(self.words), 26), np.uint8)
        for k in range(5):
            np.add.at(self.lcount, (np.arange(len(self.words)), self.letters[:, k]), 1)
        rng = np.random.default_rng(2022)
        self.Z1, self.Z2 = (rng.integers(0, 2**63, len(self.words), dtype=np.int64).astype(np.uint64)
                            for _ in range(2))

    def word(self, w: str) -> int:
        """Index of a word; WordleError if it is not in the list."""
        if w not in self.index:
            raise WordleError(f"{w!r} is not in the Eldrow word list")
        return self.index[w]

    def _root(self, target, start):
        """(target index, follow matrix, words allowed first, fixed prefix) of a question."""
        t = self.word(target)
        F = follow_matrix(t, self.M, self.mode_code, self.letters, self.lcount)
        S = np.arange(len(self.words), dtype=np.int32)
        prefix = []
        if start == target:
            S = S[t:t + 1]       # the first guess wins: no other word can come before it
        elif start:
            prefix = [start]
            S = _next_set(S, self.word(start), F)
        return t, F, S, prefix

    def solve(self, target: str, start: str | None = None, node_limit: int = 10**12,
              search: str = "auto") -> Result:
        """Longest admissible chain ending at ``target`` (beginning with ``start`` if given).

        ``search``: ``sets`` (largest admissible set, a max-clique search; strict mode's fast
        path), ``order`` (the chain-order search with memo; hard mode's), or ``auto``.
        """
        if search not in ("auto", "sets", "order"):
            raise WordleError("search is auto, sets or order")
        target, start = self._names(target, start)
        t0 = time.perf_counter()
        t, F, S, prefix = self._root(target, start)
        greedy = greedy_chain(S, t, F)
        floor = len(greedy)
        if search == "sets" or (search == "auto" and self.mode == "strict"):
            from wordlelab.solvers.eldrow.clique import longest_chain_by_sets
            complete, v, found, nodes = longest_chain_by_sets(F, t, S, floor, node_limit)
            if complete or search == "sets":
                if not complete:
                    return self._unknown(target, start, nodes, t0, "sets")
                words = found if found is not None else [int(g) for g in greedy]
                return self._certified(prefix + [self.words[g] for g in words], target, v + len(prefix),
                                       start, nodes, t0, "sets")
        memo = core.new_cache()
        stats = np.zeros(2, np.int64)
        C = F | F.T    # compatible in at least one order
        # fewest conflicts first: the greedy grouping then needs fewer groups; children keep this order
        S = S[np.argsort((~C[np.ix_(S, S)]).sum(axis=1), kind="stable")]
        v = longest(S, t, floor, F, C, self.Z1, self.Z2, memo, stats, node_limit)
        if v < 0:
            return self._unknown(target, start, int(stats[0]), t0, "order")
        if v <= floor:
            chain = prefix + [self.words[g] for g in greedy]    # nothing beats the greedy chain
        else:
            chain = list(prefix)
            while True:
                free, S = free_and_rest(S, t, F)
                chain.extend(self.words[g] for g in free)
                g = t if len(S) <= 1 else int(best_next(S, self.Z1, self.Z2, memo))
                chain.append(self.words[g])
                if g == t:
                    break
                S = _next_set(S, g, F)
        return self._certified(chain, target, max(v, floor) + len(prefix), start, int(stats[0]), t0, "order")

    def _names(self, target, start):
        """Target and start as listed words (case folded; WordleError if not in the list)."""
        target = self.words[self.word(target.strip().lower())]
        return target, None if start is None else self.words[self.word(start.strip().lower())]

    def _question(self, target, start) -> dict:
        return {"kind": "eldrow", "target": target, "mode": self.mode, "start": start, "words": len(self.words)}

    def _unknown(self, target, start, nodes, t0, search) -> Result:
        """The node limit was reached: nothing proven."""
        return Result(self._question(target, start), "native", Status.UNKNOWN, seconds=time.perf_counter() - t0,
                      stats=EldrowStats(nodes=nodes, search=search))

    def _certified(self, chain, target, claimed, start, nodes, t0, search) -> Result:
        """An OPTIMAL result once the independent verifier agrees with the search's length."""
        length = check_chain(chain, target, self.mode, words=self.words, start=start)
        if length != claimed:
            raise WordleError(f"internal error: search says {claimed}, chain has {length}")
        return Result(self._question(target, start), "native", Status.OPTIMAL, length, length, chain, "chain",
                      True, time.perf_counter() - t0, EldrowStats(nodes=nodes, search=search))

    def solve_model(self, target: str, solver: str = "cpsat", start: str | None = None,
                    time_limit: float = 60.0, export: str | None = None) -> Result:
        """The same question as a CP-SAT or MIP model over the words left after ``start``."""
        from wordlelab.encoders import eldrow as enc
        from wordlelab.solvers.backends import check_solver, export as export_model, solve
        check_solver(solver)
        target, start = self._names(target, start)
        t0 = time.perf_counter()
        t, F, S, prefix = self._root(target, start)
        C = [int(w) for w in S]
        group_of, _ = incompatible_groups(S, F | F.T)
        groups = enc.groups_in(C, group_of)
        model, y, pos = enc.build(F, C, C.index(t), groups, [self.words[w] for w in C], name=f"eldrow_{target}")
        if export:
            export_model(model, export)
        res = solve(model, solver, time_limit)
        question = self._question(target, start)
        if not res.has_solution:
            return Result(question, solver, res.status, seconds=time.perf_counter() - t0,
                          stats=EldrowModelStats(solver=dict(res.stats)))
        chosen = [res.values[v.index] for v in y]
        positions = [res.values[v.index] for v in pos]
        chain = prefix + [self.words[w] for w in enc.chain_from_solution(C, chosen, positions)]
        length = check_chain(chain, target, self.mode, words=self.words, start=start)
        if res.status == "OPTIMAL" and round(res.objective) + len(prefix) != length:
            raise WordleError(f"internal error: {solver} says {round(res.objective) + len(prefix)}, "
                              f"its chain has {length}")
        bound = length if res.status == "OPTIMAL" else (None if res.bound is None else
                                                         int(np.floor(res.bound + 1e-6)) + len(prefix))
        return Result(question, solver, res.status, length, bound, chain, "chain", True,
                      time.perf_counter() - t0, EldrowModelStats(solver=dict(res.stats)))


def _sweep_init(lists, mode):
    return EldrowSearcher(lists, mode)


def _sweep_run(searcher, target, node_limit_cutoff):
    return eldrow_row(searcher.solve(target, node_limit=node_limit_cutoff))


def _sweep_merge(old, new):
    """An OPTIMAL row beats an UNKNOWN one; two OPTIMAL rows agree on the length."""
    return new if old.get("status") != "OPTIMAL" and new.get("status") == "OPTIMAL" else old


def _node_limit(limit, results):
    return limit


def _longest(results):
    lengths = [r["length"] for r in results.values() if r.get("length")]
    return f"longest {max(lengths)}" if lengths else ""


def checkpoint_question(lists, mode, node_limit) -> dict:
    """What an ``eldrow --all`` checkpoint answers: the list, mode and node limit.

    The targets are not part of it: each entry answers its own target whatever else is
    run, so a run over more targets resumes from a run over fewer (and reports only its own).
    """
    from wordlelab.solvers.runtime.checkpoint import lists_question
    return {"kind": "eldrow", "lists": lists_question(lists), "mode": mode, "node_limit": node_limit}


_ROW_FIELDS = {"target", "mode", "status", "length", "chain", "start", "nodes", "seconds", "search"}


def _check_entry(mode, key, row, words=None):
    """A checkpoint entry: target -> its result row (:func:`eldrow_row`); with ``words``, an OPTIMAL
    row's chain is re-checked by the independent checker (:func:`~wordlelab.models.eldrow.check_chain`)."""
    from wordlelab.solvers.runtime.checkpoint import check_int
    if not isinstance(row, dict) or set(row) != _ROW_FIELDS:
        raise ValueError(f"must be a result row with the fields {', '.join(sorted(_ROW_FIELDS))}")
    if row["target"] != key or row["mode"] != mode:
        raise ValueError("its target or mode is not this entry's")
    if row["status"] not in ("OPTIMAL", "UNKNOWN"):
        raise ValueError("status must be OPTIMAL or UNKNOWN")
    if not isinstance(row["chain"], str) or not isinstance(row["search"], str):
        raise ValueError("chain and search must be strings")
    check_int(row["nodes"], "nodes")
    if row["status"] == "OPTIMAL":
        check_int(row["length"], "length", 1)
        chain = row["chain"].split()
        if len(chain) != row["length"] or not chain or chain[-1] != key:
            raise ValueError("an OPTIMAL row needs a chain of its length ending at its target")
        if words is not None:
            try:
                check_chain(chain, key, mode, words=words)
            except ChainFault as e:
                raise ValueError(f"its chain is not admissible: {e}") from None
    elif row["length"] is not None:
        raise ValueError("an UNKNOWN row has no length")


def sweep(lists, mode="strict", workers=1, checkpoint=None, node_limit=10**12, progress=None, targets=None,
          dask_address=None, on_result=None, announce=None):
    """Longest chain for every target; resumable through a checkpoint, on any executor.

    ``announce(text)`` is told the dask dashboard's address, when there is one.

    Each row has ``"source"``: ``"checkpoint"`` if it was taken from ``checkpoint`` (an earlier
    run), ``"computed"`` if this run found it. Every chain taken from the file is re-checked by the
    independent checker on loading (a chain that fails refuses the file). A row from a file this
    installation did not write is FEASIBLE, not OPTIMAL: its chain is admissible, but that none is
    longer is the file's claim (``"rests_on"`` names it).
    """
    import functools
    from wordlelab.solvers.runtime.sweep import Sweep, executor, run_sweep
    words = list(targets or lists.answers)
    question = checkpoint_question(lists, mode, node_limit)
    # the "cutoff" sent with each target is its node limit (Eldrow targets share no bound)
    job = Sweep("eldrow", question, words, _sweep_init, (lists, mode), _sweep_run, _sweep_merge,
                functools.partial(_node_limit, node_limit), describe=_longest,
                validate=functools.partial(_check_entry, mode, words=list(lists.answers)))
    ex = executor(None, workers, dask_address)
    try:
        if ex.dashboard and announce:
            announce(f"dask dashboard: {ex.dashboard}")
        done = run_sweep(job, ex, checkpoint, progress, on_result)
    finally:
        ex.close()
    rows = [{**done[w], "source": "checkpoint" if w in job.resumed else "computed"} for w in words]
    if not job.sealed:
        rows = [{**r, "status": "FEASIBLE", "rests_on": str(checkpoint)}
                if r["source"] == "checkpoint" and r["status"] == "OPTIMAL" else r for r in rows]
    return rows
