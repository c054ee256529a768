"""Eldrow (Jane Street, February 2022): the longest admissible guess chain ending at a target.

A chain g1 ... gK = t is admissible in ``strict`` mode when every guess is still a possible
answer given the feedback of every earlier guess, that is
``feedback(g_i, g_j) == feedback(g_i, t)`` for all i < j, and the words are distinct. In
``hard`` mode every later guess need only obey NYT hard mode after each earlier guess
(:func:`wordlelab.models.modes.hard_ok`). The last guess is the target.

>>> check_chain("crane tiger queer odder joker hover foyer boxer wooer sower rower power mower lower".split(), "lower")
14
"""
from __future__ import annotations

from wordlelab.errors import WordleError
from wordlelab.models.feedback import GREEN, YELLOW, code_to_digits, feedback
from wordlelab.models.modes import guess_allowed


class ChainFault(WordleError):
    """A chain that breaks the Eldrow rule; the message names the first fault."""


def check_chain(chain, target: str, mode: str = "strict", words=None, start: str | None = None) -> int:
    """Length of an admissible chain ending at ``target`` (and opening with ``start``, if given).

    Raises ChainFault otherwise.
    """
    if mode not in ("strict", "hard"):
        raise WordleError("Eldrow modes are strict and hard")
    chain = [w.lower() for w in chain]
    if not chain or chain[-1] != target:
        raise ChainFault(f"the chain must end with the target {target!r}")
    if len(set(chain)) != len(chain):
        raise ChainFault("the chain repeats a word")
    if start is not None and chain[0] != start.lower():
        raise ChainFault(f"the chain must open with the first guess {start!r}, not {chain[0]!r}")
    if words is not None:
        known = set(words)
        for w in chain:
            if w not in known:
                raise ChainFault(f"{w!r} is not in the word list")
    if mode == "hard":
        return _check_hard(chain, target)
    history = []
    for i, w in enumerate(chain):
        if not guess_allowed(mode, history, w):
            raise ChainFault(f"guess {i + 1}, {w!r}, breaks the {mode} rule after "
                             f"{' '.join(g for g, _ in history)}")
        history.append((w, feedback(w, target)))
    return len(chain)


def _check_hard(chain, target) -> int:
    """Hard mode: the rule for every earlier pair at once. The pairs' conditions are 'letter k
    is c' and 'letter x appears at least n times', so all of them hold exactly when the greens
    seen so far hold and each letter appears at least its largest required count."""
    greens: dict[int, tuple[str, int]] = {}
    need: dict[str, tuple[int, int]] = {}
    for i, w in enumerate(chain):
        for k, (letter, j) in greens.items():
            if w[k] != letter:
                raise ChainFault(f"guess {i + 1}, {w!r}, breaks the hard rule: letter {k + 1} must be "
                                 f"{letter!r} (green in guess {j + 1})")
        for letter, (count, j) in need.items():
            if w.count(letter) < count:
                raise ChainFault(f"guess {i + 1}, {w!r}, breaks the hard rule: needs {count} x {letter!r} "
                                 f"(from guess {j + 1})")
        digits = code_to_digits(feedback(w, target))
        counts: dict[str, int] = {}
        for k, c in enumerate(digits):
            if c == GREEN:
                greens.setdefault(k, (w[k], i))
            if c in (GREEN, YELLOW):
                counts[w[k]] = counts.get(w[k], 0) + 1
        for letter, count in counts.items():
            if count > need.get(letter, (0, 0))[0]:
                need[letter] = (count, i)
    return len(chain)
