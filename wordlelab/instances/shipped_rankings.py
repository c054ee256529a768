"""Proven first-guess rankings shipped with wordlelab, keyed by the sha256 of the word lists.

Ranking every first guess of a named pair of lists with proof is a best-start sweep of minutes.
Its answer depends on nothing but the two lists, the mode and the guess limit, so the rankings of
the named lists are shipped as package data (``rankings/``), made by ``tools/ship_rankings.py``
from a finished sweep. A shipped file holds no word: each value sits at a guess's index in the
sorted guess list (whatever order the lists are given in), and the file names the lists by the sha256 of each one's canonical form
(:func:`~wordlelab.instances.wordlists.canonical_sha256`), so it applies to exactly the lists it
was made for, whatever they are called, and to no other.

What a value means (as in a best-start checkpoint): an entry marked exact is that first guess's
least total over the answers; any other is a lower bound no strategy starting with that guess
beats; a value at or above ``INF`` (2**30) means no strategy within the guess limit; -1 is a guess
the sweep had no need to rank (it neither splits the answers nor is one).

This module checks what needs no search: the file's own sha256 digest (damage, a hand edit), its
format, and that it is for these lists, mode and limit, with one well-formed value per guess. A
digest proves nothing about who wrote a file, so the values are claims: the reader
(:func:`wordlelab.solvers.search.rank.first_guesses.first_guess_ranking`) re-proves the best of
them by search and names the rest as what its answer rests on.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import canonical_sha256

FOLDER = Path(__file__).with_name("rankings")
FORMAT = "wordlelab-shipped-ranking"
VERSION = 1
# the searcher's infinite total (solvers/search/engine/tables.py): a total or bound at or above it
# means no strategy within the limit; its node table holds values below 2**31
INF = 1 << 30
VALUE_LIMIT = 1 << 31
NOT_RANKED = -1
_FIELDS = {"format", "version", "lists", "guesses_sha256", "answers_sha256", "n_guesses", "n_answers", "mode",
           "max_guesses", "source", "totals", "exact", "digest"}


class ShippedRankingError(WordleError):
    """A shipped ranking for these lists is there but fails a check: damaged, edited or malformed."""


@dataclass(frozen=True)
class ShippedRanking:
    """A shipped ranking that passed the checks of this module.

    ``entries`` maps each ranked first guess to (total or lower bound, exact); ``source`` says how
    the file was made (``tools/ship_rankings.py`` writes it).
    """

    path: Path
    mode: str
    max_guesses: int
    source: str
    entries: dict


def shipped_path(lists, mode: str, max_guesses: int, folder: str | Path | None = None) -> Path:
    """Where the shipped ranking of ``lists`` in ``mode`` within ``max_guesses`` would be.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> shipped_path(WordLists("x", ("crate",), ("crate",)), "hard", 6).name
    'first-guesses-bbdf28e7b6867a0cec09-hard-6.json.gz'
    """
    return Path(folder or FOLDER) / f"first-guesses-{lists.key}-{mode}-{max_guesses}.json.gz"


def payload_digest(data: dict) -> str:
    """sha256 of everything in a shipped file but its digest, as canonical JSON."""
    body = {k: v for k, v in data.items() if k != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def encode(lists, mode: str, max_guesses: int, entries: dict, source: str) -> dict:
    """The content of a shipped file for ``entries`` (word -> (total or bound, exact)), digest included.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> d = encode(WordLists("x", ("slate", "crate"), ("slate",)), "easy", 6, {"slate": (1, True)}, "demo")
    >>> d["totals"], d["exact"]
    ([-1, 1], [1])
    """
    index = {w: i for i, w in enumerate(sorted(lists.guesses))}
    totals = [NOT_RANKED] * len(lists.guesses)
    exact = []
    for word, (value, is_exact) in entries.items():
        totals[index[word]] = int(value)
        if is_exact:
            exact.append(index[word])
    data = {"format": FORMAT, "version": VERSION, "lists": lists.name,
            "guesses_sha256": canonical_sha256(lists.guesses), "answers_sha256": canonical_sha256(lists.answers),
            "n_guesses": len(lists.guesses), "n_answers": len(lists.answers), "mode": mode,
            "max_guesses": max_guesses, "source": source, "totals": totals, "exact": sorted(exact)}
    data["digest"] = payload_digest(data)
    return data


def write_shipped(lists, mode: str, max_guesses: int, entries: dict, source: str,
                  folder: str | Path | None = None) -> Path:
    """Write the shipped ranking of ``entries`` (see :func:`encode`); returns its path.

    The gzip header carries no time stamp, so the same ranking gives the same bytes.
    """
    path = shipped_path(lists, mode, max_guesses, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(encode(lists, mode, max_guesses, entries, source), separators=(",", ":"))
    path.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))
    return path


def load_shipped(lists, mode: str, max_guesses: int, folder: str | Path | None = None) -> ShippedRanking | None:
    """The shipped ranking of exactly these lists, mode and limit; None if none is shipped.

    Parameters
    ----------
    lists : WordLists
        The lists asked about; only a file made for the same two lists (by sha256) applies.
    mode : str
        ``"easy"`` or ``"hard"``.
    max_guesses : int
        The guess limit.
    folder : str or Path, optional
        Where to look instead of the package data (a test points it at a copy).

    Returns
    -------
    ShippedRanking or None
        The entries of every ranked first guess, checked as the module docstring says.

    Raises
    ------
    ShippedRankingError
        A file for these lists is there but is not readable gzip JSON, not of this format or
        version, fails its digest, names other lists, mode or limit, or holds a malformed value.

    Examples
    --------
    >>> from wordlelab.instances.wordlists import WordLists
    >>> load_shipped(WordLists("x", ("crate",), ("crate",)), "easy", 6) is None
    True
    """
    path = shipped_path(lists, mode, max_guesses, folder)
    if not path.is_file():
        return None

    def fail(why: str):
        return ShippedRankingError(f"the shipped ranking {path} {why}")

    try:
        data = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError, RecursionError):
        raise fail("is not readable gzip JSON") from None
    if not isinstance(data, dict) or set(data) != _FIELDS or data["format"] != FORMAT:
        raise fail(f"is not a {FORMAT} file")
    if data["version"] != VERSION:
        raise fail(f"has version {data['version']!r}; this wordlelab reads version {VERSION}")
    if data["digest"] != payload_digest(data):
        raise fail("fails its sha256 digest: damaged or edited")
    if (data["guesses_sha256"], data["answers_sha256"]) != (canonical_sha256(lists.guesses),
                                                            canonical_sha256(lists.answers)):
        raise fail("is for other word lists than its name says")
    if (data["mode"], data["max_guesses"]) != (mode, max_guesses) or \
            (data["n_guesses"], data["n_answers"]) != (len(lists.guesses), len(lists.answers)):
        raise fail("holds another question than its name says (mode, guess limit or list sizes)")
    totals, exact = data["totals"], data["exact"]
    if not (isinstance(totals, list) and len(totals) == len(lists.guesses)
            and all(type(v) is int and (v == NOT_RANKED or 0 <= v < VALUE_LIMIT) for v in totals)):
        raise fail(f"must hold one total a guess: an integer from 0 below {VALUE_LIMIT}, or {NOT_RANKED} for a "
                   f"guess not ranked")
    if not (isinstance(exact, list) and all(type(i) is int and 0 <= i < len(totals) for i in exact)
            and len(set(exact)) == len(exact) and all(totals[i] != NOT_RANKED for i in exact)):
        raise fail("must list each exact total once, by the index of a ranked guess")
    if not isinstance(data["source"], str):
        raise fail("must say how it was made")
    marked = set(exact)
    entries = {w: (v, i in marked) for i, (w, v) in enumerate(zip(sorted(lists.guesses), totals))
               if v != NOT_RANKED}
    return ShippedRanking(path, mode, max_guesses, data["source"], entries)
