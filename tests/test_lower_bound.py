"""Lower-bound certificates (wordlelab.models.lower_bound, made by wordlelab.solvers.search.rank.certify):
checked against brute force on small lists, and rejected when tampered with."""
import functools
import gzip
import io
import json
import random
import subprocess
import sys

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.feedback import ALL_GREEN, feedback
from wordlelab.models.lower_bound import BoundFault, check_lower_bound, lists_digest, pattern_table
from wordlelab.models.modes import obeys, rule_after

INF = float("inf")


def recurrence(guesses, mode):
    """``after(S, rule, g, x)``: the least total of the answers S with g guesses left when x is
    guessed next, by the recurrence itself (no pruning); rule is hard mode's, else ``((), ())``."""
    @functools.lru_cache(maxsize=None)
    def value(S, rule, g):
        if not S:
            return 0
        if g == 0:
            return INF
        return min((after(S, rule, g, x) for x in guesses if mode == "easy" or obeys(rule, x)), default=INF)

    def after(S, rule, g, x):
        cells = {}
        for a in S:
            cells.setdefault(feedback(x, a), []).append(a)
        total = len(S)
        for p, cell in cells.items():
            if p != ALL_GREEN:
                total += value(tuple(cell), rule_after(*rule, x, p) if mode == "hard" else ((), ()), g - 1)
        return total
    return after


def least_total(answers, guesses, max_guesses, start, mode):
    """The least total of strategies starting with ``start``, by the recurrence itself (no pruning)."""
    return recurrence(tuple(guesses), mode)(tuple(answers), ((), ()), max_guesses, start)


def families(suffixes, extra, seed=0):
    """Answers of nyt20220316 in families (?ight, ?atch, ...): few guesses tell them apart, so the
    certificate needs claims below its goal; ``extra`` random guesses beside them."""
    base = load_lists("nyt20220316")
    answers = sorted(a for a in base.answers if a[1:] in suffixes or a[2:] in suffixes)
    guesses = sorted(set(answers) | set(random.Random(seed).sample(base.guesses, extra)))
    return WordLists("families", tuple(guesses), tuple(answers))


def certificate(lists, mode, max_guesses, start):
    from wordlelab.solvers.search.rank.certify import certify_min_total
    from wordlelab.solvers.search.native import NativeSearcher
    searcher = NativeSearcher(lists, mode, max_guesses)
    res = searcher.solve(start=start, threads=1)
    buf = io.BytesIO()
    made = certify_min_total(searcher, start, res.value, buf)
    return res.value, buf.getvalue(), made


@pytest.fixture(scope="module")
def made():
    lists = families(("ight", "atch", "ound"), 10)
    value, data, info = certificate(lists, "easy", 6, "batch")
    return lists, value, data


def lines_of(data):
    return gzip.decompress(data).decode().splitlines()


def check(lists, lines):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb") as z:
        z.write(("\n".join(lines) + "\n").encode())
    return check_lower_bound(io.BytesIO(buf.getvalue()), lists.guesses, lists.answers)


def cli(capsys, args, code):
    r = run_cli(capsys, args)
    assert r.code == code, r.output
    return r


def test_pattern_table_is_the_feedback_rule():
    words = load_lists("nyt20220316").guesses
    rng = random.Random(5)
    guesses = rng.sample(words, 60) + ["elder", "speed", "eerie", "llama"]
    answers = rng.sample(words, 60) + ["error", "geese", "allay", "eerie"]
    table = pattern_table(guesses, answers)
    assert all(table[i, j] == feedback(g, a) for i, g in enumerate(guesses) for j, a in enumerate(answers))


@pytest.mark.parametrize("suffixes, extra, max_guesses, start, mode", [
    (("ight", "atch", "ound"), 10, 6, "batch", "easy"),
    (("ight", "atch", "ound", "ower", "aste"), 20, 6, "avels", "easy"),
    (("ight", "ound", "aker", "ill"), 5, 5, "bound", "easy"),
    (("ight", "atch", "ound"), 10, 6, "avels", "hard"),
])
def test_certificate_checks_and_is_the_brute_force_least_total(suffixes, extra, max_guesses, start, mode):
    lists = families(suffixes, extra)
    value, data, _ = certificate(lists, mode, max_guesses, start)
    assert value == least_total(lists.answers, lists.guesses, max_guesses, start, mode)
    report = check_lower_bound(io.BytesIO(data), lists.guesses, lists.answers)
    assert (report.value, report.start, report.mode, report.max_guesses) == (value, start, mode, max_guesses)
    claims = [json.loads(line) for line in lines_of(data)[1:]]
    assert any(C for c in claims[:-1] for _, C in c["by"]), "no claim below the goal names a claim: too easy"


def test_the_goal_raised_by_one_is_rejected(made):
    lists, value, data = made
    lines = lines_of(data)
    header, goal = json.loads(lines[0]), json.loads(lines[-1])
    header["value"] = goal["at_least"] = value + 1
    with pytest.raises(BoundFault, match=r"claim \d+ .* at least %d\): guess BATCH is not refuted" % (value + 1)):
        check(lists, [json.dumps(header)] + lines[1:-1] + [json.dumps(goal)])
    assert check(lists, lines).value == value


def _tampered(lines, i, change):
    claims = [json.loads(line) for line in lines[1:]]
    change(claims[i])
    return [lines[0]] + [json.dumps(c) for c in claims]


def _named_by_goal(lines):
    return json.loads(lines[-1])["by"][0][1]


def test_a_claim_raised_by_one_is_rejected(made):
    lists, _, data = made
    lines = lines_of(data)
    i = _named_by_goal(lines)[0]
    with pytest.raises(BoundFault, match=rf"^claim {i} .*is not refuted"):
        check(lists, _tampered(lines, i, lambda c: c.update(at_least=c["at_least"] + 1)))


def test_a_lowered_claim_fails_the_claim_that_names_it(made):
    lists, _, data = made
    lines = lines_of(data)
    i = _named_by_goal(lines)[0]
    goal = len(lines) - 2
    with pytest.raises(BoundFault, match=rf"^claim {goal} .*is not refuted"):
        check(lists, _tampered(lines, i, lambda c: c.update(at_least=c["at_least"] - 1)))


def test_a_missing_child_claim_is_rejected(made):
    lists, _, data = made
    lines = lines_of(data)
    goal = len(lines) - 2
    with pytest.raises(BoundFault, match=rf"^claim {goal} .*guess BATCH is not refuted"):
        check(lists, _tampered(lines, goal, lambda c: c["by"][0][1].pop()))


def test_a_missing_guess_is_rejected(made):
    lists, _, data = made
    lines = lines_of(data)
    claims = [json.loads(line) for line in lines[1:]]
    i = next(k for k, c in enumerate(claims[:-1]) if any(C for _, C in c["by"]))
    with pytest.raises(BoundFault, match=rf"^claim {i} .*is not refuted"):
        check(lists, _tampered(lines, i, lambda c: c.update(by=c["by"][1:])))


def test_a_wrong_cell_and_a_claim_that_does_not_exist_are_rejected(made):
    lists, _, data = made
    lines = lines_of(data)
    goal = len(lines) - 2
    named = _named_by_goal(lines)

    def swap(c):                 # a claim below, not of a cell of the first guess, named as if it were
        c["by"][0][1][0] = next(j for j in range(goal) if j not in named)
    with pytest.raises(BoundFault, match=rf"^claim {goal} .*(is not one of its classes|guesses left)"):
        check(lists, _tampered(lines, goal, swap))
    with pytest.raises(BoundFault, match=rf"^claim {goal} .*names claim {goal + 5}, which is not an earlier claim"):
        check(lists, _tampered(lines, goal, lambda c: c["by"][0][1].append(goal + 5)))


def test_a_certificate_of_other_lists_or_cut_short_is_rejected(made):
    lists, _, data = made
    lines = lines_of(data)
    other = WordLists("other", lists.guesses, lists.answers[:-1])
    with pytest.raises(BoundFault, match="other word lists"):
        check_lower_bound(io.BytesIO(data), other.guesses, other.answers)
    with pytest.raises(BoundFault, match="ends after"):
        check(lists, lines[:-1])
    assert lists_digest(lists.guesses, lists.answers) == json.loads(lines[0])["lists_sha256"]


def test_the_checker_imports_nothing_from_the_search():
    code = ("import sys, wordlelab.models.lower_bound; bad = [m for m in sys.modules if m.startswith("
            "('wordlelab.solvers', 'wordlelab.encoders', 'wordlelab.instances', 'wordlelab.models.matrix', "
            "'wordlelab.models.masks', 'numba'))]; print(bad); assert not bad")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_verify_bound_command(made, tmp_path, capsys):
    lists, value, data = made
    (tmp_path / "g.txt").write_text("\n".join(lists.guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(lists.answers) + "\n")
    good = tmp_path / "batch.bound.gz"
    good.write_bytes(data)
    args = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    r = cli(capsys, ["verify-bound", str(good), *args, "--json"], 0)
    row = json.loads(r.out)
    assert row["valid"] and row["value"] == value and row["start"] == "batch"
    lines = lines_of(data)
    bad = tmp_path / "bad.bound.gz"
    bad.write_bytes(gzip.compress(("\n".join(_tampered(lines, len(lines) - 2, lambda c: c["by"][0][1].pop()))
                                   + "\n").encode()))
    r = cli(capsys, ["verify-bound", str(bad), *args], 1)
    assert r.out.startswith("INVALID: claim") and len(r.out.strip().splitlines()) == 1
    r = cli(capsys, ["verify-bound", str(tmp_path / "missing.gz"), *args], 2)
    assert r.err.startswith("error: cannot read the certificate")


def test_solve_certify_checks_both_halves(tmp_path, capsys):
    lists = families(("ight", "atch", "ound"), 10)
    (tmp_path / "g.txt").write_text("\n".join(lists.guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(lists.answers) + "\n")
    path = tmp_path / "c.bound.gz"
    r = cli(capsys, ["solve", "--start", "batch", "--guesses", str(tmp_path / "g.txt"), "--answers",
                 str(tmp_path / "a.txt"), "--certify", str(path), "--json"], 0)
    res = json.loads(r.out)
    assert res["status"] == "OPTIMAL" and res["verified"] and res["stats"]["verified_halves"] == "both"
    bound = res["stats"]["lower_bound"]
    assert bound["file"] == str(path) and bound["claims"] > 1 and str(res["value"]) in bound["statement"]
    report = check_lower_bound(path, lists.guesses, lists.answers)
    assert report.value == res["value"] == least_total(lists.answers, lists.guesses, 6, "batch", "easy")
    r = cli(capsys, ["solve", "--start", "batch", "--guesses", str(tmp_path / "g.txt"), "--answers",
                 str(tmp_path / "a.txt"), "--certify", str(path)], 0)
    assert "lower bound certified" in r.out
    r = cli(capsys, ["solve", "--state", "batch.BBBBB", "--guesses", str(tmp_path / "g.txt"), "--answers",
                 str(tmp_path / "a.txt"), "--certify", str(path)], 2)
    assert "--certify" in r.err


def test_hard_mode_a_claim_asking_more_of_a_guess_is_rejected():
    """A child claim's rule must ask no more than its class's (so the claim's strategies are the class's)."""
    lists = families(("ight", "atch", "ound"), 10)
    _, data, _ = certificate(lists, "hard", 6, "avels")
    lines = lines_of(data)
    goal = len(lines) - 2
    j = _named_by_goal(lines)[0]
    assert check(lists, lines).mode == "hard"

    def stricter(c):
        greens, need = c.get("rule", [[], []])
        c["rule"] = [greens, need + [["z", 1]]]     # true of the claim: no guess of these lists has a z
        c["by"] = []
    assert not any("z" in g for g in lists.guesses)
    with pytest.raises(BoundFault, match=rf"^claim {goal} .*claim {j} asks more of a guess than its class"):
        check(lists, _tampered(lines, j, stricter))


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_bound_below_the_optimum_is_certified_in_either_order(mode):
    """A lower bound below the least total (a first word proven worse than another, say) is
    certified with the classes searched largest first or smallest first; each is checked."""
    from wordlelab.errors import WordleError
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.certify import certify_min_total
    lists = families(("ight", "atch", "ound"), 10)
    start = "mahwa"                    # a first word with a strategy within 6 in either mode
    least = least_total(lists.answers, lists.guesses, 6, start, mode)
    for smallest_first in (False, True):
        buf = io.BytesIO()
        certify_min_total(NativeSearcher(lists, mode, 6), start, least - 3, buf, smallest_first=smallest_first)
        report = check_lower_bound(io.BytesIO(buf.getvalue()), lists.guesses, lists.answers)
        assert report.value == least - 3 and report.start == start
    with pytest.raises(WordleError):
        certify_min_total(NativeSearcher(lists, mode, 6), start, least + 1, io.BytesIO(), smallest_first=True)
