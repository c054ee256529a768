"""The rules of thumb people play by, as full strategies, scored exactly.

A greedy strategy looks one guess ahead: at each node it scores every guess of its
pool by the classes that guess splits the remaining answers S into, plays the best,
and recurses into each class. The criteria (class sizes c over the feedbacks):

``most-parts``
    most classes (the blog's "smallest average class size" |S| / #classes ranks
    guesses the same way: Art of Wordle's greedy, TRACE first on its list);
``entropy``
    most information, -sum (c/|S|) log (c/|S|);
``minimax``
    smallest largest class;
``expected-size``
    smallest expected class size, sum c^2 / |S|.

Each may draw its guesses from every allowed word (``pool="all"``) or only from the
answers still possible (``pool="answers"``). Ties go to a guess that may itself be
the answer, then to the earlier word. The strategy is built as a tree over every
answer and scored by :func:`wordlelab.models.verify.verify_tree` (total, histogram,
worst case), so the figures are exact, not sampled.

The blog's own feedback marks a letter yellow whenever it occurs anywhere in the
answer, ignoring how many times (:func:`blog_feedback`). A player who reads the real
patterns with that rule in mind eliminates words wrongly; :func:`play_with_rule`
plays every answer that way and counts the answers it never finds.
"""
from __future__ import annotations

import time

import numpy as np

from wordlelab.errors import WordleError, check_choice
from wordlelab.models.feedback import ALL_GREEN, GREEN, GREY, YELLOW, digits_to_code, feedback
from wordlelab.models.masks import allowed_mask
from wordlelab.models.matrix import pattern_matrix
from wordlelab.models.modes import check_mode
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import GreedyStats
from wordlelab.models.tree import Tree
from wordlelab.models.verify import verify_tree

CRITERIA = ("most-parts", "entropy", "minimax", "expected-size")
POOLS = ("all", "answers")
MAX_DEPTH = 20


def class_counts(MT: np.ndarray, S: np.ndarray, P: np.ndarray) -> np.ndarray:
    """(len(P), 243) counts: how many answers of S each guess of P sends to each pattern.

    >>> MT = np.array([[242, 0], [1, 242]], np.uint8)     # answers x guesses
    >>> class_counts(MT, np.array([0, 1]), np.array([0]))[0, [1, 242]].tolist()
    [1, 1]
    """
    sub = MT[np.ix_(S, P)].T.astype(np.int64)                 # guesses x answers
    flat = sub + 243 * np.arange(len(P))[:, None]
    return np.bincount(flat.ravel(), minlength=243 * len(P)).reshape(len(P), 243)


def scores(counts: np.ndarray, n: int, criterion: str) -> np.ndarray:
    """Lower is better, one per guess."""
    if criterion == "most-parts":
        return -(counts > 0).sum(axis=1).astype(float)
    if criterion == "minimax":
        return counts.max(axis=1).astype(float)
    if criterion == "expected-size":
        return (counts.astype(float) ** 2).sum(axis=1) / n
    p = counts / n
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(p > 0, p * np.log2(p), 0.0).sum(axis=1)     # minus the entropy
    raise WordleError(f"unknown criterion {criterion!r}")


def greedy_tree(lists, criterion: str = "most-parts", pool: str = "all", first: str | None = None,
                MT: np.ndarray | None = None, mode: str = "easy") -> Tree:
    """The greedy strategy's tree over every answer of ``lists``; in hard or strict mode each
    guess is drawn from the words the mode allows after the play so far."""
    check_choice(criterion, CRITERIA, "criterion")
    check_choice(pool, POOLS, "pool")
    check_mode(mode)
    MT = pattern_matrix(lists, transposed=True) if MT is None else MT
    words, answers = lists.guesses, lists.answers
    answer_guess = np.array(lists.answer_columns())
    all_guesses = np.arange(len(words))
    root = None
    stack = [(np.arange(len(answers)), None, None, ())]     # answers, parent node, pattern, history
    while stack:
        S, parent, pattern, history = stack.pop()
        depth = len(history) + 1
        if depth > MAX_DEPTH:
            raise WordleError(f"internal error: the {criterion} strategy does not finish within {MAX_DEPTH}")
        if depth == 1 and first is not None:
            g = lists.guess_index().get(first)
            if g is None:
                raise WordleError(f"{first!r} is not in the guess list {lists.name}")
        elif len(S) <= 2:
            g = int(answer_guess[S[0]])
        else:
            P = answer_guess[S] if pool == "answers" else all_guesses
            if mode != "easy" and history:
                P = P[allowed_mask(mode, list(history), [words[t] for t in P])]
            counts = class_counts(MT, S, P)
            is_answer = np.isin(P, answer_guess[S])
            key = scores(counts, len(S), criterion)
            separates = (counts > 0).sum(axis=1) > 1
            key = np.where(separates | is_answer, key, np.inf)    # a guess that tells nothing is never played
            order = np.lexsort((np.arange(len(P)), ~is_answer, key))
            g = int(P[order[0]])
        node = Tree(words[g])
        if parent is None:
            root = node
        else:
            parent.branches[pattern] = node
        pats = MT[S, g]
        for p in np.unique(pats):
            if p == ALL_GREEN:
                node.branches[ALL_GREEN] = None
            else:
                stack.append((S[pats == p], node, int(p), history + ((words[g], int(p)),)))
    return root


def evaluate(lists, criterion: str = "most-parts", pool: str = "all", first: str | None = None,
             MT: np.ndarray | None = None, mode: str = "easy") -> Result:
    """Build the greedy strategy and score it exactly: a FEASIBLE, heuristic Result with its tree."""
    t0 = time.perf_counter()
    tree = greedy_tree(lists, criterion, pool, first, MT, mode)
    report = verify_tree(tree, lists.answers, lists.guesses, mode)
    stats = GreedyStats(average=round(report.average, 4), max_guesses=report.max_guesses,
                        beyond_6=sum(v for k, v in report.histogram.items() if k > 6),
                        histogram=report.as_dict()["histogram"], first_guess=tree.guess)
    question = {"kind": "min-total", "lists": lists.name, "mode": mode, "answers": len(lists.answers)}
    return Result(question, f"greedy-{criterion}-{pool}", Status.FEASIBLE, report.total, None, tree, "tree", True,
                  time.perf_counter() - t0, stats, heuristic=True)


# ---- the blog's feedback rule
def blog_feedback(guess: str, answer: str) -> int:
    """Green in place, yellow whenever the letter occurs anywhere in the answer (counts ignored).

    >>> from wordlelab.models.feedback import pattern_string
    >>> pattern_string(blog_feedback("speed", "abide")), pattern_string(feedback("speed", "abide"))
    ('BBYYY', 'BBYBY')
    """
    return digits_to_code(GREEN if g == a else YELLOW if g in answer else GREY for g, a in zip(guess, answer))


def play_with_rule(lists, first: str | None = "trace", pool: str = "answers", max_guesses: int = MAX_DEPTH) -> dict:
    """Play every answer as the blog's player does: most parts under the blog's rule, read against real patterns.

    The player keeps the words w with ``blog_feedback(guess, w)`` equal to the pattern the
    game shows (NYT rule). Where the two rules differ (repeated letters), the answer itself
    can be dropped: it is then never found. Returns the histogram of guesses for the found
    answers, the answers never found, and how many eliminations were wrong.
    """
    words = list(lists.answers) if pool == "answers" else list(lists.guesses)
    if first is None:
        first = _most_parts_by_blog_rule(list(lists.answers), words)
    histogram: dict[int, int] = {}
    lost, wrong = [], 0
    for answer in lists.answers:
        S, guess, found = list(lists.answers), first, False
        for turn in range(1, max_guesses + 1):
            if guess == answer:
                histogram[turn] = histogram.get(turn, 0) + 1
                found = True
                break
            seen = feedback(guess, answer)
            kept = [w for w in S if blog_feedback(guess, w) == seen]
            if answer not in kept:
                wrong += 1
                lost.append(answer)
                break
            S = kept
            guess = _most_parts_by_blog_rule(S, words if pool == "all" else S)
        if not found and (not lost or lost[-1] != answer):
            lost.append(answer)
    return {"histogram": dict(sorted(histogram.items())), "never_found": lost, "wrong_eliminations": wrong,
            "found": sum(histogram.values()), "total_found": sum(k * v for k, v in histogram.items())}


def _most_parts_by_blog_rule(S, pool):
    if len(S) == 1:
        return S[0]
    best, best_key = None, None
    members = set(S)
    for g in pool:
        parts = len({blog_feedback(g, a) for a in S})
        key = (-parts, g not in members, g)
        if best_key is None or key < best_key:
            best, best_key = g, key
    return best


def mean_class_sizes(lists, n: int = 10, rule: str = "nyt") -> list[tuple[str, float]]:
    """The blog's first table: guesses from the answers ranked by mean class size |S| / #classes."""
    fb = feedback if rule == "nyt" else blog_feedback
    answers = list(lists.answers)
    rows = [(g, len(answers) / len({fb(g, a) for a in answers})) for g in answers]
    return sorted(rows, key=lambda r: (r[1], r[0]))[:n]
