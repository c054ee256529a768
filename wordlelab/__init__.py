"""wordlelab: a constraint and integer programming toolkit that proves things about Wordle.

The folders ``models/``, ``encoders/``, ``solvers/`` and ``instances/`` are the
subpackages ``wordlelab.models`` and so on.
"""
import importlib

from wordlelab.errors import WordleError

__version__ = "0.1.0"
# name -> module; loaded on first use, so ``import wordlelab.cli`` does not load numba before it must
_EXPORTS = {"WordLists": "instances.wordlists", "load_lists": "instances.wordlists",
            "feedback": "models.feedback", "pattern_code": "models.feedback", "pattern_string": "models.feedback",
            "score": "models.feedback", "pattern_matrix": "models.matrix", "Tree": "models.tree",
            "load_tree": "models.tree", "save_tree": "models.tree", "TreeFault": "models.verify",
            "verify_tree": "models.verify"}
__all__ = ["WordleError", *_EXPORTS]


def __getattr__(name):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"wordlelab.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_EXPORTS])
