"""Exact optimum of multicolour permutation Wordle, for deciding Conjecture 4.5 where search reaches.

A multicolour secret is a perfect matching of positions to (value, colour)
pairs that uses each value once. The feedback to a guess says, for each
position, whether the secret has exactly that (value, colour) there, so what the
guesser knows is a set of *live* labelled edges (i, v, c): the ones on some
secret still possible. The secrets still possible are exactly the labelled
perfect matchings of the live edges (an edge confirmed green is the only live
edge of its position; an edge ruled out is not live), so the live edges are the
state.

Two states are equivalent, with the same optimum, when one maps onto the other
by renaming positions, renaming values with the same number of colours, and
renaming each value's colours independently: the rules and the uniform prior
are invariant under all three. :func:`canonical` computes a key invariant under
that group (the least row-ordered matrix of colour masks, with each column's
colours relabelled to its least form and the columns sorted), so each class of
states is solved once.

The dynamic programme is exhaustive over every guess (every permutation with
every colouring), so the values are exact:

- ``total``: the least total rounds over all secrets (a guess that equals the
  secret counts as its last round);
- ``within[r]``: the most secrets solved within r rounds, for each r.

The min-total strategy is rebuilt over the real labels as a tree, and
:func:`wordlelab.models.multicolour.evaluate_colour_tree` plays it on every
secret from the rules alone before the result is returned.

>>> r = optimal_multicolour((2, 2))
>>> r.status.value, r.value, r.verified, r.stats["within"], r.stats["circular_shift_within"]
('OPTIMAL', 20, True, [1, 4, 7, 8], [1, 4, 7, 8])
"""
from __future__ import annotations

import itertools
import math
import sys
import time

from wordlelab.errors import WordleError
from wordlelab.models.multicolour import evaluate_colour_tree, format_secret, secrets
from wordlelab.models.result import Result, Status
from wordlelab.models.wordle_numbers import wordle_gf

MAX_SECRETS = 2000   # (4, 3) has 1944; the feedback table grows with the square


class _Game:
    """Secrets and guesses as bit masks: for each guess, the secrets giving each feedback."""

    def __init__(self, counts):
        self.counts = tuple(counts)
        self.n = n = len(counts)
        size = math.factorial(n) * math.prod(counts)
        if size > MAX_SECRETS:
            raise WordleError(f"{size} secrets is beyond the exact multicolour search "
                              f"(limit {MAX_SECRETS}: n! * s^n for the n and colours given)")
        self.items = list(secrets(counts))
        self.index = {item: k for k, item in enumerate(self.items)}
        # cell[(i, v, c)] -> the bit of that labelled edge; edges[k]: the edges of secret k
        self.cells = [(i, v, c) for i in range(n) for v in range(n) for c in range(counts[v])]
        bit = {cell: 1 << k for k, cell in enumerate(self.cells)}
        self.edges = [sum(bit[(i, v, col[v])] for i, v in enumerate(perm)) for perm, col in self.items]
        self.classes = []
        for perm, col in self.items:             # guesses range over the same set as secrets
            by_fb: dict = {}
            for k, (sp, sc) in enumerate(self.items):
                fb = tuple(g == s and col[g] == sc[s] for g, s in zip(perm, sp))
                by_fb[fb] = by_fb.get(fb, 0) | (1 << k)
            self.classes.append(list(by_fb.values()))
        self.colour_perms = {s: list(itertools.permutations(range(s))) for s in set(counts)}
        self.row_orders = list(itertools.permutations(range(n)))
        self.cell_bit = bit

    def live(self, S: int) -> int:
        out, k = 0, 0
        while S:
            if S & 1:
                out |= self.edges[k]
            S >>= 1
            k += 1
        return out

    def canonical(self, S: int) -> tuple:
        """A key shared by exactly the states equivalent to S under the symmetry group."""
        live, n, counts = self.live(S), self.n, self.counts
        masks = [[sum(1 << c for c in range(counts[v]) if live & self.cell_bit[(i, v, c)]) for v in range(n)]
                 for i in range(n)]
        best = None
        for order in self.row_orders:
            cols = []
            for v in range(n):
                column = [masks[i][v] for i in order]
                cols.append((counts[v], min(tuple(_relabel(m, p) for m in column)
                                            for p in self.colour_perms[counts[v]])))
            key = tuple(sorted(cols))
            if best is None or key < best:
                best = key
        return best

    def moves(self, S: int):
        """(guess index, wins, [child masks]) for the guesses worth trying from S, one per distinct test.

        A guess's feedback depends only on the live edges it tests (a dead edge is always
        B), so guesses are grouped by that set, and a group is dropped when another tests a
        strict superset: more tested edges only refine the split. A guess wins when all its
        n edges are live, i.e. it is itself a possible secret.
        """
        live = self.live(S)
        tests: dict[int, int] = {}
        for g, e in enumerate(self.edges):
            tests.setdefault(live & e, g)
        kept = [t for t in tests if not any(t != u and t & u == t for u in tests)]
        for t in kept:
            g = tests[t]
            wins = bool(S >> g & 1)
            children = [S & m for m in self.classes[g] if S & m and not (wins and S & m == 1 << g)]
            if wins or len(children) > 1:
                yield g, wins, children

def _relabel(mask: int, perm) -> int:
    return sum(1 << perm[c] for c in range(len(perm)) if mask >> c & 1)


def _solve(game: _Game, progress=None):
    memo: dict = {}       # canonical key -> (total, within)
    by_mask: dict = {}    # the same, by the exact secret set: most lookups repeat a child already seen
    horizon = game.n * max(game.counts) + 1

    def value(S: int):
        if S & (S - 1) == 0:
            return 1, (0,) + (1,) * horizon
        hit = by_mask.get(S)
        if hit is not None:
            return hit
        key = game.canonical(S)
        hit = memo.get(key)
        if hit is not None:
            by_mask[S] = hit
            return hit
        size = bin(S).count("1")
        best_total, best_within = None, [0] * (horizon + 1)
        for _, wins, children in game.moves(S):
            subs = [value(c) for c in children]
            t = size + sum(x[0] for x in subs)
            best_total = t if best_total is None else min(best_total, t)
            for r in range(1, horizon + 1):
                w = int(wins) + sum(x[1][r - 1] for x in subs)
                if w > best_within[r]:
                    best_within[r] = w
        memo[key] = by_mask[S] = (best_total, tuple(best_within))
        if progress is not None and len(memo) % 500 == 0:
            progress(len(memo))
        return memo[key]

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000))
    try:
        root = (1 << len(game.items)) - 1
        return value(root), value, memo
    finally:
        sys.setrecursionlimit(limit)


def _tree(game: _Game, value, S: int) -> dict:
    """The min-total strategy from S, over the real labels, as {'guess': 'PERM/COLOURS', 'next': {...}}."""
    size = bin(S).count("1")
    if S & (S - 1) == 0:
        k = S.bit_length() - 1
        return {"guess": format_secret(*game.items[k])}
    target = value(S)[0]
    for g, wins, children in game.moves(S):
        if size + sum(value(c)[0] for c in children) == target:
            perm, col = game.items[g]
            node = {"guess": format_secret(perm, col), "next": {}}
            for c in children:
                k = (c & -c).bit_length() - 1
                sp, sc = game.items[k]
                fb = "".join("G" if a == b and col[a] == sc[b] else "B" for a, b in zip(perm, sp))
                node["next"][fb] = _tree(game, value, c)
            return node
    raise WordleError("internal error: no guess attains the state's value")


def optimal_multicolour(counts, progress=None) -> Result:
    """Least total rounds and most secrets within every r, over all strategies, for (s_1..s_n) colours.

    ``stats``: ``within`` (r = 1..R, up to where every secret is solved),
    ``circular_shift_within`` (the cumulative Wordle numbers W, Lemma 4.4),
    ``circular_shift_total``, ``conjecture_4_5`` (whether CircularShift's within
    equals the optimum for every r) and ``states`` (classes solved).
    """
    counts = tuple(counts)
    if not counts or min(counts) < 1:
        raise WordleError("give at least one value, each with at least one colour")
    t0 = time.perf_counter()
    game = _Game(counts)
    (total, within), value, memo = _solve(game, progress)
    tree = _tree(game, value, (1 << len(game.items)) - 1)
    played = evaluate_colour_tree(tree, game.n, counts)
    if sum(played) != total:
        raise WordleError(f"internal error: the strategy tree totals {sum(played)}, the search {total}")
    w = wordle_gf(counts)
    cs_within = list(itertools.accumulate(w))
    size = len(game.items)
    last = max(within.index(size), len(cs_within))
    opt_within = list(within[1:last + 1])
    cs_within += [size] * (last - len(cs_within))
    stats = {"secrets": size, "within": opt_within, "circular_shift_within": cs_within,
             "circular_shift_total": sum((k + 1) * x for k, x in enumerate(w)),
             "conjecture_4_5": opt_within == cs_within, "worst_case": max(played), "states": len(memo)}
    question = {"kind": "perm-multicolour-optimal", "n": game.n, "colours": list(counts)}
    return Result(question, "native", Status.OPTIMAL, total, total, tree, "strategy", True,
                  time.perf_counter() - t0, stats)
