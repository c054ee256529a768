"""A checkable lower bound on the least total of a Wordle strategy: the certificate and its checker.

A tree shows that a total is attained (:mod:`~wordlelab.models.verify`); this module checks the
other half, that no strategy totals less. The checker shares no code with the searchers: it
computes its own table of replies with numpy, by the NYT rule as :func:`~wordlelab.models.feedback.feedback`
states it, and reads hard mode's rule from :mod:`~wordlelab.models.modes`.

**The game from a node.** A node is a set S of answers still possible, a hard-mode rule R (the
conjunction of what the play so far asks of a guess, :func:`~wordlelab.models.modes.rule_after`;
in easy mode none) and g guesses left. The play from it depends on (S, R, g) alone: the guesses
allowed are those obeying R, and playing x splits S into classes S_p (the answers giving x the
reply p), each a node (S_p, R ∧ rule(x, p), g - 1). Let V(S, R, g) be the least total, over
strategies that find every answer of S within g guesses, of the guesses each answer needs (∞
if there is none). Every answer pays for x, and the answer x itself (if in S) is then found, so

    V(S, R, g) = min over allowed x of  |S| + Σ_{p ≠ GGGGG} V(S_p, R ∧ rule(x, p), g - 1),

with V(∅, ·, ·) = 0 and V(S, ·, 0) = ∞ for S non-empty.

**Lemma (floor).** Let s = |S| ≥ 1. V(S, R, g) ≥ floor(S, R, g), where floor is ∞ if g = 0; 1 if
s = 1; ∞ if g = 1 and s ≥ 2; and otherwise 2s - 1 when some answer a ∈ S, allowed under R (and in the
guess list), gives every other answer of S a reply of its own, and 2s when none does.
*Proof.* One guess finds at most one answer (the one it equals); g = 1 finds only that one, so
s ≥ 2 answers need g ≥ 2. Every answer not found by the first guess needs at least two, so the
total is at least 1 + 2(s - 1) = 2s - 1, and it is 2s - 1 only if the first guess is an answer
of S and every other answer is found by the second guess, which must then be that answer:
so each other answer is alone in its class of the first guess. ∎

**Lemma (replies).** Let K be the most classes any guess splits *all* the answers into. If
g ≥ 3 and s ≥ 2, V(S, R, g) ≥ 3s - 1 - min(s, K), and floor takes the larger of the two bounds.
*Proof.* A guess y splits S ⊆ answers into k ≤ min(s, K) classes (a class of S lies in one of
y's classes of all the answers). With g - 1 ≥ 2 guesses left each class C other than y's green
one needs at least 2|C| - 1 (the floor), so V ≥ s + 2(s - hit) - (k - hit) ≥ 3s - 1 - k. ∎

The one-ply form of the floor uses only the classes' sizes: with h = g - 1 guesses left in a class,
f(0) = 0; f(s) = ∞ for s ≥ 1 when h = 0 and for s ≥ 2 when h = 1; f(1) = 1; f(s) = 2s - 1. As
f(|C|) ≤ floor(C, ·, h), a guess x with k classes (one of them the green one when x ∈ S, hit = 1)
is refuted for a bound v as soon as |S| + Σ f = 3|S| - hit - k ≥ v (when h ≥ 2).

**The certificate.** A sequence of claims, numbered 0, 1, ... in the order written. Claim i
says "V(S_i, R_i, g_i) ≥ v_i" and carries groups (X, C): a set X of guesses and a set C of
earlier claims. It is *checked* when, for every guess x allowed under R_i, the bound

    B(x) = |S_i| + Σ_{classes p ≠ GGGGG of x} b(p)  ≥  v_i,

where b(p) is max(floor(S_p, R', g_i - 1), v_j) when the group that holds x names a claim j
whose answers are exactly S_p, with g_j ≥ g_i - 1 and a rule R_j that asks no more than
R' = R_i ∧ rule(x, p) (:func:`~wordlelab.models.modes.asks_at_least`), and floor(S_p, R', g_i - 1)
otherwise. A guess in no group is bounded by floors alone; one whose one-ply form already
reaches v_i is settled without building its classes (the checker redoes that one-ply probe).

**Theorem.** If every claim of a certificate is checked, every claim is true. *Proof.* By
induction on the claim's number: a claim names only earlier claims, true by induction. A
claim j bounding a class with g_j ≥ g_i - 1 guesses and a rule R_j asking no more than R'
bounds it too: a strategy within g_i - 1 guesses under R' is one within g_j guesses under
R_j (every guess it plays obeys R_j, and the rules it meets later, conjunctions with the same
pairs, ask no more than its own). So b(p) ≤ V(S_p, R', g_i - 1), by the lemma for the
floor, hence B(x) ≤ |S_i| + Σ V(S_p, ...) for every allowed x, and by the recurrence
V(S_i, R_i, g_i) ≥ min_x B(x) ≥ v_i. ∎

The last claim is the goal: all the answers, every guess left (``max_guesses``), no rule, and
the value the header states.

**A ranking's certificate** (version 2) has ``"best"`` (first words) and ``"others"`` in its
header: its goal's at_least is ``others``, and the check holds each first guess named in
``best`` to ``value`` instead. It proves that every strategy totals at least ``value``, and
every strategy whose first guess is not named in ``best`` at least ``others``. With a verified
tree of total ``value`` starting with the one word named and ``others = value + 1``, that word is
the only best first word. With a first guess given (``start``), the goal's check covers that
guess only: its claim is that every strategy *starting with it* totals at least v. With a
strategy tree of total v verified (:func:`~wordlelab.models.verify.verify_tree`), v is then
the least total, both halves checked.

**The file** (gzip-compressed JSON lines). The first line is the header::

    {"format": "wordlelab lower-bound certificate", "version": 1, "mode": "easy",
     "lists": "nyt20220316", "lists_sha256": "...", "max_guesses": 6, "start": "salet",
     "value": 7897, "claims": 2210}

(a ranking's: ``"version": 2, "start": null, "value": 7897, "best": ["salet"], "others": 7898``).

**A state's certificate** (version 3) is a version 1 or 2 certificate whose header also has
``"history"``, the guesses played and their replies (``[["salet", "BBBYB"]]``; replies as B, Y, G
letters, grey, yellow, green), at least one and fewer than ``max_guesses``. Its goal is the node
the history leaves, which the checker computes itself: the answers whose replies (by its own
table) to every guess played are the ones stated, ``max_guesses`` minus the guesses played left,
and in hard mode the rule :func:`~wordlelab.models.modes.rule_after` builds from the pairs, each
guess played obeying the rule before it. ``best`` then names the best *next* guesses, and the
claims are about the play from that state: the recurrence, and so the theorem, holds at any node.

``lists_sha256`` is :func:`lists_digest` of the guess and answer lists, in their order (the
claims name answers and guesses by their place in them). Each further line is one claim::

    {"id": 17, "answers": [3, 41, 97], "left": 4, "at_least": 7, "rule": [[[2, "l"]], [["l", 1]]],
     "by": [[[1022, 5310], [12, 15]], ...]}

``answers`` are answer indices, ascending; ``rule`` (hard mode only) is a rule's greens
(position, letter) and least letter counts; ``at_least`` is a whole number or ``"inf"``; each
group of ``by`` is [guess indices, claim ids]. Claim ids are the line's number from 0, so
every reference is to a claim already read: the check streams, holding only each claim's
answers, guesses left, rule and bound.

>>> from wordlelab.models.feedback import feedback
>>> int(pattern_table(["salet"], ["least"])[0, 0]) == feedback("salet", "least")
True
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import math
import time
from dataclasses import dataclass

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN
from wordlelab.models.modes import asks_at_least, check_mode, hard_rule, join_rules, obeys, rule_after

FORMAT = "wordlelab lower-bound certificate"
VERSION = 1
RANKING_VERSION = 2      # version 1 and the header's best / others
STATE_VERSION = 3        # version 1 or 2 and the header's history: the goal is the node a game state leaves
INF = math.inf
NO_RULE = ((), ())

__all__ = ["BoundFault", "BoundReport", "FORMAT", "STATE_VERSION", "check_lower_bound", "floor", "lists_digest",
           "max_classes", "pattern_table", "read_header", "CertificateWriter"]


class BoundFault(WordleError):
    """A certificate that does not prove its claim; the message names the first claim that fails."""


def lists_digest(guesses, answers) -> str:
    """sha256 of the two lists in their order: the certificate names words by their places in them.

    >>> lists_digest(["salet"], ["salet"])[:12]
    '62fbda9a7dae'
    """
    text = "\n".join(guesses) + "\n\n" + "\n".join(answers)
    return hashlib.sha256(text.encode()).hexdigest()


def _letters(words, what: str) -> np.ndarray:
    if any(len(w) != 5 or not w.isascii() or not w.isalpha() or not w.islower() for w in words):
        raise WordleError(f"the {what} list holds a word that is not 5 letters a-z")
    return np.frombuffer("".join(words).encode("ascii"), np.uint8).reshape(-1, 5)


def pattern_table(guesses, answers, chunk: int = 512) -> np.ndarray:
    """The reply code of every guess against every answer, shape (guesses, answers), by the NYT rule.

    A letter of the guess in its place is green; otherwise it is yellow when the answer holds
    more copies of it outside its green places than the guess's earlier yellows of it took;
    else grey. Codes are base 3, grey 0, yellow 1, green 2, the first letter most significant,
    as :func:`~wordlelab.models.feedback.feedback` numbers them (tests compare the two).
    """
    G, A = _letters(guesses, "guess"), _letters(answers, "answer")
    G, A = G - ord("a"), A - ord("a")
    out = np.empty((G.shape[0], A.shape[0]), np.uint8)
    count = np.zeros((26, A.shape[0]), np.int16)       # each letter's copies in each answer
    for j in range(5):
        np.add.at(count, (A[:, j], np.arange(A.shape[0])), 1)
    for lo in range(0, G.shape[0], chunk):
        g = G[lo:lo + chunk]
        green = [g[:, i:i + 1] == A[None, :, i] for i in range(5)]        # (guesses, answers) each
        code = np.zeros((g.shape[0], A.shape[0]), np.int16)
        yellow = []
        for i in range(5):
            # the answer's copies of letter i outside its green places: a green place j holds g[j],
            # so it takes a copy of letter i exactly when g[j] == g[i]
            copies = count[g[:, i]].copy()
            taken = np.zeros_like(copies)
            for j in range(5):
                same = (g[:, j] == g[:, i])[:, None]
                copies -= green[j] & same
                if j < i:
                    taken += yellow[j] & same
            y = ~green[i] & (taken < copies)
            yellow.append(y)
            code = code * 3 + np.where(green[i], 2, np.where(y, 1, 0))
        out[lo:lo + chunk] = code
    return out


def _one_ply(k: np.ndarray, hit: np.ndarray, n: int, h: int) -> np.ndarray:
    """|S| + Σ f over the classes, for guesses with ``k`` classes (``hit``: one of them green), h guesses left after."""
    k = k.astype(np.float64)
    hit = hit.astype(np.float64)
    if h >= 2:
        return 3 * n - hit - k
    if h == 1:                # every class but the green one must be a single answer
        return np.where(k == n, 2 * n - hit, INF)
    return np.where(k - hit > 0, INF, float(n))     # h == 0: no class but the green one


def max_classes(table: np.ndarray) -> int:
    """K of the replies lemma: the most classes one guess (a row of ``table``) splits all the answers into."""
    srt = np.sort(table, axis=1)
    return int((1 + (srt[:, 1:] != srt[:, :-1]).sum(axis=1)).max())


def floor(members: np.ndarray, h: int, table: np.ndarray, answer_guess: np.ndarray, allowed=None,
          classes: int | None = None) -> float:
    """floor(C, R, h) of the module's lemmas for the answers ``class`` (indices, ascending).

    ``table`` is :func:`pattern_table`'s, ``answer_guess`` each answer's guess index (-1 when it
    is not a guess), ``allowed`` a boolean array over the guesses (None: every guess),
    ``classes`` the replies lemma's K (:func:`max_classes`; None: that lemma is not used).
    """
    s = members.shape[0]
    if s == 0:
        return 0
    if h <= 0:
        return INF
    if s == 1:
        return 1
    if h == 1:
        return INF
    if classes is not None and h >= 3 and s > classes:
        return 3 * s - 1 - classes          # above 2s: the replies lemma (then no answer guess splits S fully)
    rows = answer_guess[members]
    rows = rows[rows >= 0]
    if allowed is not None:
        rows = rows[allowed[rows]]
    if rows.shape[0]:
        block = np.sort(table[np.ix_(rows, members)], axis=1)
        if (block[:, 1:] != block[:, :-1]).all(axis=1).any():
            return 2 * s - 1
    return 2 * s


@dataclass
class BoundReport:
    """What a checked certificate proves."""

    mode: str
    lists: str
    max_guesses: int
    start: str | None
    value: float
    claims: int
    guesses_checked: int
    seconds: float
    best: tuple = ()
    others: float | None = None
    history: tuple = ()          # a state's certificate: ((guess, "BBBYB"), ...)
    answers_left: int | None = None

    def state(self) -> str:
        """The history in the dotted form (``salet.BBBYB``); empty for a certificate from the start."""
        return ".".join(f"{g}.{p}" for g, p in self.history)

    def statement(self) -> str:
        """The proven claim, in words."""
        which = "next" if self.history else "first"
        who = f"every strategy starting with {self.start.upper()}" if self.start else "every strategy"
        value = "has none (no strategy)" if self.value == INF else f"totals at least {int(self.value)}"
        if self.history:
            left = self.max_guesses - len(self.history)
            text = (f"from state {self.state()}, {who} that finds every answer of {self.lists} still possible "
                    f"({self.answers_left}) within the {left} guess{'es' if left > 1 else ''} left in {self.mode} "
                    f"mode {value}")
        else:
            text = (f"{who} that finds every answer of {self.lists} within {self.max_guesses} guesses in "
                    f"{self.mode} mode {value}")
        if self.best:
            text += (f", and at least {_shown(self.others)} unless its {which} guess is "
                     + " or ".join(w.upper() for w in self.best))
        return text

    def as_dict(self) -> dict:
        """JSON-ready."""
        return {"mode": self.mode, "lists": self.lists, "max_guesses": self.max_guesses, "start": self.start,
                "value": None if self.value == INF else int(self.value), "claims": self.claims,
                "guesses_checked": self.guesses_checked, "seconds": round(self.seconds, 3),
                **({"best": list(self.best), "others": None if self.others == INF else int(self.others)}
                   if self.best else {}),
                **({"state": self.state(), "history": [list(h) for h in self.history],
                    "answers_left": self.answers_left} if self.history else {}),
                "statement": self.statement()}


def _shown(v) -> str:
    return "inf" if v == INF else str(int(v))


def _value(x, where: str) -> float:
    if x == "inf":
        return INF
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise BoundFault(f"{where}: at_least must be a whole number >= 0 or \"inf\", not {x!r}")
    return x


def _rule(raw, where: str) -> tuple:
    """A rule from the file, in modes' canonical form (sorted, as join_rules keeps it)."""
    try:
        greens, need = raw
        greens = tuple(sorted((int(k), str(letter)) for k, letter in greens))
        need = tuple(sorted((str(letter), int(n)) for letter, n in need))
    except (TypeError, ValueError):
        raise BoundFault(f"{where}: malformed rule {raw!r}") from None
    if any(not 0 <= k < 5 for k, _ in greens) or any(n < 1 for _, n in need):
        raise BoundFault(f"{where}: malformed rule {raw!r}")
    return greens, need


def _open(source):
    """A text stream of the certificate: a path (gzip or plain) or an open binary stream."""
    if hasattr(source, "read"):
        raw = source
    else:
        try:
            raw = open(source, "rb")
        except OSError as e:
            raise WordleError(f"cannot read the certificate {source}: {e.strerror or e}") from None
    if not hasattr(raw, "peek"):
        raw = io.BufferedReader(raw)
    head = raw.peek(2)[:2]
    stream = gzip.GzipFile(fileobj=raw) if head == b"\x1f\x8b" else raw
    return io.TextIOWrapper(stream, encoding="utf-8")


def read_header(source) -> dict:
    """The header line of a certificate file (not checked beyond being JSON)."""
    with _open(source) as f:
        try:
            return json.loads(f.readline())
        except (json.JSONDecodeError, EOFError, OSError, UnicodeDecodeError) as e:
            raise BoundFault(f"the certificate's header is not JSON: {e}") from None


class _Checker:
    """The claims read so far and the tables to check the next one with."""

    def __init__(self, guesses, answers, header: dict):
        self.guesses, self.answers = list(guesses), list(answers)
        self.mode = header["mode"]
        self.table = pattern_table(self.guesses, self.answers)
        # answers by rows: a claim's replies are its answers' rows, each a contiguous copy
        self.by_answer = np.ascontiguousarray(self.table.T)
        self.classes = max_classes(self.table)
        place = {w: i for i, w in enumerate(self.guesses)}
        self.answer_guess = np.array([place.get(a, -1) for a in self.answers], np.int64)
        # a guess's answer index, or -1: the guess that is an answer of S gets the green class
        self.guess_answer = np.full(len(self.guesses), -1, np.int64)
        for i, g in enumerate(self.answer_guess):
            if g >= 0:
                self.guess_answer[g] = i
        self.claims: list[tuple] = []        # (answers, left, at_least, rule)
        self._allowed: dict = {}
        self._requirements: dict = {}
        self.guesses_checked = 0

    def allowed(self, rule) -> np.ndarray | None:
        """The guesses a hard-mode rule allows, as a boolean array (None: every guess).

        :func:`~wordlelab.models.modes.obeys` of a rule is the conjunction of obeys of its
        requirements, each one green in place or one least letter count
        (:func:`~wordlelab.models.modes.join_rules` states it): so the mask is the AND of each
        requirement's mask, and each of those is obeys itself over the guess list, computed
        once (a few hundred requirements at most, where a rule per claim cost a pass each).
        """
        if rule == NO_RULE:
            return None
        mask = self._allowed.get(rule)
        if mask is None:
            greens, need = rule
            mask = np.ones(len(self.guesses), bool)
            for requirement in [((green,), ()) for green in greens] + [((), (count,)) for count in need]:
                one = self._requirements.get(requirement)
                if one is None:
                    one = np.fromiter((obeys(requirement, g) for g in self.guesses), bool, len(self.guesses))
                    self._requirements[requirement] = one
                mask &= one
            if len(self._allowed) > 4096:
                self._allowed.clear()
            self._allowed[rule] = mask
        return mask

    def read(self, line: str, i: int) -> tuple:
        """Claim i from its line, checked for form: (answers, left, at_least, rule, groups)."""
        where = f"claim {i}"
        try:
            c = json.loads(line)
        except json.JSONDecodeError as e:
            raise BoundFault(f"{where}: not JSON ({e})") from None
        if not isinstance(c, dict) or c.get("id") != i:
            raise BoundFault(f"{where}: the line's id is {c.get('id') if isinstance(c, dict) else None!r}, "
                             f"not its place {i}")
        try:
            S = np.array(c["answers"], np.int64)
            left = c["left"]
            v = _value(c["at_least"], where)
            groups = [(np.array(X, np.int64), [int(j) for j in C]) for X, C in c.get("by", [])]
        except (KeyError, TypeError, ValueError) as e:
            raise BoundFault(f"{where}: malformed ({e})") from None
        if S.ndim != 1 or S.shape[0] == 0 or (S.shape[0] > 1 and (np.diff(S) <= 0).any())\
                or S[0] < 0 or S[-1] >= len(self.answers):
            raise BoundFault(f"{where}: its answers must be answer indices, ascending, at least one")
        if isinstance(left, bool) or not isinstance(left, int) or left < 0:
            raise BoundFault(f"{where}: left must be a whole number >= 0, not {left!r}")
        rule = NO_RULE
        if self.mode == "hard":
            rule = _rule(c.get("rule", [[], []]), where)
        elif c.get("rule") not in (None, [[], []]):
            raise BoundFault(f"{where}: a rule in {self.mode} mode")
        return S, left, v, rule, groups

    def floor(self, S, h, allowed) -> float:
        return floor(S, h, self.table, self.answer_guess, allowed, self.classes)

    def check(self, i: int, S, left, v, rule, groups, only=None, held=None) -> None:
        """Raise BoundFault unless claim i holds given the claims before it (the module's check).

        ``only``: the one guess a goal with a first guess given covers; ``held``: guess index ->
        the bound a ranking's goal holds that guess to instead of ``v``.
        """
        n = S.shape[0]
        name = f"claim {i} ({n} answer{'s' if n > 1 else ''}, {left} guesses left, at least {_shown(v)})"
        allowed = self.allowed(rule)
        held = held or {}
        if only is None and max([v, *held.values()]) <= self.floor(S, left, allowed):
            self.claims.append((S, left, v, rule))
            return
        listed: dict[int, list[int]] = {}
        for X, C in groups:
            for j in C:
                if not 0 <= j < i:
                    raise BoundFault(f"{name}: names claim {j}, which is not an earlier claim")
            if len(set(C)) != len(C):
                raise BoundFault(f"{name}: names a claim twice in one group")
            for x in X.tolist():
                if not 0 <= x < len(self.guesses):
                    raise BoundFault(f"{name}: guess index {x} is not in the guess list")
                if x in listed:
                    raise BoundFault(f"{name}: guess {self.guesses[x].upper()} is in two groups")
                if allowed is not None and not allowed[x]:
                    raise BoundFault(f"{name}: guess {self.guesses[x].upper()} is not allowed under its rule")
                listed[x] = C
        if only is not None:
            X = np.array([only], np.int64)
            if set(listed) - {only}:
                raise BoundFault(f"{name}: the goal with a first guess given lists other guesses")
        elif allowed is None:
            X = np.arange(len(self.guesses))
        else:
            X = np.flatnonzero(allowed)
        h = left - 1
        if X.shape[0] == 0 or left == 0:
            # no guess allowed, or none left: S (not empty) has no strategy, V = inf
            self.claims.append((S, left, v, rule))
            return
        # (answers, guesses): a radix sort down each column counts a guess's classes
        P = self.by_answer[S] if allowed is None and only is None else self.by_answer[np.ix_(S, X)]
        srt = np.sort(P, axis=0, kind="stable")
        k = 1 + (srt[1:] != srt[:-1]).sum(axis=0)
        hit = (P == ALL_GREEN).any(axis=0)
        del srt
        bound = _one_ply(k, hit, n, h)
        self.guesses_checked += X.shape[0]
        need = np.full(X.shape[0], float(v))
        for x, value in held.items():
            t = int(np.searchsorted(X, x))    # X is ascending: every guess, or those the rule allows
            if t == X.shape[0] or X[t] != x:
                raise BoundFault(f"{name}: the best guess {self.guesses[x].upper()} is not allowed at the goal")
            need[t] = value
        floors: dict = {}
        row_of = {int(x): t for t, x in enumerate(X.tolist())} if listed else {}
        for t in np.flatnonzero(bound < need).tolist():
            x = int(X[t])
            total = self._guess_bound(name, x, np.ascontiguousarray(P[:, t]), S, h, rule, listed.get(x, ()), floors)
            if total < need[t]:
                why = "its classes" if x not in listed else "its classes and claims"
                held_to = f" (held to at least {_shown(need[t])})" if x in held else ""
                raise BoundFault(f"{name}: guess {self.guesses[x].upper()}{held_to} is not refuted: {why} bound the "
                                 f"total by {int(total)} only")
        for x, children in listed.items():
            if children and bound[row_of[x]] >= need[row_of[x]]:
                # settled by the one-ply probe: the claims it names are still checked to be its classes
                self._guess_bound(name, x, np.ascontiguousarray(P[:, row_of[x]]), S, h, rule, children, floors)
        self.claims.append((S, left, v, rule))

    def _guess_bound(self, name, x, row, S, h, rule, children, floors) -> float:
        """B(x) of the module's check: |S| plus each class's floor, or the claim named for it."""
        order = np.argsort(row, kind="stable")
        pats = row[order]
        cuts = np.flatnonzero(pats[1:] != pats[:-1]) + 1
        starts = np.concatenate(([0], cuts))
        ends = np.concatenate((cuts, [row.shape[0]]))
        by_pattern = {int(pats[a]): (a, b) for a, b in zip(starts.tolist(), ends.tolist())}
        claimed: dict[int, float] = {}
        word = self.guesses[x]
        for j in children:
            Sj, left_j, v_j, rule_j = self.claims[j]
            pos = int(np.searchsorted(S, Sj[0]))
            p = int(row[pos]) if pos < S.shape[0] and S[pos] == Sj[0] else -1
            if p < 0 or p == ALL_GREEN or p in claimed:
                raise BoundFault(f"{name}: claim {j} named for guess {word.upper()} is not one of its classes"
                                 + (" (two claims for one class)" if p in claimed else ""))
            a, b = by_pattern[p]
            members = np.sort(S[order[a:b]])
            if not np.array_equal(members, Sj):
                raise BoundFault(f"{name}: claim {j} named for guess {word.upper()} is not one of its classes")
            if left_j < h:
                raise BoundFault(f"{name}: claim {j} has {left_j} guesses left, its class after "
                                 f"{word.upper()} has {h}")
            if self.mode == "hard" and not asks_at_least(join_rules(*rule, *hard_rule(word, p)), rule_j):
                raise BoundFault(f"{name}: claim {j} asks more of a guess than its class after {word.upper()} does")
            claimed[p] = v_j
        total = float(S.shape[0])
        for p, (a, b) in by_pattern.items():
            if p == ALL_GREEN:
                continue
            class_rule = join_rules(*rule, *hard_rule(word, p)) if self.mode == "hard" else NO_RULE
            if b - a == 1 or h < 2:
                f = 1 if b - a == 1 and h >= 1 else INF
            else:
                members = np.sort(S[order[a:b]])
                key = (members.tobytes(), class_rule)
                f = floors.get(key)
                if f is None:
                    f = self.floor(members, h, self.allowed(class_rule))
                    floors[key] = f
            total += max(f, claimed.get(p, 0))
            if total == INF:
                break
        return total


_REPLY = {"B": 0, "Y": 1, "G": 2}


def _state_node(raw, guesses, answers, mode: str, max_guesses: int) -> tuple:
    """A state's certificate's goal node from its header's history: (history, answers, rule).

    The answers are those whose replies, by the checker's own table, to each guess played are
    the ones stated; in hard mode the rule is the pairs' conjunction, each guess obeying the rule
    of the pairs before it (a history hard mode cannot play is no state of its game).
    """
    try:
        history = tuple((str(g), str(p)) for g, p in raw)
    except (TypeError, ValueError):
        raise BoundFault(f"the header's history is malformed: {raw!r}") from None
    if not history or len(history) >= max_guesses:
        raise BoundFault(f"a state's certificate plays at least one guess and fewer than its {max_guesses}")
    codes = []
    for g, p in history:
        if g not in guesses:
            raise BoundFault(f"the history's guess {g!r} is not in the guess list")
        if len(p) != 5 or any(c not in _REPLY for c in p):
            raise BoundFault(f"the history's reply {p!r} to {g.upper()} is not 5 of B, Y, G")
        codes.append(sum(_REPLY[c] * 3 ** (4 - i) for i, c in enumerate(p)))
    table = pattern_table([g for g, _ in history], answers)
    keep = (table == np.array(codes, table.dtype)[:, None]).all(axis=0)
    S = np.flatnonzero(keep).astype(np.int64)
    if S.shape[0] == 0:
        raise BoundFault("no answer fits the header's history")
    rule = NO_RULE
    if mode == "hard":
        for (g, _), code in zip(history, codes):
            if not obeys(rule, g):
                raise BoundFault(f"the history's guess {g.upper()} is not allowed in hard mode after the guesses before it")
            rule = rule_after(*rule, g, code)
    return history, S, rule


def check_lower_bound(source, guesses, answers, progress=None) -> BoundReport:
    """Check a lower-bound certificate (module docstring) against the word lists, streaming its claims.

    Parameters
    ----------
    source : str, Path or binary stream
        The certificate file, gzip-compressed or plain JSON lines.
    guesses, answers : sequence of str
        The word lists the certificate's indices refer to, checked by their digest (their names
        may differ: a list read from a file is the named list of the same words).
    progress : callable, optional
        Called with the number of claims checked, every thousand claims.

    Returns
    -------
    BoundReport
        What the goal claim proves.

    Raises
    ------
    BoundFault
        The first claim that fails, or a malformed file, named in one line.

    Examples
    --------
    >>> import io, gzip
    >>> words = ["aback", "abase", "abate"]
    >>> w = CertificateWriter(io.BytesIO(), "easy", "three", words, words, 6, None, 5)
    >>> w.claim([0, 1, 2], 6, 5, [])
    0
    >>> w.close()
    >>> check_lower_bound(io.BytesIO(w.stream.getvalue()), words, words).statement()
    'every strategy that finds every answer of three within 6 guesses in easy mode totals at least 5'
    """
    t0 = time.perf_counter()
    guesses, answers = list(guesses), list(answers)
    with _open(source) as f:
        try:
            header = json.loads(f.readline())
        except (json.JSONDecodeError, EOFError, OSError, UnicodeDecodeError) as e:
            raise BoundFault(f"the certificate's header is not JSON: {e}") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise BoundFault("not a wordlelab lower-bound certificate (its header names another format)")
        version = header.get("version")
        if version not in (VERSION, RANKING_VERSION, STATE_VERSION):
            raise BoundFault(f"certificate version {version!r}, this checker reads {VERSION}, {RANKING_VERSION} "
                             f"and {STATE_VERSION}")
        # version 3 is version 1 or 2 from a state: a ranking's when its header names best words
        ranking = version == RANKING_VERSION or (version == STATE_VERSION and header.get("best") is not None)
        try:
            mode, max_guesses, n_claims = check_mode(header["mode"]), header["max_guesses"], header["claims"]
            value = _value(header["value"], "the header")
            start = header.get("start")
            best = tuple(header["best"]) if ranking else ()
            others = _value(header["others"], "the header's others") if ranking else None
            if isinstance(max_guesses, bool) or not isinstance(max_guesses, int) or max_guesses < 1:
                raise TypeError(f"max_guesses {max_guesses!r}")
        except (KeyError, TypeError, WordleError) as e:
            raise BoundFault(f"the certificate's header is malformed ({e})") from None
        if ranking and (start is not None or not best or len(set(best)) != len(best)
                        or any(w not in guesses for w in best)):
            raise BoundFault("a ranking's certificate names no first guess and at least one best word of the "
                             "guess list, each once")
        if mode == "strict":
            raise BoundFault("the checker reads easy- and hard-mode certificates only")
        history, goal_answers, goal_rule = (), np.arange(len(answers)), NO_RULE
        if version == STATE_VERSION:
            history, goal_answers, goal_rule = _state_node(header.get("history"), guesses, answers, mode, max_guesses)
        elif header.get("history"):
            raise BoundFault(f"a version {version} certificate has no history (a state's is version {STATE_VERSION})")
        if header.get("lists_sha256") != lists_digest(guesses, answers):
            raise BoundFault(f"the certificate was made for other word lists than these (header: "
                             f"{header.get('lists')!r}); its indices would name other words")
        only, held = None, None
        if best:
            held = {guesses.index(w): value for w in best}
        if start is not None:
            if start not in guesses:
                raise BoundFault(f"the first guess {start!r} is not in the guess list")
            only = guesses.index(start)
        checker = _Checker(guesses, answers, header)
        i = -1
        last = None
        try:
            for i, line in enumerate(f):
                if i >= n_claims:
                    raise BoundFault(f"the file holds more claims than the {n_claims} its header states")
                S, left, v, rule, groups = checker.read(line, i)
                goal = i == n_claims - 1
                checker.check(i, S, left, v, rule, groups, only if goal else None, held if goal else None)
                last = (S, left, v, rule)
                if progress and (i + 1) % 1000 == 0:
                    progress(i + 1)
        except (EOFError, OSError, gzip.BadGzipFile) as e:
            raise BoundFault(f"the certificate is damaged after claim {i}: {e}") from None
    if i + 1 != n_claims or last is None:
        raise BoundFault(f"the certificate ends after {i + 1} claims, its header states {n_claims}")
    S, left, v, rule = last
    goal_value = others if best else value
    goal_left = max_guesses - len(history)
    # rules compared as sets of requirements: the same rule, whatever order the file lists them in
    same_rule = asks_at_least(rule, goal_rule) and asks_at_least(goal_rule, rule)
    if not np.array_equal(S, goal_answers) or left != goal_left or not same_rule or v != goal_value:
        node = (f"the {goal_answers.shape[0]} answers its history leaves, {goal_left} guesses left, its rule"
                if history else f"every answer, {max_guesses} guesses left, no rule")
        raise BoundFault(f"the goal (claim {n_claims - 1}) is not the header's: {node}, at least {_shown(goal_value)}")
    return BoundReport(mode, header.get("lists") or "", max_guesses, start, value, n_claims,
                       checker.guesses_checked, time.perf_counter() - t0, best, others, history,
                       int(goal_answers.shape[0]) if history else None)


class CertificateWriter:
    """Writes a certificate, claim by claim, in the module's format (gzip JSON lines); with ``best``
    and ``others``, a ranking's (version 2); after :meth:`from_state`, a state's (version 3).

    The header states the number of claims, so the claims are kept in a temporary list until
    :meth:`close`; a producer calls :meth:`claim` children first, the goal last.
    """

    def __init__(self, stream, mode: str, lists_name: str, guesses, answers, max_guesses: int,
                 start: str | None, value, best=(), others=None):
        self.stream = stream
        self.header = {"format": FORMAT, "version": RANKING_VERSION if best else VERSION, "mode": mode,
                       "lists": lists_name, "lists_sha256": lists_digest(guesses, answers),
                       "max_guesses": max_guesses, "start": start, "value": "inf" if value == INF else int(value)}
        if best:
            # a ranking's (module docstring): its goal's at_least is ``others``
            self.header.update(best=list(best), others="inf" if others == INF else int(others))
        self.lines: list[str] = []

    def from_state(self, history) -> None:
        """Make the certificate a state's (version 3): ``history`` is its (guess, "BBBYB") pairs, at least
        one; the goal, written last, is the node they leave."""
        self.header.update(version=STATE_VERSION, history=[[str(g), str(p)] for g, p in history])

    def claim(self, answers, left: int, at_least, groups, rule=NO_RULE) -> int:
        """Add one claim; ``groups`` are (guess indices, claim ids) pairs. Returns its id."""
        i = len(self.lines)
        row = {"id": i, "answers": [int(a) for a in answers], "left": int(left),
               "at_least": "inf" if at_least == INF else int(at_least),
               "by": [[[int(x) for x in X], [int(j) for j in C]] for X, C in groups]}
        if rule != NO_RULE:
            row["rule"] = [[list(g) for g in rule[0]], [list(c) for c in rule[1]]]
        self.lines.append(json.dumps(row, separators=(",", ":")))
        return i

    def close(self) -> None:
        """Write the header (with the number of claims) and every claim, gzip-compressed."""
        with gzip.GzipFile(fileobj=self.stream, mode="wb", mtime=0) as z:
            z.write((json.dumps({**self.header, "claims": len(self.lines)}) + "\n").encode())
            for line in self.lines:
                z.write((line + "\n").encode())
