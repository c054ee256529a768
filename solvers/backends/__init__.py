"""Solver backends: one interface to CP-SAT, CBC, HiGHS and SCIP, chosen by name.

Each backend module defines ``solve(model, time_limit, threads) -> Solution`` for a
:class:`wordlelab.encoders.model.Model`; :func:`solve` here is the only place
that dispatches on a solver's name, and :func:`export` writes any model as LP or
MPS. Adding a solver is one module and one line in :data:`BACKENDS`.

Statuses are OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN. A time-out is FEASIBLE (a
solution, nothing proven about optimality) or UNKNOWN, never a proof. Solver
calls run under :func:`quiet_output`: a solver library that prints (HiGHS's
banner, from C++) can never reach our stdout or a ``--json`` document on it.

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

import importlib
import importlib.util

from wordlelab.errors import WordleError, check_choice
from wordlelab.solvers.backends.base import Solution, quiet_output, status_from  # noqa: F401

# name -> (module, the pip package it needs, the extra that installs it)
BACKENDS = {
    "cpsat": ("cpsat", "ortools", None),
    "cbc": ("cbc", "pulp", None),
    "highs": ("highs", "highspy", None),
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
        how = f"pip install 'wordlelab[{extra}]'" if extra else f"pip install {package}"
        raise WordleError(f"solver {name!r} needs the package {package}: {how}")
    _import_order()
    return importlib.import_module(f"wordlelab.solvers.backends.{module}")


def solve(model, solver: str = "cpsat", time_limit: float = 60.0, threads: int | None = None) -> Solution:
    """Solve ``model`` with the named solver within ``time_limit`` seconds (wall clock)."""
    if time_limit <= 0:
        raise WordleError("the time limit must be positive")
    return backend(solver).solve(model, float(time_limit), threads)


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
