"""The state graph of a decision-tree question, shrunk before any model is built.

A state is (guess number d, answers still possible S, guesses still allowed A);
in easy mode A is every guess. Each state lists its *options*: the guesses worth
trying there, one per distinct outcome. The layered encoding of
:mod:`wordlelab.encoders.decision_tree` is a flow over this graph.

Shrinking, all exact:

- guesses that split nothing (one class, not a member of S) are dropped;
- guesses with the same outcome (the same classes of S, and in hard/strict
  mode the same allowed sets after it) are merged into one option;
- in easy mode an option whose classes are refined by another's (that also
  finds every answer the first one finds) is dropped: finding answers in a
  subset never costs more, in total or in depth;
- a state with a guess that splits S into singletons takes that guess alone:
  it meets the lower bound (2|S|-1 with a member, else 2|S|, and depth d+1);
- classes of one or two answers are settled in place (guess one, then the
  other), costing 1 and 3 guesses;
- an option is dropped if its classes cannot be finished within the depth limit.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wordlelab.errors import ParameterError
from wordlelab.models.feedback import ALL_GREEN
from wordlelab.models.matrix import build_matrix
from wordlelab.models.masks import allowed_mask


@dataclass
class Option:
    """One guess at a state: its cost (guesses spent by the state's answers here and in settled classes)."""

    guess: int                                  # index into the question's guesses (a representative)
    cost: int
    children: dict[int, int] = field(default_factory=dict)   # pattern -> state id (unsettled classes)


@dataclass
class State:
    """Guess number ``depth``, answers (indices into the question's answers), allowed-set id."""

    depth: int
    answers: tuple[int, ...]
    allowed: int
    options: list[Option] = field(default_factory=list)


class StateGraph:
    """Every state reachable through options, each expanded once (layered by depth)."""

    def __init__(self, question, max_states: int = 50_000, deadline=None):
        self.q = question
        self.max_states = max_states
        self.deadline = deadline            # a model.Deadline, checked at every state expanded
        self.T = list(question.guesses)
        index = {w: i for i, w in enumerate(self.T)}
        self.answer_guess = np.array([index[a] for a in question.answers], np.int64)
        self.P = build_matrix(self.T, list(question.answers))            # guesses x answers
        self._allowed_sets: list[np.ndarray] = [np.ones(len(self.T), bool)]
        self._allowed_ids: dict[bytes, int] = {self._allowed_sets[0].tobytes(): 0}
        self._full = build_matrix(self.T, self.T) if question.mode == "strict" else None
        self._hard_cache: dict[tuple[int, int], np.ndarray] = {}
        self.states: list[State] = []
        self._ids: dict[tuple, int] = {}
        self.root = self._state(1, tuple(range(len(question.answers))), 0)
        self._expand_all()

    # ---- allowed sets
    def _allowed_after(self, A: int, t: int, p: int) -> int:
        mode = self.q.mode
        if mode == "easy":
            return 0
        if mode == "strict":
            mask = self._allowed_sets[A] & (self._full[t] == p)
        else:
            key = (t, p)
            if key not in self._hard_cache:
                self._hard_cache[key] = allowed_mask("hard", [(self.T[t], p)], self.T)
            mask = self._allowed_sets[A] & self._hard_cache[key]
        b = mask.tobytes()
        if b not in self._allowed_ids:
            self._allowed_ids[b] = len(self._allowed_sets)
            self._allowed_sets.append(mask)
        return self._allowed_ids[b]

    def allowed(self, A: int) -> np.ndarray:
        """Boolean mask over the guesses of allowed-set ``A``."""
        return self._allowed_sets[A]

    # ---- states
    def _state(self, depth: int, answers: tuple, A: int) -> int:
        key = (depth, answers, A)
        sid = self._ids.get(key)
        if sid is None:
            if len(self.states) >= self.max_states:
                raise ParameterError(f"the state graph passed {self.max_states} states; the instance is too "
                                     f"big for the layered encoding (try the {{encoding}} assignment or fewer "
                                     f"answers)")
            sid = self._ids[key] = len(self.states)
            self.states.append(State(depth, answers, A))
        return sid

    def _expand_all(self):
        i = 0
        while i < len(self.states):   # states are appended while expanding: a breadth-first sweep
            if self.deadline is not None:
                self.deadline.check("building the state graph")
            self._expand(i)
            i += 1

    def _expand(self, sid: int):
        st = self.states[sid]
        g, d, S = self.q.depth, st.depth, np.array(st.answers)
        if d > g:
            return
        if len(S) == 1:
            # a lone answer: guess it (only reached as the root of a one-answer question)
            st.options.append(Option(int(self.answer_guess[S[0]]), 1))
            return
        cand = np.flatnonzero(self._allowed_sets[st.allowed])
        rows = self.P[np.ix_(cand, S)].astype(np.int16)
        member = np.isin(cand, self.answer_guess[S])
        n_cls = class_counts(rows)
        keep = n_cls > 1
        cand, rows, member, n_cls = cand[keep], rows[keep], member[keep], n_cls[keep]
        if d == g or len(cand) == 0:
            return
        perfect = n_cls == len(S)
        if perfect.any():
            pick = np.flatnonzero(perfect & member)
            t = int(cand[pick[0]] if len(pick) else cand[np.flatnonzero(perfect)[0]])
            st.options.append(Option(t, 2 * len(S) - (1 if len(pick) else 0)))
            return
        if self.q.mode == "easy":
            groups = [int(cand[i]) for i in undominated_rows(rows, self.deadline)]
        else:
            groups = self._distinct_with_allowed(st.allowed, cand, rows, _canonical(rows))
        for t in groups:
            opt = self._option(st, S, t)
            if opt is not None:
                st.options.append(opt)

    def _distinct_with_allowed(self, A, cand, rows, canon) -> list[int]:
        seen, out = set(), []
        for i, t in enumerate(cand.tolist()):
            pats = sorted(set(rows[i].tolist()) - {ALL_GREEN})
            key = (canon[i].tobytes(), tuple(self._allowed_after(A, t, p) for p in pats))
            if key not in seen:
                seen.add(key)
                out.append(t)
        return out

    def _option(self, st: State, S: np.ndarray, t: int) -> Option | None:
        g, d = self.q.depth, st.depth
        pats = self.P[t, S]
        cost = len(S)
        children: dict[int, int] = {}
        for p in np.unique(pats).tolist():
            if p == ALL_GREEN:
                continue
            cls = tuple(S[pats == p].tolist())
            if len(cls) == 1:
                if d + 1 > g:
                    return None
                cost += 1
            elif d + 2 > g:
                return None
            elif len(cls) == 2:
                cost += 3
            else:
                children[p] = self._state(d + 1, cls, self._allowed_after(st.allowed, t, p))
        return Option(t, cost, children)

    # ---- summaries
    def n_options(self) -> int:
        """Number of (state, option) pairs: the layered model's variables."""
        return sum(len(s.options) for s in self.states)

    def settled_class_guess(self, cls: tuple[int, ...]) -> int:
        """The guess that settles a one- or two-answer class (its first answer)."""
        return int(self.answer_guess[cls[0]])


def undominated_rows(rows: np.ndarray, deadline=None) -> np.ndarray:
    """Easy mode: one row per distinct set of classes (first seen), none refined by another kept row
    (``deadline``, a model.Deadline, checked as they are compared)."""
    canon = _canonical(rows)
    _, first = np.unique(canon, axis=0, return_index=True)
    first = np.sort(first)
    return first[_undominated(canon[first], deadline)]


def class_counts(rows: np.ndarray) -> np.ndarray:
    """Number of distinct values in each row."""
    s = np.sort(rows, axis=1)
    return 1 + (np.diff(s, axis=1) != 0).sum(axis=1)


def _canonical(rows: np.ndarray) -> np.ndarray:
    """Relabel each row's classes by first appearance; the all-green class keeps a mark of its own."""
    out = np.empty(rows.shape, np.int16)
    for i, r in enumerate(rows):
        labels: dict[int, int] = {ALL_GREEN: 255}
        out[i] = [labels.setdefault(v, len(labels) - 1) for v in r.tolist()]
    return out


def _undominated(canon: np.ndarray, deadline=None) -> np.ndarray:
    """Mask of the rows whose classes no other row's classes refine (finding at least the same answers)."""
    k = len(canon)
    n_cls = class_counts(canon)
    found = canon == 255
    keep = np.ones(k, bool)
    wide = canon.astype(np.int32)
    for j in range(k):
        if deadline is not None and not j % 16:
            deadline.check("comparing the guesses' partitions")
        # i refines j iff the pairs (class_i, class_j) are as many as the classes of i
        pairs = class_counts(wide * 512 + wide[j])
        refines = (pairs == n_cls) & ~(found[j] & ~found).any(axis=1)
        refines[j] = False
        if refines.any():
            keep[j] = False
    return keep
