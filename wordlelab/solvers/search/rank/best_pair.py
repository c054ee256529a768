"""The best fixed pair of first words, with proof: exact totals for the best K pairs, bounds for the rest.

Two first words played blind (the second whatever the first's colours; easy mode, since hard
mode constrains the second by the first's colours) are a strategy whose total is computed by
:func:`~wordlelab.solvers.search.engine.pair_core.pair_value`. Every unordered pair is one of two
orders, and they differ only when exactly one word is an answer: the better order plays that
word first. Two sweeps, one task per word, resumable (each has its checkpoint):

1. for every word w, the least bound ``c + 4N - 3m - K`` of a pair with w
   (:mod:`~wordlelab.solvers.search.engine.pair_core`), one pass over the answers per pair;
2. the words in order of that least bound; a word's task takes its pairs with every word
   after it in that order (so each pair is taken once), and evaluates those whose bound is
   below the cutoff, exactly, in order of their bound. The cutoff is one more than the K-th
   best exact total known: found in this task, sent with it from earlier tasks, or lowered
   while it runs by the sweep's live cutoff. A word whose least bound reaches the cutoff is
   settled without a run: none of its pairs can enter the K best.

A task answers with its pairs below the cutoff, exactly, and one proven lower bound for every
other pair it holds. So when the sweep ends, the K best exact totals are the K best pairs, and
every pair not listed is at least the least of those bounds. The best pair's strategy is built
class by class with the native searcher and re-checked by the independent verifier
(:func:`~wordlelab.models.verify.verify_tree`) before the answer is returned.
"""
from __future__ import annotations

import functools
import heapq
import time

import numpy as np

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.result import Result, Status
from wordlelab.models.stats import BestPairStats
from wordlelab.models.tree import Tree
from wordlelab.models.verify import verify_tree
from wordlelab.solvers.search.native import INF, NativeSearcher, word_path
from wordlelab.solvers.search.engine.node_table import SharedArray, table_shape
from wordlelab.solvers.search.engine.pair_core import pair_class_counts, pair_value
from wordlelab.solvers.runtime.sweep import Sweep, executor, prewarm, run_sweep

SWEEP_NAME = "best-pair"
TABLE_ENTRIES = 1 << 23


def pair_order(searcher: NativeSearcher) -> list[int]:
    """Every guess, most classes of the answers first (ties: an answer first, then the list's order)."""
    node = searcher.root()
    from wordlelab.solvers.search.engine import search_core as core
    k, hit, _ = core.scan(searcher.MT, node.H, node.L, searcher.R)
    return sorted(range(len(searcher.lists.guesses)), key=lambda g: (-int(k[g]), -int(hit[g]), g))


class PairState:
    """A worker's tables: the searcher, the sweep order and the cutoff."""

    def __init__(self, lists, max_guesses, table=None, live=None, order=None):
        self.searcher = NativeSearcher(lists, "easy", max_guesses, cache_entries=TABLE_ENTRIES,
                                       table=None if table is None else table.array)
        self.table, self.live = table, live
        self.root = self.searcher.root()
        self.L = self.searcher.child_guesses(self.root)
        # the order of the pairs' sweep (words with the least pair bounds first); by classes until known
        self.order = np.array(pair_order(self.searcher) if order is None else
                              [self.searcher.guess_index[w] for w in order], np.int32)
        self.position = {int(g): i for i, g in enumerate(self.order)}
        answer = np.zeros(len(lists.guesses), bool)
        answer[self.searcher.ans_guess] = True
        self.is_answer = answer
        self.n = len(lists.answers)
        self.max_guesses = max_guesses


def _init(lists, max_guesses, table_ref=None, live_ref=None, order=None):
    table = SharedArray.attach(table_ref) if table_ref else None
    live = SharedArray.attach(live_ref) if live_ref else None
    return PairState(lists, max_guesses, table, live, order)


def ordered(is_answer, a: int, b: int) -> tuple[int, int]:
    """The better order of a pair: an answer first when only one of the two is an answer."""
    return (b, a) if is_answer[b] and not is_answer[a] else (a, b)


def bounds_after(st: PairState, g1: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(firsts, seconds, bounds) of every pair of g1 with a word after it in the sweep order."""
    others = st.order[st.position[g1] + 1:]
    k = pair_class_counts(st.searcher.MT, st.root.H, g1, others).astype(np.int64)
    a1, a2 = st.is_answer[g1], st.is_answer[others]
    # the better order: an answer first (1 guess), the other second (2)
    swap = a2 & ~a1
    firsts = np.where(swap, others, g1).astype(np.int32)
    seconds = np.where(swap, g1, others).astype(np.int32)
    cost = st.is_answer[firsts] * 1 + st.is_answer[seconds] * 2
    m = a1.astype(np.int64) + a2
    return firsts, seconds, cost + 4 * st.n - 3 * m - k


class BoundState:
    """A worker's tables for the bounds: the answers x guesses matrix and which guesses are answers."""

    def __init__(self, lists):
        from wordlelab.models.matrix import pattern_matrix
        self.MT = np.ascontiguousarray(pattern_matrix(lists, transposed=True))
        self.H = np.arange(len(lists.answers), dtype=np.int32)
        self.all = np.arange(len(lists.guesses), dtype=np.int32)
        self.is_answer = np.zeros(len(lists.guesses), bool)
        self.is_answer[np.array(lists.answer_columns(), np.int64)] = True
        self.n, self.guesses, self.guess_index = len(lists.answers), lists.guesses, lists.guess_index()


def _least_bound(st: BoundState, word: str, beta=None):
    """[the least bound of a pair of ``word`` with any other word, that word]."""
    g1 = st.guess_index[word]
    others = np.concatenate([st.all[:g1], st.all[g1 + 1:]])
    k = pair_class_counts(st.MT, st.H, g1, others).astype(np.int64)
    a1, a2 = st.is_answer[g1], st.is_answer[others]
    swap = a2 & ~a1
    cost = np.where(swap, 1, a1 * 1) + np.where(swap, 2 * a1, 2 * a2)
    bounds = cost + 4 * st.n - 3 * (a1.astype(np.int64) + a2) - k
    t = int(np.argmin(bounds))
    return [int(bounds[t]), st.guesses[others[t]]]


def _check_bound(words, key, value):
    from wordlelab.solvers.runtime.checkpoint import check_int
    if words is not None and key not in words:
        raise ValueError("not a word of this question")
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[1], str)):
        raise ValueError("must be [bound, word]")
    check_int(value[0], "the bound")


def least_bounds(lists, max_guesses, ex, checkpoint, progress_bar) -> dict[str, int]:
    """Sweep 1: every word's least pair bound (checkpointed beside the pairs' checkpoint)."""
    import contextlib
    question = {**checkpoint_question(lists, max_guesses, 0), "kind": SWEEP_NAME + "-bounds"}
    question.pop("top")
    path = None if not checkpoint else str(checkpoint) + ".bounds"
    words = list(lists.guesses)
    sweep = Sweep(SWEEP_NAME + "-bounds", question, words, BoundState, (lists,), _least_bound,
                  validate=functools.partial(_check_bound, frozenset(words)))
    bar = progress_bar("pair bounds", len(words)) if progress_bar else contextlib.nullcontext(None)
    with bar as advance:
        done = run_sweep(sweep, ex, path, advance)
    return {w: int(v[0]) for w, v in done.items()}


def _skip(least, word, beta):
    return [[], int(least[word])] if beta is not None and least[word] >= beta else None


def _run(st: PairState, word: str, beta, top: int):
    """[[first, second, total] for the pairs of ``word`` below the cutoff, exact; a bound for the rest]."""
    s = st.searcher
    beta = INF if beta is None else int(beta)
    live = np.full(1, INF, np.int64) if st.live is None else st.live.array
    firsts, seconds, bounds = bounds_after(st, s.guess_index[word])
    order = np.argsort(bounds, kind="stable")
    exact, best = [], []            # best: the ``top`` best exact totals of this task (a max-heap)
    rest = INF
    for t in order:
        cutoff = min(beta, int(live[0]), -best[0] + 1 if len(best) >= top else INF)
        b = int(bounds[t])
        if b >= cutoff:
            rest = min(rest, b)     # and every later pair's bound is at least b
            break
        v = int(pair_value(st.root.H, firsts[t], seconds[t], st.L, st.max_guesses, cutoff, live, s.tables,
                           s.cache, s.stats))
        if v < min(cutoff, int(live[0])):
            exact.append([s.lists.guesses[firsts[t]], s.lists.guesses[seconds[t]], v])
            heapq.heappush(best, -v)
            if len(best) > top:
                heapq.heappop(best)
        else:
            rest = min(rest, v)
    return [exact, int(rest)]


def _merge(old, new):
    """Exact pairs of both; the larger bound for the others (both are proven for every pair neither lists)."""
    seen = {(a, b) for a, b, _ in old[0]}
    return [old[0] + [p for p in new[0] if (p[0], p[1]) not in seen], max(old[1], new[1])]


def _cutoff(top, results, seed=INF):
    totals = heapq.nsmallest(top, (v for exact, _ in results.values() for _, _, v in exact))
    return min(totals[-1] + 1 if len(totals) >= top else INF, seed)


def _cutoff_known(top, results):
    return _cutoff(top, results) < INF


def _check_entry(words, key, value):
    from wordlelab.solvers.runtime.checkpoint import check_int
    if words is not None and key not in words:
        raise ValueError("not a first word of this question")
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], list)):
        raise ValueError("must be [[[first, second, total], ...], bound]")
    for p in value[0]:
        if not (isinstance(p, list) and len(p) == 3 and isinstance(p[0], str) and isinstance(p[1], str)):
            raise ValueError("a pair must be [first, second, total]")
        check_int(p[2], "a pair's total")
    check_int(value[1], "the bound")


def _describe(results):
    totals = [v for exact, _ in results.values() for _, _, v in exact]
    return f"best {min(totals)}" if totals else ""


def checkpoint_question(lists, max_guesses: int, top: int) -> dict:
    """What a best-pair checkpoint answers (the cutoff, hence what is exact, depends on ``top``)."""
    from wordlelab.solvers.runtime.checkpoint import lists_question
    return {"kind": SWEEP_NAME, "lists": lists_question(lists), "mode": "easy", "max_guesses": max_guesses,
            "top": top}


def pair_tree(searcher: NativeSearcher, first: str, second: str) -> Tree:
    """The strategy of a pair: ``first``, then ``second`` whatever the colours, then the best tree of each class.

    Built from each answer's path of guesses: the pair, then the native search's best guess at
    each node of its class (the paths are turned into a tree from the words themselves, and the
    caller has it checked by the verifier).
    """
    from wordlelab.models.tree import tree_from_paths
    from wordlelab.solvers.search.engine import search_core as core
    from wordlelab.solvers.search.engine.pair_core import pair_classes
    s, lists = searcher, searcher.lists
    g1, g2 = s.guess_index[first], s.guess_index[second]
    H = np.arange(len(lists.answers), dtype=np.int32)
    L = s.child_guesses(s.root())
    depth = s.max_guesses + 1
    paths = np.full((len(lists.answers), depth), -1, np.int32)
    paths[:, 0], paths[:, 1] = g1, g2
    members, starts, sizes, _ = pair_classes(s.MT, H, g1, g2)
    stack = [(members[starts[c]:starts[c] + sizes[c]].copy(), s.max_guesses - 2, 2) for c in range(len(sizes))]
    while stack:
        sub, d, at = stack.pop()
        v, best = s.min_sum(sub, L, d, INF, 0)
        if v >= INF:
            raise WordleError(f"internal error: a class of the ranked pair {first} {second} has no strategy")
        paths[sub, at] = best
        if len(sub) == 1 and s.ans_guess[sub[0]] == best:
            continue
        ms, ss, zs, _ = core.classes_of(s.MT, sub, best)
        stack.extend((ms[ss[c]:ss[c] + zs[c]].copy(), d - 1, at + 1) for c in range(len(zs)))
    words = lists.guesses
    return tree_from_paths(lists.answers, [word_path(paths[a], words, lists.answers[a])
                                           for a in range(len(lists.answers))])


def run_best_pair(lists, max_guesses: int = 6, top: int = 10, checkpoint=None, workers: int = 1,
                  progress_bar=None, announce=None, dask_address=None, limit: int | None = None,
                  executor_kind=None) -> Result:
    """The ``top`` best fixed pairs, exact, with a proven bound for every other pair.

    OPTIMAL: ``value`` = ``bound`` = the best pair's total, certified by its tree (first word,
    second word on every branch, then the best tree of each class), checked by the independent
    verifier. ``stats`` is a :class:`~wordlelab.models.stats.BestPairStats`: ``stats.pairs`` lists the
    exact pairs, best first; ``stats.others_at_least`` bounds every pair not listed. ``limit`` takes
    only the first words that many places into the sweep order, with each later word (a partial answer, said so in ``stats.partial``).

    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade")
    >>> r = run_best_pair(WordLists("eight", words, words), top=2)
    >>> r.status.value, r.value, len(r.stats.pairs), r.verified
    ('OPTIMAL', 21, 2, True)
    """
    if top < 1:
        raise ParameterError("{top} must be at least 1")
    if max_guesses < 3:
        raise WordleError("a fixed pair needs a guess limit of at least 3")
    t0 = time.perf_counter()
    question = checkpoint_question(lists, max_guesses, top)
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    load_checkpoint(checkpoint, question, functools.partial(_check_entry, None))
    ex = executor(executor_kind, workers, dask_address)
    table = live = None
    warming: list = []
    try:
        if ex.name != "inprocess":
            table, live = SharedArray.create(table_shape(TABLE_ENTRIES)), SharedArray.create((1,))
            live.array[0] = INF
        refs = (table and table.ref, live and live.ref)
        least = least_bounds(lists, max_guesses, ex, checkpoint, progress_bar)
        order = sorted(lists.guesses, key=lambda w: (least[w], w))
        warming = prewarm(ex, SWEEP_NAME, _init, (lists, max_guesses, *refs, order))
        st = PairState(lists, max_guesses, order=order)
        words = order[:limit] if limit else order
        sweep = Sweep(SWEEP_NAME, question, words, _init, (lists, max_guesses, *refs, order),
                      functools.partial(_run, top=top), _merge, functools.partial(_cutoff, top),
                      functools.partial(_skip, least), _describe, warmup=1,
                      cutoff_known=functools.partial(_cutoff_known, top),
                      validate=functools.partial(_check_entry, frozenset(words)))

        def publish(key, result, executor_used):
            if live is not None:
                live.array[0] = min(int(live.array[0]), _cutoff(top, sweep.results))

        if ex.dashboard and announce:
            announce(f"dask dashboard: {ex.dashboard}")
        import contextlib
        bar = progress_bar("first words", len(words)) if progress_bar else contextlib.nullcontext(None)
        with bar as advance:
            done = run_sweep(sweep, ex, checkpoint, advance, publish)
    finally:
        del warming
        ex.close()
        for shared in (table, live):
            if shared is not None:
                shared.unlink()
    pairs = sorted((tuple(p) for exact, _ in done.values() for p in exact), key=lambda p: (p[2], p[0], p[1]))
    listed = pairs[:top]
    others = min([rest for _, rest in done.values()] + [p[2] for p in pairs[top:]], default=INF)
    n = len(lists.answers)
    stats = BestPairStats(n, top, len(words), bool(limit),
                          [{"first": a, "second": b, "total": v, "average": round(v / n, 4)} for a, b, v in listed],
                          others_at_least=None if others >= INF else int(others), checkpoint=checkpoint,
                          from_checkpoint=len(sweep.resumed), executor=ex.name, workers=ex.workers)
    asked = {"kind": SWEEP_NAME, "lists": lists.name, "mode": "easy", "max_guesses": max_guesses, "top": top,
             "limit": limit}
    # the pairs and bounds of a checkpoint this installation did not write are claims
    rests = [] if sweep.sealed or not sweep.resumed else [
        f"{checkpoint}: the pair totals and bounds of {len(sweep.resumed)} first words, not re-proved here: the "
        f"file was not written by this installation"]
    if not listed:
        return Result(asked, "native", Status.INFEASIBLE, seconds=time.perf_counter() - t0,
                      stats=stats).rest_on(rests)
    first, second, total = listed[0]
    tree = pair_tree(st.searcher, first, second)
    report = verify_tree(tree, lists.answers, lists.guesses, "easy", (), max_guesses)
    if report.total != total:
        raise WordleError(f"internal error: the sweep gives {first} {second} a total of {total}, its tree "
                          f"{report.total}")
    stats.histogram = {str(k): v for k, v in sorted(report.histogram.items())}
    return Result(asked, "native", Status.OPTIMAL, total, total, tree, "tree", True, time.perf_counter() - t0,
                  stats).rest_on(rests)

