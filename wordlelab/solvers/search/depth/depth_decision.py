"""One first word's decision in the all-first-word depth sweep, as a checkpoint entry.

**Theorem (a first word's decision stands alone).** Whether every answer can be found within G
guesses after first word w depends on w, the word lists and the mode alone: in easy mode w
fails exactly when one of its classes cannot be found within G - 1 guesses, and a class that
holds a core refuted within G - 1 cannot be (the answers' monotonicity,
:mod:`~wordlelab.solvers.search.depth.easy_cores`). So a sweep may decide its words in any order, in
any process, and learn cores from one word for the next; each decision carries its own
certificate, checked here before it is returned:

- **yes**: a tree within G guesses, read from the depth search and passed by
  :func:`~wordlelab.models.verify.verify_tree` (or one already kept in the trees directory);
- **no**: a core the pure-Python checker proved (:mod:`~wordlelab.models.refutation`);
- **unknown**: a budget stopped it, and nothing is claimed.

Used by :mod:`~wordlelab.solvers.search.depth.depth_sweep` (one process) and
:mod:`~wordlelab.solvers.search.depth.depth_sweep_workers` (a sweep's workers) alike.
"""
from __future__ import annotations

import time
from pathlib import Path

from wordlelab.errors import WordleError
from wordlelab.models.tree import save_tree
from wordlelab.solvers.search.depth.depth_entries import learnt_core_entry, refutation_entry
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import NODE_LIMIT, REFUTED, TREE_NODE_LIMIT, Stat


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


def first_words(searcher, node, limit: int | None, words, in_order: bool = False) -> list:
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


def root_classes(searcher, node) -> tuple:
    """The guess list after the first guess, and a hash of each first guess's classes (two first
    words with the same hash cut the answers into the same classes)."""
    k, hit, hsh = K.scan(searcher.MT, node.H, node.L, searcher.R)
    Lchild = K.guesses_for_children(node.L, k, hit, hsh, searcher.mode_code)
    return Lchild, dict(zip(node.L.tolist(), hsh.tolist()))


def decide_word(*args) -> dict:
    """One first word's decision, as a checkpoint entry (KeyboardInterrupt if Ctrl-C cut it short),
    with the seconds it took (``"seconds"``: the sweep's rate by verdict, read from the checkpoint).
    The arguments are ``(run, node, g0, Lchild, prover, cache, stats, node_limit, tree_dir, Count,
    untouched, stop)``, ``run`` the sweep's :class:`~wordlelab.solvers.search.depth.run.DepthRun`."""
    t0 = time.perf_counter()
    value = _decision(*args)
    return dict(value, seconds=round(time.perf_counter() - t0, 1))


def twin_entry(value: dict, twin: str) -> dict:
    """The entry of a word that splits the answers as ``twin`` does: its decision, taken as it is
    (with no time of its own)."""
    return {**{k: v for k, v in value.items() if k != "seconds"}, "same_as": twin}


def _decision(run, node, g0, Lchild, prover, cache, stats, node_limit, tree_dir, Count, untouched,
              stop) -> dict:
    """:func:`decide_word`'s work. ``node_limit`` is this word's own: the counters run on across
    words, so it is added to them.
    """
    searcher = run.searcher
    kept = _kept_tree(searcher, node, g0, tree_dir)
    if kept is not None:
        return kept
    counter = prover.stats if prover is not None else stats
    word_limit = node_limit
    node_limit = min(int(counter[Stat.NODES]) + node_limit, 1 << 62)
    bank = run.core_bank
    if bank is not None:            # hard mode: a core kept from another first word may refute it
        from wordlelab.solvers.search.depth.hard_cores import UNFINISHED_CHECK_WORK
        kept = bank.refute(g0, node.d - 1, UNFINISHED_CHECK_WORK)
        if kept is not None:
            return {"yes": False, **kept, "total": None, "same_as": None}
    from wordlelab.solvers.search.depth.hard_cores import check_made_core
    word = searcher.lists.guesses[g0]
    draft = run.core_drafts.load(word, node.d - 1) if run.core_drafts is not None else None
    if draft is not None:           # an earlier run made its core: only the check is left
        def check_draft():
            from wordlelab.models.refutation import CoreFault
            try:
                return check_made_core(run, (), word, draft)
            except CoreFault as e:     # the draft is a candidate only: it decides nothing
                raise WordleError(f"the core drafted for {word.upper()} in {run.core_drafts.path} is no "
                                  f"refutation ({e}); delete that file to make the cores again") from None
        return _checked(run, word, word_limit, draft["pattern"], check_draft)
    if prover is not None:
        # easy mode: a word with a class holding a known core needs only that core's check
        borrowed = run.easy_certificates.borrowed(word, node.d - 1)
        if borrowed is not None:
            value = _checked(run, word, word_limit, None,
                             lambda: _easy_certified(run, borrowed, node, g0, Lchild, word_limit))
            if value["yes"] is False:
                return value
            # its check ran out of work: the word is searched, and may leave a core of its own
        prover.store.count[Count.LAST] = untouched
        r, failing = prover.start_feasible(node.H, Lchild, g0, node.d, node_limit, None), None
    else:
        r, failing = searcher.start_feasible(node, g0, cache, stats, node_limit, None, Lchild=Lchild,
                                             core_bank=run.core_bank)
    stop.check()
    if r == NODE_LIMIT:
        return {"yes": None, "core": None, "depth": None, "total": None, "same_as": None, "node_limit": word_limit}
    if r == REFUTED:
        if prover is not None:
            proposed = learnt_core_entry(searcher, prover)["core"]
            return _checked(run, word, word_limit, None,
                            lambda: _easy_certified(run, proposed, node, g0, Lchild, word_limit))
        return _checked(run, word, word_limit, failing.pattern if failing is not None else None,
                        lambda: refutation_entry(run, prover, node, g0, failing))
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


def _checked(run, word: str, word_limit: int, failing: int | None, refutation) -> dict:
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
                **({"core_work": run.core_work} if failing is not None and e.budget == "work" else {}),
                # the second guesses its core check refuted so far, kept in the drafts file
                **({"settled": e.settled} if failing is not None and e.budget == "work" and getattr(e, "settled", 0)
                   else {})}
    bank = run.core_bank
    if bank is not None and value["core"] and "lemmas" not in value:   # a grown core is large
        bank.add(word, value["core"], value["depth"])
    return {"yes": False, **value, "total": None, "same_as": None}


def _easy_certified(run, proposed, node, g0, Lchild, node_limit: int) -> dict:
    """The ``{"core", "depth", "checked"}`` of a first word the easy-mode search refuted, once its
    core is checked (:mod:`~wordlelab.solvers.search.depth.easy_cores`): ``proposed``, the core its
    search left, else one an earlier no offers, else one a search without the learnt cores makes.
    CheckTooLong if none of them gives a core, or the check runs out of work (its ``failing``:
    the pattern of the class the core lies in): the word is then not a no."""
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.depth.easy_cores import NoCore, own_refutation
    searcher = run.searcher
    word = searcher.lists.guesses[g0]
    certificates = run.easy_certificates
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
                          f"move it out of the folder of trees") from None
    return {"yes": True, "core": None, "depth": report.max_guesses, "total": report.total, "same_as": None}
