"""The one exception type the CLI turns into a one-line error and exit code 2."""


class WordleError(ValueError):
    """Bad input or an impossible question: shown to the user as one line."""
