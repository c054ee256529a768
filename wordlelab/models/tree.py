"""Strategy trees, and Alex Selby's text format and a JSON form for them.

A :class:`Tree` is a guess and its branches: pattern code -> subtree, with the
all-green pattern mapped to ``None`` where the guess itself is the answer.

Selby's format has one line per answer, ``guess PATTERNk`` pairs ending in
``GGGGGk`` (k counts guesses), in hollow layout: the part of a line that
repeats the line above is written as spaces. The readers and writers take a ``game``
(:mod:`wordlelab.models.games`, default Wordle) whose notation they write replies in: a
Mastermind tree's lines read ``1123 BW--1 1245 BBBB2``.

>>> t = read_selby("salet GGGGG1\\n")
>>> t.guess, t.branches
('salet', {242: None})
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

from wordlelab.errors import WordleError
from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_string
from wordlelab.models.files import open_atomic
from wordlelab.models.games import WORDLE


@dataclass
class Tree:
    """A guess, and the subtree for each pattern it may receive."""

    guess: str
    branches: dict[int, "Tree | None"] = field(default_factory=dict)

    def paths(self, prefix=()):
        """Yield every root-to-leaf path as ((guess, pattern), ...)."""
        for p in sorted(self.branches, key=pattern_string):
            sub = self.branches[p]
            step = prefix + ((self.guess, p),)
            if sub is None:
                yield step
            else:
                yield from sub.paths(step)

    def total(self, depth: int = 1) -> int:
        """Sum over the leaves of the number of guesses used."""
        return sum(depth if s is None else s.total(depth + 1) for s in self.branches.values())

    def n_leaves(self) -> int:
        """Number of answers the tree solves."""
        return sum(1 if s is None else s.n_leaves() for s in self.branches.values())


class TreeFormatError(WordleError):
    """A tree file that cannot be parsed."""


def read_selby(text: str, game=None) -> Tree:
    """Parse Selby's hollow tree format (replies in ``game``'s notation; default Wordle's)."""
    game = game or WORDLE
    width = game.reply_width
    root: Tree | None = None
    previous = ""
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent > len(previous):
            raise TreeFormatError(f"line {lineno}: indented past the line above")
        line = previous[:indent] + line[indent:]
        previous = line
        tokens = line.split()
        if len(tokens) % 2:
            raise TreeFormatError(f"line {lineno}: expected pairs of 'guess PATTERNk'")
        node_holder = None
        for step, (word, tag) in enumerate(zip(tokens[::2], tokens[1::2]), 1):
            try:
                word = game.check_guess(word)
                pattern, k = game.reply_code(tag[:width]), int(tag[width:])
            except (WordleError, ValueError):
                raise TreeFormatError(f"line {lineno}: bad pair {word} {tag!r}") from None
            if k != step:
                raise TreeFormatError(f"line {lineno}: guess {word} is numbered {k}, but it is guess {step}")
            if node_holder is None:
                if root is None:
                    root = Tree(word)
                node = root
            else:
                parent, p = node_holder
                node = parent.branches.get(p)
                if node is None:
                    node = parent.branches[p] = Tree(word)
            if node.guess != word:
                raise TreeFormatError(f"line {lineno}: guess {step} is {word}, but the same position "
                                      f"above has {node.guess}")
            last = step * 2 == len(tokens)
            if (pattern == ALL_GREEN) != last:
                raise TreeFormatError(f"line {lineno}: a line must end at, and only at, {game.reply_string(ALL_GREEN)}")
            if last:
                if pattern in node.branches:
                    raise TreeFormatError(f"line {lineno}: this path is already in the tree")
                node.branches[pattern] = None
            node_holder = (node, pattern)
    if root is None:
        raise TreeFormatError("the tree file is empty")
    return root


def write_selby(tree: Tree, game=None) -> str:
    """Selby's hollow format, branches in alphabetical pattern order (replies in ``game``'s notation)."""
    write = (game or WORDLE).reply_string
    lines, previous = [], []
    for path in tree.paths():
        tokens = []
        for depth, (g, p) in enumerate(path, 1):
            tokens += [g, f"{write(p)}{depth}"]
        shared = 0
        while shared < min(len(tokens), len(previous)) and tokens[shared] == previous[shared]:
            shared += 1
        full = " ".join(tokens)
        cut = len(" ".join(tokens[:shared])) + (1 if shared else 0)
        lines.append(" " * cut + full[cut:])
        previous = tokens
    return "\n".join(lines) + "\n"


def to_json(tree: Tree, game=None) -> dict:
    """Nested dict: ``{"guess": ..., "branches": {"BBBYB": {...}, "GGGGG": null}}`` (replies in
    ``game``'s notation; default Wordle's)."""
    write = (game or WORDLE).reply_string
    named = sorted((write(p), s) for p, s in tree.branches.items())   # patterns differ: no tie
    return {"guess": tree.guess, "branches": {p: (None if s is None else to_json(s, game)) for p, s in named}}


def from_json(data: dict, game=None) -> Tree:
    """Inverse of :func:`to_json` (iterative: a deep file cannot exhaust the call stack)."""
    game = game or WORDLE
    check_word, pattern_code = game.check_guess, game.reply_code
    try:
        root = Tree(check_word(data["guess"]))
        stack = [(root, data)]
        while stack:
            node, d = stack.pop()
            for p, sub in d["branches"].items():
                code = pattern_code(p)
                if sub is None:
                    node.branches[code] = None
                else:
                    child = node.branches[code] = Tree(check_word(sub["guess"]))
                    stack.append((child, sub))
    except (KeyError, TypeError, AttributeError):
        raise TreeFormatError("JSON tree: every node needs 'guess' and 'branches'") from None
    return root


# a strategy tree over every one of 12972 answers is a few MB in either format: a file past this
# (or /dev/zero, which never ends) is refused before it fills the memory
MAX_TREE_BYTES = 64 << 20


def load_tree(path: str, game=None) -> Tree:
    """Read a tree file in Selby's format or JSON (chosen by content), at most :data:`MAX_TREE_BYTES`.

    Parameters
    ----------
    path : str
        The file; a FIFO is read as its writer feeds it.
    game : optional
        The game whose notation the replies are written in (:mod:`wordlelab.models.games`;
        default Wordle).

    Returns
    -------
    Tree
        The tree as written; nothing is checked against word lists here (``verify_tree`` does that).

    Raises
    ------
    WordleError
        The file cannot be read (missing, a directory, unreadable).
    TreeFormatError
        The file is not text, is larger than ``MAX_TREE_BYTES``, or is neither Selby's format nor
        a JSON tree.
    """
    try:
        # opened without blocking, then read blocking: a FIFO nobody writes to reads as empty at once
        # instead of hanging, while one a writer feeds (a shell's <(...)) is read whole
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        os.set_blocking(fd, True)
        with open(fd, encoding="utf-8-sig") as f:
            text = f.read(MAX_TREE_BYTES + 1)
    except IsADirectoryError:
        raise WordleError(f"cannot read tree {path!r}: it is a directory") from None
    except OSError as e:
        raise WordleError(f"cannot read tree {path!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise TreeFormatError(f"{path}: not a text file (a tree is Selby's text format or JSON)") from None
    if len(text) > MAX_TREE_BYTES:
        raise TreeFormatError(f"{path}: larger than {MAX_TREE_BYTES >> 20} MiB, far more than any strategy tree")
    if text.lstrip().startswith("{"):
        try:
            return from_json(json.loads(text), game)
        except json.JSONDecodeError as e:
            raise TreeFormatError(f"{path}: invalid JSON ({e.msg}, line {e.lineno})") from None
        except WordleError as e:  # the JSON's own shape (from_json): its message says what is wrong
            raise TreeFormatError(f"{path}: {e}") from None
        except ValueError:        # an integer of over 4300 digits, which Python will not convert
            raise TreeFormatError(f"{path}: a JSON number too long to be part of a strategy tree") from None
        except RecursionError:
            raise TreeFormatError(f"{path}: JSON nested too deeply to be a strategy tree") from None
    return read_selby(text, game)


def save_tree(tree: Tree, path: str, game=None) -> None:
    """Write a tree: JSON (``.json``), GraphML (``.graphml``, for graph tools), else Selby's format.

    Written by :func:`~wordlelab.models.files.open_atomic`: a regular file is replaced whole, so a
    run stopped mid-write (a sweep keeping each yes word's tree) leaves the old file or the new
    one, never a part; a device or FIFO (``/dev/null``) is written in place, never replaced; a
    failure raises :class:`~wordlelab.models.files.CannotWrite` (one line).

    Parameters
    ----------
    tree : Tree
        The tree to write.
    path : str
        The file; its suffix chooses the format.
    game : optional
        The game whose notation the replies are written in (default Wordle).

    Raises
    ------
    CannotWrite
        The file cannot be written (one line naming it and why).
    """
    path = str(path)
    if path.endswith(".graphml"):
        import networkx as nx
        with open_atomic(path, "wb") as f:
            nx.write_graphml(to_digraph(tree), f)
        return
    with open_atomic(path, "w") as f:
        if path.endswith(".json"):
            json.dump(to_json(tree) if game is None else to_json(tree, game), f, indent=1)
        else:
            f.write(write_selby(tree) if game is None else write_selby(tree, game))


def to_digraph(tree: Tree):
    """The tree as a networkx DiGraph: a node per guess played, an edge per pattern.

    Node ``n`` has attributes ``guess`` and ``depth`` (1 for the first guess); an edge
    carries its ``pattern`` (``BYGBB``). A GGGGG branch is a leaf edge to a node with
    ``guess`` equal to the answer found (so every answer is one leaf), which graph tools
    can lay out and GraphML can store.

    >>> g = to_digraph(Tree("salet", {ALL_GREEN: None}))
    >>> g.number_of_nodes(), g.number_of_edges()
    (2, 1)
    """
    import networkx as nx
    g = nx.DiGraph()
    g.add_node(0, guess=tree.guess, depth=1)
    stack = [(tree, 0, 1)]
    while stack:
        node, nid, depth = stack.pop()
        for p in sorted(node.branches, key=pattern_string):
            sub = node.branches[p]
            child = g.number_of_nodes()
            g.add_node(child, guess=node.guess if sub is None else sub.guess, depth=depth + 1, found=sub is None)
            g.add_edge(nid, child, pattern=pattern_string(p))
            if sub is not None:
                stack.append((sub, child, depth + 1))
    return g


def tree_from_paths(answers, paths, patterns=None) -> Tree:
    """Tree from each answer's sequence of guesses (the last one being the answer).

    Feedback is computed from the words, so the tree is what the paths say, whatever
    produced them; a pair of paths that disagree where they should share a node raises.
    ``patterns`` (optional, one sequence of pattern codes per answer, as a pattern matrix
    gives them) saves that computation; the tree is then only as right as they are, which
    :func:`~wordlelab.models.verify.verify_tree` checks with its own feedback.

    >>> t = tree_from_paths(["cigar", "rebut"], [["cigar"], ["cigar", "rebut"]])
    >>> t.guess, t.total()
    ('cigar', 3)
    """
    if not answers:
        raise WordleError("no answers")
    root = Tree(paths[0][0])
    for n, (a, seq) in enumerate(zip(answers, paths)):
        node = root
        codes = None if patterns is None else patterns[n]
        for i, g in enumerate(seq):
            if node.guess != g:
                raise WordleError(f"internal error: the strategy is inconsistent at {a}")
            p = feedback(g, a) if codes is None else codes[i]
            if p == ALL_GREEN:
                node.branches[p] = None
                break
            if i + 1 >= len(seq):
                raise WordleError(f"internal error: the path of {a} stops before finding it")
            node = node.branches.setdefault(p, Tree(seq[i + 1]))
    return root


def word_path(row, words, answer) -> list[str]:
    """One answer's guesses (indices into ``words``, padded after the answer) as words."""
    out = []
    for g in row:
        out.append(words[g])
        if out[-1] == answer:
            return out
    raise WordleError(f"internal error: the strategy never guesses {answer}")
