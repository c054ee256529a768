"""The commands as people run them: in a terminal (a pseudo-terminal here), with the progress bar
drawn, a result at the end, the cursor given back, and Ctrl-C stopping cleanly.

Pipes and files take another path through the console (plain log lines), which the other tests
cover; only a terminal draws the bar, and a bug there (rich using the console as a context
manager) once crashed every long command in a terminal while every piped test passed.
"""
import os
import re
import pty
import select
import signal
import sys
import time

import pytest

HIDE, SHOW = b"\x1b[?25l", b"\x1b[?25h"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def run_in_pty(args, keys=(), interrupt_after=None, timeout=300.0, env=None, presses=1, gap=0.05):
    """Run ``wordlelab ARGS`` on a pseudo-terminal; returns (exit code, everything it drew).

    ``keys``: (text that must have appeared, bytes to type then) pairs, in order.
    ``interrupt_after``: bytes that, once drawn, are followed by a Ctrl-C typed at the terminal
    (``presses`` of them, ``gap`` seconds apart).
    """
    env = {**os.environ, "WORDLELAB_PROGRESS_DELAY": "0", "COLUMNS": "120", "LINES": "40", "TERM": "xterm",
           **(env or {})}
    from ctrl_c import ctrl_c_reaches_children
    # a suite run in the background (or on an xdist worker) ignores SIGINT, and the child would
    # inherit that through exec: the Ctrl-C typed at its terminal would never arrive
    with ctrl_c_reaches_children():
        pid, fd = pty.fork()
        if pid == 0:                               # the child: the command, on the terminal
            os.execvpe(sys.executable, [sys.executable, "-m", "wordlelab", *args], env)
    drawn, pending, interrupted = b"", list(keys), False
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:                    # EIO: the child closed the terminal
                    break
                if not chunk:
                    break
                drawn += chunk
            if pending and pending[0][0] in drawn:
                os.write(fd, pending.pop(0)[1])
            if interrupt_after is not None and not interrupted and interrupt_after in drawn:
                time.sleep(0.5)
                for press in range(presses):
                    os.write(fd, b"\x03")          # the terminal turns it into SIGINT for the group
                    time.sleep(gap)
                interrupted = True
        else:
            os.kill(pid, signal.SIGKILL)
            pytest.fail(f"wordlelab {' '.join(args)} did not finish in {timeout} s:\n{drawn[-2000:]!r}")
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return os.waitstatus_to_exitcode(status), drawn


def _finished(code, drawn, expect: bytes):
    assert code == 0, drawn[-3000:]
    assert b"Traceback" not in drawn and b"lost sys.stderr" not in drawn, drawn[-3000:]
    assert expect in drawn, drawn[-3000:]


def test_solve_draws_its_bar_and_answers():
    code, drawn = run_in_pty(["solve", "--state", "salet.BBBYB", "--lists", "nyt20220316"])
    _finished(code, drawn, b"OPTIMAL")
    assert HIDE in drawn and drawn.rindex(SHOW) > drawn.rindex(HIDE)      # the cursor is given back


def test_a_solve_with_its_first_guess_counts_its_classes_against_their_number():
    """The bar of a given first guess is a bar: classes done out of the guess's classes."""
    code, drawn = run_in_pty(["solve", "--state", "salet.BBBYB.drone", "--lists", "nyt20220316"])
    _finished(code, drawn, b"OPTIMAL")
    plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", drawn)
    done = re.findall(rb"classes after the guess\s.*?(\d+)/(\d+)", plain)
    assert done and all(int(total) > 1 for _, total in done), plain[-2000:]


def test_prove_depth_in_a_terminal():
    code, drawn = run_in_pty(["prove-depth", "--guesses", "3", "--start", "salet", "--lists", "nyt20220316"])
    _finished(code, drawn, b"INFEASIBLE")


def test_best_start_in_a_terminal():
    code, drawn = run_in_pty(["best-start", "--state", "salet.BBBYB", "--lists", "nyt20220316", "--top", "1",
                              "--workers", "1"])
    _finished(code, drawn, b"best next guess")


def test_hint_in_a_terminal(tmp_path):
    # a cache of its own: a hint kept by another test would be read back without a search
    code, drawn = run_in_pty(["hint", "salet.BBBYB.drone.YBBBG", "--lists", "nyt20220316"],
                             env={"WORDLELAB_CACHE": os.environ["WORDLELAB_CACHE"]})
    _finished(code, drawn, b"expected further guesses")


def test_play_in_a_terminal():
    code, drawn = run_in_pty(["play", "--lists", "nyt20220316"],
                             keys=[(b"> ", b"salet BBBYB\r"), (b"answers left", b"quit\r")])
    _finished(code, drawn, b"answers left")


def test_ctrl_c_stops_a_long_search_cleanly():
    # the whole first-word search within 4 guesses takes minutes: stopped once its bar is drawn
    t0 = time.monotonic()
    code, drawn = run_in_pty(["prove-depth", "--guesses", "4", "--lists", "nyt20220316"],
                             interrupt_after=b"first guesses")
    assert code == 130, drawn[-3000:]
    assert b"Traceback" not in drawn, drawn[-3000:]
    assert b"interrupted" in drawn.lower(), drawn[-3000:]
    assert drawn.rindex(SHOW) > drawn.rindex(HIDE)
    assert time.monotonic() - t0 < 240


@pytest.mark.parametrize("gap", [0.01, 0.3])
def test_three_quick_ctrl_c_end_as_cleanly_as_one(gap):
    # the second and third presses land in the checkpoint save or in the interpreter's exit
    # (threading._shutdown): they once printed "Exception ignored in: <module 'threading'>" and a
    # traceback, and the process died of SIGINT instead of exiting 130
    code, drawn = run_in_pty(["prove-depth", "--guesses", "4", "--lists", "nyt20220316"],
                             interrupt_after=b"first guesses", presses=3, gap=gap)
    assert code == 130, drawn[-3000:]
    assert b"Traceback" not in drawn and b"Exception ignored" not in drawn, drawn[-3000:]
    assert b"interrupted" in drawn.lower(), drawn[-3000:]
    assert drawn.rindex(SHOW) > drawn.rindex(HIDE)


def test_a_stop_that_hangs_is_ended_by_another_ctrl_c(monkeypatch):
    """Past FORCE_AFTER seconds of stopping, one more Ctrl-C ends the process at once (130)."""
    import subprocess
    code = ("import time, wordlelab.cli as c\n"
            "c.FORCE_AFTER = 0.5\n"
            "@c.cli.command('hang')\n"
            "def hang():\n"
            "    try:\n"
            "        print('ready', flush=True); time.sleep(60)\n"
            "    finally:\n"
            "        time.sleep(60)        # a cleanup that never ends\n"
            "import sys; sys.argv = ['wordlelab', 'hang']; c.main()\n")
    from ctrl_c import ctrl_c_reaches_children
    with ctrl_c_reaches_children():
        p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert p.stdout.readline() == b"ready\n"
        p.send_signal(signal.SIGINT)
        time.sleep(0.2)
        p.send_signal(signal.SIGINT)              # within FORCE_AFTER: ignored, the cleanup goes on
        time.sleep(0.2)
        assert p.poll() is None
        time.sleep(0.5)
        t0 = time.monotonic()
        p.send_signal(signal.SIGINT)              # past it: ended at once
        assert p.wait(10) == 130 and time.monotonic() - t0 < 5
        err = p.stderr.read()
        assert b"Traceback" not in err and b"stopped at once" in err, err
    finally:
        p.kill()
        p.wait()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_inside_the_compilers_callback_prints_no_traceback(sig):
    """numba compiles through llvmlite, which calls back into Python through ctypes; a stop raised
    in that callback was printed as "Exception ignored on calling ctypes callback function" with a
    traceback, then dropped. It is raised once the callback has returned."""
    import subprocess
    code = ("import ctypes, os, signal, time, wordlelab.cli as c\n"
            "def _raw_object_cache_notify(_):\n"
            "    os.kill(os.getpid(), %d)\n"
            "    end = time.monotonic() + 0.5\n"
            "    while time.monotonic() < end: pass        # the handler runs here, in the callback\n"
            "    return 0\n"
            "callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int)(_raw_object_cache_notify)\n"
            "@c.cli.command('compile-like')\n"
            "def compile_like():\n"
            "    callback(0)\n"
            "    time.sleep(30)                            # the stop must come here, not after this\n"
            "import sys; sys.argv = ['wordlelab', 'compile-like']; c.main()\n") % sig
    from ctrl_c import ctrl_c_reaches_children
    t0 = time.monotonic()
    with ctrl_c_reaches_children():
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert r.returncode == (130 if sig == signal.SIGINT else 143), r.stderr
    assert b"Traceback" not in r.stderr and b"Exception ignored" not in r.stderr, r.stderr
    assert time.monotonic() - t0 < 15


def test_a_first_compile_is_announced(tmp_path, monkeypatch, capsys):
    from wordlelab.cli import announce_first_compile
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    announce_first_compile()
    assert "compiling the search kernels" in capsys.readouterr().err
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "kernels.search-1.py311.nbi").write_bytes(b"")
    announce_first_compile()                      # compiled before: nothing to say
    assert capsys.readouterr().err == ""


def test_ctrl_c_stops_an_objective_search_within_a_node(tmp_path):
    # the most answers within 4 after SALET takes minutes; its kernel runs without the GIL, so the
    # watcher thread poisons its node counter and it returns at its next node. The kernel is
    # compiled first (on small lists), so that the Ctrl-C lands in it rather than in numba's compiler.
    import subprocess
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve"]
    (tmp_path / "w.txt").write_text("\n".join(words) + "\n")
    subprocess.run([sys.executable, "-m", "wordlelab", "solve", "--guesses", str(tmp_path / "w.txt"), "--answers",
                    str(tmp_path / "w.txt"), "--objective", "within:2", "--start", "cigar"], check=True,
                   capture_output=True, timeout=300)
    t0 = time.monotonic()
    code, drawn = run_in_pty(["solve", "--lists", "nyt20220316", "--objective", "within:4", "--start", "salet"],
                             interrupt_after=b"classes after the guess")
    assert code == 130, drawn[-3000:]
    assert b"Traceback" not in drawn and b"interrupted" in drawn.lower(), drawn[-3000:]
    assert time.monotonic() - t0 < 20          # the search runs for minutes (and on, were the GIL held)
