"""``wordlelab bench``: run benchmark suites and print task, instance, solver, status, value, seconds."""
from __future__ import annotations

import csv
from dataclasses import asdict

import click

from wordlelab.bench import SUITES
from wordlelab.cli.common import final_write, json_option
from wordlelab.cli.console import emit_json, out, table
from wordlelab.cli.options import OutputFile, plot_option


@click.command(epilog="""\b
Examples:
  wordlelab bench --suite matrix --csv bench.csv
  wordlelab bench --suite search --task "SALET 7897" --task "hard SALET 8099"   # two rows beside Selby's""")
@click.option("--suite", "suite_names", multiple=True, help="suite(s) to run; default: matrix, search, cover, eldrow")
@click.option("--csv", "csv_file", type=OutputFile(), default=None, help="also write the rows as CSV")
@click.option("--list", "list_only", is_flag=True, help="list the suites and exit")
@click.option("--task", "tasks", multiple=True, metavar="TEXT",
              help="only the rows whose task (search suites) or instance (matrix) contains TEXT "
                   "(any case; repeatable; the cold-cache row only for a TEXT with 'cold')")
@plot_option("draw wordlelab beside the reference, one bar pair per row that has one")
@json_option
def bench(suite_names, csv_file, list_only, tasks, plot_file, as_json):
    """Run benchmark suites and print task, instance, solver, status, value, seconds."""
    import inspect

    from wordlelab.errors import WordleError
    if list_only:
        for name, fn in SUITES.items():
            out.print(f"{name:10s} {(fn.__doc__ or '').strip()}")
        return
    names = suite_names or ("matrix", "search", "cover", "eldrow")
    for n in names:
        if n not in SUITES:
            raise WordleError(f"unknown suite {n!r}; choose from {', '.join(SUITES)}")
    if tasks:
        for n in names:
            if "tasks" not in inspect.signature(SUITES[n]).parameters:
                raise WordleError(f"suite {n!r} runs whole; --task picks rows of: "
                                  + ", ".join(k for k, f in SUITES.items() if "tasks" in inspect.signature(f).parameters))
    rows = []
    for n in names:
        for row in SUITES[n](**({"tasks": tasks} if tasks else {})):
            rows.append(row)
            if not as_json:
                out.print(f"[dim]{n}: {row.task} {row.instance} {row.solver} {row.status} "
                          f"{row.value} {row.seconds:.3f}s[/dim]")
    if csv_file:
        final_write(_write_csv, csv_file, rows)
    if plot_file:
        from wordlelab.cli.plots import bench_pairs
        final_write(bench_pairs, rows, plot_file)
    if as_json:
        emit_json([asdict(r) for r in rows])
        return
    table("wordlelab bench", ["task", "instance", "solver", "status", "value", "seconds", "reference s", "note"],
          [[r.task, r.instance, r.solver, r.status, r.value, f"{r.seconds:.3f}",
            "" if r.reference_seconds is None else r.reference_seconds, r.note] for r in rows])


def _write_csv(path, rows) -> None:
    from wordlelab.models.files import open_atomic
    with open_atomic(path, "w", newline="") as f:
        if rows:
            w = csv.DictWriter(f, fieldnames=list(asdict(rows[0])))
            w.writeheader()
            w.writerows(asdict(r) for r in rows)


COMMANDS = [bench]
