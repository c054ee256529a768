"""Fewest fixed guesses that identify every answer, by row generation, with an independent check.

Each round solves the separating model on the pairs collected so far, then
computes every answer's joint pattern under the chosen guesses; answers that
collide give new pairs. The loop ends when the chosen guesses separate all
answers (then an OPTIMAL round proves the least number, over the guess pool) or
when a round is INFEASIBLE (for a given k: no k guesses of the pool suffice).
"""
from __future__ import annotations

import time

import numpy as np

from wordlelab.encoders.blindfold import build_separating
from wordlelab.errors import WordleError
from wordlelab.models.blindfold import check_fixed_guesses
from wordlelab.models.result import Result, Status
from wordlelab.solvers.backends import check_solver, solve


def collisions(P: np.ndarray, chosen) -> list[tuple[int, int]]:
    """Pairs of answers with the same patterns under every chosen guess (one pair per extra member)."""
    if len(chosen) == 0:
        sig = np.zeros(P.shape[1], np.int64)
    else:
        _, sig = np.unique(P[list(chosen)].T, axis=0, return_inverse=True)
        sig = sig.ravel()
    order = np.argsort(sig, kind="stable")
    out = []
    for i in range(1, len(order)):
        if sig[order[i]] == sig[order[i - 1]]:
            out.append((int(order[i - 1]), int(order[i])))
    return out


def separates(words_P: np.ndarray) -> bool:
    """Independent check: the columns (answers) of ``words_P`` are pairwise distinct."""
    return len({tuple(c) for c in words_P.T.tolist()}) == words_P.shape[1]


def greedy(P: np.ndarray, start=()) -> list[int]:
    """``start`` plus guesses added one by one, each making the most classes (an upper bound)."""
    chosen: list[int] = list(start)
    sig = np.zeros(P.shape[1], np.int64)
    for t in chosen:
        _, sig = np.unique(sig * 243 + P[t], return_inverse=True)
        sig = sig.ravel().astype(np.int64)
    while (have := len(np.unique(sig))) < P.shape[1]:
        best, best_n = -1, -1
        for t in range(P.shape[0]):
            n = len(np.unique(sig * 243 + P[t]))
            if n > best_n:
                best, best_n = t, n
        if best_n == have:
            raise WordleError("no set of these guesses tells every two answers apart")
        chosen.append(best)
        _, sig = np.unique(sig * 243 + P[best], return_inverse=True)
        sig = sig.ravel().astype(np.int64)
    return chosen


def least_fixed_guesses(P: np.ndarray, names, answers, solver: str = "cpsat", k: int | None = None,
                        time_limit: float = 60.0, max_rounds: int = 200, progress=None) -> Result:
    """Row generation over guess columns ``P`` (guesses x answers).

    ``names`` are the guesses' words and ``answers`` the answers' words (the columns
    of ``P``): the certificate is checked on them, from the rules, before the call
    returns. Minimising (``k`` None): OPTIMAL with the least set over the pool, or
    FEASIBLE with the best set found and a proven lower ``bound``. Deciding ``k``:
    OPTIMAL (yes, with a set of at most k), INFEASIBLE (no k guesses of the pool
    suffice) or UNKNOWN.
    """
    check_solver(solver)
    t0 = time.perf_counter()
    upper = greedy(P)
    pairs = _seed_pairs(P)
    best = upper if k is None or len(upper) <= k else None
    lower = None
    status, rounds = Status.UNKNOWN, 0
    if k is not None and best is not None:      # the greedy certificate already answers yes
        status = Status.OPTIMAL
    while rounds < max_rounds and not (k is not None and best is not None):
        rounds += 1
        left = time_limit - (time.perf_counter() - t0)
        if left <= 0:
            break
        model, y = build_separating(P, pairs, k, names)
        res = solve(model, solver, left)
        if res.status == "INFEASIBLE":
            status = Status.INFEASIBLE
            lower = (k + 1) if k is not None else None
            break
        if res.bound is not None and k is None:
            lower = max(lower or 0, int(np.ceil(res.bound - 1e-6)))
        if not res.has_solution:
            break
        chosen = [t for t in range(len(y)) if res.values[y[t].index]]
        new = collisions(P, chosen)
        if new and (k is None or best is None):
            completed = greedy(P, chosen)     # the round's guesses, completed greedily: a certificate
            if (best is None or len(completed) < len(best)) and (k is None or len(completed) <= k):
                best = completed
        if progress:
            progress(1, info=f"round {rounds}: {len(chosen)} guesses, {len(new)} pairs still together; "
                             f"best certificate {len(best) if best else '-'}")
        if not new:
            if best is None or len(chosen) <= len(best):
                best = chosen
            # with k given, the certificate itself proves that k guesses suffice
            status = Status.OPTIMAL if k is not None or res.status == "OPTIMAL" else Status.FEASIBLE
            if k is None and status == Status.OPTIMAL:
                lower = len(chosen)
            break
        pairs = sorted(set(pairs) | set(new))
    words = None if best is None else [names[t] for t in best]
    verified = False
    if words is not None:
        check_fixed_guesses(words, answers)      # raises if two answers collide
        verified = True
        if status == Status.UNKNOWN and k is None:
            status = Status.FEASIBLE
    question = {"kind": "fixed-guesses", "answers": len(answers), "pool": P.shape[0], "k": k}
    return Result(question, solver, status, None if words is None else len(words), lower, words, "guesses",
                  verified, time.perf_counter() - t0, {"rounds": rounds, "pairs": len(pairs)})


def _seed_pairs(P: np.ndarray, limit: int = 300) -> list[tuple[int, int]]:
    """Starting rows: the pairs fewest guesses tell apart."""
    n = P.shape[1]
    if n * (n - 1) // 2 <= limit:
        return [(a, b) for a in range(n) for b in range(a + 1, n)]
    # pairs left together by the greedy set's prefixes are the hard ones
    out: set = set()
    chosen: list[int] = []
    for t in greedy(P):
        out |= set(collisions(P, chosen))
        chosen.append(t)
        if len(out) >= limit:
            break
    return sorted(out)[:limit]
