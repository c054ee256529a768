"""One interface to CP-SAT, CBC and HiGHS: status, objective, bound, values, time.

Statuses are OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN. A time-out is FEASIBLE
(a solution, nothing proven about optimality) or UNKNOWN, never a proof.

OR-Tools and highspy each ship their own HiGHS library and cannot live in one
process, so HiGHS runs in a child process on the exported MPS file
(:mod:`wordlelab.solvers.highs_child`); OR-Tools is always imported before PuLP.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field

from wordlelab.errors import WordleError

SOLVERS = ("cpsat", "cbc", "highs")


@dataclass
class SolveResult:
    """What a solver said about a model."""

    solver: str
    status: str
    objective: float | None
    bound: float | None
    values: list[int] = field(default_factory=list)   # 0/1 values of the variables asked for
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)

    @property
    def proven(self) -> bool:
        """OPTIMAL or INFEASIBLE: the only statuses that prove anything."""
        return self.status in ("OPTIMAL", "INFEASIBLE")


def check_solver(name: str) -> str:
    """The solver name, or WordleError naming the choices."""
    if name not in SOLVERS:
        raise WordleError(f"unknown solver {name!r}; choose one of {', '.join(SOLVERS)}")
    return name


def import_pulp():
    """PuLP, imported after OR-Tools (see the module docstring)."""
    from ortools.sat.python import cp_model  # noqa: F401
    import pulp
    return pulp


def solve_cpsat(model, variables, time_limit: float = 60.0, workers: int = 8) -> SolveResult:
    """Solve a CP-SAT model (8 workers: the portfolio, with its LP-based workers, even on 2 cores)."""
    from ortools.sat.python import cp_model
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = workers
    t0 = time.perf_counter()
    code = solver.solve(model)
    seconds = time.perf_counter() - t0
    name = solver.status_name(code)
    status = {"OPTIMAL": "OPTIMAL", "FEASIBLE": "FEASIBLE", "INFEASIBLE": "INFEASIBLE"}.get(name, "UNKNOWN")
    has_solution = status in ("OPTIMAL", "FEASIBLE")
    has_objective = model.has_objective()
    return SolveResult("cpsat", status,
                       solver.objective_value if has_solution and has_objective else None,
                       solver.best_objective_bound if has_objective and status != "INFEASIBLE" else None,
                       [int(solver.value(v)) for v in variables] if has_solution else [],
                       seconds, {"branches": solver.num_branches, "conflicts": solver.num_conflicts,
                                 "wall_time": solver.wall_time})


def solve_pulp(prob, variables, solver: str = "cbc", time_limit: float = 60.0,
               warm_start: bool = False) -> SolveResult:
    """Solve a PuLP problem with CBC (in process, via its binary) or HiGHS (child process)."""
    check_solver(solver)
    if solver == "highs":
        return _solve_highs(prob, variables, time_limit)
    pulp = import_pulp()
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        # PuLP 3.x warns that its bundled CBC leaves in 4.0; pyproject pins pulp < 4
        warnings.simplefilter("ignore", DeprecationWarning)
        prob.solve(pulp.PULP_CBC_CMD(msg=False, timeLimit=time_limit, warmStart=warm_start))
    seconds = time.perf_counter() - t0
    if prob.status == pulp.LpStatusInfeasible and seconds < 0.95 * time_limit:
        status = "INFEASIBLE"
    elif prob.status == pulp.LpStatusInfeasible:
        # CBC stopped by its time limit can report "infeasible" without a proof (seen with a
        # MIP start on a feasible model): a time-out is never a proof
        status = "UNKNOWN"
    elif prob.sol_status == pulp.LpSolutionOptimal:
        status = "OPTIMAL"
    elif prob.sol_status == pulp.LpSolutionIntegerFeasible:
        status = "FEASIBLE"
    else:
        status = "UNKNOWN"
    has_solution = status in ("OPTIMAL", "FEASIBLE")
    objective = pulp.value(prob.objective) if has_solution and prob.objective is not None else None
    if has_solution and objective is None:
        objective = 0.0
    return SolveResult("cbc", status, objective, objective if status == "OPTIMAL" else None,
                       [int(round(v.value() or 0)) for v in variables] if has_solution else [], seconds)


def _solve_highs(prob, variables, time_limit) -> SolveResult:
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "model.mps")
        prob.writeMPS(path)
        t0 = time.perf_counter()
        child = os.path.join(os.path.dirname(os.path.abspath(__file__)), "highs_child.py")
        sense = "max" if prob.sense == -1 else "min"   # MPS keeps the sense only in a comment
        r = subprocess.run([sys.executable, child, path, str(time_limit), sense],
                           capture_output=True, text=True)
        seconds = time.perf_counter() - t0
    if r.returncode != 0:
        raise WordleError(f"HiGHS failed: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")
    out = json.loads(r.stdout)
    values = out.get("values", {})
    has_solution = out["status"] in ("OPTIMAL", "FEASIBLE")
    return SolveResult("highs", out["status"], out.get("objective"), out.get("bound"),
                       [int(round(values.get(v.name, 0))) for v in variables] if has_solution else [],
                       seconds, {"solver_seconds": out.get("seconds")})
