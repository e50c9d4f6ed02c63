"""The readers' partial facts and their one merge (qa.understand.facts)."""
from qa.understand.facts import F, Fact, Facts, merge
from qa.understand.readers.order import read_order
from qa.understand.readers.story import read_story


def test_merge_ranks_the_first_contact_then_keeps_the_first_told():
    facts = merge((Fact(F.FIRST, 6, "touche la 6"), Fact(F.FIRST, 2, "la 2", 0)),
                  (Fact(F.FIRST, 3, "la 3 en premier", 2),))
    assert facts.first == 3 and facts.first_strong
    assert merge((Fact(F.FIRST, 6, "la 6"), Fact(F.FIRST, 2, "la 2"))).first == 6


def test_merge_lists_keep_story_order_once_and_flags_any():
    facts = merge((Fact(F.POCKETED, (7,), "la 7"), Fact(F.POCKETED, (3, 7), "la 3 et la 7")),
                  (Fact(F.JUMP, True, "jump"),))
    assert facts.pocketed == (7, 3)
    assert facts.jump and not facts.masse
    assert facts.words(F.POCKETED) == ("la 7", "la 3 et la 7")


def test_merge_sums_counts_and_keeps_who_pocketed_first():
    facts = merge((Fact(F.POCKETED_COUNT, 2, "deux tombent"), Fact(F.POCKETED_COUNT, 1, "une autre tombe"),
                   Fact(F.POCKETED_BY, ((9, "other"),), "il rentre la 9"), Fact(F.POCKETED_BY, ((9, "self"),), "x")))
    assert facts.pocketed_count == 3
    assert dict(facts.pocketed_by) == {9: "other"}


def test_facts_are_frozen_and_unset_by_default():
    facts = Facts()
    assert facts.first == "unset" and facts.called == "unset" and not facts.outcome_told()
    try:
        facts.first = 3  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("Facts must be frozen")


def test_the_order_of_the_story_outranks_a_contact_read_in_a_clause():
    order = read_order("j effleure B6 avant de prendre B2")
    assert [(f.field, f.value) for f in order] == [(F.FIRST, 6)]
    assert merge((Fact(F.FIRST, 2, "prendre la 2", 2),), order).first == 6


def test_a_reader_gives_the_words_it_read():
    story = read_story("je casse , dry break")
    kinds = [f for f in story if f.field is F.KIND]
    assert kinds and kinds[0].value == "break" and "casse" in kinds[0].words
    assert merge(story).rack == "template" and merge(story).dry
