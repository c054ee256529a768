"""The compiled engine: numba kernels over answer subsets, their tables, and the node table.

Everything a search runs per node lives here; nothing here imports the searcher or a campaign.
:mod:`.kernels` loads each kernel ahead-of-time compiled where built, else numba's JIT one.
"""
