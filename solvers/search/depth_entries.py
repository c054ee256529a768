"""The depth sweep's checkpoint (``prove-depth --every-first-word``): the question it answers, the
validator of its entries, and the drafts file beside it.

Both the sweep (:mod:`~wordlelab.solvers.search.depth_sweep`) and what reads its checkpoint
(:mod:`~wordlelab.solvers.search.depth_verdicts`: ``best-start --depth-checkpoint``, ``--status``)
take them from here. A no is accepted only once :meth:`NativeSearcher._check_refutation` has
checked its core (the pure-Python checker, :mod:`wordlelab.models.refutation`), so a checkpoint
read by either holds no claim that was not re-decided.
"""
from __future__ import annotations


def check_decision(searcher):
    """The validator of a checkpoint entry: {"yes": bool or null, "core", "depth", "total", "same_as"},
    and for an unknown the node limit that stopped it ("node_limit"; older checkpoints lack it)."""
    from wordlelab.solvers.checkpoint import check_int
    from wordlelab.solvers.search.core_drafts import check_lemmas_shape

    def check(word, value):
        if word not in searcher.guess_index:
            raise ValueError("not in the guess list")
        keys = {"yes", "core", "depth", "total", "same_as"}
        if not isinstance(value, dict) or not keys <= set(value) <= keys | {"node_limit", "failing", "core_work", "settled", "lemmas"}:
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
        if "lemmas" in value:
            if value["yes"] is not False:
                raise ValueError("only a no has lemmas")
            check_lemmas_shape(value["lemmas"], value["core"])
        if value["same_as"] is not None and value["same_as"] not in searcher.guess_index:
            raise ValueError("same_as must be a guess")
        if value["yes"] is False and value["same_as"] is None:
            searcher._check_refutation(word, {"core": value["core"], "depth": value["depth"]})
        if value["yes"] and value["same_as"] is None and not (isinstance(value["total"], int) and value["total"] > 0):
            raise ValueError("a yes has its tree's total")
    return check


def _question(searcher, node, guesses) -> dict:
    """What a checkpoint of this sweep answers."""
    from wordlelab.solvers.checkpoint import lists_question
    return {"kind": "depth-every-first-word", "lists": lists_question(searcher.lists), "mode": searcher.mode,
            "guesses": guesses, "answers": len(node.H)}


def _core_drafts(searcher, question: dict, checkpoint):
    """In hard mode with a checkpoint, the drafts file beside it (:mod:`~wordlelab.solvers.search.core_drafts`)."""
    if searcher.mode != "hard" or not checkpoint:
        return None
    from wordlelab.solvers.search.core_drafts import CoreDrafts, drafts_path

    def validate_word(word):
        if word not in searcher.guess_index:
            raise ValueError("not in the guess list")
    return CoreDrafts(drafts_path(checkpoint), question, validate_word)
