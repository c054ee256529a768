"""The small commands: pattern, lists, state, verify, matrix, tree-plot, compile."""
from __future__ import annotations

import click

from wordlelab.cli.common import json_option, lists_options, mode_option
from wordlelab.cli.console import emit_json, out, table
from wordlelab.cli.options import PlotFile, non_negative, positive
from wordlelab.errors import WordleError

@click.command(epilog="Example: wordlelab pattern speed abide   # BBYBY")
@click.argument("guess")
@click.argument("answer")
@click.option("--any-word", is_flag=True, help="take any 5-letter strings, listed or not")
@lists_options
@json_option
def pattern(guess, answer, any_word, lists, as_json):
    """Print the pattern GUESS receives when the answer is ANSWER."""
    from wordlelab.models.feedback import check_word, feedback, pattern_string
    guess, answer = check_word(guess), check_word(answer)
    if not any_word:
        for w in (guess, answer):
            if w not in set(lists.guesses):
                raise WordleError(f"{w!r} is not in the guess list {lists.name} (use --any-word to take it anyway)")
    code = feedback(guess, answer)
    if as_json:
        emit_json({"guess": guess, "answer": answer, "pattern": pattern_string(code), "code": code})
    else:
        out.print(pattern_string(code))


@click.command(epilog="Example: wordlelab lists --json")
@json_option
def lists(as_json):
    """Show each named word list, its sizes and whether its provider is installed."""
    from wordlelab.instances.wordlists import list_status
    rows = list_status()
    if as_json:
        emit_json(rows)
        return
    from rich.markup import escape     # the hints name extras in brackets, which rich reads as markup
    table("Named word lists", ["name", "guesses", "answers", "status", "providers", "description"],
          [[r["name"], r["guesses"], r["answers"], r["status"], ", ".join(r["providers"]), r["description"]]
           for r in rows])
    for r in rows:
        if r["hint"]:
            out.print(f"[dim]{escape(r['name'] + ': ' + r['hint'])}[/dim]")


@click.command(epilog="Example: wordlelab state salet.BBBYB.drone --mode hard")
@click.argument("state")
@lists_options
@mode_option
@click.option("--show", default=20, show_default=True, type=non_negative(), help="how many remaining answers to list")
@json_option
def state(state, lists, mode, show, as_json):
    """Parse a game state (guess.PATTERN.guess...) and show what remains.

    A last guess without its pattern (salet.BBBYB.drone) is played against every answer left: the
    answers are shown in the classes of that guess (one per pattern it would get), largest first.
    """
    from wordlelab.models.state import parse_state
    s = parse_state(state, lists, mode)
    classes = _classes_after(s.next_guess, s.answers) if s.next_guess else None
    if as_json:
        emit_json({"state": s.describe(), "mode": mode, "answers": list(s.answers),
                   "n_answers": len(s.answers), "n_allowed_guesses": len(s.guesses), "next_guess": s.next_guess,
                   **({"classes": [{"pattern": p, "answers": list(a)} for p, a in classes]} if classes else {})})
        return
    out.print(f"state {s.describe()} ({mode} mode, lists {lists.name})")
    out.print(f"{len(s.answers)} possible answer(s): {' '.join(s.answers[:show])}{' ...' if len(s.answers) > show else ''}")
    out.print(f"{len(s.guesses)} allowed guess(es)")
    if classes:
        out.print(f"{s.next_guess} cuts them into {len(classes)} class(es), largest {len(classes[0][1])}:")
        table(None, ["pattern", "answers", "which"],
              [[p, len(a), " ".join(a[:show]) + (" ..." if len(a) > show else "")] for p, a in classes])


def _classes_after(guess: str, answers) -> list[tuple[str, list[str]]]:
    """The classes of ``guess`` among ``answers``: (pattern, answers), largest first."""
    from wordlelab.models.feedback import feedback, pattern_string
    classes: dict[int, list[str]] = {}
    for a in answers:
        classes.setdefault(feedback(guess, a), []).append(a)
    return sorted(((pattern_string(p), a) for p, a in classes.items()), key=lambda pa: (-len(pa[1]), pa[0]))


@click.command(epilog="Example: wordlelab verify ../shared/reference/salet.hard.nyt20220316.tree --lists nyt20220316 --mode hard")
@click.argument("tree_file", type=click.Path())
@lists_options
@mode_option
@click.option("--state", "state_text", default=None, help="the tree starts from this game state")
@click.option("--max-guesses", type=positive(), default=None, help="fail if any answer needs more guesses")
@json_option
def verify(tree_file, lists, mode, state_text, max_guesses, as_json):
    """Independently check a strategy tree (Selby's format or JSON).

    Exit code 0 for a valid tree, 1 for a tree with a fault (the first one is named), 2 for a
    file that is not a tree or other bad input; the same with --json.
    """
    from wordlelab.api import verify as verify_tree_file
    from wordlelab.cli.exits import check_failed
    r = verify_tree_file(tree_file, lists, mode=mode, state=state_text, max_guesses=max_guesses)
    if r.status == "INFEASIBLE":
        fault = r.stats["fault"]
        check_failed(f"INVALID: {fault}", {**r.as_dict(), "valid": False, "fault": fault}, as_json)
    report = r.stats
    if as_json:
        # the keys verify printed before the common ones came, kept beside them
        emit_json({**r.as_dict(), "valid": True, "tree": tree_file, "mode": mode, "lists": lists.name,
                   **{k: v for k, v in report.items() if k != "first_guess"}})
        return
    out.print(f"valid {mode}-mode tree for {report['answers']} answers ({lists.name}), first guess {report['first_guess']}")
    out.print(f"total {report['total']}  average {report['average']:.4f}  max {report['max_guesses']} guesses")
    table(None, ["guesses", "count"], [[k, v] for k, v in report["histogram"].items()])


@click.command(epilog="Example: wordlelab matrix --lists nyt20220316 --answers all")
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




@click.command("tree-plot", epilog="Example: wordlelab tree-plot salet.tree --lists nyt20220316 -o salet-tree.png")
@click.argument("tree_file", type=click.Path())
@lists_options
@mode_option
@click.option("-o", "--output", required=True, type=PlotFile(), help="the picture (.png or .svg)")
@click.option("--levels", default=2, show_default=True, type=click.IntRange(1, 3),
              help="1: each reply to the first guess with the answers it leaves; 2: and the next guess; "
                   "3: and how that guess splits them (deeper levels: answers found at each guess)")
def tree_plot(tree_file, lists, mode, output, levels):
    """Draw a strategy tree (after checking it with the verifier): a row per reply to the first guess."""
    from pathlib import Path

    from wordlelab.cli.plots import tree_levels
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import verify_tree
    tree = load_tree(tree_file)
    report = verify_tree(tree, lists.answers, lists.guesses, mode)
    tree_levels(tree, output, levels, f"{Path(tree_file).name}: {lists.name}, {mode} mode, "
                                      f"{report.n_answers} answers, total {report.total} (average "
                                      f"{report.total / report.n_answers:.4f}), verified")
    out.print(f"wrote {output}: {tree_file}, {levels} guess level{'s' if levels > 1 else ''} drawn "
              f"(verified: total {report.total})")


@click.command("compile", epilog="Example: wordlelab compile")
@click.option("--force", is_flag=True, help="compile again even if built for these sources and this machine")
@json_option
def compile_kernels(force, as_json):
    """Compile the search's kernels ahead of time, once per version (about 30 s), for instant hints.

    Without it, every process that searches first loads numba's cached code (about half a
    second). With it, a hint after one guess takes about a third of a second in all. It needs a
    C compiler; without one, nothing changes and the search runs as before. It also writes the
    byte code of every module, which Python skips when PYTHONDONTWRITEBYTECODE is set.
    """
    import time
    from wordlelab.solvers.search.engine import kernels
    t0 = time.perf_counter()
    path = kernels.built_module()
    built = force or path is None
    if built:
        try:
            path = kernels.build(progress=None if as_json else lambda text: out.print(f"  {text}"))
        except Exception as e:      # pycc reports a missing compiler in many forms
            raise WordleError(f"could not compile ahead of time ({type(e).__name__}: {e}); "
                              "the search runs as before, compiled just in time") from e
    try:
        modules = kernels.byte_compile_sources()
    except OSError as e:
        raise WordleError(f"could not byte-compile the sources: {e}") from e
    seconds = round(time.perf_counter() - t0, 1)
    if as_json:
        emit_json({"path": str(path), "built": built, "byte_compiled": modules, "seconds": seconds})
    elif built:
        out.print(f"compiled ahead of time in {seconds} s: {path}; {modules} modules byte-compiled")
    else:
        out.print(f"already compiled for these sources and this machine: {path} (--force compiles again); "
                  f"{modules} modules byte-compiled")


COMMANDS = [pattern, lists, state, verify, matrix, tree_plot, compile_kernels]
