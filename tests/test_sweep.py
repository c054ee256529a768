"""The sweep layer: the same answers on every executor, killed workers, interrupted clients."""
import json
import os
import random
import signal

import pytest

from wordlelab.instances.wordlists import WordLists, load_lists
from wordlelab.models.settings import Execution
from wordlelab.solvers.search.rank.best_start import Candidates, SweepHooks, _merge, run_best_start
from wordlelab.solvers.runtime.checkpoint import save_checkpoint
from wordlelab.solvers.runtime.sweep import InProcess, Pool, load_checkpoint

TOP = 3
LIMIT = 40


@pytest.fixture(scope="module")
def small_lists():
    """300 answers, 500 guesses: a best-start sweep of 40 first words takes seconds."""
    base = load_lists()
    rng = random.Random(8)
    answers = sorted(rng.sample(list(base.answers), 300))
    others = sorted(set(base.guesses) - set(answers))
    guesses = tuple(sorted(set(answers) | set(rng.sample(others, 200))))
    return WordLists("sweep-test", guesses, tuple(answers))


def ranking(result):
    """The proven part of a ranking: the exact top K, and every other word's proven bound above it."""
    rows = result.stats.ranking
    top = [(r["word"], r["total"]) for r in rows[:TOP]]
    assert all(r["proof"] == "exact" for r in rows[:TOP])
    kth = rows[TOP - 1]["total"]
    for r in rows[TOP:]:
        assert r["total"] is None or r["total"] >= kth
    return top, sorted(r["word"] for r in rows)


def sweep(lists, tmp_path=None, workers=1, dask_address=None, **hooks):
    checkpoint = str(tmp_path / "ck.json") if tmp_path else None
    return run_best_start(lists, "easy", 6, TOP, candidates=Candidates(limit=LIMIT), hooks=SweepHooks(**hooks),
                          execution=Execution(checkpoint=checkpoint, workers=workers, dask_address=dask_address))


@pytest.fixture(scope="module")
def reference(small_lists):
    return ranking(sweep(small_lists, executor_kind="inprocess"))


def test_pool_matches_in_process(small_lists, reference):
    result = sweep(small_lists, workers=2)
    assert result.stats.executor == "pool"
    assert ranking(result) == reference


@pytest.mark.slow
def test_dask_local_cluster_matches_in_process(small_lists, reference):
    """(In the default suite the killed-worker test below runs the same sweep on dask.)"""
    pytest.importorskip("distributed")
    result = sweep(small_lists, workers=2, dask_address="local")
    assert result.stats.executor == "dask"
    assert ranking(result) == reference


def test_killed_dask_worker_loses_nothing(small_lists, reference):
    pytest.importorskip("distributed")
    killed = []

    def kill_one(key, result, ex):
        if len(killed) == 0 and ex.name == "dask":
            pids = ex.client.run(os.getpid)
            pid = sorted(pids.values())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    result = sweep(small_lists, workers=2, dask_address="local", on_result=kill_one)
    assert killed and result.stats.executor == "dask"
    assert ranking(result) == reference


def test_killed_pool_process_loses_nothing(small_lists, reference):
    killed = []

    def kill_one(key, result, ex):
        if not killed and isinstance(ex, Pool):
            pid = next(iter(ex.pool._processes))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    result = sweep(small_lists, workers=2, on_result=kill_one)
    assert killed
    assert ranking(result) == reference


def test_interrupted_client_resumes_from_checkpoint(small_lists, reference, tmp_path):
    seen = []

    def interrupt(key, result, ex):
        seen.append(key)
        if len(seen) == 10:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sweep(small_lists, tmp_path, executor_kind="inprocess", on_result=interrupt)
    saved = json.loads((tmp_path / "ck.json").read_text())["entries"]
    assert len(saved) >= 10        # everything finished before Ctrl-C is on disk
    ran = []
    result = sweep(small_lists, tmp_path, executor_kind="inprocess", on_result=lambda k, r, ex: ran.append(k))
    assert not set(ran) & set(saved)            # nothing computed twice
    assert ranking(result) == reference
    assert len(load_checkpoint(str(tmp_path / "ck.json"), json.loads((tmp_path / "ck.json").read_text())["question"])) \
        == LIMIT


def test_merge_is_idempotent():
    exact, bound, weaker = [7900, True], [7950, False], [7920, False]
    assert _merge(exact, exact) == exact
    assert _merge(bound, exact) == exact and _merge(exact, bound) == exact
    assert _merge(bound, weaker) == bound and _merge(weaker, bound) == bound


def test_in_process_executor_runs_at_once():
    f = InProcess().submit(pow, 2, 10)
    assert f.done() and f.result() == 1024


ELDROW_WORDS = ("lower", "power", "tower", "mower", "cower", "crane", "crate", "grate", "irate", "skate",
                "slate", "plate", "abbey", "fluff", "zesty")


def test_eldrow_sweep_same_on_a_pool(tmp_path):
    from wordlelab.solvers.eldrow import sweep as eldrow_sweep
    words = ELDROW_WORDS
    lists = WordLists("eldrow-test", words, words)
    one = eldrow_sweep(lists, "strict", workers=1, targets=words)
    two = eldrow_sweep(lists, "strict", workers=2, targets=words, checkpoint=str(tmp_path / "e.json"))
    key = [(r["target"], r["length"], r["status"]) for r in one]
    assert key == [(r["target"], r["length"], r["status"]) for r in two]


@pytest.mark.slow
def test_eldrow_sweep_same_on_dask(tmp_path):
    """(The sweep layer's dask executor is tested in the default suite on other questions.)"""
    pytest.importorskip("distributed")
    from wordlelab.solvers.eldrow import sweep as eldrow_sweep
    lists = WordLists("eldrow-test", ELDROW_WORDS, ELDROW_WORDS)
    one = eldrow_sweep(lists, "strict", workers=1, targets=ELDROW_WORDS)
    three = eldrow_sweep(lists, "strict", workers=2, targets=ELDROW_WORDS, dask_address="local")
    key = [(r["target"], r["length"], r["status"]) for r in one]
    assert key == [(r["target"], r["length"], r["status"]) for r in three]


def test_beam_seed_is_a_valid_cutoff(small_lists):
    """The seeded cutoff is above the K-th best exact total, so the exact top K is unchanged."""
    from wordlelab.solvers.search.rank.best_start import beam_seed
    from wordlelab.solvers.search.native import NativeSearcher
    searcher = NativeSearcher(small_lists, "easy", 6)
    node = searcher.root()
    order = searcher.candidate_order(node)[:LIMIT]
    seed = beam_seed(small_lists, "easy", 6, TOP, order)
    exact = sorted(searcher.start_value(node, g) for _, g in order)
    assert exact[TOP - 1] < seed < 10**8


def test_live_cutoff_decides_exactness(small_lists):
    """A task whose shared cutoff drops to a word's total reports that total as a bound, never as exact."""
    import numpy as np
    from wordlelab.solvers.search.rank.best_start import _run
    from wordlelab.solvers.search.native import INF, NativeSearcher

    class Live:
        def __init__(self, value):
            self.array = np.full(1, value, np.int64)

    searcher = NativeSearcher(small_lists, "easy", 6)
    node = searcher.root()
    word = small_lists.guesses[searcher.candidate_order(node)[0][1]]
    v = searcher.start_value(node, searcher.guess_index[word], INF)
    assert _run((searcher, node, None, None, None), word, None) == [v, True]
    assert _run((searcher, node, None, Live(INF), None), word, v + 1) == [v, True]
    assert _run((searcher, node, None, Live(v + 1), None), word, INF) == [v, True]
    # a bound is at least the cutoff and, being proven, at most the true total
    value, exact = _run((searcher, node, None, Live(v), None), word, INF)
    assert value == v and not exact
    value, exact = _run((searcher, node, None, Live(v - 5), None), word, v + 10)
    assert v - 5 <= value <= v and not exact


def test_a_group_waits_while_one_of_it_is_in_flight():
    """The next task sent is the first whose group has nothing in flight; failing that, the first."""
    from wordlelab.solvers.runtime.sweep import Sweep, _next_key
    sweep = Sweep("t", {}, [], None, (), None, group=lambda key: key[0])
    todo = ["a2", "a3", "b1", "c1"]
    assert _next_key(sweep, todo, {1: "a1"}) == "b1"
    assert _next_key(sweep, todo, {1: "a1", 2: "b1"}) == "c1"
    assert _next_key(sweep, todo, {1: "a1", 2: "b1", 3: "c1"}) == "a2"   # nothing else: no task waits
    assert _next_key(sweep, todo, {}) == "a3"
    assert todo == []
    ungrouped = Sweep("t", {}, [], None, (), None)
    assert _next_key(ungrouped, ["a2", "b1"], {1: "a1"}) == "a2"


def test_before_any_cutoff_only_a_shared_live_cutoff_lets_every_worker_start():
    """With no cutoff yet, a task runs unbounded: a pool whose workers read the live cutoff gets a
    task per worker (the first exact total cuts the others short); dask, or one process, ``top``."""
    from types import SimpleNamespace

    from wordlelab.solvers.search.rank.best_start import _warmup
    pool, dask = SimpleNamespace(name="pool", workers=4), SimpleNamespace(name="dask", workers=4)
    live = object()
    assert _warmup(1, pool, live) == 4 and _warmup(6, pool, live) == 6
    assert _warmup(1, pool, None) == 1 and _warmup(1, dask, live) == 1


def test_two_writers_of_one_checkpoint_keep_each_others_entries(tmp_path):
    """Two runs of one question on one file (two `analyze` runs filling the cached ranking): the
    one that writes last keeps what the other wrote after it loaded the file, merged by ``merge``."""
    from wordlelab.solvers.runtime.sweep import Sweep, save_results
    path = str(tmp_path / "shared.json")

    def run(results):
        return Sweep("demo", {"kind": "demo"}, ["a", "b", "c"], None, (), None, merge=_merge, results=results)

    first, second = run({"a": [7, True], "b": [5, False]}), run({"b": [6, True], "c": [9, False]})
    save_results(first, path)
    save_results(second, path, kept={})        # loaded before the first wrote: it holds nothing of it
    assert load_checkpoint(path, {"kind": "demo"}) == {"a": [7, True], "b": [6, True], "c": [9, False]}
    save_results(first, path)                  # exact beats bound, whichever writes last
    assert load_checkpoint(path, {"kind": "demo"})["b"] == [6, True]


def test_a_packed_sweep_does_not_write_over_a_checkpoint_entry_that_records_more(tmp_path):
    """A sweep whose entries are packed (the depth sweep with workers) asks ``replaces`` before
    writing over the file's entry: a no proven by a --recheck meanwhile keeps its proof."""
    from wordlelab.solvers.search.depth.depth_decision import keeps_proof
    from wordlelab.solvers.runtime.sweep import Sweep, save_results
    path = str(tmp_path / "every.json")
    proven = {"yes": False, "core": ["a"], "checked": True}
    save_checkpoint(path, {"kind": "demo"}, {"w": proven, "v": {"yes": None}})

    def run(replaces):
        results = {"w": {"yes": False, "core": ["a"], "nodes": 3}, "v": {"yes": True, "nodes": 4}}
        return Sweep("demo", {"kind": "demo"}, ["w", "v"], None, (), None, results=results,
                     pack=lambda rs: {k: {x: y for x, y in r.items() if x != "nodes"} for k, r in rs.items()},
                     replaces=replaces)

    save_results(run(keeps_proof), path, kept={})
    assert load_checkpoint(path, {"kind": "demo"}) == {"w": proven, "v": {"yes": True}}
    save_results(run(None), path, kept={})          # without the rule the run's entry wins
    assert load_checkpoint(path, {"kind": "demo"})["w"] == {"yes": False, "core": ["a"]}


def test_a_run_that_loaded_a_word_undecided_does_not_write_over_another_runs_decision(tmp_path):
    """Two sweeps on one checkpoint (the candidate order, and --words with a larger --core-work):
    the first loaded FARES undecided and writes all it holds every few seconds, after the second
    has decided FARES. The decision stays; the first run's own new decisions are written."""
    from wordlelab.solvers.runtime.checkpoint import save_merged
    from wordlelab.solvers.search.depth.depth_decision import keeps_proof
    path = str(tmp_path / "every.json")
    unknown = {"yes": None, "core": None, "depth": None, "total": None, "same_as": None}
    save_checkpoint(path, {"kind": "demo"}, {"fares": unknown})
    held_by_first = {"fares": dict(unknown)}
    decided = {"yes": False, "core": ["bares", "cares"], "depth": 5, "total": None, "same_as": None, "checked": True}
    save_merged(path, {"kind": "demo"}, {"fares": decided}, keeps_proof)       # the second run
    new = {"yes": True, "core": None, "depth": 6, "total": 53889, "same_as": None}
    written = save_merged(path, {"kind": "demo"}, {**held_by_first, "rants": new}, keeps_proof)
    assert written == {"fares": decided, "rants": new} == load_checkpoint(path, {"kind": "demo"})


def test_tasks_under_way_are_reported_while_they_run(monkeypatch):
    """A task can run for hours (a core check): every RUNNING_EVERY seconds while tasks are in
    flight, the progress text gets Sweep.running's words on them, told which keys are in flight."""
    import concurrent.futures as cf

    from wordlelab.solvers.runtime import sweep as sweep_layer

    class Slow:
        """An executor whose tasks finish on the third wait."""
        name, workers = "slow", 1

        def __init__(self):
            self.waits, self.pending = 0, []

        def submit(self, fn, *args):
            f = cf.Future()
            self.pending.append((f, fn, args))
            return f

        def wait(self, futures):
            self.waits += 1
            if self.waits % 3:
                return set()
            done = set()
            for f, fn, args in self.pending:
                f.set_result(fn(*args))
                done.add(f)
            self.pending = []
            return done

    monkeypatch.setattr(sweep_layer, "RUNNING_EVERY", 0.0)
    asked, infos = [], []
    s = sweep_layer.Sweep("under-way-test", {}, ["a", "b"], _unit_init, (), _unit_run,
                          describe=lambda results: f"{len(results)} done",
                          running=lambda keys: asked.append(sorted(keys)) or "checks: " + ",".join(sorted(keys)))
    results = sweep_layer.run_sweep(s, Slow(), progress=lambda n, info=None: infos.append(info))
    assert results == {"a": 1, "b": 1}
    assert asked and all(keys == ["a"] or keys == ["b"] or keys == ["a", "b"] for keys in asked)
    assert any(info and info.startswith("0 done; checks: ") for info in infos)
    # the report names no task whose result came in after it
    shown = [info for info in infos if info]
    assert "checks" not in shown[-1]
    # a report that fails (a damaged file it reads, say) never stops the sweep
    def broken(keys):
        raise ValueError("damaged")
    s = sweep_layer.Sweep("broken-report", {}, ["d"], _unit_init, (), _unit_run, running=broken)
    assert sweep_layer.run_sweep(s, Slow(), progress=lambda n, info=None: None) == {"d": 1}
    # without the hook, or with nothing in flight, nothing is asked
    plain = sweep_layer.Sweep("plain", {}, ["c"], _unit_init, (), _unit_run)
    assert sweep_layer.run_sweep(plain, Slow(), progress=lambda n, info=None: None) == {"c": 1}


def _unit_init():
    return None


def _unit_run(state, key, cutoff):
    return 1
