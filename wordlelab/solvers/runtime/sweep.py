"""One sweep layer: a question split into independent tasks, run on one of three executors.

A :class:`Sweep` names its tasks (first words, Eldrow targets, ...) in priority
order, says how a worker process builds its state once (``init``), runs one task
(``run``, given the cutoff known when the task is sent), merges two results for
the same task (idempotently: a task finished twice counts once), and derives the
shared cutoff from the results so far. :func:`run_sweep` keeps a window of tasks in
flight, sends each with the current cutoff (Selby's ``-b``, automatically), and
streams every result into the checkpoint file as it arrives (the format and its
checks are :mod:`wordlelab.solvers.runtime.checkpoint`'s; ``Sweep.meta`` is the question).

Executors: ``inprocess``; ``pool`` (local processes, the default: all cores);
``dask`` (``local`` starts a LocalCluster, ``tcp://host:8786`` uses a running
scheduler; ``pip install wordlelab[dask]``). Nothing is lost: a killed pool
process or dask worker has its tasks re-run, a killed client resumes from the
checkpoint, and the final answer depends only on the merged results.
"""
from __future__ import annotations

import concurrent.futures as cf
import concurrent.futures.process  # noqa: F401  (cf.process.BrokenProcessPool: not loaded by cf itself)
import multiprocessing as mp
import os
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from wordlelab.errors import ParameterError, WordleError
# the one checkpoint format (re-exported here for callers of the sweep layer)
from wordlelab.solvers.runtime.checkpoint import checkpoint_lock, load_checkpoint, save_checkpoint  # noqa: F401

_STATE: dict = {}    # per worker process: the built state of each question, built once
RUNNING_EVERY = 60.0     # seconds between reports on the tasks under way (Sweep.running)


@dataclass
class Sweep:
    """A question as independent tasks (all callables module-level, so they pickle)."""

    name: str
    meta: dict                                  # the question a checkpoint must hold (plain JSON)
    keys: list[str]                             # task keys, most promising first
    init: Callable                              # init(*init_args) -> worker state
    init_args: tuple
    run: Callable                               # run(state, key, cutoff) -> JSON-able result
    merge: Callable = None                      # merge(old, new) -> kept result
    cutoff: Callable = None                     # cutoff(results) -> value sent with the next task
    skip: Callable = None                       # skip(key, cutoff) -> result without running, or None
    describe: Callable = None                   # describe(results) -> progress text (best so far)
    warmup: int = 0                             # tasks in flight while no cutoff is known yet (0: no limit)
    cutoff_known: Callable = None               # cutoff_known(results) -> bool
    group: Callable = None                      # group(key): tasks of one group are not run at once
    results: dict = field(default_factory=dict)
    validate: Callable = None                   # validate(entry key, value): ValueError if malformed
    pack: Callable = None                       # pack(results) -> checkpoint entries (default: the results)
    replaces: Callable = None                   # replaces(ours, theirs) -> whether a packed entry of this run is
    #                                             written over the file's, read again when saving (None: always)
    unpack: Callable = None                     # unpack(entries, keys) -> results of those tasks it holds
    resumed: set = field(default_factory=set)   # task keys whose result was taken from the checkpoint
    sealed: bool = True                         # whether this installation wrote that checkpoint (else
    #                                             the resumed results are claims: solvers/runtime/checkpoint.py)
    stale: Callable = None                      # stale(key, result) -> True if a checkpoint's result is to
    #                                             be sent again (``skip`` may still settle it from that result)
    last: str | None = None                     # the key of the latest result of this run (computed or skipped)
    running: Callable = None                    # running(keys in flight) -> text on the tasks under way, added
    #                                             to the progress every RUNNING_EVERY seconds (one task can take hours)


def _task(name, init, init_args, run, key, cutoff):
    """Worker side: build (once per process) and run one task."""
    return key, run(_state(name, init, init_args), key, cutoff)


# ---- checkpoints
def load_results(sweep: Sweep, checkpoint) -> dict:
    """The checkpoint's entries for this sweep's question, after checking them (WordleError if refused)."""
    return load_checkpoint(checkpoint, sweep.meta, sweep.validate)


def _restore(sweep: Sweep, entries: dict) -> None:
    """Take the results of this sweep's tasks from checkpoint entries, and remember which they are."""
    restored = sweep.unpack(entries, sweep.keys) if sweep.unpack else entries
    sweep.results.update(restored)
    sweep.resumed.update(restored)
    sweep.sealed = getattr(entries, "sealed", True)


def save_results(sweep: Sweep, checkpoint, kept: dict | None = None) -> None:
    """Write the sweep's results, over ``kept`` (entries loaded earlier) and over what the file holds now.

    A checkpoint never loses an entry: another process running the same question on the same file
    (two ``analyze`` runs filling one cached ranking) may have written since this one loaded it, so
    the file is read again, under :func:`~wordlelab.solvers.runtime.checkpoint.checkpoint_lock`, and merged
    with ``merge`` (an entry of this run replaces the file's where the sweep has no ``merge``, or
    packs its entries). A file that is now refused (damaged meanwhile) is written over.
    """
    if not checkpoint:
        return
    combine = sweep.merge if sweep.merge is not None and sweep.pack is None else None
    with checkpoint_lock(checkpoint):
        try:
            entries = load_checkpoint(checkpoint, sweep.meta, sweep.validate)
        except WordleError:
            entries = {}
        for layer in (kept or {}, sweep.pack(sweep.results) if sweep.pack else sweep.results):
            for key, value in layer.items():
                old = entries.get(key)
                if old is not None and combine is None and sweep.replaces is not None \
                        and not sweep.replaces(value, old):
                    continue        # the file's entry, written by another run meanwhile, records more
                entries[key] = value if old is None or combine is None else combine(old, value)
        save_checkpoint(checkpoint, sweep.meta, entries)


# ---- executors: submit(fn, *args) -> future; wait(futures) -> done set; close()
class InProcess:
    """Runs each task at once, in this process."""

    name, workers, dashboard = "inprocess", 1, None

    def submit(self, fn, *args):
        f = cf.Future()
        try:
            f.set_result(fn(*args))
        except BaseException as e:  # noqa: BLE001 - handed to the caller through the future
            f.set_exception(e)
        return f

    def wait(self, futures):
        return set(futures)

    def close(self):
        pass


class Pool:
    """Local processes (spawned: numba's threads make fork unsafe); a broken pool is rebuilt.

    Each process watches its parent and exits when the parent is gone, so a client killed
    with SIGKILL leaves nothing running; on Ctrl-C or any error the client terminates
    its processes at once instead of waiting for their compiled searches to end.
    """

    name, dashboard = "pool", None

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.pool = self._new_pool()

    def _new_pool(self):
        return cf.ProcessPoolExecutor(self.workers, mp_context=mp.get_context("spawn"),
                                      initializer=start_worker, initargs=(os.getpid(),))

    def submit(self, fn, *args):
        return self.pool.submit(fn, *args)

    def wait(self, futures):
        done, _ = cf.wait(futures, timeout=0.5, return_when=cf.FIRST_COMPLETED)
        return done

    def restart(self):
        """After a worker died: a fresh pool (the caller re-sends the lost tasks)."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = self._new_pool()

    def close(self):
        # a worker mid-search would finish its task before the pool could join it (seconds):
        # whatever it computes now is not wanted, so it is stopped
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            if p.is_alive():
                p.terminate()
        for p in processes:
            p.join(timeout=5)


PARENT_POLL_SECONDS = 0.5


def start_worker(parent_pid: int) -> None:
    """Worker side, first thing: ignore Ctrl-C, and end with the parent (:func:`watch_parent`).

    A Ctrl-C in a terminal reaches the whole process group, workers included; an idle worker,
    waiting for its next task, printed a KeyboardInterrupt traceback. The client stops its
    workers itself on Ctrl-C (:meth:`Pool.close` terminates them), so they need not hear it.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watch_parent(parent_pid)


def watch_parent(parent_pid: int) -> None:
    """Worker side: a daemon thread that ends this process once ``parent_pid`` is gone.

    A spawned worker is re-parented when its client dies, so ``os.getppid()`` changes.
    """
    def watch():
        while os.getppid() == parent_pid:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)
    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class Dask:
    """dask.distributed: a LocalCluster ('local') or a running scheduler's address."""

    name = "dask"

    def __init__(self, address: str, workers: int):
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise WordleError("dask is not installed: pip install 'wordlelab[dask]'") from None
        self.cluster = None
        if address == "local":
            # one thread per worker process: each task is a compiled search that uses a whole core
            self.cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                                        dashboard_address=":0", silence_logs=40)
            self.client = Client(self.cluster)
            info = self.client.scheduler_info()
        else:
            check_dask_address(address)
            _probe_scheduler(address, CONNECT_SECONDS)
            try:
                self.client = Client(address, timeout=CONNECT_SECONDS)
                info = self.client.scheduler_info()
            except Exception as e:         # anything from a peer the probe passed: one line
                raise WordleError(f"cannot reach the dask scheduler at {address}: {_reason(e)}") from None
        self.workers = max(1, len(info.get("workers", {})) or workers)
        self.dashboard = self.client.dashboard_link

    def submit(self, fn, *args):
        # retries: a task whose worker dies is re-run elsewhere (the scheduler also reschedules it)
        return self.client.submit(fn, *args, pure=False, retries=3)

    def wait(self, futures):
        from distributed import wait
        if not futures:
            return set()
        try:
            return wait(list(futures), timeout=0.5, return_when="FIRST_COMPLETED").done
        except TimeoutError:        # nothing finished within the half second
            return set()

    def close(self):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


DASK_SCHEMES = ("tcp", "tls", "ucx", "ws", "wss", "inproc")
CONNECT_SECONDS = 10.0      # to connect to a scheduler and hear it answer


def _reason(e: BaseException) -> str:
    return " ".join(str(e).split()) or type(e).__name__


def _probe_scheduler(address: str, seconds: float) -> None:
    """Ask ``address`` who it is, within ``seconds``: WordleError unless a dask scheduler answers.

    Client() waits with no limit for a peer that accepts the connection and stays silent (its
    ``timeout`` covers the connection alone), and a peer that sends anything else can claim a
    message of exabytes, which dask tries to allocate. The question ("identity", which every
    dask server answers) runs in an event loop of its own, under one time limit for it all, and
    whatever goes wrong is one line.
    """
    import asyncio
    from distributed.comm import connect

    async def identity():
        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()
    try:
        answer = asyncio.run(asyncio.wait_for(identity(), seconds))
    except (TimeoutError, asyncio.TimeoutError):
        raise WordleError(f"cannot reach the dask scheduler at {address}: nothing answered within {seconds:g} s") from None
    except MemoryError:
        raise WordleError(f"{address} is not a dask scheduler: it answered with garbage") from None
    except Exception as e:        # refused, reset, not dask's protocol: one line, whatever the peer did
        raise WordleError(f"cannot reach the dask scheduler at {address}: {_reason(e)}") from None
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        kind = answer.get("type") if isinstance(answer, dict) else None
        raise WordleError(f"{address} is not a dask scheduler" + (f" (a {kind})" if isinstance(kind, str) else ""))


def check_dask_address(address: str) -> str:
    """``local`` or ``SCHEME://HOST:PORT`` (no scheme: tcp); WordleError otherwise.

    >>> check_dask_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    """
    if address == "local":
        return address
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(address if "://" in address else "tcp://" + address)
        port, host = parts.port, parts.hostname
    except ValueError:           # 'tcp://[::1' (an unclosed IPv6 bracket), a port out of range
        parts, port, host = None, None, None
    if parts is None or parts.scheme not in DASK_SCHEMES or not host or port is None:
        raise ParameterError(f"{{dask_address}} {address!r}: expected 'local' or a scheduler address such as "
                             f"tcp://HOST:8786")
    return address


def executor(kind: str | None, workers: int, dask_address: str | None = None):
    """The executor for ``--workers N`` / ``--dask ADDRESS`` (None: a pool of N, or in-process for 1)."""
    if dask_address:
        return Dask(dask_address, workers)
    if kind == "inprocess" or workers <= 1:
        return InProcess()
    return Pool(workers)


def forget_states() -> None:
    """Drop this process's built states (a benchmark that reruns a sweep in-process starts cold)."""
    _STATE.clear()


def _state(name, init, init_args):
    """Worker side: this process's state for a sweep, built on first use."""
    sid = (name, init.__module__, init.__qualname__, repr(init_args))
    if sid not in _STATE:
        _STATE[sid] = init(*init_args)
    return _STATE[sid]


def _build(name, init, init_args):
    """Worker side: build the state now, as the first task would (returns no state: it stays here)."""
    _state(name, init, init_args)
    return True


def prewarm(ex, name: str, init: Callable, init_args: tuple) -> list:
    """Have a local pool's processes start and build a sweep's state now, while the client prepares.

    ``name``, ``init`` and ``init_args`` are those of the sweep to come. Returns the futures
    (keep them until the sweep ends). Only for ``Pool``: in-process there is nothing to
    overlap, and dask workers build their state with their first task.
    """
    if not isinstance(ex, Pool):
        return []
    return [ex.submit(_build, name, init, init_args) for _ in range(ex.workers)]


GROUP_LOOKAHEAD = 64   # how far down the to-do list a task of a group not in flight is looked for


def _next_key(sweep, todo, in_flight):
    """The first task to send: the first of a group with no task in flight, if one is near the front.

    Tasks of one group share most of their work (first words with the same letters reach the
    same answer sets); run one after the other, the second finds the first's nodes in the
    shared node table instead of computing them at the same time.
    """
    if sweep.group is not None and in_flight:
        busy = {sweep.group(k) for k in in_flight.values()}
        for i, key in enumerate(todo[:GROUP_LOOKAHEAD]):
            if sweep.group(key) not in busy:
                return todo.pop(i)
    return todo.pop(0)


def _merge(sweep, key, new):
    old = sweep.results.get(key)
    sweep.results[key] = new if old is None or sweep.merge is None else sweep.merge(old, new)


def run_sweep(sweep: Sweep, ex, checkpoint=None, progress=None, on_result=None, save_every: float = 1.0, *,
              loaded=None) -> dict:
    """Run every task not already in the checkpoint; returns the merged results (key -> result).

    ``progress(n, info=...)`` is told of each result; ``on_result(key, result, executor)`` is a hook
    (tests use it to kill a worker or interrupt the client). Ctrl-C saves and re-raises.
    ``loaded``: the checkpoint's entries as the caller has already read and checked them (a
    :class:`~wordlelab.solvers.runtime.checkpoint.Loaded`), so that the file is read once a run.
    """
    if loaded is None:
        loaded = load_results(sweep, checkpoint)
    sweep.last = None
    _restore(sweep, loaded)
    todo = [k for k in sweep.keys if k not in sweep.results or (sweep.stale and sweep.stale(k, sweep.results[k]))]
    if progress:
        progress(len(sweep.keys) - len(todo), info=_info(sweep))
    window = 2 * getattr(ex, "workers", 1)
    in_flight: dict = {}       # future -> key
    last_save = time.monotonic()
    # a save re-reads, checks and rewrites the whole file (megabytes, for a sweep over every
    # first word): only when a result came in since the last one, at most every save_every seconds
    unsaved = False
    under_way = ""       # the last text of sweep.running, kept in the progress until the next
    last_running = time.monotonic()
    info = _Throttled(lambda: _info(sweep) + under_way)
    try:
        while todo or in_flight:
            cold = sweep.warmup and sweep.cutoff_known and not sweep.cutoff_known(sweep.results)
            # Once per round, not once per key: the cutoff and the progress text each read every
            # result, and a resume can settle thousands of keys by ``skip`` in one round (quadratic:
            # 11,000 stored bounds of a best-start ranking took a minute). Results only improve as
            # they merge, so a cutoff from the start of the round is at least the current one: a
            # task sent with it stops later, never wrongly (the workers also read the live cutoff).
            cutoff = sweep.cutoff(sweep.results) if sweep.cutoff else None
            # until a cutoff exists, tasks sent now would run unbounded: send only a few
            while todo and len(in_flight) < (sweep.warmup if cold else window):
                key = _next_key(sweep, todo, in_flight)
                done_now = sweep.skip(key, cutoff) if sweep.skip else None
                if done_now is not None:
                    _merge(sweep, key, done_now)
                    sweep.last = key
                    unsaved = True
                    if progress:
                        progress(1, info=info())
                    continue
                try:
                    f = ex.submit(_task, sweep.name, sweep.init, sweep.init_args, sweep.run, key, cutoff)
                except cf.process.BrokenProcessPool:
                    # the pool noticed a dead process before we did: resend everything in flight
                    todo = [key] + list(in_flight.values()) + todo
                    in_flight.clear()
                    ex.restart()
                    continue
                in_flight[f] = key
            if not in_flight:
                continue
            for f in ex.wait(in_flight):
                key = in_flight.pop(f)
                try:
                    _, result = f.result()
                except cf.process.BrokenProcessPool:
                    # a pool process died: every task in flight is lost; send them again
                    lost = [key] + list(in_flight.values())
                    in_flight.clear()
                    ex.restart()
                    todo = lost + todo
                    break
                _merge(sweep, key, result)
                sweep.last = key
                unsaved = True
                under_way = ""      # it may name this task: the next report says what still runs
                sweep.resumed.discard(key)      # computed in this run (a stale checkpoint entry sent again)
                if progress:
                    progress(1, info=info())
                if on_result:
                    on_result(key, result, ex)
            if progress and info.skipped:
                # results that came in together: the text of the last one, not of the first
                progress(0, info=info.now())
            if progress and sweep.running and in_flight and time.monotonic() - last_running >= RUNNING_EVERY:
                try:
                    text = sweep.running(list(in_flight.values()))
                except Exception:       # noqa: BLE001 - a report (a damaged file it reads) never stops the sweep
                    text = ""
                under_way = f"; {text}" if text else ""
                last_running = time.monotonic()
                progress(0, info=info.now())
            if unsaved and time.monotonic() - last_save > save_every:
                save_results(sweep, checkpoint, loaded)
                last_save = time.monotonic()
                unsaved = False
    finally:
        save_results(sweep, checkpoint, loaded)
        for f in in_flight:
            f.cancel()
    return sweep.results


class _Throttled:
    """``fn()`` at most every ``seconds``; None (keep the text shown) in between. ``skipped``
    says a call was passed over since the last text, and ``now()`` makes that text at once.

    >>> calls = []
    >>> t = _Throttled(lambda: calls.append(1) or len(calls), seconds=60)
    >>> t(), t(), t.skipped, t.now(), t.skipped
    (1, None, True, 2, False)
    """

    def __init__(self, fn, seconds: float = 0.2):
        self.fn, self.seconds, self.last, self.skipped = fn, seconds, None, False

    def __call__(self):
        if self.last is not None and time.monotonic() - self.last < self.seconds:
            self.skipped = True
            return None
        return self.now()

    def now(self):
        self.last, self.skipped = time.monotonic(), False
        return self.fn()


def _info(sweep) -> str:
    if sweep.describe is not None:
        return sweep.describe(sweep.results)
    if sweep.cutoff is None:
        return f"{len(sweep.results)} done"
    c = sweep.cutoff(sweep.results)
    return f"cutoff {c}" if c is not None and c < 10**8 else ""
