"""The proven ranking of the first guesses, kept once per word lists, mode and guess limit.

An analysis of play needs e before the first guess: the least total over every first guess.
That is a best-start ranking (:mod:`wordlelab.solvers.search.rank.best_start`), minutes of work that
depend on nothing but the lists, the mode and the guess limit, so it is kept as a best-start
checkpoint: by default in the cache directory (``$WORDLELAB_CACHE`` or the user cache, as the
pattern matrices), or in a file given, such as the ``--checkpoint`` of ``wordlelab best-start``
(any ``--top``: the question of the file is the same).

What this relies on: a checkpoint entry is the exact total of a first guess or a proven lower
bound (written by best-start's exhaustive search, digest-checked on loading by
:mod:`wordlelab.solvers.checkpoint`); the file must hold every candidate first guess (those
:meth:`~wordlelab.solvers.search.native.NativeSearcher.candidate_order` keeps; any other guess
neither splits the answers nor is one, so it is never best). A file missing some is completed
by resuming the best-start sweep into it. A bound at or below the best exact total is made
exact here, so every guess tying for best has its exact total. The bounds of the other guesses
are taken from the file as they are.

The trees of the best first guesses are kept beside the file (:func:`kept_trees`,
:func:`keep_trees`), so that an analysis need not search them again: each one is re-checked by
the independent verifier (:func:`~wordlelab.models.verify.verify_tree`) whenever it is read,
and one that fails, or is for other lists, is not used.
"""
from __future__ import annotations

import functools
import json
import re
import time
from pathlib import Path

from wordlelab.errors import WordleError
from wordlelab.models.files import CannotWrite, write_atomic
from wordlelab.models.tree import Tree, TreeFormatError, from_json, to_json
from wordlelab.models.verify import TreeFault, verify_tree
from wordlelab.solvers.checkpoint import lists_question, load_checkpoint
from wordlelab.solvers.search.rank.best_start import run_best_start
from wordlelab.solvers.search.native import INF, NativeSearcher
from wordlelab.solvers.search.classes.ranking_checkpoint import check_entry, checkpoint_question


def default_checkpoint(lists, mode: str, max_guesses: int) -> Path:
    """Where the ranking of ``lists`` in ``mode`` within ``max_guesses`` is kept by default.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> default_checkpoint(WordLists("a b/c", ("crate",), ("crate",)), "hard", 6).name[:24]
    'first-guesses-a_b_c-hard'
    """
    from wordlelab.models.cache import cache_dir, short_name
    # cut to a prefix and a hash: a list's file name may be longer than a file name may be
    name = short_name(re.sub(r"[^A-Za-z0-9+-]", "_", lists.name))
    return cache_dir() / "rankings" / f"first-guesses-{name}-{mode}-{max_guesses}-{lists.key}.json"


def ranking_kept(searcher: NativeSearcher, checkpoint: str | Path | None = None) -> bool:
    """Whether the kept ranking holds every candidate first guess, so that :func:`first_guess_ranking`
    runs no sweep (seconds, where a sweep takes minutes). A file that does not load counts as not kept.

    >>> import tempfile, os
    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> s = NativeSearcher(WordLists("six", words, words))
    >>> path = os.path.join(tempfile.mkdtemp(), "rank.json")
    >>> before = ranking_kept(s, path)
    >>> _ = first_guess_ranking(s, path)
    >>> before, ranking_kept(s, path)
    (False, True)
    """
    lists = searcher.lists
    path = Path(checkpoint) if checkpoint else default_checkpoint(lists, searcher.mode, searcher.max_guesses)
    if not path.is_file():
        return False
    try:
        entries = load_checkpoint(str(path), checkpoint_question(lists, searcher.mode, searcher.max_guesses),
                                  functools.partial(check_entry, None))
    except WordleError:
        return False
    if all(w in entries for w in lists.guesses):
        return True
    # as first_guess_ranking: the guesses that are no candidates are never swept
    return all(lists.guesses[g] in entries for _, g in searcher.candidate_order(searcher.root()))


def first_guess_ranking(searcher: NativeSearcher, checkpoint: str | Path | None = None, workers: int = 1,
                        progress_bar=None, announce=None) -> tuple[list[tuple[str, int, bool]], dict]:
    """Every candidate first guess as (word, total, exact), best first, and where it came from.

    The second value: ``{"file", "computed_now", "seconds", "rests_on"}``; ``computed_now`` is true
    when the sweep ran (or resumed) in this call; ``rests_on`` names the file if this installation
    did not write it (its bounds are then claims, see :meth:`wordlelab.models.result.Result.rest_on`). ``announce(text)`` is told before a sweep starts;
    ``progress_bar`` is best-start's (see :func:`~wordlelab.solvers.search.rank.best_start.run_best_start`).

    >>> import tempfile, os
    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> s = NativeSearcher(WordLists("six", words, words))
    >>> path = os.path.join(tempfile.mkdtemp(), "rank.json")
    >>> rows, info = first_guess_ranking(s, path)
    >>> rows[0], info["computed_now"], first_guess_ranking(s, path)[1]["computed_now"]
    (('rebut', 11, True), True, False)
    """
    t0 = time.perf_counter()
    lists, mode, limit = searcher.lists, searcher.mode, searcher.max_guesses
    path = Path(checkpoint) if checkpoint else default_checkpoint(lists, mode, limit)
    question = checkpoint_question(lists, mode, limit)
    node = searcher.root()
    check = functools.partial(check_entry, None)
    entries = load_checkpoint(str(path), question, check)
    candidates = list(lists.guesses)
    if any(w not in entries for w in candidates):
        # the sweep leaves out the guesses that are no candidates: are those all that is missing?
        candidates = [lists.guesses[g] for _, g in searcher.candidate_order(node)]
    computed = any(w not in entries for w in candidates)
    if computed:
        if announce:
            done = sum(w in entries for w in candidates)
            announce(f"ranking all {len(candidates)} first guesses of {lists.name} ({mode} mode, at most {limit} "
                     f"guesses) with proof, once for every analysis: a best-start sweep on {workers} worker(s), "
                     f"kept in {path}" + (f" ({done} done by an earlier run)" if done else ""))
        path.parent.mkdir(parents=True, exist_ok=True)
        run_best_start(lists, mode, limit, 1, None, None, str(path), workers, progress_bar=progress_bar,
                       announce=announce)
        entries = load_checkpoint(str(path), question, check)
    done = {w: (int(entries[w][0]), bool(entries[w][1])) for w in candidates}
    while True:
        best = min((v for v, e in done.values() if e), default=INF)
        # a bound that does not exceed the best exact total might tie with it: make it exact
        pending = [w for w, (v, e) in done.items() if not e and v <= best and v < INF]
        if not pending:
            break
        for w in pending:
            done[w] = (int(searcher.start_value(node, searcher.guess_index[w], INF)), True)
    rows = sorted(((w, v, e) for w, (v, e) in done.items()), key=lambda r: (r[1], not r[2], r[0]))
    # a ranking this installation did not write is a claim: the exact totals below the best are
    # redone above, but every other guess's bound is the file's (see solvers/checkpoint.py)
    rests = [] if entries.sealed else [f"{path}: the totals and bounds of {len(candidates)} first guesses, "
                                       f"not re-proved here: the file was not written by this installation"]
    return rows, {"file": str(path), "computed_now": computed, "seconds": round(time.perf_counter() - t0, 3),
                  "rests_on": rests}


def _trees_file(checkpoint: str | Path | None, searcher: NativeSearcher) -> Path:
    path = Path(checkpoint) if checkpoint else default_checkpoint(searcher.lists, searcher.mode, searcher.max_guesses)
    return path.with_name(path.stem + ".best-trees.json")


def _trees_question(searcher: NativeSearcher) -> dict:
    return {"lists": lists_question(searcher.lists), "mode": searcher.mode, "max_guesses": searcher.max_guesses}


def kept_trees(searcher: NativeSearcher, checkpoint: str | Path | None = None) -> dict[str, tuple[Tree, int]]:
    """The kept trees of best first guesses, word -> (tree, its total), each verified now.

    A tree is returned only if the independent verifier finds that it solves every answer of the
    searcher's lists within its mode and guess limit, starting with that word; what it totals is
    the verifier's count. A missing or unreadable file gives {}.
    """
    path = _trees_file(checkpoint, searcher)
    try:
        data = json.loads(path.read_text())
        if data["question"] != _trees_question(searcher):
            return {}
        stored = {w: from_json(t) for w, t in data["trees"].items()}
    except (OSError, ValueError, KeyError, TypeError, TreeFormatError):
        return {}
    lists, out = searcher.lists, {}
    for word, tree in stored.items():
        try:
            report = verify_tree(tree, lists.answers, lists.guesses, searcher.mode, (), searcher.max_guesses)
        except TreeFault:
            continue
        if tree.guess == word:
            out[word] = (tree, report.total)
    return out


def keep_trees(searcher: NativeSearcher, trees: dict[str, Tree], checkpoint: str | Path | None = None) -> None:
    """Keep ``trees`` (best first guess -> its verified tree) beside the ranking, replacing the file
    atomically; a file that cannot be written is left as it is (the trees are searched again)."""
    path = _trees_file(checkpoint, searcher)
    data = {"question": _trees_question(searcher), "trees": {w: to_json(t) for w, t in sorted(trees.items())}}
    try:
        write_atomic(path, json.dumps(data, separators=(",", ":")))
    except CannotWrite:
        pass
