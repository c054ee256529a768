"""A first word's no made from one of its classes, refuted at its own state over several runs.

The theorem (hard mode; monotonicity, as :mod:`wordlelab.models.refutation` states it): let w be
a first word and p one of its patterns, with d guesses left after it. Suppose that for every
guess g hard mode allows after (w, p) that splits the class or is one of its answers, there is
a set C_g of the class's answers, all giving g one pattern q_g, that no strategy finds within
d - 1 more guesses after (w, p), (g, q_g). Then no strategy finds the union U of the C_g within
d guesses after (w, p), so w fails: whichever such guess g a strategy for U opens with, U's
class of pattern q_g holds C_g under the same rule, and more answers never help. (Any other
guess leaves U whole under a rule asking at least as much, with a guess fewer: a strategy that
opened with it would find U within d - 1, so also within d with a splitting guess first, by
induction on d.)

``prove-depth --state w.p --checkpoint F`` (hard mode) refutes the state one next guess at a
time, and keeps each guess in F as soon as it is refuted; once every guess is, it makes each
one's core and has the pure-Python checker decide it, keeping each in F as it is checked. So a
class too large for one run (AMBAN's YBBBB within 7, every word an answer: 1991 answers and
5328 guesses) is decided over several, and a run stopped loses at most the guess in hand.

:func:`class_draft` turns a finished F into w's draft in the sweep's drafts file
(:mod:`~wordlelab.solvers.search.depth.core_drafts`): the core U, with each C_g as a claim the checker
has already proven (``proven``: its own verdicts, kept between runs like the claims of a check
split over runs). The sweep then decides w by checking that draft
(:func:`~wordlelab.solvers.search.depth.hard_cores.check_made_core`): the checker reads U's classes
after every guess, finds each guess settled by its claim, and only then records the no;
``--recheck`` decides U again from nothing. From an F whose search refuted every guess but
whose cores are not all made and checked yet, the draft is the whole class with the claims
checked so far, and the sweep's check refutes the other guesses itself: there the checker's
monotonicity across guesses (a set refuted for one guess refutes another at once) often beats
making a core for each guess (JUMBO's class: a search for about 900 of its 12972 guesses).
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

from wordlelab.errors import ParameterError, WordleError
from wordlelab.models.feedback import pattern_string


def state_question(searcher, node, guesses: int, state: str) -> dict:
    """What a checkpoint of ``prove-depth --state STATE --checkpoint F`` answers (any mode)."""
    from wordlelab.solvers.runtime.checkpoint import lists_question
    return {"kind": "prove-depth", "lists": lists_question(searcher.lists), "mode": searcher.mode,
            "guesses": guesses, "state": state, "answers": len(node.H)}


def _state_of(path) -> str:
    """The state a ``prove-depth --state S --checkpoint F`` checkpoint at ``path`` is about."""
    try:
        state = json.loads(Path(path).read_bytes())["question"]["state"]
    except OSError as e:
        raise WordleError(f"cannot read {path}: {e.strerror or e}") from None
    except (ValueError, KeyError, TypeError):
        raise WordleError(f"{path} is no checkpoint of prove-depth from a game state") from None
    if not isinstance(state, str):
        raise WordleError(f"{path} is no checkpoint of prove-depth from a game state (it has no state)")
    return state


def class_draft(searcher, path, guesses: int) -> tuple[str, dict]:
    """``(w, draft)``: the draft of first word w's core made from the state checkpoint at
    ``path`` (a ``prove-depth --state w.PATTERN --checkpoint`` run within ``guesses``, hard
    mode, whose search refuted every guess), as
    :meth:`~wordlelab.solvers.search.depth.core_drafts.CoreDrafts.save` takes it.

    When every guess's core is checked, the draft's core is their union, each a proven claim.
    When the run stopped while it made and checked them, the core is the whole class, with the
    claims checked so far: its check refutes the other guesses itself.

    Raises WordleError if ``path`` is no such checkpoint of these lists, or if its search has
    not refuted every guess yet (then the class may have a strategy after all).
    """
    from wordlelab.models.feedback import feedback
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    from wordlelab.solvers.search.depth.depth_entries import check_refutation, check_via_entries
    state = _state_of(path)
    node = searcher.root(None, state, guesses)
    if len(node.history) != 1 or node.start is not None:
        raise WordleError(f"{path} is at state {state}: a class of a first word is one guess and its "
                          f"pattern, such as amban.YBBBB")
    word, pattern = node.history[0]
    try:
        entries = load_checkpoint(path, state_question(searcher, node, guesses, state),
                                  functools.partial(check_refutation, searcher))
    except WordleError as e:
        # (load_checkpoint's advice to move the file away is for a run's own checkpoint: this
        # one is only read, and may hold hours of work)
        reason = str(e).split("; use another file")[0]
        raise WordleError(f"a class checkpoint: {reason}; it is only read: decide with the guess limit, mode and "
                          f"lists it was made with") from None
    check_via_entries(searcher, node, entries)
    claims, union, unsearched = [], set(), []
    # the guesses the state's search takes: those that split the class or are one of its answers
    taken = [g for _, g in searcher.candidate_order(node)]
    for g in taken:
        guess = searcher.lists.guesses[g]
        entry = entries.get(guess)
        if entry is None or "open" in entry or (entry["core"] is None and "failing" not in entry):
            unsearched.append(guess)
        elif entry["core"]:             # refuted, and its core checked
            if entry["depth"] != node.d - 1:
                raise WordleError(f"{path}: the core of {guess.upper()} is within {entry['depth']} guesses, "
                                  f"not {node.d - 1}")
            claims.append((list(entry["core"]), ((guess, feedback(guess, entry["core"][0])),), node.d - 1))
            union.update(entry["core"])
    if unsearched:
        shown = ", ".join(g.upper() for g in unsearched[:3])
        raise WordleError(f"{path}: {len(unsearched)} guesses after {state} are not refuted by its search yet "
                          f"({shown}{', ...' if len(unsearched) > 3 else ''}); run prove-depth on from state "
                          f"{state} with this checkpoint (hard mode, within {guesses} guesses, the same lists)")
    # every guess refuted: the union of their cores when each is checked, else the whole class,
    # whose check refutes the others itself (with the kernels' hints, as a drafted class is)
    core = sorted(union) if len(claims) == len(taken) else [searcher.lists.answers[a] for a in node.H.tolist()]
    return word, {"core": core, "depth": node.d, "pattern": pattern, "lemmas": [], "proven": claims}


def draft_classes(run, guesses: int, paths) -> list[str]:
    """Put the draft of each class checkpoint in ``paths`` (:func:`class_draft`) into the sweep's
    drafts file (``run.core_drafts``, ``run`` the sweep's
    :class:`~wordlelab.solvers.search.depth.run.DepthRun`); return the first words drafted.

    A draft already there for the same class keeps the claims its own check made (those whose
    answers lie in the new core) and its lemmas; one for another class of the word is refused,
    as is a second checkpoint for one word: its check's claims would be lost.
    """
    searcher, drafts = run.searcher, run.core_drafts
    if paths and searcher.mode != "hard":
        raise WordleError("class checkpoints are for hard mode: easy mode's nos are cores learnt across first words")
    if paths and drafts is None:
        raise ParameterError("class checkpoints need a sweep's {checkpoint}: the class's core is checked as a draft "
                             "kept beside it")
    words: list[str] = []
    for path in paths:
        word, made = class_draft(searcher, path, guesses)
        if word in words:
            raise WordleError(f"two class checkpoints are for {word.upper()}: give one")
        old = drafts.load(word, made["depth"])
        lemmas, proven = [], list(made["proven"])
        imported = len(proven)
        if old is not None:
            if old["pattern"] != made["pattern"]:
                raise WordleError(f"{drafts.path} already holds a core of {word.upper()} in another class "
                                  f"({pattern_string(old['pattern'])}), with its check's claims: decide that one, "
                                  f"or move the file away")
            # the claims of the draft's own check come after the state's, as its check goes on
            core = set(made["core"])
            seen = {(tuple(a), more, left) for a, more, left in proven}
            proven += [c for c in old["proven"][old["imported"]:]
                       if (tuple(c[0]), c[1], c[2]) not in seen and set(c[0]) <= core]
            lemmas = [lemma for lemma in old["lemmas"] if set(lemma[0]) <= core]
        drafts.save(word, made["core"], made["depth"], made["pattern"], lemmas, proven, imported)
        words.append(word)
    return words


def state_status(searcher, path, guesses: int):
    """What the checkpoint of ``prove-depth --state S --checkpoint F`` at ``path`` holds, searching
    nothing (``prove-depth --state S --checkpoint F --status``): a Result whose stats count the
    next guesses the state's search takes (``next_guesses``), those refuted with a checked core
    (``cores_made``, and ``cores_by_monotonicity``: another guess's core, `"via"` it), those
    refuted whose core is not made yet (``core_pending``), those left open (``open``, by the
    node budget that stopped them: ``open_budgets``) and those with no entry (``not_reached``).
    INFEASIBLE when every next guess has a checked core (no next guess works; the cores were
    decided by the pure-Python checker when they were made), else UNKNOWN.
    """
    import time

    from wordlelab.models.result import Result, Status
    from wordlelab.solvers.runtime.checkpoint import load_checkpoint
    from wordlelab.solvers.search.depth.depth_entries import check_refutation, check_via_entries
    t0 = time.perf_counter()
    state = _state_of(path)
    node = searcher.root(None, state, guesses)
    entries = load_checkpoint(path, state_question(searcher, node, guesses, state),
                              functools.partial(check_refutation, searcher))
    check_via_entries(searcher, node, entries)
    counts = dict.fromkeys(["cores_made", "cores_by_monotonicity", "core_pending", "open", "not_reached"], 0)
    budgets: dict = {}
    taken = [searcher.lists.guesses[g] for _, g in searcher.candidate_order(node)]
    for guess in taken:
        entry = entries.get(guess)
        if entry is None:
            counts["not_reached"] += 1
        elif "open" in entry:
            counts["open"] += 1
            budgets[entry["open"]] = budgets.get(entry["open"], 0) + 1
        elif "failing" in entry or entry["core"] is None:
            counts["core_pending"] += 1
        else:
            counts["cores_by_monotonicity" if "via" in entry else "cores_made"] += 1
    done = counts["cores_made"] + counts["cores_by_monotonicity"]
    return Result({"kind": "depth", "lists": searcher.lists.name, "mode": searcher.mode, "max_guesses": guesses,
                   "state": state}, "checkpoint", Status.INFEASIBLE if done == len(taken) else Status.UNKNOWN,
                  seconds=time.perf_counter() - t0,
                  stats={"n_answers": len(node.H), "next_guesses": len(taken), **counts,
                         "open_budgets": dict(sorted(budgets.items()))}
                  ).rest_on([] if entries.sealed else [
                      f"{path}: the refutations of {done} next guesses, not re-checked here: the file was not "
                      f"written by this installation"])
