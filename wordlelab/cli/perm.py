"""``wordlelab perm ...``: permutation Wordle (Kutin & Smithline)."""
from __future__ import annotations

import json
from fractions import Fraction

import click

from wordlelab.cli.common import json_option
from wordlelab.cli.console import emit_json, err, out, progress, table
from wordlelab.cli.solver_options import solver_options
from wordlelab.errors import WordleError
from wordlelab.cli.options import SOLVERS, OutputFile, plot_option, positive, sweep_options, setting_option


@click.group(epilog="""\b
Examples:
  wordlelab perm numbers --n 8
  wordlelab perm numbers --n 4 --colors 2
  wordlelab perm numbers --n 5 --colors 3 --family excedances --z 2
  wordlelab perm play --n 2 --secret 21 --colors 2 --colouring 11 --strategy printed
  wordlelab perm lemma --n-max 4 --colors-max 3
  wordlelab perm multicolour --n 3 --colors 3
  wordlelab perm play --n 9 --secret 724853169
  wordlelab perm optimal --n 6 --tree perm6.json
  wordlelab perm optimal --n 5 --history 12345:GBBBB --consistent-only
  wordlelab perm conjecture --n-max 6
  wordlelab perm consistency --n-max 6
  wordlelab perm model --n 4 --solver cbc --export perm4.lp""")
def perm():
    """Permutation Wordle: CircularShift, Eulerian numbers, exact optimal strategies."""


@perm.command()
@click.option("--n", "n", default=None, type=int,
              help="largest n of the table (the only n with --colors s1,...,sn)  [default: 8, or the number of "
                   "colour counts given]")
@click.option("--colors", default="1", show_default=True, metavar="s|s1,...,sn",
              help="colours per value: Wordle numbers W_s(n,k) (Definition 4.6), or W_(s1..sn)(n,k)")
@click.option("--family", type=click.Choice(["wordle", "sums", "excedances"], case_sensitive=False), default="wordle", show_default=True,
              help="wordle: W, rounds of multicolour CircularShift; sums: F_s, sums of s consecutive W "
                   "(Definition 4.13); excedances: E_{s,z}, s-coloured permutations by z-excedances (Definition 5.3)")
@click.option("--z", "z", default=1, show_default=True, type=int, help="with --family excedances: 1 <= z <= s")
@plot_option("draw the distributions of rounds, one line per n")
@json_option
def numbers(n, colors, family, z, plot_file, as_json):
    """Eulerian numbers A(n,k), Wordle numbers W, their sums F_s and higher-order Eulerian numbers E_{s,z}.

    Every row is computed from the paper's generating function and checked against its recurrence
    and, where n! * s^n <= 20000, against CircularShift (or the z-excedance count) over every secret.
    """
    from wordlelab.models.multicolour import parse_counts
    from wordlelab.models.permutation import check_n
    from wordlelab.models.wordle_numbers import number_rows
    if n is None:       # the table of the paper's Figure 1 (n <= 8), or the one n a list of counts defines
        n = len(colors.split(",")) if "," in colors else 8
    check_n(n, 30)
    family = {"wordle": "W", "sums": "F", "excedances": "E"}[family]
    counts = parse_counts(colors, n)
    s = counts[0]
    uniform = len(set(counts)) == 1
    if family != "W" and not uniform:
        raise WordleError(f"F_s and E_(s,z) are defined for one colour count s, not {colors}")
    if family == "E" and not 1 <= z <= s:
        raise WordleError(f"--z must be between 1 and s = {s}, not {z}")
    data = number_rows(n, counts, family, z, simulate_up_to=20000)
    if plot_file:
        from wordlelab.cli.plots import perm_numbers
        from wordlelab.cli.common import final_write
        final_write(perm_numbers, [d for d in data if family == "W"] or data, plot_file,
                    "Eulerian numbers: rounds CircularShift needs" if s == 1 and uniform else
                    f"{family} numbers, colours {colors}")
    if as_json:
        emit_json(data)
        return
    width = max(len(d["counts"]) for d in data)
    titles = {"W": ("A(n,k): secrets CircularShift solves in k+1 rounds" if uniform and s == 1 else
                    f"W_({colors})(n,k): coloured secrets multicolour CircularShift solves in k+1 rounds"),
              "F": f"F_{s}(n,k): sums of {s} consecutive W_{s}(n,k)",
              "E": f"E_{{{s},{z}}}(n,k): {s}-coloured permutations with k {z}-excedances"}
    mean = ["mean rounds"] if family == "W" else []
    table(titles[family], ["n"] + [f"k={k}" for k in range(width)] + mean + ["checked by"],
          [[d["n"]] + d["counts"] + [""] * (width - len(d["counts"])) + ([d["mean_rounds"]] if mean else [])
           + [", ".join(d["checked_by"])] for d in data])


@perm.command()
@click.option("--n", "n", required=True, type=int)
@click.option("--secret", required=True, help="the secret, as digits, e.g. 724853169")
@click.option("--colors", default="1", show_default=True, metavar="s|s1,...,sn", help="colours per value")
@click.option("--colouring", default=None, help="with --colors: the colour 1..s of each value 1..n, e.g. 1212")
@click.option("--strategy", type=click.Choice(["corrected", "printed", "wrap"], case_sensitive=False), default="corrected",
              show_default=True, help="multicolour CircularShift: Definition 4.3 as corrected, as printed, "
                                      "or wordlelab's wrap-around variant (docs/permutation.md)")
@json_option
def play(n, secret, colors, colouring, strategy, as_json):
    """CircularShift's guesses against a secret, with the feedback of each."""
    from wordlelab.models.multicolour import (colour_feedback, lemma_4_4_rounds, parse_colouring, parse_counts,
                                              play as play_colour, wrap_rounds_formula)
    from wordlelab.models.permutation import check_n, exc, format_perm, parse_perm
    check_n(n)
    s = parse_perm(secret, n)
    counts = parse_counts(colors, n)
    if colouring is None and max(counts) > 1:
        raise WordleError("with --colors > 1 give the secret's --colouring, e.g. --colouring 1212")
    cols = parse_colouring(colouring, n, counts) if colouring is not None else (0,) * n
    played = play_colour(s, cols, counts, strategy)
    solved = played[-1] == (s, cols)
    rows = [[r, format_perm(g), "".join(str(gc[v] + 1) if gc[v] < counts[v] else "!" for v in g),
             colour_feedback(g, gc, s, cols)] for r, (g, gc) in enumerate(played, start=1)]
    formula = wrap_rounds_formula(s, cols, counts) if strategy == "wrap" else lemma_4_4_rounds(s, cols)
    if as_json:
        emit_json({"secret": secret, "colouring": colouring, "strategy": strategy, "solved": solved,
                   "rounds": len(played) if solved else None, "exc": exc(s), "formula_rounds": formula,
                   "guesses": [{"guess": g, "colours": c, "feedback": f} for _, g, c, f in rows]})
        return
    if max(counts) == 1 and strategy != "printed":
        table(f"CircularShift on {secret}: {len(played)} rounds (1 + exc = {1 + exc(s)})",
              ["round", "guess", "feedback"], [[r, g, f] for r, g, _, f in rows])
        return
    shown = f"{len(played)} rounds" if solved else f"not solved after {len(played)} rounds"
    rule = ("1 + exc + sum kappa mod-shifted" if strategy == "wrap" else "Lemma 4.4: 1 + exc + sum kappa")
    table(f"multicolour CircularShift ({strategy}) on {secret} coloured {colouring or '1' * n}: {shown} "
          f"({rule} = {formula})", ["round", "guess", "colours", "feedback"], rows)
    if not solved:
        err.print("a colour marked ! is beyond the value's colours, so that guess can never be right")


def _history_option(f):
    return click.option("--history", multiple=True, metavar="GUESS:FEEDBACK",
                        help="feedback so far, e.g. --history 1234:GBBG (repeatable)")(f)


@perm.command()
@click.option("--n", "n", required=True, type=int, help="n <= 8 (n = 8: hours; use --checkpoint)")
@click.option("--consistent-only", is_flag=True, help="every guess must be consistent with the feedback so far")
@_history_option
@click.option("--tree", "tree_file", default=None, type=OutputFile(), help="write the min-total strategy (JSON)")
@setting_option("checkpoint",
              help="resume/keep the state discovery here (JSON, the same with or without --workers; "
                   "depth first: an append-only log)")
@sweep_options("expand the states of each level on N processes (default: in this process)",
               "expand the states on dask.distributed: a LocalCluster, or a running scheduler")
@click.option("--depth-first/--breadth-first", "depth_first", default=None,
              help="value states depth first, keeping values only (the default from n = 8, where the "
                   "breadth-first expansions do not fit in memory)")
@json_option
def optimal(n, consistent_only, history, tree_file, checkpoint, workers, dask_address, depth_first, as_json):
    """Exact optimum: least mean rounds, most secrets within r rounds, and whether one strategy does both."""
    from fractions import Fraction

    from wordlelab.models.permutation import check_n, parse_history
    from wordlelab.solvers.permutation import MAX_EXACT_N
    from wordlelab.solvers.permutation.optimal import optimal as solve_optimal
    check_n(n, MAX_EXACT_N)
    hist = parse_history(history, n)
    with progress("states expanded" if workers or dask_address else "states", None, enabled=not as_json) as advance:
        r = solve_optimal(n, consistent_only, hist, workers, dask_address, checkpoint, advance,
                          announce=None if as_json else err.print, depth_first=depth_first)
    if tree_file:
        from wordlelab.cli.common import final_write
        from wordlelab.models.files import write_atomic
        if final_write(write_atomic, tree_file, json.dumps({"n": n, "history": list(history),
                                                            "consistent_only": consistent_only, "tree": r.certificate})):
            r.stats["tree_file"] = tree_file
    if as_json:
        emit_json(r.as_dict())
        return
    st = r.stats
    mean = Fraction(r.value, st["secrets"])
    where = "start" if not hist else " ".join(history)
    out.print(f"n = {n}, from {where}, {'consistent guesses only' if consistent_only else 'any guess'}: "
              f"{st['secrets']} secrets")
    out.print(f"status {r.status} (exhaustive)  least total {r.value}  mean {mean} = {float(mean):.6f}  "
              f"worst case {st['worst_case']}  strategy tree verified: total {r.value}")
    from wordlelab.cli.common import show_rests_on
    show_rests_on(r)
    rows = [["optimal"] + st["within"]]
    if not hist:
        rows.append(["CircularShift"] + st["circular_shift_within"])
    table("most secrets solved within r rounds", ["strategy"] + [f"r={k}" for k in range(1, n + 1)], rows)
    out.print(f"one strategy attains every maximum at once: {'yes' if st['one_strategy_attains_all'] else 'no'}")
    if st["method"] == "depth-first":
        out.print(f"states {st['states']} (depth first: {st['expanded']} expanded in this run), "
                  f"{st['seconds_discover']:.2f} s")
        if st["states_from_checkpoint"]:
            out.print(f"{st['states_from_checkpoint']} of the {st['states']} state values taken from the checkpoint "
                      f"{checkpoint} (an earlier run), not computed now")
        return
    out.print(f"states {st['states']}, guess outcomes {st['outcomes']}, discovery {st['seconds_discover']:.2f} s, "
              f"evaluation {st['seconds_evaluate']:.3f} s")
    if st["states_from_checkpoint"]:
        out.print(f"{st['states_from_checkpoint']} of the {st['states']} state expansions taken from the checkpoint "
                  f"{checkpoint} (an earlier run), not computed now")


@perm.command("progress", epilog="""\b
Examples (a run, then where it stands; for a run not yet finished, the states left):
  wordlelab perm optimal --n 6 --depth-first --checkpoint perm6.log
  wordlelab perm progress --n 6 --checkpoint perm6.log""")
@click.option("--n", "n", required=True, type=int, help="the n of the run")
@click.option("--consistent-only", is_flag=True, help="the run's --consistent-only")
@_history_option
@click.option("--checkpoint", required=True, type=click.Path(dir_okay=False), help="the depth-first run's log")
@click.option("--levels", default=3, show_default=True, type=click.IntRange(1, 6),
              help="how many levels of states not yet valued to list")
@json_option
def progress_of(n, consistent_only, history, checkpoint, levels, as_json):
    """Where a depth-first `perm optimal` run stands: the states left below the start, and the new
    states a subtree brought, by its number of secrets (read from the log)."""
    from wordlelab.models.permutation import check_n, parse_history
    from wordlelab.solvers.permutation import MAX_EXACT_N
    from wordlelab.solvers.permutation.frontier import frontier
    import os
    check_n(n, MAX_EXACT_N)
    if not os.path.isfile(checkpoint):
        raise WordleError(f"no checkpoint log {checkpoint} (perm optimal --checkpoint writes one)")
    hist = parse_history(history, n)
    f = frontier(n, checkpoint, consistent_only, hist, levels)
    if as_json:
        emit_json(f)
        return
    out.print(f"n = {n}: {f['valued']} states valued in {checkpoint}")
    for line in f["rests_on"]:
        out.print(f"NOT checked here: rests on {line} (docs/trust.md)")
    if not f["levels"]:
        out.print("the start is valued: the run is finished (perm optimal with this checkpoint prints the result)")
        return
    b = f["bucket"]
    table("states not yet valued, level by level below the start",
          ["level", "states", "secrets", f"by secrets ({b} each: count)"],
          [[i + 1, lv["states"], lv["secrets"], ", ".join(f"{k}-{k + b - 1}: {c}" for k, c in lv["by_size"].items())]
           for i, lv in enumerate(f["levels"])])
    table("new states a subtree brought (between two valued siblings in the log)",
          [f"secrets ({b} each)", "samples", "median", "mean", "max"],
          [[f"{k}-{k + b - 1}", v["samples"], v["median"], v["mean"], v["max"]]
           for k, v in f["new_states_by_size"].items()])


@perm.command()
@click.option("--n-max", default=6, show_default=True, type=int, help="n = 1..N (N <= 8)")
@click.option("--consistent-only", is_flag=True)
@json_option
def conjecture(n_max, consistent_only, as_json):
    """Conjectures 2.2 and 3.7 and Li-Zhu's worst case, decided exactly for each n."""
    from wordlelab.models.permutation import check_n, circular_shift_within
    from wordlelab.solvers.permutation import MAX_EXACT_N, solve
    check_n(n_max, MAX_EXACT_N)
    rows = []
    for n in range(1, n_max + 1):
        r = solve(n, consistent_only)
        cs = circular_shift_within(n)
        rows.append({"n": n, "optimal_mean": str(r.mean), "(n+1)/2": f"{n + 1}/2",
                     "conj_3_7": r.mean == Fraction(n + 1, 2),
                     "optimal_within": r.within, "circular_shift_within": cs,
                     "conj_2_2": r.within == cs, "one_strategy": r.universal,
                     "worst_case": r.worst_case, "li_zhu": r.worst_case == n,
                     "states": r.states, "seconds": round(r.seconds_discover + r.seconds_evaluate, 2)})
    if as_json:
        emit_json(rows)
        return
    yes = {True: "holds", False: "FAILS"}
    table("Permutation Wordle conjectures, decided by exhaustive optimisation",
          ["n", "optimal mean", "3.7: = (n+1)/2", "2.2: CircularShift max within every r", "one strategy",
           "worst case", "Li-Zhu: = n", "states", "seconds"],
          [[x["n"], x["optimal_mean"], yes[x["conj_3_7"]], yes[x["conj_2_2"]], "yes" if x["one_strategy"] else "no",
            x["worst_case"], yes[x["li_zhu"]], x["states"], x["seconds"]] for x in rows])


@perm.command()
@click.option("--n-max", default=6, show_default=True, type=int, help="n = 2..N (N <= 8)")
@json_option
def consistency(n_max, as_json):
    """Does playing only consistent guesses ever cost anything? The smallest state where it does."""
    from wordlelab.models.permutation import check_n
    from wordlelab.solvers.permutation import MAX_EXACT_N, consistency_gaps
    check_n(n_max, MAX_EXACT_N)
    rows = []
    for n in range(2, n_max + 1):
        g = consistency_gaps(n)
        rows.append(g)
    if as_json:
        emit_json(rows)
        return
    table("Any guess vs consistent guesses only, over every state reachable from the start",
          ["n", "states reached by", "states", "costlier in total", "costlier within some r",
           "from the start", "smallest costlier state (secrets; total any/consistent)",
           "smallest costlier in total"],
          [[g["n"], g["reach"], g["states"], g["worse_total"], g["worse_within"],
            "costlier" if g["start_worse"] and any(g["start_worse"].values()) else "same",
            f"{g['smallest']} ({g['smallest_secrets']}; {g['smallest_totals']})" if g["smallest"] else "-",
            f"{g['smallest_in_total']} ({g['smallest_in_total_secrets']}; {g['smallest_in_total_totals']})"
            if g.get("smallest_in_total") else "-"] for g in rows])


@perm.command()
@click.option("--n", "n", required=True, type=int, help="n <= 4")
@click.option("--objective", type=click.Choice(["total", "within"], case_sensitive=False), default="total", show_default=True,
              help="total: least total rounds; within: most secrets within --rounds")
@click.option("--rounds", default=None, type=positive(), help="round limit (default n)")
@click.option("--solver", type=click.Choice(SOLVERS, case_sensitive=False), default="cpsat", show_default=True)
@click.option("--consistent-only", is_flag=True)
@click.option("--colors", default=1, show_default=True, type=int,
              help="colours per value (multicolour models for n! * s^n <= 48; checked by brute force)")
@_history_option
@setting_option("time_limit", default=60.0, show_default=True)
@click.option("--export", "export_file", default=None, type=OutputFile(), help="write the model (.lp/.mps for MIP)")
@json_option
@solver_options
def model(n, objective, rounds, solver, consistent_only, colors, history, time_limit, export_file, as_json):
    """The optimal strategy as a CP-SAT or MIP model, solved, verified and checked against the native solver."""
    from wordlelab.models.permutation import check_n, parse_history
    from wordlelab.solvers.permutation.model import solve_model
    check_n(n, 4)
    hist = parse_history(history, n)
    r = solve_model(n, objective, rounds, solver, consistent_only, hist, time_limit, export_file, colors)
    st = r.stats
    if r.proven and st["native"] is not None and r.value != st["native"]:
        raise WordleError(f"model says {r.value} but the native solver says {st['native']}")
    if as_json:
        emit_json(r.as_dict())
        return
    table(f"permutation Wordle n = {n}{f', {colors} colours' if colors > 1 else ''}, objective {objective}, "
          f"rounds <= {r.question['rounds']}",
          ["solver", "status", "objective", "bound", "re-scored", "native", "seconds", "model size"],
          [[solver, r.status, r.value, r.bound, st["rescored"], st["native"], f"{r.seconds:.3f}",
            f"states {st['states']}, variables {st['variables']}"]])
    if export_file:
        err.print(f"model written to {export_file}")


COMMANDS = [perm]
