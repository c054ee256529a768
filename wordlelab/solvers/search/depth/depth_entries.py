"""The depth sweep's checkpoint (``wordlelab every-first-word``): the question it answers, the
validator of its entries, and the drafts file beside it.

Both the sweep (:mod:`~wordlelab.solvers.search.depth.depth_sweep`) and what reads its checkpoint
(:mod:`~wordlelab.solvers.search.depth.depth_verdicts`: ``best-start --depth-checkpoint``, ``--status``)
take them from here. A no is accepted only once :func:`check_refutation` has
checked its core (the pure-Python checker, :mod:`wordlelab.models.refutation`), so a checkpoint
read by either holds no claim that was not re-decided.
"""
from __future__ import annotations

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import pattern_code
from wordlelab.solvers.search.engine.tables import UNTOUCHED


def check_decision(searcher):
    """The validator of a checkpoint entry: {"yes": bool or null, "core", "depth", "total", "same_as"},
    and for an unknown the node limit that stopped it ("node_limit"; older checkpoints lack it);
    "seconds", the time its decision took, where the run recorded it."""
    from wordlelab.solvers.runtime.checkpoint import check_int
    from wordlelab.solvers.search.depth.core_drafts import check_lemmas_shape

    def check(word, value):
        if word not in searcher.guess_index:
            raise ValueError("not in the guess list")
        keys = {"yes", "core", "depth", "total", "same_as"}
        if not isinstance(value, dict) or not keys <= set(value) <= keys | {"node_limit", "failing", "core_work", "settled",
                                                                            "lemmas", "checked", "seconds"}:
            raise ValueError('must be {"yes", "core", "depth", "total", "same_as"} (an unknown: and "node_limit", '
                             'and "failing" when its search refuted that class but no core was checked in time, '
                             'with "core_work", the check budget then, and "settled", the second guesses its check '
                             'refuted so far; a no: and "lemmas" when its core was grown)')
        if value["yes"] not in (True, False, None):
            raise ValueError("yes is true, false or null")
        if "node_limit" in value:
            if value["yes"] is not None:
                raise ValueError("only an unknown has a node limit")
            check_int(value["node_limit"], "the node limit", 1)
        if "failing" in value:
            if value["yes"] is not None or "node_limit" not in value:
                raise ValueError("only an unknown names a failing class")
            if not (isinstance(value["failing"], str) and len(value["failing"]) == 5
                    and set(value["failing"]) <= set("BYG")):
                raise ValueError("the failing class is a pattern of five of B, Y, G")
        if "core_work" in value:
            if "failing" not in value:
                raise ValueError("only an unknown naming its failing class has a core_work")
            check_int(value["core_work"], "the core check budget", 0)
        if "settled" in value:
            if "core_work" not in value:
                raise ValueError("only an unknown with a core_work has settled guesses")
            check_int(value["settled"], "the settled guesses", 1)
        if "seconds" in value and not (isinstance(value["seconds"], (int, float)) and value["seconds"] >= 0):
            raise ValueError('"seconds", the time the decision took, is a number of at least 0')
        if "checked" in value and (value["checked"] is not True or value["yes"] is not False):
            raise ValueError('"checked" (easy mode: the pure-Python checker proved the core) is true, and only on a no')
        if "lemmas" in value:
            if value["yes"] is not False:
                raise ValueError("only a no has lemmas")
            check_lemmas_shape(value["lemmas"], value["core"])
        if value["same_as"] is not None and value["same_as"] not in searcher.guess_index:
            raise ValueError("same_as must be a guess")
        if value["yes"] is False and value["same_as"] is None:
            check_refutation(searcher, word, {"core": value["core"], "depth": value["depth"]})
        if value["yes"] and value["same_as"] is None and not (isinstance(value["total"], int) and value["total"] > 0):
            raise ValueError("a yes has its tree's total")
    return check


def sweep_question(searcher, node, guesses) -> dict:
    """What a checkpoint of this sweep answers."""
    from wordlelab.solvers.runtime.checkpoint import lists_question
    return {"kind": "depth-every-first-word", "lists": lists_question(searcher.lists), "mode": searcher.mode,
            "guesses": guesses, "answers": len(node.H)}


def drafts_beside(searcher, question: dict, checkpoint):
    """In hard mode with a checkpoint, the drafts file beside it (:mod:`~wordlelab.solvers.search.depth.core_drafts`)."""
    if searcher.mode != "hard" or not checkpoint:
        return None
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts, drafts_path

    def validate_word(word):
        if word not in searcher.guess_index:
            raise ValueError("not in the guess list")

    def validate_words(answers, guesses):
        if not set(answers) <= searcher.answer_set:
            raise ValueError("a draft's core lists words that are not answers of the lists")
        if not all(g in searcher.guess_index for g in guesses):
            raise ValueError("a draft's claims name guesses that are not in the guess list")
    return CoreDrafts(drafts_path(checkpoint), question, validate_word, validate_words)


# ---- prove-depth checkpoints: word -> {"core": answers or None, "depth": int or None}
def refutation_entry(run, prover, node=None, g0=None, failing=None) -> dict:
    """The checkpoint entry of a first guess just refuted: the core it added to the root core
    (easy mode, with ``prover``: :func:`learnt_core_entry`), or in hard mode, given ``node``,
    ``g0`` and the class that failed (``failing``, a
    :class:`~wordlelab.solvers.search.native.FailingClass`), its own checked core
    (:func:`~wordlelab.solvers.search.depth.hard_cores.hard_refutation`, with the state and
    check budget of ``run``, a :class:`~wordlelab.solvers.search.depth.run.DepthRun`); else
    (strict mode) an entry without a core.
    """
    if prover is not None:
        return learnt_core_entry(run.searcher, prover)
    if run.searcher.mode == "hard" and node is not None:
        from wordlelab.solvers.search.depth.hard_cores import hard_refutation
        return hard_refutation(run, node, g0, failing)
    return {"core": None, "depth": None}


def learnt_core_entry(searcher, prover) -> dict:
    """The checkpoint entry of a first guess ``prover`` (easy mode's search with learnt cores)
    has just refuted: the core it added to the root core.

    ``core`` lists the answers of the failing class's core (depth ``depth``), ``[]`` when it
    was refuted without a search (a class of it on the root core holds a known core) and
    added nothing, ``None`` when it left no core (the root core is then incomplete).
    """
    from wordlelab.solvers.search.engine.core_prover import NO_CORE, Count
    w = int(prover.store.count[Count.LAST])
    if w == UNTOUCHED:
        return {"core": [], "depth": None}
    if w == NO_CORE:
        return {"core": None, "depth": None}
    start, n, depth = (int(x) for x in prover.store.meta[w])
    members = np.sort(prover.store.elems[start:start + n])
    return {"core": [searcher.lists.answers[a] for a in members], "depth": depth}


def check_refutation(searcher, word, value) -> None:
    """Shape of a prove-depth checkpoint entry (ValueError if malformed): a refuted guess's
    ``{"core", "depth"}``, and in hard mode at a state also ``{"core": None, "depth": None,
    "failing": pattern}`` (refuted, its core not made yet), ``{"core", "depth", "via": guess}``
    (refuted by the checked core of ``guess``, :mod:`~wordlelab.models.monotone_check`) or
    ``{"open": nodes}`` (not refuted: its search was last cut short at that many nodes)."""
    from wordlelab.solvers.runtime.checkpoint import check_int
    if word not in searcher.guess_index:
        raise ValueError("not in the guess list")
    if searcher.mode == "hard" and isinstance(value, dict) and set(value) == {"open"}:
        # not refuted: its search was cut short at this many nodes, and goes on from 4 times as many
        check_int(value["open"], "the node budget of an open guess", 1)
        return
    if searcher.mode == "hard" and isinstance(value, dict) and set(value) == {"core", "depth", "failing"}:
        # refuted, its core not made yet: it counts toward a no only once made and checked
        if value["core"] is not None or value["depth"] is not None:
            raise ValueError("an entry with a failing class has no core yet")
        if not isinstance(value["failing"], str):
            raise ValueError("the failing class is a pattern such as BBYBG")
        try:
            pattern_code(value["failing"])
        except WordleError as e:
            raise ValueError(str(e)) from None
        return
    # hard mode: a core grown from the guesses that beat it keeps the lemmas its check decided
    # first; one taken from another guess's checked core names that guess ("via", depth_proof.py)
    if not isinstance(value, dict) or set(value) - {"lemmas", "via"} != {"core", "depth"} \
            or (set(value) & {"lemmas", "via"} and searcher.mode != "hard") or {"lemmas", "via"} <= set(value):
        raise ValueError('must be {"core": [answers] or null, "depth": int or null} (hard mode: and "lemmas" '
                         'when the core was grown, or "via", the guess whose checked core it is)')
    if "via" in value and (value["via"] not in searcher.guess_index or value["via"] == word or not value["core"]):
        raise ValueError("via names another guess, whose core this one's is")
    c, d = value["core"], value["depth"]
    if c is None or c == []:
        if d is not None:
            raise ValueError("a refutation without a core has no depth")
        return
    if not isinstance(c, list) or not all(isinstance(a, str) for a in c):
        raise ValueError("the core must be a list of answers")
    if not set(c) <= searcher.answer_set or len(set(c)) != len(c):
        raise ValueError("the core must list distinct answers of the lists")
    check_int(d, "the depth", 0 if searcher.mode == "hard" else 1)
    if searcher.mode == "hard":
        from wordlelab.solvers.search.depth.core_drafts import check_lemmas_shape
        from wordlelab.solvers.search.depth.hard_cores import check_entry_shape
        check_entry_shape(searcher, word, value)
        if "lemmas" in value:
            check_lemmas_shape(value["lemmas"], c)


def check_via(searcher, node, word: str, entry: dict, entries: dict, made_now: bool = False) -> None:
    """Check a state checkpoint's entry refuted by monotonicity (``{"core", "depth", "via"}``,
    hard mode, :mod:`~wordlelab.models.monotone_check`): its depth is the state's guesses left
    after ``word``, its core is the core of the entry of guess ``via`` in ``entries``, and the
    rule after ``word`` asks at least what the rule after ``via`` asks. The chain of "via" entries
    must end at a core checked for its own guess (a cycle is refused): the step from each link
    to the next is checked where that link is."""
    from wordlelab.models.monotone_check import check_core_by_monotonicity
    from wordlelab.models.refutation import CoreFault
    where = "internal error" if made_now else "checkpoint"
    if entry["depth"] != node.d - 1:
        raise WordleError(f"{where}: {word.upper()}'s core is within {entry['depth']} guesses, not {node.d - 1}")
    core, seen, link = sorted(entry["core"]), {word}, entry
    while "via" in link:
        via = link["via"]
        source = entries.get(via)
        if via in seen or source is None or not source.get("core") or sorted(source["core"]) != core:
            raise WordleError(f"{where}: {word.upper()} is refuted by the core of {entry['via'].upper()}, which "
                              f"holds no such core checked for a guess of its own")
        seen.add(via)
        link = source
    try:
        check_core_by_monotonicity(entry["core"], entry["depth"], node.history, word, entry["via"],
                                   entries[entry["via"]]["depth"])
    except CoreFault as e:
        raise WordleError(f"{where}: {word.upper()} is not refuted by {entry['via'].upper()}'s core: {e}") from None


def check_via_entries(searcher, node, entries: dict) -> None:
    """:func:`check_via` on each entry of a state checkpoint that has a "via"."""
    for word, entry in entries.items():
        if "via" in entry:
            check_via(searcher, node, word, entry, entries)


def replay_refutation(searcher, prover, value, replayed: set) -> None:
    """Apply a checkpoint's refutation to ``prover`` as the first run did: its core joins the
    core store (once: ``replayed`` holds those added) and the root core; no core makes the
    root core incomplete."""
    if prover is None or value["core"] == []:
        return
    if value["core"] is None:
        prover.root_complete = False
        return
    a_index = {a: i for i, a in enumerate(searcher.lists.answers)}
    members = np.array(sorted(a_index[a] for a in value["core"]), np.int32)
    key = (int(value["depth"]), members.tobytes())
    if key not in replayed:        # the first run learnt each core once, reused it after
        replayed.add(key)
        prover.store.add(members, int(value["depth"]))
    prover.root_core = np.union1d(prover.root_core, members).astype(np.int32)
