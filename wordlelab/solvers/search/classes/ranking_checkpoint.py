"""What a ranking checkpoint holds: the question it answers and the form of its entries.

A ``best-start`` checkpoint maps each candidate guess (a first word, or a next guess from a game
state) to ``[total or proven lower bound, exact]``. The rule a reader relies on: an entry marked
exact is that guess's least total; any other is a bound no strategy starting with that guess
beats. Kept apart from :mod:`~wordlelab.solvers.search.rank.best_start` (which runs rankings) so that
readers of finished rankings, such as
:func:`~wordlelab.solvers.search.classes.class_checkpoint.class_from_ranking`, need not import the searcher.
"""

from __future__ import annotations

SWEEP_NAME = "best-start"


def checkpoint_question(lists, mode, max_guesses, shard=None, limit=None, state=None) -> dict:
    """What a best-start checkpoint answers: the lists, mode, guess limit and the slice of first words;
    from a game state, that state too (a ranking of the next guesses).

    >>> from wordlelab.instances.wordlists import WordLists
    >>> q = checkpoint_question(WordLists("demo", ("crate", "slate"), ("slate",)), "easy", 6, (1, 20))
    >>> q["kind"], q["mode"], q["max_guesses"], q["shard"], q["limit"]
    ('best-start', 'easy', 6, '1/20', None)
    """
    from wordlelab.solvers.runtime.checkpoint import lists_question
    question = {"kind": SWEEP_NAME, "lists": lists_question(lists), "mode": mode, "max_guesses": max_guesses,
                "shard": f"{shard[0]}/{shard[1]}" if shard else None, "limit": limit}
    if state:       # (absent, not None, for the start of the game: checkpoints made before states stay valid)
        question["state"] = state
    return question


def check_entry(words, key, value):
    """A checkpoint entry: a first word of this run -> [total or bound (int >= 0), exact (bool)]."""
    from wordlelab.solvers.runtime.checkpoint import check_int
    if words is not None and key not in words:
        raise ValueError("not a candidate first word of this question")
    if not (isinstance(value, list) and len(value) == 2 and type(value[1]) is bool):
        raise ValueError("must be [total, exact] with exact true or false")
    check_int(value[0], "the total")
