"""What a finished or partial ``wordlelab every-first-word`` checkpoint tells a ranking of
first words (``best-start --depth-checkpoint``), a researcher (``prove-depth --status``), and the
sweep itself when it resumes (which entries are worth searching again: :func:`worth_retrying`).

A first word with no strategy that finds every answer within the guess limit has an infinite
least total within it, so a ranking takes the sweep's no words as exact and searches them not
at all. Each no in the checkpoint carries a core that the pure-Python checker decided when it
was found, and the checkpoint is checked again when it is read, as the sweep checks it when it
resumes. The words the sweep left open are searched, and :func:`hardest_last` says in what order.
"""
from __future__ import annotations

from pathlib import Path

from wordlelab.errors import ParameterError, WordleError


def depth_decisions(searcher, max_guesses, path) -> tuple[frozenset, dict, bool]:
    """What a ``wordlelab every-first-word`` checkpoint of the same lists, mode and guess limit
    says: the first words it decides no (no strategy finds every answer within the limit, so their
    total is infinite), and, for each word it leaves open, how hard its depth search found it
    (:func:`_depth_hardness`), and whether this installation wrote the file (else its decisions are
    claims). The checkpoint is checked as that command checks it when it resumes."""
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    from wordlelab.solvers.search.depth.depth_entries import sweep_question, check_decision
    node = searcher.root(None, None, max_guesses)
    decisions = load_checkpoint(path, sweep_question(searcher, node, max_guesses), check_decision(searcher))
    if not decisions:
        raise WordleError(f"{path}: no first word decided for {searcher.lists.name}, {searcher.mode} mode, "
                          f"within {max_guesses} guesses")
    refuted = frozenset(w for w, v in decisions.items() if v["yes"] is False)
    return refuted, {w: _depth_hardness(v) for w, v in decisions.items() if v["yes"] is None}, decisions.sealed


def _depth_hardness(entry) -> tuple[int, int]:
    """An open word's cost to the depth search: the core-check budget that ran out on a class it
    refuted (0 if none), then the node limit that stopped it."""
    return int(entry.get("core_work") or 0), int(entry.get("node_limit") or 0)


def hardest_last(order, lists, hardness: dict):
    """``order`` with the words in ``hardness`` moved to its end, the hardest last.

    Why: with a known cutoff a min-sum search bounds most words quickly, but the words the depth
    search could not decide are the ones closest to a strategy within the limit, and bounding
    them can take hours each. Sent in the candidate order (they look best, so they come first)
    they would hold every worker while the rest wait. Among equals the candidate order is kept.

    >>> class L: guesses = ["aa", "bb", "cc", "dd"]
    >>> hardest_last([(1, 0), (2, 1), (3, 2), (4, 3)], L, {"aa": (5, 0), "bb": (0, 9)})
    [(3, 2), (4, 3), (2, 1), (1, 0)]
    """
    rest = [bg for bg in order if lists.guesses[bg[1]] not in hardness]
    held = [bg for bg in order if lists.guesses[bg[1]] in hardness]
    return rest + sorted(held, key=lambda bg: hardness[lists.guesses[bg[1]]])


def sweep_status(searcher, guesses: int, checkpoint, limit: int | None = None, sample: tuple | None = None):
    """What a ``wordlelab every-first-word`` checkpoint holds, searching nothing: the sweep's
    Result (``prove-depth --status``) with ``stats.not_reached`` the first words (of the first
    ``limit`` in the candidate order) it has no entry for, and ``stats.unknown_by_limit`` what
    stopped each undecided word. OPTIMAL only when every word is decided. The checkpoint is
    checked as the sweep checks it when it resumes; the certificates are not re-checked
    (``--recheck`` does that). In hard mode, ``stats.check_settled`` also counts, for each
    undecided word whose core check has begun, the second guesses it has refuted so far
    (its draft's claims, :mod:`~wordlelab.solvers.search.depth.core_drafts`). ``sample`` = ``(size, seed)``
    adds ``stats.sample``, the estimate of the yes words that sample's decided prefix gives
    (:func:`~wordlelab.solvers.search.depth.depth_sweep.decide_every_first_word`)."""
    import time
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    from wordlelab.solvers.search.depth.depth_report import SweepTally, sweep_result
    from wordlelab.solvers.search.depth.depth_entries import sweep_question, check_decision
    if not checkpoint:
        raise ParameterError("a report of a sweep reads its {checkpoint}: give the checkpoint")
    t0 = time.perf_counter()
    node = searcher.root(None, None, guesses)
    question = sweep_question(searcher, node, guesses)
    decisions = load_checkpoint(checkpoint, question, check_decision(searcher))
    words = {searcher.lists.guesses[g] for _, g in searcher.candidate_order(node)[:limit]}
    held = {w: v for w, v in decisions.items() if w in words}
    res = sweep_result(question, held, len(words), SweepTally(len(held), 0, set(), 0, time.perf_counter() - t0),
                       not_reached=len(words) - len(held), checkpoint=checkpoint, sealed=decisions.sealed)
    count_drafted_claims(searcher, guesses, question, checkpoint, res)
    if sample is not None:
        from wordlelab.solvers.search.depth.first_word_sample import sample_estimate
        res.stats.sample = sample_estimate(searcher, guesses, checkpoint, decisions, sample)
    return res


def count_drafted_claims(searcher, guesses: int, question: dict, checkpoint, res) -> None:
    """Set ``res.stats.check_settled`` (a sweep's Result, hard mode) from the drafts file: for
    each undecided word, the second guesses its core check has refuted so far. The file is ahead
    of the checkpoint's ``"settled"``, written only when a check runs out of its budget: a run
    stopped during a check (Ctrl-C, SIGTERM) keeps its claims in the drafts alone."""
    if searcher.mode != "hard" or not checkpoint:
        return
    from wordlelab.solvers.search.depth.depth_entries import drafts_beside
    drafts = drafts_beside(searcher, question, checkpoint)
    if res.stats.check_reached is None:
        res.stats.check_reached = {}
    reached = res.stats.check_reached
    for word in res.stats.unknown:
        draft = drafts.load(word, guesses - 1)
        own = len(draft["proven"]) - draft["imported"] if draft is not None else 0
        if own:      # (claims imported from a state are not this check's progress)
            res.stats.check_settled[word] = own
            reached[word] = check_reached(searcher.lists.guesses, word, draft)


def checks_under_way(searcher, guesses: int, question: dict, checkpoint, words) -> str:
    """The progress text of the core checks of ``words`` (a sweep's tasks in flight, hard
    mode), read from the drafts file the checks write their claims to: for each word with
    claims, how many and how far (:func:`check_reached`); "" if none. A sweep's
    ``Sweep.running``: a check can take hours, with no result coming in to show progress."""
    if searcher.mode != "hard" or not checkpoint:
        return ""
    from wordlelab.solvers.search.depth.depth_entries import drafts_beside
    from wordlelab.solvers.search.depth.depth_report import check_progress
    drafts = drafts_beside(searcher, question, checkpoint)    # a new one reads the file as it is now
    shown = []
    for word in words:
        draft = drafts.load(word, guesses - 1)
        own = len(draft["proven"]) - draft["imported"] if draft is not None else 0
        if own:
            shown.append(check_progress(word, own, check_reached(searcher.lists.guesses, word, draft)))
    return "checks: " + ", ".join(shown) if shown else ""


def check_reached(guesses, word: str, draft: dict) -> dict:
    """How far the check of ``word``'s draft has gone at least: the last of its claims' second
    guesses in the order the checker tries them (the guesses hard mode allows after the first
    word's pattern, in the list's order), as ``{"guess", "position", "of"}``.

    The checker takes the first node's guesses in that order, and a claim is written when a
    guess is refuted by a search; guesses refuted at once by a kept set write none. So the
    check has passed the position given, and may be a little further on.

    >>> from wordlelab.models.feedback import feedback
    >>> guesses = ["batch", "catch", "hatch", "latch", "nauch"]
    >>> claim = (["catch"], (("hatch", feedback("hatch", "catch")),), 5)
    >>> check_reached(guesses, "nauch", {"pattern": feedback("nauch", "batch"), "proven": [claim]})
    {'guess': 'hatch', 'position': 3, 'of': 5}
    """
    from wordlelab.models.modes import hard_allowed
    order = {g: i for i, g in enumerate(hard_allowed(word, draft["pattern"], list(guesses)))}
    # (claims imported from a state's checkpoint lie anywhere in the order: only the check's own tell)
    own = draft["proven"][draft.get("imported", 0):]
    last = max((order.get(more[0][0], -1) for _, more, _ in own if more), default=-1)
    if last < 0:
        return {"guess": None, "position": 0, "of": len(order)}
    return {"guess": list(order)[last], "position": last + 1, "of": len(order)}


def worth_retrying(value, node_limit: int, mode: str = "easy", has_tree: bool = False,
                    core_work: int | None = None) -> bool:
    """An unknown word is searched again unless a limit at least as large already stopped it, or
    at once when its tree has come into ``--trees`` (found apart: the sweep takes it, verified); in
    hard and easy mode, so is a no without a core (a checkpoint from before their cores were
    checked).

    An unknown naming its failing class was refuted by the search, and its core's check ran out
    of work: it is searched again only with a larger check budget ``core_work``, whatever the
    node limit, or with the same budget when its check settled some first guesses (``"settled"``:
    the next check goes on from them). An entry that records no budget is searched again as any unknown, when the node
    limit is larger: its check was stopped by its node count, not its work, or it is from before
    the budget was recorded (and before the checker took the search's hints,
    ``hard_cores.KernelHint``, which check a large class in minutes where the same budget ran
    out before).
    """
    if value["yes"] is False and value["same_as"] is None and not value["core"]:
        # hard mode: from before hard-mode cores; easy mode: from before easy-mode certificates,
        # refuted by a core learnt earlier ([]) or leaving none (None), now given a checked core
        return mode in ("hard", "easy")
    if value["yes"] is not None:
        return False
    if has_tree:
        return True
    if "core_work" in value:
        from wordlelab.solvers.search.depth.hard_cores import UNFINISHED_CHECK_WORK
        budget = UNFINISHED_CHECK_WORK if core_work is None else core_work
        # a check that proved something goes on from there (the drafts file): the same budget
        # makes progress again
        return budget > value["core_work"] or ("settled" in value and budget >= value["core_work"])
    return value.get("node_limit", 0) < node_limit


def stale_entry(word: str, value, node_limit: int, mode: str, tree_dir, core_work: int | None = None,
                retry=frozenset()) -> bool:
    """``Sweep.stale`` of the sweep: :func:`worth_retrying`, knowing whether ``word`` has a tree
    or a certificate made apart (``retry``: the words drafted from a class checkpoint)."""
    # only an unknown looks for its tree: a resumed sweep asks this of every decided word
    made_apart = value["yes"] is None and (word in retry or has_tree(tree_dir, word))
    return worth_retrying(value, node_limit, mode, made_apart, core_work)


def has_tree(tree_dir, word: str) -> bool:
    """Whether ``tree_dir`` holds a tree for ``word`` (checked by the verifier when it is taken)."""
    return bool(tree_dir) and (Path(tree_dir) / f"{word}.tree").is_file()
