"""``wordlelab cache info|clear``: what the cache folder holds, by kind, and removing it.

Relies on where each kind is written: the pattern matrices as ``patterns-*`` files at the top of
the cache folder (models/matrix.py), numba's compiled code in ``wordlelab-<source digest>`` folders
under ``$NUMBA_CACHE_DIR``'s parent or ``<cache>/numba`` (wordlelab/__init__.py), the kernels
compiled ahead of time in ``aot/`` (solvers/search/engine/kernels.py), kept hints in ``hints/``
(solvers/search/rank/kept_hints.py) and first-guess rankings in ``rankings/``
(solvers/search/rank/first_guesses.py). The sealing key (``seal.key``) is no kind: removing it would make
every file this installation sealed untrusted, so clear leaves it.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import click

from wordlelab.cli.common import json_option
from wordlelab.cli.console import emit_json, out, table
from wordlelab.errors import WordleError

KINDS = ("matrices", "numba", "aot", "hints", "rankings")


def _numba_folder(cache: Path) -> Path:
    given = os.environ.get("NUMBA_CACHE_DIR")
    if not given:
        return cache / "numba"
    given_path = Path(given)
    return given_path.parent if given_path.name.startswith("wordlelab-") else given_path


def _entries(kind: str, cache: Path) -> tuple[Path, list[Path]]:
    """The folder of a kind and the files or folders that make it up (only wordlelab's own)."""
    if kind == "matrices":
        return cache, sorted(cache.glob("patterns-*"))
    if kind == "numba":
        folder = _numba_folder(cache)
        return folder, sorted(folder.glob("wordlelab-*"))
    folder = cache / kind
    return folder, sorted(folder.iterdir()) if folder.is_dir() else []


def _size(path: Path) -> tuple[int, int]:
    """(files, bytes) under ``path``, links not followed."""
    try:
        if path.is_symlink() or path.is_file():
            return 1, path.lstat().st_size
    except OSError:
        return 0, 0
    files = size = 0
    for root, _, names in os.walk(path):
        for name in names:
            try:
                size += os.lstat(os.path.join(root, name)).st_size
                files += 1
            except OSError:         # removed meanwhile by another process
                pass
    return files, size


def cache_report() -> dict:
    """Each kind's folder, file count and bytes, and the total (``cache info --json``)."""
    from wordlelab.models.cache import cache_dir
    cache = cache_dir()
    kinds = {}
    for kind in KINDS:
        folder, entries = _entries(kind, cache)
        sizes = [_size(e) for e in entries]
        kinds[kind] = {"path": str(folder), "files": sum(f for f, _ in sizes), "bytes": sum(b for _, b in sizes)}
    return {"path": str(cache), "kinds": kinds, "total_bytes": sum(k["bytes"] for k in kinds.values())}


def _megabytes(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


@click.group("cache", epilog="""\b
Examples:
  wordlelab cache info
  wordlelab cache clear hints rankings
  wordlelab cache clear --yes""")
def cache():
    """What the cache folder holds ($WORDLELAB_CACHE), by kind, and removing it."""


@cache.command()
@json_option
def info(as_json):
    """The size of each kind kept: matrices, numba, aot, hints, rankings."""
    report = cache_report()
    if as_json:
        emit_json(report)
        return
    table(f"cache {report['path']}", ["kind", "files", "size", "path"],
          [[k, v["files"], _megabytes(v["bytes"]), v["path"]] for k, v in report["kinds"].items()])
    out.print(f"total {_megabytes(report['total_bytes'])}; a kind cleared is made again when next needed "
              f"(numba's code: compiled again, tens of seconds per kind of command)")


@cache.command()
@click.argument("kinds", nargs=-1, type=click.Choice(KINDS, case_sensitive=False))
@click.option("--yes", is_flag=True, help="clear every kind without asking")
@json_option
def clear(kinds, yes, as_json):
    """Remove the kinds named (any of matrices, numba, aot, hints, rankings), or every kind with --yes.

    The sealing key stays: the files this installation wrote elsewhere (checkpoints) stay trusted.
    """
    from wordlelab.models.cache import cache_dir
    cache_path = cache_dir()
    if not kinds:
        if not yes:
            total = cache_report()["total_bytes"]
            raise WordleError(f"this removes every kind kept in {cache_path} ({_megabytes(total)}): add --yes, "
                              f"or name the kinds ({', '.join(KINDS)})")
        kinds = KINDS
    kinds = tuple(dict.fromkeys(k.lower() for k in kinds))
    freed = 0
    for kind in kinds:
        for entry in _entries(kind, cache_path)[1]:
            freed += _size(entry)[1]
            try:
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry)
                else:
                    entry.unlink()
            except FileNotFoundError:
                pass                # removed meanwhile by another process
            except OSError as e:
                raise WordleError(f"cannot remove {entry}: {e.strerror}") from None
    if as_json:
        emit_json({"path": str(cache_path), "removed": list(kinds), "freed_bytes": freed})
        return
    out.print(f"removed {', '.join(kinds)} from {cache_path}: {_megabytes(freed)} freed")


COMMANDS = [cache]
