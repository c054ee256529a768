"""The numba pattern matrix equals the pure-Python rule, and its disk cache round-trips."""
import random

import numpy as np

from wordlelab.instances.wordlists import load_lists
from wordlelab.models.feedback import feedback
from wordlelab.models.matrix import build_matrix, pattern_matrix


def test_matrix_matches_reference(default_lists):
    m = build_matrix(default_lists.guesses, default_lists.answers)
    assert m.shape == (14855, 2309) and m.dtype == np.uint8
    rng = random.Random(7)
    for _ in range(20000):
        i, j = rng.randrange(m.shape[0]), rng.randrange(m.shape[1])
        assert m[i, j] == feedback(default_lists.guesses[i], default_lists.answers[j])
    # every answer scores GGGGG against itself
    cols = default_lists.answer_columns()
    assert (m[cols, np.arange(len(cols))] == 242).all()


def test_repeated_letters_exhaustively():
    words = ["aabbb", "ababa", "bbaaa", "aaaab", "baaaa", "abcab", "cabba", "aaaaa", "bbbbb"]
    m = build_matrix(words, words)
    for i, g in enumerate(words):
        for j, a in enumerate(words):
            assert m[i, j] == feedback(g, a)


def test_cache_round_trip(default_lists):
    stats = {}
    first = pattern_matrix(default_lists, stats=stats)
    second_stats = {}
    second = pattern_matrix(default_lists, stats=second_stats)
    assert second_stats["source"] == "cache"
    assert np.array_equal(first, second)
