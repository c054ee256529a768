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

from collections import Counter

from wordlelab.errors import WordleError, check_choice
from wordlelab.models.feedback import GREEN, YELLOW, code_to_colours, feedback

MODES = ("easy", "hard", "strict")
History = list  # [(guess word, pattern code), ...]


def check_mode(mode: str) -> str:
    """The mode name, or WordleError."""
    return check_choice(mode, MODES, "mode")


def hard_ok(prev_guess: str, pattern: int, guess: str) -> bool:
    """NYT hard-mode rule for one earlier (guess, pattern) pair."""
    colours = code_to_colours(pattern)
    needed = Counter()
    for k, c in enumerate(colours):
        if c == GREEN and guess[k] != prev_guess[k]:
            return False
        if c in (GREEN, YELLOW):
            needed[prev_guess[k]] += 1
    have = Counter(guess)
    return all(have[letter] >= n for letter, n in needed.items())


def guess_allowed(mode: str, history: History, guess: str) -> bool:
    """Whether ``guess`` may be played after ``history`` in ``mode``."""
    if mode == "easy":
        return True
    if mode == "hard":
        return all(hard_ok(g, p, guess) for g, p in history)
    if mode == "strict":
        return all(feedback(g, guess) == p for g, p in history)
    raise WordleError(f"unknown mode {mode!r}")
