"""Multicolour permutation Wordle (Kutin & Smithline, Section 4) and its CircularShift strategies.

The setter hides a permutation sigma of {1..n} and a colour kappa(v) for each
value v, with 0 <= kappa(v) < s_v (Definition 4.1). A guess is a permutation
gamma with a colour c(v) per value; position i is correct when
gamma(i) = sigma(i) and c(gamma(i)) = kappa(sigma(i)).

Three CircularShift strategies are kept here, by name. All move the values the
way monochrome CircularShift does (Definition 2.1: correct entries stay, the
others move one step right among the incorrect positions, cyclically); they
differ only in when a value's colour advances.

``printed``
    Definition 4.3 exactly as the paper prints it (arXiv source). After the
    move, value i = gamma'(a_j), j > 1, advances when
    gamma'(a_{j-1}) < a_j <= gamma'(a_j); the value i = gamma'(a_1) that
    wrapped advances when a_1 <= gamma'(a_1) or gamma'(a_l) < a_1.
``corrected``
    the reading the proof of Lemma 4.4 uses: a value advances each time it
    completes a circuit back to its home position (position i for value i,
    where the identity first guess put it). Value i = gamma'(a_j), j > 1,
    advances when a_{j-1} < i <= a_j; the wrapped value i = gamma'(a_1)
    advances when i <= a_1 or i > a_l. It differs from ``printed`` in the
    direction of the first comparison of each case (see docs/permutation.md).
``wrap``
    wordlelab's earlier variant: a value advances when it wraps from the last
    incorrect position to the first, whatever its home.

Lemma 4.4 states that CircularShift takes 1 + exc(sigma) + sum_v kappa(v)
rounds. :func:`lemma_4_4_rounds` is that formula; ``corrected`` attains it on
every secret (checked exhaustively for small n and s in the tests), and ``wrap``
takes 1 + exc(sigma) + sum_v ((kappa(v) - [sigma^-1(v) < v]) mod s_v), with the
same distribution of rounds. ``printed`` does not: on n = 2, sigma = 21,
kappa = 0 it gives value 2 its second colour in round 2, and again in round 3,
past its last colour, so it never finds the secret (the lemma says 2 rounds).

Everything is 0-based inside (values 0..n-1, colours 0..s-1), and 1-based on
the command line ('21' for sigma, '12' for colours).

>>> play((1, 0), (0, 0), (1, 1), "corrected")[-1]
((1, 0), (0, 0))
>>> [rounds((1, 0), (0, 0), (2, 2), v) for v in STRATEGIES], lemma_4_4_rounds((1, 0), (0, 0))
([None, 2, 3], 2)
"""
from __future__ import annotations

import itertools

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.permutation import Feedback, Perm, walk, exc, parse_perm

STRATEGIES = ("printed", "corrected", "wrap")


def parse_counts(text, n: int) -> tuple[int, ...]:
    """'3' -> (3,)*n and '2,3,2' -> (2, 3, 2): the number of colours of each value, each 1..9.

    >>> parse_counts("2", 3), parse_counts("1,2,3", 3)
    ((2, 2, 2), (1, 2, 3))
    """
    items = [t.strip() for t in str(text).split(",")]
    if not all(t.isdigit() for t in items):
        raise ParameterError(f"{{colors}} {text!r} must be a number s, or one number per value: s1,...,sn")
    counts = tuple(int(t) for t in items)
    if len(counts) == 1:
        counts = counts * n
    if len(counts) != n:
        raise ParameterError(f"{{colors}} {text!r} gives {len(counts)} colour counts for n = {n} values")
    if not all(1 <= s <= 9 for s in counts):
        raise ParameterError(f"{{colors}} {text!r}: every colour count must be between 1 and 9")
    return counts


def parse_colouring(text: str, n: int, counts) -> tuple:
    """'1212' -> (0, 1, 0, 1): the colour of each value 1..n, each within its count."""
    text = text.strip()
    if len(text) != n or not text.isdigit() or "0" in text:
        raise WordleError(f"colouring {text!r} must give a colour 1..s for each of the {n} values, e.g. 1212")
    cols = tuple(int(c) - 1 for c in text)
    for v, (c, s) in enumerate(zip(cols, counts)):
        if c >= s:
            raise WordleError(f"value {v + 1} has colour {c + 1}, but only {s} colours")
    return cols


def colour_feedback(guess: Perm, guess_colours, secret: Perm, secret_colours) -> Feedback:
    """'G' where value and the value's colour both match (Definition 4.1's feedback)."""
    return "".join("G" if g == s and guess_colours[g] == secret_colours[s] else "B" for g, s in zip(guess, secret))


def _advances(strategy: str, nxt: Perm, wrong: list[int], j: int) -> bool:
    """Whether the value now at position wrong[j] moves on to its next colour (1-based comparisons)."""
    a = [p + 1 for p in wrong]                 # the paper's a_1 < ... < a_l, 1-based positions
    g = [nxt[p] + 1 for p in wrong]            # gamma_{r+1}(a_j), 1-based values
    last = len(a) - 1
    if strategy == "printed":
        if j > 0:
            return g[j - 1] < a[j] <= g[j]
        return a[0] <= g[0] or g[last] < a[0]
    if strategy == "corrected":
        if j > 0:
            return a[j - 1] < g[j] <= a[j]
        return g[0] <= a[0] or g[0] > a[last]
    if strategy == "wrap":
        return j == 0
    raise WordleError(f"unknown strategy {strategy!r}: choose one of {', '.join(STRATEGIES)}")


def next_guess(strategy: str, guess: Perm, colours: tuple, fb: Feedback, counts) -> tuple[Perm, tuple]:
    """One step of multicolour CircularShift: the next (permutation, colour per value)."""
    wrong = [i for i, c in enumerate(fb) if c == "B"]
    nxt = list(guess)
    for a, b in zip(wrong, wrong[1:] + wrong[:1]):
        nxt[b] = guess[a]
    nxt = tuple(nxt)
    ncol = list(colours)
    for j, p in enumerate(wrong):
        if _advances(strategy, nxt, wrong, j):
            ncol[nxt[p]] += 1
    if strategy == "wrap":          # wrap cycles through the colours; the paper's rule never needs to
        ncol = [c % s for c, s in zip(ncol, counts)]
    return nxt, tuple(ncol)


def play(secret: Perm, colours, counts, strategy: str = "corrected",
         max_rounds: int | None = None) -> list[tuple[Perm, tuple]]:
    """The strategy's guesses against (secret, colours), identity in colour 0 first, ending with the secret.

    A guess whose colour for some value is out of range can never be right; the
    game then stops at ``max_rounds`` (default 1 + n * max(counts) + n) and
    the last guess is not the secret.
    """
    n = len(secret)
    limit = max_rounds or 1 + n * max(counts) + n
    guess, gcol = tuple(range(n)), (0,) * n
    played = [(guess, gcol)]
    while (fb := colour_feedback(guess, gcol, secret, colours)) != "G" * n and len(played) < limit:
        guess, gcol = next_guess(strategy, guess, gcol, fb, counts)
        played.append((guess, gcol))
    return played


def rounds(secret: Perm, colours, counts, strategy: str = "corrected") -> int | None:
    """Rounds the strategy needs on (secret, colours), or None if it never finds it."""
    played = play(secret, colours, counts, strategy)
    return len(played) if played[-1] == (tuple(secret), tuple(colours)) else None


def lemma_4_4_rounds(secret: Perm, colours) -> int:
    """Lemma 4.4: 1 + exc(sigma) + sum_v kappa(v)."""
    return 1 + exc(secret) + sum(colours)


def wrap_rounds_formula(secret: Perm, colours, counts) -> int:
    """The ``wrap`` strategy's rounds: 1 + exc(sigma) + sum_v (kappa(v) - [sigma^-1(v) < v]) mod s_v."""
    inverse = {v: i for i, v in enumerate(secret)}
    return 1 + exc(secret) + sum((colours[v] - (inverse[v] < v)) % counts[v] for v in range(len(secret)))


def secrets(counts) -> itertools.product:
    """Every (s_1..s_n)-coloured permutation, as (sigma, colours), in lexicographic order."""
    n = len(counts)
    return itertools.product(itertools.permutations(range(n)), itertools.product(*[range(s) for s in counts]))


def round_counts(counts, strategy: str = "corrected") -> list[int]:
    """Secrets the strategy solves in exactly k+1 rounds, k = 0, 1, ... (simulation over every secret).

    >>> round_counts((2, 2))
    [1, 3, 3, 1]
    """
    tally: dict[int, int] = {}
    for sigma, kappa in secrets(counts):
        r = rounds(sigma, kappa, counts, strategy)
        if r is None:
            raise WordleError(f"the {strategy} strategy never finds {format_secret(sigma, kappa)}")
        tally[r] = tally.get(r, 0) + 1
    return [tally.get(r, 0) for r in range(1, max(tally) + 1)]


def format_secret(sigma: Perm, colours) -> str:
    """((1, 0), (0, 1)) -> '21/12': the permutation, then the colour of each value 1..n."""
    return "".join(str(v + 1) for v in sigma) + "/" + "".join(str(c + 1) for c in colours)


def first_disagreement(strategy: str, count_lists) -> dict | None:
    """The first secret, over ``count_lists`` in order, where ``strategy`` differs from Lemma 4.4.

    >>> first_disagreement("printed", [(1,), (1, 1), (2, 2)])["secret"]
    '21/11'
    >>> first_disagreement("corrected", [(2, 2), (3, 3)]) is None
    True
    """
    for counts in count_lists:
        for sigma, kappa in secrets(counts):
            got, claimed = rounds(sigma, kappa, counts, strategy), lemma_4_4_rounds(sigma, kappa)
            if got != claimed:
                return {"counts": list(counts), "secret": format_secret(sigma, kappa), "rounds": got,
                        "lemma_4_4": claimed,
                        "guesses": [format_secret(g, c) for g, c in play(sigma, kappa, counts, strategy)]}
    return None


def parse_secret(text: str, counts) -> tuple[Perm, tuple]:
    """'21/12' -> ((1, 0), (0, 1))."""
    if "/" not in text:
        raise WordleError(f"multicolour secret {text!r} must read PERM/COLOURS, e.g. 21/12")
    p_text, c_text = text.split("/", 1)
    sigma = parse_perm(p_text, len(counts))
    return sigma, parse_colouring(c_text, len(counts), counts)


def evaluate_colour_tree(tree: dict, n: int, colours, complete: bool = True, max_rounds: int = 64) -> list:
    """Rounds a multicolour strategy tree takes on every secret; guesses read 'PERM/COLOURS' (e.g. '21/12').

    ``colours`` is s, or the counts (s_1..s_n). Uses nothing but the feedback rule.
    """
    counts = (colours,) * n if isinstance(colours, int) else tuple(colours)

    def respond(text, secret):
        guess, gcol = parse_secret(text, counts)
        return colour_feedback(guess, gcol, secret[0], secret[1])

    return [walk(tree, secret, respond, n, max_rounds, complete) for secret in secrets(counts)]
