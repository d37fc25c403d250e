"""Claims read into Facts: subject first, relation keys that survive inflection and equivalents."""

from __future__ import annotations

import pytest

from fireweed.decider.facts import parse_claim, values_of
from fireweed.decider.lexicon import tokenize
from fireweed.decider.name_spans import find_spans, guess_kind
from fireweed.decider.text import analyze


def test_subject_is_the_first_name_outside_a_leading_phrase() -> None:
    f = parse_claim("In 2019, Priya Raman joined Acme Robotics.")
    assert f.subject_name == "Priya Raman"
    assert [s.text for s in f.ordered_spans()] == ["Priya Raman", "Acme Robotics"]
    assert f.predicate == "join"


def test_possessive_subject_and_possessed_relation() -> None:
    f = parse_claim("Tomas Reyes's visa renewal deadline is 12 August 2025.")
    assert f.subject_name == "Tomas Reyes"
    assert f.relation == parse_claim("Tomas Reyes's visa renewal deadline is now 3 October 2025.").relation
    assert "12" in f.values


def test_equivalent_verbs_give_one_relation() -> None:
    a = parse_claim("Dana Whitfield manages the northern depot.")
    b = parse_claim("Dana Whitfield runs the southern depot.")
    c = parse_claim("Dana Whitfield heads the coastal depot.")
    assert a.relation == b.relation == c.relation == "lead:depot"
    assert a.objects != b.objects


def test_affiliation_and_apposition_do_not_hide_the_verb() -> None:
    assert parse_claim("Omar Haddad of Brightline Labs presented the roadmap.").predicate == "present"
    assert parse_claim("Mira Park, aged 41, was admitted on Monday.").predicate == "admit"


def test_copula_relation_uses_the_predicate_noun() -> None:
    f = parse_claim("Nia Okafor is a second-year medical student at Corwen University.")
    assert f.relation == "be:student"


def test_change_verbs_mark_an_update_of_an_attribute() -> None:
    f = parse_claim("Dr. Ilse Varga raised Ben Cole's insulin to 12 units.")
    assert f.update and f.attribute == "insulin"
    assert not parse_claim("Dr. Ilse Varga started Ben Cole on insulin.").update


def test_negation_is_seen() -> None:
    assert parse_claim("The invoice was not paid.").negated
    assert not parse_claim("The invoice was paid.").negated


def test_values_are_normalised() -> None:
    assert values_of(tokenize("It cost £4,500 on 3 May.")) >= {"£4500", "3"}
    assert "tuesday" in values_of(tokenize("We meet on Tuesdays."))
    assert "3" in values_of(tokenize("three people came"))


@pytest.mark.parametrize("odd", ["", "   ", "!!!", "😀 " * 50, "a" * 50_000, "ÅÅ Ørsted's ñ", None, 42])
def test_odd_input_never_raises(odd: object) -> None:
    f = parse_claim(odd)  # type: ignore[arg-type]
    assert isinstance(f.relation, str)


def test_name_spans_and_kinds() -> None:
    spans = find_spans(tokenize("Hale & Finch Estates listed 14 Harrow Road for Captain Ada Moss of the Port of Leith."))
    texts = [s.text for s in spans]
    assert "Hale & Finch Estates" in texts and "14 Harrow Road" in texts and "Captain Ada Moss" in texts
    assert guess_kind("Hale & Finch Estates") == "org"
    assert guess_kind("14 Harrow Road") == "place"
    assert guess_kind("Captain Ada Moss") == "person"
    assert guess_kind("Ada Moss") == "person"


def test_months_weekdays_and_lone_acronyms_are_not_names() -> None:
    spans = find_spans(tokenize("On Tuesday in March the QA lead met Ada Moss."))
    assert [s.text for s in spans] == ["Ada Moss"]


def test_an_organisation_suffix_ends_a_name_and_a_score_does_not_join_it() -> None:
    spans = find_spans(tokenize("Saltmarsh RFC beat Kellingford Athletic 27-19 at Brinley Park."))
    assert [s.text for s in spans] == ["Saltmarsh RFC", "Kellingford Athletic", "Brinley Park"]
    # the controls: another trailing acronym still describes, and a designator still joins
    assert [s.text for s in find_spans(tokenize("Ada Moss fixed the Acme API gateway."))] == ["Ada Moss", "Acme"]
    assert [s.text for s in find_spans(tokenize("Ada Moss booked Room 5."))] == ["Ada Moss", "Room 5"]


def test_a_known_name_split_by_a_lower_case_word_is_one_name() -> None:
    from fireweed.decider.name_spans import add_known_spans

    known = {"herring fleet at dawn", "priya raman"}.__contains__
    toks = tokenize("Herring Fleet at Dawn dimensions")
    assert [s.text for s in add_known_spans(toks, find_spans(toks), known)] == ["Herring Fleet at Dawn"]
    toks = tokenize("Herring Fleet at Noon dimensions")  # the control: not a known name, spans stay
    assert [s.text for s in add_known_spans(toks, find_spans(toks), known)] == ["Herring Fleet", "Noon"]
    toks = tokenize("Priya Ramanathan met priya raman")  # a known name never cuts a name found by capitals
    assert [s.text for s in add_known_spans(toks, find_spans(toks), known)] == ["Priya Ramanathan", "priya raman"]


def test_a_sentence_initial_word_before_an_appositive_is_a_name() -> None:
    assert [s.text for s in find_spans(tokenize("Pepper, a six-year-old spaniel, was seen for a limp."))] == ["Pepper"]
    for opener in ("However", "Yesterday", "Sadly"):  # the controls: sentence adverbs stay words
        assert find_spans(tokenize(f"{opener}, the bridge closed.")) == []


def test_quoted_titles_are_names() -> None:
    spans = find_spans(tokenize("Ada Moss wrote 'Quiet Rivers' in 2020."))
    assert any(s.quoted and s.text == "Quiet Rivers" for s in spans)


def test_sentence_initial_word_needs_support() -> None:
    # a capitalised first word followed by lower case is not a name unless known
    assert [s.text for s in find_spans(tokenize("Noisy alarms cost us two days."))] == []
    assert [s.text for s in find_spans(tokenize("Zentrix builds drones."), known=lambda w: w == "zentrix")] == ["Zentrix"]


def test_module_examples_hold() -> None:
    import doctest

    from fireweed.decider import facts, lexicon, name_spans

    for mod in (facts, lexicon, name_spans):
        assert doctest.testmod(mod).failed == 0, mod.__name__


@pytest.mark.parametrize("sentence, names", [
    # with "The" in front, a possessive followed by a name word is inside the name
    ("Cosimo Draycott, captain of The Ferryman's Rest, finished the match.", ["Cosimo Draycott", "The Ferryman 's Rest"]),
    ("The Ferryman's Rest now top Division One.", ["The Ferryman 's Rest", "Division"]),
    ("We met at The King's Head in Leeds.", ["The King 's Head", "Leeds"]),
    # ... but not when the name word only modifies a common noun, or without "The"
    ("How many people came to The Lantern Static's Brudenell gig?", ["The Lantern Static", "Brudenell"]),
    ("Ada Obi's Volvo was stolen.", ["Ada Obi", "Volvo"]),
])
def test_a_possessive_inside_a_name_that_starts_with_the(sentence: str, names: list[str]) -> None:
    assert [s.text for s in find_spans(tokenize(sentence))] == names


def test_a_first_word_set_off_by_an_owners_possessive_is_a_name() -> None:
    found = [s.text for s in find_spans(tokenize("Biscuit, Saoirse Galbraith-Nunn's cocker spaniel, was walked."))]
    assert found == ["Biscuit", "Saoirse Galbraith-Nunn"]
    # a sentence adverb before the owner is no name
    assert [s.text for s in find_spans(tokenize("However, Saoirse Galbraith-Nunn's dog was walked."))] == ["Saoirse Galbraith-Nunn"]


def test_a_lower_case_particle_between_capitalised_words_is_inside_the_name() -> None:
    spans = find_spans(tokenize("Quinta do Serrado has ordered 40 barrels from Tonnellerie Marchal."))
    assert [s.text for s in spans] == ["Quinta do Serrado", "Tonnellerie Marchal"]
    # the gate's name finder agrees (one list of particles for both)
    assert [n.text for n in analyze("Quinta do Serrado has ordered 40 barrels.").names] == ["Quinta do Serrado"]
    # a capitalised particle ending a name is a surname ("Priya Das"), a lower-case one is dropped
    assert [s.text for s in find_spans(tokenize("Priya Das joined Acme, and so did Ada Obi de."))] == \
        ["Priya Das", "Acme", "Ada Obi"]
    # and a particle is no name of its own: "Do" opening a question stays a verb
    assert [s.text for s in find_spans(tokenize("Do Ada Obi and Ben Roe sing?"))] == ["Ada Obi", "Ben Roe"]


@pytest.mark.parametrize("sentence, names", [
    # a plural possessive inside a name, after a lower-case "the" as after a capital one
    ("Ifeoma Obi was re-elected as chair of the Kelso Fruit Growers' Cooperative.",
     ["Ifeoma Obi", "Kelso Fruit Growers 's Cooperative"]),
    ("The Kelso Fruit Growers' Cooperative set its price.", ["The Kelso Fruit Growers 's Cooperative"]),
    # ... but not when the name word only modifies a common noun
    ("Tom Reyes saw the Kelso Rovers' Brudenell gig.", ["Tom Reyes", "Kelso Rovers", "Brudenell"]),
])
def test_a_possessive_inside_a_name_after_a_lower_case_the(sentence: str, names: list[str]) -> None:
    assert [s.text for s in parse_claim(sentence).spans] == names


def test_an_appositive_without_commas_leaves_the_verb_to_the_name() -> None:
    # "Rajah the Sumatran tiger weighed": the name is known, "the Sumatran tiger" says what it is
    f = parse_claim("Rajah the Sumatran tiger weighed 142 kg at his check-up.", lambda w: w == "rajah")
    assert f.predicate == "weigh" and [s.key for s in f.spans][0] == "rajah"
    assert parse_claim("Ada Obi the town clerk resigned on Monday.").predicate == "leave"
    assert parse_claim("Ada Obi thanked the staff.").relation == "thank:staff"  # no appositive: unchanged


def test_a_noun_that_ends_a_verb_with_e_is_no_verb() -> None:
    from fireweed.decider.lexicon import is_verb
    from fireweed.decider.question import analyse

    assert not any(is_verb(w) for w in ("site", "sites", "plane", "quite", "wine"))
    assert all(is_verb(w) for w in ("sit", "sits", "hire", "hires", "make", "wins"))
    q = analyse("How many employees at the Dunmore site did Oxley & Brandt underpay in December?")
    assert q.verb_word is not None and q.verb_word.text == "underpay"


def test_a_number_with_a_unit_after_a_name_is_no_part_of_it() -> None:
    spans = parse_claim("Barnaby Fennimore prescribed Clementine 4 millilitres of Pellorex twice daily.").spans
    assert [s.text for s in spans] == ["Barnaby Fennimore", "Clementine", "Pellorex"]
    # the twins: a number that names one of a kind stays in the name
    assert [s.text for s in parse_claim("Colony 4 produced 12 kg of honey.").spans] == ["Colony 4"]
    assert [s.text for s in parse_claim("Ada Obi moved to Room 5 on Monday.").spans] == ["Ada Obi", "Room 5"]


def test_a_sentence_initial_word_capitalised_after_its_hyphen_too_is_a_name() -> None:
    assert [s.text for s in find_spans(tokenize("Pemberton-Yates submitted the goshawk survey."))] == ["Pemberton-Yates"]
    # the twin: an ordinary compound opens a sentence with one capital
    assert find_spans(tokenize("Long-term storage was arranged.")) == []
