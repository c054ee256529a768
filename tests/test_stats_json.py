"""The typed statistics (wordlelab/models/stats.py) print the same ``--json`` as the dicts they replaced.

The key lists below are the ones ``solve``, ``prove-depth``, ``best-start``, ``hint``,
``every-first-word``, ``analyze`` and ``best-pair`` printed, in order, when their statistics were
dicts; the values are that run's, on 60 answers among 120 guesses (``analyze`` and ``best-pair``: 8
answers) (the seconds and rates left out: they are the clock's). A key that disappears, moves or changes its
value fails here; so does a typed field that prints when it is unset.
"""
import json

import pytest
from conftest import write_small_lists  # tests/ is on sys.path (pytest's prepend import mode)

from wordlelab.models.stats import CoreCheck, DepthStats, SolveStats

COUNTERS = ["nodes", "cache_hits", "cells_scanned", "monotone", "endgame_trials", "refuted_at_once"]
SOLVE_KEYS = (["n_answers", "first_guess", "first_guess_given", "average"] + COUNTERS
              + ["cache_entries", "table_slots", "max_guesses_used", "histogram", "search_seconds"])
HISTOGRAM = {"1": 1, "2": 25, "3": 33, "4": 1}          # ABLED's least-total tree (total 154)


@pytest.fixture(scope="module")
def lists_args(tmp_path_factory):
    """60 answers among 120 guesses (tests/test_checkpoint.py's instance)."""
    return write_small_lists(tmp_path_factory.mktemp("lists"))


def _stats(cli_run, args):
    doc = json.loads(cli_run([*args, "--json"]).out)
    return doc, doc["stats"]


def _without_threads(keys):
    # (``threads`` is there only when the machine has more than one usable core)
    return [k for k in keys if k != "threads"]


def test_solve_json_keeps_its_keys_and_values(cli_run, lists_args, tmp_path):
    g, a = lists_args
    tree = str(tmp_path / "t.json")
    doc, st = _stats(cli_run, ["solve", "--guesses", g, "--answers", a, "--start", "abled", "--tree", tree])
    assert (doc["status"], doc["value"]) == ("OPTIMAL", 154)
    assert _without_threads(st) == SOLVE_KEYS + ["tree_file"]
    assert (st["n_answers"], st["first_guess"], st["first_guess_given"], st["average"]) == (60, "abled", True, 2.5667)
    assert (st["max_guesses_used"], st["histogram"], st["tree_file"]) == (4, HISTOGRAM, tree)

    cert = str(tmp_path / "c.json")
    _, st = _stats(cli_run, ["solve", "--guesses", g, "--answers", a, "--start", "abled", "--certify", cert])
    assert _without_threads(st) == SOLVE_KEYS + ["verified_halves", "lower_bound"]
    assert st["verified_halves"] == "both"
    lb = st["lower_bound"]
    assert list(lb) == ["file", "bytes", "claims", "certify_seconds", "check_seconds", "statement"]
    assert (lb["file"], lb["claims"]) == (cert, 1) and lb["statement"].endswith("totals at least 154")


def test_tie_broken_solve_json_keeps_its_keys_and_order(cli_run, lists_args):
    g, a = lists_args
    doc, st = _stats(cli_run, ["solve", "--guesses", g, "--answers", a, "--start", "abled", "--tie-break", "worst"])
    assert doc["value"] == 154
    assert list(st) == ["n_answers", "first_guess", "first_guess_given", "average", "max_guesses_used", "histogram",
                        "search_seconds", "tie_break", "nodes", "cache_hits"]
    tie = st["tie_break"]
    assert list(tie) == ["rule", "objective", "tail", "plain_histogram", "plain_tail", "plain_first_guess",
                         "plain_seconds", *COUNTERS, "search_seconds"]
    assert (tie["rule"], tie["objective"], tie["tail"]) == ("worst", [154, 0, 0, 1, 33],
                                                            {"6": 0, "5": 0, "4": 1, "3": 33})
    assert (tie["plain_histogram"], tie["plain_first_guess"], st["histogram"]) == (HISTOGRAM, "abled", HISTOGRAM)


def test_prove_depth_json_keeps_its_keys_and_values(cli_run, lists_args, tmp_path):
    g, a = lists_args
    core = str(tmp_path / "core.txt")
    doc, st = _stats(cli_run, ["prove-depth", "--guesses", "2", "--start", "abled", "--guess-file", g,
                               "--answers", a, "--core", core])
    assert (doc["status"], doc["certificate_kind"], len(doc["certificate"])) == ("INFEASIBLE", "core", 2)
    assert list(st) == ["n_answers", *COUNTERS, "cores", "core_hits", "core"]
    assert (st["n_answers"], st["cores"]) == (60, 1)
    assert list(st["core"]) == ["size", "guesses_left", "check", "checker", "check_seconds", "file"]
    assert {k: v for k, v in st["core"].items() if k != "check_seconds"} == {
        "size": 2, "guesses_left": 1, "check": "not re-checked", "checker": {"nodes": 0}, "file": core}

    doc, st = _stats(cli_run, ["prove-depth", "--guesses", "3", "--state", "abled.BBBBB", "--guess-file", g,
                               "--answers", a])
    assert (doc["status"], doc["value"]) == ("OPTIMAL", 2)
    assert list(st) == ["n_answers", *COUNTERS, "monotone_cores", "nearby_cores", "shared_parts", "from_checkpoint",
                        "cores", "core_hits", "first_guess", "first_guess_given", "total", "average", "histogram",
                        "tree_search_nodes", "tree_seconds"]
    assert (st["n_answers"], st["first_guess"], st["first_guess_given"], st["total"], st["average"],
            st["histogram"], st["from_checkpoint"]) == (9, "frost", False, 17, 1.8889, {"1": 1, "2": 8}, 0)


def test_best_start_json_keeps_its_keys_and_values(cli_run, lists_args):
    g, a = lists_args
    doc, st = _stats(cli_run, ["best-start", "--guesses", g, "--answers", a, "--workers", "1", "--limit", "8",
                               "--top", "2"])
    assert (doc["status"], doc["value"]) == ("OPTIMAL", 147)
    assert list(st) == ["n_answers", "top", "candidates", "evaluated", "first_cutoff", "first_cutoff_from", "cutoff",
                        "partial", "executor", "workers", "checkpoint", "from_checkpoint", "first_guess", "average",
                        "ranking", "from_class_checkpoints", "histogram", "max_guesses_used", "tree_seconds"]
    assert {k: v for k, v in st.items() if k not in ("ranking", "tree_seconds")} == {
        "n_answers": 60, "top": 2, "candidates": 8, "evaluated": 8, "first_cutoff": 148,
        "first_cutoff_from": "beam search", "cutoff": None, "partial": True, "executor": "inprocess", "workers": 1,
        "checkpoint": None, "from_checkpoint": 0, "first_guess": "alien", "average": 2.45,
        "from_class_checkpoints": {}, "histogram": {"2": 33, "3": 27}, "max_guesses_used": 3}
    assert list(st["ranking"][0]) == ["word", "total", "average", "exact", "proof", "source"]
    assert [(r["word"], r["total"], r["exact"]) for r in st["ranking"]] == [
        ("alien", 147, True), ("anode", 147, True), ("alive", 148, False), ("bleat", 148, False),
        ("dares", 148, False), ("enact", 148, False), ("stade", 148, False), ("prove", 149, False)]


def test_an_unset_optional_field_is_not_printed_and_a_set_one_is():
    s = SolveStats(3, None, False, None, counters={"nodes": 5, "cache_hits": 1})
    assert s.as_dict() == {"n_answers": 3, "first_guess": None, "first_guess_given": False, "average": None,
                           "nodes": 5, "cache_hits": 1}
    s.tree_file = "t.json"
    assert list(s.as_dict())[-1] == "tree_file" and s.has("tree_file") and not s.has("histogram")
    d = DepthStats(4, counters={"nodes": 2}, core=CoreCheck(check="INFEASIBLE"))
    assert d.as_dict() == {"n_answers": 4, "nodes": 2, "core": {"check": "INFEASIBLE"}} and d.nodes == 2


def test_a_bound_resting_on_a_file_is_added_to_a_copy():
    from wordlelab.models.result import Result, Status
    stats = SolveStats(3, "abc", True, None, counters={"nodes": 1})
    r = Result({"kind": "min-total"}, "native", Status.UNKNOWN, bound=7, stats=stats).rest_on(["f.json: a claim"])
    assert r.stats.claimed_bound == 7 and r.as_dict()["stats"]["claimed_bound"] == 7
    assert stats.claimed_bound is None          # the statistics another result may share are not touched


def test_hint_json_keeps_its_keys_and_values(cli_run, lists_args):
    g, a = lists_args
    doc, st = _stats(cli_run, ["hint", "abled.BBBBB", "--guesses", g, "--answers", a])
    assert (doc["status"], doc["value"]) == ("OPTIMAL", 17)
    assert list(st) == ["answers_left", "n_answers", "kept", "guesses"]
    assert list(st["kept"]) == ["file", "read", "search_seconds"]
    assert (st["n_answers"], len(st["answers_left"])) == (9, 9)
    assert list(st["guesses"][0]) == ["guess", "total", "expected", "tie", "possible_answer"]
    assert [(r["guess"], r["total"], r["tie"]) for r in st["guesses"]] == [
        ("frost", 17, True), ("quoth", 17, True), ("scout", 17, True)]

    doc, st = _stats(cli_run, ["hint", "abled", "--guesses", g, "--answers", a])
    assert doc["status"] == "OPTIMAL" and list(st) == ["guess", "n_answers", "scores"]
    assert (st["guess"], st["n_answers"]) == ("abled", 60)
    assert list(st["scores"][0]) == ["score", "answers", "guesses", "total", "expected", "ties", "kept"]
    assert (st["scores"][0]["score"], st["scores"][0]["total"], st["scores"][0]["guesses"]) == (
        "BBBBB", 17, ["frost", "quoth", "scout"])


SWEEP_KEYS = ["yes", "unknown", "decided", "first_words", "from_checkpoint", "searched_now", "rate_per_hour", "nodes",
              "refuted_unchecked", "unknown_by_limit", "not_reached", "unknown_words_by_limit", "check_settled",
              "nos_unchecked", "trees_verified"]
STOPPED = ["alien", "anode", "aulos", "canto", "cloud", "dares", "enact", "evict", "metas", "snore", "stade", "starn",
           "vares", "vocal"]          # the first 30 words that 3 nodes do not decide within 3 guesses (hard mode)


def _unseal(path):
    # a checkpoint whose seal does not match is one this installation did not write: its verdicts are claims
    doc = json.loads(path.read_text())
    doc["seal"] = "0" * len(doc["seal"])
    path.write_text(json.dumps(doc))
    return doc["entries"]


def test_every_first_word_json_keeps_its_keys_and_values(cli_run, lists_args, tmp_path):
    g, a = lists_args
    ck = tmp_path / "every.json"
    sweep = ["every-first-word", "--guesses", "3", "--mode", "hard", "--guess-file", g, "--answers", a]
    doc, st = _stats(cli_run, [*sweep, "--checkpoint", str(ck), "--limit", "30", "--node-limit", "3"])
    assert (doc["status"], doc["value"], doc["bound"]) == ("UNKNOWN", None, 14)
    assert list(st) == SWEEP_KEYS + ["reach", "check_reached"]
    assert {k: v for k, v in st.items() if k != "rate_per_hour"} == {
        "yes": [], "unknown": STOPPED, "decided": {"yes": 0, "no": 16, "unknown": 14}, "first_words": 30,
        "from_checkpoint": 0, "searched_now": 30, "nodes": 81, "refuted_unchecked": 0,
        "unknown_by_limit": {"node limit 3": 14}, "not_reached": 0, "unknown_words_by_limit": {"node limit 3": STOPPED},
        "check_settled": {}, "nos_unchecked": 0, "trees_verified": 0, "reach": 30, "check_reached": {}}
    assert st["rate_per_hour"] > 0

    entries = _unseal(ck)
    doc, st = _stats(cli_run, [*sweep, "--checkpoint", str(ck), "--status"])
    assert (doc["status"], doc["bound"], len(doc["rests_on"])) == ("UNKNOWN", None, 1)
    assert list(st) == SWEEP_KEYS + ["claimed_bound", "check_reached"]
    assert (st["first_words"], st["from_checkpoint"], st["searched_now"], st["rate_per_hour"], st["nodes"],
            st["not_reached"], st["claimed_bound"]) == (120, 30, 0, None, 0, 90, 104)

    nos = sorted(w for w, v in entries.items() if v["yes"] is False)[:2]
    doc, st = _stats(cli_run, [*sweep, "--checkpoint", str(ck), "--words", ",".join(nos + ["alien"]),
                               "--trees", str(tmp_path / "trees"), "--recheck"])
    assert (doc["status"], doc["verified"], len(doc["rests_on"])) == ("UNKNOWN", True, 1)
    assert list(st) == SWEEP_KEYS + ["claimed_bound", "reach", "recheck", "check_reached", "words"]
    assert (st["yes"], st["decided"], st["first_words"], st["from_checkpoint"], st["searched_now"], st["reach"],
            st["claimed_bound"], st["trees_verified"]) == (
        ["alien"], {"yes": 1, "no": 16, "unknown": 13}, 3, 2, 1, 3, 14, 1)
    assert list(st["recheck"]) == ["cores", "trees", "check_nodes", "seconds"]
    assert (st["recheck"]["cores"], st["recheck"]["trees"]) == (2, 1)
    assert st["words"] == {nos[0]: "no", nos[1]: "no", "alien": "yes"}

    doc, st = _stats(cli_run, [*sweep, "--checkpoint", str(tmp_path / "sample.json"), "--sample", "10:3"])
    assert (doc["status"], doc["value"]) == ("OPTIMAL", 1)
    assert list(st) == SWEEP_KEYS + ["check_reached", "sample"]
    assert (st["yes"], st["decided"], st["first_words"], st["nodes"], st["trees_verified"]) == (
        ["vocal"], {"yes": 1, "no": 9, "unknown": 0}, 10, 101, 1)
    assert st["sample"] == {"sample": 10, "prefix": 10, "yes": 1, "no": 9, "undecided": 0, "estimate": 12, "low": 2,
                            "high": 49, "confidence": 0.95, "population": 120, "proven_low": 1, "proven_high": 111}


EIGHT = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade")


@pytest.fixture
def eight_args(tmp_path):
    (tmp_path / "w8.txt").write_text("\n".join(EIGHT) + "\n")
    return ["--guesses", str(tmp_path / "w8.txt"), "--answers", str(tmp_path / "w8.txt")]


def test_analyze_json_keeps_its_keys_and_values(cli_run, eight_args, tmp_path):
    rank = tmp_path / "rank.json"
    game = ["analyze", "humph.sissy", *eight_args, "--first-guesses", str(rank), "--workers", "1"]
    doc, st = _stats(cli_run, game)
    value = {"inaccuracy": 0.575, "luck": 0.7}
    assert (doc["status"], doc["value"], doc["bound"]) == ("OPTIMAL", value, value)
    keys = ["game", "colours_given", "won", "moves", "guesses_played", "guesses_analysed", "not_analysed",
            "total_inaccuracy", "total_luck", "first_guesses", "trees_verified"]
    assert list(st) == keys
    assert {k: v for k, v in st.items() if k not in ("moves", "first_guesses")} == {
        "game": "humph.BBBBB.sissy.GGGGG", "colours_given": False, "won": True, "guesses_played": 2,
        "guesses_analysed": 2, "not_analysed": [], "total_inaccuracy": {"label": "Not great choices", "value": 0.575,
                                                                         "exact": "23/40"},
        "total_luck": {"label": "Lucky", "value": 0.7, "exact": "7/10"}, "trees_verified": 9}
    assert st["moves"][0] == {"move": 1, "kind": "word", "played": "humph", "state": "", "answers": 8, "total": 20,
                              "expected": 2.5, "best": ["blush", "cigar", "rebut"], "best_total": 17,
                              "best_expected": 2.125, "label": "Bad choice", "value": 0.375, "exact": "3/8", "note": ""}
    assert [(m["kind"], m["played"], m["exact"]) for m in st["moves"]] == [
        ("word", "humph", "3/8"), ("colours", "BBBBB", "-1/2"), ("word", "sissy", "1/5"), ("colours", "GGGGG", "6/5")]
    assert list(st["first_guesses"]) == ["file", "computed_now", "seconds", "rests_on", "shipped", "reproved"]
    assert (st["first_guesses"]["file"], st["first_guesses"]["computed_now"]) == (str(rank), True)

    _unseal(rank)
    doc, st = _stats(cli_run, game)
    assert (doc["status"], doc["bound"], doc["claimed"], len(doc["rests_on"])) == ("FEASIBLE", None, "OPTIMAL", 1)
    assert list(st) == keys + ["claimed_bound"] and st["claimed_bound"] == value
    assert st["first_guesses"]["rests_on"] == doc["rests_on"] and not st["first_guesses"]["computed_now"]


def test_best_pair_json_keeps_its_keys_and_values(cli_run, eight_args, tmp_path):
    ck, tree = tmp_path / "pairs.json", str(tmp_path / "pair.tree.json")
    pair = ["best-pair", *eight_args, "--top", "2", "--workers", "1", "--checkpoint", str(ck)]
    keys = ["n_answers", "top", "first_words", "partial", "pairs", "others_at_least", "checkpoint", "from_checkpoint",
            "executor", "workers", "histogram"]
    values = {"n_answers": 8, "top": 2, "first_words": 8, "partial": False,
              "pairs": [{"first": "awake", "second": "blush", "total": 21, "average": 2.625},
                        {"first": "awake", "second": "rebut", "total": 21, "average": 2.625}],
              "others_at_least": 21, "checkpoint": str(ck), "from_checkpoint": 0, "executor": "inprocess",
              "workers": 1, "histogram": {"1": 1, "2": 1, "3": 6}}
    doc, st = _stats(cli_run, [*pair, "--tree", tree])
    assert (doc["status"], doc["value"], doc["bound"], doc["verified"]) == ("OPTIMAL", 21, 21, True)
    assert st == {**values, "tree_file": tree} and list(st) == keys + ["tree_file"]

    _unseal(ck)
    doc, st = _stats(cli_run, pair)
    assert (doc["status"], doc["bound"], len(doc["rests_on"])) == ("FEASIBLE", None, 1)
    assert st == {**values, "from_checkpoint": 8, "claimed_bound": 21} and list(st) == keys + ["claimed_bound"]


def test_tree_model_json_keeps_its_keys_and_values(cli_run, tmp_path):
    # the model's size, then the solver's own keys (cpsat's, highs's), then the times and the tree's
    model = ["tree-model", "--sample", "10/40:2", "--depth", "3"]
    tree = str(tmp_path / "t.json")
    found = {"total": 19, "max_guesses": 2, "histogram": {"1": 1, "2": 9}}
    doc, st = _stats(cli_run, [*model, "--objective", "total", "--tree", tree])
    assert (doc["status"], doc["value"], doc["bound"]) == ("OPTIMAL", 19, 19)
    assert list(st) == ["states", "variables", "cover_sets", "branches", "conflicts", "wall_time", "build_seconds",
                        "solve_seconds", "total", "max_guesses", "histogram", "gap", "tree_file"]
    assert {k: st[k] for k in ("states", "variables", "cover_sets", "gap", "tree_file")} == {
        "states": 1, "variables": 1, "cover_sets": 10, "gap": 0.0, "tree_file": tree}
    assert {k: st[k] for k in found} == found

    doc, st = _stats(cli_run, [*model, "--objective", "depth", "--encoding", "assignment", "--solver", "highs"])
    assert (doc["status"], doc["value"]) == ("OPTIMAL", 2)
    assert list(st) == ["guesses_kept", "variables", "cover_sets", "model_status", "nodes", "build_seconds",
                        "solve_seconds", "total", "max_guesses", "histogram"]
    assert {k: st[k] for k in ("guesses_kept", "variables", "cover_sets", "model_status")} == {
        "guesses_kept": 10, "variables": 330, "cover_sets": 10, "model_status": "Optimal"}
    assert {k: st[k] for k in found} == found

    doc, st = _stats(cli_run, [*model, "--time-limit", "0.000001"])
    assert (doc["status"], doc["certificate"]) == ("UNKNOWN", None)
    assert list(st) == ["time_limit_reached", "build_seconds", "solve_seconds"] and st["solve_seconds"] == 0.0
    assert st["time_limit_reached"].endswith("ran out while building the state graph")


ILLS = ["bills", "cills", "dills", "fills", "gills", "hills", "jills", "kills", "lills", "mills", "nills", "pills",
        "rills", "sills", "tills", "vills", "wills", "yills", "zills"]


def test_lower_bound_json_keeps_its_keys_and_values(cli_run, tmp_path):
    # each endgame's row: its sets and pre-check bound, the solver's own keys, then the guesses it implies
    bound = ["lower-bound", "--lists", "nyt20220316", "--answers", "all", "--pattern", "?ills"]
    doc, st = _stats(cli_run, [*bound, "--solver", "cpsat", "--proof-dir", str(tmp_path)])
    assert (doc["status"], doc["value"], doc["verified"]) == ("OPTIMAL", 6, True)
    assert list(st) == ["endgames", "unproven", "witness", "witness_answers", "witness_cover", "one_fewer_status",
                        "one_fewer_model"]
    assert (st["unproven"], st["witness"], st["witness_answers"], len(st["witness_cover"]), st["one_fewer_status"],
            st["one_fewer_model"]) == ([], "?ills", ILLS, 5, "INFEASIBLE", str(tmp_path / "cover__ills_nyt20220316_all_k4.lp"))
    row = st["endgames"][0]["stats"]
    assert list(row) == ["sets", "static_bound", "branches", "conflicts", "wall_time", "min_guesses"]
    assert (row["sets"], row["static_bound"], row["min_guesses"]) == (660, 4, 6)

    doc, st = _stats(cli_run, [*bound, "--solver", "highs", "--proof-dir", str(tmp_path)])
    assert list(st["endgames"][0]["stats"]) == ["sets", "static_bound", "model_status", "nodes", "min_guesses"]

    doc, st = _stats(cli_run, [*bound, "--time-limit", "0.000001"])
    assert (doc["status"], doc["value"]) == ("UNKNOWN", None)
    assert st == {"endgames": st["endgames"], "unproven": ["?ills"]}
    row = st["endgames"][0]["stats"]
    assert list(row) == ["sets", "time_limit_reached", "min_guesses"]
    assert (row["sets"], row["min_guesses"]) == (None, None)
    assert row["time_limit_reached"].endswith("ran out while finding the cover's guess sets")


def test_eldrow_json_keeps_its_keys_and_values(cli_run):
    # the native search: its nodes and which search; a model: the solver's own keys only
    chain = ["eldrow", "--target", "lower", "--start", "crane"]
    doc, st = _stats(cli_run, chain)
    assert (doc["status"], doc["value"], doc["method"]) == ("OPTIMAL", 14, "native")
    assert st == {"nodes": 44, "search": "sets"} and list(st) == ["nodes", "search"]
    doc, st = _stats(cli_run, [*chain, "--mode", "hard"])
    assert (doc["status"], list(st), st["search"]) == ("OPTIMAL", ["nodes", "search"], "order")
    doc, st = _stats(cli_run, [*chain, "--solver", "cpsat"])
    assert (doc["status"], doc["value"], list(st)) == ("OPTIMAL", 14, ["branches", "conflicts", "wall_time"])
    doc, st = _stats(cli_run, [*chain, "--solver", "highs"])
    assert (doc["status"], doc["value"], st) == ("OPTIMAL", 14, {"model_status": "Optimal", "nodes": 1})


def test_heuristics_json_keeps_its_keys_and_values(cli_run, tmp_path):
    # each strategy: its tree's figures, then (unless --no-optimum) the optimum after its first guess
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    (tmp_path / "a.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(words + ["salet", "crane"]) + "\n")
    run = ["heuristics", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
           "--criterion", "minimax", "--pool", "answers"]
    tree = {"average": 2.2, "max_guesses": 3, "beyond_6": 0, "histogram": {"1": 1, "2": 6, "3": 3},
            "first_guess": "cigar"}
    doc = json.loads(cli_run([*run, "--json"]).out)
    assert (doc["value"], doc["stats"]) == (22, {"best": "greedy-minimax-answers", "first_guess": "cigar"})
    assert list(doc["stats"]) == ["best", "first_guess"]
    (st,) = [r["stats"] for r in doc["results"]]
    assert list(st) == [*tree, "optimum_after_first_guess", "optimum_status", "optimum_verified"]
    assert st == {**tree, "optimum_after_first_guess": 22, "optimum_status": "OPTIMAL", "optimum_verified": True}
    doc = json.loads(cli_run([*run, "--no-optimum", "--json"]).out)
    (st,) = [r["stats"] for r in doc["results"]]
    assert st == tree and list(st) == list(tree)
