"""Where a depth-first run stands: its frontier and the new states its subtrees brought, from the log.

A run of :func:`~wordlelab.solvers.permutation.depth_first.value_states` values a state only
after all its children, so the states not yet valued form a tree-shaped frontier below the
start. Level 0 is the start (if not valued), and level k + 1 holds the distinct states not yet
valued among the children of level k. Their number and secrets say how much of the game is left.

The log is in the order states were valued, so for two children of one state valued one after
the other, the lines between them are the states the second child's subtree valued first: its
*new* states. Grouped by the child's number of secrets, these samples give the cost of what is
left. Everything here is read from the log and recomputed from the states' own expansions; the
ETA built from it is an estimate, and the report says which figures are measured. A log this
installation did not seal (:mod:`wordlelab.solvers.runtime.checkpoint_log`) gives ``sealed`` false and a
``rests_on`` line: which states it calls valued is its claim.
"""
from __future__ import annotations

from collections import defaultdict

from wordlelab.solvers.runtime.checkpoint_log import load_log
from wordlelab.solvers.permutation.depth_first import check_entry

BUCKET = 250            # secrets per size bucket of the report


def _bucket(secrets: int) -> int:
    return secrets // BUCKET * BUCKET


def frontier(n: int, checkpoint: str, consistent: bool = False, history=(), levels: int = 3,
             max_states: int = 20000) -> dict:
    """The frontier of the run logged in ``checkpoint``, ``levels`` deep (fewer if a level passes
    ``max_states``), and the new states per subtree by size, from its valued siblings.

    >>> import tempfile, os
    >>> from wordlelab.solvers.permutation.depth_first import value_states
    >>> from wordlelab.solvers.permutation import perm_question, root_key
    >>> log = os.path.join(tempfile.mkdtemp(), "p4.log")
    >>> q = dict(perm_question(4, False, ()), kind="perm-values")
    >>> _ = value_states(root_key(4), False, 5, log, q)
    >>> f = frontier(4, log)
    >>> f["valued"], f["levels"]
    (5, [])
    """
    from wordlelab.solvers.permutation import core, perm_question, root_key
    question = dict(perm_question(n, consistent, history), kind="perm-values")
    entries = load_log(checkpoint, question, check_entry)
    line_of = {int(k): i for i, k in enumerate(entries)}
    secrets = {int(k): v[0] for k, v in entries.items()}

    def size(key):
        if key not in secrets:
            rows, k = core.decode(key)
            secrets[key] = int(core.perfect_matchings(rows, k).shape[0])
        return secrets[key]

    def children(key):
        return list(dict.fromkeys(int(x) for x in core.expand(key, bool(consistent), False)[3]))

    root = root_key(n, history)
    level = [] if root in line_of else [root]
    report_levels, samples = [], defaultdict(list)
    for _ in range(levels):
        if not level:
            break
        nxt = {}
        for key in level:
            kids = children(key)
            done = sorted((c for c in kids if c in line_of), key=line_of.get)
            for before, after in zip(done, done[1:]):
                samples[_bucket(size(after))].append(line_of[after] - line_of[before])
            for c in kids:
                if c not in line_of:
                    nxt[c] = None
        buckets = defaultdict(int)
        for key in nxt:
            buckets[_bucket(size(key))] += 1
        report_levels.append({"states": len(nxt), "secrets": sum(size(k) for k in nxt),
                              "by_size": dict(sorted(buckets.items()))})
        level = list(nxt)
        if len(level) > max_states:
            break
    new_states = {b: {"samples": len(v), "median": sorted(v)[len(v) // 2], "mean": round(sum(v) / len(v), 1),
                      "max": max(v)} for b, v in sorted(samples.items())}
    rests = [] if entries.sealed else [f"{checkpoint}: which states are valued, taken unchecked: the log was "
                                       f"not written by this installation"]
    return {"n": n, "valued": len(line_of), "levels": report_levels, "new_states_by_size": new_states,
            "bucket": BUCKET, "sealed": entries.sealed, "rests_on": rests}
