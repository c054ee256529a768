"""The cores of refuted first words, kept to refute other first words without a search.

The theorem is monotonicity in hard mode (:mod:`wordlelab.models.refutation`): a set of answers
C that cannot be found within d guesses after first word w and its pattern p cannot be found
after another first word v either, if all of C falls in one class p' of v and hard mode's rule
after (v, p') asks at least what the rule after (w, p) asks, since then v allows no guess that
w did not. The bank only proposes v; each no it gives is re-decided by the independent checker
after v itself before it counts.
"""
from __future__ import annotations

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN

# the bank keeps cores up to this size: a larger one seldom lies in one class of another word,
# and its check there could cost minutes before the word is searched anyway (a state's seeds,
# hard_cores.keep_state_seed, are capped alike)
BANK_MAX_CORE = 100


class CoreBank:
    """The cores of first words refuted so far, tried on each new first word before its search.

    A core C refuted within d guesses after (w, p) refutes another first word v whose patterns
    put all of C in one class p', provided hard mode's rule after (v, p') asks at least what the
    rule after (w, p) asks (every green of w's in place, each revealed letter at least as often):
    then v allows no guess w did not, and the theorem of :mod:`wordlelab.models.refutation`
    applies. The condition only picks the candidate; the no still counts only once
    :func:`~wordlelab.models.refutation.check_first_word_core` has re-decided C after v itself.

    Finding the cores that lie in one class of v is one pass over the pattern matrix's column
    of v; the rules are compared in Python for those only.
    """

    def __init__(self, searcher):
        self.searcher = searcher
        self.answer_index = {a: i for i, a in enumerate(searcher.lists.answers)}
        self.members: list[np.ndarray] = []
        self.depths: list[int] = []
        self.rules: list[tuple] = []
        self._flat = np.zeros(0, np.int32)
        self._starts = np.zeros(0, np.int64)
        self._dirty = False
        self.hits = 0                   # first words refuted by a kept core, without a search

    def __len__(self) -> int:
        return len(self.members)

    def add(self, first_word: str, core: list[str], depth: int) -> None:
        """Keep a checked core of ``first_word`` (its answers, the guesses left after it); one of
        more than ``BANK_MAX_CORE`` answers is not kept."""
        from wordlelab.models.feedback import feedback
        from wordlelab.models.modes import rule_after
        if len(core) > BANK_MAX_CORE:
            return
        a_index = self.answer_index
        self.members.append(np.array(sorted(a_index[a] for a in core), np.int32))
        self.depths.append(depth)
        self.rules.append(rule_after((), (), first_word, feedback(first_word, core[0])))
        self._dirty = True

    def _columns(self, g0: int) -> tuple[np.ndarray, np.ndarray]:
        """Each kept core's pattern under ``g0`` (that of its first answer), and whether all its
        answers share it (the core lies in one class of g0)."""
        if self._dirty:
            self._flat = np.concatenate(self.members)
            self._starts = np.cumsum([0] + [len(m) for m in self.members[:-1]])
            self._dirty = False
        column = self.searcher.MT[self._flat, g0].astype(np.int64)
        one_class = np.minimum.reduceat(column, self._starts) == np.maximum.reduceat(column, self._starts)
        return column[self._starts], one_class

    def unions(self, g0: int) -> dict[int, np.ndarray]:
        """For each class of first guess ``g0`` (by pattern), the union of the kept cores that lie
        in it, as sorted answer indices: a candidate subset for
        :func:`~wordlelab.solvers.search.classes.start_probe.probe_classes`, whatever the rules. Only a
        search of it decides anything, and a no from it is checked like any other.

        >>> from wordlelab.instances.wordlists import load_lists
        >>> from wordlelab.solvers.search.native import NativeSearcher
        >>> bank = CoreBank(NativeSearcher(load_lists("nyt20220316"), "hard", 6))
        >>> bank.add("slate", ["fight", "light", "might", "night", "right", "sight", "tight"], 5)
        >>> bank.add("crane", ["dilly", "filly", "hilly", "silly"], 5)
        >>> [len(u) for u in bank.unions(bank.searcher.guess_index["queue"]).values()]   # both BBBBB
        [11]
        >>> [len(u) for u in bank.unions(bank.searcher.guess_index["kayak"]).values()]   # DILLY's has a Y
        [7, 4]
        >>> bank.unions(bank.searcher.guess_index["mouth"])      # neither lies in one class
        {}
        """
        if not self.members:
            return {}
        patterns, one_class = self._columns(g0)
        found: dict[int, list] = {}
        for i in np.flatnonzero(one_class):
            p = int(patterns[i])
            if p != ALL_GREEN:
                found.setdefault(p, []).append(self.members[i])
        return {p: np.unique(np.concatenate(parts)).astype(np.int32) for p, parts in found.items()}

    def refute(self, g0: int, guesses_left: int, work_limit: int) -> dict | None:
        """A checked checkpoint entry ``{"core", "depth"}`` for first guess ``g0`` from a kept core,
        or None if no kept core applies. A core whose check would read more than ``work_limit``
        patterns is passed over."""
        from wordlelab.models.modes import asks_at_least, rule_after
        from wordlelab.models.refutation import CheckTooLong, CoreFault, check_first_word_core
        if not self.members:
            return None
        patterns, one_class = self._columns(g0)
        word = self.searcher.lists.guesses[g0]
        for i in np.flatnonzero(one_class):
            if self.depths[i] < guesses_left:
                continue
            pattern = int(patterns[i])
            if not asks_at_least(rule_after((), (), word, pattern), self.rules[i]):
                continue
            core = [self.searcher.lists.answers[a] for a in self.members[i]]
            try:
                check_first_word_core(word, core, guesses_left, self.searcher.lists.guesses,
                                      work_limit=work_limit)
            except CheckTooLong:
                continue
            except CoreFault:
                raise WordleError(f"internal error: a kept core refutes {word} by monotonicity, "
                                  f"but the checker finds it solvable")
            self.hits += 1
            return {"core": core, "depth": guesses_left}
        return None
