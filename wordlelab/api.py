"""The top-level calls: ``wordlelab.solve``, ``prove_depth``, ``best_start``, ``hint`` and ``verify``.

Each is a thin wrapper over the library call the command of the same name makes, and returns a
:class:`~wordlelab.models.result.Result`. Word lists may be given as a
:class:`~wordlelab.instances.wordlists.WordLists`, a list name (``"nyt20220316"``) or None (the
default lists). Nothing here is imported by ``import wordlelab``: the package's ``__getattr__``
loads this module on first use, and this module loads the searcher (numba) only when called.
"""
from __future__ import annotations

import time

from wordlelab.errors import WordleError
from wordlelab.models.result import Result, Status


def _lists(lists):
    if lists is None or isinstance(lists, str):
        from wordlelab.instances.wordlists import load_lists
        return load_lists(lists)
    return lists


def solve(lists=None, start: str | None = None, *, state: str | None = None, mode: str = "easy",
          max_guesses: int = 6, threads: int = 1) -> Result:
    """The least total number of guesses, with a verified strategy tree (``wordlelab solve``).

    Parameters
    ----------
    lists : WordLists, str or None
        The guess and answer lists, or the name of a named pair (None: the default lists).
    start : str, optional
        The first guess; None searches for the best one too (much longer on full lists).
    state : str, optional
        A game state to solve from, such as ``"salet.BBBYB"``.
    mode : {"easy", "hard", "strict"}
    max_guesses : int
        Every answer must be found within this many guesses.
    threads : int
        Threads of this process searching the first guess's classes.

    Returns
    -------
    Result
        OPTIMAL with the least total as ``value`` and a verified ``Tree`` as ``certificate``;
        INFEASIBLE if no strategy finds every answer within ``max_guesses``.

    Raises
    ------
    WordleError
        Unknown list name, a start word not in the guess list, a malformed or impossible state, an
        unknown mode, or a guess limit out of range.

    Examples
    --------
    >>> from wordlelab import WordLists, solve
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
    >>> r = solve(WordLists("ten", words + ("salet",), words), start="salet")
    >>> r.status.value, r.value, r.verified
    ('OPTIMAL', 21, True)
    """
    from wordlelab.solvers.search.native import NativeSearcher
    return NativeSearcher(_lists(lists), mode, max_guesses).solve(start=start, state=state, threads=threads)


def prove_depth(guesses: int, lists=None, start: str | None = None, *, state: str | None = None,
                mode: str = "easy", node_limit: int = 10**12, any_tree: bool = False) -> Result:
    """Whether every answer can be found within ``guesses`` guesses (``wordlelab prove-depth``).

    Parameters
    ----------
    guesses : int
        The guess limit.
    lists : WordLists, str or None
        The guess and answer lists, or the name of a named pair (None: the default lists).
    start : str, optional
        The first guess; None asks whether any first guess allows it.
    state : str, optional
        A game state to decide from.
    mode : {"easy", "hard", "strict"}
    node_limit : int
        Past this many nodes the answer is UNKNOWN (a limit is never a proof).
    any_tree : bool
        On yes, the depth search's own tree instead of the least-total one.

    Returns
    -------
    Result
        OPTIMAL (yes) with a verified tree, INFEASIBLE (no) with a core of answers that alone
        need more guesses, or UNKNOWN at the node limit.

    Raises
    ------
    WordleError
        Unknown list name, a start word not in the guess list, a malformed or impossible state, an
        unknown mode, or a guess limit out of range.

    Examples
    --------
    >>> from wordlelab import WordLists, prove_depth
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
    >>> ten = WordLists("ten", words + ("salet",), words)
    >>> prove_depth(2, ten, start="salet").status.value, prove_depth(3, ten, start="salet").status.value
    ('INFEASIBLE', 'OPTIMAL')
    """
    from wordlelab.solvers.search.depth import depth_proof
    from wordlelab.solvers.search.native import NativeSearcher
    return depth_proof.prove_depth(NativeSearcher(_lists(lists), mode, guesses), guesses, start=start, state=state,
                                   node_limit=node_limit, any_tree=any_tree)


def best_start(lists=None, *, mode: str = "easy", max_guesses: int = 6, top: int = 1, state: str | None = None,
               workers: int = 1, cutoff: int | None = None) -> Result:
    """The first words ranked with proof: exact totals for the ``top`` best (``wordlelab best-start``).

    Parameters
    ----------
    lists : WordLists, str or None
        The guess and answer lists, or the name of a named pair (None: the default lists; hours).
    mode : {"easy", "hard", "strict"}
    max_guesses : int
    top : int
        How many of the best words get an exact total; the rest get a proven lower bound.
    state : str, optional
        Rank the next guesses after this game state instead.
    workers : int
        Processes of the sweep.
    cutoff : int, optional
        Exact totals only below this; every other word gets a proven bound of at least it.

    Returns
    -------
    Result
        OPTIMAL with the best total as ``value`` and ``stats.ranking``, one row per word.

    Raises
    ------
    WordleError
        Unknown list name, a malformed or impossible state, an unknown mode, a guess limit out of
        range, or ``top`` below 1.

    Examples
    --------
    >>> from wordlelab import WordLists, best_start
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
    >>> r = best_start(WordLists("ten", words + ("salet",), words))
    >>> r.status.value, r.value, len(r.stats.ranking)          # each first word ranked
    ('OPTIMAL', 20, 11)
    """
    from wordlelab.solvers.search.rank.best_start import run_best_start
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise WordleError(f"top must be a whole number of at least 1, not {top!r}")
    from wordlelab.models.settings import Execution
    return run_best_start(_lists(lists), mode, max_guesses, top, state=state, cutoff=cutoff,
                          execution=Execution(workers=workers))


def hint(state: str = "", lists=None, *, mode: str = "easy", top: int = 3, max_guesses: int = 6,
         keep: bool = True) -> Result:
    """The best next guesses from a game state, with exact, verified values (``wordlelab hint``).

    Parameters
    ----------
    state : str
        The play so far, such as ``"salet.BBBYB"``; ``""`` asks for the first guess (on full
        lists: minutes, the first time).
    lists : WordLists, str or None
        The guess and answer lists, or the name of a named pair (None: the default lists).
    mode : {"easy", "hard", "strict"}
    top : int
        How many guesses to report.
    max_guesses : int
    keep : bool
        Read and write the answer in the cache folder (re-verified when read).

    Returns
    -------
    Result
        OPTIMAL with the best guess's tree as ``certificate`` and ``stats.guesses``.

    Raises
    ------
    WordleError
        Unknown list name, a malformed or impossible state (a word not in the guess list, a pattern
        that is not five colours, colours no answer fits), an unknown mode, or a guess limit out of range.

    Examples
    --------
    >>> from wordlelab import WordLists, hint
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
    >>> r = hint("salet.BYBYB", WordLists("ten", words + ("salet",), words), keep=False)
    >>> r.status.value, r.stats.answers_left, r.verified
    ('OPTIMAL', ['awake', 'evade'], True)
    """
    from wordlelab.solvers.search.rank.hint import hint as hint_
    return hint_(_lists(lists), state, mode, top, max_guesses, keep=keep)


def verify(tree, lists=None, *, mode: str = "easy", state: str | None = None,
           max_guesses: int | None = None) -> Result:
    """Check a strategy tree independently (``wordlelab verify``): valid is OPTIMAL, a fault INFEASIBLE.

    Parameters
    ----------
    tree : Tree or str
        A :class:`~wordlelab.models.tree.Tree`, or the path of one (Selby's format or JSON).
    lists : WordLists, str or None
        The guess and answer lists, or the name of a named pair (None: the default lists).
    mode : {"easy", "hard", "strict"}
    state : str, optional
        The game state the tree starts from.
    max_guesses : int, optional
        A tree that needs more guesses for some answer is at fault.

    Returns
    -------
    Result
        OPTIMAL, ``verified`` true, with the tree's total as ``value`` (not a claim that it is
        least) and the checker's report in ``stats``; or INFEASIBLE with the first fault in
        ``stats["fault"]``.

    Raises
    ------
    WordleError
        Unknown list name, a tree file that cannot be read or parsed, or a malformed or impossible
        state. A tree that reads but is wrong is no error: it is the INFEASIBLE answer.

    Examples
    --------
    >>> from wordlelab import WordLists, solve, verify
    >>> words = ("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve")
    >>> ten = WordLists("ten", words + ("salet",), words)
    >>> tree = solve(ten, start="salet").certificate
    >>> verify(tree, ten).value, verify(tree, ten, max_guesses=2).status.value
    (21, 'INFEASIBLE')
    """
    from wordlelab.models.state import parse_state
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import TreeFault, verify_tree
    lists = _lists(lists)
    question = {"kind": "verify", "tree": tree if isinstance(tree, str) else tree.guess, "lists": lists.name,
                "mode": mode, "state": state, "max_guesses": max_guesses}
    if isinstance(tree, str):
        tree = load_tree(tree, lists.game)
    answers, history = lists.answers, ()
    if state:
        s = parse_state(state, lists, mode)
        answers, history = s.answers, s.history
    t0 = time.perf_counter()
    try:
        report = verify_tree(tree, answers, lists.guesses, mode, history, max_guesses, rule=lists.game.name)
    except TreeFault as e:
        # a yes/no question answered no: INFEASIBLE, the fault in stats (models/result.py)
        return Result(question, "checker", Status.INFEASIBLE, seconds=time.perf_counter() - t0,
                      stats={"fault": str(e)})
    return Result(question, "checker", Status.OPTIMAL, value=report.total, verified=True,
                  seconds=time.perf_counter() - t0, stats={**report.as_dict(), "first_guess": tree.guess})
