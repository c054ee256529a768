"""Game states written as ``salet.BBBYB.drone``: guess, pattern, guess, ...

A trailing guess without a pattern is the next guess, fixed by the user. A pattern may be given
as a person types or pastes it (``01200``, squares; :func:`~wordlelab.models.feedback.parse_pattern`);
:meth:`GameState.describe` always writes letters.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import check_word, feedback, parse_pattern, pattern_string
from wordlelab.models.masks import allowed_mask
from wordlelab.models.modes import check_mode, guess_allowed


@dataclass(frozen=True)
class GameState:
    """Where a game stands: the history, what answers remain, what may be guessed."""

    history: tuple[tuple[str, int], ...]
    next_guess: str | None
    answers: tuple[str, ...]        # answers still possible
    guesses: tuple[str, ...]        # guesses the mode allows now
    mode: str

    def describe(self) -> str:
        """Text of the state in the dotted form."""
        parts = [f"{g}.{pattern_string(p)}" for g, p in self.history]
        if self.next_guess:
            parts.append(self.next_guess)
        return ".".join(parts)


def parse_state(text: str, lists, mode: str = "easy") -> GameState:
    """Parse ``salet.BBBYB.drone`` against ``lists`` (a WordLists) in ``mode``."""
    check_mode(mode)
    tokens = [t for t in text.strip().split(".")]
    if not text.strip() or any(not t for t in tokens):
        raise WordleError(f"malformed state {text!r}: expected guess.PATTERN.guess.PATTERN...")
    known = set(lists.guesses)
    history, next_guess = [], None
    for i in range(0, len(tokens), 2):
        word = check_word(tokens[i])
        if word not in known:
            raise WordleError(f"{word!r} (in state {text!r}) is not in the guess list {lists.name}")
        if not guess_allowed(mode, history, word):
            raise WordleError(f"{word!r} is not allowed in {mode} mode after {'.'.join(tokens[:i])}")
        if i + 1 < len(tokens):
            history.append((word, parse_pattern(tokens[i + 1])))
        else:
            next_guess = word
    # plain Python on the answers each pattern leaves: a few ms, where the compiled matrix code
    # would first take 0.15 s to load
    remaining = tuple(lists.answers)
    for g, p in history:
        remaining = tuple(a for a in remaining if feedback(g, a) == p)
    if not remaining:
        raise WordleError(f"no answer in {lists.name} fits the state {text!r}")
    guesses = tuple(np.array(lists.guesses)[allowed_mask(mode, history, lists.guesses)].tolist())
    return GameState(tuple(history), next_guess, remaining, guesses, mode)
