"""Whether a claim says the question's words, and says them as themselves: not only inside a name,
as a kind of the word, or as another of the question's words; and whether it says the question's verb
as a verb, or the same event in other words. Every other check builds on these."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import BE_FORMS, PREPOSITIONS, STOPWORDS, is_verb, past_form, stem
from fireweed.decider.text import NUMBER_WORDS
from fireweed.decider.question import DETERMINERS, Question, Word, verbal
from fireweed.decider.relations import lexicon


def _grounded(ci: ClaimIndex, w: Word) -> bool:
    # the very word also grounds itself: a claim indexes "the heating" as the noun only
    return ci.has(w.concepts) or w.text.lower() in ci.concepts or "-" in w.text and _parts_in_a_row(ci, w.text) \
        or _per_period(ci, w)


def _said_beside_names(ci: ClaimIndex, w: Word) -> bool:
    """Grounded, and not only by another form of the word inside a name: "the mill" is not said by
    "captain of the Greyhallow Millers", though "millers" stems to "mill"; a name that has the very
    word ("Fenwick Mill", "Fenwick Mills") says it, and so does one of its kind ("breed" by
    "Juniper, a nine-year-old Labrador")."""
    if not _grounded(ci, w):
        return False
    spots = ci.positions(w.concepts)
    text = w.text.lower()
    return not spots or any(p not in ci.named or ci.lower[p] in (text, text + "s", text + "es")
                            or stem(ci.lower[p]) != w.stem for p in spots)


def _per_period(ci: ClaimIndex, w: Word) -> bool:
    """"nightly", "annual": the claim gives a value per that period ("£160 per night", "£85 a year")."""
    period = _OFTEN.get(w.text.lower())
    return period is not None and any(x == period and ci.lower[k - 1] in ("per", "a", "an", "each", "every")
                                      for k, x in enumerate(ci.lower) if k > 0)


# words that say how often a thing recurs, each with the period it is said by ("per school day",
# "during the quarter")
_OFTEN = {"hourly": "hour", "daily": "day", "nightly": "night", "weekly": "week", "fortnightly": "fortnight",
          "monthly": "month", "quarterly": "quarter", "yearly": "year", "annual": "year", "annually": "year"}


def _parts_in_a_row(ci: ClaimIndex, word: str) -> bool:
    """A hyphened word of the question whose parts the claim has as words in a row: "shut-off"
    <- "will be shut off", "drop-off" <- "drop off"."""
    parts = [stem(p) for p in word.lower().split("-")]
    if len(parts) < 2 or not all(parts):
        return False
    stems = [stem(x) for x in ci.lower]
    return any(stems[k:k + len(parts)] == parts for k in range(len(stems) - len(parts) + 1))


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


def _first_missing(ci: ClaimIndex, soft: list[Word]) -> str | None:
    for w in soft:
        if not _grounded(ci, w):
            return w.text
    return None


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


def _asked_name(key: str, q_spans: set[str]) -> bool:
    """A claim's name is one the question asks about, also with a title in front ("solicitor wren
    adair" for "wren adair")."""
    return key in q_spans or any(key.endswith(" " + k) for k in q_spans)


def _about_subject(subjects: list[str], required: list[str]) -> bool:
    return bool(required) and all(e in subjects for e in required)


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


# verbs whose object is a dose: a claim that gives one says what was prescribed, in whatever verb
# (what a dose is given says what is taken, received or given: "how much phenylbutazone should the
# mare receive" <- "reduced Marchpane's dose to 1 gram of phenylbutazone once daily")
_PRESCRIBING = frozenset(stem(w) for w in ("prescribe", "administer", "receive", "give", "take"))


def _dose_given(ci: ClaimIndex, verb: Word) -> bool:
    """Whether ``verb`` is one of prescribing and the claim gives a dose: "how much acetazolamide is
    he prescribed" <- "increased his acetazolamide dose to 250 mg twice daily"."""
    return verb.stem in _PRESCRIBING and ci.typed("dose")


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


def _ing_noun(lower: list[str], p: int) -> bool:
    t = lower[p]
    if not (t.endswith("ing") and p > 0 and stem(t) in lexicon().generals):
        return False
    before = lower[p - 1]
    return before in DETERMINERS or before.isalpha() and before not in STOPWORDS and not is_verb(before)


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


# verbs that only say an event takes place or is set for a time, which a move of its time or place keeps
_SCHEDULED = frozenset(stem(w) for w in ("hold", "run", "happen", "occur", "meet", "sit", "schedule", "plan", "book",
                                          "arrange", "due"))
_MOVED_TO = frozenset({"moved", "rescheduled", "switched", "changed", "shifted", "transferred"})


def _rescheduled(q: Question, ci: ClaimIndex) -> bool:
    """ "On which day is the storytime held" <- "the storytime has moved to Fridays": a time or
    place an event has moved to is where or when it now takes place."""
    # (any doing's time: "which day does he work at the bench" <- "has moved his bench day from
    # Thursdays to Tuesdays"; but only an event's place: "where does she work" is not "moved to Leeds")
    if q.verb_word is None or q.hole not in ("date", "day", "clock", "time", "place") \
            or q.hole == "place" and q.verb_word.stem not in _SCHEDULED:
        return False
    lower = ci.lower

    def to_after(k: int) -> bool:
        # "moved to Fridays", "moved his bench day from Thursdays to Tuesdays"
        for j in range(k + 1, min(len(lower), k + 8)):
            if lower[j] == "to":
                return True
            if lower[j] in (",", ";", ".", "and", "but", "because"):
                return False
        return False

    # the move must be of the asked thing, every word of it ("confirm the final flower order" is no
    # "final fitting" moved), and tells when it happens, not how it went ("fail his assessment")
    return q.verb_word.stem not in _OUTCOME_VERBS and all(_grounded(ci, w) for w in q.soft) \
        and any(w in _MOVED_TO and to_after(k) for k, w in enumerate(lower))


# verbs that tell how an event went, which no moving of it says
_OUTCOME_VERBS = frozenset(stem(w) for w in ("pass", "fail", "win", "lose"))


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


_PARTICLES = frozenset({"up", "out", "off", "on", "in", "over", "down", "back", "away", "through"})


def _did_verb(q: Question) -> Word | None:
    """The bare verb right after the name of a question opened by "did" ("did Priya Raghunathan
    pass her grading"), or the participle after it in one opened by "has" ("has Marisol settled
    her bill"), when it has one."""
    toks = q.tokens
    perfect = bool(toks) and toks[0].text.lower() in ("has", "have", "had")  # "has Marisol settled her bill"
    if not toks or toks[0].text.lower() != "did" and not perfect or not q.spans:
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
    if perfect:
        # (not a phrasal verb's first word: "has she made up her mind" is deciding)
        after = toks[w.index + 1].text.lower() if w is not None and w.index + 1 < len(toks) else ""
        return w if w is not None and " " not in text and past_form(text) and after not in _PARTICLES else None
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


def _said_only_where(ci: ClaimIndex, words: Iterable[Word | None], where: Callable[[int], bool]) -> str | None:
    """The first of the words the claim says, and says only at positions ``where`` holds."""
    for w in words:
        if w is None:
            continue
        pos = ci.positions(w.concepts)
        if pos and all(where(p) for p in pos):
            return w.text
    return None


# verbs by which a post is given: "has been named leader", "was appointed assistant warden"
_POST_GIVING = frozenset(stem(w) for w in ("appoint", "name", "promote", "elect", "make", "hire", "choose", "select"))


def _post_given(q: Question, ci: ClaimIndex) -> bool:
    """ "What role was Signe given" <- "has been named leader of the orchestra": a post is given by
    naming, appointing or promoting someone to it, so a claim that does so says the giving."""
    verb = q.verb_word
    return q.hole == "role" and verb is not None and verb.stem == stem("give") and bool(ci.types.get("role")) \
        and bool(ci.stems & _POST_GIVING)

