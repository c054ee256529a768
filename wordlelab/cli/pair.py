"""The best fixed pair of first words: ``wordlelab best-pair``."""
from __future__ import annotations

import os

import click

from wordlelab.cli.common import json_option, lists_options, save_tree_certificate
from wordlelab.cli.console import emit_json, err, out, progress, table
from wordlelab.cli.options import OutputFile, positive, sweep_options, setting_option


@click.command("best-pair", epilog="""\b
Examples:
  wordlelab best-pair --lists nyt20220316 --top 10 --checkpoint pairs.json
  wordlelab best-pair --lists nyt20220316 --top 3 --limit 40""")
@lists_options
@click.option("--max-guesses", default=6, show_default=True, type=click.IntRange(3, 20))
@click.option("--top", default=10, show_default=True, type=positive(), help="exact totals for this many best pairs")
@click.option("--limit", default=None, type=positive(),
              help="only the pairs with a word among the LIMIT first of the sweep order (partial ranking)")
@setting_option("checkpoint", help="resumable results file (JSON)")
@sweep_options("processes (default: all cores); with --dask local, workers",
               "run the tasks on dask.distributed: a LocalCluster, or a running scheduler")
@click.option("--tree", "tree_file", default=None, type=OutputFile(), help="write the best pair's strategy tree")
@json_option
def best_pair(lists, max_guesses, top, limit, checkpoint, workers, dask_address, tree_file, as_json):
    """The best two first words played blind (the second whatever the first's colours), with proof.

    Exact totals for the TOP best pairs, and a proven lower bound for every other pair. Easy mode.
    """
    from wordlelab.solvers.search.rank.best_pair import run_best_pair
    r = run_best_pair(lists, max_guesses, top, checkpoint, workers or os.cpu_count() or 1,
                      progress_bar=None if as_json else progress, announce=None if as_json else err.print,
                      dask_address=dask_address, limit=limit)
    save_tree_certificate(r, tree_file)
    if as_json:
        emit_json(r.as_dict())
        return
    st = r.stats
    table(f"best fixed pairs, {lists.name}", ["rank", "first", "second", "total", "average"],
          [[i + 1, p["first"], p["second"], p["total"], f"{p['average']:.4f}"] for i, p in enumerate(st.pairs)])
    scope = f" (partial: pairs with a word among the first {limit} of the sweep order)" if st.partial else ""
    from wordlelab.cli.common import show_rests_on
    if r.status in ("OPTIMAL", "FEASIBLE"):
        best = st.pairs[0]
        out.print(f"{r.status}: best pair {best['first']} {best['second']}, total {r.value}; its tree verified by "
                  f"the independent checker{scope}")
    else:
        out.print(f"{r.status}: no pair finds every answer within {max_guesses} guesses{scope}")
    show_rests_on(r)
    if st.others_at_least is not None:
        proven = "claimed (see above)" if r.rests_on else "proven"
        out.print(f"every other pair is {proven} to total at least {st.others_at_least}")
    out.print(f"{st.first_words} first words swept in {r.seconds:.1f} s on {st.workers} worker(s)"
              + (f"; {st.from_checkpoint} taken from the checkpoint" if st.from_checkpoint else ""))


COMMANDS = [best_pair]
