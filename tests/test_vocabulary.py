"""One word per concept: a guess cuts the answers into *classes*, and the reply is a *pattern*.

The words retired for them (split, partition; colours, score) must not come back as names in
wordlelab/: every function, class, argument, variable, attribute and imported name is scanned.
The allowlist holds the names that mean something else, each with the files it may appear in.
"""
import ast
import re
from pathlib import Path

from wordlelab.cli import COMMAND_MODULES

ROOT = Path(__file__).resolve().parents[1]
RETIRED = re.compile(r"split|partition|colou?rs?|score", re.IGNORECASE)
# Python's own string and URL methods: split, cut at a separator, not a guess's classes
STRING_METHODS = {"split", "rsplit", "partition", "rpartition", "splitlines", "splitext", "urlsplit"}
PERMUTATION = ("solvers/permutation/", "models/multicolour.py", "encoders/permutation.py", "cli/perm.py",
               "cli/perm_colour.py")
# (names, the files under wordlelab/ where they may stand (path prefixes)): each means another concept
ALLOWED = [
    # the permutation game's colours: the suits of the multicolour game, not Wordle's reply
    (re.compile(r".*colou?r.*", re.IGNORECASE), PERMUTATION),
    # drawing colours of the plots (matplotlib's own color= and colors= arguments among them)
    (re.compile(r"colou?rs?|TILE_COLOURS|FOUND_COLOURS"), ("cli/plots.py",)),
    # Mastermind's number of peg colours, and the colourings the Wordle numbers count
    (re.compile(r"colours"), ("models/games.py", "models/wordle_numbers.py")),
    # a greedy graph colouring bounds the largest clique (Eldrow's chain search)
    (re.compile(r"_colour"), ("solvers/eldrow/clique.py",)),
    # a number that ranks guesses: the greedy criteria, the tabu search, the candidate order
    (re.compile(r"scores"), ("solvers/heuristics.py",)),
    (re.compile(r"score_swaps"), ("solvers/blindfold/",)),
    (re.compile(r"score"), ("solvers/search/depth/depth_decision.py", "solvers/search/depth/easy_cores.py")),
    # PatternHintsStats.scores, one row per pattern: a --json key, which keeps its name so that the
    # JSON output does not change
    (re.compile(r"scores"), ("models/stats.py", "cli/search.py")),
    # AnalyzeStats.colours_given (whether the game gave each guess's pattern): a --json key too
    (re.compile(r"colours_given"), ("models/stats.py", "cli/analyze.py")),
]


def names(tree):
    """(name, line, is an attribute or an imported name) of every name the module defines or uses."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name, node.lineno, False
        elif isinstance(node, ast.arg):
            yield node.arg, node.lineno, False
        elif isinstance(node, ast.Name):
            yield node.id, node.lineno, False
        elif isinstance(node, ast.Attribute):
            yield node.attr, node.lineno, True
        elif isinstance(node, ast.alias):
            for n in (node.name.rpartition(".")[2], node.asname):
                if n:
                    yield n, node.lineno, True
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg, node.lineno, False


def allowed(name: str, rel: str, attribute: bool) -> bool:
    if name in STRING_METHODS and (attribute or name == "urlsplit"):
        return True
    return any(pattern.fullmatch(name) and rel.startswith(places) for pattern, places in ALLOWED)


def retired_names() -> list[str]:
    found = []
    for path in sorted((ROOT / "wordlelab").rglob("*.py")):
        rel = path.relative_to(ROOT / "wordlelab").as_posix()
        if RETIRED.search(path.stem) and not allowed(path.stem, rel, False):
            found.append(f"wordlelab/{rel}: the module's own name")
        for name, line, attribute in names(ast.parse(path.read_text())):
            if RETIRED.search(name) and not allowed(name, rel, attribute):
                found.append(f"wordlelab/{rel}:{line}: {name}")
    return sorted(set(found))


def test_no_retired_word_names_a_class_or_a_pattern():
    found = retired_names()
    assert not found, ("a guess's cells are its classes and the reply is its pattern; these names use a retired "
                       "word (or allow, in ALLOWED, a name that means something else):\n  " + "\n  ".join(found))


def test_the_scan_sees_a_retired_name(tmp_path):
    """The scan itself: a name of each retired word is caught, a string method is not."""
    tree = ast.parse("def best_split(x):\n    colours = x.split()\n    return partition(colours), score\n")
    caught = {n for n, _, attr in names(tree) if RETIRED.search(n) and not allowed(n, "models/x.py", attr)}
    assert caught == {"best_split", "colours", "partition", "score"}


def test_the_reply_command_is_pattern():
    assert "pattern" in COMMAND_MODULES and "score" not in COMMAND_MODULES
