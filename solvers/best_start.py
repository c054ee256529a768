"""Ranking first words with proof, on all cores, resumable from a checkpoint.

Each first word is one task. A task carries the cutoff known when it is
sent (one more than the K-th best exact total so far), so a word that cannot
enter the top K is refuted early and reported with a proven lower bound.
Results go to the checkpoint file as they arrive (atomic rewrite), so a
killed run resumes with nothing computed lost.
"""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import time
from pathlib import Path

from wordlelab.console import progress
from wordlelab.errors import WordleError
from wordlelab.solvers.native import INF, NativeSearcher

_worker = None


def _init_worker(lists, mode, max_guesses):
    global _worker
    _worker = (NativeSearcher(lists, mode, max_guesses), None)


def _task(args):
    g, beta = args
    searcher, node = _worker
    if node is None:
        node = searcher.root()
        globals()["_worker"] = (searcher, node)
    v = searcher.start_value(node, g, beta)
    return g, v, v < beta


def _load_checkpoint(path, meta):
    if not path or not Path(path).exists():
        return {}
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError):
        raise WordleError(f"checkpoint {path} is unreadable; move it away to start afresh") from None
    if data.get("meta") != meta:
        raise WordleError(f"checkpoint {path} belongs to another question ({data.get('meta')})")
    return {w: (int(v), bool(e)) for w, (v, e) in data["results"].items()}


def _save_checkpoint(path, meta, done):
    if not path:
        return
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        json.dump({"meta": meta, "results": {w: [v, e] for w, (v, e) in sorted(done.items())}}, f)
    os.replace(tmp, path)


def _beta(done, top):
    exact = sorted(v for v, e in done.values() if e)
    return exact[top - 1] + 1 if len(exact) >= top else INF


def run_best_start(lists, mode, max_guesses, top, shard, limit, checkpoint, workers, show_progress=True):
    """Rank the first words; returns a JSON-ready dict."""
    t0 = time.perf_counter()
    searcher = NativeSearcher(lists, mode, max_guesses)
    node = searcher.root()
    order = searcher.candidate_order(node)
    if shard:
        order = order[shard[0]::shard[1]]
    if limit:
        order = order[:limit]
    meta = {"lists": lists.key, "mode": mode, "max_guesses": max_guesses}
    done = _load_checkpoint(checkpoint, meta)
    todo = [(b, g) for b, g in order if lists.guesses[g] not in done]

    def record(g, v, exact):
        done[lists.guesses[g]] = (int(v), bool(exact))
        _save_checkpoint(checkpoint, meta, done)

    with progress("first words", len(order), enabled=show_progress) as advance:
        advance(len(order) - len(todo))
        if workers <= 1:
            for b, g in todo:
                beta = _beta(done, top)
                v = b if b >= beta else searcher.start_value(node, g, beta)
                record(g, v, v < beta)
                advance(1, info=f"best {_best(done)}")
        else:
            _run_pool(lists, mode, max_guesses, top, todo, done, record, advance, workers)
        # resumed runs may hold bounds for words that now belong in the top K: make those exact
        while True:
            ranking = sorted(done.items(), key=lambda kv: (kv[1][0], not kv[1][1]))
            pending = [w for w, (v, e) in ranking[:top] if not e]
            if not pending:
                break
            for w in pending:
                g = searcher.guess_index[w]
                record(g, searcher.start_value(node, g, INF), True)
    in_scope = {lists.guesses[g] for _, g in order}
    ranking = sorted(((w, v, e) for w, (v, e) in done.items() if w in in_scope),
                     key=lambda r: (r[1], not r[2], r[0]))
    n = len(node.H)
    rows = [{"word": w, "total": v if v < INF else None,
             "average": round(v / n, 4) if v < INF else None,
             "proof": "exact" if e else ("no strategy within limit" if v >= INF else f">= {v} (bound)")}
            for w, v, e in ranking]
    return {"lists": lists.name, "mode": mode, "max_guesses": max_guesses, "top": top,
            "candidates": len(order), "evaluated": len(ranking), "partial": bool(shard or limit),
            "seconds": time.perf_counter() - t0, "ranking": rows}


def _best(done):
    exact = [v for v, e in done.values() if e]
    return min(exact) if exact else None


def _run_pool(lists, mode, max_guesses, top, todo, done, record, advance, workers):
    ctx = mp.get_context("spawn")  # fork is unsafe once numba's thread pool has started
    pool = ctx.Pool(workers, initializer=_init_worker, initargs=(lists, mode, max_guesses))
    try:
        pending = list(todo)
        in_flight = []
        while pending or in_flight:
            while pending and len(in_flight) < 2 * workers:
                b, g = pending.pop(0)
                beta = _beta(done, top)
                if b >= beta:
                    record(g, b, False)
                    advance(1)
                    continue
                in_flight.append(pool.apply_async(_task, ((g, beta),)))
            if not in_flight:
                continue
            ready = [r for r in in_flight if r.ready()]
            if not ready:
                in_flight[0].wait(0.05)
                continue
            for r in ready:
                in_flight.remove(r)
                g, v, exact = r.get()
                record(g, v, exact)
                advance(1, info=f"best {_best(done)}")
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
