"""Selby's monotonicity in hard mode (solvers/search/engine/monotone.py): a sound rule test, and it fires."""
import itertools
import random

import numpy as np
import pytest

from tests.test_native_search import brute_force, lists_from, tiny_instance
from wordlelab.instances.wordlists import load_lists
from wordlelab.models.feedback import feedback
from wordlelab.solvers.search.engine.hard_rules import HARD, constrain
from wordlelab.solvers.search.engine.monotone import dominated, new_refuted, remember_refuted, rule_implies
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.depth.depth_proof import prove_depth

INF = float("inf")


def _row(word):
    return np.array([ord(c) - 97 for c in word], np.int32)


@pytest.fixture(scope="module")
def words():
    return load_lists("nyt20220316").guesses


def test_rule_implies_only_what_the_allowed_sets_show(words):
    """Wherever the test says yes, hard mode allows fewer (or the same) words after (v, pv)."""
    rng = random.Random(5)
    letters = np.array([[ord(c) - 97 for c in w] for w in words], np.uint8)
    lcount = np.zeros((len(words), 26), np.uint8)
    for i, w in enumerate(words):
        for c in w:
            lcount[i, ord(c) - 97] += 1
    everything = np.arange(len(words), dtype=np.int32)
    yes = no = 0
    for _ in range(400):
        answer = rng.choice(words)
        # two guesses that share letters, so that their rules are often comparable
        u = rng.choice(words)
        v = rng.choice(list(itertools.islice((w for w in words if len(set(w) & set(u)) >= 3), 200)) or [u])
        pu, pv = feedback(u, answer), feedback(v, answer)
        if rule_implies(_row(v), pv, _row(u), pu):
            yes += 1
            after_v = set(constrain(everything, words.index(v), pv, HARD, letters, lcount))
            after_u = set(constrain(everything, words.index(u), pu, HARD, letters, lcount))
            assert after_v <= after_u, (v, pv, u, pu)
        else:
            no += 1
    assert yes >= 20 and no >= 20     # the sample tests both answers


def test_selbys_example_tunic_and_tonic():
    # after NORTH BBBYB the hidden word has a T and no O: TONIC and TUNIC both score YBBBB on
    # TIGHT-like words, with the same rule (a T somewhere), so a refuted TUNIC class refutes TONIC
    yb = feedback("tunic", "batty")
    assert yb == feedback("tonic", "batty")
    assert rule_implies(_row("tonic"), yb, _row("tunic"), yb)
    # a green in place asks for more than a yellow: the implication runs one way only
    g = feedback("tonic", "toast")
    y = feedback("tunic", "batty")
    assert rule_implies(_row("tonic"), g, _row("tunic"), y)
    assert not rule_implies(_row("tunic"), y, _row("tonic"), g)


def test_dominated_needs_the_class_inside_one_class_of_the_guess():
    answers = ["batty", "fatty", "patty", "ratty"]
    guesses = ["tunic", "tonic", "fable"]
    MT = np.array([[feedback(g, a) for g in guesses] for a in answers], np.uint8)
    rec = new_refuted()
    members = np.arange(4, dtype=np.int32)
    remember_refuted(rec, members, 0, 4, _row("tunic"), feedback("tunic", "batty"))
    assert dominated(MT, 1, _row("tonic"), rec)           # every member scores the same on TONIC
    assert not dominated(MT, 2, _row("fable"), rec)       # FABLE splits fatty from batty


@pytest.mark.parametrize("seed", range(10))
def test_hard_depth_search_agrees_with_brute_force(tmp_path, seed):
    answers, guesses = tiny_instance(100 + seed, n_answers=14, n_guesses=22)
    lists = lists_from(tmp_path, answers, guesses)
    for d in (3, 4, 5):
        for start in random.Random(seed).sample(guesses, 3):
            expected = brute_force(answers, guesses, "hard", d, start)
            res = prove_depth(NativeSearcher(lists, "hard", d), d, start=start)
            assert res.status == ("INFEASIBLE" if expected == INF else "OPTIMAL"), (seed, d, start)


@pytest.mark.slow     # about a minute on 2 cores; the min-sum test below shows it firing on a real search
def test_the_rule_fires_on_a_real_hard_search():
    lists = load_lists("nyt20220316")
    s = NativeSearcher(lists, "hard", 4)
    res = prove_depth(s, 4, start="salet")
    assert res.status == "INFEASIBLE"
    assert res.stats.counters["monotone"] > 0


def test_the_min_sum_search_uses_it_and_keeps_selbys_value():
    lists = load_lists("nyt20220316")
    res = NativeSearcher(lists, "hard", 6).solve(start="salet")
    assert (res.status, res.value) == ("OPTIMAL", 8099) and res.verified
    assert res.stats.counters["monotone"] > 0
