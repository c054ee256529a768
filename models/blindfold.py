"""Fixed-guess ("blindfold") Wordle: the independent check of a certificate.

A set G of guesses, played in the same order whatever the answer, identifies
every answer exactly when no two answers receive the same pattern from every
guess of G; then one more guess wins, so every answer is found within |G| + 1.

>>> check_fixed_guesses(["crane"], ["cigar", "rebut", "sissy"])
3

A proof that no k guesses suffice is a model whose rows each list guesses for a pair of
answers (:mod:`wordlelab.solvers.blindfold_proof`); it is a relaxation when no row omits a
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


def _mask(word: str) -> int:
    out = 0
    for ch in word:
        out |= 1 << (ord(ch) - 97)
    return out


def check_letter_cases(answers, cases) -> int:
    """Number of letter-graph edges; raises LetterCaseFault unless ``cases`` are independent and cover.

    The letter proof (:mod:`wordlelab.solvers.blindfold_letters`) splits on maximal
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
