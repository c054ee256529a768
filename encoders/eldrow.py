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

from wordlelab.errors import WordleError

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
        raise WordleError(f"{len(C)} candidate words: too many for a model (at most {MAX_CANDIDATES}); "
                          "give --start WORD to shrink it, or use --solver native")


def build_cpsat(F, C, t_pos, groups=()):
    """CP-SAT model over candidates C (indices into F); t_pos is the target's place in C.

    Returns (model, chosen variables, position variables).
    """
    from ortools.sat.python import cp_model
    _check_size(C)
    n = len(C)
    model = cp_model.CpModel()
    y = [model.new_bool_var(f"y{i}") for i in range(n)]
    p = [model.new_int_var(0, n, f"p{i}") for i in range(n)]
    model.add(y[t_pos] == 1)
    conflicts, ordered = _pairs(F, C)
    for i, j in conflicts:
        model.add_bool_or([y[i].Not(), y[j].Not()])
    for i, j in ordered:
        model.add(p[i] < p[j]).only_enforce_if([y[i], y[j]])
    for grp in groups:
        if len(grp) > 1:
            model.add_at_most_one(y[i] for i in grp)
    for i in range(n):      # symmetry: a word left out has position 0, not any of n + 1
        model.add(p[i] == 0).only_enforce_if(y[i].Not())
    model.maximize(sum(y))
    return model, y, p


def build_mip(F, C, t_pos, groups=(), name="eldrow"):
    """PuLP MIP of the same model (big-M ordering). Returns (problem, chosen, positions)."""
    from pulp import LpMaximize, LpProblem, lpSum
    _check_size(C)
    n = len(C)
    prob = LpProblem(name, LpMaximize)
    y = [prob.add_variable(f"y{i}", 0, 1, cat="Binary") for i in range(n)]
    p = [prob.add_variable(f"p{i}", 0, n, cat="Continuous") for i in range(n)]
    prob += lpSum(y)
    prob += y[t_pos] == 1, "target"
    conflicts, ordered = _pairs(F, C)
    for k, (i, j) in enumerate(conflicts):
        prob += y[i] + y[j] <= 1, f"conflict{k}"
    for k, (i, j) in enumerate(ordered):
        prob += p[i] + 1 <= p[j] + (n + 1) * (2 - y[i] - y[j]), f"order{k}"
    for k, grp in enumerate(groups):
        if len(grp) > 1:
            prob += lpSum(y[i] for i in grp) <= 1, f"group{k}"
    for i in range(n):      # symmetry: a word left out has position 0
        prob += p[i] <= n * y[i], f"unused{i}"
    return prob, y, p


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

