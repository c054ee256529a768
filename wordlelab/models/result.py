"""One result type for every question wordlelab answers.

Every public solve function, native or model-based, returns a :class:`Result`:
what was asked (``question``), how (``method``), the :class:`Status`, the value
found, the proven bound, the certificate that backs the claim, whether the
independent checker re-verified that certificate, the seconds and the statistics.

The statuses keep one meaning everywhere:

``OPTIMAL``
    the value is proven best (for a yes/no question: the answer is yes, and the
    certificate shows it);
``FEASIBLE``
    a value with a certificate, nothing proven beyond it (a time-out with a
    solution, or a heuristic: ``heuristic`` is then true);
``INFEASIBLE``
    proven impossible (for a yes/no question: the answer is no);
``UNKNOWN``
    no value proven: a time-out or a node limit is never a proof. ``bound``, when it is
    set, is still a proven lower bound (every first word of a ranking asked only for
    bounds totals at least that much), as a MIP solver reports its best bound.

The status covers only what the call proved itself, or re-checked from a file. A value taken
from a file that this installation did not write (no valid seal, see
:mod:`wordlelab.models.cache`) and that cannot be re-proved cheaply (a class's least total) is
named in ``rests_on``: one line per file, saying what the answer takes from it. The status is
then what holds without those values (a verified tree with a value is ``FEASIBLE``), and
``claimed`` is the status that would hold if they are right.

>>> r = Result({"kind": "demo"}, "native", Status.OPTIMAL, value=3, bound=3)
>>> r.proven, r.as_dict()["status"]
(True, 'OPTIMAL')
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from wordlelab.models.stats import Stats


class Status(str, Enum):
    """What a result proves (see the module docstring)."""

    OPTIMAL = "OPTIMAL"
    FEASIBLE = "FEASIBLE"
    INFEASIBLE = "INFEASIBLE"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return self.value

    @property
    def proven(self) -> bool:
        """OPTIMAL or INFEASIBLE: the statuses that prove something."""
        return self in (Status.OPTIMAL, Status.INFEASIBLE)


CERTIFICATE_KINDS = ("tree", "chain", "cover", "guesses", "core", "strategy", "trees", "bound-tree")


@dataclass
class Result:
    """The answer to one question, with its certificate.

    ``certificate`` is a :class:`~wordlelab.models.tree.Tree` (kind ``tree``), a list
    of words (``chain``, ``cover``, ``guesses``, ``core``), a permutation-Wordle
    strategy (``strategy``) or a list of trees, each in a dict that says what it proves
    (``trees``: ``{"state", "guess", "total", "tree"}``, an analysis of play) or a
    branch-and-bound tree with a dual bound at each leaf (``bound-tree``, a proof that no
    k fixed guesses suffice); ``verified`` is true only after the independent checker
    of :mod:`wordlelab.models` re-checked it inside the call that returns this result.
    An INFEASIBLE result is verified only when its certificate proves the impossibility
    whole (``bound-tree``); a ``core`` names where a proof lies but does not prove it.

    An OPTIMAL least total has two halves: its tree attains the value, and no strategy does
    better. ``verified`` with a ``tree`` covers the first; asked for a certificate of the second,
    ``stats.verified_halves`` says which are checked: ``"tree"``, or ``"both"`` once a lower-bound certificate
    (:mod:`~wordlelab.models.lower_bound`, written by ``solve --certify``, described in
    ``stats.lower_bound``) was checked by its independent checker inside the call.

    ``stats`` is a typed statistics object of :mod:`wordlelab.models.stats` for the native
    searcher's questions (least total, depth, first-word ranking), read by attribute, and a dict
    for the others; :meth:`as_dict` writes either as the same JSON object.
    """

    question: dict
    method: str
    status: Status
    value: Any = None
    bound: Any = None
    certificate: Any = None
    certificate_kind: str | None = None
    verified: bool = False
    seconds: float = 0.0
    stats: dict | Stats = field(default_factory=dict)
    heuristic: bool = False
    rests_on: list = field(default_factory=list)
    claimed: Status | None = None

    def __post_init__(self):
        self.status = Status(self.status)
        if self.claimed is not None:
            self.claimed = Status(self.claimed)
        if self.certificate_kind is not None and self.certificate_kind not in CERTIFICATE_KINDS:
            raise ValueError(f"unknown certificate kind {self.certificate_kind!r}")

    def __repr__(self) -> str:
        """One short line: the status, value, bound, whether verified and the seconds, with the sizes of
        the big fields (a solve's certificate is a tree of thousands of nodes: its full repr ran to 112 KB).

        >>> Result({"kind": "demo"}, "native", Status.OPTIMAL, value=3, bound=3, certificate=["a", "b"],
        ...        certificate_kind="guesses", verified=True, seconds=0.25, stats={"nodes": 9})
        Result(OPTIMAL, value=3, bound=3, verified=True, seconds=0.25, question='demo', method='native', certificate=guesses of 2, stats=1 key)
        """
        cert = "None" if self.certificate is None else f"{self.certificate_kind} of {_size(self.certificate)}"
        kind = self.question.get("kind") if isinstance(self.question, dict) else None
        extra = f", rests_on={len(self.rests_on)} file(s)" if self.rests_on else ""
        return (f"Result({self.status.value}, value={self.value!r}, bound={self.bound!r}, verified={self.verified}, "
                f"seconds={round(self.seconds, 3)}, question={kind!r}, method={self.method!r}, certificate={cert}, "
                f"stats={len(self.stats_dict())} key{'' if len(self.stats_dict()) == 1 else 's'}"
                f"{', heuristic' if self.heuristic else ''}{extra})")

    @property
    def proven(self) -> bool:
        """Whether the status proves something (OPTIMAL or INFEASIBLE)."""
        return self.status.proven

    def as_dict(self) -> dict:
        """JSON-ready: the same keys for every question (``--json`` prints this)."""
        cert = self.certificate
        if cert is not None and self.certificate_kind == "tree":
            from wordlelab.models.games import game_named
            from wordlelab.models.tree import to_json
            cert = to_json(cert, game_named(self.question.get("lists")))
        elif cert is not None and self.certificate_kind == "trees":
            from wordlelab.models.tree import to_json
            cert = [{**row, "tree": to_json(row["tree"])} for row in cert]
        elif cert is not None and hasattr(cert, "as_dict"):
            cert = cert.as_dict()
        return {"question": self.question, "method": self.method, "status": self.status.value,
                "value": self.value, "bound": self.bound, "certificate_kind": self.certificate_kind,
                "certificate": cert, "verified": self.verified, "heuristic": self.heuristic,
                "seconds": round(self.seconds, 3), "stats": self.stats_dict(),
                "rests_on": list(self.rests_on), "claimed": None if self.claimed is None else self.claimed.value}

    def stats_dict(self) -> dict:
        """The statistics as the JSON object ``--json`` prints (a typed one through its ``as_dict()``)."""
        return self.stats.as_dict() if isinstance(self.stats, Stats) else self.stats

    def rest_on(self, lines) -> "Result":
        """Downgrade this result for the values it took unchecked from files (``lines``, one a file).

        An OPTIMAL with a certificate becomes FEASIBLE (the certificate still attains the value),
        any other proven status UNKNOWN, and the bound is dropped; ``claimed`` keeps the status the
        files would make it. No lines: the result is returned as it is.

        >>> r = Result({"kind": "demo"}, "native", Status.OPTIMAL, value=3, bound=3, certificate=["x"])
        >>> r.rest_on(["c.json: 1 class's least total"]).status, r.claimed, r.bound
        (<Status.FEASIBLE: 'FEASIBLE'>, <Status.OPTIMAL: 'OPTIMAL'>, None)
        """
        lines = [line for line in lines if line]
        if not lines:
            return self
        self.rests_on = list(self.rests_on) + lines
        if self.status.proven:
            self.claimed = self.status
            self.status = Status.FEASIBLE if self.status == Status.OPTIMAL and self.certificate is not None \
                else Status.UNKNOWN
        if self.bound is not None:
            # a bound that rests on a file's values is not proven here; kept as the files' claim
            # (a copy: the statistics may be another result's, as a tie-break's plain one)
            self.stats = replace(self.stats, claimed_bound=self.bound) if isinstance(self.stats, Stats) \
                else {**self.stats, "claimed_bound": self.bound}
        self.bound = None
        return self


def _size(value) -> str:
    """How big a certificate is, in its own units: a tree's answers (its leaves), a list's items."""
    leaves = getattr(value, "n_leaves", None)
    if callable(leaves):
        return f"{leaves()} answers"
    try:
        return str(len(value))
    except TypeError:
        return type(value).__name__
