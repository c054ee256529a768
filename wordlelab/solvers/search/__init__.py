"""The native search: least totals (min-sum), depth proofs with certificates, rankings of first words.

The wings import only downwards, each from the ones above it in this list:

- :mod:`.engine`: the compiled kernels (exact min-sum and depth search over answer subsets), their
  tables and the node table, with the plain wrappers that feed them;
- :mod:`.classes`: a first guess's classes searched in turn, on threads, and checkpointed;
- :mod:`.native`: the one searcher (``NativeSearcher``), which owns the lists, mode, limits,
  tables and cache; :mod:`.strategy_paths` turns its choices into trees, and :mod:`.tie_break`
  breaks ties by the worst case;
- :mod:`.depth`: depth proofs (one question) and the every-first-word campaign, with their
  certificates (cores checked by the independent checker);
- :mod:`.rank`: first-word rankings, the best fixed pair, hints and the analysis of play.
"""
