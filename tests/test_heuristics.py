"""Greedy strategies: trees that the verifier scores, criteria as stated, the blog's colour rule and its cost."""
import json
import random

import numpy as np
import pytest

from wordlelab.instances.wordlists import WordLists
from wordlelab.models.feedback import feedback
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.heuristics import (CRITERIA, POOLS, blog_feedback, evaluate, greedy_tree, mean_class_sizes,
                                          play_with_rule)


@pytest.fixture(scope="module")
def small(default_lists):
    rng = random.Random(5)
    answers = tuple(sorted(rng.sample(default_lists.answers, 120)))
    guesses = tuple(sorted(set(answers) | set(rng.sample(default_lists.guesses, 400))))
    return WordLists("small", guesses, answers)


@pytest.mark.parametrize("criterion", CRITERIA)
@pytest.mark.parametrize("pool", POOLS)
@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_every_strategy_is_a_verified_tree(small, criterion, pool, mode):
    r = evaluate(small, criterion, pool, mode=mode)
    assert r.status == "FEASIBLE" and r.heuristic and r.verified
    report = verify_tree(r.certificate, small.answers, small.guesses, mode)
    assert report.total == r.value and report.max_guesses == r.stats.max_guesses
    if pool == "answers":      # every guess is then a possible answer
        for path in r.certificate.paths():
            assert all(g in small.answers for g, _ in path)


def _classes(guess, answers):
    out = {}
    for a in answers:
        out.setdefault(feedback(guess, a), []).append(a)
    return [len(c) for c in out.values()]


@pytest.mark.parametrize("criterion,key", [
    ("most-parts", lambda c: -len(c)),
    ("minimax", lambda c: max(c)),
    ("expected-size", lambda c: sum(x * x for x in c)),
    ("entropy", lambda c: sum(x / sum(c) * np.log2(x / sum(c)) for x in c)),
])
def test_first_guess_is_best_by_its_criterion(small, criterion, key):
    tree = greedy_tree(small, criterion, "all")
    best = min(key(_classes(g, small.answers)) for g in small.guesses)
    assert key(_classes(tree.guess, small.answers)) == pytest.approx(best)


def test_blog_rule_ignores_counts():
    assert blog_feedback("salet", "drone") == feedback("salet", "drone")     # no repeated letter: the same
    assert blog_feedback("speed", "abide") != feedback("speed", "abide")     # the second e is yellow for the blog
    assert blog_feedback("eerie", "tweet") != feedback("eerie", "tweet")


def test_reading_real_colours_with_the_blog_rule_loses_answers():
    words = ("abide", "speed", "spend", "trace", "sheep")
    lists = WordLists("dup", words, words)
    res = play_with_rule(lists, first="speed", pool="all")
    # abide gives BBYBY to speed; the blog would expect BBYYY, so abide is dropped at once
    assert "abide" in res["never_found"] and res["wrong_eliminations"] >= 1
    assert res["found"] + len(res["never_found"]) == len(words)


def test_mean_class_size_ranking(small):
    rows = mean_class_sizes(small, 3)
    assert rows == sorted(rows, key=lambda r: (r[1], r[0]))
    g, size = rows[0]
    assert size == pytest.approx(len(small.answers) / len(_classes(g, small.answers)))


def test_cli(tmp_path, cli_run):
    guesses, answers = tmp_path / "g.txt", tmp_path / "a.txt"
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    answers.write_text("\n".join(words) + "\n")
    guesses.write_text("\n".join(words + ["salet", "crane"]) + "\n")
    r = cli_run(["heuristics", "--guesses", str(guesses), "--answers", str(answers), "--blog", "--json"])
    data = json.loads(r.out)
    assert len(data["results"]) == 9
    for res in data["results"]:
        assert res["status"] == "FEASIBLE" and res["heuristic"] and res["verified"]
        assert res["stats"]["optimum_status"] == "OPTIMAL" and res["stats"]["optimum_after_first_guess"] <= res["value"]
    text = cli_run(["heuristics", "--guesses", str(guesses), "--answers", str(answers), "--criterion", "minimax"]).out
    assert "minimax-all" in text and "minimax-answers" in text
