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
