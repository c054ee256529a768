"""Selby's monotonicity across the next guesses at a state, as the guess-by-guess search of
``prove-depth --state W.PATTERN --checkpoint F`` meets them (hard mode).

The theorem is :mod:`~wordlelab.solvers.search.engine.monotone`'s: at a node with d guesses left, if
guess u leaves a class S with pattern p that no strategy finds within d - 1 more, and guess v
puts all of S into one class with pattern p' whose hard-mode rule asks at least what the rule
after (u, p) asks, then v's class holds S under a rule that allows no guess u's did not, and
v fails too. The kernel applies it among the guesses of each node it searches, but the state's
own guesses are searched one call each, so a guess there used to be searched even when a
class refuted for another guess lay inside one of its classes. After IMPOT BBBBB (hard, every
word an answer, 7 guesses), each of the last 379 guesses, open after rounds of growing
budgets, holds hundreds to thousands of the 12585 classes refuted before it within one of its
classes (MOTTE: 3839); those that ask no more than its own rule refute it at once.

What this gives is the search's claim, not a proof: the class refuted for u was refuted by the
kernels, and the no is made only from cores the pure-Python checker decides afterwards
(:mod:`~wordlelab.solvers.search.depth.class_refutation`). So a guess refuted here is recorded like
one its own search refuted, with the refuted class it holds as the set its core is made from.
"""
from __future__ import annotations

import numpy as np

from wordlelab.models.feedback import ALL_GREEN
from wordlelab.models.modes import asks_at_least, requirement_mask, rule_after
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import REFUTED, Stat, new_stats, new_table

# the kept classes tried in the classes of a guess (refuted_nearby), and each one's search
# (hard_cores.py's GROW_NODES)
ELSEWHERE_TRIES = 8
ELSEWHERE_NODES = 1 << 17


class RefutedClasses:
    """The classes refuted so far at ``node`` (answer indices), each with the rule after the
    guess and pattern that left it, the state's history included.

    >>> from wordlelab.instances.wordlists import load_lists
    >>> from wordlelab.models.feedback import feedback
    >>> from wordlelab.solvers.search.native import NativeSearcher
    >>> s = NativeSearcher(load_lists("nyt20220316"), "hard", 6, cache_entries=1 << 10)
    >>> node = s.root(None, "nauch.BGBGG", 6)          # BATCH, CATCH, HATCH, ...
    >>> refuted = RefutedClasses(s, node)
    >>> g = s.guess_index["latch"]                    # say its class BGGGG were refuted
    >>> refuted.add(g, node.H[s.MT[node.H, g] == feedback("latch", "match")], feedback("latch", "match"))
    >>> words = lambda found: sorted(s.lists.answers[a] for a in found[1])
    >>> words(refuted.dominating(s.guess_index["natch"]))    # NATCH asks what LATCH asks
    ['batch', 'catch', 'hatch', 'match', 'patch', 'watch']
    >>> words(refuted.dominating(s.guess_index["kytes"]))    # so does KYTES, with NAUCH's greens
    ['batch', 'catch', 'hatch', 'match', 'patch', 'watch']
    >>> refuted.dominating(s.guess_index["batch"]) is None   # BATCH splits the class
    True
    >>> [s.lists.guesses[g] for g, _ in refuted.held_by(0, [s.guess_index[w] for w in ("natch", "batch", "kytes")])]
    ['natch', 'kytes']
    """

    def __init__(self, searcher, node):
        self.searcher = searcher
        self.base = ((), ())
        for word, pattern in node.history:
            self.base = rule_after(*self.base, word, pattern)
        self.members: list[np.ndarray] = []
        self.guesses: list[int] = []       # the guess that left each
        self.rules: list[tuple] = []
        # the members end to end, in a buffer doubled when full: a state adds thousands of
        # classes of a hundred answers or more, each between two tests
        self._flat = np.zeros(1 << 16, np.int32)
        self._size = 0
        self._starts: list[int] = []

    def __len__(self) -> int:
        return len(self.members)

    def add(self, guess: int, members: np.ndarray, pattern: int) -> None:
        """Keep ``members``, the class ``guess`` left with ``pattern``, refuted within the
        guesses left after it."""
        members = np.asarray(members, np.int32)
        end = self._size + len(members)
        if end > len(self._flat):
            self._flat = np.concatenate([self._flat[:self._size], np.zeros(max(end, 2 * len(self._flat)), np.int32)])
        self._flat[self._size:end] = members
        self._starts.append(self._size)
        self._size = end
        self.members.append(members)
        self.guesses.append(guess)
        self.rules.append(rule_after(*self.base, self.searcher.lists.guesses[guess], int(pattern)))

    def _held(self, guess: int) -> tuple[np.ndarray, np.ndarray]:
        """For each kept class, whether ``guess`` puts it into one class, and the pattern of its first answer."""
        starts = np.array(self._starts, np.int64)
        column = self.searcher.MT[self._flat[:self._size], guess].astype(np.int64)
        return np.minimum.reduceat(column, starts) == np.maximum.reduceat(column, starts), column[starts]

    def dominating(self, guess: int) -> tuple[int, np.ndarray] | None:
        """``(pattern, S)``: the smallest kept class S that ``guess`` puts into one class, with
        ``pattern``, under a rule asking at least what S's own asks; None if there is none."""
        found = self.dominating_index(guess)
        return None if found is None else (found[1], self.members[found[0]])

    def dominating_index(self, guess: int) -> tuple[int, int] | None:
        """``(i, pattern)``: :meth:`dominating`'s class as its index in ``members``."""
        if not self.members:
            return None
        inside, patterns = self._held(guess)
        word = self.searcher.lists.guesses[guess]
        rules: dict[int, tuple] = {}
        for i in sorted(np.flatnonzero(inside).tolist(), key=lambda i: len(self.members[i])):
            p = int(patterns[i])
            if p == ALL_GREEN:
                continue
            if p not in rules:
                rules[p] = rule_after(*self.base, word, p)
            if asks_at_least(rules[p], self.rules[i]):
                return i, p
        return None

    def held_by(self, i: int, guesses: list[int]) -> list[tuple[int, int]]:
        """``(guess, pattern)`` for each of ``guesses`` that puts kept class ``i`` into one class,
        with ``pattern``, under a rule asking at least what class i's own asks."""
        if not guesses:
            return []
        columns = self.searcher.MT[self.members[i]][:, np.asarray(guesses, np.int64)]
        first = columns[0]
        inside = (columns == first).all(axis=0) & (first != ALL_GREEN)
        found = []
        for k in np.flatnonzero(inside).tolist():
            p = int(first[k])
            if asks_at_least(rule_after(*self.base, self.searcher.lists.guesses[guesses[k]], p), self.rules[i]):
                found.append((guesses[k], p))
        return found

    def refuted_nearby(self, node, guess: int, d: int, tries: int = ELSEWHERE_TRIES) -> np.ndarray | None:
        """A kept class that ``guess`` puts into one class (not all green) and that the depth
        search refutes there within ``d`` guesses, under that class's own rule; None if none of
        the ``tries`` tried is. Those tried are the ones whose own rule asks for the fewest
        requirements this rule lacks, then the smallest: where no kept class is dominated
        (:meth:`dominating`), the nearest to it most often fails here too. Any class of the
        guess that fails refutes it; what the search finds here is a claim, which the
        pure-Python checker decides before it counts."""
        if not self.members:
            return None
        inside, patterns = self._held(guess)
        word = self.searcher.lists.guesses[guess]
        masks: dict[int, int] = {}
        ranked = []
        for i in np.flatnonzero(inside & (patterns != ALL_GREEN)).tolist():
            p = int(patterns[i])
            if p not in masks:
                masks[p] = requirement_mask(rule_after(*self.base, word, p))
            lacking = bin(requirement_mask(self.rules[i]) & ~masks[p]).count("1")
            ranked.append((lacking, len(self.members[i]), i, p))
        ranked.sort()
        seen: set = set()
        chosen = []
        for _, _, i, p in ranked:
            key = (p, self.members[i].tobytes())
            if key not in seen:
                seen.add(key)
                chosen.append((i, p))
                if len(chosen) >= tries:
                    break
        if not chosen:
            return None
        Lchild = K.child_lists_after(node.H, node.L, guess, self.searcher.tables)[4]
        cache, stats = new_table(1 << 16), new_stats()
        for i, p in chosen:
            limit = int(stats[Stat.NODES]) + ELSEWHERE_NODES
            Lc = self.searcher.child_list(Lchild, guess, p)
            if int(K.depth_feasible(self.members[i], Lc, d, self.searcher.tables, cache, stats, limit,
                                    self.searcher.depth_rounds)) == REFUTED:
                return self.members[i]
        return None


# a class larger than this has its core made from a part shared with other guesses' classes
# where one is refuted (hard_cores.py's DELETE_AT_MOST: above it, a core is grown, which takes
# minutes to an hour after MUJIK BBBBB)
SHARED_FROM = 500
# the depth search on each trial part in shared_part (a refuted part of 700 answers after
# MUJIK BBBBB took about 10^5 nodes; one that is solvable is found so in a few thousand)
SHARED_NODES = 1 << 20
SHARED_TRIES = 16


def shared_part(searcher, node, guess: int, members: np.ndarray, pattern: int, others: list,
                budget: int = SHARED_NODES, tries: int = SHARED_TRIES) -> np.ndarray | None:
    """The intersection of ``members`` (the class ``guess`` leaves with ``pattern`` at ``node``,
    refuted) with the refuted classes of as many of ``others`` as the depth search still
    refutes, under ``guess``'s own rule; None if none with another guess's class is.

    ``others`` holds ``(guess, members, pattern)`` for the guesses whose cores are still to be
    made. Only those whose rule asks at least what ``guess``'s asks are intersected: a core
    made from the part then lies in one class of each of them under a rule asking no less, so
    that each takes it by monotonicity (:meth:`RefutedClasses.held_by`) instead of a core of its
    own. The guesses left last at a state are those with the fewest live letters, and they
    share rules: after MUJIK BBBBB, 13 of the last 38 ask only for an A (ABOUT YBBBB, HIJAB
    BBBYB, ...), and 12 of them have a common part of 724 answers that is refuted.
    The others are added in the order of their overlap with ``members``, largest first, and
    the number of them bisected, at most ``tries`` searches of ``budget`` nodes: a part is
    refuted or not for the search, and what it refutes is a claim that the pure-Python checker
    decides when the core is made.
    """
    base = ((), ())
    for word, p in node.history:
        base = rule_after(*base, word, p)
    words = searcher.lists.guesses
    own = rule_after(*base, words[guess], int(pattern))
    mine = set(np.asarray(members).tolist())
    overlaps = []
    for g1, members1, pattern1 in others:
        if g1 == guess or int(pattern1) == ALL_GREEN:
            continue
        if not asks_at_least(rule_after(*base, words[g1], int(pattern1)), own):
            continue
        common = mine.intersection(np.asarray(members1).tolist())
        if len(common) > node.d:
            overlaps.append((len(common), g1, common))
    if not overlaps:
        return None
    overlaps.sort(key=lambda o: (-o[0], o[1]))
    parts = []
    part = set(mine)
    for _, _, common in overlaps:
        part &= common
        parts.append(sorted(part))
    Lchild = K.child_lists_after(node.H, node.L, guess, searcher.tables)[4]
    Lc = searcher.child_list(Lchild, guess, int(pattern))
    cache, stats = new_table(1 << 20), new_stats()

    def refuted(part) -> bool:
        if len(part) <= node.d - 1:
            return False
        limit = int(stats[Stat.NODES]) + budget
        return int(K.depth_feasible(np.array(part, np.int32), Lc, node.d - 1, searcher.tables, cache, stats, limit,
                                    searcher.depth_rounds)) == REFUTED

    # The parts are nested, each within the one before, and a set holding a refuted set is
    # refuted (more answers never help): bisect for the part of the most guesses that is refuted.
    # (Trying from the most guesses down reached only the smallest parts: after IMPOT BBBBB,
    # INBYE's class of 755 answers has a refuted part of 692 shared with 4 guesses of its 68.)
    found, lo, hi = None, 0, len(parts) - 1
    for _ in range(tries):
        if lo > hi:
            break
        k = (lo + hi) // 2
        if refuted(parts[k]):
            found, lo = k, k + 1
        else:
            hi = k - 1
    return None if found is None else np.array(parts[found], np.int32)
