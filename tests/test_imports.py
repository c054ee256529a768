"""The import graph is a DAG in layers: models <- instances <- encoders <- solvers <- the CLI and bench.

Every import is counted, also those inside functions: a lazy import is still a dependency.
"""
import ast
import os
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
# lower layers first; a module may import its own layer and the layers below
LAYERS = ["wordlelab.errors", "wordlelab.models", "wordlelab.instances", "wordlelab.encoders", "wordlelab.solvers",
          "wordlelab.cli"]
# the top layer: the command line, the benchmarks and the top-level calls (wordlelab.api)
CLI_MODULES = ("wordlelab.cli", "wordlelab.bench", "wordlelab.cli.console", "wordlelab.cli.options", "wordlelab.__main__",
               "wordlelab.api")


def modules() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "wordlelab").rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        out[".".join(p for p in rel.parts if p != "__init__")] = path
    return out


def layer(module: str) -> int:
    if module.startswith(CLI_MODULES) or module == "wordlelab":
        return len(LAYERS) - 1
    for i, prefix in reversed(list(enumerate(LAYERS))):
        if module == prefix or module.startswith(prefix + "."):
            return i
    raise AssertionError(f"{module} belongs to no layer")


def imports(module: str, path: Path, known) -> set[str]:
    tree = ast.parse(path.read_text())
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def graph() -> nx.DiGraph:
    mods = modules()
    g = nx.DiGraph()
    g.add_nodes_from(mods)
    for m, path in mods.items():
        for target in imports(m, path, mods):
            g.add_edge(m, target)
    return g


def test_layers_point_down():
    g = graph()
    bad = [(a, b) for a, b in g.edges if layer(b) > layer(a) and not b == "wordlelab"]
    assert not bad, "imports against the layers:\n" + "\n".join(f"  {a} -> {b}" for a, b in sorted(bad))


def test_no_import_cycles():
    g = graph()
    g.remove_node("wordlelab")        # the package's lazy exports (PEP 562) load on attribute access only
    cycles = list(nx.simple_cycles(g))
    assert not cycles, "import cycles:\n" + "\n".join("  " + " -> ".join(c + [c[0]]) for c in cycles[:20])


def test_no_library_module_imports_the_cli():
    g = graph()
    bad = [(a, b) for a, b in g.edges if b.startswith("wordlelab.cli") and not a.startswith(CLI_MODULES)]
    assert not bad, bad


def test_the_checkers_import_only_models_and_errors():
    """The independent checkers stand on the rules alone."""
    g = graph()
    for checker in ("wordlelab.models.verify", "wordlelab.models.eldrow", "wordlelab.models.blindfold",
                    "wordlelab.models.endgames"):
        reach = nx.descendants(g, checker)
        assert all(m.startswith(("wordlelab.models", "wordlelab.errors")) for m in reach), (checker, reach)
        assert "wordlelab.models.matrix" not in reach and "wordlelab.models.masks" not in reach


@pytest.mark.parametrize("numpy_first", [False, True])
def test_numpy_gets_ordinary_pages(numpy_first):
    """wordlelab.models.jit.no_huge_pages: numpy's huge-page advice made short proofs stall at random on a
    busy machine. Whether numpy is imported before wordlelab or after, it is off; a user's
    NUMPY_MADVISE_HUGEPAGE is left as it is."""
    import subprocess
    import sys
    code = ("import numpy\n" if numpy_first else "") + (
        "import wordlelab.models.jit, numpy\n"
        "core = getattr(numpy, '_core', None) or numpy.core\n"
        "print(core.multiarray._set_madvise_hugepage(True))\n")   # returns the setting it replaces
    env = {k: v for k, v in os.environ.items() if k != "NUMPY_MADVISE_HUGEPAGE"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.stdout.split() == ["False"], r.stderr
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**env, "NUMPY_MADVISE_HUGEPAGE": "1"}, timeout=120)
    assert r.stdout.split() == ["True"], r.stderr


def test_a_json_run_loads_no_rich_and_one_blas_thread():
    """The command line's start-up: a run that prints only JSON never imports rich, and numpy
    starts one OpenBLAS thread unless the user asks for more."""
    import subprocess
    import sys
    code = ("import os, sys\n"
            "sys.argv = ['wordlelab', 'pattern', 'salet', 'drone', '--json']\n"
            "from wordlelab.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('rich' in sys.modules, os.environ.get('OPENBLAS_NUM_THREADS'))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "FORCE_COLOR", "TTY_COMPATIBLE")}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.stdout.split()[-2:] == ["False", "1"], r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-c", code.replace(", '--json'", "")], capture_output=True, text=True,
                       env={**env, "OPENBLAS_NUM_THREADS": "2"}, timeout=120)
    assert r.stdout.split()[-2:] == ["True", "2"], r.stdout + r.stderr


def test_importing_wordlelab_touches_no_file_and_sets_nothing(tmp_path):
    """``import wordlelab`` opens, creates, scans or removes no file beyond its own modules, and
    sets no environment variable: numba's cache is set up where compiled code first loads.
    (os.listdir is left out: Python's own path finders list each folder they import from.)"""
    import subprocess
    import sys
    code = (
        "import os, sys\n"
        "seen = []\n"
        "def hook(event, args):\n"
        "    if event in ('open', 'os.mkdir', 'os.remove', 'os.rmdir', 'os.rename', 'os.utime',\n"
        "                 'os.scandir', 'shutil.rmtree', 'os.putenv', 'os.unsetenv', 'os.chmod'):\n"
        "        path = str(args[0]) if args else ''\n"
        "        if not path.endswith(('.py', '.pyc')) and '__pycache__' not in path:\n"
        "            seen.append((event, path))\n"
        "env = dict(os.environ)\n"
        "sys.addaudithook(hook)\n"
        "import wordlelab\n"
        "wordlelab.__version__\n"
        "print(repr(seen), dict(os.environ) == env)\n")
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMPY_MADVISE_HUGEPAGE")}
    env["WORDLELAB_CACHE"] = str(cache)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                       cwd=tmp_path)
    assert r.stdout.strip() == "[] True", r.stdout + r.stderr
    assert not cache.exists()


SEARCH_WINGS = ["engine", "classes", "native", "depth", "rank"]     # each may import only the ones before it
SEARCH_TOP = {"native": "native", "strategy_paths": "native", "tie_break": "native"}


def test_the_search_wings_import_only_downwards():
    """wordlelab.solvers.search: engine < classes < the searcher (native) < depth < rank."""
    g = graph()
    prefix = "wordlelab.solvers.search."

    def wing(module):
        head = module[len(prefix):].split(".")[0]
        return SEARCH_WINGS.index(SEARCH_TOP.get(head, head))
    bad = [(a, b) for a, b in g.edges if a.startswith(prefix) and b.startswith(prefix) and wing(b) > wing(a)]
    assert not bad, "\n".join(f"  {a} -> {b}" for a, b in sorted(bad))


def test_the_runtime_is_the_floor_of_the_solvers():
    """wordlelab.solvers.runtime (sweeps, checkpoints, stop requests) imports no other solver package:
    every solver may lean on it, and it knows no game's rules."""
    g = graph()
    prefix = "wordlelab.solvers."
    bad = [(a, b) for a, b in g.edges if a.startswith(prefix + "runtime") and b.startswith(prefix)
           and not b.startswith(prefix + "runtime")]
    assert not bad, bad
    folders = {p.name for p in (ROOT / "wordlelab" / "solvers").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert {"runtime", "blindfold", "search", "backends"} <= folders


def test_the_search_folder_has_at_most_ten_entries():
    folder = ROOT / "wordlelab" / "solvers" / "search"
    entries = sorted(p.name for p in folder.iterdir() if p.name != "__pycache__")
    assert len(entries) <= 10, entries
    assert {"engine", "depth", "rank"} <= set(entries)


def test_no_module_imports_another_modules_private_name():
    """A ``_name`` is its module's own: nothing else imports it (a shared helper gets a public name)."""
    mods = modules()
    found = []
    for module, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module in mods and mods[node.module] != path:
                found += [f"{module}:{node.lineno} imports {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert not found, "\n".join(found)


# the searcher's own modules: the only ones that may set its attributes or call its private methods
SEARCHER_HOME = ("wordlelab/solvers/search/native.py", "wordlelab/solvers/search/strategy_paths.py")
SEARCHER_NAMES = {"searcher", "s"}        # what the library and tools call a searcher they hold


def _searcher_classes() -> list[ast.ClassDef]:
    found = []
    for rel in SEARCHER_HOME:
        found += [n for n in ast.walk(ast.parse((ROOT / rel).read_text()))
                  if isinstance(n, ast.ClassDef) and n.name in ("NativeSearcher", "StrategyPaths")]
    assert {c.name for c in found} == {"NativeSearcher", "StrategyPaths"}
    return found


def _outside_the_searcher() -> list[tuple[str, ast.AST]]:
    """(path, tree) of every library module and tool but the searcher's own."""
    paths = sorted((ROOT / "wordlelab").rglob("*.py")) + sorted((ROOT / "tools").glob("*.py"))
    return [(str(p.relative_to(ROOT)), ast.parse(p.read_text())) for p in paths
            if str(p.relative_to(ROOT)) not in SEARCHER_HOME]


def _holds_a_searcher(node: ast.AST) -> bool:
    """``searcher``, ``s`` or ``self.searcher``."""
    if isinstance(node, ast.Name):
        return node.id in SEARCHER_NAMES
    return isinstance(node, ast.Attribute) and node.attr == "searcher" and isinstance(node.value, ast.Name) \
        and node.value.id == "self"


def test_no_searcher_attribute_is_set_outside_its_module():
    """A searcher is no blackboard: a campaign's state lives in its own object (depth/run.py's
    DepthRun), so a searcher that served one question is a clean searcher for the next. No module
    but the searcher's own assigns an attribute of a name holding a searcher, nor an attribute the
    searcher declares (``self.X = ...`` in NativeSearcher) on any object but ``self``."""
    declared = {t.attr for c in _searcher_classes() for n in ast.walk(c) if isinstance(n, (ast.Assign, ast.AnnAssign))
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                for t in (t.elts if isinstance(t, ast.Tuple) else [t])
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}
    assert {"lists", "mode", "tables", "cache", "stats", "depth_rounds"} <= declared
    found = []
    for rel, tree in _outside_the_searcher():
        for n in ast.walk(tree):
            if not isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                continue
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                for t in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t]):
                    if not isinstance(t, ast.Attribute):
                        continue
                    on_self = isinstance(t.value, ast.Name) and t.value.id == "self"
                    if _holds_a_searcher(t.value) or (t.attr in declared and not on_self):
                        found.append(f"{rel}:{n.lineno} sets {ast.unparse(t)}")
    assert not found, "\n".join(found)


def test_no_module_calls_the_searchers_private_methods():
    """What other modules need of the searcher is public and documented; its ``_methods`` are
    called from its own modules only (native.py and its mixin strategy_paths.py)."""
    private = {f.name for c in _searcher_classes() for f in c.body if isinstance(f, ast.FunctionDef)
               and f.name.startswith("_") and not f.name.startswith("__")}
    assert "_stoppable" in private and "_start_feasible" not in private
    found = [f"{rel}:{n.lineno} uses {ast.unparse(n)}" for rel, tree in _outside_the_searcher() for n in ast.walk(tree)
             if isinstance(n, ast.Attribute) and n.attr in private
             and not (isinstance(n.value, ast.Name) and n.value.id == "self")]
    assert not found, "\n".join(found)


def test_a_depth_run_takes_no_attribute_from_outside():
    """DepthRun (the depth campaign's state) has fixed fields: nothing can be attached to it."""
    from wordlelab.solvers.search.depth.run import DepthRun
    run = DepthRun(searcher=None)
    with pytest.raises(AttributeError):
        run.failing_class = None
    assert not hasattr(run, "__dict__")


def _errors_naming_flags():
    """Library ``raise SomeError("... --flag ...")`` sites: (module, line)."""
    found = []
    for module, path in modules().items():
        if module.startswith("wordlelab.cli"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                texts = [n.value for n in ast.walk(node.exc) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
                if any(re.search(r"(^|[\s('\"])--[a-z]", t) for t in texts):
                    found.append(f"{module}:{node.lineno}")
    return found


# library errors that still name a flag (the rest name parameters, which the CLI spells as flags:
# wordlelab.errors.ParameterError); the count may only fall
ERRORS_NAMING_FLAGS = 0


def test_library_errors_name_parameters_not_flags():
    found = _errors_naming_flags()
    assert len(found) <= ERRORS_NAMING_FLAGS, "\n".join(found)
    assert len(found) == ERRORS_NAMING_FLAGS, f"fewer now ({len(found)}): lower ERRORS_NAMING_FLAGS"
