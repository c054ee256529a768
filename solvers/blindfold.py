"""Fewest fixed guesses that identify every answer, by row generation, with an independent check.

Each round solves the separating model on the pairs collected so far, then
computes every answer's joint pattern under the chosen guesses; answers that
collide give new pairs. The loop ends when the chosen guesses separate all
answers (then an OPTIMAL round proves the least number, over the guess pool) or
when a round is INFEASIBLE (for a given k: no k guesses of the pool suffice).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordlelab.encoders.blindfold import build_separating
from wordlelab.errors import WordleError
from wordlelab.solvers.runner import check_solver, solve_cpsat, solve_pulp


@dataclass
class BlindfoldResult:
    """What the rounds proved, with the certificate guesses."""

    status: str                  # OPTIMAL / INFEASIBLE (proven), FEASIBLE / UNKNOWN (not)
    k: int | None                # guesses in the best separating set found
    lower_bound: int | None      # proven least number of fixed guesses (over the pool)
    guesses: list[str] = field(default_factory=list)
    rounds: int = 0
    pairs: int = 0
    pool: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict:
        """JSON-ready summary."""
        return {"status": self.status, "k": self.k, "lower_bound": self.lower_bound, "guesses": self.guesses,
                "rounds": self.rounds, "pairs": self.pairs, "pool": self.pool, "seconds": round(self.seconds, 2)}


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


def least_fixed_guesses(P: np.ndarray, names, solver: str = "cpsat", k: int | None = None,
                        time_limit: float = 60.0, max_rounds: int = 200, progress=None) -> BlindfoldResult:
    """Row generation over guess columns ``P`` (guesses x answers); ``names`` are the guesses' words."""
    check_solver(solver)
    t0 = time.perf_counter()
    upper = greedy(P)
    pairs = _seed_pairs(P)
    best = upper if k is None or len(upper) <= k else None
    lower = None
    if k is not None and best is not None:      # the greedy certificate already answers yes
        return BlindfoldResult("FEASIBLE", len(best), None, [names[t] for t in best], 0, 0, P.shape[0],
                               time.perf_counter() - t0)
    status, rounds = "UNKNOWN", 0
    while rounds < max_rounds:
        rounds += 1
        left = time_limit - (time.perf_counter() - t0)
        if left <= 0:
            break
        if solver == "cpsat":
            model, y = build_separating(P, pairs, k, "cpsat")
            res = solve_cpsat(model, y, left)
        else:
            prob, y = build_separating(P, pairs, k, "mip")
            res = solve_pulp(prob, y, solver, left)
        if res.status == "INFEASIBLE":
            status = "INFEASIBLE"
            lower = (k + 1) if k is not None else None
            break
        if res.bound is not None and k is None:
            lower = max(lower or 0, int(np.ceil(res.bound - 1e-6)))
        if res.status not in ("OPTIMAL", "FEASIBLE"):
            break
        chosen = [t for t, v in enumerate(res.values) if v]
        new = collisions(P, chosen)
        if new and (k is None or best is None):
            completed = greedy(P, chosen)     # the round's guesses, completed greedily: a certificate
            if best is None or len(completed) < len(best):
                if k is None or len(completed) <= k:
                    best = completed
        if progress:
            progress(1, info=f"round {rounds}: {len(chosen)} guesses, {len(new)} pairs still together; "
                             f"best certificate {len(best) if best else '-'}")
        if not new:
            if best is None or len(chosen) <= len(best):
                best = chosen
            # with k given, the certificate itself proves that k guesses suffice
            status = "OPTIMAL" if k is None and res.status == "OPTIMAL" else "FEASIBLE"
            if status == "OPTIMAL":
                lower = len(chosen)
            break
        pairs = sorted(set(pairs) | set(new))
    if best is not None and not separates(P[best]):
        raise AssertionError("internal: the certificate does not separate the answers")
    if status == "UNKNOWN" and best is not None:
        status = "FEASIBLE"
    return BlindfoldResult(status, None if best is None else len(best), lower,
                           [] if best is None else [names[t] for t in best], rounds, len(pairs), P.shape[0],
                           time.perf_counter() - t0)


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
