"""Multicolour permutation Wordle: Definition 4.3, Lemma 4.4, the Wordle numbers and Conjecture 4.5.

Every table here is computed two or more independent ways and compared; nothing is stored.
"""
import itertools
import json
import math

import pytest

from wordlelab.models import multicolour as mc
from wordlelab.models import wordle_numbers as wn
from wordlelab.models.permutation import eulerian, exc
from wordlelab.solvers.permutation.brute import brute_force, multicolour_game
from wordlelab.solvers.permutation.multicolour import optimal_multicolour

UNIFORM = [(s,) * n for n in range(1, 4) for s in range(1, 4)] + [(2, 2, 2, 2)]
MIXED = [(3, 1, 2), (1, 3, 2, 2), (2, 1), (1, 1, 3)]


# ---- Definition 4.3 and Lemma 4.4
@pytest.mark.parametrize("counts", UNIFORM + MIXED)
def test_corrected_definition_meets_lemma_4_4_on_every_secret(counts):
    for sigma, kappa in mc.secrets(counts):
        played = mc.play(sigma, kappa, counts, "corrected")
        assert played[-1] == (sigma, kappa)
        assert len(played) == 1 + exc(sigma) + sum(kappa)
        # every guess before the last is wrong somewhere, and colours never pass the secret's
        assert all(mc.colour_feedback(g, c, sigma, kappa) != "G" * len(counts) for g, c in played[:-1])
        assert all(c[v] <= kappa[v] for _, c in played for v in range(len(counts)))


def test_printed_definition_fails_first_at_n2_sigma_21():
    bad = mc.first_disagreement("printed", [(s,) * n for n in range(1, 4) for s in range(1, 4)])
    assert bad["counts"] == [1, 1] and bad["secret"] == "21/11" and bad["rounds"] is None
    # with two colours the hand check's secret: value 2 takes colour 2 at once, so round 2 misses
    played = mc.play((1, 0), (0, 0), (2, 2), "printed")
    assert played[1] == ((1, 0), (0, 1)) and mc.rounds((1, 0), (0, 0), (2, 2), "printed") is None
    assert mc.rounds((1, 0), (0, 0), (2, 2), "corrected") == 2


def test_printed_definition_disagrees_often():
    counts = (2, 2, 2)
    wrong = sum(mc.rounds(s, k, counts, "printed") != mc.lemma_4_4_rounds(s, k) for s, k in mc.secrets(counts))
    assert 0 < wrong < 48


@pytest.mark.parametrize("counts", [(2, 2), (3, 1, 2), (2, 2, 2), (1, 3, 2, 2), (3, 3, 3)])
def test_wrap_variant_formula_and_same_distribution(counts):
    histogram = {}
    for sigma, kappa in mc.secrets(counts):
        r = mc.rounds(sigma, kappa, counts, "wrap")
        assert r == mc.wrap_rounds_formula(sigma, kappa, counts)
        histogram[r] = histogram.get(r, 0) + 1
    assert [histogram.get(r, 0) for r in range(1, max(histogram) + 1)] == mc.round_counts(counts, "corrected")


# ---- the Wordle numbers, F_s and E_{s,z}
@pytest.mark.parametrize("counts", UNIFORM + MIXED)
def test_wordle_numbers_three_ways_and_by_simulation(counts):
    w = wn.wordle_gf(counts)
    assert w == wn.wordle_rec5(counts) == mc.round_counts(counts)
    assert sum(w) == math.factorial(len(counts)) * math.prod(counts)
    if len(set(counts)) == 1:
        assert w == wn.wordle_rec6(len(counts), counts[0])


@pytest.mark.parametrize("n,s", [(n, s) for n in range(0, 8) for s in range(1, 5)])
def test_wordle_number_identities(n, s):
    w = wn.wordle_rec6(n, s)
    assert w == wn.wordle_gf((s,) * n)
    if n:
        assert w == w[::-1]                                   # Corollary 4.11
    f = wn.f_sum(n, s)
    assert f == wn.f_rec(n, s)                                # Definition 4.13 = Theorem 4.15
    padded = f + [0] * (s * (n + 2))
    for z in range(1, s + 1):
        e = wn.e_rec(n, s, z)
        assert e == wn.e_gf(n, s, z)                          # Theorem 5.4 = Theorem 5.8
        assert [padded[s * k + z - 1] for k in range(len(e))] == e   # Proposition 5.5
    assert wn.e_rec(n, s, s) == [s ** n * eulerian(n, k) for k in range(max(n, 1))]   # E_{s,s} = s^n A
    assert [padded[s * k + s - 1] for k in range(max(n, 1))] == [s ** n * eulerian(n, k) for k in range(max(n, 1))]


@pytest.mark.parametrize("n", range(1, 6))
def test_pair_sums_of_w2_give_2n_eulerian_and_type_b(n):
    w = wn.wordle_rec6(n, 2) + [0, 0]
    pairs_from_first = [w[2 * k] + w[2 * k + 1] for k in range(n)]
    pairs_after_one = [w[0]] + [w[2 * k - 1] + w[2 * k] for k in range(1, n + 1)]
    assert pairs_from_first == [2 ** n * eulerian(n, k) for k in range(n)]
    assert pairs_after_one == wn.type_b_eulerian(n) == wn.e_count(n, 2, 1)


@pytest.mark.parametrize("n,s,z", [(n, s, z) for n in range(1, 5) for s in range(1, 4) for z in range(1, s + 1)])
def test_z_excedance_count_matches_recurrence(n, s, z):
    assert wn.e_count(n, s, z) == wn.e_rec(n, s, z)


@pytest.mark.parametrize("d,s,z", [(2, 1, 1), (2, 2, 1), (3, 2, 1), (2, 3, 2)])
def test_proposition_5_6_scaling(d, s, z):
    for n in range(0, 6):
        assert wn.e_rec(n, d * s, d * z) == [d ** n * x for x in wn.e_rec(n, s, z)]


# ---- Conjecture 4.5 by exact search
@pytest.mark.parametrize("counts", [(3,), (2, 2), (2, 3), (3, 3), (1, 1, 2), (2, 1, 2)])
def test_exact_multicolour_optimum_matches_brute_force(counts):
    r = optimal_multicolour(counts)
    b = brute_force(multicolour_game(len(counts), list(counts)), max_secrets=1000)
    assert r.status.value == "OPTIMAL" and r.verified
    assert r.value == b["total"]
    assert r.stats["within"][:len(b["within"])] == b["within"]
    assert sum(mc.evaluate_colour_tree(r.certificate, len(counts), counts)) == r.value


@pytest.mark.parametrize("counts", [(2, 2, 2), (3, 3, 3), (1, 2, 3)])
def test_conjecture_4_5_holds_for_small_cases(counts):
    r = optimal_multicolour(counts)
    assert r.stats["conjecture_4_5"]
    assert r.stats["within"] == list(itertools.accumulate(wn.wordle_gf(counts)))
    assert r.value == r.stats["circular_shift_total"]


@pytest.mark.slow
def test_conjecture_4_5_holds_for_n4_two_colours():
    r = optimal_multicolour((2, 2, 2, 2))       # about 35 s
    assert r.stats["conjecture_4_5"] and r.value == 1728


# ---- CLI
def test_cli_numbers_mixed_colours_and_families(cli_run):
    rows = json.loads(cli_run(["perm", "numbers", "--n", "3", "--colors", "1,2,3", "--json"]).out)
    assert len(rows) == 1 and rows[0]["counts"] == wn.wordle_gf((1, 2, 3))
    assert "CircularShift on every secret" in rows[0]["checked_by"]
    rows = json.loads(cli_run(["perm", "numbers", "--n", "4", "--colors", "3", "--family", "excedances", "--z", "2",
                               "--json"]).out)
    assert rows[-1]["counts"] == wn.e_count(4, 3, 2)


def test_cli_lemma_and_multicolour(cli_run, tmp_path):
    rows = json.loads(cli_run(["perm", "lemma", "--n-max", "3", "--colors-max", "2", "--json"]).out)
    verdict = {r["strategy"]: r["agrees"] for r in rows}
    assert verdict == {"printed": False, "corrected": True, "wrap": False}
    path = tmp_path / "t.json"
    data = json.loads(cli_run(["perm", "multicolour", "--n", "2", "--colors", "3", "--tree", str(path),
                               "--json"]).out)
    assert data["status"] == "OPTIMAL" and data["verified"] and data["stats"]["conjecture_4_5"]
    assert sum(mc.evaluate_colour_tree(json.loads(path.read_text())["tree"], 2, 3)) == data["value"]


@pytest.mark.parametrize("args,message", [
    (["perm", "numbers", "--n", "3", "--colors", "1,2"], "colour counts"),
    (["perm", "numbers", "--n", "3", "--colors", "2", "--family", "excedances", "--z", "3"], "--z"),
    (["perm", "numbers", "--n", "3", "--colors", "1,2,3", "--family", "sums"], "one colour count"),
    (["perm", "multicolour", "--n", "5", "--colors", "2"], "beyond"),
    (["perm", "lemma", "--n-max", "7"], "--n-max"),
    (["perm", "play", "--n", "2", "--secret", "21", "--colors", "2", "--colouring", "13"], "only 2 colours"),
])
def test_cli_multicolour_bad_input(cli_run, args, message):
    res = cli_run(args, expect_error=True)
    assert message in res.output and "Traceback" not in res.output
