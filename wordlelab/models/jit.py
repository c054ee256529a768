"""Where numba keeps compiled code, set up where the kernels are first loaded.

Every module with compiled code imports this module before it imports numba, so that
``import wordlelab`` alone does no file I/O and changes no environment variable.

Why a digest of every source file: numba's on-disk cache checks only the file that defines a
function, so a cached caller keeps the code of a callee it compiled in, from another module,
after that module changed. Keying the cache folder on every source file of the compiled
subpackages makes any edit start a fresh folder; folders of other versions unused for a week
are removed.
"""
import hashlib
import os
import shutil
import sys
import time
from pathlib import Path

COMPILED_SUBPACKAGES = ("models", "encoders", "solvers")     # where numba code lives (not cli/, bench/)
STALE_AFTER = 7 * 86400          # seconds unused before another version's compiled code is removed
PACKAGE_ROOT = Path(__file__).resolve().parents[1]


def source_digest() -> str:
    """A digest of the path, size and modification time of every source file of the compiled subpackages.

    Examples
    --------
    >>> len(source_digest())
    16
    """
    lines = []
    for name in COMPILED_SUBPACKAGES:
        for path in sorted((PACKAGE_ROOT / name).rglob("*.py")):
            info = path.stat()
            lines.append(f"{path}\t{info.st_size}\t{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def point_numba_cache() -> None:
    """Send numba's cache to ``<cache>/numba/<source digest>`` (under ``$NUMBA_CACHE_DIR`` if set).

    Runs before any compiled function is defined; folders of other source versions unused for a
    week are removed.
    """
    from wordlelab.models.cache import cache_dir
    name = f"wordlelab-{source_digest()}"
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
            if old != target and time.time() - old.stat().st_mtime > STALE_AFTER:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:
            pass                      # removed meanwhile by another process
    os.environ["NUMBA_CACHE_DIR"] = str(target)
    if "numba" in sys.modules:        # imported before this module: its config was read already
        sys.modules["numba"].config.CACHE_DIR = str(target)


def no_huge_pages() -> None:
    """Ask numpy for ordinary pages (unless ``NUMPY_MADVISE_HUGEPAGE`` says otherwise).

    Why: numpy asks the kernel for 2 MiB pages on large arrays (madvise), and where memory is
    fragmented by other work on the machine, a page fault then waits while the kernel compacts
    memory: a sub-second depth proof took up to three times as long, at random, in system time.
    The node tables are read at random and gain nothing from huge pages. The variable reaches
    worker processes; the numpy already imported here is told directly.
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


point_numba_cache()
no_huge_pages()
