"""Hostile files a user may hand a command, each answered by one line naming what is wrong (exit 2)
or an honest result: a JSON tree of the wrong shape says which shape, and a forged best-start
checkpoint whose best word's total is too low is named as the file at fault, not as an internal error."""
import json

import pytest

from wordlelab.solvers.runtime.checkpoint import digest

GUESSES = "bills hills kills mills pills drone crane slate trace least salet tower qajaq jumpy fizzy".split()
ANSWERS = GUESSES[:10]


@pytest.fixture
def small_lists(tmp_path):
    (tmp_path / "g.txt").write_text("\n".join(GUESSES) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(ANSWERS) + "\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


@pytest.mark.parametrize("tree, message", [
    ({"guess": "drone", "branches": {"BBBBX": None}}, "malformed pattern 'BBBBX'"),
    ({"guess": 12345, "branches": {}}, "every node needs 'guess' and 'branches'"),
    ({"guess": "drone"}, "every node needs 'guess' and 'branches'"),
    ({"guess": "dron\u0000", "branches": {"GGGGG": None}}, "is not a 5-letter word"),
])
def test_a_json_tree_of_the_wrong_shape_says_which(tmp_path, cli_run, tree, message):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(tree))
    r = cli_run(["verify", str(path), "--lists", "nyt20220316"], expect_error=True)
    assert r.code == 2 and "Traceback" not in r.output
    assert message in r.err and "number too long" not in r.err


def test_a_forged_best_start_total_names_the_file(tmp_path, cli_run, small_lists):
    ck = tmp_path / "bs.json"
    first = cli_run(["best-start", *small_lists, "--top", "2", "--workers", "1", "--checkpoint", str(ck)])
    assert "Traceback" not in first.output
    d = json.loads(ck.read_text())
    d["entries"]["salet"] = [1, True]           # an exact total no strategy reaches, digest recomputed
    d["digest"] = digest(d["question"], d["entries"])
    d.pop("seal")
    ck.write_text(json.dumps(d))
    r = cli_run(["best-start", *small_lists, "--top", "2", "--workers", "1", "--checkpoint", str(ck)],
                expect_error=True)
    assert r.code == 2 and "internal error" not in r.err and "OPTIMAL" not in r.out
    assert f"checkpoint {ck} claims salet totals 1" in r.err and "is wrong" in r.err
