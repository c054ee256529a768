"""From a search's choices to a strategy: each answer's guesses as a row of a paths array.

A strategy that finds every answer is fixed by the guess it plays at each node it reaches; a
node is the set of answers still possible with the guesses still allowed, so one row per answer
(its guesses in order, -1 after it is found) holds the whole strategy, and
:func:`~wordlelab.models.tree.tree_from_paths` turns the rows into a tree. The rows are filled
node by node with the guess a search proved there (a depth search's, or the min-sum search's
own, compiled: :func:`~wordlelab.solvers.search.engine.search_core.fill_min_paths`). Nothing here is
trusted: every tree made from the paths goes to the independent verifier before it is returned.
"""
from __future__ import annotations

import numpy as np

from wordlelab.models.tree import Tree, tree_from_paths, word_path
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import EASY


class _Unwatched:
    """In place of a StopOnCtrlC where a search must not be cut short: its check never raises."""

    interrupted = False

    def check(self) -> None:
        pass

    def watch(self, stats) -> None:
        pass


UNWATCHED = _Unwatched()


def _path_patterns(MT: np.ndarray, rows: np.ndarray, paths: np.ndarray) -> np.ndarray:
    """The pattern each guess in ``paths`` gets from its answer (rows ``rows`` of the transposed
    matrix ``MT``), -1 where the path has ended.

    >>> MT = np.array([[242, 5], [7, 242]], np.uint8)
    >>> _path_patterns(MT, np.array([0, 1]), np.array([[0, -1], [0, 1]], np.int32)).tolist()
    [[242, -1], [7, 242]]
    """
    sub = paths[rows]
    out = np.full(sub.shape, -1, np.int32)
    played = sub >= 0
    out[played] = MT[np.broadcast_to(rows[:, None], sub.shape)[played], sub[played]]
    return out


class StrategyPaths:
    """The paths methods of :class:`~wordlelab.solvers.search.native.NativeSearcher` (a mixin:
    it reads the searcher's lists, matrix, tables, mode and child lists)."""

    def depth_tree(self, node, g0: int, feasible) -> Tree | None:
        """A strategy from ``node`` with first guess ``g0`` within ``node.d`` guesses, or None if
        ``feasible(H, L, d)`` (a depth search that answers with the guess it proved) refutes one of
        its classes or gives up."""
        members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g0, self.tables)
        return self.tree_from_choices(node, g0, members, starts, sizes, pats, Lchild, feasible)

    def tree_from_choices(self, node, g, members, starts, sizes, pats, Lchild, choose) -> Tree | None:
        """The strategy that plays first guess ``g`` at ``node`` (split into ``members`` etc.), then
        ``choose(H, L, d)`` at each node below; None if ``choose`` answers with a negative code."""
        paths = self.new_paths(node, g)
        stack = [(members[starts[c]:starts[c] + sizes[c]].copy(), self.child_list(Lchild, g, pats[c]),
                  node.d - 1, 1) for c in range(len(sizes))]
        if not self._fill_paths(paths, stack, choose):
            return None
        return self._paths_tree(node, paths)

    def new_paths(self, node, g) -> np.ndarray:
        """Each answer's guesses, to be filled (row: answer; column: guess number - 1), with
        first guess ``g`` played for the answers of ``node``."""
        paths = np.full((len(self.lists.answers), node.d + 1), -1, np.int32)
        paths[node.H, 0] = g
        return paths

    def _fill_paths(self, paths, stack, choose) -> bool:
        """Fill the rows of ``paths`` below the nodes on ``stack`` ((H, L, d, depth) each) with
        ``choose(H, L, d)`` at each node; False if ``choose`` answers with a negative code."""
        # an explicit stack: numba's cached code cannot hold a second recursive function
        while stack:
            H, L, d, depth = stack.pop()
            best = int(choose(H, L, d))
            if best < 0:
                return False
            paths[H, depth] = best
            if len(H) == 1 and self.ans_guess[H[0]] == best:
                continue
            if self.mode_code == EASY:
                # easy-mode cache keys ignore the guess list, so the search's entries are found
                # without recomputing its reduced lists (any superset gives the same values)
                ms, ss, zs, ps = K.classes_of(self.MT, H, best)
                Lc = L
            else:
                ms, ss, zs, ps, Lc = K.child_lists_after(H, L, best, self.tables)
            stack.extend((ms[ss[c]:ss[c] + zs[c]].copy(), self.child_list(Lc, best, ps[c]), d - 1, depth + 1)
                         for c in range(len(zs)))
        return True

    def fill_min_paths(self, paths, stack, beam, stop=UNWATCHED) -> bool:
        """Fill the rows of ``paths`` (:meth:`new_paths`) below the nodes on ``stack`` ((H, L, d,
        depth) each) with the min-sum search's own choice at each node, compiled
        (:func:`~wordlelab.solvers.search.engine.search_core.fill_min_paths`): one call a class,
        not one a node. The nodes must have been searched (with ``beam``) on the searcher's node
        table; False if one has no strategy. ``stop``'s check follows each call."""
        for H, L, d, depth in stack:
            filled = K.fill_min_paths(H, L, d, depth, paths, self.tables, beam, self.cache, self.stats)
            stop.check()          # a search a Ctrl-C cut short: its values are void
            if not filled:
                return False
        return True

    def _paths_tree(self, node, paths) -> Tree:
        words, answers = self.lists.guesses, self.lists.answers
        # the patterns come from the matrix; the verifier recomputes every one of them
        return tree_from_paths([answers[a] for a in node.H],
                               [word_path(paths[a], words, answers[a]) for a in node.H],
                               _path_patterns(self.MT, node.H, paths).tolist())
