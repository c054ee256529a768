"""The documentation site builds with ``mkdocs build --strict`` (mkdocs.yml), so a broken link, an
anchor that no heading makes, a page left out of the navigation or an API reference that names
no object fails here; and the README stays a front page (at most 15 KB), its figures living on
the site's results pages."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _build(root: Path, site: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(root / "mkdocs.yml"),
                           "-d", str(site)], cwd=root, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def tools():
    for module in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python"):
        pytest.importorskip(module, reason="the docs extra is not installed (pip install -e '.[docs]')")


def test_readme_is_a_front_page():
    size = (REPO / "README.md").stat().st_size
    assert size <= 15 * 1024, f"README.md is {size} bytes: move figures to docs/results/, progress to docs/logs/"


def test_site_builds_strict_with_the_api_reference(tools, tmp_path):
    r = _build(REPO, tmp_path / "site")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    api = (tmp_path / "site" / "reference" / "index.html").read_text(encoding="utf-8")
    for name in ("solve", "prove_depth", "best_start", "hint", "verify"):
        assert f'id="wordlelab.api.{name}"' in api, name
    assert "Parameters" in api and "Returns" in api and "Raises" in api
    result = (tmp_path / "site" / "reference" / "result" / "index.html").read_text(encoding="utf-8")
    assert 'id="wordlelab.models.result.Result"' in result and 'id="wordlelab.models.result.Status"' in result


def test_a_broken_link_fails_the_build(tools, tmp_path):
    root = tmp_path / "copy"
    shutil.copytree(REPO / "docs", root / "docs")
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    page = root / "docs" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\nSee [the missing page](no-such-page.md).\n", encoding="utf-8")
    r = _build(root, tmp_path / "site")
    assert r.returncode != 0 and "no-such-page.md" in r.stdout + r.stderr, r.stdout[-2000:] + r.stderr[-2000:]
