"""Named decision-tree instances with proven reference values (native searcher; ?ills also the cover bound).

``value`` is the least total within ``depth`` guesses, or None where no strategy
exists within ``depth`` (then the model must say INFEASIBLE). The test suite
re-derives the small and medium values with the native searcher.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TreeInstance:
    """How to build one question, and its proven value."""

    name: str
    size: str                  # small, medium or hard
    lists: str
    answers: str | None        # None: the list's answers; 'all': every guess
    kind: str                  # pattern, random or near
    spec: tuple                # pattern string, or (n_answers, seed, n_guesses)
    mode: str
    depth: int
    value: int | None

    def question(self, objective: str = "total"):
        """The TreeQuestion."""
        from wordlelab.instances.wordlists import load_lists
        from wordlelab.models.tree_question import near_question, pattern_question, random_question
        lists = load_lists(self.lists, answers=self.answers)
        kw = dict(mode=self.mode, depth=self.depth, objective=objective)
        if self.kind == "pattern":
            return pattern_question(lists, self.spec[0], **kw)
        if self.kind == "random":
            n, seed, ng = self.spec
            return random_question(lists, n, seed, ng, **kw)
        n, seed, ng = self.spec
        return near_question(lists, seed, n, ng, **kw)


TREE_INSTANCES = [
    TreeInstance("near16-s10-easy-d3", "small", "nyt20220830", None, "near", (16, 10, 40), "easy", 3, 45),
    TreeInstance("near16-s10-hard-d3", "small", "nyt20220830", None, "near", (16, 10, 40), "hard", 3, None),
    TreeInstance("near16-s10-strict-d3", "small", "nyt20220830", None, "near", (16, 10, 40), "strict", 3, None),
    TreeInstance("near16-s10-easy-d4", "small", "nyt20220830", None, "near", (16, 10, 40), "easy", 4, 40),
    TreeInstance("near16-s10-strict-d4", "small", "nyt20220830", None, "near", (16, 10, 40), "strict", 4, 40),
    TreeInstance("random40-g300-easy", "medium", "nyt20220830", None, "random", (40, 1, 300), "easy", 4, 87),
    TreeInstance("random40-g300-hard", "medium", "nyt20220830", None, "random", (40, 1, 300), "hard", 4, 87),
    TreeInstance("?ight-d4", "medium", "nyt20220830", None, "pattern", ("?ight",), "easy", 4, 22),
    TreeInstance("?ills-d5", "hard", "nyt20220316", "all", "pattern", ("?ills",), "easy", 5, None),
    TreeInstance("?ills-d6", "hard", "nyt20220316", "all", "pattern", ("?ills",), "easy", 6, 71),
]
