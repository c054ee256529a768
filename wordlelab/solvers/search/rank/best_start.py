"""Ranking first words with proof, on all cores, resumable from a checkpoint.

Each first word is one task of a :class:`~wordlelab.solvers.runtime.sweep.Sweep`. A task
carries the cutoff known when it is sent (one more than the K-th best exact total
so far), so a word that cannot enter the top K is refuted early and reported with a
proven lower bound. Before any exact total exists, a beam search's K-th best total (a
real strategy's, so an upper bound) is the cutoff, so no worker waits for the first word. Results go to the checkpoint file as they arrive, so a killed
run resumes with nothing computed lost; any executor (in-process, local processes,
dask) gives the same exact top K.

:func:`run_best_start` answers with a :class:`~wordlelab.models.result.Result` (question kind
``best-start``): ``value`` = ``bound`` = the best total (``OPTIMAL``; ``INFEASIBLE`` when no
first word has a strategy within the limit), certified by the verified tree of the best first
word; ``UNKNOWN`` with ``bound`` a proven lower bound when ``cutoff`` asked for bounds only and
no total is below it; ``stats.ranking`` holds every row, exact totals and proven bounds,
with its source.
"""
from __future__ import annotations

import contextlib
import functools
import time
from dataclasses import dataclass

from wordlelab.errors import ParameterError, WordleError, check_words
from wordlelab.models.inputs import ProofInputs
from wordlelab.models.result import Result, Status
from wordlelab.models.settings import Execution
from wordlelab.models.stats import BestStartStats
from wordlelab.solvers.runtime.interrupt import StopOnCtrlC
from wordlelab.solvers.search.native import INF, NativeSearcher, top_cutoff
from wordlelab.solvers.search.engine.node_table import SharedArray, table_shape
from wordlelab.solvers.search.classes.ranking_checkpoint import SWEEP_NAME, check_entry, checkpoint_question
from wordlelab.solvers.runtime.sweep import Sweep, executor, prewarm, run_sweep

# Node-table entries for a sweep: first words reuse each other's nodes, a third of the work
SWEEP_TABLE_ENTRIES = 1 << 23


def _init(lists, mode, max_guesses, table_ref=None, live_ref=None, state=None):
    """A worker's searcher, on the sweep's shared node table and live cutoff where this process can reach them,
    its root (the start of the game, or the node game ``state`` leaves), and its depth probe (:func:`_probe`)."""
    table = SharedArray.attach(table_ref) if table_ref else None
    live = SharedArray.attach(live_ref) if live_ref else None
    searcher = NativeSearcher(lists, mode, max_guesses, cache_entries=SWEEP_TABLE_ENTRIES,
                              table=None if table is None else table.array)
    node = searcher.root(None, state)
    # done here, while a prewarmed pool waits for its first task: the root's child list, and
    # loading the compiled search (a cutoff of 0 stops at the first bound)
    searcher.start_value(node, int(node.L[0]), 0)
    return searcher, node, table, live, _new_probe()


# A first word with no strategy within the guess limit is refuted by the depth search, which
# needs to find one class that fails; the min-sum search finds out only by bounding every
# guess at that class (seconds to minutes a word in hard mode). So each word is first probed
# with this many depth-search nodes. The first words that look best and fail are refuted in a
# few thousand nodes (hard mode on nyt20230701: SALET 3,522, CADRE 5,259, TRIED 5,280, SOLDE
# 6,117; their min-sum searches take 7-13 s), while a probe that does not refute costs up to its
# whole budget: 2^18 nodes took ARARS 11.6 s, where its min-sum search bounded it at the cutoff in
# 0.19 s (16 random words, 2026-11-27: probes 51 s, min-sum 76 s). Words that a probe of 2^18
# refutes but one of 2^14 does not (FLOUR, UPPER) are bounded by the min-sum search in 0.2-3.5 s.
# A worker whose first PROBE_TRIAL probes refuted nothing (easy mode on the usual answer lists)
# stops probing. A worker also skips the probe while its recent min-sum searches (after a probe
# that refuted nothing) cost less than its recent probes that refuted nothing: far down the
# candidate order the cutoff bounds a word in about 0.1 s, where a probe that does not refute
# costs its whole budget, 0.4-1 s (hard mode on nyt20230701, words 10,000 to 14,855 of the
# order, 2026-11-27); a refutable word there is bounded at the cutoff by the min-sum search
# instead (0.04-0.4 s, a proven bound, not a refutation). The times are averaged over about the
# last PROBE_TRIAL words, so a stretch of costly searches turns the probe on again.
PROBE_BUDGET = 1 << 14
PROBE_TABLE_ENTRIES = 1 << 20
PROBE_TRIAL = 32


def _new_probe():
    """A probe's state: its node table, its counters, and a tally of its probes and their cost."""
    from wordlelab.solvers.search.engine.tables import new_stats, new_table
    tally = {"tried": 0, "refuted": 0, "skipped": 0, "searched": 0, "probe_seconds": 0.0, "search_seconds": 0.0}
    return new_table(PROBE_TABLE_ENTRIES), new_stats(), tally


def _average(tally, key, seconds):
    """A running average over about the last PROBE_TRIAL values (the first value starts it)."""
    old = tally[key]
    tally[key] = seconds if old == 0.0 else old + (seconds - old) / PROBE_TRIAL


def _probe_pays(tally) -> bool:
    """Whether a probe is worth its cost, by this worker's record (see PROBE_TRIAL)."""
    if tally["tried"] >= PROBE_TRIAL and not tally["refuted"]:
        return False
    if tally["searched"] < PROBE_TRIAL or tally["tried"] - tally["refuted"] == 0:
        return True
    return tally["search_seconds"] >= tally["probe_seconds"]


def _probe(searcher, node, g, probe) -> bool:
    """True if the depth search refutes first word ``g`` within ``PROBE_BUDGET`` nodes (no strategy
    finds every answer within the guess limit: its total is infinite, exactly); False if it does
    not, or if this worker's record says a probe costs more than it saves (:func:`_probe_pays`)."""
    from wordlelab.solvers.search.engine.tables import REFUTED, Stat
    cache, stats, tally = probe
    if not _probe_pays(tally):
        tally["skipped"] += 1
        return False
    t0 = time.perf_counter()
    with StopOnCtrlC(stats) as stop:       # a depth search cut short stores nothing: safe anywhere
        refuted = searcher.start_feasible(node, g, cache, stats, int(stats[Stat.NODES]) + PROBE_BUDGET)[0] == REFUTED
        stop.check()
    tally["tried"] += 1
    tally["refuted"] += refuted
    if not refuted:
        _average(tally, "probe_seconds", time.perf_counter() - t0)
    return refuted


def _searched(probe, seconds: float) -> None:
    """Note what a min-sum search that the probe did not spare cost."""
    if probe is not None:
        probe[2]["searched"] += 1
        _average(probe[2], "search_seconds", seconds)


def _run(state, word, beta):
    """[value, exact]: the exact total after first word ``word`` if below the cutoff, else a bound >= it.

    The cutoff is ``beta`` (the one known when the task was sent), lowered while the task runs
    when the client publishes a better one in the shared live cutoff. A word the depth probe
    refutes is [INF, True]: no strategy within the guess limit.
    """
    searcher, node, _, live, probe = state
    g = searcher.guess_index[word]
    if probe is not None and _probe(searcher, node, g, probe):
        return [INF, True]
    beta = INF if beta is None else beta
    live = None if live is None else live.array
    t0 = time.perf_counter()
    v = searcher.start_value(node, g, beta, live)
    _searched(probe, time.perf_counter() - t0)
    cutoff = beta if live is None else min(beta, int(live[0]))
    return [int(v), bool(v < cutoff)]


def _merge(old, new):
    """Exact beats bound; of two bounds the larger holds (both are proven)."""
    if old[1] or new[1]:
        return old if old[1] else new
    return old if old[0] >= new[0] else new


def _cutoff_known(top, results, seed=INF):
    return top_cutoff(top, results, seed) < INF


SEED_LOOKAHEAD = 64


def beam_seed(lists, mode, max_guesses, top, order, beam: int = 16, extra: int = 2, state=None) -> int:
    """One more than the K-th smallest beam-search total among the K + ``extra`` most promising first
    words that the depth probe does not refute.

    Each beam total is the total of a real strategy for a distinct first word, so the
    K-th best exact total is at most the K-th smallest of them: a valid cutoff before
    any exact result exists, so no worker waits for the first word to finish. A few
    extra words make it tight (on nyt20220316 the third word is SALET, and a beam of
    16 finds its 7897), and a tight cutoff spares the workers that start meanwhile.
    A word with no strategy within the limit (most first words with every word an answer)
    would cost a beam search that ends with nothing, so the probe passes over it; only the
    first ``SEED_LOOKAHEAD`` words are looked at (the seed's work is not checkpointed).
    """
    if len(order) < top:
        return INF
    searcher = NativeSearcher(lists, mode, max_guesses, beam=beam, cache_entries=1 << 20)
    node = searcher.root(None, state)
    probe = _new_probe()
    totals = []
    for _, g in order[:SEED_LOOKAHEAD]:
        if len(totals) == top + extra:
            break
        if not _probe(searcher, node, g, probe):
            totals.append(searcher.start_value(node, g, INF))
    totals.sort()
    return INF if len(totals) < top or totals[top - 1] >= INF else int(totals[top - 1]) + 1


def tree_seed(lists, mode, max_guesses, top, order, trees, answers=None, history=()) -> int:
    """The cutoff from strategy trees the user gives (``--seed-tree``), instead of the beam seed.

    Each tree is checked by the independent verifier for these lists, mode and guess limit; its
    total is then that of a real strategy for its first word, so the K-th best exact total is at
    most the K-th smallest total of K trees with distinct first words among the candidates.
    ``trees`` are Tree objects or file names; from a game state, ``answers`` are those it leaves
    and ``history`` its play, and a tree starts after them. Returns one more than that total.
    """
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import TreeFault, verify_tree
    in_scope = {lists.guesses[g] for _, g in order}
    best: dict = {}
    for t in trees:
        name = t if isinstance(t, str) else "a seed tree"
        tree = load_tree(t) if isinstance(t, str) else t
        try:
            report = verify_tree(tree, lists.answers if answers is None else answers, lists.guesses, mode,
                                 history, max_guesses)
        except TreeFault as e:
            raise WordleError(f"{name} is not a strategy for {lists.name} in {mode} mode within "
                              f"{max_guesses} guesses: {e}") from None
        if tree.guess not in in_scope:
            raise WordleError(f"{name} starts with {tree.guess!r}, not a candidate first word of this ranking")
        best[tree.guess] = min(best.get(tree.guess, INF), report.total)
    if len(best) < top:
        raise ParameterError(f"{{top}} {top} needs seed trees for at least {top} different first words, "
                             f"not {len(best)}")
    return sorted(best.values())[top - 1] + 1


def _skip(static_bounds, word, beta, stored=None, refuted=frozenset(), given=None):
    """A bound that already refutes ``word`` at cutoff ``beta``: its static bound, or the bound a
    checkpoint holds for it (a run resumed with a larger --top sends those words again); or an
    exact infinite total, for a word a depth sweep's checkpoint refutes within the guess limit;
    or the exact total (or a bound at or above ``beta``) that a finished class checkpoint proves
    (``given``: word -> (total, exact))."""
    if word in refuted:
        return [INF, True]
    if given and word in given:
        v, exact = given[word]
        if exact or (beta is not None and v >= beta):
            return [int(v), bool(exact)]
    old = (stored or {}).get(word)
    b = max(static_bounds[word], old[0] if old and not old[1] else 0)
    return [int(b), False] if beta is not None and b >= beta else None


def _stale(_word, result) -> bool:
    """A checkpoint's bound: sent again, in case the cutoff of this run (a larger --top) is above it."""
    return not result[1]


def _letters(word):
    """Words with the same letters split the answers alike deep down: a sweep runs them one after another."""
    return "".join(sorted(word))


def _describe(results):
    exact = [v for v, e in results.values() if e and v < INF]      # (an exact INF: no strategy)
    return f"best {min(exact)}" if exact else ""


def _best_start_sweep(lists, mode, max_guesses, top, order, seed: int = INF, table_ref=None,
                     live_ref=None, question: dict | None = None, stored: dict | None = None,
                     refuted: frozenset = frozenset(), state=None, warmup: int | None = None,
                     given: dict | None = None, candidates: list | None = None) -> Sweep:
    """The ranking question as a sweep over first words (``order``: (static bound, guess index), best first).

    ``table_ref`` names a shared node table the workers search on together, ``live_ref`` a
    shared one-element cutoff the client lowers as exact totals come in. ``question`` is the
    checkpoint's question (default: every first word, see :func:`checkpoint_question`). With a game
    ``state`` the candidates are the guesses allowed after it, and each total counts the guesses from there.
    ``warmup`` tasks at most are in flight while no cutoff is known (default ``top``). ``given``
    (word -> (total, exact), from finished class checkpoints) settles those words without a search
    (a bound, once it is at or above the cutoff). ``candidates``: the words a checkpoint entry may
    be for (default: those of ``order``), all of them when ``order`` is some words of the question.
    """
    meta = question if question is not None else checkpoint_question(lists, mode, max_guesses, state=state)
    bounds = {lists.guesses[g]: int(b) for b, g in order}
    words = [lists.guesses[g] for _, g in order]
    return Sweep(SWEEP_NAME, meta, words, _init,
                 (lists, mode, max_guesses, table_ref, live_ref, state), _run, _merge, functools.partial(top_cutoff, top, seed=seed),
                 functools.partial(_skip, bounds, stored=stored, refuted=refuted, given=given), _describe,
                 warmup=warmup or top,
                 cutoff_known=functools.partial(_cutoff_known, top, seed=seed), group=_letters,
                 validate=functools.partial(check_entry, frozenset(words if candidates is None else candidates)),
                 stale=_stale)


def _class_checkpoint_totals(searcher, paths, state, candidates, rankings=()) -> dict:
    """word -> its Result (OPTIMAL with a verified tree, or UNKNOWN with a proven bound), from each
    finished class checkpoint in ``paths``, with the class rankings in ``rankings`` of its classes."""
    import json

    from wordlelab.solvers.search.classes.class_checkpoint import finished_total, ranking_state
    starts = {}
    for path in paths:
        try:
            with open(path) as f:
                starts[path] = json.load(f)["question"]["start"]
        except (OSError, ValueError, KeyError, TypeError):
            raise WordleError(f"{path} is not a class checkpoint (made by solve with a start word and a "
                              f"checkpoint)") from None
    # checked before any file is read further: finished_total may search a class and keep it
    for path, w in starts.items():
        if w not in candidates:
            raise WordleError(f"class checkpoint {path} is of {w!r}, which is not a candidate of this ranking")
    twice = [w for w in set(starts.values()) if list(starts.values()).count(w) > 1]
    if twice:
        raise WordleError(f"two class checkpoints of {twice[0]}")
    before = f"{state}." if state else ""
    by_path = {path: tuple(r for r in rankings if ranking_state(r).startswith(f"{before}{w}."))
               for path, w in starts.items()}
    lost = [r for r in rankings if not any(r in rs for rs in by_path.values())]
    if lost:
        raise WordleError(f"class ranking {lost[0]} ranks {ranking_state(lost[0])!r}, a class of none of the "
                          f"class checkpoints given")
    out = {}
    for path in paths:
        word, result = finished_total(searcher, path, state, by_path[path])
        out[word] = result
    return out


def _settled_by_depth(given: dict, refuted: frozenset) -> dict:
    """``given`` without the words whose class checkpoints only bound them but that the depth
    checkpoint decides no (a checked core: their total is exactly infinite, which is more than the
    bound says). A class checkpoint proving a finite total for a word the depth checkpoint
    refutes is a contradiction between the files.

    >>> _settled_by_depth({"amban": (58716, False), "thump": (58715, True)}, frozenset({"amban"}))
    {'thump': (58715, True)}
    """
    for w, (v, exact) in given.items():
        if w in refuted and exact and v < INF:
            raise WordleError(f"{w}: its class checkpoint proves a total of {v}, the depth checkpoint proves it "
                              f"has no strategy within the limit: the files are not what they claim")
    return {w: r for w, r in given.items() if w not in refuted}


def _agree_with_class_checkpoints(done: dict, given: dict) -> None:
    """A word that its class checkpoint bounds at B (below the cutoff, so searched) must not come
    out of the search with an exact total below B: one of the two would not be what it claims."""
    for w, (b, exact) in given.items():
        v, e = done.get(w, (b, exact))
        if not exact and e and v < b:
            raise WordleError(f"{w}: its class checkpoint and rankings bound its total at {b} or more, "
                              f"the search gives it exactly {v}: the files are not what they claim")


def _game_state(lists, mode, state):
    """``state`` in its canonical spelling (None for the start of the game); a state must end with a pattern."""
    if not state or not state.strip():
        return None
    from wordlelab.models.state import parse_state
    game = parse_state(state, lists, mode)
    if game.next_guess:
        raise WordleError(f"the state ends with {game.next_guess!r} without its pattern: the ranking is of the "
                          f"guesses after a pattern ({state}.BBBBB, say)")
    return game.describe()


def _warmup(top, ex, live) -> int:
    """Tasks in flight before any cutoff is known. A task sent then runs without one, so only
    ``top`` are sent, unless the workers share a live cutoff: then every worker gets a task, and
    the first exact total to come lowers the cutoff of the others as they run. (Where most
    candidates have no strategy within the limit, as after THUMP BBBBB in hard mode, no cutoff
    exists for a long time, and one task at a time left the second worker idle.)"""
    return max(top, ex.workers) if live is not None and ex.name == "pool" else top


def _run_ranking(sweep, ex, live, checkpoint, n_words, progress_bar, announce, on_result) -> dict:
    """Run the sweep on ``ex``, publishing each new cutoff to the workers through ``live``."""

    def publish(key, result, executor_used):
        if live is not None:
            live.array[0] = min(int(live.array[0]), sweep.cutoff(sweep.results))
        if on_result:
            on_result(key, result, executor_used)

    if ex.dashboard and announce:
        announce(f"dask dashboard: {ex.dashboard}")
    label = "next guesses" if sweep.meta.get("state") else "first words"
    bar = progress_bar(label, n_words) if progress_bar else contextlib.nullcontext(None)
    with bar as advance:
        return run_sweep(sweep, ex, checkpoint, advance, publish)


@dataclass(frozen=True)
class Candidates:
    """The candidates a partial ranking takes (all of them by default).

    ``shard`` ``(i, n)``: every n-th candidate in the candidate order, from the i-th; ``limit``: the
    first ``limit`` of them (after the shard); ``words``: only these, in this order (not with the
    other two).
    """

    shard: tuple[int, int] | None = None
    limit: int | None = None
    words: tuple[str, ...] | None = None

    @property
    def partial(self) -> bool:
        return bool(self.shard or self.limit or self.words)


@dataclass(frozen=True)
class SweepHooks:
    """How the caller watches and hosts a ranking's sweep; none of it changes an answer.

    ``progress_bar(description, total)``, if given, is a context manager yielding
    ``advance(n, info=...)`` (as :func:`wordlelab.cli.console.progress`); ``announce(text)`` is
    told the dask dashboard's address, when there is one; ``on_result(key, result, executor)`` is
    called as each task's result comes in; ``executor_kind`` ``"inprocess"`` keeps every task in
    this process whatever the workers.
    """

    progress_bar: object = None
    announce: object = None
    on_result: object = None
    executor_kind: str | None = None


def run_best_start(lists, mode, max_guesses, top, *, state: str | None = None, cutoff: int | None = None,
                   candidates: Candidates = Candidates(), inputs: ProofInputs = ProofInputs(),
                   execution: Execution = Execution(), hooks: SweepHooks = SweepHooks()) -> Result:
    """Rank the first words; returns a :class:`~wordlelab.models.result.Result` (see the module docstring).

    Parameters
    ----------
    lists : WordLists
        The guess and answer lists.
    mode : str
        ``easy``, ``hard`` or ``strict``.
    max_guesses : int
        Every answer within this many guesses.
    top : int
        Exact totals for this many best candidates; the others get proven lower bounds.
    state : str, optional
        Rank the next guesses after this game state (``thump.BBBBB``) instead of the first words.
    cutoff : int, optional
        Make exact only the totals below it (see below).
    candidates : Candidates, optional
        A partial ranking: a shard, a limit or some words of the candidates.
    inputs : ProofInputs, optional
        The files the ranking rests on: seed trees, a depth checkpoint, class checkpoints and their
        class rankings (``wordlelab.models.inputs``).
    execution : Execution, optional
        ``checkpoint`` (the resumable results file), ``workers`` (default 1) and ``dask_address``.
    hooks : SweepHooks, optional
        The progress bar, announcements and result callback of the sweep.

    Returns
    -------
    Result
        Question kind ``best-start``, as the module docstring says.

    Raises
    ------
    WordleError
        Inputs that do not fit the question (a refused checkpoint, a cutoff out of range, ...).

    Each row of ``stats.ranking`` says whether its total is ``exact`` or a proven lower bound
    (``proof``), and where it comes from: ``"source": "checkpoint"`` (taken from ``checkpoint``,
    written by an earlier run) or ``"computed"`` (in this run). The best first word's tree is
    built and re-checked by the independent verifier before this returns.

    With a game ``state`` (``thump.BBBBB``) the ranking is of the next guesses after it: every
    total counts the guesses from there, over the answers it leaves, and the certificate is the
    best next guess's tree, checked with the state's play before it.

    Each of ``inputs.class_checkpoints`` is a finished class checkpoint (``solve --start W --checkpoint F``
    run to its end): W's exact total is taken from it, its tree verified, instead of searched
    (:func:`~wordlelab.solvers.search.classes.class_checkpoint.finished_total`; THUMP in hard mode with
    every word an answer is hours of search, seconds from its file). Those totals also give the
    first cutoff, and the certificate of a best word that has one is its checkpoint's tree.
    ``inputs.class_rankings`` are finished ``best-start --state W.PATTERN`` checkpoints of those words'
    classes, as ``solve --class-ranking`` takes them; one made with ``--cutoff`` gives its word a
    proven lower bound instead of an exact total.

    With ``cutoff`` N only totals below N are made exact: every other candidate gets a proven
    lower bound of at least the cutoff in force (N, or less once the K-th exact total is below N),
    which is all a bound on the least total needs, and far cheaper
    than an exact total near it (after TUPIK BBBBB in hard mode with every word an answer, a
    guess took 0.5 s to bound at 15334 and more than 400 s at 18058, its seed tree's total).
    When no candidate is below N the answer is ``UNKNOWN`` with ``bound`` the least of the
    candidates' bounds (at least N), ``value`` None: a proven lower bound, no strategy.

    ``candidates.words``, if given, are the only candidates searched (a partial ranking, as with a limit),
    but the question stays the whole ranking's: their totals and bounds join ``checkpoint`` beside
    every other word's, so that a later run of the whole ranking takes them from it. This spends
    a worker on the words one wants settled, say those the depth checkpoint left open, in the
    order one likes (``hardest_last`` would send the hardest last).

    Examples
    --------
    >>> from wordlelab.instances.wordlists import WordLists
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
    >>> r = run_best_start(WordLists("ten", words, words), "easy", 6, 1, candidates=Candidates(limit=3))
    >>> r.stats.evaluated, r.stats.partial
    (3, True)
    """
    shard, limit, words = candidates.shard, candidates.limit, candidates.words
    checkpoint, workers, dask_address = execution.checkpoint, execution.workers or 1, execution.dask_address
    seed_trees, depth_checkpoint = inputs.seed_trees, inputs.depth_checkpoint
    class_checkpoints, class_rankings = inputs.class_checkpoints, inputs.class_rankings
    progress_bar, announce, on_result = hooks.progress_bar, hooks.announce, hooks.on_result
    if cutoff is not None and not 1 <= cutoff < INF:
        raise ParameterError(f"{{cutoff}} must be at least 1 and below {INF}")
    t0 = time.perf_counter()
    state = _game_state(lists, mode, state)
    if state and depth_checkpoint:
        raise WordleError("a depth checkpoint (the inputs' depth_checkpoint) decides first words; it does not apply "
                          "to a game state")
    if words is not None and (shard or limit):
        raise ParameterError("{words} names the candidates: drop {limit} and {shard}")
    question = checkpoint_question(lists, mode, max_guesses, shard, limit, state)
    # a checkpoint that would be refused is refused now, before any work
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    stored = load_checkpoint(checkpoint, question, functools.partial(check_entry, None))
    ex = executor(hooks.executor_kind, workers, dask_address)
    table = live = None
    warming: list = []
    try:
        # the workers of this machine share one node table (each proven node is proven once) and a
        # live cutoff, lowered as results come in, so a task sent with a weak cutoff tightens it midway
        if ex.name != "inprocess":
            table, live = SharedArray.create(table_shape(SWEEP_TABLE_ENTRIES)), SharedArray.create((1,))
            live.array[0] = INF
        refs = (table and table.ref, live and live.ref)
        # the pool's processes start and build their searcher while this one orders the first words
        warming = prewarm(ex, SWEEP_NAME, _init, (lists, mode, max_guesses, *refs, state))
        searcher = NativeSearcher(lists, mode, max_guesses)
        node = searcher.root(None, state)
        order = searcher.candidate_order(node)
        if class_rankings and not class_checkpoints:
            raise WordleError("a class ranking goes with the class checkpoint of its word: name it in the inputs "
                              "(class_checkpoints)")
        given_results = _class_checkpoint_totals(searcher, class_checkpoints, state,
                                                 {lists.guesses[g] for _, g in order}, class_rankings)
        # INFEASIBLE: a class ranking found no guess with a strategy within the limit
        # (a result resting on a file it names counts with its claim; the ranking then rests on it too)
        given = {w: (r.value, True) if Status.OPTIMAL in (r.status, r.claimed)
                 else (INF, True) if Status.INFEASIBLE in (r.status, r.claimed)
                 else (r.bound if r.bound is not None else r.stats.claimed_bound, False)
                 for w, r in given_results.items()}
        if shard:
            order = order[shard[0]::shard[1]]
        if limit:
            order = order[:limit]
        if not order:
            # (an empty slice proves nothing: "no first word works" would be a false INFEASIBLE)
            raise WordleError(f"this slice of the candidates holds no first word ({len(searcher.candidate_order(node))} "
                              f"candidates in all): use fewer shards")
        candidates = wanted = None
        if words is not None:
            candidates = [lists.guesses[g] for _, g in order]
            wanted = check_words(words, set(candidates), "words", "the candidate first words")
            order = sorted((c for c in order if lists.guesses[c[1]] in wanted),
                           key=lambda c: wanted[lists.guesses[c[1]]])
        # a checkpoint holding K exact totals already gives a cutoff: the beam seed (not
        # checkpointed, minutes on the larger lists) would only repeat work on a resume
        stored_cutoff = top_cutoff(top, {**{w: tuple(v) for w, v in stored.items()}, **given})
        if seed_trees:
            seed = tree_seed(lists, mode, max_guesses, top, order, seed_trees,
                             [lists.answers[a] for a in node.H], node.history)
            seed_from = "seed trees (verified)"
            if cutoff is not None and cutoff < seed:
                seed, seed_from = cutoff, "--cutoff"
        elif cutoff is not None and cutoff <= stored_cutoff:
            seed, seed_from = cutoff, "--cutoff"
        elif stored_cutoff < INF:
            seed, seed_from = stored_cutoff, "class checkpoints" if given and not stored else "checkpoint"
        else:
            seed, seed_from = beam_seed(lists, mode, max_guesses, top, order, state=state), "beam search"
        refuted, depth_sealed = frozenset(), True
        if depth_checkpoint:
            from wordlelab.solvers.search.depth.depth_verdicts import depth_decisions, hardest_last
            refuted, hardness, depth_sealed = depth_decisions(searcher, max_guesses, depth_checkpoint)
            given = _settled_by_depth(given, refuted)
            if words is None:
                order = hardest_last(order, lists, hardness)
        sweep = _best_start_sweep(lists, mode, max_guesses, top, order, seed, *refs, question=question,
                                 stored={w: tuple(v) for w, v in stored.items()}, refuted=refuted, state=state,
                                 warmup=_warmup(top, ex, live), given=given, candidates=candidates)
        done = _run_ranking(sweep, ex, live, checkpoint, len(order), progress_bar, announce, on_result)
    finally:
        del warming
        ex.close()
        for shared in (table, live):
            if shared is not None:
                shared.unlink()     # processes still attached keep their mapping until they exit

    done = {w: (int(v), bool(e)) for w, (v, e) in done.items()}
    _agree_with_class_checkpoints(done, given)
    # resumed runs (a checkpoint made with a smaller --top) may hold bounds for words that now
    # belong in the top K: evaluate them in order, each with the cutoff of the K-th best exact total
    # so far, so that a bound-only word is refuted by its bound rather than solved in full
    # (with --cutoff N, a bound of N or more is all that is asked of any word)
    asked_below = INF if cutoff is None else cutoff
    while True:
        ranking = sorted(done.items(), key=lambda kv: (kv[1][0], not kv[1][1]))
        pending = [w for w, (v, e) in ranking[:top] if not e and v < asked_below]
        if not pending:
            break
        w = pending[0]
        exact = sorted(v for v, e in done.values() if e)
        beta = min(exact[top - 1] + 1 if len(exact) >= top else INF, asked_below)
        v = int(searcher.start_value(node, searcher.guess_index[w], beta))
        # with no cutoff (INF), INF is exact too: no strategy within the limit
        done[w] = (v, v < beta or beta >= INF)
        sweep.results[w] = list(done[w])
        sweep.resumed.discard(w)        # computed now, no longer the checkpoint's bound
    from wordlelab.solvers.runtime.sweep import save_results
    save_results(sweep, checkpoint)
    in_scope = {lists.guesses[g] for _, g in order}
    ranking = sorted(((w, v, e) for w, (v, e) in done.items() if w in in_scope),
                     key=lambda r: (r[1], not r[2], r[0]))
    n = len(node.H)
    rows = [{"word": w, "total": v if v < INF else None,
             "average": round(v / n, 4) if v < INF else None, "exact": bool(e),
             "proof": "no strategy within limit" if v >= INF else ("exact" if e else f">= {v} (bound)"),
             "source": "class checkpoint" if given.get(w) == (v, e) else "checkpoint" if w in sweep.resumed
             else "computed"}
            for w, v, e in ranking]
    stats = BestStartStats(n_answers=n, top=top, candidates=len(order), evaluated=len(ranking),
                           first_cutoff=None if seed >= INF else int(seed),
                           first_cutoff_from=seed_from, cutoff=cutoff,
                           partial=bool(shard or limit or words), executor=ex.name, workers=ex.workers,
                           checkpoint=checkpoint, from_checkpoint=sum(r["source"] == "checkpoint" for r in rows),
                           first_guess=None, average=None, ranking=rows,
                           from_class_checkpoints={w: {"total": v, "exact": e} for w, (v, e) in sorted(given.items())})
    # what the ranking takes unchecked from files this installation did not write
    rests = [line for r in given_results.values() for line in r.rests_on]
    if not stored.sealed and stats.from_checkpoint:
        rests.append(f"{checkpoint}: the totals or bounds of {stats.from_checkpoint} first guesses, not "
                     f"re-proved here: the file was not written by this installation")
    if not depth_sealed and refuted:
        rests.append(f"{depth_checkpoint}: {len(refuted)} first guesses decided no, not re-checked here "
                     f"('every-first-word --recheck' re-checks them): the file was not written by this installation")
    asked = {"kind": SWEEP_NAME, "lists": lists.name, "mode": mode, "max_guesses": max_guesses, "top": top,
             "shard": question["shard"], "limit": limit, **({"state": state} if state else {}),
             **({"cutoff": cutoff} if cutoff is not None else {}),
             **({"words": list(wanted)} if wanted is not None else {})}
    if not rows or rows[0]["total"] is None:
        # every candidate's exact value (or proven bound) is INF: no strategy within the limit
        return Result(asked, "native", Status.INFEASIBLE, seconds=time.perf_counter() - t0,
                      stats=stats).rest_on(rests)
    best = rows[0]
    if not best["exact"]:
        # --cutoff: every candidate is bounded at N or more; a partial ranking bounds only its candidates
        partial = bool(shard or limit or words) or len(ranking) < len(order)
        return Result(asked, "native", Status.UNKNOWN, bound=None if partial else best["total"],
                      seconds=time.perf_counter() - t0, stats=stats).rest_on(rests)
    # the certificate: the best first word's tree, searched again here and verified inside solve
    given_best = given_results.get(best["word"])
    cert = given_best if given_best is not None and Status.OPTIMAL in (given_best.status, given_best.claimed) \
        else searcher.solve(start=best["word"], state=state)
    if Status.OPTIMAL not in (cert.status, cert.claimed) or cert.value != best["total"]:
        if not stored.sealed and best["word"] in stored:
            raise WordleError(f"checkpoint {checkpoint} claims {best['word']} totals {best['total']}, but its "
                              f"tree searched again here totals {cert.value}: the file (not written by this "
                              f"installation) is wrong; move it away to start afresh")
        raise WordleError(f"internal error: the ranking gives {best['word']} a total of {best['total']}, "
                          f"its verified tree {cert.value} ({cert.status})")
    stats.first_guess, stats.average, stats.histogram = best["word"], best["average"], cert.stats.histogram
    stats.max_guesses_used, stats.tree_seconds = cert.stats.max_guesses_used, round(cert.seconds, 3)
    return Result(asked, "native", Status.OPTIMAL, value=cert.value, bound=cert.value,
                  certificate=cert.certificate, certificate_kind="tree", verified=cert.verified,
                  seconds=time.perf_counter() - t0, stats=stats).rest_on(rests)
