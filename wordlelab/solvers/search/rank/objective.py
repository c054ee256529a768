"""Exact strategies and first-word rankings for an objective other than the plain total.

The objectives (:mod:`wordlelab.models.objectives`): a word-frequency prior (the least weighted
total) and "most answers within k, then the least total". The search is
:mod:`~wordlelab.solvers.search.engine.objective_core`; its bound is stated there. Easy mode
only, on any game the engine plays.

Each OPTIMAL value comes with a strategy tree that the independent verifier re-checks and that
:func:`~wordlelab.models.objectives.price_tree` values again from the tree alone: the upper half
is certified. The lower half (no strategy does better) rests on the search.

>>> from wordlelab.instances.wordlists import WordLists
>>> from wordlelab.models.objectives import Objective
>>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
>>> r = ObjectiveSearch(WordLists("ten", words, words), Objective.within(2)).solve(start="cigar")
>>> r.status.value, r.stats.unfound, r.stats.total, r.verified
('OPTIMAL', 3, 22, True)
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.objectives import Objective, price_tree
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import ObjectiveStats
from wordlelab.models.tree import Tree


@dataclass
class Ranked:
    """One first word of a ranking: its exact value, or a lower bound."""

    word: str
    value: int
    exact: bool


class ObjectiveSearch:
    """The exact search for one objective on one pair of lists (easy mode).

    Parameters
    ----------
    lists : WordLists
    objective : Objective
    max_guesses : int
        Every answer must be found within this many guesses.
    """

    def __init__(self, lists, objective: Objective, max_guesses: int = 6):
        if not 1 <= max_guesses <= 20:
            raise WordleError("the guess limit must be between 1 and 20")
        if objective.kind == "weights" and objective.source == "frequency" and not objective.weights:
            from wordlelab.instances.priors import frequency_weights
            objective = Objective.weighted(frequency_weights(lists.answers), "frequency")
        objective.check_answers(lists.answers)
        self.lists, self.objective, self.max_guesses = lists, objective, max_guesses
        from wordlelab.models.matrix import pattern_matrix
        self.MT = np.ascontiguousarray(pattern_matrix(lists).T)    # answers x guesses
        n = len(lists.answers)
        rng = np.random.default_rng(20261207)
        self.R1 = rng.integers(1, 2**63, n, dtype=np.int64).astype(np.uint64)
        self.R2 = rng.integers(1, 2**63, n, dtype=np.int64).astype(np.uint64)
        self.guess_index = {w: i for i, w in enumerate(lists.guesses)}
        self.answer_index = {a: i for i, a in enumerate(lists.answers)}
        self.cost = self.cost_table()
        from wordlelab.solvers.search.engine import objective_core as K
        self.K = K
        self.INF = K.INF
        self.memo = K.new_memo()
        self.L_all = np.arange(len(lists.guesses), dtype=np.int64)
        self._useful_key = None
        self.evaluated = 0
        self.from_checkpoint = 0
        self.rests_on: list[str] = []
        self.nodes = 0
        self.cells = 0
        self._load_kernels()

    def _load_kernels(self) -> None:
        """Load every compiled kernel (from numba's cache, or compiling it) with Ctrl-C and SIGTERM
        held until they are loaded: a stop raised inside numba's loader can leave a kernel half
        made, and the process crashes at its first call. Each is called once on three answers."""
        from wordlelab.solvers.runtime.interrupt import DeferSignals
        from wordlelab.solvers.search.engine.tables import new_stats
        K = self.K
        H = np.arange(min(3, len(self.lists.answers)), dtype=np.int64)
        L = self.L_all[:1]
        with DeferSignals():
            K.one_ply(H, L, 1, self.MT, self.cost, self.R1)
            K.set_bound(H, 1, self.cost)
            K.classes(H, L[0], self.MT)
            K.best_guess(H, L, 1, self.MT, self.cost, self.R1, self.R2, K.new_memo(), new_stats())

    def cost_table(self) -> np.ndarray:
        """cost[a, d] for rounds 1 .. max_guesses + 2 (column 0 unused), INF past the guess limit."""
        from wordlelab.solvers.search.engine.objective_core import INF
        D = self.max_guesses
        t = np.full((len(self.lists.answers), D + 3), INF, np.int64)
        for i, a in enumerate(self.lists.answers):
            for d in range(1, D + 1):
                t[i, d] = self.objective.cost(a, d)
        return t

    # ---- the search
    def useful(self, H: np.ndarray, d: int) -> np.ndarray:
        """The guesses worth trying at (H, d): those that split H, one of each partition."""
        key = (H.tobytes(), d)
        if self._useful_key != key:
            lb, sig = self.K.one_ply(H, self.L_all, d, self.MT, self.cost, self.R1)
            ok = np.nonzero(lb < self.INF)[0]
            _, first = np.unique(sig[ok], return_index=True)
            self._useful = np.ascontiguousarray(np.sort(self.L_all[ok[first]]))
            self._useful_key = key
        return self._useful

    def _value(self, H: np.ndarray, L: np.ndarray, d: int, beta: int) -> int:
        from wordlelab.solvers.runtime.interrupt import StopOnCtrlC
        from wordlelab.solvers.search.engine.tables import new_stats
        stats = new_stats()
        with StopOnCtrlC(stats) as stop:
            v = self.K.value(H, L, d, beta, self.MT, self.cost, self.R1, self.R2, self.memo, stats)
        self.nodes += int(stats[0]) if not stop.interrupted else 0
        self.cells += int(stats[1])
        if stop.interrupted:
            self.memo = self.K.new_memo()          # values cut short by the stop prove nothing
        stop.check()
        return int(v)

    def start_value(self, H: np.ndarray, g: int, d: int, beta: int, progress=None) -> int:
        """The least cost at (H, d) when the next guess is ``g``; at least ``beta`` if not below it.
        ``progress(n=1, info=..., total=...)`` is told of each class solved."""
        members, starts, sizes, hit = self.K.classes(H, g, self.MT)
        L = self.useful(H, d)
        total = 0 if hit < 0 else int(self.cost[hit, d])
        bounds = [int(self.K.set_bound(members[s:s + n], d + 1, self.cost)) for s, n in zip(starts, sizes)]
        running = total + sum(bounds)
        if progress:
            progress(0, total=len(sizes))
        for (s, n), b in zip(zip(starts, sizes), bounds):
            if running >= beta:
                return running
            v = self._value(np.ascontiguousarray(members[s:s + n], np.int64), L, d + 1, beta - (running - b))
            running += v - b
            if progress:
                progress(1, info=f"a class of {n}")
        return running

    def tree(self, H: np.ndarray, d: int, g: int | None = None) -> Tree:
        """The strategy the search found at (H, d), as a tree (its first guess ``g`` if given)."""
        if g is None:
            g = self._guess(H, d)
        node = Tree(self.lists.guesses[g])
        members, starts, sizes, hit = self.K.classes(H, g, self.MT)
        if hit >= 0:
            node.branches[242] = None
        for s, n in zip(starts, sizes):
            sub = np.ascontiguousarray(members[s:s + n], np.int64)
            p = int(self.MT[sub[0], g])
            node.branches[p] = self.tree(sub, d + 1)
        return node

    def _guess(self, H: np.ndarray, d: int) -> int:
        if len(H) == 1:
            return self.guess_index[self.lists.answers[H[0]]]
        if len(H) == 2:
            a, b = int(H[0]), int(H[1])
            first = a if self.cost[a, d] + self.cost[b, d + 1] <= self.cost[b, d] + self.cost[a, d + 1] else b
            return self.guess_index[self.lists.answers[first]]
        from wordlelab.solvers.search.engine.tables import new_stats
        v, g = self.K.best_guess(H, self.L_all, d, self.MT, self.cost, self.R1, self.R2, self.memo, new_stats())
        if g < 0:
            raise WordleError("internal error: the search lost a solved node")
        return int(g)

    # ---- the questions
    def root(self, start: str | None, state: str | None):
        """(answers H, round d, history, first guess index or None)."""
        history = ()
        answers = self.lists.answers
        if state:
            from wordlelab.models.state import parse_state
            s = parse_state(state, self.lists, "easy")
            history, answers = s.history, s.answers
            if s.next_guess:
                if start and start != s.next_guess:
                    raise WordleError("give the next guess either in the state or as the start, not both")
                start = s.next_guess
        g = None
        if start:
            start = start.strip().lower()
            if start not in self.guess_index:
                raise WordleError(f"{start!r} is not in the guess list {self.lists.name}")
            g = self.guess_index[start]
        H = np.array(sorted(self.answer_index[a] for a in answers), np.int64)
        d = len(history) + 1
        if d > self.max_guesses:
            raise WordleError(f"the state already used {len(history)} guesses of {self.max_guesses}")
        return H, d, tuple(history), g

    def solve(self, start: str | None = None, state: str | None = None, progress=None) -> Result:
        """The objective's optimum from the start (or the best first guess), with a verified tree.

        Returns
        -------
        Result
            OPTIMAL with ``value`` the objective's sum (for ``within:k``, the answers not found
            within k; ``stats.total`` breaks ties), or INFEASIBLE if no strategy finds every
            answer within the guess limit.
        """
        t0 = time.perf_counter()
        H, d, history, g = self.root(start, state)
        question = {"kind": "objective", "objective": self.objective.describe(), "lists": self.lists.name,
                    "mode": "easy", "max_guesses": self.max_guesses, "start": start, "state": state}
        from wordlelab.solvers.search.engine.objective_core import INF
        ranking = None
        if g is None:
            ranking = self.rank(H, d, top=1, progress=progress)
            if not ranking or not ranking[0].exact or ranking[0].value >= INF:
                return self._result(question, Status.INFEASIBLE, None, None, t0, H, given=False)
            g = self.guess_index[ranking[0].word]
            value = ranking[0].value
        else:
            value = self.start_value(H, g, d, int(INF), progress)
        if value >= INF:
            return self._result(question, Status.INFEASIBLE, None, None, t0, H)
        return self._verified(question, H, d, history, g, value, t0, ranking is None)

    def _verified(self, question, H, d, history, g, value, t0, given) -> Result:
        """OPTIMAL with the strategy's tree, verified and priced again from the tree alone."""
        t1 = time.perf_counter()
        tree = self.tree(H, d, g)
        from wordlelab.models.verify import verify_tree
        answers = [self.lists.answers[i] for i in H]
        verify_tree(tree, answers, self.lists.guesses, "easy", history, self.max_guesses - len(history),
                    rule=self.lists.game.name)
        priced = price_tree(tree, self.objective, len(history))
        if priced.value != value:
            raise WordleError(f"internal error: the verified tree is worth {priced.value}, the search {value}")
        return self._result(question, Status.OPTIMAL, tree, priced, t0, H, time.perf_counter() - t1, given)

    def _result(self, question, status, tree, priced, t0, H, tree_seconds=0.0, given=True) -> Result:
        o = self.objective
        stats = ObjectiveStats(
            objective=o.describe(), n_answers=len(H), first_guess=tree.guess if tree else None, first_guess_given=given,
            value=priced.value if priced else None, total=priced.total if priced else None,
            unfound=priced.unfound if priced and o.kind == "within" else None,
            weight=priced.weight if priced and o.kind == "weights" else None,
            expected=round(priced.expected, 6) if priced else None,
            nodes=self.nodes, cells_scanned=self.cells, tree_seconds=round(tree_seconds, 3))
        value = None if priced is None else (priced.unfound if o.kind == "within" else priced.value)
        return Result(question, "objective", status, value=value, bound=value, certificate=tree,
                      certificate_kind="tree" if tree else None, verified=tree is not None,
                      seconds=time.perf_counter() - t0, stats=stats)

    def bounds(self, H: np.ndarray, d: int) -> np.ndarray:
        """Each guess's one-ply bound at (H, d): no strategy opening with it costs less."""
        lb, _ = self.K.one_ply(H, self.L_all, d, self.MT, self.cost, self.R1)
        return lb

    def read_value(self, value: int) -> tuple[int, int]:
        """A value as it is read: (answers not found within k, total) for ``within:k``, else (value, value)."""
        from wordlelab.models.objectives import WITHIN_PENALTY
        if self.objective.kind == "within":
            return divmod(int(value), WITHIN_PENALTY)
        return int(value), int(value)

    def ranking_result(self, ranking: list[Ranked], H: np.ndarray, state: str | None, top: int, t0: float) -> Result:
        """The Result of a ranking: OPTIMAL with the best word's tree verified, the rest in ``stats.ranking``."""
        question = {"kind": "objective-ranking", "objective": self.objective.describe(), "lists": self.lists.name,
                    "mode": "easy", "max_guesses": self.max_guesses, "state": state, "top": top}
        best = ranking[0] if ranking and ranking[0].exact and ranking[0].value < self.INF else None
        if best is None:
            res = self._result(question, Status.INFEASIBLE, None, None, t0, H, given=False)
        else:
            _, d, history, _ = self.root(None, state)
            res = self._verified(question, H, d, history, self.guess_index[best.word], best.value, t0, False)
        rows = []
        for r in ranking:
            row = {"word": r.word, "value": r.value, "exact": r.exact}
            if self.objective.kind == "within":
                row["unfound"], row["total"] = self.read_value(r.value)
            rows.append(row)
        res.stats.ranking = rows
        res.stats.candidates = len(ranking)
        res.stats.evaluated = self.evaluated
        res.stats.from_checkpoint = self.from_checkpoint
        return res.rest_on(self.rests_on)

    def question(self, state: str | None) -> dict:
        """What a ranking's checkpoint answers: the objective (with a digest of its weights), the
        lists, the guess limit and the state."""
        import hashlib
        import json
        from wordlelab.solvers.runtime.checkpoint import lists_question
        o = self.objective
        weights = hashlib.sha256(json.dumps(sorted(o.weights.items())).encode()).hexdigest()[:20] if o.weights else None
        return {"kind": "objective-ranking", "objective": o.kind, "k": o.k, "weights": weights,
                "lists": lists_question(self.lists), "mode": "easy", "max_guesses": self.max_guesses, "state": state}

    def rank(self, H: np.ndarray | None = None, d: int = 1, top: int = 1, words=None, limit: int | None = None,
             progress=None, checkpoint=None, state: str | None = None) -> list[Ranked]:
        """First guesses ranked with proof: exact values for the ``top`` best and every guess tied
        with them, and for every other guess a bound above the ``top``-th best value (its one-ply
        bound, or a search cut off there).

        Guesses are solved in order of their one-ply bound; the ranking is proven once the
        ``top``-th exact value is below the next bound. With ``checkpoint`` (a file), each
        word's value or bound is kept there as it comes (every 30 s, at the end and on a stop),
        and a rerun takes them instead of searching again; values read from a file this
        installation did not write are named in :attr:`rests_on`.
        """
        from wordlelab.solvers.runtime.checkpoint import load_checkpoint, save_checkpoint
        from wordlelab.solvers.search.engine.objective_core import INF
        if H is None:
            H = np.arange(len(self.lists.answers), dtype=np.int64)
        question = self.question(state)

        def valid(key, value):
            if key not in self.guess_index or not (isinstance(value, list) and len(value) == 2 and
                                                   isinstance(value[0], int) and isinstance(value[1], bool)):
                raise ValueError(f"entry {key!r} is not [value, exact] of a guess")

        known = load_checkpoint(checkpoint, question, valid) if checkpoint else {}
        self.from_checkpoint = len(known)
        if known and not known.sealed:
            self.rests_on.append(f"{checkpoint}: the values and bounds of {len(known)} words, not re-checked "
                                 "(a file this installation did not write)")
        lb = self.bounds(H, d)
        cand = np.arange(len(self.lists.guesses)) if words is None else np.array(
            [self.guess_index[w] for w in words], np.int64)
        order = cand[np.argsort(lb[cand], kind="mergesort")]
        if limit:
            order = order[:limit]
        found: list[Ranked] = []
        entries = dict(known)
        saved = time.monotonic()
        self.evaluated = 0
        try:
            for g in order:
                g = int(g)
                word = self.lists.guesses[g]
                kth = sorted(r.value for r in found)[top - 1] if len(found) >= top else INF
                if word in known:
                    v, ex = known[word]
                    if ex or v > kth:
                        found.append(Ranked(word, int(v), bool(ex)))
                        continue
                if lb[g] > kth or lb[g] >= INF:
                    break
                # cut off above the top-th value, not at it: a word tied with it is solved exactly
                beta = kth + 1 if kth < INF else INF
                v = self.start_value(H, g, d, int(beta))
                self.evaluated += 1
                exact = bool(v < beta)
                found.append(Ranked(word, int(v), exact))
                entries[word] = [int(v), exact]
                if progress:
                    progress(1, info=f"{word} {'=' if exact else '>='} {v}")
                if checkpoint and time.monotonic() - saved > 30:
                    save_checkpoint(checkpoint, question, entries)
                    saved = time.monotonic()
        finally:
            if checkpoint and len(entries) > len(known):
                save_checkpoint(checkpoint, question, entries)
        done = {r.word for r in found}
        rest = [Ranked(self.lists.guesses[int(g)], int(lb[int(g)]), False) for g in order
                if self.lists.guesses[int(g)] not in done]
        return sorted(found + rest, key=lambda r: (r.value, not r.exact, r.word))
