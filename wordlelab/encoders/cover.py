"""Endgame set-cover lower bounds ("ill Wordle") as CP-SAT and MIP models.

The bound (Peattie's argument, generalised). For an answer set E and a guess x,
let c(x) be the largest class of E under x's feedback, the all-green class
excluded (ties: the smallest pattern code), and D(x) = E minus c(x). An
adversary who always answers inside c(x) keeps every answer outside
D(x_1) | ... | D(x_k) possible after k guesses, all with identical feedback.
A strategy that finds every answer of E within g guesses therefore needs some
g-1 guesses whose D-sets cover at least |E|-1 answers. So if the least such
cover has k sets, every strategy needs k+1 guesses for some answer of E, and,
in easy mode, for some answer of any answer list containing E.

Coverage comes from the real feedback (the pattern matrix): a guess with
``s`` only in the last position tells nothing about ``sills`` versus ``lills``.

Encoders build models; they never solve (see :mod:`wordlelab.solvers.backends`).
"""
from __future__ import annotations

from dataclasses import dataclass

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.encoders.model import Deadline, Model, clean_name
from wordlelab.errors import WordleError, check_choice

ENCODINGS = ("counting", "pairs")


@dataclass
class CoverInstance:
    """Merged, dominance-reduced D-sets of one answer set E."""

    label: str
    answers: tuple[str, ...]               # E
    sets: np.ndarray                       # (n_sets, |E|) bool: D-set of each kept guess class
    guesses: list[list[str]]               # the guesses sharing each kept D-set
    n_guesses: int                         # guesses before merging

    @property
    def size(self) -> int:
        """|E|."""
        return len(self.answers)

    def static_bound(self) -> int:
        """Selby's pre-check: fewest sets whose sizes could add up to |E|-1."""
        need, total = self.size - 1, 0
        for t, s in enumerate(sorted(self.sets.sum(axis=1), reverse=True), 1):
            total += int(s)
            if total >= need:
                return t
        return len(self.sets) + 1  # no cover at all (cannot happen while some guess splits E)


@nb.njit(cache=True)
def _adversary_class(sub):  # pragma: no cover - compiled
    """Per guess (row): the adversary's class, the largest non-green pattern (ties: smallest code)."""
    n, m = sub.shape
    out = np.empty(n, np.int32)
    counts = np.zeros(243, np.int32)
    for i in range(n):
        for j in range(m):
            counts[sub[i, j]] += 1
        best, arg = -1, 0
        for j in range(m):
            p = sub[i, j]
            if p != 242 and (counts[p] > best or (counts[p] == best and p < arg)):
                best, arg = counts[p], p
        out[i] = arg
        for j in range(m):
            counts[sub[i, j]] = 0
    return out


def d_sets(matrix_columns: np.ndarray, rows_per_call: int = 1024, deadline: Deadline | None = None) -> np.ndarray:
    """Bool (guesses x |E|): D(x), given the pattern matrix restricted to the columns of E.

    A slice of guesses at a time (every guess against every answer takes seconds), ``deadline``
    checked between slices.

    >>> d_sets(np.array([[0, 0, 242], [1, 2, 2]], np.uint8)).tolist()
    [[False, False, True], [True, False, False]]
    """
    out = np.empty(matrix_columns.shape, np.bool_)
    for lo in range(0, len(matrix_columns), rows_per_call):
        if deadline is not None:
            deadline.check("finding the cover's guess sets")
        sub = np.ascontiguousarray(matrix_columns[lo:lo + rows_per_call], dtype=np.uint8)
        out[lo:lo + rows_per_call] = sub != _adversary_class(sub)[:, None]
    return out


@nb.njit(cache=True)
def _dominated_rows(words, sizes, lo, hi, out):  # pragma: no cover - compiled
    """out[a] for a in [lo, hi): whether row a's bit set lies inside another row's (rows distinct)."""
    n, w = words.shape
    for a in range(lo, hi):
        for b in range(n):
            # distinct sets: one inside another is strictly inside, so strictly smaller
            if sizes[b] <= sizes[a]:
                continue
            inside = True
            for k in range(w):
                if words[a, k] & ~words[b, k]:
                    inside = False
                    break
            if inside:
                out[a] = True
                break


def dominated_sets(sets: np.ndarray, rows_per_call: int = 256, deadline: Deadline | None = None) -> np.ndarray:
    """Bool per row of the distinct bool rows ``sets``: whether it lies inside another row.

    Rows are compared as packed 64-bit words, a pair given up at its first word with a member
    outside the other (most pairs: at once), so an endgame of every guess ('?????' with
    ``--answers all``: 8259 sets of 12972 answers) takes seconds where a dense product took
    hours. The rows go to the compiled loop a slice at a time: Python runs a Ctrl-C's handler
    between two calls, and a stop never waits for the whole comparison; ``deadline`` is checked
    between them too (:class:`~wordlelab.encoders.model.TimeLimitReached`).

    >>> dominated_sets(np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]], bool)).tolist()
    [False, True, False]
    """
    n = len(sets)
    packed = np.packbits(sets, axis=1)
    pad = -packed.shape[1] % 8
    words = np.ascontiguousarray(np.pad(packed, ((0, 0), (0, pad)))).view(np.uint64)
    sizes = sets.sum(axis=1)
    out = np.zeros(n, np.bool_)
    for lo in range(0, n, rows_per_call):
        if deadline is not None:
            deadline.check("comparing the cover's guess sets")
        _dominated_rows(words, sizes, lo, min(n, lo + rows_per_call), out)
    return out


def cover_instance(label: str, answers, guesses, matrix_columns: np.ndarray,
                   deadline: Deadline | None = None) -> CoverInstance:
    """Build the reduced instance: merge equal D-sets, drop empty and dominated ones.

    ``deadline``, if given, is checked as it goes (:class:`~wordlelab.encoders.model.TimeLimitReached`).
    """
    answers = tuple(answers)
    if len(answers) < 2:
        raise WordleError(f"endgame {label} has fewer than 2 answers")
    D = d_sets(matrix_columns, deadline=deadline)
    keep = D.any(axis=1)
    D, idx = D[keep], np.flatnonzero(keep)
    packed = np.packbits(D, axis=1)                 # one short byte string per D-set: fast to sort
    keys = np.ascontiguousarray(packed).view(np.dtype((np.void, packed.shape[1]))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    uniq = D[first]
    inverse = inverse.ravel()
    # drop a set contained in a different, larger one: a cover can always use the larger
    dominated = dominated_sets(uniq, deadline=deadline)
    kept = np.flatnonzero(~dominated)
    members: list[list[str]] = [[] for _ in range(len(uniq))]
    for row, u in zip(idx, inverse):
        members[u].append(guesses[row])
    return CoverInstance(label, answers, uniq[kept], [members[k] for k in kept], len(guesses))


def build(inst: CoverInstance, k: int | None = None, encoding: str = "counting",
          deadline: Deadline | None = None) -> tuple[Model, list]:
    """The cover model: minimise the cover (k None) or decide whether k sets suffice.

    ``deadline``: the model's (checked at every constraint, and by the solver backends).

    Returns (model, set variables); set variable ``y_WORD`` is named after the first
    guess of its class, answer variable ``z_WORD`` after its answer.

    >>> inst = CoverInstance("demo", ("aa", "ab", "ac"), np.array([[1, 1, 0], [0, 1, 1], [1, 0, 0]], bool),
    ...                      [["one"], ["two"], ["six"]], 3)
    >>> model, y = build(inst)
    >>> [v.name for v in y], model.sense
    (['y_one', 'y_two', 'y_six'], 'min')
    """
    _check_encoding(encoding)
    name = "cover_" + inst.label + ("_min" if k is None else f"_k{k}")
    model = Model(clean_name(name), deadline=deadline)
    y = [model.bool(f"y_{inst.guesses[s][0]}") for s in range(len(inst.sets))]
    if k is None:
        model.minimize(model.sum(y))
        model.add(model.sum(y) >= inst.static_bound(), "static_bound")   # valid: Selby's pre-check
    else:
        model.add(model.sum(y) <= k, "at_most_k")
        for s in useless_sets(inst, k):
            model.add(y[s] == 0, f"too_small_{s}")
    m = inst.size
    sizes = inst.sets.sum(axis=1)
    # redundant but valid, and what makes the solvers fast: the chosen sets' sizes must add up to |E|-1
    model.add(model.sum(y, [int(c) for c in sizes]) >= m - 1, "sizes")
    covers = [np.flatnonzero(inst.sets[:, e]) for e in range(m)]
    if encoding == "pairs":
        # at most one answer uncovered <=> every pair of answers has a covered member
        for e in range(m):
            for f in range(e + 1, m):
                model.add(model.sum([y[s] for s in np.union1d(covers[e], covers[f])]) >= 1)
    else:
        z = [model.bool(f"z_{a}") for a in inst.answers]
        for e in range(m):
            model.add(z[e] <= model.sum([y[s] for s in covers[e]]))
        model.add(model.sum(z) >= m - 1, "all_but_one")
    return model, y


def useless_sets(inst: CoverInstance, k: int) -> list[int]:
    """Sets no cover of at most k sets can use: even with the k-1 largest others they fall short."""
    sizes = inst.sets.sum(axis=1)
    if k < 1:
        return list(range(len(sizes)))
    top = np.sort(sizes)[::-1][:k]                  # a set plus the k-1 largest of the rest
    rest = int(top[:k - 1].sum())
    return [s for s in range(len(sizes)) if int(sizes[s]) + rest < inst.size - 1]


def _check_encoding(encoding):
    check_choice(encoding, ENCODINGS, "encoding")
