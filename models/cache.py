"""Where wordlelab keeps what it computed once: pattern matrices, rankings, proven hints.

Nothing kept there is trusted blindly: each reader re-checks what it reads (a digest for a
matrix, the independent verifier for a tree) and recomputes what fails the check.
"""
from __future__ import annotations

import os
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
