"""Decision-tree models against brute force and the native searcher; trees re-checked by the verifier."""
import random

import pytest

from test_native_search import INF, brute_force, tiny_instance
from wordlelab.cli import main
from wordlelab.encoders.decision_tree import build
from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.tree_question import TreeQuestion, pattern_question, random_question
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.backends import installed
from wordlelab.solvers.decision_tree import run_model, solve_question
from wordlelab.solvers.search.native import NativeSearcher


def best_total(answers, guesses, mode, depth):
    """Brute-force optimum over every first guess (INF: no strategy within depth)."""
    return min(brute_force(answers, guesses, mode, depth, g) for g in guesses)


def native_total(q):
    res = NativeSearcher(WordLists(q.label, q.guesses, q.answers), q.mode, q.depth).solve()
    return INF if res.status == "INFEASIBLE" else res.value


def check(q, r, expected):
    """The model's verdict equals ``expected`` (INF = no tree), and its tree verifies."""
    if expected == INF:
        assert r.status == "INFEASIBLE", (q.label, q.mode, q.depth, r.status)
        return
    assert r.status == "OPTIMAL" and r.verified, (q.label, q.mode, q.depth, r.status)
    report = verify_tree(r.certificate, q.answers, q.guesses, q.mode, max_guesses=q.depth)
    assert report.max_guesses <= q.depth
    if q.objective == "total":
        assert report.total == expected == r.value == r.bound, (q.label, q.mode, q.depth)
    else:
        assert r.value == report.max_guesses


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_both_encodings_match_brute_force(seed, mode):
    answers, guesses = tiny_instance(100 + seed, n_answers=7, n_guesses=10)
    for depth in (2, 3, 4):
        expected = best_total(answers, guesses, mode, depth)
        for objective in ("total", "depth"):
            q = TreeQuestion(f"tiny{seed}", tuple(answers), tuple(guesses), mode, depth, objective)
            for encoding in ("layered", "assignment"):
                check(q, solve_question(q, encoding, "cpsat", 30), expected)


@pytest.mark.parametrize("seed", range(17))
@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_layered_matches_native(seed, mode):
    """51 endgame-like instances (14 answers, about 40 guesses), tight depth limits."""
    answers, guesses = tiny_instance(seed, n_answers=14, n_guesses=40)
    depth = 3 + seed % 2
    q = TreeQuestion(f"near{seed}", tuple(answers), tuple(guesses), mode, depth, "total")
    expected = native_total(q)
    check(q, solve_question(q, "layered", "cpsat", 30), expected)
    check(q.with_(objective="depth"), solve_question(q.with_(objective="depth"), "layered", "cpsat", 30), expected)


@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
@pytest.mark.parametrize("solver", [s for s in installed() if s != "cpsat"])
def test_mip_solvers_match_native(mode, solver):
    answers, guesses = tiny_instance(7, n_answers=8, n_guesses=16)
    q = TreeQuestion("mip", tuple(answers), tuple(guesses), mode, 3, "total")
    expected = native_total(q)
    for encoding in ("layered", "assignment"):
        check(q, solve_question(q, encoding, solver, 60), expected)


def test_random_subset_instance_agrees(default_lists):
    q = random_question(default_lists, 30, seed=5, n_guesses=250, depth=3)
    expected = native_total(q)
    for solver in ("cpsat", "cbc"):
        check(q, solve_question(q, "layered", solver, 60), expected)


def test_greedy_warm_start_is_a_feasible_assignment(default_lists):
    """Fixing every hinted variable (tree, separation and chain block) leaves a feasible model."""
    for seed in range(3):
        answers, guesses = tiny_instance(seed, n_answers=10, n_guesses=30)
        q = TreeQuestion("hint", tuple(answers), tuple(guesses), "easy", 5, "total")
        tm = build(q, "assignment", hint=True, cuts=True)
        assert tm.hint is not None
        for v, val in tm.hint:
            tm.model.add(v == val)
        tm.hint = None
        assert run_model(tm, "cpsat", 30).status == "OPTIMAL"


def test_ight_endgame_default_lists(default_lists):
    """The 9 ?ight answers of the default list, all 14855 guesses: both encodings agree with native."""
    q = pattern_question(default_lists, "?ight", depth=4)
    expected = native_total(q)
    for encoding in ("layered", "assignment"):
        check(q, solve_question(q, encoding, "cpsat", 60), expected)
    assert solve_question(q.with_(depth=2, objective="depth"), "assignment", "cpsat", 60).status == "INFEASIBLE"


@pytest.mark.slow
def test_ills_19_answers_needs_6_and_totals_71():
    """nyt20220316 with all 12972 words as answers: ?ills cannot be done in 5; least total within 6."""
    lists = load_lists("nyt20220316", answers="all")
    q = pattern_question(lists, "?ills", depth=5, objective="depth")
    assert len(q.answers) == 19
    assert solve_question(q, "assignment", "cpsat", 600).status == "INFEASIBLE"
    r = solve_question(q.with_(depth=6, objective="total"), "assignment", "cpsat", 600)
    check(q.with_(depth=6, objective="total"), r, native_total(q.with_(depth=6)))


def test_question_validation(default_lists):
    with pytest.raises(WordleError):
        TreeQuestion("x", ("bills",), ("fills",))
    with pytest.raises(WordleError):
        TreeQuestion("x", ("bills",), ("bills",), objective="fast")
    with pytest.raises(WordleError):
        random_question(default_lists, 0, seed=1)


def test_cli_tree_model(tmp_path, capsys):
    tree = tmp_path / "t.tree"
    main(["tree-model", "--sample", "10/40:2", "--depth", "3", "--solver", "cbc", "--tree", str(tree), "--json"])
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "OPTIMAL" and data["verified"] and data["stats"]["total"] == data["value"]
    assert data["certificate_kind"] == "tree" and data["certificate"]["guess"]
    assert tree.exists() and data["question"]["instance"] == "random10-s2-g40"
    lp = tmp_path / "m.lp"
    main(["export-lp", "tree", "--sample", "10/40", "--depth", "3", "--encoding", "assignment", "-o", str(lp)])
    text = lp.read_text()
    q = random_question(load_lists(), 10, seed=0, n_guesses=40, depth=3)
    assert f"x_{q.answers[0]}_1_" in text      # variables named after answers and guesses
    import highspy
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    assert h.readModel(str(lp)) == highspy.HighsStatus.kOk and h.getNumCol() > 0


def test_cli_answers_file_is_the_question(tmp_path, capsys, default_lists):
    """With neither --pattern nor --sample, the question's answers are those of --answers FILE:
    the ?ight words as a file make the ?ight endgame's question, and get its answer."""
    import json
    words = [w for w in default_lists.answers if w.endswith("ight")]
    (tmp_path / "ight.txt").write_text("\n".join(words) + "\n")
    runs = []
    for chosen in (["--answers", str(tmp_path / "ight.txt")], ["--pattern", "?ight"]):
        main(["tree-model", *chosen, "--depth", "3", "--json"])
        runs.append(json.loads(capsys.readouterr().out))
    by_file, by_pattern = runs
    assert by_file["question"]["instance"] == "ight.txt" and by_file["question"]["answers"] == len(words)
    assert (by_file["status"], by_file["value"]) == (by_pattern["status"], by_pattern["value"]) == ("OPTIMAL", 22)


def test_cli_bad_input_is_one_line(capsys):
    for argv in (["tree-model", "--depth", "3"],
                 ["tree-model", "--answers", "all", "--depth", "3"],
                 ["tree-model", "--pattern", "?zzzz", "--depth", "3"],
                 ["tree-model", "--sample", "5", "--pattern", "?ills", "--depth", "3"],
                 ["tree-model", "--sample", "5", "--depth", "30"],
                 ["tree-model", "--sample", "5/40:x", "--depth", "3"],
                 ["tree-model", "--sample", "5", "--depth", "3", "--without", "cuts,hints"],
                 ["export-lp", "tree", "--sample", "5", "--depth", "3", "--without", "hint", "-o", "m.lp"]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("error:") and "\n" not in err, err


from wordlelab.instances.trees import TREE_INSTANCES  # noqa: E402


@pytest.mark.parametrize("name", [pytest.param(t.name, marks=[pytest.mark.slow] if t.size != "small" else [])
                                  for t in TREE_INSTANCES if t.size != "hard" or t.value is not None])
def test_instance_table_values_are_native_values(name):
    """The reference table of instances/trees.py agrees with the native searcher and with the layered model."""
    ti = next(t for t in TREE_INSTANCES if t.name == name)
    q = ti.question()
    expected = native_total(q)
    assert (None if expected == INF else expected) == ti.value
    check(q, solve_question(q, "layered", "cpsat", 60), expected)


def test_infeasible_against_a_known_tree_is_not_a_proof(monkeypatch):
    """A solver saying INFEASIBLE while the greedy warm start is a tree within the limit proves nothing."""
    import wordlelab.solvers.decision_tree as dt
    from wordlelab.solvers.backends import Solution
    answers, guesses = tiny_instance(3, n_answers=8, n_guesses=20)
    q = TreeQuestion("guard", tuple(answers), tuple(guesses), "easy", 5, "total")
    monkeypatch.setattr(dt, "run_model", lambda tm, solver, limit: Solution(solver, "INFEASIBLE", None, None))
    r = dt.solve_question(q, "assignment", "cbc", 5)
    assert r.status == "UNKNOWN" and r.certificate is None and not r.verified
