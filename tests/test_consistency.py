"""The same situation gets the same answer everywhere (issue 81, item 5): choices in any case,
hints that can be pasted, no word silently ignored."""
import importlib.metadata as md
import json

import click

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)


def _params(command):
    for p in command.params:
        yield command, p
    for sub in getattr(command, "commands", {}).values():
        yield from _params(sub)


def test_every_choice_is_case_insensitive():
    from wordlelab.cli import load_all
    choices = [(c.name, p) for c, p in _params(load_all()) if isinstance(p.type, click.Choice)]
    assert len(choices) > 15                # --mode, --solver, --encoding, ... on many commands
    assert not [(c, p.name) for c, p in choices if p.type.case_sensitive]


def test_mode_in_capitals_is_hard_mode(capsys):
    r = run_cli(capsys, ["state", "salet.BBBYB", "--mode", "Hard", "--json"])
    assert r.code == 0, r.err
    assert json.loads(r.out)["mode"] == "hard"


def test_missing_list_hint_names_the_checkout_install(capsys, monkeypatch):
    """The hint survives rich's markup (``[original]`` is not a style) and says how to add the extra
    to a checkout, which is where wordlelab is installed from."""
    real = md.distribution

    def without_wordlesolve(name):
        if name == "wordlesolve":
            raise md.PackageNotFoundError(name)
        return real(name)
    monkeypatch.setattr("wordlelab.instances.wordlists.md.distribution", without_wordlesolve)
    r = run_cli(capsys, ["lists"])
    assert r.code == 0, r.err
    line = next(x for x in r.out.splitlines() if x.startswith("original:"))
    assert 'pip install -e ".[original]"' in line, line


def test_state_splits_the_answers_by_a_last_guess_without_colours(capsys):
    from wordlelab.models.feedback import feedback, pattern_string
    r = run_cli(capsys, ["state", "salet.BBBYB.drone", "--json"])
    assert r.code == 0, r.err
    data = json.loads(r.out)
    classes = data["classes"]
    assert sorted(a for c in classes for a in c["answers"]) == sorted(data["answers"])
    assert all(pattern_string(feedback("drone", a)) == c["pattern"] for c in classes for a in c["answers"])
    assert [len(c["answers"]) for c in classes] == sorted((len(c["answers"]) for c in classes), reverse=True)
    text = run_cli(capsys, ["state", "salet.BBBYB.drone"]).out
    assert f"drone cuts them into {len(classes)} class(es)" in text
    assert "classes" not in json.loads(run_cli(capsys, ["state", "salet.BBBYB", "--json"]).out)


def test_perm_numbers_runs_as_the_tour_shows_it(capsys):
    r = run_cli(capsys, ["perm", "numbers", "--json"])
    assert r.code == 0, r.err
    rows = json.loads(r.out)
    assert [d["n"] for d in rows] == list(range(1, 9))
    assert rows[-1]["counts"] == [1, 247, 4293, 15619, 15619, 4293, 247, 1]      # A(8, k)
    listed = json.loads(run_cli(capsys, ["perm", "numbers", "--colors", "1,2,3", "--json"]).out)
    assert listed[-1]["n"] == 3                 # one colour count per value: n is their number


def test_a_bench_row_over_its_target_does_not_say_ok():
    from wordlelab.bench.registry import BenchRow
    from wordlelab.bench.trees import speed_up_status
    assert BenchRow("t", "i", "s", "OK", "", 0.5, target_seconds=1.0).status == "OK"
    assert BenchRow("t", "i", "s", "OK", "", 1.5, target_seconds=1.0).status == "MISSED"
    assert BenchRow("t", "i", "s", "OPTIMAL", 3, 1.5, target_seconds=1.0).status == "OPTIMAL, SLOW"
    assert BenchRow("t", "i", "s", "OK", "", 99.0).status == "OK"          # no target, nothing to miss
    assert (speed_up_status(1.9), speed_up_status(1.2)) == ("OK", "MISSED")


def test_matrix_bench_row_that_misses_its_target_says_so(monkeypatch):
    """The matrix build's row (target < 1 s on nyt20220830) made slow on purpose."""
    import time
    import wordlelab.models.matrix as matrix
    from wordlelab.bench.core import matrix_suite
    real = matrix.build_matrix

    def slow_build(guesses, answers, *args, **kw):
        m = real(guesses, answers, *args, **kw)
        if len(guesses) > 1000:
            time.sleep(1.1)
        return m
    monkeypatch.setattr(matrix, "build_matrix", slow_build)
    rows = {r.task: r for r in matrix_suite(repeat=1, tasks=("0830",))}
    assert rows["pattern matrix build"].status == "MISSED"
