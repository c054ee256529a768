"""Typed statistics of the native searcher's answers: the least total (``solve``), the depth
decision (``prove-depth``), the every-first-word sweep (``every-first-word``), the first-word
ranking (``best-start``), the best fixed pair (``best-pair``), the hints (``hint``), the
analysis of a played game (``analyze``), and the solver-model answers (``tree-model``, the
endgame covers of ``lower-bound``, ``eldrow``), and the greedy strategies (``heuristics``).

A :class:`~wordlelab.models.result.Result`'s ``stats`` is one of these dataclasses for those
questions, and a plain dict for the others. ``as_dict()`` gives the JSON object that ``--json``
prints, the one these questions printed when their statistics were dicts: the fields in their
declared order, a field declared with :func:`optional` left out while it is None (a key that only
some runs have), a nested statistics object as its own ``as_dict()``, and the search's counters
(``counters``, keyed by the names of the engine's counter slots) spread in where the field stands,
as is a field declared with :func:`spread` (the model answers' solver statistics).

The fact relied on: JSON keeps an object's keys in the order they are written, and Python's
``json`` writes a dict's in insertion order, so declaring the fields in the order the keys were
inserted keeps the output byte for byte.

>>> s = SolveStats(n_answers=2, first_guess="salet", first_guess_given=True, average=1.5,
...                counters={"nodes": 3, "cache_hits": 0})
>>> s.as_dict()
{'n_answers': 2, 'first_guess': 'salet', 'first_guess_given': True, 'average': 1.5, 'nodes': 3, 'cache_hits': 0}
>>> s.nodes, s.has("histogram")
(3, False)
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

SPREAD = "counters"


def optional(default=None):
    """A field that only some runs set: left out of ``as_dict()`` while it is None."""
    return field(default=default, metadata={"optional": True})


def spread(**kwargs):
    """A dict field whose keys are written in where the field stands, as ``counters`` is (a
    solver's own statistics, which differ from one solver to the next); ``kwargs`` as for
    :func:`dataclasses.field` (``default_factory=dict``)."""
    return field(metadata={"spread": True}, **kwargs)


class Stats:
    """What every typed statistics object shares: :meth:`as_dict`, and :meth:`has` for a key that
    only some runs have."""

    def _order(self) -> list[str]:
        """The fields in the order their keys are written (the declared order)."""
        return [f.name for f in fields(self)]

    def as_dict(self) -> dict:
        """The JSON object ``--json`` prints (see the module docstring)."""
        optional_names = {f.name for f in fields(self) if f.metadata.get("optional")}
        spread_names = {SPREAD} | {f.name for f in fields(self) if f.metadata.get("spread")}
        out: dict[str, Any] = {}
        for name in self._order():
            value = getattr(self, name)
            if name in spread_names:
                out.update(value)
            elif value is None and name in optional_names:
                continue
            else:
                out[name] = value.as_dict() if isinstance(value, Stats) else value
        return out

    def has(self, name: str) -> bool:
        """Whether the key ``name`` is in :meth:`as_dict` (an optional field that is set)."""
        return name in self.as_dict()


class Counted(Stats):
    """Statistics with the search's counters (a ``counters`` field): ``nodes`` and ``cache_hits``
    are read as attributes."""

    counters: dict

    @property
    def nodes(self) -> int:
        """Nodes the search visited (the ``nodes`` counter)."""
        return self.counters["nodes"]

    @property
    def cache_hits(self) -> int:
        """Nodes the node table answered (the ``cache_hits`` counter)."""
        return self.counters["cache_hits"]


@dataclass
class LowerBound(Stats):
    """A checked lower-bound certificate of a least total (``solve --certify``).

    Attributes
    ----------
    file, bytes : str, int
        Where the certificate was written, and its size.
    claims : int
        The claims it holds.
    certify_seconds, check_seconds : float
        The time to make it, and to check it with the independent checker.
    statement : str
        What it proves, as the checker states it.
    """

    file: str
    bytes: int
    claims: int
    certify_seconds: float
    check_seconds: float
    statement: str


@dataclass
class TieBreak(Counted):
    """How a tie-broken least total (``solve --tie-break worst``) compares with the plain search's.

    Attributes
    ----------
    rule : str
        The tie-break rule (``"worst"``).
    objective : list of int
        The least total, then the answers at each guess count from the last allowed down.
    tail, plain_tail : dict of str to int
        Answers at each guess count from the last allowed down (a string key), tie-broken and plain.
    plain_histogram : dict of str to int
        The plain search's answers by guess count.
    plain_first_guess : str
        The plain search's first guess.
    plain_seconds, search_seconds : float
        The plain search's time, and the tie-broken search's.
    counters : dict of str to int
        The tie-broken search's counters (spread in, before ``search_seconds``).
    """

    rule: str
    objective: list
    tail: dict
    plain_histogram: dict
    plain_tail: dict
    plain_first_guess: str
    plain_seconds: float
    counters: dict
    search_seconds: float


@dataclass
class SolveStats(Counted):
    """The statistics of a least total (question kind ``min-total``, ``solve``).

    Attributes
    ----------
    n_answers : int
        The answers of the question (from a state: those it leaves).
    first_guess : str or None
        The strategy's first guess (from a state: its next guess), given or found; None when no
        first guess was found.
    first_guess_given : bool
        Whether it was given (``--start``, or the state's last guess).
    average : float or None
        The total over the answers, to 4 places; None without a total.
    counters : dict of str to int
        The search's counters, the node table's entries and slots (spread in, see the module
        docstring); ``nodes`` and ``cache_hits`` are read as attributes.
    max_guesses_used, histogram : int, dict of str to int, optional
        With a tree: the guesses its worst answer needs, and its answers by guess count.
    search_seconds : float, optional
        The search's time (with a total, or a bound).
    classes, classes_from_checkpoint, classes_from_rankings : int, int, list of str, optional
        With a class checkpoint: the classes after the first guess, those taken from the file, and
        the patterns a class ranking (``--class-ranking``) settled.
    class_bounds : dict of str to int, optional
        The classes with only a proven lower bound (from a ranking made with ``--cutoff``).
    threads : int, optional
        The threads the classes were searched on, when more than one.
    tie_break : TieBreak, optional
        ``--tie-break worst``: the plain search beside the tie-broken one.
    claimed_bound : int, optional
        A bound that rests on files this installation did not write
        (:meth:`~wordlelab.models.result.Result.rest_on`).
    verified_halves : str, optional
        ``--certify``: ``"tree"``, or ``"both"`` once the lower bound is checked too.
    lower_bound : LowerBound, optional
        ``--certify``: the checked lower-bound certificate.
    tree_file, plot_file : str, optional
        Where the command wrote the tree and the histogram's plot.
    """

    n_answers: int
    first_guess: str | None
    first_guess_given: bool
    average: float | None
    counters: dict = field(default_factory=dict)
    max_guesses_used: int | None = optional()
    histogram: dict | None = optional()
    search_seconds: float | None = optional()
    classes: int | None = optional()
    classes_from_checkpoint: int | None = optional()
    classes_from_rankings: list | None = optional()
    class_bounds: dict | None = optional()
    threads: int | None = optional()
    tie_break: TieBreak | None = optional()
    claimed_bound: int | None = optional()
    verified_halves: str | None = optional()
    lower_bound: LowerBound | None = optional()
    tree_file: str | None = optional()
    plot_file: str | None = optional()

    def _order(self) -> list[str]:
        """A tie-broken total writes its own counters after ``tie_break``."""
        names = super()._order()
        if self.tie_break is not None:
            names.remove(SPREAD)
            names.insert(names.index("tie_break") + 1, SPREAD)
        return names


@dataclass
class CoreCheck(Stats):
    """The core of a no (``prove-depth``) and how it was checked.

    Attributes
    ----------
    size, guesses_left : int, optional
        The core's answers, and the guesses they alone need more than (unset when the check ran
        out of work before the core was made).
    check : str
        The check's verdict (``"INFEASIBLE"``), ``"not re-checked"``, or why it stopped.
    checker : dict, optional
        Easy mode after a first guess: the pure-Python checker's work (``{"nodes": N}``).
    check_seconds : float, optional
        The time to make and check the core.
    file : str, optional
        Where the command wrote the core (``--core``).
    """

    size: int | None = optional()
    guesses_left: int | None = optional()
    check: str = ""
    checker: dict | None = optional()
    check_seconds: float | None = optional()
    file: str | None = optional()


@dataclass
class DepthStats(Counted):
    """The statistics of a depth decision (question kind ``depth``, ``prove-depth``).

    Attributes
    ----------
    n_answers : int
        The answers of the question (from a state: those it leaves).
    counters : dict of str to int
        The depth search's counters (in easy mode, the core prover's), spread in.
    monotone_cores, nearby_cores, shared_parts : int, optional
        Without a first word, in hard mode: the cores taken from another guess's by monotonicity,
        from a core nearby, and made from a shared part.
    cores_too_long : list of str, optional
        The first guesses whose core the checker could not decide in its budget.
    from_checkpoint : int, optional
        Without a first word: the first words whose refutation was taken from the checkpoint.
    cores, core_hits : int, optional
        Easy mode: the cores learnt, and the nodes they refuted.
    core : CoreCheck, optional
        A no's core and its check.
    first_guess, first_guess_given : str, bool, optional
        A yes: the certificate's first guess, and whether it was given.
    total, average, histogram : int, float, dict of str to int, optional
        A yes: the certificate tree's total, average and answers by guess count.
    tree_search_nodes, tree_seconds : int, float, optional
        A yes: the least-total search that made the certificate tree.
    tree : str, optional
        ``--any-tree``: what the certificate is (not a least-total tree).
    claimed_bound : int, optional
        A bound that rests on files this installation did not write.
    tree_file : str, optional
        Where the command wrote the tree.
    """

    n_answers: int
    counters: dict = field(default_factory=dict)
    monotone_cores: int | None = optional()
    nearby_cores: int | None = optional()
    shared_parts: int | None = optional()
    cores_too_long: list | None = optional()
    from_checkpoint: int | None = optional()
    cores: int | None = optional()
    core_hits: int | None = optional()
    core: CoreCheck | None = optional()
    first_guess: str | None = optional()
    first_guess_given: bool | None = optional()
    total: int | None = optional()
    average: float | None = optional()
    histogram: dict | None = optional()
    tree_search_nodes: int | None = optional()
    tree_seconds: float | None = optional()
    tree: str | None = optional()
    claimed_bound: int | None = optional()
    tree_file: str | None = optional()


@dataclass
class SweepStats(Stats):
    """The statistics of a depth decision for every first word (question kind ``depth-every-first-word``,
    ``every-first-word``, and its ``--status`` report of a checkpoint).

    Attributes
    ----------
    yes, unknown : list of str
        The yes words, and the undecided ones (a limit stopped them), in order.
    decided : dict of str to int
        The words by verdict: ``{"yes", "no", "unknown"}``.
    first_words : int
        The first words of the run (of ``--words``, ``--sample``, the first ``--limit``, or all).
    from_checkpoint, searched_now : int
        The words taken from the checkpoint, and those searched in this run.
    rate_per_hour : float or None
        The words decided per hour in this run; None when it searched none.
    nodes : int
        The nodes this run searched.
    refuted_unchecked : int
        The undecided words whose search refuted a class, but whose core was not made or checked in time.
    unknown_by_limit, unknown_words_by_limit : dict of str to int, dict of str to list of str
        What stopped the undecided words (a node limit, a check's budget): how many, and which.
    not_reached : int
        The words of the run the checkpoint has no entry for (a report of a checkpoint only).
    check_settled : dict of str to int
        Hard mode: each undecided word's second guesses refuted so far by its core check.
    nos_unchecked : int
        Easy mode: the nos whose core the pure-Python checker has not proven.
    trees_verified : int
        The yes words decided now, each with its tree checked by the verifier.
    claimed_bound : int, optional
        A bound that rests on files this installation did not write.
    reach : int, optional
        The words passed in the run's order (a run, not a report of a checkpoint; with ``--sample``
        it goes into the estimate instead).
    recheck : dict, optional
        ``--recheck``: ``{"cores", "trees", "check_nodes", "seconds"}``, what was re-checked.
    check_reached : dict of str to dict, optional
        Hard mode with a checkpoint: how far each undecided word's core check has gone
        (``{"guess", "position", "of"}``).
    sample : dict, optional
        ``--sample``: the estimate of the yes words from the sample's decided prefix.
    words : dict of str to str, optional
        ``--words``: each word's verdict, in a few words.
    """

    yes: list
    unknown: list
    decided: dict
    first_words: int
    from_checkpoint: int
    searched_now: int
    rate_per_hour: float | None
    nodes: int
    refuted_unchecked: int
    unknown_by_limit: dict
    not_reached: int
    unknown_words_by_limit: dict
    check_settled: dict
    nos_unchecked: int
    trees_verified: int
    claimed_bound: int | None = optional()
    reach: int | None = optional()
    recheck: dict | None = optional()
    check_reached: dict | None = optional()
    sample: dict | None = optional()
    words: dict | None = optional()


@dataclass
class BestStartStats(Stats):
    """The statistics of a first-word ranking (question kind ``best-start``).

    Attributes
    ----------
    n_answers, top : int
        The answers (from a state: those it leaves), and the exact totals asked for.
    candidates, evaluated : int
        The candidates of this run (after ``--shard``, ``--limit``, ``--words``), and the rows ranked.
    first_cutoff, first_cutoff_from : int or None, str
        The first cutoff (None: none) and where it came from.
    cutoff : int or None
        ``--cutoff``.
    partial : bool
        Whether the ranking is of part of the candidates only.
    executor, workers : str, int
        How the candidates were run.
    checkpoint : str or None
        The checkpoint file, and ``from_checkpoint`` the rows taken from it.
    from_checkpoint : int
        The rows taken from the checkpoint.
    first_guess, average : str or None, float or None
        The best word and its average, once its tree is verified.
    ranking : list of dict
        One row per word, best first: ``word``, ``total``, ``average``, ``exact``, ``proof``, ``source``.
    from_class_checkpoints : dict of str to dict
        Each word whose total came from a class checkpoint: ``{"total", "exact"}``.
    histogram, max_guesses_used, tree_seconds : dict of str to int, int, float, optional
        With a verified best word: its tree's answers by guess count, worst case, and the time to make it.
    claimed_bound : int, optional
        A bound that rests on files this installation did not write.
    plot_file : str, optional
        Where the command drew the ranking.
    """

    n_answers: int
    top: int
    candidates: int
    evaluated: int
    first_cutoff: int | None
    first_cutoff_from: str
    cutoff: int | None
    partial: bool
    executor: str
    workers: int
    checkpoint: str | None
    from_checkpoint: int
    first_guess: str | None
    average: float | None
    ranking: list
    from_class_checkpoints: dict
    histogram: dict | None = optional()
    max_guesses_used: int | None = optional()
    tree_seconds: float | None = optional()
    claimed_bound: int | None = optional()
    plot_file: str | None = optional()


@dataclass
class BestPairStats(Stats):
    """The statistics of the best fixed pairs of first words (question kind ``best-pair``).

    Attributes
    ----------
    n_answers, top : int
        The answers, and the exact pair totals asked for.
    first_words : int
        The first words swept (with ``limit``, those among the first of the sweep order).
    partial : bool
        Whether the ranking is of the pairs with a word among the first ``limit`` only.
    pairs : list of dict
        The exact pairs, best first: ``first``, ``second``, ``total``, ``average``.
    others_at_least : int or None
        The least total any pair not listed can have; None when no pair finds every answer.
    checkpoint : str or None
        The checkpoint file.
    from_checkpoint : int
        The first words taken from it.
    executor, workers : str, int
        How the first words were run.
    histogram : dict of str to int, optional
        With a best pair: its verified tree's answers by guess count.
    claimed_bound : int, optional
        A bound that rests on files this installation did not write.
    tree_file : str, optional
        Where the command wrote the best pair's tree.
    """

    n_answers: int
    top: int
    first_words: int
    partial: bool
    pairs: list
    others_at_least: int | None
    checkpoint: str | None
    from_checkpoint: int
    executor: str
    workers: int
    histogram: dict | None = optional()
    claimed_bound: int | None = optional()
    tree_file: str | None = optional()


@dataclass
class AnalyzeStats(Stats):
    """The statistics of the analysis of a played game: skill and luck (question kind ``analyze``).

    Attributes
    ----------
    game : str
        The game, each guess with its pattern (``guess.PATTERN...``).
    colours_given : bool
        Whether the patterns were given (else computed from the answer, the last guess).
    won : bool
        Whether the game ends on the answer.
    moves : list of dict
        One row per word and per pattern of the moves analysed: ``move``, ``kind`` (``"word"`` or
        ``"colours"``), ``played``, ``state``, ``answers``, ``total``, ``expected``, ``best``, ``label``,
        ``value`` and ``exact`` (the inaccuracy or the luck), ``note``; a word's row also ``best_total``
        and ``best_expected``.
    guesses_played, guesses_analysed : int
        The game's guesses, and those within the guess limit.
    not_analysed : list of str
        The guesses after the limit, each with its pattern.
    total_inaccuracy, total_luck : dict
        ``{"label", "value", "exact"}``: the game's totals (``value`` None when a move is not rated).
    first_guesses : dict
        Where the proven ranking of the first guesses came from: ``file``, ``computed_now``,
        ``seconds``, ``rests_on``, ``shipped``, ``reproved``.
    trees_verified : int
        The trees behind the values, each checked by the verifier.
    claimed_bound : dict, optional
        The totals (``{"inaccuracy", "luck"}``) when they rest on files this installation did not write.
    certificates : list of dict, optional
        ``analyze --certify``: per word move after the first, the lower-bound certificate that its
        best choices are best (``move``, ``state``, ``best``, ``total``, ``file``, ``claims``, ``bytes``,
        ``check_seconds``, ``statement``), each checked by the independent checker.
    """

    game: str
    colours_given: bool
    won: bool
    moves: list
    guesses_played: int
    guesses_analysed: int
    not_analysed: list
    total_inaccuracy: dict
    total_luck: dict
    first_guesses: dict
    trees_verified: int
    claimed_bound: dict | None = optional()
    certificates: list | None = optional()


@dataclass
class HintStats(Stats):
    """The statistics of a hint: the best next guesses from a state (question kind ``hint``).

    Attributes
    ----------
    answers_left : list of str
        The answers the state leaves, and ``n_answers`` their count.
    n_answers : int
        How many answers the state leaves.
    kept : dict
        Where the hint is kept: ``{"file", "read", "search_seconds"}`` (``read``: taken from there).
    guesses : list of dict, optional
        With a strategy: one row per guess, best first: ``guess``, ``total``, ``expected``, ``tie``,
        ``possible_answer``.
    claimed_bound : int, optional
        A bound that rests on files this installation did not write.
    """

    answers_left: list
    n_answers: int
    kept: dict
    guesses: list | None = optional()
    claimed_bound: int | None = optional()


@dataclass
class PatternHintsStats(Stats):
    """The statistics of the hints after every pattern of a guess (question kind ``scores-after``).

    Attributes
    ----------
    guess : str
        The guess whose patterns are hinted.
    n_answers : int
        The answers before it.
    scores : list of dict
        One row per pattern, most answers first: ``score`` (the pattern), ``answers``, ``guesses``, ``total``,
        ``expected``, ``ties``, ``kept`` (the pattern's hint's ``kept``).
    """

    guess: str
    n_answers: int
    scores: list


@dataclass
class TreeModelStats(Stats):
    """The statistics of a decision-tree model (question kind ``tree-model``).

    Attributes
    ----------
    model : dict of str to int
        The model's size (spread in): ``states`` (layered) or ``guesses_kept`` (assignment),
        ``variables``, ``cover_sets``; empty when the time limit ran out while it was built.
    solver : dict
        The solver's own statistics (spread in): cpsat ``branches``, ``conflicts``, ``wall_time``;
        highs ``model_status``, ``nodes``; scip ``nodes``, ``status_word``; cbc none; or
        ``time_limit_reached``, why it stopped before the solver started.
    build_seconds, solve_seconds : float
        The time to build the model, and to solve it.
    total, max_guesses, histogram : int, int, dict of str to int, optional
        With a tree: its total, worst case and answers by guess count.
    gap : float, optional
        Least total: the relative gap between the solver's value and its proven bound.
    tree_file : str, optional
        Where the command wrote the tree.
    """

    model: dict = spread()
    solver: dict = spread()
    build_seconds: float = 0.0
    solve_seconds: float = 0.0
    total: int | None = optional()
    max_guesses: int | None = optional()
    histogram: dict | None = optional()
    gap: float | None = optional()
    tree_file: str | None = optional()

    @property
    def time_limit_reached(self) -> str | None:
        """Why the work stopped before the solver started (None: it did not)."""
        return self.solver.get("time_limit_reached")


@dataclass
class LeastCoverStats(Stats):
    """The statistics of an endgame's least cover (question kind ``least-cover``, a row of ``lower-bound``).

    Attributes
    ----------
    sets : int or None
        The cover's guess sets; None when the time limit ran out while they were found.
    static_bound : int, optional
        Selby's pre-check: the fewest sets whose sizes could cover the endgame.
    solver : dict
        The solver's own statistics (spread in; empty when the cover was found by enumeration), or
        ``time_limit_reached``, why it stopped before the solver started.
    min_guesses : int or None
        The guesses every strategy needs that the cover implies (cover + 1), when proven.
    """

    sets: int | None
    static_bound: int | None = optional()
    solver: dict = spread(default_factory=dict)
    min_guesses: int | None = None

    @property
    def time_limit_reached(self) -> str | None:
        """Why the work stopped before the solver started (None: it did not)."""
        return self.solver.get("time_limit_reached")


@dataclass
class CoverWithinStats(Stats):
    """The statistics of "can k guesses cover the endgame?" (question kind ``cover-within``).

    Attributes
    ----------
    solver : dict
        The solver's own statistics (spread in), or ``time_limit_reached``, why it stopped before
        the solver started.
    """

    solver: dict = spread(default_factory=dict)

    @property
    def time_limit_reached(self) -> str | None:
        """Why the work stopped before the solver started (None: it did not)."""
        return self.solver.get("time_limit_reached")


@dataclass
class CoverBoundStats(Stats):
    """The statistics of the lower bound endgame covers prove (question kind ``lower-bound``).

    Attributes
    ----------
    endgames : list of dict
        Every endgame's least cover (a result's ``as_dict()``, its statistics a
        :class:`LeastCoverStats`'s), strongest first.
    unproven : list of str
        The endgames whose least cover was not proven.
    witness, witness_answers, witness_cover : str, list of str, list of str, optional
        The strongest proven endgame, its answers and its least cover.
    one_fewer_status : str, optional
        The status of "one guess fewer covers it" (``INFEASIBLE`` proves the bound).
    one_fewer_time_limit_reached : str, optional
        Why that check stopped before its solver started.
    one_fewer_model, one_fewer_model_error, one_fewer_model_note : str, optional
        With a proof folder: the file the one-fewer model was written to, why it could not be, or
        why it was not (no proof to keep).
    """

    endgames: list
    unproven: list
    witness: str | None = optional()
    witness_answers: list | None = optional()
    witness_cover: list | None = optional()
    one_fewer_status: str | None = optional()
    one_fewer_time_limit_reached: str | None = optional()
    one_fewer_model: str | None = optional()
    one_fewer_model_error: str | None = optional()
    one_fewer_model_note: str | None = optional()


@dataclass
class EldrowStats(Stats):
    """The statistics of the native longest-chain search (question kind ``eldrow``, ``--solver native``).

    Attributes
    ----------
    nodes : int
        The nodes the search visited.
    search : str
        Which search answered: ``"sets"`` or ``"order"``.
    """

    nodes: int
    search: str


@dataclass
class EldrowModelStats(Stats):
    """The statistics of the longest chain as a solver model (question kind ``eldrow``, a model solver).

    Attributes
    ----------
    solver : dict
        The solver's own statistics (spread in).
    """

    solver: dict = spread(default_factory=dict)


@dataclass
class GreedyStats(Stats):
    """The statistics of one greedy strategy, scored exactly (a row of ``heuristics``).

    Attributes
    ----------
    average, max_guesses, beyond_6 : float, int, int
        Its tree's average, worst case, and answers it finds only after 6 guesses.
    histogram : dict of str to int
        Its tree's answers by guess count.
    first_guess : str
        Its first guess.
    optimum_status, optimum_verified : str, bool, optional
        Beside the proven optimum after the same first guess: that search's status, and whether its
        tree was verified.
    optimum_after_first_guess : int or None
        That optimum's total (None: no strategy within 6); written only with ``optimum_status``.
    """

    average: float
    max_guesses: int
    beyond_6: int
    histogram: dict
    first_guess: str
    optimum_after_first_guess: int | None = None
    optimum_status: str | None = optional()
    optimum_verified: bool | None = optional()

    def _order(self) -> list[str]:
        """The optimum's total, None when there is none within 6, is written with its status only."""
        names = super()._order()
        if self.optimum_status is None:
            names.remove("optimum_after_first_guess")
        return names


@dataclass
class HeuristicsStats(Stats):
    """The statistics of a run of greedy strategies (question kind ``heuristics``).

    Attributes
    ----------
    best : str
        The strategy with the least total.
    first_guess : str
        Its first guess.
    """

    best: str
    first_guess: str


@dataclass
class ObjectiveStats(Stats):
    """The statistics of an objective's optimum (question kind ``objective``).

    Attributes
    ----------
    objective : str
        The objective, in words.
    n_answers : int
        The answers searched.
    first_guess : str or None
        The strategy's first guess.
    first_guess_given : bool
        Whether the first guess was given (else found by a ranking).
    value : int or None
        The objective's sum over the verified tree.
    total : int or None
        The tree's plain total of guesses.
    unfound : int or None
        ``within:k``: the answers the tree finds only after k guesses.
    weight : int or None
        ``weights``: the sum of the answers' weights.
    expected : float or None
        The mean number of guesses, weighted by the prior under ``weights``.
    nodes, cells_scanned : int
        The search's nodes and the pattern-matrix cells its one-ply bounds read.
    tree_seconds : float
        Building and verifying the tree.
    ranking : list of dict, optional
        ``best-start --objective``: each candidate's ``word``, ``value`` (the objective's sum, or a
        proven lower bound of it), ``exact`` and, for ``within:k``, ``unfound`` and ``total``.
    candidates, evaluated, from_checkpoint : int, optional
        The candidates ranked, those searched (the others bounded by their one-ply bound), and those
        taken from the checkpoint.
    claimed_bound : int, optional
        A bound that rests on files this installation did not write.
    """

    objective: str
    n_answers: int
    first_guess: str | None
    first_guess_given: bool
    value: int | None
    total: int | None
    unfound: int | None
    weight: int | None
    expected: float | None
    nodes: int
    cells_scanned: int
    tree_seconds: float
    ranking: list | None = optional()
    candidates: int | None = optional()
    evaluated: int | None = optional()
    from_checkpoint: int | None = optional()
    claimed_bound: int | None = optional()
