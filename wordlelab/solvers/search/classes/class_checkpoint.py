"""A first word's classes proven one at a time, each kept in a checkpoint as soon as it is proven.

The theorem it relies on: with the first guess g fixed, the least total over a node's answers H
is |H| plus the sum, over the classes of g's split, of each class's least total, where a class
is a game of its own (its answers, the guesses its mode allows after g's pattern, one guess
fewer). Classes proven in different runs therefore add up, and a long search (THUMP in hard mode
with every word an answer, hours) loses at most the class it was working on when stopped.

A class's entry holds its least total and each of its answers' guesses after g, so the strategy is
rebuilt without searching again. Whatever their source, the rebuilt tree is checked by the
independent verifier before the total is returned, and its total must equal the sum of the values.

The classes are also independent tasks: :func:`solve_classes_on_workers` runs them on the sweep layer
(local processes sharing one node table, or dask), smallest first, and the parent keeps each
result in the checkpoint as it arrives. A Ctrl-C stops the run at once either way: the parent
ends its processes, and in one process the watcher cuts the class's search short
(``NativeSearcher._stoppable``); the class in hand is searched again by the next run.

>>> from wordlelab.instances.wordlists import WordLists
>>> from wordlelab.solvers.search.native import NativeSearcher
>>> s = NativeSearcher(WordLists("demo", ("crate", "slate", "trace"), ("crate", "slate")))
>>> node = s.root("trace")
>>> question(s, node)["kind"], question(s, node)["start"]
('min-total-classes', 'trace')
"""
from __future__ import annotations

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.feedback import pattern_string


def question(searcher, node) -> dict:
    """What a class checkpoint answers: the lists, mode, guess limit and the node's first guess."""
    from wordlelab.solvers.runtime.checkpoint import lists_question
    return {"kind": "min-total-classes", "lists": lists_question(searcher.lists), "mode": searcher.mode,
            "max_guesses": searcher.max_guesses, "start": node.start,
            "history": [[w, pattern_string(int(p))] for w, p in node.history], "answers": len(node.H)}


class ClassStore:
    """The checkpoint's classes for one node and first guess: pattern (``BGYBB``) -> entry.

    An entry is ``{"value": least total of the class, "paths": [each answer's guesses after the
    first, space-separated, in the order of the class's answers]}``.
    """

    def __init__(self, path, searcher, node, classes: dict):
        from wordlelab.solvers.runtime.checkpoint import load_checkpoint
        self.path, self.searcher = path, searcher
        self.question = question(searcher, node)
        self.classes = classes                       # pattern string -> the class's answers (indices)
        self.max_len = node.d - 1                    # guesses after the first
        self.entries = load_checkpoint(path, self.question, self._check)
        self.resumed = len(self.entries)
        # pattern -> the file its least total was taken from, unchecked: a file this installation
        # did not write (no valid seal), whose values are claims (see solvers/runtime/checkpoint.py)
        self.unsealed: dict[str, str] = {} if self.entries.sealed else {k: str(path) for k in self.entries}
        # pattern -> a proven lower bound on the class's least total, from a ranking that bounds
        # every guess of the class (best-start --cutoff); never written to the file, which keeps
        # least totals only
        self.bounds: dict[str, int] = {}

    def _check(self, key, value) -> None:
        from wordlelab.solvers.runtime.checkpoint import check_int
        if key not in self.classes:
            raise ValueError("not a pattern of this first guess's split")
        if not isinstance(value, dict) or set(value) != {"value", "paths"}:
            raise ValueError('must be {"value", "paths"}')
        members = self.classes[key]
        check_int(value["value"], "the value", len(members))
        paths = value["paths"]
        if not isinstance(paths, list) or len(paths) != len(members) or not all(isinstance(p, str) for p in paths):
            raise ValueError("paths must list one string of guesses per answer of the class")
        # the value is the class's total: its answers' guesses after the first, counted
        if value["value"] != sum(len(p.split()) for p in paths):
            raise ValueError(f"the value {value['value']} is not the total of its paths")
        index = self.searcher.guess_index
        for a, p in zip(members, paths):
            words = p.split()
            if not words or words[-1] != self.searcher.lists.answers[a] or any(w not in index for w in words):
                raise ValueError(f"bad path {p!r}: guesses of the list, ending with the answer")
            if len(words) > self.max_len:
                raise ValueError(f"bad path {p!r}: more than the {self.max_len} guesses left")

    def get(self, pattern: int, paths: np.ndarray, members: np.ndarray) -> int | None:
        """The class's value, its answers' rows of ``paths`` filled from the entry; None if not kept."""
        entry = self.entries.get(pattern_string(int(pattern)))
        if entry is None:
            return None
        index = self.searcher.guess_index
        for a, p in zip(members, entry["paths"]):
            row = [index[w] for w in p.split()]
            paths[a, 1:1 + len(row)] = row
        return int(entry["value"])

    def put(self, pattern: int, value: int, paths: np.ndarray, members: np.ndarray) -> None:
        """Keep a class just proven, with its answers' guesses from ``paths``, and save at once.

        Another run of the same question on the same file (a second sitting started by mistake,
        or another machine's results copied in) may have kept classes since this one loaded it:
        the file is read again under its lock and its classes kept beside this run's. Every entry
        is a proven least total, so two entries of one class have the same value.
        """
        self.entries[pattern_string(int(pattern))] = {"value": int(value),
                                                      "paths": path_rows(self.searcher, paths, members)}
        self.save()

    def save(self) -> None:
        """Write the kept classes, with those another run has kept in the file since it was loaded
        (read again under its lock). Two entries of one class must agree: each is a least total."""
        from wordlelab.solvers.runtime.checkpoint import checkpoint_lock, load_checkpoint, save_checkpoint
        with checkpoint_lock(self.path):
            try:
                others = load_checkpoint(self.path, self.question, self._check)
            except WordleError:           # damaged meanwhile: written over, as a sweep's is
                others = {}
            for key, entry in others.items():
                if key not in self.entries and not getattr(others, "sealed", True):
                    self.unsealed[key] = str(self.path)
                mine = self.entries.setdefault(key, entry)
                if mine["value"] != entry["value"]:
                    raise WordleError(f"checkpoint {self.path} gives class {key} a least total of "
                                      f"{entry['value']}, this run {mine['value']}: one of them is not "
                                      f"what it claims")
            save_checkpoint(self.path, self.question, self.entries)


def path_rows(searcher, paths: np.ndarray, members) -> list[str]:
    """The answers' guesses after the first, as the checkpoint keeps them (space-separated words)."""
    from wordlelab.models.tree import word_path
    words, answers = searcher.lists.guesses, searcher.lists.answers
    return [" ".join(word_path(paths[a], words, answers[a])[1:]) for a in members]


# ---- the classes as sweep tasks
SWEEP_NAME = "min-total-classes"


def _init(searcher_class, lists, mode, max_guesses, start, state, cache_entries, table_ref):
    """A worker's searcher (on the shared node table where it can reach it) and the classes' lists.

    ``searcher_class`` is the client's (NativeSearcher, which imports this module: it is passed,
    not imported, so the two modules do not import each other)."""
    from wordlelab.solvers.search.engine.kernels import K
    from wordlelab.solvers.search.engine.node_table import SharedArray
    table = SharedArray.attach(table_ref) if table_ref else None
    searcher = searcher_class(lists, mode, max_guesses, cache_entries=cache_entries,
                              table=None if table is None else table.array)
    node = searcher.root(start, state)
    g = searcher.guess_index[node.start]
    members, starts, sizes, pats, Lchild = K.child_lists_after(node.H, node.L, g, searcher.tables)
    classes = {pattern_string(int(pats[c])): (members[starts[c]:starts[c] + sizes[c]].copy(),
                                               searcher.child_list(Lchild, g, pats[c]))
               for c in range(len(sizes))}
    return searcher, node, g, classes, table


def _run(state, key, _cutoff) -> dict:
    """One class: {"value": its least total, "paths": its answers' guesses}, or paths None if it has
    no strategy within the limit (value INF or more)."""
    from wordlelab.solvers.search.engine.tables import INF
    searcher, node, g, classes, _ = state
    sub, Lc = classes[key]
    v, _ = searcher.min_sum(sub, Lc, node.d - 1, INF, 0)
    if v >= INF:
        return {"value": int(v), "paths": None}
    paths = searcher.new_paths(node, g)
    if not searcher.fill_min_paths(paths, [(sub.copy(), Lc, node.d - 1, 1)], 0):
        raise WordleError("internal error: a class just proven has no strategy")
    return {"value": int(v), "paths": path_rows(searcher, paths, sub)}


def _proven(results: dict) -> dict:
    """The results a checkpoint keeps: classes with a strategy."""
    return {k: v for k, v in results.items() if v["paths"] is not None}


def solve_classes_on_workers(store: ClassStore, searcher, start, state, sizes: dict, workers: int, dask_address=None,
                  progress=None) -> bool:
    """Prove every class not in ``store`` on workers, adding each to ``store`` (and its checkpoint file).

    ``sizes`` maps each class's pattern to its size (the smallest are sent first). Returns False if
    some class has no strategy within the limit (nothing more is needed then).
    """
    from wordlelab.solvers.search.engine.node_table import SharedArray, table_shape
    from wordlelab.solvers.runtime.sweep import Sweep, executor, prewarm, run_sweep
    # small classes first, as in one process: a stopped run has kept as many as it could (the
    # largest take most of the time whatever the order, and run side by side at the end)
    keys = sorted(sizes, key=lambda k: (sizes[k], k))
    ex = executor(None, workers, dask_address)
    # the processes of this machine (a pool, a LocalCluster) share one table; others keep their own
    table = SharedArray.create(table_shape(searcher.cache_entries)) if ex.name != "inprocess" else None
    init_args = (type(searcher), searcher.lists, searcher.mode, searcher.max_guesses, start, state,
                 searcher.cache_entries, table and table.ref)
    sweep = Sweep(SWEEP_NAME, store.question, keys, _init, init_args, _run, validate=store._check,
                  pack=_proven, describe=lambda results: f"{len(results)} classes proven")
    try:
        warming = prewarm(ex, SWEEP_NAME, _init, init_args)  # noqa: F841  (kept until the sweep ends)
        results = run_sweep(sweep, ex, store.path, progress)
    finally:
        ex.close()
        if table is not None:
            table.unlink()      # processes still attached keep their mapping until they exit
    store.entries.update(_proven(results))
    return all(v["paths"] is not None for v in results.values())


# ---- a class settled by a ranking of its state
def class_from_ranking(store: ClassStore, searcher, node, path) -> str | None:
    """Keep in ``store`` the class that a finished ranking of its state settles; returns its pattern
    (None when the ranking only bounds a class whose least total the file already holds).

    The theorem: a class's least total is the least, over the guesses allowed in it, of the total
    with that guess played next. A ``best-start --state START.PATTERN`` checkpoint (the class's
    state, same lists, mode and guess limit) that holds every candidate guess of the class, the
    best with an exact total V and every other with an exact total or a proven lower bound of at
    least V, therefore proves V the class's least total. (A guess that neither splits the class
    nor may be its answer is no candidate: it learns nothing, and is never needed.) A class too
    large to prove in one sitting (THUMP's BBBBB in hard mode, 4894 answers) is ranked that way,
    a guess at a time and resumable, then taken from here. The best guess's strategy is searched
    again and checked by the verifier; the whole tree is verified again with the other classes.

    The same theorem gives a bound: if the least of the candidates' entries is a bound B rather
    than an exact total (a ranking made with ``--cutoff``, which bounds every guess at or above
    its cutoff), the class's least total is at least B. The class is then kept in
    ``store.bounds``, not in the file, and the first word's total gets only a lower bound. If
    no candidate has a strategy within the limit, neither has the class, nor the first word
    (its ``store.bounds`` entry is INF, and the word's search answers INFEASIBLE).
    """
    from wordlelab.models.result import Status
    from wordlelab.solvers.search.engine.tables import INF
    state = ranking_state(path)
    pattern, value, bounded, best, sealed = ranking_least(store, searcher, node, path)
    if not sealed:
        store.unsealed.setdefault(pattern, str(path))
    kept = store.entries.get(pattern)
    if value >= INF:
        # no guess has a strategy within the limit: nor has the class, nor the first word
        if kept is not None:
            raise WordleError(f"{path}: no guess after {state} finds every answer within the limit, the checkpoint "
                              f"{store.path} gives it a least total of {kept['value']}: one of the two files is "
                              f"not what it claims")
        store.bounds[pattern] = INF
        return pattern
    if bounded:
        if kept is not None and kept["value"] < value:
            raise WordleError(f"{path} bounds {state} at {value} or more, the checkpoint {store.path} gives it a "
                              f"least total of {kept['value']}: one of the two files is not what it claims")
        if kept is None:
            store.bounds[pattern] = max(int(value), store.bounds.get(pattern, 0))
            return pattern
        return None            # the file's least total settles the class; the bound only agrees
    bound = store.bounds.pop(pattern, None)       # another ranking's bound of the same class
    if bound is not None and bound > value:
        raise WordleError(f"{path} gives {state} a least total of {value}, another ranking bounds it at {bound} "
                          f"or more: one of the two files is not what it claims")
    if kept is not None:
        if kept["value"] != value:
            raise WordleError(f"{path} gives {state} a least total of {value}, the checkpoint {store.path} "
                              f"{kept['value']}: one of the two files is not what it claims")
        return pattern
    r = searcher.solve(start=best, state=state)
    if r.status != Status.OPTIMAL or r.value != value or not r.verified:
        raise WordleError(f"internal error: {path} ranks {best} at {value}, its verified tree gives {r.value}")
    by_answer = {p[-1][0]: " ".join(w for w, _ in p) for p in r.certificate.paths()}
    entry = {"value": int(value), "paths": [by_answer[searcher.lists.answers[a]] for a in store.classes[pattern]]}
    store._check(pattern, entry)
    store.entries[pattern] = entry
    store.save()
    return pattern


def ranking_least(store: ClassStore, searcher, node, path) -> tuple:
    """The class a finished ranking ranks (its pattern after ``node``'s first guess) and its least
    entry: ``(pattern, value, bounded, guess, sealed)``, an exact total before a bound of the same
    value; ``sealed``: whether this installation wrote the ranking (else its values are claims).
    Refuses a ranking of another state, of other lists, or not finished."""
    import functools

    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    from wordlelab.solvers.search.classes.ranking_checkpoint import check_entry, checkpoint_question
    state = ranking_state(path)
    prefix = ".".join([f"{w}.{pattern_string(int(p))}" for w, p in node.history] + [node.start])
    pattern = state[len(prefix) + 1:] if isinstance(state, str) and state.startswith(prefix + ".") else None
    if pattern not in store.classes:
        raise WordleError(f"{path} ranks the guesses after {state!r}, not after a score of {prefix}")
    question = checkpoint_question(searcher.lists, searcher.mode, searcher.max_guesses, state=state)
    entries = load_checkpoint(path, question, functools.partial(check_entry, None))
    cnode = searcher.root(None, state)
    candidates = [searcher.lists.guesses[g] for _, g in searcher.candidate_order(cnode)]
    missing = [w for w in candidates if w not in entries]
    if missing:
        raise WordleError(f"{path}: the ranking of {state} is not finished: {len(missing)} of its "
                          f"{len(candidates)} guesses are not ranked yet")
    value, bounded, best = min((entries[w][0], not entries[w][1], w) for w in candidates)
    return pattern, value, bounded, best, entries.sealed


def ranking_state(path) -> str:
    """The game state a ``best-start --state`` checkpoint ranks the guesses after."""
    import json
    try:
        with open(path) as f:
            state = json.load(f)["question"]["state"]
    except (OSError, ValueError, KeyError, TypeError):
        state = None
    if not isinstance(state, str):
        raise WordleError(f"{path} is not a checkpoint of best-start from a game state")
    return state


def finished_total(searcher, path, state: str | None = None, class_rankings: tuple = ()):
    """The first guess of a finished class checkpoint and its least total, as a verified Result.

    Every class of the guess's split must be in the file (``solve --start W --checkpoint F`` that
    ran to the end, a class ranking included) or settled by one of ``class_rankings`` (finished
    ``best-start --state`` checkpoints of its classes, as ``solve --class-ranking`` takes them):
    the total is then the sum of the kept classes' values plus the answers, by the theorem above,
    and :meth:`NativeSearcher.solve` rebuilds the tree from the file and verifies it before
    returning, without searching. A best-start ranking takes it as that guess's exact total
    (``best-start --class-checkpoint``). ``state``: the ranking's game state; the file's first
    guess comes after it. A ranking made with ``--cutoff`` that only bounds its class gives an
    ``UNKNOWN`` Result whose ``bound`` is a proven lower bound on the total, without a tree.

    An unfinished file is refused: finishing it is a search of its own (hours, for THUMP's BBBBB).
    """
    import json

    from wordlelab.models.result import Status
    from wordlelab.solvers.search.engine.kernels import K
    from wordlelab.solvers.search.engine.tables import INF
    try:
        with open(path) as f:
            start = json.load(f)["question"]["start"]
    except (OSError, ValueError, KeyError, TypeError):
        raise WordleError(f"{path} is not a class checkpoint (made by solve with a start word and a checkpoint)") from None
    if not isinstance(start, str) or start not in searcher.guess_index:
        raise WordleError(f"{path}: its first guess {start!r} is not a guess of {searcher.lists.name}")
    node = searcher.root(start, state)
    g = searcher.guess_index[start]
    members, starts, sizes, pats, _ = K.child_lists_after(node.H, node.L, g, searcher.tables)
    classes = {pattern_string(int(pats[c])): members[starts[c]:starts[c] + sizes[c]] for c in range(len(sizes))}
    store = ClassStore(path, searcher, node, classes)      # refuses another question or a damaged file
    prefix = ".".join([f"{w}.{pattern_string(int(p))}" for w, p in node.history] + [start])
    ranked = {ranking_state(r)[len(prefix) + 1:] for r in class_rankings}
    missing = sorted(set(classes) - set(store.entries) - ranked, key=lambda k: -len(classes[k]))
    if missing and not any(ranking_least(store, searcher, node, r)[1] >= INF for r in class_rankings):
        # (a class that a ranking proves to have no strategy settles the word whatever the others hold)
        raise WordleError(f"class checkpoint {path} is not finished: {len(missing)} of the {len(classes)} classes "
                          f"after {start} have no value yet ({', '.join(missing[:3])}"
                          f"{', ...' if len(missing) > 3 else ''}); solve with start word {start} and this checkpoint "
                          f"finishes it")
    result = searcher.solve(start=start, state=state, checkpoint=path, class_rankings=tuple(class_rankings))
    if result.status == Status.UNKNOWN and result.stats.class_bounds and \
            (result.bound is not None or result.stats.claimed_bound is not None):
        return start, result
    if Status.INFEASIBLE in (result.status, result.claimed) and result.stats.class_bounds:
        return start, result        # a class ranking whose every guess has no strategy within the limit
    if result.status == Status.FEASIBLE and result.claimed == Status.OPTIMAL and result.verified:
        return start, result        # verified, its least total resting on files named in rests_on
    if result.status != Status.OPTIMAL or not result.verified:
        raise WordleError(f"class checkpoint {path}: its tree for {start} did not pass the verifier ({result.status})")
    return start, result
