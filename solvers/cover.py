"""Least endgame covers (the "ill Wordle" lower bound), solved and independently checked.

See :mod:`wordlelab.encoders.cover` for the bound and its proof.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

import numpy as np

from wordlelab.encoders.cover import CoverInstance, build_cpsat, build_mip, cover_instance
from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.solvers.runner import check_solver, solve_cpsat, solve_pulp


@dataclass
class CoverResult:
    """The least cover of one endgame, and what it proves."""

    label: str
    size: int
    n_sets: int
    static_bound: int
    solver: str
    status: str                 # OPTIMAL (proven least), FEASIBLE/UNKNOWN (not proven)
    min_cover: int | None       # proven least cover size when OPTIMAL
    bound: float | None         # proven lower bound on the cover size
    cover: list[str] = field(default_factory=list)   # one guess per chosen set: the certificate
    seconds: float = 0.0

    @property
    def min_guesses(self) -> int | None:
        """Implied lower bound on the worst-case number of guesses."""
        if self.status == "OPTIMAL":
            return self.min_cover + 1
        return None if self.bound is None else int(np.ceil(self.bound - 1e-6)) + 1

    def as_dict(self) -> dict:
        """JSON-ready row."""
        return {"endgame": self.label, "size": self.size, "sets": self.n_sets, "static_bound": self.static_bound,
                "solver": self.solver, "status": self.status, "min_cover": self.min_cover,
                "min_guesses": self.min_guesses, "cover": self.cover, "seconds": round(self.seconds, 4)}


def instance_for(label, answers, lists, answer_rows) -> CoverInstance:
    """Cover instance of answer set ``answers`` over every guess of ``lists``.

    ``answer_rows`` is the answers x guesses pattern matrix
    (``pattern_matrix(lists, transposed=True)``), whose rows are cheap to gather.
    """
    row = {a: j for j, a in enumerate(lists.answers)}
    missing = [a for a in answers if a not in row]
    if missing:
        raise WordleError(f"{missing[0]!r} is not a possible answer in {lists.name}")
    return cover_instance(label, answers, lists.guesses, answer_rows[[row[a] for a in answers]].T)


def small_cover(inst: CoverInstance, kmax: int = 2) -> list[int] | None:
    """Exhaustively, a least cover of at most ``kmax`` sets (indices), or None if there is none."""
    need = inst.size - 1
    sizes = inst.sets.sum(axis=1)
    for k in range(1, kmax + 1):
        if k == 1:
            hits = np.flatnonzero(sizes >= need)
            if len(hits):
                return [int(hits[0])]
        elif k == 2:
            union = (inst.sets[:, None, :] | inst.sets[None, :, :]).sum(axis=2) if len(inst.sets) <= 1500 else None
            if union is None:
                for a, b in itertools.combinations(range(len(inst.sets)), 2):
                    if (inst.sets[a] | inst.sets[b]).sum() >= need:
                        return [a, b]
            else:
                a, b = np.unravel_index(np.argmax(union), union.shape)
                if union[a, b] >= need:
                    return [int(a), int(b)]
    return None


def least_cover(inst: CoverInstance, solver: str = "highs", encoding: str = "counting",
                time_limit: float = 60.0, enumerate_up_to: int = 0) -> CoverResult:
    """Least cover of ``inst`` with a solver (or by enumeration when it has at most ``enumerate_up_to`` sets)."""
    check_solver(solver)
    t0 = time.perf_counter()
    static = inst.static_bound()
    if enumerate_up_to:
        found = small_cover(inst, enumerate_up_to)
        if found is not None:
            return CoverResult(inst.label, inst.size, len(inst.sets), static, "enumeration", "OPTIMAL",
                               len(found), len(found), [inst.guesses[s][0] for s in found],
                               time.perf_counter() - t0)
    if solver == "cpsat":
        model, y = build_cpsat(inst, encoding=encoding)
        res = solve_cpsat(model, y, time_limit)
    else:
        prob, y = build_mip(inst, encoding=encoding)
        res = solve_pulp(prob, y, solver, time_limit)
    chosen = [s for s, v in enumerate(res.values) if v]
    least = len(chosen) if res.status == "OPTIMAL" else None
    bound = res.bound if res.bound is not None else float(static)
    return CoverResult(inst.label, inst.size, len(inst.sets), static, solver, res.status, least,
                       max(bound, static), [inst.guesses[s][0] for s in chosen], time.perf_counter() - t0)


def cover_feasible(inst: CoverInstance, k: int, solver: str = "highs", encoding: str = "counting",
                   time_limit: float = 60.0):
    """Decide whether ``k`` guesses can cover ``inst`` (the feasibility form)."""
    if solver == "cpsat":
        model, y = build_cpsat(inst, k, encoding)
        return solve_cpsat(model, y, time_limit), y
    prob, y = build_mip(inst, k, encoding)
    return solve_pulp(prob, y, solver, time_limit), y


def check_cover(answers, guesses) -> int:
    """Independent check: how many answers the guesses' D-sets cover (pure-Python feedback).

    A valid certificate for a bound of k covering guesses covers at least len(answers) - 1.
    """
    answers = list(answers)
    covered: set[str] = set()
    for g in guesses:
        classes: dict[int, list[str]] = {}
        for a in answers:
            classes.setdefault(feedback(g, a), []).append(a)
        candidates = [(len(v), -p) for p, v in classes.items() if p != ALL_GREEN]
        if not candidates:
            covered.update(answers)
            continue
        _, neg_p = max(candidates)
        adversary = set(classes[-neg_p])
        covered.update(a for a in answers if a not in adversary)
    return len(covered)


def sweep(lists, answer_rows, solver: str = "highs", encoding: str = "counting", min_size: int = 3, free: int = 1,
          time_limit: float = 60.0, endgames=None, progress=None) -> list[CoverResult]:
    """Least cover of every endgame of ``lists.answers``, strongest first.

    Covers of one or two sets are found by enumeration (exact and instant); the
    rest go to ``solver``.
    """
    from wordlelab.models.endgames import enumerate_endgames
    games = endgames if endgames is not None else enumerate_endgames(lists.answers, min_size, free)
    results = []
    for e in games:
        inst = instance_for(e.pattern, e.answers, lists, answer_rows)
        results.append(least_cover(inst, solver, encoding, time_limit, enumerate_up_to=2))
        if progress:
            progress(1)
    return sorted(results, key=lambda r: (-(r.min_guesses or 0), -r.size, r.label))
