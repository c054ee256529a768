"""A state's lemmas, reused: the core of a guess at a state put together from the lemmas of the
cores made there before, where they fit (hard mode, ``prove-depth --state``).

**Theorem (monotonicity, Selby part 2).** Let L be answers that no strategy finds within e
guesses under hard mode's rule R0. If a guess g puts every answer of L into one class p, not
all green, and the rule after ``history + (g0, p0) + (g, p)`` asks at least what R0 asks, then
no strategy finds L within e guesses after that history either (a strategy there would obey
R0). Now let K be a set of answers of g0's class p0 such that every guess g that splits K has
such an L inside K: then the class of K under g that holds L cannot be found within e, so no
guess finds all of K within e + 1, and K is a core of g0 (a guess that splits nothing only adds
to the rule and spends a guess).

A state's cores are grown from the guesses that beat them, and each is checked with a lemma
for every guess: a small refuted set of one of its classes (``hard_cores.cover_guesses``). After
MUJIK BBBBB (hard, every word an answer, 7 guesses), the grown cores had 200 to 290 lemmas each,
almost all made afresh (12487 lemmas, 11665 distinct) at about 99% of the time of a core, yet the
lemmas kept from the 91 cores grown there covered, in the class of each of the first six guesses
still waiting, 96.5% to 99.7% of the guesses that split it. So a core is first put together from
them: greedily, the lemma covering most guesses not yet covered, each lemma stated at the guess
with the weakest rule it covers (the checker keeps it under that rule and reuses it wherever a
rule asks more); then each guess still uncovered gets a lemma made from its failing class, as
``cover_guesses`` makes them, and its answers join K.

The bank only proposes. Every lemma and the core are decided again by the pure-Python checker
(:func:`~wordlelab.models.refutation.check_core`) before the entry is kept, so a lemma the bank
got wrong costs a :class:`~wordlelab.models.refutation.CoreFault`, never a false no.
"""
from __future__ import annotations

import heapq

import numpy as np

from wordlelab.models.feedback import ALL_GREEN, pattern_code
from wordlelab.models.modes import requirement_mask, rule_after
from wordlelab.solvers.search.kernels import K
from wordlelab.solvers.search.tables import REFUTED, new_stats, new_table

# the bank is tried for a class at least this large (smaller ones are made quickly as before)
BANK_FROM = 200


class LemmaBank:
    """The lemmas checked with the cores made at one state: each as its answers (indices), the
    requirements of the rule it was decided under (:func:`~wordlelab.models.modes.requirement_mask`)
    and the guesses left.

    >>> from wordlelab.instances.wordlists import load_lists
    >>> from wordlelab.models.feedback import feedback
    >>> from wordlelab.solvers.search.native import NativeSearcher
    >>> s = NativeSearcher(load_lists("nyt20220316"), "hard", 6, cache_entries=1 << 10)
    >>> bank = LemmaBank(s, s.root(None, "nauch.BGBGG", 6))
    >>> family = ["batch", "catch", "hatch", "match", "patch"]
    >>> bank.add("latch", {"core": family, "lemmas": [[family, [["kytes", "BBBBB"]], 2]]})
    >>> len(bank), bank.add("latch", {"core": family, "lemmas": [[family, [["kytes", "BBBBB"]], 2]]}), len(bank)
    (1, None, 1)
    """

    def __init__(self, searcher, node):
        self.searcher = searcher
        self.history = list(node.history)
        self.members: list[np.ndarray] = []
        self.masks: list[int] = []
        self.left: list[int] = []
        self._seen: set = set()
        # the cores put together from the bank, and those it could not make or check in budget
        self.made = self.gave_up = self.too_long = 0
        self.index = {a: i for i, a in enumerate(searcher.lists.answers)}

    def __len__(self) -> int:
        return len(self.members)

    def add(self, word: str, entry: dict) -> None:
        """Keep the lemmas of ``entry``, the checked checkpoint entry of guess ``word`` here
        (``{"core", "lemmas": [[answers, [[guess, pattern]], left], ...]}``)."""
        if not entry.get("core") or not entry.get("lemmas"):
            return
        s = self.searcher
        pattern = int(s.MT[self.index[entry["core"][0]], s.guess_index[word]])
        for answers, more, left in entry["lemmas"]:
            rule = ((), ())
            for g, p in [*self.history, (word, pattern), *((g, pattern_code(p)) for g, p in more)]:
                rule = rule_after(*rule, g, p)
            members = np.array(sorted(self.index[a] for a in answers), np.int32)
            key = (members.tobytes(), requirement_mask(rule), int(left))
            if key not in self._seen:
                self._seen.add(key)
                self.members.append(members)
                self.masks.append(key[1])
                self.left.append(int(left))


def state_bank(searcher, node) -> LemmaBank:
    """The lemma bank of the state ``node`` (one per state and guesses left, on the searcher)."""
    key = (node.history, node.d)
    if key not in searcher.state_lemmas:
        searcher.state_lemmas[key] = LemmaBank(searcher, node)
    return searcher.state_lemmas[key]


class _Cover:
    """Which guesses of ``Lc`` (those splitting the class ``members``) a lemma covers after
    ``history + (g0, p0)``: it lies in one class p of the guess, not all green, under a rule
    asking at least the lemma's."""

    def __init__(self, searcher, history, g0: int, members: np.ndarray, Lc: np.ndarray):
        self.s, self.Lc = searcher, Lc
        self.base = ((), ())
        for word, pattern in [*history, (searcher.lists.guesses[g0], int(searcher.MT[members[0], g0]))]:
            self.base = rule_after(*self.base, word, pattern)
        rows = searcher.MT[members][:, Lc]
        self.splits = ~((rows == rows[0]).all(axis=0) & (rows[0] != ALL_GREEN))
        self._mask: dict = {}

    def mask(self, position: int, pattern: int) -> int:
        """The requirements after guess ``Lc[position]`` with ``pattern``."""
        key = (position, pattern)
        if key not in self._mask:
            word = self.s.lists.guesses[int(self.Lc[position])]
            self._mask[key] = requirement_mask(rule_after(*self.base, word, pattern))
        return self._mask[key]

    def positions(self, members: np.ndarray, needs: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The positions in ``Lc`` of the guesses that split the class and put ``members`` in one
        class under a rule asking at least ``needs`` (None: any rule), their patterns and masks."""
        rows = self.s.MT[members][:, self.Lc]
        one = np.flatnonzero((rows == rows[0]).all(axis=0) & (rows[0] != ALL_GREEN) & self.splits)
        pats = rows[0, one].astype(np.int64)
        masks = np.array([self.mask(int(i), int(p)) for i, p in zip(one, pats)], dtype=object)
        if needs is None or not len(one):
            return one, pats, masks
        keep = np.array([not needs & ~m for m in masks], bool)
        return one[keep], pats[keep], masks[keep]


def bank_core(searcher, node, g0: int, members: np.ndarray, Lc: np.ndarray, d: int,
              bank: LemmaBank) -> tuple[np.ndarray, list] | None:
    """A core of guess ``g0``'s class ``members`` (refuted within ``d`` with guess list ``Lc``) at
    the state ``node``, and its lemmas in :func:`~wordlelab.solvers.search.hard_cores.minimal_core`'s
    form, put together from ``bank`` and completed by new lemmas (see the module's theorem);
    None if the searches' budget (``hard_cores.CORE_NODES``) or a class the search could not
    decide stopped it."""
    from wordlelab.solvers.search.hard_cores import (CORE_TABLE_ENTRIES, TRIAL_NODES, core_searches,
                                                     minimal_core)
    table, stats = new_table(CORE_TABLE_ENTRIES), new_stats()
    search, within_budget = core_searches(searcher, table, stats)
    cover = _Cover(searcher, node.history, g0, members, Lc)
    inside = np.zeros(len(searcher.lists.answers), bool)
    inside[members] = True
    # candidates: (a bank lemma, stated at a guess of the weakest rule among those it covers)
    candidates = []
    for m, needs, left in zip(bank.members, bank.masks, bank.left):
        if left < d - 1 or not inside[m].all():
            continue
        one, pats, masks = cover.positions(m, needs)
        weakest: list[int] = []
        for k in sorted(range(len(one)), key=lambda k: bin(masks[k]).count("1")):
            if not any(not w & ~masks[k] for w in (masks[j] for j in weakest)):
                weakest.append(k)
        for k in weakest:
            covers = one[np.array([not masks[k] & ~x for x in masks], bool)]
            candidates.append((m, int(one[k]), int(pats[k]), covers))
    covered = np.zeros(len(Lc), bool)
    core: set = set()
    lemmas: list = []

    def take(m, position, pattern, covers, anywhere=False):
        covered[covers] = True
        core.update(int(a) for a in m)
        more = () if anywhere else ((int(Lc[position]), pattern),)
        lemmas.append(([int(a) for a in m], more, d - 1))
    # greedy set cover, lazily: a candidate's gain only falls as others are taken
    heap = [(-len(c[3]), i) for i, c in enumerate(candidates)]
    heapq.heapify(heap)
    while heap:
        _, i = heapq.heappop(heap)
        m, position, pattern, covers = candidates[i]
        gain = int(np.count_nonzero(~covered[covers]))
        if gain == 0:
            continue
        if heap and gain < -heap[0][0]:
            heapq.heappush(heap, (-gain, i))
            continue
        take(m, position, pattern, covers)
    # each guess still uncovered that splits the core gets a lemma from its failing class
    while True:
        rows = searcher.MT[np.array(sorted(core), np.int32)][:, Lc] if core else None
        if rows is None:
            todo = np.flatnonzero(cover.splits & ~covered)
        else:
            splits_core = ~((rows == rows[0]).all(axis=0) & (rows[0] != ALL_GREEN))
            todo = np.flatnonzero(splits_core & ~covered)
        if not len(todo):
            return np.array(sorted(core), np.int32), lemmas
        for position in todo.tolist():
            if covered[position]:
                continue
            if not within_budget():
                return None
            g = int(Lc[position])
            # a failing class of the core so far is small and cheap to shrink; only if none of
            # them fails, one of the whole class (hundreds of answers: deletions cost 85% of the
            # time when the whole class's were shrunk first, MUJIK BBBBB)
            failing = _failing_class(searcher, np.array(sorted(core), np.int32), Lc, g, d, search, within_budget)
            if failing is None:
                failing = _failing_class(searcher, members, Lc, g, d, search, within_budget)
            if failing is None or failing is False:
                return None          # a budget, or no class of g fails (the class is not refuted: a fault elsewhere)
            made, _, _ = minimal_core(searcher, failing[0], failing[1], d - 1, table, stats, grow=False)
            made = np.asarray(made, np.int32)
            # refuted with the class's own guesses, it holds after any guess that keeps it together
            anywhere = len(made) > d - 1 and search([int(a) for a in made], Lc, d - 1, TRIAL_NODES) == REFUTED
            one, pats_m, _ = cover.positions(made, None if anywhere else cover.mask(position, failing[2]))
            covers = np.union1d(one, [position]).astype(np.int64)
            take(made, position, failing[2], covers, anywhere)


def _failing_class(searcher, answers: np.ndarray, Lc: np.ndarray, g: int, d: int, search, within_budget):
    """The smallest class of ``answers`` under guess ``g`` that the depth search refutes within
    ``d - 1`` (its answers, guess list and pattern); None if each is solved, False if a search
    stopped at its budget."""
    from wordlelab.solvers.search.hard_cores import TRIAL_NODES
    if not len(answers):
        return None
    sub_members, starts, sizes, pats = K.partition(searcher.MT, answers, g)
    for c in np.argsort(sizes, kind="stable"):      # smallest first: the cheapest to shrink
        if sizes[c] <= d - 1 or pats[c] == ALL_GREEN:
            continue
        sub = sub_members[starts[c]:starts[c] + sizes[c]].copy()
        Lsub = searcher._child_list(Lc, g, pats[c])
        r = search(list(sub), Lsub, d - 1, TRIAL_NODES)
        if r == REFUTED:
            return sub, Lsub, int(pats[c])
        if r < 0 or not within_budget():
            return False
    return None
