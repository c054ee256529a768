"""The best next guesses from a game state, each value proven with a verified tree.

:meth:`NativeSearcher.rank` orders every allowed guess by a proven lower bound and
finds the exact least total (over the answers still possible) of the best ``top``
guesses; any other guess is proven to need at least the ``top``-th total. Each
reported guess is then solved with that guess forced first, and its tree checked by
:func:`wordlelab.models.verify.verify_tree`. A guess's expected number of further
guesses, counting itself, is its total divided by the number of answers left. Among guesses of
equal total, those that may be the answer come first (:func:`tie_order`). The lower half of the
best row ("no other next guess totals as little") rests on the search; ``certify-ranking
--state`` (:func:`~wordlelab.solvers.search.rank.certify.certify_ranking` with ``state``) writes
it as a certificate the independent checker re-checks.

Before any guess, the ranking is that of every first guess, proven once per lists, mode and
limit and kept (:mod:`wordlelab.solvers.search.rank.first_guesses`): the best ``top`` of it are
made exact here. Every hint is kept (:mod:`wordlelab.solvers.search.rank.kept_hints`) and, asked
again, re-checked and given back without a search.
"""
from __future__ import annotations

import time

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.result import Result, Status
from wordlelab.models.state import GameState, parse_state
from wordlelab.models.stats import HintStats, PatternHintsStats
from wordlelab.solvers.search.rank import kept_hints


def game_state(lists, state: str, mode: str) -> GameState:
    """``state`` parsed in plain Python; the empty state is the start of the game."""
    if not state.strip():
        return GameState((), None, tuple(lists.answers), tuple(lists.guesses), mode)
    return parse_state(state, lists, mode)


def tie_order(rows, answers) -> list[tuple[str, int]]:
    """(guess, total) rows best first; among equal totals the possible answers first (one of them
    may win at once, which a player prefers at no cost in the expected count), then alphabetical.

    >>> tie_order([("aalii", 8), ("noise", 8), ("abaca", 8), ("canoe", 9)], ["canoe", "noise"])
    [('noise', 8), ('aalii', 8), ('abaca', 8), ('canoe', 9)]
    """
    possible = set(answers)
    return sorted(rows, key=lambda r: (r[1], r[0] not in possible, r[0]))


def hint(lists, state: str, mode: str = "easy", top: int = 3, max_guesses: int = 6,
         searcher=None, keep: bool = True, workers: int = 1, progress_bar=None, announce=None) -> Result:
    """The ``top`` best next guesses from ``state`` (e.g. ``salet.BBBYB``), with exact, verified values.

    OPTIMAL: ``certificate`` is the best guess's tree; ``stats.guesses`` lists each reported
    guess with its total, its expected further guesses and whether it ties the best.
    INFEASIBLE: no strategy finds every remaining answer within ``max_guesses`` guesses in all.
    ``stats.kept`` says where the hint is kept and whether it was read from there
    (``keep=False``: neither read nor written). The empty state asks for the first guess:
    ``workers`` processes rank every first guess if that ranking is not kept yet (minutes), and
    ``announce`` and ``progress_bar`` are told about it.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> r = hint(WordLists("six", words, words), "humph.BBBBB", top=2, keep=False)
    >>> r.status.value, r.stats.answers_left, r.verified
    ('OPTIMAL', ['cigar', 'sissy', 'awake'], True)
    """
    if top < 1:
        raise ParameterError("{top} must be at least 1")
    t0 = time.perf_counter()
    game = game_state(lists, state, mode)
    if game.next_guess:
        raise WordleError(f"the state ends with {game.next_guess!r} without its pattern: give it "
                          f"({state}.BYBBG, say); hints_per_pattern() answers for every pattern")
    if len(game.history) >= max_guesses:
        raise WordleError(f"the state already used {len(game.history)} guesses of {max_guesses}")
    answers = list(game.answers)
    question = {"kind": "hint", "lists": lists.name, "mode": mode, "state": game.describe(), "top": top,
                "max_guesses": max_guesses}
    kept = kept_hints.recall(lists, mode, max_guesses, game, top) if keep else None
    rests = []
    if kept is not None:
        status, ranking, trees, file = kept["status"], kept["rows"], kept["trees"], kept["file"]
    else:
        status, ranking, trees, rests = _search(lists, game, mode, top, max_guesses, searcher, workers,
                                                progress_bar, announce)
        file = None
        if keep and not rests:      # (a hint resting on a file's claims is not kept as proven)
            path = kept_hints.keep(lists, mode, max_guesses, game, top, status, ranking, trees,
                                   time.perf_counter() - t0)
            file = str(path) if path else None
    stats = HintStats(answers, len(answers),
                      {"file": file, "read": kept is not None,
                       "search_seconds": kept["seconds"] if kept else round(time.perf_counter() - t0, 3)})
    if status == "INFEASIBLE":
        return Result(question, "native", Status.INFEASIBLE, seconds=time.perf_counter() - t0,
                      stats=stats).rest_on(rests)
    best = ranking[0][1]
    stats.guesses = [{"guess": w, "total": v, "expected": round(v / len(answers), 4), "tie": v == best,
                      "possible_answer": w in game.answers} for w, v in ranking]
    return Result(question, "native", Status.OPTIMAL, best, best, trees[ranking[0][0]], "tree", True,
                  time.perf_counter() - t0, stats).rest_on(rests)


def _search(lists, game, mode, top, max_guesses, searcher, workers, progress_bar, announce):
    """(status, [(guess, total)], {guess: verified tree}, [files the ranking rests on]) by the native search."""
    from wordlelab.solvers.search.native import NativeSearcher     # numba: loaded only to search
    s = searcher or NativeSearcher(lists, mode, max_guesses)
    if not game.history:
        return _first_guesses(s, top, workers, progress_bar, announce)
    state = game.describe()
    node = s.root(None, state)
    # every guess whose total ties the ``top``-th best is exact here (its bound is below the
    # cutoff), so the tie order can choose among all of them, not only the first alphabetically
    ranking = tie_order([(w, v) for w, v, exact in s.rank(node, top=top) if exact], game.answers)[:top]
    trees = {}
    for word, value in ranking:
        r = s.solve(start=word, state=state)       # the value again, with a tree the verifier checks
        if r.status != Status.OPTIMAL or r.value != value or not r.verified:
            raise WordleError(f"internal error: {word} ranks at {value}, its verified tree gives {r.value}")
        trees[word] = r.certificate
    return ("OPTIMAL" if ranking else "INFEASIBLE"), ranking, trees, []


def _first_guesses(s, top, workers, progress_bar, announce):
    """The best ``top`` first guesses, from the kept (or shipped) ranking of every first guess, made exact.

    The ranking holds the best first guess's exact total and a proven lower bound for each
    other; :func:`~wordlelab.solvers.search.rank.first_guesses.exact_best` makes the best ``top`` exact.
    A shipped ranking's best ``top`` are searched again as it loads, and their trees kept.
    """
    from wordlelab.solvers.search.rank.first_guesses import (exact_best, first_guess_ranking, keep_trees,
                                                             kept_trees, shown_order)
    from wordlelab.solvers.search.native import INF
    rows, origin = first_guess_ranking(s, None, workers, progress_bar, announce, reprove=top)
    values = exact_best(s, {w: (v, e) for w, v, e in rows}, top)
    ranking = [(w, values[w][0]) for w in shown_order(s, values)[:top] if values[w][1] and values[w][0] < INF]
    kept = {w: t for w, (t, total) in kept_trees(s).items() if values.get(w, (None, False)) == (total, True)}
    trees, solved = {}, False
    for w, v in ranking:
        if w not in kept:
            r = s.solve(start=w)
            if r.status != Status.OPTIMAL or not r.verified or r.value != v:
                raise WordleError(f"internal error: first guess {w} ranks at {v}, its tree gives {r.value}")
            kept[w], solved = r.certificate, True
        trees[w] = kept[w]
    if solved:
        keep_trees(s, kept)
    return ("OPTIMAL" if ranking else "INFEASIBLE"), ranking, trees, origin["rests_on"]


def hints_per_pattern(lists, state: str, mode: str = "easy", top: int = 3, max_guesses: int = 6, keep: bool = True,
                 progress=None) -> Result:
    """The best next guesses after every pattern of the last guess of ``state`` (``salet``).

    Each pattern's hint is proven and kept as by :func:`hint`, so that any later hint after that
    guess is read at once. ``value`` is the least total with the guess played: one guess for
    every answer, plus each pattern's best total (an answer the guess finds needs nothing more).
    ``stats.scores`` (a JSON key, kept as it was) has one row per pattern, most answers first.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> r = hints_per_pattern(WordLists("six", words, words), "humph", keep=False)
    >>> r.value, [row["score"] for row in r.stats.scores]
    (13, ['BBBBB', 'BYBBB', 'BYBBG', 'GGGGG'])
    """
    t0 = time.perf_counter()
    game = game_state(lists, state, mode)
    if not game.next_guess:
        raise WordleError(f"{state!r} must end with a guess without its pattern (salet, or salet.BBBYB.drone)")
    word = game.next_guess
    prefix = state.strip()
    groups: dict[int, list[str]] = {}
    for a in game.answers:
        groups.setdefault(feedback(word, a), []).append(a)
    from wordlelab.solvers.search.native import NativeSearcher
    searcher = NativeSearcher(lists, mode, max_guesses)
    rows, trees, total, feasible = [], [], len(game.answers), True
    for code, group in sorted(groups.items(), key=lambda kv: (-len(kv[1]), pattern_string(kv[0]))):
        pattern = pattern_string(code)
        if code == ALL_GREEN:
            rows.append({"score": pattern, "answers": 1, "guesses": [], "total": 0, "expected": 0.0, "ties": 0,
                         "kept": None})
        elif len(game.history) + 1 >= max_guesses:
            feasible = False
            rows.append({"score": pattern, "answers": len(group), "guesses": [], "total": None, "expected": None,
                         "ties": 0, "kept": None})
        else:
            r = hint(lists, f"{prefix}.{pattern}", mode, top, max_guesses, searcher, keep)
            g = r.stats.guesses or []
            feasible &= r.status == Status.OPTIMAL
            if r.status == Status.OPTIMAL:
                total += r.value
                trees.append({"state": f"{prefix}.{pattern}", "guess": g[0]["guess"], "total": r.value,
                              "tree": r.certificate})
            rows.append({"score": pattern, "answers": len(group), "guesses": [x["guess"] for x in g],
                         "total": r.value, "expected": g[0]["expected"] if g else None,
                         "ties": sum(x["tie"] for x in g), "kept": r.stats.kept})
        if progress:
            progress(1, info=pattern)
    question = {"kind": "scores-after", "lists": lists.name, "mode": mode, "state": prefix, "top": top,
                "max_guesses": max_guesses}
    stats = PatternHintsStats(word, len(game.answers), rows)
    if not feasible:
        return Result(question, "native", Status.INFEASIBLE, seconds=time.perf_counter() - t0, stats=stats)
    return Result(question, "native", Status.OPTIMAL, total, total, trees, "trees", True, time.perf_counter() - t0,
                  stats)
