"""The report of a ``wordlelab every-first-word`` run or checkpoint: its Result, what
stopped each undecided word, and the run's progress text.

The verdicts are read from the checkpoint's entries and nothing else: a yes is a word whose
tree the verifier passed, a no one whose core the pure-Python checker decided (both checked
when the entry was made, and again by ``--recheck``), an unknown what a limit left open. So
OPTIMAL means every first word has a yes or a no, never that a limit was reached.
"""
from __future__ import annotations

import os
from typing import NamedTuple

from wordlelab.models.result import Result, Status
from wordlelab.models.stats import SweepStats


class SweepTally(NamedTuple):
    """What one run of a sweep did: ``resumed`` words taken from the checkpoint, ``decided_now``
    searched now, ``verified_now`` the yes words whose tree the verifier passed now, ``nodes``
    searched and ``seconds`` spent."""

    resumed: int
    decided_now: int
    verified_now: frozenset | set
    nodes: int
    seconds: float


def sweep_result(question, decisions, n_words, tally: SweepTally, not_reached: int = 0, checkpoint=None,
                 sealed: bool = True) -> Result:
    """The sweep's Result from its ``decisions`` and what this run did (``tally``); ``not_reached``:
    words of the run not in them yet (only a report of a checkpoint,
    :func:`~wordlelab.solvers.search.depth.depth_verdicts.sweep_status`, has any: a run decides
    every word before it returns).

    ``sealed`` False: the ``checkpoint`` the decisions were resumed from was not written by this
    installation, so its verdicts (and those this run drew from its cores) are claims; the result
    rests on it (:meth:`~wordlelab.models.result.Result.rest_on`) until ``--recheck`` re-checks them."""
    resumed, decided_now, verified_now, nodes, seconds = tally
    yes = sorted(w for w, v in decisions.items() if v["yes"])
    unknown = sorted(w for w, v in decisions.items() if v["yes"] is None)
    counts = {"yes": len(yes), "no": len(decisions) - len(yes) - len(unknown), "unknown": len(unknown)}
    # every yes decided in this call had its tree checked by verify_tree before it counted (trees_verified);
    # the trees are in tree_dir, not in the result (thousands of 12972-answer trees would not fit)
    out = SweepStats(yes, unknown, counts, first_words=n_words, from_checkpoint=resumed, searched_now=decided_now,
                     rate_per_hour=round(decided_now / seconds * 3600, 1) if decided_now else None, nodes=nodes,
                     # unknowns whose search refuted a class, but whose core was not made or checked in time
                     refuted_unchecked=sum(1 for w in unknown if "failing" in decisions[w]),
                     unknown_by_limit=unknown_by_limit(decisions, unknown), not_reached=not_reached,
                     unknown_words_by_limit=unknown_words_by_limit(decisions, unknown),
                     # unknowns whose core check goes on from the first guesses it refuted so far (drafts file)
                     check_settled={w: decisions[w]["settled"] for w in unknown if "settled" in decisions[w]},
                     nos_unchecked=nos_unchecked(decisions, question.get("mode")),
                     trees_verified=sum(1 for w in yes if w in verified_now))
    status = Status.OPTIMAL if not unknown and not not_reached else Status.UNKNOWN
    res = Result(question, "native", status, len(yes) if status == Status.OPTIMAL else None,
                 len(yes) + len(unknown) + not_reached, None, None, False, seconds, out)
    from wordlelab.solvers.runtime.checkpoint import unsealed_inputs
    others = [p for p in unsealed_inputs() if checkpoint is None or p != os.path.realpath(checkpoint)]
    lines = [] if sealed or not resumed else [
        f"{checkpoint}: the verdicts of {resumed} first words (trees and cores) and what this run drew from them, "
        f"not re-checked here ('--recheck' re-checks them): the file was not written by this installation"]
    lines += [f"{p}: read by this run (cores, drafts or rankings), not written by this installation; '--recheck' "
              f"re-checks every verdict" for p in others]
    return res.rest_on(lines)


def nos_unchecked(decisions: dict, mode: str | None) -> int:
    """The nos of an easy-mode checkpoint whose core the pure-Python checker has not proven (from
    before easy-mode certificates: ``every-first-word --recheck`` proves and marks
    them); 0 in the other modes, where every no is checked when it is found.

    >>> nos_unchecked({"a": {"yes": False}, "b": {"yes": False, "checked": True}, "c": {"yes": True}}, "easy")
    1
    """
    if mode != "easy":
        return 0
    return sum(1 for v in decisions.values() if v["yes"] is False and not v.get("checked"))


def unknown_by_limit(decisions: dict, unknown: list) -> dict:
    """How many undecided words each limit stopped: a core check's work budget (their search
    refuted a class) or the node limit, largest last.

    >>> unknown_by_limit({"a": {"node_limit": 5}, "b": {"node_limit": 5, "failing": "BBBBB", "core_work": 9},
    ...                    "c": {"node_limit": 7}}, ["a", "b", "c"])
    {'check budget 9': 1, 'node limit 5': 1, 'node limit 7': 1}
    """
    return {limit: len(words) for limit, words in unknown_words_by_limit(decisions, unknown).items()}


def unknown_words_by_limit(decisions: dict, unknown: list) -> dict:
    """The undecided words each limit stopped, grouped as :func:`unknown_by_limit` counts them.

    >>> unknown_words_by_limit({"a": {"node_limit": 5}, "b": {}, "c": {"node_limit": 5}}, ["a", "b", "c"])
    {'node limit (not recorded)': ['b'], 'node limit 5': ['a', 'c']}
    """
    groups: dict = {}
    for w in unknown:
        v = decisions[w]
        key = ("check budget", v["core_work"]) if "core_work" in v else ("node limit", v.get("node_limit", -1))
        groups.setdefault(key, []).append(w)
    return {f"{kind} {n}" if n >= 0 else f"{kind} (not recorded)": words for (kind, n), words in sorted(groups.items())}


def word_verdict(value) -> str:
    """One word's decision in a few words: yes, no, or what stopped it.

    >>> word_verdict({"yes": None, "node_limit": 5}), word_verdict({"yes": False})
    ('unknown (node limit 5)', 'no')
    """
    if value is None:
        return "not searched: it gives every answer one pattern"
    if value["yes"] is not None:
        return "yes" if value["yes"] else "no"
    (stopped,) = unknown_by_limit({"w": value}, ["w"])
    settled = f", {value['settled']} second guesses refuted so far" if "settled" in value else ""
    return f"unknown ({stopped}{settled})"


def latest_and_count(sweep, loaded: dict) -> str:
    """The progress text of a sweep on workers: the word settled last (searched, or a twin's
    decision taken), then :func:`count_by_verdict` over the checkpoint as it will be saved
    (``sweep.results`` holds the entries it restored; ``loaded``, the whole file as read,
    covers any it did not)."""
    head = f"{sweep.last.upper()} {word_verdict(sweep.results[sweep.last])}; " if sweep.last else ""
    return head + count_by_verdict(sweep.results, loaded)


def count_by_verdict(results: dict, under: dict | None = None) -> str:
    """The progress text: the words of ``results`` (and of ``under``, where ``results`` has no
    entry) by verdict. An unknown is an entry too, so a count of entries alone would call every
    first word decided.

    >>> count_by_verdict({"a": {"yes": None}}, {"a": {"yes": False}, "b": {"yes": True}})
    '0 no, 1 yes, 1 undecided'
    """
    values = list(results.values()) + [v for w, v in (under or {}).items() if w not in results]
    yes = sum(1 for v in values if v["yes"])
    no = sum(1 for v in values if v["yes"] is False)
    return f"{no} no, {yes} yes, {len(values) - yes - no} undecided"


def check_progress(word: str, claims: int, reached: dict | None) -> str:
    """One unfinished core check in a line of text: the word, its claims (second guesses refuted
    by a search so far) and how far it has gone
    (:func:`~wordlelab.solvers.search.depth.depth_verdicts.check_reached`).

    >>> check_progress("jumbo", 427, {"guess": "fuzzy", "position": 4148, "of": 12972})
    'JUMBO 427 (past FUZZY, 4148 of 12972)'
    """
    far = f" (past {reached['guess'].upper()}, {reached['position']} of {reached['of']})" \
        if reached and reached["guess"] else ""
    return f"{word.upper()} {claims}{far}"
