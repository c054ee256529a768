"""Selby's endgame bound (solvers/search/engine/endgame_bound.py): it refutes only infeasible nodes, and it does refute."""
import random

import numpy as np

from tests.test_native_search import brute_force, tiny_instance
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.endgames import endgame_ids
from wordlelab.solvers.search.engine.endgame_bound import endgame_refutes
from wordlelab.solvers.search.native import NativeSearcher


def _refutes(s, lists, rows, d):
    eg, n_eg = endgame_ids(lists.answers)
    return endgame_refutes(np.array(sorted(rows), np.int32), np.arange(len(lists.guesses), dtype=np.int32), d,
                           s.MT, eg, np.zeros(max(n_eg, 1), np.int32))


def test_it_refutes_only_what_brute_force_finds_infeasible():
    refuted = 0
    for seed in range(6):
        answers, guesses = tiny_instance(seed, n_answers=12, n_guesses=16)
        lists = WordLists(f"tiny{seed}", guesses, answers)
        s = NativeSearcher(lists, "easy", 6)
        rng = random.Random(seed)
        for _ in range(25):
            rows = rng.sample(range(len(answers)), rng.randint(3, len(answers)))
            d = rng.randint(2, 4)
            if _refutes(s, lists, rows, d):
                words = [answers[i] for i in rows]
                assert all(brute_force(words, guesses, "easy", d, g) == float("inf") for g in guesses)
                refuted += 1
    assert refuted > 0          # the instances are endgame-like: the bound fires on some


def test_it_refutes_an_endgame_too_big_for_the_guesses_left():
    words = ["bills", "dills", "fills", "gills", "hills", "kills", "mills", "pills", "rills", "sills", "tills",
             "wills"]
    lists = WordLists("ills", words, words)
    s = NativeSearcher(lists, "easy", 6)
    rows = range(len(words))
    # a guess from the list tells apart at most 2 of the 12 (its own first letter, hit or not)
    assert _refutes(s, lists, rows, 3)
    assert all(brute_force(words, words, "easy", 3, g) == float("inf") for g in words)
    assert not _refutes(s, lists, rows, 12)


def test_the_slack_is_negative_exactly_when_the_bound_refutes():
    """endgame_slack (the depth search's form, which also gates Selby's trial run) against the bound
    worked out plainly, and against too_big."""
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.search.engine.endgame_bound import endgame_slack, too_big
    lists = load_lists("nyt20220316")
    MT = pattern_matrix(lists, transposed=True)
    eg, _ = endgame_ids(lists.answers)
    rng = random.Random(4)
    members: dict = {}
    for a in range(len(lists.answers)):
        for p in range(5):
            if eg[a, p] >= 0:
                members.setdefault(int(eg[a, p]), []).append(a)
    signs = set()
    for _ in range(200):
        rows = np.array(sorted(rng.choice([m for m in members.values() if len(m) >= 4])), np.int32)
        L = np.array(sorted(rng.sample(range(len(lists.guesses)), rng.choice([5, 30, 300]))), np.int32)
        d = rng.randint(2, 6)
        slack = endgame_slack(rows, L, d, MT, d - 1)
        # the bound worked out plainly: every guess's distinct patterns on the rows, the d - 1 largest
        values = sorted(len(set(MT[rows, col].tolist())) - 1 for col in L)
        plain = sum(values[-(d - 1):]) - (len(rows) - 1)
        assert slack == min(plain, d - 1) and (slack < 0) == too_big(rows, L, d, MT)
        signs.add(slack < 0)
    assert signs == {True, False}


def test_big_endgames_lists_each_endgame_with_more_rows_largest_first():
    from wordlelab.solvers.search.engine.endgame_bound import big_endgames
    from wordlelab.instances.wordlists import load_lists
    s = NativeSearcher(load_lists("nyt20220316"), "hard", 6)
    rng = random.Random(7)
    for _ in range(20):
        H = np.array(sorted(rng.sample(range(len(s.lists.answers)), rng.choice([50, 400, 2309]))), np.int32)
        more_than = rng.randint(2, 5)
        rows, starts, sizes = big_endgames(H, s.tables.eg, s.tables.eg_count, more_than)
        plain: dict = {}
        for a in H.tolist():
            for p in range(5):
                if s.tables.eg[a, p] >= 0:
                    plain.setdefault(int(s.tables.eg[a, p]), []).append(a)
        want = sorted((sorted(m) for m in plain.values() if len(m) > more_than), key=len, reverse=True)
        got = [sorted(rows[b:b + n].tolist()) for b, n in zip(starts, sizes)]
        assert sorted(map(tuple, got)) == sorted(map(tuple, want))
        assert list(sizes) == sorted(sizes, reverse=True)
        assert not s.tables.eg_count.any()          # the scratch is clean again


def test_a_guess_refuted_before_its_partition_cannot_find_every_answer_in_time():
    """endgame_refutes_guess (the depth search's look before a guess's classes) against brute force
    in hard mode: when it refutes g with d - 1 guesses left after it, g cannot find every answer
    within d."""
    from wordlelab.solvers.search.engine.endgame_bound import big_endgames, endgame_ranks, endgame_refutes_guess
    refuted = kept = 0
    for seed in range(8):
        answers, guesses = tiny_instance(seed, n_answers=12, n_guesses=16)
        lists = WordLists(f"tiny{seed}", guesses, answers)
        s = NativeSearcher(lists, "hard", 6)
        H = np.arange(len(answers), dtype=np.int32)
        L = np.arange(len(guesses), dtype=np.int32)
        for d in (3, 4):
            rows, starts, sizes = big_endgames(H, s.tables.eg, s.tables.eg_count, d - 1)
            ranks = endgame_ranks(sizes, L)
            for g in range(len(guesses)):
                if sizes.shape[0] and endgame_refutes_guess(rows, starts, sizes, ranks, g, L, d - 1, s.tables):
                    assert brute_force(answers, guesses, "hard", d, guesses[g]) == float("inf")
                    refuted += 1
                else:
                    kept += 1
    assert refuted > 0 and kept > 0


def test_the_ranked_scan_gives_the_plain_scans_slack():
    """ranked_slack (guesses read best first, stopping early) returns what endgame_slack returns
    reading every guess, on random pattern tables, parts, subsets and allowed lists."""
    from wordlelab.solvers.search.engine.endgame_bound import endgame_slack, rank_guesses, ranked_slack
    rng = np.random.default_rng(7)
    no_mask = np.zeros(4, np.uint64)
    feat = np.zeros((1, 4), np.uint64)
    refuted = 0
    for trial in range(400):
        n_rows, n_cols = 30, int(rng.integers(1, 60))
        MT = rng.integers(0, int(rng.integers(2, 8)), size=(n_rows, n_cols)).astype(np.uint8)
        L = np.sort(rng.choice(n_cols, size=int(rng.integers(1, n_cols + 1)), replace=False)).astype(np.int32)
        part = np.sort(rng.choice(n_rows, size=int(rng.integers(2, 12)), replace=False)).astype(np.int32)
        whole = trial % 3 == 0
        sub = part if whole else np.sort(rng.choice(part, size=int(rng.integers(1, part.size + 1)),
                                                    replace=False)).astype(np.int32)
        allowed = rng.random(L.size) < 0.6
        order = np.empty(L.size, np.int32)
        vals = np.empty(L.size, np.int32)
        rank_guesses(part, L, MT, order, vals)
        assert np.all(np.diff(vals[order]) <= 0)
        d = int(rng.integers(2, 5))
        got = ranked_slack(sub, whole, (order, vals), (L, L, feat, no_mask, False, allowed), d, MT)
        want = endgame_slack(sub, L[allowed], d, MT, 0)
        assert got == want, (trial, got, want)
        refuted += got < 0
    assert 20 < refuted < 380


def test_endgame_numbers_follow_the_enumeration():
    """endgame_ids (numpy) numbers each endgame as enumerate_endgames (plain Python) orders them."""
    from wordlelab.models.endgames import enumerate_endgames
    words = sorted(load_lists("nyt20220830").answers)
    rng = random.Random(7)
    for sample in (words, rng.sample(words, 400), ["bills", "fills", "hills", "hilly", "salet"]):
        ids, count = endgame_ids(sample)
        found = enumerate_endgames(sample, 3)
        assert count == len(found)
        expected = np.full((len(sample), 5), -1, np.int32)
        index = {w: i for i, w in enumerate(sample)}
        for number, e in enumerate(found):
            expected[[index[w] for w in e.answers], e.pattern.index("?")] = number
        assert np.array_equal(ids, expected)
