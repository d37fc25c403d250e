"""Shared, deterministic text utilities for the decider (write gates, firewall) and recall.

Everything here is a pure function of its arguments: no I/O, no third-party packages, no mutable
module state. Word lists are general English, never keyed to any data set.

Offsets: :func:`tokenize`, :func:`name_spans` and :func:`parse_numerals` report ``start``/``end``
as indices into the exact string they were given (characters are folded one-for-one internally, so
offsets survive). Pass NFC text if decomposed accents must stay inside one word.

>>> [t.norm for t in tokenize("Priya Raman's team can't join.")]
['priya', 'raman', 'team', 'can', 'not', 'join']
>>> stem("joined") == stem("joins") == stem("joining") == "join"
True
>>> [s.text for s in name_spans("In 2019, Prof. Ada Lovelace-King joined Acme Works.")]
['Prof. Ada Lovelace-King', 'Acme Works']
>>> [(n.kind, n.value) for n in parse_numerals("$4,500 on 14 September 2023, up 12%")]
[('money', 4500), ('date', (2023, 9, 14)), ('percent', 12)]
"""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Iterable

from .lexicon import (
    IRREGULAR_FORMS, MONTHS, PLAIN_ER, fold_ise, irregular_table, is_verb, past_form, prefixed_irregular,
    role_word,
)

__all__ = [
    "Token",
    "NameSpan",
    "without_posts",
    "opening_clause_end",
    "Numeral",
    "Subject",
    "Analysis",
    "fold",
    "normalize",
    "strip_accents",
    "tokenize",
    "stem",
    "stems_of",
    "lemma",
    "is_stopword",
    "name_spans",
    "parse_numerals",
    "numeral_grounded",
    "subject_of",
    "analyze",
    "sentences",
    "clause_ids",
    "ARTICLES",
    "DEMONSTRATIVES",
    "PRONOUNS",
    "SUBJECT_PRONOUNS",
    "OBJECT_PRONOUNS",
    "POSSESSIVE_DETERMINERS",
    "PRONOUN_GROUPS",
    "AUXILIARIES",
    "MODALS",
    "NEGATIONS",
    "QUANTIFIERS",
    "PREPOSITIONS",
    "CONJUNCTIONS",
    "SUBORDINATORS",
    "STOPWORDS",
    "TITLES",
    "NAME_PARTICLES",
    "MONTHS",
    "WEEKDAYS",
    "NUMBER_WORDS",
    "NUMERAL_GLUE",
    "is_numeral_word",
]

# --------------------------------------------------------------------------------------------
# Word lists (general English)
# --------------------------------------------------------------------------------------------

ARTICLES: frozenset[str] = frozenset({"a", "an", "the"})
DEMONSTRATIVES: frozenset[str] = frozenset({"this", "that", "these", "those"})
SUBJECT_PRONOUNS: frozenset[str] = frozenset({"i", "you", "he", "she", "it", "we", "they"})
OBJECT_PRONOUNS: frozenset[str] = frozenset({"me", "you", "him", "her", "it", "us", "them"})
POSSESSIVE_DETERMINERS: frozenset[str] = frozenset({"my", "your", "his", "her", "its", "our", "their"})
PRONOUNS: frozenset[str] = (
    SUBJECT_PRONOUNS
    | OBJECT_PRONOUNS
    | POSSESSIVE_DETERMINERS
    | frozenset(
        {
            "mine", "yours", "hers", "ours", "theirs",
            "myself", "yourself", "yourselves", "himself", "herself", "itself", "ourselves",
            "themselves",
        }
    )
)
# A pronoun only grounds a pronoun of the same person/number/gender.
PRONOUN_GROUPS: dict[str, str] = {
    **dict.fromkeys(("i", "me", "my", "mine", "myself"), "1s"),
    **dict.fromkeys(("we", "us", "our", "ours", "ourselves"), "1p"),
    **dict.fromkeys(("you", "your", "yours", "yourself", "yourselves"), "2"),
    **dict.fromkeys(("he", "him", "his", "himself"), "3m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "3f"),
    **dict.fromkeys(("it", "its", "itself"), "3n"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "3p"),
}
AUXILIARIES: frozenset[str] = frozenset(
    {"be", "am", "is", "are", "was", "were", "been", "being",
     "have", "has", "had", "having", "do", "does", "did"}
)
MODALS: frozenset[str] = frozenset(
    {"will", "would", "shall", "should", "can", "could", "may", "might", "must", "ought"}
)
NEGATIONS: frozenset[str] = frozenset(
    {"not", "no", "never", "none", "nobody", "nothing", "nowhere", "neither", "nor", "without"}
)
QUANTIFIERS: frozenset[str] = frozenset(
    {"all", "every", "each", "any", "some", "most", "many", "much", "few", "fewer", "several",
     "both", "either", "only", "whole", "entire", "more", "less", "least", "enough"}
)
PREPOSITIONS: frozenset[str] = frozenset(
    {"about", "above", "across", "after", "against", "along", "amid", "among", "around", "as",
     "at", "before", "behind", "below", "beneath", "beside", "besides", "between", "beyond",
     "by", "despite", "down", "during", "except", "for", "from", "in", "inside", "into", "like",
     "near", "of", "off", "on", "onto", "out", "outside", "over", "past", "per", "since",
     "than", "through", "throughout", "till", "to", "toward", "towards", "under", "underneath",
     "unlike", "until", "up", "upon", "via", "with", "within", "without"}
)
CONJUNCTIONS: frozenset[str] = frozenset(
    {"and", "or", "but", "nor", "so", "yet", "because", "although", "though", "while",
     "whereas", "if", "unless", "whether", "that", "once", "when", "whenever", "where",
     "wherever", "which", "who", "whom", "whose", "what", "how", "why", "then"}
)
# Words that open a fronted adverbial or subordinate clause before the main subject.
SUBORDINATORS: frozenset[str] = frozenset(
    {"because", "although", "though", "since", "when", "whenever", "while", "whereas", "if",
     "unless", "after", "before", "once", "until", "as", "despite", "following", "given",
     "having", "being", "upon", "with", "without", "during", "in", "on", "at", "from", "by",
     "for", "over", "under", "throughout", "within", "across", "between", "among",
     "according", "thanks", "due", "like", "unlike", "besides", "beyond", "through", "to",
     "into", "of", "last", "next", "earlier", "later", "yesterday", "today", "tomorrow"}
)
# Sentence adverbs: capitalised only because a sentence starts with them ("Maybe Ada Lee ...",
# "Sadly, ..."), never the first word of a name.
SENTENCE_ADVERBS: frozenset[str] = frozenset(
    {"maybe", "perhaps", "possibly", "probably", "apparently", "allegedly", "reportedly",
     "supposedly", "presumably", "seemingly", "certainly", "definitely", "clearly", "obviously",
     "surely", "actually", "indeed", "however", "meanwhile", "now", "then", "recently", "finally",
     "eventually", "sadly", "luckily", "unfortunately", "fortunately", "hopefully", "also", "still",
     "already", "even", "again", "usually", "sometimes", "often", "never", "always", "currently",
     "previously", "formerly", "originally", "initially", "thankfully", "notably", "instead",
     "otherwise", "therefore", "thus", "hence", "nevertheless", "nonetheless", "anyway",
     "evidently", "unlikely", "likely"}
)
_OTHER_FUNCTION_WORDS: frozenset[str] = frozenset(
    {"there", "here", "also", "just", "very", "too", "even", "still", "already", "now", "not",
     "s", "t", "d", "ll", "re", "ve", "m", "etc", "ie", "eg", "one", "ones", "own", "such",
     "other", "another", "same", "again", "ever", "further", "else", "instead", "rather",
     "quite", "really", "however", "please"}
)
STOPWORDS: frozenset[str] = (
    ARTICLES | DEMONSTRATIVES | PRONOUNS | AUXILIARIES | MODALS | NEGATIONS | QUANTIFIERS
    | PREPOSITIONS | CONJUNCTIONS | _OTHER_FUNCTION_WORDS
)
# Honorifics and role nouns that commonly stand before a name ("Captain Ada Lee"); a claim may
# add or drop them without naming a different person.
TITLES: frozenset[str] = frozenset(
    {"mr", "mrs", "ms", "miss", "mx", "dr", "doctor", "prof", "professor", "sir", "dame",
     "lord", "lady", "captain", "capt", "cpt", "councillor", "councilor", "cllr", "inspector",
     "detective", "det", "sergeant", "sgt", "officer", "constable", "judge", "justice",
     "senator", "sen", "governor", "gov", "mayor", "president", "pres", "minister",
     "chancellor", "director", "chairman", "chairwoman", "chair", "coach", "nurse", "father",
     "fr", "sister", "brother", "reverend", "rev", "bishop", "rabbi", "imam", "pastor",
     "general", "gen", "colonel", "col", "major", "maj", "lieutenant", "lt", "admiral", "adm",
     "commander", "cmdr", "chief", "agent", "king", "queen", "prince", "princess", "saint",
     "st", "hon", "honourable", "honorable", "owner", "founder", "manager", "postdoc",
     "student", "engineer", "policyholder", "patient", "client", "customer", "vendor",
     "landlord", "tenant", "witness", "secretary", "treasurer", "head", "headteacher",
     "principal", "dean", "editor", "producer", "auntie", "uncle", "aunt", "grandma",
     "grandpa", "chef", "pilot", "vet", "dr."}
)
# Abbreviations after which a full stop does not end a sentence.
_ABBREVIATIONS: frozenset[str] = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "st", "mt", "capt", "cpt", "col", "gen", "sgt", "lt",
     "rev", "hon", "jr", "sr", "fr", "det", "sen", "gov", "maj", "adm", "cmdr", "cllr", "no",
     "vs", "etc", "approx", "inc", "ltd", "co", "corp", "dept", "univ", "ave", "rd", "e.g",
     "i.e", "fig", "vol", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
     "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun"}
)
# Lower-case words allowed inside a personal or place name ("Ludwig van Beethoven").
NAME_PARTICLES: frozenset[str] = frozenset(
    {"de", "da", "di", "du", "do", "del", "della", "der", "den", "van", "von", "le", "la", "bin",
     "ibn", "al", "el", "dos", "das", "ter", "ten", "y", "&"}
)
WEEKDAYS: frozenset[str] = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
     "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
     "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
)
_UNITS_WORDS: dict[str, int] = {
    "zero": 0, "nought": 0, "nil": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19,
}
_TENS_WORDS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
# Cardinals spelled as one word, "zero" to "ninety": the one list the read path's counters derive from.
CARDINAL_WORDS: dict[str, int] = {**_UNITS_WORDS, **_TENS_WORDS}
_SCALE_WORDS: dict[str, int] = {
    "hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
    "trillion": 1_000_000_000_000,
}
_ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
    "thousandth": 1000, "millionth": 1_000_000,
}
_MULTIPLICATIVES: dict[str, int] = {"once": 1, "twice": 2, "thrice": 3}
# Words that belong to a numeral expression rather than to what is said about it
# ("12 per cent", "five hundred dollars", "£1.2 million", "9 am").
NUMERAL_GLUE: frozenset[str] = frozenset(
    {"a", "and", "of", "per", "cent", "percent", "pct", "pc", "am", "pm", "bn", "mn", "k", "past", "to", "minutes",
     "noon", "midday", "midnight"}
)
NUMBER_WORDS: frozenset[str] = frozenset(
    set(_UNITS_WORDS) | set(_TENS_WORDS) | set(_SCALE_WORDS) | set(_ORDINAL_WORDS)
    | set(_MULTIPLICATIVES) | {"dozen", "half", "quarter", "quarters"}
)
_CURRENCY_SYMBOLS: dict[str, str] = {
    "$": "USD", "£": "GBP", "€": "EUR", "¥": "JPY", "₹": "INR", "₩": "KRW", "₽": "RUB",
    "₺": "TRY", "₪": "ILS", "₦": "NGN", "₱": "PHP", "฿": "THB", "₫": "VND", "₴": "UAH",
}
CURRENCY_CODES: frozenset[str] = frozenset(
    {"usd", "gbp", "eur", "jpy", "inr", "cad", "aud", "nzd", "chf", "cny", "rmb", "hkd", "sgd",
     "sek", "nok", "dkk", "zar", "brl", "mxn", "krw", "rub", "try", "pln", "czk", "huf", "ils",
     "aed", "sar", "ngn", "kes", "php", "thb", "idr", "myr", "vnd", "uah", "isk"}
)
_CURRENCY_PREFIX_CODES: dict[str, str] = {"us$": "USD", "a$": "AUD", "c$": "CAD", "nz$": "NZD",
                                          "hk$": "HKD", "s$": "SGD", "r$": "BRL"}
_CURRENCY_WORDS: dict[str, str] = {
    "dollar": "USD", "dollars": "USD", "euro": "EUR", "euros": "EUR", "yen": "JPY",
    "rupee": "INR", "rupees": "INR", "sterling": "GBP", "quid": "GBP",
}


def is_numeral_word(word: str) -> bool:
    """Whether ``word`` (normalised) can only be part of a numeral expression inside one:
    number words, months, currency words and codes, and glue such as "per cent"."""
    return (
        word in NUMBER_WORDS or word in MONTHS or word in NUMERAL_GLUE or word in _CURRENCY_WORDS
        or word in CURRENCY_CODES
    )


# Suffixes glued to a number that only name a unit: the value is still the number.
_UNIT_SUFFIXES: frozenset[str] = frozenset(
    {"mm", "cm", "m", "km", "mg", "g", "kg", "t", "ml", "cl", "l", "lb", "lbs", "oz", "ft",
     "in", "yd", "mi", "mph", "kph", "kmh", "s", "ms", "sec", "secs", "h", "hr", "hrs", "min",
     "mins", "d", "wk", "wks", "yr", "yrs", "x", "gb", "mb", "kb", "tb", "ghz", "mhz", "hz",
     "kw", "kwh", "mw", "w", "v", "c", "f", "k", "bn", "mn", "pc", "sqm", "sqft", "ha", "mpg",
     "bpm", "dpi", "px", "pt", "mmhg", "mmol", "iu", "mcg", "µg", "ug"}
)
_SCALE_SUFFIXES: dict[str, int] = {"k": 1_000, "bn": 1_000_000_000, "mn": 1_000_000}

# Irregular inflections mapped to a base form: the shared table plus forms that are also nouns.
_IRREGULAR: dict[str, str] = irregular_table(IRREGULAR_FORMS, {
    "say": "says", "bear": "bore borne born", "bite": "bit", "lie": "lay lain", "upset": "upsets",
    "wind": "wound", "bend": "bent", "bind": "bound", "grind": "ground", "spit": "spat", "datum": "data",
    "analysis": "analyses", "thesis": "theses", "good": "better best", "bad": "worse worst",
})

# --------------------------------------------------------------------------------------------
# Normalisation
# --------------------------------------------------------------------------------------------

# One-for-one character folding keeps every offset valid.
_FOLD_TABLE = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u02bc": "'", "\u00b4": "'", "\uff07": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
        "\u00ab": '"', "\u00bb": '"', "\uff02": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
        "\u2015": "-", "\u2212": "-", "\ufe58": "-", "\ufe63": "-", "\uff0d": "-",
        "\u00a0": " ", "\u2007": " ", "\u2009": " ", "\u200a": " ", "\u202f": " ",
        "\u2002": " ", "\u2003": " ", "\u2004": " ", "\u2005": " ", "\u2006": " ",
        "\u2008": " ", "\u205f": " ", "\u3000": " ", "\u200b": " ", "\ufeff": " ",
        "\u2028": "\n", "\u2029": "\n", "\u0085": "\n",
        "\u2026": ".", "\u2044": "/", "\u00d7": "x",
    }
)
_WS_RE = re.compile(r"\s+")


def fold(text: str) -> str:
    """Fold typographic quotes, dashes and odd spaces to ASCII, one character for one.

    >>> fold("O\u2019Neil \u2014 \u201cfine\u201d")
    'O\\'Neil - "fine"'
    """
    if not isinstance(text, str):
        return ""
    # Every key of the table is non-ASCII, so ASCII text (the common case; isascii() is O(1))
    # folds to itself and the translate pass can be skipped.
    if text.isascii():
        return text
    return text.translate(_FOLD_TABLE)


def strip_accents(text: str) -> str:
    """Remove combining accents (``"Zoë"`` → ``"Zoe"``) so spelling variants still match."""
    if not isinstance(text, str):
        return ""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalize(text: str, *, casefold: bool = True) -> str:
    """Canonical form for comparison: NFKC, ASCII quotes/dashes, single spaces, trimmed.

    >>> normalize("  \u201cPriya\u00a0Raman\u201d \u2013 JOINED ")
    '"priya raman" - joined'
    >>> normalize("Priya  Raman", casefold=False)
    'Priya Raman'
    """
    if not isinstance(text, str):
        return ""
    out = fold(unicodedata.normalize("NFKC", text))
    out = _WS_RE.sub(" ", out).strip()
    return out.casefold() if casefold else out


# --------------------------------------------------------------------------------------------
# Tokens
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Token:
    """One lexical word.

    ``text`` is the surface form, ``start``/``end`` index the input string. ``norm`` is the
    case-folded, accent-free, possessive-free form; a contraction yields two tokens that share
    offsets ("can't" → ``can`` + ``not``).
    """

    text: str
    start: int
    end: int
    norm: str
    possessive: bool = False
    capitalized: bool = False
    sentence_initial: bool = False
    has_digit: bool = False

    @property
    def parts(self) -> tuple[str, ...]:
        """Hyphen-separated parts of ``norm`` ("end-to-end" → ``("end", "to", "end")``)."""
        return tuple(filter(None, self.norm.split("-")))


# tokenize builds a Token per word of every text it reads. A frozen dataclass's __init__ sets each
# field through object.__setattr__; the slots' own setters store the same values in half the time.
(_set_text, _set_start, _set_end, _set_norm, _set_possessive, _set_capitalized, _set_sentence_initial,
 _set_has_digit) = (Token.__dict__[f.name].__set__ for f in fields(Token))


def _new_token(text: str, start: int, end: int, norm: str, possessive: bool, capitalized: bool,
               sentence_initial: bool, has_digit: bool) -> Token:
    """``Token(text, start, end, norm, possessive, capitalized, sentence_initial, has_digit)``, faster."""
    tok = object.__new__(Token)
    _set_text(tok, text)
    _set_start(tok, start)
    _set_end(tok, end)
    _set_norm(tok, norm)
    _set_possessive(tok, possessive)
    _set_capitalized(tok, capitalized)
    _set_sentence_initial(tok, sentence_initial)
    _set_has_digit(tok, has_digit)
    return tok


# Word characters, joined across an internal hyphen or apostrophe and across a separator between
# digits ("4,500", "07:52"). Written as runs (\w+) rather than one alternation per character: the
# same matches, scanned faster.
_TOKEN_RE = re.compile(r"\w+(?:(?:[-'](?=\w)|(?<=\d)[.,:](?=\d))\w+)*")
_CONTRACTIONS: dict[str, tuple[str, ...]] = {
    "can't": ("can", "not"), "cannot": ("can", "not"), "won't": ("will", "not"),
    "shan't": ("shall", "not"), "ain't": ("is", "not"), "i'm": ("i", "am"),
    "let's": ("let", "us"), "y'all": ("you", "all"),
}
_CONTRACTION_TAILS: dict[str, str] = {"'re": "are", "'ve": "have", "'ll": "will", "'d": "would",
                                      "'m": "am"}
_S_IS_WORDS: frozenset[str] = frozenset(
    {"he", "she", "it", "that", "there", "here", "what", "who", "where", "how", "this", "when",
     "why", "everyone", "someone", "nobody", "everything", "something", "nothing"}
)
_SENTENCE_END_RE = re.compile(r"[.!?]+[\"')\]]*\s*$")


def _is_capitalized(surface: str) -> bool:
    first = surface[0]
    return first.isupper() or (first.isalpha() and surface.isupper() and len(surface) > 1)


def _sentence_initial(folded: str, start: int) -> bool:
    """True if nothing but sentence punctuation, quotes or brackets precedes ``start``."""
    i = start - 1
    while i >= 0 and (folded[i].isspace() or folded[i] in "\"'([{*#>-`_"):
        i -= 1
    if i < 0:
        return True
    ch = folded[i]
    if ch in "!?:\n":
        return True
    if ch == ".":
        j = i
        while j > 0 and (folded[j - 1].isalnum() or folded[j - 1] == "."):
            j -= 1
        word = folded[j:i].casefold()
        if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
            return False
        return True
    return False


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into word tokens with character offsets.

    Keeps internal hyphens and apostrophes ("Ruiz-Okafor", "O'Neil"), digit groups ("4,500",
    "3.2.1", "07:52"), expands contractions and strips a possessive 's (``possessive=True``).

    >>> [(t.norm, t.possessive) for t in tokenize("Acme's CEO isn't here")]
    [('acme', True), ('ceo', False), ('is', False), ('not', False), ('here', False)]
    """
    if not isinstance(text, str) or not text:
        return []
    folded = fold(text)
    out: list[Token] = []
    append = out.append
    for m in _TOKEN_RE.finditer(folded):
        s, e = m.span()
        surface = text[s:e]
        low = m.group().casefold()
        if not low.isascii():
            low = strip_accents(low)
        cap = _is_capitalized(surface)
        initial = _sentence_initial(folded, s)
        digit = not surface.isalpha() and any(ch.isdigit() for ch in surface)
        pieces: tuple[str, ...] = (low,)
        possessive = False
        if "'" in low or low == "cannot":
            if low in _CONTRACTIONS:
                pieces = _CONTRACTIONS[low]
            elif low.endswith("n't") and len(low) > 3:
                pieces = (low[:-3], "not")
            elif low.endswith("'s") and len(low) > 2:
                base = low[:-2]
                if base in _S_IS_WORDS:
                    pieces = (base, "is")
                else:
                    pieces, possessive = (base,), True
            else:
                tail = next((t for t in _CONTRACTION_TAILS if low.endswith(t)), None)
                if tail and len(low) > len(tail):
                    pieces = (low[: -len(tail)], _CONTRACTION_TAILS[tail])
        elif low.endswith("s") and len(low) > 2 and folded[e:e + 1] == "'" and not folded[e + 1:e + 2].isalnum() \
                and cap and folded.count("'", 0, s) % 2 == 0:
            # "Leith Rovers' coach": a plural name's possessive is its apostrophe alone (not the
            # closing quote of a title: an odd number of quotes before it opened one)
            possessive = True
        for piece in pieces:
            append(_new_token(surface, s, e, piece, possessive, cap, initial, digit))
    return out


# --------------------------------------------------------------------------------------------
# Stemming
# --------------------------------------------------------------------------------------------

_VOWELS = frozenset("aeiouy")
_UNDOUBLE_EXEMPT = frozenset("flsz")  # "staffed" is staff, "filled" fill, "passed" pass


def _has_vowel(s: str) -> bool:
    return any(ch in _VOWELS for ch in s)


def _undouble(s: str) -> str:
    if len(s) >= 4 and s[-1] == s[-2] and s[-1] not in _VOWELS and s[-1] not in _UNDOUBLE_EXEMPT:
        return s[:-1]
    return s


def lemma(word: str) -> str:
    """Base form for irregular inflections ("wrote" → "write", "children" → "child")."""
    w = word.casefold() if isinstance(word, str) else ""
    return _IRREGULAR.get(w, w)


def stem(word: str) -> str:
    """A small deterministic English stemmer; equal stems mean "same word up to inflection".

    Conflates regular and irregular inflections and the agentive -er; it is not a linguistic
    analysis and may over-conflate rare pairs, never a number or a negation.

    >>> [stem(w) for w in ("joined", "joins", "joining", "join")]
    ['join', 'join', 'join', 'join']
    >>> [stem(w) for w in ("manages", "managed", "manager", "managing")]
    ['manag', 'manag', 'manag', 'manag']
    >>> stem("wrote") == stem("written") == stem("writes")
    True
    >>> stem("running") == stem("ran") == stem("runs")
    True
    """
    if not isinstance(word, str):
        return ""
    return _stem(word)


# Pure str -> str and every claim repeats common words, so a bounded cache saves the suffix rules.
@lru_cache(maxsize=100_000)
def _stem(word: str) -> str:
    w = strip_accents(word.casefold()).strip("'")
    if w.endswith("'s"):
        w = w[:-2]
    w = _IRREGULAR.get(w) or prefixed_irregular(w, _IRREGULAR)
    if len(w) <= 3 or not w.isalpha():
        return w
    w = fold_ise(w)
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "i"
    elif w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "i"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("ing") and len(w) > 4 and _has_vowel(w[:-3]):
        base = w[:-3]
        w = base + "e" if len(base) < 3 else _undouble(base)
    elif w.endswith("eed") and len(w) > 4:
        w = w[:-1]  # "agreed" is "agree" + d, and "proceed" ends as "proceeds" does
    elif w.endswith("ed") and len(w) > 3 and _has_vowel(w[:-2]) and not (len(w) == 4 and w[1] == "e"):
        base = w[:-2]
        if len(base) < 3:
            base = w[:-1]
        w = _undouble(base)
    elif w.endswith("es") and len(w) > 4 and (w[-3] in "sxz" or w[-4:-2] in ("ch", "sh")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        w = w[:-1]
    if w.endswith("eed") and len(w) > 4:
        w = w[:-1]  # "proceeds" -> "proceed" -> as "proceed" itself
    if w.endswith("er") and len(w) > 5 and _has_vowel(w[:-2]) and w not in PLAIN_ER:
        w = _undouble(w[:-2])
    elif w.endswith("ly") and len(w) > 5:
        w = w[:-2]
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if w.endswith("y") and len(w) > 3:
        w = w[:-1] + "i"
    return w


def stems_of(token_norm: str) -> tuple[str, ...]:
    """Stems of a normalised token and of its hyphen parts ("co-wrote" → co-write, co, write)."""
    if not token_norm:
        return ()
    if not isinstance(token_norm, str):
        return _stems_of(token_norm)
    return _stems_of_cached(token_norm)


# The result is an immutable tuple of a pure function of the word: safe to share between callers.
@lru_cache(maxsize=100_000)
def _stems_of_cached(token_norm: str) -> tuple[str, ...]:
    return _stems_of(token_norm)


def _stems_of(token_norm: str) -> tuple[str, ...]:
    parts = [p for p in token_norm.split("-") if p]
    if len(parts) <= 1:
        return (stem(token_norm),)
    stemmed = [stem(p) for p in parts]
    return ("-".join(stemmed), *stemmed)


def is_stopword(word: str) -> bool:
    """True for general English function words (articles, pronouns, auxiliaries, ...)."""
    return isinstance(word, str) and word.casefold() in STOPWORDS


# --------------------------------------------------------------------------------------------
# Sentences and clauses
# --------------------------------------------------------------------------------------------

_SENT_SPLIT_RE = re.compile(r"[.!?]+[\"')\]]*(?=\s+[\"'(\[]?[A-Z0-9])")


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences in ``text``; abbreviations like "Dr." don't split.

    >>> t = "Dr. Ada Lee joined. She left in May."
    >>> [t[s:e] for s, e in sentences(t)]
    ['Dr. Ada Lee joined.', 'She left in May.']
    """
    if not isinstance(text, str) or not text.strip():
        return []
    folded = fold(text)
    out: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_SPLIT_RE.finditer(folded):
        j = m.start()
        k = j
        while k > 0 and (folded[k - 1].isalnum() or folded[k - 1] == "."):
            k -= 1
        word = folded[k:j].casefold()
        if folded[m.start()] == "." and (word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha())):
            continue
        end = m.end()
        if folded[start:end].strip():
            s = start + (len(folded[start:end]) - len(folded[start:end].lstrip()))
            out.append((s, end))
        start = end
    tail = folded[start:]
    if tail.strip():
        s = start + (len(tail) - len(tail.lstrip()))
        out.append((s, start + len(tail.rstrip())))
    return out


def _title_stop(gap: str, prev: Token, nxt: Token) -> bool:
    """Whether the full stop in ``gap`` only closes an abbreviated title before a name ("Ms.
    Tamsin Wolcott", "Dr. Hal Ince"): the title and the name are one phrase, in one clause."""
    return (gap.strip() == "." and gap.startswith(".") and prev.capitalized and nxt.capitalized
            and prev.norm in TITLES and prev.norm in _ABBREVIATIONS)


def without_posts(key: tuple[str, ...]) -> tuple[str, ...] | None:
    """A name's key without the titles and posts that open it ("Surveyor Fenella Drouhin" is Fenella
    Drouhin, "Chairman Alasdair Nakamura" is Alasdair Nakamura), if it has any and a name of two
    words or more is left; else None."""
    k = 0
    while k < len(key) and (key[k] in TITLES or role_word(key[k])):
        k += 1
    if k == 0:
        # a post of several words ends in its role word: "Lifeboat Operations Manager Roderick
        # Fairbairn" is Roderick Fairbairn
        k = next((j + 1 for j in range(len(key) - 3, 0, -1) if role_word(key[j])), 0)
    return key[k:] if 0 < k <= len(key) - 2 else None


def opening_clause_end(a: Analysis) -> int:
    """The first token after the text's opening clause ("Because the roof leaked, | the hall ..."),
    or the number of tokens when there is one clause only."""
    return next((j for j in range(1, len(a.tokens)) if a.clauses[j] != a.clauses[0]), len(a.tokens))


def clause_ids(text: str, tokens: list[Token]) -> list[int]:
    """A clause number per token: it increases at each , ; : ( ) or dash between tokens, and at
    a sentence's end (not at the full stop of a title such as "Dr.")."""
    if not tokens:
        return []
    folded = fold(text)
    ids = [0] * len(tokens)
    cid = 0
    for i in range(1, len(tokens)):
        gap = folded[tokens[i - 1].end:tokens[i].start]
        if gap == " " or not gap:
            pass  # the usual gaps: no punctuation, the clause goes on
        elif any(ch in ",;:()[]" for ch in gap) or " - " in gap or gap.strip(" ") in ("-", "--"):
            cid += 1
        elif any(ch in ".!?" for ch in gap):
            if not _title_stop(gap, tokens[i - 1], tokens[i]):
                cid += 1
        ids[i] = cid
    return ids


# --------------------------------------------------------------------------------------------
# Names
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NameSpan:
    """A run of capitalised words naming someone or something ("Prof. Ada Lovelace-King").

    ``tokens`` are the normalised words; ``key`` drops a leading article and leading titles, so
    "The Acme Trust" and "Captain Ada Lee" match "Acme Trust" and "Ada Lee". ``first``/``last``
    are indices into :func:`tokenize` output. ``ambiguous`` marks a single sentence-initial word
    that may just be an ordinary capitalised word ("Rusty pipes ...").
    """

    text: str
    start: int
    end: int
    tokens: tuple[str, ...]
    key: tuple[str, ...]
    first: int
    last: int
    possessive: bool
    sentence_initial: bool
    ambiguous: bool


def _is_calendar(norm: str) -> bool:
    return norm in MONTHS or norm in WEEKDAYS


def _name_token(tok: Token, text: str) -> bool:
    if not tok.capitalized or tok.has_digit:
        return False
    n = tok.norm
    if n == "i" or _is_calendar(n) or n in NUMBER_WORDS:
        return False
    if tok.sentence_initial and (n in STOPWORDS or n in SUBORDINATORS or n in SENTENCE_ADVERBS):
        return False
    parts = tok.text.split("-")
    # T-shirt, X-ray, U-turn: a capital letter glued to a common word.
    if len(parts) > 1 and len(parts[0]) == 1 and parts[1][:1].islower():
        return False
    if tok.start > 0 and text[tok.start - 1] == "°":
        return False
    return True


def _joinable_gap(gap: str, prev: Token) -> bool:
    g = gap.strip()
    if not gap:
        return False
    if g in ("", "&"):
        return gap.count("\n") == 0
    if g == "." and gap.startswith("."):
        base = prev.norm
        return base in _ABBREVIATIONS or base in TITLES or (len(base) == 1 and base.isalpha())
    return False


def _make_key(toks: list[Token]) -> tuple[str, ...]:
    norms = [t.norm for t in toks]
    while len(norms) > 1 and (norms[0] in ARTICLES or norms[0] in TITLES):
        norms = norms[1:]
    return tuple(norms)


def name_spans(text: str, tokens: list[Token] | None = None) -> list[NameSpan]:
    """Runs of capitalised words, joined across particles, "&" and title abbreviations.

    Sentence-initial function words ("The", "In") are not names; months, weekdays, number
    words and "I" never are. A possessive ends the span and sets ``possessive``.

    >>> [(s.text, s.key, s.possessive) for s in name_spans("The Acme Trust's chair met Ada de Vries.")]
    [('Acme Trust', ('acme', 'trust'), True), ('Ada de Vries', ('ada', 'de', 'vries'), False)]
    """
    if not isinstance(text, str) or not text:
        return []
    toks = tokens if tokens is not None else tokenize(text)
    folded = fold(text)
    spans: list[NameSpan] = []
    i, n = 0, len(toks)
    while i < n:
        tok = toks[i]
        if not _name_token(tok, text) or (i > 0 and toks[i - 1].start == tok.start):
            i += 1
            continue
        j = i
        while not toks[j].possessive and j + 1 < n:
            nxt = toks[j + 1]
            if nxt.start == toks[j].start:
                break
            gap = folded[toks[j].end:nxt.start]
            if not _joinable_gap(gap, toks[j]):
                break
            if _name_token(nxt, text) or (nxt.capitalized and nxt.norm in ARTICLES):
                j += 1
                continue
            if (
                nxt.norm in NAME_PARTICLES
                and not nxt.capitalized
                and j + 2 < n
                and _name_token(toks[j + 2], text)
                and _joinable_gap(folded[nxt.end:toks[j + 2].start], nxt)
            ):
                j += 2
                continue
            break
        run = toks[i:j + 1]
        # a trailing article is no part of the name, but a capital letter after a name is a code
        # ("Vault A", "Platform A"), as the name finder of claims reads it
        while len(run) > 1 and run[-1].norm in ARTICLES and text[run[-1].start:run[-1].end] != "A":
            run = run[:-1]
        if all(t.norm in STOPWORDS for t in run):
            i = j + 1
            continue
        key = _make_key(run)
        end = run[-1].end
        if run[-1].possessive and folded[end - 2:end].casefold() == "'s":
            end -= 2
        spans.append(
            NameSpan(
                text=text[run[0].start:end],
                start=run[0].start,
                end=end,
                tokens=tuple(t.norm for t in run),
                key=key,
                first=i,
                last=i + len(run) - 1,
                possessive=run[-1].possessive,
                sentence_initial=run[0].sentence_initial,
                ambiguous=len(run) == 1 and run[0].sentence_initial and not run[0].text.isupper(),
            )
        )
        i = j + 1
    return spans


# --------------------------------------------------------------------------------------------
# Numerals
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Numeral:
    """A number-like expression and its value.

    ``kind`` is one of ``number``, ``money``, ``percent``, ``ordinal``, ``date``, ``time``,
    ``version``, ``code`` or ``times`` (once/twice). ``value`` is an ``int``/``float`` for
    quantities, ``(year, month, day)`` (``None`` where absent) for dates, ``(hour, minute)`` for
    times, a tuple of ints for versions and a lower-case string for codes. ``currency`` is an
    ISO code for money ("$" → "USD").
    """

    kind: str
    value: object
    text: str
    start: int
    end: int
    currency: str | None = None

    def describe(self) -> str:
        return self.text


def _num(s: str) -> int | float | None:
    try:
        v = float(s.replace(",", ""))
    except ValueError:
        return None
    if not math.isfinite(v):
        return None
    return int(v) if v.is_integer() and abs(v) < 1e15 else v


_MONTH_RE = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_DATE_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b(?P<y>\d{4})-(?P<mn>\d{1,2})-(?P<d>\d{1,2})\b"),
    re.compile(
        r"\b(?P<d>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>" + _MONTH_RE + r")\b\.?"
        r"(?:,?\s+(?P<y>\d{4})\b)?"
    ),
    re.compile(
        r"\b(?P<m>" + _MONTH_RE + r")\b\.?\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?\b(?![:.,]?\d)"
        r"(?:,?\s+(?P<y>\d{4})\b)?"
    ),
    re.compile(r"\b(?P<m>" + _MONTH_RE + r")\b\.?,?\s+(?P<y>\d{4})\b"),
    re.compile(
        r"\b(?P<m>January|February|March|April|June|July|August|September|October|November|"
        r"December)\b"
    ),
    re.compile(
        r"(?:\b(?i:in|of|since|until|till|by|from|during|early|late|mid|this|next|last|before|"
        r"after|through|to|on|between|and)\s+|-)(?P<m>May)\b"
    ),
)
_TIME_RE = re.compile(
    r"(?<![\d.:])(?P<h>\d{1,2})(?::(?P<mi>\d{2}))(?::\d{2})?(?![\d:])"
    r"(?:\s*(?P<ap>[ap])\.?m\b\.?)?|(?<![\d.:,])(?P<h2>\d{1,2})\s*(?P<ap2>[ap])\.?m\b\.?",
    re.IGNORECASE,
)
_SCALE_AFTER_RE = re.compile(
    r"\s*(?P<w>hundred|thousand|million|billion|trillion|bn|mn)\b", re.IGNORECASE
)
_PERCENT_AFTER_RE = re.compile(r"\s*(?:%|percent\b|per\s+cent\b|pct\b)", re.IGNORECASE)
_CODE_AFTER_RE = re.compile(r"\s*(?P<c>[A-Za-z]{3})\b")
_WORD_AFTER_RE = re.compile(r"\s*(?P<w>[A-Za-z]+)\b")
_CURRENCY_BEFORE_RE = re.compile(
    r"(?P<c>(?:US|A|C|NZ|HK|S|R)?[$£€¥₹₩₽₺₪₦₱฿₫₴]|\b[A-Z]{3})\s?$"
)
_NUMERIC_PART_RE = re.compile(
    r"^(?P<pre>[a-z]*?)(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)*)(?P<suf>[a-z°µ]*)$"
)


class _Spans:
    """Character spans kept sorted by start, so that an overlap test looks only at the spans that
    start within the longest span's length before it: scanning them all, for every token and
    numeral, was quadratic (10 s for a legal claim of 600 numbers against its evidence)."""

    __slots__ = ("starts", "spans", "longest")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.spans: list[tuple[int, int]] = []
        self.longest = 0

    def append(self, span: tuple[int, int]) -> None:
        i = bisect_right(self.starts, span[0])
        self.starts.insert(i, span[0])
        self.spans.insert(i, span)
        self.longest = max(self.longest, span[1] - span[0])

    def overlaps(self, s: int, e: int) -> bool:
        spans = self.spans
        for j in range(bisect_left(self.starts, s - self.longest), bisect_left(self.starts, e)):
            if spans[j][1] > s:
                return True
        return False


def numeral_tokens(toks: list[Token] | tuple[Token, ...], nums: list[Numeral] | tuple[Numeral, ...]) -> tuple[bool, ...]:
    """Per token, whether it lies within a numeral ("4:12 pm", "£3 per hour")."""
    if not nums:
        return (False,) * len(toks)  # nothing to overlap (most claims carry no numeral)
    spans = _Spans()
    for x in nums:
        spans.append((x.start, x.end))
    return tuple(spans.overlaps(t.start, t.end) for t in toks)


def _overlaps(spans: _Spans, s: int, e: int) -> bool:
    return spans.overlaps(s, e)


def _currency_before(folded: str, start: int) -> str | None:
    m = _CURRENCY_BEFORE_RE.search(folded[max(0, start - 6):start])
    if not m:
        return None
    c = m.group("c")
    if c.casefold() in _CURRENCY_PREFIX_CODES:
        return _CURRENCY_PREFIX_CODES[c.casefold()]
    if c[-1] in _CURRENCY_SYMBOLS:
        return _CURRENCY_SYMBOLS[c[-1]]
    if c.casefold() in CURRENCY_CODES:
        return c.upper()
    return None


# Every date pattern but the ISO one contains _MONTH_RE, which is case-sensitive and so needs one of
# these three-letter prefixes in the text; most claims have none, and a substring test is far cheaper
# than scanning five patterns.
_MONTH_PREFIXES: tuple[str, ...] = (
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
)
_MONTH_PREFIX_RE = re.compile("|".join(_MONTH_PREFIXES))  # one scan instead of twelve


def _parse_dates(folded: str, out: list[Numeral], taken: _Spans, text: str) -> None:
    patterns = _DATE_PATTERNS
    if not _MONTH_PREFIX_RE.search(folded):
        if "-" not in folded:
            return  # the ISO pattern needs a dash too
        patterns = _DATE_PATTERNS[:1]
    for pat in patterns:
        for m in pat.finditer(folded):
            s, e = m.span("m") if "m" in pat.groupindex and m.group("m") else m.span()
            s = min(s, m.start("d")) if "d" in pat.groupindex and m.group("d") else s
            if "y" in pat.groupindex and m.group("y"):
                s, e = min(s, m.start("y")), max(e, m.end("y"))
            if "d" in pat.groupindex and m.group("d"):
                e = max(e, m.end("d"))
            if _overlaps(taken, s, e):
                continue
            year = int(m.group("y")) if "y" in pat.groupindex and m.group("y") else None
            if "mn" in pat.groupindex:
                month = int(m.group("mn"))
            else:
                month = MONTHS.get(m.group("m").casefold().rstrip("."))
            day = int(m.group("d")) if "d" in pat.groupindex and m.group("d") else None
            if month is None or not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
                continue
            if "mn" not in pat.groupindex and m.group("m") == "May" and day is None and year is None:
                s, e = m.span("m")
            taken.append((s, e))
            out.append(Numeral("date", (year, month, day), text[s:e], s, e))


# Every _TIME_RE match has a digit right before its ":" or, past optional spaces, before its "a"/"p"
# of "am"/"pm" (same flags, so the same digits, spaces and letters). _TIME_RE starts with a
# lookbehind and is tried at every position; this one skips to digits, so most texts are passed over
# at a fraction of the cost.
_TIME_HINT_RE = re.compile(r"\d(?::|\s*[ap])", re.IGNORECASE)


def _parse_times(folded: str, out: list[Numeral], taken: _Spans, text: str) -> None:
    if not _TIME_HINT_RE.search(folded):
        return  # _TIME_RE needs "h:mm" or an "am"/"pm" marker after the hour
    for m in _TIME_RE.finditer(folded):
        s, e = m.span()
        if _overlaps(taken, s, e):
            continue
        if m.group("h") is not None:
            h, mi, ap = int(m.group("h")), int(m.group("mi")), m.group("ap")
        else:
            h, mi, ap = int(m.group("h2")), 0, m.group("ap2")
        if ap:
            if not 1 <= h <= 12:
                continue
            h = (h % 12) + (12 if ap.casefold() == "p" else 0)
        if not (0 <= h <= 24 and 0 <= mi <= 59):
            continue
        taken.append((s, e))
        out.append(Numeral("time", (h, mi), text[s:e], s, e))


# A clock time told in words: "half past 9", "twenty past nine", "a quarter to ten", "10 minutes to 6".
# "M to H" is taken only for a quarter or with "minutes": "ten to twelve" is as often a range.
_HOUR_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_CLOCK_RE = re.compile(
    r"\b(?:(?P<past>half|(?:a\s+)?quarter|five|ten|twenty(?:[\s-]five)?|\d{1,2}(?:\s+minutes)?)\s+past"
    r"|(?P<to>(?:a\s+)?quarter|(?:five|ten|twenty(?:[\s-]five)?|\d{1,2})\s+minutes)\s+to)"
    r"\s+(?P<h>\d{1,2}|" + _HOUR_WORDS + r")(?:\s*(?P<ap>[ap])\.?m\b\.?|(?![\d:.,]\d)\b)",
    re.IGNORECASE,
)
# After the hour: what may follow a time of day. Any other word makes it a count ("ten past 12 months").
_CLOCK_NEXT_RE = re.compile(
    r"\s*(?:$|[^\w\s]|(?:o'clock|on|in|at|every|each|and|or|but|when|with|for|to|until|till|sharp|"
    r"tonight|tomorrow|today|this|that|the|from|by|then|so|while|before|after)\b)",
    re.IGNORECASE,
)
# Every _CLOCK_RE match has this; searching for it first passes most texts over far more cheaply.
_CLOCK_HINT_RE = re.compile(r"\b(?:past|to)\s+(?:\d|" + _HOUR_WORDS + r")", re.IGNORECASE)
_MINUTE_WORDS = {"half": 30, "quarter": 15, "five": 5, "ten": 10, "twenty": 20}


_NAMED_TIME_RE = re.compile(r"\b(?:12\s+)?(?P<w>noon|midday|midnight)\b", re.IGNORECASE)


def _parse_clock_words(folded: str, out: list[Numeral], taken: _Spans, text: str) -> None:
    if "noon" in folded or "midday" in folded or "midnight" in folded:
        # "by midnight" is 00:00 and "at noon" 12:00: a time, so "midnight" is not "23:00"
        for m in _NAMED_TIME_RE.finditer(folded):
            if not _overlaps(taken, *m.span()) and text[m.start("w")].islower():  # not "the Midnight Express"
                taken.append(m.span())
                value = (0, 0) if m.group("w").casefold() == "midnight" else (12, 0)
                out.append(Numeral("time", value, text[m.start():m.end()], m.start(), m.end()))
    if (" past " not in folded and " to " not in folded) or not _CLOCK_HINT_RE.search(folded):
        return
    for m in _CLOCK_RE.finditer(folded):
        s, e = m.span()
        if _overlaps(taken, s, e) or (not m.group("ap") and not _CLOCK_NEXT_RE.match(folded, e)):
            continue
        words = (m.group("past") or m.group("to")).casefold().replace("-", " ").split()
        words = [w for w in words if w not in ("a", "minutes")]
        minutes = sum(_MINUTE_WORDS[w] if w in _MINUTE_WORDS else _UNITS_WORDS.get(w, 0) if not w.isdigit()
                      else int(w) for w in words)
        hw = m.group("h").casefold()
        hour = int(hw) if hw.isdigit() else _UNITS_WORDS[hw]
        if not (1 <= minutes <= 59 and 0 <= hour <= 23) or (m.group("ap") and not 1 <= hour <= 12):
            continue
        if m.group("ap"):
            hour = hour % 12 + (12 if m.group("ap").casefold() == "p" else 0)
        if m.group("to"):
            hour, minutes = (hour - 1) % 24, 60 - minutes
            if hour == 0 and not m.group("ap") and hw not in ("0", "00"):
                hour = 12  # "a quarter to one" on a 12-hour dial is 12:45
        taken.append((s, e))
        out.append(Numeral("time", (hour, minutes), text[s:e], s, e))


_VERSION_DOTS_RE = re.compile(r"\d+(?:\.\d+){2,}")
_VERSION_V_RE = re.compile(r"v\d+(?:\.\d+)*")


def _parse_digit_tokens(
    folded: str, tokens: list[Token], out: list[Numeral], taken: _Spans, text: str
) -> None:
    seen: set[int] = set()
    for tok in tokens:
        if not tok.has_digit or tok.start in seen:
            continue
        seen.add(tok.start)
        offset = tok.start
        raw = folded[tok.start:tok.end]
        if tok.possessive and raw[-2:].casefold() == "'s":
            raw = raw[:-2]  # "Bus S220's bell": the code is S220, whose the bell is
        for part in raw.split("-"):
            ps, pe = offset, offset + len(part)
            offset = pe + 1
            if not part or not any(ch.isdigit() for ch in part) or _overlaps(taken, ps, pe):
                continue
            low = part.casefold()
            if _VERSION_DOTS_RE.fullmatch(low) or _VERSION_V_RE.fullmatch(low):
                vals = tuple(int(x) for x in low.lstrip("v").split("."))
                out.append(Numeral("version", vals, text[ps:pe], ps, pe))
                taken.append((ps, pe))
                continue
            m = _NUMERIC_PART_RE.match(low)
            if not m or m.group("pre"):
                out.append(Numeral("code", low, text[ps:pe], ps, pe))
                taken.append((ps, pe))
                continue
            value = _num(m.group("num"))
            if value is None:
                continue
            suf = m.group("suf")
            if suf in ("st", "nd", "rd", "th"):
                out.append(Numeral("ordinal", value, text[ps:pe], ps, pe))
                taken.append((ps, pe))
                continue
            if suf and suf not in _UNIT_SUFFIXES and not (suf == "s" and len(m.group("num")) == 4):
                out.append(Numeral("code", low, text[ps:pe], ps, pe))
                taken.append((ps, pe))
                continue
            currency = _currency_before(folded, ps) if ps == tok.start else None
            end = pe
            scale = 1
            if suf in _SCALE_SUFFIXES:
                scale = _SCALE_SUFFIXES[suf]
            elif suf == "m" and currency:
                scale = 1_000_000
            elif not suf:
                sm = _SCALE_AFTER_RE.match(folded, pe)
                if sm and pe == tok.end:
                    scale = _SCALE_WORDS.get(sm.group("w").casefold(), 0) or _SCALE_SUFFIXES[
                        sm.group("w").casefold()
                    ]
                    end = sm.end()
            value = value * scale
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if ps == tok.start and ps > 0 and folded[ps - 1] == "-" and (
                ps == 1 or folded[ps - 2] in " \t\n(["
            ):
                value = -value  # "-5°C" is not "5°C"
                ps -= 1
            kind = "number"
            if pe == tok.end:
                pm = _PERCENT_AFTER_RE.match(folded, end)
                if pm:
                    kind, end = "percent", pm.end()
                elif not currency:
                    cm = _CODE_AFTER_RE.match(folded, end)
                    wm = _WORD_AFTER_RE.match(folded, end)
                    if cm and cm.group("c").casefold() in CURRENCY_CODES and cm.group("c").isupper():
                        currency, end = cm.group("c").upper(), cm.end()
                    elif wm and wm.group("w").casefold() in _CURRENCY_WORDS:
                        currency, end = _CURRENCY_WORDS[wm.group("w").casefold()], wm.end()
            if currency and kind == "number":
                kind = "money"
            s = ps
            if kind == "money" and ps == tok.start:
                back = _CURRENCY_BEFORE_RE.search(folded[max(0, ps - 6):ps])
                if back:
                    s = ps - (len(folded[max(0, ps - 6):ps]) - back.start())
            taken.append((s, end))
            out.append(Numeral(kind, value, text[s:end], s, end, currency))


def _word_stream(tokens: list[Token]) -> list[tuple[str, int, int]]:
    stream: list[tuple[str, int, int]] = []
    seen: set[tuple[int, str]] = set()
    for tok in tokens:
        if tok.has_digit or (tok.start, tok.norm) in seen:
            continue
        seen.add((tok.start, tok.norm))
        for part in tok.parts:
            stream.append((part, tok.start, tok.end))
    return stream


_ONE_BLOCKERS: frozenset[str] = frozenset(
    {"no", "any", "every", "each", "some", "the", "this", "that", "which", "another", "only",
     "someone", "anyone", "little", "last", "one", "other", "such", "a", "an", "right",
     "wrong", "big", "new", "old", "first"}
)
_ONCE_FOLLOWERS: frozenset[str] = frozenset(
    {"a", "an", "per", "daily", "weekly", "monthly", "yearly", "annually", "every", "each",
     "nightly", "hourly", "or", "more", "again", "only", "in"}
)
_SECOND_UNIT_NEXT: frozenset[str] = frozenset({"later", "ago", "or", "and", "to", "of", "before", "after"})


# Every numeral the loop below emits starts at, or right before, one of these words (a bare "a"
# only counts before "quarter", "dozen" or a scale word); a text without any emits nothing.
_NUMBER_WORD_TRIGGERS: frozenset[str] = frozenset(
    set(_MULTIPLICATIVES) | set(_ORDINAL_WORDS) | set(_UNITS_WORDS) | set(_TENS_WORDS)
    | set(_SCALE_WORDS) | {"half", "dozen", "quarter"}
)


def _parse_number_words(
    tokens: list[Token], out: list[Numeral], taken: _Spans, text: str,
    folded: str | None = None,
) -> None:
    # The stream's words are the hyphen parts of the tokens without digits: test them before
    # building the stream, which most texts (no number words) then never need.
    if _NUMBER_WORD_TRIGGERS.isdisjoint([p for tok in tokens if not tok.has_digit for p in tok.norm.split("-")]):
        return
    stream = _word_stream(tokens)
    i, n = 0, len(stream)
    while i < n:
        word, s, e = stream[i]
        prev = stream[i - 1][0] if i > 0 else ""
        nxt = stream[i + 1][0] if i + 1 < n else ""
        if _overlaps(taken, s, e):
            i += 1
            continue
        if word in _MULTIPLICATIVES:
            if word != "once" or nxt in _ONCE_FOLLOWERS:
                out.append(Numeral("times", _MULTIPLICATIVES[word], text[s:e], s, e))
                taken.append((s, e))
            i += 1
            continue
        if word in _ORDINAL_WORDS:
            if word == "second" and (prev in {"per", "every", "each", "split", "a"} and
                                     (not nxt or nxt in _SECOND_UNIT_NEXT)):
                i += 1
                continue
            out.append(Numeral("ordinal", _ORDINAL_WORDS[word], text[s:e], s, e))
            taken.append((s, e))
            i += 1
            continue
        if word == "half":
            # "half a dozen" = 6; otherwise one half.
            if nxt == "a" and i + 2 < n and stream[i + 2][0] == "dozen":
                end = stream[i + 2][2]
                out.append(Numeral("number", 6, text[s:end], s, end))
                taken.append((s, end))
                i += 3
                continue
            out.append(Numeral("number", 0.5, text[s:e], s, e))
            taken.append((s, e))
            i += 1
            continue
        if word == "a" and nxt == "quarter":
            end = stream[i + 1][2]
            out.append(Numeral("number", 0.25, text[s:end], s, end))
            taken.append((s, end))
            i += 2
            continue
        if word == "dozen" or (word == "a" and nxt in ("dozen",) | _SCALE_WORDS.keys()):
            j = i + 1 if word == "a" else i
            mult = 12 if stream[j][0] == "dozen" else _SCALE_WORDS[stream[j][0]]
            end = stream[j][2]
            out.append(Numeral("number", mult, text[s:end], s, end))
            taken.append((s, end))
            i = j + 1
            continue
        if word not in _UNITS_WORDS and word not in _TENS_WORDS:
            i += 1
            continue
        if word == "one" and (prev in _ONE_BLOCKERS or nxt in {"another", "day", "way", "by"}):
            i += 1
            continue
        total, current = 0, 0
        j = i
        last_end = e
        ordinal = False
        while j < n:
            w = stream[j][0]
            if w in _UNITS_WORDS:
                current += _UNITS_WORDS[w]
            elif w in _TENS_WORDS:
                current += _TENS_WORDS[w]
            elif w in _ORDINAL_WORDS and j > i and _ORDINAL_WORDS[w] < 10:
                current += _ORDINAL_WORDS[w]
                ordinal = True
                last_end = stream[j][2]
                j += 1
                break
            elif w == "dozen":
                current = max(current, 1) * 12
            elif w in ("quarter", "quarters") and j > i:
                current = current * 0.25
            elif w in _SCALE_WORDS:
                scale = _SCALE_WORDS[w]
                if scale == 100:
                    current = max(current, 1) * 100
                else:
                    total += max(current, 1) * scale
                    current = 0
            elif w == "and" and j + 1 < n and (
                stream[j + 1][0] in _UNITS_WORDS or stream[j + 1][0] in _TENS_WORDS
            ) and (total or current >= 100):
                j += 1
                continue
            elif w == "and" and j + 2 < n and stream[j + 1][0] == "a" and stream[j + 2][0] == "half":
                current += 0.5
                last_end = stream[j + 2][2]
                j += 3
                break
            else:
                break
            last_end = stream[j][2]
            j += 1
        value = total + current
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        kind, currency = ("ordinal" if ordinal else "number"), None
        if not ordinal and folded is not None:
            pm = _PERCENT_AFTER_RE.match(folded, last_end)
            wm = _WORD_AFTER_RE.match(folded, last_end)
            if pm:
                kind, last_end = "percent", pm.end()
            elif wm and wm.group("w").casefold() in _CURRENCY_WORDS:
                kind, currency, last_end = "money", _CURRENCY_WORDS[wm.group("w").casefold()], wm.end()
        out.append(Numeral(kind, value, text[s:last_end], s, last_end, currency))
        taken.append((s, last_end))
        i = max(j, i + 1)


def parse_numerals(text: str, tokens: list[Token] | None = None) -> list[Numeral]:
    """Every number-like expression in ``text`` with its value, in text order.

    >>> [(n.kind, n.value) for n in parse_numerals("4,500 and 4500 and £4,500 and USD 4,800")]
    [('number', 4500), ('number', 4500), ('money', 4500), ('money', 4800)]
    >>> [(n.kind, n.value) for n in parse_numerals("a dozen, twenty-one, half, the third, twice")]
    [('number', 12), ('number', 21), ('number', 0.5), ('ordinal', 3), ('times', 2)]
    >>> [(n.kind, n.value) for n in parse_numerals("v3.2.1 at 07:52 on 30 June, 2pm, 15%")]
    [('version', (3, 2, 1)), ('time', (7, 52)), ('date', (None, 6, 30)), ('time', (14, 0)), ('percent', 15)]
    """
    if not isinstance(text, str) or not text:
        return []
    folded = fold(text)
    toks = tokens if tokens is not None else tokenize(text)
    out: list[Numeral] = []
    taken = _Spans()
    _parse_dates(folded, out, taken, text)
    _parse_clock_words(folded, out, taken, text)
    _parse_times(folded, out, taken, text)
    _parse_digit_tokens(folded, toks, out, taken, text)
    _parse_number_words(toks, out, taken, text, folded)
    out.sort(key=lambda x: (x.start, x.end))
    return out


def _close(a: object, b: object) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)
    return a == b


_QUANTITY_KINDS = frozenset({"number", "money", "percent", "ordinal", "times"})


def numeral_grounded(claim: Numeral, evidence: Iterable[Numeral]) -> bool:
    """Whether ``claim`` is carried, by value, by one of the ``evidence`` numerals.

    A plain number is grounded by any quantity of that value (and by a date's year);
    money needs the same currency, a percentage a percentage; a date needs every component it
    states; times, versions and codes need an exact match.

    >>> ev = parse_numerals("It cost $4,500 on 14 September 2023.")
    >>> [numeral_grounded(c, ev) for c in parse_numerals("4500; $4,500; £4,500; $4,800")]
    [True, True, False, False]
    >>> [numeral_grounded(c, ev) for c in parse_numerals("14 September; 2023; 15 September; 14 cats")]
    [True, True, False, False]
    """
    evs = list(evidence)
    k, v = claim.kind, claim.value
    if k == "number":
        for e in evs:
            # "31 per cent of patients" is not "31 patients": a share is no count; nor is "a
            # second treatment" a "2 kg" one: a rank is no count either.
            if e.kind in _QUANTITY_KINDS and e.kind not in ("percent", "ordinal") and _close(e.value, v):
                return True
            if e.kind == "date" and isinstance(e.value, tuple) and v == e.value[0]:
                return True  # "in 2019" is carried by "14 March 2019"; a day is no count ("four-year-old")
            if e.kind == "version" and isinstance(e.value, tuple) and len(e.value) == 1 and e.value[0] == v:
                return True
        return False
    if k == "ordinal":
        return any(e.kind in ("ordinal", "number") and _close(e.value, v) for e in evs)
    if k == "times":
        return any(e.kind in ("times", "number") and _close(e.value, v) for e in evs)
    if k == "money":
        return any(e.kind == "money" and e.currency == claim.currency and _close(e.value, v) for e in evs)
    if k == "percent":
        return any(e.kind == "percent" and _close(e.value, v) for e in evs)
    if k == "date" and isinstance(v, tuple):
        year, month, day = v
        for e in evs:
            if e.kind != "date" or not isinstance(e.value, tuple):
                continue
            ey, em, ed = e.value
            if em != month or (day is not None and ed != day):
                continue
            if year is None or ey == year:
                return True
            if ey is None and any(
                (x.kind == "number" and x.value == year) or (x.kind == "date" and x.value[0] == year)
                for x in evs
            ):
                return True
        return False
    if k == "time":
        return any(e.kind == "time" and e.value == v for e in evs)
    if k == "version":
        return any(e.kind == "version" and e.value == v for e in evs)
    if k == "code":
        return any(e.kind == "code" and e.value == v for e in evs)
    return False


# --------------------------------------------------------------------------------------------
# Subject of a clause
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Subject:
    """The grammatical subject found by :func:`subject_of`.

    ``kind`` is ``name`` (``name`` set), ``pronoun`` or ``noun`` (``token`` is the first content
    word of the subject phrase: without a tagger, "the old mill" yields "old"). ``index`` is the
    token index of ``token``.
    """

    kind: str
    text: str
    index: int
    token: Token
    name: NameSpan | None = None


def _top_level_break_after(text: str, pos: int) -> int:
    """Offset just after the first comma/semicolon/colon at bracket/quote depth 0 after ``pos``."""
    folded = fold(text)
    depth = 0
    for k in range(pos, len(folded)):
        ch = folded[k]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch in ",;:" and depth == 0:
            return k + 1
    return -1


_NOUN_SKIP: frozenset[str] = ARTICLES | DEMONSTRATIVES | QUANTIFIERS | frozenset({"other", "such", "own"})
# openers of a fronted phrase of place or time, which holds no verb ("On 3 May", "In the spring")
_PREP_OPENERS = frozenset({"on", "in", "at", "from", "by", "during"})


def _finite_verb_word(w: str) -> bool:
    return is_verb(w) and (w.endswith("s") and not w.endswith("ss") or past_form(w)) and not w.endswith("ing")


def subject_of(
    text: str,
    tokens: list[Token] | None = None,
    names: list[NameSpan] | None = None,
    start: int = 0,
    numerals: list[Numeral] | None = None,
) -> Subject | None:
    """The subject of the clause that begins at token ``start``, skipping fronted adverbials.

    >>> subject_of("In 2019, Priya Raman joined Acme.").text
    'Priya Raman'
    >>> s = subject_of("On 3 May the mill closed."); (s.kind, s.text)
    ('noun', 'mill')
    >>> subject_of("His reading was high.").kind
    'pronoun'
    """
    if not isinstance(text, str):
        return None
    toks = tokens if tokens is not None else tokenize(text)
    spans = names if names is not None else name_spans(text, toks)
    by_first = {s.first: s for s in spans}
    nums = numerals if numerals is not None else parse_numerals(text, toks)
    # tokens inside a numeral ("4:12", and the "pm" of "4:12 pm") are part of its value
    in_numeral = numeral_tokens(toks, nums)
    n = len(toks)
    i = start
    for _ in range(8):
        if i >= n:
            return None
        t = toks[i]
        if i in by_first and not (by_first[i].ambiguous and t.norm.endswith("ing") and i + 1 < n
                                  and not toks[i + 1].capitalized):
            # "Setting a club record, Efua won": a sentence-initial -ing word before a lowercase
            # one opens a phrase; it is not a name
            break
        if t.norm in SENTENCE_ADVERBS and i + 1 < n:
            i += 1  # "Maybe Ada Lee ...", "Sadly, the mill ...": the subject comes after
            continue
        opener = t.norm in SUBORDINATORS or (t.norm.endswith("ing") and t.sentence_initial)
        if not opener:
            break
        brk = _top_level_break_after(text, t.end)
        if brk != -1 and t.norm in _PREP_OPENERS and any(
                toks[k].start < brk and _finite_verb_word(toks[k].norm) for k in range(i + 1, n)):
            # a fronted phrase of place or time has no verb of its own: "On Fridays the taproom
            # closes at 22:30, and it opens ..." ends its phrase before the name, not at the comma
            brk = -1
        if brk == -1 and t.norm not in SUBORDINATORS:
            # a fronted participle phrase is set off by a comma ("Setting a record, Efua won"); with
            # none, the -ing word is the subject's own ("De-icing rig DR-2 was stood down")
            break
        if brk != -1:
            nxt = next((k for k in range(i + 1, n) if toks[k].start >= brk), None)
            if nxt is None:
                return None
            i = nxt
            while i < n and toks[i].norm in ("and", "but", "then", "so"):
                i += 1
            continue
        k = i + 1
        consumed = 0
        while k < n:
            tk = toks[k]
            if consumed and (k in by_first or tk.norm in ARTICLES or tk.norm in DEMONSTRATIVES
                             or tk.norm in SUBJECT_PRONOUNS or tk.norm in POSSESSIVE_DETERMINERS):
                break
            k += 1
            consumed += 1
        i = k
        break
    if i >= n:
        return None
    t = toks[i]
    # "This is ..." uses a demonstrative as a pronoun; "This house is ..." does not.
    if t.norm in PRONOUNS or (
        t.norm in DEMONSTRATIVES and (i + 1 >= n or toks[i + 1].norm in AUXILIARIES | MODALS)
    ):
        return Subject("pronoun", t.text, i, t)
    k = i
    while k < n and k not in by_first and (
        toks[k].norm in _NOUN_SKIP or toks[k].has_digit or in_numeral[k]
    ):
        k += 1
    if k < n and k in by_first:
        span = by_first[k]
        return Subject("name", span.text, k, toks[k], span)
    while k < n and (toks[k].norm in STOPWORDS or toks[k].has_digit or toks[k].norm in NUMBER_WORDS or in_numeral[k]):
        k += 1
    if k >= n:
        return None
    return Subject("noun", toks[k].text, k, toks[k])


# --------------------------------------------------------------------------------------------
# One-shot analysis shared by the gates
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything the gates need about one text, computed once (see :func:`analyze`)."""

    text: str
    tokens: tuple[Token, ...]
    names: tuple[NameSpan, ...]
    numerals: tuple[Numeral, ...]
    clauses: tuple[int, ...]
    in_numeral: tuple[bool, ...]
    """Per token: whether it overlaps a numeral's span (so its number words are not content)."""
    keys: tuple[str, ...]
    """Per token: stem of the whole token, hyphen parts stemmed ("co-wrote" → "co-write")."""
    stems: tuple[tuple[str, ...], ...]
    """Per token: :func:`stems_of` its norm."""
    stem_set: frozenset[str]
    """Every stem of every token."""


def analyze(text: str) -> Analysis:
    """Tokenise, find names, numerals and clause ids of ``text`` (NFC-normalised first).

    Never raises: non-strings are analysed as the empty text.
    """
    if not isinstance(text, str):
        text = ""
    return _analyze(text)


@lru_cache(maxsize=512)
def _analyze(text: str) -> Analysis:
    # Cached: the firewall and the gates analyse the same claim (and a verbatim claim is its
    # own evidence), and an Analysis is immutable, so one computation serves them all.
    text = unicodedata.normalize("NFC", text)
    toks = tokenize(text)
    names = name_spans(text, toks)
    nums = parse_numerals(text, toks)
    in_num = numeral_tokens(toks, nums)
    stems = tuple(stems_of(t.norm) for t in toks)
    keys = tuple(st[0] if st else "" for st in stems)
    stem_set = frozenset(x for st in stems for x in st)
    return Analysis(
        text, tuple(toks), tuple(names), tuple(nums), tuple(clause_ids(text, toks)), in_num,
        keys, stems, stem_set,
    )
