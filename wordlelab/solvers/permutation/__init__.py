"""Exact optimal strategies for permutation Wordle, by dynamic programming over canonical states.

Two passes. *Discovery* expands every state reachable from the start (one
:func:`~wordlelab.solvers.permutation.core.expand` per canonical state) and keeps its
distinct guess outcomes. *Evaluation* (:func:`_evaluate`, compiled) runs over
the states in order of their number of secrets (every child has fewer) and
gives, per state:

- the least total number of rounds over its secrets (the mean is total / N);
- for every r, the most secrets any strategy solves within r rounds;
- whether one strategy attains every one of those maxima at once.

Results are exact integers and certified: :func:`optimal_tree` writes the
min-total strategy as a tree, and :func:`wordlelab.models.permutation.evaluate_tree`
re-checks it against every secret with nothing but the feedback rule.

>>> r = solve(3)
>>> r.total, r.mean, r.within
(12, Fraction(2, 1), [1, 5, 6])
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.permutation import check_n, feedback, format_perm, secrets_after
from wordlelab.solvers.permutation import core

MAX_EXACT_N = 8


@dataclass
class StateSpace:
    """Every canonical state reachable from a start, with its distinct guess outcomes."""

    keys: np.ndarray            # canonical key per state
    n_secrets: np.ndarray       # secrets per state
    out_start: np.ndarray       # state s owns outcomes out_start[s]:out_start[s+1]
    out_win: np.ndarray         # per outcome: does its guess win
    out_rep: np.ndarray         # per outcome: a representative guess (in the decoded frame)
    child_start: np.ndarray     # outcome o owns children child_start[o]:child_start[o+1]
    child_ids: np.ndarray
    index: dict = field(repr=False, default_factory=dict)
    resumed: int = 0            # states whose expansion was taken from a checkpoint (an earlier run)
    sealed: bool = True         # whether this installation wrote that checkpoint (else its expansions
    #                             are claims: solvers/runtime/checkpoint.py)

    @property
    def n_states(self) -> int:
        return len(self.keys)

    @property
    def n_outcomes(self) -> int:
        return len(self.out_win)


def root_key(n: int, history=()) -> int:
    """Canonical key of the state after ``history``."""
    rows, k, _, _ = root_rows(n, history)
    return int(core.canonical(rows, k))


def root_rows(n: int, history=()) -> tuple[np.ndarray, int, list[int], list[int]]:
    """Rows of the unsolved part after ``history``, and which positions/values they stand for."""
    secrets = secrets_after(n, history)
    if not secrets:
        raise WordleError("no permutation is consistent with that history: the state is impossible")
    S = np.array(secrets, dtype=np.int64)
    return _local_rows(S)


def _local_rows(S: np.ndarray):
    """Local graph of a set of secrets: positions where they disagree, values used there."""
    positions = [i for i in range(S.shape[1]) if len(set(S[:, i])) > 1]
    values = sorted({int(v) for i in positions for v in S[:, i]})
    vindex = {v: j for j, v in enumerate(values)}
    rows = np.zeros(len(positions), np.int64)
    for r, i in enumerate(positions):
        for v in set(S[:, i]):
            rows[r] |= 1 << vindex[int(v)]
    return rows, len(positions), positions, values


def perm_question(n: int, consistent: bool, history=()) -> dict:
    """What a ``perm optimal`` checkpoint answers (the same with or without ``--workers``).

    >>> perm_question(4, False, [((1, 0, 2, 3), "BBGG")])
    {'kind': 'perm-optimal', 'n': 4, 'consistent': False, 'history': ['2134:BBGG']}
    """
    return {"kind": "perm-optimal", "n": n, "consistent": bool(consistent),
            "history": [f"{format_perm(g)}:{fb}" for g, fb in history]}


def expansion_entry(n_sec, wins, offsets, flat, reps) -> list:
    """One state's expansion as a checkpoint entry: [secrets, wins (0/1), offsets, children, reps]."""
    return [int(n_sec), np.asarray(wins).astype(int).tolist(), np.asarray(offsets).tolist(),
            np.asarray(flat).tolist(), np.asarray(reps).tolist()]


def expansion_arrays(entry) -> tuple:
    """A checkpoint entry back as :func:`~wordlelab.solvers.permutation.core.expand` returns it."""
    n_sec, wins, offsets, flat, reps = entry
    return (int(n_sec), np.array(wins, np.bool_), np.array(offsets, np.int64), np.array(flat, np.int64),
            np.array(reps, np.int64))


def check_expansion(key, value) -> None:
    """Shape of a state-expansion checkpoint entry (ValueError if malformed).

    >>> check_expansion("12", [2, [0, 1], [0, 1, 1], [5], [3, 4]])
    >>> check_expansion("12", [2, [0, 1], [0, 1], [5], [3, 4]])
    Traceback (most recent call last):
    ...
    ValueError: offsets must run from 0 to the number of children, one more than the outcomes
    """
    from wordlelab.solvers.runtime.checkpoint import check_int, check_int_list
    if not key.isdigit():
        raise ValueError("a state key is a non-negative integer")
    if not isinstance(value, list) or len(value) != 5:
        raise ValueError("must be [secrets, wins, offsets, children, reps]")
    n_sec, wins, offsets, flat, reps = value
    check_int(n_sec, "secrets", 1)
    check_int_list(wins, "wins")
    if any(w not in (0, 1) for w in wins):
        raise ValueError("wins must be 0 or 1")
    check_int_list(offsets, "offsets")
    check_int_list(flat, "children")
    check_int_list(reps, "reps", None)
    if (len(offsets) != len(wins) + 1 or offsets[0] != 0 or offsets[-1] != len(flat)
            or any(a > b for a, b in zip(offsets, offsets[1:]))):
        raise ValueError("offsets must run from 0 to the number of children, one more than the outcomes")
    if len(reps) != len(wins):
        raise ValueError("one rep per outcome")


def discover(root_key, consistent: bool, progress=None, checkpoint=None, save_every: float = 30.0,
             every_matching: bool = False, question: dict | None = None, entries: dict | None = None) -> StateSpace:
    """Expand every reachable state once (breadth first); resumable from ``checkpoint``.

    The checkpoint (:mod:`wordlelab.solvers.runtime.checkpoint`) maps each state expanded so far to
    its expansion (:func:`expansion_entry`); it is written every ``save_every`` seconds and
    on Ctrl-C, so an interrupted run loses nothing. ``question`` is its question (default: the
    roots, ``consistent`` and ``every_matching``); :func:`solve` asks :func:`perm_question`, as
    :func:`wordlelab.solvers.permutation.sweep.solve_sweep` does, so either resumes the other's file.
    ``entries``: the checkpoint's entries, if the caller has loaded them already.
    """
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint, save_checkpoint
    roots = [int(k) for k in root_key] if isinstance(root_key, (list, tuple, np.ndarray)) else [int(root_key)]
    if question is None:
        question = {"kind": "perm-discovery", "roots": roots, "consistent": bool(consistent),
                    "every_matching": bool(every_matching)}
    if entries is None:
        entries = load_checkpoint(checkpoint, question, check_expansion)
    keys = list(roots)
    n_secrets, wins, reps, offsets, flats = [], [], [], [], []
    index = {k: i for i, k in enumerate(keys)}
    head = resumed = 0
    last_save = time.monotonic()
    try:
        while head < len(keys):
            saved = entries.get(str(keys[head]))
            if saved is not None:
                n_sec, w, off, flat, rep = expansion_arrays(saved)
                resumed += 1
            else:
                n_sec, w, off, flat, rep = core.expand(keys[head], bool(consistent), bool(every_matching))
                if checkpoint:
                    entries[str(keys[head])] = expansion_entry(n_sec, w, off, flat, rep)
            n_secrets.append(n_sec)
            wins.append(w)
            reps.append(rep)
            offsets.append(off)
            flats.append(flat)
            for key in flat.tolist():
                if key not in index:
                    index[key] = len(keys)
                    keys.append(key)
            head += 1
            if progress is not None:
                progress(head, len(keys))
            if checkpoint and time.monotonic() - last_save > save_every:
                save_checkpoint(checkpoint, question, entries)
                last_save = time.monotonic()
    except KeyboardInterrupt:
        save_checkpoint(checkpoint, question, entries)
        raise
    save_checkpoint(checkpoint, question, entries)
    space = assemble(keys, n_secrets, wins, reps, offsets, flats, index)
    space.resumed = resumed
    space.sealed = getattr(entries, "sealed", True)
    return space


def assemble(keys, n_secrets, wins, reps, offsets, flats, index=None) -> StateSpace:
    """A StateSpace from per-state expansions listed in the order of ``keys``."""
    if index is None:
        index = {k: i for i, k in enumerate(keys)}
    out_counts = np.array([len(w) for w in wins], np.int64)
    out_start = np.zeros(len(keys) + 1, np.int64)
    np.cumsum(out_counts, out=out_start[1:])
    child_counts = np.concatenate([np.diff(o) for o in offsets]) if offsets else np.zeros(0, np.int64)
    child_start = np.zeros(len(child_counts) + 1, np.int64)
    np.cumsum(child_counts, out=child_start[1:])
    all_keys = np.concatenate(flats) if flats else np.zeros(0, np.int64)
    child_ids = np.fromiter((index[k] for k in all_keys.tolist()), np.int64, len(all_keys))
    return StateSpace(np.array(keys, np.int64), np.array(n_secrets, np.int64), out_start,
                      np.concatenate(wins), np.concatenate(reps), child_start, child_ids, index)


@nb.njit(cache=True)
def _evaluate(n_secrets, out_start, out_win, child_start, child_ids, rounds):
    """Least total, most solved within r (r = 0..rounds), all-at-once flag and best outcome, per state."""
    n = n_secrets.shape[0]
    order = np.argsort(n_secrets, kind="mergesort")
    total = np.zeros(n, np.int64)
    within = np.zeros((n, rounds + 1), np.int64)
    universal = np.zeros(n, np.bool_)
    best_out = np.full(n, -1, np.int64)
    for s in order:
        best_total = 1 << 62
        for o in range(out_start[s], out_start[s + 1]):
            t = 0
            for c in range(child_start[o], child_start[o + 1]):
                t += total[child_ids[c]]
            if t < best_total:
                best_total = t
                best_out[s] = o
            for r in range(1, rounds + 1):
                v = 1 if out_win[o] else 0
                for c in range(child_start[o], child_start[o + 1]):
                    v += within[child_ids[c], r - 1]
                if v > within[s, r]:
                    within[s, r] = v
        total[s] = n_secrets[s] + best_total
        for o in range(out_start[s], out_start[s + 1]):
            ok = True
            for r in range(1, rounds + 1):
                v = 1 if out_win[o] else 0
                for c in range(child_start[o], child_start[o + 1]):
                    v += within[child_ids[c], r - 1]
                if v != within[s, r]:
                    ok = False
                    break
            if ok:
                for c in range(child_start[o], child_start[o + 1]):
                    if not universal[child_ids[c]]:
                        ok = False
                        break
            if ok:
                universal[s] = True
                break
    return total, within, universal, best_out


@dataclass
class PermResult:
    """The exact answers for one start state."""

    n: int
    consistent: bool
    history: tuple
    n_secrets: int
    total: int
    within: list[int]           # within[r-1]: most secrets solved within r rounds, r = 1..n
    universal: bool
    worst_case: int             # least r with within[r-1] == n_secrets
    states: int
    outcomes: int
    seconds_discover: float
    seconds_evaluate: float
    space: StateSpace = field(repr=False, default=None)
    best_out: np.ndarray = field(repr=False, default=None)

    @property
    def mean(self) -> Fraction:
        return Fraction(self.total, self.n_secrets)

    def as_dict(self) -> dict:
        return dict(n=self.n, consistent_only=self.consistent,
                    history=[f"{format_perm(g)}:{fb}" for g, fb in self.history],
                    secrets=self.n_secrets, total_rounds=self.total, mean=str(self.mean),
                    within=self.within, one_strategy_attains_all=self.universal,
                    worst_case=self.worst_case, states=self.states, outcomes=self.outcomes,
                    seconds_discover=round(self.seconds_discover, 3),
                    seconds_evaluate=round(self.seconds_evaluate, 3))


def load_checkpoint_entries(checkpoint, question: dict) -> dict:
    """The state expansions a ``perm optimal`` checkpoint holds for ``question`` ({} without a file);
    a file of another question, or a malformed one, is refused with a one-line WordleError."""
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    return load_checkpoint(checkpoint, question, check_expansion)


def solve(n: int, consistent: bool = False, history=(), progress=None, checkpoint=None,
          space: StateSpace | None = None) -> PermResult:
    """Exact optimum from the start (or after ``history``) for n <= 8 (``space``: already discovered)."""
    check_n(n, MAX_EXACT_N)
    history = tuple(history)
    question = perm_question(n, consistent, history)
    # a checkpoint that would be refused is refused first: the root's key compiles the kernels (a minute, cold)
    entries = load_checkpoint_entries(checkpoint, question) if space is None else None
    rows, k, _, _ = root_rows(n, history)
    root = int(core.canonical(rows, k))
    t0 = time.perf_counter()
    if space is None:
        space = discover(root, consistent, progress, checkpoint, question=question, entries=entries)
    t1 = time.perf_counter()
    total, within, universal, best_out = _evaluate(space.n_secrets, space.out_start, space.out_win,
                                                   space.child_start, space.child_ids, n + 1)
    t2 = time.perf_counter()
    n_sec = int(space.n_secrets[0])
    w = [int(x) for x in within[0, 1:n + 1]]
    worst = next((r for r in range(1, n + 2) if within[0, r] == n_sec), n + 1)
    return PermResult(n, consistent, history, n_sec, int(total[0]), w, bool(universal[0]), worst,
                      space.n_states, space.n_outcomes, t1 - t0, t2 - t1, space, best_out)


def optimal_tree(result: PermResult) -> dict:
    """The min-total strategy as a tree: {'guess': '2143', 'next': {'GBBG': subtree, ...}}."""
    space = result.space
    return strategy_tree(result.n, result.history, lambda key: int(space.out_rep[result.best_out[space.index[key]]]))


def strategy_tree(n: int, history, best_rep) -> dict:
    """The strategy that plays, in each state, ``best_rep(canonical key)`` (a guess in the decoded frame)."""
    secrets = np.array(secrets_after(n, tuple(history)), dtype=np.int64)
    return _tree_node(best_rep, secrets, n)


def _tree_node(best_rep, S: np.ndarray, n: int) -> dict:
    if len(S) == 1:
        return {"guess": format_perm(tuple(int(v) for v in S[0]))}
    rows, k, positions, values = _local_rows(S)
    key, row_of, col_of = core.canonical_map(rows, k)
    rep = best_rep(int(key))
    guess = [-1] * n
    # known positions keep their value
    for i in range(n):
        if i not in positions:
            guess[i] = int(S[0, i])
    used = {v for v in guess if v >= 0}
    while rep:
        bit = rep & -rep
        rep ^= bit
        b = bit.bit_length() - 1
        i, c = divmod(b, 8)
        p, v = positions[row_of[i, c]], values[col_of[i, c]]
        guess[p] = v
        used.add(v)
    rest = iter(sorted(set(range(n)) - used))
    guess = tuple(g if g >= 0 else next(rest) for g in guess)
    groups: dict[str, list] = {}
    for s in S:
        groups.setdefault(feedback(guess, tuple(int(v) for v in s)), []).append(s)
    node = {"guess": format_perm(guess), "next": {}}
    for fb, members in sorted(groups.items()):
        if fb == "G" * n:
            continue
        node["next"][fb] = _tree_node(best_rep, np.array(members), n)
    return node



def describe_state(key: int) -> str:
    """A state as the values still possible at each unsolved position: '1:{2,3} 2:{1,3} ...'."""
    rows, k = core.decode(key)
    return " ".join(f"{i + 1}:{{{','.join(str(j + 1) for j in range(k) if (rows[i] >> j) & 1)}}}"
                    for i in range(k))


EVERY_MATCHING_MAX_N = 5


def consistency_gaps(n: int, every_matching: bool | None = None) -> dict:
    """Over the states play can reach from the start: where does 'consistent guesses only' cost more?

    States are listed with every matching as a guess (maximal or not: every
    state any play reaches; the default for n <= 5) or with maximal guesses only
    (every state optimal play can reach; the default beyond, where the former
    is too many), then valued twice from each: with any guess, and with
    consistent guesses only.
    """
    check_n(n, MAX_EXACT_N)
    if every_matching is None:
        every_matching = n <= EVERY_MATCHING_MAX_N
    t0 = time.perf_counter()
    rows, k, _, _ = root_rows(n)
    reach = discover(int(core.canonical(rows, k)), False, every_matching=every_matching)
    free = discover(reach.keys, False) if every_matching else reach
    ft, fw, _, _ = _evaluate(free.n_secrets, free.out_start, free.out_win, free.child_start, free.child_ids, n + 1)
    cons = discover(free.keys, True)
    ct, cw, _, _ = _evaluate(cons.n_secrets, cons.out_start, cons.out_win, cons.child_start, cons.child_ids, n + 1)
    worse_total, worse_within, smallest, smallest_total = 0, 0, None, None
    root_key_ = int(reach.keys[0])
    root_worse = None
    for key in reach.keys.tolist():
        s, c = free.index[key], cons.index[key]
        t_worse = bool(ct[c] > ft[s])
        w_worse = bool((cw[c] < fw[s]).any())
        worse_total += t_worse
        worse_within += w_worse
        if key == root_key_:
            root_worse = {"total": t_worse, "within": w_worse}
        rank = (int(free.n_secrets[s]), int(core.key_size(key)), key)
        if (t_worse or w_worse) and (smallest is None or rank < smallest[0]):
            smallest = (rank, s, c)
        if t_worse and (smallest_total is None or rank < smallest_total[0]):
            smallest_total = (rank, s, c)
    out = {"n": n, "reach": "any guess" if every_matching else "maximal guesses", "states": reach.n_states,
           "worse_total": int(worse_total), "worse_within": worse_within, "start_worse": root_worse,
           "smallest": None, "smallest_secrets": None, "smallest_totals": None,
           "seconds": round(time.perf_counter() - t0, 2)}
    for label, found in (("smallest", smallest), ("smallest_in_total", smallest_total)):
        if found is not None:
            (_, _, key), s, c = found
            out[label] = describe_state(key)
            out[f"{label}_secrets"] = int(free.n_secrets[s])
            out[f"{label}_totals"] = f"{ft[s]} / {ct[c]}"
            out[f"{label}_within"] = [[int(x) for x in fw[s, 1:]], [int(x) for x in cw[c, 1:]]]
    return out
