"""Which guesses a mode allows after a history of (guess, pattern) pairs.

One written statement per mode; :func:`guess_allowed` is the plain statement,
:func:`wordlelab.models.masks.allowed_mask` the same rule vectorised
over a guess list. This module is pure Python: the independent checkers rely on it.

``easy``
    Any listed word may be guessed.
``hard`` (NYT hard mode, Selby's ``-H``)
    After each earlier guess, every green letter stays in its place, and every
    green or yellow letter appears again, counted with multiplicity (two yellow
    ``e`` mean at least two ``e``). Grey letters, and a yellow letter in the same
    spot again, are allowed.
``strict`` (Selby's ``-U``; the Eldrow rule)
    Every guess must itself be a possible answer given all feedback so far:
    ``feedback(earlier_guess, guess) == earlier_pattern`` for every earlier pair.
"""
from __future__ import annotations

import functools
from collections import Counter

from wordlelab.errors import WordleError, check_choice
from wordlelab.models.feedback import GREEN, YELLOW, code_to_digits, feedback

MODES = ("easy", "hard", "strict")
History = list  # [(guess word, pattern code), ...]


def check_mode(mode: str) -> str:
    """The mode name, or WordleError."""
    return check_choice(mode, MODES, "mode")


@functools.lru_cache(maxsize=1 << 20)
def hard_rule(prev_guess: str, pattern: int) -> tuple[tuple, tuple]:
    """NYT hard-mode rule after one earlier (guess, pattern) pair: the greens, as (position,
    letter), and each green or yellow letter with the least count a later guess must have
    (canonical: a rule is equal to another exactly when it allows the same words).

    >>> from wordlelab.models.feedback import pattern_code
    >>> hard_rule("salet", pattern_code("BYGBB"))
    (((2, 'l'),), (('a', 1), ('l', 1)))
    """
    digits = code_to_digits(pattern)
    greens = tuple((k, prev_guess[k]) for k, c in enumerate(digits) if c == GREEN)
    needed = Counter(prev_guess[k] for k, c in enumerate(digits) if c in (GREEN, YELLOW))
    return greens, tuple(sorted(needed.items()))


def obeys(rule: tuple[tuple, tuple], guess: str) -> bool:
    """Whether ``guess`` keeps a :func:`hard_rule`: every green in place, every letter often enough."""
    greens, needed = rule
    return (all(guess[k] == letter for k, letter in greens)
            and all(guess.count(letter) >= n for letter, n in needed))


@functools.lru_cache(maxsize=1 << 18)
def join_rules(greens: tuple, need: tuple, more_greens: tuple, more_need: tuple) -> tuple[tuple, tuple]:
    """The conjunction of two rules, in the same canonical form: each green (two that disagree
    at a position allow no word, marked "#"), and for each letter the larger least count.

    Hard mode's rule after a history is the conjunction of its pairs' rules, and
    :func:`obeys` of the conjunction is the conjunction of :func:`obeys`, since each
    requirement is one green in place or one least count, and two least counts of a letter
    are met exactly when the larger is.

    >>> from wordlelab.models.feedback import feedback
    >>> join_rules(((0, "s"),), (("s", 1),), *hard_rule("tasks", feedback("tasks", "seams")))
    (((0, 's'), (4, 's')), (('a', 1), ('s', 2)))
    """
    if not more_greens and not more_need:
        return greens, need
    g = dict(greens)
    for k, letter in more_greens:
        g[k] = letter if g.get(k, letter) == letter else "#"
    n = dict(need)
    for letter, count in more_need:
        if n.get(letter, 0) < count:
            n[letter] = count
    return tuple(sorted(g.items())), tuple(sorted(n.items()))


def rule_after(greens: tuple, need: tuple, guess: str, pattern: int) -> tuple[tuple, tuple]:
    """The rule (greens, least letter counts) after one more pair, in the canonical form."""
    return join_rules(greens, need, *hard_rule(guess, pattern))


def asks_at_least(a: tuple, b: tuple) -> bool:
    """Whether rule ``a`` asks for at least what ``b`` does (so it allows no word ``b`` forbids).

    >>> asks_at_least((((0, "s"),), (("s", 2),)), ((), (("s", 1),)))
    True
    """
    return not requirement_mask(b) & ~requirement_mask(a)


_REQUIREMENT_BITS: dict[tuple, int] = {}     # a requirement -> its bit in requirement_mask, numbered as met


@functools.lru_cache(maxsize=1 << 16)
def requirement_mask(rule: tuple) -> int:
    """A rule as the set of its requirements, one bit each: a green letter in its place, and
    for a letter needed n times, "at least j times" for each j from 1 to n.

    Rule a asks at least what b asks exactly when b's requirements are among a's: a holds each
    green of b, and a letter b needs n times a needs at least n times, which is "at least j
    times" for j = 1..n. So :func:`asks_at_least` is one test of bits. The hard-mode checker
    compares each rule it meets with every rule kept so far
    (:mod:`~wordlelab.models.refuted_sets`): with dicts, the comparisons were a fifth of its
    time, then an eighth.

    >>> weak, strong = requirement_mask(((), (("s", 1),))), requirement_mask((((0, "s"),), (("s", 2),)))
    >>> weak & ~strong == 0, strong & ~weak == 0
    (True, False)
    """
    greens, need = rule
    mask = 0
    for requirement in [("green", k, letter) for k, letter in greens] + \
            [("count", letter, j) for letter, n in need for j in range(1, n + 1)]:
        bit = _REQUIREMENT_BITS.setdefault(requirement, len(_REQUIREMENT_BITS))
        mask |= 1 << bit
    return mask


def hard_ok(prev_guess: str, pattern: int, guess: str) -> bool:
    """NYT hard-mode rule for one earlier (guess, pattern) pair."""
    return obeys(hard_rule(prev_guess, pattern), guess)


def hard_allowed(prev_guess: str, pattern: int, guesses) -> list[str]:
    """The words of ``guesses`` that :func:`hard_ok` allows after one (guess, pattern) pair, in
    their order (the rule worked out once, not once a word)."""
    rule = hard_rule(prev_guess, pattern)
    return [g for g in guesses if obeys(rule, g)]


def guess_allowed(mode: str, history: History, guess: str) -> bool:
    """Whether ``guess`` may be played after ``history`` in ``mode``."""
    if mode == "easy":
        return True
    if mode == "hard":
        return all(hard_ok(g, p, guess) for g, p in history)
    if mode == "strict":
        return all(feedback(g, guess) == p for g, p in history)
    raise WordleError(f"unknown mode {mode!r}")
