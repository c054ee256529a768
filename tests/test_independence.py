"""The checkers are independent of what the solvers read, and a damaged matrix cache never proves anything."""
import subprocess
import sys

import numpy as np
import pytest

from wordlelab.errors import WordlelabWarning
from wordlelab.models.matrix import cache_path, pattern_matrix

CHECKERS = ["wordlelab.models.verify", "wordlelab.models.eldrow", "wordlelab.models.modes", "wordlelab.models.endgames",
            "wordlelab.models.blindfold", "wordlelab.models.result",
            "wordlelab.models.feedback", "wordlelab.models.tree", "wordlelab.models.refutation",
            "wordlelab.models.endgame_families"]


@pytest.mark.parametrize("module", CHECKERS)
def test_checkers_import_nothing_compiled(module):
    code = (f"import sys, {module}; bad = [m for m in sys.modules if m.split('.')[0] in "
            "('numba', 'numpy', 'ortools', 'pulp', 'highspy', 'llvmlite')]; print(bad); assert not bad")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _damage_column(m):
    m[:, 5] = 0


def _zero_rows(m):
    m[: m.shape[0] // 5] = 0


def _duplicate_row(m):
    m[1] = m[0]


def _flip_cells(m):
    rng = np.random.default_rng(3)
    idx = rng.choice(m.size, max(1, m.size // 1000), replace=False)
    flat = m.reshape(-1)
    flat[idx] = (flat[idx].astype(np.int32) + 1) % 243


@pytest.mark.parametrize("damage", [_damage_column, _zero_rows, _duplicate_row, _flip_cells])
def test_damaged_cache_is_rebuilt_with_a_warning(default_lists, damage):
    good = pattern_matrix(default_lists, transposed=True).copy()
    path = cache_path(default_lists)
    # damage the file in place, keeping a valid .npy header
    m = np.load(path, mmap_mode="r+")
    damage(m)
    m.flush()
    del m
    stats = {}
    with pytest.warns(WordlelabWarning, match="damaged"):
        again = pattern_matrix(default_lists, transposed=True, stats=stats)
    assert stats["source"] == "built" and np.array_equal(again, good)
    # the rebuilt file is trusted again
    pattern_matrix(default_lists, transposed=True, stats=stats)
    assert stats["source"] == "cache"


def test_solve_after_damage_gives_the_true_optimum(cli_run):
    import json
    from wordlelab.instances.wordlists import load_lists
    lists = load_lists("nyt20220316")
    args = ["solve", "--state", "salet.BBBYB", "--lists", "nyt20220316", "--json"]
    clean = json.loads(cli_run(args).out)
    m = np.load(cache_path(lists), mmap_mode="r+")
    m[:, lists.guesses.index("drone")] = 0      # one guess column overwritten
    m.flush()
    del m
    r = cli_run(args)
    res = json.loads(r.out)
    assert "damaged" in r.err
    assert res["status"] == "OPTIMAL" and res["verified"] and res["value"] == clean["value"]


def test_matrix_command_and_solve_share_one_cache_file(default_lists, cli_run):
    import json
    r = cli_run(["matrix", "--json"])
    data = json.loads(r.out)
    assert data["path"] == str(cache_path(default_lists))


def test_cache_file_depends_on_word_order():
    from wordlelab.instances.wordlists import WordLists
    words = ["cigar", "rebut", "sissy", "humph", "awake"]
    a = WordLists("a", tuple(words), tuple(words[:3]))
    b = WordLists("b", tuple(reversed(words)), tuple(reversed(words[:3])))
    assert cache_path(a) != cache_path(b)
    ma, mb = pattern_matrix(a), pattern_matrix(b)
    assert np.array_equal(ma, mb[::-1, ::-1])
