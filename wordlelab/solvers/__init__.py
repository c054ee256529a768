"""Solvers: run models behind one interface, and the native exhaustive searcher."""
