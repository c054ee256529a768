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

    return [walk(tree, secret, respond, n, max_rounds, complete, allowed if consistent_only else None)
            for secret in secrets_after(n, history)]


def walk(tree: dict, secret, respond, n: int, max_rounds: int, complete: bool, allowed=None):
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


# Multicolour permutation Wordle (Section 4 of the paper) lives in wordlelab.models.multicolour.
