"""Mastermind on Wordle's engine: the reply rule against its definition, the searcher against brute
force on small games, and Knuth's and Koyama and Lai's figures for 4 pegs and 6 colours."""
import functools
import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

from wordlelab.instances.wordlists import load_lists
from wordlelab.models.games import WIN, Mastermind
from wordlelab.models.refutation import CheckOptions, CoreFault, check_core, game_rule
from wordlelab.models.tree import Tree, load_tree
from wordlelab.models.verify import TreeFault, mastermind_reply, verify_tree
from wordlelab.solvers.search.depth.depth_proof import prove_depth
from wordlelab.solvers.search.native import NativeSearcher

INF = float("inf")


def defined_reply(guess, code):
    """(black, white) by the definition: black, the places that agree; black + white, the most
    places of the guess that can be paired one to one with places of the code of the same colour."""
    black = sum(g == c for g, c in zip(guess, code))
    paired = max(sum(g == code[j] for g, j in zip(guess, perm))
                 for perm in itertools.permutations(range(len(code))))
    return black, paired - black


def as_pegs(black, white, pegs):
    return "B" * black + "W" * white + "-" * (pegs - black - white)


@pytest.mark.parametrize("pegs,colours", [(3, 4), (4, 3)])
def test_every_reply_is_the_definition(pegs, colours):
    game = Mastermind(pegs, colours)
    codes = game.codes()
    m = game.matrix(codes, codes)
    for i, g in enumerate(codes):
        for j, a in enumerate(codes):
            want = as_pegs(*defined_reply(g, a), pegs)
            assert game.reply_string(int(m[i, j])) == want == mastermind_reply(g, a)
            assert int(m[i, j]) == game.reply(g, a)
            assert (int(m[i, j]) == WIN) == (g == a)


def test_the_replies_of_four_pegs():
    game = Mastermind(4, 6)
    codes = game.codes()
    m = game.matrix(codes, codes)
    assert len(codes) == 1296 and game.n_replies == 14 and len(np.unique(m)) == 14
    rng = np.random.default_rng(1)
    for i, j in rng.integers(0, 1296, (300, 2)):
        assert game.reply_string(int(m[i, j])) == as_pegs(*defined_reply(codes[i], codes[j]), 4)
    reply, write = game_rule("mastermind:4x6")
    assert {write(reply(codes[0], a)) for a in codes} == {game.reply_string(int(p)) for p in m[0]}


def brute_force(codes, game, d):
    """The least total over every code within ``d`` guesses, by plain exhaustive search."""
    reply = {(g, a): game.reply(g, a) for g in codes for a in codes}

    @functools.lru_cache(maxsize=None)
    def best(H, d):
        if d == 0:
            return INF
        if len(H) == 1:
            return 1
        out = INF
        for g in codes:
            parts = {}
            for a in H:
                parts.setdefault(reply[g, a], []).append(a)
            if len(parts) == 1 and g not in H:
                continue            # learns nothing
            out = min(out, len(H) + sum(best(tuple(p), d - 1) for r, p in parts.items() if r != WIN))
        return out
    return best(tuple(codes), d)


@pytest.mark.parametrize("name", ["mastermind:3x3", "mastermind:2x4"])
def test_the_searcher_equals_brute_force(name):
    lists = load_lists(name)
    codes = lists.answers
    want = {d: brute_force(codes, lists.game, d) for d in range(1, 8)}
    least_depth = min(d for d, v in want.items() if v < INF)
    for d in range(1, 8):
        searcher = NativeSearcher(lists, max_guesses=d)
        res = searcher.solve()
        assert (res.value if res.value is not None else INF) == want[d], d
        if want[d] < INF:
            report = verify_tree(res.certificate, codes, codes, max_guesses=d, rule=name)
            assert report.total == want[d]
    assert prove_depth(NativeSearcher(lists), least_depth).status == "OPTIMAL"
    no = prove_depth(NativeSearcher(lists), least_depth - 1)
    assert no.status == "INFEASIBLE"


def test_the_checker_refuses_a_wrong_reply():
    lists = load_lists("mastermind:3x3")
    tree = NativeSearcher(lists).solve(start="112").certificate
    report = verify_tree(tree, lists.answers, lists.guesses, rule="mastermind:3x3")
    assert report.n_answers == 27
    # swap two branches of the first guess: each now holds codes that give the other reply
    a, b = sorted(p for p, s in tree.branches.items() if s is not None)[:2]
    tree.branches[a], tree.branches[b] = tree.branches[b], tree.branches[a]
    with pytest.raises(TreeFault):
        verify_tree(tree, lists.answers, lists.guesses, rule="mastermind:3x3")
    with pytest.raises(TreeFault, match="no reply"):
        verify_tree(Tree("111", {200: None}), lists.answers, lists.guesses, rule="mastermind:3x3")


def test_the_core_checker_plays_mastermind():
    codes = load_lists("mastermind:3x3").answers
    # codes that 123 gives different replies are found within 2 (123 first): no core
    apart = list({mastermind_reply("123", a): a for a in codes}.values())
    assert len(apart) >= 5
    with pytest.raises(CoreFault):
        check_core(apart, 2, codes, options=CheckOptions(mode="easy", rule="mastermind:3x3"))
    # ... and not within 1
    assert check_core(apart, 1, codes, options=CheckOptions(mode="easy", rule="mastermind:3x3")) >= 0


def test_knuth_five_and_not_four():
    lists = load_lists("mastermind:4x6")
    yes = prove_depth(NativeSearcher(lists), 5, start="1123")
    assert yes.status == "OPTIMAL" and yes.verified and yes.value == 5
    no = prove_depth(NativeSearcher(lists), 4, start="1123")
    assert no.status == "INFEASIBLE" and no.verified and no.certificate_kind == "core"


@pytest.mark.parametrize("limit,total", [(6, 5625), (5, 5626)])
def test_koyama_and_lai(limit, total):
    lists = load_lists("mastermind:4x6")
    res = NativeSearcher(lists, max_guesses=limit).solve(start="1123")
    assert res.status == "OPTIMAL" and res.verified and res.value == total
    assert verify_tree(res.certificate, lists.answers, lists.guesses, rule=lists.game.name).max_guesses == limit


def _run(*args, cwd):
    return subprocess.run([sys.executable, "-m", "wordlelab", *args], capture_output=True, text=True, cwd=cwd)


def test_the_command_line_names_the_game(tmp_path):
    r = _run("solve", "--lists", "mastermind:3x3", "--start", "122", "--tree", "mm.tree", "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["certificate"]["branches"]["BBB"] is None
    assert load_tree(str(tmp_path / "mm.tree"), Mastermind(3, 3)).guess == "122"
    r = _run("verify", "mm.tree", "--lists", "mastermind:3x3", cwd=tmp_path)
    assert r.returncode == 0 and "valid easy-mode tree for 27 answers" in r.stdout
    for args, message in ((["--mode", "hard"], "easy mode only"), (["--start", "1122"], "not a code"),
                          (["--answers", "all"], "a game of its own")):
        r = _run("solve", "--lists", "mastermind:3x3", *args, cwd=tmp_path)
        assert r.returncode == 2 and message in r.stdout + r.stderr and "Traceback" not in r.stderr, r.stderr
    r = _run("solve", "--lists", "mastermind:6x6", cwd=tmp_path)
    assert r.returncode == 2 and "at most" in r.stdout + r.stderr
