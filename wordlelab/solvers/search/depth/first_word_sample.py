"""How many first words are yes: an estimate from a random sample, beside the proven bounds.

While an all-first-word sweep is far from done, its decided words are no guide to the count:
the candidate order is no random order, and the words a known core covers jump the queue (all
of them no). A uniform random sample of the first words, decided strictly in the sample's own
order, is.

**Fact (a uniform sample's prefix).** Let ``S`` be a uniform random sample of ``m`` of the
``N`` first words, in the random order the sampler draws them. Its first ``k`` words, for a
``k`` fixed in advance, are a uniform random sample of size ``k``; if ``y`` of them are yes,
``N y / k`` estimates the number of yes words without bias, and the Wilson score interval of
``y`` in ``k`` trials is its confidence interval (conservative for sampling without
replacement, whose variance is smaller by the factor ``(N - k) / (N - 1)``).

Here ``k`` is how far the sample's own run has gone, word by word in the drawn order (its
*reach*, kept beside the checkpoint): which words it covers depends on nothing but the run's
progress. That is not quite fixed in advance: the run stops on the word in flight, and how long
a word takes depends on its verdict, so the estimate is consistent rather than unbiased, off by
about one word in ``k``. A sampled word decided out of turn (by another run, or by a core) is
counted only once the run has reached it: counted when decided, the words a core covers (all
no) would stretch the prefix, and the prefix would stop at the words no one has decided, which
lean yes.

The estimate is a statistic, never a proof: the proven bounds are the checkpoint's yes words
(each with a verified tree) and all words but its nos whose cores were checked.
"""
from __future__ import annotations

import math
import random
from pathlib import Path
from statistics import NormalDist

from wordlelab.errors import ParameterError


def sample_first_words(words, size: int, seed: int) -> list[str]:
    """``size`` first words drawn uniformly from ``words`` by ``seed``, in the order drawn.

    The draw depends on the set of words alone (not their order), so the same seed gives the
    same sample on every run: a run stopped and resumed takes the same words. It is the first
    ``size`` words of one seeded shuffle, so a larger sample of the same seed extends a smaller
    one, whose decisions and reach still count.

    >>> sample_first_words(["crane", "salet", "trace", "slate"], 2, seed=1)
    ['trace', 'crane']
    >>> sample_first_words(["slate", "trace", "salet", "crane"], 3, seed=1)
    ['trace', 'crane', 'slate']
    """
    words = sorted(set(words))
    if not 0 < size <= len(words):
        raise ParameterError(f"{{sample}} takes 1 to {len(words)} first words, not {size}")
    random.Random(seed).shuffle(words)
    return words[:size]


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion, ``successes`` of ``trials``: the proportions
    p with ``|successes / trials - p| <= z sqrt(p (1 - p) / trials)``.

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


def estimate_yes(decisions: dict, sample: list[str], reach: int, population: int, unchecked_nos: int = 0,
                 confidence: float = 0.95) -> dict:
    """The number of yes first words among ``population``, estimated from the first ``reach``
    words of ``sample`` (the words the sample's run has passed, in the drawn order).

    ``decisions``: a sweep's entries (word -> entry with ``"yes"`` True, False or None);
    ``unchecked_nos``: how many of its nos have no checked core (not proven, so not in the
    proven bounds). A word in the prefix whose entry is undecided (out of its budget) is counted
    as no for the interval's low end and as yes for its high end, and there is then no point
    estimate. The interval and the estimate are narrowed to the proven bounds, which hold for
    certain.

    >>> d = {"a": {"yes": True}, "b": {"yes": False}, "c": {"yes": True}, "e": {"yes": False}}
    >>> est = estimate_yes(d, ["a", "b", "c", "e"], reach=3, population=1000)
    >>> est["prefix"], est["yes"], est["no"], est["undecided"], est["estimate"]
    (3, 2, 1, 0, 667)
    >>> est["proven_low"], est["proven_high"]
    (2, 998)
    """
    prefix = [decisions.get(w, {"yes": None})["yes"] for w in sample[:reach]]
    k = len(prefix)
    yes, no = prefix.count(True), prefix.count(False)
    undecided = k - yes - no
    known_yes = sum(1 for v in decisions.values() if v["yes"] is True)
    known_no = sum(1 for v in decisions.values() if v["yes"] is False) - unchecked_nos
    proven_low, proven_high = known_yes, population - known_no

    def proven(count: float) -> int:
        # the true count lies in the proven range, so narrowing to it keeps the coverage
        return min(max(int(count), proven_low), proven_high)
    low, _ = wilson_interval(yes, k, confidence)
    _, high = wilson_interval(yes + undecided, k, confidence)
    return {"sample": len(sample), "prefix": k, "yes": yes, "no": no, "undecided": undecided,
            "estimate": proven(round(population * yes / k)) if k and not undecided else None,
            "low": proven(math.floor(population * low)), "high": proven(math.ceil(population * high)),
            "confidence": confidence, "population": population,
            "proven_low": proven_low, "proven_high": proven_high}


# ---- a sweep's sample

def sweep_candidates(searcher, guesses: int) -> list[str]:
    """The first words a sweep decides: those of the candidate order (a guess that neither
    splits the answers nor is one is not among them)."""
    return [searcher.lists.guesses[g] for _, g in searcher.candidate_order(searcher.root(None, None, guesses))]


def sample_estimate(searcher, guesses: int, checkpoint, decisions: dict, sample: tuple, reach: int = 0) -> dict:
    """``estimate_yes`` of the ``sample`` = ``(size, seed)`` of a sweep's first words, over the
    words its runs have passed: ``reach`` in this run, or more as recorded beside ``checkpoint``."""
    from wordlelab.solvers.search.depth.depth_entries import sweep_question
    from wordlelab.solvers.search.depth.depth_report import nos_unchecked
    candidates = sweep_candidates(searcher, guesses)
    drawn = sample_first_words(candidates, *sample)
    question = sweep_question(searcher, searcher.root(None, None, guesses), guesses)
    reach = max(reach, load_reach(checkpoint, question, sample[1]))
    return estimate_yes(decisions, drawn, min(reach, len(drawn)), len(candidates),
                        nos_unchecked(decisions, searcher.mode))


# ---- the reach of each seed's run, kept beside the sweep's checkpoint

def reach_path(checkpoint) -> Path | None:
    """Where the reach of the sample runs on ``checkpoint`` is kept (None without a checkpoint).

    >>> str(reach_path("runs/every6.json"))
    'runs/every6.samples.json'
    """
    from wordlelab.solvers.runtime.checkpoint import beside
    return beside(checkpoint, "samples")


def _reach_question(question: dict) -> dict:
    return {**question, "kind": "first-word-sample-reach"}


def _check_reach(seed, reach) -> None:
    int(seed)
    if not isinstance(reach, int) or isinstance(reach, bool) or reach < 0:
        raise ValueError("a reach is a count of words")


def load_reach(checkpoint, question: dict, seed: int) -> int:
    """How many words of seed ``seed``'s draw its runs on ``checkpoint`` have passed (0 if none)."""
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    return load_checkpoint(reach_path(checkpoint), _reach_question(question), _check_reach).get(str(seed), 0)


def save_reach(checkpoint, question: dict, seed: int, reach: int) -> int:
    """Record that a run of seed ``seed`` has passed ``reach`` words of its draw (a reach is never
    lowered: a second run of the seed passes the same words again). Returns the reach kept."""
    from wordlelab.solvers.runtime.checkpoint import save_merged
    if not checkpoint:
        return reach
    kept = save_merged(reach_path(checkpoint), _reach_question(question), {str(seed): reach},
                       replaces=lambda ours, theirs: ours >= theirs)
    return kept[str(seed)]
