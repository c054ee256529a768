"""Eldrow as CP-SAT and MIP models: the longest admissible chain over a candidate set.

Given the follow relation F (F[a, b]: b may come after a in a chain ending at t) over
candidates C (t among them), choose words y_w and positions p_w:

- a pair that may follow neither way is never chosen together: y_a + y_b <= 1;
- a pair allowed only as a-then-b is ordered: y_a and y_b imply p_a < p_b;
- valid upper-bound cuts: in each group of pairwise incompatible words at most one is chosen;
- symmetry breaking: a word left out has position 0;
- maximise the number of chosen words (t is always chosen, and always last).

Any chosen set with such positions is a chain (sort by position; ties are pairs allowed both
ways), and every chain gives such a solution, so the optimum is the longest chain.
Encoders build models; they never solve.
"""
from __future__ import annotations

from wordlelab.encoders.model import Model, clean_name
from wordlelab.errors import ParameterError

MAX_CANDIDATES = 400


def _pairs(F, C):
    """Index pairs of C that may never stand together, and pairs allowed in one order only."""
    conflicts, ordered = [], []
    for i in range(len(C)):
        for j in range(i + 1, len(C)):
            ab, ba = bool(F[C[i], C[j]]), bool(F[C[j], C[i]])
            if not ab and not ba:
                conflicts.append((i, j))
            elif ab and not ba:
                ordered.append((i, j))
            elif ba and not ab:
                ordered.append((j, i))
    return conflicts, ordered


def _check_size(C):
    if len(C) > MAX_CANDIDATES:
        raise ParameterError(f"{len(C)} candidate words: too many for a model (at most {MAX_CANDIDATES}); "
                             "give a {start} word to shrink it, or the {solver} native")


def build(F, C, t_pos, groups=(), names=None, name="eldrow") -> tuple[Model, list, list]:
    """The longest-chain model over candidates C (indices into F); t_pos is the target's place in C.

    y_WORD = 1 when the word is in the chain; p_WORD is its place (0 when it is not).
    Returns (model, chosen variables, position variables).
    """
    _check_size(C)
    n = len(C)
    names = names if names is not None else [str(c) for c in C]
    model = Model(clean_name(name))
    y = [model.bool(f"y_{w}") for w in names]
    p = [model.int(f"p_{w}", 0, n) for w in names]
    model.maximize(model.sum(y))
    model.add(y[t_pos] == 1, "target")
    conflicts, ordered = _pairs(F, C)
    for i, j in conflicts:
        model.add(y[i] + y[j] <= 1)
    for i, j in ordered:      # both chosen: i comes before j
        model.add(p[i] - p[j] <= -1, enforce=[y[i], y[j]])
    for grp in groups:
        if len(grp) > 1:
            model.add(model.sum([y[i] for i in grp]) <= 1)
    for i in range(n):        # symmetry: a word left out has place 0
        model.add(p[i] - n * y[i] <= 0)
    return model, y, p


def chain_from_solution(C, chosen, positions):
    """Candidate indices of the chosen words, in chain order."""
    picked = [i for i, v in enumerate(chosen) if v]
    return [C[i] for i in sorted(picked, key=lambda i: (positions[i], i))]


def groups_in(C, group_of) -> list[list[int]]:
    """Positions in C of each incompatible group (from the native searcher's grouping)."""
    out: dict[int, list[int]] = {}
    for i, g in enumerate(group_of):
        out.setdefault(int(g), []).append(i)
    return list(out.values())

