"""Permutation Wordle (Kutin & Smithline): the game, CircularShift, excedances and Eulerian numbers.

The setter hides a permutation sigma of {1..n}; each guess is any permutation
gamma; the feedback is the set of positions i with gamma(i) == sigma(i). The
game ends when the guess equals sigma; that guess counts as a round.

Permutations are tuples of 0-based values internally and strings of 1-based
digits on the command line ('724853169'). Feedback is a string of 'G' (correct)
and 'B' (not), one letter per position.

>>> play_circular_shift(parse_perm("724853169"))[-1] == parse_perm("724853169")
True
>>> len(play_circular_shift(parse_perm("724853169"))), exc(parse_perm("724853169"))
(4, 3)
>>> [eulerian(4, k) for k in range(4)]
[1, 11, 11, 1]
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import lru_cache

from wordlelab.errors import WordleError

Perm = tuple  # 0-based values: Perm[i] is the value at position i
Feedback = str  # 'G' where the guess is correct, 'B' elsewhere
MAX_N = 9


def parse_perm(text: str, n: int | None = None) -> Perm:
    """'2143' -> (1, 0, 3, 2); a clear error unless it is a permutation of 1..n."""
    text = text.strip()
    if not text.isdigit() or "0" in text:
        raise WordleError(f"{text!r} is not a permutation: write it as digits 1..n, e.g. 2143")
    size = len(text) if n is None else n
    if len(text) != size:
        raise WordleError(f"{text!r} has {len(text)} entries, expected n = {size}")
    if size > MAX_N:
        raise WordleError(f"n = {size} is too large: permutations are written as digits, n <= {MAX_N}")
    perm = tuple(int(c) - 1 for c in text)
    if sorted(perm) != list(range(size)):
        raise WordleError(f"{text!r} is not a permutation of 1..{size}")
    return perm


def format_perm(perm: Perm) -> str:
    """(1, 0, 3, 2) -> '2143'."""
    return "".join(str(v + 1) for v in perm)


def feedback(guess: Perm, secret: Perm) -> Feedback:
    """'G' at each position where the guess has the secret's value, else 'B'."""
    return "".join("G" if g == s else "B" for g, s in zip(guess, secret))


def parse_feedback(text: str, n: int) -> Feedback:
    """Check a feedback string of n letters G/B."""
    text = text.strip().upper()
    if len(text) != n or set(text) - {"G", "B"}:
        raise WordleError(f"feedback {text!r} must be {n} letters, each G (correct) or B (not)")
    return text


def exc(perm: Perm) -> int:
    """Number of excedances: positions i with sigma(i) > i."""
    return sum(1 for i, v in enumerate(perm) if v > i)


def circular_shift_next(guess: Perm, fb: Feedback) -> Perm:
    """Definition 2.1: keep correct entries; move the others one step right among the incorrect positions, cyclically."""
    wrong = [i for i, c in enumerate(fb) if c == "B"]
    nxt = list(guess)
    for a, b in zip(wrong, wrong[1:] + wrong[:1]):
        nxt[b] = guess[a]
    return tuple(nxt)


def play_circular_shift(secret: Perm) -> list[Perm]:
    """CircularShift's guesses against ``secret``, identity first, ending with the secret."""
    guess = tuple(range(len(secret)))
    guesses = [guess]
    while guess != secret:
        guess = circular_shift_next(guess, feedback(guess, secret))
        guesses.append(guess)
        if len(guesses) > len(secret) + 1:  # pragma: no cover - would mean the rule is wrong
            raise AssertionError("CircularShift did not terminate")
    return guesses


@lru_cache(maxsize=None)
def eulerian(n: int, k: int) -> int:
    """A(n, k): permutations of n with k excedances, from A(n,k) = (k+1)A(n-1,k) + (n-k)A(n-1,k-1)."""
    if n == 0:
        return 1 if k == 0 else 0
    if k < 0 or k >= n:
        return 0
    return (k + 1) * eulerian(n - 1, k) + (n - k) * eulerian(n - 1, k - 1)


def eulerian_explicit(n: int, k: int) -> int:
    """A(n, k) from the closed form sum_j (-1)^j C(n+1, j) (k+1-j)^n, independent of the recurrence."""
    return sum((-1) ** j * math.comb(n + 1, j) * (k + 1 - j) ** n for j in range(k + 2))


def circular_shift_counts(n: int) -> list[int]:
    """Secrets CircularShift solves in exactly r rounds, r = 1..n (index r-1): A(n, r-1)."""
    return [eulerian(n, r - 1) for r in range(1, n + 1)]


def circular_shift_within(n: int) -> list[int]:
    """Secrets CircularShift solves within r rounds, r = 1..n (cumulative Eulerian numbers)."""
    return list(itertools.accumulate(circular_shift_counts(n)))


def circular_shift_mean(n: int) -> Fraction:
    """Mean rounds of CircularShift, exactly: (n+1)/2."""
    counts = circular_shift_counts(n)
    return Fraction(sum(r * c for r, c in enumerate(counts, start=1)), math.factorial(n))


def check_n(n: int, limit: int = MAX_N) -> int:
    """n must be between 1 and ``limit``."""
    if not 1 <= n <= limit:
        raise WordleError(f"n = {n} is out of range: choose 1 <= n <= {limit}")
    return n


def parse_history(items, n: int) -> list[tuple[Perm, Feedback]]:
    """['1234:GBBG', ...] -> [(guess, feedback), ...], each checked."""
    history = []
    for item in items:
        if ":" not in item:
            raise WordleError(f"history entry {item!r} must be GUESS:FEEDBACK, e.g. 1234:GBBG")
        g, fb = item.split(":", 1)
        history.append((parse_perm(g, n), parse_feedback(fb, n)))
    return history


def consistent(perm: Perm, history) -> bool:
    """Whether ``perm`` gives every feedback of ``history``."""
    return all(feedback(g, perm) == fb for g, fb in history)


def secrets_after(n: int, history) -> list[Perm]:
    """Every secret consistent with ``history`` (brute force over all n! permutations)."""
    return [p for p in itertools.permutations(range(n)) if consistent(p, history)]


def evaluate_tree(tree: dict, n: int, history=(), max_rounds: int = 64, complete: bool = True,
                  consistent_only: bool = False) -> list:
    """Rounds the strategy ``tree`` takes on every secret consistent with ``history``, checked independently.

    Each node is {'guess': '2143', 'next': {feedback: node}}; a secret finishes
    when the guess equals it. Raises WordleError if a guess is not a
    permutation, if (``consistent_only``) a guess is not consistent with the
    feedback so far, or (when ``complete``) a feedback that occurs has no branch;
    otherwise such a secret's entry is None.
    """
    def respond(text, secret):
        return feedback(parse_perm(text, n), secret)

    def allowed(text, seen):
        return consistent(parse_perm(text, n), tuple(history) + tuple((parse_perm(g, n), fb) for g, fb in seen))

    return [_walk(tree, secret, respond, n, max_rounds, complete, allowed if consistent_only else None)
            for secret in secrets_after(n, history)]


def _walk(tree: dict, secret, respond, n: int, max_rounds: int, complete: bool, allowed=None):
    """Rounds ``tree`` takes on ``secret``, ``respond(guess text, secret)`` giving the feedback.

    ``allowed(guess text, [(guess text, feedback), ...])``, if given, must accept every guess.
    """
    node, r, seen = tree, 0, []
    while True:
        r += 1
        if allowed is not None and not allowed(node["guess"], seen):
            raise WordleError(f"guess {node['guess']} is not consistent with the feedback so far on secret {secret}")
        fb = respond(node["guess"], secret)
        seen.append((node["guess"], fb))
        if fb == "G" * n:
            return r
        node = node.get("next", {}).get(fb)
        if node is None and not complete:
            return None
        if node is None or r >= max_rounds:
            raise WordleError(f"the tree has no branch for feedback {fb} on secret {secret}")


# ---- multicolour permutation Wordle
#
# The secret is a permutation and a colour for each value (value v has
# counts[v] colours); a position is correct when its value and that value's
# colour both match. The paper's Definition 4.3 (its multicolour CircularShift)
# is not available to us; wordlelab's multicolour CircularShift is stated here:
#
#   guess 1 is the identity, every value in colour 0; after each feedback the
#   correct entries stay, the others move one step right among the incorrect
#   positions, cyclically (Definition 2.1), and a value that wraps around (moves
#   from the last incorrect position to the first) advances to its next colour.
#
# Its rounds on each secret are 1 + exc(sigma) + sum_v kappa(v) with
# kappa(v) = (c(v) - [sigma^-1(v) < v]) mod counts[v] (checked over every secret
# in the tests): the shape of the paper's Lemma 4.4.


def colour_feedback(guess: Perm, guess_colours, secret: Perm, secret_colours) -> Feedback:
    """'G' where value and the value's colour both match."""
    return "".join("G" if g == s and guess_colours[g] == secret_colours[s] else "B" for g, s in zip(guess, secret))


def play_colour_shift(secret: Perm, colours, counts) -> list[tuple[Perm, tuple]]:
    """wordlelab's multicolour CircularShift against (secret, colours): [(guess, colour per value), ...]."""
    n = len(secret)
    guess, gcol = tuple(range(n)), tuple([0] * n)
    played = [(guess, gcol)]
    while colour_feedback(guess, gcol, secret, colours) != "G" * n:
        fb = colour_feedback(guess, gcol, secret, colours)
        wrong = [i for i, c in enumerate(fb) if c == "B"]
        nxt, ncol = list(guess), list(gcol)
        for a, b in zip(wrong, wrong[1:] + wrong[:1]):
            v = guess[a]
            nxt[b] = v
            if b <= a:  # wrapped around
                ncol[v] = (gcol[v] + 1) % counts[v]
        guess, gcol = tuple(nxt), tuple(ncol)
        played.append((guess, gcol))
        if len(played) > n * max(counts) + 1:  # pragma: no cover - would mean the rule is wrong
            raise AssertionError("multicolour CircularShift did not terminate")
    return played


def colour_shift_formula(secret: Perm, colours, counts) -> int:
    """1 + exc(sigma) + sum_v kappa(v), kappa(v) = (c(v) - [sigma^-1(v) < v]) mod counts[v]."""
    inverse = {v: i for i, v in enumerate(secret)}
    return 1 + exc(secret) + sum((colours[v] - (inverse[v] < v)) % counts[v] for v in range(len(secret)))


def _poly_mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def colour_numbers(n: int, counts) -> list[int]:
    """Secrets (permutation + colouring) the multicolour CircularShift solves in k+1 rounds, k = 0, 1, ...

    The coefficients of A_n(t) * prod_v (1 + t + ... + t^(counts[v]-1)).
    """
    counts = [counts] * n if isinstance(counts, int) else list(counts)
    poly = [eulerian(n, k) for k in range(max(n, 1))]
    for s in counts:
        poly = _poly_mul(poly, [1] * s)
    return poly


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


def evaluate_colour_tree(tree: dict, n: int, colours: int, complete: bool = True, max_rounds: int = 64) -> list:
    """:func:`evaluate_tree` for multicolour trees, whose guesses read 'PERM/COLOURS' (e.g. '21/12')."""
    counts = [colours] * n

    def respond(text, secret):
        if "/" not in text:
            raise WordleError(f"multicolour guess {text!r} must read PERM/COLOURS")
        g_text, c_text = text.split("/", 1)
        return colour_feedback(parse_perm(g_text, n), parse_colouring(c_text, n, counts), secret[0], secret[1])

    return [_walk(tree, (s, c), respond, n, max_rounds, complete)
            for s in itertools.permutations(range(n)) for c in itertools.product(range(colours), repeat=n)]
