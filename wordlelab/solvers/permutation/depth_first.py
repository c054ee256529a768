"""Exact permutation Wordle depth first, keeping each state's values and not its expansion.

The dynamic programme of :func:`wordlelab.solvers.permutation.solve` values a state from its
children's values alone: least total = secrets + min over outcomes of the children's totals;
most secrets within r = max over outcomes of (win + the children's most within r - 1); and one
strategy attains every maximum at once if some outcome attains them all with universal
children. So a depth-first walk that values a state as soon as its last child is valued, and
then forgets the state's expansion, computes the same table (the same outcome chosen, the first
least in expansion order) while keeping O(n) numbers a state instead of every child reference:
about 10^4 references a state at n = 8, which did not fit in memory for 10^6 states.

Outcomes are valued best bound first, and one is skipped when its bounds show it changes none
of the state's values (:func:`value_states`): the bounds rest on the fact that a state with k
unsolved positions solves within r rounds at most what the start of the n = k game does
(:func:`within_bounds`, those optima valued here first), so a run values fewer states and
every state it values gets the same values as the full programme.

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

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.permutation.canon import key_size
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
    """State values in growable arrays, addressed by canonical key (a compiled dict, so the
    bounds and values below are computed in compiled code)."""

    def __init__(self, rounds: int):
        from wordlelab.solvers.permutation import core
        self.index = core.new_memo()
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

    def keys(self) -> list:
        return list(self.index.keys())

    def __contains__(self, key) -> bool:
        return key in self.index

    def __len__(self) -> int:
        return len(self.index)


@nb.njit(cache=True)
def _first_missing(flat, lo, hi, index):
    """The first position in flat[lo:hi] whose key has no value yet (hi if none)."""
    p = lo
    while p < hi and flat[p] in index:
        p += 1
    return p


@nb.njit(cache=True)
def _outcome_value(n_sec, win, flat, lo, hi, index, total, within, universal, rounds):
    """Exact (state total through this outcome, within r = 0..rounds, children all universal)."""
    t = n_sec
    reach = np.zeros(rounds + 1, np.int64)
    w0 = 1 if win else 0
    for r in range(1, rounds + 1):
        reach[r] = w0
    uni = True
    for c in range(lo, hi):
        i = index[flat[c]]
        t += total[i]
        for r in range(1, rounds + 1):
            reach[r] += within[i, r - 1]
        if not universal[i]:
            uni = False
    return t, reach, uni


@nb.njit(cache=True)
def _outcome_bound(n_sec, win, flat, sizes, lo, hi, index, total, within, rounds, bound):
    """Least state total and most within r (r = 0..rounds) that this outcome could give: exact
    for valued children, else from the child's secrets and unsolved positions (see :func:`within_bounds`)."""
    t = n_sec
    reach = np.zeros(rounds + 1, np.int64)
    w0 = 1 if win else 0
    for r in range(1, rounds + 1):
        reach[r] = w0
    for c in range(lo, hi):
        key = flat[c]
        if key in index:
            i = index[key]
            t += total[i]
            for r in range(1, rounds + 1):
                reach[r] += within[i, r - 1]
        else:
            kc = key_size(key)
            nc = sizes[c]
            for r in range(1, rounds + 1):
                reach[r] += min(nc, bound[kc, r - 1])
            for r in range(bound.shape[1]):
                t += nc - min(nc, bound[kc, r])
    return t, reach


@nb.njit(cache=True)
def _bounds_all(n_sec, wins, offsets, flat, sizes, index, total, within, rounds, bound):
    """:func:`_outcome_bound`'s least total for every outcome."""
    n_out = wins.shape[0]
    lb = np.empty(n_out, np.int64)
    for o in range(n_out):
        lb[o], _ = _outcome_bound(n_sec, wins[o], flat, sizes, offsets[o], offsets[o + 1], index, total, within,
                                  rounds, bound)
    return lb


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


MEMO_LIMIT = 20_000_000     # canonical keys of labelled children kept across expansions (about 2 GB)
_EXACT_WITHIN: dict = {}     # k -> most secrets solved within r rounds from the start of the n = k game


def within_bounds(top: int) -> np.ndarray:
    """``bound[k, r]``: at least the most secrets any strategy solves within r rounds from any state
    with k unsolved positions (k <= top, r = 0..3 top + 3).

    A state with k unsolved positions is a set of permutations of k values: a strategy for it,
    played from the start of the n = k game with each guess completed to a permutation, gets
    finer replies and so solves every secret it solved, as early. So for k < top the bound is
    the exact optimum of the n = k game (valued here, by this module, with free guesses: the
    consistent-only optimum is no larger). For k = top, after a guess the secrets agreeing with
    it at exactly the positions U form a class with at most top - |U| unsolved positions, at
    most C(top, j) classes have |U| = j, and one secret at most is won at once:
    bound[top, r] = min(top!, 1 + sum_j C(top, j) bound[top - j, r - 1]).
    """
    from math import comb, factorial
    from wordlelab.solvers.permutation import root_key
    width = 3 * top + 4
    bound = np.zeros((top + 1, width), np.int64)
    for k in range(top + 1):
        if k <= 1:
            bound[k, 1:] = 1
        elif k < top:
            if k not in _EXACT_WITHIN:
                table = value_states(root_key(k), False, k + 1)
                _EXACT_WITHIN[k] = table[root_key(k)].within
            w = _EXACT_WITHIN[k]
            bound[k, :len(w)] = w
            bound[k, len(w):] = w[-1]
    if top >= 2:
        for r in range(1, width):
            b = 1 + sum(comb(top, j) * int(bound[top - j, r - 1]) for j in range(top))
            bound[top, r] = min(factorial(top), b)
    return bound


def value_states(root: int, consistent: bool, rounds: int, checkpoint=None, question: dict | None = None,
                 progress=None, prune: bool = True) -> ValueTable:
    """Value every state reachable from ``root`` depth first; resumable from the log ``checkpoint``.

    ``progress(valued, expanded, stack_depth)`` is called after each state is valued. With ``prune``,
    a state's outcomes are valued best bound first, and an outcome is skipped (its children never
    valued) when its bounds (:func:`within_bounds`) show it changes none of the state's values:
    its least total is above the best found (or equal, and it comes later in expansion order, so
    it would not be the first least), it can solve no more within any r than the best found, and
    it could not be the one outcome attaining every maximum at once (it falls short somewhere, or
    an outcome already valued attains the maxima found with universal children). Every state
    valued gets the values the full dynamic programme gives it, the same best guess included;
    fewer states are valued.
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
    top = int(key_size(np.int64(root)))
    bound = within_bounds(top) if prune and root not in table else None
    with CheckpointLog(checkpoint, question) as log:
        stack = []
        memo = core.new_memo()

        def push(key):
            nonlocal expanded, memo
            if len(memo) > MEMO_LIMIT:
                memo = core.new_memo()
            n_sec, wins, offsets, flat, reps, sizes = core.expand_memo(key, bool(consistent), False, memo)
            expanded += 1
            if prune:
                lb = _bounds_all(n_sec, wins, offsets, flat, sizes, table.index, table.total, table.within,
                                 rounds, bound)
                order = np.lexsort((np.arange(len(wins)), lb))
            else:
                order = np.arange(len(wins))
            stack.append(_Frame(key, n_sec, wins, offsets, flat, reps, sizes, order, rounds))

        if root not in table:
            push(root)
        while stack:
            f = stack[-1]
            if f.current < 0 and not f.next_outcome(table, rounds, bound):
                v = f.value()
                table.add(f.key, v)
                log.append(str(f.key), v.as_entry())
                stack.pop()
                if progress is not None:
                    progress(len(table), expanded, len(stack))
                continue
            o = f.current
            lo, hi = int(f.offsets[o]), int(f.offsets[o + 1])
            p = _first_missing(f.flat, lo, hi, table.index)
            if p < hi:
                push(int(f.flat[p]))
                continue
            f.take(*_outcome_value(f.n_sec, f.wins[o], f.flat, lo, hi, table.index, table.total, table.within,
                                   table.universal, rounds))
    return ValueTable(table, resumed, expanded, time.perf_counter() - t0, loaded.sealed)


@nb.njit(cache=True)
def _skip_pruned(pos, order, n_sec, wins, offsets, flat, sizes, index, total, within, rounds, bound, best_total,
                 best, found, attained):
    """The first place from ``pos`` in ``order`` whose outcome is not pruned (see :func:`value_states`)."""
    while pos < order.shape[0]:
        o = order[pos]
        lb, ub = _outcome_bound(n_sec, wins[o], flat, sizes, offsets[o], offsets[o + 1], index, total, within,
                                rounds, bound)
        if not (lb > best_total or (lb == best_total and o > best)):
            return pos
        short = False
        for r in range(rounds + 1):
            if ub[r] > found[r]:
                return pos
            if ub[r] < found[r]:
                short = True
        if not short and not attained:
            return pos
        pos += 1
    return pos


class _Frame:
    """One state being valued: its expansion, the outcomes still to look at, the best found so far."""

    def __init__(self, key, n_sec, wins, offsets, flat, reps, sizes, order, rounds):
        self.key, self.n_sec, self.wins, self.offsets, self.flat = key, int(n_sec), wins, offsets, flat
        self.reps, self.sizes, self.order = reps, sizes, order
        self.pos = 0                  # next place in ``order``
        self.current = -1             # the outcome whose children are being valued
        self.best_total, self.best = None, -1
        self.within = np.zeros(rounds + 1, np.int64)
        self.reaches = []             # (reach, children all universal) of every outcome valued
        self.attained = False         # whether one of them attains ``within`` with universal children

    def next_outcome(self, table, rounds, bound) -> bool:
        """Move to the next outcome not pruned; False when none is left."""
        if self.best_total is not None and bound is not None:
            self.pos = _skip_pruned(self.pos, self.order, self.n_sec, self.wins, self.offsets, self.flat, self.sizes,
                                    table.index, table.total, table.within, rounds, bound, self.best_total,
                                    self.best, self.within, self.attained)
        if self.pos == len(self.order):
            return False
        self.current = int(self.order[self.pos])
        self.pos += 1
        return True

    def _attained(self) -> bool:
        return any(uni and (reach == self.within).all() for reach, uni in self.reaches)

    def take(self, total, reach, uni) -> None:
        """The current outcome's exact values."""
        o = self.current
        if self.best_total is None or total < self.best_total or (total == self.best_total and o < self.best):
            self.best_total, self.best = int(total), o
        np.maximum(self.within, reach, out=self.within)
        self.reaches.append((reach, bool(uni)))
        self.attained = self._attained()
        self.current = -1

    def value(self) -> Valued:
        if self.best_total is None:
            raise ValueError("a state with no outcome")
        return Valued(self.n_sec, self.best_total, [int(x) for x in self.within], self._attained(),
                      int(self.reps[self.best]))
