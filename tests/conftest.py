"""Shared fixtures: word lists, and ../shared data when it is present (else skip)."""
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


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


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    """Tests never touch the user's cache directory."""
    monkeypatch.setenv("WORDLELAB_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))
