"""Option types shared by the commands: checked before any work starts.

An output path is tried for writing when the command line is parsed, so a long
computation is never lost at the end because its result cannot be saved; counts
and limits are range-checked, so a negative number never acts as a Python slice.
"""
from __future__ import annotations

import functools

import math
import os
from typing import NamedTuple

import click

from wordlelab.errors import WordleError
from wordlelab.models.settings import MAX_NODE_LIMIT, ROWS
from wordlelab.solvers.backends import SOLVERS  # noqa: F401  (the --solver choices)

MAX_WORKERS_PER_CORE = 4


class OutputFile(click.Path):
    """A file the command will write: its folder must exist and take a new file."""

    name = "output file"

    def __init__(self):
        super().__init__(dir_okay=False, writable=True)

    def convert(self, value, param, ctx):
        from wordlelab.models.files import check_writable
        path = os.fspath(value)
        if not path:              # '' would be taken for "no file", and the result silently not written
            self.fail("an empty file name", param, ctx)
        if os.path.isdir(path):
            self.fail(f"{path!r} is a directory, not a file", param, ctx)
        _check(check_writable, path, self, param, ctx)
        return path


class PlotFile(OutputFile):
    """A picture to write: PNG or SVG, by the suffix."""

    name = "plot file"

    def convert(self, value, param, ctx):
        path = super().convert(value, param, ctx)
        if not path.lower().endswith((".png", ".svg")):
            self.fail(f"{path!r}: a plot file must end in .png or .svg", param, ctx)
        return path


def plot_option(help_text: str):
    """``--plot FILE`` (needs the ``plot`` extra, matplotlib)."""
    return click.option("--plot", "plot_file", default=None, type=PlotFile(),
                        help=f"{help_text} (PNG or SVG by the suffix; pip install 'wordlelab[plot]')")


class OutputDir(click.Path):
    """A folder the command may write files into: an existing writable folder, or one that can be
    made in an existing writable folder (it is made only when a file is written)."""

    name = "output folder"

    def __init__(self):
        super().__init__(file_okay=False)

    def convert(self, value, param, ctx):
        from wordlelab.models.files import check_writable_dir
        path = os.fspath(value)
        if os.path.exists(path) and not os.path.isdir(path):
            self.fail(f"{path!r} is a file, not a folder", param, ctx)
        _check(check_writable_dir, path, self, param, ctx)
        return path


def _check(check, path, ptype, param, ctx):
    # what the final write would meet (a full disk, a name too long, a read-only mount) is found
    # now, before the work, rather than after it (models/files.py)
    try:
        check(path)
    except WordleError as e:
        ptype.fail(str(e), param, ctx)


class Workers(click.IntRange):
    """1 to a few processes per core: more only thrashes the machine (and 100000 would hang it)."""

    name = "workers"

    def __init__(self, noun: str = "workers"):
        cores = os.cpu_count() or 1
        super().__init__(1, MAX_WORKERS_PER_CORE * cores)
        self.cores, self.noun = cores, noun

    def convert(self, value, param, ctx):
        n = click.INT.convert(value, param, ctx)
        if not 1 <= n <= self.max:
            self.fail(f"{n} {self.noun}: choose 1 to {self.max} ({MAX_WORKERS_PER_CORE} per core; "
                      f"this machine has {self.cores} cores)", param, ctx)
        return n


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:           # not on Linux
        return os.cpu_count() or 1


def threads_option(f):
    """``--threads N`` (parameter ``threads``, None: every usable core)."""
    return setting_option("threads", type=Workers("threads"),
                          help="search the first guess's classes on this many threads of this process "
                               "(default: every core it may use, here %d), sharing one node table; not with "
                               "--checkpoint, --workers or --dask" % usable_cores())(f)


def workers_type() -> Workers:
    """The ``--workers`` type."""
    return Workers()


def sweep_options(workers_help: str, dask_help: str):
    """``--workers N`` and ``--dask ADDRESS`` (parameters ``workers``, ``dask_address``): where a sweep runs."""
    def decorate(f):
        f = setting_option("dask_address", help=dask_help)(f)
        return setting_option("workers", type=workers_type(), help=workers_help)(f)
    return decorate


SLOT_BYTES = 24           # one node-table slot: three int64 words (solvers/search/engine/node_table.py)


class FiniteFloatRange(click.FloatRange):
    """A float range that refuses nan (which passes every comparison of click's range check, and
    failed later as "cannot convert float NaN to integer") and the infinities."""

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def memory_option(f):
    """``--memory GIB``: the size of the searcher's table of proven node values."""
    return setting_option("memory_gib")(f)


def table_entries(memory_gib: float | None) -> int:
    """Node-table slots that fit in ``memory_gib`` GiB (the default table when None).

    >>> table_entries(None), table_entries(0.024) == 1 << 20, table_entries(1.5)
    (1048576, True, 67108864)
    """
    if memory_gib is None:
        return 1 << 20
    slots = int(memory_gib * 2**30) // SLOT_BYTES
    return 1 << max(4, slots.bit_length() - 1)     # the largest power of two that fits


def positive(kind=int) -> click.ParamType:
    """A count or limit that must be at least 1 (seconds: above 0)."""
    return click.IntRange(min=1) if kind is int else FiniteFloatRange(min=0, min_open=True)


def node_limit_type() -> click.IntRange:
    """A node limit: at least 1, and small enough that a counter poisoned by Ctrl-C still exceeds it."""
    return click.IntRange(min=1, max=MAX_NODE_LIMIT)


def non_negative() -> click.IntRange:
    """A count that may be 0."""
    return click.IntRange(min=0)


class Seeded(NamedTuple):
    """A value with the seed of its draw (``--sample 200:3``, ``--search 900:1``); ``guesses``:
    the guess count of a drawn tree question (``--sample 40/300:1``), None when not given."""

    value: float
    seed: int
    guesses: int | None = None


class SeededValue(click.ParamType):
    """``N[:SEED]``: a count (``kind="count"``, at least 1) or seconds (``kind="seconds"``, above 0)
    and a seed (a whole number, default 0); with ``guesses``, ``N[/M][:SEED]`` also takes a count of
    guesses M. Parsed into :class:`Seeded`.

    >>> SeededValue().convert("200:3", None, None), SeededValue("seconds").convert("1.5", None, None)
    (Seeded(value=200, seed=3, guesses=None), Seeded(value=1.5, seed=0, guesses=None))
    >>> SeededValue(guesses=True).convert("40/300:1", None, None)
    Seeded(value=40, seed=1, guesses=300)
    """

    def __init__(self, kind: str = "count", guesses: bool = False):
        self.kind, self.guesses = kind, guesses
        self.name = ("N[/M][:SEED]" if guesses else "N[:SEED]") if kind == "count" else "SECONDS[:SEED]"

    def get_metavar(self, param, *args, **kwargs):
        return self.name

    def convert(self, value, param, ctx):
        if isinstance(value, Seeded):
            return value
        text = str(value).strip()
        head, colon, seed_text = text.partition(":")
        head, slash, guesses_text = head.partition("/") if self.guesses else (head, "", "")
        try:
            seed = int(seed_text) if colon else 0
            guesses = int(guesses_text) if slash else None
            number = int(head) if self.kind == "count" else float(head)
        except ValueError:
            self.fail(f"{text!r} is not {self.name} (e.g. " + ("40/300:1" if self.guesses else
                      "200:3" if self.kind == "count" else "900:1") + ")", param, ctx)
        if self.kind == "count" and number < 1 or guesses is not None and guesses < 1:
            self.fail(f"{text!r}: a count must be at least 1", param, ctx)
        if seed < 0:
            self.fail(f"{text!r}: a seed must be at least 0", param, ctx)
        if self.kind == "seconds" and not (math.isfinite(number) and number > 0):
            self.fail(f"{text!r} is not a finite number of seconds above 0", param, ctx)
        return Seeded(number, seed, guesses)


class LogTarget(OutputFile):
    """``-`` for stderr, or a file the solver's log is appended to (checked for writing now)."""

    name = "log file"

    def convert(self, value, param, ctx):
        return "-" if value == "-" else super().convert(value, param, ctx)


def _setting_type(row) -> click.ParamType:
    if row.kind == "count":
        return click.IntRange(min=row.low, max=row.high)
    if row.kind == "seconds":
        return FiniteFloatRange(min=row.low, min_open=True, max=row.high)
    if row.kind == "fraction":
        return FiniteFloatRange(min=row.low, max=row.high, max_open=True)
    if row.kind == "gib":
        return FiniteFloatRange(row.low, row.high)
    if row.kind == "file":
        return OutputFile()
    if row.kind == "log":
        return LogTarget()
    return click.STRING


def setting_option(name: str, *, dest: str | None = None, help: str | None = None, **overrides):
    """The option of one row of the options table (``wordlelab.models.settings``): its flag, type,
    range, default and help come from the row; a command may say more in ``help`` or give its own
    default, but the flag and the range are the table's. ``dest`` names the parameter (default: the
    row's name)."""
    row = ROWS[name]
    kw = {"default": row.default, "type": _setting_type(row), "help": help or row.help}
    if row.metavar:
        kw["metavar"] = row.metavar
    kw.update(overrides)
    return click.option(row.flag, dest or row.name, **kw)


class SetOption(click.Option):
    """The ``--set`` option; ``rows`` maps each row it carries to its parameter type here."""

    def __init__(self, *args, rows: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = rows


def set_option(*names: str, types: dict | None = None, helps: dict | None = None):
    """``--set NAME=VALUE`` (repeatable): the rarer rows of the options table under one option.

    ``names`` are rows of ``wordlelab.models.settings`` (``"threads"``, or ``"memory_gib:memory"``
    to give the command's parameter its own name). NAME is the row's flag without its dashes
    (``--set threads=4``, ``--set core-work=1000000000``; the row's name, ``core_work``, works too).
    Each value is checked against its row's range when the command line is parsed, and the command
    receives every named row as its own parameter (the row's default when not set), exactly as if
    each were its own flag: so a command keeps a short option list and the table stays the one
    place a setting is described. ``types`` and ``helps`` (by row name) narrow a row's type or
    reword its help for this command, as :func:`setting_option`'s overrides do.
    """
    types, helps = types or {}, helps or {}
    rows = []
    for spec in names:
        name, _, dest = spec.partition(":")
        rows.append((ROWS[name], dest or name))
    by_key = {}
    for row, dest in rows:
        key = row.flag.lstrip("-")
        by_key[key] = by_key[key.replace("-", "_")] = by_key[row.name] = (row, dest)
    keys = ", ".join(row.flag.lstrip("-") for row, _ in rows)

    def convert(ctx, param, values):
        chosen = {}
        for text in values:
            key, eq, raw = text.partition("=")
            key = key.strip()
            if not eq or not raw:
                raise click.BadParameter(f"{text!r} is not NAME=VALUE (names: {keys})", ctx, param)
            if key not in by_key:
                raise click.BadParameter(f"unknown setting {key!r} (names: {keys})", ctx, param)
            row, dest = by_key[key]
            try:
                chosen[dest] = types.get(row.name, _setting_type(row)).convert(raw, param, ctx)
            except click.BadParameter as e:
                raise click.BadParameter(f"{row.flag.lstrip('-')}: {e.message}", ctx, param) from None
        return chosen

    lines = "; ".join(f"{row.flag.lstrip('-')}={row.metavar or row.kind.upper()}: {helps.get(row.name, row.help)}"
                      for row, _ in rows)

    def decorate(f):
        @functools.wraps(f)
        def command(*args, **kwargs):
            chosen = kwargs.pop("settings")
            for row, dest in rows:
                kwargs[dest] = chosen.get(dest, row.default)
            try:
                return f(*args, **kwargs)
            except WordleError as e:
                # the library names these rows by their field; here they are spelled --set NAME
                e.under_set = getattr(e, "under_set", frozenset()) | {row.name for row, _ in rows}
                raise
        return click.option("--set", "settings", multiple=True, callback=convert, metavar="NAME=VALUE",
                            cls=SetOption, rows={row: types.get(row.name, _setting_type(row)) for row, _ in rows},
                            help=f"a setting of the options table, repeatable. {lines}")(command)
    return decorate


def inputs_option(f=None, *, help: str | None = None):
    """``--inputs FILE`` (parameter ``inputs``): a manifest of the files a proof rests on
    (wordlelab.models.inputs), read when the command line is parsed; ``help`` says what the
    command takes from it."""
    def convert(ctx, param, value):
        if value is None:
            return None
        from wordlelab.models.inputs import load_inputs
        try:
            return load_inputs(value)
        except WordleError as e:
            raise click.BadParameter(str(e), ctx, param) from None
    option = click.option("--inputs", default=None, metavar="FILE", callback=convert,
                          help=help or "a manifest (JSON) naming the checkpoints, rankings and trees the proof rests "
                                       "on (docs/ranking.md)")
    return option if f is None else option(f)


class FlagGroup(click.Option):
    """One option of several flags that say one thing in different ways (which candidates a
    partial run takes: ``--limit N``, ``--shard i/n``, ``--words W1,W2``): each flag keeps its own
    value type and its own parameter, and ``--help`` shows them as one entry. ``members`` are
    ``(flag, dest, type, metavar, multiple)``."""

    def __init__(self, *args, members: tuple, **kwargs):
        super().__init__(*args, type=click.UNPROCESSED, **kwargs)
        self.members = members

    def add_to_parser(self, parser, ctx) -> None:
        for flag, dest, *_ in self.members:
            parser.add_option(obj=self, opts=[flag], dest=f"{self.name}/{dest}", action="append", nargs=1)

    def consume_value(self, ctx, opts):
        from click.core import ParameterSource
        given = {dest: opts[f"{self.name}/{dest}"] for _, dest, *_ in self.members if f"{self.name}/{dest}" in opts}
        return given, ParameterSource.COMMANDLINE if given else ParameterSource.DEFAULT

    def get_help_record(self, ctx):
        flags = " | ".join(f"{flag} {metavar}" + (" ..." if multiple else "")
                           for flag, _, _, metavar, multiple in self.members)
        return flags, self.help or ""


def flag_group(name: str, *members, help: str):
    """One option (:class:`FlagGroup`) of the flags ``members``, each ``(flag, dest, type, metavar)``
    or ``(flag, dest, type, metavar, "multiple")``: the command receives each ``dest`` as its own
    parameter (None, or () for a repeatable flag, when not given; a flag given twice keeps its
    last value unless it is repeatable), exactly as if each were its own option."""
    rows = tuple((flag, dest, kind, metavar, bool(rest)) for flag, dest, kind, metavar, *rest in members)

    def convert(ctx, param, given):
        values = {}
        for flag, dest, kind, _, multiple in rows:
            if dest not in given:
                continue
            try:
                converted = [kind.convert(v, param, ctx) for v in given[dest]]
            except click.BadParameter as e:
                raise click.BadParameter(e.message, ctx, param, param_hint=f"'{flag}'") from None
            values[dest] = tuple(converted) if multiple else converted[-1]
        return values

    def decorate(f):
        @functools.wraps(f)
        def command(*args, **kwargs):
            chosen = kwargs.pop(name)
            for _, dest, _, _, multiple in rows:
                kwargs[dest] = chosen.get(dest, () if multiple else None)
            return f(*args, **kwargs)
        return click.option(*(flag for flag, *_ in rows), name, cls=FlagGroup, members=rows, callback=convert,
                            help=help)(command)
    return decorate
