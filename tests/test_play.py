"""play, driven as a person would: in tmux, keys typed, the screen read back (and through a pipe)."""
import os
import shutil
import subprocess
import sys
import time
import uuid

import pytest

STEPS = ["salet BBBYB", "slate XXXXX", "zzzzz BBBBB", "salet GGGGB", "drone YBBBG", "undo", "drone YBBBG",
         "bijou BBBBB"]


def test_play_through_a_pipe():
    r = subprocess.run([sys.executable, "-m", "wordlelab", "play", "--lists", "nyt20220316"],
                       input="\n".join(STEPS + ["hedge GGGGG"]) + "\n", capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "163 answers left" in out and "drone" in out
    assert "malformed pattern 'XXXXX'" in out and "'zzzzz' is not in the guess list" in out
    assert "no answer in nyt20220316 fits" in out and out.count("(nothing changed)") == 3
    assert "took back drone" in out
    assert "8 answers left: budge chide fudge guide hedge judge midge wedge" in out
    assert "bijou (tie)" in out and "2 answers left: hedge wedge" in out
    assert "solved in 4 guesses: hedge" in out
    assert "Traceback" not in out + r.stderr


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_play_in_tmux():
    session = f"wl-{uuid.uuid4().hex[:8]}"
    env_cmd = f"WORDLELAB_CACHE={os.environ['WORDLELAB_CACHE']} {sys.executable} -m wordlelab play --lists nyt20220316"
    env_cmd += "; sleep 60"      # keep the pane after the program exits, so its last words can be read
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "160", "-y", "50", env_cmd], check=True)

    def screen():
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout

    def wait_for(text, seconds=120):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text in screen():
                return screen()
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared on the screen:\n{screen()}")

    def type_line(text):
        subprocess.run(["tmux", "send-keys", "-t", session, text, "Enter"], check=True)

    try:
        wait_for("guess 1>")
        type_line("salet BBBYB")
        wait_for("163 answers left")
        type_line("salet GGGGB")                 # impossible after BBBYB
        wait_for("(nothing changed)")
        type_line("drone YBBBG")
        shown = wait_for("8 answers left")
        assert "bijou (tie)" in shown
        type_line("undo")
        wait_for("took back drone")
        type_line("quit")
        wait_for("bye")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
