"""Run the test suite against the newest releases, ignoring pyproject's upper bounds.

Run it before raising a bound::

    python tools/try_newest.py            # a fresh venv in a temporary folder
    python tools/try_newest.py -- -x -k highs   # arguments after -- go to pytest

It creates a virtual environment, installs wordlelab there with every dependency's
upper bound removed (so pip takes the newest release), prints the versions that now
exceed a bound, and runs ``python -m pytest -q -n 2`` (the README's test command). If the suite passes, raise the bounds
in pyproject.toml to those versions and regenerate the lock file::

    uv pip compile pyproject.toml --extra dev --python-version 3.11 -o requirements.lock --no-header
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def unbounded(requirement: str) -> str:
    """The requirement with its ``<`` and ``<=`` clauses removed; ``==`` pins are kept.

    >>> unbounded("numba>=0.59,<0.69")
    'numba>=0.59'
    >>> unbounded("dask[distributed]>=2024.1,<2027")
    'dask[distributed]>=2024.1'
    """
    name, _, spec = re.match(r"([A-Za-z0-9_.\-\[\]]+)(.*)", requirement.strip()).group(1, 0, 2)
    clauses = [c.strip() for c in spec.split(",") if c.strip() and not c.strip().startswith("<")]
    return name + ",".join(clauses)


def requirements() -> list[str]:
    """The runtime and dev requirements of pyproject.toml, upper bounds removed."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + project["optional-dependencies"]["dev"]
    return sorted({unbounded(r.split(";")[0]) for r in reqs})


def main(pytest_args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        py = str(venv / "bin" / "python")
        subprocess.run([py, "-m", "pip", "install", "-q", "--upgrade", *requirements()], check=True)
        subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "-e", str(ROOT)], check=True)
        subprocess.run([py, "-m", "pip", "list", "--format=freeze"], check=True)
        return subprocess.run([py, "-m", "pytest", "-q", "-n", "2", *pytest_args], cwd=ROOT).returncode


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(args[args.index("--") + 1:] if "--" in args else []))
