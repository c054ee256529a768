"""A played game, written as ``crate.YBBBB.lions.BBYBG.focus.GGGGG`` or, short, ``crate.lions.focus``.

The full form alternates guesses and patterns (G green, Y yellow, B grey, any case; or the digits
2, 1, 0; or pasted squares), as in a game state (:mod:`wordlelab.models.state`). In the short
form only the guesses are given and the last one is the answer: every pattern is computed against it. In the full form a last
guess without its pattern is likewise taken to be the answer, which it can only be if it is one
of the answers the patterns before it leave. Nothing may follow an all-green pattern.

>>> from wordlelab.instances.wordlists import WordLists
>>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
>>> lists = WordLists("six", words, words)
>>> parse_game("humph.sissy", lists).describe()
'humph.BBBBB.sissy.GGGGG'
>>> parse_game("HUMPH.bbbbb.sissy", lists).patterns_given
True
"""
from __future__ import annotations

from dataclasses import dataclass

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, PATTERN_HELP, check_word, feedback, parse_pattern, pattern_string
from wordlelab.models.state import parse_state


@dataclass(frozen=True)
class PlayedGame:
    """The moves of a game, each a guess and the pattern it received (a pattern code)."""

    moves: tuple[tuple[str, int], ...]
    patterns_given: bool         # False: the short form, every pattern computed from the answer

    @property
    def won(self) -> bool:
        """Whether the last guess was the answer."""
        return self.moves[-1][1] == ALL_GREEN

    def state(self, k: int) -> str:
        """The state after the first ``k`` moves, in the dotted form ("" before any)."""
        return ".".join(f"{w}.{pattern_string(p)}" for w, p in self.moves[:k])

    def describe(self) -> str:
        """The whole game in the full form."""
        return self.state(len(self.moves))


def _looks_like_pattern(token: str) -> bool:
    try:
        parse_pattern(token)
    except WordleError:
        return False
    return True


def parse_game(text: str, lists, mode: str = "easy") -> PlayedGame:
    """Parse a played game against ``lists`` in ``mode``; WordleError (one line) for bad input.

    Every guess must be in the guess list and allowed in ``mode``, and some answer must fit
    every pattern (checked by :func:`~wordlelab.models.state.parse_state`).
    """
    tokens = [t.strip() for t in text.strip().split(".")]
    if not text.strip() or any(not t for t in tokens):
        raise WordleError(f"malformed game {text!r}: expected guess.PATTERN.guess.PATTERN... "
                          f"or only the guesses, the last one being the answer (crate.lions.focus)")
    full = len(tokens) > 1 and _looks_like_pattern(tokens[1])
    if full:
        words = [check_word(t) for t in tokens[0::2]]
        for w, c in zip(words, tokens[1::2]):
            if not _looks_like_pattern(c):
                raise WordleError(f"malformed game {text!r}: after {w!r} comes its pattern "
                                  f"({PATTERN_HELP}), not {c!r}")
        patterns = [parse_pattern(c) for c in tokens[1::2]]
    else:
        words = [check_word(t) for t in tokens]
        guess_set = set(lists.guesses)
        for w in words:
            if _looks_like_pattern(w) and w not in guess_set:
                raise WordleError(f"malformed game {text!r}: give the pattern after every guess "
                                  f"(crate.YBBBB.lions.BBYBG) or after none (crate.lions.focus)")
        answer = words[-1]
        if answer not in set(lists.answers):
            raise WordleError(f"without patterns the last guess is taken to be the answer, and {answer!r} "
                              f"is not an answer of {lists.name}: give the patterns, e.g. "
                              f"{words[0]}.BYBBB.{'.'.join(words[1:])}...")
        patterns = [feedback(w, answer) for w in words]
    for i, p in enumerate(patterns[:len(words) - 1]):
        if p == ALL_GREEN:
            raise WordleError(f"the game was won at guess {i + 1} ({words[i]}): nothing may follow an all-green pattern")
    if len(patterns) < len(words):
        # a last guess without its pattern: the answer, if the patterns before it leave it possible
        history = ".".join(f"{w}.{pattern_string(p)}" for w, p in zip(words, patterns))
        left = parse_state(history, lists, mode).answers if history else lists.answers
        if words[-1] not in set(lists.guesses):
            raise WordleError(f"{words[-1]!r} (the last guess of {text!r}) is not in the guess list {lists.name}")
        if words[-1] not in set(left):
            raise WordleError(f"the last guess {words[-1]!r} has no pattern, and it cannot be the answer "
                              f"(not one of the {len(left)} answers left): give its pattern, "
                              f"e.g. {words[-1]}.BYBBB")
        patterns.append(ALL_GREEN)
    game = PlayedGame(tuple(zip(words, patterns)), full)
    parse_state(game.describe(), lists, mode)     # guesses known and allowed, some answer fits
    return game
