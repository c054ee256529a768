"""Solve decision-tree models, read the tree back, and have the verifier re-check it.

A "no strategy within g" claim needs status INFEASIBLE (depth objective) or,
for the total objective, INFEASIBLE too; a time-out is UNKNOWN (or FEASIBLE with
an unproven tree). Every tree read from a solution goes through
:func:`wordlelab.models.verify.verify_tree` before it is reported.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordlelab.encoders.decision_tree import TreeModel, build, check_encoding
from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.models.modes import guess_allowed
from wordlelab.models.tree import Tree
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.runner import SolveResult, check_solver, solve_cpsat, solve_pulp


@dataclass
class TreeModelResult:
    """Status, objective, bound and the verified tree of one model solve."""

    label: str
    n_answers: int
    depth: int
    objective_kind: str
    encoding: str
    solver: str
    status: str
    objective: float | None
    bound: float | None
    tree: Tree | None
    verified_total: int | None
    verified_max_guesses: int | None
    seconds: float
    build_seconds: float
    size: dict = field(default_factory=dict)

    @property
    def proven_answer(self) -> bool:
        """OPTIMAL or INFEASIBLE: the statuses that settle the question."""
        return self.status in ("OPTIMAL", "INFEASIBLE")

    @property
    def gap(self) -> float | None:
        """Relative gap between objective and bound (total objective)."""
        if self.objective is None or self.bound is None or self.objective == 0:
            return None
        return abs(self.objective - self.bound) / abs(self.objective)

    def as_dict(self) -> dict:
        """JSON-ready summary."""
        return {"instance": self.label, "answers": self.n_answers, "depth": self.depth,
                "objective_kind": self.objective_kind, "encoding": self.encoding, "solver": self.solver,
                "status": self.status, "objective": self.objective, "bound": self.bound, "gap": self.gap,
                "verified_total": self.verified_total, "verified_max_guesses": self.verified_max_guesses,
                "seconds": round(self.seconds, 3), "build_seconds": round(self.build_seconds, 3), **self.size}


def run_model(tm: TreeModel, solver: str, time_limit: float = 60.0) -> SolveResult:
    """Solve a built model with ``solver`` (cpsat needs a CP-SAT build, cbc/highs a MIP build)."""
    check_solver(solver)
    if solver == "cpsat":
        if tm.backend != "cpsat":
            raise WordleError("internal: a MIP model handed to CP-SAT")
        if tm.hint is not None:
            for v, val in tm.hint:
                tm.model.add_hint(v, val)
        return solve_cpsat(tm.model, tm.variables, time_limit)
    if tm.backend != "mip":
        raise WordleError("internal: a CP-SAT model handed to a MIP solver")
    if tm.hint is not None and solver == "cbc":
        for v, val in tm.hint:
            v.setInitialValue(val)
    return solve_pulp(tm.model, tm.variables, solver, time_limit, warm_start=tm.hint is not None)


def solve_question(question, encoding: str = "layered", solver: str = "cpsat", time_limit: float = 60.0,
                   hint: bool = True, cuts: bool = True) -> TreeModelResult:
    """Build, solve, read back and verify."""
    check_encoding(encoding)
    check_solver(solver)
    t0 = time.perf_counter()
    tm = build(question, encoding, "cpsat" if solver == "cpsat" else "mip", hint=hint, cuts=cuts)
    built = time.perf_counter() - t0
    res = run_model(tm, solver, time_limit)
    tree = total = worst = None
    status = res.status
    if status == "INFEASIBLE" and tm.hint is not None:
        # the warm start is a tree within the limit: a solver saying otherwise has no proof
        status = "UNKNOWN"
    if status in ("OPTIMAL", "FEASIBLE"):
        tree = read_tree(tm, res.values)
        report = verify_tree(tree, question.answers, question.guesses, question.mode,
                             max_guesses=question.depth)
        total, worst = report.total, report.max_guesses
        if question.objective == "total" and res.objective is not None and round(res.objective) != total:
            raise WordleError(f"internal: model objective {res.objective} but the tree totals {total}")
    objective = res.objective if question.objective == "total" else None
    bound = res.bound if question.objective == "total" else None
    if status == "OPTIMAL" and question.objective == "total":
        bound = objective
    size = {k: v for k, v in tm.info.items() if isinstance(v, (int, float))}
    return TreeModelResult(question.label, len(question.answers), question.depth, question.objective,
                           encoding, solver, status, objective, bound, tree, total, worst,
                           res.seconds, built, size)


# ---- reading trees back
def read_tree(tm: TreeModel, values) -> Tree:
    """The strategy tree of a solution."""
    on = [k for k, v in zip(tm.keys, values) if v]
    if tm.encoding == "layered":
        return _layered_tree(tm.info["graph"], dict(on), tm.question)
    R = tm.info["reduced"]
    m = len(R.guesses)
    paths: dict[int, list[str]] = {}
    for h, d, t in sorted(on):
        if t != m:
            paths.setdefault(h, []).append(tm.question.guesses[int(R.guesses[t])])
    return paths_tree(tm.question.answers, [paths[h] for h in range(len(tm.question.answers))])


def _layered_tree(G, chosen: dict[int, int], question) -> Tree:
    words, answers = G.T, question.answers

    def settle(cls) -> Tree:
        first = Tree(answers[cls[0]], {ALL_GREEN: None})
        if len(cls) == 2:
            first.branches[feedback(first.guess, answers[cls[1]])] = Tree(answers[cls[1]], {ALL_GREEN: None})
        return first

    def build_state(v) -> Tree:
        st = G.states[v]
        opt = st.options[chosen[v]]
        node = Tree(words[opt.guess])
        pats = G.P[opt.guess, list(st.answers)]
        for p in sorted(set(pats.tolist())):
            cls = tuple(a for a, q in zip(st.answers, pats.tolist()) if q == p)
            if p == ALL_GREEN:
                node.branches[p] = None
            elif p in opt.children:
                node.branches[p] = build_state(opt.children[p])
            else:
                node.branches[p] = settle(cls)
        return node

    return build_state(G.root)


def paths_tree(answers, paths) -> Tree:
    """Tree from each answer's sequence of guesses (the last one being the answer)."""
    if not answers:
        raise WordleError("no answers")
    root = Tree(paths[0][0])
    for a, seq in zip(answers, paths):
        node = root
        for i, g in enumerate(seq):
            if node.guess != g:
                raise WordleError(f"internal: the model's strategy is inconsistent at {a}")
            p = feedback(g, a)
            if p == ALL_GREEN:
                node.branches[p] = None
                break
            if i + 1 >= len(seq):
                raise WordleError(f"internal: the model's path for {a} stops before finding it")
            node = node.branches.setdefault(p, Tree(seq[i + 1]))
    return root


# ---- warm start
def greedy_paths(question, R) -> list[list[int]] | None:
    """Greedy strategy over the kept guesses (smallest largest class, members first) within the depth limit.

    Returns each answer's guesses (positions among the kept guesses), or None if greedy misses the limit.
    """
    words = [question.guesses[int(t)] for t in R.guesses]
    paths: list[list[int]] = [[] for _ in question.answers]
    stack = [(list(range(len(question.answers))), [], 1)]
    while stack:
        S, hist, d = stack.pop()
        if d > question.depth:
            return None
        best, best_key = None, None
        for t, w in enumerate(words):
            if question.mode != "easy" and not guess_allowed(question.mode, hist, w):
                continue
            pats = R.P[t, S]
            _, counts = np.unique(pats, return_counts=True)
            if len(counts) == 1 and t not in R.answer_col[S]:
                continue
            key = (int(counts.max()), -len(counts), t not in R.answer_col[S])
            if best_key is None or key < best_key:
                best, best_key = t, key
        if best is None:
            return None
        for h in S:
            paths[h].append(best)
        pats = R.P[best, S]
        for p in set(pats.tolist()):
            if p != ALL_GREEN:
                stack.append(([h for h, q in zip(S, pats.tolist()) if q == p], hist + [(words[best], p)], d + 1))
    return paths
