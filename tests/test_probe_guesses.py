"""tools/probe_guesses.py: each verdict agrees with prove-depth's certified answer for the same guess."""
import importlib.util
from pathlib import Path

import pytest

from wordlelab import load_lists
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.depth.depth_proof import prove_depth

TOOL = Path(__file__).resolve().parents[1] / "tools" / "probe_guesses.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("probe_guesses", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_verdicts_agree_with_certified_depth_proofs(capsys):
    tool = load_tool()
    words = ["chimo", "chino", "churn", "chomp"]
    assert tool.main(["salet.BBBBB", "5", *words, "--mode", "hard", "--lists", "nyt20220316"]) == 0
    verdicts = {line.split()[1]: line.split()[2] for line in capsys.readouterr().out.splitlines()}
    assert set(verdicts) == set(words)
    searcher = NativeSearcher(load_lists("nyt20220316"), mode="hard", max_guesses=5)
    expected = {"OPTIMAL": "yes", "INFEASIBLE": "refuted"}
    for word, verdict in verdicts.items():
        result = prove_depth(searcher, 5, state=f"salet.BBBBB.{word}")
        assert expected[result.status] == verdict, word
    assert {"yes", "refuted"} <= set(verdicts.values())


def test_letters_select_allowed_guesses_of_five_different_letters():
    tool = load_tool()
    lists = load_lists("nyt20220316")
    searcher = NativeSearcher(lists, mode="hard", max_guesses=5)
    words = tool.candidates(lists, searcher, "salet.BBBYB", 5, "cornduimphye")
    assert words and all(set(w) <= set("cornduimphye") and len(set(w)) == 5 and "e" in w for w in words)


def test_unknown_word_is_an_error(capsys):
    tool = load_tool()
    assert tool.main(["salet.BBBBB", "5", "zzzzq", "--lists", "nyt20220316"]) == 2
    assert capsys.readouterr().err.startswith("error:")


@pytest.mark.slow
@pytest.mark.parametrize("start, given", [("gumbo", ["BBBBB=whipt", "BBBBY=plonk"]),
                                          ("blawn", ["BBBBB=pudgy", "BBYBB=chapt"])])
def test_within_7_in_hard_mode_from_the_probed_guesses(tmp_path, start, given):
    """Selby (part 2): GUMBO and BLAWN find every answer within 7 in hard mode, every word an
    answer. From the guesses probing found, the tool builds the whole tree, and the verifier, run
    apart, passes it."""
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import verify_tree
    spec = importlib.util.spec_from_file_location("depth_tree_with_guesses", TOOL.parent / "depth_tree_with_guesses.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / f"{start}.tree"
    assert tool.main([start, "7", *given, "-o", str(out), "--mode", "hard",
                      "--lists", "nyt20220316", "--answers", "all"]) == 0
    lists = load_lists("nyt20220316", answers="all")
    report = verify_tree(load_tree(out), lists.answers, lists.guesses, mode="hard", max_guesses=7)
    assert report.max_guesses == 7 and report.n_answers == 12972
    assert load_tree(out).guess == start
