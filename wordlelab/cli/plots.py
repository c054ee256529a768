"""Pictures of results, where people would rather look than read (the ``plot`` extra: matplotlib).

Every function writes one file, PNG or SVG by its suffix, with matplotlib's
non-interactive Agg backend, and returns the path. They draw results the library
has already computed and verified; nothing here computes or checks anything.
"""
from __future__ import annotations

from wordlelab.errors import WordleError

SUFFIXES = (".png", ".svg")


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise WordleError("plots need matplotlib: pip install 'wordlelab[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def check_plot_path(path: str) -> str:
    """The path, if it ends in .png or .svg (WordleError otherwise)."""
    if not str(path).lower().endswith(SUFFIXES):
        raise WordleError(f"{path}: a plot file must end in .png or .svg")
    return path


def _save(fig, path):
    from wordlelab.models.files import open_atomic
    import matplotlib.pyplot as plt
    fig.tight_layout()
    try:
        # written whole or not at all (a full disk leaves no 0-byte PNG); CannotWrite otherwise
        with open_atomic(path, "wb") as f:
            fig.savefig(f, dpi=150, format=str(path).rsplit(".", 1)[-1].lower())
    finally:
        plt.close(fig)
    return path


def guess_histograms(series: list[tuple[str, dict]], path: str, title: str) -> str:
    """Grouped bars: for each labelled histogram {guesses: answers}, how many answers need k guesses."""
    plt = _pyplot()
    ks = sorted({int(k) for _, h in series for k in h})
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(ks) + 2), 4.5))
    width = 0.8 / max(1, len(series))
    for i, (label, h) in enumerate(series):
        xs = [k + (i - (len(series) - 1) / 2) * width for k in ks]
        ax.bar(xs, [h.get(str(k), h.get(k, 0)) for k in ks], width=width, label=label)
    ax.set_xticks(ks)
    ax.set_xlabel("guesses needed")
    ax.set_ylabel("answers")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return _save(fig, path)


def first_words(rows: list[dict], path: str, title: str, top: int = 20) -> str:
    """The best first words: proven totals (exact) and proven lower bounds, best first."""
    plt = _pyplot()
    rows = [r for r in rows if r.get("total") is not None][:top]
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(rows) + 1.5))
    labels = [r["word"] for r in rows][::-1]
    values = [r["total"] for r in rows][::-1]
    colours = ["tab:blue" if r.get("proof") == "exact" else "tab:gray" for r in rows][::-1]
    ax.barh(labels, values, color=colours)
    lo = min(values) if values else 0
    ax.set_xlim(lo - 10, max(values, default=1) + 8)
    ax.set_xlabel("total guesses over every answer (blue: proven exact; grey: proven lower bound)")
    ax.set_title(title)
    exact = [r.get("proof") == "exact" for r in rows][::-1]
    for y, (v, e) in enumerate(zip(values, exact)):
        ax.text(v, y, f" {v}" if e else f" >= {v}", va="center", fontsize=8)
    return _save(fig, path)


def bench_pairs(rows, path: str, title: str = "wordlelab beside the reference") -> str:
    """One pair of bars per benchmark row: our seconds and, where the row has one, the reference's."""
    plt = _pyplot()
    if not rows:
        raise WordleError("no benchmark rows to plot")
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(rows) + 1.8))
    ys = list(range(len(rows)))
    ax.barh([y - 0.2 for y in ys], [r.seconds for r in rows], height=0.4, label="wordlelab")
    ref = [(y, r.reference_seconds) for y, r in zip(ys, rows) if r.reference_seconds]
    if ref:
        ax.barh([y + 0.2 for y, _ in ref], [v for _, v in ref], height=0.4, label="reference")
    ax.set_yticks(ys)
    ax.set_yticklabels([f"{r.task} ({r.instance}, {r.solver})"[:70] for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("seconds (log scale)")
    ax.set_title(title)
    ax.legend()
    return _save(fig, path)


def perm_numbers(data: list[dict], path: str, title: str) -> str:
    """The distribution of rounds CircularShift needs, one line per n (counts as a share of the secrets)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for d in data:
        total = sum(d["counts"])
        ax.plot([k + 1 for k in range(len(d["counts"]))], [c / total for c in d["counts"]], marker="o",
                label=f"n = {d['n']}")
    ax.set_xlabel("rounds (k + 1)")
    ax.set_ylabel("share of the secrets")
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=2)
    return _save(fig, path)


# Wordle's tile colours (grey, yellow, green), and one colour per guess number for "found at guess k"
TILE_COLOURS = ("#787c7e", "#c9b458", "#6aaa64")
# (blues for few guesses, oranges for many: no green or yellow to be taken for a tile)
FOUND_COLOURS = {1: "#08306b", 2: "#2171b5", 3: "#9ecae1", 4: "#fdae6b", 5: "#e6550d", 6: "#a63603"}
# the sizes of the tree drawing, in inches: one row per reply to the first guess
ROW_H, TILE_W, TILE_GAP, BAR_W, HEADER_H = 0.22, 0.16, 0.025, 1.1, 1.25


def tree_layout(tree, levels: int = 2) -> dict:
    """What :func:`tree_levels` draws, as data: the first guess, one row per reply to it, and the columns.

    Each row is a reply (``reply``: BYG text, ``code``), the number of answers it leaves
    (``size``), the guess played next (``next``, None where the reply is all green), with
    ``levels`` >= 3 how that guess splits the class (``split``: replies, largest class; none
    where the next guess is the one answer left), and
    where the class's answers are found (``found_at``: guess number -> answers, the levels
    below summarised). Rows run largest class first, in ``columns`` columns of ``per_column``
    (``col``, ``slot``), chosen so that the picture is about half again as wide as it is tall.

    >>> from wordlelab.models.tree import Tree
    >>> t = Tree("salet", {242: None, 5: Tree("crane", {242: None, 1: Tree("aback", {242: None})})})
    >>> lay = tree_layout(t)
    >>> [(r["reply"], r["size"], r["next"], r["found_at"]) for r in lay["rows"]]
    [('BBBYG', 2, 'crane', {2: 1, 3: 1}), ('GGGGG', 1, None, {1: 1})]
    >>> lay["found_at"], lay["n_answers"], lay["columns"]
    ({1: 1, 2: 1, 3: 1}, 3, 1)
    """
    from wordlelab.models.feedback import ALL_GREEN, pattern_string

    def found_at(sub, depth, counts):
        for child in sub.branches.values():
            if child is None:
                counts[depth] = counts.get(depth, 0) + 1
            else:
                found_at(child, depth + 1, counts)
        return counts

    rows = []
    for code, sub in tree.branches.items():
        counts = {1: 1} if sub is None else dict(sorted(found_at(sub, 2, {}).items()))
        row = {"reply": pattern_string(code), "code": code, "size": sum(counts.values()),
               "next": None if sub is None else sub.guess, "found_at": counts}
        if levels >= 3 and sub is not None and len(sub.branches) > 1:
            sizes = [1 if c is None else c.n_leaves() for c in sub.branches.values()]
            row["split"] = (len(sizes), max(sizes))
        rows.append(row)
    rows.sort(key=lambda r: (-r["size"], r["code"] == ALL_GREEN, r["reply"]))
    # columns: the width (a column each, beside the first guess) about 1.5 times the height
    col_w = _column_width(levels)
    best = None
    for columns in range(1, 7):
        per = -(-len(rows) // columns)
        ratio = (1.6 + columns * col_w) / (HEADER_H + per * ROW_H)
        if best is None or abs(ratio - 1.5) < abs(best[1] - 1.5):
            best = (columns, ratio)
        if per == 1:
            break
    columns = best[0]
    per = -(-len(rows) // columns)
    columns = -(-len(rows) // per)     # no empty column
    for i, row in enumerate(rows):
        row["col"], row["slot"] = divmod(i, per)
    total: dict[int, int] = {}
    for row in rows:
        for k, v in row["found_at"].items():
            total[k] = total.get(k, 0) + v
    return {"guess": tree.guess, "rows": rows, "columns": columns, "per_column": per, "levels": levels,
            "n_answers": sum(total.values()), "found_at": dict(sorted(total.items()))}


def _column_width(levels: int) -> float:
    # stub, 5 tiles, reply text, size, next guess, (split), bar, average, gap
    return 0.12 + 5 * (TILE_W + TILE_GAP) + 0.5 + 0.42 + (0.62 if levels >= 2 else 0) + \
        (0.95 if levels >= 3 else 0) + BAR_W + 0.55 + 0.25


def tree_levels(tree, path: str, levels: int = 2, title: str = "") -> str:
    """The strategy tree read left to right: the first guess, a row per reply to it, each with its
    tiles, the answers it leaves, the next guess and where those answers are found (bars by guess
    number). The layout is :func:`tree_layout`'s; the page grows with the number of replies."""
    plt = _pyplot()
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.patches import Rectangle
    lay = tree_layout(tree, levels)
    col_w, root_w = _column_width(levels), 1.6
    width = max(7.5, root_w + lay["columns"] * col_w)
    import textwrap
    # about 15 characters an inch at 8 points
    explained = textwrap.wrap(f"a row per reply to {tree.guess.upper()}: its colours, the answers it leaves, "
                              + ("the next guess, " if levels >= 2 else "")
                              + ("how that guess splits them (replies, largest class), " if levels >= 3 else "")
                              + "and at which guess those answers are found (avg: the mean guess number)",
                              int((width - 0.3) * 14))
    header = HEADER_H + 0.2 * (len(explained) - 1)
    height = header + lay["per_column"] * ROW_H + 0.25
    fig = plt.figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)      # data units are inches: text sizes and tiles keep their proportions
    ax.axis("off")
    top = height - header                    # the top of the first row
    n = lay["n_answers"]
    ax.text(0.15, height - 0.22, title or f"strategy tree of {tree.guess.upper()}", fontsize=11, weight="bold",
            va="center")
    for i, line in enumerate(explained):
        ax.text(0.15, height - 0.5 - 0.2 * i, line, fontsize=8, va="center")
    # the legend of the bars, with the whole tree's counts
    x, y = 0.15, top + 0.45
    ax.text(x, y, f"{n} answers found at guess:", fontsize=8, va="center")
    x += 1.75
    legend = []
    for k, count in lay["found_at"].items():
        legend.append(Rectangle((x, y - 0.07), 0.14, 0.14, color=FOUND_COLOURS.get(k, "#67001f")))
        ax.text(x + 0.19, y, f"{k}: {count}", fontsize=8, va="center")
        x += 0.35 + 0.07 * len(f"{k}: {count}")
    ax.add_collection(PatchCollection(legend, match_original=True))
    # the first guess on a bus above the rows, a spine down each column, a stub to each row
    y_row = [top - (s + 0.5) * ROW_H for s in range(lay["per_column"])]
    y_bus = top + 0.02
    ax.text(0.15, y_bus, tree.guess.upper(), fontsize=12, weight="bold", family="monospace", va="center",
            bbox=dict(boxstyle="round,pad=0.3", fc="white", ec="#444444", lw=0.8))
    ax.text(0.15, y_bus - 0.3, f"{n} answers\n{len(lay['rows'])} replies", fontsize=7, va="top", color="#444444")
    xs = [root_w + c * col_w for c in range(lay["columns"])]
    lines = [[(0.95, y_bus), (xs[-1], y_bus)]]
    for c, x0 in enumerate(xs):
        last = max(r["slot"] for r in lay["rows"] if r["col"] == c)
        lines.append([(x0, y_bus), (x0, y_row[last])])
    tiles, bars = [], []
    for r in lay["rows"]:
        x0, y = xs[r["col"]], y_row[r["slot"]]
        lines.append([(x0, y), (x0 + 0.12, y)])
        x = x0 + 0.12
        for ch in r["reply"]:
            tiles.append(Rectangle((x, y - TILE_W / 2), TILE_W, TILE_W, color=TILE_COLOURS["BYG".index(ch)]))
            x += TILE_W + TILE_GAP
        ax.text(x + 0.03, y, r["reply"], fontsize=6, family="monospace", color="#777777", va="center")
        x += 0.5
        ax.text(x + 0.38, y, str(r["size"]), fontsize=8, va="center", ha="right")
        x += 0.42
        if levels >= 2:
            ax.text(x + 0.04, y, r["next"].upper() if r["next"] else "found", fontsize=8, va="center",
                    family="monospace", weight="bold" if r["next"] else "normal",
                    color="#000000" if r["next"] else TILE_COLOURS[2])
            x += 0.62
        if levels >= 3:
            if "split" in r:
                ax.text(x, y, f"{r['split'][0]} replies, max {r['split'][1]}", fontsize=6.5, va="center",
                        color="#444444")
            elif r["next"]:
                ax.text(x, y, "the answer", fontsize=6.5, va="center", color="#444444")
            x += 0.95
        seg_x = x
        for k, count in r["found_at"].items():
            w = BAR_W * count / r["size"]
            bars.append(Rectangle((seg_x, y - 0.07), w, 0.14, color=FOUND_COLOURS.get(k, "#67001f")))
            seg_x += w
        mean = sum(k * v for k, v in r["found_at"].items()) / r["size"]
        ax.text(x + BAR_W + 0.06, y, f"avg {mean:.2f}", fontsize=6.5, va="center", color="#444444")
    ax.add_collection(LineCollection(lines, colors="#999999", linewidths=0.7))
    ax.add_collection(PatchCollection(tiles, match_original=True))
    ax.add_collection(PatchCollection(bars, match_original=True))
    import warnings
    with warnings.catch_warnings():
        # the one axes fills the figure by design; tight_layout has nothing to adjust and says so
        warnings.simplefilter("ignore", UserWarning)
        return _save(fig, path)
