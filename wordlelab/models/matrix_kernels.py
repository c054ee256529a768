"""The compiled feedback rule that builds pattern matrices (numba), apart from their cache.

Only building a matrix needs it: a process that reads a cached matrix does not import numba.
The rule is the NYT one of :func:`wordlelab.models.feedback.feedback` (greens first, then each
other letter of the guess, left to right, takes the leftmost unused copy in the answer);
``pattern_matrix`` checks a sample of the built matrix against that pure-Python function.
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np


@nb.njit(cache=True)
def word_feedback(guess, answer):  # pragma: no cover - compiled
    """Pattern code of encoded guess letters against encoded answer letters (NYT rule)."""
    greens = 0
    for k in range(5):
        if guess[k] == answer[k]:
            greens |= 1 << k
    consumed = greens
    code = 0
    for k in range(5):
        c = 0
        if greens >> k & 1:
            c = 2
        else:
            # the leftmost unconsumed copy in the answer turns this letter yellow
            for m in range(5):
                if not (consumed >> m & 1) and answer[m] == guess[k]:
                    consumed |= 1 << m
                    c = 1
                    break
        code = code * 3 + c
    return code


@nb.njit(parallel=True, cache=True)
def pattern_codes(guesses, answers):  # pragma: no cover - compiled
    n_g, n_a = guesses.shape[0], answers.shape[0]
    out = np.empty((n_g, n_a), np.uint8)
    for i in nb.prange(n_g):
        for j in range(n_a):
            out[i, j] = word_feedback(guesses[i], answers[j])
    return out
