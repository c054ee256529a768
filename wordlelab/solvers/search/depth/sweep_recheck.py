"""Re-check a ``wordlelab every-first-word`` run from its certificates alone.

The count of yes words rests on two facts, both re-checked here without the search that found
them deciding anything:

- **a yes is its tree.** A strategy tree that plays the word first and finds every answer within
  G guesses, each guess allowed by the mode's rule, proves the word can; the independent
  verifier (:func:`~wordlelab.models.verify.verify_tree`) re-reads the tree from ``WORD.tree``;
- **a no is its core.** After a fixed history, the guesses allowed do not depend on which
  answers remain (in easy mode they are every guess), so a subset of a class is never harder
  than the class (monotonicity, Selby part 2). If some answers that share one pattern of the first word cannot all be found
  within G - 1 more guesses, neither can the whole class, and the word cannot guarantee G.
  The pure-Python checker (:func:`~wordlelab.models.refutation.check_first_word_core`) decides
  that for the core alone, with none of the search's tables or compiled code deciding anything.
  For a core of 100 answers or more the compiled depth search gives the checker hints
  (:class:`~wordlelab.solvers.search.depth.hard_cores.KernelHint`): which class of a guess to search
  first. A hint orders the checker's work; the checker still decides every class it relies on.

A resumed run takes most decisions from its checkpoint, checked when they were found but not
in this call. ``recheck_decisions`` re-checks every one of them, on the sweep layer's workers,
so the result of a whole run can be marked verified.
"""
from __future__ import annotations

import time
from pathlib import Path

from wordlelab.errors import WordleError

SWEEP_NAME = "depth-every-first-word-recheck"


def recheck_decisions(lists, guesses: int, decisions: dict, tree_dir=None, workers: int = 1,
                      dask_address: str | None = None, progress=None, mode: str = "hard") -> dict:
    """Re-check every decision of ``decisions`` (word -> checkpoint entry), played in ``mode``.

    Each no's core goes to the pure-Python checker and each yes's tree, read from
    ``tree_dir/WORD.tree``, to the tree verifier. Unknown words are skipped: nothing is claimed
    for them. Returns ``{"cores", "trees", "check_nodes", "seconds"}``; raises
    :class:`~wordlelab.errors.WordleError` naming the first word whose certificate fails or is
    missing.

    NAUCH leaves the seven ?ATCH words in one class, and hard mode then lets each guess test only
    one of them, so NAUCH cannot guarantee 7 guesses:

    >>> from wordlelab.instances.wordlists import WordLists
    >>> family = ("batch", "catch", "hatch", "latch", "match", "patch", "watch")
    >>> lists = WordLists("family", family + ("nauch",), family)
    >>> no = {"yes": False, "core": list(family), "depth": 6, "total": None, "same_as": None}
    >>> checked = recheck_decisions(lists, 7, {"nauch": no})
    >>> checked["cores"], checked["trees"], checked["check_nodes"]
    (1, 0, 1)
    >>> no["core"] = ["batch", "catch"]     # two answers, one guess each: not a core
    >>> recheck_decisions(lists, 7, {"nauch": no})
    Traceback (most recent call last):
    ...
    wordlelab.errors.WordleError: re-checked, the certificate of NAUCH fails: CoreFault: ...
    """
    from wordlelab.solvers.runtime.sweep import Sweep, executor, run_sweep
    t0 = time.perf_counter()
    words = [w for w, v in decisions.items() if v["yes"] is not None and v["same_as"] is None]
    for word in words:
        if decisions[word]["yes"] and (tree_dir is None or not (Path(tree_dir) / f"{word}.tree").is_file()):
            raise WordleError(f"the re-check finds no tree for the yes word {word.upper()} in "
                              f"{tree_dir or '(no folder of trees given)'}")
    init_args = (lists, guesses, str(tree_dir) if tree_dir else None, {w: decisions[w] for w in words}, mode)
    sweep = Sweep(SWEEP_NAME, {"kind": SWEEP_NAME}, words, _init, init_args, _recheck_one)
    ex = executor(None, workers, dask_address)
    try:
        results = run_sweep(sweep, ex, None, progress)
    finally:
        ex.close()
    faults = {w: r["fault"] for w, r in results.items() if r["fault"]}
    if faults:
        word = min(faults, key=words.index)
        raise WordleError(f"re-checked, the certificate of {word.upper()} fails: {faults[word]}")
    return {"cores": sum(1 for w in words if not decisions[w]["yes"]),
            "trees": sum(1 for w in words if decisions[w]["yes"]),
            "check_nodes": sum(r["nodes"] for r in results.values()),
            "seconds": round(time.perf_counter() - t0, 1)}


def _init(lists, guesses, tree_dir, decisions, mode):
    return lists, guesses, tree_dir, decisions, {"mode": mode}


def _hint(state, core):
    """A :class:`~wordlelab.solvers.search.depth.hard_cores.KernelHint` for ``core``, from one
    searcher per worker (made at the first large core), or None for a small core."""
    from wordlelab.solvers.search.depth.hard_cores import HINT_FROM, KernelHint
    if len(core) < HINT_FROM:
        return None
    from wordlelab.solvers.search.native import NativeSearcher
    lists, guesses, _, _, kept = state
    if "searcher" not in kept:
        kept["searcher"] = NativeSearcher(lists, kept["mode"], guesses, cache_entries=1 << 10)
    return KernelHint(kept["searcher"], core)


def _recheck_one(state, word: str, _cutoff) -> dict:
    """One word's re-check: ``{"nodes": checker nodes, "fault": None or why it fails}``."""
    from wordlelab.models.feedback import pattern_code
    from wordlelab.models.refutation import CheckTooLong, CoreFault, check_first_word_core
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import TreeFault, verify_tree
    lists, guesses, tree_dir, decisions, kept = state
    mode = kept["mode"]
    value = decisions[word]
    if not value["yes"] and not value["core"]:
        return {"nodes": 0, "fault": "it is a no without a core (resume the run: it is given one)"}
    if not value["yes"]:
        try:
            # a grown core's lemmas (hard_cores.grow_core) are decided first, as when it was found
            lemmas = [(answers, [(g, pattern_code(p)) for g, p in more], left)
                      for answers, more, left in value.get("lemmas", ())]
            return {"nodes": check_first_word_core(word, value["core"], value["depth"], lists.guesses,
                                                   lemmas=lemmas, hint=_hint(state, value["core"]), mode=mode),
                    "fault": None}
        except (CoreFault, CheckTooLong, ValueError) as e:
            return {"nodes": 0, "fault": f"{type(e).__name__}: {e}"}
    try:
        tree = load_tree(str(Path(tree_dir) / f"{word}.tree"))
        if tree.guess != word:
            return {"nodes": 0, "fault": f"its tree starts with {tree.guess.upper()}"}
        report = verify_tree(tree, lists.answers, lists.guesses, mode, (), guesses)
    except (TreeFault, WordleError) as e:
        return {"nodes": 0, "fault": f"{type(e).__name__}: {e}"}
    if report.total != value["total"]:
        return {"nodes": 0, "fault": f"its tree's total is {report.total}, the checkpoint says {value['total']}"}
    return {"nodes": 0, "fault": None}
