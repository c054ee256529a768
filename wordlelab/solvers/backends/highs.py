"""HiGHS backend, in this process through highspy; also the LP/MPS writer for every model.

The model is passed as arrays (columns with bounds, costs and integrality; rows in
compressed form), with its variable names, so a written file reads back as words.
A row enforced by a 0/1 variable becomes a big-M row, M from the variables' bounds
(see :mod:`wordlelab.encoders.model`).
"""
from __future__ import annotations

import time

import highspy
import numpy as np

from wordlelab.models.files import CannotWrite, output_name
from wordlelab.solvers.backends.base import Solution, quiet_output, stoppable

INF = highspy.kHighsInf


def mip_rows(model):
    """The model's rows, enforced rows turned into big-M rows: (index, coefs, lo, hi) lists.

    A variable appears once per row: a literal that is also in its own row's expression
    has its coefficients added up (a solver interface may keep only one of them).
    """
    return [(*_merge(index, coefs), lo, hi) for index, coefs, lo, hi in _big_m_rows(model)]


def _big_m_rows(model):
    out = []
    for row in model.constraints:
        if model.deadline is not None:
            model.deadline.check("handing the model to the solver")
        if not row.enforce:
            out.append((list(row.index), list(row.coefs), row.lo, row.hi))
            continue
        lo_e, hi_e = model.bounds_of(row)
        lits, k = list(row.enforce), len(row.enforce)
        if row.lo > -np.inf and row.lo > lo_e:        # all lits 1 => expr >= lo
            m = row.lo - lo_e                         # expr - m * sum(lits) >= lo - m * k
            out.append((list(row.index) + lits, list(row.coefs) + [-m] * k, row.lo - m * k, np.inf))
        if row.hi < np.inf and row.hi < hi_e:         # all lits 1 => expr <= hi
            m = hi_e - row.hi                         # expr + m * sum(lits) <= hi + m * k
            out.append((list(row.index) + lits, list(row.coefs) + [m] * k, -np.inf, row.hi + m * k))
    return out


def _merge(index, coefs):
    """Duplicate columns in a row (a literal also in the expression) added together."""
    merged: dict = {}
    for i, c in zip(index, coefs):
        merged[i] = merged.get(i, 0) + c
    return list(merged), [merged[i] for i in merged]


def to_highs(model) -> highspy.Highs:
    """A Highs object holding the model (output off)."""
    with quiet_output():
        h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    n = model.n_vars
    lp = highspy.HighsLp()
    lp.num_col_ = n
    cost = np.zeros(n)
    offset = 0.0
    if model.objective is not None:
        for i, c in model.objective.terms.items():
            cost[i] = c
        offset = model.objective.const
    lp.col_cost_ = cost
    lp.offset_ = offset
    lp.col_lower_ = np.array(model.lower, dtype=float)
    lp.col_upper_ = np.array(model.upper, dtype=float)
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n
    lp.col_names_ = list(model.var_names)
    rows = mip_rows(model)
    starts, index, value, lower, upper = [0], [], [], [], []
    for idx, coefs, lo, hi in rows:
        index.extend(idx)
        value.extend(coefs)
        starts.append(len(index))
        lower.append(-INF if lo == -np.inf else lo)
        upper.append(INF if hi == np.inf else hi)
    lp.num_row_ = len(rows)
    lp.row_lower_ = np.array(lower, dtype=float)
    lp.row_upper_ = np.array(upper, dtype=float)
    # rows stored row-wise, so the column-wise matrix fields take the row form
    lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
    lp.a_matrix_.start_ = np.array(starts, dtype=np.int32)
    lp.a_matrix_.index_ = np.array(index, dtype=np.int32)
    lp.a_matrix_.value_ = np.array(value, dtype=float)
    lp.a_matrix_.num_col_ = n
    lp.a_matrix_.num_row_ = len(rows)
    lp.sense_ = highspy.ObjSense.kMaximize if model.sense == "max" else highspy.ObjSense.kMinimize
    lp.model_name_ = model.name
    h.passModel(lp)
    return h


def relaxation(model) -> highspy.Highs:
    """The model's LP relaxation (every column continuous), ready to run; its row duals give bounds."""
    h = to_highs(model)
    n = model.n_vars
    if n:
        h.changeColsIntegrality(n, np.arange(n, dtype=np.int32),
                                np.array([highspy.HighsVarType.kContinuous] * n))
    return h


def write(model, path: str) -> None:
    """Write the model as LP or MPS (by the suffix); :class:`~wordlelab.models.files.CannotWrite` if it
    cannot be.

    HiGHS writes a private temporary file (:func:`~wordlelab.models.files.output_name`), since its
    messages are silenced and a full disk or a name too long shows only in its status: the status
    must be ok and the file not empty before it is moved to ``path``.
    """
    h = to_highs(model)
    with output_name(path, what="model") as name:
        with quiet_output():
            status = h.writeModel(name)
        if status == highspy.HighsStatus.kError:
            raise CannotWrite(path, "HiGHS could not write the model (is the disk full?)", "model")


_SCHEDULER = [None]        # the thread count of HiGHS's pool in this process, once started


def solve(model, time_limit: float, threads: int | None = None) -> Solution:
    h = to_highs(model)
    h.setOptionValue("time_limit", model.time_left(time_limit))
    from wordlelab.solvers.backends import current_settings, usable_cores
    gap = current_settings().gap
    h.setOptionValue("output_flag", current_settings().log is not None)      # its log, if asked for
    threads = threads or usable_cores()
    if threads != _SCHEDULER[0]:
        # HiGHS starts its thread pool once per process, and a run asking another size fails
        # (UNKNOWN, no solution): the pool is made again for the new size
        highspy.Highs.resetGlobalScheduler(True)
        _SCHEDULER[0] = threads
    h.setOptionValue("threads", threads)
    # OPTIMAL must mean proven: HiGHS stops at a 0.01% relative gap by default, like no other backend
    h.setOptionValue("mip_rel_gap", gap or 0.0)
    if model.hints:
        sol = highspy.HighsSolution()
        vals = np.zeros(model.n_vars)
        for i, v in model.hints.items():
            vals[i] = v
        sol.col_value = list(vals)
        h.setSolution(sol)
    # cancelSolve() is heard through HiGHS's interrupt callbacks, which this switches on
    h.HandleUserInterrupt = True
    t0 = time.perf_counter()
    with stoppable(h.cancelSolve), quiet_output():
        h.run()
    seconds = time.perf_counter() - t0
    ms = h.getModelStatus()
    info = h.getInfo()
    has_solution = info.primal_solution_status == 2      # kSolutionStatusFeasible
    if ms == highspy.HighsModelStatus.kOptimal:
        status = "OPTIMAL"
    elif ms == highspy.HighsModelStatus.kInfeasible:
        status = "INFEASIBLE"
    else:
        status = "FEASIBLE" if has_solution else "UNKNOWN"
    objective = info.objective_function_value if has_solution else None
    # stopped at a gap, HiGHS says optimal: its dual bound then says what is proven
    bound = objective if status == "OPTIMAL" and not gap else (None if status == "INFEASIBLE" else info.mip_dual_bound)
    values = [int(round(v)) for v in h.getSolution().col_value] if has_solution else []
    return Solution("highs", status, objective, bound, values, seconds,
                    {"model_status": h.modelStatusToString(ms), "nodes": int(info.mip_node_count)})
