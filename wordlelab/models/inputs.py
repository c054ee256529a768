"""The inputs of a proof, as one file: the checkpoints, rankings and trees a long claim rests on.

A claim such as "THUMP is the best first word within 7 in hard mode" is assembled from many
finished runs: a depth sweep that refutes most first words, each contender's classes proven one
by one, and rankings of the next guesses inside the hardest classes. A manifest names them once,
so that the claim is reproduced by one short command (``--inputs runs/best7-hard.inputs.json``)
instead of dozens of options. A manifest holds names of files only: every value still comes from
those files, under the same trust rules (docs/trust.md).

The format (JSON; paths are relative to the manifest's folder)::

    {"format": "wordlelab-inputs", "version": 1,
     "claim": "one line saying what the files prove together",
     "depth_checkpoint": "every7-hard.json",
     "class_checkpoints": ["thump7.json", ...],
     "class_rankings": ["thump-bbbbb.json", ...],
     "seed_trees": ["tupik-bbbbb-seed.json"]}

Every key but ``format`` and ``version`` may be left out.

Examples
--------
>>> import json, os, tempfile
>>> folder = tempfile.mkdtemp()
>>> open(os.path.join(folder, "a.json"), "w").close()
>>> path = os.path.join(folder, "m.json")
>>> _ = open(path, "w").write(json.dumps({"format": "wordlelab-inputs", "version": 1, "class_rankings": ["a.json"]}))
>>> [os.path.abspath(p) for p in load_inputs(path).class_rankings] == [os.path.join(folder, "a.json")]
True
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass

from wordlelab.errors import WordleError

FORMAT = "wordlelab-inputs"
VERSION = 1
LISTS = ("class_checkpoints", "class_rankings", "seed_trees")
KEYS = {"format", "version", "claim", "depth_checkpoint", *LISTS}
MAX_BYTES = 1 << 20


@dataclass(frozen=True)
class ProofInputs:
    """The files a proof reads, each an existing path."""

    depth_checkpoint: str | None = None
    class_checkpoints: tuple[str, ...] = ()
    class_rankings: tuple[str, ...] = ()
    seed_trees: tuple[str, ...] = ()
    claim: str | None = None

    def merged(self, depth_checkpoint=None, class_checkpoints=(), class_rankings=(), seed_trees=()) -> ProofInputs:
        """These inputs with more named on the command line (a second depth checkpoint is refused)."""
        if depth_checkpoint and self.depth_checkpoint and depth_checkpoint != self.depth_checkpoint:
            raise WordleError(f"two depth checkpoints: {self.depth_checkpoint} (from the inputs file) and "
                              f"{depth_checkpoint}")
        return ProofInputs(depth_checkpoint or self.depth_checkpoint,
                           tuple(dict.fromkeys((*self.class_checkpoints, *class_checkpoints))),
                           tuple(dict.fromkeys((*self.class_rankings, *class_rankings))),
                           tuple(dict.fromkeys((*self.seed_trees, *seed_trees))), self.claim)


def load_inputs(path: str) -> ProofInputs:
    """Read a manifest; every file it names must exist.

    Parameters
    ----------
    path : str
        The manifest (JSON, format ``wordlelab-inputs``).

    Returns
    -------
    ProofInputs
        The files, as paths relative to the current folder.

    Raises
    ------
    WordleError
        The file cannot be read, is not a manifest, or names a file that does not exist.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise WordleError(f"cannot read the inputs file {path}: {e.strerror or e}") from None
    if len(raw) > MAX_BYTES:
        raise WordleError(f"{path}: an inputs file is a short list of file names, not {len(raw)}+ bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise WordleError(f"{path} is not JSON (an inputs file: format {FORMAT!r})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WordleError(f"{path} is not an inputs file (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise WordleError(f"{path}: inputs file version {data.get('version')!r}; this wordlelab reads {VERSION}")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise WordleError(f"{path}: unknown key {unknown[0]!r} (known: {', '.join(sorted(KEYS))})")
    base = os.path.dirname(os.path.abspath(path))

    def located(name, key):
        if not isinstance(name, str) or not name:
            raise WordleError(f"{path}: {key} must name files, not {name!r}")
        full = os.path.normpath(os.path.join(base, name))
        if not os.path.isfile(full):
            raise WordleError(f"{path}: {key} names {name}, which is not a file ({full})")
        return os.path.relpath(full) if not os.path.isabs(name) else full

    lists = {}
    for key in LISTS:
        names = data.get(key, [])
        if not isinstance(names, list):
            raise WordleError(f"{path}: {key} must be a list of file names")
        lists[key] = tuple(dict.fromkeys(located(n, key) for n in names))
    depth = data.get("depth_checkpoint")
    claim = data.get("claim")
    if claim is not None and not isinstance(claim, str):
        raise WordleError(f"{path}: claim must be a line of text")
    return ProofInputs(None if depth is None else located(depth, "depth_checkpoint"), lists["class_checkpoints"],
                       lists["class_rankings"], lists["seed_trees"], claim)
