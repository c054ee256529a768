"""The mode rules of :mod:`wordlelab.models.modes`, vectorised over a guess list.

The masks feed the searchers and encoders, never the checkers: they use the
compiled feedback of :mod:`wordlelab.models.matrix`, while the checkers keep to the
pure-Python statement in :mod:`wordlelab.models.modes`.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from wordlelab.models.feedback import GREEN, YELLOW, code_to_digits
from wordlelab.models.modes import History, check_mode


def allowed_mask(mode: str, history: History, guesses) -> np.ndarray:
    """Boolean mask over ``guesses`` of the words ``mode`` allows after ``history``."""
    check_mode(mode)
    mask = np.ones(len(guesses), bool)
    if mode == "easy" or not history:
        return mask
    # here, not at the top: an easy-mode state is parsed without loading numba (0.2 s)
    from wordlelab.models.matrix import build_matrix, encode_words
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
        for k, c in enumerate(code_to_digits(p)):
            if c == GREEN:
                mask &= enc[:, k] == ord(g[k]) - 97
            if c in (GREEN, YELLOW):
                needed[g[k]] += 1
        for letter, n in needed.items():
            mask &= counts[:, ord(letter) - 97] >= n
    return mask
