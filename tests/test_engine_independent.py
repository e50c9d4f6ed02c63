"""An independent referee's set (tests/data/scenarios_independent.yaml): 70 situations, 14 per
ruleset, written from the five source texts and the clause files alone, then ruled by the engine.

Each item: ``expect`` holds only the Outcome fields the text settles for that shot (options
compared as sets of choice names, spotted as a sorted list); ``clause`` is the clause deciding it
and must be among the clauses the ruling cites; ``unsettled`` (optional) lists fields the text
leaves open, which the engine must list in ``unsettled`` and explain in ``notes``. A field the
text settles must not be listed as unsettled.
"""
from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine_support import RULESETS, assert_expected, book, rule_mapping

DATA = Path(__file__).resolve().parent / "data" / "scenarios_independent.yaml"
ITEMS = yaml.safe_load(DATA.read_text(encoding="utf-8"))
OUTCOME_FIELDS = {"legal", "next_shooter", "ball_in_hand", "spotted", "game_over", "winner", "termination",
                  "options", "push_out_available", "fouls_after", "warning_due"}


@pytest.mark.parametrize("item", ITEMS, ids=[it["name"] for it in ITEMS])
def test_independent_situation(item):
    o = rule_mapping(item["scenario"])
    assert_expected(o, item["expect"])
    cited = set(o.cited) | {f.clause for f in o.fouls if f.clause}
    assert item["clause"] in cited, f"{item['clause']} not in {sorted(cited)}"
    settled = set(item["expect"]) & set(o.unsettled)
    assert not settled, f"the text settles {settled}, yet the engine lists them as unsettled"
    open_fields = set(item.get("unsettled", ()))
    assert open_fields <= set(o.unsettled), f"{open_fields - set(o.unsettled)} not listed as unsettled"
    if open_fields:
        assert o.notes, "an unsettled ruling must say so in notes"


def test_the_set_is_well_formed():
    assert len(ITEMS) == 70
    assert Counter(it["scenario"]["ruleset"] for it in ITEMS) == {r: 14 for r in RULESETS}
    assert len({it["name"] for it in ITEMS}) == len(ITEMS)
    for it in ITEMS:
        assert set(it["expect"]) <= OUTCOME_FIELDS, it["name"]
        assert not set(it["expect"]) & set(it.get("unsettled", ())), it["name"]
        assert it["clause"].split("/")[0] == it["scenario"]["ruleset"], it["name"]
        assert it["clause"] in book().clauses, it["name"]
