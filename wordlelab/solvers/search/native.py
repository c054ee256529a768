"""The native searcher: proven optimal average-case strategies and depth proofs.

The compiled search lives in :mod:`wordlelab.solvers.search.engine.search_core`, the making of
trees from its choices in :mod:`wordlelab.solvers.search.strategy_paths`; this module
sets up its tables, runs it from a first word or a game state, and turns its
answer into a :class:`~wordlelab.models.tree.Tree`. Every public question returns a
:class:`~wordlelab.models.result.Result`, and any tree in it has been re-checked by the
independent verifier (:func:`~wordlelab.models.verify.verify_tree`) inside the call.

:meth:`NativeSearcher.solve` (question kind ``min-total``): the least total number of
guesses over the answers.

- ``OPTIMAL``: ``value`` = ``bound`` = the least total; the certificate is a tree that
  attains it (method ``native``).
- ``FEASIBLE`` with ``heuristic`` true (method ``beam``): a beam search's total, that of
  a real strategy (its tree is the certificate), not proven least; ``bound`` is None.
- ``INFEASIBLE``: no strategy finds every answer within the limit (exhaustive search;
  there is no certificate to check).
- ``UNKNOWN``: a beam search found no strategy within the limit; nothing is proven. Or,
  with class rankings that only bound a class (``best-start --cutoff``): ``bound`` is a
  proven lower bound on the least total, ``value`` None and no tree.

:func:`~wordlelab.solvers.search.depth.depth_proof.prove_depth` (question kind ``depth``) decides "can every answer be
found within G guesses?", a yes with a verified tree, a no with a core
(:mod:`~wordlelab.solvers.search.depth.depth_proof` has the theorem and the statuses).

>>> from wordlelab import load_lists
>>> s = NativeSearcher(load_lists("nyt20220830"))        # doctest: +SKIP
>>> s.solve(start="tarse").value                          # doctest: +SKIP
7883
"""
from __future__ import annotations

import bisect
import contextlib
import functools
import time
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.endgames import endgame_ids
from wordlelab.models.feedback import pattern_string
from wordlelab.models.matrix import encode_words, pattern_matrix
from wordlelab.models.modes import check_mode
from wordlelab.models.result import Result, Status
from wordlelab.models.state import parse_state
from wordlelab.models.stats import SolveStats
from wordlelab.models.tree import Tree, word_path  # noqa: F401  (word_path: re-exported)
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.runtime.interrupt import DeferSignals, StopOnCtrlC
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.strategy_paths import UNWATCHED, StrategyPaths
from wordlelab.solvers.search.classes.start_probe import probe_classes
from wordlelab.solvers.search.engine.tables import (EASY, HARD, INF, NODE_LIMIT, REFUTED, STRICT, Stat,
                                             Tables, depth_rounds, hash_keys, named_counts, new_stats, new_table)

MODE_CODES = {"easy": EASY, "hard": HARD, "strict": STRICT}


def top_cutoff(top: int, results: dict, seed: int = INF) -> int:
    """One more than the ``top``-th best exact total in ``results`` (word -> (value, exact)),
    or than ``seed`` - 1 (a ``top``-th best upper bound) if that is smaller; INF if neither.

    A first word whose total reaches the cutoff cannot enter the top ``top``.

    >>> top_cutoff(2, {"a": (7900, True), "b": (7950, False), "c": (7920, True)})
    7921
    >>> top_cutoff(2, {"a": (7900, True)}), top_cutoff(2, {"a": (7900, True)}, seed=8000)
    (1073741824, 8000)
    """
    exact = sorted(v for v, e in results.values() if e)
    return min(exact[top - 1] + 1 if len(exact) >= top else INF, seed)


class FailingClass(NamedTuple):
    """The class of a first guess that refuted it (:meth:`NativeSearcher.start_feasible`): its
    answers (or, with ``subset``, the part of them that was refuted: a union of kept cores, or a
    part shared with other guesses' classes), the guesses the mode allows in it, and its pattern
    code. A refuted subset refutes its class by monotonicity (hard mode)."""

    members: np.ndarray
    guesses: np.ndarray
    pattern: int
    subset: bool = False


@dataclass
class Node:
    """A search root: answers H, guesses L, guesses left d, and the play so far."""

    H: np.ndarray
    L: np.ndarray
    d: int
    history: tuple = ()
    start: str | None = None
    Lchild: np.ndarray | None = None    # the child guess list, once computed (see child_guesses)


def _check_limit(n: int, flag: str) -> None:
    if not 1 <= n <= 20:
        raise WordleError(f"{flag} must be between 1 and 20, not {n}")


def _writeable(a: np.ndarray) -> np.ndarray:
    """C-contiguous and writeable: one array type for the compiled code."""
    a = np.ascontiguousarray(a)
    return a if a.flags.writeable else np.array(a)


class NativeSearcher(StrategyPaths):
    """Exhaustive min-sum search over one pair of word lists in one mode."""

    def __init__(self, lists, mode: str = "easy", max_guesses: int = 6, beam: int = 0,
                 cache_entries: int = 1 << 20, seed: int = 20220316, table=None):
        check_mode(mode)
        if mode != "easy" and not lists.game.letters:
            raise WordleError(f"{lists.game.name} is played in easy mode only: hard and strict mode are "
                              f"rules about letters")
        _check_limit(max_guesses, "--max-guesses")
        if beam < 0:
            raise ParameterError("{beam} must be positive")
        self.lists, self.mode, self.max_guesses, self.beam = lists, mode, max_guesses, beam
        self.mode_code = MODE_CODES[mode]
        self.MT = _writeable(pattern_matrix(lists, transposed=True))
        self.guess_index = lists.guess_index()
        self.ans_guess = np.array(lists.answer_columns(), np.int32)
        self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)
        n_a, n_g = len(lists.answers), len(lists.guesses)
        self.R, self.Z1, self.Z2 = (hash_keys(seed + k * n_a, n_a) | np.uint64(1) for k in range(3))
        self.ZG = hash_keys(seed + 3 * n_a, n_g)
        self.game = lists.game
        if self.game.letters:
            self.letters = encode_words(lists.guesses)
            eg, n_eg = endgame_ids(lists.answers)
        else:
            # no letters: the letter tables are blank, and no answer is in an endgame (Selby's
            # endgame bound is about words equal in four positions: models/games.py)
            self.letters = np.zeros((n_g, 5), np.uint8)
            eg, n_eg = np.full((n_a, 5), -1, np.int32), 0
        self.lcount = np.zeros((n_g, 26), np.uint8)
        for t in range(5):
            np.add.at(self.lcount, (np.arange(n_g), self.letters[:, t]), 1)
        # the one place the kernels' tables are put together: rows and columns of the full
        # matrix are the answers and guesses themselves
        self.tables = Tables(self.MT, self.ans_guess, self.ans_guess, self.R, self.Z1, self.Z2,
                             self.all_guesses, self.ZG, _writeable(self.letters), self.lcount,
                             self.mode_code, K.guess_features(self.letters), np.zeros(0, np.int32),
                             np.zeros(0, np.int32), eg, np.zeros(max(n_eg, 1), np.int32))
        self.cache_entries = cache_entries
        # the min-sum search's node table; ``table`` lets processes share one (solvers/runtime/sweep.py)
        self.cache = self.new_cache() if table is None else table
        self._table_is_ours = table is None
        self._watch = None                 # the StopOnCtrlC of the _stoppable block running, if any
        self.depth_rounds = depth_rounds()  # which nodes of the depth search probe guesses in rounds
        self.stats = new_stats()

    def new_cache(self) -> np.ndarray:
        """A fresh, empty node table of this searcher's size (``cache_entries``), for a search
        that must not share the searcher's own (a depth search, a probe, a worker's table)."""
        return new_table(self.cache_entries)

    @functools.cached_property
    def answer_set(self) -> frozenset:
        """The answers as a set, made once: a checkpoint's validator looks up thousands of cores."""
        return frozenset(self.lists.answers)

    @contextlib.contextmanager
    def _stoppable(self):
        """A block in which Ctrl-C or SIGTERM stops a min-sum search at its next node; yields the
        :class:`~wordlelab.solvers.runtime.interrupt.StopOnCtrlC` whose ``check()`` must follow each search.

        The compiled search runs without the GIL, and the watcher poisons ``self.stats``. A search
        cut short returns made-up values and may have stored some in the node table, so on a
        stop the table is emptied and the node count put back before KeyboardInterrupt leaves the
        block. A table shared with other processes is never cut short (they would read those
        entries): there the search runs to its end, and the signal is handled then.
        """
        if not self._table_is_ours:
            yield UNWATCHED
            return
        if self._watch is not None:        # inside another such block (a ranking's words): it watches
            yield self._watch
            return
        nodes = int(self.stats[Stat.NODES])
        with StopOnCtrlC(self.stats) as stop:
            self._watch = stop
            cut = False
            try:
                yield stop
            except KeyboardInterrupt:
                # Python's own handler may raise it in this thread before the watcher has read
                # the signal (a thread waiting in Python, as class_threads' does): a stop all the same
                cut = True
                raise
            finally:
                self._watch = None
                if stop.interrupted or cut:
                    self.cache.fill(0)            # an empty table (tables.new_table)
                    self.stats[Stat.NODES] = nodes

    # ---- the compiled calls, with the shared tables filled in
    def min_sum(self, H: np.ndarray, L: np.ndarray, d: int, beta: int, beam: int | None = None) -> tuple:
        """The min-sum search over answers ``H`` with guesses ``L`` within ``d`` guesses, on the
        searcher's node table: ``(value, guess)``, the least total and a guess attaining it if the
        total is below ``beta``, else a lower bound >= ``beta`` (INF or more: no strategy).
        ``beam`` (default the searcher's): 0 for the exact search. Not watched for Ctrl-C: a
        caller that may be cut short runs it inside its own stop block."""
        beam = self.beam if beam is None else beam
        return K.solve(H, L, d, beta, self.tables, beam, self.cache, self.stats)

    def _guess_value(self, H, Lchild, d, g, beta, live=None):
        live = np.full(1, INF, np.int64) if live is None else live
        return K.guess_value(H, Lchild, d, g, beta, live, self.tables, self.beam, self.cache, self.stats)

    def child_list(self, Lnode: np.ndarray, g: int, p: int) -> np.ndarray:
        """The guesses the mode allows in the class of pattern ``p`` after guess ``g``, from the
        guess list ``Lnode`` of the node g was played at (easy mode: ``Lnode`` itself)."""
        return K.child_list(Lnode, g, p, self.mode_code, self.letters, self.lcount)

    def child_guesses(self, node: Node) -> np.ndarray:
        """The guess list the classes of ``node`` inherit, whatever its first guess (computed once per node)."""
        if node.Lchild is None:
            k, hit, hsh = K.scan(self.MT, node.H, node.L, self.R)
            node.Lchild = K.guesses_for_children(node.L, k, hit, hsh, self.mode_code)
        return node.Lchild

    # ---- roots
    def root(self, start: str | None = None, state: str | None = None, max_guesses: int | None = None) -> Node:
        """The node to search: all answers, or those a game state leaves, within ``max_guesses``
        guesses in all (default: the searcher's limit)."""
        max_guesses = self.max_guesses if max_guesses is None else max_guesses
        history: tuple = ()
        if state and not self.game.letters:
            raise ParameterError(f"{{state}} reads Wordle's colours; {self.game.name} takes {{start}} only")
        if state:
            s = parse_state(state, self.lists, self.mode)
            history, answers = s.history, s.answers
            if s.next_guess:
                if start and start != s.next_guess:
                    raise ParameterError("give the next guess either in {state} or as {start}, not both")
                start = s.next_guess
            L = np.array(sorted(self.guess_index[w] for w in s.guesses), np.int32)
        else:
            answers = self.lists.answers
            L = np.arange(len(self.lists.guesses), dtype=np.int32)
        if start:
            start = self.game.check_guess(start)
            if start not in self.guess_index:
                raise WordleError(f"{start!r} is not in the guess list {self.lists.name}")
            if self.guess_index[start] not in set(L.tolist()):
                raise WordleError(f"{start!r} is not allowed in {self.mode} mode here")
        a_index = {a: i for i, a in enumerate(self.lists.answers)}
        H = np.array(sorted(a_index[a] for a in answers), np.int32)
        d = max_guesses - len(history)
        if d < 1:
            raise WordleError(f"the state already used {len(history)} guesses of {max_guesses}")
        return Node(H, L, d, tuple(history), start)

    # ---- the least total
    def solve(self, start: str | None = None, state: str | None = None, progress=None,
              checkpoint=None, workers: int = 1, dask_address: str | None = None,
              class_rankings: tuple = (), threads: int = 1) -> Result:
        """The least total with its verified tree, from ``start`` (or the best first guess if None).

        See the module docstring for the statuses; ``stats.first_guess`` is the strategy's
        first guess (from a state: its next guess), found or given. With ``checkpoint`` (a
        first guess given, no beam) each class is saved there as soon as it is proven, and a
        rerun takes the saved classes instead of searching them
        (:mod:`~wordlelab.solvers.search.classes.class_checkpoint`). ``workers`` > 1 or ``dask_address``
        proves the classes as tasks of a sweep (first guess given, no beam). Each of
        ``class_rankings`` is a finished ``best-start --state`` checkpoint of one class's state,
        which settles that class (:func:`~wordlelab.solvers.search.classes.class_checkpoint.class_from_ranking`;
        with ``checkpoint`` only). ``threads`` > 1 searches the classes of the first guess on that
        many threads of this process (:mod:`~wordlelab.solvers.search.classes.class_threads`; without a
        checkpoint or workers), sharing its node table.
        """
        t0 = time.perf_counter()
        node = self.root(start, state)
        on_workers = workers > 1 or bool(dask_address)
        if (checkpoint or on_workers) and (node.start is None or self.beam):
            raise ParameterError("{checkpoint} or {workers} take the classes of a given first guess: give "
                                 "{start}, without {beam}")
        if class_rankings and not checkpoint:
            raise ParameterError("a class ranking settles a class of a checkpoint: give {checkpoint} too")
        question = {"kind": "min-total", "lists": self.lists.name, "mode": self.mode,
                    "max_guesses": self.max_guesses, "start": start, "state": state, "beam": self.beam}
        workers_spec = (workers, dask_address) if on_workers else None
        if threads < 1:
            raise WordleError("threads must be at least 1")
        if threads > 1 and (checkpoint or on_workers):
            threads = 1          # the classes go to the checkpoint's workers instead
        return self.min_total(node, question, self.beam, t0, progress, checkpoint, workers_spec, class_rankings,
                               threads)

    def min_total(self, node: Node, question: dict, beam: int, t0: float, progress=None,
                  checkpoint=None, workers_spec=None, class_rankings=(), threads: int = 1) -> Result:
        """The least total at ``node`` (its first guess: ``node.start``, or the best one), as
        :meth:`solve` answers ``question``: search, build the tree, verify it, and check the
        verified total is the search's. ``beam`` 0: the exact search; ``t0``: when the question
        was asked (``perf_counter``), for the Result's seconds. ``workers_spec`` is
        ``(workers, dask_address)`` or None; the other parameters are :meth:`solve`'s."""
        method = "beam" if beam else "native"
        # a beam search that finds no strategy proves nothing
        none = Status.UNKNOWN if beam else Status.INFEASIBLE
        given = node.start is not None
        if not given:
            ranking = self.rank(node, top=1, progress=progress)
            if not ranking or not ranking[0][2]:
                return self._min_total_result(question, method, none, node, t0, given)
            node.start = ranking[0][0]
        g = self.guess_index[node.start]
        members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g, self.tables)
        if node.d <= 1 and len(sizes):
            # the last guess allowed: it finds its own answer only (the kernel would count a
            # singleton class as found by one more guess, beyond the limit)
            return self._min_total_result(question, method, none, node, t0, given)
        total = len(node.H)
        store = paths = None
        if checkpoint or workers_spec:
            from wordlelab.solvers.search.classes import class_checkpoint as cc
            classes = {pattern_string(int(pats[c])): members[starts[c]:starts[c] + sizes[c]]
                       for c in range(len(sizes))}
            store = cc.ClassStore(checkpoint, self, node, classes)
            ranked = list(dict.fromkeys(p for p in (cc.class_from_ranking(store, self, node, path)
                                                   for path in class_rankings) if p))
            paths = self.new_paths(node, g)
            if workers_spec and INF not in store.bounds.values():    # (INF: the word has no strategy)
                todo = {k: len(v) for k, v in classes.items() if k not in store.entries and k not in store.bounds}
                if todo and not cc.solve_classes_on_workers(store, self, node.start, question["state"], todo, *workers_spec,
                                                 progress=progress):
                    return self._min_total_result(question, method, none, node, t0, given)
        classes = (members, starts, sizes, pats, Lchild)
        threads = min(threads, len(sizes))
        if progress is not None and given:
            progress(0, total=len(sizes))          # one step a class from here
        threaded = {}
        with self._stoppable() as stop:
            if threads > 1:
                from wordlelab.solvers.search.classes import class_threads
                paths = self.new_paths(node, g)
                value = class_threads.solve_classes_on_threads(self, node, g, classes, paths, beam, threads, stop, progress)
                threaded = {"threads": threads}
            else:
                value, paths = self._classes_in_turn(node, g, classes, beam, stop, store, paths,
                                                     progress if not workers_spec else None)
            # (a class the file holds a least total for is taken from the file, never bounded)
            bounded = {p: b for p, b in store.bounds.items() if p not in store.entries} if store else {}
            if value >= INF:
                # a class without a strategy: searched, or settled by a ranking (INF in ``bounded``)
                if INF not in bounded.values():
                    return self._min_total_result(question, method, none, node, t0, given)
                store.save()          # even if no class was kept: the file names its first word
                return self._min_total_result(question, method, none, node, t0, given, extra={
                    "classes_from_rankings": ranked, "class_bounds": dict(sorted(bounded.items()))}).rest_on(_unsealed_lines(store))
            total += value
            t_search = time.perf_counter() - t0
            if bounded:
                # some classes have only a proven lower bound: so has the total, and there is no tree
                return self._min_total_result(
                    question, method, Status.UNKNOWN, node, t0, given, bound=total,
                    extra={"search_seconds": round(t_search, 3), "classes": len(sizes),
                           "classes_from_checkpoint": store.resumed, "classes_from_rankings": ranked,
                           "class_bounds": dict(sorted(bounded.items()))}).rest_on(_unsealed_lines(store))
            tree = self._paths_tree(node, paths)
        report = self.verify(tree, node)
        if report.total != total:
            raise WordleError(f"internal error: the search claims a total of {total}, "
                              f"its tree totals {report.total}")
        status = Status.FEASIBLE if beam else Status.OPTIMAL
        return self._min_total_result(
            question, method, status, node, t0, given, total=total, tree=tree,
            extra={"max_guesses_used": report.max_guesses,
                   "histogram": {str(k): v for k, v in sorted(report.histogram.items())},
                   "search_seconds": round(t_search, 3),
                   **({"classes": len(sizes), "classes_from_checkpoint": store.resumed,
                       "classes_from_rankings": ranked} if store else {}), **threaded}
        ).rest_on(_unsealed_lines(store))

    def _classes_in_turn(self, node, g, classes, beam, stop, store, paths, progress):
        """The classes of first guess ``g`` searched one after the other: their summed value (INF
        at the first class without a strategy) and each answer's guesses, as ``new_paths``.

        With a ``store`` (a class checkpoint, whose ``paths`` are given), a class found there is
        not searched, and each class searched is kept as soon as it is proven.
        """
        members, starts, sizes, pats, Lchild = classes
        total = 0
        # kept in a checkpoint, the small classes first: a stopped run has kept as many as it could
        order = np.argsort(sizes if store else -sizes, kind="stable")
        if store and any(b >= INF for b in store.bounds.values()):
            # a class a ranking proved to have no strategy settles the word: no class is searched
            hopeless = np.array([store.bounds.get(pattern_string(int(pats[c])), 0) >= INF for c in order])
            order = np.concatenate([order[hopeless], order[~hopeless]])
        for c in order:
            sub = members[starts[c]:starts[c] + sizes[c]]
            v = store.get(pats[c], paths, sub) if store else None
            if v is None and store and pattern_string(int(pats[c])) in store.bounds:
                # kept in store.bounds only when the file has no least total for the class
                v = store.bounds[pattern_string(int(pats[c]))]      # a lower bound: no strategy to keep
            if v is None:
                Lc = self.child_list(Lchild, g, pats[c])
                # a Ctrl-C that comes after the class's search stops the run once the class is
                # kept, not between its search and the line that keeps it
                with DeferSignals() if store else contextlib.nullcontext():
                    v, _ = self.min_sum(sub, Lc, node.d - 1, INF, beam)
                    stop.check()          # a search a Ctrl-C cut short: its values are void
                    if store and v < INF:
                        # read the class's strategy now, while its nodes are in the table, and keep it
                        if not self.fill_min_paths(paths, [(sub.copy(), Lc, node.d - 1, 1)], beam, stop):
                            raise WordleError("internal error: a class just proven has no strategy")
                        store.put(pats[c], v, paths, sub)
            total += v
            if progress:
                progress(1, info=f"total so far {min(total, INF)}")
            if v >= INF:
                return INF, paths
        if store:
            return total, paths
        # every class's strategy, read from the node table once all are proven
        paths = self.new_paths(node, g)
        stack = [(members[starts[c]:starts[c] + sizes[c]].copy(), self.child_list(Lchild, g, pats[c]),
                  node.d - 1, 1) for c in range(len(sizes))]
        if not self.fill_min_paths(paths, stack, beam, stop):
            raise WordleError("internal error: a min-sum search's classes have no strategy")
        return total, paths

    def _min_total_result(self, question, method, status, node, t0, given, total=None, tree=None,
                          extra=None, bound=None) -> Result:
        """The Result of a min-total search; ``bound`` (with ``total`` None): a proven lower bound only.
        ``extra`` sets the optional fields of its :class:`~wordlelab.models.stats.SolveStats`."""
        n = len(node.H)
        stats = SolveStats(n, node.start, given, None if total is None else round(total / n, 4),
                           counters=self.statistics(), **(extra or {}))
        return Result(question, method, status, value=total,
                      bound=total if status == Status.OPTIMAL else bound,
                      certificate=tree, certificate_kind=None if tree is None else "tree",
                      verified=tree is not None, seconds=time.perf_counter() - t0, stats=stats,
                      heuristic=method == "beam")

    def verify(self, tree: Tree, node: Node):
        """Re-check ``tree`` for ``node`` with the independent verifier: its answers, the play
        before it, and the guesses left (``node.d``). Returns the verifier's report."""
        answers = [self.lists.answers[a] for a in node.H]
        return verify_tree(tree, answers, self.lists.guesses, self.mode, node.history, node.d,
                           rule=self.game.name)

    def add_stats(self, stats: np.ndarray) -> None:
        """Add the counters ``stats`` (``new_stats``) of searches run beside this searcher's own,
        on its node table (threads with counters of their own), to its counters."""
        self.stats += stats

    def statistics(self) -> dict:
        """Nodes searched, cache hits, matrix cells scanned, cache entries and the table's slots."""
        return {**named_counts(self.stats, Stat), "cache_entries": int(K.table_count(self.cache)),
                "table_slots": int(self.cache.shape[0])}

    # ---- first words
    def candidate_order(self, node: Node) -> list[tuple[int, int]]:
        """Guesses that split the root, as (lower bound, guess index), most promising first."""
        k, hit, _ = K.scan(self.MT, node.H, node.L, self.R)
        n = len(node.H)
        rows = [(3 * n - int(hit[j]) - int(k[j]), int(node.L[j])) for j in range(len(node.L))
                if k[j] >= 2 or hit[j]]
        return sorted(rows)

    def start_value(self, node: Node, g: int, beta: int = INF, live=None) -> int:
        """Exact total for first guess g if below the cutoff, else a lower bound >= it.

        The cutoff is ``beta``, or ``min(beta, live[0])`` as read after the call, where ``live``
        is a one-element array that others may lower meanwhile (a sweep's shared cutoff).
        """
        Lchild = self.child_guesses(node)
        with self._stoppable() as stop:
            value = int(self._guess_value(node.H, Lchild, node.d, g, beta, live))
            stop.check()
        return value

    def rank(self, node: Node, top: int = 1, progress=None, done: dict | None = None,
             words: list[str] | None = None, on_result=None) -> list[tuple[str, int, bool]]:
        """Rank first guesses with proof: exact totals for the best ``top``, lower bounds for the rest.

        Returns (word, value, exact) sorted best first; ``done`` holds results
        from a checkpoint (word -> (value, exact)), ``on_result`` is called
        with each new one. The cutoff is :func:`top_cutoff`'s, as in a best-start sweep.
        """
        done = dict(done or {})
        order = self.candidate_order(node)
        if words is not None:
            allowed = {self.guess_index[w] for w in words}
            order = [(b, g) for b, g in order if g in allowed]
        # the ``top`` best exact totals so far, kept sorted: top_cutoff(top, done) without
        # re-reading every result for each of thousands of candidates
        best = sorted(v for v, e in done.values() if e)[:top]
        with self._stoppable():        # one watcher for every word (a thread per word cost a hint 60 ms)
            self._rank_words(node, top, order, done, best, progress, on_result)
        return sorted(((w, v, e) for w, (v, e) in done.items()), key=lambda r: (r[1], not r[2], r[0]))

    def _rank_words(self, node, top, order, done, best, progress, on_result) -> None:
        for b, g in order:
            w = self.lists.guesses[g]
            if w in done:
                if progress:
                    progress(1)
                continue
            beta = best[top - 1] + 1 if len(best) >= top else INF
            value = b if b >= beta else self.start_value(node, g, beta)
            done[w] = (value, value < beta)
            if value < beta:
                bisect.insort(best, value)
                del best[top:]
            if on_result:
                on_result(w, *done[w])
            if progress:
                progress(1, info=f"best {best[0] if best else None}")

    # ---- depth
    def start_feasible(self, node: Node, g0: int, cache: np.ndarray, stats: np.ndarray, node_limit: int,
                       progress=None, Lchild: np.ndarray | None = None,
                       core_bank=None) -> tuple[int, FailingClass | None]:
        """Whether every class after first guess ``g0`` at ``node`` is solvable within the guesses
        left, by the depth search on node table ``cache`` (counters ``stats``).

        One failing class refutes g0. The classes are searched in rounds, largest first, and one
        at a time, smallest first, side by side
        (:func:`~wordlelab.solvers.search.classes.start_probe.probe_classes`); in hard mode, with
        ``core_bank`` (a :class:`~wordlelab.solvers.search.depth.core_bank.CoreBank`: a first-word
        sweep's kept cores), the union of the kept cores in each class is tried too.

        Parameters
        ----------
        node : Node
            The node g0 is played at.
        g0 : int
            The guess index of the first guess.
        cache, stats : numpy.ndarray
            The depth search's node table (:meth:`new_cache`) and counters (``new_stats``).
        node_limit : int
            Stop once ``stats[Stat.NODES]`` passes it (nothing is then proven).
        progress : callable, optional
            Told of each class decided.
        Lchild : numpy.ndarray, optional
            The node's child guess list (:meth:`child_guesses`), if known.
        core_bank : CoreBank, optional
            Kept cores whose unions are tried as subsets of the classes (hard mode).

        Returns
        -------
        tuple
            ``(verdict, failing)``: verdict g0 (every class solvable), REFUTED or NODE_LIMIT;
            on a refutation ``failing`` is the :class:`FailingClass`, else None.
        """
        if Lchild is None:
            members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g0, self.tables)
        else:
            members, starts, sizes, pats = K.classes_of(self.MT, node.H, g0)
        if node.d <= 1:
            return (g0, None) if len(sizes) == 0 else (REFUTED, None)
        def search(c, limit):
            sub = members[starts[c]:starts[c] + sizes[c]].copy()
            Lc = self.child_list(Lchild, g0, pats[c])
            return K.depth_feasible(sub, Lc, node.d - 1, self.tables, cache, stats, limit, self.depth_rounds)

        trial = None
        subsets: dict = {}
        subset_refuted: set = set()       # the class whose subset the probe refuted
        if self.mode == "hard" and core_bank is not None and node.d > 2:
            # hard mode: a refuted subset refutes its class (start_probe.py); the kept cores give them
            unions = core_bank.unions(int(g0))
            for c, p in enumerate(pats.tolist()):
                u = unions.get(int(p))
                if u is not None:         # (the answers left, when the node is not the root)
                    u = np.intersect1d(u, members[starts[c]:starts[c] + sizes[c]]).astype(np.int32)
                if u is not None and node.d - 1 < len(u) < sizes[c]:
                    subsets[c] = u
            def trial(c, limit):
                if c not in subsets:
                    return None
                Lc = self.child_list(Lchild, g0, pats[c])
                r = K.depth_feasible(subsets[c], Lc, node.d - 1, self.tables, cache, stats, limit,
                                     self.depth_rounds)
                if r == REFUTED:
                    subset_refuted.add(c)
                return r

        verdict, failing = probe_classes(sizes, search, stats, node_limit, progress, trial if subsets else None)
        if verdict == REFUTED:
            sub = members[starts[failing]:starts[failing] + sizes[failing]].copy()
            subset = failing in subset_refuted
            if subset:                    # the certificate is made from the refuted subset
                sub = subsets[failing].copy()
            return REFUTED, FailingClass(sub, self.child_list(Lchild, g0, pats[failing]), int(pats[failing]), subset)
        if verdict == NODE_LIMIT:
            return NODE_LIMIT, None
        return int(g0), None


def _unsealed_lines(store) -> list[str]:
    """One line per file whose classes' least totals a result took unchecked (see ``rest_on``)."""
    if store is None:
        return []
    by_file: dict[str, list[str]] = {}
    for pattern, path in sorted(store.unsealed.items()):
        by_file.setdefault(path, []).append(pattern)
    return [f"{path}: the least totals of {len(ps)} class{'es' if len(ps) > 1 else ''} ({', '.join(ps[:4])}"
            f"{', ...' if len(ps) > 4 else ''}), not re-proved here: the file was not written by this installation"
            for path, ps in by_file.items()]
