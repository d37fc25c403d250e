"""Tokens, word classes and an inflection stemmer for the read side of the decider.

The read gate, the fact parser and the projection all need the same view of a
sentence: tokens with character offsets, a stem per word (so that "manages",
"managed", "managing" and "manager" meet), and a handful of closed word
classes of general English (function words, honorifics, months, units).
Everything here is a pure function of its input, deterministic and fast: a
claim is tokenised once per memory and cached by the callers.

>>> [t.text for t in tokenize("Dr. Ken Li's dose is 10 mg, up from 5.")]
['Dr.', 'Ken', 'Li', "'s", 'dose', 'is', '10', 'mg', ',', 'up', 'from', '5', '.']
>>> stem("managed") == stem("manager") == stem("manages") == stem("managing")
True
>>> stem("ran") == stem("running")
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, fields
from functools import lru_cache

__all__ = [
    "role_word",
    "Token",
    "tokenize",
    "stem",
    "stems_of",
    "normalize",
    "is_capitalized",
    "is_number",
    "STOPWORDS",
    "HONORIFICS",
    "MONTHS",
    "WEEKDAYS",
    "AUXILIARIES",
    "PREPOSITIONS",
    "NEGATIONS",
    "COMMON_VERBS",
    "is_verb",
]

# Honorific abbreviations keep their full stop so that "Dr." does not end a sentence.
_ABBREV = (
    r"(?:Dr|Prof|Mr|Mrs|Ms|Mx|St|Mt|Jr|Sr|Capt|Rev|Hon|Sgt|Lt|Col|Gen|Gov|Sen|Rep|Insp|Cllr|"
    r"Inc|Ltd|Co|Corp|Bros|vs|etc|approx|No|Nos)\."
)
# An amount of money as one token: a symbol, perhaps after its country's letters ("A$1,200"), or a
# rand written with its letter, its digits grouped or its cents given ("R14,600", "R49.99"), so that
# a route or a room ("R2", "R500") stays a word.
MONEY_PATTERN = (r"(?:US|A|C|NZ|HK|S|R)?[$£€¥₹₩₽₺₪₦₱฿₫₴]\d+(?:,\d{3})*(?:\.\d+)?"
                 r"|R\d{1,3}(?:,\d{3})+(?:\.\d+)?|R\d+\.\d\d")
_TOKEN_RE = re.compile(
    _ABBREV
    + "|" + MONEY_PATTERN
    + r"|\d+(?:,\d{3})*(?:[.:/]\d+)*(?:-\d+)*(?:°[CF]?|%)?"
    + r"|[^\W\d_][\w]*(?:(?:['’]|[-.])(?=[^\W_])[\w]+)*"
    + r"|°[CF]?(?![^\W\d_])"  # "92 °C": the unit after a space, one token, not a degree sign and a name "C"
    + r"|\S",
    re.UNICODE,
)


@dataclass(frozen=True, slots=True)
class Token:
    """One token of a text with its character offsets (end exclusive)."""

    text: str
    start: int
    end: int

    @property
    def lower(self) -> str:
        """The lower-cased text."""
        return self.text.lower()


# tokenize builds a Token per token of every claim and name it reads. A frozen dataclass's __init__
# sets each field through object.__setattr__; the slots' own setters store the same values faster.
_set_text, _set_start, _set_end = (Token.__dict__[f.name].__set__ for f in fields(Token))


def _new_token(text: str, start: int, end: int) -> Token:
    """``Token(text, start, end)``, faster."""
    tok = object.__new__(Token)
    _set_text(tok, text)
    _set_start(tok, start)
    _set_end(tok, end)
    return tok


def normalize(text: str) -> str:
    """NFC-normalise, unify quotes and dashes, and collapse whitespace.

    Agents paste text from word processors: curly quotes and non-breaking
    spaces must not make two equal claims differ.
    """
    if not isinstance(text, str):
        return ""
    if not text.isascii():  # ASCII is already NFC and has none of the characters replaced here
        text = unicodedata.normalize("NFC", text)
        text = (
            text.replace("\u2019", "'")
            .replace("\u2018", "'")
            .replace("\u201c", '"')
            .replace("\u201d", '"')
            .replace("\u2013", "-")
            .replace("\u2014", " - ")
            .replace("\u00a0", " ")
        )
    return " ".join(text.split())


def tokenize(text: str) -> list[Token]:
    """Split text into tokens with offsets; a possessive 's becomes its own token.

    Offsets refer to the text as given (callers normalise first when they
    need the normalised offsets).
    """
    out: list[Token] = []
    if not text:
        return out
    open_quote = False
    append = out.append
    skip_to = -1
    for m in _TOKEN_RE.finditer(text):
        s, e = m.span()
        if s < skip_to:
            continue
        t = m.group()
        if t == "'" and out and out[-1].end == s and out[-1].text[-1:].isdigit() and text[e:e + 1] == "s" \
                and not text[e + 1:e + 2].isalnum():
            # "Glasshouse 2's temperature": a possessive after a number, which the number pattern
            # leaves apart
            append(_new_token("'s", s, e + 1))
            skip_to = e + 1
            continue
        if t == "'":
            after = text[e : e + 1]
            if (s == 0 or not text[s - 1].isalnum()) and after.isalnum():
                open_quote = True
            elif open_quote:
                open_quote = False
            elif out and out[-1].end == s and out[-1].text[-1:] in ("s", "S") and not after.isalnum():
                # a plural possessive ("the Logistics' app") reads like "'s"
                out.append(_new_token("'s", s, e))
                continue
        if len(t) > 2 and t.endswith(("'s", "’s")) and t[0].isalpha():
            append(_new_token(t[:-2], s, e - 2))
            append(_new_token("'s", e - 2, e))
            continue
        append(_new_token(t, s, e))
    return out


def is_capitalized(word: str) -> bool:
    """True for a word whose first letter is upper case ("Priya", "McKay", "UN3480")."""
    for ch in word:
        if ch.isalpha():
            return ch.isupper()
    return False


def is_number(word: str) -> bool:
    """True for a token that starts with a digit or a currency sign followed by a digit."""
    if not word:
        return False
    if word[0].isdigit():
        return True
    return len(word) > 1 and word[0] in "£$€¥" and word[1].isdigit()


STOPWORDS: frozenset[str] = frozenset(
    """a an the this that these those there here it its it's they them their theirs he him his she her
    hers we us our ours you your yours i me my mine one ones who whom whose which what when where why
    how whether if then than so as of in on at by for from to with without into onto upon about above
    below over under between among through during before after since until till while within via per
    and or but nor not no yes also too very just only even still already yet ever never again ago
    is are was were be been being am do does did done doing have has had having will would shall
    should can could may might must ought let lets any some each every all both either neither
    other another such same own more most less least much many few several lot lots
    up out off
    please tell know say said thing things something anything nothing someone anyone
    there's that's what's who's where's when's how's isn't aren't wasn't weren't don't doesn't
    didn't won't wouldn't can't couldn't shouldn't hasn't haven't hadn't 's ' "
    """.split()
)

AUXILIARIES: frozenset[str] = frozenset(
    """is are was were be been being am do does did have has had having will would shall should
    can could may might must 's 've 'd 'll""".split()
)

PREPOSITIONS: frozenset[str] = frozenset(
    """of in on at by for from to with without into onto upon about above below over under between
    among through throughout during before after since until till within via per towards toward
    across along around behind beside besides beyond near off out past than aboard against versus despite
    beneath alongside inside outside""".split()
)

NEGATIONS: frozenset[str] = frozenset(
    "not no never none nobody nothing neither nor cannot can't won't isn't aren't wasn't weren't "
    "don't doesn't didn't hasn't haven't hadn't shouldn't wouldn't couldn't n't without".split()
)

# Titles that precede a personal name but are not part of it.
HONORIFICS: frozenset[str] = frozenset(
    """dr dr. doctor prof prof. professor mr mr. mrs mrs. ms ms. mx mx. miss sir dame lord lady
    madam capt capt. captain sgt sgt. sergeant lt lt. lieutenant col col. colonel gen gen. general
    major inspector detective officer constable councillor councilor cllr cllr. mayor judge justice
    rev rev. reverend father sister brother rabbi imam pastor bishop president senator sen sen.
    governor gov gov. minister chancellor dean nurse chef coach
    """.split()
)

MONTHS: dict[str, int] = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}

WEEKDAYS: frozenset[str] = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
    thursdays fridays saturdays sundays weekday weekdays weekend weekends""".split()
)

# Irregular forms both stemmers map to their base, so that "led" meets "leads" and "bought"
# meets "buy". Each stemmer adds its own: this one "-ing"/"-s" forms whose stripping would spoil
# the base ("putting", "reads"); text.py forms that are also other words ("bound", "ground").
IRREGULAR_FORMS: dict[str, str] = {
    "be": "am is are was were been being", "have": "has had having", "do": "does did done doing",
    "go": "goes went gone", "write": "wrote written", "run": "ran", "show": "shown", "lead": "led",
    "find": "found", "make": "made", "take": "took taken", "give": "gave given", "get": "got gotten",
    "see": "saw seen", "come": "came", "become": "became", "begin": "began begun", "bring": "brought",
    "buy": "bought", "build": "built", "catch": "caught", "choose": "chose chosen", "draw": "drew drawn",
    "drive": "drove driven", "eat": "ate eaten", "fall": "fell fallen", "feel": "felt", "fight": "fought",
    "fly": "flew flown flies", "forget": "forgot forgotten", "freeze": "froze frozen", "grow": "grew grown",
    "hang": "hung", "hear": "heard", "hide": "hid hidden", "hold": "held", "keep": "kept",
    "know": "knew known", "leave": "left", "lend": "lent", "lose": "lost", "mean": "meant", "meet": "met",
    "pay": "paid", "ride": "rode ridden", "ring": "rang rung", "rise": "rose risen", "say": "said",
    "sell": "sold", "send": "sent", "shake": "shook shaken", "shoot": "shot", "sing": "sang sung",
    "sink": "sank sunk", "sit": "sat", "sleep": "slept", "speak": "spoke spoken", "spend": "spent",
    "stand": "stood", "steal": "stole stolen", "strike": "struck", "swim": "swam swum", "teach": "taught",
    "tear": "tore torn", "tell": "told", "think": "thought", "throw": "threw thrown",
    "understand": "understood", "wake": "woke woken", "wear": "wore worn", "win": "won",
    "withdraw": "withdrew withdrawn", "break": "broke broken", "beat": "beaten", "prove": "proven",
    "swell": "swollen", "mow": "mown", "sew": "sewn", "sow": "sown", "forsake": "forsook forsaken",
    "tread": "trod trodden", "outgrow": "outgrew outgrown", "bite": "bitten", "blow": "blew blown",
    "deal": "dealt", "dig": "dug", "feed": "fed", "flee": "fled", "forgive": "forgave forgiven",
    "hit": "hits", "light": "lit", "overtake": "overtook overtaken", "seek": "sought", "shine": "shone",
    "slide": "slid", "spin": "spun", "stick": "stuck", "sting": "stung", "swear": "swore sworn",
    "sweep": "swept", "swing": "swung", "undertake": "undertook undertaken", "weep": "wept",
    "arise": "arose arisen", "awake": "awoke awoken", "breed": "bred", "cling": "clung", "creep": "crept",
    "forbid": "forbade forbidden", "kneel": "knelt", "leap": "leapt", "shrink": "shrank shrunk",
    "stride": "strode", "strive": "strove striven", "weave": "wove woven", "oversee": "oversaw overseen",
    "rebuild": "rebuilt", "rewrite": "rewrote rewritten", "mislead": "misled", "outrun": "outran",
    "overcome": "overcame", "retell": "retold", "child": "children", "man": "men", "woman": "women",
    "person": "people", "foot": "feet", "tooth": "teeth", "mouse": "mice", "goose": "geese", "ox": "oxen",
    "criterion": "criteria", "phenomenon": "phenomena", "crisis": "crises",
}


def irregular_table(*tables: dict[str, str]) -> dict[str, str]:
    """Form-to-base map from base-to-forms tables ("tell": "told" makes "told" -> "tell")."""
    return {form: base for table in tables for base, forms in table.items() for form in forms.split()}


# "shore" is also the noun, which stems the same on both sides of a match, so meets only itself
_IRREGULAR: dict[str, str] = irregular_table(IRREGULAR_FORMS, {
    "go": "going", "bleed": "bled", "drink": "drank drunk", "cut": "cuts cutting", "lay": "laid",
    "put": "puts putting", "read": "reads reading", "set": "sets setting", "shut": "shuts shutting",
    "show": "showed", "split": "splits splitting", "hit": "hitting", "quit": "quits quitting",
    "spring": "sprang sprung", "stink": "stank stunk", "fling": "flung", "sling": "slung", "wring": "wrung",
    "string": "strung", "shear": "shore shorn", "mistake": "mistook mistaken", "foresee": "foresaw foreseen",
    "withhold": "withheld", "uphold": "upheld", "speed": "sped", "learn": "learnt", "burn": "burnt",
    "dream": "dreamt", "spell": "spelt", "spill": "spilt", "slay": "slew slain", "person": "persons",
    "data": "datum",
})

# Words whose "-ed"/"-er"/"-s" ending is part of the root, not an inflection.
# Words ending in "er" that are no agent of a verb: "flower" is not one who flows, "counter" not
# one who counts. Both stemmers keep them whole, so they never meet the shorter word.
PLAIN_ER = frozenset(
    """under over after water winter summer number member order other either neither never ever
    paper center centre letter matter river silver super cover power tower lower upper offer
    enter master meter metre liter litre quarter corner border partner chapter sister brother
    mother father daughter server filter finger hunger
    flower shower tender ponder hammer banner manner dinner butter batter better bitter litter
    pepper copper charter counter poster sweater shutter gutter ladder rubber thunder weather
    feather leather shoulder powder wonder timber chamber lumber cancer soccer
    beginner""".split()
)

_KEEP = frozenset(
    """need feed seed speed succeed proceed exceed bleed breed weed heed deed reed greed indeed
    bed red wed shed led fled bred sled hundred kindred
    bus gas yes this thus plus minus bonus census campus virus status chorus focus series species
    news lens always perhaps was has is his its us""".split()
) | PLAIN_ER


_VERB_PREFIXES = ("re", "over", "under", "out", "mis", "fore", "with", "up", "un")


def prefixed_irregular(w: str, irregular: dict[str, str]) -> str:
    """"rewrote" -> "rewrite", "undertook" -> "undertake": a prefix on a form ``irregular`` knows.

    Shared by both stemmers (here and in text.py), each with its own table of irregular forms."""
    for prefix in _VERB_PREFIXES:
        rest = w[len(prefix):]
        if w.startswith(prefix) and len(rest) >= 3 and rest in irregular:
            return prefix + irregular[rest]
    return w


# British "-ise"/"-yse" and American "-ize"/"-yze" spell one word ("authorised", "analyze"):
# both sides of every comparison go through here, so folding one onto the other is enough
_ISE = re.compile(r"^([a-z]{3,}[iy])s(e|ed|es|ing|er|ers|ation|ations)$")


def fold_ise(word: str) -> str:
    """The word with a British "-ise"/"-yse" ending spelt "-ize"/"-yze" ("authorised" as "authorized")."""
    return _ISE.sub(r"\1z\2", word) if "s" in word else word


def _strip(word: str) -> str:
    if word in _IRREGULAR:
        word = _IRREGULAR[word]
    else:
        word = prefixed_irregular(word, _IRREGULAR)
    if word in _KEEP or len(word) <= 2:
        return word
    w = fold_ise(word)
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("sses", "shes", "ches", "xes", "zes")):
        w = w[:-2]
    elif w.endswith("ss") or w.endswith("us") or w.endswith("is"):
        pass
    elif w.endswith("s") and not w.endswith("'s"):
        w = w[:-1]
    elif w.endswith("ing") and len(w) >= 5 and _has_vowel(w[:-3]):
        w = w[:-3]
        w = _undouble(w)
    elif w.endswith("eed") and len(w) > 5:
        w = w[:-1]
    elif w.endswith("ed") and len(w) >= 4 and _has_vowel(w[:-2]):
        w = w[:-2]
        w = _undouble(w)
    if w.endswith("er") and len(w) > 5 and w[-3] not in "aeiou" and w not in _KEEP:
        # agent nouns: manager, teacher, leader, player
        w = _undouble(w[:-2])
    if w in _IRREGULAR:
        w = _IRREGULAR[w]
    if len(w) >= 3 and w.endswith("e") and not w.endswith("ee"):
        w = w[:-1]
    if w.endswith("ell") and len(w) > 4:
        # British "modelled", "travelled", "cancelled" meet "model", "travel", "cancel"
        w = w[:-1]
    if w.endswith("y") and len(w) > 3 and w[-2] not in "aeiou":
        w = w[:-1] + "i"
    return w


def _has_vowel(w: str) -> bool:
    return any(c in "aeiouy" for c in w)


def _undouble(w: str) -> str:
    if len(w) >= 3 and w[-1] == w[-2] and w[-1] not in "aeioulsf":  # "staffed" is staff
        return w[:-1]
    return w


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Reduce a word to an inflection key: plural, tense, participle and agent-noun endings go.

    Hyphenated words keep their prefix and stem their last part
    ("co-wrote" and "co-writing" meet). The key is only ever compared with
    other keys; it is not meant to be a real word.
    """
    w = word.lower().strip("'\".,;:!?()[]")
    if not w:
        return w
    if w.endswith("'s"):
        w = w[:-2]
    if "-" in w and not w[0].isdigit():
        head, _, last = w.rpartition("-")
        return head + "-" + _strip(last)
    return _strip(w)


def stems_of(word: str) -> tuple[str, ...]:
    """The stem of a word plus, for a hyphenated word, the stems of its content parts.

    "chain-free" yields ("chain-fre", "chain", "fre") so that a question
    about a "chain" meets a claim that says "chain-free".
    """
    s = stem(word)
    if "-" not in word or word[:1].isdigit():
        return (s,)
    pieces = word.lower().split("-")
    if pieces[0] in _AGAINST:
        return (s,)  # "anti-slip matting" prevents a slip: no slip is said
    parts = [stem(p) for p in pieces if p and p not in STOPWORDS and len(p) > 1]
    return (s, *parts)


# prefixes that turn a word's meaning against it
_AGAINST = frozenset({"anti", "non", "counter"})


# Base forms of common English verbs, used to find a question's predicate without a tagger.
# Words that are far more often nouns ("cycle", "harvest", "list") are left out on purpose.
COMMON_VERBS: frozenset[str] = frozenset(
    """accept add admit agree allow announce appear apply approve argue arrange arrive ask attend avoid award
    become begin believe belong book borrow break bring build burn buy call cancel carry catch cause change
    charge chair check choose claim clean close collect come commit compare complain complete confirm connect
    consider contain continue cook cost cover create cut deal decide declare decline deliver depend describe
    destroy develop die direct discover discuss divert do draw drink drive drop earn eat employ end enjoy enter
    escape expect explain expose fail fall feed feel fight fill find finish fit fix fly follow forget form found
    gain get give go grow hand happen hate have head hear help hide hire hit hold host hurt identify improve
    include increase inform inspect install introduce invent invite involve join keep kill know land last launch
    lead learn leave lend let lie like limit listen live lose love maintain make manage marry mean measure meet
    mention migrate miss model move need obtain occur offer open order organise organize own paint pass pay
    perform pick plan play prefer prepare present prevent produce promise propose protect prove provide publish
    pull push put raise reach read receive recommend record reduce refuse reject release remain remember remove
    renew rent repair replace reply report represent request require resign respond retire return reveal ride
    rise run save say schedule see sell send serve set settle share shoot show shut sign sing sit sleep speak
    spend split stand start stay steal stop study submit succeed suffer suggest supply support take talk teach
    tell test think throw train travel treat try turn understand use visit vote wait walk want warn watch wear
    weigh win work worry write co-write sponsor fund donate sue arrest convict treat prescribe diagnose operate
    cure assign appoint elect promote fire sack resign quit found acquire merge launch ship deploy migrate fix
    renew expire deliver announce win lose beat score owe lend borrow rent lease sell buy
    analyse analyze assess supervise coordinate certify postpone dismantle assemble construct renovate restore
    demolish vaccinate dispense administer digitise digitize curate thaw bake brew ferment stitch sew weave knit
    carve weld solder sharpen pour assist insist resist persist consist exist enlist""".split()
)


def is_verb(word: str) -> bool:
    """True when the word is a common verb in any inflection ("led", "chaired", "co-writing")."""
    w = word.lower()
    if w in _IRREGULAR and _IRREGULAR[w] in COMMON_VERBS:
        return True
    if w.endswith(("er", "ers", "or", "ors")) and w.rstrip("s") not in COMMON_VERBS:
        # agent nouns ("container", "manager") share a stem with a verb but are not verbs
        return False
    base = w[:-1] if w.endswith("es") else w
    if base.endswith("e") and base not in COMMON_VERBS and base[:-1] in COMMON_VERBS:
        # "site", "plane", "quite": a final "e" the stemmer drops makes another word of a verb
        return False
    if stem(w) in _VERB_STEMS:
        return True
    # "reopen", "repainted", "relaunching": a verb done again is a verb
    return w.startswith("re") and len(w) >= 6 and w[2] != "-" and stem(w[2:]) in _VERB_STEMS


_VERB_STEMS: frozenset[str] = frozenset(stem(v) for v in COMMON_VERBS)


# participles spelt as their base form ("had been shut", "was set"): no suffix marks them
SAME_FORM_PARTICIPLES: frozenset[str] = frozenset(
    {"shut", "put", "set", "cut", "hit", "hurt", "let", "quit", "split", "spread", "cast", "run"})


# the forms of "be", as auxiliary or copula
BE_FORMS: frozenset[str] = frozenset({"be", "am", "is", "are", "was", "were", "been", "being"})


# Irregular bases that are nouns, not verbs ("geese", "criteria"), and past forms of rarer verbs
# that are more often words of their own ("a bit of", "the shore", "a slew of", "a ladder rung")
_NOUN_BASES = frozenset("goose ox criterion phenomenon crisis child man woman person foot tooth mouse data".split())
_PAST_LOOKALIKES = frozenset("bit lit rung shore slew spelt".split())


def past_form(verb: str) -> bool:
    """True when a word read as a verb is in its past tense or participle ("took", "taken",
    "coached", "woven"); the caller knows it is a verb, so any "-ed" form counts."""
    w = verb.lower()
    if w in _IRREGULAR and (base := _IRREGULAR[w]) != "be" and w != base and not w.endswith(("s", "ing")) \
            and (base in COMMON_VERBS or base not in _NOUN_BASES and w not in _PAST_LOOKALIKES):
        return True
    return len(w) > 4 and w.endswith("ed")


_ROLE_SUFFIXES = ("er", "or", "ist", "ian", "ant", "ent", "man", "woman", "ic", "ee")


# Occupations without an agent suffix. A title is read only from the words right before a name,
# where a second sense ("cook", "judge") seldom misleads; "head", "guide", "major", "general" and
# "bass" mislead too often and are left out.
_ROLE_NOUNS = frozenset("""
    clerk warden apprentice chef cook nurse midwife surgeon physician medic paramedic vet coach captain
    skipper pilot chair chairperson secretary deputy dean provost bishop vicar priest curate chaplain
    rabbi imam monk nun judge magistrate constable detective sheriff bailiff guard lifeguard host
    hostess actress waitress barista nanny intern cadet architect poet soprano alto mezzo contralto
    baritone coxswain cox bosun locksmith blacksmith goldsmith silversmith wheelwright shipwright
    playwright mason stonemason shepherd umpire chauffeur cashier registrar landlord landlady envoy
    diplomat spokesperson sexton churchwarden colonel corporal admiral marshal ranger steward bursar
    executive analyst
    """.split())


def role_word(w: str) -> bool:
    """An occupation: a listed one, or a word with an agent ending ("baker", "organist"); joined
    to another word by a hyphen, the last one decides ("driver-librarian", "vice-captain")."""
    if "-" in w:
        parts = w.split("-")
        return len(parts) == 2 and all(p.isalpha() for p in parts) and role_word(parts[1])
    return w.isalpha() and len(w) > 2 and w not in STOPWORDS and (
        w in _ROLE_NOUNS or len(w) > 3 and w.endswith(_ROLE_SUFFIXES) and w not in _AGENTLESS_VERBS)


# verbs whose ending looks like an agent's and names none ("assist" is no one who "assists")
_AGENTLESS_VERBS = frozenset("assist insist resist persist consist exist enlist".split())


# Kinds of people that are no occupation, singular and plural ("guests", "a child", "tenants")
_PEOPLE_NOUNS = frozenset("""
    member members resident residents visitor visitors guest guests staff pupil pupils student students
    customer customers patient patients tenant tenants owner owners player players driver drivers
    applicant applicants user users parent parents child children family families volunteer volunteers
    passenger passengers rider riders holder holders adult adults man men woman women fan fans athlete
    athletes neighbour neighbours neighbor neighbors passer-by passers-by bystander bystanders walker
    walkers shopper shoppers onlooker onlookers witness witnesses local locals person people boy boys
    girl girls
    """.split())


def people_noun(w: str) -> bool:
    """A lower-case noun for people: a listed kind, or the plural of an occupation ("bakers")."""
    return w in _PEOPLE_NOUNS or w.endswith("s") and role_word(w[:-1])
