"""Fixed-guess ("blindfold") Wordle: the independent check of a certificate.

A set G of guesses, played in the same order whatever the answer, identifies
every answer exactly when no two answers receive the same pattern from every
guess of G; then one more guess wins, so every answer is found within |G| + 1.

>>> check_fixed_guesses(["crane"], ["cigar", "rebut", "sissy"])
3
"""
from __future__ import annotations

from wordlelab.errors import WordleError
from wordlelab.models.feedback import feedback, pattern_string


class FixedGuessFault(WordleError):
    """A guess set that leaves two answers with the same patterns."""


def check_fixed_guesses(guesses, answers) -> int:
    """Number of answers told apart (all of them); raises FixedGuessFault naming a colliding pair.

    Pure Python over the rules: feedback is recomputed from the words.
    """
    seen: dict[tuple, str] = {}
    for a in answers:
        signature = tuple(feedback(g, a) for g in guesses)
        if signature in seen:
            shown = ".".join(f"{g}.{pattern_string(p)}" for g, p in zip(guesses, signature))
            raise FixedGuessFault(f"{seen[signature]!r} and {a!r} both give {shown or 'no pattern'}")
        seen[signature] = a
    return len(seen)
