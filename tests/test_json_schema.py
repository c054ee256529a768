"""Every --json output against the published shapes (docs/json-schema.md), read from the page itself,
so that the page and the commands cannot drift apart. jsonschema is not a dependency: the check is
a small one of required keys and their types."""
import json
import re
from pathlib import Path

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)

PAGE = Path(__file__).resolve().parents[1] / "docs" / "json-schema.md"
TYPES = {"integer": int, "number": (int, float), "string": str, "boolean": bool, "object": dict, "array": list,
         "null": type(None), "any": object}
# a few lines of a valid tree, in Selby's format, of the 10-answer lists below (from solve --start salet)
TREE = """salet BBBBB1 humph GGGGG2
      BBBYG1 rebut GGGGG2
      BGYBB1 naval GGGGG2
      BYBBB1 cigar GGGGG2
      BYBYB1 awake BBGBG2 evade GGGGG3
                   GGGGG2
      BYYBB1 focal GGGGG2
      GBBBB1 sissy GGGGG2
      GBBYB1 serve GGGGG2
      YBYBB1 blush GGGGG2
"""
WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]


def _table(marker: str) -> list[list[str]]:
    text = PAGE.read_text()
    block = text[text.index(f"<!-- {marker} -->"):text.index(f"<!-- /{marker} -->")]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    return rows[1:]          # below the header


def result_keys() -> dict[str, tuple]:
    keys = {}
    for key, kind, _ in _table("result-keys"):
        keys[key.strip("`")] = tuple(TYPES[t] for t in kind.split(" or "))
    return keys


def record_keys() -> dict[str, list[str]]:
    return {command.strip("`"): re.findall(r"`(\w+)`", keys.split("(")[0]) for command, keys in _table("record-keys")}


def check_result(data: dict) -> None:
    for key, types in result_keys().items():
        assert key in data, f"no {key!r} in {sorted(data)}"
        value = data[key]
        assert isinstance(value, types), (key, value)
        assert not (isinstance(value, bool) and bool not in types), (key, value)     # bool is an int to Python
    assert data["schema"] == 1
    assert data["status"] in ("OPTIMAL", "FEASIBLE", "INFEASIBLE", "UNKNOWN")


@pytest.fixture
def small(tmp_path):
    (tmp_path / "a.txt").write_text("\n".join(WORDS) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(WORDS + ["salet", "crane"]) + "\n")
    (tmp_path / "t.tree").write_text(TREE)
    return tmp_path, ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


def test_the_page_lists_the_result_keys():
    assert set(result_keys()) >= {"schema", "status", "value", "bound", "verified", "seconds", "stats"}
    assert record_keys()["pattern"] == ["guess", "answer", "pattern", "code"]


def test_verify_prints_a_result_valid_or_not(capsys, small):
    folder, lists = small
    r = run_cli(capsys, ["verify", str(folder / "t.tree"), *lists, "--json"])
    assert r.code == 0, r.err
    data = json.loads(r.out)
    check_result(data)
    assert (data["status"], data["value"], data["verified"], data["valid"]) == ("OPTIMAL", 21, True, True)
    r = run_cli(capsys, ["verify", str(folder / "t.tree"), *lists, "--max-guesses", "2", "--json"])
    assert r.code == 1
    data = json.loads(r.out)
    check_result(data)
    assert (data["status"], data["verified"], data["valid"]) == ("INFEASIBLE", False, False) and data["fault"]


def test_heuristics_prints_a_result_with_one_per_strategy(capsys, small):
    _, lists = small
    r = run_cli(capsys, ["heuristics", *lists, "--criterion", "minimax", "--no-optimum", "--json"])
    assert r.code == 0, r.err
    data = json.loads(r.out)
    check_result(data)
    assert data["heuristic"] and data["status"] == "FEASIBLE"
    assert len(data["results"]) == 2
    for each in data["results"]:
        check_result({"schema": 1, **each})       # the version is the document's, once
    assert data["value"] == min(each["value"] for each in data["results"])


@pytest.mark.parametrize("command", ["pattern", "state", "matrix"])
def test_records_have_their_keys_and_the_version(capsys, small, command):
    _, lists = small
    args = {"pattern": ["pattern", "salet", "cigar"], "state": ["state", "salet.BBBBB.humph"], "matrix": ["matrix"]}
    r = run_cli(capsys, [*args[command], *lists, "--json"])
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["schema"] == 1
    assert set(record_keys()[command]) <= set(data), (record_keys()[command], sorted(data))


def test_tables_are_arrays_of_rows(capsys):
    rows = json.loads(run_cli(capsys, ["lists", "--json"]).out)
    assert isinstance(rows, list) and {"name", "guesses", "answers", "status", "hint"} <= set(rows[0])
