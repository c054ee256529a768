"""Search small edits of Definition 4.3's colour conditions for ones that meet Lemma 4.4.

Evidence for the erratum candidate in docs/permutation.md. Each colour condition of the
printed definition is a chain of comparisons between terms a_x (a position), g_x
(gamma_{r+1}(a_x), the value now there) and h_x (gamma_r(a_x)), x in {j-1, j, j+1, 1, l}.
An edit changes one symbol: a comparison operator, an index, a term's kind, or or/and.
Each condition is edited by up to ``--depth`` symbols (default 3) with the other condition
corrected, and every edit is played on every secret with n <= 4, s <= 3.

    python tools/definition_4_3_edits.py            # a few minutes on one core
"""
from __future__ import annotations

import argparse
import operator

from wordlelab.models import multicolour as mc

OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
INDICES = ("j-1", "j", "j+1", "1", "l")
PRINTED = {1: ([[("g", "j-1"), "<", ("a", "j"), "<=", ("g", "j")]], "or"),
           2: ([[("a", "1"), "<=", ("g", "1")], [("g", "l"), "<", ("a", "1")]], "or")}
CORRECTED = {1: ([[("a", "j-1"), "<", ("g", "j"), "<=", ("a", "j")]], "or"),
             2: ([[("g", "1"), "<=", ("a", "1")], [("g", "1"), ">", ("a", "l")]], "or")}


def _value(term, a, g, h, j):
    kind, idx = term
    k = {"j-1": j - 1, "j": j, "j+1": j + 1, "1": 0, "l": len(a) - 1}[idx] % len(a)
    return {"a": a, "g": g, "h": h}[kind][k]


def _holds(condition, a, g, h, j) -> bool:
    chains, joiner = condition
    results = []
    for chain in chains:
        values = [_value(t, a, g, h, j) for t in chain[0::2]]
        results.append(all(OPS[o](values[i], values[i + 1]) for i, o in enumerate(chain[1::2])))
    return any(results) if joiner == "or" else all(results)


def _rule(conditions):
    def advances(strategy, nxt, wrong, j):
        a = [p + 1 for p in wrong]
        g = [nxt[p] + 1 for p in wrong]
        h = g[1:] + g[:1]                     # gamma_r(a_x) = gamma_{r+1}(a_{x+1})
        return _holds(conditions[1] if j > 0 else conditions[2], a, g, h, j)
    return advances


def meets_lemma(conditions, n_max: int = 4, s_max: int = 3) -> bool:
    saved = mc._advances
    mc._advances = _rule(conditions)          # the 'printed' strategy now plays these conditions
    try:
        for n in range(2, n_max + 1):
            for s in range(1, s_max + 1):
                counts = (s,) * n
                for sigma, kappa in mc.secrets(counts):
                    if mc.rounds(sigma, kappa, counts, "printed") != mc.lemma_4_4_rounds(sigma, kappa):
                        return False
        return True
    finally:
        mc._advances = saved


def edits(condition):
    chains, joiner = condition
    yield (chains, "and" if joiner == "or" else "or")
    for ci, chain in enumerate(chains):
        for pi, item in enumerate(chain):
            if isinstance(item, str):
                options = [o for o in OPS if o != item]
            else:
                kind, idx = item
                options = [(k, idx) for k in "agh" if k != kind] + [(kind, i) for i in INDICES if i != idx]
            for option in options:
                new = [list(c) for c in chains]
                new[ci][pi] = option
                yield (new, joiner)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args()
    print("printed definition meets Lemma 4.4:", meets_lemma(PRINTED))
    print("corrected definition meets Lemma 4.4:", meets_lemma(CORRECTED))
    for case in (1, 2):
        frontier, seen = [PRINTED[case]], {repr(PRINTED[case])}
        for depth in range(1, args.depth + 1):
            nxt = []
            for cond in frontier:
                for e in edits(cond):
                    if repr(e) not in seen:
                        seen.add(repr(e))
                        nxt.append(e)
            frontier = nxt
            good = [e for e in frontier
                    if meets_lemma({**CORRECTED, case: e}, 3) and meets_lemma({**CORRECTED, case: e})]
            print(f"condition {case}, {depth}-symbol edits: {len(frontier)} distinct, {len(good)} meet the lemma",
                  *good, sep="\n  ")


if __name__ == "__main__":
    main()
