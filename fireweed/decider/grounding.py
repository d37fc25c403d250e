"""What a stored claim can ground: its concepts, its names, and the typed values it carries.

The read gate asks of each candidate claim: does it mention this word (or a
relation equivalent or synonym of it)? does it carry a value of the asked
type (a date, an amount of money, a clock time, a dose, a person...) that the
question did not already state? These answers come from a ``ClaimIndex``
built once per claim and cached on its Fact.

>>> from fireweed.decider.facts import parse_claim
>>> ci = index_of(parse_claim("Dr. Ken Li increased Ada Obi's dose to 10 mg at 09:15 on 3 May."))
>>> sorted(t for t in ("dose", "clock", "date", "money", "person") if ci.typed(t))
['clock', 'date', 'dose', 'person']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fireweed.decider.facts import Fact
from fireweed.decider.lexicon import (BE_FORMS, MONEY_PATTERN, MONTHS, NEGATIONS, STOPWORDS, WEEKDAYS, is_number, is_verb, past_form,
                                      role_word, stem, stems_of)
from fireweed.decider.name_spans import Span, guess_kind
from fireweed.decider.relations import lexicon
from fireweed.decider.text import CARDINAL_WORDS, CURRENCY_CODES, TITLES

__all__ = ["ClaimIndex", "index_of", "PRIOR_MARKERS", "CLOCK_RE", "is_measure_unit", "money_token"]

CLOCK_RE = re.compile(r"^\d{1,2}[:.]\d{2}$")  # "14:12", "9.30": a time of day
_ELAPSED = re.compile(r"^\d{1,3}:\d{2}:\d{2}(\.\d+)?$")  # "2:31:47": a race or a lap time
_YEAR = re.compile(r"^(1[89]|20)\d\d(-\d\d)?$")
# Verbs that link a thing to what it is ("the club is free", "entry remains free")
_LINKING = frozenset({"is", "are", "was", "were", "be", "been", "remains", "remain", "stays", "stay"})
_YEAR_PREPS = frozenset({"in", "since", "until", "till", "circa", "c"})


def _older_year(v: str, prev: str, nxt: str) -> bool:
    """A year before 1800, known by its preposition: "built in 1796", "since 1642"; not "in 1500
    copies", where a word follows that the number counts."""
    return len(v) == 4 and v.isdigit() and v[0] == "1" and prev in _YEAR_PREPS \
        and not (nxt.isalpha() and nxt not in STOPWORDS)
_UNITS = {
    "duration": "second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks fortnight fortnights month months year years decade decades night nights",
    "dose": "mg mcg µg ug g ml iu unit units tablet tablets capsule capsules puff puffs drop drops dose doses "
            "millilitre millilitres milliliter milliliters milligram milligrams microgram micrograms",
    "mass": "kg kgs g gram grams milligram milligrams microgram micrograms nanogram nanograms kilo kilos kilogram kilograms lb lbs pound pounds tonne tonnes ton tons oz ounce ounces stone cwt hundredweight hundredweights",
    "distance": "km kilometre kilometres kilometer kilometers m metre metres meter meters mile miles cm mm foot feet ft inch inches yard yards "
                "centimetre centimetres centimeter centimeters millimetre millimetres millimeter millimeters",
    "temp": "degree degrees °c °f celsius fahrenheit",
    "power": "w watt watts kw kilowatt kilowatts mw megawatt megawatts hp horsepower bhp",
    "speed": "mph kph knot knots mbps kbps gbps mbit/s rpm",
    "percent": "% percent per cent",
    "money": "pound pounds £ dollar dollars euro euros pence p cent cents million billion thousand bn k",
}
_COLOURS = frozenset("""red orange yellow green blue purple violet pink brown black white grey gray silver gold
    golden beige cream navy maroon turquoise teal crimson scarlet ivory tan khaki olive burgundy lilac lavender
    mauve amber ochre bronze copper charcoal""".split())
_MAKER_WORDS = ("author", "writer", "creator", "write", "wrote", "create")
_UNIT_OF: dict[str, set[str]] = {}
for _t, _ws in _UNITS.items():
    for _w in _ws.split():
        _UNIT_OF.setdefault(_w, set()).add(_t)


def is_measure_unit(word: str) -> bool:
    """Whether the word is a unit something is measured in ("kilograms", "litres", "hours"), not
    a sum of money."""
    kinds = _UNIT_OF.get(word.lower(), set())
    return bool(kinds) and not kinds <= {"money", "percent"}


_REASON = frozenset("because due owing thanks caused reason".split())
# "since" and "after" give a reason only when a clause follows ("after the season was cut short"), not a time
_REASON_IF_CLAUSE = frozenset({"since", "after", "following"})
# what went wrong, named by a noun ("after a fault", "following a complaint") or a past verb
_MISHAPS = frozenset("""fault failure accident fire flood flooding storm gale crash leak collapse breakdown injury
    complaint complaints outbreak incident error spill burst blockage explosion malfunction defect dispute strike
    illness infection damage break-in theft vandalism power-cut outage""".split())
# works a thing is taken out of use for ("closed for refurbishment"), and the words that say it is
_WORKS = frozenset("""overhaul repair repairs maintenance refurbishment renovation renovations refit servicing
    inspection upgrade upgrades resurfacing redecoration rewiring""".split())
_OUT_OF_USE = frozenset("closed close closes closing shut shuts service offline suspended withdrawn unavailable".split())
# "after breaking his ankle": a mishap in -ing right after "after"/"following" is why, not when
_MISHAP_INGS = frozenset("""breaking fracturing spraining tearing twisting injuring hurting damaging falling slipping
    tripping crashing failing collapsing bursting cracking leaking flooding catching""".split())
# words that end the noun phrase after "with"
_PHRASE_ENDS = frozenset("in on at to from for by after before during and or but".split())
# what a thing is done "to" keep from happening, or to keep: the purpose is why
_AVERTING = frozenset({"avoid", "prevent", "protect", "save", "reduce", "ease", "limit", "stop"})
# verbs that take a thing somewhere, beside the lexicon's group of moving
_CARRYING = frozenset(stem(w) for w in ("carry", "take", "bring", "send", "deliver", "return", "tow", "ship", "transport", "ferry"))
# prepositions after a verb in a listed phrase ("move to", "pay for"), unlike adverb particles ("back")
_PHRASE_PREPS = frozenset({"to", "from", "into", "onto", "in", "on", "at", "for", "with", "over", "of", "by", "about"})
_PAST_EVENTS = frozenset("""split broke burst fell collapsed failed cracked leaked caught froze tore blew crashed flooded
    seized jammed overheated stalled""".split())
_MISHAP_PASTS = _PAST_EVENTS - {"caught", "fell", "split", "blew"}  # "when the season fell quiet" is a time
def _clause_ahead(lower: list[str], i: int, reach: int) -> list[str]:
    """The words after ``i``, at most ``reach`` of them, up to the first comma or sentence end."""
    window = lower[i + 1 : i + 1 + reach]
    return window[: next((k for k, x in enumerate(window) if x in (",", ";", ".")), len(window))]


def _irregular_past(w: str) -> bool:
    """A verb's irregular past form ("began", "broke", "fell"), which no "-ed" shows."""
    base = stem(w)
    return w.isalpha() and not w.endswith(("s", "ing", "ed")) and base != w and base != w.rstrip("e") and is_verb(base)


# a place named by a common noun after a preposition of place ("in a herring-curing yard")
# prepositions of where a thing is put, and verbs of putting, keeping or showing a thing somewhere
_LOCATIVE_PREPS = frozenset({"in", "on", "at", "behind", "above", "below", "under", "beneath", "beside", "inside", "over",
                             "alongside"})
_PLACING = frozenset(stem(w) for w in (
    "appear put place fit install mount hang print stick attach fix park house position locate store keep display "
    "show stack shelve pin").split())
_PLACING_CONCEPTS = frozenset({"R:keep", "R:exhibit"})
_PLACE_PREPS = frozenset({"in", "at", "into", "to", "on", "near", "inside", "outside", "beside", "behind"})
_PLACE_NOUNS = frozenset("""yard hall hospital school church chapel station office park garden house home farm field room
    ward centre center library museum theatre theater village town city harbour harbor port airport clinic kitchen
    warehouse depot site shed barn street road lane square market shop studio gallery lab laboratory building
    basement attic cellar garage workshop factory mill quay pier dock beach lake river wood forest hill valley
    island court courtroom prison surgery pharmacy hotel pub restaurant cafe café canteen gym pool stadium arena
    ground pitch track campus college university institute embassy barracks base camp bypass motorway highway
    roundabout junction bridge crossing avenue path towpath platform terminal layby lay-by carpark
    conservatory porch lounge courtyard hallway corridor foyer lobby loft driveway patio terrace balcony veranda
    greenhouse orchard allotment paddock stables kennel kennels cattery marina wharf jetty canal meadow
    moor cove reception staffroom classroom playground churchyard cemetery graveyard pavilion clubhouse
    boathouse bandstand rink sanctuary vestry crypt chamber cabin cottage flat apartment bungalow annexe
    annex basement cloakroom bathroom bedroom dining-room nursery laundry pantry scullery
    showroom storeroom warehouse yard precinct plaza arcade mall supermarket bakery
    vicarage rectory manse parsonage presbytery deanery abbey priory cathedral temple mosque synagogue castle
    palace manor guesthouse hut lighthouse dockyard
    library parlour salon spa hostel inn motel lodge chalet campsite caravan marquee tent hangar depot
    terminus airfield aerodrome heliport harbourside quayside seafront promenade esplanade heath
    green park parkland woodland copse spinney grove reservoir pond loch estuary shore coast beach dunes
    summit ridge gorge glen dale fell mountain crag quarry mine colliery docks shipyard boatyard
    vineyard brewery distillery dairy creamery abattoir sawmill smithy forge foundry refinery""".split())
_CONSTRAINT = frozenset("cannot can't must only limited limit least most required requires forbidden prohibited restricted not no never without".split())
_PURPOSE = frozenset("towards toward for fund funds pay cover so purpose".split())
# words after which "to" and a verb say no purpose ("is able to", "is due to", "has yet to")
_NOT_PURPOSE = frozenset("able unable due about going used ought yet likely unlikely set bound sure certain "
                         "want wants plan plans need needs has have had".split())
# words that make a weight a dose
_DOSING = frozenset(stem(w) for w in ("dose", "dosage", "prescribe", "administer", "inject", "add"))
_ROLE_VERBS = frozenset(stem(w) for w in "elect appoint name hire promote act serve work become".split())
# the same verbs done again give the post again: "was re-elected chairman", "reappointed warden"
_ROLE_VERBS |= frozenset(prefix + stem(w) for prefix in ("re", "re-") for w in ("elect", "appoint", "hire"))
_FREQ = frozenset("daily weekly monthly annually yearly once twice thrice every each hourly nightly fortnightly".split())
PRIOR_MARKERS = frozenset(stem(w) for w in "previously formerly before prior originally earlier instead replace replaced until former used from initially".split())
_NUM_WORDS: frozenset[str] = frozenset(CARDINAL_WORDS).difference(("zero", "nought", "nil")) | frozenset(
    "hundred thousand dozen half twin twins triplets quadruplets".split())


@dataclass
class ClaimIndex:
    """Per-claim lookup tables for the read gate."""

    concepts: set[str] = field(default_factory=set)
    stems: set[str] = field(default_factory=set)
    types: dict[str, set[str]] = field(default_factory=dict)
    spans: list[Span] = field(default_factory=list)
    named: frozenset[int] = frozenset()  # the token positions inside the spans
    span_keys: set[str] = field(default_factory=set)
    lower: list[str] = field(default_factory=list)
    concept_pos: dict[str, list[int]] = field(default_factory=dict)
    negation_pos: list[int] = field(default_factory=list)
    values: frozenset[str] = frozenset()
    # whose each role is, where the claim says ("as her vice-captain" after "named Pernille Aske"):
    # the name keys that hold it, or "" where it does not say
    role_owners: dict[str, set[str]] = field(default_factory=dict)

    def _numbers_of(self, kinds: tuple[str, ...]) -> set[str]:
        """The numbers that stand in values of these kinds ("3" of "3 hours")."""
        return {v.split(" ")[0] for k in kinds for v in self.types.get(k, ())}

    def typed(self, kind: str, exclude: frozenset[str] | set[str] = frozenset()) -> bool:
        """True when the claim carries a value of this kind that is not among ``exclude``."""
        if kind in ("any", "thing"):
            return True
        got = self.types.get(kind, set())
        if kind == "amount":
            # "what was the walk's total" is not answered by "lasted 3 hours": a number that
            # counts time is a duration or a date, not an amount
            timed = self._numbers_of(_TIME_KINDS)
            got = got | self.types.get("money", set()) | {v for v in self.types.get("number", set()) if v not in timed}
        if kind == "measure":
            # "how tall": a number that counts time or money ("within six months", "140 years
            # old") measures nothing
            timed = self._numbers_of(_TIME_KINDS + ("money",)) | self.types.get("kind_count", set())
            got = {v for v in self.types.get("number", set()) if v not in timed}.union(
                *(self.types.get(k, set()) for k in ("mass", "distance", "temp", "percent", "dose", "power")))
        if kind == "dose" and self.stems & _DOSING:
            # "a sulphur dose of 2 kilograms per hectare", "prescribed 40 mg": a weight given as a dose
            got = got | self.types.get("mass", set())
        if kind == "extent":
            # "how deep", "how wide", "how tall": a length ("12 supervised transits" counts, it measures nothing)
            got = self.types.get("distance", set())
        if kind == "rate":
            got = got | self.types.get("percent", set())  # "a recycling rate of 46%"
        if kind == "time":
            # "her backstroke time", "the start time": a time taken or a time of day
            got = got | self.types.get("clock", set()) | self.types.get("duration", set())
        if kind == "number":
            # "what is its pumping capacity" is not answered by "at 17:25": a time of day counts
            # nothing, nor does a year ("what was the score" is not "2024")
            got = got - self.types.get("clock", set()) - self.types.get("year", set())
        if kind == "lateness":
            # "how late did it depart": by how much ("47 minutes late") or until when ("open late, to 22:00")
            got = self.types.get("offset", set()) | self.types.get("clock", set())
        if kind == "day":
            got = got | self.types.get("date", set())
        if kind == "date":
            # "when did she page the team" is answered by "at 14:07" as well as by a date
            got = got | self.types.get("day", set()) | self.types.get("year", set()) | self.types.get("clock", set())
        if kind == "year":
            got = got | {v for v in self.types.get("date", set()) if _YEAR.match(v)}
        if kind == "name":
            got = got | self.types.get("person", set()) | self.types.get("title", set())
        # a value the question states, with or without its unit ("the women's 60-minute score"
        # states "60 minute"), fills no hole
        return any(v not in exclude and not (v[:1].isdigit() and v.split(" ")[0] in exclude) for v in got)

    def has(self, concepts: frozenset[str]) -> bool:
        """True when any of the concepts occurs in the claim."""
        return bool(self.concepts & concepts)

    def positions(self, concepts: frozenset[str]) -> list[int]:
        """Token positions where any of the concepts occurs."""
        out: list[int] = []
        for c in concepts:
            out.extend(self.concept_pos.get(c, ()))
        return sorted(set(out))


# Plain forms of address name no role; every other title does ("Inspector", "Councillor").
# ("Dr" says a degree is held, not what the holder does)
_ADDRESS_ONLY = frozenset({"mr", "mr.", "mrs", "mrs.", "ms", "ms.", "miss", "mx", "mx.", "sir", "dame", "lord", "lady",
                           "dr", "dr."})
_APPOSITION_ENDS = frozenset({",", ";", ".", "at", "of", "for", "with", "in"})


def _stop_after(lower: list[str], k: int, reach: int, spans: list[Span]) -> int | None:
    """The first comma, semicolon or full stop from ``k`` within ``reach`` words: where a phrase
    set off after a name ends. A name counts as one word ("the secretary of the Threnwick and
    District Homing Society,": a long name makes the phrase no longer)."""
    long_names = {sp.first: sp.last for sp in spans if sp.last - sp.first > 1}
    x, words = k, 0
    while x < len(lower) and words < reach:
        if lower[x] in (",", ";", "."):
            return x
        x = long_names.get(x, x + 1)
        words += 1
    return None


def _roles_around(lower: list[str], sp: Span, spans: list[Span]) -> list[str]:
    """What a claim says someone is, in the words around their name: a title in front ("Treasurer
    Maelle Adebanjo", "conservator Mireille Osagie-Hart") or an apposition after it ("Declan
    Farrow, the school's music lead, ...", "Saoirse Lindahl, Thornfield's senior vet, ...")."""
    out: list[str] = []
    words_of = sp.text.lower().split()  # the surface: the match tokens drop titles
    lead = words_of[0].rstrip(".") if words_of else ""
    # ("Vennor River Agency" opens with no title: an agent ending names a post only before a person)
    if len(words_of) >= 3 and lead not in _ADDRESS_ONLY and (
            lead in TITLES or role_word(lead) and guess_kind(sp.text) == "person"):
        out.append(lead)
    k = sp.first - 1
    if k > 0 and lower[k] == "," and not sp.possessive:
        k -= 1  # "the council's tree officer, Peregrine Obi, ...": the role set off before the name
    words: list[str] = []
    while k >= 0 and len(words) < 2 and role_word(lower[k]):
        words.insert(0, lower[k])
        k -= 1
    if not words and k >= 2 and lower[k - 1] == "of" and lower[k].isalpha() and lower[k] not in STOPWORDS \
            and role_word(lower[k - 2]):
        words = lower[k - 2:k + 1]  # "Curator of palaeontology Dr Folasade Adebayo-Lind"
    if words:
        out.append(" ".join(words))
    j = sp.last
    if j + 1 < len(lower) and lower[j] == "," and lower[j + 1] in ("the", "a", "an", "our", "his", "her", "their"):
        end = _stop_after(lower, j + 1, 8, spans)
        if end is not None and end > j + 2:
            out.append(" ".join(lower[j + 1:end]))
    if j + 1 < len(lower) and lower[j] == "," and lower[j + 1] not in ("the", "a", "an", "our", "his", "her", "their"):
        # an apposition without a determiner: "Ilse Tamburini, box-office manager at the Quarrendon
        # Theatre, ...", "Cosmin Haverkamp, leader of the 3rd Vessendale Scouts, ..."
        k = j + 1
        while k < min(len(lower), j + 5) and lower[k] not in _APPOSITION_ENDS and not any(o.first == k for o in spans):
            k += 1
        words = lower[j + 1:k]
        if words and k < len(lower) and lower[k] in _APPOSITION_ENDS and role_word(words[-1]) \
                and all(w.replace("-", "").isalpha() and w not in STOPWORDS for w in words):
            end = _stop_after(lower, k, 9, spans)
            if end is not None:
                out.append(" ".join(lower[j + 1:end]))
    owner = next((o for o in spans if o.first == j + 1 and o.possessive), None) if j < len(lower) and lower[j] == "," else None
    if owner is not None:
        # the apposition opens with another name's possessive: what follows it is the role there
        k = owner.last + 1 if owner.last < len(lower) and lower[owner.last] == "'s" else owner.last
        end = _stop_after(lower, k, 5, spans)
        if end is not None and end > k and role_word(lower[end - 1]):
            out.append(" ".join(lower[j + 1:end]))
    return out


_TIME_UNITS = frozenset({"minute", "hour", "day", "week", "fortnight", "month", "year"})
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "his", "her", "its", "their",
                          "our", "my", "your", "'s"})


_FINITE = frozenset({"is", "are", "was", "were", "has", "have", "had", "does", "did", "will", "can", "could"})


def _clause_as(lower: list[str], i: int) -> bool:
    """ "as" opening a clause ("…, as the snowmelt has eased"; "such as"), not "as" naming a role
    ("joined as treasurer", "works as a nurse")."""
    prev = lower[i - 1] if i > 0 else ","
    return prev in (",", ";", ":", "such", "just", "so") or any(x in _FINITE for x in lower[i + 1:i + 5])


# Verbs whose year is when a thing began, so that the year tells how old it is ("built in 1962",
# "dates from 1989", "founded in 1921", "born in 1987").
_ORIGIN_VERBS = frozenset(
    "built made dates dated dating founded established born constructed manufactured erected "
    "opened launched planted laid cast fitted installed".split())
_OFFSETS = frozenset({"late", "early", "later", "earlier", "ago", "behind", "ahead", "overdue", "before", "after"})


def _offset_after(lower: list[str], i: int) -> bool:
    """Whether the length of time whose number is at ``i`` (its unit next) is an offset, not how
    long something lasts: "opened nearly three months late", "two weeks ago", "ten minutes
    before the start"; "for six weeks after the injury" is still a length."""
    return i + 2 < len(lower) and lower[i + 2] in _OFFSETS and not (i > 0 and lower[i - 1] == "for")


def age_clause(lower: list[str], i: int) -> bool:
    """ "Tilly Okonedo, who is seven, dances ...": a bare number said of a person in a relative
    clause, closed straight after it, is their age."""
    return i >= 2 and lower[i - 1] in ("is", "was", "turns", "turned") and lower[i - 2] == "who" \
        and (i + 1 >= len(lower) or lower[i + 1] in (",", ".", ";", "and"))


def year_of_origin(lower: list[str], i: int) -> bool:
    """Whether the year at i is when something began: after an origin verb ("built in 1962",
    "dates from 1989", "dating back to 1921") or straight before the thing it dates ("a 1962
    Ellingham upright", "Teague's 1958 wristwatch")."""
    k = i - 1
    while k >= 0 and lower[k] in ("in", "from", "back", "to", "around", "about", "circa", "c.", "since"):
        k -= 1
    if k < i - 1 and k >= 0 and lower[k] in _ORIGIN_VERBS:
        return True
    return i > 0 and lower[i - 1] in ("a", "an", "his", "her", "their", "its", "my", "our", "your", "'s") \
        and i + 1 < len(lower) and lower[i + 1].isalpha() and lower[i + 1] not in STOPWORDS


_TIME_KINDS = ("duration", "date", "clock", "year", "age", "day")
# the marks of a time of day after its number ("3.55 p.m." is read as "p.m" and a full stop)
AM_PM = frozenset({"am", "pm", "a.m.", "p.m.", "a.m", "p.m"})
_PLACINGS = frozenset("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth last".split())
_PLACING_RE = re.compile(r"\d+(?:st|nd|rd|th)")


def index_of(fact: Fact) -> ClaimIndex:
    """Build (once) and return the ClaimIndex cached on a Fact."""
    ci = getattr(fact, "_gate_index", None)
    if ci is not None:
        return ci
    ci = _build(fact)
    object.__setattr__(fact, "_gate_index", ci)
    return ci


# A word given a dose ("carprofen 50 mg", "levothyroxine 25 micrograms") is a medicine, whether
# or not the kinds table lists it: the general nouns a question may ask it by.
_MEDICINE_NOUNS = ("medicine", "medication", "drug", "medicament", "remedy", "med")
_NO_KINDS: frozenset[str] = frozenset()
_DOSE_UNITS = frozenset({"mg", "mcg", "µg", "ug", "ml", "iu", "milligram", "milligrams", "microgram", "micrograms"})


def _dosed(lower: list[str], i: int) -> bool:
    """Whether the word at ``i`` is followed by a dose: a number, then a unit doses come in."""
    w = lower[i]
    if len(w) < 4 or not w.isalpha() or w in STOPWORDS or w in _UNIT_OF or i + 2 >= len(lower):
        return False
    return is_number(lower[i + 1]) and lower[i + 2] in _DOSE_UNITS


# A verb done to a part of the body is an injury: "twisted her ankle", "broke his wrist", "cut her
# hand", whatever the kinds table lists as injuries ("a sprain", "a fracture").
_INJURY_NOUNS = ("injuries", "injury", "wound")
_INJURING = frozenset("""twist twisted sprain sprained break broke broken fracture fractured cut cuts burn burnt burned
    graze grazed bruise bruised hurt hurts injure injured strain strained dislocate dislocated tear tore torn
    scald scalded pull pulled""".split())
_BODY_PARTS = frozenset("""ankle ankles wrist wrists knee knees arm arms leg legs hand hands foot feet finger fingers
    thumb thumbs toe toes elbow elbows shoulder shoulders back neck head hip hips rib ribs collarbone nose jaw
    hamstring calf shin shins thigh eye eyes ear ears face chin lip lips tooth teeth ligament achilles groin
    spine skull pelvis forearm heel""".split())
_BODY_LEAD = frozenset({"his", "her", "their", "my", "your", "its", "a", "the", "one", "left", "right", "both", "lower", "upper"})


# Words that are a count of times ("scored twice"), and the count
TIMES_WORDS = {"once": "1", "twice": "2", "thrice": "3"}
# Participles that say a thing before a noun is damaged: "a cracked housing", "a dented door".
_DAMAGED = frozenset("""cracked dented scratched chipped torn ripped holed corroded rusted rusty fractured split
    scorched shattered warped rotten rotted snapped punctured buckled damaged broken leaking""".split())


def _hurts_a_body_part(lower: list[str], i: int) -> bool:
    """Whether the word at ``i`` is an injuring verb whose object is a part of the body."""
    if lower[i] not in _INJURING:
        return False
    k = i + 1
    while k < len(lower) and k <= i + 3 and lower[k] in _BODY_LEAD:
        k += 1
    return k < len(lower) and lower[k] in _BODY_PARTS


# participles whose "by" names who supplies, makes or runs a thing: a firm, unless a person is named
_SUPPLIED = frozenset({"supplied", "provided", "made", "manufactured", "built", "produced", "operated", "run",
                       "owned", "installed", "delivered", "sponsored", "funded", "published", "distributed"})


def _supplier_at(lower: list[str], first: int) -> bool:
    """Whether the name starting at ``first`` follows "supplied by", "made by" and the like: a name
    of no known kind there ("cabinets supplied by Medivault") is a firm."""
    return first >= 2 and lower[first - 1] == "by" and lower[first - 2] in _SUPPLIED


# verbs one does for a side ("bowls for the Corrowby Kingpins", "rides for Team Halcyon")
_FOR_A_SIDE = frozenset(stem(w) for w in ("play", "bowl", "ride", "race", "row", "compete", "skate", "swim", "sing",
                                          "dance", "captain", "sign", "score"))
# posts held in a side ("captain of the Greyhallow Millers")
_SIDE_POSTS = frozenset({"captain", "vice-captain", "skipper", "coach", "player", "goalkeeper"})


def _side_at(lower: list[str], first: int) -> bool:
    """Whether the name starting at ``first`` is the side someone plays for: after "for" (and
    "the") that follows a verb of playing, or after "captain of" and the like. A name there,
    whatever it looks like ("the Corrowby Kingpins" reads as a person's), is a team or a club."""
    k = first - 1
    if k >= 0 and lower[k] == "the":
        k -= 1
    return k >= 1 and (lower[k] == "for" and stem(lower[k - 1]) in _FOR_A_SIDE
                       or lower[k] == "of" and lower[k - 1] in _SIDE_POSTS)


_BECOMING = frozenset({"is", "was", "became", "becomes", "remains"})


def _joined_roles(lower: list[str]) -> list[str]:
    """The posts a predicate joined on with "and" gives the claim's subject: "and is now a
    journeyman", "and became head chef"; not "and the treasurer is", where a new subject opens."""
    out: list[str] = []
    for k in range(len(lower) - 2):
        if lower[k] != "and" or lower[k + 1] not in _BECOMING:
            continue
        j = k + 2
        while j < len(lower) and lower[j] in ("now", "also", "still", "a", "an", "the"):
            j += 1
        while j + 1 < len(lower) and not role_word(lower[j]) and lower[j].isalpha() and lower[j] not in STOPWORDS \
                and j - k < 6:
            j += 1  # "and is now a senior journeyman": a word that narrows the post
        if j < len(lower) and role_word(lower[j]):
            out.append(lower[j])
    return out


def _passive_be(lower: list[str], key: str) -> bool:
    """Whether the claim's "be" relation is a passive: a form of "be" then a participle of the
    relation's word ("was brought in", "is booked"), or of a verb before it ("was given a bonus":
    the bonus is what was given, not what she is; but "was made captain" makes her one)."""
    return any(w in BE_FORMS and k + 1 < len(lower) and past_form(lower[k + 1])
               and (stem(lower[k + 1]) == key or is_verb(lower[k + 1]) and not lower[k + 1].endswith("ed")
                    and lower[k + 1] != "made")
               for k, w in enumerate(lower))


# endings of words that describe (responsible, available, nervous, grateful) and name no post
_ADJECTIVE_ENDINGS = ("ible", "able", "ous", "ful")


def _predicate_adjective(lower: list[str], key: str) -> bool:
    """Whether the claim's "be" relation is an adjective right after the verb ("is responsible
    for", "is available on"): a state, not a post ("is a constable" has its article)."""
    return any(w in BE_FORMS and k + 1 < len(lower) and stem(lower[k + 1]) == key
               and lower[k + 1].endswith(_ADJECTIVE_ENDINGS) for k, w in enumerate(lower))


# the tokenizer's own money tokens, read again on their lower-case text
_MONEY_TOKEN = re.compile(MONEY_PATTERN, re.IGNORECASE)


def money_token(w: str) -> bool:
    """A token that is an amount of money ("£5", "A$1,200", "R14,600")."""
    return _MONEY_TOKEN.fullmatch(w) is not None


# what a thing done "as a ..." is done for: "as an apology", "as a precaution", "as a result of"
_AS_REASONS = frozenset("precaution result apology gesture reward protest courtesy penalty punishment "
                        "consequence safeguard reminder warning".split())


def _as_reason(lower: list[str], i: int) -> bool:
    """Whether "as" at ``i`` gives why ("refund £350 as an apology"), not a role ("as a steward")."""
    return lower[i] == "as" and lower[i + 1:i + 2] in (["a"], ["an"]) and lower[i + 2:i + 3] != [] \
        and lower[i + 2] in _AS_REASONS


def _thing_after_as(lower: list[str], i: int) -> bool:
    """ "gives his cause of death as a head injury": after "as", a phrase whose last noun is no
    word for a person or a post (not "as a steward", "as club captain", "as a volunteer driver")."""
    k = i + 1
    while k < len(lower) and lower[k] in ("a", "an", "the", "her", "his", "their", "its", "our", "my", "your"):
        k += 1
    last = None
    while k < len(lower) and k - i <= 5 and lower[k].isalpha() and lower[k] not in STOPWORDS:
        last = lower[k]
        k += 1
    return last is not None and last in _THINGS_AS


# nouns that say what a thing was found or given as, never who someone is
_THINGS_AS = frozenset("injury injuries illness disease cause condition infection fracture wound result "
                       "reason gift loan donation payment deposit fee refund prize award bonus".split())


def _noun_after_det(lower: list[str], k: int) -> bool:
    """Whether the -ing word at ``k`` is a noun: a determiner shortly before it ("the earlier
    opening to meet the ferry"), not a verb ("is planning to", "was willing to")."""
    return any(w in _DETERMINERS for w in lower[max(0, k - 2):k])


def _dotted_time(w: str, prev: str, nxt: str) -> bool:
    """Whether "03.20" or "9.30" is a time of day, not a decimal: a leading nought ("09.00"), or a
    word of time before it ("at 9.30", "by 17.45") and no unit after it ("at 2.50 metres")."""
    hours, minutes = w.split(".")
    if int(hours) > 24 or int(minutes) > 59:
        return False
    return len(hours) == 2 and hours[0] == "0" or prev in _AT_TIME and not _UNIT_OF.get(nxt) and not is_measure_unit(nxt)


_AT_TIME = frozenset({"at", "by", "until", "till", "from", "before", "after", "between", "around", "about"})


def _add(ci: ClaimIndex, kind: str, value: str) -> None:
    ci.types.setdefault(kind, set()).add(value)


def _add_role(ci: ClaimIndex, value: str, owner: str) -> None:
    _add(ci, "role", value)
    ci.role_owners.setdefault(value, set()).add(owner)


# verbs that say what their object is taken to be ("recorded the event as a near miss")
_REGARDING = frozenset(stem(w) for w in """record classify class describe list register label treat rate count regard
    mark log flag designate define recognise recognize""".split())


def _words_after(lower: list[str], i: int, width: int) -> list[str]:
    """The words of the phrase after the preposition at ``i``, at most ``width``, up to the next
    preposition or conjunction or anything not a word ("for a generator overhaul by ...")."""
    phrase = lower[i + 1 : i + 1 + width]
    return phrase[: next((k for k, x in enumerate(phrase) if x in _PHRASE_ENDS or not (x.isalpha() or "-" in x)),
                         len(phrase))]


def _holder_before(fact: Fact, lower: list[str], i: int) -> str:
    """The name a role at token ``i`` belongs to: the name right before it ("named Pernille Aske
    as her vice-captain"), else the clause's subject, the first name that is neither a possessor
    nor in a prepositional phrase ("Ada joined as treasurer"); "" when there is none."""
    alternative = i > 1 and lower[i - 1] in ("than", "or", "not")
    first_as = [k for k in range(max(0, i - 25), i - 1) if lower[k] == "as"] if alternative else []
    if first_as:
        # "classifying the mugs as tableware ... rather than as decorative ware": the other "as"
        # is said of what the first one was
        return _holder_before(fact, lower, first_as[-1])
    beside = next((sp for sp in fact.spans if sp.last == i and not sp.possessive and sp.prep in (None, "with")), None)
    if beside is not None:
        return beside.key  # "named Pernille Aske as ...", "with Tomasz Riebeck as assistant coach"
    if any(stem(w) in _REGARDING for w in lower[max(0, i - 5):i]) and i > 0 and lower[i - 1].isalpha() \
            and lower[i - 1] not in STOPWORDS and not any(sp.last == i for sp in fact.spans):
        # "recorded the event as a near miss": what a verb of regarding calls its object is the
        # object's, and that object is no name
        return "-"
    before = [sp for sp in fact.spans if sp.last <= i and not sp.possessive and sp.prep is None]
    if not before:
        return ""
    near = max(before, key=lambda sp: sp.last)
    return near.key if near.last == i else before[0].key


def _build(fact: Fact) -> ClaimIndex:
    lx = lexicon()
    ci = ClaimIndex()
    lower = [t.text.lower() for t in fact.tokens]
    ci.lower = lower
    ci.spans = list(fact.spans)
    ci.named = frozenset(k for sp in ci.spans for k in range(sp.first, sp.last))
    ci.span_keys = {s.key for s in fact.spans}
    ci.values = fact.values
    n = len(lower)
    in_span = {k for s in fact.spans for k in range(s.first, s.last)}
    stems = [stem(w) for w in lower]
    phrases = lx.phrases_in(stems)
    # the words of a phrasal verb mean the phrase, not what each means alone: "rolled back" is no
    # "back" (approve), "picked up" no "pick" (choose)
    in_phrase = {k for a, b, _ in phrases for k in range(a, b)}
    for i, w in enumerate(lower):
        if not any(c.isalnum() for c in w):
            continue
        if i in in_phrase:
            s = stems[i]
            ci.stems.add(s)
            ci.concepts.add(s)
            ci.concept_pos.setdefault(s, []).append(i)
            continue
        if len(w) > 5 and w.endswith("ing") and i > 0 and lower[i - 1] in _DETERMINERS:
            # "the painting", "her booking": a noun, which must not ground the verb ("paint")
            ci.stems.add(w)
            ci.concepts.add(w)
            ci.concept_pos.setdefault(w, []).append(i)
            continue
        for s in stems_of(w) if not is_number(w) else (w.replace(",", ""),):
            ci.stems.add(s)
            for c in lx.concepts_of(s if s == stem(w) else s):
                ci.concepts.add(c)
                ci.concept_pos.setdefault(c, []).append(i)
        kinds = lx.kind_concepts(*_MEDICINE_NOUNS) if _dosed(lower, i) else _NO_KINDS
        if _hurts_a_body_part(lower, i):
            kinds = kinds | lx.kind_concepts(*_INJURY_NOUNS)
        if w in TIMES_WORDS:
            # "scored twice": a count of times, which "how many times" asks
            _add(ci, "number", TIMES_WORDS[w])
            kinds = kinds | {stem("times")}
        if w in _DAMAGED and i + 1 < len(lower) and lower[i + 1].isalpha() and lower[i + 1] not in STOPWORDS:
            kinds = kinds | lx.kind_concepts("damage")  # "found a cracked gearbox housing": damage found
        for c in lx.concepts_of(w) | lx.kinds_for(w) | kinds:
            ci.concepts.add(c)
            ci.concept_pos.setdefault(c, []).append(i)
        if w in NEGATIONS:
            ci.negation_pos.append(i)
    for a, b, key in phrases:
        for c in lx.concepts_of(key):
            ci.concepts.add(c)
            ci.concept_pos.setdefault(c, []).append(a)
        if b - a == 2 and lower[a + 1] in _PHRASE_PREPS:
            # a verb and its preposition keep the verb's sense, as a question's phrase does: "will be
            # moved to the Palm House" is relocated there, though "move to" is also a migration
            for c in lx.concepts_of(stems[a]):
                ci.concepts.add(c)
                ci.concept_pos.setdefault(c, []).append(a)
    # names: people, places, titles
    for s in fact.spans:
        kind = "thing" if s.quoted else guess_kind(s.text)
        _add(ci, "name", s.key)
        if s.quoted:
            _add(ci, "title", s.key)
        if kind == "person":
            _add(ci, "person", s.key)
        if kind == "org" or kind == "thing" and not s.quoted and _supplier_at(lower, s.first) \
                or not s.quoted and _side_at(lower, s.first):
            _add(ci, "org", s.key)  # "which company": a name with "Ltd", "& Co", "Foods" ... is one
        if kind in ("place", "org") or s.prep in ("in", "at", "to", "from", "near", "into"):
            _add(ci, "place", s.key)
        for tok in s.tokens:
            ci.stems.add(stem(tok))
    # "'Eleven Winters' by Sunniva Kjeldsen": a work given by its title, then its maker. The "by"
    # says who wrote or made it, so it answers "who wrote", "the author of" and the like (not
    # "who painted" or "who illustrated": a title does not say what kind of work it is).
    for s in fact.spans:
        if s.quoted and s.last + 1 < n and lower[s.last] == "by" and any(o.first == s.last + 1 for o in fact.spans):
            for word in _MAKER_WORDS:
                for c in (stem(word), *lx.concepts_of(stem(word))):
                    ci.stems.add(stem(word))
                    ci.concepts.add(c)
                    ci.concept_pos.setdefault(c, []).append(s.last - 1)  # read as a passive: "... by" follows
    # values
    for i, w in enumerate(lower):
        nxt = lower[i + 1] if i + 1 < n else ""
        prev = lower[i - 1] if i > 0 else ""
        if money_token(w) or prev in CURRENCY_CODES and is_number(w):
            _add(ci, "money", w.replace(",", ""))
            if nxt in ("per", "a", "an", "each") and i + 2 < n and (lower[i + 2].isalpha() or nxt == "each"):
                _add(ci, "rate", w.replace(",", "") + " " + " ".join(lower[i + 1:i + 3]))  # "£9 per day", "£42 each"
            continue
        if is_number(w) and i not in in_span:
            v = w.replace(",", "")
            # "6 and 7 July", "from 8 to 22 June": a day joined to a dated one is a date too
            joined_day = v.isdigit() and 1 <= int(v) <= 31 and i + 3 < n and lower[i + 1] in ("and", "or", "to", "-") \
                and lower[i + 2].isdigit() and 1 <= int(lower[i + 2]) <= 31 and lower[i + 3] in MONTHS
            if joined_day:
                _add(ci, "date", v + " " + lower[i + 3])
            elif nxt in ("st", "nd", "rd", "th") and v.isdigit():
                _add(ci, "ordinal", v + nxt)  # "the 14th floor" says which floor, not how many
            elif not ((nxt in MONTHS or prev in MONTHS) and v.isdigit() and 1 <= int(v) <= 31):
                _add(ci, "number", v)  # the day of "23 November" is a date's, no count or score
            if CLOCK_RE.match(w) and (":" in w or _dotted_time(w, prev, nxt)):
                _add(ci, "clock", v)
            if _ELAPSED.match(w):
                # hours, minutes and seconds: how long something took, which "what time" also asks
                _add(ci, "clock", v)
                _add(ci, "duration", v)
            if nxt in AM_PM or nxt == "o'clock":
                _add(ci, "clock", v)
            if _YEAR.match(v) and "," not in w or _older_year(v, prev, nxt):  # "2,000 litres" is no year
                _add(ci, "year", v)
                _add(ci, "date", v)
                if year_of_origin(lower, i):
                    _add(ci, "age", v)
            if nxt in MONTHS or prev in MONTHS:
                _add(ci, "date", v + " " + (nxt if nxt in MONTHS else prev))
            if prev in ("in", "within", "after") and nxt.rstrip("s") in _TIME_UNITS:
                # "in 6 weeks": when something happens, counted from the claim's own time
                _add(ci, "date", f"+{v} {nxt}")
            per_time = lower[i + 2:i + 3] in (["/"], ["per"], ["an"], ["a"]) and i + 3 < n \
                and lower[i + 3].rstrip("s") in ("h", "hr", "hour", "min", "minute", "s", "sec", "second")
            for t in _UNIT_OF.get(nxt, ()):
                if t == "duration" and _offset_after(lower, i):
                    _add(ci, "offset", v + " " + nxt)  # "departed 47 minutes late": how late, not how long
                elif t == "distance" and per_time:
                    _add(ci, "speed", v + " " + nxt)  # "10 km/h", "50 km per hour": a speed, not a length
                else:
                    _add(ci, t, v + " " + nxt)
            if nxt == "-" and i + 2 < n:
                # "a 72-minute flight", split by the tokenizer into 72, -, minute
                for t in _UNIT_OF.get(lower[i + 2], ()):
                    _add(ci, t, v + " " + lower[i + 2])
                if lower[i + 2] in ("year-old", "years-old"):
                    _add(ci, "age", v)  # "a 58-year-old postman", split into 58, -, year-old
            if w.endswith(("°c", "°f", "°")) or nxt in ("°c", "°f", "°"):
                _add(ci, "temp", v)
            if w.endswith("%"):
                _add(ci, "percent", v)
            if prev in ("aged", "age") or age_clause(lower, i):
                _add(ci, "age", v)
            if nxt == "years" and i + 2 < n and lower[i + 2] == "old":
                _add(ci, "age", v)
            continue
        if w in _NUM_WORDS:
            _add(ci, "number", w)
            if nxt in ("years", "year", "months", "weeks", "days") and i + 2 < n and lower[i + 2] == "old":
                _add(ci, "age", w)
            if age_clause(lower, i):
                _add(ci, "age", w)
            for t in _UNIT_OF.get(nxt, ()):
                if t == "duration" and _offset_after(lower, i):
                    _add(ci, "offset", w + " " + nxt)
                else:
                    _add(ci, t, w + " " + nxt)
        if "-" in w:
            parts = w.split("-")
            if all(p in _NUM_WORDS for p in parts):
                for t in _UNIT_OF.get(nxt, ()):
                    _add(ci, t, w + " " + nxt)  # "forty-three minutes after the call"
            if parts[0] in _NUM_WORDS or parts[0].isdigit():
                _add(ci, "number", parts[0])
                for p in parts[1:]:
                    for t in _UNIT_OF.get(p, ()):
                        _add(ci, t, w)
                    if p in ("year", "years") and parts[-1] == "old":
                        _add(ci, "age", w)
                if not any(_UNIT_OF.get(p) for p in parts[1:]):
                    # "a three-seater sofa", "a two-bedroom flat": a count inside a kind, no measure
                    _add(ci, "kind_count", parts[0])
            if parts[-1] == "old" and len(parts) >= 3:
                _add(ci, "age", w)
        if w in MONTHS and w != "may" or (w == "may" and (prev.isdigit() or nxt.isdigit() or (i > 0 and fact.tokens[i].text == "May"))):
            _add(ci, "date", w)
        if w in WEEKDAYS:
            _add(ci, "day", w.rstrip("s"))
            _add(ci, "frequency", w)
        elif "-" in w and w.split("-")[0] in WEEKDAYS and w.split("-")[0] not in ("weekday", "weekend"):
            _add(ci, "day", w.split("-")[0].rstrip("s"))  # "a Friday-morning delivery service"
        if w in _PLACINGS or _PLACING_RE.fullmatch(w):
            _add(ci, "ordinal", w)  # "finished third", "came 2nd": where someone finished
        if w in ("today", "tomorrow", "yesterday", "tonight"):
            _add(ci, "date", w)
        if w in ("noon", "midnight", "midday"):
            _add(ci, "clock", w)
        if w in ("million", "billion") and prev[:1] in "£$€¥":
            _add(ci, "money", prev + " " + w)
        if w in ("pounds", "dollars", "euros", "pence") and is_number(prev):
            _add(ci, "money", prev + " " + w)
        if w == "free" and (prev in _LINKING and nxt in ("", "and", "for", "but")
                            or nxt == "of" and i + 2 < n and lower[i + 2] == "charge"):
            _add(ci, "money", "free")  # "the club is free", "free of charge": a price of nothing
        if w.rpartition("-")[2] in _COLOURS and i not in in_span:
            _add(ci, "colour", w)  # "a red bike", "in moss-green velvet"
        if w in _REASON or (w, nxt) in (("blamed", "on"), ("attributed", "to"), ("put", "down"), ("so", "that"), ("in", "order")) \
                or w in ("traced", "traces") and "to" in lower[i + 1 : i + 7] and any(x in _MISHAPS for x in lower[i + 1 : i + 6]):
            # "the shortfall was blamed on a late trailer", "traced the fault to a coil", "will close so
            # that the tiles can be replaced" (what it is for is why)
            _add(ci, "reason", w)
        if w == "as" and prev == "," and any(x in _FINITE or x.endswith("ed") and len(x) > 3 or is_verb(x) and not x.endswith("ing")
                                             for x in lower[i + 2:i + 8]):
            # "..., as the farm lost half its flock": "as" opening a clause after a comma gives why
            _add(ci, "reason", w)
        if w in _REASON_IF_CLAUSE and nxt and not any(c.isdigit() for c in nxt):
            # a long subject puts the verb late: "after a bullwheel bearing sensor at the top station raised"
            clause = _clause_ahead(lower, i, 11)
            if any(x in ("was", "were", "had", "has", "is", "are") or x in _PAST_EVENTS
                   or (x.endswith("ed") and len(x) > 4) or _irregular_past(x) for x in clause[1:]) \
                    or any(x in _MISHAPS for x in clause[:4]) or clause[:1] and clause[0] in _MISHAP_INGS:
                # "after a blade split", "after a fault in the pump": an event, not a time, came first
                _add(ci, "reason", w)
        if w == "when":
            if any(x in _MISHAP_PASTS for x in _clause_ahead(lower, i, 8)):
                # "the boiler failed at 02:30 when its circulation pump seized": a mishap at that
                # moment is why
                _add(ci, "reason", w)
        if w == "citing" or w == "pending" and nxt in _DETERMINERS \
                or w == "to" and nxt in _AVERTING or _as_reason(lower, i):
            # "refused ..., citing highway safety", "withdrew the ferry pending an inspection", "braked
            # to avoid a cyclist", "moved them as a precaution": each says why
            _add(ci, "reason", w)
        if w == "with" and i > 0 or w == "for" and i > 0 and past_form(prev):
            phrase = _words_after(lower, i, 5)
            if phrase and phrase[-1] in _MISHAPS:
                # "was withdrawn at 07:15 with a brake air leak": the mishap it happened with is why,
                # as what a thing was rejected for ("rejected for a phenolic defect")
                _add(ci, "reason", w)
        if w == "for" and any(x in _OUT_OF_USE for x in lower[max(0, i - 8):i]):
            phrase = _words_after(lower, i, 4)
            if phrase and phrase[-1] in _WORKS:
                # "will be out of service from 6 to 10 May for a generator overhaul": the works a
                # thing is taken out of use for are why
                _add(ci, "reason", w)
        if w in _PLACE_PREPS and i not in in_span:
            k = i + 1
            while k < n and k - i <= 4 and lower[k] not in _PLACE_NOUNS and (k in in_span or
                    lower[k] in _DETERMINERS or lower[k].isalpha() and lower[k] not in STOPWORDS or "-" in lower[k]):
                k += 1  # "in a herring-curing yard", "at the old school", "on the Glaswater road"
            if k < n and k not in in_span and lower[k] in _PLACE_NOUNS:
                _add(ci, "place", " ".join(lower[i + 1 : k + 1]))
        if w == "to" and i + 2 < n and i + 1 not in in_span and lower[i + 1] in _DETERMINERS \
                and any(stems[j] in _CARRYING or "R:move" in lx.concepts_of(stems[j]) for j in range(max(0, i - 6), i)):
            # "moved the 250 mg stock to a separate drawer": where a thing is moved to is a place,
            # whether or not its noun is one the table of places lists
            k = i + 2
            while k < n and (lower[k].isalpha() or "-" in lower[k]) and lower[k] not in STOPWORDS \
                    and not (k > i + 2 and (lower[k].endswith(("ed", "ing")) or is_verb(lower[k]))):
                k += 1  # to the noun: "a separate drawer", not "... labelled in red"
            if k > i + 2:
                _add(ci, "place", " ".join(lower[i + 1 : k]))
                _add(ci, "destination", " ".join(lower[i + 1 : k]))
        if w in _LOCATIVE_PREPS and i + 2 < n and i not in in_span and lower[i + 1] in _DETERMINERS \
                and any(stems[j] in _PLACING or lx.concepts_of(stems[j]) & _PLACING_CONCEPTS for j in range(max(0, i - 6), i)):
            # "will keep atlases behind the issue desk", "will appear on the programme cover": where
            # a thing is kept, put or shown is a place, whatever noun names it
            k = i + 2
            while k < n and (lower[k].isalpha() or "-" in lower[k] or lower[k] == "'s") \
                    and (lower[k] not in STOPWORDS or lower[k] == "'s") and not lower[k].endswith(("ed", "ing")):
                k += 1
            if k > i + 2:
                _add(ci, "place", " ".join(lower[i + 1 : k]))
        if w in _CONSTRAINT:
            _add(ci, "constraint", w)
        if w in _PURPOSE:
            _add(ci, "purpose", w)
        elif w == "to" and 0 < i and i + 1 < n and is_verb(lower[i + 1]) and (
                not is_verb(prev) and prev not in _NOT_PURPOSE and not prev.endswith(("ed", "ing"))
                or prev.endswith("ing") and _noun_after_det(lower, i - 1)):
            _add(ci, "purpose", w)  # "can meet Dimitri on 26 June to discuss a discount": what for
            if i - 1 not in in_span:
                # what it is done for is why it is done ("requested the earlier opening to meet
                # the first ferry"); not after a name ("asked Bo to leave" says what was asked)
                _add(ci, "reason", w)
        if w in _FREQ or (w.endswith("ly") and stem(w[:-2]) in ("day", "week", "month", "year")):
            _add(ci, "frequency", w)
        elif w in ("frequency", "interval", "intervals") and i > 0 and "-" in lower[i - 1] \
                and lower[i - 1].rsplit("-", 1)[1] in ("minute", "hour", "day", "week", "month"):
            _add(ci, "frequency", f"{lower[i - 1]} {w}")  # "a twelve-minute frequency": every twelve minutes
        if not _as_reason(lower, i) and (w == "as" and i + 1 < n and lower[i + 1] not in STOPWORDS | {"a", "an", "the"}
                or (w == "as" and i + 2 < n and lower[i + 1] in ("a", "an", "the", "her", "his", "their", "its", "our", "my", "your"))) \
                and not _clause_as(lower, i) and not _thing_after_as(lower, i):
            _add_role(ci, " ".join(lower[i + 1 : i + 4]), _holder_before(fact, lower, i))
        if stem(w) in _ROLE_VERBS and i + 1 < n and not any(sp.first == i + 1 for sp in fact.spans) \
                and not (i > 0 and (lower[i - 1] in _DETERMINERS or lower[i - 1] in _NUM_WORDS or is_number(lower[i - 1]))):
            # "was elected treasurer", "promoted to deputy manager"; not "named Pernille Aske as
            # ...", whose role follows "as", nor "within 10 working days", where the verb's form
            # only describes the noun after it
            at = i + 2 if lower[i + 1] == "to" else i + 1
            if at < n and lower[at].isalpha() and lower[at] not in STOPWORDS:
                # ("inspected the works on 19 February": a verb's form with no post after it)
                _add_role(ci, " ".join(lower[at : at + 2]), "")
        if stem(w) == "play" and i + 3 < n and lower[i + 1] not in _DETERMINERS and "for" in lower[i + 2 : i + 4]:
            # "plays vice-skip for the Osprey rink": a position in a team (not "plays the piano")
            _add_role(ci, lower[i + 1], "")
    for role in _joined_roles(lower):
        # "passed her assessment and is now a journeyman of the guild": a second predicate, joined
        # on with "and", that says what the subject is
        _add_role(ci, role, fact.spans[fact.subject].key if fact.subject is not None else "")
    if fact.predicate == "be" and fact.relation.startswith("be:") and not _passive_be(lower, fact.relation[3:]) \
            and not _predicate_adjective(lower, fact.relation[3:]):
        # "Ada is a junior analyst"; not "Ada's prescription is -1.75", an attribute of hers, nor
        # "was brought in by Gideon", a passive, which says what was done, not what anyone is, nor
        # "is responsible for logging", what she must do, not her post. The role is the subject's:
        # "Accession TV-4471 is a landrace ... collected by Sunniva Eriksen" says what no one else is
        _add_role(ci, fact.relation, fact.spans[fact.subject].key if fact.subject is not None else "")
    for sp in fact.spans:
        for role in _roles_around(lower, sp, fact.spans):
            _add_role(ci, role, sp.key)
        k = sp.first - 1
        if k >= 1 and lower[k] in (",", "called", "named", "titled", "entitled"):
            noun = fact.tokens[k - 1].text
            if noun.isalpha() and noun.islower() and noun not in STOPWORDS and k - 1 not in in_span:
                # "his new novel, The Salt Orchard", "a boat called Kestrel": the name is the thing's title
                _add(ci, "title", sp.key)
    # a duration written as a range: "from 50 to 35 minutes", "from 3:30 to 4:30"
    if ci.types.get("clock") and len(ci.types["clock"]) >= 2 and "from" in lower:
        _add(ci, "duration", "range")
    return ci
