"""Wordle numbers W, their consecutive sums F_s, and higher-order Eulerian numbers E_{s,z}.

Kutin & Smithline (Sections 4.2, 4.3 and 5) count the (s_1..s_n)-coloured
permutations that multicolour CircularShift solves in exactly k+1 rounds,
W_(s_1..s_n)(n, k) (Definition 4.6). By Lemma 4.4 that number of rounds is
1 + exc(sigma) + sum_v kappa(v), so the generating polynomial is
A_n(u) * prod_l (1 + u + ... + u^(s_l - 1)), and Theorem 4.7 gives

    sum_k W(n,k) u^k = (1 - u) prod_l (1 - u^(s_l)) sum_j (j+1)^n u^j.

Each family is computed here in independent ways, so that the tests can check
the paper's statements against each other, never against stored tables:

- W: the generating function of Theorem 4.7 (:func:`wordle_gf`), recurrence (5)
  of Theorem 4.8 (:func:`wordle_rec5`), recurrence (6) of Theorem 4.10 for one s
  (:func:`wordle_rec6`), and simulation of CircularShift over every secret
  (:func:`wordlelab.models.multicolour.round_counts`);
- F_s(n,k) = sum_{l<s} W_s(n, k-l) (Definition 4.13, :func:`f_sum`), and the
  recurrence of Theorem 4.15 (:func:`f_rec`);
- E_{s,z}(n,k), s-coloured permutations with k z-excedances (Definition 5.3):
  direct count (:func:`e_count`), the recurrence of Theorem 5.4 (:func:`e_rec`)
  and the generating function of Theorem 5.8 (:func:`e_gf`);
- type-B Eulerian numbers counted from signed permutations and their descents
  (:func:`type_b_eulerian`), for the paper's remark that E_{2,1} is that sequence.

The identities stated in the paper: F_s(n, sk+z-1) = E_{s,z}(n,k)
(Proposition 5.5), F_s(n, sk+s-1) = s^n A(n,k) (Proposition 5.1),
E_{ds,dz} = d^n E_{s,z} (Proposition 5.6), W_s(n, sn-r-1) = W_s(n,r)
(Corollary 4.11).

>>> wordle_gf((2, 2, 2, 2))
[1, 15, 61, 115, 115, 61, 15, 1]
>>> f_sum(4, 2)
[1, 16, 76, 176, 230, 176, 76, 16, 1]
>>> e_rec(4, 2, 1), type_b_eulerian(4)
([1, 76, 230, 76, 1], [1, 76, 230, 76, 1])
"""
from __future__ import annotations

import itertools
from functools import lru_cache

from wordlelab.models.permutation import eulerian


def _trim(poly: list[int]) -> list[int]:
    while len(poly) > 1 and poly[-1] == 0:
        poly.pop()
    return poly


def _mul(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _power_series(n: int, degree: int, scale: int = 1, shift: int = 1) -> list[int]:
    """sum_j (scale*j + shift)^n t^j, up to t^degree."""
    return [(scale * j + shift) ** n for j in range(degree + 1)]


def wordle_gf(counts) -> list[int]:
    """W_(s_1..s_n)(n, k), k = 0.., from the generating function of Theorem 4.7.

    The product with the power series is exact up to the polynomial's degree
    n - 1 + sum_l (s_l - 1), and zero beyond it.
    """
    counts = tuple(counts)
    n = len(counts)
    degree = n - 1 + sum(s - 1 for s in counts) if n else 0
    factor = [1, -1]
    for s in counts:
        factor = _mul(factor, [1] + [0] * (s - 1) + [-1])
    return _trim(_mul(factor, _power_series(n, degree))[:degree + 1])


@lru_cache(maxsize=None)
def _w5(counts: tuple, k: int) -> int:
    n = len(counts)
    if n == 0:
        return 1 if k == 0 else 0
    if k < 0:
        return 0
    head, s_n = counts[:-1], counts[-1]
    value = (k + 1) * _w5(head, k) + sum(_w5(head, k - r) for r in range(1, s_n)) - k * _w5(head, k - s_n)
    value += sum(s * _w5(counts[:l] + counts[l + 1:], k - s) for l, s in enumerate(counts))
    return value


def wordle_rec5(counts) -> list[int]:
    """W_(s_1..s_n)(n, k) from recurrence (5) (Theorem 4.8), which removes s_n and each s_l in turn."""
    counts = tuple(counts)
    degree = len(counts) - 1 + sum(s - 1 for s in counts) if counts else 0
    return _trim([_w5(counts, k) for k in range(degree + 1)])


@lru_cache(maxsize=None)
def _w6(n: int, s: int, k: int) -> int:
    if n == 0:
        return 1 if k == 0 else 0
    if k < 0:
        return 0
    return ((k + 1) * _w6(n - 1, s, k) + (s * n - k) * _w6(n - 1, s, k - s)
            + sum(_w6(n - 1, s, k - l) for l in range(1, s)))


def wordle_rec6(n: int, s: int) -> list[int]:
    """W_s(n, k) from recurrence (6) (Theorem 4.10); s = 1 gives the Eulerian numbers."""
    return _trim([_w6(n, s, k) for k in range(max(s * n, 1))])


def f_sum(n: int, s: int) -> list[int]:
    """F_s(n, k) = sum of s consecutive W_s(n, k - l), l = 0..s-1 (Definition 4.13)."""
    w = wordle_gf((s,) * n)
    return [sum(w[k - l] for l in range(s) if 0 <= k - l < len(w)) for k in range(len(w) + s - 1)]


@lru_cache(maxsize=None)
def _f(n: int, s: int, k: int) -> int:
    if n == 0:
        return 1 if 0 <= k < s else 0
    if k < 0:
        return 0
    return (k + 1) * _f(n - 1, s, k) + (s * (n + 1) - k - 1) * _f(n - 1, s, k - s)


def f_rec(n: int, s: int) -> list[int]:
    """F_s(n, k) from the recurrence of Theorem 4.15."""
    return _trim([_f(n, s, k) for k in range(s * (n + 1))])


def z_excedances(perm, colours, z: int) -> int:
    """Definition 5.3: values j (1-based) with pi(j) > j, or pi(j) = j and c(pi(j)) >= z."""
    return sum(1 for j, v in enumerate(perm) if v > j or (v == j and colours[v] >= z))


def e_count(n: int, s: int, z: int) -> list[int]:
    """E_{s,z}(n, k) by counting z-excedances over every s-coloured permutation of length n."""
    tally = [0] * (n + 1)
    for perm in itertools.permutations(range(n)):
        for colours in itertools.product(range(s), repeat=n):
            tally[z_excedances(perm, colours, z)] += 1
    return _trim(tally)


@lru_cache(maxsize=None)
def _e(n: int, s: int, z: int, k: int) -> int:
    if n == 0:
        return 1 if k == 0 else 0
    if k < 0 or k > n:
        return 0
    return (s * k + z) * _e(n - 1, s, z, k) + (s * (n - k) + s - z) * _e(n - 1, s, z, k - 1)


def e_rec(n: int, s: int, z: int) -> list[int]:
    """E_{s,z}(n, k) from the recurrence of Theorem 5.4."""
    return _trim([_e(n, s, z, k) for k in range(n + 1)])


def e_gf(n: int, s: int, z: int) -> list[int]:
    """E_{s,z}(n, k) from Theorem 5.8: (1 - t)^(n+1) sum_j (sj + z)^n t^j, truncated at degree n."""
    factor = [1]
    for _ in range(n + 1):
        factor = _mul(factor, [1, -1])
    return _trim(_mul(factor, _power_series(n, n, s, z))[:n + 1])


def type_b_eulerian(n: int) -> list[int]:
    """Signed permutations of [n] by number of type-B descents (i in 0..n-1 with w(i) > w(i+1), w(0) = 0)."""
    tally = [0] * (n + 1)
    for perm in itertools.permutations(range(1, n + 1)):
        for signs in itertools.product((1, -1), repeat=n):
            w = [0] + [p * e for p, e in zip(perm, signs)]
            tally[sum(1 for i in range(n) if w[i] > w[i + 1])] += 1
    return _trim(tally)


def eulerian_row(n: int) -> list[int]:
    """A(n, k), k = 0..n-1 (A(0, 0) = 1)."""
    return [eulerian(n, k) for k in range(max(n, 1))]


def number_rows(n: int, counts, family: str = "W", z: int = 1, simulate_up_to: int = 20000) -> list[dict]:
    """Rows of a family for n' = 1..n (or n alone for mixed colour counts), each checked independently.

    Each row's ``counts`` come from the generating function; ``checked_by`` names the other
    computations that gave the same numbers (a disagreement raises). Simulation and direct
    counting run while the number of coloured permutations is at most ``simulate_up_to``.

    >>> [r["counts"] for r in number_rows(3, (2, 2, 2))]
    [[1, 1], [1, 3, 3, 1], [1, 7, 16, 16, 7, 1]]
    >>> number_rows(2, (2, 2), "E", 1)[-1]["checked_by"]
    ['recurrence (Theorem 5.4)', 'z-excedance count']
    """
    from fractions import Fraction
    from math import factorial, prod

    from wordlelab.errors import WordleError
    from wordlelab.models.multicolour import round_counts

    counts = tuple(counts)
    uniform = len(set(counts)) == 1
    s = counts[0]
    sizes = range(1, n + 1) if uniform else [n]
    rows = []
    for m in sizes:
        cs = counts[:m] if not uniform else (s,) * m
        small = factorial(m) * prod(cs) <= simulate_up_to
        checks: list[tuple[str, list[int]]] = []
        if family == "W":
            main = wordle_gf(cs)
            checks.append(("recurrence (5)", wordle_rec5(cs)))
            if uniform:
                checks.append(("recurrence (6)", wordle_rec6(m, s)))
            if small:
                checks.append(("CircularShift on every secret", round_counts(cs)))
        elif family == "F":
            main = f_sum(m, s)
            checks.append(("recurrence (Theorem 4.15)", f_rec(m, s)))
        else:
            main = e_gf(m, s, z)
            checks.append(("recurrence (Theorem 5.4)", e_rec(m, s, z)))
            if small:
                checks.append(("z-excedance count", e_count(m, s, z)))
        for name, other in checks:
            if _trim(list(other)) != _trim(list(main)):
                raise WordleError(f"internal error: {family} numbers for n = {m} differ: generating function "
                                  f"{main}, {name} {other}")
        row = {"n": m, "colours": list(cs), "family": family, "counts": main, "secrets": sum(main),
               "checked_by": [name for name, _ in checks]}
        if family == "W":
            row["mean_rounds"] = str(Fraction(sum((k + 1) * c for k, c in enumerate(main)), sum(main)))
        if family == "E":
            row["z"] = z
        rows.append(row)
    return rows
