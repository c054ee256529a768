"""The native searcher: proven optimal average-case strategies and depth proofs.

The compiled search lives in :mod:`wordlelab.solvers.search_core`; this module
sets up its tables, runs it from a first word or a game state, and turns its
answer into a :class:`~wordlelab.models.tree.Tree` that the independent
verifier re-checks.

>>> from wordlelab import load_lists
>>> s = NativeSearcher(load_lists("nyt20220830"))        # doctest: +SKIP
>>> s.solve(start="tarse").value                          # doctest: +SKIP
7883
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, check_word, pattern_string
from wordlelab.models.matrix import encode_words, pattern_matrix
from wordlelab.models.masks import allowed_mask
from wordlelab.models.modes import check_mode
from wordlelab.models.state import parse_state
from wordlelab.models.tree import Tree
from wordlelab.solvers import search_core as core
from wordlelab.solvers import depth_search
from wordlelab.solvers.node_table import new_table, table_count

MODE_CODES = {"easy": core.EASY, "hard": core.HARD, "strict": core.STRICT}
INF = core.INF
# set in the core store's LAST slot before a first guess; still there after it: no search ran
_UNTOUCHED = -3


@dataclass
class SearchResult:
    """Outcome of one search: status, value, certificate tree and statistics."""

    status: str                 # OPTIMAL, INFEASIBLE, UPPER_BOUND (beam: unproven) or UNKNOWN
    value: int | None           # total guesses over the answers (None when infeasible)
    n_answers: int
    start: str | None
    mode: str
    max_guesses: int
    tree: Tree | None = None
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        """Mean guesses per answer."""
        return None if self.value is None else self.value / self.n_answers


@dataclass
class Node:
    """A search root: answers H, guesses L, guesses left d, and the play so far."""

    H: np.ndarray
    L: np.ndarray
    d: int
    history: tuple = ()
    start: str | None = None
    Lchild: np.ndarray | None = None    # the child guess list, once computed (see child_guesses)


class NativeSearcher:
    """Exhaustive min-sum search over one pair of word lists in one mode."""

    def __init__(self, lists, mode: str = "easy", max_guesses: int = 6, beam: int = 0,
                 cache_entries: int = 1 << 20, seed: int = 20220316, table=None):
        check_mode(mode)
        if not 1 <= max_guesses <= 20:
            raise WordleError(f"--max-guesses must be between 1 and 20, not {max_guesses}")
        if beam < 0:
            raise WordleError("--beam must be positive")
        self.lists, self.mode, self.max_guesses, self.beam = lists, mode, max_guesses, beam
        self.mode_code = MODE_CODES[mode]
        self.MT = pattern_matrix(lists, transposed=True)
        if not self.MT.flags.writeable:
            self.MT = np.array(self.MT)  # one array type for the compiled code
        self.guess_index = lists.guess_index()
        self.ans_guess = np.array(lists.answer_columns(), np.int32)
        self.all_guesses = np.arange(len(lists.guesses), dtype=np.int32)
        rng = np.random.default_rng(seed)
        n_a, n_g = len(lists.answers), len(lists.guesses)
        self.R, self.Z1, self.Z2 = (rng.integers(0, 2**63, n_a, dtype=np.int64).astype(np.uint64) * 2 + 1
                                    for _ in range(3))
        self.ZG = rng.integers(0, 2**63, n_g, dtype=np.int64).astype(np.uint64)
        self.letters = encode_words(lists.guesses)
        self.lcount = np.zeros((n_g, 26), np.uint8)
        for t in range(5):
            np.add.at(self.lcount, (np.arange(n_g), self.letters[:, t]), 1)
        self.cache_entries = cache_entries
        # the min-sum search's node table; ``table`` lets processes share one (solvers/sweep.py)
        self.cache = self._new_cache() if table is None else table
        self.stats = np.zeros(3, np.int64)

    def _new_cache(self):
        return new_table(self.cache_entries)

    # ---- the compiled calls, with the shared tables filled in
    def _tables(self):
        return (self.MT, self.ans_guess, self.R, self.Z1, self.Z2, self.ZG, self.letters, self.lcount,
                self.mode_code)

    def _search_tables(self):
        # rows and columns of the full matrix are the answers and guesses themselves
        return (self.MT, self.ans_guess, self.ans_guess, self.R, self.Z1, self.Z2, self.all_guesses, self.ZG,
                self.letters, self.lcount, self.mode_code)

    def _solve(self, H, L, d, beta):
        return core.solve(H, L, d, beta, *self._search_tables(), self.beam, self.cache, self.stats)

    def _guess_value(self, H, Lchild, d, g, beta, live=None):
        live = np.full(1, INF, np.int64) if live is None else live
        return core.guess_value(H, Lchild, d, g, beta, live, *self._search_tables(), self.beam, self.cache,
                                self.stats)

    def child_guesses(self, node: Node) -> np.ndarray:
        """The guess list the classes of ``node`` inherit, whatever its first guess (computed once per node)."""
        if node.Lchild is None:
            k, hit, hsh = core.scan(self.MT, node.H, node.L, self.R)
            node.Lchild = core.guesses_for_children(node.L, k, hit, hsh, self.mode_code)
        return node.Lchild

    # ---- roots
    def root(self, start: str | None = None, state: str | None = None) -> Node:
        """The node to search: all answers, or those a game state leaves."""
        history: tuple = ()
        if state:
            s = parse_state(state, self.lists, self.mode)
            history, answers = s.history, s.answers
            if s.next_guess:
                if start and start != s.next_guess:
                    raise WordleError("give the next guess either in --state or as --start, not both")
                start = s.next_guess
            L = np.array(sorted(self.guess_index[w] for w in s.guesses), np.int32)
        else:
            answers = self.lists.answers
            L = np.arange(len(self.lists.guesses), dtype=np.int32)
        if start:
            start = check_word(start)
            if start not in self.guess_index:
                raise WordleError(f"{start!r} is not in the guess list {self.lists.name}")
            if self.guess_index[start] not in set(L.tolist()):
                raise WordleError(f"{start!r} is not allowed in {self.mode} mode here")
        a_index = {a: i for i, a in enumerate(self.lists.answers)}
        H = np.array(sorted(a_index[a] for a in answers), np.int32)
        d = self.max_guesses - len(history)
        if d < 1:
            raise WordleError(f"the state already used {len(history)} guesses of {self.max_guesses}")
        return Node(H, L, d, tuple(history), start)

    def solve(self, start: str | None = None, state: str | None = None, progress=None) -> SearchResult:
        """Least total with its tree, from ``start`` (or the best first guess if None)."""
        t0 = time.perf_counter()
        node = self.root(start, state)
        if node.start is None:
            ranking = self.rank(node, top=1, progress=progress)
            node.start = ranking[0][0] if ranking and ranking[0][2] else None
            if node.start is None:
                return self._result("INFEASIBLE", None, node, None, t0)
        g = self.guess_index[node.start]
        members, starts, sizes, pats, Lchild = core.child_lists_after(
            node.H, node.L, g, self.MT, self.R, self.letters, self.lcount, self.mode_code)
        total = len(node.H)
        order = np.argsort(-sizes, kind="stable")
        for c in order:
            sub = members[starts[c]:starts[c] + sizes[c]]
            Lc = core.child_list(Lchild, g, pats[c], self.mode_code, self.letters, self.lcount)
            v, _ = self._solve(sub, Lc, node.d - 1, INF)
            total += v
            if progress:
                progress(1, info=f"total so far {min(total, INF)}")
            if v >= INF:
                return self._result("INFEASIBLE", None, node, None, t0)
        tree = self._tree(node, g, members, starts, sizes, pats, Lchild)
        return self._result("UPPER_BOUND" if self.beam else "OPTIMAL", total, node, tree, t0)

    def _tree(self, node, g, members, starts, sizes, pats, Lchild) -> Tree:
        depth_cap = self.max_guesses + 1
        paths = np.full((len(self.lists.answers), depth_cap), -1, np.int32)
        paths[node.H, 0] = g
        # an explicit stack: numba's cached code cannot hold a second recursive function
        stack = [(members[starts[c]:starts[c] + sizes[c]].copy(),
                  core.child_list(Lchild, g, pats[c], self.mode_code, self.letters, self.lcount),
                  node.d - 1, 1) for c in range(len(sizes))]
        while stack:
            H, L, d, depth = stack.pop()
            v, best = self._solve(H, L, d, INF)
            paths[H, depth] = best
            if len(H) == 1 and self.ans_guess[H[0]] == best:
                continue
            if self.mode_code == core.EASY:
                # easy-mode cache keys ignore the guess list, so the search's entries are found
                # without recomputing its reduced lists (any superset gives the same values)
                ms, ss, zs, ps = core.partition(self.MT, H, best)
                Lc = L
            else:
                ms, ss, zs, ps, Lc = core.child_lists_after(H, L, best, self.MT, self.R, self.letters,
                                                            self.lcount, self.mode_code)
            stack.extend((ms[ss[c]:ss[c] + zs[c]].copy(),
                          core.child_list(Lc, best, ps[c], self.mode_code, self.letters, self.lcount),
                          d - 1, depth + 1) for c in range(len(zs)))
        return paths_to_tree(paths, node.H, self.MT, self.lists.guesses)

    def _result(self, status, value, node, tree, t0) -> SearchResult:
        return SearchResult(status, value, len(node.H), node.start, self.mode, self.max_guesses, tree,
                            time.perf_counter() - t0, self.statistics())

    def statistics(self) -> dict:
        """Nodes searched, cache hits, matrix cells scanned, cache entries."""
        return {"nodes": int(self.stats[core.NODES]), "cache_hits": int(self.stats[core.CACHE_HITS]),
                "cells_scanned": int(self.stats[core.SCANNED]), "cache_entries": int(table_count(self.cache))}

    # ---- first words
    def candidate_order(self, node: Node) -> list[tuple[int, int]]:
        """Guesses that split the root, as (lower bound, guess index), most promising first."""
        k, hit, _ = core.scan(self.MT, node.H, node.L, self.R)
        n = len(node.H)
        rows = [(3 * n - int(hit[j]) - int(k[j]), int(node.L[j])) for j in range(len(node.L))
                if k[j] >= 2 or hit[j]]
        return sorted(rows)

    def start_value(self, node: Node, g: int, beta: int = INF, live=None) -> int:
        """Exact total for first guess g if below the cutoff, else a lower bound >= it.

        The cutoff is ``beta``, or ``min(beta, live[0])`` as read after the call, where ``live``
        is a one-element array that others may lower meanwhile (a sweep's shared cutoff).
        """
        return int(self._guess_value(node.H, self.child_guesses(node), node.d, g, beta, live))

    def rank(self, node: Node, top: int = 1, progress=None, done: dict | None = None,
             words: list[str] | None = None, on_result=None) -> list[tuple[str, int, bool]]:
        """Rank first guesses with proof: exact totals for the best ``top``, lower bounds for the rest.

        Returns (word, value, exact) sorted best first; ``done`` holds results
        from a checkpoint (word -> (value, exact)), ``on_result`` is called
        with each new one.
        """
        done = dict(done or {})
        order = self.candidate_order(node)
        if words is not None:
            allowed = {self.guess_index[w] for w in words}
            order = [(b, g) for b, g in order if g in allowed]
        for b, g in order:
            w = self.lists.guesses[g]
            if w in done:
                if progress:
                    progress(1)
                continue
            exact_vals = sorted(v for v, e in done.values() if e)
            beta = exact_vals[top - 1] + 1 if len(exact_vals) >= top else INF
            if b >= beta:
                value, exact = b, False
            else:
                v = self.start_value(node, g, beta)
                value, exact = (v, True) if v < beta else (v, False)
            done[w] = (value, exact)
            if on_result:
                on_result(w, value, exact)
            if progress:
                best = exact_vals[0] if exact_vals else None
                progress(1, info=f"best {best}")
        return sorted(((w, v, e) for w, (v, e) in done.items()), key=lambda r: (r[1], not r[2], r[0]))

    # ---- depth
    def _start_feasible(self, node, g0, tabs, cache, stats, node_limit, progress=None, Lchild=None) -> int:
        """g0 if every class after first guess g0 is solvable in time, -1 if not, -2 at the node limit."""
        if Lchild is None:
            members, starts, sizes, pats, Lchild = core.child_lists_after(
                node.H, node.L, g0, self.MT, self.R, self.letters, self.lcount, self.mode_code)
        else:
            members, starts, sizes, pats = core.partition(self.MT, node.H, g0)
        if node.d <= 1:
            return g0 if len(sizes) == 0 else -1
        for c in np.argsort(-sizes, kind="stable"):
            sub = members[starts[c]:starts[c] + sizes[c]].copy()
            Lc = core.child_list(Lchild, g0, pats[c], self.mode_code, self.letters, self.lcount)
            r = depth_search.feasible(sub, Lc, node.d - 1, *tabs, cache, stats, node_limit)
            if progress:
                progress(1, info=f"{int(stats[core.NODES])} nodes")
            if r < 0:
                return int(r)
        return int(g0)

    def prove_depth(self, guesses: int, start: str | None = None, state: str | None = None,
                    node_limit: int = 10**12, progress=None, recheck: bool = False,
                    checkpoint: str | None = None) -> dict:
        """Decide whether every answer can be found within ``guesses`` guesses.

        In easy mode a no comes with a core: answers that alone need more guesses. With
        ``recheck`` the plain search (no learnt cores) re-decides the core on its own. Without
        a first word, the first words refuted so far go to ``checkpoint`` (see
        :mod:`wordlelab.solvers.checkpoint`), each with the core it added to the root core; a run
        resumed from it skips them and replays their cores in order, so a no still comes with a
        core (``from_checkpoint`` counts the first words taken from the file).
        """
        t0 = time.perf_counter()
        self.max_guesses = guesses
        node = self.root(start, state)
        cache = self._new_cache()
        stats = np.zeros(3, np.int64)
        tabs = (self.MT, self.ans_guess, self.R, self.Z1, self.Z2, self.ZG, self.letters, self.lcount,
                self.mode_code)
        k, hit, hsh = core.scan(self.MT, node.H, node.L, self.R)
        Lchild = core.guesses_for_children(node.L, k, hit, hsh, self.mode_code)
        prover = None
        if self.mode == "easy":
            # easy mode learns cores: small answer sets already refuted (solvers/depth_cores.py)
            from wordlelab.solvers.depth_cores import CoreProver
            prover = CoreProver(self)

        def start_feasible(g0, progress=None):
            if prover is not None:
                return prover.start_feasible(node.H, Lchild, g0, node.d, node_limit, progress)
            return self._start_feasible(node, g0, tabs, cache, stats, node_limit, progress,
                                        Lchild=None if node.start is not None else Lchild)

        if node.start is not None:
            g = start_feasible(self.guess_index[node.start], progress)
        else:
            # first guesses one by one, most promising first: progress shows, Ctrl-C stops between them
            from wordlelab.solvers.checkpoint import lists_question, load_checkpoint, save_checkpoint
            g = -1
            split_of = dict(zip(node.L.tolist(), hsh.tolist()))
            seen = set()
            question = {"kind": "prove-depth", "lists": lists_question(self.lists), "mode": self.mode,
                        "guesses": guesses, "state": state, "answers": len(node.H)}
            refuted = load_checkpoint(checkpoint, question, self._check_refutation)
            from_checkpoint, replayed = 0, set()
            last_save = time.monotonic()
            try:
                for _, g0 in self.candidate_order(node):
                    if self.mode == "easy":
                        if split_of[g0] in seen:
                            continue   # splits the answers exactly as a first guess already refuted
                        seen.add(split_of[g0])
                    word = self.lists.guesses[g0]
                    if word in refuted:
                        # replayed in the order it was found: the root core grows as it did then
                        self._replay_refutation(prover, refuted[word], replayed)
                        from_checkpoint += 1
                        r = -1
                    else:
                        if prover is not None:
                            from wordlelab.solvers.depth_cores import LAST
                            prover.store.count[LAST] = _UNTOUCHED
                        r = start_feasible(g0)
                        if r == -1:
                            refuted[word] = self._refutation(prover)
                    if progress:
                        nodes = prover.stats[core.NODES] if prover is not None else stats[core.NODES]
                        size = f", root core {len(prover.root_core)} answers" if prover is not None else ""
                        progress(1, info=f"{int(nodes)} nodes{size}")
                    if r != -1:
                        g = r
                        break
                    if checkpoint and time.monotonic() - last_save > 2:
                        save_checkpoint(checkpoint, question, refuted)
                        last_save = time.monotonic()
            finally:
                save_checkpoint(checkpoint, question, refuted)
        status = {-1: "INFEASIBLE", -2: "UNKNOWN"}.get(int(g), "FEASIBLE")
        out = {"status": status, "guesses": guesses, "start": node.start, "mode": self.mode,
               "answers": len(node.H), "nodes": int(stats[core.NODES]),
               "cache_hits": int(stats[core.CACHE_HITS]), "seconds": time.perf_counter() - t0, "tree": None}
        if node.start is None:
            out["from_checkpoint"] = from_checkpoint    # first guesses refuted by an earlier run
        if prover is not None:
            out.update(prover.statistics())
            if status == "INFEASIBLE" and prover.root_complete and len(prover.root_core):
                out["core"] = self._core_certificate(prover, node, recheck)
            out["seconds"] = time.perf_counter() - t0
        if status == "FEASIBLE":
            # the certificate: an optimal-total tree within the same limit
            res = self.solve(start=self.lists.guesses[int(g)] if node.start is None else node.start,
                             state=state)
            out["tree"], out["total"] = res.tree, res.value
            out["seconds"] = time.perf_counter() - t0
        return out


    # ---- prove-depth checkpoints: word -> {"core": answers or None, "depth": int or None}
    def _refutation(self, prover) -> dict:
        """The checkpoint entry of a first guess just refuted: the core it added to the root core.

        ``core`` lists the answers of the failing class's core (depth ``depth``), ``[]`` when it
        was refuted without a search (a class of it on the root core holds a known core) and
        added nothing, ``None`` when it left no core (the root core is then incomplete; always in
        hard and strict mode, which learn no cores).
        """
        if prover is None:
            return {"core": None, "depth": None}
        from wordlelab.solvers.depth_cores import LAST
        w = int(prover.store.count[LAST])
        if w == _UNTOUCHED:
            return {"core": [], "depth": None}
        if w < 0:
            return {"core": None, "depth": None}
        start, n, depth = (int(x) for x in prover.store.meta[w])
        members = np.sort(prover.store.elems[start:start + n])
        return {"core": [self.lists.answers[a] for a in members], "depth": depth}

    def _check_refutation(self, word, value) -> None:
        """Shape of a prove-depth checkpoint entry (ValueError if malformed)."""
        from wordlelab.solvers.checkpoint import check_int
        if word not in self.guess_index:
            raise ValueError("not in the guess list")
        if not isinstance(value, dict) or set(value) != {"core", "depth"}:
            raise ValueError('must be {"core": [answers] or null, "depth": int or null}')
        c, d = value["core"], value["depth"]
        if c is None or c == []:
            if d is not None:
                raise ValueError("a refutation without a core has no depth")
            return
        if not isinstance(c, list) or not all(isinstance(a, str) for a in c):
            raise ValueError("the core must be a list of answers")
        answers = set(self.lists.answers)
        if not set(c) <= answers or len(set(c)) != len(c):
            raise ValueError("the core must list distinct answers of the lists")
        check_int(d, "the depth", 1)

    def _replay_refutation(self, prover, value, replayed: set) -> None:
        """Apply a checkpoint's refutation to ``prover`` as the first run did: its core joins the
        core store (once: ``replayed`` holds those added) and the root core; no core makes the
        root core incomplete."""
        if prover is None or value["core"] == []:
            return
        if value["core"] is None:
            prover.root_complete = False
            return
        from wordlelab.solvers import depth_cores as dc
        a_index = {a: i for i, a in enumerate(self.lists.answers)}
        members = np.array(sorted(a_index[a] for a in value["core"]), np.int32)
        key = (int(value["depth"]), members.tobytes())
        if key not in replayed:        # the first run learnt each core once, reused it after
            replayed.add(key)
            st = prover.store
            dc._add_core(members, int(value["depth"]), st.elems, st.meta, st.next, st.bucket, st.count)
        prover.root_core = np.union1d(prover.root_core, members).astype(np.int32)

    def _core_certificate(self, prover, node, recheck: bool) -> dict:
        """A few answers that alone need more guesses, re-checked by the plain search (no cores)."""
        t = time.perf_counter()
        U = prover.root_core
        d = node.d
        if node.start is not None:
            # the root core is one class after the first guess: those answers need more than d - 1
            g = self.guess_index[node.start]
            if len({int(self.MT[a, g]) for a in U}) != 1:
                raise AssertionError("a first-guess core spans two classes")
            d -= 1
        check = prover.check_core(U, d) if recheck else "not re-checked"
        if recheck and check != "INFEASIBLE":
            raise AssertionError(f"the plain search finds the core {check}, not INFEASIBLE")
        return {"answers": [self.lists.answers[a] for a in U], "guesses_left": d, "check": check,
                "check_seconds": round(time.perf_counter() - t, 3)}


def paths_to_tree(paths: np.ndarray, answers, MT, guesses) -> Tree:
    """Tree from each answer's guess sequence (paths[a, depth] = guess index)."""
    root = Tree(guesses[paths[answers[0], 0]])
    for a in answers:
        node = root
        for depth in range(paths.shape[1]):
            g = paths[a, depth]
            if guesses[g] != node.guess:
                raise AssertionError(f"inconsistent strategy at depth {depth}")
            p = int(MT[a, g])
            if p == ALL_GREEN:
                node.branches[p] = None
                break
            nxt = guesses[paths[a, depth + 1]]
            node = node.branches.setdefault(p, Tree(nxt))
        else:
            raise AssertionError(f"answer {a} not reached ({pattern_string(0)})")
    return root
