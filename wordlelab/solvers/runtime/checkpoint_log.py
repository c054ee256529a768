"""Append-only checkpoints: for runs whose finished entries are too many to rewrite every 30 s.

:mod:`wordlelab.solvers.runtime.checkpoint` rewrites one JSON document atomically, which is right
for thousands of entries and wrong for millions (permutation Wordle at n = 8 values about
a million states). This format keeps the same guarantees with lines appended instead:

- line 1 is ``{"format": "wordlelab-checkpoint-log", "version": 1, "question": {...}}``;
- every other line is one entry, ``[key, value, check, seal]``, where ``check`` is the first 16
  hex digits of the sha256 of the canonical JSON of ``[key, value]``, and ``seal`` the first 32
  hex digits of the installation's seal (:func:`wordlelab.models.cache.seal`, an HMAC) of the
  canonical JSON of ``[question digest, key, value]``.

The check detects damage; the seal says who wrote the line, as a checkpoint's seal does
(:mod:`wordlelab.solvers.runtime.checkpoint`). :func:`load_log` returns a
:class:`~wordlelab.solvers.runtime.checkpoint.Loaded` whose ``sealed`` is true only if every line's seal
verifies: a log from elsewhere, an edited one whose checks were recomputed, or one with lines
of an older wordlelab (no seal) is a list of claims, and the file counts among the process's
unsealed inputs. Lines are sealed only while the process has read no unsealed file, so values
computed from a log's claims are never sealed into it.

A run that stops (Ctrl-C, a crash, a lost machine) can leave at most its last line cut
short, because lines are written whole and in order: :func:`load_log` drops such a last
line, which costs one entry. Any other damage (a line that fails its check, an edited
question, another format) is refused with a one-line :class:`~wordlelab.errors.WordleError`,
as :func:`~wordlelab.solvers.runtime.checkpoint.load_checkpoint` refuses a damaged document.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "demo.log")
>>> with CheckpointLog(path, {"kind": "demo"}) as log:
...     log.append("7", [1, 2])
...     log.append("8", [3])
>>> load_log(path, {"kind": "demo"})
{'7': [1, 2], '8': [3]}
>>> with open(path, "a") as f:                      # a run stopped in the middle of a line
...     _ = f.write('["9", [4')
>>> load_log(path, {"kind": "demo"})
{'7': [1, 2], '8': [3]}
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from pathlib import Path
from typing import Callable

from wordlelab.errors import WordleError
from wordlelab.models.files import write_atomic
from wordlelab.solvers.runtime.checkpoint import (AFRESH, Loaded, as_json_values, canonical_json, differences, note_unsealed,
                                         shortened, unsealed_inputs)

FORMAT = "wordlelab-checkpoint-log"
VERSION = 1


def line_check(key: str, value) -> str:
    """The check of one entry: 16 hex digits of sha256 over ``[key, value]``'s canonical JSON.

    >>> line_check("7", [1, 2])
    '89439ba6fe905a90'
    """
    return hashlib.sha256(canonical_json([key, value]).encode()).hexdigest()[:16]


SEAL_DIGITS = 32         # 128 bits of the HMAC: beyond guessing, half the bytes a line


def _question_digest(question: dict) -> str:
    return hashlib.sha256(canonical_json(as_json_values(question)).encode()).hexdigest()


def line_seal(seal, question_digest: str, key: str, value) -> str:
    """A line's seal under ``seal`` (:func:`wordlelab.models.cache.sealer`): it binds the question too,
    so a sealed line copied into another question's log does not verify."""
    return seal(canonical_json([question_digest, key, value]).encode())[:SEAL_DIGITS]


def _header(question: dict) -> str:
    return canonical_json({"format": FORMAT, "version": VERSION, "question": question})


def load_log(path, question: dict, validate: Callable | None = None) -> Loaded:
    """The entries a log holds for ``question`` (empty if ``path`` is empty or absent).

    A :class:`~wordlelab.solvers.runtime.checkpoint.Loaded` dict: ``sealed`` if every line's seal verifies
    (an absent or empty log too: nothing is taken from it); else the file is noted among this
    process's unsealed inputs.

    Raises :class:`~wordlelab.errors.WordleError` if the file is not such a log, is for another
    question, or has a damaged line other than a cut-short last one.
    """
    if not path or not Path(path).exists():
        return Loaded(sealed=True)
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise WordleError(f"cannot read checkpoint {path}: {e.strerror or e}") from None
    lines = raw.split(b"\n")
    complete = lines[:-1]                 # what follows the last newline was cut short (or is empty)
    try:
        head = json.loads(complete[0]) if complete else json.loads(lines[0])
    except (ValueError, UnicodeDecodeError, RecursionError):
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise WordleError(f"{path} is not a wordlelab checkpoint log (its first line has no \"format\": "
                          f"\"{FORMAT}\"; a breadth-first run's checkpoint is one JSON document); {AFRESH}")
    if head.get("version") != VERSION:
        raise WordleError(f"checkpoint log {path} has version {shortened(head.get('version'))}; this wordlelab "
                          f"reads version {VERSION}; {AFRESH}")
    stored, wanted = head.get("question"), as_json_values(question)
    if stored != wanted:
        detail = differences(stored, wanted) if isinstance(stored, dict) else "its question is not an object"
        raise WordleError(f"checkpoint log {path} is for another question: {detail}; use another file, or {AFRESH}")
    from wordlelab.models.cache import sealer
    seal, qd = sealer(), _question_digest(question)
    entries, all_sealed = {}, os.path.realpath(path) not in unsealed_inputs()
    for number, line in enumerate(complete[1:], start=2):
        try:
            key, value, check, *mark = json.loads(line)
            ok = isinstance(key, str) and check == line_check(key, value) and len(mark) <= 1
        except (ValueError, TypeError, UnicodeDecodeError, RecursionError):
            ok = False
        if ok and all_sealed:
            all_sealed = len(mark) == 1 and isinstance(mark[0], str) and \
                hmac.compare_digest(mark[0], line_seal(seal, qd, key, value))
        if not ok:
            raise WordleError(f"checkpoint log {path} is damaged at line {number} (it fails its check), so "
                              f"it is not trusted; {AFRESH}")
        if validate is not None:
            try:
                validate(key, value)
            except (ValueError, TypeError, KeyError, IndexError) as e:
                raise WordleError(f"checkpoint log {path} has a malformed entry {key!r} at line {number}: "
                                  f"{str(e).splitlines()[0] if str(e) else type(e).__name__}; {AFRESH}") from None
        entries[key] = value
    if not all_sealed:
        note_unsealed([os.path.realpath(path)])
    return Loaded(entries, sealed=all_sealed)


class CheckpointLog:
    """Appends entries to a log, flushed to disk every ``flush_every`` seconds and on close.

    Opening a log that exists keeps its whole lines and drops a cut-short last one; call
    :func:`load_log` first to read (and check) them. ``path`` None makes every call a no-op.
    """

    def __init__(self, path, question: dict, flush_every: float = 10.0):
        self.path, self.flush_every, self._file = path, flush_every, None
        if not path:
            return
        from wordlelab.models.cache import sealer
        self._seal, self._qd = sealer(), _question_digest(question)
        p = Path(path)
        try:
            if p.exists() and p.stat().st_size:
                raw = p.read_bytes()
                keep = raw.rfind(b"\n") + 1
                if keep == 0:                           # not even the header is whole
                    write_atomic(p, _header(as_json_values(question)) + "\n", what="checkpoint log")
                elif keep < len(raw):
                    with open(p, "r+b") as f:
                        f.truncate(keep)
            else:
                # a new log's header is written whole, through a private temporary file (models/files.py)
                write_atomic(p, _header(as_json_values(question)) + "\n", what="checkpoint log")
            self._file = open(p, "a", encoding="ascii")
        except OSError as e:
            raise WordleError(f"cannot write checkpoint log {path}: {e.strerror or e}") from None
        self._last_flush = time.monotonic()

    def append(self, key: str, value) -> None:
        if self._file is None:
            return
        line = [key, value, line_check(key, value)]
        if not unsealed_inputs():             # (values computed from a file's claims are not sealed)
            line.append(line_seal(self._seal, self._qd, key, value))
        self._file.write(canonical_json(line) + "\n")
        if time.monotonic() - self._last_flush > self.flush_every:
            self.flush()

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._last_flush = time.monotonic()

    def close(self) -> None:
        if self._file is not None:
            self.flush()
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
