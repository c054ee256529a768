"""The exact optimum of permutation Wordle as the one :class:`~wordlelab.models.result.Result`.

:func:`wordlelab.solvers.permutation.solve` computes, for every round limit r, the
most secrets solvable within r rounds and the least total, over all strategies
(exhaustive, with symmetry reduction). Here its min-total strategy is read out as a
tree and re-scored by :func:`wordlelab.models.permutation.evaluate_tree`, which plays
it on every secret from the rules alone, before the result is returned.
"""
from __future__ import annotations

import time
from fractions import Fraction

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.permutation import check_n, circular_shift_within, evaluate_tree, format_perm
from wordlelab.models.result import Result, Status
from wordlelab.solvers.permutation import optimal_tree, root_key, solve, strategy_tree
from wordlelab.solvers.permutation.depth_first import value_states
from wordlelab.solvers.permutation.sweep import solve_sweep


def optimal(n: int, consistent: bool = False, history=(), workers: int | None = None, dask_address: str | None = None,
            checkpoint: str | None = None, progress=None, announce=None, depth_first: bool | None = None) -> Result:
    """Least total rounds over all strategies, with the verified min-total strategy as certificate.

    ``workers`` (a number of processes) or ``dask_address`` spread the state discovery over a sweep
    (:mod:`wordlelab.solvers.permutation.sweep`); ``checkpoint`` resumes it either way.
    ``depth_first`` (the default from n = 8) values states depth first and keeps no expansion
    (:mod:`wordlelab.solvers.permutation.depth_first`): its ``checkpoint`` is an append-only
    log, and it runs in this process.
    ``stats`` has the whole table: ``within`` (most secrets within r rounds, r = 1..n),
    whether one strategy attains every maximum at once, and the sizes.

    >>> r = optimal(3)
    >>> r.status.value, r.value, r.verified, r.stats["within"]
    ('OPTIMAL', 12, True, [1, 5, 6])
    """
    t0 = time.perf_counter()
    history = tuple(history)
    if depth_first is None:
        depth_first = n >= DEPTH_FIRST_FROM
    if depth_first:
        if workers is not None or dask_address:
            raise ParameterError("the depth-first run (n >= 8, or {depth_first}) runs in one process: "
                                 "drop {workers} and {dask_address}")
        return _depth_first(n, consistent, history, checkpoint, progress, t0)
    if workers is not None or dask_address:
        res, _ = solve_sweep(n, consistent, history, workers or 1, dask_address, checkpoint, progress, announce=announce)
    else:
        res = solve(n, consistent, history, checkpoint=checkpoint,
                    progress=None if progress is None else lambda done, total: progress(info=f"{done}/{total}"))
    try:
        tree = optimal_tree(res)
    except KeyError:
        # a state the strategy reaches in the real game is not among those the expansions lead
        # to: only an edited or damaged checkpoint's expansions (a fresh run expands them itself)
        raise WordleError(f"the checkpoint {checkpoint} does not describe this game: a state its strategy "
                          f"reaches is missing from its expansions (edited or damaged); delete it to start "
                          f"afresh") from None
    rounds = evaluate_tree(tree, n, history, consistent_only=consistent)
    if sum(rounds) != res.total:
        raise WordleError(f"internal error: the strategy tree totals {sum(rounds)}, the search {res.total}")
    stats = res.as_dict()
    stats["states_from_checkpoint"] = res.space.resumed if res.space is not None else 0
    stats["method"] = "breadth-first"
    if not history:
        stats["circular_shift_within"] = circular_shift_within(n)
    question = {"kind": "perm-optimal", "n": n, "consistent": consistent,
                "history": [f"{format_perm(g)}:{fb}" for g, fb in history]}
    space = res.space
    rests = [] if space is None or space.sealed or not space.resumed else [
        f"{checkpoint}: the expansions of {space.resumed} states, not recomputed here: the file was not written "
        f"by this installation"]
    return Result(question, "native", Status.OPTIMAL, res.total, res.total, tree, "strategy", True,
                  time.perf_counter() - t0, stats).rest_on(rests)


DEPTH_FIRST_FROM = 8      # n at which the breadth-first expansions no longer fit in 24 GiB


def _depth_first(n, consistent, history, checkpoint, progress, t0) -> Result:
    """:func:`optimal` by :func:`~wordlelab.solvers.permutation.depth_first.value_states`."""
    from wordlelab.solvers.permutation import MAX_EXACT_N, perm_question
    check_n(n, MAX_EXACT_N)
    root = root_key(n, history)
    question = dict(perm_question(n, consistent, history), kind="perm-values")
    shown = [0.0]

    def report(valued, expanded, depth):
        now = time.monotonic()
        if progress is not None and now - shown[0] > 0.5:
            shown[0] = now
            progress(info=f"{valued} states valued, {expanded} expanded now, path depth {depth}")

    table = value_states(root, consistent, n + 1, checkpoint, question, report)
    top = table[root]
    try:
        tree = strategy_tree(n, history, lambda key: table[key].best_rep)
    except KeyError:              # as in optimal(): the checkpoint's values lead off the real game
        raise WordleError(f"the checkpoint {checkpoint} does not describe this game: a state its strategy "
                          f"reaches has no value in it (edited or damaged); delete it to start afresh") from None
    rounds = evaluate_tree(tree, n, history, consistent_only=consistent)
    if sum(rounds) != top.total:
        raise WordleError(f"internal error: the strategy tree totals {sum(rounds)}, the search {top.total}")
    within = top.within[1:n + 1]
    worst = next((r for r in range(1, n + 2) if top.within[r] == top.secrets), n + 1)
    stats = {"n": n, "consistent_only": consistent, "history": question["history"], "secrets": top.secrets,
             "total_rounds": top.total, "mean": str(Fraction(top.total, top.secrets)), "within": within,
             "one_strategy_attains_all": top.universal, "worst_case": worst, "states": len(table),
             "outcomes": None, "seconds_discover": round(table.seconds, 3), "seconds_evaluate": 0.0,
             "states_from_checkpoint": table.resumed, "method": "depth-first", "expanded": table.expanded}
    if not history:
        stats["circular_shift_within"] = circular_shift_within(n)
    # the strategy was re-scored from the rules above; that no other does better rests on the values
    rests = [] if table.sealed or not table.resumed else [
        f"{checkpoint}: the values of {table.resumed} states (least totals, most within r rounds), not "
        f"recomputed here: the log was not written by this installation"]
    return Result(perm_question(n, consistent, history), "native", Status.OPTIMAL, top.total, top.total, tree,
                  "strategy", True, time.perf_counter() - t0, stats).rest_on(rests)
