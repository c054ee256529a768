"""Exact permutation Wordle depth first, keeping each state's values and not its expansion.

The dynamic programme of :func:`wordlelab.solvers.permutation.solve` values a state from its
children's values alone: least total = secrets + min over outcomes of the children's totals;
most secrets within r = max over outcomes of (win + the children's most within r - 1); and one
strategy attains every maximum at once if some outcome attains them all with universal
children. So a depth-first walk that values a state as soon as its last child is valued, and
then forgets the state's expansion, computes the same table (the same outcome chosen, the first
least in expansion order) while keeping O(n) numbers a state instead of every child reference:
about 10^4 references a state at n = 8, which did not fit in memory for 10^6 states.

Each valued state is appended to a checkpoint log (:mod:`wordlelab.solvers.runtime.checkpoint_log`),
so a run stopped at any point resumes: states already valued are never expanded again, and
only the states on the path being walked when it stopped are expanded a second time. Values
resumed from a log this installation did not seal are claims (:attr:`ValueTable.sealed`): the
strategy read from them is re-scored from the rules, but that it is the least is not re-proved.

>>> values = value_states(root_key(4), False, 5)
>>> entry = values[root_key(4)]
>>> entry.total, entry.within[1:]
(60, [1, 12, 23, 24, 24])
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from wordlelab.solvers.runtime.checkpoint_log import CheckpointLog, load_log
from wordlelab.solvers.permutation import root_key  # noqa: F401  (doctest)


@dataclass(frozen=True)
class Valued:
    """One state's values: least total, most within r (r = 0..rounds), universal, best guess."""

    secrets: int
    total: int
    within: list
    universal: bool
    best_rep: int          # the best outcome's representative guess, in the decoded frame

    def as_entry(self) -> list:
        return [self.secrets, self.total, self.within, int(self.universal), self.best_rep]


def check_entry(key, value) -> None:
    """Shape of one log entry: [secrets, total, within, universal (0/1), best guess]."""
    if not key.isdigit():
        raise ValueError("a state key is a non-negative integer")
    if not isinstance(value, list) or len(value) != 5:
        raise ValueError("must be [secrets, total, within, universal, best guess]")
    secrets, total, within, universal, rep = value
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (secrets, total, universal, rep)):
        raise ValueError("secrets, total, universal and best guess are integers")
    if not isinstance(within, list) or not all(isinstance(x, int) and 0 <= x <= secrets for x in within):
        raise ValueError("within lists counts between 0 and the secrets")
    if secrets < 1 or total < secrets or universal not in (0, 1) or (within and within[0] != 0):
        raise ValueError("values out of range")


def _valued(entry) -> Valued:
    secrets, total, within, universal, rep = entry
    return Valued(secrets, total, within, bool(universal), rep)


class _Table:
    """State values in growable arrays, addressed by canonical key."""

    def __init__(self, rounds: int):
        self.index: dict[int, int] = {}
        self.rounds = rounds
        self.total = np.zeros(1024, np.int64)
        self.within = np.zeros((1024, rounds + 1), np.int64)
        self.universal = np.zeros(1024, np.bool_)
        self.secrets = np.zeros(1024, np.int64)
        self.rep = np.zeros(1024, np.int64)

    def add(self, key: int, v: Valued) -> None:
        i = len(self.index)
        if i == len(self.total):
            for name in ("total", "within", "universal", "secrets", "rep"):
                a = getattr(self, name)
                bigger = np.zeros((2 * len(a),) + a.shape[1:], a.dtype)
                bigger[:i] = a
                setattr(self, name, bigger)
        self.index[key] = i
        self.total[i], self.universal[i], self.secrets[i], self.rep[i] = v.total, v.universal, v.secrets, v.best_rep
        self.within[i] = v.within

    def get(self, key: int) -> Valued:
        i = self.index[key]
        return Valued(int(self.secrets[i]), int(self.total[i]), [int(x) for x in self.within[i]],
                      bool(self.universal[i]), int(self.rep[i]))

    def value(self, n_sec, wins, offsets, flat, reps) -> Valued:
        """A state's values from its expansion, every child already in the table."""
        ids = np.fromiter((self.index[k] for k in flat.tolist()), np.int64, len(flat))
        n_out = len(wins)
        if n_out == 0:
            raise ValueError("a state with no outcome")
        lo, hi = offsets[:-1], offsets[1:]
        tot = np.concatenate(([0], np.cumsum(self.total[ids])))
        per_out = tot[hi] - tot[lo]
        best = int(np.argmin(per_out))                  # the first least, as the compiled DP picks
        w = np.vstack([np.zeros((1, self.rounds + 1), np.int64), np.cumsum(self.within[ids], axis=0)])
        reach = np.zeros((n_out, self.rounds + 1), np.int64)
        reach[:, 1:] = wins.astype(np.int64)[:, None] + (w[hi] - w[lo])[:, :-1]
        within = reach.max(axis=0)
        not_universal = np.concatenate(([0], np.cumsum(~self.universal[ids])))
        attains = (reach == within).all(axis=1) & (not_universal[hi] - not_universal[lo] == 0)
        return Valued(int(n_sec), int(n_sec + per_out[best]), [int(x) for x in within], bool(attains.any()),
                      int(reps[best]))

    def __contains__(self, key) -> bool:
        return key in self.index

    def __len__(self) -> int:
        return len(self.index)


class ValueTable:
    """What :func:`value_states` found: ``table[key]`` is a :class:`Valued`; ``expanded`` counts this run's
    expansions; ``sealed`` says whether the ``resumed`` values came from a log this installation sealed."""

    def __init__(self, table: _Table, resumed: int, expanded: int, seconds: float, sealed: bool = True):
        self._table, self.resumed, self.expanded, self.seconds = table, resumed, expanded, seconds
        self.sealed = sealed

    def __getitem__(self, key) -> Valued:
        return self._table.get(int(key))

    def __len__(self) -> int:
        return len(self._table)


def value_states(root: int, consistent: bool, rounds: int, checkpoint=None, question: dict | None = None,
                 progress=None) -> ValueTable:
    """Value every state reachable from ``root`` depth first; resumable from the log ``checkpoint``.

    ``progress(valued, expanded, stack_depth)`` is called after each state is valued.
    """
    from wordlelab.solvers.permutation import core
    if question is None:
        question = {"kind": "perm-values", "root": int(root), "consistent": bool(consistent), "rounds": rounds}
    t0 = time.perf_counter()
    table = _Table(rounds)
    loaded = load_log(checkpoint, question, check_entry)
    for key, entry in loaded.items():
        table.add(int(key), _valued(entry))
    resumed = len(table)
    expanded = 0
    with CheckpointLog(checkpoint, question) as log:
        stack = []                                      # [key, expansion, next child position]

        def push(key):
            nonlocal expanded
            expansion = core.expand(key, bool(consistent), False)
            expanded += 1
            stack.append([key, expansion, 0])

        if root not in table:
            push(root)
        while stack:
            frame = stack[-1]
            key, expansion, pos = frame
            flat = expansion[3]
            while pos < len(flat) and int(flat[pos]) in table:
                pos += 1
            frame[2] = pos
            if pos < len(flat):
                push(int(flat[pos]))
                continue
            v = table.value(*expansion)
            table.add(key, v)
            log.append(str(key), v.as_entry())
            stack.pop()
            if progress is not None:
                progress(len(table), expanded, len(stack))
    return ValueTable(table, resumed, expanded, time.perf_counter() - t0, loaded.sealed)
