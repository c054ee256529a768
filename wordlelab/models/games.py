"""The game as a parameter: Wordle, and Mastermind with p pegs and c colours, on one engine.

The exact search needs only a pattern matrix (guess x answer -> reply id, uint8) and the
reply that ends the game. Its bounds hold for any game in which

- the reply is a function of (guess, answer), and
- the winning reply comes exactly when the guess is the answer

(a class of s answers then needs at least 2s - 1 more guesses: one answer found at the next
guess at best, every other at least one later; two answers need 3 by guessing one of them).
Both games below have these properties. The winning reply's id is :data:`WIN` (242, Wordle's
GGGGG) in every game, so the kernels read it as they always have; the other replies are
numbered 0, 1, ... in a game's own order.

What holds for Wordle only, and is switched off for any other game: the letter endgames
(Selby's endgame bound, equal-in-four-positions families), hard and strict mode (their rules
are about letters), and the pure-Python checker's letter-by-letter pattern table. A game whose
``letters`` is False is searched in easy mode only, with no endgames.

Mastermind (Knuth 1977): a code is ``pegs`` digits from 1 to ``colours``; the reply to a guess
is (black, white): black counts the places where guess and code agree, and black + white is
the number of colours they share counted with multiplicity, ``sum over colours of
min(count in guess, count in code)``. A reply is written as ``B`` per black, ``W`` per white
and ``-`` for each peg left, blacks first: ``BBW-``; the win is ``BBBB``.

>>> mm = Mastermind(4, 6)
>>> len(mm.codes()), mm.n_replies, mm.reply_string(mm.reply("1122", "1213"))
(1296, 14, 'BWW-')
>>> mm.reply("1234", "1234") == WIN, game_named("mastermind:4x6") == mm
(True, True)
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from wordlelab.errors import WordleError
from wordlelab.models import feedback as wordle_rules

WIN = wordle_rules.ALL_GREEN
MAX_CODES = 10_000          # the matrix is codes x codes bytes: 100 MB at this size
_NAME_RE = re.compile(r"^mastermind:(\d+)x(\d+)$")


@dataclass(frozen=True)
class WordleGame:
    """Wordle with five letters and the NYT colours (:mod:`wordlelab.models.feedback`)."""

    name: str = "wordle"
    letters: bool = True         # letter-based bounds, endgames and hard/strict mode hold
    n_replies: int = wordle_rules.N_PATTERNS

    def check_guess(self, text: str) -> str:
        """The word, lower-cased; WordleError unless it is 5 ASCII letters."""
        return wordle_rules.check_word(text)

    def reply(self, guess: str, answer: str) -> int:
        """The pattern code of ``guess`` against ``answer``."""
        return wordle_rules.feedback(guess, answer)

    def reply_string(self, code: int) -> str:
        """``'BYGBB'``-style string of a pattern code."""
        return wordle_rules.pattern_string(code)

    def reply_code(self, text: str) -> int:
        """The pattern code of a ``'BYGBB'``-style string; WordleError if malformed."""
        return wordle_rules.pattern_code(text)

    @property
    def reply_width(self) -> int:
        """Characters of a written reply (Selby's tree format reads that many before the depth)."""
        return wordle_rules.WORD_LENGTH


WORDLE = WordleGame()


@dataclass(frozen=True)
class Mastermind:
    """Mastermind with ``pegs`` pegs and ``colours`` colours (the module docstring has the rule).

    Every code may be guessed and may be the answer.
    """

    pegs: int
    colours: int
    letters: bool = False

    def __post_init__(self):
        if not (1 <= self.pegs <= 8 and 2 <= self.colours <= 9):
            raise WordleError(f"mastermind:{self.pegs}x{self.colours}: pegs must be 1 to 8 and colours 2 to 9")
        if self.colours ** self.pegs > MAX_CODES:
            raise WordleError(f"mastermind:{self.pegs}x{self.colours} has {self.colours ** self.pegs} codes; "
                              f"at most {MAX_CODES} fit the pattern matrix")

    @property
    def name(self) -> str:
        """``mastermind:PxC``, the name ``--lists`` takes."""
        return f"mastermind:{self.pegs}x{self.colours}"

    @property
    def replies(self) -> list[tuple[int, int]]:
        """Every possible (black, white), in id order; the win (pegs, 0) last, as id :data:`WIN`.

        (pegs - 1, 1) is impossible: if all but one place agree, the last one's colours differ.
        """
        p = self.pegs
        return [(b, w) for b in range(p) for w in range(p - b + 1) if (b, w) != (p - 1, 1)] + [(p, 0)]

    @property
    def n_replies(self) -> int:
        """How many replies the game has (14 for 4 pegs)."""
        return len(self.replies)

    @property
    def reply_width(self) -> int:
        """Characters of a written reply: one per peg."""
        return self.pegs

    def _ids(self) -> dict:
        ids = {bw: i for i, bw in enumerate(self.replies[:-1])}
        ids[(self.pegs, 0)] = WIN
        return ids

    def codes(self) -> tuple[str, ...]:
        """Every code, in lexicographic order (``1111``, ``1112``, ...)."""
        digits = "123456789"[:self.colours]
        return tuple("".join(t) for t in itertools.product(digits, repeat=self.pegs))

    def check_guess(self, text: str) -> str:
        """The code; WordleError unless it has ``pegs`` digits from 1 to ``colours``."""
        code = text.strip()
        if len(code) != self.pegs or any(c not in "123456789"[:self.colours] for c in code):
            raise WordleError(f"{text!r} is not a code of {self.name}: {self.pegs} digits from 1 to {self.colours}")
        return code

    def reply(self, guess: str, answer: str) -> int:
        """The reply id of ``guess`` against ``answer`` (one pair; the matrix is built by :meth:`matrix`)."""
        black = sum(g == a for g, a in zip(guess, answer))
        shared = sum(min(guess.count(c), answer.count(c)) for c in set(guess))
        return self._ids()[(black, shared - black)]

    def reply_string(self, code: int) -> str:
        """``BBW-`` for reply id ``code``."""
        b, w = self.replies[-1] if code == WIN else self.replies[code]
        return "B" * b + "W" * w + "-" * (self.pegs - b - w)

    def reply_code(self, text: str) -> int:
        """The reply id of a written reply (``BBW-``: blacks, whites, dashes, in that order)."""
        t = text.strip().upper()
        b, w = t.count("B"), t.count("W")
        if len(t) != self.pegs or t != "B" * b + "W" * w + "-" * (self.pegs - b - w) or (b, w) not in self._ids():
            raise WordleError(f"malformed reply {text!r}: {self.pegs} characters, B (black) then W (white) then -")
        return self._ids()[(b, w)]

    def matrix(self, guesses, answers):
        """The ``len(guesses) x len(answers)`` uint8 matrix of reply ids, computed in bulk with numpy
        (imported here: the checkers read this module's notation and import nothing compiled)."""
        import numpy as np

        def digits(codes):
            return np.array([[int(c) - 1 for c in code] for code in codes], np.int16).reshape(-1, self.pegs)

        def counts(d):
            return np.stack([(d == c).sum(axis=1) for c in range(self.colours)], axis=1)

        G, A = digits(guesses), digits(answers)
        black = (G[:, None, :] == A[None, :, :]).sum(axis=2)
        shared = np.minimum(counts(G)[:, None, :], counts(A)[None, :, :]).sum(axis=2)
        lookup = np.zeros((self.pegs + 1, self.pegs + 1), np.uint8)
        for (b, w), i in self._ids().items():
            lookup[b, w] = i
        return lookup[black, shared - black]


def game_named(name: str | None):
    """The game a lists name selects: ``mastermind:PxC`` is Mastermind, anything else Wordle.

    Only :func:`~wordlelab.instances.wordlists.load_lists` gives a WordLists that exact name (a
    user file's label carries ``+`` and the answers' source), so a tree's lists name tells
    which notation its replies are written in.
    """
    m = _NAME_RE.match(name or "")
    return Mastermind(int(m.group(1)), int(m.group(2))) if m else WORDLE
