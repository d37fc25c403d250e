"""How a claim fills the asked hole when no value of the asked kind stands for it: a name for "who", a
condition for "why", a clause of "when", the value after the question's preposition or a name beside
its noun; and a role asked must be the asked name's, and a living rather than a post."""

from __future__ import annotations

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import BE_FORMS, PREPOSITIONS, STOPWORDS, is_verb, role_word, stem
from fireweed.decider.name_spans import guess_kind
from fireweed.decider.text import NUMBER_WORDS
from fireweed.decider.question import DETERMINERS, SETTING_PREPS, Question, Word
from fireweed.decider.relations import lexicon
from fireweed.decider.recall_checks.grounded import _asked_name, _grounded
from fireweed.decider.recall_checks.places import _narrowing_words
from fireweed.decider.recall_checks.times import _CLAUSE_TIME


def _who_name(ci: ClaimIndex, exclude: set[str]) -> bool:
    """A name that can say who: one not introduced as a setting ("in Oslo", "from Leeds", "at Acme Ltd")."""
    return any(s.key not in exclude and s.prep not in SETTING_PREPS for s in ci.spans)


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


def _last_word_asked(q: Question) -> Word | None:
    """The question's last word when it ends "when does/did/will <subject> <word>?", where that
    word is the verb though the reader did not take it for one ("when does the rack trip")."""
    low = [t.text.lower() for t in q.tokens]
    if len(low) < 4 or low[0] != "when" or low[1] not in ("does", "do", "did", "will", "would", "can"):
        return None
    return next((w for w in q.soft if w.index == len(low) - 2 and low[-1] == "?"), None)


def _head_takes_prep(q: Question) -> bool:
    """ "What is Hamid allergic to?": the prep left at the end is the head's own, so the head is
    what the claim must say, not a kind a claim's "to X" may fill."""
    k = q.head_word.index + 1 if q.head_word is not None else len(q.tokens)
    return k < len(q.tokens) and q.tokens[k].text.lower() == q.prep


def _prep_frame(ci: ClaimIndex, prep: str, exclude: set[str]) -> bool:
    """The claim fills the same role as the question's preposition: "through which label" → "through X"."""
    for s in ci.spans:
        if s.key in exclude:
            continue
        if s.prep == prep:
            return True
    return False


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


def _reports(ci: ClaimIndex, verb: Word) -> bool:
    """The claim reports speech with the question's verb: "reports that ...", "said that ..."."""
    lx = lexicon()
    if not (verb.concepts & (lx.concepts_of("say") | lx.concepts_of("report"))) or "R:say" not in verb.concepts and stem("report") not in verb.concepts:
        return False
    return _after_verb(ci, verb, ("that",))


def _after_verb(ci: ClaimIndex, verb: Word, words: tuple[str, ...]) -> bool:
    pos = ci.positions(verb.concepts)
    return any(w in words for p in pos for w in ci.lower[p + 1 : p + 7])


def _role_of_asked(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether some role in the claim may be an asked name's: one the claim gives that name, or
    one it gives no one in particular. True when the claim has no role the index found."""
    owners = ci.role_owners
    if not owners:
        return True
    return any(not who or "" in who or any(_asked_name(k, q_spans) for k in who) for who in owners.values())


def _roles_all_asked(ci: ClaimIndex, q: Question) -> bool:
    """Every role the claim gives is said in the question's own words, in its time clause."""
    lower = [t.text.lower() for t in q.tokens]
    clause = next((k for k, w in enumerate(lower) if w in _CLAUSE_TIME), None)
    if clause is None:
        return False  # the role named in a time clause ("before he became ..."), the one asked another
    roles = ci.types.get("role", set())
    asked = {stem(w) for w in lower[clause + 1:]}
    return bool(roles) and all(all(stem(x) in asked for x in r.split()) for r in roles)


def _role_where_asked(q: Question, ci: ClaimIndex, soft: list[Word], exclude: set[str]) -> bool:
    """ "What is her job at the lighthouse?" ← "Assistant keeper Morwenna Obi repainted the railings":
    the question's other words only say where the job is, and the claim gives the title and no
    place of its own that could be another job's."""
    if q.hole != "role" or not ci.typed("role", exclude) or ci.typed("place", exclude):
        return False
    where = {w.index for w in _narrowing_words(q)}
    return bool(soft) and all(w.index in where for w in soft)


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


_OCCUPATIONS = frozenset(stem(w) for w in ("profession", "occupation", "trade", "career", "living", "job"))
_CHOOSING = frozenset(stem(w) for w in ("elect", "re-elect", "appoint", "reappoint", "re-appoint", "vote", "nominate",
                                        "co-opt", "name"))


def _post_only(ci: ClaimIndex) -> bool:
    """Whether every role the claim gives follows a verb of choosing ("re-elected as chair",
    "appointed treasurer"), with no role word before it ("Ada Obi, a nurse, was elected chair")."""
    lower = ci.lower
    chosen = [p for p, w in enumerate(lower) if stem(w) in _CHOOSING]
    # "Adaeze Okonkwo, chair of the Merrowby CycleLink board,": a post held in a body, and no other role
    held = [p for p, w in enumerate(lower[:chosen[0]] if chosen else lower) if role_word(w)]
    in_body = all(lower[p] in _POSTS and p + 1 < len(lower) and lower[p + 1] == "of" for p in held)
    return in_body and bool(chosen or held)


# posts held in a body, which no one holds for a living
_POSTS = frozenset("chair chairman chairwoman chairperson vice-chair president vice-president treasurer trustee "
                   "governor patron captain vice-captain secretary".split())


def _asks_a_living(q: Question) -> bool:
    """The question asks what one does for a living: "profession", "occupation", or "do for a living"."""
    return q.head_word is not None and (q.head_word.stem in _OCCUPATIONS
                                        or any(t.text.lower() == "living" for t in q.tokens))


# verbs that take down a value without giving it: "recorded its grid reference", "noted the time"
_TAKING_DOWN = frozenset(stem(w) for w in "record note log take measure check read photograph jot".split())


def _value_taken_down_only(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim says the asked noun only as the last thing a verb of taking down took
    ("... and recorded its grid reference"): it says the value was taken, not what it is."""
    head = q.head_word
    if head is None:
        return False
    pos = ci.positions(head.concepts)
    if not pos:
        return False
    asked = {w.stem for w in q.words}
    lower = ci.lower
    for p in pos:
        if p + 1 < len(lower) and lower[p + 1] not in (".", ",", ";", "and"):
            return False  # something follows the noun: its value may ("grid reference SK 123 456")
        k = p - 1
        while k >= 0 and stem(lower[k]) in asked:
            k -= 1
        if k < 1 or lower[k] not in DETERMINERS or stem(lower[k - 1]) not in _TAKING_DOWN:
            return False
    return True


# nouns for whoever a thing is bought from
_SELLER_HEADS = frozenset(stem(w) for w in ("supplier", "seller", "vendor", "stockist", "dealer"))


def _bought_from_named(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether the claim buys (or orders) a thing from a name the question does not ask about:
    "will buy the incubator from Corbell Apiculture Supplies" names the supplier."""
    if not ci.has(frozenset({"R:buy"})):
        return False
    starts = {sp.first: sp for sp in ci.spans}
    return any(w == "from" and k + 1 in starts and not _asked_name(starts[k + 1].key, q_spans)
               for k, w in enumerate(ci.lower))

