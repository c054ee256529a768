"""Certificates of a no in hard mode: a core, found by the depth search and checked in pure Python.

Hard mode learns no cores during the search (:mod:`~wordlelab.solvers.search.engine.core_prover` is
easy mode's), so a no needs its certificate made afterwards. The theorem is the one
:mod:`wordlelab.models.refutation` states: after a history, the guesses hard mode allows do
not depend on the answers left, so if a subset C of one class after first word w cannot be
found within d guesses, neither can the class, and w fails within d + 1.

The search that refuted w names the class that failed. :func:`minimal_core` shrinks it by
deletion: an answer is dropped when the depth search still refutes the rest (a search that hits
its node limit keeps the answer, which costs only size), so no single answer can be dropped from
what is left, unless a budget stopped the deletions or the class was too large to start them
(then the core is checked within a budget of work). The cores are mostly small: seven answers
that differ in one letter, with every other letter fixed green, are typical (BATCH, CATCH,
HATCH, ... after NAUCH). Then :func:`~wordlelab.models.refutation.check_first_word_core`
re-decides the core by its own
exhaustive search, sharing nothing with the kernels but the rule statements, before the no is
reported (for a large core the kernels' depth search may tell it which class to search first,
:class:`KernelHint`: an order, never a verdict). A class too large to shrink grows its core instead from the guesses that beat it
(:func:`grow_core`), and hands the checker lemmas, one small refuted core per guess, to decide
first (:func:`cover_guesses`).
"""
from __future__ import annotations

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, pattern_string
from wordlelab.solvers.search.depth.core_bank import BANK_MAX_CORE
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import REFUTED, Stat, new_stats, new_table



# each deletion's depth search stops here (then the answer stays in the core)
TRIAL_NODES = 1 << 20
GROW_NODES = 1 << 17          # each search while a seed is grown (a seed it stops is grown further)
CORE_NODES = 1 << 25          # all the searches for one core: past it, the deletions stop
# ... or past this many pattern-matrix cells read, whichever comes first. A node's cost grows with
# its answers and guesses: a node of BIJOU's failing class (1034 answers, every word an answer)
# reads thousands of times the cells a node of a 7-answer core's search reads, so a node count
# alone let one word's deletions run 20 to 45 minutes (then about 10^7 cells a second here; since
# the endgame bound reads its guesses ranked, about 5·10^7: BOART's grown core and the lemmas
# for all 1642 guesses of its class read 2·10^9 cells by the 71st lemma, of 185)
CORE_CELLS = 10**10
CORE_TABLE_ENTRIES = 1 << 18
# the cores of other guesses at the same node tried as a seed (see minimal_core), latest first
SEED_TRIES = 8
# a failing class this large is checked whole, not shrunk (see minimal_core)
DELETE_AT_MOST = 500
# ... and at a state, one this large is grown instead: after MUJIK BBBBB, INORB's class of 316
# answers took 220 s of deletions (stopped by CORE_NODES, 97 answers) and 54 s of checking, and
# grown 51 s and 22 s (63 answers, 176 lemmas); OUGHT's and OPIUM's, 44 s and 6.5 s deleted
# against 20 s and 2.4 s grown (2026-12-03, each beside two other searches on two cores)
STATE_DELETE_AT_MOST = 200
# a part of a class shared with other guesses (state_monotone.shared_part) this large is checked
# whole, neither grown nor shrunk: the bisection picks the part of the most guesses that is still
# refuted, so it is barely refuted, and growing a core in it ran out of its budget every time.
# After IMPOT BBBBB, each of 15 parts of 418 to 805 answers spent about 250 s growing first
# (BOEUF's part of 521: 1578 of 5705 guesses given lemmas in 206 s), then was checked whole in
# about 170 s (2026-12-04)
SHARED_WHOLE_FROM = 400
# a core left unfinished (refuted, perhaps not minimal) is checked with this many pattern reads
# at most (the checker's work: |guesses| x |answers| at each node). AQUAE's whole failing class,
# 788 answers, took 5.4e7 in 197 s; past the limit the word stays unknown
UNFINISHED_CHECK_WORK = 2 * 10**8
# the depth search behind each of the checker's hints stops here (then the hint is "none")
HINT_NODES = 1 << 14
# a core this large is checked with the depth search's hints (a smaller one is quick without)
HINT_FROM = 100


def minimal_core(searcher, members: np.ndarray, Lc: np.ndarray, d: int, table=None,
                 stats=None, grow: bool = True, grow_only: bool = False, seeds=(),
                 whole: bool = False) -> tuple[np.ndarray, bool, list]:
    """(core, minimal): answers of ``members`` (one class, refuted within ``d`` guesses with
    guess list ``Lc``) that the depth search still refutes, and whether none of them can be
    dropped (False when a budget or the class's size stopped the deletions).

    The deletions start from a small refuted set when one is found cheaply, else from the whole
    class. The seed is the class's largest endgame (answers equal in four positions; Selby's
    trial run), which alone is often refuted. If it is not, the answers nearest to it (fewest
    letters apart) are added in doubling numbers until the set is refuted: searches on small
    sets are short whichever way they end, while deleting from a class of hundreds costs searches
    of half the class that mostly succeed. BLEAT within 7 (hard, every word an answer): the class
    of 200 gave a core of 16 in 60 s by deletion alone, and one of 20 in 1.6 s grown from the
    9 LA?ED. A class of more than ``DELETE_AT_MOST`` answers grows its seed instead from the
    guesses that beat it (:func:`grow_core`). Chunks of halving size are then dropped, then
    single answers: a typical core of 7 in a class of 30 takes 20 to 40 short searches. The
    searches share one table (``table``, or a new one): its entries hold for any subset, being
    keyed on the answers themselves. Once they have spent ``CORE_NODES`` (or read
    ``CORE_CELLS`` cells) in all, counted in ``stats`` (shared by the nested calls of
    :func:`grow_core`), the deletions stop, and the core is what is left: refuted, but perhaps
    not minimal. A grown core is returned as grown, with no deletions: the checker decides it
    at about the cost of its lemmas, while deletions from a hundred answers search sets that are
    mostly solvable. Without a refuted seed, a large class is returned whole (the checker then
    decides it within its work budget), as is one inside :func:`grow_core` (``grow`` False).
    ``grow_only`` treats ``members`` as large whatever its size: a union of kept cores refuted by
    :func:`~wordlelab.solvers.search.classes.start_probe.probe_classes` (hundreds of answers, refuted only
    after about 10^6 nodes, so that each deletion would cost as much again).
    ``whole`` returns ``members`` as they are unless a seed or the largest endgame is refuted
    (a shared part at a state, :data:`SHARED_WHOLE_FROM`): the checker decides the set whole.
    ``seeds`` are cores made before at the same node for other guesses, latest last: the first
    that lies in the class and is still refuted here is the core, as it is (not shown minimal;
    its check has the work budget of such cores). The guesses of one state often fail on the
    same few answers (after AMBAN YBBBB, families such as ?A?ES and ?A?KS), so most cores are
    then made with one short search instead of a class's deletions.
    Returns the core, whether it is minimal, and the lemmas of a grown core (for the checker's
    ``lemmas``).
    """
    # a set whose refutation was costly (``grow_only``: a union of kept cores, hundreds of answers
    # refuted in about 10^6 nodes) is treated as large: most deletions would cost as much again
    large = len(members) > DELETE_AT_MOST or grow_only or whole
    cache = new_table(CORE_TABLE_ENTRIES) if table is None else table
    stats = new_stats() if stats is None else stats

    def within_budget() -> bool:
        return stats[Stat.NODES] < CORE_NODES and stats[Stat.CELLS_SCANNED] < CORE_CELLS

    def search(answers: list, Lsearch: np.ndarray, depth: int, budget: int = TRIAL_NODES) -> int:
        sub = np.array(sorted(answers), np.int32)
        limit = int(stats[Stat.NODES]) + budget
        return int(K.depth_feasible(sub, Lsearch, depth, searcher.tables, cache, stats, limit,
                                    searcher.depth_rounds))

    def refuted(answers: list, budget: int = TRIAL_NODES) -> bool:
        if len(answers) <= d:        # guessing the answers in turn finds them all
            return False
        return search(answers, Lc, d, budget) == REFUTED

    core = [int(a) for a in members]
    endgame: list = []
    for seed in _fitting_seeds(seeds, members):
        if not within_budget():
            break
        if refuted(seed, GROW_NODES):
            # a core of another guess here, refuted here too: taken as it is. Deleting from it
            # cost more than its check does (AMBAN YBBBB: about 60% of the time, for cores of 10
            # to 24 answers that the checker decides in a second or two)
            return np.array(sorted(seed), np.int32), False, []
    ids = searcher.tables.eg[members]          # each answer's endgames (-1: none), one per position
    if (ids >= 0).any():
        values, counts = np.unique(ids[ids >= 0], return_counts=True)
        in_endgame = (ids == values[np.argmax(counts)]).any(axis=1)
        endgame = [int(a) for a in members[in_endgame]]
        letters = searcher.letters[searcher.ans_guess]
        apart = (letters[members[~in_endgame]][:, None, :] != letters[members[in_endgame]][None, :, :]).sum(-1)
        nearest = [int(a) for a in members[~in_endgame][np.argsort(apart.min(axis=1), kind="stable")]]
        k = 0
        # a large class tries its endgame alone (one short search), then grow_core
        while k <= (0 if large else len(nearest) - 1) and within_budget():
            seed = endgame + nearest[:k]
            if refuted(seed, GROW_NODES):
                core = seed
                break
            k = max(1, 2 * k)
    if whole and len(core) == len(members):
        return np.array(sorted(core), np.int32), False, []
    if large and len(core) == len(members) and grow:   # no small seed: grow one from the guesses that beat it
        lemmas: list = []
        grown = grow_core(searcher, members, Lc, d, endgame, search, cache, stats, within_budget, lemmas)
        if grown is None:
            return np.array(sorted(core), np.int32), False, []     # the whole class goes to the checker
        # no deletions: the checker decides the grown core at about the cost of its lemmas, while
        # deleting from a hundred answers costs searches of sets that are mostly solvable
        return np.array(grown, np.int32), False, lemmas
    chunk = max(1, len(core) // 2)
    minimal = False
    while within_budget():
        i = 0
        while i < len(core) and within_budget():
            trial = core[:i] + core[i + chunk:]
            if refuted(trial):
                core = trial
            else:
                i += chunk
        if chunk == 1:
            minimal = i >= len(core)
            break
        chunk //= 2
    return np.array(sorted(core), np.int32), minimal, []


def _fitting_seeds(seeds, members: np.ndarray, tries: int = SEED_TRIES):
    """The last ``tries`` distinct ``seeds`` (sorted arrays of answers) that lie within
    ``members`` and are smaller, latest first, as lists."""
    seen, tried = set(), 0
    for seed in reversed(seeds):
        key = seed.tobytes()
        if key in seen or not len(seed) < len(members):
            continue
        seen.add(key)
        if np.isin(seed, members, assume_unique=True).all():
            yield [int(a) for a in seed]
            tried += 1
            if tried >= tries:
                return


def grow_core(searcher, members: np.ndarray, Lc: np.ndarray, d: int, seed: list, search, table, stats,
              within_budget, lemmas: list) -> list | None:
    """A subset of ``members`` (a class refuted within ``d`` guesses with guess list ``Lc``) that
    the depth search refutes, grown from ``seed`` by the guesses that beat it; None if a budget
    stopped it first.

    Why it works: when guess g finds every answer of a set S within d, g's classes in the whole
    class still hold one that fails (the class is refuted), and a core K of that failing class
    makes g fail on S + K: K stays inside one class of g, refuted by monotonicity. So each round
    asks the depth search for a guess that beats the set so far, finds that guess's failing
    class in the whole class, shrinks it to a core (:func:`minimal_core`, one level deeper) and
    adds it. A guess that beats the set splits it well, so its failing class is small and cheap
    to shrink. The rounds end when the search refutes the set, and :func:`cover_guesses` then
    gives every guess a lemma.
    ``search(answers, guess_list, depth, budget)`` is :func:`minimal_core`'s depth search.

    Each core added is put in ``lemmas`` as ``(answers, more_history, guesses_left)``: refuted
    within d - 1 after the guess g and its pattern p (``more_history`` ``((g, p),)``), or, when
    the search refutes it with the whole class's guess list as well, after nothing more
    (``()``), so that it holds inside a class of any guess. The checker decides these first.
    """
    grown = set(seed)
    while within_budget():
        if grown:
            g = search(sorted(grown), Lc, d, TRIAL_NODES)
            if g == REFUTED:
                if not cover_guesses(searcher, sorted(grown), Lc, d, search, table, stats, within_budget, lemmas):
                    return None
                return sorted(grown)
            if g < 0:
                return None      # the search stopped at its budget: nothing learnt
        else:
            g = int(Lc[0])       # nothing yet: any guess's failing class starts the set
        failing = None
        sub_members, starts, sizes, pats = K.classes_of(searcher.MT, members, g)
        for c in np.argsort(sizes, kind="stable"):         # smallest first: the cheapest to shrink
            if sizes[c] <= d - 1:
                continue         # found in time by guessing its answers in turn
            sub = sub_members[starts[c]:starts[c] + sizes[c]].copy()
            Lsub = searcher.child_list(Lc, g, pats[c])
            r = search(list(sub), Lsub, d - 1, TRIAL_NODES)
            if r == REFUTED:
                failing = (sub, Lsub)
                break
            if r < 0 or not within_budget():
                return None      # a class undecided in its budget: nothing learnt
        if failing is None:
            return None          # every class of g solved: the class is not refuted (a fault)
        core, _, _ = minimal_core(searcher, failing[0], failing[1], d - 1, table, stats, grow=False)
        before = len(grown)
        grown.update(int(a) for a in core)
        pattern = int(searcher.MT[core[0], g])
        anywhere = len(core) > d - 1 and search(list(core), Lc, d - 1, TRIAL_NODES) == REFUTED
        lemmas.append(([int(a) for a in core], () if anywhere else ((g, pattern),), d - 1))
        if len(grown) == before:
            return None          # no progress: g's failing core was in the set already
    return None


def cover_guesses(searcher, core: list, Lc: np.ndarray, d: int, search, table, stats, within_budget,
                  lemmas: list) -> bool:
    """Give every guess of ``Lc`` a lemma refuting one of its classes of ``core`` (a set the depth
    search refutes within ``d``), so that the checker finds each guess refuted at once, without
    trying to solve its other classes first; False if a budget stopped it.

    A lemma made for guess g with pattern p serves guess g' too when a class of g' holds its
    answers and hard mode's rule after (g', p') asks at least what the rule after (g, p) asks
    (then g' allows no later guess that g did not), and a core the depth search refutes with
    ``Lc`` itself serves every guess that keeps it in one class: it is kept as holding after
    nothing more (``()``). On the random 300-word instance (every class counted large), this
    made 207 lemmas where 229 were made before, 93 of them after nothing more (25 before). A
    guess that gives every answer one pattern needs none: the checker never tries it.
    """
    from wordlelab.models.modes import asks_at_least, rule_after
    words, MT = searcher.lists.guesses, searcher.MT
    rows = np.array(core, np.int32)
    kept = []        # (answers as a set, rule after its guess, or None: after nothing more)
    for answers, more, _ in lemmas:
        kept.append((set(answers), rule_after((), (), words[more[0][0]], more[0][1]) if more else None))
    for g in Lc.tolist():
        column = MT[rows, g]
        if np.all(column == column[0]) and column[0] != ALL_GREEN:
            continue
        covered = False
        for answers, rule in kept:
            patterns = {int(MT[a, g]) for a in answers}
            if len(patterns) != 1:
                continue
            p = patterns.pop()
            if rule is None or asks_at_least(rule_after((), (), words[g], p), rule):
                covered = True
                break
        if covered:
            continue
        if not within_budget():
            return False
        sub_members, starts, sizes, pats = K.classes_of(MT, rows, g)
        failing = None
        for c in np.argsort(sizes, kind="stable"):
            if sizes[c] <= d - 1:
                continue
            sub = sub_members[starts[c]:starts[c] + sizes[c]].copy()
            Lsub = searcher.child_list(Lc, g, pats[c])
            r = search(list(sub), Lsub, d - 1, TRIAL_NODES)
            if r == REFUTED:
                failing = (sub, Lsub, int(pats[c]))
                break
            if r < 0:
                return False
        if failing is None:
            return False
        answers, _, _ = minimal_core(searcher, failing[0], failing[1], d - 1, table, stats, grow=False)
        answers = [int(a) for a in answers]
        # a core refuted with the whole list Lc holds after any guess (monotonicity: a guess adds
        # rules, never guesses), so it covers every later guess that keeps it in one class
        anywhere = len(answers) > d - 1 and search(answers, Lc, d - 1, TRIAL_NODES) == REFUTED
        lemmas.append((answers, () if anywhere else ((g, failing[2]),), d - 1))
        kept.append((set(answers), None if anywhere else rule_after((), (), words[g], failing[2])))
    return True


class KernelHint:
    """The checker's hint (``check_core(hint=...)``) from the kernels' depth search: of a guess's
    classes, the smallest that the search refutes within :data:`HINT_NODES` nodes.

    The checker decides every class itself; the hint only makes it search the failing class
    first, so that a refuted guess does not cost the solving of its other classes. BIJOU within
    7 (hard, every word an answer): its failing class BGBBB, 1034 answers, is refuted by the
    search in about 57,000 nodes, but the checker without a hint had not decided it within its
    budget. ``core`` is the checker's answers (it sorts them; its indices are into that order).
    """

    def __init__(self, searcher, core):
        self.searcher = searcher
        index = {a: i for i, a in enumerate(searcher.lists.answers)}
        self.ids = np.array([index[a] for a in sorted(set(core))], np.int32)
        self.lists_by_rule: dict = {}
        self.table = new_table(CORE_TABLE_ENTRIES)
        self.stats = new_stats()
        self.calls = self.named = 0

    def guesses(self, rule: tuple) -> np.ndarray:
        """The guesses hard mode allows under ``rule`` (the checker's (greens, least counts))."""
        got = self.lists_by_rule.get(rule)
        if got is None:
            letters, lcount = self.searcher.letters, self.searcher.lcount
            keep = np.ones(len(letters), bool)
            greens, need = rule
            for k, letter in greens:
                keep &= letters[:, k] == ord(letter) - ord("a") if letter != "#" else False
            for letter, n in need:
                keep &= lcount[:, ord(letter) - ord("a")] >= n
            got = self.lists_by_rule[rule] = np.flatnonzero(keep).astype(np.int32)
        return got

    def __call__(self, classes: list, rules: list, d: int):
        self.calls += 1
        for i in sorted(range(len(classes)), key=lambda i: len(classes[i])):
            if len(classes[i]) <= d:
                continue         # found in time by guessing its answers in turn
            if self.refutes(np.sort(self.ids[list(classes[i])]), rules[i], d):
                self.named += 1
                return i
        return None

    def refutes(self, sub: np.ndarray, rule: tuple, d: int) -> bool:
        """Whether the search refutes the answers ``sub`` within d under ``rule`` in its node budget."""
        return K.depth_feasible(sub, self.guesses(rule), d, self.searcher.tables, self.table, self.stats,
                                int(self.stats[Stat.NODES]) + HINT_NODES, self.searcher.depth_rounds) == REFUTED


def keep_state_seed(run, node, members: np.ndarray) -> None:
    """Keep ``members``, a core made (or replayed from a checkpoint) at the state ``node``, in the
    :class:`~wordlelab.solvers.search.depth.run.DepthRun` ``run``'s ``state_cores``, as a
    seed for the cores still to be made there, unless it is kept already, or ``node`` is a
    sweep's root (there the bank's rules apply), or it has over ``BANK_MAX_CORE`` answers (a
    seed that large seldom lies in another guess's class, and trying it costs a search)."""
    if not node.history or len(members) > BANK_MAX_CORE:
        return
    seeds = run.state_cores.setdefault((node.history, node.d), [])
    if not any(len(seed) == len(members) and np.array_equal(seed, members) for seed in seeds):
        seeds.append(members)


def hard_refutation(run, node, g0: int, failing) -> dict:
    """The checkpoint entry of first guess ``g0`` refuted at ``node`` in hard mode:
    ``{"core": answers, "depth": guesses left after g0}``, the core checked by the independent
    checker first, made from ``failing``, the
    :class:`~wordlelab.solvers.search.native.FailingClass` the search refuted g0 with
    (:meth:`~wordlelab.solvers.search.native.NativeSearcher.start_feasible`; None when g0 was the
    last guess allowed).

    ``run`` is the :class:`~wordlelab.solvers.search.depth.run.DepthRun`: its state's seeds and
    check budget are used, and a core that is checked under a work budget (one not shrunk to a
    minimal core) is first kept in its drafts (``run.core_drafts``,
    :mod:`~wordlelab.solvers.search.depth.core_drafts`), so that a later run checks it without
    making it again."""
    searcher = run.searcher
    word = searcher.lists.guesses[g0]
    if node.d <= 1:
        # the last guess: every answer but the first word itself needs another one
        others = [a for a in node.H.tolist() if searcher.lists.answers[a] != word]
        return checked_core(run, node, word, g0, np.array(others[:1], np.int32), 0, True, [])
    if failing is None:
        raise WordleError(f"internal error: {word} refuted with no failing class recorded")
    subset = failing.subset
    failing, Lc = failing.members, failing.guesses
    d = node.d - 1
    # at a state, the cores made for the other guesses seed this one's (not at the root of a
    # sweep: there the kept cores of other first words are CoreBank's, under their own rules)
    seeds = run.state_cores.setdefault((node.history, node.d), []) if node.history else []
    grown_here = bool(node.history) and STATE_DELETE_AT_MOST < len(failing) <= DELETE_AT_MOST
    grow_only = subset or grown_here
    whole = bool(node.history) and subset and len(failing) > SHARED_WHOLE_FROM
    members, minimal, lemmas = minimal_core(searcher, failing, Lc, d, grow_only=grow_only, seeds=seeds, whole=whole)
    if grown_here and not subset and len(members) == len(failing):
        # the growth gave up (the whole class came back): deletions, as before the threshold
        grow_only = False
        members, minimal, lemmas = minimal_core(searcher, failing, Lc, d, seeds=seeds)
    seeded = any(len(seed) == len(members) and np.array_equal(seed, members) for seed in seeds)
    keep_state_seed(run, node, members)
    from wordlelab.models.refutation import CheckTooLong
    try:
        return checked_core(run, node, word, g0, members, d, minimal, lemmas)
    except CheckTooLong:
        if not seeded:
            raise
    # a seed's check ran out of its budget (it is not minimal here): the core made afresh from
    # the class, so that a resumed run does not pick the same seed and stop again
    members, minimal, lemmas = minimal_core(searcher, failing, Lc, d, grow_only=grow_only, whole=whole)
    return checked_core(run, node, word, g0, members, d, minimal, lemmas)


def checked_core(run, node, word: str, g0: int, members: np.ndarray, d: int, minimal: bool,
                  lemmas: list) -> dict:
    """:func:`hard_refutation`'s entry once the core ``members`` is checked (drafted first in a
    sweep, ``run.core_drafts``, when it is not minimal)."""
    searcher = run.searcher
    core = [searcher.lists.answers[a] for a in members]
    pattern = int(searcher.MT[members[0], g0])
    words = [([searcher.lists.answers[i] for i in answers], tuple((searcher.lists.guesses[g], p) for g, p in more),
              left) for answers, more, left in lemmas]
    if not minimal and run.core_drafts is not None and not node.history:
        run.core_drafts.save(word, core, d, pattern, words)
    return check_made_core(run, node.history, word,
                           {"core": core, "depth": d, "pattern": pattern, "lemmas": words}, minimal)


def _keep(recorder, quietly: bool = False) -> None:
    """Write the claims ``recorder`` holds; ``quietly``: while another exception is on its way,
    a failed write must not take its place."""
    if recorder is None:
        return
    try:
        recorder.flush()
    except OSError:
        if not quietly:
            raise


def check_made_core(run, history, word: str, made: dict, minimal: bool = False) -> dict:
    """The checkpoint entry of ``word``'s no, once the pure-Python checker has decided its core
    ``made`` (``{"core", "depth", "pattern", "lemmas"}``, from :func:`hard_refutation` or a
    draft) after ``history``, under the check budget of ``run`` (a
    :class:`~wordlelab.solvers.search.depth.run.DepthRun`); raises :class:`~wordlelab.models.refutation.CheckTooLong` when the
    check runs out of its budget, and :class:`~wordlelab.models.refutation.CoreFault` when the
    core is no refutation."""
    from wordlelab.models.refutation import CheckOptions, CheckTooLong, check_core
    searcher = run.searcher
    core, d, words = made["core"], made["depth"], made["lemmas"]
    # an unfinished core may be hundreds of answers: its check gets a work budget, and a
    # CheckTooLong leaves the word unknown (a minimal core has only the checker's node limit:
    # so far they have had 7 to 49 answers)
    budget = UNFINISHED_CHECK_WORK if run.core_work is None else run.core_work
    # a drafted core's check keeps what it proves in the draft as it goes (core_drafts.py): the
    # next run goes on from there, at the cost of this run's budget again
    drafts = run.core_drafts if not minimal and not history else None
    recorder = drafts.recorder(word, made) if drafts is not None else None
    before = len(made.get("proven", ()))
    try:
        # (a check under a work budget has no node limit of its own: the budget bounds it)
        check_core(core, d, searcher.lists.guesses, [*history, (word, made["pattern"])],
                   CheckOptions(node_limit=None if minimal else 1 << 62, work_limit=None if minimal else budget),
                   lemmas=words, hint=KernelHint(searcher, core) if len(core) >= HINT_FROM else None,
                   proven=made.get("proven", ()), on_proven=recorder)
    except CheckTooLong as e:
        # the claims the draft's checks made, if this one added some (a check that added none
        # would add none again under the same budget, so only a larger one retries it); those
        # imported from a state (class_refutation.py) are not counted
        e.settled = recorder.count - made.get("imported", 0) if recorder is not None and recorder.count > before else 0
        _keep(recorder, quietly=True)
        raise
    except BaseException:        # a fault, Ctrl-C: keep what was proven, and raise what happened
        _keep(recorder, quietly=True)
        raise
    _keep(recorder)
    entry = {"core": core, "depth": d}
    if words:
        # the lemmas the check decided first: --recheck passes them again (sweep_recheck.py)
        entry["lemmas"] = [[a, [[g, pattern_string(p)] for g, p in more], left] for a, more, left in words]
    return entry


def check_entry_shape(searcher, word: str, value: dict) -> None:
    """A hard-mode refutation entry's core lies in one class of ``word`` (ValueError if not);
    the full check ran when it was found."""
    from wordlelab.models.feedback import feedback
    if value["core"] is None:
        return
    if len({feedback(word, a) for a in value["core"]}) != 1:
        raise ValueError(f"the core spans several classes of {word}")
