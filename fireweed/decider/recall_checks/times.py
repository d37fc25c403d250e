"""Dates and times, and one time against another: the question's months, times of day, dates that only
bound a period, a part of the week; and a claim must tell the earlier state, the act before another,
the event of a "when" clause or a changed value that the question asks about."""

from __future__ import annotations

import re

from fireweed.decider.facts import CHANGE_VERBS
from fireweed.decider.grounding import AM_PM, CLOCK_RE, PRIOR_MARKERS, ClaimIndex
from fireweed.decider.lexicon import AUXILIARIES, MONTHS, STOPWORDS, WEEKDAYS, is_verb, stem
from fireweed.decider.question import DETERMINERS, Question, Word, past_marker_at
from fireweed.decider.recall_checks.grounded import _grounded, _inflected_verb


def _months_named(q: Question) -> set[int]:
    """Months the question names outside names; "may" counts only capitalised and not first ("in May")."""
    out: set[int] = set()
    in_name = {k for s in q.spans for k in range(s.first, s.last)}  # "April Jones", "Jan Novak"
    for i, t in enumerate(q.tokens):
        w = t.text.lower()
        if w in MONTHS and i not in in_name and (w != "may" or (i > 0 and t.text[:1].isupper())):
            out.add(MONTHS[w])
    return out


def _afternoon(v: str) -> str:
    """The 24-hour reading of a clock time said without am or pm: "6:30" may be 18:30."""
    h, sep, m = v.partition(":")
    return f"{int(h) + 12}:{m}" if sep and h.isdigit() and 1 <= int(h) < 12 and len(m) == 2 and m.isdigit() else v


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


_TIME_HOLES = frozenset({"date", "day", "clock", "time", "year"})


def _until_event(q: Question, ci: ClaimIndex) -> bool:
    """The question asks "until when" and the claim says until an event ("until the next shipment")."""
    low = [t.text.lower() for t in q.tokens]
    if low[:2] not in (["until", "when"], ["till", "when"]):
        return False
    return any(w in ("until", "till") and k + 2 < len(ci.lower) and ci.lower[k + 1] in DETERMINERS
               and ci.lower[k + 2].isalpha() for k, w in enumerate(ci.lower))


_YEAR_WORD = re.compile(r"^(?:1[89]|20)\d\d$")


def _asks_tenure(q: Question) -> bool:
    """ "How long has she presented it", "how long have they lived there": a time up to now."""
    low = [t.text.lower() for t in q.tokens]
    return any(low[k:k + 3] in (["how", "long", "has"], ["how", "long", "have"]) for k in range(len(low)))


# verbs of a thing ending: a time said of the thing without one is when it happens or begins
_ENDING = frozenset(stem(w) for w in "end finish stop conclude close wrap".split())

# the words that pick a moment of a thing rather than name one
_PHASE_WORDS = frozenset(stem(w) for w in "start begin end finish completion".split())


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


# a value told as changed: "rises to £31", "has extended the closure to 28 March"
_CHANGED_TO = re.compile(r"\b(?:rises?|rose|risen|falls?|fell|fallen|increased?|increases|raised?|raises|reduced?|reduces|cut|"
                         r"lower|lowered|lowers|extend|extended|extends|shortened|moved|changed|put up|brought forward|pushed back|"
                         r"revised|revises|amended|amends|adjusted|adjusts|updated|updates)"
                         r"\s+(?:[^,;.]{0,40}?\s+)?to\b"
                         # a verb done again says the value it was done with before is changed
                         r"|\b(?:rescheduled|rebooked|reassigned|reallocated|relocated|re-?routed)\b", re.IGNORECASE)

# Verbs that tell of something that begins or changes, and so is new: "joined as Year 4 teacher"
# answers "who is the new Year 4 teacher", "broke the record with 12.1 seconds" the new record.
_NEW_VERBS = CHANGE_VERBS | frozenset(stem(w) for w in (
    "join", "appoint", "elect", "hire", "recruit", "start", "begin", "become", "promote", "install",
    "buy", "purchase", "acquire", "succeed", "launch", "open", "break", "broke", "set", "fit", "build",
    "built", "rename", "took", "take", "rise", "rose", "risen", "fall", "fell", "fallen"))


def _asks_new(q: Question) -> bool:
    """Whether the question asks for a new thing: "new" in lower case before a word ("her new
    job"; not "New Street", a name)."""
    toks = q.tokens
    return any(t.text == "new" and i + 1 < len(toks) and toks[i + 1].text[:1].isalpha() for i, t in enumerate(toks))


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
