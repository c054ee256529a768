"""CBC backend, through PuLP's bundled CBC binary (PuLP 3.x; 4.0 no longer bundles it).

The time limit is wall-clock (``timeMode="elapsed"``): CBC's default counts CPU time,
which let a 3-second limit run for 22 seconds.
"""
from __future__ import annotations

import time
import warnings

import pulp

from wordlelab.solvers.backends.base import Solution
from wordlelab.solvers.backends.highs import mip_rows


def translate(model):
    """(LpProblem, its variables) for a :class:`~wordlelab.encoders.model.Model`."""
    prob = pulp.LpProblem(model.name, pulp.LpMaximize if model.sense == "max" else pulp.LpMinimize)
    xs = [pulp.LpVariable(name, lo, hi, cat="Binary" if (lo, hi) == (0, 1) else "Integer")
          for name, lo, hi in zip(model.var_names, model.lower, model.upper)]
    if model.objective is not None:
        prob += pulp.LpAffineExpression([(xs[i], c) for i, c in model.objective.terms.items()],
                                        model.objective.const)
    for k, (idx, coefs, lo, hi) in enumerate(mip_rows(model)):
        expr = pulp.LpAffineExpression([(xs[i], c) for i, c in zip(idx, coefs)])
        if lo == hi:
            prob += expr == lo, f"r{k}"
            continue
        if lo > float("-inf"):
            prob += expr >= lo, f"r{k}_lo"
        if hi < float("inf"):
            prob += expr <= hi, f"r{k}_hi"
    for i, v in model.hints.items():
        xs[i].setInitialValue(v)
    return prob, xs


def solve(model, time_limit: float, threads: int | None = None) -> Solution:
    prob, xs = translate(model)
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)    # PuLP 3.x announcing its 4.0 API
        from wordlelab.solvers.backends import current_settings, quiet_output, usable_cores
        settings = current_settings()
        with quiet_output():            # CBC's log, if asked for, goes where --log says
            prob.solve(pulp.PULP_CBC_CMD(msg=settings.log is not None, timeLimit=time_limit,
                                         warmStart=bool(model.hints), timeMode="elapsed",
                                         threads=threads or usable_cores(), gapRel=settings.gap))
    seconds = time.perf_counter() - t0
    if prob.status == pulp.LpStatusInfeasible:
        # CBC stopped by its time limit can say "infeasible" without a proof (seen with a MIP
        # start on a feasible model): a time-out is never a proof
        status = "INFEASIBLE" if seconds < 0.95 * time_limit else "UNKNOWN"
    elif prob.sol_status == pulp.LpSolutionOptimal:
        status = "OPTIMAL"
    elif prob.sol_status == pulp.LpSolutionIntegerFeasible:
        status = "FEASIBLE"
    else:
        status = "UNKNOWN"
    has_solution = status in ("OPTIMAL", "FEASIBLE")
    objective = None
    if has_solution:
        objective = pulp.value(prob.objective) if model.objective is not None else 0.0
        objective = 0.0 if objective is None else float(objective)
    values = [int(round(x.value() or 0)) for x in xs] if has_solution else []
    return Solution("cbc", status, objective, objective if status == "OPTIMAL" else None, values, seconds)
