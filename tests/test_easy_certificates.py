"""Easy mode's certificate of a no: a core, decided by the pure-Python checker in easy mode
(its agreement with the compiled search: tests/test_refutation.py)."""
import json
import random

import pytest

from wordlelab.errors import WordleError
from wordlelab.models.feedback import feedback
from wordlelab.models.refutation import CheckOptions, CoreFault, check_core, check_first_word_core
from wordlelab.solvers.runtime.checkpoint import save_checkpoint
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.search.depth.depth_sweep import FirstWords, decide_every_first_word
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.depth.sweep_recheck import recheck_decisions
from wordlelab.solvers.search.depth.depth_proof import prove_depth

ATCH = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]


def test_seven_answers_one_letter_apart_need_seven_guesses_when_only_they_may_be_guessed():
    # each guess of the family tells apart only itself, whatever came before
    assert check_core(ATCH, 6, ATCH, options=CheckOptions(mode="easy")) > 0
    with pytest.raises(CoreFault, match="within 7 guesses in easy mode"):
        check_core(ATCH, 7, ATCH, options=CheckOptions(mode="easy"))
    # BLIMP tests b, l, m and p at once: the three left (c, h, w) then take three guesses
    with pytest.raises(CoreFault, match="within 4 guesses in easy mode"):
        check_core(ATCH, 4, ATCH + ["blimp"], options=CheckOptions(mode="easy"))
    assert check_core(ATCH, 3, ATCH + ["blimp"], options=CheckOptions(mode="easy")) > 0
    with pytest.raises(ValueError, match="unknown mode"):
        check_core(ATCH, 4, ATCH, options=CheckOptions(mode="strict"))


def test_easy_mode_ignores_the_hard_rule_that_refutes_the_same_core():
    # hard mode after NAUCH keeps ?ATCH green, so BLIMP may never be played; easy mode may play it
    from wordlelab.models.feedback import feedback
    history = [("nauch", feedback("nauch", "batch"))]
    assert check_core(ATCH, 5, ATCH + ["blimp"], history) > 0
    with pytest.raises(CoreFault, match="easy mode"):
        check_core(ATCH, 5, ATCH + ["blimp"], history, options=CheckOptions(mode="easy"))


@pytest.fixture(scope="module")
def easy_sweep(random_300, tmp_path_factory):
    """random-300's first words decided within 3 in easy mode (all no): result, checkpoint path."""
    ck = tmp_path_factory.mktemp("easy") / "every.json"
    r = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3, execution=Execution(checkpoint=str(ck)))
    return r, ck


def test_every_no_of_an_easy_sweep_has_a_core_the_checker_proves(easy_sweep, random_300):
    r, ck = easy_sweep
    entries = json.loads(ck.read_text())["entries"]
    assert r.status == "OPTIMAL" and r.stats.decided["no"] == 300
    nos = {w: v for w, v in entries.items() if v["yes"] is False and v["same_as"] is None}
    assert nos and all(v["core"] and v["depth"] == 2 for v in nos.values())
    for word in random.Random(3).sample(sorted(nos), 10):
        check_first_word_core(word, nos[word]["core"], 2, random_300.guesses, mode="easy")


def test_each_word_searched_records_its_seconds_and_a_twin_none(easy_sweep, random_300):
    """The checkpoint gives the sweep's rate by verdict: the seconds of each word decided, none
    copied to a word that only shares another's split."""
    from wordlelab.solvers.search.depth.depth_entries import check_decision
    _, ck = easy_sweep
    entries = json.loads(ck.read_text())["entries"]
    own = [v for v in entries.values() if v["same_as"] is None]
    assert own and all(v["seconds"] >= 0 for v in own)
    assert all("seconds" not in v for v in entries.values() if v["same_as"] is not None)
    check = check_decision(NativeSearcher(random_300, "easy", 3))
    word, value = next(iter(entries.items()))
    with pytest.raises(ValueError, match="seconds"):
        check(word, dict(value, seconds=-1))


def test_an_easy_recheck_passes_the_sweep_and_catches_a_doctored_core(easy_sweep, random_300):
    _, ck = easy_sweep
    entries = json.loads(ck.read_text())["entries"]
    again = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3, execution=Execution(checkpoint=str(ck)),
                                    recheck=True)
    assert again.verified and again.stats.searched_now == 0 and again.stats.nos_unchecked == 0
    # --words re-checks only the words named, and marks them checked
    one = next(w for w, v in entries.items() if v["yes"] is False and v["same_as"] is None)
    unmarked = {w: {k: x for k, x in v.items() if k != "checked"} for w, v in entries.items()}
    ck2 = ck.parent / "unmarked.json"
    save_checkpoint(ck2, json.loads(ck.read_text())["question"], unmarked)
    named = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3,
                                    candidates=FirstWords(words=(one,)),
                                    execution=Execution(checkpoint=str(ck2)), recheck=True)
    assert named.stats.recheck["cores"] == 1 and named.stats.nos_unchecked == 299
    assert json.loads(ck2.read_text())["entries"][one]["checked"] is True
    assert again.stats.recheck["cores"] == sum(1 for v in entries.values()
                                                  if v["yes"] is False and v["same_as"] is None)
    no = next(w for w, v in entries.items() if v["yes"] is False and v["same_as"] is None)
    # a core with an answer of another class of its word: the checker refuses it
    other = next(a for a in random_300.answers if a not in entries[no]["core"])
    doctored = {no: dict(entries[no], core=sorted(entries[no]["core"] + [other]))}
    with pytest.raises(WordleError, match=f"certificate of {no.upper()} fails: CoreFault"):
        recheck_decisions(random_300, 3, doctored, mode="easy")
    with pytest.raises(WordleError, match="without a core"):
        recheck_decisions(random_300, 3, {no: dict(entries[no], core=[], depth=None)}, mode="easy")


def test_a_resumed_easy_sweep_gives_its_coreless_nos_a_checked_core(easy_sweep, random_300, tmp_path):
    """A no recorded as refuted by an earlier core ([]) or with none (None), as before easy-mode
    certificates, is decided again on resume and gets a core the checker has proven."""
    _, done = easy_sweep
    doc = json.loads(done.read_text())
    nos = [w for w, v in doc["entries"].items() if v["yes"] is False and v["same_as"] is None][:40]
    entries = {w: dict(v, core=[] if i % 2 else None, depth=None) if w in nos else v
               for i, (w, v) in enumerate(doc["entries"].items())}
    ck = tmp_path / "every.json"
    save_checkpoint(ck, doc["question"], entries)
    again = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3, execution=Execution(checkpoint=str(ck)))
    assert again.stats.searched_now == len(nos) and again.stats.decided["no"] == 300
    after = json.loads(ck.read_text())["entries"]
    for w in nos:
        assert after[w]["core"] and after[w]["depth"] == 2
        check_first_word_core(w, after[w]["core"], 2, random_300.guesses, mode="easy")


def test_a_no_whose_check_runs_out_of_work_is_unknown_until_a_larger_budget(random_300, tmp_path):
    ck = tmp_path / "every.json"
    starved = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3, candidates=FirstWords(limit=20),
                                      limits=Limits(core_work=10), execution=Execution(checkpoint=str(ck)))
    entries = json.loads(ck.read_text())["entries"]
    assert starved.status == "UNKNOWN" and starved.stats.decided["no"] == 0
    searched = [v for v in entries.values() if v["same_as"] is None]
    assert searched and all(v["yes"] is None and v["core_work"] == 10 and len(v["failing"]) == 5 for v in searched)
    again = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3, candidates=FirstWords(limit=20),
                                    execution=Execution(checkpoint=str(ck)))
    assert again.status == "OPTIMAL" and again.stats.decided["no"] == 20
    assert again.stats.searched_now == len(searched) and again.stats.nos_unchecked == 0


def test_a_first_words_no_in_easy_mode_returns_a_core_the_checker_proved(random_300):
    searcher = NativeSearcher(random_300, "easy", 3)
    nos = [w for w in random_300.guesses[:40] if prove_depth(searcher, 3, start=w).status == "INFEASIBLE"]
    assert nos
    res = prove_depth(searcher, 3, start=nos[0])
    assert res.certificate_kind == "core" and res.stats.core.checker["nodes"] >= 1
    check_first_word_core(nos[0], res.certificate, res.stats.core.guesses_left, random_300.guesses, mode="easy")
    from wordlelab.solvers.search.depth.run import DepthRun
    starved = NativeSearcher(random_300, "easy", 3)
    # a check budget of 10: the table alone is more, so no proof, and no claim
    r = prove_depth(starved, 3, start=nos[0], run=DepthRun(starved, core_work=10))
    assert r.status == "UNKNOWN" and "work limit" in r.stats.core.check


@pytest.mark.parametrize("workers", [1, 2])
def test_the_words_a_checked_core_covers_are_decided_first_by_its_check_alone(easy_sweep, random_300, tmp_path,
                                                                              workers, monkeypatch):
    """A resumed sweep takes first the words with a class holding a checkpoint's core, each
    decided by that core (checked once), before any word of the candidate order is searched; the
    check marks an older no that holds the core proven too."""
    from wordlelab.models.feedback import feedback
    _, done = easy_sweep
    doc = json.loads(done.read_text())
    nos = {w: v for w, v in doc["entries"].items() if v["yes"] is False and v["same_as"] is None}

    def covers(word, core):
        return len({feedback(word, a) for a in core}) == 1

    # the no whose core lies in a class of the most other first words
    source = max(nos, key=lambda w: sum(covers(g, nos[w]["core"]) for g in random_300.guesses))
    core = nos[source]["core"]
    covered = {g for g in random_300.guesses if covers(g, core)} - {source}
    assert len(covered) >= 4
    # a no with the same core from before easy-mode certificates: proven once a word borrows it
    older = min(covered)
    covered.discard(older)
    ck = tmp_path / "every.json"
    save_checkpoint(ck, doc["question"], {source: nos[source],
                                          older: {"yes": False, "core": core, "depth": nos[source]["depth"],
                                                  "total": None, "same_as": None}})
    seen, sent = [], []
    from wordlelab.solvers.runtime import sweep as sweep_layer
    real_sweep = sweep_layer.Sweep

    def recording_sweep(name, meta, keys, *args, **kwargs):
        sent.append(list(keys))
        return real_sweep(name, meta, keys, *args, **kwargs)
    monkeypatch.setattr(sweep_layer, "Sweep", recording_sweep)
    again = decide_every_first_word(NativeSearcher(random_300, "easy", 3), 3,
                                    execution=Execution(checkpoint=str(ck), workers=workers),
                                    progress=lambda n=1, info=None: seen.append((info or "-").split()[0].lower()))
    decided = [w for w in seen if w in set(random_300.guesses)]
    after = json.loads(ck.read_text())["entries"]
    # the covered words come first, whatever their place in the candidate order (with workers:
    # they are the first tasks sent; results come back in any order, so the keys are compared)
    taken = decided if workers == 1 else [w for w in sent[0] if w not in (source, older)]
    assert set(taken[:len(covered)]) == covered, (taken[:len(covered) + 2], sorted(covered), source)
    for w in covered:
        assert after[w]["yes"] is False and after[w]["checked"] is True
        # the core it was given is the source's (or, for a word splitting the answers as an
        # earlier one does, that word's decision)
        assert after[w]["same_as"] is not None or sorted(after[w]["core"]) == sorted(core)
    assert again.stats.decided["no"] == 300
    if workers == 1:       # (workers prove the core; marking the older no is the main process's)
        assert after[older]["checked"] is True and again.stats.nos_unchecked == 0


def test_a_core_whose_check_ran_out_is_not_borrowed_again_in_the_same_run(easy_sweep, random_300):
    """One check that runs out of work costs up to an hour: the other words that core covers
    are searched instead of checking it again."""
    from wordlelab.models.refutation import CheckTooLong
    from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
    _, done = easy_sweep
    nos = {w: v for w, v in json.loads(done.read_text())["entries"].items()
           if v["yes"] is False and v["same_as"] is None and len(v["core"]) > 3}
    searcher = NativeSearcher(random_300, "easy", 3)
    source = next(iter(nos))
    unchecked = dict(nos[source], checked=False)      # (a checked one is not checked again)
    certificates = EasyCertificates(searcher, {source: unchecked}, work_limit=10)
    covered = [random_300.guesses[g] for g in certificates.covered(nos[source]["core"], 2)]
    assert source in covered and len(covered) >= 2
    assert certificates.borrowed(covered[-1], 2) == tuple(sorted(nos[source]["core"]))
    with pytest.raises(CheckTooLong):
        certificates.certify(covered[0], [], 2)
    assert all(certificates.borrowed(w, 2) is None for w in covered)
    # a core needing more guesses left than it was proven for is never borrowed
    assert EasyCertificates(searcher, {source: nos[source]}).borrowed(source, 3) is None


def test_a_core_the_checkpoint_records_as_checked_is_borrowed_without_a_new_check(easy_sweep, random_300,
                                                                                   monkeypatch):
    """A resumed sweep trusts its checkpoint's checked cores as it trusts its decisions: the next
    word a core covers costs the pattern test alone, and a core never checked is still checked."""
    import wordlelab.models.refutation as refutation
    from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
    _, done = easy_sweep
    nos = {w: v for w, v in json.loads(done.read_text())["entries"].items()
           if v["yes"] is False and v["same_as"] is None and v.get("checked") and len(v["core"]) > 3}
    searcher = NativeSearcher(random_300, "easy", 3)
    source = next(iter(nos))
    checks = []
    real = refutation.check_first_word_core
    monkeypatch.setattr(refutation, "check_first_word_core", lambda *a, **k: checks.append(a[0]) or real(*a, **k))
    word = [random_300.guesses[g] for g in EasyCertificates(searcher, {}).covered(nos[source]["core"], 2)][-1]
    trusted = EasyCertificates(searcher, {source: nos[source]})
    assert trusted.certify(word, [], 2)["core"] == sorted(nos[source]["core"]) and checks == []
    fresh = EasyCertificates(searcher, {source: dict(nos[source], checked=False)})
    assert fresh.certify(word, [], 2)["core"] == sorted(nos[source]["core"]) and checks == [word]
    # the pattern test still runs: a word the core does not lie in is refused
    outside = next(w for w in random_300.guesses if len({feedback(w, a) for a in nos[source]["core"]}) > 1)
    with pytest.raises(refutation.CoreFault):
        trusted.certify(outside, nos[source]["core"], 2)


def test_the_provers_hint_names_a_class_the_checker_refutes_and_leaves_the_verdict_alone(easy_sweep, random_300):
    """The hint from the sweep's own prover only orders the checker's work: each class it names
    is one the checker itself proves impossible in the guesses left, and a core's check passes
    with it as without it."""
    from wordlelab.solvers.search.engine.core_prover import CoreProver
    from wordlelab.solvers.search.depth.depth_decision import root_classes
    from wordlelab.solvers.search.depth.easy_cores import ProverHint
    _, done = easy_sweep
    entries = json.loads(done.read_text())["entries"]
    searcher = NativeSearcher(random_300, "easy", 3)
    node = searcher.root(None, None)
    Lchild, _ = root_classes(searcher, node)
    index = {a: i for i, a in enumerate(random_300.answers)}
    answers = sorted(random_300.answers)
    hint = ProverHint(CoreProver(searcher), Lchild, index, answers)
    named = 0
    for u in random.Random(5).sample(random_300.guesses, 40):
        by_pattern: dict = {}
        for i, a in enumerate(answers):
            by_pattern.setdefault(feedback(u, a), []).append(i)
        classes = [tuple(c) for p, c in by_pattern.items() if p != 242]
        i = hint(classes, [((), ())] * len(classes), 2)
        if i is not None:
            named += 1
            # raises if wrong
            check_core([answers[k] for k in classes[i]], 2, random_300.guesses, options=CheckOptions(mode="easy"))
    assert named == hint.named > 0
    word, value = max(((w, v) for w, v in entries.items() if v["yes"] is False and v["same_as"] is None),
                      key=lambda wv: len(wv[1]["core"]))
    core = sorted(value["core"])
    with_hint = ProverHint(CoreProver(searcher), Lchild, index, core)
    assert check_first_word_core(word, core, value["depth"], random_300.guesses, hint=with_hint, mode="easy") > 0


def test_an_older_no_whose_core_the_checkpoint_records_as_checked_is_marked_checked_on_resume(
        easy_sweep, random_300, tmp_path, monkeypatch):
    """A no from before easy-mode certificates, whose core another no of the checkpoint records
    as checked, is marked checked when the sweep resumes, with no new check and no search."""
    import wordlelab.models.refutation as refutation
    from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
    _, done = easy_sweep
    doc = json.loads(done.read_text())
    entries = doc["entries"]
    searcher = NativeSearcher(random_300, "easy", 3)
    source = next(w for w, v in entries.items() if v["yes"] is False and v["same_as"] is None
                  and v.get("checked") and len(v["core"]) > 3)
    core = entries[source]["core"]
    covered = [random_300.guesses[g] for g in EasyCertificates(searcher, {}).covered(core, 2)]
    older = next(w for w in covered if w != source)
    entries[older] = {"yes": False, "core": core, "depth": entries[source]["depth"], "total": None,
                      "same_as": None}
    ck = tmp_path / "every.json"
    save_checkpoint(ck, doc["question"], entries)
    checks = []
    real = refutation.check_first_word_core
    monkeypatch.setattr(refutation, "check_first_word_core", lambda *a, **k: checks.append(a[0]) or real(*a, **k))
    again = decide_every_first_word(searcher, 3, execution=Execution(checkpoint=str(ck)))
    assert json.loads(ck.read_text())["entries"][older]["checked"] is True
    assert checks == [] and again.stats.searched_now == 0 and again.stats.nos_unchecked == 0
