"""The command that checks a lower-bound certificate: verify-bound."""
from __future__ import annotations

import os

import click

from wordlelab.cli.common import json_option, lists_options
from wordlelab.cli.console import emit_json, out


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
    from wordlelab.models.lower_bound import BoundFault, check_lower_bound
    try:
        report = check_lower_bound(certificate_file, lists.guesses, lists.answers)
    except BoundFault as e:
        check_failed(f"INVALID: {e}", {"valid": False, "fault": str(e), "certificate": certificate_file}, as_json)
    size = os.path.getsize(certificate_file)
    if as_json:
        emit_json({"valid": True, "certificate": certificate_file, "bytes": size, **report.as_dict()})
        return
    out.print(f"valid lower-bound certificate ({report.claims} claims, {size} bytes): {report.statement()}")
    out.print(f"checked in {report.seconds:.2f} s ({report.guesses_checked} guesses bounded at the claims' nodes)")


COMMANDS = [verify_bound]
