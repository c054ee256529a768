"""Skill and luck in a played game (Selby's analysis of play), with exact values.

For a state S (the answers it leaves, the guesses left), e(S) is the least expected number
of further guesses, counting the next one: the least total over the answers left, divided
by their number; 0 once the answer is found. Move k plays word w at S(k-1) and gets pattern
c, leaving S(k). With T the least total when w is forced as the next guess and n the answers
at S(k-1), e(S(k-1), w) = T / n, and

- the word's **inaccuracy** is e(S(k-1), w) - e(S(k-1)): 0 for a best word;
- the pattern's **luck** is e(S(k-1), w) - 1 - e(S(k)): how much better (above 0) or worse
  the pattern left things than the word's average outcome.

Selby's program (``wordle -A``, part 2 of his "best strategies" article, ../shared/papers/)
takes each minimum over the 100 (hard mode 250) best-looking words only, and 10 for the first
word, so its figures are heuristic. Here every value is exact and proven:

- e(S) from :meth:`NativeSearcher.rank <wordlelab.solvers.search.native.NativeSearcher.rank>`
  with top 1: every guess tying for the least total gets its exact total, every other guess a
  proven bound above it; the first ``TREES_PER_STATE`` tying guesses (alphabetically) are then
  solved again with :meth:`~wordlelab.solvers.search.native.NativeSearcher.solve`, whose tree
  the independent verifier checks, and the verified total must equal the ranked one (a small
  state can have a hundred ties: the others are named with the ranking's exact total);
- e(S, w) from ``solve`` with w forced, its tree verified the same way;
- e before the first guess from a complete best-start ranking
  (:mod:`wordlelab.solvers.search.rank.best_start`: exact totals for the best first words, proven
  bounds for all others). It depends only on the lists, mode and guess limit, and takes
  minutes, so it is computed once and kept as a best-start checkpoint (in the cache
  directory, or a file given), with the trees of the best first guesses beside it
  (:mod:`wordlelab.solvers.search.rank.first_guesses`); each analysis re-checks those trees with
  the verifier, and takes the bounds of the other first words from the file.

All values are fractions of integer totals: they are kept as :class:`fractions.Fraction`, and
the labels compare them exactly. The labels and their thresholds are Selby's (his program,
../shared/reference/selby-cpp/wordle.cpp, ``analyseplay``; the article shows the labels only).

A state with no strategy within the guess limit has e = infinity. A word that cannot
guarantee the limit where another word could is infinitely inaccurate ("Very bad choice");
patterns that leave a solvable state after such a word are infinitely lucky ("Very lucky");
where both sides are infinite the value is undefined ("Not rated"). (A word of finite value
leaves only states of finite value, so no pattern is infinitely unlucky.) These values, and
totals that include one, are None with a note. Moves after the guess limit are not analysed:
the limit is the game's rule, and every state after it is infinite.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, pattern_string
from wordlelab.models.game import parse_game
from wordlelab.models.result import Result, Status
from wordlelab.models.state import parse_state
from wordlelab.models.stats import AnalyzeStats
from wordlelab.solvers.search.rank.first_guesses import first_guess_ranking, keep_trees, kept_trees
from wordlelab.solvers.search.native import INF, NativeSearcher

# (upper limit, label): the first limit the value is below gives its label (Selby's thresholds)
CHOICE_LABELS = ((Fraction(5, 100), "Near perfect choice"), (Fraction(1, 10), "Good choice"),
                 (Fraction(2, 10), "Fair choice"), (Fraction(35, 100), "Not a great choice"),
                 (Fraction(1, 2), "Bad choice"), (None, "Very bad choice"))
TOTAL_CHOICE_LABELS = ((Fraction(1, 10), "Near perfect choices"), (Fraction(2, 10), "Good choices"),
                       (Fraction(4, 10), "Fair choices"), (Fraction(7, 10), "Not great choices"),
                       (Fraction(1), "Bad choices"), (None, "Very bad choices"))
LUCK_LABELS = ((Fraction(-1), "Very unlucky"), (Fraction(-3, 10), "Unlucky"), (Fraction(-1, 10), "Slightly unlucky"),
               (Fraction(1, 10), "Average luck"), (Fraction(3, 10), "Slightly lucky"), (Fraction(1), "Lucky"),
               (None, "Very lucky"))
NOT_RATED = "Not rated"
# tying best guesses solved again for a verified tree, per state (the played word always is)
TREES_PER_STATE = 4


def _label(value: Fraction, labels) -> str:
    for limit, name in labels:
        if limit is None or value < limit:
            return name
    raise AssertionError("the last label has no limit")


def choice_label(inaccuracy: Fraction | None, total: bool = False) -> str:
    """Selby's rating of a word choice (``total``: of all of a game's choices).

    >>> choice_label(Fraction(0)), choice_label(Fraction(43, 101)), choice_label(Fraction(1, 20))
    ('Perfect choice!', 'Bad choice', 'Good choice')
    """
    if inaccuracy is None:
        return NOT_RATED
    if inaccuracy == 0:
        return "Perfect choices!" if total else "Perfect choice!"
    return _label(inaccuracy, TOTAL_CHOICE_LABELS if total else CHOICE_LABELS)


def luck_label(luck: Fraction | None) -> str:
    """Selby's rating of the luck of one pattern, or of a game's patterns.

    >>> luck_label(Fraction(-1344, 10000)), luck_label(Fraction(0)), luck_label(Fraction(99, 100))
    ('Slightly unlucky', 'Average luck', 'Lucky')
    """
    return NOT_RATED if luck is None else _label(luck, LUCK_LABELS)


@dataclass
class StateValue:
    """e at a state: the least total over its answers (None: no strategy within the limit)."""

    state: str
    answers: int
    total: int | None
    best: list[str]
    guesses_left: int

    @property
    def expected(self) -> Fraction | None:
        return None if self.total is None else Fraction(self.total, self.answers)


class Analyst:
    """Exact values of states and forced words on one searcher, each tree verified; remembers
    what it has computed, and collects the verified trees as the certificate."""

    def __init__(self, searcher: NativeSearcher):
        self.s = searcher
        self.trees: list[dict] = []
        self._forced: dict[tuple[str, str], int | None] = {}

    def _record(self, state: str, word: str, total: int | None, tree, source: str) -> None:
        self._forced[state, word] = total
        if tree is not None:
            self.trees.append({"state": state, "guess": word, "total": total, "source": source, "tree": tree})

    def tree(self, state: str, word: str):
        """The verified tree found for ``word`` at ``state`` (None if none was)."""
        return next((t["tree"] for t in self.trees if (t["state"], t["guess"]) == (state, word)), None)

    def forced(self, state: str, word: str) -> int | None:
        """The least total with ``word`` the next guess at ``state`` (None: not within the limit)."""
        if (state, word) not in self._forced:
            r = self.s.solve(start=word, state=state or None)
            if r.status == Status.INFEASIBLE:
                self._record(state, word, None, None, "search")
            elif r.status == Status.OPTIMAL and r.verified:
                self._record(state, word, int(r.value), r.certificate, "search, verified")
            else:
                raise WordleError(f"internal error: solving {state or 'the start'} with {word} gave {r.status}")
        return self._forced[state, word]

    def state_value(self, state: str, ranking=None, kept: dict | None = None) -> StateValue:
        """e at ``state`` with every best guess named, from ``ranking`` ((word, total, exact) rows,
        best first, as :meth:`NativeSearcher.rank` gives) or a ranking made now.

        ``kept``: word -> (tree, total), trees already verified (see
        :func:`~wordlelab.solvers.search.rank.first_guesses.kept_trees`); a best guess whose kept tree
        totals its ranked value is not searched again.
        """
        node = self.s.root(None, state or None)
        if ranking is None:
            ranking = self.s.rank(node, top=1)
        exact = [(w, v) for w, v, e in ranking if e and v < INF]
        if not exact:
            return StateValue(state, len(node.H), None, [], node.d)
        best = min(v for _, v in exact)
        if any(v <= best and not e for _, v, e in ranking):
            raise WordleError(f"internal error: the ranking at {state or 'the start'} leaves a bound at {best}")
        ties = sorted(w for w, v in exact if v == best)
        for w in ties[:TREES_PER_STATE]:
            if kept and w in kept and kept[w][1] == best and (state, w) not in self._forced:
                self._record(state, w, best, kept[w][0], "kept, verified")
            elif self.forced(state, w) != best:
                raise WordleError(f"internal error: {w} ranks at {best} at {state or 'the start'}, "
                                  f"its verified tree says otherwise")
        return StateValue(state, len(node.H), best, ties, node.d)


def _inaccuracy(committed: Fraction | None, best: Fraction | None) -> tuple[Fraction | None, str, str]:
    """(value, label, note): e with the word played less the least e; None where infinite (see the module)."""
    if committed is not None and best is not None:
        inacc = committed - best
        return inacc, choice_label(inacc), ""
    if best is None:
        return None, NOT_RATED, "undefined: no guess finds every answer within the limit from here"
    return None, "Very bad choice", "infinite: this word cannot guarantee the limit, and a best word could"


def _luck(before: Fraction | None, after: Fraction | None) -> tuple[Fraction | None, str, str]:
    """(value, label, note): e with the word played, less 1, less e after its pattern."""
    if before is not None and after is not None:
        luck = before - 1 - after
        return luck, luck_label(luck), ""
    if after is None:
        # a word of finite value leaves only states of finite value: both sides are infinite
        return None, NOT_RATED, "undefined: not solvable within the limit before the pattern or after it"
    return None, "Very lucky", "infinity: the word could not guarantee the limit, and this pattern leaves a state that can"


def _number(x: Fraction | None) -> dict:
    return {"value": None if x is None else float(x), "exact": None if x is None else str(x)}


def _float(x: Fraction | None) -> float | None:
    return None if x is None else float(x)


def analyze(lists, game: str, mode: str = "easy", max_guesses: int = 6, root_checkpoint=None, workers: int = 1,
            progress_bar=None, announce=None, searcher: NativeSearcher | None = None) -> Result:
    """Selby's analysis of the played ``game`` (see the module docstring), every value exact.

    ``root_checkpoint``, ``workers``, ``progress_bar`` and ``announce`` are those of
    :func:`~wordlelab.solvers.search.rank.first_guesses.first_guess_ranking` (the ranking of the
    first guesses, computed once). ``value`` = ``bound`` = ``{"inaccuracy", "luck"}``, the
    game's totals (None where a move is not rated, see ``stats``); the certificate is the list
    of verified trees behind the values (``{"state", "guess", "total", "source", "tree"}``, kind
    ``trees``); ``stats`` is an :class:`~wordlelab.models.stats.AnalyzeStats`: ``stats.moves`` has a
    row per word and per pattern, and ``stats.first_guesses`` says where the ranking of the first
    guesses came from.

    >>> import os, tempfile
    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> rank = os.path.join(tempfile.mkdtemp(), "rank.json")
    >>> r = analyze(WordLists("six", words, words), "humph.sissy", root_checkpoint=rank)
    >>> [(m["played"], m["label"], m["exact"]) for m in r.stats.moves]
    [('humph', 'Not a great choice', '1/3'), ('BBBBB', 'Unlucky', '-1/2'), ('sissy', 'Perfect choice!', '0'), ('GGGGG', 'Lucky', '2/3')]
    >>> r.stats.total_inaccuracy["exact"], r.stats.total_luck["exact"], r.verified
    ('1/3', '1/6', True)
    """
    t0 = time.perf_counter()
    g = parse_game(game, lists, mode)
    s = searcher or NativeSearcher(lists, mode, max_guesses)
    if (s.lists, s.mode, s.max_guesses) != (lists, mode, max_guesses):
        raise WordleError("internal error: the searcher is for other lists, mode or guess limit")
    an = Analyst(s)
    question = {"kind": "analyze", "lists": lists.name, "mode": mode, "max_guesses": max_guesses,
                "game": g.describe()}
    analysed = g.moves[:max_guesses]
    ranking, origin = first_guess_ranking(s, root_checkpoint, workers, progress_bar, announce)
    kept = kept_trees(s, root_checkpoint)
    before = an.state_value("", ranking, kept)
    verified_best = before.best[:TREES_PER_STATE]
    if any(w not in kept or kept[w][1] != before.total for w in verified_best):
        keep_trees(s, {w: an.tree("", w) for w in verified_best}, root_checkpoint)
    rows, inaccuracies, lucks = [], [], []
    for k, (word, pattern) in enumerate(analysed, 1):
        state = g.state(k - 1)
        total = an.forced(state, word)
        committed = None if total is None else Fraction(total, before.answers)
        inacc, label, note = _inaccuracy(committed, before.expected)
        rows.append({"move": k, "kind": "word", "played": word, "state": state, "answers": before.answers,
                     "total": total, "expected": _float(committed), "best": before.best,
                     "best_total": before.total, "best_expected": _float(before.expected),
                     "label": label, **_number(inacc), "note": note})
        inaccuracies.append(inacc)
        after = _after(an, g, k, max_guesses)
        luck, label, note = _luck(committed, after.expected)
        rows.append({"move": k, "kind": "colours", "played": pattern_string(pattern), "state": g.state(k),
                     "answers": after.answers, "total": after.total, "expected": _float(after.expected),
                     "best": after.best, "label": label, **_number(luck), "note": note})
        lucks.append(luck)
        before = after
    total_inacc = None if None in inaccuracies else sum(inaccuracies, Fraction(0))
    total_luck = None if None in lucks else sum(lucks, Fraction(0))
    stats = AnalyzeStats(g.describe(), g.patterns_given, g.won, rows, guesses_played=len(g.moves),
                         guesses_analysed=len(analysed),
                         not_analysed=[f"{w}.{pattern_string(p)}" for w, p in g.moves[max_guesses:]],
                         total_inaccuracy={"label": choice_label(total_inacc, total=True), **_number(total_inacc)},
                         total_luck={"label": luck_label(total_luck), **_number(total_luck)},
                         first_guesses=origin, trees_verified=len(an.trees))
    value = {"inaccuracy": _float(total_inacc), "luck": _float(total_luck)}
    return Result(question, "native", Status.OPTIMAL, value, dict(value), an.trees, "trees", True,
                  time.perf_counter() - t0, stats).rest_on(origin["rests_on"])


def _after(an: Analyst, g, k: int, max_guesses: int) -> StateValue:
    """e after the pattern of move k: 0 once won, infinite with no guess left, else searched."""
    state = g.state(k)
    if g.moves[k - 1][1] == ALL_GREEN:
        return StateValue(state, 1, 0, [], max_guesses - k)
    if k >= max_guesses:
        return StateValue(state, len(parse_state(state, an.s.lists, an.s.mode).answers), None, [], 0)
    return an.state_value(state)


def certify_analysis(searcher: NativeSearcher, result: Result, folder, progress=None) -> list[dict]:
    """Certify the best choices of an analysis: for each word move after the first, a lower-bound
    certificate that no next guess beats the best one at that state, written to ``folder``
    (``move-K.bound.gz``) and checked by the independent checker of
    :mod:`~wordlelab.models.lower_bound` before it is listed.

    With the best choice's verified tree (the analysis has it), each certificate makes "BEST is the
    best choice here, with total T" checked in both halves, and "the word played is worse" (every
    other guess totals at least T + 1) checked too. How much worse the word played is (its exact
    total) rests on its verified tree for the upper half and on the search for the lower. The first
    move's best is that of the first guesses' ranking: ``certify-ranking`` certifies it (about an hour).

    Returns the rows also set as ``result.stats.certificates``.
    """
    import os
    from pathlib import Path

    from wordlelab.models.lower_bound import BoundFault, check_lower_bound
    from wordlelab.solvers.search.rank.certify import certify_ranking
    Path(folder).mkdir(parents=True, exist_ok=True)
    rows = []
    lists = searcher.lists
    moves = [m for m in result.stats.moves if m["kind"] == "word" and m["state"] and m["best_total"] is not None]
    for i, m in enumerate(moves):
        path = os.path.join(folder, f"move-{m['move']}.bound.gz")
        made = certify_ranking(searcher, m["best"], m["best_total"], path, state=m["state"])
        try:
            report = check_lower_bound(path, lists.guesses, lists.answers)
        except BoundFault as e:
            raise WordleError(f"internal error: the certificate {path} fails its check: {e}") from None
        rows.append({"move": m["move"], "state": m["state"], "best": list(m["best"]), "total": m["best_total"],
                     "file": path, "claims": made["claims"], "bytes": os.path.getsize(path),
                     "check_seconds": round(report.seconds, 3), "statement": report.statement()})
        if progress:
            progress(1, info=f"move {m['move']}")
    result.stats.certificates = rows
    return rows
