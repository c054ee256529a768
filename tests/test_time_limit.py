"""--time-limit covers building a model, not only the solver's run: a limit that runs out while a
big model is built, or handed to the solver, is UNKNOWN with the reason, never a wait of minutes
and never a proof."""
import json
import time

import numpy as np
import pytest

from wordlelab.encoders.cover import build, cover_instance
from wordlelab.encoders.model import Deadline, Model, TimeLimitReached
from wordlelab.instances.wordlists import load_lists
from wordlelab.models.endgames import endgame
from wordlelab.models.matrix import pattern_matrix
from wordlelab.models.result import Status
from wordlelab.solvers.backends import installed, solve
from wordlelab.solvers.cover import cover_feasible, instance_for, least_cover


@pytest.fixture(scope="module")
def ills():
    lists = load_lists("nyt20220316", answers="all")
    e = endgame("?ills", lists.answers)
    return lists, e, instance_for(e.pattern, e.answers, lists, pattern_matrix(lists, transposed=True))


def test_a_passed_deadline_stops_building_at_once():
    passed = Deadline(0)
    model = Model("m", deadline=passed)
    with pytest.raises(TimeLimitReached, match="building the model m"):
        model.bool("x")                       # variables are checked (every 4096th, the first included)
    x = Model("m").bool("x")
    model = Model("m", deadline=passed)
    model.var_names.append("x")
    model.lower.append(0)
    model.upper.append(1)
    with pytest.raises(TimeLimitReached, match="building the model m"):
        model.add(x >= 0)                     # and every constraint
    with pytest.raises(TimeLimitReached, match="guess sets"):
        cover_instance("x", ["bills", "hills"], ["bills", "hills"], np.array([[242, 0], [0, 242]], np.uint8),
                       deadline=passed)
    assert Deadline(100).left() > 99


@pytest.mark.parametrize("solver", installed())
def test_the_hand_over_to_a_solver_counts(ills, solver):
    # a model built in time whose deadline passed before the solver started: UNKNOWN, no solver run
    _, _, inst = ills
    model, _ = build(inst, deadline=Deadline(3600))
    model.deadline = Deadline(0)
    t0 = time.monotonic()
    sol = solve(model, solver, time_limit=60)
    assert sol.status == "UNKNOWN" and not sol.values
    assert "ran out while handing the model to the solver" in sol.stats["time_limit_reached"]
    assert time.monotonic() - t0 < 5


def test_a_cover_out_of_time_while_built_is_unknown(ills):
    _, _, inst = ills
    r = least_cover(inst, "highs", deadline=Deadline(0))
    assert r.status == Status.UNKNOWN and r.value is None and not r.verified
    assert "ran out while building the model" in r.stats.time_limit_reached
    assert r.stats.min_guesses == inst.static_bound() + 1        # what holds anyway: Selby's pre-check
    r = cover_feasible(inst, 4, "highs", deadline=Deadline(0))
    assert r.status == Status.UNKNOWN and r.stats.time_limit_reached is not None
    # with time enough, the same calls prove it (the limit is not what decides)
    assert least_cover(inst, "highs", time_limit=120).value == 5


def test_lower_bound_cli_reports_a_limit_that_ran_out_in_building(cli_run):
    r = cli_run(["lower-bound", "--lists", "nyt20220316", "--answers", "all", "--pattern", "?ills",
                 "--time-limit", "0.000001"])
    assert "UNKNOWN" in r.out and "OPTIMAL" not in r.out
    assert "ran out while" in r.out and "before its solver started" in r.out
    r = cli_run(["lower-bound", "--lists", "nyt20220316", "--answers", "all", "--pattern", "?ills",
                 "--time-limit", "0.000001", "--json"])
    doc = json.loads(r.out)
    assert doc["status"] == "UNKNOWN" and not doc["verified"]
    assert "time_limit_reached" in doc["stats"]["endgames"][0]["stats"]


def test_tree_model_limit_covers_building(cli_run):
    r = cli_run(["tree-model", "--lists", "nyt20220316", "--sample", "300/2000",
                 "--depth", "4", "--encoding", "assignment", "--time-limit", "1", "--json"])
    doc = json.loads(r.out)
    assert doc["status"] == "UNKNOWN" and doc["certificate"] is None
    assert "ran out while" in doc["stats"]["time_limit_reached"]
    assert doc["seconds"] < 10


def test_the_whole_answer_list_endgame_keeps_its_limit(tmp_path):
    """The report's case: '?????' over every answer took minutes to build with --time-limit 5."""
    import subprocess
    import sys
    t0 = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "wordlelab", "lower-bound", "--pattern", "?????", "--lists",
                        "nyt20220316", "--answers", "all", "--solver", "highs", "--time-limit", "5",
                        "--proof-dir", str(tmp_path)], capture_output=True, text=True, timeout=300)
    took = time.monotonic() - t0
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "UNKNOWN" in r.stdout and "ran out while" in r.stdout
    assert took < 30, took            # the limit, start-up and the pattern matrix; it took > 300 s before
