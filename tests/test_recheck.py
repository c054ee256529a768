"""wordlelab recheck: a folder of claim files re-checked from their certificates, a row a file.

The lists: the seven ?ATCH words and NAUCH, every word an answer, hard mode within 7. Each ?ATCH
word finds every answer within 7 (after it, hard mode lets each guess test one of the others);
NAUCH cannot (its class BGBGG holds all seven). The files are made here as the runs make them, then
forged: a tree that does not verify, a core that is solvable, a total its tree does not give.
"""
import json

import pytest

from wordlelab.instances.wordlists import load_lists
from wordlelab.models.feedback import feedback, pattern_string
from wordlelab.models.tree import save_tree, tree_from_paths
from wordlelab.solvers.runtime.checkpoint import lists_question, save_checkpoint
from wordlelab.solvers.recheck import Recheck

FAMILY = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
INF = 1 << 30


@pytest.fixture
def lists(tmp_path):
    words = tmp_path / "words"
    words.mkdir()
    (words / "g.txt").write_text("\n".join(FAMILY + ["nauch"]) + "\n")
    return load_lists(None, str(words / "g.txt"), "all")


def chain(first):
    """Each answer's guesses: FIRST, then the other ?ATCH words in order until it; NAUCH, alone in
    its class, second."""
    order = [first] + [w for w in FAMILY if w != first]
    return {**{a: order[:order.index(a) + 1] for a in FAMILY}, "nauch": [first, "nauch"]}


def sweep_question(lists):
    return {"answers": 8, "guesses": 7, "kind": "depth-every-first-word", "lists": lists_question(lists), "mode": "hard"}


def write_sweep(folder, lists, nauch_core=None):
    trees = folder / "trees7"
    trees.mkdir(exist_ok=True)
    entries = {}
    for w in FAMILY:
        paths = chain(w)
        tree = tree_from_paths(list(paths), list(paths.values()))
        save_tree(tree, str(trees / f"{w}.tree"))
        entries[w] = {"yes": True, "core": None, "depth": 7, "total": tree.total(), "same_as": None}
    # NAUCH is an answer too: its class GGGGG is itself, the seven ?ATCH words share BGBGG
    entries["nauch"] = {"yes": False, "core": nauch_core or FAMILY, "depth": 6, "total": None, "same_as": None}
    save_checkpoint(folder / "every7.json", sweep_question(lists), entries)


def write_state(folder, lists, forged=False):
    """prove-depth --state nauch.BGBGG: every ?ATCH guess leaves the other six in one class."""
    question = {"answers": 7, "guesses": 7, "kind": "prove-depth", "lists": lists_question(lists), "mode": "hard",
                "state": "nauch.BGBGG"}
    entries = {w: {"core": [a for a in FAMILY if a != w], "depth": 5} for w in FAMILY}
    if forged:
        entries["batch"] = {"core": ["hatch", "latch"], "depth": 5}      # two answers: found within 2
    save_checkpoint(folder / "nauch-bgbgg-depth.json", question, entries)


def write_classes(folder, lists, value_shift=0):
    paths = chain("batch")
    others = [a for a in FAMILY if a != "batch"]
    entry = {"value": sum(len(paths[a]) - 1 for a in others) + value_shift,
             "paths": [" ".join(paths[a][1:]) for a in others]}
    question = {"answers": 8, "history": [], "kind": "min-total-classes", "lists": lists_question(lists),
                "max_guesses": 7, "mode": "hard", "start": "batch"}
    save_checkpoint(folder / "batch7.json", question, {pattern_string(feedback("batch", "catch")): entry,
                                                       pattern_string(feedback("batch", "nauch")): {
                                                           "value": 1, "paths": ["nauch"]}})


def write_ranking(folder, lists, batch_total=30):
    question = {"kind": "best-start", "limit": None, "lists": lists_question(lists), "max_guesses": 7,
                "mode": "hard", "shard": None}
    entries = {w: [30, True] for w in FAMILY}
    entries["batch"] = [batch_total, True]
    entries["nauch"] = [INF, True]
    save_checkpoint(folder / "rank7.json", question, entries)


def rows(folder, lists, **kw):
    return {r.claim: r for r in Recheck(folder, word_files=folder / "words", **kw).run()}


def test_honest_files_are_verified(tmp_path, lists):
    write_sweep(tmp_path, lists)
    write_state(tmp_path, lists)
    write_classes(tmp_path, lists)
    write_ranking(tmp_path, lists)
    got = rows(tmp_path, lists)
    sweep = got["every7.json"]
    assert (sweep.status, sweep.outcome) == ("OPTIMAL", "verified")
    assert sweep.parts == {"trees": [7, 7, 7], "cores": [1, 1, 1]}
    state = got["nauch-bgbgg-depth.json"]
    assert (state.status, state.outcome, state.parts) == ("INFEASIBLE", "verified", {"cores": [7, 7, 7]})
    classes = got["batch7.json"]
    assert (classes.status, classes.outcome, classes.parts) == ("OPTIMAL", "verified", {"class trees": [2, 2, 2]})
    assert "BATCH's least total within 7: 30" in classes.question
    assert "least totals of the classes" in classes.verified       # minimality is a claim, and says so
    ranking = got["rank7.json"]
    # BATCH's exact 30 by the tree of batch7.json; the other six exact totals have no tree beside them
    assert (ranking.status, ranking.outcome) == ("OPTIMAL", "verified")
    assert ranking.parts == {"exact totals by a tree": [1, 1, 1]}
    assert ranking.claims["exact totals without a tree in the folder"] == 6
    assert ranking.claims["no-strategy entries (cores for 1 of them in every7.json, checked in its row)"] == 1


def test_a_tree_that_does_not_verify_is_a_fault(tmp_path, lists):
    write_sweep(tmp_path, lists)
    # CATCH's tree claims MATCH where it plays WATCH last: WATCH is never found
    text = (tmp_path / "trees7" / "catch.tree").read_text()
    (tmp_path / "trees7" / "catch.tree").write_text(text.replace("watch", "match"))
    row = rows(tmp_path, lists)["every7.json"]
    assert row.outcome == "fault" and row.parts["trees"][:2] == [6, 7]
    assert row.verified.startswith("FAULT: catch: ")


def test_a_core_that_is_solvable_is_a_fault(tmp_path, lists):
    write_sweep(tmp_path, lists, nauch_core=["batch", "catch"])
    write_state(tmp_path, lists, forged=True)
    got = rows(tmp_path, lists)
    assert got["every7.json"].outcome == "fault" and "CoreFault" in got["every7.json"].fault
    state = got["nauch-bgbgg-depth.json"]
    assert state.outcome == "fault" and state.parts["cores"][:2] == [6, 7] and "batch: CoreFault" in state.fault


def test_a_total_its_tree_does_not_give_is_a_fault(tmp_path, lists):
    write_classes(tmp_path, lists, value_shift=-1)
    write_ranking(tmp_path, lists, batch_total=29)
    got = rows(tmp_path, lists)
    assert got["batch7.json"].outcome == "fault" and "totals 21, the file says 20" in got["batch7.json"].fault
    assert got["rank7.json"].outcome == "fault"


def test_an_edited_file_is_a_fault_and_a_budget_leaves_rows_unverified(tmp_path, lists):
    write_sweep(tmp_path, lists)
    write_state(tmp_path, lists)
    path = tmp_path / "nauch-bgbgg-depth.json"
    data = json.loads(path.read_text())
    data["entries"]["batch"]["depth"] = 4
    path.write_text(json.dumps(data))
    got = rows(tmp_path, lists, limit_seconds=1e-9)
    assert got["nauch-bgbgg-depth.json"].outcome == "fault" and "edited or damaged" in got["nauch-bgbgg-depth.json"].fault
    sweep = got["every7.json"]
    assert sweep.outcome == "partly" and sweep.cut == "budget" and sweep.parts["cores"] == [0, 0, 1]
    assert "(stopped: budget)" in sweep.verified


def test_ctrl_c_keeps_the_rows_done_and_marks_the_one_in_hand(tmp_path, lists):
    write_sweep(tmp_path, lists)
    write_state(tmp_path, lists)

    def progress(claim, done, total, info):
        if claim == "nauch-bgbgg-depth.json" and done == 3:
            raise KeyboardInterrupt
    run = Recheck(tmp_path, progress=progress, word_files=tmp_path / "words")
    with pytest.raises(KeyboardInterrupt):
        run.run()
    assert [r.claim for r in run.rows] == ["every7.json", "nauch-bgbgg-depth.json"]
    assert run.rows[0].outcome == "verified"
    assert run.rows[1].cut == "interrupted" and run.rows[1].parts["cores"][:2] == [3, 3]


def test_cli_table_json_and_exit_codes(cli_run, tmp_path, lists):
    write_sweep(tmp_path, lists)
    write_classes(tmp_path, lists)
    words = str(tmp_path / "words")
    r = cli_run(["recheck", str(tmp_path), "--word-files", words])
    assert "every7.json" in r.out and "yes: trees 7/7, cores 1/1" in r.out
    r = cli_run(["recheck", str(tmp_path), "--word-files", words, "--only", "batch7", "--json"])
    [row] = json.loads(r.out)["rows"]
    assert (row["claim"], row["status"], row["outcome"]) == ("batch7.json", "OPTIMAL", "verified")
    # without the word files, the claims are not re-checked here, and no row says verified
    r = cli_run(["recheck", str(tmp_path), "--json"])
    assert {row["outcome"] for row in json.loads(r.out)["rows"]} == {"none"}
    write_classes(tmp_path, lists, value_shift=1)
    r = cli_run(["recheck", str(tmp_path), "--word-files", words], expect_error=True)
    assert r.code == 1 and "FAULT" in r.out
    r = cli_run(["recheck", str(tmp_path), "--only", "nosuch"], expect_error=True)
    assert r.code == 2 and r.err.startswith("error: --only nosuch: no such claim file")


def write_bound(folder, lists, start="batch"):
    """A lower-bound certificate of START's least total (``solve --certify``) and its tree beside it."""
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.certify import certify_min_total
    searcher = NativeSearcher(lists, "hard", 7)
    res = searcher.solve(start=start)
    certify_min_total(searcher, start, int(res.value), folder / f"{start}.bound.gz")
    save_tree(res.certificate, str(folder / f"{start}.tree"))
    return int(res.value)


def test_a_lower_bound_certificate_and_its_tree_are_both_halves(tmp_path, lists):
    import gzip
    value = write_bound(tmp_path, lists)
    row = rows(tmp_path, lists)["batch.bound.gz"]
    assert (row.status, row.outcome) == ("OPTIMAL", "verified")
    assert row.parts == {"lower-bound certificate": [1, 1, 1], "tree": [1, 1, 1]}
    assert "starting with BATCH" in row.question and f"at least {value}" in row.question
    # without its tree, the lower half only
    (tmp_path / "batch.tree").rename(tmp_path / "other.tree")
    row = rows(tmp_path, lists)["batch.bound.gz"]
    assert (row.status, row.outcome) == ("UNKNOWN", "verified") and "lower half only" in row.verified
    # a tree of another first word is no upper half of BATCH's bound
    write_bound(tmp_path, lists, "catch")
    (tmp_path / "catch.tree").rename(tmp_path / "batch.tree")
    assert "starts with CATCH" in rows(tmp_path, lists)["batch.bound.gz"].fault
    # the goal raised by one (the header and the goal claim alike): the checker refuses it
    lines = gzip.decompress((tmp_path / "catch.bound.gz").read_bytes()).decode().splitlines()
    head, goal = json.loads(lines[0]), json.loads(lines[-1])
    head["value"] += 1
    goal["at_least"] += 1
    forged = [json.dumps(head), *lines[1:-1], json.dumps(goal)]
    (tmp_path / "catch.bound.gz").write_bytes(gzip.compress(("\n".join(forged) + "\n").encode()))
    row = rows(tmp_path, lists)["catch.bound.gz"]
    assert row.outcome == "fault" and row.fault.startswith("catch.bound.gz: WordleError: claim")


RUNS = __import__("pathlib").Path(__file__).resolve().parent.parent / "runs"


@pytest.mark.parametrize("name", [
    "salet-7897.bound.gz",
    pytest.param("salet-hard-8099.bound.gz", marks=pytest.mark.slow),
    pytest.param("tarse-0701-11219.bound.gz", marks=pytest.mark.slow),
])
def test_the_committed_certificates_hold_in_both_halves(name):
    """runs/ keeps least totals certified in both halves: each certificate passes the checker, and
    the tree beside it the verifier (the named lists come from their packages)."""
    got = {r.claim: r for r in Recheck(RUNS).run(only=[name])}
    row = got[name]
    assert (row.status, row.outcome) == ("OPTIMAL", "verified"), row.verified
    assert row.parts == {"lower-bound certificate": [1, 1, 1], "tree": [1, 1, 1]}
