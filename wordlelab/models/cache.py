"""Where wordlelab keeps what it computed once: pattern matrices, rankings, proven hints, and the
key that seals what this installation wrote.

Nothing kept there is trusted blindly: each reader re-checks what it reads (a seal for a
matrix, the independent verifier for a tree) and recomputes what fails the check.

The trust boundary. A sha256 digest detects damage but proves nothing about who wrote a file:
anyone can recompute it. A *seal* is an HMAC-SHA256 under a random key kept in the cache folder
(``seal.key``, mode 0600, made on first use). HMAC is a pseudo-random function, so without the key
no one can make a seal that verifies (Bellare, Canetti and Krawczyk, 1996). A sealed file is
therefore one that this installation wrote itself, and a value in it is as trusted as the cache
folder, which is trusted input already (it holds compiled code that every run loads). A file from
elsewhere (another machine, a commit, an edit) carries no valid seal: its values are claims, which
a reader either re-checks or names as what the answer rests on.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path


def cache_dir() -> Path:
    """``$WORDLELAB_CACHE``, or the platform's user cache directory for wordlelab.

    >>> import os
    >>> os.environ["WORDLELAB_CACHE"] = "/tmp/x"; str(cache_dir())
    '/tmp/x'
    """
    env = os.environ.get("WORDLELAB_CACHE")
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_cache_dir("wordlelab"))


# characters of one file or folder name built from a user's names (a word list's file name may be
# 230 characters, twice that for a guess list and an answer list): NAME_MAX is 255 bytes on most
# file systems, and the rest of a name (mode, limit, content key, suffix) needs room too
NAME_LIMIT = 120


def short_name(name: str, limit: int = NAME_LIMIT) -> str:
    """``name`` if it has at most ``limit`` characters, else a readable prefix of it and a short
    hash of the whole (``limit`` characters in all): distinct long names stay distinct.

    >>> short_name("nyt20220316")
    'nyt20220316'
    >>> long = short_name("g" * 230 + "_txt"); len(long), long[:3], long[-17:]
    (120, 'ggg', '-cc0e5f494acea690')
    """
    if len(name) <= limit:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:16]
    return f"{name[:limit - len(digest) - 1]}-{digest}"


KEY_NAME = "seal.key"


def _key() -> bytes:
    """The installation's sealing key, made on first use (32 random bytes, hex, mode 0600).

    Two processes that make it at once agree: the key is created with ``O_EXCL``, and the loser
    reads the winner's. A cache folder that cannot be written gives a key for this process only,
    so nothing it seals verifies later: a read-only cache is slower, never trusted by mistake.
    """
    path = cache_dir() / KEY_NAME
    for _ in range(2):
        try:
            import stat
            if path.exists() and not stat.S_ISREG(os.lstat(path).st_mode):
                break       # a FIFO, a device or a link there is not a key this installation made
            text = path.read_text(encoding="ascii").strip()
            if len(text) == 64:
                return bytes.fromhex(text)
        except (OSError, ValueError, UnicodeDecodeError):
            pass
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            continue        # another process made it (or a damaged key is there): read it once more
        except OSError:
            break
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32))
    return _process_key()


_PROCESS_KEY: list[bytes] = []


def _process_key() -> bytes:
    if not _PROCESS_KEY:
        _PROCESS_KEY.append(secrets.token_bytes(32))
    return _PROCESS_KEY[0]


def seal(data: bytes) -> str:
    """The seal of ``data``: HMAC-SHA256 under the installation's key, in hex.

    >>> import os, tempfile
    >>> os.environ["WORDLELAB_CACHE"] = tempfile.mkdtemp()
    >>> s = seal(b"7897"); len(s), sealed(b"7897", s), sealed(b"7898", s)
    (64, True, False)
    """
    return hmac.new(_key(), data, hashlib.sha256).hexdigest()


def sealer():
    """:func:`seal` with the installation's key read once: for many seals in a row (a log's lines).

    >>> import os, tempfile
    >>> os.environ["WORDLELAB_CACHE"] = tempfile.mkdtemp()
    >>> sealer()(b"7897") == seal(b"7897")
    True
    """
    key = _key()
    return lambda data: hmac.new(key, data, hashlib.sha256).hexdigest()


def sealed(data: bytes, mark) -> bool:
    """Whether ``mark`` is the seal of ``data`` (constant-time comparison)."""
    return isinstance(mark, str) and hmac.compare_digest(seal(data), mark)
