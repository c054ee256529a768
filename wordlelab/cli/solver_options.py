"""``--threads``, ``--log`` and ``--gap`` of the commands that solve models (CP-SAT, HiGHS, CBC, SCIP).

The options become a :func:`~wordlelab.solvers.backends.solver_settings` block around the command,
which every model solved inside it follows (solvers/backends/__init__.py), so the layers between
the command and the solver need not pass them along.
"""
from __future__ import annotations

import functools

import click

from wordlelab.cli.options import OutputFile, Workers


class LogTarget(OutputFile):
    """``-`` for stderr, or a file the solver's log is appended to (checked for writing now)."""

    name = "log file"

    def convert(self, value, param, ctx):
        return "-" if value == "-" else super().convert(value, param, ctx)


def solver_options(f):
    """``--threads N``, ``--log -|FILE`` and ``--gap G`` for the model solvers, applied around ``f``."""
    @click.option("--threads", "solver_threads", default=None, type=Workers("threads"), metavar="N",
                  help="threads of the model solver (default: every core this process may use; "
                       "CP-SAT: its portfolio of 8 workers; SCIP, whose search is sequential: 1 for its LPs)")
    @click.option("--log", "solver_log", default=None, type=LogTarget(), metavar="-|FILE",
                  help="the solver's own log: '-' for stderr, or appended to FILE (default: none)")
    @click.option("--gap", "solver_gap", default=None, type=click.FloatRange(0, 1, max_open=True), metavar="G",
                  help="stop at this relative MIP gap, e.g. 0.01 (the answer is then FEASIBLE with its "
                       "bound, unless the bound meets the value; default: solve to a proven optimum)")
    @functools.wraps(f)
    def wrapper(*args, solver_threads, solver_log, solver_gap, **kw):
        from wordlelab.solvers.backends import solver_settings
        with solver_settings(solver_threads, solver_log, solver_gap):
            return f(*args, **kw)
    return wrapper
