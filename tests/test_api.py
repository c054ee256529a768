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


def test_each_top_level_call_returns_a_result(small, tmp_path):
    solved = wordlelab.solve(small, start="salet")
    assert (solved.status, solved.value, solved.verified) == (Status.OPTIMAL, 21, True)
    no = wordlelab.prove_depth(2, small, start="salet")
    yes = wordlelab.prove_depth(3, small, start="salet")
    assert (no.status, yes.status, yes.verified) == (Status.INFEASIBLE, Status.OPTIMAL, True)
    ranked = wordlelab.best_start(small)
    assert ranked.status == Status.OPTIMAL and ranked.value <= solved.value
    assert ranked.value == min(row["total"] for row in ranked.stats.ranking if row.get("total") is not None)
    hinted = wordlelab.hint("salet.BYBYB", small, keep=False)
    assert hinted.status == Status.OPTIMAL and hinted.stats.answers_left == ["awake", "evade"]
    assert isinstance(hinted, Result)
    from wordlelab.models.tree import save_tree
    path = tmp_path / "t.tree"
    save_tree(solved.certificate, str(path))
    valid = wordlelab.verify(str(path), small)
    assert (valid.status, valid.value, valid.verified) == (Status.OPTIMAL, 21, True)
    fault = wordlelab.verify(solved.certificate, small, max_guesses=2)
    assert fault.status == Status.INFEASIBLE and "over the limit 2" in fault.stats["fault"]


def test_import_stays_light():
    """The calls are found on first use: import wordlelab, and even naming a call, loads no numba."""
    import subprocess
    import sys
    code = "import sys, wordlelab; wordlelab.solve; print('numba' in sys.modules, 'wordlelab.api' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.split() == ["False", "True"], r.stderr
    assert {"solve", "prove_depth", "best_start", "hint", "verify"} <= set(dir(wordlelab))


def test_best_start_with_no_word_to_make_exact_is_one_error():
    import pytest
    from wordlelab.errors import WordleError
    with pytest.raises(WordleError, match="top must be"):
        wordlelab.best_start(top=0)
