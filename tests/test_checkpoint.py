"""Checkpoints: one validated format for every resumable command (solvers/runtime/checkpoint.py).

Each fault a tester found is a test here: garbage or wrongly shaped files give a one-line
error and exit code 2, edited files are refused and resumed values are marked as such, a
checkpoint of another question (another shard, lists, mode, limit) is refused naming what
differs, ``perm optimal`` writes one format with or without --workers, and a resumed
``prove-depth`` keeps its core.
"""
import doctest
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from conftest import write_small_lists  # tests/ is on sys.path (pytest's prepend import mode)

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import load_lists
from wordlelab.solvers.runtime import checkpoint as ck
from wordlelab.solvers.runtime.checkpoint import load_checkpoint, save_checkpoint
from wordlelab.solvers.search.depth.depth_entries import replay_refutation
from wordlelab.solvers.search.native import NativeSearcher

from test_native_search import lists_from, tiny_instance
from wordlelab.solvers.search.depth.depth_proof import prove_depth

# not test_sweep.py's words: a word file is read sorted, and the pattern-matrix cache is named by the
# lists' content whatever their order, so the same words in another order would share its file
ELDROW_WORDS = ("baker", "cater", "crane", "eater", "fluff", "hater", "later", "maker", "plumb", "slate",
                "taker", "water", "zesty")


# ---- helpers
@pytest.fixture(scope="module")
def word_files(tmp_path_factory):
    """60 answers among 120 guesses: a best-start run over 8 first words takes a second."""
    d = tmp_path_factory.mktemp("lists")
    write_small_lists(d)
    (d / "eldrow.txt").write_text("\n".join(ELDROW_WORDS) + "\n")
    return d


def lists_args(d):
    return ["--guesses", str(d / "g.txt"), "--answers", str(d / "a.txt")]


def best_start_args(d, path, *extra):
    return ["best-start", *lists_args(d), "--workers", "1", "--limit", "8", "--top", "2",
            "--checkpoint", str(path), *extra]


def prove_depth_args(tmp_path, path, guesses=3):
    answers, words = tiny_instance(1)
    (tmp_path / "pg.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "pa.txt").write_text("\n".join(answers) + "\n")
    return ["prove-depth", "--guesses", str(guesses), "--guess-file", str(tmp_path / "pg.txt"),
            "--answers", str(tmp_path / "pa.txt"), "--checkpoint", str(path)]


def eldrow_args(d, path, *extra):
    return ["eldrow", "--all", "--words", str(d / "eldrow.txt"), "--workers", "1", "--checkpoint", str(path),
            *extra]


def perm_args(path, *extra):
    return ["perm", "optimal", "--n", "4", "--checkpoint", str(path), *extra]


def assert_one_line_error(res, *fragments):
    """Exit code 2 and, on stderr, one line: 'error: ...' (no traceback)."""
    assert res.code == 2, res.output
    assert "Traceback" not in res.err
    lines = [line for line in res.err.splitlines() if line.strip() and not line.startswith("warning:")]
    assert len(lines) == 1 and lines[0].startswith("error: "), res.err
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


def read(path):
    return json.loads(open(path).read())


def write_edited(path, edit):
    """Change a checkpoint's content by hand, keeping its old digest."""
    data = read(path)
    edit(data)
    with open(path, "w") as f:
        json.dump(data, f)


# ---- the module
def test_doctests():
    assert doctest.testmod(ck).failed == 0


def test_round_trip_and_format(tmp_path):
    path = tmp_path / "c.json"
    q = {"kind": "demo", "lists": {"name": "x", "key": "abc"}, "slice": (1, 20)}
    assert load_checkpoint(None, q) == {} and load_checkpoint(str(path), q) == {}
    save_checkpoint(str(path), q, {"b": [2, True], "a": [1, False]})
    data = read(path)
    assert set(data) == {"format", "version", "question", "digest", "seal", "entries"}
    assert (data["format"], data["version"]) == ("wordlelab-checkpoint", 1)
    assert data["question"]["slice"] == [1, 20]          # tuples are stored as JSON lists, and match
    assert data["digest"] == ck.digest(data["question"], data["entries"])
    assert load_checkpoint(str(path), q) == {"a": [1, False], "b": [2, True]}
    assert load_checkpoint(str(path), q).sealed                    # written here: its seal verifies
    assert [p.name for p in tmp_path.iterdir()] == ["c.json"]     # no temporary file left


@pytest.mark.parametrize("content, message", [
    (b"\x80\x04\x95\x00\xff binary garbage", "is not JSON"),
    (b'{"a": ', "is not JSON"),
    (b"[1, 2, 3]", "not a wordlelab checkpoint"),
    (b'{"meta": {}, "results": {}}', "older wordlelab"),
    (b'{"format": "wordlelab-checkpoint", "version": 99, "question": {}, "entries": {}, "digest": ""}',
     "version 99"),
    (b'{"format": "wordlelab-checkpoint", "version": 1, "question": {}, "entries": []}', "wrong shape"),
    (b'{"format": "wordlelab-checkpoint", "version": 1, "question": [], "entries": {}, "digest": ""}',
     "wrong shape"),
    (b'{"format": "wordlelab-checkpoint", "version": 1, "question": {}, "entries": {"a": NaN}, "digest": ""}',
     "is not JSON"),
])
def test_garbage_and_wrong_shapes_are_refused(tmp_path, content, message):
    path = tmp_path / "c.json"
    path.write_bytes(content)
    with pytest.raises(WordleError, match=message) as e:
        load_checkpoint(str(path), {"kind": "demo"})
    assert "\n" not in str(e.value)


def test_an_edit_without_the_digest_is_refused(tmp_path):
    path = str(tmp_path / "c.json")
    save_checkpoint(path, {"kind": "demo"}, {"crate": [7950, False]})
    write_edited(path, lambda d: d["entries"].update(crate=[7000, True]))
    with pytest.raises(WordleError, match="edited or damaged"):
        load_checkpoint(path, {"kind": "demo"})
    write_edited(path, lambda d: d.update(digest="0" * 64))
    with pytest.raises(WordleError, match="edited or damaged"):
        load_checkpoint(path, {"kind": "demo"})


def test_another_question_is_refused_naming_each_difference(tmp_path):
    path = str(tmp_path / "c.json")
    q = {"kind": "best-start", "lists": {"name": "l", "key": "k1"}, "mode": "easy", "max_guesses": 6,
         "shard": "1/20", "limit": None}
    save_checkpoint(path, q, {})
    with pytest.raises(WordleError) as e:
        load_checkpoint(path, {**q, "shard": "2/20", "mode": "hard"})
    msg = str(e.value)
    assert "another question" in msg and 'shard is "1/20" in the file, "2/20" in this run' in msg
    assert 'mode is "easy" in the file, "hard" in this run' in msg and "max_guesses" not in msg
    with pytest.raises(WordleError, match="lists is"):
        load_checkpoint(path, {**q, "lists": {"name": "l", "key": "k2"}})
    with pytest.raises(WordleError, match="kind is"):
        load_checkpoint(path, {**q, "kind": "prove-depth"})


def test_malformed_entries_are_refused_by_the_validator(tmp_path):
    path = str(tmp_path / "c.json")
    save_checkpoint(path, {"kind": "demo"}, {"crate": [7950, "yes"]})

    def validate(key, value):
        if not (isinstance(value, list) and type(value[1]) is bool):
            raise ValueError("must be [total, exact]")

    with pytest.raises(WordleError, match="malformed entry 'crate'.*must be"):
        load_checkpoint(path, {"kind": "demo"}, validate)


def test_save_is_atomic(tmp_path, monkeypatch):
    path = str(tmp_path / "c.json")
    save_checkpoint(path, {"kind": "demo"}, {"a": 1})
    before = open(path).read()

    def fail(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ck.os, "replace", fail)
    with pytest.raises(WordleError, match="cannot write checkpoint"):
        save_checkpoint(path, {"kind": "demo"}, {"a": 2})
    assert open(path).read() == before
    assert os.listdir(tmp_path) == ["c.json"]


# ---- fault 1: garbage or a wrong shape gives one line and exit code 2, on every command
GARBAGE = {"binary": b"\x80\x04\x95\x1a\x00\x00\x00\x00\x00\x00\x00}\x94\xff\xfe",
           "json list": b'[{"crate": [7000, true]}]',
           "json wrong fields": b'{"format": "wordlelab-checkpoint", "version": 1, "results": {}}'}


@pytest.mark.parametrize("kind", sorted(GARBAGE))
@pytest.mark.parametrize("command", ["best-start", "prove-depth", "eldrow", "perm", "perm-workers"])
def test_bad_checkpoint_is_one_line_error(cli_run, word_files, tmp_path, command, kind):
    path = tmp_path / "bad.json"
    path.write_bytes(GARBAGE[kind])
    args = {"best-start": lambda: best_start_args(word_files, path, "--json"),
            "prove-depth": lambda: prove_depth_args(tmp_path, path) + ["--json"],
            "eldrow": lambda: eldrow_args(word_files, path, "--json"),
            "perm": lambda: perm_args(path, "--json"),
            "perm-workers": lambda: perm_args(path, "--workers", "1", "--json")}[command]()
    res = cli_run(args, expect_error=True)
    assert_one_line_error(res, str(path))
    assert path.read_bytes() == GARBAGE[kind]          # a refused file is left as it was


@pytest.mark.parametrize("command", ["perm", "perm-workers"])
def test_a_bad_perm_checkpoint_is_refused_before_any_kernel_runs(cli_run, tmp_path, monkeypatch, command):
    """The root's canonical key is the first compiled call (about a minute on a cold cache): a
    file that will be refused is refused before it."""
    from wordlelab.solvers.permutation import core

    def compiled(*args):
        raise AssertionError("a kernel ran before the checkpoint was checked")

    monkeypatch.setattr(core, "canonical", compiled)
    path = tmp_path / "bad.json"
    path.write_bytes(GARBAGE["binary"])
    extra = ["--workers", "1"] if command == "perm-workers" else []
    assert_one_line_error(cli_run(perm_args(path, *extra, "--json"), expect_error=True), str(path))


def test_bad_checkpoint_through_the_console_script(word_files, tmp_path):
    """The real process: exit code 2 and one stderr line, no traceback."""
    path = tmp_path / "bad.json"
    path.write_bytes(GARBAGE["binary"])
    env = {**os.environ, "WORDLELAB_CACHE": os.environ["WORDLELAB_CACHE"]}
    proc = subprocess.run([sys.executable, "-m", "wordlelab", *best_start_args(word_files, path, "--json")],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 2, proc.stderr
    lines = [x for x in proc.stderr.splitlines() if x.strip() and not x.startswith("warning:")]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "is not JSON" in lines[0], proc.stderr


def test_wrongly_shaped_entries_with_a_good_digest_are_refused(cli_run, word_files, tmp_path):
    path = tmp_path / "ck.json"
    cli_run(best_start_args(word_files, path, "--json"))
    question, word = read(path)["question"], next(iter(read(path)["entries"]))
    for entries, reason in (({word: "7000 exact"}, "must be [total, exact]"),
                            ({word: [7000.5, True]}, "must be an integer"),
                            ({word: [7000, 1]}, "must be [total, exact]"),
                            ({"zzzzz": [7000, True]}, "not a candidate first word")):
        save_checkpoint(str(path), question, entries)
        res = cli_run(best_start_args(word_files, path, "--json"), expect_error=True)
        assert_one_line_error(res, "malformed entry", reason)
    eldrow_path = tmp_path / "e.json"
    cli_run(eldrow_args(word_files, eldrow_path, "--json"))
    data = read(eldrow_path)
    row = dict(data["entries"]["water"], length=99)
    save_checkpoint(str(eldrow_path), data["question"], {**data["entries"], "water": row})
    res = cli_run(eldrow_args(word_files, eldrow_path, "--json"), expect_error=True)
    assert_one_line_error(res, "malformed entry 'water'")


# ---- fault 2: edited values are refused; resumed values are marked
def test_edited_best_start_value_is_refused(cli_run, word_files, tmp_path):
    path = tmp_path / "ck.json"
    first = json.loads(cli_run(best_start_args(word_files, path, "--json")).out)
    word = first["stats"]["ranking"][-1]["word"]
    write_edited(path, lambda d: d["entries"].update({word: [7000, True]}))
    res = cli_run(best_start_args(word_files, path, "--json"), expect_error=True)
    assert_one_line_error(res, "edited or damaged")
    res = cli_run(best_start_args(word_files, path), expect_error=True)
    assert "7000" not in res.out


def test_resumed_best_start_rows_are_marked(cli_run, word_files, tmp_path):
    path = tmp_path / "ck.json"
    first = json.loads(cli_run(best_start_args(word_files, path, "--json")).out)["stats"]
    assert {r["source"] for r in first["ranking"]} == {"computed"} and first["from_checkpoint"] == 0
    again = json.loads(cli_run(best_start_args(word_files, path, "--json")).out)["stats"]
    assert {r["source"] for r in again["ranking"]} == {"checkpoint"}
    assert again["from_checkpoint"] == again["evaluated"] == first["evaluated"]
    assert [(r["word"], r["total"], r["proof"]) for r in again["ranking"]] == \
        [(r["word"], r["total"], r["proof"]) for r in first["ranking"]]
    text = cli_run(best_start_args(word_files, path)).out
    assert "source" in text and text.count("checkpoint") >= first["evaluated"]
    assert f"{first['evaluated']} of them taken from the checkpoint" in text


def test_resumed_eldrow_rows_are_marked(cli_run, word_files, tmp_path):
    path = tmp_path / "e.json"
    first = json.loads(cli_run(eldrow_args(word_files, path, "--json")).out)
    assert {r["source"] for r in first["results"]} == {"computed"}
    again = json.loads(cli_run(eldrow_args(word_files, path, "--json")).out)
    assert {r["source"] for r in again["results"]} == {"checkpoint"}
    assert again["from_checkpoint"] == len(ELDROW_WORDS)
    assert [(r["target"], r["length"]) for r in again["results"]] == \
        [(r["target"], r["length"]) for r in first["results"]]
    text = cli_run(eldrow_args(word_files, path)).out
    assert "source" in text and f"{len(ELDROW_WORDS)} of the {len(ELDROW_WORDS)} targets taken from the checkpoint" \
        in text
    write_edited(path, lambda d: d["entries"]["water"].update(length=9, chain="a b c d e f g h water"))
    assert_one_line_error(cli_run(eldrow_args(word_files, path, "--json"), expect_error=True), "edited or damaged")


# ---- fault 3: a checkpoint for another question is refused, naming what differs
def test_other_shard_is_refused(cli_run, word_files, tmp_path):
    path = tmp_path / "ck.json"
    cli_run(["best-start", *lists_args(word_files), "--workers", "1", "--shard", "1/20", "--checkpoint", str(path),
             "--json"])
    saved = read(path)
    assert saved["question"]["shard"] == "1/20"
    res = cli_run(["best-start", *lists_args(word_files), "--workers", "1", "--shard", "2/20", "--checkpoint",
                   str(path), "--json"], expect_error=True)
    assert_one_line_error(res, "another question", 'shard is "1/20" in the file, "2/20" in this run')
    assert read(path) == saved                           # nothing merged into it


def test_other_lists_mode_limit_or_kind_is_refused(cli_run, word_files, tmp_path):
    path = tmp_path / "ck.json"
    cli_run(best_start_args(word_files, path, "--json"))
    q = read(path)["question"]
    assert q["kind"] == "best-start" and q["limit"] == 8 and q["lists"]["key"] == load_lists(
        guesses_file=str(word_files / "g.txt"), answers=str(word_files / "a.txt")).key
    for extra, field in ((["--mode", "hard"], "mode is"), (["--max-guesses", "5"], "max_guesses is")):
        assert_one_line_error(cli_run(best_start_args(word_files, path, "--json", *extra), expect_error=True),
                              "another question", field)
    res = cli_run(["best-start", *lists_args(word_files), "--workers", "1", "--limit", "9", "--top", "2",
                   "--checkpoint", str(path), "--json"], expect_error=True)
    assert_one_line_error(res, "limit is 8 in the file, 9 in this run")
    # other lists: the same names, one more answer
    other = tmp_path / "other"
    other.mkdir()
    (other / "g.txt").write_text((word_files / "g.txt").read_text())
    answers = (word_files / "a.txt").read_text().split()
    extra_answer = next(w for w in (word_files / "g.txt").read_text().split() if w not in answers)
    (other / "a.txt").write_text("\n".join(answers + [extra_answer]) + "\n")
    assert_one_line_error(cli_run(best_start_args(other, path, "--json"), expect_error=True), "lists is")
    # another command's question
    assert_one_line_error(cli_run(prove_depth_args(tmp_path, path) + ["--json"], expect_error=True), "kind is")
    assert_one_line_error(cli_run(eldrow_args(word_files, path, "--json"), expect_error=True), "kind is")


def test_prove_depth_and_eldrow_questions_are_checked(cli_run, word_files, tmp_path):
    path = tmp_path / "d.json"
    cli_run(prove_depth_args(tmp_path, path, 3) + ["--json"])
    assert read(path)["question"]["guesses"] == 3
    assert_one_line_error(cli_run(prove_depth_args(tmp_path, path, 4) + ["--json"], expect_error=True),
                          "guesses is 3 in the file, 4 in this run")
    assert_one_line_error(cli_run(prove_depth_args(tmp_path, path, 3) + ["--mode", "hard", "--json"],
                                  expect_error=True), "mode is")
    e = tmp_path / "e.json"
    cli_run(eldrow_args(word_files, e, "--json"))
    assert_one_line_error(cli_run(eldrow_args(word_files, e, "--mode", "hard", "--json"), expect_error=True),
                          "mode is")
    assert_one_line_error(cli_run(eldrow_args(word_files, e, "--set", "node-limit=1000", "--json"), expect_error=True),
                          "node_limit is")


def test_perm_history_and_n_are_checked(cli_run, tmp_path):
    path = tmp_path / "p.json"
    cli_run(perm_args(path, "--json"))
    assert_one_line_error(cli_run(["perm", "optimal", "--n", "5", "--checkpoint", str(path), "--json"],
                                  expect_error=True), "n is 4 in the file, 5 in this run")
    assert_one_line_error(cli_run(perm_args(path, "--history", "1234:GGBB", "--json"), expect_error=True),
                          "history is")
    assert_one_line_error(cli_run(perm_args(path, "--consistent-only", "--workers", "1", "--json"),
                                  expect_error=True), "consistent is")


# ---- fault 4: perm optimal writes one format, with or without --workers
def test_perm_optimal_writes_one_format(cli_run, tmp_path):
    alone, swept = tmp_path / "alone.json", tmp_path / "swept.json"
    a = json.loads(cli_run(["perm", "optimal", "--n", "5", "--checkpoint", str(alone), "--json"]).out)["stats"]
    b = json.loads(cli_run(["perm", "optimal", "--n", "5", "--checkpoint", str(swept), "--workers", "1",
                            "--json"]).out)["stats"]
    assert alone.read_bytes()[:1] == b"{"                  # JSON, not a pickle
    da, db = read(alone), read(swept)
    assert (da["format"], da["version"]) == (db["format"], db["version"]) == ("wordlelab-checkpoint", 1)
    assert da["question"] == db["question"] == {"kind": "perm-optimal", "n": 5, "consistent": False, "history": []}
    assert da["entries"] == db["entries"] and len(da["entries"]) == a["states"] == b["states"]
    assert a["states_from_checkpoint"] == b["states_from_checkpoint"] == 0
    # each resumes the other's file, computing nothing
    a2 = json.loads(cli_run(["perm", "optimal", "--n", "5", "--checkpoint", str(swept), "--json"]).out)["stats"]
    b2 = json.loads(cli_run(["perm", "optimal", "--n", "5", "--checkpoint", str(alone), "--workers", "1",
                             "--json"]).out)["stats"]
    for r in (a2, b2):
        assert r["states_from_checkpoint"] == r["states"] == a["states"]
        assert (r["total_rounds"], r["within"]) == (a["total_rounds"], a["within"])
    text = cli_run(["perm", "optimal", "--n", "5", "--checkpoint", str(alone)]).out
    assert f"{a['states']} of the {a['states']} state expansions taken from the checkpoint" in text


def test_interrupted_perm_discovery_resumes_across_executors(tmp_path):
    from wordlelab.solvers.permutation.sweep import solve_sweep
    from wordlelab.solvers.permutation import solve
    path = str(tmp_path / "p.json")

    def stop(done, total):
        if done == 30:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve(6, checkpoint=path, progress=stop)
    assert len(read(path)["entries"]) == 30
    r, _ = solve_sweep(6, executor_kind="inprocess", checkpoint=path)
    assert r.space.resumed >= 1 and (r.total, r.states) == (2520, 184)
    assert len(read(path)["entries"]) == 184


# ---- fault 5: a resumed prove-depth keeps its core
def interrupted_then_resumed(lists, guesses, stop, path):
    calls = []

    def progress(n, info=""):
        calls.append(n)
        if len(calls) == stop:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prove_depth(NativeSearcher(lists, "easy", guesses), guesses, progress=progress, checkpoint=str(path))
    saved = read(path)["entries"]
    assert len(saved) == stop
    return saved, prove_depth(NativeSearcher(lists, "easy", guesses), guesses, checkpoint=str(path), recheck=True)


@pytest.mark.parametrize("seed, guesses", [(1, 3), (5, 3), (6, 2), (7, 3)])
def test_resumed_prove_depth_reports_the_same_core(tmp_path, seed, guesses):
    answers, words = tiny_instance(seed, 40, 60)
    lists = lists_from(tmp_path, answers, words)
    fresh = prove_depth(NativeSearcher(lists, "easy", guesses), guesses, recheck=True)
    assert fresh.status == "INFEASIBLE" and fresh.stats.core.check == "INFEASIBLE"
    for stop in (1, 3):
        saved, resumed = interrupted_then_resumed(lists, guesses, stop, tmp_path / f"d{stop}.json")
        assert all(e["core"] is not None for e in saved.values())      # each refutation kept its core
        assert resumed.status == "INFEASIBLE" and resumed.stats.from_checkpoint == stop
        assert resumed.certificate_kind == "core" and resumed.certificate == fresh.certificate
        assert resumed.stats.core.check == "INFEASIBLE"


def test_resumed_prove_depth_core_at_four_guesses(tmp_path):
    """Deeper learnt cores are not kept, so the core may differ; it is still reported and real,
    and holds every core the first run found before the stop."""
    answers, words = tiny_instance(1, 40, 60)
    lists = lists_from(tmp_path, answers, words)
    saved, resumed = interrupted_then_resumed(lists, 4, 2, tmp_path / "d.json")
    assert resumed.status == "INFEASIBLE" and resumed.stats.core.check == "INFEASIBLE"
    kept = {a for e in saved.values() for a in e["core"] or []}
    assert kept and kept <= set(resumed.certificate)


def test_prove_depth_cli_resume_reports_core_and_marks_it(cli_run, tmp_path):
    path = tmp_path / "d.json"
    args = prove_depth_args(tmp_path, path, 3)          # writes the lists the command reads
    lists = load_lists(guesses_file=str(tmp_path / "pg.txt"), answers=str(tmp_path / "pa.txt"))
    fresh = prove_depth(NativeSearcher(lists, "easy", 3), 3)
    assert fresh.status == "INFEASIBLE" and fresh.certificate_kind == "core" and fresh.certificate
    calls = []

    def stop_after_two(n, info=""):                     # Ctrl-C after two first words
        calls.append(n)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prove_depth(NativeSearcher(lists, "easy", 3), 3, progress=stop_after_two, checkpoint=str(path))
    res = json.loads(cli_run(args + ["--json", "--recheck"]).out)
    assert res["status"] == "INFEASIBLE" and res["stats"]["from_checkpoint"] == 2
    assert res["certificate_kind"] == "core" and res["certificate"] == fresh.certificate
    assert res["stats"]["core"]["check"] == "INFEASIBLE"
    text = cli_run(args).out
    assert "core:" in text and "taken from the checkpoint" in text


def test_replayed_cores_rebuild_the_core_store(tmp_path):
    """The replay adds each saved core once, at its depth, as the first run had learnt it."""
    answers, words = tiny_instance(5, 40, 60)
    lists = lists_from(tmp_path, answers, words)
    path = tmp_path / "d.json"
    saved, _ = interrupted_then_resumed(lists, 3, 3, path)
    searcher = NativeSearcher(lists, "easy", 3)
    from wordlelab.solvers.search.engine.core_prover import CoreProver
    prover = CoreProver(searcher)
    replayed = set()
    for value in list(saved.values()) * 2:
        replay_refutation(searcher, prover, value, replayed)
    cores = {tuple(lists.answers[a] for a in m) for _, m in prover.store.cores()}
    assert cores == {tuple(e["core"]) for e in saved.values() if e["core"]}
    assert set(lists.answers[a] for a in prover.root_core) == {a for e in saved.values() for a in e["core"]}
    assert np.all(np.diff(prover.root_core) > 0)
