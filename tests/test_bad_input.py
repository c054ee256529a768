"""Bad input gets one line starting with 'error:' and exit code 2, before any work starts."""
import os

import pytest

SALET = ["--lists", "nyt20220316"]


def _one_error_line(r):
    lines = [l for l in r.err.splitlines() if l.strip()]
    assert r.code == 2, r.output
    assert len(lines) == 1 and lines[0].startswith("error:"), r.err
    assert "Traceback" not in r.output
    return lines[0]


OUTPUT_OPTIONS = [
    ["solve", "--start", "salet", "--tree", "{}"],
    ["prove-depth", "--guesses", "4", "--start", "salet", "--core", "{}"],
    ["prove-depth", "--guesses", "4", "--checkpoint", "{}"],
    ["best-start", "--checkpoint", "{}"],
    ["eldrow", "--all", "--csv", "{}"],
    ["eldrow", "--target", "lower", "--solver", "cpsat", "--export", "{}"],
    ["eldrow", "--all", "--checkpoint", "{}"],
    ["export-lp", "cover", "--pattern", "?ills", "-o", "{}"],
    ["tree-model", "--sample", "5", "--depth", "3", "--tree", "{}"],
    ["bench", "--suite", "matrix", "--csv", "{}"],
    ["perm", "optimal", "--n", "3", "--checkpoint", "{}"],
    ["lower-bound", "--proof-dir", "{}"],
]


@pytest.mark.parametrize("args", OUTPUT_OPTIONS, ids=lambda a: " ".join(a[:2] + [a[-2]]))
@pytest.mark.parametrize("where", ["missing-folder", "not-a-folder", "unwritable"])
def test_unwritable_output_fails_before_the_work(args, where, tmp_path, cli_run):
    target = {"missing-folder": str(tmp_path / "no" / "such" / "x"),
              "not-a-folder": str(tmp_path / "file.txt" / "x"),
              "unwritable": "/proc/wordlelab-x"}[where]
    (tmp_path / "file.txt").write_text("a file")
    r = cli_run([a.replace("{}", target) for a in args], expect_error=True)
    line = _one_error_line(r)
    assert "cannot" in line or "is a file" in line


@pytest.mark.parametrize("args", [
    ["best-start", "--workers", "100000"], ["best-start", "--workers", "0"], ["eldrow", "--all", "--workers", "-1"],
    ["solve", "--start", "salet", "--set", "threads=0"], ["solve", "--start", "salet", "--set", "threads=2", "--workers", "2"],
    ["blindfold", "--pool", "-5"], ["state", "salet.BBBYB", "--show", "-5"], ["best-start", "--limit", "-3"],
    ["best-start", "--show", "-5"], ["solve", "--beam", "0"], ["prove-depth", "--guesses", "4", "--node-limit", "-1"],
    ["prove-depth", "--guesses", "4", "--node-limit", str(1 << 62)],
    ["eldrow", "--target", "lower", "--time-limit", "-1"], ["lower-bound", "--time-limit", "0"],
    ["export-lp", "cover", "--pattern", "?ills", "--k", "-2", "-o", "x.lp"],
    ["tree-model", "--sample", "5", "--depth", "3", "--time-limit", "-2"],
    ["solve", "--nope"], ["nosuchcommand"], ["score"], ["bench", "--suite", "matrix", "--task", "SALET"],
    ["bench", "--suite", "search", "--task", "no such row"], ["bench", "--suite", "cover", "--task", "ills"],
], ids=lambda a: " ".join(a))
def test_out_of_range_numbers_and_usage_errors_are_one_line(args, cli_run):
    _one_error_line(cli_run(args, expect_error=True))


def test_workers_message_names_the_cap(cli_run):
    line = _one_error_line(cli_run(["best-start", "--workers", "100000"], expect_error=True))
    assert "choose 1 to" in line and str(os.cpu_count()) in line


def test_verify_garbage_and_deep_json(tmp_path, cli_run):
    garbage = tmp_path / "g.bin"
    garbage.write_bytes(bytes(range(256)) * 20)
    assert "not a text file" in _one_error_line(cli_run(["verify", str(garbage)], expect_error=True))
    deep = tmp_path / "deep.json"
    deep.write_text('{"guess":"salet","branches":{"BBBBB":' * 900 + "null" + "}}" * 900)
    assert "nested too deeply" in _one_error_line(cli_run(["verify", str(deep)], expect_error=True))
    assert "is a directory" in _one_error_line(cli_run(["verify", str(tmp_path)], expect_error=True))


def test_word_files(tmp_path, cli_run):
    guesses = tmp_path / "g.txt"
    guesses.write_text("cigar\nrebut\nsissy\nhumph\n")
    answers = tmp_path / "a.txt"
    answers.write_bytes("\ufeffcigar\nrebut\nsissy\nsissy\n".encode("utf-8"))    # BOM and a duplicate
    r = cli_run(["state", "humph.BBBBB", "--guesses", str(guesses), "--answers", str(answers), "--json"])
    assert '"cigar"' in r.out and '"n_answers": 2' in r.out      # rebut has humph's u
    assert r.err.strip().splitlines() == ["warning: answer list a.txt: dropped 1 duplicate word(s)"]
    line = _one_error_line(cli_run(["state", "humph.BBBBB", "--answers", str(tmp_path)], expect_error=True))
    assert "is a directory" in line


def test_guess_count_message_names_the_option(cli_run):
    line = _one_error_line(cli_run(["tree-model", "--sample", "20/5", "--depth", "3"], expect_error=True))
    assert "--sample 20/5" in line


@pytest.mark.parametrize("address", ["not a url", "tcp://nohost", "http://h:8786"])
def test_dask_address_is_checked(address, cli_run):
    line = _one_error_line(cli_run(["best-start", "--lists", "nyt20220316", "--limit", "2",
                                    "--set", f"dask={address}"], expect_error=True))
    assert "--set dask" in line and "tcp://HOST:8786" in line
