"""Golden cases and a property test for the NYT feedback rule."""
import random
from collections import Counter

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.feedback import (feedback, parse_pattern, pattern_code, pattern_string,
                                       pattern_of)

GOLDEN = [
    ("elder", "error", "GBBBG"),
    ("speed", "abide", "BBYBY"),
    ("eerie", "there", "YBYBG"),
    ("sassy", "dress", "YBBGB"),
    ("lolly", "allay", "YBGBG"),
    ("salet", "salet", "GGGGG"),
    ("aaaaa", "bbbbb", "BBBBB"),
    ("abbey", "babes", "YYGGB"),
    ("geese", "eerie", "BGYBG"),
]


@pytest.mark.parametrize("guess,answer,expected", GOLDEN)
def test_golden(guess, answer, expected):
    assert pattern_of(guess, answer) == expected


def slow_reference(guess, answer):
    """Independent statement of the rule: count-limited yellows, greens first."""
    out = ["B"] * 5
    for i in range(5):
        if guess[i] == answer[i]:
            out[i] = "G"
    budget = Counter(a for g, a in zip(guess, answer) if g != a)
    for i in range(5):
        if out[i] == "B" and budget[guess[i]] > 0:
            out[i] = "Y"
            budget[guess[i]] -= 1
    return "".join(out)


def test_property_against_reference():
    rng = random.Random(1)
    alphabet = "aabcdeeelrst"  # few letters, so repeated letters are common
    for _ in range(20000):
        g = "".join(rng.choice(alphabet) for _ in range(5))
        a = "".join(rng.choice(alphabet) for _ in range(5))
        assert pattern_string(feedback(g, a)) == slow_reference(g, a), (g, a)


def test_codes_round_trip():
    for code in range(243):
        assert pattern_code(pattern_string(code)) == code
    assert pattern_code("BBBBB") == 0 and pattern_code("ggggg") == 242


@pytest.mark.parametrize("bad", ["GGGG", "GGGGGG", "GGXGG", ""])
def test_malformed_pattern(bad):
    with pytest.raises(WordleError):
        pattern_code(bad)


@pytest.mark.parametrize("bad", ["abc", "abcdef", "ab1de", "éclat"])
def test_malformed_word(bad):
    with pytest.raises(WordleError):
        pattern_of(bad, "salet")


@pytest.mark.parametrize("typed", ["BYGBB", "bygbb", "01200", "\u2b1b\U0001f7e8\U0001f7e9\u2b1b\u2b1b",
                                   "\u2b1c\U0001f7e8\U0001f7e9\u2b1c\u2b1c", "\u2b1b\U0001f7e6\U0001f7e7\u2b1b\u2b1b",
                                   "\u2b1b\ufe0f\U0001f7e8\U0001f7e9\u2b1b\ufe0f\u2b1b\ufe0f", "\u2b1b \U0001f7e8 \U0001f7e9 \u2b1b \u2b1b"])
def test_typed_and_pasted_patterns(typed):
    # letters any case, digits, dark/light/high-contrast squares, with a paste's selectors and spaces
    assert parse_pattern(typed) == pattern_code("BYGBB")


@pytest.mark.parametrize("bad", ["BYGB", "BYGBBB", "BYGBX", "01203", "\U0001f7e5\u2b1b\u2b1b\u2b1b\u2b1b", ""])
def test_typed_pattern_refused(bad):
    with pytest.raises(WordleError, match="malformed pattern"):
        parse_pattern(bad)


def test_stored_patterns_stay_letters_only():
    with pytest.raises(WordleError):
        pattern_code("01200")
