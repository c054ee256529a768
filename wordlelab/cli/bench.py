"""``wordlelab bench``: run benchmark suites and print task, instance, solver, status, value, seconds."""
from __future__ import annotations

import csv
from dataclasses import asdict

import click

from wordlelab.bench import SUITES
from wordlelab.cli.common import json_option
from wordlelab.cli.console import emit_json, out, table
from wordlelab.cli.options import OutputFile, plot_option


@click.command(epilog="Example: wordlelab bench --suite matrix --csv bench.csv")
@click.option("--suite", "suite_names", multiple=True, help="suite(s) to run; default: matrix, search, cover, eldrow")
@click.option("--csv", "csv_file", type=OutputFile(), default=None, help="also write the rows as CSV")
@click.option("--list", "list_only", is_flag=True, help="list the suites and exit")
@plot_option("draw wordlelab beside the reference, one bar pair per row that has one")
@json_option
def bench(suite_names, csv_file, list_only, plot_file, as_json):
    """Run benchmark suites and print task, instance, solver, status, value, seconds."""
    from wordlelab.errors import WordleError
    if list_only:
        for name, fn in SUITES.items():
            out.print(f"{name:10s} {(fn.__doc__ or '').strip()}")
        return
    names = suite_names or ("matrix", "search", "cover", "eldrow")
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
    if plot_file:
        from wordlelab.cli.plots import bench_pairs
        bench_pairs(rows, plot_file)
    if as_json:
        emit_json([asdict(r) for r in rows])
        return
    table("wordlelab bench", ["task", "instance", "solver", "status", "value", "seconds", "reference s", "note"],
          [[r.task, r.instance, r.solver, r.status, r.value, f"{r.seconds:.3f}",
            "" if r.reference_seconds is None else r.reference_seconds, r.note] for r in rows])


COMMANDS = [bench]
