"""Pictures: each --plot and tree-plot writes a real PNG or SVG of some substance."""
import pytest

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"


def _is_picture(path, min_bytes=8000):
    data = path.read_bytes()
    if path.suffix == ".png":
        return data.startswith(PNG) and len(data) >= min_bytes
    return b"<svg" in data[:2000] and len(data) >= min_bytes


@pytest.fixture
def small_lists(tmp_path):
    words = ["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath",
             "dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign"]
    (tmp_path / "a.txt").write_text("\n".join(words) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(words + ["salet", "crane", "trace"]) + "\n")
    return ["--guesses", str(tmp_path / "g.txt"), "--answers", str(tmp_path / "a.txt")]


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_solve_and_tree_plot(tmp_path, cli_run, small_lists, suffix):
    tree, pic = tmp_path / "t.tree", tmp_path / f"hist{suffix}"
    cli_run(["solve", "--start", "salet", *small_lists, "--tree", str(tree), "--plot", str(pic)])
    assert _is_picture(pic)
    drawing = tmp_path / f"tree{suffix}"
    cli_run(["tree-plot", str(tree), *small_lists, "-o", str(drawing)])
    assert _is_picture(drawing)


def test_heuristics_best_start_bench_perm(tmp_path, cli_run, small_lists):
    for args, name in ((["heuristics", *small_lists], "heur.png"),
                       (["best-start", *small_lists, "--top", "2"], "first.png"),
                       (["bench", "--suite", "search", "--task", "asked again"], "bench.png"),
                       (["perm", "numbers", "--n", "7"], "perm.svg")):
        pic = tmp_path / name
        cli_run([*args, "--plot", str(pic)])
        assert _is_picture(pic), name


def test_plot_suffix_is_checked(tmp_path, cli_run, small_lists):
    r = cli_run(["solve", *small_lists, "--plot", str(tmp_path / "x.pdf")], expect_error=True)
    assert r.code == 2 and "must end in .png or .svg" in r.err
