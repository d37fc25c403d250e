"""Clauses: the asked words must be said in the asked name's own clause, not only in a clause with a
subject of its own, a relative clause that dates another event, an aside set off by commas or an
exception ("except on Wednesdays")."""

from __future__ import annotations

from fireweed.decider.grounding import CLOCK_RE, ClaimIndex
from fireweed.decider.lexicon import MONTHS, STOPWORDS, WEEKDAYS, is_verb, stem
from fireweed.decider.question import DETERMINERS, Question, Word
from fireweed.decider.recall_checks.grounded import _asked_name, _inflected_verb, _said_only_where
from fireweed.decider.recall_checks.times import _YEAR_WORD

_SUBORDINATORS = frozenset("while when whereas although though because since after before until unless".split())


def _place_in_clause_of(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether a named place of the claim stands in the same clause as an asked name, clauses
    being cut at subordinating words ("... at Fernbank Cattery | while their owner, Ambrose, is
    away"). A claim whose places are common nouns ("in a converted barn") is not judged here."""
    places = [s for s in ci.spans if s.key in ci.types.get("place", ()) and not _asked_name(s.key, q_spans)]
    asked = [s for s in ci.spans if _asked_name(s.key, q_spans)]
    if not places or not asked or any(v not in {s.key for s in ci.spans} for v in ci.types.get("place", ())):
        return True
    clause, ids = 0, []
    for w in ci.lower:
        if w in _SUBORDINATORS:
            clause += 1
        ids.append(clause)
    return any(ids[p.first] == ids[a.first] for p in places for a in asked)


_CLAUSE_JOINS = frozenset({"and", "but", "while", "whereas", "so"})


def _done_by_another(ci: ClaimIndex, q: Question, q_spans: set[str]) -> bool:
    """Whether every place the claim says the question's verb, the verb has a doer of its own that
    the question does not ask about: "... after the original soloist withdrew" or "replaced the
    soloist who withdrew" is no withdrawing of Ingrid's, where "Ingrid, who withdrew", "the Gold
    plan, which includes" and "because its gearbox oil temperature reached" (asked of the gearbox
    oil) are the asked thing's."""
    assert q.verb_word is not None
    lower = ci.lower
    pos = ci.positions(q.verb_word.concepts)
    if not pos:
        return False
    asked_at = {k for sp in ci.spans if _asked_name(sp.key, q_spans) for k in range(sp.first, sp.last)}
    asked_words = {w.stem for w in q.words if w is not q.verb_word}

    def doer(first: int, last: int) -> bool:
        # the words of a doer phrase: another's unless the asked name or a word of the question is in it
        return not any(k in asked_at or stem(lower[k]) in asked_words for k in range(first, last))

    for p in pos:
        j = p - 1
        if j >= 0 and lower[j] in ("who", "which", "that"):
            k = j - 1 - (1 if j > 0 and lower[j - 1] == "," else 0)
            f = k
            while f - 1 >= 0 and k - f < 3 and lower[f - 1].isalpha() and lower[f - 1] not in STOPWORDS:
                f -= 1
            if k >= 0 and lower[k].isalpha() and lower[k] not in STOPWORDS and doer(f, k + 1):
                continue  # "the soloist who withdrew"
            return False
        while j >= 0 and p - j <= 4 and lower[j].isalpha() and lower[j] not in STOPWORDS \
                and lower[j] not in DETERMINERS and j not in asked_at and not is_verb(lower[j]):
            j -= 1
        if j < p - 1 and j >= 1 and lower[j] in DETERMINERS and lower[j - 1] in _SUBORDINATORS and doer(j + 1, p):
            continue  # "after the original soloist withdrew"
        return False
    return True


def _said_of_another_subject(ci: ClaimIndex, q: Question, q_spans: set[str]) -> str | None:
    """A question word the claim says only in a clause of its own whose subject is another name,
    while the asked name stands in a different clause: clauses cut at ";" and at ", and", ", but",
    ", while", ", whereas", ", so". "... they married in Kelso" has no named subject, so is not judged; nor
    is a question asking who, whose answer that other subject may be."""
    if q.hole == "person":
        return None  # "who will cover her patients": the other clause's subject is what is asked
    lower = ci.lower
    ids: list[int] = []
    starts = [0]
    for k, w in enumerate(lower):
        if w == ";" or w in _CLAUSE_JOINS and k > 0 and lower[k - 1] == ",":
            starts.append(k + 1)
        ids.append(len(starts) - 1)
    if len(starts) < 2:
        return None
    asked = {ids[s.first] for s in ci.spans if _asked_name(s.key, q_spans)}
    if not asked:
        return None
    others = {ids[s.first] for s in ci.spans if not _asked_name(s.key, q_spans)
              and s.first - starts[ids[s.first]] <= 3
              and all(not is_verb(lower[j]) for j in range(starts[ids[s.first]], s.first))} - asked
    if not others:
        return None
    return _said_only_where(ci, (q.verb_word, *q.soft), lambda p: ids[p] in others)


_EXCEPT_ONE = frozenset({"except", "excluding", "excepting", "besides"})
_EXCEPT_TWO = frozenset({("apart", "from"), ("other", "than"), ("but", "not"), ("save", "for"), ("aside", "from"),
                         ("instead", "of"), ("rather", "than")})


def _exception_scope(lower: list[str]) -> set[int]:
    """The positions inside an exception ("except on Wednesdays", "instead of the Otter group")."""
    scope: set[int] = set()
    for i, w in enumerate(lower):
        start = i + 1 if w in _EXCEPT_ONE else i + 2 if (w, lower[i + 1] if i + 1 < len(lower) else "") in _EXCEPT_TWO else None
        if start is None:
            continue
        for k in range(start, min(len(lower), start + 6)):
            if lower[k] in (",", ";", ".", "and", "but"):
                break
            scope.add(k)
    return scope


def _excepted(ci: ClaimIndex, q: Question, words: list[Word], q_spans: set[str] | frozenset[str] = frozenset()) -> str | None:
    """A question word or name that the claim names only inside an exception ("except on
    Wednesdays", "the Heron group instead of the Otter group"), unless the question asks it there."""
    scope = _exception_scope(ci.lower)
    if not scope:
        return None
    # "what was she given instead of the prescribed capsules": a word the question itself puts
    # inside an exception is asked there, so the claim's exception is where it belongs
    asked_there = _exception_scope([t.text.lower() for t in q.tokens])
    for w in words:
        if w.index in asked_there:
            continue
        pos = ci.positions(w.concepts)
        if pos and all(p in scope for p in pos):
            return w.text
    asked_names = {sp.key for sp in q.spans if sp.first in asked_there}
    for key in q_spans - asked_names:
        named = [sp for sp in ci.spans if sp.key == key]
        if named and all(all(p in scope for p in range(sp.first, sp.last)) for sp in named):
            return named[0].text
    return None


_RELATIVE_OPENERS = frozenset({"which", "who", "whom", "whose", "where"})


def _said_in_aside_only(ci: ClaimIndex, words: list[Word]) -> bool:
    """Whether every one of the words the claim has stands only inside an aside set off by commas
    (", the harbour master,"), so that what the claim tells besides is said of something else."""
    lower = ci.lower
    commas = [k for k, w in enumerate(lower) if w == ","]
    asides = [(a, b) for a, b in zip(commas, commas[1:]) if b - a <= 6]
    pos = [p for w in words for p in ci.positions(w.concepts)]
    return bool(asides) and bool(pos) and all(any(a < p < b for a, b in asides) for p in pos)


def _time_only_in_other_clause(ci: ClaimIndex, verb: Word) -> bool:
    """Every word of the claim that tells a time lies in a relative clause set off by a comma
    (", which ...", ", who ..."), and the verb is not in that clause: the time is another event's."""
    lower = ci.lower
    vpos = ci.positions(verb.concepts)
    if not vpos:
        return False
    clauses = []
    for k in range(1, len(lower)):
        if lower[k - 1] == "," and lower[k] in _RELATIVE_OPENERS:
            end = next((x for x in range(k + 1, len(lower)) if lower[x] in (",", ";", ".")), len(lower))
            clauses.append((k, end))
    if not clauses:
        return False

    def inside(x: int) -> bool:
        return any(a <= x < b for a, b in clauses)

    if any(inside(v) for v in vpos):
        return False
    times = _time_positions(lower)
    return bool(times) and all(inside(x) for x in times)


def _time_positions(lower: list[str]) -> list[int]:
    """The positions of a claim's words that tell a time: a month, a weekday, a clock time, a year."""
    return [x for x, w in enumerate(lower) if w in MONTHS or w in WEEKDAYS or CLOCK_RE.match(w) or _YEAR_WORD.match(w)]


def _time_of_an_earlier_predicate(ci: ClaimIndex, q: Question) -> str | None:
    """A doing the question asks the time of that the claim says only in a predicate joined on
    with "and", every word of the claim that tells a time coming before the join: "what time did
    he move the stock" is not answered by "discovered the fault at 8:05 a.m. and moved all the
    stock", where the time is the discovering's."""
    lower = ci.lower
    times = _time_positions(lower)
    if not times:
        return None
    for w in (q.verb_word, *q.soft):
        if w is None or w is not q.verb_word and not w.text.lower().endswith("ing"):
            continue
        pos = ci.positions(w.concepts)
        joined = [p for p in pos if p >= 2 and lower[p - 1] == "and" and _inflected_verb(lower[p])]
        if pos and len(joined) == len(pos) and max(times) < min(joined) - 1:
            return w.text
    return None


def _object_in_later_predicate(ci: ClaimIndex, q: Question) -> str | None:
    """A word the question puts after its verb that the claim says only after a later predicate
    joined on with "and": "what did Cosmo charge for the second tuning" is not answered by "charged
    £110 and recommended a second tuning", where the tuning is what the other verb is about."""
    verb = q.verb_word
    if verb is None:
        return None
    lower = ci.lower
    vpos = ci.positions(verb.concepts)
    if not vpos:
        return None
    asked = {w.stem for w in q.words}
    join = next((k for k in range(min(vpos) + 1, len(lower) - 1)
                 if lower[k] == "and" and _inflected_verb(lower[k + 1]) and stem(lower[k + 1]) not in asked), None)
    if join is None or any(p > join for p in vpos):
        return None
    verb_end = verb.index + len(verb.text.split()) - 1
    later = [(w, ci.positions(w.concepts)) for w in q.words if w.index > verb_end]
    later = [(w, pos) for w, pos in later if pos]
    if later and all(p > join + 1 for _, pos in later for p in pos):
        return later[0][0].text
    return None
