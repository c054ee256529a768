"""Eldrow: the chain verifier, native search against brute force and against the CP-SAT/MIP models."""
import json
import random

import numpy as np
import pytest

from wordlelab.instances.wordlists import eldrow_lists  # noqa: E402
from wordlelab.instances.wordlists import WordLists  # noqa: E402
from wordlelab.models.eldrow import ChainFault, check_chain  # noqa: E402
from wordlelab.models.feedback import feedback  # noqa: E402
from wordlelab.models.modes import guess_allowed  # noqa: E402
from wordlelab.solvers.eldrow import EldrowSearcher, follow_matrix, _next_set, sweep  # noqa: E402

CRANE = "crane tiger queer odder joker hover foyer boxer wooer sower rower power mower lower".split()


@pytest.fixture(scope="module")
def words():
    return eldrow_lists(None, None)


@pytest.fixture(scope="module")
def searcher(words):
    return EldrowSearcher(words, "strict")


def test_crane_chain_is_valid():
    assert check_chain(CRANE, "lower") == 14


@pytest.mark.parametrize("chain,target,msg", [
    (CRANE[:-1], "lower", "end with the target"),
    (CRANE[:3] + CRANE[2:], "lower", "repeats"),
    (["crane", "lower", "tiger", "lower"], "lower", "repeats"),
    (["crane", "salty", "lower"], "lower", "breaks the strict rule"),
])
def test_verifier_rejects(chain, target, msg):
    with pytest.raises(ChainFault, match=msg):
        check_chain(chain, target)


def test_hard_mode_rule():
    # rerun keeps crane's yellow r and e (hard mode) but is no longer a possible answer (strict)
    assert check_chain(["crane", "rerun", "lower"], "lower", "hard") == 3
    with pytest.raises(ChainFault, match="strict"):
        check_chain(["crane", "rerun", "lower"], "lower", "strict")
    with pytest.raises(ChainFault, match="hard"):
        check_chain(["crane", "cable", "lower"], "lower", "hard")   # cable drops the r


def brute_longest(words, target, mode):
    """Every chain by plain DFS over (used words), no bounds, no memo."""
    best = 0

    def extend(chain):
        nonlocal best
        history = [(w, feedback(w, target)) for w in chain]
        if chain and chain[-1] == target:
            best = max(best, len(chain))
            return
        for w in words:
            if w not in chain and guess_allowed(mode, history, w):
                extend(chain + [w])

    extend([])
    return best


@pytest.mark.parametrize("mode", ["strict", "hard"])
@pytest.mark.parametrize("seed", range(6))
def test_native_matches_brute_force(words, mode, seed):
    rng = random.Random(seed)
    centre = rng.choice(words.answers)
    near = [w for w in words.answers if sum(a == b for a, b in zip(w, centre)) >= 2]
    small = sorted(rng.sample(near, min(9, len(near))))
    lists = WordLists("tiny", tuple(small), tuple(small))
    s = EldrowSearcher(lists, mode)
    for target in small[:4]:
        expected = brute_longest(small, target, mode)
        for search in ("sets", "order"):
            res = s.solve(target, search=search)
            assert res.status == "OPTIMAL" and res.value == expected and res.verified, (small, target, search)
            assert check_chain(res.certificate, target, mode) == res.value


def test_set_and_order_searches_agree(searcher, words):
    """The max-clique search and the chain-order search, on 20 targets of the full list, each
    from a random start word, and on two targets from no start word at all (the order search
    needs 56k and 36k nodes for HANDY and QUERY; most other targets take over 100k, so the node
    limit keeps it short and UNKNOWN is skipped)."""
    rng = random.Random(3)
    compared = 0
    pairs = [(target, rng.choice(words.answers)) for target in rng.sample(words.answers, 20) + ["rearm"]]
    for target, start in pairs + [("handy", None), ("query", None)]:
        sets = searcher.solve(target, start=start, search="sets")
        order = searcher.solve(target, start=start, search="order", node_limit=100_000)
        assert sets.status == "OPTIMAL" and sets.stats.search == "sets"
        if order.status == "OPTIMAL":
            assert sets.value == order.value, (target, start)
            compared += 1
    assert compared >= 21


def test_auto_search_by_mode(words):
    strict = EldrowSearcher(words, "strict").solve("zesty")
    hard = EldrowSearcher(words, "hard").solve("zesty")
    assert (strict.stats.search, hard.stats.search) == ("sets", "order")
    assert EldrowSearcher(words, "hard").solve("zesty", search="sets").status in ("OPTIMAL", "UNKNOWN")


def test_lower_longest_is_16(searcher):
    res = searcher.solve("lower")
    assert res.status == "OPTIMAL" and res.value == 16
    assert check_chain(res.certificate, "lower") == 16
    assert searcher.solve("lower", start="crane").value == 14   # the blog's chain was optimal for CRANE


def test_models_agree_with_native(searcher, words):
    """30 targets, each from a start word that leaves a model-sized candidate set."""
    rng = random.Random(7)
    checked = 0
    while checked < 30:
        target, start = rng.sample(words.answers, 2)
        t = searcher.word(target)
        F = follow_matrix(t, searcher.M, searcher.mode_code, searcher.letters, searcher.lcount)
        if not 8 <= len(_next_set(np.arange(len(words.answers), dtype=np.int32), searcher.word(start), F)) <= 60:
            continue
        native = searcher.solve(target, start=start)
        for solver in (("cpsat", "highs") if checked % 5 else ("cpsat", "highs", "cbc")):
            model = searcher.solve_model(target, solver, start=start, time_limit=120)
            assert model.status == "OPTIMAL" and model.value == native.value and model.verified, (target, start, solver)
        checked += 1


def test_sweep_resumes(tmp_path, words):
    ck = str(tmp_path / "e.json")
    targets = ["lower", "crane", "zesty"]
    first = sweep(words, "strict", 1, ck, targets=targets[:2])
    data = json.load(open(ck))
    assert set(data["entries"]) == {"lower", "crane"}
    rows = sweep(words, "strict", 1, ck, targets=targets)
    assert [r["target"] for r in rows] == targets
    assert [r["source"] for r in rows] == ["checkpoint", "checkpoint", "computed"]
    assert {**rows[0], "source": None} == {**first[0], "source": None}


def test_cli(capsys):
    from wordlelab.cli import main
    try:
        main(["eldrow", "--target", "lower", "--start", "crane", "--json"])
    except SystemExit as e:
        assert not e.code
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 14 and out["status"] == "OPTIMAL" and out["verified"]


def test_hard_checker_matches_pairwise_rule(words):
    """The accumulated hard-mode check agrees with the plain pairwise statement."""
    rng = random.Random(11)
    for _ in range(300):
        target = rng.choice(words.answers)
        chain = rng.sample(words.answers, 4) + [target]
        chain = list(dict.fromkeys(chain))
        if chain[-1] != target:
            continue
        history, ok = [], True
        for w in chain:
            ok = ok and guess_allowed("hard", history, w)
            history.append((w, feedback(w, target)))
        try:
            check_chain(chain, target, "hard")
            verdict = True
        except ChainFault:
            verdict = False
        assert verdict == ok, chain


def test_hard_mode_chain_is_long(words):
    s = EldrowSearcher(words, "hard")
    res = s.solve("crane")
    assert res.status == "OPTIMAL" and res.value == check_chain(res.certificate, "crane", "hard") > 100


@pytest.mark.parametrize("mode", ["strict", "hard"])
def test_start_equal_to_target_is_a_chain_of_one(words, mode):
    s = EldrowSearcher(words, mode)
    res = s.solve("lower", start="lower")
    assert res.status == "OPTIMAL" and res.certificate == ["lower"] and res.value == 1
    for solver in ("cpsat", "highs"):
        model = s.solve_model("lower", solver, start="lower", time_limit=30)
        assert model.status == "OPTIMAL" and model.certificate == ["lower"]


def test_verifier_checks_the_first_guess():
    assert check_chain(CRANE, "lower", start="crane") == 14
    with pytest.raises(ChainFault, match="open with"):
        check_chain(CRANE, "lower", start="lower")
