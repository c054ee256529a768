"""The first-guess rankings shipped as package data: used for exactly their lists, re-checked on loading."""
import gzip
import json
import re
import shutil
import tomllib
import warnings
from pathlib import Path

import pytest

from wordlelab.errors import WordleError, WordlelabWarning
from wordlelab.instances.shipped_rankings import (FOLDER, ShippedRankingError, load_shipped, payload_digest,
                                                  shipped_path, write_shipped)
from wordlelab.instances.wordlists import WordLists, load_lists

ROOT = Path(__file__).resolve().parents[1]
SIX = ("cigar", "rebut", "sissy", "humph", "awake", "blush")


def _default_lists():
    try:
        return load_lists()
    except WordleError as e:
        pytest.skip(f"the default lists are not installed: {e}")


def _rewrite(path: Path, change) -> None:
    """Apply ``change`` to a shipped file's content and write it back with its digest made anew."""
    data = json.loads(gzip.decompress(path.read_bytes()))
    change(data)
    data["digest"] = payload_digest(data)
    path.write_bytes(gzip.compress(json.dumps(data).encode()))


def _fresh_cache(tmp_path, monkeypatch, seeded) -> Path:
    """A cache folder with nothing kept but the seeded pattern matrices (and the key that seals them)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    for f in Path(seeded).glob("patterns-*"):
        shutil.copyfile(f, cache / f.name)
    if (Path(seeded) / "seal.key").is_file():
        shutil.copyfile(Path(seeded) / "seal.key", cache / "seal.key")
    monkeypatch.setenv("WORDLELAB_CACHE", str(cache))
    return cache


def test_package_data_ships_the_rankings_and_no_word():
    files = sorted(FOLDER.glob("*.json.gz"))
    assert files, "no shipped ranking"
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert all(any(f.relative_to(FOLDER.parent).match(g) for g in globs["wordlelab.instances"]) for f in files)
    for f in files:
        data = json.loads(gzip.decompress(f.read_bytes()))
        assert all(type(v) is int for v in data["totals"]) and len(data["totals"]) == data["n_guesses"]
        # the values hold no word; the provenance sentence is the only prose
        words = re.findall(r"\b[a-z]{5}\b", json.dumps([v for k, v in data.items() if k != "source"]))
        assert words == [], words


def test_the_default_lists_ship_in_easy_mode():
    lists = _default_lists()
    shipped = load_shipped(lists, "easy", 6)
    assert shipped.entries["tarse"] == (7883, True) and len(shipped.entries) == len(lists.guesses)


def test_hint_before_the_first_guess_uses_the_shipped_ranking(tmp_path, monkeypatch, _seeded_cache):
    from wordlelab.models.result import Status
    from wordlelab.solvers.search.rank.hint import hint
    lists = _default_lists()
    cache = _fresh_cache(tmp_path, monkeypatch, _seeded_cache)
    told = []
    r = hint(lists, "", "easy", top=3, announce=told.append)
    assert told == []                       # no sweep was announced
    assert not list(cache.glob("rankings/*-easy-6-*[0-9a-f].json"))     # nor a ranking written
    shipped = str(shipped_path(lists, "easy", 6))
    assert r.status == Status.FEASIBLE and r.claimed == Status.OPTIMAL and r.verified
    assert len(r.rests_on) == 1 and r.rests_on[0].startswith(shipped)
    assert "searched again here" in r.rests_on[0] and "best-start --lists nyt20220830" in r.rests_on[0]
    rows = r.stats.guesses
    assert (rows[0]["guess"], rows[0]["total"]) == ("tarse", 7883) and len(rows) == 3
    assert r.certificate.guess == "tarse"


def test_a_tampered_shipped_ranking_is_caught(tmp_path):
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.first_guesses import recheck_shipped
    lists = _default_lists()
    s = NativeSearcher(lists)
    src = shipped_path(lists, "easy", 6)
    tarse = sorted(lists.guesses).index("tarse")

    def copy(name):
        folder = tmp_path / name
        folder.mkdir()
        return Path(shutil.copy(src, folder / src.name)), folder

    # a value edited, the digest left as it was: damage
    path, folder = copy("edited")
    data = json.loads(gzip.decompress(path.read_bytes()))
    data["totals"][tarse] += 1
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    with pytest.raises(ShippedRankingError, match="digest"):
        load_shipped(lists, "easy", 6, folder)
    # the best total changed, the digest made anew: the search here finds the true one
    path, folder = copy("forged-best")
    _rewrite(path, lambda d: d["totals"].__setitem__(tarse, 7884))
    with pytest.raises(ShippedRankingError, match="tarse a total of 7884; searched here, its least total is 7883"):
        recheck_shipped(s, load_shipped(lists, "easy", 6, folder), reprove=3)
    # a guess given less than its split of the answers allows: caught without a search
    path, folder = copy("below-floor")
    _rewrite(path, lambda d: d["totals"].__setitem__(sorted(lists.guesses).index("fuzzy"), 5000))
    with pytest.raises(ShippedRankingError, match="fuzzy a bound of 5000, below the"):
        recheck_shipped(s, load_shipped(lists, "easy", 6, folder), reprove=0)
    # a guess that splits the answers left out
    path, folder = copy("missing")
    crane = sorted(lists.guesses).index("crane")
    _rewrite(path, lambda d: (d["totals"].__setitem__(crane, -1), d.__setitem__("exact", [i for i in d["exact"]
                                                                                       if i != crane])))
    with pytest.raises(ShippedRankingError, match="lacks the first guess crane"):
        recheck_shipped(s, load_shipped(lists, "easy", 6, folder), reprove=0)
    # for another mode than its name says
    path, folder = copy("mode")
    _rewrite(path, lambda d: d.__setitem__("mode", "hard"))
    with pytest.raises(ShippedRankingError, match="another question"):
        load_shipped(lists, "easy", 6, folder)
    # not gzip at all
    path, folder = copy("garbage")
    path.write_text("{}")
    with pytest.raises(ShippedRankingError, match="not readable gzip JSON"):
        load_shipped(lists, "easy", 6, folder)


def test_lists_of_another_digest_ignore_the_shipped_ranking(tmp_path):
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.first_guesses import ranking_kept
    lists = _default_lists()
    (tmp_path / "g.txt").write_text("\n".join(lists.guesses) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(lists.answers[1:]) + "\n")
    (tmp_path / "same.txt").write_text("\n".join(reversed(lists.answers)) + "\n")
    other = load_lists(guesses_file=str(tmp_path / "g.txt"), answers=str(tmp_path / "a.txt"))
    assert load_shipped(other, "easy", 6) is None
    assert not ranking_kept(NativeSearcher(other))
    # the same words under another name, in another order: the same lists, the same ranking
    same = load_lists(guesses_file=str(tmp_path / "g.txt"), answers=str(tmp_path / "same.txt"))
    assert load_shipped(same, "easy", 6).entries == load_shipped(lists, "easy", 6).entries
    # the default lists' ranking put where the other lists' would be: refused, not used
    shutil.copy(shipped_path(lists, "easy", 6), shipped_path(other, "easy", 6, tmp_path))
    with pytest.raises(ShippedRankingError, match="for other word lists"):
        load_shipped(other, "easy", 6, tmp_path)


def test_first_guess_ranking_from_a_shipped_file_and_its_fallback(tmp_path):
    """Small lists, a ranking shipped into a folder of the test's: used and re-proved; once forged,
    warned about and replaced by the sweep, which gives the true ranking."""
    from wordlelab.solvers.search.native import NativeSearcher
    from wordlelab.solvers.search.rank.first_guesses import exact_best, first_guess_ranking, kept_trees
    lists = WordLists("six", SIX, SIX)
    s = NativeSearcher(lists)
    proven, _ = first_guess_ranking(s, tmp_path / "proven.json", shipped=False)
    best3 = exact_best(s, {w: (v, e) for w, v, e in proven}, 3)
    write_shipped(lists, "easy", 6, best3, "test", tmp_path / "ship")
    rows, origin = first_guess_ranking(s, tmp_path / "rank.json", reprove=2, shipped_folder=tmp_path / "ship")
    assert {w: (v, e) for w, v, e in rows} == best3 and origin["shipped"] and not origin["computed_now"]
    assert origin["reproved"] == ["rebut", "blush"] and "the 2 best (rebut, blush)" in origin["rests_on"][0]
    assert not (tmp_path / "rank.json").exists() and set(kept_trees(s, tmp_path / "rank.json")) == {"rebut", "blush"}
    # REBUT's 11 raised to 12: it now ties with BLUSH and CIGAR, after them alphabetically, within the best 3
    _rewrite(shipped_path(lists, "easy", 6, tmp_path / "ship"),
             lambda d: d["totals"].__setitem__(sorted(SIX).index("rebut"), 12))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rows, origin = first_guess_ranking(s, tmp_path / "rank.json", shipped_folder=tmp_path / "ship")
    assert any(issubclass(w.category, WordlelabWarning) and "rebut a total of 12; searched here, its least "
               "total is 11" in str(w.message) for w in caught)
    assert rows == proven and not origin["shipped"] and origin["computed_now"] and origin["rests_on"] == []
