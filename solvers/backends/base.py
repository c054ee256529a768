"""What every solver backend shares: the solution type, status words, and silencing solver output."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field


@dataclass
class Solution:
    """What a solver said about a model: status, objective, proven bound, one value per variable."""

    solver: str
    status: str
    objective: float | None
    bound: float | None
    values: list = field(default_factory=list)
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)

    @property
    def proven(self) -> bool:
        """OPTIMAL or INFEASIBLE: the only statuses that prove anything."""
        return self.status in ("OPTIMAL", "INFEASIBLE")

    @property
    def has_solution(self) -> bool:
        return self.status in ("OPTIMAL", "FEASIBLE")


def status_from(name: str, has_solution: bool) -> str:
    """Map a solver's own status word to ours (anything unrecognised: by whether a solution exists)."""
    if name in ("OPTIMAL", "INFEASIBLE"):
        return name
    return "FEASIBLE" if has_solution else "UNKNOWN"


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
