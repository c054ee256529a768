"""Every ``wordlelab ...`` command shown to users works as shown.

The commands are read from the places users see them, never copied here: README.md and the
pages of the documentation site, docs/**/*.md (code blocks and backticked commands, tables
included; the run logs in docs/logs/ are history, shown as they were run from runs/, and are
parsed with runs/README.md below), the epilog of ``wordlelab --help`` and the epilog ("Example:"
lines) of every command and nested group (``perm``, ``export-lp``, ...).
Each command is one of:

- a syntax summary (a placeholder: an UPPERCASE word, ``[``, ``|``, ``(``, ``...``): its
  subcommand must exist, each ``--option`` it names must be an option of that command, and
  each value it lists for a choice option must be one of the choices;
- a command named in a heading or in prose (``NAMES``): it must exist;
- a concrete example: it must parse (click's ``make_context``, which validates the options
  without running anything), and it is run in a temporary directory, with the test
  session's pattern-matrix cache shared between runs:
  - as written, if it is in ``RUN_AS_SHOWN`` (a few seconds each);
  - through ``FAST_VARIANT`` otherwise (slow proofs and sweeps): the variant runs here, the
    shown command itself runs in ``test_slow_example_as_shown`` (``-m slow``).

A new example in neither table fails ``test_every_example_is_classified`` with a message
saying where to add it; an entry no longer shown anywhere fails it too. Every run must exit 0
(the CLI answers "no" with exit code 0 and says INFEASIBLE; those outputs are checked too).
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from wordlelab.cli import load_all

cli = load_all()          # every command registered (the CLI loads a command's module when it runs)

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = REPO / "docs"
LOGS = DOCS / "logs"          # run logs: commands as they were run, from runs/ (runs_readme_commands)
SHARED = REPO.parent / "shared"

# ---------------------------------------------------------------------------------------
# The tables. Keys are the commands exactly as shown (whitespace collapsed, comment dropped).

# part 3 of the bighidden issue: every first word taken from the committed files (none is searched,
# the checkpoint is left as it is), THUMP's tree verified
THUMP_BEST_OF_ALL = (
    "wordlelab best-start --mode hard --max-guesses 7 --lists nyt20220316 --answers all --top 1 --workers 2 "
    "--inputs runs/best7-hard.inputs.json --checkpoint runs/best7-hard.json"
)

# Concrete examples that finish in a few seconds: run as written.
RUN_AS_SHOWN = {
    # docs/objectives.md: SALET's optimum under the word-frequency prior (5 s)
    "wordlelab solve --lists nyt20220830 --objective weights:frequency --start salet",
    # a hint's best guess certified from its state (163 answers): 7-30 s, most of it the checker's reply table
    "wordlelab certify-ranking hint.bound.gz --lists nyt20220316 --state salet.BBBYB",
    "wordlelab certify-ranking hint.bound.gz --lists nyt20220316 --state salet.BBBBB --checkpoint hint.claims",
    # docs/games.md: user files of 4-letter words (the test writes g4.txt and a4.txt)
    "wordlelab solve --guesses g4.txt --answers a4.txt --start sale",
    # docs/games.md: Mastermind 4 x 6, a few seconds each
    "wordlelab solve --lists mastermind:4x6 --start 1123",
    "wordlelab solve --lists mastermind:4x6 --start 1123 --max-guesses 5",
    "wordlelab solve --lists mastermind:4x6 --start 1123 --tree mm.tree",
    "wordlelab verify mm.tree --lists mastermind:4x6",
    "wordlelab prove-depth --guesses 5 --lists mastermind:4x6 --start 1123",
    "wordlelab prove-depth --guesses 4 --lists mastermind:4x6 --start 1111",
    "wordlelab prove-depth --guesses 4 --lists mastermind:4x6 --start 1112",
    "wordlelab prove-depth --guesses 4 --lists mastermind:4x6 --start 1122",
    "wordlelab prove-depth --guesses 4 --lists mastermind:4x6 --start 1123",
    "wordlelab prove-depth --guesses 4 --lists mastermind:4x6 --start 1234",
    "wordlelab cache info",
    "wordlelab prove-depth --guesses 7 --mode hard --lists nyt20220316 --answers all --state impot.BBBBB --checkpoint runs/impot-bbbbb-depth.json --status",
    "wordlelab pattern salet drone",
    "wordlelab pattern speed abide",
    "wordlelab lists",
    "wordlelab lists --json",
    "wordlelab compile",
    "wordlelab state salet.BBBYB.drone",
    "wordlelab state salet.BBBYB.drone --mode hard",
    "wordlelab matrix",
    "wordlelab matrix --lists nyt20220316 --answers all",
    # hard mode, 12972 answers, on the matrix just built: about 10 s
    "wordlelab prove-depth --guesses 7 --start salet --mode hard --lists nyt20220316 --answers all",
    # reads the committed checkpoint of the long run and searches nothing
    "wordlelab every-first-word --guesses 7 --mode hard --lists nyt20220316 --answers all "
    "--checkpoint runs/every7-hard.json --status",
    "wordlelab every-first-word --guesses 6 --lists nyt20220316 --answers all "
    "--checkpoint runs/every6.json --status",
    "wordlelab every-first-word --guesses 4 --lists nyt20220316 --checkpoint runs/every4.json --status",
    # part 5's random sample, read from the committed ranking checkpoint
    "wordlelab best-start --lists nyt20220316 --answers all --workers 1 --cutoff 52897 "
    "--words aizle,undue,maned,slipt,amman,almas,sooky,loped,music,roods --checkpoint runs/rank-all-easy.json",
    "wordlelab solve --start salet --tree salet.tree",
    "wordlelab solve --start salet",
    "wordlelab solve --start tarse",
    "wordlelab solve --start salet --lists nyt20220316",
    "wordlelab solve --start salet --lists original",
    "wordlelab solve --start salet --lists nyt20220316 --tree salet.tree",
    "wordlelab solve --start salet --lists nyt20220316 --tie-break worst",
    "wordlelab verify salet.tree --lists nyt20220316",
    # the lower-bound certificate of SALET's 7897: made and checked in about 15 s, re-checked in about 10 s
    "wordlelab solve --start salet --lists nyt20220316 --certify salet.bound.gz",
    "wordlelab verify-bound salet.bound.gz --lists nyt20220316",
    # a ranking and a seed tree re-checked from runs/: a few seconds
    "wordlelab recheck runs --only rank-all-easy --only gumbo-bbbbb-seed",
    # THUMP's 113 class trees verified, and the ranking's exact total by its BBBBB class: about 15 s
    "wordlelab recheck runs --only thump7 --only thump-bbbbb",
    # docs/objectives.md: TRACE solved again under the frequency prior, its tree verified (about 10 s)
    "wordlelab recheck runs --only rank-freq-0830",
    "wordlelab recheck runs --only rank-freq-0701",
    "wordlelab hint salet.BBBYB --lists nyt20220316",
    "wordlelab best-start --state salet.BBBYB --lists nyt20220316 --top 3",
    # every class in the committed checkpoint: only the verifier runs (a few seconds), nothing is written
    "wordlelab solve --start thump --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/thump7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start thumb --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/thumb7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start chomp --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/chomp7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start blawn --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/blawn7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start gumbo --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/gumbo7.json "
    "--inputs runs/best7-hard.inputs.json",
    # a class ranked with --cutoff: a proven lower bound only (UNKNOWN), in about 15 s
    "wordlelab solve --start tupik --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/tupik7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start whomp --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/whomp7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start upbow --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/upbow7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start mujik --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/mujik7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start amban --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/amban7.json "
    "--inputs runs/best7-hard.inputs.json",
    "wordlelab solve --start impot --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/impot7.json "
    "--inputs runs/best7-hard.inputs.json",
    THUMP_BEST_OF_ALL,
    "wordlelab hint salet.BBBYB.drone.YBBBG --lists nyt20220316 --top 5",
    "wordlelab hint crane.BYBBB --mode hard",
    "wordlelab play --lists nyt20220316",
    "wordlelab tree-plot salet.tree --lists nyt20220316 -o salet-tree.png",
    "wordlelab verify ../shared/reference/salet.hard.nyt20220316.tree --lists nyt20220316 --mode hard",
    "wordlelab verify runs/trees7/thump.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab verify runs/trees7/chomp.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab verify runs/trees7/thumb.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab verify runs/trees7/whomp.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab verify runs/trees7/tupik.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab verify runs/trees7/blawn.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab verify runs/trees7/gumbo.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7",
    "wordlelab prove-depth --guesses 4 --start salet --lists nyt20220316",
    "wordlelab export-lp cover --pattern '?ills' --lists nyt20220316 --answers all -o ills.lp",
    "wordlelab export-lp tree --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth "
    "--encoding assignment -o ills5.lp",
    "wordlelab eldrow --target lower",
    "wordlelab eldrow --target lower --start crane --solver cpsat",
    "wordlelab eldrow --target lower --set node-limit=1000000",
    "wordlelab tree-model --pattern '?ight' --depth 3 --objective depth",
    "wordlelab tree-model --pattern '?ight' --depth 3 --without cuts,hint",
    "wordlelab perm numbers --n 8",
    "wordlelab perm numbers --n 4 --colors 2",
    "wordlelab perm numbers --n 5 --colors 3 --family excedances --z 2",
    "wordlelab perm play --n 2 --secret 21 --colors 2 --colouring 11 --strategy printed",
    "wordlelab perm lemma --n-max 4 --colors-max 3",
    "wordlelab perm multicolour --n 3 --colors 3",
    "wordlelab perm play --n 9 --secret 724853169",
    "wordlelab perm optimal --n 6 --tree perm6.json",
    "wordlelab perm optimal --n 6 --depth-first --checkpoint perm6.log",
    "wordlelab perm progress --n 6 --checkpoint perm6.log",
    "wordlelab perm optimal --n 5 --history 12345:GBBBB --consistent-only",
    "wordlelab perm conjecture --n-max 6",
    "wordlelab perm consistency --n-max 5",
    "wordlelab perm numbers --n 5 --colors 3 --family sums",
    "wordlelab perm consistency --n-max 6",
    "wordlelab perm model --n 4 --solver cbc --export perm4.lp",
    "wordlelab blindfold --lists nyt20220316 --check-proof blind5.json",
}

# Shown command -> a fast variant run in its place (the shown one runs with -m slow).
# a.txt / g.txt / w.txt are small lists the test writes (see _small_lists).
FAST_VARIANT = {
    # docs/results/index.md: every core of every4.json decided again (1.8 h): a minute's budget of it
    "wordlelab recheck runs --only every4": "wordlelab recheck runs --only every4 --limit-seconds 20",
    # docs/objectives.md: the most answers within 4 on the original lists (minutes each), on 4-letter files
    "wordlelab solve --lists original --objective within:4 --start raced":
        "wordlelab solve --guesses g4.txt --answers a4.txt --objective within:3 --start sale",
    "wordlelab best-start --lists original --objective within:4 --words raced,tenor,salet --top 2":
        "wordlelab best-start --guesses g4.txt --answers a4.txt --objective within:2 --words sale,bake,card --top 2",
    # the five Mastermind first-guess classes ranked, 1123 exact and the rest bounded (minutes)
    "wordlelab best-start --lists mastermind:4x6 --words 1111,1112,1122,1123,1234 --top 1":
        "wordlelab best-start --lists mastermind:3x3 --words 111,112,123 --top 1",
    "wordlelab solve --lists mastermind:4x6 --start 1234 --max-guesses 8":
        "wordlelab solve --lists mastermind:3x3 --start 123 --max-guesses 8",
    "wordlelab every-first-word --guesses 3 --lists nyt20220316 --limit 20":
        "wordlelab every-first-word --guesses 3 --lists nyt20220316 --limit 2",
    # docs/games.md, words of 4 letters: SALE's tree (100 s) and the first words ranked (hours)
    "wordlelab solve --lists wordle4:mywordle --start sale --tree sale4.tree":
        "wordlelab solve --guesses g4.txt --answers a4.txt --start sale --tree sale4.tree",
    "wordlelab best-start --lists wordle4:mywordle --top 1 --checkpoint rank4.json":
        "wordlelab best-start --guesses g4.txt --answers a4.txt --top 1 --checkpoint rank4.json",
    # the session's cache is shared by every example: only its (unused) compiled modules are cleared;
    # tests/test_cache_cli.py clears every kind of a cache of its own
    "wordlelab cache clear hints rankings": "wordlelab cache clear aot",
    "wordlelab cache clear --yes": "wordlelab cache clear aot",
    # 20 minutes: one class of LANTS's 47-answer score stands in (the slow test runs the whole)
    "wordlelab solve --start lants --lists nyt20220316 --answers all --set memory=4":
        "wordlelab solve --state lants.BGBGG --lists nyt20220316 --answers all --set memory=4",
    # ranking every first word: 200 s
    "wordlelab best-start --lists nyt20220316 --top 5 --checkpoint rank.json":
        "wordlelab best-start --guesses g.txt --answers a.txt --top 5 --checkpoint rank.json",
    # needs a dask scheduler at tcp://scheduler:8786 (the slow test skips it)
    "wordlelab best-start --lists nyt20220316 --top 5 --checkpoint rank.json --set dask=tcp://scheduler:8786":
        "wordlelab best-start --guesses g.txt --answers a.txt --top 5 --checkpoint rank.json --set dask=local",
    # every first word bounded, SALET's tree and bound: half an hour and more
    "wordlelab certify-ranking best.bound.gz --lists nyt20220316 --best salet":
        "wordlelab certify-ranking best.bound.gz --guesses g.txt --answers a.txt",
    # any first word within 4: 10-11 min
    "wordlelab prove-depth --guesses 4 --lists nyt20220316":
        "wordlelab prove-depth --guesses 4 --guess-file g.txt --answers a.txt",
    "wordlelab prove-depth --guesses 4 --lists original":
        "wordlelab prove-depth --guesses 4 --guess-file g.txt --answers a.txt",
    # 12972 answers: 25-30 s, and about 60 s for the pure-Python checker's proof of the core
    "wordlelab prove-depth --guesses 6 --start salet --lists nyt20220316 --answers all":
        "wordlelab prove-depth --guesses 6 --start salet --lists nyt20220316 --answers a.txt",
    # builds the 14855 x 14855 matrix (220 MB, 5 s) that no other example uses
    "wordlelab export-lp cover --pattern '?ills' --answers all -o ills.lp":
        "wordlelab export-lp cover --pattern '?ills' --lists nyt20220316 --answers all -o ills.lp",
    # every endgame of 12972 answers: 15-30 s
    "wordlelab lower-bound --lists nyt20220316 --answers all --solver cpsat":
        "wordlelab lower-bound --lists nyt20220316 --answers all --solver cpsat --pattern '?ills'",
    # Eldrow over every target: 163 s (strict), 448 s (hard)
    "wordlelab eldrow --all --workers 2 --checkpoint eldrow.json":
        "wordlelab eldrow --all --workers 2 --checkpoint eldrow.json --words w.txt",
    "wordlelab eldrow --all --workers 2 --checkpoint eldrow.json --csv eldrow.csv":
        "wordlelab eldrow --all --workers 2 --checkpoint eldrow.json --csv eldrow.csv --words w.txt",
    "wordlelab eldrow --all --mode hard":
        "wordlelab eldrow --all --mode hard --words w.txt",
    # CP-SAT on ?ills (19 answers, 12972 guesses): 10-40 s and about 100 s
    "wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth "
    "--encoding assignment":
        "wordlelab tree-model --pattern '?ight' --depth 2 --objective depth --encoding assignment",
    "wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 6 --encoding assignment "
    "--time-limit 300":
        "wordlelab tree-model --pattern '?ight' --depth 4 --encoding assignment",
    # layered, 40 answers, HiGHS: about 10 s
    "wordlelab tree-model --sample 40/300:1 --depth 4 --solver highs --tree t.tree":
        "wordlelab tree-model --sample 20/300:1 --depth 4 --solver highs --tree t.tree",
    # fixed guesses over 2309 answers: the searches and the proofs take minutes to hours
    "wordlelab blindfold --lists nyt20220316":
        "wordlelab blindfold --lists nyt20220316 --sample 60 --pool 200 --time-limit 20",
    "wordlelab blindfold --lists nyt20220316 --k 6":
        "wordlelab blindfold --lists nyt20220316 --k 4 --sample 60 --pool 200",
    "wordlelab blindfold --lists nyt20220316 --k 5 --save blind5.json --save blind5.lp":
        "wordlelab blindfold --lists nyt20220316 --k 2 --sample 100 --pool 300 --search 1 "
        "--save blind5.json --save blind5.lp",
    "wordlelab blindfold --lists nyt20220316 --k 5 --proof letters --time-limit 36000 --checkpoint letters5.json":
        "wordlelab blindfold --lists nyt20220316 --k 2 --sample 100 --pool 300 --proof letters "
        "--time-limit 20 --checkpoint letters5.json",
    "wordlelab blindfold --lists nyt20220316 --k 4 --proof rows --save blind4.lp --time-limit 1800":
        "wordlelab blindfold --lists nyt20220316 --k 2 --sample 100 --pool 300 --proof rows "
        "--save blind4.lp --time-limit 20",
    "wordlelab blindfold --lists nyt20220316 --answers all --k 10 --search 2400:1 --time-limit 30":
        "wordlelab blindfold --lists nyt20220316 --answers all --sample 90 --pool 200 --k 4 --search 1:1 "
        "--time-limit 5",
    "wordlelab blindfold --lists nyt20220316 --answers all --k 7 --search 1":
        "wordlelab blindfold --lists nyt20220316 --answers all --sample 90 --pool 200 --k 1 --search 1",
    "wordlelab blindfold --lists nyt20220316 --answers all --search 900 --time-limit 60":
        "wordlelab blindfold --lists nyt20220316 --answers all --sample 60 --pool 200 --search 1 "
        "--time-limit 20",
    # two rows beside Selby's program, 3 runs each (his build included: about a minute); the
    # shortest row of the suite stands in
    'wordlelab bench --suite search --task "SALET 7897" --task "hard SALET 8099"':
        "wordlelab bench --suite search --task 'asked again'",
    # benchmark suites of minutes; the matrix suite (15-20 s) stands in, run once, with --csv
    # 17 s on a busy machine: half the answers, three fifths of the pool
    "wordlelab blindfold --sample 200 --pool 500 --proof rows --solver cbc":
        "wordlelab blindfold --sample 60 --pool 200 --proof rows --solver cbc",
    # the 12972 x 12972 rows: 30 s on a busy machine
    "wordlelab bench --suite matrix": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    "wordlelab bench --suite matrix --csv bench.csv": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    "wordlelab bench --suite heuristics": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    # n = 8: hours (see LONG_RUNS)
    "wordlelab perm optimal --n 8 --checkpoint perm8.log": "wordlelab perm optimal --n 6 --depth-first --checkpoint perm8.log",
    # every one of 12972 first words: days (see LONG_RUNS)
    "wordlelab every-first-word --guesses 6 --lists nyt20220316 --answers all --set memory=2 "
    "--checkpoint every6.json --trees trees6":
        "wordlelab every-first-word --guesses 4 --guess-file g.txt --answers a.txt "
        "--checkpoint every6.json --trees trees6",
    "wordlelab every-first-word --guesses 7 --mode hard --lists nyt20220316 --answers all --set memory=4 "
    "--node-limit 20000000 --workers 2 --checkpoint every7-hard.json --trees trees7":
        "wordlelab every-first-word --guesses 4 --mode hard --guess-file g.txt --answers a.txt "
        "--node-limit 20000000 --workers 2 --checkpoint every7-hard.json --trees trees7",
    # every next guess from a 1161-answer state, rounds and the winner's tree: about 2 minutes;
    # the same state with that guess given stands in
    "wordlelab prove-depth --guesses 7 --state thump.YBBBB --mode hard --lists nyt20220316 --answers all --any-tree":
        "wordlelab prove-depth --guesses 7 --state thump.YBBBB.croft --mode hard --lists nyt20220316 --answers all "
        "--any-tree",
    # one first word in hard mode with every word an answer: hours (see LONG_RUNS)
    "wordlelab solve --start thump --mode hard --max-guesses 7 --lists nyt20220316 --answers all --set memory=6 "
    "--workers 2 --checkpoint thump7.json":
        "wordlelab solve --start clock --mode hard --max-guesses 7 --guesses g.txt --answers a.txt "
        "--workers 2 --checkpoint thump7.json",
    # every greedy strategy over 2309 answers, with the optimum after each first word: about 45 s
    "wordlelab heuristics --lists nyt20220316":
        "wordlelab heuristics --guesses g.txt --answers a.txt",
    "wordlelab heuristics --lists nyt20220316 --mode hard --criterion most-parts --pool all":
        "wordlelab heuristics --guesses g.txt --answers a.txt --mode hard --criterion most-parts --pool all",
    "wordlelab heuristics --lists nyt20220316 --blog":
        "wordlelab heuristics --guesses g.txt --answers a.txt --blog",
    # the first analysis on a set of lists ranks every first guess with proof: about 4 min on 2 cores
    "wordlelab analyze salet.bybbb.handy.bygbg --lists nyt20220316":
        "wordlelab analyze clock.bbbbb.brown.bybbb --guesses g.txt --answers a.txt",
    # docs/players.md: each later move's best choice certified (the first guesses ranked once, minutes)
    "wordlelab analyze salet.bybbb.handy.bygbg --lists nyt20220316 --certify certs":
        "wordlelab analyze clock.bbbbb.brown.bybbb --guesses g.txt --answers a.txt --certify certs",
    # docs/objectives.md: every first word ranked under the frequency prior (22 min)
    "wordlelab best-start --lists nyt20220830 --objective weights:frequency --top 1 --checkpoint rank-freq-0830.json":
        "wordlelab best-start --guesses g.txt --answers a.txt --objective weights:frequency --top 1 "
        "--checkpoint rank-freq-0830.json",
    "wordlelab best-start --lists nyt20230701 --objective weights:frequency --top 1 --checkpoint rank-freq-0701.json":
        "wordlelab best-start --guesses g.txt --answers a.txt --objective weights:frequency --top 1 "
        "--checkpoint rank-freq-0701.json",
    # docs/results: TARSE's 11219 on the 3158 answers certified (about 4 min); the SALET one runs as shown
    "wordlelab solve --start tarse --lists nyt20230701 --certify tarse.bound.gz":
        "wordlelab solve --start salet --lists nyt20220316 --certify tarse.bound.gz",
    "wordlelab analyze crate.lions.focus --lists nyt20220316":
        "wordlelab analyze bloom.crime.brisk --guesses g.txt --answers a.txt",
    # every first word of 14855 ranked on the 3158 answers, or in hard mode: about an hour each
    "wordlelab best-start --lists nyt20230701 --top 10 --checkpoint rank-2023.json":
        "wordlelab best-start --guesses g.txt --answers a.txt --top 10 --checkpoint rank-2023.json",
    "wordlelab best-start --lists nyt20220830 --mode hard --top 10 --checkpoint rank-hard.json":
        "wordlelab best-start --guesses g.txt --answers a.txt --mode hard --top 10 --checkpoint rank-hard.json",
    # the 100 best first words exact: about 20 min on 2 cores
    "wordlelab best-start --lists nyt20220316 --exact 100 --checkpoint rank.json":
        "wordlelab best-start --guesses g.txt --answers a.txt --exact 5 --checkpoint rank.json",
    # every pair of 12972 words: the whole sweep is a long run
    "wordlelab best-pair --lists nyt20220316 --top 10 --checkpoint pairs.json":
        "wordlelab best-pair --guesses g.txt --answers a.txt --top 10 --checkpoint pairs.json",
    "wordlelab best-pair --lists nyt20220316 --top 3 --limit 40":
        "wordlelab best-pair --guesses g.txt --answers a.txt --top 3 --limit 40",
    # every score of SALET, each one's best next guesses proven: about 13 s
    "wordlelab hint salet --lists nyt20220316": "wordlelab hint clock --guesses g.txt --answers a.txt",
    "wordlelab hint salet": "wordlelab hint clock --guesses g.txt --answers a.txt",
    # the empty state ranks every first guess with proof the first time: about 4 min on 2 cores
    "wordlelab hint '' --lists nyt20220316": "wordlelab hint '' --guesses g.txt --answers a.txt",
    "wordlelab bench --suite search": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    # the speed page's run: about 45 minutes beside Selby's program; the shortest row stands in
    "wordlelab bench --suite search --csv speed-search.csv":
        "wordlelab bench --suite search --task 'asked again' --csv speed-search.csv",
    "wordlelab bench --suite blindfold": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    "wordlelab bench --suite eldrow": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    "wordlelab bench --suite eldrow-all": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    "wordlelab bench --suite perm": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    "wordlelab bench --suite trees": "wordlelab bench --suite matrix --task nyt20220830 --csv bench.csv",
    # every claim file of runs/, a minute at most each: about half an hour
    "wordlelab recheck runs --limit-seconds 60": "wordlelab recheck runs --only rank-all-easy --only gumbo-bbbbb-seed",
    # every core of a whole hard-mode sweep proven again by the pure-Python checker: hours; the
    # same on the small lists (a fresh sweep, each no's core checked twice)
    "wordlelab every-first-word --guesses 7 --mode hard --lists nyt20220316 --answers all --set memory=4 "
    "--workers 2 --checkpoint every7-hard.json --trees trees7 --recheck":
        "wordlelab every-first-word --guesses 4 --mode hard --guess-file g.txt --answers a.txt "
        "--workers 2 --checkpoint every7-hard.json --trees trees7 --recheck",
}

# Runs of hours, shown with the checkpoint they resume from: the slow test runs the shown command
# for the seconds given, stops it with Ctrl-C (exit 130, checkpoint kept), and runs it again from
# the checkpoint, which must grow. Each is also in FAST_VARIANT.
LONG_RUNS = {
    "wordlelab perm optimal --n 8 --checkpoint perm8.log": ("perm8.log", 120),
    "wordlelab every-first-word --guesses 6 --lists nyt20220316 --answers all --set memory=2 "
    "--checkpoint every6.json --trees trees6": ("every6.json", 300),
    "wordlelab every-first-word --guesses 7 --mode hard --lists nyt20220316 --answers all --set memory=4 "
    "--node-limit 20000000 --workers 2 --checkpoint every7-hard.json --trees trees7": ("every7-hard.json", 120),
    "wordlelab solve --start thump --mode hard --max-guesses 7 --lists nyt20220316 --answers all --set memory=6 "
    "--workers 2 --checkpoint thump7.json": ("thump7.json", 120),
}

# Commands named in headings and prose ("Eldrow (`wordlelab eldrow`, ...)"): they must exist.
NAMES = {
    "wordlelab",
    "wordlelab analyze",
    "wordlelab cache",
    "wordlelab prove-depth",
    "wordlelab solve",
    "wordlelab state",
    "wordlelab verify",
    "wordlelab verify-bound",
    "wordlelab certify-ranking",
    "wordlelab best-pair",
    "wordlelab best-start",
    "wordlelab hint",
    "wordlelab play",
    "wordlelab eldrow",
    "wordlelab heuristics",
    "wordlelab tree-model",
    "wordlelab blindfold",
    "wordlelab perm",
    "wordlelab perm progress",
    "wordlelab recheck",
}

# A command that reads a file an earlier example of the same place writes: that one runs first.
RUN_AFTER = {
    "wordlelab verify mm.tree --lists mastermind:4x6": "wordlelab solve --lists mastermind:4x6 --start 1123 --tree mm.tree",
    "wordlelab blindfold --lists nyt20220316 --check-proof blind5.json":
        "wordlelab blindfold --lists nyt20220316 --k 5 --save blind5.json --save blind5.lp",
    "wordlelab perm progress --n 6 --checkpoint perm6.log":
        "wordlelab perm optimal --n 6 --depth-first --checkpoint perm6.log",
    "wordlelab verify salet.tree --lists nyt20220316": "wordlelab solve --start salet --lists nyt20220316 --tree salet.tree",
    "wordlelab verify-bound salet.bound.gz --lists nyt20220316":
        "wordlelab solve --start salet --lists nyt20220316 --certify salet.bound.gz",
    "wordlelab tree-plot salet.tree --lists nyt20220316 -o salet-tree.png":
        "wordlelab solve --start salet --lists nyt20220316 --tree salet.tree",
}

# What the output must contain, where the docs state a result (a "no" still exits 0).
EXPECT_OUTPUT = {
    "wordlelab prove-depth --guesses 7 --mode hard --lists nyt20220316 --answers all --state impot.BBBBB --checkpoint runs/impot-bbbbb-depth.json --status":
        # written on another machine: the refutations are the file's claims (docs/trust.md)
        "after impot.BBBBB (3213 answers), of 12964 next guesses 12964 are refuted with a checked core",
    "wordlelab verify runs/trees7/thump.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab verify runs/trees7/chomp.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab verify runs/trees7/thumb.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab verify runs/trees7/whomp.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab verify runs/trees7/tupik.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab verify runs/trees7/blawn.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab verify runs/trees7/gumbo.tree --lists nyt20220316 --answers all --mode hard --max-guesses 7":
        "valid hard-mode tree for 12972 answers",
    "wordlelab prove-depth --guesses 4 --start salet --lists nyt20220316": "INFEASIBLE",
    "wordlelab every-first-word --guesses 4 --lists nyt20220316 --checkpoint runs/every4.json --status":
        # every first word decided: its status is the file's claims here, until --recheck re-checks the cores
        "of 12972 first words (easy mode, nyt20220316, 2309 answers), 0 find every answer within 4 guesses, "
        "12972 cannot",
    "wordlelab every-first-word --guesses 7 --mode hard --lists nyt20220316 --answers all "
    "--checkpoint runs/every7-hard.json --status":
        # written on another machine: the verdicts are the file's claims (docs/trust.md)
        "UNKNOWN: of 12972 first words (hard mode, nyt20220316+all, 12972 answers), 7 find every answer within 7 "
        "guesses, 12965 cannot",
    "wordlelab best-start --lists nyt20220316 --answers all --workers 1 --cutoff 52897 "
    "--words aizle,undue,maned,slipt,amman,almas,sooky,loped,music,roods --checkpoint runs/rank-all-easy.json":
        "every candidate of this partial ranking (--limit/--shard/--words) totals at least 52897",
    # part 4 is open: the committed checkpoint grows as the run goes on
    "wordlelab every-first-word --guesses 6 --lists nyt20220316 --answers all "
    "--checkpoint runs/every6.json --status": "of 12972 first words (easy mode, nyt20220316+all, 12972 answers)",
    # the hint's best three (wordlelab hint salet.BBBYB), found by the sweep from the state
    "wordlelab best-start --state salet.BBBYB --lists nyt20220316 --top 3": "best next guess drone, total 442",
    "wordlelab solve --start thump --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/thump7.json "
    "--inputs runs/best7-hard.inputs.json": "total 58715",
    "wordlelab solve --start thumb --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/thumb7.json "
    "--inputs runs/best7-hard.inputs.json": "total 58923",
    "wordlelab solve --start chomp --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/chomp7.json "
    "--inputs runs/best7-hard.inputs.json": "total 59724",
    "wordlelab solve --start blawn --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/blawn7.json "
    "--inputs runs/best7-hard.inputs.json": "total 59471",
    "wordlelab solve --start gumbo --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/gumbo7.json "
    "--inputs runs/best7-hard.inputs.json": "total 59766",
    "wordlelab solve --start tupik --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/tupik7.json "
    "--inputs runs/best7-hard.inputs.json": "total at least 58716",
    "wordlelab solve --start whomp --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/whomp7.json "
    "--inputs runs/best7-hard.inputs.json": "total at least 58716",
    "wordlelab solve --start upbow --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/upbow7.json "
    "--inputs runs/best7-hard.inputs.json": "total at least 59180",
    "wordlelab solve --start mujik --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/mujik7.json "
    "--inputs runs/best7-hard.inputs.json": "total at least 58716",
    "wordlelab solve --start amban --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/amban7.json "
    "--inputs runs/best7-hard.inputs.json": "total at least 58716",
    "wordlelab solve --start impot --mode hard --max-guesses 7 --lists nyt20220316 --answers all --checkpoint runs/impot7.json "
    "--inputs runs/best7-hard.inputs.json": "total at least 58716",
    THUMP_BEST_OF_ALL: "FEASIBLE: best first guess thump, total 58715",
    "wordlelab recheck runs --only thump7 --only thump-bbbbb": "113/113",
    "wordlelab prove-depth --guesses 7 --start salet --mode hard --lists nyt20220316 --answers all": "INFEASIBLE",
    "wordlelab blindfold --lists nyt20220316 --k 5 --save blind5.json --save blind5.lp":
        "PROVEN: no 5 guesses",
    "wordlelab blindfold --lists nyt20220316": "PROVEN: the least number of fixed guesses from the pool is 6",
    "wordlelab blindfold --lists nyt20220316 --answers all --k 7 --search 1": "PROVEN: no 7 guesses",
    "wordlelab blindfold --lists nyt20220316 --answers all --k 10 --search 2400:1 --time-limit 30":
        "PROVEN by the certificate: 10 <= 10 fixed guesses suffice",
    "wordlelab blindfold --lists nyt20220316 --check-proof blind5.json": "PROVEN: no",
    "wordlelab prove-depth --guesses 6 --start salet --lists nyt20220316 --answers all": "INFEASIBLE",
    "wordlelab prove-depth --guesses 4 --lists nyt20220316": "INFEASIBLE",
    "wordlelab prove-depth --guesses 4 --lists original": "INFEASIBLE",
    "wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 5 --objective depth "
    "--encoding assignment": "INFEASIBLE",
    "wordlelab tree-model --pattern '?ills' --lists nyt20220316 --answers all --depth 6 --encoding assignment "
    "--time-limit 300": "PROVEN: the least total within 6 guesses is 71",
}

# Option values that are checked although click takes any string: the benchmark suites.
def _suites():
    from wordlelab.bench import SUITES
    return SUITES


FREE_CHOICES = {("bench", "--suite"): _suites}

TIMEOUT = 600          # seconds, one fast run (they take 0.5-15 s)
SLOW_TIMEOUT = 4 * 3600


# ---------------------------------------------------------------------------------------
# Extraction

@dataclass(frozen=True)
class Example:
    place: str        # "README.md" or "wordlelab perm --help"
    text: str         # the command as shown, whitespace collapsed, comment dropped
    comment: str      # a trailing "# ..." comment (e.g. the expected output), or ""

    @property
    def tokens(self) -> list[str]:
        return shlex.split(self.text)


def _clean(raw: str) -> tuple[str, str]:
    raw = " ".join(raw.split())
    m = re.search(r"\s#\s*(.*)$", raw)
    comment = m.group(1).strip() if m else ""
    if m:
        raw = raw[:m.start()].strip()
    return raw, comment


def doc_pages() -> list[Path]:
    """README.md and the documentation site's pages, the run logs aside."""
    return [README] + sorted(p for p in DOCS.rglob("*.md") if LOGS not in p.parents)


def page_examples(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    place = page.relative_to(REPO).as_posix()
    found = []
    # fences may be indented (a code block inside a list item)
    blocks = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)
    for block in blocks.finditer(text):
        for line in block.group(1).splitlines():
            for part in re.split(r"&&|;", line):
                part, comment = _clean(part)
                if part.startswith("wordlelab "):
                    found.append(Example(place, part, comment))
    prose = blocks.sub("", text)
    for m in re.finditer(r"`([^`]+)`", prose):
        code, comment = _clean(m.group(1).replace("\\|", "|"))
        if code == "wordlelab" or code.startswith("wordlelab "):
            found.append(Example(place, code, comment))
    return found


def readme_examples() -> list[Example]:
    return [ex for page in doc_pages() for ex in page_examples(page)]


def walk_commands(cmd=cli, path=("wordlelab",)):
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name in sorted(cmd.commands):
            yield from walk_commands(cmd.commands[name], path + (name,))


def help_examples() -> list[Example]:
    found = []
    for path, cmd in walk_commands():
        for line in (cmd.epilog or "").splitlines():
            i = line.find("wordlelab ")
            if i >= 0:
                code, comment = _clean(line[i:])
                found.append(Example(" ".join(path) + " --help", code, comment))
    return found


def all_examples() -> list[Example]:
    seen, out = set(), []
    for ex in readme_examples() + help_examples():
        if (ex.place, ex.text) not in seen:
            seen.add((ex.place, ex.text))
            out.append(ex)
    return out


PLACEHOLDER = re.compile(r"(?:^|[/=])[A-Z][A-Z0-9_]*(?=$|[:/=])")   # NAME, F, tcp://SCHEDULER:8786


def is_template(tokens: list[str]) -> bool:
    return any(set("[]|()") & set(t) or "..." in t or PLACEHOLDER.search(t) for t in tokens[1:])


def resolve(words: list[str]):
    """The command a token list names (alternatives a|b of a subcommand: each of them), and the rest."""
    cmds, path, i = [cli], ["wordlelab"], 0
    while i < len(words) and all(isinstance(c, click.Group) for c in cmds):
        w = words[i].strip("()[]")
        if not w or w.startswith("-") or w == "..." or PLACEHOLDER.search(w):
            break
        subs = []
        for c in cmds:
            for alt in w.split("|"):
                assert alt in c.commands, f"{' '.join(path)} has no subcommand {alt!r}"
                subs.append(c.commands[alt])
        cmds, path, i = subs, path + [w], i + 1
    return cmds, path, words[i:]


EXAMPLES = all_examples()
TEMPLATES = [ex for ex in EXAMPLES if is_template(ex.tokens)]
CONCRETE = [ex for ex in EXAMPLES if not is_template(ex.tokens)]


def _id(ex: Example) -> str:
    return f"{ex.place}: {ex.text}"


# ---------------------------------------------------------------------------------------
# Classification and parsing (fast, nothing run)

def test_examples_are_found():
    places = {ex.place for ex in EXAMPLES}
    assert {"README.md", "docs/index.md", "docs/results/index.md", "wordlelab --help"} <= places, sorted(places)
    assert len(CONCRETE) >= 30 and len(TEMPLATES) >= 10, (len(CONCRETE), len(TEMPLATES))


def test_every_example_is_classified():
    shown = {ex.text for ex in CONCRETE}
    for ex in CONCRETE:
        tables = [ex.text in RUN_AS_SHOWN, ex.text in FAST_VARIANT, ex.text in NAMES]
        assert sum(tables) == 1, (
            f"new example in {ex.place}: {ex.text!r}. Add it to tests/test_examples.py: to RUN_AS_SHOWN "
            f"if it finishes in a few seconds, else to FAST_VARIANT with a fast variant of it (or to NAMES "
            f"if it only names a command)" if not any(tables) else f"{ex.text!r} is in more than one table")
    for table_name, table in [("RUN_AS_SHOWN", RUN_AS_SHOWN), ("FAST_VARIANT", FAST_VARIANT), ("NAMES", NAMES),
                              ("RUN_AFTER", RUN_AFTER), ("EXPECT_OUTPUT", EXPECT_OUTPUT), ("LONG_RUNS", LONG_RUNS)]:
        stale = set(table) - shown
        assert not stale, f"{table_name} lists commands no longer shown anywhere; remove them: {sorted(stale)}"
    assert set(LONG_RUNS) <= set(FAST_VARIANT), "a LONG_RUNS command needs a fast variant too"
    for before in RUN_AFTER.values():
        assert before in RUN_AS_SHOWN or before in FAST_VARIANT


@pytest.mark.parametrize("ex", TEMPLATES, ids=_id)
def test_syntax_summary_names_real_options(ex):
    cmds, path, rest = resolve(ex.tokens[1:])
    for i, tok in enumerate(rest):
        opt = tok.lstrip("([").rstrip(")]").split("=")[0]
        if not opt.startswith("-") or opt in ("-", "--"):
            continue
        value = rest[i + 1].lstrip("([").rstrip(")]") if i + 1 < len(rest) else ""
        for cmd in cmds:
            params = {o: p for p in cmd.params for o in p.opts + p.secondary_opts}
            assert opt in params, f"{' '.join(path)} has no option {opt} (shown in {ex.place}: {ex.text})"
            p = params[opt]
            choices = (p.type.choices if isinstance(p.type, click.Choice) else
                       FREE_CHOICES[cmd.name, opt]() if (cmd.name, opt) in FREE_CHOICES else None)
            if choices and value and not value.startswith("-") and not PLACEHOLDER.search(value) and value != "...":
                for alt in value.split("|"):
                    assert alt in choices, f"{' '.join(path)} {opt} has no choice {alt!r} ({ex.text})"


@pytest.mark.parametrize("ex", [ex for ex in CONCRETE if ex.text in NAMES], ids=_id)
def test_named_command_exists(ex):
    cmds, _, rest = resolve(ex.tokens[1:])
    assert not rest and cmds


def _parse(text: str):
    """click parses the command (types, choices, required options) without running it."""
    cmds, path, rest = resolve(shlex.split(text)[1:])
    assert len(cmds) == 1
    ctx = None
    node = cli
    for name in path[1:]:
        ctx = click.Context(node, info_name=node.name if ctx else "wordlelab", parent=ctx)
        node = node.commands[name]
    sub = node.make_context(path[-1], list(rest), parent=ctx)
    if isinstance(node, click.Group):
        assert not sub.protected_args and not sub.args, text
    for param in node.params:
        for opt in param.opts:
            if (node.name, opt) in FREE_CHOICES and sub.params[param.name]:
                values = sub.params[param.name]
                for v in values if isinstance(values, (tuple, list)) else [values]:
                    assert v in FREE_CHOICES[node.name, opt](), f"{text}: no {opt} {v!r}"
    return sub


@pytest.fixture
def in_example_dir(tmp_path_factory, monkeypatch):
    """Parsing tries output paths for writing (and may create output folders): not in the repo."""
    monkeypatch.chdir(_fresh_dir(tmp_path_factory, {}))


@pytest.mark.parametrize("ex", [ex for ex in CONCRETE if ex.text not in NAMES], ids=_id)
def test_shown_command_parses(ex, in_example_dir):
    if "../shared" in ex.text and not SHARED.is_dir():
        pytest.skip("../shared is absent")
    _parse(ex.text)


@pytest.mark.parametrize("variant", sorted(set(FAST_VARIANT.values())), ids=str)
def test_fast_variant_parses(variant, in_example_dir):
    _parse(variant)


# ---------------------------------------------------------------------------------------
# Running

def _small_lists() -> dict[str, str]:
    """a.txt: 58 answers of nyt20220316; g.txt: those and 130 more guesses; w.txt: 29 words for Eldrow;
    a4.txt, g4.txt: the same cut of wordle4:mywordle (50 answers; 72 more guesses, and SALE)."""
    from wordlelab.instances.wordlists import load_lists
    lists = load_lists("nyt20220316")
    answers = list(lists.answers[::40])
    guesses = sorted(set(answers) | set(lists.guesses[::100]))
    four = load_lists("wordle4:mywordle")
    answers4 = list(four.answers[::40])
    guesses4 = sorted(set(answers4) | set(four.guesses[::100]) | {"sale"})
    return {"a.txt": "\n".join(answers) + "\n", "g.txt": "\n".join(guesses) + "\n",
            "w.txt": "\n".join(answers[::2]) + "\n",
            "a4.txt": "\n".join(answers4) + "\n", "g4.txt": "\n".join(guesses4) + "\n"}


def _mirror_runs(target: Path, command: str = "") -> None:
    """A copy of the repository's runs/ at ``target`` that no command can write back through.

    Files are linked (a checkpoint is several MB), and the files ``command`` names are copied:
    a command may rewrite what it names (a resumed checkpoint), and the checkpoints are replaced
    atomically (os.replace), which swaps the link here and never touches the repository's file.
    Directories are made anew, so files a command adds (trees) land in the copy.
    """
    source = REPO / "runs"
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        there = target / rel
        if path.is_dir():
            there.mkdir(parents=True, exist_ok=True)
            continue
        there.parent.mkdir(parents=True, exist_ok=True)
        if rel.as_posix() in command:
            shutil.copyfile(path, there)
        else:
            there.symlink_to(path)


def _fresh_dir(tmp_path_factory, files: dict[str, str], command: str = "") -> Path:
    """<root>/work holding ``files``; <root>/shared links to ../shared, so "../shared/..." resolves,
    and work/runs mirrors the repository's runs/ (the certificates of long runs; _mirror_runs)."""
    root = tmp_path_factory.mktemp("example")
    if SHARED.is_dir():
        (root / "shared").symlink_to(SHARED, target_is_directory=True)
    d = root / "work"
    d.mkdir()
    _mirror_runs(d / "runs", command)
    for name, text in files.items():
        (d / name).write_text(text)
    return d


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    """Runs a command as a shell would, once, in a fresh directory of its own (_fresh_dir).

    A command in RUN_AFTER runs in the directory of the command it follows, after it.
    """
    exe = shutil.which("wordlelab")
    prefix = [exe] if exe else [sys.executable, "-m", "wordlelab"]
    env = dict(os.environ)          # conftest's WORDLELAB_CACHE: one matrix cache for the session
    env["COLUMNS"] = "120"
    small = _small_lists()
    dirs: dict[str, Path] = {}
    done: dict[str, subprocess.CompletedProcess] = {}

    def run(text: str, timeout: float = TIMEOUT, cache: Path | None = None) -> subprocess.CompletedProcess:
        if "../shared" in text and not SHARED.is_dir():
            pytest.skip("../shared is absent")
        if text not in done:
            if text in RUN_AFTER:
                # the command it follows runs as the fast tests run it: its fast variant, if it has one
                before = RUN_AFTER[text]
                run(FAST_VARIANT.get(before, before), timeout)
                dirs[text] = dirs[FAST_VARIANT.get(before, before)]
            else:
                dirs[text] = _fresh_dir(tmp_path_factory, small, text)
            cmd_env = env if cache is None else {**env, "WORDLELAB_CACHE": str(cache)}
            done[text] = subprocess.run(prefix + shlex.split(text)[1:], cwd=dirs[text], env=cmd_env,
                                        capture_output=True, text=True, timeout=timeout,
                                        stdin=subprocess.DEVNULL)   # play ends at end of input
        r = done[text]
        assert r.returncode == 0, f"{text!r} exited {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
        return r

    return run


def _stop_and_resume(shown: str, where: Path) -> None:
    """A long run as shown: stopped by Ctrl-C after a while, its checkpoint kept, and resumed."""
    import signal
    import time

    from ctrl_c import ctrl_c_reaches_children
    checkpoint, seconds = LONG_RUNS[shown]
    exe = shutil.which("wordlelab")
    prefix = [exe] if exe else [sys.executable, "-m", "wordlelab"]
    sizes = []
    for _ in range(2):
        with ctrl_c_reaches_children():
            p = subprocess.Popen(prefix + shlex.split(shown)[1:], cwd=where, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
        try:
            time.sleep(seconds)
            p.send_signal(signal.SIGINT)
            out, err = p.communicate(timeout=120)
        finally:
            if p.poll() is None:        # no answer to Ctrl-C: the test fails, and leaves no stray run
                p.kill()
                p.wait()
        assert p.returncode == 130, f"{shown!r} exited {p.returncode} on Ctrl-C\n{out[-2000:]}\n{err[-2000:]}"
        sizes.append((where / checkpoint).stat().st_size)
    assert sizes[1] > sizes[0] > 0, sizes


def _check_output(ex_text: str, comment: str, r: subprocess.CompletedProcess) -> None:
    if ex_text in EXPECT_OUTPUT:
        assert EXPECT_OUTPUT[ex_text] in r.stdout, r.stdout[-3000:]
    if re.fullmatch(r"[BGY]{5}", comment):          # "wordlelab pattern speed abide   # BBYBY"
        assert r.stdout.strip() == comment, r.stdout


# "wordlelab compile" runs in the cache of conftest's aot_build (the same worker, by its xdist
# group), where it finds the module built and keeps it: one ahead-of-time build per test run. That
# build is a C compile of every kernel (about 50 s), so it runs with -m slow (tests/test_kernels.py)
AOT_EXAMPLE = "wordlelab compile"


def _run_once() -> list:
    """The RUN_AS_SHOWN commands, each once however many places show it (with every place's comment).

    Why once: under xdist the runner's memo is per worker, so a command shown in README.md and in
    a ``--help`` would otherwise run on both workers.
    """
    by_text: dict[str, list[Example]] = {}
    for ex in CONCRETE:
        if ex.text in RUN_AS_SHOWN:
            by_text.setdefault(ex.text, []).append(ex)
    return [pytest.param(shown, id=f"{' + '.join(ex.place for ex in shown)}: {text}",
                         marks=[pytest.mark.xdist_group("aot"), pytest.mark.slow] if text == AOT_EXAMPLE else [])
            for text, shown in by_text.items()]


@pytest.mark.parametrize("shown", _run_once())
def test_example_runs_as_shown(shown, runner, request):
    text = shown[0].text
    cache = request.getfixturevalue("aot_build")[0] if text == AOT_EXAMPLE else None
    r = runner(text, cache=cache)
    for ex in shown:
        _check_output(text, ex.comment, r)


@pytest.mark.parametrize("variant", sorted(set(FAST_VARIANT.values()) - RUN_AS_SHOWN), ids=str)   # those run above
def test_fast_variant_runs(variant, runner):
    runner(variant)


@pytest.mark.slow
@pytest.mark.parametrize("shown", sorted(FAST_VARIANT), ids=str)
def test_slow_example_as_shown(shown, runner, tmp_path):
    if "tcp://" in shown:
        pytest.skip("needs a running dask scheduler; its fast variant runs it on --dask local")
    if shown in LONG_RUNS:
        _stop_and_resume(shown, tmp_path)
        return
    r = runner(shown, timeout=SLOW_TIMEOUT)
    _check_output(shown, "", r)


def runs_readme_commands() -> list[str]:
    """The commands in the code blocks of runs/README.md and of the run logs (docs/logs/): the long
    runs, shown to run from runs/."""
    found = []
    for page in [REPO / "runs" / "README.md", *sorted(LOGS.glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        # fences may be indented (a code block inside a list item)
        for block in re.finditer(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", text, re.S | re.M):
            for line in block.group(1).splitlines():
                part, _ = _clean(line)
                if part.startswith("wordlelab ") and part not in found:
                    found.append(part)
    return found


def test_runs_readme_has_commands():
    assert len(runs_readme_commands()) >= 30


@pytest.mark.parametrize("text", runs_readme_commands(), ids=str)
def test_runs_readme_command_parses(text, tmp_path, monkeypatch):
    """Each long run's command parses as shown, from a copy of runs/ (its files linked, so the
    checkpoints they resume exist; from its parent where the command names runs/...) with ../../shared where the shown paths look for the lists.
    (They run for hours: the README's fast re-checks of their results run in the tests above.)"""
    if "../shared" in text and not SHARED.is_dir():
        pytest.skip("../shared is absent")
    runs = tmp_path / "work" / "runs"
    if SHARED.is_dir():
        (tmp_path / "shared").symlink_to(SHARED, target_is_directory=True)
    _mirror_runs(runs)
    # a command naming runs/... is shown to run from the repository root
    monkeypatch.chdir(runs.parent if " runs/" in text else runs)
    _parse(text)


def test_mirrored_runs_keep_the_repository_files(tmp_path):
    """A command's checkpoint write lands in the mirror, never in the repository's runs/."""
    named = "every7-hard.json"
    _mirror_runs(tmp_path / "runs", f"wordlelab prove-depth --checkpoint runs/{named} --status")
    copied, linked = tmp_path / "runs" / named, tmp_path / "runs" / "thump7.json"
    assert copied.is_file() and not copied.is_symlink()
    assert linked.is_symlink() and linked.resolve() == REPO / "runs" / "thump7.json"
    before = (REPO / "runs" / "thump7.json").stat().st_mtime_ns
    spare = tmp_path / "runs" / "spare"
    spare.write_text("{}")
    os.replace(spare, linked)            # as solvers/runtime/checkpoint.py saves a checkpoint
    assert (REPO / "runs" / "thump7.json").stat().st_mtime_ns == before
    assert not (tmp_path / "runs" / "trees7").is_symlink()
