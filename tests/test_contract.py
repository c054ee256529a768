"""Every public solve function, called from Python on a small instance, returns the one Result,
with its status and a certificate verified inside the call (the native searcher's own
contract tests are in test_native_contract.py)."""
import json

import numpy as np
import pytest

from wordlelab.instances.wordlists import WordLists, eldrow_lists, load_lists
from wordlelab.models.matrix import pattern_matrix
from wordlelab.models.result import Result, Status
from wordlelab.models.tree_question import TreeQuestion
from wordlelab.solvers.backends import installed
from wordlelab.solvers.search.depth.depth_proof import prove_depth

ATCH = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")


@pytest.fixture(scope="module")
def lists():
    return load_lists()


def _contract(r, status=Status.OPTIMAL, kind=None):
    assert isinstance(r, Result)
    assert r.status == status
    assert set(json.loads(json.dumps(r.as_dict(), default=str))) == {
        "question", "method", "status", "value", "bound", "certificate_kind", "certificate", "verified",
        "heuristic", "seconds", "stats", "rests_on", "claimed"}
    if status in (Status.OPTIMAL, Status.FEASIBLE):
        assert r.verified and r.certificate is not None and r.certificate_kind == kind
    elif r.verified:          # only a certificate of impossibility, re-checked, may be verified
        assert r.status == Status.INFEASIBLE and r.certificate_kind == "bound-tree" and r.certificate


def test_cover_functions(lists):
    from wordlelab.solvers.cover import cover_feasible, instance_for, least_cover, lower_bound
    from wordlelab.models.endgames import Endgame
    MT = pattern_matrix(lists, transposed=True)
    inst = instance_for("atch", ATCH, lists, MT)
    for solver in installed():
        _contract(least_cover(inst, solver), kind="cover")
    _contract(cover_feasible(inst, 2, "highs"), kind="cover")
    _contract(cover_feasible(inst, 1, "cpsat"), Status.INFEASIBLE)
    r = lower_bound(lists, MT, "cbc", endgames=[Endgame("atch", ATCH)])
    _contract(r, kind="cover")
    assert r.value == 3 and r.stats.one_fewer_status == "INFEASIBLE"


def test_fixed_guesses(lists):
    from wordlelab.solvers.blindfold import least_fixed_guesses
    M = pattern_matrix(lists)
    rows = [lists.guesses.index(w) for w in ("chomp", "blimp", "twerp", "salet", "crane") + ATCH]
    cols = [lists.answers.index(w) for w in ATCH]
    P = np.ascontiguousarray(M[np.ix_(rows, cols)])
    names = [lists.guesses[t] for t in rows]
    from wordlelab.models.settings import Limits
    from wordlelab.solvers.blindfold import BlindfoldOptions
    r = least_fixed_guesses(P, names, list(ATCH), limits=Limits(time_limit=30))
    _contract(r, kind="guesses")
    for proof in ("duals", "letters", "rows"):
        no = least_fixed_guesses(P, names, list(ATCH), r.value - 1, BlindfoldOptions(proof, "highs"), Limits(time_limit=30))
        _contract(no, Status.INFEASIBLE)
        assert no.verified == (proof == "duals")


def test_tree_model():
    from wordlelab.solvers.decision_tree import solve_question
    guesses = tuple(sorted(set(ATCH) | {"blimp", "chomp", "crane", "mulch", "salet", "twerp"}))
    q = TreeQuestion("atch", ATCH, guesses, "easy", 4, "total")
    _contract(solve_question(q, "layered", "cpsat", 30), kind="tree")
    _contract(solve_question(q.with_(depth=2, objective="depth"), "assignment", "cbc", 30), Status.INFEASIBLE)


def test_eldrow():
    from wordlelab.solvers.eldrow import EldrowSearcher
    s = EldrowSearcher(eldrow_lists(), "strict")
    _contract(s.solve("crane", start="salty"), kind="chain")
    _contract(s.solve_model("lower", "highs", start="crane", time_limit=60), kind="chain")


def test_permutation():
    from wordlelab.solvers.permutation.model import solve_model
    from wordlelab.solvers.permutation.optimal import optimal
    _contract(optimal(4), kind="strategy")
    _contract(solve_model(3, "total", None, "cbc"), kind="strategy")


def test_native_search():
    from wordlelab.solvers.search.native import NativeSearcher
    small = WordLists("atch", tuple(sorted(set(ATCH) | {"blimp", "chomp", "crane"})), ATCH)
    s = NativeSearcher(small, "easy", 6)
    _contract(s.solve(), kind="tree")
    _contract(prove_depth(s, 2), Status.INFEASIBLE)
