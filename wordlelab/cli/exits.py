"""The exit codes of every command, the same with and without ``--json`` (docs/exit-codes.md).

A failed check (``verify`` finds a fault, ``blindfold --check-proof`` rejects a certificate) is
an answer, "no", given with its own code; bad input stops before any work with code 2 (see
``wordlelab.cli.main``); a proven "no" to a question asked (``prove-depth`` answering INFEASIBLE)
is an answer like any other, code 0.
"""
from __future__ import annotations

import sys

ANSWERED = 0            # the command answered (OPTIMAL, FEASIBLE, INFEASIBLE or UNKNOWN alike)
CHECK_FAILED = 1        # the thing checked is wrong: the answer is "no"
BAD_INPUT = 2           # one line "error: ...": nothing was computed
INTERRUPTED = 130       # Ctrl-C (SIGINT), 128 + 2 as shells report it
TERMINATED = 143        # SIGTERM, 128 + 15

CODES = {ANSWERED: "answered", CHECK_FAILED: "a check failed", BAD_INPUT: "bad input",
         INTERRUPTED: "interrupted (Ctrl-C)", TERMINATED: "terminated (SIGTERM)"}


def check_failed(line: str, data: dict | None, as_json: bool):
    """End a command whose check failed: ``data`` as JSON, or ``line`` as text, on stdout; exit 1."""
    if as_json:
        from wordlelab.cli.console import emit_json
        emit_json(data)
    else:
        from wordlelab.cli.console import out
        from rich.markup import escape      # a fault quotes the user's file, brackets and all
        out.print(escape(line))
    sys.exit(CHECK_FAILED)
