"""Depth proofs with learnt cores agree with the plain search, and their cores are real."""
import numpy as np
import pytest

from wordlelab.solvers.search.engine import depth_cores as dc
from wordlelab.solvers.search.engine import search_core as core
from wordlelab.solvers.search.engine import depth_search
from wordlelab.solvers.search.engine.core_prover import CoreStore
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.node_table import new_table
from wordlelab.solvers.search.engine.search_core import new_stats

from test_native_search import brute_force, lists_from, tiny_instance
from wordlelab.solvers.search.depth.depth_proof import prove_depth


@pytest.fixture(scope="module")
def searcher(lists_0316):
    return NativeSearcher(lists_0316, "easy", 6)


def plain_feasible(s, H, L, d):
    assert s.tables.mode == core.EASY
    return depth_search.feasible(H, L, d, s.tables, new_table(10**6), new_stats(), 10**12, s.depth_rounds)


def core_feasible(s, H, L, d, store):
    return dc.feasible(H, L, d, s.tables, np.ascontiguousarray(s.MT.T), new_table(10**6), new_stats(), 10**12,
                       store.arrays())


@pytest.mark.parametrize("seed", range(6))
def test_same_answer_as_plain_search(searcher, seed):
    rng = np.random.default_rng(seed)
    n_a, n_g = len(searcher.lists.answers), len(searcher.lists.guesses)
    outcomes = set()
    for trial in range(6):
        H = np.sort(rng.choice(n_a, int(rng.integers(10, 120)), replace=False)).astype(np.int32)
        full = trial % 2 == 0
        L = (np.arange(n_g, dtype=np.int32) if full
             else np.sort(rng.choice(n_g, int(rng.integers(20, 400)), replace=False)).astype(np.int32))
        d = int(rng.integers(2, 4))
        store = CoreStore(n_a, 50_000, 2_000_000)
        expected = plain_feasible(searcher, H, L, d) >= 0
        assert (core_feasible(searcher, H, L, d, store) >= 0) == expected
        outcomes.add(expected)
        if full:
            # every learnt core needs more guesses than its depth, by the plain search with all guesses
            for depth, members in list(store.cores())[:15]:
                assert plain_feasible(searcher, members.astype(np.int32), L, depth) == -1
    assert outcomes  # both answers turn up over the seeds; see the next test


def test_both_answers_occur(searcher):
    """The comparison above is not one-sided: small sets pass within 3, larger ones fail."""
    rng = np.random.default_rng(7)
    L = np.arange(len(searcher.lists.guesses), dtype=np.int32)
    seen = set()
    for n in (12, 300):
        H = np.sort(rng.choice(len(searcher.lists.answers), n, replace=False)).astype(np.int32)
        store = CoreStore(len(searcher.lists.answers), 50_000, 2_000_000)
        seen.add(bool(core_feasible(searcher, H, L, 2, store) >= 0))
    assert seen == {True, False}


@pytest.mark.parametrize("seed", range(8))
def test_any_first_word_matches_brute_force(tmp_path, seed):
    answers, guesses = tiny_instance(seed)
    lists = lists_from(tmp_path, answers, guesses)
    for g in (2, 3):
        possible = any(brute_force(answers, guesses, "easy", g, w) < float("inf") for w in guesses)
        res = prove_depth(NativeSearcher(lists, "easy", g), g, recheck=True)
        assert res.status == ("OPTIMAL" if possible else "INFEASIBLE"), (seed, g)
        if not possible:    # a few answers that alone need more than g guesses, re-checked
            assert res.certificate_kind == "core" and res.stats.core.check == "INFEASIBLE"
            assert set(res.certificate) <= set(answers)


def test_salet_within_4_certificate(searcher, lists_0316):
    res = prove_depth(searcher, 4, start="salet", recheck=True)
    assert res.status == "INFEASIBLE" and res.certificate_kind == "core"
    info = res.stats.core
    assert info.guesses_left == 3 and info.check == "INFEASIBLE"
    from wordlelab.models.feedback import feedback
    assert len({feedback("salet", a) for a in res.certificate}) == 1   # one class after SALET
    assert len(res.certificate) < len(lists_0316.answers)


def test_interrupted_any_first_word_run_resumes(tmp_path):
    answers, guesses = tiny_instance(1)
    lists = lists_from(tmp_path, answers, guesses)
    ckpt = tmp_path / "depth.json"
    calls = []

    def stop_after_three(n, info=""):
        calls.append(n)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prove_depth(NativeSearcher(lists, "easy", 3), 3, progress=stop_after_three, checkpoint=str(ckpt))
    import json
    saved = json.loads(ckpt.read_text())["entries"]
    assert len(saved) == 3                      # nothing refuted before the stop is lost
    resumed = prove_depth(NativeSearcher(lists, "easy", 3), 3, checkpoint=str(ckpt))
    fresh = prove_depth(NativeSearcher(lists, "easy", 3), 3)
    assert resumed.status == fresh.status == "INFEASIBLE"
    assert len(json.loads(ckpt.read_text())["entries"]) > 3


@pytest.mark.parametrize("seed", range(4))
def test_pair_core_holds_a_pair_in_one_class_of_every_guess(searcher, seed):
    """``_pair_core`` reads only its chosen answers for most guesses; every guess must still
    leave two of them in one class (never the green one), or split the answers into singletons."""
    rng = np.random.default_rng(seed)
    M = np.ascontiguousarray(searcher.MT.T)
    n_a, n_g = len(searcher.lists.answers), len(searcher.lists.guesses)
    for _ in range(5):
        H = np.sort(rng.choice(n_a, int(rng.integers(3, 40)), replace=False)).astype(np.int32)
        L = np.sort(rng.choice(n_g, int(rng.integers(50, 2000)), replace=False)).astype(np.int32)
        U = dc._pair_core(H, L, M)
        assert set(U.tolist()) <= set(H.tolist())
        for g in L:
            patterns_H = M[g, H].tolist()
            if len(set(patterns_H)) == len(H):
                continue                    # a guess that splits H into singletons: no pair exists
            patterns_U = M[g, U].tolist()
            assert len(set(patterns_U)) < len(U), f"guess {g} tells the core's answers apart"
