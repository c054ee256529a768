"""Easy-mode depth proofs over every first guess, with learnt cores: the plain (uncompiled) side.

A *core* of depth d is a set of answers that cannot all be found within d guesses (see
:mod:`~wordlelab.solvers.search.engine.depth_cores`, whose kernels learn them). The theorem used here:
in easy mode a first guess g0 fails within G guesses exactly when some class of g0 fails within
G - 1, and a class that contains a core of depth G - 1 fails. So each refuted first guess leaves
one core inside one of its classes; the union of these cores, the *root core*, is itself refuted
within G when every first guess is refuted: each first guess leaves one of those cores whole
inside one of its classes on the union. That small set of answers is the certificate of a no.

This module holds the core store and :class:`CoreProver`; the search itself runs in the
compiled kernels (``K.core_feasible`` and friends, :mod:`~wordlelab.solvers.search.engine.kernels`), so
a process whose kernels are compiled ahead of time proves depth without importing numba.
"""
from __future__ import annotations

from enum import IntEnum

import numpy as np

from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import (NODE_LIMIT, REFUTED, Stat, StoreArrays, hash_keys, named_counts,
                                             new_stats, new_table)

DEPTH_TABLE_ENTRIES = 1 << 23
NO_CORE = -1        # in the LAST slot: the last refutation left no core


class Count(IntEnum):
    """The slots of a core store's ``count`` array."""

    N_CORES = 0      # cores stored
    N_ELEMS = 1      # members stored, over all cores
    LAST = 2         # the core the last refutation left (NO_CORE: none)
    CORE_HITS = 3    # nodes (and first guesses) refuted by a stored core, without a search
    STAMP = 4        # calls that tagged answers: each call's tags differ from every earlier call's


class CoreStore:
    """Learnt cores: flat members, (start, length, depth) per core, chained by smallest member."""

    def __init__(self, n_answers: int, max_cores: int = 2_000_000, max_elems: int = 40_000_000):
        self.elems = np.empty(max_elems, np.int32)
        self.meta = np.empty((max_cores, 3), np.int64)
        self.next = np.empty(max_cores, np.int64)
        # row 0: the first core of each answer's chain; row 1: a random rank per answer. A core is
        # chained under its member of least rank: chains stay short (the smallest index would
        # pile the cores of one class onto its first few answers)
        self.bucket = np.full((2, n_answers), -1, np.int64)
        self.bucket[1] = np.argsort(hash_keys(n_answers, n_answers))
        self.count = np.zeros(len(Count), np.int64)
        self.mark = np.full(n_answers, -1, np.int64)     # tags: answers of the set being matched
        # one tuple for every call: the compiled kernels check a tuple's arrays once (kernels._checked)
        self._arrays = StoreArrays(self.elems, self.meta, self.next, self.bucket, self.count, self.mark)

    def arrays(self) -> StoreArrays:
        return self._arrays

    def add(self, members: np.ndarray, depth: int) -> int:
        """Store ``members`` (int32, sorted) as a core of ``depth``; its id, or NO_CORE if the store is full."""
        return int(K.add_core(members, depth, self.arrays()))

    def counts(self) -> dict:
        """The ``count`` array by name (see :class:`Count`)."""
        return named_counts(self.count, Count)

    def cores(self):
        """Every learnt core as (depth, members): for checking and reporting."""
        for c in range(int(self.count[Count.N_CORES])):
            s, n, d = self.meta[c]
            yield int(d), np.sort(self.elems[s:s + n])


def outcome(answer) -> str:
    """A feasibility answer as a status word: FEASIBLE (a guess), INFEASIBLE or UNKNOWN.

    >>> outcome(REFUTED), outcome(NODE_LIMIT), outcome(17)
    ('INFEASIBLE', 'UNKNOWN', 'FEASIBLE')
    """
    return {REFUTED: "INFEASIBLE", NODE_LIMIT: "UNKNOWN"}.get(int(answer), "FEASIBLE")


class CoreProver:
    """Easy-mode depth proofs for one searcher: one cache and one core store for every first guess.

    Refuting first guesses one after another leaves a *root core*: the union of the core that
    refuted each of them. A later first guess that leaves a core of depth G - 1 inside one
    class of the root core is refuted without a search, and when every first guess is refuted
    the root core is a small set of answers that alone need more than G guesses: a certificate
    that the plain search re-checks quickly (:meth:`check_core`).
    """

    def __init__(self, searcher, max_cores: int = 2_000_000, max_elems: int = 40_000_000):
        self.s = searcher
        self.store = CoreStore(len(searcher.lists.answers), max_cores, max_elems)
        self.cache = new_table(DEPTH_TABLE_ENTRIES)   # long proofs revisit nodes across first guesses
        self.stats = new_stats()
        self.root_core = np.empty(0, np.int32)
        self.root_complete = True      # every refuted first guess left a core
        # guess-major patterns (a guess's patterns over a few answers lie in one row): the
        # searcher's matrix is answer-major, so this is its transposed copy (under a second at
        # 12972 x 12972, once per proof; a fresh array, so writeable: one type for compiled code)
        self.M = np.ascontiguousarray(searcher.MT.T)

    def _feasible(self, H, L, d, node_limit):
        return K.core_feasible(H, L, d, self.s.tables, self.M, self.cache, self.stats, node_limit, self.store.arrays())

    def _core_members(self, c):
        st, n, _ = self.store.meta[c]
        return self.store.elems[st:st + n]

    def start_feasible(self, H, L, g0, d, node_limit, progress=None):
        """g0 if every class after first guess g0 is solvable within d - 1, else REFUTED or NODE_LIMIT.

        On REFUTED the failing class's core joins the root core.
        """
        store = self.store.arrays()
        if self.root_core.shape[0] >= 2 and d >= 2 and K.refuted_within(self.root_core, g0, d - 1, self.M, store):
            store.count[Count.CORE_HITS] += 1
            return REFUTED
        members, starts, sizes, pats = K.classes_of(self.s.MT, H, g0)
        if d <= 1:
            return g0 if len(sizes) == 0 else REFUTED
        for c in np.argsort(-sizes, kind="stable"):
            sub = members[starts[c]:starts[c] + sizes[c]].copy()
            r = int(self._feasible(sub, L, d - 1, node_limit))
            if progress:
                progress(1, info=f"{int(self.stats[Stat.NODES])} nodes")
            if r == REFUTED:
                w = int(store.count[Count.LAST])
                if w == NO_CORE:
                    self.root_complete = False
                else:
                    self.root_core = np.union1d(self.root_core, self._core_members(w)).astype(np.int32)
            if r < 0:
                return r
        return int(g0)

    def statistics(self) -> dict:
        """Nodes, cache hits, cells scanned, learnt cores and how often one refuted a node."""
        counts = self.store.counts()
        return {**named_counts(self.stats, Stat), "cores": counts["n_cores"], "core_hits": counts["core_hits"]}

    def check_core(self, members, d, node_limit: int = 10**12) -> str:
        """Re-check with the plain search (no cores, all guesses) that ``members`` need more than d guesses.

        Returns the plain search's status: INFEASIBLE (confirmed), FEASIBLE or UNKNOWN.
        """
        s = self.s
        H = np.array(sorted(members), np.int32)
        L = np.arange(len(s.lists.guesses), dtype=np.int32)
        r = K.depth_feasible(H, L, d, s.tables, new_table(s.cache_entries), new_stats(), node_limit, s.depth_rounds)
        return outcome(r)
