"""models/files.py: every output file is written safely (report F-3, F-4, F-6; issue 81 item 2).

A regular file is replaced whole through a private temporary file, a device or FIFO is written in
place and never replaced, a link planted at a temporary name is never followed, and what the final
write would meet (a full disk, a name too long) is refused before the work, in one line. The device
nodes and the full file system are the tests' own (made in tmp_path), never /dev/null itself.
"""
import errno
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import run_cli  # tests/ is on sys.path (pytest's default prepend import mode)
from wordlelab.models import files
from wordlelab.models.files import CannotWrite, check_writable, open_atomic, output_name, write_atomic

ROOT = os.geteuid() == 0
ANSWERS = "bills hills kills mills pills drone crane slate trace least".split()
GUESSES = ANSWERS + "salet tower qajaq jumpy fizzy".split()


@pytest.fixture
def small_lists(tmp_path):
    """Ten answers and fifteen guesses: every command on them takes a second."""
    a, g = tmp_path / "a.txt", tmp_path / "g.txt"
    a.write_text("\n".join(ANSWERS) + "\n")
    g.write_text("\n".join(GUESSES) + "\n")
    return ["--guesses", str(g), "--answers", str(a)]


@pytest.fixture
def device(tmp_path):
    """A character device of the test's own, the same as /dev/null (1, 3)."""
    if not ROOT:
        pytest.skip("mknod of a character device needs root")
    node = tmp_path / "mynull"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return node


@pytest.fixture
def full_fs(tmp_path):
    """A 64 KiB tmpfs filled to the last byte (ENOSPC on write); skipped where mount is refused."""
    mnt = tmp_path / "full"
    mnt.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {r.stderr.decode().strip()}")
    try:
        with open(mnt / "fill", "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"\0" * 4096)
            except OSError as e:
                assert e.errno == errno.ENOSPC
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def leftovers(folder):
    return sorted(p.name for p in Path(folder).iterdir() if p.name.startswith("."))


# ---- regular files


def test_regular_file_is_replaced_whole_and_keeps_its_mode(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    inode = path.stat().st_ino
    write_atomic(path, "new\n")
    assert path.read_text() == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.stat().st_ino != inode            # a new file renamed over the old one
    assert leftovers(tmp_path) == []


def test_a_failing_writer_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "out.json"
    path.write_text("old\n")
    with pytest.raises(RuntimeError):
        with open_atomic(path, "w") as f:
            f.write("half of it")
            raise RuntimeError("stopped mid-write")
    assert path.read_text() == "old\n" and leftovers(tmp_path) == []


@pytest.mark.parametrize("failing", ["write", "fsync"])
def test_full_disk_on_the_final_write_is_one_line_and_keeps_the_old_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "t.tree"
    path.write_text("old\n")

    def enospc(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, failing, enospc)
    with pytest.raises(CannotWrite) as e:
        write_atomic(path, "x" * 100_000)
    if failing == "fsync":                       # (the streaming form writes through its file object)
        with pytest.raises(CannotWrite):
            with open_atomic(path, "w") as f:
                f.write("x" * 100_000)
    monkeypatch.undo()
    assert str(e.value) == f"cannot write {path}: No space left on device"
    assert path.read_text() == "old\n" and leftovers(tmp_path) == []


# ---- links


def test_a_link_planted_at_the_old_partial_name_is_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "out.tree.partial").symlink_to(victim)
    write_atomic(tmp_path / "out.tree", "the tree\n")
    assert victim.read_text() == "precious\n"
    assert (tmp_path / "out.tree").read_text() == "the tree\n"
    assert not (tmp_path / "out.tree").is_symlink()


def test_a_link_planted_at_the_very_temporary_name_is_not_followed(tmp_path, monkeypatch):
    # the attacker guesses the first random name; O_EXCL|O_NOFOLLOW refuses it and another is drawn
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    tokens = iter(["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"])
    monkeypatch.setattr(files.secrets, "token_hex", lambda n: next(tokens))
    (tmp_path / ".out.tree.aaaaaaaaaaaaaaaa.tmp").symlink_to(victim)
    write_atomic(tmp_path / "out.tree", "the tree\n")
    assert victim.read_text() == "precious\n"
    assert (tmp_path / "out.tree").read_text() == "the tree\n"
    assert (tmp_path / ".out.tree.aaaaaaaaaaaaaaaa.tmp").is_symlink()     # left alone, not written through


def test_a_link_at_the_target_writes_the_file_it_names_and_stays_a_link(tmp_path):
    real = tmp_path / "kept" / "real.tree"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "link.tree"
    link.symlink_to(real)
    assert check_writable(link) == str(link)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"
    assert leftovers(tmp_path) == [] and leftovers(real.parent) == []


@pytest.mark.skipif(not ROOT, reason="a link owned by another user needs root to make")
def test_another_users_link_in_a_sticky_shared_folder_is_refused(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = shared / "out.tree"
    link.symlink_to(victim)
    os.lchown(link, 12345, 12345)
    for attempt in (lambda: check_writable(link), lambda: write_atomic(link, "tree\n")):
        with pytest.raises(CannotWrite, match="symbolic link owned by another user"):
            attempt()
    assert victim.read_text() == "precious\n"


# ---- devices and FIFOs: written in place, never replaced


def test_a_device_is_written_in_place_and_stays_a_device(device):
    assert check_writable(device) == str(device)
    write_atomic(device, "a tree\n")
    with open_atomic(device, "w") as f:
        f.write("another\n")
    with output_name(device) as name:            # a writer that takes a name (HiGHS) too
        Path(name).write_text("a model\n")
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert leftovers(device.parent) == []


def test_a_fifo_with_a_reader_gets_the_data_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    data = b"x" * 300_000                   # more than a pipe holds: the writes must wait for the reader
    deadline = time.monotonic() + 10
    while True:                             # until the reader has opened its end
        try:
            write_atomic(fifo, data)
            break
        except CannotWrite:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    reader.join(10)
    assert got == [data] and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_fifo_without_a_reader_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert check_writable(fifo) == str(fifo)       # a reader may start before the write
    t0 = time.monotonic()
    with pytest.raises(CannotWrite, match="no process is reading the FIFO"):
        write_atomic(fifo, "tree\n")
    assert time.monotonic() - t0 < 5 and stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("kind", ["directory", "socket"])
def test_a_directory_or_socket_is_refused(tmp_path, kind):
    path = tmp_path / "thing"
    if kind == "directory":
        path.mkdir()
    else:
        import socket
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(path))
        s.close()
    for attempt in (lambda: check_writable(path), lambda: write_atomic(path, "x")):
        with pytest.raises(CannotWrite, match=f"it is a {kind}"):
            attempt()


# ---- the up-front check


def test_an_overlong_name_is_refused_up_front_in_one_line(tmp_path):
    path = tmp_path / ("t" * 300 + ".tree")
    with pytest.raises(CannotWrite) as e:
        check_writable(path)
    assert "\n" not in str(e.value) and "the name is 305 bytes long; this file system allows 255" in str(e.value)


def test_a_missing_folder_is_refused_up_front(tmp_path):
    with pytest.raises(CannotWrite, match="does not exist"):
        check_writable(tmp_path / "nowhere" / "t.tree")


def test_the_check_leaves_nothing_behind(tmp_path):
    check_writable(tmp_path / "t.tree")
    assert list(tmp_path.iterdir()) == []


def test_a_real_full_tmpfs(full_fs):
    with pytest.raises(CannotWrite, match="no space left on the device"):
        check_writable(full_fs / "t.tree")
    with pytest.raises(CannotWrite, match="No space left on device"):
        write_atomic(full_fs / "t.tree", "y" * 10_000)
    with pytest.raises(CannotWrite, match="is the disk full|No space left on device"):
        with output_name(full_fs / "m.lp") as name:
            with open(name, "wb") as f:
                f.write(b"z" * 10_000)
    assert sorted(p.name for p in full_fs.iterdir()) == ["fill"]


# ---- the command line


def test_cli_tree_to_a_device_keeps_the_device(device, small_lists, capsys):
    r = run_cli(capsys, ["solve", *small_lists, "--tree", str(device)])
    assert r.code == 0, r.err
    assert stat.S_ISCHR(os.lstat(device).st_mode) and "tree written to" in r.out


def test_cli_planted_partial_link_leaves_the_victim(tmp_path, small_lists):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "symtest.tree.partial").symlink_to(victim)
    r = subprocess.run([sys.executable, "-m", "wordlelab", "solve", *small_lists, "--tree", "symtest.tree"],
                       cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert victim.read_text() == "precious\n"
    tree = tmp_path / "symtest.tree"
    assert not tree.is_symlink() and "GGGGG" in tree.read_text()


def test_cli_overlong_name_is_one_line_before_the_work(tmp_path, small_lists, capsys):
    r = run_cli(capsys, ["solve", *small_lists, "--tree", str(tmp_path / ("t" * 300 + ".tree"))])
    assert r.code == 2 and r.err.count("\n") == 1 and r.err.startswith("error:")
    assert "255" in r.err and "OPTIMAL" not in r.out


def test_cli_full_disk_up_front_for_export_lp(full_fs, small_lists, capsys):
    r = run_cli(capsys, ["export-lp", "cover", "--pattern", "?ills", *small_lists, "-o", str(full_fs / "x.lp")])
    assert r.code == 2 and r.err.startswith("error:") and "no space left" in r.err
    assert "wrote" not in r.out


def test_cli_export_lp_on_a_full_disk_past_the_check_fails_not_wrote(full_fs, small_lists, capsys, monkeypatch):
    # the disk filled after the check (or the check was wrong): HiGHS's status and the size must say so
    monkeypatch.setattr(files, "check_writable", lambda path, min_free=0: path)
    r = run_cli(capsys, ["export-lp", "cover", "--pattern", "?ills", *small_lists, "-o", str(full_fs / "x.lp")])
    assert r.code == 2 and r.err.startswith("error: cannot write model") and r.err.count("\n") == 1
    assert "wrote" not in r.out and not (full_fs / "x.lp").exists()


def test_cli_final_write_failure_prints_the_result_then_one_error_line(tmp_path, small_lists, capsys, monkeypatch):
    def enospc(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "fsync", enospc)        # passes the check, fails the final write
    tree = tmp_path / "late.tree"
    r = run_cli(capsys, ["solve", *small_lists, "--tree", str(tree)])
    assert r.code == 2
    assert "OPTIMAL" in r.out and "total 27" in r.out and "tree written" not in r.out
    assert r.err == f"error: cannot write {tree}: No space left on device\n"
    assert not tree.exists() and leftovers(tmp_path) == []
