"""The game as a parameter: Wordle, Wordle with words of 3 or 4 letters, and Mastermind with p pegs
and c colours, on one engine.

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

Wordle with words of n letters (:class:`WordleLength`, n = 3 or 4): the NYT rule of
:func:`wordlelab.models.feedback.feedback` on n letters, 3^n replies numbered by their base-3 code,
except the win (``G`` n times, code 3^n - 1) which is :data:`WIN`. Its letter bounds are switched
off as for any other game (they are proven for five letters only). Words of 6 or 7 letters have
729 or 2187 replies, more than a uint8 matrix holds, and are refused. A lists name starting
``wordleN:`` selects the game (``wordle4:mywordle``, or ``wordle4:g.txt+a.txt`` for user files).

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
>>> w4 = game_named("wordle4:mywordle")
>>> w4.reply_string(w4.reply("boot", "obey")), w4.reply("boot", "boot") == WIN
('YYBB', True)
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
_LENGTH_RE = re.compile(r"^wordle(\d+):")
MIN_LENGTH, MAX_LENGTH = 3, 7      # word lengths a list may have


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
class WordleLength:
    """Wordle with words of ``length`` letters, 3 or 4 (the module docstring has the numbering).

    >>> g = WordleLength(3)
    >>> g.name, g.n_replies, g.reply_code("GGG") == WIN, g.reply_string(g.reply("eel", "lee"))
    ('wordle3', 27, True, 'YGY')
    """

    length: int
    letters: bool = False

    def __post_init__(self):
        if not MIN_LENGTH <= self.length <= MAX_LENGTH:
            raise WordleError(f"words of {self.length} letters: the word length must be {MIN_LENGTH} to {MAX_LENGTH}")
        if self.length == wordle_rules.WORD_LENGTH:
            raise WordleError("5-letter words are Wordle itself (models.games.WORDLE)")
        if 3 ** self.length > WIN:
            raise WordleError(f"words of {self.length} letters have {3 ** self.length} replies; the pattern matrix "
                              f"holds {WIN + 1} (one byte a cell), so the word length must be 3 to 5")

    @property
    def name(self) -> str:
        """``wordleN``, the prefix of the lists names of this game."""
        return f"wordle{self.length}"

    @property
    def n_replies(self) -> int:
        """How many replies the game has: 3^length."""
        return 3 ** self.length

    @property
    def reply_width(self) -> int:
        """Characters of a written reply: one per letter."""
        return self.length

    def check_guess(self, text: str) -> str:
        """The word, lower-cased; WordleError unless it is ``length`` ASCII letters."""
        return wordle_rules.check_word(text, self.length)

    def reply(self, guess: str, answer: str) -> int:
        """The reply id of ``guess`` against ``answer``: its pattern code, the win as :data:`WIN`."""
        code = wordle_rules.feedback(guess, answer)
        return WIN if code == self.n_replies - 1 else code

    def reply_string(self, code: int) -> str:
        """``'BYGB'``-style string of reply id ``code``; ValueError for an id that is no reply."""
        if code == WIN:
            return "G" * self.length
        if not 0 <= code < self.n_replies - 1:
            raise ValueError(f"{code} is no reply of {self.name}")
        return wordle_rules.pattern_string(code, self.length)

    def reply_code(self, text: str) -> int:
        """The reply id of a ``'BYGB'``-style string; WordleError if malformed."""
        code = wordle_rules.pattern_code(text, self.length)
        return WIN if code == self.n_replies - 1 else code

    def matrix(self, guesses, answers):
        """The ``len(guesses) x len(answers)`` uint8 matrix of reply ids, computed in bulk with numpy.

        Per position i of the guess that is not green, its letter turns yellow while the answer
        has more copies of it outside the greens than the guess's earlier non-green positions
        hold: that is the NYT rule's left-to-right consumption, counted instead of simulated
        (numpy is imported here: the checkers read this module's notation and import nothing
        compiled).
        """
        import numpy as np

        n = self.length
        G = np.array([[ord(c) - 97 for c in w] for w in guesses], np.int8).reshape(-1, n)
        A = np.array([[ord(c) - 97 for c in w] for w in answers], np.int8).reshape(-1, n)
        green = G[:, None, :] == A[None, :, :]
        code = np.zeros((len(G), len(A)), np.int16)
        for i in range(n):
            letter = G[:, i][:, None]
            # copies of guess letter i among the answer's non-green positions
            free = sum((A[None, :, j] == letter) & ~green[:, :, j] for j in range(n))
            # earlier non-green positions of the guess with the same letter
            before = sum((G[:, j][:, None] == letter) & ~green[:, :, j] for j in range(i)) if i else 0
            yellow = ~green[:, :, i] & (free > before)
            code = code * 3 + np.where(green[:, :, i], 2, np.where(yellow, 1, 0))
        return np.where(code == 3 ** n - 1, WIN, code).astype(np.uint8)


def word_game(length: int):
    """The game of words of ``length`` letters: :data:`WORDLE` for 5, else :class:`WordleLength`
    (WordleError, one line, for a length it cannot play)."""
    return WORDLE if length == wordle_rules.WORD_LENGTH else WordleLength(length)


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
    """The game a lists name selects: ``mastermind:PxC`` is Mastermind, ``wordleN:...`` Wordle with
    words of N letters, anything else Wordle.

    Only :func:`~wordlelab.instances.wordlists.load_lists` gives a WordLists that exact name (a
    user file's label carries ``+`` and the answers' source), so a tree's lists name tells
    which notation its replies are written in.
    """
    m = _NAME_RE.match(name or "")
    if m:
        return Mastermind(int(m.group(1)), int(m.group(2)))
    m = _LENGTH_RE.match(name or "")
    return word_game(int(m.group(1))) if m else WORDLE
