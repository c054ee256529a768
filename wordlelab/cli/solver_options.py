"""``--set threads=N``, ``--set log=-|FILE`` and ``--set gap=G`` of the commands that solve models (CP-SAT, HiGHS, CBC, SCIP).

The options become a :func:`~wordlelab.solvers.backends.solver_settings` block around the command,
which every model solved inside it follows (solvers/backends/__init__.py), so the layers between
the command and the solver need not pass them along. A command whose other rare rows of the
options table also belong under ``--set`` names them in ``also``: a command has one ``--set``.
"""
from __future__ import annotations

import functools

from wordlelab.cli.options import Workers, set_option


def solver_options(f=None, *, also: tuple = (), types: dict | None = None, helps: dict | None = None):
    """``--set threads=N``, ``--set log=-|FILE`` and ``--set gap=G`` for the model solvers, applied around ``f``.

    ``also`` names more rows of the options table carried by the same ``--set`` (as
    :func:`~wordlelab.cli.options.set_option` names them, e.g. ``"node_limit"``); the command
    receives each as its own parameter. ``types`` and ``helps`` narrow or reword them.
    """
    if f is None:
        return functools.partial(solver_options, also=also, types=types, helps=helps)

    @set_option("threads:solver_threads", "log:solver_log", "gap:solver_gap", *also,
                types={"threads": Workers("threads"), **(types or {})},
                helps={"threads": "threads of the model solver (default: every core this process may use; "
                                  "CP-SAT: its portfolio of 8 workers; SCIP, whose search is sequential: 1 for its LPs)",
                       **(helps or {})})
    @functools.wraps(f)
    def wrapper(*args, solver_threads, solver_log, solver_gap, **kw):
        from wordlelab.solvers.backends import solver_settings
        with solver_settings(solver_threads, solver_log, solver_gap):
            return f(*args, **kw)
    return wrapper
