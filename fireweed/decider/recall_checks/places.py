"""Where: a place asked of a name or a thing must be one the claim says of it, a place gone to must be
where something goes, and the place or part phrases that narrow the question ("in the pedal
division") must be the claim's too."""

from __future__ import annotations

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import MONTHS, STOPWORDS, WEEKDAYS, is_verb, stem
from fireweed.decider.question import DETERMINERS, SETTING_PREPS, TYPE_NOUNS, Question, Word, verbal
from fireweed.decider.recall_checks.grounded import _asked_name

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


def _possessed_asked(q: Question) -> bool:
    """Whether the question asks about something a name owns ("tram 14's pantograph"), not the
    name itself: a name typed in lower case is found without its possessive flag."""
    after = [t.text.lower() for t in q.tokens]
    return any(sp.possessive or after[sp.last:sp.last + 1] in (["'s"], ["\u2019s"])
               or after[sp.last:sp.last + 2] in (["'", "s"], ["\u2019", "s"]) for sp in q.spans)


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


def _destination_given(ci: ClaimIndex, exclude: frozenset[str] | set[str]) -> bool:
    """The claim names a place that is not only where something comes from, or says where a thing
    was moved to ("moved the stock to a separate drawer")."""
    places = ci.types.get("place", set())
    return any(s.key in places and s.key not in exclude and s.prep not in ("from", "off") for s in ci.spans) \
        or bool(ci.types.get("destination"))


def _counted_where(q: Question) -> bool:
    """The question places its count at a name in its main clause ("deliver in Kelderby"), not in
    a clause that only dates it ("when he was taken into Fernhill")."""
    lower = [t.text.lower() for t in q.tokens]
    return any(sp.prep in SETTING_PREPS and not sp.possessive and not any(
        w in ("when", "while", "after", "before", "since", "until") for w in lower[1:sp.first]) for sp in q.spans)


_NARROWING_PREPS = frozenset({"in", "at", "of", "on", "inside", "within", "near", "under", "outside",
                              "across", "over", "during", "throughout"})
# a span of time a count or a sum was taken over narrows it ("across the whole spring season"),
# unless the span is told from now, which a claim words in its own way ("over the past year" is
# "in the previous twelve months")
_SPAN_PREPS = frozenset({"across", "over", "during", "throughout"})
_FROM_NOW = frozenset("past last previous next coming recent current this".split())


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
