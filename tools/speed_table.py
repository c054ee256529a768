"""Rewrite the side-by-side table of docs/results/speed.md from docs/results/speed-search.csv.

Run after a full side-by-side run:
    wordlelab bench --suite search --csv docs/results/speed-search.csv
    python tools/speed_table.py
"""
from pathlib import Path

from wordlelab.bench.report import markdown_table, read_rows, with_table

ROOT = Path(__file__).resolve().parents[1]
page = ROOT / "docs" / "results" / "speed.md"
table = markdown_table(read_rows(str(ROOT / "docs" / "results" / "speed-search.csv")))
page.write_text(with_table(page.read_text(), table))
print(f"{page}: {table.count(chr(10)) - 1} rows")
