"""Sources: splitting into parts, salted Merkle leaves, locating evidence.

A source document is split into parts (sentences). Each part gets its own
random salt and becomes one RFC 9162 leaf over ``salt || part bytes``; the
root goes into the source's ledger event and a receipt is an inclusion proof
for the parts an evidence span covers. Salts exist so that a redacted part
(text and salt deleted at erasure, leaf hash kept) cannot be recovered by
guessing candidate sentences against its leaf hash.

All offsets here are BYTE offsets into the UTF-8 encoding of the source text,
because that is what is stored, hashed and re-checked; character offsets
would depend on the reader's string model.

Pure functions; the only side effect is ``new_salt`` reading the OS CSPRNG.
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fireweed.shared.merkle import leaf_hash

__all__ = [
    "Part",
    "SALT_BYTES",
    "split_parts",
    "new_salt",
    "leaf_input",
    "make_leaves",
    "locate_evidence",
    "parts_covering",
]

# Salts are fixed-width so that ``salt || part`` parses one way only: with
# variable-length salts, (salt, "Hello") and (salt + "H", "ello") would hash to
# the same leaf and a receipt could attest a different text than was stored.
SALT_BYTES = 32


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a source: ``data == text.encode()[byte_start:byte_end]``."""

    byte_start: int
    byte_end: int
    data: bytes

    @property
    def text(self) -> str:
        return self.data.decode("utf-8")

    def __repr__(self) -> str:
        # Part text may later be erased; keep it out of logs and tracebacks.
        return f"Part(byte_start={self.byte_start}, byte_end={self.byte_end}, len={len(self.data)})"


# --------------------------------------------------------------------------
# Sentence splitting

# Abbreviations that are essentially never the last word of a sentence:
# titles before a name and Latin abbreviations introducing an example or a
# reference. Compared lower-cased, without the final dot.
_NEVER_FINAL = frozenset(
    """
    dr mr mrs ms mx prof sr jr st mt ft rev hon gen col capt lt sgt cmdr adm gov sen rep pres
    e.g i.e cf vs viz approx ca al jan feb mar apr jun jul aug sep sept oct nov dec
    """.split()
)
# Labels that precede a number ("No. 5", "Fig. 3", "pp. 12"): not final before a digit.
_BEFORE_NUMBER = frozenset("no nos vol vols pp p fig figs eq eqs ch sec art".split())
# "Inc." or "etc." does end sentences, but only when the next word starts one.
_SOMETIMES_FINAL = frozenset("inc ltd co corp llc plc bros etc".split())
_DOTTED = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
# Words that start sentences but are never a name or initial: after an
# ambiguous period ("D.C.", "B.", "Inc.") they show the sentence did end.
# Single letters ("A", "I") are left out, as they could be initials.
_SENTENCE_OPENERS = frozenset(
    """
    the they he she it we you this that these those there his her its our their my
    in on at by for from with after before when while if but and so then however also
    """.split()
)

_TERMINATORS = ".!?\u2026\u203c\u2047\u2048\u2049"
_CJK_TERMINATORS = "\u3002\uff01\uff1f"  # 。！？ need no following space
_CLOSERS = "\"'\u2019\u201d\u00bb\u203a)]}"
_PARA_BREAK = re.compile(r"[ \t\f\v\r\u00a0]*\n(?:[ \t\f\v\r\u00a0]*\n)+\s*")


def _word_before(text: str, end: int) -> str:
    """The token (letters, digits, dots) ending at ``end`` (exclusive)."""
    i = end
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] == "."):
        i -= 1
    return text[i:end]


def _word_after(text: str, start: int) -> str:
    i = start
    while i < len(text) and text[i].isalpha():
        i += 1
    return text[start:i]


def _is_abbreviation_stop(text: str, dot: int, next_start: int) -> bool:
    """True if the period at ``dot`` belongs to an abbreviation, not a sentence end.

    ``next_start`` is the index of the first non-space character after it.
    """
    token = _word_before(text, dot)  # the word the period is attached to
    if not token:
        return False
    next_char = text[next_start]
    low = token.lower()
    if low in _NEVER_FINAL:
        return True
    if low in _BEFORE_NUMBER and next_char.isdigit():
        return True
    if _word_after(text, next_start).lower() in _SENTENCE_OPENERS:
        return False
    if low in _SOMETIMES_FINAL:
        return not next_char.isupper()
    # An initial, a single capital letter ("Priya R. Raman", "J. R. R. Tolkien"),
    # or a dotted acronym ("U.S.", "a.m."), unless a sentence opener follows.
    # This still keeps "met at the U.S. Embassy" together, and also "visited
    # the U.S. Priya left": the cheaper mistake, since a longer part only
    # narrows evidence less tightly, while a split inside a name would put
    # half a name in a part of its own.
    if len(token) == 1 and token.isupper():
        return True
    return bool(_DOTTED.fullmatch(token))


def _sentence_ends(text: str) -> list[int]:
    """Character indices at which a new part starts (exclusive of 0 and len)."""
    cuts: set[int] = set()
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch in _CJK_TERMINATORS:
            j = i + 1
            while j < n and (text[j] in _CJK_TERMINATORS or text[j] in _CLOSERS):
                j += 1
            while j < n and text[j].isspace():
                j += 1
            if j < n:
                cuts.add(j)
            i = j
            continue
        if ch in _TERMINATORS:
            j = i
            while j < n and text[j] in _TERMINATORS:
                j += 1
            last_punct = j - 1
            while j < n and text[j] in _CLOSERS:
                j += 1
            if j < n and text[j].isspace():
                k = j
                while k < n and text[k].isspace():
                    k += 1
                if k < n:
                    nxt = text[k]
                    single_period = last_punct == i and ch == "."
                    if nxt.islower():
                        pass  # "approx. five", "3 p.m. yesterday": not a new sentence
                    elif single_period and _is_abbreviation_stop(text, i, k):
                        pass
                    else:
                        cuts.add(k)
                i = k
                continue
            i = j
            continue
        i += 1
    # Blank lines separate paragraphs, headings and list items even when the
    # line carries no final punctuation.
    for m in _PARA_BREAK.finditer(text):
        if 0 < m.end() < n:
            cuts.add(m.end())
    return sorted(cuts)


def split_parts(text: str) -> list[Part]:
    """Split ``text`` into sentence parts that tile its UTF-8 encoding exactly.

    Each part runs from the start of a sentence to the start of the next, so
    it carries its trailing whitespace; leading whitespace of the text belongs
    to the first part. ``b"".join(p.data for p in parts) == text.encode()``.
    An empty text has no parts. Raises ``UnicodeEncodeError`` (a
    ``ValueError``) if ``text`` is not encodable (lone surrogates).

    >>> [p.text for p in split_parts("Dr. Ng paid $3.5 million, e.g. to J. Smith. Next one!")]
    ['Dr. Ng paid $3.5 million, e.g. to J. Smith. ', 'Next one!']
    """
    if not isinstance(text, str):
        raise TypeError("split_parts expects str")
    encoded = text.encode("utf-8")
    if not text:
        return []
    parts: list[Part] = []
    byte_pos = 0
    prev = 0
    for cut in [*_sentence_ends(text), len(text)]:
        chunk = text[prev:cut].encode("utf-8")
        parts.append(Part(byte_pos, byte_pos + len(chunk), chunk))
        byte_pos += len(chunk)
        prev = cut
    assert byte_pos == len(encoded)
    return parts


# --------------------------------------------------------------------------
# Salts and leaves


def new_salt() -> bytes:
    """A fresh random salt of ``SALT_BYTES`` (32) bytes from the OS CSPRNG."""
    return os.urandom(SALT_BYTES)


def leaf_input(salt: bytes, data: bytes) -> bytes:
    """The Merkle leaf input ``salt || data``; raises ``ValueError`` on a bad salt."""
    if not isinstance(salt, (bytes, bytearray)) or len(salt) != SALT_BYTES:
        raise ValueError(f"a salt must be exactly {SALT_BYTES} bytes")
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("part data must be bytes")
    return bytes(salt) + bytes(data)


def make_leaves(parts: Sequence[Part], salts: Sequence[bytes]) -> list[bytes]:
    """RFC 9162 leaf hashes over ``salt || part bytes``, one per part, in order."""
    if len(parts) != len(salts):
        raise ValueError(f"{len(parts)} parts but {len(salts)} salts")
    return [leaf_hash(leaf_input(s, p.data)) for p, s in zip(parts, salts)]


# --------------------------------------------------------------------------
# Locating evidence

_QUOTE_MAP = {
    # single quotes, apostrophes and primes
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u02bc": "'",
    "\u00b4": "'", "`": "'",
    # double quotes and double primes
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
}


def _normalise(text: str) -> tuple[str, list[int], list[int]]:
    """Fold quotes and collapse whitespace runs to one space.

    Returns the normalised string and, for each of its characters, the start
    and end character index in ``text`` it came from (a collapsed whitespace
    run maps to the whole run).
    """
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            j = i
            while j < n and text[j].isspace():
                j += 1
            out.append(" ")
            starts.append(i)
            ends.append(j)
            i = j
            continue
        out.append(_QUOTE_MAP.get(ch, ch))
        starts.append(i)
        ends.append(i + 1)
        i += 1
    return "".join(out), starts, ends


def _byte_offset(text: str, char_index: int) -> int:
    return len(text[:char_index].encode("utf-8"))


def locate_evidence(source_text: str, evidence: str) -> tuple[int, int] | None:
    """Find ``evidence`` in ``source_text``; return its (byte_start, byte_end) or None.

    An exact match is tried first. Failing that, both sides are compared with
    curly and straight quotes identified, every run of whitespace (newlines
    included) treated as one space, and the evidence's leading and trailing
    whitespace ignored; the match is mapped back to the byte range of the
    original source text. The first occurrence wins. Blank evidence is never
    found (it would ground nothing).

    >>> src = "She said \u201cAcme   hired\\nPriya.\u201d Done."
    >>> start, end = locate_evidence(src, '"Acme hired Priya."')
    >>> src.encode()[start:end].decode()
    '\u201cAcme   hired\\nPriya.\u201d'
    """
    if not isinstance(source_text, str) or not isinstance(evidence, str):
        return None
    if not evidence.strip():
        return None
    try:
        i = source_text.find(evidence)
        if i >= 0:
            start = _byte_offset(source_text, i)
            return start, start + len(evidence.encode("utf-8"))
        norm_src, starts, ends = _normalise(source_text)
        norm_ev, _, _ = _normalise(evidence.strip())
        j = norm_src.find(norm_ev)
        if j < 0:
            return None
        first, last = starts[j], ends[j + len(norm_ev) - 1]
        return _byte_offset(source_text, first), _byte_offset(source_text, last)
    except UnicodeEncodeError:
        return None


def parts_covering(parts: Sequence[Part], byte_start: int, byte_end: int) -> list[int]:
    """Indices of the parts that overlap the byte range [byte_start, byte_end).

    ``parts`` must be sorted and non-overlapping (as ``split_parts`` returns).
    An empty range covers nothing; a reversed or negative range is an error.
    """
    if isinstance(byte_start, bool) or isinstance(byte_end, bool):
        raise TypeError("byte offsets must be int")
    if byte_start < 0 or byte_end < byte_start:
        raise ValueError(f"bad byte range [{byte_start}, {byte_end})")
    if byte_start == byte_end:
        return []
    ends = [p.byte_end for p in parts]
    # First part whose end lies beyond byte_start, then walk while parts start
    # before byte_end: O(log n + k).
    i = bisect.bisect_right(ends, byte_start)
    out: list[int] = []
    while i < len(parts) and parts[i].byte_start < byte_end:
        out.append(i)
        i += 1
    return out
