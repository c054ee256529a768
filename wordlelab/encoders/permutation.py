"""Optimal permutation-Wordle strategies for small n as CP-SAT and MIP models.

The layered encoding: a knowledge state is the set of secrets still possible
at round d (no symmetry is used, so the model is an independent check of the
native solver). x[d, S, g] = 1 when the strategy guesses g in state S at round
d. One guess at the root; each state is entered as often as guesses lead to it
(at most once in a tree); classes of one secret are settled in place (one more
round). Objectives:

- ``total``: least total rounds over all secrets, every secret found within
  ``rounds`` (default n) rounds;
- ``within``: most secrets found within ``rounds`` rounds.

>>> m = build(3, objective="total")
>>> m.info["states"], m.info["variables"]
(7, 36)
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from wordlelab.encoders.model import Model, clean_name
from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.multicolour import colour_feedback
from wordlelab.models.permutation import check_n, feedback, format_perm, secrets_after

MAX_MODEL_N = 4
OBJECTIVES = ("total", "within")


@dataclass
class PermModel:
    """A built model and what a strategy is read back from."""

    n: int
    objective: str
    rounds: int
    model: Model
    variables: list
    keys: list                      # (round, state, guess) per variable
    info: dict = field(default_factory=dict)
    feedback: object = None         # the game's feedback rule
    fmt: object = None              # how a guess is written in the strategy tree


def build(n: int, objective: str = "total", rounds: int | None = None, history=(),
          consistent: bool = False) -> PermModel:
    """The layered model of the optimal strategy for n <= 4 (after ``history``)."""
    check_n(n, MAX_MODEL_N)
    secrets = secrets_after(n, history)
    if not secrets:
        raise WordleError("no permutation is consistent with that history: the state is impossible")
    guesses = list(itertools.permutations(range(n)))
    return _build(n, secrets, guesses, feedback, format_perm, objective, rounds, consistent,
                  f"perm{n}_{objective}")


def build_multicolour(n: int, colours: int, objective: str = "total", rounds: int | None = None,
                      consistent: bool = False) -> PermModel:
    """The same model for multicolour permutation Wordle (n values, ``colours`` colours each; small cases)."""
    check_n(n, 3)
    if not 1 <= colours <= 3 or math.factorial(n) * colours ** n > 48:
        raise WordleError("multicolour models are for small cases: n! * s^n <= 48")
    items = [(p, c) for p in itertools.permutations(range(n)) for c in itertools.product(range(colours), repeat=n)]

    def fb(g, s):
        return colour_feedback(g[0], g[1], s[0], s[1])

    def fmt(g):
        return f"{format_perm(g[0])}/{''.join(str(c + 1) for c in g[1])}"

    rounds = n * colours if rounds is None else rounds
    return _build(n, items, items, fb, fmt, objective, rounds, consistent, f"perm{n}s{colours}_{objective}")


def _build(n, secrets, guesses, fb, fmt, objective, rounds, consistent, label) -> PermModel:
    if objective not in OBJECTIVES:
        raise WordleError(f"unknown objective {objective!r}; choose total or within")
    rounds = n if rounds is None else rounds
    if not 1 <= rounds <= 2 * len(secrets):
        raise ParameterError(f"{{rounds}} must be between 1 and {2 * len(secrets)}")
    feedback = fb
    B = Model(clean_name(f"{label}_r{rounds}"))
    root = frozenset(secrets)
    layers = [{root: []}]            # per round: state -> variables of the guesses that lead to it
    options = [dict() for _ in range(rounds)]   # per round: state -> variables of its guesses
    variables, keys = [], []
    win_terms, cost_terms = [], []
    for d in range(rounds):
        nxt: dict = {}
        for S in layers[d]:
            opts = options[d].setdefault(S, [])
            for g in (sorted(S) if consistent else guesses):
                classes: dict[str, list] = {}
                for s in S:
                    classes.setdefault(feedback(g, s), []).append(s)
                win = g in S
                if not win and len(classes) == 1:
                    continue  # tells nothing
                rest = [frozenset(c) for fb, c in classes.items() if fb != "G" * n]
                singles = sum(1 for c in rest if len(c) == 1)
                bigger = [c for c in rest if len(c) > 1]
                last = d == rounds - 1
                if objective == "total" and last and rest:
                    continue  # some secret would need another round
                if objective == "total" and d == rounds - 2 and bigger:
                    continue
                x = B.bool(f"x_r{d}_{fmt(g)}_{len(variables)}")     # round, guess, and a serial number
                variables.append(x)
                keys.append((d, S, g))
                opts.append(x)
                # every secret in S spends this round; settled singletons spend one more
                cost_terms.append((x, len(S) + singles))
                if objective == "within":
                    win_terms.append((x, int(win) + (singles if not last else 0)))
                if not last:
                    for c in bigger:
                        nxt.setdefault(c, []).append(x)
        layers.append(nxt)
    # flow: one guess at the root, and each state is played exactly as often as it is reached
    root_opts = options[0][root]
    if not root_opts:
        raise WordleError("no strategy exists within that many rounds")
    B.add(B.sum(root_opts) == 1)
    for d in range(1, rounds):
        for S, parents in layers[d].items():
            opts = options[d][S]
            B.add(B.sum(opts + parents, [1] * len(opts) + [-1] * len(parents)) == 0)
    if objective == "total":
        B.minimize([x for x, _ in cost_terms], [c for _, c in cost_terms])
    else:
        B.minimize([x for x, _ in win_terms], [-w for _, w in win_terms])
    n_states = sum(len(layer) for layer in layers[:rounds])
    return PermModel(n, objective, rounds, B, variables, keys,
                     {"states": n_states, "variables": len(variables), "secrets": len(secrets)}, fb, fmt)


def read_strategy(pm: PermModel, values) -> dict:
    """The chosen guesses as a tree {'guess': .., 'next': {feedback: ..}} (from the root)."""
    chosen = {(d, S): g for (d, S, g), v in zip(pm.keys, values) if v}
    feedback, format_perm = pm.feedback, pm.fmt
    n = pm.n

    def node(d, S):
        if len(S) == 1:
            return {"guess": format_perm(next(iter(S)))}
        if (d, S) not in chosen:
            return None  # past the last round of a 'within' model
        g = chosen[(d, S)]
        classes: dict[str, list] = {}
        for s in S:
            classes.setdefault(feedback(g, s), []).append(s)
        nxt = {fb: node(d + 1, frozenset(c)) for fb, c in sorted(classes.items()) if fb != "G" * n}
        nxt = {fb: sub for fb, sub in nxt.items() if sub is not None}
        return {"guess": format_perm(g), "next": nxt}

    root = next(S for (d, S) in chosen if d == 0)
    return node(0, root)
