"""Fixed-guess ("blindfold") Wordle as a separating-code model.

Choose guesses G, the same whatever the answer, whose patterns tell every two
answers apart; then one more guess wins. Model: y[t] = 1 if guess t is in G;
for each pair of answers (a, b): sum of y[t] over guesses t with
feedback(t, a) != feedback(t, b) >= 1. Minimise |G|, or ask whether |G| <= k.

All pairs (2.7 million for 2309 answers) are too many rows; the solver adds them
lazily (:mod:`wordlelab.solvers.blindfold`). A model on a subset of the pairs is
a relaxation: INFEASIBLE for k on a subset proves no k guesses separate all.
Encoders build; they never solve.
"""
from __future__ import annotations

import numpy as np


def build_separating(P: np.ndarray, pairs, k: int | None = None, backend: str = "cpsat"):
    """Model over guess columns ``P`` (guesses x answers) and answer ``pairs``; returns (model, y)."""
    rows = [np.flatnonzero(P[:, a] != P[:, b]).tolist() for a, b in pairs]
    if backend == "cpsat":
        from ortools.sat.python import cp_model
        model = cp_model.CpModel()
        y = [model.new_bool_var(f"y{t}") for t in range(P.shape[0])]
        for row in rows:
            model.add_bool_or([y[t] for t in row])
        if k is None:
            model.minimize(cp_model.LinearExpr.sum(y))
        else:
            model.add(cp_model.LinearExpr.sum(y) <= k)
        return model, y
    from wordlelab.solvers.runner import import_pulp
    pulp = import_pulp()
    prob = pulp.LpProblem("blindfold", pulp.LpMinimize)
    y = [pulp.LpVariable(f"y{t}", cat="Binary") for t in range(P.shape[0])]
    if k is None:
        prob += pulp.lpSum(y)
    else:
        prob += pulp.lpSum([])
        prob += pulp.lpSum(y) <= k
    for i, row in enumerate(rows):
        prob += pulp.lpSum(y[t] for t in row) >= 1, f"pair{i}"
    return prob, y
