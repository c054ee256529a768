"""A state's lower-bound certificate (version 3 of models/lower_bound; certify-ranking --state): from a
game state, every strategy totals at least the best next guess's total and every other next guess at
least one more. The checker rebuilds the state's answers and rule from the header's history; checked
against brute force on small lists, and rejected when tampered with."""
import gzip
import io
import json
import math

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)
from test_lower_bound import families, recurrence
from test_ranking_certificate import check, tampered
from wordlelab.errors import WordleError
from wordlelab.models.lower_bound import STATE_VERSION, BoundFault, check_lower_bound
from wordlelab.models.modes import rule_after
from wordlelab.models.state import parse_state


def next_totals(lists, state, mode, max_guesses):
    """Each allowed next guess's least total from ``state``, by the recurrence itself (no pruning)."""
    game = parse_state(state, lists, mode)
    rule = ((), ())
    if mode == "hard":
        for g, p in game.history:
            rule = rule_after(*rule, g, p)
    after = recurrence(tuple(lists.guesses), mode)
    left = max_guesses - len(game.history)
    return {x: after(game.answers, rule, left, x) for x in game.guesses}, len(game.answers)


def certified(lists, mode, max_guesses, state, best, value, others=None):
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.certify import certify_ranking
    buf = io.BytesIO()
    made = certify_ranking(NativeSearcher(lists, mode, max_guesses), best, value, buf, others, state=state)
    return buf.getvalue(), made


CASES = [
    (("ight", "atch", "ound"), 10, 6, "easy", "bound.BBBBB"),
    (("ight", "atch", "ound"), 10, 6, "hard", "bound.BBBBB"),
    # hard mode with yellows: the rule allows few guesses, so the goal's guesses are a part of the list
    (("ight", "atch", "ound"), 10, 6, "hard", "podia.BBBBY"),
    (("ight", "ound", "aker", "ill"), 5, 5, "easy", "meuse.BBBBB"),
    (("ight", "atch", "ound"), 10, 5, "easy", "avels.BBBBB.mahwa.BBYBB"),
]


@pytest.mark.parametrize("suffixes, extra, max_guesses, mode, state", CASES)
def test_the_certified_state_ranking_is_the_brute_force_ranking(suffixes, extra, max_guesses, mode, state):
    lists = families(suffixes, extra)
    totals, n = next_totals(lists, state, mode, max_guesses)
    value = min(totals.values())
    best = [w for w in lists.guesses if totals.get(w) == value]
    data, made = certified(lists, mode, max_guesses, state, best, value)
    report = check_lower_bound(io.BytesIO(data), lists.guesses, lists.answers)
    assert (report.value, report.others, list(report.best)) == (value, value + 1, best)
    assert (report.state(), report.answers_left) == (state, n)
    assert report.statement().startswith(f"from state {state}, every strategy")
    assert report.statement().endswith("unless its next guess is " + " or ".join(w.upper() for w in best))
    header = json.loads(gzip.decompress(data).decode().splitlines()[0])
    assert header["version"] == STATE_VERSION and header["history"] == [list(p) for p in
                                                                         zip(state.split(".")[::2], state.split(".")[1::2])]
    assert made["claims"] == header["claims"]
    if mode == "hard" and "Y" in state:
        assert len(parse_state(state, lists, mode).guesses) < len(lists.guesses)
    # a word that is not best given as best, or a bound above the second best: not certified
    second = min(v for v in totals.values() if v > value)
    loser = next(w for w in lists.guesses if totals.get(w, math.inf) > value and w in totals)
    with pytest.raises(WordleError, match="the next guess .* is not bounded at"):
        certified(lists, mode, max_guesses, state, [loser], value)
    if second < math.inf:
        with pytest.raises(WordleError, match="is not bounded at"):
            certified(lists, mode, max_guesses, state, best, value, second + 1)


@pytest.fixture(scope="module")
def made():
    lists = families(("ight", "atch", "ound"), 10)
    state = "podia.BBBBY"
    totals, _ = next_totals(lists, state, "hard", 6)
    value = min(totals.values())
    best = [w for w in lists.guesses if totals.get(w) == value]
    data, _ = certified(lists, "hard", 6, state, best, value)
    return lists, totals, best, value, gzip.decompress(data).decode().splitlines()


def test_a_tampered_state_certificate_fails_in_one_line(made):
    lists, totals, best, value, lines = made
    assert check(lists, lines).value == value
    goal = len(lines) - 2
    goal_row = json.loads(lines[-1])
    second = min(v for v in totals.values() if v > value)
    g = next(k for k, (X, C) in enumerate(goal_row["by"]) if totals[lists.guesses[X[0]]] > value)
    word = lists.guesses[goal_row["by"][g][0][0]].upper()
    other_reply = "BBBYB"                 # podia's reply of 9 other answers: another node
    faults = {
        "history's reply changed": (tampered(lines, -1, lambda h: h["history"][0].__setitem__(1, other_reply)),
                                    r"^the goal \(claim \d+\) is not the header's: the \d+ answers its history leaves"),
        "history's guess changed": (tampered(lines, -1, lambda h: h["history"][0].__setitem__(0, "latch")),
                                    r"^(the goal .* is not the header's|no answer fits)"),
        "a guess played before": (tampered(lines, -1, lambda h: h["history"].insert(0, ["mound", "BBBBB"])),
                                  r"^the goal .* is not the header's"),
        "history dropped": (tampered(lines, -1, lambda h: h.update(history=[])), r"plays at least one guess"),
        "history in version 2": (tampered(lines, -1, lambda h: h.update(version=2)), r"has no history"),
        "a reply not BYG": (tampered(lines, -1, lambda h: h["history"][0].__setitem__(1, "BBYBX")),
                            r"is not 5 of B, Y, G"),
        "goal lowered": (tampered(lines, goal, lambda c: c.update(at_least=c["at_least"] - 1)),
                         r"^the goal .* is not the header's: .*at least " + str(value + 1)),
        "goal raised, header too": (tampered(tampered(lines, -1, lambda h: h.update(others=second + 1)), goal,
                                             lambda c: c.update(at_least=second + 1)),
                                    rf"^claim {goal} .*is not refuted"),
        "best raised": (tampered(lines, -1, lambda h: h.update(value=value + 1)),
                        rf"^claim {goal} .*guess ({'|'.join(w.upper() for w in best)}) \(held to at least "
                        rf"{value + 1}\) is not refuted"),
        "goal with a guess more": (tampered(lines, goal, lambda c: c.update(left=c["left"] + 1)),
                                   r"^(claim \d+ .*guesses left, its class|the goal .* is not the header's)"),
        "missing guess": (tampered(lines, goal, lambda c: c["by"].pop(g)), rf"^claim {goal} .*guess {word} is not refuted"),
        "best not allowed here": (tampered(lines, -1, lambda h: h.update(best=["mound"])),
                                  r"best guess MOUND is not allowed at the goal"),
    }
    for what, (bad, reason) in faults.items():
        with pytest.raises(BoundFault, match=reason) as e:
            check(lists, bad)
        assert "\n" not in str(e.value), what


def test_old_certificates_still_check():
    """Versions 1 (a first guess given) and 2 (a ranking from the start) keep their goal: every answer."""
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.certify import certify_min_total, certify_ranking
    lists = families(("ight", "atch", "ound"), 10)
    searcher = NativeSearcher(lists, "easy", 6)
    rows = searcher.rank(searcher.root(None), top=1)
    best, value = rows[0][0], rows[0][1]
    for make in (lambda buf: certify_min_total(searcher, best, value, buf),
                 lambda buf: certify_ranking(searcher, [w for w, v, e in rows if e and v == value], value, buf)):
        buf = io.BytesIO()
        make(buf)
        lines = gzip.decompress(buf.getvalue()).decode().splitlines()
        assert json.loads(lines[0])["version"] in (1, 2) and "history" not in json.loads(lines[0])
        report = check(lists, lines)
        assert report.value == value and report.history == () and not report.statement().startswith("from")
        with pytest.raises(BoundFault, match="has no history"):
            check(lists, tampered(lines, -1, lambda h: h.update(history=[["bound", "BBBBB"]])))


def test_certify_ranking_state_command(tmp_path, capsys):
    lists = families(("ight", "atch", "ound"), 10)
    state = "bound.BBBBB"
    totals, n = next_totals(lists, state, "easy", 6)
    value = min(totals.values())
    best = [w for w in lists.guesses if totals.get(w) == value]
    (tmp_path / "g.txt").write_text("\n".join(lists.guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(lists.answers) + "\n")
    args = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    path = tmp_path / "hint.bound.gz"
    r = run_cli(capsys, ["certify-ranking", str(path), *args, "--state", state, "--json"])
    assert r.code == 0, r.output
    row = json.loads(r.out)
    assert (row["best"], row["value"], row["state"], row["answers_left"]) == (best, value, state, n)
    assert row["verified_halves"] == "both" and row["statement"].startswith(f"from state {state}, ")
    r = run_cli(capsys, ["verify-bound", str(path), *args, "--json"])
    assert r.code == 0 and json.loads(r.out)["history"] == [["bound", "BBBBB"]], r.output
    r = run_cli(capsys, ["certify-ranking", str(path), *args, "--state", state, "--best", ",".join(best)])
    assert r.code == 0 and r.out.startswith(f"from {state} ({n} answers left), "
                                            f"{' and '.join(w.upper() for w in best)} {value}: the best next guesses, "
                                            f"both halves checked"), r.output
    assert len(best) > 1                  # a tie: one word of it alone is not bounded above the other
    r = run_cli(capsys, ["certify-ranking", str(tmp_path / "x.gz"), *args, "--state", state, "--best", best[0]])
    assert r.code == 2 and f"the next guess {best[1].upper()} is not bounded at {value + 1}" in r.err, r.output
    loser = next(w for w in totals if totals[w] > value)
    r = run_cli(capsys, ["certify-ranking", str(tmp_path / "x.gz"), *args, "--state", state, "--best", loser])
    assert r.code == 2 and r.err.startswith("error: the next guess") and "not bounded" in r.err
    for bad, reason in (("bound.BBBBB.limey", "without its reply"), ("bound.BBBBX", "pattern"),
                        ("bound.GGGGB", "no answer")):
        r = run_cli(capsys, ["certify-ranking", str(tmp_path / "x.gz"), *args, "--state", bad])
        assert r.code == 2 and r.err.startswith("error: ") and reason in r.err and len(r.err.strip().splitlines()) == 1, \
            (bad, r.err)
