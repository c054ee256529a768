"""The exit-code table of docs/exit-codes.md, row by row: each code from a command that should give it,
the same with and without --json."""
import re
from pathlib import Path

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)
from test_json_schema import small  # noqa: F401  (the fixture: the small lists and tree)

PAGE = Path(__file__).resolve().parents[1] / "docs" / "exit-codes.md"


def documented_codes() -> list[int]:
    return [int(c) for c in re.findall(r"^\| (\d+) \|", PAGE.read_text(), flags=re.M)]


def test_the_page_and_the_module_list_the_same_codes():
    from wordlelab.cli import exits
    assert documented_codes() == sorted(exits.CODES) == [0, 1, 2, 130, 143]


@pytest.mark.parametrize("as_json", [[], ["--json"]], ids=["text", "json"])
def test_each_code(capsys, small, monkeypatch, as_json):
    folder, lists = small
    tree = str(folder / "t.tree")
    # 0: answered, a valid tree
    assert run_cli(capsys, ["verify", tree, *lists, *as_json]).code == 0
    # 1: a check that fails, in text as in JSON (it was 2 in text, 1 with --json)
    failed = run_cli(capsys, ["verify", tree, *lists, "--max-guesses", "2", *as_json])
    assert failed.code == 1 and not failed.err
    # 2: bad input, a one-line error
    for args in (["verify", str(folder / "missing.tree"), *lists], ["verify", tree, *lists, "--mode", "nightmare"]):
        bad = run_cli(capsys, [*args, *as_json])
        assert bad.code == 2 and bad.err.startswith("error:") and bad.err.count("\n") == 1
    # 130 and 143: the stops, however deep in a command they land
    import wordlelab.cli as cli_module
    for raised, code in ((KeyboardInterrupt, 130), (cli_module.Terminated, 143)):
        def stopped(*args, **kwargs):
            raise raised()
        monkeypatch.setattr(cli_module.cli, "main", stopped)
        assert run_cli(capsys, ["verify", tree, *lists, *as_json]).code == code
        monkeypatch.undo()


def test_a_proven_no_is_an_answer(capsys, small):
    """prove-depth's INFEASIBLE (SALET cannot find all ten within 2) exits 0, like a yes."""
    import json
    _, lists = small
    r = run_cli(capsys, ["prove-depth", "--guesses", "2", "--start", "salet",
                         "--guess-file", lists[1], "--answers", lists[3], "--json"])
    assert r.code == 0, r.err
    assert json.loads(r.out)["status"] == "INFEASIBLE"
