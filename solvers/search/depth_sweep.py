"""Every first word decided: which first guesses find every answer within G guesses?

``prove-depth`` without ``--start`` stops at the first yes. Here every first word is decided,
the question Selby left open for the 12972-answer game (part 2: at least 2109 words guarantee 6
guesses, from a heuristic search). Two first words that split the answers into the same classes
with the same patterns leave the same game (easy mode: the guess lists after them are the
same), so one decision serves both.

- **no**: the exhaustive depth search of :meth:`NativeSearcher.prove_depth` (with learnt cores
  in easy mode, shared across first words, as the any-first-word search shares them). In hard
  mode each no has its own core, checked by the pure-Python checker before it is recorded
  (:mod:`~wordlelab.solvers.search.hard_cores`);
- **yes**: a strategy within G guesses, read node by node from the depth search (which returns
  the guess it proved at each node; in easy mode the one with learnt cores) and checked by
  :func:`~wordlelab.models.verify.verify_tree` before it counts;
- **unknown**: the node limit stopped it; nothing is claimed.

Decisions go to a checkpoint (word -> decision), so the run resumes where it stopped; a
resumed run replays the refutations' cores in their order, as ``prove-depth`` does, and tries
again the words the node limit left unknown (with a larger ``--node-limit``, say).

With several workers the first words are the tasks of a :class:`~wordlelab.solvers.sweep.Sweep`
(local processes or dask). A first word's decision does not depend on any other's, so the
workers need share nothing for soundness; on one machine they share the table of decided nodes
(lockless, :mod:`~wordlelab.solvers.search.node_table`) in hard and strict mode. In easy mode
each has its own prover: it replays the checkpoint's cores when it starts and learns its own after.
"""
from __future__ import annotations

import functools
import time
from pathlib import Path


from wordlelab.errors import WordleError, check_words
from wordlelab.models.result import Result
from wordlelab.models.tree import save_tree
from wordlelab.solvers.interrupt import StopOnCtrlC
from wordlelab.solvers.search.depth_report import (count_by_verdict, latest_and_count, nos_unchecked, sweep_result,
                                                    word_verdict)
from wordlelab.solvers.search.depth_entries import (_core_drafts, _question, check_decision,  # noqa: F401 (check_decision: the sweep's own)
                                                   refutation_entry, replay_refutation)
from wordlelab.solvers.search.first_word_sample import estimate_yes, sample_first_words
from wordlelab.solvers.search.depth_verdicts import checks_under_way, count_drafted_claims, stale_entry
from wordlelab.solvers.search.kernels import K
from wordlelab.solvers.search.tables import NODE_LIMIT, REFUTED, TREE_NODE_LIMIT, Stat, new_stats


def decide_every_first_word(searcher, guesses: int, checkpoint=None, progress=None, tree_dir=None,
                            node_limit: int = 10**12, limit: int | None = None, workers: int = 1,
                            dask_address: str | None = None, recheck: bool = False,
                            core_work: int | None = None, words=None, class_checkpoints=(),
                            sample: tuple[int, int] | None = None) -> Result:
    """Decide, for every first word, whether every answer can be found within ``guesses``.

    Returns OPTIMAL when every word (or the first ``limit`` in the candidate order) is decided,
    with ``value`` the number of yes words, else UNKNOWN (some word reached ``node_limit``, which
    holds for each word on its own).
    ``stats["yes"]`` lists the yes words, ``stats["decided"]`` counts yes, no and unknown, and
    ``stats["rate_per_hour"]`` is the words decided per hour in this run. ``tree_dir`` keeps each
    yes word's verified tree (Selby's format, ``WORD.tree``). ``workers`` > 1 or ``dask_address``
    runs the words on the sweep layer (:func:`wordlelab.solvers.sweep.executor`).

    ``recheck`` (hard mode): before returning, every decision, those taken from the checkpoint
    included, is re-checked from its certificate alone (each no's core by the pure-Python
    checker, each yes's tree in ``tree_dir`` by the verifier;
    :mod:`~wordlelab.solvers.search.sweep_recheck`), and the result is marked verified.

    ``core_work`` (hard mode): the patterns the pure-Python checker may read on a core that could
    not be shrunk to a minimal one (default :data:`~wordlelab.solvers.search.hard_cores.UNFINISHED_CHECK_WORK`).
    A word refuted by the search whose core was not checked within it stays unknown, naming its
    failing class and this budget; it is searched again only with a larger ``core_work`` (a
    larger ``node_limit`` would not help it: the node limit did not stop it).

    ``words``, if given, are the only first words taken (in the candidate order; not with
    ``limit`` or ``recheck``): a budget spent on the words one wants decided, say one core check
    resumed with a larger ``core_work``. The other words of the checkpoint are kept as they are,
    and the result counts them as before.

    ``sample`` = ``(size, seed)``: the words taken are a uniform random sample of the first
    words, in the order drawn rather than the candidate order (not with ``words`` or ``limit``),
    and ``stats["sample"]`` estimates the number of yes words from its decided prefix
    (:mod:`~wordlelab.solvers.search.first_word_sample`; a statistic, not a proof). The same
    seed draws the same sample, so a resumed run goes on where the last one stopped.

    ``class_checkpoints`` (hard mode, with ``checkpoint``): finished checkpoints of
    ``prove-depth --state W.PATTERN --checkpoint F``, each refuting one class of a first word W
    guess by guess (:mod:`~wordlelab.solvers.search.class_refutation`). Each becomes W's draft,
    and W is decided by checking it, even if an earlier run left W unknown at this node limit.
    """
    from wordlelab.solvers.search import hard_cores
    from wordlelab.solvers.search.easy_cores import EASY_CHECK_WORK
    default_work = EASY_CHECK_WORK if searcher.mode == "easy" else hard_cores.UNFINISHED_CHECK_WORK
    searcher.core_work = default_work if core_work is None else core_work
    if recheck and searcher.mode not in ("hard", "easy"):
        raise WordleError("--recheck with --every-first-word re-checks the cores of hard and easy mode; "
                          f"{searcher.mode} mode's nos have no core of their own")
    if words is not None:
        words = list(check_words(words, searcher.guess_index, "--words"))
        if limit is not None:
            raise WordleError("--words names the words to decide: drop --limit")
    if sample is not None:
        if words is not None or limit is not None or recheck:
            raise WordleError("--sample draws the words to decide: drop --words, --limit and --recheck")
        words = sample_first_words(searcher.lists.guesses, *sample)
    retry: frozenset = frozenset()
    if class_checkpoints:
        from wordlelab.solvers.search.class_refutation import draft_classes
        if limit is not None:
            raise WordleError("--class-checkpoint decides its own word: drop --limit (--words names others)")
        searcher.core_drafts = _core_drafts(searcher, _question(searcher, searcher.root(None, None, guesses), guesses),
                                            checkpoint)
        drafted = draft_classes(searcher, guesses, class_checkpoints)
        retry = frozenset(drafted)
        if words is not None:      # the words drafted are taken too
            words += [w for w in drafted if w not in words]
    pick = (limit, words, sample is not None)
    stale = functools.partial(stale_entry, node_limit=node_limit, mode=searcher.mode, tree_dir=tree_dir,
                              core_work=searcher.core_work, retry=retry)
    if workers > 1 or dask_address:
        res, decisions = _decide_on_workers(searcher, guesses, checkpoint, progress, tree_dir, node_limit, pick,
                                            workers, dask_address, stale)
    else:
        res, decisions = _decide_in_process(searcher, guesses, checkpoint, progress, tree_dir, node_limit, pick,
                                            stale)
    if recheck:
        taken = decisions if words is None else {w: decisions[w] for w in words if w in decisions}
        res = _rechecked(res, searcher, guesses, taken, progress, tree_dir, workers, dask_address)
        if searcher.mode == "easy":
            _mark_checked(searcher, guesses, checkpoint, decisions, taken, res)
    count_drafted_claims(searcher, guesses, _question(searcher, searcher.root(None, None, guesses), guesses),
                         checkpoint, res)
    if sample is not None:
        res.stats["sample"] = estimate_yes(decisions, words, len(searcher.lists.guesses))
    elif words is not None:
        res.stats["words"] = {w: word_verdict(decisions.get(w)) for w in words}
    return res


def _rechecked(res: Result, searcher, guesses, decisions, progress, tree_dir, workers, dask_address) -> Result:
    """``res`` once every one of ``decisions`` has passed its certificate's checker."""
    from wordlelab.solvers.search.sweep_recheck import recheck_decisions
    done = 0

    def told(n=1, info=None):
        nonlocal done
        done += n
        if progress:
            progress(0, info=f"certificates re-checked: {done}")
    res.stats["recheck"] = recheck_decisions(searcher.lists, guesses, decisions, tree_dir, workers, dask_address,
                                             told, searcher.mode)
    res.verified = True
    res.seconds += res.stats["recheck"]["seconds"]
    return res


def keeps_proof(ours: dict, theirs: dict) -> bool:
    """``save_merged``'s rule, and the sweep's ``replaces`` with workers: an entry of this run
    replaces the file's, unless the file's is a decision and this run's is not (another run, on
    the same checkpoint, decided a word this run loaded undecided), or the file's is the same no
    with its core proven (``"checked"``, written by another run meanwhile, a ``--recheck`` say)
    and this run's is not: a proof is never written over by less.

    >>> keeps_proof({"yes": False, "core": ["a"]}, {"yes": False, "core": ["a"], "checked": True})
    False
    >>> keeps_proof({"yes": False, "core": ["b"], "checked": True}, {"yes": False, "core": ["a"]})
    True
    >>> keeps_proof({"yes": None, "core": None}, {"yes": False, "core": ["a"], "checked": True})
    False
    """
    if ours["yes"] is None and theirs.get("yes") is not None:
        return False
    return not (theirs.get("checked") and not ours.get("checked") and ours["yes"] == theirs["yes"])


def _mark_checked(searcher, guesses, checkpoint, decisions: dict, rechecked: dict, res: Result) -> None:
    """Mark the easy-mode nos of ``rechecked`` (all passed the checker) as checked, in
    ``decisions``, in ``checkpoint`` and in the counts of ``res``."""
    from wordlelab.solvers.checkpoint import save_merged
    for word, value in rechecked.items():
        if value["yes"] is False:
            decisions[word] = dict(value, checked=True)
    if checkpoint:
        question = _question(searcher, searcher.root(None, None, guesses), guesses)
        decisions.update(save_merged(checkpoint, question, decisions, keeps_proof))
    res.stats["nos_unchecked"] = nos_unchecked(decisions, "easy")


def _decide_in_process(searcher, guesses, checkpoint, progress, tree_dir, node_limit, pick,
                       stale) -> tuple[Result, dict]:
    """:func:`decide_every_first_word` in this process; also its decisions (word -> entry)."""
    from wordlelab.solvers.checkpoint import load_checkpoint, save_merged
    from wordlelab.solvers.search.core_prover import Count
    from wordlelab.solvers.search.tables import UNTOUCHED
    t0 = time.perf_counter()
    node = searcher.root(None, None, guesses)
    question = _question(searcher, node, guesses)
    decisions = load_checkpoint(checkpoint, question, check_decision(searcher))
    prover = None
    if searcher.mode == "easy":
        from wordlelab.solvers.search.core_prover import CoreProver
        from wordlelab.solvers.search.easy_cores import EasyCertificates
        prover = CoreProver(searcher)
        searcher.easy_certificates = EasyCertificates(searcher, decisions, searcher.core_work)
        searcher.easy_certificates.progress = progress
        searcher.easy_certificates.mark_trusted(decisions)
    _bank_cores(searcher, decisions)
    searcher.core_drafts = _core_drafts(searcher, question, checkpoint)
    cache, stats = searcher._new_cache(), new_stats()
    Lchild, split_of = _root_split(searcher, node)
    if prover is not None:
        searcher.easy_certificates.use_prover(prover, Lchild)
    order = _first_words(searcher, node, *pick)
    n_words = len(order)
    first_of_split: dict = {}
    replayed: set = set()
    if pick[1] is not None and prover is not None:
        # words named (easy mode): a named word shares the decision of the first word of the whole
        # order with its split, if the checkpoint has it, and the cores of the checkpoint's other
        # nos are learnt as a whole run would have learnt them
        named = {g for _, g in order}
        for _, g in searcher.candidate_order(node):
            first_of_split.setdefault(split_of[g], searcher.lists.guesses[g])
            value = decisions.get(searcher.lists.guesses[g])
            if g not in named and value and value["yes"] is False and value["same_as"] is None:
                replay_refutation(searcher, prover, {"core": value["core"], "depth": value["depth"]}, replayed)
    if prover is not None:
        from wordlelab.solvers.search.easy_cores import CoveredFirst
        order = CoveredFirst(searcher.easy_certificates, order, node.d - 1)
    verified_now: set = set()
    resumed = decided_now = 0
    last_save = time.monotonic()
    if tree_dir:
        Path(tree_dir).mkdir(parents=True, exist_ok=True)
    with StopOnCtrlC(stats, *([prover.stats] if prover is not None else [])) as stop:
        try:
            for _, g0 in order:
                word = searcher.lists.guesses[g0]
                twin = first_of_split.get(split_of[g0]) if searcher.mode == "easy" else None
                if twin is None:
                    first_of_split.setdefault(split_of[g0], word)
                if word in decisions and not stale(word, decisions[word]):
                    value = decisions[word]
                    resumed += 1
                    if value["yes"] is False and value["same_as"] is None:
                        replay_refutation(searcher, prover, {"core": value["core"], "depth": value["depth"]},
                                                    replayed)
                    if progress:
                        progress(1, info=f"{resumed} from the checkpoint")
                    continue
                if twin not in (None, word) and twin in decisions and decisions[twin]["yes"] is not None:
                    value = _twin_entry(decisions[twin], twin)
                else:
                    value = _decide(searcher, node, g0, Lchild, prover, cache, stats, node_limit, tree_dir,
                                    Count, UNTOUCHED, stop)
                    decided_now += 1
                    if value["yes"]:
                        verified_now.add(word)
                decisions[word] = value
                if prover is not None and value["yes"] is False and value["core"] and value["same_as"] is None:
                    order.add(value["core"], value["depth"])
                    searcher.easy_certificates.mark_alike(value, decisions)
                if progress:
                    progress(1, info=f"{word.upper()} {word_verdict(value)}; {count_by_verdict(decisions)}")
                if checkpoint and time.monotonic() - last_save > 10:
                    decisions = save_merged(checkpoint, question, decisions, keeps_proof)
                    last_save = time.monotonic()
        finally:
            decisions = save_merged(checkpoint, question, decisions, keeps_proof)
    return sweep_result(question, decisions, n_words, resumed, decided_now, verified_now,
                   int(stats[Stat.NODES]) + (int(prover.stats[Stat.NODES]) if prover is not None else 0),
                   time.perf_counter() - t0), decisions


def _first_words(searcher, node, limit: int | None, words, in_order: bool = False) -> list:
    """The (score, guess index) pairs of the first words a run takes: the candidate order, only
    ``words`` if given (in their own order if ``in_order``: a random sample's), then the first ``limit``."""
    order = searcher.candidate_order(node)
    if words is not None:
        if in_order:
            score = {g: s for s, g in order}
            return [(score[g], g) for g in (searcher.guess_index[w] for w in words) if g in score][:limit]
        wanted = {searcher.guess_index[w] for w in words}
        order = [c for c in order if c[1] in wanted]
    return order[:limit]


def _bank_cores(searcher, decisions: dict) -> None:
    """In hard mode, give ``searcher`` a :class:`~wordlelab.solvers.search.core_bank.CoreBank`
    holding the checked cores of ``decisions``' nos, most recent last."""
    if searcher.mode != "hard":
        return
    from wordlelab.solvers.search.core_bank import CoreBank
    searcher.core_bank = CoreBank(searcher)
    for word, value in decisions.items():
        if value["yes"] is False and value["same_as"] is None and value["core"]:
            searcher.core_bank.add(word, value["core"], value["depth"])


def _root_split(searcher, node) -> tuple:
    """The guess list after the first guess, and each first guess's split (its hash: two first
    words with the same hash split the answers alike)."""
    k, hit, hsh = K.scan(searcher.MT, node.H, node.L, searcher.R)
    Lchild = K.guesses_for_children(node.L, k, hit, hsh, searcher.mode_code)
    return Lchild, dict(zip(node.L.tolist(), hsh.tolist()))


def _decide(*args) -> dict:
    """One first word's decision, as a checkpoint entry (KeyboardInterrupt if Ctrl-C cut it short),
    with the seconds it took (``"seconds"``: the sweep's rate by verdict, read from the checkpoint)."""
    t0 = time.perf_counter()
    value = _decision(*args)
    return dict(value, seconds=round(time.perf_counter() - t0, 1))


def _twin_entry(value: dict, twin: str) -> dict:
    """The entry of a word that splits the answers as ``twin`` does: its decision, taken as it is
    (with no time of its own)."""
    return {**{k: v for k, v in value.items() if k != "seconds"}, "same_as": twin}


def _decision(searcher, node, g0, Lchild, prover, cache, stats, node_limit, tree_dir, Count, untouched,
              stop) -> dict:
    """:func:`_decide`'s work. ``node_limit`` is this word's own: the counters run on across
    words, so it is added to them.
    """
    kept = _kept_tree(searcher, node, g0, tree_dir)
    if kept is not None:
        return kept
    counter = prover.stats if prover is not None else stats
    word_limit = node_limit
    node_limit = min(int(counter[Stat.NODES]) + node_limit, 1 << 62)
    bank = searcher.core_bank
    if bank is not None:            # hard mode: a core kept from another first word may refute it
        from wordlelab.solvers.search.hard_cores import UNFINISHED_CHECK_WORK
        kept = bank.refute(g0, node.d - 1, UNFINISHED_CHECK_WORK)
        if kept is not None:
            return {"yes": False, **kept, "total": None, "same_as": None}
    from wordlelab.solvers.search.hard_cores import check_made_core
    word = searcher.lists.guesses[g0]
    draft = searcher.core_drafts.load(word, node.d - 1) if searcher.core_drafts is not None else None
    if draft is not None:           # an earlier run made its core: only the check is left
        def check_draft():
            from wordlelab.models.refutation import CoreFault
            try:
                return check_made_core(searcher, (), word, draft)
            except CoreFault as e:     # the draft is a candidate only: it decides nothing
                raise WordleError(f"the core drafted for {word.upper()} in {searcher.core_drafts.path} is no "
                                  f"refutation ({e}); delete that file to make the cores again") from None
        return _checked(searcher, word, word_limit, draft["pattern"], check_draft)
    if prover is not None:
        # easy mode: a word with a class holding a known core needs only that core's check
        borrowed = searcher.easy_certificates.borrowed(word, node.d - 1)
        if borrowed is not None:
            value = _checked(searcher, word, word_limit, None,
                             lambda: _easy_certified(searcher, borrowed, node, g0, Lchild, word_limit))
            if value["yes"] is False:
                return value
            # its check ran out of work: the word is searched, and may leave a core of its own
        prover.store.count[Count.LAST] = untouched
        r = prover.start_feasible(node.H, Lchild, g0, node.d, node_limit, None)
    else:
        r = searcher._start_feasible(node, g0, cache, stats, node_limit, None, Lchild=Lchild)
    stop.check()
    if r == NODE_LIMIT:
        return {"yes": None, "core": None, "depth": None, "total": None, "same_as": None, "node_limit": word_limit}
    if r == REFUTED:
        failing = searcher.failing_class
        if prover is not None:
            proposed = refutation_entry(searcher, prover)["core"]
            return _checked(searcher, word, word_limit, None,
                            lambda: _easy_certified(searcher, proposed, node, g0, Lchild, word_limit))
        return _checked(searcher, word, word_limit, failing[2] if failing is not None else None,
                        lambda: refutation_entry(searcher, prover, node, g0))
    # the tree of a yes is read without a node limit: its nodes may have left the table meanwhile
    # (a full table, or workers sharing one), and a limit would make a yes look like a no
    tree_limit = int(counter[Stat.NODES]) + TREE_NODE_LIMIT
    if prover is not None:       # the learnt cores prune the tree's searches too (easy mode)
        def feasible(H, L, d):
            return prover._feasible(H, L, d, tree_limit)
    else:
        def feasible(H, L, d):
            return K.depth_feasible(H, L, d, searcher.tables, cache, stats, tree_limit, searcher.depth_rounds)
    tree = searcher.depth_tree(node, g0, feasible)
    stop.check()
    if tree is None:
        raise WordleError(f"internal error: {searcher.lists.guesses[g0]} decided yes, but the depth search "
                          f"refutes a class after it")
    report = searcher.verify(tree, node)
    if tree_dir:
        save_tree(tree, Path(tree_dir) / f"{searcher.lists.guesses[g0]}.tree")
    return {"yes": True, "core": None, "depth": report.max_guesses, "total": report.total, "same_as": None}


def _checked(searcher, word: str, word_limit: int, failing: int | None, refutation) -> dict:
    """The entry of ``word``, refuted by a search: a no once ``refutation()`` has made and checked
    its certificate, else (the check ran out of its budget) an unknown naming the ``failing``
    class (a pattern code) and the budget, so that only a larger one tries it again."""
    from wordlelab.models.feedback import pattern_string
    from wordlelab.models.refutation import CheckTooLong
    try:
        value = refutation()
    except CheckTooLong as e:      # a no whose core was not made or checked in time is not reported
        failing = getattr(e, "failing", failing)     # (easy mode: the class its core lay in)
        # which class the search refuted, so the word can be taken up apart (no claim rests on it)
        return {"yes": None, "core": None, "depth": None, "total": None, "same_as": None,
                "node_limit": word_limit,
                # the budget it ran out of, when that was the work a larger --core-work raises
                **({"failing": pattern_string(failing)} if failing is not None else {}),
                **({"core_work": searcher.core_work} if failing is not None and e.budget == "work" else {}),
                # the second guesses its core check refuted so far, kept in the drafts file
                **({"settled": e.settled} if failing is not None and e.budget == "work" and getattr(e, "settled", 0)
                   else {})}
    bank = searcher.core_bank
    if bank is not None and value["core"] and "lemmas" not in value:   # a grown core is large
        bank.add(word, value["core"], value["depth"])
    return {"yes": False, **value, "total": None, "same_as": None}


def _easy_certified(searcher, proposed, node, g0, Lchild, node_limit: int) -> dict:
    """The ``{"core", "depth", "checked"}`` of a first word the easy-mode search refuted, once its
    core is checked (:mod:`~wordlelab.solvers.search.easy_cores`): ``proposed``, the core its
    search left, else one an earlier no offers, else one a search without the learnt cores makes.
    CheckTooLong if none of them gives a core, or the check runs out of work (its ``failing``:
    the pattern of the class the core lies in): the word is then not a no."""
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.easy_cores import NoCore, own_refutation
    word = searcher.lists.guesses[g0]
    certificates = searcher.easy_certificates
    try:
        value = certificates.certify(word, proposed, node.d - 1)
    except NoCore:
        try:
            value = certificates.certify(word, own_refutation(searcher, node, g0, Lchild, node_limit)["core"],
                                         node.d - 1)
        except NoCore as e:
            raise CheckTooLong(str(e)) from None
    return dict(value, checked=True)


def _kept_tree(searcher, node, g0, tree_dir) -> dict | None:
    """A yes read from ``tree_dir/WORD.tree`` when a tree is there already, once the independent
    verifier has passed it; None when there is no tree.

    A yes needs only a strategy, however it was found: a word whose hard class the sweep's node
    limit stops can be settled by a longer single-word run (``prove-depth --state WORD.PATTERN
    --any-tree``, ``tools/depth_tree_with_guesses.py``) that writes its tree here. A tree that fails
    the verifier is an error: it is not this question's, and it is not overwritten.
    """
    if not tree_dir:
        return None
    word = searcher.lists.guesses[g0]
    path = Path(tree_dir) / f"{word}.tree"
    if not path.is_file():
        return None
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import TreeFault
    try:
        tree = load_tree(str(path))
        if tree.guess != word:
            raise TreeFault(f"it starts with {tree.guess.upper()}")
        report = searcher.verify(tree, node)
    except (WordleError, ValueError) as e:     # a fault, or a file that is no tree at all
        raise WordleError(f"{path} is not a strategy within {node.d} guesses for this question ({e}); "
                          f"move it out of --trees") from None
    return {"yes": True, "core": None, "depth": report.max_guesses, "total": report.total, "same_as": None}


# ---- the same sweep on workers (solvers/sweep.py)
SWEEP_NAME = "depth-every-first-word"


class _Unstoppable:
    """A worker's stop check: the client ends its workers itself (Pool.close) on Ctrl-C."""

    @staticmethod
    def check():
        pass


def _worker_init(lists, mode, guesses, entries, node_limit, tree_dir, table_ref, checkpoint, core_work):
    """A worker's searcher, the first node's child lists, and (easy mode) a prover fed the checkpoint's cores."""
    from wordlelab.solvers.checkpoint import load_checkpoint
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.node_table import SharedArray
    table = SharedArray.attach(table_ref) if table_ref else None
    # the min-sum table is not used here; the depth search's table is the shared one (or its own)
    searcher = NativeSearcher(lists, mode, guesses, cache_entries=entries if table is None else 1 << 10)
    searcher.core_work = core_work
    cache = searcher._new_cache() if table is None else table.array
    node = searcher.root(None, None, guesses)
    Lchild, _ = _root_split(searcher, node)
    prover = None
    if mode == "hard":
        _bank_cores(searcher, load_checkpoint(checkpoint, _question(searcher, node, guesses), check_decision(searcher)))
        searcher.core_drafts = _core_drafts(searcher, _question(searcher, node, guesses), checkpoint)
    if mode == "easy":
        from wordlelab.solvers.search.core_prover import CoreProver
        from wordlelab.solvers.search.easy_cores import EasyCertificates
        prover = CoreProver(searcher)
        decisions = load_checkpoint(checkpoint, _question(searcher, node, guesses), check_decision(searcher))
        searcher.easy_certificates = EasyCertificates(searcher, decisions, core_work)
        searcher.easy_certificates.use_prover(prover, Lchild)
        replayed: set = set()
        for _, g0 in searcher.candidate_order(node):
            value = decisions.get(lists.guesses[g0])
            if value and value["yes"] is False and value["same_as"] is None:
                replay_refutation(searcher, prover, {"core": value["core"], "depth": value["depth"]}, replayed)
    return searcher, node, Lchild, prover, cache, new_stats(), node_limit, tree_dir, table


def _worker_run(state, word, _cutoff):
    """One first word's checkpoint entry, with the nodes it took (``"nodes"``, not kept in the checkpoint)."""
    from wordlelab.solvers.search.core_prover import Count
    from wordlelab.solvers.search.tables import UNTOUCHED
    searcher, node, Lchild, prover, cache, stats, node_limit, tree_dir, _ = state
    counter = prover.stats if prover is not None else stats
    before = int(counter[Stat.NODES])
    value = _decide(searcher, node, searcher.guess_index[word], Lchild, prover, cache, stats, node_limit, tree_dir,
                    Count, UNTOUCHED, _Unstoppable)
    return dict(value, nodes=int(counter[Stat.NODES]) - before)


def _entries(results: dict) -> dict:
    return {w: {k: v for k, v in value.items() if k != "nodes"} for w, value in results.items()}


def _decide_on_workers(searcher, guesses, checkpoint, progress, tree_dir, node_limit, pick, workers,
                       dask_address, stale) -> tuple[Result, dict]:
    """:func:`decide_every_first_word` with the first words as sweep tasks; also its decisions."""
    from wordlelab.solvers.checkpoint import load_checkpoint
    from wordlelab.solvers.search.node_table import SharedArray, table_shape
    from wordlelab.solvers.sweep import Sweep, executor, prewarm, run_sweep
    t0 = time.perf_counter()
    node = searcher.root(None, None, guesses)
    question = _question(searcher, node, guesses)
    loaded = load_checkpoint(checkpoint, question, check_decision(searcher))   # refused now, before any work
    order = _first_words(searcher, node, *pick)
    if searcher.mode == "easy":      # the words the checkpoint's cores cover first (as in one process)
        from wordlelab.solvers.search.easy_cores import CoveredFirst, EasyCertificates
        order = list(CoveredFirst(EasyCertificates(searcher, loaded), order, node.d - 1))
    order = [g0 for _, g0 in order]
    words = [searcher.lists.guesses[g] for g in order]
    twin_of: dict = {}
    if searcher.mode == "easy":   # first words with the same split leave the same game (easy mode only)
        _, split_of = _root_split(searcher, node)
        first: dict = {}
        # (words named: the first word of the whole order with a split may lie outside them, and
        # the checkpoint may have its decision)
        every = [g for _, g in searcher.candidate_order(node)] if pick[1] is not None else order
        for g in every:
            first.setdefault(split_of[g], searcher.lists.guesses[g])
        for g, word in zip(order, words):
            twin_of[word] = first[split_of[g]]
    if tree_dir:
        Path(tree_dir).mkdir(parents=True, exist_ok=True)
    ex = executor(None, workers, dask_address)
    # hard and strict mode: one table of decided nodes for the machine's workers. Easy mode's
    # prover keeps its own, whose entries name cores in that process's core store
    shared = ex.name != "inprocess" and searcher.mode != "easy"
    table = SharedArray.create(table_shape(searcher.cache_entries)) if shared else None
    init_args = (searcher.lists, searcher.mode, guesses, searcher.cache_entries, node_limit, tree_dir,
                 table and table.ref, checkpoint, searcher.core_work)
    searched: set = set()

    twinned: set = set()

    def skip(word, _cutoff):
        twin = twin_of.get(word, word)
        value = sweep.results.get(twin)
        if twin != word and value is not None and value["yes"] is not None:
            twinned.add(word)
            return _twin_entry(_entries({twin: value})[twin], twin)
        return None

    def on_result(word, value, _ex):
        searched.add(word)

    sweep = Sweep(SWEEP_NAME, question, words, _worker_init, init_args, _worker_run, skip=skip,
                  describe=lambda _results: latest_and_count(sweep, loaded),
                  validate=check_decision(searcher), pack=_entries, replaces=keeps_proof,
                  stale=stale,
                  running=functools.partial(checks_under_way, searcher, guesses, question, checkpoint))
    try:
        warming = prewarm(ex, SWEEP_NAME, _worker_init, init_args)  # noqa: F841  (kept until the sweep ends)
        results = run_sweep(sweep, ex, checkpoint, progress, on_result)
    finally:
        ex.close()
        if table is not None:
            table.unlink()      # processes still attached keep their mapping until they exit
    decisions = {**loaded, **_entries(results)}
    verified_now = {w for w in searched if results[w]["yes"] and results[w]["same_as"] is None}
    nodes = sum(results[w].get("nodes", 0) for w in searched)
    resumed = len((sweep.resumed & set(words)) - twinned - searched)
    return sweep_result(question, decisions, len(words), resumed, len(searched), verified_now, nodes,
                   time.perf_counter() - t0), decisions
