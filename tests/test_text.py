"""Tests for fireweed.decider.text: the shared tokeniser, stemmer, names and numerals."""

from __future__ import annotations

import doctest
import importlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireweed.decider.lexicon import stem as lexicon_stem
from fireweed.decider import text as T
from fireweed.decider.text import (
    _Spans,
    analyze,
    fold,
    name_spans,
    normalize,
    numeral_grounded,
    parse_numerals,
    sentences,
    stem,
    subject_of,
    tokenize,
)

# --------------------------------------------------------------------------------------------
# normalisation and tokens
# --------------------------------------------------------------------------------------------


def test_fold_keeps_length_and_maps_typography() -> None:
    src = "O\u2019Neil \u2014 \u201cquoted\u201d\u00a0text \u2013 end"
    out = fold(src)
    assert len(out) == len(src)
    assert out == "O'Neil - \"quoted\" text - end"


def test_normalize_casefolds_and_collapses() -> None:
    assert normalize("  Hello\u00a0\u00a0WORLD \n") == "hello world"
    assert normalize("Keep Case", casefold=False) == "Keep Case"
    assert normalize(None) == ""  # type: ignore[arg-type]


def test_tokenize_offsets_and_norms() -> None:
    text = "Dr. Ivy O\u2019Hara-Nkemelu's 4,500-seat arena isn't open."
    toks = tokenize(text)
    for t in toks:
        assert text[t.start:t.end] == t.text
    norms = [t.norm for t in toks]
    assert norms == ["dr", "ivy", "o'hara-nkemelu", "4,500-seat", "arena", "is", "not", "open"]
    assert toks[2].possessive and toks[2].capitalized
    assert toks[0].sentence_initial and not toks[1].sentence_initial


@pytest.mark.parametrize(
    ("word", "expanded"),
    [
        ("can't", ["can", "not"]),
        ("cannot", ["can", "not"]),
        ("won't", ["will", "not"]),
        ("didn't", ["did", "not"]),
        ("they're", ["they", "are"]),
        ("she's", ["she", "is"]),
    ],
)
def test_contractions_expand(word: str, expanded: list[str]) -> None:
    assert [t.norm for t in tokenize(word)] == expanded


def test_accents_are_folded_in_norm_but_not_in_text() -> None:
    (tok,) = tokenize("Zo\u00eb")
    assert tok.text == "Zo\u00eb" and tok.norm == "zoe"


def test_sentences_respect_abbreviations() -> None:
    t = "Mr. Abel Frost arrived at 9 a.m. on Monday. He left. Then Prof. Kay spoke!"
    parts = [t[s:e] for s, e in sentences(t)]
    assert parts[0].startswith("Mr. Abel Frost arrived")
    assert parts[-1] == "Then Prof. Kay spoke!"


# --------------------------------------------------------------------------------------------
# stemmer
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "group",
    [
        ("joined", "joins", "joining", "join"),
        ("manages", "managed", "manager", "managing", "manage"),
        ("migrated", "migrates", "migrating", "migrate"),
        ("running", "runs", "ran", "run"),
        ("wrote", "written", "writes", "writing", "write"),
        ("leads", "leading", "led", "lead"),
        ("showed", "shown", "shows", "show"),
        ("studies", "studied", "studying", "study"),
        ("bought", "buys", "buying", "buy"),
        ("stopped", "stops", "stopping", "stop"),
        ("used", "uses", "using", "use"),
        ("children", "child"),
        ("boxes", "box"),
        ("flowers", "flower"),
        ("counters", "countered", "counter"),
    ],
)
def test_stem_conflates_inflections(group: tuple[str, ...]) -> None:
    assert len({stem(w) for w in group}) == 1, {w: stem(w) for w in group}


@pytest.mark.parametrize(("a", "b"), [("join", "joint"), ("biggest", "big"), ("use", "us"), ("red", "read")])
def test_stem_keeps_different_words_apart(a: str, b: str) -> None:
    assert stem(a) != stem(b)


@pytest.mark.parametrize(("a", "b"), [("flower", "flow"), ("shower", "show"), ("counter", "count"), ("banner", "ban")])
def test_both_stemmers_keep_a_plain_er_noun_apart_from_the_shorter_word(a: str, b: str) -> None:
    assert stem(a) != stem(b)
    assert lexicon_stem(a) != lexicon_stem(b)


@pytest.mark.parametrize(("a", "b"), [("manager", "manage"), ("players", "play"), ("flowers", "flower")])
def test_both_stemmers_still_meet_an_agent_and_its_verb(a: str, b: str) -> None:
    assert stem(a) == stem(b)
    assert lexicon_stem(a) == lexicon_stem(b)


def test_stem_is_total() -> None:
    assert stem("") == ""
    assert stem(None) == ""  # type: ignore[arg-type]
    assert stem("Été") == stem("ete")


# --------------------------------------------------------------------------------------------
# names
# --------------------------------------------------------------------------------------------


def test_name_spans_basic() -> None:
    spans = name_spans("In 2019, Prof. Ada Lovelace-King joined the Halberd Trust.")
    assert [s.text for s in spans] == ["Prof. Ada Lovelace-King", "Halberd Trust"]
    assert spans[0].key == ("ada", "lovelace-king")  # title dropped from the key


def test_name_spans_sentence_initial_function_words_and_possessives() -> None:
    spans = name_spans("The Lark Street Choir's concert moved to Tuesday because Ben van Dijk was ill.")
    assert [(s.text, s.possessive) for s in spans] == [
        ("Lark Street Choir", True),
        ("Ben van Dijk", False),
    ]


def test_name_spans_mid_sentence_article_and_ampersand() -> None:
    spans = name_spans("She sold it to The Copper Kettle and to Marsh & Daughters.")
    assert [s.text for s in spans] == ["The Copper Kettle", "Marsh & Daughters"]
    assert spans[0].key == ("copper", "kettle")


def test_name_spans_exclude_months_numbers_and_initial_capital_words() -> None:
    spans = name_spans("Two T-shirts were sold in June. Seven staff left on Friday.")
    assert spans == []


def test_single_sentence_initial_word_is_ambiguous() -> None:
    (span,) = name_spans("Rusty pipes cost money.")
    assert span.ambiguous


# --------------------------------------------------------------------------------------------
# numerals
# --------------------------------------------------------------------------------------------


def kinds_values(text: str) -> list[tuple[str, object]]:
    return [(n.kind, n.value) for n in parse_numerals(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4,500", [("number", 4500)]),
        ("4500", [("number", 4500)]),
        ("8.4 kg", [("number", 8.4)]),
        ("$4,500", [("money", 4500)]),
        ("£1.2 million", [("money", 1_200_000)]),
        ("EUR 52,000", [("money", 52000)]),
        ("300 dollars", [("money", 300)]),
        ("12%", [("percent", 12)]),
        ("12 per cent", [("percent", 12)]),
        ("twelve percent", [("percent", 12)]),
        ("3rd", [("ordinal", 3)]),
        ("the fourth-year students", [("ordinal", 4)]),
        ("14 September 2023", [("date", (2023, 9, 14))]),
        ("September 14, 2023", [("date", (2023, 9, 14))]),
        ("30 June", [("date", (None, 6, 30))]),
        ("June 2024", [("date", (2024, 6, None))]),
        ("in August", [("date", (None, 8, None))]),
        ("2023-09-14", [("date", (2023, 9, 14))]),
        ("07:52", [("time", (7, 52))]),
        ("3pm", [("time", (15, 0))]),
        ("half past nine", [("time", (9, 30))]),
        ("a quarter to 10", [("time", (9, 45))]),
        ("ten minutes to 6 pm", [("time", (17, 50))]),
        ("twenty-five past 3.", [("time", (3, 25))]),
        ("ten to twelve people", [("number", 10), ("number", 12)]),
        ("by midnight, or at 12 noon", [("time", (0, 0)), ("time", (12, 0))]),
        ("the Midnight Express", []),
        ("ten past 12 months", [("number", 10), ("number", 12)]),
        ("version 3.2.1", [("version", (3, 2, 1))]),
        ("UN1234", [("code", "un1234")]),
        ("three", [("number", 3)]),
        ("twenty-one", [("number", 21)]),
        ("a dozen", [("number", 12)]),
        ("half a dozen", [("number", 6)]),
        ("half", [("number", 0.5)]),
        ("two and a half", [("number", 2.5)]),
        ("one hundred and five", [("number", 105)]),
        ("twice daily", [("times", 2)]),
        ("once a week", [("times", 1)]),
        ("-5°C", [("number", -5)]),
        ("2024-25", [("number", 2024), ("number", 25)]),
    ],
)
def test_parse_numerals(text: str, expected: list[tuple[str, object]]) -> None:
    assert kinds_values(text) == expected


@pytest.mark.parametrize(
    "text",
    ["no one came", "the only one", "she may come", "once the work ends", "a second later"],
)
def test_number_homographs_are_not_numbers(text: str) -> None:
    assert parse_numerals(text) == []


@pytest.mark.parametrize(
    ("claim", "evidence", "grounded"),
    [
        ("4500", "$4,500", True),
        ("$4,500", "USD 4,500", True),
        ("£4,500", "$4,500", False),
        ("$4,800", "$4,500", False),
        ("12%", "12", False),
        ("12", "12%", False),  # a share is no count: "31 per cent of patients" is not "31 patients"
        ("30 June", "30 June 2024", True),
        ("30 June 2025", "30 June 2024", False),
        ("2024", "30 June 2024", True),
        ("three", "3", True),
        ("third", "3rd", True),
        ("twice", "once", False),
        ("3.2.1", "3.2.2", False),
        ("07:52", "7:52", True),
        ("15:00", "3pm", True),
    ],
)
def test_numeral_grounded(claim: str, evidence: str, grounded: bool) -> None:
    (c,) = parse_numerals(claim)
    assert numeral_grounded(c, parse_numerals(evidence)) is grounded


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1000, max_value=10**9))
def test_thousands_separator_is_value_equal(n: int) -> None:
    with_commas = parse_numerals(f"{n:,}")
    plain = parse_numerals(str(n))
    assert [x.value for x in with_commas] == [x.value for x in plain] == [n]


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=10**7), st.integers(min_value=1, max_value=10**7))
def test_money_grounded_iff_same_amount(a: int, b: int) -> None:
    (c,) = parse_numerals(f"${a:,}")
    assert numeral_grounded(c, parse_numerals(f"paid ${b:,} in cash")) is (a == b)


# --------------------------------------------------------------------------------------------
# subjects and analysis
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "kind", "text"),
    [
        ("Odile Brant sold the barn.", "name", "Odile Brant"),
        ("In 2019, Odile Brant sold the barn.", "name", "Odile Brant"),
        ("Because prices fell, Odile Brant sold the barn.", "name", "Odile Brant"),
        ("On 3 May the mill closed.", "noun", "mill"),
        ("He sold the barn.", "pronoun", "He"),
        ("Her barn was sold.", "pronoun", "Her"),
        ("The surveyor inspected the barn.", "noun", "surveyor"),
        ("Odile Brant's agent sold the barn.", "name", "Odile Brant"),
        # a sentence-initial -ing word before a lowercase one opens a phrase, not a name
        ("Setting a club record, Efua Linwood won the race.", "name", "Efua Linwood"),
        ("Sterling Bank hired Ada Obi.", "name", "Sterling Bank"),
    ],
)
def test_subject_of(claim: str, kind: str, text: str) -> None:
    subj = subject_of(claim)
    assert subj is not None and (subj.kind, subj.text) == (kind, text)


def test_analyze_is_total_and_consistent() -> None:
    a = analyze("Ada Lee paid \u00a34,500 on 2 May.")
    assert len(a.tokens) == len(a.clauses) == len(a.in_numeral) == len(a.keys) == len(a.stems)
    assert a.names[0].text == "Ada Lee"
    assert [n.kind for n in a.numerals] == ["money", "date"]
    empty = analyze(None)  # type: ignore[arg-type]
    assert empty.tokens == () and empty.numerals == ()


def test_word_lists_are_general_english() -> None:
    for words in (T.PRONOUNS, T.NEGATIONS, T.MODALS, T.ARTICLES):
        assert all(w.isalpha() and w == w.lower() for w in words)
    assert {"not", "no", "never"} <= T.NEGATIONS
    assert T.is_stopword("The") and not T.is_stopword("boiler")


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=300))
def test_text_functions_never_raise_and_offsets_hold(s: str) -> None:
    toks = tokenize(s)
    for t in toks:
        assert s[t.start:t.end] == t.text
    for span in name_spans(s):
        assert 0 <= span.start <= span.end <= len(s)
    for num in parse_numerals(s):
        assert 0 <= num.start <= num.end <= len(s)
    sentences(s)
    subject_of(s)
    analyze(s)
    normalize(s)


@pytest.mark.parametrize(
    "module",
    [
        "fireweed.decider.text",
        "fireweed.decider.verdicts",
        "fireweed.decider.subject_grounded",
        "fireweed.decider.order_preserved",
        "fireweed.decider.numerals_grounded",
        "fireweed.decider.predicate_grounded",
        "fireweed.decider.write_gate",
        "fireweed.decider.firewall",
    ],
)
def test_docstring_examples_hold(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_a_prefix_on_an_irregular_verb_keeps_the_verb():
    from fireweed.decider import lexicon, text

    for a, b in (("rewrote", "rewrite"), ("rewritten", "rewrites"), ("undertook", "undertake"), ("withdrew", "withdraw")):
        assert text.stem(a) == text.stem(b) and lexicon.stem(a) == lexicon.stem(b), (a, b)
    assert text.stem("rested") != text.stem("rewrote")  # the control: a plain word is left alone
    assert text.stem("rested") == text.stem("rest")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 200), st.integers(0, 30)), max_size=40),
       st.integers(0, 230), st.integers(0, 40))
def test_the_span_index_answers_overlaps_as_a_scan_of_every_span_would(spans: list[tuple[int, int]], s: int, width: int) -> None:
    # The index looks only near the asked span (the parsers ask it once per token and numeral,
    # which scanning every span made quadratic); it must still find what a scan finds.
    index = _Spans()
    for start, length in spans:
        index.append((start, start + length))
    e = s + width
    assert index.overlaps(s, e) == any(s < b and a < e for a, b in ((a, a + n) for a, n in spans))


def test_verbs_ending_in_ee_keep_one_stem_across_their_forms() -> None:
    from fireweed.decider.text import stem

    for forms in (("agree", "agrees", "agreed", "agreeing"), ("guarantee", "guaranteed", "guarantees"),
                  ("proceed", "proceeds", "proceeded", "proceeding"), ("succeed", "succeeds", "succeeded"),
                  ("free", "freed", "frees")):
        assert len({stem(f) for f in forms}) == 1, [stem(f) for f in forms]
    # a four-letter word in -eed is its own word, not a past of "see", "fee" or "nee"
    assert len({stem(w) for w in ("seed", "see", "feed", "fee", "need")}) == 5


def test_a_short_word_that_ends_doubled_keeps_its_double_in_every_form() -> None:
    # "added" is "add" + ed, as "adds" is "add" + s; "stopped" is "stop" + ed
    assert stem("added") == stem("adding") == stem("adds") == "add"
    assert stem("erred") == stem("errs") == "err" and stem("egged") == "egg"
    assert stem("stopped") == stem("stopping") == stem("stops") == "stop"
    assert stem("planned") == "plan" and stem("fitted") == "fit"
    from fireweed.decider.write_gate import judge
    assert judge("Quillstack 4.2.0 added support for PDF export.", "Quillstack 4.2.0 adds support for PDF export.").ok
    assert not judge("Quillstack 4.2.0 dropped support for PDF export.", "Quillstack 4.2.0 adds support for PDF export.").ok
