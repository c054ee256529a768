"""Brute-force optimal strategies over explicit sets of secrets: the independent check, and multicolour games.

No symmetry, no graph: a state is the frozenset of secret indices still
possible; every guess of the game is tried at every state. Slow, and meant to
be: it shares nothing with :mod:`wordlelab.solvers.permutation` but the rules.

A *game* is a list of secrets, a list of guesses and a feedback function;
:func:`single_colour_game` and :func:`multicolour_game` build the two variants.

>>> g = single_colour_game(3)
>>> brute_force(g)["total"], brute_force(g)["within"]
(12, [1, 5, 6])
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from wordlelab.errors import WordleError


@dataclass(frozen=True)
class PermutationGame:
    """Secrets, guesses and the feedback matrix (feedback[g][s]); guess g wins on s when guesses[g] == secrets[s]."""

    secrets: tuple
    guesses: tuple
    feedback: tuple          # tuple of tuples of hashable feedback values
    win_secret: tuple        # per guess: the secret index it equals, or -1
    n: int

    @property
    def size(self) -> int:
        return len(self.secrets)


def _make(secrets, guesses, fb, n) -> PermutationGame:
    index = {s: i for i, s in enumerate(secrets)}
    return PermutationGame(tuple(secrets), tuple(guesses), tuple(tuple(fb(g, s) for s in secrets) for g in guesses),
                tuple(index.get(g, -1) for g in guesses), n)


def single_colour_game(n: int) -> PermutationGame:
    """Permutation Wordle on n values: secrets and guesses are all n! permutations."""
    perms = list(itertools.permutations(range(n)))
    return _make(perms, perms, lambda g, s: tuple(a == b for a, b in zip(g, s)), n)


def multicolour_game(n: int, colours) -> PermutationGame:
    """Multicolour permutation Wordle: value v carries one of colours[v] colours.

    A secret (and a guess) is a permutation together with a colour for each
    value; a position is correct when its value and that value's colour both match.
    ``colours`` is an int s (every value has s colours) or a list s_1..s_n.
    """
    counts = [colours] * n if isinstance(colours, int) else list(colours)
    if len(counts) != n or min(counts) < 1:
        raise WordleError("give one colour count >= 1 per value")
    items = [(p, c) for p in itertools.permutations(range(n))
             for c in itertools.product(*[range(k) for k in counts])]

    def fb(g, s):
        (gp, gc), (sp, sc) = g, s
        return tuple(a == b and gc[a] == sc[a] for a, b in zip(gp, sp))

    return _make(items, items, fb, n)


def brute_force(game: PermutationGame, start=None, consistent: bool = False, max_secrets: int = 400) -> dict:
    """Least total rounds, most secrets within r rounds (r = 1..R), and the worst case of the best-total strategy."""
    if game.size > max_secrets:
        raise WordleError(f"{game.size} secrets is too many for the brute-force solver (limit {max_secrets})")
    S0 = (1 << game.size) - 1 if start is None else sum(1 << i for i in start)
    size0 = bin(S0).count("1")
    R = max(size0, game.n) + 1
    # per guess: the bitmask of secrets giving each feedback (the win class apart)
    masks = []
    for g in range(len(game.guesses)):
        by_fb: dict = {}
        for s, f in enumerate(game.feedback[g]):
            if s != game.win_secret[g]:
                by_fb[f] = by_fb.get(f, 0) | (1 << s)
        masks.append((game.win_secret[g], tuple(by_fb.values())))

    def moves(S):
        n_S = bin(S).count("1")
        for w, ms in masks:
            win = w >= 0 and (S >> w) & 1
            if consistent and not win:
                continue
            rest = [S & m for m in ms if S & m]
            if not win and len(rest) == 1 and rest[0] == S:
                continue
            yield win, rest, n_S

    @lru_cache(maxsize=None)
    def total(S):
        if S & (S - 1) == 0:
            return 1
        return bin(S).count("1") + min(sum(total(c) for c in rest) for _, rest, _ in moves(S))

    @lru_cache(maxsize=None)
    def within(S):
        best = [0] * (R + 1)
        for win, rest, _ in moves(S):
            subs = [within(c) for c in rest]
            for r in range(1, R + 1):
                v = int(bool(win)) + sum(x[r - 1] for x in subs)
                if v > best[r]:
                    best[r] = v
        return tuple(best)

    w = list(within(S0)[1:])
    worst = w.index(size0) + 1
    return {"secrets": size0, "total": total(S0), "within": w[:max(worst, game.n)], "worst_case": worst}
