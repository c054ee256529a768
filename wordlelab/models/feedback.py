"""Wordle feedback with the exact NYT duplicate-letter rule.

A pattern is the reply to a guess: a string of one letter per position (five in Wordle), ``B`` grey, ``Y`` yellow, ``G`` green,
where position i describes letter i of the guess. Its integer code is the
base-3 number with ``B=0, Y=1, G=2`` and position 0 as the most significant
digit, so codes run from 0 (``BBBBB``) to 242 (``GGGGG``). What a person types or pastes is read by
:func:`parse_pattern`, which also takes the digits ``01200`` and the squares of a shared result.

The rule itself (:func:`feedback`) reads words of any length n, with codes 0 to 3^n - 1; the
notation functions take ``length`` for words of other lengths (:mod:`wordlelab.models.games`
numbers those replies for the engine).

>>> pattern_of("elder", "error")
'GBBBG'
>>> pattern_code("GGGGG")
242
"""
from __future__ import annotations

import re

from wordlelab.errors import WordleError

Word = str
Pattern = str
PatternCode = int

WORD_LENGTH = 5
N_PATTERNS = 3 ** WORD_LENGTH
ALL_GREEN: PatternCode = N_PATTERNS - 1
GREY, YELLOW, GREEN = 0, 1, 2
PATTERN_LETTERS = "BYG"
_PATTERN_RE = re.compile(r"^[BYG]{5}$")
_WORD_RE = re.compile(r"^[a-z]+$")


def feedback(guess: Word, answer: Word) -> PatternCode:
    """Integer pattern code of ``guess`` against ``answer`` (NYT rule)."""
    # the answer's letters that no green uses; a yellow takes one copy, left to right
    unmatched = [a for g, a in zip(guess, answer) if g != a]
    code = 0
    for g, a in zip(guess, answer):
        if g == a:
            code = code * 3 + GREEN
        elif g in unmatched:
            unmatched.remove(g)
            code = code * 3 + YELLOW
        else:
            code = code * 3 + GREY
    return code


def pattern_of(guess: Word, answer: Word) -> Pattern:
    """Pattern string of ``guess`` against ``answer``, e.g. ``'GBBBG'``."""
    return pattern_string(feedback(check_word(guess), check_word(answer)))


def digits_to_code(digits) -> PatternCode:
    """Pattern code of a pattern's base-3 digits (0 grey, 1 yellow, 2 green; position 0 most significant)."""
    code = 0
    for c in digits:
        code = code * 3 + c
    return code


def code_to_digits(code: PatternCode, length: int = WORD_LENGTH) -> list[int]:
    """The base-3 digits of a pattern code of words of ``length`` letters, position 0 first
    (0 grey, 1 yellow, 2 green)."""
    digits = []
    for _ in range(length):
        digits.append(code % 3)
        code //= 3
    return digits[::-1]


def pattern_string(code: PatternCode, length: int = WORD_LENGTH) -> Pattern:
    """``'BYGBB'``-style string of a pattern code (of words of ``length`` letters).

    >>> pattern_string(5), pattern_string(242), pattern_string(5, 4)
    ('BBBYG', 'GGGGG', 'BBYG')
    """
    if 0 <= code < N_PATTERNS and length == WORD_LENGTH:
        return _PATTERN_STRINGS[code]     # a tree's JSON and file name thousands of patterns
    return "".join(PATTERN_LETTERS[c] for c in code_to_digits(code, length))


_PATTERN_STRINGS = tuple("".join(PATTERN_LETTERS[c] for c in code_to_digits(code)) for code in range(N_PATTERNS))


def pattern_code(pattern: Pattern, length: int = WORD_LENGTH) -> PatternCode:
    """Pattern code of a ``'BYGBB'``-style string of ``length`` letters; raises WordleError if malformed."""
    p = pattern.strip().upper()
    if not (_PATTERN_RE.match(p) if length == WORD_LENGTH else len(p) == length and set(p) <= set(PATTERN_LETTERS)):
        raise WordleError(f"malformed pattern {pattern!r}: expected {length} letters from B (grey), Y (yellow), "
                          f"G (green)")
    return digits_to_code(PATTERN_LETTERS.index(c) for c in p)


# What a player may type or paste for one tile of a pattern: the letters, the digits 0/1/2 (a code's own
# digits), and the squares of a shared result: dark- and light-theme grey, and the high-contrast
# theme's orange (green) and blue (yellow)
_TYPED_DIGITS = {"B": GREY, "Y": YELLOW, "G": GREEN, "0": GREY, "1": YELLOW, "2": GREEN,
                  "\u2b1b": GREY, "\u2b1c": GREY, "\U0001f7e8": YELLOW, "\U0001f7e9": GREEN,
                  "\U0001f7e6": YELLOW, "\U0001f7e7": GREEN}
# a paste may carry emoji variation selectors, zero-width joiners and spaces between the squares
_PASTE_NOISE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200d\u200b \t"), None)
PATTERN_HELP = "5 tiles as letters (BYGBB: B grey, Y yellow, G green), digits (01200: 0 grey, 1 yellow, " \
               "2 green) or squares (\u2b1b\U0001f7e8\U0001f7e9\u2b1b\u2b1b)"


def parse_pattern(text: str) -> PatternCode:
    """Pattern code of a pattern as a person gives it: letters in any case, digits, or pasted squares.

    Stored patterns (trees, checkpoints) are read with the strict :func:`pattern_code`; this is
    for what a player types or pastes. WordleError (one line) for anything else.

    >>> parse_pattern("byGbb") == parse_pattern("01200") == parse_pattern("\u2b1b\U0001f7e8\U0001f7e9\u2b1c\u2b1b")
    True
    >>> pattern_string(parse_pattern("\U0001f7e7\U0001f7e6\u2b1b\u2b1b\U0001f7e7"))
    'GYBBG'
    """
    cleaned = text.translate(_PASTE_NOISE).upper()
    if len(cleaned) != WORD_LENGTH or any(c not in _TYPED_DIGITS for c in cleaned):
        raise WordleError(f"malformed pattern {text!r}: expected {PATTERN_HELP}")
    return digits_to_code(_TYPED_DIGITS[c] for c in cleaned)


def check_word(word: str, length: int = WORD_LENGTH) -> Word:
    """Lower-cased word; raises WordleError unless it is ``length`` (5) ASCII letters."""
    w = word.strip().lower()
    if len(w) != length or not _WORD_RE.match(w):
        raise WordleError(f"{word!r} is not a {length}-letter word (letters a-z only)")
    return w
