"""The trust boundary: a value read from a file counts as proven only if this installation wrote
the file (its seal verifies) or the value is re-checked on loading. A forger who recomputes the
sha256 digest gets a result that names the file it rests on, never OPTIMAL with a false value."""
import json

import pytest

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists
from wordlelab.models.result import Status
from wordlelab.solvers.runtime.checkpoint import digest, load_checkpoint, save_checkpoint
from wordlelab.solvers.search.depth.depth_proof import prove_depth

SIX = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve",
       "heath", "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign")


def _forge(path, edit, keep_seal=True):
    """Edit a checkpoint's entries and recompute its sha256 digest, as the campaign's forger did."""
    d = json.loads(path.read_text())
    edit(d["entries"])
    d["digest"] = digest(d["question"], d["entries"])
    if not keep_seal:
        d.pop("seal", None)
    path.write_text(json.dumps(d))


def test_seal_verifies_only_this_installations_files(tmp_path):
    path = tmp_path / "c.json"
    save_checkpoint(path, {"kind": "demo"}, {"a": 1})
    assert load_checkpoint(path, {"kind": "demo"}).sealed
    _forge(path, lambda e: e.update(a=2))
    forged = load_checkpoint(path, {"kind": "demo"})
    assert forged == {"a": 2} and not forged.sealed


def test_a_resumed_unsealed_file_is_never_sealed_again(tmp_path):
    """Saving over a file loaded unsealed would launder its claims with this run's seal."""
    path = tmp_path / "c.json"
    save_checkpoint(path, {"kind": "demo"}, {"a": 1})
    _forge(path, lambda e: e.update(a=5), keep_seal=False)
    entries = load_checkpoint(path, {"kind": "demo"})
    save_checkpoint(path, {"kind": "demo"}, {**entries, "b": 2})
    assert "seal" not in json.loads(path.read_text())
    assert not load_checkpoint(path, {"kind": "demo"}).sealed


def test_forged_class_checkpoint_gives_feasible_naming_the_file(tmp_path):
    from wordlelab.solvers.search.native import NativeSearcher
    lists = WordLists("twenty", SIX, SIX)
    ck = tmp_path / "c.json"
    true = NativeSearcher(lists).solve(start="cigar", checkpoint=str(ck))
    assert true.status == Status.OPTIMAL and not true.rests_on
    again = NativeSearcher(lists).solve(start="cigar", checkpoint=str(ck))
    assert again.status == Status.OPTIMAL and again.value == true.value     # sealed: our own run

    def worse(entries):
        # a valid but worse strategy for the largest class: one useless guess first
        key = max(entries, key=lambda k: len(entries[k]["paths"]))
        other = next(w for w in SIX if all(w not in p.split() for p in entries[key]["paths"]))
        entries[key]["paths"] = [f"{other} {p}" for p in entries[key]["paths"]]
        entries[key]["value"] += len(entries[key]["paths"])
    _forge(ck, worse)
    forged = NativeSearcher(lists).solve(start="cigar", checkpoint=str(ck))
    assert forged.value > true.value and forged.verified           # the tree is valid, only worse
    assert forged.status == Status.FEASIBLE and forged.claimed == Status.OPTIMAL
    assert forged.bound is None and str(ck) in forged.rests_on[0]
    assert forged.as_dict()["rests_on"] == forged.rests_on


def test_eldrow_chains_are_rechecked_on_loading(tmp_path):
    from wordlelab.solvers.eldrow import sweep
    words = ("bills", "hills", "kills", "mills", "drone", "crane", "slate", "trace")
    lists = WordLists("eight", words, words)
    ck = tmp_path / "e.json"
    rows = sweep(lists, workers=1, checkpoint=str(ck))
    assert all(r["status"] == "OPTIMAL" for r in rows)

    def inadmissible(entries):
        entries["bills"]["chain"] = "crane hills drone slate bills"
        entries["bills"]["length"] = 5
    bad = tmp_path / "bad.json"
    bad.write_text(ck.read_text())
    _forge(bad, inadmissible)
    with pytest.raises(WordleError, match="not admissible"):
        sweep(lists, workers=1, checkpoint=str(bad))

    def shorter(entries):
        entries["crane"]["chain"], entries["crane"]["length"] = "crane", 1
    short = tmp_path / "short.json"
    short.write_text(ck.read_text())
    _forge(short, shorter)
    rows = {r["target"]: r for r in sweep(lists, workers=1, checkpoint=str(short))}
    assert rows["crane"]["status"] == "FEASIBLE" and rows["crane"]["rests_on"] == str(short)


def test_forged_kept_hint_is_not_believed(tmp_path, monkeypatch):
    from wordlelab.models.state import parse_state
    from wordlelab.solvers.search.rank import kept_hints
    from wordlelab.solvers.search.rank.hint import hint
    lists = WordLists("twenty", SIX, SIX)
    first = hint(lists, "humph.BBBBB", top=2)
    assert not first.stats.kept["read"]
    assert hint(lists, "humph.BBBBB", top=2).stats.kept["read"]        # sealed: read back
    path = kept_hints.kept_file(lists, "easy", 6, parse_state("humph.BBBBB", lists))
    data = json.loads(path.read_text())
    data["seconds"] = 0.5                               # any edit, even of a harmless field
    path.write_text(json.dumps(data))
    again = hint(lists, "humph.BBBBB", top=2)
    assert not again.stats.kept["read"] and again.value == first.value


def test_a_matrix_with_a_recomputed_plain_digest_is_rebuilt(tmp_path, monkeypatch):
    import hashlib
    import warnings

    import numpy as np

    from wordlelab.models import matrix
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path))
    lists = WordLists("twenty", SIX, SIX)
    good = matrix.pattern_matrix(lists, transposed=True)
    path = matrix.cache_path(lists)
    m = np.load(path)
    m[0, 1] = (int(m[0, 1]) + 1) % 243
    np.save(path, m)
    h = hashlib.sha256(f"{m.dtype.str}{m.shape}".encode())
    h.update(memoryview(np.ascontiguousarray(m)).cast("B"))
    path.with_name(path.name + ".sha256").write_text(h.hexdigest())      # the forger's new digest
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = matrix.pattern_matrix(lists, transposed=True)
    assert (again == good).all()
    assert any("seal" in str(w.message) for w in caught)


def test_cli_says_what_a_forged_solve_rests_on(tmp_path, cli_run):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(SIX) + "\n")
    ck = tmp_path / "c.json"
    args = ["solve", "--start", "cigar", "--guesses", str(words), "--answers", str(words), "--checkpoint", str(ck)]
    cli_run(args)

    def worse(entries):
        key = max(entries, key=lambda k: len(entries[k]["paths"]))
        other = next(w for w in SIX if all(w not in p.split() for p in entries[key]["paths"]))
        entries[key]["paths"] = [f"{other} {p}" for p in entries[key]["paths"]]
        entries[key]["value"] += len(entries[key]["paths"])
    _forge(ck, worse, keep_seal=False)
    text = cli_run(args).out
    assert text.startswith("FEASIBLE") and "NOT proven here" in text and f"rests on {ck}" in text
    data = json.loads(cli_run(args + ["--json"]).out)
    assert data["status"] == "FEASIBLE" and data["claimed"] == "OPTIMAL" and data["rests_on"]


def test_a_depth_no_resumed_from_an_unsealed_file_rests_on_it(tmp_path):
    from wordlelab.solvers.search.native import NativeSearcher
    words = ("bills", "hills", "kills", "mills", "pills", "dills", "fills", "gills", "sills", "tills",
             "wills", "drone", "crane", "slate", "trace", "least", "stale", "tales")
    lists = WordLists("eighteen", words, words)
    ck = tmp_path / "r.json"
    first = prove_depth(NativeSearcher(lists, "hard", 6), 3, checkpoint=str(ck))
    assert first.status == Status.INFEASIBLE and not first.rests_on
    again = prove_depth(NativeSearcher(lists, "hard", 6), 3, checkpoint=str(ck))
    assert again.status == Status.INFEASIBLE                       # sealed: this installation's own
    _forge(ck, lambda entries: None, keep_seal=False)
    copied = prove_depth(NativeSearcher(lists, "hard", 6), 3, checkpoint=str(ck))
    assert copied.status == Status.UNKNOWN and copied.claimed == Status.INFEASIBLE and not copied.verified
    assert str(ck) in copied.rests_on[0]


def test_a_run_that_read_an_unsealed_file_writes_nothing_sealed(tmp_path):
    """Laundering: a value derived from a forged file must not come back sealed in this run's own file."""
    from wordlelab.solvers.runtime import checkpoint as ck
    src, own = tmp_path / "forged.json", tmp_path / "own.json"
    save_checkpoint(src, {"kind": "demo"}, {"a": 1})
    _forge(src, lambda e: e.update(a=0), keep_seal=False)
    ck.forget_unsealed()
    try:
        claimed = load_checkpoint(src, {"kind": "demo"})
        save_checkpoint(own, {"kind": "derived"}, {"from": claimed["a"]})
        assert not load_checkpoint(own, {"kind": "derived"}).sealed
        assert str(src.resolve()) in ck.unsealed_inputs()
    finally:
        ck.forget_unsealed()
    save_checkpoint(own, {"kind": "derived"}, {"from": 1})        # a later command starts afresh
    assert load_checkpoint(own, {"kind": "derived"}).sealed


def test_best_start_empty_shard_is_refused(tmp_path, cli_run):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(SIX) + "\n")
    r = cli_run(["best-start", "--guesses", str(words), "--answers", str(words), "--shard", "60/61",
                 "--workers", "1"], expect_error=True)
    assert r.code == 2 and "holds no first word" in r.err


def test_another_lists_sealed_matrix_under_this_name_is_rebuilt(tmp_path, monkeypatch):
    """Both files sealed here, same shape: the seal names the lists' file, so a swap is caught."""
    import shutil
    import warnings

    from wordlelab.models import matrix
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path))
    answers = SIX[:10]
    a = WordLists("a", answers + ("qajaq",), answers)
    b = WordLists("b", answers + ("frown",), answers)
    good_b = matrix.pattern_matrix(b, transposed=True).copy()
    matrix.pattern_matrix(a, transposed=True)
    pa, pb = matrix.cache_path(a), matrix.cache_path(b)
    shutil.copyfile(pa, pb)
    shutil.copyfile(pa.with_name(pa.name + ".sha256"), pb.with_name(pb.name + ".sha256"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = matrix.pattern_matrix(b, transposed=True)
    assert (again == good_b).all() and any("seal" in str(w.message) for w in caught)
