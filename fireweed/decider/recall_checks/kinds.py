"""Which one and which kind: "which player" needs a player the claim names, "what type of lenses" a word
saying which kind; and a code or a number naming one of a series ("B220", "chamber one") must be the
asked one."""

from __future__ import annotations

import re

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import PREPOSITIONS, STOPWORDS, is_number, is_verb, stem
from fireweed.decider.text import CARDINAL_WORDS
from fireweed.decider.question import DETERMINERS, Question, Word
from fireweed.decider.recall_checks.counts import _cardinal
from fireweed.decider.recall_checks.grounded import _grounded


def _before_head(q: Question) -> Word | None:
    """The question's other word right before its head noun ("coach company", "engine size")."""
    head = q.head_word
    return None if head is None else next((w for w in q.soft if w.index == head.index - 1), None)


def _before_head_of(q: Question) -> Word | None:
    """The question's other word right before the thing its head is of ("the price of the rye loaf")."""
    of = q.head_of
    return None if of is None else next((w for w in q.soft if w.index == of.index - 1), None)


_KIND_WORDS = frozenset(stem(w) for w in ("type", "kind", "sort", "variety", "style", "brand", "make", "model"))


def _kind_asked(q: Question) -> Word | None:
    """The "type" of "what type of contact lenses": a word asking which kind of the head noun."""
    toks = [t.text.lower() for t in q.tokens]
    for w in q.soft:
        if w.stem in _KIND_WORDS and w.index + 1 < len(toks) and toks[w.index + 1] == "of" \
                and q.head_word is not None and q.head_word.index > w.index:
            return w
    return None


# words before a noun that tell its age, number or standing, never its kind ("six new descenders")
_NOT_A_KIND = frozenset("new old other same more extra further additional spare replacement existing current "
                        "previous former".split())


def _specified(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim says which kind of the head noun: a word of its own right before it, or a
    name or a number right after it ("toric lenses", "the lenses, Acuvue Oasys")."""
    head = q.head_word
    assert head is not None
    asked = {w.stem for w in q.soft} | {head.stem}
    starts = {s.first for s in ci.spans}
    for p in ci.positions(head.concepts):
        k = p - 1
        while k >= 0 and p - k <= 3 and (stem(ci.lower[k]) in asked or ci.lower[k] == "-"):
            k -= 1  # the question's own words before the noun ("contact lenses")
        b = ci.lower[k] if k >= 0 else ""
        if is_verb(b) and not (k > 0 and (ci.lower[k - 1] in DETERMINERS or is_number(ci.lower[k - 1]))):
            # "offered to bring heritage bean seed": a verb before the noun says what was done with
            # it, not which kind ("the smoked haddock", after a determiner, does say which)
            b = ""
        # a code names a kind ("a T-22 mower"); a number, in figures or words, only counts ("400
        # lavender plugs", "the four boilers")
        if b.replace("-", "").isalpha() and b not in STOPWORDS and stem(b) not in asked and not _cardinal(b) \
                and b not in _NOT_A_KIND or any(c.isdigit() for c in b) and not is_number(b):  # ("a climate-controlled trailer")
            return True
        if p + 1 < len(ci.lower) and (p + 1 in starts or p + 2 in starts and ci.lower[p + 1] in (",", "(")):
            return True
    return False


def _kind_word_grounded(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim also has the word the question puts before its head: "open 24 hours a day"
    gives the "opening hours", though "hours" is only the unit of a number there."""
    kind = _before_head(q)
    return kind is not None and _grounded(ci, kind)


_BARE_OPENERS = frozenset({"a", "an", "some", "any", "no"})


def _kind_word_only(ci: ClaimIndex, noun: Word) -> bool:
    """Every use of the noun in the claim is a bare modifier of the noun after it, straight after
    a verb or an unspecific article ("found antibiotic residue", "a tyre pressure check")."""
    pos = ci.positions(noun.concepts)
    n = len(ci.lower)
    for p in pos:
        if p == 0 or p + 1 >= n or any(s.first <= p + 1 <= s.last for s in ci.spans) \
                or p + 2 < n and any(c.isdigit() for c in ci.lower[p + 2]):
            return False  # ("lend violin number 38": the number names the violin)
        before, after = ci.lower[p - 1], ci.lower[p + 1]
        if not after.isalpha() or after in STOPWORDS or is_verb(after) or after.endswith(("ed", "ing")):
            return False
        if before not in _BARE_OPENERS and not (is_verb(before) and before not in STOPWORDS):
            return False
    return bool(pos)


_UNSPECIFIC = frozenset({"a", "an", "no", "some", "any", "another", "several", "many", "few", "none"})

# words that say whose a thing is, and so not which of its kind
_OWNERS = frozenset({"his", "her", "their", "its", "my", "our", "your"})


def _unidentified(ci: ClaimIndex, noun: Word) -> bool:
    """Every use of the noun in the claim is an unspecific or negated one ("a 1900-rated player",
    "no swimmer") that no name pins down ("Ivan Sokolov, a 1900-rated player"; "a firm called
    Hale & Finch")."""
    pos = ci.positions(noun.concepts)
    if not pos:
        return False
    starts = {s.first: s for s in ci.spans}
    ends = {s.last for s in ci.spans}
    n = len(ci.lower)
    for p in pos:
        if any(s.first <= p < s.last for s in ci.spans):
            return False  # a word of a name ("'Eleven Winters' by ..."): the name pins it down
        k = p - 1
        after_verb = False
        while k >= 0 and p - k <= 6 and ci.lower[k] not in STOPWORDS and (
                ci.lower[k] in ("-", "/") or any(c.isalnum() for c in ci.lower[k])):
            k -= 1  # modifiers: "1900-rated", "9.5 kWh"
            if k >= 0 and _cardinal(ci.lower[k + 1]) and is_verb(ci.lower[k]) and ci.lower[k] not in STOPWORDS:
                after_verb = True  # "played three Bach suites": the count opens the phrase, after its verb
                break
        counted = k + 1 < p and _cardinal(ci.lower[k + 1])  # "at two sampling points" (not "as Year 4 teacher")
        partitive = k >= 2 and ci.lower[k] == "the" and ci.lower[k - 1] == "of" and (
            _cardinal(ci.lower[k - 2]) or ci.lower[k - 2] in _UNSPECIFIC | {"most", "all", "both"})  # "two of the nine"
        # "unloading deliveries from the supermarkets": a plural with a bare "the" says of them all,
        # not which ones
        bare = k == p - 1 and ci.lower[k] == "the" and ci.lower[p].endswith("s") and not ci.lower[p].endswith("ss")
        nxt = ci.lower[p + 1] if p + 1 < n else ""
        if k == p - 1 and (ci.lower[k] in _OWNERS or ci.lower[k] in PREPOSITIONS) and nxt.isalpha() \
                and nxt not in STOPWORDS and not is_verb(nxt) and not nxt.endswith(("ed", "ing")) \
                and not any(s.first == p + 1 for s in ci.spans):
            # "after his knee surgery", "recovers from knee surgery": the noun only says what kind
            # of surgery, not which knee
            continue
        if not bare and not (partitive or counted and (k < 0 or ci.lower[k] not in ("the", "these", "those", "its", "their"))) \
                and (k < 0 or ci.lower[k] not in _UNSPECIFIC):
            return False
        if ci.lower[k] != "no" and not after_verb and k >= 2 and ci.lower[k - 1] == "," and k - 1 in ends:
            return False  # an apposition to the name before it
        j = p + 1
        while j < n and j - p <= 3 and ci.lower[j] in (",", "called", "named", "known", "as", "—", "-", "("):
            j += 1
        if j > p + 1 and j in starts and ci.lower[k] != "no":
            return False  # the name after it
        if ci.lower[k] != "no" and any(any(c.isdigit() for c in w) for w in ci.lower[p + 1:p + 4]):
            return False  # the value it has: "a rating of 5", "a player numbered 7"
    return True


def _described(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether the claim sets a description after a name the question asks about: "Bramble the
    springer spaniel", "Bramble, a springer spaniel", "Bramble is a springer spaniel"; not "From 20
    March, Rajah will be fed at 16:00", which describes no one."""
    lower = ci.lower
    for sp in ci.spans:
        k = sp.last
        if sp.key not in q_spans or k >= len(lower):
            continue
        if lower[k] in ("is", "was") and k + 1 < len(lower):
            k += 1  # "Bramble is a springer spaniel"
        if lower[k] in ("the", "a", "an", ","):
            return True
    return False


_CODE_RE = re.compile(r"[a-z][a-z-]*\d[a-z0-9-]*")  # a letter first, then a digit: "b220", "t-22", "fh-12"
# a registration written in capitals and joined by a hyphen, digits or none: "G-SKVN", "EI-FXA"
_CAPS_CODE_RE = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")


def _code_shape(tok: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[a-z]+", "a", tok))


def _code_missing(q: Question, ci: ClaimIndex) -> str | None:
    """A code the question names that the claim does not give: any code among its plain words
    ("the B220 exhaust stack"); a code within a name ("turbine T-22") only where the claim gives
    another of the same shape ("turbine T-07"), since a claim from the named thing's source may
    not name it at all (see recall)."""
    have = set(ci.lower)
    for w in q.soft:
        t = w.text.lower()
        if (_CODE_RE.fullmatch(t) or _CAPS_CODE_RE.fullmatch(q.tokens[w.index].text)) and t not in have:
            return q.tokens[w.index].text
    shapes = {_code_shape(t) for t in have if _CODE_RE.fullmatch(t)}
    for sp in q.spans:
        for t in sp.text.lower().split():
            if _CODE_RE.fullmatch(t) and t not in have and _code_shape(t) in shapes:
                return sp.text
    return None


def _numeral(w: str) -> str | None:
    """A small whole number written either way ("2", "two") as digits."""
    if w.isdigit():
        return str(int(w))
    n = CARDINAL_WORDS.get(w)
    return str(n) if isinstance(n, int) and n < 100 else None


def _other_number_of(q: Question, ci: ClaimIndex) -> str | None:
    """ "What did the humidity in chamber one read" is not answered by "the humidity in chamber two
    read 94 percent": a number after a noun numbers one of a series, and the claim gives another
    of the same noun and not the asked one."""
    lower = [t.text.lower() for t in q.tokens]
    c = ci.lower
    numbered: dict[str, set[str]] = {}
    for a, b in zip(c, c[1:]):
        n = _numeral(b)
        if n is not None and a.isalpha() and a not in PREPOSITIONS and a not in STOPWORDS:
            numbered.setdefault(a, set()).add(n)
    for i in range(len(lower) - 1):
        noun, n = lower[i], _numeral(lower[i + 1])
        if n is not None and noun in numbered and n not in numbered[noun]:
            return f"{q.tokens[i].text} {q.tokens[i + 1].text}"
    return None


_GENERIC_HEADS = frozenset(stem(w) for w in ("number", "code", "id"))


def _numbered_by_code(ci: ClaimIndex, q: Question) -> bool:
    """ "the flight number" <- "flight NW318": a code right after the word before a generic head
    ("number", "code", "id") is that number, though the claim says no "number"."""
    if q.head_word is None or q.head_word.stem not in _GENERIC_HEADS:
        return False
    kind = _before_head(q)
    return kind is not None and _grounded(ci, kind) and _code_after(ci, kind, q)


def _code_after(ci: ClaimIndex, kind: Word, q: Question) -> bool:
    """A number or code follows the kind word closely ("registration KT19 XRM", "phone number
    0161 555 2020"): "taken over the phone" names a phone but no number of it, and "registered 412
    new patients" a count of patients, not a registration number."""
    lower = ci.lower
    asked = {x.stem for x in q.words}
    for p in ci.positions(kind.concepts):
        k = _digit_at(lower, p, 7)
        if k is None:
            continue
        nxt = lower[k + 1] if k + 1 < len(lower) else ""
        # (a count of what the question names is its number: "timpani hire number" <- "hire 2 timpani")
        counted = lower[k].replace(",", "").isdigit() and nxt.isalpha() and nxt.islower() and nxt not in STOPWORDS \
            and stem(nxt) not in asked
        if not counted:
            return True
    return False


def _digit_at(lower: list[str], p: int, reach: int) -> int | None:
    """Where the first word with a digit stands within ``reach`` words after ``p``, in its sentence."""
    for k in range(p + 1, min(len(lower), p + 1 + reach)):
        if lower[k] in (".", ";"):
            return None
        if any(c.isdigit() for c in lower[k]):
            return k
    return None


# words that take several of a kind together ("across both accounts", "all three sites combined")
_TOGETHER = frozenset({"both", "all", "combined", "together", "total", "overall", "across", "between"})


def _whole_for_part(q: Question, ci: ClaimIndex) -> str | None:
    """The noun the question singles out with "alone" ("the balance of the savings account alone")
    when the claim gives its value for several of that kind together ("across both accounts");
    else None."""
    lower = [t.text.lower() for t in q.tokens]
    for k in range(1, len(lower)):
        if lower[k] != "alone":
            continue
        noun = stem(lower[k - 1])
        for p, w in enumerate(ci.lower):
            if stem(w) == noun and w != lower[k - 1] and any(x in _TOGETHER for x in ci.lower[max(0, p - 3):p]):
                return q.tokens[k - 1].text  # the plural, with "both" before it
    return None

