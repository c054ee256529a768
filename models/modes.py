"""Which guesses a mode allows after a history of (guess, pattern) pairs.

One written statement per mode; :func:`guess_allowed` is the plain statement,
:func:`allowed_mask` the same rule vectorised over a guess list.

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

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import GREEN, YELLOW, code_to_colours, feedback
from wordlelab.models.matrix import build_matrix, encode_words

MODES = ("easy", "hard", "strict")
History = list  # [(guess word, pattern code), ...]


def check_mode(mode: str) -> str:
    """The mode name, or WordleError."""
    if mode not in MODES:
        raise WordleError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    return mode


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


def allowed_mask(mode: str, history: History, guesses) -> np.ndarray:
    """Boolean mask over ``guesses`` of the words ``mode`` allows after ``history``."""
    check_mode(mode)
    mask = np.ones(len(guesses), bool)
    if mode == "easy" or not history:
        return mask
    enc = encode_words(guesses)
    counts = None
    for g, p in history:
        if mode == "strict":
            mask &= build_matrix([g], guesses)[0] == p
            continue
        if counts is None:
            counts = np.zeros((len(guesses), 26), np.int8)
            for k in range(5):
                np.add.at(counts, (np.arange(len(guesses)), enc[:, k]), 1)
        needed = Counter()
        for k, c in enumerate(code_to_colours(p)):
            if c == GREEN:
                mask &= enc[:, k] == ord(g[k]) - 97
            if c in (GREEN, YELLOW):
                needed[g[k]] += 1
        for letter, n in needed.items():
            mask &= counts[:, ord(letter) - 97] >= n
    return mask
