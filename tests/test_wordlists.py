"""Named lists come from PyPI packages and are checked by sha256; user lists are validated."""
import pytest

from wordlelab.errors import WordleError
from wordlelab.instances.wordlists import (NAMED_LISTS, SOURCES, Source, canonical_sha256,
                                           list_status, load_lists)

SIZES = {"nyt20220830": (14855, 2309), "nyt20220316": (12972, 2309),
         "original": (12972, 2315), "nyt20230701": (14855, 3158),
         "wordle3:mywordle": (2137, 683), "wordle4:mywordle": (7200, 1997), "wordle5:mywordle": (15945, 3088)}


@pytest.mark.parametrize("name", NAMED_LISTS)
def test_named_list_sizes(name):
    lists = load_lists(name)
    assert (len(lists.guesses), len(lists.answers)) == SIZES[name]
    assert set(lists.answers) <= set(lists.guesses)


def test_2309_is_2315_minus_six():
    a = set(load_lists("original").answers) - set(load_lists("nyt20220316").answers)
    assert a == {"agora", "fibre", "lynch", "pupal", "slave", "wench"}


def test_answers_all():
    lists = load_lists("nyt20220316", answers="all")
    assert lists.answers == lists.guesses and len(lists.answers) == 12972


def test_same_as_shared_lists(shared):
    pairs = {"nyt20220830": "nyt20220830", "nyt20220316": "nyt20220316", "original": "orig",
             "nyt20230701": None}
    for name, stem in pairs.items():
        lists = load_lists(name)
        if stem:
            assert canonical_sha256(lists.guesses) == canonical_sha256(
                (shared / "wordlists" / f"wordlist_{stem}_all").read_text().split())
            assert canonical_sha256(lists.answers) == canonical_sha256(
                (shared / "wordlists" / f"wordlist_{stem}_hidden").read_text().split())


def test_tampered_list_is_rejected():
    src = SOURCES["answers2315"]
    bad = Source(src.name, src.distribution, src.path, src.extra, "0" * 64, src.size)
    with pytest.raises(WordleError, match="fails its check"):
        bad.load()


def test_missing_provider_says_how_to_install():
    src = Source("x", "no-such-distribution-xyz", "x.txt", "original", "0" * 64, 1)
    with pytest.raises(WordleError, match=r'pip install -e "\.\[original\]"' ):
        src.load()


def test_status_lists_every_name():
    assert [r["name"] for r in list_status()] == list(NAMED_LISTS)


def test_user_files(tmp_path):
    g = tmp_path / "g.txt"
    a = tmp_path / "a.txt"
    g.write_text("Salet\nDRONE\nsalet\ncrane\n")
    a.write_text("crane\n")
    with pytest.warns(UserWarning, match="duplicate"):
        lists = load_lists(guesses_file=str(g), answers=str(a))
    assert lists.guesses == ("crane", "drone", "salet") and lists.answers == ("crane",)
    g.write_text("salet\ndrone\ncrane\n")
    a.write_text("zzzzz\n")
    with pytest.raises(WordleError, match="not in the guess list"):
        load_lists(guesses_file=str(g), answers=str(a))
    a.write_text("cr4ne\n")
    with pytest.raises(WordleError, match="line 1"):
        load_lists(guesses_file=str(g), answers=str(a))
    a.write_text("cran\n")
    with pytest.raises(WordleError, match="the answers have 4 letters and the guesses 5"):
        load_lists(guesses_file=str(g), answers=str(a))
    with pytest.raises(WordleError, match="unknown word lists"):
        load_lists("nyt1999")
