"""Selby's monotonicity in hard mode: a guess is refuted by a class already refuted at its node.

Selby (part 2, "Monotonicity") observes that more guess words and fewer possible answers
never hurt: if ``T' ⊇ T`` and ``H' ⊆ H`` then ``m(T', H', g) <= m(T, H, g)``. In hard mode
this refutes guesses without a search, as his NORTH.BBBYB.TUNIC / TONIC example shows.

**Theorem.** At a node with guess list L and g guesses left, let guess u leave the class S
(of at least two answers) with pattern p, and let (S, constrain(L, u, p), g - 1) be refuted (no strategy finds every
answer of S in time). Let another guess v leave a class S' ⊇ S with pattern p', and let
every word that meets hard mode's rule for (v, p') meet the rule for (u, p). Then
(S', constrain(L, v, p'), g - 1) is refuted too, so v cannot find every answer within g.

*Proof.* The rule for (v, p') implies the one for (u, p), so L' = constrain(L, v, p') is a
subset of L1 = constrain(L, u, p). A strategy for (S', L') restricted to the answers of S is
a strategy for (S, L1): its guesses lie in L' ⊆ L1, each of its classes on S lies within the
class on S', and the rules below filter both lists alike, so inclusion is kept at every
node. It finds each answer of S as soon as it did on S', which contradicts the refutation.

The rule after (u, p) asks for each green letter in its place and for each letter at least
as many times as (u, p) shows it green or yellow (:mod:`~wordlelab.solvers.search.engine.hard_rules`).
So :func:`rule_implies` is a sufficient test: every green of (u, p) is a green of (v, p'),
and no letter is asked for more often by (u, p) than by (v, p'). A node keeps its refuted
classes in a small :class:`Refuted` record; :func:`dominated` tests a guess against them
before its classes are even computed, by reading its patterns on the members of each class.

The min-sum search uses the same test, since a class worth INF makes its guess's total INF;
the theorem is about strategies that must finish in time, which both searches ask for.
"""
from __future__ import annotations

from typing import NamedTuple

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

MAX_CLASSES = 16          # refuted classes a node keeps (the first ones: most guesses meet them)
MAX_MEMBERS = 1024        # their members, in all: a large class rarely lies within another's


class Refuted(NamedTuple):
    """A node's refuted classes: members (rows of the node's matrix) and, per class, its meta."""

    members: np.ndarray   # int32 (MAX_MEMBERS,): class after class
    meta: np.ndarray      # int32 (MAX_CLASSES, 8): start, size, pattern, the guess's 5 letters
    count: np.ndarray     # int64 (2,): classes kept, members kept


@nb.njit(cache=True)
def new_refuted(keep=True):
    """An empty :class:`Refuted` record (``keep`` False: one with no room, for easy mode)."""
    n_cls, n_mem = (MAX_CLASSES, MAX_MEMBERS) if keep else (0, 0)
    return Refuted(np.empty(n_mem, np.int32), np.empty((n_cls, 8), np.int32), np.zeros(2, np.int64))


@nb.njit(cache=True)
def _needs(w, p, green, need):
    """Fill green (letter per position, -1: none) and need (count per letter) of rule (w, p)."""
    q = p
    for t in range(4, -1, -1):
        digit = q % 3
        q //= 3
        green[t] = w[t] if digit == 2 else -1
        if digit > 0:
            need[w[t]] += 1


@nb.njit(cache=True)
def rule_implies(v, pv, u, pu):
    """Whether every word meeting hard mode's rule after (v, pv) meets the rule after (u, pu).

    ``v`` and ``u`` are letter rows (0-25), ``pv`` and ``pu`` patterns (base 3, first letter
    most significant; 2 is green, 1 yellow).
    """
    gv = np.empty(5, np.int32)
    gu = np.empty(5, np.int32)
    nv = np.zeros(26, np.int32)
    nu = np.zeros(26, np.int32)
    _needs(v, pv, gv, nv)
    _needs(u, pu, gu, nu)
    for t in range(5):
        if gu[t] >= 0 and gv[t] != gu[t]:
            return False
    for a in range(26):
        if nu[a] > nv[a]:
            return False
    return True


@nb.njit(cache=True)
def remember_refuted(rec, members, start, size, word, pattern):
    """Keep a refuted class (``members[start:start+size]``; guess letters, pattern) while there is room."""
    n_cls, n_mem = rec.count[0], rec.count[1]
    if n_cls >= rec.meta.shape[0] or n_mem + size > rec.members.shape[0]:
        return
    for i in range(size):
        rec.members[n_mem + i] = members[start + i]
    row = rec.meta[n_cls]
    row[0] = n_mem
    row[1] = size
    row[2] = pattern
    for t in range(5):
        row[3 + t] = word[t]
    rec.count[0] = n_cls + 1
    rec.count[1] = n_mem + size


@nb.njit(cache=True)
def dominated(MT, g, word, rec):
    """Whether guess g (a column of MT; letters ``word``) is refuted by a kept class (the theorem)."""
    u = np.empty(5, np.int32)
    for r in range(rec.count[0]):
        row = rec.meta[r]
        start, size = row[0], row[1]
        p = MT[rec.members[start], g]
        inside = True
        for i in range(1, size):
            if MT[rec.members[start + i], g] != p:
                inside = False
                break
        if not inside:
            continue
        for t in range(5):
            u[t] = row[3 + t]
        if rule_implies(word, np.int64(p), u, np.int64(row[2])):
            return True
    return False
