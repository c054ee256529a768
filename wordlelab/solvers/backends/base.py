"""What every solver backend shares: the solution type, status words, silencing solver output,
and stopping a solver call on Ctrl-C or SIGTERM.

Relies on the solver libraries releasing the GIL while they solve (CP-SAT's ``solve``, HiGHS's
``run``, SCIP's ``optimizeNogil``; CBC is a child process): only then can the watcher thread of
:func:`stoppable` run, and tell the solver to stop, while the main thread waits in C.
"""
from __future__ import annotations

import errno
import os
import sys
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from contextvars import ContextVar
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
def stoppable(stop):
    """A solver call that a Ctrl-C or SIGTERM ends within moments, not at its time limit.

    Python runs a signal's handler only when the main thread is back in Python, so a solver
    working in C would otherwise finish its whole time limit (or, in a long presolve, more)
    first. A watcher thread calls ``stop()``, the solver's own "stop now", at the signal; the
    call then returns, and the KeyboardInterrupt (or SIGTERM's) is raised from there. A stop
    asked for before the block raises at once: the solver never starts.
    """
    from wordlelab.solvers.runtime.interrupt import StopOnCtrlC
    with StopOnCtrlC(on_stop=stop) as guard:
        guard.check()
        yield guard
    guard.check()


@dataclass(frozen=True)
class SolverSettings:
    """What a model solver is asked besides its model and time limit (``--set threads=``, ``log=``, ``gap=``).

    ``threads`` None: every core this process may use. ``log`` None: the solver's output is
    discarded; ``"-"``: its log goes to stderr (stdout stays the command's, JSON included); else
    the path of a file the log is appended to. ``gap`` None: solved to a proven optimum; else the
    relative MIP gap at which the solver may stop (the result is then FEASIBLE, with its bound,
    unless the bound meets the value).
    """

    threads: int | None = None
    log: str | None = None
    gap: float | None = None


_SETTINGS: ContextVar[SolverSettings] = ContextVar("solver_settings", default=SolverSettings())


def current_settings() -> SolverSettings:
    """The settings of the innermost :func:`solver_settings` block (the defaults outside any)."""
    return _SETTINGS.get()


@contextmanager
def solver_settings(threads: int | None = None, log: str | None = None, gap: float | None = None):
    """Every model solved inside the block gets these settings, however deep the call that solves
    it: the commands set them once, and the layers between (covers, trees, Eldrow, permutation
    Wordle, blindfold proofs) need not pass them along."""
    token = _SETTINGS.set(SolverSettings(threads, log, gap))
    try:
        yield
    finally:
        _SETTINGS.reset(token)


@contextmanager
def quiet_output():
    """Discard whatever is written meanwhile to stdout and stderr, or send it to the log asked for
    (:class:`SolverSettings` ``log``: stderr, or appended to a file).

    Both levels are redirected: file descriptors 1 and 2, where C/C++ libraries write
    (HiGHS's banner), and Python's ``sys.stdout``/``sys.stderr``, which need not be
    those descriptors (under a test harness, say).
    """
    log = current_settings().log
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    if log is None:
        target = os.open(os.devnull, os.O_WRONLY)
    elif log == "-":
        target = os.dup(2)
    else:
        try:
            # non-blocking to open: a FIFO with no reader fails at once (ENXIO) instead of hanging
            target = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o644)
            os.set_blocking(target, True)
        except OSError as e:
            for fd in saved:
                os.close(fd)
            from wordlelab.errors import WordleError
            raise WordleError(f"cannot write the solver log {log}: {e.strerror or e}"
                              + (" (a FIFO needs a reader)" if e.errno == errno.ENXIO else "")) from None
    try:
        with open(os.dup(target), "w") as sink, redirect_stdout(sink), redirect_stderr(sink):
            os.dup2(target, 1)
            os.dup2(target, 2)
            try:
                yield
            finally:
                sink.flush()
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, target):
            os.close(fd)
