"""numba's compiled-code cache is keyed on every wordlelab source file, not on one.

numba checks only the defining file of a cached function, so a caller compiled with an old
callee from another module would survive the callee's change; wordlelab points numba at a
directory named by a digest of all its sources.
"""
import os
import subprocess
import sys
import time
from pathlib import Path

from wordlelab.models import jit

WHERE = "import os, wordlelab.models.jit; print(os.environ['NUMBA_CACHE_DIR'])"


def _cache_dir_of_new_process(env_changes):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(env_changes)
    out = subprocess.run([sys.executable, "-c", WHERE], env=env, capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


def test_cache_lives_under_the_wordlelab_cache_named_by_the_digest(tmp_path):
    where = _cache_dir_of_new_process({"WORDLELAB_CACHE": str(tmp_path)})
    assert where == tmp_path / "numba" / f"wordlelab-{jit.source_digest()}"
    assert where.is_dir()


def test_a_users_numba_cache_dir_gets_a_subdirectory_and_a_parents_is_kept(tmp_path):
    name = f"wordlelab-{jit.source_digest()}"
    assert _cache_dir_of_new_process({"NUMBA_CACHE_DIR": str(tmp_path)}) == tmp_path / name
    assert _cache_dir_of_new_process({"NUMBA_CACHE_DIR": str(tmp_path / name)}) == tmp_path / name


def test_a_change_to_any_compiled_module_changes_the_digest():
    import wordlelab.solvers.search.engine.hard_rules as callee   # compiled into search_core's callers
    path = Path(callee.__file__)
    info = path.stat()
    before = jit.source_digest()
    try:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
        changed = jit.source_digest()
    finally:
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert changed != before
    assert jit.source_digest() == before


def test_other_versions_unused_for_a_week_are_removed(tmp_path):
    numba_dir = tmp_path / "numba"
    old, recent = numba_dir / "wordlelab-0000000000000000", numba_dir / "wordlelab-1111111111111111"
    old.mkdir(parents=True)
    recent.mkdir()
    week_ago = time.time() - 8 * 86400
    os.utime(old, (week_ago, week_ago))
    _cache_dir_of_new_process({"WORDLELAB_CACHE": str(tmp_path)})
    assert not old.exists() and recent.exists()


def test_compiled_code_is_written_there(tmp_path):
    code = ("import os, wordlelab.models.matrix_kernels as m, numpy as np;"
            "m.word_feedback(np.zeros(5, np.uint8), np.zeros(5, np.uint8));"
            "print(os.environ['NUMBA_CACHE_DIR'])")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["WORDLELAB_CACHE"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert any(Path(out.stdout.strip()).rglob("*.nbi"))
