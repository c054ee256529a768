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
    # the row's own goal, in seconds; a row over it says so in its status (SLOW, or "OK" becomes MISSED)
    target_seconds: float | None = None

    def __post_init__(self):
        if self.target_seconds is not None and self.seconds > self.target_seconds:
            self.status = missed(self.status)


def missed(status: str) -> str:
    """The status of a row that missed its target: never "OK"."""
    return "MISSED" if status == "OK" else f"{status}, SLOW"


def suite(name: str):
    """Register a benchmark suite under ``name``."""
    def register(fn):
        SUITES[name] = fn
        return fn
    return register
