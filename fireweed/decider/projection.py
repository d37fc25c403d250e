"""The decider's in-memory projection of the ledger: entities, memories, their states and indexes.

The projection is rebuilt at start by replaying every committed event of every
tenant in seq order, then kept current by applying each new event. It is the
only state the decider has: it holds no keys and writes nothing to disk. Each
tenant is its own partition (``_Tenant``); no method ever reads across two.

Time has two axes. The *transaction* axis is the ledger seq: every memory
keeps the history of its states as (seq, state) pairs, so ``as_of_seq`` shows
what was known then. It moves one commit at a time: the events one call appended
(a memory, the entities it created, the supersessions and disputes it caused) share
one recorded_at, and a seq inside them reads as the last of them. The *event* axis
is the claim's event time: ``valid_from`` (the event time, unknown = always) and
``valid_to`` (stamped when a later claim supersedes it), so ``as_of`` shows what
was true then.

Applying is cheap on purpose (≈10 µs an event): claims are parsed lazily, the
first time a plan or a question needs them, and cached on the memory. A stored
claim is read against the names known when it was recorded (entities at or
below its seq), never against names learnt later, so it reads the same live,
after a replay, and whenever it is first read.

>>> p = Projection()
>>> plan = p.plan_remember("t", "Ada Obi leads the mobile team.", "Ada Obi leads the mobile team.",
...                        {"source_id": "s1", "parts": [0]}, "s1", None, None)
>>> for seq, (kind, payload) in enumerate(plan.events, 1):
...     p.apply("t", seq, kind, payload, "2024-01-01T00:00:00Z")
>>> p.recall("t", "Which team does Ada Obi lead?").results[0]["claim"]
'Ada Obi leads the mobile team.'
>>> p.recall("t", "Which team does Ben Roe lead?").code
'entity_not_found'
"""

from __future__ import annotations

import bisect
import contextlib
import gc
import heapq
import itertools
import logging
import math
import re
import secrets
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fireweed.decider.facts import (SWITCH_VERBS, Fact, moved_from, opening_name, parse_claim, reported_update, resulting_state, states_a_post,
                                    time_kinds, value_kinds, numbered_kinds)
from fireweed.decider.text import analyze, without_posts
from fireweed.decider.lexicon import BE_FORMS, HONORIFICS, MONTHS, is_verb, past_form, stem
from fireweed.decider.name_spans import Span, ends_a_name, guess_kind, name_tokens
from fireweed.decider.relations import lexicon

__all__ = ["Projection", "Plan", "Resolution", "Closure", "RecallAnswer", "ERASED", "STATES"]

log = logging.getLogger(__name__)

ERASED = "[erased]"
STATES = ("active", "disputed", "superseded", "quarantined", "frozen")
_VISIBLE = frozenset({"active", "disputed"})
# Past this many other subjects a claim's conflict candidates are all claims of its relation about its
# first subject, not one lookup per subset of its subjects.
_SUBSET_LOOKUPS = 6
# relations that say where the subject is placed, which a move to another place of the kind ends
# ("is based at", "is stationed at", "works at", "lives in", "is kept in")
_PLACED = frozenset({"bas", "station", "work", "live", "locat", "post", "hous", "keep"})
# groups of a subject's claims (by relation and subjects) looked through for a move within a series
_SERIES_GROUPS = 64
_WORD_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
_HONOR = frozenset(h.rstrip(".") for h in HONORIFICS)


@dataclass
class Plan:
    """What a remember would append: the events in order, and what they mean."""

    events: list[tuple[str, dict[str, Any]]]
    memory_id: str
    outcome: str
    supersedes: list[str] = field(default_factory=list)
    disputes: list[str] = field(default_factory=list)
    subjects: list[str] = field(default_factory=list)
    relation: str = ""


@dataclass
class Resolution:
    """How a name resolved in one tenant: ``status`` is "resolved", "ambiguous" or "not_found"."""

    status: str
    entity_ids: list[str] = field(default_factory=list)
    candidates: list[dict[str, str]] = field(default_factory=list)
    more: int = 0  # ambiguous: how many further candidates match and are not listed

    def names(self) -> str:
        """The candidates' names for a message, and how many more there are."""
        listed = ", ".join(c.get("name") or "?" for c in self.candidates)
        return f"{listed}, and {self.more:,} more" if self.more else listed


# An ambiguous name lists this many candidates (the oldest first) and counts the rest: a first
# name shared by thousands must not become a reply of thousands of names.
CANDIDATES_SHOWN = 20


@dataclass
class Closure:
    """Everything an erasure of one entity must take, and what it leaves standing."""

    entity_id: str
    memories: list[str]
    derived: list[str]
    parts: list[dict[str, Any]]
    bystanders: list[str]
    bystander_entities: list[str]
    shared_parts: list[dict[str, Any]]


@dataclass(frozen=True)
class Erasure:
    """What an `erased` event recorded: enough to certify it later, when the certificate could not
    be signed at the time (the backend stopped in between), without the erased name or facts."""

    seq: int
    entity_id: str
    memories: int
    derived: int
    bystanders: int | None  # None for an erasure recorded before the count was kept


@dataclass
class RecallAnswer:
    """The read gate's answer: verdict "answered" or "abstained"."""

    verdict: str
    code: str | None = None
    term: str | None = None
    remedy: str | None = None
    results: list[dict[str, Any]] = field(default_factory=list)
    candidates: list[dict[str, str]] = field(default_factory=list)
    cited: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form."""
        return {
            "verdict": self.verdict,
            "code": self.code,
            "term": self.term,
            "remedy": self.remedy,
            "results": self.results,
            "candidates": self.candidates,
            "cited": self.cited,
        }


class _Led:
    """The claims an entity leads (is the first subject of) that a new claim about it may conflict with."""

    __slots__ = ("open", "valued", "pending", "epoch")

    def __init__(self) -> None:
        # those whose recorded state is visible, by relation and then by their set of subjects
        self.open: dict[str, dict[frozenset[str], set[str]]] = {}
        # of those, the ones that give a value, by object word: what an update of an attribute can
        # conflict with. Built on the entity's first update; `pending` holds the claims made visible
        # since it was last brought up to date, `epoch` the tenant's erasures it was built after.
        self.valued: dict[str, set[str]] | None = None
        self.pending: list[str] = []
        self.epoch = 0


class _Entity:
    __slots__ = ("id", "name", "kind", "tokens", "key", "seq", "holds", "memories", "led")

    def __init__(self, eid: str, name: str | None, kind: str, seq: int) -> None:
        self.id = eid
        self.name = name
        self.kind = kind
        self.tokens: tuple[str, ...] = name_tokens(name) if name else ()
        self.key = " ".join(self.tokens)
        self.seq = seq
        self.holds: list[tuple[int, bool]] = []
        self.memories: list[str] = []
        # the only memories a new claim about this subject can conflict with (see plan_remember)
        self.led = _Led()

    def held_at(self, seq: int | None) -> bool:
        if not self.holds:
            return False
        if seq is None:
            return self.holds[-1][1]
        state = False
        for s, h in self.holds:
            if s > seq:
                break
            state = h
        return state


class _Memory:
    __slots__ = (
        "id", "claim", "evidence", "subjects", "relation", "source_id", "receipt", "event_time",
        "valid_from", "seq", "recorded_at", "derived_from", "supersedes", "disputes", "count", "counts",
        "history", "valid_to", "reason", "fact", "norm", "led",
    )

    def __init__(self, mid: str, payload: dict[str, Any], seq: int, recorded_at: str) -> None:
        claim = payload.get("claim")
        self.id = mid
        self.claim: str | None = claim if isinstance(claim, str) and claim != ERASED else None
        self.led: _Led | None = None  # its first subject's conflict indexes
        ev = payload.get("evidence")
        self.evidence: str | None = ev if isinstance(ev, str) and ev != ERASED else None
        subjects = payload.get("subjects")
        self.subjects: list[str] = list(subjects) if isinstance(subjects, list) else []
        rel = payload.get("relation")
        self.relation: str = rel if isinstance(rel, str) and rel != ERASED else ""
        self.source_id: str | None = payload.get("source_id")
        self.receipt: dict[str, Any] = payload.get("receipt") or {}
        et = payload.get("event_time")
        self.event_time: str | None = et if isinstance(et, str) and et else None
        self.valid_from: str | None = self.event_time
        self.seq = seq
        self.recorded_at = recorded_at
        self.derived_from: list[str] = list(payload.get("derived_from") or [])
        self.supersedes: list[str] = list(payload.get("supersedes") or [])
        self.disputes: list[str] = list(payload.get("disputes") or [])
        self.count = 1
        # (seq, count) of each reinforcement, for the count as of a seq; None until the first, so a
        # memory asserted once (most of them) costs nothing more to replay
        self.counts: list[tuple[int, int]] | None = None
        state = payload.get("state") or "active"
        self.history: list[tuple[int, str]] = [(seq, state)]
        self.valid_to: list[tuple[int, str | None]] = []
        self.reason: str | None = payload.get("reason")
        self.fact: Fact | None = None
        self.norm = _claim_key(self.claim) if self.claim else ""

    def state_at(self, seq: int | None) -> str | None:
        if seq is None:
            return self.history[-1][1]
        if self.seq > seq:
            return None
        state = None
        for s, st in self.history:
            if s > seq:
                break
            state = st
        return state

    def state_before_superseded(self, seq: int | None) -> str:
        """The state the memory had (as known at `seq`) before it was last superseded: what it
        reads as for a time before its valid_to. "active" if it never had another."""
        before = "active"
        current: str | None = None
        for s, st in self.history:
            if seq is not None and s > seq:
                break
            if st == "superseded" and current is not None and current != "superseded":
                before = current
            current = st
        return before

    def count_at(self, seq: int | None) -> int:
        """How many times the claim had been asserted at `seq` (now when None)."""
        counts = self.counts
        if seq is None or counts is None or counts[-1][0] <= seq:
            return self.count
        n = 1
        for s, c in counts:
            if s > seq:
                break
            n = c
        return n

    def valid_to_at(self, seq: int | None) -> str | None:
        v = None
        for s, vt in self.valid_to:
            if seq is not None and s > seq:
                break
            v = vt
        return v


def _written_names(evidence: str | None) -> frozenset[str]:
    """The words the evidence writes as a name where its capitals tell (not one word opening a
    sentence): "... and Colnebrook rock oysters cost £11" makes "Colnebrook" a name at the start
    of the claim quoted from it, as a name the store knew would. The same evidence is stored with
    the claim, so a replay reads the claim alike."""
    if not evidence:
        return frozenset()
    a = analyze(evidence)
    # after a lower-case word only: a capital after a dash, a colon or a time ("05:20 – Pressure
    # on the ...") may open a sentence as surely as one after a full stop
    return frozenset(w for n in a.names if n.first > 0 and a.tokens[n.first - 1].text[:1].islower()
                     and a.tokens[n.first - 1].text.isalpha() for w in n.key)


def _other_acts_on_owned(new: Fact, old: Fact, relation: str) -> bool:
    """Whether two claims about the same owned thing tell two different acts ("the Orme Hall
    boiler failed ..." and "... was inspected ..."): both true at once, so neither replaces the
    other. A value given ("is", "costs") or changed ("rose to") is still one value at a time."""
    # an owned thing's relation is its noun ("boil"), where a bare verb's is the verb itself
    return (":" not in relation and relation not in ("be", "state", new.predicate, old.predicate)
            and bool(new.predicate) and bool(old.predicate) and new.predicate != old.predicate
            and "be" not in (new.predicate, old.predicate)
            and not (new.update or old.update or new.rescheduled or old.rescheduled))


class _Tenant:
    __slots__ = (
        "name", "head", "entities", "by_key", "by_token", "by_person_end", "by_first", "memories", "by_claim", "sources", "by_source",
        "tombstones", "certificates", "reads", "words", "events", "last_recorded", "word_since", "key_since",
        "erasures", "erased_at", "certified", "step_from", "step_to", "importing", "import_refs", "imported",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.head = 0
        self.entities: dict[str, _Entity] = {}
        self.by_key: dict[str, set[str]] = {}
        self.by_token: dict[str, set[str]] = {}
        # persons by their first and by their last name token: a one-word name resolves through it
        self.by_person_end: dict[str, set[str]] = {}
        # entities by the first token of their name: which still bring a word of word_since when one goes
        self.by_first: dict[str, set[str]] = {}
        # the seq of the earliest entity still known that each word of by_first or by_person_end, and
        # each key of by_key, comes from: whether the word or name was known at a given seq
        self.word_since: dict[str, int] = {}
        self.key_since: dict[str, int] = {}
        self.memories: dict[str, _Memory] = {}
        self.by_claim: dict[str, list[str]] = {}
        self.sources: dict[str, dict[str, Any]] = {}
        # memory ids by the source they quote, appended on admission; an erased id is skipped on reading
        self.by_source: dict[str, list[str]] = {}
        self.tombstones: set[str] = set()
        # name fingerprint -> seq of its erasure, and -> hash of the certificate issued for it
        self.erased_at: dict[str, Erasure] = {}
        self.certified: dict[str, str] = {}
        self.certificates = 0
        self.reads = 0
        # the content-word index, kept current from the first event on (questions without a name use it)
        self.words: dict[str, set[str]] | None = {}
        self.events = 0
        self.last_recorded = ""
        self.erasures = 0  # applied; each makes entities rebuild their `valued` index
        # The transaction axis moves one commit at a time: the first and last seq of every commit of
        # more than one event, in seq order (a commit of one event is its own step and is not kept).
        # Arrays of machine integers: 16 bytes a remember, not a list slot and an int object each.
        self.step_from = array("q")
        self.step_to = array("q")
        # While an import is under way (an `import_started` without its `import_recorded`): the
        # bundle's SHA-256, and the exported memory ids whose import step has committed, so that a
        # resumed import skips exactly those. None/empty otherwise (a ledger from before
        # import_started existed never reads as importing).
        self.importing: str | None = None
        self.import_refs: set[str] = set()
        self.imported: str | None = None  # the bundle SHA-256 of the last completed import


def _claim_key(claim: str) -> str:
    """Case-, space- and end-punctuation-insensitive key of a claim (cheap: it runs on every replayed memory)."""
    return " ".join(claim.lower().replace("\u2019", "'").split()).rstrip(" .!;:,")


def _person_ends(e: _Entity) -> set[str]:
    """The tokens a person may be called by alone: the first and the last of the name."""
    return {e.tokens[0], e.tokens[-1]} if e.kind == "person" and e.tokens else set()


def _opening_words(e: _Entity) -> set[str]:
    """The words that may open a name of `e` at the start of a sentence (see _known_token)."""
    return set(e.tokens[:1]) | _person_ends(e)


def _new_id(prefix: str) -> str:
    return prefix + secrets.token_hex(8)


def _without_roles(toks: tuple[str, ...]) -> tuple[str, ...]:
    """A name's tokens without the posts and titles that open it ("chairman alasdair nakamura" is
    alasdair nakamura), as the gates read them; else the tokens as they are."""
    return without_posts(toks) or toks


class Projection:
    """All tenants' projected state (see the module docstring)."""

    def __init__(self) -> None:
        self._tenants: dict[str, _Tenant] = {}

    # ------------------------------------------------------------------ apply
    def _t(self, tenant: str) -> _Tenant:
        t = self._tenants.get(tenant)
        if t is None:
            t = self._tenants[tenant] = _Tenant(tenant)
        return t

    def head(self, tenant: str) -> int:
        """The seq of the last event applied for the tenant (0 when none)."""
        t = self._tenants.get(tenant)
        return t.head if t else 0

    def last_recorded(self, tenant: str) -> str:
        """The recorded_at of the last event applied for the tenant ("" when none)."""
        t = self._tenants.get(tenant)
        return t.last_recorded if t else ""

    def commit_end(self, tenant: str, seq: int) -> int:
        """The last seq of the commit that `seq` falls in (`seq` itself when it ends one, or past the head).

        A commit's events are one step on the transaction axis: a remember's admission, the
        entities it creates and the supersessions and disputes it causes are known together or
        not at all, so a point inside the commit reads as its end."""
        t = self._tenants.get(tenant)
        return self._commit_end(t, seq) if t is not None else seq

    @staticmethod
    def _commit_end(t: _Tenant, seq: int) -> int:
        i = bisect.bisect_right(t.step_from, seq) - 1
        if i >= 0 and seq < t.step_to[i]:
            return t.step_to[i]
        return seq

    @contextlib.contextmanager
    def bulk(self) -> Iterator[None]:
        """Wrap a full replay: the cyclic garbage collector is paused while hundreds of thousands of
        small objects are created (it would otherwise rescan them over and over), then the replayed
        objects are frozen out of its generations and it is resumed."""
        was = gc.isenabled()
        gc.disable()
        try:
            yield
        finally:
            # the replayed state lives as long as the process: move it out of the collector's
            # generations so later collections do not rescan it on every question
            gc.freeze()
            if was:
                gc.enable()

    def tenants(self) -> list[str]:
        """The tenants that have at least one applied event."""
        return sorted(self._tenants)

    def apply(self, tenant: str, seq: int, kind: str, payload: dict[str, Any], recorded_at: str) -> None:
        """Apply one committed event. Idempotent: an event at or below the tenant's head is ignored.

        Never raises on an odd payload: a malformed event is counted and skipped,
        because a projection that stops replaying is worse than one that skips
        an event it cannot read.
        """
        t = self._t(tenant)
        if not isinstance(seq, int) or seq <= t.head:
            return
        if recorded_at and recorded_at == t.last_recorded and t.events:
            # Same commit time as the event before: the same commit (the decider stamps all the events
            # of one call with one recorded_at and never gives two calls the same one, FORMAT.md 2.1).
            if t.step_to and t.step_to[-1] == t.head:
                t.step_to[-1] = seq
            else:
                t.step_from.append(t.head)
                t.step_to.append(seq)
        t.head = seq
        t.events += 1
        t.last_recorded = recorded_at or t.last_recorded
        if not isinstance(payload, dict):
            return
        fn = self._APPLY.get(kind)
        if fn is None:
            return
        try:
            fn(self, t, seq, payload, recorded_at or "")
        except (KeyError, TypeError, ValueError, AttributeError):
            return

    def _entity_created(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        eid = p["entity_id"]
        name = p.get("name")
        if not isinstance(name, str) or name == ERASED:
            name = None
        e = _Entity(eid, name, p.get("kind") or "thing", seq)
        old = t.entities.get(eid)
        if old is not None:
            self._unindex_entity(t, old)
            e.memories = old.memories
            e.led = old.led
            e.holds = old.holds
        t.entities[eid] = e
        if e.key:
            t.by_key.setdefault(e.key, set()).add(eid)
            for tok in set(e.tokens):
                t.by_token.setdefault(tok, set()).add(eid)
            for tok in _person_ends(e):
                t.by_person_end.setdefault(tok, set()).add(eid)
            if e.tokens:
                t.by_first.setdefault(e.tokens[0], set()).add(eid)
            # seqs only grow, so the first entity to bring a word or key is its earliest
            t.key_since.setdefault(e.key, seq)
            for tok in _opening_words(e):
                t.word_since.setdefault(tok, seq)

    def _unindex_entity(self, t: _Tenant, e: _Entity) -> None:
        if e.key and e.key in t.by_key:
            t.by_key[e.key].discard(e.id)
            if not t.by_key[e.key]:
                del t.by_key[e.key]
        for index, toks in ((t.by_token, set(e.tokens)), (t.by_person_end, _person_ends(e)),
                            (t.by_first, set(e.tokens[:1]))):
            for tok in toks:
                ids = index.get(tok)
                if ids is not None:
                    ids.discard(e.id)
                    if not ids:
                        del index[tok]
        for since, word, ids in ((t.key_since, e.key, t.by_key.get(e.key, set())),
                                 *((t.word_since, w, t.by_first.get(w, set()) | t.by_person_end.get(w, set()))
                                   for w in _opening_words(e))):
            seqs = [t.entities[i].seq for i in ids if i in t.entities]
            if seqs:
                since[word] = min(seqs)
            else:
                since.pop(word, None)

    def _source_added(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        t.sources[p["source_id"]] = {
            "source_id": p["source_id"],
            "root": p.get("root"),
            "size": p.get("size"),
            "origin": p.get("origin"),
            "origin_kind": p.get("origin_kind"),
            "supplied_by": p.get("supplied_by"),
            "seq": seq,
            "recorded_at": at,
        }

    def _memory_admitted(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        mid = p["memory_id"]
        m = _Memory(mid, p, seq, at)
        if m.supersedes and m.valid_from is None:
            # a correction with no event time took effect when it was recorded
            m.valid_from = at or None
        t.memories[mid] = m
        if isinstance(m.source_id, str) and m.source_id:
            t.by_source.setdefault(m.source_id, []).append(mid)
        for eid in m.subjects:
            e = t.entities.get(eid)
            if e is not None:
                e.memories.append(mid)
                if eid == m.subjects[0] and m.led is None:
                    m.led = e.led
        self._track_open(m)
        if m.norm:
            t.by_claim.setdefault(m.norm, []).append(mid)
        self._index_words(t, m)
        self._import_step(t, p)

    @staticmethod
    def _import_step(t: _Tenant, p: dict[str, Any]) -> None:
        """An import step's commit names the exported memory it restored (`import_ref`)."""
        ref = p.get("import_ref")
        if t.importing is not None and isinstance(ref, str) and ref:
            t.import_refs.add(ref)

    def _build_words(self, t: _Tenant) -> None:
        t.words = {}
        for m in t.memories.values():
            self._index_words(t, m)

    @staticmethod
    def _claim_words(claim: str) -> set[str]:
        """The words a claim is indexed under: its words, and the parts of its hyphenated ones."""
        text = claim.lower()
        found = set(_WORD_RE.findall(text))
        if "-" in text:
            found |= set(_WORD_RE.findall(text.replace("-", " ")))
        return found

    def _index_words(self, t: _Tenant, m: _Memory) -> None:
        words = t.words
        if words is None or not m.claim:
            return
        mid = m.id
        for w in self._claim_words(m.claim):
            s = stem(w)
            ids = words.get(s)
            if ids is None:
                words[s] = {mid}
            else:
                ids.add(mid)

    def _unindex_words(self, t: _Tenant, m: _Memory) -> None:
        """Undo _index_words: the memory's own words, not every word of the tenant's vocabulary."""
        words = t.words
        if words is None or not m.claim:
            return
        for w in self._claim_words(m.claim):
            ids = words.get(stem(w))
            if ids is not None:
                ids.discard(m.id)

    @staticmethod
    def _track_open(m: _Memory, gone: bool = False) -> None:
        """Keep `m` in its first subject's `open` and `valued` indexes exactly while its recorded state
        is visible."""
        led = m.led
        if led is None:
            return
        index = led.open
        key = frozenset(m.subjects)
        by_set = index.get(m.relation)
        if not gone and m.history[-1][1] in _VISIBLE:
            if by_set is None:
                index[m.relation] = {key: {m.id}}
            else:
                by_set.setdefault(key, set()).add(m.id)
            if led.valued is not None:
                led.pending.append(m.id)  # parsed when an update next needs the index, not here
            return
        if by_set is not None and key in by_set:
            ids = by_set[key]
            ids.discard(m.id)
            if not ids:
                del by_set[key]
                if not by_set:
                    del index[m.relation]
        if led.valued is not None and m.fact is not None:
            # it is in `valued` only if it was parsed; the parse is what put it there
            for word in m.fact.objects:
                held = led.valued.get(word)
                if held is not None:
                    held.discard(m.id)
                    if not held:
                        del led.valued[word]

    def _memory_reinforced(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        m = t.memories[p["memory_id"]]
        c = p.get("count")
        m.count = c if isinstance(c, int) else m.count + 1
        if m.counts is None:
            m.counts = []
        m.counts.append((seq, m.count))
        self._import_step(t, p)

    def _memory_state_changed(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        m = t.memories[p["memory_id"]]
        to = p["to"]
        m.history.append((seq, to))
        self._track_open(m)
        if to == "superseded":
            vt = p.get("valid_to")
            m.valid_to.append((seq, vt if isinstance(vt, str) and vt else at))
        elif to in ("active", "disputed") and m.valid_to:
            m.valid_to.append((seq, None))
        if p.get("reason"):
            m.reason = p.get("reason")

    def _review_decided(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        m = t.memories[p["memory_id"]]
        decision = p.get("decision")
        if decision == "approve":
            m.history.append((seq, "active"))
        elif decision == "reject":
            m.history.append((seq, "rejected"))
        self._track_open(m)

    def _hold(self, t: _Tenant, seq: int, p: dict[str, Any], at: str, on: bool) -> None:
        e = t.entities[p["entity_id"]]
        e.holds.append((seq, on))

    def _hold_set(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        self._hold(t, seq, p, at, True)

    def _hold_released(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        self._hold(t, seq, p, at, False)

    def _erased(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        t.erasures += 1
        fp = p.get("name_fingerprint")
        if isinstance(fp, str) and fp:
            t.tombstones.add(fp)
            bystanders = p.get("bystanders_surviving")
            t.erased_at[fp] = Erasure(seq, str(p.get("entity_id") or ""), len(p.get("memories") or []),
                                      len(p.get("derived") or []),
                                      bystanders if type(bystanders) is int and bystanders >= 0 else None)
        gone = set(p.get("memories") or []) | set(p.get("derived") or [])
        eid = p.get("entity_id")
        for mid in gone:
            m = t.memories.pop(mid, None)
            if m is None:
                continue
            for s in m.subjects:
                e = t.entities.get(s)
                if e is not None and mid in e.memories:
                    e.memories.remove(mid)
            self._track_open(m, gone=True)
            if m.norm in t.by_claim:
                t.by_claim[m.norm] = [x for x in t.by_claim[m.norm] if x != mid]
                if not t.by_claim[m.norm]:
                    del t.by_claim[m.norm]
            self._unindex_words(t, m)
        if isinstance(eid, str) and eid in t.entities:
            e = t.entities.pop(eid)
            self._unindex_entity(t, e)
            for m in t.memories.values():
                if m.seq > e.seq:
                    # it may have been read while the name was known; a replay never knows it
                    m.fact = None
            for mid in list(e.memories):
                # anything still naming the erased subject goes too: a leak is not recoverable
                m = t.memories.pop(mid, None)
                if m is not None:
                    self._unindex_words(t, m)
                    self._track_open(m, gone=True)

    def _certificate_issued(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        t.certificates += 1
        fp, digest = p.get("subject_fingerprint"), p.get("certificate_hash")
        if isinstance(fp, str) and isinstance(digest, str):
            t.certified[fp] = digest

    def _read_recorded(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        t.reads += 1

    def _import_started(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        # From here until import_recorded the tenant belongs to this import alone (decider.mutate).
        sha = p.get("bundle_sha256")
        t.importing = sha if isinstance(sha, str) and sha else "unknown"
        t.import_refs = set()

    def _import_recorded(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        # Tombstones an import carried: fingerprints made under this install's key for this
        # tenant, so a claim naming a subject erased before the export stays refused.
        for fp in p.get("tombstones") or []:
            if isinstance(fp, str) and fp:
                t.tombstones.add(fp)
        sha = p.get("bundle_sha256")
        t.imported = sha if isinstance(sha, str) else None
        t.importing = None
        t.import_refs = set()

    def _import_abandoned(self, t: _Tenant, seq: int, p: dict[str, Any], at: str) -> None:
        # The operator gave the import up (its bundle lost): the tenant is open again with what
        # the import had restored, and is no completed import of anything.
        t.importing = None
        t.import_refs = set()

    _APPLY = {
        "entity_created": _entity_created,
        "source_added": _source_added,
        "memory_admitted": _memory_admitted,
        "memory_reinforced": _memory_reinforced,
        "memory_state_changed": _memory_state_changed,
        "review_decided": _review_decided,
        "hold_set": _hold_set,
        "hold_released": _hold_released,
        "erased": _erased,
        "certificate_issued": _certificate_issued,
        "read_recorded": _read_recorded,
        "import_started": _import_started,
        "import_recorded": _import_recorded,
        "import_abandoned": _import_abandoned,
    }

    # ------------------------------------------------------------- queries
    def is_frozen(self, tenant: str, entity_id: str) -> bool:
        """True while a legal hold is set on the entity."""
        t = self._tenants.get(tenant)
        e = t.entities.get(entity_id) if t else None
        return bool(e and e.held_at(None))

    def importing(self, tenant: str) -> str | None:
        """The SHA-256 of the bundle an unfinished import is restoring into the tenant, or None."""
        t = self._tenants.get(tenant)
        return t.importing if t else None

    def imported_from(self, tenant: str) -> str | None:
        """The SHA-256 of the bundle the tenant's last completed import restored, or None."""
        t = self._tenants.get(tenant)
        return t.imported if t else None

    def import_steps_done(self, tenant: str) -> int:
        """How many memory steps the unfinished import has committed (0 when none is under way)."""
        t = self._tenants.get(tenant)
        return len(t.import_refs) if t and t.importing is not None else 0

    def import_step_done(self, tenant: str, ref: str) -> bool:
        """True when the unfinished import has committed the step restoring exported memory `ref`."""
        t = self._tenants.get(tenant)
        return bool(t and t.importing is not None and ref in t.import_refs)

    def has_tombstones(self, tenant: str) -> bool:
        """True once any subject of the tenant was erased (O(1): remember asks this every time)."""
        t = self._tenants.get(tenant)
        return bool(t and t.tombstones)

    def erasure_of(self, tenant: str, fingerprint: str) -> tuple[Erasure, str | None] | None:
        """(the erasure of the name with this fingerprint, hash of its certificate or None),
        or None if no erasure in this store recorded it."""
        t = self._tenants.get(tenant)
        if t is None or fingerprint not in t.erased_at:
            return None
        return t.erased_at[fingerprint], t.certified.get(fingerprint)

    def tombstone_count(self, tenant: str) -> int:
        """How many name fingerprints the tenant's erasures have recorded: a remember compares it
        before and after its own check to notice an erasure that landed in between."""
        t = self._tenants.get(tenant)
        return len(t.tombstones) if t else 0

    def name_tombstoned(self, tenant: str, fingerprint: str) -> bool:
        """True when an erasure recorded this name fingerprint."""
        t = self._tenants.get(tenant)
        return bool(t and fingerprint in t.tombstones)

    def entity(self, tenant: str, entity_id: str) -> dict[str, Any] | None:
        """One entity as a dict (id, name, kind), or None."""
        t = self._tenants.get(tenant)
        e = t.entities.get(entity_id) if t else None
        if e is None:
            return None
        return {"entity_id": e.id, "name": e.name, "kind": e.kind, "frozen": e.held_at(None)}

    def memory(self, tenant: str, memory_id: str) -> dict[str, Any] | None:
        """One memory as a result dict (any state), or None."""
        t = self._tenants.get(tenant)
        m = t.memories.get(memory_id) if t else None
        if m is None:
            return None
        return self._result(t, m, None, None)

    def all_memories(self, tenant: str, upto: int | None = None) -> list[dict[str, Any]]:
        """Every memory of the tenant (any state), in ledger order, as result dicts; with `upto`,
        those recorded by that seq."""
        t = self._tenants.get(tenant)
        if t is None:
            return []
        return [self._result(t, m, None, None) for m in sorted(t.memories.values(), key=lambda m: m.seq)
                if upto is None or m.seq <= upto]

    def find_claim(self, tenant: str, claim: str, upto: int | None = None) -> list[dict[str, Any]]:
        """Memories whose claim equals this one (case, spacing and end punctuation aside), newest
        first; with `upto`, those recorded by that seq."""
        t = self._tenants.get(tenant)
        if t is None or not isinstance(claim, str):
            return []
        ids = t.by_claim.get(_claim_key(claim), [])
        found = [m for i in ids if (m := t.memories.get(i)) is not None and (upto is None or m.seq <= upto)]
        return [self._result(t, m, None, None) for m in sorted(found, key=lambda m: -m.seq)]

    def sources_labelled_with(self, tenant: str, name: str) -> list[str]:
        """Sources whose id or declared origin, origin kind or supplier spells ``name``.

        Those labels sit in the clear in the chained source_added payload, so an erasure cannot
        remove them; the caller must say so rather than certify the name gone."""
        t = self._tenants.get(tenant)
        want = _label_words(name)
        if t is None or not want.strip():
            return []
        out = []
        for sid, src in t.sources.items():
            labels = (sid, src.get("origin"), src.get("origin_kind"), src.get("supplied_by"))
            if any(isinstance(x, str) and want in _label_words(x) for x in labels):
                out.append(sid)
        return sorted(out)

    def source(self, tenant: str, source_id: str) -> dict[str, Any] | None:
        """The source_added record of a source (seq, recorded_at, root, size, declared origin)."""
        t = self._tenants.get(tenant)
        return dict(t.sources[source_id]) if t and source_id in t.sources else None

    def effective_state(self, tenant: str, memory_id: str, as_of_seq: int | None = None) -> str | None:
        """The memory's state at a seq (frozen when any subject is under a hold)."""
        t = self._tenants.get(tenant)
        m = t.memories.get(memory_id) if t else None
        if m is None:
            return None
        return self._state(t, m, None if as_of_seq is None else self._commit_end(t, as_of_seq))

    def _state(self, t: _Tenant, m: _Memory, as_of_seq: int | None) -> str | None:
        st = m.state_at(as_of_seq)
        if st is None:
            return None
        if st not in ("rejected",):
            for eid in m.subjects:
                e = t.entities.get(eid)
                if e is not None and e.held_at(as_of_seq):
                    return "frozen"
        return st

    def _result(self, t: _Tenant, m: _Memory, as_of_seq: int | None, state: str | None) -> dict[str, Any]:
        return {
            "memory_id": m.id,
            "claim": m.claim,
            "state": state or self._state(t, m, as_of_seq),
            "event_time": m.event_time,
            "valid_from": m.valid_from,
            "valid_to": m.valid_to_at(as_of_seq),
            "seq": m.seq,
            "recorded_at": m.recorded_at,
            "receipt": m.receipt,
            "source_id": m.source_id,
            "subjects": list(m.subjects),
            "count": m.count_at(as_of_seq),
        }

    def review_queue(self, tenant: str, limit: int = 50, upto: int | None = None) -> list[dict[str, Any]]:
        """Quarantined memories awaiting a person's decision, oldest first; with `upto`, as of that
        seq (a reader passes the committed one: a memory still being written is not shown)."""
        t = self._tenants.get(tenant)
        if t is None:
            return []
        out = []
        for m in t.memories.values():
            if upto is not None and m.seq > upto:
                continue
            if (m.history[-1][1] if upto is None else self._state(t, m, upto)) == "quarantined":
                r = self._result(t, m, None, "quarantined")
                r["evidence"] = m.evidence
                r["reason"] = m.reason
                out.append(r)
        out.sort(key=lambda r: r["seq"])
        return out[: max(0, int(limit))] if isinstance(limit, int) else out

    def stats(self, tenant: str, upto: int | None = None) -> dict[str, Any]:
        """Counts per state, entities, sources, head; with `upto`, of what was there at that seq."""
        t = self._tenants.get(tenant)
        counts = {s: 0 for s in (*STATES, "rejected")}
        if t is None:
            return {"tenant": tenant, "states": counts, "memories": 0, "entities": 0, "sources": 0, "head": 0,
                    "erased_subjects": 0, "certificates": 0, "reads": 0, "importing": None}
        memories = 0
        for m in t.memories.values():
            if upto is not None and m.seq > upto:
                continue
            st = self._state(t, m, upto) or "active"
            counts[st] = counts.get(st, 0) + 1
            memories += 1
        return {
            "tenant": tenant,
            "states": counts,
            "memories": memories,
            "entities": sum(1 for e in t.entities.values() if upto is None or e.seq <= upto),
            "sources": sum(1 for x in t.sources.values() if upto is None or x["seq"] <= upto),
            "head": t.head,
            "erased_subjects": len(t.tombstones),
            "certificates": t.certificates,
            "reads": t.reads,
            "importing": t.importing,
        }

    # --------------------------------------------------------- resolution
    @staticmethod
    def _known_token(t: _Tenant, word: str, seq: int | None = None) -> bool:
        """A word that may open a name at the start of a sentence: the first word of a known name,
        or a person's surname. A common noun that ends a name ("Bridge", "Health") does not count.
        With `seq`, only names known at that seq count."""
        # One lookup, not a walk of every entity holding the word (thousands of organisations
        # can share "Labs"): word_since holds exactly the words of by_first and by_person_end.
        since = t.word_since.get(word.lower())
        return since is not None and (seq is None or since <= seq)

    @staticmethod
    def _known_key(t: _Tenant, key: str, seq: int | None = None) -> bool:
        """Whether these lower-cased words are a known full name (at `seq`, when given)."""
        since = t.key_since.get(key)
        return since is not None and (seq is None or since <= seq)

    def resolve_subject(self, tenant: str, name: str) -> Resolution:
        """Resolve a name (full name, unique first or last name, possessive, any case) to entity ids."""
        t = self._tenants.get(tenant)
        toks = name_tokens(name if isinstance(name, str) else "")
        if t is None or not toks:
            return Resolution("not_found")
        return self._resolve(t, toks, ())

    @staticmethod
    def _holding_all(t: _Tenant, toks: tuple[str, ...]) -> set[str]:
        """Entities whose names hold every one of these tokens.

        Walks the smallest token's set and tests the others, never copying the largest: a
        common first name is held by a share of every person ever stored."""
        sets = sorted((t.by_token.get(tok, set()) for tok in toks), key=len)
        if not sets:
            return set()
        return {i for i in sets[0] if all(i in s for s in sets[1:])}

    def _resolve(self, t: _Tenant, toks: tuple[str, ...], context: tuple[str, ...], seq: int | None = None) -> Resolution:
        """Resolve among the entities recorded at or before `seq` (all when None): a name read as
        of a seq is unique or ambiguous among the names known then, not among later ones."""
        if seq is not None and seq >= t.head:
            seq = None  # every entity is known: no filtering on the ordinary question

        def known(ids: set[str] | None) -> set[str] | None:
            if seq is None or not ids:
                return ids
            return {i for i in ids if t.entities[i].seq <= seq}

        key = " ".join(toks)
        exact = known(t.by_key.get(key))
        if exact:
            if len(exact) == 1:
                return Resolution("resolved", list(exact))
            return self._ambiguous(t, exact)
        cands = known(self._holding_all(t, toks)) or set()
        if not cands and len(toks) >= 2:
            # a title or an owner in front of a known full name: "Intern Ada Obi", "Crumb & Kettle
            # Millbrook Station"; but a place's or a body's full name in front makes another
            # thing's name ("Calder Heights Primary School" is not the "Primary School" of "St
            # Aldric's Primary School"), unless what follows is a person's name
            for k in range(1, len(toks) - 1):
                ids = known(t.by_key.get(" ".join(toks[k:])))
                if ids and ends_a_name(toks[k - 1]):
                    ids = {i for i in ids if t.entities[i].kind == "person"}
                if ids:
                    cands = set(ids)
                    break
        if not cands and len(toks) >= 3:
            core = _without_roles(toks)  # "Treasurer Alasdair Nakamura", stored as "Chairman Alasdair Nakamura"
            if core != toks:
                cands = known({i for i in self._holding_all(t, core) if _without_roles(t.entities[i].tokens) == core}) or set()
        if not cands:
            return Resolution("not_found")
        if len(cands) > 1 and context:
            ctx = set(context)
            scored = sorted(cands, key=lambda i: -len(ctx & set(t.entities[i].tokens)))
            best = len(ctx & set(t.entities[scored[0]].tokens))
            if best and (len(scored) == 1 or len(ctx & set(t.entities[scored[1]].tokens)) < best):
                return Resolution("resolved", [scored[0]])
        if len(cands) > 1:
            # prefer the entity whose name is exactly these tokens plus honorifics
            tight = [i for i in cands if tuple(x for x in t.entities[i].tokens if x not in _HONOR) == toks]
            if len(tight) == 1:
                return Resolution("resolved", tight)
            return self._ambiguous(t, cands)
        return Resolution("resolved", list(cands))

    def _ambiguous(self, t: _Tenant, ids: set[str]) -> Resolution:
        shown = heapq.nsmallest(CANDIDATES_SHOWN, ids, key=lambda i: t.entities[i].seq)
        return Resolution("ambiguous", [], [self._cand(t, i) for i in shown], len(ids) - len(shown))

    def _cand(self, t: _Tenant, eid: str) -> dict[str, str]:
        e = t.entities[eid]
        return {"entity_id": eid, "name": e.name or "", "kind": e.kind}

    def _resolve_for_write(self, t: _Tenant, span: Span) -> str | None:
        """An existing entity the span certainly names, else None (a new entity will be created)."""
        toks = span.tokens
        ids = t.by_key.get(" ".join(toks))
        if ids and len(ids) == 1:
            return next(iter(ids))
        if ids:
            return sorted(ids, key=lambda i: t.entities[i].seq)[0]
        if len(toks) >= 2:
            multi = [i for i in self._holding_all(t, toks) if len(t.entities[i].tokens) >= 2]
            if len(multi) == 1:
                return multi[0]
            sup = [e.id for k in range(1, len(toks) - 1) for e in [t.entities[i] for i in t.by_key.get(" ".join(toks[k:]), ())]]
            if len(sup) == 1:
                return sup[0]
            core = _without_roles(toks)
            if core != toks:
                # "Treasurer Alasdair Nakamura" after "Chairman Alasdair Nakamura": the same person
                # under another post opening the sentence
                same = [i for i in self._holding_all(t, core) if _without_roles(t.entities[i].tokens) == core]
                if len(same) == 1:
                    return same[0]
            return None
        persons = t.by_person_end.get(toks[0], ())
        if len(persons) == 1:
            return next(iter(persons))
        return None

    # ----------------------------------------------------------- planning
    def fact_of(self, tenant: str, memory_id: str) -> Fact | None:
        """The parsed claim of a memory (cached)."""
        t = self._tenants.get(tenant)
        m = t.memories.get(memory_id) if t else None
        return self._fact(t, m) if m else None

    def _fact(self, t: _Tenant, m: _Memory) -> Fact | None:
        if m.claim is None:
            return None
        if m.fact is None:
            seq = m.seq
            named = _written_names(m.evidence)
            m.fact = parse_claim(m.claim, lambda w: w in named or self._known_token(t, w, seq),
                                 lambda k: self._known_key(t, k, seq))
        return m.fact

    def plan_remember(
        self,
        tenant: str,
        claim: str,
        evidence: str,
        receipt: dict[str, Any],
        source_id: str | None,
        event_time: str | None,
        quarantine_reason: str | None,
    ) -> Plan:
        """Plan the events for one admitted claim (entity creation, admission or reinforcement,
        supersession or dispute). Pure: nothing is applied until the writer commits."""
        t = self._t(tenant)
        named = _written_names(evidence)
        fact = parse_claim(claim, lambda w: w in named or self._known_token(t, w), lambda k: self._known_key(t, k))
        opener = opening_name(fact)
        if opener is not None:  # "Bramble weighed 21.4 kg": about Bramble, known to the store or not
            fact = parse_claim(claim, lambda w: w == opener or w in named or self._known_token(t, w),
                               lambda k: self._known_key(t, k))
        events: list[tuple[str, dict[str, Any]]] = []
        subjects: list[str] = []
        new_names: dict[str, str] = {}
        for span in fact.ordered_spans():
            eid = self._resolve_for_write(t, span)
            if eid is None:
                eid = new_names.get(span.key)
            if eid is None:
                eid = _new_id("ent_")
                new_names[span.key] = eid
                events.append(
                    ("entity_created", {"entity_id": eid, "name": span.text.strip("'\""), "kind": "thing" if span.quoted else guess_kind(span.text)})
                )
            if eid not in subjects:
                subjects.append(eid)
        relation = fact.relation
        if relation.endswith(":") or not relation:
            relation = "state"
        et = event_time if isinstance(event_time, str) and event_time else None
        mid = _new_id("mem_")
        if quarantine_reason:
            events.append(("memory_admitted", self._admit_payload(mid, claim, evidence, subjects, relation, "quarantined", quarantine_reason, et, source_id, receipt, [], [])))
            return Plan(events, mid, "quarantined", [], [], subjects, relation)
        norm = _claim_key(claim if isinstance(claim, str) else "")
        for old_id in t.by_claim.get(norm, ()):
            old = t.memories.get(old_id)
            if old is None or sorted(old.subjects) != sorted(subjects):
                continue
            if self._state(t, old, None) in _VISIBLE:
                return Plan(
                    events + [("memory_reinforced", {"memory_id": old.id, "count": old.count + 1})],
                    old.id, "reinforced", [], [], subjects, relation,
                )
        supersedes: list[str] = []
        disputes: list[str] = []
        after: list[tuple[str, dict[str, Any]]] = []
        self_superseded_by: str | None = None
        checks: list[tuple[Fact, str, list[str]]] = []
        if subjects and relation != "state":
            checks.append((fact, relation, subjects))
        inner = reported_update(fact)
        if inner is not None:
            # "Ottilie reported that the rent for 41 Gorse Hill Road will rise to £1,235": what is
            # reported updates the rent as the clause alone would, the reporter aside
            told = [e for e in dict.fromkeys(self._resolve_for_write(t, sp) or new_names.get(sp.key)
                                            for sp in inner.ordered_spans()) if e]
            if told:
                checks.append((inner, inner.relation, told))
        seen: set[str] = set()
        for cfact, crel, csubjects in checks:
            pool = self._conflict_candidates(t, t.entities.get(csubjects[0]), cfact, crel, csubjects)
            for old_id in sorted(pool, key=lambda i: x.seq if (x := t.memories.get(i)) else 0):  # admission order
                old = t.memories.get(old_id)
                if old is None or old_id in seen:
                    continue
                st = self._state(t, old, None)
                if st not in _VISIBLE:
                    continue
                of = self._fact(t, old)
                if of is None or not self._conflicts(cfact, crel, of, old, csubjects):
                    continue
                seen.add(old_id)
                if et and old.event_time and et == old.event_time and old.source_id != source_id:
                    disputes.append(old.id)
                    if st != "disputed":
                        after.append(("memory_state_changed", {"memory_id": old.id, "from": st, "to": "disputed", "reason": f"disputed by {mid}"}))
                elif et and old.event_time and et < old.event_time:
                    self_superseded_by = old.id
                else:
                    supersedes.append(old.id)
                    ch: dict[str, Any] = {"memory_id": old.id, "from": st, "to": "superseded", "reason": f"superseded by {mid}"}
                    if et:
                        ch["valid_to"] = et
                    after.append(("memory_state_changed", ch))
        events.append(("memory_admitted", self._admit_payload(mid, claim, evidence, subjects, relation, "active", None, et, source_id, receipt, supersedes, disputes)))
        if disputes:
            events.append(("memory_state_changed", {"memory_id": mid, "from": "active", "to": "disputed", "reason": "conflicts with " + ", ".join(disputes)}))
        elif self_superseded_by:
            old = t.memories[self_superseded_by]
            events.append(("memory_state_changed", {"memory_id": mid, "from": "active", "to": "superseded", "reason": f"superseded by {old.id}", "valid_to": old.event_time}))
        events.extend(after)
        return Plan(events, mid, "admitted", supersedes, disputes, subjects, relation)

    def _conflict_candidates(self, t: _Tenant, e: _Entity | None, fact: Fact, relation: str, subjects: list[str]) -> set[str]:
        """Every earlier claim led by `e` that _conflicts could find in conflict with this one, and few
        others: never a walk of all the subject's claims. Superseded, rejected and quarantined claims
        never conflict, so only visible ones are indexed (`_Led`)."""
        # e new: nothing led
        out = self._relation_candidates(t, e, relation, subjects, _says_now(fact)) if e is not None else set()
        state = resulting_state(fact) if e is not None else None
        if state is not None:
            # the claims of the state the event ended: "lives in Bergen" for "has moved to Tromso"
            for rel in [r for r in e.led.open if r == state or r.startswith(state + ":")]:  # type: ignore[union-attr]
                out |= self._relation_candidates(t, e, rel, subjects, True)  # type: ignore[arg-type]
        verb, _, noun = relation.partition(":")
        if e is not None and noun and verb in SWITCH_VERBS:
            # "moves to the day shift": the claims whose relation names the same noun ("works the night
            # shift"), and those that place the subject ("is based at Ashcombe depot" for "moved to
            # Kelsall depot")
            for rel in [r for r in e.led.open
                        if r != relation and (r.partition(":")[2] == noun or r.partition(":")[0] in _PLACED)]:
                out |= self._relation_candidates(t, e, rel, subjects, True)
        if e is not None and not noun and fact.predicate in SWITCH_VERBS and relation != fact.predicate:
            # "the Society music library moved to Room 4": the claims about the same owned thing,
            # wherever they placed it
            out |= self._relation_candidates(t, e, relation, subjects, True)
        if e is not None and verb in SWITCH_VERBS and moved_from(fact):
            # "have been moved from Strongroom 2 to Strongroom 4": the claims that place the subject
            for rel in [r for r in e.led.open if r != relation and r.partition(":")[0] in _PLACED]:
                out |= self._relation_candidates(t, e, rel, subjects, True)
            # and any other open claim of the subject that names what it moved from ("will serve on
            # Blue Watch" for "transfers from Blue Watch to Red Watch"); _conflicts keeps states only
            gone_keys = moved_from(fact)
            for sp in fact.spans:
                gone = t.entities.get(self._resolve_for_write(t, sp) or "") if sp.key in gone_keys else None
                for mid in gone.memories if gone is not None else ():
                    m = t.memories.get(mid)
                    if m is not None and mid in (e.led.open.get(m.relation) or {}).get(frozenset(m.subjects), ()):
                        out.add(mid)
        series = set(numbered_kinds(fact).values()) if e is not None and verb in SWITCH_VERBS else set()
        if series and sum(len(g) for g in e.led.open.values()) <= _SERIES_GROUPS:  # type: ignore[union-attr]
            # "will move to Zone F": the claims that name another of the series ("will patrol Zone
            # C"). Bounded like every lookup here: past the bound the old claim stays visible.
            for by_set in e.led.open.values():  # type: ignore[union-attr]
                for subs, ids in by_set.items():
                    if any((x := t.entities.get(s)) is not None and x.key.count(" ") == 1
                           and x.key.split(" ")[0] in series for s in subs):
                        out |= ids
        if e is not None and fact.forgone:
            # "instead of the Otter group": the claims of this relation that name the group forgone
            by_set = e.led.open.get(relation) or {}
            for sp in fact.spans:
                gone = t.entities.get(self._resolve_for_write(t, sp) or "") if sp.key in fact.forgone else None
                for mid in gone.memories if gone is not None else ():
                    m = t.memories.get(mid)
                    if m is not None and mid in by_set.get(frozenset(m.subjects), ()):
                        out.add(mid)
        if e is not None and fact.forgone_values and fact.predicate:
            # "will sample on Thursdays instead of Tuesdays": the claims of the same act, by verb or
            # by noun ("will collect water samples every Tuesday"); _conflicts checks the value
            act = stem(fact.predicate)
            for rel in [r for r in e.led.open if act in r.split(":")]:  # type: ignore[union-attr]
                out |= self._relation_candidates(t, e, rel, subjects, True)  # type: ignore[arg-type]
        if fact.update and fact.attribute and fact.values:
            # an update also conflicts with a claim of another relation that gave the attribute a
            # value, led by the update's subject or by another subject it names: "Dr. Q increased
            # Lionel's methotrexate to 20 mg" updates "Lionel started methotrexate 15 mg"
            for sid in dict.fromkeys(subjects):
                other = t.entities.get(sid)
                if other is not None:
                    valued = self._valued(t, other)
                    out |= valued.get(fact.attribute, set())
                    for act in fact.owned_acts:
                        out |= valued.get("V:" + act, set())
        return out

    def _valued(self, t: _Tenant, e: _Entity) -> dict[str, set[str]]:
        """The `valued` index of `e`, brought up to date: a claim is parsed for it once, when an update
        about `e` first needs it, never on apply. An erasure may have changed cached parses: rebuilt."""
        led = e.led
        if led.valued is None or led.epoch != t.erasures:
            led.valued, led.epoch = {}, t.erasures
            led.pending = [i for by_set in led.open.values() for ids in by_set.values() for i in ids]
        for mid in led.pending:
            m = t.memories.get(mid)
            if m is None or m.history[-1][1] not in _VISIBLE:
                continue  # left `open` again before this update
            f = self._fact(t, m)
            if f is not None and f.values:
                # what the claim gives a value of: its object words, and the noun it is about when
                # its subject is possessed ("Bo Lind's dose is 5 mg" gives the dose a value)
                # (and any word of it: "will give a talk" names the talk in its verb phrase)
                for word in f.objects | _possessed_noun(m.relation) | set(f.stems):
                    led.valued.setdefault(word, set()).add(mid)
                # and the act its verb names: "trains on Mondays" gives her training a day
                led.valued.setdefault("V:" + m.relation.split(":", 1)[0], set()).add(mid)
        led.pending = []
        return led.valued

    @staticmethod
    def _relation_candidates(t: _Tenant, e: _Entity, relation: str, subjects: list[str], now: bool = False) -> set[str]:
        """The visible claims led by `e` of this relation that _conflicts could find in conflict."""
        by_set = e.led.open.get(relation)
        if not by_set:
            return set()
        others = [s for s in subjects[1:] if s != e.id]
        if now or relation.split(":", 1)[0] in lexicon().functional or not others or len(others) > _SUBSET_LOOKUPS:
            # one value at a time: any claim of the relation; or every one holds all of these subjects
            return {i for ids in by_set.values() for i in ids}
        # Otherwise a claim of this relation conflicts only when one's subjects hold the other's:
        # those whose subjects are among these (a lookup per subset), and those holding all of these
        # (among the claims of the least-mentioned of them; none if one is new).
        out: set[str] = set()
        for k in range(len(others) + 1):
            for combo in itertools.combinations(others, k):
                ids = by_set.get(frozenset((e.id, *combo)))
                if ids:
                    out |= ids
        known = [t.entities.get(s) for s in others]
        if all(x is not None for x in known):
            need = set(subjects)
            rarest = min(known, key=lambda x: len(x.memories))  # type: ignore[union-attr]
            for mid in rarest.memories:  # type: ignore[union-attr]
                m = t.memories.get(mid)
                # in by_set: led by `e`, of this relation, and visible
                if m is not None and need <= set(m.subjects) and mid in by_set.get(frozenset(m.subjects), ()):
                    out.add(mid)
        return out

    @staticmethod
    def _admit_payload(mid: str, claim: str, evidence: str, subjects: list[str], relation: str, state: str,
                       reason: str | None, et: str | None, source_id: str | None, receipt: dict[str, Any],
                       supersedes: list[str], disputes: list[str]) -> dict[str, Any]:
        p: dict[str, Any] = {
            "memory_id": mid,
            "claim": claim,
            "evidence": evidence,
            "subjects": subjects,
            "relation": relation,
            "state": state,
            "event_time": et,
            "source_id": source_id,
            "receipt": receipt if isinstance(receipt, dict) else {},
            "derived_from": [],
            "supersedes": supersedes,
            "disputes": disputes,
        }
        if reason:
            p["reason"] = reason
        return p

    @staticmethod
    def _conflicts(new: Fact, relation: str, old: Fact, old_m: _Memory, subjects: list[str]) -> bool:
        """Same subject and relation with a different object, or an update of an attribute that had a value."""
        a, b = set(old_m.subjects), set(subjects)
        verb = relation.split(":", 1)[0]
        state = resulting_state(new)
        if state is not None and old_m.subjects[:1] == subjects[:1] and old_m.relation.split(":", 1)[0] == state:
            if state == "live":
                return a != b  # moved to another place than the one lived in
            # a promotion ends the post held before, where it was held (or nowhere is named)
            if states_a_post(old) and b <= a:
                return True
        if verb in SWITCH_VERBS and ":" in relation and old_m.relation.split(":", 1)[1:] == relation.split(":", 1)[1:] \
                and old_m.subjects[:1] == subjects[:1] and b <= a and old.objects - new.objects:
            # "moves to the day shift" ends "works the night shift": a move to another thing of the
            # same kind as the one the old claim had (its relation names the same noun)
            return True
        if verb in SWITCH_VERBS and old_m.subjects[:1] == subjects[:1] and not _past_event(old) \
                and moved_from(new) & {sp.key for sp in old.spans}:
            # "moved from Strongroom 2 to Strongroom 4" ends "is stored in Strongroom 2", and
            # "transfers from Blue Watch to Red Watch" ends "will serve on Blue Watch": what the move
            # leaves (not a thing done there once: "won the cup with Blue Watch" stays true)
            return True
        if verb in SWITCH_VERBS and ":" in relation and old_m.relation.split(":", 1)[0] in _PLACED \
                and old_m.subjects[:1] == subjects[:1] and relation.split(":", 1)[1] in old.objects and a - b:
            # "moved to Kelsall depot" ends "is based at Ashcombe depot": a move to another place of
            # the kind the subject was placed at
            return True
        if new.predicate in SWITCH_VERBS and ":" not in relation and relation == old_m.relation != new.predicate \
                and old.predicate in _PLACED and old_m.subjects[:1] == subjects[:1] and (a - b or old.objects - new.objects):
            # "the Society music library moved to Room 4" ends "the Society music library is stored
            # in the vestry": the same owned thing, moved from where it was placed
            return True
        if verb in SWITCH_VERBS and old_m.subjects[:1] == subjects[:1] and _moved_within_series(new, old):
            # "will move to Zone F" ends "will patrol Zone C": a move to another of a numbered series
            # leaves the one of it the old claim had
            return True
        if old_m.relation == relation and (verb in lexicon().functional or _says_now(new)) and old_m.subjects[:1] == subjects[:1]:
            # One value at a time ("lives in Bath" then "lives in Derby"), or a claim that says the
            # value is so "now" ("now commands the MV Fulmar"): a different object replaces the old.
            return a != b or (new.objects | new.values) != (old.objects | old.values)
        if new.forgone and old_m.relation == relation and old_m.subjects[:1] == subjects[:1] \
                and new.forgone & {sp.key for sp in old.spans}:
            # "will lead the Heron group instead of the Otter group" ends "will lead the Otter group"
            return True
        if new.forgone_values & old.values and old_m.subjects[:1] == subjects[:1] and new.predicate \
                and (old_m.relation.split(":", 1)[0] == verb or stem(new.predicate) in old.stems):
            # "will sample on Thursdays instead of Tuesdays" ends "will collect water samples every
            # Tuesday": the value it holds in place of, for the same act of the same subject
            return True
        if not (a <= b or b <= a) and not (new.rescheduled and old_m.subjects[:1] == subjects[:1] and len(a & b) >= 2):
            # Other names on either side make it another fact, unless an owned thing is moved and
            # the claims share its owner and another name: "Ada's talk at the library has been moved
            # to 24 July, and she will preview it on Radio Firth" moves "Ada of the museum will
            # give a talk at the library on 10 July"
            return False
        if not new.update and _periods_apart(new, old):
            # "delivered 2,460 parcels between January and March" and "... 3,105 between April and
            # June" are two true facts about two periods, not a new value replacing an old one
            return False
        new_side = (new.objects | new.values) - (old.objects | old.values)
        old_side = (old.objects | old.values) - (new.objects | new.values)
        if _other_acts_on_owned(new, old, relation):
            return False
        if old_m.relation == relation and relation.count(":") <= 1 and relation not in ("be", "state"):
            if ":" not in relation and not (new.values or old.values) and relation not in ("be",):
                # a bare verb with an entity object: "leads Acme" vs "leads Beta" may both hold
                return False
            new_kinds, old_kinds = value_kinds(new_side), value_kinds(old_side)
            if new_kinds and old_kinds and not new_kinds & old_kinds:
                # "the car park has 214 spaces" is not replaced by "parking there stays free
                # until 07:00": a count and a time are two facts, not an old and a new value
                return False
            return bool(new_side) and bool(old_side)
        if new.update and new.attribute and (new.attribute in old.objects or new.attribute in _possessed_noun(old_m.relation)
                                             or lexicon().relation_key(new.attribute) == old_m.relation
                                             or new.rescheduled and new.attribute in old.stems
                                             or old_m.relation.split(":", 1)[0] in new.owned_acts) \
                and old.values and new.values and (not new.rescheduled or time_kinds(old.values) & time_kinds(new.values)) \
                and (new.rescheduled or value_kinds(old.values) & value_kinds(new.values)):
            # (not "replaced the battery ... at a cost of £148.50" for "failed to start on 7 February
            # because its battery had discharged": a sum does not update a date)
            # a value the update does not keep, or one it says it moved from ("cut its quote to
            # £17,450" replaces "quoted £18,900": the noun names the old claim's verb); a thing moved to
            # another day replaces a day it had, not its price ("the plan costs £156 for six sessions")
            return bool(old.values - new.values) or bool(old.values & new.replaced)
        return False

    # ------------------------------------------------------------- recall
    def recall(
        self,
        tenant: str,
        query: str,
        as_of: str | None = None,
        as_of_seq: int | None = None,
        limit: int = 5,
    ) -> RecallAnswer:
        """Answer a question from this tenant's memories through the read gate, or abstain."""
        from fireweed.decider.read_gate import answer

        t = self._tenants.get(tenant)
        if t is None:
            t = _Tenant(tenant)
        if isinstance(as_of_seq, int) and not isinstance(as_of_seq, bool):
            as_of_seq = self._commit_end(t, as_of_seq)
        try:
            return answer(_View(self, t, as_of, as_of_seq), query, limit)
        except Exception:  # noqa: BLE001 - a question must never crash the decider; abstaining is safe
            log.exception("read gate failed on a question; abstaining")
            return RecallAnswer("abstained", "unreadable_question", None, "The question could not be read; ask it more simply.")

    # ------------------------------------------------------------ erasure
    def erasure_closure(self, tenant: str, entity_id: str) -> Closure:
        """Every memory naming the entity (any state), then everything derived from those,
        transitively; the source parts their receipts cover; and the bystanders that stay."""
        t = self._tenants.get(tenant)
        if t is None or entity_id not in t.entities:
            return Closure(entity_id, [], [], [], [], [], [])
        # filed under it, or spelling its name where no entity of that name was known yet: recall
        # reads both as about it, so both go
        spelt = _View(self, t, None, None).spelt_unfiled(entity_id)
        direct = [mid for mid, m in t.memories.items() if entity_id in m.subjects or mid in spelt]
        gone = set(direct)
        derived: list[str] = []
        changed = True
        while changed:
            changed = False
            for mid, m in t.memories.items():
                if mid not in gone and any(d in gone for d in m.derived_from):
                    gone.add(mid)
                    derived.append(mid)
                    changed = True
        parts: list[dict[str, Any]] = []
        seen: set[tuple[str, int]] = set()
        for mid in direct + derived:
            m = t.memories[mid]
            sid = m.receipt.get("source_id") or m.source_id
            for idx in m.receipt.get("parts") or []:
                if isinstance(sid, str) and isinstance(idx, int) and (sid, idx) not in seen:
                    seen.add((sid, idx))
                    parts.append({"source_id": sid, "index": idx})
        sources = {p["source_id"] for p in parts}
        bystanders: list[str] = []
        shared: list[dict[str, Any]] = []
        shared_seen: set[tuple[str, int]] = set()
        for mid, m in t.memories.items():
            if mid in gone:
                continue
            sid = m.receipt.get("source_id") or m.source_id
            if sid in sources:
                bystanders.append(mid)
                for idx in m.receipt.get("parts") or []:
                    if (sid, idx) in seen and (sid, idx) not in shared_seen:
                        shared_seen.add((sid, idx))
                        shared.append({"source_id": sid, "index": idx})
        others = sorted({s for mid in direct for s in t.memories[mid].subjects if s != entity_id})
        return Closure(entity_id, direct, derived, parts, bystanders, others, shared)

    def name_probes_after(self, tenant: str, name: str) -> list[str]:
        """The generic probes of an erased name, for certifying the erasure after the fact: its
        memories and entity are gone, so only questions the name alone can ask remain. A first or
        last name is a probe only while it names no one: naming a bystander is not a leak."""
        t = self._tenants.get(tenant)
        name = " ".join(name.split())
        qs = [f"What do you know about {name}?", f"Who is {name}?", f"Tell me about {name}."]
        short = [x for x in name.split() if x.lower().rstrip(".") not in _HONOR]
        if t is not None and len(short) >= 2:
            for part in (short[0], short[-1]):
                if not self._resolve(t, name_tokens(part), ()).entity_ids:
                    qs.append(f"What do you know about {part}?")
        return list(dict.fromkeys(qs))

    def probe_questions(self, tenant: str, entity_id: str, redact: bool = False) -> list[str]:
        """Questions the store could have answered about the entity: generic ones ("What do you know
        about NAME?"), its unique first and last name, and one per relation word and object word of its
        memories (any state). Call before the erasure: afterwards the name is gone.

        The questions name the subject but never copy an erased sentence. With ``redact`` the name is
        written as "[subject]", the form to keep in a certificate stored beside the erased data.
        """
        t = self._tenants.get(tenant)
        e = t.entities.get(entity_id) if t else None
        if e is None or not e.name:
            return []
        name = e.name.strip()
        qs = [f"What do you know about {name}?", f"Who is {name}?", f"Tell me about {name}."]
        short = [x for x in name.split() if x.lower().rstrip(".") not in _HONOR]
        if len(short) >= 2:
            # a first or last name is a probe only while it names this subject alone: if it also names
            # a bystander, an answer about the bystander is not a leak
            for part in (short[0], short[-1]):
                res = self._resolve(t, name_tokens(part), ())
                if res.status == "resolved" and res.entity_ids == [entity_id]:
                    qs.append(f"What do you know about {part}?")
        seen: set[str] = set()
        for mid in list(e.memories):
            m = t.memories.get(mid)
            f = self._fact(t, m) if m is not None else None
            if f is None:
                continue
            rel = f.predicate or m.relation.split(":")[0]  # type: ignore[union-attr]
            if rel and rel not in seen and rel != "be":
                seen.add(rel)
                qs.append(f"What did {name} {rel}?")
                qs.append(f"When did {name} {rel}?")
            head = f.relation.split(":")[-1] if f.relation else ""
            for w in [head, *sorted(f.objects)][:4]:
                if w and len(w) > 2 and w not in seen:
                    seen.add(w)
                    qs.append(f"What is {name}'s {w}?")
        out = list(dict.fromkeys(qs))
        if redact:
            out = [q.replace(name, "[subject]") for q in out]
            for part in short:
                out = [re.sub(rf"\b{re.escape(part)}\b", "[subject]", q) for q in out]
        return out


class _View:
    """What the read gate may see: one tenant, filtered to a point on both time axes."""

    def __init__(self, proj: Projection, t: _Tenant, as_of: str | None, as_of_seq: int | None) -> None:
        self.proj = proj
        self.t = t
        self.as_of = as_of if isinstance(as_of, str) and as_of else None
        self.as_of_seq = as_of_seq if isinstance(as_of_seq, int) and not isinstance(as_of_seq, bool) else None

    def known_token(self, word: str) -> bool:
        return self.proj._known_token(self.t, word, self.as_of_seq)

    def known_key(self, key: str) -> bool:
        return self.proj._known_key(self.t, key, self.as_of_seq)

    def resolve(self, toks: tuple[str, ...], context: tuple[str, ...]) -> Resolution:
        # among the entities known at the view's seq: a later namesake neither hides nor shares a name
        return self.proj._resolve(self.t, toks, context, self.as_of_seq)

    def entity_name(self, eid: str) -> str:
        e = self.t.entities.get(eid)
        return (e.name or "") if e else ""

    def entity_kind(self, eid: str) -> str:
        e = self.t.entities.get(eid)
        return e.kind if e else "thing"

    def entity_tokens(self, eid: str) -> tuple[str, ...]:
        e = self.t.entities.get(eid)
        return e.tokens if e else ()

    def memories_of(self, eid: str) -> list[str]:
        e = self.t.entities.get(eid)
        return list(e.memories) if e else []

    def memories_with_words(self, stems: list[str]) -> set[str]:
        """Memories whose claim contains every given stem."""
        t = self.t
        if t.words is None:
            self.proj._build_words(t)
        sets = [t.words.get(s, set()) for s in stems]  # type: ignore[union-attr]
        if not sets:
            return set()
        sets.sort(key=len)
        out = set(sets[0])
        for s in sets[1:]:
            out &= s
            if not out:
                break
        return out

    def spelt_unfiled(self, eid: str) -> set[str]:
        """Claims that spell the entity's name word for word (a name of two words or more in any case,
        a one-word name capitalised) but are filed under no entity of that name: "baggage tug BT-12
        struck the rear cargo door of flight NV482", stored before "Flight NV482 to Lisbon ..." made
        a name of it. They are about it as much as the ones filed under it, for recall and erasure
        alike. Exact: every claim holding all the name's words is looked at."""
        toks = [t for t in self.entity_tokens(eid) if t]
        if not toks:
            return set()
        k = len(toks)
        out: set[str] = set()
        for mid in self.memories_with_words(sorted({stem(t) for t in toks})) - set(self.memories_of(eid)):
            subjects = self.subjects(mid)
            f = self.fact(mid)
            if f is None:
                continue
            lower = [t.text.lower() for t in f.tokens]
            # one word in lower case ("bramble bushes") is as often no name at all: capitalised only
            if any(lower[i:i + k] == toks and (k > 1 or f.tokens[i].text[:1].isupper()) for i in range(len(lower) - k + 1)) \
                    and not any(self.entity_tokens(o) == tuple(toks) for o in subjects):
                out.add(mid)
        return out

    def memories_with_any(self, stems: list[str], cap: int = 150) -> dict[str, int]:
        """Memories containing at least one of the stems, with how many they contain.

        Only the ``cap`` best are kept, ranked by how many stems they contain and then by how rare
        those stems are in the tenant, so a question made of common words stays fast.
        """
        t = self.t
        if t.words is None:
            self.proj._build_words(t)
        counts: dict[str, int] = {}
        weight: dict[str, float] = {}
        for s in set(stems):
            ids = t.words.get(s, ())  # type: ignore[union-attr]
            if not ids:
                continue
            w = 1.0 / (1.0 + math.log(len(ids)))
            for mid in ids:
                counts[mid] = counts.get(mid, 0) + 1
                weight[mid] = weight.get(mid, 0.0) + w
        if len(counts) > cap:
            best = heapq.nlargest(cap, counts, key=lambda m: counts[m] + weight[m] / (len(stems) + 1.0))
            counts = {m: counts[m] for m in best}
        return counts

    def visible(self, mid: str) -> str | None:
        """The state the memory shows at this view's time point, when recall may return it."""
        m = self.t.memories.get(mid)
        if m is None or m.claim is None:
            return None
        st = self.proj._state(self.t, m, self.as_of_seq)
        if st is None:
            return None
        if self.as_of is not None:
            vf = m.valid_from
            vt = m.valid_to_at(self.as_of_seq)
            if vf and vf[: len(self.as_of)] > self.as_of:
                return None
            if vt and self.as_of >= vt[: len(self.as_of)] and st == "superseded":
                return None
            if st == "superseded" and vt and self.as_of < vt[: len(self.as_of)]:
                # True at that time: it had not been superseded yet on the event axis, so it reads
                # as it stood before the supersession. A value disputed then stays disputed: two
                # conflicting values must not both read as undisputed.
                st = m.state_before_superseded(self.as_of_seq)
            if vt and self.as_of >= vt[: len(self.as_of)]:
                return None
        return st if st in _VISIBLE else None

    def fact(self, mid: str) -> Fact | None:
        m = self.t.memories.get(mid)
        return self.proj._fact(self.t, m) if m else None

    def successors(self, eid: str) -> dict[str, str]:
        """For each memory of ``eid`` that another replaced, the visible memory that (through any
        chain of supersessions) replaces it now. One pass over the subject's memories."""
        t = self.t
        replaced_by: dict[str, str] = {}
        for o in self.memories_of(eid):
            m = t.memories.get(o)
            if m is not None:
                for old in m.supersedes:
                    replaced_by[old] = o
        out: dict[str, str] = {}
        for old in replaced_by:
            current, steps = replaced_by[old], 0
            while self.visible(current) is None and current in replaced_by and steps < 64:
                current, steps = replaced_by[current], steps + 1
            if self.visible(current) is not None:
                out[old] = current
        return out

    def replaced(self, eid: str) -> list[str]:
        """The memories of ``eid`` that a later claim superseded by this view's time point."""
        out = []
        for mid in self.memories_of(eid):
            m = self.t.memories.get(mid)
            if m is not None and m.claim is not None and self.visible(mid) is None \
                    and self.proj._state(self.t, m, self.as_of_seq) == "superseded":
                out.append(mid)
        return out

    def same_source(self, eids: list[str]) -> set[str]:
        """Memories quoted from a source that a memory of every one of the entities was quoted from."""
        t = self.t
        per = [{m.source_id for mid in self.memories_of(e) if (m := t.memories.get(mid)) is not None and m.source_id}
               for e in eids]
        sids = set.intersection(*per) if per else set()
        return {mid for sid in sids for mid in t.by_source.get(sid, ()) if mid in t.memories}

    def subjects(self, mid: str) -> list[str]:
        m = self.t.memories.get(mid)
        return list(m.subjects) if m else []

    def seq(self, mid: str) -> int:
        m = self.t.memories.get(mid)
        return m.seq if m else 0

    def result(self, mid: str, state: str) -> dict[str, Any]:
        m = self.t.memories[mid]
        return self.proj._result(self.t, m, self.as_of_seq, state)

    def relations_of(self, eid: str) -> list[str]:
        out: list[str] = []
        for mid in self.memories_of(eid):
            if self.visible(mid) is None:
                continue
            f = self.fact(mid)
            if f is not None and f.predicate and f.predicate not in out:
                out.append(f.predicate)
        return out


def _label_words(text: str) -> str:
    """Case-folded words of a label, space-separated and padded: "cv-of-Priya_Raman" -> " cv of priya raman "."""
    return " " + " ".join(re.findall(r"[^\W_]+", text.casefold())) + " "


_PERIOD_WORDS = frozenset({"in", "between", "from", "during", "throughout"})


def _period_months(f: Fact) -> tuple[set[int], bool]:
    """Months the claim gives as the period it speaks of ("between January and March", "in May"),
    not months it states as a value ("the deadline is 30 June"); and whether the period is only
    a start ("from 12 February", with no end), which a later start may replace."""
    out: set[int] = set()
    start: set[int] = set()
    lower = [t.text.lower() for t in f.tokens]
    opened = False
    for i, w in enumerate(lower):
        if w in _PERIOD_WORDS:
            opened = True
        elif w in MONTHS and (w != "may" or f.tokens[i].text[:1].isupper()):
            j = i - 1 if i and not lower[i - 1].isdigit() else i - 2  # "from 3 March"
            prev = lower[j] if j >= 0 else ""
            if prev == "from":
                start.add(MONTHS[w])
            elif prev in _PERIOD_WORDS or (opened and prev in ("and", "to", "until")):
                out.add(MONTHS[w])
        elif not (w.isdigit() or w == ","):
            opened = opened and w in ("and", "to", "until")
    return out | start, not out


def _periods_apart(new: Fact, old: Fact) -> bool:
    """Whether both claims speak of a period in months and the periods share no month; not when
    both only say from when ("fed at 15:30 from 12 February", then "from 20 March, at 16:00")."""
    (a, a_start), (b, b_start) = _period_months(new), _period_months(old)
    return bool(a) and bool(b) and a.isdisjoint(b) and not (a_start and b_start)


def _possessed_noun(relation: str) -> frozenset[str]:
    """The noun a claim with a possessed subject is about ("dose" for "Bo Lind's dose is 5 mg"),
    whose relation is that noun alone; none for a verb's relation ("lead:team") or a state."""
    return frozenset() if ":" in relation or relation in ("state", "be", "") else frozenset((relation,))


def _past_event(f: Fact) -> bool:
    """Whether the claim tells a thing done (its verb in the past, "won the cup"), not a state or
    a plan that a later move can end ("serves on", "will serve on", "is based at", "was posted to")."""
    lower = [t.lower for t in f.tokens]
    k = next((i for i, w in enumerate(lower) if i > 0 and (is_verb(w) or past_form(w))), None)
    if k is None:
        return False
    w, before = lower[k], lower[k - 1]
    return past_form(w) and before not in BE_FORMS and before not in ("has", "have", "had", "will")


def _moved_within_series(new: Fact, old: Fact) -> bool:
    """Whether the new claim names another of a numbered series the old claim named ("Zone F"
    after "Zone C"), and not the old one too."""
    new_kinds, old_kinds = numbered_kinds(new), numbered_kinds(old)
    return any(kind in old_kinds.values() and key not in old_kinds for key, kind in new_kinds.items()) \
        and not any(key in new_kinds for key in old_kinds)


def _says_now(f: Fact) -> bool:
    """Whether the claim states its value as the current one, replacing an earlier ("now commands")."""
    return any(t.text.lower() == "now" for t in f.tokens)
