"""Compiled helpers for the guess rules of hard and strict mode: which guesses stay allowed,
and when two guesses tried at a node are interchangeable.

**The hard rule is a function of a signature.** After guess g receives pattern p, hard mode
allows exactly the words that keep every green letter of (g, p) in its place and contain
every green-or-yellow letter of (g, p) at least as often as (g, p) shows it. So the allowed
set depends only on the *signature* of (g, p): the green letter at each green position, and
the multiset of green-or-yellow letters. Two pairs (g1, p) and (g2, p) with one signature
allow the same subset of any guess list.

**Theorem (repeats in hard mode).** Let g1 and g2 give every answer of H the same pattern
(their partitions of H, with the patterns as labels, are equal), and let (g1, p) and (g2, p)
have the same signature for every pattern p of a class of at least two answers. Then the
best total after g1 equals the best total after g2. *Proof.* The total after g is
``|H| + sum over classes C of value(C, constrain(L, g, p_C), d - 1)``, the green class
(g itself, if it is an answer) counting nothing more. The classes and their patterns are the
same for both guesses; a class of one answer is worth 1 whatever the guess list; for every
other class the constrained lists are equal (same signature), hence so are the values.

Without the signature condition the claim is false: on a 12-answer instance, ``guans`` and
``stand`` split ``{geans, glans, grano, grans, slane}`` identically, yet with two guesses
left after them one leaves no strategy and the other a total of 13 (the test
``test_hard_repeat_needs_same_rule``). In strict mode the allowed set after (g, p) is every
word w with ``feedback(g, w) = p``, which the answers alone do not decide, so strict mode
treats no two guesses as repeats.
"""
from __future__ import annotations

import numba as nb
import numpy as np

EASY, HARD, STRICT = 0, 1, 2


@nb.njit(cache=True)
def same_rule(w1, w2, p):
    """Whether (w1, p) and (w2, p) have the same hard-mode signature (w1, w2: letter rows)."""
    a = np.empty(5, np.int32)
    b = np.empty(5, np.int32)
    na = 0
    q = p
    for t in range(4, -1, -1):
        colour = q % 3
        q //= 3
        if colour == 2 and w1[t] != w2[t]:
            return False
        if colour > 0:
            a[na] = w1[t]
            b[na] = w2[t]
            na += 1
    if na == 0:
        return True
    a1 = np.sort(a[:na])
    b1 = np.sort(b[:na])
    for t in range(na):
        if a1[t] != b1[t]:
            return False
    return True


@nb.njit(cache=True)
def remember_guess(seen, seen_w, n_seen, h, w, pats, sizes, mode):
    """-1 if a guess already tried at this node makes the same children as this one, else the new count.

    ``h`` is the guess's partition hash, ``w`` its letters (5), ``pats`` and ``sizes`` its
    classes. Easy mode: equal partition hashes suffice. Hard mode: equal hashes and the same
    signature for every class of two or more answers (the module's theorem). Strict mode:
    never. The guess is kept (hash and letters) while there is room.
    """
    if mode != STRICT:
        for s in range(n_seen):
            if seen[s] != h:
                continue
            if mode == EASY:
                return -1
            same = True
            for c in range(sizes.shape[0]):
                if sizes[c] >= 2 and not same_rule(seen_w[s], w, pats[c]):
                    same = False
                    break
            if same:
                return -1
    if n_seen < seen.shape[0]:
        seen[n_seen] = h
        seen_w[n_seen] = w
        return n_seen + 1
    return n_seen
