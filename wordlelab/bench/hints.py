"""The "hints" suite: every state after one first word, each hint asked once, beside Selby's ``-w STATE``.

A player's question is one state at a time, so the figure that matters is the whole process for
a state never asked before. Kept hints would answer at once, so ours run with a cache directory
of their own, holding only links to the user's pattern matrices and kernels compiled ahead of
time (if built): nothing is searched twice, and the user's kept hints are neither read nor
touched. Both programs alternate state by state in the same run.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from collections import Counter
from pathlib import Path

from wordlelab.bench.registry import BenchRow, suite

TARGET = 0.5            # seconds, whole process (issue: "under 0.5 s for any state after one guess")


def _private_cache(folder: Path) -> None:
    """Link the user's pattern matrices and compiled kernels into ``folder`` (no kept hints)."""
    from wordlelab.models.cache import cache_dir
    for item in cache_dir().glob("patterns-*"):
        (folder / item.name).symlink_to(item)
    if (cache_dir() / "aot").is_dir():
        (folder / "aot").symlink_to(cache_dir() / "aot")


def every_state_after(first: str, lists_name: str, limit: int | None = None):
    """Rows of (state, answers, our seconds, his seconds or None, value), one per pattern of ``first``
    (the ``limit`` smallest classes only, if given: a quick check of the suite itself)."""
    import subprocess
    import sys
    from wordlelab.bench.selby import SHARED, selby_command
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
    lists = load_lists(lists_name)
    sizes = Counter(feedback(first, a) for a in lists.answers)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        _private_cache(Path(folder))
        env = {**os.environ, "WORDLELAB_CACHE": folder}
        ours = [sys.executable, "-m", "wordlelab", "hint", "--lists", lists_name, "--json"]
        warm = "crane" if first != "crane" else "salet"
        subprocess.run([*ours, f"{warm}.BBBBB"], env=env, capture_output=True)     # loads, warms the files
        by_size = sorted((kv for kv in sizes.items() if kv[0] != ALL_GREEN), key=lambda kv: -kv[1])
        for code, n in by_size[-limit:] if limit else by_size:
            state = f"{first}.{pattern_string(code)}"
            t = time.perf_counter()
            r = subprocess.run([*ours, state], env=env, capture_output=True, text=True)
            mine = time.perf_counter() - t
            value = json.loads(r.stdout).get("value") if r.returncode == 0 else "ERROR"
            his_cmd = selby_command(lists_name, None, ["-w", state])
            his = None
            if his_cmd:
                t = time.perf_counter()
                subprocess.run(his_cmd, capture_output=True, cwd=str(SHARED / "wordlists"))
                his = time.perf_counter() - t
            rows.append((state, n, mine, his, value))
    return rows


@suite("hints")
def hints_suite(repeat: int = 1):
    """Every state after SALET on the default lists: our hint (never asked before) beside Selby's."""
    from wordlelab.solvers.search.engine.kernels import built_module
    rows = every_state_after("salet", "nyt20220830")
    mine = sorted(r[2] for r in rows)
    his = sorted(r[3] for r in rows if r[3] is not None)
    slowest = max(rows, key=lambda r: r[2])
    solver = "native, compiled ahead of time" if built_module() else "native"
    his_note = (f"; Selby median {his[len(his) // 2]:.2f} s, max {his[-1]:.2f} s, total {sum(his):.1f} s"
                if his else "; Selby's program not available now")
    yield BenchRow(f"every state after SALET ({len(rows)}), each hint asked once", "nyt20220830", solver,
                   "OPTIMAL" if all(r[4] != "ERROR" for r in rows) else "ERROR",
                   f"{sum(t < TARGET for t in mine)} of {len(rows)} under {TARGET} s", round(sum(mine), 2),
                   round(sum(his), 2) if his else None,
                   note=f"ours median {mine[len(mine) // 2]:.2f} s, max {mine[-1]:.2f} s ({slowest[0]}), "
                        f"total {sum(mine):.1f} s{his_note}")
