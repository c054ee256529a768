"""A first word's classes proven one at a time, each kept in a checkpoint as soon as it is proven.

The theorem it relies on: with the first guess g fixed, the least total over a node's answers H
is |H| plus the sum, over the classes of g's split, of each class's least total, where a class
is a game of its own (its answers, the guesses its mode allows after g's pattern, one guess
fewer). Classes proven in different runs therefore add up, and a long search (THUMP in hard mode
with every word an answer, hours) loses at most the class it was working on when stopped.

A class's entry holds its least total and each of its answers' guesses after g, so the strategy is
rebuilt without searching again. Whatever their source, the rebuilt tree is checked by the
independent verifier before the total is returned, and its total must equal the sum of the values.

>>> from wordlelab.instances.wordlists import WordLists
>>> from wordlelab.solvers.search.native import NativeSearcher
>>> s = NativeSearcher(WordLists("demo", ("crate", "slate", "trace"), ("crate", "slate")))
>>> node = s.root("trace")
>>> question(s, node)["kind"], question(s, node)["start"]
('min-total-classes', 'trace')
"""
from __future__ import annotations

import numpy as np

from wordlelab.models.feedback import pattern_string


def question(searcher, node) -> dict:
    """What a class checkpoint answers: the lists, mode, guess limit and the node's first guess."""
    from wordlelab.solvers.checkpoint import lists_question
    return {"kind": "min-total-classes", "lists": lists_question(searcher.lists), "mode": searcher.mode,
            "max_guesses": searcher.max_guesses, "start": node.start,
            "history": [[w, pattern_string(int(p))] for w, p in node.history], "answers": len(node.H)}


class ClassStore:
    """The checkpoint's classes for one node and first guess: pattern (``BGYBB``) -> entry.

    An entry is ``{"value": least total of the class, "paths": [each answer's guesses after the
    first, space-separated, in the order of the class's answers]}``.
    """

    def __init__(self, path, searcher, node, classes: dict):
        from wordlelab.solvers.checkpoint import load_checkpoint
        self.path, self.searcher = path, searcher
        self.question = question(searcher, node)
        self.classes = classes                       # pattern string -> the class's answers (indices)
        self.entries = load_checkpoint(path, self.question, self._check)
        self.resumed = len(self.entries)

    def _check(self, key, value) -> None:
        from wordlelab.solvers.checkpoint import check_int
        if key not in self.classes:
            raise ValueError("not a pattern of this first guess's split")
        if not isinstance(value, dict) or set(value) != {"value", "paths"}:
            raise ValueError('must be {"value", "paths"}')
        members = self.classes[key]
        check_int(value["value"], "the value", len(members))
        paths = value["paths"]
        if not isinstance(paths, list) or len(paths) != len(members) or not all(isinstance(p, str) for p in paths):
            raise ValueError("paths must list one string of guesses per answer of the class")
        index = self.searcher.guess_index
        for a, p in zip(members, paths):
            words = p.split()
            if not words or words[-1] != self.searcher.lists.answers[a] or any(w not in index for w in words):
                raise ValueError(f"bad path {p!r}: guesses of the list, ending with the answer")

    def get(self, pattern: int, paths: np.ndarray, members: np.ndarray) -> int | None:
        """The class's value, its answers' rows of ``paths`` filled from the entry; None if not kept."""
        entry = self.entries.get(pattern_string(int(pattern)))
        if entry is None:
            return None
        index = self.searcher.guess_index
        for a, p in zip(members, entry["paths"]):
            row = [index[w] for w in p.split()]
            paths[a, 1:1 + len(row)] = row
        return int(entry["value"])

    def put(self, pattern: int, value: int, paths: np.ndarray, members: np.ndarray) -> None:
        """Keep a class just proven, with its answers' guesses from ``paths``, and save at once."""
        from wordlelab.solvers.checkpoint import save_checkpoint
        words, answers = self.searcher.lists.guesses, self.searcher.lists.answers
        rows = []
        for a in members:
            row = []
            for g in paths[a, 1:]:
                row.append(words[g])
                if row[-1] == answers[a]:
                    break
            rows.append(" ".join(row))
        self.entries[pattern_string(int(pattern))] = {"value": int(value), "paths": rows}
        save_checkpoint(self.path, self.question, self.entries)
