"""Commands of the native searcher: solve, prove-depth, best-start."""
from __future__ import annotations

import os
import time

import click

from wordlelab.cli.common import ObjectiveType, json_option, lists_options, mode_option, save_tree_certificate, show_rests_on
from wordlelab.cli.common import final_write
from wordlelab.cli.console import emit_json, err, out, progress, table
from wordlelab.errors import ParameterError, WordleError
from wordlelab.cli.options import (OutputDir, OutputFile, PlotFile, SeededValue, Workers, flag_group,
                                   non_negative, positive, set_option, table_entries, usable_cores, workers_type,
                                   setting_option, inputs_option)

SHOWN_UNKNOWN = 30      # undecided words named per limit in a depth sweep's report (all are in --json)
# a beam wider than any guess list is the whole list; 20 digits overflowed the compiled search's int64
MAX_BEAM = 1_000_000


def _checked_cores(mode: str, nos: int, unchecked: int) -> str:
    """How the nos of a depth sweep are certified, for its report."""
    if mode == "hard" or (mode == "easy" and not unchecked):
        return ", each with a checked core"
    if mode == "easy":
        return (f", {nos - unchecked} with a checked core, {unchecked} from before easy-mode cores were checked: "
                f"--recheck proves them")
    return ""


def _sample_line(est: dict, seed: int, n_guesses: int) -> str:
    """The estimate of the yes words a random sample gives (prove-depth --sample), beside the proven bounds."""
    head = (f"random sample (seed {seed}): its runs have passed the first {est['prefix']} of the {est['sample']} "
            f"words drawn, {est['yes']} yes, {est['no']} no"
            + (f", {est['undecided']} undecided" if est["undecided"] else ""))
    proven = f"proven: {est['proven_low']}-{est['proven_high']}"
    if not est["prefix"]:
        return f"{head}; no estimate yet; {proven}"
    level = f"{round(100 * est['confidence'])}% interval"
    if est["estimate"] is None:       # undecided words in the prefix: the interval counts them both ways
        count, interval = f"{est['low']}-{est['high']}", f"a {level}, undecided words counted both ways"
    else:
        count, interval = f"{est['estimate']}", f"{level} {est['low']}-{est['high']}"
    return (f"{head}; estimate (a statistic, not a proof): {count} of {est['population']} first words find every "
            f"answer within {n_guesses}, {interval}; {proven}")


def _show_histogram(histogram: dict):
    table(None, ["guesses", "count"], [[int(k), v] for k, v in sorted(histogram.items(), key=lambda kv: int(kv[0]))])


def _show_tie_break(res):
    """The plain search's histogram beside the tie-broken one, and the answers at the worst guess count."""
    tie = res.stats.tie_break
    plain, broken = tie.plain_histogram, res.stats.histogram
    ks = sorted({int(k) for k in plain} | {int(k) for k in broken})
    table(None, ["guesses", "plain optimum", "tie-broken"],
          [[k, plain.get(str(k), 0), broken.get(str(k), 0)] for k in ks])
    worst = max(int(k) for k in plain)
    out.print(f"answers needing {worst} guesses: {plain.get(str(worst), 0)} in the plain search's tree, "
              f"{broken.get(str(worst), 0)} tie-broken (least total, then fewest answers at guess "
              f"{', '.join(tie.tail)}: proven)")


def _first_guess_line(res, state_text) -> str:
    """Names the strategy's first guess (from a state: its next guess), and whether it was given or found."""
    which = "next guess" if state_text else "first guess"
    guess = res.stats.first_guess
    if res.stats.first_guess_given:
        return f"{which} {guess} (given)"
    if res.heuristic:
        return f"best {which} by the beam search: {guess} (not proven best)"
    return f"best {which}: {guess}"


@click.command(epilog="""\b
Examples:
  wordlelab solve --start salet --lists nyt20220316 --tree salet.tree
  wordlelab solve --start salet --lists nyt20220316 --tie-break worst""")
@lists_options
@mode_option
@click.option("--start", default=None, help="first guess (default: find the best one, which is slow)")
@click.option("--state", "state_text", default=None, help="solve from a game state, e.g. salet.BBBYB.drone")
@click.option("--max-guesses", default=6, show_default=True, type=click.IntRange(1, 20), help="every answer within this many guesses")
@flag_group("objective_group", ("--objective", "objective", ObjectiveType(), "OBJECTIVE"),
            ("--tie-break", "tie_break", click.Choice(["none", "worst"], case_sensitive=False), "none|worst"),
            help="what to minimise: total (default: the total of guesses), within:K (the answers not found "
                 "within K guesses, then the total), weights:FILE (a total weighted by 'word weight' lines) or "
                 "weights:frequency (by word frequency; pip install 'wordlelab[priors]'), easy mode only but for "
                 "total (docs/objectives.md); --tie-break worst: among least-total strategies, the fewest answers "
                 "needing the most guesses (proven)")
@flag_group("output", ("--tree", "tree_file", OutputFile(), "FILE"), ("--certify", "certify_file", OutputFile(), "FILE"),
            ("--plot", "plot_file", PlotFile(), "FILE"),
            help="files to write: the strategy tree (.json JSON, .graphml GraphML, else Selby's format); a "
                 "lower-bound certificate (no strategy from the first guess totals less), checked by the "
                 "independent checker before the result is given ('wordlelab verify-bound' re-checks it); the "
                 "guess-count histogram of the strategy (PNG or SVG by the suffix; pip install 'wordlelab[plot]')")
@click.option("--beam", default=None, type=click.IntRange(1, MAX_BEAM),
              help="fast heuristic: try only the K best-looking guesses per node (unproven)")
@setting_option("checkpoint",
              help="with --start: keep each class after the first guess as it is proven (JSON); a rerun resumes")
@inputs_option(help="with --checkpoint: a manifest (JSON, docs/ranking.md) whose class rankings of --start's "
                   "classes (finished 'best-start --state START.PATTERN --top 1' checkpoints) settle those classes, "
                   "or only bound them if made with --cutoff; its other files are other commands'")
@setting_option("workers", type=workers_type(),
                help="with --start: prove the classes on this many processes, sharing one node table (default 1)")
@set_option("dask_address", "threads", "memory_gib",
            types={"threads": Workers("threads")},
            helps={"dask_address": "with --start: prove the classes on dask.distributed",
                   "threads": "search the first guess's classes on this many threads of this process (default: "
                              "every core it may use, here %d), sharing one node table; not with --checkpoint, "
                              "--workers or dask" % usable_cores()})
@json_option
def solve(lists, mode, start, state_text, max_guesses, objective, tie_break, tree_file, certify_file, plot_file, beam,
          checkpoint, inputs, workers, dask_address, threads, memory_gib, as_json):
    """Prove the least total number of guesses, with a verified strategy tree.

    With --tie-break worst, the strategy is the least total's lexicographic optimum: fewest
    answers at the last guess allowed, then at the one before, and so on; its histogram is
    shown beside the plain search's. With --objective, another objective: a word-frequency prior,
    or the most answers within k guesses (docs/objectives.md).
    """
    from wordlelab.models.objectives import Objective
    objective = objective or Objective()
    tie_break = (tie_break or "none").lower()
    if objective.kind != "total":
        others = {"--mode hard/strict": mode != "easy", "--certify": certify_file, "--beam": beam,
                  "--tie-break worst": tie_break == "worst", "--checkpoint": checkpoint, "--inputs": inputs,
                  "--workers": workers, "--set dask": dask_address, "--set threads": threads}
        given = [k for k, v in others.items() if v]
        if given:
            raise WordleError(f"--objective {objective.kind} solves in easy mode, on one thread: not with {given[0]}")
        return _solve_objective(lists, objective, start, state_text, max_guesses, tree_file, plot_file, memory_gib,
                                as_json)
    from wordlelab.solvers.search.native import NativeSearcher
    class_rankings = ()
    if inputs is not None and inputs.class_rankings:
        from wordlelab.solvers.search.classes.class_checkpoint import ranking_state
        # a class's ranking is of the state its first guess's pattern leaves: this question's state and guess, then the pattern
        given = ".".join(x.strip() for x in (state_text, start) if x).lower()
        class_rankings = tuple(p for p in inputs.class_rankings
                               if ranking_state(p).strip().lower().rpartition(".")[0] == given)
    if certify_file and (beam or state_text or mode == "strict"):
        raise WordleError("--certify bounds an exact least total from the root of the lists in easy or hard mode: "
                          "not with --beam, --state or --mode strict")
    t0 = time.perf_counter()
    searcher = NativeSearcher(lists, mode, max_guesses, beam=beam or 0, cache_entries=table_entries(memory_gib))
    tied = tie_break == "worst"
    if threads is not None and (checkpoint or workers or dask_address or tied):
        raise WordleError("threads do not go with --checkpoint, --workers, dask or --tie-break worst "
                          "(those run their classes their own way)")
    if tied:
        from wordlelab.solvers.search.tie_break import check_tie_break, solve_tie_break
        check_tie_break(searcher, start, state_text)
        if checkpoint or workers or dask_address or class_rankings:
            raise WordleError("--checkpoint, --inputs, --workers and dask do not go with --tie-break worst")
    # what the progress counts: the classes after a given guess, or the guesses ranked
    given_guess = start or (state_text and len(state_text.strip().split(".")) % 2 == 1)
    label = "classes after the guess" if given_guess else ("next guesses" if state_text else "first guesses")
    with progress(label, None, enabled=not as_json) as advance:
        if tied:
            res = solve_tie_break(searcher, start=start, state=state_text, progress=advance)
        else:
            res = searcher.solve(start=start, state=state_text, progress=advance, checkpoint=checkpoint,
                                 workers=workers or 1, dask_address=dask_address,
                                 class_rankings=tuple(class_rankings), threads=threads or usable_cores())
    if certify_file:
        from wordlelab.solvers.search.rank.certify import certify_result
        certify_result(searcher, res, certify_file)
    save_tree_certificate(res, tree_file)
    if plot_file and res.certificate is not None:
        from wordlelab.cli.plots import guess_histograms
        label = f"{res.stats.first_guess} ({res.status.value.lower()}, total {res.value})"
        series = [(label, res.stats.histogram)]
        if tied:
            series = [(f"{res.stats.tie_break.plain_first_guess} (plain search, total {res.value})",
                       res.stats.tie_break.plain_histogram), (f"{res.stats.first_guess} (tie-broken, total {res.value})", res.stats.histogram)]
        if final_write(guess_histograms, series, plot_file,
                       f"guesses needed, {lists.name}, {mode} mode, {res.stats.n_answers} answers"):
            res.stats.plot_file = plot_file
    if as_json:
        emit_json(res.as_dict())
        return
    n = res.stats.n_answers
    bounded = res.stats.class_bounds
    label = {"OPTIMAL": "proven optimal" + (", ties broken by the worst case" if tied else ""),
             "FEASIBLE": f"beam {beam}: a heuristic strategy, NOT proven optimal" if beam else
                         "a verified strategy; its optimality rests on a file, below",
             "INFEASIBLE": f"no strategy finds every answer within {max_guesses} guesses",
             "UNKNOWN": f"beam {beam} found no strategy within {max_guesses} guesses; nothing is proven"
                        if not bounded else "a proven lower bound, no strategy"}[res.status.value]
    where = f", from state {state_text}" if state_text else ""
    out.print(f"{res.status}: {mode} mode, lists {lists.name}{where}, {n} answers, "
              f"max {max_guesses} guesses ({label})")
    show_rests_on(res)
    if res.value is not None:
        out.print(_first_guess_line(res, state_text))
        out.print(f"total {res.value}  average {res.stats.average:.4f}  "
                  f"(tree verified by the independent checker)")
        if tied:
            _show_tie_break(res)
        else:
            _show_histogram(res.stats.histogram)
    on = f" on {res.stats.threads} threads" if res.stats.threads else ""
    search = f" (search {res.stats.search_seconds:.2f} s{on})" if res.stats.search_seconds is not None else ""
    if tied and res.stats.tie_break is not None:
        search += f", plain search {res.stats.tie_break.plain_seconds:.2f} s before it"
    out.print(f"nodes {res.stats.nodes}  cache hits {res.stats.cache_hits}  "
              f"solve {res.seconds:.2f} s{search}  whole command {time.perf_counter() - t0:.2f} s")
    if certify_file:
        lb = res.stats.lower_bound
        out.print(f"lower bound certified (checked by the independent checker): {lb.statement}; {lb.claims} "
                  f"claims, {lb.bytes} bytes in {lb.file}, made in {lb.certify_seconds:.2f} s, checked in "
                  f"{lb.check_seconds:.2f} s" if lb else "no lower-bound certificate: the result is not a proven "
                  "least total")
    if res.stats.classes_from_checkpoint:
        checked = "no tree, so not verified now" if bounded else "the whole tree verified now"
        source = "claimed by a file this installation did not write" if res.rests_on else \
            "proven by an earlier run here"
        out.print(f"{res.stats.classes_from_checkpoint} of {res.stats.classes} classes taken from the "
                  f"checkpoint {checkpoint} ({source}; {checked})")
    from wordlelab.solvers.search.engine.tables import INF
    for pattern in res.stats.classes_from_rankings or ():
        if bounded and bounded.get(pattern, 0) >= INF:
            out.print(f"class {pattern}: no strategy within the limit, as its finished ranking (--inputs) "
                      f"proves: no guess after it has one")
        elif bounded and pattern in bounded:
            out.print(f"class {pattern}: at least {bounded[pattern]}, as its finished ranking (--inputs) proves: "
                      f"its least entry is a bound (a --cutoff ranking), so its least total is not known")
        else:
            out.print(f"class {pattern}: least total as its finished ranking (--inputs) proves it")
    claimed_bound = res.bound if res.bound is not None else res.stats.claimed_bound
    if bounded and claimed_bound is not None:
        how = "" if res.bound is not None else " if the files above hold"
        out.print(f"total at least {claimed_bound}{how} (average at least {claimed_bound / n:.4f}): the least "
                  f"totals of the other classes plus these bounds; no tree, so no strategy is claimed")
    if res.stats.tree_file is not None:
        out.print(f"tree written to {tree_file}")


def _objective_line(res, objective) -> str:
    st = res.stats
    if st.unfound is not None:
        return (f"{st.unfound} of {st.n_answers} answers found only after guess {objective.k} "
                f"(the fewest), then total {st.total} (average {st.total / st.n_answers:.4f})")
    if st.weight is not None:
        return (f"weighted total {st.value} over a weight of {st.weight}: expected {st.expected:.4f} guesses "
                f"(plain total {st.total}, average {st.total / st.n_answers:.4f})")
    return f"total {st.total}  average {st.expected:.4f}"


def _solve_objective(lists, objective, start, state_text, max_guesses, tree_file, plot_file, memory_gib, as_json):
    """solve --objective: the optimum of an objective other than the plain total."""
    from wordlelab.solvers.search.rank.objective import ObjectiveSearch
    t0 = time.perf_counter()
    search = ObjectiveSearch(lists, objective, max_guesses)
    given_guess = start or (state_text and len(state_text.strip().split(".")) % 2 == 1)
    label = "classes after the guess" if given_guess else "first guesses"
    with progress(label, None, enabled=not as_json) as advance:
        res = search.solve(start=start, state=state_text, progress=advance)
    save_tree_certificate(res, tree_file)
    if plot_file and res.certificate is not None:
        from collections import Counter
        from wordlelab.cli.plots import guess_histograms
        hist = dict(Counter(len(p) for p in res.certificate.paths()))
        if final_write(guess_histograms, [(f"{res.stats.first_guess} ({objective.describe()})", hist)], plot_file,
                       f"guesses needed, {lists.name}, easy mode, {res.stats.n_answers} answers"):
            pass
    if as_json:
        emit_json(res.as_dict())
        return
    where = f", from state {state_text}" if state_text else ""
    what = {"OPTIMAL": "proven optimal; the tree verified by the independent checker and priced again from it",
            "INFEASIBLE": f"no strategy finds every answer within {max_guesses} guesses"}[res.status.value]
    out.print(f"{res.status}: {objective.describe()}, easy mode, lists {lists.name}{where}, "
              f"{res.stats.n_answers} answers, max {max_guesses} guesses ({what})")
    if res.status.value == "OPTIMAL":
        out.print(_first_guess_line(res, state_text))
        out.print(_objective_line(res, objective))
    out.print(f"nodes {res.stats.nodes}  solve {res.seconds:.2f} s  whole command {time.perf_counter() - t0:.2f} s")
    if tree_file and res.certificate is not None:
        out.print(f"tree written to {tree_file}")


def _rank_objective(lists, objective, state, max_guesses, top, limit, only_words, checkpoint, show, as_json):
    """best-start --objective: first (or next) guesses ranked with proof for another objective."""
    from wordlelab.solvers.search.rank.objective import ObjectiveSearch
    t0 = time.perf_counter()
    search = ObjectiveSearch(lists, objective, max_guesses)
    H, d, history, given = search.root(None, state)
    if given is not None:
        raise WordleError("--state ends with a guess: best-start ranks the guesses after a pattern")
    words = None if only_words is None else [w.strip().lower() for w in only_words.split(",") if w.strip()]
    for w in words or ():
        if w not in search.guess_index:
            raise WordleError(f"{w!r} is not in the guess list {lists.name}")
    with progress("first guesses" if not state else "next guesses", None, enabled=not as_json) as advance:
        ranking = search.rank(H, d, top=top, words=words, limit=limit, progress=advance, checkpoint=checkpoint,
                              state=state)
    res = search.ranking_result(ranking, H, state, top, t0)
    if as_json:
        emit_json(res.as_dict())
        return
    show = 20 if show is None else show
    n = len(H)
    within = objective.kind == "within"

    def shown(r):
        v, total = search.read_value(r.value)
        if within:
            return [("" if r.exact else ">= ") + str(v), (str(total) if r.exact else "")]
        return [("" if r.exact else ">= ") + str(v), f"{v / res.stats.weight:.4f}" if r.exact else
                f">= {v / res.stats.weight:.4f}"]

    cols = (["rank", "word", f"not within {objective.k}", "total", "proof"] if within else
            ["rank", "word", "weighted total" if objective.kind == "weights" else "total", "expected", "proof"])
    where = f" after {state} ({n} answers left)" if state else ""
    table(f"{objective.describe()}, easy mode, {lists.name}{where}", cols,
          [[i + 1, r.word, *shown(r), "exact, tree verified" if r.exact and r.word == res.stats.first_guess
            else "exact" if r.exact else "bound"] for i, r in enumerate(ranking[:show])])
    st = res.stats
    if res.status.value == "OPTIMAL":
        scope = "of the words given" if words or limit else ("next guess" if state else "first word")
        out.print(f"OPTIMAL: best {scope}: {st.first_guess}; {_objective_line(res, objective)}; its tree verified "
                  f"by the independent checker and priced again from it; every other candidate proven no better")
    else:
        out.print(f"{res.status}: no candidate finds every answer within {max_guesses} guesses")
    show_rests_on(res)
    taken = f", {st.from_checkpoint} taken from the checkpoint {checkpoint}" if st.from_checkpoint else ""
    out.print(f"{st.evaluated} of {st.candidates} candidates solved exactly or cut off{taken}; the others bounded "
              f"by their one-ply bound; {time.perf_counter() - t0:.1f} s")


def _state_status(searcher, n_guesses, state_text, checkpoint, as_json):
    """prove-depth --state S --checkpoint F --status: how far the state's run has gone."""
    from wordlelab.solvers.search.depth.class_refutation import state_status
    if not checkpoint:
        raise WordleError("--status reads --checkpoint: give the state run's checkpoint file")
    res = state_status(searcher, checkpoint, n_guesses)
    if res.question["state"].lower() != state_text.strip().lower():
        raise WordleError(f"{checkpoint} is the checkpoint of state {res.question['state']}, not {state_text}")
    if as_json:
        emit_json(res.as_dict())
        return
    st = res.stats
    out.print(f"{res.status}: after {res.question['state']} ({st['n_answers']} answers), of {st['next_guesses']} "
              f"next guesses {st['cores_made'] + st['cores_by_monotonicity']} are refuted with a checked core "
              f"({st['cores_by_monotonicity']} of them another guess's, by monotonicity), {st['core_pending']} "
              f"refuted with the core still to make, {st['open']} open, {st['not_reached']} not reached")
    show_rests_on(res)
    if st["open_budgets"]:
        out.print("open, by the node budget that stopped each: "
                  + ", ".join(f"{n} at {b}" for b, n in st["open_budgets"].items()))


def _every_first_word(searcher, n_guesses, tree_dir, limit, checkpoint, node_limit, workers,
                      dask_address, recheck, as_json, core_work=None, status_only=False, only_words=None,
                      class_checkpoints=(), sample=None):
    """wordlelab every-first-word: one decision per first word (--status: what the checkpoint holds)."""
    from wordlelab.solvers.search.depth.depth_sweep import decide_every_first_word
    from wordlelab.models.settings import Execution, Limits
    from wordlelab.solvers.search.depth.depth_sweep import FirstWords
    if core_work is not None and searcher.mode not in ("hard", "easy"):
        raise ParameterError("{core_work} is the budget of the core checks of hard and easy mode")
    lists = searcher.lists
    if status_only:
        if recheck or workers or dask_address or core_work or only_words is not None or class_checkpoints:
            raise ParameterError("--status searches nothing: drop {recheck}, {core_work}, {words}, {inputs}, "
                                 "{workers} and {dask_address}")
        from wordlelab.solvers.search.depth.depth_verdicts import sweep_status
        if sample and limit:
            raise ParameterError("{sample} draws the words to decide: drop {limit}")
        res = sweep_status(searcher, n_guesses, checkpoint, limit, sample)
    else:
        with progress("first words", None, enabled=not as_json) as advance:
            res = decide_every_first_word(
                searcher, n_guesses,
                candidates=FirstWords(limit, None if only_words is None else tuple(only_words.split(",")), sample),
                limits=Limits(node_limit=node_limit, core_work=core_work),
                execution=Execution(workers=workers, dask_address=dask_address, checkpoint=checkpoint),
                tree_dir=tree_dir, recheck=recheck, class_checkpoints=class_checkpoints, progress=advance)
    if as_json:
        emit_json(res.as_dict())
        return
    st = res.stats
    d = st.decided
    # with --words the run's words come first; the counts below are the whole checkpoint's
    named = st.words is not None
    if named:
        out.print("the words asked for (--words): " + ", ".join(f"{w.upper()} {v}" for w, v in st.words.items()))
    held = d["yes"] + d["no"] + d["unknown"]
    # the counts are the checkpoint's: with --limit it may hold more words than the run took
    whole = named or held > st.first_words
    first_words = held + st.not_reached if whole else st.first_words
    lead = "with them, the checkpoint: " if named else "the checkpoint: " if whole else ""
    out.print(f"{lead}{res.status}: of {first_words} first words "
              f"({searcher.mode} mode, {lists.name}, "
              f"{len(searcher.lists.answers)} answers), {d['yes']} find every answer within {n_guesses} guesses, "
              f"{d['no']} cannot (exhaustive search" + _checked_cores(searcher.mode, d["no"], st.nos_unchecked)
              + f"), {d['unknown']} undecided "
              f"(node limit" + (f"; {st.refuted_unchecked} of them refuted by the search, their cores not "
                                f"made or checked in the budget" if st.refuted_unchecked else "") + ")")
    show_rests_on(res)
    shown = ", ".join(w.upper() for w in st.yes[:20]) + (" ..." if len(st.yes) > 20 else "")
    if st.yes:
        out.print(f"yes: {shown}")
    if st.unknown_by_limit:
        out.print("undecided, by what stopped them: " + ", ".join(f"{k}: {n}" for k, n in st.unknown_by_limit.items()))
        for stopped, words in st.unknown_words_by_limit.items():
            out.print(f"  {stopped}: " + ", ".join(w.upper() for w in words[:SHOWN_UNKNOWN])
                      + (f", ... ({len(words) - SHOWN_UNKNOWN} more)" if len(words) > SHOWN_UNKNOWN else ""))
    if st.check_settled:
        from wordlelab.solvers.search.depth.depth_report import check_progress
        reached = st.check_reached or {}
        out.print("core checks under way (second guesses refuted so far, and the last of them in the "
                  "check's order): " + ", ".join(check_progress(w, n, reached.get(w))
                                                 for w, n in sorted(st.check_settled.items())))
    if st.not_reached:
        out.print(f"not reached yet: {st.not_reached} first words")
    if st.sample is not None:
        out.print(_sample_line(st.sample, sample[1], n_guesses))
    if status_only:
        out.print(f"read from {checkpoint}; nothing searched ({res.seconds:.1f} s)")
        return
    out.print(f"each yes decided now has a tree checked by the independent verifier ({st.trees_verified})"
              + (f", kept in {tree_dir}" if tree_dir else ""))
    if st.recheck is not None:
        r = st.recheck
        out.print(f"re-checked from the certificates alone, the checkpoint's included: {r['cores']} cores by the "
                  f"pure-Python checker ({r['check_nodes']} nodes), {r['trees']} trees by the verifier; "
                  f"{r['seconds']:.1f} s")
    rate = f", {st.rate_per_hour} words an hour" if st.rate_per_hour else ""
    out.print(f"{st.searched_now} searched now, {st.from_checkpoint} from the checkpoint; "
              f"{res.seconds:.1f} s{rate}")


@click.command("prove-depth", epilog="Example: wordlelab prove-depth --guesses 4 --start salet --lists nyt20220316")
@click.option("--guesses", "n_guesses", required=True, type=int, help="the guess limit G to decide")
@lists_options(guess_flag="--guess-file")
@mode_option
@flag_group("from", ("--start", "start", click.STRING, "WORD"), ("--state", "state_text", click.STRING, "STATE"),
            help="decide with this first guess (default: any), or from a game state (guess.PATTERN..., e.g. "
                 "salet.BBBYB; ending in a guess, with that next guess)")
@setting_option("node_limit", default=10**12, show_default=True, help="give up (UNKNOWN) after this many nodes")
@click.option("--any-tree", is_flag=True,
              help="on yes, certify with the depth search's own strategy (verified) instead of a least-total "
                   "one: for instances whose least total is out of reach")
@click.option("--recheck", is_flag=True,
              help="on no (easy mode): re-decide the core with the plain search")
@setting_option("checkpoint",
              help="without --start: first words refuted so far, with their cores (JSON); a rerun resumes from it")
@flag_group("output", ("--tree", "tree_file", OutputFile(), "FILE"), ("--core", "core_file", OutputFile(), "FILE"),
            help="files to write: the certificate tree on yes; on no (easy mode, or hard mode with --start), the "
                 "core, one answer per line (a list for --answers)")
@click.option("--status", "status_only", is_flag=True,
              help="with --state and --checkpoint: report what the checkpoint holds and search nothing: the "
                   "next guesses refuted, their cores checked and those left open")
@click.option("--largest-first", is_flag=True,
              help="--state with --checkpoint, hard mode: make the cores of the largest classes first; a second run "
                   "on the same checkpoint with this flag works from the other end, and each run takes the cores "
                   "the other has made")
@set_option("core_work", "memory_gib",
            helps={"core_work": "--state, hard mode: patterns the pure-Python checker may read on each core"})
@json_option
def prove_depth(n_guesses, lists, mode, start, state_text, node_limit, any_tree, recheck, checkpoint, tree_file,
                core_file, status_only, largest_first, core_work, memory_gib, as_json):
    """Decide whether every answer can be found within G guesses, with a certificate.

    Yes is OPTIMAL with a verified tree, no is INFEASIBLE (with a core in easy mode, and in
    hard mode with a first word), UNKNOWN means the node limit stopped the search.
    """
    from wordlelab.solvers.search.depth import depth_proof
    from wordlelab.solvers.search.native import NativeSearcher
    if not 1 <= n_guesses <= 20:
        raise WordleError(f"--guesses must be between 1 and 20, not {n_guesses}")
    if largest_first and (not (state_text and checkpoint) or status_only or mode != "hard"):
        raise WordleError("--largest-first goes with --state and --checkpoint in hard mode (not --status)")
    if status_only and checkpoint and not os.path.exists(checkpoint):
        raise WordleError(f"--status: the checkpoint {checkpoint} does not exist (nothing to report)")
    from wordlelab.solvers.search.depth.run import DepthRun
    searcher = NativeSearcher(lists, mode, n_guesses, cache_entries=table_entries(memory_gib))
    run = DepthRun(searcher, largest_first=largest_first)
    if (status_only or core_work) and not state_text:
        raise ParameterError("--status and {core_work} go with --state here; every first word: "
                             "'wordlelab every-first-word'")
    if status_only:
        return _state_status(searcher, n_guesses, state_text, checkpoint, as_json)
    if core_work:
        # a state run checks each next guess's core under this budget
        if searcher.mode != "hard":
            raise ParameterError("{core_work} is the budget of hard mode's core checks")
        run.core_work = core_work
    # what the progress counts: classes after a given guess, or the guesses tried
    given_guess = start or (state_text and len(state_text.strip().split(".")) % 2 == 1)
    label = "classes after the guess" if given_guess else ("next guesses" if state_text else "first guesses")
    with progress(label, None, enabled=not as_json) as advance:
        res = depth_proof.prove_depth(searcher, n_guesses, start=start, state=state_text, node_limit=node_limit,
                                               progress=advance, recheck=recheck, checkpoint=checkpoint,
                                               any_tree=any_tree, run=run)
    if core_file and res.certificate_kind == "core":
        from wordlelab.models.files import write_atomic
        if final_write(write_atomic, core_file, "\n".join(res.certificate) + "\n"):
            res.stats.core.file = core_file
    save_tree_certificate(res, tree_file)
    if as_json:
        emit_json(res.as_dict())
        return
    st = res.stats
    where = f" from state {state_text}" if state_text else ""
    if res.status == "OPTIMAL":
        who = (f"with first guess {st.first_guess}" if st.first_guess_given
               else f"with first guess {st.first_guess} (found)")
        out.print(f"OPTIMAL (yes): {who}{where}, every answer is found within {n_guesses} guesses ({mode} mode, "
                  f"{lists.name}); certificate tree verified: at most {res.value} guesses, total {st.total}"
                  + (" (any strategy: not proven least)" if any_tree else " (least)"))
        if st.tree_file is not None:
            out.print(f"tree written to {tree_file}")
    elif res.status == "INFEASIBLE":
        who = f"with first guess {start}" if start else "whatever the first guess"
        out.print(f"INFEASIBLE (no): {who}{where}, no strategy finds every answer within {n_guesses} guesses "
                  f"({mode} mode, {lists.name}); exhaustive search, {st.nodes} nodes")
        if res.certificate_kind == "core":
            c, answers = st.core, res.certificate
            shown = " ".join(answers[:12]) + (" ..." if len(answers) > 12 else "")
            if mode == "hard":
                checked = (f"re-decided by the pure-Python checker (models/refutation.py): {c.check} in "
                           f"{c.check_seconds:.2f} s")
            elif recheck:
                checked = f"re-checked by the plain search (no learnt cores): {c.check} in {c.check_seconds:.2f} s"
            else:
                checked = "--recheck re-decides it with the plain search"
            if c.checker is not None:
                checked = (f"proven by the pure-Python checker (models/refutation.py, easy mode, "
                           f"{c.checker['nodes']} nodes); " + checked)
            out.print(f"core: {len(answers)} answers ({shown}) alone need more than "
                      f"{c.guesses_left} guesses{' after ' + start if start else ''}; {checked}"
                      + (f"; written to {core_file}" if c.file is not None else ""))
    elif res.rests_on:
        out.print(f"{res.status}: no first guess was found to work within {n_guesses} guesses ({mode} mode, "
                  f"{lists.name}), but that rests on refutations taken from a file")
        show_rests_on(res)
    else:
        out.print(f"UNKNOWN: node limit {node_limit} reached after {st.nodes} nodes; nothing is proven")
    if st.from_checkpoint:
        out.print(f"{st.from_checkpoint} first guess(es) refuted by an earlier run, taken from the checkpoint "
                  f"{checkpoint} (not re-searched now)")
    out.print(f"{res.seconds:.2f} s")


@click.command("every-first-word", epilog="Example: wordlelab every-first-word --guesses 3 --lists nyt20220316 --limit 20")
@click.option("--guesses", "n_guesses", required=True, type=click.IntRange(1, 20), help="the guess limit G to decide")
@lists_options(guess_flag="--guess-file")
@mode_option
@setting_option("node_limit", default=10**12, show_default=True,
                help="give up on a first word (UNKNOWN) after this many nodes")
@setting_option("checkpoint", help="the words decided so far, each with its certificate (JSON); a rerun resumes from it")
@click.option("--recheck", is_flag=True,
              help="re-check every decision's core (pure-Python checker) or tree before returning, the "
                   "checkpoint's included (with --words, those words'; easy mode marks each core proven in the "
                   "checkpoint)")
@click.option("--trees", "tree_dir", default=None, type=OutputDir(),
              help="keep each yes word's verified tree here (WORD.tree); "
                   "a tree already there decides its word once the verifier passes it")
@flag_group("part", ("--limit", "limit", positive(), "N"), ("--words", "only_words", click.STRING, "W1,W2,..."),
            ("--sample", "sample", SeededValue(), "N[:SEED]"),
            help="only some first words: the first N, most promising first; only these (comma-separated), e.g. to "
                 "spend a larger core-work on one core check, the checkpoint's other words kept as they are; or N "
                 "drawn at random with the seed SEED (default 0; the same seed, the same words), taken in the order "
                 "drawn, with an estimate of the yes count from the sample's decided prefix (a statistic, not a "
                 "proof; with --status, from the checkpoint alone)")
@click.option("--status", "status_only", is_flag=True,
              help="report what --checkpoint holds and search nothing: the words decided and what stopped each "
                   "undecided one")
@inputs_option(help="hard mode: a manifest (JSON, docs/ranking.md) whose class checkpoints, each of a 'prove-depth "
                    "--state WORD.PATTERN --checkpoint FILE' run whose search refuted every guess after that class "
                    "of WORD, decide their words by checking the class's core made from them, with the guesses' "
                    "cores checked so far; its other files are other commands'")
@setting_option("workers", type=workers_type(),
                help="processes (default 1; in hard mode they share one node table); with --set dask=local, workers")
@set_option("core_work", "dask_address", "memory_gib",
            helps={"core_work": "patterns the pure-Python checker may read on a core (in hard mode, one that could "
                                "not be shrunk) (default 200000000; in easy mode 5000000000); a word whose search "
                                "refuted a class but whose core ran out of it is searched again only with a larger "
                                "value (or once its tree is in --trees); such a core is kept beside --checkpoint "
                                "(NAME.drafts.json), so that the larger value only checks it",
                   "dask_address": "run the first words on dask.distributed"})
@json_option
def every_first_word(n_guesses, lists, mode, node_limit, checkpoint, recheck, tree_dir, limit, only_words, sample,
                     status_only, inputs, workers, core_work, dask_address, memory_gib, as_json):
    """Decide, for every first word, whether it finds every answer within G guesses, each with a certificate.

    A yes comes with a verified tree, a no with a core checked by the independent checker. The
    run is resumable from --checkpoint, and --status reports what a checkpoint holds.
    """
    from wordlelab.solvers.search.native import NativeSearcher
    class_checkpoints = ()
    if inputs is not None:
        if inputs.class_rankings or inputs.seed_trees or inputs.depth_checkpoint:
            raise WordleError("every-first-word reads the class checkpoints of an inputs file; its class rankings, "
                              "seed trees and depth checkpoint are best-start's")
        class_checkpoints = inputs.class_checkpoints
    if status_only and checkpoint and not os.path.exists(checkpoint):
        raise WordleError(f"--status: the checkpoint {checkpoint} does not exist (nothing to report)")
    searcher = NativeSearcher(lists, mode, n_guesses, cache_entries=table_entries(memory_gib))
    sample = None if sample is None else (int(sample.value), sample.seed)
    return _every_first_word(searcher, n_guesses, tree_dir, limit, checkpoint, node_limit, workers, dask_address,
                             recheck, as_json, core_work, status_only, only_words, class_checkpoints, sample)


def _parse_shard(text):
    try:
        i, n = (int(x) for x in text.split("/"))
        assert 0 <= i < n
        return i, n
    except (ValueError, AssertionError):
        raise WordleError(f"--shard takes i/n with 0 <= i < n, not {text!r}") from None


@click.command("best-start", epilog="""\b
Examples:
  wordlelab best-start --lists nyt20220316 --top 5 --checkpoint rank.json
  wordlelab best-start --lists nyt20220316 --top 5 --checkpoint rank.json --set dask=tcp://scheduler:8786
  wordlelab best-start --state salet.BBBYB --lists nyt20220316 --top 3""")
@lists_options
@mode_option
@click.option("--state", default=None, metavar="STATE",
              help="rank the next guesses after this game state (guess.PATTERN..., e.g. salet.BBBYB) instead of "
                   "the first words: totals count the guesses from there, over the answers it leaves")
@click.option("--max-guesses", default=6, show_default=True, type=click.IntRange(1, 20),
              help="every answer within this many guesses")
@click.option("--objective", type=ObjectiveType(), default="total", show_default=True,
              help="what to minimise (as in 'solve'): total, within:K, weights:FILE or weights:frequency; not "
                   "total: easy mode, one process (docs/objectives.md)")
@flag_group("exactness", ("--top", "top", non_negative(), "K"), ("--exact", "top", non_negative(), "K"),
            ("--cutoff", "cutoff", positive(), "N"),
            help="exact values (not bounds) for the K best first words (default 1; --exact is the same), the others "
                 "proven lower bounds; --cutoff: make exact only the totals below N (even with --top): every other "
                 "candidate gets a proven bound, at least N unless K exact totals are below it (quick; proves the "
                 "least total is at least N when none is below)")
@flag_group("part", ("--limit", "limit", positive(), "N"), ("--shard", "shard", click.STRING, "i/n"),
            ("--words", "only_words", click.STRING, "W1,W2,..."),
            help="a partial ranking: only the N most promising candidates; only every n-th, from the i-th (with "
                 "--limit: the first N of the shard); or only these words, in this order (comma-separated; not "
                 "with the other two), whose totals and bounds join --checkpoint beside the whole ranking's, which "
                 "a later run takes from it")
@setting_option("checkpoint", help="resumable results file (JSON)")
@setting_option("workers", type=workers_type(), help="processes (default: all cores); with --set dask=local, workers")
@set_option("dask_address", helps={"dask_address": "run the tasks on dask.distributed: a LocalCluster, or a "
                                                   "running scheduler"})
@inputs_option
@flag_group("output", ("--show", "show", non_negative(), "ROWS"),
            ("--plot", "plot_file", PlotFile(), "FILE"),
            help="print this many rows of the ranking (default 20); draw the best first words with their proven "
                 "totals and bounds (PNG or SVG by the suffix; pip install 'wordlelab[plot]')")
@json_option
def best_start(lists, mode, state, max_guesses, objective, top, cutoff, limit, shard, only_words, checkpoint, workers,
               dask_address, inputs, show, plot_file, as_json):
    """Rank first words with proof: exact totals for the top K, proven lower bounds for the rest.

    A ranking that rests on finished runs (a depth sweep's no words, words' class checkpoints and
    their class rankings, seed trees) names them in an inputs file, --inputs (docs/ranking.md).
    With --objective, first words ranked for another objective (docs/objectives.md).
    """
    top = 1 if top is None else top
    if top < 1:
        raise WordleError("--top must be at least 1")
    if objective.kind != "total":
        others = {"--mode hard/strict": mode != "easy", "--shard": shard, "--workers": workers, "--set dask": dask_address, "--inputs": inputs, "--cutoff": cutoff,
                  "--plot": plot_file}
        given = [k for k, v in others.items() if v]
        if given:
            raise WordleError(f"--objective {objective.kind} ranks in easy mode, in one process: not with {given[0]}")
        return _rank_objective(lists, objective, state, max_guesses, top, limit, only_words, checkpoint, show,
                               as_json)
    from wordlelab.models.inputs import ProofInputs
    from wordlelab.models.settings import Execution
    from wordlelab.solvers.search.rank.best_start import Candidates, SweepHooks, run_best_start
    inputs = inputs or ProofInputs()
    show = 20 if show is None else show
    shard_t = _parse_shard(shard) if shard else None
    if top < 1:
        raise WordleError("--top must be at least 1")
    res = run_best_start(lists, mode, max_guesses, top, state=state, cutoff=cutoff,
                         candidates=Candidates(shard_t, limit, None if only_words is None
                                               else tuple(only_words.split(","))),
                         inputs=inputs,
                         execution=Execution(workers=workers or os.cpu_count() or 1, dask_address=dask_address,
                                             checkpoint=checkpoint),
                         hooks=SweepHooks(progress_bar=None if as_json else progress,
                                          announce=None if as_json else err.print))
    class_checkpoints = inputs.class_checkpoints
    state = res.question.get("state")
    words = f"next guesses after {state}" if state else "first words"
    if plot_file:
        from wordlelab.cli.plots import first_words
        if final_write(first_words, res.stats.ranking, plot_file, f"best {words}, {lists.name}, {mode} mode"):
            res.stats.plot_file = plot_file
    if as_json:
        emit_json(res.as_dict())
        return
    st = res.stats
    rows = st.ranking[:show]
    resumed = st.from_checkpoint or class_checkpoints
    # values taken from a checkpoint are marked: they were not computed in this run
    columns = ["rank", "word", "total", "average", "proof"] + (["source"] if resumed else [])
    table(f"{words}, {mode} mode, {lists.name}" + (f" ({st.n_answers} answers left)" if state else ""), columns,
          [[i + 1, r["word"], *((f">= {r['total']}", f">= {r['average']}") if r["proof"].startswith(">=")
                                 else (r["total"], r["average"])), r["proof"]]
           + ([r["source"] if r["source"] != "computed" else "this run"] if resumed else [])
           for i, r in enumerate(rows)])
    if res.status in ("OPTIMAL", "FEASIBLE"):
        out.print(f"{res.status}: best {'next' if state else 'first'} guess {st.first_guess}, total {res.value} "
                  f"(average {st.average:.4f}); its tree verified by the independent checker")
        show_rests_on(res)
    elif res.status == "UNKNOWN":
        which = "next guess" if state else "first word"
        least = (f"every {which} totals at least {res.bound} (proven bounds)" if res.bound is not None
                 else f"every candidate of this partial ranking (--limit/--shard/--words) totals at least "
                      f"{st.ranking[0]['total']}, a bound on those candidates only")
        why = f"no total below --cutoff {cutoff}" if cutoff is not None else "no candidate's total is exact"
        out.print(f"UNKNOWN: {least}; {why}, so the least is only bounded")
        show_rests_on(res)
    else:
        out.print(f"{res.status}: no {'next guess' if state else 'first word'} finds every answer within "
                  f"{max_guesses} guesses")
    out.print(f"{st.evaluated} of {st.candidates} candidates evaluated in {res.seconds:.1f} s"
              f"{'; partial ranking (--limit/--shard/--words)' if st.partial else ''}")
    if st.from_checkpoint:
        out.print(f"{st.from_checkpoint} of them taken from the checkpoint {checkpoint} (an earlier run), "
                  f"not computed now")
    if class_checkpoints:
        from_files = st.from_class_checkpoints
        exact = sum(r["exact"] for r in from_files.values())
        out.print(f"{exact} exact from their class checkpoints (each tree verified now)"
                  + (f", {len(from_files) - exact} bounded by theirs and their class rankings (no tree): "
                     + ", ".join(f"{w} >= {r['total']}" for w, r in from_files.items() if not r["exact"])
                     if len(from_files) > exact else ""))


@click.command(epilog="""\b
Examples:
  wordlelab hint salet.BBBYB --lists nyt20220316
  wordlelab hint salet.BBBYB.drone.YBBBG --lists nyt20220316 --top 5
  wordlelab hint crane.BYBBB --mode hard
  wordlelab hint salet --lists nyt20220316
  wordlelab hint '' --lists nyt20220316""")
@click.argument("state")
@lists_options
@mode_option
@click.option("--top", default=3, show_default=True, type=positive(), help="how many of the best guesses to show")
@click.option("--show", default=12, show_default=True, type=non_negative(),
              help="list the answers left when there are at most this many")
@setting_option("workers", type=workers_type(),
              help="processes for ranking every first guess, for the empty state, when that ranking is not kept yet "
                   "(default: all cores)")
@json_option
def hint(state, lists, mode, top, show, workers, as_json):
    """The best next guesses from a game state, with their proven expected number of further guesses.

    STATE is guess.PATTERN.guess.PATTERN... (salet.BBBYB). Ending with a guess without its
    pattern (salet), it asks for the best next guesses after every pattern of that guess. The
    empty state ('') asks for the first guess. Each answer is kept in the cache, re-checked
    when asked again, and then needs no search. The best guess's tree is verified; that no
    other next guess does better is certified by 'wordlelab certify-ranking F --state STATE'.
    """
    from wordlelab.solvers.search.rank.hint import game_state
    if state.strip() and game_state(lists, state, mode).next_guess:
        return _hints_per_pattern(state, lists, mode, top, as_json)
    from wordlelab.solvers.search.rank.hint import hint as best_next
    r = best_next(lists, state, mode, top, workers=workers or os.cpu_count() or 1,
                  progress_bar=None if as_json else progress, announce=err.print)
    if as_json:
        emit_json(r.as_dict())
        return
    left = r.stats.answers_left
    where = r.question["state"] or "before the first guess"
    out.print(f"{where}: {len(left)} answer{'s' if len(left) != 1 else ''} left ({mode} mode, {lists.name})"
              + (f": {' '.join(left)}" if len(left) <= show else ""))
    if r.status not in ("OPTIMAL", "FEASIBLE"):
        out.print(f"{r.status}: no strategy finds every answer left within 6 guesses in all")
        show_rests_on(r)
        return
    rows = r.stats.guesses
    ties = [g["guess"] for g in rows if g["tie"]]
    table(None, ["guess", "expected further guesses", "total", "rank", "could be the answer"],
          [[g["guess"], f"{g['expected']:.4f}", g["total"], "tie for best" if g["tie"] and len(ties) > 1
            else ("best" if i == 0 else i + 1), "yes" if g["possible_answer"] else ""] for i, g in enumerate(rows)])
    if len(ties) > 1:
        more = "at least " if len(ties) == len(rows) == top else ""
        out.print(f"{more}{len(ties)} guesses tie for best: {' '.join(ties)}"
                  + (f" (--top {top + 5} shows more)" if more else ""))
    kept = r.stats.kept
    source = (f"; read from the cache and re-verified (the search took {kept['search_seconds']:.1f} s)"
              if kept["read"] else "")
    if r.rests_on:
        out.print(f"every tree checked by the verifier{source}; expected counts the next guess")
        show_rests_on(r)
        return
    out.print(f"every value proven exactly and its tree checked by the verifier{source}; "
              "expected counts the next guess")


def _hints_per_pattern(state, lists, mode, top, as_json):
    from wordlelab.solvers.search.rank.hint import hints_per_pattern
    with progress("patterns", None, enabled=not as_json) as advance:
        r = hints_per_pattern(lists, state, mode, top, progress=advance)
    if as_json:
        emit_json(r.as_dict())
        return
    st = r.stats
    out.print(f"{r.question['state']}: {st.n_answers} answers, {len(st.scores)} patterns "
              f"({mode} mode, {lists.name})")
    table(None, ["pattern", "answers", "best next guess", "expected further guesses", "total", "also best"],
          [[row["score"], row["answers"], row["guesses"][0] if row["guesses"] else
            ("(solved)" if row["score"] == "GGGGG" else "none within the limit"),
            "" if row["expected"] is None or row["score"] == "GGGGG" else f"{row['expected']:.4f}", row["total"],
            " ".join(row["guesses"][1:row["ties"]])] for row in st.scores])
    if r.status == "OPTIMAL":
        out.print(f"total with {st.guess} played: {r.value} (average {r.value / st.n_answers:.4f} guesses from "
                  f"here); every best guess proven and its tree checked by the verifier. Each pattern's hint is kept "
                  f"in the cache: 'wordlelab hint {r.question['state']}.PATTERN' now answers at once")
    else:
        out.print(f"{r.status}: some pattern leaves answers that no strategy finds within 6 guesses in all")


COMMANDS = [solve, prove_depth, every_first_word, best_start, hint]
