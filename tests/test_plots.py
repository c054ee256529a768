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


def _png_size(path):
    data = path.read_bytes()
    assert data.startswith(PNG)
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize("levels", [1, 2, 3])
def test_tree_layout_rows_are_the_replies(tmp_path, cli_run, small_lists, levels):
    from wordlelab.cli.plots import ROW_H, tree_layout
    from wordlelab.instances.wordlists import load_lists
    from wordlelab.models.feedback import feedback, pattern_string
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import verify_tree
    tree_file = tmp_path / "t.tree"
    cli_run(["solve", "--start", "salet", *small_lists, "--tree", str(tree_file)])
    lists = load_lists(guesses_file=small_lists[1], answers=small_lists[3])
    tree = load_tree(str(tree_file))
    report = verify_tree(tree, lists.answers, lists.guesses, "easy")
    lay = tree_layout(tree, levels)
    classes = {}
    for a in lists.answers:
        classes.setdefault(pattern_string(feedback("salet", a)), []).append(a)
    # one row per reply, labelled with the reply and the size of the class it leaves
    assert {r["reply"]: r["size"] for r in lay["rows"]} == {p: len(c) for p, c in classes.items()}
    assert len(lay["rows"]) == len(classes) and [r["size"] for r in lay["rows"]] == \
        sorted((r["size"] for r in lay["rows"]), reverse=True)
    for r in lay["rows"]:
        sub = tree.branches[r["code"]]
        assert r["next"] == sub.guess and sum(r["found_at"].values()) == r["size"]
        assert ("split" in r) == (levels >= 3 and r["size"] > 1)
        if "split" in r:
            assert r["split"][0] == len(sub.branches)
    # the levels below, summarised: answers found at each guess, as the verifier counts them
    assert lay["found_at"] == {int(k): v for k, v in report.histogram.items()}
    assert sum(k * v for k, v in lay["found_at"].items()) == report.total
    # every row has its own place in the columns
    places = {(r["col"], r["slot"]) for r in lay["rows"]}
    assert len(places) == len(lay["rows"]) and all(s < lay["per_column"] for _, s in places)
    pic = tmp_path / "tree.png"
    cli_run(["tree-plot", str(tree_file), *small_lists, "-o", str(pic), "--levels", str(levels)])
    width, height = _png_size(pic)
    # 150 dpi: at least 7.5 inches wide, and a row of ROW_H inches per reply below the header
    assert width >= 1125 and height >= 150 * (1.25 + ROW_H * lay["per_column"])


def test_a_big_tree_fills_columns(shared, tmp_path, cli_run):
    from wordlelab.cli.plots import tree_layout
    from wordlelab.models.tree import load_tree
    tree_file = shared / "reference" / "salet.easy.nyt20220316.tree"
    lay = tree_layout(load_tree(str(tree_file)))
    assert len(lay["rows"]) == 148 and lay["rows"][0]["reply"] == "BBBBB" and lay["rows"][0]["size"] == 221
    assert lay["columns"] >= 3 and lay["found_at"] == {2: 90, 3: 1237, 4: 904, 5: 78}
    pic = tmp_path / "salet.png"
    cli_run(["tree-plot", str(tree_file), "--lists", "nyt20220316", "-o", str(pic)])
    width, height = _png_size(pic)
    assert 1.0 < width / height < 2.0 and height > 1200
