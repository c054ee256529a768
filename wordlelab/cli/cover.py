"""Commands of the endgame set-cover bound: lower-bound, export-lp."""
from __future__ import annotations

import os

import click

from wordlelab.cli.common import json_option, lists_options
from wordlelab.cli.console import emit_json, out, progress, table
from wordlelab.cli.solver_options import solver_options
from wordlelab.errors import WordleError
from wordlelab.cli.options import SOLVERS, OutputFile, OutputDir, non_negative, setting_option

solver_option = click.option("--solver", type=click.Choice(SOLVERS, case_sensitive=False), default="highs",
                             show_default=True, help="solver for covers of three or more guesses")
encoding_option = click.option("--encoding", type=click.Choice(["counting", "pairs"], case_sensitive=False), default="counting",
                               show_default=True, help="model formulation")


def _endgames(lists, pattern, subset):
    from wordlelab.instances.wordlists import read_word_file
    from wordlelab.models.endgames import Endgame, endgame
    if pattern and subset:
        raise WordleError("give --pattern or --subset, not both")
    if pattern:
        return [endgame(pattern, lists.answers)]
    if subset:
        words = read_word_file(subset, "answer subset")
        answers = set(lists.answers)
        bad = [w for w in words if w not in answers]
        if bad:
            raise WordleError(f"{bad[0]!r} in the subset is not a possible answer in {lists.name}")
        if len(words) < 2:
            raise WordleError("an answer subset needs 2 or more words")
        return [Endgame(os.path.basename(subset), tuple(words))]
    return None


@click.command("lower-bound", epilog="Example: wordlelab lower-bound --lists nyt20220316 --answers all --solver cpsat")
@lists_options
@solver_option
@encoding_option
@click.option("--top", default=20, show_default=True, type=non_negative(), help="rows to print")
@click.option("--pattern", default=None, help="one endgame, e.g. '?ills'")
@click.option("--subset", default=None, type=click.Path(), help="one custom answer subset (file)")
@click.option("--free", default=1, type=click.IntRange(1, 2), show_default=True,
              help="positions in which an endgame's answers may differ")
@click.option("--min-size", default=3, show_default=True, type=click.IntRange(2), help="smallest endgame")
@setting_option("time_limit", default=60.0, show_default=True, help="seconds for each endgame, building its model included (and again for its one-fewer check)")
@click.option("--proof-dir", default="wordlelab-proofs", show_default=True, type=OutputDir(),
              help="where the witness's infeasible model (LP) is saved")
@json_option
@solver_options
def lower_bound(lists, solver, encoding, top, pattern, subset, free, min_size, time_limit, proof_dir, as_json):
    """Least guesses any strategy needs, from endgame set covers (Peattie's "ill Wordle" argument)."""
    from wordlelab.models.endgames import enumerate_endgames
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.cover import lower_bound as prove_lower_bound
    games = _endgames(lists, pattern, subset)
    if games is None:
        games = enumerate_endgames(lists.answers, min_size, free)
    if not games:
        raise WordleError("no endgame of that size in these answers")
    MT = pattern_matrix(lists, transposed=True)
    with progress("endgames", len(games), enabled=not as_json) as advance:
        r = prove_lower_bound(lists, MT, solver, encoding, games, time_limit=time_limit, proof_dir=proof_dir,
                              progress=advance)
    if r.stats.one_fewer_model_error is not None:     # reported after the result (exit code 2)
        from wordlelab.cli.common import not_written
        not_written(r.stats.one_fewer_model_error)
        r.stats.one_fewer_model_error = None
    if as_json:
        emit_json(r.as_dict())
        return
    if r.stats.one_fewer_model_note is not None:
        out.print(r.stats.one_fewer_model_note)
    rows = r.stats.endgames
    table(f"endgame covers, {lists.name} ({len(rows)} endgames, strongest first)",
          ["endgame", "|E|", "sets", "min cover", "min guesses", "solver", "status", "seconds"],
          [[e["question"]["endgame"], e["question"]["answers"], _or_dash(e["stats"]["sets"]),
            e["value"] if e["status"] == "OPTIMAL" else _at_least(e["bound"]), _or_dash(e["stats"]["min_guesses"]),
            e["method"], e["status"], f"{e['seconds']:.3f}"] for e in rows[:top]])
    st = r.stats
    if r.status == "OPTIMAL":
        k = r.value - 1
        out.print(f"lower bound: every strategy needs at least {r.value} guesses for some answer "
                  f"(witness {st.witness}: least cover {k} guesses, e.g. {' '.join(r.certificate)}; "
                  f"re-checked by the independent checker)")
        if st.one_fewer_status is not None:
            saved = f", model saved to {st.one_fewer_model}" if st.one_fewer_model is not None else ""
            out.print(f"no {k - 1} guess{'es' if k - 1 != 1 else ''} can cover it: {st.one_fewer_status}{saved}")
    elif st.one_fewer_time_limit_reached is not None:
        out.print(f"UNKNOWN: {st.witness} has a least cover of {st.witness_cover and len(st.witness_cover)}, "
                  f"but one fewer was not ruled out: {st.one_fewer_time_limit_reached}")
    else:
        out.print("UNKNOWN: no bound proven (see the statuses above)")
    if st.unproven:
        out.print(f"UNKNOWN for {len(st.unproven)} endgame(s): {' '.join(st.unproven[:10])}")
    ran_out = [e for e in rows if "time_limit_reached" in e["stats"]]
    if ran_out:
        more = f" (and {len(ran_out) - 1} more endgames)" if len(ran_out) > 1 else ""
        out.print(f"{ran_out[0]['question']['endgame']}: {ran_out[0]['stats']['time_limit_reached']}, before its "
                  f"solver started{more}; --time-limit covers building the model too")


def _or_dash(x):
    return "-" if x is None else x


def _at_least(bound):
    return "-" if bound is None else f">= {bound:g}"


@click.group("export-lp", epilog="Example: wordlelab export-lp cover --pattern '?ills' --answers all -o ills.lp")
def export_lp():
    """Export a model as an LP or MPS file (by the output file's suffix)."""


@export_lp.command("cover", epilog="Example: wordlelab export-lp cover --pattern '?ills' --lists nyt20220316 --answers all -o ills.lp")
@lists_options
@click.option("--pattern", default=None, help="the endgame, e.g. '?ills'")
@click.option("--subset", default=None, type=click.Path(), help="a custom answer subset (file)")
@click.option("--k", default=None, type=non_negative(), help="feasibility form: can K guesses cover it? (default: minimise)")
@encoding_option
@click.option("-o", "--output", required=True, type=OutputFile(), help="file.lp or file.mps")
@json_option
def export_cover(lists, pattern, subset, k, encoding, output, as_json):
    """Export the endgame cover model (minimisation, or feasibility with --k)."""
    from wordlelab.encoders.cover import build
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.backends import export
    from wordlelab.solvers.cover import instance_for
    games = _endgames(lists, pattern, subset)
    if not games:
        raise WordleError("give the endgame: --pattern '?ills' or --subset FILE")
    if not output.endswith((".lp", ".mps")):
        raise WordleError("the output file must end in .lp or .mps")
    g = games[0]
    inst = instance_for(g.pattern, g.answers, lists, pattern_matrix(lists, transposed=True))
    model, y = build(inst, k, encoding)
    export(model, output)
    info = {"endgame": g.pattern, "answers": len(g.answers), "sets": len(inst.sets),
            "guesses_merged": inst.n_guesses, "form": "minimise" if k is None else f"k={k}",
            "encoding": encoding, "file": output, "variables": model.n_vars,
            "constraints": len(model.constraints)}
    if as_json:
        emit_json(info)
    else:
        out.print(f"wrote {output}: {info['form']} cover of {g.pattern} ({info['answers']} answers, "
                  f"{info['sets']} distinct undominated guess sets), {info['variables']} variables, "
                  f"{info['constraints']} constraints; variables are named after the guesses (y_WORD) "
                  f"and answers (z_WORD)")


COMMANDS = [lower_bound, export_lp]
