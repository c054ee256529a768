"""The core benchmark suites: matrix, search, search-long, cover and eldrow.

Reference figures (the programs we must beat, as measured on this 2-core machine
kind) are shown beside ours.
"""
from __future__ import annotations

import json
import os
import time

from wordlelab.bench.registry import BenchRow, suite
from wordlelab.errors import ParameterError, WordleError
from wordlelab.solvers.search.engine.kernels import built_module


@suite("matrix")
def matrix_suite(repeat: int = 3, tasks: tuple = ()):
    """Pattern-matrix builds (compile time reported separately) and cached loads.

    ``tasks``: only the instances whose name (nyt20220830, nyt20220316+all) contains one of them.
    """
    import tempfile
    import os
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.matrix import build_matrix, pattern_matrix

    instances = [("nyt20220830", None, 1.0), ("nyt20220316", "all", 5.0)]
    names = [name + ("+all" if answers else "") for name, answers, _ in instances]
    _check_picks(names, tasks, "matrix")
    t0 = time.perf_counter()
    build_matrix(["salet"], ["drone"])
    yield BenchRow("numba compile/load of the matrix kernel", "-", "numba", "done", "", time.perf_counter() - t0)
    for (name, answers, target), instance in zip(instances, names):
        if not _picked(instance, tasks):
            continue
        try:
            lists = load_lists(name, answers=answers)
        except Exception as e:  # a missing optional list skips its rows
            yield BenchRow("pattern matrix build", name, "numba", "SKIPPED", "", 0.0, note=str(e))
            continue
        times = []
        for _ in range(repeat):
            t = time.perf_counter()
            m = build_matrix(lists.guesses, lists.answers)
            times.append(time.perf_counter() - t)
        yield BenchRow("pattern matrix build", lists.name, "numba", "OK", f"{m.shape[0]}x{m.shape[1]}",
                       min(times), note=f"target < {target} s; median {sorted(times)[len(times) // 2]:.3f} s",
                       target_seconds=target)
        with tempfile.TemporaryDirectory() as d:
            old = os.environ.get("WORDLELAB_CACHE")
            os.environ["WORDLELAB_CACHE"] = d
            try:
                pattern_matrix(lists)
                stats: dict = {}
                pattern_matrix(lists, stats=stats)
            finally:
                if old is None:
                    os.environ.pop("WORDLELAB_CACHE")
                else:
                    os.environ["WORDLELAB_CACHE"] = old
        yield BenchRow("pattern matrix cached load", lists.name, "numpy", stats["source"].upper(),
                       f"{m.shape[0]}x{m.shape[1]}", stats["seconds"], note="target < 0.2 s", target_seconds=0.2)


# (label, our argv, expected value, Selby's arguments, his min/median seconds from an earlier
# side-by-side run on this machine kind: shown only where his program cannot run now)
SEARCH_TASKS = [
    ("prove SALET 7897", ["solve", "--start", "salet", "--lists", "nyt20220316"], 7897, ["-w", "salet"], (1.6, 1.9)),
    # solve searches the first guess's classes on every core by default (two here); Selby's program on one
    ("prove SALET 7897 on one thread", ["solve", "--start", "salet", "--lists", "nyt20220316", "--set", "threads=1"], 7897,
     ["-w", "salet"], (1.6, 1.9)),
    ("prove SALET 7920", ["solve", "--start", "salet", "--lists", "original"], 7920, ["-w", "salet"], (1.7, 1.8)),
    ("prove TARSE 7883", ["solve", "--start", "tarse", "--lists", "nyt20220830"], 7883, ["-w", "tarse"], (4.3, 4.8)),
    ("hard SALET 8099", ["solve", "--start", "salet", "--lists", "nyt20220316", "--mode", "hard"], 8099,
     ["-H", "-w", "salet"], (2.7, 3.0)),
    ("SALET cannot guarantee 4", ["prove-depth", "--guesses", "4", "--start", "salet", "--lists", "nyt20220316"],
     "INFEASIBLE", ["-g", "4", "-d", "-w", "salet"], (2.6, 2.8)),
    ("SALET cannot guarantee 4, core re-checked by the plain search",
     ["prove-depth", "--guesses", "4", "--start", "salet", "--lists", "nyt20220316", "--recheck"],
     "INFEASIBLE", ["-g", "4", "-d", "-w", "salet"], (2.6, 2.8)),
    ("hint after SALET BBBYB (163 answers), searched",
     ["hint", "salet.BBBYB", "--lists", "nyt20220316"], 442, ["-w", "salet.BBBYB"], (1.9, 1.9)),
    ("hint after SALET BBBYB (163 answers), searched, just-in-time kernels (WORDLELAB_AOT=off)",
     ["hint", "salet.BBBYB", "--lists", "nyt20220316"], 442, ["-w", "salet.BBBYB"], (1.9, 1.9)),
    ("hint after SALET BBBYB, asked again (kept, re-verified)",
     ["hint", "salet.BBBYB", "--lists", "nyt20220316"], 442, ["-w", "salet.BBBYB"], (1.9, 1.9)),
    # the values are the first words of the two nyt20230701 rankings (README, "Rankings")
    ("TARSE, 3158 answers (nyt20230701), easy", ["solve", "--start", "tarse", "--lists", "nyt20230701"],
     11219, ["-w", "tarse"], (143, 143)),
    ("TARSE, 3158 answers (nyt20230701), hard", ["solve", "--start", "tarse", "--lists", "nyt20230701",
                                                 "--mode", "hard"], 11627, ["-H", "-w", "tarse"], (104, 104)),
    ("answers=all: SALET cannot guarantee 6", ["prove-depth", "--guesses", "6", "--start", "salet",
                                               "--lists", "nyt20220316", "--answers", "all"], "INFEASIBLE",
     ["-g", "6", "-d", "-w", "salet"], (154, 154)),
    ("hard: SALET cannot guarantee 5", ["prove-depth", "--guesses", "5", "--start", "salet", "--lists",
                                        "nyt20220316", "--mode", "hard"], "INFEASIBLE",
     ["-H", "-g", "5", "-d", "-w", "salet"], (0.54, 0.54)),
    ("answers=all, hard: SALET cannot guarantee 7", ["prove-depth", "--guesses", "7", "--start", "salet",
                                                     "--lists", "nyt20220316", "--answers", "all", "--mode",
                                                     "hard"], "INFEASIBLE",
     ["-H", "-g", "7", "-d", "-w", "salet"], (3.3, 3.5)),
    # Selby (part 2): after CHOMP BBBBB only BEZIL and KUDZU find every answer within 7; ours
    # certifies the yes with the depth search's own tree, verified (his figure: a shared core)
    ("answers=all, hard: CHOMP BBBBB then BEZIL within 7", ["prove-depth", "--guesses", "7", "--state",
                                                           "chomp.BBBBB.bezil", "--lists", "nyt20220316",
                                                           "--answers", "all", "--mode", "hard", "--any-tree",
                                                           "--memory", "2"], "OPTIMAL",
     ["-H", "-g", "7", "-d", "-w", "chomp.bbbbb.bezil"], (386, 386)),
    # the working guesses that tools/probe_guesses.py found for GUMBO and BLAWN; his figures are
    # from a side-by-side run beside a sweep on both cores
    ("answers=all, hard: GUMBO BBBBB then WHIPT within 7",
     ["prove-depth", "--guesses", "7", "--state", "gumbo.BBBBB.whipt", "--lists", "nyt20220316", "--answers",
      "all", "--mode", "hard", "--any-tree", "--memory", "2"], "OPTIMAL",
     ["-H", "-g", "7", "-d", "-w", "gumbo.bbbbb.whipt"], (129, 129)),
    ("answers=all, hard: BLAWN BBYBB then CHAPT within 7",
     ["prove-depth", "--guesses", "7", "--state", "blawn.BBYBB.chapt", "--lists", "nyt20220316", "--answers",
      "all", "--mode", "hard", "--any-tree", "--memory", "2"], "OPTIMAL",
     ["-H", "-g", "7", "-d", "-w", "blawn.bbybb.chapt"], (22.5, 22.5)),
]
LONG_TASKS = [
    # no reference figure: Selby's program answers these, its time on this machine is not given
    ("any first word within 4 guesses? (2309)", ["prove-depth", "--guesses", "4", "--lists", "nyt20220316"],
     "INFEASIBLE", (float("nan"), float("nan"))),
    ("any first word within 4 guesses? (2315)", ["prove-depth", "--guesses", "4", "--lists", "original"],
     "INFEASIBLE", (float("nan"), float("nan"))),
]


def _instance(argv) -> str:
    return argv[argv.index("--lists") + 1] + (" mode=" + argv[argv.index("--mode") + 1] if "--mode" in argv else "")


def _forget_hints():
    """Empty the kept hints, so that the next hint is searched (the matrix and numba stay warm)."""
    import shutil
    from wordlelab.models.cache import cache_dir
    shutil.rmtree(cache_dir() / "hints", ignore_errors=True)


def _side_by_side_row(label, argv, expected, selby_args, ref, repeat):
    """Ours and Selby's program, alternating, in this run; his earlier figure if he cannot run now."""
    from wordlelab.bench.selby import ours, selby_command, side_by_side
    answers = argv[argv.index("--answers") + 1] if "--answers" in argv else None
    lists = argv[argv.index("--lists") + 1]
    his_lists = ("nyt20220830", "nyt20230701") if lists == "nyt20230701" else (lists, answers)
    his_cmd = selby_command(*his_lists, selby_args)
    searched = "searched" in label
    jit_only = "WORDLELAB_AOT=off" in label
    saved = os.environ.get("WORDLELAB_AOT")
    if jit_only:
        os.environ["WORDLELAB_AOT"] = "off"
    try:
        mine, data, his, _ = side_by_side(ours(argv), his_cmd, repeat, _forget_hints if searched else None)
    finally:
        if saved is None:
            os.environ.pop("WORDLELAB_AOT", None)
        else:
            os.environ["WORDLELAB_AOT"] = saved
    # `wordlelab compile` exports the min-sum kernels (solve, hint) and the depth searches (prove-depth)
    aot = not jit_only and built_module() is not None
    method = "native, compiled ahead of time" if aot else "native"
    if not isinstance(data, dict):
        return BenchRow(label, _instance(argv), method, "ERROR", data, mine[0])
    # the command prints a Result (models/result.py): "value" is the least total
    value = data.get("value") if expected is None or isinstance(expected, int) else data.get("status")
    ok = "" if expected is None or value == expected else f"; EXPECTED {expected}"
    if his is None:
        return BenchRow(label, _instance(argv), method, data.get("status"), value, mine[0], ref[0],
                        note=f"min/median {mine[0]:.2f}/{mine[len(mine) // 2]:.2f} s over {repeat}; Selby's "
                             f"program not available now: his {ref[0]}/{ref[1]} s from an earlier run{ok}")
    return BenchRow(label, _instance(argv), method, data.get("status"), value, mine[0], round(his[0], 2),
                    note=f"min/median {mine[0]:.2f}/{mine[len(mine) // 2]:.2f} s, Selby {his[0]:.2f}/"
                         f"{his[len(his) // 2]:.2f} s, alternating, {repeat} each in this run; "
                         f"ratio {mine[0] / his[0]:.2f}{ok}")


def _whole_process(label, argv, expected, ref, repeat, warm_argv=None):
    """Time ``wordlelab ARGV --json`` as a whole process (numba cache warmed by a first run,
    of ``warm_argv`` if given: a short command on the same lists spares a long run twice)."""
    import subprocess
    import sys
    cmd = [sys.executable, "-m", "wordlelab", *argv, "--json"]
    warm_cmd = cmd if warm_argv is None else [sys.executable, "-m", "wordlelab", *warm_argv, "--json"]
    warm = subprocess.run(warm_cmd, capture_output=True, text=True)  # compiles/loads caches, builds the matrix
    if warm.returncode != 0:
        return BenchRow(label, argv[argv.index("--lists") + 1], "native", "ERROR", warm.stderr.strip()[-80:], 0.0)
    times, data = [], {}
    for _ in range(repeat):
        t = time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True)
        times.append(time.perf_counter() - t)
        data = json.loads(r.stdout)
    times.sort()
    # the command prints a Result (models/result.py): "value" is solve's least total
    value = data.get("value") if isinstance(expected, int) else data.get("status")
    status = data.get("status")
    ok = "" if value == expected else f"; EXPECTED {expected}"
    return BenchRow(label, _instance(argv), "native", status, value, times[0], ref[0],
                    note=f"min/median {times[0]:.2f}/{times[len(times) // 2]:.2f} s over {repeat}; "
                         f"Selby {ref[0]}/{ref[1]} s{ok}")


def _cold_compile_row():
    """Whole process with an empty numba cache: compile time, reported apart from run time."""
    import subprocess
    import sys
    import tempfile
    label, argv = SEARCH_TASKS[0][:2]
    cmd = [sys.executable, "-m", "wordlelab", *argv, "--json"]
    with tempfile.TemporaryDirectory() as d:
        t = time.perf_counter()
        # just-in-time kernels: the module compiled ahead of time would need no compiling at all
        jit = {**os.environ, "WORDLELAB_AOT": "off"}
        r = subprocess.run(cmd, capture_output=True, text=True, env={**jit, "NUMBA_CACHE_DIR": d})
        cold = time.perf_counter() - t
    t = time.perf_counter()
    subprocess.run(cmd, capture_output=True, text=True, env=jit)
    warm = time.perf_counter() - t
    status = json.loads(r.stdout).get("status") if r.returncode == 0 else "ERROR"
    return BenchRow(f"{label}, cold numba cache", argv[argv.index("--lists") + 1], "native", status,
                    f"compile ~{cold - warm:.1f} s", cold, note=f"warm run {warm:.2f} s; compile reported apart")


def _picked(label: str, tasks) -> bool:
    """Whether a task is asked for: every task if ``tasks`` is empty, else those whose label contains one."""
    return not tasks or any(t.lower() in label.lower() for t in tasks)


def _check_picks(labels, tasks, suite_name: str) -> None:
    """A ``--task`` that picks none of a suite's rows is the user's error, said before any work."""
    for t in tasks:
        if not any(_picked(label, [t]) for label in labels) and not (suite_name == "search" and "cold" in t.lower()):
            raise ParameterError(f"{{task}} {t!r} matches no row of the {suite_name} suite; its rows: " + "; ".join(labels))


@suite("search")
def search_suite(repeat: int = 3, tasks=()):
    """Native searcher beside Selby's wordle.cpp, alternating in this run, whole process, warm caches."""
    _check_picks([task[0] for task in SEARCH_TASKS], tasks, "search")
    for label, argv, expected, selby_args, ref in SEARCH_TASKS:
        if _picked(label, tasks):
            yield _side_by_side_row(label, argv, expected, selby_args, ref, 1 if ref[0] > 60 else repeat)
    # the cold-cache row compiles for over a minute: a filter picks it only by naming it
    if not tasks or any("cold" in t.lower() for t in tasks):
        yield _cold_compile_row()


@suite("search-long")
def search_long_suite(repeat: int = 1, tasks=()):
    """Long depth proofs: whether any first word at all allows 4 guesses (2309 and 2315 answers)."""
    _check_picks([task[0] for task in LONG_TASKS], tasks, "search-long")
    for label, argv, expected, ref in LONG_TASKS:
        if not _picked(label, tasks):
            continue
        # warmed by the same question after one first word: same lists and kernels, seconds not minutes
        yield _whole_process(label, argv, expected, ref, repeat, warm_argv=[*argv, "--start", "salet"])


@suite("cover")
def cover_suite(repeat: int = 3):
    """Endgame covers: each solver on ?ills (least cover; 4 cannot), then the full endgame sweep."""
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.endgames import endgame, enumerate_endgames
    from wordlelab.models.matrix import pattern_matrix
    from wordlelab.solvers.backends import installed
    from wordlelab.solvers.cover import cover_feasible, instance_for, least_cover, sweep
    lists = load_lists("nyt20220316", answers="all")
    MT = pattern_matrix(lists, transposed=True)
    e = endgame("?ills", lists.answers)
    t = time.perf_counter()
    inst = instance_for(e.pattern, e.answers, lists, MT)
    yield BenchRow("?ills instance (D-sets, merge, dominance)", lists.name, "numpy", "OK",
                   f"{len(inst.sets)} sets", time.perf_counter() - t)
    for solver in installed():
        times, res = [], None
        for _ in range(repeat):
            t = time.perf_counter()
            res = least_cover(inst, solver)
            times.append(time.perf_counter() - t)
        yield BenchRow("?ills least cover", lists.name, solver, res.status, res.value, min(times),
                       note=f"median {sorted(times)[len(times) // 2]:.3f} s; Peattie CP-SAT 0.83 s, brute force 179.55 s")
        t = time.perf_counter()
        four = cover_feasible(inst, 4, solver)
        yield BenchRow("?ills: 4 guesses cannot cover", lists.name, solver, four.status, "k=4",
                       time.perf_counter() - t, note="target < 1 s", target_seconds=1.0)
    games = enumerate_endgames(lists.answers)
    for solver in installed():
        t = time.perf_counter()
        results = sweep(lists, MT, solver, endgames=games)
        best = results[0]
        yield BenchRow(f"all {len(games)} endgames", lists.name, solver,
                       "OPTIMAL" if all(r.status == "OPTIMAL" for r in results) else "PARTIAL",
                       f"{best.question['endgame']}: {best.stats.min_guesses}", time.perf_counter() - t,
                       note="covers of 1-2 guesses by enumeration; target < 60 s", target_seconds=60.0)


ELDROW_SAMPLE = [("lower", None), ("crane", None), ("zesty", None), ("rearm", None), ("abase", None),
                 ("lower", "crane"), ("zesty", "crane"), ("fluff", "crane")]


@suite("eldrow")
def eldrow_suite(repeat: int = 1):
    """Eldrow on a fixed sample: native search per target, and every solver after a fixed first guess."""
    from wordlelab.solvers.backends import installed
    from wordlelab.instances.wordlists import eldrow_lists
    from wordlelab.solvers.eldrow import EldrowSearcher
    lists = eldrow_lists(None, None)
    for mode in ("strict", "hard"):
        searcher = EldrowSearcher(lists, mode)
        searcher.solve("abbey")  # loads the compiled code
        for target, start in ELDROW_SAMPLE:
            if mode == "hard" and start:
                continue
            solvers = ("native",) if start is None else ("native",) + installed()
            if mode == "strict" and start is None:
                solvers = ("native", "native-order")    # the chain-order search, for comparison
            for solver in solvers:
                t = time.perf_counter()
                if solver.startswith("native"):
                    res = searcher.solve(target, start=start, search="order" if solver == "native-order" else "auto",
                                         node_limit=3_000_000)
                else:
                    res = searcher.solve_model(target, solver, start=start, time_limit=60)
                label = f"eldrow {target}" + (f" after {start}" if start else "")
                yield BenchRow(label, f"{lists.name} {mode}", solver, res.status.value, res.value,
                               time.perf_counter() - t,
                               note="target: any single target < 5 s; published C++ 216 s for one target",
                               target_seconds=5.0)


@suite("eldrow-all")
def eldrow_all_suite(repeat: int = 1):
    """Every target of the 2315 original answers, strict mode, as one sweep on all cores."""
    import os
    from wordlelab.instances.wordlists import eldrow_lists
    from wordlelab.solvers.eldrow import sweep
    lists = eldrow_lists(None, None)
    workers = os.cpu_count() or 1
    t = time.perf_counter()
    rows = sweep(lists, "strict", workers)
    seconds = time.perf_counter() - t
    proven = [r for r in rows if r["status"] == "OPTIMAL"]
    longest = max(r["length"] for r in proven)
    slowest = max(rows, key=lambda r: r["seconds"])
    yield BenchRow(f"eldrow --all, {workers} workers", f"{lists.name} strict", "native",
                   "OPTIMAL" if len(proven) == len(rows) else f"{len(proven)}/{len(rows)} proven", f"max {longest}",
                   seconds, 600.0,
                   note=f"target 10 min; published C++ 'a few hours'; slowest target {slowest['target']} "
                        f"{slowest['seconds']:.2f} s", target_seconds=600.0)
