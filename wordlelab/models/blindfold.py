"""Fixed-guess ("blindfold") Wordle: the independent check of a certificate.

A set G of guesses, played in the same order whatever the answer, identifies
every answer exactly when no two answers receive the same pattern from every
guess of G; then one more guess wins, so every answer is found within |G| + 1.

>>> check_fixed_guesses(["crane"], ["cigar", "rebut", "sissy"])
3

A proof that no k guesses suffice is a model whose rows each list guesses for a pair of
answers (:mod:`wordlelab.solvers.blindfold.proof`); it is a relaxation when no row omits a
guess that separates its pair. :func:`check_pair_rows` checks that from the rules, skipping
by a lemma the guesses that cannot separate: if a guess contains none of the letters at
the positions where answers a and b differ, every letter of the guess occupies the same
positions in a as in b, so its greens and its yellow counts agree and the patterns are equal.

>>> check_pair_rows([("bills", "pills", ["belly", "pulps"])], ["salet", "belly", "pulps"])
1
"""
from __future__ import annotations

from wordlelab.errors import WordleError
from wordlelab.models.feedback import feedback, pattern_string


class FixedGuessFault(WordleError):
    """A guess set that leaves two answers with the same patterns."""


def check_fixed_guesses(guesses, answers) -> int:
    """Number of answers told apart (all of them); raises FixedGuessFault naming a colliding pair.

    Pure Python over the rules: feedback is recomputed from the words.
    """
    seen: dict[tuple, str] = {}
    for a in answers:
        signature = tuple(feedback(g, a) for g in guesses)
        if signature in seen:
            shown = ".".join(f"{g}.{pattern_string(p)}" for g, p in zip(guesses, signature))
            raise FixedGuessFault(f"{seen[signature]!r} and {a!r} both give {shown or 'no pattern'}")
        seen[signature] = a
    return len(seen)


class PairRowFault(WordleError):
    """A model row that omits a guess separating its pair (the model is no relaxation)."""


def check_pair_rows(rows, guesses) -> int:
    """Number of rows checked; raises PairRowFault naming a separating guess a row leaves out.

    ``rows`` holds ``(a, b, listed)``: two answers and the guesses the row lists. Pure Python
    over the rules, with the letter lemma of the module docstring to skip most guesses.
    """
    masks = [(g, _mask(g)) for g in guesses]
    for a, b, listed in rows:
        listed = set(listed)
        differ = _mask("".join(x + y for x, y in zip(a, b) if x != y))
        for g, m in masks:
            if m & differ and g not in listed and feedback(g, a) != feedback(g, b):
                raise PairRowFault(f"the row of {a!r} and {b!r} leaves out {g!r}, which tells them apart")
    return len(rows)


class BoundTreeFault(WordleError):
    """A branch-and-bound certificate that does not prove what it claims."""


def check_bound_tree(certificate: dict, guesses, answers) -> dict:
    """Re-check that no ``certificate["k"]`` guesses identify the answers; returns counts, raises BoundTreeFault.

    The certificate (:mod:`wordlelab.solvers.blindfold.duals`) holds answer ``pairs``, a
    ``denominator`` D and a ``tree``: a node ``{"guess", "with", "without"}`` puts one guess
    in the set or out of it; a leaf ``{"unseparable": r}`` names a pair that only guesses
    already left out separate; a leaf ``{"dual": [[r, w], ...]}`` gives weights w/D >= 0 on
    pairs that no guess put in separates. With c_t the weight of the pairs a free guess t
    separates, every set that separates all pairs and agrees with the branch has at least
    ``|in| + sum(w)/D - sum(max(0, c_t - D))/D`` guesses (weak LP duality for 0 <= x_t <= 1),
    which must exceed k. Separators are recomputed here from the rules for every guess,
    skipping by the letter lemma only guesses that share no letter with the differing
    positions; the arithmetic is on integers, so it is exact.

    >>> cert = {"k": 0, "denominator": 2, "pairs": [["bills", "pills"]], "tree": {"dual": [[0, 2]]}}
    >>> check_bound_tree(cert, ["bills", "salet"], ["bills", "pills"])
    {'nodes': 1, 'leaves': 1, 'pairs_checked': 1}
    """
    try:
        k, denominator = certificate["k"], certificate["denominator"]
        pairs = [(a, b) for a, b in certificate["pairs"]]
        tree = certificate["tree"]
    except (KeyError, TypeError, ValueError) as exc:
        raise BoundTreeFault(f"not a bound-tree certificate: {exc}") from None
    if not (_is_int(k) and _is_int(denominator)) or denominator < 1 or k < 0:
        raise BoundTreeFault("k must be an integer at least 0 and the denominator a positive integer")
    known = set(answers)
    length = {len(w) for w in answers} | {len(g) for g in guesses}
    if len(length) != 1:
        raise BoundTreeFault("the guesses and answers are not all of one length")
    for a, b in pairs:
        if not (isinstance(a, str) and isinstance(b, str)) or a not in known or b not in known or a == b:
            raise BoundTreeFault(f"pair {a!r}, {b!r} is not two answers")
    try:
        return _walk_bound_tree(k, denominator, pairs, tree, guesses)
    except (TypeError, ValueError, OverflowError) as exc:
        raise BoundTreeFault(f"malformed tree: {exc}") from None


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _walk_bound_tree(k, denominator, pairs, tree, guesses) -> dict:
    """The walk of :func:`check_bound_tree` over a certificate whose header is checked."""
    index = {g: t for t, g in enumerate(guesses)}
    masks = [_mask(g) for g in guesses]
    separators: dict[int, frozenset] = {}
    patterns: dict = {}

    def pattern(t: int, g: str, answer: str):
        # answers recur across pairs: each (guess, answer) pattern is computed once
        if (t, answer) not in patterns:
            patterns[t, answer] = feedback(g, answer)
        return patterns[t, answer]

    def separating(r: int) -> frozenset:
        if not 0 <= r < len(pairs):
            raise BoundTreeFault(f"pair {r} does not exist")
        if r not in separators:
            a, b = pairs[r]
            differ = _mask("".join(x + y for x, y in zip(a, b) if x != y))
            out = []
            for t, g in enumerate(guesses):
                if masks[t] & differ and pattern(t, g, a) != pattern(t, g, b):
                    out.append(t)
            separators[r] = frozenset(out)
        return separators[r]

    counts = {"nodes": 0, "leaves": 0}
    # an explicit stack: trees may be deep
    stack = [(tree, frozenset(), frozenset())]
    while stack:
        node, chosen, excluded = stack.pop()
        counts["nodes"] += 1
        if not isinstance(node, dict):
            raise BoundTreeFault("a tree node is not an object")
        if "guess" in node:
            t = index.get(node["guess"]) if isinstance(node["guess"], str) else None
            if t is None or t in chosen or t in excluded:
                raise BoundTreeFault(f"branch on {node['guess']!r}: not a free guess of the list")
            stack.append((node.get("with"), chosen | {t}, excluded))
            stack.append((node.get("without"), chosen, excluded | {t}))
            continue
        counts["leaves"] += 1
        if "unseparable" in node:
            r = node["unseparable"]
            if not _is_int(r) or not separating(r) <= excluded:
                raise BoundTreeFault(f"pair {pairs[r] if _is_int(r) and 0 <= r < len(pairs) else r} "
                                     "has a separator this branch still allows")
            continue
        if "dual" not in node:
            raise BoundTreeFault("a leaf is neither a dual bound nor an unseparable pair")
        total, load = 0, {}
        if not isinstance(node["dual"], list):
            raise BoundTreeFault("a leaf's duals are not a list")
        for entry in node["dual"]:
            if not isinstance(entry, (list, tuple)) or len(entry) != 2:
                raise BoundTreeFault(f"dual entry {entry!r} is not a pair and a weight")
            r, w = entry
            if not _is_int(r) or not _is_int(w) or w < 0:
                raise BoundTreeFault(f"dual entry {entry!r} is not a pair and a weight >= 0")
            sep = separating(r)
            if sep & chosen:
                raise BoundTreeFault(f"pair {pairs[r]} is already separated by a guess of this branch")
            total += w
            for t in sep - excluded:
                load[t] = load.get(t, 0) + w
        bound = len(chosen) * denominator + total - sum(c - denominator for c in load.values() if c > denominator)
        if bound <= k * denominator:
            raise BoundTreeFault(f"a leaf bounds the guesses by {bound / denominator:.6f}, not above {k}")
    counts["pairs_checked"] = len(separators)
    return counts


def _mask(word: str) -> int:
    out = 0
    for ch in word:
        out |= 1 << (ord(ch) - 97)
    return out


def check_letter_cases(answers, cases) -> int:
    """Number of letter-graph edges; raises LetterCaseFault unless ``cases`` are independent and cover.

    The letter proof (:mod:`wordlelab.solvers.blindfold.letters`) splits on maximal
    independent sets of the letter graph: letters x, y are joined when two answers differ
    only in one position, by x and y. Recomputed here by comparing every two answers, the
    check is that each case is independent and that every independent set of letters lies
    inside some case (so the cases leave no set of unused letters out); a letter no edge
    touches is in every maximal independent set, so each case must hold it, and the
    independent sets are walked over the other letters.
    """
    answers = sorted(set(answers))
    adj: dict[str, set] = {}
    edges = 0
    for i, a in enumerate(answers):
        for b in answers[i + 1:]:
            diff = [p for p in range(len(a)) if a[p] != b[p]]
            if len(diff) == 1:
                x, y = a[diff[0]], b[diff[0]]
                if y not in adj.setdefault(x, set()):
                    edges += 1
                adj[x].add(y)
                adj.setdefault(y, set()).add(x)
    sets = [set(c) for c in cases]
    letters = "abcdefghijklmnopqrstuvwxyz"
    alone = {x for x in letters if not adj.get(x)}     # joined to nothing: in every maximal set
    for c in sets:
        if not alone <= c:
            raise LetterCaseFault(f"case {''.join(sorted(c))!r} leaves out {''.join(sorted(alone - c))!r}, "
                                  "which no edge touches")
        for x in c:
            if adj.get(x, set()) & c:
                raise LetterCaseFault(f"case {''.join(sorted(c))!r} joins {x!r} to {sorted(adj[x] & c)[0]!r}")
    joined = [x for x in letters if x not in alone]

    def walk(start, chosen):
        if not any(chosen <= c for c in sets):
            raise LetterCaseFault(f"no case holds the independent letters {''.join(sorted(chosen))!r}")
        for i in range(start, len(joined)):
            x = joined[i]
            if not adj[x] & chosen:
                walk(i + 1, chosen | {x})

    walk(0, set())
    return edges


class LetterCaseFault(WordleError):
    """Cases of the letter proof that are not independent sets, or miss one."""
