"""``wordlelab bench``: named benchmark suites, one row per run.

A suite is a function yielding :class:`BenchRow` objects; other modules add
suites with :func:`suite`. Reference figures (the programs we must beat, as
measured on this 2-core machine kind) are shown beside ours.
"""
from __future__ import annotations

import csv
import json
import time
from dataclasses import asdict, dataclass

import click

from wordlelab.cli import cli, json_option
from wordlelab.console import emit_json, out, table

SUITES: dict = {}


@dataclass
class BenchRow:
    """One timed run."""

    task: str
    instance: str
    solver: str
    status: str
    value: object
    seconds: float
    reference_seconds: float | None = None
    note: str = ""


def suite(name: str):
    """Register a benchmark suite under ``name``."""
    def register(fn):
        SUITES[name] = fn
        return fn
    return register


@suite("matrix")
def matrix_suite(repeat: int = 3):
    """Pattern-matrix builds (compile time reported separately) and cached loads."""
    import tempfile
    import os
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.matrix import build_matrix, pattern_matrix

    t0 = time.perf_counter()
    build_matrix(["salet"], ["drone"])
    yield BenchRow("numba compile/load of the matrix kernel", "-", "numba", "done", "", time.perf_counter() - t0)
    for name, answers, target in [("nyt20220830", None, 1.0), ("nyt20220316", "all", 5.0)]:
        try:
            lists = load_lists(name, answers=answers)
        except Exception as e:  # a missing optional list skips its rows
            yield BenchRow("pattern matrix build", name, "numba", "SKIPPED", "", 0.0, note=str(e))
            continue
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            m = build_matrix(lists.guesses, lists.answers)
            times.append(time.perf_counter() - t)
        yield BenchRow("pattern matrix build", lists.name, "numba", "OK", f"{m.shape[0]}x{m.shape[1]}",
                       min(times), note=f"target < {target} s; median {sorted(times)[len(times) // 2]:.3f} s")
        with tempfile.TemporaryDirectory() as d:
            old = os.environ.get("WORDLELAB_CACHE")
            os.environ["WORDLELAB_CACHE"] = d
            try:
                pattern_matrix(lists)
                stats: dict = {}
                pattern_matrix(lists, stats=stats)
            finally:
                if old is None:
                    os.environ.pop("WORDLELAB_CACHE")
                else:
                    os.environ["WORDLELAB_CACHE"] = old
        yield BenchRow("pattern matrix cached load", lists.name, "numpy", stats["source"].upper(),
                       f"{m.shape[0]}x{m.shape[1]}", stats["seconds"], note="target < 0.2 s")


@cli.command(epilog="Example: wordlelab bench --suite matrix --csv bench.csv")
@click.option("--suite", "suite_names", multiple=True, help="suite(s) to run; default: all that exist")
@click.option("--csv", "csv_file", type=click.Path(), default=None, help="also write the rows as CSV")
@click.option("--list", "list_only", is_flag=True, help="list the suites and exit")
@json_option
def bench(suite_names, csv_file, list_only, as_json):
    """Run benchmark suites and print task, instance, solver, status, value, seconds."""
    from wordlelab.errors import WordleError
    if list_only:
        for name, fn in SUITES.items():
            out.print(f"{name:10s} {(fn.__doc__ or '').strip()}")
        return
    names = suite_names or tuple(SUITES)
    for n in names:
        if n not in SUITES:
            raise WordleError(f"unknown suite {n!r}; choose from {', '.join(SUITES)}")
    rows = []
    for n in names:
        for row in SUITES[n]():
            rows.append(row)
            if not as_json:
                out.print(f"[dim]{n}: {row.task} {row.instance} {row.solver} {row.status} "
                          f"{row.value} {row.seconds:.3f}s[/dim]")
    if csv_file:
        with open(csv_file, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(asdict(rows[0]))) if rows else None
            if w:
                w.writeheader()
                w.writerows(asdict(r) for r in rows)
    if as_json:
        emit_json([asdict(r) for r in rows])
        return
    table("wordlelab bench", ["task", "instance", "solver", "status", "value", "seconds", "reference s", "note"],
          [[r.task, r.instance, r.solver, r.status, r.value, f"{r.seconds:.3f}",
            "" if r.reference_seconds is None else r.reference_seconds, r.note] for r in rows])
