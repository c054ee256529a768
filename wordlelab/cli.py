"""The ``wordlelab`` command line."""
from __future__ import annotations

import functools
import sys
import warnings


def _load_numba_without_blas_probe() -> None:
    """Import numba without its probe for scipy's BLAS, which imports all of scipy.linalg (0.2 s).

    numba looks for BLAS once, when it loads its array functions, for np.dot and np.linalg in
    compiled code; wordlelab's compiled code uses neither. Only the command line does this (a
    process of its own), and scipy itself stays importable afterwards.
    """
    if "numba" in sys.modules or "scipy.linalg.cython_blas" in sys.modules:
        return
    sys.modules["scipy.linalg.cython_blas"] = None      # makes the probe's import fail at once
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules["scipy.linalg.cython_blas"]


_load_numba_without_blas_probe()

import click  # noqa: E402

from wordlelab.errors import WordleError, WordlelabWarning  # noqa: E402
from wordlelab.console import emit_json, out, table  # noqa: E402
from wordlelab.options import non_negative, positive  # noqa: E402

EPILOG = """\b
Examples:
  wordlelab score salet drone
  wordlelab lists
  wordlelab state salet.BBBYB.drone
  wordlelab solve --start salet --lists nyt20220316 --tree salet.tree
  wordlelab verify salet.tree --lists nyt20220316
  wordlelab prove-depth --guesses 4 --start salet --lists nyt20220316
  wordlelab best-start --lists nyt20220316 --top 5 --checkpoint rank.json
  wordlelab lower-bound --lists nyt20220316 --answers all --solver cpsat
  wordlelab export-lp cover --pattern '?ills' --lists nyt20220316 --answers all -o ills.lp
  wordlelab eldrow --target lower
  wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth --encoding assignment
  wordlelab bench --suite matrix
"""


@click.group(epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="wordlelab")
def cli():
    """Prove things about Wordle: exact feedback, proven-optimal strategies, verified trees."""


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
mode_option = click.option("--mode", type=click.Choice(["easy", "hard", "strict"]), default="easy",
                           show_default=True, help="easy, hard (NYT hard mode) or strict (every guess a possible answer)")


@cli.command(epilog="Example: wordlelab score speed abide   # BBYBY")
@click.argument("guess")
@click.argument("answer")
@click.option("--any-word", is_flag=True, help="score any 5-letter strings, listed or not")
@lists_options
@json_option
def score(guess, answer, any_word, lists, as_json):
    """Print the pattern GUESS receives when the answer is ANSWER."""
    from wordlelab.models.feedback import check_word, feedback, pattern_string
    guess, answer = check_word(guess), check_word(answer)
    if not any_word:
        for w in (guess, answer):
            if w not in set(lists.guesses):
                raise WordleError(f"{w!r} is not in the guess list {lists.name} (use --any-word to score it anyway)")
    code = feedback(guess, answer)
    if as_json:
        emit_json({"guess": guess, "answer": answer, "pattern": pattern_string(code), "code": code})
    else:
        out.print(pattern_string(code))


@cli.command(epilog="Example: wordlelab lists --json")
@json_option
def lists(as_json):
    """Show each named word list, its sizes and whether its provider is installed."""
    from wordlelab.instances.wordlists import list_status
    rows = list_status()
    if as_json:
        emit_json(rows)
        return
    table("Named word lists", ["name", "guesses", "answers", "status", "providers", "description"],
          [[r["name"], r["guesses"], r["answers"], r["status"], ", ".join(r["providers"]), r["description"]]
           for r in rows])
    for r in rows:
        if r["hint"]:
            out.print(f"[dim]{r['name']}: {r['hint']}[/dim]")


@cli.command(epilog="Example: wordlelab state salet.BBBYB.drone --mode hard")
@click.argument("state")
@lists_options
@mode_option
@click.option("--show", default=20, show_default=True, type=non_negative(), help="how many remaining answers to list")
@json_option
def state(state, lists, mode, show, as_json):
    """Parse a game state (guess.PATTERN.guess...) and show what remains."""
    from wordlelab.models.state import parse_state
    s = parse_state(state, lists, mode)
    if as_json:
        emit_json({"state": s.describe(), "mode": mode, "answers": list(s.answers),
                   "n_answers": len(s.answers), "n_allowed_guesses": len(s.guesses), "next_guess": s.next_guess})
        return
    out.print(f"state {s.describe()} ({mode} mode, lists {lists.name})")
    out.print(f"{len(s.answers)} possible answer(s): {' '.join(s.answers[:show])}{' ...' if len(s.answers) > show else ''}")
    out.print(f"{len(s.guesses)} allowed guess(es)")


@cli.command(epilog="Example: wordlelab verify ../shared/reference/salet.hard.nyt20220316.tree --lists nyt20220316 --mode hard")
@click.argument("tree_file", type=click.Path())
@lists_options
@mode_option
@click.option("--state", "state_text", default=None, help="the tree starts from this game state")
@click.option("--max-guesses", type=positive(), default=None, help="fail if any answer needs more guesses")
@json_option
def verify(tree_file, lists, mode, state_text, max_guesses, as_json):
    """Independently check a strategy tree (Selby's format or JSON)."""
    from wordlelab.models.state import parse_state
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import TreeFault, verify_tree
    tree = load_tree(tree_file)
    answers, history = lists.answers, ()
    if state_text:
        s = parse_state(state_text, lists, mode)
        answers, history = s.answers, s.history
    try:
        report = verify_tree(tree, answers, lists.guesses, mode, history, max_guesses)
    except TreeFault as e:
        if as_json:
            emit_json({"valid": False, "fault": str(e)})
            sys.exit(1)
        raise
    if as_json:
        emit_json({"valid": True, "tree": tree_file, "mode": mode, "lists": lists.name, **report.as_dict()})
        return
    out.print(f"valid {mode}-mode tree for {report.n_answers} answers ({lists.name}), first guess {tree.guess}")
    out.print(f"total {report.total}  average {report.average:.4f}  max {report.max_guesses} guesses")
    table(None, ["guesses", "count"], [[k, v] for k, v in sorted(report.histogram.items())])


@cli.command(epilog="Example: wordlelab matrix --lists nyt20220316 --answers all")
@lists_options
@click.option("--no-cache", is_flag=True, help="build it even if a cached copy exists")
@json_option
def matrix(lists, no_cache, as_json):
    """Build (or load) the pattern matrix of the lists and report the time."""
    from wordlelab.models.matrix import pattern_matrix
    stats: dict = {}
    m = pattern_matrix(lists, use_cache=not no_cache, stats=stats, transposed=True)
    row = {"lists": lists.name, "shape": [m.shape[1], m.shape[0]], "source": stats["source"],
           "seconds": round(stats["seconds"], 3), "path": stats["path"]}
    if as_json:
        emit_json(row)
    else:
        out.print(f"{m.shape[1]} x {m.shape[0]} pattern matrix ({lists.name}): {row['source']} in {row['seconds']} s")
        out.print(f"cache file {row['path']} (the one every command uses, checked by its sha256 digest)")


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """Warnings as one line on stderr, with no source line."""
    click.echo(f"warning: {_one_line(str(message))}", err=True)


def _caused_by_interrupt(e: BaseException) -> bool:
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, KeyboardInterrupt):
            return True
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return False


def _one_line(text: str) -> str:
    return " ".join(text.split())


def main(argv=None) -> None:
    """Entry point: one-line errors with exit code 2, clean stop on Ctrl-C."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("default", WordlelabWarning)
            warnings.showwarning = _show_warning
            cli.main(args=argv, prog_name="wordlelab", standalone_mode=False)
    except WordleError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except SystemError as e:
        # Ctrl-C landing as compiled (numba) code returns surfaces as a SystemError whose
        # context is the KeyboardInterrupt: it is the same interruption
        if not _caused_by_interrupt(e):
            raise
        click.echo("interrupted", err=True)
        sys.exit(130)
    except click.UsageError as e:
        where = f"{e.ctx.command_path}: " if e.ctx is not None else ""
        click.echo(f"error: {where}{_one_line(e.format_message())} (see --help)", err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(f"error: {_one_line(e.format_message())}", err=True)
        sys.exit(2)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)


# Commands defined in other modules register themselves on import.
from wordlelab import bench as _bench  # noqa: E402,F401

from wordlelab import search_cli as _search_cli  # noqa: E402,F401
from wordlelab import cover_cli as _cover_cli  # noqa: E402,F401
from wordlelab import eldrow_cli as _eldrow_cli  # noqa: E402,F401
from wordlelab import tree_cli as _tree_cli  # noqa: E402,F401
from wordlelab import bench_trees as _bench_trees  # noqa: E402,F401
from wordlelab import perm_cli as _perm_cli  # noqa: E402,F401
from wordlelab import bench_perm as _bench_perm  # noqa: E402,F401
