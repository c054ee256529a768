"""The ``wordlelab`` command line: it parses, calls the library, and renders its results.

Each module of this package defines its commands and lists them in ``COMMANDS``;
they are registered here, explicitly (``COMMAND_MODULES``), each module when one of its
commands is first asked for; no library module imports this package.
"""
from __future__ import annotations

import atexit
import importlib.abc
import importlib.machinery
import os
import signal
import sys
import threading
import time
import warnings


class _NumbaWithoutBlasProbe(importlib.abc.MetaPathFinder):
    """Import numba, when a command first needs it, without its probe for scipy's BLAS.

    numba looks for BLAS once, when it loads its array functions (``numba.np.arraymath``), for
    np.dot and np.linalg in compiled code; the probe imports all of scipy.linalg (0.2 s), and
    wordlelab's compiled code uses neither. This finder wraps that one module's execution so
    that the probe's import fails at once; scipy itself stays importable afterwards. Commands
    that need no compiled code (a hint already proven and kept, say) never import numba.
    Only the command line does this (a process of its own).
    """

    def find_spec(self, name, path, target=None):
        if name != "numba.np.arraymath":
            return None
        sys.meta_path.remove(self)
        try:
            if sys.stderr.isatty():         # (a log or a pipe gets the progress lines' timings instead)
                announce_first_compile()
        except (AttributeError, ValueError):
            pass
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None or "scipy.linalg.cython_blas" in sys.modules:
            return spec
        run = spec.loader.exec_module

        def exec_without_probe(module):
            sys.modules["scipy.linalg.cython_blas"] = None      # makes the probe's import fail at once
            try:
                run(module)
            finally:
                del sys.modules["scipy.linalg.cython_blas"]
        spec.loader.exec_module = exec_without_probe
        return spec


def flag_for(name: str) -> str:
    """The flag of a library parameter: the options table's (``memory_gib`` -> ``--memory``), else
    the parameter's name with dashes (``class_checkpoint`` -> ``--class-checkpoint``)."""
    from wordlelab.models.settings import ROWS
    return ROWS[name].flag if name in ROWS else "--" + name.replace("_", "-")


def user_message(error) -> str:
    """The error as the command line says it: library parameters and settings named by their flags
    (``--set NAME`` for the rows the command takes under ``--set``)."""
    from wordlelab.errors import ParameterError
    under_set = getattr(error, "under_set", frozenset())

    def spell(name):
        return f"--set {flag_for(name).lstrip('-')}" if name in under_set else flag_for(name)
    if isinstance(error, ParameterError):
        return error.spelled(spell)
    field = getattr(error, "field", None)
    if field is not None:
        return f"{spell(field)} {error.detail}"
    return str(error)


def announce_first_compile() -> None:
    """Say so on stderr when numba is loaded and its cache for this version of the sources is empty.

    The kernels then compile on first use: a minute or two on a 2-core machine, which a first
    ``solve`` would otherwise spend silently (and count as search time). Compiled once, they are
    cached per source version (``wordlelab/__init__.py``), so this shows once per version.
    """
    from pathlib import Path
    where = os.environ.get("NUMBA_CACHE_DIR")
    if not where or os.environ.get("WORDLELAB_QUIET_COMPILE") == "1":
        return
    try:
        cached = any(Path(where).rglob("*.nbi"))
    except OSError:
        return
    if not cached:
        sys.stderr.write("compiling the search kernels for this version of wordlelab: a minute or two, once "
                         "('wordlelab compile' does it ahead of time)\n")
        sys.stderr.flush()


if "numba" not in sys.modules:
    sys.meta_path.insert(0, _NumbaWithoutBlasProbe())

# One OpenBLAS thread, unless the user sets another number: numpy starts OpenBLAS's threads when
# it is imported (about 5% of a one-second proof on 2 cores), and wordlelab's
# numpy work is element-wise or small products, with its parallel work in processes of its own.
# Only the command line does this; it must come before numpy's first import.
if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import click  # noqa: E402

from wordlelab.errors import WordleError, WordlelabWarning  # noqa: E402
from wordlelab.solvers.runtime import stop_request  # noqa: E402

# ---- explicit registration: each command and the module of this package that defines it. A
# module is imported when one of its commands runs (or --help lists them all): a search need not
# load the benchmarks, Eldrow or permutation Wordle first. tests/test_cli_registry.py checks this
# table against every module's COMMANDS.
COMMAND_MODULES = {
    "pattern": "basic", "lists": "basic", "state": "basic", "verify": "basic", "matrix": "basic",
    "tree-plot": "basic", "compile": "basic", "verify-bound": "bounds", "certify-ranking": "bounds",
    "solve": "search", "prove-depth": "search", "every-first-word": "search", "best-start": "search", "hint": "search",
    "best-pair": "pair", "play": "play", "analyze": "analyze",
    "lower-bound": "cover", "export-lp": "cover",
    "tree-model": "trees", "blindfold": "trees",
    "eldrow": "eldrow", "perm": "perm", "heuristics": "heuristics", "bench": "bench",
    "cache": "cache", "recheck": "recheck",
}

EPILOG = """\b
Examples:
  wordlelab pattern salet drone
  wordlelab lists
  wordlelab state salet.BBBYB.drone
  wordlelab analyze salet.bybbb.handy.bygbg --lists nyt20220316
  wordlelab solve --start salet --lists nyt20220316 --tree salet.tree
  wordlelab verify salet.tree --lists nyt20220316
  wordlelab prove-depth --guesses 4 --start salet --lists nyt20220316
  wordlelab best-start --lists nyt20220316 --top 5 --checkpoint rank.json
  wordlelab lower-bound --lists nyt20220316 --answers all --solver cpsat
  wordlelab export-lp cover --pattern '?ills' --lists nyt20220316 --answers all -o ills.lp
  wordlelab eldrow --target lower
  wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth --encoding assignment
  wordlelab bench --suite matrix
  wordlelab cache info
"""


class LazyGroup(click.Group):
    """The top-level group: a command's module is imported when the command is first asked for."""

    def list_commands(self, ctx):
        return sorted(set(self.commands) | set(COMMAND_MODULES))

    def get_command(self, ctx, name):
        if name not in self.commands and name in COMMAND_MODULES:
            _load(COMMAND_MODULES[name])
        return self.commands.get(name)


def _load(module_name: str) -> None:
    """Import one command module of this package and register its commands (and subcommands)."""
    module = importlib.import_module(f"wordlelab.cli.{module_name}")
    for command in module.COMMANDS:
        if command.name not in cli.commands:
            cli.add_command(command)
    if module_name == "cover":          # export-lp's tree subcommand is defined with the tree models
        module.export_lp.add_command(importlib.import_module("wordlelab.cli.trees").export_tree)
    elif module_name == "perm":
        for command in importlib.import_module("wordlelab.cli.perm_colour").COMMANDS:
            module.perm.add_command(command)


def load_all() -> click.Group:
    """Every command registered (what --help lists); returns the group."""
    for module_name in dict.fromkeys(COMMAND_MODULES.values()):
        _load(module_name)
    return cli


@click.group(cls=LazyGroup, epilog=EPILOG,
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="wordlelab")
def cli():
    """Prove things about Wordle: exact feedback, proven-optimal strategies, verified trees."""


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """Warnings as one line on stderr, with no source line."""
    click.echo(f"warning: {_one_line(str(message))}", err=True)


def _caused_by_interrupt(e: BaseException, kind=KeyboardInterrupt) -> bool:
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, kind):
            return True
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return False


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be: every long run saves its checkpoint the same way."""


# seconds a stop may take before another Ctrl-C or SIGTERM ends the process at once
FORCE_AFTER = 3.0
_stopping_since: float | None = None     # when the stop under way began (time.monotonic), or None


def _already_stopping() -> bool:
    """Whether a stop is under way, so that this signal must not raise again.

    Every command re-raises the first stop once its checkpoint is saved, so the process is
    ending: a second exception would only cut those saves short, or land in the interpreter's
    exit (``threading._shutdown`` printing "Exception ignored"). A stop still going after
    :data:`FORCE_AFTER` seconds (a save stuck on a slow disk) is ended at once instead.
    """
    if _stopping_since is None:
        return False
    if time.monotonic() - _stopping_since >= FORCE_AFTER:
        _exit_now(143 if stop_request.requested is Terminated else 130)
    return True


_program_stopped = False     # main() ran as the program (not in-process) and ends in a stop


def _quiet_teardown() -> None:
    """The interpreter's last steps after a stop ignore Ctrl-C and SIGTERM.

    Past the exit handlers, Python puts back the default action of every signal it handled, and
    tears down its modules (most of a second after a search): a Ctrl-C then would kill the
    process by SIGINT instead of its exit code 130. Registered when this module loads, it runs
    after the exit handlers registered later (atexit runs them last in, first out), so a stop
    stuck in one of those can still be ended by another Ctrl-C (:func:`_already_stopping`).
    """
    if _program_stopped:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)


atexit.register(_quiet_teardown)


def reset_stopping() -> None:
    """Forget a stop that has run its course: the next command (or a test) starts with none."""
    global _stopping_since
    stop_request.clear_stop()
    _stopping_since = None
    _deferred.clear()


def _start_stopping(kind: type) -> None:
    global _stopping_since
    _stopping_since = time.monotonic()
    stop_request.request_stop(kind)      # kept: a handler's exception can be swallowed (interrupt.py)


def _exit_now(code: int) -> None:
    """End the process from a signal handler: the cursor shown again, no Python-level cleanup
    (pool workers end with their parent, solvers/runtime/sweep.py's watch_parent)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:          # a write interrupted by this very signal ("reentrant call")
            pass
    try:
        if os.isatty(2):
            os.write(2, b"\x1b[?25h\r\n")
        os.write(2, b"interrupted again: stopped at once\n")
    except OSError:
        pass
    os._exit(code)


_deferred: list = []     # the stop (its class) a signal asked for inside the compiler's callback


def _in_compiler_callback(frame) -> bool:
    """Whether a signal landed inside llvmlite's object-cache callback (numba compiling a kernel):
    ctypes prints an exception raised in a callback ("Exception ignored on calling ctypes callback
    function", a traceback) and drops it."""
    while frame is not None:
        if frame.f_code.co_name.startswith("_raw_object_cache"):
            return True
        frame = frame.f_back
    return False


def _raise_stop(kind: type, signum: int, frame) -> None:
    """Raise ``kind`` now, or, inside the compiler's callback, once it has returned: the signal is
    sent again shortly, and its handler raises then."""
    if _in_compiler_callback(frame):
        _deferred[:] = [kind]
        again = threading.Timer(0.05, os.kill, (os.getpid(), signum))
        again.daemon = True
        again.start()
        return
    _deferred.clear()
    raise kind()


def sigterm_handler(main_pid: int):
    def handler(signum, frame):
        if os.getpid() != main_pid:          # a forked worker keeps the default action
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        if _deferred:
            return _raise_stop(_deferred[0], signum, frame)
        if _already_stopping():
            return
        _start_stopping(Terminated)
        _raise_stop(Terminated, signum, frame)
    return handler


def _sigint_handler(signum, frame):
    if _deferred:
        return _raise_stop(_deferred[0], signum, frame)
    if _already_stopping():
        return
    _start_stopping(KeyboardInterrupt)      # kept, as SIGTERM's is
    _raise_stop(KeyboardInterrupt, signum, frame)


def _stop(e: BaseException) -> None:
    """Exit for an interruption: 130 for Ctrl-C, 143 for SIGTERM."""
    if _caused_by_interrupt(e, Terminated):
        click.echo("terminated", err=True)
        sys.exit(143)
    click.echo("interrupted", err=True)
    sys.exit(130)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _exit_if_unwritten(code) -> None:
    """After the result is printed: each output file that could not be written, as one
    ``error:`` line, and exit code 2 (a file asked for is missing). ``code`` None: only print."""
    from wordlelab.cli.common import take_unwritten
    unwritten = take_unwritten()
    for message in unwritten:
        click.echo(f"error: {_one_line(message)}", err=True)
    if unwritten and code is not None:
        sys.exit(2)


# package -> the extra of pyproject.toml that installs it
OPTIONAL_PACKAGES = {"ortools": "solvers", "pulp": "solvers", "highspy": "solvers", "pyscipopt": "scip",
                     "matplotlib": "plot", "dask": "dask", "distributed": "dask"}


def main(argv=None) -> None:
    """Entry point: one-line errors with exit code 2, clean stop on Ctrl-C or SIGTERM; a result
    whose output file cannot be written at the end is still printed, then the error, exit code 2."""
    global _program_stopped
    previous = None
    reset_stopping()
    from wordlelab.solvers.runtime.checkpoint import forget_unsealed
    forget_unsealed()                     # what an earlier call in this process read (tests) is not this one's
    from wordlelab.cli.common import take_unwritten
    take_unwritten()                      # none left from an earlier call in this process (tests)
    previous_int = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, sigterm_handler(os.getpid()))
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:    # (a background job ignores it)
            previous_int = signal.signal(signal.SIGINT, _sigint_handler)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("default", WordlelabWarning)
            warnings.showwarning = _show_warning
            cli.main(args=argv, prog_name="wordlelab", standalone_mode=False)
        _exit_if_unwritten(0)
    except WordleError as e:
        _exit_if_unwritten(None)
        click.echo(f"error: {user_message(e)}", err=True)
        sys.exit(2)
    except click.exceptions.Abort as e:
        _stop(e)
    except KeyboardInterrupt as e:
        _stop(e)
    except SystemError as e:
        # Ctrl-C landing as compiled (numba) code returns surfaces as a SystemError whose
        # context is the KeyboardInterrupt: it is the same interruption
        if not _caused_by_interrupt(e):
            raise
        _stop(e)
    except click.UsageError as e:
        where = f"{e.ctx.command_path}: " if e.ctx is not None else ""
        click.echo(f"error: {where}{_one_line(e.format_message())} (see --help)", err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(f"error: {_one_line(e.format_message())}", err=True)
        sys.exit(2)
    except click.exceptions.Exit as e:
        _exit_if_unwritten(e.exit_code)
        sys.exit(e.exit_code)
    except ModuleNotFoundError as e:
        # a command of an extra the light install leaves out (pyproject's optional dependencies)
        extra = OPTIONAL_PACKAGES.get((e.name or "").split(".")[0])
        if extra is None or stop_request.requested is not None:
            raise
        from wordlelab.errors import install_command
        click.echo(f"error: this command needs the package {e.name.split('.')[0]}, in the extra "
                   f"'{extra}': {install_command(extra)}", err=True)
        sys.exit(2)
    except Exception as e:
        # after a Ctrl-C or SIGTERM, whatever breaks is the stop's doing: a signal that lands while
        # numba compiles a kernel leaves that kernel half-built, and its next call raises RuntimeError
        if stop_request.requested is None:
            raise
        kind = stop_request.requested
        _stop(kind() if isinstance(kind, type) else KeyboardInterrupt())
    finally:
        # the program's own exit after a stop keeps the handlers, which ignore a second Ctrl-C there;
        # main() called in-process (tests) leaves no handler behind
        if argv is None and _stopping_since is not None:
            _program_stopped = True
            previous = previous_int = None
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        if previous_int is not None:
            signal.signal(signal.SIGINT, previous_int)
        stop_request.clear_stop()

