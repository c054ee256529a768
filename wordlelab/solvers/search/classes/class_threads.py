"""The classes of a given first guess, searched on threads of one process.

Why it holds: the total is the sum of the class values, as in the one-thread loop of
``NativeSearcher.min_total``, whichever thread proves each class. The threads share the
searcher's node table, which is lockless and sound to share (``node_table``: every entry is a
proven fact about its node, whoever wrote it, and a torn entry reads as a miss), as the
processes of a sweep share it. Each class's strategy is read from the table right after its
search, by the thread that searched it, and the tree built from all of them goes to the
independent verifier as before.

Why threads work: the compiled search (``search_core.solve``) releases the GIL, so the threads
run at once on separate cores. The kernels write two of their tables during a search
(``Tables.slot`` and ``Tables.eg_count``, scratch restored after each use), so each thread gets
its own copies; the others are only read. The classes' answer sets are disjoint, so no thread
waits for another's nodes.

>>> from wordlelab.instances.wordlists import WordLists
>>> from wordlelab.solvers.search.native import NativeSearcher
>>> words = ["crane", "slate", "pious", "bumpy", "dwelt", "fight", "knock", "zesty"]
>>> s = NativeSearcher(WordLists("tiny", words, words), max_guesses=4)
>>> s.solve(start="crane", threads=2).value == s.solve(start="crane").value
True
"""
from __future__ import annotations

import threading

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.solvers.runtime.interrupt import DeferSignals
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import INF, new_stats


def class_order(sizes: np.ndarray) -> list[int]:
    """The order the threads take classes in: the largest first, so that no big class starts last.

    >>> class_order(np.array([3, 9, 1, 9]))
    [1, 3, 0, 2]
    """
    return [int(c) for c in np.argsort(-sizes, kind="stable")]


def solve_classes_on_threads(searcher, node, g, classes, paths, beam, threads, stop, progress=None):
    """Prove every class of first guess ``g`` at ``node`` on ``threads`` threads and fill ``paths``.

    ``classes`` is ``child_lists_after``'s (members, starts, sizes, pats, Lchild). Returns the
    classes' summed value (INF as soon as one has no strategy within the guesses left: the
    threads then take no new class). The threads' counters are added to ``searcher.stats``;
    ``stop`` (the searcher's Ctrl-C watcher) poisons them too.
    """
    members, starts, sizes, pats, Lchild = classes
    queue = class_order(sizes)
    lock = threading.Lock()
    # failed: a class has no strategy (the total is INF); halt: take no new class (failed, an error
    # in a thread, or the calling thread leaving)
    state = {"total": 0, "failed": False, "halt": False, "done": 0}
    workers = []
    for _ in range(threads):
        stats = new_stats()
        stop.watch(stats)
        tables = searcher.tables._replace(slot=searcher.tables.slot.copy(),
                                          eg_count=searcher.tables.eg_count.copy())
        workers.append((tables, stats))
    errors: list[BaseException] = []

    def work(tables, stats, finished):
        try:
            while True:
                with lock:
                    if not queue or state["halt"]:
                        return
                    c = queue.pop(0)
                sub = members[starts[c]:starts[c] + sizes[c]].copy()
                Lc = searcher.child_list(Lchild, g, pats[c])
                v, _ = K.solve(sub, Lc, node.d - 1, INF, tables, beam, searcher.cache, stats)
                # the class's strategy, read now while its nodes are fresh in the table (rows ``sub`` only);
                # a counter poisoned by Ctrl-C fails it too, and the caller's check comes first
                if v < INF and not K.fill_min_paths(sub, Lc, node.d - 1, 1, paths, tables, beam, searcher.cache,
                                                    stats):
                    raise WordleError("internal error: a class just proven has no strategy")
                with lock:
                    state["total"] += int(v)
                    if v >= INF:
                        state["failed"] = state["halt"] = True
                    state["done"] += 1
        except BaseException as e:        # re-raised in the calling thread; the others stop
            with lock:
                state["halt"] = True
            errors.append(e)
        finally:
            finished.set()                 # the last thing the thread does: it no longer touches the table

    finished = [threading.Event() for _ in workers]
    pool = [threading.Thread(target=work, args=(*w, f), name=f"wordlelab-class-{i}")
            for i, (w, f) in enumerate(zip(workers, finished))]
    told = 0
    try:
        # a Ctrl-C inside Thread.start could leave a thread launched but not yet with an ident,
        # which _wait_all would then not wait for: it would write to the table after the stop
        # has emptied it. Held until every thread has started, the signal cannot fall there.
        with DeferSignals():
            for t in pool:
                t.start()
        # (the threads' own events, not Thread.join: in CPython 3.11 a KeyboardInterrupt inside
        # join's lock wait marks a thread that is still running as stopped, bpo-45274, and every
        # later join returns at once while it goes on writing to the table)
        for f in finished:
            while not f.wait(0.05):
                told = _tell(progress, state, told)
    finally:
        # leaving early (Ctrl-C, whose watcher has poisoned the threads' counters, or any other
        # error here): no thread starts a new class, and none is left running on the table
        with lock:
            state["halt"] = True
        _wait_all(pool, finished)
    _tell(progress, state, told)
    stop.check()                   # a search a Ctrl-C cut short: its values are void
    if errors:
        raise errors[0]
    for _, stats in workers:
        searcher.add_stats(stats)
    return INF if state["failed"] else state["total"]


def _tell(progress, state, told: int) -> int:
    """Report the classes proven since ``told`` (from the calling thread: progress bars are not
    thread-safe); returns the new count."""
    done = state["done"]
    if progress and done > told:
        progress(done - told, info=f"total so far {min(state['total'], INF)}")
    return done


def _wait_all(pool, finished) -> None:
    """Wait until every started thread of ``pool`` has set its event in ``finished``; a Ctrl-C
    meanwhile is raised once all have. Then join them (each has only its exit left)."""
    interrupted = None
    for t, f in zip(pool, finished):
        while t.ident is not None:        # (started)
            try:
                f.wait()
                break
            except KeyboardInterrupt as e:
                interrupted = e
    for t in pool:
        if t.ident is not None:
            t.join(1.0)
    if interrupted is not None:
        raise interrupted
