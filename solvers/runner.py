"""One interface to CP-SAT, CBC and HiGHS: status, objective, bound, values, time.

Statuses are OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN. A time-out is FEASIBLE
(a solution, nothing proven about optimality) or UNKNOWN, never a proof.

HiGHS runs in this process through highspy (OR-Tools 9.15 and highspy 1.16 live side
by side; an earlier pair did not, which is why it once ran in a child process). Solver
libraries may print from C++ at any time, so solver calls run under
:func:`quiet_output` and results never travel through text. OR-Tools is imported
before PuLP.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
import warnings
from contextlib import contextmanager, redirect_stderr, redirect_stdout
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
    """Solve a PuLP problem with CBC (its bundled binary) or HiGHS (highspy, in this process)."""
    check_solver(solver)
    if solver == "highs":
        return _solve_highs(prob, variables, time_limit)
    pulp = import_pulp()
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        # PuLP 3.x warns that its bundled CBC leaves in 4.0; pyproject pins pulp < 4
        warnings.simplefilter("ignore", DeprecationWarning)
        prob.solve(pulp.PULP_CBC_CMD(msg=False, timeLimit=time_limit, warmStart=warm_start, timeMode="elapsed"))
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
    """HiGHS in this process, through highspy, on the PuLP problem's exported MPS file.

    highspy prints a banner from C++ when a ``Highs`` object is made, before any option
    can silence it, so the whole call runs under :func:`quiet_output`: nothing a solver
    library prints can reach our stdout (and a ``--json`` document on it).
    """
    import highspy
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "model.mps")
        prob.writeMPS(path)
        t0 = time.perf_counter()
        with quiet_output():
            h = highspy.Highs()
            h.setOptionValue("output_flag", False)
            h.setOptionValue("time_limit", float(time_limit))
            h.setOptionValue("threads", 2)
            h.readModel(path)
            if prob.sense == -1:   # MPS keeps the sense only in a comment
                h.changeObjectiveSense(highspy.ObjSense.kMaximize)
            h.run()
        seconds = time.perf_counter() - t0
    model_status = h.getModelStatus()
    info = h.getInfo()
    has_solution = info.primal_solution_status == 2  # kSolutionStatusFeasible
    if model_status == highspy.HighsModelStatus.kOptimal:
        status = "OPTIMAL"
    elif model_status == highspy.HighsModelStatus.kInfeasible:
        status = "INFEASIBLE"
    else:
        status = "FEASIBLE" if has_solution else "UNKNOWN"
    objective = info.objective_function_value if has_solution else None
    bound = None
    if status == "OPTIMAL":
        bound = objective
    elif status != "INFEASIBLE":
        bound = getattr(info, "mip_dual_bound", None)
    values = []
    if status in ("OPTIMAL", "FEASIBLE"):
        by_name = dict(zip(h.getLp().col_names_, h.getSolution().col_value))
        values = [int(round(by_name.get(v.name, 0))) for v in variables]
    return SolveResult("highs", status, objective, bound, values, seconds,
                       {"model_status": h.modelStatusToString(model_status)})


@contextmanager
def quiet_output():
    """Discard whatever is written meanwhile to stdout and stderr.

    Both levels are silenced: file descriptors 1 and 2, where C/C++ libraries write
    (HiGHS's banner), and Python's ``sys.stdout``/``sys.stderr``, which need not be
    those descriptors (under a test harness, say).
    """
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        with open(os.devnull, "w") as sink, redirect_stdout(sink), redirect_stderr(sink):
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, devnull):
            os.close(fd)
