"""Benchmark suites: ``wordlelab bench`` prints our figures beside the reference's.

The suites register themselves in :data:`wordlelab.bench.registry.SUITES` when their
modules are imported; this package imports each of them, explicitly.
"""
from wordlelab.bench import blindfold, core, heuristics, hints, perm, trees  # noqa: F401  (each registers its suites)
from wordlelab.bench.registry import SUITES, BenchRow, suite  # noqa: F401
