"""``wordlelab eldrow``: the longest admissible guess chains (Jane Street's Eldrow)."""
from __future__ import annotations

import csv
import os
import time

import click

from wordlelab.cli.common import json_option
from wordlelab.instances.wordlists import eldrow_lists
from wordlelab.cli.console import emit_json, err, out, progress, table
from wordlelab.cli.solver_options import solver_options
from wordlelab.errors import WordleError
from wordlelab.cli.options import SOLVERS, OutputFile, setting_option, workers_type

DEFAULT_NODE_LIMIT = 10**12


@click.command(epilog="""\b
Examples:
  wordlelab eldrow --target lower
  wordlelab eldrow --target lower --start crane --solver cpsat
  wordlelab eldrow --all --workers 2 --checkpoint eldrow.json --csv eldrow.csv
  wordlelab eldrow --target lower --set node-limit=1000000""")
@click.option("--target", default=None, help="the answer the chain must end at")
@click.option("--all", "all_targets", is_flag=True, help="every target in the list")
@click.option("--lists", "lists_name", default=None, help="use this named list's answers (default: the 2315 original answers)")
@click.option("--words", "words_file", default=None, type=click.Path(), help="a word list file instead")
@click.option("--mode", type=click.Choice(["strict", "hard"], case_sensitive=False), default="strict", show_default=True)
@click.option("--start", default=None, help="fix the first guess")
@click.option("--solver", type=click.Choice(("native",) + SOLVERS, case_sensitive=False), default="native", show_default=True)
@click.option("--search", type=click.Choice(["auto", "sets", "order"], case_sensitive=False), default="auto", show_default=True,
              help="native search: largest admissible set (strict's fast path), chain order with memo (hard's), or by mode")
@click.option("--export", "export_file", default=None, type=OutputFile(), help="write the model (.lp/.mps)")
@setting_option("time_limit", default=60.0, show_default=True, help="seconds per model solve")
@setting_option("checkpoint", help="--all: resumable results (JSON)")
@click.option("--csv", "csv_file", default=None, type=OutputFile(), help="--all: write target,max_length,chain")
@setting_option("workers", type=workers_type(), help="--all: processes (default: all cores)")
@json_option
@solver_options(also=("node_limit", "dask_address"),
                helps={"node_limit": "the native search gives up (UNKNOWN) after this many nodes "
                                     "(default 10^12)",
                       "dask_address": "--all: run the targets on dask.distributed (a LocalCluster, or a "
                                       "running scheduler)"})
def eldrow(target, all_targets, lists_name, words_file, mode, start, solver, search, export_file, time_limit,
           node_limit, checkpoint, csv_file, workers, dask_address, as_json):
    """Longest chain of guesses, each still a possible answer (strict) or hard-mode legal, ending at the target."""
    from wordlelab.solvers.eldrow import EldrowSearcher, sweep
    lists = eldrow_lists(lists_name, words_file)
    node_limit = DEFAULT_NODE_LIMIT if node_limit is None else node_limit
    if bool(target) == bool(all_targets):
        raise WordleError("give --target WORD or --all")
    if all_targets:
        if solver != "native":
            raise WordleError("--all uses the native search")
        t0 = time.perf_counter()
        with progress("targets", len(lists.answers), enabled=not as_json) as advance:
            rows = sweep(lists, mode, workers or os.cpu_count() or 1, checkpoint, node_limit, advance,
                         dask_address=dask_address, announce=None if as_json else err.print)
        proven = [r for r in rows if r["status"] == "OPTIMAL"]
        claimed = [r for r in rows if r["status"] == "FEASIBLE"]      # chain checked, "longest" the file's
        longest = max((r["length"] for r in proven), default=None)
        at_least = max((r["length"] for r in proven + claimed), default=None)
        global_proven = not claimed and len(proven) == len(rows)
        summary = {"lists": lists.name, "mode": mode, "targets": len(rows), "proven": len(proven),
                   "status": "OPTIMAL" if global_proven else "FEASIBLE" if at_least is not None else "UNKNOWN",
                   "value": at_least, "bound": at_least if global_proven else None, "verified": bool(rows) and
                   all(r["status"] != "UNKNOWN" for r in rows),
                   "global_max": longest, "attained_by": [r["target"] for r in proven if r["length"] == longest],
                   "unknown": [r["target"] for r in rows if r["status"] not in ("OPTIMAL", "FEASIBLE")],
                   "rests_on": [f"{checkpoint}: that no chain is longer, for {len(claimed)} targets, not re-proved "
                                f"here: the file was not written by this installation"] if claimed else [],
                   "from_checkpoint": sum(r["source"] == "checkpoint" for r in rows),
                   "seconds": round(time.perf_counter() - t0, 2)}
        if csv_file:
            from wordlelab.cli.common import final_write
            final_write(_write_csv, csv_file, rows)
        if as_json:
            emit_json({**summary, "results": rows})
            return
        best = sorted(proven, key=lambda r: -r["length"])[:10]
        resumed = summary["from_checkpoint"]
        # rows taken from the checkpoint are marked: they were not computed in this run
        table(f"longest chains, {mode} mode, {lists.name}",
              ["target", "length", "chain"] + (["source"] if resumed else []),
              [[r["target"], r["length"], r["chain"]]
               + ([r["source"] if r["source"] == "checkpoint" else "this run"] if resumed else []) for r in best])
        scope = "global maximum" if global_proven else "longest among the targets proven here"
        out.print(f"{summary['proven']} of {summary['targets']} targets proven in {summary['seconds']} s"
                  + (f"; {scope} {longest}, attained by {' '.join(summary['attained_by'])}" if proven else ""))
        if resumed:
            out.print(f"{resumed} of the {summary['targets']} targets taken from the checkpoint {checkpoint} "
                      f"(an earlier run), not computed now; every chain re-checked on loading")
        if claimed:
            out.print(f"NOT proven here: {len(claimed)} of these are longest only by the file's claim (the file "
                      f"was not written by this installation); their chains are admissible, so the global "
                      f"maximum is at least {at_least}")
        if summary["unknown"]:
            out.print(f"UNKNOWN (node limit): {' '.join(summary['unknown'][:20])}")
        return
    searcher = EldrowSearcher(lists, mode)
    target = target.lower()
    if solver == "native":
        if export_file:
            raise WordleError(f"--export needs a model solver: --solver {', '.join(SOLVERS)}")
        res = searcher.solve(target, start=start, node_limit=node_limit, search=search)
    else:
        res = searcher.solve_model(target, solver, start=start, time_limit=time_limit, export=export_file)
    if as_json:
        emit_json(res.as_dict())
        return
    if res.certificate is None:
        out.print(f"{res.status}: no chain proven for {target} ({solver}); nothing is claimed")
        return
    how = "proven longest" if res.status == "OPTIMAL" else f"best found, NOT proven (bound {res.bound})"
    out.print(f"{res.status}: {res.value} guesses ending at {target} ({mode} mode, {lists.name}, {solver}; {how}; "
              f"chain re-checked)")
    out.print(" ".join(res.certificate))
    searched = f", {res.stats.nodes} nodes ({res.stats.search} search)" if solver == "native" else ""
    out.print(f"{res.seconds:.2f} s" + searched
              + (f"; model written to {export_file}" if export_file else ""))


def _write_csv(path, rows) -> None:
    from wordlelab.models.files import open_atomic
    with open_atomic(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["target", "max_length", "status", "chain"])
        for r in rows:
            w.writerow([r["target"], r["length"], r["status"], r["chain"]])


COMMANDS = [eldrow]
