"""Fixed-guess (blindfold) separating model against brute force over guess subsets."""
import itertools
import random

import numpy as np
import pytest

from wordlelab.cli import main
from wordlelab.models.blindfold import FixedGuessFault, check_fixed_guesses
from wordlelab.models.matrix import pattern_matrix
from wordlelab.solvers.backends import installed
from wordlelab.solvers.blindfold import least_fixed_guesses, separates


def brute_least(P):
    """Smallest set of rows whose joint patterns are distinct on every column."""
    for k in range(P.shape[0] + 1):
        for combo in itertools.combinations(range(P.shape[0]), k):
            if separates(P[list(combo)]):
                return k
    return None


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("solver", installed())
def test_least_fixed_guesses_matches_brute_force(default_lists, seed, solver):
    M = pattern_matrix(default_lists)
    rng = random.Random(seed)
    cols = sorted(rng.sample(range(M.shape[1]), 40))
    answer_rows = default_lists.answer_columns()
    rows = sorted(set(rng.sample(range(M.shape[0]), 14)) | {answer_rows[c] for c in cols[:2]})
    P = np.ascontiguousarray(M[np.ix_(rows, cols)])
    expected = brute_least(P)
    if expected is None:
        pytest.skip("these guesses cannot separate these answers")
    names = [default_lists.guesses[t] for t in rows]
    answers = [default_lists.answers[c] for c in cols]
    r = least_fixed_guesses(P, names, answers, solver, time_limit=60)
    assert r.status == "OPTIMAL" and r.value == expected == r.bound and r.verified
    chosen = [rows.index(default_lists.guesses.index(w)) for w in r.certificate]
    assert separates(P[chosen]) and check_fixed_guesses(r.certificate, answers) == len(answers)
    if expected >= 1:
        no = least_fixed_guesses(P, names, answers, solver, k=expected - 1, time_limit=60)
        assert no.status == "INFEASIBLE" and no.certificate is None
        yes = least_fixed_guesses(P, names, answers, solver, k=expected, time_limit=60)
        assert yes.status == "OPTIMAL" and yes.verified and yes.value <= expected


def test_separates_rejects_collisions():
    P = np.array([[1, 1, 2], [3, 3, 4]], np.uint8)
    assert not separates(P)
    assert separates(np.array([[1, 2, 3]], np.uint8))


def test_checker_names_the_colliding_pair():
    with pytest.raises(FixedGuessFault, match="'bills' and 'pills'"):
        check_fixed_guesses(["salet"], ["bills", "pills"])


def test_cli_blindfold(capsys):
    main(["blindfold", "--random-subset", "50", "--pool", "200", "--solver", "cpsat", "--time-limit", "60", "--json"])
    import json
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "OPTIMAL" and data["verified"]
    assert len(data["certificate"]) == data["value"] == data["bound"]
