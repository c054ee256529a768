"""The native search family: least total (min-sum), depth proofs with learnt cores, best first word.

:mod:`.native` is the entry point (``NativeSearcher``); :mod:`.search_core` and :mod:`.depth_search`,
:mod:`.depth_cores` are the compiled kernels; :mod:`.node_table` the shared cache; :mod:`.best_start`
the all-first-words ranking on the sweep layer.
"""
