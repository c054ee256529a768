"""The answer sets the hard-mode checker has found impossible, kept so that monotonicity reuses them.

**Theorem (monotonicity, kept sets).** If the answers K cannot all be found within d guesses
under hard mode's rule R, then no set S ⊇ K can be found within d' ≤ d guesses under a rule R'
that asks at least as much as R. *Proof.* A strategy for S under R' plays only guesses R'
allows, which R allows too (R' asks at least as much); played on the answers of K alone, it
finds each of them within d' ≤ d guesses, a strategy for K under R that cannot exist. (In hard
mode the guesses allowed after a history depend on the history only, never on the answers
left, so the strategy can be played unchanged: :mod:`~wordlelab.models.refutation`.)

So :meth:`RefutedSets.inside` may answer "impossible" for (S, R', d') whenever a kept (K, R, d)
meets those three conditions, and :meth:`RefutedSets.keep` may drop a kept set that holds a
new one under the same rule and depth: the new one refutes everything the old one did.

Sets are bit masks over the check's answers (bit i: answer i). Each rule's sets are indexed by
their two least answers (a set of one answer by that answer twice), so that a lookup reads only
the sets whose two least answers are both among the answers at hand: the checker's sets are
small (about ten answers), and indexing by the least answer alone left thousands of sets under
the first few answers. Pure Python: the checker relies on it.

>>> kept = RefutedSets()
>>> kept.keep(0b0110, ((), ()), 3)
>>> kept.inside((1, 2, 3), 0b1110, ((), (("a", 1),)), 2)    # a superset, a stricter rule, fewer guesses
6
>>> kept.inside((1, 3), 0b1010, ((), ()), 3)                 # answer 2 is missing
0
"""
from __future__ import annotations

import math

from wordlelab.models.modes import requirement_mask


class RefutedSets:
    """The refuted answer sets of one check, by guesses left and rule (see the module's theorem)."""

    def __init__(self):
        # guesses left -> rule -> least answer -> second least -> masks of the sets kept there
        self.by_depth: dict[int, dict[tuple, dict[int, dict[int, list[int]]]]] = {}
        # the rules of by_depth[d] in the order they came, and for each (rule, d) asked about:
        # how many of them it has compared, and those it asks at least as much as (so that a
        # lookup walks only those, not every rule kept)
        self.order: dict[int, list[tuple]] = {}
        self.order_masks: dict[int, list[int]] = {}    # ... and their requirement_mask, in that order
        self.weaker: dict[tuple, list] = {}

    def __iter__(self):
        """Each kept set as (guesses left, rule, mask).

        >>> kept = RefutedSets()
        >>> kept.keep(0b0110, ((), ()), 3); kept.keep(0b0010, ((), ()), 3)   # the second holds less
        >>> list(kept)
        [(3, ((), ()), 2)]
        """
        for d, by_constraint in self.by_depth.items():
            for constraint, by_least in by_constraint.items():
                for by_second in by_least.values():
                    for masks in by_second.values():
                        for mask in masks:
                            yield d, constraint, mask

    def inside(self, answers: tuple, mask: int, constraint: tuple, d: int) -> int:
        """A kept refuted set (its mask) that lies inside ``answers`` (``mask``: the same as bits)
        under a rule that ``constraint`` asks at least as much as, with at least d guesses left;
        0 if none."""
        outside = ~mask
        for d2 in range(d, max(self.by_depth, default=0) + 1):
            order = self.order.get(d2)
            if not order:
                continue
            seen = self.weaker.get((constraint, d2))
            if seen is None:
                seen = self.weaker[(constraint, d2)] = [0, []]
            if seen[0] < len(order):
                # c is weaker when its requirements are among the constraint's (asks_at_least)
                beyond = ~requirement_mask(constraint)
                seen[1].extend(c for c, m in zip(order[seen[0]:], self.order_masks[d2][seen[0]:])
                               if not m & beyond)
                seen[0] = len(order)
            kept = self.by_depth[d2]
            for c in seen[1]:
                found = _inside(kept[c], answers, mask, outside)
                if found:
                    return found
        return 0

    def keep(self, mask: int, constraint: tuple, d: int) -> None:
        """Keep the answers of ``mask`` as impossible within d under ``constraint``."""
        by_constraint = self.by_depth.setdefault(d, {})
        by_least = by_constraint.get(constraint)
        if by_least is None:
            by_least = by_constraint[constraint] = {}
            self.order.setdefault(d, []).append(constraint)
            self.order_masks.setdefault(d, []).append(requirement_mask(constraint))
        least = (mask & -mask).bit_length() - 1
        rest = mask & (mask - 1)
        second = (rest & -rest).bit_length() - 1 if rest else least
        # a kept set holding this one says nothing more: drop it. A superset's least answer is at
        # most this one's; its second least is at most this one's least when its least is smaller,
        # and at most this one's second when the least is the same (any, if this set has one answer)
        for at, by_second in by_least.items():
            if at < least:
                bound = least
            elif at == least:
                bound = second if rest else math.inf
            else:
                continue
            for j, masks in by_second.items():
                if j <= bound:
                    masks[:] = [s for s in masks if s & mask != mask]
        by_least.setdefault(least, {}).setdefault(second, []).append(mask)


def _inside(by_least: dict, answers: tuple, mask: int, outside: int) -> int:
    """A set of ``by_least`` (least answer -> second least -> masks) lying inside the answers, or 0.

    A set lies inside only if its two least answers are among them: walk whichever is shorter,
    the index or the answers, at each level. (A set s lies inside when s & outside is 0: all()
    stops at the first such s.)"""
    few = len(answers)
    if len(by_least) < few:
        firsts = [(at, by_second) for at, by_second in by_least.items() if mask >> at & 1]
    else:
        firsts = [(at, by_least[at]) for at in answers if at in by_least]
    for _, by_second in firsts:
        if len(by_second) < few:
            for j, masks in by_second.items():
                if mask >> j & 1 and not all(map(outside.__and__, masks)):
                    return next(m for m in masks if not m & outside)
        else:
            for j in answers:
                masks = by_second.get(j)
                if masks and not all(map(outside.__and__, masks)):
                    return next(m for m in masks if not m & outside)
    return 0
