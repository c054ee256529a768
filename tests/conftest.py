"""Shared fixtures: word lists, and ../shared data when it is present (else skip)."""
import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

# Small runs that between them compile the just-in-time kernels most tests use, in two batches.
# Numba compiles a kernel in every process that needs it before its cache holds it; cold, that is
# about 250 s per process (solve 100 s, perm 50 s, the depth searches 45 s, ...). Run once before
# the xdist workers start, each worker (and each command the examples run) loads the cache instead
# of compiling the same kernels beside the other worker. The batches are about even where the
# README's first command has compiled solve's kernels already, as in CI (cold compile, one after the
# other: tie-break 25 s, perm 50 s, hint 13 s, the depth searches 29 + 18 s, eldrow 17 s).
WARM_UP = (
    (("solve", "--start", "salet"),
     ("solve", "--start", "salet", "--lists", "nyt20220316", "--tie-break", "worst"),
     ("perm", "optimal", "--n", "4"),
     ("perm", "optimal", "--n", "4", "--workers", "1")),
    (("hint", "salet.BBBYB"),
     ("prove-depth", "--guesses", "4", "--start", "salet", "--lists", "nyt20220316"),
     ("prove-depth", "--guesses", "5", "--start", "salet", "--mode", "hard"),
     ("eldrow", "--target", "lower"),
     # in this process: a pool's two processes would compile the same kernels side by side
     ("best-pair", "--guesses", "g.txt", "--answers", "a.txt", "--top", "3", "--limit", "40", "--workers", "1")),
)


# The pattern matrices most tests load, built once on the controller beside the warm-up and copied
# into each worker's cache: built, the 12972 x 12972 one alone takes about 12 s a process.
SEED_MATRICES = """
from wordlelab.instances.wordlists import load_lists
from wordlelab.models.matrix import pattern_matrix
for name in ("nyt20220316", "nyt20220830", "nyt20230701", "original"):
    pattern_matrix(load_lists(name))
pattern_matrix(load_lists("nyt20220316", answers="all"))
"""


def pytest_configure(config):
    """On the xdist controller, before the workers start: fill numba's cache (see WARM_UP) and build
    the pattern matrices of SEED_MATRICES, which the workers copy (see ``_seeded_cache``).

    Nothing is checked here; a warm-up command that fails leaves its kernels to the tests, which
    compile them as before and report what is wrong. ``WORDLELAB_TEST_WARM_UP=0`` skips it all.
    """
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    if os.environ.get("WORDLELAB_TEST_WARM_UP") == "0":    # a quick rerun of a few tests
        return
    import subprocess
    import sys
    import tempfile
    import time
    import wordlelab  # noqa: F401  (sets NUMBA_CACHE_DIR, which the workers and these runs inherit)
    from concurrent.futures import ThreadPoolExecutor
    if "NUMBA_CACHE_DIR" not in os.environ:     # a read-only cache: nothing to share between processes
        return
    warmed = Path(os.environ["NUMBA_CACHE_DIR"]) / "warmed-by-the-tests"   # the directory is per source version
    t0 = time.monotonic()
    # the workers inherit this; pytest_unconfigure removes it
    seed = os.environ["WORDLELAB_TEST_SEED_CACHE"] = tempfile.mkdtemp(prefix="wordlelab-test-cache-")
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "WORDLELAB_CACHE": seed}     # the user's cache is not touched
        from wordlelab.instances.wordlists import load_lists
        lists = load_lists("nyt20220316")
        Path(scratch, "a.txt").write_text("\n".join(lists.answers[::40]) + "\n")
        Path(scratch, "g.txt").write_text("\n".join(sorted(set(lists.answers[::40]) | set(lists.guesses[::100]))) + "\n")

        def run(batch):
            return all([subprocess.run([sys.executable, *args], cwd=scratch, env=env,
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL).returncode == 0 for args in batch])

        batches = [] if warmed.exists() else [[("-m", "wordlelab", *args) for args in b] for b in WARM_UP]
        batches.append([("-c", SEED_MATRICES)])
        with ThreadPoolExecutor(len(batches)) as pool:
            done = list(pool.map(run, batches))
        if all(done[:-1]) and not warmed.exists():
            warmed.touch()
    sys.stderr.write(f"numba cache warmed and matrices built in {time.monotonic() - t0:.0f} s "
                     f"({os.environ['NUMBA_CACHE_DIR']})\n")


def pytest_unconfigure(config):
    seed = os.environ.get("WORDLELAB_TEST_SEED_CACHE")
    if seed and not hasattr(config, "workerinput"):
        import shutil
        shutil.rmtree(seed, ignore_errors=True)


@pytest.fixture(scope="session")
def shared() -> Path:
    if not (SHARED / "reference").is_dir():
        pytest.skip("../shared is absent")
    return SHARED


@pytest.fixture(scope="session")
def default_lists():
    from wordlelab.instances.wordlists import load_lists
    return load_lists()


@pytest.fixture(scope="session")
def lists_0316():
    from wordlelab.instances.wordlists import load_lists
    return load_lists("nyt20220316")


@pytest.fixture(scope="session")
def random_300():
    """300 random words of nyt20220316, each both a guess and a possible answer (issue 19, small)."""
    import random
    from wordlelab.instances.wordlists import WordLists, load_lists
    words = sorted(random.Random(23).sample(load_lists("nyt20220316").guesses, 300))
    return WordLists("random-300", words, words)


@pytest.fixture(scope="session")
def hard_sweep(random_300, tmp_path_factory):
    """The random-300 instance's first words decided within 4 in hard mode: the sweep's core bank,
    result, entries, and the folder of the checkpoint (every.json) and the yes words' trees
    (trees/). Shared: a test copies what it changes."""
    import json
    from wordlelab.solvers.search.depth.core_bank import CoreBank
    from wordlelab.models.settings import Execution
    from wordlelab.solvers.search.depth.depth_sweep import decide_every_first_word
    from wordlelab.solvers.search.native import NativeSearcher
    folder = tmp_path_factory.mktemp("sweep")
    ck = folder / "every.json"
    banks, made = [], CoreBank.__init__

    def kept(self, searcher):      # (the bank is the sweep's run's: caught as it is made)
        made(self, searcher)
        banks.append(self)
    CoreBank.__init__ = kept
    try:
        r = decide_every_first_word(NativeSearcher(random_300, "hard", 4), 4, execution=Execution(checkpoint=str(ck)),
                                    tree_dir=folder / "trees")
    finally:
        CoreBank.__init__ = made
    (bank,) = banks
    return bank, r, json.loads(ck.read_text())["entries"], folder


@pytest.fixture(scope="session")
def hard_plain_yes(random_300):
    """The random-300 first words the plain depth search (no learnt cores, a fresh table per word)
    decides within 4 guesses in hard mode."""
    from test_depth_sweep import _plain_yes
    from wordlelab.solvers.search.native import NativeSearcher
    return _plain_yes(NativeSearcher(random_300, "hard", 4), 4)


@pytest.fixture(scope="session")
def aot_build(tmp_path_factory):
    """``wordlelab compile --json`` into a cache directory of its own: (directory, report).

    Built once per worker; the tests that use it share the xdist group "aot" (``--dist
    loadgroup``), so one run builds once. Skips where no C compiler is found.
    """
    import json
    import os
    import subprocess
    import sys
    cache = tmp_path_factory.mktemp("aot-cache")
    env = {**os.environ, "WORDLELAB_CACHE": str(cache)}
    r = subprocess.run([sys.executable, "-m", "wordlelab", "compile", "--json"], env=env,
                       capture_output=True, text=True, timeout=900)
    if r.returncode != 0 and "could not compile" in r.stderr:
        pytest.skip(f"no ahead-of-time compiler here: {r.stderr.strip()}")
    assert r.returncode == 0, r.stderr
    return cache, json.loads(r.stdout)


@pytest.fixture(scope="session")
def _seeded_cache(tmp_path_factory) -> Path:
    """This process's cache directory, holding copies of the controller's matrices (SEED_MATRICES).

    Copies, not links: a test that damages a cached matrix in place must not damage the other
    worker's. Each copy keeps its seal file, and the controller's sealing key comes along, so every
    load still checks it.
    """
    import shutil
    cache = tmp_path_factory.getbasetemp() / "cache"
    cache.mkdir(exist_ok=True)
    seed = os.environ.get("WORDLELAB_TEST_SEED_CACHE")
    if seed and Path(seed).is_dir():
        for f in Path(seed).glob("patterns-*"):
            if not f.name.endswith(".tmp"):
                shutil.copyfile(f, cache / f.name)
        # the seals of those matrices were made with the controller's key: the copies verify only with it
        key = Path(seed) / "seal.key"
        if key.is_file() and not (cache / "seal.key").exists():
            shutil.copyfile(key, cache / "seal.key")
    return cache


@pytest.fixture(autouse=True)
def _private_cache(_seeded_cache, monkeypatch):
    """Tests never touch the user's cache directory, and each starts with no unsealed file read (a
    test that forges a checkpoint would otherwise leave every later save of its process unsealed)."""
    monkeypatch.setenv("WORDLELAB_CACHE", str(_seeded_cache))
    from wordlelab.solvers.runtime.checkpoint import forget_unsealed
    forget_unsealed()


class CliRun:
    """What one in-process CLI call gave: exit code, stdout, stderr."""

    def __init__(self, code, out, err):
        self.code, self.out, self.err = code, out, err
        self.output = out + err


def run_cli(capsys, args) -> CliRun:
    """Run ``wordlelab ARGS`` in this process, as the console script would."""
    from wordlelab.cli import main
    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = e.code or 0
    cap = capsys.readouterr()
    return CliRun(code, cap.out, cap.err)


@pytest.fixture
def cli_run(capsys):
    """run_cli, checking that the exit code is non-zero exactly when ``expect_error``."""
    def run(args, expect_error=False):
        r = run_cli(capsys, args)
        assert (r.code != 0) == expect_error, r.output
        return r
    return run


def write_small_lists(folder):
    """60 answers among 120 guesses of the default lists (seed 5), written to ``folder`` as g.txt and
    a.txt: a best-start run over 8 first words takes a second. Returns (guess file, answer file)."""
    import random
    from wordlelab.instances.wordlists import load_lists
    base = load_lists()
    rng = random.Random(5)
    answers = sorted(rng.sample(list(base.answers), 60))
    others = sorted(set(base.guesses) - set(answers))
    guesses = sorted(set(answers) | set(rng.sample(others, 60)))
    (folder / "g.txt").write_text("\n".join(guesses) + "\n")
    (folder / "a.txt").write_text("\n".join(answers) + "\n")
    return str(folder / "g.txt"), str(folder / "a.txt")
