"""``wordlelab recheck``: every claim of a folder of long runs re-checked from its certificates.

The work is :class:`wordlelab.solvers.recheck.Recheck`; this module parses and renders its rows.
"""
from __future__ import annotations

import sys
from contextlib import ExitStack

import click

from wordlelab.cli.common import json_option
from wordlelab.cli.options import positive

COLUMNS = ["claim", "status", "verified", "seconds"]


@click.command(epilog="Example: wordlelab recheck runs --only rank-all-easy --only gumbo-bbbbb-seed")
@click.argument("folder", default="runs", type=click.Path(file_okay=False))
@click.option("--only", multiple=True, metavar="NAME",
              help="re-check only this claim file (its name, with or without .json); repeat for more")
@click.option("--limit-seconds", type=positive(float), default=None,
              help="a budget for each claim file: what it leaves unchecked is counted so, never as verified")
@click.option("--word-files", type=click.Path(file_okay=False, exists=True), default=None,
              help="a folder holding the word files of claims made with --guesses FILE --answers FILE")
@json_option
def recheck(folder, only, limit_seconds, word_files, as_json):
    """Re-check every claim file of FOLDER (runs/) from its certificates, with the independent
    checkers only: trees by the verifier, cores by the pure-Python checker.

    One row a file: its claim, the status its run reports, what was verified now (certificates
    passed of those it holds; what the claim takes unchecked, such as that nothing beats a least
    total), and the seconds it took. Exit code 1 if a certificate fails; Ctrl-C prints the rows
    done, the one in hand marked stopped, and exits 130. A whole hard-mode sweep's cores take
    hours: --only and --limit-seconds choose what fits.
    """
    from wordlelab.solvers.recheck import Recheck
    with ExitStack() as bars:
        shown = {}

        def progress(claim, done, total, info):
            from wordlelab.cli.console import progress as bar
            if claim not in shown:
                bars.close()
                shown.clear()
                shown[claim] = [bars.enter_context(bar(f"recheck {claim}", total, enabled=not as_json)), 0]
            advance, at = shown[claim]
            if done > at:
                advance(done - at, info=info)
                shown[claim][1] = done

        run = Recheck(folder, limit_seconds, progress, word_files)
        try:
            run.run(only)
        except KeyboardInterrupt:
            bars.close()
            _render(run.rows, as_json)
            raise
    _render(run.rows, as_json)
    if any(row.outcome == "fault" for row in run.rows):
        sys.exit(1)


def _render(rows, as_json: bool) -> None:
    if as_json:
        from wordlelab.cli.console import emit_json
        emit_json({"rows": [row.as_dict() for row in rows]})
        return
    from rich.markup import escape        # a fault quotes words and patterns, which rich may read as markup
    from wordlelab.cli.console import table
    table(None, COLUMNS, [[escape(f"{r.claim}: {r.question}"), r.status, escape(r.verified), f"{r.seconds:.1f}"]
                          for r in rows])
    from collections import Counter
    from wordlelab.cli.console import out
    counts = Counter(r.outcome for r in rows)
    words = {"verified": "verified", "partly": "partly re-checked", "none": "nothing to re-check", "fault": "FAULT"}
    out.print(f"{len(rows)} files: " + ", ".join(f"{counts[k]} {w}" for k, w in words.items() if counts[k])
              + f"; {sum(r.seconds for r in rows):.0f} s")


COMMANDS = [recheck]
