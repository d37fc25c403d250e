"""What the question takes as so: that its event happened (not planned, under a modal or only asked
for), that a thing it names is there (not "no fault"), that its verb is not negated, that an act was
wanted; a claim that says otherwise does not answer, or shows the question's premise false."""

from __future__ import annotations

from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import AUXILIARIES, STOPWORDS, is_verb, past_form, stem
from fireweed.decider.question import Question, Word
from fireweed.decider.recall_checks.counts import _count_position
from fireweed.decider.recall_checks.grounded import _asked_name, _grounded, _inflected_verb

_MODALS = frozenset({"would", "will", "could", "might", "may", "should", "shall", "must", "'ll", "if", "unless"})
_PERFECT = frozenset({"be", "been", "being", "have", "not", "n't", "to", "also", "still", "then", "only"})


def _asks_what_happened(q: Question) -> bool:
    """The question takes its event as done: "when was it relined", "did she sign", "has he paid";
    not when it asks a plan ("where was it due to be moved", "what was she going to sign")."""
    low = [t.text.lower() for t in q.tokens]
    if any(w == "to" and k > 0 and low[k - 1] in _PLANNED for k, w in enumerate(low)):
        return False
    # ("by what date does she have to submit it": "have to" is a duty, not a perfect)
    if any(w in ("did", "was", "were", "had", "has", "have") and (k + 1 >= len(low) or low[k + 1] != "to")
           for k, w in enumerate(low)):
        return True
    # "who manufactured the system": a past verb straight after the question word
    verb = q.verb_word
    return verb is not None and verb.index == 1 and low[0] in ("who", "what", "which") and bool(past_form(low[1]))


# words before "to" that make what follows a plan or a promise: "due to be moved", "going to
# sign", "has agreed to pay"
_PLANNED = frozenset({"due", "going", "scheduled", "planned", "set", "expected", "supposed", "meant", "intended",
                      "agreed", "promised", "pledged", "offered", "vowed", "decided", "planning", "hoping", "aiming"})


def _main_clause_unrealised(ci: ClaimIndex) -> bool:
    """The claim's first verb is under a modal ("the court will hear ...", "may be moved"): what
    it tells has not happened."""
    for k, w in enumerate(ci.lower):
        if w in _MODALS:
            return True
        if k > 0 and is_verb(w) and w not in _PERFECT and w not in AUXILIARIES:
            return False
    return False


_OUTCOME_HEADS = frozenset(stem(w) for w in "outcome result verdict ruling".split())


def _unrealised(ci: ClaimIndex, verb: Word) -> bool:
    """Every use of the verb in the claim is under a modal, a plan or a condition ("would be
    relined if ...", "will sign", "may have paid", "is due to return")."""
    pos = ci.positions(verb.concepts)
    if not pos:
        return False
    for p in pos:
        if p > 0 and ci.lower[p - 1] == "to" and _asked_before(ci.lower, p - 1):
            continue  # "has asked Larkspur Motors to refund the £172": asked for, not done
        if p > 1 and ci.lower[p - 1] == "to" and ci.lower[p - 2] in _AIMED_AT_BY:
            continue  # "lead a public appeal to raise £30,000": what the appeal is for, not what it raised
        if any(stem(w) in _AVERTED for w in ci.lower[max(0, p - 6):p]):
            continue  # "to avoid a £100 late filing penalty": a fine kept off, not one imposed
        k = p - 1
        while k >= 0 and ci.lower[k] in _PERFECT:
            k -= 1
        if k >= 0 and ci.lower[k] in _PLANNED and ci.lower[k + 1] == "to":
            continue  # "is due to return to service in June": planned, not done
        if k < 0 or ci.lower[k] not in _MODALS:
            return False
        if ci.lower[k] == "could" and "not" in ci.lower[k + 1:p]:
            return False  # "could not land because of low cloud": a failure that happened
    return True


# nouns of an effort made for an end: after them, "to" and a verb give the end, not what came of it
_AIMED_AT_BY = frozenset({"appeal", "campaign", "bid", "drive", "effort", "attempt", "plan", "scheme", "fund",
                          "project", "push", "mission", "initiative", "programme", "program", "fundraiser"})


# verbs that keep a thing from happening
_AVERTED = frozenset(stem(w) for w in ("avoid", "prevent", "avert", "escape"))


def _asked_before(lower: list[str], to: int) -> bool:
    """A verb of asking in the clause before the "to" at ``to`` ("will apply to the Green Spaces Fund
    for £4,800 to build"): what follows is asked for."""
    k = to - 1
    while k >= 0 and to - k <= 12 and lower[k] not in (",", ";", ".", "and", "but"):
        if stem(lower[k]) in _ASKING:
            return True
        k -= 1
    return False


# verbs that ask or plan for a thing to be done ("asked them to refund", "wants to move")
_ASKING = frozenset(stem(w) for w in ("ask", "request", "urge", "want", "plan", "intend", "hope", "expect", "invite",
                                      "apply", "seek", "bid"))


def _count_planned(ci: ClaimIndex, noun: Word) -> bool:
    """Every count of the noun in the claim is what a modal or a plan says will be ("will stock
    forty cobalt tumbler sets"): no answer to how many were, or have been, so far."""
    lower = ci.lower
    found = False
    for p in ci.positions(noun.concepts):
        k = _count_position(lower, p)
        if k is None:
            continue
        found = True
        j = k - 1
        while j >= 0 and lower[j] not in (",", ";", "that", "which", "who") and lower[j] not in _MODALS \
                and not (lower[j] == "to" and j > 0 and lower[j - 1] in _INTENDING):
            j -= 1
        if j < 0 or lower[j] not in _MODALS and lower[j] != "to":
            return False
    return found


# words before "to" that say what follows has not happened yet: plans, promises, intentions
_INTENDING = _PLANNED | frozenset("plans intends expects wants hopes aims".split())

# verbs that say an act is wanted done
_DESIRE_STEMS = frozenset(stem(w) for w in (
    "want wish ask request recommend prefer urge insist like apply plan propose intend hope seek aim").split())


def _left_open(ci: ClaimIndex, q: Question) -> bool:
    """Whether the claim puts the question's matter after a "whether" and the question asks none of
    the words before it (the asking or checking itself)."""
    k = next((i for i, w in enumerate(ci.lower) if w == "whether"), None)
    if k is None or any(t.text.lower() == "whether" for t in q.tokens):
        return False
    in_span = {i for sp in ci.spans for i in range(sp.first, sp.last)}
    before = {stem(w) for i, w in enumerate(ci.lower[:k]) if w.isalpha() and w not in STOPWORDS and i not in in_span}
    asked = {w.stem for w in q.words} | {stem(t.text.lower()) for t in q.tokens}
    return not before & asked


def _event_unsaid(q: Question, ci: ClaimIndex) -> str | None:
    """An event the question puts after a preposition ("after failing his retest") that the claim
    does not name."""
    lower = [t.text.lower() for t in q.tokens]
    for w in q.soft:
        i = w.index
        if 0 < i and lower[i - 1] in _EVENT_PREPS and lower[i].endswith("ing") and _inflected_verb(lower[i]) \
                and not _grounded(ci, w):
            return w.text
    return None


# prepositions that make the "-ing" verb after them an event the question takes as given
_EVENT_PREPS = frozenset({"after", "before", "since", "while", "despite", "without", "upon", "on"})


def _denied(ci: ClaimIndex, w: Word) -> bool:
    """Every mention of the word in the claim has "no" before it ("found no fault", "no major
    damage"): the claim says there is none of it."""
    pos = ci.positions(w.concepts)
    return bool(pos) and all(_after_no(ci.lower, p) for p in pos)


def _after_no(lower: list[str], p: int) -> bool:
    """A "no" opens the noun phrase that ends at ``p``: "no fault", "no major damage", "no signs
    of gill disease" (a word of its own, or "of", between them; nothing that starts a clause)."""
    for k in range(p - 1, max(-1, p - 5), -1):
        if lower[k] == "no":
            return True
        if not (lower[k] == "of" or lower[k].isalpha() and lower[k] not in STOPWORDS):
            return False
    return False


def _denied_noun(q: Question, ci: ClaimIndex) -> str | None:
    """A noun of the question that the claim has only under a negation ("has not yet named a
    successor", "no delay")."""
    if not ci.negation_pos:
        return None
    lower = ci.lower
    for w in q.soft:
        if _inflected_verb(w.text.lower()) or is_verb(w.text.lower()):
            continue
        pos = ci.positions(w.concepts)
        if pos and all(any(0 < p - n <= 5 and _bridged(lower[n + 1:p]) for n in ci.negation_pos) for p in pos):
            return w.text
    return None


def _bridged(between: list[str]) -> bool:
    """Words between a negation and its noun: auxiliaries, adverbs, an indefinite article and at
    most one verb ("has not paid the balance" says there is a balance)."""
    verbs = 0
    for x in between:
        if x in _NEGATION_BRIDGE or x.endswith("ly") or x in ("a", "an", "any"):
            continue
        if (_inflected_verb(x) or is_verb(x)) and not verbs:
            verbs += 1
            continue
        return False
    return True


# What may stand between a negation and the verb it negates: "cannot be claimed", "did not yet".
_NEGATION_BRIDGE = AUXILIARIES | frozenset("to yet ever still also even always".split())


def _negates(lower: list[str], n: int, v: int) -> bool:
    """Whether the negation at ``n`` is the verb's at ``v``: only auxiliaries and adverbs between,
    not another verb ("holders who cannot attend can claim a refund": "cannot" is attend's)."""
    return all(w in _NEGATION_BRIDGE or w.endswith("ly") for w in lower[n + 1:v])


def _not_till(lower: list[str], v: int) -> bool:
    """A negated verb at ``v`` goes on to "before" or "until" a time within its clause: "will not
    deliver the new tractor before March 2025" says when it will be, at the soonest."""
    for w in lower[v + 1:v + 8]:
        if w in ("before", "until", "till"):
            return True
        if w in (",", ";", ".", "because", "and", "but"):
            return False
    return False


# nouns that ask what someone means to do: "what is her plan for the hire fleet"
_PLAN_HEADS = frozenset(stem(w) for w in ("plan", "intention", "aim"))
# what says the subject means to do it: "will run", "intends to sell", "is planning to", "aims to"
_MEANING_TO = frozenset({"intends", "intend", "intended", "plans", "planned", "planning", "aims", "aimed", "means", "expects",
                         "going", "proposes", "proposed"})


def _plan_told(ci: ClaimIndex, q_spans: set[str]) -> bool:
    """Whether the claim opens with an asked name and its first verb says that one means to do
    something: "will run a workshop for the volunteers", "intends to sell the hire fleet", "is going
    to", "plans to" (not "the volunteers will run a course for Ivo": the plan is theirs)."""
    lower = ci.lower
    opening = next((sp for sp in ci.spans if sp.first == 0), None)
    if opening is None or not _asked_name(opening.key, q_spans):
        return False
    start = opening.last
    for k in range(start, len(lower)):
        w = lower[k]
        if w in ("will", "shall", "'ll"):
            return "not" not in lower[k + 1:k + 3]
        if w in _MEANING_TO and k + 1 < len(lower) and lower[k + 1] == "to":
            return True
        if w in (",", ";", "that", "who", "which") or k > start and is_verb(w) and w not in _PERFECT \
                and w not in ("is", "are", "was", "has", "have", "had"):
            return False
    return False

