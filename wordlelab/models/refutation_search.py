"""The exhaustive search behind :func:`~wordlelab.models.refutation.check_core`: does no strategy
find every answer of C within d guesses after H? It shares nothing with the searchers but the
rule statements (a ``hint`` from a searcher may order its work, never decide anything):
pure-Python :func:`~wordlelab.models.feedback.feedback` (its table summed letter by letter,
Lemma 1 of :mod:`~wordlelab.models.class_table`) and
:func:`~wordlelab.models.modes.hard_allowed` (:func:`~wordlelab.models.modes.hard_ok` for a
list), whose requirements (:func:`~wordlelab.models.modes.obeys`) it intersects as sets below
the first node (:meth:`Search.allowed`). Its shortcuts are proved in place:

- one answer left: guess it;
- n answers with n ≤ d: guess them one at a time. Each is consistent with every pattern so far,
  so hard mode allows it: an earlier green letter is in place in it, and an earlier green or
  yellow letter occurs in it at least as often as that pattern shows;
- n ≥ 2 answers and d = 1: impossible;
- n ≥ 3 answers and d = 2: possible exactly when one allowed guess gives them n different
  patterns (Lemma 2 of :mod:`~wordlelab.models.class_table`, proved there; hard mode allows the
  answer left after it, as above). The guesses telling each pair apart are intersected as bit
  sets, and the pairs whose sets already meet in nothing name a witness, kept as any refuted
  set (in easy mode before the endgame bound, which adds nothing there);
- in easy mode, a guess that gives every answer of a witness already refuted with d - 1 or more
  left one pattern fails by monotonicity, with that witness, before its classes are built;
- Selby's endgame bound (part 2, "Endgame analysis"), proved in
  :mod:`~wordlelab.models.endgame_families`, on each *endgame* of more
  than d of the answers (answers equal in four positions), largest first, worked out here from
  the pure-Python patterns, not from the kernels' form of it. The endgame it refutes is kept,
  not the answers: by monotonicity it refutes every set holding it, with no more guesses left,
  under a rule asking at least as much (UMBRA's 185-answer core within 6: 1389 nodes, where
  the largest endgame alone, with the answers kept, took 2777);
- Selby's trial run: if that endgame alone cannot be found in time, neither can the answers
  holding it (monotonicity);
- a guess that gives every answer left one pattern, not all green, is never needed: if the
  answers could be found within d - 1 more after it, under its stricter rule, the same
  strategy finds them within d - 1 without it (a stricter rule allows fewer guesses later, so
  each of them was allowed anyway), and so some guess that tells answers apart (or guesses
  one) starts a strategy within d. Trying it can only repeat that guess's verdict.

Otherwise every allowed guess is tried, and it works when each class it leaves (its own
all-green answer aside) can be done within d - 1 after its pattern. Results are kept by
(answers, constraint, d). The constraint is the greens by position and the least count of each
revealed letter: hard mode's rule for a history is the conjunction of the rules of its pairs,
which is exactly those greens and, for each letter, the largest count any pair asks for, so two
histories with one constraint allow the same guesses. Guesses that split the answers alike and
leave the same constraints are the same move, and are tried once. A set found impossible is
kept for monotonicity as its *witness*, the union of the refuted parts its guesses failed on,
which is impossible too (proved at :meth:`Search.refutation`) and often far smaller.

It relies on the monotonicity of both modes in the answers, stated and proved in
:mod:`~wordlelab.models.refutation`.
"""
from __future__ import annotations

import heapq
from collections import Counter
from operator import itemgetter

from wordlelab.errors import WordleError
from wordlelab.models.endgame_families import EndgameFamilies
from wordlelab.models.feedback import ALL_GREEN
from wordlelab.models.modes import hard_rule, join_rules
from wordlelab.models.refuted_sets import RefutedSets
from wordlelab.models.class_table import Separations, distinct_rows, pattern_rows

# guesses whose values on an endgame are read before Selby's bound is drawn in easy mode
ENOUGH_APART_TRIES = 30
ONE_CLASS: list = []     # the classes of a guess that leaves every answer in one class
NO_RULE: tuple = ((), ())   # easy mode's constraint after any history: no green, no least count


def _no_rule(guess: str, pattern: int) -> tuple:
    """Easy mode's rule after a pair: none (every guess stays allowed)."""
    return NO_RULE


class CoreFault(WordleError):
    """A core that does not prove what it claims; the message says why."""


class CheckTooLong(WordleError):
    """The checker reached its node or work limit without deciding: nothing is proven.
    ``budget`` says which: ``"nodes"`` or ``"work"``."""

    def __init__(self, message: str, budget: str = "nodes"):
        super().__init__(message)
        self.budget = budget


class Search:
    """The exhaustive search of :func:`~wordlelab.models.refutation.check_core`, with its memo and node count.

    Answers are indices into ``words``; ``patterns[u][i]`` is the pattern guess ``u`` gets from
    answer ``i`` (pure-Python feedback, computed once for every guess the first node allows,
    which includes every guess allowed below it).
    """

    def __init__(self, words: tuple, allowed: list, node_limit: int, endgame_bound: bool,
                 work_limit: int | None = None, hint=None, mode: str = "hard", reply=None):
        # work: patterns read, |allowed| x |answers| for the table and again at each node (the
        # cost that grows with a core; a deterministic stand-in for time)
        self.work = len(allowed) * len(words)
        self.work_limit = work_limit
        if work_limit is not None and self.work > work_limit:
            raise CheckTooLong(f"the core check's table alone ({self.work} patterns) is over its work limit", "work")
        self.words = words
        self.root_allowed = allowed     # the first node's guesses: those its constraint allows
        self.meeting: dict = {}         # requirement -> positions in root_allowed of the guesses meeting it
        # the table by Lemma 1 of :mod:`~wordlelab.models.class_table` (a pattern is a sum over
        # the guess's letters): each letter's part once, in place of a feedback() per cell. Another
        # game (``reply``: its rule, win as ALL_GREEN; easy mode, no endgame bound) has no letters:
        # each cell is its rule's reply
        if reply is None:
            self.patterns = pattern_rows(allowed, words)
        else:
            self.patterns = {u: tuple(reply(u, a) for a in words) for u in allowed}
        self.separations = None     # for the nodes with two guesses left (Lemma 2 there), once needed
        self.allowed_rows: dict = {}    # constraint -> the rows of self.separations it allows
        self.allowed_by_constraint: dict = {}
        self.positions_by_constraint: dict = {}     # ... and their positions in root_allowed (None: all)
        self.bits = [1 << i for i in range(len(words))]
        self.families = EndgameFamilies(words, allowed, self.patterns, self.bits)
        self.memo: dict = {}
        # the sets proven impossible, reused by monotonicity (:mod:`~wordlelab.models.refuted_sets`)
        self.kept = RefutedSets()
        self.endgame_values: dict = {}     # (endgame, constraint, d) -> whether the bound refutes it
        self.nodes = 0
        self.node_limit = node_limit
        self.endgame_bound = endgame_bound
        # hint(classes, rules, d) -> the index of the class to search first, or None: an order
        # only (see refutation.check_core), so that a refuted guess is settled by its failing class
        # without first solving the classes that do not fail
        self.hint = hint
        # on_refuted(guess, pattern, witness mask, d): told of each guess of the first node (the
        # check's own question, ``root``) refuted by a search here, not by a set kept already
        self.root = None
        self.on_refuted = None
        # each (guess, pattern) seen -> the number of its rule (hard_rule), each rule numbered once
        self.rule_ids: dict[tuple, int] = {}
        self.rule_numbers: dict[tuple, int] = {}
        self.rules: list[tuple] = []
        # the rule a (guess, pattern) pair adds: none in easy mode, where every guess stays allowed
        self.rule_of = hard_rule if mode == "hard" else _no_rule

    def allowed(self, constraint: tuple) -> list:
        """The first node's guesses that keep ``constraint``, in their order.

        They are the guesses :func:`~wordlelab.models.modes.hard_allowed` leaves of the parent's
        list after the last pair: the parent's list is the first node's guesses that keep the
        parent's constraint, and the child's constraint is that one joined with the last pair's
        rule. A guess keeps a constraint when it meets each requirement
        (:func:`~wordlelab.models.modes.obeys`): a green letter in its place, a letter at least
        n times. The guesses meeting one requirement are listed once, as a set of positions,
        and a constraint's guesses are the intersection of its requirements' sets (C-level set
        operations in place of one rule check per guess and constraint).
        """
        got = self.allowed_by_constraint.get(constraint)
        if got is not None:
            return got
        root = self.root_allowed
        greens, need = constraint
        sets = [self._meeting(("green", k, letter), lambda g, k=k, letter=letter: g[k] == letter)
                for k, letter in greens]
        sets += [self._meeting(("count", letter, n), lambda g, letter=letter, n=n: g.count(letter) >= n)
                 for letter, n in need]
        positions = None
        if sets:
            sets.sort(key=len)
            positions = sets[0].intersection(*sets[1:])
            got = [root[i] for i in sorted(positions)]
        else:
            got = root
        self.allowed_by_constraint[constraint] = got
        self.positions_by_constraint[constraint] = positions
        return got

    def inseparable(self, answers: tuple, constraint: tuple) -> int:
        """0 if a guess ``constraint`` allows gives the answers different patterns, else the mask of
        a part of them that no such guess splits into singletons (cannot be found within 2).

        In easy mode the rows are the first node's guesses' distinct rows: a guess is allowed
        everywhere, and guesses with one row split every subset alike. In hard mode each guess
        keeps its row, and the constraint's guesses are picked out of them."""
        if self.separations is None:
            if self.rule_of is _no_rule:
                self.separations = Separations(distinct_rows(self.patterns, self.root_allowed))
            else:
                self.separations = Separations([self.patterns[u] for u in self.root_allowed])
        rows = self.allowed_rows.get(constraint)
        if rows is None:
            self.allowed(constraint)
            positions = self.positions_by_constraint[constraint] if self.rule_of is not _no_rule else None
            if positions is None:
                rows = self.separations.every
            else:
                rows = self.separations.mask_of(positions)
            self.allowed_rows[constraint] = rows
        if not rows:
            return sum(map(self.bits.__getitem__, answers[:2]))     # no guess at all: two answers stay
        return self.separations.inseparable(answers, rows)

    def _meeting(self, key: tuple, meets) -> set:
        found = self.meeting.get(key)
        if found is None:
            found = self.meeting[key] = {i for i, g in enumerate(self.root_allowed) if meets(g)}
        return found

    def endgame_refutes(self, answers: tuple, constraint: tuple, d: int) -> int:
        """The mask of an endgame of more than d of ``answers`` that the endgame bound refutes, or
        0 (the endgame is kept as refuted: by monotonicity it refutes the answers and any set
        holding it)."""
        for endgame in self.families.endgames_of(answers):
            if len(endgame) <= d:
                return 0
            if self.endgame_too_big(endgame, constraint, d):
                mask = sum(map(self.bits.__getitem__, endgame))
                self.kept.keep(mask, constraint, d)
                return mask
        return 0

    def endgame_too_big(self, endgame: tuple, constraint: tuple, d: int) -> bool:
        """Selby's endgame bound (:mod:`~wordlelab.models.endgame_families`): the answers
        ``endgame``, equal in four positions, cannot be told apart by d - 1 of the guesses
        ``constraint`` allows."""
        key = (endgame, constraint, d)
        known = self.endgame_values.get(key)
        if known is None and self.rule_of is _no_rule and self.enough_apart(endgame, d):
            known = self.endgame_values[key] = False
        if known is None:
            self.allowed(constraint)
            top = self.families.top_values(endgame, self.positions_by_constraint[constraint], d - 1,
                                           enough=len(endgame) - 1)
            known = self.endgame_values[key] = sum(top) < len(endgame) - 1
        return known

    def enough_apart(self, endgame: tuple, d: int) -> bool:
        """Whether a few guesses (easy mode: every guess allowed) already tell ``endgame`` apart
        so well that the bound cannot refute it: d - 1 of them whose values n(E, w) - 1 sum to
        |E| - 1 or more (the d - 1 largest values sum to at least as much). Those holding the
        most of the endgame's letters at its open position are tried: the bound then needs
        no groups of every guess (:meth:`EndgameFamilies.singles_groups`), which rarely refute
        with every guess allowed. A no here decides nothing: the bound is drawn in full."""
        a, b = self.words[endgame[0]], self.words[endgame[1]]
        p = next(k for k in range(len(a)) if a[k] != b[k])
        letters = {self.words[i][p] for i in endgame}
        tried = heapq.nlargest(ENOUGH_APART_TRIES, self.root_allowed, key=lambda g: len(letters.intersection(g)))
        pick = itemgetter(*endgame)
        values = heapq.nlargest(d - 1, (len(set(pick(self.patterns[g]))) - 1 for g in tried))
        return sum(values) >= len(endgame) - 1

    def refuted_at_once(self, answers: tuple, constraint: tuple, d: int, decide_two: bool = True) -> int:
        """What :meth:`refutation` would return without trying a guess one by one, when it is a
        no: the witness of a kept no, a kept refuted set inside the answers (monotonicity), an
        endgame the bound refutes, or, with two guesses left and ``decide_two``, the exact test
        of Lemma 2 (:mod:`~wordlelab.models.class_table`; counted as a node, as in
        :meth:`refutation`, and a yes kept too, as the memo's 0); 0 otherwise. The no is kept."""
        n = len(answers)
        if n <= 1 or n <= d:
            return 0
        if d <= 1:
            return self.bits[answers[0]] | self.bits[answers[1]]
        key = (answers, constraint, d)
        known = self.memo.get(key)
        if known is not None:
            return known
        mask = sum(map(self.bits.__getitem__, answers))
        witness = self.kept.inside(answers, mask, constraint, d)
        if not witness and self.endgame_bound and self.draws_bound(d):
            witness = self.endgame_refutes(answers, constraint, d)
        if witness:
            self.memo[key] = witness      # implied by a kept set: not kept itself
            return witness
        if d == 2 and decide_two and key != self.root:
            self._count_node(len(self.allowed(constraint)) * n)
            return self.two_left(key, answers, constraint)
        return 0

    def draws_bound(self, d: int) -> bool:
        """Whether the endgame bound is drawn with d guesses left: always, but with two left in
        easy mode, where Lemma 2 decides exactly, and the bound's groups would read every guess
        once for each family (a family's value rarely falls short there, with every guess allowed)."""
        return d != 2 or self.rule_of is not _no_rule

    def two_left(self, key: tuple, answers: tuple, constraint: tuple) -> int:
        """Decide ``answers`` with two guesses left, by Lemma 2: 0 (kept in the memo) if an allowed
        guess gives them all different patterns, else the witness, kept."""
        witness = self.inseparable(answers, constraint)
        if witness:
            return self._refuted(key, witness)
        self.memo[key] = 0
        return 0

    def solvable(self, answers: tuple, allowed: list, constraint: tuple, d: int) -> bool:
        """Whether some strategy finds every one of ``answers`` within d guesses (``allowed``:
        the guesses ``constraint`` allows)."""
        return not self.refutation(answers, allowed, constraint, d)

    def refutation(self, answers: tuple, allowed: list, constraint: tuple, d: int) -> int:
        """0 if the answers can all be found within d guesses, else a *witness*: the mask of a
        subset of them that cannot, kept as refuted.

        Why a refuted set's witness may be the union U of its guesses' witnesses: each guess u
        failed on a class C_u of the answers because a subset K_u of C_u cannot be found within
        d - 1 after u's pattern. On U the answers of K_u still share that pattern, so u's class of
        U holds K_u, under the same rule, and fails by monotonicity. A guess skipped as telling
        nothing apart tells nothing apart in U either, and one skipped as the same move as an
        earlier guess splits U as that guess does. So every guess fails on U. Keeping U rather
        than the answers lets monotonicity refute far more sets: U is often a few small cores
        where the answers are hundreds.
        """
        n = len(answers)
        bits = self.bits
        if d == 0:
            return 0 if n == 0 else bits[answers[0]]
        if n <= 1 or n <= d:
            return 0
        if d == 1:
            return bits[answers[0]] | bits[answers[1]]     # two answers, one guess
        key = (answers, constraint, d)
        known = self.memo.get(key)
        if known is not None:
            return known
        mask = sum(map(bits.__getitem__, answers))
        witness = self.kept.inside(answers, mask, constraint, d)
        if witness:
            self.memo[key] = witness
            return witness
        self._count_node(len(allowed) * n)
        if self.endgame_bound and self.draws_bound(d):
            witness = self.endgame_refutes(answers, constraint, d)
            if witness:
                self.memo[key] = witness
                return witness
            endgames = self.families.endgames_of(answers)
            endgame = endgames[0] if endgames else ()
            if d < len(endgame) < n and d != 2:
                # if the endgame alone cannot be found in time, neither can the answers holding
                # it (monotonicity); the endgame's witness is kept, and is this set's
                witness = self.refutation(endgame, allowed, constraint, d)
                if witness:
                    self.memo[key] = witness
                    return witness
        if d == 2 and key != self.root:
            # two guesses left: some allowed guess must give the answers n different patterns
            # (Lemma 2 of class_table); the part no allowed guess splits is the witness
            return self.two_left(key, answers, constraint)
        if self.rule_of is _no_rule:
            return self._easy_refutation(key, answers, allowed, d, mask)
        greens, need = constraint
        pick = itemgetter(*answers)     # n ≥ 2 here, so it returns a tuple
        # each set of classes seen at this node, by its patterns: (its number here, its classes)
        classes_by_patterns: dict[tuple, tuple] = {}
        # a pair's rule by its number (self.rule_ids), joined with this node's constraint: (the
        # constraint after, its number here); moves are compared by these small numbers, so that
        # each guess hashes its n patterns once
        after_by_rule: dict[int, tuple] = {}
        constraint_ids: dict[tuple, int] = {}
        rule_ids = self.rule_ids
        # moves tried, by (classes number, constraint numbers), and by (classes number, rule numbers): two sets, as
        # the two kinds of key are alike in shape and must never be taken for each other
        tried, tried_rules = set(), set()
        witness = 0
        for u in allowed:
            patterns = pick(self.patterns[u])
            seen = classes_by_patterns.get(patterns)
            if seen is None:            # classes not seen at this node: largest first
                by_pattern: dict[int, list] = {}
                for i, p in zip(answers, patterns):
                    by_pattern.setdefault(p, []).append(i)
                if len(by_pattern) == 1 and ALL_GREEN not in by_pattern:
                    classes = ONE_CLASS  # tells nothing apart: never needed (module docstring)
                else:
                    by_pattern.pop(ALL_GREEN, None)
                    if all(len(c) <= d - 1 for c in by_pattern.values()):
                        classes = None      # every class small enough to guess its answers in turn
                    else:
                        classes = sorted(((p, tuple(c)) for p, c in by_pattern.items()), key=lambda pc: -len(pc[1]))
                seen = classes_by_patterns[patterns] = (len(classes_by_patterns), classes)
            classes_id, classes = seen
            if classes is None:
                self.memo[key] = 0
                return 0
            if classes is ONE_CLASS:
                continue
            rules_of_pairs = []
            for p, _ in classes:
                r = rule_ids.get((u, p))
                if r is None:       # numbered by its value: two pairs with one rule, one number
                    rule = self.rule_of(u, p)
                    r = rule_ids[(u, p)] = self.rule_numbers.setdefault(rule, len(self.rules))
                    if r == len(self.rules):
                        self.rules.append(rule)
                rules_of_pairs.append(r)
            first_test = (classes_id, tuple(rules_of_pairs))
            if first_test in tried_rules:     # (a cheap first test of the same move)
                continue
            after = []
            for r in rules_of_pairs:
                got = after_by_rule.get(r)
                if got is None:
                    rule = join_rules(greens, need, *self.rules[r])
                    got = after_by_rule[r] = (rule, constraint_ids.setdefault(rule, len(constraint_ids)))
                after.append(got)
            move = (classes_id, tuple(c for _, c in after))  # same classes, same constraints after it: the same move
            if move in tried:
                continue
            tried.add(move)
            tried_rules.add(first_test)
            children = [(c, rule, p) for (p, c), (rule, _) in zip(classes, after)]
            failed = self._move_fails(key, u, children, d, self.allowed)
            if not failed:
                self.memo[key] = 0
                return 0
            witness |= failed
        return self._refuted(key, witness or mask)

    def _move_fails(self, key: tuple, u: str, children: list, d: int, allowed_after) -> int:
        """The witness of a class of guess ``u`` that cannot be found within d - 1, or 0 when each
        can (then so can the node's answers). ``children`` are the classes as (answers, rule
        after, pattern), largest first; ``allowed_after(rule)`` the guesses a class may use."""
        # one failing class refutes the guess: first look for one the memo, monotonicity or the
        # endgame bound refutes at once, before searching any class
        for c, rule, _ in children:
            # (the first node's classes with two guesses left are searched below, where
            # on_refuted hears of them)
            failed = self.refuted_at_once(c, rule, d - 1, key != self.root)
            if failed:
                return failed
        # then largest class first: the one most likely to fail, which settles the guess (or the
        # class the hint names first)
        if self.hint is not None and len(children) > 1:
            first = self.hint([c for c, _, _ in children], [rule for _, rule, _ in children], d - 1)
            if isinstance(first, int) and 0 < first < len(children):    # anything else: no hint
                children.insert(0, children.pop(first))
        for c, rule, p in children:
            failed = self.refutation(c, allowed_after(rule), rule, d - 1)
            if failed:
                if self.on_refuted is not None and key == self.root:
                    self.on_refuted(u, p, failed, d - 1)
                return failed
        return 0

    def _count_node(self, work: int) -> None:
        """Count a node that reads ``work`` patterns; CheckTooLong past a limit."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise CheckTooLong(f"the core check visited {self.node_limit} nodes without deciding")
        self.work += work
        if self.work_limit is not None and self.work > self.work_limit:
            raise CheckTooLong(f"the core check read {self.work_limit} patterns without deciding", "work")

    def _refuted(self, key: tuple, witness: int) -> int:
        """Keep a node every guess failed on (a set no guess could be tried on is its own
        witness, passed as ``witness``)."""
        _, constraint, d = key
        self.memo[key] = witness
        self.kept.keep(witness, constraint, d)
        return witness

    def _easy_refutation(self, key: tuple, answers: tuple, allowed: list, d: int, mask: int) -> int:
        """:meth:`refutation`'s guesses in easy mode, where no rule tells two guesses apart.

        A move is then its classes alone, and only its classes of more than d - 1 answers can fail
        (the others are guessed in turn), so guesses whose such classes agree are one move.
        Its children are given only this node's *distinct* guesses, the first of each way to
        split the answers that tells some apart: two guesses that give every answer here the
        same pattern do so on every subset, and one that splits nothing here splits nothing
        there (so the child's verdict is the one the whole guess list gives, and so is its
        witness, a subset of its answers).
        """
        pick = itemgetter(*answers)     # n ≥ 2 here, so it returns a tuple
        patterns_seen: set = set()
        distinct: list = []         # the guesses handed to the children
        rows: list = []             # (guess, its row, its patterns here), of those guesses
        for u in allowed:
            row = self.patterns[u]
            patterns = pick(row)
            if patterns in patterns_seen:
                continue
            patterns_seen.add(patterns)
            if len(set(patterns)) == 1:
                continue            # tells nothing apart: never needed (module docstring)
            if max(Counter(patterns).values()) < d:
                self.memo[key] = 0  # every class small enough to guess its answers in turn
                return 0
            distinct.append(u)
            rows.append((u, row, patterns))
        # witnesses inside these answers, refuted with d - 1 or more left, each with its answers'
        # getter: a guess giving all of one the same pattern fails on the class holding it (a
        # witness has two or more answers, so the pattern is not all green), by monotonicity,
        # with that witness as its own. The one that last refuted a guess is tried first
        outside = ~mask
        known = [(m, itemgetter(*(i for i in answers if m >> i & 1)))
                 for left, _, m in self.kept if left >= d - 1 and not m & outside and m & (m - 1)]
        moves_seen: set = set()
        witness = 0
        for u, row, patterns in rows:
            for at, (m, get) in enumerate(known):
                if len(set(get(row))) == 1:
                    witness |= m
                    if at:
                        known.insert(0, known.pop(at))
                    break
            else:
                by_pattern: dict[int, list] = {}
                for i, p in zip(answers, patterns):
                    by_pattern.setdefault(p, []).append(i)
                by_pattern.pop(ALL_GREEN, None)
                big = sorted((tuple(c) + (p,) for p, c in by_pattern.items() if len(c) >= d), key=len, reverse=True)
                move = tuple(c[:-1] for c in big)   # (each class ends in its pattern, for on_refuted)
                if move in moves_seen:
                    continue
                moves_seen.add(move)
                failed = self._move_fails(key, u, [(c[:-1], NO_RULE, c[-1]) for c in big], d, lambda _: distinct)
                if not failed:
                    self.memo[key] = 0
                    return 0
                witness |= failed
                if failed & outside == 0 and failed & (failed - 1):
                    known.insert(0, (failed, itemgetter(*(i for i in answers if failed >> i & 1))))
        return self._refuted(key, witness or mask)
