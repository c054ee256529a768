"""Endgames: sets of answers that agree in all but one position (``?ills``, ``co?ed``, ``sha?e``).

>>> [e.pattern for e in enumerate_endgames(["bills", "fills", "hills", "salet"])]
['?ills']
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback

_ENDGAME_RE = re.compile(r"^[a-z?]{5}$")


@dataclass(frozen=True)
class Endgame:
    """A named answer subset, e.g. pattern '?ills' and its members."""

    pattern: str
    answers: tuple[str, ...]


def matches(pattern: str, word: str) -> bool:
    """Whether ``word`` fits ``pattern`` ('?' is any letter)."""
    return all(p == "?" or p == c for p, c in zip(pattern, word))


def endgame(pattern: str, answers) -> Endgame:
    """The answers that fit ``pattern``, e.g. '?ills'."""
    p = pattern.strip().lower()
    if not _ENDGAME_RE.match(p) or "?" not in p:
        raise WordleError(f"bad endgame pattern {pattern!r}: 5 characters, letters and at least one '?'")
    members = tuple(w for w in answers if matches(p, w))
    if len(members) < 2:
        raise WordleError(f"pattern {pattern!r} matches {len(members)} answer(s); an endgame needs 2 or more")
    return Endgame(p, members)


def enumerate_endgames(answers, min_size: int = 3, free: int = 1) -> list[Endgame]:
    """Every maximal set of at least ``min_size`` answers agreeing outside ``free`` positions (1 or 2)."""
    if free not in (1, 2):
        raise WordleError("free positions must be 1 or 2")
    positions = [(i,) for i in range(5)] if free == 1 else [(i, j) for i in range(5) for j in range(i + 1, 5)]
    groups: dict[str, list[str]] = {}
    for w in answers:
        for pos in positions:
            key = "".join("?" if k in pos else c for k, c in enumerate(w))
            groups.setdefault(key, []).append(w)
    out = [Endgame(k, tuple(sorted(v))) for k, v in groups.items() if len(v) >= min_size]
    return sorted(out, key=lambda e: (-len(e.answers), e.pattern))


def endgame_ids(words, min_size: int = 3):
    """(ids, count): ``ids[i, p]`` numbers the endgame of ``words[i]`` with position p free
    (:func:`enumerate_endgames`, at least ``min_size`` words), -1 where there is none.

    >>> ids, count = endgame_ids(["bills", "fills", "hills", "hilly", "salet"])
    >>> count, ids[:3, 0].tolist(), int(ids[3].max())
    (1, [0, 0, 0], -1)
    """
    import numpy as np
    letters = np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(len(words), 5)
    found, inverses = [], []
    for p in range(5):
        # the words' keys with position p free, as 5-byte strings: one np.unique a position
        masked = letters.copy()
        masked[:, p] = ord("?")
        keys, inverse, counts = np.unique(masked.view("S5").ravel(), return_inverse=True, return_counts=True)
        inverses.append(inverse.ravel())
        found.extend((-int(counts[u]), keys[u].decode(), p, u) for u in np.flatnonzero(counts >= min_size))
    found.sort()        # enumerate_endgames's order: largest first, then by pattern
    numbers = [np.full(len(inv), -1, np.int32) for inv in inverses]     # by key, each position
    for number, (_, _, p, u) in enumerate(found):
        numbers[p][u] = number
    ids = np.full((len(words), 5), -1, np.int32)
    for p in range(5):
        ids[:, p] = numbers[p][inverses[p]]
    return ids, len(found)


def check_cover(answers, guesses) -> int:
    """Independent check: how many answers the guesses' D-sets cover (pure-Python feedback).

    A valid certificate for a bound of k covering guesses covers at least len(answers) - 1.
    """
    answers = list(answers)
    covered: set[str] = set()
    for g in guesses:
        classes: dict[int, list[str]] = {}
        for a in answers:
            classes.setdefault(feedback(g, a), []).append(a)
        candidates = [(len(v), -p) for p, v in classes.items() if p != ALL_GREEN]
        if not candidates:
            covered.update(answers)
            continue
        _, neg_p = max(candidates)
        adversary = set(classes[-neg_p])
        covered.update(a for a in answers if a not in adversary)
    return len(covered)
