"""Find the names in a sentence and guess what kind of thing each names.

A name is a run of capitalised words ("Priya Raman", "Hale & Finch Ltd"),
optionally with a house number in front ("12 Mill Road") or a number behind
("Phase 2", "Room 5"), or a quoted title ('Quiet Rivers'). Honorifics ("Dr.",
"Councillor") are kept in the span but left out of the name's match tokens, so
"Dr. Ada Obi" and "Ada Obi" are the same key. Months, weekdays, lone acronyms
("QA", "TLS") and lone codes are not names: they are content, matched as
words. A capitalised word that starts a sentence is a name only when it is
followed by another name word, a number or a possessive, or when the caller
already knows it as a name (the ``known`` callback), because sentence case
capitalises ordinary words too.

>>> [s.text for s in find_spans(tokenize("Dr. Ada Obi of Acme Labs visited 12 Mill Road in May."))]
['Dr. Ada Obi', 'Acme Labs', '12 Mill Road']
>>> s = find_spans(tokenize("Ada Obi's thesis deadline moved."))[0]
>>> (s.key, s.possessive)
('ada obi', True)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from fireweed.decider.lexicon import (
    HONORIFICS,
    MONTHS,
    PREPOSITIONS,
    STOPWORDS,
    WEEKDAYS,
    Token,
    is_capitalized,
    is_verb,
    tokenize,
)
from fireweed.decider.text import NAME_PARTICLES, SENTENCE_ADVERBS, SUBORDINATORS
from fireweed.decider.text import STOPWORDS as FUNCTION_WORDS
from fireweed.decider.units import unit_word

__all__ = ["Span", "find_spans", "add_known_spans", "name_tokens", "name_key", "guess_kind", "tokenize"]

_SENTENCE_END = frozenset({".", "!", "?", ";", ":", "\u2026"})
_OPEN = frozenset({"'", '"', "(", "["})
_CONNECT_ONE = frozenset({"of"})
_PARTICLES = NAME_PARTICLES - {"&"}  # ("&" joins names its own way, below)
_YEAR_RE = re.compile(r"^(1[89]|20)\d\d$")
_CODE_RE = re.compile(r"^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9./-]+$")

_ORG_SUFFIX = frozenset(
    """group club council committee trust bank school university college health systems system records
    estates mutual museum clinic practice labs lab laboratory laboratories team society association company
    corporation corp inc inc. ltd ltd. llc plc partners institute foundation agency department ministry office
    hospital church union federation league services solutions technologies technology media press studios
    studio ventures holdings fund party board authority commission police band orchestra choir academy
    airlines airways rail railways motors foods creamery bakery brewery dairy gallery factory observatory
    store stores shop cafe restaurant bar pub inn hotel kitchen network networks agency bureau service
    centre center insurance assurance capital industries pharma pharmaceuticals software games publishing
    productions entertainment records brothers sons co co. firm archive archives buses coaches transport
    travel trains ferries pharmacy opticians nursery joinery engineering builders plumbing roofing
    construction contractors haulage logistics removals solicitors surveyors consultants consulting
    associates veterinary dental garage landscaping catering printing supplies textiles surfacing paving
    scaffolding fencing glazing flooring decorating unit homes housing works water energy utilities metals
    plastics chemicals recycling cycles wheelers harriers rangers rovers athletic united wanderers colts juniors albion leisure
    rescue ambulance brigade partnership alliance consortium collective cooperative co-op charity
    developments properties lettings locks security electrics electrical tyres interiors freight couriers
    taxis aviation marine shipping players singers chorus ensemble quartet opera ballet radio gazette
    herald chronicle journal distillery vineyard hospice""".split()
)
def _counts_what_follows(texts: list[str], lowers: list[str], k: int) -> bool:
    """A plural noun after the name: "19 Black Forest cuckoo clocks" counts clocks, where "12 Mill
    Road" alone is an address."""
    while k < len(texts) and texts[k].islower() and texts[k].isalpha() and lowers[k] not in STOPWORDS:
        if texts[k].endswith("s") and not texts[k].endswith(("ss", "us", "is")):
            return True
        k += 1
    return False


_PLACE_SUFFIX = frozenset(
    """street st st. road rd rd. lane row avenue ave way square wharf port city town village park gardens garden
    hall house bridge hill hills river lake loch bay sound island islands isle mountain mountains valley
    county state province district quarter harbour harbor beach coast point heights green common court
    place crescent close terrace drive boulevard plaza market exchange airport station field fields wood
    woods forest moor brook creek falls springs cove estate barn farm chapel cathedral abbey priory manor
    hotel tavern centre center theatre theater stadium arena pavilion library museum gallery cottage
    quay pier marina surgery clinic reservoir depot tor fell fells dale vale heath downs ridge estuary canal
    dock docks basin weir dam campus interchange junction home hospital""".split()
)
# Nouns that a number names one of ("Year 5", "Court 2"), also at the end of a longer name.
_NUMBERED_NOUNS = frozenset("""year room court phase flat platform gate terminal unit block floor level stage
    route zone ward bay pitch plot class group team grade studio building section wing hall""".split())
_PLACE_PREFIX = frozenset({"loch", "lake", "mount", "mt", "mt.", "port", "fort", "cape", "river", "isle", "saint", "st", "st."})
_HONOR_ABBREV = frozenset(h.rstrip(".") for h in HONORIFICS if h.endswith("."))
_HONOR_BARE = frozenset(h.rstrip(".") for h in HONORIFICS)
# Words dropped from the end of a run: a trailing connector or particle names nothing.
_TRAILING_DROP = _CONNECT_ONE | _PARTICLES | {"&"}
# Acronyms that end an organisation's name ("Saltmarsh RFC", "Dunmore PLC"); any other trailing
# acronym describes what follows it ("the Acme API gateway").
_ORG_SUFFIXES = frozenset(
    {"fc", "afc", "rfc", "cf", "sc", "plc", "llc", "llp", "lp", "cic", "gmbh", "ag", "sa", "sas",
     "bv", "nv", "ab", "asa", "oy", "spa", "srl", "pty", "inc", "ltd", "nhs"}
)
# "27-19", "3–1": a score or a range after a name, not a designator like "Room 5" or "Phase 2"
_SCORE_RE = re.compile(r"^\d{1,3}[-\u2013]\d{1,3}$")
_EVENT_SUFFIX = frozenset(
    """meeting conference festival summit expo fair awards award cup championship championships games tour
    week day night gala congress symposium workshop hackathon devconf con""".split()
)


@dataclass(frozen=True, slots=True)
class Span:
    """A name found in a text.

    ``first``/``last`` are token indexes (inclusive/exclusive); ``text`` is the
    surface form; ``tokens`` are the lower-cased match tokens (honorifics and a
    leading "the" removed); ``possessive`` is True when "'s" follows;
    ``quoted`` for a title in quotes; ``prep`` is the preposition right before
    the span, if any.
    """

    first: int
    last: int
    start: int
    end: int
    text: str
    tokens: tuple[str, ...]
    possessive: bool = False
    quoted: bool = False
    prep: str | None = None
    honorific: bool = False

    @property
    def key(self) -> str:
        """The match key: match tokens joined by spaces."""
        return " ".join(self.tokens)


def _is_acronym(w: str) -> bool:
    # Only an all-letter word can be one, and then its letters are all its characters: testing
    # isalpha() and the length first skips building the letter list for most words.
    if not w.isalpha() or not 2 <= len(w) <= 6:
        return False
    return sum(map(str.isupper, w)) >= 2


def _is_name_word(w: str) -> bool:
    """A capitalised word that may be part of a name (not a month, weekday or function word)."""
    # is_capitalized(w) and w[0].isalpha() together mean: the first character is an upper-case letter
    if not w or not w[0].isalpha() or not w[0].isupper():
        return False
    if len(w) > 2 and w[1] == "-":
        # "B-side", "T-shirt", "X-ray": a letter prefix, not a name
        return False
    if "$" in w or "," in w:
        return False  # "A$1,200", "R14,600": an amount of money written with its currency's letter
    lw = w.lower()
    if lw in MONTHS or lw in WEEKDAYS:
        return False
    return True


@lru_cache(maxsize=100_000)
def _token_texts(text: str) -> tuple[str, ...]:
    # name_tokens and guess_kind both read a new name's token texts: tokenise it once for both.
    words = text.split(" ")
    if all(w[:1].isalpha() and w.isalnum() for w in words):
        # Most names are plain words between single spaces ("Ada Obi"), and tokenize returns such a
        # word whole: its letter start and letters or digits are one word token, and with no "." or
        # quote in it no abbreviation, number or possessive rule applies.
        return tuple(words)
    return tuple(t.text for t in tokenize(text))


@lru_cache(maxsize=100_000)
def name_tokens(text: str) -> tuple[str, ...]:
    """The lower-cased match tokens of a name (honorifics, "the", "&" and possessives removed)."""
    out: list[str] = []
    for tt in _token_texts(text):
        lw = tt.lower()
        if lw in ("'s", "&", "'", '"', ",", ".", "(", ")", "-"):
            continue
        if lw in HONORIFICS and not out:
            continue
        if lw == "the" and not out:
            continue
        if not any(map(str.isalnum, lw)):
            continue
        out.append(lw.rstrip("."))
    # a name that is only an honorific ("Doctor") keeps it
    if not out:
        out = [tt.lower().rstrip(".") for tt in _token_texts(text) if any(c.isalnum() for c in tt)]
    return tuple(out)


def name_key(text: str) -> str:
    """The match key of a name: its match tokens joined by spaces."""
    return " ".join(name_tokens(text))


@lru_cache(maxsize=100_000)
def _folded(word: str) -> str:
    """The word without its accents ("café" is "cafe")."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def ends_a_name(word: str) -> bool:
    """Whether a word ends the name of a place or a body ("Heights", "Trust", "Lane"), so that the
    words up to it are a name of their own."""
    return word in _PLACE_SUFFIX or word in _ORG_SUFFIX


def guess_kind(text: str) -> str:
    """Guess "person", "org", "place" or "thing" from the shape of a name.

    A heuristic of general English naming: honorifics mark people, suffixes
    such as "Trust" or "Lane" mark organisations and places, a leading house
    number marks an address, quotes or digits mark a titled thing.
    """
    raw = _token_texts(text)
    # accents folded for the suffix tables: "Repair Café" ends in "cafe"
    words = [_folded(w.lower()) for w in raw if any(map(str.isalnum, w))]
    if not words:
        return "thing"
    if text.startswith(("'", '"')):
        return "thing"
    if words[0].rstrip(".") in _HONOR_BARE and len(words) >= 2:
        return "person"
    if words[0][0].isdigit():
        return "place"
    last = words[-1]
    if last in _ORG_SUFFIX or words[0] in ("university", "college", "school", "bank", "institute"):
        return "org"
    if last in _PLACE_SUFFIX or words[0] in _PLACE_PREFIX:
        return "place"
    if last in _EVENT_SUFFIX:
        return "thing"
    if any(map(str.isdigit, text)):
        return "thing"
    if words[0] == "the" or "&" in raw:
        return "org"  # "Fenwick & Dunmore": two names joined by "&" are a firm's
    caps = [w for w in raw if w[:1].isalpha()]
    if 2 <= len(caps) <= 4 and all(is_capitalized(w) or w.lower() in _PARTICLES for w in caps):
        if not any(_is_acronym(w) for w in caps):
            return "person"
    return "thing"


def _owner_follows(texts: list[str], k: int) -> bool:
    """Whether a name and its possessive start at ``k``: "Biscuit, Saoirse Galbraith-Nunn's cocker
    spaniel, ..." sets off what the first word names, as "Pepper, a spaniel" does."""
    j = k
    while j < len(texts) and j - k < 4 and texts[j][:1].isupper():
        j += 1
    return j > k and j < len(texts) and texts[j] == "'s"


def find_spans(tokens: list[Token], known: Callable[[str], bool] | None = None) -> list[Span]:
    """Find name spans in a tokenised sentence (see the module docstring for the rules)."""
    n = len(tokens)
    spans: list[Span] = []
    used = [False] * n
    texts = [t.text for t in tokens]
    # Per-token facts the loops below test repeatedly (each token is looked at from several
    # positions); both are pure functions of the token text.
    lowers = [t.lower() for t in texts]
    name_word = [_is_name_word(t) for t in texts]

    def sentence_initial(i: int) -> bool:
        j = i - 1
        while j >= 0 and texts[j] in _OPEN:
            j -= 1
        return j < 0 or texts[j] in _SENTENCE_END

    def prep_before(i: int) -> str | None:
        j = i - 1
        if j >= 0 and lowers[j] == "the":
            j -= 1
        if j >= 0 and lowers[j] in PREPOSITIONS:
            return lowers[j]
        return None

    # quoted titles first: 'Quiet Rivers', "The Long Road"
    i = 0
    while i < n:
        t = texts[i]
        if t in ("'", '"') and i + 1 < n and tokens[i + 1].start == tokens[i].end and (
            i == 0 or tokens[i - 1].end < tokens[i].start or texts[i - 1] in _OPEN
        ) and is_capitalized(texts[i + 1]):
            for j in range(i + 2, min(n, i + 14)):
                if texts[j] == t and tokens[j].start == tokens[j - 1].end:
                    inner = tokens[i + 1 : j]
                    text = " ".join(x.text for x in inner)
                    toks = name_tokens(text)
                    if toks:
                        poss = j + 1 < n and texts[j + 1] == "'s"
                        spans.append(
                            Span(i, j + 1, tokens[i + 1].start, tokens[j - 1].end, text, toks, poss, True, prep_before(i))
                        )
                        for k in range(i, j + 1):
                            used[k] = True
                    i = j
                    break
        i += 1

    i = 0
    while i < n:
        if used[i]:
            i += 1
            continue
        w = texts[i]
        lw = lowers[i]
        start_i = i
        lead_number = False
        # a house number in front of a capitalised street name: "12 Mill Road"
        if (
            w.isdigit()
            and len(w) <= 4
            and not _YEAR_RE.match(w)
            and i + 2 < n
            and name_word[i + 1]
            and name_word[i + 2]
            and lowers[i + 1] not in STOPWORDS
            and lowers[i + 2] in _PLACE_SUFFIX
            and not _counts_what_follows(texts, lowers, i + 3)
        ):
            lead_number = True
            j = i + 1
        elif name_word[i]:
            j = i
        else:
            i += 1
            continue
        if not lead_number:
            honor = lw in HONORIFICS or lw.rstrip(".") in _HONOR_ABBREV
            if lw in STOPWORDS and not honor:
                # "The" opens a name only when a name word follows ("The Blue Anchor"); either way
                # the run starts at the next word
                i += 1
                continue
        # extend the run
        k = j
        words: list[int] = []
        while k < n and not used[k]:
            tk = texts[k]
            ltk = lowers[k]
            if name_word[k] and (ltk not in STOPWORDS or tk == "A" and words):
                if _is_acronym(tk):
                    if not words and not (k + 1 < n and (name_word[k + 1] or texts[k + 1][:1].isdigit())):
                        break
                    if words and not (k + 1 < n and name_word[k + 1]) and ltk not in _ORG_SUFFIXES:
                        # "Acme API gateway": a trailing acronym describes, it does not name
                        break
                words.append(k)
                k += 1
                continue
            if tk == "&" and words and k + 1 < n and name_word[k + 1]:
                words.append(k)
                k += 1
                continue
            if ltk in _PARTICLES and words and k + 1 < n and name_word[k + 1] and lowers[k + 1] not in STOPWORDS:
                words.append(k)
                k += 1
                continue
            if (
                ltk in _CONNECT_ONE
                and len(words) == 1
                and lowers[words[0]] not in HONORIFICS
                and k + 1 < n
                and name_word[k + 1]
                and lowers[k + 1] not in STOPWORDS
                and not sentence_initial(words[0])
            ):
                words.append(k)
                k += 1
                continue
            if (len(words) == 1 or lowers[k - 1] in _NUMBERED_NOUNS) and (tk[:1].isdigit() or _CODE_RE.match(tk)) \
                    and not _YEAR_RE.match(tk) and not _SCORE_RE.match(tk) and tokens[k].start == tokens[k - 1].end + 1 \
                    and not (k + 1 < n and unit_word(lowers[k + 1]) is not None):
                # "Phase 2", "Room 5", "ABCU 123456-7", "Brackenholt Year 5"; not "Ptolemy Iwu-Carstairs
                # 200 m freestyle", where a number after a full name starts what is said of it, nor
                # "prescribed Clementine 4 millilitres", where a unit says it is a quantity
                words.append(k)
                k += 1
                break
            break
        if not words:
            i += 1
            continue
        first_word = words[0]
        # drop a trailing connector or honorific-only run
        # (a capitalised one is a surname: "Priya Das", "Omar El")
        while words and lowers[words[-1]] in _TRAILING_DROP and not texts[words[-1]][:1].isupper():
            words.pop()
        if not words:
            i += 1
            continue
        last = words[-1] + 1
        is_initial = sentence_initial(start_i if not lead_number else start_i)
        core = [texts[x] for x in words if lowers[x] not in HONORIFICS]
        if not lead_number and is_initial and len(words) == 1:
            follows_poss = last < n and texts[last] == "'s"
            # "Pepper, a six-year-old spaniel, ...": an appositive after a comma names the word
            appositive = (last + 1 < n and texts[last] == ","
                          and (lowers[last + 1] in ("a", "an", "the", "our", "my", "his", "her", "their")
                               or _owner_follows(texts, last + 1))
                          and lowers[first_word] not in SENTENCE_ADVERBS and lowers[first_word] not in SUBORDINATORS
                          and not lowers[first_word].endswith("ly"))
            # "Lumen and Lead Studio plans ...": a word joined by "and" to a name that follows is
            # named with it, as it would be anywhere else in the sentence
            w = lowers[first_word]
            joined = (last + 1 < n and lowers[last] == "and" and name_word[last + 1]
                      and lowers[last + 1] not in STOPWORDS and lowers[last + 1] not in FUNCTION_WORDS
                      and w not in SENTENCE_ADVERBS and w not in SUBORDINATORS and w not in STOPWORDS
                      and w not in FUNCTION_WORDS and not w.endswith("ly") and not is_verb(w))
            # "Pemberton-Yates goshawk survey": a capital after the hyphen too marks a surname (an
            # ordinary word opens a sentence as "Long-term", "Cross-country")
            parts = texts[first_word].split("-")
            double = len(parts) >= 2 and all(len(x) > 1 and x[0].isupper() and x[1:].islower() for x in parts)
            if not follows_poss and not appositive and not joined and not double \
                    and not (known and known(lowers[first_word])):
                i = last
                continue
        if not core:
            i = last
            continue
        if len(words) == 1 and not lead_number and (_is_acronym(texts[first_word]) or _CODE_RE.match(texts[first_word])):
            i = last
            continue
        if not lead_number and start_i > 0 and lowers[start_i - 1] == "the" and not used[start_i - 1] \
                and last + 1 < n and texts[last] == "'s" and name_word[last + 1] and lowers[last + 1] not in STOPWORDS:
            # "The Ferryman's Rest", "chair of the Fruit Growers' Cooperative": with "the" in front, a possessive followed
            # by a name word is inside one name (a pub, a shop, a game), not a possessor; unless a
            # common noun follows, which the name word only modifies ("The Lantern Static's
            # Brudenell gig")
            end = last + 1
            while end < n and not used[end] and name_word[end] and lowers[end] not in STOPWORDS:
                end += 1
            after = lowers[end] if end < n else ""
            if not (after.isalpha() and after not in STOPWORDS and after not in FUNCTION_WORDS
                    and not after.endswith("ly") and not is_verb(after)):
                words.extend(range(last, end))
                last = end
        s_tok = start_i
        text = " ".join([texts[x] for x in ([start_i] if lead_number else []) + words])
        if not lead_number and s_tok > 0 and texts[s_tok - 1] == "The" and not used[s_tok - 1]:
            # keep "The" in the surface form: it marks a band, a firm or a ship, not a person
            s_tok -= 1
            text = texts[s_tok] + " " + text
        toks = name_tokens(text)
        if not toks:
            i = last
            continue
        poss = last < n and texts[last] == "'s"
        honor = lowers[words[0]] in HONORIFICS
        spans.append(
            Span(
                s_tok,
                last,
                tokens[s_tok].start,
                tokens[last - 1].end,
                text,
                toks,
                poss,
                False,
                prep_before(s_tok),
                honor,
            )
        )
        i = last
    spans.sort(key=lambda s: s.first)
    return spans


def add_known_spans(tokens: list[Token], spans: list[Span], is_key: Callable[[str], bool]) -> list[Span]:
    """Add spans for known multi-word names typed without capitals ("priya raman"), or split by a
    lower-case word ("Herring Fleet at Dawn" read as "Herring Fleet" and "Dawn").

    Only whole known names of two to six words are looked up, so common lower-case words are
    never promoted to names; a known name replaces the spans it wholly contains, never cuts one.
    """
    lower = [t.text.lower() for t in tokens]
    # a name's own possessive is the word "s" in its key ("The Clockmaker's Attic")
    words = ["s" if w == "'s" else w for w in lower]
    n = len(lower)
    owner: list[Span | None] = [None] * n
    for s in spans:
        for k in range(s.first, min(s.last, n)):
            owner[k] = s
    extra: list[Span] = []
    i = 0
    while i < n:
        first = owner[i]
        if first is not None and first.first != i:
            i += 1  # inside a name found by its capitals: a window from here would cut it
            continue
        hit = 0
        for size in (6, 5, 4, 3, 2):
            j = i + size
            if j > n:
                continue
            last = owner[j - 1]
            if last is not None and last.last != j:
                continue  # the window would cut a name found by its capitals
            if first is not None and first.last == j:
                break  # exactly that name: nothing to add, and nothing shorter either
            if is_key(" ".join(words[i:j])):
                hit = size
                break
        if hit:
            j = i + hit
            prep = lower[i - 1] if i > 0 and lower[i - 1] in PREPOSITIONS else None
            poss = j < n and lower[j] == "'s"
            text = " ".join(t.text for t in tokens[i:j])
            extra.append(Span(i, j, tokens[i].start, tokens[j - 1].end, text, tuple(words[i:j]), poss, False, prep))
            i = j
        else:
            i += first.last - i if first is not None else 1
    if not extra:
        return spans
    kept = [s for s in spans if not any(x.first <= s.first and s.last <= x.last for x in extra)]
    return sorted(kept + extra, key=lambda s: s.first)
