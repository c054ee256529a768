"""Output helpers shared by the commands: tables, JSON, progress bars."""
from __future__ import annotations

import json
import sys
import threading
import time
from contextlib import contextmanager



class _Console:
    """A rich ``Console``, made when first used: a run that prints only JSON never imports rich
    (45 ms of a command that takes under a second)."""

    def __init__(self, **options):
        self._options = options
        self._console = None

    @property
    def made(self) -> bool:
        """Whether the rich Console exists yet."""
        return self._console is not None

    def real(self):
        """The rich ``Console`` itself, made now if need be.

        Hand this, never the proxy, to rich objects (``Progress``, ``Live``): they use the console
        as a context manager, and special methods such as ``__enter__`` are looked up on the type,
        so ``__getattr__`` cannot forward them.
        """
        if self._console is None:
            from rich.console import Console
            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name):
        return getattr(self.real(), name)


out = _Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 200)
err = _Console(stderr=True, highlight=False)


def _stderr_is_terminal() -> bool:
    """rich's answer to whether stderr is a terminal, without importing rich where it is not needed:
    rich reads the variables TTY_COMPATIBLE and FORCE_COLOR first, then asks the file."""
    import os
    if not isinstance(err, _Console) or err.made or "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return err.is_terminal
    try:
        return sys.stderr.isatty()
    except ValueError:          # a closed stream
        return False


# the version of the --json shapes (docs/json-schema.md); raised when a key
# changes meaning or goes away, not when one is added
JSON_SCHEMA_VERSION = 1


def emit_json(data) -> None:
    """Print machine-readable output: indented on a terminal, one line to a pipe or file.

    An object gets ``"schema": JSON_SCHEMA_VERSION`` as its first key; a table (a list of rows)
    is printed as it is.

    Why not always indented: ``json`` encodes an indented document in pure Python, more than ten
    times slower than its C encoder, and a solve's tree has thousands of nodes (SALET's result:
    0.031 s indented, 0.002 s on one line).
    """
    try:
        indent = 1 if sys.stdout.isatty() else None
    except ValueError:          # a closed stream
        indent = None
    if isinstance(data, dict):
        data = {"schema": JSON_SCHEMA_VERSION, **data}
    sys.stdout.write(json.dumps(data, indent=indent, default=str) + "\n")


def table(title: str | None, columns: list[str], rows: list[list]) -> None:
    """Print a table of rows."""
    from rich.table import Table        # here, not at the top: a --json run need not load it
    t = Table(title=title, show_edge=False, header_style="bold")
    for c in columns:
        t.add_column(c, justify="right" if c in {"seconds", "value", "total", "guesses", "answers",
                                                 "average", "count", "reference s", "speed-up"} else "left")
    for r in rows:
        t.add_row(*["" if v is None else str(v) for v in r])
    out.print(t)


# seconds between progress lines where stderr is not a terminal (a long run's log file)
LOG_EVERY = 60.0


@contextmanager
def progress(description: str, total: int | None, enabled: bool = True, delay: float = 2.0):
    """A progress bar on stderr that shows up only for work running over ``delay`` seconds; where
    stderr is not a terminal, a plain line at most every ``LOG_EVERY`` seconds instead.

    ``enabled`` False (``--json``) leaves out the bar but not the lines of a log file: a program
    reads the JSON on stdout, and a run in the background still says how far it got.
    Yields ``advance(n=1, info=None, total=None)``: ``total``, once the work's size is known
    (the classes of a first guess, say), turns a count into a bar with a time to go.
    """
    if not _stderr_is_terminal() and not _force_progress():
        with _log_lines(description, total) as advance:
            yield advance
        return
    if not enabled:
        yield lambda n=1, **kw: None
        return
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[info]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                   console=err.real(), transient=True)
    task = bar.add_task(description, total=total, info="")
    started, shown = time.monotonic(), False
    import os
    # WORDLELAB_PROGRESS_DELAY=0 draws the bar at once (the terminal tests use it on short runs)
    try:
        delay = max(0.0, float(os.environ.get("WORDLELAB_PROGRESS_DELAY", delay)))
    except ValueError:
        pass

    lock = threading.Lock()
    ended = False

    def show():
        # also from a timer: a step that reports nothing for a while (a first compile, the
        # pure-Python core check) still shows the bar, whose clock rich keeps moving
        nonlocal shown
        with lock:
            if not shown and not ended:
                bar.start()
                shown = True

    def advance(n=1, info=None, total=None):
        if total is not None:
            bar.update(task, total=total)
        bar.advance(task, n)
        if info is not None:
            bar.update(task, info=info)
        if not shown and time.monotonic() - started > delay:
            show()

    timer = threading.Timer(delay, show)
    timer.daemon = True
    timer.start()
    try:
        yield advance
    finally:
        timer.cancel()
        with lock:
            ended = True
            if shown:
                bar.stop()


@contextmanager
def _log_lines(description: str, total: int | None):
    """``advance`` for a log file: ``description: done/total  info  (elapsed s)``, once a minute at most
    (a run of hours in the background, ``nohup ... 2> run.log``, says how far it got).

    A line also comes when a minute passes with no advance: one first word of a sweep can take
    half an hour, and a log that stays empty that long looks like a run that hung.
    """
    started = time.monotonic()
    state = {"done": 0, "note": "", "last": started}
    lock = threading.Lock()
    stop = threading.Event()

    state["total"] = total

    def write(now):
        count = f"{state['done']}/{state['total']}" if state["total"] else str(state["done"])
        sys.stderr.write(f"{description}: {count}  {state['note']}  ({now - started:.0f} s)\n")
        sys.stderr.flush()
        state["last"] = now

    def advance(n=1, info=None, total=None):
        with lock:
            if total is not None:
                state["total"] = total
            state["done"] += n
            state["note"] = state["note"] if info is None else str(info)
            now = time.monotonic()
            if now - state["last"] >= LOG_EVERY:
                write(now)

    def heartbeat():
        while not stop.wait(LOG_EVERY):
            with lock:
                now = time.monotonic()
                if now - state["last"] >= LOG_EVERY:
                    write(now)

    beat = threading.Thread(target=heartbeat, name="progress-log", daemon=True)
    beat.start()
    try:
        yield advance
    finally:
        stop.set()
        beat.join()


def _force_progress() -> bool:
    import os
    return os.environ.get("WORDLELAB_PROGRESS") == "1"
