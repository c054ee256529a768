"""Each mode's written rule, and its vectorised form, agree."""
import random

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.feedback import feedback, pattern_code
from wordlelab.models.masks import allowed_mask
from wordlelab.models.modes import guess_allowed, hard_ok


@pytest.mark.parametrize("prev,pattern,guess,ok", [
    ("salet", "BBBBG", "court", True),      # green t kept in place
    ("salet", "BBBBG", "tours", False),     # green t moved
    ("salet", "BYBBB", "drain", True),      # yellow a reused, even elsewhere
    ("salet", "BYBBB", "drone", False),     # yellow a dropped
    ("salet", "BYBBB", "palsy", True),      # yellow a in the same spot is allowed; grey l reused is allowed
    ("eerie", "YYBBB", "speed", True),      # two yellow e: needs two e
    ("eerie", "YYBBB", "spent", False),     # only one e
])
def test_hard_rule(prev, pattern, guess, ok):
    assert hard_ok(prev, pattern_code(pattern), guess) is ok


def test_strict_rule():
    hist = [("salet", feedback("salet", "drone"))]
    assert guess_allowed("strict", hist, "drone")
    assert not guess_allowed("strict", hist, "salet")
    assert guess_allowed("easy", hist, "salet")


@pytest.mark.parametrize("mode", ["hard", "strict"])
def test_vectorised_matches_statement(default_lists, mode):
    rng = random.Random(3)
    guesses = default_lists.guesses
    sample = rng.sample(guesses, 600)
    for _ in range(6):
        answer = rng.choice(default_lists.answers)
        hist = [(g, feedback(g, answer)) for g in rng.sample(default_lists.answers, 2)]
        mask = allowed_mask(mode, hist, sample)
        assert mask.tolist() == [guess_allowed(mode, hist, w) for w in sample]
        assert allowed_mask(mode, hist, [answer])[0]  # the answer itself is always allowed


def test_unknown_mode():
    with pytest.raises(WordleError):
        allowed_mask("nightmare", [], ["salet"])


def _rules_from_play(words, n, seed):
    """Hard-mode rules after one or two random (guess, answer) pairs, in canonical form."""
    from wordlelab.models.modes import rule_after
    rng = random.Random(seed)
    rules = []
    for _ in range(n):
        greens, need = (), ()
        for _ in range(rng.randint(1, 2)):
            guess, answer = rng.choice(words), rng.choice(words)
            greens, need = rule_after(greens, need, guess, feedback(guess, answer))
        rules.append((greens, need))
    return rules


def test_asks_at_least_is_sound_and_matches_its_statement(default_lists):
    """asks_at_least(a, b): exactly "a's greens include b's, a's counts are at least b's", and
    then every word a allows, b allows (what the checker's monotonicity rests on)."""
    from wordlelab.models.modes import asks_at_least, obeys
    words = list(default_lists.answers)
    rules = _rules_from_play(words, 60, seed=7)
    sample = words[::7]
    found = 0
    for a in rules:
        for b in rules:
            ga, na = dict(a[0]), dict(a[1])
            stated = all(ga.get(k) == v for k, v in b[0]) and all(na.get(x, 0) >= n for x, n in b[1])
            got = asks_at_least(a, b)
            assert got == stated, (a, b)
            if got:
                found += a != b
                assert all(obeys(b, w) for w in sample if obeys(a, w)), (a, b)
    assert found > 0        # the sample has pairs where one rule asks strictly more
