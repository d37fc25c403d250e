"""Gate 4, ``predicate_grounded``: the claim may not say more than the evidence says.

Every content word of the claim (nouns, verbs, adjectives, adverbs, names, quantifiers such as
"every"/"only", modals such as "must"/"might", connectives such as "because"/"unless") must occur in
the evidence up to inflection ("joined" ~ "joins", "wrote" ~ "written"). Function words that do not
change what is asserted (articles, pronouns, auxiliaries, plain prepositions) may come and go, so
tense, aspect and clause order alone are not a difference. Numbers are the numerals gate's job.

Negation is compared by position: a negation the claim adds is refused, and so is one the claim
drops while keeping the words it negated. The same holds for every word that keeps the evidence from
stating a plain fact: a hedge or modal ("may", "allegedly", "about 40"), a frame of belief, intent
or request ("police believe", "plans to", "asked them to"), a denial or failure ("failed to",
"denied that"), an exception ("except"), a condition ("if", "unless") or a question. A claim may drop
such a word only together with the words it governs.

>>> check("Ada Lee is a doctor.", "Ada Lee is not a doctor.").detail
"negation dropped: 'not doctor'"
>>> check("Ada Lee qualified.", "Ada Lee failed to qualify.").detail
"qualifier dropped: 'failed qualify'"
>>> check("Ada Lee joined Acme.", "If the deal closes, Ada Lee joined Acme.").detail
"qualifier dropped: 'if ...'"
>>> check("Ada Lee joined Acme.", "Ada Lee may join Acme, and Ben Cole joined Acme.").detail
"qualifier dropped: 'may join Acme'"
>>> check("Ben Cole joined Acme.", "Ada Lee may join Acme, and Ben Cole joined Acme.").ok
True
>>> check("Ada Lee is not a doctor.", "Ada Lee is not a doctor.").ok
True
>>> check("Ada Lee joins Acme.", "Ada Lee joined Acme in 2019.").ok
True
>>> check("Ada Lee joined every Acme team.", "Ada Lee joined the Acme web team.").detail
'every'
>>> check("Ada Lee is leading the team.", "Ada Lee will lead the team.").ok
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import (
    ARTICLES,
    AUXILIARIES,
    DEMONSTRATIVES,
    MODALS,
    NEGATIONS,
    PREPOSITIONS,
    PRONOUNS,
    STOPWORDS,
    Analysis,
    Token,
    analyze,
    is_numeral_word,
    lemma,
    opening_clause_end,
    sentences,
    stem,
    stems_of,
)
from .numerals_grounded import same_unit_word, unit_carried, unit_of
from .name_spans import guess_kind
from .lexicon import BE_FORMS, COMMON_VERBS, MONTHS, WEEKDAYS, is_verb, past_form
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "GATE", "CODE", "NEUTRAL_WORDS"]

GATE = "predicate_grounded"
CODE = "asserts_more_than_evidence"

# Prepositions and connectives that only link what the content words assert. Meaning-bearing
# ones ("above", "without", "unless", "because", "until", "or") are deliberately absent.
_NEUTRAL_PREPOSITIONS: frozenset[str] = frozenset(
    {"of", "in", "on", "at", "for", "from", "by", "with", "to", "into", "onto", "through", "via",
     "during", "within", "across", "along", "among", "amid", "between", "per", "toward",
     "towards", "upon", "inside", "throughout", "as"}
)
_NEUTRAL_CONNECTIVES: frozenset[str] = frozenset(
    {"and", "but", "yet", "that", "which", "who", "whom", "whose", "where", "then", "what"}
)
NEUTRAL_WORDS: frozenset[str] = (
    ARTICLES | DEMONSTRATIVES | PRONOUNS | AUXILIARIES | _NEUTRAL_PREPOSITIONS
    | _NEUTRAL_CONNECTIVES
    | frozenset({"there", "here", "please", "one", "ones", "s", "t", "d", "ll", "re", "ve", "m",
                 "done", "doing"})
)
# "after finding it" / "before leaving" only order two events the evidence already states.
_SEQUENCE_WORDS: frozenset[str] = frozenset({"after", "before"})
_FUTURE_MARKERS: frozenset[str] = frozenset({"will", "shall"})
# "is about to leave", "was due to open", "was going to tour", "is set to close": after "be", what
# is to come, which has not happened. A claim keeps them as it keeps "will": with a future form.
_PROSPECTIVE: frozenset[str] = frozenset({"about", "due", "going", "set", "poised", "scheduled"})
_FUTURE_LIKE: frozenset[str] = _FUTURE_MARKERS | _PROSPECTIVE

# Words after which what follows is not stated as a plain fact. "will"/"shall" are qualifiers of
# their own (see _qualifier_at): any future form keeps them ("Ada will lead" supports "Ada is
# leading"), where a hedge must be kept itself.
_HEDGE_WORDS: frozenset[str] = (MODALS - _FUTURE_MARKERS) | frozenset(
    {"allegedly", "reportedly", "reputedly", "supposedly", "apparently", "possibly", "probably",
     "perhaps", "maybe", "likely", "unlikely", "presumably", "seemingly", "purportedly", "arguably",
     "potentially", "conceivably", "hardly", "barely", "scarcely", "rarely", "seldom", "except",
     "excluding", "excepting",
     # short of what follows, whatever it is: "almost won", "nearly all", "nearly as fast as"
     "almost", "nearly", "virtually",
     # only in part, or only at times: "11 runners, mostly for sprains", "usually opens at 9"
     "mostly", "mainly", "largely", "partly", "partially", "chiefly", "primarily", "usually",
     "sometimes", "occasionally", "typically", "generally", "normally"}
)


def _stem_set(*forms: str) -> frozenset[str]:
    return frozenset(x for f in forms for x in stems_of(f))


# Verbs whose complement is believed or supposed, not known. Matched by stem, so every
# inflection counts ("believes", "believed", "believing").
_FRAME_VERBS: frozenset[str] = _stem_set(
    "believe", "believes", "believed", "think", "thinks", "thought", "suspect", "suspects",
    "suspected", "allege", "alleges", "alleged", "suppose", "supposed", "speculate", "speculated",
    "imagine", "imagined", "assume", "assumed", "predict", "predicted", "rumoured", "rumored",
    "argue", "argues", "argued", "contend", "contends", "contended", "insist", "insists", "insisted",
    "estimate", "estimates", "estimated",
    # what only seems so: "the seal seems to hold", "it seems the labels were swapped"
    "seem", "seems", "seemed",
    # what someone said is reported, not stated: "said (that) Ben won", "is said to have won"
    "say", "says", "said",
)
# Verbs that intend, request, promise, deny or fail what follows: a frame only when a "to",
# "that" or "-ing" complement follows ("tried to fix it", not "tried the menu") and no determiner
# comes before ("the plan to", "an insurance claim that").
_COMPLEMENT_VERBS: frozenset[str] = _stem_set(
    # hearsay: "we hear that the mill will close"
    "hear", "hears", "heard",
    "plan", "plans", "planned", "hope", "hopes", "hoped", "want", "wants", "wanted", "wish",
    "wishes", "wished", "claim", "claims", "claimed", "fear", "fears", "feared", "doubt", "doubts",
    "doubted", "promise", "promises", "promised", "need", "needs", "needed", "agree", "agrees",
    "agreed", "forget", "forgets", "forgot", "expect", "expects", "expected", "intend", "intends",
    "intended", "propose", "proposes", "proposed", "try", "tries", "tried", "attempt", "attempts",
    "attempted", "seek", "seeks", "sought", "threaten", "threatens", "threatened", "consider",
    "considers", "considered", "ask", "asks", "asked", "urge", "urges", "urged", "advise",
    "advises", "advised", "request", "requests", "requested", "fail", "fails", "failed", "refuse",
    "refuses", "refused", "decline", "declines", "declined", "deny", "denies", "denied", "neglect",
    "neglects", "neglected", "unable", "wonder", "wonders", "wondered", "suggest", "suggests",
    "suggested", "recommend", "recommends", "recommended",
    # "appears to have broken", "tends to ripen first": an impression or a habit, not the fact
    # ("appeared in court", "tends the garden" take no such complement)
    "appear", "appears", "appeared", "tend", "tends", "tended",
    # reported speech: "told the panel that Ben won", "reported that rents will rise" (for "say",
    # see _FRAME_VERBS; "reported a surplus" takes no such complement)
    "tell", "tells", "told", "report", "reports", "reported", "announce", "announces", "announced",
    # what is readied or aimed at is not yet done: "is preparing to lift the ban"
    "prepare", "prepares", "prepared", "aim", "aims", "aimed", "pledge", "pledges", "pledged",
    "vow", "vows", "vowed",
)
# Verbs whose "if"/"whether" complement is a question, not a condition ("checked if the
# valve was shut").
_ASKING_VERBS: frozenset[str] = _stem_set(
    "ask", "asked", "asks", "wonder", "wondered", "check", "checked", "checks", "know", "knew", "knows",
    "see", "saw", "decide", "decided", "decides", "investigate", "investigated", "examine", "examined",
    "determine", "determined", "establish", "established", "query", "queried", "unclear", "sure",
)
_DETERMINERS: frozenset[str] = ARTICLES | DEMONSTRATIVES | frozenset(
    {"my", "your", "his", "her", "its", "our", "their"}
)
# "about 40", "more than 40", "at least 40", "up to 40": a bound or an estimate, not the number.
_APPROXIMATORS: frozenset[str] = frozenset(
    {"about", "around", "roughly", "approximately", "over", "under", "circa", "some", "upwards"}
)
_BOUND_HEADS: dict[str, frozenset[str]] = {
    "than": frozenset({"more", "less", "fewer", "over", "under"}),
    "least": frozenset({"at"}),
    "most": frozenset({"at"}),
    "to": frozenset({"up"}),
}
# A condition governs its whole sentence: "If funding comes, Acme will build a dome". So does a
# source the sentence is attributed to: "According to the union, Acme underpaid 19 workers".
_CONDITIONS: frozenset[str] = frozenset({"if", "unless", "whether", "provided", "providing"})
# The key words of conditions spelt as phrases (see _condition_phrase_at).
_PHRASE_KEYS: frozenset[str] = frozenset({"long", "case", "event", "condition"})
# Verbs a purpose infinitive often names that COMMON_VERBS leaves out (it lists the verbs of
# questions); a purpose "to" is read only before a verb's base form.
_PURPOSE_VERBS: frozenset[str] = COMMON_VERBS | frozenset(
    {"deter", "ensure", "boost", "attract", "encourage", "curb", "ease", "lower", "free", "mark",
     "celebrate", "honour", "honor", "comply", "tackle", "cope", "offset", "clear", "secure", "gain",
     "speed", "widen", "cool", "heat", "dry", "warm", "stop", "keep", "make", "allow", "cover"}
)
# Words before "to" that make it no purpose: "able to", "used to", "has to" (obligation), "is
# to" (arrangement), "in order to" is a purpose and keeps "order" out of here.
_NOT_PURPOSE_BEFORE: frozenset[str] = BE_FORMS | frozenset(
    {"able", "unable", "have", "has", "had", "having", "ought", "used", "likely", "unlikely",
     "how", "what", "where", "when", "whether", "ready", "willing", "eager", "keen", "certain", "sure",
     "first", "last", "next", "only"}
)
# "the second largest", "the third most visited": an ordinal before a superlative ranks below the top.
_ORDINALS: frozenset[str] = frozenset(
    {"second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "2nd",
     "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"}
)
# Words ending "-est" that are no superlatives.
_NOT_SUPERLATIVE: frozenset[str] = frozenset(
    {"interest", "forest", "request", "honest", "harvest", "rest", "test", "chest", "guest", "nest",
     "protest", "contest", "suggest", "modest", "earnest", "digest", "invest", "arrest", "quest",
     "crest", "pest", "vest", "west", "manifest", "conquest", "inquest", "behest", "unrest", "priest"}
)
_LENGTH_COMPARERS: frozenset[str] = BE_FORMS | frozenset(
    {"twice", "thrice", "times", "half", "not", "just", "nearly", "almost", "about", "quite"}
)
# "Some residents supported it" is not "The residents supported it": a quantifier short of all,
# and so is its partitive ("Most of the residents supported it").
# ("some 40", "the most", "at most" are estimates, superlatives or bounds.)
_PART_QUANTIFIERS: frozenset[str] = frozenset({"some", "several", "many", "most", "certain", "few"})
# What was so and may no longer be: "formerly managed", "was once a chapel", "used to prune". A
# claim may drop the word only when it keeps the past itself ("managed", "was a chapel", "pruned");
# "manages", "is a chapel", "prunes" say it is still so.
_PAST_ONLY: frozenset[str] = frozenset({"formerly", "previously", "once", "used"})
_PAST_AUXILIARIES: frozenset[str] = frozenset({"was", "were", "had", "did"})
_PRESENT_IRREGULAR: frozenset[str] = frozenset(
    {"am", "is", "are", "being", "has", "having", "does", "doing", "goes", "says", "flies", "hits"}
)
# Verbs that say something is absent: "lacks a fire alarm" is "has no fire alarm".
_PRIVATIVE_VERBS: frozenset[str] = frozenset({"lack", "lacks", "lacked", "lacking"})
# Parts of a thing that name where in it something happened ("the upper section of the path").
_PART_NOUNS: frozenset[str] = frozenset(
    "half part section portion end side corner wing stretch quarter third fraction edge".split())
# "not only X but also Y" affirms X.
_NOT_FOCUS: frozenset[str] = frozenset({"only", "just", "merely", "simply"})


@dataclass(frozen=True, slots=True)
class _NegSite:
    index: int
    word: str
    scope: frozenset[str]
    scope_text: str
    anchor: str | None
    covered: tuple[int, ...]
    # the content after the scope, to the clause's end ("the roof terrace after 21:00"), and every
    # content word of the negated clause: what the negation may be said of
    rest: frozenset[str] = frozenset()
    clause_words: frozenset[str] = frozenset()
    alternative: bool = False  # "instead of", "rather than": the alternative not taken


def _skippable(t: Token) -> bool:
    return t.norm in NEUTRAL_WORDS or t.norm in MODALS or t.norm in AUXILIARIES


def _neg_sites(a: Analysis) -> list[_NegSite]:
    toks = a.tokens
    out: list[_NegSite] = []
    for i, t in enumerate(toks):
        alternative = _ALTERNATIVES.get(t.norm) if i + 1 < len(toks) else None
        if alternative is not None and toks[i + 1].norm != alternative:
            alternative = None
        if t.norm not in NEGATIONS and not _privative_at(a, i) and alternative is None:
            continue
        if t.norm == "not" and i + 1 < len(toks) and toks[i + 1].norm in _NOT_FOCUS:
            continue
        clause = a.clauses[i]
        j = i + 2 if alternative else i + 1
        while j < len(toks) and a.clauses[j] == clause and (_skippable(toks[j]) or toks[j].norm == "longer"):
            j += 1  # "cannot be used", "not to the garage", "no longer the": the scope is the next content word
        scope: set[str] = set()
        words: list[str] = []
        covered: list[int] = []
        while j < len(toks) and a.clauses[j] == clause and not _skippable(toks[j]) \
                and toks[j].norm not in NEGATIONS and len(words) < 3 \
                and not ((alternative or words) and toks[j].norm in _REST_ENDS):
            scope.update(a.stems[j])
            words.append(toks[j].text)
            covered.append(j)
            j += 1
        if len(covered) == 1 and toks[covered[0]].norm in _TRACE_NOUNS and j < len(toks) and toks[j].norm == "of":
            # "found no sign of foot rot", "no trace of asbestos": what has no sign is negated too
            j += 1
            while j < len(toks) and a.clauses[j] == clause and _skippable(toks[j]):
                j += 1
            while j < len(toks) and a.clauses[j] == clause and not _skippable(toks[j]) \
                    and toks[j].norm not in NEGATIONS and len(words) < 4:
                scope.update(a.stems[j])
                words.append(toks[j].text)
                covered.append(j)
                j += 1
        rest: set[str] = set()
        # the alternative not taken is said of the clause around it, not of what follows it
        while not alternative and j < len(toks) and a.clauses[j] == clause and toks[j].norm not in _REST_ENDS:
            if not _skippable(toks[j]):
                rest.update(a.stems[j])
            j += 1
        k = i - 1
        while k >= 0 and a.clauses[k] == clause and toks[k].norm not in _CONTRASTS \
                and (_skippable(toks[k]) or toks[k].norm in NEGATIONS):
            k -= 1
        # "approved X but did not approve Y": the negation's subject is elided after the contrast,
        # so no word before it anchors what it negates
        anchor = stem(toks[k].norm) if k >= 0 and a.clauses[k] == clause and toks[k].norm not in _CONTRASTS else None
        if scope:
            word = "not" if t.norm == "not" else f"{t.norm} {alternative}" if alternative else t.text
            if i + 1 < len(toks) and toks[i + 1].norm == "longer":
                word += " longer"
            clause_words = frozenset(x for k2 in range(len(toks)) if a.clauses[k2] == clause for x in a.stems[k2])
            out.append(_NegSite(i, word, frozenset(scope),
                                " ".join(words), anchor, tuple(covered), frozenset(rest), clause_words,
                                alternative is not None))
    return out


_CONTRASTS = frozenset({"but", "yet", "although", "though", "whereas", "while"})
# "no sign of X", "no record of X": nouns through which a negation reaches what follows "of"
_TRACE_NOUNS = frozenset({"sign", "signs", "trace", "traces", "evidence", "record", "records", "indication",
                          "hint", "mention", "sighting", "sightings", "report", "reports", "case", "cases"})
# "fitted reconditioned calipers instead of new ones": what follows is the alternative not taken,
# negated as surely as by "not".
_ALTERNATIVES = {"instead": "of", "rather": "than"}
# where what a negation is said of ends, if its clause runs on ("no digging was needed because ...")
_REST_ENDS = _CONTRASTS | frozenset(
    "because so since as when after before if unless until which who whose where and or".split())


def _privative_at(a: Analysis, i: int) -> bool:
    """Whether the verb "lack" at token ``i`` negates its object ("lacks a working alarm" is "has
    no working alarm"); the noun ("the lack of funds", "lack of funding delayed it") does not."""
    toks = a.tokens
    if toks[i].norm not in _PRIVATIVE_VERBS:
        return False
    if i > 0 and toks[i - 1].norm in _DETERMINERS:
        return False
    return not (i + 1 < len(toks) and toks[i + 1].norm == "of")


def _content_stems(a: Analysis) -> frozenset[str]:
    return a.stem_set


def _has_future(a: Analysis) -> bool:
    toks = a.tokens
    for i, t in enumerate(toks):
        if t.norm in _FUTURE_MARKERS:
            return True
        if t.norm in BE_FORMS and i + 1 < len(toks):
            nxt = toks[i + 1].norm
            if nxt.endswith("ing") or nxt in ("to", "due", "set", "scheduled", "expected"):
                return True
        if _scheduled_present(a, i):
            return True
    return False


def _scheduled_present(a: Analysis, i: int) -> bool:
    """Whether the word at ``i`` is a present-tense verb set on one calendar day ("starts on 8
    April", "opens on 3 May"): a timetable's future, as "will start on 8 April" is. A day of the
    week ("works on Mondays") is a habit, not this."""
    toks = a.tokens
    w = toks[i].norm
    if not (len(w) > 3 and w.endswith("s") and not w.endswith("ss") and is_verb(w[:-1])):
        return False
    if i + 1 >= len(toks) or toks[i + 1].norm not in ("on", "from"):
        return False
    near = [t.norm for t in toks[i + 2:i + 5]]
    return any(x in MONTHS for x in near) and any(x.isdigit() and len(x) <= 2 for x in near)


def _clause_follows(a: Analysis, i: int) -> bool:
    """A verb of its own follows the word at ``i`` within its clause: "providing the weather
    holds" opens a condition, "providing the food" does not."""
    toks = a.tokens
    if i + 1 < len(toks) and (toks[i + 1].norm in PRONOUNS or toks[i + 1].norm == "that"):
        return True  # "provided they agree", "providing that the hall is free"
    for j in range(i + 2, min(len(toks), i + 7)):
        if a.clauses[j] != a.clauses[i]:
            return False
        w = toks[j].norm
        if w in MODALS or w in AUXILIARIES or w in BE_FORMS or past_form(w) \
                or w.endswith("s") and is_verb(w[:-1]):
            return True
    return False


# verbs of saying: in the past, the "will" of what they report becomes "would", and "can", "could"
_REPORTING: frozenset[str] = frozenset(
    stem(w) for w in "say announce confirm report state note explain write warn tell promise assure insist predict".split())


def _backshifted(a: Analysis, modal: str = "would", before: int | None = None) -> bool:
    """A ``modal`` ("would", "could") after a past verb of saying, before token ``before`` if
    given: "announced that the depot would switch" reports what "announced that the depot will
    switch" does, and "warned that the van could carry" what "warned that the van can carry" does."""
    toks = a.tokens if before is None else a.tokens[:before + 1]
    said = False
    for t in toks:
        if t.norm in ("said", "told", "wrote") or t.norm.endswith("ed") and stem(t.norm) in _REPORTING:
            said = True
        elif said and t.norm == modal:
            return True
    return False


def _tense_backshifted(claim: Analysis, evidence: Analysis, i: int) -> bool:
    """Whether a verb before claim token ``i`` is in the past where the evidence has it in the
    present or the perfect ("asked" for "has asked", "asked" for "asks"): then a "can" after it
    is told as "could", as reported speech tells it, and says nothing more."""
    ev = evidence.tokens
    for k in range(i):
        w = claim.tokens[k].norm
        if not past_form(w) or w.endswith("ing") or k > 0 and claim.tokens[k - 1].norm in ("has", "have", "had"):
            continue
        for j, t in enumerate(ev):
            if t.norm == w and j > 0 and ev[j - 1].norm in ("has", "have"):
                return True
            if t.norm != w and stem(t.norm) == stem(w) and t.norm.endswith("s") and is_verb(t.norm[:-1]):
                return True
    return False


_TIME_STEMS: frozenset[str] = frozenset(stem(w) for w in (*MONTHS, *WEEKDAYS))
_POINTED_TIMES: frozenset[str] = frozenset(
    "day date week weekend month year evening morning afternoon night time season".split())


def _time_pointed_at(a: Analysis, i: int) -> bool:
    """Whether the clause of token ``i`` points back at a time: "that day", "the same week"."""
    toks = a.tokens
    clause = a.clauses[i]
    return any(toks[j].norm in ("that", "this", "same") and toks[j + 1].norm in _POINTED_TIMES
               for j in range(len(toks) - 1) if a.clauses[j] == clause)


def _fronted_time_stems(a: Analysis) -> frozenset[str]:
    """The stems of an opening phrase set off by a comma that only tells a time ("On 26 February
    2024 from 07:10 to 09:55, ..."): no verb, every word a preposition, a number or a time word."""
    toks = a.tokens
    if not toks or a.clauses[0] == a.clauses[-1]:
        return frozenset()
    head = [i for i in range(len(toks)) if a.clauses[i] == a.clauses[0]]
    timely = all(a.in_numeral[i] or toks[i].norm in PREPOSITIONS or toks[i].norm in ("the", "and")
                 or stem(toks[i].norm) in _TIME_STEMS or toks[i].norm in _POINTED_TIMES for i in head)
    return frozenset(s for i in head for s in a.stems[i]) if timely else frozenset()


# prepositions that open a sentence with a phrase saying where, when or against what all of it holds
_PHRASE_OPENERS = frozenset({"at", "in", "on", "across", "throughout", "within", "inside", "outside", "near", "beside",
                             "despite", "after", "before", "during", "following"})


def _fronted_phrase_stems(a: Analysis, negated: list[int]) -> frozenset[str]:
    """The stems of an opening phrase set off by commas, with its apposition ("At Glenmore Farm, the
    nearest house, ground vibration must not ...", "Despite 18 mm of rain, the field did not
    flood"), when the negation at one of ``negated`` is in the clause right after it: that clause
    holds there, then or despite it."""
    toks = a.tokens
    purpose = bool(toks) and toks[0].norm == "to"  # "To make up for the delay, they will fit ... at no charge"
    if not toks or (toks[0].norm not in _PHRASE_OPENERS and not purpose) or a.clauses[0] == a.clauses[-1]:
        return frozenset()
    out: set[str] = set()
    k = 0
    if purpose:
        first = [i for i in range(len(toks)) if a.clauses[i] == a.clauses[0]]
        out.update(s for i in first for s in a.stems[i])
        k = first[-1] + 1
    while not purpose and k < len(toks) and a.clauses[k] != a.clauses[-1]:
        clause = [i for i in range(k, len(toks)) if a.clauses[i] == a.clauses[k]]
        if any(toks[i].norm in AUXILIARIES or toks[i].norm in MODALS or toks[i].norm in COMMON_VERBS
               or toks[i].norm.endswith("ed") for i in clause):
            break  # a verb: the clause says something of its own
        out.update(s for i in clause for s in a.stems[i])
        k = clause[-1] + 1
    if not k or k >= len(toks) or not any(a.clauses[n] == a.clauses[k] for n in negated if n < len(toks)):
        return frozenset()
    return frozenset(out)


def _negation_refusal(
    claim: Analysis, evidence: Analysis, claim_stems: frozenset[str]
) -> GateVerdict | None:
    c_sites = _neg_sites(claim)
    e_sites = c_sites if evidence is claim else _neg_sites(evidence)  # pure; read-only below
    for c in c_sites:
        if not any(c.scope & e.scope for e in e_sites):
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence does not negate '{c.scope_text}'; drop the '{c.word}' or quote "
                "the sentence that says it",
                f"negation added: '{c.word} {c.scope_text}'",
            )
        matching = [e for e in e_sites if c.scope & e.scope]
        if not c.alternative and all(e.alternative for e in matching):
            covered = {i for e in matching for i in e.covered}
            affirmed = {x for i in range(len(evidence.tokens)) if i not in covered for x in evidence.stems[i]}
            if not any((e.scope - affirmed) & c.scope for e in matching):
                # "recommended they not be tested every three months" from "... tested every three
                # months rather than every six months": the alternative set aside is six months,
                # and the three the claim negates are what the evidence affirms
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence affirms '{c.scope_text}'; drop the '{c.word}' or quote the sentence "
                    "that says it",
                    f"negation added: '{c.word} {c.scope_text}'",
                )
        # "does not open the bike store" from "also opens the bike store, but does not open the
        # roof terrace": the negated verb is the evidence's, but what it is said of the evidence affirms
        negated_clauses = frozenset().union(*(e.clause_words for e in e_sites if c.scope & e.scope))
        moved = sorted((c.rest & evidence.stem_set) - negated_clauses)
        if moved and any(_time_pointed_at(evidence, e.index) for e in e_sites if c.scope & e.scope):
            # "so no bookings are allowed that day": the claim may name the day it points at
            moved = [m for m in moved if m not in _TIME_STEMS and not m.isdigit()]
        if moved:
            # "On 26 February from 07:10 to 09:55, drivers could not load routes": a time set before
            # the sentence holds for its negated clause too
            fronted = _fronted_time_stems(evidence) | _fronted_phrase_stems(
                evidence, [e.index for e in e_sites if c.scope & e.scope])
            moved = [m for m in moved if m not in fronted]
        if moved:
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence negates '{c.scope_text}' of something else; the '{moved[0]}' it names "
                "is not in the clause the evidence negates",
                f"negation added: '{c.word} {c.scope_text}' of '{moved[0]}'",
            )
    if not e_sites:
        return None  # nothing the evidence negates can be dropped (most texts negate nothing)
    negated_ids = {i for e in e_sites for i in e.covered}
    affirmed: set[str] = set()
    for i, t in enumerate(evidence.tokens):
        if i not in negated_ids:
            affirmed.update(evidence.stems[i])
    for e in e_sites:
        if not (e.scope & claim_stems):
            continue
        if _clause_dropped(evidence, _run_of(evidence.clauses, e.index), claim_stems):
            # "Because two staff had not completed allergen training, he required refresher training
            # for all staff": a claim that keeps nothing only the negated clause says has dropped it
            continue
        if e.alternative and not ((e.clause_words - e.scope) & claim_stems):
            # "X will play the solo instead of Ngozi Halloran, who has a wrist injury": a claim that
            # keeps nothing of the choice made is about the alternative's own words, not the choice
            continue
        # When the evidence also affirms the word elsewhere ("no car, but Ben has a car"), the
        # claim may be about that mention; the word before the negation decides.
        if e.alternative and not ((e.scope - affirmed) & claim_stems):
            # "will lead the Wednesday round" from "... the Wednesday round instead of the Tuesday
            # round": the claim names nothing of the alternative but words the evidence affirms
            continue
        # (only where all the claim keeps of the negated words is affirmed too: "was wrapped in two
        # blankets but was not stretch-wrapped" affirms "wrapped", never "stretch")
        kept_affirmed = (e.scope & claim_stems) <= affirmed
        if kept_affirmed and e.anchor is not None and e.anchor not in claim_stems:
            continue
        if kept_affirmed and e.anchor is None and not (e.rest & claim_stems):
            # "approved hiring a head but did not approve the second office": a claim that keeps
            # none of what the negation is said of is about the affirmed mention
            continue
        if not any(e.scope & c.scope for c in c_sites):
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence says '{e.word} {e.scope_text}'; keep the negation the evidence "
                "states, or claim only what the evidence affirms",
                f"negation dropped: '{e.word} {e.scope_text}'",
            )
    return None


def _part_of_subject_at(a: Analysis, i: int) -> bool:
    """ "The eastern half of the trench flooded": a part named before "of" at the head of the
    subject. The trench did not flood, only half of it; a claim that keeps "the trench" must keep
    the part. Only at the opening of its clause, after at most a determiner and two modifiers."""
    toks = a.tokens
    if toks[i].norm not in _PART_NOUNS or i + 1 >= len(toks) or toks[i + 1].norm != "of":
        return False
    clause = a.clauses[i]
    before = [k for k in range(i) if a.clauses[k] == clause]
    return len(before) <= 3 and all(
        (not toks[k].capitalized or toks[k].sentence_initial) and not _skippable(toks[k]) or toks[k].norm in _DETERMINERS
        for k in before) and not any(toks[k].norm.endswith(("ed", "ing")) for k in before)


_GROUP_NOUNS = frozenset("anyone everyone anybody everybody those people children staff men women".split())
_PLAIN_ADJECTIVES = frozenset("new old young local other elderly older younger senior junior first last".split())
_ADJECTIVE_ENDINGS = ("al", "ic", "ous", "ive", "ful", "less", "ary", "ern", "ish", "ible", "able")


def _restrictive_at(a: Analysis, i: int) -> bool:
    """Whether the "who" or "that" at ``i`` opens a relative clause that restricts a plural noun
    said in general: "Students who miss the deadline will lose their deposit" is not about
    students in general, so a claim that keeps "students" keeps the restriction too. Not after a
    comma (that clause adds, it does not restrict), not after a determiner ("the drivers who
    parked there": the clause points at those drivers), not after a verb ("says that"), and
    "that" only before a verb, not a clause of its own ("told residents that the road would close")."""
    toks = a.tokens
    if toks[i].norm not in ("who", "that") or i == 0 or i + 1 >= len(toks) or a.clauses[i - 1] != a.clauses[i]:
        return False
    prev, nxt = toks[i - 1], toks[i + 1]
    if prev.capitalized and not prev.sentence_initial or a.in_numeral[i - 1]:
        return False
    plural = prev.norm in _GROUP_NOUNS or (
        prev.norm.isalpha() and len(prev.norm) > 3 and prev.norm.endswith("s") and not prev.norm.endswith(("ss", "us", "is")))
    if not plural:
        return False
    before = toks[i - 2].norm if i > 1 else ""
    if lemma(prev.norm) in COMMON_VERBS and before not in _DETERMINERS and not prev.sentence_initial:
        return False  # "says that", "knows who"
    k = i - 2
    if k > 0 and a.clauses[k] == a.clauses[i] and (toks[k].norm in _PLAIN_ADJECTIVES or toks[k].norm.endswith(_ADJECTIVE_ENDINGS)):
        k -= 1  # "the local residents who"
    if k >= 0 and a.clauses[k] == a.clauses[i] and toks[k].norm in _DETERMINERS:
        return False  # "thanked the volunteers who cleaned the beach": those ones, named by the clause
    if toks[i].norm == "that":
        return nxt.norm.isalpha() and not nxt.capitalized and nxt.norm not in _DETERMINERS and nxt.norm not in PRONOUNS \
            and nxt.norm not in NEUTRAL_WORDS
    return True


def _qualifier_at(a: Analysis, i: int) -> bool:
    toks = a.tokens
    n = toks[i].norm
    if n in _PART_NOUNS and _part_of_subject_at(a, i):
        return True
    if n in _HEDGE_WORDS:
        # "made in May": a capitalised "May" inside a sentence is the month
        return not (n == "may" and toks[i].capitalized and not toks[i].sentence_initial)
    nxt = toks[i + 1].norm if i + 1 < len(toks) else ""
    prev = toks[i - 1].norm if i else ""
    if n in _PAST_ONLY:
        return _past_only_at(a, i, prev, nxt)
    if n in _PROSPECTIVE and nxt == "to" and prev in BE_FORMS:
        return _verb_at(a, i + 2)
    if n == "to" and _purpose_at(a, i, prev, nxt):
        return True  # else perhaps a bound ("up to 40"), below
    if n in _ORDINALS or n == "one":
        return _ranked_at(a, i, nxt)
    if n in _FUTURE_MARKERS:
        # What will happen has not happened ("will sign off" is not "signed off"); a claim keeps
        # it with any future form. "Her will", "against their will": the noun.
        return prev not in _DETERMINERS and prev not in _NEUTRAL_PREPOSITIONS
    if n in _PART_QUANTIFIERS and prev not in _BOUND_HEADS.get(n, ()):  # "at most 8" is a bound
        # Only where it opens its clause, i.e. quantifies the subject: "Residents supported it"
        # says residents in general, while "visited friends" says no more than "some friends".
        numeral_next = i + 1 < len(toks) and a.in_numeral[i + 1]
        opens = all(_skippable(toks[k]) for k in range(_run_of(a.clauses, i).start, i))
        return opens and not numeral_next and prev not in _DETERMINERS
    if n == "according":
        return nxt == "to"
    if n in _APPROXIMATORS:
        return i + 1 < len(toks) and a.in_numeral[i + 1]
    heads = _BOUND_HEADS.get(n)
    if heads is not None:
        return i > 0 and _bound_head(n, prev) and i + 1 < len(toks) and a.in_numeral[i + 1]
    if n.endswith(("er", "ers", "or", "ors")) and n not in _ER_VERBS:
        return False  # "Adviser Leonie Brandt", "the reporter": the one who does it, no frame
    stems = a.stems[i]
    if any(x in _FRAME_VERBS for x in stems):
        # "would lower its estimate", "the report": a noun, where "the alleged theft" frames
        return not (prev in _DETERMINERS and not n.endswith("ed"))
    if not any(x in _COMPLEMENT_VERBS for x in stems) or (i > 0 and toks[i - 1].norm in _DETERMINERS):
        return False
    if nxt.endswith("ing") and len(nxt) > 4:
        return True
    clause = a.clauses[i]
    return any(toks[j].norm in ("to", "that") for j in range(i + 1, min(i + 5, len(toks))) if a.clauses[j] == clause)


# the frame verbs whose own forms end as an agent noun does
_ER_VERBS = frozenset({"consider", "considers", "wonder", "wonders"})


def _bound_head(n: str, prev: str) -> bool:
    """Whether ``prev`` makes the word ``n`` a bound: "more than 40", "at least 40", and any
    comparative before "than" ("longer than nine hours" is no "nine hours")."""
    if prev in _BOUND_HEADS.get(n, ()):
        return True
    return n == "than" and len(prev) > 4 and prev.isalpha() and prev.endswith("er")


def _verb_at(a: Analysis, k: int) -> bool:
    """Whether token ``k`` may be a verb's base form after "to": a lower-case word, no function
    word, numeral or name ("due to leave", not "due to the storm" nor "set to 40")."""
    if k >= len(a.tokens):
        return False
    t = a.tokens[k]
    return t.norm.isalpha() and not t.capitalized and t.norm not in NEUTRAL_WORDS and not a.in_numeral[k]


def _purpose_at(a: Analysis, i: int, prev: str, nxt: str) -> bool:
    """Whether the "to" at ``i`` opens a purpose ("switched to rye to cut costs"): what it was
    done for, which need not have come about. Read only before a verb's base form, after a
    content word of the same clause or opening the sentence, and not where a frame already
    governs it ("plans to")."""
    if nxt not in _PURPOSE_VERBS or i + 1 >= len(a.tokens) or a.tokens[i + 1].capitalized:
        return False
    if i == 0:
        return a.clauses[1] == a.clauses[0]  # "To hand over the key, Ada will meet Ben": a fronted purpose
    if a.clauses[i - 1] != a.clauses[i] or a.clauses[i + 1] != a.clauses[i]:
        return False
    clock = prev in ("am", "pm") and i > 1 and any(c.isdigit() for c in a.tokens[i - 2].norm)  # "at 9.40 am to say"
    if not clock and (prev in _NOT_PURPOSE_BEFORE or prev in _PROSPECTIVE or prev in NEUTRAL_WORDS - {"order", "as"}):
        return False
    return not any(_governs(a, k) and _aside_between(a, k + 1, i) for k in range(max(0, i - 5), i))


def _governs(a: Analysis, k: int) -> bool:
    """A verb of framing or asking at ``k`` (not the noun: "the request of Odalys to take")."""
    return any(x in _COMPLEMENT_VERBS or x in _FRAME_VERBS for x in a.stems[k]) \
        and not (k > 0 and a.tokens[k - 1].norm in _DETERMINERS)


def _aside_between(a: Analysis, first: int, end: int) -> bool:
    """Whether the tokens from ``first`` to ``end`` are nothing, or a short phrase with no verb that
    a verb may take before its "to" ("agreed by telephone to pay", "agreed yesterday to pay",
    "advised Mrs. Okafor to walk", "was advised by Dr. Ince to walk")."""
    if end - first > 4 or any(a.clauses[k] != a.clauses[end] for k in range(first, end)):
        return False
    return not any(is_verb(t.norm) and not t.capitalized for t in a.tokens[first:end])


def _superlative(w: str) -> bool:
    return w in ("most", "least", "best", "worst", "last") or (
        len(w) > 4 and w.endswith("est") and w.isalpha() and w not in _NOT_SUPERLATIVE)


def _ranked_at(a: Analysis, i: int, nxt: str) -> bool:
    """Whether the word at ``i`` ranks a superlative below the top: "the second largest", "one
    of the oldest" (neither is "the largest" or "the oldest")."""
    toks = a.tokens
    if toks[i].norm != "one":
        return _superlative(nxt)
    if nxt != "of" or i + 3 >= len(toks) or toks[i + 2].norm not in _DETERMINERS:
        return False
    return _superlative(toks[i + 3].norm)


def _condition_phrase_at(a: Analysis, i: int) -> str | None:
    """The condition a phrase states at its key word ``i``: "as long as", "so long as", "in case
    of", "in the event of/that", "on (the) condition that"; None elsewhere. "as long as" after "be"
    or a degree word compares lengths ("is as long as", "twice as long as")."""
    toks = a.tokens
    n = toks[i].norm
    if i == 0 or i + 1 >= len(toks):
        return None
    prev, nxt = toks[i - 1].norm, toks[i + 1].norm
    if n == "long":
        if prev not in ("as", "so") or nxt != "as":
            return None
        if i > 1 and toks[i - 2].norm in _LENGTH_COMPARERS:
            return None
        return f"{prev} long as"
    if n == "case":
        return "in case of" if prev == "in" and nxt == "of" else None
    lead = toks[i - 2].norm if i > 1 and prev == "the" else prev
    if n == "event" and prev == "the" and lead == "in" and nxt in ("of", "that"):
        return f"in the event {nxt}"
    if n == "condition" and lead == "on" and nxt == "that":
        return "on condition that"
    return None


def _past_only_at(a: Analysis, i: int, prev: str, nxt: str) -> bool:
    """Whether the word at ``i`` (one of _PAST_ONLY) says what follows was so in the past only."""
    n = a.tokens[i].norm
    if n == "once":
        # "was once a chapel", "once owned the mill"; not "Once the glue dries" (a conjunction
        # opening its clause) nor "meets once a week" (a count; after "be" it is the past state)
        count = a.in_numeral[i] and prev not in BE_FORMS
        return not count and i > 0 and a.clauses[i - 1] == a.clauses[i] and prev not in _NEUTRAL_CONNECTIVES
    if n == "used":
        # the past habit "used to prune", not the passive "was used to fund" nor "got used to"
        return nxt == "to" and prev not in BE_FORMS and prev not in _DETERMINERS and stem(prev) != stem("get")
    return True  # "formerly", "previously"


def _complement_at(a: Analysis, i: int, sent: list[int]) -> bool:
    """Whether the condition word at ``i`` opens a verb's complement ("asked whether", "checks if")."""
    toks = a.tokens
    if toks[i].norm not in ("whether", "if") or i == 0 or sent[i - 1] != sent[i] or a.clauses[i - 1] != a.clauses[i]:
        return False
    if toks[i].norm == "whether":
        return True  # only "Whether it rains or not, ..." opening its sentence governs all of it
    prev = a.stems[i - 1]
    return any(x in _COMPLEMENT_VERBS or x in _FRAME_VERBS or x in _ASKING_VERBS for x in prev)


def _sentence_ids(a: Analysis) -> list[int]:
    bounds = [end for _start, end in sentences(a.text)]
    out: list[int] = []
    k = 0
    for t in a.tokens:
        while k < len(bounds) - 1 and t.start >= bounds[k]:
            k += 1
        out.append(k)
    return out


def _qualifier_sites(a: Analysis) -> list[_NegSite]:
    """Where a hedge, frame, exception, condition or question keeps ``a`` from stating a fact.

    A word's scope is the content words it governs (up to three, after the function words that
    follow it); a condition's or a question's scope is every content word of its sentence."""
    toks = a.tokens
    out: list[_NegSite] = []
    sent: list[int] | None = None
    asks = "?" in a.text
    for i, t in enumerate(toks):
        n = t.norm
        phrase = _condition_phrase_at(a, i) if n in _PHRASE_KEYS else None
        if n in ("who", "that") and _restrictive_at(a, i):
            # the restricted noun is the scope: a claim that keeps it keeps "who" (or "that")
            rel: list[str] = []
            for j in _run_of(a.clauses, i):
                if j <= i:
                    continue
                if len(rel) == 4 or (rel and (toks[j].norm in MODALS or toks[j].norm in AUXILIARIES)):
                    break  # the main clause's verb begins: "who miss the deadline | will lose"
                rel.append(toks[j].text)
            out.append(_NegSite(i, n, frozenset(a.stems[i - 1]), " ".join(rel), None, (i - 1,)))
            continue
        whole = n in _CONDITIONS or phrase is not None or (n == "according" and _qualifier_at(a, i))
        if n in ("provided", "providing") and i > 0 and (toks[i - 1].norm in BE_FORMS or toks[i - 1].norm in AUXILIARIES
                                                        or a.clauses[i - 1] == a.clauses[i]
                                                        and toks[i - 1].norm not in ("and", "but", "or", "only")
                                                        and not _clause_follows(a, i)):
            # "which are provided free of charge", "with Ada providing the food": the verb, not
            # "provided that", which opens a clause of its own
            whole = False
        if not whole and not _qualifier_at(a, i):
            continue
        if whole:
            if sent is None:
                sent = _sentence_ids(a)
            concessive = n == "if" and i > 0 and toks[i - 1].norm == "even"
            if concessive or _complement_at(a, i, sent):
                # "asked whether Pepper could return, and Mo advised waiting": the question is
                # what was asked, not a condition on the rest of the sentence. "sails even if the
                # harbour is closed": the ferry sails either way; only the supposition is unstated.
                members = [j for j in range(i + 1, _run_of(a.clauses, i).stop) if not _skippable(toks[j])]
            else:
                run = _run_of(sent, i)
                # "will return to check the bait and will recommend a clean if activity continues":
                # a condition after its clause governs that clause, from the "and" that joins it on
                # (or from a ", so" or ", and" that opens a clause with a subject of its own: "will be
                # away until 9 August, so Rosa will hand over the ledgers if you come then")
                joined = [k for k in range(run.start, i) if toks[k].norm in ("and", "but", "so") and k + 1 < i
                          and (toks[k + 1].norm in MODALS or toks[k + 1].norm in AUXILIARIES
                               or k > run.start and a.clauses[k - 1] != a.clauses[k])]
                first = joined[-1] + 1 if joined else run.start
                # (and from a ", which" or ", to" that opens the clause it ends, with no comma
                # between: "lowered her dose to 1 gram, to be stopped after 14 days if she stays
                # sound" conditions the stopping; "planning a star party, which will go ahead only
                # if the sky is clear", the party's going ahead, not the planning)
                opened = [k for k in range(max(first, run.start + 1), i) if toks[k].norm in ("which", "who", "to")
                          and "," in a.text[toks[k - 1].end:toks[k].start] and "," not in a.text[toks[k].start:t.start]]
                if opened:
                    first = opened[-1]
                members = [j for j in range(first, run.stop) if j != i and not _skippable(toks[j])]
            scope = {x for j in members for x in a.stems[j]}
            if scope:
                out.append(_NegSite(i, phrase or n, frozenset(scope), "...", None, tuple(members)))
            continue
        clause = a.clauses[i]
        j = i + 1
        while j < len(toks) and a.clauses[j] == clause and (_skippable(toks[j]) or toks[j].norm in NEGATIONS):
            j += 1
        scope: set[str] = set()
        words: list[str] = []
        covered: list[int] = []
        reports = any(x in _FRAME_VERBS or x in _COMPLEMENT_VERBS for x in a.stems[i])
        that_first = reports and any(toks[x].norm == "that" for x in range(i + 1, j))
        # a bound or an estimate governs its number and unit, not the phrase after them ("in under
        # 50 minutes despite a crosswind")
        numeric = n in _APPROXIMATORS or n in _BOUND_HEADS
        j = _collect_scope(a, j, clause, scope, words, covered, PREPOSITIONS if numeric else frozenset())
        if that_first:
            _rest_of_clause(a, j, clause, scope, covered)  # "said that the players had rejected it"
        if not covered and any(x in _FRAME_VERBS for x in a.stems[i]):
            # "Ben won the race, Ada said": a frame that closes its sentence governs what came before
            if sent is None:
                sent = _sentence_ids(a)
            if j >= len(toks) or sent[j] != sent[i]:
                first = _run_of(sent, i).start
                covered = [k for k in range(first, i) if a.clauses[k] != clause and not _skippable(toks[k])]
                scope.update(x for k in covered for x in a.stems[k])
                words = ["..."] if covered else []
        if (covered and j < len(toks) and a.clauses[j] == clause and toks[j].norm in ("to", "that")
                and any(x in _COMPLEMENT_VERBS for x in a.stems[i])):
            # "asked Rufus to re-count the acorns": past the object, the request's content is
            # what is asked, not done; the asker did not re-count them either
            that = toks[j].norm == "that"
            j += 1
            while j < len(toks) and a.clauses[j] == clause and _skippable(toks[j]):
                j += 1
            j = _collect_scope(a, j, clause, scope, words, covered)
            if that:
                # "told the board that the players had rejected the contract": all of what was
                # told is reported, not only its first words
                _rest_of_clause(a, j, clause, scope, covered)
        k = i - 1
        while k >= 0 and a.clauses[k] == clause and _skippable(toks[k]):
            k -= 1
        anchor = stem(toks[k].norm) if k >= 0 and a.clauses[k] == clause else None
        if scope:
            bound = i > 0 and n in _BOUND_HEADS and _bound_head(n, toks[i - 1].norm)
            word = f"{toks[i - 1].norm} {n}" if bound else n  # "at most", but "Most of the ..."
            if n == "one":
                word = "one of"  # "one of the oldest": kept only whole
            out.append(_NegSite(i, word, frozenset(scope), " ".join(words), anchor, tuple(covered)))
    if asks:
        if sent is None:
            sent = _sentence_ids(a)
        text = a.text
        for sid in sorted(set(sent)):
            members = [j for j in range(len(toks)) if sent[j] == sid]
            tail = text[toks[members[-1]].end:].lstrip(" \"')]")
            if tail.startswith("?"):
                content = [j for j in members if not _skippable(toks[j])]
                scope = {x for j in content for x in a.stems[j]}
                if scope:
                    out.append(_NegSite(members[-1], "?", frozenset(scope), "...", None, tuple(content)))
    return out


def _collect_scope(a: Analysis, j: int, clause: int, scope: set[str], words: list[str], covered: list[int],
                   stop: frozenset[str] = frozenset()) -> int:
    """Add the up to three content words from token ``j`` on (stopping at a function word, a word
    of ``stop`` past the first, or the clause's end) to a qualifier's scope; return the index where
    it stopped."""
    toks = a.tokens
    start = len(words)
    while j < len(toks) and a.clauses[j] == clause and not _skippable(toks[j]) and len(words) - start < 3 \
            and not (len(words) > start and toks[j].norm in stop):
        scope.update(a.stems[j])
        words.append(toks[j].text)
        covered.append(j)
        j += 1
    return j


def _rest_of_clause(a: Analysis, j: int, clause: int, scope: set[str], covered: list[int]) -> None:
    """Add every content word from token ``j`` to the end of its clause to a report's scope."""
    toks = a.tokens
    while j < len(toks) and a.clauses[j] == clause:
        if not _skippable(toks[j]):
            scope.update(a.stems[j])
            covered.append(j)
        j += 1


def _run_of(ids: list[int] | tuple[int, ...], i: int) -> range:
    """The token indices that share ``ids[i]``: a sentence or a clause, both contiguous. Scanning
    only that run keeps a text of many sentences linear, where scanning the whole text per
    qualifier was quadratic."""
    lo = i
    while lo > 0 and ids[lo - 1] == ids[i]:
        lo -= 1
    hi = i + 1
    while hi < len(ids) and ids[hi] == ids[i]:
        hi += 1
    return range(lo, hi)


def _site_key(site: _NegSite) -> str:
    return " ".join(stem(w) for w in site.word.split())


def _qualifier_refusal(claim: Analysis, evidence: Analysis, claim_stems: frozenset[str]) -> GateVerdict | None:
    """Refuse a claim that keeps words the evidence hedges, frames, conditions or asks, without
    the word that does it."""
    if claim is evidence:
        return None  # a text keeps all its own qualifiers
    e_sites = _qualifier_sites(evidence)
    if not e_sites:
        return None  # most evidence states plain facts
    c_sites = _qualifier_sites(claim) + _neg_sites(claim)
    # A claim's qualifier stands in for an evidence qualifier over the same words when it is
    # the same word, or a word the evidence does not use there ("may join" -> "might join"); not
    # when it is the evidence's other qualifier ("would probably appeal" -> "would appeal").
    # The evidence's own negations count as words it uses there: "reportedly left without paying"
    # keeps its "without" in "left without paying", and that drops the hedge rather than replacing it.
    e_words = {_site_key(e) for e in e_sites} | {_site_key(n) for n in _neg_sites(evidence)}
    claim_future: bool | None = None
    qualified = {i for e in e_sites for i in e.covered}
    affirmed: set[str] = set()
    for i in range(len(evidence.tokens)):
        if i not in qualified:
            affirmed.update(evidence.stems[i])
    for e in e_sites:
        kept = e.scope & claim_stems
        if not kept:
            continue
        # Words the evidence also states plainly elsewhere may come from there ("Ada may join
        # Acme. Ben joined Acme." supports "Ben joined Acme"), unless the claim also keeps the
        # qualified words' own subject and more than one of them.
        if kept <= affirmed and not (e.anchor is not None and e.anchor in claim_stems and len(kept) > 1) \
                and not _keeps_hedged_subject(evidence, e, kept, qualified, claim_stems):
            continue
        if e.anchor is not None and e.anchor not in claim_stems and any(
                o is not e and kept <= o.scope and o.anchor is not None and o.anchor in claim_stems for o in e_sites):
            # "Rosa will judge the cake classes, and Henrik has agreed to judge the honey classes"
            # supports "Henrik has agreed to judge the honey classes": the words come from the
            # clause of the claim's own subject, whose qualifier is checked on its own turn
            continue
        if _writers_own(evidence, e):
            continue  # "We are pleased to say that Perpetua passed": the writer states it
        if _said_by_kept_verb(evidence, e, claim_stems):
            continue  # "wrote to say that" -> "wrote that": the claim keeps the telling
        if _only_a_name_kept(evidence, e, kept) and _said_in_another_clause(evidence, e, claim_stems - kept - NEUTRAL_WORDS):
            # "Your game master will be Ishaan Pellow, who designed the final puzzle" supports
            # "Ishaan Pellow designed the final puzzle": the claim keeps only the name the hedge
            # covers, and says of it what the evidence says plainly
            continue
        key = _site_key(e)
        future = e.word in _FUTURE_LIKE
        if any(e.scope & c.scope and (_site_key(c) == key or (
                _site_key(c) not in e_words and (c.word in _FUTURE_LIKE) == future
                and (e.word not in _CONDITIONS or c.word in _CONDITIONS or kept <= c.scope))) for c in c_sites):
            # (another word stands in for a condition only over all it kept: "approved a budget to
            # replace the drivers" from "agreed to replace the drivers if the trustees approve a
            # budget" qualifies the replacing, and states the approval the evidence makes a condition)
            continue
        if future:
            if claim_future is None:
                claim_future = _has_future(claim) or _backshifted(claim)
            if claim_future:
                continue  # "will lead" -> "is leading", "is to lead", "is due to lead"
        if _keeps_qualifier(claim, evidence, e, claim_stems):
            continue  # the claim keeps the qualifier itself, perhaps in another voice or order
        if e.word in _PAST_ONLY and _keeps_past(claim, e.scope):
            continue  # "formerly managed the house" -> "managed the house"
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"the evidence says '{e.word} {e.scope_text}', not that it is so; keep '{e.word}' "
            "in the claim, or quote a sentence that states it plainly",
            f"qualifier dropped: '{e.word} {e.scope_text}'",
        )
    return None


# verbs of telling, by which a writer who says "I" or "we" states a thing as their own (not verbs
# of belief: "we think that" still hedges it)
_TELLING: frozenset[str] = _stem_set("say", "confirm", "announce", "report", "tell", "inform", "state", "write")
# what may stand between the writer and the telling: "we are pleased to say", "I can confirm"
_WRITER_FRAME: frozenset[str] = frozenset(
    {"am", "are", "pleased", "happy", "glad", "delighted", "to", "can", "would", "like", "now", "hereby", "also"})


def _writers_own(a: Analysis, e: _NegSite) -> bool:
    """Whether the qualifier at ``e`` is the writer's own telling ("We are pleased to say that ...",
    "I can confirm that ..."): what follows is then the writer's statement, not a report. "I was
    told that" is hearsay, and "we believe" a belief."""
    toks = a.tokens
    if not any(x in _TELLING for x in a.stems[e.index]):
        return False
    k = e.index - 1
    if k >= 0 and toks[k].norm in ("was", "were", "been", "be"):
        return False
    while k >= 0 and toks[k].norm in _WRITER_FRAME:
        k -= 1
    return k >= 0 and toks[k].norm in ("i", "we") and (k == 0 or toks[k].sentence_initial)


# verbs by which one tells a thing ("wrote to say that", "rang to tell us that")
_MESSAGING: frozenset[str] = _TELLING | _stem_set("phone", "call", "ring", "rang", "email", "text", "message")


def _said_by_kept_verb(a: Analysis, e: _NegSite, claim_stems: frozenset[str]) -> bool:
    """Whether the telling at ``e`` is the purpose of a verb of telling before it that the claim
    keeps: "Dorrit wrote to say that ..." is told as "Dorrit wrote that ...", still a report."""
    toks = a.tokens
    k = e.index
    if not any(x in _TELLING for x in a.stems[k]) or k < 2 or toks[k - 1].norm != "to":
        return False
    before = a.stems[k - 2]
    return any(x in _MESSAGING for x in before) and any(x in claim_stems for x in before)


def _keeps_hedged_subject(evidence: Analysis, e: _NegSite, kept: frozenset[str], qualified: set[int],
                          claim_stems: frozenset[str]) -> bool:
    """Whether the claim keeps a word that only the qualifier's own clause has before the
    qualifier: then the plainly stated copy of the kept words is said of something else. "The
    Windows installer is signed, and the macOS installer will be signed" gives no "The macOS
    installer is signed": "signed" is plain only of the Windows one."""
    toks = evidence.tokens
    here = evidence.clauses[e.index]
    plain_clauses = {evidence.clauses[i] for i in range(len(toks))
                     if i not in qualified and not kept.isdisjoint(evidence.stems[i])}
    elsewhere = {x for i in range(len(toks)) if evidence.clauses[i] in plain_clauses for x in evidence.stems[i]}
    for i in range(e.index - 1, -1, -1):
        if evidence.clauses[i] != here:
            break
        t = toks[i]
        if t.norm in STOPWORDS or t.norm in NEUTRAL_WORDS or not any(c.isalnum() for c in t.norm):
            continue
        if evidence.keys[i] in claim_stems and evidence.keys[i] not in elsewhere:
            return True
    return False


def _only_a_name_kept(evidence: Analysis, e: _NegSite, kept: frozenset[str]) -> bool:
    """Whether every word of the qualifier's scope that the claim keeps lies inside a name."""
    in_name = {i for sp in evidence.names for i in range(sp.first, sp.last + 1)}
    named = {s for i in e.covered if i in in_name for s in evidence.stems[i]}
    return bool(kept) and kept <= named


def _said_in_another_clause(evidence: Analysis, e: _NegSite, words: frozenset[str]) -> bool:
    """Whether the evidence has every one of the words, and each outside the qualifier's clause."""
    here = evidence.clauses[e.index]
    outside = {s for i, c in enumerate(evidence.clauses) if c != here for s in evidence.stems[i]}
    inside = {s for i, c in enumerate(evidence.clauses) if c == here for s in evidence.stems[i]}
    return bool(words) and words <= outside and not (words & inside)


def _keeps_qualifier(claim: Analysis, evidence: Analysis, e: _NegSite, claim_stems: frozenset[str]) -> bool:
    """Whether the claim has the evidence's qualifier word. A bound ("up to", "more than") is
    two words: "cut power to 40 rooms" keeps the "to" of "to up to 40 rooms", not the bound."""
    if e.word == "?":
        return "?" in claim.text
    if e.word == "to":
        return False  # a purpose is kept only by the claim's own purpose "to" over the same words
    if " " in e.word:
        # a bound or a condition phrase is kept only whole: "cut power to 40 rooms" has the "to"
        # of "up to 40 rooms" but not the bound
        words = e.word.split(" ")
        norms = [t.norm for t in claim.tokens]
        k = len(words)
        return any(norms[j:j + k] == words for j in range(len(norms) - k + 1))
    return not set(evidence.stems[e.index]).isdisjoint(claim_stems)


def _keeps_past(claim: Analysis, scope: frozenset[str]) -> bool:
    """Whether the claim states the first word it keeps of ``scope`` in the past: the word is a
    past form itself ("managed", "ran") or a past auxiliary stands before it in its clause ("was a
    chapel", "had owned")."""
    toks = claim.tokens
    for j, t in enumerate(toks):
        if scope.isdisjoint(claim.stems[j]):
            continue
        if _past_form(t.norm):
            return True
        k = j - 1
        while k >= 0 and claim.clauses[k] == claim.clauses[j]:
            if toks[k].norm in _PAST_AUXILIARIES:
                return True
            k -= 1
        return False
    return False


def _past_form(norm: str) -> bool:
    if norm in _PAST_AUXILIARIES:
        return True
    if len(norm) > 4 and norm.endswith("ed"):
        return True
    # an irregular verb form ("ran", "led", "built"); nouns such as "children" never reach here
    # in a verb's place, and present forms are excluded
    return norm.isalpha() and lemma(norm) != norm and norm not in _PRESENT_IRREGULAR


# A count or amount given per unit or per member: "£12 per day", "30 trays each", "each of the
# four shops received 30 trays". The bare number says something else (a total, or a one-off).
_DISTRIBUTIVES: frozenset[str] = frozenset({"each", "every", "per", "apiece"})
# "5 megalitres a day", "twice a week": "a"/"an" makes a rate only before a unit of time.
_RATE_TIME_UNITS: frozenset[str] = _stem_set(
    "second", "minute", "hour", "day", "night", "week", "fortnight", "month", "year", "session", "shift")
_QUANTITY_KINDS: frozenset[str] = frozenset({"number", "money", "percent", "times"})
_RATE_WINDOW = 8  # tokens either side of the distributive word, in its clause, that it can bind a number in


def _rate_marker(a: Analysis, i: int) -> str | None:
    """The word a claim must keep with the number a distributive at ``i`` binds: the unit after
    "per"/"every"/"a" ("day" of "per day"), or "each"/"apiece" itself; None when ``i`` is none."""
    toks = a.tokens
    n = toks[i].norm
    nxt = a.keys[i + 1] if i + 1 < len(toks) else ""
    if n in ("a", "an"):
        before = any(a.in_numeral[j] for j in range(max(0, i - 4), i))
        if i > 0 and toks[i - 1].norm in PREPOSITIONS or i + 2 < len(toks) and toks[i + 2].norm == "of":
            return None  # "after a week of warm rain": a time the sentence is set in, not a rate
        return nxt if before and nxt in _RATE_TIME_UNITS else None
    if n in ("per", "every"):
        return nxt if nxt and not a.in_numeral[i + 1] else None
    return n if n in _DISTRIBUTIVES else None


# words that open a clause of their own inside a sentence, with or without a comma before them
_CLAUSE_OPENERS = frozenset({"because", "since", "although", "though", "whereas"})


def _clause_dropped(evidence: Analysis, run: range, claim_stems: frozenset[str]) -> bool:
    """Whether the claim keeps none of the words that only this clause of the evidence says (and
    the evidence has another clause): what the clause qualifies is then not claimed."""
    inside = {x for k in run for x in evidence.stems[k]}
    elsewhere = {x for k in range(len(evidence.tokens)) if k not in run for x in evidence.stems[k]}
    return bool(elsewhere) and not ((inside - elsewhere) & claim_stems)


def _rate_refusal(claim: Analysis, evidence: Analysis, claim_stems: frozenset[str]) -> GateVerdict | None:
    """Refuse a claim that keeps a number the evidence gives per unit or per member but drops
    the "per"/"each" that distributes it ("£12 per day" -> "£12")."""
    if claim is evidence or not evidence.numerals or not claim.numerals:
        return None
    kept = {(x.kind, str(x.value)) for x in claim.numerals if x.kind in _QUANTITY_KINDS}
    if not kept:
        return None
    toks = evidence.tokens
    for i, t in enumerate(toks):
        if t.norm not in _DISTRIBUTIVES and t.norm not in ("a", "an"):
            continue
        marker = _rate_marker(evidence, i)
        if marker is None or marker in claim_stems or same_unit_word(marker, claim):
            continue
        run = _run_of(evidence.clauses, i)  # its own clause: "16 members, and tickets cost £1 each"
        opener = next((k for k in range(i - 1, run.start - 1, -1) if toks[k].norm in _CLAUSE_OPENERS), None)
        if _clause_dropped(evidence, run if opener is None else range(opener, run.stop), claim_stems):
            continue  # "... to plot 27 because plot 14 floods every winter": the claim drops the clause
        first, last = max(run.start, i - _RATE_WINDOW), min(run.stop - 1, i + _RATE_WINDOW)
        lo, hi = toks[first].start, toks[last].end
        near = [x for x in evidence.numerals if lo <= x.start < hi]
        # a distributive is said of the number right before it ("chickens are £11.50 each and mince
        # is £8.90 per kilo": "each" is the chickens' price's), else of the one after it
        before = [x for x in near if x.end <= t.start]
        after = [x for x in near if x.start >= t.end]
        if after and i + 1 < len(toks) and toks[i + 1].norm.endswith(("ed", "ing")) and len(toks[i + 1].norm) > 4:
            # "four RapidArc 50 chargers, each rated at 50 kW": a participle after "each" says what
            # each is, and the number it gives is the distributed one
            near = after[:1]
        else:
            # a number a conjunction stands between is another clause's ("spent four hours there
            # and walked every raceway")
            before = [x for x in before if not any(toks[k].norm in ("and", "or", "but")
                                                   for k in range(i - 1, first - 1, -1) if toks[k].start >= x.end)]
            near = before[-1:] or after
        # "50 kW" is not the claim's "RapidArc 50": a number given in a unit is the claim's only
        # when the claim gives it in that unit too
        bound = [x for x in near if (x.kind, str(x.value)) in kept
                 and (x.kind != "number" or unit_of(evidence, x) is None
                      or any(unit_of(claim, c) == unit_of(evidence, x) for c in claim.numerals
                             if (c.kind, str(c.value)) == (x.kind, str(x.value))))]
        if bound:
            said = t.norm if marker == t.norm else f"{t.norm} {toks[i + 1].text}"
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence gives '{bound[0].text}' with '{said}'; keep '{said}' with the number",
                f"rate dropped: '{bound[0].text} {said}'",
            )
    return None


# "last year", "this year", "next week": the word before the time names which one. "this" is a
# function word elsewhere, so the word check alone lets "this year" stand for "last year".
_DEICTICS: frozenset[str] = frozenset({"last", "next", "this", "previous", "coming", "past", "following"})
_DEICTIC_TIMES: frozenset[str] = _stem_set(
    "year", "month", "week", "weekend", "season", "term", "semester", "spring", "summer", "autumn",
    "fall", "winter", "night", "morning", "evening", "century", "decade", "quarter")


def _deictic_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """Refuse "this year" when the evidence says "last year" of the same time word."""
    if claim is evidence:
        return None
    said: dict[str, set[str]] = {}  # time word -> the deictics the evidence puts before it
    for i in range(len(evidence.tokens) - 1):
        if evidence.tokens[i].norm in _DEICTICS and evidence.keys[i + 1] in _DEICTIC_TIMES:
            said.setdefault(evidence.keys[i + 1], set()).add(evidence.tokens[i].norm)
    if not said:
        return None
    toks = claim.tokens
    for i in range(len(toks) - 1):
        which = said.get(claim.keys[i + 1])
        if which and toks[i].norm in _DEICTICS and toks[i].norm not in which:
            ev = "/".join(sorted(which))
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence says '{ev} {toks[i + 1].text}', not '{toks[i].text} {toks[i + 1].text}'; "
                "keep the evidence's word for when",
                f"time moved: '{ev} {toks[i + 1].text}'",
            )
    return None


_PROGRESSIVE_BE = BE_FORMS - {"being"}  # "being" opens the passive form, read on its own
_ASPECT_ADVERBS = frozenset("still currently now also already gradually slowly busy".split())


def _completed_form(norm: str) -> bool:
    """A verb form that tells the action as done: a regular past ("repaired"; "proceed" is no
    past) or an irregular one ("wove", "built")."""
    if norm.endswith("ing"):
        return False
    return (norm.endswith("ed") and not norm.endswith("eed") and len(norm) > 3) or lemma(norm) != norm


def _progressive_at(a: Analysis, i: int) -> int | None:
    """The index of the "be" that makes token ``i`` a progressive ("is repairing", "was being
    rebuilt", "is still weaving"), or None."""
    toks = a.tokens
    k = i - 1
    passive = k >= 0 and toks[k].norm == "being"
    if not (passive or toks[i].norm.endswith("ing") and len(toks[i].norm) > 4):
        return None
    if passive:
        k -= 1
    while k >= 0 and toks[k].norm in _ASPECT_ADVERBS:
        k -= 1
    if k >= 0 and toks[k].norm in _PROGRESSIVE_BE and a.clauses[k] == a.clauses[i]:
        return k
    return None


def _aspect_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """Refuse a claim that tells as done what the evidence has under way: "The club is repairing
    the slipway" and "The bridge is being rebuilt" are no "The club repaired the slipway" nor
    "The bridge was rebuilt". A form of the verb the evidence also states plainly lets it pass."""
    if "ing" not in evidence.text:
        return None  # no progressive to keep: most evidence
    toks = evidence.tokens
    ongoing: dict[str, str] = {}
    plain: set[str] = set()
    perfect: set[str] = set()  # "has been producing": under way since some time, as "has produced" is
    for i in range(len(toks)):
        k = _progressive_at(evidence, i)
        if k is None:
            plain.update(evidence.stems[i])
        else:
            for x in evidence.stems[i]:
                ongoing.setdefault(x, " ".join(tok.text for tok in toks[k:i + 1]))
            if toks[k].norm == "been" and k > 0 and toks[k - 1].norm in ("has", "have"):
                perfect.update(evidence.stems[i])
    if not ongoing:
        return None
    ctoks = claim.tokens
    for j, t in enumerate(ctoks):
        if not _completed_form(t.norm) or _progressive_at(claim, j) is not None:
            continue
        if j > 0 and ctoks[j - 1].norm in ("is", "are", "am"):
            continue  # "the hall is used as a clinic" for "is being used": a present state, not done
        if j > 0 and ctoks[j - 1].norm in ("has", "have") and perfect.intersection(claim.stems[j]):
            continue  # "has produced ... since April" for "has been producing ... since April"
        for x in claim.stems[j]:
            if x in ongoing and x not in plain:
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence says '{ongoing[x]}': under way, not done; keep it in progress "
                    f"('{ongoing[x]}'), or quote a sentence that says it was done",
                    f"ongoing told as done: '{ongoing[x]}'",
                )
    return None


def _number_part(t: Token, part: str, in_numeral: bool) -> bool:
    if any(ch.isdigit() for ch in part):
        return True
    return in_numeral and is_numeral_word(part)


def _content_at(a: Analysis, idx: range) -> set[str]:
    return {x for k in idx if not _skippable(a.tokens[k]) and a.tokens[k].norm not in NEGATIONS for x in a.stems[k]}


def _cause_turned(claim: Analysis, evidence: Analysis, i: int) -> bool:
    """Whether the claim's "because" (or ", so") at ``i`` turns the evidence's ", so" (or
    "because") around, each side keeping its own words: "Y because X" for "X, so Y". The cause
    stays the cause; only the order of telling changes. An opening "Because X, Y" is "Y because X"."""
    ctoks, etoks = claim.tokens, evidence.tokens
    want = "so" if ctoks[i].norm == "because" else "because"
    if want == "because" and not (i > 0 and (ctoks[i - 1].norm == "and" or claim.clauses[i - 1] != claim.clauses[i])):
        return False  # "so" as a linking word only: ", so" or "and so", not "so tired"
    c_before, c_after = _content_at(claim, range(i)), _content_at(claim, range(i + 1, len(ctoks)))
    if i == 0 and want == "so":
        # "Because X, Y": the cause runs to the end of the opening clause, the rest is its effect
        end = opening_clause_end(claim)
        c_after, c_before = _content_at(claim, range(1, end)), _content_at(claim, range(end, len(ctoks)))
    for e, t in enumerate(etoks):
        if t.norm != want:
            continue
        if want == "so" and not (e > 0 and (etoks[e - 1].norm == "and" or evidence.clauses[e - 1] != evidence.clauses[e])):
            continue
        e_before, e_after = _content_at(evidence, range(e)), _content_at(evidence, range(e + 1, len(etoks)))
        cb, ca = c_before, c_after
        if _time_pointed_at(evidence, len(etoks) - 1) or _time_pointed_at(evidence, 0):
            # "..., so no bookings are allowed that day": the day is both sides' (the claim may
            # name it where the evidence points at it, and point where the evidence names it)
            timeish = {x for x in c_before | c_after if x in _TIME_STEMS or x.isdigit() or x in _POINTED_TIMES}
            cb, ca = c_before - timeish, c_after - timeish
        if cb and ca and cb <= e_after and ca <= e_before:
            return True
        # "Sheet 3 will not be used, because it has a run" for "Sheet 3 has a run, so it will not be
        # used": the name both clauses are about may stand in either, with a pronoun in the other
        named = _name_words(claim) | _name_words(evidence)
        if named and (cb - named) and (ca - named) and cb - named <= e_after and ca - named <= e_before \
                and (cb | ca) & named <= e_before | e_after \
                and _taken_up(evidence, range(e + 1, len(etoks)), cb & named - e_after) \
                and _taken_up(evidence, range(e), ca & named - e_before):
            return True
        # "the cylinder of the mower needs regrinding because the mower was not serviced" for "the
        # mower was not serviced, so its cylinder needs regrinding": the evidence's opening subject,
        # taken up by a pronoun after "so", may be named on both sides of the claim
        if any(x.norm in _TAKEN_UP for x in etoks[e + 1:]):
            subj = _opening_phrase(evidence, e)
            if subj and (cb - subj) and (ca - subj) and cb - subj <= e_after and ca - subj <= e_before \
                    and (cb | ca) & subj <= e_before and _taken_up(evidence, range(e + 1, len(etoks)), cb & subj):
                return True
            # "the fuel run has been moved because Magnus could not fly it" for "Magnus could not
            # fly the fuel run, so it has been moved": any one phrase of the cause may be what the
            # pronoun after "so" takes up, and the claim may name it in the effect instead
            phrase = cb - e_after
            if phrase and ca and ca <= e_before and cb - phrase <= e_after and _one_phrase(evidence, e, phrase) \
                    and _taken_up(evidence, range(e + 1, len(etoks)), phrase):
                return True
    return False


_PERSONAL = frozenset({"he", "him", "his", "she", "her", "hers", "they", "them", "their"})


def _taken_up(a: Analysis, where: range, words: set[str]) -> bool:
    """Whether a pronoun in ``where`` may stand for the phrase of ``words`` (none needed when
    there are no words): "he", "she" or "they" for a person's name, "it" or "they" for anything
    else. "Magnus could not fly the run, so it has been moved" moved the run, not Magnus."""
    if not words:
        return True
    # (a phrase with a word outside the name, "the Halvergate mower", is a thing; a name of no
    # person, a mare's or a ship's, may be "she" or "it")
    named = [n for n in a.names if words <= _content_at(a, range(n.first, n.last + 1))]
    if any(guess_kind(n.text) == "person" for n in named):
        fits = _PERSONAL
    else:
        fits = _TAKEN_UP | _PERSONAL if named else _TAKEN_UP
    return any(a.tokens[k].norm in fits for k in where)


def _one_phrase(a: Analysis, end: int, words: set[str]) -> bool:
    """Whether the words stand together, in one unbroken run of tokens before ``end``, and no
    word of theirs stands anywhere else there."""
    at = [k for k in range(end) if not _skippable(a.tokens[k]) and words.intersection(a.stems[k])]
    return bool(at) and at[-1] - at[0] + 1 == len(at) and {x for k in at for x in a.stems[k]} >= words


_TAKEN_UP = frozenset({"it", "its", "they", "their", "them"})


def _opening_phrase(a: Analysis, end: int) -> set[str]:
    """The content words before the first verb of a text (its subject), up to ``end``."""
    k = 0
    while k < end and not (a.tokens[k].norm in BE_FORMS or a.tokens[k].norm in _AUX_OPENERS
                           or a.tokens[k].norm in COMMON_VERBS or a.tokens[k].norm.endswith("ed")):
        k += 1
    return _content_at(a, range(k))


_AUX_OPENERS = frozenset({"has", "have", "had", "will", "would", "can", "could", "must", "should", "may", "might", "does", "did", "do"})


def _name_words(a: Analysis) -> set[str]:
    """The content words of a text's names, with a number right after a name ("Sheet 3")."""
    out: set[str] = set()
    for n in a.names:
        end = n.last + 2 if n.last + 1 < len(a.tokens) and a.tokens[n.last + 1].norm.isdigit() else n.last + 1
        out |= _content_at(a, range(n.first, end))
    return out


# Words that make the noun after them a part of it: "a half marathon" is no marathon.
_FRACTIONS: frozenset[str] = frozenset({"half", "quarter"})

# Phrases that take something out of what was just said: "all the benches except the one by the
# pond", "his early shifts, except on 18 June". What they are said of comes before them.
_EXCEPTIONS: tuple[tuple[str, ...], ...] = (
    ("except",), ("excepting",), ("excluding",), ("apart", "from"), ("other", "than"),
    ("with", "the", "exception", "of"), ("save", "for"),
)
_EXCEPTION_OPENERS = frozenset(p[0] for p in _EXCEPTIONS)


def _one_of_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """'the accompanying adult' from 'one of the accompanying adults': the definite singular says
    there is only the one ("an accompanying adult" says no more than the evidence)."""
    et, ct = evidence.tokens, claim.tokens
    for k in range(len(et) - 3):
        if et[k].norm != "one" or et[k + 1].norm != "of" or et[k + 2].norm != "the":
            continue
        run = []  # the noun phrase after "one of the", up to its plural head
        j = k + 3
        while j < len(et) and len(run) < 4 and et[j].norm.isalpha() and et[j].norm not in STOPWORDS:
            run.append(j)
            if et[j].norm.endswith("s") and evidence.text[et[j].end:et[j].end + 1] != "'":
                break
            j += 1
        if not run or not et[run[-1]].norm.endswith("s"):
            continue
        keys = [evidence.keys[x] for x in run]
        for c in range(len(ct) - len(run)):
            if ct[c].norm == "the" and [claim.keys[c + 1 + x] for x in range(len(run))] == keys \
                    and not ct[c + len(run)].norm.endswith("s") and (c == 0 or ct[c - 1].norm != "of"):
                said = " ".join(t.text for t in et[k:run[-1] + 1])
                return GateVerdict.refuse(
                    CODE, GATE,
                    f"the evidence says '{said}': one of several, not the only one; say so",
                    f"'one of' dropped: '{said}'",
                )
    return None


def _modifier_moved_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """A word the claim sets before a noun that the evidence sets only before another noun: "the
    red car" from "the blue car and a red bike", "permanent district officer" from "acting district
    officer until a permanent replacement is found". The word is in the evidence, but not of that
    thing. A word the evidence says of nothing in particular ("the car is red") is not judged."""
    ct = claim.tokens
    at_key: dict[str, list[int]] = {}
    for j, key in enumerate(evidence.keys):
        at_key.setdefault(key, []).append(j)
    for k in range(len(ct) - 1):
        m, n = ct[k], ct[k + 1]
        if not _plain_word(m) or not _plain_word(n) or claim.in_numeral[k] or claim.in_numeral[k + 1] \
                or not _joined(claim, k) or m.norm.endswith("ly"):
            continue  # ("a walker, slipped"; "remotely reset": an adverb is no modifier of a noun)
        if not _opens_phrase(claim, k):
            continue  # "repaired boats", "remotely reset turbine T-22": a verb and its object
        m_key, n_key = claim.keys[k], claim.keys[k + 1]
        heads = at_key.get(n_key, [])
        if not heads or any(m_key in _premodifiers(evidence, j) for j in heads):
            continue
        uses = at_key.get(m_key, [])
        if uses and all(_modifies_another(evidence, j, n_key) for j in uses):
            return GateVerdict.refuse(
                CODE, GATE,
                f"the evidence says '{m.text}' of something else, not of '{n.text}'; remove it, or "
                "quote a sentence that says it of that",
                f"modifier moved: '{m.text} {n.text}'",
            )
    return None


def _opens_phrase(a: Analysis, k: int) -> bool:
    """Whether the word at ``k`` follows a determiner, a possessive or a preposition other than
    "to" (so stands inside a noun phrase: "the red car", "as permanent district officer")."""
    if k == 0:
        return False
    before = a.tokens[k - 1].norm
    return before in _DETERMINERS or before == "'s" or before in PREPOSITIONS and before != "to"


def _joined(a: Analysis, k: int) -> bool:
    """Whether tokens ``k`` and ``k + 1`` stand with nothing but a space between them."""
    return not a.text[a.tokens[k].end:a.tokens[k + 1].start].strip()


def _plain_word(t: Token) -> bool:
    return t.norm.isalpha() and not t.capitalized and t.norm not in STOPWORDS and t.norm not in NEUTRAL_WORDS


def _premodifiers(a: Analysis, head: int) -> set[str]:
    """The keys of the words right before a noun, back to the first word that cannot modify it."""
    out: set[str] = set()
    j = head - 1
    while j >= 0 and head - j <= 4 and _plain_word(a.tokens[j]) and _joined(a, j):
        out.add(a.keys[j])
        j -= 1
    return out


def _modifies_another(a: Analysis, at: int, noun: str) -> bool:
    """Whether the word at ``at`` stands in a noun phrase whose head is not ``noun``: plain words
    after it, up to the phrase's end, none of them ``noun``."""
    j = at + 1
    while j < len(a.tokens) and _plain_word(a.tokens[j]) and _joined(a, j - 1) and j - at <= 3:
        if a.keys[j] == noun:
            return False
        j += 1
    return j > at + 1 and not is_verb(a.tokens[j - 1].norm) and _opens_phrase(a, at)


def _some_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """A claim that opens with what the evidence says of only some of it, without the "some"."""
    ct, et = claim.tokens, evidence.tokens
    c0 = 1 if ct and ct[0].norm in ("the",) else 0
    if len(ct) < c0 + 2 or ct[c0].norm in _PART_QUANTIFIERS or claim.in_numeral[c0]:
        return None
    for k in range(len(et) - 2):
        if et[k].norm not in _PART_QUANTIFIERS or evidence.in_numeral[k + 1] or et[k + 1].norm == "of":
            continue  # "some 300 people" is about 300; "some of the" is read as "one of the"
        if k > 0 and evidence.clauses[k - 1] == evidence.clauses[k] and et[k - 1].norm not in ("that", "and", "but"):
            continue  # only a quantified subject ("... warned that some brackets are"), not an object
        if [evidence.keys[k + 1], evidence.keys[k + 2]] == [claim.keys[c0], claim.keys[c0 + 1]]:
            said = " ".join(t.text for t in et[k:k + 3])
            return GateVerdict.refuse(
                CODE, GATE,
                f"the evidence says '{said}': only some; keep '{et[k].text}'",
                f"quantifier dropped: '{said}'",
            )
    return None


def _exception_refusal(claim: Analysis, evidence: Analysis, claim_stems: frozenset[str]) -> GateVerdict | None:
    """A claim that keeps what an exception is taken from but drops the exception says it of all."""
    et = evidence.tokens
    norms = [t.norm for t in et]
    claim_norms = {t.norm for t in claim.tokens}
    for k in range(1, len(norms)):
        if norms[k] not in _EXCEPTION_OPENERS:
            continue  # almost every word: no phrase to compare
        phrase = next((p for p in _EXCEPTIONS if tuple(norms[k:k + len(p)]) == p), None)
        if phrase is None or phrase[0] in claim_norms:
            continue  # no exception here, or the claim keeps one (what it governs is checked elsewhere)
        before: list[int] = []
        j = k - 1
        while j >= 0 and len(before) < 2 and not any(ch in ".;:!?" for ch in evidence.text[et[j].end:et[j + 1].start]):
            if norms[j] not in STOPWORDS and any(c.isalnum() for c in norms[j]):
                before.append(j)
            j -= 1
        if before and all(evidence.keys[b] in claim_stems for b in before):
            said = " ".join(t.text for t in et[k:k + len(phrase) + 3])
            return GateVerdict.refuse(
                CODE, GATE,
                f"the evidence makes an exception ('{said} ...'); keep it, or leave out what it is taken from",
                f"exception dropped: '{said}'",
            )
    return None


def _fraction_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """A fraction before a noun the claim keeps, dropped: "finished the half marathon" does not
    support "finished the marathon"."""
    ev = evidence.tokens
    kept = {t.norm for t in claim.tokens}
    for i in range(len(ev) - 1):
        if ev[i].norm not in _FRACTIONS or ev[i].norm in kept:
            continue
        j = i + 1
        while j < len(ev) - 1 and (ev[j].norm in ARTICLES or ev[j].norm == "of"):
            j += 1  # "half an hour", "half of the pie"
        if evidence.clauses[j] == evidence.clauses[i] and ev[j].norm not in NEUTRAL_WORDS \
                and ev[j].norm not in STOPWORDS \
                and not evidence.in_numeral[j] and evidence.keys[j] in claim.keys \
                and not _said_whole_as_often(claim, evidence, evidence.keys[j], i):
            # (a fraction is of the noun after it: "in the second half after a warning" ends with "half")
            return GateVerdict.refuse(
                CODE, GATE,
                f"the evidence says '{ev[i].text} … {ev[j].text}'; keep '{ev[i].text}', or quote the sentence "
                f"that says '{ev[j].text}' alone",
                f"fraction dropped: '{ev[i].text} {ev[j].text}'",
            )
    return None


def _said_whole_as_often(claim: Analysis, evidence: Analysis, key: str, at: int) -> bool:
    """Whether the claim's noun may be one the evidence says without a fraction: the evidence says
    it whole as often as the claim says it, and no word just before a claim's one is a word just
    before the fraction at ``at`` ("£40 for a full plot" is kept from "£40 for a full plot and £22
    for a half plot"; "£22 for a plot" is not)."""
    ev = evidence.tokens
    whole = 0
    for j, k in enumerate(evidence.keys):
        if k != key:
            continue
        i = j - 1
        while i > 0 and (ev[i].norm in ARTICLES or ev[i].norm == "of"):
            i -= 1
        if i < 0 or ev[i].norm not in _FRACTIONS:
            whole += 1
    mine = [c for c, k in enumerate(claim.keys) if k == key]
    if whole < len(mine):
        return False

    def before(a: Analysis, end: int) -> set[str]:
        return {a.keys[x] for x in range(max(0, end - 4), end)
                if a.keys[x] != key and a.tokens[x].norm not in STOPWORDS and any(ch.isalnum() for ch in a.tokens[x].norm)}

    fractioned = before(evidence, at)
    return not any(before(claim, c) & fractioned for c in mine)


_UNIVERSAL = frozenset({"all", "every", "each"})


def _only_prefix_negated(claim: Analysis, evidence: Analysis, i: int) -> str | None:
    """The evidence's word when claim token ``i`` occurs there only behind "non-" ("refundable" of
    "non-refundable", which says the opposite); None when it occurs bare too, or is negated alike."""
    if claim.tokens[i].parts[0] == "non":
        return None
    key = claim.keys[i]
    negated = None
    for k, t in enumerate(evidence.tokens):
        if key not in evidence.stems[k]:
            continue
        if len(t.parts) < 2 or t.parts[0] != "non":
            return None
        negated = t.text
    return negated


def _universal_noun(a: Analysis, i: int) -> str | None:
    """The key of the word that "all", "every" or "each" at ``i`` is said of, past "of" and "the"
    ("all of the technicians")."""
    j = i + 1
    if j < len(a.tokens) and a.tokens[j].norm == "of":
        j += 1
    if j < len(a.tokens) and a.tokens[j].norm == "the":
        j += 1
    return a.keys[j] if j < len(a.tokens) else None


def _focus_refusal(claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    """ "just on Mondays" from "every day, not just on Mondays": the evidence's "not just" says more
    than that; the claim keeps "just" with what follows it and drops the "not", saying the opposite."""
    et, ct = evidence.tokens, claim.tokens
    for i in range(len(et) - 2):
        if et[i].norm != "not" or et[i + 1].norm not in _NOT_FOCUS:
            continue
        focus, nxt = et[i + 1].norm, evidence.keys[i + 2]
        if any(et[m].norm == focus and evidence.keys[m + 1] == nxt and not (m and et[m - 1].norm == "not")
               for m in range(len(et) - 1)):
            continue  # the evidence also says it without the "not": "only Ada can't only Ada"
        for k in range(len(ct) - 1):
            if ct[k].norm == focus and claim.keys[k + 1] == nxt and not (k and ct[k - 1].norm == "not"):
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence says 'not {focus} {et[i + 2].text}'; keep the 'not', or drop '{focus}'",
                    f"negation removed: 'not {focus} {et[i + 2].text}'",
                )
    return None


def check_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`check` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    ev_stems = _content_stems(evidence)
    claim_stems = _content_stems(claim)
    refusal = (_negation_refusal(claim, evidence, claim_stems) or _focus_refusal(claim, evidence)
               or _qualifier_refusal(claim, evidence, claim_stems)
               or _rate_refusal(claim, evidence, claim_stems) or _deictic_refusal(claim, evidence)
               or _aspect_refusal(claim, evidence) or _fraction_refusal(claim, evidence)
               or (None if evidence is claim else _exception_refusal(claim, evidence, claim_stems)
                   or _one_of_refusal(claim, evidence) or _some_refusal(claim, evidence)
                   or _modifier_moved_refusal(claim, evidence)))
    if refusal is not None:
        return refusal
    ev_future: bool | None = None
    toks = claim.tokens
    for i, t in enumerate(toks):
        n = t.norm
        if n in NEGATIONS or n in NEUTRAL_WORDS:
            continue
        if n in _SEQUENCE_WORDS and n not in ev_stems and i + 1 < len(toks):
            nxt = toks[i + 1].norm
            if nxt.endswith("ing") and stem(nxt) in ev_stems:
                continue
        going_to = n == "going" and i + 1 < len(toks) and toks[i + 1].norm == "to"
        if (n in _FUTURE_MARKERS or going_to or n == "would" and _backshifted(claim)) and n not in ev_stems:
            if ev_future is None:
                ev_future = _has_future(evidence)
            if ev_future:
                continue
        if claim.keys[i] in ev_stems:
            negated = _only_prefix_negated(claim, evidence, i)
            if negated is not None:
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence says '{negated}'; keep its 'non-', or quote the sentence that says "
                    f"'{t.text}'",
                    f"negation removed: '{negated}'",
                )
            continue
        if n in _UNIVERSAL and _universal_noun(claim, i) is not None and any(
                t.norm in _UNIVERSAL and _universal_noun(evidence, k) == _universal_noun(claim, i)
                for k, t in enumerate(evidence.tokens)):
            continue  # "all (the) technicians" says what "every technician" says (not "every week" of another noun)
        if n in ("because", "so") and _cause_turned(claim, evidence, i):
            continue
        if n == "could" and "can" in ev_stems and (_tense_backshifted(claim, evidence, i) or _backshifted(claim, "could", i)):
            continue  # "asked ... so that the pages could close" for "has asked ... can close"
        parts = t.parts if len(t.parts) > 1 else (n,)
        for part in parts:
            if part in NEUTRAL_WORDS or _number_part(t, part, claim.in_numeral[i]):
                continue
            if stem(part) not in ev_stems and not unit_carried(claim, evidence, i):
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence does not say '{part}'; remove it, or quote the sentence that "
                    "says it",
                    part,
                )
    surplus = None if evidence is claim else _surplus_form(claim, evidence)
    if surplus is not None:
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"the evidence says '{surplus}' fewer times than the claim, and not in this form; remove it",
            surplus,
        )
    return GateVerdict.admit()


def _surplus_form(claim: Analysis, evidence: Analysis) -> str | None:
    """A word the claim says more often than the evidence, in a form the evidence never uses:
    "recorded a record 4,860 rental days" from "recorded 4,860 rental days" adds a word that
    only shares its stem with one the evidence has."""
    def forms(a: Analysis) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for k, t in enumerate(a.tokens):
            opens = k == 0 or a.tokens[k - 1].norm in (".", "!", "?", ":", ";")
            if t.norm.isalpha() and t.norm not in STOPWORDS and t.norm not in NEUTRAL_WORDS \
                    and (opens or not t.text[:1].isupper()):  # a capital inside a sentence is a name's
                out.setdefault(a.keys[k], []).append(t.norm)
        return out

    theirs = forms(evidence)
    for key, mine in forms(claim).items():
        said = theirs.get(key, [])
        if said and len(mine) > len(said):
            extra = next((w for w in mine if w not in said), None)
            if extra is not None:
                return extra
    return None


def check(claim: str, evidence: str) -> GateVerdict:
    """Refuse with ``asserts_more_than_evidence`` if the claim adds a word or flips a negation."""
    return check_analyzed(analyze(claim), analyze(evidence))
