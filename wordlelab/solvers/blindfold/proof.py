"""Proving that no k fixed guesses identify every answer: row generation on a subset of pairs.

Theorem relied on (relaxation). Let R be any set of answer pairs and, for each
pair (a, b) in R, let its row list every guess whose pattern differs on a and b.
Any k guesses that identify every answer satisfy every row, so if the model
"at most k guesses, every row of R covered" is INFEASIBLE, no k guesses identify
the answers that occur in R, hence none identify all answers. Rows may list extra
guesses (the relaxation only gets weaker), never omit a separating one: the
independent check :func:`wordlelab.models.blindfold.check_pair_rows` recomputes
that from the rules before an INFEASIBLE result is returned.

Rows are chosen so that the model is small and tight:

- the seed rows are the pairs of answers that differ in one position only
  (``?ight``, ``?atch``, ...): only guesses containing one of the two differing
  letters separate them, the clusters that force the letter cover;
- the tabu search (:mod:`wordlelab.solvers.blindfold.search`) grows them: while it
  finds k guesses that separate every pair of the rows' answers, the answers left
  together by those guesses on the whole list join the rows;
- then each round solves the model; if the solver finds k guesses, the pairs they
  leave together (and those the tabu search leaves after a few seconds from them)
  become rows; the rounds stop on INFEASIBLE (a proof), on a set of k guesses that
  identifies everything (a certificate) or on the time limit (UNKNOWN).

The rows, and the guesses found, go to the checkpoint after every round, so an
interrupted run resumes with its rows.
"""
from __future__ import annotations

import hashlib
import itertools
import time
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from wordlelab.encoders.blindfold import build_separating
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.backends import export, solve
from wordlelab.solvers.blindfold.search import classes_of, tabu_search
from wordlelab.solvers.runtime.checkpoint import check_int_list, load_checkpoint, save_checkpoint


def one_position_pairs(answers) -> list[tuple[int, int]]:
    """Pairs of answer indices whose words differ in exactly one position."""
    groups = defaultdict(list)
    for j, a in enumerate(answers):
        for p in range(len(a)):
            groups[a[:p] + "?" + a[p + 1:]].append(j)
    out = set()
    for members in groups.values():
        out.update(itertools.combinations(members, 2))
    return sorted(out)


def together(P: np.ndarray, chosen, cap: int = 6) -> set[tuple[int, int]]:
    """Pairs of answers that the guesses ``chosen`` leave in one class (at most ``cap`` members per class)."""
    cls, _ = classes_of(P, np.asarray(chosen, np.int64), -1)
    groups = defaultdict(list)
    for j, c in enumerate(cls.tolist()):
        groups[c].append(j)
    out = set()
    for members in groups.values():
        if len(members) > 1:
            out.update(itertools.combinations(members[:cap], 2))
    return out


def grow_rows(P: np.ndarray, k: int, rows: set, seconds: float, seed: int = 0, should_stop=None) -> set:
    """``rows`` plus the pairs left together by k-guess sets the tabu search finds on the rows' answers."""
    deadline = time.perf_counter() + seconds
    rows = set(rows)
    while time.perf_counter() < deadline and not (should_stop and should_stop()):
        cols = np.array(sorted({a for pair in rows for a in pair}), np.int64)
        sub = np.ascontiguousarray(P[:, cols])
        found = tabu_search(sub, k, min(10.0, max(0.5, deadline - time.perf_counter())), seed,
                            max_moves=2000, should_stop=should_stop)
        if found["left"]:
            break
        new = together(P, found["best"]) - rows
        if not new:
            break
        rows |= new
        seed += 1
    return rows


def row_guesses(P: np.ndarray, pairs) -> list[np.ndarray]:
    """Each pair's separating guesses: the rows of ``P`` whose patterns differ on its two answers."""
    return [np.flatnonzero(P[:, a] != P[:, b]) for a, b in pairs]


def words_key(words) -> str:
    """A short key of a word list (sha256 of the words in order): what a checkpoint's question names."""
    return hashlib.sha256(" ".join(words).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class RowGeneration:
    """How :func:`rule_out` generates its rows and what it keeps.

    Parameters
    ----------
    solver : str
        Backend of the models (cpsat, cbc, highs, scip).
    seed : int
        Seed of the tabu searches.
    grow_seconds : float
        Seconds of tabu-driven row growth before the first model.
    save_model : str, optional
        ``.lp`` or ``.mps`` path: the last model solved (the proof, when INFEASIBLE).
    """

    solver: str = "cpsat"
    seed: int = 0
    grow_seconds: float = 30.0
    save_model: str | None = None


def rule_out(P: np.ndarray, names, answers, k: int, seed_rows=(), options: RowGeneration = RowGeneration(),
             limits: Limits = Limits(), execution: Execution = Execution(), progress=None,
             should_stop=None) -> dict:
    """Row generation deciding whether ``k`` rows of ``P`` (guesses x answers) separate every column.

    Parameters
    ----------
    P : numpy.ndarray
        Pattern codes, guesses x answers.
    names, answers : sequence of str
        The guesses' words (variable names of the model) and the answers' (row names).
    k : int
        Number of guesses asked for.
    seed_rows : iterable of (int, int)
        First rows (answer index pairs, e.g. :func:`one_position_pairs`), grown by the tabu search.
    options : RowGeneration
        The solver, the searches' seed, the seconds of row growth and the model file to keep.
    limits : Limits
        ``time_limit``: seconds for all rounds (default 600).
    execution : Execution
        ``checkpoint``: JSON checkpoint (rows and rounds), read first and written after every
        round; its question names ``k`` and the guesses and answers (:func:`words_key`).
    progress, should_stop : callable, optional
        ``progress(rounds, info=...)`` after each round; ``should_stop()`` polled between rounds.

    Returns
    -------
    dict
        ``status`` ("INFEASIBLE", "FOUND" or "UNKNOWN"), ``rows`` (sorted answer pairs of the
        last model), ``found`` (k row indices separating every answer, or None), ``rounds``,
        ``seconds`` and ``solver_seconds`` (of the last model).
    """
    t0 = time.perf_counter()
    solver, seed, save_model = options.solver, options.seed, options.save_model
    time_limit = 600.0 if limits.time_limit is None else limits.time_limit
    checkpoint = execution.checkpoint
    question = {"kind": "blindfold-rows", "k": k, "guesses": words_key(names), "answers": words_key(answers)}
    stored = load_checkpoint(checkpoint, question, check_rows_entry) if checkpoint else {}
    rows = {tuple(p) for p in stored.get("rows", [])}
    rounds = int(stored.get("rounds", [0])[0]) if stored else 0
    if not rows:
        rows = {(min(a, b), max(a, b)) for a, b in seed_rows if a != b}
        rows = grow_rows(P, k, rows, options.grow_seconds, seed, should_stop)
    status, found, last_seconds = "UNKNOWN", None, None

    def save():
        if checkpoint:
            save_checkpoint(checkpoint, question, {"rows": [list(p) for p in sorted(rows)], "rounds": [rounds]})

    try:
        save()
        while not (should_stop and should_stop()):
            left = time_limit - (time.perf_counter() - t0)
            if left <= 1:
                break
            pairs = sorted(rows)
            model, y = build_separating(P, pairs, k, names, row_guesses(P, pairs), answers)
            if save_model:
                export(model, save_model)
            res = solve(model, solver, left)
            rounds += 1
            last_seconds = res.seconds
            if res.status == "INFEASIBLE":
                status = "INFEASIBLE"
                break
            if not res.has_solution:
                break
            chosen = [t for t in range(len(y)) if res.values[y[t].index]]
            new = together(P, chosen)
            if not new:
                status, found = "FOUND", chosen
                break
            near = tabu_search(P, k, 3.0, seed + rounds, start=chosen, max_moves=500)
            if near["left"] == 0:
                status, found = "FOUND", near["best"]
                break
            rows |= new | together(P, near["best"])
            save()
            if progress:
                progress(1, info=f"round {rounds}: {len(rows)} pair rows, the model's {k} guesses "
                                 f"leave {len(new)} pairs together")
    except KeyboardInterrupt:
        save()
        raise
    save()
    return {"status": status, "rows": sorted(rows), "found": found, "rounds": rounds,
            "seconds": time.perf_counter() - t0, "solver_seconds": last_seconds}


def check_rows_entry(key, value):
    """Validate a checkpoint entry of pair rows (``rows``) or rounds (``rounds``)."""
    if key == "rows":
        if not isinstance(value, list):
            raise ValueError("rows must be a list of pairs")
        for p in value:
            check_int_list(p, "pair")
            if len(p) != 2 or p[0] >= p[1]:
                raise ValueError(f"bad pair {p!r}")
    elif key == "rounds":
        check_int_list(value, "rounds")
    else:
        raise ValueError(f"unknown entry {key!r}")
