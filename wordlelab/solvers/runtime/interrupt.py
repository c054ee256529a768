"""Ctrl-C inside a long compiled search: the search stops at its next node, not at its end.

Python runs a signal handler only between bytecodes, so a Ctrl-C that arrives during one
compiled call (a depth search of minutes) waits for the call to return. The compiled entry
points of the searches release the GIL (``nogil=True``), and Python's own C-level handler
writes each signal to the wakeup descriptor (:func:`signal.set_wakeup_fd`) at once. A watcher
thread reads it and sets the node counter of the running search past any node limit; the search
checks that counter at every node, so it returns within a node (the counters of the arrays
given, and of every array :func:`~wordlelab.solvers.search.engine.tables.new_stats` makes inside the
block: a core's deletions and a shared part's trials count in arrays of their own), and the pending
KeyboardInterrupt is raised in the main thread. :meth:`StopOnCtrlC.check` raises it too, so a
poisoned result is never taken for a real one: a depth search's NODE_LIMIT, or a min-sum
search's made-up values (whose node table the searcher then empties, see
``NativeSearcher._stoppable``).

>>> import numpy as np
>>> stats = np.zeros(3, np.int64)
>>> with StopOnCtrlC(stats) as stop:
...     stop.check()                  # nothing happened: no exception
>>> stop.interrupted
False
"""
from __future__ import annotations

import os
import select
import signal
import threading
import weakref

import numpy as np

from wordlelab.solvers.runtime import stop_request

POISON_NODES = 1 << 62          # a node count past any limit, far above the largest limit accepted
POISON = np.int64(POISON_NODES)

# called with each statistics array a search makes (the engine's new_stats) while a StopOnCtrlC
# block runs: the searches a run starts on arrays of their own (a core's deletions, a shared part's
# trials) stop within a node on Ctrl-C too, not at their node budget
STATS_WATCHERS: list = []


class StopOnCtrlC:
    """A context in which a Ctrl-C (SIGINT) or SIGTERM poisons the node counters ``stats[0]`` of the given arrays.

    Outside the main thread (where no wakeup descriptor can be set) it does nothing.

    ``on_stop``, if given, is called from the watcher thread on a stop, and again every
    :attr:`REPEAT` seconds until the block ends: a solver running in C (CP-SAT, HiGHS, SCIP) is
    told to stop that way, and a stop asked for just before the solver's call began, which
    the solver may drop, is asked for again once it runs.
    """

    REPEAT = 0.2

    def __init__(self, *stats: np.ndarray, on_stop=None):
        self.stats = list(stats)
        self.on_stop = on_stop
        self.interrupted = False
        self._thread = None
        self._made: list = []         # weak references to the arrays new_stats made in the block

    def watch(self, stats: np.ndarray) -> None:
        """Poison ``stats`` too (a search started inside the context)."""
        self.stats.append(stats)

    def _made_now(self, stats: np.ndarray) -> None:
        # (weakly held: a state run makes thousands of them over hours, each dropped soon)
        if len(self._made) >= 4096:
            self._made = [ref for ref in self._made if ref() is not None]
        self._made.append(weakref.ref(stats))
        if self.interrupted:
            stats[0] = POISON

    def __enter__(self):
        if stop_request.requested is not None:     # asked for before the block, its exception perhaps lost
            self.interrupted = True
            for s in self.stats:
                s[0] = POISON
        if threading.current_thread() is not threading.main_thread():
            return self
        self._read, self._write = os.pipe()
        os.set_blocking(self._write, False)
        try:
            self._old = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        except ValueError:                 # not the main interpreter
            os.close(self._read)
            os.close(self._write)
            return self
        self._thread = threading.Thread(target=self._watch, name="wordlelab-ctrl-c", daemon=True)
        self._thread.start()
        STATS_WATCHERS.append(self._made_now)
        return self

    def _watch(self) -> None:
        while True:
            if self.interrupted and self.on_stop is not None:
                try:
                    self.on_stop()
                except Exception:         # (a solver that has just finished): the KeyboardInterrupt
                    pass                  # still comes in the main thread, so no thread traceback
                if not select.select([self._read], [], [], self.REPEAT)[0]:
                    continue
            try:
                data = os.read(self._read, 64)
            except OSError:
                return
            if not data:                      # the write end closed: the context ended
                return
            if signal.SIGINT in data or signal.SIGTERM in data:   # the CLI stops on both alike
                self.interrupted = True
                for s in self.stats + [ref() for ref in list(self._made)]:
                    if s is not None:
                        s[0] = POISON

    def check(self) -> None:
        """Raise KeyboardInterrupt if a Ctrl-C arrived (call it after each compiled search)."""
        if self.interrupted or stop_request.requested is not None:
            raise (stop_request.requested or KeyboardInterrupt)()

    def __exit__(self, *exc):
        if self._made_now in STATS_WATCHERS:
            STATS_WATCHERS.remove(self._made_now)
        if self._thread is not None:
            signal.set_wakeup_fd(self._old)
            os.close(self._write)
            self._thread.join(timeout=5)
            os.close(self._read)
            self._thread = None
        return False


class DeferSignals:
    """A block that a Ctrl-C or SIGTERM does not cut in two: the signal is noted, and delivered
    to the handler it would have reached once the block ends (in the main thread only).

    A compiled call returns before any Python handler runs, so without this the
    KeyboardInterrupt could fire between the call and the lines that keep its result.

    >>> with DeferSignals() as held:
    ...     pass
    >>> held.pending
    []
    """

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self):
        self.pending: list = []
        self._old: dict = {}

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for sig in self.SIGNALS:
                # an ignored signal (a background job's SIGINT) stays ignored: noted here, it
                # would reach the Ctrl-C watcher's pipe, and become a stop it never was
                if signal.getsignal(sig) in (signal.SIG_IGN, None):
                    continue
                self._old[sig] = signal.signal(sig, lambda s, _frame: self.pending.append(s))
        return self

    def __exit__(self, *exc):
        if self._old:
            # the handlers are put back as one step: a signal meanwhile waits, blocked, for the
            # handler it would have reached (one restored and the other not, a Ctrl-C raised
            # in between would leave the other held for good)
            mask = signal.pthread_sigmask(signal.SIG_BLOCK, self._old)
            try:
                for sig, old in self._old.items():
                    signal.signal(sig, old)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for sig in dict.fromkeys(self.pending):
            signal.raise_signal(sig)        # now handled as it would have been
        return False
