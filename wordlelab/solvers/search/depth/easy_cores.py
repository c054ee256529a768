"""Certificates for easy mode's nos: each refuted first word's core, decided in pure Python.

**Theorem (monotonicity of easy mode in the answers).** In easy mode every guess is allowed
after any history, so a strategy that finds every answer of a set S within d guesses finds
every answer of any C ⊆ S within d as well: play it unchanged. Hence if the answers of a *core*
C cannot all be found within d guesses, and every answer of C gives first word w one pattern,
the class of w holding C cannot be found within d more guesses, and w cannot find every answer
within d + 1. Whether C can be found within d does not depend on what was guessed before it, so
one check of C serves every first word with a class holding it.

The depth search with learnt cores (:mod:`~wordlelab.solvers.search.engine.depth_cores`) proposes the
core: the one the word's own refutation left, or, when a core learnt for an earlier word refuted
it without a search, the first core of an earlier no that lies in one of its classes. The
pure-Python checker (:func:`~wordlelab.models.refutation.check_first_word_core`, ``mode="easy"``)
decides the core before the no is recorded; the search only proposes. A core that no earlier no
offers is made again by a search with no learnt cores (:func:`own_refutation`).
"""
from __future__ import annotations

from collections import deque

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.solvers.search.depth.hard_cores import KernelHint


# the patterns the checker may read on one core by default (``--core-work``): it reads about
# 1.3 million a second (TARES's core of 813 answers: 9.8e7 in 76 s), so about an hour, the time
# the search itself may take on such a first word (KAWAS: 3264 s)
EASY_CHECK_WORK = 5 * 10**9


class NoCore(WordleError):
    """The search refuted a word but left no core that lies in one of its classes."""


class EasyCertificates:
    """The checked cores of one easy-mode sweep, and the cores its nos may borrow.

    ``searcher`` is the sweep's :class:`~wordlelab.solvers.search.native.NativeSearcher`, whose
    depth search gives the checker hints on a large core (an order of work, never a verdict:
    :class:`~wordlelab.solvers.search.depth.hard_cores.KernelHint`); ``decisions`` the checkpoint's
    entries (word -> entry), whose nos' cores are offered to later words.
    """

    def __init__(self, searcher, decisions: dict, work_limit: int | None = None):
        self.searcher = searcher
        self.work_limit = work_limit
        # (core, guesses left, its answers' rows of the pattern matrix, checked by an earlier run,
        # the core as a set: the key of ``checked`` and ``ran_out``)
        self.offered: list[tuple[tuple, int, np.ndarray, bool, frozenset]] = []
        # core -> the most guesses left the checker proved it for, in this run or one recorded
        self.checked: dict[frozenset, int] = {}
        self.ran_out: set[frozenset] = set()           # cores whose check ran out of work in this run
        self.last_nodes = 0                           # the nodes of the last check (0: none was needed)
        self.progress = None                          # the sweep's progress(n, info), told of each check
        self._answer_index = {a: i for i, a in enumerate(searcher.lists.answers)}
        self._seen: set = set()
        self.unproven: dict[frozenset, list] = {}      # core -> the checkpoint's nos holding it, not checked
        self.prover = self.prover_guesses = None       # the sweep's prover, for the checker's hints
        for word, value in decisions.items():
            self.offer(value)
            if value["yes"] is False and value["core"] and value["same_as"] is None and not value.get("checked"):
                self.unproven.setdefault(frozenset(value["core"]), []).append(word)

    def offer(self, value: dict) -> None:
        """Offer the core of a checkpoint entry, if it is a no with one, to later words."""
        if value.get("yes") is False and value.get("core"):
            core, depth = tuple(sorted(value["core"])), int(value["depth"])
            if (core, depth) in self._seen:
                return
            self._seen.add((core, depth))
            rows = np.array([self._answer_index[a] for a in core], np.intp)
            members = frozenset(core)
            self.offered.append((core, depth, rows, value.get("checked") is True, members))
            if value.get("checked") is True:
                # the checker's verdict, recorded by the run that made it: trusted as the
                # checkpoint's own decisions are when a sweep resumes (``--recheck`` decides the
                # core again), so a restart does not check each core once more for its next word
                self.checked[members] = max(depth, self.checked.get(members, -1))

    def mark_alike(self, value: dict, decisions: dict) -> None:
        """Mark ``"checked"`` the nos of ``decisions`` from before easy-mode certificates whose
        core is that of ``value``, a no this run has just proven (for as many guesses left)."""
        if not value.get("checked"):
            return
        for word in self.unproven.pop(frozenset(value["core"]), ()):
            if decisions[word]["depth"] <= value["depth"]:
                decisions[word] = dict(decisions[word], checked=True)

    def mark_trusted(self, decisions: dict) -> int:
        """Mark ``"checked"`` the nos of ``decisions`` from before easy-mode certificates whose core
        another no of the checkpoint records as checked (for at least as many guesses left), as
        :meth:`mark_alike` does for a core this run proves. Returns how many were marked."""
        marked = 0
        for members, words in list(self.unproven.items()):
            left = self.checked.get(members, -1)
            for word in [w for w in words if decisions[w]["depth"] <= left]:
                decisions[word] = dict(decisions[word], checked=True)
                words.remove(word)
                marked += 1
            if not words:
                del self.unproven[members]
        return marked

    def covered(self, core, left: int) -> np.ndarray:
        """The guess indices of the first words with one class holding every answer of ``core``
        (found within ``left`` guesses by no strategy, once checked): the pattern matrix's rows
        of the core's answers agree in their columns."""
        rows = self.searcher.MT[[self._answer_index[a] for a in core]]
        return np.flatnonzero((rows == rows[0]).all(axis=0))

    def borrowed(self, word: str, left: int) -> tuple | None:
        """The offered core, proven for at least ``left`` guesses, whose answers all give
        ``word`` one pattern (and whose check has not run out of work in this run); None if
        there is none. Of several, the cheapest to check comes
        first: one this run has checked, then one an earlier run checked, then the smallest
        (the checker's work grows with the core)."""
        g = self.searcher.guess_index[word]
        column = self.searcher.MT[:, g]
        best, best_key = None, None
        for core, depth, rows, checked_before, members in self.offered:
            if depth < left or members in self.ran_out:
                continue
            key = (self.checked.get(members, -1) < left, not checked_before, len(core))
            if best_key is not None and key >= best_key:
                continue
            patterns = column[rows]
            if (patterns == patterns[0]).all():
                best, best_key = core, key
        return best

    def certify(self, word: str, core, left: int) -> dict:
        """The checkpoint fields ``{"core", "depth"}`` of ``word``'s no, once the pure-Python
        checker has proven that the answers ``core`` (or, if it is empty, an offered core lying
        in one class of ``word``) cannot be found within ``left`` guesses.

        Raises :class:`NoCore` when there is no core to check, and the checker's
        :class:`~wordlelab.models.refutation.CoreFault` or
        :class:`~wordlelab.models.refutation.CheckTooLong` when the check fails or runs out of work
        (then with ``failing``, the pattern code of the class of ``word`` the core lies in).
        """
        from wordlelab.models.refutation import CheckTooLong, CoreFault, check_first_word_core
        core = tuple(sorted(core)) if core else self.borrowed(word, left)
        if not core:
            raise NoCore(f"{word.upper()} was refuted, but no core lies in one of its classes")
        key = frozenset(core)
        if self.checked.get(key, -1) >= left:
            if not _one_pattern(word, core, self.searcher.game.name):
                raise CoreFault(f"the core's answers give {word.upper()} different patterns")
        else:
            self.last_nodes = 0
            if self.progress is not None:      # a check may take an hour: say what is under way
                self.progress(0, info=f"{word.upper()}: checking a core of {len(core)} answers")
            try:
                self.last_nodes = check_first_word_core(word, core, left, self.searcher.lists.guesses,
                                                        work_limit=self.work_limit, hint=self._hint(core), mode="easy",
                                                        rule=self.searcher.game.name)
            except CheckTooLong as e:
                # the class it lies in, for a later, larger budget
                e.failing = self.searcher.game.reply(word, core[0])
                self.ran_out.add(key)                   # not tried again for the other words it covers
                raise
            self.checked[key] = left
        value = {"core": list(core), "depth": left}
        self.offer({"yes": False, **value})
        return value

    def use_prover(self, prover, guesses: np.ndarray) -> None:
        """Take the checker's hints from the sweep's own prover, which searches after each first
        word with ``guesses`` (:class:`ProverHint`)."""
        self.prover, self.prover_guesses = prover, guesses

    def _hint(self, core):
        from wordlelab.solvers.search.depth.hard_cores import HINT_FROM, KernelHint
        if len(core) < HINT_FROM:
            return None
        if self.prover is not None:
            return ProverHint(self.prover, self.prover_guesses, self._answer_index, core)
        return KernelHint(self.searcher, core)


class ProverHint(KernelHint):
    """The checker's hint (``check_core(hint=...)``) from the sweep's prover: of a guess's
    classes, the smallest its search with learnt cores refutes within
    :data:`~wordlelab.solvers.search.depth.hard_cores.HINT_NODES` nodes.

    A hint orders the checker's work and decides nothing (see
    :func:`~wordlelab.models.refutation.check_core`). This one asks the prover that has just
    refuted the first word: the classes the checker meets are mostly nodes of that search,
    held in the prover's table, and its learnt cores refute the others at once, where a fresh
    search without them (:class:`~wordlelab.solvers.search.depth.hard_cores.KernelHint`) took 42% of
    a 934-answer check (FARES, py-spy, 2026-12-05). Its searches use the guesses the prover's
    own searches use, as its table's entries hold for those guesses only.
    """

    def __init__(self, prover, guesses: np.ndarray, answer_index: dict, core):
        self.prover, self.guesses = prover, guesses
        self.ids = np.array([answer_index[a] for a in sorted(set(core))], np.int32)
        self.calls = self.named = 0

    def refutes(self, sub: np.ndarray, rule: tuple, d: int) -> bool:
        """Whether the prover refutes the answers ``sub`` within d in its node budget (easy mode: no rule)."""
        from wordlelab.solvers.search.depth.hard_cores import HINT_NODES
        from wordlelab.solvers.search.engine.tables import REFUTED, Stat
        limit = int(self.prover.stats[Stat.NODES]) + HINT_NODES
        return self.prover._feasible(sub, self.guesses, d, limit) == REFUTED


def _one_pattern(word: str, core, rule: str = "wordle") -> bool:
    """Whether every answer of ``core`` gives ``word`` the same pattern (the checker's rule)."""
    from wordlelab.models.refutation import game_rule
    reply, _ = game_rule(rule)
    first = reply(word, core[0])
    return all(reply(word, a) == first for a in core[1:])



def own_refutation(searcher, node, g0, Lchild, node_limit: int) -> dict:
    """The core of first word ``g0`` made again by the depth search with no learnt cores but its
    own: ``{"core", "depth"}`` as :func:`~wordlelab.solvers.search.depth.depth_entries.learnt_core_entry`
    gives it, or ``{"core": None, ...}`` if that search does not refute the word within
    ``node_limit`` nodes (it then proposes nothing, and the word is not recorded as a no)."""
    from wordlelab.solvers.search.engine.core_prover import CoreProver, Count
    from wordlelab.solvers.search.depth.depth_entries import learnt_core_entry
    from wordlelab.solvers.search.engine.tables import REFUTED, UNTOUCHED
    prover = CoreProver(searcher)
    prover.store.count[Count.LAST] = UNTOUCHED
    if prover.start_feasible(node.H, Lchild, g0, node.d, node_limit, None) != REFUTED:
        return {"core": None, "depth": None}
    return learnt_core_entry(searcher, prover)


class CoveredFirst:
    """A sweep's order of first words, those a known core refutes taken first.

    A first word with a class holding an offered core is decided by one check of that core
    (none, if this run has checked it already), where a word of the candidate order may take an
    hour's search. So the words each core covers are taken as soon as the core is known: those of
    the checkpoint's checked cores before any search, those of a core found by a search right
    after it.
    Iterating yields the candidate order's ``(score, guess)`` pairs; each pair once.
    """

    def __init__(self, certificates: EasyCertificates, order, left: int):
        self.certificates, self.left = certificates, left
        self.rest = iter(order)
        self.score = dict((g, s) for s, g in order)
        self.pending: deque = deque()
        self.taken: set = set()
        # the cores an earlier run checked, smallest first: their words are the cheapest to decide.
        # A core never checked (from before easy-mode certificates) is not queued: its check may
        # take an hour and run out, where searching new words finds cores that check in a minute
        for core, depth, _, checked_before, _ in sorted(certificates.offered, key=lambda o: len(o[0])):
            if checked_before:
                self.add(core, depth)

    def add(self, core, depth: int) -> None:
        """Queue the words of the order that ``core`` (refuted within ``depth`` guesses) covers."""
        if depth < self.left:
            return
        fresh = [int(g) for g in self.certificates.covered(core, self.left)
                 if int(g) in self.score and int(g) not in self.taken]
        self.pending.extend(sorted(fresh, key=self.score.get))

    def __iter__(self):
        while True:
            if self.pending:
                g = self.pending.popleft()
            else:
                try:
                    _, g = next(self.rest)
                except StopIteration:
                    return
            if g not in self.taken:
                self.taken.add(g)
                yield self.score[g], g
