"""The core checker's table of patterns, and which guesses tell two answers apart, in pure Python.

**Lemma 1 (a pattern is a sum over the guess's letters).** For a guess g and a letter c, let P
be the positions of c in g, and r the number of positions j outside P with answer a[j] = c.
Then the colours of g's positions in P under NYT's rule are: green where a[k] = c, and of the
others, left to right, the first r yellow and the rest grey. *Proof.* The rule
(:func:`~wordlelab.models.feedback.feedback`) lists the answer's letters at positions where guess
and answer differ, then reads the guess left to right: a green is equal letters; otherwise the
letter is yellow if a copy of it is still listed, and that copy is struck off. The listed copies
of c are at the positions j with a[j] = c and g[j] ≠ c (at a position of P, a[j] = c is a
green), so there are r of them; only positions of P strike a copy of c off. So the colours of P
depend on c, P and a alone, and the pattern code (position 0 the most significant base-3 digit)
is the sum over the letters of g of their positions' digits. A letter that no answer of a set
holds is grey wherever it stands: two guesses that place the letters the set holds alike give
every answer of it one pattern.

:func:`pattern_rows` builds the table from these sums, each letter's part worked out once per
(letter, positions); tests hold it to :func:`~wordlelab.models.feedback.feedback` on every guess.

**Lemma 2 (two guesses left).** n ≥ 2 answers can all be found within 2 guesses exactly when
one allowed guess gives them n different patterns (every guess allowed in easy mode; in hard
mode those the history allows, and after one of them any answer still possible is allowed).
*Proof.* If allowed guess v does, then after it one answer is left: v itself (all green) or the
answer its pattern names, which is consistent with every pattern so far and so allowed, guessed
next. If every allowed first guess v gives two of them, x ≠ y, one pattern p (not all green:
x ≠ y), both remain after v with one guess left, which finds only one of them. So the answers
cannot be found within 2 exactly when the sets of allowed guesses telling each pair apart have
an empty intersection; and any part W of the answers holding pairs whose sets already meet in
nothing cannot be found within 2 either (the same argument on W): W is a witness.

:class:`Separations` holds, for each answer, its patterns under every guess as the bytes of one
integer (one byte a guess; codes are below 243), so that the guesses telling two answers apart
are the nonzero bytes of their exclusive or, and an intersection is one ``&``: C-level integer
operations in place of cutting the answers into each guess's classes.
"""
from __future__ import annotations

from itertools import combinations
from operator import add

WORD_LENGTH = 5
GREEN, YELLOW = 2, 1


def letter_part(letter: str, positions: tuple, words) -> tuple:
    """The part of the pattern code that the guess positions ``positions``, all holding
    ``letter``, give each word of ``words`` (Lemma 1).

    >>> from wordlelab.models.feedback import feedback
    >>> letter_part("e", (1, 4), ["speed"]) == (feedback("xexxe", "speed"),)
    True
    """
    weights = [3 ** (WORD_LENGTH - 1 - k) for k in positions]
    out = []
    for a in words:
        greens = sum(a[k] == letter for k in positions)
        spare = a.count(letter) - greens        # copies of the letter outside its positions
        code = 0
        for k, w in zip(positions, weights):
            if a[k] == letter:
                code += GREEN * w
            elif spare > 0:
                code += YELLOW * w
                spare -= 1
        out.append(code)
    return tuple(out)


def pattern_rows(guesses, words) -> dict:
    """``{guess: (its pattern code from each word, in order)}``, by Lemma 1: each guess's row is
    the sum of its letters' parts, letters no word holds left out, and guesses that place the
    other letters alike share one row.

    >>> from wordlelab.models.feedback import feedback
    >>> words = ["speed", "abbey", "eerie"]
    >>> rows = pattern_rows(["geese", "eerie", "zzzzz"], words)
    >>> all(rows[g] == tuple(feedback(g, a) for a in words) for g in rows)
    True
    """
    words = list(words)
    held = set("".join(words))
    # the letters no word holds, all read as one: they are grey wherever they stand
    blank = str.maketrans({c: "." for c in "abcdefghijklmnopqrstuvwxyz" if c not in held})
    parts: dict = {}
    by_placing: dict = {}
    zero = (0,) * len(words)
    out = {}
    for g in guesses:
        placing = g.translate(blank)
        row = by_placing.get(placing)
        if row is None:
            groups: dict = {}       # letter -> its positions (the sum's order does not matter)
            for k, c in enumerate(placing):
                if c != ".":
                    groups[c] = groups.get(c, ()) + (k,)
            for c, positions in groups.items():
                part = parts.get((c, positions))
                if part is None:
                    part = parts[(c, positions)] = letter_part(c, positions, words)
                row = part if row is None else map(add, row, part)
            row = by_placing[placing] = zero if row is None else tuple(row)
        out[g] = row
    return out


class Separations:
    """Which of ``rows`` (each guess's patterns over the answers, as :func:`pattern_rows` gives
    them) tell two answers apart, as the bits of an integer (bit k: row k), and the answer sets
    no single row splits into singletons (Lemma 2).

    ``allowed`` (an integer with bit k set for each row k a check may use) narrows the rows.

    >>> from wordlelab.models.feedback import feedback
    >>> words = ["batch", "catch", "hatch", "match"]
    >>> guesses = ["chomp", "batch"]
    >>> sep = Separations([tuple(feedback(g, a) for a in words) for g in guesses])
    >>> sep.inseparable((0, 1, 2, 3), sep.every)  # CHOMP: BATCH, HATCH alike; BATCH: CATCH, HATCH
    7
    >>> sep.inseparable((1, 2, 3), sep.every)        # CHOMP gives CATCH, HATCH, MATCH three patterns
    0
    """

    def __init__(self, rows: list):
        n_rows = len(rows)
        self.every = (1 << n_rows) - 1
        # answer i's patterns under every row, as eight bit planes: bit k of plane b is bit b of
        # row k's pattern (codes are below 256), read from a string of 0s and 1s (row k at
        # place n_rows - 1 - k, so that it lands on bit k)
        planes = [bytes(48 + (c >> b & 1) for c in range(256)) for b in range(8)]
        self.planes = [[int(col.translate(plane), 2) if n_rows else 0 for plane in planes]
                       for col in (bytes(reversed(col)) for col in zip(*rows))] if rows else []
        self.apart: dict = {}       # (i, j), i < j -> the rows telling them apart
        self.how_many: dict = {}    # ... and their number

    def pair(self, i: int, j: int) -> tuple:
        """(the rows telling answers i < j apart, as bits; their number)."""
        if (i, j) not in self.apart:
            self._add((i, j))
        return self.apart[(i, j)], self.how_many[(i, j)]

    def _add(self, ij: tuple) -> None:
        x = 0
        for a, b in zip(self.planes[ij[0]], self.planes[ij[1]]):    # two patterns differ in some bit
            x |= a ^ b
        self.apart[ij] = x
        self.how_many[ij] = x.bit_count()

    def mask_of(self, places) -> int:
        """The rows at ``places`` (row numbers) as bits."""
        n_rows = self.every.bit_length()
        digits = bytearray(b"0" * n_rows)
        for k in places:
            digits[n_rows - 1 - k] = 49     # "1"
        return int(digits, 2) if n_rows else 0

    def inseparable(self, answers: tuple, allowed: int) -> int:
        """0 if one of the rows ``allowed`` gives the answers (indices, sorted) different
        patterns, else the mask (bit i: answer i) of a part of them that none of those rows
        splits into singletons: a witness that they cannot be found within 2 (Lemma 2)."""
        apart = self.apart
        pairs = list(combinations(answers, 2))
        for ij in pairs:
            if ij not in apart:
                self._add(ij)
        pairs.sort(key=self.how_many.__getitem__)
        left = allowed
        used = []
        for ij in pairs:      # the pairs fewest rows tell apart first: a small witness
            left &= apart[ij]
            used.append(ij)
            if not left:
                break
        else:
            return 0
        # drop the answers the witness can do without, one at a time, while no row splits the rest
        part = sorted({i for ij in used for i in ij})
        for a in list(part):
            rest = [b for b in part if b != a]
            if len(rest) >= 2 and not self._separates(rest, allowed):
                part = rest
        return sum(1 << i for i in part)

    def _separates(self, answers: list, allowed: int) -> bool:
        left = allowed
        apart = self.apart         # (the witness's pairs were all added by inseparable)
        for ij in combinations(answers, 2):
            left &= apart[ij]
            if not left:
                return False
        return True


def distinct_rows(patterns: dict, guesses) -> list:
    """The rows of ``patterns`` (guess -> row) of ``guesses``, each once, in their first order."""
    return list(dict.fromkeys(map(patterns.__getitem__, guesses)))


__all__ = ["Separations", "distinct_rows", "letter_part", "pattern_rows"]
