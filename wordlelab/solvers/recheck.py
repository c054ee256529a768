"""Re-check every claim of a folder of long runs (``runs/``) from the certificates its files hold.

Each file is read as a set of claims, and each claim is re-checked here by the independent
checkers of :mod:`wordlelab.models` only (pure Python, sharing no code with the search), never by
the search that made it:

- **a tree proves a yes, or a total as an upper bound**: the verifier
  (:func:`~wordlelab.models.verify.verify_tree`) replays it against every answer, under the mode's
  rule and the guess limit, and its total must be the total the file claims;
- **a core proves a no**: after a history, the guesses hard mode allows do not depend on which
  answers remain (in easy mode every guess is allowed), so answers that cannot all be found within
  d guesses refute every set holding them (monotonicity). The pure-Python checker
  (:func:`~wordlelab.models.refutation.check_core`) decides the core alone; a core taken by
  another guess under a rule asking at least as much is checked by
  :func:`~wordlelab.models.monotone_check.check_core_by_monotonicity`, once the core it is taken
  from has passed;
- **a least total** (an exact entry of a ranking, a class's value) is two claims: a strategy of that
  total (checked whenever a tree of it is found, in the file or beside it) and that none does
  better, which rests on the exhaustive search that ran and is never re-checked here
  (docs/trust.md): a row says so rather than call it verified.

A file's status is the one its own run reports from its entries (``OPTIMAL``, ``INFEASIBLE``,
``FEASIBLE``, ``UNKNOWN``); ``verified`` says which of its certificates were re-checked now, and
what the claim takes unchecked. The files' kinds, each named by its question's ``kind``:

- ``depth-every-first-word`` (``every-first-word --checkpoint F --trees trees{G}``): each yes by its
  tree in the folder's ``trees{G}/``, each no by its core;
- ``prove-depth`` at a state (``prove-depth --state S --checkpoint F``): each next guess's core;
- ``min-total-classes`` (``solve --start W --checkpoint F``): each class's tree, rebuilt from its
  answers' guesses; when every class is there, the whole strategy;
- ``best-start`` (a ranking): each exact total by a tree found beside it (a class checkpoint of
  its state, a whole first word's class checkpoint, a seed tree ``STEM-seed.json``);
- a seed tree (``STEM-seed.json``, a JSON tree): verified at the state of the ranking ``STEM.json``;
- ``depth-every-first-word-core-drafts``: candidate cores, no claim;
- a lower-bound certificate (``*.bound.gz``, written by ``solve --certify`` or ``certify-ranking``):
  every claim checked by :func:`~wordlelab.models.lower_bound.check_lower_bound`, which proves the
  statement its goal makes ("every strategy starting with W totals at least v"). With a verified
  tree of total v beside it (``STEM.tree``, same lists, mode and limit), both halves of "v is the
  least total" are then checked.

>>> from wordlelab.solvers.recheck import Row
>>> row = Row("x.json", "a demo")
>>> row.tally("cores", True); row.tally("cores", False, "CoreFault: solvable")
>>> row.verified
'FAULT: CoreFault: solvable (cores 1/2)'
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from wordlelab.errors import ParameterError, WordleError

DRAFTS_KIND = "depth-every-first-word-core-drafts"
SWEEP_KIND = "depth-every-first-word"
STATE_KIND = "prove-depth"
CLASSES_KIND = "min-total-classes"
RANKING_KIND = "best-start"
OBJECTIVE_RANKING_KIND = "objective-ranking"
SEED_SUFFIX = "-seed"


class NotHere(Exception):
    """A claim this installation cannot re-check (its word lists are not here): not a fault of the file."""


@dataclass
class Row:
    """One file's claim and what was re-checked of it now.

    ``parts``: certificate kind -> [passed, checked, total]; ``claims``: what the claim takes
    unchecked -> count; ``fault``: the first certificate that failed; ``cut``: why checking
    stopped early ("budget", "interrupted"), the rest counted as not checked.
    """

    claim: str
    question: str
    status: str = "-"
    parts: dict = field(default_factory=dict)
    claims: dict = field(default_factory=dict)
    fault: str | None = None
    cut: str | None = None
    note: str | None = None
    seconds: float = 0.0

    def expect(self, kind: str, n: int) -> None:
        """``n`` more certificates of ``kind`` to check."""
        self.parts.setdefault(kind, [0, 0, 0])[2] += n

    def tally(self, kind: str, ok: bool, fault: str | None = None) -> None:
        """One certificate of ``kind`` checked: passed, or failed with ``fault``."""
        part = self.parts.setdefault(kind, [0, 0, 0])
        part[0] += bool(ok)
        part[1] += 1
        part[2] = max(part[2], part[1])
        if not ok and self.fault is None:
            self.fault = fault

    @property
    def outcome(self) -> str:
        """``fault``, ``verified`` (every certificate checked and passed), ``partly``, or ``none``."""
        if self.fault:
            return "fault"
        if not self.parts or not any(total for _, _, total in self.parts.values()):
            return "none"
        if all(passed == total for passed, _, total in self.parts.values()):
            return "verified"
        return "partly"

    @property
    def verified(self) -> str:
        """The ``verified`` column: what was re-checked now, and what is taken unchecked."""
        counts = ", ".join(f"{kind} {passed}/{total}" for kind, (passed, _, total) in self.parts.items())
        if self.fault:
            return f"FAULT: {self.fault} ({counts})"
        words = {"verified": "yes", "partly": "partly", "none": "nothing re-checked"}[self.outcome]
        text = f"{words}: {counts}" if counts else words
        if self.cut:
            text += f" (stopped: {self.cut})"
        claimed = "; ".join(f"{what}: {n}" if n is not None else what for what, n in self.claims.items())
        if claimed:
            text += f"; unchecked: {claimed}"
        if self.note:
            text += f"; {self.note}"
        return text

    def as_dict(self) -> dict:
        """JSON-ready: the row's columns and its counts."""
        return {"claim": self.claim, "question": self.question, "status": self.status, "outcome": self.outcome,
                "verified": self.verified, "seconds": round(self.seconds, 1),
                "parts": {k: {"passed": p, "checked": c, "total": t} for k, (p, c, t) in self.parts.items()},
                "unchecked": dict(self.claims), "fault": self.fault, "stopped": self.cut}


BOUND_SUFFIX = ".bound.gz"


def claim_files(folder) -> list[Path]:
    """The claim files of ``folder``: its ``*.json`` files and lower-bound certificates (``*.bound.gz``), by name."""
    return sorted(p for p in Path(folder).iterdir()
                  if p.is_file() and (p.suffix == ".json" or p.name.endswith(BOUND_SUFFIX)))


class Recheck:
    """Re-check the claim files of one folder, a row each; ``rows`` holds those done, the row in
    hand included once it stops (a Ctrl-C leaves a partial table, the row marked ``interrupted``).

    Parameters
    ----------
    folder : str or os.PathLike
        The folder of claim files (``runs``).
    limit_seconds : float, optional
        A budget for each claim file: once spent, its certificates not checked yet are counted
        as not checked (``stopped: budget``) and its row is not verified. A certificate whose
        check has begun runs to its end; within a file the smallest cores come first.
    progress : callable, optional
        ``progress(claim, done, total, info)``, as certificates are checked.
    word_files : str or os.PathLike, optional
        A folder of word files: a question whose lists are files (named ``GUESSES+ANSWERS``, as
        ``--guesses FILE --answers FILE`` name them) takes them from there. Lists are always
        compared with the file's content key.

    Examples
    --------
    >>> import tempfile
    >>> Recheck(tempfile.mkdtemp()).run()
    []
    """

    def __init__(self, folder, limit_seconds: float | None = None, progress=None, word_files=None):
        self.folder = Path(folder)
        self.word_files = None if word_files is None else Path(word_files)
        if not self.folder.is_dir():
            raise WordleError(f"{folder} is not a folder")
        self.limit_seconds = limit_seconds
        self.deadline = None
        self.progress = progress
        self.rows: list[Row] = []
        self._heads: dict[str, dict | None] = {}
        self._lists: dict = {}
        self._class_trees: dict = {}
        self._sibling_entries: dict = {}
        self._searcher = None

    # ---- the run
    def run(self, only=()) -> list[Row]:
        """Re-check each claim file (those named in ``only``, if given) and return the rows.

        Raises
        ------
        WordleError
            A name of ``only`` is no claim file of the folder.
        """
        files = claim_files(self.folder)
        names = {p.name for p in files} | {p.stem for p in files}
        unknown = [n for n in only if n not in names]
        if unknown:
            raise ParameterError(f"{{only}} {unknown[0]}: no such claim file in {self.folder} "
                              f"(its *.json files: {', '.join(p.name for p in files[:6])}{', ...' if len(files) > 6 else ''})")
        for path in files:
            if only and path.name not in only and path.stem not in only:
                continue
            self.check_file(path)
        return self.rows

    def check_file(self, path: Path) -> Row:
        """Re-check one claim file; its row is appended to ``rows`` (also when interrupted)."""
        row = Row(path.name, "")
        started = time.perf_counter()
        self.deadline = None if self.limit_seconds is None else time.monotonic() + self.limit_seconds
        try:
            self._check(path, row)
        except NotHere as e:
            row.note = f"not re-checked here: {e}"
        except WordleError as e:          # a damaged file, a state no answer fits: the file's fault
            row.fault = str(e).splitlines()[0] if str(e) else type(e).__name__
        except KeyboardInterrupt:
            row.cut = "interrupted"
            raise
        finally:
            row.seconds = time.perf_counter() - started
            self.rows.append(row)
        return row

    def _check(self, path: Path, row: Row) -> None:
        if path.name.endswith(BOUND_SUFFIX):
            return self._bound(path, row)
        data = self._read(path)
        if data is None:
            row.question = "not a checkpoint"
            if path.stem.endswith(SEED_SUFFIX):
                return self._seed(path, row)
            row.note = "no claim to check"
            return
        q = data["question"]
        kind = q.get("kind")
        if kind == DRAFTS_KIND:
            row.question = f"candidate cores of the sweep beside it ({len(data['entries'])}), decided there"
            row.note = "drafts: no claim"
            return
        handler = {SWEEP_KIND: self._sweep, STATE_KIND: self._state_depth, CLASSES_KIND: self._classes,
                   RANKING_KIND: self._ranking, OBJECTIVE_RANKING_KIND: self._objective_ranking}.get(kind)
        if handler is None:
            row.question = f"a checkpoint of kind {kind!r}"
            row.note = "no checker for this kind"
            return
        if kind == STATE_KIND and "state" not in q:
            row.question = "prove-depth without a state"
            row.note = "no checker for this kind"
            return
        handler(path, data, row)

    def _read(self, path: Path) -> dict | None:
        """The checkpoint at ``path`` (its digest checked), or None for a JSON file that is no
        checkpoint. Raises WordleError for a checkpoint whose digest does not match."""
        from wordlelab.solvers.runtime.checkpoint import FORMAT, digest
        try:
            data = json.loads(path.read_bytes())
        except (OSError, ValueError) as e:
            raise WordleError(f"cannot read {path}: {e}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if not isinstance(data.get("question"), dict) or not isinstance(data.get("entries"), dict) \
                or digest(data["question"], data["entries"]) != data.get("digest"):
            raise WordleError(f"{path} was edited or damaged: its content does not match its digest")
        return data

    def _head(self, path: Path) -> dict | None:
        """The question of the checkpoint at ``path`` (None if it is none), read once; its digest
        is checked where its entries are used (:meth:`_entries`)."""
        from wordlelab.solvers.runtime.checkpoint import FORMAT
        key = path.name
        if key not in self._heads:
            try:
                data = json.loads(path.read_bytes())
                ok = isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("question"), dict)
                self._heads[key] = data["question"] if ok else None
            except (OSError, ValueError):
                self._heads[key] = None
        return self._heads[key]

    def _entries(self, path: Path) -> dict:
        """The entries of the checkpoint beside the one in hand at ``path``, its digest checked, read once."""
        if path.name not in self._sibling_entries:
            self._sibling_entries[path.name] = self._read(path)["entries"]
        return self._sibling_entries[path.name]

    def _siblings(self, kind: str) -> list[tuple[Path, dict]]:
        return [(p, q) for p in claim_files(self.folder) if (q := self._head(p)) is not None and q.get("kind") == kind]

    # ---- shared steps
    def lists_of(self, question: dict):
        """The word lists a question names, loaded here by name; NotHere if they are not a named list."""
        from wordlelab.instances.wordlists import NAMED_LISTS, load_lists
        spec = question.get("lists") or {}
        name, key = spec.get("name"), spec.get("key")
        if name not in self._lists:
            base, _, answers = str(name).partition("+")
            if base in NAMED_LISTS and answers in ("", "all"):
                self._lists[name] = load_lists(base, answers=answers or None)
            elif self.word_files is not None and (self.word_files / base).is_file() and \
                    (answers == "all" or (self.word_files / answers).is_file()):
                self._lists[name] = load_lists(None, str(self.word_files / base),
                                               "all" if answers == "all" else str(self.word_files / answers))
            else:
                where = f"in {self.word_files}" if self.word_files is not None else "(give their folder: --word-files)"
                raise NotHere(f"its lists {name} are neither named lists nor files {where}")
        lists = self._lists[name]
        if key is not None and lists.key != key:
            raise NotHere(f"the lists {name} here have key {lists.key}, the file's {key}")
        return lists

    def _steps(self, row: Row, steps: list) -> None:
        """Run ``steps`` (``(kind, label, check)``, ``check()`` raising on a fault) in order,
        within the budget; a step's fault is tallied and the next step goes on."""
        from wordlelab.models.refutation import CheckTooLong, CoreFault
        from wordlelab.models.verify import TreeFault
        for kind, _, _ in steps:
            row.expect(kind, 1)
        for done, (kind, label, check) in enumerate(steps):
            if self.deadline is not None and time.monotonic() > self.deadline:
                row.cut = "budget"
                return
            if self.progress:
                self.progress(row.claim, done, len(steps), label)
            try:
                check()
            except (CoreFault, CheckTooLong, TreeFault, WordleError, ValueError) as e:
                row.tally(kind, False, f"{label}: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
            else:
                row.tally(kind, True)
        if self.progress:
            self.progress(row.claim, len(steps), len(steps), "")

    def _hint(self, lists, mode: str, guesses: int, core):
        """The kernels' hint for a large hard-mode core (it orders the checker's work, never decides)."""
        from wordlelab.solvers.search.depth.hard_cores import HINT_FROM, KernelHint
        if mode != "hard" or len(core) < HINT_FROM:
            return None
        from wordlelab.solvers.search.native import NativeSearcher
        key = (lists.key, guesses)
        if self._searcher is None or self._searcher[0] != key:
            self._searcher = (key, NativeSearcher(lists, mode, guesses, cache_entries=1 << 10))
        return KernelHint(self._searcher[1], core)

    # ---- depth-every-first-word
    def _sweep(self, path: Path, data: dict, row: Row) -> None:
        from wordlelab.models.feedback import pattern_code
        from wordlelab.models.refutation import check_first_word_core
        from wordlelab.models.result import Status
        q, entries = data["question"], data["entries"]
        mode, guesses = q["mode"], q["guesses"]
        yes = sorted(w for w, v in entries.items() if v.get("yes") is True and v.get("same_as") is None)
        nos = [w for w, v in entries.items() if v.get("yes") is False and v.get("same_as") is None]
        unknown = sum(1 for v in entries.values() if v.get("yes") is None)
        twins = sum(1 for v in entries.values() if v.get("same_as") is not None)
        row.question = (f"{mode} mode, {q['lists']['name']}: which first words find every answer within {guesses}? "
                        f"{len(yes)} yes, {len(nos)} no, {unknown} unknown")
        lists = self.lists_of(q)
        not_reached = len(lists.guesses) - len(entries)
        row.status = (Status.OPTIMAL if not unknown and not not_reached else Status.UNKNOWN).value
        if not_reached:
            row.question += f", {not_reached} not reached"
        if twins:
            row.claims["nos taken from a twin word"] = twins
        trees = self.folder / f"trees{guesses}"

        def tree_check(word):
            def check():
                from wordlelab.models.tree import load_tree
                from wordlelab.models.verify import verify_tree
                tree = load_tree(str(trees / f"{word}.tree"))
                if tree.guess != word:
                    raise WordleError(f"its tree starts with {tree.guess.upper()}")
                report = verify_tree(tree, lists.answers, lists.guesses, mode, (), guesses)
                if entries[word].get("total") is not None and report.total != entries[word]["total"]:
                    raise WordleError(f"its tree totals {report.total}, the file says {entries[word]['total']}")
            return check

        def core_check(word):
            value = entries[word]

            def check():
                if not value.get("core"):
                    raise WordleError("a no without a core")
                if value["depth"] < guesses - 1:
                    raise WordleError(f"its core is within {value['depth']} guesses after the first, "
                                      f"not {guesses - 1}")
                lemmas = [(answers, [(g, pattern_code(p)) for g, p in more], left)
                          for answers, more, left in value.get("lemmas", ())]
                check_first_word_core(word, value["core"], value["depth"], lists.guesses, lemmas=lemmas,
                                      hint=self._hint(lists, mode, guesses, value["core"]), mode=mode)
            return check

        # smallest cores first: a budget leaves out the longest checks
        nos.sort(key=lambda w: (len(entries[w].get("core") or ()), w))
        self._steps(row, [("trees", w, tree_check(w)) for w in yes] + [("cores", w, core_check(w)) for w in nos])

    # ---- prove-depth at a state
    def _state_depth(self, path: Path, data: dict, row: Row) -> None:
        from wordlelab.models.feedback import feedback, pattern_code
        from wordlelab.models.monotone_check import check_core_by_monotonicity
        from wordlelab.models.refutation import CheckOptions, CoreFault, check_core
        from wordlelab.models.result import Status
        from wordlelab.models.state import parse_state
        q, entries = data["question"], data["entries"]
        mode, guesses = q["mode"], q["guesses"]
        row.question = f"{mode} mode, {q['lists']['name']}: after {q['state']}, no next guess finds every answer within {guesses}"
        lists = self.lists_of(q)
        state = parse_state(q["state"], lists, mode)
        history, left = list(state.history), guesses - len(state.history)
        if len(state.answers) != q.get("answers"):
            raise WordleError(f"{path}: {len(state.answers)} answers fit {q['state']}, the file says {q.get('answers')}")
        candidates = next_guesses(state)
        cored = {w for w, v in entries.items() if v.get("core")}
        row.status = (Status.INFEASIBLE if set(candidates) <= cored else Status.UNKNOWN).value
        searched_only = sum(1 for w in candidates if w in entries and not entries[w].get("core") and "open" not in entries[w])
        if searched_only:
            row.claims["guesses refuted by the search, no core"] = searched_only
        missing = sum(1 for w in candidates if w not in entries or "open" in entries[w])
        if missing:
            row.question += f" ({missing} of {len(candidates)} not refuted yet)"
        passed: dict[str, bool] = {}

        def direct(word, value):
            def check():
                passed[word] = False
                if value["depth"] != left - 1:
                    raise WordleError(f"its core is within {value['depth']} guesses, not {left - 1}")
                lemmas = [(answers, [(g, pattern_code(p)) for g, p in more], d)
                          for answers, more, d in value.get("lemmas", ())]
                check_core(value["core"], value["depth"], lists.guesses,
                           history + [(word, feedback(word, value["core"][0]))], CheckOptions(mode=mode),
                           lemmas=lemmas, hint=self._hint(lists, mode, guesses, value["core"]))
                passed[word] = True
            return check

        def via(word, value):
            def check():
                source, seen = value, {word}
                while "via" in source:           # the chain ends at a core checked for its own guess
                    name = source["via"]
                    if name in seen or name not in entries or sorted(entries[name].get("core") or ()) != sorted(value["core"]):
                        raise CoreFault(f"{value['via'].upper()} holds no such core")
                    seen.add(name)
                    source = entries[name]
                if not passed.get(name):
                    raise CoreFault(f"the core it takes, {name.upper()}'s, did not pass")
                check_core_by_monotonicity(value["core"], value["depth"], history, word, value["via"],
                                           entries[value["via"]]["depth"])
            return check

        plain = sorted((w for w in cored if "via" not in entries[w]), key=lambda w: (len(entries[w]["core"]), w))
        taken = sorted(w for w in cored if "via" in entries[w])
        self._steps(row, [("cores", w, direct(w, entries[w])) for w in plain]
                    + [("cores by monotonicity", w, via(w, entries[w])) for w in taken])

    # ---- a first word's classes
    def _class_tree(self, path: Path, q: dict, entries: dict, pattern: str, lists) -> int:
        """Verify the tree of class ``pattern`` of a class checkpoint; returns its total (memoised)."""
        key = (path.name, pattern)
        if key not in self._class_trees:
            self._class_trees[key] = None
            self._class_trees[key] = _verify_class(q, entries[pattern], pattern, lists)
        if self._class_trees[key] is None:
            raise WordleError(f"the tree of class {pattern} of {path.name} does not verify")
        return self._class_trees[key]

    def _classes(self, path: Path, data: dict, row: Row) -> None:
        from wordlelab.models.feedback import pattern_string
        from wordlelab.models.result import Status
        q, entries = data["question"], data["entries"]
        row.question = (f"{q['mode']} mode, {q['lists']['name']}: {q['start'].upper()}'s least total within "
                        f"{q['max_guesses']}{_after(q['history'])}")
        lists = self.lists_of(q)
        after = class_of_checkpoint(lists, q)
        if len(after["answers"]) != q["answers"]:
            raise WordleError(f"{path}: {len(after['answers'])} answers fit its history, the file says {q['answers']}")
        missing = [pattern_string(p) for p in after["classes"] if pattern_string(p) not in entries]
        complete = not missing
        total = len(after["answers"]) + sum(v["value"] for v in entries.values())
        row.status = (Status.OPTIMAL if complete else Status.UNKNOWN).value
        row.question += f": {total}" if complete else f" ({len(missing)} of {len(after['classes'])} classes open)"
        row.claims["least totals of the classes"] = None
        steps = [("class trees", p, lambda p=p: self._class_tree(path, q, entries, p, lists)) for p in sorted(entries)]
        self._steps(row, steps)

    # ---- rankings
    def _ranking(self, path: Path, data: dict, row: Row) -> None:
        from wordlelab.models.result import Status
        from wordlelab.models.state import parse_state
        from wordlelab.solvers.search.engine.tables import INF
        q, entries = data["question"], data["entries"]
        where = f"after {q['state']}" if q.get("state") else "first words"
        row.question = f"{q['mode']} mode, {q['lists']['name']}: {where} ranked within {q['max_guesses']}"
        lists = self.lists_of(q)
        state = parse_state(q["state"], lists, q["mode"]) if q.get("state") else None
        candidates = next_guesses(state) if state is not None else list(lists.guesses)
        ranked = [w for w in candidates if w in entries]
        partial = q.get("shard") or q.get("limit") or len(ranked) < len(candidates)
        exact = {w: v for w, (v, ex) in entries.items() if ex and v < INF}
        none = [w for w, (v, ex) in entries.items() if ex and v >= INF]
        bounds = [w for w, (v, ex) in entries.items() if not ex]
        if partial or not ranked:
            row.status = Status.UNKNOWN.value
            row.question += f" ({len(ranked)} of {len(candidates)} ranked)"
        else:
            value, bounded, best = min((entries[w][0], not entries[w][1], w) for w in ranked)
            row.status = (Status.INFEASIBLE if value >= INF else Status.UNKNOWN if bounded else Status.OPTIMAL).value
            if value < INF:
                row.question += f": best {best.upper()} {value}" + (" (a bound)" if bounded else "")
        if bounds:
            row.claims["lower bounds"] = len(bounds)
        if none:
            cores = self._cores_beside(q, none)
            if cores:
                row.claims[f"no-strategy entries (cores for {cores[1]} of them in {cores[0]}, checked in its row)"] = len(none)
            else:
                row.claims["no-strategy entries (no core in the file)"] = len(none)
        if exact:
            row.claims["that no guess beats the exact totals"] = None
        trees = self._trees_for(path, q, lists)
        steps = []
        for word in sorted(exact):
            found = [t for t in trees if t[0] == word]
            if not found:
                row.claims.setdefault("exact totals without a tree in the folder", 0)
                row.claims["exact totals without a tree in the folder"] += 1
                continue
            _, source, total_of = found[0]

            def check(word=word, source=source, total_of=total_of):
                total = total_of()
                if total != exact[word]:
                    raise WordleError(f"its tree in {source} totals {total}, the ranking says {exact[word]}")
            steps.append(("exact totals by a tree", word, check))
        self._steps(row, steps)

    def _objective_ranking(self, path: Path, data: dict, row: Row) -> None:
        """A ranking for another objective (``best-start --objective``): the best words' values
        solved again, each tree verified and priced again from the tree alone."""
        from wordlelab.models.objectives import Objective
        from wordlelab.models.result import Status
        from wordlelab.solvers.search.rank.objective import ObjectiveSearch
        q, entries = data["question"], data["entries"]
        lists = self.lists_of(q)
        if q["objective"] == "within":
            objective = Objective.within(q["k"])
        elif q["objective"] == "weights":
            from wordlelab.instances.priors import frequency_weights
            objective = Objective.weighted(frequency_weights(lists.answers), "frequency")
        else:
            objective = Objective()
        search = ObjectiveSearch(lists, objective, q["max_guesses"])
        if search.question(q.get("state")) != q:
            raise NotHere("its weights are not the frequency prior's (a weights file is not kept with it)")
        where = f"after {q['state']}" if q.get("state") else "first words"
        row.question = f"{objective.describe()}, {lists.name}: {where} ranked within {q['max_guesses']}"
        exact = {w: v for w, (v, ex) in entries.items() if ex}
        if not exact:
            row.status = Status.UNKNOWN.value
            return
        best = min(exact.values())
        tops = sorted(w for w, v in exact.items() if v == best)
        row.status = Status.OPTIMAL.value
        row.question += f": best {', '.join(w.upper() for w in tops)} {best}"
        row.claims["that no other word does better (the search's bounds; the words not in the file by their "
                   "one-ply bounds)"] = None

        def check(word):
            def run():
                res = search.solve(start=word, state=q.get("state"))
                if not res.verified or res.stats.value != exact[word]:
                    raise WordleError(f"solved again: {res.stats.value}, the file says {exact[word]}")
            return run
        self._steps(row, [("best values by a verified tree", w, check(w)) for w in tops])

    def _bound(self, path: Path, row: Row) -> None:
        """A lower-bound certificate: its claims checked by the independent checker, and the tree
        ``STEM.tree`` beside it (if any) verified, for the other half."""
        import gzip

        from wordlelab.models.lower_bound import BoundFault, check_lower_bound
        from wordlelab.models.result import Status
        try:
            with gzip.open(path, "rt") as f:
                head = json.loads(f.readline())
        except (OSError, ValueError, EOFError) as e:
            raise WordleError(f"cannot read {path}: {e}") from None
        if not isinstance(head, dict) or "lists" not in head:
            raise WordleError(f"{path} is not a lower-bound certificate")
        name = str(head["lists"])
        # the checker compares the lists' digest with the header's lists_sha256 itself
        lists = self.lists_of({"lists": {"name": name, "key": None}})
        row.question = f"lower bound, {name}, {head.get('mode')} mode, within {head.get('max_guesses')}: " \
                       f"{head.get('start') or ', '.join(head.get('best') or []) or 'any first word'} " \
                       f"at least {head.get('value')}"
        row.status = Status.UNKNOWN.value
        report = {}

        def check():
            def step(n):
                if self.progress:
                    self.progress(row.claim, 0, 1, f"{n} claims")
            try:
                report["r"] = check_lower_bound(path, lists.guesses, lists.answers, progress=step)
            except BoundFault as e:
                raise WordleError(str(e)) from None
        steps = [("lower-bound certificate", path.name, check)]
        tree = path.with_name(path.name[:-len(BOUND_SUFFIX)] + ".tree")
        if tree.is_file():
            def check_tree():
                from wordlelab.models.tree import load_tree
                from wordlelab.models.verify import verify_tree
                t = load_tree(str(tree))
                firsts = [head["start"]] if head.get("start") else list(head.get("best") or [])
                if t.guess not in firsts:
                    raise WordleError(f"the tree beside it starts with {t.guess.upper()}, the certificate's "
                                      f"first word is {'/'.join(w.upper() for w in firsts) or 'any'}")
                total = verify_tree(t, lists.answers, lists.guesses, head["mode"],
                                    max_guesses=head["max_guesses"]).total
                if total != head["value"]:
                    raise WordleError(f"the tree beside it totals {total}, the certificate's bound is {head['value']}")
            steps.append(("tree", tree.name, check_tree))
        self._steps(row, steps)
        if "r" in report:
            row.question = report["r"].statement()
            halves = row.parts.get("tree", [0, 0, 0])[0] == 1
            row.status = Status.OPTIMAL.value if halves else Status.UNKNOWN.value
            if not halves:
                row.note = "the lower half only (no tree of its bound beside it)"

    def _cores_beside(self, q: dict, words: list) -> tuple[str, int] | None:
        """The file beside a ranking holding cores for its no-strategy entries, and how many."""
        for path, other in self._siblings(SWEEP_KIND) + self._siblings(STATE_KIND):
            if other.get("lists") != q.get("lists") or other.get("mode") != q.get("mode") \
                    or other.get("guesses") != q.get("max_guesses") or other.get("state") != q.get("state"):
                continue
            entries = self._entries(path)
            n = sum(1 for w in words if (entries.get(w) or {}).get("core"))
            if n:
                return path.name, n
        return None

    def _trees_for(self, path: Path, q: dict, lists) -> list:
        """``(first guess, source, total())`` of each tree beside a ranking for its state (or, for
        first words, each whole first word's finished class checkpoint); ``total()`` verifies."""
        from wordlelab.models.feedback import pattern_string
        found = []
        for other_path, other in self._siblings(CLASSES_KIND):
            if (other.get("lists"), other.get("mode"), other.get("max_guesses")) != \
                    (q.get("lists"), q.get("mode"), q.get("max_guesses")):
                continue
            prefix = ".".join([f"{w}.{p}" for w, p in other["history"]] + [other["start"]])
            entries = None
            if q.get("state") and q["state"].startswith(prefix + "."):
                pattern = q["state"][len(prefix) + 1:]
                entries = self._entries(other_path)
                if pattern in entries:
                    first = entries[pattern]["paths"][0].split()[0]
                    found.append((first, other_path.name,
                                  lambda o=other_path, x=other, e=entries, p=pattern: self._class_tree(o, x, e, p, lists)))
            elif not q.get("state") and not other["history"]:
                entries = self._entries(other_path)
                after = class_of_checkpoint(lists, other)
                if all(pattern_string(p) in entries for p in after["classes"]):
                    def whole(o=other_path, x=other, e=entries, n=len(after["answers"])):
                        return n + sum(self._class_tree(o, x, e, p, lists) for p in sorted(e))
                    found.append((other["start"], other_path.name, whole))
        seed = path.with_name(path.stem + SEED_SUFFIX + ".json")
        if seed.is_file():
            def seed_total(seed=seed):
                return _verify_seed(seed, q, lists)
            found.append((_seed_guess(seed), seed.name, seed_total))
        return found

    # ---- seed trees
    def _seed(self, path: Path, row: Row) -> None:
        from wordlelab.models.result import Status
        ranking = path.with_name(path.stem[:-len(SEED_SUFFIX)] + ".json")
        q = self._head(ranking) if ranking.is_file() else None
        if q is None or q.get("kind") != RANKING_KIND or not q.get("state"):
            row.question = "a tree"
            row.note = f"no ranking {ranking.name} beside it names its state: not checked"
            return
        row.question = (f"{q['mode']} mode, {q['lists']['name']}: a strategy after {q['state']} within "
                        f"{q['max_guesses']}, first guess {_seed_guess(path).upper()}")
        lists = self.lists_of(q)
        row.status = Status.FEASIBLE.value
        totals = []
        self._steps(row, [("trees", path.name, lambda: totals.append(_verify_seed(path, q, lists)))])
        if totals:
            row.question += f", total {totals[0]}"


def _after(history) -> str:
    return f" after {'.'.join(f'{w}.{p}' for w, p in history)}" if history else ""


def next_guesses(state) -> list[str]:
    """The guesses a search must refute or rank at ``state`` (a
    :class:`~wordlelab.models.state.GameState`): those the mode allows that split its answers or
    are one of them. Any other guess learns nothing and leaves the same answers with a guess
    fewer, so it is never needed.

    >>> from wordlelab.instances.wordlists import WordLists
    >>> from wordlelab.models.state import parse_state
    >>> lists = WordLists("demo", ("batch", "catch", "hatch", "zzzzz"), ("batch", "catch"))
    >>> next_guesses(parse_state("hatch.BGGGG", lists))
    ['batch', 'catch']
    """
    from wordlelab.models.feedback import feedback
    answers = state.answers
    found = set(answers)
    out = []
    for g in state.guesses:
        if g in found:
            out.append(g)
            continue
        first = feedback(g, answers[0])
        if any(feedback(g, a) != first for a in answers[1:]):
            out.append(g)
    return out


def class_of_checkpoint(lists, question: dict) -> dict:
    """The answers left after a class checkpoint's history, and its first guess's classes among
    them (pattern code -> answers, in the lists' order)."""
    from wordlelab.models.feedback import ALL_GREEN, feedback, pattern_code
    history = [(w, pattern_code(p)) for w, p in question["history"]]
    answers = [a for a in lists.answers if all(feedback(g, a) == p for g, p in history)]
    classes: dict[int, list[str]] = {}
    for a in answers:
        classes.setdefault(feedback(question["start"], a), []).append(a)
    classes.pop(ALL_GREEN, None)          # the first word itself: found at once, no class to solve
    return {"history": history, "answers": answers, "classes": classes}


def _verify_class(question: dict, entry: dict, pattern: str, lists) -> int:
    """The verified total of one class of a class checkpoint (its answers' guesses after the first
    word, rebuilt into a tree); raises TreeFault or WordleError if it fails."""
    from wordlelab.models.feedback import pattern_code
    from wordlelab.models.tree import tree_from_paths
    from wordlelab.models.verify import verify_tree
    after = class_of_checkpoint(lists, question)
    members = after["classes"].get(pattern_code(pattern))
    if members is None:
        raise WordleError(f"{pattern} is no class of {question['start'].upper()}")
    paths = [p.split() for p in entry["paths"]]
    if not paths or any(not p for p in paths):
        raise WordleError(f"class {pattern} has an empty path")
    tree = tree_from_paths([p[-1] for p in paths], paths)
    history = after["history"] + [(question["start"], pattern_code(pattern))]
    report = verify_tree(tree, members, lists.guesses, question["mode"], history,
                         question["max_guesses"] - len(history))
    if report.total != entry["value"]:
        raise WordleError(f"class {pattern}'s tree totals {report.total}, the file says {entry['value']}")
    return report.total


def _seed_guess(path: Path) -> str:
    try:
        return str(json.loads(path.read_bytes())["guess"])
    except (OSError, ValueError, KeyError, TypeError):
        return "?"


def _verify_seed(path: Path, question: dict, lists) -> int:
    """The verified total of a seed tree (a JSON tree) at the state of the ranking ``question``."""
    from wordlelab.models.state import parse_state
    from wordlelab.models.tree import load_tree
    from wordlelab.models.verify import verify_tree
    state = parse_state(question["state"], lists, question["mode"])
    report = verify_tree(load_tree(str(path)), state.answers, lists.guesses, question["mode"], state.history,
                         question["max_guesses"] - len(state.history))
    return report.total
