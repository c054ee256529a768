"""SCIP backend, through PySCIPOpt (optional: ``pip install 'wordlelab[scip]'``)."""
from __future__ import annotations

import time

import pyscipopt

from wordlelab.solvers.backends.base import Solution, quiet_output, stoppable
from wordlelab.solvers.backends.highs import mip_rows

STATUS = {"optimal": "OPTIMAL", "infeasible": "INFEASIBLE"}


def solve(model, time_limit: float, threads: int | None = None) -> Solution:
    from wordlelab.solvers.backends import current_settings
    settings = current_settings()
    m = pyscipopt.Model(model.name)
    m.hideOutput(settings.log is None)
    # SCIP's search is sequential; its threads are the LP solver's
    m.setParam("lp/threads", threads or 1)
    if settings.gap is not None:
        m.setParam("limits/gap", settings.gap)
    xs = [m.addVar(name=name, vtype="B" if (lo, hi) == (0, 1) else "I", lb=lo, ub=hi)
          for name, lo, hi in zip(model.var_names, model.lower, model.upper)]
    for idx, coefs, lo, hi in mip_rows(model):
        expr = pyscipopt.quicksum(c * xs[i] for i, c in zip(idx, coefs))
        m.addCons(pyscipopt.Expr() + expr >= lo if hi == float("inf") else
                  (expr <= hi if lo == float("-inf") else (lo <= (expr <= hi)) if lo != hi else expr == lo))
    if model.objective is not None:
        obj = pyscipopt.quicksum(c * xs[i] for i, c in model.objective.terms.items()) + model.objective.const
        m.setObjective(obj, "maximize" if model.sense == "max" else "minimize")
    if model.hints:
        sol = m.createSol()
        for i, v in model.hints.items():
            m.setSolVal(sol, xs[i], v)
        m.addSol(sol, free=True)
    # SCIP's own Ctrl-C handler would swallow the signal (an "interrupted" status, no stop of
    # ours): the watcher of stoppable() asks it to stop instead, for SIGTERM alike; the solve
    # runs without the GIL, so that the watcher can run at all
    m.setBoolParam("misc/catchctrlc", False)
    m.setParam("limits/time", model.time_left(time_limit))     # (the hand-over counted, if the model has a deadline)
    t0 = time.perf_counter()
    with stoppable(m.interruptSolve), quiet_output():
        m.optimizeNogil()
    seconds = time.perf_counter() - t0
    word = m.getStatus()
    has_solution = m.getNSols() > 0
    status = STATUS.get(word, "FEASIBLE" if has_solution else "UNKNOWN")
    objective = m.getObjVal() if has_solution else None
    bound = None if status == "INFEASIBLE" else (objective if status == "OPTIMAL" and settings.gap is None
                                                 else m.getDualbound())
    values = [int(round(m.getVal(x))) for x in xs] if has_solution else []
    return Solution("scip", status, objective, bound, values, seconds, {"nodes": m.getNNodes(), "status_word": word})
