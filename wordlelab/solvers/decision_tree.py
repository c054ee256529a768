"""Solve decision-tree models, read the tree back, and have the verifier re-check it.

A "no strategy within g" claim needs status INFEASIBLE (depth objective) or,
for the total objective, INFEASIBLE too; a time-out is UNKNOWN (or FEASIBLE with
an unproven tree). Every tree read from a solution goes through
:func:`wordlelab.models.verify.verify_tree` before it is reported.
"""
from __future__ import annotations

import time

import numpy as np

from wordlelab.encoders.decision_tree import TreeModel, build, check_encoding
from wordlelab.encoders.model import Deadline, TimeLimitReached
from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import TreeModelStats
from wordlelab.models.tree import Tree, tree_from_paths
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.backends import Solution, check_solver, solve


def run_model(tm: TreeModel, solver: str, time_limit: float = 60.0) -> Solution:
    """Solve a built model with ``solver`` (its greedy tree as the warm start, where there is one)."""
    if tm.hint is not None:
        for v, val in tm.hint:
            tm.model.hint(v, val)
    return solve(tm.model, solver, time_limit)


def solve_question(question, encoding: str = "layered", solver: str = "cpsat", time_limit: float = 60.0,
                   hint: bool = True, cuts: bool = True) -> Result:
    """Build, solve, read the tree back and verify it (before returning).

    ``objective="total"``: value is the tree's total, bound the proven lower bound.
    ``objective="depth"`` (can every answer be found within ``depth``?): OPTIMAL with a
    verified tree (yes), INFEASIBLE (no) or UNKNOWN; value is the tree's worst case.
    ``time_limit`` covers building the model too: one that runs out first gives UNKNOWN with
    ``stats.time_limit_reached``. ``stats`` is a :class:`~wordlelab.models.stats.TreeModelStats`.
    """
    check_encoding(encoding)
    check_solver(solver)
    t0 = time.perf_counter()
    q = {"kind": "tree-model", "instance": question.label, "answers": len(question.answers),
         "guesses": len(question.guesses), "mode": question.mode, "depth": question.depth,
         "objective": question.objective, "encoding": encoding}
    try:
        tm = build(question, encoding, hint=hint, cuts=cuts, deadline=Deadline(time_limit))
    except TimeLimitReached as e:
        seconds = round(time.perf_counter() - t0, 3)
        return Result(q, solver, Status.UNKNOWN, seconds=seconds,
                      stats=TreeModelStats(model={}, solver={"time_limit_reached": str(e)},
                                           build_seconds=seconds, solve_seconds=0.0))
    built = time.perf_counter() - t0
    res = run_model(tm, solver, time_limit)
    tree = report = None
    status = res.status
    if status == "INFEASIBLE" and tm.hint is not None:
        # the warm start is a tree within the limit: a solver saying otherwise has no proof
        status = "UNKNOWN"
    if status in ("OPTIMAL", "FEASIBLE"):
        tree = read_tree(tm, [res.values[v.index] for v in tm.variables])
        report = verify_tree(tree, question.answers, question.guesses, question.mode, max_guesses=question.depth)
        if question.objective == "total" and res.objective is not None and round(res.objective) != report.total:
            raise WordleError(f"internal: model objective {res.objective} but the tree totals {report.total}")
        if question.objective == "depth":
            status = "OPTIMAL"          # a yes/no question, answered yes by the verified tree
    value = bound = None
    if report is not None:
        value = report.total if question.objective == "total" else report.max_guesses
    if question.objective == "total":
        bound = value if status == "OPTIMAL" else res.bound
    elif status == "OPTIMAL":
        bound = value
    found = {} if report is None else {"total": report.total, "max_guesses": report.max_guesses,
                                       "histogram": report.as_dict()["histogram"]}
    gap = None
    if question.objective == "total" and res.objective and bound is not None:
        gap = abs(res.objective - bound) / abs(res.objective)
    stats = TreeModelStats(model={k: v for k, v in tm.info.items() if isinstance(v, (int, float))},
                           solver=dict(res.stats), build_seconds=round(built, 3),
                           solve_seconds=round(res.seconds, 3), **found, gap=gap)
    return Result(q, solver, status, value, bound, tree, "tree", tree is not None,
                  time.perf_counter() - t0, stats)


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
    return tree_from_paths(tm.question.answers, [paths[h] for h in range(len(tm.question.answers))])


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
