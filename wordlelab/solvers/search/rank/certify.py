"""Lower-bound certificates for the min-sum search: "every strategy from this first guess totals at least v".

:func:`certify_min_total` writes the certificate of :mod:`wordlelab.models.lower_bound` (its
docstring states the format and proves the theorem the checker relies on) for a first guess
and a value v the search has proven least, and nothing it writes is trusted: the independent
checker re-checks it.

**How the claims are found.** A claim "V(S, R, g) >= v" needs, for every allowed guess x, classes
whose bounds sum with |S| to at least v. Guesses whose one-ply bound 3|S| - hit - k already
reaches v are left to the checker, which redoes that probe; so are guesses whose classes'
floors (the 2s - 1 / 2s rule) reach it. For each other guess (in easy mode, once per
set of classes of S: guesses that split S alike share a record), the search bounds each class of
three or more answers with the budget the gap leaves (:meth:`NativeSearcher.min_sum` with
beta = floor + gap: its least total, or a lower bound of at least beta). Since the search
proved V(S, R, g) >= v, the recurrence gives |S| + Σ V(classes) >= v for every x, so these bounds
close the gap; the largest raises are taken first, each only as far as needed, and each raised
class becomes a claim proven the same way, one guess fewer left. Claims are kept by (S, R, g),
and one proven before with a bound high enough is named again rather than re-proven.

From a game state (:func:`certify_ranking` with ``state``) the same is done at the searcher's
node of that state: the certificate's header carries the state's history, from which the
checker rebuilds the node (its answers, guesses left and hard-mode rule), so the claims are
those of the play from the state.

**Resuming.** With a ``checkpoint`` (a :class:`~wordlelab.solvers.runtime.checkpoint_log.CheckpointLog`)
the claims are appended as they are written, and a ranking's first guesses as they are done; a
stopped run (Ctrl-C, SIGTERM) leaves them there, and the next run with the same checkpoint and goal
reads them back, names them again instead of proving them again, and skips the first guesses done.
Nothing read back is trusted: the finished certificate is checked whole by the checker.

The search's values are its node table's: after a ``solve`` on the same searcher most of them
are cache hits. The checker rejects a certificate that the search's values would make false,
so a fault in the search shows up as a failed check, never as a false claim.
"""
from __future__ import annotations

import json
import time
from contextlib import contextmanager

import numpy as np

from wordlelab.errors import WordleError
from wordlelab.models.files import open_atomic
from wordlelab.models.lower_bound import NO_RULE, CertificateWriter
from wordlelab.models.modes import rule_after
from wordlelab.models.stats import LowerBound
from wordlelab.solvers.search.engine.kernels import K
from wordlelab.solvers.search.engine.tables import INF

ALL_GREEN = 242


class _Short(WordleError):
    """The search's bounds do not refute a guess at the bound asked (for a ranking: the word may be as good)."""


def _one_ply(k: np.ndarray, hit: np.ndarray, n: int, h: int) -> np.ndarray:
    """The checker's one-ply bound of guesses with ``k`` classes (``hit``: one green) over n answers, h guesses left after."""
    if h >= 2:
        return 3 * n - hit - k
    if h == 1:
        return np.where(k == n, 2 * n - hit, INF)
    return np.where(k - hit > 0, INF, n)


class _Certifier:
    """The claims written so far, by (answers, rule, guesses left), and the searcher that bounds classes."""

    def __init__(self, searcher, writer: CertificateWriter, progress=None, log=None):
        self.s = searcher
        self.writer = writer
        self.log = log                              # the checkpoint's CheckpointLog, or None
        # the order classes are searched in to close a guess's gap: the largest first suits a gap
        # one class can close (a ranking's "one more"); for a loose bound, where every class must be
        # valued, the smallest first leaves the largest only what is left (it is never solved whole)
        self.smallest_first = False
        self.MT = searcher.MT                      # [answer, guess] -> reply code
        self.ans_guess = searcher.ans_guess         # answer -> its guess index (-1: not a guess)
        self.guess_answer = np.full(len(searcher.lists.guesses), -1, np.int64)
        for a, g in enumerate(self.ans_guess.tolist()):
            if g >= 0:
                self.guess_answer[g] = a
        self.hard = searcher.mode == "hard"
        self.proven: dict = {}                      # (S bytes, rule, g) -> (claim id, at_least)
        self.one_ply: dict = {}                     # (S bytes, rule, g) -> the checker's one-ply bound there
        self.progress = progress
        self.searches = 0
        everyone = np.arange(self.MT.shape[0], dtype=np.int32)
        # K of the checker's replies lemma: the most classes a guess splits all the answers into
        self.classes = int(K.scan(self.MT, everyone, searcher.all_guesses, searcher.R)[0].max())

    # ---- the checker's floor, computed the same way (the certificate relies on no more)
    def floor(self, S: np.ndarray, h: int, L: np.ndarray) -> int:
        s = S.shape[0]
        if s == 0:
            return 0
        if h <= 0 or (h == 1 and s >= 2):
            return INF
        if s == 1:
            return 1
        if h >= 3 and s > self.classes:
            return 3 * s - 1 - self.classes
        cols = self.ans_guess[S]
        cols = cols[cols >= 0]
        if self.hard:
            pos = np.searchsorted(L, cols)
            cols = cols[(pos < L.shape[0]) & (L[np.minimum(pos, L.shape[0] - 1)] == cols)]
        if cols.shape[0]:
            block = np.sort(self.MT[np.ix_(S, cols)], axis=0)
            if (block[1:] != block[:-1]).all(axis=0).any():
                return 2 * s - 1
        return 2 * s

    def bound(self, S: np.ndarray, L: np.ndarray, h: int, beta: int) -> int:
        """The search's least total of the class (S, L, h) if below ``beta``, else a bound >= beta."""
        self.searches += 1
        v, _ = self.s.min_sum(np.ascontiguousarray(S, np.int32), L, h, beta, 0)
        return int(v)

    def probe(self, S: np.ndarray, L: np.ndarray, rule: tuple, g: int) -> int:
        """The checker's one-ply bound at (S, rule, g): the least over allowed guesses of |S| plus
        their classes' one-ply floors. A claim up to it needs no groups (the checker redoes the probe)."""
        key = (S.tobytes(), rule, g)
        value = self.one_ply.get(key)
        if value is None:
            k, hit, _ = K.scan(self.MT, np.ascontiguousarray(S, np.int32), L, self.s.R)
            value = int(np.min(_one_ply(k.astype(np.int64), hit.astype(np.int64), S.shape[0], g - 1)))
            self.one_ply[key] = value
        return value

    def child(self, L: np.ndarray, rule: tuple, x: int, p: int) -> tuple:
        """The guess list and rule of the class of reply ``p`` after guess ``x``."""
        if not self.hard:
            return L, NO_RULE
        return self.s.child_list(L, np.int32(x), np.int32(p)), rule_after(*rule, self.s.lists.guesses[x], int(p))

    # ---- claims
    def prove(self, S: np.ndarray, L: np.ndarray, rule: tuple, g: int, v: int, only: int | None = None):
        """A claim id proving V(S, rule, g) >= v, or None when the checker's floor shows it."""
        key = (S.tobytes(), rule, g)
        known = self.proven.get(key)
        if only is None and known is not None and known[1] >= v:
            return known[0]
        if only is None and self.floor(S, g, L) >= v:
            return None
        n, h = S.shape[0], g - 1
        H = np.ascontiguousarray(S, np.int32)
        if only is not None:
            cand = [int(only)]
        elif self.one_ply.get(key, -1) >= v:
            cand = []
        else:
            k, hit, _ = K.scan(self.MT, H, L, self.s.R)
            cand = L[np.flatnonzero(_one_ply(k.astype(np.int64), hit.astype(np.int64), n, h) < v)].tolist()
        groups: dict = {}
        for x in cand:
            groups.setdefault(self._classes_key(H, x) if not self.hard else x, []).append(x)
        records = []
        for xs in groups.values():
            children = self._guess(H, L, rule, g, v, xs[0])
            if children is not None:
                records.append((xs, children))
        i = self.claim(S, g, v, records, rule)
        if known is None or known[1] < v:
            self.proven[key] = (i, v)
        if self.progress and i % 200 == 0:
            self.progress(i)
        return i

    def claim(self, S, g: int, v: int, records, rule) -> int:
        """Write a claim, and append it to the checkpoint."""
        i = self.writer.claim(S, g, v, records, rule)
        if self.log is not None:
            self.log.append(f"c{i}", json.loads(self.writer.lines[i]))
        return i

    def resume(self, entries: dict) -> list:
        """Take back the claims of a checkpoint (``c{id}`` entries, ids from 0 with none missing):
        written again in order and known by their (answers, rule, guesses left). Returns the
        ranking's first guesses done (``g{n}`` entries, in order, up to the first missing), each
        ``[guesses, claim ids]``."""
        n = 0
        while f"c{n}" in entries:
            row = entries[f"c{n}"]
            S = np.asarray(row["answers"], np.int32)
            rule = NO_RULE if "rule" not in row else \
                (tuple(tuple(x) for x in row["rule"][0]), tuple(tuple(x) for x in row["rule"][1]))
            at_least = INF if row["at_least"] == "inf" else int(row["at_least"])
            groups = [(X, C) for X, C in row["by"]]
            if any(j >= n for _, C in groups for j in C):
                raise WordleError(f"the certificate's checkpoint names a claim before it is written (claim {n})")
            i = self.writer.claim(S, int(row["left"]), at_least, groups, rule)
            key = (S.tobytes(), rule, int(row["left"]))
            if key not in self.proven or self.proven[key][1] < at_least:
                self.proven[key] = (i, at_least)
            n += 1
        done = []
        while f"g{len(done)}" in entries:
            xs, children = entries[f"g{len(done)}"]
            if any(j >= n for j in children):
                break
            done.append((list(xs), list(children)))
        return done

    def _classes_key(self, H, x) -> bytes:
        """The classes x splits H into, whatever their replies (and which answer x finds): equal keys, equal classes."""
        col = self.MT[H, x]
        _, first, inverse = np.unique(col, return_index=True, return_inverse=True)
        green = np.flatnonzero(col == ALL_GREEN)
        return first[inverse].astype(np.int32).tobytes() + (green.tobytes() if green.size else b"-")

    def _guess(self, H, L, rule, g, v, x) -> list | None:
        """The claims that refute guess ``x`` for the bound ``v``; None when the floors alone do."""
        n, h = H.shape[0], g - 1
        members, starts, sizes, pats = K.classes_of(self.MT, H, np.int32(x))
        classes = []
        for c in range(sizes.shape[0]):
            sub = np.sort(members[starts[c]:starts[c] + sizes[c]])
            Lc, rc = self.child(L, rule, x, int(pats[c]))
            classes.append((sub, Lc, rc, self.floor(sub, h, Lc)))
        gap = v - n - sum(min(f, INF) for *_, f in classes)
        if gap <= 0:
            return None
        children = []
        # first the checker's one-ply probes at the classes: claims with no groups, each as high as
        # its probe goes (so another first word meeting the class names it again). When they close
        # the gap, the classes raised most per answer are taken: the checker's work at a claim is
        # its answers times the guesses.
        lifts = []
        for c, (sub, Lc, rc, f) in enumerate(classes):
            if sub.shape[0] >= 3 and f < INF and h >= 3:
                up = self.probe(sub, Lc, rc, h) - f
                if up > 0:
                    lifts.append((up, c))
        if sum(up for up, _ in lifts) >= gap:
            lifts.sort(key=lambda r: (-r[0] / classes[r[1]][0].shape[0], r[1]))
            for up, c in lifts:
                if gap <= 0:
                    break
                sub, Lc, rc, f = classes[c]
                children.append(self.prove(sub, Lc, rc, h, f + up))
                gap -= up
            return children
        # else every lift is needed, and the search bounds the classes above them
        lifted = dict((c, up) for up, c in lifts)
        classes = [(sub, Lc, rc, f + lifted.get(c, 0)) for c, (sub, Lc, rc, f) in enumerate(classes)]
        gap -= sum(lifted.values())
        # the classes of 3 or more answers in turn, claims already written first (free), then the
        # largest: each searched with the gap left as its budget (as the search's own first-guess
        # bound spends it), so a class's search stops once it has raised it the rest of the way
        order = []
        for c, (sub, Lc, rc, f) in enumerate(classes):
            if sub.shape[0] >= 3 and f < INF:
                known = self.proven.get((sub.tobytes(), rc, h))
                size = sub.shape[0] if self.smallest_first else -sub.shape[0]
                order.append((known is None or known[1] < f + gap, size, c))
        order.sort()
        for _, _, c in order:
            if gap <= 0:
                break
            sub, Lc, rc, f = classes[c]
            known = self.proven.get((sub.tobytes(), rc, h))
            b = known[1] if known is not None and known[1] >= f + gap else self.bound(sub, Lc, h, f + gap)
            if b <= f:
                continue
            take = min(b - f, gap)
            gap -= take
            j = self.prove(sub, Lc, rc, h, f + take)
            if j is None:
                raise WordleError("internal error: a class's raised bound is no more than its floor")
            children.append(j)
            lifted.pop(c, None)
        if gap > 0:
            raise _Short(f"the search's bounds leave guess {self.s.lists.guesses[x].upper()} {gap} short of {v} "
                         f"at a node of {n} answers with {g} guesses left")
        # the lifted classes the search did not raise further: their one-ply claims
        for c, up in lifted.items():
            sub, Lc, rc, f = classes[c]
            children.append(self.prove(sub, Lc, rc, h, f))
        return children


def _valid_entry(key: str, value) -> None:
    """A checkpoint entry's shape (load_log refuses the file with one line otherwise): a claim
    ``c{id}`` as the certificate writes it, or a first-guess group ``g{n}``, [guesses, claim ids]."""
    ints = (lambda xs: isinstance(xs, list) and all(isinstance(x, int) for x in xs))
    if key.startswith("c") and key[1:].isdigit():
        ok = isinstance(value, dict) and ints(value.get("answers")) and isinstance(value.get("left"), int) \
            and (isinstance(value.get("at_least"), int) or value.get("at_least") == "inf") \
            and isinstance(value.get("by"), list) and all(
                isinstance(g, list) and len(g) == 2 and ints(g[0]) and ints(g[1]) for g in value["by"])
    elif key.startswith("g") and key[1:].isdigit():
        ok = isinstance(value, list) and len(value) == 2 and ints(value[0]) and ints(value[1])
    else:
        ok = False
    if not ok:
        raise ValueError("not a claim or a first-guess group of a certificate")


@contextmanager
def _checkpointed(path, writer: CertificateWriter):
    """The checkpoint's log and the entries it holds for this certificate's goal (none without a path).

    The log is closed (flushed) however the block ends, a stop included, so what was written stays.
    """
    if path is None:
        yield None, {}
        return
    from wordlelab.solvers.runtime.checkpoint_log import CheckpointLog, load_log
    question = {"kind": "lower-bound-certificate", "goal": dict(writer.header)}
    entries = load_log(path, question, validate=_valid_entry)
    with CheckpointLog(path, question, flush_every=30.0) as log:
        yield log, entries


def certify_min_total(searcher, start: str, value: int, target, progress=None, checkpoint=None,
                      smallest_first: bool = False) -> dict:
    """Write the certificate that every strategy starting with ``start`` totals at least ``value``.

    Parameters
    ----------
    searcher : NativeSearcher
        The searcher whose node table proved ``value`` (easy or hard mode; from the root of its lists).
    start : str
        The first guess.
    value : int
        The least total the search proved (the certificate's goal).
    target : str, Path or binary stream
        Where to write the certificate (gzip JSON lines, written atomically to a path).
    progress : callable, optional
        Called with the number of claims written, every 200.
    checkpoint : str, optional
        A log of the claims written (module docstring, *Resuming*): a stopped run resumes from it.
    smallest_first : bool
        Search a guess's classes smallest first (default: largest first). For a proven lower
        bound below the least total, where every class but the largest must be valued exactly
        and the largest only bounded.

    Returns
    -------
    dict
        ``claims``, ``searches`` (classes the search bounded), ``resumed`` (claims read back from
        the checkpoint) and ``seconds``.

    Raises
    ------
    WordleError
        The mode is strict, or the search's bounds do not reach ``value``
        (then ``value`` was not proven by this searcher: an internal error).

    Examples
    --------
    >>> import io                                                      # doctest: +SKIP
    >>> certify_min_total(searcher, "salet", 7897, io.BytesIO())["claims"]  # doctest: +SKIP
    365
    """
    if searcher.mode == "strict":
        raise WordleError("lower-bound certificates are made in easy and hard mode only")
    t0 = time.perf_counter()
    lists = searcher.lists
    x0 = searcher.guess_index[start]
    node = searcher.root(start)
    writer = CertificateWriter(None, searcher.mode, lists.name, lists.guesses, lists.answers,
                               searcher.max_guesses, start, value)
    with _checkpointed(checkpoint, writer) as (log, entries):
        certifier = _Certifier(searcher, writer, progress, log)
        certifier.smallest_first = smallest_first
        certifier.resume(entries)
        resumed = len(writer.lines)
        # each search runs to its end (no stop block poisons it), so a Ctrl-C between two leaves the
        # node table sound; the certificate is written only once complete
        certifier.prove(np.ascontiguousarray(node.H, np.int32), node.L, NO_RULE, node.d, value, only=x0)
    _finish(writer, target)
    return {"claims": len(writer.lines), "searches": certifier.searches, "resumed": resumed,
            "seconds": round(time.perf_counter() - t0, 3)}


def state_node(searcher, state: str | None) -> tuple:
    """The searcher's node of a game state (None: the start of the game), its history as
    (guess, reply letters) pairs and its hard-mode rule (the checker's goal, rebuilt by it from the history).

    A state ending with a guess without its reply names no node of a ranking: WordleError.
    """
    from wordlelab.models.feedback import pattern_string
    from wordlelab.models.state import parse_state
    if not state:
        return searcher.root(None), (), NO_RULE
    game = parse_state(state, searcher.lists, searcher.mode)
    if game.next_guess:
        raise WordleError(f"the state ends with {game.next_guess!r} without its reply: give it ({state}.BYBBG, say)")
    node = searcher.root(None, state)
    rule = NO_RULE
    if searcher.mode == "hard":
        for g, p in game.history:
            rule = rule_after(*rule, g, int(p))
    return node, tuple((g, pattern_string(p)) for g, p in game.history), rule


def certify_ranking(searcher, best, value: int, target, others: int | None = None, progress=None,
                    state: str | None = None, checkpoint=None) -> dict:
    """Write a ranking's certificate: every strategy totals at least ``value``, and every strategy
    whose first guess is not one of ``best`` at least ``others`` (default ``value + 1``).

    From a game ``state`` (``salet.BBBYB``) the certificate is a state's (version 3 of
    :mod:`~wordlelab.models.lower_bound`): the strategies are those from that state, ``value``
    the least total over the answers it leaves, and ``best`` its best next guesses.

    With a verified tree of total ``value`` starting with each word of ``best``, the checked
    certificate shows that they are the best first words, and the only ones. One goal claim covers every first guess; the classes
    of the first words are claims named by the first words that meet them, so a class two first
    words share (anagrams, above all) is proven once. Most first words are refuted by the
    checker's one-ply probes at their classes (claims with no groups); the few near the best need
    the search's bounds below them, as in :func:`certify_min_total`.

    Parameters
    ----------
    searcher : NativeSearcher
        The searcher that proved ``value`` for ``best`` (easy or hard mode, from the root of its lists).
    best : str or sequence of str
        The best first word (or words, tied).
    value : int
        Their least total, proven by the search.
    target : str, Path or binary stream
        Where to write the certificate (gzip JSON lines, written atomically to a path).
    others : int, optional
        The bound for every other first word; default ``value + 1``.
    progress : callable, optional
        Called after each first guess (or set of first guesses that split the answers alike) with
        the number done, their number and the claims written so far.
    state : str, optional
        A game state (guess.PATTERN...); default the start of the game.
    checkpoint : str, optional
        A log of the claims written and the first guesses done (module docstring, *Resuming*):
        a stopped run resumes from it.

    Returns
    -------
    dict
        ``claims``, ``searches``, ``first_guesses`` (their distinct classes, easy mode: first guesses that
        split the answers alike share a record), ``resumed`` (claims read back from the checkpoint)
        and ``seconds``.

    Raises
    ------
    WordleError
        The mode is strict, a first word not in ``best`` is not bounded at ``others``
        by the search (its total may be below it: ``best-start`` ranks it), or the state is malformed.

    Examples
    --------
    >>> certify_ranking(searcher, "salet", 7897, "best.bound.gz")["claims"]   # doctest: +SKIP
    """
    if searcher.mode == "strict":
        raise WordleError("lower-bound certificates are made in easy and hard mode only")
    t0 = time.perf_counter()
    others = value + 1 if others is None else int(others)
    lists = searcher.lists
    best = (best,) if isinstance(best, str) else tuple(best)
    node, history, rule = state_node(searcher, state)
    L = node.L
    allowed = set(L.tolist())
    for w in best:
        if w not in searcher.guess_index or searcher.guess_index[w] not in allowed:
            raise WordleError(f"{w!r} is not a guess allowed {'here' if state else 'first'} in {searcher.mode} mode")
    tops = {searcher.guess_index[w] for w in best}
    writer = CertificateWriter(None, searcher.mode, lists.name, lists.guesses, lists.answers,
                               searcher.max_guesses, None, value, best, others)
    if history:
        writer.from_state(history)
    which = "next guess" if state else "first word"
    with _checkpointed(checkpoint, writer) as (log, entries):
        certifier = _Certifier(searcher, writer, None, log)
        done = certifier.resume(entries)
        resumed = len(writer.lines)
        records, groups = _rank_groups(certifier, node, rule, tops, value, others, which, done, progress)
    writer.claim(np.ascontiguousarray(node.H, np.int32), node.d, others, records, rule)
    _finish(writer, target)
    return {"claims": len(writer.lines), "searches": certifier.searches, "first_guesses": len(groups),
            "resumed": resumed, "seconds": round(time.perf_counter() - t0, 3)}


def _rank_groups(certifier, node, rule, tops, value, others, which, done, progress):
    """The goal's records: each group of first guesses (those that split the answers alike, in easy
    mode) refuted by claims about its classes; the groups ``done`` (read back) are taken as they are."""
    searcher = certifier.s
    lists = searcher.lists
    L = node.L
    H = np.ascontiguousarray(node.H, np.int32)
    n, h = H.shape[0], node.d - 1
    k, hit, _ = K.scan(searcher.MT, H, L, searcher.R)
    bound = _one_ply(k.astype(np.int64), hit.astype(np.int64), n, h)
    groups: dict = {}
    for t, x in enumerate(L.tolist()):
        need = value if x in tops else others
        if bound[t] >= need:
            continue                   # the checker's one-ply probe refutes it
        key = (x in tops, certifier._classes_key(H, x) if not certifier.hard else x)
        groups.setdefault(key, []).append(x)
    records = []
    for i, ((is_best, _), xs) in enumerate(groups.items()):
        if i < len(done) and done[i][0] == xs:
            children = done[i][1] or None
        else:
            need = value if is_best else others
            try:
                children = certifier._guess(H, L, rule, node.d, need, xs[0])
            except _Short:
                raise WordleError(f"the {which} {lists.guesses[xs[0]].upper()} is not bounded at {need} by the "
                                  f"search: its total may be below it (best-start ranks it)") from None
            if certifier.log is not None and i == len(done):
                certifier.log.append(f"g{i}", [list(xs), list(children or [])])
                done.append((list(xs), list(children or [])))
        if children is not None:
            records.append((xs, children))
        if progress:
            progress(i + 1, len(groups), len(certifier.writer.lines))
    return records, groups


def certify_result(searcher, result, path) -> LowerBound | None:
    """Certify the lower half of an OPTIMAL min-total ``result`` of ``searcher``: write the
    certificate to ``path``, check it with the independent checker, and say so in the result.

    The result's tree already shows the least total is attained (its upper half, verified
    inside the solve). Once the certificate is checked, ``result.stats.lower_bound`` holds
    the file, its size, its claims, the seconds to make and to check it and the statement
    proven, and ``result.stats.verified_halves`` is ``"both"``: ``verified`` then covers
    both halves, the strategy and the bound. A result that is not OPTIMAL, or is from a state,
    gets no certificate (None is returned; ``verified_halves`` stays ``"tree"`` when there is a
    tree).

    Parameters
    ----------
    searcher : NativeSearcher
        The searcher that solved, whose node table gives the bounds.
    result : Result
        Its min-total result.
    path : str
        The certificate file to write (gzip JSON lines).

    Returns
    -------
    LowerBound or None
        ``result.stats.lower_bound``, or None when nothing was certified.

    Raises
    ------
    WordleError
        The checker rejected the certificate (an internal error: the search's values were wrong).
    """
    import os

    from wordlelab.models.lower_bound import BoundFault, check_lower_bound
    from wordlelab.models.result import Status
    if result.certificate is not None:
        result.stats.verified_halves = "tree"
    start = result.stats.first_guess
    if result.status != Status.OPTIMAL or result.question.get("state") or not start:
        return None
    made = certify_min_total(searcher, start, int(result.value), path)
    lists = searcher.lists
    try:
        report = check_lower_bound(path, lists.guesses, lists.answers)
    except BoundFault as e:
        raise WordleError(f"internal error: the lower-bound certificate {path} fails its check: {e}") from None
    if report.value != result.value or report.start != start or report.mode != searcher.mode:
        raise WordleError(f"internal error: the certificate {path} proves another claim: {report.statement()}")
    result.stats.lower_bound = LowerBound(str(path), os.path.getsize(path), made["claims"], made["seconds"],
                                          round(report.seconds, 3), report.statement())
    result.stats.verified_halves = "both"
    return result.stats.lower_bound


__all__ = ["certify_min_total", "certify_ranking", "certify_result", "state_node"]


def _finish(writer, target) -> None:
    """Write the finished certificate to ``target``: a path (replaced whole, atomically) or an open
    binary stream."""
    if isinstance(target, (str, bytes)) or hasattr(target, "__fspath__"):
        with open_atomic(target, "wb", what="certificate") as f:
            writer.stream = f
            writer.close()
    else:
        writer.stream = target
        writer.close()
