"""The searcher's cache of node values: a fixed-size hash table in one numpy array.

A node's 128-bit key (``search_core.node_key``) maps to a packed entry: a value, the
guess that attains it, whether the value is exact or only a lower bound, and the node's
size (its worth when a bucket is full). Being a plain array, the table can live in
shared memory, so that the processes of a sweep reuse each other's proven values; every
entry is a proven fact about its node, so whoever wrote it, it is sound to read.

Each slot is three int64 words ``(k1, k2 ^ e, e)`` for key ``(k1, k2)`` and entry ``e``.
Processes write without locks; each word is written whole, so a reader that sees words of
two different writes finds ``k2 ^ e`` inconsistent with ``e`` and takes it as a miss
(the Hyatt-Mann lockless scheme, with a 128-bit key).

>>> t = new_table(1000)
>>> store(t, (5, 7), pack(42, 3, True, 10))
>>> e = lookup(t, (5, 7)); int(entry_value(e)), int(entry_guess(e)), bool(entry_exact(e))
(42, 3, True)
>>> int(lookup(t, (5, 8)))
-1
"""
from __future__ import annotations

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.solvers.search.engine.tables import new_table, table_shape  # noqa: F401  (the table's shape lives there)

WAYS = 4                  # slots per bucket: a new entry evicts the smallest node of its bucket
_VALUE_BITS = 31          # values up to INF = 2**30
_SIZE_SHIFT = 51


@nb.njit(cache=True, inline="always")
def pack(value, guess, exact, size):
    """An entry: value (bits 20-50), guess + 1 (bits 1-19), exact (bit 0), node size (bits 51-62)."""
    return ((np.int64(min(size, 4095)) << np.int64(_SIZE_SHIFT)) | (np.int64(value) << np.int64(20))
            | (np.int64(guess + 1) << np.int64(1)) | np.int64(exact))


@nb.njit(cache=True, inline="always")
def entry_value(e):
    return (e >> np.int64(20)) & np.int64((1 << _VALUE_BITS) - 1)


@nb.njit(cache=True, inline="always")
def entry_guess(e):
    return np.int32(((e >> np.int64(1)) & np.int64(0x7FFFF)) - 1)


@nb.njit(cache=True, inline="always")
def entry_exact(e):
    return (e & np.int64(1)) == 1


@nb.njit(cache=True, inline="always")
def _size(e):
    return e >> np.int64(_SIZE_SHIFT)


@nb.njit(cache=True)
def lookup(table, key):
    """The entry stored for ``key``, or -1."""
    k1, k2 = key
    base = k1 & np.int64((table.shape[0] - 1) & ~(WAYS - 1))
    for w in range(WAYS):
        s = base + w
        if table[s, 0] == k1:
            e = table[s, 2]
            if (table[s, 1] ^ e) == k2 and e != 0:
                return e
    return np.int64(-1)


@nb.njit(cache=True)
def store(table, key, e):
    """Keep entry ``e`` for ``key``: in its own slot, an empty one, or that of the bucket's smallest node."""
    k1, k2 = key
    base = k1 & np.int64((table.shape[0] - 1) & ~(WAYS - 1))
    victim = base
    victim_size = np.int64(1) << np.int64(62)
    for w in range(WAYS):
        s = base + w
        old = table[s, 2]
        if old == 0 or (table[s, 0] == k1 and (table[s, 1] ^ old) == k2):
            victim = s
            break
        if _size(old) < victim_size:
            victim, victim_size = s, _size(old)
    table[victim, 2] = e
    table[victim, 1] = k2 ^ e
    table[victim, 0] = k1


@nb.njit(cache=True)
def table_count(table):
    """Entries in use."""
    c = 0
    for s in range(table.shape[0]):
        if table[s, 2] != 0:
            c += 1
    return c


def _free_bytes(folder: str) -> int:
    """Bytes free in ``folder``'s file system (0 if there is no such folder)."""
    import os
    try:
        st = os.statvfs(folder)
    except OSError:
        return 0
    return st.f_bavail * st.f_frsize


class SharedArray:
    """An int64 array in a memory-mapped file, for the processes of one machine (created once, attached by path).

    The file lives in /dev/shm where the whole array fits (memory, never written to disk) and is
    sparse: like ``new_table``, it takes memory only where it is written. On Linux its
    name is removed at once and others attach through ``/proc/PID/fd``: nothing outlives the
    creator, even when it is killed.

    >>> t = SharedArray.create(table_shape(1000))
    >>> u = SharedArray.attach(t.ref)
    >>> store(t.array, (5, 7), pack(42, 3, True, 10)); int(entry_value(lookup(u.array, (5, 7))))
    42
    >>> u.close(); t.close(); t.unlink()
    """

    def __init__(self, path, shape):
        import mmap
        self.path, self._fd = str(path), None
        with open(self.path, "r+b") as f:
            self._map = mmap.mmap(f.fileno(), int(np.prod(shape)) * 8)
        self.array = np.ndarray(shape, np.int64, buffer=self._map)

    @property
    def ref(self) -> tuple:
        """What another process needs to attach: (path, shape)."""
        return self.path, tuple(self.array.shape)

    @classmethod
    def create(cls, shape) -> "SharedArray":
        import os
        import tempfile
        import uuid
        shape = tuple(shape)
        size = int(np.prod(shape)) * 8
        # /dev/shm only where the whole table fits (Docker gives it 64 MiB): a sparse file there
        # that outgrows it kills its writers with SIGBUS
        folder = "/dev/shm" if _free_bytes("/dev/shm") >= size else tempfile.gettempdir()
        path = os.path.join(folder, f"wordlelab-{os.getpid()}-{uuid.uuid4().hex[:12]}")
        with open(path, "wb") as f:
            f.truncate(int(np.prod(shape)) * 8)     # zero-filled
        shared = cls(path, shape)
        proc = f"/proc/{os.getpid()}/fd"
        if os.path.isdir(proc):
            # Linux: keep the file open and remove its name at once; the others attach through
            # this process's descriptor, so no file is left behind however this process ends
            shared._fd = os.open(path, os.O_RDWR)
            os.unlink(path)
            shared.path = f"{proc}/{shared._fd}"
        return shared

    @classmethod
    def attach(cls, ref) -> "SharedArray | None":
        """The array ``ref`` names, or None where it cannot be reached (a worker on another machine)."""
        path, shape = ref
        try:
            return cls(path, tuple(shape))
        except (OSError, ValueError):
            return None

    def close(self) -> None:
        self.array = None
        try:
            self._map.close()
        except BufferError:
            pass        # arrays made from it are still alive: the mapping goes with them

    def unlink(self) -> None:
        """Remove the file (Linux: close the descriptor that names it)."""
        import contextlib
        import os
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            return
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
