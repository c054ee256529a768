"""Commands of the decision-tree models: tree-model, export-lp tree, blindfold."""
from __future__ import annotations

import json
import os

import click

from wordlelab.cli.common import json_option, lists_options, mode_option, save_tree_certificate
from wordlelab.cli.console import emit_json, out, table
from wordlelab.cli.solver_options import solver_options
from wordlelab.errors import WordleError
from wordlelab.cli.options import SOLVERS, OutputFile, SeededValue, non_negative, setting_option


def question_options(f):
    """--pattern or --sample (or the --answers file itself), --depth, --objective, --mode."""
    for opt in reversed([
        click.option("--pattern", default=None,
                     help="an endgame of the answers, e.g. '?ills' (with neither it nor --sample, the question's "
                          "answers are every answer of --answers FILE)"),
        click.option("--sample", default=None, type=SeededValue(guesses=True),
                     help="N answers drawn at random, with /M: M guesses (the answers plus random others; default "
                          "every guess), and the SEED of the draw (default 0)"),
        click.option("--depth", "depth", required=True, type=click.IntRange(1, 20), help="guess limit g"),
        click.option("--objective", type=click.Choice(["depth", "total"], case_sensitive=False), default="total", show_default=True,
                     help="depth: is worst case <= g feasible; total: least total within g"),
        mode_option,
    ]):
        f = opt(f)
    return f


def make_question(lists, pattern, sample, depth, objective, mode):
    """The TreeQuestion the options describe: the endgame ``--pattern`` of the answers, ``--sample``
    answers drawn from them, or, with neither, every answer of an ``--answers FILE``."""
    from wordlelab.instances.wordlists import read_word_file
    from wordlelab.models.tree_question import pattern_question, random_question, subset_question
    if pattern is not None and sample is not None:
        raise WordleError("give --pattern or --sample, not both")
    kw = dict(depth=depth, objective=objective, mode=mode)
    if pattern is not None:
        return pattern_question(lists, pattern, **kw)
    if sample is not None:
        return random_question(lists, sample.value, sample.seed, sample.guesses, **kw)
    answers_file = click.get_current_context().params.get("answers")
    if answers_file in (None, "all"):
        raise WordleError("the question's answers: give --pattern P, --sample N or --answers FILE"
                          + (" (--answers all alone makes every guess an answer)" if answers_file else ""))
    return subset_question(lists, read_word_file(answers_file, "answer set"), os.path.basename(answers_file), **kw)


def without_option(*allowed: str):
    """``--without cuts,hint`` (comma-separated or repeated): the parts of the model left out, as a
    set (parameter ``without``)."""
    what = {"cuts": "cuts: the adversary-chain (cover) constraints", "hint": "hint: the greedy warm start"}

    def convert(ctx, param, values):
        parts = {part.strip().lower() for value in values for part in value.split(",")}
        unknown = sorted(parts - set(allowed))
        if unknown:
            raise click.BadParameter(f"{unknown[0]!r} is not a part of the model to leave out; choose from "
                                     f"{', '.join(allowed)}", ctx, param)
        return frozenset(parts)
    return click.option("--without", "without", multiple=True, callback=convert, metavar=",".join(allowed).upper(),
                        help="leave out " + "; ".join(what[a] for a in allowed) + " (comma-separated, or repeated)")


@click.command("tree-model", epilog="""\b
Examples:
  wordlelab tree-model --pattern '?ight' --depth 3 --objective depth
  wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth --encoding assignment
  wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 6 --encoding assignment --time-limit 300
  wordlelab tree-model --sample 40/300:1 --depth 4 --solver highs --tree t.tree
  wordlelab tree-model --pattern '?ight' --depth 3 --without cuts,hint

\b
?ight (9 answers) takes a second or two. ?ills (19 answers, 12972 guesses) fits only the assignment
encoding (the layered state graph passes its cap after a minute): "not within 5" is proved in
10-40 s, the least total 71 in about 100 s (the default 60 s limit stops at FEASIBLE, unproven).
The model file is export-lp tree's, with the same question options.""")
@lists_options
@question_options
@click.option("--solver", type=click.Choice(SOLVERS, case_sensitive=False), default="cpsat", show_default=True)
@click.option("--encoding", type=click.Choice(["layered", "assignment"], case_sensitive=False), default="layered", show_default=True,
              help="layered: flow over the state graph; assignment: compact assignment + separation")
@without_option("cuts", "hint")
@setting_option("time_limit", default=60.0, show_default=True, help="seconds, building the model included")
@click.option("--tree", "tree_file", default=None, type=OutputFile(), help="write the verified tree here")
@json_option
@solver_options
def tree_model(lists, pattern, sample, depth, objective, mode, solver, encoding, without, time_limit, tree_file,
               as_json):
    """Exact decision-tree model of an answer set: feasibility within g guesses, or least total."""
    from wordlelab.solvers.decision_tree import solve_question
    q = make_question(lists, pattern, sample, depth, objective, mode)
    r = solve_question(q, encoding, solver, time_limit, hint="hint" not in without, cuts="cuts" not in without)
    save_tree_certificate(r, tree_file)
    if as_json:
        emit_json(r.as_dict())
        return
    st = r.stats
    gap = "-" if st.gap is None else f"{100 * st.gap:.2f}%"
    size = ", ".join(f"{k} {st.model[k]}" for k in ("states", "guesses_kept", "variables", "cover_sets")
                     if k in st.model)
    table(f"{q.label}: {len(q.answers)} answers, {len(q.guesses)} guesses, {mode} mode, depth <= {depth}",
          ["encoding", "solver", "status", "value", "bound", "gap", "solve s", "build s", "model size"],
          [[encoding, solver, r.status, _fmt(r.value), _fmt(r.bound), gap, f"{st.solve_seconds:.2f}",
            f"{st.build_seconds:.2f}", size]])
    out.print(_verdict(r, q))
    if st.tree_file is not None:
        out.print(f"tree written to {tree_file} (verified against the question's answers, guesses and mode)")


def _fmt(v):
    return "-" if v is None else f"{v:g}"


def _verdict(r, q) -> str:
    g = q.depth
    if r.status == "INFEASIBLE":
        return f"PROVEN: no strategy finds all {len(q.answers)} answers within {g} guesses (solver status INFEASIBLE)"
    if r.certificate is None:
        if r.stats.time_limit_reached is not None:
            return f"UNKNOWN: {r.stats.time_limit_reached}, before the solver started"
        return "UNKNOWN: no strategy found and nothing proven within the time limit"
    total = r.stats.total
    found = (f"verified tree: total {total} (average {total / len(q.answers):.4f}), "
             f"worst case {r.stats.max_guesses}")
    if q.objective == "depth":
        return f"PROVEN: every answer can be found within {g} guesses; {found}"
    if r.status == "OPTIMAL":
        return f"PROVEN: the least total within {g} guesses is {total}; {found}"
    return f"UNPROVEN (status {r.status}): best {found}; bound {_fmt(r.bound)}"


def _export(q, encoding, cuts, path, quiet=False):
    from wordlelab.encoders.decision_tree import build
    if not path.endswith((".lp", ".mps")):
        raise WordleError("the model file must end in .lp or .mps")
    from wordlelab.solvers.backends import export
    tm = build(q, encoding, hint=False, cuts=cuts)
    export(tm.model, path)
    if not quiet:
        out.print(f"wrote {path}: {encoding} model of {q.label}, {tm.model.n_vars} variables "
                  f"(named after answers and guesses), {len(tm.model.constraints)} constraints")
    return tm


@click.command("tree", epilog="""\b
Example:
  wordlelab export-lp tree --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth --encoding assignment -o ills5.lp""")
@lists_options
@question_options
@click.option("--encoding", type=click.Choice(["layered", "assignment"], case_sensitive=False), default="layered", show_default=True)
@without_option("cuts")
@click.option("-o", "--output", required=True, type=OutputFile(), help="file.lp or file.mps")
@json_option
def export_tree(lists, pattern, sample, depth, objective, mode, encoding, without, output, as_json):
    """Export the decision-tree model as LP or MPS."""
    q = make_question(lists, pattern, sample, depth, objective, mode)
    tm = _export(q, encoding, "cuts" not in without, output, quiet=as_json)
    if as_json:
        emit_json({"file": output, "encoding": encoding, "instance": q.label,
                   "variables": tm.model.n_vars, "constraints": len(tm.model.constraints)})


@click.command("blindfold", epilog="""\b
Examples:
  wordlelab blindfold --lists nyt20220316
  wordlelab blindfold --lists nyt20220316 --k 6
  wordlelab blindfold --lists nyt20220316 --k 5 --save blind5.json --save blind5.lp
  wordlelab blindfold --lists nyt20220316 --check-proof blind5.json
  wordlelab blindfold --lists nyt20220316 --k 5 --proof letters --time-limit 36000 --checkpoint letters5.json
  wordlelab blindfold --lists nyt20220316 --k 4 --proof rows --save blind4.lp --time-limit 1800
  wordlelab blindfold --lists nyt20220316 --answers all --search 900 --time-limit 60
  wordlelab blindfold --sample 200 --pool 500 --proof rows --solver cbc""")
@lists_options
@click.option("--k", default=None, type=non_negative(), help="decide whether K fixed guesses suffice (default: minimise)")
@click.option("--pool", default=0, show_default=True, type=non_negative(),
              help="use only the POOL guesses with the most patterns over the answers (0: every guess)")
@click.option("--sample", default=None, type=SeededValue(),
              help="N answers drawn at random instead of all, with the SEED of the draw (default 0)")
@click.option("--proof", type=click.Choice(["duals", "letters", "rows"], case_sensitive=False), default="duals", show_default=True,
              help="duals: LP branch and bound, a dual bound at every leaf; letters: exhaustive search split "
                   "by the letters the guesses leave out; rows: row generation")
@click.option("--solver", type=click.Choice(SOLVERS, case_sensitive=False), default="cpsat", show_default=True,
              help="the model solver of --proof rows")
@click.option("--search", default="120", show_default=True, type=SeededValue("seconds"),
              help="the tabu search for a set: SECONDS for each run (a run also stops after 20000 moves) and "
                   "its SEED (default 0)")
@setting_option("time_limit", default=900.0, show_default=True,
              help="seconds for the proof rounds")
@click.option("--save", "save_files", multiple=True, type=OutputFile(), metavar="FILE",
              help="repeatable; by the suffix: .json the certificate (--proof duals: pairs and branch-and-bound "
                   "tree), .lp or .mps the proof's model (--proof duals or rows: pair rows, at most k guesses)")
@click.option("--check-proof", default=None, type=click.Path(dir_okay=False),
              help="re-check a certificate saved by --save F.json against these lists, and stop")
@setting_option("checkpoint",
              help="resumable proof (JSON): the pair rows, or the letter branches searched")
@json_option
@solver_options
def blindfold(lists, k, pool, sample, proof, solver, search, time_limit, save_files, check_proof, checkpoint,
              as_json):
    """Fewest fixed guesses (the same for every answer) whose patterns identify the answer."""
    import random

    import numpy as np
    from wordlelab.cli.console import progress
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.models.settings import Execution, Limits
    from wordlelab.solvers.blindfold import BlindfoldOptions, least_fixed_guesses
    if check_proof:
        _check_saved_proof(lists, check_proof, as_json)
        return
    save_model, save_proof = _saved_files(save_files, proof)
    options = BlindfoldOptions(proof, solver, search.value, search.seed, save_model)
    M = pattern_matrix(lists)
    cols = np.arange(M.shape[1])
    if sample is not None:
        if not 2 <= sample.value <= M.shape[1]:
            raise WordleError(f"--sample must draw between 2 and {M.shape[1]} answers, not {sample.value}")
        cols = np.array(sorted(random.Random(sample.seed).sample(range(M.shape[1]), sample.value)))
    P = np.ascontiguousarray(M[:, cols])
    rows = np.arange(P.shape[0])
    if pool:
        n_cls = np.array([len(np.unique(r)) for r in P])
        rows = np.sort(np.argsort(-n_cls, kind="stable")[:pool])
    answers = [lists.answers[c] for c in cols]
    with progress("steps", None, enabled=not as_json) as advance:
        r = least_fixed_guesses(np.ascontiguousarray(P[rows]), [lists.guesses[t] for t in rows], answers, k,
                                options, Limits(time_limit=time_limit), Execution(checkpoint=checkpoint),
                                progress=advance)
    tree = r.certificate if r.certificate_kind == "bound-tree" else r.stats.get("bound_tree")
    if save_proof and tree is not None:
        saved = {**tree, "lists": lists.name, "answers": len(cols)}
        if pool:
            saved["guesses"] = [lists.guesses[t] for t in rows]
        from wordlelab.cli.common import final_write
        from wordlelab.models.files import write_atomic
        final_write(write_atomic, save_proof, json.dumps(saved))
    if "model_error" in r.stats:          # the proof stands; only its model file is missing
        from wordlelab.cli.common import not_written
        not_written(r.stats.pop("model_error"))
    if as_json:
        emit_json(r.as_dict())
        return
    st = r.stats
    table(f"fixed guesses: {len(cols)} answers of {lists.name}, pool {len(rows)} guesses",
          ["status", "best k", "proven lower bound", "search s", "proof s", "rounds", "pair rows", "core", "seconds"],
          [[r.status, r.value if r.value is not None else "-", r.bound if r.bound is not None else "-",
            f"{st['search_seconds']:.1f}", f"{st['proof_seconds']:.1f}" if "proof_seconds" in st else "-",
            st["rounds"], st["pairs"], st.get("core_size", "-"), f"{r.seconds:.1f}"]])
    if r.certificate_kind == "guesses":
        out.print(f"certificate (re-checked from the rules: every answer has its own patterns): "
                  f"{' '.join(r.certificate)} -> every answer found by guess {r.value + 1}")
    if st.get("proof") == "letters" and "cases_done" in st:
        out.print(f"INFEASIBLE: no {r.bound - 1} guesses of the pool identify every answer: the guesses must use "
                  f"a letter of each of the {st['letter_edges']} one-position letter pairs, and each of the "
                  f"{st['cases']} cases (the letters left unused) was searched to the end "
                  f"({st['nodes']} nodes, {st['proof_seconds']:.1f} s; case split re-checked from the words)")
    for a in st.get("attempts", []):
        if a.get("cases_open"):
            out.print(f"letter search for {a['proof_k']} guesses: {a['cases'] - a['cases_open']} of {a['cases']} "
                      f"cases exhausted in {a['proof_seconds']:.1f} s ({a['nodes']} nodes), nothing concluded")
    if st.get("proof") == "duals" and r.bound is not None and "leaves" in st:
        where = f"; model saved to {st['model']}" if "model" in st else ""
        rows = f"rows {st['rows_seconds']:.1f} s, then " if "rows_seconds" in st else ""
        out.print(f"INFEASIBLE: no {r.bound - 1} guesses of the pool identify every answer: branch and bound on "
                  f"{st['pair_rows']} pair rows (LP bound {st['lp_bound']:.4f}), {st['nodes']} nodes; each of its "
                  f"{st['leaves']} leaves has a dual bound above {r.bound - 1}, re-checked from the rules "
                  f"({rows}{st['proof_seconds']:.1f} s){where}")
    if "core_size" in st:
        where = f"; model saved to {st['model']}" if "model" in st else ""
        out.print(f"INFEASIBLE: no {r.bound - 1} guesses of the pool identify the {st['core_size']} answers of "
                  f"the proof's {st['rows_checked']} pair rows (rows re-checked from the rules; solver "
                  f"{st['solver_seconds']:.1f} s){where}")
    if k is not None:
        if r.status == "INFEASIBLE":
            out.print(f"PROVEN: no {k} guesses of the pool identify every answer")
        elif r.status == "OPTIMAL":
            out.print(f"PROVEN by the certificate: {r.value} <= {k} fixed guesses suffice")
        else:
            out.print(f"UNKNOWN: no certificate of {k} guesses and no proof of impossibility in the time limit")
    elif r.status == "OPTIMAL":
        out.print(f"PROVEN: the least number of fixed guesses from the pool is {r.value}")
    else:
        out.print(f"UNPROVEN: best {r.value}, lower bound {r.bound if r.bound is not None else '-'}")


def _saved_files(paths, proof) -> tuple[str | None, str | None]:
    """The model file and the certificate file among ``--save``'s, by their suffixes."""
    model, certificate = [], []
    for path in paths:
        if path.lower().endswith((".lp", ".mps")):
            model.append(path)
        elif path.lower().endswith(".json"):
            certificate.append(path)
        else:
            raise WordleError(f"--save {path}: name the file .json (the certificate) or .lp/.mps (the model)")
    for kind, files in (("model", model), ("certificate", certificate)):
        if len(files) > 1:
            raise WordleError(f"--save: one {kind} file, not {len(files)} ({', '.join(files)})")
    if model and proof == "letters":
        raise WordleError(f"--save {model[0]}: the model is that of --proof duals or rows (the letter search has none)")
    if certificate and proof != "duals":
        raise WordleError(f"--save {certificate[0]}: the certificate is that of --proof duals")
    return (model or [None])[0], (certificate or [None])[0]


def _check_saved_proof(lists, path, as_json) -> None:
    """Re-check a saved branch-and-bound certificate (``--check-proof``) and print what it proves."""
    import time

    from wordlelab.models.blindfold import BoundTreeFault, check_bound_tree
    try:
        with open(path) as f:
            saved = json.load(f)
    except (OSError, ValueError) as exc:
        raise WordleError(f"--check-proof {path}: not a JSON certificate ({exc})") from None
    except RecursionError:        # nested past what json (and any certificate) goes
        raise WordleError(f"--check-proof {path}: JSON nested too deeply to be a certificate") from None
    if not isinstance(saved, dict):
        raise WordleError(f"--check-proof {path}: not a certificate object")
    guesses = saved.get("guesses", list(lists.guesses))
    if not isinstance(guesses, list) or not set(guesses) <= set(lists.guesses):
        raise WordleError(f"--check-proof {path}: its guesses are not words of the {lists.name} guess list")
    from wordlelab.models.result import Result, Status
    question = {"kind": "blindfold-check-proof", "certificate_file": path, "lists": lists.name, "k": saved.get("k")}
    t0 = time.perf_counter()
    try:
        try:
            counts = check_bound_tree(saved, guesses, lists.answers)
        except RecursionError:    # deeper than the stack: no certificate of a few guesses is
            raise BoundTreeFault("nested too deeply to be a branch-and-bound tree") from None
    except BoundTreeFault as exc:
        # the certificate is wrong, not the input malformed: a negative answer, exit code 1
        from wordlelab.cli.exits import check_failed
        r = Result(question, "checker", Status.UNKNOWN, seconds=time.perf_counter() - t0, stats={"rejected": str(exc)})
        check_failed(f"REJECTED: --check-proof {path}: {exc}", {**r.as_dict(), "rejected": str(exc)}, as_json)
    seconds = time.perf_counter() - t0
    which = "every guess" if "guesses" not in saved else f"the {len(guesses)} guesses it lists"
    if as_json:
        # proven: no k fixed guesses suffice, so at least k + 1 are needed
        r = Result(question, "checker", Status.INFEASIBLE, bound=saved["k"] + 1, verified=True, seconds=seconds,
                   stats=dict(counts))
        emit_json({**r.as_dict(), "k": saved["k"], "guesses": len(guesses), **counts})
        return
    out.print(f"PROVEN: no {saved['k']} fixed guesses ({which} of {lists.name}) identify every answer: "
              f"{counts['nodes']} nodes, {counts['leaves']} leaves, {counts['pairs_checked']} pairs' separators "
              f"recomputed from the rules ({seconds:.1f} s)")


COMMANDS = [tree_model, blindfold]
