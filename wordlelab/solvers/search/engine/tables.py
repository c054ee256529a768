"""The plain (uncompiled) parts of the native searcher: constants, the kernels' tables and counters.

They live apart from the compiled modules so that a process whose kernels are compiled ahead
of time (:mod:`~wordlelab.solvers.search.engine.kernels`) uses them without importing numba.
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from wordlelab.solvers.runtime.interrupt import POISON_NODES as POISON
from wordlelab.solvers.runtime.interrupt import STATS_WATCHERS

INF = 1 << 30
EASY, HARD, STRICT = 0, 1, 2
ALL_GREEN = 242
# node keys (search_core.node_key): the number of guesses left and the mode are mixed in by these
KEY_DEPTH_MIX = 0x9E3779B97F4A7C15
KEY_MODE_MIX = 0xC2B2AE3D27D4EB4F
REFUTED = -1        # depth search: no guess finds every answer within the guesses left
NODE_LIMIT = -2     # depth search: the node limit was reached first
# a yes's tree is read off the depth search with this many nodes more: none in practice (its
# nodes may have left the table, and a limit would make a yes look like a no), and below POISON
TREE_NODE_LIMIT = 10**15
# POISON: a node count past any limit. A Ctrl-C's watcher (the runtime's) sets a search's counter
# to it, and every search stops at its next node (the min-sum search's values are then void).


class Stat(IntEnum):
    """The slots of a search's statistics array (:func:`new_stats`); the kernels index it by name."""

    NODES = 0            # nodes visited
    CACHE_HITS = 1       # nodes answered by the node table
    CELLS_SCANNED = 2    # pattern-matrix cells read by the guess scans
    MONOTONE = 3         # hard mode: guesses refuted by a class refuted at their node (monotone)
    ENDGAME_TRIALS = 4   # hard and strict mode: nodes refuted by a trial run on their largest endgame
    REFUTED_AT_ONCE = 5  # hard and strict mode: guesses refuted before their classes were built (endgame_bound)


def depth_rounds(guesses_left: int = 5, answers: int = 64, first_budget: int = 4096) -> np.ndarray:
    """Which nodes of the hard- and strict-mode depth search probe their guesses in rounds.

    A node with at least ``guesses_left`` guesses left and ``answers`` answers gives each of its
    guesses ``first_budget`` nodes, then the guesses still open four times as many, and so on
    (``depth_search.feasible``); ``first_budget`` 0: none does, every node tries its guesses one
    after the other to the end.

    >>> depth_rounds().tolist(), depth_rounds(first_budget=0).tolist()
    ([5, 64, 4096], [5, 64, 0])
    """
    return np.array([guesses_left, answers, first_budget], np.int64)


def new_stats() -> np.ndarray:
    """A zeroed statistics array, one int64 slot per :class:`Stat`."""
    stats = np.zeros(len(Stat), np.int64)
    for watch in STATS_WATCHERS:
        watch(stats)
    return stats


# set in the core store's LAST slot before a first guess; still there after it: no search ran
UNTOUCHED = -3


def named_counts(array, slots) -> dict:
    """A counter array as a dict keyed by its slots' names, lower case.

    >>> named_counts(np.array([5, 2, 40, 0, 1, 3]), Stat)
    {'nodes': 5, 'cache_hits': 2, 'cells_scanned': 40, 'monotone': 0, 'endgame_trials': 1, 'refuted_at_once': 3}
    """
    return {slot.name.lower(): int(array[slot]) for slot in slots}


class Tables(NamedTuple):
    """The read-only tables a search runs on, passed to the kernels as one argument.

    Rows of ``MT`` are answers and its columns guesses. At the top (see
    ``NativeSearcher``) they are the full tables: row i is answer i, column j is guess j,
    so ``ans_col`` and ``ans_word`` both give each answer's own guess index and ``cols`` is
    the identity. A node that searches its classes hands them its own
    ``search_core.local_view``, a ``Tables`` of the same types (numba compiles one signature).
    Every array must be C-contiguous and writeable, for the same reason.
    """

    MT: np.ndarray         # uint8 (rows, columns): patterns
    ans_col: np.ndarray    # int32 per row: the row's own column, -1 if absent
    ans_word: np.ndarray   # int32 per row: the row's answer as a global guess index
    R: np.ndarray          # uint64 per row: class-hash weights
    Z1: np.ndarray         # uint64 per row: node-key weights (first half)
    Z2: np.ndarray         # uint64 per row: node-key weights (second half)
    cols: np.ndarray       # int32 per column: its global guess index
    ZG: np.ndarray         # uint64 per global guess: guess-list key weights (hard, strict)
    letters: np.ndarray    # uint8 (guesses, 5): letters of each global guess
    lcount: np.ndarray     # uint8 (guesses, 26): letter counts of each global guess
    mode: int              # EASY, HARD or STRICT
    feat: np.ndarray       # uint64 (guesses, 4): hard_rules.guess_features of each global guess
    rep: np.ndarray        # int32 per column: the first column that gives every row the same pattern
    #                        (hard and strict local views; empty: every column is its own)
    slot: np.ndarray       # int32 per column: -1, scratch for scan_distinct (restored after each use)
    eg: np.ndarray         # int32 (rows, 5): each row's endgames (endgame_bound.endgame_ids), -1: none
    eg_count: np.ndarray   # int32 per endgame: 0, scratch for endgame_refutes (restored after each use)


def table_shape(entries: int) -> tuple[int, int]:
    """The shape of a node table with room for about ``entries`` nodes (slots: a power of two)."""
    return (1 << max(4, int(entries - 1).bit_length()), 3)


def new_table(entries: int) -> np.ndarray:
    """An empty node table (np.zeros maps zeroed pages lazily: memory is taken only where written)."""
    return np.zeros(table_shape(entries), np.int64)


class StoreArrays(NamedTuple):
    """A core store's arrays (:class:`~wordlelab.solvers.search.engine.core_prover.CoreStore`), passed to
    the kernels as one argument."""

    elems: np.ndarray     # int32: the members of every core, core after core
    meta: np.ndarray      # int64 (cores, 3): start in elems, length, depth
    next: np.ndarray      # int64 per core: the next core of its chain, -1 at the end
    bucket: np.ndarray    # int64 (2, answers): chain heads; a random rank per answer
    count: np.ndarray     # int64, one slot per Count
    mark: np.ndarray      # int64 per answer: tags of the set being matched


def hash_keys(start: int, n: int) -> np.ndarray:
    """n pseudo-random 64-bit keys, SplitMix64's outputs for counters start + 1 .. start + n.

    Only their spread matters (they are summed into node keys); SplitMix64's finaliser is a
    bijection that mixes every input bit into every output bit. Written out, not taken from
    numpy.random, whose import is a twentieth of a short command's start-up.

    >>> keys = hash_keys(0, 3)
    >>> keys.dtype, len(set(keys.tolist()))
    (dtype('uint64'), 3)
    """
    z = (np.arange(start + 1, start + n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15))
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))
