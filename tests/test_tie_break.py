"""--tie-break worst against a brute force over every strategy's histogram on tiny instances."""
import functools

import pytest

from test_native_search import lists_from, tiny_instance
from wordlelab.models.feedback import feedback, pattern_string
from wordlelab.models.modes import guess_allowed
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.tie_break import solve_tie_break
from wordlelab.solvers.search.engine.tie_core import decode, encoding


def all_histograms(answers, guesses, mode, d, first, history=()):
    """Every histogram (answers found at guess 1..d, counted from here) of a strategy whose first
    guess is ``first`` (any allowed guess if None), by plain enumeration of every guess at every node.

    Guesses that learn nothing are left out: they add one guess for every answer, so no such
    strategy has the least total.
    """
    @functools.lru_cache(maxsize=None)
    def node(H, allowed, d):
        if d == 0:
            return frozenset()
        out = set()
        for g in allowed:
            out |= after(H, allowed, d, g)
        return frozenset(out)

    def after(H, allowed, d, g):
        parts = {}
        for a in H:
            parts.setdefault(feedback(g, a), []).append(a)
        if len(parts) == 1 and g not in H:
            return frozenset()
        acc = {(int(g in H),) + (0,) * (d - 1)}
        for p, group in parts.items():
            if p == 242:
                continue
            sub = tuple(w for w in allowed if guess_allowed(mode, [(g, p)], w))
            child = node(tuple(group), sub, d - 1)
            acc = {(a[0],) + tuple(a[i] + c[i - 1] for i in range(1, d)) for a in acc for c in child}
        return frozenset(acc)

    allowed = tuple(g for g in guesses if guess_allowed(mode, list(history), g))
    if first is None:
        return node(tuple(answers), allowed, d)
    return after(tuple(answers), allowed, d, first)


def objective(h, played=0):
    """(total, n_M, ..., n_3) of a histogram counted from a state after ``played`` guesses."""
    total = sum((i + 1) * c for i, c in enumerate(h))
    by_game = {i + 1 + played: c for i, c in enumerate(h)}
    return (total,) + tuple(by_game.get(G, 0) for G in range(len(h) + played, 2, -1))


def as_tuple(histogram, d):
    return tuple(int(histogram.get(str(i + 1), 0)) for i in range(d))


def check(res, lists, mode, d, expected, played=0):
    """res is the lexicographic optimum among ``expected`` (all histograms), verified and consistent."""
    if not expected:
        assert res.status == "INFEASIBLE"
        return None
    best = min(expected, key=lambda h: objective(h, played))
    assert res.status == "OPTIMAL" and res.verified
    got = as_tuple(res.stats.histogram, d)
    assert objective(got, played) == objective(best, played)
    assert res.value == res.bound == min(objective(h, played)[0] for h in expected)
    tie = res.stats.tie_break
    assert tie.objective == list(objective(got, played))
    assert tie.tail == {str(G): n for G, n in zip(range(d + played, 2, -1), objective(got, played)[1:])}
    plain = as_tuple(tie.plain_histogram, d)
    assert plain in expected and objective(plain, played)[0] == res.value
    return plain, got


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("mode", ["easy", "hard", "strict"])
def test_lexicographic_optimum_matches_brute_force(tmp_path, seed, mode):
    answers, guesses = tiny_instance(seed, 16, 22)
    lists = lists_from(tmp_path, answers, guesses)
    start = guesses[seed % len(guesses)]
    for max_guesses in (3, 4, 6):
        expected = all_histograms(answers, guesses, mode, max_guesses, start)
        res = solve_tie_break(NativeSearcher(lists, mode, max_guesses), start=start)
        if check(res, lists, mode, max_guesses, expected) is not None:
            report = verify_tree(res.certificate, lists.answers, lists.guesses, mode, max_guesses=max_guesses)
            assert as_tuple({str(k): v for k, v in report.histogram.items()}, max_guesses) == \
                as_tuple(res.stats.histogram, max_guesses)


def test_the_tie_break_changes_some_plain_optima(tmp_path):
    """On these instances the plain search's tree is not always the tie-broken one, so the
    brute-force comparison above can tell the two objectives apart."""
    better = 0
    for seed in range(10):
        answers, guesses = tiny_instance(seed, 16, 22)
        (tmp_path / str(seed)).mkdir()
        lists = lists_from(tmp_path / str(seed), answers, guesses)
        res = solve_tie_break(NativeSearcher(lists, "easy", 6), start=guesses[seed % len(guesses)])
        plain = as_tuple(res.stats.tie_break.plain_histogram, 6)
        got = as_tuple(res.stats.histogram, 6)
        assert objective(got) <= objective(plain)
        better += objective(got) < objective(plain)
    assert better >= 2


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_best_first_guess_matches_brute_force(tmp_path, seed, mode):
    answers, guesses = tiny_instance(seed, 10, 14)
    lists = lists_from(tmp_path, answers, guesses)
    expected = all_histograms(answers, guesses, mode, 4, None)
    res = solve_tie_break(NativeSearcher(lists, mode, 4))
    check(res, lists, mode, 4, expected)
    assert not res.stats.first_guess_given


@pytest.mark.parametrize("seed", range(4))
def test_from_a_state_the_tail_counts_the_game_s_guesses(tmp_path, seed):
    answers, guesses = tiny_instance(seed, 16, 22)
    lists = lists_from(tmp_path, answers, guesses)
    target = answers[seed]

    def left_by(g):
        return [a for a in answers if feedback(g, a) == feedback(g, target)]
    # the first guess that leaves the most answers but splits some off: a state with something to solve
    first = max((g for g in guesses if len(left_by(g)) < len(answers)), key=lambda g: (len(left_by(g)), g))
    pattern, left = feedback(first, target), left_by(first)
    assert len(left) >= 3
    state = f"{first}.{pattern_string(pattern)}"
    expected = all_histograms(left, guesses, "hard", 5, None, history=[(first, pattern)])
    res = solve_tie_break(NativeSearcher(lists, "hard", 6), state=state)
    check(res, lists, "hard", 5, expected, played=1)
    assert set(res.stats.tie_break.tail) == {"6", "5", "4", "3"}


def test_encoding_is_an_order_embedding():
    """Encoded values compare as their vectors (total, n_M, ..., n_3) do, and decode back."""
    import itertools
    enc = encoding(6, 5)
    S, w = int(enc[0]), [int(x) for x in enc[2:]]
    vectors = []
    for hist in itertools.product(range(3), repeat=5):
        if sum(hist) <= 6:
            total = sum((g + 1) * c for g, c in enumerate(hist))
            value = sum(c * ((g + 1) * S + w[g + 1]) for g, c in enumerate(hist))
            vectors.append(((total,) + tuple(hist[G - 1] for G in (5, 4, 3)), value))
            assert decode(value, enc) == (total, {G: hist[G - 1] for G in (5, 4, 3)})
    by_vector = sorted(vectors)
    assert [v for _, v in by_vector] == sorted(v for _, v in vectors)


def test_salet_fewer_fives(lists_0316):
    """The README's figures: SALET's least total 7897 with 39 answers at guess 5 (the plain tree: more)."""
    res = solve_tie_break(NativeSearcher(lists_0316, "easy", 6), start="salet")
    assert (res.status, res.value, res.verified) == ("OPTIMAL", 7897, True)
    report = verify_tree(res.certificate, lists_0316.answers, lists_0316.guesses, max_guesses=6)
    assert report.total == 7897 and report.histogram.get(5, 0) == res.stats.tie_break.tail["5"] == 39
    assert res.stats.tie_break.plain_tail["5"] > 39


@pytest.mark.slow
def test_salet_hard_fewer_sixes(lists_0316):
    """The README's hard-mode row: SALET's least total 8099 with 12 answers at guess 6, 130 at 5."""
    res = solve_tie_break(NativeSearcher(lists_0316, "hard", 6), start="salet")
    assert (res.status, res.value, res.verified) == ("OPTIMAL", 8099, True)
    report = verify_tree(res.certificate, lists_0316.answers, lists_0316.guesses, max_guesses=6, mode="hard")
    assert report.total == 8099 and report.histogram.get(6, 0) == 12 and report.histogram.get(5, 0) == 130
    assert res.stats.tie_break.plain_tail["6"] > 12


def test_cli_shows_both_histograms(tmp_path, cli_run):
    import json
    answers, guesses = tiny_instance(5, 12, 16)
    (tmp_path / "g.txt").write_text("\n".join(guesses))
    (tmp_path / "a.txt").write_text("\n".join(answers))
    args = ["solve", "--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt"),
            "--start", guesses[5], "--tie-break", "worst"]
    r = cli_run(args)
    assert "plain optimum" in r.out and "tie-broken" in r.out and "OPTIMAL" in r.out
    d = json.loads(cli_run(args + ["--json"]).out)
    assert d["status"] == "OPTIMAL" and d["verified"] and d["question"]["tie_break"] == "worst"
    assert d["stats"]["tie_break"]["objective"][0] == d["value"]


@pytest.mark.parametrize("extra", [["--beam", "3"], ["--answers", "all"], ["--tie-break", "best"]])
def test_cli_refuses_what_it_cannot_prove(extra, cli_run):
    r = cli_run(["solve", "--start", "salet", "--lists", "nyt20220316", "--tie-break", "worst", *extra],
                expect_error=True)
    lines = [line for line in r.err.splitlines() if line.strip()]
    assert r.code == 2 and len(lines) == 1 and lines[0].startswith("error:")
