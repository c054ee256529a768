"""A depth certificate for one first word, with the second guess given after some of its colours.

The depth search in rounds (``solvers/search/engine/depth_search.py``) finds a class's working guess
blind, but for a class like THUMP BBBBB (4894 answers, hard mode, every word an answer) that
took 68.5M nodes and 80 minutes; given that guess, the rest of the tree takes minutes. The
guesses given here only steer the search: the whole tree is checked by the independent
verifier before it is written, so a wrong guess gives an error, never a false certificate.

    python tools/depth_tree_with_guesses.py thump 7 BBBBB=blank -o runs/trees7/thump.tree \\
        --mode hard --lists nyt20220316 --answers all
"""
from __future__ import annotations

import argparse
import sys
import time

from wordlelab import load_lists
from wordlelab.models.feedback import feedback, pattern_code
from wordlelab.models.tree import save_tree
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.tables import TREE_NODE_LIMIT, Stat, new_stats, new_table


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("start")
    p.add_argument("guesses", type=int, help="every answer within this many guesses")
    p.add_argument("given", nargs="*", help="PATTERN=WORD: the second guess after the first word's PATTERN")
    p.add_argument("-o", "--out", required=True)
    p.add_argument("--mode", default="hard")
    p.add_argument("--lists", default="nyt20220316")
    p.add_argument("--answers", default=None)
    a = p.parse_args(argv)
    t0 = time.perf_counter()
    lists = load_lists(a.lists, answers=a.answers)
    s = NativeSearcher(lists, mode=a.mode, max_guesses=a.guesses)
    node = s.root(a.start, None, a.guesses)
    given = {}
    for item in a.given:
        pattern, word = item.split("=")
        cls = frozenset(i for i in node.H.tolist() if feedback(a.start, lists.answers[i]) == pattern_code(pattern))
        given[cls] = s.guess_index[word]
    cache, stats = new_table(1 << 25), new_stats()

    def choose(H, L, d):
        if d == node.d - 1 and frozenset(H.tolist()) in given:
            return given[frozenset(H.tolist())]
        return K.depth_feasible(H, L, d, s.tables, cache, stats, int(stats[Stat.NODES]) + TREE_NODE_LIMIT,
                                s.depth_rounds)

    tree = s.depth_tree(node, s.guess_index[a.start], choose)
    if tree is None:
        print("error: a class has no strategy in time after the guesses given", file=sys.stderr)
        return 2
    report = s.verify(tree, node)          # raises if the tree is not a strategy within the limit
    save_tree(tree, a.out)
    print(f"{a.start}: verified, at most {report.max_guesses} guesses, total {report.total}; "
          f"{int(stats[Stat.NODES])} nodes, {time.perf_counter() - t0:.0f} s; written to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
