"""Permutation Wordle: the model, CircularShift, the exact solver, the models, and the CLI."""
import itertools
import json
import math
import random

import numpy as np
import pytest

from wordlelab.solvers.backends import installed

from wordlelab.errors import WordleError
from wordlelab.models.permutation import (circular_shift_counts, circular_shift_mean, circular_shift_next,
                                          evaluate_tree, eulerian, eulerian_explicit, exc, feedback, format_perm,
                                          parse_history, parse_perm, play_circular_shift, secrets_after)
from wordlelab.solvers.permutation import core
from wordlelab.solvers.permutation.brute import brute_force, multicolour_game, single_colour_game
from wordlelab.solvers.permutation import consistency_gaps, discover, optimal_tree, solve


# ---- the game and CircularShift
def test_feedback_marks_correct_positions():
    assert feedback(parse_perm("1234"), parse_perm("1243")) == "GGBB"


def test_circular_shift_step_moves_wrong_values_right_cyclically():
    # positions 1,3,4,5 wrong: their values 1,3,4,5 move right among those positions
    assert format_perm(circular_shift_next(parse_perm("12345"), "BGBBB")) == "52134"


def test_figure_3_secret_takes_four_rounds():
    guesses = play_circular_shift(parse_perm("724853169"))
    assert len(guesses) == 4 and guesses[-1] == parse_perm("724853169")


@pytest.mark.parametrize("n,expected", [(3, [1, 4, 1]), (4, [1, 11, 11, 1])])
def test_figures_1_and_2_by_simulation(n, expected):
    counts = [0] * n
    for s in itertools.permutations(range(n)):
        counts[len(play_circular_shift(s)) - 1] += 1
    assert counts == expected == circular_shift_counts(n)


@pytest.mark.parametrize("n", range(1, 8))
def test_theorem_1_1_rounds_are_one_plus_excedances(n):
    counts = [0] * n
    for s in itertools.permutations(range(n)):
        rounds = len(play_circular_shift(s))
        assert rounds == 1 + exc(s)
        counts[rounds - 1] += 1
    assert counts == [eulerian(n, k) for k in range(n)] == [eulerian_explicit(n, k) for k in range(n)]
    assert circular_shift_mean(n) * 2 == n + 1


def test_eulerian_recurrence_matches_closed_form_beyond_simulation():
    for n in range(1, 16):
        assert [eulerian(n, k) for k in range(n)] == [eulerian_explicit(n, k) for k in range(n)]
        assert sum(eulerian(n, k) for k in range(n)) == math.factorial(n)


@pytest.mark.parametrize("bad", ["2243", "12a4", "0123", "12345"])
def test_bad_permutations_are_one_line_errors(bad):
    with pytest.raises(WordleError):
        parse_perm(bad, 4)


def test_bad_history_is_rejected():
    with pytest.raises(WordleError):
        parse_history(["1234"], 4)
    with pytest.raises(WordleError):
        parse_history(["1234:GGXB"], 4)


# ---- canonical forms
def _relabel(rows, k, pr, pc, transpose):
    out = np.zeros(k, np.int64)
    for i in range(k):
        for j in range(k):
            if (rows[i] >> j) & 1:
                if transpose:
                    out[pc[j]] |= 1 << pr[i]
                else:
                    out[pr[i]] |= 1 << pc[j]
    return out


def test_canonical_key_is_invariant_and_symmetries_are_symmetries():
    rng = random.Random(7)
    for trial in range(400):
        k = rng.randint(1, 8)        # k = 8 fills the int64 key, and its keys can be negative
        match = list(range(k))
        rng.shuffle(match)           # a state's graph has a perfect matching: no empty row or column
        rows = np.array([rng.randrange(1 << k) | 1 << match[i] for i in range(k)], np.int64)
        pr, pc = list(range(k)), list(range(k))
        rng.shuffle(pr)
        rng.shuffle(pc)
        other = _relabel(rows, k, pr, pc, trial % 2 == 1)
        assert core.canonical(rows, k) == core.canonical(other, k)
        E = sum(int(rows[i]) << (8 * i) for i in range(k))
        E -= (E >> 63) << 64             # as the int64 the compiled code packs (bit 63 is the sign)
        for emap in core.automorphisms(rows, k):
            assert core.image(E, emap) == E
        key, row_of, col_of = core.canonical_map(rows, k)
        decoded, _ = core.decode(key)
        for i in range(k):
            for b in range(k):
                assert ((decoded[i] >> b) & 1) == ((rows[row_of[i, b]] >> col_of[i, b]) & 1)


def test_canonical_key_separates_non_isomorphic_graphs():
    a = np.array([0b011, 0b110, 0b101], np.int64)     # a 6-cycle
    b = np.array([0b011, 0b011, 0b100], np.int64)     # K2,2 plus an edge
    assert core.canonical(a, 3) != core.canonical(b, 3)


# ---- the exact solver against brute force
@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("consistent", [False, True])
def test_exact_solver_matches_brute_force_from_the_start(n, consistent):
    b = brute_force(single_colour_game(n), consistent=consistent)
    r = solve(n, consistent)
    assert (r.total, r.within, r.worst_case) == (b["total"], b["within"][:n], b["worst_case"])


def test_exact_solver_matches_brute_force_after_random_histories():
    rng = random.Random(11)
    game = single_colour_game(5)
    index = {s: i for i, s in enumerate(game.secrets)}
    checked = 0
    while checked < 6:
        secret = tuple(rng.sample(range(5), 5))
        hist = []
        for _ in range(2):
            g = tuple(rng.sample(range(5), 5))
            hist.append((g, feedback(g, secret)))
        S = secrets_after(5, hist)
        if not 3 <= len(S) <= 16:
            continue
        for consistent in (False, True):
            b = brute_force(game, start=[index[s] for s in S], consistent=consistent)
            r = solve(5, consistent, hist)
            assert (r.total, r.within) == (b["total"], b["within"][:5])
        checked += 1


def test_conjectures_and_li_zhu_hold_up_to_six():
    for n in range(1, 7):
        r = solve(n)
        cs = list(itertools.accumulate(circular_shift_counts(n)))
        assert r.mean * 2 == n + 1              # Conjecture 3.7: nothing beats (n+1)/2
        assert r.within == cs                   # Conjecture 2.2: CircularShift is best within every r
        assert r.worst_case == n                # Li-Zhu
        assert r.universal


@pytest.mark.parametrize("n", [4, 5, 6])
def test_optimal_tree_is_verified_by_the_independent_evaluator(n):
    r = solve(n)
    rounds = evaluate_tree(optimal_tree(r), n)
    assert len(rounds) == math.factorial(n) and sum(rounds) == r.total


def test_optimal_tree_after_a_history():
    hist = parse_history(["12345:GBBBB", "13452:GBBBB"], 5)
    r = solve(5, False, hist)
    rounds = evaluate_tree(optimal_tree(r), 5, hist)
    assert len(rounds) == r.n_secrets == len(secrets_after(5, hist)) and sum(rounds) == r.total


def test_evaluator_rejects_broken_trees():
    with pytest.raises(WordleError):
        evaluate_tree({"guess": "123", "next": {}}, 3)                 # no branch for 132 etc.
    with pytest.raises(WordleError):
        evaluate_tree({"guess": "113"}, 3)                             # not a permutation


def test_impossible_history_is_an_error():
    with pytest.raises(WordleError, match="impossible"):
        solve(4, False, parse_history(["1234:GGGB"], 4))


def test_n_too_large_is_an_error():
    with pytest.raises(WordleError):
        solve(9)


def test_discovery_resumes_from_its_checkpoint(tmp_path):
    path = str(tmp_path / "disc.pkl")
    rows, k, _, _ = (np.full(6, 0b111111, np.int64), 6, None, None)
    root = int(core.canonical(rows, k))
    fresh = discover(root, False)

    def stop_early(done, total):
        if done == 40:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        discover(root, False, progress=stop_early, checkpoint=path)
    resumed = discover(root, False, checkpoint=path)
    assert resumed.keys.tolist() == fresh.keys.tolist()
    assert resumed.child_ids.tolist() == fresh.child_ids.tolist()


# ---- consistent guesses only
def test_smallest_costly_state_for_consistent_guesses_is_confirmed_by_brute_force():
    gaps = consistency_gaps(5)
    assert gaps["worse_total"] == 0 and gaps["worse_within"] > 0
    # rebuild the reported state and check it independently
    allowed = {}
    for part in gaps["smallest"].split():
        pos, vals = part.split(":")
        allowed[int(pos) - 1] = {int(v) - 1 for v in vals.strip("{}").split(",")}
    k = len(allowed)
    secrets = [p for p in itertools.permutations(range(k)) if all(p[i] in allowed[i] for i in range(k))]
    assert len(secrets) == gaps["smallest_secrets"]
    game = single_colour_game(k)
    index = {s: i for i, s in enumerate(game.secrets)}
    free = brute_force(game, start=[index[s] for s in secrets])
    cons = brute_force(game, start=[index[s] for s in secrets], consistent=True)
    assert [free["within"], cons["within"]] == [w[:len(free["within"])] for w in gaps["smallest_within"]]
    assert free["within"] != cons["within"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_consistent_guesses_cost_nothing_for_small_n(n):
    g = consistency_gaps(n)
    assert g["worse_total"] == g["worse_within"] == 0 and g["smallest"] is None


# ---- CP-SAT / MIP models
@pytest.mark.parametrize("solver", installed())
def test_models_match_native_solver(solver):
    from wordlelab.solvers.permutation.model import solve_model
    for n in (3, 4):
        r = solve_model(n, "total", None, solver, time_limit=60)
        assert r.status == "OPTIMAL" and r.verified
        assert r.value == r.stats["rescored"] == r.stats["native"] == solve(n).total
    for rounds in (2, 3):
        r = solve_model(4, "within", rounds, solver, time_limit=60)
        assert r.status == "OPTIMAL" and r.value == r.stats["rescored"] == solve(4).within[rounds - 1]


def test_model_with_consistent_guesses_and_history():
    from wordlelab.solvers.permutation.model import solve_model
    hist = parse_history(["1234:BBBB"], 4)
    r = solve_model(4, "total", None, "cpsat", True, hist)
    assert r.status == "OPTIMAL" and r.value == solve(4, True, hist).total


def test_model_too_tight_is_infeasible_not_wrong():
    from wordlelab.encoders.permutation import build
    with pytest.raises(WordleError, match="no strategy"):
        build(3, "total", rounds=1)


@pytest.mark.slow
def test_n7_exact_optimum():
    r = solve(7)
    assert r.total == 20160 and r.within == list(itertools.accumulate(circular_shift_counts(7)))
    assert r.universal and r.worst_case == 7
    assert sum(evaluate_tree(optimal_tree(r), 7)) == r.total


# ---- CLI
def test_cli_play_figure_3(cli_run):
    res = cli_run(["perm", "play", "--n", "9", "--secret", "724853169", "--json"])
    data = json.loads(res.output)
    assert data["rounds"] == 4 and data["guesses"][-1]["feedback"] == "G" * 9


def test_cli_optimal_writes_a_verified_tree(cli_run, tmp_path):
    path = tmp_path / "p5.json"
    res = cli_run(["perm", "optimal", "--n", "5", "--tree", str(path), "--json"])
    data = json.loads(res.out)
    assert data["status"] == "OPTIMAL" and data["verified"] and data["value"] == data["stats"]["total_rounds"] == 360
    tree = json.loads(path.read_text())["tree"]
    assert tree == data["certificate"]
    assert sum(evaluate_tree(tree, 5)) == 360


@pytest.mark.parametrize("args,message", [
    (["perm", "optimal", "--n", "9"], "out of range"),
    (["perm", "play", "--n", "4", "--secret", "2243"], "not a permutation"),
    (["perm", "optimal", "--n", "4", "--history", "1234:GGGB"], "impossible"),
    (["perm", "model", "--n", "5"], "out of range"),
    (["perm", "play", "--n", "4", "--secret", "2143", "--colors", "2"], "colouring"),
])
def test_cli_bad_input_is_one_line(cli_run, args, message):
    res = cli_run(args, expect_error=True)
    assert message in res.output and "Traceback" not in res.output


def test_cli_model_exports_lp(cli_run, tmp_path):
    path = tmp_path / "p3.lp"
    res = cli_run(["perm", "model", "--n", "3", "--solver", "cbc", "--export", str(path), "--json"])
    out = json.loads(res.out)
    assert out["status"] == "OPTIMAL" and out["verified"] and out["certificate_kind"] == "strategy"
    text = path.read_text()
    assert text.split("\n", 1)[1].startswith("min") and "x_r0_123_0" in text


# ---- discovery as a sweep (issue: sweeps beyond one machine)
def test_perm_sweep_gives_the_same_answer_on_every_executor(tmp_path):
    pytest.importorskip("distributed")
    from wordlelab.solvers.permutation.sweep import solve_sweep
    plain = solve(5)
    answers = []
    for kind, workers, address in (("inprocess", 1, None), (None, 2, None), (None, 2, "local")):
        r, ex = solve_sweep(5, workers=workers, dask_address=address, executor_kind=kind,
                            checkpoint=str(tmp_path / f"{ex_name(kind, address)}.json"))
        answers.append((ex.name, r.total, r.within, r.universal, r.states))
    assert {a[0] for a in answers} == {"inprocess", "pool", "dask"}
    assert {a[1:4] == (plain.total, plain.within, plain.universal) for a in answers} == {True}
    assert len({a[4] for a in answers}) == 1


def ex_name(kind, address):
    return address or kind or "pool"


def test_perm_sweep_resumes_from_its_checkpoint(tmp_path):
    from wordlelab.solvers.permutation.sweep import solve_sweep
    path = str(tmp_path / "sweep.json")
    seen = []

    def stop(n=1, info=None):
        seen.append(n)
        if len(seen) == 6:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve_sweep(6, executor_kind="inprocess", checkpoint=path, progress=stop)
    saved = json.loads(open(path).read())["entries"]     # one entry per state expanded
    assert 0 < len(saved) < 184
    r, _ = solve_sweep(6, executor_kind="inprocess", checkpoint=path)
    assert (r.total, r.within, r.states) == (2520, solve(6).within, 184)


@pytest.mark.parametrize("n,s,solver", [(1, 3, "cpsat"), (2, 2, "cbc"), (2, 2, "highs")])
def test_multicolour_models_match_brute_force(n, s, solver):
    from wordlelab.solvers.permutation.model import solve_model
    r = solve_model(n, "total", None, solver, colours=s)
    assert r.status == "OPTIMAL" and r.value == r.stats["rescored"] == r.stats["native"]
    w = solve_model(n, "within", 2, solver, colours=s)
    assert w.status == "OPTIMAL" and w.value == w.stats["rescored"] == w.stats["native"]


@pytest.mark.slow
def test_n7_state_where_consistency_costs_total_rounds_by_brute_force():
    """Reported by `perm consistency --n-max 7`: any guess 32 rounds, consistent guesses 33 (about 6 min)."""
    allowed = [{3, 4, 5, 6}, {0, 1, 6}, {3, 4, 5}, {0, 5}, {3, 4}, {0, 1, 2}, {0, 1, 2}]
    secrets = [p for p in itertools.permutations(range(7)) if all(p[i] in allowed[i] for i in range(7))]
    game = single_colour_game(7)
    index = {s: i for i, s in enumerate(game.secrets)}
    start = [index[s] for s in secrets]
    free = brute_force(game, start=start, max_secrets=6000)
    cons = brute_force(game, start=start, consistent=True, max_secrets=6000)
    assert (len(secrets), free["total"], cons["total"]) == (16, 32, 33)


def test_scorer_checks_consistent_guesses():
    """Guessing 123 again after 123 answered BBB is legal, but not consistent: the scorer says so."""
    tree = {"guess": "123", "next": {"BBB": {"guess": "123", "next": {}}}}
    assert evaluate_tree({"guess": "123", "next": {}}, 3, complete=False)[0] == 1
    with pytest.raises(WordleError, match="not consistent"):
        evaluate_tree(tree, 3, complete=False, consistent_only=True)
