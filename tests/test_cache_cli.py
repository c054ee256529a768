"""wordlelab cache info|clear on a cache folder of the test's own (numba's folder too: never the user's)."""
import json

import pytest

import wordlelab  # noqa: F401  (imported first, it points numba's cache once; the fixture then sets it)
from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    files = {"matrices": root / "patterns-abc-10x12-T.npy", "numba": root / "numba" / "wordlelab-0123" / "k.nbc",
             "aot": root / "aot" / "d-f" / "kernels.so", "hints": root / "hints" / "ten" / "salet.json",
             "rankings": root / "rankings" / "first-guesses-ten.json"}
    for i, path in enumerate(files.values()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 1000 * (i + 1))
    (root / "seal.key").write_text("k" * 64)
    (root / "numba" / "someone-else").mkdir()        # not wordlelab's: never counted, never removed
    monkeypatch.setenv("WORDLELAB_CACHE", str(root))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(root / "numba" / "wordlelab-0123"))
    return root, files


def test_info_gives_each_kind_its_size(capsys, cache):
    root, _ = cache
    r = run_cli(capsys, ["cache", "info", "--json"])
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["path"] == str(root)
    assert {k: v["bytes"] for k, v in data["kinds"].items()} == \
        {"matrices": 1000, "numba": 2000, "aot": 3000, "hints": 4000, "rankings": 5000}
    assert data["total_bytes"] == 15000
    text = run_cli(capsys, ["cache", "info"]).out
    assert "rankings" in text and "total 0.0 MB" in text


def test_clear_per_kind_or_everything_with_yes(capsys, cache):
    root, files = cache
    refused = run_cli(capsys, ["cache", "clear"])
    assert refused.code == 2 and "--yes" in refused.err and all(p.exists() for p in files.values())
    r = run_cli(capsys, ["cache", "clear", "hints", "Rankings", "--json"])
    assert r.code == 0, r.err
    assert json.loads(r.out)["freed_bytes"] == 9000
    assert not files["hints"].exists() and not files["rankings"].exists() and files["aot"].exists()
    r = run_cli(capsys, ["cache", "clear", "--yes"])
    assert r.code == 0 and r.out.startswith("removed matrices, numba, aot, hints, rankings")
    assert not any(p.exists() for p in files.values())
    assert (root / "seal.key").exists() and (root / "numba" / "someone-else").is_dir()
    assert json.loads(run_cli(capsys, ["cache", "info", "--json"]).out)["total_bytes"] == 0
