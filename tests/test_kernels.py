"""Kernels compiled ahead of time (solvers/search/engine/kernels.py): the same answers, no numba, safe fallbacks."""
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from wordlelab.solvers.search.engine import kernels

HINT = """
import json, sys
from wordlelab.instances.wordlists import load_lists
from wordlelab.solvers.search.rank.hint import hint
from wordlelab.solvers.search.engine.kernels import K
r = hint(load_lists("nyt20220316"), sys.argv[1], keep=False)
print(json.dumps({"value": r.value, "guesses": r.stats.guesses, "verified": r.verified,
                  "kernels": K.source, "numba": "numba" in sys.modules}))
"""


pytestmark = pytest.mark.xdist_group("aot")      # one worker, one build (conftest's aot_build)


def _run(args, cache, **kw):
    env = {**os.environ, "WORDLELAB_CACHE": str(cache)}      # NUMBA_CACHE_DIR: this session's JIT code
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=600, **kw)


# The ahead-of-time build is a C compile of every search kernel (about 50 s): the tests that need it,
# and the hints bench suite (a benchmark's own check, about 25 s), run with -m slow. The fallbacks
# below need no build and stay in the default suite.
@pytest.fixture
def built(aot_build):
    return aot_build


def test_the_tests_of_one_build_share_a_worker(request):
    """Under xdist the "aot" group must reach the scheduler (its suffix on the node id), or every
    worker builds the module again (pytest 9.2 with xdist 3.8 drops it: xdist issue #1386)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        pytest.skip("not run under xdist")
    assert request.config.getvalue("loadgroup") and request.node.nodeid.endswith("@aot"), request.node.nodeid


@pytest.mark.slow
def test_a_hint_with_compiled_kernels_imports_no_numba_and_agrees_with_jit(built):
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.solvers.search.rank.hint import hint
    cache, report = built
    assert report["built"] and report["path"].startswith(str(cache))
    assert _run(["-c", HINT, "salet.BBBYB"], cache).returncode == 0     # builds the pattern matrix (numba)
    for state in ("salet.BBBYB", "crane.BYYBB"):
        r = _run(["-c", HINT, state], cache)
        assert r.returncode == 0, r.stderr
        aot = json.loads(r.stdout)
        assert aot["kernels"] == report["path"] and not aot["numba"] and aot["verified"]
        jit = hint(load_lists("nyt20220316"), state, keep=False)
        assert (aot["value"], aot["guesses"]) == (jit.value, jit.stats.guesses)


DEPTH = """
import json, sys
from wordlelab.instances.wordlists import load_lists
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.kernels import K
mode, guesses = sys.argv[2], int(sys.argv[3])
s = NativeSearcher(load_lists("nyt20220316"), mode, 6)
r = prove_depth(s, guesses, start=sys.argv[1], recheck=mode == "easy")
print(json.dumps({"status": r.status, "core": r.stats.core.as_dict(), "kernels": K.source, "numba": "numba" in sys.modules}))
"""

# a plain depth search of hours (every first word, no learnt cores): stopped only by the watcher
SPIN = """
import sys
import numpy as np
from wordlelab.instances.wordlists import load_lists
from wordlelab.solvers.search.depth.depth_proof import prove_depth
from wordlelab.solvers.runtime.interrupt import POISON, StopOnCtrlC
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.tables import new_stats, new_table
s = NativeSearcher(load_lists("nyt20220316"), "easy", 6)
H = np.arange(len(s.lists.answers), dtype=np.int32)
L = np.arange(len(s.lists.guesses), dtype=np.int32)
stats = new_stats()
print(K.source, flush=True)
try:
    with StopOnCtrlC(stats) as stop:
        K.depth_feasible(H, L, 4, s.tables, new_table(1 << 20), stats, 10**12, s.depth_rounds)
        stop.check()
except KeyboardInterrupt:       # raised as the search returns, by the poison's NODE_LIMIT
    print("stopped", stats[0] >= POISON, flush=True)
"""


@pytest.mark.slow
def test_depth_proofs_with_compiled_kernels_import_no_numba_and_agree_with_jit(built):
    cache, report = built
    # easy mode: the core learnt by the compiled kernels, re-checked by the compiled plain search;
    # hard mode: the core shrunk with the compiled plain search, checked in pure Python
    assert _run(["-c", DEPTH, "salet", "hard", "5"], cache).returncode == 0     # the pattern matrix, if not built yet
    for mode, guesses in (("easy", "4"), ("hard", "5")):
        r = _run(["-c", DEPTH, "salet", mode, guesses], cache)
        assert r.returncode == 0, r.stderr
        aot = json.loads(r.stdout)
        assert aot["kernels"] == report["path"] and not aot["numba"], mode
        assert aot["status"] == "INFEASIBLE" and aot["core"]["check"] == "INFEASIBLE"
        if mode == "hard":
            continue        # the kernels are the same in every mode: one comparison with jit is enough
        r = subprocess.run([sys.executable, "-c", DEPTH, "salet", mode, guesses], capture_output=True, text=True,
                           timeout=600, env={**os.environ, "WORDLELAB_CACHE": str(cache), "WORDLELAB_AOT": "off"})
        jit = json.loads(r.stdout)
        assert jit["kernels"] == "jit" and jit["core"]["size"] == aot["core"]["size"]


@pytest.mark.slow
def test_a_compiled_depth_search_lets_the_gil_go_so_ctrl_c_stops_it(built):
    """numba.pycc's exports hold the GIL unless the build says otherwise (kernels._without_the_gil):
    held, the watcher thread could not poison the counter, and the search would run for hours."""
    cache, report = built
    from ctrl_c import ctrl_c_reaches_children
    with ctrl_c_reaches_children():        # (an xdist worker ignores SIGINT, and so would the child)
        proc = subprocess.Popen([sys.executable, "-c", SPIN], env={**os.environ, "WORDLELAB_CACHE": str(cache)},
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == report["path"]
        time.sleep(2)
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert out.split() == ["stopped", "True"], err


@pytest.mark.slow
def test_compile_again_keeps_the_module(built):
    cache, report = built
    r = _run(["-m", "wordlelab", "compile", "--json"], cache)
    assert r.returncode == 0, r.stderr
    again = json.loads(r.stdout)
    assert again["built"] is False and again["path"] == report["path"]


@pytest.mark.slow
def test_compile_writes_the_byte_code_even_when_python_is_told_not_to(built):
    import importlib.util
    from pathlib import Path
    import wordlelab.solvers.search.engine.monotone as module
    _, report = built
    assert report["byte_compiled"] > 50
    source = Path(module.__file__)
    cached = Path(importlib.util.cache_from_source(str(source)))
    cached.unlink(missing_ok=True)
    r = subprocess.run([sys.executable, "-m", "wordlelab", "compile", "--json"], capture_output=True, text=True,
                       timeout=600, env={**os.environ, "WORDLELAB_CACHE": str(built[0]), "PYTHONDONTWRITEBYTECODE": "1"})
    assert r.returncode == 0, r.stderr
    assert cached.exists() and cached.stat().st_mtime >= source.stat().st_mtime


@pytest.mark.slow
def test_a_damaged_compiled_module_falls_back_to_jit_with_a_warning(built, tmp_path):
    """The report's case: the built module truncated to half killed every search with SIGBUS.
    kernels.json's digest no longer matches, so the search runs on the JIT kernels, right."""
    import shutil
    from pathlib import Path
    cache, report = built
    copy = tmp_path / "cache"
    shutil.copytree(cache, copy)
    module = copy / Path(report["path"]).relative_to(cache)
    assert "sha256" in json.loads((module.parent / "kernels.json").read_text())
    with open(module, "r+b") as f:
        f.truncate(module.stat().st_size // 2)
    r = _run(["-m", "wordlelab", "hint", "salet.BBBYB", "--lists", "nyt20220316", "--json"], copy)
    assert r.returncode == 0, r.stderr
    assert "digest" in r.stderr and "Traceback" not in r.stderr
    assert json.loads(r.stdout)["verified"]


@pytest.mark.slow
def test_aot_off_uses_the_jit_kernels(built):
    cache, _ = built
    r = subprocess.run([sys.executable, "-c", HINT, "salet.BBBYB"], capture_output=True, text=True, timeout=600,
                       env={**os.environ, "WORDLELAB_CACHE": str(cache), "WORDLELAB_AOT": "off"})
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["kernels"] == "jit"


def test_a_damaged_module_falls_back_to_jit(tmp_path):
    code = ("from wordlelab.solvers.search.engine import kernels; import pathlib, importlib.machinery;"
            "d = kernels.aot_dir(); d.mkdir(parents=True);"
            "(d / ('wordlelab_kernels' + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b'not a module');"
            "(d / 'kernels.json').write_text('{\"arguments\": {}}');"
            "import numpy as np; K = kernels.K;"
            "print(K.table_count(np.zeros((16, 3), np.int64)), K.source)")
    r = _run(["-c", code], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["0", "jit"]


# A module beside a kernels.json of the test's making, then one kernel called: what the loader chose
PLANT = """
import importlib.machinery, json, pathlib, sys
import numpy as np
from wordlelab.solvers.search.engine import kernels
d = kernels.aot_dir(); d.mkdir(parents=True)
module = d / ("wordlelab_kernels" + importlib.machinery.EXTENSION_SUFFIXES[0])
module.write_bytes(pathlib.Path(sys.argv[1]).read_bytes())
(d / "kernels.json").write_text(sys.argv[2].replace("DIGEST", kernels.module_digest(pathlib.Path(sys.argv[3]))))
print(kernels.K.table_count(np.zeros((16, 3), np.int64)), kernels.K.source)
"""


def _half_of_an_extension(tmp_path):
    """A real extension module cut in half. Loaded, the compiled module cut so gave the report's
    SIGBUS; this small one would give an ImportError, so what shows that it was never loaded is
    the reason the warning names (the digest, not the import)."""
    import _json
    whole = open(_json.__file__, "rb").read()
    half = tmp_path / "half.so"
    half.write_bytes(whole[:len(whole) // 2])
    return _json.__file__, half


@pytest.mark.parametrize("spec_file, why", [
    ('{"arguments": {}, "sha256": "DIGEST"}', "digest is not the one recorded"),   # the whole file's digest
    ('{"arguments": {}}', "records no digest"),
    ('{"arguments": {"solve": 5}, "sha256": "DIGEST"}', "not of the shape"),
    ('{"arguments": {"solve": [["array", "no such dtype", 1]]}, "sha256": "DIGEST"}', "not of the shape"),
    ('[1, 2]', "not of the shape"),
    ('{"arguments": ' * 5000, "not JSON"),
])
def test_a_module_that_does_not_match_its_record_is_never_loaded(tmp_path, spec_file, why):
    """A damaged module (here a real extension cut in half, as in the report's SIGBUS) is not
    dlopened: its digest is checked first, against kernels.json's; a kernels.json of the wrong
    shape, unreadable, or with no digest is refused alike. Each is one warning line and the JIT."""
    whole, half = _half_of_an_extension(tmp_path)
    r = _run(["-W", "default", "-c", PLANT, str(half), spec_file, whole], tmp_path / "cache")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["0", "jit"]
    assert why in r.stderr and "Traceback" not in r.stderr
    warning = [line for line in r.stderr.splitlines() if "WordlelabWarning" in line]
    assert len(warning) == 1 and "using the just-in-time ones" in warning[0], r.stderr


def test_the_recorded_digest_is_the_module_files():
    """What is checked is the file's own sha256 (hashlib, not the module's code)."""
    import hashlib
    from pathlib import Path
    path = Path(kernels.__file__)
    assert kernels.module_digest(path) == hashlib.sha256(path.read_bytes()).hexdigest()


def test_calls_of_other_types_go_to_the_jit_function():
    calls = []

    def compiled(*args):
        calls.append(args)
        return -1

    specs = [["array", np.dtype(np.int64).str, 2]]
    table_count = kernels._checked("table_count", compiled, specs)
    table = np.zeros((16, 3), np.int64)
    assert table_count(table) == -1 and len(calls) == 1                     # the signature's types
    assert table_count(table.astype(np.int32)) == 0 and len(calls) == 1     # another dtype: JIT
    assert table_count(np.asfortranarray(np.zeros((16, 4), np.int64))[:, :3]) == 0 and len(calls) == 1
    read_only = table.copy()
    read_only.flags.writeable = False
    assert table_count(read_only) == 0 and len(calls) == 1


def test_tables_are_checked_field_by_field():
    from wordlelab.solvers.search.engine.tables import Tables
    spec = kernels._spec
    from numba import typeof
    t = Tables(*(np.zeros(1, np.int32),) * 10, 0, *(np.zeros(1, np.int32),) * 5)
    s = kernels._prepared(spec(typeof(t)))
    assert kernels._fits(t, s)
    assert not kernels._fits(t._replace(MT=np.zeros(1, np.int64)), s)


def test_a_tables_tuple_is_checked_once_but_a_new_one_again():
    from wordlelab.solvers.search.engine.tables import Tables
    from numba import typeof
    calls = []

    def compiled(t):
        calls.append(t)
        return -1

    t = Tables(*(np.zeros(1, np.int32),) * 10, 0, *(np.zeros(1, np.int32),) * 5)
    checked = kernels._checked("table_count", compiled, [kernels._spec(typeof(t))])
    assert checked(t) == -1 and checked(t) == -1 and len(calls) == 2
    bad = t._replace(MT=np.zeros(1, np.int64))
    with pytest.raises(Exception):
        checked(bad)                        # not the compiled one: the JIT kernel, which rejects it
    assert len(calls) == 2


@pytest.mark.slow
def test_the_hints_suite_times_fresh_hints_beside_selby(shared):
    """The bench suite behind the README's hint figures, on the three smallest states after SALET."""
    from wordlelab.bench.hints import every_state_after
    from wordlelab.solvers.search.rank.hint import hint
    from wordlelab.instances.wordlists import load_lists
    rows = every_state_after("salet", "nyt20220830", limit=3)
    assert len(rows) == 3
    for state, n, mine, his, value in rows:
        assert mine > 0 and (his is None or his > 0)
        assert value == hint(load_lists("nyt20220830"), state, keep=False).value
