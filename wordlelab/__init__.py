"""wordlelab: a constraint and integer programming toolkit that proves things about Wordle.

Importing the package reads no file and sets nothing: the names below load on first use, and
numba's cache is set up where compiled code is first loaded (``wordlelab.models.jit``).
"""
import importlib

from wordlelab.errors import WordleError

__version__ = "0.4.0"
# name -> module; loaded on first use, so ``import wordlelab.cli`` does not load numba before it must
_EXPORTS = {"WordLists": "instances.wordlists", "load_lists": "instances.wordlists",
            "feedback": "models.feedback", "pattern_code": "models.feedback", "pattern_string": "models.feedback",
            "pattern_of": "models.feedback", "pattern_matrix": "models.matrix", "Tree": "models.tree",
            "load_tree": "models.tree", "save_tree": "models.tree", "TreeFault": "models.verify",
            "verify_tree": "models.verify",
            # the top-level calls, each returning a Result (wordlelab/api.py)
            "solve": "api", "prove_depth": "api", "best_start": "api", "hint": "api", "verify": "api"}
__all__ = ["WordleError", *_EXPORTS]


def __getattr__(name):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"wordlelab.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_EXPORTS])
