"""A first word decided from one of its classes, refuted guess by guess at its own state
(``prove-depth --state W.PATTERN --checkpoint F``, then ``every-first-word --inputs M``, M naming F)."""
import json
import random

import numpy as np
import pytest

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.refutation import check_core
from wordlelab.solvers.search.depth.class_refutation import class_draft
from wordlelab.models.settings import Execution
from wordlelab.solvers.search.depth.depth_sweep import FirstWords, decide_every_first_word
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.depth.depth_proof import prove_depth
from wordlelab.solvers.search.depth.run import DepthRun
from proof_inputs import inputs_file

WORDS = sorted(random.Random(5).sample(load_lists("nyt20220316").guesses, 300))
# BAHUS's class 56 holds 9 answers that no strategy finds within 3 more guesses in hard mode
STATE = f"bahus.{pattern_string(56)}"


def searcher(mode="hard"):
    return NativeSearcher(WordLists("random-300", WORDS, WORDS), mode, 4)


def refuted_class(tmp_path):
    ck = tmp_path / "bahus-class.json"
    r = prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck))
    assert r.status == "INFEASIBLE"
    return ck, json.loads(ck.read_text())["entries"]


def test_a_class_refuted_guess_by_guess_decides_its_first_word_without_a_search(tmp_path, monkeypatch):
    ck, entries = refuted_class(tmp_path)
    node = searcher().root(None, STATE, 4)
    # every guess that splits the class or is one of its answers (BAHUS again splits nothing)
    after = {WORDS[g] for _, g in searcher().candidate_order(node)}
    assert "bahus" in {WORDS[g] for g in node.L} - after
    assert set(entries) == after and all(e["core"] and e["depth"] == 2 for e in entries.values())

    searched = NativeSearcher.start_feasible

    def no_search(self, node, g0, *args, **kwargs):
        assert WORDS[g0] != "bahus", "the first word was searched"
        return searched(self, node, g0, *args, **kwargs)
    monkeypatch.setattr(NativeSearcher, "start_feasible", no_search)
    from wordlelab.models import refutation
    given = []

    def check_core_seen(*args, **kwargs):
        given.append(kwargs.get("proven", ()))
        return check_core(*args, **kwargs)
    monkeypatch.setattr(refutation, "check_core", check_core_seen)
    sweep = tmp_path / "every.json"
    # the word drafted is taken with those named
    res = decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("games",)),
                                  execution=Execution(checkpoint=str(sweep)), class_checkpoints=[str(ck)])
    assert res.stats.words["bahus"] == "no" and set(res.stats.words) == {"games", "bahus"}
    # the checker was handed a claim for every guess that splits the class, from the state's checks
    assert len(given) == 1 and {more[0][0] for _, more, _ in given[0]} == after
    entry = json.loads(sweep.read_text())["entries"]["bahus"]
    union = set().union(*(e["core"] for e in entries.values()))
    assert entry["yes"] is False and entry["depth"] == 3 and set(entry["core"]) == union
    assert {feedback("bahus", a) for a in union} == {56}
    # the union is a refutation on its own: the checker decides it again from nothing
    assert check_core(entry["core"], 3, WORDS, [("bahus", 56)]) > 0
    # a second run finds BAHUS decided, and a class checkpoint given again changes nothing
    again = decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("bahus",)),
                                    execution=Execution(checkpoint=str(sweep)), class_checkpoints=[str(ck)])
    assert again.stats.words == {"bahus": "no"} and again.stats.searched_now == 0


def test_an_unfinished_or_foreign_class_checkpoint_decides_nothing(tmp_path):
    ck = tmp_path / "cut.json"
    r = prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck), node_limit=1)
    assert r.status == "UNKNOWN"
    sweep = str(tmp_path / "every.json")
    with pytest.raises(WordleError, match="not refuted by its search yet"):
        decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("bahus",)),
                                execution=Execution(checkpoint=sweep), class_checkpoints=[str(ck)])
    done, _ = refuted_class(tmp_path)
    with pytest.raises(WordleError, match="need a sweep's checkpoint"):
        decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("bahus",)),
                                class_checkpoints=[str(done)])
    with pytest.raises(WordleError, match="hard mode"):
        decide_every_first_word(searcher("easy"), 4, candidates=FirstWords(words=("bahus",)),
                                execution=Execution(checkpoint=sweep), class_checkpoints=[str(done)])
    with pytest.raises(WordleError, match="question"):
        # the same file read for another guess limit: another question
        decide_every_first_word(NativeSearcher(WordLists("random-300", WORDS, WORDS), "hard", 5), 5,
                                candidates=FirstWords(words=("bahus",)), execution=Execution(checkpoint=sweep),
                                class_checkpoints=[str(done)])
    with pytest.raises(WordleError, match="drop limit"):
        decide_every_first_word(searcher(), 4, candidates=FirstWords(limit=3), execution=Execution(checkpoint=sweep),
                                class_checkpoints=[str(done)])
    with pytest.raises(WordleError, match="two class checkpoints"):
        decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("bahus",)),
                                execution=Execution(checkpoint=sweep), class_checkpoints=[str(done), str(done)])


def test_a_draft_of_another_class_of_the_word_is_kept_and_the_import_refused(tmp_path):
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts, drafts_path
    done, _ = refuted_class(tmp_path)
    sweep = tmp_path / "every.json"
    from wordlelab.solvers.search.depth.depth_entries import sweep_question
    s = searcher()
    question = sweep_question(s, s.root(None, None, 4), 4)
    other = next(p for p in {feedback("bahus", a) for a in WORDS} if p != 56)
    members = [a for a in WORDS if feedback("bahus", a) == other]
    CoreDrafts(drafts_path(sweep), question, lambda w: None).save("bahus", members, 3, other, [])
    before = drafts_path(sweep).read_text()
    with pytest.raises(WordleError, match="another class"):
        decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("bahus",)),
                                execution=Execution(checkpoint=str(sweep)), class_checkpoints=[str(done)])
    assert drafts_path(sweep).read_text() == before


def test_the_cli_decides_a_first_word_from_its_class(cli_run, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    lists = ["--guess-file", str(words), "--answers", str(words), "--mode", "hard", "--guesses", "4"]
    ck, sweep = str(tmp_path / "class.json"), str(tmp_path / "every.json")
    r = cli_run(["prove-depth", *lists, "--state", STATE, "--checkpoint", ck])
    assert "INFEASIBLE" in r.out
    r = cli_run(["every-first-word", *lists, "--words", "bahus", "--checkpoint", sweep,
                 "--inputs", inputs_file(tmp_path, class_checkpoints=[ck])])
    assert "BAHUS no" in r.out
    r = cli_run(["every-first-word", *lists, "--checkpoint", sweep,
                 "--inputs", inputs_file(tmp_path, "absent.inputs.json", class_checkpoints=[tmp_path / "absent.json"])],
                expect_error=True)
    assert r.code == 2 and r.err.startswith("error:") and "absent.json" in r.err and len(r.err.splitlines()) == 1


def test_a_class_whose_cores_are_not_all_checked_is_drafted_whole_and_the_check_does_the_rest(tmp_path, monkeypatch):
    """A state run stopped while it checked its guesses' cores: the draft is the whole class with
    the claims checked so far, and the sweep's check refutes the other guesses itself."""
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.depth import hard_cores
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts, drafts_path
    made = hard_cores.check_made_core
    calls = []

    def stops_after_three(*args, **kwargs):
        if len(calls) == 3:
            raise CheckTooLong("stopped for the test")
        calls.append(args[2])
        return made(*args, **kwargs)
    ck = tmp_path / "cut.json"
    with monkeypatch.context() as m:
        m.setattr(hard_cores, "check_made_core", stops_after_three)
        assert prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck)).status == "UNKNOWN"
    entries = json.loads(ck.read_text())["entries"]
    made = {w for w, e in entries.items() if e["core"] and "via" not in e}
    assert made == set(calls) and len(made) == 3 and len(entries) > 3
    # the others with a core took one of those three by monotonicity
    checked = {w for w, e in entries.items() if e["core"]}
    assert all(sorted(entries[w]["core"]) in [sorted(entries[m]["core"]) for m in made] for w in checked - made)
    sweep = tmp_path / "every.json"
    res = decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("bahus",)),
                                  execution=Execution(checkpoint=str(sweep)), class_checkpoints=[str(ck)])
    assert res.stats.words == {"bahus": "no"}
    node = searcher().root(None, STATE, 4)
    whole = {WORDS[a] for a in node.H}
    assert set(json.loads(sweep.read_text())["entries"]["bahus"]["core"]) == whole
    question = json.loads(sweep.read_text())["question"]
    draft = CoreDrafts(drafts_path(sweep), question, lambda w: None).load("bahus", 3)
    # the claims checked at the state are the draft's first, beside those its own check made
    assert draft["imported"] == len(checked)
    assert {more[0][0] for _, more, _ in draft["proven"][:len(checked)]} == checked


def test_how_far_a_check_has_gone_leaves_out_the_claims_imported_from_a_state():
    """Claims imported from a state's checkpoint lie anywhere in the checker's order; the check's
    position is that of its own furthest claim."""
    from wordlelab.solvers.search.depth.depth_verdicts import check_reached
    guesses = ["batch", "catch", "hatch", "latch", "nauch"]
    pattern = feedback("nauch", "batch")

    def claim(guess):
        return (["catch"], ((guess, feedback(guess, "catch")),), 5)
    draft = {"pattern": pattern, "proven": [claim("latch"), claim("catch")], "imported": 1}
    assert check_reached(guesses, "nauch", draft) == {"guess": "catch", "position": 2, "of": 5}
    assert check_reached(guesses, "nauch", dict(draft, imported=0))["guess"] == "latch"
    assert check_reached(guesses, "nauch", dict(draft, imported=2)) == {"guess": None, "position": 0, "of": 5}


def test_a_state_checkpoint_keeps_a_grown_cores_lemmas_in_hard_mode_only():
    """A grown core's entry carries the lemmas its check decided first; a state's checkpoint
    holding one must load again (in easy mode an entry has no lemmas)."""
    from wordlelab.solvers.search.depth.depth_entries import check_refutation
    core = [a for a in WORDS if feedback("bahus", a) == 56]
    lemma = [core[:4], [["games", pattern_string(feedback("games", core[0]))]], 2]
    check_refutation(searcher(), "bahus", {"core": core, "depth": 3, "lemmas": [lemma]})
    with pytest.raises(ValueError, match="lemmas"):
        check_refutation(searcher("easy"), "bahus", {"core": core, "depth": 3, "lemmas": [lemma]})
    with pytest.raises(ValueError, match="lemma"):
        check_refutation(searcher(), "bahus", {"core": core, "depth": 3, "lemmas": [[["zzzzz"], [], 2]]})


def test_the_seeds_tried_are_the_latest_distinct_cores_inside_the_class():
    import numpy as np
    from wordlelab.solvers.search.depth.hard_cores import _fitting_seeds
    members = np.array([1, 2, 3, 4, 5, 6], np.int32)
    seeds = [np.array(c, np.int32) for c in ([1, 2], [2, 9], [3, 4], [1, 2], [1, 2, 3, 4, 5, 6], [5, 6])]
    assert list(_fitting_seeds(seeds, members)) == [[5, 6], [1, 2], [3, 4]]
    assert list(_fitting_seeds(seeds, members, tries=2)) == [[5, 6], [1, 2]]
    assert list(_fitting_seeds([], members)) == []


def test_a_state_keeps_each_seed_once_and_none_too_large_or_at_a_sweeps_root():
    from types import SimpleNamespace
    import numpy as np
    from wordlelab.solvers.search.depth.core_bank import BANK_MAX_CORE
    from wordlelab.solvers.search.depth.hard_cores import keep_state_seed
    searcher = SimpleNamespace(state_cores={})
    state = SimpleNamespace(history=(("impot", "BBBBB"),), d=6)
    for core in ([1, 2], [1, 2], [3, 4], list(range(BANK_MAX_CORE + 1))):
        keep_state_seed(searcher, state, np.array(core, np.int32))
    assert [s.tolist() for s in searcher.state_cores[(state.history, 6)]] == [[1, 2], [3, 4]]
    root = SimpleNamespace(history=(), d=7)
    keep_state_seed(searcher, root, np.array([1, 2], np.int32))
    assert ((), 7) not in searcher.state_cores


def test_a_guess_left_open_goes_on_at_four_times_its_budget_in_the_next_run(tmp_path, monkeypatch):
    from wordlelab.solvers.search.engine.tables import Stat, depth_rounds

    def small_rounds():
        s = searcher()
        s.depth_rounds = depth_rounds(first_budget=1)      # most guesses stay open a round or two
        return s
    from wordlelab.solvers.search.depth import state_monotone
    # (no guess refuted by another's class here: each open one is searched again)
    monkeypatch.setattr(state_monotone.RefutedClasses, "dominating", lambda self, g0: None)
    ck = tmp_path / "open.json"
    assert prove_depth(small_rounds(), 4, state=STATE, checkpoint=str(ck), node_limit=20).status == "UNKNOWN"
    left = json.loads(ck.read_text())["entries"]
    opened = {w: e["open"] for w, e in left.items() if "open" in e}
    assert opened and any("failing" in e for e in left.values())
    budgets: dict = {}
    searched = NativeSearcher.start_feasible

    def first_budget(self, node, g0, cache, stats, node_limit, *args, **kwargs):
        budgets.setdefault(WORDS[g0], node_limit - int(stats[Stat.NODES]))
        return searched(self, node, g0, cache, stats, node_limit, *args, **kwargs)
    monkeypatch.setattr(NativeSearcher, "start_feasible", first_budget)
    r = prove_depth(small_rounds(), 4, state=STATE, checkpoint=str(ck))
    assert r.status == "INFEASIBLE"
    assert all(budgets[w] == 4 * b for w, b in opened.items())
    assert not set(budgets) & {w for w, e in left.items() if "open" not in e}     # refuted: not searched again
    done = json.loads(ck.read_text())["entries"]
    assert not any("open" in e for e in done.values()) and all(e["core"] for e in done.values())
    # a class checkpoint with a guess still open drafts nothing
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    question = json.loads(ck.read_text())["question"]
    save_checkpoint(ck, question, {**done, next(iter(opened)): {"open": 5}})
    with pytest.raises(WordleError, match="1 guesses after .* are not refuted"):
        class_draft(searcher(), ck, 4)


def test_a_guess_holding_a_class_refuted_for_another_is_refuted_without_its_search(tmp_path, monkeypatch):
    from wordlelab.solvers.search.depth import state_monotone
    from wordlelab.solvers.search.engine.tables import depth_rounds
    calls: dict = {}
    searched = NativeSearcher.start_feasible

    def counted(self, node, g0, *args, **kwargs):
        calls[WORDS[g0]] = calls.get(WORDS[g0], 0) + 1
        return searched(self, node, g0, *args, **kwargs)
    held = []
    dominating = state_monotone.RefutedClasses.dominating

    def seen(self, g0):
        found = dominating(self, g0)
        if found is not None:
            held.append((WORDS[g0], found))
        return found
    monkeypatch.setattr(NativeSearcher, "start_feasible", counted)
    monkeypatch.setattr(state_monotone.RefutedClasses, "dominating", seen)
    s = searcher()
    s.depth_rounds = depth_rounds(first_budget=1)      # a guess is open after one node: then tested
    ck = tmp_path / "monotone.json"
    r = prove_depth(s, 4, state=STATE, checkpoint=str(ck))
    assert r.status == "INFEASIBLE" and held
    entries = json.loads(ck.read_text())["entries"]
    for word, (pattern, members) in held:
        assert calls[word] == 1                           # its first round only
        assert {feedback(word, WORDS[a]) for a in members} == {pattern}
        # its core was made from the class it holds, and checked like the others
        assert entries[word]["core"] and set(entries[word]["core"]) <= {WORDS[a] for a in members}
    # the same verdict and the same guesses as the plain rounds, and the word still decided
    plain = prove_depth(searcher(), 4, state=STATE, checkpoint=str(tmp_path / "plain.json"))
    assert plain.status == "INFEASIBLE"
    assert set(json.loads((tmp_path / "plain.json").read_text())["entries"]) == set(entries)
    res = decide_every_first_word(searcher(), 4, candidates=FirstWords(words=("games",)),
                                  execution=Execution(checkpoint=str(tmp_path / "every.json")),
                                  class_checkpoints=[str(ck)])
    assert res.stats.words["bahus"] == "no"


def test_a_guess_whose_class_holds_a_checked_core_takes_it_by_monotonicity(tmp_path):
    ck = tmp_path / "via.json"
    r = prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck))
    entries = json.loads(ck.read_text())["entries"]
    via = {w: e for w, e in entries.items() if "via" in e}
    assert r.status == "INFEASIBLE" and via and r.stats.monotone_cores == len(via)
    history = list(searcher().root(None, STATE, 4).history)
    for word, e in sorted(via.items())[:6]:
        assert sorted(e["core"]) == sorted(entries[e["via"]]["core"]) and e["depth"] == 2
        # the full checker agrees from nothing: the core is one of the word's own
        pattern = feedback(word, e["core"][0])
        assert check_core(e["core"], 2, WORDS, [*history, (word, pattern)]) > 0
    # a rerun re-checks each such entry: one naming a guess whose core it is not is refused
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    word, e = next(iter(via.items()))
    other = next(w for w, f in entries.items() if f["core"] and sorted(f["core"]) != sorted(e["core"]))
    question = json.loads(ck.read_text())["question"]
    save_checkpoint(ck, question, {**entries, word: {**e, "via": other}})
    with pytest.raises(WordleError, match=f"{word.upper()} is refuted by the core of {other.upper()}"):
        prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck))
    # two entries taking each other's core have none behind them; a core for fewer guesses proves nothing here
    source = e["via"]
    save_checkpoint(ck, question, {**entries, source: {**entries[source], "via": word}})
    with pytest.raises(WordleError, match="holds no such core checked for a guess of its own"):
        prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck))
    save_checkpoint(ck, question, {**entries, word: {**e, "depth": 1}})
    with pytest.raises(WordleError, match=f"{word.upper()}'s core is within 1 guesses, not 2"):
        class_draft(searcher(), ck, 4)
    # and a run that has yet to make a guess's core never writes over the checked one in the file
    from wordlelab.solvers.search.depth.depth_proof import _replaces
    assert not _replaces({"core": None, "depth": None, "failing": "BBBBB"}, entries[source])
    assert _replaces(entries[source], {"core": None, "depth": None, "failing": "BBBBB"})


def test_monotonicity_across_guesses_is_refused_when_the_rule_asks_less_or_more_guesses_are_left():
    from wordlelab.models.feedback import pattern_code
    from wordlelab.models.monotone_check import check_core_by_monotonicity
    from wordlelab.models.refutation import CoreFault
    family = ["batch", "catch", "hatch", "match", "patch", "watch"]
    history = [("nauch", pattern_code("BGBGG"))]
    # FJORD keeps all six together, but its rule lacks LATCH's green T: it allows more guesses
    with pytest.raises(CoreFault, match="does not ask all"):
        check_core_by_monotonicity(family, 1, history, "fjord", "latch", 1)
    assert check_core_by_monotonicity(family, 1, history, "natch", "latch", 1) == pattern_code("BGGGG")
    with pytest.raises(CoreFault, match="more than"):
        check_core_by_monotonicity(family, 2, history, "natch", "latch", 1)
    with pytest.raises(CoreFault, match="does not give NAUCH"):
        check_core_by_monotonicity(family + ["lunch"], 1, history, "natch", "latch", 1)


def test_a_core_of_another_guess_is_taken_where_it_fails_in_a_class_of_this_one(tmp_path):
    from wordlelab.models.refutation import CoreFault
    from wordlelab.solvers.search.depth.state_monotone import RefutedClasses
    ck, entries = refuted_class(tmp_path)
    s = searcher()
    node = s.root(None, STATE, 4)
    taken = passed = 0
    for word, e in sorted(entries.items())[:12]:
        core = sorted(e["core"])
        kept = RefutedClasses(s, node)
        kept.add(s.guess_index[word], np.array(sorted(WORDS.index(a) for a in core), np.int32), feedback(word, core[0]))
        for g0 in node.L.tolist()[::3]:
            patterns = {feedback(WORDS[g0], a) for a in core}
            if len(patterns) != 1 or patterns == {ALL_GREEN}:
                assert kept.refuted_nearby(node, g0, 2) is None
                continue
            got = kept.refuted_nearby(node, g0, 2)
            try:
                check_core(core, 2, WORDS, [*node.history, (WORDS[g0], patterns.pop())])
                holds = True
            except CoreFault:
                holds = False
            # the search's refutation is the checker's; its failure to refute (within its budget) is no claim
            assert got is None or (holds and sorted(WORDS[a] for a in got) == core)
            taken += got is not None
            passed += holds
    assert taken > 0 and passed >= taken
    # and a state run takes them: the same verdict, each entry's core checked
    r = prove_depth(searcher(), 4, state=STATE, checkpoint=str(tmp_path / "nearby.json"))
    assert r.status == "INFEASIBLE" and r.stats.nearby_cores + r.stats.monotone_cores > 0


def test_a_state_runs_status_counts_its_guesses_from_the_checkpoint(tmp_path, monkeypatch, cli_run):
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    from wordlelab.solvers.search.depth.class_refutation import state_status
    ck, entries = refuted_class(tmp_path)
    res = state_status(searcher(), ck, 4)
    st = res.stats
    assert res.status == "INFEASIBLE" and st["next_guesses"] == len(entries)
    assert st["cores_by_monotonicity"] == sum("via" in e for e in entries.values()) > 0
    assert st["cores_made"] + st["cores_by_monotonicity"] == len(entries)
    # one guess left open, one waiting for its core, one not reached: undecided
    (a, b, c), question = sorted(entries)[:3], json.loads(ck.read_text())["question"]
    rest = {w: e for w, e in entries.items() if w != c}
    save_checkpoint(ck, question, {**rest, a: {"open": 4096}, b: {"core": None, "depth": None, "failing": "BBBBB"}})
    st2 = state_status(searcher(), ck, 4)
    assert st2.status == "UNKNOWN" and st2.stats["open_budgets"] == {4096: 1}
    assert (st2.stats["open"], st2.stats["core_pending"], st2.stats["not_reached"]) == (1, 1, 1)
    # the command line: the same counts, and a checkpoint of another state refused in one line
    cli = tmp_path / "nauch.json"
    cli_run(["prove-depth", "--guesses", "3", "--mode", "hard", "--lists", "nyt20220316", "--state", "nauch.BGBGG",
             "--checkpoint", str(cli)])
    shown = cli_run(["prove-depth", "--guesses", "3", "--mode", "hard", "--lists", "nyt20220316", "--state",
                     "nauch.BGBGG", "--checkpoint", str(cli), "--status"]).out
    assert shown.startswith("INFEASIBLE: after nauch.BGBGG (8 answers), of 18 next guesses 18 are refuted with a checked core")
    wrong = cli_run(["prove-depth", "--guesses", "3", "--mode", "hard", "--lists", "nyt20220316", "--state",
                     "nauch.BGBGB", "--checkpoint", str(cli), "--status"], expect_error=True)
    assert wrong.code == 2 and "is the checkpoint of state nauch.BGBGG, not nauch.BGBGB" in wrong.output


def test_at_a_state_a_class_over_the_threshold_has_its_core_grown(tmp_path, monkeypatch):
    from wordlelab.solvers.search.depth import hard_cores, state_monotone
    grown = []
    grow = hard_cores.grow_core

    def counted(*args, **kwargs):
        core = grow(*args, **kwargs)
        grown.append(core)
        return core
    monkeypatch.setattr(hard_cores, "grow_core", counted)
    monkeypatch.setattr(hard_cores, "STATE_DELETE_AT_MOST", 0)
    # (each guess's core made from its own class)
    monkeypatch.setattr(state_monotone.RefutedClasses, "dominating_index", lambda self, g0: None)
    monkeypatch.setattr(state_monotone.RefutedClasses, "refuted_nearby", lambda self, *a, **k: None)
    ck = tmp_path / "grown.json"
    assert prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck)).status == "INFEASIBLE"
    entries = json.loads(ck.read_text())["entries"]
    assert any(core is not None for core in grown)
    # the same guesses refuted as when the cores are made by deletions, each core checked
    ck_plain = tmp_path / "plain.json"
    monkeypatch.setattr(hard_cores, "STATE_DELETE_AT_MOST", 10**6)
    assert prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck_plain)).status == "INFEASIBLE"
    assert set(entries) == set(json.loads(ck_plain.read_text())["entries"])
    assert all(e["core"] and e["depth"] == 2 for e in entries.values())


def test_a_core_the_checker_cannot_decide_in_time_leaves_its_guess_alone_unknown(tmp_path, monkeypatch):
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.depth import depth_proof, state_monotone
    from wordlelab.solvers.search.depth.class_refutation import state_status
    # (each guess's core made from its own class, so that each one is checked)
    monkeypatch.setattr(state_monotone.RefutedClasses, "dominating_index", lambda self, g0: None)
    monkeypatch.setattr(state_monotone.RefutedClasses, "refuted_nearby", lambda self, *a, **k: None)
    made = depth_proof.refutation_entry
    slow = []

    def too_long_once(run, prover, node, g0, failing=None):
        if not slow:
            slow.append(run.searcher.lists.guesses[g0])
            raise CheckTooLong("the core check visited 1 nodes without deciding")
        return made(run, prover, node, g0, failing)
    monkeypatch.setattr(depth_proof, "refutation_entry", too_long_once)
    ck = tmp_path / "slow.json"
    r = prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck))
    # a time-out is no proof: UNKNOWN, but every other guess's core is made and kept
    assert r.status == "UNKNOWN" and r.stats.cores_too_long == slow
    status = state_status(searcher(), ck, 4).stats
    assert status["core_pending"] == 1 and status["cores_made"] + status["cores_by_monotonicity"] == status["next_guesses"] - 1
    # the next run makes that one core alone and decides the state
    assert prove_depth(searcher(), 4, state=STATE, checkpoint=str(ck)).status == "INFEASIBLE"
    assert state_status(searcher(), ck, 4).status == "INFEASIBLE"


def test_a_large_class_core_is_made_from_the_part_it_shares_with_guesses_waiting(tmp_path, monkeypatch):
    from wordlelab.solvers.search.depth import depth_proof, state_monotone
    from wordlelab.solvers.search.depth.class_refutation import state_status
    monkeypatch.setattr(state_monotone.RefutedClasses, "refuted_nearby", lambda self, *a, **k: None)
    parts = []
    shared = state_monotone.shared_part

    def seen(searcher, node, guess, members, pattern, others, **kwargs):
        part = shared(searcher, node, guess, members, pattern, others, **kwargs)
        parts.append((guess, set(members.tolist()), pattern, others, part))
        return part
    monkeypatch.setattr(depth_proof, "shared_part", seen)
    monkeypatch.setattr(depth_proof, "SHARED_FROM", 0)         # every class counts as large
    # WHOOF's BBBBB: 151 answers, no strategy within 3 more guesses
    state = "whoof.BBBBB"
    ck = tmp_path / "shared.json"
    r = prove_depth(searcher(), 4, state=state, checkpoint=str(ck))
    assert r.status == "INFEASIBLE" and state_status(searcher(), ck, 4).status == "INFEASIBLE"
    made = [p for p in parts if p[4] is not None]
    assert made and r.stats.shared_parts == len(made)
    s = searcher()
    for guess, members, pattern, others, part in made:
        # a part of the guess's own class, in one class of another guess waiting
        assert set(part.tolist()) <= members
        assert any(len({int(s.MT[a, g1]) for a in part}) == 1 and set(part.tolist()) <= set(m.tolist())
                   for g1, m, _ in others if g1 != guess)
        assert _most_guesses_refuted(s, state, guess, members, pattern, others) == set(part.tolist())
    # the guesses refuted are those refuted with every core made from its own class
    monkeypatch.setattr(depth_proof, "SHARED_FROM", 10**6)
    ck_plain = tmp_path / "plain.json"
    assert prove_depth(searcher(), 4, state=state, checkpoint=str(ck_plain)).status == "INFEASIBLE"
    entries, plain = (json.loads(f.read_text())["entries"] for f in (ck, ck_plain))
    assert set(entries) == set(plain)
    # and fewer cores were made: more guesses took another's by monotonicity
    def own(e): return sum(1 for v in e.values() if "via" not in v)
    assert own(entries) < own(plain)


def test_a_shared_part_over_the_threshold_is_checked_whole_without_growing(tmp_path, monkeypatch):
    """A part shared with other guesses (state_monotone.shared_part) over SHARED_WHOLE_FROM is
    neither grown nor shrunk: its core is the part, or a seed inside it, and the checker decides
    it whole; the guesses refuted are the same as when every part is grown."""
    from wordlelab.solvers.search.depth import depth_proof, hard_cores, state_monotone
    from wordlelab.solvers.search.depth.class_refutation import state_status
    monkeypatch.setattr(state_monotone.RefutedClasses, "refuted_nearby", lambda self, *a, **k: None)
    monkeypatch.setattr(depth_proof, "SHARED_FROM", 0)         # every class counts as large
    parts, grown = [], []
    shared, grow = state_monotone.shared_part, hard_cores.grow_core

    def seen(*args, **kwargs):
        part = shared(*args, **kwargs)
        if part is not None:
            parts.append(part)
        return part

    def counted(searcher, members, *args, **kwargs):
        grown.append(set(members.tolist()))
        return grow(searcher, members, *args, **kwargs)
    monkeypatch.setattr(depth_proof, "shared_part", seen)
    monkeypatch.setattr(hard_cores, "grow_core", counted)
    state = "whoof.BBBBB"

    def run(name):
        ck = tmp_path / name
        assert prove_depth(searcher(), 4, state=state, checkpoint=str(ck)).status == "INFEASIBLE"
        assert state_status(searcher(), ck, 4).status == "INFEASIBLE"
        return json.loads(ck.read_text())["entries"]
    monkeypatch.setattr(hard_cores, "SHARED_WHOLE_FROM", 10**6)
    as_grown = run("grown.json")
    assert parts and any(g in [set(p.tolist()) for p in parts] for g in grown)   # some part was grown
    parts.clear(), grown.clear()
    monkeypatch.setattr(hard_cores, "SHARED_WHOLE_FROM", 0)
    entries = run("whole.json")
    assert parts and not any(g in [set(p.tolist()) for p in parts] for g in grown)
    words = WORDS
    made = [set(v["core"]) for v in entries.values() if "via" not in v]
    whole = [{words[a] for a in p.tolist()} for p in parts]
    assert any(core in whole for core in made)
    assert all(not entries[w].get("lemmas") for w in entries if set(entries[w]["core"]) in whole)
    assert set(entries) == set(as_grown)


def test_two_runs_on_one_state_checkpoint_share_their_cores(tmp_path, monkeypatch):
    """A second run on the same checkpoint (--largest-first) makes the largest classes' cores
    first; each run drops the guesses whose cores the other has written, and the guesses still
    waiting take them by monotonicity, so that no core is made twice."""
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint, save_merged
    from wordlelab.solvers.search.depth import depth_proof, state_monotone
    from wordlelab.solvers.search.depth.class_refutation import state_status
    monkeypatch.setattr(state_monotone.RefutedClasses, "refuted_nearby", lambda self, *a, **k: None)
    monkeypatch.setattr(depth_proof, "SAVE_EVERY", -1)           # merge with the file after each core
    made, checked = [], depth_proof._checked_refutation

    def counted(run, prover, node, g0, refuted, failing=None):
        s = run.searcher
        made.append((s.lists.guesses[g0], int(np.count_nonzero(s.MT[node.H, g0] == failing.pattern)) if failing else None))
        return checked(run, prover, node, g0, refuted, failing)
    monkeypatch.setattr(depth_proof, "_checked_refutation", counted)
    state = "whoof.BBBBB"
    ck = tmp_path / "alone.json"
    assert prove_depth(searcher(), 4, state=state, checkpoint=str(ck)).status == "INFEASIBLE"
    question, done = (json.loads(ck.read_text())[k] for k in ("question", "entries"))
    own = [w for w, _ in made]
    assert len(own) >= 4 and all("via" not in done[w] for w in own)
    # every guess refuted, no core made yet: what the rounds leave for the cores
    waiting = {w: {"core": None, "depth": None, "failing": pattern_string(feedback(w, e["core"][0]))}
               for w, e in done.items()}

    # alone, --largest-first makes them largest class first
    ck_large = tmp_path / "large.json"
    save_checkpoint(ck_large, question, waiting)
    made.clear()
    s = searcher()
    assert prove_depth(s, 4, state=state, checkpoint=str(ck_large), run=DepthRun(s, largest_first=True)).status \
        == "INFEASIBLE"
    sizes = [n for _, n in made if n is not None]
    assert len(sizes) >= 2 and sizes == sorted(sizes, reverse=True)

    # beside another run: it writes its cores of the later half while this run makes its first one
    shared = tmp_path / "shared.json"
    save_checkpoint(shared, question, waiting)
    theirs = own[len(own) // 2:]
    made.clear()

    def elsewhere(run, prover, node, g0, refuted, failing=None):
        if not made:
            save_merged(str(shared), question, {w: done[w] for w in theirs})
        return counted(run, prover, node, g0, refuted, failing)
    monkeypatch.setattr(depth_proof, "_checked_refutation", elsewhere)
    assert prove_depth(searcher(), 4, state=state, checkpoint=str(shared)).status == "INFEASIBLE"
    ours = [w for w, _ in made]
    assert ours and not set(ours) & set(theirs)
    assert state_status(searcher(), shared, 4).status == "INFEASIBLE"
    entries = json.loads(shared.read_text())["entries"]
    assert all(entries[w] == done[w] for w in theirs)


@pytest.mark.parametrize("largest_first", [False, True])
def test_a_core_another_run_wrote_is_never_given_a_second_one(tmp_path, monkeypatch, largest_first):
    """Two guesses whose rules ask the same take each other's core by monotonicity either way.
    When another run has written one with its own core and the other "via" it, this run takes
    both as they are: neither is given the other's core (two "via" entries pointing at each
    other, a cycle the checkpoint's check refuses), whichever of them comes first here."""
    from wordlelab.models.monotone_check import check_core_by_monotonicity
    from wordlelab.models.refutation import CoreFault
    from wordlelab.solvers.runtime.checkpoint import save_checkpoint, save_merged
    from wordlelab.solvers.search.depth import depth_proof, state_monotone
    from wordlelab.solvers.search.depth.class_refutation import state_status
    monkeypatch.setattr(state_monotone.RefutedClasses, "refuted_nearby", lambda self, *a, **k: None)
    monkeypatch.setattr(depth_proof, "SAVE_EVERY", -1)
    state = "whoof.BBBBB"
    ck = tmp_path / "alone.json"
    assert prove_depth(searcher(), 4, state=state, checkpoint=str(ck)).status == "INFEASIBLE"
    question, done = (json.loads(ck.read_text())[k] for k in ("question", "entries"))
    history = searcher().root(None, state, 4).history

    def mutual(a, b):
        try:
            check_core_by_monotonicity(done[b]["core"], done[b]["depth"], history, a, b, done[b]["depth"])
            return True
        except CoreFault:
            return False
    pairs = [(v["via"], b) for b, v in done.items()
             if "via" in v and "via" not in done[v["via"]] and mutual(v["via"], b)]
    assert pairs
    a, b = pairs[0]
    # the other run's view: B with its own core, A by monotonicity from it
    theirs = {b: {"core": done[b]["core"], "depth": done[b]["depth"]},
              a: {"core": done[b]["core"], "depth": done[b]["depth"], "via": b}}
    waiting = {w: {"core": None, "depth": None, "failing": pattern_string(feedback(w, e["core"][0]))}
               for w, e in done.items()}
    shared = tmp_path / "shared.json"
    save_checkpoint(shared, question, waiting)
    checked, calls = depth_proof._checked_refutation, []

    def elsewhere(run, prover, node, g0, refuted, failing=None):
        if not calls:
            save_merged(str(shared), question, theirs)
        calls.append(g0)
        return checked(run, prover, node, g0, refuted, failing)
    monkeypatch.setattr(depth_proof, "_checked_refutation", elsewhere)
    s = searcher()
    assert prove_depth(s, 4, state=state, checkpoint=str(shared), run=DepthRun(s, largest_first=largest_first)).status \
        == "INFEASIBLE"
    assert state_status(searcher(), shared, 4).status == "INFEASIBLE"
    entries = json.loads(shared.read_text())["entries"]
    assert entries[a] == theirs[a] and entries[b] == theirs[b]


def test_largest_first_needs_a_state_checkpoint(cli_run):
    for extra in ([], ["--status", "--checkpoint", "x.json"]):
        r = cli_run(["prove-depth", "--guesses", "4", "--mode", "hard", "--lists", "nyt20220316", "--state",
                     "whoof.BBBBB", "--largest-first", *extra], expect_error=True)
        assert r.code == 2 and "--largest-first goes with --state and --checkpoint" in r.output


def test_cli_core_work_is_the_check_budget_of_a_state_run(cli_run, tmp_path, monkeypatch):
    from wordlelab.solvers.search.depth import depth_proof
    budgets = []
    proved = depth_proof.prove_depth

    def seen(*args, **kwargs):
        budgets.append(kwargs["run"].core_work)
        return proved(*args, **kwargs)
    monkeypatch.setattr(depth_proof, "prove_depth", seen)
    base = ["prove-depth", "--guesses", "3", "--lists", "nyt20220316", "--state", "nauch.BGBGG",
            "--checkpoint", str(tmp_path / "nauch.json")]
    shown = cli_run(base + ["--mode", "hard", "--set", "core-work=12345"]).out
    assert budgets == [12345] and shown.startswith("INFEASIBLE (no)")
    wrong = cli_run(base + ["--set", "core-work=12345"], expect_error=True)
    assert wrong.code == 2 and wrong.err.strip() == "error: --set core-work is the budget of hard mode's core checks"


def _most_guesses_refuted(s, state, guess, members, pattern, others):
    """The oracle of ``shared_part``'s bisection: the others asking no less, by overlap, and the
    intersection with the first k of them for the largest k that a search run to the end refutes
    (every k tried, none skipped)."""
    from wordlelab.models.modes import asks_at_least, rule_after
    from wordlelab.solvers.search.engine.kernels import K
    from wordlelab.solvers.search.engine.tables import REFUTED, new_stats, new_table
    node = s.root(None, state, 4)
    base = ((), ())
    for word, p in node.history:
        base = rule_after(*base, word, p)
    own = rule_after(*base, s.lists.guesses[guess], int(pattern))
    order = sorted(((-len(members & set(m.tolist())), g1, set(m.tolist())) for g1, m, p1 in others
                    if g1 != guess and int(p1) != ALL_GREEN
                    and asks_at_least(rule_after(*base, s.lists.guesses[g1], int(p1)), own)
                    and len(members & set(m.tolist())) > node.d))
    Lc = s.child_list(K.child_lists_after(node.H, node.L, guess, s.tables)[4], guess, int(pattern))
    best, part = None, set(members)
    for _, _, m in order:
        part = part & m
        if len(part) > node.d - 1 and int(K.depth_feasible(np.array(sorted(part), np.int32), Lc, node.d - 1, s.tables,
                                                           new_table(1 << 20), new_stats(), 1 << 40,
                                                           s.depth_rounds)) == REFUTED:
            best = set(part)
    return best
