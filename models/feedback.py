"""Wordle feedback with the exact NYT duplicate-letter rule.

A pattern is a string of five colours, ``B`` grey, ``Y`` yellow, ``G`` green,
where position i describes letter i of the guess. Its integer code is the
base-3 number with ``B=0, Y=1, G=2`` and position 0 as the most significant
digit, so codes run from 0 (``BBBBB``) to 242 (``GGGGG``).

>>> score("elder", "error")
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
COLOURS = "BYG"
_PATTERN_RE = re.compile(r"^[BYG]{5}$")
_WORD_RE = re.compile(r"^[a-z]{5}$")


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


def score(guess: Word, answer: Word) -> Pattern:
    """Pattern string of ``guess`` against ``answer``, e.g. ``'GBBBG'``."""
    return pattern_string(feedback(check_word(guess), check_word(answer)))


def colours_to_code(colours) -> PatternCode:
    """Base-3 code of a colour list (position 0 most significant)."""
    code = 0
    for c in colours:
        code = code * 3 + c
    return code


def code_to_colours(code: PatternCode) -> list[int]:
    """Colour list of a pattern code."""
    colours = []
    for _ in range(WORD_LENGTH):
        colours.append(code % 3)
        code //= 3
    return colours[::-1]


def pattern_string(code: PatternCode) -> Pattern:
    """``'BYGBB'``-style string of a pattern code.

    >>> pattern_string(5), pattern_string(242)
    ('BBBYG', 'GGGGG')
    """
    if 0 <= code < N_PATTERNS:
        return _PATTERN_STRINGS[code]     # a tree's JSON and file name thousands of patterns
    return "".join(COLOURS[c] for c in code_to_colours(code))


_PATTERN_STRINGS = tuple("".join(COLOURS[c] for c in code_to_colours(code)) for code in range(N_PATTERNS))


def pattern_code(pattern: Pattern) -> PatternCode:
    """Pattern code of a ``'BYGBB'``-style string; raises WordleError if malformed."""
    p = pattern.strip().upper()
    if not _PATTERN_RE.match(p):
        raise WordleError(f"malformed pattern {pattern!r}: expected 5 letters from B (grey), Y (yellow), G (green)")
    return colours_to_code(COLOURS.index(c) for c in p)


def check_word(word: str) -> Word:
    """Lower-cased word; raises WordleError unless it is 5 ASCII letters."""
    w = word.strip().lower()
    if not _WORD_RE.match(w):
        raise WordleError(f"{word!r} is not a 5-letter word (letters a-z only)")
    return w
