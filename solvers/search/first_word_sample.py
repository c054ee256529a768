"""How many first words are yes: an estimate from a random sample, beside the proven bounds.

While an all-first-word sweep is far from done, its decided words are no guide to the count:
the candidate order takes the likeliest words first, and the words a known core covers jump
the queue (all of them no). A uniform random sample of the first words, decided in the
sample's own order, is.

**Fact (sampling without replacement).** Let ``S`` be a uniform random sample of ``m`` of the
``N`` first words, in the random order the sampler draws them, and let its first ``k`` words be
decided, ``y`` of them yes. Those ``k`` words are themselves a uniform random sample of size
``k``, so ``N y / k`` is an unbiased estimate of the number of yes words, and the Wilson score
interval of ``y`` in ``k`` trials gives its confidence interval (conservative for sampling
without replacement, whose variance is smaller by the factor ``(N - k) / (N - 1)``). Only the
decided prefix counts: a sampled word decided out of turn (covered by a core, or by another
run) was decided *because* of its verdict, and would bias the count.

The estimate is a statistic, never a proof: the proven bounds are the checkpoint's yes words
(each with a verified tree) and all words but its nos (each with a checked core).
"""
from __future__ import annotations

import math
import random
from statistics import NormalDist

from wordlelab.errors import WordleError


def sample_first_words(guesses, size: int, seed: int) -> list[str]:
    """``size`` first words drawn uniformly from ``guesses`` by ``seed``, in the order drawn.

    The draw depends on the set of guesses alone (not their order in the file), so the same seed
    gives the same sample on every run: a run stopped and resumed takes the same words. It is
    the first ``size`` words of one seeded shuffle, so a larger sample of the same seed extends
    a smaller one, whose decisions still count.

    >>> sample_first_words(["crane", "salet", "trace", "slate"], 2, seed=1)
    ['trace', 'crane']
    >>> sample_first_words(["slate", "trace", "salet", "crane"], 3, seed=1)
    ['trace', 'crane', 'slate']
    """
    words = sorted(set(guesses))
    if not 0 < size <= len(words):
        raise WordleError(f"--sample takes 1 to {len(words)} first words, not {size}")
    random.Random(seed).shuffle(words)
    return words[:size]


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion, ``successes`` of ``trials``.

    >>> low, high = wilson_interval(30, 100)
    >>> round(low, 3), round(high, 3)
    (0.219, 0.396)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    # exact at the ends, where rounding would leave the interval a hair off its own proportion
    return (0.0 if successes == 0 else max(0.0, centre - half),
            1.0 if successes == trials else min(1.0, centre + half))


def estimate_yes(decisions: dict, sample: list[str], population: int, confidence: float = 0.95) -> dict:
    """The number of yes first words among ``population``, estimated from ``sample``'s decided prefix.

    ``decisions``: a sweep's entries (word -> entry with ``"yes"`` True, False or None). The
    prefix runs up to the first sampled word with no entry. A word in it whose entry is undecided
    (out of its budget) is counted as no for the interval's low end and as yes for its high end,
    and left out of the point estimate.

    >>> d = {"a": {"yes": True}, "b": {"yes": False}, "c": {"yes": None}, "e": {"yes": True}}
    >>> est = estimate_yes(d, ["a", "b", "c", "d", "e"], population=1000)
    >>> est["prefix"], est["yes"], est["no"], est["undecided"], est["estimate"]
    (3, 1, 1, 1, 500)
    """
    prefix = []
    for word in sample:
        if word not in decisions:
            break
        prefix.append(decisions[word]["yes"])
    k = len(prefix)
    yes, no = prefix.count(True), prefix.count(False)
    undecided = k - yes - no
    low, _ = wilson_interval(yes, k, confidence)
    _, high = wilson_interval(yes + undecided, k, confidence)
    known_yes = sum(1 for v in decisions.values() if v["yes"] is True)
    known_no = sum(1 for v in decisions.values() if v["yes"] is False)
    return {"sample": len(sample), "prefix": k, "yes": yes, "no": no, "undecided": undecided,
            "estimate": round(population * yes / (yes + no)) if yes + no else None,
            # the interval, narrowed to what is proven (a certain bound only adds coverage)
            "low": max(known_yes, math.floor(population * low)),
            "high": min(population - known_no, math.ceil(population * high)),
            "confidence": confidence, "population": population,
            "proven_low": known_yes, "proven_high": population - known_no}
