"""Options shared by the commands: word lists, mode, --json."""
from __future__ import annotations

import functools

import click

from wordlelab.errors import WordleError


def lists_options(f=None, guess_flag="--guesses"):
    """--lists / --guesses / --answers, loaded into a WordLists passed as ``lists``.

    ``guess_flag`` renames --guesses where a command uses that name for something else.
    """
    if f is None:
        return functools.partial(lists_options, guess_flag=guess_flag)

    @click.option("--lists", "lists_name", default=None, metavar="NAME",
                  help="named word lists (see 'wordlelab lists'); default nyt20220830")
    @click.option(guess_flag, "guesses_file", default=None, type=click.Path(), metavar="FILE",
                  help="a guess list file instead of a named list")
    @click.option("--answers", "answers", default=None, metavar="FILE|all",
                  help="an answer list file, or 'all' to make every guess a possible answer")
    @functools.wraps(f)
    def wrapper(*args, lists_name, guesses_file, answers, **kw):
        from wordlelab.instances.wordlists import load_lists
        from wordlelab.errors import WordleError
        # '' would be taken for "not given", and the default lists used in silence
        for flag, given in (("--lists", lists_name), (guess_flag, guesses_file), ("--answers", answers)):
            if given == "":
                raise WordleError(f"{flag} '': give a name (see 'wordlelab lists') or a file")
        return f(*args, lists=load_lists(lists_name, guesses_file, answers), **kw)
    return wrapper


json_option = click.option("--json", "as_json", is_flag=True, help="machine-readable output")
mode_option = click.option("--mode", type=click.Choice(["easy", "hard", "strict"], case_sensitive=False), default="easy",
                           show_default=True, help="easy, hard (NYT hard mode) or strict (every guess must itself be a possible answer given "
                                "the patterns so far)")



class ObjectiveType(click.ParamType):
    """``total``, ``within:K``, ``weights:FILE`` or ``weights:frequency`` (models/objectives.py)."""

    name = "OBJECTIVE"

    def convert(self, value, param, ctx):
        from wordlelab.models.objectives import Objective, parse_objective
        if isinstance(value, Objective):
            return value
        try:
            return parse_objective(value)
        except WordleError as e:
            self.fail(str(e), param, ctx)


def save_tree_certificate(result, tree_file: str | None) -> None:
    """Write the result's tree (if it has one and a file was asked for), and note where in its stats
    (only once it is written: a failure is reported after the result, see :func:`final_write`)."""
    if tree_file and result.certificate_kind == "tree" and result.certificate is not None:
        from wordlelab.models.games import game_named
        from wordlelab.models.tree import save_tree
        # the replies in the notation of the game the question was asked of
        if final_write(save_tree, result.certificate, tree_file, game_named(result.question.get("lists"))):
            if isinstance(result.stats, dict):
                result.stats["tree_file"] = tree_file
            else:           # a typed one declares the field (models/stats.py)
                result.stats.tree_file = tree_file


# ---- files written after the work: a failure must not lose the result. The paths were checked
# before the work started (options.OutputFile), so what fails here is what changed since (the disk
# filled up, the folder went away). The command goes on to print its result; the main entry then
# prints each failure as one "error: cannot write PATH: ..." line and exits with code 2, since a
# file that was asked for is missing.
_UNWRITTEN: list[str] = []


def final_write(write, *args, **kwargs) -> bool:
    """Call ``write(*args, **kwargs)``; True if it wrote, False if it could not (kept for
    :func:`take_unwritten`). Only a :class:`~wordlelab.models.files.CannotWrite` is caught."""
    from wordlelab.models.files import CannotWrite
    try:
        write(*args, **kwargs)
    except CannotWrite as e:
        _UNWRITTEN.append(str(e))
        return False
    return True


def not_written(message: str) -> None:
    """Report, after the result, a file the library could not write (its one-line message)."""
    _UNWRITTEN.append(message)


def take_unwritten() -> list[str]:
    """The failed final writes of this command (each one line), forgotten once taken."""
    taken = list(_UNWRITTEN)
    _UNWRITTEN.clear()
    return taken


def show_rests_on(result) -> None:
    """Say which files a result's claim rests on, unchecked, and what it would be if they hold.

    Nothing for a result that rests on nothing but this call's own proofs and checks.
    """
    if not getattr(result, "rests_on", None):
        return
    from wordlelab.cli.console import out
    claimed = f" {result.claimed}" if result.claimed is not None else ""
    out.print(f"NOT proven here: the answer would be{claimed} if these values, taken unchecked, hold:")
    for line in result.rests_on:
        out.print(f"  rests on {line}")
    out.print("  (only files written by this installation are trusted: docs/trust.md)")
