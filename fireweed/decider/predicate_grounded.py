"""Gate 4, ``predicate_grounded``: the claim may not say more than the evidence says.

Every content word of the claim (nouns, verbs, adjectives, adverbs, names, quantifiers such as
"every"/"only", modals such as "must"/"might", connectives such as "because"/"unless") must occur in
the evidence up to inflection ("joined" ~ "joins", "wrote" ~ "written"). Function words that do not
change what is asserted (articles, pronouns, auxiliaries, plain prepositions) may come and go, so
tense, aspect and clause order alone are not a difference. Numbers are the numerals gate's job.

Negation is compared by position: a negation the claim adds is refused, and so is one the claim
drops while keeping the words it negated.

>>> check("Ada Lee is a doctor.", "Ada Lee is not a doctor.").detail
"negation dropped: 'not doctor'"
>>> check("Ada Lee is not a doctor.", "Ada Lee is not a doctor.").ok
True
>>> check("Ada Lee joins Acme.", "Ada Lee joined Acme in 2019.").ok
True
>>> check("Ada Lee joined every Acme team.", "Ada Lee joined the Acme web team.").detail
'every'
>>> check("Ada Lee is leading the team.", "Ada Lee will lead the team.").ok
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import (
    ARTICLES,
    AUXILIARIES,
    DEMONSTRATIVES,
    MODALS,
    NEGATIONS,
    PRONOUNS,
    Analysis,
    Token,
    analyze,
    is_numeral_word,
    stem,
)
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "GATE", "CODE", "NEUTRAL_WORDS"]

GATE = "predicate_grounded"
CODE = "asserts_more_than_evidence"

# Prepositions and connectives that only link what the content words assert. Meaning-bearing
# ones ("above", "without", "unless", "because", "until", "or") are deliberately absent.
_NEUTRAL_PREPOSITIONS: frozenset[str] = frozenset(
    {"of", "in", "on", "at", "for", "from", "by", "with", "to", "into", "onto", "through", "via",
     "during", "within", "across", "along", "among", "amid", "between", "per", "toward",
     "towards", "upon", "inside", "throughout", "as"}
)
_NEUTRAL_CONNECTIVES: frozenset[str] = frozenset(
    {"and", "but", "yet", "that", "which", "who", "whom", "whose", "where", "then", "what"}
)
NEUTRAL_WORDS: frozenset[str] = (
    ARTICLES | DEMONSTRATIVES | PRONOUNS | AUXILIARIES | _NEUTRAL_PREPOSITIONS
    | _NEUTRAL_CONNECTIVES
    | frozenset({"there", "here", "please", "one", "ones", "s", "t", "d", "ll", "re", "ve", "m",
                 "done", "doing"})
)
# "after finding it" / "before leaving" only order two events the evidence already states.
_SEQUENCE_WORDS: frozenset[str] = frozenset({"after", "before"})
_FUTURE_MARKERS: frozenset[str] = frozenset({"will", "shall"})
_BE_FORMS: frozenset[str] = frozenset({"be", "am", "is", "are", "was", "were", "been", "being"})


@dataclass(frozen=True, slots=True)
class _NegSite:
    index: int
    word: str
    scope: frozenset[str]
    scope_text: str
    anchor: str | None
    covered: tuple[int, ...]


def _skippable(t: Token) -> bool:
    return t.norm in NEUTRAL_WORDS or t.norm in MODALS or t.norm in AUXILIARIES


def _neg_sites(a: Analysis) -> list[_NegSite]:
    toks = a.tokens
    out: list[_NegSite] = []
    for i, t in enumerate(toks):
        if t.norm not in NEGATIONS:
            continue
        clause = a.clauses[i]
        j = i + 1
        while j < len(toks) and a.clauses[j] == clause and _skippable(toks[j]):
            j += 1  # "cannot be used", "not to the garage": the scope is the next content word
        scope: set[str] = set()
        words: list[str] = []
        covered: list[int] = []
        while j < len(toks) and a.clauses[j] == clause and not _skippable(toks[j]) \
                and toks[j].norm not in NEGATIONS and len(words) < 3:
            scope.update(a.stems[j])
            words.append(toks[j].text)
            covered.append(j)
            j += 1
        k = i - 1
        while k >= 0 and a.clauses[k] == clause and (_skippable(toks[k]) or toks[k].norm in NEGATIONS):
            k -= 1
        anchor = stem(toks[k].norm) if k >= 0 and a.clauses[k] == clause else None
        if scope:
            out.append(_NegSite(i, t.text if t.norm != "not" else "not", frozenset(scope),
                                " ".join(words), anchor, tuple(covered)))
    return out


def _content_stems(a: Analysis) -> frozenset[str]:
    return a.stem_set


def _has_future(a: Analysis) -> bool:
    toks = a.tokens
    for i, t in enumerate(toks):
        if t.norm in _FUTURE_MARKERS:
            return True
        if t.norm in _BE_FORMS and i + 1 < len(toks):
            nxt = toks[i + 1].norm
            if nxt.endswith("ing") or nxt in ("to", "due", "set", "scheduled", "expected"):
                return True
    return False


def _negation_refusal(
    claim: Analysis, evidence: Analysis, claim_stems: frozenset[str]
) -> GateVerdict | None:
    c_sites = _neg_sites(claim)
    e_sites = c_sites if evidence is claim else _neg_sites(evidence)  # pure; read-only below
    for c in c_sites:
        if not any(c.scope & e.scope for e in e_sites):
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence does not negate '{c.scope_text}'; drop the '{c.word}' or quote "
                "the sentence that says it",
                f"negation added: '{c.word} {c.scope_text}'",
            )
    if not e_sites:
        return None  # nothing the evidence negates can be dropped (most texts negate nothing)
    negated_ids = {i for e in e_sites for i in e.covered}
    affirmed: set[str] = set()
    for i, t in enumerate(evidence.tokens):
        if i not in negated_ids:
            affirmed.update(evidence.stems[i])
    for e in e_sites:
        if not (e.scope & claim_stems):
            continue
        # When the evidence also affirms the word elsewhere ("no car, but Ben has a car"), the
        # claim may be about that mention; the word before the negation decides.
        if (e.scope & claim_stems & affirmed) and e.anchor is not None and e.anchor not in claim_stems:
            continue
        if not any(e.scope & c.scope for c in c_sites):
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence says '{e.word} {e.scope_text}'; keep the negation the evidence "
                "states, or claim only what the evidence affirms",
                f"negation dropped: '{e.word} {e.scope_text}'",
            )
    return None


def _number_part(t: Token, part: str, in_numeral: bool) -> bool:
    if any(ch.isdigit() for ch in part):
        return True
    return in_numeral and is_numeral_word(part)


def check_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`check` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    ev_stems = _content_stems(evidence)
    claim_stems = _content_stems(claim)
    refusal = _negation_refusal(claim, evidence, claim_stems)
    if refusal is not None:
        return refusal
    ev_future: bool | None = None
    toks = claim.tokens
    for i, t in enumerate(toks):
        n = t.norm
        if n in NEGATIONS or n in NEUTRAL_WORDS:
            continue
        if n in _SEQUENCE_WORDS and n not in ev_stems and i + 1 < len(toks):
            nxt = toks[i + 1].norm
            if nxt.endswith("ing") and stem(nxt) in ev_stems:
                continue
        going_to = n == "going" and i + 1 < len(toks) and toks[i + 1].norm == "to"
        if (n in _FUTURE_MARKERS or going_to) and n not in ev_stems:
            if ev_future is None:
                ev_future = _has_future(evidence)
            if ev_future:
                continue
        if claim.keys[i] in ev_stems:
            continue
        parts = t.parts if len(t.parts) > 1 else (n,)
        for part in parts:
            if part in NEUTRAL_WORDS or _number_part(t, part, claim.in_numeral[i]):
                continue
            if stem(part) not in ev_stems:
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence does not say '{part}'; remove it, or quote the sentence that "
                    "says it",
                    part,
                )
    return GateVerdict.admit()


def check(claim: str, evidence: str) -> GateVerdict:
    """Refuse with ``asserts_more_than_evidence`` if the claim adds a word or flips a negation."""
    return check_analyzed(analyze(claim), analyze(evidence))
