"""Checkpoint files: one versioned, self-checking JSON format for every resumable command.

A checkpoint records the answers a long run has found so far, so that a rerun
resumes instead of starting again. Every resumable command (``best-start``,
``prove-depth`` without ``--start``, ``eldrow --all``, ``perm optimal`` with or
without ``--workers``) reads and writes it through this module only::

    {"format": "wordlelab-checkpoint", "version": 1,
     "question": {"kind": "best-start", "lists": {"name": ..., "key": ...}, ...},
     "digest": "<sha256 hex of the canonical JSON of question and entries>",
     "entries": {"<task key>": <JSON value>, ...}}

What :func:`load_checkpoint` guarantees, for a file that exists:

- it returns entries only if the file is JSON in this format and version, its
  digest matches its question and entries (``canonical_json``: sorted keys,
  no spaces, ASCII), its question equals the question of the run, and every
  entry passes the command's validator;
- otherwise it raises :class:`~wordlelab.errors.WordleError` with a one-line
  message (unreadable, not JSON, wrong shape, other format or version, "edited
  or damaged", or "for another question" naming each field that differs),
  which the command line shows as ``error: ...`` with exit code 2.

The digest detects damage and hand edits; it is not a signature (anyone who
recomputes it can forge a file). The seal is: ``"seal"`` is an HMAC of the same text under
the installation's key (:func:`wordlelab.models.cache.seal`), written by every save.
:func:`read_checkpoint` says whether a file's seal verifies, that is whether this installation
wrote it. A command that would take a value it cannot re-check cheaply (a class's least total,
a word's bound) from an unsealed file (one from a commit, another machine, or an edit) does not
report that value as proven: its result names the file the claim rests on. The question names everything an entry's
meaning depends on: the kind of question, the word lists (name and content key),
the mode, the guess limit, the slice of the work (shard, limit, targets), so an
entry is never merged into a run that asks something else.

What :func:`save_checkpoint` guarantees: the file is replaced atomically (a
temporary file in the same directory, then :func:`os.replace`), so a crash or a
Ctrl-C leaves the old file or the new one, never part of one. Two processes may
share one file (two ``analyze`` runs fill the same cached ranking): a writer that
re-reads the file and merges it under :func:`checkpoint_lock` before it writes
keeps what the other wrote.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "demo.json")
>>> question = {"kind": "demo", "n": 3}
>>> load_checkpoint(path, question)                   # no file yet: nothing to resume
{}
>>> save_checkpoint(path, question, {"b": [2, True], "a": [1, False]})
>>> load_checkpoint(path, question)
{'a': [1, False], 'b': [2, True]}
>>> load_checkpoint(path, {"kind": "demo", "n": 4})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wordlelab.errors.WordleError: checkpoint ... is for another question: n is 3 in the file, 4 in this run; ...
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Callable

from wordlelab.errors import WordleError
from wordlelab.models.files import write_atomic

FORMAT = "wordlelab-checkpoint"
VERSION = 1
_FIELDS = {"format", "version", "question", "digest", "entries"}
_SEAL = "seal"
AFRESH = "move it away to start afresh"


def canonical_json(obj) -> str:
    """The one JSON text of ``obj`` the digest is taken over: sorted keys, no spaces, ASCII, no NaN.

    >>> canonical_json({"b": [1, True], "a": None})
    '{"a":null,"b":[1,true]}'
    """
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def digest(question: dict, entries: dict) -> str:
    """sha256 (hex) of the canonical JSON of ``{"question": question, "entries": entries}``.

    >>> digest({"kind": "demo"}, {})[:16]
    'f451f4b235edc775'
    """
    return hashlib.sha256(_content(question, entries)).hexdigest()


def _content(question: dict, entries: dict) -> bytes:
    return canonical_json({"question": question, "entries": entries}).encode()


# The files this process loaded without a valid seal. Once there is one, every save of this process
# is written unsealed: what it computes may rest on their claims (a class's least total taken from
# a ranking, a word's bound, a core from drafts), and a sealed save would launder them into a file
# the next run trusts. The command line starts each command with a clean slate (forget_unsealed).
_UNSEALED: set[str] = set()


def unsealed_inputs() -> list[str]:
    """The files this process has read without a valid seal, since :func:`forget_unsealed`."""
    return sorted(_UNSEALED)


def note_unsealed(paths) -> None:
    """Count ``paths`` among this process's unsealed inputs: files another process of the same
    command (a sweep's worker) read without a valid seal, so that what this process computes
    from that process's results rests on them, as if it had read them itself."""
    _UNSEALED.update(paths)


def forget_unsealed() -> None:
    """Start afresh: a new command has read nothing yet."""
    _UNSEALED.clear()


def _identity(path) -> str:
    return os.path.realpath(os.fspath(path))


class Loaded(dict):
    """A checkpoint's entries (a dict), and ``sealed``: whether this installation wrote the file.

    >>> Loaded({"a": 1}, sealed=True).sealed
    True
    """

    def __init__(self, entries=(), sealed: bool = False):
        super().__init__(entries)
        self.sealed = sealed


def beside(checkpoint, tag: str):
    """The file a run keeps beside its checkpoint under ``tag`` (None without a checkpoint).

    >>> str(beside("runs/every7-hard.json", "drafts"))
    'runs/every7-hard.drafts.json'
    """
    if not checkpoint:
        return None
    p = Path(checkpoint)
    return p.with_name(f"{p.stem}.{tag}{p.suffix or '.json'}")


def lists_question(lists) -> dict:
    """The word lists as a question field: their name and their content key (``lists.key``)."""
    return {"name": lists.name, "key": lists.key}


def as_json_values(obj):
    """``obj`` as JSON gives it back (tuples become lists), to compare with what a file holds."""
    try:
        return json.loads(canonical_json(obj))
    except (TypeError, ValueError) as e:
        raise TypeError(f"a checkpoint question or entry must be plain JSON: {e}") from None


def _reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def shortened(value, width: int = 60) -> str:
    text = canonical_json(value) if value is not None else "absent"
    return text if len(text) <= width else text[:width - 3] + "..."


def differences(stored: dict, wanted: dict) -> str:
    """Each question field that differs, as 'field is X in the file, Y in this run'."""
    parts = []
    for k in sorted(set(stored) | set(wanted)):
        if stored.get(k) != wanted.get(k) or (k in stored) != (k in wanted):
            parts.append(f"{k} is {shortened(stored.get(k))} in the file, {shortened(wanted.get(k))} in this run")
    return "; ".join(parts)


def load_checkpoint(path, question: dict, validate: Callable | None = None) -> dict:
    """The entries a checkpoint holds for ``question`` (empty if ``path`` is empty or absent).

    A :class:`Loaded` dict: its ``sealed`` says whether this installation wrote the file (see
    the module docstring); an absent file loads as sealed and empty, since nothing is taken from it.

    Parameters
    ----------
    path : str or os.PathLike or None
        The checkpoint file; ``None`` or ``""`` means no checkpoint.
    question : dict
        The run's question (plain JSON); the file's must be equal.
    validate : callable, optional
        ``validate(key, value)`` checks one entry's shape and raises ``ValueError``
        (or ``TypeError``) with a short reason if it is malformed.

    Returns
    -------
    dict
        Task key -> entry, as saved.

    Raises
    ------
    WordleError
        The file is unreadable, not JSON, not of this format or version, edited or
        damaged (digest mismatch), for another question, or holds a malformed entry.

    Examples
    --------
    >>> load_checkpoint(None, {"kind": "demo"})
    {}
    """
    if not path:
        return Loaded(sealed=True)
    p = Path(path)
    if not p.exists():
        return Loaded(sealed=True)
    import stat
    try:
        if not stat.S_ISREG(os.stat(p).st_mode):
            # a FIFO would block the run, a device never end
            raise WordleError(f"checkpoint {path} is not a regular file; {AFRESH}")
        raw = p.read_bytes()
    except OSError as e:
        raise WordleError(f"cannot read checkpoint {path}: {e.strerror or e}") from None
    if raw.startswith(b'{"format":"wordlelab-checkpoint-log"'):
        raise WordleError(f"checkpoint {path} is an append-only log (a depth-first run's), not this run's "
                          f"kind of checkpoint; use another file, or {AFRESH}")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise WordleError(f"checkpoint {path} is not JSON, so not a wordlelab checkpoint; {AFRESH}") from None
    if isinstance(data, dict) and "meta" in data and "results" in data and "format" not in data:
        raise WordleError(f"checkpoint {path} is in the format of an older wordlelab (no format, version or "
                          f"digest), which is no longer read; {AFRESH}")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WordleError(f"{path} is not a wordlelab checkpoint (no \"format\": \"{FORMAT}\"); {AFRESH}")
    if data.get("version") != VERSION:
        raise WordleError(f"checkpoint {path} has version {shortened(data.get('version'))}; this wordlelab reads "
                          f"version {VERSION}; {AFRESH}")
    if not _FIELDS <= set(data) <= _FIELDS | {_SEAL} or not isinstance(data["question"], dict) or not isinstance(data["entries"], dict) \
            or not isinstance(data["digest"], str):
        raise WordleError(f"checkpoint {path} has the wrong shape (it needs exactly {', '.join(sorted(_FIELDS))} and a seal, "
                          f"with question and entries objects and digest a string); {AFRESH}")
    stored, entries = data["question"], data["entries"]
    if digest(stored, entries) != data["digest"]:
        raise WordleError(f"checkpoint {path} was edited or damaged: its content does not match its sha256 "
                          f"digest, so none of it is trusted; {AFRESH}")
    wanted = as_json_values(question)
    if stored != wanted:
        raise WordleError(f"checkpoint {path} is for another question: {differences(stored, wanted)}; "
                          f"use another file, or {AFRESH}")
    if validate is not None:
        for key, value in entries.items():
            try:
                validate(key, value)
            except (ValueError, TypeError, KeyError, IndexError) as e:
                raise WordleError(f"checkpoint {path} has a malformed entry {key!r} ({shortened(value, 40)}): "
                                  f"{str(e).splitlines()[0] if str(e) else type(e).__name__}; {AFRESH}") from None
    from wordlelab.models.cache import sealed
    ok = _identity(path) not in _UNSEALED and sealed(_content(stored, entries), data.get(_SEAL))
    if not ok:
        _UNSEALED.add(_identity(path))
    return Loaded(entries, sealed=ok)


def save_checkpoint(path, question: dict, entries: dict) -> None:
    """Write ``entries`` for ``question`` to ``path`` atomically (nothing for an empty ``path``).

    Parameters
    ----------
    path : str or os.PathLike or None
        The checkpoint file.
    question : dict
        The question the entries answer (plain JSON).
    entries : dict
        Task key (str) -> entry (plain JSON); written sorted by key.

    Raises
    ------
    WordleError
        The file cannot be written (the old one, if any, is left as it was).
    """
    if not path:
        return
    question, entries = as_json_values(question), as_json_values(dict(sorted(entries.items())))
    from wordlelab.models.cache import seal
    mark = {} if _UNSEALED else {_SEAL: seal(_content(question, entries))}
    text = json.dumps({"format": FORMAT, "version": VERSION, "question": question,
                       "digest": digest(question, entries), **mark, "entries": entries},
                      separators=(",", ":"), ensure_ascii=True, allow_nan=False) + "\n"
    # a private temporary file beside the checkpoint, renamed over it (models/files.py); a failure
    # is "cannot write checkpoint PATH: ..." and leaves the old file
    write_atomic(path, text.encode("ascii"), what="checkpoint")


def save_merged(path, question: dict, entries: dict, replaces=None) -> dict:
    """Write ``entries`` over what ``path`` holds now, read again under :func:`checkpoint_lock`.

    Another run of the same question on the same file (a second sitting started by mistake) may
    have written entries since this one loaded it: they are kept, and an entry of this run
    replaces the file's under the same key, unless ``replaces(ours, theirs)`` says it does not
    (an entry that records less than the file's). A file that is now refused (damaged, or another
    question's) is written over, as by :func:`save_checkpoint`. Returns the entries written.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.json")
    >>> save_checkpoint(path, {"q": 1}, {"a": 1})
    >>> sorted(save_merged(path, {"q": 1}, {"b": 2}).items())
    [('a', 1), ('b', 2)]
    >>> sorted(save_merged(path, {"q": 1}, {"a": 0, "b": 3}, replaces=lambda ours, theirs: ours > theirs).items())
    [('a', 1), ('b', 3)]
    """
    if not path:
        return entries
    with checkpoint_lock(path):
        merged = merged_entries(path, question, entries, replaces)
        save_checkpoint(path, question, merged)
    return merged


def merged_entries(path, question: dict, entries: dict, replaces=None) -> dict:
    """:func:`save_merged`'s entries, neither locked nor written: for a writer that holds
    :func:`checkpoint_lock` across more than one step."""
    try:
        on_file = load_checkpoint(path, question)
    except WordleError:
        on_file = {}
    if replaces is None:
        return {**on_file, **entries}
    return {**on_file, **{k: v for k, v in entries.items() if k not in on_file or replaces(v, on_file[k])}}


@contextlib.contextmanager
def checkpoint_lock(path):
    """Hold an exclusive lock on the directory of ``path`` while a writer reads, merges and writes it.

    The lock is :func:`fcntl.flock` on the directory (the file itself is replaced on every save, so a
    lock on it would not outlive the save); where that is not available (another OS, a file system
    without locks) the block runs unlocked, as a lone writer's does.

    >>> import os, tempfile
    >>> with checkpoint_lock(os.path.join(tempfile.mkdtemp(), "x.json")):
    ...     pass
    """
    try:
        import fcntl
        fd = os.open(os.path.dirname(os.path.abspath(os.fspath(path))), os.O_RDONLY)
    except (ImportError, OSError):
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            pass
        yield
    finally:
        os.close(fd)      # closing the last descriptor releases the lock


# ---- small validators for entry values
INT64_MAX = 2**63 - 1


def check_int(value, name: str = "value", minimum: int | None = 0) -> int:
    """``value`` if it is an int (not a bool) of at least ``minimum``; ValueError otherwise.

    >>> check_int(3)
    3
    >>> check_int(True)
    Traceback (most recent call last):
    ...
    ValueError: value must be an integer, not true
    """
    if type(value) is not int:
        raise ValueError(f"{name} must be an integer, not {shortened(value, 20)}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    if abs(value) > INT64_MAX:
        # (entries go into 64-bit arrays: a larger one is no entry any run wrote)
        raise ValueError(f"{name} must fit in 64 bits, not {shortened(value, 20)}")
    return value


def check_int_list(value, name: str = "value", minimum: int | None = 0) -> list:
    """``value`` if it is a list of ints (not bools) each at least ``minimum``; ValueError otherwise."""
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list, not {shortened(value, 20)}")
    for x in value:
        check_int(x, f"each of {name}", minimum)
    return value
