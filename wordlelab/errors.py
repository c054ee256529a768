"""The one exception type the CLI turns into a one-line error and exit code 2."""


class WordleError(ValueError):
    """Bad input or an impossible question: shown to the user as one line."""


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
