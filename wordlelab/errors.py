"""The exceptions the CLI turns into a one-line error and exit code 2, and the checks that raise them."""
import re


class WordleError(ValueError):
    """Bad input or an impossible question: shown to the user as one line."""


class ParameterError(WordleError):
    """A caller's parameters that do not go together, or one out of its range.

    ``template`` names the parameters in braces (``"{top} must be at least 1"``). The library says
    them as parameters (``top must be at least 1``); the command line says them as its flags
    (``--top must be at least 1``, see :meth:`spelled`), so the library never names a flag and
    each reader sees the names it typed.

    >>> e = ParameterError("{words} names the candidates: drop {limit}")
    >>> str(e), e.fields
    ('words names the candidates: drop limit', ('words', 'limit'))
    >>> e.spelled(lambda name: "--" + name)
    '--words names the candidates: drop --limit'
    >>> str(ParameterError("{only} 'a{1}b}': no such file"))
    "only 'a{1}b}': no such file"
    """

    # only {identifier} is a parameter: other braces (in a file name or a word the user gave) stay as they are
    FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

    def __init__(self, template: str):
        self.template = template
        self.fields = tuple(dict.fromkeys(self.FIELD.findall(template)))
        super().__init__(self.spelled(str))

    def spelled(self, spell) -> str:
        """The message with each parameter ``name`` written as ``spell(name)``."""
        return self.FIELD.sub(lambda m: spell(m.group(1)), self.template)


class WordlelabWarning(UserWarning):
    """Something the user should know that is not an error (the CLI shows it as one line)."""


def check_choice(value, choices, what: str):
    """``value`` if it is one of ``choices``, else WordleError naming them.

    >>> check_choice("cpsat", ("cpsat", "cbc"), "solver")
    'cpsat'
    """
    if value not in choices:
        raise WordleError(f"unknown {what} {value!r}; choose one of {', '.join(map(str, choices))}")
    return value


def check_words(words, known, parameter: str, where: str = "the guess list") -> dict[str, int]:
    """The words a user named (lower case, each once) -> their place in the order given, or
    ParameterError naming the ``parameter`` and those not in ``known`` (``where`` says what it is).

    >>> check_words(["Salet", " crane", "salet", ""], {"salet", "crane"}, "words")
    {'salet': 0, 'crane': 1}
    >>> check_words(["qqqqq"], {"salet"}, "words")
    Traceback (most recent call last):
    ...
    wordlelab.errors.ParameterError: words: not in the guess list: QQQQQ (give them comma-separated)
    """
    named = list(dict.fromkeys(w.strip().lower() for w in words if w.strip()))
    if not named:
        raise ParameterError(f"{{{parameter}}}: no word given")
    strangers = [w.upper() for w in named if w not in known]
    if strangers:
        raise ParameterError(f"{{{parameter}}}: not in {where}: {', '.join(strangers)} (give them comma-separated)")
    return {w: i for i, w in enumerate(named)}


def install_command(extra: str) -> str:
    """The pip command that adds the optional dependencies ``extra`` to this installation.

    Relies on the layout of a checkout: a ``pyproject.toml`` beside the ``wordlelab`` package folder
    means wordlelab runs from its sources (installed with ``pip install -e .``), where
    ``pip install 'wordlelab[extra]'`` would look for wordlelab on PyPI instead.
    """
    from pathlib import Path
    checkout = Path(__file__).resolve().parents[1]
    if (checkout / "pyproject.toml").is_file():
        return f'pip install -e ".[{extra}]" (in {checkout})'
    return f"pip install 'wordlelab[{extra}]'"
