"""The ``blindfold`` suite: the certified proof that k fixed guesses fail, beside a MIP solver on the same rows.

Poirrier proved "5 fixed guesses cannot" with a set-cover MIP. The reference here is that
formulation on the same pair rows, solved by HiGHS's branch and cut (its answer is the
solver's word). Ours is the LP branch and bound of :mod:`wordlelab.solvers.blindfold.duals`
plus the pure-Python check of its certificate. Both start from the same rows, chosen once
(timed on its own row), and run in the same process, one after the other.
"""
from __future__ import annotations

import time

from wordlelab.bench.registry import BenchRow, suite

CASES = (("nyt20220316", 5),)


@suite("blindfold")
def blindfold_suite(repeat: int = 1):
    """No k fixed guesses identify the answers: our certified proof beside HiGHS's MIP on the same rows."""
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.matrix import pattern_matrix
    for name, k in CASES:
        lists = load_lists(name)
        yield from side_by_side(pattern_matrix(lists), list(lists.guesses), list(lists.answers), k, name, repeat)


def side_by_side(P, guesses, answers, k: int, name: str, repeat: int = 1):
    """Rows: the shared pair rows, then ours (proof and check) beside HiGHS's MIP, ``repeat`` times."""
    from wordlelab.encoders.blindfold import build_separating
    from wordlelab.models.blindfold import check_bound_tree
    from wordlelab.solvers.backends import solve
    from wordlelab.solvers.blindfold.duals import core_rows, hard_pairs, rule_out_by_duals
    t = time.perf_counter()
    pairs, lp = core_rows(P, guesses, answers, hard_pairs(answers, guesses, 20000))
    rows_seconds = time.perf_counter() - t
    yield BenchRow("pair rows by LP row generation", name, "highs LP", "-", len(pairs), rows_seconds,
                   note=f"LP bound over every pair {lp:.4f}; shared by both rows below")
    for _ in range(repeat):
        t = time.perf_counter()
        out = rule_out_by_duals(P, guesses, answers, k, time_limit=3600, pairs=pairs)
        counts = check_bound_tree(out["certificate"], guesses, answers) if out["status"] == "INFEASIBLE" else {}
        ours = time.perf_counter() - t
        model, _ = build_separating(P, pairs, None, guesses, answers=answers)
        t = time.perf_counter()
        ref = solve(model, "highs", time_limit=3600)
        reference = time.perf_counter() - t
        yield BenchRow(f"no {k} fixed guesses", name, "duals + check", out["status"], f"> {k}", ours,
                       round(reference, 3),
                       note=f"{out['nodes']} nodes, {counts.get('leaves', 0)} leaves re-checked; reference: "
                            f"HiGHS MIP on the same {len(pairs)} rows, {ref.status} {ref.objective} "
                            f"(uncertified), {ref.stats.get('nodes')} nodes")
