"""``wordlelab play``: an interactive helper for a game in progress.

Before the first guess it suggests one: the proven best first guesses when the cache keeps
their hint or the ranking of every first guess (seconds; ``hint ''`` with the kept ranking),
otherwise, for the named lists, the best word of the ranking recorded in the README, said to be
recorded and not proven in this session (proving it ranks every first guess: minutes).
Then type each guess with the pattern the game showed, as letters (``salet BBBYB``), digits
(``salet 00010``) or pasted squares (``salet ⬛⬛⬛🟨⬛``); each guess is drawn as coloured tiles,
and answered with the answers left and the best next guesses with their proven values (the
``hint`` command's answer). ``undo`` takes a step back, ``help`` explains, ``quit`` (or Ctrl-D)
ends. A typo, an impossible pattern or a guess already made is answered with one line;
nothing is lost.

What it relies on: every value it prints as proven comes from
:func:`~wordlelab.solvers.search.rank.hint.hint` (searched, or kept and re-verified there); the
recorded first guesses (:data:`RECORDED_BEST`) are printed as records, never as proofs.
"""
from __future__ import annotations

from contextlib import contextmanager

import click

from wordlelab.cli.common import lists_options, mode_option
from wordlelab.cli.console import err, out, table
from wordlelab.cli.options import positive
from wordlelab.errors import WordleError

MAX_GUESSES = 6
HELP = "type a guess and its pattern (salet BBBYB, salet 00010 or pasted squares); 'help' explains"
HELP_TEXT = """\
Type each guess and the pattern the game gave it, one guess a line:
  salet BBBYB    letters: B grey, Y yellow, G green (any case)
  salet 00010    digits: 0 grey, 1 yellow, 2 green
  salet ⬛⬛⬛🟨⬛  squares pasted from a shared result: ⬛ or ⬜ grey, 🟨 yellow, 🟩 green
                 (high-contrast colours: 🟦 yellow, 🟧 green)
After each guess: the answers left, and the best next guesses with the expected number of
guesses still needed (counting that guess) and their total over the answers left, each proven
exactly and its strategy checked by the verifier. Among equal values, possible answers come first.
Commands: undo (take back the last guess), help, quit (or Ctrl-D)."""

# The best first guess of each ranking of every first guess that this project ran and recorded
# (README, "Every first word ranked"), by word-list content key and mode: shown, as a record and
# not as a proof, only when no ranking is kept in this cache, since proving it takes minutes.
RECORDED_BEST = {
    "64d11101812fda6fdb34": {"easy": ("salet", 7897), "hard": ("salet", 8099)},     # nyt20220316
    "a1b7c2e4bdbec714b38c": {"easy": ("tarse", 7883), "hard": ("salet", 8097)},     # nyt20220830
    "f63fe6d64201f184692f": {"easy": ("tarse", 11219), "hard": ("tarse", 11627)},   # nyt20230701
}

# Wordle's own tile colours: grey, yellow, green
TILE_STYLES = ("bold white on #3a3a3c", "bold white on #b59f3b", "bold white on #538d4e")


def tiles(word: str, code: int):
    """A guess as coloured tiles, then its pattern in letters (which is all a pipe shows)."""
    from rich.text import Text

    from wordlelab.models.feedback import code_to_digits, pattern_string
    t = Text()
    for letter, digit in zip(word, code_to_digits(code)):
        t.append(f" {letter.upper()} ", style=TILE_STYLES[digit])
        t.append(" ")
    t.append(f" {pattern_string(code)}")
    return t


def parse_move(line: str) -> tuple[str, int]:
    """(word, pattern code) of a typed move: ``salet BBBYB``, ``salet.00010``, ``SALET ⬛ ⬛ ⬛ 🟨 ⬛``.

    >>> from wordlelab.models.feedback import pattern_string
    >>> [(w, pattern_string(c)) for w, c in map(parse_move, ["SALET bbbyb", "salet.00010"])]
    [('salet', 'BBBYB'), ('salet', 'BBBYB')]
    """
    from wordlelab.models.feedback import check_word, parse_pattern
    words = line.replace(".", " ").split()       # '.' as in a state: salet.BBBYB
    if len(words) < 2:
        raise WordleError("expected a guess and its pattern")
    return check_word(words[0]), parse_pattern("".join(words[1:]))   # squares may come spaced


@contextmanager
def _waiting(text: str):
    """A spinner saying what is being done, where stderr is a terminal (a pipe gets nothing)."""
    if err.is_terminal:
        with err.real().status(text):
            yield
    else:
        yield


def _state_text(steps) -> str:
    from wordlelab.models.feedback import pattern_string
    return ".".join(f"{g}.{pattern_string(p)}" for g, p in steps)


@click.command(epilog="""\b
Example:
  wordlelab play --lists nyt20220316
then type, one line each:  salet BBBYB   drone 10002   undo   help   quit""")
@lists_options
@mode_option
@click.option("--top", default=3, show_default=True, type=positive(), help="how many best guesses to show")
def play(lists, mode, top):
    """Play along: type each guess and its pattern, get the best next guesses."""
    from wordlelab.models.feedback import ALL_GREEN
    from wordlelab.models.state import parse_state
    out.print(f"wordlelab play ({lists.name}, {mode} mode, {len(lists.answers)} answers). {HELP}")
    with _waiting("loading the word lists' patterns"):
        from wordlelab.solvers.search.native import NativeSearcher
        searcher = NativeSearcher(lists, mode, MAX_GUESSES)     # one searcher: its cache serves every hint
    steps: list[tuple[str, int]] = []
    _suggest_first(lists, mode, top, searcher)
    while True:
        try:
            line = click.prompt(f"guess {len(steps) + 1}", prompt_suffix="> ", default="", show_default=False)
        except (EOFError, click.exceptions.Abort):
            out.print("bye")
            return
        command = line.strip().lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            out.print("bye")
            return
        if command in ("help", "h", "?"):
            out.print(HELP_TEXT, markup=False)
            continue
        if command == "undo":
            if not steps:
                out.print("nothing to undo")
                continue
            out.print(f"took back {steps.pop()[0]}")
            _board(steps)
            if steps:
                _show(lists, mode, top, steps, searcher)
            else:
                _suggest_first(lists, mode, top, searcher)
            continue
        try:
            word, code = parse_move(line)
            if word not in lists.guess_index():
                raise WordleError(f"{word!r} is not in the guess list {lists.name}")
            earlier = [i + 1 for i, (g, _) in enumerate(steps) if g == word]
            if earlier:
                raise WordleError(f"{word} was guess {earlier[0]} already: a repeated guess tells nothing new")
            parse_state(_state_text(steps + [(word, code)]), lists, mode)
        except WordleError as e:
            out.print(f"error: {e} (nothing changed). {HELP}", markup=False)
            continue
        steps.append((word, code))
        _board(steps)
        if code == ALL_GREEN:
            out.print(f"solved in {len(steps)} guess{'es' if len(steps) > 1 else ''}: {word}")
            return
        if len(steps) >= MAX_GUESSES:
            left = parse_state(_state_text(steps), lists, mode).answers
            out.print(f"no guesses left ({MAX_GUESSES} used); the answer was one of: {' '.join(left)}")
            return
        _show(lists, mode, top, steps, searcher)


def _board(steps) -> None:
    for word, code in steps:
        out.print(tiles(word, code))


def _suggest_first(lists, mode, top, searcher) -> None:
    """The first guess to play: proven from the cache when it can be had in seconds, else a record."""
    from wordlelab.solvers.search.rank import kept_hints
    from wordlelab.solvers.search.rank.first_guesses import ranking_kept
    from wordlelab.solvers.search.rank.hint import game_state, hint
    with _waiting("looking for the proven ranking of every first guess in the cache"):
        kept = (kept_hints.recall(lists, mode, MAX_GUESSES, game_state(lists, "", mode), top) is not None
                or ranking_kept(searcher))
    if kept:
        with _waiting("the best first guesses, from the proven ranking of every first guess kept in the cache"):
            r = hint(lists, "", mode, top, MAX_GUESSES, searcher=searcher)
        out.print(f"before the first guess: {len(lists.answers)} answers")
        _hint_table(r)
        return
    from wordlelab.instances.wordlists import NAMED_LISTS
    how = "wordlelab hint ''" + (f" --lists {lists.name}" if lists.name in NAMED_LISTS else " with these lists") \
        + (f" --mode {mode}" if mode != "easy" else "")
    recorded = RECORDED_BEST.get(lists.key, {}).get(mode)
    if recorded is None:
        out.print(f"no first suggestion: no proven ranking of the first guesses of {lists.name} in {mode} mode is "
                  f"kept in the cache; {how} makes one (minutes; kept for every later game)", markup=False)
        return
    word, total = recorded
    out.print(f"suggested first guess: {word} ({total} guesses in all over the {len(lists.answers)} answers, "
              f"{total / len(lists.answers):.4f} a game): the best of the ranking of every first guess recorded "
              f"in the README, not proven in this session; {how} proves it (minutes, more in hard mode; once: "
              f"play then shows the proven best)", markup=False)


def _show(lists, mode, top, steps, searcher) -> None:
    from wordlelab.models.state import parse_state
    from wordlelab.solvers.search.rank.hint import hint
    state = _state_text(steps)
    left = parse_state(state, lists, mode).answers
    if len(left) == 1:
        out.print(f"{state}: the answer is {left[0]}")
        return
    out.print(f"{state}: {len(left)} answers left" + (f": {' '.join(left)}" if len(left) <= 12 else ""))
    try:
        with _waiting("searching the best next guesses, with proof (a session's first search may compile "
                      "the search code first: up to a minute)"):
            r = hint(lists, state, mode, top, MAX_GUESSES, searcher=searcher)
    except WordleError as e:
        out.print(f"error: {e}", markup=False)
        return
    _hint_table(r)


def _hint_table(r) -> None:
    from wordlelab.cli.common import show_rests_on
    if r.status == "INFEASIBLE":
        out.print(f"no strategy finds every answer left within {MAX_GUESSES} guesses in all")
        show_rests_on(r)
        return
    rows = r.stats.guesses
    tied = sum(g["tie"] for g in rows) > 1
    table(None, ["guess", "expected further guesses", "total", "could be the answer"],
          [[g["guess"] + (" (tie)" if g["tie"] and tied else ""), f"{g['expected']:.4f}", g["total"],
            "yes" if g["possible_answer"] else ""] for g in rows])
    show_rests_on(r)


COMMANDS = [play]
