"""``wordlelab play``: an interactive helper for a game in progress.

Type each guess with the colours the game showed (``salet BBBYB``); after each one it
shows the answers left and the best next guesses with their proven values (the
``hint`` command's answer). ``undo`` takes a step back, ``quit`` (or Ctrl-D) ends.
A typo or an impossible colour pattern is answered with one line; nothing is lost.
"""
from __future__ import annotations

import click

from wordlelab.cli.common import lists_options, mode_option
from wordlelab.cli.console import out, table
from wordlelab.cli.options import positive
from wordlelab.errors import WordleError

HELP = ("type a guess and its colours, e.g. 'salet BBBYB' (B grey, Y yellow, G green); "
        "'undo' takes back the last one; 'quit' ends")


def _state_text(steps) -> str:
    return ".".join(f"{g}.{p}" for g, p in steps)


@click.command(epilog="""\b
Example:
  wordlelab play --lists nyt20220316
then type, one line each:  salet BBBYB   drone YBBBG   undo   quit""")
@lists_options
@mode_option
@click.option("--top", default=3, show_default=True, type=positive(), help="how many best guesses to show")
def play(lists, mode, top):
    """Play along: type each guess and its colours, get the best next guesses."""
    from wordlelab.models.feedback import ALL_GREEN, check_word, pattern_code, pattern_string
    from wordlelab.models.state import parse_state
    from wordlelab.solvers.search.hint import hint
    from wordlelab.solvers.search.native import NativeSearcher
    searcher = NativeSearcher(lists, mode, 6)     # one searcher: its cache serves every hint of the game
    steps: list[tuple[str, str]] = []
    out.print(f"wordlelab play ({lists.name}, {mode} mode, {len(lists.answers)} answers). {HELP}")
    while True:
        try:
            line = click.prompt(f"guess {len(steps) + 1}", prompt_suffix="> ", default="", show_default=False)
        except (EOFError, click.exceptions.Abort):
            out.print("bye")
            return
        words = line.strip().split()
        if not words:
            continue
        if words[0].lower() in ("quit", "exit", "q"):
            out.print("bye")
            return
        if words[0].lower() == "undo":
            if steps:
                out.print(f"took back {steps.pop()[0]}")
            else:
                out.print("nothing to undo")
            if steps:
                _show(lists, mode, top, steps, searcher, hint, parse_state)
            continue
        if len(words) != 2:
            out.print(f"error: expected a guess and its colours. {HELP}")
            continue
        try:
            word = check_word(words[0])
            pattern = pattern_string(pattern_code(words[1]))
            if word not in lists.guess_index():
                raise WordleError(f"{word!r} is not in the guess list {lists.name}")
            parse_state(_state_text(steps + [(word, pattern)]), lists, mode)
        except WordleError as e:
            out.print(f"error: {e} (nothing changed)")
            continue
        steps.append((word, pattern))
        if pattern_code(pattern) == ALL_GREEN:
            out.print(f"solved in {len(steps)} guess{'es' if len(steps) > 1 else ''}: {word}")
            return
        _show(lists, mode, top, steps, searcher, hint, parse_state)


def _show(lists, mode, top, steps, searcher, hint, parse_state):
    state = _state_text(steps)
    left = parse_state(state, lists, mode).answers
    if len(left) == 1:
        out.print(f"{state}: the answer is {left[0]}")
        return
    r = hint(lists, state, mode, top, searcher=searcher)
    out.print(f"{state}: {len(left)} answers left" + (f": {' '.join(left)}" if len(left) <= 12 else ""))
    if r.status != "OPTIMAL":
        out.print("no strategy finds every answer left within 6 guesses in all")
        return
    table(None, ["guess", "expected further guesses", "total"],
          [[g["guess"] + (" (tie)" if g["tie"] and sum(x["tie"] for x in r.stats["guesses"]) > 1 else ""),
            f"{g['expected']:.4f}", g["total"]] for g in r.stats["guesses"]])


COMMANDS = [play]
