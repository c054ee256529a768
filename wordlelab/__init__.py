"""wordlelab: a constraint and integer programming toolkit that proves things about Wordle.

The folders ``models/``, ``encoders/``, ``solvers/`` and ``instances/`` are the
subpackages ``wordlelab.models`` and so on.
"""
from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.feedback import feedback, pattern_code, pattern_string, score
from wordlelab.models.matrix import pattern_matrix
from wordlelab.models.tree import Tree, load_tree, save_tree
from wordlelab.models.verify import TreeFault, verify_tree

__version__ = "0.1.0"
__all__ = ["WordleError", "WordLists", "load_lists", "feedback", "pattern_code", "pattern_string",
           "score", "pattern_matrix", "Tree", "load_tree", "save_tree", "TreeFault", "verify_tree"]
