"""analyze: Selby's skill-and-luck analysis of a played game, every value checked against an
independent computation (a plain brute force on tiny lists, the forced-word search on real ones)."""
import functools
import json
from fractions import Fraction

import pytest

from test_native_search import tiny_instance
from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.modes import guess_allowed
from wordlelab.models.tree import to_json
from wordlelab.solvers.search.rank.analysis import TREES_PER_STATE, analyze, choice_label, luck_label
from wordlelab.solvers.search.rank.first_guesses import first_guess_ranking, kept_trees
from wordlelab.solvers.search.native import NativeSearcher

INF = float("inf")


class Brute:
    """Least totals by plain exhaustive search over every allowed guess, memoised; shares
    nothing with the native searcher but the feedback rule and the mode rule."""

    def __init__(self, guesses, mode):
        self.guesses, self.mode = tuple(guesses), mode

    @functools.lru_cache(maxsize=None)
    def best(self, H, allowed, d):
        if d == 0:
            return INF
        if len(H) == 1:
            return 1
        return min(self.forced(H, allowed, d, g) for g in allowed)

    @functools.lru_cache(maxsize=None)
    def forced(self, H, allowed, d, g):
        if d == 0:
            return INF
        parts = {}
        for a in H:
            parts.setdefault(feedback(g, a), []).append(a)
        total = len(H)
        for p, group in parts.items():
            if p != ALL_GREEN:
                sub = tuple(w for w in allowed if guess_allowed(self.mode, [(g, p)], w))
                total += self.best(tuple(group), sub, d - 1)
        return total

    def expected_rows(self, answers, moves, max_guesses):
        """(word total, best total, best words, answers before, total after or 0/None) per move."""
        H, allowed, history, out = tuple(answers), self.guesses, [], []
        for k, (w, p) in enumerate(moves[:max_guesses], 1):
            d = max_guesses - k + 1
            values = {g: self.forced(H, allowed, d, g) for g in allowed}
            best = min(values.values())
            ties = sorted(g for g, v in values.items() if v == best) if best < INF else []
            history.append((w, p))
            after_H = tuple(a for a in H if feedback(w, a) == p)
            after_allowed = tuple(g for g in allowed if guess_allowed(self.mode, [(w, p)], g))
            after = 0 if p == ALL_GREEN else self.best(after_H, after_allowed, d - 1)
            out.append((values[w], best, ties, len(H), after, len(after_H)))
            H, allowed = after_H, after_allowed
        return out


def _frac(total, n):
    return None if total == INF else Fraction(total, n)


def _check_against_brute(r, brute, answers, moves, max_guesses):
    rows = r.stats.moves
    expected = brute.expected_rows(answers, moves, max_guesses)
    assert len(rows) == 2 * len(expected)
    for (word_row, colour_row), (t, b, ties, n, after, n_after) in zip(zip(rows[::2], rows[1::2]), expected):
        assert word_row["total"] == (None if t == INF else t)
        assert word_row["best_total"] == (None if b == INF else b) and word_row["best"] == ties
        assert word_row["answers"] == n and colour_row["answers"] == n_after
        committed, best_e = _frac(t, n), _frac(b, n)
        inacc = None if committed is None or best_e is None else committed - best_e
        assert (None if word_row["exact"] is None else Fraction(word_row["exact"])) == inacc
        assert word_row["label"] == (choice_label(inacc) if inacc is not None or b == INF else "Very bad choice")
        e_after = _frac(after, n_after)
        luck = None if committed is None or e_after is None else committed - 1 - e_after
        assert (None if colour_row["exact"] is None else Fraction(colour_row["exact"])) == luck
        assert colour_row["label"] == (luck_label(luck) if luck is not None or e_after is None else "Very lucky")
        assert (word_row["note"] == "") == (inacc is not None) and (colour_row["note"] == "") == (luck is not None)


def _tiny_game(seed, mode):
    answers, guesses = tiny_instance(300 + seed, n_answers=9, n_guesses=14)
    lists = WordLists("tiny", tuple(guesses), tuple(answers))
    secret = answers[seed % len(answers)]
    words, history = [guesses[seed % len(guesses)]], []
    # a second guess the mode allows, then the answer (unless the first guess was it)
    history.append((words[0], feedback(words[0], secret)))
    if words[0] != secret:
        second = next(g for g in reversed(guesses) if guess_allowed(mode, history, g) and g != words[0])
        if second != secret:
            words.append(second)
        words.append(secret)
    return lists, answers, guesses, [(w, feedback(w, secret)) for w in words]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("max_guesses", [3, 5])
def test_values_match_brute_force(tmp_path, seed, mode, max_guesses):
    lists, answers, guesses, moves = _tiny_game(seed, mode)
    game = ".".join(f"{w}.{pattern_string(p)}" for w, p in moves)
    r = analyze(lists, game, mode, max_guesses, root_checkpoint=tmp_path / "rank.json")
    assert r.status == "OPTIMAL" and r.verified and r.certificate_kind == "trees"
    _check_against_brute(r, Brute(guesses, mode), answers, moves, max_guesses)
    # every tree in the certificate is for what it says, and verified again here
    from wordlelab.models.state import parse_state
    from wordlelab.models.verify import verify_tree
    for t in r.certificate:
        history = parse_state(t["state"], lists, mode).history if t["state"] else ()
        left = parse_state(t["state"], lists, mode).answers if t["state"] else answers
        report = verify_tree(t["tree"], left, guesses, mode, history, max_guesses - len(history))
        assert report.total == t["total"] and t["tree"].guess == t["guess"]
    # at most TREES_PER_STATE of a state's tying best guesses are solved again, and the word played
    played = {(r.stats.moves[i]["state"], r.stats.moves[i]["played"]) for i in range(0, len(r.stats.moves), 2)}
    for row in r.stats.moves[::2]:
        solved = {t["guess"] for t in r.certificate if t["state"] == row["state"]} - {row["played"]}
        assert solved == set(row["best"][:TREES_PER_STATE]) - {row["played"]}
    assert played <= {(t["state"], t["guess"]) for t in r.certificate} | {
        (m["state"], m["played"]) for m in r.stats.moves[::2] if m["total"] is None}


def test_short_form_and_a_last_guess_without_colours(tmp_path):
    lists, answers, guesses, moves = _tiny_game(1, "easy")
    words = [w for w, _ in moves]
    full = ".".join(f"{w}.{pattern_string(p)}" for w, p in moves)
    rank = tmp_path / "rank.json"
    a = analyze(lists, full, root_checkpoint=rank)
    b = analyze(lists, ".".join(words).upper(), root_checkpoint=rank)
    c = analyze(lists, full.rsplit(".", 1)[0], root_checkpoint=rank)     # the answer without GGGGG
    assert a.stats.moves == b.stats.moves == c.stats.moves
    assert a.stats.colours_given and not b.stats.colours_given and c.stats.colours_given


def _six():
    words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    return WordLists("six", words + ("zzzzz",), words)


@pytest.mark.parametrize("game, message", [
    ("humph.sissy.zzzzz", "is not an answer of six"),                  # short form: the last is the answer
    ("humph.BBBBB.blush", "cannot be the answer"),                      # no colours, not possible
    ("humph.BBBBB.qqqqq", "'qqqqq' .* is not in the guess list six"),   # no colours, not a word at all
    ("humph.BBBBB.sissy.GGGGG.awake", "won at guess 2"),
    ("sissy.rebut.sissy", "won at guess 1"),
    ("humph.BBBBB.sissy.XYZ", "not 'XYZ'"),
    ("humph..sissy", "malformed game"),
    ("humph.GGGGG.sissy", "won at guess 1"),
    ("humph.BBBBY.sissy.BBBBB", "no answer in six fits"),
    ("hump.sissy", "is not a 5-letter word"),
    ("humph.bbbbb.sissy.bbbbb.awake.bbbbb.cigar.bbybb", "no answer"),
])
def test_bad_games_are_one_line_errors(tmp_path, game, message):
    with pytest.raises(WordleError, match=message):
        analyze(_six(), game, root_checkpoint=tmp_path / "rank.json")


def test_hard_mode_rejects_an_illegal_guess_and_rates_legal_play(tmp_path):
    lists, answers, guesses, moves = _tiny_game(2, "hard")
    w, p = moves[0]
    illegal = [g for g in guesses if not guess_allowed("hard", [(w, p)], g)]
    if illegal:
        with pytest.raises(WordleError, match="not allowed in hard mode"):
            analyze(lists, f"{w}.{pattern_string(p)}.{illegal[0]}.BBBBB", "hard", root_checkpoint=tmp_path / "h.json")
    game = ".".join(f"{w}.{pattern_string(p)}" for w, p in moves)
    easy = analyze(lists, game, "easy", root_checkpoint=tmp_path / "e.json")
    hard = analyze(lists, game, "hard", root_checkpoint=tmp_path / "h.json")
    # hard mode only takes guesses away: no state is easier to finish
    for e, h in zip(easy.stats.moves, hard.stats.moves):
        if e["kind"] == "word" and e["best_total"] is not None and h["best_total"] is not None:
            assert h["best_total"] >= e["best_total"]


def test_a_game_longer_than_the_limit(tmp_path):
    lists = _six()
    r = analyze(lists, "humph.awake.cigar.sissy", max_guesses=2, root_checkpoint=tmp_path / "rank.json")
    st = r.stats
    assert st.guesses_played == 4 and st.guesses_analysed == 2
    assert st.not_analysed == ["cigar.BGBBB", "sissy.GGGGG"]
    # within 2 guesses humph cannot find every answer (rebut can): infinitely inaccurate; its
    # colours leave three answers for one guess, so nothing after it is a number
    assert [m["value"] for m in st.moves] == [None] * 4
    assert [m["note"].split(":")[0] for m in st.moves] == ["infinite", "undefined", "undefined", "undefined"]
    assert st.moves[0]["best"] == ["rebut"] and st.moves[0]["best_total"] == 11
    assert r.value == {"inaccuracy": None, "luck": None} and st.total_luck["label"] == "Not rated"
    lucky = analyze(lists, "humph.blush", max_guesses=2, root_checkpoint=tmp_path / "rank.json").stats
    # humph.BYBBG leaves blush alone: the unsafe word was saved by its colours
    assert [m["note"].split(":")[0] for m in lucky.moves] == ["infinite", "infinity", "", ""]
    assert lucky.moves[1]["label"] == "Very lucky" and lucky.total_luck["value"] is None
    _check_against_brute(r, Brute(lists.guesses, "easy"), lists.answers,
                         [(w, feedback(w, "sissy")) for w in ("humph", "awake", "cigar", "sissy")], 2)


def test_cli_seven_guesses_explains_what_is_analysed(tmp_path, cli_run):
    words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "pupal")
    (tmp_path / "w.txt").write_text("\n".join(words) + "\n")
    game = "humph.cigar.rebut.awake.blush.focal.pupal.sissy"
    base = ["analyze", game, "--guesses", str(tmp_path / "w.txt"), "--answers", str(tmp_path / "w.txt"),
            "--first-guesses", str(tmp_path / "rank.json")]
    r = cli_run(base)
    assert "this game took 8 guesses and the limit is 6" in r.out and "pupal.BBBBB sissy.GGGGG" in r.out
    assert "Traceback" not in r.output
    whole = json.loads(cli_run(base[:-2] + ["--max-guesses", "8", "--first-guesses", str(tmp_path / "r8.json"),
                                            "--json"]).out)
    assert whole["stats"]["not_analysed"] == [] and whole["stats"]["guesses_analysed"] == 8


def test_cli_json_and_text(tmp_path, cli_run):
    (tmp_path / "w.txt").write_text("\n".join(_six().answers) + "\n")
    common = ["--guesses", str(tmp_path / "w.txt"), "--answers", str(tmp_path / "w.txt"),
              "--first-guesses", str(tmp_path / "rank.json")]
    data = json.loads(cli_run(["analyze", "humph.sissy", *common, "--json"]).out)
    assert set(data) == {"question", "method", "status", "value", "bound", "certificate_kind", "certificate",
                         "verified", "heuristic", "seconds", "stats", "rests_on", "claimed", "schema"}
    assert data["status"] == "OPTIMAL" and data["verified"] and data["certificate_kind"] == "trees"
    assert {"state", "guess", "total", "source", "tree"} <= set(data["certificate"][0])
    st = data["stats"]
    assert {"game", "colours_given", "won", "moves", "guesses_played", "guesses_analysed", "not_analysed",
            "total_inaccuracy", "total_luck", "first_guesses", "trees_verified"} <= set(st)
    assert {"move", "kind", "played", "state", "answers", "total", "expected", "best", "label", "value", "exact",
            "note"} <= set(st["moves"][0])
    assert data["value"] == {"inaccuracy": st["total_inaccuracy"]["value"], "luck": st["total_luck"]["value"]}
    text = cli_run(["analyze", "humph.sissy", *common]).out
    assert "Total rating of word choices: Fair choices (total inaccuracy 0.3333)" in text and "Total luck from patterns" in text
    assert "humph" in text and "rebut (1.8333)" in text
    bad = cli_run(["analyze", "humph.sissy.blush.GGGGG", *common], expect_error=True)
    assert bad.code == 2 and bad.err.startswith("error:") and len(bad.err.strip().splitlines()) == 1


def test_the_ranking_and_the_best_trees_are_kept_and_rechecked(tmp_path):
    lists = _six()
    s = NativeSearcher(lists)
    rank = tmp_path / "rank.json"
    first = analyze(lists, "humph.sissy", root_checkpoint=rank, searcher=s)
    assert first.stats.first_guesses["computed_now"]
    kept = kept_trees(s, rank)
    assert set(kept) == {"rebut"} and kept["rebut"][1] == 11
    again = analyze(lists, "humph.sissy", root_checkpoint=rank)
    assert not again.stats.first_guesses["computed_now"]
    assert [t["source"] for t in again.certificate if t["guess"] == "rebut"] == ["kept, verified"]
    assert again.stats.moves == first.stats.moves
    # a kept tree that the verifier refuses is not used: the best first guess is searched again
    trees_file = rank.with_name("rank.best-trees.json")
    data = json.loads(trees_file.read_text())
    broken = to_json(kept["rebut"][0])
    broken["branches"] = dict(list(broken["branches"].items())[1:])       # an answer left unsolved
    data["trees"]["rebut"] = broken
    trees_file.write_text(json.dumps(data))
    assert kept_trees(s, rank) == {}
    third = analyze(lists, "humph.sissy", root_checkpoint=rank)
    assert [t["source"] for t in third.certificate if t["guess"] == "rebut"] == ["search, verified"]
    assert kept_trees(NativeSearcher(lists), rank)["rebut"][1] == 11         # written again


def test_a_best_start_checkpoint_serves_as_the_ranking(tmp_path, cli_run):
    answers, guesses = tiny_instance(7, n_answers=9, n_guesses=14)
    (tmp_path / "g.txt").write_text("\n".join(guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    lists_args = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    cli_run(["best-start", *lists_args, "--top", "3", "--checkpoint", str(tmp_path / "rank.json"), "--workers", "1"])
    game = f"{guesses[0]}.{answers[0]}"
    data = json.loads(cli_run(["analyze", game, *lists_args, "--first-guesses", str(tmp_path / "rank.json"),
                               "--json"]).out)
    assert not data["stats"]["first_guesses"]["computed_now"]
    lists = load_lists(guesses_file=str(tmp_path / "g.txt"), answers=str(tmp_path / "a.txt"))
    rows, _ = first_guess_ranking(NativeSearcher(lists), tmp_path / "rank.json")
    brute = Brute(lists.guesses, "easy")
    best = min(brute.forced(tuple(lists.answers), lists.guesses, 6, g) for g in lists.guesses)
    assert data["stats"]["moves"][0]["best_total"] == best == rows[0][1]


def test_labels_use_selbys_thresholds_exactly():
    assert choice_label(Fraction(0)) == "Perfect choice!" and choice_label(Fraction(1, 10**9)) == "Near perfect choice"
    assert choice_label(Fraction(5, 100)) == "Good choice" and choice_label(Fraction(1, 2)) == "Very bad choice"
    assert choice_label(Fraction(0), total=True) == "Perfect choices!"
    assert choice_label(Fraction(4257, 10000), total=True) == "Not great choices"
    assert luck_label(Fraction(-1)) == "Unlucky" and luck_label(Fraction(-101, 100)) == "Very unlucky"
    assert luck_label(Fraction(1, 10)) == "Slightly lucky" and luck_label(Fraction(1)) == "Very lucky"
    assert choice_label(None) == luck_label(None) == "Not rated"


def test_a_real_list_game_with_small_states(tmp_path, lists_0316):
    """nyt20220316's 12972 guesses against 58 of its answers: each value equals the forced-word
    search's, and each best word the hint's."""
    from wordlelab.solvers.search.rank.hint import hint
    answers = lists_0316.answers[::40]
    lists = WordLists("nyt20220316-58", lists_0316.guesses, answers)
    game = f"salet.handy.{answers[10]}"
    r = analyze(lists, game, root_checkpoint=tmp_path / "rank.json")
    s = NativeSearcher(lists)
    for row in r.stats.moves:
        if row["kind"] != "word":
            continue
        assert row["total"] == s.solve(start=row["played"], state=row["state"] or None).value
        if row["state"]:
            h = hint(lists, row["state"], top=1, searcher=s)
            assert h.value == row["best_total"] and h.stats.guesses[0]["guess"] in row["best"]
    ranking, _ = first_guess_ranking(s, tmp_path / "rank.json")
    assert r.stats.moves[0]["best_total"] == ranking[0][1] == s.solve(start=ranking[0][0]).value


@pytest.mark.slow
def test_selbys_two_games_on_nyt20220316(lists_0316):
    """The article's figures (part 2, "Analysis of your play"): ours are exact, his heuristic;
    on these two games they agree to the 4 decimals he prints."""
    r = analyze(lists_0316, "salet.bybbb.handy.bygbg", workers=2)
    values = [round(m["value"], 4) for m in r.stats.moves]
    assert values == [0.0, -0.1344, 0.4257, 0.9802]
    assert [m["label"] for m in r.stats.moves] == ["Perfect choice!", "Slightly unlucky", "Bad choice", "Lucky"]
    assert r.stats.moves[2]["best"] == ["brond"]
    assert round(r.value["inaccuracy"], 4) == 0.4257 and round(r.value["luck"], 4) == 0.8458
    r = analyze(lists_0316, "crate.lions.focus", workers=2)
    values = [round(m["value"], 4) for m in r.stats.moves]
    assert values == [0.0022, 0.0223, 0.08, 0.48, 0.0, 0.0]
    assert r.stats.moves[0]["best"] == ["salet"] and "spoil" in r.stats.moves[2]["best"]
    assert round(r.value["inaccuracy"], 4) == 0.0822 and round(r.value["luck"], 4) == 0.5023


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_certified_best_choices_are_checked_by_the_independent_checker(tmp_path, mode):
    from wordlelab.models.lower_bound import check_lower_bound
    from wordlelab.solvers.search.rank.analysis import certify_analysis
    lists, answers, guesses, moves = _tiny_game(1, mode)
    game = ".".join(f"{w}.{pattern_string(p)}" for w, p in moves)
    searcher = NativeSearcher(lists, mode, 5)
    r = analyze(lists, game, mode, 5, root_checkpoint=tmp_path / "rank.json", searcher=searcher)
    rows = certify_analysis(searcher, r, tmp_path / "certs")
    later = [m for m in r.stats.moves if m["kind"] == "word" and m["state"] and m["best_total"] is not None]
    assert rows and len(rows) == len(later) and r.stats.as_dict()["certificates"] == rows
    for row, m in zip(rows, later):
        report = check_lower_bound(row["file"], guesses, answers)
        assert report.state() == m["state"] and str(m["best_total"]) in report.statement()
