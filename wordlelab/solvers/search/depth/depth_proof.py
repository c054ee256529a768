"""Depth proofs: can every answer be found within G guesses? A yes with a verified tree, a no with a core.

The theorem: a guess g finds every answer of a node within d guesses exactly when every class
of answers g's patterns split them into (all but the one g itself solves) can be finished within
d - 1, with the guesses the mode allows after g. So a first guess is refuted by one class that
fails, and a node is refuted only when every guess is. The search may try guesses and classes
in any order and with any node budgets (in rounds: :func:`~wordlelab.solvers.search.engine.depth_search.feasible`):
a search cut short decides nothing, so the verdict does not depend on the order.

:func:`prove_depth`
(question kind ``depth``) answers with this convention:

- yes: ``OPTIMAL``, with a tree as certificate, verified by the independent verifier before it
  returns: a least-total tree within G guesses, or with ``any_tree`` the depth search's own
  strategy; ``value`` = ``bound`` = the guesses that tree needs for its worst answer (at most G);
- no: ``INFEASIBLE``, proven by exhaustive search, with a *core* (``certificate_kind``
  ``core``): answers that alone need more guesses. In easy mode the cores are learnt during the
  search, and ``recheck`` re-decides one with the plain search. In hard mode, with a first word,
  the failing class is shrunk to a core that the pure-Python checker of
  :mod:`wordlelab.models.refutation` re-decides before the no is reported; without one, every
  first guess's core is checked. Strict mode gives no certificate;
- the node limit reached, or a core the checker could not decide in time: ``UNKNOWN``.

>>> from wordlelab import load_lists
>>> from wordlelab.solvers.search.native import NativeSearcher
>>> prove_depth(NativeSearcher(load_lists("nyt20220316")), 4, start="salet").status   # doctest: +SKIP
'INFEASIBLE'
"""
from __future__ import annotations

import functools
import time
from dataclasses import replace

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import pattern_code, pattern_string
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import CoreCheck, DepthStats
from wordlelab.solvers.runtime.interrupt import StopOnCtrlC
from wordlelab.solvers.search.depth.depth_entries import (check_refutation, check_via, check_via_entries, refutation_entry,
                                                    replay_refutation)
from wordlelab.solvers.search.depth.hard_cores import keep_state_seed
from wordlelab.solvers.search.depth.run import DepthRun
from wordlelab.solvers.search.depth.state_monotone import SHARED_FROM, RefutedClasses, shared_part
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import (NODE_LIMIT, REFUTED, TREE_NODE_LIMIT, UNTOUCHED, Stat, named_counts,
                                             new_stats)
from wordlelab.solvers.search.native import FailingClass

# seconds between the checkpoint's writes (each one a read and write of the whole file)
SAVE_EVERY = 2


def prove_depth(searcher, guesses: int, start: str | None = None, state: str | None = None,
                node_limit: int = 10**12, progress=None, recheck: bool = False,
                checkpoint: str | None = None, any_tree: bool = False, run: DepthRun | None = None) -> Result:
    """Decide whether every answer can be found within ``guesses`` guesses (see the module
    docstring for the statuses and certificates). The searcher's own limit is left as it is.

    In easy mode a no comes with a core: answers that alone need more guesses. With
    ``recheck`` the plain search (no learnt cores) re-decides the core on its own. Without
    a first word, the first words refuted so far go to ``checkpoint`` (see
    :mod:`wordlelab.solvers.runtime.checkpoint`), each with the core it added to the root core; a run
    resumed from it skips them and replays their cores in order, so a no still comes with a
    core (``stats.from_checkpoint`` counts the first words taken from the file).

    A yes comes with a least-total tree within the limit; with ``any_tree``, with the depth
    search's own strategy instead (verified all the same), for instances whose least total
    is far harder to prove than the yes (hard mode with every word an answer).

    ``run`` (a :class:`~wordlelab.solvers.search.depth.run.DepthRun` on ``searcher``) gives the
    check budget of the cores (``core_work``) and their order (``largest_first``); by default a
    fresh one. The cores made at a state are kept in it, to seed the next ones there.
    """
    if not 1 <= guesses <= 20:
        raise WordleError(f"guesses must be between 1 and 20, not {guesses}")
    if run is None:
        run = DepthRun(searcher)
    elif run.searcher is not searcher:
        raise WordleError("internal error: a depth run on another searcher")
    t0 = time.perf_counter()
    node = searcher.root(start, state, guesses)
    question = {"kind": "depth", "lists": searcher.lists.name, "mode": searcher.mode, "max_guesses": guesses,
                "start": start, "state": state}
    cache = searcher.new_cache()
    stats = new_stats()
    k, hit, hsh = K.scan(searcher.MT, node.H, node.L, searcher.R)
    Lchild = K.guesses_for_children(node.L, k, hit, hsh, searcher.mode_code)
    prover = None
    if searcher.mode == "easy":
        # easy mode learns cores: small answer sets already refuted (solvers/search/engine/core_prover.py)
        from wordlelab.solvers.search.engine.core_prover import CoreProver
        prover = CoreProver(searcher)

    def start_feasible(g0, progress=None, limit=node_limit):
        """(verdict, failing class or None) of first guess g0 (see NativeSearcher.start_feasible)."""
        if prover is not None:
            return prover.start_feasible(node.H, Lchild, g0, node.d, limit, progress), None
        return searcher.start_feasible(node, g0, cache, stats, limit, progress,
                                       Lchild=None if node.start is not None else Lchild)

    extra: dict = {}
    with StopOnCtrlC(stats, *([prover.stats] if prover is not None else [])) as stop:
        failing = None
        if node.start is not None:
            g, failing = start_feasible(searcher.guess_index[node.start], progress)
        else:
            # hard and strict mode without a checkpoint: the node's own search finds a yes fastest;
            # a no is then re-derived guess by guess below, for each guess's core
            whole = prover is None and searcher.depth_rounds[2] > 0 and not checkpoint
            g = _whole_node_search(searcher, node, cache, stats, node_limit, progress) if whole else REFUTED
            # strict mode makes no cores, so its no needs no second pass
            if g == REFUTED and not (whole and searcher.mode == "strict"):
                g, extra["from_checkpoint"] = _any_first_word(run, node, hsh, prover, stats, start_feasible, extra,
                                                              question, checkpoint, progress, node_limit)
        stop.check()          # a NODE_LIMIT forced by Ctrl-C is no answer
    rests = extra.pop("rests_on", [])     # (only a no rests on the file's refutations)
    out = DepthStats(len(node.H), counters=named_counts(stats, Stat), **extra)
    if prover is not None:
        counted = prover.statistics()
        out.counters = {k: counted[k] for k in out.counters}
        out.cores, out.core_hits = counted["cores"], counted["core_hits"]
    if g == REFUTED:
        answers = None
        if prover is not None and prover.root_complete and len(prover.root_core):
            from wordlelab.models.refutation import CheckTooLong
            try:
                if progress:    # (the check may take longer than the search: say what runs)
                    progress(0, info=f"the pure-Python checker proves the core of {len(prover.root_core)} answers")
                answers, out.core = _core_certificate(run, prover, node, recheck)
            except CheckTooLong as e:     # the search's no, unchecked, is no proof
                out.core = CoreCheck(check=str(e))
                return Result(question, "native", Status.UNKNOWN, seconds=time.perf_counter() - t0,
                              stats=out)
        elif searcher.mode == "hard" and node.start is not None:
            from wordlelab.models.refutation import CheckTooLong
            t = time.perf_counter()
            try:
                entry = refutation_entry(run, None, node, searcher.guess_index[node.start], failing)
            except CheckTooLong as e:     # the search's no, unchecked, is no proof
                out.core = CoreCheck(check=str(e))
                return Result(question, "native", Status.UNKNOWN, seconds=time.perf_counter() - t0,
                              stats=out)
            answers = entry["core"]
            out.core = CoreCheck(size=len(answers), guesses_left=entry["depth"], check="INFEASIBLE",
                                 check_seconds=round(time.perf_counter() - t, 3))
        # a core the pure-Python checker decided proves the no whole: a strategy for all the answers
        # would serve the core's (a subset, in easy mode; its class, in hard mode), and none has one
        proven_core = answers is not None and (out.core.checker is not None
                                               or (searcher.mode == "hard" and node.start is not None))
        return Result(question, "native", Status.INFEASIBLE, certificate=answers,
                      certificate_kind=None if answers is None else "core", verified=proven_core and not rests,
                      seconds=time.perf_counter() - t0, stats=out).rest_on(rests)
    if g == NODE_LIMIT:
        return Result(question, "native", Status.UNKNOWN, seconds=time.perf_counter() - t0, stats=out)
    # yes: the certificate is an optimal-total tree within the same limit, verified by min_total
    first = node.start if node.start is not None else searcher.lists.guesses[int(g)]
    cert_node = replace(node, start=first)
    if any_tree:
        return _any_tree_result(searcher, question, cert_node, node.start is not None, prover, cache, stats, out, t0)
    cert = searcher.min_total(cert_node, question, 0, time.perf_counter())
    if cert.status != Status.OPTIMAL or not cert.verified:
        raise WordleError(f"internal error: the depth search finds every answer within {guesses} "
                          f"guesses after {first}, the min-total search finds {cert.status}")
    worst = cert.stats.max_guesses_used
    out.first_guess, out.first_guess_given, out.total = first, node.start is not None, cert.value
    out.average, out.histogram = cert.stats.average, cert.stats.histogram
    out.tree_search_nodes, out.tree_seconds = cert.stats.nodes, round(cert.seconds, 3)
    return Result(question, "native", Status.OPTIMAL, value=worst, bound=worst, certificate=cert.certificate,
                  certificate_kind="tree", verified=True, seconds=time.perf_counter() - t0, stats=out)


def _whole_node_search(searcher, node, cache, stats, node_limit, progress) -> int:
    """The depth search on the node itself: the guess it proves works, REFUTED or NODE_LIMIT.

    Its guesses are probed in the kernel's rounds, with Selby's monotonicity across them (a
    guess whose class holds one already refuted, under a rule asking no less, is refuted at
    once), which the guess-by-guess loop of :func:`_any_first_word` lacks: THUMP YBBBB (hard,
    every word an answer) finds CROFT in about a fifth of that loop's time. It runs in slices of
    nodes, each twice the last, so that progress shows and Ctrl-C is seen between them; a slice
    cut short decides nothing, and what it decided stays in the node table for the next.
    """
    chunk = 1 << 20
    while True:
        limit = min(node_limit, int(stats[Stat.NODES]) + chunk)
        r = K.depth_feasible(node.H, node.L, node.d, searcher.tables, cache, stats, limit, searcher.depth_rounds)
        if progress:
            progress(0, info=f"{int(stats[Stat.NODES])} nodes, every guess in rounds")
        if r != NODE_LIMIT or stats[Stat.NODES] > node_limit:     # the caller's limit (or a Ctrl-C's poison)
            return int(r)
        chunk *= 2


def _any_tree_result(searcher, question, node, given, prover, cache, stats, out, t0) -> Result:
    """A yes's certificate read off the depth search (its node table still holds the answers),
    verified by the independent verifier before it is returned."""
    counter = prover.stats if prover is not None else stats
    limit = int(counter[Stat.NODES]) + TREE_NODE_LIMIT     # no limit: a yes must not turn into a no

    def feasible(H, L, d):
        if prover is not None:
            return prover._feasible(H, L, d, limit)
        return K.depth_feasible(H, L, d, searcher.tables, cache, stats, limit, searcher.depth_rounds)

    tree = searcher.depth_tree(node, searcher.guess_index[node.start], feasible)
    if tree is None:
        raise WordleError(f"internal error: the depth search finds every answer within {node.d} guesses "
                          f"after {node.start}, then refutes a class after it")
    report = searcher.verify(tree, node)
    out.first_guess, out.first_guess_given = node.start, given
    out.total, out.average = report.total, round(report.total / len(node.H), 5)
    out.tree = "any strategy within the limit (its total is not proven least)"
    return Result(question, "native", Status.OPTIMAL, value=report.max_guesses, bound=report.max_guesses,
                  certificate=tree, certificate_kind="tree", verified=True,
                  seconds=time.perf_counter() - t0, stats=out)


def _any_first_word(run, node, hsh, prover, stats, start_feasible, extra, question, checkpoint, progress,
                    node_limit=10**12):
    """A yes among the first guesses (REFUTED: none; NODE_LIMIT), and how many refutations
    came from ``checkpoint``; progress shows, Ctrl-C stops between them.

    Easy mode tries the first guesses one after the other, most promising first, each to the
    end (its learnt cores grow in that order). Hard and strict mode probe them in rounds, as
    the depth search does below (``searcher.depth_rounds``): each open guess gets a node budget,
    four times larger each round, so a yes is not held up by guesses that take millions of
    nodes to refute. Each refuted guess goes to the checkpoint as soon as it is refuted: in easy
    mode with its core, in hard mode with the class that failed, its core made and checked only
    if no guess works (a yes needs none). In hard mode a guess a round leaves open is kept too,
    with the budget that stopped it, and a later run starts it at four times that."""
    from wordlelab.solvers.runtime.checkpoint import checkpoint_lock, load_checkpoint, merged_entries, save_checkpoint, save_merged
    from wordlelab.solvers.search.depth.class_refutation import state_question
    from wordlelab.solvers.search.engine.core_prover import Count
    searcher = run.searcher
    class_hash_of = dict(zip(node.L.tolist(), hsh.tolist()))
    seen = set()
    ck_question = state_question(searcher, node, question["max_guesses"], question["state"])
    refuted = load_checkpoint(checkpoint, ck_question, functools.partial(check_refutation, searcher))
    if refuted and not refuted.sealed:
        # its refutations are claims: a no that counts them rests on the file (a yes has its own tree)
        extra["rests_on"] = [f"{checkpoint}: the refutations of {len(refuted)} first guesses, not re-checked here: "
                             f"the file was not written by this installation"]
    from_checkpoint, replayed = 0, set()
    last_save = time.monotonic()
    g = REFUTED
    counter = prover.stats if prover is not None else stats
    in_rounds = prover is None and searcher.depth_rounds[2] > 0
    first_budget = int(searcher.depth_rounds[2]) if in_rounds else node_limit
    # each guess's budget this round: a guess an earlier run left open (hard mode's ``{"open": B}``
    # entry: cut short at B nodes) starts at 4B, not at the first round's again (IMPOT BBBBB: the
    # first four rounds of its last 379 guesses cost about an hour each time it resumed)
    budget_of = {}
    for word, entry in refuted.items():
        if "open" in entry:
            budget_of[searcher.guess_index[word]] = min(4 * entry["open"], node_limit)
    open_guesses = [g0 for _, g0 in searcher.candidate_order(node)]
    # refuted in rounds, the core not made: (guess, its failing class, or the class's pattern
    # when the checkpoint had it, and whether the class is a refuted subset of one)
    unchecked = []
    # hard mode: the classes refuted so far here, which refute a guess holding one of them in
    # one class under a rule asking no less (state_monotone.py); tried on a guess once it has
    # outlasted a round, when its search is costly
    a_index = {a: i for i, a in enumerate(searcher.lists.answers)}
    classes = RefutedClasses(searcher, node) if searcher.mode == "hard" and in_rounds else None
    # ... and the checked cores among them: a guess refuted in rounds whose class holds one under
    # a rule asking no less has that core as its own, checked by monotonicity (monotone_check.py)
    # without a search (IMPOT BBBBB: 8068 of its 10777 guesses left without a core, when the
    # first 2186 cores were made)
    checked = RefutedClasses(searcher, node) if classes is not None else None
    extra["monotone_cores"] = extra["nearby_cores"] = extra["shared_parts"] = 0
    if classes is not None:
        # all of them before the first guess is tested, not as the loop replays them: an open
        # guess comes early in the order as often as late
        for word, entry in refuted.items():
            if entry.get("failing"):
                g0, code = searcher.guess_index[word], pattern_code(entry["failing"])
                classes.add(g0, node.H[searcher.MT[node.H, g0] == code], code)
            elif entry.get("core"):
                g0 = searcher.guess_index[word]
                core = np.array(sorted(a_index[a] for a in entry["core"]), np.int32)
                classes.add(g0, core, int(searcher.MT[core[0], g0]))
                checked.add(g0, core, int(searcher.MT[core[0], g0]))
    check_via_entries(searcher, node, refuted)
    try:
        while open_guesses:
            still_open = []
            for tried, g0 in enumerate(open_guesses, 1):
                if searcher.mode == "easy":
                    if class_hash_of[g0] in seen:
                        continue   # splits the answers exactly as a first guess already refuted
                    seen.add(class_hash_of[g0])
                word = searcher.lists.guesses[g0]
                if "open" in refuted.get(word, ()):
                    del refuted[word]          # searched again below, from where it was left
                if word in refuted and "failing" in refuted[word]:
                    # refuted by an earlier run, its core still to be made if no guess works
                    unchecked.append((g0, refuted[word]["failing"], False))   # its class made when its core is
                    from_checkpoint += 1
                    r = REFUTED
                elif word in refuted and not (searcher.mode == "hard" and refuted[word]["core"] is None):
                    # replayed in the order it was found: the root core grows as it did then
                    replay_refutation(searcher, prover, refuted[word], replayed)
                    if searcher.mode == "hard" and refuted[word]["core"]:
                        # its core seeds the cores still to be made here (hard_cores.minimal_core)
                        keep_state_seed(run, node,
                                        np.array(sorted(a_index[a] for a in refuted[word]["core"]), np.int32))
                    from_checkpoint += 1
                    r = REFUTED
                elif classes is not None and g0 in budget_of and (held := classes.dominating(g0)) is not None:
                    # a class refuted for another guess lies in one of this guess's classes
                    pattern, members = held
                    unchecked.append((g0, _class_after(searcher, node, g0, pattern_string(pattern), members), True))
                    if checkpoint:
                        refuted[word] = {"core": None, "depth": None, "failing": pattern_string(pattern)}
                    counter[Stat.MONOTONE] += 1
                    r = REFUTED
                else:
                    if prover is not None:
                        prover.store.count[Count.LAST] = UNTOUCHED
                    budget = budget_of.get(g0, first_budget)
                    r, failing = start_feasible(g0, limit=min(node_limit, int(counter[Stat.NODES]) + budget))
                    if r == NODE_LIMIT and in_rounds and counter[Stat.NODES] <= node_limit:
                        still_open.append(g0)      # this round's budget, not the run's limit
                        budget_of[g0] = min(budget * 4, node_limit)
                        if checkpoint and searcher.mode == "hard":
                            refuted[word] = {"open": budget}
                        if progress:
                            progress(0, info=f"{int(counter[Stat.NODES])} nodes; this round {tried} of "
                                             f"{len(open_guesses)} tried, {len(still_open)} open at {budget} nodes")
                        if checkpoint and time.monotonic() - last_save > SAVE_EVERY:
                            refuted = save_merged(checkpoint, ck_question, refuted, _replaces)
                            last_save = time.monotonic()
                        continue
                    if r == REFUTED and in_rounds and failing is not None:
                        # its core is made and checked only if no guess works (a yes needs
                        # none); the checkpoint keeps the class that failed until then
                        # (no failing class: the last guess allowed, whose core is one answer)
                        unchecked.append((g0, failing, failing.subset))
                        if classes is not None:
                            classes.add(g0, failing.members, failing.pattern)
                        if checkpoint and searcher.mode == "hard":
                            refuted[word] = {"core": None, "depth": None, "failing": pattern_string(failing.pattern)}
                    elif r == REFUTED:
                        r = _checked_refutation(run, prover, node, g0, refuted, failing)
                if progress:
                    nodes = (prover.stats if prover is not None else stats)[Stat.NODES]
                    size = f", root core {len(prover.root_core)} answers" if prover is not None else ""
                    progress(1, info=f"{int(nodes)} nodes{size}")
                if r != REFUTED:
                    return r, from_checkpoint
                if checkpoint and time.monotonic() - last_save > SAVE_EVERY:
                    refuted = save_merged(checkpoint, ck_question, refuted, _replaces)
                    last_save = time.monotonic()
            open_guesses = still_open
        # the guesses whose cores are still to be made, in the order they were refuted; each one
        # that holds a checked core (kept, or made just now) takes it, the others are made
        pending = {g0: (failing, subset) for g0, failing, subset in unchecked}
        if checked is not None:
            # smallest class first: its core is made soonest and may be the one a large class
            # holds (IMPOT BBBBB: BUNCH's class of 985 answers came first, and its grown core
            # took over 30 minutes while 2708 smaller ones waited)
            def size(g0: int) -> int:
                failing = pending[g0][0]
                if isinstance(failing, str):
                    return int(np.count_nonzero(searcher.MT[node.H, g0] == pattern_code(failing)))
                return len(failing.members)
            # (--largest-first: a second run on the same checkpoint works from the other end)
            pending = {g0: pending[g0] for g0 in sorted(pending, key=size, reverse=run.largest_first)}

        def take(g0: int, i: int, pattern: int) -> None:
            refuted[searcher.lists.guesses[g0]] = _monotone_entry(searcher, node, g0, checked, i, refuted)
            checked.add(g0, checked.members[i], pattern)
            extra["monotone_cores"] += 1
            del pending[g0]
        if checked is not None:
            for g0 in list(pending):
                if (found := checked.dominating_index(g0)) is not None:
                    take(g0, *found)
        too_long: list[int] = []
        while pending:
            g0, (failing, subset) = next(iter(pending.items()))
            word = searcher.lists.guesses[g0]
            if progress:
                progress(0, info=f"no guess works: checking the cores, {len(unchecked) - len(pending)} of "
                                 f"{len(unchecked)} ({extra['monotone_cores']} by monotonicity, "
                                 f"{extra['nearby_cores']} from a core nearby, "
                                 f"{extra['shared_parts']} made from a shared part), {word}")
            # a kept core that fails in a class of g0 under a rule near its own, if the search
            # finds one quickly; else the core is made from the failing class
            nearby = checked.refuted_nearby(node, g0, node.d - 1) if checked is not None else None
            entry = _nearby_entry(run, node, g0, nearby) if nearby is not None else None
            if entry is not None:
                refuted[word] = entry
                extra["nearby_cores"] += 1
            else:
                # (a class named in the checkpoint gets its own classes only now: thousands of
                # them took minutes before the first core was made)
                failing = (_class_after(searcher, node, g0, failing) if isinstance(failing, str)
                           else failing)._replace(subset=subset)
                if checked is not None and len(failing.members) > SHARED_FROM:
                    # a large class: its core is made, if it can be, from the part it shares with
                    # the classes of guesses still waiting under rules asking no less, so that
                    # they all take it by monotonicity below (state_monotone.shared_part)
                    part = shared_part(searcher, node, g0, failing.members, failing.pattern,
                                       _waiting_classes(searcher, node, pending))
                    if part is not None:
                        failing = failing._replace(members=part, subset=True)
                        extra["shared_parts"] += 1
                if _checked_refutation(run, prover, node, g0, refuted, failing) == NODE_LIMIT:
                    # this core alone stays unchecked (its entry keeps the failing class): the
                    # others are still made, and the answer is UNKNOWN once they are
                    too_long.append(g0)
                    del pending[g0]
                    continue
            del pending[g0]

            def serve(word=word, g0=g0) -> None:
                # the core now checked for g0 refutes the guesses still waiting that hold it
                if refuted[word]["core"]:
                    core = np.array(sorted(a_index[a] for a in refuted[word]["core"]), np.int32)
                    checked.add(g0, core, int(searcher.MT[core[0], g0]))
                    i = len(checked) - 1
                    for g1, pattern in checked.held_by(i, list(pending)):
                        take(g1, i, pattern)
            if checked is not None and checkpoint:
                # Under one lock: the cores another run on this file has written are taken first
                # (its entry for g0 too, if it made one: the file's core stays), so that this run
                # never gives a guess that has a core there another one by monotonicity, then the
                # guesses this core serves, and all of it is written before the lock is let go
                with checkpoint_lock(checkpoint):
                    refuted = merged_entries(checkpoint, ck_question, refuted, _replaces)
                    _take_cores_made_elsewhere(searcher, node, refuted, pending, checked, take, a_index)
                    serve()
                    save_checkpoint(checkpoint, ck_question, refuted)
                last_save = time.monotonic()
            elif checked is not None:
                serve()
            if checkpoint and time.monotonic() - last_save > SAVE_EVERY:
                refuted = save_merged(checkpoint, ck_question, refuted, _replaces)
                last_save = time.monotonic()
        if too_long:
            extra["cores_too_long"] = [searcher.lists.guesses[g0] for g0 in too_long]
            g = NODE_LIMIT
    finally:
        refuted = save_merged(checkpoint, ck_question, refuted, _replaces)
    return g, from_checkpoint


def _take_cores_made_elsewhere(searcher, node, refuted: dict, pending: dict, checked, take, a_index) -> None:
    """Drop from ``pending`` each guess whose core another run on the same checkpoint has made
    (``refuted``, as just merged with the file), and let the guesses still waiting take it by
    monotonicity, as if it were made here. Two runs on one checkpoint, one of them
    ``--largest-first``, so share a state's cores between two processes.

    The other run's entry was checked by its own checker when made, as any entry a run resumes
    from; its shape, and a "via" entry's chain, are checked again here as on loading.
    """
    made = [g0 for g0 in pending if (refuted.get(searcher.lists.guesses[g0]) or {}).get("core")]
    # all of them leave pending before any serves another guess: a guess with a core on file is
    # never given a second one here (two "via" entries pointing at each other would be a cycle)
    for g0 in made:
        word = searcher.lists.guesses[g0]
        entry = refuted[word]
        try:
            check_refutation(searcher, word, entry)
        except ValueError as e:
            raise WordleError(f"checkpoint: {word.upper()}'s entry written by another run: {e}") from None
        if "via" in entry:
            check_via(searcher, node, word, entry, refuted)
        del pending[g0]
    for g0 in made:
        core = np.array(sorted(a_index[a] for a in refuted[searcher.lists.guesses[g0]]["core"]), np.int32)
        checked.add(g0, core, int(searcher.MT[core[0], g0]))
        i = len(checked) - 1
        for g1, pattern in checked.held_by(i, list(pending)):
            take(g1, i, pattern)


def _monotone_entry(searcher, node, g0: int, checked: RefutedClasses, i: int, refuted: dict) -> dict:
    """The checkpoint entry of guess ``g0`` at ``node``, refuted by the checked core
    ``checked.members[i]`` of another guess there, once the independent check of
    :mod:`~wordlelab.models.monotone_check` has passed."""
    entry = {"core": [searcher.lists.answers[a] for a in checked.members[i]], "depth": node.d - 1,
             "via": searcher.lists.guesses[checked.guesses[i]]}
    check_via(searcher, node, searcher.lists.guesses[g0], entry, refuted, made_now=True)
    return entry


def _nearby_entry(run, node, g0: int, members: np.ndarray) -> dict | None:
    """The checkpoint entry of guess ``g0`` at ``node`` with ``members``, a core checked for
    another guess that the search refutes in a class of g0 too (``RefutedClasses.refuted_nearby``),
    once the pure-Python checker has decided it there; None if the check ran out of its budget."""
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.depth.hard_cores import checked_core
    try:
        return checked_core(run, node, run.searcher.lists.guesses[g0], g0, members, node.d - 1, False, [])
    except CheckTooLong:
        return None


def _replaces(ours: dict, theirs: dict) -> bool:
    """Whether a state checkpoint's entry of this run goes over the file's (``save_merged``): a
    guess this run left open never hides a refutation another run wrote, nor a larger budget,
    and a checked core on file is never replaced, not even by a core of this run (another
    guess's entry may take it "via" that guess)."""
    if "open" in ours:
        return "open" in theirs and ours["open"] >= theirs["open"]
    if theirs.get("core"):
        # a checked core on file stays, whatever this run holds: another run's guesses may have
        # taken it by monotonicity ("via"), and a core of this run in its place would break them
        return False
    return True


def _class_after(searcher, node, g0: int, pattern: str, part=None) -> FailingClass:
    """The class of ``node``'s answers that first guess ``g0`` gives ``pattern``, as a
    :class:`~wordlelab.solvers.search.native.FailingClass`, or the part of it ``part`` given
    (then marked a subset); a checkpoint naming a pattern that is no class of g0 here is refused."""
    members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g0, searcher.tables)
    code = pattern_code(pattern)
    found = np.flatnonzero(pats == code)
    if len(found) == 0:
        raise WordleError(f"checkpoint: {pattern} is no class of {searcher.lists.guesses[g0].upper()} here")
    c = int(found[0])
    Lc = searcher.child_list(Lchild, g0, code)
    if part is not None:
        return FailingClass(np.asarray(part, np.int32).copy(), Lc, code, True)
    return FailingClass(members[starts[c]:starts[c] + sizes[c]].copy(), Lc, code)


def _waiting_classes(searcher, node, pending: dict) -> list:
    """``(guess, members, pattern)`` for each guess of ``pending`` (its failing class by pattern
    name, or a :class:`~wordlelab.solvers.search.native.FailingClass`), for :func:`shared_part`."""
    found = []
    for g1, (failing, _) in pending.items():
        if isinstance(failing, str):
            code = pattern_code(failing)
            found.append((g1, node.H[searcher.MT[node.H, g1] == code], code))
        else:
            found.append((g1, failing.members, failing.pattern))
    return found


def _checked_refutation(run, prover, node, g0, refuted: dict, failing=None) -> int:
    """REFUTED, with first guess g0's checkpoint entry put in ``refuted`` (its core made from
    ``failing``, the class that refuted it, in hard mode); NODE_LIMIT if the checker could not
    decide its core in time (an unchecked no proves nothing)."""
    from wordlelab.models.refutation import CheckTooLong
    try:
        refuted[run.searcher.lists.guesses[g0]] = refutation_entry(run, prover, node, g0, failing)
    except CheckTooLong:
        return NODE_LIMIT
    return REFUTED


def _core_certificate(run, prover, node, recheck: bool) -> tuple[list[str], CoreCheck]:
    """A few answers that alone need more guesses (the certificate of a no), and what is
    known of them: the guesses they need more than, and the plain search's re-check
    (no learnt cores) when ``recheck``. After a first guess, the pure-Python checker decides the
    core before it is returned (:mod:`~wordlelab.solvers.search.depth.easy_cores`; ``"checker"``:
    its nodes); CheckTooLong if it runs out of work."""
    searcher = run.searcher
    t = time.perf_counter()
    U = prover.root_core
    d = node.d
    if node.start is not None:
        # the root core is one class after the first guess: those answers need more than d - 1
        g = searcher.guess_index[node.start]
        if len({int(searcher.MT[a, g]) for a in U}) != 1:
            raise WordleError("internal error: a first-guess core spans two classes")
        d -= 1
    check = prover.check_core(U, d) if recheck else "not re-checked"
    if recheck and check != "INFEASIBLE":
        raise WordleError(f"internal error: the plain search finds the core {check}, not INFEASIBLE")
    answers = [searcher.lists.answers[a] for a in U]
    info = CoreCheck(size=len(answers), guesses_left=d, check=check)
    if node.start is not None and searcher.mode == "easy":
        from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
        from wordlelab.solvers.search.depth.easy_cores import EASY_CHECK_WORK
        certificates = EasyCertificates(searcher, {}, run.core_work or EASY_CHECK_WORK)
        certificates.certify(node.start, answers, d)
        info.checker = {"nodes": certificates.last_nodes}
    info.check_seconds = round(time.perf_counter() - t, 3)
    return answers, info
