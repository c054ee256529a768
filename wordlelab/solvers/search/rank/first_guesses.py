"""The proven ranking of the first guesses, kept once per word lists, mode and guess limit.

An analysis of play needs e before the first guess: the least total over every first guess.
That is a best-start ranking (:mod:`wordlelab.solvers.search.rank.best_start`), minutes of work that
depend on nothing but the lists, the mode and the guess limit, so it is kept as a best-start
checkpoint: by default in the cache directory (``$WORDLELAB_CACHE`` or the user cache, as the
pattern matrices), or in a file given, such as the ``--checkpoint`` of ``wordlelab best-start``
(any ``--top``: the question of the file is the same).

What this relies on: a checkpoint entry is the exact total of a first guess or a proven lower
bound (written by best-start's exhaustive search, digest-checked on loading by
:mod:`wordlelab.solvers.runtime.checkpoint`); the file must hold every candidate first guess (those
:meth:`~wordlelab.solvers.search.native.NativeSearcher.candidate_order` keeps; any other guess
neither splits the answers nor is one, so it is never best). A file missing some is completed
by resuming the best-start sweep into it. A bound at or below the best exact total is made
exact here, so every guess tying for best has its exact total. The bounds of the other guesses
are taken from the file as they are.

The trees of the best first guesses are kept beside the file (:func:`kept_trees`,
:func:`keep_trees`), so that an analysis need not search them again: each one is re-checked by
the independent verifier (:func:`~wordlelab.models.verify.verify_tree`) whenever it is read,
and one that fails, or is for other lists, is not used.

Where no complete ranking is kept, the ranking shipped with wordlelab for exactly these lists,
mode and limit (:mod:`wordlelab.instances.shipped_rankings`) is taken instead of a sweep, and
re-checked on loading (:func:`recheck_shipped`): its digest and form; every candidate first guess
ranked, none below the floor its split of the answers proves (``3n - hit - classes``, classes
counting the one of the answer it hits: that answer costs one guess, any other at least three,
but one in each class at least two); and the best entries, those a hint shows, searched again here, each with a tree
the verifier checks, their totals equal to the file's. The other entries are the file's claims:
the answer names the file in ``rests_on`` (see :meth:`wordlelab.models.result.Result.rest_on`),
with the command that proves them on this machine. A shipped file that fails a check is not used
(the sweep runs, as without one).
"""
from __future__ import annotations

import functools
import json
import re
import time
import warnings
from pathlib import Path

from wordlelab.errors import WordleError, WordlelabWarning
from wordlelab.instances.shipped_rankings import ShippedRanking, ShippedRankingError, load_shipped
from wordlelab.models.files import CannotWrite, write_atomic
from wordlelab.models.result import Status
from wordlelab.models.tree import Tree, TreeFormatError, from_json, to_json
from wordlelab.models.verify import TreeFault, verify_tree
from wordlelab.solvers.runtime.checkpoint import lists_question, load_checkpoint
from wordlelab.models.settings import Execution
from wordlelab.solvers.search.rank.best_start import SweepHooks, run_best_start
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


# the best first guesses a shipped ranking's reader searches again: as many as a hint shows by default
REPROVED = 3


def ranking_kept(searcher: NativeSearcher, checkpoint: str | Path | None = None, shipped: bool = True) -> bool:
    """Whether :func:`first_guess_ranking` will run no sweep (seconds, where a sweep takes minutes):
    the kept ranking holds every candidate first guess, or (``shipped``) a ranking for these lists,
    mode and limit ships with wordlelab. A file that does not load counts as absent.

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
    if shipped:
        try:
            if load_shipped(lists, searcher.mode, searcher.max_guesses) is not None:
                return True
        except ShippedRankingError:
            pass
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
                        progress_bar=None, announce=None, reprove: int = REPROVED, shipped: bool = True,
                        shipped_folder: str | Path | None = None) -> tuple[list[tuple[str, int, bool]], dict]:
    """Every candidate first guess as (word, total, exact), best first, and where it came from.

    Parameters
    ----------
    searcher : NativeSearcher
        The lists, mode and guess limit to rank for.
    checkpoint : str or Path, optional
        The best-start checkpoint that keeps the ranking (default: :func:`default_checkpoint`).
    workers : int
        Processes for the sweep, when it runs.
    progress_bar, announce : callable, optional
        Best-start's progress bar (see :func:`~wordlelab.solvers.search.rank.best_start.run_best_start`);
        ``announce(text)`` is told before a sweep starts, and why a shipped ranking is not used.
    reprove : int
        When the ranking is the shipped one: how many of its best first guesses (in a hint's order)
        are searched again here, their trees verified and kept beside ``checkpoint``.
    shipped : bool
        Whether a ranking shipped with wordlelab may stand in for a sweep (see the module docstring).
    shipped_folder : str or Path, optional
        Where the shipped rankings are (default: the package's).

    Returns
    -------
    rows : list of (str, int, bool)
        Each candidate first guess with its exact total or a proven lower bound, best first.
    origin : dict
        ``{"file", "computed_now", "seconds", "rests_on", "shipped", "reproved"}``: ``computed_now``
        is true when the sweep ran (or resumed) in this call; ``rests_on`` names the file if this
        installation did not write it (its values are then claims, see
        :meth:`wordlelab.models.result.Result.rest_on`); ``shipped`` says whether the file is the
        shipped ranking, ``reproved`` lists the first guesses whose totals were searched again.

    Raises
    ------
    WordleError
        The checkpoint does not load (see :func:`wordlelab.solvers.runtime.checkpoint.load_checkpoint`).

    Examples
    --------
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
    if computed and shipped:
        found = _from_shipped(searcher, path, reprove, shipped_folder, announce)
        if found is not None:
            rows, origin = found
            return rows, {**origin, "seconds": round(time.perf_counter() - t0, 3)}
    if computed:
        if announce:
            done = sum(w in entries for w in candidates)
            announce(f"ranking all {len(candidates)} first guesses of {lists.name} ({mode} mode, at most {limit} "
                     f"guesses) with proof, once for every analysis: a best-start sweep on {workers} worker(s), "
                     f"kept in {path}" + (f" ({done} done by an earlier run)" if done else ""))
        path.parent.mkdir(parents=True, exist_ok=True)
        run_best_start(lists, mode, limit, 1, execution=Execution(checkpoint=str(path), workers=workers),
                       hooks=SweepHooks(progress_bar=progress_bar, announce=announce))
        entries = load_checkpoint(str(path), question, check)
    done = settle_ties(searcher, {w: (int(entries[w][0]), bool(entries[w][1])) for w in candidates})
    rows = sorted(((w, v, e) for w, (v, e) in done.items()), key=lambda r: (r[1], not r[2], r[0]))
    # a ranking this installation did not write is a claim: the exact totals below the best are
    # redone above, but every other guess's bound is the file's (see solvers/runtime/checkpoint.py)
    rests = [] if entries.sealed else [f"{path}: the totals and bounds of {len(candidates)} first guesses, "
                                       f"not re-proved here: the file was not written by this installation"]
    return rows, {"file": str(path), "computed_now": computed, "seconds": round(time.perf_counter() - t0, 3),
                  "rests_on": rests, "shipped": False, "reproved": []}


def settle_ties(searcher: NativeSearcher, done: dict[str, tuple[int, bool]]) -> dict[str, tuple[int, bool]]:
    """``done`` (first guess -> (total or bound, exact)) with every bound that does not exceed the
    best exact total made exact by search, so that every guess tying for best has its exact total."""
    node = searcher.root()
    done = dict(done)
    while True:
        best = min((v for v, e in done.values() if e), default=INF)
        # a bound that does not exceed the best exact total might tie with it: make it exact
        pending = [w for w, (v, e) in done.items() if not e and v <= best and v < INF]
        if not pending:
            return done
        for w in pending:
            done[w] = (int(searcher.start_value(node, searcher.guess_index[w], INF)), True)


def exact_best(searcher: NativeSearcher, done: dict[str, tuple[int, bool]], top: int) -> dict[str, tuple[int, bool]]:
    """``done`` (first guess -> (total or bound, exact)) with the ``top`` best totals exact.

    Guesses are taken in the order of their values; one with a bound is evaluated with the cutoff of
    the ``top``-th best exact total so far, so that most are refuted by their bound (as in a
    best-start sweep with ``--top``), until no bound is below that total. Every guess tying with the
    ``top``-th best total is then exact too.
    """
    node = searcher.root()
    values = dict(done)
    exact = sorted(v for v, e in values.values() if e)
    for w, (v, e) in sorted(done.items(), key=lambda kv: (kv[1][0], not kv[1][1], kv[0])):
        cutoff = exact[top - 1] + 1 if len(exact) >= top else INF
        if v >= cutoff or v >= INF:
            break
        if e:
            continue
        value = int(searcher.start_value(node, searcher.guess_index[w], cutoff))
        values[w] = (value, value < cutoff)
        if value < cutoff:
            exact = sorted(exact + [value])
    return values


def shown_order(searcher: NativeSearcher, values: dict[str, tuple[int, bool]]) -> list[str]:
    """The first guesses in the order a hint shows them: least value first, exact before a bound,
    possible answers first among ties (:func:`~wordlelab.solvers.search.rank.hint.tie_order`), then by word."""
    possible = set(searcher.lists.answers)
    return sorted(values, key=lambda w: (values[w][0], not values[w][1], w not in possible, w))


def recheck_shipped(searcher: NativeSearcher, shipped: ShippedRanking,
                    reprove: int = REPROVED) -> tuple[list[tuple[str, int, bool]], list[str], dict[str, Tree]]:
    """A shipped ranking re-checked for ``searcher``'s lists: (rows best first, the first guesses
    re-proved, their verified trees).

    Every candidate first guess must be ranked, at or above its floor (see the module docstring),
    and the best ``reprove`` exact totals (in a hint's order) must be what a search here finds,
    each with a tree the independent verifier checks. Bounds at or below the best exact total are
    made exact by search, as for a kept ranking.

    Raises
    ------
    ShippedRankingError
        A candidate is missing, a value is below its floor, or a re-proved total differs.
    """
    lists, node = searcher.lists, searcher.root()
    done = {}
    for floor, g in searcher.candidate_order(node):
        w = lists.guesses[g]
        if w not in shipped.entries:
            raise ShippedRankingError(f"the shipped ranking {shipped.path} lacks the first guess {w}, "
                                      f"which splits the answers")
        value, exact = shipped.entries[w]
        if value < floor:
            raise ShippedRankingError(f"the shipped ranking {shipped.path} gives {w} "
                                      f"{'a total' if exact else 'a bound'} of {value}, below the {floor} "
                                      f"its split of the answers proves")
        done[w] = (value, exact)
    done = settle_ties(searcher, done)
    proved, trees = [], {}
    for w in shown_order(searcher, done)[:reprove]:
        value, exact = done[w]
        if not exact or value >= INF:
            break       # (a hint makes a bound exact by its own search; no strategy: no tree to check)
        r = searcher.solve(start=w)
        if r.status != Status.OPTIMAL or not r.verified or r.value != value:
            raise ShippedRankingError(f"the shipped ranking {shipped.path} gives the first guess {w} a total of "
                                      f"{value}; searched here, its least total is {r.value}")
        proved.append(w)
        trees[w] = r.certificate
    rows = sorted(((w, v, e) for w, (v, e) in done.items()), key=lambda r: (r[1], not r[2], r[0]))
    return rows, proved, trees


def _from_shipped(searcher, path, reprove, folder, announce):
    """(rows, origin) from the shipped ranking of ``searcher``'s question, re-checked; None if none
    ships or it fails a check (said to ``announce``, or warned)."""
    lists, mode, limit = searcher.lists, searcher.mode, searcher.max_guesses
    try:
        shipped = load_shipped(lists, mode, limit, folder)
        if shipped is None:
            return None
        rows, proved, trees = recheck_shipped(searcher, shipped, reprove)
    except ShippedRankingError as e:
        note = f"{e}: not used; ranking the first guesses here instead"
        if announce:
            announce(note)
        else:
            warnings.warn(note, WordlelabWarning, stacklevel=3)
        return None
    if trees:
        keep_trees(searcher, trees, path)
    # the file is not counted among this process's unsealed inputs (solvers/runtime/checkpoint.py): nothing
    # sealed is made from its claims (a hint resting on them is not kept, kept trees are verified
    # whenever read), and a play session's later hints, which do not use them, stay kept
    from wordlelab.instances.wordlists import NAMED_LISTS
    how = (f"; 'wordlelab best-start --lists {lists.name}" + (f" --mode {mode}" if mode != "easy" else "")
           + (f" --max-guesses {limit}" if limit != 6 else "") + f" --checkpoint {path}' proves them on this "
           f"machine (minutes; later runs then use it)") if lists.name in NAMED_LISTS else ""
    again = f"the {len(proved)} best ({', '.join(proved)}) searched again here and their trees verified" \
        if proved else "none searched again here"
    rests = [f"{shipped.path}: the totals and bounds of the other {len(rows) - len(proved)} first guesses, taken "
             f"from the ranking shipped with wordlelab ({shipped.source}) and checked only against the floor "
             f"each one's split of the answers proves; {again}{how}"]
    return rows, {"file": str(shipped.path), "computed_now": False, "rests_on": rests, "shipped": True,
                  "reproved": proved}


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
