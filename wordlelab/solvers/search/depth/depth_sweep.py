"""Every first word decided: which first guesses find every answer within G guesses?

``prove-depth`` without ``--start`` stops at the first yes. Here every first word is decided,
the question Selby left open for the 12972-answer game (part 2: at least 2109 words guarantee 6
guesses, from a heuristic search). Two first words that split the answers into the same classes
with the same patterns leave the same game (easy mode: the guess lists after them are the
same), so one decision serves both.

Each word's decision, with its certificate checked before it counts, is made by
:mod:`~wordlelab.solvers.search.depth.depth_decision`: yes with a verified tree, no with a core the
pure-Python checker proved, unknown when a budget stopped it.

Decisions go to a checkpoint (word -> decision), so the run resumes where it stopped; a
resumed run replays the refutations' cores in their order, as ``prove-depth`` does, and tries
again the words the node limit left unknown (with a larger ``--node-limit``, say).

With several workers the first words are the tasks of a :class:`~wordlelab.solvers.runtime.sweep.Sweep`
(:mod:`~wordlelab.solvers.search.depth.depth_sweep_workers`). On one machine they share the table of
decided nodes (lockless, :mod:`~wordlelab.solvers.search.engine.node_table`) in hard and strict mode.
In easy mode each has its own prover: it replays the checkpoint's cores when it starts and
learns its own after. ``--sample`` takes a random sample in the order drawn, whose words passed
so far estimate the yes count (:mod:`~wordlelab.solvers.search.depth.first_word_sample`).
"""
from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from pathlib import Path

from wordlelab.errors import ParameterError, check_words
from wordlelab.models.result import Result
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.runtime.interrupt import StopOnCtrlC
from wordlelab.solvers.search.depth.depth_decision import decide_word, first_words, root_classes, twin_entry
from wordlelab.solvers.search.depth.depth_entries import (sweep_question, check_decision,  # noqa: F401 (check_decision: the sweep's own)
                                                   replay_refutation)
from wordlelab.solvers.search.depth.depth_report import (SweepTally, count_by_verdict, nos_unchecked, sweep_result,
                                                         word_verdict)
from wordlelab.solvers.search.depth.depth_verdicts import count_drafted_claims, stale_entry
from wordlelab.solvers.search.depth.first_word_sample import sample_estimate, sample_first_words, save_reach, sweep_candidates
from wordlelab.solvers.search.depth.run import DepthRun
from wordlelab.solvers.search.engine.tables import Stat, new_stats

DEFAULT_NODE_LIMIT = 10**12      # per first word: far beyond any sweep's budget, so "no limit" in practice


@dataclass(frozen=True)
class FirstWords:
    """The first words a partial sweep takes (every one by default; at most one of the three).

    ``limit``: the first N in the candidate order; ``words``: only these, in the candidate order;
    ``sample`` ``(size, seed)``: a uniform random sample of that size, in the order drawn.
    """

    limit: int | None = None
    words: tuple[str, ...] | None = None
    sample: tuple[int, int] | None = None


def decide_every_first_word(searcher, guesses: int, *, candidates: FirstWords = FirstWords(),
                            limits: Limits = Limits(), execution: Execution = Execution(), tree_dir=None,
                            recheck: bool = False, class_checkpoints=(), progress=None) -> Result:
    """Decide, for every first word, whether every answer can be found within ``guesses``.

    Parameters
    ----------
    searcher : NativeSearcher
        The lists and the mode (its node table is the one the words share in this process).
    guesses : int
        The guess limit G.
    candidates : FirstWords, optional
        Only the first ``limit`` words in the candidate order, only ``words``, or a random
        ``sample`` ``(size, seed)`` (below); default every first word.
    limits : Limits, optional
        ``node_limit`` (per first word, default 10**12) and ``core_work`` (the patterns the
        pure-Python checker may read on one core; default by the mode).
    execution : Execution, optional
        ``checkpoint`` (word -> decision, resumed from), ``workers`` (default 1) and ``dask_address``.
    tree_dir : str, optional
        Keep each yes word's verified tree there (Selby's format, ``WORD.tree``).
    recheck : bool, optional
        Re-check every decision from its certificate before returning (below).
    class_checkpoints : sequence of str, optional
        Finished checkpoints of single classes (below).
    progress : callable, optional
        ``progress(n, info=...)``, told as words are decided.

    Returns
    -------
    Result
        OPTIMAL when every word (or every word taken) is decided, with ``value`` the number of yes
        words, else UNKNOWN (some word reached ``node_limit``, which holds for each word on its
        own). Its ``stats`` (a :class:`~wordlelab.models.stats.SweepStats`): ``stats.yes`` lists the yes
        words, ``stats.decided`` counts yes, no and unknown, and ``stats.rate_per_hour`` is the words
        decided per hour in this run.

    Raises
    ------
    ParameterError
        Parameters that do not go together (``words`` with ``limit``, ``sample`` with any of
        ``words``, ``limit``, ``recheck`` or ``class_checkpoints``, ...).
    WordleError
        A checkpoint or class checkpoint that does not fit the question.

    ``workers`` > 1 or ``dask_address`` runs the words on the sweep layer
    (:func:`wordlelab.solvers.runtime.sweep.executor`).

    ``recheck`` (hard and easy mode): before returning, every decision, those taken from the checkpoint
    included, is re-checked from its certificate alone (each no's core by the pure-Python
    checker, each yes's tree in ``tree_dir`` by the verifier;
    :mod:`~wordlelab.solvers.search.depth.sweep_recheck`), and the result is marked verified.

    ``core_work`` (hard mode): the patterns the pure-Python checker may read on a core that could
    not be shrunk to a minimal one (default :data:`~wordlelab.solvers.search.depth.hard_cores.UNFINISHED_CHECK_WORK`).
    A word refuted by the search whose core was not checked within it stays unknown, naming its
    failing class and this budget; it is searched again only with a larger ``core_work`` (a
    larger ``node_limit`` would not help it: the node limit did not stop it).

    ``candidates.words``, if given, are the only first words taken (in the candidate order): a
    budget spent on the words one wants decided, say one core check resumed with a larger
    ``core_work``. The other words of the checkpoint are kept as they are, and the result counts
    them as before.

    ``candidates.sample`` = ``(size, seed)``: the words taken are a uniform random sample of the first
    words, in the order drawn rather than the candidate order, and ``stats.sample`` estimates
    the number of yes words from the words the seed's runs have passed in that order
    (:mod:`~wordlelab.solvers.search.depth.first_word_sample`; a statistic, not a proof). The same
    seed draws the same sample, so a resumed run goes on where the last one stopped.

    ``class_checkpoints`` (hard mode, with a checkpoint): finished checkpoints of
    ``prove-depth --state W.PATTERN --checkpoint F``, each refuting one class of a first word W
    guess by guess (:mod:`~wordlelab.solvers.search.depth.class_refutation`). Each becomes W's draft,
    and W is decided by checking it, even if an earlier run left W unknown at this node limit.
    """
    from wordlelab.solvers.search.depth import hard_cores
    from wordlelab.solvers.search.depth.easy_cores import EASY_CHECK_WORK
    default_work = EASY_CHECK_WORK if searcher.mode == "easy" else hard_cores.UNFINISHED_CHECK_WORK
    run = DepthRun(searcher, core_work=default_work if limits.core_work is None else limits.core_work)
    node_limit = DEFAULT_NODE_LIMIT if limits.node_limit is None else limits.node_limit
    checkpoint, workers, dask_address = execution.checkpoint, execution.workers or 1, execution.dask_address
    limit, words, sample = candidates.limit, candidates.words, candidates.sample
    if recheck and searcher.mode not in ("hard", "easy"):
        raise ParameterError("{recheck} re-checks the cores of hard and easy mode; "
                             f"{searcher.mode} mode's nos have no core of their own")
    if words is not None:
        words = list(check_words(words, searcher.guess_index, "words"))
        if limit is not None:
            raise ParameterError("{words} names the words to decide: drop {limit}")
    if sample is not None:
        if words is not None or limit is not None or recheck or class_checkpoints:
            raise ParameterError("{sample} draws the words to decide: drop {words}, {limit}, {recheck} and the "
                                 "class checkpoints")
        words = sample_first_words(sweep_candidates(searcher, guesses), *sample)
    retry: frozenset = frozenset()
    if class_checkpoints and limit is not None:
        raise ParameterError("a class checkpoint decides its own word: drop {limit} ({words} names others)")
    question = sweep_question(searcher, searcher.root(None, None, guesses), guesses)
    run.open(checkpoint, question)     # the one read of the checkpoint: refused now, before any work
    if class_checkpoints:
        from wordlelab.solvers.search.depth.class_refutation import draft_classes
        drafted = draft_classes(run, guesses, class_checkpoints)
        retry = frozenset(drafted)
        if words is not None:      # the words drafted are taken too
            words += [w for w in drafted if w not in words]
    pick = (limit, words, sample)
    stale = functools.partial(stale_entry, node_limit=node_limit, mode=searcher.mode, tree_dir=tree_dir,
                              core_work=run.core_work, retry=retry)
    if workers > 1 or dask_address:
        from wordlelab.solvers.search.depth.depth_sweep_workers import decide_on_workers
        res, decisions = decide_on_workers(run, guesses, checkpoint, progress, tree_dir, node_limit, pick,
                                            workers, dask_address, stale)
    else:
        res, decisions = _decide_in_process(run, guesses, checkpoint, progress, tree_dir, node_limit, pick,
                                            stale)
    if recheck:
        taken = decisions if words is None else {w: decisions[w] for w in words if w in decisions}
        res = _rechecked(res, searcher, guesses, taken, progress, tree_dir, workers, dask_address)
        if words is None and res.rests_on:
            # every decision, the file's included, has passed its checker: nothing rests on the file now
            res.status, res.claimed, res.rests_on = res.claimed or res.status, None, []
            res.bound, res.stats.claimed_bound = res.stats.claimed_bound, None
        if searcher.mode == "easy":
            _mark_checked(run, decisions, taken, res)
    count_drafted_claims(searcher, guesses, question, checkpoint, res)
    if sample is not None:
        # the reach goes into the estimate, in place of the run's own
        res.stats.sample = sample_estimate(searcher, guesses, checkpoint, decisions, sample, res.stats.reach)
        res.stats.reach = None
    elif words is not None:
        res.stats.words = {w: word_verdict(decisions.get(w)) for w in words}
    return res


def _rechecked(res: Result, searcher, guesses, decisions, progress, tree_dir, workers, dask_address) -> Result:
    """``res`` once every one of ``decisions`` has passed its certificate's checker."""
    from wordlelab.solvers.search.depth.sweep_recheck import recheck_decisions
    done = 0

    def told(n=1, info=None):
        nonlocal done
        done += n
        if progress:
            progress(0, info=f"certificates re-checked: {done}")
    res.stats.recheck = recheck_decisions(searcher.lists, guesses, decisions, tree_dir, workers, dask_address,
                                             told, searcher.mode)
    res.verified = True
    res.seconds += res.stats.recheck["seconds"]
    return res


def _mark_checked(run, decisions: dict, rechecked: dict, res: Result) -> None:
    """Mark the easy-mode nos of ``rechecked`` (all passed the checker) as checked, in
    ``decisions``, in the checkpoint of ``run`` and in the counts of ``res``."""
    for word, value in rechecked.items():
        if value["yes"] is False:
            decisions[word] = dict(value, checked=True)
    decisions.update(run.save(decisions))
    res.stats.nos_unchecked = nos_unchecked(decisions, "easy")


def _decide_in_process(run, guesses, checkpoint, progress, tree_dir, node_limit, pick,
                       stale) -> tuple[Result, dict]:
    """:func:`decide_every_first_word` in this process, with the state of ``run`` (a
    :class:`~wordlelab.solvers.search.depth.run.DepthRun`); also its decisions (word -> entry)."""
    from wordlelab.solvers.search.engine.core_prover import Count
    from wordlelab.solvers.search.engine.tables import UNTOUCHED
    t0 = time.perf_counter()
    searcher = run.searcher
    node = searcher.root(None, None, guesses)
    question = run.question
    decisions = dict(run.decisions)
    prover = None
    if searcher.mode == "easy":
        from wordlelab.solvers.search.engine.core_prover import CoreProver
        from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
        prover = CoreProver(searcher)
        run.easy_certificates = EasyCertificates(searcher, decisions, run.core_work)
        run.easy_certificates.progress = progress
        run.easy_certificates.mark_trusted(decisions)
    cache, stats = searcher.new_cache(), new_stats()
    Lchild, class_hash_of = root_classes(searcher, node)
    if prover is not None:
        run.easy_certificates.use_prover(prover, Lchild)
    order = first_words(searcher, node, *pick[:2], pick[2] is not None)
    n_words = len(order)
    first_of_classes: dict = {}
    replayed: set = set()
    if pick[1] is not None and prover is not None:
        # words named (easy mode): a named word shares the decision of the first word of the whole
        # order with its classes, if the checkpoint has it, and the cores of the checkpoint's other
        # nos are learnt as a whole run would have learnt them
        named = {g for _, g in order}
        for _, g in searcher.candidate_order(node):
            first_of_classes.setdefault(class_hash_of[g], searcher.lists.guesses[g])
            value = decisions.get(searcher.lists.guesses[g])
            if g not in named and value and value["yes"] is False and value["same_as"] is None:
                replay_refutation(searcher, prover, {"core": value["core"], "depth": value["depth"]}, replayed)
    # a sample is taken strictly in the order drawn (a word a core covers is decided by that core's
    # check when its turn comes); its reach is the words passed, in that order
    covered_first = prover is not None and pick[2] is None
    if covered_first:
        from wordlelab.solvers.search.depth.easy_cores import CoveredFirst
        order = CoveredFirst(run.easy_certificates, order, node.d - 1)
    verified_now: set = set()
    resumed = decided_now = passed = 0

    def save(decisions):
        if pick[2] is not None:
            save_reach(checkpoint, question, pick[2][1], passed)
        return run.save(decisions)
    last_save = time.monotonic()
    if tree_dir:
        Path(tree_dir).mkdir(parents=True, exist_ok=True)
    with StopOnCtrlC(stats, *([prover.stats] if prover is not None else [])) as stop:
        try:
            for _, g0 in order:
                word = searcher.lists.guesses[g0]
                twin = first_of_classes.get(class_hash_of[g0]) if searcher.mode == "easy" else None
                if twin is None:
                    first_of_classes.setdefault(class_hash_of[g0], word)
                if word in decisions and not stale(word, decisions[word]):
                    value = decisions[word]
                    resumed += 1
                    if value["yes"] is False and value["same_as"] is None:
                        replay_refutation(searcher, prover, {"core": value["core"], "depth": value["depth"]},
                                                    replayed)
                    if progress:
                        progress(1, info=f"{resumed} from the checkpoint")
                    passed += 1
                    continue
                if twin not in (None, word) and twin in decisions and decisions[twin]["yes"] is not None:
                    value = twin_entry(decisions[twin], twin)
                else:
                    if progress:      # a word's search may take an hour: say which is under way
                        progress(0, info=f"{word.upper()}: searching")
                    value = decide_word(run, node, g0, Lchild, prover, cache, stats, node_limit, tree_dir,
                                    Count, UNTOUCHED, stop)
                    decided_now += 1
                    if value["yes"]:
                        verified_now.add(word)
                decisions[word] = value
                if prover is not None and value["yes"] is False and value["core"] and value["same_as"] is None:
                    if covered_first:
                        order.add(value["core"], value["depth"])
                    run.easy_certificates.mark_alike(value, decisions)
                passed += 1
                if progress:
                    progress(1, info=f"{word.upper()} {word_verdict(value)}; {count_by_verdict(decisions)}")
                if checkpoint and time.monotonic() - last_save > 10:
                    decisions = save(decisions)
                    last_save = time.monotonic()
        finally:
            decisions = save(decisions)
    nodes = int(stats[Stat.NODES]) + (int(prover.stats[Stat.NODES]) if prover is not None else 0)
    res = sweep_result(question, decisions, n_words,
                       SweepTally(resumed, decided_now, verified_now, nodes, time.perf_counter() - t0),
                       checkpoint=checkpoint, sealed=run.sealed)
    res.stats.reach = passed
    return res, decisions
