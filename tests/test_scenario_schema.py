"""openapi.yaml's Scenario against the one definition of the schema (qa/engine/schema.py):
the same properties at every level, the same types and the same enums."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import yaml

from qa.engine.scenario import parse_scenario, quiet
from qa.engine.schema import ScenarioModel, ShotModel, StateModel

ROOT = Path(__file__).resolve().parent.parent


def _resolver(root: dict, prefix: str) -> Callable[[dict], dict]:
    def resolve(node: dict) -> dict:
        while "$ref" in node:
            path = node["$ref"].removeprefix(prefix).split("/")
            target: Any = root
            for part in path:
                target = target[part]
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return node
    return resolve


def _shape(node: dict, resolve: Callable[[dict], dict]) -> dict:
    """A comparable form of a JSON schema node: {"types", "enum", "properties", "items"}."""
    node = resolve(node)
    types: set[str] = set()
    enum: set[Any] = set()
    props: dict[str, dict] = {}
    items: list[dict] = []
    branches = node.get("oneOf") or node.get("anyOf")
    for branch in branches or [node]:
        branch = resolve(branch)
        t = branch.get("type")
        types.update(t if isinstance(t, list) else [t] if t else [])
        values = list(branch.get("enum", [])) + ([branch["const"]] if "const" in branch else [])
        for v in values:
            if v is None:
                types.add("null")
            else:
                enum.add(v)
        for name, sub in (branch.get("properties") or {}).items():
            props[name] = _shape(sub, resolve)
        if "items" in branch:
            items.append(_shape(branch["items"], resolve))
    return {"types": sorted(types), "enum": sorted(enum, key=str), "properties": props,
            "items": items[0] if items else None}


def _openapi() -> tuple[dict, Callable[[dict], dict]]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return spec["components"]["schemas"], _resolver(spec, "#/")


def _models() -> tuple[dict, Callable[[dict], dict]]:
    schema = ScenarioModel.model_json_schema()
    return schema, _resolver(schema, "#/")


def _foul_codes() -> list[str]:
    raw = yaml.safe_load((ROOT / "rules_data" / "foul_codes.yaml").read_text(encoding="utf-8"))
    return sorted(raw if isinstance(raw, dict) else (c if isinstance(c, str) else c["code"] for c in raw))


def test_openapi_scenario_matches_the_models():
    schemas, resolve_api = _openapi()
    model, resolve_model = _models()
    api = _shape(schemas["Scenario"], resolve_api)
    ours = _shape(model, resolve_model)
    # foul codes: the models take any string (the codes are data, rules_data/foul_codes.yaml,
    # checked by the engine); openapi lists them: they must be exactly the data's codes
    api_fouls = api["properties"]["shot"]["properties"]["fouls"]["items"]
    assert api_fouls["enum"] == _foul_codes()
    api_fouls["enum"] = []
    assert api == ours


def test_every_level_lists_the_same_fields():
    schemas, resolve = _openapi()
    assert list(resolve(schemas["State"])["properties"]) == list(StateModel.model_fields)
    assert list(resolve(schemas["Shot"])["properties"]) == list(ShotModel.model_fields)
    assert set(resolve(schemas["Scenario"])["properties"]) == set(ScenarioModel.model_fields)


def test_to_json_round_trips_through_the_models():
    data = {"ruleset": "9-ffb", "state": {"on_table": [3, 2, 9], "fouls": {"shooter": 1}},
            "shot": {"first_contact": 2, "pocketed": [9, 3], "called": {"ball": 9, "pocket": "coin"}}}
    sc, _ = parse_scenario(data)
    out = sc.to_json()
    assert out["state"]["on_table"] == [2, 3, 9] and out["shot"]["pocketed"] == [3, 9]
    assert "rail_after_contact" not in out["shot"] and "balls_to_rail" not in out["shot"]  # unstated: left out
    assert out["shot"]["called"] == {"ball": 9, "pocket": "coin", "pocket_ok": True}
    again, _ = parse_scenario(out)
    assert again == sc
    assert quiet(ScenarioModel.model_validate(out).model_dump(exclude={"shot": {"rail_after_contact", "balls_to_rail",
                                                                                "crossed_head_string"}})) == out


def test_quiz_templates_start_from_the_schema_defaults():
    from qa.quiz.generate import _shot, _state

    assert _state() == StateModel().model_dump()
    assert _shot() == {**ShotModel().model_dump(), "rail_after_contact": True}
