"""Proven hints, kept in the cache so that the same question is answered again at once.

A hint (:func:`wordlelab.solvers.search.rank.hint.hint`) rests on two things: an exhaustive search
proved that no other guess beats the ones it lists, and each listed guess's value is attained
by a tree that the independent verifier checked. The first cannot be re-checked cheaply (it is
the whole search); the second can. So a kept hint stores its rows and every row's tree, and is
given back only when, read now:

- it answers the same question: the same lists (by content key), mode, guess limit and state;
  at least as many guesses (``top``) as are asked for;
- the state, replayed in plain Python, leaves exactly the answers stored;
- every row's tree passes :func:`~wordlelab.models.verify.verify_tree` from that state (its
  history, mode and guess limit), starts with the row's guess, and totals the row's value.

- it carries a valid seal (:func:`~wordlelab.models.cache.seal`): the first half, that no other
  guess is better, is only as good as the search that wrote the file, so a file this
  installation did not write (an edit, a copy) is not believed, whatever its trees say.

Anything else is ignored, and the next search overwrites it. Reading needs no compiled code,
which is why a kept hint costs a fraction of a second, whole process, where a search pays about
half a second to load numba before it starts.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from wordlelab.models.cache import cache_dir, seal, sealed, short_name
from wordlelab.models.files import CannotWrite, write_atomic
from wordlelab.models.state import GameState
from wordlelab.models.tree import TreeFormatError, from_json, to_json
from wordlelab.models.verify import TreeFault, verify_tree

# 2: rows of equal total list the possible answers first; a version-1 file, ordered only
# alphabetically, may have left out a possible answer tying with the ones it kept
VERSION = 2


def kept_file(lists, mode: str, max_guesses: int, game: GameState) -> Path:
    """The file that keeps the hint for ``game``: one directory per lists, mode and limit.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> from wordlelab.models.state import parse_state
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush")
    >>> lists = WordLists("six", words, words)
    >>> kept_file(lists, "easy", 6, parse_state("humph.BBBBB", lists)).name
    'humph.BBBBB.json'
    """
    # names cut to a prefix and a hash: a list's file name may be longer than a file name may be
    name = short_name(re.sub(r"[^A-Za-z0-9+-]", "_", lists.name))
    folder = cache_dir() / "hints" / f"{name}-{mode}-{max_guesses}-{lists.key}"
    return folder / f"{short_name(game.describe() or 'start', 200)}.json"


def _sealed_text(data: dict) -> bytes:
    """The text a kept hint's seal is taken over: every field but the seal, canonical JSON."""
    return json.dumps({k: v for k, v in data.items() if k != "seal"}, sort_keys=True,
                      separators=(",", ":")).encode()


def _question(lists, mode: str, max_guesses: int, game: GameState) -> dict:
    return {"version": VERSION, "lists": {"name": lists.name, "key": lists.key}, "mode": mode,
            "max_guesses": max_guesses, "state": game.describe()}


def keep(lists, mode: str, max_guesses: int, game: GameState, top: int, status: str,
         rows: list[tuple[str, int]], trees: dict, seconds: float) -> Path | None:
    """Keep a proven hint: ``rows`` are (guess, total), best first, ``trees`` each row's tree.

    The file is replaced atomically; one that cannot be written is skipped (the hint is searched
    again next time). Returns the file, or None.
    """
    from wordlelab.solvers.runtime.checkpoint import unsealed_inputs
    if unsealed_inputs():
        return None         # it may rest on a file's claims (a ranking): never kept as proven
    path = kept_file(lists, mode, max_guesses, game)
    data = {"question": _question(lists, mode, max_guesses, game), "top": top, "status": status,
            "answers_left": list(game.answers), "seconds": round(seconds, 3),
            "rows": [{"guess": g, "total": v, "tree": to_json(trees[g])} for g, v in rows]}
    data["seal"] = seal(_sealed_text(data))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, separators=(",", ":")))
    except (OSError, CannotWrite):
        return None
    return path


def recall(lists, mode: str, max_guesses: int, game: GameState, top: int) -> dict | None:
    """The kept hint for ``game`` with at least ``top`` guesses, re-checked now; None if there is none.

    Returns ``{"status", "rows": [(guess, total)], "trees": {guess: Tree}, "file", "seconds"}``
    with the ``top`` best rows; ``seconds`` is what the search took when it ran.
    """
    path = kept_file(lists, mode, max_guesses, game)
    try:
        import os
        import stat
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None         # a FIFO would block, a link to a device never end: a kept hint is a file
        data = json.loads(path.read_text())
        if not sealed(_sealed_text(data), data.pop("seal", None)):
            return None
        if data["question"] != _question(lists, mode, max_guesses, game) or int(data["top"]) < top:
            return None
        if data["answers_left"] != list(game.answers) or data["status"] not in ("OPTIMAL", "INFEASIBLE"):
            return None
        rows = [(r["guess"], int(r["total"]), from_json(r["tree"])) for r in data["rows"][:top]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError, TreeFormatError):
        return None
    if (data["status"] == "OPTIMAL") != bool(rows) or [v for _, v, _ in rows] != sorted(v for _, v, _ in rows):
        return None
    for guess, total, tree in rows:
        try:
            # the verifier counts guesses from the tree's root: those left after the history
            report = verify_tree(tree, game.answers, lists.guesses, mode, game.history,
                                 max_guesses - len(game.history))
        except TreeFault:
            return None
        if tree.guess != guess or report.total != total:
            return None
    return {"status": data["status"], "rows": [(g, v) for g, v, _ in rows], "trees": {g: t for g, _, t in rows},
            "file": str(path), "seconds": float(data.get("seconds", 0.0))}
