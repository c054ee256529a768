"""Selby's wordle.cpp run beside wordlelab, in the same benchmark run, alternating.

The machine is shared and noisy, so a speed claim is a ratio of two programs timed in one run:
each task runs ours, then his, ``repeat`` times over, and the row reports both minima. His
program is found at ``$WORDLELAB_SELBY``, or built by ``../shared/reference/selby-cpp/build.sh``
(next to this repository) into its default directory; his word lists are the files in
``../shared/wordlists/``. Without them, a row keeps the figure measured in an earlier
side-by-side run and says so.
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2].parent / "shared"

# our lists (and answers) -> his word list files: guesses, answers
LIST_FILES = {
    ("nyt20220316", None): ("wordlist_nyt20220316_all", "wordlist_nyt20220316_hidden"),
    ("nyt20220316", "all"): ("wordlist_nyt20220316_all", "wordlist_nyt20220316_all"),
    ("nyt20220830", None): ("wordlist_nyt20220830_all", "wordlist_nyt20220830_hidden"),
    ("nyt20220830", "nyt20230701"): ("wordlist_nyt20220830_all", "wordlist_nyt20230701_hidden"),
    ("original", None): ("wordlist_orig_all", "wordlist_orig_hidden"),
}


@functools.lru_cache(maxsize=None)
def selby_binary() -> Path | None:
    """His program: ``$WORDLELAB_SELBY``, or built by the reference's build.sh; None if neither works."""
    given = os.environ.get("WORDLELAB_SELBY")
    if given:
        return Path(given) if os.access(given, os.X_OK) else None
    build = SHARED / "reference" / "selby-cpp" / "build.sh"
    if not build.exists():
        return None
    try:
        r = subprocess.run(["bash", str(build)], capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = Path(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 and r.stdout.strip() else None
    return path if path and os.access(path, os.X_OK) else None


def selby_command(lists: str, answers: str | None, args: list[str]) -> list[str] | None:
    """His command line for ``args`` on our named lists, or None if his program or the files are missing."""
    binary, files = selby_binary(), LIST_FILES.get((lists, answers))
    if binary is None or files is None or not all((SHARED / "wordlists" / f).exists() for f in files):
        return None
    return [str(binary), "-a", str(SHARED / "wordlists" / files[0]), "-h", str(SHARED / "wordlists" / files[1]),
            *args]


def ours(argv: list[str]) -> list[str]:
    """``wordlelab ARGV --json`` as a process of its own."""
    return [sys.executable, "-m", "wordlelab", *argv, "--json"]


def _timed(cmd: list[str], cwd: str | None) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    return time.perf_counter() - t, r


def side_by_side(our_cmd: list[str], selby_cmd: list[str] | None, repeat: int, before_ours=None):
    """Time both programs alternately, ``repeat`` times each, after one untimed warm-up of each.

    ``before_ours()``, if given, runs before each timed run of ours (to empty a cache of answers,
    say). Returns (our times, our last JSON answer or an error text, his times or None, his last
    output).
    """
    cwd = str(SHARED / "wordlists")
    _timed(our_cmd, None)                        # compiles or loads numba, builds the matrix
    if selby_cmd:
        _timed(selby_cmd, cwd)
    mine, his, data, text = [], [], None, ""
    for _ in range(repeat):
        if before_ours:
            before_ours()
        t, r = _timed(our_cmd, None)
        mine.append(t)
        try:
            data = json.loads(r.stdout)
        except ValueError:
            data = r.stderr.strip()[-120:] or f"exit code {r.returncode}"
        if selby_cmd:
            t, r = _timed(selby_cmd, cwd)
            his.append(t)
            text = r.stdout
    return sorted(mine), data, (sorted(his) if selby_cmd else None), text
