"""The native searcher against brute force on tiny instances and against Selby's proven values."""
import functools
import random

import pytest

from wordlelab.instances.wordlists import load_lists
from wordlelab.models.feedback import feedback
from wordlelab.models.modes import guess_allowed
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.native import INF as NO_STRATEGY, NativeSearcher
from wordlelab.solvers.search.depth.depth_proof import prove_depth

INF = float("inf")


def brute_force(answers, guesses, mode, max_guesses, start):
    """Plain exhaustive min-sum over every allowed guess, memoised on the state."""

    def best(H, hist, d):
        allowed = tuple(g for g in guesses if guess_allowed(mode, list(hist), g))
        return best_allowed(H, allowed, d)

    @functools.lru_cache(maxsize=None)
    def best_allowed(H, allowed, d):
        if d == 0:
            return INF
        if len(H) == 1:
            return 1
        return min((after(H, allowed, d, g) for g in allowed), default=INF)

    def after(H, allowed, d, g):
        parts = {}
        for a in H:
            parts.setdefault(feedback(g, a), []).append(a)
        if len(parts) == 1 and g not in H:
            return INF  # learns nothing; never part of an optimal strategy
        total = len(H)
        for p, group in parts.items():
            if p != 242:
                sub = tuple(w for w in allowed if guess_allowed(mode, [(g, p)], w))
                total += best_allowed(tuple(group), sub, d - 1)
        return total

    return after(tuple(answers), tuple(guesses), max_guesses, start)


def tiny_instance(seed, n_answers=12, n_guesses=16):
    """Endgame-like: words sharing three positions with a random centre word, so modes and limits bite."""
    base = load_lists("nyt20220830")
    rng = random.Random(seed)
    while True:
        centre = rng.choice(base.answers)
        near = [w for w in base.guesses if sum(x == y for x, y in zip(w, centre)) >= 3]
        if len(near) >= n_answers + 4:
            break
    answers = rng.sample(near, n_answers)
    others = [w for w in near if w not in answers] + rng.sample(base.guesses, 4)
    guesses = sorted(set(answers) | set(rng.sample(others, min(len(others), n_guesses - n_answers + 4))))
    return sorted(answers), guesses


def lists_from(tmp_path, answers, guesses):
    (tmp_path / "g.txt").write_text("\n".join(guesses))
    (tmp_path / "a.txt").write_text("\n".join(answers))
    return load_lists(guesses_file=str(tmp_path / "g.txt"), answers=str(tmp_path / "a.txt"))


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_matches_brute_force(tmp_path, seed, mode):
    answers, guesses = tiny_instance(seed)
    lists = lists_from(tmp_path, answers, guesses)
    start = guesses[seed % len(guesses)]
    for max_guesses in (3, 4, 6):
        expected = brute_force(answers, guesses, mode, max_guesses, start)
        res = NativeSearcher(lists, mode, max_guesses).solve(start=start)
        threaded = NativeSearcher(lists, mode, max_guesses).solve(start=start, threads=2)
        assert (threaded.status, threaded.value, threaded.verified) == (res.status, res.value, res.verified)
        depth = prove_depth(NativeSearcher(lists, mode, max_guesses), max_guesses, start=start)
        ranker = NativeSearcher(lists, mode, max_guesses)      # the first-word path of best-start
        node = ranker.root()
        value = ranker.start_value(node, ranker.guess_index[start])
        assert value >= NO_STRATEGY if expected == INF else value == expected
        if expected == INF:
            assert res.status == "INFEASIBLE" and depth.status == "INFEASIBLE"
            continue
        assert res.status == "OPTIMAL" and res.value == expected, (seed, mode, max_guesses)
        assert res.verified and res.bound == expected
        report = verify_tree(res.certificate, lists.answers, lists.guesses, mode, max_guesses=max_guesses)
        assert report.total == expected
        assert depth.status == "OPTIMAL" and depth.verified


def reference_values(shared, name):
    rows = {}
    for line in (shared / "reference" / name).read_text().splitlines():
        w, _, total = line.split()
        rows[w] = int(total)
    return rows


@pytest.fixture(scope="module")
def easy_0316(lists_0316):
    return NativeSearcher(lists_0316, "easy", 6)


def test_salet_7897(easy_0316, lists_0316):
    res = easy_0316.solve(start="salet")
    assert (res.status, res.value) == ("OPTIMAL", 7897)
    assert verify_tree(res.certificate, lists_0316.answers, lists_0316.guesses).total == 7897


@pytest.mark.parametrize("mode, total", [("easy", 7897), ("hard", 8099)])
def test_classes_on_two_threads_give_the_same_proof(lists_0316, mode, total):
    """class_threads: one node table per thread, each class's strategy read from its own."""
    one = NativeSearcher(lists_0316, mode, 6)
    res = one.solve(start="salet")
    two = NativeSearcher(lists_0316, mode, 6)
    told = []
    threaded = two.solve(start="salet", threads=2, progress=lambda n, info="", total=None: told.append(n))
    assert (threaded.status, threaded.value, threaded.stats.threads) == ("OPTIMAL", total, 2)
    assert verify_tree(threaded.certificate, lists_0316.answers, lists_0316.guesses, mode).total == total
    # every class told once, and the same nodes searched in all (the classes share none)
    assert sum(told) == len([p for p in res.certificate.branches if p != 242]) and threaded.stats.nodes == res.stats.nodes
    assert NativeSearcher(lists_0316, mode, 3).solve(start="salet", threads=2).status == "INFEASIBLE"


@pytest.mark.slow
def test_20_random_first_words_match_selby(shared, easy_0316):
    ref = reference_values(shared, "results_easy_nyt20220316")
    words = random.Random(2026).sample(sorted(ref), 20)
    for w in words:
        assert easy_0316.solve(start=w).value == ref[w], w


def test_random_good_first_words_match_selby(shared, easy_0316):
    """A quick CI sample from Selby's best 1000 first words (the slow test takes 20 from all)."""
    ref = reference_values(shared, "results_easy_nyt20220316")
    best = sorted(ref, key=ref.get)[:1000]
    for w in random.Random(11).sample(best, 2):
        assert easy_0316.solve(start=w).value == ref[w], w


def test_an_error_in_one_thread_stops_the_others(tmp_path):
    """class_threads: a thread that fails halts the queue (the error is raised at once, not after
    every other class has been searched), and the searcher still answers afterwards."""
    import time
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 400))
    lists = lists_from(tmp_path, words[::2], words)
    s = NativeSearcher(lists, "easy", 6)
    asked, child_list = [], s.child_list

    def failing_first(*args):
        asked.append(1)
        if len(asked) == 1:
            raise RuntimeError("a class failed")
        time.sleep(0.05)
        return child_list(*args)

    s.child_list = failing_first
    with pytest.raises(RuntimeError, match="a class failed"):
        s.solve(start=words[7], threads=2)
    assert len(asked) <= 2          # the other thread finished the class it had, and stopped
    s.child_list = child_list
    assert s.solve(start=words[7], threads=2).value == NativeSearcher(lists, "easy", 6).solve(start=words[7]).value


def test_a_ctrl_c_while_the_class_threads_start_leaves_no_thread_running(tmp_path, monkeypatch):
    """class_threads: a Ctrl-C that falls inside Thread.start, the thread launched but not yet
    named (no ident), is held until every thread has started, so the stop waits for all of them:
    none goes on searching on the table the stop empties."""
    import os
    import signal
    import threading
    import time
    import types

    from wordlelab.solvers.search.classes import class_threads
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 400))
    lists = lists_from(tmp_path, words[::2], words)
    s = NativeSearcher(lists, "easy", 6)
    sent = []

    class SlowToStart(threading.Thread):
        def _bootstrap(self):           # launched, and unnamed for half a second
            time.sleep(0.5)
            super()._bootstrap()

        def start(self):                # the Ctrl-C comes while the first start waits for its thread
            if not sent:
                sent.append(threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT)))
                sent[0].start()
            super().start()

    monkeypatch.setattr(class_threads, "threading", types.SimpleNamespace(Thread=SlowToStart, Lock=threading.Lock,
                                                                          Event=threading.Event))
    # (an xdist worker ignores SIGINT: Python's own handler, as in a terminal)
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            s.solve(start=words[7], threads=2)
        left = [t.name for t in threading.enumerate() if t.name.startswith("wordlelab-class-")]
    finally:
        signal.signal(signal.SIGINT, inherited)
    assert sent and left == [] and not s.cache.any()


def test_a_ctrl_c_while_waiting_for_the_class_threads_leaves_no_thread_running(tmp_path, monkeypatch):
    """class_threads: the Ctrl-C falls while the caller waits for a class thread that is still
    writing to the node table on its way out (a search the watcher poisoned, slow to return).
    The stop waits for it before the table is emptied. (CPython 3.11's Thread.join, interrupted
    in its lock wait, marks such a thread stopped: waiting by join, the table kept its writes.)"""
    import os
    import signal
    import threading
    import time
    import types

    from wordlelab.solvers.runtime.interrupt import POISON
    from wordlelab.solvers.search.classes import class_threads
    words = sorted(random.Random(31).sample(load_lists("nyt20220316").guesses, 400))
    lists = lists_from(tmp_path, words[::2], words)
    s = NativeSearcher(lists, "easy", 6)

    sent = []

    def slow_to_stop(H, L, d, beta, tables, beam, cache, stats):
        if not sent:                   # the Ctrl-C comes once the classes are being searched
            sent.append(threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)))
            sent[0].start()
        while stats[0] != POISON:      # searching until the watcher poisons its counter
            time.sleep(0.01)
        # then a last write: the first thread, the one the caller waits for first, is the slow one
        time.sleep(1.0 if threading.current_thread().name.endswith("-0") else 0.1)
        cache[len(cache) // 2] = 1
        return INF, 0

    monkeypatch.setattr(class_threads, "K", types.SimpleNamespace(solve=slow_to_stop))
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            s.solve(start=words[7], threads=2)
        left = [t.name for t in threading.enumerate() if t.name.startswith("wordlelab-class-")]
        time.sleep(1.2)                # (a thread left running would have written by now)
    finally:
        signal.signal(signal.SIGINT, inherited)
    assert sent and left == [] and not s.cache.any()


def test_original_lists_salet_7920():
    res = NativeSearcher(load_lists("original"), "easy", 6).solve(start="salet")
    assert (res.status, res.value) == ("OPTIMAL", 7920)


def test_hard_mode_salet_8099(lists_0316):
    s = NativeSearcher(lists_0316, "hard", 6)
    res = s.solve(start="salet")
    assert (res.status, res.value) == ("OPTIMAL", 8099)
    assert verify_tree(res.certificate, lists_0316.answers, lists_0316.guesses, "hard").total == 8099


def test_hard_mode_impossible_first_words(shared, lists_0316):
    ref = reference_values(shared, "results_hard_nyt20220316")
    impossible = sorted(w for w, v in ref.items() if v == 1000000000)
    s = NativeSearcher(lists_0316, "hard", 6)
    for w in random.Random(5).sample(impossible, 1):
        assert s.solve(start=w).status == "INFEASIBLE", w


@pytest.mark.slow
def test_hard_mode_weakest_possible_first_words(shared, lists_0316):
    """Beside the impossible ones: two of the 200 weakest first words that still make it (1-2 min each)."""
    ref = reference_values(shared, "results_hard_nyt20220316")
    weakest = sorted((w for w, v in ref.items() if v < 1000000000), key=lambda w: (ref[w], w))[-200:]
    s = NativeSearcher(lists_0316, "hard", 6)
    for w in random.Random(5).sample(weakest, 2):
        assert s.solve(start=w).value == ref[w], w


def test_depth_salet(lists_0316):
    easy = NativeSearcher(lists_0316, "easy", 6)
    assert prove_depth(easy, 4, start="salet").status == "INFEASIBLE"
    yes = prove_depth(easy, 5, start="salet")
    assert yes.status == "OPTIMAL" and yes.certificate_kind == "tree"
    assert verify_tree(yes.certificate, lists_0316.answers, lists_0316.guesses, max_guesses=5).max_guesses <= 5
    hard = NativeSearcher(lists_0316, "hard", 6)
    assert prove_depth(hard, 5, start="salet").status == "INFEASIBLE"
    assert prove_depth(hard, 6, start="salet").status == "OPTIMAL"


def test_node_limit_is_unknown(lists_0316):
    res = prove_depth(NativeSearcher(lists_0316, "easy", 6), 4, start="salet", node_limit=50)
    assert res.status == "UNKNOWN" and not res.proven and res.certificate is None


def test_state_root(default_lists):
    s = NativeSearcher(default_lists, "easy", 6)
    res = s.solve(state="salet.BBBYB")
    from wordlelab.models.state import parse_state
    st = parse_state("salet.BBBYB", default_lists)
    report = verify_tree(res.certificate, st.answers, default_lists.guesses, "easy", st.history, 6)
    assert report.total == res.value and res.status == "OPTIMAL"


def test_beam_is_an_upper_bound(lists_0316):
    res = NativeSearcher(lists_0316, "easy", 6, beam=2).solve(start="salet")
    assert res.status == "FEASIBLE" and res.heuristic and res.value >= 7897


def test_a_forced_last_guess_finds_only_its_own_answer():
    """With one guess left, a forced guess leaves no strategy unless it is the only answer left."""
    words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    from wordlelab.instances.wordlists import WordLists
    lists = WordLists("six", words, words)
    s = NativeSearcher(lists, "easy", 2)
    state = "humph.BBBBB"                              # leaves cigar, rebut, sissy, awake
    assert s.solve(start="sissy", state=state).status == "INFEASIBLE"
    assert NativeSearcher(lists, "easy", 1).solve(start="sissy").status == "INFEASIBLE"
    one = WordLists("one", words, ("sissy",))
    r = NativeSearcher(one, "easy", 1).solve(start="sissy")
    assert r.status == "OPTIMAL" and r.value == 1 and r.verified



def test_hard_repeat_needs_same_rule(lists_0316):
    """Guesses that split a node identically are repeats in hard mode only if they constrain alike.

    After SALET, ``amies`` and ``amity`` give each of the 22 answers of SALET's class of BEFIT the
    same pattern, but the hard rule then asks for an S in one case and a T in the other, for some
    class of two or more answers: easy mode skips the second, hard mode must try both
    (solvers/search/engine/hard_rules.py); strict mode never skips.
    """
    import numpy as np

    from wordlelab.solvers.search.engine.hard_rules import EASY, HARD, STRICT, remember_guess
    from wordlelab.solvers.search.engine.search_core import classes_of, class_hashes

    s = NativeSearcher(lists_0316, "hard", 6)
    col = s.MT[:, s.guess_index["salet"]]
    rows = np.flatnonzero(col == col[lists_0316.answers.index("befit")]).astype(np.int32)
    assert len(rows) == 22
    g1, g2 = s.guess_index["amies"], s.guess_index["amity"]
    hsh = class_hashes(s.MT, rows, np.array([g1, g2], np.int32), s.R)
    assert hsh[0] == hsh[1]
    _, _, sizes, pats = classes_of(s.MT, rows, g1)
    for mode, repeat in ((EASY, True), (HARD, False), (STRICT, False)):
        seen, seen_w = np.empty(4, np.uint64), np.empty((4, 5), s.letters.dtype)
        n_seen = remember_guess(seen, seen_w, 0, hsh[0], s.letters[g1], pats, sizes, mode)
        again = remember_guess(seen, seen_w, n_seen, hsh[1], s.letters[g2], pats, sizes, mode)
        assert (again == -1) == repeat, mode
    seen, seen_w = np.empty(4, np.uint64), np.empty((4, 5), s.letters.dtype)
    n_seen = remember_guess(seen, seen_w, 0, hsh[0], s.letters[g1], pats, sizes, HARD)
    assert remember_guess(seen, seen_w, n_seen, hsh[0], s.letters[g1], pats, sizes, HARD) == -1


def test_hard_rule_masks_match_constrain(lists_0316):
    """The hard rule as feature masks (hard_rules.rule_mask) keeps exactly what constrain keeps."""
    import numpy as np

    from wordlelab.solvers.search.engine.hard_rules import guess_features, keep_featured, rule_mask
    from wordlelab.solvers.search.engine.search_core import HARD, constrain

    s = NativeSearcher(lists_0316, "hard", 6)
    feat = guess_features(s.letters)
    rng = random.Random(5)
    L = np.arange(len(lists_0316.guesses), dtype=np.int32)
    words = ["salet", "eerie", "llama", "sissy", "geese", "crane"] + rng.sample(lists_0316.guesses, 20)
    for w in words:
        g = s.guess_index[w]
        answers = rng.sample(range(len(lists_0316.answers)), 15)
        for p in [int(s.MT[a, g]) for a in answers] + rng.sample(range(243), 15):
            mask, exact = rule_mask(s.letters[g], p)
            assert exact
            assert np.array_equal(keep_featured(L, L, feat, mask), constrain(L, g, p, HARD, s.letters, s.lcount))


@pytest.mark.slow
@pytest.mark.parametrize("guesses_file, total", [(None, 52896), ("wordlist_nyt20220215_all", 52777)])
def test_lants_with_every_word_an_answer(shared, guesses_file, total):
    """Selby's bighidden optimum for LANTS (part 2): 52896 on nyt20220316, 52777 on the 12947 words
    of 2022-02-15; 20 minutes each on one core, with a 2^27-node table."""
    if guesses_file is None:
        lists = load_lists("nyt20220316", answers="all")
    else:
        path = str(shared / "wordlists" / guesses_file)
        lists = load_lists(guesses_file=path, answers=path)
    res = NativeSearcher(lists, cache_entries=1 << 27).solve(start="lants")
    assert (res.status, res.value) == ("OPTIMAL", total)
    assert verify_tree(res.certificate, lists.answers, lists.guesses).total == total


@pytest.mark.slow
def test_thump_within_7_in_hard_mode_from_the_committed_runs(tmp_path):
    """Selby's THUMP optimum (part 2 of his article; issue 19, part 3): 58715 in hard mode within
    7 guesses, every word an answer.

    112 of THUMP's classes come from the run's class checkpoint (runs/thump7.json, which holds
    all 113: BBBBB is dropped from the copy here), the last, BBBBB, from the finished ranking of
    its second guesses (runs/thump-bbbbb.json); the best second guess's strategy is searched
    again (about a minute), and the whole tree, all 12972 answers, is checked by the verifier
    before the total is returned."""
    import json
    import shutil
    from pathlib import Path

    from wordlelab.solvers.runtime.checkpoint import save_checkpoint
    runs = Path(__file__).resolve().parent.parent / "runs"
    classes, ranking = tmp_path / "thump7.json", tmp_path / "thump-bbbbb.json"
    kept = json.loads((runs / "thump7.json").read_text())
    entries = {k: v for k, v in kept["entries"].items() if k != "BBBBB"}
    assert len(entries) == 112
    save_checkpoint(str(classes), kept["question"], entries)
    shutil.copy(runs / "thump-bbbbb.json", ranking)
    lists = load_lists("nyt20220316", answers="all")
    res = NativeSearcher(lists, "hard", 7, cache_entries=1 << 26).solve(
        start="thump", checkpoint=str(classes), class_rankings=(str(ranking),))
    # the committed files were written on another machine: the total rests on them (docs/trust.md)
    assert (res.claimed, res.value) == ("OPTIMAL", 58715) and res.stats.classes_from_rankings == ["BBBBB"]
    assert json.loads(classes.read_text())["entries"]["BBBBB"]["value"] == 19423
    report = verify_tree(res.certificate, lists.answers, lists.guesses, "hard", (), 7)
    assert report.total == 58715 and report.max_guesses <= 7


@pytest.mark.slow
def test_thump_within_7_in_hard_mode_on_the_12947_words(shared, tmp_path):
    """Selby's THUMP optimum on the 12947 words of 2022-02-15: 58506, from the committed class
    checkpoint (all 113 classes) and BBBBB's finished ranking, which must agree with it; the
    whole tree is checked by the verifier."""
    import shutil
    from pathlib import Path
    runs = Path(__file__).resolve().parent.parent / "runs"
    classes, ranking = tmp_path / "thump7-0215.json", tmp_path / "thump-bbbbb-0215.json"
    shutil.copy(runs / "thump7-0215.json", classes)
    shutil.copy(runs / "thump-bbbbb-0215.json", ranking)
    path = str(shared / "wordlists" / "wordlist_nyt20220215_all")
    lists = load_lists(guesses_file=path, answers=path)
    res = NativeSearcher(lists, "hard", 7, cache_entries=1 << 24).solve(
        start="thump", checkpoint=str(classes), class_rankings=(str(ranking),))
    # the committed files were written on another machine: the total rests on them (docs/trust.md)
    assert (res.claimed, res.value) == ("OPTIMAL", 58506) and res.stats.classes_from_rankings == ["BBBBB"]
    report = verify_tree(res.certificate, lists.answers, lists.guesses, "hard", (), 7)
    assert report.total == 58506 and report.max_guesses <= 7


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_first_word_value_under_a_cutoff(tmp_path, mode):
    """start_value asks the classes for shares of the gap to the cutoff, in rounds: below the
    cutoff it must still be the exact total, and at or above it a true lower bound."""
    base = load_lists("nyt20220830")
    rng = random.Random(5)
    answers = sorted(rng.sample(base.answers, 90))
    guesses = sorted(set(answers) | set(rng.sample(base.guesses, 400)))
    lists = lists_from(tmp_path, answers, guesses)
    for start in rng.sample(guesses, 6):
        exact = NativeSearcher(lists, mode, 6).solve(start=start).value
        for beta in (exact - 7, exact - 1, exact, exact + 1, exact + 9):
            ranker = NativeSearcher(lists, mode, 6)
            node = ranker.root()
            v = ranker.start_value(node, ranker.guess_index[start], beta)
            if exact < beta:
                assert v == exact, (start, beta)
            else:
                assert beta <= v <= exact, (start, beta, v)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_counter_poisoned_mid_node_ends_the_guess_loop_at_once(mode):
    """A Ctrl-C poisons the node counter (solvers/runtime/interrupt.py). Each search below returns at
    once, but the node in hand went on trying its guesses, each at the cost of its classes and
    endgame bound: a stop took minutes at a root of thousands of answers (a best-start run on
    UPBOW, 2026-12-02). Poisoned while its first class is searched, a node now returns too: the
    solve calls made after the poison (the counter's rise past it) are those of the nodes then
    open, not one per guess left."""
    import numpy as np

    from wordlelab.instances.wordlists import WordLists
    from wordlelab.solvers.search.engine.tables import POISON, Stat
    words = sorted(random.Random(8).sample(load_lists("nyt20220316").guesses, 300))
    searcher = NativeSearcher(WordLists("random-300", words, words), mode, 6)
    H = np.arange(len(words), dtype=np.int32)
    L = np.arange(len(words), dtype=np.int32)
    searcher.stats[Stat.NODES] = POISON - 2     # the root's count passes; its first child's poisons
    value, _ = searcher.min_sum(H, L, 6, NO_STRATEGY)
    assert value >= NO_STRATEGY
    assert searcher.stats[Stat.NODES] - POISON <= 6, "the root went on through its guesses after the poison"
    searcher.cache.fill(0)      # made-up values, as NativeSearcher._stoppable throws them away
