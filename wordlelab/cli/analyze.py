"""``wordlelab analyze``: skill and luck in a played game, every value exact (Selby's ``-A``)."""
from __future__ import annotations

import os

import click

from wordlelab.cli.common import json_option, lists_options, mode_option
from wordlelab.cli.console import emit_json, err, out, progress, table
from wordlelab.cli.options import OutputDir, workers_type, setting_option

SHOW_TIES = 4


def _best(words: list[str], expected) -> str:
    if not words:
        return ""
    shown = " ".join(words[:SHOW_TIES]) + (f" +{len(words) - SHOW_TIES} tied" if len(words) > SHOW_TIES else "")
    return f"{shown} ({expected:.4f})"


def _value(row) -> str:
    if row["value"] is not None:
        return f"{row['value']:.4f}"
    return {"infinite": "infinity", "infinity": "+infinity"}.get(row["note"].split(":")[0], "undefined")


def _rows(moves) -> list[list]:
    rows = []
    for i, m in enumerate(moves):
        expected = "not within the limit" if m["expected"] is None else f"{m['expected']:.4f}"
        if m["kind"] == "word":
            rows.append([m["move"], m["played"], m["label"], _value(m), "", expected,
                         _best(m["best"], m["best_expected"]) if m["best_total"] is not None else "none within the limit",
                         m["answers"]])
        else:
            if m["played"] == "GGGGG":
                expected = "found"
            # after the last pattern of a game not won: the best next guess
            best = _best(m["best"], m["expected"]) if i == len(moves) - 1 and m["played"] != "GGGGG" else ""
            rows.append(["", m["played"], m["label"], "", _value(m), expected, best, m["answers"]])
    return rows


def _limit_message(st, max_guesses) -> str:
    n, done = st.guesses_played, st.guesses_analysed
    return (f"this game took {n} guesses and the limit is {max_guesses} (--max-guesses): guesses 1-{done} and their "
            f"patterns are analysed against that limit; the rest ({' '.join(st.not_analysed)}) come after it and "
            f"are not. --max-guesses {n} analyses the whole game against a limit of {n} (its first-guess ranking "
            f"is computed once, a few minutes)")


@click.command(epilog="""\b
Examples:
  wordlelab analyze salet.bybbb.handy.bygbg --lists nyt20220316
  wordlelab analyze crate.lions.focus --lists nyt20220316
The first analysis for a set of lists, mode and guess limit ranks every first guess with
proof (a best-start sweep: on 2 cores about 4 min for nyt20220316, 10 in hard mode) and
keeps the ranking in the cache directory; later analyses read it.""")
@click.argument("game")
@lists_options
@mode_option
@click.option("--max-guesses", default=6, show_default=True, type=click.IntRange(1, 20),
              help="the guess limit the values are taken under (the game's rule)")
@click.option("--first-guesses", "ranking_file", default=None, type=click.Path(dir_okay=False),
              help="the proven ranking of the first guesses: a best-start checkpoint for the same lists, mode and "
                   "limit (e.g. from 'wordlelab best-start --checkpoint F'); made if absent. Default: kept in the "
                   "cache directory")
@setting_option("workers", type=workers_type(),
              help="processes for ranking the first guesses, when it has to be done (default: all cores)")
@click.option("--certify", "certify_dir", default=None, type=OutputDir(), metavar="DIR",
              help="write and check, for each word after the first, a lower-bound certificate that its best "
                   "choice is best (DIR/move-K.bound.gz; 'wordlelab verify-bound' re-checks one); easy and hard mode")
@json_option
def analyze(game, lists, mode, max_guesses, ranking_file, workers, certify_dir, as_json):
    """Skill and luck in a played game: each word's inaccuracy and each pattern's luck, exact.

    GAME is guess.PATTERN.guess.PATTERN... (crate.YBBBB.lions.BBYBG.focus.GGGGG), or only the
    guesses when the last one is the answer (crate.lions.focus). Inaccuracy: the expected
    number of guesses with the word played, less that with the best word. Luck: the expected
    number with the word played, less one, less that after its pattern. Labels and thresholds
    are Selby's.
    """
    from wordlelab.solvers.search.rank.analysis import analyze as run
    if certify_dir and mode == "strict":
        from wordlelab.errors import WordleError
        raise WordleError("--certify: lower-bound certificates are made in easy and hard mode only")
    from wordlelab.solvers.search.native import NativeSearcher
    searcher = NativeSearcher(lists, mode, max_guesses)
    r = run(lists, game, mode, max_guesses, ranking_file, workers or os.cpu_count() or 1,
            progress_bar=None if as_json else progress, announce=err.print, searcher=searcher)
    if certify_dir:
        from wordlelab.solvers.search.rank.analysis import certify_analysis
        with progress("certificates", None, enabled=not as_json) as advance:
            certify_analysis(searcher, r, certify_dir, progress=advance)
    if as_json:
        emit_json(r.as_dict())
        return
    st = r.stats
    short = "" if st.colours_given else " (patterns computed from the answer, the last guess)"
    out.print(f"{st.game}{short}: {mode} mode, {lists.name}, at most {max_guesses} guesses")
    if st.not_analysed:
        out.print(_limit_message(st, max_guesses))
    table(None, ["move", "played", "rating", "inaccuracy", "luck", "expected", "best choice (expected)", "answers"],
          _rows(st.moves))
    for m in st.moves:
        if m["note"]:
            out.print(f"move {m['move']}, {m['played']}: {m['note']}")
    ti, tl = st.total_inaccuracy, st.total_luck
    out.print(f"Total rating of word choices: {ti['label']} (total inaccuracy "
              f"{'not computable: a move is not rated' if ti['value'] is None else format(ti['value'], '.4f')})")
    out.print(f"Total luck from patterns: {tl['label']} (total luck "
              f"{'not computable: a pattern is not rated' if tl['value'] is None else format(tl['value'], '.4f')})")
    fg = st.first_guesses
    out.print(f"expected: further guesses, counting the next one. Every value exact; {st.trees_verified} trees "
              f"checked by the independent verifier; first guesses ranked with proof "
              f"{'now' if fg['computed_now'] else 'by an earlier run'} ({fg['file']})")
    for c in st.certificates or ():
        out.print(f"move {c['move']}: {' '.join(w.upper() for w in c['best'])} best at {c['state']}, total "
                  f"{c['total']}: both halves checked (tree verified; lower bound certified, {c['claims']} claims, "
                  f"{c['bytes']} bytes in {c['file']}, checked in {c['check_seconds']:.1f} s)")
    if st.certificates is not None:
        out.print("certified: each later move's best choice, and that every other choice there is worse; the "
                  "first move's best rests on the first guesses' ranking ('wordlelab certify-ranking' certifies it)")
    from wordlelab.cli.common import show_rests_on
    show_rests_on(r)


COMMANDS = [analyze]
