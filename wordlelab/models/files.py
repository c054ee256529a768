"""Writing output files safely: the one way wordlelab writes a file (trees, checkpoints, caches,
models, plots, CSVs).

The rules, by what the path names when the write starts:

- **a regular file, or nothing**: the data go to a new temporary file in the same folder, created
  with ``O_CREAT | O_EXCL | O_NOFOLLOW`` under a random name (so a link or file planted at a
  guessable name is never opened, let alone followed), are flushed, checked (the file holds every
  byte written) and fsynced, and the file is renamed over the path. A reader sees the old file or
  the new one, never a part; a failed write leaves the old file as it was. A file that is replaced
  keeps its permission bits; a new one gets the usual ``0o666`` less the umask.
- **a character device or a FIFO** (``--tree /dev/null``, ``--csv >(gzip)``): written in place,
  never replaced. A FIFO with no reader is refused at once (opened non-blocking), not waited on.
- **a directory, a socket or a block device**: refused. Writing a tree over a disk is never meant.
- **a symbolic link**: followed, and the file it names is written by the rules above (the link is
  kept): a user's own link to where they keep results works as a plain open would. The one
  exception is the kernel's ``protected_symlinks`` rule, applied here too for systems that do not
  enforce it: a link in a sticky world-writable folder (``/tmp``) that belongs neither to this user
  nor to the folder's owner is refused, since another user may have planted it.

Every failure is a :class:`CannotWrite` (a :class:`~wordlelab.errors.WordleError`, which the
command line shows as one line, ``error: cannot write PATH: <reason>``, exit code 2).
:func:`check_writable` is the check made before a long run starts: it finds what the final
write would meet (no folder, a read-only one, a name longer than the file system allows, a full
disk) without writing anything that stays.

What this relies on: POSIX semantics (``os.replace`` within one file system is atomic and
replaces the name, never what a link there points to; ``O_NOFOLLOW``; ``O_NONBLOCK`` on a FIFO
fails with ENXIO when nothing reads it), ``os.statvfs`` and ``os.pathconf`` for the free space and
the longest name. Standard library only.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "demo.txt")
>>> write_atomic(path, "hello\\n")
>>> open(path).read()
'hello\\n'
>>> with open_atomic(path, "w") as f:
...     _ = f.write("again\\n")
>>> open(path).read(), sorted(os.listdir(folder))
('again\\n', ['demo.txt'])
>>> check_writable(os.path.join(folder, "x" * 300))   # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wordlelab.models.files.CannotWrite: cannot write .../xxx...xxx: the name is 300 bytes long; this file system allows 255
"""
from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import stat
import tempfile

from wordlelab.errors import WordleError

# The least free space the up-front check accepts: a full disk shows 0 (or a few blocks, which
# hold no tree); any real output is larger, and a nearly full disk is found by the write itself.
MIN_FREE_BYTES = 16 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_TEMP_STEM_BYTES = 96      # a temporary name keeps this much of the target's, so it fits NAME_MAX too


class CannotWrite(WordleError):
    """A file could not be written; ``path`` is the path as the caller gave it."""

    def __init__(self, path, reason: str, what: str = ""):
        self.path = os.fspath(path)
        super().__init__(f"cannot write {what + ' ' if what else ''}{self.path}: {reason}")


def _reason(e: OSError) -> str:
    if e.errno == errno.ENXIO:
        return "no process is reading the FIFO"
    return e.strerror or str(e)


# ---- what a path names


def _resolve(path: str) -> str:
    """The path to write: ``path`` itself, or the file a link there names (see the module docstring)."""
    try:
        st = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return path
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:      # named by the checks, and by the write's own error
            return path
        raise CannotWrite(path, _reason(e)) from None
    if not stat.S_ISLNK(st.st_mode):
        return path
    folder = os.path.dirname(os.path.abspath(path))
    try:
        dst = os.stat(folder)
    except OSError as e:
        raise CannotWrite(path, _reason(e)) from None
    sticky_shared = dst.st_mode & stat.S_ISVTX and dst.st_mode & stat.S_IWOTH
    if sticky_shared and st.st_uid not in (os.geteuid(), dst.st_uid):
        raise CannotWrite(path, "it is a symbolic link owned by another user in a shared folder; "
                                "name the file it points to, if that is meant")
    return os.path.realpath(path)


def _kind(target: str) -> str:
    """'missing', 'regular', 'device' or 'fifo'; CannotWrite for anything else."""
    try:
        st = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            return "missing"
        raise CannotWrite(target, _reason(e)) from None
    if stat.S_ISREG(st.st_mode):
        return "regular"
    if stat.S_ISCHR(st.st_mode):
        return "device"
    if stat.S_ISFIFO(st.st_mode):
        return "fifo"
    what = ("a directory" if stat.S_ISDIR(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode)
            else "a block device" if stat.S_ISBLK(st.st_mode) else "not a regular file")
    raise CannotWrite(target, f"it is {what}")


def _open_in_place(target: str, kind: str) -> int:
    """A descriptor writing to an existing device or FIFO (never created, truncated or replaced)."""
    flags = os.O_WRONLY | os.O_NOCTTY | _CLOEXEC
    if kind == "fifo":
        # non-blocking, so that a FIFO nobody reads fails at once (ENXIO) instead of hanging
        fd = os.open(target, flags | os.O_NONBLOCK)
        os.set_blocking(fd, True)        # then the writes wait for the reader as a pipe's do
        return fd
    return os.open(target, flags)


def _temp_in(folder: str, name: str) -> tuple[int, str]:
    """A new private file beside ``name`` in ``folder``: (descriptor, path). Never follows a link."""
    stem = name
    while len(os.fsencode(stem)) > _TEMP_STEM_BYTES:
        stem = stem[:-1]
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    for _ in range(16):
        tmp = os.path.join(folder, f".{stem}.{secrets.token_hex(8)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:           # 64 random bits taken: someone is guessing; draw again
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary name", folder)


def _sync_folder(folder: str) -> None:
    # the rename is durable once the folder is synced; a file system that cannot sync a folder
    # still did the rename, so a failure here loses nothing
    try:
        fd = os.open(folder or ".", os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _check_complete(fd: int) -> None:
    """The file holds every byte written (a short write that went unreported would show here)."""
    end = os.lseek(fd, 0, os.SEEK_CUR)
    size = os.fstat(fd).st_size
    if size != end:
        raise OSError(errno.EIO, f"the file holds {size} bytes of the {end} written")


# ---- writing


@contextlib.contextmanager
def open_atomic(path, mode: str = "w", encoding: str | None = "utf-8", newline: str | None = None,
                what: str = ""):
    """A file object for writing ``path`` by the rules of the module docstring.

    ``mode`` is ``"w"`` or ``"wb"``; ``what`` names the file in the error (``checkpoint``). The
    file is in place only when the block ends without an exception; an exception leaves the old
    file, removes the temporary one, and an OSError becomes :class:`CannotWrite`.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"open_atomic writes with mode 'w' or 'wb', not {mode!r}")
    path = os.fspath(path)
    text = dict(encoding=encoding, newline=newline) if mode == "w" else {}
    target = _resolve(path)
    kind = _kind(target)
    if kind in ("device", "fifo"):
        try:
            fd = _open_in_place(target, kind)
        except OSError as e:
            raise CannotWrite(path, _reason(e), what) from None
        try:
            with os.fdopen(fd, mode, **text) as f:
                yield f
        except OSError as e:
            raise CannotWrite(path, _reason(e), what) from None
        return
    folder, name = os.path.split(os.path.abspath(target))
    tmp, f = None, None
    try:
        fd, tmp = _temp_in(folder, name)
        if kind == "regular":
            with contextlib.suppress(OSError):       # keep the old file's permissions
                os.fchmod(fd, stat.S_IMODE(os.stat(target).st_mode))
        f = os.fdopen(fd, mode, **text)
        yield f
        f.flush()
        _check_complete(f.fileno())
        os.fsync(f.fileno())
        f.close()
        os.replace(tmp, target)
        tmp = None
        _sync_folder(folder)
    except OSError as e:
        raise CannotWrite(path, _reason(e), what) from None
    finally:
        if f is not None and not f.closed:
            with contextlib.suppress(OSError):
                f.close()
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def write_atomic(path, data: bytes | str, what: str = "") -> None:
    """Write ``data`` (text is UTF-8) to ``path`` by the rules of the module docstring.

    Raises :class:`CannotWrite` (one line) if it cannot; the old file, if any, is then unchanged.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    with open_atomic(path, "wb", what=what) as f:
        view, done = memoryview(raw), 0
        while done < len(raw):               # os.write may write less than it is given
            n = os.write(f.fileno(), view[done:done + (1 << 24)])
            if n <= 0:
                raise OSError(errno.EIO, f"the write stopped after {done} of {len(raw)} bytes")
            done += n
        st = os.fstat(f.fileno())
        if stat.S_ISREG(st.st_mode) and st.st_size != len(raw):     # (a device or FIFO has no size)
            raise OSError(errno.EIO, f"only {st.st_size} of {len(raw)} bytes were written")


@contextlib.contextmanager
def output_name(path, what: str = ""):
    """A file name for a writer that takes only a name (a solver's model export): the caller writes
    that file, and when the block ends it is checked (it exists and is not empty) and moved to
    ``path`` by the rules of the module docstring.

    The name is in a new private folder (``mkdtemp``: mode 0700, made with ``O_EXCL``) beside the
    target, so nobody else can plant anything at it; it ends with the target's suffix (writers
    choose the format by it).
    """
    path = os.fspath(path)
    target = _resolve(path)
    kind = _kind(target)
    near = os.path.dirname(os.path.abspath(target)) if kind in ("missing", "regular") else None
    try:
        work = tempfile.mkdtemp(prefix=".wordlelab-", dir=near)
    except OSError as e:
        raise CannotWrite(path, _reason(e), what) from None
    try:
        name = os.path.join(work, "out" + os.path.splitext(target)[1][:16])
        yield name
        try:
            st = os.lstat(name)
        except FileNotFoundError:
            raise CannotWrite(path, "the writer made no file", what) from None
        if not stat.S_ISREG(st.st_mode) or st.st_size == 0:
            raise CannotWrite(path, "the writer left an empty file (is the disk full?)", what)
        with open(name, "rb") as src, open_atomic(path, "wb", what=what) as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
    except OSError as e:
        raise CannotWrite(path, _reason(e), what) from None
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---- the check before the work


def check_writable(path, min_free: int = MIN_FREE_BYTES) -> str:
    """``path``, if the final write to it can succeed as far as can be told now; else CannotWrite.

    Finds a missing or read-only folder (by creating and removing a temporary file: ``os.access``
    says yes to root on a read-only mount), a directory or socket at the path, a read-only file, a
    name longer than the file system's NAME_MAX (or a path over PATH_MAX), and a full disk (less
    than ``min_free`` bytes or no inode left). A device or FIFO is accepted as it is (a FIFO's
    reader may start later). Nothing is left behind.
    """
    path = os.fspath(path)
    if path.endswith(os.sep):
        # (os.path.split would take the folder for the file: "out/x/" names no file)
        raise CannotWrite(path, "the name ends with a slash: it names a folder, not a file")
    target = _resolve(path)
    kind = _kind(target)
    if kind in ("device", "fifo"):
        if not os.access(target, os.W_OK):
            raise CannotWrite(path, "permission denied")
        return path
    folder, name = os.path.split(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise CannotWrite(path, f"the folder {folder} does not exist")
    _check_name(path, folder, name)
    if kind == "regular" and not os.access(target, os.W_OK):
        raise CannotWrite(path, "the file is read-only")
    _check_folder(path, folder, min_free)
    return path


def check_writable_dir(path, min_free: int = MIN_FREE_BYTES) -> str:
    """``path``, a folder files will be written into (made when the first one is), if that can
    succeed as far as can be told now; else CannotWrite (as :func:`check_writable`)."""
    path = os.fspath(path)
    if os.path.isdir(path):
        _check_folder(path, path, min_free)
        return path
    if os.path.lexists(path):
        raise CannotWrite(path, "it is a file, not a folder")
    folder, name = os.path.split(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CannotWrite(path, f"the folder {folder} does not exist")
    _check_name(path, folder, name)
    _check_folder(path, folder, min_free)
    return path


def _check_name(path: str, folder: str, name: str) -> None:
    try:
        name_max = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = 255
    size = len(os.fsencode(name))
    if size > name_max:
        raise CannotWrite(path, f"the name is {size} bytes long; this file system allows {name_max}")
    try:
        path_max = os.pathconf(folder, "PC_PATH_MAX")
    except (OSError, ValueError):
        path_max = 4096
    if len(os.fsencode(path)) >= path_max:
        raise CannotWrite(path, f"the path is longer than this file system allows ({path_max - 1} bytes)")


def _check_folder(path: str, folder: str, min_free: int) -> None:
    try:
        fd, tmp = _temp_in(folder, "write-test")
        os.close(fd)
        os.unlink(tmp)
        fs = os.statvfs(folder)
    except OSError as e:
        raise CannotWrite(path, _reason(e)) from None
    # root may use the blocks reserved for it, so its writes go on until f_bfree is spent
    blocks = fs.f_bfree if os.geteuid() == 0 else fs.f_bavail
    free = blocks * fs.f_frsize
    if free < min_free:
        raise CannotWrite(path, f"no space left on the device ({free} bytes free)")
    if fs.f_files and not fs.f_favail:
        raise CannotWrite(path, "no space left on the device (no free inode)")
