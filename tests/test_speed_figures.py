"""The speed page shows one side-by-side run, as the benchmark wrote it: no row can go stale.

docs/results/speed-search.csv is the CSV of one full ``wordlelab bench --suite search`` run
(ours beside Selby's program, alternating); the page's table is its rendering
(``tools/speed_table.py``). A task added to or dropped from the suite, or a row edited by hand,
fails here until the suite is run again.
"""
import re
from pathlib import Path

from wordlelab.bench.core import SEARCH_TASKS
from wordlelab.bench.report import BEGIN, END, markdown_table, read_rows, table_in_page

RESULTS = Path(__file__).resolve().parents[1] / "docs" / "results"
PAGE, CSV = RESULTS / "speed.md", RESULTS / "speed-search.csv"


def test_the_page_shows_exactly_the_runs_rows():
    assert table_in_page(PAGE.read_text()) == markdown_table(read_rows(str(CSV)))


def test_the_run_covers_every_task_of_the_suite_and_nothing_else():
    labels = [row["task"] for row in read_rows(str(CSV))]
    assert [t for t in labels if not t.endswith("cold numba cache")] == [task[0] for task in SEARCH_TASKS]


def test_every_row_was_measured_beside_the_reference_and_gave_the_expected_answer():
    for row in read_rows(str(CSV)):
        if row["task"].endswith("cold numba cache"):
            continue
        assert row["reference_seconds"], row["task"]
        assert "EXPECTED" not in row["note"] and "not available now" not in row["note"], row


def test_no_other_results_page_types_a_timing_table_by_hand():
    """Seconds beside Selby's in a table anywhere else in the results would be a second, unchecked claim."""
    for page in RESULTS.glob("*.md"):
        text = page.read_text()
        if BEGIN in text:
            text = text[:text.index(BEGIN)] + text[text.index(END):]
        tables, current = [], []
        for line in text.splitlines() + [""]:
            if line.startswith("|"):
                current.append(line)
            elif current:
                tables.append(current)
                current = []
        typed = [t[0] for t in tables if "Selby" in t[0] and any(re.search(r"\d s\b", row) for row in t[2:])]
        assert not typed, (page.name, typed)
