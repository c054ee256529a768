"""play, driven as a person would: in tmux, keys typed, the screen read back (and through a pipe)."""
import os
import shutil
import subprocess
import sys
import time
import uuid

import pytest

STEPS = ["salet BBBYB", "slate XXXXX", "zzzzz BBBBB", "crane GGGGB", "drone YBBBG", "undo", "drone YBBBG",
         "bijou BBBBB"]


def test_play_through_a_pipe():
    r = subprocess.run([sys.executable, "-m", "wordlelab", "play", "--lists", "nyt20220316"],
                       input="\n".join(STEPS + ["hedge GGGGG"]) + "\n", capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "163 answers left" in out and "drone" in out
    assert "suggested first guess: salet (7897 guesses in all" in out and "not proven in this session" in out
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
        type_line("salet \u2b1b\u2b1b\u2b1b\U0001f7e8\u2b1b")
        wait_for("163 answers left")
        coloured = subprocess.run(["tmux", "capture-pane", "-p", "-e", "-t", session], capture_output=True,
                                  text=True).stdout
        # the tiles: grey, grey, grey, yellow, grey backgrounds (escape 48;...), then the letters
        tile_row = next(line for line in coloured.splitlines() if line.endswith(" BBBYB"))
        assert tile_row.count("\x1b[") >= 10 and "48;" in tile_row
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


def _play(args, lines, env=None):
    r = subprocess.run([sys.executable, "-m", "wordlelab", "play", *args], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    return r.stdout


def test_play_squares_digits_help_and_repeats():
    out = _play(["--lists", "nyt20220316"],
                ["help", "SALET 00010", "salet \U0001f7e8\u2b1b\u2b1b\u2b1b\u2b1b", "salet.bbbyb",
                 "drone \U0001f7e6\u2b1c\ufe0f\u2b1c\ufe0f\u2b1c\ufe0f\U0001f7e7",      # high contrast, light theme
                 "bijou \u2b1b \u2b1b \u2b1b \u2b1b \u2b1b", "hedge 2222", "hedge 22222"])
    assert "0 grey, 1 yellow, 2 green" in out and "\U0001f7e9 green" in out and "undo" in out   # help
    assert out.count("salet was guess 1 already") == 2 and out.count("(nothing changed)") == 3
    assert "malformed pattern '2222'" in out
    assert "salet.BBBYB.drone.YBBBG.bijou.BBBBB: 2 answers left: hedge wedge" in out
    # the board as it stands after each guess: tiles, then the pattern in letters
    assert " S   A   L   E   T   BBBYB\n D   R   O   N   E   YBBBG\n B   I   J   O   U   BBBBB\n" in out
    assert "solved in 4 guesses: hedge" in out


def test_first_suggestion_proven_once_a_ranking_is_kept(tmp_path):
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath",
             "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]
    (tmp_path / "a.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(words + ["salet", "crane", "trace"]) + "\n")
    lists = ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]
    env = {**os.environ, "WORDLELAB_CACHE": str(tmp_path / "cache")}
    before = _play(lists, ["quit"], env)
    assert "no first suggestion" in before and "wordlelab hint '' with these lists" in before
    subprocess.run([sys.executable, "-m", "wordlelab", "hint", "", *lists, "--workers", "1", "--json"],
                   capture_output=True, check=True, env=env, timeout=600)
    for f in (tmp_path / "cache" / "hints").rglob("*.json"):
        f.unlink()          # the ranking alone, not the kept hint: play makes the best first guesses exact
    after = _play(lists, ["quit"], env)
    assert "before the first guess: 20 answers" in after and "suggested" not in after
    # the tie order: of the two first guesses of total 44, the possible answer first
    assert after.index("abate (tie)") < after.index("trace (tie)") < after.index("grade")


def test_recorded_first_guesses_are_for_the_lists_named():
    from wordlelab.cli.play import RECORDED_BEST
    from wordlelab.instances.wordlists import load_lists
    keys = {load_lists(name).key: name for name in ("nyt20220316", "nyt20220830", "nyt20230701")}
    assert set(RECORDED_BEST) == set(keys)
    assert RECORDED_BEST[[k for k, n in keys.items() if n == "nyt20220830"][0]]["easy"] == ("tarse", 7883)


def test_parse_move_forms():
    from wordlelab.cli.play import parse_move
    from wordlelab.errors import WordleError
    code = parse_move("salet BBBYB")
    assert parse_move("SALET 00010") == parse_move("salet \u2b1b \u2b1b \u2b1b \U0001f7e8 \u2b1b") == code
    for bad in ("salet", "salet BBBYX", "sal BBBYB"):
        with pytest.raises(WordleError):
            parse_move(bad)
