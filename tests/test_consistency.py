"""The same situation gets the same answer everywhere (issue 81, item 5): choices in any case,
hints that can be pasted, no word silently ignored."""
import importlib.metadata as md
import json

import click

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)


def _params(command):
    for p in command.params:
        yield command, p
    for sub in getattr(command, "commands", {}).values():
        yield from _params(sub)


def test_every_choice_is_case_insensitive():
    from wordlelab.cli import load_all
    choices = [(c.name, p) for c, p in _params(load_all()) if isinstance(p.type, click.Choice)]
    assert len(choices) > 15                # --mode, --solver, --encoding, ... on many commands
    assert not [(c, p.name) for c, p in choices if p.type.case_sensitive]


def test_mode_in_capitals_is_hard_mode(capsys):
    r = run_cli(capsys, ["state", "salet.BBBYB", "--mode", "Hard", "--json"])
    assert r.code == 0, r.err
    assert json.loads(r.out)["mode"] == "hard"


def test_missing_list_hint_names_the_checkout_install(capsys, monkeypatch):
    """The hint survives rich's markup (``[original]`` is not a style) and says how to add the extra
    to a checkout, which is where wordlelab is installed from."""
    real = md.distribution

    def without_wordlesolve(name):
        if name == "wordlesolve":
            raise md.PackageNotFoundError(name)
        return real(name)
    monkeypatch.setattr("wordlelab.instances.wordlists.md.distribution", without_wordlesolve)
    r = run_cli(capsys, ["lists"])
    assert r.code == 0, r.err
    line = next(x for x in r.out.splitlines() if x.startswith("original:"))
    assert 'pip install -e ".[original]"' in line, line
