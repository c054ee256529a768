"""Options shared by the commands: word lists, mode, --json."""
from __future__ import annotations

import functools

import click


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
        return f(*args, lists=load_lists(lists_name, guesses_file, answers), **kw)
    return wrapper


json_option = click.option("--json", "as_json", is_flag=True, help="machine-readable output")
mode_option = click.option("--mode", type=click.Choice(["easy", "hard", "strict"], case_sensitive=False), default="easy",
                           show_default=True, help="easy, hard (NYT hard mode) or strict (every guess a possible answer)")


def save_tree_certificate(result, tree_file: str | None) -> None:
    """Write the result's tree (if it has one and a file was asked for), and note where in its stats."""
    if tree_file and result.certificate_kind == "tree" and result.certificate is not None:
        from wordlelab.models.tree import save_tree
        save_tree(result.certificate, tree_file)
        result.stats["tree_file"] = tree_file
