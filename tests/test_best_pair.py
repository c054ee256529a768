"""best-pair: the best two first words played blind, against brute force over every pair."""
import functools
import itertools
import json

import pytest

from test_native_search import INF, brute_force, tiny_instance
from wordlelab.instances.wordlists import WordLists
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.rank.best_pair import run_best_pair


@functools.lru_cache(maxsize=None)
def least_class_total(group, guesses, guesses_left):
    """Brute force's least total for one class; kept, because many pairs leave the same class."""
    return min(brute_force(group, guesses, "easy", guesses_left, g) for g in guesses)


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
        best = least_class_total(tuple(group), tuple(guesses), max_guesses - 2)
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
    rows = r.stats.pairs
    assert [p["total"] for p in rows] == sorted(truth.values())[:4]
    for p in rows:
        assert blind_pair_total(answers, guesses, p["first"], p["second"]) == p["total"]
    listed = {frozenset((p["first"], p["second"])) for p in rows}
    assert all(v >= r.stats.others_at_least for k, v in truth.items() if k not in listed)
    assert r.status == "OPTIMAL" and r.verified and r.value == rows[0]["total"]
    # the certificate: the first word, then the second on every branch where the first is not the answer
    tree = r.certificate
    assert tree.guess == rows[0]["first"]
    assert all(sub is None if p == ALL_GREEN else sub.guess == rows[0]["second"] for p, sub in tree.branches.items())
    assert verify_tree(tree, answers, guesses).total == r.value
    # resumed from its checkpoint: the same answer, nothing recomputed
    again = run_best_pair(lists, 6, 4, str(tmp_path / "pairs.json"), 1)
    assert again.stats.pairs == rows and again.stats.from_checkpoint == again.stats.first_words


@pytest.mark.parametrize("seed", [506, 508])
def test_three_guesses_leave_one_for_each_class_as_brute_force_says(seed):
    """Within 3, a pair leaves one guess for each class: a class of two answers has no strategy
    (seed 508: no pair finds every answer, so the answer is INFEASIBLE, not a ranked pair)."""
    answers, guesses = tiny_instance(seed, n_answers=10, n_guesses=13)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    truth = sorted(min(blind_pair_total(answers, guesses, a, b, 3), blind_pair_total(answers, guesses, b, a, 3))
                   for a, b in itertools.combinations(guesses, 2))
    r = run_best_pair(lists, 3, 2, None, 1)
    if truth[0] >= INF:
        assert r.status == "INFEASIBLE"
    else:
        assert r.status == "OPTIMAL" and r.value == truth[0]
        assert [p["total"] for p in r.stats.pairs] == [v for v in truth[:2] if v < INF]


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_pairs(tmp_path):
    """best-pair on a local dask cluster: the same exact pairs and bound as in one process."""
    pytest.importorskip("distributed")
    answers, guesses = tiny_instance(503, n_answers=10, n_guesses=13)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    alone = run_best_pair(lists, 6, 3, None, 1)
    on_dask = run_best_pair(lists, 6, 3, str(tmp_path / "pairs.json"), 2, dask_address="local")
    assert on_dask.stats.executor == "dask"
    assert on_dask.stats.pairs == alone.stats.pairs
    assert on_dask.stats.others_at_least == alone.stats.others_at_least and on_dask.verified


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
    from wordlelab.solvers.search.engine.pair_core import pair_class_counts, pair_class_counts_plain
    MT = np.ascontiguousarray(pattern_matrix(lists_0316, transposed=True))
    M = np.ascontiguousarray(pattern_matrix(lists_0316))
    H = np.arange(MT.shape[0], dtype=np.int32)
    gi = lists_0316.guess_index()
    seconds = np.array(sorted(np.random.default_rng(3).choice(M.shape[0], 500, replace=False)), np.int32)
    for w in ("parse", "salet", "xylyl"):
        assert np.array_equal(pair_class_counts(MT, H, gi[w], seconds), pair_class_counts_plain(M, gi[w], seconds))


def _selby_pairs(shared):
    """Selby's table of the best fixed pairs (part 2, 'Choosing two words at a time'): (first, second, total)."""
    import re
    text = (shared / "papers" / "selby-best-strategies-part2.txt").read_text()
    rows = re.findall(r"^=?\d+\t([A-Z]{5}) ([A-Z]{5})\t[\d.]+\t(\d+)$", text, re.M)
    assert len(rows) == 10
    return [(a.lower(), b.lower(), int(v)) for a, b, v in rows]


def test_selby_pairs_in_his_order(shared, lists_0316):
    """Each of his ten pairs, played in his order, totals what he gives; the answer word first saves one."""
    import numpy as np
    from wordlelab.solvers.search.rank.best_pair import PairState, pair_tree
    from wordlelab.solvers.search.native import INF as CUTOFF_NONE
    from wordlelab.solvers.search.engine.pair_core import pair_value
    st = PairState(lists_0316, 6)
    s, gi, live = st.searcher, st.searcher.guess_index, np.full(1, CUTOFF_NONE, np.int64)
    answers = set(lists_0316.answers)
    for a, b, total in _selby_pairs(shared):
        assert pair_value(st.root.H, gi[a], gi[b], st.L, 6, CUTOFF_NONE, live, s.tables, s.cache, s.stats) == total
        swapped = pair_value(st.root.H, gi[b], gi[a], st.L, 6, CUTOFF_NONE, live, s.tables, s.cache, s.stats)
        assert swapped == total + (a in answers) - (b in answers)
    a, b, total = _selby_pairs(shared)[0]
    assert verify_tree(pair_tree(s, a, b), lists_0316.answers, lists_0316.guesses).total == total


@pytest.mark.slow
def test_best_pairs_nyt20220316(shared, lists_0316, tmp_path):
    """The whole sweep (about 10 min on 2 cores): his best three exactly, and each of his ten in its better order."""
    r = run_best_pair(lists_0316, 6, 10, str(tmp_path / "pairs.json"), 2)
    ours = {frozenset((p["first"], p["second"])): p["total"] for p in r.stats.pairs}
    answers = set(lists_0316.answers)
    his = _selby_pairs(shared)
    assert [p["total"] for p in r.stats.pairs[:3]] == [v for _, _, v in his[:3]]
    for a, b, total in his:
        better = total - (b in answers and a not in answers)
        assert ours.get(frozenset((a, b)), r.stats.others_at_least) <= better
    assert r.verified and r.value == his[0][2]
