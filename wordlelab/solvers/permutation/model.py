"""Solve the permutation-Wordle CP-SAT/MIP model, verify its strategy, and compare with the native solver."""
from __future__ import annotations

import time

from wordlelab.encoders.permutation import build, build_multicolour, read_strategy
from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.multicolour import evaluate_colour_tree
from wordlelab.models.permutation import evaluate_tree
from wordlelab.models.result import Result
from wordlelab.solvers.backends import check_solver, export, solve


def solve_model(n: int, objective: str = "total", rounds: int | None = None, solver: str = "cpsat",
                consistent: bool = False, history=(), time_limit: float = 60.0, export_file: str | None = None,
                colours: int = 1) -> Result:
    """Build, export, solve, read the strategy back and score it independently (before returning).

    The value is the model's objective (total rounds, or secrets found within ``rounds``),
    re-scored on the strategy by :mod:`wordlelab.models.permutation`; ``stats["native"]``
    is the native solver's answer to the same question, for comparison.
    """
    check_solver(solver)
    t0 = time.perf_counter()
    if colours > 1:
        if history:
            raise ParameterError("{history} is for single-colour models")
        pm = build_multicolour(n, colours, objective, rounds, consistent)
    else:
        pm = build(n, objective, rounds, history, consistent)
    build_s = time.perf_counter() - t0
    if export_file:
        export(pm.model, export_file)
    r = solve(pm.model, solver, time_limit)
    sign = -1 if objective == "within" else 1
    objective_value = None if r.objective is None else round(sign * r.objective)
    bound = None if r.bound is None else sign * r.bound
    verified = None
    tree = None
    if r.values:
        tree = read_strategy(pm, [r.values[v.index] for v in pm.variables])
        if colours > 1:
            rounds_taken = evaluate_colour_tree(tree, n, colours, complete=objective == "total")
        else:
            rounds_taken = evaluate_tree(tree, n, history, complete=objective == "total", consistent_only=consistent)
        if objective == "total":
            verified = sum(rounds_taken)
        else:
            verified = sum(1 for x in rounds_taken if x is not None and x <= pm.rounds)
        if verified != objective_value:
            raise WordleError(f"internal error: the model's strategy scores {verified}, "
                              f"the solver said {objective_value}")
    native = (_brute(n, colours, objective, pm.rounds, consistent) if colours > 1
              else _native(n, objective, pm.rounds, consistent, history))
    question = {"kind": "perm-model", "n": n, "colours": colours, "objective": objective, "rounds": pm.rounds,
                "consistent": consistent, "history": [list(h) if isinstance(h, tuple) else h for h in history]}
    stats = {"native": native, "rescored": verified, "build_seconds": round(build_s, 3), "solve_seconds": round(r.seconds, 3),
             **r.stats, **pm.info}
    return Result(question, solver, r.status, objective_value, None if bound is None else round(bound, 3),
                  tree, "strategy", verified is not None, time.perf_counter() - t0, stats)


def _brute(n, colours, objective, rounds, consistent):
    """The brute-force optimum of the multicolour game (None where it answers a different question)."""
    from wordlelab.solvers.permutation.brute import brute_force, multicolour_game
    b = brute_force(multicolour_game(n, colours), consistent=consistent, max_secrets=1000)
    if objective == "within":
        return b["within"][rounds - 1] if rounds <= len(b["within"]) else b["secrets"]
    return b["total"] if b["worst_case"] <= rounds else None


def _native(n, objective, rounds, consistent, history):
    """The native solver's answer to the same question (None where it answers a different one)."""
    from wordlelab.solvers.permutation import solve
    res = solve(n, consistent, history)
    if objective == "within":
        return res.within[rounds - 1] if rounds <= n else res.n_secrets
    # the model caps the worst case at ``rounds``; the native total has no cap
    return res.total if res.worst_case <= rounds and _total_is_capped_optimum(res, rounds) else None


def _total_is_capped_optimum(res, rounds) -> bool:
    """The uncapped optimum is also the capped one when its tree already finishes within ``rounds``."""
    from wordlelab.solvers.permutation import optimal_tree
    tree = optimal_tree(res)
    return max(evaluate_tree(tree, res.n, res.history)) <= rounds
