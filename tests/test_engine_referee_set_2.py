"""Referee set 2 (tests/data/referee_set_2.yaml): an independent referee's shots and racks, written
from the texts alone, each checked as bench/bench_referee.py does (the fields its ``expect``
states, the deciding clause cited, the fields it leaves open listed as unsettled with a note, the
foul codes, 422 for impossible stories). Items corrected after the text carry a YAML comment
quoting it (docs/REFEREE_SET_2.md)."""
from collections import Counter
from pathlib import Path

import pytest
import yaml

from bench.bench_referee import check_rack, check_shot, needs_warned, supports_warned
from engine_support import RULESETS, book

DATA = Path(__file__).resolve().parent / "data" / "referee_set_2.yaml"
SET = yaml.safe_load(DATA.read_text(encoding="utf-8"))
SHOTS, RACKS = SET["shots"], SET["racks"]


@pytest.mark.parametrize("item", SHOTS, ids=[it["name"] for it in SHOTS])
def test_shot(item):
    assert check_shot(book(), item) == []


@pytest.mark.parametrize("item", RACKS, ids=[it["name"] for it in RACKS])
def test_rack(item):
    if needs_warned(item) and not supports_warned(book()):
        pytest.skip("« warned » on /api/rack shots comes with issue 13")
    assert check_rack(book(), item) == []


def test_the_set_is_well_formed():
    assert len(SHOTS) >= 100 and len(RACKS) >= 15
    assert set(Counter(it["scenario"]["ruleset"] for it in SHOTS)) == set(RULESETS)
    assert len({it["name"] for it in SHOTS + RACKS}) == len(SHOTS) + len(RACKS)
    for it in SHOTS:
        assert ("expect" in it) != bool(it.get("expect_error")), it["name"]
        if it.get("clause"):
            assert it["clause"] in book().clauses, it["name"]
