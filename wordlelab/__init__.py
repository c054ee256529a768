"""wordlelab: a constraint and integer programming toolkit that proves things about Wordle.

The folders ``models/``, ``encoders/``, ``solvers/`` and ``instances/`` are the
subpackages ``wordlelab.models`` and so on.
"""
import hashlib
import importlib
import os
import shutil
import sys
import time
from pathlib import Path

from wordlelab.errors import WordleError

__version__ = "0.1.0"
# name -> module; loaded on first use, so ``import wordlelab.cli`` does not load numba before it must
_EXPORTS = {"WordLists": "instances.wordlists", "load_lists": "instances.wordlists",
            "feedback": "models.feedback", "pattern_code": "models.feedback", "pattern_string": "models.feedback",
            "score": "models.feedback", "pattern_matrix": "models.matrix", "Tree": "models.tree",
            "load_tree": "models.tree", "save_tree": "models.tree", "TreeFault": "models.verify",
            "verify_tree": "models.verify",
            # the top-level calls, each returning a Result (wordlelab/api.py)
            "solve": "api", "prove_depth": "api", "best_start": "api", "hint": "api", "verify": "api"}
__all__ = ["WordleError", *_EXPORTS]


_COMPILED_SUBPACKAGES = ("models", "encoders", "solvers")     # where numba code lives (not cli/, bench/)
_STALE_AFTER = 7 * 86400          # seconds unused before another version's compiled code is removed


def _source_digest() -> str:
    """A digest of the path, size and modification time of every source file of the compiled subpackages.

    numba's on-disk cache checks only the file that defines a function: a cached caller keeps
    the code of a callee it compiled in, from another module, after that module changed. Keying
    the cache directory on every source file makes any edit start a fresh directory.
    """
    roots = []
    for name in _COMPILED_SUBPACKAGES:        # the folders may live outside wordlelab/ (package-dir)
        roots.extend(Path(p) for p in importlib.import_module(f"{__name__}.{name}").__path__)
    lines = []
    for root in dict.fromkeys(r.resolve() for r in roots):
        for path in sorted(root.rglob("*.py")):
            info = path.stat()
            lines.append(f"{path}\t{info.st_size}\t{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def _point_numba_cache() -> None:
    """Send numba's cache to ``<cache>/numba/<source digest>`` (under ``$NUMBA_CACHE_DIR`` if set).

    Runs before any compiled function is defined; directories of other source versions unused
    for a week are removed.
    """
    from wordlelab.models.cache import cache_dir
    name = f"wordlelab-{_source_digest()}"
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given and Path(given).name == name:   # set so by a parent process of this same version
        target = Path(given)
    else:
        target = Path(given or cache_dir() / "numba") / name
    try:
        target.mkdir(parents=True, exist_ok=True)
        os.utime(target)
    except OSError:
        return                        # a read-only cache: numba falls back to its own locators
    for old in target.parent.glob("wordlelab-*"):
        try:
            if old != target and time.time() - old.stat().st_mtime > _STALE_AFTER:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            pass                      # removed meanwhile by another process
    os.environ["NUMBA_CACHE_DIR"] = str(target)
    if "numba" in sys.modules:        # imported before wordlelab: its config was read already
        sys.modules["numba"].config.CACHE_DIR = str(target)


def _no_huge_pages() -> None:
    """Ask numpy for ordinary pages (unless ``NUMPY_MADVISE_HUGEPAGE`` says otherwise).

    Why: numpy asks the kernel for 2 MiB pages on large arrays (madvise), and where memory is
    fragmented (other runs on the machine) a page fault then waits while the kernel compacts
    memory. "SALET cannot guarantee 4" took 0.24 s or, at random, 0.4-0.7 s of mostly system
    time; with ordinary pages, 0.24-0.25 s every time. The node tables are read at random, yet
    were no faster on huge pages (SALET within 6 with every word an answer: 24.1 and 24.3 s
    with them, 23.5 and 24.0 s without). The variable is read when numpy is imported; a numpy
    imported earlier is told directly.
    """
    if "NUMPY_MADVISE_HUGEPAGE" in os.environ:
        return
    os.environ["NUMPY_MADVISE_HUGEPAGE"] = "0"      # this process and its workers
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        core = getattr(numpy, "_core", None) or getattr(numpy, "core", None)
        setter = getattr(getattr(core, "multiarray", None), "_set_madvise_hugepage", None)
        if setter is not None:
            setter(False)


_point_numba_cache()
_no_huge_pages()


def __getattr__(name):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"wordlelab.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'wordlelab' has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *_EXPORTS])
