"""Every policy value and every listed foul of every ruleset is exercised, and cites its clause."""
from pathlib import Path

import pytest
import yaml

from engine_support import MONEY, RULESETS, book, rule, rule_mapping

DATA = Path(__file__).resolve().parent / "data"
FACT_CODES = {"wrong_ball_first", "no_contact", "no_rail", "illegal_break", "cue_rail_first", "cue_ball_pocketed",
              "cue_ball_off_table", "object_ball_off_table"}


def _cited_by_situations() -> dict[str, set[str]]:
    items = yaml.safe_load((DATA / "scenarios.yaml").read_text(encoding="utf-8"))
    cited: dict[str, set[str]] = {}
    for it in items:
        o = rule_mapping(it["scenario"])
        cited.setdefault(o.ruleset, set()).update(o.cited, (f.clause for f in o.fouls if f.clause))
    return cited


# The policies the engine reads (the others answer yes/no questions only: rules_data/policy_questions.yaml).
ENGINE_SOURCE = "".join(f.read_text(encoding="utf-8") for f in (Path(__file__).resolve().parent.parent / "qa" / "engine").glob("*.py"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_stated_policy_is_cited_by_some_situation(ruleset):
    cited = _cited_by_situations()[ruleset]
    rs = book().rulesets[ruleset]
    read = {n for n in rs.policy if f'"{n}"' in ENGINE_SOURCE}
    assert {"jump_shots", "three_fouls", "foul_claim"} <= read
    missing = {n: p.clause for n, p in rs.policy.items() if n in read and not p.silent and p.clause not in cited}
    assert not missing, f"policies of {ruleset} never cited by tests/data/scenarios.yaml: {missing}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_listed_foul_cites_its_clause(ruleset):
    rs = book().rulesets[ruleset]
    table = [3, 5, rs.money_ball]
    for code, clause in rs.fouls.items():
        if code in FACT_CODES or code in ("jump_not_allowed", "masse_not_allowed"):
            continue  # shown by the shot's facts: see the per-ruleset tests
        o = rule(ruleset, {"first_contact": 3, "fouls": [code]}, on_table=table)
        assert [f.code for f in o.fouls] == [code] and o.fouls[0].clause == clause and not o.unsettled


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_unlisted_foul_code_is_a_foul_unsettled_and_noted(ruleset):
    rs = book().rulesets[ruleset]
    table = [3, 5, rs.money_ball]
    for code in book().foul_codes:
        if code in rs.fouls or code in FACT_CODES or code in ("jump_not_allowed", "masse_not_allowed"):
            continue
        o = rule(ruleset, {"first_contact": 3, "fouls": [code]}, on_table=table)
        assert [f.code for f in o.fouls] == [code] and o.fouls[0].clause is None, code
        assert {"legal", "fouls"} <= set(o.unsettled) and any(code in n for n in o.notes), code
        assert o.ball_in_hand and o.next_shooter == "opponent"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("code", ["jump_not_allowed", "masse_not_allowed"])
def test_jump_and_masse_codes_follow_the_policy(ruleset, code):
    rs = book().rulesets[ruleset]
    pv = rs.policy["jump_shots" if code == "jump_not_allowed" else "masse_shots"]
    o = rule(ruleset, {"first_contact": 3, "fouls": [code]}, on_table=[3, 5, rs.money_ball])
    if pv.value == "forbidden":
        assert not o.legal and o.fouls[0].clause == pv.clause
    elif pv.value == "allowed":
        assert o.legal and pv.clause in o.cited and o.notes  # the text allows it: the code is rejected, said
    else:
        assert not o.legal and o.fouls[0].clause is None and "fouls" in o.unsettled


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fact_codes_out_of_context_are_unsettled_fouls(ruleset):
    rs = book().rulesets[ruleset]
    o = rule(ruleset, {"first_contact": 3, "fouls": ["illegal_break", "cue_rail_first"]}, on_table=[3, 5, rs.money_ball])
    assert [f.clause for f in o.fouls] == [None, None] and "fouls" in o.unsettled


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_policy_of_the_schema_is_set_with_a_clause_unless_silent(ruleset):
    rs = book().rulesets[ruleset]
    assert set(rs.policy) == set(book().policy_specs)
    for name, pv in rs.policy.items():
        assert pv.silent == (pv.clause is None), name


@pytest.mark.parametrize("ruleset, clause", [
    # the clause that says the other balls off the table are not put back (« ne sont pas replacées »,
    # « ne sont pas remises en jeu »); the FFB's nine-ball text only puts the 9 back: its foul clause
    ("10-doolys", "10-doolys/11-bille-hors-table-non-replacee"), ("10-ffb", "10-ffb/bille-10-replacee"),
    ("10-guide", "10-guide/billes-non-remises"), ("9-bca", "9-bca/10-boule-hors-table-faute"),
    ("9-ffb", "9-ffb/faute-bille-de-but-ejectee"),
])
def test_a_ball_off_the_table_in_play_stays_off_citing_the_clause_that_says_so(ruleset, clause):
    o = rule(ruleset, {"first_contact": 1, "off_table": [3]}, on_table=[1, 3, 5, MONEY[ruleset]])
    assert not o.legal and 3 not in o.spotted
    stays = [r for r in o.reasons if "n’est pas replacée" in r.text]
    assert [r.clause for r in stays] == [clause]


@pytest.mark.parametrize("ruleset, clause", [
    # « Lorsqu’un joueur rate son coup, son adversaire doit reprendre le jeu en prenant la position laissée »
    ("10-doolys", "10-doolys/1-rate-ou-faute"), ("9-bca", "9-bca/1-rate-ou-faute"),
    ("10-ffb", "10-ffb/fin-de-reprise"), ("10-guide", "10-guide/fin-de-reprise"),
])
def test_a_legal_miss_cites_the_clause_on_who_plays_from_the_position_left(ruleset, clause):
    o = rule(ruleset, {"first_contact": 1}, on_table=[1, 3, MONEY[ruleset]])
    assert o.legal and o.next_shooter == "opponent" and not o.ball_in_hand
    assert clause in o.cited
