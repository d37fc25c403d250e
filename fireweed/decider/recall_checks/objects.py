"""The objects and complements of the question's verb and head noun: a claim that does the asked act
to another thing, or says a support verb's act ("carried out the inspection") of no asked object, does
not answer; what follows a noun ("a portrait of ...", "her van, a white Transit") may say what it is."""

from __future__ import annotations

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import AUXILIARIES, BE_FORMS, STOPWORDS, is_verb, past_form, stem
from fireweed.decider.name_spans import guess_kind
from fireweed.decider.text import NUMBER_WORDS
from fireweed.decider.question import DETERMINERS, TYPE_NOUNS, Question, Word
from fireweed.decider.recall_checks.grounded import _asked_name, _grounded
from fireweed.decider.recall_checks.times import _TIME_HOLES

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


_OBJECT_FILLERS: frozenset[str] = frozenset({"a", "an", "the", "his", "her", "their", "its", "our", "my", "your", "any",
                                             "each", "every", "this", "these", "those"})

# verbs whose "to" complement is what they are about ("agreed to replace", "plans to sell")
_COMPLEMENT_VERBS = frozenset(stem(w) for w in (
    "agree plan decide promise want hope intend offer refuse aim expect try fail choose arrange attempt "
    "threaten volunteer vote prepare pledge undertake consent resolve opt seek wish mean").split())


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


def _title_after(ci: ClaimIndex, verb: Word) -> bool:
    """A quoted title right after the verb (its object): "exhibit 'Ravensgill Junction'", "has
    chosen Howells' 'A Spotless Rose'" (whose work it is may come first)."""
    starts = {s.first for s in ci.spans if s.quoted}
    owners = {s.first: s.last + 1 for s in ci.spans if not s.quoted and s.last < len(ci.lower)
              and ci.lower[s.last] == "'s"}  # a span's last is the index after it
    return any(p + 1 in starts or p + 2 in starts and ci.lower[p + 1] in ("the", "a", "an", "his", "her", "their")
               or owners.get(p + 1) in starts for p in ci.positions(verb.concepts))


_TOPIC_NOUNS = frozenset(stem(w) for w in ("subject", "topic", "theme"))


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


def _ends_with(q: Question, word: str) -> bool:
    """Whether the question's last word is this one (a preposition left at the end: "what is the
    talk about")."""
    return _last_word(q) == word


def _last_word(q: Question) -> str:
    """The question's last word, in lower case ("" when it has none)."""
    return next((t.text.lower() for t in reversed(q.tokens) if t.text[:1].isalnum()), "")


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


_MAKE_NOUNS = frozenset(stem(w) for w in ("model", "make", "brand", "manufacturer"))


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
