"""What every long run shares and no answer depends on: sweeps over many questions, resumable
checkpoints and their logs, and the stop requests of Ctrl-C and SIGTERM.

Nothing here knows a game's rules; the searcher, the depth proofs, the rankings, Eldrow and the
permutation game run on it.
"""
