"""Endgame set-cover bounds: Peattie's ?ills, real-feedback coverage, solvers agree, searcher cross-check."""
import itertools
import json

import numpy as np
import pytest

from wordlelab.solvers.runner import import_pulp

pulp = import_pulp()  # OR-Tools first: see solvers/runner.py

from wordlelab.encoders.cover import build_mip, cover_instance, d_sets  # noqa: E402
from wordlelab.errors import WordleError  # noqa: E402
from wordlelab.instances.wordlists import WordLists, load_lists  # noqa: E402
from wordlelab.models.endgames import endgame, enumerate_endgames  # noqa: E402
from wordlelab.models.matrix import pattern_matrix  # noqa: E402
from wordlelab.solvers.cover import (check_cover, cover_feasible, instance_for, least_cover,  # noqa: E402
                                     small_cover, sweep)
from wordlelab.solvers.native import NativeSearcher  # noqa: E402


@pytest.fixture(scope="module")
def all_0316():
    lists = load_lists("nyt20220316", answers="all")
    return lists, pattern_matrix(lists, transposed=True)


@pytest.fixture(scope="module")
def ills(all_0316):
    lists, MT = all_0316
    e = endgame("?ills", lists.answers)
    return e, instance_for(e.pattern, e.answers, lists, MT)


@pytest.mark.parametrize("solver", ["cpsat", "cbc", "highs"])
@pytest.mark.parametrize("encoding", ["counting", "pairs"])
def test_ills_needs_five(ills, solver, encoding):
    e, inst = ills
    assert len(e.answers) == 19
    res = least_cover(inst, solver, encoding, time_limit=120)
    assert res.status == "OPTIMAL" and res.min_cover == 5 and res.min_guesses == 6
    assert check_cover(e.answers, res.cover) >= 18   # the certificate, re-checked independently
    four, _ = cover_feasible(inst, 4, solver, encoding, time_limit=120)
    assert four.status == "INFEASIBLE"
    five, y = cover_feasible(inst, 5, solver, encoding, time_limit=120)
    assert five.status == "OPTIMAL"
    chosen = [inst.guesses[s][0] for s, v in enumerate(five.values) if v]
    assert len(chosen) <= 5 and check_cover(e.answers, chosen) >= 18


def test_coverage_comes_from_feedback_not_letters(all_0316, ills):
    lists, MT = all_0316
    e, _ = ills
    # gulps has s (last place) and l (third place), yet cannot tell sills, lills and bills apart
    row = {a: j for j, a in enumerate(lists.answers)}
    D = d_sets(MT[[row[a] for a in e.answers]].T)
    gulps = D[lists.guesses.index("gulps")]
    for w in ("sills", "lills", "bills"):
        assert not gulps[e.answers.index(w)]
    # only its g (first place, green) and p (yellow) tell anything: gills and pills
    assert {a for a, d in zip(e.answers, gulps) if d} == {"gills", "pills"}
    assert check_cover(e.answers, ["gulps"]) == 2


def test_static_bound_and_dominance(all_0316):
    lists, MT = all_0316
    row = {a: j for j, a in enumerate(lists.answers)}
    games = [e for e in enumerate_endgames(lists.answers) if 4 <= len(e.answers) <= 6]
    for e in games[::max(1, len(games) // 12)][:12]:
        inst = instance_for(e.pattern, e.answers, lists, MT)
        full = np.unique(d_sets(MT[[row[a] for a in e.answers]].T), axis=0)
        full = full[full.any(axis=1)]
        # least cover by brute force over every distinct D-set, no dominance
        least = next(k for k in range(1, 6) if any(
            np.logical_or.reduce(full[list(c)]).sum() >= len(e.answers) - 1
            for c in itertools.combinations(range(len(full)), k)))
        assert inst.static_bound() <= least
        assert least_cover(inst, "cbc").min_cover == least


def test_small_cover_enumeration(ills):
    _, inst = ills
    assert small_cover(inst, 2) is None


def test_bound_never_exceeds_searcher_depth(all_0316):
    """On 20 small endgames, the searcher proves no strategy beats the cover bound."""
    lists, MT = all_0316
    games = [e for e in enumerate_endgames(lists.answers) if 4 <= len(e.answers) <= 7]
    rng = np.random.default_rng(3)
    picked = [games[i] for i in rng.choice(len(games), 20, replace=False)]
    for e in picked:
        bound = least_cover(instance_for(e.pattern, e.answers, lists, MT), "cbc", enumerate_up_to=2).min_guesses
        sub = WordLists(e.pattern, lists.guesses, e.answers)
        searcher = NativeSearcher(sub, "easy", bound)
        assert searcher.prove_depth(bound - 1)["status"] == "INFEASIBLE", e.pattern
        assert searcher.prove_depth(bound + 1)["status"] == "FEASIBLE", e.pattern


@pytest.mark.filterwarnings("ignore:PULP_CBC_CMD is deprecated")
def test_export_round_trip(tmp_path, ills):
    _, inst = ills
    for suffix in ("lp", "mps"):
        prob, _ = build_mip(inst)
        path = str(tmp_path / f"ills.{suffix}")
        (prob.writeLP if suffix == "lp" else prob.writeMPS)(path)
        if suffix == "mps":
            _, back = pulp.LpProblem.fromMPS(path)
            back.solve(pulp.PULP_CBC_CMD(msg=False))
            assert round(pulp.value(back.objective)) == 5


def test_sweep_orders_by_strength(all_0316):
    lists, MT = all_0316
    games = enumerate_endgames(lists.answers)[:30]
    res = sweep(lists, MT, "cbc", endgames=games)
    assert res[0].label == "?ills" and res[0].min_guesses == 6
    assert [r.min_guesses for r in res] == sorted((r.min_guesses for r in res), reverse=True)


def test_endgame_errors():
    with pytest.raises(WordleError):
        endgame("?ill", ["bills"])
    with pytest.raises(WordleError):
        endgame("?ills", ["bills"])
    with pytest.raises(WordleError):
        cover_instance("x", ["bills"], ["bills"], np.zeros((1, 1), np.uint8))


def test_lower_bound_cli(capsys, tmp_path):
    from wordlelab.cli import main
    try:
        main(["lower-bound", "--lists", "nyt20220316", "--answers", "all", "--pattern", "?ills",
              "--solver", "cbc", "--proof-dir", str(tmp_path), "--json"])
    except SystemExit as e:
        assert not e.code
    out = json.loads(capsys.readouterr().out)
    assert out["bound"] == 6 and out["infeasible_status"] == "INFEASIBLE"
    assert (tmp_path / out["infeasible_model"].split("/")[-1]).exists()
