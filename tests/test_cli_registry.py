"""The CLI's command table (wordlelab/cli/__init__.py): every module's commands, each loaded only when asked."""
import importlib
import subprocess
import sys

import wordlelab.cli as cli_module


def test_the_table_names_every_command_of_every_module_and_nothing_else():
    names = {}
    for module_name in set(cli_module.COMMAND_MODULES.values()):
        module = importlib.import_module(f"wordlelab.cli.{module_name}")
        for command in module.COMMANDS:
            names[command.name] = module_name
    assert names == cli_module.COMMAND_MODULES


def test_help_lists_every_command_and_export_lp_keeps_its_tree_subcommand():
    group = cli_module.load_all()
    assert set(cli_module.COMMAND_MODULES) <= set(group.commands)
    assert "tree" in group.commands["export-lp"].commands
    assert {"numbers", "optimal"} <= set(group.commands["perm"].commands)


def test_a_command_loads_its_own_module_only():
    code = ("import sys, wordlelab.cli as c\n"
            "try:\n    c.main(['pattern', 'salet', 'drone'])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('wordlelab.cli.') or m == 'wordlelab.bench'),"
            " file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    loaded = r.stderr.strip().splitlines()[-1]
    assert "wordlelab.cli.basic" in loaded
    for other in ("bench", "eldrow", "perm", "analyze", "search"):
        assert f"wordlelab.cli.{other}'" not in loaded, loaded
    assert "'wordlelab.bench'" not in loaded
