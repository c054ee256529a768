"""The decision-tree question: can every answer of H be found within g guesses from T, and at what least total?

A :class:`TreeQuestion` is plain data: answers H, guesses T (every answer is also a
guess), a mode, a depth limit g, and an objective (``depth``: is worst case <= g
feasible; ``total``: least sum of guesses with worst case <= g). Builders make
one from an endgame pattern, a file of answers, or a seeded random subset.

>>> from wordlelab.instances.wordlists import WordLists
>>> lists = WordLists("x", ("bills", "fills", "hills", "salet"), ("bills", "fills", "hills"))
>>> q = pattern_question(lists, "?ills", depth=3)
>>> q.answers, len(q.guesses), q.objective
(('bills', 'fills', 'hills'), 4, 'total')
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.modes import check_mode

OBJECTIVES = ("depth", "total")


@dataclass(frozen=True)
class TreeQuestion:
    """Answers, guesses, mode, depth limit and objective of one decision-tree question."""

    label: str
    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    mode: str = "easy"
    depth: int = 6
    objective: str = "total"

    def __post_init__(self):
        check_mode(self.mode)
        if self.objective not in OBJECTIVES:
            raise WordleError(f"unknown objective {self.objective!r}; choose depth or total")
        if not 1 <= self.depth <= 12:
            raise ParameterError(f"{{depth}} must be between 1 and 12, not {self.depth}")
        if len(self.answers) < 1:
            raise WordleError("the answer set is empty")
        if len(set(self.answers)) != len(self.answers):
            raise WordleError("the answer set has duplicates")
        missing = set(self.answers) - set(self.guesses)
        if missing:
            raise WordleError(f"answer {sorted(missing)[0]!r} is not in the guess list")

    def with_(self, **changes) -> "TreeQuestion":
        """A copy with some fields changed."""
        fields = dict(label=self.label, answers=self.answers, guesses=self.guesses, mode=self.mode,
                      depth=self.depth, objective=self.objective)
        fields.update(changes)
        return TreeQuestion(**fields)


def pattern_question(lists, pattern: str, **kw) -> TreeQuestion:
    """The endgame ``pattern`` (e.g. '?ills') of ``lists.answers``, every guess of ``lists`` allowed."""
    from wordlelab.models.endgames import endgame
    e = endgame(pattern, lists.answers)
    return TreeQuestion(e.pattern, e.answers, tuple(lists.guesses), **kw)


def subset_question(lists, words, label: str, **kw) -> TreeQuestion:
    """The answers ``words`` (each must be an answer of ``lists``), every guess of ``lists`` allowed."""
    known = set(lists.answers)
    bad = [w for w in words if w not in known]
    if bad:
        raise WordleError(f"{bad[0]!r} in {label} is not a possible answer in {lists.name}")
    return TreeQuestion(label, tuple(words), tuple(lists.guesses), **kw)


def random_question(lists, n_answers: int, seed: int, n_guesses: int | None = None, **kw) -> TreeQuestion:
    """``n_answers`` random answers; the guesses are those answers plus random others (``n_guesses`` in all)."""
    if not 1 <= n_answers <= len(lists.answers):
        raise ParameterError(f"{{sample}} must draw between 1 and {len(lists.answers)} answers, not {n_answers}")
    rng = random.Random(seed)
    answers = sorted(rng.sample(list(lists.answers), n_answers))
    if n_guesses is None:
        guesses = tuple(lists.guesses)
    else:
        if n_guesses < n_answers:
            raise ParameterError(f"{{sample}} {n_answers}/{n_guesses}: the guesses must be at least the "
                                 f"{n_answers} answers, which are guesses too")
        chosen = set(answers)
        others = [w for w in lists.guesses if w not in chosen]
        guesses = tuple(sorted(chosen | set(rng.sample(others, min(len(others), n_guesses - n_answers)))))
    label = f"random{n_answers}-s{seed}" + (f"-g{n_guesses}" if n_guesses else "")
    return TreeQuestion(label, tuple(answers), guesses, **kw)


def near_question(lists, seed: int, n_answers: int = 14, n_guesses: int = 40, **kw) -> TreeQuestion:
    """Endgame-like: answers sharing three positions with a random centre word, so modes and limits bite."""
    rng = random.Random(seed)
    while True:
        centre = rng.choice(list(lists.answers))
        near = [w for w in lists.guesses if sum(x == y for x, y in zip(w, centre)) >= 3]
        if len(near) >= n_answers + 4:
            break
    answers = sorted(rng.sample(near, n_answers))
    others = [w for w in near if w not in answers] + rng.sample(list(lists.guesses), 4)
    guesses = sorted(set(answers) | set(rng.sample(others, min(len(others), n_guesses - n_answers + 4))))
    return TreeQuestion(f"near{n_answers}-s{seed}", tuple(answers), tuple(guesses), **kw)
