"""Rankings with proof: every first word, the best fixed pair, hints from a state, and the analysis of play.

Each value in a ranking is an exact least total proven by the searcher with a verified tree, or
a lower bound the searcher proved; the two are never mixed.
"""
