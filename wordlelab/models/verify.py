"""Independent checker of strategy trees.

It shares nothing with the searchers but the rule statements: feedback is
recomputed in pure Python (:func:`wordlelab.models.feedback.feedback`), and
mode legality comes from :func:`wordlelab.models.modes.guess_allowed`.

Other games (``rule``, a game's name, :mod:`wordlelab.models.games`): Mastermind's replies are
recomputed here by :func:`mastermind_reply`, written from the rule's definition and sharing no
code with the matrix builder (which counts shared colours over the whole code with numpy). A
tree's reply ids are read through the game's notation (``BBW-``) and compared with the reply
this module computes, so a wrong id in the matrix shows as a branch no answer gives.

Wordle with words of n letters other than five (``wordleN``): replies are recomputed by the pure-Python
:func:`~wordlelab.models.feedback.feedback`, which reads words of any length (the matrix builder of
those games is numpy code in :mod:`wordlelab.models.games` that counts copies instead of consuming
them); the win is ``G`` n times, code 3^n - 1, which a tree writes as id 242.
"""
from __future__ import annotations

import re
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


def mastermind_reply(guess: str, code: str) -> str:
    """Mastermind's reply to ``guess`` when the secret is ``code``, written ``BBW-``.

    A black peg for each place where they agree; then, among the places where they differ,
    a white peg for each colour of the guess matched to a distinct place of the code (as many
    as the smaller of the two counts of that colour there); a ``-`` for each peg left.

    >>> mastermind_reply("1122", "1213"), mastermind_reply("6543", "6543")
    ('BWW-', 'BBBB')
    """
    black = 0
    guess_left, code_left = Counter(), Counter()
    for g, c in zip(guess, code):
        if g == c:
            black += 1
        else:
            guess_left[g] += 1
            code_left[c] += 1
    white = sum((guess_left & code_left).values())
    return "B" * black + "W" * white + "-" * (len(code) - black - white)


_MASTERMIND = re.compile(r"^mastermind:(\d+)x(\d+)$")
_LENGTH = re.compile(r"^wordle([34])$")


def tree_rule(rule: str):
    """(reply(guess, answer), the winning reply, how a tree's reply id reads as a reply, how a
    reply is written) for the game named ``rule``: ``"wordle"``, ``"wordle3"``, ``"wordle4"`` or
    ``"mastermind:PxC"``.

    >>> reply, win, read, write = tree_rule("wordle4")
    >>> write(reply("boot", "obey")), read(242) == win == reply("boot", "boot")
    ('YYBB', True)
    """
    if rule == "wordle":
        return feedback, ALL_GREEN, (lambda p: p), pattern_string
    m = _LENGTH.match(rule)
    if m:
        length = int(m.group(1))
        win = 3 ** length - 1

        def read(p):
            if p == ALL_GREEN:
                return win
            if not 0 <= p < win:
                raise KeyError(p)
            return p
        return feedback, win, read, (lambda p: pattern_string(p, length))
    m = _MASTERMIND.match(rule)
    if not m:
        raise WordleError(f"the checker knows no game {rule!r}")
    from wordlelab.models.games import game_named      # the notation of the tree's ids only
    notation = game_named(rule)
    return mastermind_reply, "B" * int(m.group(1)), notation.reply_string, str


def _where(history, write=pattern_string) -> str:
    return "root" if not history else ".".join(f"{g}.{write(p)}" for g, p in history)


def verify_tree(tree: Tree, answers, guesses, mode: str = "easy", history=(),
                max_guesses: int | None = None, rule: str = "wordle") -> TreeReport:
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
    rule : str
        The game: ``"wordle"``, ``"wordle3"`` or ``"wordle4"`` (words of 3 or 4 letters), or
        ``"mastermind:PxC"`` (its replies recomputed by :func:`mastermind_reply`). Every game but
        ``"wordle"`` is checked in easy mode from the first guess.

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
    reply, win, read, write = tree_rule(rule)
    if rule != "wordle" and (mode != "easy" or history):
        raise WordleError(f"{rule} is checked in easy mode from the first guess only")
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
            raise TreeFault(f"at {_where(hist, write)}: {node.guess!r} is not in the guess list")
        if not guess_allowed(mode, hist, node.guess):
            raise TreeFault(f"at {_where(hist, write)}: guess {node.guess!r} is not allowed in {mode} mode")
        depth = len(hist) - start + 1
        parts: dict = {}
        for a in candidates:
            parts.setdefault(reply(node.guess, a), []).append(a)
        branches = {}
        for p, sub in node.branches.items():
            try:
                branches[read(p)] = sub
            except (IndexError, KeyError, TypeError):
                raise TreeFault(f"at {_where(hist, write)}: guess {node.guess} has a branch {p!r} that is "
                                f"no reply of {rule}") from None
        for p in branches:
            if p not in parts:
                raise TreeFault(f"at {_where(hist, write)}: guess {node.guess} has a branch {write(p)} "
                                f"that no remaining answer gives")
        for p, group in parts.items():
            if p not in branches:
                raise TreeFault(f"at {_where(hist, write)}: answer {group[0]!r} gives {write(p)} to "
                                f"{node.guess}, and the tree has no branch for it")
            sub = branches[p]
            if p == win:
                if sub is not None:
                    raise TreeFault(f"at {_where(hist, write)}: the {write(win)} branch of {node.guess} must end the line")
                histogram[depth] += 1
            elif sub is None:
                raise TreeFault(f"at {_where(hist, write)}: branch {write(p)} of {node.guess} ends, "
                                f"but {len(group)} answer(s) remain, e.g. {group[0]!r}")
            else:
                stack.append((sub, group, hist + [(node.guess, p)]))
    worst = max(histogram)
    if max_guesses is not None and worst > max_guesses:
        raise TreeFault(f"the tree needs {worst} guesses for some answer, over the limit {max_guesses}")
    total = sum(k * v for k, v in histogram.items())
    return TreeReport(sum(histogram.values()), total, worst, dict(histogram))
