"""Endgame set-cover bounds: Peattie's ?ills, real-feedback coverage, solvers agree, searcher cross-check."""
import itertools
import json

import numpy as np
import pytest

from wordlelab.encoders.cover import build, cover_instance, d_sets  # noqa: E402
from wordlelab.errors import WordleError  # noqa: E402
from wordlelab.instances.wordlists import WordLists, load_lists  # noqa: E402
from wordlelab.models.endgames import endgame, enumerate_endgames  # noqa: E402
from wordlelab.models.matrix import pattern_matrix  # noqa: E402
from wordlelab.solvers.cover import (check_cover, cover_feasible, instance_for, least_cover,  # noqa: E402
                                     small_cover, sweep)
from wordlelab.solvers.backends import export, installed  # noqa: E402
from wordlelab.solvers.search.native import NativeSearcher  # noqa: E402
from wordlelab.solvers.search.depth.depth_proof import prove_depth


@pytest.fixture(scope="module")
def all_0316():
    lists = load_lists("nyt20220316", answers="all")
    return lists, pattern_matrix(lists, transposed=True)


@pytest.fixture(scope="module")
def ills(all_0316):
    lists, MT = all_0316
    e = endgame("?ills", lists.answers)
    return e, instance_for(e.pattern, e.answers, lists, MT)


# Every solver on the counting encoding; the pairs encoding (12-20 s a solver but CBC's 3 s) on CBC,
# and on the other solvers with -m slow.
@pytest.mark.parametrize("solver, encoding", [(s, "counting") for s in installed()] + [
    pytest.param(s, "pairs", marks=[pytest.mark.slow] if s != "cbc" else []) for s in installed()])
def test_ills_needs_five(ills, solver, encoding):
    e, inst = ills
    assert len(e.answers) == 19
    res = least_cover(inst, solver, encoding, time_limit=120)
    assert res.status == "OPTIMAL" and res.value == 5 and res.stats.min_guesses == 6
    assert res.verified and res.certificate_kind == "cover"
    assert check_cover(e.answers, res.certificate) >= 18   # the certificate, re-checked independently
    four = cover_feasible(inst, 4, solver, encoding, time_limit=120)
    assert four.status == "INFEASIBLE" and not four.verified
    five = cover_feasible(inst, 5, solver, encoding, time_limit=120)
    assert five.status == "OPTIMAL" and five.verified
    assert len(five.certificate) <= 5 and check_cover(e.answers, five.certificate) >= 18


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
        assert least_cover(inst, "cbc").value == least


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
        r = least_cover(instance_for(e.pattern, e.answers, lists, MT), "cbc", enumerate_up_to=2)
        bound = r.stats.min_guesses
        sub = WordLists(e.pattern, lists.guesses, e.answers)
        searcher = NativeSearcher(sub, "easy", bound)
        assert prove_depth(searcher, bound - 1).status == "INFEASIBLE", e.pattern
        assert prove_depth(searcher, bound + 1).status == "OPTIMAL", e.pattern


@pytest.mark.parametrize("suffix", ["lp", "mps"])
def test_export_round_trip(tmp_path, ills, suffix):
    """The exported file, read back by another program (HiGHS), has the same optimum and word names."""
    import highspy
    _, inst = ills
    model, y = build(inst)
    path = export(model, str(tmp_path / f"ills.{suffix}"))
    text = open(path).read()
    assert "y_" + inst.guesses[0][0] in text and "z_bills" in text
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.readModel(path)
    h.run()
    assert round(h.getInfo().objective_function_value) == 5


def test_sweep_orders_by_strength(all_0316):
    lists, MT = all_0316
    games = enumerate_endgames(lists.answers)[:30]
    res = sweep(lists, MT, "cbc", endgames=games)
    assert res[0].question["endgame"] == "?ills" and res[0].stats.min_guesses == 6
    strength = [r.stats.min_guesses for r in res]
    assert strength == sorted(strength, reverse=True) and all(r.verified for r in res)


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
    assert out["status"] == "OPTIMAL" and out["value"] == 6 and out["verified"]
    assert out["stats"]["one_fewer_status"] == "INFEASIBLE"
    assert (tmp_path / out["stats"]["one_fewer_model"].split("/")[-1]).exists()
