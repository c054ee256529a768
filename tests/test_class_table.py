"""The core checker's fast paths: the table summed letter by letter (Lemma 1), the exact test with
two guesses left (Lemma 2, wordlelab/models/class_table.py), and the easy-mode search that uses
them, held to the plain rule and to a brute-force search; a core one answer short of a real one
is still rejected."""
import random

import pytest

from wordlelab.instances.wordlists import load_lists
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.models.modes import hard_allowed
from wordlelab.models.refutation import CheckOptions, CoreFault, check_core, check_first_word_core
from wordlelab.models.class_table import Separations, letter_part, pattern_rows

# a core of SALET's BBBBB class that no strategy finds within 3 more guesses in easy mode, each
# of its answers needed: the compiled depth search finds every one-answer-short part within 3
SALET_CORE = ["bobby", "booby", "buggy", "bunch", "bunny", "buxom", "chuck", "chump", "chunk", "civic", "couch",
              "crump", "cubic", "curry", "curvy", "dizzy", "dodgy", "dowdy", "dowry", "dummy", "fizzy", "foggy",
              "furry", "fuzzy", "grown", "gummy", "guppy", "hippy", "hobby", "howdy", "hunch", "hunky", "jiffy",
              "juicy", "jumbo", "jumpy", "kinky", "mimic", "mucky", "mummy", "ninny", "piggy", "poppy", "pouch",
              "puffy", "punch", "quick", "undid", "unzip", "vivid", "vouch", "worry", "wrong"]


def test_the_table_summed_letter_by_letter_is_the_rule():
    """Lemma 1: every guess of the NYT list against answers with repeated letters, and a random
    sample of the rest, gets from pattern_rows what feedback() gives."""
    lists = load_lists("nyt20220316")
    rng = random.Random(7)
    answers = [a for a in lists.answers if len(set(a)) < 5][:150] + rng.sample(lists.answers, 150)
    rows = pattern_rows(lists.guesses, answers)
    assert set(rows) == set(lists.guesses)
    wrong = [(g, a) for g in lists.guesses for a, p in zip(answers, rows[g]) if feedback(g, a) != p]
    assert not wrong, wrong[:5]
    # the corner cases of the duplicate rule, each letter's part on its own
    for guess, answer in [("speed", "abide"), ("eerie", "enter"), ("geese", "swede"), ("lolly", "hello"),
                          ("mamma", "maxim"), ("xxxxx", "abcde"), ("aaabb", "bbaaa")]:
        total = sum(letter_part(c, tuple(k for k in range(5) if guess[k] == c), [answer])[0] for c in set(guess))
        assert total == feedback(guess, answer), (guess, answer)


def _cut_into_singletons(answers, guesses):
    return any(len({feedback(g, a) for a in answers}) == len(answers) for g in guesses)


def test_the_two_guess_test_is_exact_and_its_witness_is_refuted():
    """Lemma 2: inseparable says no exactly when no guess gives the answers all different patterns,
    and its witness, a part of them, is split by no guess either."""
    lists = load_lists("nyt20220316")
    rng = random.Random(11)
    pool = [a for a in lists.answers if a.endswith(("ight", "ound", "atch", "ill", "ake"))]
    guesses = rng.sample(lists.guesses, 60) + pool[:10]
    sep = Separations([tuple(feedback(g, a) for a in pool) for g in guesses])
    verdicts = set()
    for _ in range(150):
        ids = tuple(sorted(rng.sample(range(len(pool)), rng.randint(3, 7))))
        witness = sep.inseparable(ids, sep.every)
        words = [pool[i] for i in ids]
        assert (witness == 0) == _cut_into_singletons(words, guesses), words
        verdicts.add(witness == 0)
        if witness:
            part = [i for i in range(len(pool)) if witness >> i & 1]
            assert set(part) <= set(ids) and len(part) >= 2
            assert not _cut_into_singletons([pool[i] for i in part], guesses)
        # the rows allowed narrow the test (hard mode): here the first guess alone
        assert (sep.inseparable(ids, 1) == 0) == _cut_into_singletons(words, guesses[:1]), words
    assert verdicts == {True, False}


def _solvable(answers, d, allowed, hard):
    """Brute force: can every answer be found within d guesses from ``allowed``?"""
    if not answers:
        return True
    if d == 0:
        return False
    if len(answers) == 1:
        return True
    for g in allowed:
        classes: dict = {}
        for a in answers:
            classes.setdefault(feedback(g, a), []).append(a)
        if len(classes) == 1 and ALL_GREEN not in classes:
            continue
        if all(_solvable(c, d - 1, hard_allowed(g, p, allowed) if hard else allowed, hard)
               for p, c in classes.items() if p != ALL_GREEN):
            return True
    return False


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_the_checker_agrees_with_brute_force_on_small_sets(mode):
    """Random sets of answers sharing letters, a small guess list, 2 or 3 guesses left: the checker
    raises CoreFault exactly when the brute-force search finds every answer in time, and both
    verdicts occur."""
    lists = load_lists("nyt20220316")
    rng = random.Random(5 if mode == "easy" else 6)
    pool = [a for a in lists.answers if a.endswith(("ight", "ound", "atch", "aste", "ower"))]
    verdicts = {True: 0, False: 0}
    for _ in range(30):
        answers = sorted(rng.sample(pool, rng.randint(4, 8)))
        guesses = sorted(set(rng.sample(lists.guesses, 12) + rng.sample(pool, 6) + answers[:2]))
        d = rng.choice([2, 3])
        truth = _solvable(answers, d, guesses, mode == "hard")
        try:
            check_core(answers, d, guesses, options=CheckOptions(mode=mode))
            refuted = True
        except CoreFault:
            refuted = False
        assert refuted == (not truth), (answers, d, guesses)
        verdicts[refuted] += 1
    assert verdicts[True] >= 3 and verdicts[False] >= 3, verdicts


def test_a_core_one_answer_short_is_rejected_and_the_core_proves_salet():
    """SALET cannot guarantee 4 in easy mode: SALET_CORE proves it (each answer needed); take any
    answer away and the rest can be found within 3, so the checker rejects it."""
    lists = load_lists("nyt20220316")
    assert check_first_word_core("salet", SALET_CORE, 3, lists.guesses, mode="easy") >= 1
    for drop in ("bobby", "punch", "wrong"):
        short = [a for a in SALET_CORE if a != drop]
        with pytest.raises(CoreFault, match="not a refutation"):
            check_first_word_core("salet", short, 3, lists.guesses, mode="easy")
