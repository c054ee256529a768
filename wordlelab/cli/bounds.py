"""The commands of lower-bound certificates: verify-bound checks one, certify-ranking makes a ranking's."""
from __future__ import annotations

import os

import click

from wordlelab.cli.common import json_option, lists_options
from wordlelab.cli.console import emit_json, out, progress
from wordlelab.cli.options import OutputFile, setting_option


@click.command("verify-bound", epilog="""\b
Example:
  wordlelab solve --start salet --lists nyt20220316 --certify salet.bound.gz
  wordlelab verify-bound salet.bound.gz --lists nyt20220316""")
@click.argument("certificate_file", type=click.Path())
@lists_options
@json_option
def verify_bound(certificate_file, lists, as_json):
    """Independently check a lower-bound certificate ('solve --certify'): no strategy totals less.

    The checker computes its own replies and shares no code with the search. Exit code 0 when
    every claim holds, 1 naming the first claim that fails, 2 for a file that cannot be read.
    """
    from wordlelab.cli.exits import check_failed
    from wordlelab.models.lower_bound import BoundFault
    try:
        report = _check(certificate_file, lists, as_json)
    except BoundFault as e:
        check_failed(f"INVALID: {e}", {"valid": False, "fault": str(e), "certificate": certificate_file}, as_json)
    size = os.path.getsize(certificate_file)
    if as_json:
        emit_json({"valid": True, "certificate": certificate_file, "bytes": size, **report.as_dict()})
        return
    out.print(f"valid lower-bound certificate ({report.claims} claims, {size} bytes): {report.statement()}")
    out.print(f"checked in {report.seconds:.2f} s ({report.guesses_checked} guesses bounded at the claims' nodes)")


@click.command("certify-ranking", epilog="""\b
Examples:
  wordlelab certify-ranking best.bound.gz --lists nyt20220316 --best salet
  wordlelab certify-ranking hint.bound.gz --lists nyt20220316 --state salet.BBBYB
  wordlelab certify-ranking hint.bound.gz --lists nyt20220316 --state salet.BBBBB --checkpoint hint.claims""")
@click.argument("certificate_file", type=OutputFile())
@lists_options
@click.option("--mode", type=click.Choice(["easy", "hard"], case_sensitive=False), default="easy", show_default=True,
              help="the game's mode")
@click.option("--max-guesses", default=6, show_default=True, type=click.IntRange(1, 20),
              help="every answer within this many guesses")
@click.option("--best", "best_words", default=None, metavar="WORD[,WORD...]",
              help="the best first word, or the words tied for best (default: ranked here, on one core, as "
                   "'best-start --top 1' ranks them); with --state, the best next guess")
@click.option("--state", "state_text", default=None, metavar="STATE",
              help="certify the best next guess from this game state (guess.PATTERN..., e.g. salet.BBBYB), "
                   "as 'hint' finds it")
@setting_option("checkpoint", help="a log of the claims written and the first words done; a stopped run "
                                   "resumes from it")
@json_option
def certify_ranking(certificate_file, lists, mode, max_guesses, best_words, state_text, checkpoint, as_json):
    """Certify that the best first word (or next guess) is best: one certificate, checked before this returns.

    Solves each best word (a verified tree), then writes the certificate that every strategy
    totals at least their total and every strategy starting with another word at least one
    more, and checks it with the independent checker ('wordlelab verify-bound' re-checks it).
    Both halves of "WORD is the best first word" are then checked. With --state, the same from
    that game state: the checker rebuilds the answers left from the state's guesses and replies,
    and "WORD is the best next guess" (the first row of 'hint') is checked in both halves. Exit code 0
    when it holds, 2 when a word given is not best (another word is not bounded above it).
    """
    import time

    from wordlelab.errors import WordleError
    from wordlelab.models.lower_bound import BoundFault
    from wordlelab.models.result import Status
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.best_start import SWEEP_TABLE_ENTRIES
    from wordlelab.solvers.search.rank.certify import certify_ranking as certify
    from wordlelab.solvers.search.rank.certify import state_node
    searcher = NativeSearcher(lists, mode.lower(), max_guesses, cache_entries=SWEEP_TABLE_ENTRIES)
    t0 = time.perf_counter()
    state_text = state_text.strip() if state_text else None
    node, history, _ = state_node(searcher, state_text)
    which = "next guess" if state_text else "first word"
    if best_words is None:
        rows = searcher.rank(node, top=1)
        best_words = ",".join(w for w, v, exact in rows if exact and v == rows[0][1])
        if not best_words:
            raise WordleError(f"no {which} has a strategy within {max_guesses} guesses")
    words = [w.strip().lower() for w in best_words.split(",") if w.strip()]
    if not words or len(set(words)) != len(words):
        raise WordleError("--best takes one word, or words tied for best, each once")
    values = {}
    for w in words:
        with progress(f"solving {w.upper()}", None, enabled=not as_json) as advance:
            res = searcher.solve(start=w, state=state_text, progress=advance)
        if res.status != Status.OPTIMAL:
            raise WordleError(f"{w.upper()} has no strategy within {max_guesses} guesses: it is not a best {which}")
        values[w] = int(res.value)
    if len(set(values.values())) > 1:
        raise WordleError("the words given are not tied: " + ", ".join(f"{w.upper()} {v}" for w, v in values.items()))
    value = values[words[0]]
    solve_seconds = time.perf_counter() - t0
    with progress(f"{which}s bounded", None, enabled=not as_json) as advance:
        made = certify(searcher, words, value, certificate_file, state=state_text, checkpoint=checkpoint,
                       progress=lambda done, total, claims: advance(1, info=f"{claims} claims", total=total))
    try:
        report = _check(certificate_file, lists, as_json, made["claims"])
    except BoundFault as e:
        raise WordleError(f"internal error: the certificate {certificate_file} fails its check: {e}") from None
    if report.history != history:
        raise WordleError(f"internal error: the certificate {certificate_file} proves another claim: {report.statement()}")
    size = os.path.getsize(certificate_file)
    figures = {"best": words, "value": value, "certificate": certificate_file, "bytes": size, "claims": made["claims"],
               "solve_seconds": round(solve_seconds, 3), "certify_seconds": made["seconds"], "resumed": made["resumed"],
               "check_seconds": round(report.seconds, 3), "statement": report.statement()}
    if state_text:
        figures.update(state=report.state(), answers_left=report.answers_left)
    if as_json:
        emit_json({"verified_halves": "both", **figures})
        return
    where = f"from {report.state()} ({report.answers_left} answers left), " if state_text else ""
    plural = {"first word": "first words", "next guess": "next guesses"}[which] if len(words) > 1 else which
    out.print(f"{where}{' and '.join(w.upper() for w in words)} {value}: the best {plural}, both halves checked (the tree{'s' if len(words) > 1 else ''} "
              f"verified, the lower bound certified)")
    resumed = f" ({made['resumed']} read back from {checkpoint})" if made["resumed"] else ""
    out.print(f"certificate: {made['claims']} claims{resumed}, {size} bytes in {certificate_file}; solved in "
              f"{solve_seconds:.1f} s, made in {made['seconds']:.1f} s, checked in {report.seconds:.1f} s")
    out.print(f"proven: {report.statement()}")


def _check(path, lists, as_json, claims=None):
    """check_lower_bound with a progress bar (a large certificate takes minutes to check)."""
    from wordlelab.models.lower_bound import check_lower_bound
    with progress("claims checked", claims, enabled=not as_json) as advance:
        done = [0]

        def step(n):
            advance(n - done[0])
            done[0] = n
        return check_lower_bound(path, lists.guesses, lists.answers, progress=step)


COMMANDS = [verify_bound, certify_ranking]
