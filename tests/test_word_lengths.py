"""Wordle with words of 3 and 4 letters on the engine: the matrix builder against the rule, the
searcher and the first-word ranking against brute force on tiny lists, the checkers with the
game's own replies, and the one-line errors for files the game cannot take."""
import functools
import json
import subprocess
import sys

import numpy as np
import pytest

from wordlelab import best_start
from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import eldrow_lists, load_lists
from wordlelab.models.feedback import feedback
from wordlelab.models.games import WIN, WordleLength, game_named
from wordlelab.models.refutation import CheckOptions, CoreFault, check_core
from wordlelab.models.tree import Tree, load_tree
from wordlelab.models.verify import TreeFault, verify_tree
from wordlelab.solvers.search.native import NativeSearcher

INF = float("inf")

# repeated letters in both lists, so that the duplicate-letter rule decides many replies
WORDS = {3: ("eel lee led eye dye yes see sly ewe lye del ode doe", "eel lee led eye dye see ewe doe"),
         4: ("boot obey toes beat seat meat teem mote tome stem bees ebbs toot", "boot obey toes seat meat teem tome ebbs")}


def _lists(tmp_path, length):
    guesses, answers = WORDS[length]
    g, a = tmp_path / f"g{length}.txt", tmp_path / f"a{length}.txt"
    g.write_text("\n".join(guesses.split()) + "\n")
    a.write_text("\n".join(answers.split()) + "\n")
    return load_lists(guesses_file=str(g), answers=str(a))


def brute_force(guesses, answers, d, first=None):
    """The least total over ``answers`` within ``d`` guesses (after ``first``, if given), by plain
    exhaustive search with the pure-Python rule."""
    win = 3 ** len(answers[0]) - 1

    @functools.lru_cache(maxsize=None)
    def best(H, d, only=None):
        if d == 0:
            return INF
        out = INF
        for g in (only,) if only else guesses:
            parts = {}
            for a in H:
                parts.setdefault(feedback(g, a), []).append(a)
            if len(parts) == 1 and g not in H:
                continue            # learns nothing
            out = min(out, len(H) + sum(best(tuple(p), d - 1) for r, p in parts.items() if r != win))
        return out
    return best(tuple(answers), d, first)


@pytest.mark.parametrize("length", [3, 4])
def test_the_matrix_is_the_rule(length):
    rng = np.random.default_rng(length)
    words = ["".join(rng.choice(list("aabbce"), length)) for _ in range(200)]
    game = WordleLength(length)
    m = game.matrix(words, words)
    for i, g in enumerate(words):
        for j, a in enumerate(words):
            code = feedback(g, a)
            assert int(m[i, j]) == game.reply(g, a) == (WIN if code == 3 ** length - 1 else code)
            assert (int(m[i, j]) == WIN) == (g == a)
    assert game.reply_string(game.reply("boot", "obey")) == "YYBB" if length == 4 else True


@pytest.mark.parametrize("length", [3, 4])
def test_the_searcher_equals_brute_force(tmp_path, length):
    lists = _lists(tmp_path, length)
    assert lists.game == WordleLength(length) and lists.name.startswith(f"wordle{length}:")
    for d in range(1, 6):
        want = brute_force(lists.guesses, lists.answers, d)
        res = NativeSearcher(lists, max_guesses=d).solve()
        assert (res.value if res.value is not None else INF) == want, d
        if want < INF:
            report = verify_tree(res.certificate, lists.answers, lists.guesses, max_guesses=d, rule=lists.game.name)
            assert report.total == want and res.verified
        start = lists.answers[1]
        want = brute_force(lists.guesses, lists.answers, d, first=start)
        res = NativeSearcher(lists, max_guesses=d).solve(start=start)
        assert (res.value if res.value is not None else INF) == want, (d, start)


@pytest.mark.parametrize("length", [3, 4])
def test_best_start_equals_brute_force(tmp_path, length):
    lists = _lists(tmp_path, length)
    want = {g: brute_force(lists.guesses, lists.answers, 4, first=g) for g in lists.guesses}
    res = best_start(lists, max_guesses=4, top=2)
    assert res.status.value == "OPTIMAL" and res.value == min(want.values())
    rows = res.stats.ranking
    assert sorted(r["word"] for r in rows) == sorted(lists.guesses)
    assert rows[0]["exact"] and rows[0]["total"] == res.value
    for r in rows:
        if r["exact"]:
            assert r["total"] == want[r["word"]], r
        else:
            assert res.value <= r["total"] <= want[r["word"]], r


def test_the_checkers_read_the_game(tmp_path):
    lists = _lists(tmp_path, 4)
    tree = NativeSearcher(lists).solve(start="toot").certificate
    assert verify_tree(tree, lists.answers, lists.guesses, rule="wordle4").n_answers == 8
    # swap two branches of the first guess: each now holds answers that give the other reply
    a, b = sorted(p for p, s in tree.branches.items() if s is not None)[:2]
    tree.branches[a], tree.branches[b] = tree.branches[b], tree.branches[a]
    with pytest.raises(TreeFault):
        verify_tree(tree, lists.answers, lists.guesses, rule="wordle4")
    # 81 would be the code of a fifth letter; the win is written 242, never 80
    for bad in (81, 80):
        with pytest.raises(TreeFault, match="no reply"):
            verify_tree(Tree("boot", {bad: None}), lists.answers, lists.guesses, rule="wordle4")
    # answers that "toot" tells apart are found within 2 when it comes first: no core of 2
    apart = list({feedback("toot", w): w for w in lists.answers}.values())
    assert len(apart) >= 4
    with pytest.raises(CoreFault):
        check_core(apart, 2, lists.guesses, options=CheckOptions(mode="easy", rule="wordle4"))
    assert check_core(apart, 1, lists.guesses, options=CheckOptions(mode="easy", rule="wordle4")) >= 0


def test_the_game_comes_from_the_lists_name():
    assert game_named("wordle3:mywordle") == WordleLength(3)
    assert game_named("wordle4:g.txt+a.txt").reply_string(WIN) == "GGGG"
    assert game_named("wordle5:mywordle") == game_named("nyt20220830")
    for name, message in (("wordle6:x", "729 replies"), ("wordle8:x", "3 to 7")):
        with pytest.raises(WordleError, match=message):
            game_named(name)


def test_a_five_letter_file_named_like_a_game_stays_wordle(tmp_path):
    g = tmp_path / "wordle4:g.txt"
    g.write_text("salet\ncrane\n")
    lists = load_lists(guesses_file=str(g), answers="all")
    assert game_named(lists.name) is lists.game and lists.game.name == "wordle"


def _run(*args, cwd):
    return subprocess.run([sys.executable, "-m", "wordlelab", *args], capture_output=True, text=True, cwd=cwd)


def test_the_command_line(tmp_path):
    _lists(tmp_path, 4)
    files = ["--guesses", "g4.txt", "--answers", "a4.txt"]
    r = _run("solve", *files, "--start", "toot", "--tree", "t.json", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["verified"] and out["question"]["lists"] == "wordle4:g4.txt+a4.txt"
    assert out["certificate"]["guess"] == "toot" and {len(p) for p in out["certificate"]["branches"]} == {4}
    assert out["certificate"]["branches"]["BBBB"] == {"guess": "ebbs", "branches": {"GGGG": None}}
    assert load_tree(str(tmp_path / "t.json"), WordleLength(4)).guess == "toot"
    r = _run("verify", "t.json", *files, cwd=tmp_path)
    assert r.returncode == 0 and "valid easy-mode tree for 8 answers" in r.stdout, r.stdout + r.stderr
    r = _run("solve", *files, "--mode", "hard", cwd=tmp_path)
    assert r.returncode == 2 and "easy mode only" in r.stdout + r.stderr


@pytest.mark.parametrize("content,message", [
    ("boot\nobeys\n", "line 2: 'obeys' has 5 letters, but line 1's 'boot' has 4"),
    ("bo1t\n", "'bo1t' is not a word of 3 to 7 ASCII letters"),
    ("ab\n", "'ab' is not a word of 3 to 7"),
    ("abcdefgh\n", "'abcdefgh' is not a word of 3 to 7"),
    ("abcdef\nghijkl\n", "729 replies"),
    ("abcdefg\n", "2187 replies"),
])
def test_files_the_game_cannot_take(tmp_path, content, message):
    (tmp_path / "g.txt").write_text(content)
    r = _run("solve", "--guesses", "g.txt", "--answers", "all", cwd=tmp_path)
    err = r.stdout + r.stderr
    assert r.returncode == 2 and message in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err


def test_answers_of_another_length(tmp_path):
    _lists(tmp_path, 4)
    (tmp_path / "a5.txt").write_text("salet\n")
    with pytest.raises(WordleError, match="the answers have 5 letters and the guesses 4"):
        load_lists(guesses_file=str(tmp_path / "g4.txt"), answers=str(tmp_path / "a5.txt"))
    with pytest.raises(WordleError, match="Eldrow takes words of 5 letters"):
        eldrow_lists(words_file=str(tmp_path / "g4.txt"))
