"""``wordlelab heuristics``: the greedy rules people play by, scored exactly beside the proven optimum."""
from __future__ import annotations

import click

from wordlelab.cli.common import json_option, lists_options, mode_option
from wordlelab.cli.console import emit_json, out, progress, table
from wordlelab.cli.options import plot_option


@click.command(epilog="""\b
Examples:
  wordlelab heuristics --lists nyt20220316
  wordlelab heuristics --lists nyt20220316 --mode hard --criterion most-parts --pool all
  wordlelab heuristics --lists nyt20220316 --blog""")
@lists_options
@mode_option
@click.option("--criterion", "criteria", multiple=True,
              type=click.Choice(["most-parts", "entropy", "minimax", "expected-size"], case_sensitive=False),
              help="greedy criteria to score (default: all four)")
@click.option("--pool", "pools", multiple=True, type=click.Choice(["all", "answers"], case_sensitive=False),
              help="guesses from every allowed word, or only from the answers still possible (default: both)")
@click.option("--blog", is_flag=True,
              help="also the Art of Wordle blog's player: most parts over the answers, TRACE first, "
                   "with the NYT colours and with the blog's own colour rule")
@click.option("--no-optimum", is_flag=True, help="skip the proven optimum after each strategy's first word")
@plot_option("draw each strategy's guess-count histogram beside the optimum's")
@json_option
def heuristics(lists, mode, criteria, pools, blog, no_optimum, plot_file, as_json):
    """Score greedy strategies exactly (every answer played), beside the proven optimum."""
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.heuristics import CRITERIA, POOLS, evaluate, play_with_rule
    from wordlelab.solvers.search.native import NativeSearcher
    MT = pattern_matrix(lists, transposed=True)
    plan = [(c, p, None) for c in (criteria or CRITERIA) for p in (pools or POOLS)]
    blog_first = "trace" if "trace" in lists.guess_index() else None     # the blog's first guess, where listed
    if blog:
        plan.append(("most-parts", "answers", blog_first))
    results, optimum = [], {}
    with progress("strategies", len(plan), enabled=not as_json) as advance:
        for criterion, pool, first in plan:
            r = evaluate(lists, criterion, pool, first, MT, mode)
            if blog and (criterion, pool, first) == plan[-1]:
                r.method += "-blog"
            start = r.stats.first_guess
            if not no_optimum and start not in optimum:
                optimum[start] = NativeSearcher(lists, mode, 6).solve(start=start)
            if start in optimum:
                best = optimum[start]
                r.stats.optimum_after_first_guess = best.value       # None: no strategy within 6
                r.stats.optimum_status = best.status.value
                r.stats.optimum_verified = best.verified
            results.append(r)
            advance(1, info=r.method)
    blog_rule = play_with_rule(lists, blog_first) if blog and mode == "easy" else None
    if plot_file:
        from wordlelab.cli.plots import guess_histograms
        series = [(f"{r.method.removeprefix('greedy-')} ({r.value})", r.stats.histogram) for r in results]
        proven = [o for o in optimum.values() if o.value is not None]
        if proven:
            best = min(proven, key=lambda o: o.value)
            series.insert(0, (f"optimum after {best.stats.first_guess} ({best.value})", best.stats.histogram))
        from wordlelab.cli.common import final_write
        final_write(guess_histograms, series, plot_file, f"guesses needed, {lists.name}, {mode} mode")
    if as_json:
        emit_json({**_summary(lists, mode, results).as_dict(), "results": [r.as_dict() for r in results],
                   "blog_rule": blog_rule})
        return
    rows = []
    for r in results:
        st = r.stats
        opt = st.optimum_after_first_guess
        shown = opt if opt is not None else ("none within 6" if st.optimum_status == "INFEASIBLE" else "-")
        rows.append([r.method.removeprefix("greedy-"), st.first_guess, r.value, f"{st.average:.4f}",
                     st.max_guesses, st.beyond_6, f"{r.seconds:.1f}", shown,
                     "-" if opt is None else f"+{r.value - opt}"])
    table(f"greedy strategies, {lists.name}, {mode} mode, {len(lists.answers)} answers (every tree verified)",
          ["strategy", "first", "total", "average", "worst", "beyond 6", "seconds", "optimum, same first",
           "cost"], rows)
    out.print("optimum, same first: the proven least total within 6 guesses after the strategy's own first guess "
              "(\"none within 6\": proven impossible)")
    if blog_rule:
        lost = blog_rule["never_found"]
        out.print(f"the blog's colour rule (yellow whenever the letter occurs, counts ignored), read against the "
                  f"real colours: {blog_rule['found']} answers found in {blog_rule['total_found']} guesses, "
                  f"{len(lost)} never found ({' '.join(lost[:8])}{' ...' if len(lost) > 8 else ''}): "
                  f"{blog_rule['wrong_eliminations']} games dropped the answer itself")


def _summary(lists, mode, results):
    """The run as one Result (the keys every --json has): the best strategy's total, a heuristic
    value (FEASIBLE), verified when every strategy's tree was; each strategy is under "results"."""
    from wordlelab.models.result import Result, Status
    from wordlelab.models.stats import HeuristicsStats
    best = min(results, key=lambda r: r.value)
    return Result({"kind": "heuristics", "lists": lists.name, "mode": mode,
                   "strategies": [r.method for r in results]}, "greedy", Status.FEASIBLE, value=best.value,
                  verified=all(r.verified for r in results), seconds=sum(r.seconds for r in results),
                  stats=HeuristicsStats(best=best.method, first_guess=best.stats.first_guess), heuristic=True)


COMMANDS = [heuristics]
