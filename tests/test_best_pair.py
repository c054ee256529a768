"""best-pair: the best two first words played blind, against brute force over every pair."""
import functools
import itertools
import json

import pytest

from test_native_search import INF, brute_force, tiny_instance
from wordlelab.instances.wordlists import WordLists
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.best_pair import run_best_pair


def blind_pair_total(answers, guesses, first, second, max_guesses=6):
    """Plain Python: first, then second whatever the colours, then the best strategy in each class."""
    classes = {}
    total = 0
    for a in answers:
        if a == first:
            total += 1
        elif a == second:
            total += 2
        else:
            classes.setdefault((feedback(first, a), feedback(second, a)), []).append(a)
    for group in classes.values():
        best = min(brute_force(group, guesses, "easy", max_guesses - 2, g) for g in guesses)
        if best >= INF:
            return INF
        total += 2 * len(group) + best
    return total


@pytest.mark.parametrize("seed", [501, 502])
def test_top_pairs_match_brute_force(seed, tmp_path):
    answers, guesses = tiny_instance(seed, n_answers=10, n_guesses=13)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    truth = {}
    for a, b in itertools.combinations(guesses, 2):
        truth[frozenset((a, b))] = min(blind_pair_total(answers, guesses, a, b),
                                       blind_pair_total(answers, guesses, b, a))
    r = run_best_pair(lists, 6, 4, str(tmp_path / "pairs.json"), 1)
    rows = r.stats["pairs"]
    assert [p["total"] for p in rows] == sorted(truth.values())[:4]
    for p in rows:
        assert blind_pair_total(answers, guesses, p["first"], p["second"]) == p["total"]
    listed = {frozenset((p["first"], p["second"])) for p in rows}
    assert all(v >= r.stats["others_at_least"] for k, v in truth.items() if k not in listed)
    assert r.status == "OPTIMAL" and r.verified and r.value == rows[0]["total"]
    # the certificate: the first word, then the second on every branch where the first is not the answer
    tree = r.certificate
    assert tree.guess == rows[0]["first"]
    assert all(sub is None if p == ALL_GREEN else sub.guess == rows[0]["second"] for p, sub in tree.branches.items())
    assert verify_tree(tree, answers, guesses).total == r.value
    # resumed from its checkpoint: the same answer, nothing recomputed
    again = run_best_pair(lists, 6, 4, str(tmp_path / "pairs.json"), 1)
    assert again.stats["pairs"] == rows and again.stats["from_checkpoint"] == again.stats["first_words"]


def test_cli_best_pair(cli_run, tmp_path):
    from wordlelab.instances.wordlists import load_lists
    base = load_lists("nyt20220316")
    (tmp_path / "a.txt").write_text("\n".join(base.answers[:60]))
    (tmp_path / "g.txt").write_text("\n".join(sorted(set(base.guesses[:200]) | set(base.answers[:60]))))
    args = ["best-pair", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
            "--top", "3", "--workers", "1"]
    data = json.loads(cli_run(args + ["--json"]).out)
    assert data["status"] == "OPTIMAL" and data["verified"] and len(data["stats"]["pairs"]) == 3
    text = cli_run(args).out
    assert "every other pair is proven to total at least" in text
    bad = cli_run(["best-pair", "--top", "0"], expect_error=True)
    assert bad.code == 2 and bad.err.startswith("error:")


def test_class_counts_tiled_equal_plain(lists_0316):
    import numpy as np
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.search.pair_core import pair_class_counts, pair_class_counts_plain
    MT = np.ascontiguousarray(pattern_matrix(lists_0316, transposed=True))
    M = np.ascontiguousarray(pattern_matrix(lists_0316))
    H = np.arange(MT.shape[0], dtype=np.int32)
    gi = lists_0316.guess_index()
    seconds = np.array(sorted(np.random.default_rng(3).choice(M.shape[0], 500, replace=False)), np.int32)
    for w in ("parse", "salet", "xylyl"):
        assert np.array_equal(pair_class_counts(MT, H, gi[w], seconds), pair_class_counts_plain(M, gi[w], seconds))
