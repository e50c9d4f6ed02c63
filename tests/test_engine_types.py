"""The engine's types for its readers: Reason roles and policies, Assumption facts,
Outcome.verdict(), and rule_under (one shot under several rulesets)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine_support import book, brk, rule
from qa.engine.everywhere import first_impossible, outcomes_json, rule_under
from qa.engine.outcome import Assumption, ImpossibleScenarioError, Outcome, Role, Termination, verdict_of
from qa.engine.scenario import parse_scenario
from qa.rulebook import CITATION_ROLES, DATA_DIR, RulebookError, load_rulebook


# ----------------------------------------------------------------------------- Reason
def test_foul_reason_has_role_foul_and_its_policy():
    # 9-ffb: the cue ball pocketed is a foul (policy cue_ball_scratch)
    o = rule("9-ffb", {"first_contact": 1, "cue_ball": "pocketed"}, on_table=[1, 5, 9])
    foul = next(r for r in o.reasons if r.role is Role.FOUL)
    assert foul.policy == "cue_ball_scratch"
    assert foul.clause == o.fouls[0].clause and foul.clause is not None
    assert foul.gist == "la blanche est empochée."
    assert foul.text == "Faute : la blanche est empochée."


def test_silent_text_call_is_a_referee_call_without_clause():
    # 10-ffb says nothing of jump shots: the jump is admitted as a referee's call
    o = rule("10-ffb", {"first_contact": 1, "jump": True}, on_table=[1, 10])
    call = next(r for r in o.reasons if r.role is Role.REFEREE_CALL)
    assert call.policy == "jump_shots" and call.clause is None
    assert "legal" in o.unsettled


def test_conditions_and_consequences_carry_their_policy():
    o = rule("9-ffb", {"first_contact": 1, "pocketed": [1]}, on_table=[1, 5, 9])
    roles = {(r.role, r.policy) for r in o.reasons}
    assert (Role.CONDITION, "lowest_ball_first") in roles
    assert (Role.CONSEQUENCE, "turn_continues") in roles


def test_gist_leaves_out_the_lowest_ball_when_the_table_is_not_stated():
    told = rule("9-ffb", {"first_contact": 3})
    assert told.reasons[0].gist == "la blanche touche d’abord la 3 au lieu de la plus basse."
    given = rule("9-ffb", {"first_contact": 3}, on_table=[2, 3, 9])
    assert given.reasons[0].gist == "la blanche touche d’abord la 3 au lieu de la plus basse, la 2."


def test_reasons_json_gain_role_and_policy():
    o = rule("9-ffb", {"first_contact": 1, "cue_ball": "pocketed"}, on_table=[1, 5, 9])
    first = o.to_json()["reasons"][0]
    assert set(first) == {"text", "clause", "role", "policy"}
    assert first["role"] in {r.value for r in Role}


# ----------------------------------------------------------------------------- Assumption
def test_assumption_names_the_fact_assumed():
    o = rule("9-ffb", {"pocketed": []}, on_table=[2, 9])   # neither the contact nor the rail stated
    assert [a.fact for a in o.assumptions] == ["shot.first_contact", "shot.rail_after_contact"]
    assert all(isinstance(a, Assumption) for a in o.assumptions)
    got = o.to_json()
    assert got["assumptions"] == [a.text for a in o.assumptions]     # the contract: strings
    assert [x["fact"] for x in got["assumed"]] == ["shot.first_contact", "shot.rail_after_contact"]


# ----------------------------------------------------------------------------- verdict
def test_verdict_of_a_foul():
    o = rule("9-ffb", {"first_contact": 1, "cue_ball": "pocketed"}, on_table=[1, 5, 9])
    v = o.verdict()
    assert v.foul and not v.game_over and v.next == "opponent" and v.ball_in_hand
    assert v.fouls_after == 1 and v.fouls == frozenset({"cue_ball_pocketed"})


def test_verdict_of_a_win_announces_only_the_end():
    # 9-ffb « victoire-9-empochee »: the 9 pocketed on a legal shot wins
    v = rule("9-ffb", {"first_contact": 1, "pocketed": [9]}, on_table=[1, 9]).verdict()
    assert v.winner == "shooter" and v.termination is Termination.MONEY_BALL and v.game_over
    assert v.next is None and not v.ball_in_hand and v.spotted == ()


def test_verdict_of_a_choice():
    # a legal push-out: the opponent plays or hands the table back (no push-out then)
    o = rule("9-ffb", {"kind": "push_out", "first_contact": 5}, on_table=[1, 5, 9], push_out_available=True)
    v = o.verdict()
    assert v.next == "choice" and not v.foul and not v.push_out


def test_verdict_of_a_dry_break_offers_a_push_out_after_a_hand_back():
    # 9-ffb, template rack: fewer than three balls pocketed or past the head string
    o = brk("9-ffb", rack="template", first_contact=1, balls_to_rail=4, crossed_head_string=0, pocketed=[])
    v = o.verdict()
    assert v.next == "choice" and v.push_out and v.three_ball_rule == "failed" and v.break_legal


def test_two_fouls_with_the_same_consequences_give_the_same_verdict():
    a = rule("9-ffb", {"first_contact": 1, "cue_ball": "pocketed"}, on_table=[1, 5, 9])
    b = rule("9-ffb", {"first_contact": 5}, on_table=[1, 5, 9])
    assert a.verdict() == b.verdict() and a.verdict().fouls != b.verdict().fouls
    c = rule("9-ffb", {"first_contact": 5}, on_table=[1, 5, 9], fouls={"shooter": 1})
    assert c.verdict() != b.verdict()   # now the second foul: a warning is due


def test_verdict_of_an_impossible_shot():
    exc = ImpossibleScenarioError("La 10 n’existe pas.", None, "state.on_table")
    assert verdict_of(exc) == verdict_of(ImpossibleScenarioError("La 10 n’existe pas."))
    assert verdict_of(exc) != rule("9-ffb", {"first_contact": 1}, on_table=[1, 9]).verdict()


# ----------------------------------------------------------------------------- rule_under
TEN_ON_TABLE = {"state": {"on_table": [3, 10]}, "shot": {"first_contact": 3, "pocketed": [3]}}


def test_rule_under_keeps_an_impossible_ruleset_beside_a_fine_one():
    rulings = rule_under(book(), TEN_ON_TABLE, ["9-ffb", "10-ffb"])
    assert list(rulings) == ["9-ffb", "10-ffb"]
    assert isinstance(rulings["9-ffb"], ImpossibleScenarioError)   # no 10 at nine-ball
    assert rulings["9-ffb"].field == "state.on_table"
    assert isinstance(rulings["10-ffb"], Outcome) and rulings["10-ffb"].legal
    assert first_impossible(rulings) == ("9-ffb", rulings["9-ffb"])
    assert list(outcomes_json(book(), rulings)) == ["10-ffb"]


def test_rule_under_takes_a_scenario_or_a_mapping_and_fits_it():
    sc, _ = parse_scenario({**TEN_ON_TABLE, "ruleset": None})
    by_object = rule_under(book(), sc, ["10-ffb", "10-ffb", "10-doolys"])
    assert list(by_object) == ["10-ffb", "10-doolys"]   # repeats dropped
    by_mapping = rule_under(book(), TEN_ON_TABLE, ["10-ffb", "10-doolys"])
    assert {r: o.verdict() for r, o in by_object.items()} == {r: o.verdict() for r, o in by_mapping.items()}

    def nine_ball_rack(data, ruleset):   # the 10 becomes the 9 under a nine-ball ruleset
        money = book().rulesets[ruleset].money_ball
        return {**data, "state": {"on_table": [3, money]}}
    fitted = rule_under(book(), TEN_ON_TABLE, ["9-ffb", "10-ffb"], fit=nine_ball_rack)
    assert all(isinstance(o, Outcome) for o in fitted.values())


def test_rule_under_an_unknown_ruleset_is_impossible():
    rulings = rule_under(book(), TEN_ON_TABLE, ["8-nowhere"])
    assert isinstance(rulings["8-nowhere"], ImpossibleScenarioError) and rulings["8-nowhere"].field == "ruleset"


# ----------------------------------------------------------------------------- policy roles
def test_every_policy_has_a_citation_role():
    specs = book().policy_specs
    assert specs and all(s.role in CITATION_ROLES for s in specs.values())
    assert specs["rail_after_contact"].role == "condition"
    assert specs["rail_after_contact"].facts == ("shot.rail_after_contact",)
    assert specs["money_ball_on_foul"].role == "spotting"


@pytest.fixture
def data(tmp_path) -> Path:
    dst = tmp_path / "rules_data"
    shutil.copytree(DATA_DIR, dst)
    return dst


def _problems_after(data: Path, old: str, new: str) -> tuple[int, list[str]]:
    path = data / "policy_schema.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(RulebookError) as exc:
        load_rulebook(data)
    return line, [str(p) for p in exc.value.problems]


def test_misspelt_role_gives_file_line_and_did_you_mean(data):
    line, problems = _problems_after(data, "  role: spotting\n", "  role: spoting\n")
    assert any(p.startswith(f"rules_data/policy_schema.yaml:{line}:") and "« spoting »" in p
               and "vouliez-vous dire « spotting »" in p for p in problems), problems


def test_unknown_fact_of_a_role_is_reported(data):
    line, problems = _problems_after(data, "  facts: [shot.rail_after_contact]\n", "  facts: [shot.rail_afer_contact]\n")
    assert any(f"policy_schema.yaml:{line}:" in p and "« shot.rail_afer_contact »" in p
               and "« shot.rail_after_contact »" in p for p in problems), problems


def test_missing_role_is_reported(data):
    _, problems = _problems_after(data, "  role: spotting\n", "")
    assert any("policy_schema.yaml:" in p and "role" in p for p in problems), problems
