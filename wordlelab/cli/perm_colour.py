"""``wordlelab perm lemma`` and ``perm multicolour``: the multicolour half of Kutin & Smithline."""
from __future__ import annotations

import json

import click

from wordlelab.cli.common import json_option
from wordlelab.cli.console import emit_json, err, out, progress, table
from wordlelab.cli.options import OutputFile
from wordlelab.errors import WordleError


@click.command()
@click.option("--n-max", default=4, show_default=True, type=int, help="n = 1..N (N <= 5)")
@click.option("--colors-max", default=3, show_default=True, type=int, help="s = 1..S colours per value (S <= 4)")
@click.option("--strategy", "strategies", multiple=True, type=click.Choice(["printed", "corrected", "wrap"], case_sensitive=False),
              help="the strategies to check (default: all three)")
@json_option
def lemma(n_max, colors_max, strategies, as_json):
    """Lemma 4.4 (1 + exc + sum kappa rounds) against multicolour CircularShift on every secret.

    Reports, for each strategy, the secrets checked and the first (smallest n, then s, then secret)
    where the rounds differ from the lemma.
    """
    from wordlelab.models.multicolour import STRATEGIES, first_disagreement
    if not 1 <= n_max <= 5:
        raise WordleError(f"--n-max must be between 1 and 5, not {n_max}")
    if not 1 <= colors_max <= 4 or n_max == 5 and colors_max > 2:
        raise WordleError("--colors-max must be between 1 and 4 (and at most 2 with --n-max 5)")
    cases = [(s,) * n for n in range(1, n_max + 1) for s in range(1, colors_max + 1)]
    rows = []
    for strategy in strategies or STRATEGIES:
        bad = first_disagreement(strategy, cases)
        rows.append({"strategy": strategy, "cases": [list(c) for c in cases], "agrees": bad is None,
                     "first_disagreement": bad})
    if as_json:
        emit_json(rows)
        return
    table(f"Lemma 4.4 against every coloured secret, n <= {n_max}, s <= {colors_max}",
          ["strategy", "agrees with Lemma 4.4", "first disagreement (colours; secret; rounds vs lemma)"],
          [[r["strategy"], "yes" if r["agrees"] else "no",
            "-" if r["agrees"] else
            f"s = {','.join(map(str, r['first_disagreement']['counts']))}; {r['first_disagreement']['secret']}; "
            f"{r['first_disagreement']['rounds'] or 'never solved'} vs {r['first_disagreement']['lemma_4_4']}"]
           for r in rows])


@click.command()
@click.option("--n", "n", required=True, type=int, help="number of values (n! * s^n <= 2000)")
@click.option("--colors", required=True, metavar="s|s1,...,sn", help="colours per value")
@click.option("--tree", "tree_file", default=None, type=OutputFile(), help="write the min-total strategy (JSON)")
@json_option
def multicolour(n, colors, tree_file, as_json):
    """Exact optimum of multicolour permutation Wordle, beside CircularShift (Conjecture 4.5).

    Exhaustive over every guess, with states merged under renaming positions, values and colours;
    the min-total strategy is re-played on every secret before it is reported.
    """
    from fractions import Fraction

    from wordlelab.models.multicolour import parse_counts
    from wordlelab.models.permutation import check_n
    from wordlelab.solvers.permutation.multicolour import optimal_multicolour
    check_n(n, 6)
    counts = parse_counts(colors, n)
    with progress("states", None, enabled=not as_json) as advance:
        r = optimal_multicolour(counts, progress=lambda k: advance(500, info=f"{k} states"))
    st = r.stats
    if tree_file:
        from wordlelab.cli.common import final_write
        from wordlelab.models.files import write_atomic
        if final_write(write_atomic, tree_file, json.dumps({"n": n, "colours": list(counts), "tree": r.certificate})):
            st["tree_file"] = tree_file
    if as_json:
        emit_json(r.as_dict())
        return
    mean = Fraction(r.value, st["secrets"])
    out.print(f"n = {n}, colours {','.join(map(str, counts))}: {st['secrets']} secrets")
    out.print(f"status {r.status} (exhaustive)  least total {r.value}  mean {mean} = {float(mean):.6f}  "
              f"(CircularShift {st['circular_shift_total']})  worst case {st['worst_case']}  "
              f"strategy tree verified: total {r.value}")
    table("most secrets solved within r rounds", ["strategy"] + [f"r={k}" for k in range(1, len(st["within"]) + 1)],
          [["optimal"] + st["within"], ["CircularShift"] + st["circular_shift_within"]])
    out.print(f"Conjecture 4.5 (CircularShift solves the most within every r): "
              f"{'holds' if st['conjecture_4_5'] else 'FAILS'} for these colours")
    out.print(f"states {st['states']}, {r.seconds:.2f} s")
    if "tree_file" in st:
        err.print(f"strategy written to {tree_file}")


COMMANDS = [lemma, multicolour]
