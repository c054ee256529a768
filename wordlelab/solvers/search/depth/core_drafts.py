"""Hard-mode cores made but not yet checked, kept beside a sweep's checkpoint.

Before the pure-Python checker can decide a first word's no, the depth search must refute the
word, and the failing class must be made into a core (:func:`~wordlelab.solvers.search.depth.hard_cores.minimal_core`).
For most words this takes seconds, and the core is minimal, so its check is short and has no
work budget. For the hardest (ORBIT or ABOUT within 7 in hard mode, every word an answer), the
refuted set is a union of kept cores or a whole failing class, hundreds to thousands of answers
(ABOUT 496, ORBIT 749, AMBIT 2088). Reaching it takes 10 to 30 minutes, and its check runs
under a work budget that can run out. A run stopped during the check (Ctrl-C,
the end of a session) or a check that runs out of budget used to lose the search and the making:
a retry with a larger ``--core-work`` did them again.

So a core that is checked under a work budget is first written here, in a checkpoint file of
its own (``every7-hard.json`` -> ``every7-hard.drafts.json``), with its depth, its pattern of
the first word and its lemmas. A later run of the same question goes straight to the check.

**A draft's core is not trusted** (its claims, below, are the checker's own). A draft only says which answers to check, as the search's result
did before. :func:`~wordlelab.models.refutation.check_core` (through
:func:`~wordlelab.solvers.search.depth.hard_cores.check_made_core`) decides the draft from its
answers: each answer must give the first word the draft's pattern, and no strategy may find
them all within the depth, or it raises. So a draft whose core is stale, damaged, or edited by
hand can cost time or stop the run with an error naming the file; its core gives no verdict. Drafts are kept after their check: once the word is decided, it is not
searched again, and while it is still unknown, its draft is what the next budget checks.

**A check goes on where the last one stopped.** Checking ORBIT's class of 749 answers means
refuting each of the 3033 guesses hard mode allows after ORBIT, at about 10 s each in pure
Python: hours, more than one run's budget or one session. So the check tells its draft of each
of those guesses it refutes by a search (:func:`~wordlelab.models.refutation.check_core`'s
``on_proven``): the answers of the class it failed on, which cannot be found within the guesses
left after it. They are written under the draft's ``"proven"`` at most every few seconds and
when the check ends, however it ends, and the next check of the draft takes them as proven
(``proven``), so that it searches only the guesses not refuted yet. These claims are the
checker's own verdicts from an earlier run, as a checkpoint's decided words are the sweep's:
trusted once made, re-decided from nothing by ``--recheck``. Each claim is still checked for
its form (answers of the core that give its guess its pattern), but a false claim of the right
form would make a false no, as an edited checkpoint entry would: the file's digest refuses a
file edited by hand.
"""
from __future__ import annotations

import time
from pathlib import Path

from wordlelab.models.feedback import pattern_code, pattern_string
from wordlelab.solvers.runtime.checkpoint import beside, check_int, load_checkpoint, save_merged


def drafts_path(checkpoint) -> Path | None:
    """Where the drafts of the sweep checkpointed at ``checkpoint`` go (None without a checkpoint).

    >>> str(drafts_path("runs/every7-hard.json"))
    'runs/every7-hard.drafts.json'
    """
    return beside(checkpoint, "drafts")


def check_lemmas_shape(lemmas, core) -> None:
    """The shape of a no's lemmas: [[answers within its core], [[guess, pattern], ...], guesses left]."""
    if not isinstance(lemmas, list):
        raise ValueError("lemmas is a list")
    for lemma in lemmas:
        if not (isinstance(lemma, list) and len(lemma) == 3 and isinstance(lemma[0], list)
                and set(lemma[0]) <= set(core or ()) and isinstance(lemma[1], list)
                and isinstance(lemma[2], int) and lemma[2] >= 1):
            raise ValueError("a lemma is [[answers within the core], [[guess, pattern], ...], guesses left]")
        for step in lemma[1]:
            if not (isinstance(step, list) and len(step) == 2 and isinstance(step[0], str)):
                raise ValueError("a lemma's history is [[guess, pattern], ...]")
            pattern_code(step[1])


class CoreDrafts:
    """The drafts of one sweep: first word -> the core made for it, before its check.

    ``question`` is the sweep checkpoint's: a drafts file for another question is refused
    as its checkpoint would be. Workers write to the file under its lock
    (:func:`~wordlelab.solvers.runtime.checkpoint.save_merged`), each its own words.
    """

    def __init__(self, path, question: dict, validate_word, validate_words=None):
        self.path = path
        self.question = {**question, "kind": f"{question['kind']}-core-drafts"}
        self.validate_word = validate_word
        # validate_words(answers, guesses): ValueError unless they are answers and guesses of the lists
        self.validate_words = validate_words
        self._held: dict | None = None     # the file as this run found it, read once

    def read(self) -> dict:
        """The drafts file's entries (first word -> draft, as written), read on the first call
        only: a sweep asks for every word it decides, and a run decides each word once, so a
        draft it could use was written before it started. A file this installation did not
        write is noted among the process's unsealed inputs
        (:func:`~wordlelab.solvers.runtime.checkpoint.unsealed_inputs`) when it is read.

        Raises
        ------
        WordleError
            The file cannot be read, was edited or damaged, is for another question, or holds
            a malformed draft; the message names the file.
        """
        if self._held is None:
            self._held = load_checkpoint(self.path, self.question, self._check)
        return self._held

    def load(self, word: str, depth: int) -> dict | None:
        """The draft of ``word``'s core within ``depth`` guesses after it, or None.

        Returns ``{"core": answers, "depth", "pattern": code, "lemmas": [(answers, ((guess,
        code), ...), left)]}``, as :func:`~wordlelab.solvers.search.depth.hard_cores.check_made_core`
        takes it. A draft for another depth is not this word's question and is ignored.
        """
        draft = self.read().get(word)
        if draft is None or draft["depth"] != depth:
            return None
        return {"core": draft["core"], "depth": depth, "pattern": pattern_code(draft["pattern"]),
                "lemmas": _read_claims(draft["lemmas"]), "proven": _read_claims(draft.get("proven", [])),
                "imported": draft.get("imported", 0)}

    def save(self, word: str, core: list, depth: int, pattern: int, lemmas: list, proven=(),
             imported: int = 0) -> None:
        """Keep ``word``'s core (answers within ``depth`` after its ``pattern``), its lemmas, and
        the claims its check has proven so far (``proven``, the checker's ``on_proven``), the
        first ``imported`` of them proven by the checker at a state of the class
        (:mod:`~wordlelab.solvers.search.depth.class_refutation`), not by this core's check."""
        entry = {"core": list(core), "depth": depth, "pattern": pattern_string(pattern),
                 "lemmas": _written_claims(lemmas)}
        if proven:
            entry["proven"] = _written_claims(proven)
        if imported:
            entry["imported"] = imported
        save_merged(self.path, self.question, {word: entry})
        if self._held is not None:
            self._held[word] = entry

    def recorder(self, word: str, made: dict, every: float = 10.0) -> "ProvenRecorder":
        """What keeps the check of ``word``'s draft ``made`` resumable: see :class:`ProvenRecorder`."""
        return ProvenRecorder(self, word, made, every)

    def _check(self, word, value) -> None:
        self.validate_word(word)
        if not isinstance(value, dict) or not {"core", "depth", "pattern", "lemmas"} <= set(value) <= {
                "core", "depth", "pattern", "lemmas", "proven", "imported"}:
            raise ValueError('a draft is {"core", "depth", "pattern", "lemmas"} and perhaps "proven" and "imported"')
        if not (isinstance(value["core"], list) and value["core"] and all(isinstance(a, str) for a in value["core"])):
            raise ValueError("a draft's core is a list of answers")
        check_int(value["depth"], "the depth", 1)
        if not isinstance(value["pattern"], str):
            raise ValueError("a draft's pattern is a string of B, Y, G")
        pattern_code(value["pattern"])
        check_lemmas_shape(value["lemmas"], value["core"])
        check_lemmas_shape(value.get("proven", []), value["core"])
        if self.validate_words is not None:
            # (a word of other lists would fail later, in the checker, with no file named)
            self.validate_words(value["core"], {g for _, more, _ in value["lemmas"] + value.get("proven", [])
                                                for g, _ in more})
        if "imported" in value:
            check_int(value["imported"], "the claims imported", 1)
            if value["imported"] > len(value.get("proven", [])):
                raise ValueError("a draft imports no more claims than it has")


class ProvenRecorder:
    """The ``on_proven`` of a drafted core's check: each claim the checker proves is added to the
    draft's ``proven`` and written to the drafts file at most every ``every`` seconds (and by
    :meth:`flush`, which the caller runs however the check ends), so that a check stopped by its
    budget, Ctrl-C or the end of a session goes on from there in the next run. ``count`` is how
    many claims the draft holds now.

    The wait between writes grows with what a write costs (``SHARE``): the drafts file of a long
    sweep holds every word's claims (6 MB for part 2 of issue 19, about 0.4 s to read, merge and
    write), and written every 10 s it took about 5 % of a check's time (py-spy, OBIIT).
    """

    SHARE = 0.02    # at most this part of the check's time goes to writing its claims

    def __init__(self, drafts: CoreDrafts, word: str, made: dict, every: float):
        self.drafts, self.word, self.made, self.every = drafts, word, made, every
        self.wait = every
        self.proven = list(made.get("proven", ()))
        self.written = len(self.proven)
        self.last = time.monotonic()

    @property
    def count(self) -> int:
        return len(self.proven)

    def __call__(self, answers: list, more_history: tuple, left: int) -> None:
        self.proven.append((list(answers), tuple(more_history), left))
        if time.monotonic() - self.last >= self.wait:
            self.flush()

    def flush(self) -> None:
        if len(self.proven) > self.written:
            m = self.made
            started = time.monotonic()
            self.drafts.save(self.word, m["core"], m["depth"], m["pattern"], m["lemmas"], self.proven,
                             m.get("imported", 0))
            self.written = len(self.proven)
            self.wait = max(self.every, (time.monotonic() - started) / self.SHARE)
        self.last = time.monotonic()


def _read_claims(rows: list) -> list:
    return [(answers, tuple((g, pattern_code(p)) for g, p in more), left) for answers, more, left in rows]


def _written_claims(claims) -> list:
    return [[list(a), [[g, pattern_string(p)] for g, p in more], left] for a, more, left in claims]
