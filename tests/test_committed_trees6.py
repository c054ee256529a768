"""Part 4's committed yes words (runs/every6.json): each has a tree in runs/trees6/ that the
independent verifier passes within 6 guesses over all 12972 answers, with the total the checkpoint
records. A yes is only as good as its tree, so the committed files are re-checked here."""
import json
from pathlib import Path

import pytest

from wordlelab import load_lists
from wordlelab.models.tree import load_tree
from wordlelab.models.verify import verify_tree

RUNS = Path(__file__).resolve().parent.parent / "runs"


def _yes_words():
    entries = json.loads((RUNS / "every6.json").read_text())["entries"]
    return sorted((w, e["total"]) for w, e in entries.items() if e["yes"] and e["same_as"] is None)


@pytest.fixture(scope="module")
def every_word_an_answer():
    return load_lists("nyt20220316", answers="all")


@pytest.mark.parametrize("word,total", _yes_words())
def test_yes_word_has_a_verified_tree(word, total, every_word_an_answer):
    lists = every_word_an_answer
    tree = load_tree(str(RUNS / "trees6" / f"{word}.tree"))
    assert tree.guess == word
    report = verify_tree(tree, lists.answers, lists.guesses, "easy", (), 6)
    assert report.n_answers == 12972 and report.max_guesses <= 6
    assert report.total == total
