"""The benchmark registry: named suites, each a function yielding :class:`BenchRow` objects."""
from __future__ import annotations

from dataclasses import dataclass

SUITES: dict = {}


@dataclass
class BenchRow:
    """One timed run."""

    task: str
    instance: str
    solver: str
    status: str
    value: object
    seconds: float
    reference_seconds: float | None = None
    note: str = ""


def suite(name: str):
    """Register a benchmark suite under ``name``."""
    def register(fn):
        SUITES[name] = fn
        return fn
    return register
