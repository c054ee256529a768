"""A ranking's lower-bound certificate (certify_ranking, version 2 of models/lower_bound): every
strategy totals at least the best word's total, every other first word at least one more; checked
against brute force on small lists, and rejected when tampered with."""
import gzip
import io
import json

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)
from test_lower_bound import families, least_total
from wordlelab.errors import WordleError
from wordlelab.models.lower_bound import BoundFault, check_lower_bound


def ranking(lists, mode, max_guesses):
    """Every first word's least total, by the recurrence itself (no pruning)."""
    return {w: least_total(lists.answers, lists.guesses, max_guesses, w, mode) for w in lists.guesses}


def certified(lists, mode, max_guesses, best, value, others=None):
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.certify import certify_ranking
    buf = io.BytesIO()
    made = certify_ranking(NativeSearcher(lists, mode, max_guesses), best, value, buf, others)
    return buf.getvalue(), made


@pytest.fixture(scope="module")
def made():
    lists = families(("ight", "atch", "ound"), 10)
    totals = ranking(lists, "easy", 6)
    value = min(totals.values())
    best = [w for w in lists.guesses if totals[w] == value]
    data, _ = certified(lists, "easy", 6, best, value)
    return lists, totals, best, value, data


@pytest.mark.parametrize("suffixes, extra, max_guesses, mode", [
    (("ight", "atch", "ound"), 10, 6, "easy"),
    (("ight", "ound", "aker", "ill"), 5, 5, "easy"),
    (("ight", "atch", "ound"), 10, 6, "hard"),
])
def test_the_certified_ranking_is_the_brute_force_ranking(suffixes, extra, max_guesses, mode):
    lists = families(suffixes, extra)
    totals = ranking(lists, mode, max_guesses)
    value = min(totals.values())
    best = [w for w in lists.guesses if totals[w] == value]
    data, made = certified(lists, mode, max_guesses, best, value)
    report = check_lower_bound(io.BytesIO(data), lists.guesses, lists.answers)
    assert (report.value, report.others, list(report.best)) == (value, value + 1, best)
    assert "unless its first guess is " + " or ".join(w.upper() for w in best) in report.statement()
    claims = [json.loads(line) for line in gzip.decompress(data).decode().splitlines()[1:]]
    assert made["claims"] == len(claims) and any(C for _, C in claims[-1]["by"])
    # a word that is not best, given as best, or a bound above the second best: not certified
    second = min(v for v in totals.values() if v > value)
    loser = next(w for w in lists.guesses if totals[w] > value)
    with pytest.raises(WordleError, match="is not bounded at"):
        certified(lists, mode, max_guesses, [loser], value)
    with pytest.raises(WordleError, match="is not bounded at"):
        certified(lists, mode, max_guesses, best, value, second + 1)
    data, _ = certified(lists, mode, max_guesses, best, value, second)
    assert check_lower_bound(io.BytesIO(data), lists.guesses, lists.answers).others == second


def check(lists, lines):
    return check_lower_bound(io.BytesIO(gzip.compress(("\n".join(lines) + "\n").encode())), lists.guesses,
                             lists.answers)


def tampered(lines, i, change):
    """The lines with claim i (or the header, i = -1) changed in place."""
    rows = [json.loads(line) for line in lines]
    change(rows[i + 1])
    return [json.dumps(r) for r in rows]


def goal_group(lines, lists, totals):
    """The goal's group of a first word that is not best and names claims: (index, its first word)."""
    goal = json.loads(lines[-1])
    g = next(k for k, (X, C) in enumerate(goal["by"]) if C and totals[lists.guesses[X[0]]] > min(totals.values()))
    return g, lists.guesses[goal["by"][g][0][0]].upper()


def test_a_tampered_ranking_certificate_fails_naming_the_claim(made):
    lists, totals, best, value, data = made
    lines = gzip.decompress(data).decode().splitlines()
    assert check(lists, lines).value == value
    goal = len(lines) - 2
    g, word = goal_group(lines, lists, totals)
    child = json.loads(lines[-1])["by"][g][1][0]
    faults = {
        "others raised": (tampered(tampered(lines, -1, lambda h: h.update(others=value + 50)), goal,
                                   lambda c: c.update(at_least=value + 50)), rf"^claim {goal} .*is not refuted"),
        "best word dropped": (tampered(lines, -1, lambda h: h.update(best=[w for w in lists.guesses if w not in best][:1])),
                              rf"^claim {goal} .*guess ({'|'.join(w.upper() for w in best)}) is not refuted"),
        "lowered bound": (tampered(lines, child, lambda c: c.update(at_least=c["at_least"] - 1))
                          if json.loads(lines[child + 1])["at_least"] > 1 else None, rf"^claim {goal} .*is not refuted"),
        "missing guess": (tampered(lines, goal, lambda c: c["by"].pop(g)), rf"^claim {goal} .*guess {word} is not refuted"),
        "wrong cell": (tampered(lines, goal, lambda c: c["by"][g][1].__setitem__(0, next(
            j for j in range(goal) if j not in c["by"][g][1] and json.loads(lines[j + 1])["answers"]
            != json.loads(lines[child + 1])["answers"]))), rf"^claim {goal} .*(is not one of its classes|guesses left)"),
        "dangling reference": (tampered(lines, goal, lambda c: c["by"][g][1].append(goal + 3)),
                               rf"^claim {goal} .*names claim {goal + 3}, which is not an earlier claim"),
        "goal not the header's": (tampered(lines, -1, lambda h: h.update(others=value + 2)), r"^the goal .*at least"),
        "a start and best": (tampered(lines, -1, lambda h: h.update(start=best[0])), r"names no first guess"),
    }
    for what, (bad, reason) in faults.items():
        if bad is None:
            continue
        with pytest.raises(BoundFault, match=reason) as e:
            check(lists, bad)
        assert "\n" not in str(e.value), what


def test_certify_ranking_command(made, tmp_path, capsys):
    lists, totals, best, value, _ = made
    (tmp_path / "g.txt").write_text("\n".join(lists.guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(lists.answers) + "\n")
    args = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    path = tmp_path / "best.bound.gz"
    r = run_cli(capsys, ["certify-ranking", str(path), *args, "--best", ",".join(best), "--json"])
    assert r.code == 0, r.output
    row = json.loads(r.out)
    assert row["verified_halves"] == "both" and row["value"] == value and row["best"] == best
    assert row["claims"] > 1 and row["bytes"] == path.stat().st_size
    r = run_cli(capsys, ["verify-bound", str(path), *args, "--json"])
    assert r.code == 0 and json.loads(r.out)["others"] == value + 1
    r = run_cli(capsys, ["certify-ranking", str(path), *args, "--json"])       # the best found by ranking
    assert r.code == 0 and json.loads(r.out)["best"] == best, r.output
    loser = next(w for w in lists.guesses if totals[w] > value)
    r = run_cli(capsys, ["certify-ranking", str(tmp_path / "x.gz"), *args, "--best", loser])
    assert r.code == 2 and r.err.startswith("error: the first word") and "not bounded" in r.err
    r = run_cli(capsys, ["certify-ranking", str(tmp_path / "x.gz"), *args, "--best", f"{best[0]},{loser}"])
    assert r.code == 2 and "not tied" in r.err


def test_the_replies_floor_is_below_the_brute_force_least_total():
    import numpy as np

    from wordlelab.models.lower_bound import floor, max_classes, pattern_table
    base = families(("ight", "ound", "atch"), 0)
    for answers in (base.answers[:12], [a for a in base.answers if a.endswith("ight")], base.answers[-9:]):
        guesses = list(answers)
        table = pattern_table(guesses, answers)
        classes = max_classes(table)
        S = np.arange(len(answers))
        for g in (3, 4, 6):
            least = min(least_total(answers, guesses, g, w, "easy") for w in guesses)
            bound = floor(S, g, table, np.arange(len(guesses)), None, classes)
            assert bound <= least
            if len(answers) > classes:
                assert bound == 3 * len(answers) - 1 - classes > floor(S, g, table, np.arange(len(guesses)))


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_a_stopped_certificate_resumes_from_its_checkpoint(made, tmp_path, mode):
    """A run stopped after some first words keeps their claims in the checkpoint; the next run reads
    them back, does only the rest, and its certificate is the whole one. A claim forged in the
    checkpoint is not trusted: the finished certificate fails the checker."""
    from wordlelab.solvers.runtime.checkpoint_log import CheckpointLog, load_log
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.certify import certify_ranking
    lists = made[0]
    totals = ranking(lists, mode, 6)
    value = min(totals.values())
    best = [w for w in lists.guesses if totals[w] == value]
    _, whole = certified(lists, mode, 6, best, value)
    log = tmp_path / "c.claims"

    def stop_after(k):
        def progress(done, total, claims):
            if done == k:
                raise KeyboardInterrupt
        return progress
    with pytest.raises(KeyboardInterrupt):
        certify_ranking(NativeSearcher(lists, mode, 6), best, value, tmp_path / "c.gz", checkpoint=str(log),
                        progress=stop_after(2))
    assert not (tmp_path / "c.gz").exists()
    made_again = certify_ranking(NativeSearcher(lists, mode, 6), best, value, tmp_path / "c.gz", checkpoint=str(log))
    assert made_again["resumed"] > 0 and made_again["searches"] < whole["searches"]
    report = check_lower_bound(tmp_path / "c.gz", lists.guesses, lists.answers)
    assert (report.value, list(report.best)) == (value, best)
    # a run from the finished checkpoint proves nothing again
    again = certify_ranking(NativeSearcher(lists, mode, 6), best, value, tmp_path / "d.gz", checkpoint=str(log))
    assert again["searches"] == 0 and again["claims"] == made_again["claims"]
    # another goal is another question
    with pytest.raises(WordleError, match="another question"):
        certify_ranking(NativeSearcher(lists, mode, 6), best, value, tmp_path / "e.gz", checkpoint=str(log),
                        others=value + 2)
    # a malformed entry: one line, naming the file
    bad = tmp_path / "bad.claims"
    qb = {"kind": "lower-bound-certificate", "goal": json.loads(
        gzip.decompress((tmp_path / "c.gz").read_bytes()).decode().splitlines()[0])}
    qb["goal"].pop("claims")
    with CheckpointLog(str(bad), qb) as out:
        out.append("c0", {"answers": "all"})
    with pytest.raises(WordleError, match="malformed entry"):
        certify_ranking(NativeSearcher(lists, mode, 6), best, value, tmp_path / "g.gz", checkpoint=str(bad))
    # a claim raised in the checkpoint: the certificate made from it fails its check
    question = {"kind": "lower-bound-certificate", "goal": json.loads(
        gzip.decompress((tmp_path / "c.gz").read_bytes()).decode().splitlines()[0])}
    question["goal"].pop("claims")
    entries = load_log(str(log), question)
    forged = tmp_path / "f.claims"
    with CheckpointLog(str(forged), question) as out:
        for key, row in entries.items():
            if key.startswith("c") and row["by"] and row["at_least"] != "inf":
                row = {**row, "at_least": row["at_least"] + 1}
            out.append(key, row)
    certify_ranking(NativeSearcher(lists, mode, 6), best, value, tmp_path / "f.gz", checkpoint=str(forged))
    with pytest.raises(BoundFault):
        check_lower_bound(tmp_path / "f.gz", lists.guesses, lists.answers)
