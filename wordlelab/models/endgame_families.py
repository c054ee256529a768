"""Selby's endgame bound for the hard-mode checker (:mod:`wordlelab.models.refutation`), worked
out from the checker's own pure-Python patterns.

**Lemma (an endgame splits into one class and singletons).** Let E be answers equal in every
position but p, and w any guess. Call an answer *plain* if its letter at p does not occur in w.
A guess letter c at a position i gets the same colour from answers whose letters at p are not c:
c ≠ their letter at p, so the greens of c and the count of c in the answer agree, and with them
the NYT yellow count. So all plain answers share one pattern, and an answer with letter x at p
can differ from it only at the positions where w has x. Two answers of E that differ from the
plain pattern do so at disjoint positions (x ≠ y), so they differ from each other: every class
of E under w but (at most) one is a single answer. Hence w leaves an adversary who stays in the
large class at least |S| - (n(E, w) - 1) of any S ⊆ E, where n(E, w) is the number of patterns
w gives on E (a class of S lies in a class of E).

**Theorem (Selby's endgame bound;** part 2, "Endgame analysis"**).** With d guesses left, the
d - 1 guesses before the last must bring E down to one answer, and the guesses allowed later are
among those allowed now (hard mode's constraint only grows). So if the d - 1 largest values of
n(E, w) - 1 over the allowed guesses sum to less than |E| - 1, E cannot be found in time, and
by monotonicity neither can any answer set holding E.

**Counting n(E, w) for many E at once.** Take the *family* F ⊇ E: every answer of the core equal
to E's in the four positions other than p. Call w's *singles* on F the answers of F whose pattern
under w no other answer of F has. By the lemma, the other answers of F share one pattern. A
subset E then has one class for each of its singles, and one more if it holds any other answer:

    n(E, w) - 1 = |E ∩ singles(w)| - [E ⊆ singles(w)].

So the value depends on w only through its singles, and the guesses of a family fall into a few
groups with the same singles. The bound for E under a constraint reads each group once, best
first, instead of splitting E by every allowed guess (the checker's costliest step before: on
ABOUT's 496-answer core, two thirds of its time).
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, islice
from operator import itemgetter


class LemmaBroken(AssertionError):
    """Two answers of one family share a pattern other than the plain one: the lemma above is
    false for these words, and no bound may be drawn from it."""


class EndgameFamilies:
    """The endgames of a core and the guesses' singles on them.

    ``words`` are the core's answers, ``guesses`` the first node's allowed guesses (every
    guess allowed below it is among them), ``patterns[u][i]`` the pattern guess ``u`` gets from
    answer ``i``, ``bits[i]`` answer i's bit in a set's mask.

    >>> from wordlelab.models.feedback import feedback
    >>> words = ("batch", "catch", "hatch", "latch", "match")
    >>> guesses = ["black", "mulch"]
    >>> families = EndgameFamilies(words, guesses, {u: [feedback(u, a) for a in words] for u in guesses},
    ...                            [1 << i for i in range(5)])
    >>> families.endgames_of((0, 1, 2, 3, 4))
    [(0, 1, 2, 3, 4)]
    >>> families.top_values((0, 1, 2, 3, 4), None, 2)  # BLACK: BATCH, LATCH, the rest; MULCH alike
    [2, 2]
    >>> families.top_values((0, 3), {1}, 2)             # MULCH alone, on BATCH and LATCH
    [1]
    >>> families.top_values((0, 2), {1}, 2)             # ... on BATCH and HATCH: one pattern
    []
    """

    def __init__(self, words: tuple, guesses: list, patterns: dict, bits: list):
        self.words, self.guesses, self.patterns, self.bits = words, guesses, patterns, bits
        # each answer's five family keys (the word with one position left out), as small ints in
        # the order position 0 to 4, so that a set's endgames are counted by C-level loops
        key_ids: dict = {}
        self.keys = tuple(tuple(key_ids.setdefault((p, w[:p] + w[p + 1:]), len(key_ids)) for p in range(5))
                          for w in words)
        self.members: list[list[int]] = [[] for _ in key_ids]
        for i, keys in enumerate(self.keys):
            for k in keys:
                self.members[k].append(i)
        self.groups: dict = {}             # family key -> [(singles mask, guess positions)]
        self.endgames: dict = {}           # answers -> their endgames, largest first

    def endgames_of(self, answers: tuple) -> list:
        """The answers' endgames (most answers equal in four positions; each ascending), largest
        first (of equally large ones, the first met scanning the answers in order, positions 0
        to 4); only those of more than two answers.

        (The checker asks only about endgames of more than d answers with d ≥ 2 guesses left:
        two answers are found within two guesses, so a pair is never refuted. Leaving pairs out
        saved about a third of this method's time on the classes of a 5313-answer check.)"""
        got = self.endgames.get(answers)
        if got is None:
            keys = self.keys
            counts = Counter(chain.from_iterable(map(keys.__getitem__, answers)))
            big = sorted((k for k, c in counts.items() if c > 2), key=counts.__getitem__, reverse=True)
            members: dict = {k: [] for k in big}
            for i in answers:           # one pass over the answers, not one for each endgame
                for k in keys[i]:
                    if k in members:
                        members[k].append(i)
            got = self.endgames[answers] = [tuple(members[k]) for k in big]
        return got

    def family_of(self, endgame: tuple) -> int:
        """The key of the family holding ``endgame`` (two or more answers: they differ at one
        position, which names the family)."""
        a, b = self.words[endgame[0]], self.words[endgame[1]]
        p = next(p for p in range(5) if a[p] != b[p])
        return self.keys[endgame[0]][p]

    def singles_groups(self, family: int) -> list:
        """The guesses with singles on the family, grouped by them: [(number of singles, singles
        mask, positions in ``guesses``)], most singles first. Raises :class:`LemmaBroken` if a
        guess leaves two shared patterns."""
        got = self.groups.get(family)
        if got is None:
            members = self.members[family]
            pick = itemgetter(*members)
            bits = [self.bits[i] for i in members]
            by_mask: dict[int, list[int]] = {}
            for position, u in enumerate(self.guesses):
                pats = pick(self.patterns[u])
                counts = Counter(pats)
                if len(pats) - len(counts) > 0 and sum(c > 1 for c in counts.values()) > 1:
                    raise LemmaBroken(f"{u.upper()} leaves two shared patterns on an endgame family")
                singles = sum(bit for bit, p in zip(bits, pats) if counts[p] == 1)
                if singles:             # (no singles: a value of 0 on every subset, never counted)
                    by_mask.setdefault(singles, []).append(position)
            got = self.groups[family] = sorted(((mask.bit_count(), mask, positions)
                                                for mask, positions in by_mask.items()), key=itemgetter(0),
                                               reverse=True)
        return got

    def top_values(self, endgame: tuple, allowed: set | None, k: int, enough: int | None = None) -> list[int]:
        """The k largest values of n(E, w) - 1 over the guesses at the positions ``allowed``
        (None: all of them), largest first; zeros left out (they add nothing to a sum).

        With ``enough``, the scan may stop once k values summing to at least ``enough`` are found
        (then the list returned sums to at least ``enough``, and may not be the top k): all
        the bound asks is whether the top k sum to |E| - 1."""
        if k <= 0:
            return []
        e = sum(map(self.bits.__getitem__, endgame))
        most = len(endgame) - 1           # a value's most: E within the singles
        top: list[int] = []
        for size, singles, positions in self.singles_groups(self.family_of(endgame)):
            # a group's value is at most its number of singles, and the groups come with fewest
            # singles last: once the k kept are each at least that, no later group changes them
            if len(top) == k and top[-1] >= min(size, most):
                break
            value = (e & singles).bit_count() - ((e & ~singles) == 0)
            if value <= 0 or (len(top) == k and value <= top[-1]):
                continue
            n = min(len(positions), k) if allowed is None else \
                sum(1 for _ in islice(filter(allowed.__contains__, positions), k))
            if n:
                top = sorted(top + [value] * n, reverse=True)[:k]
                if enough is not None and sum(top) >= enough:
                    break
        return top
