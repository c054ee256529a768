"""prove-depth --every-first-word --sample: a random sample's estimate of the yes words, beside the proof."""
import json
import math
import random
import re

import pytest

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.solvers.search.depth_sweep import decide_every_first_word
from wordlelab.solvers.search.depth_verdicts import sweep_status
from wordlelab.solvers.search.first_word_sample import estimate_yes, sample_first_words, wilson_interval
from wordlelab.solvers.search.native import NativeSearcher


@pytest.fixture(scope="module")
def random_300():
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 300))
    lists = WordLists("random-300", words, words)
    whole = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4)
    assert 0 < whole.value < 300                 # both verdicts occur
    return lists, set(whole.stats["yes"])


def test_a_sample_of_every_word_estimates_the_exact_count(random_300):
    lists, yes = random_300
    r = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, sample=(300, 7))
    est = r.stats["sample"]
    assert est["prefix"] == 300 and est["yes"] == len(yes) and est["no"] == 300 - len(yes)
    assert est["estimate"] == est["low"] == est["high"] == est["proven_low"] == est["proven_high"] == len(yes)


def test_a_sample_takes_only_its_words_and_a_larger_one_of_the_same_seed_extends_it(random_300, tmp_path):
    lists, yes = random_300
    ck = str(tmp_path / "every.json")
    first = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, ck, sample=(20, 5))
    drawn = sample_first_words(lists.guesses, 40, 5)
    entries = json.loads(open(ck).read())["entries"]
    assert set(entries) == set(drawn[:20])
    est = first.stats["sample"]
    assert est["prefix"] == 20 and est["yes"] == len(yes & set(drawn[:20])) and est["undecided"] == 0
    # the larger sample's first 20 words are the smaller one's, read from the checkpoint alone
    status = sweep_status(NativeSearcher(lists, "easy", 4), 4, ck, sample=(40, 5)).stats["sample"]
    assert status["sample"] == 40 and status["prefix"] == 20 and status["yes"] == est["yes"]
    second = decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, ck, sample=(40, 5))
    assert second.stats["searched_now"] == 20 and second.stats["sample"]["prefix"] == 40
    assert second.stats["sample"]["yes"] == len(yes & set(drawn))


def test_the_prefix_stops_at_the_first_word_not_tried_and_an_undecided_word_widens_the_interval():
    decisions = {w: {"yes": v} for w, v in [("a", True), ("b", False), ("c", None), ("e", True), ("f", False)]}
    est = estimate_yes(decisions, ["a", "b", "c", "d", "e"], population=100)
    assert (est["prefix"], est["yes"], est["no"], est["undecided"]) == (3, 1, 1, 1)
    assert est["estimate"] == 50
    # low end: c counted as no; high end: as yes (each clipped by what is proven: 2 yes, 2 no)
    assert est["low"] == max(2, math.floor(100 * wilson_interval(1, 3)[0]))
    assert est["high"] == min(98, math.ceil(100 * wilson_interval(2, 3)[1])) == 94
    assert (est["proven_low"], est["proven_high"]) == (2, 98)
    nothing = estimate_yes(decisions, ["d", "a"], population=100)
    assert nothing["prefix"] == 0 and nothing["estimate"] is None and (nothing["low"], nothing["high"]) == (2, 98)


def test_the_wilson_interval_holds_its_proportion_and_narrows_with_trials():
    for yes, n in [(0, 10), (3, 10), (10, 10), (30, 100), (300, 1000)]:
        low, high = wilson_interval(yes, n)
        assert 0 <= low <= yes / n <= high <= 1
    assert wilson_interval(300, 1000)[1] - wilson_interval(300, 1000)[0] < wilson_interval(30, 100)[1] - wilson_interval(30, 100)[0]


def test_sample_goes_alone_and_takes_a_size_the_lists_have(random_300):
    lists, _ = random_300
    for kwargs, said in [({"sample": (301, 1)}, "--sample takes 1 to 300 first words, not 301"),
                         ({"sample": (5, 1), "words": [lists.guesses[0]]}, "--sample draws the words to decide"),
                         ({"sample": (5, 1), "limit": 3}, "--sample draws the words to decide")]:
        with pytest.raises(WordleError, match=said):
            decide_every_first_word(NativeSearcher(lists, "easy", 4), 4, **kwargs)


def test_cli_sample_prints_the_estimate_beside_the_proven_bounds(cli_run, tmp_path):
    ck = tmp_path / "every.json"
    base = ["prove-depth", "--guesses", "3", "--every-first-word", "--lists", "nyt20220316", "--checkpoint", str(ck)]
    run = cli_run(base + ["--sample", "3", "--seed", "11"]).out
    line = (r"random sample \(seed 11\): the first 3 of 3 words drawn are decided, 0 yes, 3 no; estimate \(a "
            r"statistic, not a proof\): 0 of 12972 first words find every answer within 3, 95% interval 0-\d+; "
            r"proven: 0-12969")
    assert re.search(line, run), run
    status = cli_run(base + ["--sample", "3", "--seed", "11", "--status"]).out
    assert re.search(line, status) and "nothing searched" in status
    more = cli_run(base + ["--sample", "4", "--seed", "11", "--status"]).out
    assert "the first 3 of 4 words drawn are decided" in more
    for wrong, said in [(["--sample", "0"], "error: wordlelab prove-depth: Invalid value for '--sample'"),
                        (["--sample", "20000"], "error: --sample takes 1 to 12972 first words, not 20000"),
                        (["--sample", "2", "--words", "salet"], "error: --sample draws the words to decide: "
                                                                "drop --words, --limit and --recheck")]:
        r = cli_run(base + wrong, expect_error=True)
        assert r.code == 2 and r.err.strip().startswith(said), r.err
