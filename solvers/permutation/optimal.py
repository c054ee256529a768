"""The exact optimum of permutation Wordle as the one :class:`~wordlelab.models.result.Result`.

:func:`wordlelab.solvers.permutation.solve` computes, for every round limit r, the
most secrets solvable within r rounds and the least total, over all strategies
(exhaustive, with symmetry reduction). Here its min-total strategy is read out as a
tree and re-scored by :func:`wordlelab.models.permutation.evaluate_tree`, which plays
it on every secret from the rules alone, before the result is returned.
"""
from __future__ import annotations

import time

from wordlelab.errors import WordleError
from wordlelab.models.permutation import circular_shift_within, evaluate_tree, format_perm
from wordlelab.models.result import Result, Status
from wordlelab.solvers.permutation import optimal_tree, solve
from wordlelab.solvers.permutation.sweep import solve_sweep


def optimal(n: int, consistent: bool = False, history=(), workers: int | None = None, dask_address: str | None = None,
            checkpoint: str | None = None, progress=None, announce=None) -> Result:
    """Least total rounds over all strategies, with the verified min-total strategy as certificate.

    ``workers`` (a number of processes) or ``dask_address`` spread the state discovery over a sweep
    (:mod:`wordlelab.solvers.permutation.sweep`); ``checkpoint`` resumes it either way.
    ``stats`` has the whole table: ``within`` (most secrets within r rounds, r = 1..n),
    whether one strategy attains every maximum at once, and the sizes.

    >>> r = optimal(3)
    >>> r.status.value, r.value, r.verified, r.stats["within"]
    ('OPTIMAL', 12, True, [1, 5, 6])
    """
    t0 = time.perf_counter()
    history = tuple(history)
    if workers is not None or dask_address:
        res, _ = solve_sweep(n, consistent, history, workers or 1, dask_address, checkpoint, progress, announce=announce)
    else:
        res = solve(n, consistent, history, checkpoint=checkpoint,
                    progress=None if progress is None else lambda done, total: progress(info=f"{done}/{total}"))
    tree = optimal_tree(res)
    rounds = evaluate_tree(tree, n, history, consistent_only=consistent)
    if sum(rounds) != res.total:
        raise WordleError(f"internal error: the strategy tree totals {sum(rounds)}, the search {res.total}")
    stats = res.as_dict()
    stats["states_from_checkpoint"] = res.space.resumed if res.space is not None else 0
    if not history:
        stats["circular_shift_within"] = circular_shift_within(n)
    question = {"kind": "perm-optimal", "n": n, "consistent": consistent,
                "history": [f"{format_perm(g)}:{fb}" for g, fb in history]}
    return Result(question, "native", Status.OPTIMAL, res.total, res.total, tree, "strategy", True,
                  time.perf_counter() - t0, stats)
