"""The inputs of a proof as one file (wordlelab.models.inputs): read, checked, and taken by the commands."""
import json

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.inputs import ProofInputs, load_inputs


def _manifest(folder, **keys):
    path = folder / "m.inputs.json"
    path.write_text(json.dumps({"format": "wordlelab-inputs", "version": 1, **keys}))
    return path


def test_names_are_relative_to_the_manifest_and_merge_with_the_command_line(tmp_path, monkeypatch):
    (tmp_path / "runs").mkdir()
    for name in ("a.json", "b.json", "d.json"):
        (tmp_path / "runs" / name).write_text("{}")
    path = _manifest(tmp_path / "runs", class_checkpoints=["a.json"], class_rankings=["b.json", "b.json"],
                     depth_checkpoint="d.json", claim="a line")
    monkeypatch.chdir(tmp_path)
    got = load_inputs(str(path))
    assert got == ProofInputs("runs/d.json", ("runs/a.json",), ("runs/b.json",), (), "a line")
    more = got.merged(class_checkpoints=("x.json", "runs/a.json"))
    assert more.class_checkpoints == ("runs/a.json", "x.json")
    with pytest.raises(WordleError, match="two depth checkpoints"):
        got.merged(depth_checkpoint="other.json")


@pytest.mark.parametrize("content, said", [
    ("not json", "is not JSON"),
    ('{"format": "wordlelab-checkpoint"}', "is not an inputs file"),
    ('{"format": "wordlelab-inputs", "version": 9}', "version 9"),
    ('{"format": "wordlelab-inputs", "version": 1, "class_ranking": []}', "unknown key 'class_ranking'"),
    ('{"format": "wordlelab-inputs", "version": 1, "class_rankings": "a.json"}', "must be a list"),
    ('{"format": "wordlelab-inputs", "version": 1, "class_rankings": ["missing.json"]}', "missing.json, which is not a file"),
    ('{"format": "wordlelab-inputs", "version": 1, "seed_trees": [3]}', "must name files"),
])
def test_a_bad_manifest_is_one_error_naming_the_file(tmp_path, content, said):
    path = tmp_path / "m.json"
    path.write_text(content)
    with pytest.raises(WordleError, match=said):
        load_inputs(str(path))


def test_the_commands_take_an_inputs_file_and_refuse_what_they_cannot_use(cli_run, tmp_path):
    (tmp_path / "r.json").write_text("{}")
    path = _manifest(tmp_path, class_rankings=["r.json"])
    r = cli_run(["every-first-word", "--guesses", "3", "--lists", "nyt20220316", "--inputs", str(path)],
                expect_error=True)
    assert r.code == 2 and r.err.startswith("error: every-first-word reads the class checkpoints")
    r = cli_run(["solve", "--lists", "nyt20220316", "--inputs", str(tmp_path / "nope.json")], expect_error=True)
    assert r.code == 2 and "cannot read the inputs file" in r.err and "Traceback" not in r.err
