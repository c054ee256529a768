"""``python -m wordlelab`` is the ``wordlelab`` command."""
from wordlelab.cli import main

main()
