"""every-first-word --sample: a random sample's estimate of the yes words, beside the proof."""
import json
import math
import random
import re

import pytest

from wordlelab.errors import ParameterError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.settings import Execution
from wordlelab.solvers.search.depth.depth_sweep import FirstWords, decide_every_first_word
from wordlelab.solvers.search.depth.depth_verdicts import sweep_status
from wordlelab.solvers.search.depth.first_word_sample import (estimate_yes, load_reach, reach_path, sample_first_words,
                                                        wilson_interval)
from wordlelab.solvers.search.native import NativeSearcher


@pytest.fixture(scope="module")
def random_300():
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 300))
    lists = WordLists("random-300", words, words)
    whole = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4)
    assert 0 < whole.value < 300                 # both verdicts occur
    return lists, set(whole.stats.yes)


def test_a_sample_of_every_word_estimates_the_exact_count(random_300):
    lists, yes = random_300
    r = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(sample=(300, 7)))
    est = r.stats.sample
    assert est["prefix"] == 300 and est["yes"] == len(yes) and est["no"] == 300 - len(yes)
    assert est["estimate"] == est["low"] == est["high"] == est["proven_low"] == est["proven_high"] == len(yes)


def test_a_sample_is_decided_in_the_order_drawn_and_a_larger_one_of_the_same_seed_extends_it(random_300, tmp_path):
    lists, yes = random_300
    ck = str(tmp_path / "every.json")
    told = []
    first = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(sample=(20, 5)),
                                    execution=Execution(checkpoint=ck),
                                    progress=lambda n, info=None: told.append(info))
    drawn = sample_first_words(lists.guesses, 40, 5)
    entries = json.loads(open(ck).read())["entries"]
    assert set(entries) == set(drawn[:20])
    # strictly in the order drawn: no word a learnt core covers is taken out of turn
    searched = [info[:5].lower() for info in told if info and info.endswith(": searching")]
    assert searched and searched == [w for w in drawn[:20] if w in searched]
    est = first.stats.sample
    assert est["prefix"] == 20 and est["yes"] == len(yes & set(drawn[:20])) and est["undecided"] == 0
    ours = NativeSearcher(lists, "easy", 4)
    question = {**json.loads(open(ck).read())["question"]}
    assert load_reach(ck, question, 5) == 20 and reach_path(ck).is_file()
    # the larger sample's first 20 words are the smaller one's, read from the checkpoint alone
    status = sweep_status(ours, 4, ck, sample=(40, 5)).stats.sample
    assert status["sample"] == 40 and status["prefix"] == 20 and status["yes"] == est["yes"]
    second = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(sample=(40, 5)),
                                     execution=Execution(checkpoint=ck))
    assert second.stats.searched_now == 20 and second.stats.sample["prefix"] == 40
    assert second.stats.sample["yes"] == len(yes & set(drawn))


def test_words_decided_out_of_turn_count_only_once_the_samples_run_reaches_them(random_300, tmp_path):
    """Another run deciding the words just past the sample's reach does not stretch the prefix
    (counted as soon as decided, the words a core covers, all no, would bias the count)."""
    lists, _ = random_300
    ck = str(tmp_path / "every.json")
    decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(sample=(10, 8)),
                            execution=Execution(checkpoint=ck))
    drawn = sample_first_words(lists.guesses, 30, 8)
    decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(words=tuple(drawn[10:30])),
                            execution=Execution(checkpoint=ck))
    assert set(drawn) <= set(json.loads(open(ck).read())["entries"])
    assert sweep_status(NativeSearcher(lists, "easy", 4), 4, ck, sample=(30, 8)).stats.sample["prefix"] == 10
    # the sample's own run passes them, in order, with nothing to search
    r = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(sample=(30, 8)),
                                execution=Execution(checkpoint=ck))
    assert r.stats.searched_now == 0 and r.stats.sample["prefix"] == 30


def test_a_sample_on_workers_keeps_its_reach(random_300, tmp_path):
    lists, yes = random_300
    ck = str(tmp_path / "every.json")
    r = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=FirstWords(sample=(15, 3)),
                                execution=Execution(checkpoint=ck, workers=2))
    drawn = sample_first_words(lists.guesses, 15, 3)
    assert set(json.loads(open(ck).read())["entries"]) == set(drawn)
    assert r.stats.sample["prefix"] == 15 and r.stats.sample["yes"] == len(yes & set(drawn))
    assert sweep_status(NativeSearcher(lists, "easy", 4), 4, ck, sample=(15, 3)).stats.sample["prefix"] == 15


def test_an_undecided_word_in_the_prefix_widens_the_interval_and_leaves_no_point_estimate():
    decisions = {w: {"yes": v} for w, v in [("a", True), ("b", False), ("c", None), ("e", True), ("f", False)]}
    est = estimate_yes(decisions, ["a", "b", "c", "d", "e"], reach=3, population=100)
    assert (est["prefix"], est["yes"], est["no"], est["undecided"]) == (3, 1, 1, 1)
    assert est["estimate"] is None
    # low end: c counted as no; high end: as yes (each narrowed to what is proven: 2 yes, 2 no)
    assert est["low"] == max(2, math.floor(100 * wilson_interval(1, 3)[0]))
    assert est["high"] == min(98, math.ceil(100 * wilson_interval(2, 3)[1])) == 94
    assert (est["proven_low"], est["proven_high"]) == (2, 98)
    # a no whose core is not checked is no proof: the proven upper bound leaves it out
    assert estimate_yes(decisions, ["a"], 1, 100, unchecked_nos=1)["proven_high"] == 99
    nothing = estimate_yes(decisions, ["d", "a"], reach=0, population=100)
    assert nothing["prefix"] == 0 and nothing["estimate"] is None and (nothing["low"], nothing["high"]) == (2, 98)


def test_the_estimate_and_its_interval_stay_within_the_proven_bounds():
    # 7 yes proven, but the sample's 20 words are all no: the interval (and estimate) would say 0
    decisions = {f"y{i}": {"yes": True} for i in range(7)} | {f"n{i}": {"yes": False} for i in range(20)}
    est = estimate_yes(decisions, [f"n{i}" for i in range(20)], 20, population=12972)
    assert est["estimate"] == est["low"] == 7 and 7 <= est["high"] <= 12972 - 20


def test_the_wilson_interval_holds_its_proportion_and_narrows_with_trials():
    z2 = 1.959963984540054 ** 2
    for yes, n in [(0, 10), (3, 10), (10, 10), (30, 100), (300, 1000)]:
        low, high = wilson_interval(yes, n)
        assert 0 <= low <= yes / n <= high <= 1
        # its ends solve (p^ - p)^2 = z^2 p (1 - p) / n, the score test's boundary (0 and 1 are ends
        # where p^ is 0 or 1)
        for p in (low, high):
            if 0 < p < 1:
                assert abs((yes / n - p) ** 2 - z2 * p * (1 - p) / n) < 1e-12
    assert wilson_interval(300, 1000)[1] - wilson_interval(300, 1000)[0] < wilson_interval(30, 100)[1] - wilson_interval(30, 100)[0]


def test_sample_goes_alone_and_takes_a_size_the_lists_have(random_300):
    lists, _ = random_300
    for candidates, recheck, said in [
            (FirstWords(sample=(301, 1)), False, "sample takes 1 to 300 first words, not 301"),
            (FirstWords(sample=(5, 1), words=(lists.guesses[0],)), False, "sample draws the words to decide"),
            (FirstWords(sample=(5, 1), limit=3), False, "sample draws the words to decide"),
            (FirstWords(sample=(5, 1)), True, "sample draws the words to decide")]:
        with pytest.raises(ParameterError, match=said) as e:
            decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, candidates=candidates, recheck=recheck)
        assert not str(e.value).startswith("--")        # the library names its parameters


def test_cli_sample_prints_the_estimate_beside_the_proven_bounds(cli_run, tmp_path):
    ck = tmp_path / "every.json"
    base = ["every-first-word", "--guesses", "3", "--lists", "nyt20220316", "--checkpoint", str(ck)]
    run = cli_run(base + ["--sample", "3:11"]).out
    line = (r"random sample \(seed 11\): its runs have passed the first 3 of the 3 words drawn, 0 yes, 3 no; "
            r"estimate \(a statistic, not a proof\): 0 of 12972 first words find every answer within 3, 95% "
            r"interval 0-\d+; proven: 0-12969")
    assert re.search(line, run), run
    status = cli_run(base + ["--sample", "3:11", "--status"]).out
    assert re.search(line, status) and "nothing searched" in status
    more = cli_run(base + ["--sample", "4:11", "--status"]).out
    assert "its runs have passed the first 3 of the 4 words drawn" in more
    for wrong, said in [(["--sample", "0"], "error: wordlelab every-first-word: Invalid value for '--sample'"),
                        (["--sample", "20000"], "error: --sample takes 1 to 12972 first words, not 20000"),
                        (["--sample", "2", "--words", "salet"], "error: --sample draws the words to decide: "
                                                                "drop --words, --limit, --recheck and the "
                                                                "class checkpoints"),
                        (["--sample", "3:x"], "error: wordlelab every-first-word: Invalid value for '--sample': "
                                              "'3:x' is not N[:SEED]"),
                        (["--sample", "2", "--status", "--limit", "4"],
                         "error: --sample draws the words to decide: drop --limit")]:
        r = cli_run(base + wrong, expect_error=True)
        assert r.code == 2 and r.err.strip().startswith(said), r.err
