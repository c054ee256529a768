"""Fewest fixed guesses that identify every answer: a searched set and a proof, both checked.

Upper bound: a greedy set, then the tabu search of
:mod:`wordlelab.solvers.blindfold.search` for one guess fewer, again and again,
until it fails. Lower bound: row generation (:mod:`wordlelab.solvers.blindfold.proof`)
for one guess fewer than the best set; INFEASIBLE on a set of pair rows proves that
no such set identifies even the answers of those rows (the core), so none identifies
them all (a relaxation: every row lists every guess that separates its pair, which
:func:`wordlelab.models.blindfold.check_pair_rows` re-checks from the rules). The
default proof is the LP branch and bound of :mod:`wordlelab.solvers.blindfold.duals`, whose
certificate (a tree with an integer dual bound at every leaf)
:func:`wordlelab.models.blindfold.check_bound_tree` re-checks from the rules; the other is
the exhaustive letter-cover search of :mod:`wordlelab.solvers.blindfold.letters`, whose
case split :func:`wordlelab.models.blindfold.check_letter_cases` re-checks from the words. A set
found by the rounds replaces the best one and the proof is tried one size lower.
Every set reported is re-checked by :func:`wordlelab.models.blindfold.check_fixed_guesses`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.encoders.blindfold import build_separating
from wordlelab.models.blindfold import check_bound_tree, check_fixed_guesses, check_letter_cases, check_pair_rows
from wordlelab.models.files import CannotWrite
from wordlelab.models.result import Result, Status
from wordlelab.models.settings import Execution, Limits
from wordlelab.solvers.backends import check_solver, export
from wordlelab.solvers.blindfold.duals import core_rows, hard_pairs, lp_value, rule_out_by_duals
from wordlelab.solvers.blindfold.letters import rule_out_by_letters
from wordlelab.solvers.blindfold.proof import RowGeneration, check_rows_entry, one_position_pairs, rule_out, words_key
from wordlelab.solvers.blindfold.search import classes_of, score_swaps, tabu_search
from wordlelab.solvers.runtime.checkpoint import check_int, load_checkpoint, save_checkpoint


PROOFS = ("duals", "letters", "rows")


@dataclass(frozen=True)
class BlindfoldOptions:
    """How :func:`least_fixed_guesses` searches and proves; none of it changes a proven answer.

    Parameters
    ----------
    proof : str
        ``duals`` (LP branch and bound with a dual bound at every leaf,
        :mod:`wordlelab.solvers.blindfold.duals`), ``letters`` (the exhaustive letter-cover
        search of :mod:`wordlelab.solvers.blindfold.letters`) or ``rows`` (row generation
        with ``solver``).
    solver : str
        Backend of the proof models.
    search_time : float
        Seconds for each tabu search (it also stops after 20000 moves).
    seed : int
        Seed of the searches.
    save_model : str, optional
        ``.lp``/``.mps`` path for the last proof model (the proof, when INFEASIBLE). With the duals
        proof, a model file that cannot be written leaves ``stats["model_error"]`` (one line) and the
        result as proven.

    Raises
    ------
    WordleError
        An unknown proof method or solver, or a search time that is not a positive number.
    """

    proof: str = "duals"
    solver: str = "cpsat"
    search_time: float = 120.0
    seed: int = 0
    save_model: str | None = None

    def __post_init__(self):
        if self.proof not in PROOFS:
            raise WordleError(f"unknown proof method {self.proof!r}; choose {', '.join(PROOFS)}")
        check_solver(self.solver)
        if isinstance(self.search_time, bool) or not isinstance(self.search_time, (int, float)) \
                or not math.isfinite(self.search_time) or self.search_time <= 0:
            raise WordleError(f"search_time must be a positive number of seconds, not {self.search_time!r}")


def separates(words_P: np.ndarray) -> bool:
    """Independent check: the columns (answers) of ``words_P`` are pairwise distinct."""
    return len({tuple(c) for c in words_P.T.tolist()}) == words_P.shape[1]


def greedy(P: np.ndarray, start=()) -> list[int]:
    """``start`` plus guesses added one by one, each making the most classes (an upper bound)."""
    chosen: list[int] = list(start)
    while True:
        cls, n_classes = classes_of(P, np.asarray(chosen, np.int64), -1)
        if n_classes >= P.shape[1]:
            return chosen
        made = score_swaps(P, cls, n_classes)      # classes after adding each guess, in one pass
        best = int(np.argmax(made))
        if made[best] == n_classes:
            raise WordleError("no set of these guesses tells every two answers apart")
        chosen.append(best)


def least_fixed_guesses(P: np.ndarray, names, answers, k: int | None = None,
                        options: BlindfoldOptions = BlindfoldOptions(), limits: Limits = Limits(),
                        execution: Execution = Execution(), progress=None, should_stop=None) -> Result:
    """Fewest guesses of ``P`` (guesses x answers) whose patterns identify every answer.

    Parameters
    ----------
    P : numpy.ndarray
        Pattern codes, guesses x answers.
    names, answers : sequence of str
        The guesses' and the answers' words: the certificate is checked on them, from the
        rules, before the call returns.
    k : int, optional
        Decide whether ``k`` guesses suffice (default: minimise).
    options : BlindfoldOptions
        The proof method, its solver, the searches' seconds and seed, the model file to keep.
    limits : Limits
        ``time_limit``: seconds for the proof rounds (default 60; the searches come first,
        each within ``options.search_time``).
    execution : Execution
        ``checkpoint``: JSON checkpoint of the first proof attempted (its rows, or the letter
        cases searched), for one guess fewer than the best set found (or for ``k``): resumable.
    progress, should_stop : callable, optional
        ``progress(1, info=...)``; ``should_stop()`` polled between rounds and moves.

    Returns
    -------
    Result
        Minimising: OPTIMAL (a checked set and a proof that one guess fewer cannot do),
        or FEASIBLE with the best set and the proven ``bound`` (None when nothing was
        proven). Deciding ``k``: OPTIMAL (yes, a checked set of at most ``k``), INFEASIBLE
        (no: with ``proof="duals"`` the certificate is the branch-and-bound tree, kind
        ``bound-tree``, re-checked; with ``rows`` it is the core, the answers of the proof's
        rows; ``stats["proof_checked"]`` says the tree, the rows or the letter cases were
        re-checked from the rules) or UNKNOWN. Minimising, a checked tree is in
        ``stats["bound_tree"]``.
    """
    proof, solver, search_time, seed, save_model = (options.proof, options.solver, options.search_time, options.seed,
                                                    options.save_model)
    time_limit = 60.0 if limits.time_limit is None else limits.time_limit
    checkpoint = execution.checkpoint
    t0 = time.perf_counter()
    stats: dict = {"rounds": 0, "pairs": 0}
    best = greedy(P)
    rows, floor = None, 0
    if proof == "duals" and k is None and P.shape[1] > 1:
        # minimising: the LP bound over every pair says where the search is hopeless; at that
        # size and below, the proof (which also finds sets) goes first and the tabu search is skipped
        t_rows = time.perf_counter()
        rows, lp = _duals_rows(P, names, answers, checkpoint, time_limit, progress, should_stop)
        stats["lp_bound"] = round(lp, 6)
        stats["rows_seconds"] = round(time.perf_counter() - t_rows, 3)
        floor = math.ceil(lp - 1e-9)
    # the tabu search lowers the size while it finds sets
    target = len(best) - 1 if k is None else min(k, len(best) - 1)
    while target >= max(1, floor + 1) and (k is None or len(best) > k) and not (should_stop and should_stop()):
        found = tabu_search(P, target, search_time, seed, start=best[:target], max_moves=20000,
                            should_stop=should_stop)
        if progress:
            progress(1, info=f"search: {target} guesses leave {found['left']} answers not alone "
                             f"({found['seconds']:.1f} s)")
        if found["left"]:
            break
        best = found["best"]
        target -= 1
    stats["search_seconds"] = round(time.perf_counter() - t0 - stats.get("rows_seconds", 0.0), 3)
    lower, core, tree = None, None, None
    if len(best) <= 1 or (k == 0 and len(answers) > 1):
        lower = 1 if len(answers) > 1 else 0     # no guess at all tells two answers apart
    while target >= 1 and (k is None or len(best) > k):
        left = time_limit - (time.perf_counter() - t0 - stats["search_seconds"])
        if left <= 1:
            break
        # minimising, a proof one size lower is the fallback: keep a fifth of the time for it
        budget = left * 0.6 if k is None and target > 1 else left
        # the checkpoint holds the first proof attempted (one size below the best set, or k)
        ck, checkpoint = checkpoint, None
        if proof == "duals":
            outcome = _duals(P, names, answers, target, budget, ck, progress, should_stop, rows)
            rows = outcome["pairs"]          # the rows do not depend on k: the next attempt starts from them
            stats.setdefault("attempts", []).append(
                {"proof_k": target, "status": outcome["status"], **outcome["stats"]})
            stats.update(outcome["stats"])
            stats["pairs"] = outcome["stats"]["pair_rows"]
        elif proof == "letters":
            outcome = _letters(P, names, answers, target, budget, ck, progress, should_stop)
            stats.setdefault("attempts", []).append({f: outcome["stats"][f] for f in
                                                     ("proof_k", "proof_seconds", "cases", "cases_open", "nodes")})
            stats.update(outcome["stats"])
        else:
            outcome = _rows(P, names, answers, target, solver, budget, seed, ck, save_model, progress,
                            should_stop)
            stats["rounds"] += outcome["rounds"]
            stats["pairs"] = len(outcome["rows"])
        if outcome["status"] == "FOUND":
            best = outcome["found"]
            target -= 1
            continue
        if outcome["status"] == "INFEASIBLE":
            lower = target + 1
            stats["proof_checked"] = True        # the checks below raise otherwise
            if proof == "duals":
                tree = outcome["certificate"]
                if tree["k"] != target:
                    raise WordleError(f"the proof is for {tree['k']} guesses, not {target}")
                stats.update(check_bound_tree(tree, names, answers))     # raises unless it proves k fails
                if save_model:
                    index = {a: j for j, a in enumerate(answers)}
                    pairs = [(index[a], index[b]) for a, b in tree["pairs"]]
                    try:
                        export(build_separating(P, pairs, target, names, answers=answers)[0], save_model)
                        stats["model"] = save_model
                    except CannotWrite as e:      # the proof is done and checked: keep it, say what is missing
                        stats["model_error"] = str(e)
            if proof == "rows":
                rows = [(answers[a], answers[b], [names[t] for t in np.flatnonzero(P[:, a] != P[:, b])])
                        for a, b in outcome["rows"]]
                check_pair_rows(rows, names)              # raises if a row is no relaxation
                core = sorted({answers[a] for pair in outcome["rows"] for a in pair})
                stats.update(core_size=len(core), proof_seconds=round(outcome["seconds"], 3),
                             solver_seconds=round(outcome["solver_seconds"] or 0.0, 3), rows_checked=len(rows))
                if save_model:
                    stats["model"] = save_model
            break
        if k is not None or (should_stop and should_stop()):
            break
        stats.setdefault("unsettled", []).append(target)     # nothing proven for this size: try one lower
        target -= 1
    words = [names[t] for t in best]
    check_fixed_guesses(words, answers)          # raises if two answers collide
    question = {"kind": "fixed-guesses", "answers": len(answers), "pool": P.shape[0], "k": k}
    seconds = time.perf_counter() - t0
    method = solver if proof == "rows" else proof
    if k is not None:
        if len(best) <= k:
            return Result(question, method, Status.OPTIMAL, len(best), None, words, "guesses", True, seconds, stats)
        if lower is not None:
            # as everywhere, ``verified`` is about a certificate of a solution; the proof's own
            # re-checks (rows or letter cases) are in the stats
            if tree is not None:
                return Result(question, method, Status.INFEASIBLE, None, lower, tree, "bound-tree", True,
                              seconds, stats)
            return Result(question, method, Status.INFEASIBLE, None, lower, core, "core" if core else None,
                          False, seconds, stats)
        return Result(question, method, Status.UNKNOWN, None, None, None, None, False, seconds, stats)
    status = Status.OPTIMAL if lower == len(best) else Status.FEASIBLE
    if core is not None:
        stats["core"] = core
    if tree is not None:
        stats["bound_tree"] = tree
    return Result(question, method, status, len(best), lower, words, "guesses", True, seconds, stats)


def _duals_question(names, answers) -> dict:
    # the rows hold for every k: the checkpoint resumes at any size
    return {"kind": "blindfold-duals", "guesses": words_key(names), "answers": words_key(answers)}


def _stored_rows(checkpoint, names, answers):
    stored = load_checkpoint(checkpoint, _duals_question(names, answers), check_rows_entry) if checkpoint else {}
    if any(b >= len(answers) for _, b in stored.get("rows", [])):
        raise WordleError(f"checkpoint {checkpoint}: a pair row names an answer beyond the list")
    return stored.get("rows")


def _keep_rows(checkpoint, names, answers, pairs) -> None:
    if checkpoint:
        save_checkpoint(checkpoint, _duals_question(names, answers), {"rows": [list(p) for p in pairs]})


def _duals_rows(P, names, answers, checkpoint, time_limit, progress, should_stop) -> tuple[list, float]:
    """The pair rows of the duals proof and their LP bound: from the checkpoint, else by row generation."""
    stored = _stored_rows(checkpoint, names, answers)
    pairs = [tuple(p) for p in stored] if stored else None
    if pairs is None:
        deadline = time.perf_counter() + time_limit
        pairs, lp = core_rows(P, names, answers, hard_pairs(answers, names, 20000), deadline=deadline,
                              should_stop=should_stop)
        _keep_rows(checkpoint, names, answers, pairs)
    else:
        lp = lp_value(P, names, answers, pairs)
    if progress:
        progress(1, info=f"{len(pairs)} pair rows, LP bound over them {lp:.4f}")
    return pairs, lp


def _duals(P, names, answers, k, time_limit, checkpoint, progress, should_stop, rows=None) -> dict:
    """The LP branch and bound for ``k`` guesses (:func:`wordlelab.solvers.blindfold.duals.rule_out_by_duals`).

    The checkpoint keeps its pair rows (the slow part to rebuild on the larger lists), which
    hold for every k; the tree is searched again. ``rows``, from an earlier step, come first.
    """
    if rows is None:
        rows = _stored_rows(checkpoint, names, answers)
    out = rule_out_by_duals(P, names, answers, k, time_limit, pairs=rows,
                            on_rows=lambda pairs: _keep_rows(checkpoint, names, answers, pairs),
                            progress=progress, should_stop=should_stop)
    stats = {"proof": "duals", "proof_k": k, "proof_seconds": round(out["seconds"], 3),
             "lp_bound": round(out["lp_bound"], 6), "pair_rows": out["rows"], "nodes": out["nodes"],
             "restarts": out["restarts"]}
    return {"status": out["status"], "found": out.get("found"), "certificate": out.get("certificate"),
            "stats": stats, "pairs": out["pairs"]}


def _rows(P, names, answers, k, solver, time_limit, seed, checkpoint, save_model, progress, should_stop) -> dict:
    """Row generation for ``k`` guesses (:func:`wordlelab.solvers.blindfold.proof.rule_out`)."""
    return rule_out(P, names, answers, k, one_position_pairs(answers),
                    RowGeneration(solver, seed, min(30.0, time_limit / 4), save_model),
                    Limits(time_limit=time_limit), Execution(checkpoint=checkpoint), progress, should_stop)


def _letters(P, names, answers, k, time_limit, checkpoint, progress, should_stop) -> dict:
    """The letter-cover search for ``k`` guesses, checkpointed; its case split re-checked from the rules."""
    question = {"kind": "blindfold-letters", "k": k, "guesses": words_key(names), "answers": words_key(answers)}
    done = load_checkpoint(checkpoint, question, _check_case) if checkpoint else {}
    if done and not done.sealed:
        # a case marked done is a claim that no k guesses cover it: the proof cannot rest on a file
        # this installation did not write, so its cases are searched again
        import warnings

        from wordlelab.errors import WordlelabWarning
        warnings.warn(f"{checkpoint} was not written by this installation: its {len(done)} cases are searched "
                      f"again (the file stays unsealed; move it away to resume from a file of your own)",
                      WordlelabWarning, stacklevel=2)
        done = {}
    last = [time.monotonic()]

    def step(case, entry):
        done[case] = dict(entry)
        if checkpoint and time.monotonic() - last[0] > 5:
            save_checkpoint(checkpoint, question, done)
            last[0] = time.monotonic()
        if progress:
            progress(1, info=f"{k} guesses, letters unused within {case!r}: branch {entry['next']}/"
                             f"{entry['branches']}, {entry['nodes']} nodes")

    try:
        out = rule_out_by_letters(P, names, answers, k, time_limit, done, step, should_stop)
    except KeyboardInterrupt:
        if checkpoint:
            save_checkpoint(checkpoint, question, done)
        raise
    if checkpoint:
        save_checkpoint(checkpoint, question, out["cases"])
    cases = out["all_cases"]
    stats = {"proof": "letters", "proof_k": k, "proof_seconds": round(out["seconds"], 3),
             "letter_edges": len(out["edges"]), "cases": len(cases), "cases_open": len(out["open"]),
             "nodes": sum(e["nodes"] for e in out["cases"].values())}
    if out["status"] == "INFEASIBLE":
        stats["edges_checked"] = check_letter_cases(answers, cases)   # raises unless the split is complete
        stats["cases_done"] = cases
    return {"status": out["status"], "found": out["found"], "stats": stats}


def _check_case(key, value):
    if not isinstance(value, dict) or set(value) != {"next", "branches", "nodes", "checks", "seconds"}:
        raise ValueError(f"case {key!r}: not a letter-search entry")
    for f in ("next", "branches", "nodes", "checks"):
        check_int(value[f], f)
    if value["next"] > value["branches"]:
        raise ValueError(f"case {key!r}: more branches done than there are")
