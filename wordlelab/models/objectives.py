"""Objectives: what a strategy pays for each answer, by the round that finds it.

A strategy finds each answer ``a`` in some round ``d`` (1 = the first guess). An objective
prices that as ``cost(a, d)``, nondecreasing in ``d``, and the strategy's value is the sum over
the answers. Three objectives are named:

``total``
    ``cost(a, d) = d``: the least total number of guesses (the plain question).
``weights``
    ``cost(a, d) = w_a * d`` with a positive integer weight per answer: the least *weighted*
    total, so that the value divided by the sum of the weights is the expected number of guesses
    when answer ``a`` is drawn with probability proportional to ``w_a`` (a prior).
``within:k``
    ``cost(a, d) = d + B * [d > k]`` with ``B`` larger than any total: the most answers found
    within ``k`` guesses, and among such strategies the least total. The value is read as the
    pair (answers not found within ``k``, total).

Every strategy must still find every answer within the guess limit (``max_guesses``).

:func:`price_tree` values a tree for an objective from the tree alone, after
:func:`~wordlelab.models.verify.verify_tree` has checked it: it shares nothing with the search.

>>> o = Objective.within(2)
>>> o.describe(), o.cost("cigar", 2), o.cost("cigar", 3) > 1000
('most answers within 2, then the least total', 2, True)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from wordlelab.errors import WordleError

# B of within:k: above any total (20 guesses for each of up to a million answers)
WITHIN_PENALTY = 20 * 10**6


@dataclass(frozen=True)
class Objective:
    """An objective of the module docstring.

    Attributes
    ----------
    kind : {"total", "weights", "within"}
    weights : dict of str to int
        ``weights``: each answer's positive integer weight (empty otherwise).
    k : int
        ``within``: the round by which answers count as found (0 otherwise).
    source : str
        Where the weights came from (a file, or the frequency source), for reports.
    """

    kind: str = "total"
    weights: dict = field(default_factory=dict, compare=False, hash=False)
    k: int = 0
    source: str = ""

    @classmethod
    def within(cls, k: int) -> "Objective":
        """Most answers within ``k`` guesses, then the least total."""
        if k < 1:
            raise WordleError(f"within:{k}: k must be at least 1")
        return cls("within", k=k)

    @classmethod
    def weighted(cls, weights: dict, source: str) -> "Objective":
        """The least total weighted by ``weights`` (answer -> positive integer)."""
        for w, x in weights.items():
            if not isinstance(x, int) or x < 1:
                raise WordleError(f"weight of {w!r} is {x!r}: weights are positive integers")
        return cls("weights", weights=dict(weights), source=source)

    def describe(self) -> str:
        """One phrase for reports."""
        if self.kind == "within":
            return f"most answers within {self.k}, then the least total"
        if self.kind == "weights":
            return f"least weighted total ({self.source})"
        return "least total"

    def weight(self, answer: str) -> int:
        """The weight of ``answer`` (1 unless weighted)."""
        return self.weights[answer] if self.kind == "weights" else 1

    def cost(self, answer: str, d: int) -> int:
        """What finding ``answer`` in round ``d`` costs."""
        if self.kind == "within":
            return d + (WITHIN_PENALTY if d > self.k else 0)
        return self.weight(answer) * d

    def check_answers(self, answers) -> None:
        """Every answer must have a weight (``weights`` only)."""
        if self.kind == "weights":
            missing = [a for a in answers if a not in self.weights]
            if missing:
                raise WordleError(f"{len(missing)} answers have no weight in {self.source} "
                                  f"(first: {missing[0]}); give every answer a weight")


def parse_objective(text: str) -> Objective:
    """``total``, ``within:K``, ``weights:FILE`` or ``weights:frequency``.

    >>> parse_objective("within:4").k
    4
    """
    text = text.strip()
    if text == "total":
        return Objective()
    kind, _, arg = text.partition(":")
    if kind == "within":
        try:
            k = int(arg)
        except ValueError:
            raise WordleError(f"objective {text!r}: within:K takes a whole number of guesses") from None
        return Objective.within(k)
    if kind == "weights" and arg:
        if arg == "frequency":
            return Objective("weights", source="frequency")   # weights filled in for the answers
        return Objective.weighted(read_weights(arg), Path(arg).name)
    raise WordleError(f"objective {text!r}: use total, within:K, weights:FILE or weights:frequency")


def read_weights(path: str) -> dict:
    """A weights file: one ``word weight`` a line (a positive integer), ``#`` comments."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise WordleError(f"cannot read weights file {path}: {e.strerror or e}") from None
    out = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) < 1:
            raise WordleError(f"{path}, line {n}: expected 'word weight' with a positive whole weight")
        out[parts[0].lower()] = int(parts[1])
    if not out:
        raise WordleError(f"{path}: no weights")
    return out


@dataclass
class TreeValue:
    """What a verified tree achieves for an objective."""

    value: int               # the objective's sum
    total: int               # the plain total of guesses
    weight: int              # the sum of the answers' weights
    unfound: int             # answers found after round k (within:k), else 0
    weighted: bool = False

    @property
    def expected(self) -> float:
        """The value per unit weight: the mean (weighted mean) number of guesses."""
        return (self.value if self.weighted else self.total) / self.weight


def price_tree(tree, objective: Objective, depth0: int = 0) -> TreeValue:
    """Value a tree that :func:`~wordlelab.models.verify.verify_tree` has accepted: each of its
    lines ends with the answer it finds, in the round of that line's length (plus ``depth0``
    guesses played before the tree's root)."""
    value = total = weight = unfound = 0
    for path in tree.paths():
        answer, d = path[-1][0], len(path) + depth0
        value += objective.cost(answer, d)
        total += d
        weight += objective.weight(answer)
        if objective.kind == "within" and d > objective.k:
            unfound += 1
    return TreeValue(value, total, weight, unfound, objective.kind == "weights")
