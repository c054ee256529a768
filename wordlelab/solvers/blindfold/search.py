"""Primal heuristic for fixed-guess Wordle: tabu local search over sets of k guesses.

A set G of guesses identifies every answer when the joint patterns of G are
pairwise distinct on the answers (:mod:`wordlelab.models.blindfold`). The search
keeps k guesses and scores a set by the number of answers minus the number of
classes of the joint patterns (zero exactly when G identifies every answer). One
move swaps one guess of the set for one guess of the pool; every swap is scored
exactly from the pattern matrix: with the other k - 1 guesses fixed, only the
answers that share their class with another answer can still be split, so a
candidate is scored by counting the distinct (class, pattern) pairs on those
answers. The best move that is not tabu (a guess recently taken out cannot come
back for ``tenure`` moves) is made even when it worsens the score, and after
``restart`` moves without a new best the search starts again from the best set
with a few guesses replaced at random.

Nothing here is a proof: a set of score zero is a certificate that k guesses
suffice, re-checked from the rules by the caller before it is reported.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np


@nb.njit(cache=True)
def classes_of(P, chosen, skip):  # pragma: no cover - compiled
    """Class index of every answer under the guesses ``chosen`` except position ``skip`` (-1: none).

    Returns ``(cls, n_classes)``.
    """
    n = P.shape[1]
    cls = np.zeros(n, np.int64)
    ncls = 1
    stamp = np.zeros(n * 243, np.int64)
    label = np.zeros(n * 243, np.int64)
    for i in range(chosen.shape[0]):
        if i == skip:
            continue
        t = chosen[i]
        nxt = 0
        for a in range(n):
            key = cls[a] * 243 + P[t, a]
            if stamp[key] != i + 1:
                stamp[key] = i + 1
                label[key] = nxt
                nxt += 1
            cls[a] = label[key]
        ncls = nxt
    return cls, ncls


@nb.njit(cache=True)
def score_swaps(P, cls, ncls):  # pragma: no cover - compiled
    """Classes made by adding each guess (row of ``P``) to the partition ``cls`` with ``ncls`` classes."""
    n = P.shape[1]
    size = np.zeros(ncls, np.int64)
    for a in range(n):
        size[cls[a]] += 1
    active = np.empty(n, np.int64)
    m = 0
    singles = 0
    for a in range(n):
        if size[cls[a]] > 1:
            active[m] = a
            m += 1
        else:
            singles += 1
    stamp = np.zeros(ncls * 243, np.int32)
    out = np.empty(P.shape[0], np.int64)
    for t in range(P.shape[0]):
        s = t + 1
        c = 0
        for j in range(m):
            a = active[j]
            key = cls[a] * 243 + P[t, a]
            if stamp[key] != s:
                stamp[key] = s
                c += 1
        out[t] = singles + c
    return out


def set_classes(P: np.ndarray, chosen) -> int:
    """Number of classes of the joint patterns of ``chosen`` (rows of ``P``) on the answers."""
    return int(classes_of(P, np.asarray(chosen, np.int64), -1)[1])


def greedy_fill(P: np.ndarray, chosen, k: int, rng=None) -> list[int]:
    """``chosen`` completed to ``k`` guesses, each added guess making the most classes (ties at random)."""
    chosen = [int(t) for t in chosen]
    while len(chosen) < k:
        cls, ncls = classes_of(P, np.asarray(chosen, np.int64), -1)
        sc = score_swaps(P, cls, ncls).astype(np.float64)
        sc[chosen] = -1
        if rng is not None:
            sc += rng.random(sc.shape[0]) * 0.5
        chosen.append(int(np.argmax(sc)))
    return chosen


@dataclass(frozen=True)
class TabuTuning:
    """How the tabu search moves; none of it changes what a set found proves.

    Parameters
    ----------
    tenure : int
        Moves a guess taken out of the set stays tabu.
    restart : int
        Moves without a new best before the search restarts from the best set.
    kick : int
        Guesses of the best set replaced at random at a restart.
    """

    tenure: int = 10
    restart: int = 200
    kick: int = 2

    def __post_init__(self):
        for name in ("tenure", "restart", "kick"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (0 if name == "tenure" else 1):
                raise ValueError(f"{name} must be a whole number of at least {0 if name == 'tenure' else 1}, "
                                 f"not {value!r}")


def tabu_search(P: np.ndarray, k: int, time_limit: float = 60.0, seed: int = 0, start=None,
                tuning: TabuTuning = TabuTuning(), max_moves: int | None = None,
                progress=None, should_stop=None) -> dict:
    """Tabu search for ``k`` rows of ``P`` (guesses x answers) whose joint patterns are all distinct.

    Parameters
    ----------
    P : numpy.ndarray
        Pattern codes, guesses x answers (uint8).
    k : int
        Size of the guess set.
    time_limit : float
        Seconds; the search stops earlier when a set identifies every answer.
    seed : int
        Seed of the random tie-breaks and restarts (the run is reproducible for a seed
        when it stops on success or on ``max_moves``, not on time).
    start : sequence of int, optional
        Starting guesses (completed greedily to ``k``); else a random guess completed greedily.
    tuning : TabuTuning
        The tabu tenure, the moves before a restart and the guesses a restart replaces.
    max_moves : int, optional
        Stop after this many moves (default: no limit but the time).
    progress : callable, optional
        Called as ``progress(moves, best_left)`` after every move.
    should_stop : callable, optional
        Polled after every move; true stops the search (e.g. a Ctrl-C flag).

    Returns
    -------
    dict
        ``best`` (list of row indices), ``left`` (answers minus classes of ``best``:
        0 means every answer is identified), ``moves``, ``restarts``, ``seconds``.
    """
    t0 = time.perf_counter()
    tenure, restart, kick = tuning.tenure, tuning.restart, tuning.kick
    n_g, n = P.shape
    if not 1 <= k <= n_g:
        raise ValueError(f"k must be between 1 and {n_g}")
    rng = np.random.default_rng(seed)
    cur = greedy_fill(P, list(start or [int(rng.integers(n_g))])[:k], k, rng)
    cur_cls = set_classes(P, cur)
    best, best_cls = list(cur), cur_cls
    tabu = np.zeros(n_g, np.int64)
    moves = restarts = since = 0
    while best_cls < n and time.perf_counter() - t0 < time_limit:
        if max_moves is not None and moves >= max_moves:
            break
        if should_stop is not None and should_stop():
            break
        moves += 1
        arr = np.asarray(cur, np.int64)
        top, top_i, top_t = -1.0, -1, -1
        for i in range(k):
            cls, ncls = classes_of(P, arr, i)
            sc = score_swaps(P, cls, ncls).astype(np.float64)
            aspire = sc > best_cls
            sc[(tabu > moves) & ~aspire] = -1
            sc[arr] = -1
            sc += rng.random(n_g) * 0.5
            t = int(np.argmax(sc))
            if sc[t] > top:
                top, top_i, top_t = sc[t], i, t
        if top_t < 0:
            break
        tabu[cur[top_i]] = moves + tenure
        cur[top_i] = top_t
        cur_cls = int(top)
        since += 1
        if cur_cls > best_cls:
            best, best_cls, since = list(cur), cur_cls, 0
        elif since >= restart:
            restarts += 1
            since = 0
            cur = list(best)
            for i in rng.choice(k, size=min(kick, k), replace=False):
                cur[i] = int(rng.integers(n_g))
                while cur.count(cur[i]) > 1:
                    cur[i] = int(rng.integers(n_g))
            cur_cls = set_classes(P, cur)
            tabu[:] = 0
        if progress is not None:
            progress(moves, n - best_cls)
    return {"best": best, "left": n - best_cls, "moves": moves, "restarts": restarts,
            "seconds": time.perf_counter() - t0}
