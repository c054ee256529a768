"""Long runs stop cleanly: Ctrl-C is prompt, and a killed client leaves no worker behind."""
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from ctrl_c import ctrl_c_reaches_children

LONG_RUN = [sys.executable, "-m", "wordlelab", "best-start", "--lists", "nyt20220316", "--workers", "2"]


def _start(tmp_path):
    ck = tmp_path / "rank.json"
    with ctrl_c_reaches_children():
        proc = subprocess.Popen(LONG_RUN + ["--checkpoint", str(ck)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    client = psutil.Process(proc.pid)
    deadline = time.monotonic() + 120
    # wait until both pool workers are up and the search is under way (the checkpoint appears)
    while time.monotonic() < deadline:
        commands = [_command(c) for c in client.children(recursive=True)]
        workers = [c for c in commands if c and "resource_tracker" not in c]
        if len(workers) >= 2 and ck.exists():
            return proc, client.children(recursive=True), ck
        if proc.poll() is not None:
            pytest.fail(proc.stderr.read())
        time.sleep(0.2)
    proc.kill()
    pytest.fail("the sweep did not start within 120 s")


def _command(process) -> str:
    """A child's command line; empty for a short-lived child that is gone or a zombie already."""
    try:
        return " ".join(process.cmdline())
    except psutil.Error:
        return ""


def _all_gone(procs, seconds):
    _, alive = psutil.wait_procs(procs, timeout=seconds)
    for p in alive:
        p.kill()
    return not alive


def test_sigkill_of_the_client_leaves_no_worker(tmp_path):
    proc, children, _ = _start(tmp_path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert _all_gone(children, 10), [c.cmdline() for c in children if c.is_running()]


@pytest.mark.parametrize("sig, code, last_line", [
    (signal.SIGINT, 130, "interrupted"),
    # (SIGTERM in one process is in the default suite: test_sigterm_stops_a_run_in_one_process_...)
    pytest.param(signal.SIGTERM, 143, "terminated", marks=pytest.mark.slow)], ids=["ctrl-c", "sigterm"])
def test_a_stop_is_prompt_and_keeps_the_checkpoint(tmp_path, sig, code, last_line):
    """Ctrl-C, or a scheduler's SIGTERM: the checkpoint is saved, the workers go, no traceback."""
    proc, children, ck = _start(tmp_path)
    time.sleep(2)
    t0 = time.monotonic()
    os.kill(proc.pid, sig)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"{sig.name} did not stop the run within 30 s")
    stopped = time.monotonic() - t0
    err = proc.stderr.read()
    assert proc.returncode == code, err
    assert "Traceback" not in err and err.strip().endswith(last_line)
    assert stopped < 5, f"{sig.name} took {stopped:.1f} s"
    assert _all_gone(children, 10)
    assert ck.exists() and ck.stat().st_size > 0


def test_interrupt_inside_compiled_code_is_an_interruption(monkeypatch, capsys):
    """numba can surface Ctrl-C as SystemError('... returned a result with an exception set')."""
    import wordlelab.cli as cli_module

    def compiled_call_interrupted(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as e:
            raise SystemError("<numba function> returned a result with an exception set") from e

    monkeypatch.setattr(cli_module.cli, "main", compiled_call_interrupted)
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main(["prove-depth", "--guesses", "4"])
    assert exit_info.value.code == 130
    assert capsys.readouterr().err.strip() == "interrupted"


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt       # as the CLI's SIGTERM handler does (a Terminated)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_reaches_compiled_code_that_runs_without_the_gil(signum):
    """solvers/runtime/interrupt.py: a Ctrl-C (or SIGTERM) poisons the node counter a nogil search polls.

    ``spin`` stands for a depth search: it polls ``stats[0]`` like the node limit and gives up
    after about a minute on its own. With the watcher, the Ctrl-C sent after 0.5 s ends it at
    once and ``check`` raises KeyboardInterrupt; without, it would run its full minute.
    """
    import threading

    import numba as nb
    import numpy as np

    from wordlelab.solvers.runtime.interrupt import POISON, StopOnCtrlC

    @nb.njit(nogil=True)
    def spin(stats, limit, rounds):
        for r in range(rounds):
            if stats[0] > limit:
                return r
            stats[1] += r & 1
        return rounds

    stats = np.zeros(2, np.int64)
    spin(stats, 10, 1)                                 # compiled before the clock starts
    rounds = 60 * 10**9                                # about a minute of spinning
    # Python's own handler, whatever this process inherited (a background job ignores SIGINT,
    # and a default disposition would kill the test run)
    old = signal.signal(signum, _raise_interrupt)
    started = time.monotonic()
    try:
        threading.Timer(0.5, os.kill, (os.getpid(), signum)).start()
        with pytest.raises(KeyboardInterrupt):
            with StopOnCtrlC(stats) as stop:
                spin(stats, 10**12, rounds)
                stop.check()
    finally:
        signal.signal(signum, old)
    # the poisoned counter ended the spin: long before its minute, even on a loaded machine
    assert stats[0] == POISON and time.monotonic() - started < 30


# SALET's least total with every word an answer: about 20 minutes of search, stopped after 3 s
STOPPED_MIN_SUM = """
import json, os, signal, sys, threading, time
from wordlelab.instances.wordlists import load_lists
from wordlelab.solvers.search.native import NativeSearcher
from wordlelab.solvers.search.engine.tables import Stat

def interrupt(signum, frame):
    raise KeyboardInterrupt

signum, threads = int(sys.argv[1]), int(sys.argv[2])
signal.signal(signum, interrupt)
lists = load_lists("nyt20220316", answers="all")
state = "salet.BYBBB.round.BBYBY"
# compile the kernels first (a cold numba cache takes longer than 3 s): the signal must fall in the search
fresh = NativeSearcher(lists, "easy", 6).solve(state=state)
s = NativeSearcher(lists, "easy", 6)
nodes = int(s.stats[Stat.NODES])
threading.Timer(3.0, os.kill, (os.getpid(), signum)).start()
started = time.monotonic()
try:
    s.solve(start="salet", threads=threads)
    out = {"stopped": False}
except KeyboardInterrupt:
    out = {"stopped": True, "seconds": time.monotonic() - started, "table_empty": not s.cache.any(),
           "nodes_restored": int(s.stats[Stat.NODES]) == nodes}
again = s.solve(state=state)
out["again"] = [again.status, again.value, again.stats.first_guess, again.verified]
out["fresh"] = [fresh.status, fresh.value, fresh.stats.first_guess, fresh.verified]
print(json.dumps(out))
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_min_sum_search_at_once_and_leaves_the_searcher_sound(threads):
    """NativeSearcher._stoppable: the compiled min-sum search runs without the GIL, the watcher
    poisons its counter, and the values it stored on its way out are thrown away with the table.
    Without it the search would run its 20 minutes (the subprocess's time-out fails the test).
    On two threads (class_threads) the watcher poisons both threads' counters, and their tables
    go with them. (SIGTERM reaches the watcher the same way: see the depth-search test above.)"""
    import json
    r = subprocess.run([sys.executable, "-c", STOPPED_MIN_SUM, str(int(signal.SIGINT)), str(threads)],
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["stopped"] and out["seconds"] < 60 and out["table_empty"] and out["nodes_restored"]
    assert out["again"] == out["fresh"] and out["again"][0] == "OPTIMAL" and out["again"][3]


def test_sigterm_stops_a_run_in_one_process_without_a_traceback(tmp_path):
    """--workers 1 runs the sweep in this process: its stop goes through the same error path."""
    ck = tmp_path / "rank.json"
    proc = subprocess.Popen([sys.executable, "-m", "wordlelab", "best-start", "--lists", "nyt20220316", "--workers",
                             "1", "--checkpoint", str(ck)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path)
    deadline = time.monotonic() + 120
    while not ck.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
    assert proc.poll() is None, proc.stderr.read()
    os.kill(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail("SIGTERM did not stop the run within 60 s")
    err = proc.stderr.read()
    assert proc.returncode == 143, err
    assert "Traceback" not in err and err.strip().endswith("terminated")
    assert ck.exists()
