"""Compiled helpers for the guess rules of hard and strict mode: which guesses stay allowed
(:func:`constrain`, :func:`child_list`, and :func:`view_child_list` with the hard rule as a
feature mask), and when two guesses tried at a node are interchangeable (:func:`remember_guess`).

**The hard rule is a function of a signature.** After guess g receives pattern p, hard mode
allows exactly the words that keep every green letter of (g, p) in its place and contain
every green-or-yellow letter of (g, p) at least as often as (g, p) shows it. So the allowed
set depends only on the *signature* of (g, p): the green letter at each green position, and
the multiset of green-or-yellow letters. Two pairs (g1, p) and (g2, p) with one signature
allow the same subset of any guess list.

**Theorem (repeats in hard mode).** Let g1 and g2 give every answer of H the same pattern
(their classes of H, with the patterns as labels, are equal), and let (g1, p) and (g2, p)
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

from wordlelab.models import jit  # noqa: F401  (numba's cache folder, set before numba loads)
import numba as nb
import numpy as np

from wordlelab.models.matrix_kernels import word_feedback

EASY, HARD, STRICT = 0, 1, 2


@nb.njit(cache=True)
def same_rule(w1, w2, p):
    """Whether (w1, p) and (w2, p) have the same hard-mode signature (w1, w2: letter rows)."""
    a = np.empty(5, np.int32)
    b = np.empty(5, np.int32)
    na = 0
    q = p
    for t in range(4, -1, -1):
        digit = q % 3
        q //= 3
        if digit == 2 and w1[t] != w2[t]:
            return False
        if digit > 0:
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

    ``h`` is the guess's class hash, ``w`` its letters (5), ``pats`` and ``sizes`` its
    classes. Easy mode: equal class hashes suffice. Hard mode: equal hashes and the same
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


# ---- the hard rule as bit masks: a word's features, a (guess, pattern)'s requirements
# Kinds of feature, 26 letters each: 0-4 "this letter at position t", 5-7 "this letter at least
# 1, 2, 3 times"; kind q is bit 26 * (q % 2) + letter of word q // 2 (208 bits in 4 words).
FEATURE_WORDS = 4


@nb.njit(cache=True, inline="always")
def _set(bits, kind, letter):
    bits[kind // 2] |= np.uint64(1) << np.uint64(26 * (kind % 2) + letter)


@nb.njit(cache=True)
def guess_features(letters):
    """Per word (rows of ``letters``): its features as 4 uint64 (letters in place, letter counts)."""
    n = letters.shape[0]
    feat = np.zeros((n, FEATURE_WORDS), np.uint64)
    count = np.zeros(26, np.int32)
    for i in range(n):
        count[:] = 0
        for t in range(5):
            _set(feat[i], t, letters[i, t])
            count[letters[i, t]] += 1
        for a in range(26):
            for c in range(min(count[a], 3)):
                _set(feat[i], 5 + c, a)
    return feat


@nb.njit(cache=True)
def rule_mask(w, p):
    """The features hard mode requires of a guess after word ``w`` (letters) scored pattern p,
    and whether the mask says it all (False if a letter must recur 4 or more times)."""
    mask = np.zeros(FEATURE_WORDS, np.uint64)
    need = np.zeros(26, np.int32)
    q = p
    for t in range(4, -1, -1):
        digit = q % 3
        q //= 3
        if digit == 2:
            _set(mask, t, w[t])
        if digit > 0:
            need[w[t]] += 1
    for a in range(26):
        if need[a] > 3:
            return mask, False
        if need[a] > 0:
            _set(mask, 4 + need[a], a)
    return mask, True


@nb.njit(cache=True)
def keep_featured(L, cols, feat, mask):
    """The entries of L whose guesses (``cols[L[j]]``) have every feature of mask (in L's order)."""
    m = L.shape[0]
    keep = np.empty(m, L.dtype)
    c = 0
    m0, m1, m2, m3 = mask[0], mask[1], mask[2], mask[3]
    for j in range(m):
        w = cols[L[j]]      # scalar reads: a row view per guess would cost a reference count
        if ((feat[w, 0] & m0) == m0 and (feat[w, 1] & m1) == m1 and (feat[w, 2] & m2) == m2
                and (feat[w, 3] & m3) == m3):
            keep[c] = L[j]
            c += 1
    return keep[:c].copy()


@nb.njit(cache=True)
def first_alike(h):
    """Per entry of h: the index of the first entry with the same value (an open-addressed table)."""
    m = h.shape[0]
    size = 16
    while size < 2 * m:
        size *= 2
    keys = np.empty(size, np.uint64)
    where = np.full(size, -1, np.int64)
    first = np.empty(m, np.int64)
    mask = np.uint64(size - 1)
    for j in range(m):
        s = np.int64((h[j] ^ (h[j] >> np.uint64(29))) & mask)
        while where[s] >= 0 and keys[s] != h[j]:
            s = (s + 1) & (size - 1)
        if where[s] < 0:
            keys[s] = h[j]
            where[s] = j
        first[j] = where[s]
    return first


@nb.njit(cache=True)
def constrain(L, g, p, mode, letters, lcount):
    """Guesses of L still allowed after guess g received pattern p (hard or strict rule)."""
    m = L.shape[0]
    keep = np.empty(m, L.dtype)
    c = 0
    if mode == STRICT:
        for j in range(m):
            if word_feedback(letters[g], letters[L[j]]) == p:
                keep[c] = L[j]
                c += 1
        return keep[:c].copy()
    # hard: greens stay, and green+yellow letters recur with multiplicity
    digits = np.empty(5, np.int32)
    q = p
    for t in range(4, -1, -1):
        digits[t] = q % 3
        q //= 3
    need = np.zeros(26, np.int32)
    for t in range(5):
        if digits[t] > 0:
            need[letters[g, t]] += 1
    for j in range(m):
        w = L[j]
        ok = True
        for t in range(5):
            if digits[t] == 2 and letters[w, t] != letters[g, t]:
                ok = False
                break
        if ok:
            for t in range(5):
                if digits[t] > 0 and lcount[w, letters[g, t]] < need[letters[g, t]]:
                    ok = False
                    break
        if ok:
            keep[c] = w
            c += 1
    return keep[:c].copy()


@nb.njit(cache=True)
def child_list(Lnode, g, p, mode, letters, lcount):
    """The guess list a child node gets (easy: the node's list; else constrained by (g, p))."""
    if mode == EASY:
        return Lnode
    return constrain(Lnode, g, p, mode, letters, lcount)


@nb.njit(cache=True)
def view_child_list(Lnode, g, p, tabs):
    """:func:`child_list` for columns of ``tabs``; hard mode tests each guess's features against
    the rule's mask (:func:`~wordlelab.solvers.search.engine.hard_rules.rule_mask`): four ANDs a guess."""
    cols = tabs.cols
    if tabs.mode == EASY:
        return Lnode
    if tabs.mode == HARD:
        mask, exact = rule_mask(tabs.letters[cols[g]], p)
        if exact:
            return keep_featured(Lnode, cols, tabs.feat, mask)
    # strict mode (or a letter 4 times): the plain rule on global guesses, mapped back (cols ascend)
    kept = constrain(cols[Lnode], cols[g], p, tabs.mode, tabs.letters, tabs.lcount)
    return np.searchsorted(cols, kept).astype(Lnode.dtype)
