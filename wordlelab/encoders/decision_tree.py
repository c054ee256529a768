"""Decision-tree questions as CP-SAT and MIP models (two encodings).

``encoding="layered"`` (a flow over the state graph of
:mod:`wordlelab.encoders.tree_graph`)
    One 0/1 variable y[v, o] per state v and option o. The root takes one
    option; every other state takes as many options as its parents' chosen
    options lead to it (0 or 1). Total = sum of cost[v, o] * y[v, o]. States with
    no option left force their parents' options to 0, so "no tree within g" is
    an INFEASIBLE model. Exact, and strong, where the graph is small.

``encoding="assignment"`` (assignment + separation, compact in |H|, |T|, g)
    x[h, d, t] = 1 when answer h's d-th guess is t (t = DONE after h is found);
    same[a, b, d] = 1 when answers a and b are still together at guess d. Answers
    together share their guess; a guess splits a pair unless it gives both the
    same pattern; h is found when its guess is h. Hard mode: each guess obeys the
    previous (guess, pattern) (NYT hard constraints carry forward); strict mode:
    each guess is consistent with every earlier one. Total = sum d * x[h, d, h].

Both shrink the guess set first: guesses that split nothing are dropped, and in
easy mode guesses with the same or coarser classes of H (see
:mod:`~wordlelab.encoders.tree_graph`). ``objective="depth"`` builds a pure
feasibility model; ``"total"`` minimises the total. Encoders build; they never solve.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordlelab.encoders.model import Deadline, Model, clean_name
from wordlelab.errors import WordleError, check_choice
from wordlelab.models.feedback import ALL_GREEN
from wordlelab.models.matrix import build_matrix
from wordlelab.models.masks import allowed_mask
from wordlelab.models.modes import guess_allowed

ENCODINGS = ("layered", "assignment")


@dataclass
class TreeModel:
    """A built model and what is needed to read a tree back from a solution."""

    question: object
    encoding: str
    model: Model                      # any backend solves it (wordlelab.solvers.backends)
    variables: list                   # the 0/1 variables a tree is read from
    keys: list                        # what each variable means (encoding-specific)
    hint: list | None = None          # warm start: (variable, value) pairs of a greedy tree, or None
    info: dict = field(default_factory=dict)


def check_encoding(encoding: str) -> str:
    """The encoding name, or WordleError naming the choices."""
    return check_choice(encoding, ENCODINGS, "encoding")


# ---- layered
def build_layered(question, graph=None, hint=None, cuts: bool = True, deadline: Deadline | None = None) -> TreeModel:
    """The flow model over the state graph (built here unless given)."""
    from wordlelab.encoders.tree_graph import StateGraph
    G = graph if graph is not None else StateGraph(question, deadline=deadline)
    B = Model(clean_name(f"tree_layered_{question.label}"), deadline=deadline)
    y, keys, parents = [], [], {}
    by_state: list[list] = [[] for _ in G.states]
    for v, st in enumerate(G.states):
        for o, opt in enumerate(st.options):
            var = B.bool(f"y_{v}_{G.T[opt.guess]}")
            y.append(var)
            keys.append((v, o))
            by_state[v].append(var)
            for c in opt.children.values():
                parents.setdefault(c, []).append(var)
    B.add(B.sum(by_state[G.root]) == 1)
    for v in range(len(G.states)):
        if v == G.root:
            continue
        into = parents.get(v, [])
        if by_state[v]:
            B.add(B.sum(by_state[v]) - B.sum(into) == 0)
        elif into:
            B.add(B.sum(into) == 0)      # a dead state: no way to finish it within the limit
    if question.objective == "total":
        B.minimize(y, [G.states[v].options[o].cost for v, o in keys])
    n_cover = 0
    if cuts:
        # the chain may use any guess the graph's trees use: options, and answers settling small classes
        used = sorted({o.guess for st in G.states for o in st.options} | set(G.answer_guess.tolist()))
        row = {t: i for i, t in enumerate(used)}
        root_opts = G.states[G.root].options
        total = question.objective == "total"
        n_cover, _ = _chain_block(B, G.P[used], question.depth,
                                  {row[o.guess]: by_state[G.root][i] for i, o in enumerate(root_opts)},
                                  y if total else None,
                                  [G.states[v].options[o].cost for v, o in keys] if total else None)
    info = {"states": len(G.states), "variables": len(y), "cover_sets": n_cover, "graph": G}
    values = _layered_hint(G, keys) if hint else None
    values = None if values is None else list(zip(y, values))
    return TreeModel(question, "layered", B, y, keys, values, info)


def _layered_hint(G, keys) -> list[int] | None:
    """Greedy tree in the graph: at each state the option leaving the fewest answers unsettled."""
    chosen: dict[int, int] = {}
    stack = [G.root]
    while stack:
        v = stack.pop()
        opts = G.states[v].options
        if not opts:
            return None
        o = min(range(len(opts)), key=lambda i: (sum(len(G.states[c].answers) ** 2 for c in opts[i].children.values()),
                                                 opts[i].cost))
        chosen[v] = o
        stack.extend(opts[o].children.values())
    return [int(chosen.get(v) == o) for v, o in keys]


# ---- assignment
@dataclass
class Reduced:
    """The guesses kept for the assignment model, and the patterns it needs."""

    guesses: np.ndarray        # indices into question.guesses
    P: np.ndarray              # kept guesses x answers
    answer_col: np.ndarray     # position of each answer among the kept guesses


def reduce_guesses(question, deadline: Deadline | None = None) -> Reduced:
    """Drop guesses that split nothing; in easy mode keep one guess per undominated set of classes of H
    (``deadline`` checked as the partitions are compared)."""
    from wordlelab.encoders.tree_graph import class_counts, undominated_rows
    T = list(question.guesses)
    P = build_matrix(T, list(question.answers))
    index = {w: i for i, w in enumerate(T)}
    answer_guess = np.array([index[a] for a in question.answers])
    member = np.zeros(len(T), bool)
    member[answer_guess] = True
    keep = np.flatnonzero((class_counts(P.astype(np.int16)) > 1) | member)
    if question.mode == "easy" and len(question.answers) > 1:
        keep = np.union1d(keep[undominated_rows(P[keep].astype(np.int16), deadline)], answer_guess)
    pos = {int(t): i for i, t in enumerate(keep)}
    return Reduced(keep, P[keep], np.array([pos[int(t)] for t in answer_guess]))


def build_assignment(question, hint=None, cuts: bool = True, deadline: Deadline | None = None) -> TreeModel:
    """The compact assignment + separation model."""
    R = reduce_guesses(question, deadline)
    H, g, m = len(question.answers), question.depth, len(R.guesses)
    DONE = m
    B = Model(clean_name(f"tree_assignment_{question.label}"), deadline=deadline)
    kept = [question.guesses[int(t)] for t in R.guesses] + ["done"]
    x = {}
    for h in range(H):
        for d in range(1, g + 1):
            row = [B.bool(f"x_{question.answers[h]}_{d}_{kept[t]}") for t in range(m + 1)]
            x[h, d] = row
            B.add(B.sum(row) == 1)
    for h in range(H):
        col = R.answer_col[h]
        B.add(x[h, 1][DONE] == 0)
        for d in range(1, g):
            B.add(x[h, d + 1][DONE] - x[h, d][DONE] - x[h, d][col] == 0)
        B.add(B.sum([x[h, d][col] for d in range(1, g + 1)]) == 1)     # found within g
    for h in range(1, H):            # one root guess for everybody
        for t in range(m):
            B.add(x[h, 1][t] - x[0, 1][t] == 0)
    weights = list(range(m + 1))
    same = {}
    for a in range(H):
        for b in range(a + 1, H):
            together = np.flatnonzero(R.P[:, a] == R.P[:, b]).tolist()   # guesses that leave a, b together
            same_prev = None
            for d in range(2, g + 1):
                s = same[a, b, d] = B.bool(f"same_{question.answers[a]}_{question.answers[b]}_{d}")
                if not together:
                    B.add(s == 0)
                else:
                    keep_together = B.sum([x[a, d - 1][t] for t in together])
                    B.add(s <= keep_together)
                    if same_prev is None:      # together at guess 1
                        B.add(s >= keep_together)
                    else:
                        B.add(s >= same_prev + keep_together - 1)
                        B.add(s <= same_prev)
                B.equal_if(x[a, d], x[b, d], weights, s, m)
                same_prev = s
    _mode_constraints(question, R, x, B, g, DONE)
    terms = [x[h, d][R.answer_col[h]] for h in range(H) for d in range(1, g + 1)]
    coefs = [d for h in range(H) for d in range(1, g + 1)]
    total = question.objective == "total"
    paths = None
    if hint:
        paths = greedy_paths(question, R)
    n_cover, chain_hints = _chain_block(B, R.P, g, {t: x[0, 1][t] for t in range(m)},
                                        terms if total else None, coefs if total else None,
                                        _chain_of(R.P, paths) if paths else None) if cuts else (0, [])
    variables = [v for h in range(H) for d in range(1, g + 1) for v in x[h, d]]
    keys = [(h, d, t) for h in range(H) for d in range(1, g + 1) for t in range(m + 1)]
    if total:
        B.minimize(terms, coefs)
    values = _assignment_hint(R, x, same, paths) + chain_hints if paths else None
    return TreeModel(question, "assignment", B, variables, keys, values,
                     {"guesses_kept": m, "variables": len(variables), "cover_sets": n_cover, "reduced": R})


def _chain_block(B, P, g, root_guess_vars, total_terms=None, total_coefs=None, chain=None):
    """Implied constraints from the adversary chain (Peattie's cover argument, ordered).

    For a guess x let D(x) be the answers outside its largest non-green class
    (:func:`wordlelab.encoders.cover.d_sets`). Every strategy within g guesses has a
    chain x_1 (the root guess), x_2, ... of at most g-1 guesses, each played at the
    node holding the answers outside D(x_1) | ... | D(x_{k-1}); their D-sets cover all
    answers but one. Those outside the first k D-sets are not found within k guesses,
    and of the answers at the chain's k-th node at most one is found there, so the
    total is at least |H| + sum over k of max(outside the first k sets, outside the
    first k-1 sets minus one). The chain is modelled on its own, tied to the tree at
    the root guess. ``P`` is guesses x answers; ``chain`` the rows of P guessed along a
    known tree's chain (for the warm start). Returns (number of distinct D-sets, hints).
    """
    from wordlelab.encoders.cover import d_sets
    H = P.shape[1]
    if H < 2 or g < 2:
        return 0, []
    D = d_sets(P)
    # a guess that is an answer finds it: sets are told apart by that answer too
    found_answer = np.where((P == ALL_GREEN).any(axis=1), (P == ALL_GREEN).argmax(axis=1), -1)
    keys = np.concatenate([np.packbits(D, axis=1).astype(np.int32), found_answer[:, None]], axis=1)
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    K = len(first)
    holders = [[k for k in range(K) if D[first[k], h]] for h in range(H)]
    z = {(i, k): B.bool(f"chain_{i}_{k}") for i in range(1, g) for k in range(K)}
    for i in range(1, g):
        B.add(B.sum([z[i, k] for k in range(K)]) <= 1)
    w = [B.bool(f"uncovered_{h}") for h in range(H)]
    for h in range(H):
        B.add(B.sum([z[i, k] for i in range(1, g) for k in holders[h]] + [w[h]]) >= 1)
    B.add(B.sum(w) <= 1)
    for t, var in root_guess_vars.items():
        B.add(var <= z[1, inverse[t]])
    hints = []
    covered = np.zeros(H, bool)
    chosen = {}
    if chain is not None:
        for i, t in enumerate(chain[:g - 1], 1):
            chosen[i] = int(inverse[t])
            covered |= D[t]
        hints += [(v, int(chosen.get(i) == k)) for (i, k), v in z.items()]
        hints += [(w[h], int(not covered[h])) for h in range(H)]
    if total_terms is None:
        return K, hints
    # r[k, h] = 1 exactly when h lies outside the first k D-sets: then it is not found within k guesses
    member = [int(found_answer[first[k]]) for k in range(K)]   # the answer a set's guesses find, or -1
    r = {(0, h): 1 for h in range(H)}
    r_hint = {}
    U = []
    for k in range(1, g):
        for h in range(H):
            r[k, h] = B.bool(f"outside_{k}_{h}")
            covering = [z[i, s] for i in range(1, k + 1) for s in holders[h]]
            B.add(r[k, h] + B.sum(covering) >= 1)
            for v in covering:
                B.add(r[k, h] + v <= 1)
        # f[k, s]: the chain's k-th guess is the answer member[s], still at the chain's node: found there
        found = []
        for s_ in range(K):
            if member[s_] >= 0:
                f = B.bool(f"chain_finds_{k}_{s_}")
                B.add(f <= z[k, s_])
                if k > 1:
                    B.add(f <= r[k - 1, member[s_]])
                found.append(f)
        u = B.int(f"unfound_after_{k}", 0, H)
        if chain is not None:
            outside = [not D[[first[chosen[i]] for i in range(1, k + 1) if i in chosen], h].any() for h in range(H)]
            before = [k == 1 or r_hint[k - 1, h] for h in range(H)]
            n_found = 0
            for s_, f in zip([s_ for s_ in range(K) if member[s_] >= 0], found):
                on = chosen.get(k) == s_ and before[member[s_]]
                n_found += on
                hints.append((f, int(on)))
            for h in range(H):
                r_hint[k, h] = outside[h]
                hints.append((r[k, h], int(outside[h])))
            hints.append((u, max(sum(outside), sum(before) - n_found)))
        B.add(u - B.sum([r[k, h] for h in range(H)]) >= 0)
        B.add(u - B.sum([r[k - 1, h] for h in range(H) if k > 1]) + B.sum(found) >= (H if k == 1 else 0))
        U.append(u)
    B.add(B.sum(total_terms, total_coefs) - B.sum(U) >= H)
    return K, hints


def _mode_constraints(question, R, x, B, g, DONE):
    if question.mode == "easy" or g < 2:
        return
    T = [question.guesses[t] for t in R.guesses]
    m = len(T)
    H = len(question.answers)
    if question.mode == "hard":
        cache: dict = {}
        for h in range(H):
            for tp in range(m):
                p = int(R.P[tp, h])
                if p == ALL_GREEN:
                    continue
                key = (tp, p)
                if key not in cache:
                    cache[key] = allowed_mask("hard", [(T[tp], p)], T)
            for t in range(m):
                # t at guess d needs a previous guess whose hard constraints t obeys
                ok = [tp for tp in range(m) if int(R.P[tp, h]) != ALL_GREEN and cache[tp, int(R.P[tp, h])][t]]
                if len(ok) == m:
                    continue
                for d in range(2, g + 1):
                    B.add(x[h, d][t] <= B.sum([x[h, d - 1][tp] for tp in ok]) if ok else x[h, d][t] == 0)
        return
    full = build_matrix(T, T)          # full[t', t] = feedback(t', t)
    for h in range(H):
        ph = R.P[:, h]
        for t in range(m):
            consistent = np.flatnonzero(full[:, t] == ph).tolist()    # earlier guesses t is consistent with
            if len(consistent) == m:
                continue
            for d in range(2, g + 1):
                for dp in range(1, d):
                    B.add(x[h, d][t] <= B.sum([x[h, dp][tp] for tp in consistent]) if consistent
                          else x[h, d][t] == 0)


def _chain_of(P, paths) -> list[int]:
    """The adversary chain of a tree given as each answer's guesses (rows of P)."""
    from wordlelab.encoders.cover import d_sets
    D = d_sets(P)
    node, chain = list(range(P.shape[1])), []
    while node and len(chain) < len(paths[node[0]]):
        t = paths[node[0]][len(chain)]
        chain.append(t)
        node = [h for h in node if not D[t, h]]
    return chain


def _assignment_hint(R, x, same, paths) -> list:
    """(variable, value) pairs of the greedy tree."""
    m = len(R.guesses)
    out = []
    for (h, d), row in x.items():
        on = paths[h][d - 1] if d <= len(paths[h]) else m
        out.extend((v, int(t == on)) for t, v in enumerate(row))
    for (a, b, d), v in same.items():
        # together at guess d: the same guesses and patterns so far, neither found
        pa = [int(R.P[t, a]) for t in paths[a][:d - 1]]
        pb = [int(R.P[t, b]) for t in paths[b][:d - 1]]
        together = len(pa) == len(pb) == d - 1 and paths[a][:d - 1] == paths[b][:d - 1] and pa == pb \
            and ALL_GREEN not in pa
        out.append((v, int(together)))
    return out


def build(question, encoding: str = "layered", hint: bool = True, cuts: bool = True,
          deadline: Deadline | None = None) -> TreeModel:
    """Build ``question`` in ``encoding``; ``cuts`` adds the cover block; any backend solves it.

    ``deadline``: the model's, checked at every constraint (:class:`~wordlelab.encoders.model.TimeLimitReached`)
    and by the solver backends.
    """
    check_encoding(encoding)
    if encoding == "layered":
        return build_layered(question, hint=hint, cuts=cuts, deadline=deadline)
    return build_assignment(question, hint=hint, cuts=cuts, deadline=deadline)


# ---- warm start
def greedy_paths(question, R) -> list[list[int]] | None:
    """Greedy strategy over the kept guesses (smallest largest class, members first) within the depth limit.

    Returns each answer's guesses (positions among the kept guesses), or None if greedy misses the limit.
    """
    words = [question.guesses[int(t)] for t in R.guesses]
    paths: list[list[int]] = [[] for _ in question.answers]
    stack = [(list(range(len(question.answers))), [], 1)]
    while stack:
        S, hist, d = stack.pop()
        if d > question.depth:
            return None
        best, best_key = None, None
        for t, w in enumerate(words):
            if question.mode != "easy" and not guess_allowed(question.mode, hist, w):
                continue
            pats = R.P[t, S]
            _, counts = np.unique(pats, return_counts=True)
            if len(counts) == 1 and t not in R.answer_col[S]:
                continue
            key = (int(counts.max()), -len(counts), t not in R.answer_col[S])
            if best_key is None or key < best_key:
                best, best_key = t, key
        if best is None:
            return None
        for h in S:
            paths[h].append(best)
        pats = R.P[best, S]
        for p in set(pats.tolist()):
            if p != ALL_GREEN:
                stack.append(([h for h, q in zip(S, pats.tolist()) if q == p], hist + [(words[best], p)], d + 1))
    return paths
