"""The LP branch-and-bound proof for fixed guesses, and its checker, on small instances."""
import copy
import itertools
import json
import random

import numpy as np
import pytest

from wordlelab.cli import main
from wordlelab.models.blindfold import BoundTreeFault, check_bound_tree
from wordlelab.models.feedback import feedback
from wordlelab.models.matrix import pattern_matrix
from wordlelab.solvers.blindfold import separates
from wordlelab.solvers.blindfold.duals import (hard_pairs, letter_masks, rule_out_by_duals, subset_counts,
                                               violated_pairs)


def instance(lists, seed, n_answers=30, n_guesses=12):
    M = pattern_matrix(lists)
    rng = random.Random(seed)
    cols = sorted(rng.sample(range(M.shape[1]), n_answers))
    rows = sorted(rng.sample(range(M.shape[0]), n_guesses))
    P = np.ascontiguousarray(M[np.ix_(rows, cols)])
    return P, [lists.guesses[t] for t in rows], [lists.answers[c] for c in cols]


def least_by_brute_force(P):
    for k in range(P.shape[0] + 1):
        if any(separates(P[list(c)]) for c in itertools.combinations(range(P.shape[0]), k)):
            return k
    return None


@pytest.mark.parametrize("seed", range(8))
def test_decides_every_k_like_brute_force(default_lists, seed):
    P, names, answers = instance(default_lists, seed)
    least = least_by_brute_force(P)
    for k in range(0, min(P.shape[0], (least or P.shape[0]) + 1) + 1):
        out = rule_out_by_duals(P, names, answers, k, time_limit=60)
        if least is None or k < least:
            assert out["status"] == "INFEASIBLE", (k, least)
            counts = check_bound_tree(out["certificate"], names, answers)
            assert counts["leaves"] * 2 - 1 == counts["nodes"]          # a full binary tree
        else:
            assert out["status"] == "FOUND" and len(out["found"]) <= k
            assert separates(P[out["found"]])


@pytest.fixture(scope="module")
def small_proof(default_lists):
    """A certificate that 3 guesses of a 40-word pool cannot identify 60 answers, with several leaves."""
    for seed in range(20):
        P, names, answers = instance(default_lists, seed, n_answers=60, n_guesses=40)
        for k in range(2, 6):
            out = rule_out_by_duals(P, names, answers, k, time_limit=60)
            if out["status"] == "INFEASIBLE" and "guess" in out["certificate"]["tree"]:
                return out["certificate"], names, answers
    pytest.skip("no small instance with a branching proof")


def _leaves(node):
    if "guess" in node:
        yield from _leaves(node["with"])
        yield from _leaves(node["without"])
    else:
        yield node


def test_checker_accepts_the_proof(small_proof):
    cert, names, answers = small_proof
    counts = check_bound_tree(cert, names, answers)
    assert counts["nodes"] >= 3 and counts["pairs_checked"] <= len(cert["pairs"])


def _tampered(cert, how):
    bad = copy.deepcopy(cert)
    how(bad)
    return bad


def _zero_duals(c):
    for leaf in _leaves(c["tree"]):
        if "dual" in leaf:
            leaf["dual"] = [[r, 0] for r, _ in leaf["dual"]]


def _drop_branch(c):
    c["tree"]["without"] = {"dual": []}


def _branch_twice(c):
    t = c["tree"]
    t["with"] = {"guess": t["guess"], "with": t["with"], "without": t["with"]}


def _unknown_guess(c):
    c["tree"]["guess"] = "zzzzz"


def _swap_pair(c):
    c["pairs"][0] = [c["pairs"][0][0], "qqqqq"]


def _negative(c):
    for leaf in _leaves(c["tree"]):
        if "dual" in leaf and leaf["dual"]:
            leaf["dual"][0][1] = -1
            return


def _lower_k(c):
    c["k"] = c["k"] + 1     # the same tree cannot rule out one guess more


@pytest.mark.parametrize("how", [_zero_duals, _drop_branch, _branch_twice, _unknown_guess, _swap_pair, _negative,
                                 _lower_k], ids=lambda f: f.__name__)
def test_checker_rejects_a_broken_proof(small_proof, how):
    cert, names, answers = small_proof
    with pytest.raises(BoundTreeFault):
        check_bound_tree(_tampered(cert, how), names, answers)


def test_checker_rejects_weight_on_a_pair_already_separated():
    # bills/pills is separated by "belly"; a leaf that took belly in may not weigh that pair
    cert = {"k": 1, "denominator": 1, "pairs": [["bills", "pills"]],
            "tree": {"guess": "belly", "with": {"dual": [[0, 5]]}, "without": {"unseparable": 0}}}
    with pytest.raises(BoundTreeFault):
        check_bound_tree(cert, ["belly", "salet"], ["bills", "pills"])


def test_checker_rejects_an_unseparable_claim_with_a_free_separator():
    cert = {"k": 1, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"unseparable": 0}}
    with pytest.raises(BoundTreeFault):
        check_bound_tree(cert, ["belly", "salet"], ["bills", "pills"])
    # with only salet (no b, no p) nothing separates them: the claim holds
    assert check_bound_tree(cert, ["salet"], ["bills", "pills"])["leaves"] == 1


@pytest.mark.parametrize("cert, guesses, answers", [
    # eeeee separates these; a word of another length must not slip past the letter lemma
    ({"k": 5, "denominator": 1, "pairs": [["abcd", "abcde"]], "tree": {"unseparable": 0}}, ["eeeee"],
     ["abcd", "abcde"]),
    ({"k": True, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"unseparable": 0}}, ["salet"],
     ["bills", "pills"]),
    ({"k": 0.5, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"unseparable": 0}}, ["salet"],
     ["bills", "pills"]),
    ({"k": 0, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"dual": [[0, 1, 2]]}}, ["salet"],
     ["bills", "pills"]),
    ({"k": 0, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"dual": None}}, ["salet"],
     ["bills", "pills"]),
    ({"k": 0, "denominator": 1, "pairs": [[["bills"], "pills"]], "tree": {"unseparable": 0}}, ["salet"],
     ["bills", "pills"]),
    ({"k": 0, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"unseparable": -1}}, ["salet"],
     ["bills", "pills"]),
    ({"k": 0, "denominator": 1, "pairs": [["bills", "pills"]], "tree": {"guess": "salet", "with": None}},
     ["salet"], ["bills", "pills"]),
], ids=["length", "bool-k", "float-k", "triple", "null-duals", "list-word", "negative-index", "no-child"])
def test_checker_rejects_malformed_certificates(cert, guesses, answers):
    with pytest.raises(BoundTreeFault):
        check_bound_tree(cert, guesses, answers)


def test_hard_pairs_rank_by_the_letter_bound(default_lists):
    answers = list(default_lists.answers[::25])
    guesses = list(default_lists.guesses[::7])
    n = len(answers)
    count = 50
    pairs = hard_pairs(answers, guesses, count)
    masks = letter_masks(guesses)

    def bound(a, b):
        differ = 0
        for x, y in zip(a, b):
            if x != y:
                differ |= (1 << (ord(x) - 97)) | (1 << (ord(y) - 97))
        return int(((masks & differ) != 0).sum())

    every = sorted(bound(answers[i], answers[j]) for i in range(n) for j in range(i + 1, n))
    got = [bound(answers[i], answers[j]) for i, j in pairs]
    assert len(pairs) == count and sorted(got) == every[:count] and got == sorted(got)
    # the lemma: the bound is never below the true number of separators
    for i, j in pairs[:10]:
        true = sum(feedback(g, answers[i]) != feedback(g, answers[j]) for g in guesses)
        assert true <= bound(answers[i], answers[j])


def test_violated_pairs_are_the_least_covered(default_lists):
    P, names, answers = instance(default_lists, 5, n_answers=40, n_guesses=15)
    rng = np.random.default_rng(0)
    x = np.where(rng.random(P.shape[0]) < 0.5, rng.random(P.shape[0]) * 0.6, 0.0)
    cover = {(i, j): float(x[P[:, i] != P[:, j]].sum()) for i in range(40) for j in range(i + 1, 40)}
    short = sorted((c, p) for p, c in cover.items() if c < 1 - 1e-7)
    got = violated_pairs(P, x, 7)
    assert [cover[p] for p in got] == pytest.approx([c for c, _ in short[:7]])
    skip = set(got[:3])
    assert not skip & set(violated_pairs(P, x, 7, skip))
    assert len(violated_pairs(P, x, 10 ** 6)) == len(short)


def test_subset_counts_is_the_zeta_transform():
    rng = random.Random(3)
    words = ["".join(rng.choice("abcdefghij") for _ in range(5)) for _ in range(40)]
    masks = letter_masks(words)
    f = subset_counts(masks)
    for _ in range(30):
        s = rng.getrandbits(10)
        assert f[s] == sum(1 for m in masks.tolist() if m & ~s == 0)


def test_duals_checkpoint_keeps_the_pair_rows(lists_0316, tmp_path):
    from wordlelab.errors import WordleError
    from wordlelab.models.settings import Execution, Limits
    from wordlelab.solvers.blindfold import BlindfoldOptions, least_fixed_guesses
    M = pattern_matrix(lists_0316)
    answers = [a for a in lists_0316.answers if a.endswith(("ight", "ills"))]
    P = np.ascontiguousarray(M[:, [lists_0316.answers.index(a) for a in answers]])
    names = list(lists_0316.guesses)
    ck = tmp_path / "duals.json"
    how, execution = BlindfoldOptions("duals", search_time=1), Execution(checkpoint=str(ck))
    first = least_fixed_guesses(P, names, answers, 1, how, Limits(), execution)
    assert first.status == "INFEASIBLE" and first.certificate_kind == "bound-tree" and first.verified
    rows = json.loads(ck.read_text())["entries"]["rows"]
    assert first.stats["pair_rows"] > 0 and len(rows) == first.stats["pair_rows"]
    again = least_fixed_guesses(P, names, answers, 1, how, execution=execution)
    assert again.status == "INFEASIBLE" and again.stats["pair_rows"] == len(rows)
    with pytest.raises(WordleError, match="another question"):
        least_fixed_guesses(P, names, answers[:-1], 1, how, execution=execution)


def run(args) -> int:
    """The CLI's exit code."""
    try:
        main(args)
    except SystemExit as exit_:
        return exit_.code
    return 0


def test_cli_saves_and_checks_a_proof(tmp_path, capsys):
    proof = tmp_path / "p.json"
    lp = tmp_path / "p.lp"
    assert run(["blindfold", "--lists", "nyt20220316", "--k", "2", "--sample", "100", "--pool", "300",
                 "--search", "2", "--save", str(proof), "--save", str(lp)]) == 0
    assert "PROVEN: no 2 guesses" in capsys.readouterr().out
    saved = json.loads(proof.read_text())
    assert saved["k"] == 2 and len(saved["guesses"]) == 300 and lp.stat().st_size > 0
    assert run(["blindfold", "--lists", "nyt20220316", "--check-proof", str(proof)]) == 0
    assert "PROVEN: no 2 fixed guesses" in capsys.readouterr().out
    saved["tree"] = {"dual": []}
    proof.write_text(json.dumps(saved))
    assert run(["blindfold", "--lists", "nyt20220316", "--check-proof", str(proof)]) == 1     # a failed check
    out = capsys.readouterr().out
    assert out.startswith("REJECTED: --check-proof") and out.count("\n") == 1
    assert run(["blindfold", "--lists", "nyt20220316", "--check-proof", str(proof), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["status"], data["verified"]) == ("UNKNOWN", False) and data["rejected"]


@pytest.mark.parametrize("args, message", [
    (["--proof", "letters", "--save", "x.json"], "the certificate is that of --proof duals"),
    (["--proof", "letters", "--save", "x.lp"], "the letter search has none"),
    (["--proof", "rows", "--save", "x.json"], "the certificate is that of --proof duals"),
    (["--save", "x.txt"], "name the file .json"),
    (["--save", "x.lp", "--save", "y.mps"], "one model file, not 2"),
])
def test_cli_refuses_options_of_another_proof(tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    assert run(["blindfold", "--sample", "20", *args]) == 2
    assert message in capsys.readouterr().err


def test_cli_check_proof_of_a_non_certificate(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert run(["blindfold", "--check-proof", str(bad)]) == 2
    assert capsys.readouterr().err.startswith("error: --check-proof")


def test_the_bench_suite_runs_both_side_by_side(default_lists):
    from wordlelab.bench.blindfold import side_by_side
    import re
    P, names, answers = instance(default_lists, 2, n_answers=80, n_guesses=60)
    rows = list(side_by_side(P, names, answers, 2, "small"))
    assert rows[0].value > 0 and len(rows) == 2
    ours = rows[1]
    assert ours.status == "INFEASIBLE" and ours.reference_seconds > 0
    # the MIP solver agrees: its optimum on the same rows is above 2
    assert float(re.search(r"rows, OPTIMAL ([0-9.]+)", ours.note).group(1)) > 2
