"""The pattern matrix: feedback code of every guess against every answer.

Built in parallel with numba and cached on disk (the user cache directory, or
``$WORDLELAB_CACHE``) under a key made of both lists' content hashes, so a
second load is a plain ``numpy.load``.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import numba as nb
import numpy as np

from wordlelab.models.feedback import WORD_LENGTH

MMAP_BYTES = 64 << 20


def encode_words(words) -> np.ndarray:
    """``(n, 5)`` uint8 array of letter indices 0..25."""
    if not len(words):
        return np.zeros((0, WORD_LENGTH), np.uint8)
    return (np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(-1, WORD_LENGTH) - ord("a")).astype(np.uint8)


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
def _pattern_matrix(guesses, answers):  # pragma: no cover - compiled
    n_g, n_a = guesses.shape[0], answers.shape[0]
    out = np.empty((n_g, n_a), np.uint8)
    for i in nb.prange(n_g):
        for j in range(n_a):
            out[i, j] = word_feedback(guesses[i], answers[j])
    return out


def build_matrix(guesses, answers) -> np.ndarray:
    """Compute the ``len(guesses) x len(answers)`` uint8 matrix (no cache)."""
    return _pattern_matrix(encode_words(guesses), encode_words(answers))


def cache_dir() -> Path:
    """Where matrices are cached: ``$WORDLELAB_CACHE`` or the platform's user cache dir."""
    env = os.environ.get("WORDLELAB_CACHE")
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_cache_dir("wordlelab"))


def pattern_matrix(lists, use_cache: bool = True, stats: dict | None = None,
                   transposed: bool = False) -> np.ndarray:
    """Guesses x answers matrix of ``lists`` (a WordLists), from the disk cache when possible.

    ``transposed=True`` gives the answers x guesses layout (C-contiguous), which
    the searcher scans row by row.
    """
    shape = (len(lists.answers), len(lists.guesses)) if transposed else (len(lists.guesses), len(lists.answers))
    path = cache_dir() / f"patterns-{lists.key}-{shape[0]}x{shape[1]}{'-T' if transposed else ''}.npy"
    t0 = time.perf_counter()
    if use_cache and path.exists():
        try:
            # big matrices are memory-mapped: loading is instant and pages come in as used
            m = np.load(path, mmap_mode="r" if path.stat().st_size > MMAP_BYTES else None)
            if m.shape == shape:
                if stats is not None:
                    stats.update(source="cache", seconds=time.perf_counter() - t0)
                return m
        except (OSError, ValueError):
            pass  # a damaged cache file is rebuilt below
    m = build_matrix(lists.guesses, lists.answers)
    if transposed:
        m = np.ascontiguousarray(m.T)
    if stats is not None:
        stats.update(source="built", seconds=time.perf_counter() - t0)
    if use_cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as f:
                np.save(f, m)
            os.replace(tmp, path)  # atomic: a concurrent reader never sees half a file
        except OSError:
            pass  # a read-only cache is not an error, only slower next time
    return m
