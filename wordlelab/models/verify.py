"""Independent checker of strategy trees.

It shares nothing with the searchers but the rule statements: feedback is
recomputed in pure Python (:func:`wordlelab.models.feedback.feedback`), and
mode legality comes from :func:`wordlelab.models.modes.guess_allowed`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.modes import check_mode, guess_allowed
from wordlelab.models.tree import Tree


class TreeFault(WordleError):
    """A tree that is not a valid strategy; the message names the first fault."""


@dataclass
class TreeReport:
    """What a valid tree achieves."""

    n_answers: int
    total: int
    max_guesses: int
    histogram: dict[int, int] = field(default_factory=dict)

    @property
    def average(self) -> float:
        """Mean number of guesses over the answers."""
        return self.total / self.n_answers

    def as_dict(self) -> dict:
        """JSON-ready summary."""
        return {"answers": self.n_answers, "total": self.total, "average": round(self.average, 4),
                "max_guesses": self.max_guesses, "histogram": {str(k): v for k, v in sorted(self.histogram.items())}}


def _where(history) -> str:
    return "root" if not history else ".".join(f"{g}.{pattern_string(p)}" for g, p in history)


def verify_tree(tree: Tree, answers, guesses, mode: str = "easy", history=(),
                max_guesses: int | None = None) -> TreeReport:
    """Check that ``tree`` finds every answer in ``answers`` within the rules.

    Parameters
    ----------
    tree : Tree
        The strategy: a guess at each node, a child for each pattern it can get.
    answers : iterable of str
        The possible answers; each must be found by the tree.
    guesses : iterable of str
        The allowed guesses; every guess of the tree must be one.
    mode : {"easy", "hard", "strict"}
        The rule every guess must keep, given the play before it.
    history : sequence of (guess, pattern)
        The play before the tree's root (for trees from a game state).
    max_guesses : int, optional
        Each answer must be found within this many guesses, counting the history.

    Returns
    -------
    TreeReport
        The total number of guesses over the answers and their histogram.

    Raises
    ------
    TreeFault
        Naming the first fault: a guess not allowed, a pattern recomputed differently, an answer
        not found or found too late, duplicate answers.
    """
    check_mode(mode)
    answers = list(answers)
    if len(set(answers)) != len(answers):
        raise TreeFault("the answer list has duplicates")
    guess_set = set(guesses)
    histogram: Counter = Counter()
    start = len(history)
    # explicit stack: (node, candidate answers, history, guesses used so far)
    stack = [(tree, answers, list(history))]
    while stack:
        node, candidates, hist = stack.pop()
        if node.guess not in guess_set:
            raise TreeFault(f"at {_where(hist)}: {node.guess!r} is not in the guess list")
        if not guess_allowed(mode, hist, node.guess):
            raise TreeFault(f"at {_where(hist)}: guess {node.guess!r} is not allowed in {mode} mode")
        depth = len(hist) - start + 1
        parts: dict[int, list[str]] = {}
        for a in candidates:
            parts.setdefault(feedback(node.guess, a), []).append(a)
        for p in node.branches:
            if p not in parts:
                raise TreeFault(f"at {_where(hist)}: guess {node.guess} has a branch {pattern_string(p)} "
                                f"that no remaining answer gives")
        for p, group in parts.items():
            if p not in node.branches:
                raise TreeFault(f"at {_where(hist)}: answer {group[0]!r} gives {pattern_string(p)} to "
                                f"{node.guess}, and the tree has no branch for it")
            sub = node.branches[p]
            if p == ALL_GREEN:
                if sub is not None:
                    raise TreeFault(f"at {_where(hist)}: the GGGGG branch of {node.guess} must end the line")
                histogram[depth] += 1
            elif sub is None:
                raise TreeFault(f"at {_where(hist)}: branch {pattern_string(p)} of {node.guess} ends, "
                                f"but {len(group)} answer(s) remain, e.g. {group[0]!r}")
            else:
                stack.append((sub, group, hist + [(node.guess, p)]))
    worst = max(histogram)
    if max_guesses is not None and worst > max_guesses:
        raise TreeFault(f"the tree needs {worst} guesses for some answer, over the limit {max_guesses}")
    total = sum(k * v for k, v in histogram.items())
    return TreeReport(sum(histogram.values()), total, worst, dict(histogram))
