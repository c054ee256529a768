"""Depth proofs: can every answer be found within G guesses? A yes with a verified tree, a no with a core.

:mod:`.depth_proof` answers one question; :mod:`.depth_sweep` runs the every-first-word campaign
on top of it; the cores that certify each no are made here and re-decided by the independent
checker in ``wordlelab.models.refutation``.
"""
