"""Ctrl-C inside a compiled search (solvers/runtime/interrupt.py): the arrays the search counts nodes in
are poisoned, so that it returns within a node."""
import os
import signal
import time

import pytest

from wordlelab.solvers.runtime.interrupt import POISON, StopOnCtrlC
from wordlelab.solvers.search.engine.tables import new_stats


def test_a_stop_poisons_the_statistics_arrays_made_inside_the_block():
    """A search a run starts on an array of its own (a core's deletions, a shared part's trials)
    stops within a node too: every array new_stats makes inside the block is poisoned on a stop,
    and one made after the stop starts poisoned. Arrays made outside the block are not."""
    before = new_stats()
    # a Python handler in place of the default: the signal reaches the watcher's pipe, and the
    # KeyboardInterrupt comes from stop.check() alone
    old = signal.signal(signal.SIGINT, lambda *_: None)
    try:
        with pytest.raises(KeyboardInterrupt):
            with StopOnCtrlC() as stop:
                inside = new_stats()
                os.kill(os.getpid(), signal.SIGINT)
                deadline = time.monotonic() + 10
                while not stop.interrupted and time.monotonic() < deadline:
                    time.sleep(0.01)
                later = new_stats()
                stop.check()
    finally:
        signal.signal(signal.SIGINT, old)
    assert inside[0] == POISON and later[0] == POISON
    assert before[0] == 0 and new_stats()[0] == 0


def test_a_stop_whose_exception_was_lost_still_stops_the_next_search(monkeypatch):
    """The CLI's handler records the stop it raises: raised inside a ctypes callback (numba
    compiling), the exception is printed and lost, and a run went on for hours. The next block
    then starts poisoned, and its check() raises the recorded exception."""
    from wordlelab.cli import Terminated, reset_stopping, sigterm_handler
    from wordlelab.solvers.runtime import stop_request
    monkeypatch.setattr(stop_request, "requested", None)
    with pytest.raises(Terminated):
        sigterm_handler(os.getpid())(signal.SIGTERM, None)
    stats = new_stats()
    with pytest.raises(Terminated):           # the exception above was lost; this one is not
        with StopOnCtrlC(stats) as stop:
            assert stop.interrupted and stats[0] == POISON
            stop.check()
    stop_request.clear_stop()
    with StopOnCtrlC(new_stats()) as stop:
        stop.check()                          # a new command: nothing recorded
    assert not stop.interrupted
    reset_stopping()      # the handler keeps its stop as under way: this process's later tests start with none
