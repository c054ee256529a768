"""Least endgame covers (the "ill Wordle" lower bound), solved and independently checked.

See :mod:`wordlelab.encoders.cover` for the bound and its proof.
"""
from __future__ import annotations

import itertools
import os
import time

import numpy as np

from wordlelab.encoders.cover import CoverInstance, build, cover_instance
from wordlelab.encoders.model import Deadline, TimeLimitReached, clean_name
from wordlelab.errors import WordleError
from wordlelab.models.endgames import check_cover  # noqa: F401  (re-exported: the certificate checker)
from wordlelab.models.files import CannotWrite
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import CoverBoundStats, CoverWithinStats, LeastCoverStats
from wordlelab.solvers.backends import check_solver, export, solve


def instance_for(label, answers, lists, answer_rows, deadline: Deadline | None = None) -> CoverInstance:
    """Cover instance of answer set ``answers`` over every guess of ``lists``.

    ``answer_rows`` is the answers x guesses pattern matrix
    (``pattern_matrix(lists, transposed=True)``), whose rows are cheap to gather. ``deadline``
    as in :func:`~wordlelab.encoders.cover.cover_instance`.
    """
    row = {a: j for j, a in enumerate(lists.answers)}
    missing = [a for a in answers if a not in row]
    if missing:
        raise WordleError(f"{missing[0]!r} is not a possible answer in {lists.name}")
    return cover_instance(label, answers, lists.guesses, answer_rows[[row[a] for a in answers]].T, deadline)


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
                time_limit: float = 60.0, enumerate_up_to: int = 0, deadline: Deadline | None = None) -> Result:
    """Least cover of ``inst`` (by enumeration when it has at most ``enumerate_up_to`` sets).

    The result's value is the cover size, its certificate the covering guesses, checked
    by :func:`check_cover` before the call returns; ``stats.min_guesses`` is the
    worst-case bound it implies (cover + 1), when proven. ``time_limit`` covers building the
    model too (``deadline``, if given, is the one the instance was built under): a limit that
    runs out before the solver starts gives UNKNOWN with ``stats.time_limit_reached``.
    """
    check_solver(solver)
    t0 = time.perf_counter()
    deadline = deadline or Deadline(time_limit)
    static = inst.static_bound()
    question = {"kind": "least-cover", "endgame": inst.label, "answers": inst.size, "encoding": encoding}
    solver_stats: dict = {}
    found = small_cover(inst, enumerate_up_to) if enumerate_up_to else None
    if found is not None:
        method, status, chosen, bound = "enumeration", Status.OPTIMAL, found, len(found)
    else:
        try:
            model, y = build(inst, encoding=encoding, deadline=deadline)
        except TimeLimitReached as e:
            return _ran_out(question, solver, e, t0, len(inst.sets), static, static)
        res = solve(model, solver, time_limit)
        method, status = solver, Status(res.status)
        chosen = [s for s in range(len(y)) if res.values and res.values[y[s].index]]
        bound = max(res.bound if res.bound is not None else static, static)
        solver_stats = dict(res.stats)
    cover = [inst.guesses[s][0] for s in chosen]
    verified = False
    if cover:
        covered = check_cover(inst.answers, cover)
        if covered < inst.size - 1:
            raise WordleError(f"internal error: the cover of {inst.label} covers only {covered} answers")
        verified = True
    value = len(cover) if status in (Status.OPTIMAL, Status.FEASIBLE) else None
    if status == Status.OPTIMAL:
        bound = value
    stats = LeastCoverStats(sets=len(inst.sets), static_bound=static, solver=solver_stats,
                            min_guesses=implied_guesses(status, value, bound))
    return Result(question, method, status, value, bound, cover or None, "cover", verified,
                  time.perf_counter() - t0, stats)


def _ran_out(question, solver, e: TimeLimitReached, t0, sets, static_bound, bound) -> Result:
    """UNKNOWN: the time limit ran out before the solver started (``bound``: what holds anyway)."""
    stats = LeastCoverStats(sets=sets, static_bound=static_bound, solver={"time_limit_reached": str(e)},
                            min_guesses=implied_guesses(Status.UNKNOWN, None, bound))
    return Result(question, solver, Status.UNKNOWN, None, bound, None, "cover", False,
                  time.perf_counter() - t0, stats)


def implied_guesses(status, value, bound) -> int | None:
    """The worst-case guesses a cover result proves: least cover + 1 (from the bound if unproven)."""
    if status == Status.OPTIMAL:
        return value + 1
    return None if bound is None else int(np.ceil(bound - 1e-6)) + 1


def cover_feasible(inst: CoverInstance, k: int, solver: str = "highs", encoding: str = "counting",
                   time_limit: float = 60.0, deadline: Deadline | None = None) -> Result:
    """Can ``k`` guesses cover ``inst``? OPTIMAL with a checked cover (yes), INFEASIBLE (no) or UNKNOWN.

    ``time_limit`` covers building the model too (``deadline``, if given, instead).
    """
    check_solver(solver)
    t0 = time.perf_counter()
    question = {"kind": "cover-within", "endgame": inst.label, "answers": inst.size, "k": k, "encoding": encoding}
    try:
        model, y = build(inst, k, encoding, deadline=deadline or Deadline(time_limit))
    except TimeLimitReached as e:
        return Result(question, solver, Status.UNKNOWN, seconds=time.perf_counter() - t0,
                      stats=CoverWithinStats(solver={"time_limit_reached": str(e)}))
    res = solve(model, solver, time_limit)
    status = Status(res.status)
    cover = [inst.guesses[s][0] for s in range(len(y)) if res.values and res.values[y[s].index]]
    verified = False
    if status in (Status.OPTIMAL, Status.FEASIBLE):
        status = Status.OPTIMAL           # a feasibility question: any cover answers it
        if len(cover) > k or check_cover(inst.answers, cover) < inst.size - 1:
            raise WordleError(f"internal error: {solver}'s cover of {inst.label} does not hold")
        verified = True
    return Result(question, solver, status, len(cover) if verified else None, None,
                  cover or None, "cover", verified, time.perf_counter() - t0,
                  CoverWithinStats(solver=dict(res.stats)))


def sweep(lists, answer_rows, solver: str = "highs", encoding: str = "counting", min_size: int = 3, free: int = 1,
          time_limit: float = 60.0, endgames=None, progress=None) -> list[Result]:
    """Least cover of every endgame of ``lists.answers``, strongest first.

    Covers of one or two sets are found by enumeration (exact and instant); the
    rest go to ``solver``. ``time_limit`` is per endgame, building its instance and model
    included: one that runs out first is UNKNOWN (``stats.time_limit_reached``).
    """
    from wordlelab.models.endgames import enumerate_endgames
    games = endgames if endgames is not None else enumerate_endgames(lists.answers, min_size, free)
    results = []
    for e in games:
        deadline, started = Deadline(time_limit), time.perf_counter()
        try:
            inst = instance_for(e.pattern, e.answers, lists, answer_rows, deadline)
        except TimeLimitReached as stop:
            question = {"kind": "least-cover", "endgame": e.pattern, "answers": len(e.answers), "encoding": encoding}
            results.append(_ran_out(question, solver, stop, started, None, None, None))
        else:
            results.append(least_cover(inst, solver, encoding, time_limit, enumerate_up_to=2, deadline=deadline))
        if progress:
            progress(1)
    return sorted(results, key=lambda r: (-(r.stats.min_guesses or 0), -r.question["answers"],
                                          r.question["endgame"]))


def _fit_name(name: str, most: int = 200) -> str:
    """``name`` cut to ``most`` characters (a proof file's name is made from the list names, which may
    be long: a file system takes 255 bytes), with a digest of the whole so that cut names differ.

    >>> _fit_name("cover_x"), len(_fit_name("cover_" + "g" * 300))
    ('cover_x', 200)
    """
    if len(name) <= most:
        return name
    import hashlib
    return name[:most - 13] + "_" + hashlib.sha256(name.encode()).hexdigest()[:12]


def lower_bound(lists, answer_rows, solver: str = "highs", encoding: str = "counting", endgames=None,
                min_size: int = 3, free: int = 1, time_limit: float = 60.0, proof_dir: str | None = None,
                progress=None) -> Result:
    """The worst-case lower bound that endgame covers prove for ``lists``, with its certificate.

    Every endgame's least cover is found (:func:`sweep`); the strongest proven one is
    the witness. Its cover is checked, and its "one fewer cannot" is proved again in
    feasibility form (INFEASIBLE) and, with ``proof_dir``, saved as an LP file any
    solver can re-check (a file that cannot be written leaves ``stats.one_fewer_model_error``,
    one line, and the bound as proven). OPTIMAL means both held: every strategy needs ``value``
    guesses for some answer. ``stats.endgames`` has every endgame's row.
    """
    from wordlelab.models.endgames import enumerate_endgames
    t0 = time.perf_counter()
    games = endgames if endgames is not None else enumerate_endgames(lists.answers, min_size, free)
    if not games:
        raise WordleError("no endgame of that size in these answers")
    results = sweep(lists, answer_rows, solver, encoding, time_limit=time_limit, endgames=games, progress=progress)
    question = {"kind": "lower-bound", "lists": lists.name, "endgames": len(results), "encoding": encoding}
    endgames = [r.as_dict() for r in results]
    unproven = [r.question["endgame"] for r in results if r.status != Status.OPTIMAL]
    proven = [r for r in results if r.status == Status.OPTIMAL]
    if not proven:
        return Result(question, solver, Status.UNKNOWN, seconds=time.perf_counter() - t0,
                      stats=CoverBoundStats(endgames=endgames, unproven=unproven))
    w = proven[0]
    label, least = w.question["endgame"], w.value
    witness_answers = next(g.answers for g in games if g.pattern == label)
    found = {"witness": label, "witness_answers": list(witness_answers), "witness_cover": w.certificate}
    status = Status.OPTIMAL
    if least > 1:
        # "one fewer cannot", within the time limit as any endgame's cover (building included)
        deadline = Deadline(time_limit)
        try:
            inst = instance_for(label, witness_answers, lists, answer_rows, deadline)
            fewer = cover_feasible(inst, least - 1, solver, encoding, time_limit, deadline)
        except TimeLimitReached as e:
            inst, fewer = None, Result({"kind": "cover-within"}, solver, Status.UNKNOWN,
                                       stats=CoverWithinStats(solver={"time_limit_reached": str(e)}))
        found["one_fewer_status"] = fewer.status.value
        if fewer.stats.time_limit_reached is not None:
            found["one_fewer_time_limit_reached"] = fewer.stats.time_limit_reached
        if proof_dir:
            name = _fit_name(clean_name(f"cover_{label}_{lists.name}_k{least - 1}"))
            path = os.path.join(proof_dir, name + ".lp")
            try:
                if inst is None:
                    raise TimeLimitReached(fewer.stats.time_limit_reached)
                model, _ = build(inst, least - 1, encoding, deadline)
                os.makedirs(proof_dir, exist_ok=True)
                found["one_fewer_model"] = export(model, path)
            except OSError as e:          # the bound is proven either way: keep it, say what is missing
                found["one_fewer_model_error"] = f"cannot write model {path}: {e.strerror or e}"
            except CannotWrite as e:
                found["one_fewer_model_error"] = str(e)
            except TimeLimitReached as e:
                # nothing was asked that cannot be given: the limit stopped the one-fewer check,
                # so there is no proof to keep (the answer says UNKNOWN), only a note why
                found["one_fewer_model_note"] = f"model {path} not written: {e}"
        if fewer.status != Status.INFEASIBLE:
            status = Status.UNKNOWN
    proved = least + 1 if status == Status.OPTIMAL else None
    return Result(question, solver, status, proved, proved, w.certificate, "cover", w.verified,
                  time.perf_counter() - t0, CoverBoundStats(endgames=endgames, unproven=unproven, **found))
