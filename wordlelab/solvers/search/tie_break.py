"""Tie-breaking by the worst case: among least-total strategies, the fewest answers needing the most guesses.

:func:`solve_tie_break` answers the question of ``wordlelab solve --tie-break worst``: the
strategy whose vector ``(total, n_M, n_{M-1}, ..., n_3)`` is lexicographically least, where
``n_G`` counts the answers found at guess ``G`` of the game and ``M`` is the guess limit.
So its total is the least total, and among the strategies with that total it has the fewest
answers at guess ``M``, then at ``M - 1``, and so on down to guess 3 (``n_1`` and ``n_2``
follow from the total and the others).

Theorem relied on: lexicographic order on integer vectors is a total order compatible with
addition, and the histogram is additive over the classes a guess makes; so the exact min-sum
search, run on a mixed-radix encoding of the vector with lower bounds of the encoded value,
finds the lexicographic optimum (the encoding, the bounds and their proofs are in
:mod:`~wordlelab.solvers.search.engine.tie_core`). Its first component is the least total, which the
plain search proves independently: the two must agree, or the call fails.

The result (question kind ``min-total``, ``question["tie_break"] = "worst"``):

- ``OPTIMAL``: ``value`` = ``bound`` = the least total; the certificate is a tree attaining
  the lexicographic optimum, re-checked by the independent verifier inside the call, whose
  histogram must be the one the search claims. ``stats.tie_break`` holds the objective
  (``tail``: ``n_G`` by guess number of the game, largest first) and the plain search's tree's
  histogram and tail for comparison;
- otherwise the plain search's status (``INFEASIBLE``: no strategy within the limit), without
  a certificate.

>>> from wordlelab import load_lists
>>> from wordlelab.solvers.search.native import NativeSearcher
>>> r = solve_tie_break(NativeSearcher(load_lists("nyt20220316")), start="salet")  # doctest: +SKIP
>>> r.value, r.stats.tie_break.tail["5"], r.stats.tie_break.plain_tail["5"]  # doctest: +SKIP
(7897, 39, 78)
"""
from __future__ import annotations

import time

import numpy as np

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import SolveStats, TieBreak
from wordlelab.models.tree import Tree
from wordlelab.solvers.search.engine import search_core as core
from wordlelab.solvers.search.engine.search_core import Stat, named_counts, new_stats
from wordlelab.solvers.search.engine.tie_core import INF_T, decode, encoding, new_tie_table, tie_solve

TIE_BREAKS = ("none", "worst")


def check_tie_break(searcher, start: str | None = None, state: str | None = None) -> np.ndarray:
    """The encoding for this search (see :mod:`~wordlelab.solvers.search.engine.tie_core`); WordleError
    if the tie-break cannot run here (a beam search, or too many answers for 62 bits)."""
    if searcher.beam:
        raise ParameterError("{tie_break} worst needs the exact search: drop {beam}")
    node = searcher.root(start, state)
    enc = encoding(len(node.H), searcher.max_guesses)
    if enc is None:
        raise ParameterError(f"{{tie_break}} worst: {len(node.H)} answers within {searcher.max_guesses} guesses "
                             f"do not fit its 62-bit objective (fewer answers or a lower {{max_guesses}})")
    return enc


def _tail_of(histogram: dict, history: int, max_guesses: int) -> dict[str, int]:
    """n_G for G = max_guesses .. 3, G counted in the game, from a histogram counted from the root."""
    return {str(G): int(histogram.get(G - history, histogram.get(str(G - history), 0)))
            for G in range(max_guesses, 2, -1)}


def solve_tie_break(searcher, start: str | None = None, state: str | None = None, progress=None,
                    cache_entries: int = 1 << 21) -> Result:
    """The lexicographic optimum (least total, then fewest answers at the last guesses), with its tree verified.

    Parameters
    ----------
    searcher : NativeSearcher
        The lists, mode and guess limit (``beam`` must be 0).
    start, state : str, optional
        The first guess (default: the best one for the tie-broken objective, which is slow)
        and the game state to start from, as for :meth:`NativeSearcher.solve`.
    progress : callable, optional
        Called once per class of the first guess, for each of the two searches.
    cache_entries : int
        The size of the tie-broken search's node table.

    Returns
    -------
    Result
        See the module docstring.
    """
    t0 = time.perf_counter()
    enc = check_tie_break(searcher, start, state)
    plain = searcher.solve(start=start, state=state, progress=progress)
    question = {**plain.question, "tie_break": "worst"}
    if plain.status != Status.OPTIMAL:
        return Result(question, plain.method, plain.status, seconds=time.perf_counter() - t0, stats=plain.stats)
    t1 = time.perf_counter()
    node = searcher.root(start, state)
    h, M = len(node.history), searcher.max_guesses
    table, stats = new_tie_table(cache_entries), new_stats()

    def run(H, L, d):
        return tie_solve(H, L, d, INF_T, searcher.tables, enc, table, stats)

    if node.start is None:
        v, g = run(node.H, node.L, node.d)
        if v >= INF_T:
            raise WordleError("internal error: the plain search finds a strategy, the tie-broken search none")
        node.start = searcher.lists.guesses[int(g)]
    g = searcher.guess_index[node.start]
    members, starts, sizes, pats, Lchild = core.child_lists_after(node.H, node.L, g, searcher.tables)
    n, S = len(node.H), int(enc[0])
    hit = n - int(sizes.sum())
    value = n * S + hit * int(enc[2 + h + 1])
    for c in np.argsort(-sizes, kind="stable"):
        sub = members[starts[c]:starts[c] + sizes[c]]
        v, _ = run(sub, searcher.child_list(Lchild, g, pats[c]), node.d - 1)
        if v >= INF_T:
            raise WordleError("internal error: the plain search finds a strategy, the tie-broken search none")
        value += int(v)
        if progress:
            progress(1, info="tie-break")
    total, tail = decode(value, enc)
    if total != plain.value:
        raise WordleError(f"internal error: the tie-broken search's total {total} is not the least total "
                          f"{plain.value}")
    t_search = time.perf_counter() - t1
    tree = _tree(searcher, node, g, members, starts, sizes, pats, Lchild, run)
    report = searcher.verify(tree, node)
    claimed = {str(G): tail[G] for G in range(M, 2, -1)}
    found = _tail_of(report.histogram, h, M)
    if report.total != total or found != claimed:
        raise WordleError(f"internal error: the tie-broken search claims total {total} and tail {claimed}, "
                          f"its tree has {report.total} and {found}")
    histogram = {str(k): v for k, v in sorted(report.histogram.items())}
    tie = TieBreak("worst", [total, *claimed.values()], claimed, plain.stats.histogram,
                   _tail_of(plain.stats.histogram, h, M), plain.stats.first_guess, round(plain.seconds, 3),
                   named_counts(stats, Stat), round(t_search, 3))
    out = SolveStats(n, node.start, plain.stats.first_guess_given, round(total / n, 4),
                     counters={k: int(stats[s]) for k, s in (("nodes", Stat.NODES), ("cache_hits", Stat.CACHE_HITS))},
                     max_guesses_used=report.max_guesses, histogram=histogram, search_seconds=round(t_search, 3),
                     tie_break=tie)
    return Result(question, "native", Status.OPTIMAL, value=total, bound=total, certificate=tree,
                  certificate_kind="tree", verified=True, seconds=time.perf_counter() - t0, stats=out)


def _tree(searcher, node, g, members, starts, sizes, pats, Lchild, run) -> Tree:
    """The strategy the tie-broken search's table holds: each node's best guess, re-searched if evicted."""
    return searcher.tree_from_choices(node, g, members, starts, sizes, pats, Lchild, lambda H, L, d: run(H, L, d)[1])
