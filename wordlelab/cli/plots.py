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


def tree_levels(tree, path: str, levels: int = 2, title: str = "") -> str:
    """The first ``levels`` guesses of a strategy tree, drawn as a networkx graph, one row per guess.

    Each node is the guess played there; a node's children are the guesses after each
    pattern it may receive (the nodes where the answer is found are left out).
    """
    import networkx as nx

    from wordlelab.models.tree import to_digraph
    plt = _pyplot()
    g = to_digraph(tree)
    keep = [n for n, d in g.nodes(data=True) if d["depth"] <= levels and not d.get("found")]
    sub = g.subgraph(keep)
    by_depth: dict[int, list] = {}
    for n in nx.topological_sort(sub):
        by_depth.setdefault(sub.nodes[n]["depth"], []).append(n)
    widest = max(len(v) for v in by_depth.values())
    pos = {n: ((i + 0.5) / len(nodes), -depth) for depth, nodes in by_depth.items() for i, n in enumerate(nodes)}
    fig, ax = plt.subplots(figsize=(min(40, max(8, 0.12 * widest)), 2.5 * len(by_depth) + 1.5))
    nx.draw_networkx_edges(sub, pos, ax=ax, arrows=False, edge_color="#bbbbbb", width=0.4)
    small = widest > 30
    for n, (x, y) in pos.items():
        ax.text(x, y, sub.nodes[n]["guess"], ha="center", va="top" if small else "center",
                rotation=90 if small and sub.nodes[n]["depth"] > 1 else 0, fontsize=6 if small else 10,
                bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="#888888", lw=0.5))
    ax.set_ylim(-max(by_depth) - 0.8, -0.5)
    ax.set_title(title or f"first {levels} guesses of the strategy tree")
    ax.axis("off")
    return _save(fig, path)
