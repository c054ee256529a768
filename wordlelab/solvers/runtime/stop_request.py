"""The stop a signal handler asked for, kept until the next command starts.

A signal handler's exception can be lost: one raised while numba compiles runs inside a ctypes
callback (llvmlite's object cache), which prints it and goes on. Recorded here, the stop still
comes: the next :class:`~wordlelab.solvers.runtime.interrupt.StopOnCtrlC` block is stopped as it starts,
and its ``check()`` raises the same exception. No imports: the CLI's handler sets it before
anything heavy is loaded.

>>> from wordlelab.solvers.runtime import stop_request
>>> stop_request.request_stop(KeyboardInterrupt); stop_request.requested is KeyboardInterrupt
True
>>> stop_request.clear_stop(); stop_request.requested is None
True
"""
from __future__ import annotations

requested: type | None = None     # the KeyboardInterrupt class to raise, or None


def request_stop(kind: type = KeyboardInterrupt) -> None:
    """Record that a signal asked the run to stop with ``kind`` (a KeyboardInterrupt class)."""
    global requested
    requested = kind


def clear_stop() -> None:
    """Forget a recorded stop (a new command starts)."""
    global requested
    requested = None
