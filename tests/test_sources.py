"""Source parts, salted leaves, evidence location and coverage."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireweed.ledger_writer.sources import (
    SALT_BYTES,
    Part,
    leaf_input,
    locate_evidence,
    make_leaves,
    new_salt,
    parts_covering,
    split_parts,
)
from fireweed.shared import merkle


def texts(source: str) -> list[str]:
    return [p.text for p in split_parts(source)]


# ---------------------------------------------------------------- splitting


def test_simple_split() -> None:
    assert texts("Priya joined Acme. Marcus left! Why? Nobody knows.") == [
        "Priya joined Acme. ",
        "Marcus left! ",
        "Why? ",
        "Nobody knows.",
    ]


@pytest.mark.parametrize(
    "source",
    [
        "Dr. Priya Raman joined Acme in 2019.",
        "Mr. and Mrs. Webb met Prof. Ng at St. Mary's.",
        "Tools, e.g. Python or Rust, are used.",
        "Tools, i.e. Python, are used.",
        "Revenue grew 3.5 percent to $4.2 million.",
        "J. R. R. Tolkien wrote it.",
        "Priya R. Raman is the CTO.",
        "They met at 3 p.m. yesterday.",
        "She works in the U.S. Embassy.",
        "See No. 5 for details.",
        "Acme Inc. announced layoffs.",
        "Version 2.0.1 shipped.",
    ],
)
def test_abbreviations_do_not_split(source: str) -> None:
    assert texts(source) == [source]


@pytest.mark.parametrize(
    "source, expected",
    [
        ("He lives in Washington, D.C. They moved.", ["He lives in Washington, D.C. ", "They moved."]),
        ("It cost 3.5. Next came 4.", ["It cost 3.5. ", "Next came 4."]),
        ("She joined Acme Inc. Priya left.", ["She joined Acme Inc. ", "Priya left."]),
        ("Apples, pears, etc. The rest rotted.", ["Apples, pears, etc. ", "The rest rotted."]),
        ("He said \"Stop.\" Then he left.", ["He said \"Stop.\" ", "Then he left."]),
        ("(It rained.) We stayed.", ["(It rained.) ", "We stayed."]),
        ("Wait... Then it rained.", ["Wait... ", "Then it rained."]),
        ("In 2019. 2020 was worse.", ["In 2019. ", "2020 was worse."]),
        ("東京に行った。次に大阪。", ["東京に行った。", "次に大阪。"]),
        ("Heading\n\nBody text here.", ["Heading\n\n", "Body text here."]),
    ],
)
def test_sentence_boundaries(source: str, expected: list[str]) -> None:
    assert texts(source) == expected


def test_hard_wrapped_line_is_not_a_boundary() -> None:
    assert texts("Priya Raman joined Acme in\n2019 as CTO.") == ["Priya Raman joined Acme in\n2019 as CTO."]


def test_lowercase_continuation_is_not_a_boundary() -> None:
    assert texts("It weighs approx. five kilos.") == ["It weighs approx. five kilos."]
    # "kg" is in no abbreviation list: only the lower-case "before" keeps it whole.
    assert texts("It weighs 5 kg. before packing.") == ["It weighs 5 kg. before packing."]
    # Control: the same shape with a capital does split.
    assert len(split_parts("It weighs five. Kilos matter.")) == 2


def test_whitespace_belongs_to_the_preceding_part() -> None:
    parts = split_parts("  One.   Two.\n")
    assert [p.text for p in parts] == ["  One.   ", "Two.\n"]


def test_empty_text_has_no_parts() -> None:
    assert split_parts("") == []
    assert [p.text for p in split_parts("   ")] == ["   "]


def test_byte_offsets_are_utf8() -> None:
    source = "Café opened. Über läuft. 東京。Done."
    encoded = source.encode("utf-8")
    parts = split_parts(source)
    for p in parts:
        assert encoded[p.byte_start:p.byte_end] == p.data
    # Negative control: character offsets would differ from byte offsets here.
    second = parts[1]
    assert second.byte_start != source.index("Über")
    assert second.byte_start == len("Café opened. ".encode("utf-8"))


def test_part_repr_hides_text() -> None:
    (p,) = split_parts("Priya Raman is secret.")
    assert "Priya" not in repr(p) and "len=" in repr(p)


def test_lone_surrogate_rejected() -> None:
    with pytest.raises(UnicodeEncodeError):
        split_parts("bad \ud800 text.")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list("ab .!?\n\"'’”)AZ3é東。 \t") + ["Dr.", "e.g.", "U.S.", "3.5"])).map("".join))
def test_parts_tile_the_text(source: str) -> None:
    parts = split_parts(source)
    encoded = source.encode("utf-8")
    assert b"".join(p.data for p in parts) == encoded
    pos = 0
    for p in parts:
        assert p.byte_start == pos and p.byte_end > p.byte_start
        assert encoded[p.byte_start:p.byte_end] == p.data
        p.data.decode("utf-8")  # every part is whole characters
        pos = p.byte_end
    assert pos == len(encoded)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_parts_tile_arbitrary_text(source: str) -> None:
    assert b"".join(p.data for p in split_parts(source)) == source.encode("utf-8")


# ---------------------------------------------------------------- salts and leaves


def test_new_salt() -> None:
    a, b = new_salt(), new_salt()
    assert len(a) == SALT_BYTES >= 16
    assert a != b


def test_make_leaves_hashes_salt_then_part() -> None:
    parts = split_parts("One. Two.")
    salts = [bytes([1]) * SALT_BYTES, bytes([2]) * SALT_BYTES]
    leaves = make_leaves(parts, salts)
    assert leaves == [merkle.leaf_hash(salts[i] + parts[i].data) for i in range(2)]
    # Negative controls: part-then-salt, or no salt, give other leaves.
    assert leaves[0] != merkle.leaf_hash(parts[0].data + salts[0])
    assert leaves[0] != merkle.leaf_hash(parts[0].data)
    # Different salts hide equal text.
    assert make_leaves(parts[:1], [new_salt()]) != make_leaves(parts[:1], [new_salt()])


def test_make_leaves_rejects_bad_salts() -> None:
    parts = split_parts("One. Two.")
    with pytest.raises(ValueError):
        make_leaves(parts, [new_salt()])
    with pytest.raises(ValueError):
        make_leaves(parts, [new_salt(), b"short"])
    with pytest.raises(ValueError):
        # Variable-length salts would make salt||part ambiguous.
        make_leaves(parts, [new_salt(), new_salt() + b"x"])
    with pytest.raises(ValueError):
        leaf_input(b"", b"x")


def test_leaves_give_verifiable_receipts() -> None:
    source = "Priya Raman joined Acme in 2019. Marcus Webb left in 2021. The office moved."
    parts = split_parts(source)
    salts = [new_salt() for _ in parts]
    leaves = make_leaves(parts, salts)
    rt = merkle.root(leaves)
    span = locate_evidence(source, "Marcus Webb left in 2021.")
    assert span is not None
    covered = parts_covering(parts, *span)
    assert covered == [1]
    i = covered[0]
    proof = merkle.inclusion_proof(i, leaves)
    recomputed = merkle.leaf_hash(leaf_input(salts[i], parts[i].data))
    assert merkle.verify_inclusion(recomputed, i, len(leaves), proof, rt)
    # Negative control: one changed byte of the part breaks it.
    tampered = merkle.leaf_hash(leaf_input(salts[i], parts[i].data.replace(b"2021", b"2022")))
    assert not merkle.verify_inclusion(tampered, i, len(leaves), proof, rt)


# ---------------------------------------------------------------- locating evidence


def span_text(source: str, span: tuple[int, int] | None) -> str | None:
    if span is None:
        return None
    return source.encode("utf-8")[span[0]:span[1]].decode("utf-8")


def test_exact_match_byte_offsets() -> None:
    source = "Café. Priya Raman joined Acme."
    span = locate_evidence(source, "Priya Raman joined Acme.")
    assert span == (len("Café. ".encode()), len(source.encode()))
    # Control: character offsets would be one less.
    assert span[0] != source.index("Priya")


def test_first_occurrence_wins() -> None:
    source = "Acme grew. Acme grew."
    assert locate_evidence(source, "Acme grew.") == (0, 10)


@pytest.mark.parametrize(
    "source, evidence, expected",
    [
        ("She said \u201cAcme hired Priya.\u201d", '"Acme hired Priya."', "\u201cAcme hired Priya.\u201d"),
        ('She said "Acme hired Priya."', "\u201cAcme hired Priya.\u201d", '"Acme hired Priya."'),
        ("Priya\u2019s team won.", "Priya's team won.", "Priya\u2019s team won."),
        ("Priya's team won.", "Priya\u2019s team won.", "Priya's team won."),
        ("Priya   Raman\n joined\n\nAcme.", "Priya Raman joined Acme.", "Priya   Raman\n joined\n\nAcme."),
        ("Priya Raman joined Acme.", "Priya\n  Raman joined   Acme.", "Priya Raman joined Acme."),
        ("Intro. Priya Raman joined Acme. End.", "  Priya Raman joined Acme.\n", "Priya Raman joined Acme."),
        ("Über\u00a0alles straße.", "Über alles straße.", "Über\u00a0alles straße."),
        ("東京 に\n行った。", "東京 に 行った。", "東京 に\n行った。"),
    ],
)
def test_tolerant_match_maps_back_to_original(source: str, evidence: str, expected: str) -> None:
    assert evidence not in source  # so this exercises the tolerant path
    assert span_text(source, locate_evidence(source, evidence)) == expected


@pytest.mark.parametrize(
    "source, evidence",
    [
        ("Priya Raman joined Acme.", "Priya Raman joined Globex."),
        ("Priya Raman joined Acme.", "PriyaRaman joined Acme."),  # whitespace is not optional
        ("Priya Raman joined Acme.", "priya raman joined acme."),  # case is not folded
        ("Priya Raman joined Acme.", ""),
        ("Priya Raman joined Acme.", "   \n "),
        ("", "anything"),
        ("He paid $4,500.", "He paid $4,800."),
    ],
)
def test_not_found(source: str, evidence: str) -> None:
    assert locate_evidence(source, evidence) is None


def test_locate_never_raises_on_bad_input() -> None:
    assert locate_evidence(None, "x") is None  # type: ignore[arg-type]
    assert locate_evidence("x", None) is None  # type: ignore[arg-type]
    assert locate_evidence("a \ud800 b", "zz") is None


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1), st.data())
def test_every_substring_is_found_exactly(source: str, data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(source) - 1))
    j = data.draw(st.integers(i + 1, len(source)))
    evidence = source[i:j]
    if not evidence.strip():
        return
    span = locate_evidence(source, evidence)
    assert span is not None
    assert span_text(source, span) == evidence


# ---------------------------------------------------------------- coverage


def test_parts_covering() -> None:
    parts = split_parts("One. Two. Three. Four.")
    # byte ranges: [0,5) [5,10) [10,17) [17,22)
    assert [(p.byte_start, p.byte_end) for p in parts] == [(0, 5), (5, 10), (10, 17), (17, 22)]
    assert parts_covering(parts, 0, 4) == [0]
    assert parts_covering(parts, 5, 10) == [1]
    assert parts_covering(parts, 4, 6) == [0, 1]
    assert parts_covering(parts, 9, 11) == [1, 2]
    assert parts_covering(parts, 0, 22) == [0, 1, 2, 3]
    assert parts_covering(parts, 21, 22) == [3]
    assert parts_covering(parts, 22, 30) == []
    assert parts_covering(parts, 3, 3) == []
    with pytest.raises(ValueError):
        parts_covering(parts, 5, 4)
    with pytest.raises(ValueError):
        parts_covering(parts, -1, 4)


def test_parts_covering_accepts_any_part_like_rows() -> None:
    parts = [Part(0, 3, b"abc"), Part(3, 6, b"def")]
    assert parts_covering(parts, 2, 4) == [0, 1]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab. AZ\n")), min_size=1), st.data())
def test_parts_covering_matches_brute_force(source: str, data: st.DataObject) -> None:
    parts = split_parts(source)
    n = len(source.encode())
    a = data.draw(st.integers(0, n))
    b = data.draw(st.integers(a, n))
    brute = [i for i, p in enumerate(parts) if p.byte_start < b and p.byte_end > a] if a < b else []
    assert parts_covering(parts, a, b) == brute
