"""Permutation-Wordle state discovery as a sweep: the states of each breadth-first level are the tasks.

Expanding a state is a pure function of its canonical key, so the states of
one level run independently, in chunks of :data:`CHUNK`, on any executor of :mod:`wordlelab.solvers.runtime.sweep`
(in-process, process pool, dask). Each result (the state's expansion) streams
into the checkpoint, in the format :func:`wordlelab.solvers.permutation.discover`
writes (state key -> expansion, the same question): either resumes the other's
file, a resumed run skips every state already expanded, and a state expanded
twice gives the same expansion. The assembled state space
is then evaluated exactly as in :func:`wordlelab.solvers.permutation.solve`,
so the answer does not depend on the executor.
"""
from __future__ import annotations

import numpy as np

from wordlelab.models.permutation import check_n
from wordlelab.solvers.runtime.sweep import Sweep, executor, run_sweep


def _init(consistent):
    return consistent


CHUNK = 32   # states per task: enough to hide the round trip of a task behind its work


def _run(consistent, key, cutoff):
    """Expand the states of one chunk (key: their canonical keys, comma-separated)."""
    from wordlelab.solvers.permutation import core
    from wordlelab.solvers.permutation import expansion_entry
    return {state: expansion_entry(*core.expand(int(state), bool(consistent), False)) for state in key.split(",")}


def _pack(results):
    """Checkpoint entries from chunk results: one per state (chunks are how work is sent, not stored)."""
    return {state: e for chunk in results.values() for state, e in chunk.items()}


def _unpack(entries, chunks):
    """The chunks all of whose states the checkpoint holds (a chunk with one missing is run again)."""
    out = {}
    for c in chunks:
        states = c.split(",")
        if all(s in entries for s in states):
            out[c] = {s: entries[s] for s in states}
    return out


def discover_sweep(n: int, consistent: bool, history, ex, checkpoint=None, progress=None, save_every=30.0):
    """Discover every state level by level on executor ``ex``; returns a StateSpace."""
    from wordlelab.solvers.permutation import (assemble, check_expansion, load_checkpoint_entries,
                                               perm_question, root_key)
    question = perm_question(n, consistent, history)
    load_checkpoint_entries(checkpoint, question)   # refused before the root's key compiles the kernels
    root = root_key(n, history)
    resumed, sealed = 0, True
    results: dict = {}      # chunk key -> {state key: expansion}
    expansion: dict = {}    # state key -> expansion
    order = [root]
    seen = {root}
    level = [root]
    depth = 0
    while level:
        # the level's order is fixed by the levels before it, so chunk keys are the same on a resume
        chunks = [",".join(str(k) for k in level[i:i + CHUNK]) for i in range(0, len(level), CHUNK)]
        sweep = Sweep(f"perm-{n}-{depth}", question, chunks, _init, (consistent,), _run, results=results,
                      validate=check_expansion, pack=_pack, unpack=_unpack)
        results = run_sweep(sweep, ex, checkpoint, progress, save_every=save_every)
        resumed += sum(len(results[c]) for c in sweep.resumed)
        sealed = sealed and (sweep.sealed or not sweep.resumed)
        for c in chunks:
            expansion.update(results[c])
        nxt = []
        for key in level:
            for child in expansion[str(key)][3]:
                if child not in seen:
                    seen.add(child)
                    order.append(child)
                    nxt.append(child)
        level = nxt
        depth += 1
    exp = [expansion[str(k)] for k in order]
    space = assemble(order, [e[0] for e in exp], [np.array(e[1], np.bool_) for e in exp],
                     [np.array(e[4], np.int64) for e in exp], [np.array(e[2], np.int64) for e in exp],
                     [np.array(e[3], np.int64) for e in exp])
    space.resumed = resumed
    space.sealed = sealed
    return space


def solve_sweep(n: int, consistent: bool = False, history=(), workers: int = 1, dask_address=None,
                checkpoint=None, progress=None, executor_kind=None, announce=None):
    """:func:`wordlelab.solvers.permutation.solve`, with discovery spread over an executor.

    ``announce(text)`` is told the dask dashboard's address, when there is one.
    """
    import time
    from wordlelab.solvers.permutation import MAX_EXACT_N, solve
    check_n(n, MAX_EXACT_N)
    ex = executor(executor_kind, workers, dask_address)
    if announce and ex.dashboard:
        announce(f"dask dashboard: {ex.dashboard}")
    try:
        t0 = time.perf_counter()
        space = discover_sweep(n, consistent, tuple(history), ex, checkpoint, progress)
        seconds = time.perf_counter() - t0
    finally:
        ex.close()
    result = solve(n, consistent, history, space=space)
    result.seconds_discover = seconds
    return result, ex
