"""Which classes after a first word stay open after a node budget each (the depth search, in rounds).

A first word works within G guesses only if every class after it can be finished in the G - 1
guesses left, so a word with one refuted class is done, and the classes the budget leaves open
are where a long single-class run (``prove-depth --state WORD.PATTERN --any-tree``) is needed.
The classes go largest first; each one solved prints its proven next guess (that guess's class
strategy is not verified here: this is a probe, and the tree that uses it is verified when built).

    python tools/open_classes.py thumb 7 --budget 2000000 --mode hard --lists nyt20220316 --answers all
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from wordlelab import load_lists
from wordlelab.models.feedback import pattern_string
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED, Stat, new_stats, new_table


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("start")
    p.add_argument("guesses", type=int, help="every answer within this many guesses")
    p.add_argument("--budget", type=float, default=2e6, help="nodes for each class")
    p.add_argument("--mode", default="hard")
    p.add_argument("--lists", default="nyt20220316")
    p.add_argument("--answers", default=None)
    a = p.parse_args(argv)
    lists = load_lists(a.lists, answers=a.answers)
    s = NativeSearcher(lists, mode=a.mode, max_guesses=a.guesses)
    node = s.root(a.start, None, a.guesses)
    g0 = s.guess_index[a.start]
    members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g0, s.tables)
    cache, stats = new_table(1 << 24), new_stats()
    n_open = 0
    for c in np.argsort(-sizes, kind="stable"):
        sub = members[starts[c]:starts[c] + sizes[c]].copy()
        Lc = s.child_list(Lchild, g0, pats[c])
        t, before = time.perf_counter(), int(stats[Stat.NODES])
        r = K.depth_feasible(sub, Lc, a.guesses - 1, s.tables, cache, stats, before + int(a.budget), s.depth_rounds)
        verdict = {REFUTED: "REFUTED", NODE_LIMIT: "open"}.get(r, lists.guesses[r] if r >= 0 else "?")
        n_open += verdict == "open"
        print(f"{a.start} {pattern_string(int(pats[c]))}  {int(sizes[c])} answers, {len(Lc)} guesses: {verdict} "
              f"({int(stats[Stat.NODES]) - before} nodes, {time.perf_counter() - t:.1f} s)", flush=True)
        if verdict == "REFUTED":
            print(f"{a.start} fails within {a.guesses}")
            return 0
    print(f"{a.start}: {n_open} classes open at {int(a.budget)} nodes each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
