"""Independent checker of a no in hard or easy mode: a core, answers that alone cannot all be found in time.

**Theorem (monotonicity of hard mode in the answers).** After a history, the guesses hard mode
allows depend on the history only, never on which answers are still possible. So a strategy
that finds every answer of a set S within d more guesses finds every answer of any C ⊆ S
within d as well: play it unchanged. Hence if no strategy finds every answer of a *core* C
within d guesses after history H, none does for any S ⊇ C after H. When every answer of C
gives first word w the same pattern p, the answers of C all lie in w's class p, and w cannot
find every answer within d + 1 guesses.

Easy mode is the case of a rule that never forbids a guess (``mode="easy"``): the theorem holds
with every guess allowed after every history, and everything below holds with the constraint
always empty. There a move is its split alone, so each node hands its children only its
distinct guesses (:meth:`~wordlelab.models.refutation_search.Search._easy_refutation`).

:func:`check_core` decides "C within d after H" by the exhaustive search of
:mod:`~wordlelab.models.refutation_search`, sharing nothing with the searchers but the rule
statements; that module proves each of the search's shortcuts in place. A ``hint`` from a
searcher may order its work, never decide anything (see :func:`check_core`).

>>> from wordlelab.models.feedback import feedback
>>> family = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
>>> guesses = family + ["blimp"]
>>> history = [("nauch", feedback("nauch", "batch"))]
>>> check_core(family, 6, guesses, history)     # nodes visited; it raises if 6 could do it
1
>>> check_core(family, 6, guesses, history, CheckOptions(endgame_bound=False))    # the plain search
99
>>> check_core(family, 7, guesses, history)   # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wordlelab.models.refutation_search.CoreFault: the core is not a refutation: ... within 7 guesses in hard mode
"""
from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from dataclasses import dataclass

from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.modes import hard_allowed, rule_after
from wordlelab.models.refutation_search import CheckTooLong, CoreFault, Search

__all__ = ["CheckOptions", "CheckTooLong", "CoreFault", "check_core", "check_first_word_core"]

MODES = ("easy", "hard")

# Objects made between two young collections while a check runs (Python's default: 700): most
# of the search's lists and tuples die within a node, before a collection would scan them
YOUNG_BATCH = 100_000

# Nodes the checker may visit before it gives up (each costs |allowed| x |answers| feedbacks)
CHECK_NODE_LIMIT = 200_000


def game_rule(rule: str):
    """(reply(guess, answer) as a small integer, the win being ALL_GREEN; how one is written) of
    the game named ``rule``: Wordle's :func:`~wordlelab.models.feedback.feedback` (for words of
    any length, ``wordle3`` and ``wordle4`` too, their win renumbered ALL_GREEN), or Mastermind's
    reply as the tree checker computes it (:func:`~wordlelab.models.verify.mastermind_reply`,
    which shares no code with the matrix builder), numbered 16 x black + white.

    >>> reply, write = game_rule("mastermind:4x6")
    >>> write(reply("1122", "1213")), reply("1234", "1234") == ALL_GREEN
    ('BWW-', True)
    """
    if rule == "wordle":
        return feedback, pattern_string
    from wordlelab.models.verify import tree_rule
    if rule.startswith("wordle"):
        # words of another length: the rule's code, with its win numbered as the engine numbers it
        word_reply, word_win, _, word_write = tree_rule(rule)
        length = len(word_write(word_win))
        return ((lambda guess, answer: ALL_GREEN if (r := word_reply(guess, answer)) == word_win else r),
                (lambda p: "G" * length if p == ALL_GREEN else word_write(p)))
    mastermind_reply, win, _, _ = tree_rule(rule)
    pegs = len(win)

    def reply(guess, answer):
        r = mastermind_reply(guess, answer)
        return ALL_GREEN if r == win else 16 * r.count("B") + r.count("W")

    def write(p):
        b, w = (pegs, 0) if p == ALL_GREEN else divmod(p, 16)
        return "B" * b + "W" * w + "-" * (pegs - b - w)
    return reply, write


@dataclass(frozen=True)
class CheckOptions:
    """How :func:`check_core` checks a core: none of it changes a verdict, only whether one is
    reached (the limits) and how (the bound).

    ``mode``: ``"hard"`` or ``"easy"``. ``rule`` names the game (:func:`game_rule`): another game
    than ``"wordle"`` is checked in easy mode, without the endgame bound (its lemma is about
    letters), every pattern from its own rule. ``node_limit``: nodes before :class:`CheckTooLong`
    (default :data:`CHECK_NODE_LIMIT`); ``work_limit``: patterns read before it (default: no
    limit). ``endgame_bound=False`` leaves out Selby's endgame bound and trial (for cross-checks).
    """

    mode: str = "hard"
    rule: str = "wordle"
    node_limit: int | None = None
    work_limit: int | None = None
    endgame_bound: bool = True


def check_core(core, depth: int, guesses, history=(), options: CheckOptions = CheckOptions(), lemmas=(),
               hint=None, proven=(), on_proven=None) -> int:
    """Check in hard mode (or ``options.mode="easy"``) that no strategy finds every answer of ``core``
    within ``depth`` more guesses after ``history`` (a list of (guess, pattern code) pairs);
    return the nodes visited. In easy mode the history only has to be consistent with the core.

    ``core`` must be consistent with ``history`` (each of its answers gives every earlier guess
    its pattern), and ``guesses`` is the whole guess list, filtered here by hard mode's rule.
    Raises :class:`CoreFault` if the claim is false or malformed, :class:`CheckTooLong` if the
    search needs more than ``options.node_limit`` nodes (default :data:`CHECK_NODE_LIMIT`) or
    reads more than ``options.work_limit`` patterns (default: no limit). The table of patterns is
    charged first, |allowed guesses| x |answers|, and may alone exceed the limit before any node;
    each node then reads |allowed guesses| x |its answers|. The game, the mode and Selby's
    endgame bound are ``options``' too (:class:`CheckOptions`).

    ``lemmas`` are claims to decide first, each ``(answers, more_history, guesses_left)``:
    answers of the core that, after ``history`` and then ``more_history``, cannot all be found
    within ``guesses_left`` guesses. Each is decided by the same search (a false one raises
    :class:`CoreFault`), and its no is kept, so the core's own search finds it by monotonicity
    wherever a class of a guess holds it under a rule asking at least as much. They change the
    order of the work, never what is proven: a large core grown from the cores of the guesses
    that beat it (``solvers/search/depth/hard_cores.py``) is checked at the cost of those small
    checks, where the search alone would first try to solve other classes.

    ``hint(classes, rules, d)``, if given, names the class of a guess to search first: ``classes``
    are the guess's classes (tuples of indices into the sorted core), ``rules`` the constraints
    after them, ``d`` the guesses left; it returns an index into ``classes`` or None. It orders
    the search and nothing else: every class is still decided here, so a wrong hint costs time,
    never a verdict. A large class is checked at about the cost of its refutation when the
    hint names each refuted guess's failing class (the kernels' depth search, in
    ``hard_cores.KernelHint``); without one the search may solve the classes that do not fail
    first.

    A long check can be resumed. ``on_proven(answers, ((guess, pattern),), depth - 1)`` is told,
    as this search decides it, of each guess of the first node refuted by a search: the witness
    it failed on (answers of one of its classes that cannot be found within ``depth - 1`` after
    it). Those claims, passed back as ``proven`` (shaped as ``lemmas``) to a later call on the
    same core, are kept as refuted *without a search*: they are this checker's own verdicts,
    held by the caller between runs (a sweep's drafts file), never a searcher's. The guesses of
    the first node they settled are then refuted at once by monotonicity, as are those the
    last run refuted at once from them (or by the endgame bound), so the search goes on about
    where it stopped. A check split over runs proves what one run would, given that each of
    its runs ran this code; ``--recheck`` decides the core again in one run.

    >>> from wordlelab.models.feedback import feedback
    >>> family = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    >>> history = [("nauch", feedback("nauch", "batch"))]
    >>> check_core(family, 6, family + ["blimp"], history, CheckOptions(endgame_bound=False),
    ...            lemmas=[(family[:6], (), 5)])
    99
    >>> check_core(family, 6, family, history, lemmas=[(family[:5], (), 5)])   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wordlelab.models.refutation_search.CoreFault: a lemma is false: its 5 answers can all be found within 5 guesses in hard mode
    """
    # the search keeps a memo that grows to gigabytes, and its recursion keeps lists alive long
    # enough to reach the oldest generation; Python then scans the whole memo again and again
    # (full collections: a quarter of a large check's time under a profiler). The search makes
    # no reference cycle (a test holds it to that), so pausing full collections loses nothing;
    # the young and middle generations are still collected, where most cycles die
    with _full_collections_paused():
        return _run_check(core, depth, guesses, history, node_limit=options.node_limit,
                          endgame_bound=options.endgame_bound, work_limit=options.work_limit, lemmas=lemmas,
                          hint=hint, proven=proven, on_proven=on_proven, mode=options.mode, rule=options.rule)


_PAUSES = {"checks": 0, "thresholds": None}     # checks running in this process, and the thresholds before them
_PAUSES_LOCK = threading.Lock()


@contextmanager
def _full_collections_paused():
    """No full collection by Python's cycle collector while the block runs (young and middle
    ones go on, the young ones in batches of :data:`YOUNG_BATCH`), the thresholds as they were
    once the last check running in the process ends (a dask worker may run checks on threads).
    Automatic collection switched off (threshold 0) stays off."""
    with _PAUSES_LOCK:
        if _PAUSES["checks"] == 0:
            was = _PAUSES["thresholds"] = gc.get_threshold()
            # (a full collection waits for this many collections of the middle generation)
            gc.set_threshold(was[0] and max(was[0], YOUNG_BATCH), was[1], (1 << 31) - 1)
        _PAUSES["checks"] += 1
    try:
        yield
    finally:
        with _PAUSES_LOCK:
            _PAUSES["checks"] -= 1
            if _PAUSES["checks"] == 0:
                gc.set_threshold(*_PAUSES["thresholds"])


def _run_check(core, depth, guesses, history, *, node_limit, endgame_bound, work_limit, lemmas, hint, proven,
               on_proven, mode, rule) -> int:
    """:func:`check_core`'s work, with its arguments."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: the checker knows {', '.join(MODES)}")
    feedback, pattern_string = game_rule(rule)
    if rule != "wordle":
        if mode != "easy":
            raise ValueError(f"{rule} is checked in easy mode only")
        endgame_bound = False
    hard = mode == "hard"
    answers = tuple(sorted(set(core)))
    if len(answers) != len(core):
        raise CoreFault("the core repeats an answer")
    for g, p in history:
        for a in answers:
            if feedback(g, a) != p:
                raise CoreFault(f"{a.upper()} does not give {g.upper()} the pattern {pattern_string(p)}")
    greens, need = (), ()
    allowed = list(guesses)
    for g, p in history if hard else ():
        greens, need = rule_after(greens, need, g, p)
        allowed = hard_allowed(g, p, allowed)
    search = Search(answers, allowed, CHECK_NODE_LIMIT if node_limit is None else node_limit, endgame_bound,
                     work_limit, hint, mode, None if rule == "wordle" else feedback)
    index = {a: i for i, a in enumerate(answers)}

    def claim(lemma_answers, more_history, what: str) -> tuple:
        # the claim's answers as indices, its rule and its guesses, once its history is consistent
        if not set(lemma_answers) <= set(index) or not lemma_answers:
            raise CoreFault(f"{what}'s answers are not a part of the core")
        rule, lemma_allowed = (greens, need), allowed
        for g, p in more_history:
            for a in lemma_answers:
                if feedback(g, a) != p:
                    raise CoreFault(f"{what}'s {a.upper()} does not give {g.upper()} the pattern {pattern_string(p)}")
            if hard:
                rule, lemma_allowed = rule_after(*rule, g, p), hard_allowed(g, p, lemma_allowed)
        return tuple(sorted(index[a] for a in lemma_answers)), rule, lemma_allowed

    for lemma_answers, more_history, left in proven:
        ids, rule, _ = claim(lemma_answers, more_history, "a proven claim")
        search.kept.keep(sum(search.bits[i] for i in ids), rule, left)
    for lemma_answers, more_history, left in lemmas:
        ids, rule, lemma_allowed = claim(lemma_answers, more_history, "a lemma")
        if search.solvable(ids, lemma_allowed, rule, left):
            raise CoreFault(f"a lemma is false: its {len(lemma_answers)} answers can all be found within "
                            f"{left} guesses in {mode} mode")
    root = (tuple(range(len(answers))), (greens, need), depth)
    if on_proven is not None:
        search.root = root
        search.on_refuted = lambda u, p, mask, left: on_proven(
            [a for i, a in enumerate(answers) if mask >> i & 1], ((u, p),), left)
    if search.solvable(root[0], allowed, root[1], depth):
        raise CoreFault(f"the core is not a refutation: its {len(answers)} answers can all be found "
                        f"within {depth} guesses in {mode} mode")
    return search.nodes


def check_first_word_core(first_word: str, core, guesses_left: int, guesses, work_limit: int | None = None,
                          lemmas=(), hint=None, mode: str = "hard", rule: str = "wordle") -> int:
    """Check that ``first_word`` cannot find every answer within ``guesses_left + 1`` guesses in
    hard mode, by its core: answers that share one pattern of ``first_word`` and alone cannot be
    found within ``guesses_left`` more guesses. Returns the nodes the check visited;
    ``work_limit``, ``lemmas``, ``hint`` and ``rule`` as for :func:`check_core` (lemmas' histories after
    the first word's).

    >>> family = ["batch", "catch", "hatch", "latch", "match", "patch", "watch"]
    >>> check_first_word_core("nauch", family, 6, family)
    1
    """
    if not core:
        raise CoreFault("the core is empty")
    reply, _ = game_rule(rule)
    patterns = {reply(first_word, a) for a in core}
    if len(patterns) != 1:
        raise CoreFault(f"the core's answers give {first_word.upper()} {len(patterns)} different patterns")
    return check_core(core, guesses_left, guesses, [(first_word, patterns.pop())],
                      CheckOptions(mode=mode, rule=rule, work_limit=work_limit), lemmas=lemmas, hint=hint)
