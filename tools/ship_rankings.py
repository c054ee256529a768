"""Make the first-guess rankings that ship with wordlelab (wordlelab/instances/rankings/).

A proven ranking of every first guess (a best-start checkpoint: an exact total or a proven lower
bound a guess) answers ``hint ''``, ``play``'s first suggestion and ``analyze``'s first move
without a sweep of minutes. For each ``LISTS:MODE`` asked, this script takes the ranking from
``=CHECKPOINT`` if given (a finished ``best-start`` checkpoint, such as runs/rank-2023-hard.json),
else from the ranking kept in the cache, running the sweep into it if it is not complete (as
``wordlelab hint ''`` does); makes the best ``--exact`` totals exact by search; and writes them,
by guess index and keyed by the lists' sha256, with :func:`wordlelab.instances.shipped_rankings.write_shipped`
(no word of a list is written). It then loads the file back and re-checks it as a reader does.

    python tools/ship_rankings.py nyt20230701:hard=runs/rank-2023-hard.json
    python tools/ship_rankings.py nyt20220830:easy nyt20220830:hard --workers 2
"""
from __future__ import annotations

import argparse
import sys
import time

from wordlelab import __version__
from wordlelab.errors import WordleError
from wordlelab.instances.shipped_rankings import FOLDER, load_shipped, write_shipped
from wordlelab.instances.wordlists import load_lists
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.rank.first_guesses import exact_best, first_guess_ranking, recheck_shipped


def ship(spec: str, exact: int, workers: int, max_guesses: int, folder) -> str:
    """Make one shipped ranking from ``LISTS:MODE[=CHECKPOINT]``; returns a line saying what was written."""
    question, _, checkpoint = spec.partition("=")
    name, _, mode = question.partition(":")
    t0 = time.perf_counter()
    lists = load_lists(name)
    searcher = NativeSearcher(lists, mode or "easy", max_guesses)
    rows, origin = first_guess_ranking(searcher, checkpoint or None, workers, announce=print, shipped=False)
    values = exact_best(searcher, {w: (v, e) for w, v, e in rows}, exact)
    made = (f"a best-start sweep by wordlelab {__version__}" if not origin["rests_on"]
            else f"the best-start checkpoint {checkpoint or origin['file']}, written elsewhere")
    source = f"{made}; the best {exact} made exact by wordlelab {__version__}"
    path = write_shipped(lists, searcher.mode, max_guesses, values, source, folder)
    shipped = load_shipped(lists, searcher.mode, max_guesses, folder)
    back, proved, _ = recheck_shipped(searcher, shipped)
    best = [f"{w} {v}" for w, v, e in back[:3]]
    return (f"{path}: {len(values)} first guesses of {name} ({searcher.mode}, {max_guesses} guesses), "
            f"{path.stat().st_size} bytes; best {', '.join(best)}; re-checked, {len(proved)} re-proved; "
            f"{time.perf_counter() - t0:.0f} s")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", metavar="LISTS:MODE[=CHECKPOINT]")
    # the rows a hint shows by default: a sweep with --top 1 leaves a thousand bounds just above the
    # best, and each further exact total refutes every bound below the new cutoff again
    parser.add_argument("--exact", type=int, default=3, help="how many best totals to make exact (default 3)")
    parser.add_argument("--workers", type=int, default=1, help="processes for a sweep (default 1)")
    parser.add_argument("--max-guesses", type=int, default=6)
    parser.add_argument("--folder", default=str(FOLDER), help="where to write (default: the package data)")
    args = parser.parse_args(argv)
    try:
        for spec in args.specs:
            print(ship(spec, args.exact, args.workers, args.max_guesses, args.folder), flush=True)
    except WordleError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
