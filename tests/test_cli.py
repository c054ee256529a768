"""The command line: outputs, --json, and one-line errors with exit code 2."""
import json
import subprocess
import sys
import time

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)


def run(capsys, *args):
    r = run_cli(capsys, args)
    return r.code, r.out, r.err


def test_help_lists_commands(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for cmd in ("pattern", "lists", "state", "verify", "bench", "matrix"):
        assert cmd in out
    assert "Examples" in out


def test_score(capsys):
    assert run(capsys, "pattern", "eerie", "there")[1].strip() == "YBYBG"
    code, out, _ = run(capsys, "pattern", "sassy", "dress", "--json")
    assert json.loads(out)["pattern"] == "YBBGB"


@pytest.mark.parametrize("args,msg", [
    (["pattern", "zzzzz", "salet"], "not in the guess list"),
    (["pattern", "sale", "salet"], "not a 5-letter word"),
    (["state", "salet.BBBBQ"], "malformed pattern"),
    (["state", "salet.GGGGG.salet.BBBBB"], "no answer"),
    (["lists"], None),
    (["pattern", "salet", "drone", "--lists", "bogus"], "unknown word lists"),
    (["verify", "/nonexistent/tree"], "cannot read tree"),
])
def test_errors_are_one_line(capsys, args, msg):
    code, out, err = run(capsys, *args)
    if msg is None:
        assert code == 0
        return
    assert code == 2
    assert err.startswith("error: ") and msg in err and err.count("\n") == 1


def test_verify_cli(capsys, shared):
    tree = str(shared / "reference" / "salet.hard.nyt20220316.tree")
    code, out, _ = run(capsys, "verify", tree, "--lists", "nyt20220316", "--mode", "hard", "--json")
    assert code == 0 and json.loads(out)["total"] == 8099
    code, out, _ = run(capsys, "verify", tree, "--lists", "nyt20220316", "--mode", "strict", "--json")
    assert code == 1 and json.loads(out)["valid"] is False


def test_console_script_exit_code():
    r = subprocess.run([sys.executable, "-m", "wordlelab", "pattern", "salet", "xx"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("error:") and "Traceback" not in r.stderr


def test_bench_lists_suites(capsys):
    code, out, _ = run(capsys, "bench", "--list")
    assert code == 0
    for suite in ("matrix", "search", "search-long", "cover", "eldrow"):
        assert suite in out
    code, _, err = run(capsys, "bench", "--suite", "nope")
    assert code == 2 and "unknown suite" in err


def test_bench_task_picks_matrix_instances(capsys):
    import json
    code, out, _ = run(capsys, "bench", "--suite", "matrix", "--task", "0830", "--json")
    assert code == 0
    rows = json.loads(out)
    assert {r["instance"] for r in rows} == {"-", "nyt20220830"}
    assert {r["task"] for r in rows} >= {"pattern matrix build", "pattern matrix cached load"}


def test_a_log_file_gets_a_progress_line_a_minute(monkeypatch, capsys):
    """Where stderr is not a terminal (nohup ... 2> run.log) a long run writes plain progress lines,
    at most one every LOG_EVERY seconds, instead of a bar nobody sees."""
    from wordlelab.cli import console
    monkeypatch.delenv("WORDLELAB_PROGRESS", raising=False)
    from rich.console import Console
    monkeypatch.setattr(console, "err", Console(stderr=True, force_terminal=False))
    clock = iter([0.0, 10.0, 61.0, 62.0, 130.0])
    monkeypatch.setattr(console.time, "monotonic", lambda: next(clock))
    with console.progress("first words", 100, enabled=False) as advance:     # (--json: no bar, but lines)
        advance(1, info="best 7897")      # 10 s: too soon
        advance(2)                        # 61 s: a line
        advance(1)                        # 62 s: too soon after it
        advance(1, info="best 7890")      # 130 s: a line
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["first words: 3/100  best 7897  (61 s)", "first words: 5/100  best 7890  (130 s)"]


def test_a_log_file_gets_a_line_when_no_item_finishes_for_a_while(monkeypatch, capsys):
    """One item of a long run (a first word of a sweep) can take half an hour: the log still
    gets a line each LOG_EVERY seconds, with the count unchanged and the time rising."""
    from rich.console import Console

    from wordlelab.cli import console
    monkeypatch.delenv("WORDLELAB_PROGRESS", raising=False)
    monkeypatch.setattr(console, "err", Console(stderr=True, force_terminal=False))
    monkeypatch.setattr(console, "LOG_EVERY", 0.05)
    with console.progress("first words", 100) as advance:
        advance(3, info="2 yes")
        time.sleep(0.3)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) >= 2 and all(line.startswith("first words: 3/100  2 yes  (") for line in lines)


def test_prove_depth_any_tree_is_a_verified_strategy_no_better_than_the_least(capsys, tmp_path):
    """--any-tree: yes with the depth search's own strategy, verified, its total at least the
    least total (8099: Selby's hard SALET, reproduced elsewhere) and the file re-checks."""
    tree = tmp_path / "salet6.tree"
    code, out, _ = run(capsys, "prove-depth", "--guesses", "6", "--start", "salet", "--mode", "hard",
                       "--lists", "nyt20220316", "--any-tree", "--tree", str(tree), "--json")
    res = json.loads(out)
    assert code == 0 and res["status"] == "OPTIMAL" and res["verified"] and res["value"] <= 6
    assert res["stats"]["total"] >= 8099 and "not proven least" in res["stats"]["tree"]
    code, out, _ = run(capsys, "verify", str(tree), "--lists", "nyt20220316", "--mode", "hard",
                       "--max-guesses", "6", "--json")
    assert code == 0 and json.loads(out)["total"] == res["stats"]["total"]
