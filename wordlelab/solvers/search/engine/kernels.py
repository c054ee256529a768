"""The native searcher's compiled kernels: ahead of time where built, else numba's just-in-time ones.

Why: a process's first call of a numba function costs about half a second even when its
machine code is in numba's disk cache (importing numba, filling its registries, linking the
cached code). A hint after one guess searches for about 20 ms, so that half second was most of
its run. ``wordlelab compile`` (:func:`build`) compiles the same Python functions ahead of time
with ``numba.pycc`` into one extension module, kept in the cache directory under the digest of
the sources (``wordlelab.models.jit.source_digest``), the CPU and the numba and numpy versions it was
built with. A process that finds the module for its own digest imports it in milliseconds and
never imports numba for these kernels. Any other process calls the just-in-time functions:
the same Python source, compiled by the same compiler, so the answers are the same.

The depth searches are among them, and their exports release the GIL as their ``nogil``
just-in-time versions do (:func:`_without_the_gil`): a Ctrl-C reaches them through the watcher
thread of :mod:`wordlelab.solvers.runtime.interrupt`, which needs the GIL to run.

The cache folder is trusted input, like numba's own cache of pickled machine code beside it:
loading the module runs its code. ``kernels.json`` records the module's sha256 digest at build
time, and the module is loaded only if its file still has that digest, so a module damaged on
disk (truncated, flipped bytes), which would kill the process in ``dlopen`` with SIGBUS or
SIGSEGV and no message, is never loaded: the JIT kernels run instead, after a one-line warning,
as they do for a missing digest or a ``kernels.json`` of the wrong shape. The digest guards
against damage, not against someone who can write the cache folder: a planted module with a
matching digest in its ``kernels.json`` still runs its code in every wordlelab process.

An exported function has one signature and, unlike a numba dispatcher, does not check the types
it is given. So each call checks its arrays (dtype, dimensions, contiguity, writeable) against
the signature first, and any other call goes to the just-in-time function.

>>> K.classes_of.__name__
'classes_of'
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import platform
import shutil
import tempfile
import time
import warnings
from pathlib import Path

import numpy as np

from wordlelab.errors import WordlelabWarning
from wordlelab.models import jit  # noqa: F401  (numba's cache folder and numpy's pages, before the kernels load)

MODULE = "wordlelab_kernels"
SPEC_FILE = "kernels.json"
# name -> the module under wordlelab.solvers.search.engine that defines it, and the function's name there
KERNELS = {
    "solve": ("search_core", "solve"), "guess_value": ("search_core", "guess_value"),
    "scan": ("search_core", "scan"), "guesses_for_children": ("search_core", "guesses_for_children"),
    "child_lists_after": ("search_core", "child_lists_after"), "classes_of": ("search_core", "classes_of"),
    "child_list": ("hard_rules", "child_list"), "guess_features": ("hard_rules", "guess_features"),
    "table_count": ("node_table", "table_count"),
    "depth_feasible": ("depth_search", "feasible"), "core_feasible": ("depth_cores", "feasible"),
    "refuted_within": ("depth_cores", "_refuted_within"), "add_core": ("depth_cores", "_add_core"),
    "fill_min_paths": ("search_core", "fill_min_paths"),
}
_PACKAGE = "wordlelab.solvers.search.engine"
_STALE_AFTER = 7 * 86400


def _jit(name: str):
    module, function = KERNELS[name]
    return getattr(importlib.import_module(f"{_PACKAGE}.{module}"), function)


def fingerprint() -> str:
    """What compiled code depends on besides the sources: machine, CPU features, Python, numba, numpy."""
    from importlib.metadata import version
    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line for line in f if line.startswith("flags")), cpu)
    except OSError:
        pass
    text = "|".join([platform.machine(), cpu, platform.python_version(), version("numba"), np.__version__])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def aot_dir() -> Path:
    """Where the module for these sources and this machine is (or would be) kept."""
    from wordlelab.models.cache import cache_dir
    from wordlelab.models.jit import source_digest
    return cache_dir() / "aot" / f"{source_digest()}-{fingerprint()}"


def _module_file(folder: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / f"{MODULE}{suffix}"
        if path.exists():
            return path
    return None


def built_module() -> Path | None:
    """The module built for these sources and this machine, or None."""
    return _module_file(aot_dir())


def module_digest(path: Path) -> str:
    """The sha256 hex digest of the module file (recorded in kernels.json at build time)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _well_formed(spec) -> bool:
    """Whether ``spec`` is an argument check as :func:`_spec` writes it (None, an array, a tuple)."""
    if spec is None:
        return True
    if not isinstance(spec, list) or not spec:
        return False
    if spec[0] == "tuple":
        return len(spec) == 2 and isinstance(spec[1], list) and all(map(_well_formed, spec[1]))
    if spec[0] != "array" or len(spec) != 3 or not isinstance(spec[1], str) or type(spec[2]) is not int:
        return False
    try:
        np.dtype(spec[1])
    except TypeError:
        return False
    return True


def recorded_specs(folder: Path, path: Path) -> dict:
    """The argument checks that ``folder``'s kernels.json records, once the module file ``path``
    is shown to be the one it was written for: ValueError says why it cannot be used.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()); (d / "m.so").write_bytes(b"module")
    6
    >>> _ = (d / SPEC_FILE).write_text('{"arguments": {"solve": 5}}')
    >>> recorded_specs(d, d / "m.so")
    Traceback (most recent call last):
    ...
    ValueError: kernels.json is not of the shape 'wordlelab compile' writes
    """
    try:
        doc = json.loads((folder / SPEC_FILE).read_text())
    except OSError as e:
        raise ValueError(f"{SPEC_FILE} cannot be read ({e.strerror or e})") from None
    except (ValueError, RecursionError):
        raise ValueError(f"{SPEC_FILE} is not JSON") from None
    arguments = doc.get("arguments") if isinstance(doc, dict) else None
    try:
        shaped = isinstance(arguments, dict) and all(
            isinstance(specs, list) and all(map(_well_formed, specs)) for specs in arguments.values())
    except RecursionError:
        shaped = False
    if not shaped:
        raise ValueError(f"{SPEC_FILE} is not of the shape 'wordlelab compile' writes")
    digest = doc.get("sha256")
    if not isinstance(digest, str):
        raise ValueError(f"{SPEC_FILE} records no digest of the module (built by an older version)")
    if module_digest(path) != digest:
        raise ValueError("the module's digest is not the one recorded when it was built (damaged or replaced)")
    return arguments


def _prepared(spec):
    """A spec from the module's JSON with its dtype as an ``np.dtype`` (compared by identity first)."""
    if spec is None:
        return None
    if spec[0] == "tuple":
        return ("tuple", [_prepared(x) for x in spec[1]])
    return ("array", np.dtype(spec[1]), spec[2])


def _fits(value, spec) -> bool:
    if spec is None:
        return True
    if spec[0] == "tuple":
        return isinstance(value, tuple) and len(value) == len(spec[1]) and all(map(_fits, value, spec[1]))
    if type(value) is not np.ndarray or value.ndim != spec[2]:
        return False
    if value.dtype is not spec[1] and value.dtype != spec[1]:
        return False
    flags = value.flags
    return flags.c_contiguous and flags.writeable


def _checked(name: str, compiled, specs):
    """``compiled``, called only with the arrays its signature names; any other call runs the JIT function.

    A search passes the same tables (a tuple of 16 arrays) thousands of times: the last tuple
    that fitted is kept, and the same object is not checked again (a tuple's arrays cannot be
    swapped, nor an array's type, dimensions or layout changed).
    """
    specs = [_prepared(spec) for spec in specs]
    fitted = [None] * len(specs)

    def fits(value, spec, i):
        if value is fitted[i]:
            return True
        if _fits(value, spec):
            if isinstance(value, tuple):
                fitted[i] = value
            return True
        return False

    def call(*args):
        if len(args) == len(specs) and all(map(fits, args, specs, range(len(specs)))):
            return compiled(*args)
        return _jit(name)(*args)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{name}, compiled ahead of time (see wordlelab.solvers.search.engine.kernels)"
    return call


class _Kernels:
    """``K.name`` is the kernel ``name``: ahead of time if built for this process, else the JIT one."""

    def __init__(self):
        self._aot = None
        self._loaded = False
        self._source = "jit"

    @property
    def source(self) -> str:
        """The module's path if the kernels come from one compiled ahead of time, else ``"jit"``."""
        if not self._loaded:
            self._load_aot()
        return self._source

    def _load_aot(self):
        self._loaded = True
        if os.environ.get("WORDLELAB_AOT", "").lower() in ("0", "off", "no"):
            return
        try:
            folder = aot_dir()
            path = _module_file(folder)
            if path is None:
                return
            with contextlib.suppress(OSError):
                os.utime(folder)      # in use: kept by the clean-up of other versions
            # checked before dlopen: a damaged module is a SIGBUS or SIGSEGV there, past any except
            specs = recorded_specs(folder, path)
            spec = importlib.util.spec_from_file_location(MODULE, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except (OSError, ImportError, ValueError) as e:
            # damaged or foreign: the JIT kernels give the same answers, only later
            warnings.warn(f"not loading the compiled kernels in {folder}: {e}; using the just-in-time "
                          "ones (run 'wordlelab compile' to build them again)", WordlelabWarning, stacklevel=2)
            return
        self._aot = (module, specs)
        self._source = str(path)

    def __getattr__(self, name: str):
        if name not in KERNELS:
            raise AttributeError(name)
        if not self._loaded:
            self._load_aot()
        module, specs = self._aot or (None, {})
        compiled = getattr(module, name, None)
        fn = _jit(name) if compiled is None or name not in specs else _checked(name, compiled, specs[name])
        setattr(self, name, fn)
        return fn


K = _Kernels()


def byte_compile_sources() -> int:
    """Byte-compile every module of wordlelab (``__pycache__`` beside each source); returns how many.

    Python writes these itself on first import unless told not to (``PYTHONDONTWRITEBYTECODE``);
    then every command compiles its 60-odd modules from source, about a tenth of a second each
    time. ``wordlelab compile`` asks for them explicitly, so they are written either way; a
    source changed later is compiled from source again (its stamp no longer matches), never stale.
    """
    import compileall
    import wordlelab
    roots = [Path(p) for p in wordlelab.__path__]
    for name in ("models", "encoders", "solvers", "instances"):   # package-dir folders beside wordlelab/
        roots.extend(Path(p) for p in importlib.import_module(f"wordlelab.{name}").__path__)
    count = 0
    for root in dict.fromkeys(r.resolve() for r in roots):
        if not compileall.compile_dir(str(root), quiet=2, workers=1):
            raise OSError(f"could not byte-compile {root}")
        count += sum(1 for _ in root.rglob("*.py"))
    return count


# ---- building (needs numba and a C compiler; run by ``wordlelab compile``)
def _signatures() -> dict:
    """name -> argument types of each kernel, as the native searcher calls it."""
    from numba import typeof, types
    from wordlelab.solvers.search.engine.tables import StoreArrays, Tables

    def arr(dtype, ndim):
        return types.Array(typeof(np.zeros(1, dtype)[0]), ndim, "C")

    i32, i64, u8, u64 = (arr(t, 1) for t in (np.int32, np.int64, np.uint8, np.uint64))
    u8m, i32m, i64m = arr(np.uint8, 2), arr(np.int32, 2), arr(np.int64, 2)
    tables = typeof(Tables(np.zeros((1, 1), np.uint8), *(np.zeros(1, np.int32),) * 2, *(np.zeros(1, np.uint64),) * 3,
                           np.zeros(1, np.int32), np.zeros(1, np.uint64), np.zeros((1, 5), np.uint8),
                           np.zeros((1, 26), np.uint8), 0, np.zeros((1, 4), np.uint64), np.zeros(0, np.int32),
                           np.zeros(0, np.int32), np.zeros((1, 5), np.int32), np.zeros(1, np.int32)))
    n, small = types.int64, types.int32
    store = typeof(StoreArrays(np.zeros(1, np.int32), np.zeros((1, 3), np.int64), np.zeros(1, np.int64),
                               np.zeros((2, 1), np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64)))
    return {
        "solve": (i32, i32, n, n, tables, n, i64m, i64),
        "guess_value": (i32, i32, n, n, n, i64, tables, n, i64m, i64),
        "scan": (u8m, i32, i32, u64),
        "guesses_for_children": (i32, i32, i32, u64, n),
        "child_lists_after": (i32, i32, n, tables),
        "classes_of": (u8m, i32, n),
        "child_list": (i32, n, small, n, u8m, u8m),
        "guess_features": (u8m,),
        "table_count": (i64m,),
        "depth_feasible": (i32, i32, n, tables, i64m, i64, n, i64),
        "core_feasible": (i32, i32, n, tables, u8m, i64m, i64, n, store),
        "refuted_within": (i32, n, n, u8m, store),
        "add_core": (i32, n, store),
        "fill_min_paths": (i32, i32, n, n, i32m, tables, n, i64m, i64),
    }


def _spec(t):
    """The check :func:`_fits` makes for an argument of numba type ``t``."""
    from numba import types
    if isinstance(t, types.Array):
        return ["array", np.dtype(str(t.dtype)).str, t.ndim]
    if isinstance(t, types.BaseTuple):
        return ["tuple", [_spec(x) for x in t]]
    return None


@contextlib.contextmanager
def _without_the_gil(functions):
    """numba.pycc wraps every export in a call that holds the GIL; these ``functions`` get one that
    releases it, as their ``nogil=True`` just-in-time versions do.

    Why: a depth search stops on Ctrl-C because a watcher thread poisons its node counter
    (:mod:`wordlelab.solvers.runtime.interrupt`), and that thread runs only while the search has let the
    GIL go. pycc takes no per-export option, so its ``compile_extra`` is wrapped for the build.
    """
    import numba.pycc.compiler as pycc_compiler
    original = pycc_compiler.compile_extra

    def compile_extra(typingctx, targetctx, func, args, return_type, flags, locals, **kw):
        if func in functions:
            flags = flags.copy()
            flags.release_gil = True
        return original(typingctx, targetctx, func, args, return_type, flags, locals, **kw)

    pycc_compiler.compile_extra = compile_extra
    try:
        yield
    finally:
        pycc_compiler.compile_extra = original


def build(progress=None) -> Path:
    """Compile every kernel ahead of time into :func:`aot_dir`; returns the module's path.

    The module is written to a temporary folder and moved into place whole, so a reader never
    sees half of it, and an interrupted build leaves nothing behind.
    """
    from numba.pycc import CC
    target = aot_dir()
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="building-", dir=target.parent))
    try:
        cc = CC(MODULE)
        cc.output_dir = str(work)
        cc.target_cpu = "host"            # the folder's name holds this machine's CPU features
        cc.verbose = False
        specs = {}
        nogil = []
        for name, argtypes in _signatures().items():
            dispatcher = _jit(name)
            dispatcher.compile(argtypes)
            signature = dispatcher.overloads[tuple(argtypes)].signature
            cc.export(name, signature)(dispatcher.py_func)
            specs[name] = [_spec(t) for t in argtypes]
            if dispatcher.targetoptions.get("nogil"):
                nogil.append(dispatcher.py_func)
            if progress:
                progress(f"typed {name}")
        t0 = time.perf_counter()
        with _without_the_gil(nogil):
            cc.compile()
        if progress:
            progress(f"compiled in {time.perf_counter() - t0:.0f} s")
        built_file = _module_file(work)
        if built_file is None:
            raise OSError(f"numba.pycc wrote no {MODULE} module in {work}")
        (work / SPEC_FILE).write_text(json.dumps({"arguments": specs, "fingerprint": fingerprint(),
                                                  "sha256": module_digest(built_file)}))
        for extra in work.iterdir():
            if extra.is_dir():
                shutil.rmtree(extra, ignore_errors=True)
        if target.exists():
            shutil.rmtree(target)
        os.replace(work, target)
        for old in target.parent.iterdir():       # other versions' modules, unused for a week
            if old != target and time.time() - old.stat().st_mtime > _STALE_AFTER:
                shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    path = _module_file(target)
    if path is None:
        raise OSError(f"numba.pycc wrote no {MODULE} module in {target}")
    return path
