"""Try next guesses at a hard-mode state one by one, each with a node budget: yes, refuted or open.

The depth search in rounds (``prove-depth --state S --any-tree``) gives every allowed guess a
share of its nodes; when the working guesses are rare, probing a chosen few first is faster.
After BLAWN's BBYBB (hard, within 7, every word an answer), the 60 guesses that split the class
best are all refuted in under 5,000 nodes each, while CHAPT, from the guesses made only of A
and uncommon letters, works in 67,722. A "yes" here is a search answer, not a certificate:
``tools/depth_tree_with_guesses.py`` then builds the whole tree and the verifier checks it.

    python tools/probe_guesses.py blawn.BBYBB 7 --answers all --budget 300000 --letters acdfghijkmopqtuvxyz
    python tools/probe_guesses.py gumbo.BBBBB 7 --answers all --budget 2000000 thump cubit
"""
from __future__ import annotations

import argparse
import sys
import time

from wordlelab import load_lists
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED, Stat, new_stats, new_table


def candidates(lists, searcher, state: str, guesses: int, letters: str) -> list[str]:
    """The allowed guesses at ``state`` made of five different letters, all from ``letters``."""
    node = searcher.root(None, state, guesses)
    allowed = set(letters)
    words = (lists.guesses[j] for j in node.L.tolist())
    return [w for w in words if set(w) <= allowed and len(set(w)) == 5]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("state", help="a first word and its colours, e.g. blawn.BBYBB")
    p.add_argument("guesses", type=int, help="every answer within this many guesses")
    p.add_argument("words", nargs="*", help="next guesses to try")
    p.add_argument("--letters", help="also try every allowed guess of five different letters from these")
    p.add_argument("--budget", type=float, default=300_000, help="nodes per guess")
    p.add_argument("--mode", default="hard")
    p.add_argument("--lists", default="nyt20220316")
    p.add_argument("--answers", default=None, help="a file, or all: every guess a possible answer")
    p.add_argument("--stop", action="store_true", help="stop at the first yes")
    a = p.parse_args(argv)
    lists = load_lists(a.lists, answers=a.answers)
    s = NativeSearcher(lists, mode=a.mode, max_guesses=a.guesses)
    words = list(a.words) + (candidates(lists, s, a.state, a.guesses, a.letters) if a.letters else [])
    unknown = [w for w in words if w not in s.guess_index]
    if unknown:
        print(f"error: not a guess: {unknown[0]}", file=sys.stderr)
        return 2
    print(f"{len(words)} guesses to try", file=sys.stderr)
    cache = new_table(1 << 24)
    for w in words:
        node = s.root(None, f"{a.state}.{w}", a.guesses)
        stats = new_stats()
        t = time.perf_counter()
        r, _ = s.start_feasible(node, s.guess_index[w], cache, stats, int(a.budget))
        verdict = {REFUTED: "refuted", NODE_LIMIT: "open"}.get(r, "yes" if r >= 0 else str(r))
        print(a.state, w, verdict, int(stats[Stat.NODES]), f"{time.perf_counter() - t:.1f}s", flush=True)
        if verdict == "yes" and a.stop:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
