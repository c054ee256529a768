"""A core put together from the lemmas kept with other cores (solvers/search/lemma_bank.py): it
lies in the class, every guess splitting it holds one of its lemmas, and the checker agrees."""
import numpy as np
import pytest

from wordlelab.models.refutation import CoreFault, check_first_word_core
from wordlelab.solvers.search import hard_cores
from wordlelab.solvers.search.lemma_bank import LemmaBank, bank_core
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.tables import REFUTED, new_stats


def test_a_core_from_kept_lemmas_is_a_checked_core_of_its_class(random_300, monkeypatch):
    monkeypatch.setattr(hard_cores, "DELETE_AT_MOST", 0)         # every core grown, with lemmas
    searcher = NativeSearcher(random_300, "hard", 4)
    node = searcher.root(None, None, 4)
    bank = LemmaBank(searcher, node)
    made = checked = 0
    for word in random_300.guesses[:80]:
        g0 = searcher.guess_index[word]
        if searcher._start_feasible(node, g0, searcher._new_cache(), new_stats(), 10**9) != REFUTED:
            continue
        failing, Lc, _ = searcher.failing_class
        got = bank_core(searcher, node, g0, failing, Lc, node.d - 1, bank) if len(bank) else None
        if got is not None:
            core, lemmas = got
            made += 1
            assert np.isin(core, failing).all() and all(np.isin(a, core).all() for a, _, _ in lemmas)
            words = [random_300.answers[a] for a in core]
            stated = [([random_300.answers[a] for a in answers], [(random_300.guesses[g], p) for g, p in more], left)
                      for answers, more, left in lemmas]
            check_first_word_core(word, words, node.d - 1, random_300.guesses, lemmas=stated)
            checked += 1
            # one answer short of a lemma, a claim is no longer true: the checker refuses it
            a, more, left = next((x for x in stated if len(x[0]) > 2), stated[0])
            with pytest.raises(CoreFault, match="lemma is false"):
                check_first_word_core(word, words, node.d - 1, random_300.guesses, lemmas=[(a[:2], more, left)])
        entry = hard_cores.hard_refutation(searcher, node, g0)
        bank.add(word, entry)
    assert made >= 3 and checked == made
