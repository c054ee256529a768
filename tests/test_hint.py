"""hint: the best next guesses from a state, each value equal to brute force and verified."""
import json
import os
import subprocess
import sys

import pytest

from test_native_search import INF, brute_force, tiny_instance
from wordlelab.instances.wordlists import WordLists
from wordlelab.models.feedback import feedback, pattern_string
from wordlelab.models.modes import guess_allowed
from wordlelab.models.tree import to_json
from wordlelab.solvers.search.rank import kept_hints
from wordlelab.solvers.search.rank.hint import game_state, hint, hints_per_pattern
from wordlelab.solvers.search.native import NativeSearcher


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_values_match_brute_force(seed, mode):
    answers, guesses = tiny_instance(200 + seed, n_answers=9, n_guesses=14)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    first, secret = guesses[0], answers[-1]
    history = [(first, feedback(first, secret))]
    state = f"{first}.{pattern_string(history[0][1])}"
    left = [a for a in answers if feedback(first, a) == history[0][1]]
    allowed = [g for g in guesses if guess_allowed(mode, history, g)]
    exact = {g: brute_force(left, allowed, mode, 5, g) for g in allowed}
    best = min(exact.values())
    r = hint(lists, state, mode, top=3, keep=False)
    assert r.stats.answers_left == left
    if best >= INF:
        assert r.status == "INFEASIBLE"
        return
    rows = r.stats.guesses
    assert r.status == "OPTIMAL" and r.verified and r.value == rows[0]["total"] == best
    for row in rows:
        assert exact[row["guess"]] == row["total"]
        assert row["tie"] == (row["total"] == best)
    # nothing better was left out: every unreported guess needs at least the last reported total
    shown = {x["guess"] for x in rows}
    assert all(v >= rows[-1]["total"] for g, v in exact.items() if g not in shown)


def test_cli_names_ties(cli_run, lists_0316):
    r = cli_run(["hint", "salet.BBBYB.drone.YBBBG", "--lists", "nyt20220316", "--top", "2", "--json"])
    data = json.loads(r.out)
    assert data["status"] == "OPTIMAL" and data["verified"] and data["value"] == 17
    assert [g["tie"] for g in data["stats"]["guesses"]] == [True, True]
    text = cli_run(["hint", "salet.BBBYB.drone.YBBBG", "--lists", "nyt20220316", "--top", "2"]).out
    assert "tie for best" in text and "budge" in text
    bad = cli_run(["hint", "salet.GGGGB.drone", "--lists", "nyt20220316"], expect_error=True)
    assert bad.code == 2 and bad.err.startswith("error:")


def _tiny_lists(seed):
    answers, guesses = tiny_instance(seed, n_answers=9, n_guesses=14)
    return WordLists(f"tiny{seed}", tuple(guesses), tuple(answers))


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_first_guess_hint_matches_brute_force(mode, tmp_path, monkeypatch):
    """The empty state: the best first guesses, from the kept ranking of every first guess."""
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path))
    lists = _tiny_lists(310)
    exact = {g: brute_force(list(lists.answers), list(lists.guesses), mode, 6, g) for g in lists.guesses}
    r = hint(lists, "", mode, top=4)
    rows = r.stats.guesses
    assert r.status == "OPTIMAL" and r.verified and r.value == min(exact.values())
    assert [x["total"] for x in rows] == sorted(exact.values())[:4]
    assert all(exact[x["guess"]] == x["total"] for x in rows)
    assert r.stats.answers_left == list(lists.answers) and not r.stats.kept["read"]
    again = hint(lists, "", mode, top=2)
    assert again.stats.kept["read"] and again.stats.guesses == rows[:2]


def test_kept_hint_is_read_back_only_when_it_checks(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path))
    lists = _tiny_lists(201)
    first, secret = lists.guesses[0], lists.answers[-1]
    state = f"{first}.{pattern_string(feedback(first, secret))}"
    fresh = hint(lists, state, top=3)
    path = fresh.stats.kept["file"]
    assert not fresh.stats.kept["read"] and os.path.exists(path)
    read = hint(lists, state, top=2)
    assert read.stats.kept["read"] and read.stats.guesses == fresh.stats.guesses[:2]
    assert to_json(read.certificate) == to_json(fresh.certificate)
    # more guesses than were kept: searched again
    assert not hint(lists, state, top=5).stats.kept["read"]
    game = game_state(lists, state, "easy")
    assert kept_hints.recall(lists, "easy", 6, game, 5) is not None
    # a total that its tree does not make, or a tree for other answers: not read, searched again
    data = json.loads(open(kept_hints.kept_file(lists, "easy", 6, game)).read())
    data["rows"][0]["total"] -= 1
    open(path, "w").write(json.dumps(data))
    assert kept_hints.recall(lists, "easy", 6, game, 1) is None
    again = hint(lists, state, top=1)
    assert not again.stats.kept["read"] and again.value == fresh.value
    data = json.loads(open(path).read())
    data["answers_left"] = data["answers_left"][1:]
    open(path, "w").write(json.dumps(data))
    assert kept_hints.recall(lists, "easy", 6, game, 1) is None
    # the same state text in another mode, or for other lists, is another question: another file
    other = WordLists("tiny201", lists.guesses, lists.answers[:-1])
    assert kept_hints.kept_file(lists, "hard", 6, game) != kept_hints.kept_file(lists, "easy", 6, game)
    assert kept_hints.kept_file(other, "easy", 6, game) != kept_hints.kept_file(lists, "easy", 6, game)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_hints_per_pattern_sum_to_the_forced_guess(mode, tmp_path, monkeypatch):
    """Every pattern of a guess: one guess per answer plus each pattern's best total is the forced-guess optimum."""
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path))
    lists = _tiny_lists(202)
    guess = lists.guesses[1]
    r = hints_per_pattern(lists, guess, mode)
    forced = NativeSearcher(lists, mode).solve(start=guess)
    assert r.status == forced.status
    if r.status == "OPTIMAL":
        assert r.value == forced.value == brute_force(list(lists.answers), list(lists.guesses), mode, 6, guess)
    rows = {row["score"]: row for row in r.stats.scores}
    assert sum(row["answers"] for row in rows.values()) == len(lists.answers)
    assert set(rows) == {pattern_string(feedback(guess, a)) for a in lists.answers}
    for pattern, row in rows.items():
        if pattern != "GGGGG" and row["total"] is not None:
            kept = hint(lists, f"{guess}.{pattern}", mode, top=1)
            assert kept.stats.kept["read"] and kept.value == row["total"]


def test_a_kept_hint_needs_no_compiled_code(tmp_path):
    """Asked again, a hint is read and re-verified in plain Python: numba is never imported."""
    code = ("import sys, wordlelab.cli as c\n"
            "try:\n    c.main(['hint', 'salet.BBBYB.drone.YBBBG', '--lists', 'nyt20220316'])\n"
            "except SystemExit:\n    pass\n"
            "print('numba loaded' if 'numba' in sys.modules else 'no numba', file=sys.stderr)")
    env = {**os.environ, "WORDLELAB_CACHE": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True) for _ in range(2)]
    assert [r.stderr.strip().splitlines()[-1] for r in runs] == ["numba loaded", "no numba"]
    assert "read from the cache" in runs[1].stdout and "bijou" in runs[1].stdout


def test_cli_every_score(cli_run):
    # a small state: 163 answers (HUMPH.BBBBB's 1,118 took 12 s of the suite)
    text = cli_run(["hint", "salet.BBBYB.sissy", "--lists", "nyt20220316"]).out
    assert "total with sissy played" in text


# drone.BBYYG on nyt20220830 in small: the four answers left and three non-answers that sort before
# them, all of equal total
TIE_ANSWERS = ("canoe", "noble", "noise", "ounce", "drone", "irony", "hedge", "onion")
TIE_GUESSES = tuple(sorted(set(TIE_ANSWERS) | {"aalii", "abaca", "abaci", "oxide", "salet"}))


@pytest.mark.parametrize("top", [1, 3, 6])
def test_ties_list_the_possible_answers_first(top):
    lists = WordLists("ties", TIE_GUESSES, TIE_ANSWERS)
    left = ["canoe", "noble", "noise", "ounce"]
    history = [("drone", feedback("drone", "noise"))]
    exact = {g: brute_force(left, list(TIE_GUESSES), "easy", 5, g) for g in TIE_GUESSES}
    best = min(exact.values())
    # the case the rule is for: a non-answer ties with the answers and comes first alphabetically
    assert exact["aalii"] == exact["noise"] == best
    r = hint(lists, "drone.BBYYG", "easy", top=top, keep=False)
    assert r.stats.answers_left == left and history[0][1] == game_state(lists, "drone.BBYYG", "easy").history[0][1]
    want = sorted((v, g not in left, g) for g, v in exact.items() if v < INF)[:top]
    assert [(x["total"], not x["possible_answer"], x["guess"]) for x in r.stats.guesses] == want
    assert r.stats.guesses[0]["guess"] == "canoe"


@pytest.mark.parametrize("state, mode, first", [("drone.BBYYG", "easy", ["canoe", "noble", "noise"]),
                                                ("crane.BYBBB", "hard", ["short", "horst"])])
def test_default_lists_ties_put_answers_first(cli_run, state, mode, first):
    data = json.loads(cli_run(["hint", state, "--mode", mode, "--json"]).out)
    rows = data["stats"]["guesses"]
    assert [g["guess"] for g in rows[:len(first)]] == first
    assert all(g["tie"] for g in rows[:len(first)])
