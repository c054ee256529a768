"""Doctests: every module's examples, and docs/api.md (the Python API tutorial), run as written."""
import doctest
import importlib
from pathlib import Path

import pytest

from test_imports import modules

ROOT = Path(__file__).resolve().parents[1]
# the command line's modules print to the terminal; the library is what the doctests document
LIBRARY = sorted(m for m in modules() if not m.startswith(("wordlelab.cli", "wordlelab.bench", "wordlelab.__main__")))


@pytest.mark.parametrize("name", LIBRARY)
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_api_tutorial():
    result = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 20 and result.failed == 0
