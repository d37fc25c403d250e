"""Who does what to whom: a claim that puts the question's name in the other role of its verb ("Ruth
hired Bilal" for "who did Bilal hire"), or tells a passive or a participle with no doer, does not say
who did it; a person asked by an agent noun ("the director") is the one who does the noun's verb."""

from __future__ import annotations

from typing import Any

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import (AUXILIARIES, BE_FORMS, MONTHS, PREPOSITIONS, SAME_FORM_PARTICIPLES, WEEKDAYS,
                                      is_verb, past_form, people_noun, role_word, stem)
from fireweed.decider.name_spans import Span
from fireweed.decider.question import DETERMINERS, Question, Word, verbal
from fireweed.decider.text import POSSESSIVE_DETERMINERS
from fireweed.decider.recall_checks.counts import _count_after
from fireweed.decider.recall_checks.grounded import _asked_name, _grounded
from fireweed.decider.recall_checks.objects import _direct_object


def _doer(fact: Any, v: int) -> str | None:
    """Key of the name doing the claim's verb at token ``v``: the nearest one before it that is
    neither a possessor nor the object of a preposition."""
    toks = [t.text for t in fact.tokens]
    if v >= 2 and toks[v - 1].lower() in ("which", "who"):
        # "is on the Flex plan, which includes 8 day passes": a relative clause's verb is done by
        # what the pronoun stands for, the phrase just before it, whatever its preposition; when
        # that phrase names no one ("a plan, which includes"), the doer is not a name
        end = v - 2 if toks[v - 2] == "," else v - 1
        ante = [sp for sp in fact.spans if end - 1 <= sp.last <= end and not sp.possessive]
        return ante[-1].key if ante else None
    if v >= 2 and toks[v - 1] == ",":
        # "Cosimo Draycott, captain of The Ferryman's Rest, finished": the name before an
        # apposition set off by commas does the verb, not the last name inside it
        k = v - 2
        while k >= 0 and toks[k] not in (",", ";", "."):
            k -= 1
        if k >= 1 and toks[k] == ",":
            before = [sp for sp in fact.spans if sp.last == k and not sp.possessive and sp.prep is None]
            if before:
                return before[0].key
        if toks[v].lower().endswith("ing") and fact.subject is not None:
            # "Ada will lead the Otter group, taking over from Bo": a participle set off by a comma
            # is done by the clause's subject, not by the last name before it
            return fact.spans[fact.subject].key
    k = v - 1
    while k >= 0 and toks[k].lower() in _CARRIED:
        k -= 1
    if k >= 1 and toks[k].lower() == "and" and fact.subject is not None and fact.spans[fact.subject].last <= k \
            and not any(sp.first > k and sp.last <= v for sp in fact.spans):
        # "Wilhelmina joined the board and will chair the audit committee": a verb joined by "and"
        # with no subject of its own is done by the clause's subject
        return fact.spans[fact.subject].key
    best = None
    for span in fact.spans:
        if span.last <= v and not span.possessive and span.prep is None:
            if best is None or span.last > best.last:
                best = span
    if best is not None and best.first >= 2 and toks[best.first - 1].lower() == "the":
        # "Rajah the Sumatran tiger weighed": a name inside an appositive right after another
        # name says what that one is; the first name does the verb
        head = next((sp for sp in fact.spans if sp.last == best.first - 1 and not sp.possessive), None)
        if head is not None:
            return head.key
    return best.key if best is not None else None


_CARRIED = frozenset("will would shall should can could may might must has have had is was are were be been also then later now to".split())


def _role_swapped(q: Question, fact: Any, ci: ClaimIndex) -> str | None:
    """The question's name that the claim puts in the other role of the question's verb, if any.

    "Who did Bilal hire?" asks what Bilal did; "Ruth hired Bilal" has Bilal hired. "Who hired
    Ruth?" asks who did it to Ruth; "Ruth hired Bilal" has Ruth doing it. Compared only where every
    occurrence of the question's verb in the claim has one doer, and both are in the active voice,
    where word order gives the roles."""
    verb = q.verb_word
    if verb is None:
        return None
    # ("at a cost of £740": the verb's word as a noun has no doer)
    at = [p for p in ci.positions(verb.concepts) if not (p > 0 and ci.lower[p - 1] in DETERMINERS)]
    if not at or any(_passive_text(fact.tokens, p) or _set_off_participle(ci, p) for p in at):
        return None
    passive_q = _passive_text(q.tokens, verb.index) and not _by_a_time(q.tokens, verb.index) or _inverted_passive(q, verb)
    # "won the final, beating Jovan": the verb twice over (an equivalent, a participle) is still
    # compared when every occurrence has the same doer
    doers = {_doer(fact, p) for p in at}
    if len(doers) != 1:
        return None
    doer = doers.pop()
    if doer is None:
        return None
    in_claim = {s.key for s in fact.spans}
    before = _named_before(q, verb)
    if passive_q:
        # "who was Ruth hired by" asks who did it to Ruth; "Ruth hired Bilal" has Ruth doing it
        # (but "Arjun moves to the new project" has no object: who moves is the one moved)
        if any(p + 1 >= len(ci.lower) or ci.lower[p + 1] in PREPOSITIONS or not ci.lower[p + 1].isalnum() for p in at):
            return None
        if not all(_subject_of(fact, doer, p) for p in at):
            return None  # "a Saanen goat named Pippi": the participle modifies a noun, and has no doer
        return before[-1].text if before and _asked_name(doer, {before[-1].key}) else None
    if before:
        asked = before[-1]
        mine = {asked.key}
        if verb.stem in _ERGATIVE and q.kind != "who" and q.hole != "person" and not _direct_object(q) and any(
                _asked_name(s.key, mine) and s.first > p for s in fact.spans for p in at):
            # "when do the choir's rehearsals start" <- "Priya will start the choir's rehearsals at
            # 7:45": what is started starts, so its place after the verb is no other role
            return None
        return asked.text if not _asked_name(doer, mine) and any(_asked_name(k, mine) for k in in_claim) else None
    for span in q.spans:
        if span.first > verb.index and span.prep not in _SYMMETRIC_PREPS and _asked_name(doer, {span.key}):
            if span.prep in ("on", "in", "at", "aboard", "inside") and all(_count_after(ci.lower, p) for p in at):
                # "how many can sleep on Kingfisher Lass" <- "Kingfisher Lass sleeps six": a place
                # that does the verb to a count holds that many
                continue
            return span.text
    return None


_SYMMETRIC_PREPS: frozenset[str] = frozenset({"with", "and", "alongside"})

# Verbs whose object, used without one, is their subject: "she opened the shop" - "the shop opened".
_ERGATIVE = frozenset(stem(w) for w in "start begin open close finish end stop resume restart reopen move".split())


def _named_before(q: Question, verb: Word) -> list[Span]:
    """The question's names before its verb that may do it: no possessor, no preposition's object."""
    return [s for s in q.spans if s.last <= verb.index and not s.possessive and s.prep is None]


def _subject_of(fact: Any, key: str, p: int) -> bool:
    """The name is the verb's subject: only auxiliaries and adverbs stand between them."""
    ends = [sp.last for sp in fact.spans if sp.key == key and sp.last <= p]
    if not ends:
        return False
    between = [t.text.lower() for t in fact.tokens[max(ends):p]]
    return all(w in AUXILIARIES or w == "not" or w.endswith("ly") for w in between)


def _by_a_time(tokens: list[Any], k: int) -> bool:
    """ "rebuilt by 12 July", "done by Friday": a "by" after the verb that gives a time names no doer."""
    lower = [t.text.lower() for t in tokens[k + 1:k + 3]]
    return len(lower) == 2 and lower[0] == "by" and (any(c.isdigit() for c in lower[1]) or lower[1] in MONTHS
                                                     or lower[1] in WEEKDAYS or lower[1] in ("then", "now", "noon", "midnight"))


def _inverted_passive(q: Question, verb: Word) -> bool:
    """ "When is the Brindle Court installation scheduled": a question's "be" comes first, however
    long the subject between it and the participle. Not "how much was the cheque the club
    presented" (a second noun phrase is the participle's own subject), nor "is expected to
    restart" (a complement follows, whose doer the passive does not change)."""
    lower = [t.text.lower() for t in q.tokens]
    k = verb.index
    if not verb.text.endswith(("ed", "en", "wn", "ne")) or " " in verb.text or (k + 1 < len(lower) and lower[k + 1] == "to"):
        return False
    be = next((i for i in range(k) if lower[i] in BE_FORMS), None)
    if be is None or any(w in ("do", "does", "did", "has", "have", "had") for w in lower[:k]):
        return False
    return sum(w in DETERMINERS for w in lower[be + 1:k]) <= 1


def _set_off_participle(ci: ClaimIndex, p: int) -> bool:
    """A past participle set off by a comma before a preposition ("the treatment cost £3,600, paid
    from the Ashdown Fund"): a passive that says what was done to the thing before, not by it
    (unless the comma closes an aside after the subject: "Ana Lopez, a driver, reported to ...")."""
    lower = ci.lower
    return 0 < p < len(lower) - 1 and lower[p - 1] == "," and past_form(lower[p]) \
        and lower[p + 1] in _SET_OFF_PREPS and not _after_subject_aside(ci, p - 1)


_SET_OFF_PREPS = frozenset({"by", "from", "in", "at", "on", "with", "for", "under", "through", "out"})


def _passive_text(tokens: list[Any], upto: int) -> bool:
    """Whether the verb at ``upto`` is passive: "by" right after it, or a form of "be" shortly
    before an -ed/-en form. A "by" elsewhere ("proposed a ban, seconded by Maelle") is not its."""
    lower = [t.text.lower() for t in tokens]
    if not 0 <= upto < len(lower):
        return False
    if upto + 1 < len(lower) and lower[upto + 1] == "by" and not _base_before_by(lower, upto):
        return True
    if lower[upto].endswith(("ed", "en", "wn", "ne")):
        return any(w in BE_FORMS for w in lower[max(0, upto - 4):upto])
    if past_form(lower[upto]) or lower[upto] in SAME_FORM_PARTICIPLES:
        # "was sold", "had been shut": an irregular participle straight after "be"
        k = upto - 1
        while k >= 0 and (lower[k] == "not" or lower[k].endswith("ly")):
            k -= 1
        return k >= 0 and lower[k] in BE_FORMS
    return False


def _base_before_by(lower: list[str], v: int) -> bool:
    """ "did she pay by bank transfer": a verb's base form after "do" has no agent; its "by" says
    how it was done (not "cleaning by Brightweave", "was hired by", "set by the board")."""
    w = lower[v]
    return not w.endswith(("s", "ed", "en", "wn", "ne", "ing")) and not past_form(w) \
        and w not in SAME_FORM_PARTICIPLES and any(x in ("do", "does", "did") for x in lower[max(0, v - 6):v])


def _converse_doer(q: Question, fact: Any, at: list[int]) -> bool:
    """The opposite verb in the claim is done by another name than the question's subject, so it
    says the same from the other side: "did Ashcombe lose to Pennington" against "Pennington beat
    Ashcombe", not "Pennington beat Ashcombe" against "did Pennington lose to Ashcombe"."""
    asked = _named_before(q, q.verb_word) if q.verb_word is not None else []
    if not asked:
        return False
    doers = {_doer(fact, p) for p in at}
    return None not in doers and not any(_asked_name(d, {asked[-1].key}) for d in doers)  # type: ignore[arg-type]


_OWNING = frozenset(stem(w) for w in ("own", "owner", "belong"))


def _owner_given(ci: ClaimIndex, head: Word) -> bool:
    """Whether the claim says whose the thing ``head`` names is: a possessive before it ("Ada Obi's
    old house", "her house"), "of" a name after it, or a verb of owning. "A house in Fenby Wold"
    says whose it is not, so it answers no "whose house"."""
    if ci.stems & _OWNING:
        return True
    lower = ci.lower
    for p in ci.positions(head.concepts):
        if any(w in POSSESSIVE_DETERMINERS for w in lower[max(0, p - 3):p]):
            return True
        if any(sp.possessive and sp.last <= p <= sp.last + 3 for sp in ci.spans):
            return True
        if p + 2 < len(lower) and lower[p + 1] == "of" and any(sp.first in (p + 2, p + 3) for sp in ci.spans):
            return True
    return False


def _possessor_swapped(q: Question, fact: Any, ci: ClaimIndex) -> str | None:
    """ "What was Lena's winning score against Ruth?" with no verb of its own: the possessor does
    what the verbal modifier says ("winning"), so a claim where another name does it ("Ruth beat
    Lena") gives the possessor the other role."""
    if q.verb_word is not None:
        return None
    owner = next((s for s in q.spans if s.possessive), None)
    if owner is None:
        return None
    for w in q.soft:
        if w.index < owner.last or not (w.text.endswith(("ing", "ed")) and verbal(w.text)):
            continue
        if any(owner.last <= s.first and s.last <= w.index for s in q.spans):
            # "how much of Farah's deposit is Pelham Lettings holding back": the name between
            # says who does it, and the possessor only owns the thing
            return None
        at = ci.positions(w.concepts)
        if len(at) != 1 or _passive_text(fact.tokens, at[0]):
            return None
        doer = _doer(fact, at[0])
        mine = {owner.key}
        named = any(_asked_name(s.key, mine) for s in fact.spans)
        return owner.text if doer is not None and not _asked_name(doer, mine) and named else None
    return None


# Verbs of looking a thing over: doing one to a thing says nothing of whose thing it is.
_EXAMINING = frozenset(stem(w) for w in (
    "inspect examine check survey review audit assess test visit photograph measure judge evaluate monitor "
    "observe tour").split())


def _examiner_only(q: Question, fact: Any, ci: ClaimIndex) -> str | None:
    """ "What is Ingrid's plot number?" with no verb of its own asks for the plot that is hers; a
    claim where she only inspected the plot ("Plot 31 was inspected by Ingrid") does not say so."""
    if q.verb_word is not None:
        return None
    owner = next((s for s in q.spans if s.possessive), None)
    if owner is None:
        return None
    mine = {owner.key}
    after = sorted((w for w in (*q.soft, q.head_word) if w is not None and w.index > owner.last), key=lambda w: w.index)
    # the noun owned is the first after the possessive: "Ingrid's plot number" owns a plot, while
    # "Tomasz's inspection of the rope" and "Kenji's finding about the passengers" own no thing looked at
    owned = after[:1]
    if after[1:2] and after[1].index == after[0].index + 1 and after[1] is not q.head_word:
        owned = after[:2]  # "Ingrid's allotment plot number"
    things = {i for w in owned for i in ci.positions(w.concepts)}
    spans = [s for s in fact.spans if _asked_name(s.key, mine)]
    if not things or not spans:
        return None
    toks = [t.text.lower() for t in fact.tokens]

    def plain(lo: int, hi: int) -> bool:
        # the words between belong to one noun phrase and its verb: no clause or phrase break
        return all(w.isalnum() and w not in PREPOSITIONS and w not in ("and", "or") for w in toks[lo:hi])

    for v, word in enumerate(toks):
        if stem(word) not in _EXAMINING or word.endswith("ing") or v and toks[v - 1] in DETERMINERS:
            continue
        if _passive_text(fact.tokens, v):
            # "Plot 31 was inspected by Ingrid": the thing is the subject, the name its "by"
            doer = next((s for s in spans if s.first == v + 2 and toks[v + 1] == "by"), None)
            looked_at = any(v - 4 <= i < v and plain(i + 1, v) for i in things)
        else:
            key = _doer(fact, v)
            doer = next((s for s in spans if s.key == key and s.last <= v), None)
            looked_at = any(v < i <= v + 3 and plain(v + 1, i) for i in things)
        if doer is not None and looked_at:
            return owner.text
    return None


def _agentless(ci: ClaimIndex, verb: Word, asked_passive: bool = True) -> bool:
    """Whether every use of the verb in the claim is a participle set off by a comma with no "by"
    after it: a reduced relative that says what was done, not who did it. Asked in the active
    ("who disconnected the alarm"), a passive after "be" with no "by" is one too ("found that the
    alarm had been disconnected")."""
    at = [i for i, w in enumerate(ci.lower) if w.isalpha() and stem(w) == verb.stem]

    def unsaid_doer(i: int) -> bool:
        rest = ci.lower[i + 1:]
        clause = rest[:next((k for k, x in enumerate(rest) if x in (",", ";", ".")), len(rest))]
        if not past_form(ci.lower[i]) or "by" in ci.lower[i + 1:i + 6] or "by" in clause:
            return False  # ("was installed at the site boundary on 17 June by Eco-Survey")
        if i > 0 and ci.lower[i - 1] == "," and not _after_subject_aside(ci, i - 1):
            return True
        return not asked_passive and i > 0 and ci.lower[i - 1] in BE_FORMS
    return bool(at) and all(unsaid_doer(i) for i in at)


def _asked_passive(q: Question) -> bool:
    """Whether the question's verb may be a passive ("who was appointed treasurer", "who is Room 5
    booked for"), whose answer is not the doer: a form of "be" before it."""
    v = q.verb_word
    return v is not None and any(t.text.lower() in BE_FORMS for t in q.tokens[:v.index])


def _after_subject_aside(ci: ClaimIndex, comma: int) -> bool:
    """Whether the comma closes an aside after a name that opens the claim ("Ana Lopez, a crane
    driver, reported ..."): the verb after it is that name's own."""
    opened = next((k for k in range(comma - 1, -1, -1) if ci.lower[k] == ","), None)
    return opened is not None and any(sp.first == 0 and sp.last == opened for sp in ci.spans)


def _agent_after_verb(q: Question) -> Any:
    """The name of a "by" phrase right after the question's verb ("the email reported by Aurelio
    Stenhouse sent from ..."): the verb then modifies a noun, and a verb after the name is the
    question's own."""
    verb = q.verb_word
    if verb is None:
        return None
    k = verb.index + len(verb.text.split())
    if k < len(q.tokens) and q.tokens[k].text.lower() == "by":
        return next((s for s in q.spans if s.first == k + 1), None)
    return None


def _people_doer(ci: ClaimIndex, q: Question) -> bool:
    """The claim opens with a noun for people that does the question's verb: "The neighbour at 14
    Kestrel Row returned the bag" says who gave it back, though it names no one."""
    lower = ci.lower
    if q.verb_word is None or len(lower) < 3 or lower[0] not in ("the", "a", "an"):
        return False
    verbs = ci.positions(q.verb_word.concepts)
    # (a post's word may modify another noun: "a free club run by ...")
    if not (people_noun(lower[1]) or role_word(lower[1]) and (lower[2] in PREPOSITIONS or 2 in verbs)):
        return False
    # the verb follows the noun's own phrase ("at 14 Kestrel Row"), before any other clause
    return any(p > 1 and not any(w in (",", "who", "which", "that") for w in lower[2:p]) for p in verbs)


def _head_grounded(ci: ClaimIndex, q: Question) -> bool:
    """The question's head word is in the claim. A person asked by an agent noun is grounded by the
    noun's own verb, or by a role word of its relation group ("manager" <- "Head of Platform"), but not
    by another verb of that group: "who is the publisher of X" is not answered by "Y will launch her
    novel X", though a firm that launches a book may publish it."""
    w = q.head_word
    if w is None or not _grounded(ci, w):
        return False
    spots = ci.positions(w.concepts)
    if spots and not w.text.lower().endswith("ing") and w.text.lower() not in ci.lower \
            and all(ci.lower[p].endswith("ing") and p > 0 and ci.lower[p - 1] in ("for", "of") for p in spots):
        # "what breed is Ewe 3052" is not answered by "should not be kept for breeding": the
        # claim has the act, not the noun asked
        return False
    if q.hole != "person" or not _agent_stems(w.text):
        return True
    if ci.has(frozenset(c for c in w.concepts if not c.startswith("R:"))) or w.text.lower() in ci.concepts:
        return True
    groups = frozenset(c for c in w.concepts if c.startswith("R:"))
    roles = ci.types.get("role", set())
    return any(ci.lower[p] in roles or role_word(ci.lower[p]) for p in ci.positions(groups))


def _agent_stems(noun: str) -> frozenset[str]:
    """The stems of the verb an agent noun is made from: "director" → direct, "owner" → own, "organiser" →
    organise, "winner" → win, "founder" → found(ed)."""
    w = noun.lower()
    if w in _AGENT_VERBS:
        return frozenset(stem(v) for v in _AGENT_VERBS[w])
    if len(w) < 5 or not w.endswith(("er", "or")):
        return frozenset()
    base = w[:-2]
    bases = [base, base + "e"] + ([base[:-1]] if len(base) > 2 and base[-1] == base[-2] else [])
    return frozenset(stem(b + "ed") for b in bases if is_verb(b)) | frozenset(stem(b) for b in bases if is_verb(b))


# Agent nouns not made from their verb by -er/-or: "her lawyer" is who represents her.
_AGENT_VERBS: dict[str, tuple[str, ...]] = {
    "lawyer": ("represent", "defend"), "solicitor": ("represent",), "barrister": ("represent", "defend"),
    "attorney": ("represent",), "agent": ("represent",), "doctor": ("treat",), "physician": ("treat",),
    "gp": ("treat",), "dentist": ("treat",), "vet": ("treat",), "surgeon": ("operate",), "coach": ("coach", "train"),
    "tutor": ("tutor", "teach"), "mentor": ("mentor",), "boss": ("manage", "supervise"), "chair": ("chair",),
    "landlord": ("let",), "landlady": ("let",), "carer": ("care",), "captain": ("captain", "skipper"),
}


def _agent_filled(ci: ClaimIndex, noun: Word, q_spans: set[str]) -> bool:
    """The claim names who does the agent noun's verb, as "<verb> by <name>" or "<name> <verb>",
    with the question's own names on the other side of the verb ("Ines directed 'Salt Orchard'")."""
    verbs = _agent_stems(noun.text)
    if not verbs:
        return False
    others = [s for s in ci.spans if not _asked_name(s.key, q_spans)]
    asked = [s for s in ci.spans if _asked_name(s.key, q_spans)]
    for p, w in enumerate(ci.lower):
        if stem(w) not in verbs:
            continue
        if p + 2 < len(ci.lower) and ci.lower[p + 1] == "by" and any(s.first == p + 2 for s in others):
            return not asked or all(s.last <= p for s in asked)
        if any(s.last == p for s in others) and asked and all(s.first > p for s in asked):
            return True
    return False


def _agent_swapped(ci: ClaimIndex, noun: Word, q_spans: set[str]) -> str | None:
    """The question's name that the claim makes the doer of the agent noun's verb, if any: the
    question asks for the doer, so its own name must be the one the verb is done to."""
    verbs = _agent_stems(noun.text)
    at = [p for p, w in enumerate(ci.lower) if stem(w) in verbs]
    if len(at) != 1:
        return None
    p = at[0]
    if p + 1 < len(ci.lower) and ci.lower[p + 1] == "by" or p > 0 and ci.lower[p - 1] in BE_FORMS:
        return None  # a passive: its subject is the one the verb is done to
    for s in ci.spans:
        if _asked_name(s.key, q_spans) and s.last == p:
            return s.text
    return None
