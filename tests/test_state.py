"""Game states parse into remaining answers and allowed guesses, or give a clear error."""
import pytest

from wordlelab.errors import WordleError
from wordlelab.models.feedback import feedback
from wordlelab.models.state import parse_state


def test_salet_state(default_lists):
    s = parse_state("salet.BBBYB.drone", default_lists)
    assert s.next_guess == "drone" and len(s.guesses) == len(default_lists.guesses)
    expected = [a for a in default_lists.answers if feedback("salet", a) == feedback("salet", "drone") and
                feedback("salet", a) == s.history[0][1]]
    assert list(s.answers) == expected and "drone" in s.answers


def test_hard_state_restricts_guesses(default_lists):
    s = parse_state("salet.BBBYB", default_lists, "hard")
    assert all("e" in g for g in s.guesses) and len(s.guesses) < len(default_lists.guesses)


@pytest.mark.parametrize("text,msg", [
    ("salet.BBBYX", "malformed pattern"),
    ("qqqqq.BBBBB", "not in the guess list"),
    ("sale.BBBBB", "not a 5-letter word"),
    ("salet.GGGGG.salet.BBBBB", "no answer"),
    ("salet..drone", "malformed state"),
])
def test_bad_states(default_lists, text, msg):
    with pytest.raises(WordleError, match=msg):
        parse_state(text, default_lists)


def test_hard_mode_illegal_history(default_lists):
    with pytest.raises(WordleError, match="not allowed in hard mode"):
        parse_state("salet.GBBBB.drone.BBBBB", default_lists, "hard")


def test_state_patterns_as_digits_and_squares(default_lists):
    want = parse_state("salet.BBBYB.drone.YBBBG", default_lists)
    for text in ("salet.00010.drone.10002", "SALET.bbbyb.drone.\U0001f7e8\u2b1b\u2b1b\u2b1b\U0001f7e9",
                 "salet.\u2b1c\u2b1c\u2b1c\U0001f7e6\u2b1c.drone.ybbbg"):
        got = parse_state(text, default_lists)
        assert got.answers == want.answers and got.describe() == "salet.BBBYB.drone.YBBBG"


def test_game_with_digit_colours(default_lists):
    from wordlelab.models.game import parse_game
    game = parse_game("salet.00010.drone.10002.hedge", default_lists)
    assert game.describe() == parse_game("salet.BBBYB.drone.YBBBG.hedge", default_lists).describe()
    assert game.patterns_given and game.won
