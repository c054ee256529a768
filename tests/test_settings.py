"""The one options table (wordlelab.models.settings): the library and the command line read the same rows."""
import click
import pytest

from wordlelab.cli import load_all
from wordlelab.models.settings import ROWS, TABLE, Execution, Limits, SettingError

cli = load_all()


def _commands(group=cli, prefix=""):
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", command


def test_every_flag_of_a_setting_is_the_tables_row():
    """A command's --node-limit, --memory, --workers, ... has the table's flag and the table's range:
    a command may reword the help or give its own default, never another range."""
    from wordlelab.cli.options import SetOption
    by_flag = {row.flag: row for row in TABLE}
    seen = set()
    for name, command in _commands():
        for param in command.params:
            if isinstance(param, SetOption):            # --set NAME=VALUE: the rows it carries, with their types
                carried = list(param.rows.items())
            elif isinstance(param, click.Option) and param.opts[0] in by_flag:
                carried = [(by_flag[param.opts[0]], param.type)]
            else:
                continue
            for row, kind in carried:
                seen.add(row.name)
                if row.kind == "count":
                    low = getattr(kind, "min", None)
                    assert low == row.low, (name, row.flag, low, row.low)
                if row.kind == "gib":
                    assert (kind.min, kind.max) == (row.low, row.high), (name, row.flag)
    assert {"node_limit", "core_work", "memory_gib", "time_limit", "gap", "workers", "dask_address", "threads",
            "log", "checkpoint"} <= seen


@pytest.mark.parametrize("make, field", [
    (lambda: Limits(node_limit=0), "node_limit"),
    (lambda: Limits(memory_gib=float("nan")), "memory_gib"),
    (lambda: Limits(time_limit=-1.0), "time_limit"),
    (lambda: Limits(gap=1.0), "gap"),
    (lambda: Limits(node_limit=2.5), "node_limit"),
    (lambda: Execution(workers=0), "workers"),
    (lambda: Execution(dask_address=""), "dask_address"),
])
def test_a_setting_out_of_range_names_its_field(make, field):
    with pytest.raises(SettingError) as e:
        make()
    assert e.value.field == field and str(e.value).startswith(field)


def test_the_command_line_names_the_flag_of_a_library_setting_error():
    from wordlelab.cli import user_message
    try:
        Limits(core_work=0)
    except SettingError as e:
        assert user_message(e) == "--core-work must be at least 1, not 0"
    assert ROWS["core_work"].flag == "--core-work"


def test_settings_are_frozen_and_declared():
    limits = Limits(node_limit=5)
    with pytest.raises(AttributeError):
        limits.node_limit = 6
    with pytest.raises(TypeError):
        Limits(nodes=5)


# The commands still above the bound of 15 options, with their counts today: the counts may
# only fall (a new option on one of them must replace another, or move to the options table).
ABOVE_FIFTEEN: dict = {}


def test_no_command_grows_past_fifteen_options():
    counts = {name: sum(isinstance(p, click.Option) for p in command.params) for name, command in _commands()}
    over = {name: n for name, n in counts.items() if n > 15}
    grown = {name: (n, ABOVE_FIFTEEN.get(name, 15)) for name, n in over.items() if n > ABOVE_FIFTEEN.get(name, 15)}
    assert not grown, f"options (now, allowed): {grown}"
    stale = {name: (counts[name], n) for name, n in ABOVE_FIFTEEN.items() if counts[name] < n}
    assert not stale, f"fewer options now: lower the entry in ABOVE_FIFTEEN {stale}"


# The public library functions still above the bound of 10 parameters, with their counts
# today: the counts may only fall, and no other public function may pass 10.
ABOVE_TEN: dict = {}


def _public_parameter_counts():
    """{module.function (or module.Class.method): parameters} of every public library function,
    ``self`` not counted; the CLI's command functions are click's business, not the library's."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    counts = {}
    for path in sorted((root / "wordlelab").rglob("*.py")):
        if path.relative_to(root / "wordlelab").parts[0] == "cli":
            continue
        module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.parse(path.read_text()).body:
            members = [(node.name, node)] if isinstance(node, ast.FunctionDef) else []
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                members = [(f"{node.name}.{f.name}", f) for f in node.body if isinstance(f, ast.FunctionDef)
                           and (not f.name.startswith("_") or f.name == "__init__")]
            for name, f in members:
                if name.split(".")[-1].startswith("_") and not name.endswith("__init__"):
                    continue
                a = f.args
                names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
                counts[f"{module}.{name}"] = len(names) - (names[:1] in (["self"], ["cls"]))
    return counts


def test_no_public_function_grows_past_ten_parameters():
    counts = _public_parameter_counts()
    grown = {name: (n, ABOVE_TEN.get(name, 10)) for name, n in counts.items() if n > ABOVE_TEN.get(name, 10)}
    assert not grown, f"parameters (now, allowed): {grown}"
    stale = {name: (counts.get(name), n) for name, n in ABOVE_TEN.items() if counts.get(name, 0) < n}
    assert not stale, f"fewer parameters now (or gone): lower or drop the entry in ABOVE_TEN {stale}"
