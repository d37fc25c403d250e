"""Shortcuts taken on the decider's hot path give the answers of the long way round.

Each test pits a shortcut against the computation it replaces, on generated texts: a pre-test
must pass whenever its pattern matches, a rewritten pattern must match what the old one did, and
a verbatim claim must get from the order and subject checks the answer they would compute.
"""

from __future__ import annotations

import dataclasses
import random
import re

from fireweed.decider import firewall as fw
from fireweed.decider import lexicon as lx
from fireweed.decider import name_spans as ns
from fireweed.decider import order_preserved as op
from fireweed.decider import subject_grounded as sg
from fireweed.decider import text as tx

_PIECES = [
    "Ada", "Lee", "ada", "O'Neil", "Ruiz-Okafor", "Acme's", "can't", "4,500", "3.2.1", "07:52", "7pm",
    "9 am", "2 p.m.", "10:30", "May", "March 2024", "2024-05-03", "twenty-one", "a dozen", "half",
    "joined", "by", "was hired", "her", "him", "not", "no", ",", ";", ".", "-", "'", '"', "\u00e9",
    "\u0663", "\u00b2", "_", "Dr.", "St", "No.", "Zo\u00eb", "\u2019s", "\u00a0", "\t", "\n", "  ",
]


def _texts(n: int = 3000, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice([" ", "", " "]) + rnd.choice(_PIECES) for _ in range(rnd.randint(1, 9)))
            for _ in range(n)]


TEXTS = _texts()


def test_time_pre_test_passes_whenever_the_time_pattern_matches() -> None:
    for text in TEXTS + ["at 7pm", "07:52", "2 P.M.", "9\tam", "1:05:07", "x 12a.m."]:
        folded = tx.fold(text)
        if tx._TIME_RE.search(folded):
            assert tx._TIME_HINT_RE.search(folded), text


def test_month_prefix_pattern_is_the_substring_test() -> None:
    for text in TEXTS:
        assert bool(tx._MONTH_PREFIX_RE.search(text)) == any(m in text for m in tx._MONTH_PREFIXES)


def test_word_pattern_matches_what_the_per_character_pattern_did() -> None:
    old = re.compile(r"\w(?:\w|[-'](?=\w)|(?<=\d)[.,:](?=\d))*")
    rnd = random.Random(11)
    alphabet = list("aZ9_-'.,: \u00e9\u0301\u0663\u00b2x1")
    for _ in range(20000):
        s = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 14)))
        assert [m.span() for m in tx._TOKEN_RE.finditer(s)] == [m.span() for m in old.finditer(s)], s


def test_number_word_pre_test_is_the_word_stream_test() -> None:
    for text in TEXTS:
        toks = tx.tokenize(text)
        parts = [p for t in toks if not t.has_digit for p in t.norm.split("-")]
        stream = [w for w, _, _ in tx._word_stream(toks)]
        assert tx._NUMBER_WORD_TRIGGERS.isdisjoint(parts) == tx._NUMBER_WORD_TRIGGERS.isdisjoint(stream)


def test_whitespace_collapse_is_the_regex_one() -> None:
    spaces = "".join(chr(c) for c in range(0x3100) if chr(c).isspace())
    for text in TEXTS + [spaces + "a" + spaces + "b" + spaces]:
        assert fw._collapse(text) == re.sub(r"\s+", " ", text).strip()


def test_plain_name_words_are_their_own_tokens() -> None:
    rnd = random.Random(3)
    letters = list("aZ\u00e9\u01c51\u0663\u00b2_") + ["Dr", "St", "No", "Co"]
    for _ in range(20000):
        name = " ".join("".join(rnd.choice(letters) for _ in range(rnd.randint(1, 5)))
                        for _ in range(rnd.randint(1, 3)))
        assert ns._token_texts.__wrapped__(name) == tuple(t.text for t in lx.tokenize(name)), name


def test_a_verbatim_claim_neither_transposes_nor_rebinds_itself() -> None:
    for text in TEXTS + ["Acme hired Ada Lee.", "Ada Lee was hired by Acme.", "Ada's son lives with her."]:
        a = tx.analyze(text)
        twin = dataclasses.replace(a)  # equal, but not the same object: the long way round
        assert op._transposition(a, twin, (op._post_pairs(a), op._post_pairs(twin))) is None, text
        assert sg._subject_binding(a, twin) is None, text
        assert op._transposition(a, a, None) is None and sg.subject_binding(a, a) is None
