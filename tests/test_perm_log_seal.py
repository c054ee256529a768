"""The depth-first permutation run's log is a checkpoint like the others: its lines are sealed by
this installation, and values resumed from a log it did not seal are claims. A forger who
recomputes every line's sha256 check gets a result that names the log, never OPTIMAL with a
false value."""
import json

from wordlelab.models.permutation import evaluate_tree, parse_history
from wordlelab.models.result import Status
from wordlelab.solvers.runtime.checkpoint import forget_unsealed, unsealed_inputs
from wordlelab.solvers.runtime.checkpoint_log import CheckpointLog, line_check, load_log
from wordlelab.solvers.permutation import core, perm_question, root_key, strategy_tree
from wordlelab.solvers.permutation.depth_first import value_states
from wordlelab.solvers.permutation.frontier import frontier
from wordlelab.solvers.permutation.optimal import optimal

N = 4
QUESTION = dict(perm_question(N, False, ()), kind="perm-values")


def _rewrite(path, edit):
    """Edit the log's entries (key -> value) and recompute each line's check, as a forger would;
    the seals are dropped (a forger cannot make them)."""
    lines = path.read_text().splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        key, value, *_ = json.loads(line)
        value = edit(key, value)
        out.append(json.dumps([key, value, line_check(key, value)], separators=(",", ":")))
    path.write_text("\n".join(out) + "\n")


def test_a_fresh_log_is_sealed_and_resumes_as_proven(tmp_path):
    forget_unsealed()
    log = tmp_path / "p.log"
    first = optimal(N, checkpoint=str(log), depth_first=True)
    again = optimal(N, checkpoint=str(log), depth_first=True)
    assert load_log(log, QUESTION).sealed and not unsealed_inputs()
    assert first.status == again.status == Status.OPTIMAL and again.value == first.value == 60
    assert again.stats["states_from_checkpoint"] == again.stats["states"] and not again.rests_on
    assert frontier(N, str(log))["sealed"] and frontier(N, str(log))["rests_on"] == []


def test_a_forged_worse_strategy_is_not_reported_optimal(tmp_path):
    """The start's value replaced by a valid but worse first guess, its true total written in:
    the strategy re-scores to the forged total, so only the seal tells it from the truth.
    (After 1234 with no green, the guesses differ; at the very start they are all alike.)"""
    forget_unsealed()
    hist = parse_history(["1234:BBBB"], N)
    question = dict(perm_question(N, False, hist), kind="perm-values")
    log = tmp_path / "p.log"
    root = root_key(N, hist)
    table = value_states(root, False, N + 1, str(log), question, prune=False)   # every guess valued
    best = table[root]
    worse = None
    for rep in dict.fromkeys(int(r) for r in core.expand(root, False, False)[4]):
        tree = strategy_tree(N, hist, lambda key: rep if key == root else table[key].best_rep)
        total = sum(evaluate_tree(tree, N, hist))
        if total > best.total:
            worse = (rep, total)
            break
    assert worse is not None and best.total == 18
    _rewrite(log, lambda key, value: [value[0], worse[1], value[2], value[3], worse[0]]
             if int(key) == root else value)
    forget_unsealed()
    loaded = load_log(log, question)
    assert not loaded.sealed and str(log.resolve()) in unsealed_inputs()
    forget_unsealed()
    r = optimal(N, history=hist, checkpoint=str(log), depth_first=True)
    assert r.value == worse[1] > 18                  # what the file claims, and its strategy attains
    assert r.status == Status.FEASIBLE and r.claimed == Status.OPTIMAL and r.bound is None
    assert str(log) in r.rests_on[0]
    f = frontier(N, str(log), False, hist)
    assert not f["sealed"] and str(log) in f["rests_on"][0]


def test_lines_of_an_older_log_or_another_installation_are_claims(tmp_path, monkeypatch):
    forget_unsealed()
    log = tmp_path / "p.log"
    value_states(root_key(N), False, N + 1, str(log), QUESTION)
    _rewrite(log, lambda key, value: value)          # the same values, no seals: an older wordlelab's log
    forget_unsealed()
    r = optimal(N, checkpoint=str(log), depth_first=True)
    assert r.status == Status.FEASIBLE and r.value == 60 and r.rests_on
    # another installation (another cache folder, so another key) wrote it
    forget_unsealed()
    other = tmp_path / "other.log"
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path / "elsewhere"))
    value_states(root_key(N), False, N + 1, str(other), QUESTION)
    monkeypatch.undo()
    forget_unsealed()
    assert not load_log(other, QUESTION).sealed


def test_values_resumed_from_claims_are_not_sealed_into_the_log(tmp_path):
    """Laundering: a run resumed from an unsealed log appends unsealed lines, so the next run
    still sees claims, however many lines this installation added."""
    forget_unsealed()
    log = tmp_path / "p.log"
    with CheckpointLog(log, QUESTION) as out:
        out.append("1", [1, 1, [0, 1, 1, 1, 1, 1], 1, 0])
    assert load_log(log, QUESTION).sealed
    _rewrite(log, lambda key, value: value)
    forget_unsealed()
    value_states(root_key(N), False, N + 1, str(log), QUESTION)      # resumes from the claim, appends
    forget_unsealed()
    lines = log.read_text().splitlines()[1:]
    assert len(lines) > 1 and all(len(json.loads(line)) == 3 for line in lines)
    assert not load_log(log, QUESTION).sealed


def test_the_cli_names_the_log_a_forged_run_rests_on(tmp_path, cli_run):
    log = tmp_path / "p.log"
    cli_run(["perm", "optimal", "--n", str(N), "--depth-first", "--checkpoint", str(log)])
    _rewrite(log, lambda key, value: value)
    r = cli_run(["perm", "optimal", "--n", str(N), "--depth-first", "--checkpoint", str(log), "--json"])
    doc = json.loads(r.out)
    assert doc["status"] == "FEASIBLE" and doc["rests_on"] and doc["claimed"] == "OPTIMAL"
    r = cli_run(["perm", "optimal", "--n", str(N), "--depth-first", "--checkpoint", str(log)])
    assert "NOT proven here" in r.out and str(log) in r.out
    r = cli_run(["perm", "progress", "--n", str(N), "--checkpoint", str(log)])
    assert "rests on" in r.out
