"""The top-level API (wordlelab.solve, prove_depth, best_start, hint, verify) on a ten-answer list,
and the short repr of what they return."""
import pytest

import wordlelab
from wordlelab.models.result import Result, Status

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


@pytest.fixture(scope="module")
def small():
    return wordlelab.WordLists("ten", tuple(sorted(WORDS + ["salet", "crane"])), tuple(sorted(WORDS)))


def test_repr_is_one_short_line_with_the_sizes():
    from wordlelab.models.tree import Tree
    big = Tree("salet", {p: None for p in range(200)})
    r = Result({"kind": "solve"}, "native", Status.OPTIMAL, value=21, bound=21, certificate=big,
               certificate_kind="tree", verified=True, seconds=1.23456, stats={"nodes": 19, "ranking": list(range(5000))})
    text = repr(r)
    assert len(text) < 250 and "\n" not in text
    assert text.startswith("Result(OPTIMAL, value=21, bound=21, verified=True, seconds=1.235")
    assert "tree of 200 answers" in text and "stats=2 keys" in text
