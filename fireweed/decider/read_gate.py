"""The read gate: answer only when a stored claim about the asked subject fills the asked hole.

Order of checks, each a refusal with its own code:

1. **Subjects.** Every name in the question must resolve to an entity of
   this tenant (full name, unique first or last name, possessive, any case).
   A name never seen → ``entity_not_found``; a name shared by two entities →
   ``ambiguous_subject`` with the candidates.
2. **Demand head.** Among the claims that name the subjects (all of them,
   except names that only set the scene: "in Oslo"), one must ground
   what is asked: the head noun ("which *squad*"), or a value of the asked
   type that the question did not already state (a date for "when", money
   for "how much ... cost"), and the main verb ("when did she *leave*").
   Else ``unknown_predicate`` naming the term, with the subject's known
   relations as the remedy.
3. **Premise.** When the claims about the subject state the opposite of the
   question's predicate ("reject" against "approved"), or its negation ("was
   not renewed"), the question rests on a false premise: ``false_premise``,
   citing the claim.

A question that names nobody ("What did the roof repair cost?") is matched
on its content words instead, with a stricter share of them required.
Only ``active`` and ``disputed`` memories are ever returned; the answer lists
the grounded claims, most specific first.

>>> from fireweed.decider.projection import Projection
>>> p = Projection()
>>> for seq, (k, pl) in enumerate(p.plan_remember("t", "Ada Obi joined Acme in 2019.", "", {}, "s", None, None).events, 1):
...     p.apply("t", seq, k, pl, "2024-01-01T00:00:00Z")
>>> p.recall("t", "When did Ada Obi join Acme?").verdict
'answered'
>>> a = p.recall("t", "When did Ada Obi leave Acme?")
>>> (a.code, a.term)
('unknown_predicate', 'leave')
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fireweed.decider.facts import CHANGE_VERBS, COPULAS, REPORTING_STEMS, moved_from, resulting_state
from fireweed.decider.grounding import (AM_PM, CLOCK_RE, PRIOR_MARKERS, TIMES_WORDS, ClaimIndex, age_clause, index_of, is_measure_unit, money_token,
                                        year_of_origin)
from fireweed.decider.lexicon import (AUXILIARIES, BE_FORMS, MONTHS, PREPOSITIONS, SAME_FORM_PARTICIPLES, STOPWORDS, WEEKDAYS,
                                       is_number, is_verb, past_form, people_noun, role_word, stem)
from fireweed.decider.name_spans import Span, guess_kind
from fireweed.decider.numerals_grounded import unit_word
from fireweed.decider.text import CARDINAL_WORDS, NUMBER_WORDS
from fireweed.decider.question import (DETERMINERS, LIGHT_VERBS, PLACING_VERBS, SETTING_PREPS, TYPE_NOUNS, Question, Word, analyse,
                                      past_marker_at, verbal)
from fireweed.decider.relations import lexicon, verb_of_noun

if TYPE_CHECKING:  # the projection imports this module: at run time it is imported where used
    from fireweed.decider.projection import RecallAnswer

__all__ = ["answer"]

_MAX_QUERY = 2000
_PRICE_VERBS = frozenset(stem(w) for w in ("cost", "charge", "price", "quote"))
# money someone earns, and the words that say it is earned
_PAY_NOUNS = frozenset(stem(w) for w in ("salary", "wage", "wages", "pay", "paid", "earn", "earnings", "income",
                                         "stipend", "pension", "allowance", "earns", "earned"))
# a value asked as the ordinary one, and words that mark a claim's value as not that
_USUAL = frozenset({"normal", "usual", "standard", "regular", "ordinary", "full"})
_ALTERED = frozenset({"reduced", "discounted", "temporary", "temporarily", "concessionary", "promotional",
                      "introductory", "interim", "special", "cut-price", "half-price"})
# words that state a sum as what something costs
_PRICE_WORDS = frozenset(stem(w) for w in ("cost", "costs", "charge", "price", "fee", "rate", "tariff", "quote"))
_PAYING_VERBS = frozenset(stem(w) for w in ("pay", "spend"))
# prices that may be set as a share of a sum rather than a sum
_SHARE_PRICES = frozenset(stem(w) for w in ("fee", "charge", "levy", "commission", "rate", "tax", "royalty"))
_PURCHASE = frozenset({"R:buy", "R:pay", "R:rent"})
_PRICE_NOUNS = frozenset(stem(w) for w in ("cost", "price", "fee", "fare", "charge"))
# Verbs that tell of something that begins or changes, and so is new: "joined as Year 4 teacher"
# answers "who is the new Year 4 teacher", "broke the record with 12.1 seconds" the new record.
_NEW_VERBS = CHANGE_VERBS | frozenset(stem(w) for w in (
    "join", "appoint", "elect", "hire", "recruit", "start", "begin", "become", "promote", "install",
    "buy", "purchase", "acquire", "succeed", "launch", "open", "break", "broke", "set", "fit", "build",
    "built", "rename", "took", "take", "rise", "rose", "risen", "fall", "fell", "fallen"))
_TIMES_STEM = stem("times")
_TOPIC_NOUNS = frozenset(stem(w) for w in ("subject", "topic", "theme"))
_MAKE_NOUNS = frozenset(stem(w) for w in ("model", "make", "brand", "manufacturer"))
_GENERIC_HEADS = frozenset(stem(w) for w in ("number", "code", "id"))
_HOLE_WORDS = {
    "person": "who", "date": "when", "place": "where", "reason": "why", "number": "how many",
    "amount": "how much", "money": "how much", "duration": "how long", "age": "how old", "clock": "what time", "time": "time", "lateness": "how late",
    "mass": "weight", "measure": "how much", "dose": "dose", "temp": "temperature", "year": "year",
    "day": "day", "title": "title", "name": "name", "role": "role", "constraint": "restriction",
    "purpose": "purpose", "frequency": "how often", "distance": "distance", "percent": "percentage",
    "org": "company", "rate": "rate", "colour": "colour",
}


@dataclass
class _Match:
    mid: str
    state: str
    score: float
    ok: bool
    missing: str | None
    premise: bool = False


def _abstain(code: str, term: str | None, remedy: str, **kw: Any) -> Any:
    from fireweed.decider.projection import RecallAnswer

    return RecallAnswer("abstained", code, term, remedy, **kw)


def answer(view: Any, query: str, limit: int = 5) -> Any:
    """Run the gate for one question over one tenant's view (see the module docstring)."""
    from fireweed.decider.projection import RecallAnswer

    if not isinstance(query, str) or not query.strip():
        return _abstain("empty_query", None, "Ask a question in words, e.g. 'Where does Ada Obi work?'.")
    if len(query) > _MAX_QUERY:
        return _abstain("query_too_long", None, f"Ask one question of at most {_MAX_QUERY} characters.")
    limit = limit if isinstance(limit, int) and not isinstance(limit, bool) and limit > 0 else 5
    q = analyse(query, known=view.known_token, name_keys=view.known_key)
    if q.kind == "empty":
        return _abstain("empty_query", None, "Ask a question in words, e.g. 'Where does Ada Obi work?'.")

    # 1. every named subject resolves to exactly one entity of this tenant
    resolved = _resolve_spans(view, q, demote=True)
    if isinstance(resolved, RecallAnswer):
        return resolved
    required, setting, plain = resolved
    if plain:
        # names only ever written at the start of a claim's sentence: read again as plain words
        q = analyse(query, known=view.known_token, name_keys=view.known_key, plain=plain)
        resolved = _resolve_spans(view, q, demote=False)
        if isinstance(resolved, RecallAnswer):
            return resolved
        required, setting, _ = resolved

    # 2. candidates: the claims about those subjects
    if required:
        sets = [set(view.memories_of(e)) | view.spelt_unfiled(e) for e in required]
        cands = set.intersection(*sets) if sets else set()
        lowered = frozenset(s.key for s in q.spans if not any(c.isupper() for c in s.text))
        if not cands and len(required) > 1 and lowered:
            # "the route 7 diversion via Sedge Lane": a name typed in lower case that the store
            # knows may be one a claim wrote in lower case too, and so never named; read as words
            q2 = analyse(query, known=view.known_token, name_keys=view.known_key, plain=plain | lowered)
            again = _resolve_spans(view, q2, demote=False)
            if not isinstance(again, RecallAnswer) and again[0]:
                sets2 = [set(view.memories_of(e)) for e in again[0]]
                if set.intersection(*sets2):
                    q, (required, setting, _) = q2, again
                    sets, cands = sets2, set.intersection(*sets2)
        if not cands and len(required) > 1:
            names = " and ".join(view.entity_name(e) for e in required)
            return _abstain(
                "unknown_predicate", view.entity_name(required[-1]),
                f"No stored claim names {names} together. Known about {view.entity_name(required[0])}: "
                + _relations_text(view, required[0]),
            )
        anchored = True
    elif setting:
        cands = set().union(*(set(view.memories_of(e)) for e in setting))
        anchored = True
    else:
        stems = [w.stem for w in q.words if " " not in w.stem]
        counts = view.memories_with_any(stems + [s for w in q.words for s in _stem_variants(w)])
        need = max(1, (len(set(stems)) + 1) // 2)
        cands = {m for m, c in counts.items() if c >= need}
        anchored = False
    visible: list[tuple[str, str]] = []
    for mid in cands:
        st = view.visible(mid)
        if st is not None:
            visible.append((mid, st))
    if not visible and required and "still" not in (t.text.lower() for t in q.tokens):
        then = [m for m in _then_true(view, q, required, setting, {s.key for s in q.spans}, True) if m.ok]
        if then:
            then.sort(key=lambda m: (-m.score, -view.seq(m.mid)))
            return RecallAnswer("answered", None, None, None, [view.result(m.mid, m.state) for m in then[:limit]])
    if not visible:
        if required:
            who = view.entity_name(required[0])
            return _abstain(
                "unknown_predicate", _term_of(q) or who,
                f"Nothing current is stored about {who} that answers this. Known: " + _relations_text(view, required[0]),
            )
        return _abstain("unknown_predicate", _term_of(q), "No stored claim mentions what this question asks about.")

    if q.about:
        visible.sort(key=lambda x: -view.seq(x[0]))
        return RecallAnswer("answered", None, None, None, [view.result(m, s) for m, s in visible[:limit]])

    q_spans = {s.key for s in q.spans}
    matches = [_evaluate(view, q, mid, st, required, setting, q_spans, anchored) for mid, st in visible]
    good = [m for m in matches if m.ok]
    premise = [m for m in matches if m.premise]
    if premise and not good and q.kind not in ("yesno", "keyword"):
        premise.sort(key=lambda m: -view.seq(m.mid))  # the latest first, in the same order every run
        cite = [view.result(m.mid, m.state) for m in premise[:3]]
        return _abstain(
            "false_premise", q.verb_word.text if q.verb_word else _term_of(q),
            "The question assumes something the stored claims contradict; see the cited claim.",
            cited=cite,
        )
    if not good and q.kind == "keyword" and required:
        # a keyword query has no grammatical subject: its names may be topic words that a claim
        # about someone else carries in other words; every other word must then match
        counts = view.memories_with_any([w.stem for w in q.words])
        need = len({w.stem for w in q.words})
        extra = [(m, view.visible(m)) for m, c in counts.items() if c >= need and need >= 2 and m not in cands]
        more = [_evaluate(view, q, m, st, [], [], q_spans, True) for m, st in extra if st is not None]
        good = [m for m in more if m.ok]
    past_tense = _past_auxiliary(q)
    # A yes/no question asks about now unless it is told in the past ("Did Greta live in Bergen?"):
    # one about now is answered by the successor of a replaced claim, one about then by the
    # replaced claim itself, as when nothing current is stored at all.
    asks_still = ("still" in (t.text.lower() for t in q.tokens)
                  or (q.kind == "yesno" and not (q.past or past_tense)))
    if not good and required and (asks_still or not (q.past or past_tense)):
        # "Is Pepper still on four meals a day?": the claim that matches may have been replaced;
        # its current successor is the answer. So too for "Where does Greta live?" once "Greta has
        # moved to Tromso" replaced "Greta lives in Bergen": an event that left a new state
        # answers for the state, though it says it in other words.
        succ = view.successors(required[0])
        if not asks_still:
            # ("what monthly rent does the shop pay" once "the shop's monthly rent rose to £1,320"
            # replaced "pays a monthly rent of £1,150": an update of the very thing asked)
            asked = {w.stem for w in q.words}
            # (or a redoing of the same act: "has been rebooked onto the sunrise flight" for "is booked
            # on the 06:10 flight")
            succ = {old: new for old, new in succ.items() if (f := view.fact(new)) is not None
                    and (resulting_state(f) or f.update and f.attribute in asked or moved_from(f)
                         or f.update and (g := view.fact(old)) is not None and g.relation == f.relation)}
        replaced = sorted(succ, key=lambda i: -view.seq(i))[:_REPLACED_LOOKED_AT]
        old = [_evaluate(view, q, mid, "superseded", required, setting, q_spans, anchored) for mid in replaced]
        now = {succ[m.mid] for m in old if m.ok}
        if now:
            ids = sorted(now, key=lambda i: -view.seq(i))  # type: ignore[arg-type]
            return RecallAnswer("answered", None, None, None, [view.result(i, view.visible(i)) for i in ids[:limit]])
    if not good and required and not asks_still:
        old = _then_true(view, q, required, setting, q_spans, anchored)
        if old:
            matches = matches + old
            good = [m for m in old if m.ok]
    if not good and required and all(s.prep in SETTING_PREPS and not s.possessive for s in q.spans) \
            and not (q.hole in ("number", "amount") and _counted_where(q)):
        # "who will captain the ladies' section at Hollowmere" <- "the ladies' section will be
        # captained by ...", from a source that names Hollowmere: a place the question sets its
        # question at may be named only by the claim's own source, the document it was quoted from.
        # Not a count placed there ("how many flats are in Block C"): a count holds for where it was
        # counted, and a claim that does not say where may count somewhere wider (see _evaluate)
        near = view.same_source(required)
        # The named thing's own claims that fail only on a number the question states ("three
        # nights") do tell its relation: a claim from its source about someone else that has the
        # number is about that one ("a short break on Marsh Harrier" is not priced by "Wagtail costs
        # £490 for a short break of three nights"), unless the name it gives is what is asked.
        told = q.hole not in _NAMED_HOLES and any(m.missing in q.numbers for m in matches)
        more = [_evaluate(view, q, m, st, [], [], q_spans, False) for m in near - cands
                if (st := view.visible(m)) is not None and not _placed(view.fact(m))
                and not (told and set(view.subjects(m)) - set(required))
                and not _names_a_sibling(view, m, required)]
        good = [m for m in more if m.ok]
        if good:
            matches = matches + more
    if not good:
        # the candidates come from a set: a tie goes to the claim recorded last, so the term named
        # is the same from run to run
        best = max(matches, key=lambda m: (m.score, view.seq(m.mid)))
        term = best.missing or _term_of(q)
        if required:
            who = view.entity_name(required[0])
            remedy = f"No stored claim about {who} grounds '{term}'. Known about {who}: " + _relations_text(view, required[0])
        else:
            remedy = f"No stored claim grounds '{term}'."
        return _abstain("unknown_predicate", term, remedy)
    # ("who will captain the first XI in 2025" asks of what is to come, which a later handing-on
    # says as well as it says what is so now)
    future = any(t.text.lower() in ("will", "shall") for t in q.tokens)
    if (q.present or asks_still or future) and not q.past and required:
        later = _said_now_since(view, good, matches, required)
        if later is not None:
            # "Tobias Krell, now head of analytics at Gridfall Esports, judged ..." recorded after
            # "Tobias Krell joins Gridfall Esports as head coach": what the later claim says the
            # subject is now is the present state of what the earlier one told
            rest = sorted(good, key=lambda m: (-m.score, -view.seq(m.mid)))
            return RecallAnswer("answered", None, None, None,
                                [view.result(m.mid, m.state) for m in [later, *rest][:limit]])
    if q.present and not q.past and required:
        # "how much is the Inchcarra fare now": of the claims about the named thing that answer
        # about as well, the one recorded last says what is so now (an older claim may match a
        # word or two more of the question). Without a name the claims may be about other things.
        # A claim that says its value was revised ("at her revised rate of €0.16") answers with
        # the others near the top, though it says the asked verb in other words.
        top = max(m.score for m in good)
        good.sort(key=lambda m: (m.score < top - 1.0 and _revised_value(_claim_of(view, m)) is None
                                 and not (m.score >= top - 2.0 and _CHANGED_TO.search(_claim_of(view, m))),
                                 -view.seq(m.mid), -m.score))
    else:
        good.sort(key=lambda m: (-m.score, view.seq(m.mid) if q.past else -view.seq(m.mid)))
        if not (q.past or past_tense) and q.kind != "yesno" and len(good) > 1:
            # "until what date is Bramley Lock closed": a later claim that tells the value was changed
            # ("has extended the closure to 28 March") says what it is now, though an older one
            # matches a word or two more of the question
            top = good[0]
            # (and only one that still says what the best answer says of the question: "application
            # 24/0317/FUL site" is not told by "its hearing has moved to 19 June")
            top_ci = index_of(view.fact(top.mid))
            asked = [w for w in (q.head_word, q.verb_word, *q.soft) if w is not None and _grounded(top_ci, w)]
            changed = [m for m in good[1:] if view.seq(m.mid) > view.seq(top.mid) and m.score >= top.score - 2.0
                       and _CHANGED_TO.search(_claim_of(view, m))
                       and _says_asked(index_of(view.fact(m.mid)), asked, q)]
            if changed:
                first = max(changed, key=lambda m: view.seq(m.mid))
                good = [first] + [m for m in good if m is not first]
    return RecallAnswer("answered", None, None, None, [view.result(m.mid, m.state) for m in good[:limit]])


def _counted_only(ci: ClaimIndex, head: Word) -> bool:
    """Whether every mention of the plural noun in the claim only counts it ("the 3 IP addresses"),
    with no name, code or list after it to say which ones."""
    if not head.text.endswith("s"):
        return False
    names = {sp.first for sp in ci.spans}
    lower = ci.lower
    spots = [p for p in ci.positions(head.concepts) if stem(lower[p]) == head.stem]
    for p in spots:
        # a plain count, not a time or a model number inside a name ("the 07:15 sailings", "Coles 4038")
        counted = any((w.isdigit() or w in CARDINAL_WORDS) and k not in ci.named
                      for k, w in enumerate(lower[max(0, p - 3):p], start=max(0, p - 3)))
        after = lower[p + 1:p + 3]
        said = after[:1] in ([":"], ["("], ["-"]) or after[:1] and after[0][:1].isdigit() or p + 1 in names \
            or after[:1] == [","] and p + 2 in names  # "two apprentice advisors, Callum Reid and ..."
        if not counted or said:
            return False
    return bool(spots)


def _head_takes_prep(q: Question) -> bool:
    """ "What is Hamid allergic to?": the prep left at the end is the head's own, so the head is
    what the claim must say, not a kind a claim's "to X" may fill."""
    k = q.head_word.index + 1 if q.head_word is not None else len(q.tokens)
    return k < len(q.tokens) and q.tokens[k].text.lower() == q.prep


# verbs that only say an event takes place or is set for a time, which a move of its time or place keeps
_SCHEDULED = frozenset(stem(w) for w in ("hold", "run", "happen", "occur", "meet", "sit", "schedule", "plan", "book",
                                          "arrange", "due"))
_MOVED_TO = frozenset({"moved", "rescheduled", "switched", "changed", "shifted", "transferred"})


def _rescheduled(q: Question, ci: ClaimIndex) -> bool:
    """ "On which day is the storytime held" <- "the storytime has moved to Fridays": a time or
    place an event has moved to is where or when it now takes place."""
    if q.verb_word is None or q.verb_word.stem not in _SCHEDULED or q.hole not in ("date", "day", "clock", "time", "place"):
        return False
    lower = ci.lower
    return any(w in _MOVED_TO and k + 1 < len(lower) and lower[k + 1] == "to" for k, w in enumerate(lower))


# the "how" words whose measure is a length
_EXTENTS = frozenset({"deep", "wide", "tall"})
# kinds that typed() widens to others ("day" takes a date too): the very kind answers better
_WIDENED = frozenset({"day", "time", "date", "year", "amount", "measure", "name"})


def _says_asked(ci: ClaimIndex, asked: list[Word], q: Question) -> bool:
    """Whether a claim says every one of the asked words, an event's verb being said as well by
    a move of its time or place ("the gala has moved to Ashgrove Barn" for "where is it held")."""
    return all(_grounded(ci, w) or (w is q.verb_word and _rescheduled(q, ci)) for w in asked)


# a value told as changed: "rises to £31", "has extended the closure to 28 March"
_CHANGED_TO = re.compile(r"\b(?:rises?|rose|risen|falls?|fell|fallen|increased?|increases|raised?|raises|reduced?|reduces|cut|"
                         r"lower|lowered|lowers|extend|extended|extends|shortened|moved|changed|put up|brought forward|pushed back|"
                         r"revised|revises|amended|amends|adjusted|adjusts|updated|updates)"
                         r"\s+(?:[^,;.]{0,40}?\s+)?to\b"
                         # a verb done again says the value it was done with before is changed
                         r"|\b(?:rescheduled|rebooked|reassigned|reallocated|relocated|re-?routed)\b", re.IGNORECASE)


# "Tobias Krell, now head of analytics at Gridfall Esports, judged ...": a name set off by a comma
# and "now", then what the named one is now, to the next comma
_NOW_APPOSED = re.compile(r",\s+now\s+([^,;]+?)\s*(?:[,;]|$)")
# "has moved to the Tollbridge branch", "was transferred to ...": a change of place or post told as
# done; what follows is where the subject is now
_MOVED_ON = re.compile(r"\b(?:has|have|had|was|were|will)\s+(?:now\s+)?(?:been\s+|be\s+)?"
                       r"(?:moved?|transferred|transfer|relocated?|switch(?:ed)?|promoted|reassigned|posted)\s+"
                       r"(?:[^,;.]{1,60}?\s+)?to\b",
                       re.IGNORECASE)  # ("will move from courts to the health beat": the latest word on it)


# "handed the tool library over to", "passed the captaincy on to": a post or a charge given up
_HANDED_ON = re.compile(r"\b(?:handed|passed|turned)\s+(?:over\s+|on\s+)?([^,;]{1,60}?)\s+(?:over\s+|on\s+)?to\b",
                        re.IGNORECASE)


_REVISING = frozenset("revised new increased raised reduced lowered updated amended".split())
_VALUE_KINDS = frozenset({"money", "rate", "amount", "date", "clock", "day", "dose", "duration", "number", "time"})


def _claim_of(view: Any, m: _Match) -> str:
    f = view.fact(m.mid)
    return f.claim if f is not None else ""


def _revised_value(claim: str) -> str | None:
    """What follows a word saying a value was revised, before a noun of a kind of value ("her revised
    rate of €0.16 per word", "the new fee is £60"): the words of the value that replaced another."""
    words = re.findall(r"[\w'-]+|[^\w\s]", claim)
    for k in range(len(words) - 1):
        if words[k].lower() in _REVISING and TYPE_NOUNS.get(stem(words[k + 1].lower())) in _VALUE_KINDS:
            return " ".join(words[k + 2:])
    return None


def _said_now_since(view: Any, good: list[_Match], matches: list[_Match], required: list[str]) -> _Match | None:
    """A claim recorded after every other answer that sets off after the subject's name what it
    is *now*, says it has moved something to somewhere, or that it handed something on, in words
    one of those answers also uses ("principal cellist", "Gridfall Esports", "the Tool Library"):
    for a question about the present it comes first, though it does not answer in the question's
    own words. It can only reorder answers, never answer where nothing did."""
    if not good:
        return None
    subject = required[0]
    name = view.entity_name(subject)
    asked_last = [view.entity_name(r).lower().split()[-1] for r in required]
    name_words = {stem(w) for w in re.findall(r"[\w'-]+", name.lower())}
    ranked = sorted(good, key=lambda g: -view.seq(g.mid))
    top, top_seq = ranked[0], view.seq(ranked[0].mid)
    # the words of the answers other than the latest, and of all of them: once, not per candidate
    raw_rest = [w for g in ranked[1:] for w in re.findall(r"[\w'-]+", _claim_of(view, g).lower())]
    raw_all = raw_rest + re.findall(r"[\w'-]+", _claim_of(view, top).lower())
    for m in sorted(matches, key=lambda x: -view.seq(x.mid)):
        seq = view.seq(m.mid)
        if seq < top_seq:
            break  # every later one was looked at: what remains is older than an answer
        # an answer itself may be the one that says what is now, when it is later than the others
        is_top = m.mid == top.mid
        if (is_top and len(ranked) < 2) or (not is_top and seq == top_seq) or subject not in view.subjects(m.mid):
            continue
        others = raw_rest if is_top else raw_all
        said = {stem(w) for w in others if w not in STOPWORDS}
        claim = _claim_of(view, m)
        hit = _NOW_APPOSED.search(claim)
        handed = _HANDED_ON.search(claim)
        if hit is not None and claim[:hit.start()].lower().endswith(name.lower().split()[-1]):
            told = hit.group(1)  # the "now" phrase right after the subject's name
        elif handed is not None:
            # "handed the Saltmarsh Tool Library over to Wilhelmina": what was handed on, which
            # may be the subject itself, is no longer the one's who handed it
            thing = {stem(w) for w in re.findall(r"[\w'-]+", handed.group(1).lower()) if w not in STOPWORDS}
            if thing & (said | name_words):
                return m
            continue
        else:
            moved = _MOVED_ON.search(claim)
            if moved is None:
                continue
            # what moved is one the question names, before the verb or as its object, not after
            # "from": "Chen has moved from the Port Ardmhor office to ..." tells nothing of a fare
            # between Port Ardmhor and Inchkerra
            moved_what = re.split(r"\bfrom\b", claim[moved.start():moved.end()], maxsplit=1, flags=re.IGNORECASE)[0]
            if not any(w in claim[:moved.start()].lower() or w in moved_what.lower() for w in asked_last):
                continue
            told = claim[moved.start():]  # "has moved (the café) to the Tollbridge branch of ..."
        raw = [w for w in re.findall(r"[\w'-]+", told.lower()) if w not in STOPWORDS]
        # a shared date is no shared thing: "promoted to senior technician on 1 February" does not
        # tell what route "from 17 February ... will cover the Millbrook route" was replaced by
        if ({stem(w) for w in raw if not _time_word(w)} - name_words) & said:
            return m
        if hit is not None and any(role_word(w) for w in raw) and any(role_word(w) for w in others):
            # "Marisol, now president of the society" after "Marisol, the club treasurer": a post
            # said to be hers now replaces the post an answer gave her, in whatever words
            return m
    return None


def _time_word(w: str) -> bool:
    """A month, a weekday or a word with a digit: what dates a claim, not what it is about."""
    return w in MONTHS or w in WEEKDAYS or any(c.isdigit() for c in w)


def _measured_stuff(q: Question) -> list[Word]:
    """The words after "of" that follow a unit the question counts in ("how many kilograms of
    tinned fish", "how many hours of overtime"): what is measured."""
    head = q.head_word
    if q.kind != "how" or head is None or not is_measure_unit(head.text):
        return []
    toks = q.tokens
    if head.index + 1 >= len(toks) or toks[head.index + 1].text.lower() != "of":
        return []
    soft = {w.index: w for w in q.soft}
    out: list[Word] = []
    k = head.index + 2
    while k < len(toks) and (k in soft or toks[k].text.lower() in DETERMINERS):
        if k in soft:
            out.append(soft[k])
        k += 1
    return out


def _names_side_by_side(view: Any, q: Question, span: Span) -> list[Span]:
    """ "Otters Kestrels final score": two known names written side by side, which no entity
    holds as one, split into the two; none unless each part is how a known name ends ("Ada
    Smith" is more likely one unknown person than Ada Obi and Bo Smith), nor when every part
    is a person's."""
    if not 2 <= len(span.tokens) <= 3 or span.last - span.first != len(span.tokens) or span.possessive:
        return []
    if view.resolve(span.tokens, ()).status != "not_found":
        return []
    parts: list[Span] = []
    seen: set[str] = set()
    people = 0
    for k in range(span.first, span.last):
        tok = q.tokens[k]
        res = view.resolve((tok.text.lower(),), ())
        if res.status != "resolved" or not tok.text[:1].isupper() or seen & set(res.entity_ids) \
                or any(view.entity_tokens(e)[-1:] != (tok.text.lower(),) for e in res.entity_ids):
            return []  # each the last word of a known name ("Otters" of "Glenmoor Otters")
        seen.update(res.entity_ids)
        people += all(view.entity_kind(e) == "person" for e in res.entity_ids)
        parts.append(dataclasses.replace(span, first=k, last=k + 1, start=tok.start, end=tok.end, text=tok.text,
                                         tokens=(tok.text.lower(),), possessive=False))
    # two surnames side by side may as well be one unknown person's name ("Morgan Reid")
    return parts if people < len(parts) else []


def _resolve_spans(view: Any, q: Question, demote: bool) -> RecallAnswer | tuple[list[str], list[str], frozenset[str]]:
    """The entities the question's names resolve to, as (required, setting, names to read as plain
    words), or the abstention when one names nothing or more than one thing. With ``demote``, a
    name no entity holds that only opens a claim's sentence is set aside instead of refused."""
    required: list[str] = []
    setting: list[str] = []
    plain: set[str] = set()
    lower = [t.text.lower() for t in q.tokens]
    for span_was in list(q.spans):
        parts = _names_side_by_side(view, q, span_was)
        if parts:
            at = q.spans.index(span_was)
            q.spans[at:at + 1] = parts
    for span_was in list(q.spans):
        span = span_was
        context = tuple(w for w in lower[span.last : span.last + 2] if w.isalpha())
        res = view.resolve(span.tokens, context)
        if res.status == "not_found" and len(span.tokens) >= 2 and lexicon().kinds_for(span.tokens[0]) \
                and view.known_key(" ".join(span.tokens[1:])):
            # "the Labrador Biscuit": a kind written in front of a whole known name says what the
            # named one is; the name is Biscuit, and the kind a description a claim must not
            # contradict (but "the Winter Showcase" is no "Summer Showcase": only a full name)
            named = view.resolve(span.tokens[1:], context)
            at = next((k for k in range(span.first, span.last) if lower[k] == span.tokens[0]), None)
            if named.status == "resolved" and at is not None and at + 1 < span.last:
                res = named
                name_at = q.tokens[at + 1]
                q.apposition.append(Word(stem(lower[at]), q.tokens[at].text, at))
                span = dataclasses.replace(span, first=at + 1, start=name_at.start, tokens=span.tokens[1:],
                                           text=q.text[name_at.start:span.end])
                q.spans[q.spans.index(span_was)] = span
        if res.status == "not_found":
            if demote and (_only_opens_sentences(view, span) or _capital_only_opens_query(view, span)):
                plain.add(span.key)
                continue
            return _abstain(
                "entity_not_found", span.text,
                f"No memory names '{span.text}'. Check the spelling, or remember a claim about it first.",
            )
        told = _told_apart(view, q, span, res) if res.status == "ambiguous" else None
        if told is not None:
            res = dataclasses.replace(res, status="resolved", entity_ids=[told])
        if res.status == "ambiguous":
            return _abstain(
                "ambiguous_subject", span.text,
                f"'{span.text}' could be {res.names()}. Ask again with the full name.",
                candidates=res.candidates,
            )
        if "according" in lower[max(0, span.first - 3):span.first]:
            # "..., according to treasurer Declan Ó Riordáin": who told it, not what it is about;
            # the claim must still name the teller, as words
            plain.add(span.key)
            continue
        eid = res.entity_ids[0]
        known = tuple(view.entity_tokens(eid))
        opening = span.first == next((k for k, t in enumerate(q.tokens) if any(c.isalnum() for c in t.text)), 0)
        if known and len(known) < len(span.tokens) and span.tokens[-len(known):] == known and not opening:
            # (a capital that opens the question is the sentence's: "Current Fenwick Retail Park target")
            q.name_extras.extend(w for w in span.tokens[:-len(known)] if w not in q.name_extras)
        if span.prep in SETTING_PREPS and not span.possessive and required:
            if eid not in setting and eid not in required:
                setting.append(eid)
                if span.prep in ("to", "into"):
                    q.destinations.append(eid)
        elif eid not in required:
            required.append(eid)
            if eid in setting:
                setting.remove(eid)
    return required, setting, frozenset(plain)


def _told_apart(view: Any, q: Question, span: Span, res: Any) -> str | None:
    """The one candidate of an ambiguous name whose claims say more of the question's other words
    than any other candidate's ("Kestrel Point adult ticket price": the Ice Arena's claim has adult
    tickets, the Falcons' have none), at least two of them; None when no one candidate does. Only
    for the opening words of every candidate's name: a surname ("Obi") may be either Obi's,
    whatever each of them did."""
    if res.more or not res.candidates:
        return None
    opening = [w.lower() for w in span.text.split() if w.lower() != "the"]

    def starts(name: str) -> bool:
        words = [w.lower() for w in name.split() if w.lower() != "the"]
        return words[:len(opening)] == opening

    if not all(starts(c.get("name") or "") for c in res.candidates):
        return None
    counts = view.memories_with_any([w.stem for w in q.words])
    best: dict[str, int] = {}
    for mid, c in counts.items():
        for eid in view.subjects(mid):
            best[eid] = max(best.get(eid, 0), c)
    ranked = sorted((best.get(c["entity_id"], 0), c["entity_id"]) for c in res.candidates)
    top = ranked[-1]
    if top[0] >= 2 and (len(ranked) == 1 or ranked[-2][0] < top[0]):
        return top[1]
    return None


def _only_opens_sentences(view: Any, span: Any) -> bool:
    """Whether a name no entity holds opens a sentence of a stored claim ("Kilmorrow beekeepers
    lost four hives"), where a capital says nothing, so the claim made no entity of it. The
    question's name is then read as the claim's words."""
    words = [t for t in span.text.split() if t[:1].isupper()]
    if not words:
        return False
    opening = re.compile(r"(?:^|[.!?][\"')\]]?\s+)" + r"\s+".join(map(re.escape, words)) + r"(?!\w)")
    return _written_unnamed(view, words, opening)


def _capital_only_opens_query(view: Any, span: Any) -> bool:
    """Whether a name that opens the question is a stored claim's words in lower case ("Tram T-207
    damage estimate" <- "Damage to tram T-207 is estimated at ..."): the query's first capital
    says nothing, and the claim made no entity of the words."""
    words = span.text.split()
    if span.first != 0 or len(words) < 2 or not words[0][:1].isupper():
        return False
    lowered = re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, [words[0].lower(), *words[1:]])) + r"(?!\w)")
    return _written_unnamed(view, words, lowered)


def _written_unnamed(view: Any, words: list[str], written: re.Pattern[str]) -> bool:
    """Whether a visible claim holding all the words writes them as ``written`` and made no entity
    of them."""
    counts = view.memories_with_any(sorted({stem(w.lower()) for w in words}), cap=20)
    for mid, n in counts.items():
        f = view.fact(mid)
        if n < len(set(words)) or f is None or view.visible(mid) is None or not written.search(f.claim):
            continue
        named = {x for e in view.subjects(mid) for x in view.entity_name(e).lower().split()}
        if not named & {w.lower() for w in words}:  # the claim made no entity of it
            return True
    return False


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


def _then_true(view: Any, q: Question, required: list[str], setting: list[str], q_spans: set[str],
               anchored: bool) -> list[_Match]:
    """A question told in the past may be answered by what was true then: "Whom did Gwendolyn take
    over from?" once "will lead the Heron group instead of the Otter group" replaced "will lead the
    Otter group, taking over from Piers". The replaced claims of the subject that name every asked
    name, evaluated as replaced (the result says so); none for a question in the present."""
    told = q.verb_word.text.split()[0] if q.verb_word is not None else ""
    if not (q.past or past_form(told) or _past_auxiliary(q)):
        return []
    replaced = sorted(view.replaced(required[0]), key=lambda i: -view.seq(i))[:_REPLACED_LOOKED_AT]
    return [_evaluate(view, q, mid, "superseded", required, setting, q_spans, anchored) for mid in replaced
            if all(e in view.subjects(mid) for e in required)]


def _past_auxiliary(q: Question) -> bool:
    return any(t.text.lower() in ("did", "was", "were", "had") for t in q.tokens)


_REPLACED_LOOKED_AT = 200  # the most recent replaced claims a "still" question is checked against


def _stem_variants(w: Word) -> list[str]:
    lx = lexicon()
    out: list[str] = []
    for c in w.concepts:
        if ":" in c:
            continue
        out.append(c)
    # words that share a group with this one
    groups = {c for c in w.concepts if ":" in c}
    if groups:
        for s, cs in lx.concepts.items():
            if " " not in s and cs & groups:
                out.append(s)
    return out


def _term_of(q: Question) -> str | None:
    if q.head_word is not None:
        return q.head_word.text
    if q.verb_word is not None:
        return q.verb_word.text
    if q.hole and q.hole in _HOLE_WORDS:
        return _HOLE_WORDS[q.hole]
    return q.soft[0].text if q.soft else None


def _relations_text(view: Any, eid: str) -> str:
    rels = view.relations_of(eid)
    return ", ".join(rels[:12]) if rels else "nothing current"


def _by_kind_only(ci: ClaimIndex, w: Word, q: Question) -> bool:
    """Whether the word is in the claim only as a kind of it ("cello" for "instrument"). A claim
    word that stands for another of the question's words does not count: "what breed are the
    breeding ewes" is met by "breeding" only as "breeding"."""
    kind = "K:" + w.stem
    return kind in ci.concepts and kind in w.concepts and _only_as_others(ci, w, q, w.concepts - {kind})


def _only_as_others(ci: ClaimIndex, w: Word, q: Question, concepts: frozenset[str]) -> bool:
    """Whether every claim position holding one of ``concepts`` holds another question word."""
    others = {x.text.lower() for x in q.words if x is not w} - {w.text.lower()}
    return all(ci.lower[p] in others for p in ci.positions(concepts))


def _kind_of_another(ci: ClaimIndex, w: Word, q: Question) -> bool:
    """Whether every kind of ``w`` the claim names narrows a noun the question does not ask
    about: "what breed are the ewes" is not answered by "212 ewes and 4 Texel rams"."""
    asked = {x.stem for x in q.words}
    pos = ci.concept_pos.get("K:" + w.stem, ())
    for k in pos:
        if ci.lower[k].endswith("ed"):
            return False  # "a bruised wrist": a participle of a kind says what the noun suffered
        nxt = ci.lower[k + 1] if k + 1 < len(ci.lower) else ""
        if not (nxt.isalpha() and nxt not in STOPWORDS and not is_verb(nxt) and stem(nxt) not in asked):
            return False
    return bool(pos)


def _taken(ci: ClaimIndex, w: Word, q: Question) -> bool:
    """Whether the claim has ``w`` only as another word the question also asks with: "what breed
    are the breeding ewes" is not answered by "breeding ewes" for its "breed"."""
    return bool(ci.positions(w.concepts)) and _only_as_others(ci, w, q, w.concepts)


def _outnumbered(ci: ClaimIndex, w: Word, q: Question) -> bool:
    """Whether the question says ``w`` more often than the claim does: "who coxed the women's coxed
    four" asks for a cox, which "the women's coxed four, stroked by Ada" does not name, since the
    claim's one "coxed" is the question's other one."""
    asked = sum(1 for x in q.words if x.stem == w.stem)
    return asked > 1 and len(ci.positions(w.concepts)) < asked


def _as_unit_only(ci: ClaimIndex, w: Word) -> bool:
    """Whether the claim has ``w`` only as the unit of a number: "24 hours' notice" has no opening
    hours, though it says "hours"."""
    pos = ci.positions(w.concepts)
    measured = {v for k in _UNIT_KINDS for v in ci.types.get(k, ())}
    return bool(pos) and all(p > 0 and f"{ci.lower[p - 1]} {ci.lower[p]}" in measured or _per_unit_word(ci, p)
                             for p in pos)


def _per_unit_word(ci: ClaimIndex, p: int) -> bool:
    """The word at ``p`` is the unit a value is given per: "£44 an hour", "3 tablets per day"."""
    return p > 1 and " ".join(ci.lower[p - 2:p + 1]) in ci.types.get("rate", ())


_UNIT_KINDS = ("duration", "distance", "mass", "temp", "dose", "age")


def _grounded(ci: ClaimIndex, w: Word) -> bool:
    # the very word also grounds itself: a claim indexes "the heating" as the noun only
    return ci.has(w.concepts) or w.text.lower() in ci.concepts or "-" in w.text and _parts_in_a_row(ci, w.text) \
        or _per_period(ci, w)


def _per_period(ci: ClaimIndex, w: Word) -> bool:
    """"nightly", "annual": the claim gives a value per that period ("£160 per night", "£85 a year")."""
    period = _OFTEN.get(w.text.lower())
    return period is not None and any(x == period and ci.lower[k - 1] in ("per", "a", "an", "each", "every")
                                      for k, x in enumerate(ci.lower) if k > 0)


def _grounded_unnamed(ci: ClaimIndex, w: Word) -> bool:
    """Grounded outside the claim's names: "gold" in "Ashcombe Gold won a silver medal" names the
    cider, and says nothing of which medal."""
    if not _grounded(ci, w):
        return False
    spots = ci.positions(w.concepts)
    # a name whose one word is this one ("Amoxicillin", "Amoxicillin 500") is the word itself
    whole = set()
    for sp in ci.spans:
        words = [k for k in range(sp.first, sp.last) if ci.lower[k].isalpha()]
        if len(words) == 1:
            whole.update(words)
    return not spots or any(p not in ci.named or p in whole for p in spots)


def _parts_in_a_row(ci: ClaimIndex, word: str) -> bool:
    """A hyphened word of the question whose parts the claim has as words in a row: "shut-off"
    <- "will be shut off", "drop-off" <- "drop off"."""
    parts = [stem(p) for p in word.lower().split("-")]
    if len(parts) < 2 or not all(parts):
        return False
    stems = [stem(x) for x in ci.lower]
    return any(stems[k:k + len(parts)] == parts for k in range(len(stems) - len(parts) + 1))


_OCCUPATIONS = frozenset(stem(w) for w in ("profession", "occupation", "trade", "career", "living"))
_CHOOSING = frozenset(stem(w) for w in ("elect", "re-elect", "appoint", "reappoint", "re-appoint", "vote", "nominate",
                                        "co-opt", "name"))


def _post_only(ci: ClaimIndex) -> bool:
    """Whether every role the claim gives follows a verb of choosing ("re-elected as chair",
    "appointed treasurer"), with no role word before it ("Ada Obi, a nurse, was elected chair")."""
    lower = ci.lower
    chosen = [p for p, w in enumerate(lower) if stem(w) in _CHOOSING]
    if chosen:
        return not any(role_word(w) for w in lower[:chosen[0]])
    # "Adaeze Okonkwo, chair of the Merrowby CycleLink board,": a post held in a body, and no other role
    roles = [p for p, w in enumerate(lower) if role_word(w)]
    return bool(roles) and all(lower[p] in _POSTS and p + 1 < len(lower) and lower[p + 1] == "of" for p in roles)


# posts held in a body, which no one holds for a living
_POSTS = frozenset("chair chairman chairwoman chairperson vice-chair president vice-president treasurer trustee "
                   "governor patron".split())


def _asks_a_living(q: Question) -> bool:
    """The question asks what one does for a living: "profession", "occupation", or "do for a living"."""
    return q.head_word is not None and (q.head_word.stem in _OCCUPATIONS
                                        or any(t.text.lower() == "living" for t in q.tokens))


# verbs whose object says what was done: "carry out an inspection", "conduct a survey"
_SUPPORT_VERBS = frozenset(" ".join(stem(x) for x in w.split()) for w in ("carry out", "conduct", "perform", "undertake"))
_OBJECT_ENDS = frozenset("of to on at in for from with by about during before after since until while when "
                         "as because if so and but that who which towards toward into onto across through via against , ?".split())


def _object_clash(q: Question, ci: ClaimIndex) -> str | None:
    """The head noun of the object of the question's verb, when the claim gives that verb another
    object: a plain noun the claim lacks, where the claim has a plain noun of its own in that place
    (after the verb, or before a passive "was built by")."""
    verb = q.verb_word
    if verb is None or " " in verb.stem:
        return None
    inside = _object_words(q, verb)
    if not inside:
        return None
    head = inside[-1]
    if not head.text.isalpha():
        return None
    # where the claim has the question's object words: said anywhere ("head up the new legacy giving
    # drive" <- "lead the new legacy giving campaign") they agree, unless the verb has an object of
    # its own that holds none of them ("replace the dimmer rack" <- "replaced the lamp and found a
    # loose connector in the dimmer rack")
    said = {k for w in inside for k in ci.positions(w.concepts)}
    if not said:
        return None if any(_grounded(ci, w) for w in inside) else _other_object(ci, verb, head, None)
    return _other_object(ci, verb, head, said)


_OBJECT_PARTICLES = frozenset("up out off down over away back through".split())


def _other_object(ci: ClaimIndex, verb: Word, head: Word, said: set[int] | None) -> str | None:
    """``head``'s text when the claim gives ``verb`` a plain noun object that holds none of the
    positions ``said`` (any object at all when ``said`` is None); else None."""
    lower = ci.lower
    clash = None
    for p in ci.positions(verb.concepts):
        if p > 0 and lower[p - 1] in BE_FORMS and "by" in lower[p + 1:p + 3]:
            at = p - 2
            while at >= 0 and lower[at] in AUXILIARIES | BE_FORMS:
                at -= 1
            start = at
            while start > 0 and at - start < 8 and lower[start - 1] not in (",", ";", ":"):
                start -= 1  # the subject and what it is "on" or "of": "the fan motor on the B214 stack"
            run = set(range(start, at + 1))
        else:
            k = p + 1
            while k < len(lower) and lower[k] in _OBJECT_PARTICLES:
                k += 1  # "rolled back the change": the particle is the verb's
            while k < len(lower) and lower[k] in DETERMINERS:
                k += 1
            at = -1
            first = k
            while k < len(lower) and lower[k] not in STOPWORDS:
                if any(sp.first <= k < sp.last for sp in ci.spans):
                    k += 1  # a name inside the object: "host the first Sound Steps workshop"
                    continue
                if not lower[k].isalpha():
                    break
                at = k  # the last word of the run is its head
                k += 1
            run = set(range(first, max(at, k - 1) + 1))
        if said is not None and run & said:
            return None  # (at any of the verb's places: "replaced the lamp and then the rack")
        if at >= 0 and lower[at].isalpha() and lower[at] not in STOPWORDS \
                and not any(sp.first <= at < sp.last for sp in ci.spans):
            clash = head.text
    return clash


def _object_words(q: Question, verb: Word) -> list[Word]:
    """The question's plain words between its verb and the end of the verb's object."""
    stop = next((k for k, t in enumerate(q.tokens) if k > verb.index and t.text.lower() in _OBJECT_ENDS), len(q.tokens))
    return [w for w in q.soft if verb.index < w.index < stop]


def _support_object(q: Question) -> Word | None:
    """The head noun of the object of a support verb in the question ("carried out the load
    inspection of the stage floor" -> "inspection"), or None."""
    verb = q.verb_word
    if verb is not None and verb.stem in _CHARGE_SUPPORT and q.head_word is not None and q.head_word.index < verb.index \
            and TYPE_NOUNS.get(q.head_word.stem) not in _TIME_HOLES | {"duration"}:
        # ("from what date has it imposed a ban": a date is when, not what is imposed)
        return q.head_word  # "what berthing charge will they apply" <- "will charge ... £220 per day"
    if verb is None or verb.stem not in _SUPPORT_VERBS:
        return None
    inside = _object_words(q, verb)
    return inside[-1] if inside else None


# verbs whose subject has an act done to it: "passed the inspection" was inspected
_UNDERGO = frozenset(stem(w) for w in "pass fail undergo receive await survive face".split())


def _undergone(ci: ClaimIndex, thing: Word) -> bool:
    """Whether every place the claim names the act of a support verb's object, a verb of
    undergoing stands before it ("Kingfisher Dawn passed the inspection"): its subject had the act
    done to it and did not do it."""
    pos = ci.positions(thing.concepts)
    for p in pos:
        j = p - 1
        while j >= 0 and (ci.lower[j] in DETERMINERS or ci.lower[j].isalpha() and not is_verb(ci.lower[j])
                          and ci.lower[j] not in STOPWORDS):
            j -= 1  # over "the Recreational Craft Directive"
        if j < 0 or stem(ci.lower[j]) not in _UNDERGO:
            return False
    return bool(pos)


# verbs that only put a charge or a rule on someone: what is put is what is done
_CHARGE_SUPPORT = frozenset(stem(w) for w in ("apply", "levy", "impose"))


def _verb_grounded(ci: ClaimIndex, w: Word, as_verb: bool = False) -> bool:
    """Whether the claim has the question's verb other than as a noun in "-ing" that names a kind
    of thing: "the chemistry building" has built nothing, so "who manufactured the fume hoods"
    is not answered by "inspected the fume hoods in the chemistry building"."""
    if not _grounded(ci, w):
        return False
    pos = ci.positions(w.concepts)
    asked = w.text.lower()  # the very word: "the date of her training" <- "will deliver refresher training"
    # (a part of a hyphened noun is no verb: "egg-bar shoes" bar nothing; "co-wrote" and
    # "re-opened" are verbs with a prefix)
    if pos and "-" not in asked:
        pos = [p for p in pos if "-" not in ci.lower[p] or ci.lower[p].split("-")[0] in _VERB_PREFIXES]
        if not pos:
            return False
    if pos and asked.endswith("s") and as_verb and all(ci.lower[p] == asked and _plural_noun_at(ci, p) for p in pos):
        return False  # "who chairs the trust" is not met by "towards new stacking chairs"
    return not pos or any(ci.lower[p] == asked or not _ing_noun(ci.lower, p) for p in pos)


def _plain_verb_at(q: Question, w: Word) -> bool:
    """Whether the question's verb stands where only a verb can: not after a determiner, an
    "-ing" modifier or a possessive ("Ngozi Achebe's dining chairs" may be the reader's verb)."""
    if w.index == 0:
        return True
    before = q.tokens[w.index - 1].text.lower()
    return not (before in DETERMINERS or before == "'s" or before.endswith("ing") and len(before) > 4)


def _plural_noun_at(ci: ClaimIndex, p: int) -> bool:
    """Whether the word at ``p``, spelt as a verb's "-s" form, is a plural noun there: after a
    determiner, a number or an "-ing" modifier ("new stacking chairs", "the chairs", "40 chairs";
    not "the committee chairs", which may be either)."""
    if p == 0 or p - 1 in ci.named:
        return False
    before = ci.lower[p - 1]
    return before in DETERMINERS or before.isdigit() or before in NUMBER_WORDS \
        or before.endswith("ing") and len(before) > 4 and p - 2 >= 0 and ci.lower[p - 2] not in BE_FORMS


_VERB_PREFIXES = frozenset("co re pre de un over under out mis cross double self fine".split())


# what "<person> of <body>" says: "Ingrid Solberg of the Tyrol Ropeway Authority" works for it,
# belongs to it and represents it
_AFFILIATION = frozenset({"R:work", "R:represent", "belong"})


def _affiliated(ci: ClaimIndex, verb: Word, q_spans: set[str]) -> bool:
    """Whether the question's verb is one of working for a body and the claim gives an asked name
    as "<name> of <organisation>"."""
    if not verb.concepts & _AFFILIATION:
        return False
    orgs = ci.types.get("org", set())
    lower = ci.lower
    for sp in ci.spans:
        if not _asked_name(sp.key, q_spans) or sp.last >= len(lower) or lower[sp.last] != "of":
            continue
        k = sp.last + 1 + (1 if sp.last + 1 < len(lower) and lower[sp.last + 1] == "the" else 0)
        if any(o.first == k and o.key in orgs for o in ci.spans):
            return True
    return False


def _ing_noun(lower: list[str], p: int) -> bool:
    t = lower[p]
    if not (t.endswith("ing") and p > 0 and stem(t) in lexicon().generals):
        return False
    before = lower[p - 1]
    return before in DETERMINERS or before.isalpha() and before not in STOPWORDS and not is_verb(before)


def _evaluate(view: Any, q: Question, mid: str, state: str, required: list[str], setting: list[str],
              q_spans: set[str], anchored: bool) -> _Match:
    fact = view.fact(mid)
    if fact is None:
        return _Match(mid, state, -1, False, None)
    ci = index_of(fact)
    subjects = view.subjects(mid)
    score = 0.0
    literal = 0
    missing: str | None = None
    ok = True
    lx = lexicon()

    def fail(term: str | None) -> None:
        nonlocal ok, missing
        if ok:
            missing = term
        ok = False

    # numbers stated in the question must be in the claim
    for v in sorted(q.numbers):  # a frozenset: sorted, so the term named is the same in every run
        if v not in ci.values and v.replace(",", "") not in ci.values and _afternoon(v) not in ci.values:
            fail(v)
    # a month the question names must be the claim's when the claim names months at all ("in
    # June" is not answered by a January claim; a claim that gives no month may still answer)
    # ("31 5m" is the 31st of May: its month counts though "May" alone is not read as one)
    claim_months = {v.split(" ")[-1] for v in ci.values if v.endswith("m") and v.split(" ")[-1][:-1].isdigit()}
    named_months = _months_named(q)
    for month in named_months:
        if claim_months and f"{month}m" not in claim_months:
            fail(next(t.text for t in q.tokens if MONTHS.get(t.text.lower()) == month))
    delta = _only_changes_of(q, ci)
    if delta is not None:
        # "what was Pudding's weight in February" is not answered by "had lost 0.6 kilograms since
        # the February visit": by how much a value changed is not the value
        fail(delta)
    bound = _opposite_bound(q, ci)
    if bound is not None:
        # "how many trucks came through after midnight" is not answered by "47 trucks ... before
        # midnight": the other side of the same moment
        fail(bound)
    unsaid = _event_unsaid(q, ci) or (None if q.negated or q.kind in ("yesno", "keyword") else _denied_noun(q, ci))
    if unsaid is not None:
        # "why was he dismissed after failing his retest" is not answered by "stood down pending a
        # retest", nor "when did her successor take over" by "has not yet named a successor": what
        # the question takes as having happened, or as there being, the claim must say so too
        fail(unsaid)
    code = _code_missing(q, ci) or _other_number_of(q, ci)
    if code is not None:
        # "who replaced the fan motor on the B220 exhaust stack" is not answered by "the fan motor on
        # the B214 exhaust stack was replaced": a code names one thing, as a name does
        fail(code)
    q_number_values = {v.split(" ")[0] for v in q.numbers}
    exclude = q_spans | q_number_values
    if q.hole == "date":
        # "on what date in December will he retire" is not answered by "will retire in December":
        # the month the question names is what it knows, not the date it asks
        exclude = exclude | {w for w, m in MONTHS.items() if m in named_months}

    premise = False
    # the demand head
    where_in = _asked_where_in(q)
    if (q.kind == "what" and q.hole == "thing" or q.kind == "who" and q.hole == "person") \
            and q.head_word is None and q.verb_word is None and q.soft and not _grounded(ci, q.soft[0]) \
            and where_in is None:
        # "what is on the menu", "who was at the helm of the lifeboat": with no head noun and no
        # verb, the first word names what is asked
        fail(q.soft[0].text)
    if where_in is not None and where_in not in ci.lower and not (where_in in _INSIDE and ci.stems & _HOLDING):
        # "what was inside the suitcase" is not answered by "logged a suitcase left on the 07:40":
        # what stands there is asked, and the claim says nothing stands there
        fail(where_in)
    kind_asked = _kind_asked(q)
    if kind_asked is not None and q.head_word is not None and not _specified(ci, q):
        # "what type of contact lenses" is not answered by "her contact lens fitting": the claim
        # must say which kind
        fail(kind_asked.text)
    if _asks_new(q) and not ({"new", "newly"} & set(ci.lower)) and not (ci.stems & _NEW_VERBS):
        # "what is her new job" is not answered by "led by parent volunteer Rekha Pillai": the
        # question asks for the one that is new, and the claim neither says so nor tells of a
        # start or a change ("has been appointed head of ...", "its windscreen was replaced")
        fail("new")
    if q.head_word is not None and q.verb_word is None and q.prep == "about" and _ends_with(q, "about") \
            and not _complement_after(ci, q.head_word):
        # "what was his winning animation about" is not answered by "won the animation
        # challenge": what a thing is about follows it ("a talk on varroa")
        fail("about")
    if q.head_word is not None:
        # "how many titles": the head is what is counted, not a value of the kind "title"
        head_type = None if q.kind == "how" and q.hole == "number" else TYPE_NOUNS.get(q.head_word.stem)
        if q.hole == "time" and head_type == "clock":
            head_type = "time"  # "her backstroke time": a time taken answers as well as a time of day
        if q.hole == "role" and head_type == "title":
            head_type = "role"  # a person's title (see analyse)
        if q.head_word.stem == _LENGTH and not ci.typed("duration", exclude) and ci.typed("distance", exclude):
            head_type = "distance"  # "course length" <- "over a 4.2-kilometre course": a length in space
        # "job number 55812" does not say what the job is: then the kind of value must answer
        if _head_grounded(ci, q) and not _taken(ci, q.head_word, q) \
                and not (head_type in ("role", "title", "name") and _attributive(ci, q.head_word)) \
                and not (q.kind in ("what", "which") and head_type is None and _as_unit_only(ci, q.head_word)
                         and not _kind_word_grounded(ci, q)):
            literal += 1
            score += 4
            if q.kind in ("what", "which") and not q.negated and _denied(ci, q.head_word):
                # "what fault did he find in the lift" is not answered by "found no fault with the
                # lift": the claim says there was none. About this very thing it contradicts the
                # question; about one it only may be ("the hatchery"), it still names none
                premise = True
                fail(q.head_word.text)
            if q.head_of is not None:
                if _grounded(ci, q.head_of):
                    score += 2
                elif head_type in ("name", "title"):
                    fail(q.head_of.text)
            if head_type in ("name", "title") and not _named_near(ci, q, exclude):
                fail(q.head_word.text)
        elif head_type is not None and ci.typed(head_type, exclude):
            score += 2
            if head_type in ("name", "title") and not _named_near(ci, q, exclude):
                fail(q.head_word.text)
            kind = _before_head(q) if head_type == "org" else None
            if kind is not None and not _grounded(ci, kind):
                # "which coach company took them" is not answered by any firm the claim names (the
                # school that booked it): the word before "company" says which kind of firm
                fail(kind.text)
            if q.head_of is not None and not _grounded(ci, q.head_of):
                fail(q.head_of.text)
        elif q.hole == "person" and _agent_filled(ci, q.head_word, q_spans):
            # "who is the director of 'Salt Orchard'" ← "'Salt Orchard', directed by Ines ...": the one
            # who does what the agent noun names, given by name
            literal += 1
            score += 3
        elif q.head_of is not None and q.head_of_possessed and _grounded(ci, q.head_of) and _apposition_after(ci, q.head_of):
            # "what colour is her van" ← "her van, a white Transit, ...": the apposition describes the van
            score += 1
        elif q.head_of is not None and q.head_word.stem in _MAKE_NOUNS and _grounded(ci, q.head_of) \
                and _maker_before(ci, q.head_of, q_spans):
            # "what model is her boiler" <- "her Halcrest 28 combination boiler": a name in front of
            # a thing is its make or model
            score += 2
        elif q.head_of is not None and q.head_word.stem in _TOPIC_NOUNS and _grounded(ci, q.head_of) \
                and _complement_after(ci, q.head_of):
            # "what was the subject of his portrait" <- "his portrait of his grandmother": what a
            # work is of or about is its subject
            score += 2
        elif q.kind == "how" and q.hole == "number" and q.head_word.stem in _PEOPLE_HEADS \
                and _people_counted(ci, [q.verb_word] if q.verb_word is not None else q.soft):
            # "how many people can sleep on it" <- "it sleeps up to six"; "how many people came"
            # <- "1,130 visitors came": "people" counts whoever the claim counts
            score += 2
        elif q.prep and _prep_frame(ci, q.prep, exclude) and not _head_takes_prep(q) \
                and all(_grounded(ci, w) for w in q.soft if 0 < q.head_word.index - w.index <= 2):
            # "through which label" <- "through X": what fills the frame is the thing asked, but
            # only as the kind the question narrows it to ("what FM frequency does it broadcast on"
            # is not answered by "the transmitter on Pellham Beacon")
            score += 2
        elif q.verb_word is not None and _grounded(ci, q.verb_word) and _title_after(ci, q.verb_word):
            # "what layout will he exhibit" <- "will exhibit 'Ravensgill Junction', an N gauge model":
            # the thing done is given by its title, which answers "what <kind>"
            score += 2
        elif q.head_word.stem == "hour" and _clock_range(ci):
            # "what are the reading room's opening hours" <- "open from 09:30 to 16:30": the hours
            # are the span of time of day the claim gives
            score += 2
        elif q.verb_word is not None and _reports(ci, q.verb_word):
            # "what damage did she report" ← "she reports that a pipe burst ...": the hole is what was said
            score += 1
        elif _numbered_by_code(ci, q):
            score += 2
        else:
            fail(q.head_word.text)
        if q.head_word.stem in _GENERIC_HEADS and not (q.hole == "number" and q.head_of is not None
                                                     and q.head_of.text.endswith("s")):
            # "the registration number of her campervan" asks for a registration, which "a 6-metre
            # campervan" does not give though it has a number: the word before a generic head is
            # what is asked ("quiz number of questions" asks how many, of the quiz)
            kind = _before_head(q)
            if kind is not None and not (_grounded(ci, kind) and _code_after(ci, kind, q)):
                fail(kind.text)
        if q.hole == "person" and literal:
            swapped = _agent_swapped(ci, q.head_word, q_spans)
            if swapped is not None:
                # "who is Ada's teacher" is not answered by "Ada teaches Bo": Ada does the teaching there
                fail(swapped)
        if (q.kind == "which" and q.hole == "thing" or q.kind == "who") and q.head_of is None and literal \
                and _unidentified(ci, q.head_word):
            # "which player did she beat" is not answered by "beat a 1900-rated player", nor "which
            # swimmers were harmed" by "no swimmer was harmed": "which" asks for a particular one, and
            # the claim names none ("what battery" is answered by "a 9.5 kWh battery")
            fail(q.head_word.text)
        elif q.kind == "which" and q.hole == "thing" and q.head_of is None and literal \
                and _kind_word_only(ci, q.head_word):
            # "which antibiotic did she find" is not answered by "found antibiotic residue": the
            # noun there only says what kind of residue, and names no antibiotic
            fail(q.head_word.text)
    of_kind = _before_head_of(q)
    if of_kind is not None and not _grounded(ci, of_kind) and _per_only(ci, q.head_of):
        # "the price of the rye loaf" is not answered by "seeded sourdough ... £2.65 per loaf": the
        # word before the thing a value is of says which one, and "per loaf" only counts in loaves
        # ("the number of her mooring permit" is answered by "the permit number", which says none)
        fail(of_kind.text)
    for w in _measured_stuff(q):
        if not _grounded(ci, w):
            # "how many kilograms of tinned fish" is not answered by "3,860 kg of donated food": after
            # a unit, "of" names what is measured, and that is what is asked
            fail(w.text)
    # the main verb
    head_counts = q.kind == "how" and q.hole == "number" and q.head_word is not None and literal > 0 \
        and not _bound_only(ci, q.head_word)
    if q.hole == "money" and q.verb_word is not None and q.verb_word.stem in _PRICE_VERBS and ci.typed("money", exclude) \
            and not _money_gathered(ci) and not _money_valued(ci) \
            and not _sums_named_otherwise(ci):
        # "how much will the depot cost" ← "... a new depot ... for £3.2 million": the amount is the cost
        head_counts = True
    if q.hole == "money" and q.verb_word is not None and q.verb_word.stem.split()[0] in _PAYING_VERBS \
            and ci.typed("money", exclude) \
            and (ci.has(_PURCHASE) or _price_stated(ci) or _price_for_payer(ci, q)):
        # "how much will the council pay for it" ← "agreed to buy it at a cost of £1,450": what a buyer
        # pays is the price of what is bought
        head_counts = True
    head_type_now = q.head_word is not None and TYPE_NOUNS.get(q.head_word.stem)
    if head_type_now and not literal and q.prep and q.subject_words and ci.typed(head_type_now, exclude) \
            and _prep_value(ci, q.prep, head_type_now) \
            and not (q.verb_word is not None and past_form(q.verb_word.text.split()[0])) \
            and not (q.verb_word is not None and q.verb_word.stem in _ENDING):
        # "on which day does the club meet" ← "runs the club on Fridays": the frame and the value agree.
        # Only for a thing's doing: what a named person did ("in what year did Ada restore it") must
        # be what the claim says she did ("painted by Ada in 1894" is no restoring), and so must a
        # thing's one event ("in what year was the analyser installed" is not "replaced in 2024").
        # Nor for an end: "at what time does the night shift end" is not answered by "took over the
        # night shift at 22:00", where the time is when it begins.
        head_counts = True
    if q.verb_word is not None:
        thing_done = _support_object(q)
        # "who carried out the repair of Lifeboat 2" <- "was repaired by Kessler Marine": a support
        # verb's object says what was done, and the claim may say it with the verb itself
        verb_said = _verb_grounded(ci, q.verb_word, _plain_verb_at(q, q.verb_word)) or (
            thing_done is not None and _verb_grounded(ci, thing_done) and not _undergone(ci, thing_done)) \
            or _affiliated(ci, q.verb_word, q_spans) or _rescheduled(q, ci)
        if (verb_said and not _outnumbered(ci, q.verb_word, q)) \
                or (q.hole == "ordinal" and ci.typed("ordinal") and bool(ci.stems & PLACING_VERBS)):
            # "where did the Otters place" <- "the Otters finished fourth": the verbs of a placing agree
            literal += 1
            score += 3
            if stem(q.verb_word.text) in ci.stems:
                # the very verb, not only an equivalent: "commands" over "leads" for "who commands"
                score += 1
            elif q.kind not in ("yesno", "keyword") and _about_subject(subjects, required) and any(
                    lx.contradicts(q.verb_word.text if " " not in q.verb_word.stem else q.verb_word.stem, w)
                    for w in ci.lower if w.isalpha()):
                # "why did she lower the fee" <- "has raised the fee": a group of change holds both
                # directions, and the claim says the other one
                premise = True
            clash = _object_clash(q, ci)
            if clash is not None:
                # "who is building the new library" is not answered by "the sports hall was built by
                # Corran": the claim did the same to something else
                fail(clash)
            if q.hole != "person" and _done_by_another(ci, q, q_spans):
                # "why did Ingrid withdraw" is not answered by "Ingrid sang the solos after the
                # original soloist withdrew": the verb there has a doer of its own
                fail(q.verb_word.text)
            if thing_done is not None and not _grounded(ci, thing_done):
                # "who carried out the load inspection" is not answered by "repairs ... are being
                # carried out by Glaslyn Joinery": such a verb says what was done only by its object
                fail(thing_done.text)
            if _asks_what_happened(q) and not q.wanted and _unrealised(ci, q.verb_word):
                # "when was the main relined" ← "would be relined if the board approves": a plan
                # or a condition is not an event that happened
                fail(q.verb_word.text)
            if ci.negation_pos and not q.negated and q.kind not in ("yesno", "keyword"):
                vpos = ci.positions(q.verb_word.concepts)
                if any(0 < v - n <= 3 and _negates(ci.lower, n, v) and not (q.hole in _TIME_HOLES and _not_till(ci.lower, v))
                       for v in vpos for n in ci.negation_pos):
                    # ("how soon can they deliver it" <- "will not deliver it before March": the
                    # earliest time, not a denial)
                    premise = True
        else:
            if q.kind not in ("yesno", "keyword") and _about_subject(subjects, required):
                verb = q.verb_word.text if " " not in q.verb_word.stem else q.verb_word.stem
                against = [k for k, w in enumerate(ci.lower) if w.isalpha() and lx.contradicts(verb, w)]
                if against and not _converse_doer(q, fact, against):
                    premise = True
            if not head_counts or premise or not _count_is_the_subjects(q, ci, subjects, required) \
                    or q.kind == "how" and _capacity_unsaid(q, ci) \
                    or q.head_word is not None and _asks_what_happened(q) and _count_planned(ci, q.head_word):
                # "how many people turned up": the counted noun and its number carry the question,
                # when the count is the asked subject's and the question says of it no other event
                fail(q.verb_word.text)
    # the hole: a value of the asked kind that the question did not state
    hole = q.hole
    if hole == "money" and q.head_word is not None and q.head_word.stem in _SHARE_PRICES \
            and not ci.typed("money", exclude) and ci.typed("percent", exclude):
        hole = "percent"  # "the landing fee rose to 2.6 per cent of the first-sale value": a fee may be a share
    if hole == "duration" and q.kind == "how" and q.verb_word is None and literal == 0 and _said_in_aside_only(ci, q.soft):
        # "how long has he been the harbour master" is not answered by "X, the harbour master,
        # closed the channel for 6 hours": the post is only an aside, the time is what he did
        fail(q.soft[-1].text)
    if hole == "duration" and q.kind == "how" and q.verb_word is None and q.head_word is None and q.subject_words \
            and q.soft == q.subject_words and not _lasts_near(ci, q.subject_words[-1]):
        # "how long is the narrowboat Silver Heron" is not answered by "the narrowboat Silver Heron
        # was out on hire for 131 nights": the time is the hire's; a thing's own length of time
        # stands by its noun ("a 10-day course", "the course lasts 3 days")
        fail(q.subject_words[-1].text)
    if hole == "duration" and q.kind == "how" and q.verb_word is None and ci.typed("distance", exclude):
        noun = q.head_word or (q.subject_words[-1] if q.subject_words else None)
        if noun is not None and not ci.typed("duration", exclude) and _grounded(ci, noun) and _measured(ci, noun):
            hole = "distance"  # "how long is her campervan" <- "a 6-metre campervan": a length, not a time
        elif noun is None and _length_stated(ci):
            # "how long is Kingfisher Lass" <- "Kingfisher Lass is 58 feet long": a length said as
            # one, which answers before a time the same subject also has ("booked for seven nights")
            hole = "distance"
            score += 1.5
    measured = [_owned_after(q, q.head_of)] if q.head_of is not None else q.soft
    if hole == "duration" and q.verb_word is None and q.head_word is not None and q.head_word.stem == _LENGTH \
            and measured and not ci.typed("duration", exclude) and ci.typed("distance", exclude) \
            and all(_grounded(ci, w) for w in measured) and any(_measured(ci, w) for w in measured):
        # "Tarnwick Head course length", "the length of the course" <- "over a 4.2-kilometre course"
        hole = "distance"
    if hole == "duration" and q.verb_word is None and q.head_word is not None and q.head_word.stem == _LENGTH \
            and q.head_of is None and not q.soft:
        # "what is the Marigold's length": a thing's length said as one ("is 58 feet long") is a
        # distance; a time is its own only beside its name ("a 10-day course", not "breaks of
        # three nights on the Marigold")
        if _length_stated(ci) or ci.typed("distance", exclude) and not ci.typed("duration", exclude):
            hole = "distance"
        elif _owner_far_from_time(q, ci) or _times_for_acts(ci):
            # ("what is the length of the Marigold" is not answered by "hired the Marigold for
            # seven nights": a time after "for" is how long the hiring lasts)
            fail(q.head_word.text)
    if q.kind == "which" and q.head_word is not None and _counted_only(ci, q.head_word):
        fail(q.head_word.text)  # "which IP addresses did she block" is not answered by "blocked the 3 IP addresses"
    q_lower = [t.text.lower() for t in q.tokens]
    asked_how = q_lower[q_lower.index("how") + 1] if q.kind == "how" and "how" in q_lower[:-1] else ""
    if hole == "measure" and asked_how in _EXTENTS and not ci.typed("extent", exclude):
        fail(f"how {asked_how}")  # "how deep is the quarry" is not answered by "310,000 tonnes a year"
    if q.kind == "how" and hole in ("measure", "mass", "distance") and q.verb_word is None:
        noun = q.head_word or (q.subject_words[-1] if q.subject_words else None)
        if noun is not None and _grounded(ci, noun) and not _measured(ci, noun, q.numbers):
            # "how big is the bandsaw" is not answered by "a 50 sq ft unit, to store ... a bandsaw":
            # the measure must be the asked thing's
            fail(noun.text)
    priced = _priced_thing(q) if hole in ("money", "amount") else None
    if priced is not None and not _grounded(ci, priced) and not ((done := _charged_for_act(q)) is not None and _verb_grounded(ci, done)):
        # "how much does it cost to use the sauna", "what does he charge to clean a terrace": the
        # thing the purpose names is what has the price ("a ten-swim pass costs £42" prices no sauna).
        # An act it is charged for may be told by the act ("quote for fitting the kitchen" <- "for
        # fitting oak units, a worktop and a hob"), but not by another ("for a new boiler shell")
        fail(priced.text)
    if hole == "place" and q.kind == "where" and q.spans and not _possessed_asked(q) \
            and not _place_in_clause_of(ci, q_spans):
        # "where is Ambrose going" is not answered by "the cats are boarding at Fernbank Cattery
        # while their owner, Ambrose, is away": the place is the cats', in the other clause
        fail("where")
    if hole == "place" and _where_a_name_is(q) and not _name_placed(ci, q_spans):
        # "in which town is St Aldric's Abbey" is not answered by "offered to split the cost with St
        # Aldric's Abbey": where a name is, the claim says after it or before it, not by naming it
        fail(q.head_word.text if q.head_word is not None else "where")
    if hole == "place" and q.kind == "where" and q.verb_word is None and q.subject_words and _where_is_the(q) \
            and not _placed_after(ci, q.subject_words[-1]):
        # "where is the recycling centre that Hamish took the items to" is not answered by "took
        # the items from Pennock Lane City Farm to the recycling centre": the centre's place is asked
        fail("where")
    other_event = _clause_word_missing(ci, q)
    if other_event is not None:
        # "what did she find when she examined the grey seal pups" is not answered by "examined
        # Sorrel and found a fractured wing": the time clause says which event, and the claim must
        # be of that one
        fail(other_event.text)
    if _asks_act_after(q) and not _other_act(ci, q):
        # "what will she do after stepping down" is not answered by "she will step down after six
        # years": the act asked is another than the one the time clause already names
        fail("do")
    if hole == "money" and q.head_word is not None and q.head_word.stem in _PAY_NOUNS \
            and not _grounded(ci, q.head_word) and not ci.stems & _PAY_NOUNS:
        # "what is her salary" is not answered by "she ordered two spill kits costing £95 each": pay
        # is money someone earns, which a price paid out is not
        fail(q.head_word.text)
    usual = next((w for w in q.soft if w.text.lower() in _USUAL), None)
    if usual is not None and not _grounded(ci, usual) and _ALTERED & set(ci.lower):
        # "her normal daily berthing fee" is not answered by "a reduced berthing fee of £220 per day
        # during the works": a value the claim marks as cut or for a while is not the usual one
        fail(usual.text)
    act = _priced_act(q) if hole == "money" else None
    if act is not None and not _grounded(ci, act) and not (ci.stems & _PRICE_WORDS and _prices_the_asked(q, ci, act, q_spans)):
        # "how much did they charge to deliver her maples" is not answered by "she bought the maples
        # from them for £165": a sum paid for another act is not the price of this one, unless the
        # claim states it as what something costs ("charges £80 for a terrace")
        fail(act.text)
    if hole == "place" and q.kind == "where" and q.prep == "to" and _ends_with(q, "to") \
            and not _destination_given(ci, exclude):
        # "where was flight NW318 flying to" is not answered by "pushing back flight NW318 from
        # Stand 22": a place the claim goes from is no place it goes to
        fail("where")
    if hole == "amount" and q.head_word is not None and q.head_word.stem == _VALUE and not ci.typed("money", exclude) \
            and not _grounded(ci, q.head_word) and _only_counts(ci, exclude):
        # "what is the value of his collection" is not answered by "his collection of 19 clocks":
        # a number of things is no value of theirs ("kidney values were 180 and 2.1" is one)
        fail(q.head_word.text)
    if q.wanted and not _DESIRE_STEMS & ci.stems:
        # "which workbooks did he want her to order" is not answered by "she ordered 30 workbooks":
        # that an act was wanted, the claim must say (asked, wishes, recommends)
        fail("want")
    other_days = _days_of_other_part(ci, q)
    if other_days is not None:
        # "what time does the forge open on weekdays" is not answered by "an open day on Saturday 24
        # August from 10:00": a day at the weekend is no weekday, and the other way about
        fail(other_days)
    if hole == "number" and q.head_word is not None and _counts_only_lacking(ci, q, exclude):
        # "how many pieces does the Marble Run Deluxe have when complete" is not answered by "is
        # missing three pieces": a count of what is lacking is not a count of what there is
        fail(q.head_word.text)
    if hole == "number" and q.head_word is not None and q.head_word.stem in _RESULT_HEADS \
            and not _grounded(ci, q.head_word) and _only_counts(ci, exclude) \
            and not any(re.fullmatch(r"\d+-\d+", w) for w in ci.lower) and not _SCORE_UNITS & set(ci.lower):
        # "what was the final score of the match" is not answered by "refereed the match and
        # awarded 11 penalties": a count of things is no score ("won 24-18", "a 6-4 win" are)
        fail(q.head_word.text)
    if hole == "number" and q.head_word is not None and q.head_word.stem in _MEASURE_HEADS \
            and q.head_word.text.lower() != q.head_word.stem and q.head_word.text.lower().endswith("s") \
            and not _grounded(ci, q.head_word) and _only_counts(ci, exclude):
        # "what sizes of PE kit did she sort" is not answered by "sorting 9 sacks of PE kit": sizes
        # are the kinds a thing comes in, which a count of it does not give
        fail(q.head_word.text)
    if hole == "role" and q.kind in ("what", "which") and _roles_all_asked(ci, q):
        # "what was his job before he became deputy news editor" is not answered by "has been
        # appointed deputy news editor": a role the question itself names is not the one it asks
        fail(q.head_word.text if q.head_word is not None else "role")
    if hole == "role" and not _leaves_asked(q) and _roles_all_left(ci):
        # "what does Henrik Solberg do for a living" is not answered by "will stand down as
        # treasurer": a post being left is not what one does
        fail(q.head_word.text if q.head_word is not None else "role")
    if hole == "role" and q.spans and not _role_of_asked(ci, q_spans):
        # "what is Constance's profession" is not answered by "Constance has named Pernille Aske
        # as her vice-captain": the role is Pernille's
        fail(_HOLE_WORDS.get(hole, hole))
    if hole == "role" and q.head_word is not None and _asks_a_living(q) and _post_only(ci):
        # "what is Mei-Ling Cho's profession" is not answered by "was re-elected as chair of
        # Harbourside Wheelers": a post one is elected or appointed to is no living
        fail(q.head_word.text)
    often = next((w for w in q.soft if w.text.lower() in _OFTEN and not _grounded(ci, w)
                  and stem(_OFTEN[w.text.lower()]) not in ci.stems), None)
    if often is not None and hole != "frequency" and not ci.types.get("frequency"):
        # "what does it charge per quarterly clean" is not answered by a quote for one clean: how
        # often the thing asked recurs says which of its kind is meant
        fail(often.text)
    if hole in ("money", "amount") and (asked_period := _periods_asked(q)):
        said = _periods_priced(ci.lower)
        if said and not asked_period & said:
            # "what does it charge to park overnight" is not answered by "£6.20 for up to four
            # hours": a price for one period is no price for another
            fail(sorted(asked_period)[0])
    if hole == "number" and q.kind == "how" and (asked_period := _rates_asked(q)) and not _rates_said(ci.lower):
        # "how many keys per hour can she cut" is not answered by "cut the 36 replacement keys": a
        # count asked per period is a rate, and a count said of no period is a total
        fail(sorted(asked_period)[0])
    if hole in ("money", "number") and q.head_word is not None and q.head_word.stem in _WHOLES \
            and not _grounded(ci, q.head_word) and _per_unit_only(ci.lower, hole == "money"):
        # "what is the committee's budget" is not answered by "raise the hire rate to £22 per
        # hour", nor a reservoir's capacity by "release 2,500 cubic metres a day": a sum or a size
        # held whole is no amount per unit
        fail(q.head_word.text)
    kind_of_rate = _rate_of(q)
    if kind_of_rate is not None and not _grounded(ci, kind_of_rate) and not _verb_grounded(ci, kind_of_rate):
        # "sessile oak germination rate" is not answered by "sets sessile oak saplings at £1.20
        # each": the act before "rate" says which rate, and a price per unit is not it
        fail(kind_of_rate.text)
    period = _period_asked_in(q)
    if period is not None and not _grounded(ci, period) and not any(ci.types.get(k) for k in ("date", "year", "day", "duration")):
        # "how much did the shop take in its first week of trading" is not answered by "had the
        # highest takings at £61,750": the claim tells no time at all, so not that week's
        fail(period.text)
    if (act := _act_before(q)) is not None and not _tells_before(ci, act):
        # "what was her job before supervising the night shift" is not answered by "took over as
        # supervisor of the night shift", nor "where did she work before she became yard manager"
        # by "stopped all forklift work in the yard until 10:00": what came before an act is told
        # only by a claim that tells a time before another
        fail("before")
    if hole == "duration" and _asks_tenure(q) and ci.types.get("duration") == {"range"}:
        # "how long has Osei presented The Morning Brew" is not answered by "presents it from 6am
        # to 9am": a span of the clock is how long it lasts each time, not how long he has done it
        fail("how long")
    if hole == "age" and q.spans and not _age_beside(ci, q_spans, [w for w in q.words if w.stem != "old"]):
        # "how old is Ola" is not answered by "Selwyn, aged 71, beat Ola": an age is the one of the
        # name it stands beside
        fail("how old")
    if hole and hole not in ("thing", "any"):
        head_is_type = q.head_word is not None and TYPE_NOUNS.get(q.head_word.stem) == hole
        if hole == "person" and q.verb_word is not None and literal and _agentless(ci, q.verb_word, _asked_passive(q)):
            # "who built the model" is not answered by "lends a model of the schooner, built in
            # Elsmouth in 1887": the building is set off after a comma and has no "by"; whoever
            # else the claim names did something else
            fail("who")
        elif hole == "person" and q.head_word is None and not (ci.typed("person", exclude) or _who_name(ci, exclude)
                                                               or _name_after_asked_prep(ci, q, exclude)
                                                               or _people_doer(ci, q)):
            # "who did they beat": a team or a firm answers "who" as well as a person, but not a
            # place ("hired a lawyer in Oslo" does not say who)
            fail("who")
        elif hole == "person" and q.head_word is not None and literal and not ci.typed("person", exclude) \
                and not _named_as(ci, q.head_word, exclude) and not _people_doer(ci, q):
            # "who is the treasurer" answered by a claim that names the treasurer
            fail("who")
        elif hole != "person" and not ci.typed(hole, exclude) or (hole == "person" and q.head_word is not None and not literal and not ci.typed("person", exclude)):
            if hole == "reason" and q.verb_word is not None and literal and _condition_after(ci, q.verb_word):
                # "why was he admitted" ← "was admitted ... with dizziness"
                score += 1
            elif hole == "date" and (q.verb_word is not None and literal and _when_after(ci, q.verb_word)
                                     or q.verb_word is None and _when_after(ci, _last_word_asked(q), q)):
                # "when does the dimmer rack trip" <- "trips when more than 96 amps are drawn": a
                # clause of "when" straight after the verb says when
                score += 1
            elif _numbered_by_code(ci, q):
                score += 2
            elif hole in _TIME_HOLES and _until_event(q, ci):
                # "until when is the Pinot Noir out of stock" <- "until the next shipment": an
                # event is the end asked
                score += 1
            elif not (head_is_type and literal and hole not in ("clock", "time", "money", "date", "dose", "temp", "mass", "age", "amount",
                                                               "percent", "measure", "power", "speed")):
                # the word alone may stand for a value of a looser kind ("what is its size": "a
                # large size"; "the permit number, HCT-4471": a number may be a code), but not for
                # an amount: "kidney values were slightly raised" says no value
                fail(_HOLE_WORDS.get(hole, hole))
        else:
            score += 2
            if hole in _WIDENED and ci.types.get(hole, set()) - set(exclude):
                score += 0.5  # "STEM club day": a weekday is the kind asked; a date only stands in for one
            if q.head_word is not None and literal and _value_near(ci, q.head_word, hole):
                score += 1.5
    elif hole == "thing":
        asked = {w.stem for w in q.words}
        new = [s for s in ci.stems if s not in asked and s not in {stem(t) for k in q_spans for t in k.split()}]
        if not new and not (ci.span_keys - q_spans):
            fail(_term_of(q))
    for extra in q.extra_holes:
        if extra not in ("any", "thing") and not ci.typed(extra, exclude):
            fail(_HOLE_WORDS.get(extra, extra))
    # a subject that is not only a name ("the backup job for Orbit Cloud", "Oslo residents"): its head
    # noun must be in the claim
    if anchored and q.subject_words and not _grounded(ci, q.subject_words[-1]):
        fail(q.subject_words[-1].text)
    if q.apposition and _described(ci, q_spans):
        for w in q.apposition:
            if not _grounded(ci, w):
                fail(w.text)  # "Bramble the border collie" is not the springer spaniel a claim names
    if hole in _TIME_HOLES and q.verb_word is not None and literal and _time_only_in_other_clause(ci, q.verb_word):
        # "when was the leak reported" is not answered by "reported a leak, which a plumber
        # replaced on 3 October": the date is the replacing's, in the clause set off after a comma
        fail("when")
    if q.head_word is not None and q.head_word.stem in _OUTCOME_HEADS and _asks_what_happened(q) \
            and _main_clause_unrealised(ci):
        # "what was the outcome of the case" is not answered by "the court will hear the case": a
        # hearing to come has no outcome yet
        fail(q.head_word.text)
    # a question about an earlier state needs a claim that tells the earlier state
    if q.past and not _tells_prior(ci) and not _says_which_earlier(q, ci):
        fail("before")
    agent = _agent_after_verb(q)
    if q.kind not in ("yesno", "keyword") and literal and agent is not None:
        second = next((w for w in q.soft if w.index >= agent.last and _inflected_verb(w.text.lower())
                       and not _grounded(ci, w)), None)
        if second is not None:
            # "what address was the email reported by Aurelio sent from": the participle after a
            # "reported by" phrase is the question's own verb, and it must be the claim's too
            fail(second.text)
    infinitive = _infinitive_after(q)
    if infinitive is not None and literal and not _grounded(ci, infinitive):
        # "when did she agree to allow pets" is not answered by "has agreed to replace the window":
        # what was agreed, planned or promised is the verb after "to"
        fail(infinitive.text)
    if q.head_word is not None and q.head_word.stem in _MEASURE_HEADS:
        narrowing = _before_head(q)
        if narrowing is not None and not _grounded(ci, narrowing):
            # "what engine size is her car" is not answered by "an odometer reading of 61,240
            # miles": the noun before "size" says the size of what
            fail(narrowing.text)
    if q.kind != "keyword" and not q.about:
        # the thing the question's verb acts on ("who teaches physics") must be what the claim's does
        obj = _direct_object(q)
        if obj and literal and not any(_grounded(ci, w) for w in obj):
            fail(obj[-1].text)
    if q.kind == "how" and q.hole == "number" and q.head_word is not None:
        clash = _modifier_clash(q, ci)
        if clash is not None:
            fail(clash)
        if _grounded(ci, q.head_word) and not _count_before(ci, q.head_word) \
                and not (q.head_word.stem == _TIMES_STEM and any(w in TIMES_WORDS for w in ci.lower)):
            # ("scored twice" is a count of times with no noun to stand in front of)
            # "how many cells" is not answered by "the third batch of the cell trials at 25°C":
            # the count must stand in front of the counted noun
            fail(q.head_word.text)
    if q.kind in ("what", "which") and q.head_word is not None and q.head_word.index > 0 \
            and q.tokens[q.head_word.index - 1].text.lower() not in ("what", "which"):
        clash = _modifier_clash(q, ci, same_kind=True)
        if clash is not None:
            fail(clash)
    if q.kind in ("what", "which") and q.head_word is not None and q.head_word.stem not in ci.stems \
            and not verbal(q.head_word.text):
        # "the admission price" is not answered by what the place "cost", nor "the entry fee" by the
        # sum a run "raised": a noun narrowing the asked one must be in a claim that says the asked
        # one only in other words, or only by a value of its kind
        narrower = _before_head(q)
        if narrower is not None and not verbal(narrower.text) and narrower.text.replace("-", "").isalpha() \
                and narrower.text not in DETERMINERS and not narrower.text.endswith("ly") and not _grounded(ci, narrower):
            fail(narrower.text)
    if q.kind == "how" and q.hole == "number" and q.verb_word is None and q.head_word is not None \
            and q.head_word.text.lower().endswith("s") and not _noun_counted(ci, q.head_word):
        # "how many kayaks does it own" is not answered by "£32 for a two-hour single kayak hire":
        # the count of hours is no count of kayaks, and the claim gives the kayaks none
        fail(q.head_word.text)
    extra = next((w for w in q.name_extras if w not in ci.lower), None)
    if extra is not None:
        # "Smoked Old Sorrel's price" is not the price of Old Sorrel, though one entity holds both
        fail(extra)
    counted = _counted_compound_clash(q, ci)
    if counted is not None:
        fail(counted)
    if q.kind not in ("yesno", "keyword") and not q.about:
        # a word before a shared noun that the claim replaces with its own ("upper" / "lower lake")
        clash = _phrase_clash(q, ci) or _chain_clash(q, ci) or _complement_clash(q, ci) or _purpose_clash(q, ci) \
            or _name_phrase_clash(q, ci) or _bound_clash(q, ci) \
            or _sequence_clash(q, ci)
        if clash is not None:
            fail(clash)
        # who does what to whom: a claim that gives the question's roles to other names is no answer
        swapped = _role_swapped(q, fact, ci) or _possessor_swapped(q, fact, ci) or _examiner_only(q, fact, ci)
        if swapped is not None:
            fail(swapped)
        elsewhere = _said_of_another_subject(ci, q, q_spans)
        if elsewhere is not None:
            # "when will the MV Puffin Isle be out of service" is not answered by "the MV Skerry Lark
            # will be out of service ..., and the MV Puffin Isle will run a reduced service"
            fail(elsewhere)
        # a name the question places the event at must not be replaced by another in the claim
        # ("teach at Morrow College" is not answered by "teaches at Ashgrove Academy")
        for e in setting:
            if e not in subjects and any(x not in required and x not in setting for x in subjects):
                fail(view.entity_name(e))
            elif e not in subjects and q.hole in ("number", "amount") and _counted_where(q):
                # "how many parcels did they deliver in Kelderby": a count holds for where it was
                # counted, and a claim that does not say where may count somewhere wider
                fail(view.entity_name(e))
            elif e not in subjects and e in q.destinations and mid not in view.same_source([e]):
                # "on which day does Brindle deliver to the Halden Building" is not answered by
                # "Brindle will deliver 2,000 tonnes on 14 January" from a source that never names
                # the building: where the question sends something, the claim or its source must say
                # (a place something is "in" or "at" may be the source's alone, and is not judged)
                fail(view.entity_name(e))
        # "what time do the Wednesday sessions start" is not answered by "start at 06:15, except on
        # Wednesdays": the claim says it of everything but what was asked
        excepted = _excepted(ci, q, [w for w in (q.head_word, q.verb_word, *q.soft) if w is not None], q_spans)
        if excepted is not None:
            fail(excepted)
        # "who did Ada not hire": a claim that negates nothing cannot answer a negated question
        if q.negated and not ci.negation_pos:
            fail("not")
    if q.kind == "keyword" and q.negated and not ci.negation_pos:
        # "hammers not voiced since" asks what was not done: a claim that negates nothing says
        # what was done
        fail("not")
    if q.kind not in ("yesno", "keyword") and not q.about and literal:
        # "how many pipes are in the pedal division" is not answered by the whole organ's pipes,
        # nor "the fungus at the base of the horse chestnut's trunk" by the London plane's: a
        # place or a part the question narrows to must be the claim's too
        for phrase in _narrowing_phrases(q):
            absent = [w for w in phrase if not _grounded(ci, w)]
            if not absent:
                continue
            if phrase[-1] not in absent and _bare_in_claim(ci, phrase[-1]):
                # "on the dinner jacket's lapel" <- "on the left lapel": the claim names the part
                # and narrows it to nothing else, so the question's words before it are not
                # contradicted (the London plane's trunk is not the horse chestnut's)
                continue
            fail(absent[0].text)
            break
    elif q.kind == "yesno" and not anchored:
        # "did the check of the controlled-drugs cupboard turn up any problems" is not answered by
        # "the roof survey found 11 slipped slates": with no name to hold it, a yes/no question is
        # about the thing its phrase narrows to, and a claim with none of that phrase is of another
        phrase = next((ph for ph in _narrowing_phrases(q) if not any(_grounded(ci, w) for w in ph)), None)
        if phrase is not None:
            fail(phrase[-1].text)
    part = _partitive_predicate(q)
    if part:
        # "how many of the flats will be affordable housing" asks a part that the predicate picks out;
        # a claim counting all the flats does not say how many of them that is
        missing_part = next((w for w in part if not _grounded(ci, w)), None)
        if missing_part is not None:
            fail(missing_part.text)
    # the other words: corroboration
    soft = [w for w in q.soft if w.stem not in {stem(t) for k in q_spans for t in k.split()}]
    by_kind = [w for w in (q.head_word, q.verb_word, *q.soft) if w is not None and _by_kind_only(ci, w, q)]
    if by_kind:
        # "what is her native language" is not answered by "runs a Portuguese taster session": a
        # general noun met only by a kind of it says nothing of the words that narrow it
        missing_soft = next((w for w in soft if not _grounded(ci, w)), None)
        if missing_soft is not None:
            fail(missing_soft.text)
        narrowed = next((w for w in by_kind if _kind_of_another(ci, w, q)), None)
        if narrowed is not None:
            fail(narrowed.text)
    g = sum(1 for w in soft if _grounded(ci, w))
    g_entities = sum(1 for e in setting if e in subjects)
    score += g_entities
    g += g_entities
    s_total = len(soft) + len(setting)
    score += g
    act = _gone_on(q) if q.verb_word is None else None
    if act is not None and not _grounded(ci, act):
        # "where will the squad go on tour" is not answered by "will train at Ashcombe Park": the
        # noun after "go on" is what is done
        fail(act.text)
    opposite = _opposite_said(ci, q)
    if opposite is not None:
        # "the price for dyed yarn" is not answered by "sells undyed yarn at £19.75": the claim
        # says the word's opposite
        fail(opposite)
    variant = _variant_unsaid(q, ci)
    if variant is not None:
        # "what is the stall fee for a double pitch" is not answered by "the standard stall fee will
        # rise to £32": what a value is for, named after it, must be what the claim prices
        fail(variant)
    if hole == "day" and not ci.types.get("day") and q.weekday:
        # "on what day of the week does she sample the inlet" is not answered by "samples taken on
        # 20 February": a date is no day of the week
        fail(q.head_word.text if q.head_word is not None else "day")
    if hole == "day" and not ci.types.get("day") and _dates_are_bounds(ci):
        # "on which nights will Crew D cover the route" is not answered by "from 17 March the route
        # will be covered by Crew D": a date that starts or ends a period is not the days it holds
        fail(q.head_word.text if q.head_word is not None else "day")
    part_of = _sums_are_parts_of(ci, q) if hole in ("money", "amount") else None
    if part_of is not None:
        # "Sallowby grant amount" is not answered by "£1,950 of the Sallowby grant had been spent"
        fail(part_of)
    extreme = _extreme_unsaid(q, ci)
    if extreme is not None:
        # "what is the kiln's maximum firing temperature" is not answered by "shut down at
        # 1,040°C": a bound or an average asked must be what the claim's value is
        fail(extreme)
    if q.kind not in ("yesno", "keyword"):
        unit = _unit_not_given(q, ci, after_in=True)
        if unit is not None:
            # "how long is the Trewint Hill climb in metres" is not answered by "in a time of 6
            # minutes 41 seconds": the unit a value is asked in says which of its kinds is wanted
            fail(unit)
    if q.kind == "yesno":
        if s_total and (g * 5 < s_total * 2 or g < min(2, s_total)):
            fail(_first_missing(ci, soft))
        if _left_open(ci, q):
            # "does Brightwell Mutual insure ride-on toys" is not answered by "has asked Olusegun to
            # check whether the insurance with Brightwell Mutual covers loaned ride-on toys": what is
            # asked whether of is not said to be so
            fail("whether")
        done = _did_verb(q)
        if done is not None and not _verb_grounded(ci, done) and (
                any(w == "will" or w in _PLANNED for w in ci.lower)
                or not any(w.isalpha() and lx.contradicts(done.text, w) for w in ci.lower)):
            # "did Priya pass her black belt grading" is not answered by "her grading is now
            # scheduled for 22 June": a plan does not say whether the act asked was done; nor "did
            # the barn owl Marlowe eat his supper" by "examined Marlowe the barn owl", which says
            # neither that he ate nor that he did not
            fail(done.text)
        last = _last_bare_verb(q)
        if last is not None and not _verb_grounded(ci, last):
            # "did Biscuit's surgery succeed" is not answered by "Biscuit was transferred for
            # surgery": a verb that ends the question with nothing after it is all it asks
            fail(last.text)
    elif q.kind == "keyword":
        if s_total and (g * 2 < s_total or g == 0):
            fail(_first_missing(ci, soft))
        act = None if hole not in _TIME_HOLES else next(
            (w for w in soft if " " not in w.stem and verb_of_noun(w.text) and not _grounded(ci, w)), None)
        if act is not None:
            # "key-card encoder replacement date" is not answered by "the encoder failed on 30
            # January": a noun of doing names the event whose time is asked
            fail(act.text)
        soft_at = {w.index: w for w in soft}
        for w in soft:
            # "Harvest at Penmorrow loan end date" is not answered by "finished consolidating
            # Harvest at Penmorrow on 5 April": a start or an end is a moment of the thing named
            # just before it, and a claim that has only the moment is of something else
            thing = soft_at.get(w.index - 1)
            if w.stem in _PHASE_WORDS and thing is not None and thing.stem not in _PHASE_WORDS \
                    and not _grounded(ci, thing):
                fail(thing.text)
        unit = _unit_not_given(q, ci)
        if unit is not None:
            # "Millpond Barn solar array generation kWh" is not answered by "180 panels rated at
            # 400 W": a unit asked is the kind of value wanted, as a head noun is
            fail(unit)
    elif not anchored:
        # no name: the question's own subject phrase ("the window repair") must all be in the claim
        for w in q.subject_words:
            if not _grounded(ci, w):
                fail(w.text)
        anchors = literal + g
        total = s_total + (1 if q.head_word is not None else 0) + (1 if q.verb_word is not None else 0)
        if anchors * 3 < total * 2:
            fail(_first_missing(ci, soft) or _term_of(q))
    elif literal == 0:
        if s_total and (g == 0 or g * 3 < s_total) and not _role_where_asked(q, ci, soft, exclude):
            fail(_first_missing(ci, soft) or _term_of(q))
    score += 0.5 * sum(1 for e in required if e in subjects)
    if subjects and required and subjects[0] == required[0]:
        score += 0.5
    # a contradiction counts only from a claim about the same thing (most of the other words match)
    premise = premise and (s_total == 0 or g * 2 >= s_total)
    return _Match(mid, state, score, ok and not premise, missing, premise)


def _reports_second_name(ci: ClaimIndex) -> bool:
    """The claim's second name opens the clause its first name reports: "Ada announced that Acme
    will ...", "Ada confirmed that the Acme board had ..."."""
    spans = sorted(ci.spans, key=lambda sp: sp.first)
    if len(spans) < 2:
        return False
    lower = ci.lower
    k = spans[1].first - 1
    while k >= 0 and lower[k] in ("the", "a", "an"):
        k -= 1
    return k >= 1 and lower[k] == "that" and stem(lower[k - 1]) in REPORTING_STEMS and spans[0].last <= k - 1


def _count_is_the_subjects(q: Question, ci: ClaimIndex, subjects: list[str], required: list[str]) -> bool:
    """A count may stand for the question's verb only when the claim is about the asked subject
    first ("one point behind the Heather rink" counts the Osprey rink's games) and every other verb
    of the question is in the claim ("how many parcels were lost when the van caught fire" is not
    answered by "broke down with 57 parcels on board")."""
    if required and subjects:
        # a claim that reports what its second name does is about that name, and not about the one
        # who reports it: "Delphine Ormsby announced that Inkwell & Ormsby Press will buy a guillotine
        # for 4,750 pounds"
        doer = subjects[1] if len(subjects) > 1 and _reports_second_name(ci) else subjects[0]
        if doer not in required:
            return False
    lower = [t.text.lower() for t in q.tokens]
    # the question's own words of doing, not a noun after a preposition ("write off as beyond repair")
    doing = frozenset(w.stem for w in q.words if not (w.index > 0 and lower[w.index - 1] in PREPOSITIONS))
    if q.head_word is not None and not _count_is_said_of(ci, q.head_word, {sp.key for sp in q.spans}, doing):
        return False
    thing = _verb_object(q)
    if thing is not None and not _grounded(ci, thing):
        return False  # "how many children attended the club's summer holiday sessions": which event
    # ("how many crews did it beat to win the division": the event a purpose names is one too, but
    # not a "to" of the verb's own, as in "how many people came to hear the orchestra")
    own_to = q.verb_word.index + len(q.verb_word.text.split()) - 1 if q.verb_word is not None else -1
    return all(_grounded(ci, w) for w in q.soft
               if _inflected_verb(w.text) or q.hole == "number" and w.index > 0 and lower[w.index - 1] == "to"
               and w.index - 1 != own_to and is_verb(w.text.lower()) and w.stem not in LIGHT_VERBS)


# words that open a time after a verb ("this season", "last year", "every morning")
_TIME_OPENERS = frozenset("this last next each every today yesterday tomorrow tonight".split())
# words that open a clause after a verb's object
_CLAUSE_WORDS = frozenset("when while whose who which that where why how if because and or but".split())


def _verb_object(q: Question) -> Word | None:
    """The last noun of the phrase right after the question's verb, up to a preposition or a
    clause: "sessions" of "attended the club's summer holiday sessions"; None when a preposition
    or nothing follows the verb."""
    if q.verb_word is None:
        return None
    lower = [t.text.lower() for t in q.tokens]
    soft = {w.index: w for w in q.soft}
    k = q.verb_word.index + len(q.verb_word.text.split())
    last = None
    while k < len(lower) and lower[k] not in PREPOSITIONS and lower[k] not in _CLAUSE_WORDS and lower[k].isalnum() \
            or k < len(lower) and lower[k] == "'s":
        if k in soft and is_verb(lower[k]):
            if last is None:
                return None  # "came to hear the orchestra": a verb, not an object
            break  # "the blood bank hold": the object ended at the next verb
        if lower[k] in _TIME_OPENERS or lower[k] in MONTHS or lower[k] in WEEKDAYS:
            break  # "raise this lambing season": a time, not what was raised
        if k in soft:
            last = soft[k]
        k += 1
    return last


def _changed_other(lower: list[str], to: int, noun: Word) -> bool:
    """Whether the "to" at ``to`` ends a change of some other thing than the counted noun: "raised
    the order to 4,200 copies" sizes an order, where "raised the number of stations to 36" and
    "cut its fleet of kayaks to 30" size the noun itself."""
    v = next((i for i in range(to - 1, max(-1, to - 8), -1) if stem(lower[i]) in CHANGE_VERBS), None)
    if v is None:
        return False
    changed = [w for w in lower[v + 1:to] if w.isalpha() and w not in STOPWORDS and w not in DETERMINERS]
    if not changed or stem(changed[0]) in noun.concepts or changed[0] == noun.text.lower() or changed[0] in _COUNT_NOUNS:
        return False
    return not any(stem(w) == noun.stem for w in changed)


# verbs of leaving a post, before "as <post>" ("will stand down as treasurer", "resigned as chair")
_LEAVING = frozenset(stem(w) for w in ("resign", "retire", "quit", "leave", "left", "step", "stand", "stood"))


# ... of which these leave a post only with "down" ("stood as a candidate" leaves nothing)
_DOWN_ONLY = frozenset(stem(w) for w in ("step", "stand", "stood"))


def _left_post_at(lower: list[str], a: int) -> bool:
    """Whether the "as" at ``a`` names a post being left: "stand down as", "resigned as"."""
    down = a >= 2 and lower[a - 1] == "down"
    j = a - 2 if down else a - 1
    verb = stem(lower[j]) if j >= 0 else ""
    return verb in _LEAVING and (down or verb not in _DOWN_ONLY)


def _roles_all_left(ci: ClaimIndex) -> bool:
    """Whether every post the claim names comes after a verb of leaving it ("will step down as helm")."""
    lower = ci.lower
    roles = [p for p, w in enumerate(lower) if w.isalpha() and role_word(w)]
    if not roles:
        return False
    left = set()
    for a, w in enumerate(lower):
        if w == "as" and _left_post_at(lower, a):
            left.update(range(a + 1, min(len(lower), a + 5)))
    if not all(p in left for p in roles):
        return False
    # ("has stepped down as adoption coordinator and now manages the charity shop": what comes
    # next is the job)
    return not any(w in ("and", "to") and any(is_verb(x) for x in lower[k + 1:k + 3] if x.isalpha())
                   for k, w in enumerate(lower) if k > max(left))


def _leaves_asked(q: Question) -> bool:
    """Whether the question asks about leaving ("what post did she resign from")."""
    return any(stem(t.text.lower()) in _LEAVING for t in q.tokens)


# verbs that say how far along an act is ("has finished repairing", "started servicing")
_ASPECT_VERBS = frozenset(stem(w) for w in ("finish", "start", "begin", "began", "stop", "complete", "continue", "resume"))

# prepositions that make a count the place of what happens ("confirmed in one colony")
_PLACING_PREPS = frozenset({"in", "at", "on", "inside", "within"})


def _count_position(lower: list[str], p: int) -> int | None:
    """Where the number counting the noun at ``p`` stands, within three words before it."""
    for k in range(p - 1, max(-1, p - 4), -1):
        if lower[k][:1].isdigit() or lower[k] in CARDINAL_WORDS:
            return k
    return None


def _count_is_said_of(ci: ClaimIndex, noun: Word, asked: set[str], asked_words: frozenset[str] = frozenset()) -> bool:
    """Whether some count of the noun in the claim is what its subject has or does: not the place
    of an event ("foulbrood was confirmed in one colony"), not another name's in a reported clause
    ("Kenji reported that the Millbrook apiary holds 19 colonies"), not what an act the question
    does not name is being done to ("finished repairing the three canoes"), not the new size
    of another thing ("increased the order to 4,200 copies"), and not the subject of a verb the
    question does not ask ("two nurses were off sick")."""
    lower = ci.lower
    mine = [sp for sp in ci.spans if _asked_name(sp.key, asked)]
    found = False
    for p in ci.positions(noun.concepts):
        k = _count_position(lower, p)
        if k is None:
            continue  # no count of this noun here
        found = True
        j = k - 1
        while j >= 0 and (lower[j] in _ABOUT or lower[j] in ("the", "an")):
            j -= 1
        if j >= 0 and lower[j] in _PLACING_PREPS and mine and k < mine[0].first:
            continue  # (after the name it may be how the subject's own are split: "in three parties")
        if j >= 1 and lower[j].endswith("ing") and _inflected_verb(lower[j]) and stem(lower[j]) not in _HOLDING \
                and stem(lower[j]) not in asked_words and (stem(lower[j - 1]) in _ASPECT_VERBS or lower[j - 1] in BE_FORMS):
            # the count is what another act is being done to: "finished repairing the three canoes"
            # (not "thanked them for diverting 1,240 tonnes", the very act in other words)
            continue
        if k > 0 and lower[k - 1] == "to" and lower[k - 2:k - 1] != ["up"] and _changed_other(lower, k - 1, noun):
            continue  # the new size of another thing: "increased the order for it to 4,200 copies"
        if p + 1 < len(lower) and _modifies_next(lower, p):
            continue  # the count is of the noun after it: "three abandoned lobster creels" counts creels
        if p + 2 < len(lower) and (lower[p + 1] in BE_FORMS or lower[p + 1] in AUXILIARIES) \
                and not any(stem(w) in asked_words for w in lower[p + 2:p + 4]):
            continue  # the counted ones do something of their own: "confirmed that two nurses were off sick"
        that = next((t for t in range(k - 1, -1, -1) if lower[t] == "that"), None)
        if that is not None and mine and mine[0].last <= that and any(
                that < sp.first and sp.last <= k and sp.prep is None and not sp.possessive
                and not _asked_name(sp.key, asked) for sp in ci.spans):
            continue
        return True
    return not found


def _modifies_next(lower: list[str], p: int) -> bool:
    """The word at ``p`` is a noun in the singular before a plural noun it modifies ("lobster
    creels", "apple trees"), so a count before it counts the next noun."""
    w, nxt = lower[p], lower[p + 1]
    return not w.endswith(("s", "ing", "ed")) and nxt.isalpha() and nxt.endswith("s") and not nxt.endswith("ss") \
        and nxt not in STOPWORDS and nxt not in PREPOSITIONS and nxt not in BE_FORMS and nxt not in AUXILIARIES \
        and not is_verb(nxt)


_NOT_PAST = frozenset({"hundred", "kindred", "sacred", "naked", "wicked", "rugged", "ragged", "beloved"})


def _inflected_verb(w: str) -> bool:
    """A verb in a past form ("caught", "stalled", "broke"), not a noun's plural nor a bare form that
    may be a noun ("fire")."""
    if " " in w or w.endswith("s"):
        return False
    if w.endswith("ed") and not w.endswith("eed") and w not in _NOT_PAST and verbal(w):
        return True
    base = stem(w)
    return base != w and base != w.rstrip("e") and is_verb(base)


def _title_after(ci: ClaimIndex, verb: Word) -> bool:
    """A quoted title right after the verb (its object): "exhibit 'Ravensgill Junction'", "has
    chosen Howells' 'A Spotless Rose'" (whose work it is may come first)."""
    starts = {s.first for s in ci.spans if s.quoted}
    owners = {s.first: s.last + 1 for s in ci.spans if not s.quoted and s.last < len(ci.lower)
              and ci.lower[s.last] == "'s"}  # a span's last is the index after it
    return any(p + 1 in starts or p + 2 in starts and ci.lower[p + 1] in ("the", "a", "an", "his", "her", "their")
               or owners.get(p + 1) in starts for p in ci.positions(verb.concepts))


_PEOPLE_HEADS = frozenset({"person", "people", "persons"})
_ABOUT = frozenset("up to about around roughly some nearly almost over more than fewer less just only a total of".split())


def _people_counted(ci: ClaimIndex, verbs: list[Word]) -> bool:
    """A count the claim gives of people: a cardinal before a noun for people ("1,130 visitors",
    "twelve learners") or, when the question's verb is the claim's, straight after it, as a
    capacity is said ("sleeps up to six", "seats 24"): the verb, or with none found, the question's
    other words ("how many people can sleep on it")."""
    lower = ci.lower

    def people(w: str) -> bool:
        return people_noun(w) or stem(w) in _PEOPLE_HEADS

    for k, w in enumerate(lower[:-1]):
        if (_cardinal(w) or w.split("-")[0] in CARDINAL_WORDS) and people(lower[k + 1]):
            return True
    return any(_count_after(lower, p, people) for v in verbs for p in ci.positions(v.concepts))


def _count_after(lower: list[str], p: int, counted: Callable[[str], bool] | None = None) -> bool:
    """A bare count straight after the verb at p, as a capacity is said ("sleeps up to six", "seats
    24"); with `counted`, a noun after the count must be one it accepts ("has twelve easels")."""
    k = p + 1
    while k < len(lower) and lower[k] in _ABOUT:
        k += 1
    if k >= len(lower) or not (_cardinal(lower[k]) or lower[k] in CARDINAL_WORDS):
        return False
    after = lower[k + 1] if k + 1 < len(lower) else "."
    return not after.isalpha() or after in STOPWORDS or (counted is not None and counted(after))


# Holes a name can fill ("who", "which boat")
_NAMED_HOLES = frozenset({"person", "org", "place", "name", "title", "thing"})


def _says_which_earlier(q: Question, ci: ClaimIndex) -> bool:
    """Whether the claim says the question's own "first" or "previous" of the same thing: "fired
    for the first time on 3 February" for "when was it first fired", "rolled back to the previous
    firmware" for "who rolled it back to the previous firmware" (not "the women's first eight" for
    "who first stroked it")."""
    lower = [t.text.lower() for t in q.tokens]
    pairs = set(zip(ci.lower, ci.lower[1:]))
    for k, w in enumerate(lower):
        if past_marker_at(lower, k) and ((k + 1 < len(lower) and (w, lower[k + 1]) in pairs)
                                         or (w == "first" and ("first", "time") in pairs)):
            return True
    return False


# periods a "last" before dates a claim to a time gone by ("were counted last year")
_PAST_PERIODS = frozenset("year month week season summer winter spring autumn term".split())


def _tells_prior(ci: ClaimIndex) -> bool:
    """Whether the claim tells an earlier state ("up from £42", "previously", "moved from Leeds").
    "From" before a time only dates the new state: "rises to £46 per hour from March" does not
    say what it cost before March."""
    found = ci.stems & PRIOR_MARKERS
    if found != {"from"} and found:
        return True
    lower = ci.lower
    if any(w == "last" and i + 1 < len(lower) and lower[i + 1] in _PAST_PERIODS for i, w in enumerate(lower)):
        return True  # "were counted last year"
    if not found:
        return False
    for i, w in enumerate(lower[:-1]):
        if w == "from":
            nxt = lower[i + 1]
            after = lower[i + 2] if i + 2 < len(lower) else ""
            if not (nxt in MONTHS or nxt in WEEKDAYS or nxt in ("next", "now", "today", "tomorrow", "then")
                    or nxt.isdigit() and (after in MONTHS or len(nxt) == 4) or CLOCK_RE.match(nxt)):
                return True
    return False


def _placed(fact: Any) -> bool:
    """Whether the claim names a place of its own ("at the Ledmore Bridge station"), which a question
    set at another name is not about."""
    # ("The Brackley Building's group study rooms": a place that owns the thing places it too, and
    # "the library van visits Millbrook Estate" is at the estate)
    if fact is None:
        return True
    subject = fact.spans[fact.subject] if fact.subject is not None else None
    return any(sp.prep in SETTING_PREPS or sp.possessive and guess_kind(sp.text) in ("place", "org")
               or sp is not subject and sp.prep is None and guess_kind(sp.text) == "place" for sp in fact.spans)


# Verbs whose object is money come in, not a price paid: "the appeal raised £7,850, enough to replace
# the desk" does not say what the desk costs
_GATHERING = frozenset(stem(w) for w in ("raise", "collect", "donate", "earn", "receive", "pledge", "win", "save"))


def _money_gathered(ci: ClaimIndex) -> bool:
    """Whether every sum the claim states is the object of a verb of gathering money."""
    return _every_sum_after(ci, _GATHERING, 2)


def _variant_unsaid(q: Question, ci: ClaimIndex) -> str | None:
    """The first word of a "for a/an ..." phrase right after the question's head noun ("the stall fee
    for a double pitch") when none of the phrase's words is in the claim."""
    head = q.head_word
    if head is None:
        return None
    low = [t.text.lower() for t in q.tokens]
    k = head.index + 1
    if low[k:k + 2] not in (["for", "a"], ["for", "an"]):
        return None
    said = {w.index: w for w in q.words}
    phrase = []
    j = k + 2
    while j in said:
        phrase.append(said[j])
        j += 1
    if phrase and not any(_grounded(ci, w) for w in phrase):
        return phrase[0].text
    return None


_BOUNDS = frozenset({"from", "since", "until", "till", "by", "before", "after"})


def _dates_are_bounds(ci: ClaimIndex) -> bool:
    """Whether the claim gives dates, each after a word that makes it the start or the end of a
    period ("from 17 March", "until 2 May")."""
    lower = ci.lower
    months = [i for i, w in enumerate(lower) if w in MONTHS]
    for i in months:
        j = i - 1
        while j >= 0 and i - j <= 3 and (lower[j][:1].isdigit() or lower[j] in ("the", "of")):
            j -= 1
        if j < 0 or lower[j] not in _BOUNDS:
            return False
    return bool(months)


def _sum_positions(lower: list[str]) -> list[int]:
    """Where the claim states a sum of money ("£1,950", "$40")."""
    return [i for i, w in enumerate(lower) if w[:1] in "£$€¥" and any(c.isdigit() for c in w)]


def _every_sum_after(ci: ClaimIndex, verbs: frozenset[str], reach: int) -> bool:
    """Whether the claim states a sum, and one of ``verbs`` stands within ``reach`` words before each."""
    lower = ci.lower
    sums = _sum_positions(lower)
    return bool(sums) and all(any(stem(lower[j]) in verbs for j in range(max(0, i - reach), i)) for i in sums)


# Verbs that put a worth on a thing: "valued the letters at £48,000" says what they are worth, not a
# fee anyone charged
_VALUING = frozenset(stem(w) for w in ("value", "revalue", "estimate", "assess", "appraise", "insure", "worth"))


def _sums_are_parts_of(ci: ClaimIndex, q: Question) -> str | None:
    """The asked word that every sum of the claim is a part of ("£1,950 of the Sallowby grant had
    been spent" is some of the grant, not its amount), unless the question asks for a part ("how
    much of the grant"); None otherwise."""
    low_q = [t.text.lower() for t in q.tokens]
    if "of" in low_q[:4]:
        return None
    lower = ci.lower
    asked = {w.stem for w in q.words}
    sums = _sum_positions(lower)
    whole = None
    for i in sums:
        j = i + 1
        if j >= len(lower) or lower[j] != "of":
            return None
        j += 1
        k = j
        while j < len(lower) and (lower[j] in DETERMINERS or any(sp.first == j for sp in ci.spans)):
            j = next((sp.last for sp in ci.spans if sp.first == j), j + 1)
        if j == k or j >= len(lower) or stem(lower[j]) not in asked:
            return None  # ("£1,500 of diesel": a sum of some stuff is what it is worth, not a part)
        whole = lower[j]
    return whole


# nouns that name a sum as what something cost ("a total of £2,940", "a bill of £86")
_COST_NAMES = _PRICE_NOUNS | _PRICE_WORDS | frozenset(stem(w) for w in (
    "total", "bill", "sum", "amount", "invoice", "quotation", "outlay", "spend", "expenditure", "levy",
    "subscription", "rent", "toll", "premium", "wage", "salary"))


def _sums_named_otherwise(ci: ClaimIndex) -> bool:
    """Whether every sum the claim states is named as something else than a cost ("a balance of
    £2,940 after the purchase of two extractors" is what was left, not what they cost)."""
    lower = ci.lower
    sums = _sum_positions(lower)
    return bool(sums) and all(i >= 2 and lower[i - 1] == "of" and lower[i - 2].isalpha()
                              and stem(lower[i - 2]) not in _COST_NAMES for i in sums)


def _money_valued(ci: ClaimIndex) -> bool:
    """Whether every sum the claim states is a worth put on a thing by a verb of valuing."""
    return _every_sum_after(ci, _VALUING, 7)


def _price_stated(ci: ClaimIndex) -> bool:
    """ "a price of £6,800", "at a cost of £1,450": a price set for a thing (not "parking fees" earned)."""
    return any(stem(w) in _PRICE_NOUNS and ci.lower[p + 1] == "of" for p, w in enumerate(ci.lower[:-1]))


def _price_for_payer(ci: ClaimIndex, q: Question) -> bool:
    """ "how much do members pay" <- "fuel costs £0.87 a litre for members": a price the claim states
    with a verb, for whoever the question says pays it (its subject, in plain words after "for")."""
    lower = ci.lower
    if not q.subject_words or not any(stem(w) in _PRICE_VERBS and lower[p + 1][:1] in "£$€¥"
                                      for p, w in enumerate(lower[:-1])):
        return False
    fors = [p for p, w in enumerate(lower) if w == "for"]
    return all(any(f < p for f in fors for p in ci.positions(w.concepts)) for w in q.subject_words)


def _counted_where(q: Question) -> bool:
    """The question places its count at a name in its main clause ("deliver in Kelderby"), not in
    a clause that only dates it ("when he was taken into Fernhill")."""
    lower = [t.text.lower() for t in q.tokens]
    return any(sp.prep in SETTING_PREPS and not sp.possessive and not any(
        w in ("when", "while", "after", "before", "since", "until") for w in lower[1:sp.first]) for sp in q.spans)


def _role_where_asked(q: Question, ci: ClaimIndex, soft: list[Word], exclude: set[str]) -> bool:
    """ "What is her job at the lighthouse?" ← "Assistant keeper Morwenna Obi repainted the railings":
    the question's other words only say where the job is, and the claim gives the title and no
    place of its own that could be another job's."""
    if q.hole != "role" or not ci.typed("role", exclude) or ci.typed("place", exclude):
        return False
    where = {w.index for w in _narrowing_words(q)}
    return bool(soft) and all(w.index in where for w in soft)


_PURPOSE_ENDS = frozenset({"at", "in", "on", "for", "from", "with", "by", "during", "per", "each"})


# What may stand between a negation and the verb it negates: "cannot be claimed", "did not yet".
_NEGATION_BRIDGE = AUXILIARIES | frozenset("to yet ever still also even always".split())


def _negates(lower: list[str], n: int, v: int) -> bool:
    """Whether the negation at ``n`` is the verb's at ``v``: only auxiliaries and adverbs between,
    not another verb ("holders who cannot attend can claim a refund": "cannot" is attend's)."""
    return all(w in _NEGATION_BRIDGE or w.endswith("ly") for w in lower[n + 1:v])


_DO = frozenset({"do", "does", "did", "doing"})
_CLAUSE_TIME = frozenset({"after", "before", "once", "until", "till", "while", "when", "following"})


def _asks_act_after(q: Question) -> bool:
    """ "What will she do after stepping down?": a "what ... do" question whose other words are
    all in a time clause after the "do"."""
    lower = [t.text.lower() for t in q.tokens]
    if q.kind != "what" or q.verb_word is not None or q.head_word is not None or not lower or lower[0] != "what":
        return False
    do = next((i for i, w in enumerate(lower) if w in _DO), None)
    return do is not None and do + 1 < len(lower) and lower[do + 1] in _CLAUSE_TIME


def _described(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether the claim sets a description after a name the question asks about: "Bramble the
    springer spaniel", "Bramble, a springer spaniel", "Bramble is a springer spaniel"; not "From 20
    March, Rajah will be fed at 16:00", which describes no one."""
    lower = ci.lower
    for sp in ci.spans:
        k = sp.last
        if sp.key not in q_spans or k >= len(lower):
            continue
        if lower[k] in ("is", "was") and k + 1 < len(lower):
            k += 1  # "Bramble is a springer spaniel"
        if lower[k] in ("the", "a", "an", ","):
            return True
    return False


def _clause_word_missing(ci: ClaimIndex, q: Question) -> Word | None:
    """A noun of the question's "when" clause ("when she examined the grey seal pups") where the
    claim has the clause's verb done to something the question does not name ("examined Sorrel"):
    then it tells of that act done to another."""
    lower = [t.text.lower() for t in q.tokens]
    at = next((k for k, w in enumerate(lower) if w in ("when", "while", "whilst") and k > 0), None)
    if at is None:
        return None
    inside = [w for w in q.words if w.index > at]
    verbs = [w for w in inside if is_verb(w.text.lower()) or _inflected_verb(w.text.lower())]
    missing = next((w for w in inside if w not in verbs and not _grounded(ci, w)), None)
    if missing is None or not verbs:
        return None
    asked_at = _asked_positions(ci, q)
    for v in verbs:
        for p in ci.positions(v.concepts):
            if p == 0 or ci.lower[p - 1] in DETERMINERS or not _inflected_verb(ci.lower[p]):
                continue  # a noun ("the repairs"), not the act itself
            k = p + 1
            while k < len(ci.lower) and ci.lower[k] in DETERMINERS:
                k += 1
            if k < len(ci.lower) and ci.lower[k].isalpha() and ci.lower[k] not in STOPWORDS \
                    and k not in asked_at:
                return missing
    return None


def _asked_positions(ci: ClaimIndex, q: Question) -> set[int]:
    """Where the claim has any of the question's words."""
    return set(ci.positions(frozenset().union(*(w.concepts for w in q.words)))) if q.words else set()


def _other_act(ci: ClaimIndex, q: Question) -> bool:
    """The claim has a verb that none of the question's words stands for."""
    taken = _asked_positions(ci, q)
    named = ci.named
    return any(is_verb(w) and w not in STOPWORDS and p not in taken and p not in named
               for p, w in enumerate(ci.lower))


def _roles_all_asked(ci: ClaimIndex, q: Question) -> bool:
    """Every role the claim gives is said in the question's own words, in its time clause."""
    lower = [t.text.lower() for t in q.tokens]
    clause = next((k for k, w in enumerate(lower) if w in _CLAUSE_TIME), None)
    if clause is None:
        return False  # the role named in a time clause ("before he became ..."), the one asked another
    roles = ci.types.get("role", set())
    asked = {stem(w) for w in lower[clause + 1:]}
    return bool(roles) and all(all(stem(x) in asked for x in r.split()) for r in roles)


_LASTING = frozenset({"last", "lasts", "lasted", "lasting", "long", "runs", "run", "ran", "takes", "took", "take"})


def _lasts_near(ci: ClaimIndex, noun: Word) -> bool:
    """A length of time stands by the noun: within three words of it, names not counted ("a 10-day
    course", "booked Kingfisher Lass for seven nights"), or the claim says how long it lasts."""
    if _LASTING & set(ci.lower):
        return True
    at = ci.positions(noun.concepts)
    timed = [k for k, w in enumerate(ci.lower) if any(c.isdigit() for c in w) or w.split("-")[0] in NUMBER_WORDS]
    named = ci.named

    def apart(a: int, b: int) -> int:  # words between, a name counted as none ("booked Kingfisher Lass for seven")
        lo, hi = min(a, b), max(a, b)
        return sum(1 for k in range(lo + 1, hi) if k not in named) + 1

    def governed(p: int) -> bool:  # "refilled the pound from the Ravensike feeder over three hours"
        k = p - 1
        while k >= 0 and (k in named or ci.lower[k] in DETERMINERS):
            k -= 1
        return k >= 0 and ci.lower[k] in _FROM_TO

    # a time after a noun a preposition governs is the verb's (the refilling took three hours)
    return any(p != k and apart(p, k) <= 3 and not (k > p and governed(p)) for p in at for k in timed)


_FROM_TO = frozenset({"from", "to", "into", "via", "through", "onto"})


def _purpose_at(q: Question) -> int | None:
    """The index of the "to" of a purpose after the question's price verb ("what does Ada charge
    to clean a terrace"), or None."""
    if q.verb_word is None or q.verb_word.stem not in _PRICE_VERBS:
        return None
    lower = [t.text.lower() for t in q.tokens]
    # "to tune a harpsichord": a word between "to" and a determiner is a verb, known or not
    return next((i for i in range(q.verb_word.index + 1, len(lower) - 1)
                 if lower[i] == "to" and (is_verb(lower[i + 1]) or lower[i + 2:i + 3] and lower[i + 2] in DETERMINERS)), None)


def _prices_the_asked(q: Question, ci: ClaimIndex, act: Word, q_spans: set[str]) -> bool:
    """Whether a claim that states a price prices what the question's act is done to: "what does it
    charge to tune a harpsichord" needs the harpsichord, and "what did the kiln cost to buy" the
    kiln itself, not "the kiln's thermocouple"."""
    done_to = [w for w in q.soft if w.index > act.index]
    if done_to:
        return all(_grounded(ci, w) for w in done_to)
    lower = ci.lower
    for sp in ci.spans:
        if not _asked_name(sp.key, q_spans):
            continue
        k = sp.last
        while k < len(lower) and k - sp.last < 3 and lower[k] != "'s" and lower[k].isalpha() and lower[k] not in STOPWORDS:
            k += 1  # "the Tregarn kiln's thermocouple": the name's own noun may come before the possessive
        if k < len(lower) and lower[k] == "'s":
            return False
    return True


def _priced_act(q: Question) -> Word | None:
    """The purpose verb a price is asked for: "deliver" of "what did they charge to deliver it"."""
    i = _purpose_at(q)
    act = None if i is None else next((w for w in q.words if w.index == i + 1), None)
    # "to put a new windscreen in" names no act of its own ("replaced for £412")
    return None if act is None or act.stem in LIGHT_VERBS else act


def _priced_thing(q: Question) -> Word | None:
    """The noun a price is asked for after a purpose verb: "how much does it cost to use the
    refurbished sauna", "what does Ada charge to clean a two-bedroom terrace" (the sauna, the
    terrace); None when the question has no "to <verb> <noun>" after its price verb."""
    i = _purpose_at(q)
    lower = [t.text.lower() for t in q.tokens]
    if i is None and q.verb_word is not None and (q.verb_word.stem in _PRICE_VERBS
                                                  or q.verb_word.stem == _PAY_FOR and q.head_word is None):
        # "what did Harbour Hydraulics charge for labour on the repair": what is charged for, and
        # "what did the smokehouse pay for hake": what is paid for
        i = _for_after_verb(q, lower)
        i = None if i is None else i - 1  # the thing then starts two after, as after "to <verb>"
    if i is None:
        return None
    by_index = {w.index: w for w in q.words}
    last = None
    for j in range(i + 2, len(lower)):
        if lower[j] in _PURPOSE_ENDS or not any(c.isalnum() for c in lower[j]):
            break
        if j in by_index:
            last = by_index[j]
    return last


_PAY_FOR = " ".join(stem(w) for w in ("pay", "for"))


def _charged_for_act(q: Question) -> Word | None:
    """The act a price verb charges for, as a verb in -ing after "for": "quote for fitting the
    kitchen" (fitting)."""
    if q.verb_word is None or q.verb_word.stem not in _PRICE_VERBS:
        return None
    lower = [t.text.lower() for t in q.tokens]
    k = _for_after_verb(q, lower)
    if k is None or k + 1 >= len(lower) or not lower[k + 1].endswith("ing"):
        return None
    return next((w for w in q.soft if w.index == k + 1), None)


def _for_after_verb(q: Question, lower: list[str]) -> int | None:
    """Where "for" stands within three words after the question's verb ("charge for labour",
    "quote for fitting"), or None."""
    if q.verb_word is None:
        return None
    v = q.verb_word.index
    return next((k for k in range(v + 1, min(v + 4, len(lower))) if lower[k] == "for"), None)


def _phrase_clash(q: Question, ci: ClaimIndex) -> str | None:
    """A word the question puts right before a noun the claim shares, where the claim puts another
    word of its own: "into the upper lake" is not answered by "into the lower lake". (A claim
    with nothing there may still answer: "the lake" leaves "upper" open.)"""
    # the asked noun too: "the vehicle fare" is not answered by "the foot-passenger fare"
    by_index = {w.index: w for w in (*q.soft, q.head_word) if w is not None}
    asked = {w.stem for w in q.soft}
    named = ci.named
    for w in q.soft:
        head = by_index.get(w.index + 1)
        if head is None or w.stem in LIGHT_VERBS or _grounded_unnamed(ci, w) or not _grounded(ci, head):
            continue  # ("get extra time": a light verb before the noun says nothing of which one)
        # a noun inside a name ("the Loch Eilan Limnology Group") may be described in other words
        spots = [p for p in ci.positions(head.concepts) if p not in named]
        # the noun itself where the claim has it: a word of its group ("silver" for "medal") is no
        # place the question's word could stand
        spots = [p for p in spots if stem(ci.lower[p]) == head.stem] or spots
        # "the women's race": a common noun's possessive before the noun is the claim's own word
        # there too (a name's is not: "Oriel's race" says whose, not which kind)
        before = [ci.lower[p - 2] if ci.lower[p - 1] == "'s" and p > 1 and p - 2 not in named else ci.lower[p - 1]
                  for p in spots if p > 0]
        # a name there ("the Fellgate Road site") says which one, and the question's word may be its kind
        if spots and len(before) == len(spots) and all(p - 1 not in named for p in spots) and all(
                b.replace("-", "").isalpha() and b not in STOPWORDS and stem(b) not in asked and not _verb_form(b)
                and b not in _TIME_ADVERBS for b in before):
            # ("is now raised to 4,500": an adverb of time before a verb says which one of nothing)
            return w.text
    return None


# words before a noun that say how much of it, not which one ("the total distance")
_WHOLE = frozenset({"total", "overall", "full", "whole", "entire", "actual", "official", "exact", "combined"})


def _chain_clash(q: Question, ci: ClaimIndex) -> str | None:
    """As :func:`_phrase_clash`, with shared words between: "the one-way adult fare" is not answered
    by "the adult return fare", whose words before "fare" have one of the claim's own where the
    question has "one-way"."""
    by_index = {w.index: w for w in (*q.soft, q.head_word) if w is not None}
    asked = {w.stem for w in q.soft}
    named = ci.named
    for w in q.soft:
        if w.stem in LIGHT_VERBS or _grounded_unnamed(ci, w) or _verb_form(w.text) or w.text.endswith("ly"):
            continue
        k = w.index + 1
        while k in by_index and by_index[k] is not q.head_word and _grounded(ci, by_index[k]) and k + 1 in by_index:
            k += 1
        head = by_index.get(k)
        if k == w.index + 1 or head is None or not _grounded(ci, head):
            continue  # no shared word between: the check above has spoken
        spots = [p for p in ci.positions(head.concepts) if p not in named]
        mods: list[list[str]] = []
        for p in spots:
            run: list[str] = []
            j = p - 1
            while j >= 0 and j not in named and ci.lower[j].replace("-", "").isalpha() \
                    and ci.lower[j] not in STOPWORDS and not _verb_form(ci.lower[j]):
                run.append(ci.lower[j])
                j -= 1
            mods.append(run)
        if spots and all(any(stem(b) not in asked and b not in _TIME_ADVERBS and b not in _WHOLE for b in run)
                         for run in mods):
            return w.text
    return None


# Which side of a number a preposition puts what is said: "after the first 10,000 miles" is
# beyond it, "for the first 10,000 miles" and "up to 10,000 miles" within it.
_BEYOND = frozenset({"after", "beyond", "past", "over", "above", "exceeding"})
_WITHIN = frozenset({"under", "below", "within", "before", "until", "till", "for", "during", "in", "to"})


# which of a series a word before a noun says: the first one, or one after it
_EARLIER = frozenset({"first", "original", "initial", "earlier", "previous", "former"})
_LATER = frozenset({"further", "second", "third", "another", "additional", "new", "latest", "extra", "next",
                    "subsequent", "replacement", "later"})


def _counted_compound(w: str) -> tuple[int, str] | None:
    """The count and the noun stem of a hyphened counted word ("one-day", "3-night"), else None."""
    num, dash, noun = w.partition("-")
    if not dash or not noun.isalpha():
        return None
    value = int(num) if num.isdigit() else CARDINAL_WORDS.get(num)
    return (value, stem(noun)) if value is not None else None


def _counted_compound_clash(q: Question, ci: ClaimIndex) -> str | None:
    """A hyphened count the claim gives another number for: "a one-day Premium package" is not
    "a six-day Premium package", though both are day packages."""
    for w in (q.head_word, *q.soft):
        asked = _counted_compound(w.text.lower()) if w is not None else None
        if asked is None:
            continue
        said = [c for c in map(_counted_compound, ci.lower) if c is not None and c[1] == asked[1]]
        if said and asked not in said:
            return w.text  # type: ignore[union-attr]
    return None


def _sequence_clash(q: Question, ci: ClaimIndex) -> str | None:
    """The first of a series asked, and the claim's one of the same noun a later one, or the other
    way round: "the Trust's first grant" is not "a further grant of £18,500"."""
    lower = [t.text.lower() for t in q.tokens]
    for w in (q.head_word, *q.soft):
        if w is None or w.index == 0 or not _grounded(ci, w):
            continue
        asked = lower[w.index - 1]
        side = _EARLIER if asked in _EARLIER else _LATER if asked in _LATER else None
        if side is None:
            continue
        other = _LATER if side is _EARLIER else _EARLIER
        spots = [p for p in ci.positions(w.concepts) if p > 0]
        same = [p for p in spots if stem(ci.lower[p]) == w.stem]  # the noun itself, not its verb ("awarded")
        before = [ci.lower[p - 1] for p in (same or spots)]
        if before and all(b in other for b in before):
            return q.tokens[w.index - 1].text
    return None


def _destination_given(ci: ClaimIndex, exclude: frozenset[str] | set[str]) -> bool:
    """The claim names a place that is not only where something comes from, or says where a thing
    was moved to ("moved the stock to a separate drawer")."""
    places = ci.types.get("place", set())
    return any(s.key in places and s.key not in exclude and s.prep not in ("from", "off") for s in ci.spans) \
        or bool(ci.types.get("destination"))


def _per_only(ci: ClaimIndex, w: Word) -> bool:
    """The claim has the noun only as what a value is counted per ("£2.65 per loaf")."""
    at = ci.positions(w.concepts)
    return bool(at) and all(p > 0 and ci.lower[p - 1] in ("per", "each", "a") for p in at)


def _before_head_of(q: Question) -> Word | None:
    """The question's other word right before the thing its head is of ("the price of the rye loaf")."""
    of = q.head_of
    return None if of is None else next((w for w in q.soft if w.index == of.index - 1), None)


def _before_head(q: Question) -> Word | None:
    """The question's other word right before its head noun ("coach company", "engine size")."""
    head = q.head_word
    return None if head is None else next((w for w in q.soft if w.index == head.index - 1), None)


_CODE_RE = re.compile(r"[a-z][a-z-]*\d[a-z0-9-]*")  # a letter first, then a digit: "b220", "t-22", "fh-12"
# a registration written in capitals and joined by a hyphen, digits or none: "G-SKVN", "EI-FXA"
_CAPS_CODE_RE = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")


def _code_shape(tok: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[a-z]+", "a", tok))


def _code_missing(q: Question, ci: ClaimIndex) -> str | None:
    """A code the question names that the claim does not give: any code among its plain words
    ("the B220 exhaust stack"); a code within a name ("turbine T-22") only where the claim gives
    another of the same shape ("turbine T-07"), since a claim from the named thing's source may
    not name it at all (see recall)."""
    have = set(ci.lower)
    for w in q.soft:
        t = w.text.lower()
        if (_CODE_RE.fullmatch(t) or _CAPS_CODE_RE.fullmatch(q.tokens[w.index].text)) and t not in have:
            return q.tokens[w.index].text
    shapes = {_code_shape(t) for t in have if _CODE_RE.fullmatch(t)}
    for sp in q.spans:
        for t in sp.text.lower().split():
            if _CODE_RE.fullmatch(t) and t not in have and _code_shape(t) in shapes:
                return sp.text
    return None


def _numeral(w: str) -> str | None:
    """A small whole number written either way ("2", "two") as digits."""
    if w.isdigit():
        return str(int(w))
    n = CARDINAL_WORDS.get(w)
    return str(n) if isinstance(n, int) and n < 100 else None


def _other_number_of(q: Question, ci: ClaimIndex) -> str | None:
    """ "What did the humidity in chamber one read" is not answered by "the humidity in chamber two
    read 94 percent": a number after a noun numbers one of a series, and the claim gives another
    of the same noun and not the asked one."""
    lower = [t.text.lower() for t in q.tokens]
    c = ci.lower
    numbered: dict[str, set[str]] = {}
    for a, b in zip(c, c[1:]):
        n = _numeral(b)
        if n is not None and a.isalpha() and a not in PREPOSITIONS and a not in STOPWORDS:
            numbered.setdefault(a, set()).add(n)
    for i in range(len(lower) - 1):
        noun, n = lower[i], _numeral(lower[i + 1])
        if n is not None and noun in numbered and n not in numbered[noun]:
            return f"{q.tokens[i].text} {q.tokens[i + 1].text}"
    return None


def _names_a_sibling(view: Any, mid: str, required: list[str]) -> bool:
    """Whether the claim is filed under another of the named thing's kind: "Bus 2904 failed its
    brake test", from the fleet report that also names Bus 3318, is about Bus 2904, not about
    something on Bus 3318. A name that holds the asked one ("Hollowmere Golf Club") is no sibling."""
    asked = [set(view.entity_tokens(e)) for e in required]
    for other in view.subjects(mid):
        if other in required:
            continue
        toks = set(view.entity_tokens(other))
        if any(toks & a and not a <= toks and not toks <= a for a in asked):
            return True
    return False


def _clock_range(ci: ClaimIndex) -> bool:
    """A span of time of day: "from 09:30 to 16:30", "09:00-17:00", "between 10:00 and 14:00"."""
    lower = ci.lower
    # each time of day as (first, last) token: "09:30", or "6 pm" in two
    clock = [(p, p) for p, w in enumerate(lower) if CLOCK_RE.match(w)] + [
        (p, p + 1) for p, w in enumerate(lower[:-1]) if w.isdigit() and lower[p + 1] in AM_PM]
    firsts = {a for a, _ in clock}
    return any(last + 1 < len(lower) and lower[last + 1] in ("to", "and", "-", "until", "till")
               and (last + 2 in firsts or last + 3 in firsts) for _, last in clock) \
        or any("-" in w and all(CLOCK_RE.match(x) for x in w.split("-")) for w in lower)


def _kind_word_grounded(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim also has the word the question puts before its head: "open 24 hours a day"
    gives the "opening hours", though "hours" is only the unit of a number there."""
    kind = _before_head(q)
    return kind is not None and _grounded(ci, kind)


def _noun_counted(ci: ClaimIndex, noun: Word) -> bool:
    """Whether the claim gives the noun a count: a number shortly before it ("40 kayaks", "40
    single and double kayaks"), or one right after it ("kayaks: 40"); a claim that does not name
    the noun may count it in other words, which is not for this test to judge."""
    lower = ci.lower
    spots = ci.positions(noun.concepts)
    if not spots or noun.stem in _FREQ_HEADS:
        return True  # ("how many times a day": "twice daily" counts them in a word)
    for p in spots:
        if _counted_compound(lower[p]) is not None:
            return True  # "the six-berth boat": the count joined to the noun
        before = lower[max(0, p - 4):p]
        if any(_cardinal(w) or is_number(w) for w in before) or any(w in _COUNT_NOUNS for w in before):
            return True  # "40 kayaks", "42.6 megalitres", "the number of bait stations ... to 36"
        if any(is_number(w) for w in lower[p + 1:p + 3]):
            return True
    return False


_FREQ_HEADS = frozenset(stem(w) for w in ("times", "occasions"))
_COUNT_NOUNS = frozenset({"number", "total", "count", "tally"})


# a value asked as a bound or an average, and the words or phrases a claim says it with
_EXTREMES: dict[str, str] = {"maximum": "most", "max": "most", "highest": "most", "peak": "most", "upper": "most",
                             "minimum": "least", "min": "least", "lowest": "least",
                             "average": "mean", "mean": "mean"}
_EXTREME_SAID: dict[str, tuple[tuple[str, ...], ...]] = {
    "most": (("maximum",), ("max",), ("max.",), ("highest",), ("peak",), ("peaked",), ("peaks",), ("top",),
             ("upper",), ("up", "to"), ("at", "most"), ("limited", "to"), ("limit",), ("capped",), ("cap",),
             ("more", "than"), ("exceed",), ("exceeds",), ("above",), ("over",)),
    "least": (("minimum",), ("min",), ("min.",), ("lowest",), ("at", "least"), ("less", "than"), ("fewer", "than"),
              ("below",), ("under",)),
    "mean": (("average",), ("averaged",), ("averages",), ("averaging",), ("mean",)),
}


def _extreme_unsaid(q: Question, ci: ClaimIndex) -> str | None:
    """The question's word of a bound or an average ("maximum", "lowest", "average") when the claim
    says its value without any such word: a reading it once took is not its limit."""
    lower = ci.lower
    for w in q.soft:
        kind = _EXTREMES.get(w.text.lower())
        if kind is None:
            continue
        if not any(lower[i:i + len(m)] == list(m) for m in _EXTREME_SAID[kind] for i in range(len(lower))):
            return w.text
    return None


def _bound_only(ci: ClaimIndex, head: Word) -> bool:
    """Whether every number the claim gives the noun is a limit ("may borrow up to 25 books", "no
    more than 12 guests"): a limit says how many may be, not how many there are."""
    lower = ci.lower
    counted = [p - 1 for p in ci.positions(head.concepts) if p > 0 and is_number(lower[p - 1])]
    return bool(counted) and all(
        lower[k - 2:k] in (["up", "to"], ["at", "most"], ["maximum", "of"]) or (k > 0 and lower[k - 1] in (
            "than", "maximum", "max", "max.")) for k in counted)


def _bound_side(lower: list[str], k: int) -> str | None:
    """'beyond' or 'within' for the number at ``k`` after a preposition ("over 10,000", "for the
    first 10,000"), None when nothing says which side."""
    j, first = k - 1, False
    while j >= 0 and lower[j] in ("the", "first"):
        first = first or lower[j] == "first"
        j -= 1
    if j < 0:
        return None
    w = lower[j]
    if w == "to" and (j == 0 or lower[j - 1] != "up"):
        return None  # only "up to" bounds; "to 10,000" is a value reached
    if first and w in ("over", "in", "during"):
        return "within"  # "over the first 10,000 miles": while they are run
    if w in _BEYOND:
        return "beyond"
    return "within" if w in _WITHIN and (first or w != "for") else None


def _bound_clash(q: Question, ci: ClaimIndex) -> str | None:
    """A number the claim shares, put on the other side of it ("after the first 10,000 miles" is
    not answered by what is paid "for the first 10,000 miles")."""
    lower = [t.text.lower() for t in q.tokens]
    for k, w in enumerate(lower):
        if not any(c.isdigit() for c in w):
            continue
        side = _bound_side(lower, k)
        if side is None:
            continue
        other = {_bound_side(ci.lower, p) for p, c in enumerate(ci.lower) if c == w}
        if other and side not in other and None not in other:
            j = k - 1
            while lower[j] in ("the", "first"):
                j -= 1
            return q.tokens[j].text
    return None


def _name_phrase_clash(q: Question, ci: ClaimIndex) -> str | None:
    """A name the question puts right before a noun ("from the Selmouth base") where the claim
    ties every use of that noun to another name ("based at Harwick Airport", "the Harwick base"):
    which one is asked differs."""
    soft_at = {w.index: w for w in q.soft}
    for sp in q.spans:
        head = soft_at.get(sp.last)
        if head is None or sp.possessive or head is q.verb_word or sp.first == 0 \
                or q.tokens[sp.first - 1].text.lower() not in DETERMINERS:
            continue  # "the Selmouth base": a name in front of a noun, after a determiner
        spots = [p for p in ci.positions(head.concepts) if ci.lower[p] not in STOPWORDS]  # not "be" of "be based"
        if not spots:
            continue
        tied: list[str] = []
        for p in spots:
            before = next((c for c in ci.spans if c.last == p), None)
            after = next((c for c in ci.spans if p + 2 < len(ci.lower) and c.first == p + 2
                          and ci.lower[p + 1] in ("at", "in", "of")), None)
            if before is None and after is None:
                return None  # a use of the noun the claim leaves open
            tied += [c.key for c in (before, after) if c is not None]
        asked = set(sp.key.split())
        if not any(asked <= set(t.split()) or set(t.split()) <= asked for t in tied):
            return sp.text  # ("the Harwick base" is the base at Harwick Airport)
    return None


def _verb_form(w: str) -> bool:
    """A verb's third-person or past form ("holds", "booked"): in "holds plot 17" the word before
    the noun is what is done with it, not a word saying which one ("the lower lake")."""
    return _inflected_verb(w) or (w.endswith("s") and not w.endswith("ss") and len(w) > 3 and is_verb(w[:-1]))


# ("what is in her order" is answered by what she ordered: "in" is left out, being said of lists too)
_INSIDE = frozenset({"inside", "within"})
_WHERE_IN = _INSIDE | frozenset({"under", "underneath", "beneath", "behind", "below", "above", "beside"})
_HOLDING = frozenset(stem(w) for w in ("contain", "contained", "hold", "held", "full", "packed", "filled", "found"))


def _asked_where_in(q: Question) -> str | None:
    """The preposition of "what was inside / under / behind X": what stands there is asked."""
    low = [t.text.lower() for t in q.tokens]
    if len(low) > 3 and low[0] == "what" and low[1] in ("is", "was", "are", "were") and low[2] in _WHERE_IN:
        return low[2]
    return None


_KIND_WORDS = frozenset(stem(w) for w in ("type", "kind", "sort", "variety", "style", "brand", "make", "model"))


def _kind_asked(q: Question) -> Word | None:
    """The "type" of "what type of contact lenses": a word asking which kind of the head noun."""
    toks = [t.text.lower() for t in q.tokens]
    for w in q.soft:
        if w.stem in _KIND_WORDS and w.index + 1 < len(toks) and toks[w.index + 1] == "of" \
                and q.head_word is not None and q.head_word.index > w.index:
            return w
    return None


def _specified(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim says which kind of the head noun: a word of its own right before it, or a
    name or a number right after it ("toric lenses", "the lenses, Acuvue Oasys")."""
    head = q.head_word
    assert head is not None
    asked = {w.stem for w in q.soft} | {head.stem}
    starts = {s.first for s in ci.spans}
    for p in ci.positions(head.concepts):
        k = p - 1
        while k >= 0 and p - k <= 3 and (stem(ci.lower[k]) in asked or ci.lower[k] == "-"):
            k -= 1  # the question's own words before the noun ("contact lenses")
        b = ci.lower[k] if k >= 0 else ""
        # a code names a kind ("a T-22 mower"); a bare number only counts ("400 lavender plugs")
        if b.replace("-", "").isalpha() and b not in STOPWORDS and stem(b) not in asked \
                or any(c.isdigit() for c in b) and not is_number(b):  # ("a climate-controlled trailer")
            return True
        if p + 1 < len(ci.lower) and (p + 1 in starts or p + 2 in starts and ci.lower[p + 1] in (",", "(")):
            return True
    return False


_COMPLEMENT_PREPS = frozenset({"for", "of", "in", "at", "on", "with", "from", "to"})


_TIME_ADVERBS = frozenset({"now", "still", "also", "already", "just", "then", "currently", "recently", "again",
                           "since", "later", "soon"})
_VALUE_LINKS = frozenset({"is", "are", "was", "were", "costs", "cost", "of"})  # "a fee of £210 for adult dogs"
_VALUE_WORDS = frozenset({"per", "a", "an", "each", "day", "week", "month", "year", "hour", "night"})


def _past_value(lower: list[str], j: int) -> int:
    """Where the words after a noun go on past "is £49 a month" or "costs £8": "monthly membership
    is £49 for adults" says whom the value is for as "membership for adults" would."""
    if j >= len(lower) or lower[j] not in _VALUE_LINKS:
        return j
    k = j + 1
    if k >= len(lower) or not any(c.isdigit() for c in lower[k]):
        return j
    while k < len(lower) and (any(c.isdigit() for c in lower[k]) or lower[k] in _VALUE_WORDS):
        k += 1
    return k


def _complement_clash(q: Question, ci: ClaimIndex) -> str | None:
    """The same on the other side of the noun: "the adoption fee for cats" is not answered by "the
    adoption fee for dogs", where the claim puts its own word after the same preposition."""
    toks = [t.text.lower() for t in q.tokens]
    by_index = {w.index: w for w in q.soft}
    asked = {w.stem for w in q.soft} | ({q.head_word.stem} if q.head_word is not None else set())
    named = ci.named
    for noun in (q.head_word, *q.soft):
        if noun is None or noun.index + 1 >= len(toks) or toks[noun.index + 1] not in _COMPLEMENT_PREPS:
            continue
        prep = toks[noun.index + 1]
        k = noun.index + 2
        while k < len(toks) and toks[k] in DETERMINERS:
            k += 1
        word = by_index.get(k)
        if word is None or _grounded(ci, word) or not _grounded(ci, noun):
            continue
        ours = set()  # the question's phrase after the preposition: "the dinner jacket's lapel"
        while k < len(toks) and (k in by_index or toks[k] == "'s"):
            if k in by_index:
                ours.add(by_index[k].stem)
            k += 1
        spots = [p for p in ci.positions(noun.concepts) if p not in named]
        theirs, same = 0, False
        for p in spots:
            j = _past_value(ci.lower, p + 1)
            if j >= len(ci.lower) or ci.lower[j] != prep:
                if ci.lower[p] == noun.text.lower():
                    same = True  # the very word with nothing after it: said of no one in particular
                    break
                continue  # an equivalent elsewhere ("will charge an adoption fee of £210 for ...")
            j += 1
            while j < len(ci.lower) and ci.lower[j] in DETERMINERS:
                j += 1
            phrase = set()
            while j < len(ci.lower) and (ci.lower[j].isalpha() and ci.lower[j] not in STOPWORDS or ci.lower[j] == "'s"):
                phrase.add(stem(ci.lower[j]))
                j += 1
            if not phrase or phrase & (ours | asked):
                same = True  # nothing of its own there, or the same thing said more or less fully ("the left lapel")
                break
            theirs += 1
        if theirs and not same:
            return word.text
    return None


def _purpose_clash(q: Question, ci: ClaimIndex) -> str | None:
    """ "What did they charge for storing the bureau" is not answered by "quoted £1,180 for
    restoring the bureau": the claim's "for" gives another doing than the question's."""
    toks = [t.text.lower() for t in q.tokens]
    for w in q.soft:
        if w.index == 0 or toks[w.index - 1] != "for" or not _doing(w.text.lower()) or _grounded(ci, w):
            continue
        if any(a == "for" and _doing(b) for a, b in zip(ci.lower, ci.lower[1:])):
            return w.text
    return None


# -ing words that name no doing
_NOT_DOINGS = frozenset("""during including following according regarding concerning excluding morning evening
    nothing something anything everything spring ceiling string""".split())


def _doing(word: str) -> bool:
    return len(word) > 5 and word.endswith("ing") and word.isalpha() and word not in _NOT_DOINGS


def _modifier_clash(q: Question, ci: ClaimIndex, same_kind: bool = False) -> str | None:
    """In "how many national titles" against "three regional titles", or "what gold award"
    against "won a silver award": a word the question puts before the asked noun that the claim
    lacks, where the claim puts another of its own (with ``same_kind``, another of the same kind).
    (One side alone may differ: "reefer boxes" may be the claim's "refrigerated units".)"""
    head = q.head_word
    assert head is not None
    lower = [t.text.lower() for t in q.tokens]
    opener = next((i for i, w in enumerate(lower) if w in ("many", "much", "what", "which")), None)
    at = ci.positions(frozenset({head.stem}))
    if opener is None or not at:
        return None
    asked = [w for w in q.soft if opener < w.index < head.index]
    missing = [w for w in asked if not _grounded(ci, w)]
    if not missing:
        return None
    asked_stems = {w.stem for w in asked}
    p = at[0]
    theirs = [w for w in ci.lower[max(0, p - 3):p] if w.isalpha() and w not in STOPWORDS and stem(w) not in asked_stems]
    if same_kind:
        # with `same_kind`, only a word of the same kind as the missing one ("silver" for "gold")
        lx = lexicon()
        kinds = lx.kinds_for(missing[0].text)
        theirs = [w for w in theirs if kinds & lx.kinds_for(w)]
    return missing[0].text if theirs else None


_SYMMETRIC_PREPS: frozenset[str] = frozenset({"with", "and", "alongside"})


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


def _capacity_unsaid(q: Question, ci: ClaimIndex) -> bool:
    """ "how many cars can the MV Corran Bay carry" asks what it can hold: a count of cars met once
    ("a queue of 31 cars") says nothing of that unless the claim speaks of holding or a limit."""
    lower = [t.text.lower() for t in q.tokens]
    if not ({"can", "could"} & set(lower[:q.verb_word.index] if q.verb_word is not None else ())):
        return False
    return not (ci.stems & _HOLDING_WORDS)


_HOLDING_WORDS = frozenset(stem(w) for w in "capacity hold take carry seat sleep accommodate fit room space "
                                               "maximum max limit up".split())


def _converse_doer(q: Question, fact: Any, at: list[int]) -> bool:
    """The opposite verb in the claim is done by another name than the question's subject, so it
    says the same from the other side: "did Ashcombe lose to Pennington" against "Pennington beat
    Ashcombe", not "Pennington beat Ashcombe" against "did Pennington lose to Ashcombe"."""
    asked = _named_before(q, q.verb_word) if q.verb_word is not None else []
    if not asked:
        return False
    doers = {_doer(fact, p) for p in at}
    return None not in doers and not any(_asked_name(d, {asked[-1].key}) for d in doers)  # type: ignore[arg-type]


def _named_before(q: Question, verb: Word) -> list[Span]:
    """The question's names before its verb that may do it: no possessor, no preposition's object."""
    return [s for s in q.spans if s.last <= verb.index and not s.possessive and s.prep is None]


def _not_till(lower: list[str], v: int) -> bool:
    """A negated verb at ``v`` goes on to "before" or "until" a time within its clause: "will not
    deliver the new tractor before March 2025" says when it will be, at the soonest."""
    for w in lower[v + 1:v + 8]:
        if w in ("before", "until", "till"):
            return True
        if w in (",", ";", ".", "because", "and", "but"):
            return False
    return False


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


# Verbs whose object, used without one, is their subject: "she opened the shop" - "the shop opened".
_ERGATIVE = frozenset(stem(w) for w in "start begin open close finish end stop resume restart reopen move".split())


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


# verbs whose "to" complement is what they are about ("agreed to replace", "plans to sell")
_COMPLEMENT_VERBS = frozenset(stem(w) for w in (
    "agree plan decide promise want hope intend offer refuse aim expect try fail choose arrange attempt "
    "threaten volunteer vote prepare pledge undertake consent resolve opt seek wish mean").split())
_MEASURE_HEADS = frozenset(stem(w) for w in "size weight length height width depth capacity speed".split())


def _infinitive_after(q: Question) -> Word | None:
    """The verb of a "to" complement right after the question's verb ("agree to allow", "plan to
    sell"), when the question has one."""
    verb = q.verb_word
    if verb is None or stem(verb.text.split()[0].lower()) not in _COMPLEMENT_VERBS:
        return None  # "cost to use the sauna": a purpose, not what was agreed or planned
    low = [t.text.lower() for t in q.tokens]
    words = verb.text.lower().split()
    j = verb.index + len(words) - (1 if words[-1] == "to" else 0)  # "agree to" may be one phrase
    if j >= len(low) or low[j] != "to":
        return None
    nxt = next((w for w in q.soft if w.index == j + 1), None)
    return nxt if nxt is not None and is_verb(nxt.text.lower()) else None


def _direct_object(q: Question) -> list[Word]:
    """The run of content words right after the question's verb, when no preposition comes
    between ("who teaches physics", "who heads the lake research group")."""
    verb = q.verb_word
    if verb is None or verb.text.endswith("ing"):
        return []  # "the boat's booking notice": an -ing word here is as often a noun's modifier
    names = {k for s in q.spans for k in range(s.first, s.last)}
    run: list[Word] = []
    last = verb.index
    # "who will teach the Scouts archery": a name right after the verb is its first object, and
    # what follows it is the thing taught
    first = next((s for s in q.spans if s.first > verb.index and all(
        t.text.lower() in _OBJECT_FILLERS for t in q.tokens[verb.index + 1:s.first])), None)
    if first is not None:
        last = first.last - 1
    for w in q.soft:
        if w.index <= last:
            continue
        if w.index in names:
            break
        between = [t.text.lower() for t in q.tokens[last + 1:w.index]]
        if not all(b in _OBJECT_FILLERS for b in between) or (run and between):
            break
        run.append(w)
        last = w.index
    return run


_OBJECT_FILLERS: frozenset[str] = frozenset({"a", "an", "the", "his", "her", "their", "its", "our", "my", "your", "any"})


def _afternoon(v: str) -> str:
    """The 24-hour reading of a clock time said without am or pm: "6:30" may be 18:30."""
    h, sep, m = v.partition(":")
    return f"{int(h) + 12}:{m}" if sep and h.isdigit() and 1 <= int(h) < 12 and len(m) == 2 and m.isdigit() else v


def _possessed_asked(q: Question) -> bool:
    """Whether the question asks about something a name owns ("tram 14's pantograph"), not the
    name itself: a name typed in lower case is found without its possessive flag."""
    after = [t.text.lower() for t in q.tokens]
    return any(sp.possessive or after[sp.last:sp.last + 1] in (["'s"], ["\u2019s"])
               or after[sp.last:sp.last + 2] in (["'", "s"], ["\u2019", "s"]) for sp in q.spans)


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
    for w in (q.verb_word, *q.soft):
        if w is None:
            continue
        pos = ci.positions(w.concepts)
        if pos and all(ids[p] in others for p in pos):
            return w.text
    return None


def _where_is_the(q: Question) -> bool:
    """Whether the question opens "where is / are / was / were the ...": a thing's place is asked."""
    low = [t.text.lower() for t in q.tokens]
    return len(low) > 3 and low[1] in ("is", "are", "was", "were") and low[2] == "the"


_PLACE_AFTER = frozenset({"in", "at", "on", "near", "beside", "behind", "opposite", "off", "outside", "inside"})


_PLACED_WORDS = frozenset({"located", "based", "situated", "now", "currently"})


def _where_a_name_is(q: Question) -> bool:
    """Whether the question asks only where a name is: "where is Juniper now", "in which town is
    St Aldric's Abbey" (not "what is Ada's address", which asks a thing of hers)."""
    if q.verb_word is not None or q.kind not in ("where", "which", "what") or not q.spans \
            or q.head_word is not None and TYPE_NOUNS.get(q.head_word.stem) != "place":
        return False
    starts = {sp.first for sp in q.spans}
    low = [t.text.lower() for t in q.tokens]
    if any(low[sp.last:sp.last + 1] in (["'s"], ["\u2019s"]) and sp.last + 1 not in starts for sp in q.spans):
        return False
    return all(w.text.lower() in _PLACED_WORDS for w in q.soft)


def _place_phrase_at(ci: ClaimIndex, k: int, starts: set[int]) -> bool:
    """Whether a place may start at ``k``: a name, a house number before one ("7 Larch Close"), or a
    noun after a determiner; not a date or a time ("on 9 August", "at 14:00")."""
    lower = ci.lower
    while k < len(lower) and lower[k] in DETERMINERS:
        k += 1
    if k < len(lower) and lower[k].isdigit() and k + 1 in starts:
        return True
    return k < len(lower) and lower[k] not in MONTHS and lower[k] not in WEEKDAYS and (
        k in starts or lower[k].isalpha() and lower[k] not in STOPWORDS)


def _name_placed(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether the claim says where an asked name is: a place word after it ("St Aldric's Abbey in
    Wexcombe", "Ada Obi, who moved to Leeds", "Beatrix Holloway of 7 Larch Close"), or a name owning
    it or set before it as its place ("Wexcombe's abbey", "In Wexcombe, the abbey ...")."""
    lower = ci.lower
    asked = [sp for sp in ci.spans if _asked_name(sp.key, q_spans)]
    if not asked:
        return True  # the question's names are not the claim's: other rules judge it
    starts = {sp.first for sp in ci.spans}
    for sp in asked:
        for j in range(sp.last, len(lower)):
            if lower[j] in (".", ";"):
                break
            if lower[j] in ("located", "based", "situated") or (
                    lower[j] in _PLACE_AFTER or lower[j] in ("to", "into", "of", "from")) and _place_phrase_at(ci, j + 1, starts):
                return True
        if any(o.last == sp.first - 1 and lower[o.last] == "'s" and o not in asked for o in ci.spans) or any(
                o.last < sp.first and o.first > 0 and lower[o.first - 1] in _PLACE_AFTER for o in ci.spans):
            return True
    return False


def _placed_after(ci: ClaimIndex, noun: Word) -> bool:
    """Whether the claim says where the noun is: a name or a place preposition within a few words
    after it ("the recycling centre on Mill Road", "the library in Kelso", "the library, Kelso"), or
    the noun is itself a name's word ("the Kelso tool library" names its place)."""
    lower = ci.lower
    starts = {sp.first for sp in ci.spans}
    for p in ci.positions(noun.concepts):
        if any(sp.first <= p < sp.last for sp in ci.spans):
            return True
        for j in range(p + 1, min(len(lower), p + 4)):
            if lower[j] in _PLACE_AFTER or j in starts:
                return True
            if lower[j] in (".", ";") or is_verb(lower[j]):
                break
    return False


_LENGTH = stem("length")


def _time_positions(ci: ClaimIndex) -> list[int]:
    """Where the claim's lengths of time stand: the positions of their numbers."""
    times = {v.split(" ")[0] for v in ci.types.get("duration", set())}
    return [k for k, w in enumerate(ci.lower) if w.replace(",", "") in times or w.split("-")[0] in times]


def _owner_far_from_time(q: Question, ci: ClaimIndex) -> bool:
    """Whether the question's possessor is named in the claim with no length of time beside it
    (within three words, or a verb of lasting)."""
    owner = next((s for s in q.spans if s.possessive), None)
    if owner is None or _LASTING & set(ci.lower):
        return False
    mine = [sp for sp in ci.spans if _asked_name(sp.key, {owner.key})]
    timed = _time_positions(ci)
    return bool(mine) and not any(sp.first - 3 <= k < sp.last + 3 for sp in mine for k in timed)


def _times_for_acts(ci: ClaimIndex) -> bool:
    """Whether every length of time in the claim is how long an act lasts, after "for" ("hired for
    seven nights", "booked for the next three weeks"), and nothing in it lasts or runs."""
    if _LASTING & set(ci.lower):
        return False
    timed = _time_positions(ci)
    return bool(timed) and all("for" in ci.lower[max(0, k - 3):k] for k in timed)


def _length_stated(ci: ClaimIndex) -> bool:
    """A distance followed by "long" ("is 58 feet long", "a path 3 km long")."""
    lower, lengths = ci.lower, ci.types.get("distance", set())
    return any(w == "long" and k >= 2 and f"{lower[k - 2].replace(',', '')} {lower[k - 1]}" in lengths
               for k, w in enumerate(lower))


def _numbered_by_code(ci: ClaimIndex, q: Question) -> bool:
    """ "the flight number" <- "flight NW318": a code right after the word before a generic head
    ("number", "code", "id") is that number, though the claim says no "number"."""
    if q.head_word is None or q.head_word.stem not in _GENERIC_HEADS:
        return False
    kind = _before_head(q)
    return kind is not None and _grounded(ci, kind) and _code_after(ci, kind, q)


def _code_after(ci: ClaimIndex, kind: Word, q: Question) -> bool:
    """A number or code follows the kind word closely ("registration KT19 XRM", "phone number
    0161 555 2020"): "taken over the phone" names a phone but no number of it, and "registered 412
    new patients" a count of patients, not a registration number."""
    lower = ci.lower
    asked = {x.stem for x in q.words}
    for p in ci.positions(kind.concepts):
        k = _digit_at(lower, p, 7)
        if k is None:
            continue
        nxt = lower[k + 1] if k + 1 < len(lower) else ""
        # (a count of what the question names is its number: "timpani hire number" <- "hire 2 timpani")
        counted = lower[k].replace(",", "").isdigit() and nxt.isalpha() and nxt.islower() and nxt not in STOPWORDS \
            and stem(nxt) not in asked
        if not counted:
            return True
    return False


def _digit_after(lower: list[str], p: int, reach: int) -> bool:
    """Whether a word with a digit comes within ``reach`` words after ``p``, in its sentence."""
    return _digit_at(lower, p, reach) is not None


def _digit_at(lower: list[str], p: int, reach: int) -> int | None:
    """Where the first word with a digit stands within ``reach`` words after ``p``, in its sentence."""
    for k in range(p + 1, min(len(lower), p + 1 + reach)):
        if lower[k] in (".", ";"):
            return None
        if any(c.isdigit() for c in lower[k]):
            return k
    return None


def _asks_new(q: Question) -> bool:
    """Whether the question asks for a new thing: "new" in lower case before a word ("her new
    job"; not "New Street", a name)."""
    toks = q.tokens
    return any(t.text == "new" and i + 1 < len(toks) and toks[i + 1].text[:1].isalpha() for i, t in enumerate(toks))


# Units of energy and power, which a keyword query may ask by ("generation kWh"), besides those the
# numeral gate knows.
_POWER_UNITS = frozenset({"kwh", "mwh", "gwh", "wh", "kw", "mw", "gw", "watts", "kilowatts", "megawatts"})


# the words that make a length unit an area or a volume, with the ways a claim may write them
_AREA_WORDS = {"square": frozenset({"square", "sq", "m²", "m2", "sqm", "km²", "km2", "ft²", "acres", "acre", "hectares", "hectare", "ha"}),
               "cubic": frozenset({"cubic", "m³", "m3", "cu"})}


def _unit_not_given(q: Question, ci: ClaimIndex, after_in: bool = False) -> str | None:
    """A unit the query names ("kWh", "km", "litres") that the claim does not give in that unit;
    with `after_in`, only a unit the value is asked in ("how long is the climb in metres")."""
    for k, t in enumerate(q.tokens):
        w = t.text.lower()
        if after_in and (k == 0 or q.tokens[k - 1].text.lower() != "in"):
            continue
        if w in _AREA_WORDS and k + 1 < len(q.tokens) and unit_word(q.tokens[k + 1].text.lower()) is not None:
            # "in square metres": an area or a volume, which a length or another unit is not
            if not (_AREA_WORDS[w] & set(ci.lower)):
                return t.text
            continue
        unit = unit_word(w)
        if (unit is None or unit[0] == "time") and w not in _POWER_UNITS:
            continue  # ("opening hours", "booking day": a time unit names a kind of time, asked as such)
        if not any(x == w or (unit is not None and unit_word(x) == unit) for x in ci.lower):
            return t.text
    return None


def _name_after_asked_prep(ci: ClaimIndex, q: Question, exclude: frozenset[str] | set[str]) -> bool:
    """ "Who did he report it to" <- "reported it to Wexcombe Police": the preposition the question
    leaves at its end stands before a name in the claim, which is who."""
    low = [t.text.lower() for t in q.tokens if t.text[:1].isalnum()] + ["?"]
    # a preposition left standing: at the end, or before another phrase ("who will the society
    # apply to for a grant")
    stranded = {w for k, w in enumerate(low[:-1]) if w in ("to", "with", "from", "for", "by")
                and (low[k + 1] == "?" or low[k + 1] in PREPOSITIONS and k > 0 and low[k - 1] not in PREPOSITIONS)}
    return bool(stranded) and any(
        s.prep in stranded and s.key not in exclude and guess_kind(s.text) in ("person", "org") for s in ci.spans)


def _ends_with(q: Question, word: str) -> bool:
    """Whether the question's last word is this one (a preposition left at the end: "what is the
    talk about")."""
    return _last_word(q) == word


def _last_word(q: Question) -> str:
    """The question's last word, in lower case ("" when it has none)."""
    return next((t.text.lower() for t in reversed(q.tokens) if t.text[:1].isalnum()), "")


def _complement_after(ci: ClaimIndex, noun: Word) -> bool:
    """The noun is followed by "of", "about" or "on" and a content word or a name: "portrait of
    his grandmother", "a talk on bats" (not "portrait of 2019", a date)."""
    starts = {s.first for s in ci.spans}
    n = len(ci.lower)
    for p in ci.positions(noun.concepts):
        if p + 1 < n and ci.lower[p + 1] in ("of", "about", "on"):
            k = p + 2
            while k < n and ci.lower[k] in ("a", "an", "the", "his", "her", "their", "its", "my", "our"):
                k += 1
            if k < n and (k in starts or ci.lower[k].isalpha() and ci.lower[k] not in STOPWORDS):
                return True
    return False


def _maker_before(ci: ClaimIndex, noun: Word, q_spans: set[str]) -> bool:
    """A name that is not a person's stands in front of the noun, after at most two plain
    modifiers: "her Halcrest 28 combination boiler", "a Brompton folding bike". If a name owns
    it ("Noor's Halcrest 28 boiler"), that must be a name the question asks about."""
    ends = {s.last: s for s in ci.spans}
    for p in ci.positions(noun.concepts):
        k = p
        while k not in ends and p - k < 3 and k - 1 >= 0 and ci.lower[k - 1].isalpha() and ci.lower[k - 1] not in STOPWORDS \
                and not past_form(ci.lower[k - 1]) and ci.lower[k - 1] not in NUMBER_WORDS:
            k -= 1  # (not across a verb or a count: "Acme bought four new cornets" names no maker)
        span = ends.get(k)
        if span is None or span.possessive or guess_kind(span.text) == "person":
            continue
        owner = next((o for o in ci.spans if o.possessive and span.first - 1 <= o.last <= span.first), None)
        if owner is None or _asked_name(owner.key, q_spans):
            return True
    return False


def _apposition_after(ci: ClaimIndex, noun: Word) -> bool:
    """The noun is followed by a describing apposition: "dog Pepper, a spaniel", "van, a blue Ford"."""
    span_at = {s.first: s for s in ci.spans}
    n = len(ci.lower)
    for p in ci.positions(noun.concepts):
        k = p + 1
        if k in span_at:
            k = span_at[k].last
        if k + 1 < n and ci.lower[k] == "," and (ci.lower[k + 1] in ("a", "an") or any(c.isdigit() for c in ci.lower[k + 1])):
            return True
    return False


_UNSPECIFIC = frozenset({"a", "an", "no", "some", "any", "another", "several", "many", "few", "none"})


def _cardinal(w: str) -> bool:
    return w.replace(",", "").isdigit() or w in _COUNT_WORDS and w not in ("a", "an", "no")


# words that say whose a thing is, and so not which of its kind
_OWNERS = frozenset({"his", "her", "their", "its", "my", "our", "your"})


_BARE_OPENERS = frozenset({"a", "an", "some", "any", "no"})


def _kind_word_only(ci: ClaimIndex, noun: Word) -> bool:
    """Every use of the noun in the claim is a bare modifier of the noun after it, straight after
    a verb or an unspecific article ("found antibiotic residue", "a tyre pressure check")."""
    pos = ci.positions(noun.concepts)
    n = len(ci.lower)
    for p in pos:
        if p == 0 or p + 1 >= n or any(s.first <= p + 1 <= s.last for s in ci.spans) \
                or p + 2 < n and any(c.isdigit() for c in ci.lower[p + 2]):
            return False  # ("lend violin number 38": the number names the violin)
        before, after = ci.lower[p - 1], ci.lower[p + 1]
        if not after.isalpha() or after in STOPWORDS or is_verb(after) or after.endswith(("ed", "ing")):
            return False
        if before not in _BARE_OPENERS and not (is_verb(before) and before not in STOPWORDS):
            return False
    return bool(pos)


def _unidentified(ci: ClaimIndex, noun: Word) -> bool:
    """Every use of the noun in the claim is an unspecific or negated one ("a 1900-rated player",
    "no swimmer") that no name pins down ("Ivan Sokolov, a 1900-rated player"; "a firm called
    Hale & Finch")."""
    pos = ci.positions(noun.concepts)
    if not pos:
        return False
    starts = {s.first: s for s in ci.spans}
    ends = {s.last for s in ci.spans}
    n = len(ci.lower)
    for p in pos:
        if any(s.first <= p < s.last for s in ci.spans):
            return False  # a word of a name ("'Eleven Winters' by ..."): the name pins it down
        k = p - 1
        after_verb = False
        while k >= 0 and p - k <= 6 and ci.lower[k] not in STOPWORDS and (
                ci.lower[k] in ("-", "/") or any(c.isalnum() for c in ci.lower[k])):
            k -= 1  # modifiers: "1900-rated", "9.5 kWh"
            if k >= 0 and _cardinal(ci.lower[k + 1]) and is_verb(ci.lower[k]) and ci.lower[k] not in STOPWORDS:
                after_verb = True  # "played three Bach suites": the count opens the phrase, after its verb
                break
        counted = k + 1 < p and _cardinal(ci.lower[k + 1])  # "at two sampling points" (not "as Year 4 teacher")
        partitive = k >= 2 and ci.lower[k] == "the" and ci.lower[k - 1] == "of" and (
            _cardinal(ci.lower[k - 2]) or ci.lower[k - 2] in _UNSPECIFIC | {"most", "all", "both"})  # "two of the nine"
        # "unloading deliveries from the supermarkets": a plural with a bare "the" says of them all,
        # not which ones
        bare = k == p - 1 and ci.lower[k] == "the" and ci.lower[p].endswith("s") and not ci.lower[p].endswith("ss")
        nxt = ci.lower[p + 1] if p + 1 < n else ""
        if k == p - 1 and (ci.lower[k] in _OWNERS or ci.lower[k] in PREPOSITIONS) and nxt.isalpha() \
                and nxt not in STOPWORDS and not is_verb(nxt) and not nxt.endswith(("ed", "ing")) \
                and not any(s.first == p + 1 for s in ci.spans):
            # "after his knee surgery", "recovers from knee surgery": the noun only says what kind
            # of surgery, not which knee
            continue
        if not bare and not (partitive or counted and (k < 0 or ci.lower[k] not in ("the", "these", "those", "its", "their"))) \
                and (k < 0 or ci.lower[k] not in _UNSPECIFIC):
            return False
        if ci.lower[k] != "no" and not after_verb and k >= 2 and ci.lower[k - 1] == "," and k - 1 in ends:
            return False  # an apposition to the name before it
        j = p + 1
        while j < n and j - p <= 3 and ci.lower[j] in (",", "called", "named", "known", "as", "—", "-", "("):
            j += 1
        if j > p + 1 and j in starts and ci.lower[k] != "no":
            return False  # the name after it
        if ci.lower[k] != "no" and any(any(c.isdigit() for c in w) for w in ci.lower[p + 1:p + 4]):
            return False  # the value it has: "a rating of 5", "a player numbered 7"
    return True


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


_MODALS = frozenset({"would", "will", "could", "might", "may", "should", "shall", "must", "'ll", "if", "unless"})
_PERFECT = frozenset({"be", "been", "being", "have", "not", "n't", "to", "also", "still", "then", "only"})


def _asks_what_happened(q: Question) -> bool:
    """The question takes its event as done: "when was it relined", "did she sign", "has he paid";
    not when it asks a plan ("where was it due to be moved", "what was she going to sign")."""
    low = [t.text.lower() for t in q.tokens]
    if any(w == "to" and k > 0 and low[k - 1] in _PLANNED for k, w in enumerate(low)):
        return False
    # ("by what date does she have to submit it": "have to" is a duty, not a perfect)
    if any(w in ("did", "was", "were", "had", "has", "have") and (k + 1 >= len(low) or low[k + 1] != "to")
           for k, w in enumerate(low)):
        return True
    # "who manufactured the system": a past verb straight after the question word
    verb = q.verb_word
    return verb is not None and verb.index == 1 and low[0] in ("who", "what", "which") and bool(past_form(low[1]))


# words before "to" that make what follows a plan or a promise: "due to be moved", "going to
# sign", "has agreed to pay"
_PLANNED = frozenset({"due", "going", "scheduled", "planned", "set", "expected", "supposed", "meant", "intended",
                      "agreed", "promised", "pledged", "offered", "vowed", "decided", "planning", "hoping", "aiming"})


_TIME_HOLES = frozenset({"date", "day", "clock", "time", "year"})


def _until_event(q: Question, ci: ClaimIndex) -> bool:
    """The question asks "until when" and the claim says until an event ("until the next shipment")."""
    low = [t.text.lower() for t in q.tokens]
    if low[:2] not in (["until", "when"], ["till", "when"]):
        return False
    return any(w in ("until", "till") and k + 2 < len(ci.lower) and ci.lower[k + 1] in DETERMINERS
               and ci.lower[k + 2].isalpha() for k, w in enumerate(ci.lower))
_RELATIVE_OPENERS = frozenset({"which", "who", "whom", "whose", "where"})
_OUTCOME_HEADS = frozenset(stem(w) for w in "outcome result verdict ruling".split())
_YEAR_WORD = re.compile(r"^(?:1[89]|20)\d\d$")


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
    times = [x for x, w in enumerate(lower)
             if w in MONTHS or w in WEEKDAYS or CLOCK_RE.match(w) or _YEAR_WORD.match(w)]
    return bool(times) and all(inside(x) for x in times)


def _main_clause_unrealised(ci: ClaimIndex) -> bool:
    """The claim's first verb is under a modal ("the court will hear ...", "may be moved"): what
    it tells has not happened."""
    for k, w in enumerate(ci.lower):
        if w in _MODALS:
            return True
        if k > 0 and is_verb(w) and w not in _PERFECT and w not in AUXILIARIES:
            return False
    return False


def _unrealised(ci: ClaimIndex, verb: Word) -> bool:
    """Every use of the verb in the claim is under a modal, a plan or a condition ("would be
    relined if ...", "will sign", "may have paid", "is due to return")."""
    pos = ci.positions(verb.concepts)
    if not pos:
        return False
    for p in pos:
        if p > 0 and ci.lower[p - 1] == "to" and _asked_before(ci.lower, p - 1):
            continue  # "has asked Larkspur Motors to refund the £172": asked for, not done
        if any(stem(w) in _AVERTED for w in ci.lower[max(0, p - 6):p]):
            continue  # "to avoid a £100 late filing penalty": a fine kept off, not one imposed
        k = p - 1
        while k >= 0 and ci.lower[k] in _PERFECT:
            k -= 1
        if k >= 0 and ci.lower[k] in _PLANNED and ci.lower[k + 1] == "to":
            continue  # "is due to return to service in June": planned, not done
        if k < 0 or ci.lower[k] not in _MODALS:
            return False
        if ci.lower[k] == "could" and "not" in ci.lower[k + 1:p]:
            return False  # "could not land because of low cloud": a failure that happened
    return True


def _count_planned(ci: ClaimIndex, noun: Word) -> bool:
    """Every count of the noun in the claim is what a modal or a plan says will be ("will stock
    forty cobalt tumbler sets"): no answer to how many were, or have been, so far."""
    lower = ci.lower
    found = False
    for p in ci.positions(noun.concepts):
        k = _count_position(lower, p)
        if k is None:
            continue
        found = True
        j = k - 1
        while j >= 0 and lower[j] not in (",", ";", "that", "which", "who") and lower[j] not in _MODALS \
                and not (lower[j] == "to" and j > 0 and lower[j - 1] in _INTENDING):
            j -= 1
        if j < 0 or lower[j] not in _MODALS and lower[j] != "to":
            return False
    return found


# words before "to" that say what follows has not happened yet: plans, promises, intentions
_INTENDING = _PLANNED | frozenset("plans intends expects wants hopes aims".split())


# verbs that keep a thing from happening
_AVERTED = frozenset(stem(w) for w in ("avoid", "prevent", "avert", "escape"))


def _asked_before(lower: list[str], to: int) -> bool:
    """A verb of asking in the clause before the "to" at ``to`` ("will apply to the Green Spaces Fund
    for £4,800 to build"): what follows is asked for."""
    k = to - 1
    while k >= 0 and to - k <= 12 and lower[k] not in (",", ";", ".", "and", "but"):
        if stem(lower[k]) in _ASKING:
            return True
        k -= 1
    return False


# verbs that ask or plan for a thing to be done ("asked them to refund", "wants to move")
_ASKING = frozenset(stem(w) for w in ("ask", "request", "urge", "want", "plan", "intend", "hope", "expect", "invite",
                                      "apply", "seek", "bid"))
_NARROWING_PREPS = frozenset({"in", "at", "of", "on", "inside", "within", "near", "under", "outside",
                              "across", "over", "during", "throughout"})
# a span of time a count or a sum was taken over narrows it ("across the whole spring season"),
# unless the span is told from now, which a claim words in its own way ("over the past year" is
# "in the previous twelve months")
_SPAN_PREPS = frozenset({"across", "over", "during", "throughout"})
_FROM_NOW = frozenset("past last previous next coming recent current this".split())


def _narrowing_words(q: Question) -> list[Word]:
    """The question's own words inside a place or part phrase: "in the pedal division", "at the
    base of the horse chestnut's trunk" (names are checked as the setting, elsewhere)."""
    return [w for phrase in _narrowing_phrases(q) for w in phrase]


def _bare_in_claim(ci: ClaimIndex, head: Word) -> bool:
    """Whether the claim uses the noun at least once without narrowing it to something of its own:
    no possessor or name in front of it ("the London plane's trunk") and no "of" after it."""
    lower = ci.lower
    name_end = {sp.last for sp in ci.spans}
    for p in ci.positions(head.concepts):
        k = p - 1
        while k >= 0 and lower[k].isalpha() and lower[k] not in STOPWORDS and k + 1 not in name_end:
            k -= 1
        owned = k >= 0 and (lower[k] in ("'s", "'") or k + 1 in name_end)
        if not owned and (p + 1 >= len(lower) or lower[p + 1] != "of"):
            return True
    return False


def _partitive_predicate(q: Question) -> list[Word]:
    """The words after the noun of "how many of the <noun> ..." or "which of the <noun> ...": what
    picks out the part."""
    lower = [t.text.lower() for t in q.tokens]
    in_name = {k for sp in q.spans for k in range(sp.first, sp.last)}
    if lower[:2] == ["which", "of"]:
        # "which of the letters were damaged in the leak": a claim that only places the letters
        # does not say which of them were damaged
        nouns = [w for w in q.soft if w.index > 1 and not verbal(w.text)]
        if not nouns:
            return []
        return [w for w in q.soft if w.index > nouns[0].index and w.index not in in_name]
    head = q.head_word
    if head is None or q.hole != "number" or len(lower) < 4 or lower[:3] not in (["how", "many", "of"],
                                                                                   ["how", "much", "of"]):
        return []
    return [w for w in q.soft if w.index > head.index and w.index not in in_name]


def _narrowing_phrases(q: Question) -> list[list[Word]]:
    """The question's words inside each place or part phrase, one list per preposition."""
    lower = [t.text.lower() for t in q.tokens]
    soft_at = {w.index: w for w in q.soft}
    in_phrase_word = {w.index + k for w in q.words if " " in w.stem for k in range(len(w.text.split()))}
    in_name = {k for sp in q.spans for k in range(sp.first, sp.last)}
    out: list[list[Word]] = []
    inside = noun_seen = False
    for i, w in enumerate(lower):
        if w in _NARROWING_PREPS and i not in in_phrase_word:  # not the "of" of "in charge of"
            inside, noun_seen = True, False
            nxt = next((x for x in lower[i + 1:] if x not in ("the", "a", "an")), "")
            if w in _SPAN_PREPS and nxt in _FROM_NOW:
                inside = False
                continue
            out.append([])
        elif not inside:
            continue
        elif i in soft_at and not verbal(w):
            out[-1].append(soft_at[i])
            noun_seen = True
        elif w in ("the", "a", "an", "'s", "its", "his", "her", "their") or (i in in_name and not noun_seen):
            continue  # still inside: a determiner, or a name modifying the noun ("the Acme report")
        else:
            inside = False  # a verb, a clause ("the fraud Dominic admitted"), punctuation
    return [phrase for phrase in out if phrase]


_VALUE = stem("value")


def _denied(ci: ClaimIndex, w: Word) -> bool:
    """Every mention of the word in the claim has "no" before it ("found no fault", "no major
    damage"): the claim says there is none of it."""
    pos = ci.positions(w.concepts)
    return bool(pos) and all(_after_no(ci.lower, p) for p in pos)


def _after_no(lower: list[str], p: int) -> bool:
    """A "no" opens the noun phrase that ends at ``p``: "no fault", "no major damage", "no signs
    of gill disease" (a word of its own, or "of", between them; nothing that starts a clause)."""
    for k in range(p - 1, max(-1, p - 5), -1):
        if lower[k] == "no":
            return True
        if not (lower[k] == "of" or lower[k].isalpha() and lower[k] not in STOPWORDS):
            return False
    return False


# verbs that say an act is wanted done
_DESIRE_STEMS = frozenset(stem(w) for w in (
    "want wish ask request recommend prefer urge insist like apply plan propose intend hope seek aim").split())
_WEEKEND_DAYS = frozenset({"saturday", "sunday", "saturdays", "sundays"})
_WORKING_DAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday",
                           "mondays", "tuesdays", "wednesdays", "thursdays", "fridays"})
# a part of the week, and the days that are not in it
_WEEK_PARTS = {"weekday": _WEEKEND_DAYS, "weekdays": _WEEKEND_DAYS, "weekend": _WORKING_DAYS, "weekends": _WORKING_DAYS}


def _days_of_other_part(ci: ClaimIndex, q: Question) -> str | None:
    """The question's "weekdays" or "weekends" when every day the claim names is of the other part
    of the week, and the claim does not say that part itself."""
    claim = set(ci.lower)
    days = claim & (_WEEKEND_DAYS | _WORKING_DAYS)
    if not days or claim & _WEEK_PARTS.keys():
        return None
    return next((w for w in (t.text.lower() for t in q.tokens) if w in _WEEK_PARTS and days <= _WEEK_PARTS[w]), None)


# words before a count that say the things counted are not there ("missing three pieces")
_LACKING = frozenset({"missing", "lacks", "lack", "lacking", "lacked", "without", "short"})


def _counts_only_lacking(ci: ClaimIndex, q: Question, exclude: set[str]) -> bool:
    """Whether every count of the asked noun in the claim is of things lacking, and the question
    asks of no lack itself."""
    if any(t.text.lower() in _LACKING or t.text.lower() in ("lost", "missed") for t in q.tokens):
        return False
    numbers = ci.types.get("number", set()) - set(exclude)
    at = [k for k, w in enumerate(ci.lower) if w in numbers and k + 1 < len(ci.lower)
          and stem(ci.lower[k + 1]) == q.head_word.stem]
    return bool(at) and all(k > 0 and ci.lower[k - 1] in _LACKING for k in at)


# what a score is counted in: "won the Open class with 91 points"
_SCORE_UNITS = frozenset({"points", "point", "pts", "marks", "goals", "runs"})
_RESULT_HEADS = frozenset(stem(w) for w in ("score", "scoreline", "result"))


_COUNT_ADDERS = frozenset({"more", "extra", "further", "additional", "fewer"})


def _only_counts(ci: ClaimIndex, exclude: set[str]) -> bool:
    """Every number of the claim counts the word after it ("19 Black Forest cuckoo clocks"), or it
    has none."""
    numbers = ci.types.get("number", set()) - set(exclude)
    for k, w in enumerate(ci.lower):
        if w in numbers:
            j = k + 1
            while j < len(ci.lower) and ci.lower[j] in _COUNT_ADDERS:
                j += 1  # "two more hours", "three extra staff": still a count of hours, of staff
            nxt = ci.lower[j] if j < len(ci.lower) else ""
            if not nxt.isalpha() or nxt in STOPWORDS:
                return False
    return True


def _named_as(ci: ClaimIndex, head: Word, exclude: set[str]) -> bool:
    """The claim says a name is the head: "Corvedale Homes Ltd is the applicant" answers "who is the
    applicant", though a firm is no person; what it is called is said of it outright."""
    for s in ci.spans:
        if s.key in exclude:
            continue
        k = s.last
        if k < len(ci.lower) and ci.lower[k] in BE_FORMS:
            k += 1
            if k < len(ci.lower) and ci.lower[k] in ("the", "a", "an"):
                k += 1
            if k < len(ci.lower) and stem(ci.lower[k]) == head.stem:
                return True
    return False


def _who_name(ci: ClaimIndex, exclude: set[str]) -> bool:
    """A name that can say who: one not introduced as a setting ("in Oslo", "from Leeds", "at Acme Ltd")."""
    return any(s.key not in exclude and s.prep not in SETTING_PREPS for s in ci.spans)


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


def _asked_name(key: str, q_spans: set[str]) -> bool:
    """A claim's name is one the question asks about, also with a title in front ("solicitor wren
    adair" for "wren adair")."""
    return key in q_spans or any(key.endswith(" " + k) for k in q_spans)


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


def _condition_after(ci: ClaimIndex, verb: Word) -> bool:
    """ "admitted ... with dizziness": a condition (a word, not a number or a name) after "with"/"for"."""
    in_span = ci.named
    for p in ci.positions(verb.concepts):
        for k in range(p + 1, min(len(ci.lower) - 1, p + 7)):
            if ci.lower[k] in ("with", "for"):
                nxt = ci.lower[k + 1]
                # (a count spelt out is no condition: "close for three weeks" says how long)
                if nxt.isalpha() and nxt not in ("a", "an", "the", "his", "her", "their") and k + 1 not in in_span \
                        and nxt.split("-")[0] not in NUMBER_WORDS:
                    return True
    return False


def _last_word_asked(q: Question) -> Word | None:
    """The question's last word when it ends "when does/did/will <subject> <word>?", where that
    word is the verb though the reader did not take it for one ("when does the rack trip")."""
    low = [t.text.lower() for t in q.tokens]
    if len(low) < 4 or low[0] != "when" or low[1] not in ("does", "do", "did", "will", "would", "can"):
        return None
    return next((w for w in q.soft if w.index == len(low) - 2 and low[-1] == "?"), None)


def _when_after(ci: ClaimIndex, verb: Word | None, q: Question | None = None) -> bool:
    """ "trips when more than 96 amps are drawn": "when" or "whenever" within four words after the
    verb, in its clause, opening a clause of its own. With ``q``, the verb is a word the reader took
    for another and must be the claim's own."""
    if verb is None or q is not None and not _grounded(ci, verb):
        return False
    lower = ci.lower
    for p in ci.positions(verb.concepts):
        for k in range(p + 1, min(len(lower) - 2, p + 5)):
            if lower[k] in (",", ".", ";", "and", "but"):
                break
            if lower[k] in ("when", "whenever"):
                return True
    return False


def _reports(ci: ClaimIndex, verb: Word) -> bool:
    """The claim reports speech with the question's verb: "reports that ...", "said that ..."."""
    lx = lexicon()
    if not (verb.concepts & (lx.concepts_of("say") | lx.concepts_of("report"))) or "R:say" not in verb.concepts and stem("report") not in verb.concepts:
        return False
    return _after_verb(ci, verb, ("that",))


def _prep_value(ci: ClaimIndex, prep: str, kind: str) -> bool:
    """The preposition of the question is followed, in the claim, by a value of the asked kind."""
    for i, w in enumerate(ci.lower[:-1]):
        if w == prep:
            nxt = ci.lower[i + 1]
            if any(c.isdigit() for c in nxt) or nxt in _DAYLIKE or nxt.rstrip("s") in _DAYLIKE:
                return True
    return False


_DAYLIKE = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday weekday weekend january february march april may june july "
    "august september october november december today tomorrow yesterday".split()
)


def _after_verb(ci: ClaimIndex, verb: Word, words: tuple[str, ...]) -> bool:
    pos = ci.positions(verb.concepts)
    return any(w in words for p in pos for w in ci.lower[p + 1 : p + 7])


# verbs (and their forms) that give a value as the size of a change: "lost 0.6 kilograms", "rose by 4%"
_GAINS = frozenset("lost lose loses losing gained gain gains gaining shed sheds put rose risen rises fell fallen falls "
                   "rise fall drop dropped drops grow grew grown grows shrink shrank shrunk increased decreased "
                   "up down".split())
_AMOUNT_HOLES = frozenset({"mass", "measure", "money", "percent", "temp", "distance", "dose", "extent", "amount"})


def _only_changes_of(q: Question, ci: ClaimIndex) -> str | None:
    """The question's head noun when it asks a value that every value of that kind in the claim
    only changes by; None when the question itself asks about a change."""
    if q.hole not in _AMOUNT_HOLES or q.head_word is None:
        return None
    if any(t.text.lower() in _GAINS or stem(t.text.lower()) in CHANGE_VERBS for t in q.tokens):
        return None
    lower = ci.lower
    firsts = {v.split(" ")[0] for v in ci.types.get(q.hole, set())}
    at = [k for k, w in enumerate(lower) if w in firsts]
    if not at:
        return None
    for k in at:
        j = k - 1
        while j >= 0 and lower[j] in ("by", "on", "a", "another", "further", "about", "around", "nearly", "almost"):
            j -= 1
        if j < 0 or lower[j] not in _GAINS:
            return None
    return q.head_word.text


# prepositions that make the "-ing" verb after them an event the question takes as given
_EVENT_PREPS = frozenset({"after", "before", "since", "while", "despite", "without", "upon", "on"})


def _event_unsaid(q: Question, ci: ClaimIndex) -> str | None:
    """An event the question puts after a preposition ("after failing his retest") that the claim
    does not name."""
    lower = [t.text.lower() for t in q.tokens]
    for w in q.soft:
        i = w.index
        if 0 < i and lower[i - 1] in _EVENT_PREPS and lower[i].endswith("ing") and _inflected_verb(lower[i]) \
                and not _grounded(ci, w):
            return w.text
    return None


def _denied_noun(q: Question, ci: ClaimIndex) -> str | None:
    """A noun of the question that the claim has only under a negation ("has not yet named a
    successor", "no delay")."""
    if not ci.negation_pos:
        return None
    lower = ci.lower
    for w in q.soft:
        if _inflected_verb(w.text.lower()) or is_verb(w.text.lower()):
            continue
        pos = ci.positions(w.concepts)
        if pos and all(any(0 < p - n <= 5 and _bridged(lower[n + 1:p]) for n in ci.negation_pos) for p in pos):
            return w.text
    return None


def _bridged(between: list[str]) -> bool:
    """Words between a negation and its noun: auxiliaries, adverbs, an indefinite article and at
    most one verb ("has not paid the balance" says there is a balance)."""
    verbs = 0
    for x in between:
        if x in _NEGATION_BRIDGE or x.endswith("ly") or x in ("a", "an", "any"):
            continue
        if (_inflected_verb(x) or is_verb(x)) and not verbs:
            verbs += 1
            continue
        return False
    return True


_OPPOSITE_BOUNDS = {"before": "after", "after": "before", "above": "below", "below": "above",
                    "over": "under", "under": "over", "inside": "outside", "outside": "inside"}


def _opposite_bound(q: Question, ci: ClaimIndex) -> str | None:
    """The question's "after X" (or "before", "above", ...) when the claim has only the opposite
    word before the same X."""
    lower = [t.text.lower() for t in q.tokens]
    if not any(w in _OPPOSITE_BOUNDS for w in lower):
        return None
    c = ci.lower  # each word with the next, and past an article: "before midnight", "above the weir"
    pairs = set(zip(c, c[1:])) | {(a, d) for a, b, d in zip(c, c[1:], c[2:]) if b in ("the", "a", "an")}
    for i, w in enumerate(lower[:-1]):
        other = _OPPOSITE_BOUNDS.get(w)
        if other is None:
            continue
        k = i + 1
        while k < len(lower) - 1 and lower[k] in ("the", "a", "an"):
            k += 1
        what = lower[k]
        if (other, what) in pairs and (w, what) not in pairs:
            return q.tokens[i].text
    return None


def _months_named(q: Question) -> set[int]:
    """Months the question names outside names; "may" counts only capitalised and not first ("in May")."""
    out: set[int] = set()
    in_name = {k for s in q.spans for k in range(s.first, s.last)}  # "April Jones", "Jan Novak"
    for i, t in enumerate(q.tokens):
        w = t.text.lower()
        if w in MONTHS and i not in in_name and (w != "may" or (i > 0 and t.text[:1].isupper())):
            out.add(MONTHS[w])
    return out


_COUNT_WORDS: frozenset[str] = frozenset(CARDINAL_WORDS).difference(("zero", "nought", "nil")) | frozenset(
    "dozen hundred thousand a an several no twin twins triplets quadruplets".split())


def _count_before(ci: ClaimIndex, head: Word) -> bool:
    """A cardinal within three words before the counted noun ("2,340 spectators", "18 of them
    refrigerated units", "three regional titles")."""
    lower = ci.lower
    for p in ci.positions(head.concepts):
        first, dash, _ = lower[p].partition("-")
        if dash and first.isalpha() and first not in _COUNT_WORDS \
                and not {stem(lower[p]), stem(lower[p].rpartition("-")[2])} & head.concepts:
            continue  # "3,412 bed-nights" counts nights, not beds
        if dash and (first in _COUNT_WORDS or first.isdigit()) and first not in ("a", "an", "no"):
            return True  # "a six-berth boat", "a 72-seat coach": the count is joined to what it counts
        for i in range(max(0, p - 4), p):
            w = lower[i]
            if not (w in _COUNT_WORDS or (w.replace(",", "").replace(".", "").isdigit() and not w.endswith(("st", "nd", "rd", "th")))):
                continue
            if i + 1 < p and lower[i + 1] == "-" and i + 2 != p:
                continue  # "a two-bedroom flat" counts bedrooms, not flats
            if w in ("a", "an") and "of" in lower[i + 1:p]:
                continue  # "a bulk order of frames" is one order, of frames uncounted
            if any(x in _COUNT_BREAKS for x in lower[i + 1:p]):
                continue  # "a bedbug infestation in rooms 3 and 5": the count is the infestation's
            if w[:1].isdigit() and (lower[i + 1] in MONTHS or i > 0 and lower[i - 1] in MONTHS):
                continue  # "returns on 12 March with new episodes": a day of a date counts nothing
            return True
        if _number_of_set(lower, p):
            return True
    return False


_COUNT_BREAKS = frozenset({"in", "at", "on", "to", "for", "from", "with", "by", "into", "across"})
_SET_TO = frozenset({"to", "is", "was", "are", "were", "at"})


def _number_of_set(lower: list[str], p: int) -> bool:
    """ "increased the number of bait stations at the warehouse to 36", "the total of entries was
    212": the noun at ``p`` is counted by "the number of" before it and a value set after it."""
    if not any(lower[i] in _COUNT_NOUNS and lower[i + 1] == "of" for i in range(max(0, p - 4), p - 1)):
        return False
    for k in range(p + 1, min(len(lower), p + 12)):
        if lower[k] in (".", ";", ","):
            return False
        if lower[k - 1] in _SET_TO and lower[k].replace(",", "").isdigit():
            return True
    return False


def _attributive(ci: ClaimIndex, head: Word) -> bool:
    """Whether every use of the head word in the claim modifies the noun after it ("job number")."""
    spots = ci.positions(head.concepts)
    return bool(spots) and all(
        p + 1 < len(ci.lower) and ci.lower[p + 1].isalpha() and ci.lower[p + 1] not in STOPWORDS
        and not ci.lower[p].endswith("ed") for p in spots)  # "ranked second" is a verb and its value


def _value_near(ci: ClaimIndex, head: Word, hole: str) -> bool:
    """A value of the asked kind within a few words after the head noun ("blood pressure of 182/104")."""
    pos = ci.positions(head.concepts)
    for p in pos:
        window = ci.lower[p + 1 : p + 5]
        if any(any(c.isdigit() for c in w) for w in window):
            return True
    return False


def _measured(ci: ClaimIndex, noun: Word, stated: frozenset[str] = frozenset()) -> bool:
    """Whether a number stands with the noun: before it in its phrase ("a 6-metre campervan", "a 50
    sq ft indoor unit"), or in the few words after it ("the tower, 40 metres tall", "is 6 m long").
    A number the question itself ``stated`` is a label, not a measure ("how big is plot 22")."""
    lower = ci.lower
    if stated:
        lower = ["" if w in stated or w.replace(",", "") in stated else w for w in lower]
    # (a name that is only of the noun's kind is not it: "Juniper" is a tree, and also a falcon)
    for p in [p for p in ci.positions(noun.concepts) if p not in ci.named or stem(ci.lower[p]) == noun.stem]:
        k = p - 1
        while k >= 0 and p - k <= 6 and lower[k] not in (",", ";", ".") and (lower[k] not in PREPOSITIONS or lower[k] == "of") \
                and not (is_verb(lower[k]) and not lower[k][:1].isdigit() and not _bare_modifier(lower[k])):
            # (inside the noun's own phrase, "14.2 metres of track", "a 1.2 metre stainless steel
            # repair clamp": "at 4:40 pm from an oak tree" gives the oak no size)
            if any(c.isdigit() for c in lower[k]):
                return True
            k -= 1
        k = _digit_at(lower, p, 5)
        if k is not None and not CLOCK_RE.match(lower[k]) and not _CHANGED_TO.search(" ".join(lower[p + 1:k + 1]) + " to") \
                and not _says_how_far(lower, k) or _measure_predicated(lower, p):
            # (not a level the noun changed to, "the summit pound fell to 38 cm below normal", nor
            # how far away it is, "an oak tree 1.8 kilometres north-east of the field")
            return True
    return False


def _owned_after(q: Question, w: Word) -> Word:
    """The noun a possessive hands the word on to: "journey" of "the length of RRV-14's journey"."""
    toks = q.tokens
    if w.index + 1 < len(toks) and toks[w.index + 1].text.lower() == "'s":
        return next((o for o in q.soft if o.index == w.index + 2), w)
    return w


def _bare_modifier(w: str) -> bool:
    """A verb's base form, which inside a noun phrase modifies the noun ("repair clamp", "service
    van"); not a form that says something happened ("fitted", "repairs", "is")."""
    return not w.endswith(("ed", "ing", "s")) and w not in BE_FORMS and w not in AUXILIARIES and not past_form(w)


def _says_how_far(lower: list[str], k: int) -> bool:
    """The number at ``k`` and its unit say how far off something is: "1.8 kilometres north-east
    of", "300 metres from", "2 miles away"."""
    k += 1
    while k < len(lower) and is_measure_unit(lower[k]):
        k += 1
    return k < len(lower) and (lower[k] in _HOW_FAR or lower[k].split("-")[0] in _COMPASS)


_COMPASS = frozenset("north south east west northeast northwest southeast southwest".split())
_HOW_FAR = frozenset("from away off offshore inland upstream downstream beyond short".split())


def _measure_predicated(lower: list[str], p: int) -> bool:
    """The noun is the subject of "is/was <number>": "the bund on the upper bench was only 0.9 metres
    high", past a modifier of the noun but not past a verb or a comma."""
    k = p + 1
    while k < len(lower) and k - p <= 8 and lower[k] not in (",", ";", "."):
        if lower[k] in COPULAS or stem(lower[k]) in _LEVEL_VERBS:
            # "humidity in the Palm House averaged 74 percent", "the level stood at 3 metres"
            k += 1
            while k < len(lower) and (lower[k] in _APPROX or lower[k] == "at"):
                k += 1
            return k < len(lower) and any(c.isdigit() for c in lower[k])
        if is_verb(lower[k]):
            return False
        k += 1
    return False


_APPROX = frozenset("only just about around roughly nearly almost under over exactly some".split())
# verbs that state a measure's level as "is" does
_LEVEL_VERBS = frozenset(stem(w) for w in ("average", "measure", "stand", "peak", "total"))


def _role_of_asked(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether some role in the claim may be an asked name's: one the claim gives that name, or
    one it gives no one in particular. True when the claim has no role the index found."""
    owners = ci.role_owners
    if not owners:
        return True
    return any(not who or "" in who or any(_asked_name(k, q_spans) for k in who) for who in owners.values())


# words that say how often a thing recurs, each with the period it is said by ("per school day",
# "during the quarter")
_OFTEN = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week", "fortnightly": "fortnight",
          "monthly": "month", "quarterly": "quarter", "yearly": "year", "annual": "year", "annually": "year"}


# the periods a price may be for, and words that name one
_PERIODS = frozenset("minute hour day night week fortnight month quarter year term season session".split())
_PERIOD_WORDS = {"overnight": "night", **_OFTEN}


def _left_open(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim puts the question's matter after a "whether" and the question asks none of
    the words before it (the asking or checking itself)."""
    k = next((i for i, w in enumerate(ci.lower) if w == "whether"), None)
    if k is None or any(t.text.lower() == "whether" for t in q.tokens):
        return False
    in_span = {i for sp in ci.spans for i in range(sp.first, sp.last)}
    before = {stem(w) for i, w in enumerate(ci.lower[:k]) if w.isalpha() and w not in STOPWORDS and i not in in_span}
    asked = {w.stem for w in q.words} | {stem(t.text.lower()) for t in q.tokens}
    return not before & asked


def _did_verb(q: Question) -> Word | None:
    """The bare verb right after the name of a question opened by "did" ("did Priya Raghunathan
    pass her grading"), when it has one."""
    toks = q.tokens
    if not toks or toks[0].text.lower() != "did" or not q.spans:
        return None
    # past what the name is said to be, before it or after it: "did the barn owl Marlowe eat", "did
    # Marlowe the barn owl eat" (the words between are nouns, no verb)
    k = q.spans[0].last
    if not all(t.text.lower() in DETERMINERS or not is_verb(t.text.lower()) for t in toks[1:q.spans[0].first]):
        return None
    if k < len(toks) and toks[k].text.lower() == "the":
        k += 1
        while k < len(toks) - 1 and not is_verb(toks[k].text.lower()) and toks[k].text.isalpha():
            k += 1
    w = next((w for w in q.soft if w.index == k), None)
    text = w.text.lower() if w is not None else ""
    if w is None or " " in text or not is_verb(text) or text.endswith(("ed", "ing")) \
            or text.endswith("s") and not text.endswith("ss"):
        return None  # ("pass" is bare, "passes" is not)
    return w


def _last_bare_verb(q: Question) -> Word | None:
    """The verb in its base form that ends a yes/no question opened by "do", "will", "can" ...:
    "did Biscuit's surgery succeed", "will the ferry sail" (not "did she find any books harmed")."""
    toks = q.tokens
    if not toks or toks[0].text.lower() not in _BARE_AFTER:
        return None
    last = max((k for k, t in enumerate(toks) if any(c.isalnum() for c in t.text)), default=-1)
    w = next((w for w in q.soft if w.index == last), None)
    if w is None or " " in w.text or last == 0:
        return None
    before = toks[last - 1].text.lower()
    text = w.text.lower()
    if not is_verb(text) or text.endswith(("s", "ing")) or text.endswith("ed") and not text.endswith("eed") \
            or before in DETERMINERS or before in PREPOSITIONS \
            or before == "'s":
        return None
    if any(o is not w and is_verb(o.text.split()[0].lower()) for o in q.soft):
        return None  # "can residents drop off old tyres at the recycling site": the verb came before
    return w


# the auxiliaries after which a yes/no question's verb comes in its base form
_BARE_AFTER = frozenset("do does did will would can could should may might must".split())


def _rates_said(lower: list[str]) -> set[str]:
    """The periods a text gives a rate by: "per hour", "a week", "each day", "every month", or a
    word for one ("weekly", "daily"); not a count of periods ("across the two days")."""
    out = {_OFTEN[w] for w in lower if w in _OFTEN}
    for k in range(1, len(lower)):
        unit = _period_unit(lower[k])
        if unit is not None and lower[k - 1] in ("per", "a", "an", "each", "every"):
            out.add(unit)
    return out


def _rates_asked(q: Question) -> set[str]:
    """The periods a question asks a rate by ("how many keys per hour", "each week", "weekly")."""
    return _rates_said([t.text.lower() for t in q.tokens])


def _periods_priced(lower: list[str]) -> set[str]:
    """The periods a text prices by: a period after a count or after "per", "a", "each" ("for up
    to four hours", "£9 a night", "per week")."""
    out = set()
    for k in range(1, len(lower)):
        unit, before = _period_unit(lower[k]), lower[k - 1]
        if unit is not None and (before in ("per", "a", "an", "each", "every", "one") or _cardinal(before)
                                 or before in CARDINAL_WORDS):
            out.add(unit)
    return out


def _period_unit(word: str) -> str | None:
    """The period a word names, singular ("weeks" → "week"), or None."""
    unit = word[:-1] if word.endswith("s") and word[:-1] in _PERIODS else word
    return unit if unit in _PERIODS else None


# sums and sizes held or given as a whole, which an amount per unit does not state
_WHOLES = frozenset(stem(w) for w in ("budget", "balance", "funding", "funds", "total", "sum", "grant", "loan",
                                      "debt", "donation", "deposit", "bill", "payout", "award", "capacity", "size",
                                      "population", "stock"))


def _per_unit_only(lower: list[str], money: bool) -> bool:
    """Every sum of money (or every number) the text gives is one per unit: "£22 per hour", "£4 a
    head", "£9 each", "2,500 cubic metres a day"."""
    at = [k for k, w in enumerate(lower) if (money_token(w) if money else any(c.isdigit() for c in w)
                                             and not _part_of_date(lower, k) and not CLOCK_RE.match(w))]
    return bool(at) and all(_per_unit_at(lower, k) for k in at)


def _part_of_date(lower: list[str], k: int) -> bool:
    """ "9 August", "August 9", "2024": a number that tells a day or a year, not a size."""
    return bool(_YEAR_WORD.match(lower[k])) or k + 1 < len(lower) and lower[k + 1] in MONTHS \
        or k > 0 and lower[k - 1] in MONTHS


def _per_unit_at(lower: list[str], k: int) -> bool:
    """The value at ``k`` is given per unit, past the words of its own unit ("metres", "cubic")."""
    k += 1
    while k < len(lower) and (is_measure_unit(lower[k]) or lower[k] in ("cubic", "square")):
        k += 1
    return k < len(lower) and (lower[k] in ("per", "each", "apiece", "/")
                               or lower[k] in ("a", "an") and k + 1 < len(lower) and lower[k + 1] in _UNITS_PRICED)


# what "£4 a ..." prices by (not "£40 a month" alone: a period is a unit too)
_UNITS_PRICED = _PERIODS | frozenset("head person ticket place seat unit kilo kg litre pitch plot night go session".split())


def _rate_of(q: Question) -> Word | None:
    """The act a rate asked is of, named just before it: "germination rate", "response rate",
    "hire rate" (not "hourly rate" or "current rate", which say how or when)."""
    head = q.head_word
    if head is None or head.stem != _RATE or head.index == 0:
        return None
    before = next((w for w in q.soft if w.index == head.index - 1), None)
    if before is None or " " in before.text:
        return None
    w = before.text.lower()
    acts = w.endswith(("tion", "sion", "ment", "ance", "ence", "ing")) or is_verb(w)
    return before if acts and not w.endswith("ly") else None


_RATE = stem("rate")


def _period_asked_in(q: Question) -> Word | None:
    """The period a question asks within: "week" of "in its first week of trading", "month" of
    "during the month of May"; None when it names none."""
    lower = [t.text.lower() for t in q.tokens]
    soft = {w.index: w for w in q.soft}
    for k, w in enumerate(lower):
        if w not in ("in", "during", "over", "within"):
            continue
        for j in range(k + 1, min(k + 5, len(lower))):
            unit = lower[j][:-1] if lower[j].endswith("s") else lower[j]
            if unit in _PERIODS and j in soft:
                return soft[j]
            if lower[j] not in DETERMINERS and lower[j] not in _ORDINAL_WORDS and lower[j] not in ("its", "their", "his", "her"):
                break
    return None


_ORDINAL_WORDS = frozenset("first second third fourth fifth last final opening next previous past".split())


def _act_before(q: Question) -> str | None:
    """The stem of the act a question asks what came before ("her job before supervising the
    night shift" → supervis, "before she became yard manager" → becam); None when it asks before a
    time ("before 10:00") or not at all."""
    low = [t.text.lower() for t in q.tokens]
    for k, w in enumerate(low[:-2]):
        if w == "before" and low[k + 1].endswith("ing") and len(low[k + 1]) > 5:
            return stem(low[k + 1])
        if w == "before" and low[k + 1] in _SUBJECT_PRONOUNS and is_verb(low[k + 2]):
            verb = next((x for x in low[k + 2:k + 5] if x not in AUXILIARIES and x not in ("to", "not")), low[k + 2])
            return stem(verb)
    return None


_SUBJECT_PRONOUNS = frozenset("he she they it we i you".split())
# words by which a claim tells one time against another ("formerly", "before joining", "after welcoming")
_TIME_BEFORE = frozenset("before after prior previously formerly former earlier originally initially then".split())


def _tells_before(ci: ClaimIndex, act: str) -> bool:
    """The claim can tell what came before the act: it tells the act itself as a verb ("lost its
    cooling and had to be shut down"), or one time against another ("formerly", "after
    welcoming", "until she retired"; not "until 10:00", which only ends a stretch of time)."""
    lower = ci.lower
    if any(stem(w) == act for w in lower):
        return True
    return any(w in _TIME_BEFORE or w == "until" and k + 1 < len(lower) and lower[k + 1].isalpha()
               and lower[k + 1] not in MONTHS and lower[k + 1] not in WEEKDAYS and lower[k + 1] not in ("noon", "midnight")
               for k, w in enumerate(lower))


def _periods_asked(q: Question) -> set[str]:
    """The periods a question prices by: a word for one ("overnight", "weekly") or one said as a
    text prices by it ("per night", "for two weeks")."""
    low = [t.text.lower() for t in q.tokens]
    return {_PERIOD_WORDS[w] for w in low if w in _PERIOD_WORDS} | _periods_priced(low)


def _gone_on(q: Question) -> Word | None:
    """The noun after "go on" or "go for" ("go on tour", "went for a walk"), which names the act
    (not what a thing goes on when it becomes available: "go on sale")."""
    low = [t.text.lower() for t in q.tokens]
    soft_at = {w.index: w for w in q.soft}
    for k in range(len(low) - 2):
        if stem(low[k]) == "go" and low[k + 1] in ("on", "for"):
            j = k + 2
            while j < len(low) and low[j] in ("a", "an", "the"):
                j += 1
            if j in soft_at and low[j] not in _ON_OFFER:
                return soft_at[j]
    return None


# what a thing "goes on" when it becomes available, which is no act ("goes on sale in May")
_ON_OFFER = frozenset({"sale", "display", "show", "air", "view", "offer", "market", "release", "stream"})


_NEGATING_PREFIXES = ("un", "non-", "non")
# words that pick opposite ends of a series
_OPPOSITE_ENDS = {"first": "last", "last": "first", "earliest": "latest", "latest": "earliest", "upper": "lower",
                  "lower": "upper", "inbound": "outbound", "outbound": "inbound", "northbound": "southbound",
                  "southbound": "northbound", "eastbound": "westbound", "westbound": "eastbound"}


def _opposite_said(ci: ClaimIndex, q: Question) -> str | None:
    """A word of the question whose opposite the claim says, and not the word itself: by a negating
    prefix ("dyed" against "undyed", "non-resident" against "resident"), or the other end of a
    series ("first" against "last")."""
    said = set(ci.lower)
    for w in (q.head_word, *q.soft, *q.subject_words):
        if w is None:
            continue
        t = w.text.lower()
        if t in _OPPOSITE_ENDS and t not in said and _OPPOSITE_ENDS[t] in said:
            return w.text  # "the first weekday crossing" against "the last weekday crossing"
        if len(t) < 4 or t in said:
            continue
        if any(p + t in said for p in _NEGATING_PREFIXES):
            return w.text
        bare = next((t[len(p):] for p in _NEGATING_PREFIXES if t.startswith(p) and len(t) - len(p) >= 4), None)
        if bare is not None and bare in said:
            return w.text
    return None


def _asks_tenure(q: Question) -> bool:
    """ "How long has she presented it", "how long have they lived there": a time up to now."""
    low = [t.text.lower() for t in q.tokens]
    return any(low[k:k + 3] in (["how", "long", "has"], ["how", "long", "have"]) for k in range(len(low)))


def _age_beside(ci: ClaimIndex, q_spans: set[str], nouns: list[Word]) -> bool:
    """Whether an age in the claim stands beside one of the asked names: "Ada Obi, aged 71,", "Ada
    Obi, a 58-year-old postman", "the 58-year-old Ada Obi", "Whimbrel was built in 1962"."""
    lower = ci.lower
    # only a number can be an age or a year of origin ("his left thumb" dates nothing)
    ages = [k for k, w in enumerate(lower) if (any(c.isdigit() for c in w) or w.split("-")[0] in NUMBER_WORDS) and (
        (k > 0 and lower[k - 1] in ("aged", "age")) or lower[k + 1:k + 3] in (["-", "year-old"], ["-", "years-old"])
        or lower[k + 1:k + 3] == ["years", "old"] or w.endswith(("-year-old", "-years-old"))
        or year_of_origin(lower, k) or age_clause(lower, k))]
    if not ages:
        return True  # an age word the index found some other way: not ours to judge here
    for sp in ci.spans:
        if sp.key not in q_spans:
            continue
        for k in ages:
            if sp.last <= k <= sp.last + 4 and "." not in lower[sp.last:k] and not sp.possessive:
                return True  # "Ada Obi, aged 71,"; not "Ada Obi's three-year-old dog", the dog's age
            between = lower[k + 1:sp.first]
            if sp.first - 4 <= k < sp.first and not any(w in (",", ";", ".") or is_verb(w) for w in between):
                return True  # "the 58-year-old Ada Obi", not "Selwyn, aged 71, beat Ola"
    # "how old is the consumer unit at 12 Tenter Row" <- "at 12 Tenter Row ... its consumer unit,
    # which dates from 1989": the asked thing, named by a noun rather than a name
    for w in nouns:
        for p in ci.positions(w.concepts):
            if any(p < k <= p + 6 and "." not in lower[p:k] and not any(p < sp.first < k for sp in ci.spans)
                   for k in ages):
                return True
    return False


# verbs of a thing ending: a time said of the thing without one is when it happens or begins
_ENDING = frozenset(stem(w) for w in "end finish stop conclude close wrap".split())

# the words that pick a moment of a thing rather than name one
_PHASE_WORDS = frozenset(stem(w) for w in "start begin end finish completion".split())


def _first_missing(ci: ClaimIndex, soft: list[Word]) -> str | None:
    for w in soft:
        if not _grounded(ci, w):
            return w.text
    return None


def _about_subject(subjects: list[str], required: list[str]) -> bool:
    return bool(required) and all(e in subjects for e in required)


def _named_near(ci: ClaimIndex, q: Question, exclude: set[str]) -> bool:
    """A name or title right next to the noun it names: "the firm, Hale & Finch", "Pepper, a spaniel"."""
    target = q.head_of if q.head_of is not None else q.head_word
    if target is None:
        return ci.typed("name", exclude)
    pos = ci.positions(target.concepts)
    for s in ci.spans:
        if s.key in exclude:
            continue
        for p in pos:
            gap = [w for w in ci.lower[p + 1 : s.first]]
            if s.first > p and all(w in (",", "the", "a", "an", "'", '"', "called", "named", "titled") for w in gap) and len(gap) <= 3:
                return True
            if s.last <= p and p - s.last <= 1 and not s.possessive:
                return True  # "the Kestrel ferry"; not "Amara's father", which names his child
            if s.last - 1 == p and s.first < p:
                return True  # "Shear Tide Salon" for "her salon": the noun is the name's own last word
            gap = ci.lower[s.last:p]
            owner = next((o for o in ci.spans if o.possessive and o.first == s.last + 1), None)
            if owner is not None and gap[:1] == [","]:
                # "Biscuit, Saoirse's cocker spaniel": the owner's name stands for "the"
                gap = [",", "the"] + [w for w in ci.lower[owner.last:p] if w != "'s"]
            if 2 <= len(gap) <= 4 and gap[0] == "," and gap[1] in ("the", "a", "an") and "," not in gap[1:]:
                return True  # "Tansy, the new sheepdog": the apposition says what the name names
    return False


def _prep_frame(ci: ClaimIndex, prep: str, exclude: set[str]) -> bool:
    """The claim fills the same role as the question's preposition: "through which label" → "through X"."""
    for s in ci.spans:
        if s.key in exclude:
            continue
        if s.prep == prep:
            return True
    return False
