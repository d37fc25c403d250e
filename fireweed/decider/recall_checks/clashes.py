"""Words beside a shared noun: where the question puts a word before or after a noun the claim shares
and the claim puts another of its own ("upper" and "lower lake", "for cats" and "for dogs", "dyed" and
"undyed"), the claim is about another one of that kind."""

from __future__ import annotations

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import STOPWORDS, is_verb, stem
from fireweed.decider.question import DETERMINERS, LIGHT_VERBS, Question
from fireweed.decider.relations import lexicon
from fireweed.decider.recall_checks.counts import _counted_compound
from fireweed.decider.recall_checks.grounded import _grounded, _grounded_unnamed, _inflected_verb


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


_TIME_ADVERBS = frozenset({"now", "still", "also", "already", "just", "then", "currently", "recently", "again",
                           "since", "later", "soon"})


def _verb_form(w: str) -> bool:
    """A verb's third-person or past form ("holds", "booked"): in "holds plot 17" the word before
    the noun is what is done with it, not a word saying which one ("the lower lake")."""
    return _inflected_verb(w) or (w.endswith("s") and not w.endswith("ss") and len(w) > 3 and is_verb(w[:-1]))


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


_COMPLEMENT_PREPS = frozenset({"for", "of", "in", "at", "on", "with", "from", "to"})

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


# which of a series a word before a noun says: the first one, or one after it
_EARLIER = frozenset({"first", "original", "initial", "earlier", "previous", "former"})
_LATER = frozenset({"further", "second", "third", "another", "additional", "new", "latest", "extra", "next",
                    "subsequent", "replacement", "later"})


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


# Which side of a number a preposition puts what is said: "after the first 10,000 miles" is
# beyond it, "for the first 10,000 miles" and "up to 10,000 miles" within it.
_BEYOND = frozenset({"after", "beyond", "past", "over", "above", "exceeding"})
_WITHIN = frozenset({"under", "below", "within", "before", "until", "till", "for", "during", "in", "to"})


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
