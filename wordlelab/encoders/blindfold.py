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

from wordlelab.encoders.model import Model


def build_separating(P: np.ndarray, pairs, k: int | None = None, names=None,
                     row_guesses=None, answers=None) -> tuple[Model, list]:
    """Model over guess columns ``P`` (guesses x answers) and answer ``pairs``; returns (model, y).

    ``y_WORD`` is named after the guess (``names``, else its row). ``row_guesses``, when
    given, holds each pair's separating guesses (row indices), already computed. Rows are
    named ``sep_A_B`` after the two answers (``answers``, the words of the columns), else ``pairI``.
    """
    model = Model("blindfold" if k is None else f"blindfold_k{k}")
    y = [model.bool(f"y_{names[t] if names is not None else t}") for t in range(P.shape[0])]
    if k is None:
        model.minimize(model.sum(y))
    else:
        model.add(model.sum(y) <= k, "at_most_k")
    for i, (a, b) in enumerate(pairs):
        sep = np.flatnonzero(P[:, a] != P[:, b]) if row_guesses is None else row_guesses[i]
        label = f"sep_{answers[a]}_{answers[b]}" if answers is not None else f"pair{i}"
        model.add(model.sum([y[t] for t in sep]) >= 1, label)
    return model, y
