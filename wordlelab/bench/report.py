"""The speed page's table, rendered from one benchmark run's CSV (``wordlelab bench --csv``).

Why a rendering and not a table typed by hand: a speed claim is a ratio of two programs timed
side by side in one run, and a row typed by hand outlives the code it measured. The page's
table is rebuilt from the CSV (``tools/speed_table.py``), and a test checks that the page shows
exactly the CSV's rows, so that a stale row cannot stay.
"""
from __future__ import annotations

import csv
import math

BEGIN = "<!-- bench:search begin: tools/speed_table.py writes this table from speed-search.csv -->"
END = "<!-- bench:search end -->"


def read_rows(path: str) -> list[dict]:
    """The rows of a ``wordlelab bench --csv`` file."""
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def _seconds(text: str) -> float | None:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


def markdown_table(rows: list[dict]) -> str:
    """The rows as the speed page shows them: task, ours, Selby's, ratio (ours / his).

    Examples
    --------
    >>> print(markdown_table([{"task": "prove SALET 7897", "instance": "nyt20220316", "status": "OPTIMAL",
    ...                        "value": "7897", "seconds": "1.5", "reference_seconds": "1.49", "note": ""}]))
    | task | instance | answer | wordlelab | Selby's wordle.cpp -O3 | ratio |
    |---|---|---|---|---|---|
    | prove SALET 7897 | nyt20220316 | OPTIMAL 7897 | 1.50 s | 1.49 s | 1.01 |
    """
    lines = ["| task | instance | answer | wordlelab | Selby's wordle.cpp -O3 | ratio |", "|---|---|---|---|---|---|"]
    for row in rows:
        ours, his = _seconds(row["seconds"]), _seconds(row.get("reference_seconds"))
        answer = row["status"] if row["value"] in ("", row["status"]) else f"{row['status']} {row['value']}"
        lines.append(f"| {row['task']} | {row['instance']} | {answer} | "
                     + (f"{ours:.2f} s" if ours is not None else "—") + " | "
                     + (f"{his:.2f} s" if his is not None else "—") + " | "
                     + (f"{ours / his:.2f}" if ours is not None and his else "—") + " |")
    return "\n".join(lines)


def table_in_page(text: str) -> str:
    """The generated table of a page (between the markers)."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[start:end].strip()


def with_table(text: str, table: str) -> str:
    """The page with its generated table replaced."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + table + "\n" + text[end:]
