"""Every command and every API route is documented in README.md and openapi.yaml."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
OPENAPI = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
IGNORED_METHODS = {"HEAD", "OPTIONS"}


def norm(path: str) -> str:
    """``/api/clauses/<path:clause_id>`` and ``/api/clauses/{id}`` → ``/api/clauses/{}``."""
    return re.sub(r"<[^>]+>|\{[^}]+\}", "{}", path)


def api_rules(app):
    return [r for r in app.url_map.iter_rules() if r.rule.startswith("/api/") or r.rule == "/healthz"]


def test_openapi_is_3_1_with_the_contract_schemas():
    assert str(OPENAPI["openapi"]).startswith("3.1")
    schemas = OPENAPI["components"]["schemas"]
    for name in ("Clause", "Answer", "Scenario", "Outcome", "Error"):
        assert name in schemas


def test_openapi_refs_resolve():
    text = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    for ref in set(re.findall(r'\$ref: "#/([^"]+)"', text)):
        node = OPENAPI
        for part in ref.split("/"):
            assert part in node, ref
            node = node[part]


def test_every_api_route_is_in_openapi(app):
    paths = {norm(p): {m.upper() for m in ops if m.upper() in {"GET", "POST", "PUT", "PATCH", "DELETE"}}
             for p, ops in OPENAPI["paths"].items()}
    for rule in api_rules(app):
        assert norm(rule.rule) in paths, f"{rule.rule} missing from openapi.yaml"
        for method in rule.methods - IGNORED_METHODS:
            assert method in paths[norm(rule.rule)], f"{method} {rule.rule} missing from openapi.yaml"


DOCUMENTED = {norm(p) for p in re.findall(r"`(?:GET |POST |PUT |DELETE )?(/[^`?\s]*)", README)}


def test_every_api_route_is_in_readme(app):
    for rule in api_rules(app):
        assert norm(rule.rule) in DOCUMENTED, f"{rule.rule} missing from README.md"


def test_every_main_page_is_in_readme(app):
    from web import NAV
    pages = [href for href, _ in NAV] + [r.rule for r in app.url_map.iter_rules() if r.endpoint.startswith("pages.")]
    for rule in pages:
        assert norm(rule) in DOCUMENTED, f"page {rule} missing from README.md"


def test_every_cli_command_is_in_readme(cli):
    assert "`python app.py`" in README
    for name in cli.commands:
        assert f"python app.py {name}" in README, f"command {name} missing from README.md"


def test_openapi_export_format_is_required_as_the_app_requires_it(client):
    """Contract: ``GET /api/quizzes/<id>/export?format=gift|csv``; no format is a 400 naming it."""
    op = OPENAPI["paths"]["/api/quizzes/{id}/export"]["get"]
    fmt = next(p for p in op["parameters"] if p.get("name") == "format")
    assert fmt["required"] is True and "default" not in fmt["schema"]
    assert {"gift", "csv"} <= set(fmt["schema"]["enum"])
    assert "409" in op["responses"]
    quiz = client.post("/api/quizzes", json={"count": 1}).get_json()
    r = client.get(f"/api/quizzes/{quiz['id']}/export", headers={"X-Arbitre-Token": quiz["token"]})
    assert r.status_code == 400 and r.get_json()["error"]["field"] == "format"
