"""Loader for relations.json: relation equivalents, synonyms and antonyms of general English.

Every word is looked up by its inflection stem, so "manages", "managed" and
"manager" all reach the relation "lead" through "manage". A word's *concepts*
are its stem plus the ids of every group that lists it; two words match when
their concept sets meet. Multi-word entries ("in charge of", "stand in") are
found in a token sequence by :func:`Lexicon.phrases_in` and then behave as one
word.

>>> lx = lexicon()
>>> lx.relation_key("manages"), lx.relation_key("heads"), lx.relation_key("led")
('lead', 'lead', 'lead')
>>> lx.same("hired", "joined"), lx.same("left", "joined")
(True, False)
>>> lx.contradicts("rejected", "approved")
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from fireweed.decider.lexicon import MONTHS, WEEKDAYS, is_verb, past_form, stem

__all__ = ["Lexicon", "lexicon", "load"]

_PATH = Path(__file__).with_name("relations.json")
_KINDS_PATH = Path(__file__).with_name("kinds.json")
_NONE: frozenset[str] = frozenset()
# light words inside phrases ("be hired", "in charge of") are matched but not required
_LIGHT = frozenset({"be", "a", "an", "the", "of", "to", "for", "at", "in", "on", "by", "with"})


@dataclass
class Lexicon:
    """The loaded tables, indexed by stem."""

    concepts: dict[str, frozenset[str]] = field(default_factory=dict)
    relation_of: dict[str, str] = field(default_factory=dict)
    phrases: dict[tuple[str, ...], str] = field(default_factory=dict)
    antonyms: dict[str, frozenset[str]] = field(default_factory=dict)
    functional: frozenset[str] = frozenset()
    max_phrase: int = 1
    # "jacket" -> {"K:cloth"}: the general nouns a word (lower case, as written) names a kind of, as concepts that only a
    # question's general noun carries ("what clothes" meets "a jacket"; "what jacket" not "clothes")
    kinds_of: dict[str, frozenset[str]] = field(default_factory=dict)
    generals: frozenset[str] = frozenset()
    # "be fired" -> {"fir": {"R:leave"}}: groups a stem carries only in a verb's inflected forms
    # ("was fired", "fires", "firing"), never as the bare word, most often a noun ("the fire")
    participle_only: dict[str, frozenset[str]] = field(default_factory=dict)
    # concepts_of by word: every gate and the read path ask it of the same words again and again
    _memo: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)

    def concepts_of(self, word: str) -> frozenset[str]:
        """The stem of the word plus the group ids it belongs to."""
        got = self._memo.get(word)
        if got is None:
            if len(self._memo) >= _MEMO_LIMIT:
                self._memo.clear()  # a bound on memory, not a policy: the next calls refill it
            got = self._memo[word] = self._concepts_of(word)
        return got

    def _concepts_of(self, word: str) -> frozenset[str]:
        s = word if " " in word else stem(word)
        got = self.concepts.get(s)
        if s in self.participle_only and (past_form(word) or word.endswith(("s", "ing")) and " " not in word):
            got = (got or frozenset((s,))) | self.participle_only[s]
        verb = _verb_of_noun(s)
        if got is None:
            got = frozenset((s,)) if verb is None else frozenset((s, verb))
        elif verb is not None:
            got = got | {verb}  # "appointment" (listed with "join") is appointing too
        phrasal = _phrasal_of(word)
        return got if phrasal is None else got | self.concepts_of(phrasal)

    def asked_concepts(self, word: str) -> frozenset[str]:
        """A question word's concepts: :meth:`concepts_of`, and for a general noun ("clothes")
        the concept its kinds carry in a claim."""
        got = self.concepts_of(word)
        s = word if " " in word else stem(word)
        # ("be built" is no building: a past form shares the general noun's stem, not its kinds)
        w = word.lower()
        return got | {"K:" + s} if s in self.generals and not (past_form(w) and not w.endswith("eed")) else got

    def kind_concepts(self, *generals: str) -> frozenset[str]:
        """The concepts a claim's word carries when it is a kind of these general nouns (those the
        kinds table knows): what :meth:`kinds_for` gives a listed kind."""
        return frozenset("K:" + _key_of(g) for g in generals if _key_of(g) in self.generals)

    def kinds_for(self, word: str) -> frozenset[str]:
        """The kind concepts of a claim's word as written, or of its singular ("cellos", "ponies"):
        by the word, not its stem, since "tourer" is no "tour"."""
        w = word.lower()
        got = self.kinds_of.get(w)
        if got is None and w.endswith("s") and len(w) > 3:
            got = self.kinds_of.get(w[:-1]) or (self.kinds_of.get(w[:-2]) if w.endswith("es") else None) \
                or (self.kinds_of.get(w[:-3] + "y") if w.endswith("ies") else None)
        if got is None and w.endswith("ed") and len(w) > 5:
            # "sprained her ankle", "a bruised wrist": the verb or participle of a kind names it
            got = self.kinds_of.get(w[:-2]) or self.kinds_of.get(w[:-1])
        return got or _NONE

    def relation_key(self, word: str) -> str:
        """The canonical relation for a predicate word, or its stem when no group lists it."""
        s = word if " " in word else stem(word)
        return self.relation_of.get(s, s)

    def same(self, a: str, b: str) -> bool:
        """True when two words (or phrase keys) share a concept."""
        return bool(self.concepts_of(a) & self.concepts_of(b))

    def contradicts(self, a: str, b: str) -> bool:
        """True when the predicates are listed as antonyms (in either direction)."""
        ca, cb = self.concepts_of(a), self.concepts_of(b)
        for c in ca:
            # (not where a word is in both groups: "defeat" is a way to beat and to lose, so it is
            # no opposite of "beat")
            if any(d not in ca and c not in cb for d in self.antonyms.get(c, frozenset()) & cb):
                return True
        return False

    def phrases_in(self, stems: list[str]) -> list[tuple[int, int, str]]:
        """Multi-word entries found in a stem sequence: (first, last-exclusive, phrase key).

        Longest match wins; matches do not overlap.
        """
        out: list[tuple[int, int, str]] = []
        i, n = 0, len(stems)
        while i < n:
            hit = None
            for size in range(min(self.max_phrase, n - i), 1, -1):
                key = tuple(stems[i : i + size])
                if key in self.phrases and not (key[-1] in _TIME_PREPS and _time_at(stems, i + size)):
                    hit = (i, i + size, self.phrases[key])
                    break
            if hit:
                out.append(hit)
                i = hit[1]
            else:
                i += 1
        return out


# "will start at 14:00" is no "start at" (join): a phrase that ends in a preposition of time, and
# is followed by a time, is its words
_TIME_PREPS = frozenset({"at", "on", "in", "from", "until", "by"})
_TIME_WORDS = frozenset({"noon", "midday", "midnight", "dawn", "dusk"})


def _time_at(stems: list[str], k: int) -> bool:
    """Whether the stem at ``k`` tells a time: a number or clock time, a month, a weekday, noon."""
    if k >= len(stems):
        return False
    w = stems[k]
    return w[:1].isdigit() or w in MONTHS or w in WEEKDAYS or w.rstrip("s") in WEEKDAYS or w in _TIME_WORDS


_VERB_PREFIXES = ("under", "over", "mis", "out", "re", "pre", "co")


_MEMO_LIMIT = 200_000
_PARTICLES = ("down", "up", "over", "out", "off")


def _phrasal_of(word: str) -> str | None:
    """The phrasal verb a one-word noun is made of ("shutdown" → "shut down", "handover" → "hand
    over"), so the noun meets the verb written apart; None for any other word."""
    w = word.lower()
    if " " in w or not w.endswith(_PARTICLES):
        return None
    for p in _PARTICLES:
        if w.endswith(p) and len(w) - len(p) >= 3 and is_verb(w[:-len(p)]):
            return w[:-len(p)] + " " + p
    return None


def verb_of_noun(word: str) -> str | None:
    """The stem of the verb a noun of doing names ("replacement" → replac), or None."""
    return _verb_of_noun(stem(word))


def _verb_of_noun(s: str) -> str | None:
    """The verb a "-ment", "-tion" or long "-ation" noun names the doing of ("underpayment" →
    underpay, "inspection" → inspect, "consolidation" → consolidate), so a question's noun meets a
    claim's verb; None for any other word, or one with no verb before it ("apartment", "portion")."""
    if len(s) >= 10 and s.endswith("ation"):
        # "consolidation" → consolidate, "calibration" → calibrate: an "-ate" verb long enough to
        # be no other word ("station" is no "state")
        return stem(s[:-3] + "e")
    if len(s) < 8 or not s.endswith(("ment", "tion")):
        return None
    base = stem(s[:-4]) if s.endswith("ment") else stem(s[:-3])  # "inspection" → inspect
    if is_verb(base) or any(base.startswith(p) and is_verb(base[len(p):]) for p in _VERB_PREFIXES):
        return base
    return None


def _key_of(entry: str) -> str:
    words = entry.lower().split()
    if len(words) == 1:
        return stem(words[0])
    return " ".join(stem(w) for w in words)


def load(path: Path | str = _PATH, kinds_path: Path | str | None = _KINDS_PATH) -> Lexicon:
    """Load and index a relations file, and the table of kinds beside it."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    lx = Lexicon()
    concepts: dict[str, set[str]] = {}
    participle: dict[str, set[str]] = {}

    def add(entry: str, group: str) -> str:
        key = _key_of(entry)
        concepts.setdefault(key, {key}).add(group)
        words = entry.lower().split()
        if len(words) > 1:
            seq = tuple(stem(w) for w in words)
            lx.phrases[seq] = key
            # "be hired" is also said without the auxiliary ("hired")
            core = tuple(stem(w) for w in words if w not in ("be", "a", "an", "the"))
            if 1 < len(core) < len(seq):
                lx.phrases.setdefault(core, key)
            elif len(core) == 1 and words[0] == "be" and past_form(words[-1]):
                participle.setdefault(core[0], set()).add(group)  # not "the fire" for "be fired"
            elif len(core) == 1 and words[0] == "be":
                concepts.setdefault(core[0], {core[0]}).add(group)
            lx.max_phrase = max(lx.max_phrase, len(seq))
        return key

    for row in data.get("relations", []):
        canon, *entries = row
        group = "R:" + canon
        for e in [canon, *entries]:
            key = add(e, group)
            lx.relation_of.setdefault(key, canon)
    for i, row in enumerate(data.get("synonyms", [])):
        group = f"S:{i}"
        for e in row:
            add(e, group)
    for i, row in enumerate(data.get("derivations", [])):
        group = f"D:{i}"
        for e in row:
            add(e, group)
    lx.concepts = {k: frozenset(v) for k, v in concepts.items()}
    lx.participle_only = {k: frozenset(v - concepts.get(k, set())) for k, v in participle.items()}
    table = dict(data.get("kinds", {}))
    if kinds_path is not None and Path(kinds_path).exists():
        for general, members in json.loads(Path(kinds_path).read_text(encoding="utf-8")).get("kinds", {}).items():
            table[general] = list(table.get(general, [])) + list(members)
    # member word -> the general nouns it is a kind of; about ten thousand words share about a
    # thousand distinct sets (every dog breed is a breed, a dog, a pet, an animal), so each set is
    # made once and shared
    of: dict[str, set[str]] = {}
    for general, members in table.items():
        g = "K:" + _key_of(general)
        for m in members:
            m = m.strip().lower()
            if " " not in m:  # a one-word kind; "dinner jacket" is met through "jacket"
                of.setdefault(m, set()).add(g)
    shared: dict[frozenset[str], frozenset[str]] = {}
    lx.kinds_of = {m: shared.setdefault(frozenset(gs), frozenset(gs)) for m, gs in of.items()}
    lx.generals = frozenset(_key_of(g) for g in table)
    ant: dict[str, set[str]] = {}
    for a, b in data.get("antonyms", []):
        ca = "R:" + a if any(r[0] == a for r in data.get("relations", [])) else _key_of(a)
        cb = "R:" + b if any(r[0] == b for r in data.get("relations", [])) else _key_of(b)
        ant.setdefault(ca, set()).add(cb)
        ant.setdefault(cb, set()).add(ca)
        ant.setdefault(_key_of(a), set()).add(cb)
        ant.setdefault(_key_of(b), set()).add(ca)
    lx.antonyms = {k: frozenset(v) for k, v in ant.items()}
    lx.functional = frozenset(lx.relation_key(w) for w in data.get("functional", []))
    lx._memo.clear()  # nothing read while the tables were still being filled may stay
    return lx


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The packaged table, loaded once per process."""
    return load()
