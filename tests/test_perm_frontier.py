"""`perm progress`: the frontier and subtree costs of a depth-first run, read from its log."""
import json

from wordlelab.solvers.permutation import core, perm_question, root_key
from wordlelab.solvers.permutation.depth_first import value_states
from wordlelab.solvers.permutation.frontier import frontier


def _full_log(tmp_path, n):
    log = tmp_path / f"p{n}.log"
    q = dict(perm_question(n, False, ()), kind="perm-values")
    table = value_states(root_key(n), False, n + 1, str(log), q)
    return log, len(table)


def test_a_finished_run_has_no_frontier(tmp_path):
    log, states = _full_log(tmp_path, 5)
    f = frontier(5, str(log))
    assert f["valued"] == states and f["levels"] == []


def test_a_cut_run_lists_what_is_left_and_resumes_to_the_same_states(tmp_path):
    log, states = _full_log(tmp_path, 6)
    lines = log.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.log"
    cut.write_text("".join(lines[:1 + (len(lines) - 1) // 2]))      # the header and half the states
    f = frontier(6, str(cut))
    valued = f["valued"]
    assert valued == (len(lines) - 1) // 2
    done = {int(json.loads(line)[0]) for line in lines[1:1 + valued]}
    kids = {int(x) for x in core.expand(root_key(6), False, False)[3]}
    assert f["levels"][0]["states"] == len(kids - done)
    assert f["levels"][0]["secrets"] == sum(
        int(core.perfect_matchings(*core.decode(k)).shape[0]) for k in kids - done)
    # every sample is a count of states valued in a subtree: positive, and no more than were valued
    assert all(0 < v["median"] <= v["max"] <= valued for v in f["new_states_by_size"].values())
    q = dict(perm_question(6, False, ()), kind="perm-values")
    # pruning depends on which children are valued already, so a resumed run may value other
    # states than the uncut run did: the start's values are the same
    resumed = value_states(root_key(6), False, 7, str(cut), q)
    whole = value_states(root_key(6), False, 7)
    assert len(resumed) >= valued and resumed[root_key(6)] == whole[root_key(6)]


def test_the_command(tmp_path, cli_run):
    log, _ = _full_log(tmp_path, 5)
    r = cli_run(["perm", "progress", "--n", "5", "--checkpoint", str(log)])
    assert "run is finished" in r.out
    r = cli_run(["perm", "progress", "--n", "5", "--checkpoint", str(tmp_path / "none.log")], expect_error=True)
    assert r.err.startswith("error:")
