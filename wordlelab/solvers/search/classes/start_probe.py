"""Deciding a first word's classes with two schedules at once: largest first in rounds, and
smallest first one at a time.

A first word g0 finds every answer within d guesses iff each of its classes does within d - 1,
and one failing class refutes it. The verdict of a class does not depend on when or with what
budget it is searched (a search cut short decides nothing, and what it decided below stays in
the node table), so any schedule of class searches gives the same answer; only the cost differs.

Two schedules are each right on some first words:

- **rounds, largest first**: every open class gets a node budget, four times larger each round.
  It pays at most about (open classes) x (the cheapest refutation) and wins when a large class
  fails fast while smaller ones take millions of nodes to solve (most hard-mode first words);
- **one at a time, smallest first** (Selby's order in ``sumoverpartitions``): it pays the
  classes before the failing one, and wins when the failing class is expensive but the many
  classes larger than it are costlier still (BOART within 7, hard, every word an answer: its
  86 smaller classes are solved in about 50k nodes and BBYYB, 626 answers, is refuted in about
  a million, while a dozen larger classes absorb every round's budget).

:func:`probe_classes` runs both, giving the one-at-a-time schedule as many nodes after each
round as the round used. So it costs about twice the better schedule, more by the restarts of
a class cut short (a small factor even if a restarted search kept nothing; the kernel keeps what
it decided in the node table), and it never proves anything the class searches did not.

A third schedule tries a subset of each open class (``trial``) in each round, before the class,
with ``TRIAL_FACTOR`` times the round's budget (a subset's search is the cheaper one, and a
solvable subset mostly ends in a few nodes, after which it is not tried again). In hard mode a
subset that cannot be found within d - 1 guesses refutes its class by monotonicity: fewer
answers never hurt, and the guesses allowed do not depend on the answers left. The sweep's
subsets are the unions of the cores kept from other first words that lie in the class
(:meth:`~wordlelab.solvers.search.depth.core_bank.CoreBank.unions`). They gather the class's traps,
and a search of a few hundred answers refutes what a search of the whole class could not within
tens of millions of nodes. ABOUT within 7 (hard, every word an answer): no class decided in
2·10^7 nodes, while the 496 of YBBBB's 2266 answers that its kept cores hold are refuted in
883,528.
"""
from __future__ import annotations

import numpy as np

from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED, Stat

PROBE_NODES = 1024     # the first round's node budget per class
TRIAL_FACTOR = 64      # each round's subset searches get this many times its budget per class


def probe_classes(sizes, search, stats, node_limit: int, progress=None, trial=None) -> tuple[int, int | None]:
    """Search every class until one is refuted or all are solved.

    ``search(c, limit)`` searches class c until the node counter ``stats[Stat.NODES]`` passes
    ``limit``, and returns a guess (solved), REFUTED or NODE_LIMIT. Returns (verdict, class):
    (0, None) when every class is solved, (REFUTED, c) for the class refuted, (NODE_LIMIT, None)
    when ``node_limit`` stopped it (nothing proven).

    ``trial(c, limit)``, if given, searches a subset of class c the same way (None: it has none);
    a refuted subset returns (REFUTED, c) as its class would, and a solved one is not tried again.

    >>> cost = {0: 10, 1: 5000, 2: 300}            # class 2 fails after 300 nodes
    >>> stats = np.zeros(8, np.int64)
    >>> def search(c, limit):
    ...     used = min(cost[c], limit - int(stats[Stat.NODES]))
    ...     stats[Stat.NODES] += used
    ...     if used < cost[c]:
    ...         return NODE_LIMIT
    ...     return REFUTED if c == 2 else 7
    >>> probe_classes(np.array([3, 50, 9]), search, stats, 10**6)
    (-1, 2)
    """
    solved = np.zeros(len(sizes), bool)
    by_size = [int(c) for c in np.argsort(sizes, kind="stable")]
    open_classes = by_size[::-1]          # the rounds: largest first
    next_small = 0                        # the one-at-a-time schedule: the class it is on
    budget = PROBE_NODES
    trial_open = np.full(len(sizes), trial is not None)   # a subset not yet solved (or none tried)

    def run(c, limit):
        r = search(c, min(node_limit, limit))
        if progress:
            progress(1, info=f"{int(stats[Stat.NODES])} nodes")
        if r == REFUTED:
            return REFUTED
        if r == NODE_LIMIT:
            return NODE_LIMIT
        solved[c] = True
        return 0

    while True:
        round_start = int(stats[Stat.NODES])
        still_open = []
        for c in open_classes:
            if solved[c]:
                continue
            if trial_open[c]:
                r = trial(c, min(node_limit, int(stats[Stat.NODES]) + TRIAL_FACTOR * budget))
                if r == REFUTED:
                    return REFUTED, c
                if r is None or r >= 0:
                    trial_open[c] = False      # no subset, or a solvable one: nothing more to learn
                elif stats[Stat.NODES] > node_limit:
                    return NODE_LIMIT, None
            r = run(c, int(stats[Stat.NODES]) + budget)
            if r == REFUTED:
                return REFUTED, c
            if r == NODE_LIMIT:
                if stats[Stat.NODES] > node_limit:        # the caller's limit (or a Ctrl-C's poison)
                    return NODE_LIMIT, None
                still_open.append(c)
        open_classes = still_open
        if not open_classes:
            return 0, None
        # as many nodes for the smallest-first schedule as this round used
        until = int(stats[Stat.NODES]) + int(stats[Stat.NODES]) - round_start
        while next_small < len(by_size) and int(stats[Stat.NODES]) < until:
            c = by_size[next_small]
            if solved[c]:
                next_small += 1
                continue
            r = run(c, until)
            if r == REFUTED:
                return REFUTED, c
            if r == NODE_LIMIT:
                if stats[Stat.NODES] > node_limit:
                    return NODE_LIMIT, None
                break                       # its turn ends; the class is resumed next time
            next_small += 1
        open_classes = [c for c in open_classes if not solved[c]]
        if not open_classes:
            return 0, None
        budget *= 4
