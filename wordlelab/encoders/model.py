"""One model an encoder writes once, whatever solver runs it.

An encoder builds a :class:`Model`: integer variables with bounds (0/1 ones from
:meth:`Model.bool`), linear constraints ``lo <= sum(coef * var) <= hi``, optionally
enforced only when a 0/1 variable is 1, a linear objective, and a warm start.
The backends of :mod:`wordlelab.solvers.backends` translate it for CP-SAT, CBC,
HiGHS or SCIP, and write it as LP or MPS, so the solver is only a name.

Theorem the MIP translation relies on (big-M from the bounds): for integer
variables with finite bounds, ``expr`` lies in ``[min_expr, max_expr]`` computed
term by term, so "all of the k literals ``l_i`` are 1 implies ``expr >= lo``" is
exactly ``expr >= lo - (lo - min_expr) * (k - sum l_i)`` (and likewise for
``<= hi``): when some literal is 0 the row is implied by the bounds and cuts
nothing off.

Variables carry names that say what they mean (``y_twang``, ``x_cigar_2_salet``),
which the LP/MPS export keeps, so a reader can map a solution back to words.

>>> m = Model("demo")
>>> a, b = m.bool("a"), m.bool("b")
>>> m.add(a + b >= 1)
>>> m.minimize(m.sum([a, b], [3, 2]))
>>> m.n_vars, len(m.constraints), m.objective.terms
(2, 1, {0: 3, 1: 2})
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from wordlelab.errors import WordleError

INF = float("inf")
_NAME_OK = re.compile(r"[^A-Za-z0-9_]")


class TimeLimitReached(WordleError):
    """The time limit ran out before the solver started: while its model was built or handed over.

    Nothing is proven then; the callers that solve report UNKNOWN with this message.
    """


class Deadline:
    """A wall-clock time limit that covers building a model as well as solving it.

    A model of a large question (the cover of '?????' over every answer) takes minutes to build
    and to hand to a solver: a limit given to the solver alone would start counting only after.
    The builders check :meth:`check` as they go (a :class:`Model` with a ``deadline`` does at
    every constraint), and the solver gets :meth:`left`.

    >>> d = Deadline(60)
    >>> 59 < d.left() <= 60
    True
    >>> Deadline(0).check("building the model")
    Traceback (most recent call last):
    ...
    wordlelab.encoders.model.TimeLimitReached: the time limit of 0 s ran out while building the model
    """

    def __init__(self, seconds: float):
        self.seconds = float(seconds)
        self.at = time.monotonic() + self.seconds

    def left(self) -> float:
        """Seconds left (negative once past)."""
        return self.at - time.monotonic()

    def check(self, what: str = "building the model") -> None:
        """Raise :class:`TimeLimitReached` once the limit has passed.

        Raises
        ------
        TimeLimitReached
            The limit has passed; ``what`` says what was under way.
        """
        if time.monotonic() >= self.at:
            raise TimeLimitReached(f"the time limit of {self.seconds:g} s ran out while {what}")


class LinExpr:
    """``sum(coef * var) + const`` over a model's variables (terms: index -> coefficient)."""

    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0):
        self.terms = terms if terms is not None else {}
        self.const = const

    @staticmethod
    def of(x) -> "LinExpr":
        """``x`` as an expression (a variable, an expression or a number)."""
        if isinstance(x, LinExpr):
            return x
        if isinstance(x, Var):
            return LinExpr({x.index: 1})
        if isinstance(x, (int, float)):
            return LinExpr({}, x)
        raise TypeError(f"not a linear term: {x!r}")

    def copy(self) -> "LinExpr":
        return LinExpr(dict(self.terms), self.const)

    def _iadd(self, other, sign=1) -> "LinExpr":
        o = LinExpr.of(other)
        for i, c in o.terms.items():
            self.terms[i] = self.terms.get(i, 0) + sign * c
        self.const += sign * o.const
        return self

    def __add__(self, other):
        return self.copy()._iadd(other)

    __radd__ = __add__

    def __sub__(self, other):
        return self.copy()._iadd(other, -1)

    def __rsub__(self, other):
        return LinExpr.of(other).copy()._iadd(self, -1)

    def __neg__(self):
        return LinExpr({i: -c for i, c in self.terms.items()}, -self.const)

    def __mul__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("only products with numbers are linear")
        return LinExpr({i: c * k for i, c in self.terms.items()}, self.const * k)

    __rmul__ = __mul__

    def __le__(self, other):
        return Constraint(self - other, -INF, 0)

    def __ge__(self, other):
        return Constraint(self - other, 0, INF)

    def __eq__(self, other):  # type: ignore[override]
        return Constraint(self - other, 0, 0)

    def __lt__(self, other):    # integers: a < b is a <= b - 1
        return Constraint(self - other, -INF, -1)

    def __gt__(self, other):
        return Constraint(self - other, 1, INF)

    __hash__ = None  # type: ignore[assignment]


class Var(LinExpr):
    """One variable of a model: an expression with a single term."""

    __slots__ = ("index", "name")

    def __init__(self, index: int, name: str):
        super().__init__({index: 1}, 0)
        self.index, self.name = index, name

    def copy(self) -> LinExpr:
        return LinExpr({self.index: 1}, 0)

    def __repr__(self):
        return f"Var({self.name})"

    def __hash__(self):
        return hash(("var", self.index))


@dataclass
class Constraint:
    """``lo <= expr <= hi`` (the expression's constant folded into the bounds by the model)."""

    expr: LinExpr
    lo: float
    hi: float


@dataclass
class Row:
    """A stored constraint: ``lo <= sum(coefs[k] * var[index[k]]) <= hi``, if every ``enforce`` var is 1."""

    index: list
    coefs: list
    lo: float
    hi: float
    enforce: tuple = ()          # indices of 0/1 variables; the row holds when all of them are 1
    name: str | None = None


@dataclass
class Model:
    """A linear integer model; see the module docstring."""

    name: str
    var_names: list = field(default_factory=list)
    lower: list = field(default_factory=list)
    upper: list = field(default_factory=list)
    constraints: list = field(default_factory=list)
    objective: LinExpr | None = None
    sense: str = "min"
    hints: dict = field(default_factory=dict)
    # the limit building and solving share: checked as variables and constraints are added, and by the backends
    deadline: Deadline | None = field(default=None, repr=False, compare=False)

    def time_left(self, limit: float, what: str = "handing the model to the solver") -> float:
        """The solver's time: ``limit``, or less if the model's deadline comes first.

        Raises
        ------
        TimeLimitReached
            The deadline has passed.
        """
        if self.deadline is None:
            return limit
        self.deadline.check(what)
        return min(limit, self.deadline.left())

    # ---- variables
    def int(self, name: str, lo: int, hi: int) -> Var:
        """A new integer variable in ``[lo, hi]``; ``name`` must be new in the model."""
        v = Var(len(self.var_names), clean_name(name))
        if self.deadline is not None and not v.index % 4096:     # (millions of them in a big model)
            self.deadline.check(f"building the model {self.name}")
        self.var_names.append(v.name)
        self.lower.append(lo)
        self.upper.append(hi)
        return v

    def bool(self, name: str) -> Var:
        """A new 0/1 variable."""
        return self.int(name, 0, 1)

    @property
    def n_vars(self) -> int:
        return len(self.var_names)

    def var(self, index: int) -> Var:
        """The variable at ``index``."""
        return Var(index, self.var_names[index])

    # ---- expressions and constraints
    @staticmethod
    def sum(terms, coefs=None) -> LinExpr:
        """``sum(terms)`` or ``sum(coefs[k] * terms[k])``, built in one pass."""
        out: dict = {}
        const = 0
        for k, t in enumerate(terms):
            c = 1 if coefs is None else coefs[k]
            if isinstance(t, Var):
                out[t.index] = out.get(t.index, 0) + c
            else:
                e = LinExpr.of(t)
                for i, a in e.terms.items():
                    out[i] = out.get(i, 0) + c * a
                const += c * e.const
        return LinExpr(out, const)

    def add(self, constraint: Constraint, name: str | None = None, enforce=None) -> None:
        """Add ``constraint`` (from ``<=``, ``>=``, ``==``).

        ``enforce``: a 0/1 variable, or a list of them; the constraint then holds only
        when all of them are 1.
        """
        if isinstance(constraint, bool):
            raise WordleError("internal error: a constraint compared two plain numbers")
        e = constraint.expr
        idx = [i for i, c in e.terms.items() if c != 0]
        lits = () if enforce is None else tuple(v.index for v in (enforce if isinstance(enforce, (list, tuple))
                                                                  else [enforce]))
        self.constraints.append(Row(idx, [e.terms[i] for i in idx], constraint.lo - e.const,
                                    constraint.hi - e.const, lits, name))
        if self.deadline is not None:
            self.deadline.check(f"building the model {self.name}")

    def add_if(self, constraint: Constraint, literal: Var) -> None:
        """``constraint`` holds when ``literal`` is 1 (nothing is said when it is 0)."""
        self.add(constraint, enforce=literal)

    def equal_if(self, a_terms, b_terms, weights, literal: Var, big_m=None) -> None:
        """``sum(w * a) == sum(w * b)`` when ``literal`` is 1 (``big_m`` is derived from bounds)."""
        self.add_if(self.sum(list(a_terms) + list(b_terms), list(weights) + [-w for w in weights]) == 0,
                    literal)

    def minimize(self, expr, coefs=None) -> None:
        """Minimise ``expr`` (or ``sum(coefs * terms)`` when given a term list and ``coefs``)."""
        self.objective, self.sense = self._objective(expr, coefs), "min"

    def maximize(self, expr, coefs=None) -> None:
        """Maximise ``expr``."""
        self.objective, self.sense = self._objective(expr, coefs), "max"

    def _objective(self, expr, coefs):
        if coefs is not None or isinstance(expr, (list, tuple)):
            return self.sum(expr, coefs)
        return LinExpr.of(expr)

    def hint(self, var: Var, value: int) -> None:
        """A warm-start value (the backends that take one use it; it proves nothing)."""
        self.hints[var.index] = int(value)

    def bounds_of(self, row: Row) -> tuple[float, float]:
        """Least and greatest value of a row's expression over the variables' bounds."""
        lo = hi = 0.0
        for i, c in zip(row.index, row.coefs):
            a, b = c * self.lower[i], c * self.upper[i]
            lo += min(a, b)
            hi += max(a, b)
        return lo, hi

    def value_of(self, expr, values) -> float:
        """``expr`` evaluated at a solution (one value per variable)."""
        e = LinExpr.of(expr)
        return e.const + sum(c * values[i] for i, c in e.terms.items())


def clean_name(name: str) -> str:
    """A variable name every LP/MPS reader takes: letters, digits and underscores."""
    name = _NAME_OK.sub("_", str(name))
    return name if name and not name[0].isdigit() else "v_" + name
