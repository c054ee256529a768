"""One depth campaign's state, held apart from the searcher it runs on.

A depth proof (``prove-depth``, one question) and the every-first-word sweep carry state from
one first word, or one next guess, to the next: hard mode's kept cores (the bank and a state's
seeds), the drafts file beside a sweep's checkpoint, easy mode's checked cores, the checker's
work budget and the order cores are made in. None of it decides anything on its own: each
kept core only proposes a candidate, and every no still counts only once the pure-Python
checker has re-decided its core after its own first word (:mod:`wordlelab.models.refutation`,
:mod:`~wordlelab.solvers.search.depth.easy_cores`). So the state may be dropped, or started
afresh, at any point without changing a verdict; it belongs to the campaign, and a
:class:`~wordlelab.solvers.search.native.NativeSearcher` that has served one is a clean
searcher for the next question.

:class:`DepthRun` holds it. Its fields are fixed (``slots``): nothing can be attached to it
from outside, as nothing can be to the searcher. A sweep's run also owns its checkpoint: it is
read once (:meth:`DepthRun.open`, which checks every entry and seeds the campaign's state from
it), and every write goes through :meth:`DepthRun.save`, which merges with what another
process wrote meanwhile and keeps the better-proven entry of each word.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:                       # (the searcher imports nothing from depth/)
    from wordlelab.solvers.search.depth.core_bank import CoreBank
    from wordlelab.solvers.search.depth.core_drafts import CoreDrafts
    from wordlelab.solvers.search.depth.easy_cores import EasyCertificates
    from wordlelab.solvers.search.native import NativeSearcher


@dataclass(slots=True)
class DepthRun:
    """The state of one depth campaign on ``searcher``.

    Parameters
    ----------
    searcher : NativeSearcher
        The searcher the campaign runs its searches on (its lists, mode, tables).
    core_work : int, optional
        The patterns the pure-Python checker may read on a core checked under a work budget
        (hard mode: one not shrunk to a minimal core; easy mode: every core). None: the
        default of :data:`~wordlelab.solvers.search.depth.hard_cores.UNFINISHED_CHECK_WORK`
        (hard) or :data:`~wordlelab.solvers.search.depth.easy_cores.EASY_CHECK_WORK` (easy).
    largest_first : bool
        At a state with a checkpoint (hard mode): make the cores of the largest classes first.
    core_bank : CoreBank, optional
        Hard mode's checked cores of refuted first words, tried on the next first words
        (:mod:`~wordlelab.solvers.search.depth.core_bank`; a sweep's, see :meth:`bank_cores`).
    core_drafts : CoreDrafts, optional
        A hard-mode sweep's cores awaiting their check, kept beside its checkpoint
        (:mod:`~wordlelab.solvers.search.depth.core_drafts`; see :meth:`use_drafts`).
    easy_certificates : EasyCertificates, optional
        An easy-mode sweep's checked cores, and those its nos may borrow.
    state_cores : dict
        ``(history, guesses left)`` -> the cores made at that state so far, which seed the
        next ones there (:func:`~wordlelab.solvers.search.depth.hard_cores.keep_state_seed`).
    checkpoint : str or PathLike, optional
        A sweep's checkpoint, set by :meth:`open`; None: nothing is kept.
    question : dict, optional
        The question the checkpoint answers (its header), set by :meth:`open`.
    decisions : dict
        Word -> decision: the checkpoint's entries as :meth:`open` read them, then as the run
        and :meth:`save` leave them.
    sealed : bool
        Whether this installation wrote the checkpoint (else its decisions are claims).

    Examples
    --------
    >>> run = DepthRun(searcher=None, core_work=10**6)
    >>> run.core_work, run.state_cores
    (1000000, {})
    >>> run.failing_class = None        # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AttributeError: 'DepthRun' object has no attribute 'failing_class'...
    """

    searcher: NativeSearcher
    core_work: int | None = None
    largest_first: bool = False
    core_bank: CoreBank | None = None
    core_drafts: CoreDrafts | None = None
    easy_certificates: EasyCertificates | None = None
    state_cores: dict = field(default_factory=dict)
    checkpoint: object = None
    question: dict | None = None
    decisions: dict = field(default_factory=dict)
    sealed: bool = True

    def open(self, checkpoint, question: dict, *, entries: dict | None = None) -> dict:
        """Read the sweep ``checkpoint`` answering ``question``, once, and seed the campaign's
        state from it: hard mode's core bank and drafts file (:meth:`bank_cores`,
        :meth:`use_drafts`). A second call for the same file returns what the first read.

        Parameters
        ----------
        checkpoint : str or PathLike or None
            The checkpoint (absent or None: nothing decided yet).
        question : dict
            The sweep's question (:func:`~wordlelab.solvers.search.depth.depth_entries.sweep_question`).
        entries : dict, optional
            The entries another process has already read and checked from ``checkpoint`` (a
            sweep's workers take their client's): used instead of reading the file again.

        Returns
        -------
        dict
            Word -> decision (also :attr:`decisions`).

        Raises
        ------
        WordleError
            The checkpoint is damaged, or answers another question.
        """
        if self.question is not None and self.question == question and self.checkpoint == checkpoint:
            return self.decisions
        if entries is None:
            from wordlelab.solvers.runtime.checkpoint import load_checkpoint
            from wordlelab.solvers.search.depth.depth_entries import check_decision
            loaded = load_checkpoint(checkpoint, question, check_decision(self.searcher))
            self.sealed = loaded.sealed
            entries = loaded
        self.checkpoint, self.question, self.decisions = checkpoint, question, dict(entries)
        self.bank_cores(self.decisions)
        self.use_drafts(question, checkpoint)
        return self.decisions

    def save(self, decisions: dict | None = None) -> dict:
        """Write ``decisions`` (default :attr:`decisions`) to the checkpoint :meth:`open` read,
        merged with what another process wrote there meanwhile (each word keeps the entry that
        carries the better proof, :func:`~wordlelab.solvers.search.depth.depth_decision.keeps_proof`),
        and return the merged entries, which become :attr:`decisions`. Without a checkpoint,
        nothing is written."""
        if decisions is not None:
            self.decisions = decisions
        if self.checkpoint:
            from wordlelab.solvers.runtime.checkpoint import save_merged
            from wordlelab.solvers.search.depth.depth_decision import keeps_proof
            self.decisions = dict(save_merged(self.checkpoint, self.question, self.decisions, keeps_proof))
        return self.decisions

    def bank_cores(self, decisions: dict) -> None:
        """In hard mode, start the core bank afresh with the checked cores of ``decisions``' nos
        (a sweep checkpoint's entries), most recent last; in another mode, do nothing."""
        if self.searcher.mode != "hard":
            return
        from wordlelab.solvers.search.depth.core_bank import CoreBank
        self.core_bank = CoreBank(self.searcher)
        for word, value in decisions.items():
            if value["yes"] is False and value["same_as"] is None and value["core"]:
                self.core_bank.add(word, value["core"], value["depth"])

    def use_drafts(self, question: dict, checkpoint) -> None:
        """Take the drafts file beside the sweep ``checkpoint`` answering ``question`` (hard mode
        with a checkpoint; else none), and read it now.

        Read at once, not at the first word that has a draft: a file that is damaged, or for
        another question, stops the run before any search, with an error naming it; and a file
        this installation did not write is among the run's unsealed inputs
        (:func:`~wordlelab.solvers.runtime.checkpoint.unsealed_inputs`) from the start, so a result that
        may rest on it says so, even when only the sweep's workers take drafts from it.

        Raises
        ------
        WordleError
            The drafts file cannot be read, or is not this question's drafts file.
        """
        from wordlelab.solvers.search.depth.depth_entries import drafts_beside
        self.core_drafts = drafts_beside(self.searcher, question, checkpoint)
        if self.core_drafts is not None:
            self.core_drafts.read()
