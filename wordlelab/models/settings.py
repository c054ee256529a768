"""The one options table: every limit and execution setting, with its name, default, range and help.

The command line builds its options from these rows (``wordlelab.cli.options.setting_option``)
and the library takes them as two small frozen objects, :class:`Limits` (when a question gives
up) and :class:`Execution` (where and how it runs). A value out of range raises
:class:`SettingError` naming the field; the command line names the flag instead. So a flag's
help, range and default cannot drift from what the library accepts: they are one row here.

Why two objects and not keyword arguments: the same limits and execution settings reach every
question (a depth proof, a first-word ranking, a sweep), and they are passed through layers
that do not read them. Two values keep each signature short and let a new setting reach every
question by one row in this table.

Examples
--------
>>> Limits(node_limit=1000).node_limit
1000
>>> Limits(node_limit=0)
Traceback (most recent call last):
...
wordlelab.models.settings.SettingError: node_limit must be at least 1, not 0
>>> [row.flag for row in TABLE][:3]
['--node-limit', '--core-work', '--memory']
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, fields

from wordlelab.errors import WordleError

MAX_NODE_LIMIT = 10**15   # far below the poison a Ctrl-C writes into the node counter (1 << 62)


class SettingError(WordleError):
    """A setting out of its range; ``field`` is its name in the table (the CLI maps it to the flag)."""

    def __init__(self, name: str, message: str):
        super().__init__(f"{name} {message}")
        self.field = name
        self.detail = message


@dataclass(frozen=True)
class Row:
    """One setting: its field name, flag, kind, range (None: open), default and help."""

    name: str
    flag: str
    kind: str          # count | seconds | fraction | gib | address | file | log
    low: float | None
    high: float | None
    default: object
    help: str
    metavar: str | None = None


def _row(name, flag, kind, low, high, default, help_text, metavar=None):
    return field(default=default, metadata={"row": Row(name, flag, kind, low, high, default, help_text, metavar)})


def _check(obj) -> None:
    for f in fields(obj):
        row, value = f.metadata["row"], getattr(obj, f.name)
        if value is None:
            continue
        if row.kind in ("count", "seconds", "fraction", "gib"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SettingError(row.name, f"must be a number, not {value!r}")
            if row.kind == "count" and not isinstance(value, int):
                raise SettingError(row.name, f"must be a whole number, not {value!r}")
            if not math.isfinite(value):
                raise SettingError(row.name, f"must be a finite number, not {value!r}")
            if row.low is not None and (value < row.low if row.kind == "count" else value <= row.low):
                raise SettingError(row.name, f"must be at least {row.low}, not {value}" if row.kind == "count"
                                   else f"must be above {row.low}, not {value}")
            if row.high is not None and (value > row.high if row.kind != "fraction" else value >= row.high):
                raise SettingError(row.name, f"must be at most {row.high}, not {value}" if row.kind != "fraction"
                                   else f"must be below {row.high}, not {value}")
        else:
            if row.kind == "file" and isinstance(value, os.PathLike):
                value = os.fspath(value)          # a path object names the same file: kept as its text
                object.__setattr__(obj, f.name, value)
            if not isinstance(value, str) or not value:
                raise SettingError(row.name, f"must be a non-empty text, not {value!r}")


@dataclass(frozen=True)
class Limits:
    """When a question gives up: it then answers UNKNOWN (or FEASIBLE with a bound), never a guess.

    Parameters
    ----------
    node_limit : int, optional
        Search nodes before the searcher gives up (per first word in a sweep).
    core_work : int, optional
        Patterns the pure-Python checker may read on one core (its default depends on the mode).
    memory_gib : float, optional
        GiB for the table of proven node values.
    time_limit : float, optional
        Seconds a model solver may run.
    gap : float, optional
        Relative MIP gap at which a model solver stops.
    """

    node_limit: int | None = _row("node_limit", "--node-limit", "count", 1, MAX_NODE_LIMIT, None,
                                  "give up (UNKNOWN) after this many search nodes")
    core_work: int | None = _row("core_work", "--core-work", "count", 1, MAX_NODE_LIMIT, None,
                                 "patterns the pure-Python checker may read on one core (default 200000000 in "
                                 "hard mode, 5000000000 in easy mode)")
    memory_gib: float | None = _row("memory_gib", "--memory", "gib", 0.001, 1024, None,
                                    "GiB for the table of proven node values (default 0.024: 2^20 nodes; pages are "
                                    "taken as they are written); larger answer lists (--answers all) want several",
                                    "GIB")
    time_limit: float | None = _row("time_limit", "--time-limit", "seconds", 0, None, None, "seconds")
    gap: float | None = _row("gap", "--gap", "fraction", 0, 1, None,
                             "stop at this relative MIP gap, e.g. 0.01 (the answer is then FEASIBLE with its "
                             "bound, unless the bound meets the value; default: solve to a proven optimum)", "G")

    def __post_init__(self):
        _check(self)


@dataclass(frozen=True)
class Execution:
    """Where and how a question runs; none of it changes an answer.

    Parameters
    ----------
    workers : int, optional
        Processes (or dask workers) of a sweep.
    dask_address : str, optional
        ``local`` or ``tcp://HOST:PORT``: run a sweep's tasks on dask.distributed.
    threads : int, optional
        Threads of this process (the searcher's class threads, or a model solver's).
    log : str, optional
        Where a model solver's own log goes: ``-`` for stderr, else a file it is appended to.
    checkpoint : str, optional
        The resumable results file of a long run.
    """

    workers: int | None = _row("workers", "--workers", "count", 1, None, None, "processes", "N")
    dask_address: str | None = _row("dask_address", "--dask", "address", None, None, None,
                                    "run the tasks on dask.distributed", "local|tcp://HOST:8786")
    threads: int | None = _row("threads", "--threads", "count", 1, None, None, "threads of this process", "N")
    log: str | None = _row("log", "--log", "log", None, None, None,
                           "the solver's own log: '-' for stderr, or appended to FILE (default: none)", "-|FILE")
    checkpoint: str | None = _row("checkpoint", "--checkpoint", "file", None, None, None,
                                  "resumable results file (JSON)")

    def __post_init__(self):
        _check(self)


TABLE: tuple[Row, ...] = tuple(f.metadata["row"] for cls in (Limits, Execution) for f in fields(cls))
ROWS = {row.name: row for row in TABLE}


def flag_of(name: str) -> str:
    """The command-line flag of a setting (``node_limit`` -> ``--node-limit``)."""
    return ROWS[name].flag
