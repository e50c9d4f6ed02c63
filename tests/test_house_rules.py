"""qa.house_rules: a club's YAML overlay becomes a ruleset; it changes the rulings it should
and nothing else; bad files are reported as ``file:line: message`` with a "vouliez-vous dire"."""
from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import pytest
import yaml

from qa.compare import compare, differences
from qa.engine.evaluate import evaluate
from qa.engine.scenario import parse_scenario
from qa.house_rules import house_yaml, validate_house_yaml
from qa.rulebook import RulebookError, load_rulebook

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_DIR = ROOT / "examples" / "house-rules"
EXAMPLE = EXAMPLE_DIR / "club-exemple.yaml"
CLUB = "club-les-queues-9"


@pytest.fixture(scope="module")
def house_book():
    """rules_data/ plus the shipped example."""
    return load_rulebook(house_rules=EXAMPLE_DIR)


def write(tmp_path: Path, text: str, name: str = "club.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(folder: Path) -> list:
    with pytest.raises(RulebookError) as exc:
        load_rulebook(house_rules=folder)
    return exc.value.problems


def line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


# ----------------------------------------------------------------------------- the example
def test_example_becomes_a_ruleset(house_book, rulebook):
    rs = house_book.rulesets[CLUB]
    base = rulebook.rulesets["9-ffb"]
    assert rs.extends == "9-ffb" and rs.game == base.game and rs.money_ball == 9
    assert rs.title and rs.publisher and rs.source == EXAMPLE.name
    assert CLUB in house_book.rulesets_of_game("nine-ball")
    assert list(house_book.rulesets)[:len(rulebook.rulesets)] == list(rulebook.rulesets)
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    overridden = set(data["policy"])
    assert overridden == {"jump_shots", "masse_shots", "break_requirement"}
    replaced = {c["replaces"]: c["id"] for c in data.get("clauses", []) if c.get("replaces")}
    for name, pv in rs.policy.items():
        if name in overridden:
            assert pv.value == data["policy"][name]["value"]
        elif base.policy[name].clause in replaced:
            # inherited, re-pointed to the club's wording of the clause it replaces
            assert pv.value == base.policy[name].value and pv.clause == replaced[base.policy[name].clause], name
        else:
            assert pv == base.policy[name], name   # inherited as is
    assert dict(rs.fouls) == dict(base.fouls)


def test_example_clauses(house_book, rulebook):
    clauses = house_book.by_ruleset[CLUB]
    ids = [c.id for c in clauses]
    base_ids = [c.id for c in rulebook.by_ruleset["9-ffb"]]
    # the replaced clause takes the place of the base one; every other base clause stays citable
    assert "9-ffb/casse-quatre-billes-en-bande" not in ids
    pos = base_ids.index("9-ffb/casse-quatre-billes-en-bande")
    assert ids[pos] == f"{CLUB}/casse-quatre-billes"
    assert set(base_ids) - {"9-ffb/casse-quatre-billes-en-bande"} <= set(ids)
    own = [c for c in clauses if c.house]
    assert {c.id for c in own} == {f"{CLUB}/casse-quatre-billes", f"{CLUB}/sautes-interdits",
                                   f"{CLUB}/decision-masse-shots"}
    for c in own:
        assert c.ruleset == CLUB and c.to_json()["house"] is True and house_book.clauses[c.id] is c
    decision = house_book.clauses[f"{CLUB}/decision-masse-shots"]
    assert decision.section == "Décision du club" and "massés sont interdits" in decision.text
    assert house_book.rulesets[CLUB].policy["masse_shots"].clause == decision.id
    # base clauses are the base's own objects
    assert house_book.clauses["9-ffb/casse-de-depart"] == rulebook.clauses["9-ffb/casse-de-depart"]


def test_compare_base_and_house_shows_exactly_the_overrides(house_book):
    r = compare(house_book, ["9-ffb", CLUB])
    assert set(differences(r)) == {"jump_shots", "masse_shots", "break_requirement"}
    assert r["ruleset_info"][CLUB]["house"] is True and r["ruleset_info"]["9-ffb"]["house"] is False
    masse = next(p for p in r["policies"] if p["name"] == "masse_shots")["values"][CLUB]
    assert masse["club_decision"] is True and masse["house"] is True
    jump = next(p for p in r["policies"] if p["name"] == "jump_shots")["values"][CLUB]
    assert jump["house"] is True and "club_decision" not in jump


# ----------------------------------------------------------------------------- rulings
def _scenarios():
    """A spread of shots: breaks (pocketing or not, 2..5 rails), ordinary shots with jumps,
    massés, scratches, misses, pocketed balls."""
    out = []
    for pocketed, rails, first in itertools.product([[], [3], [9]], [2, 3, 4, 5], [1, 2]):
        out.append({"shot": {"kind": "break", "first_contact": first, "pocketed": pocketed, "balls_to_rail": rails}})
    for jump, masse, pocketed, cue, first in itertools.product([False, True], [False, True], [[], [2], [9]],
                                                               ["table", "pocketed"], [2, 5]):
        out.append({"state": {"on_table": [2, 5, 7, 9]},
                    "shot": {"first_contact": first, "jump": jump, "masse": masse, "pocketed": pocketed,
                             "cue_ball": cue, "rail_after_contact": True}})
    out.append({"state": {"on_table": [4, 9], "fouls": {"shooter": 2, "opponent": 0}, "warned": True},
                "shot": {"first_contact": 9}})
    out.append({"state": {"push_out_available": True}, "shot": {"kind": "push_out", "first_contact": 6}})
    return out


RULING = ("legal", "fouls", "break", "game_over", "winner", "termination", "next_shooter", "ball_in_hand",
          "spotted", "options", "push_out_available", "fouls_after", "warning_due")


def _ruling(book, data, ruleset):
    sc, _ = parse_scenario({**data, "ruleset": ruleset})
    o = evaluate(book, sc).to_json(book.clauses)
    ruling = {k: o[k] for k in RULING}
    ruling["fouls"] = sorted(f["code"] for f in o["fouls"])
    return ruling, o


def _touches_overrides(data) -> bool:
    shot = data["shot"]
    if shot.get("jump") or shot.get("masse"):
        return True
    # four rails even when a ball is pocketed: only a pocketing break with < 4 rails changes
    return shot.get("kind") == "break" and bool(shot.get("pocketed")) and shot.get("balls_to_rail", 4) < 4


def test_overlay_changes_the_rulings_it_should_and_nothing_else(house_book):
    changed = 0
    for data in _scenarios():
        base, _ = _ruling(house_book, data, "9-ffb")
        house, _ = _ruling(house_book, data, CLUB)
        if _touches_overrides(data):
            assert base != house, data
            changed += 1
        else:
            assert base == house, data
    assert changed >= 10


def test_house_ruling_cites_the_club_clauses(house_book):
    _, o = _ruling(house_book, {"state": {"on_table": [2, 9]}, "shot": {"first_contact": 2, "jump": True}}, CLUB)
    assert o["legal"] is False and o["ball_in_hand"] is True
    assert o["fouls"] == [{"code": "jump_not_allowed", "clause": f"{CLUB}/sautes-interdits"}]
    assert any(c["id"] == f"{CLUB}/sautes-interdits" and c.get("house") for c in o["citations"])
    _, o = _ruling(house_book, {"state": {"on_table": [2, 9]}, "shot": {"first_contact": 2, "masse": True}}, CLUB)
    assert f"{CLUB}/decision-masse-shots" in [r["clause"] for r in o["reasons"]]
    _, o = _ruling(house_book, {"shot": {"kind": "break", "first_contact": 1, "pocketed": [3], "balls_to_rail": 2}}, CLUB)
    assert o["fouls"] == [{"code": "illegal_break", "clause": f"{CLUB}/casse-quatre-billes"}]
    assert f"{CLUB}/casse-quatre-billes" in [r["clause"] for r in o["reasons"]]


def test_replaced_clause_is_cited_in_its_place(tmp_path, rulebook):
    write(tmp_path, """\
        id: club-bande
        extends: 9-ffb
        title: "Club bande"
        clauses:
          - id: club-bande/pas-de-bande
            replaces: 9-ffb/faute-pas-de-bande
            title: "Faute : pas de bande"
            text: "Au club : une bille au moins doit toucher une bande après le contact, sauf bille empochée."
            topics: [fouls]
        """)
    book = load_rulebook(house_rules=tmp_path)
    rs = book.rulesets["club-bande"]
    assert rs.policy["rail_after_contact"].clause == "club-bande/pas-de-bande"
    assert rs.policy["rail_after_contact"].value == rulebook.rulesets["9-ffb"].policy["rail_after_contact"].value
    assert rs.fouls.get("no_rail", "club-bande/pas-de-bande") == "club-bande/pas-de-bande"
    assert book.clauses["club-bande/pas-de-bande"].section == "Liste des fautes"  # the base clause's section
    sc, _ = parse_scenario({"ruleset": "club-bande", "state": {"on_table": [2, 9]},
                            "shot": {"first_contact": 2, "rail_after_contact": False}})
    o = evaluate(book, sc)
    assert [(f.code, f.clause) for f in o.fouls] == [("no_rail", "club-bande/pas-de-bande")]


def test_a_single_file_loads_too():
    book = load_rulebook(house_rules=EXAMPLE)
    assert CLUB in book.rulesets


# ----------------------------------------------------------------------------- bad files
BASE_FILE = """\
id: club-test
extends: 9-ffb
title: "Club test"
policy:
  jump_shots: {value: forbidden, clause: club-test/sauts}
clauses:
  - id: club-test/sauts
    title: "Sauts interdits"
    text: "Pas de coup sauté."
    topics: [jump-masse]
"""


@pytest.mark.parametrize("old, new, needle, message", [
    ("jump_shots: {value", "jump_shot: {value", "jump_shot:",
     "politique inconnue « jump_shot » (vouliez-vous dire « jump_shots » ?)"),
    ("value: forbidden", "value: interdit", "jump_shots:", "jump_shots : valeur « interdit » non permise"),
    ("extends: 9-ffb", "extends: 9-fbb", "extends:", "règlement de base inconnu « 9-fbb » (vouliez-vous dire « 9-ffb » ?)"),
    ("topics: [jump-masse]", "topics: [jump-mase]", "topics:", "topic inconnu « jump-mase » (vouliez-vous dire « jump-masse » ?)"),
    ("title: \"Club test\"", "titre: \"Club test\"", "titre:", "clé inconnue « titre » (vouliez-vous dire « title » ?)"),
    ("{value: forbidden, clause: club-test/sauts}", "{valeur: forbidden, clause: club-test/sauts}", "jump_shots:",
     "clé inconnue « valeur » (vouliez-vous dire « value » ?)"),
    ("clause: club-test/sauts}", "clause: club-test/saut}", "jump_shots:",
     "clause inconnue « club-test/saut » (vouliez-vous dire « club-test/sauts » ?)"),
    ("value: forbidden", "value: silent", "jump_shots:", "« silent » n’est pas permis"),
    ("id: club-test\n", "id: 9-ffb\n", "id: 9-ffb", "l’id « 9-ffb » est celui d’un règlement de base"),
    ("id: club-test\n", "id: Club Test\n", "id: Club Test", "id « Club Test » invalide"),
    ("  - id: club-test/sauts", "  - id: autre/sauts", "- id: autre/sauts", "id de clause « autre/sauts » invalide"),
    ("    topics: [jump-masse]\n", "    topics: [jump-masse]\n    replaces: 9-ffb/casse-quatre-billes\n",
     "replaces:", "« replaces » nomme une clause inconnue de 9-ffb « 9-ffb/casse-quatre-billes » "
                  "(vouliez-vous dire « 9-ffb/casse-quatre-billes-en-bande » ?)"),
    ("title: \"Club test\"\n", "title: \"Club test\"\nfouls: {no_foot: club-test/sauts}\n", "fouls:",
     "code de faute inconnu « no_foot » (vouliez-vous dire « no_foot_on_floor » ?)"),
    ("  jump_shots: {value: forbidden, clause: club-test/sauts}", "  jump_shots: [oops", "jump_shots:", "YAML illisible"),
])
def test_bad_file_gives_file_line_and_message(tmp_path, old, new, needle, message):
    assert old in BASE_FILE
    path = write(tmp_path, BASE_FILE.replace(old, new, 1))
    probs = problems(tmp_path)
    assert probs, "a problem was expected"
    hits = [p for p in probs if message in p.message]
    assert hits, [str(p) for p in probs]
    p = hits[0]
    assert Path(p.path).name == "club.yaml"
    if "YAML" not in message:
        assert p.line == line_of(path, needle), str(p)
    assert str(p).startswith(f"{p.path}:{p.line}: ")


def test_duplicate_house_id_across_files(tmp_path):
    write(tmp_path, BASE_FILE, "a.yaml")
    second = write(tmp_path, BASE_FILE, "b.yaml")
    probs = problems(tmp_path)
    assert len(probs) == 1
    assert Path(probs[0].path).name == "b.yaml" and probs[0].line == line_of(second, "id: club-test")
    assert "règles maison en double : « club-test »" in probs[0].message and "a.yaml" in probs[0].message


def test_duplicate_clause_id_in_a_file(tmp_path):
    text = BASE_FILE + """\
  - id: club-test/sauts
    title: "Encore"
    text: "Encore."
    topics: [fouls]
"""
    write(tmp_path, text)
    probs = problems(tmp_path)
    assert [p.message for p in probs] == ["id de clause en double : « club-test/sauts »"]
    assert probs[0].line == text.splitlines().index("  - id: club-test/sauts", 8) + 1


def test_missing_title_and_missing_folder(tmp_path):
    write(tmp_path, BASE_FILE.replace('title: "Club test"\n', ""))
    assert any("« title »" in p.message for p in problems(tmp_path))
    probs = problems(tmp_path / "nulle-part")
    assert "introuvable" in probs[0].message


def test_check_command_reports_house_rule_problems(runner, cli, tmp_path):
    path = write(tmp_path, BASE_FILE.replace("jump_shots: {value", "jump_shot: {value"))
    res = runner.invoke(cli, ["check", "--house-rules", str(tmp_path)])
    assert res.exit_code == 1
    assert f"{path}:{line_of(path, 'jump_shot:')}: politique inconnue « jump_shot »" in res.output + res.stderr
    ok = runner.invoke(cli, ["check", "--house-rules", str(EXAMPLE_DIR)])
    assert ok.exit_code == 0, ok.output


# ----------------------------------------------------------------------------- generator
def test_generated_file_validates_and_loads(tmp_path, rulebook):
    text = house_yaml(rulebook, "10-ffb", "club-dix", "Le 10 au club",
                      {"jump_shots": "forbidden", "call_shot": "ball_and_pocket", "break_requirement": ""},
                      notes={"jump_shots": "Pas de jump : nos tapis sont neufs."}, publisher="Club « Dix »")
    assert validate_house_yaml(text, "club-dix.yaml") == []
    (tmp_path / "club-dix.yaml").write_text(text, encoding="utf-8")
    book = load_rulebook(house_rules=tmp_path)
    rs = book.rulesets["club-dix"]
    assert rs.extends == "10-ffb" and rs.publisher == "Club « Dix »"
    # call_shot equals the base's value: left out; only jump_shots is written
    assert yaml.safe_load(text)["policy"] == {"jump_shots": {"value": "forbidden",
                                                             "note": "Pas de jump : nos tapis sont neufs."}}
    assert rs.policy["jump_shots"].value == "forbidden"
    assert book.clauses[rs.policy["jump_shots"].clause].text == "Pas de jump : nos tapis sont neufs."
    assert set(differences(compare(book, ["10-ffb", "club-dix"]))) == {"jump_shots"}


def test_generated_file_problems_are_reported(rulebook):
    text = house_yaml(rulebook, "9-ffb", "9-bca", "Conflit", {"jump_shots": "forbidden"})
    probs = validate_house_yaml(text, "conflit.yaml")
    assert probs and probs[0].path == "conflit.yaml"
    assert "celui d’un règlement de base" in probs[0].message


def test_shape_errors_are_in_french(tmp_path):
    write(tmp_path, """\
        id: club-vide
        extends: 10-ffb
        title: ""
        clauses:
          - "texte"
          - {id: club-vide/a, title: a, text: b, topics: [], kind: toc}
        """)
    got = [(p.line, p.message) for p in problems(tmp_path)]
    assert (3, "« title » : ne doit pas être vide") in got
    assert (4, "« clauses.0 » : un dictionnaire (clé: valeur) est attendu") in got
    assert (6, "« clauses.1.kind » : valeur attendue : 'rule' ou 'info'") in got
    assert (6, "« clauses.1.topics » : au moins un élément est attendu") in got


def test_empty_policy_block_is_allowed(tmp_path):
    write(tmp_path, 'id: club-vide\nextends: 10-ffb\ntitle: "Vide"\npolicy:\n')
    book = load_rulebook(house_rules=tmp_path)
    assert dict(book.rulesets["club-vide"].policy) == dict(book.rulesets["10-ffb"].policy)
