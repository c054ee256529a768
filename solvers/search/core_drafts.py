"""Hard-mode cores made but not yet checked, kept beside a sweep's checkpoint.

Before the pure-Python checker can decide a first word's no, the depth search must refute the
word, and the failing class must be made into a core (:func:`~wordlelab.solvers.search.hard_cores.minimal_core`).
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

**Nothing here is trusted.** A draft only says which answers to check, as the search's result
did before. :func:`~wordlelab.models.refutation.check_core` (through
:func:`~wordlelab.solvers.search.hard_cores.check_made_core`) decides the draft from its
answers: each answer must give the first word the draft's pattern, and no strategy may find
them all within the depth, or it raises. So a draft that is stale, damaged, or edited by hand
can cost time or stop the run with an error naming the file, never give a verdict. Drafts are kept after their check: once the word is decided, it is not
searched again, and while it is still unknown, its draft is what the next budget checks.
"""
from __future__ import annotations

from pathlib import Path

from wordlelab.models.feedback import pattern_code, pattern_string
from wordlelab.solvers.checkpoint import check_int, load_checkpoint, save_merged


def drafts_path(checkpoint) -> Path | None:
    """Where the drafts of the sweep checkpointed at ``checkpoint`` go (None without a checkpoint).

    >>> str(drafts_path("runs/every7-hard.json"))
    'runs/every7-hard.drafts.json'
    """
    if not checkpoint:
        return None
    p = Path(checkpoint)
    return p.with_name(f"{p.stem}.drafts{p.suffix or '.json'}")


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
    (:func:`~wordlelab.solvers.checkpoint.save_merged`), each its own words.
    """

    def __init__(self, path, question: dict, validate_word):
        self.path = path
        self.question = {**question, "kind": f"{question['kind']}-core-drafts"}
        self.validate_word = validate_word
        self._held: dict | None = None     # the file as this run found it, read once

    def load(self, word: str, depth: int) -> dict | None:
        """The draft of ``word``'s core within ``depth`` guesses after it, or None.

        Returns ``{"core": answers, "depth", "pattern": code, "lemmas": [(answers, ((guess,
        code), ...), left)]}``, as :func:`~wordlelab.solvers.search.hard_cores.check_made_core`
        takes it. A draft for another depth is not this word's question and is ignored.
        """
        # read once a run: a sweep asks for every word it decides, and a run decides each word
        # once, so a draft it could use was written before it started
        if self._held is None:
            self._held = load_checkpoint(self.path, self.question, self._check)
        draft = self._held.get(word)
        if draft is None or draft["depth"] != depth:
            return None
        lemmas = [(answers, tuple((g, pattern_code(p)) for g, p in more), left)
                  for answers, more, left in draft["lemmas"]]
        return {"core": draft["core"], "depth": depth, "pattern": pattern_code(draft["pattern"]),
                "lemmas": lemmas}

    def save(self, word: str, core: list, depth: int, pattern: int, lemmas: list) -> None:
        """Keep ``word``'s core (answers within ``depth`` after its ``pattern``) and its lemmas."""
        entry = {"core": list(core), "depth": depth, "pattern": pattern_string(pattern),
                 "lemmas": [[list(a), [[g, pattern_string(p)] for g, p in more], left] for a, more, left in lemmas]}
        save_merged(self.path, self.question, {word: entry})

    def _check(self, word, value) -> None:
        self.validate_word(word)
        if not isinstance(value, dict) or set(value) != {"core", "depth", "pattern", "lemmas"}:
            raise ValueError('a draft is {"core", "depth", "pattern", "lemmas"}')
        if not (isinstance(value["core"], list) and value["core"] and all(isinstance(a, str) for a in value["core"])):
            raise ValueError("a draft's core is a list of answers")
        check_int(value["depth"], "the depth", 1)
        if not isinstance(value["pattern"], str):
            raise ValueError("a draft's pattern is a string of B, Y, G")
        pattern_code(value["pattern"])
        check_lemmas_shape(value["lemmas"], value["core"])
