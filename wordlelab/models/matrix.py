"""The pattern matrix: feedback code of every guess against every answer.

Built in parallel with numba (:mod:`~wordlelab.models.matrix_kernels`) and cached on disk (the user cache directory, or
``$WORDLELAB_CACHE``) under a key made of both lists' content hashes, so a
second load is a plain ``numpy.load``.
"""
from __future__ import annotations

import hashlib
import time
import warnings
from pathlib import Path

import numpy as np

from wordlelab.errors import WordlelabWarning
from wordlelab.models.cache import cache_dir  # noqa: F401  (kept importable from here)
from wordlelab.models.feedback import WORD_LENGTH
from wordlelab.models.files import CannotWrite, open_atomic, write_atomic

MMAP_BYTES = 64 << 20


def encode_words(words) -> np.ndarray:
    """``(n, 5)`` uint8 array of letter indices 0..25."""
    if not len(words):
        return np.zeros((0, WORD_LENGTH), np.uint8)
    return (np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(-1, WORD_LENGTH) - ord("a")).astype(np.uint8)


def build_matrix(guesses, answers, game=None) -> np.ndarray:
    """Compute the ``len(guesses) x len(answers)`` uint8 matrix (no cache); ``game`` (a
    :mod:`~wordlelab.models.games` game, default Wordle) gives the reply rule."""
    if game is not None and not game.letters:
        return game.matrix(guesses, answers)
    from wordlelab.models.matrix_kernels import pattern_codes     # numba: loaded only to build
    return pattern_codes(encode_words(guesses), encode_words(answers))


def pattern_matrix(lists, use_cache: bool = True, stats: dict | None = None,
                   transposed: bool = False) -> np.ndarray:
    """Guesses x answers matrix of ``lists`` (a WordLists), from the disk cache when possible.

    ``transposed=True`` gives the answers x guesses layout (C-contiguous), which the
    searcher scans row by row. Both layouts come from one cache file (answers x
    guesses); the guesses x answers layout is its transposed copy.

    The cache file is trusted only if its content matches the seal written beside it when
    this installation built it: a damaged or edited file is rebuilt with a warning,
    so that no proof ever rests on a wrong feedback code.
    """
    n_a, n_g = len(lists.answers), len(lists.guesses)
    path = cache_path(lists)
    t0 = time.perf_counter()
    m = _load_checked(path, (n_a, n_g)) if use_cache else None
    source = "cache"
    if m is None:
        source = "built"
        m = np.ascontiguousarray(build_matrix(lists.guesses, lists.answers, lists.game).T)
        _check_sample(m, lists)
        if use_cache:
            _save(path, m)
    if not transposed:
        m = np.ascontiguousarray(m.T)
    if stats is not None:
        stats.update(source=source, seconds=time.perf_counter() - t0, path=str(path))
    return m


def cache_path(lists) -> Path:
    """The cache file of ``lists``: answers x guesses, named by both lists in their order.

    The order matters (row i is the i-th answer), so two lists with the same words in
    another order get different files.
    """
    h = hashlib.sha256("\n".join(lists.guesses).encode())
    h.update(b"|" + "\n".join(lists.answers).encode())
    return cache_dir() / f"patterns-{h.hexdigest()[:20]}-{len(lists.answers)}x{len(lists.guesses)}-T.npy"


def digest(m: np.ndarray, name: str = "") -> str:
    """The seal of the matrix: :func:`~wordlelab.models.cache.seal` of the sha256 of its file name
    (``name``, which names its lists), shape and bytes.

    A plain sha256 would detect damage only: anyone could recompute it after an edit, and a proof
    would then rest on wrong feedback codes. The seal verifies only for a file this installation
    built, under the name of the lists it was built for: another list's matrix of the same shape,
    copied under this name, does not pass (see :mod:`wordlelab.models.cache`).
    """
    from wordlelab.models.cache import seal
    h = hashlib.sha256(f"{name}|{m.dtype.str}{m.shape}".encode())
    h.update(memoryview(np.ascontiguousarray(m)).cast("B"))
    return seal(h.digest())


def _digest_path(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


class _Damaged(Exception):
    """A cached matrix that is not what its name says (the reason is the message)."""


def _npy_header(path: Path):
    """(shape, Fortran order, dtype) from an .npy file's header, its data unread."""
    with open(path, "rb") as f:
        major, _ = np.lib.format.read_magic(f)
        read = np.lib.format.read_array_header_1_0 if major == 1 else np.lib.format.read_array_header_2_0
        return read(f)


def _load_checked(path: Path, shape) -> np.ndarray | None:
    """The cached matrix if it exists, has ``shape`` and matches its digest; else None."""
    if not path.exists():
        return None
    reason = None
    try:
        # the header first: one that claims a huge shape would have np.load allocate terabytes
        claimed, _, dtype = _npy_header(path)
        if claimed != tuple(shape) or dtype != np.uint8:
            raise _Damaged(f"shape {claimed}, expected {tuple(shape)}")
        # big matrices are memory-mapped: pages come in as they are read (here, by the digest)
        m = np.load(path, mmap_mode="r" if path.stat().st_size > MMAP_BYTES else None)
        expected = _digest_path(path).read_text().strip()
        if m.shape != tuple(shape) or m.dtype != np.uint8:
            reason = f"shape {m.shape}, expected {tuple(shape)}"
        elif digest(m, path.name) != expected:
            reason = "its content does not match its seal (damaged, edited, or not built here)"
        else:
            return m
    except _Damaged as e:
        reason = str(e)
    except FileNotFoundError:
        reason = "it has no digest file"
    except (OSError, ValueError, EOFError, MemoryError) as e:
        reason = f"it cannot be read ({type(e).__name__})"
    warnings.warn(f"the cached pattern matrix {path.name} is damaged ({reason}); rebuilding it",
                  WordlelabWarning, stacklevel=3)
    return None


def _check_sample(m: np.ndarray, lists, n: int = 2000, seed: int = 0) -> None:
    """Cross-check random cells of a freshly built matrix against the pure-Python rule."""
    from wordlelab.errors import WordleError
    feedback = lists.game.reply
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, m.shape[0], n)
    cols = rng.integers(0, m.shape[1], n)
    for a, g in zip(rows, cols):
        if m[a, g] != feedback(lists.guesses[g], lists.answers[a]):
            raise WordleError(f"internal error: the compiled feedback of {lists.guesses[g]} on "
                              f"{lists.answers[a]} disagrees with the rule")


def _save(path: Path, m: np.ndarray) -> None:
    """Write the matrix and its digest atomically; a read-only cache is only slower next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # the digest goes first: a reader that sees the matrix file also sees its digest; each is
        # replaced whole (models/files.py), so a concurrent reader never sees half a file
        write_atomic(_digest_path(path), digest(m, path.name))
        with open_atomic(path, "wb") as f:
            np.save(f, m)
    except (OSError, CannotWrite):
        pass
