"""Named instances, word lists and proven reference values."""
