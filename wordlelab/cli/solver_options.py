"""``--threads``, ``--log`` and ``--gap`` of the commands that solve models (CP-SAT, HiGHS, CBC, SCIP).

The options become a :func:`~wordlelab.solvers.backends.solver_settings` block around the command,
which every model solved inside it follows (solvers/backends/__init__.py), so the layers between
the command and the solver need not pass them along.
"""
from __future__ import annotations

import functools


from wordlelab.cli.options import Workers, setting_option


def solver_options(f):
    """``--threads N``, ``--log -|FILE`` and ``--gap G`` for the model solvers, applied around ``f``."""
    @setting_option("threads", dest="solver_threads", type=Workers("threads"),
                    help="threads of the model solver (default: every core this process may use; "
                         "CP-SAT: its portfolio of 8 workers; SCIP, whose search is sequential: 1 for its LPs)")
    @setting_option("log", dest="solver_log")
    @setting_option("gap", dest="solver_gap")
    @functools.wraps(f)
    def wrapper(*args, solver_threads, solver_log, solver_gap, **kw):
        from wordlelab.solvers.backends import solver_settings
        with solver_settings(solver_threads, solver_log, solver_gap):
            return f(*args, **kw)
    return wrapper
