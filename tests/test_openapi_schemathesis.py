"""openapi.yaml tells the truth: a bounded schemathesis run against the Flask app itself.

Every operation of openapi.yaml gets a few generated requests (valid and invalid ones),
sent to the WSGI app in process (no server, the rate limiter off); each response must be
no 5xx, a status code the operation documents, and a body that matches the documented
schema. Operations on a quiz or a learner are also run against quizzes and a learner that
exist (the generated ids alone only reach the 404 paths).
"""
from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance, not_a_server_error, response_schema_conformance, status_code_conformance,
)
from schemathesis.core.failures import FailureGroup
from schemathesis.openapi.checks import JsonSchemaError

ROOT = Path(__file__).resolve().parent.parent
# The schema's examples, its boundary cases (coverage phase) and a few random requests per
# operation keep the run to seconds; ARBITRE_SCHEMATHESIS_EXAMPLES=200 for a deeper search.
EXAMPLES_PER_OPERATION = int(os.environ.get("ARBITRE_SCHEMATHESIS_EXAMPLES", "5"))
PHASES = os.environ.get("ARBITRE_SCHEMATHESIS_PHASES", "examples,coverage,fuzzing").split(",")
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance, content_type_conformance]

schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
schema.config.generation.update(max_examples=EXAMPLES_PER_OPERATION)
schema.config.phases.update(phases=PHASES)


@pytest.fixture(scope="module")
def api_app(rulebook, answerer, tmp_path_factory):
    """The app with test settings (rate limits off), its quiz database in a fresh folder."""
    from web import create_app
    return create_app({
        "TESTING": True, "SECRET_KEY": "test", "RULEBOOK": rulebook, "ANSWERER": answerer,
        "RATELIMIT_ENABLED": False, "WTF_CSRF_ENABLED": False,
        "DATABASE": str(tmp_path_factory.mktemp("schemathesis") / "arbitre.db"),
        # schemathesis asks for compressed answers but its WSGI transport does not unpack them:
        # compression stays off here (it is tested in tests/test_product.py)
        "COMPRESS_REGISTER": False,
    })


LEARNER = "Schéma Thésis"


@pytest.fixture(scope="module")
def existing(api_app, rulebook) -> dict[str, dict[str, list[str]]]:
    """{path template: {path parameter: values that exist}}: a clause; quizzes in practice
    (in progress; finished with a wrong answer), in exam (in progress: its key is not
    exported, 409), one more to finish; a learner with a mistake due for review; an exam.
    ``TOKENS`` gets the token of each (contract « Tokens »)."""
    client = api_app.test_client()
    made = []
    for body in ({"count": 2, "seed": 3}, {"count": 2, "seed": 4, "learner": LEARNER},
                 {"count": 2, "mode": "exam", "learner": LEARNER}, {"count": 1, "seed": 5}):
        headers = {"X-Arbitre-Token": made[1]["learner_token"]} if len(made) == 2 else {}
        made.append(client.post("/api/quizzes", json=body, headers=headers).get_json())
    practice, finished, exam, to_finish = [m["id"] for m in made]
    for m in made:
        TOKENS[m["id"]] = m["token"]
    TOKENS[LEARNER] = made[1]["learner_token"]
    hdr = {"X-Arbitre-Token": TOKENS[finished]}
    export = client.get(f"/api/quizzes/{finished}/export?format=csv", headers=hdr).get_data(as_text=True)
    right = {row["id"]: row["bonne_reponse"] for row in csv.DictReader(io.StringIO(export.lstrip("\ufeff")))}
    question = client.get(f"/api/quizzes/{finished}", headers=hdr).get_json()["questions"][0]
    wrong = next(c["id"] for c in question["choices"] if c["id"] != right[question["id"]])
    answer = client.post(f"/api/quizzes/{finished}/answers", json={"question": question["id"], "choice": wrong},
                         headers=hdr)
    assert answer.get_json()["correct"] is False
    assert client.post(f"/api/quizzes/{finished}/finish", headers=hdr).status_code == 200
    assert client.get(f"/api/learners/{LEARNER}/history",
                      headers={"X-Arbitre-Token": TOKENS[LEARNER]}).get_json()["mistakes"] == 1
    ex = client.post("/api/exams", json={"count": 2, "candidates": 2}).get_json()
    TOKENS[ex["id"]] = ex["trainer_token"]
    learner = {"learner": [LEARNER]}
    match = client.post("/api/matches", json={"ruleset": "9-ffb", "players": ["A", "B"]}).get_json()
    client.post(f"/api/matches/{match['id']}/shots", json={"kind": "break"}, headers={"X-Arbitre-Token": match["token"]})
    matches = {"id": [match["id"]]}
    return {
        "/api/clauses/{id}": {"id": [next(iter(rulebook.clauses))]},
        "/api/quizzes/{id}": {"id": [practice, finished, exam]},
        "/api/quizzes/{id}/answers": {"id": [practice, finished, exam]},
        "/api/quizzes/{id}/finish": {"id": [finished, to_finish]},
        "/api/quizzes/{id}/export": {"id": [finished, exam]},
        "/api/learners/{learner}/history": learner,
        "/api/learners/{learner}/mistakes": learner,
        "/api/learners/{learner}/review": learner,
        "/api/matches/{id}": matches, "/api/matches/{id}/shots": matches, "/api/matches/{id}/undo": matches,
        "/api/matches/{id}/warning": matches, "/api/matches/{id}/export": matches,
        "/api/exams/{id}": {"id": [ex["id"]]},
        "/api/exams/{id}/attempts": {"id": [ex["id"]]},
        "/api/exams/{id}/results": {"id": [ex["id"]]},
    }


TOKENS: dict[str, str] = {}


@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
def test_api_conforms_to_openapi(case, api_app, existing):
    """No 5xx, documented status codes, documented bodies: for the generated request, then
    for the same request on each resource that exists."""
    case.call_and_validate(app=api_app, checks=CHECKS)
    for name, values in existing.get(case.operation.path, {}).items():
        for value in values:
            case.path_parameters[name] = value
            case.call_and_validate(app=api_app, checks=CHECKS)
            if value in TOKENS:          # and with its token: the paths past the 403
                case.headers = {**(case.headers or {}), "X-Arbitre-Token": TOKENS[value]}
                case.call_and_validate(app=api_app, checks=CHECKS)


def test_the_run_catches_a_schema_that_lies(api_app, existing):
    """The harness itself: with ``mistakes`` documented as a list (as openapi.yaml once said),
    the learner's history is reported as a schema violation."""
    raw = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    raw["components"]["schemas"]["History"]["properties"]["mistakes"] = {"type": "array"}
    lying = schemathesis.openapi.from_dict(raw)
    token = {"X-Arbitre-Token": TOKENS[LEARNER]}
    case = lying["/api/learners/{learner}/history"]["GET"].Case(path_parameters={"learner": LEARNER}, headers=token)
    with pytest.raises(FailureGroup) as caught:
        case.call_and_validate(app=api_app, checks=CHECKS)
    assert [type(e) for e in caught.value.exceptions] == [JsonSchemaError]
    assert "/History/properties/mistakes" in str(caught.value.exceptions[0])
    honest = schema["/api/learners/{learner}/history"]["GET"].Case(path_parameters={"learner": LEARNER}, headers=token)
    assert honest.call_and_validate(app=api_app, checks=CHECKS).status_code == 200
