"""CBC backend, through PuLP's bundled CBC binary (PuLP 3.x; 4.0 no longer bundles it).

PuLP writes the model and reads CBC's solution; this module runs the binary itself, because
PuLP's own runner waits for it with no limit. The time limit is wall-clock (``timeMode=
"elapsed"``): CBC's default counts CPU time, which let a 3-second limit run for 22 seconds.
CBC checks even that clock only now and then (a 3-second limit ran for 12.7), so the run is
also held to the wall clock from here: at the limit and :data:`GRACE` seconds more, CBC is
sent SIGINT, on which it stops and writes the best solution it has; if it has not exited
:data:`GRACE` seconds after that, it is killed, and the result is UNKNOWN. CBC runs in a
session of its own, so a Ctrl-C to the terminal's process group reaches only us: a Ctrl-C or
SIGTERM kills it at once, before the KeyboardInterrupt goes on up.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
import warnings

import pulp

from wordlelab.solvers.backends.base import Solution
from wordlelab.solvers.backends.highs import mip_rows


def translate(model):
    """(LpProblem, its variables) for a :class:`~wordlelab.encoders.model.Model`."""
    prob = pulp.LpProblem(model.name, pulp.LpMaximize if model.sense == "max" else pulp.LpMinimize)
    xs = [pulp.LpVariable(name, lo, hi, cat="Binary" if (lo, hi) == (0, 1) else "Integer")
          for name, lo, hi in zip(model.var_names, model.lower, model.upper)]
    if model.objective is not None:
        prob += pulp.LpAffineExpression([(xs[i], c) for i, c in model.objective.terms.items()],
                                        model.objective.const)
    for k, (idx, coefs, lo, hi) in enumerate(mip_rows(model)):
        if model.deadline is not None:
            model.deadline.check("handing the model to the solver")
        expr = pulp.LpAffineExpression([(xs[i], c) for i, c in zip(idx, coefs)])
        if lo == hi:
            prob += expr == lo, f"r{k}"
            continue
        if lo > float("-inf"):
            prob += expr >= lo, f"r{k}_lo"
        if hi < float("inf"):
            prob += expr <= hi, f"r{k}_hi"
    for i, v in model.hints.items():
        xs[i].setInitialValue(v)
    return prob, xs


GRACE = 1.0      # seconds CBC is given past its limit to stop by itself, and then to exit on SIGINT


def solve(model, time_limit: float, threads: int | None = None) -> Solution:
    prob, xs = translate(model)
    time_limit = model.time_left(time_limit)
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)    # PuLP 3.x announcing its 4.0 API
        from wordlelab.solvers.backends import current_settings, quiet_output, usable_cores
        settings = current_settings()
        cmd = pulp.PULP_CBC_CMD(msg=settings.log is not None, warmStart=bool(model.hints),
                                timeMode="elapsed", threads=threads or usable_cores(), gapRel=settings.gap)
        with quiet_output():            # CBC's log, if asked for, goes where --set log= says
            solved = _run(cmd, prob, t0 + time_limit)
    seconds = time.perf_counter() - t0
    if not solved:
        status = "UNKNOWN"
    elif prob.status == pulp.LpStatusInfeasible:
        # CBC stopped by its time limit can say "infeasible" without a proof (seen with a MIP
        # start on a feasible model): a time-out is never a proof
        status = "INFEASIBLE" if seconds < 0.95 * time_limit else "UNKNOWN"
    elif prob.sol_status == pulp.LpSolutionOptimal:
        status = "OPTIMAL"
    elif prob.sol_status == pulp.LpSolutionIntegerFeasible:
        status = "FEASIBLE"
    else:
        status = "UNKNOWN"
    has_solution = status in ("OPTIMAL", "FEASIBLE")
    objective = None
    if has_solution:
        objective = pulp.value(prob.objective) if model.objective is not None else 0.0
        objective = 0.0 if objective is None else float(objective)
    values = [int(round(x.value() or 0)) for x in xs] if has_solution else []
    return Solution("cbc", status, objective, objective if status == "OPTIMAL" else None, values, seconds)


def _run(cmd, prob, deadline: float) -> bool:
    """Run CBC on ``prob`` as PuLP would, by ``deadline`` (``time.perf_counter``); whether a
    solution was read.

    Writing the model counts against the limit: for a large model it takes seconds, and CBC is
    given what is left. The solution read (if any) is assigned to ``prob`` as PuLP's own solve does.
    """
    mps, sol, mst = cmd.create_tmp_files(prob.name, "mps", "sol", "mst")
    try:
        vs, var_names, con_names, _ = prob.writeMPS(mps, rename=1)
        args = [cmd.path, mps] + (["-max"] if prob.sense == pulp.LpMaximize else [])
        if cmd.optionsDict.get("warmStart", False):
            cmd.writesol(mst, prob, vs, var_names, con_names)
            args += ["-mips", mst]
        args += ["-sec", f"{max(0.1, deadline - time.perf_counter()):.3f}"]
        for option in cmd.options + cmd.getOptions():
            args += ("-" + option).split()
        args += ["-solve", "-printingOptions", "all", "-solution", sol]
        shown = None if cmd.msg else subprocess.DEVNULL        # the log asked for: on the inherited descriptors
        proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=shown,
                                stderr=shown, start_new_session=True)
        try:
            exited = _wait(proc, max(0.0, deadline - time.perf_counter()) + GRACE)
            if not exited:
                proc.send_signal(signal.SIGINT)
                exited = _wait(proc, GRACE)
        finally:
            if proc.poll() is None:          # a Ctrl-C, a SIGTERM, or no exit after SIGINT
                proc.kill()
                proc.wait()
        if not exited or proc.returncode != 0 or not os.path.exists(sol):
            return False
        status, values, reduced, prices, slacks, sol_status = cmd.readsol_MPS(sol, prob, vs, var_names, con_names)
        prob.assignVarsVals(values)
        prob.assignVarsDj(reduced)
        prob.assignConsPi(prices)
        prob.assignConsSlack(slacks, activity=True)
        prob.assignStatus(status, sol_status)
        return True
    finally:
        cmd.delete_tmp_files(mps, sol, mst)


def _wait(proc, seconds: float) -> bool:
    """Whether ``proc`` exited within ``seconds`` (a signal's KeyboardInterrupt passes through)."""
    try:
        proc.wait(timeout=seconds)
        return True
    except subprocess.TimeoutExpired:
        return False
