"""The all-first-word depth sweep of :mod:`~wordlelab.solvers.search.depth.depth_sweep` on workers.

The first words are the tasks of a :class:`~wordlelab.solvers.runtime.sweep.Sweep` (local processes or
dask). A first word's decision does not depend on any other's, so the workers need share
nothing for soundness: each decides its words exactly as one process would
(:func:`~wordlelab.solvers.search.depth.depth_decision.decide_word`), and the client merges the entries into
the checkpoint as they arrive, never an undecided entry over a decision
(:func:`~wordlelab.solvers.search.depth.depth_decision.keeps_proof`).

A worker that read a file this installation did not write (the drafts file, whose cores its
checks take up) says so with each result, and the client counts that file among its own
unsealed inputs (:func:`~wordlelab.solvers.runtime.checkpoint.note_unsealed`): the result, and the
checkpoint the client writes, rest on it as they would in one process.
"""
from __future__ import annotations

import functools
import time
from pathlib import Path

from wordlelab.models.result import Result
from wordlelab.solvers.search.depth.depth_entries import sweep_question, check_decision, replay_refutation
from wordlelab.solvers.search.depth.depth_report import SweepTally, latest_and_count, sweep_result
from wordlelab.solvers.search.depth.depth_decision import decide_word, first_words, root_classes, twin_entry, keeps_proof
from wordlelab.solvers.search.depth.depth_verdicts import checks_under_way
from wordlelab.solvers.search.depth.first_word_sample import save_reach
from wordlelab.solvers.search.depth.run import DepthRun
from wordlelab.solvers.search.engine.tables import Stat, new_stats

SWEEP_NAME = "depth-every-first-word"


class _Unstoppable:
    """A worker's stop check: the client ends its workers itself (Pool.close) on Ctrl-C."""

    @staticmethod
    def check():
        pass


def _worker_init(lists, mode, guesses, entries, node_limit, tree_dir, table_ref, checkpoint, core_work, decisions):
    """A worker's run (its searcher and the campaign's state, seeded from ``decisions``, the
    checkpoint's entries as the client read them), the first node's child lists, and (easy mode)
    a prover fed the checkpoint's cores."""
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.engine.node_table import SharedArray
    table = SharedArray.attach(table_ref) if table_ref else None
    # the min-sum table is not used here; the depth search's table is the shared one (or its own)
    searcher = NativeSearcher(lists, mode, guesses, cache_entries=entries if table is None else 1 << 10)
    run = DepthRun(searcher, core_work=core_work)
    cache = searcher.new_cache() if table is None else table.array
    node = searcher.root(None, None, guesses)
    Lchild, _ = root_classes(searcher, node)
    prover = None
    run.open(checkpoint, sweep_question(searcher, node, guesses), entries=decisions)
    if mode == "easy":
        from wordlelab.solvers.search.engine.core_prover import CoreProver
        from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
        prover = CoreProver(searcher)
        run.easy_certificates = EasyCertificates(searcher, decisions, core_work)
        run.easy_certificates.use_prover(prover, Lchild)
        replayed: set = set()
        for _, g0 in searcher.candidate_order(node):
            value = decisions.get(lists.guesses[g0])
            if value and value["yes"] is False and value["same_as"] is None:
                replay_refutation(searcher, prover, {"core": value["core"], "depth": value["depth"]}, replayed)
    return run, node, Lchild, prover, cache, new_stats(), node_limit, tree_dir, table


def _worker_run(state, word, _cutoff):
    """One first word's checkpoint entry, with the nodes it took (``"nodes"``) and the files this
    worker has read unsealed so far (``"unsealed"``, if any); neither is kept in the checkpoint."""
    from wordlelab.solvers.runtime.checkpoint import unsealed_inputs
    from wordlelab.solvers.search.engine.core_prover import Count
    from wordlelab.solvers.search.engine.tables import UNTOUCHED
    run, node, Lchild, prover, cache, stats, node_limit, tree_dir, _ = state
    counter = prover.stats if prover is not None else stats
    before = int(counter[Stat.NODES])
    value = decide_word(run, node, run.searcher.guess_index[word], Lchild, prover, cache, stats, node_limit, tree_dir,
                        Count, UNTOUCHED, _Unstoppable)
    unsealed = unsealed_inputs()
    return dict(value, nodes=int(counter[Stat.NODES]) - before, **({"unsealed": unsealed} if unsealed else {}))


# what a worker's result carries beside its checkpoint entry
_NOT_KEPT = ("nodes", "unsealed")


def _entries(results: dict) -> dict:
    return {w: {k: v for k, v in value.items() if k not in _NOT_KEPT} for w, value in results.items()}


def decide_on_workers(run, guesses, checkpoint, progress, tree_dir, node_limit, pick, workers,
                       dask_address, stale) -> tuple[Result, dict]:
    """:func:`~wordlelab.solvers.search.depth.depth_sweep.decide_every_first_word` with the first
    words as sweep tasks, with the check budget of ``run`` (a
    :class:`~wordlelab.solvers.search.depth.run.DepthRun`); also its decisions."""
    from wordlelab.solvers.runtime.checkpoint import Loaded, note_unsealed
    from wordlelab.solvers.search.engine.node_table import SharedArray, table_shape
    from wordlelab.solvers.runtime.sweep import Sweep, executor, prewarm, run_sweep
    t0 = time.perf_counter()
    searcher = run.searcher
    node = searcher.root(None, None, guesses)
    question = run.question
    loaded = Loaded(run.decisions, sealed=run.sealed)
    order = first_words(searcher, node, *pick[:2], pick[2] is not None)
    if searcher.mode == "easy" and pick[2] is None:   # the words the checkpoint's cores cover first (as in one process)
        from wordlelab.solvers.search.depth.easy_cores import CoveredFirst, EasyCertificates
        order = list(CoveredFirst(EasyCertificates(searcher, loaded), order, node.d - 1))
    order = [g0 for _, g0 in order]
    words = [searcher.lists.guesses[g] for g in order]
    twin_of: dict = {}
    if searcher.mode == "easy":   # first words with the same classes leave the same game (easy mode only)
        _, class_hash_of = root_classes(searcher, node)
        first: dict = {}
        # (words named: the first word of the whole order with those classes may lie outside them, and
        # the checkpoint may have its decision)
        every = [g for _, g in searcher.candidate_order(node)] if pick[1] is not None else order
        for g in every:
            first.setdefault(class_hash_of[g], searcher.lists.guesses[g])
        for g, word in zip(order, words):
            twin_of[word] = first[class_hash_of[g]]
    if tree_dir:
        Path(tree_dir).mkdir(parents=True, exist_ok=True)
    ex = executor(None, workers, dask_address)
    # hard and strict mode: one table of decided nodes for the machine's workers. Easy mode's
    # prover keeps its own, whose entries name cores in that process's core store
    shared = ex.name != "inprocess" and searcher.mode != "easy"
    table = SharedArray.create(table_shape(searcher.cache_entries)) if shared else None
    init_args = (searcher.lists, searcher.mode, guesses, searcher.cache_entries, node_limit, tree_dir,
                 table and table.ref, checkpoint, run.core_work, dict(loaded))
    searched: set = set()

    twinned: set = set()

    def skip(word, _cutoff):
        twin = twin_of.get(word, word)
        value = sweep.results.get(twin)
        if twin != word and value is not None and value["yes"] is not None:
            twinned.add(word)
            return twin_entry(_entries({twin: value})[twin], twin)
        return None

    def on_result(word, value, _ex):
        searched.add(word)
        # before the entry is saved: a checkpoint holding it rests on what the worker read
        note_unsealed(value.get("unsealed", ()))

    sweep = Sweep(SWEEP_NAME, question, words, _worker_init, init_args, _worker_run, skip=skip,
                  describe=lambda _results: latest_and_count(sweep, loaded),
                  validate=check_decision(searcher), pack=_entries, replaces=keeps_proof,
                  stale=stale,
                  running=functools.partial(checks_under_way, searcher, guesses, question, checkpoint))
    reach = 0
    try:
        warming = prewarm(ex, SWEEP_NAME, _worker_init, init_args)  # noqa: F841  (kept until the sweep ends)
        results = run_sweep(sweep, ex, checkpoint, progress, on_result, loaded=loaded)
    finally:
        ex.close()
        if table is not None:
            table.unlink()      # processes still attached keep their mapping until they exit
        if pick[2] is not None:
            # the sample's words are sent in the order drawn and may finish out of it: the reach
            # is the words up to the first one neither decided before the run nor by it
            done = set(loaded) | set(sweep.results)
            reach = next((i for i, w in enumerate(words) if w not in done), len(words))
            save_reach(checkpoint, question, pick[2][1], reach)
    decisions = {**loaded, **_entries(results)}
    verified_now = {w for w in searched if results[w]["yes"] and results[w]["same_as"] is None}
    nodes = sum(results[w].get("nodes", 0) for w in searched)
    resumed = len((sweep.resumed & set(words)) - twinned - searched)
    res = sweep_result(question, decisions, len(words),
                       SweepTally(resumed, len(searched), verified_now, nodes, time.perf_counter() - t0),
                       checkpoint=checkpoint, sealed=loaded.sealed)
    res.stats.reach = reach
    return res, decisions
