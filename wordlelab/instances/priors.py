"""Word-frequency priors: an integer weight per answer from the ``wordfreq`` package.

The weight of a word is its frequency in English per million words, as ``wordfreq`` gives it
(``word_frequency(word, "en")``, which blends film subtitles, Wikipedia, books, news and web
text), rounded to the nearest whole number, and at least 1: a word ``wordfreq`` has never seen
counts as one in a million. So a common answer (ABOUT: about 2500) weighs far more than a rare
one (NAVAL: about 20), and the weighted mean number of guesses is the expected number of
guesses when the day's answer is drawn in proportion to how often the word is used.
"""
from __future__ import annotations

from wordlelab.errors import WordleError

SCALE = 10**6          # weights are occurrences per million words


def frequency_weights(words) -> dict:
    """Each word's weight: ``max(1, round(SCALE * word_frequency(word, "en")))``."""
    try:
        from wordfreq import word_frequency
    except ImportError:
        raise WordleError("weights:frequency needs the wordfreq package: pip install 'wordlelab[priors]'") from None
    return {w: max(1, round(SCALE * word_frequency(w, "en"))) for w in words}
