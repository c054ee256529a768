"""No k fixed guesses identify the answers: LP branch and bound whose every leaf carries a dual bound.

Theorem relied on (weak LP duality with bounded variables). Let R be a set of answer
pairs, and for a pair r let S_r be the guesses whose patterns differ on its two answers.
A set X of guesses that identifies every answer meets every S_r. Fix some guesses in
(F1) and some out (F0); the free guesses are the others. For *any* weights y_r >= 0 on
the pairs that no guess of F1 separates, write c_t for the sum of y_r over those pairs
whose S_r holds the free guess t. Then every such X has

    |X| >= |F1| + sum_r y_r - sum_t max(0, c_t - 1)        (over free guesses t),

because x_t in [0, 1] and sum_t c_t x_t >= sum_r y_r when X meets every S_r. If the right
side exceeds k, no such X has k guesses or fewer. A pair whose S_r lies inside F0 also
ends a branch. Branching on one guess (in F1, or in F0) splits the sets exhaustively, so
a tree whose leaves all end this way proves that no k guesses identify the answers of R,
hence none identify all answers.

The weights come from the LP relaxation's row duals (HiGHS), scaled down to integers
over a common denominator so that the bound is exact integer arithmetic, and each leaf
is kept only when its integer bound already exceeds k. The rows R are chosen for a
strong relaxation: LP row generation, first over the pairs with the fewest *possible*
separators (by the letter lemma of :mod:`wordlelab.models.blindfold`, a separator holds a
letter at a position where the two answers differ), then over every pair by separation
(only guesses with x > 0 can cover a row), so the root bound is the LP relaxation's over
all pairs. A k-set found at a node that leaves answers together adds their pairs
to R, and the search starts again; one that identifies every answer is returned.

The certificate is re-checked from the rules by
:func:`wordlelab.models.blindfold.check_bound_tree`, which recomputes every S_r.
"""
from __future__ import annotations

import heapq
import itertools
import time

import highspy
import numpy as np

from wordlelab.encoders.blindfold import build_separating
from wordlelab.solvers.backends.highs import relaxation
from wordlelab.solvers.blindfold.letters import letter_masks
from wordlelab.solvers.blindfold.proof import row_guesses
from wordlelab.solvers.blindfold.search import classes_of

DENOMINATOR = 1 << 20     # the duals' common denominator in a certificate
ALL_LETTERS = (1 << 26) - 1


def subset_counts(masks: np.ndarray) -> np.ndarray:
    """``f[S]`` = number of words whose letters all lie in the letter set S (a zeta transform, 2^26 entries)."""
    f = np.zeros(1 << 26, np.int32)         # 256 MiB, counted in place
    np.add.at(f, masks, 1)
    for bit in range(26):
        view = f.reshape(-1, 2, 1 << bit)
        view[:, 1, :] += view[:, 0, :]
    return f


def hard_pairs(answers, guesses, count: int) -> np.ndarray:
    """The ``count`` answer pairs (index pairs) with the fewest guesses that could separate them.

    A guess can separate two answers only if it holds a letter found at a position where
    they differ, so that count of guesses bounds the pair's separators from above; pairs
    such as gauge/gauze (only z, or a second g) come first.
    """
    n, n_guesses = len(answers), len(guesses)
    if n * (n - 1) // 2 <= count:       # every pair is a candidate: no ranking needed
        i, j = np.triu_indices(n, 1)
        return np.stack([i, j], 1).astype(np.int64)
    enc = np.array([[ord(c) - 97 for c in a] for a in answers], np.int64)
    fits = subset_counts(letter_masks(guesses))

    def bounds(i):
        rest = enc[i + 1:]
        differ = np.zeros(len(rest), np.int64)
        for p in range(enc.shape[1]):
            d = rest[:, p] != enc[i, p]
            differ |= np.where(d, (1 << rest[:, p]) | (1 << enc[i, p]), 0)
        return n_guesses - fits[ALL_LETTERS & ~differ]

    histogram = np.zeros(n_guesses + 1, np.int64)
    for i in range(n - 1):
        histogram += np.bincount(bounds(i), minlength=n_guesses + 1)
    cut = int(np.searchsorted(np.cumsum(histogram), min(count, n * (n - 1) // 2)))
    found, found_bounds = [], []
    for i in range(n - 1):
        b = bounds(i)
        j = np.flatnonzero(b <= cut)
        found.append(np.stack([np.full(len(j), i), i + 1 + j], 1))
        found_bounds.append(b[j])
    if not found:
        return np.zeros((0, 2), np.int64)
    pairs, b = np.concatenate(found), np.concatenate(found_bounds)
    return pairs[np.argsort(b, kind="stable")[:count]]


def core_rows(P: np.ndarray, names, answers, candidates: np.ndarray, first: int = 200, batch: int = 300,
              deadline: float | None = None, should_stop=None) -> tuple[list, float]:
    """Rows of a tight relaxation: LP row generation over ``candidates``; returns (pairs, LP value).

    Stopping early (``deadline``, a ``time.perf_counter`` value, or ``should_stop``) keeps the
    rows so far: any set of rows is a relaxation, only a weaker one.
    """
    seps = row_guesses(P, candidates)
    active = list(range(min(first, len(candidates))))
    pairs = [tuple(int(v) for v in candidates[i]) for i in active]
    rows = [seps[i] for i in active]
    value = 0.0
    every_pair = False            # the candidates first; then every pair, by separation
    while True:
        h = _lp(P, names, answers, pairs, rows)
        h.run()
        value = h.getInfo().objective_function_value
        x = np.asarray(h.getSolution().col_value)
        if not every_pair:
            cover = np.array([x[s].sum() for s in seps])
            have = set(pairs)
            short = [tuple(int(v) for v in candidates[i]) for i in np.argsort(cover, kind="stable")
                     if cover[i] < 1 - 1e-7]
            short = [p for p in short if p not in have]
            if not short:
                every_pair = True
                short = violated_pairs(P, x, batch, set(pairs))
        else:
            short = violated_pairs(P, x, batch, set(pairs))
        late = deadline is not None and time.perf_counter() > deadline
        if not short or late or (should_stop and should_stop()):
            return pairs, value
        pairs += short[:batch]
        rows += row_guesses(P, short[:batch])


def violated_pairs(P: np.ndarray, x: np.ndarray, limit: int, skip=frozenset()) -> list:
    """Up to ``limit`` answer pairs whose row the LP point ``x`` violates most, over every pair.

    Only guesses with x > 0 count, so each answer is compared with the later ones on those rows.
    """
    support = np.flatnonzero(x > 1e-9)
    Q, weight = P[support].astype(np.int16), x[support]

    def short():
        for i in range(P.shape[1] - 1):
            cover = weight @ (Q[:, i + 1:] != Q[:, i:i + 1])
            for j in np.flatnonzero(cover < 1 - 1e-7):
                if (i, i + 1 + int(j)) not in skip:
                    yield float(cover[j]), i, i + 1 + int(j)

    return [(i, j) for _, i, j in heapq.nsmallest(limit, short())]


def lp_value(P: np.ndarray, names, answers, pairs) -> float:
    """The LP relaxation's optimum over the rows of ``pairs``: a lower bound on the guesses needed."""
    h = _lp(P, names, answers, pairs, row_guesses(P, pairs))
    h.run()
    return h.getInfo().objective_function_value


def _lp(P, names, answers, pairs, seps) -> highspy.Highs:
    model, _ = build_separating(P, pairs, None, names, seps, answers)
    return relaxation(model)


class _Search:
    """Depth-first branch and bound on one set of rows; leaves hold integer dual bounds."""

    def __init__(self, P, names, answers, pairs, k, deadline, should_stop, progress):
        self.P, self.pairs, self.k = P, pairs, k
        self.S = np.zeros((len(pairs), P.shape[0]), bool)
        for r, (a, b) in enumerate(pairs):
            self.S[r] = P[:, a] != P[:, b]
        self.h = _lp(P, names, answers, pairs, [np.flatnonzero(s) for s in self.S])
        self.n = P.shape[0]
        self.fixed = np.full(self.n, -1, np.int8)        # -1 free, 0 out, 1 in
        self.deadline, self.should_stop, self.progress = deadline, should_stop, progress
        self.nodes = 0
        self.found = None                                  # an integral k-set of the LP
        self.failed = False                                # HiGHS gave no optimum

    def certificate(self, y: np.ndarray):
        """Integer duals on the rows F1 leaves open, and whether their bound exceeds k."""
        ones = self.fixed == 1
        open_rows = ~self.S[:, ones].any(axis=1)
        w = np.where(open_rows & (y > 0), np.floor(np.maximum(y, 0) * DENOMINATOR), 0).astype(np.int64)
        free = self.fixed == -1
        weighted = np.flatnonzero(w)            # only the weighted rows: a small product
        c = w[weighted] @ self.S[weighted][:, free].astype(np.int64)
        bound = int(ones.sum()) * DENOMINATOR + int(w.sum()) - int(np.maximum(c - DENOMINATOR, 0).sum())
        return w, bound > self.k * DENOMINATOR

    def evaluate(self, depth: int):
        """The current node: a leaf, ``("branch", guess)``, or None (stopped, or an integral k-set found)."""
        if time.perf_counter() > self.deadline or (self.should_stop and self.should_stop()):
            return None
        self.nodes += 1
        if self.progress and self.nodes % 50 == 0:
            self.progress(1, info=f"{self.k} guesses: branch and bound, {self.nodes} nodes, depth {depth}")
        allowed = self.fixed != 0
        dead = np.flatnonzero(~self.S[:, allowed].any(axis=1))
        if len(dead):
            return {"unseparable": int(dead[0])}
        self.h.run()
        if self.h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            self.failed = True                  # no LP optimum: nothing to conclude here
            return None
        sol = self.h.getSolution()
        x, y = np.asarray(sol.col_value), np.asarray(sol.row_dual)
        w, proven = self.certificate(y)
        if proven:
            return {"dual": [[int(r), int(w[r])] for r in np.flatnonzero(w)]}
        fractional = np.flatnonzero((x > 1e-6) & (x < 1 - 1e-6) & (self.fixed == -1))
        if not len(fractional):
            self.found = [int(t) for t in np.flatnonzero(x > 0.5)]
            return None
        return ("branch", int(fractional[np.argmax(x[fractional])]))

    def _fix(self, t: int, value: int) -> None:
        self.fixed[t] = value
        lo, hi = (0.0, 1.0) if value < 0 else (float(value), float(value))
        self.h.changeColBounds(t, lo, hi)

    def run(self):
        """The whole tree, depth first with an explicit stack (a branch may fix many guesses out),
        or None when stopped or when an integral k-set of the LP was found."""
        holder: dict = {}
        stack = [((), holder, "root")]
        path: tuple = ()
        stopped = False
        while stack:
            target, parent, side = stack.pop()
            common = 0
            while common < min(len(path), len(target)) and path[common] == target[common]:
                common += 1
            for t, _ in path[common:]:
                self._fix(t, -1)
            for t, value in target[common:]:
                self._fix(t, value)
            path = target
            outcome = self.evaluate(len(path))
            if outcome is None:
                stopped = True
                break
            if isinstance(outcome, tuple):
                t = outcome[1]
                node = {"guess": t}
                parent[side] = node
                stack.append((path + ((t, 0),), node, "without"))
                stack.append((path + ((t, 1),), node, "with"))
            else:
                parent[side] = outcome
        for t, _ in path:
            self._fix(t, -1)
        return None if stopped else holder["root"]


def rule_out_by_duals(P: np.ndarray, names, answers, k: int, time_limit: float = 600.0, candidates: int = 20000,
                      pairs=None, on_rows=None, progress=None, should_stop=None) -> dict:
    """Decide whether ``k`` guesses (rows of ``P``) identify every answer (column), with a certificate.

    ``pairs`` (answer index pairs) replaces the row generation (a resumed run);
    ``on_rows(pairs)`` is called whenever the rows change, to checkpoint them.

    Returns
    -------
    dict
        ``status``: "INFEASIBLE" (with ``certificate``: the pairs, as words, and the tree, its
        guesses as words and its leaves' duals as integers over ``denominator``), "FOUND"
        (``found``: guess indices that identify every answer) or "UNKNOWN" (the time limit);
        ``seconds``, ``lp_bound`` (the root relaxation), ``rows`` and ``pairs`` (the answer
        index pairs of the last model), ``nodes``, ``restarts``.
    """
    t0 = time.perf_counter()
    deadline = t0 + time_limit
    if pairs is not None and len(pairs):
        pairs = [tuple(int(v) for v in p) for p in pairs]
        lp_bound = lp_value(P, names, answers, pairs)
    else:
        pool = hard_pairs(answers, names, candidates)
        pairs, lp_bound = core_rows(P, names, answers, pool, deadline=deadline, should_stop=should_stop)
    if on_rows:
        on_rows(pairs)
    if progress:
        progress(1, info=f"{k} guesses: {len(pairs)} pair rows, LP bound {lp_bound:.4f}")
    nodes = restarts = 0
    while True:
        search = _Search(P, names, answers, pairs, k, deadline, should_stop, progress)
        tree = search.run()
        nodes += search.nodes
        out = {"seconds": time.perf_counter() - t0, "lp_bound": lp_bound, "rows": len(pairs),
               "pairs": list(pairs), "nodes": nodes, "restarts": restarts}
        if tree is not None:
            cert = {"k": k, "denominator": DENOMINATOR,
                    "pairs": [[answers[a], answers[b]] for a, b in pairs],
                    "tree": _named(tree, names)}
            return {"status": "INFEASIBLE", "certificate": cert, **out}
        if search.found is None or search.failed or len(search.found) > k:
            return {"status": "UNKNOWN", **out}
        chosen = np.array(search.found, np.int64)
        cls, n_cls = classes_of(P, chosen, -1)
        if n_cls == P.shape[1]:
            return {"status": "FOUND", "found": search.found, **out}
        together = {}
        for a, c in enumerate(cls.tolist()):
            together.setdefault(c, []).append(a)
        have = set(pairs)
        new = (p for m in together.values() if len(m) > 1 for p in itertools.combinations(m, 2) if p not in have)
        pairs = pairs + list(itertools.islice(new, 500))
        restarts += 1
        if on_rows:
            on_rows(pairs)


def _named(tree: dict, names) -> dict:
    """The tree with guess indices replaced by words (iteratively: trees may be deep)."""
    root: dict = {}
    stack = [(tree, root)]
    while stack:
        node, out = stack.pop()
        if "guess" not in node:
            out.update(node)
            continue
        out["guess"] = names[node["guess"]]
        out["with"], out["without"] = {}, {}
        stack += [(node["with"], out["with"]), (node["without"], out["without"])]
    return root
