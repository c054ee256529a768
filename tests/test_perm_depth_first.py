"""The depth-first, values-only permutation solver (for n = 8) against the breadth-first one."""
import json
import random
from math import factorial

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.permutation import feedback, parse_history, secrets_after
from wordlelab.solvers.runtime.checkpoint_log import CheckpointLog, load_log
from wordlelab.solvers.permutation import _evaluate, core, root_key, solve
from wordlelab.solvers.permutation.brute import brute_force, single_colour_game
from wordlelab.solvers.permutation.depth_first import value_states, within_bounds
from wordlelab.solvers.permutation.optimal import optimal


def _same_as_breadth_first(n, consistent, history=(), prune=False):
    bfs = solve(n, consistent, history)
    sp = bfs.space
    total, within, universal, best = _evaluate(sp.n_secrets, sp.out_start, sp.out_win, sp.child_start,
                                               sp.child_ids, n + 1)
    table = value_states(root_key(n, history), consistent, n + 1, prune=prune)
    index = {key: i for i, key in enumerate(sp.keys.tolist())}
    valued = table._table.keys() if prune else sp.keys.tolist()
    assert len(table) == len(valued) and set(valued) <= set(index)
    for key in valued:
        i = index[key]
        v = table[key]
        assert (v.secrets, v.total, v.universal) == (sp.n_secrets[i], total[i], universal[i])
        assert v.within == within[i].tolist()
        assert v.best_rep == sp.out_rep[best[i]]        # the same first least outcome
    return len(table), sp.n_states


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("consistent", [False, True])
@pytest.mark.parametrize("prune", [False, True])
def test_every_state_valued_as_the_breadth_first_dp_does(n, consistent, prune):
    _same_as_breadth_first(n, consistent, prune=prune)


def test_pruning_values_fewer_states():
    valued, states = _same_as_breadth_first(6, False, prune=True)
    assert valued < states


@pytest.mark.parametrize("prune", [False, True])
def test_after_a_history(prune):
    _same_as_breadth_first(6, False, parse_history(["123456:GBBGBB"], 6), prune=prune)


def test_pruned_values_match_brute_force_after_random_histories():
    rng = random.Random(5)
    game = single_colour_game(5)
    index = {s: i for i, s in enumerate(game.secrets)}
    checked = 0
    while checked < 8:
        secret = tuple(rng.sample(range(5), 5))
        hist = []
        for _ in range(rng.choice((1, 2))):
            g = tuple(rng.sample(range(5), 5))
            hist.append((g, feedback(g, secret)))
        S = secrets_after(5, hist)
        if not 3 <= len(S) <= 40:
            continue
        for consistent in (False, True):
            b = brute_force(game, start=[index[s] for s in S], consistent=consistent)
            v = value_states(root_key(5, hist), consistent, 6)[root_key(5, hist)]
            assert (v.total, v.within[1:6]) == (b["total"], b["within"][:5])
        checked += 1


@pytest.mark.parametrize("n", [3, 4])
def test_within_bounds_hold_on_every_state_by_brute_force(n):
    """The bound table is at least each state's most solved within r (brute force), and at the top
    size at least the start's."""
    bound = within_bounds(n)
    game = single_colour_game(n)
    index = {s: i for i, s in enumerate(game.secrets)}
    table = value_states(root_key(n), False, n + 1, prune=False)
    for key in table._table.keys():
        rows, k = core.decode(key)
        v = table[key]
        assert all(v.within[r] <= bound[k, r] for r in range(n + 2))
    start = brute_force(game, start=list(index.values()))
    assert all(start["within"][r - 1] <= bound[n, r] for r in range(1, n + 1))
    assert bound[n - 1, n - 1] == factorial(n - 1) and bound[n, 1] == 1 and bound[n, 2] == min(factorial(n), 2 ** n)


def test_optimal_depth_first_gives_the_same_result_and_a_verified_tree():
    a, b = optimal(6), optimal(6, depth_first=True)
    assert b.verified and b.stats["method"] == "depth-first"
    assert (a.value, a.stats["within"], a.stats["one_strategy_attains_all"], a.stats["worst_case"]) == \
        (b.value, b.stats["within"], b.stats["one_strategy_attains_all"], b.stats["worst_case"])
    assert a.certificate == b.certificate
    assert a.question == b.question


def test_a_stopped_run_resumes_from_its_log_without_expanding_valued_states(tmp_path):
    log = tmp_path / "p6.log"
    seen = []

    def stop_after_100(valued, expanded, depth):
        seen.append(valued)
        if valued == 100:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        value_states(root_key(6), False, 7, log, progress=stop_after_100)
    assert len(load_log(log, {"kind": "perm-values", "root": root_key(6), "consistent": False, "rounds": 7})) == 100
    resumed = value_states(root_key(6), False, 7, log)
    fresh = value_states(root_key(6), False, 7)
    # only the states on the stopped walk's path (at most n + 1 of them) are expanded again
    assert resumed.resumed == 100 and len(fresh) - 100 <= resumed.expanded <= len(fresh) - 100 + 7
    assert resumed[root_key(6)] == fresh[root_key(6)]


def test_log_drops_a_cut_short_last_line_and_refuses_other_damage(tmp_path):
    path = tmp_path / "x.log"
    q = {"kind": "demo"}
    with CheckpointLog(path, q) as log:
        for i in range(5):
            log.append(str(i), [i, i * i])
    with open(path, "a") as f:
        f.write('["5", [5, 2')
    assert list(load_log(path, q)) == ["0", "1", "2", "3", "4"]
    with CheckpointLog(path, q) as log:             # reopening trims the cut-short line, then appends
        log.append("5", [5, 25])
    assert load_log(path, q)["5"] == [5, 25]
    with pytest.raises(WordleError, match="another question"):
        load_log(path, {"kind": "other"})
    lines = path.read_text().splitlines()
    lines[3] = lines[3].replace("4", "5")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(WordleError, match="damaged at line 4"):
        load_log(path, q)


def test_a_checkpoint_of_the_other_kind_is_a_one_line_error(cli_run, tmp_path):
    log, doc = tmp_path / "p.log", tmp_path / "p.json"
    cli_run(["perm", "optimal", "--n", "4", "--depth-first", "--checkpoint", str(log)])
    cli_run(["perm", "optimal", "--n", "4", "--checkpoint", str(doc)])
    r = cli_run(["perm", "optimal", "--n", "4", "--checkpoint", str(log)], expect_error=True)
    assert r.err.startswith("error: ") and "append-only log" in r.err and r.code == 2
    r = cli_run(["perm", "optimal", "--n", "4", "--depth-first", "--checkpoint", str(doc)], expect_error=True)
    assert r.err.startswith("error: ") and "not a wordlelab checkpoint log" in r.err
    r = cli_run(["perm", "optimal", "--n", "4", "--depth-first", "--workers", "2"], expect_error=True)
    assert "one process" in r.err


def test_cli_depth_first_json_resumes(cli_run, tmp_path):
    log = tmp_path / "p5.log"
    first = json.loads(cli_run(["perm", "optimal", "--n", "5", "--depth-first", "--checkpoint", str(log),
                                "--json"]).out)
    again = json.loads(cli_run(["perm", "optimal", "--n", "5", "--depth-first", "--checkpoint", str(log),
                                "--json"]).out)
    breadth = json.loads(cli_run(["perm", "optimal", "--n", "5", "--json"]).out)
    assert first["value"] == again["value"] == breadth["value"]
    assert first["stats"]["within"] == again["stats"]["within"] == breadth["stats"]["within"]
    assert again["stats"]["states_from_checkpoint"] == again["stats"]["states"] and again["stats"]["expanded"] == 0
