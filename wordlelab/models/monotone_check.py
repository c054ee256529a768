"""Independent check of a hard-mode no by monotonicity across guesses: a core checked for one
guess at a state refutes another guess that holds it in one class under a stricter rule.

**Theorem (Selby's monotonicity, part 2, "Using larger hidden word lists").** Let C be answers
that no strategy finds within d guesses after the history H + (w, p), a core
:func:`~wordlelab.models.refutation.check_core` has decided. Let guess v give every answer of
C one pattern q, not all green, and let the hard-mode rule after H + (v, q) ask at least what
the rule after H + (w, p) asks: each green of the second is a green of the first, and each
letter count it requires the first requires too. Then no strategy finds C within d' ≤ d
guesses after H + (v, q). A strategy there would be one after H + (w, p): each guess it makes
obeys the first rule and the requirements of its own later patterns, so it obeys the second
rule and those same requirements, and each answer gives it the same patterns. So C lies in
v's class q and cannot be found there in time: v cannot find every answer within d' + 1.

The check uses :func:`~wordlelab.models.feedback.feedback` and the rule statements of
:mod:`~wordlelab.models.modes` only, and compares rules by their greens and letter counts
directly (a sufficient condition, so it can refuse a true claim, never accept a false one).
"""
from __future__ import annotations

from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.modes import rule_after
from wordlelab.models.refutation import CoreFault


def stricter(a: tuple, b: tuple) -> bool:
    """Whether hard-mode rule ``a`` (greens, least letter counts) asks at least what ``b`` asks:
    every green of ``b`` is one of ``a``, and ``a`` requires each letter at least as often.

    >>> stricter((((0, "s"),), (("s", 2),)), ((), (("s", 1),)))
    True
    >>> stricter(((), (("s", 1),)), (((0, "s"),), (("s", 1),)))
    False
    """
    greens_a, need_a = a
    greens_b, need_b = b
    counts = dict(need_a)
    return set(greens_b) <= set(greens_a) and all(counts.get(letter, 0) >= n for letter, n in need_b)


def check_core_by_monotonicity(core, depth: int, history, word: str, via: str, via_depth: int) -> int:
    """Check that ``word`` cannot find every answer of ``core`` within ``depth`` more guesses after
    ``history`` (a list of (guess, pattern code) pairs) and ``word``'s pattern, given that a
    check decided ``via`` cannot within ``via_depth`` after ``history`` and its pattern; return
    the pattern of ``word``'s class that holds the core. Raises
    :class:`~wordlelab.models.refutation.CoreFault` if the theorem does not apply.

    >>> from wordlelab.models.feedback import pattern_code
    >>> family = ["batch", "catch", "hatch", "match", "patch", "watch"]   # LATCH's class BGGGG
    >>> history = [("nauch", pattern_code("BGBGG"))]
    >>> pattern_string(check_core_by_monotonicity(family, 1, history, "natch", "latch", 1))
    'BGGGG'
    >>> check_core_by_monotonicity(family, 1, history, "batch", "latch", 1)
    Traceback (most recent call last):
    ...
    wordlelab.models.refutation_search.CoreFault: the core's answers give BATCH 2 different patterns
    """
    if not core or len(set(core)) != len(core):
        raise CoreFault("the core is empty or repeats an answer")
    if depth > via_depth:
        raise CoreFault(f"{word.upper()} has {depth} guesses left, more than {via.upper()}'s {via_depth}")
    for g, p in history:
        for a in core:
            if feedback(g, a) != p:
                raise CoreFault(f"{a.upper()} does not give {g.upper()} the pattern {pattern_string(p)}")
    rules = {}
    for guess in (word, via):
        patterns = {feedback(guess, a) for a in core}
        if len(patterns) != 1:
            raise CoreFault(f"the core's answers give {guess.upper()} {len(patterns)} different patterns")
        pattern = patterns.pop()
        if pattern == ALL_GREEN:
            raise CoreFault(f"the core is {guess.upper()} itself")
        rule = ((), ())
        for g, p in [*history, (guess, pattern)]:
            rule = rule_after(*rule, g, p)
        rules[guess] = (rule, pattern)
    if not stricter(rules[word][0], rules[via][0]):
        raise CoreFault(f"the rule after {word.upper()} {pattern_string(rules[word][1])} does not ask all "
                        f"that the rule after {via.upper()} {pattern_string(rules[via][1])} asks")
    return rules[word][1]
