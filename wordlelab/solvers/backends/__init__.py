"""Solver backends: one interface to CP-SAT, CBC, HiGHS and SCIP, chosen by name.

Each backend module defines ``solve(model, time_limit, threads) -> Solution`` for a
:class:`wordlelab.encoders.model.Model`; :func:`solve` here is the only place
that dispatches on a solver's name, and :func:`export` writes any model as LP or
MPS. Adding a solver is one module and one line in :data:`BACKENDS`.

Statuses are OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN. A time-out is FEASIBLE (a
solution, nothing proven about optimality) or UNKNOWN, never a proof. Solver
calls run under :func:`quiet_output`: a solver library that prints (HiGHS's
banner, from C++) can never reach our stdout or a ``--json`` document on it. A log asked
for (:func:`solver_settings`, the commands' ``--set log=``) goes to stderr or a file instead.

Threads, the log and a relative MIP gap come from the arguments of :func:`solve`, else from
the innermost :func:`solver_settings` block. Threads default to every core this process may use
(:func:`usable_cores`), except CP-SAT's: it runs its portfolio of 8 workers, whose LP-based
workers prove these models, on any machine. A solver stopped at a gap says OPTIMAL; here that
becomes FEASIBLE unless its proven bound meets the value.

OR-Tools must be imported before PuLP and highspy (their bundled native
libraries clash in the other order on some versions): :func:`_import_order`
does it, once, for every backend.

>>> from wordlelab.encoders.model import Model
>>> m = Model("knap")
>>> x = [m.bool(f"x_{i}") for i in range(3)]
>>> m.add(m.sum(x, [4, 3, 2]) <= 5)
>>> m.maximize(m.sum(x, [5, 4, 3]))
>>> [solve(m, s).objective for s in ("cpsat", "cbc", "highs")]
[7.0, 7.0, 7.0]
"""
from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import os

from wordlelab.encoders.model import TimeLimitReached
from wordlelab.errors import WordleError, check_choice
from wordlelab.solvers.backends.base import (Solution, SolverSettings, current_settings,  # noqa: F401
                                             quiet_output, solver_settings, status_from)

# name -> (module, the pip package it needs, the extra that installs it)
# (a player's install has none of them: the native search needs no solver library)
BACKENDS = {
    "cpsat": ("cpsat", "ortools", "solvers"),
    "cbc": ("cbc", "pulp", "solvers"),
    "highs": ("highs", "highspy", "solvers"),
    "scip": ("scip", "pyscipopt", "scip"),
}
SOLVERS = tuple(BACKENDS)


def check_solver(name: str) -> str:
    """The solver name, or WordleError naming the choices."""
    return check_choice(name, SOLVERS, "solver")


def available(name: str) -> bool:
    """Whether the solver's package is installed."""
    check_solver(name)
    return importlib.util.find_spec(BACKENDS[name][1]) is not None


def installed() -> tuple[str, ...]:
    """The solvers whose packages are installed, in :data:`SOLVERS` order."""
    return tuple(s for s in SOLVERS if available(s))


def backend(name: str):
    """The backend module of a solver (WordleError if unknown or not installed)."""
    module, package, extra = BACKENDS[check_solver(name)]
    if not available(name):
        from wordlelab.errors import install_command
        raise WordleError(f"solver {name!r} needs the package {package}: {install_command(extra)}")
    _import_order()
    return importlib.import_module(f"wordlelab.solvers.backends.{module}")


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:           # not on Linux
        return os.cpu_count() or 1


def solve(model, solver: str = "cpsat", time_limit: float = 60.0, threads: int | None = None,
          log: str | None = None, gap: float | None = None) -> Solution:
    """Solve ``model`` with the named solver within ``time_limit`` seconds (wall clock).

    ``threads``, ``log`` and ``gap`` as in :class:`~wordlelab.solvers.backends.base.SolverSettings`;
    each left None is taken from the current :func:`solver_settings`. A model with a ``deadline``
    gets at most the time left before it, handing it over included: UNKNOWN, with
    ``stats["time_limit_reached"]``, if none is left.
    """
    if time_limit <= 0:
        raise WordleError("the time limit must be positive")
    given = current_settings()
    settings = SolverSettings(threads or given.threads, given.log if log is None else log,
                              given.gap if gap is None else gap)
    if settings.gap is not None and not 0 <= settings.gap < 1:
        raise WordleError(f"the relative gap must be at least 0 and below 1, not {settings.gap}")
    module = backend(solver)
    with solver_settings(*dataclasses.astuple(settings)):
        try:
            sol = module.solve(model, float(time_limit), settings.threads)
        except TimeLimitReached as e:         # the model's deadline passed before the solver ran
            return Solution(solver, "UNKNOWN", None, None, stats={"time_limit_reached": str(e)})
    if settings.gap and sol.status == "OPTIMAL" and not _bound_meets(sol):
        sol.status = "FEASIBLE"         # stopped at the gap: the value is not proven best
        if sol.solver == "cbc":
            sol.bound = None            # CBC's "bound" is its value (cbc.py): nothing is proven
    return sol


def _bound_meets(sol: Solution) -> bool:
    """Whether the solver's proven bound equals its value (CBC reports no bound of its own)."""
    if sol.solver == "cbc" or sol.bound is None or sol.objective is None:
        return False
    return abs(sol.objective - sol.bound) <= 1e-6 * max(1.0, abs(sol.objective))


def export(model, path: str) -> str:
    """Write ``model`` as LP (``.lp``) or MPS (``.mps``), variables under their own names."""
    if not str(path).endswith((".lp", ".mps")):
        raise WordleError(f"{path}: the model file must end in .lp or .mps")
    backend("highs").write(model, str(path))
    return str(path)


_ORDERED = False


def _import_order() -> None:
    global _ORDERED
    if not _ORDERED:
        from ortools.sat.python import cp_model  # noqa: F401  (first: see the module docstring)
        _ORDERED = True
