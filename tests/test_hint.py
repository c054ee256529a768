"""hint: the best next guesses from a state, each value equal to brute force and verified."""
import json

import pytest

from test_native_search import INF, brute_force, tiny_instance
from wordlelab.instances.wordlists import WordLists
from wordlelab.models.feedback import feedback, pattern_string
from wordlelab.models.modes import guess_allowed
from wordlelab.solvers.search.hint import hint


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
    r = hint(lists, state, mode, top=3)
    assert r.stats["answers_left"] == left
    if best >= INF:
        assert r.status == "INFEASIBLE"
        return
    rows = r.stats["guesses"]
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
