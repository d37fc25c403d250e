"""The decider's fast paths skip a regex scan only when the scan cannot match.

Several hot functions test for a literal before running a pattern (the firewall's instruction,
placeholder, hedge and markup checks; the date and time parsers). These tests check, on many
generated texts, that every time a pattern does match, its pre-test passes, so a skipped scan
never changes a result; they fail if a pattern is edited without its pre-test.
"""

from __future__ import annotations

import random

import pytest

from fireweed.decider import firewall as fw
from fireweed.decider import text as tx

_FRAGMENTS = [
    "ignore", "Disregard all", "previous", "your", "system", "prompt", "instructions", "rules",
    "You must", "you are now", "from now on", "henceforth you", "as an AI", "as a language model",
    "pretend to be", "act as", "Role-play that you", "always respond", "please reveal the",
    "do not tell", "remember to", "assistant:", "[INST]", "<|im_start|>", "<<SYS>>",
    "the model's training", "new instructions:", "jail break", "prompt injection",
    "do anything now", "developer mode", "TODO", "lorem ipsum", "{{ name }}", "${var}",
    "[insert name]", "<your claim>", "<name>", "insert the fact here", "maybe", "I think",
    "I'm not sure", "speculating", "may", "May 2024", "may not", "or something", "AFAIK",
    "**bold**", "*", "__x__", "~~", "`code`", "[a](b)", "# ", "> ", "<b>", "</b>", "<!-- c -->",
    "'", '"', "\u201c", "\u201d", "Jan", "March", "2024-05-03", "3 May", "on May", "10:30", "9 am",
    "3PM", "7.30", "$4,500", "Ada Lee", "Acme's", "he", "said", "\u0131", "\u212a", "\u017f",
    "\u00e9", "\u00a0", "\u2014", "\t", "\n", ".", ",", ":", "?", "-",
]


def _texts(n: int = 4000) -> list[str]:
    rnd = random.Random(20261130)
    out = []
    for _ in range(n):
        words = []
        for _ in range(rnd.randint(1, 8)):
            w = rnd.choice(_FRAGMENTS)
            r = rnd.random()
            words.append(w.upper() if r < 0.15 else w.capitalize() if r < 0.3 else w)
        out.append(" " * rnd.randint(0, 2) + rnd.choice([" ", "", ", "]).join(words))
    return out


TEXTS = _texts()


def test_instruction_gates_pass_whenever_a_pattern_matches() -> None:
    checked = 0
    for text in TEXTS:
        masked = fw._mask_reported_quotes(text)
        if not masked.isascii():
            continue
        low = masked.lower()
        for pattern, gate in fw._GATED_INSTRUCTION_PATTERNS:
            if pattern.search(masked):
                checked += 1
                assert all(any(n in low for n in group) for group in gate), (pattern.pattern, text)
    assert checked > 500


def test_reported_quote_mask_needs_an_opening_quote() -> None:
    for text in TEXTS:
        if fw._QUOTED.search(text):
            assert any(q in text for q in fw._OPENING_QUOTES), text


def test_placeholder_gate_passes_whenever_a_pattern_matches() -> None:
    for text in TEXTS:
        if text.isascii() and any(p.search(text) for p in fw._PLACEHOLDER_PATTERNS):
            low = text.lower()
            assert any(n in low for n in fw._PLACEHOLDER_NEEDLES) or low.lstrip().startswith(
                fw._PLACEHOLDER_PREFIXES
            ), text


def test_hedge_gate_passes_whenever_the_pattern_matches() -> None:
    for text in TEXTS:
        folded = tx.fold(text)
        if folded.isascii() and fw._HEDGE_RE.search(folded):
            low = folded.lower()
            assert "speculat" in low or not fw._HEDGE_FIRST_WORDS.isdisjoint(
                fw._WORD_RUN_RE.findall(low)
            ), text


@pytest.mark.parametrize(
    ("pattern", "chars"),
    [
        (fw._HTML_COMMENT_RE, "<"),
        (fw._HTML_TAG_RE, "<"),
        (fw._MD_LINK_RE, "["),
        (fw._MD_CODE_RE, "`"),
        (fw._MD_EMPHASIS_RE, "*_~"),
        (fw._STRAY_MARK_RE, "*`~"),
    ],
)
def test_markup_substitutions_need_their_character(pattern, chars) -> None:
    for text in TEXTS:
        if pattern.search(text):
            assert any(c in text for c in chars), (pattern.pattern, text)


def test_date_and_time_gates_pass_whenever_a_pattern_matches() -> None:
    for text in TEXTS:
        folded = tx.fold(text)
        if tx._DATE_PATTERNS[0].search(folded):
            assert "-" in folded
        if any(p.search(folded) for p in tx._DATE_PATTERNS[1:]):
            assert any(m in folded for m in tx._MONTH_PREFIXES), text
        if tx._TIME_RE.search(folded):
            assert ":" in folded or "m" in folded or "M" in folded, text


def test_fold_of_ascii_is_the_identity() -> None:
    assert all(k > 127 for k in tx._FOLD_TABLE)  # maketrans keys are code points
    for text in TEXTS:
        assert tx.fold(text) == text.translate(tx._FOLD_TABLE)


def test_control_stripping_matches_the_category_rule() -> None:
    import unicodedata

    for text in TEXTS + ["a\x00b\x7fc\td\ne\x1f", "x\u200by\u00adz"]:
        expected = "".join(
            ch for ch in text if ch in "\t\n" or unicodedata.category(ch) not in ("Cc", "Cf")
        )
        assert fw._strip_controls(text) == expected
