"""The best next guesses from a game state, each value proven with a verified tree.

:meth:`NativeSearcher.rank` orders every allowed guess by a proven lower bound and
finds the exact least total (over the answers still possible) of the best ``top``
guesses; any other guess is proven to need at least the ``top``-th total. Each
reported guess is then solved with that guess forced first, and its tree checked by
:func:`wordlelab.models.verify.verify_tree`. A guess's expected number of further
guesses, counting itself, is its total divided by the number of answers left.
"""
from __future__ import annotations

import time

from wordlelab.errors import WordleError
from wordlelab.models.result import Result, Status
from wordlelab.solvers.search.native import NativeSearcher


def hint(lists, state: str, mode: str = "easy", top: int = 3, max_guesses: int = 6,
         searcher: NativeSearcher | None = None) -> Result:
    """The ``top`` best next guesses from ``state`` (e.g. ``salet.BBBYB``), with exact, verified values.

    OPTIMAL: ``certificate`` is the best guess's tree; ``stats["guesses"]`` lists each reported
    guess with its total, its expected further guesses and whether it ties the best.
    INFEASIBLE: no strategy finds every remaining answer within ``max_guesses`` guesses in all.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> r = hint(WordLists("six", words, words), "humph.BBBBB", top=2)
    >>> r.status.value, r.stats["answers_left"], r.verified
    ('OPTIMAL', ['cigar', 'sissy', 'awake'], True)
    """
    if top < 1:
        raise WordleError("--top must be at least 1")
    t0 = time.perf_counter()
    s = searcher or NativeSearcher(lists, mode, max_guesses)
    node = s.root(None, state)
    answers = [lists.answers[a] for a in node.H]
    question = {"kind": "hint", "lists": lists.name, "mode": mode, "state": state, "top": top,
                "max_guesses": max_guesses}
    ranking = [(w, v) for w, v, exact in s.rank(node, top=top) if exact][:top]
    if not ranking:
        return Result(question, "native", Status.INFEASIBLE, seconds=time.perf_counter() - t0,
                      stats={"answers_left": answers})
    rows, best_tree = [], None
    for word, value in ranking:
        r = s.solve(start=word, state=state)       # the value again, with a tree the verifier checks
        if r.status != Status.OPTIMAL or r.value != value or not r.verified:
            raise WordleError(f"internal error: {word} ranks at {value}, its verified tree gives {r.value}")
        best_tree = best_tree or r.certificate
        rows.append({"guess": word, "total": value, "expected": round(value / len(answers), 4),
                     "tie": value == ranking[0][1], "possible_answer": word in answers})
    best = ranking[0][1]
    return Result(question, "native", Status.OPTIMAL, best, best, best_tree, "tree", True,
                  time.perf_counter() - t0, {"guesses": rows, "answers_left": answers,
                                             "n_answers": len(answers)})
