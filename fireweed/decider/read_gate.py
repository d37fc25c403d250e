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
from typing import TYPE_CHECKING, Any

from fireweed.decider.facts import moved_from, resulting_state
from fireweed.decider.grounding import TIMES_WORDS, ClaimIndex, index_of
from fireweed.decider.lexicon import BE_FORMS, MONTHS, STOPWORDS, WEEKDAYS, past_form, role_word, stem
from fireweed.decider.name_spans import Span, guess_kind
from fireweed.decider.question import (DETERMINERS, LIGHT_VERBS, PLACING_VERBS, SETTING_PREPS, TYPE_NOUNS, Question, Word, analyse,
                                       verbal)
from fireweed.decider.relations import lexicon, verb_of_noun
from fireweed.decider.text import CARDINAL_WORDS
from fireweed.decider.recall_checks.clashes import (_bound_clash, _chain_clash, _complement_clash,
                                                    _counted_compound_clash, _modifier_clash, _name_phrase_clash,
                                                    _opposite_said, _phrase_clash, _purpose_clash, _sequence_clash)
from fireweed.decider.recall_checks.clauses import (_done_by_another, _excepted, _object_in_later_predicate,
                                                    _place_in_clause_of, _said_in_aside_only,
                                                    _said_of_another_subject, _time_of_an_earlier_predicate,
                                                    _time_only_in_other_clause)
from fireweed.decider.recall_checks.counts import (_PEOPLE_HEADS, _RESULT_HEADS, _SCORE_UNITS, _TIMES_STEM, _VALUE,
                                                   _bound_only, _capacity_unsaid, _count_before, _count_is_the_subjects,
                                                   _counted_only, _counts_only_conditional, _counts_only_lacking,
                                                   _noun_counted, _only_counts, _people_counted)
from fireweed.decider.recall_checks.grounded import (_OFTEN, _about_subject, _affiliated, _by_kind_only, _did_verb, _dose_given,
                                                     _first_missing, _grounded, _inflected_verb, _said_beside_names, _kind_of_another,
                                                     _last_bare_verb, _outnumbered, _plain_verb_at, _post_given, _rescheduled,
                                                     _taken, _verb_grounded)
from fireweed.decider.recall_checks.holes import (_SELLER_HEADS, _asks_a_living, _attributive, _bought_from_named,
                                                  _condition_after, _head_takes_prep,
                                                  _last_word_asked, _leaves_asked, _name_after_asked_prep, _named_as,
                                                  _named_near, _post_only, _prep_frame, _prep_value, _reports,
                                                  _role_of_asked, _role_where_asked, _roles_all_asked, _roles_all_left,
                                                  _value_near, _value_taken_down_only, _when_after, _who_name)
from fireweed.decider.recall_checks.kinds import (_GENERIC_HEADS, _before_head, _before_head_of, _code_after,
                                                  _code_missing, _described, _kind_asked, _kind_word_grounded,
                                                  _kind_word_only, _numbered_by_code, _other_number_of, _specified,
                                                  _unidentified, _whole_for_part)
from fireweed.decider.recall_checks.measures import (_EXTENTS, _LENGTH, _MEASURE_HEADS, _age_beside, _extreme_unsaid,
                                                     _lasts_near, _length_stated, _measured, _measured_stuff, _name_measured,
                                                     _owned_after, _owner_far_from_time, _times_for_acts,
                                                     _unit_not_given)
from fireweed.decider.recall_checks.money import (_ALTERED, _PAYING_VERBS, _PAY_NOUNS, _PRICE_VERBS, _PRICE_WORDS,
                                                  _PURCHASE, _SHARE_PRICES, _USUAL, _WHOLES, _as_unit_only,
                                                  _charged_for_act, _for_another, _money_gathered, _money_valued,
                                                  _per_only, _per_unit_only, _period_asked_in, _periods_asked,
                                                  _periods_priced, _price_for_payer, _price_stated, _priced_act,
                                                  _priced_apart, _priced_thing, _prices_the_asked, _rate_of,
                                                  _rates_asked, _rates_said, _sums_are_parts_of,
                                                  _sums_named_otherwise, _sums_of_another, _variant_unsaid)
from fireweed.decider.recall_checks.objects import (_MAKE_NOUNS, _TOPIC_NOUNS, _apposition_after, _complement_after,
                                                    _direct_object, _ends_with, _gone_on, _infinitive_after,
                                                    _maker_before, _object_clash, _support_object, _title_after,
                                                    _undergone)
from fireweed.decider.recall_checks.places import (_HOLDING, _INSIDE, _asked_where_in, _bare_in_claim, _counted_where,
                                                   _destination_given, _name_placed, _narrowing_phrases,
                                                   _partitive_predicate, _placed_after, _possessed_asked,
                                                   _where_a_name_is, _where_is_the)
from fireweed.decider.recall_checks.premises import (_DESIRE_STEMS, _OUTCOME_HEADS, _PLAN_HEADS, _PLANNED,
                                                     _asks_what_happened, _count_planned, _denied, _denied_noun,
                                                     _event_unsaid, _left_open, _main_clause_unrealised, _negates,
                                                     _not_till, _plan_told, _unrealised)
from fireweed.decider.recall_checks.roles import (_agent_after_verb, _agent_filled, _agent_swapped, _agentless,
                                                  _asked_passive, _converse_doer, _examiner_only, _head_grounded,
                                                  _owner_given, _people_doer, _possessor_swapped, _role_swapped)
from fireweed.decider.recall_checks.times import (_CHANGED_TO, _ENDING, _NEW_VERBS, _PHASE_WORDS, _TIME_HOLES,
                                                  _act_before, _afternoon, _asks_act_after, _asks_new, _asks_tenure,
                                                  _clause_word_missing, _clock_range, _dates_are_bounds,
                                                  _days_of_other_part, _months_named, _only_changes_of, _opposite_bound,
                                                  _other_act, _says_which_earlier, _tells_before, _tells_prior,
                                                  _until_event)

if TYPE_CHECKING:  # the projection imports this module: at run time it is imported where used
    from fireweed.decider.projection import RecallAnswer

__all__ = ["answer"]

_MAX_QUERY = 2000

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


def _name_tail(q: Question, ci: ClaimIndex) -> set[int]:
    """The question's token positions that go on from one of its names word for word as the claim
    goes on from the same name ("first flush" after "Qingshan Ridge" in both)."""
    lower = [t.text.lower() for t in q.tokens]
    out: set[int] = set()
    for sp in q.spans:
        for other in ci.spans:
            if other.tokens != sp.tokens:
                continue
            k = 0
            while sp.last + k < len(lower) and other.last + k < len(ci.lower) \
                    and lower[sp.last + k].isalpha() and lower[sp.last + k] == ci.lower[other.last + k]:
                out.add(sp.last + k)
                k += 1
    return out


# kinds that typed() widens to others ("day" takes a date too): the very kind answers better
_WIDENED = frozenset({"day", "time", "date", "year", "amount", "measure", "name"})


def _says_asked(ci: ClaimIndex, asked: list[Word], q: Question) -> bool:
    """Whether a claim says every one of the asked words, an event's verb being said as well by
    a move of its time or place ("the gala has moved to Ashgrove Barn" for "where is it held")."""
    # (a light verb says nothing of its own: "how much ibuprofen should he take" is told by "his
    # ibuprofen dose was lowered to 100 mg")
    return all(_grounded(ci, w) or w.stem in LIGHT_VERBS or (w is q.verb_word and (_rescheduled(q, ci) or _dose_given(ci, w)))
               for w in asked)


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
        if any(role_word(w) for w in raw) and (
                hit is not None and any(role_word(w) for w in others)
                or any(role_word(w) and "as" in others[max(0, k - 3):k] for k, w in enumerate(others))):
            # "Marisol, now president of the society" after "Marisol, the club treasurer": a post
            # said to be hers now replaces the post an answer gave her, in whatever words; so does
            # a post she was promoted or moved to ("has been promoted to chief observer") after
            # one an answer gave her "as" ("joined as night assistant")
            return m
    return None


# words that make the time after them one that comes round again ("every October", "each spring")
_RECURRING = frozenset({"every", "each", "per"})


def _recurs_as_asked(q: Question, ci: ClaimIndex) -> bool:
    """Whether the question asks of a time that comes round again ("every October") and the claim
    says the same time comes round ("each October"), not one day of it."""
    lower = [t.text.lower() for t in q.tokens]
    times = {stem(lower[k + 1]) for k in range(len(lower) - 1) if lower[k] in _RECURRING}
    return bool(times) and any(ci.lower[k] in _RECURRING and stem(ci.lower[k + 1]) in times
                               for k in range(len(ci.lower) - 1))


def _time_word(w: str) -> bool:
    """A month, a weekday or a word with a digit: what dates a claim, not what it is about."""
    return w in MONTHS or w in WEEKDAYS or any(c.isdigit() for c in w)


def _names_side_by_side(view: Any, q: Question, span: Span) -> list[Span]:
    """ "Otters Kestrels final score", "Halloway Quay 6 inspection": known names written side by
    side, which no entity holds as one, split into them; none unless each part is a whole known
    name or how one begins or ends ("Ada Smith" is more likely one unknown person than Ada Obi and
    Bo Smith), nor when both of two parts are a person's."""
    if not 2 <= len(span.tokens) <= 4 or span.last - span.first != len(span.tokens) or span.possessive:
        return []
    if view.resolve(span.tokens, ()).status != "not_found":
        return []
    parts: list[Span] = []
    seen: set[str] = set()
    people = 0
    k = span.first
    while k < span.last:
        # the longest run from here that is a known name, or the first or last word of one
        for end in range(min(span.last, k + 3), k, -1):
            toks = q.tokens[k:end]
            words = tuple(t.text.lower() for t in toks)
            res = view.resolve(words, ())
            if res.status != "resolved" or not toks[0].text[:1].isupper() or seen & set(res.entity_ids):
                continue
            if all(_part_of_name(view.entity_tokens(e), words) for e in res.entity_ids):
                break
        else:
            return []
        seen.update(res.entity_ids)
        people += all(view.entity_kind(e) == "person" for e in res.entity_ids)
        parts.append(dataclasses.replace(span, first=k, last=end, start=toks[0].start, end=toks[-1].end,
                                         text=q.text[toks[0].start:toks[-1].end], tokens=words, possessive=False))
        k = end
    # two surnames side by side may as well be one unknown person's name ("Morgan Reid"); three
    # known names in a row are no one's
    return parts if len(parts) > 2 or len(parts) == 2 and people < 2 else []


def _part_of_name(known: tuple[str, ...] | list[str], words: tuple[str, ...]) -> bool:
    """Whether ``words`` are a known name whole, its last words ("Otters" of "Glenmoor Otters"), or
    its first word ("Pennifold" of "Pennifold Cider Press")."""
    known = tuple(known)
    return known == words or known[-len(words):] == words or len(words) == 1 and known[:1] == words


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


# words by which a claim says its thing is new: "a replacement fan", "a fresh booklet of gold leaf",
# "the farrier will now visit every five weeks", "every five weeks instead of every six"
_SAYS_NEW = frozenset({"new", "newly", "replacement", "fresh", "now", "instead"})


# what asks a time something must be done by, and what in a claim says such a time
_DUE_ASKED = frozenset({"must", "should", "need", "needs", "due", "required", "expected"})
_DUE_SAID = frozenset({"by", "until", "before", "due", "deadline", "latest", "within", "later"})
_DUE_STEMS = frozenset(stem(w) for w in ("deadline", "extend", "extension", "postpone", "push"))
_DEADLINE = stem("deadline")


def _asks_due(q: Question) -> bool:
    """Whether the question asks what must be done ("must", "is due to", "has to"), not what was."""
    low = [t.text.lower() for t in q.tokens]
    return bool(_DUE_ASKED & set(low)) or any(w in ("has", "have") and nxt == "to" for w, nxt in zip(low, low[1:]))


def _after_how(q_lower: list[str], k: int) -> str:
    """The word ``k`` places after "how" ("how high are": 2 gives "are"), or ""."""
    at = q_lower.index("how") + k if "how" in q_lower else len(q_lower)
    return q_lower[at] if at < len(q_lower) else ""


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
    whole = _whole_for_part(q, ci)
    if whole is not None:
        fail(whole)  # "the savings account alone" is not told by "a balance across both accounts"
    # a number the question says, as it says it: "give trial nine" states the claim's "trial nine",
    # but "each of the two weakest colonies" does not state the claim's "2 kilograms"
    q_words = {t.text.lower().replace(",", "") for t in q.tokens}
    q_number_values = {v.split(" ")[0] for v in q.numbers if v.split(" ")[0] in q_words or not v[:1].isdigit()} \
        | {w for w in q_words if w in CARDINAL_WORDS}
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
    if q.kind in ("what", "which") and _value_taken_down_only(ci, q):
        # "what is the grid reference of the nest trees" is not answered by "marked each nest tree
        # and recorded its grid reference": that it was taken down is not what it is
        fail(q.head_word.text)
    kind_asked = _kind_asked(q)
    if kind_asked is not None and q.head_word is not None and not _specified(ci, q):
        # "what type of contact lenses" is not answered by "her contact lens fitting": the claim
        # must say which kind
        fail(kind_asked.text)
    if _asks_new(q) and not (_SAYS_NEW & set(ci.lower)) and not (ci.stems & _NEW_VERBS):
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
        elif q.head_word.stem in _SELLER_HEADS and _bought_from_named(ci, q_spans):
            # "what is Maren's supplier for the incubator" <- "will buy the incubator from Corbell
            # Apiculture Supplies": whom a thing is bought from supplies it
            score += 2
        elif q.head_word.stem in _PLAN_HEADS and q.kind == "what" and _about_subject(subjects, required) \
                and _plan_told(ci, q_spans):
            # "what is Greta's plan for the hut volunteers" <- "Greta will run a bookbinding workshop
            # for the Skarnhorn Hut volunteers": what the subject will or means to do is the plan
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
            or _affiliated(ci, q.verb_word, q_spans) or _rescheduled(q, ci) or _dose_given(ci, q.verb_word) \
            or _post_given(q, ci)
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
            later = _object_in_later_predicate(ci, q)
            if later is not None:
                # "what did Cosmo charge for the second tuning" is not answered by "charged £110 and
                # recommended a second tuning": what the question's verb is about, the claim gives
                # to the next verb
                fail(later)
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
        elif noun is None and hole == "measure" and len(q.spans) == 1 and _after_how(q_lower, 2) in BE_FORMS \
                and not _name_measured(ci, q.spans[0].key):
            # "how high are the Duncarrow Cliffs" is not answered by "led 34 students ... beneath
            # the Duncarrow Cliffs": so too for a named thing
            fail(q.spans[0].text)
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
    due = "by" if q.prep == "by" and _asks_due(q) else q.head_word.text \
        if q.head_word is not None and q.head_word.stem == _DEADLINE else None
    if due is not None and hole in ("date", "day", "clock", "time") and not _DUE_SAID & set(ci.lower) \
            and not ci.stems & _DUE_STEMS:
        # "by when must she submit her thesis", "what is the deadline for her thesis" are not
        # answered by "submitted her thesis on 11 September": when a thing was done does not say
        # by when it had to be
        fail(due)
    other_days = _days_of_other_part(ci, q)
    if other_days is not None:
        # "what time does the forge open on weekdays" is not answered by "an open day on Saturday 24
        # August from 10:00": a day at the weekend is no weekday, and the other way about
        fail(other_days)
    if hole == "number" and q.head_word is not None and _counts_only_lacking(ci, q, exclude):
        # "how many pieces does the Marble Run Deluxe have when complete" is not answered by "is
        # missing three pieces": a count of what is lacking is not a count of what there is
        fail(q.head_word.text)
    if hole == "number" and q.head_word is not None and _counts_only_conditional(ci, q, exclude):
        # "how many people have enrolled in her course" is not answered by "plans to offer the
        # course if at least five people enrol": a count to be reached is no count there is
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
    if hole in _TIME_HOLES:
        joined = _time_of_an_earlier_predicate(ci, q)
        if joined is not None:
            # "what time did he move the stock" <- "discovered the fault at 8:05 and moved the stock"
            fail(joined)
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
        if q.kind == "whose" and q.head_word is not None and not _owner_given(ci, q.head_word):
            fail(q.head_word.text)  # "whose house" is not told by "a house in Fenby Wold"
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
    g = sum(1 for w in soft if _said_beside_names(ci, w))
    g_entities = sum(1 for e in setting if e in subjects)
    score += g_entities
    g += g_entities
    s_total = len(soft) + len(setting)
    score += g
    if _recurs_as_asked(q, ci):
        score += 2  # "supply every October": "each October" says it, "on 11 October" once
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
    variant = _variant_unsaid(q, ci) or _for_another(q, ci)
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
    other_sum = _sums_of_another(ci, q) if hole == "money" else None
    if other_sum is not None:
        # "how much is the April rent" is not answered by "paid the electricity bill of £148 but
        # has not paid the April rent": the sum is named as the bill's
        fail(other_sum)
    on_top = _priced_apart(ci, q) if hole in ("money", "amount") else None
    if on_top is not None:
        # "how much did he pay for the parts" is not answered by "the call-out charge of 85 pounds
        # plus parts": what comes on top of a sum is not in it
        fail(on_top)
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
        tail = _name_tail(q, ci)
        asked_of = [w for w in soft if w.index not in tail]
        if tail and asked_of and not any(_grounded(ci, w) for w in asked_of):
            # "Qingshan Ridge first flush packing sacks" is not answered by "accepted a price ... for
            # the Qingshan Ridge first flush": words that go on from a name as the claim's go on from
            # the same name say which thing is meant, and the rest, what is asked of it, is unsaid
            fail(asked_of[0].text)
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
        elif q.verb_word is None and q.head_word is None and s_total and not g_entities \
                and not any(w.stem not in LIGHT_VERBS and _said_beside_names(ci, w) for w in soft):
            # "who has Alasdair taken on as a second apprentice" is not answered by "Alasdair
            # reported that the ropeworks took £48,200 in orders": with no verb or noun the
            # question must have, a light verb ("take", "get") alone says nothing of it
            fail(_first_missing(ci, soft) or _term_of(q))
    score += 0.5 * sum(1 for e in required if e in subjects)
    if subjects and required and subjects[0] == required[0]:
        score += 0.5
    # a contradiction counts only from a claim about the same thing (most of the other words match)
    premise = premise and (s_total == 0 or g * 2 >= s_total)
    return _Match(mid, state, score, ok and not premise, missing, premise)


# Holes a name can fill ("who", "which boat")
_NAMED_HOLES = frozenset({"person", "org", "place", "name", "title", "thing"})


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
