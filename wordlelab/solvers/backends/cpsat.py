"""CP-SAT backend: the model's rows as linear constraints, enforcement literals kept as such.

CP-SAT runs its portfolio of 8 workers even on 2 cores: its LP-based workers are what
prove these models, and they only run in a portfolio.
"""
from __future__ import annotations

import time

from ortools.sat.python import cp_model

from wordlelab.errors import ParameterError

from wordlelab.solvers.backends.base import Solution, quiet_output, status_from, stoppable

INT_INF = 2**53
# the default number of workers, whatever the cores: CP-SAT's portfolio finds covers through its
# diverse workers, not through parallel speed, so even on 2 cores 8 workers prove the least cover
# of ?ills (every guess an answer) hundreds of times faster than 2 do; --set threads=N asks for N
PORTFOLIO = 8


def _bound(x: float) -> int:
    return max(-INT_INF, min(INT_INF, int(x))) if x not in (float("inf"), float("-inf")) else \
        (INT_INF if x > 0 else -INT_INF)


def _integers(values, what):
    out = []
    for v in values:
        if v != int(v):
            raise ParameterError(f"CP-SAT takes integer coefficients and bounds only ({what} {v}); "
                                 "use the {solver} cbc, highs or scip")
        out.append(int(v))
    return out


def translate(model):
    """(CpModel, its variables) for a :class:`~wordlelab.encoders.model.Model` (integer data only)."""
    cp = cp_model.CpModel()
    cp.name = model.name
    xs = [cp.new_int_var(int(lo), int(hi), name)
          for name, lo, hi in zip(model.var_names, model.lower, model.upper)]
    for row in model.constraints:
        if model.deadline is not None:
            model.deadline.check("handing the model to the solver")
        expr = cp_model.LinearExpr.weighted_sum([xs[i] for i in row.index], _integers(row.coefs, "coefficient"))
        ct = cp.add_linear_constraint(expr, _bound(row.lo), _bound(row.hi))
        if row.enforce:
            ct.only_enforce_if([xs[i] for i in row.enforce])
    if model.objective is not None and model.objective.terms:
        idx = list(model.objective.terms)
        obj = cp_model.LinearExpr.weighted_sum([xs[i] for i in idx],
                                               _integers([model.objective.terms[i] for i in idx], "objective"))
        obj = obj + int(model.objective.const)
        (cp.minimize if model.sense == "min" else cp.maximize)(obj)
    for i, v in model.hints.items():
        cp.add_hint(xs[i], v)
    return cp, xs


def solve(model, time_limit: float, threads: int | None = None) -> Solution:
    cp, xs = translate(model)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit = model.time_left(time_limit)
    from wordlelab.solvers.backends import current_settings
    settings = current_settings()
    solver.parameters.num_workers = threads or PORTFOLIO
    solver.parameters.log_search_progress = settings.log is not None
    if settings.gap is not None:
        solver.parameters.relative_gap_limit = settings.gap
    # CP-SAT's own SIGINT handler would take a Ctrl-C for a time-out: the search stops, and the
    # command goes on with an UNKNOWN; stoppable() stops it and raises the KeyboardInterrupt instead
    solver.parameters.catch_sigint_signal = False
    t0 = time.perf_counter()
    with stoppable(solver.stop_search), quiet_output():
        code = solver.solve(cp)
    seconds = time.perf_counter() - t0
    status = status_from(solver.status_name(code), code in (cp_model.OPTIMAL, cp_model.FEASIBLE))
    has_solution = status in ("OPTIMAL", "FEASIBLE")
    has_objective = cp.has_objective()
    objective = solver.objective_value if has_solution and has_objective else (0.0 if has_solution else None)
    bound = None
    if has_objective and status not in ("INFEASIBLE",):
        bound = solver.best_objective_bound
    elif status == "OPTIMAL":
        bound = objective
    values = [int(solver.value(x)) for x in xs] if has_solution else []
    return Solution("cpsat", status, objective, bound, values, seconds,
                    {"branches": solver.num_branches, "conflicts": solver.num_conflicts,
                     "wall_time": solver.wall_time})
