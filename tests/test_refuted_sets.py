"""The checker's store of refuted answer sets, against a plain list of everything kept."""
import random

from wordlelab.models.refuted_sets import RefutedSets

EASY = ((), ())     # easy mode's rule: asks nothing


def test_a_lookup_finds_a_kept_set_inside_exactly_when_one_is_there_and_only_minimal_sets_stay():
    """Random small sets over 40 answers, kept at random depths, and random lookups: a lookup
    returns a kept set lying inside the answers with at least the guesses asked about, and 0 only
    when no set ever kept (dropped ones included) lies there. A set is kept, as in the checker,
    only when no kept set lies inside it; what stays is then, for each depth, an antichain."""
    rng = random.Random(20261205)
    n = 40
    store, everything = RefutedSets(), []
    for step in range(3000):
        if step % 2 == 0:
            size = rng.choice([1, 2, 2, 3, 4, 6, 9])
            answers = tuple(sorted(rng.sample(range(n), size)))
            mask = sum(1 << i for i in answers)
            d = rng.randint(1, 4)
            if store.inside(answers, mask, EASY, d):
                continue
            store.keep(mask, EASY, d)
            everything.append((mask, d))
        else:
            answers = tuple(sorted(rng.sample(range(n), rng.randint(1, 30))))
            mask = sum(1 << i for i in answers)
            d = rng.randint(1, 4)
            found = store.inside(answers, mask, EASY, d)
            expected = any(m & mask == m and d2 >= d for m, d2 in everything)
            assert bool(found) == expected, (answers, d)
            if found:
                assert found & mask == found and (found, d) in {(m, d) for m, d2 in everything if d2 >= d}
    kept = list(store)
    assert len(kept) < len(everything)     # supersets were dropped
    for d, _, m in kept:
        assert not any(d2 == d and m2 != m and m2 & m == m2 for d2, _, m2 in kept)
