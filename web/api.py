"""The JSON API (contract "JSON over HTTP"): health, rulesets, topics, clauses, ask, evaluate, rack.

Every view only translates HTTP into calls of ``qa`` and results into JSON; bad input is an
:class:`~web.common.ApiError` (4xx, French message naming the field).
"""
from __future__ import annotations


from flask import Blueprint, current_app, jsonify, request

from qa.answer import AskError
from qa.engine.everywhere import first_impossible, outcomes_json, rule_under
from qa.engine.outcome import ImpossibleScenarioError
from qa.engine.rack import play_rack
from qa.engine.scenario import ScenarioFormatError, parse_scenario
from qa.rulebook import did_you_mean

from .common import (ApiError, query_fields, bad_request, get_answerer, get_rulebook, int_param, json_body,
                     question_param, reject_unknown_keys, rulesets_from_json, rulesets_from_query)

bp = Blueprint("api", __name__)


def impossible(exc: ImpossibleScenarioError, **extra) -> ApiError:
    """The 422 for a scenario that cannot happen: message, field and the clause it contradicts."""
    return ApiError(422, "impossible_scenario", exc.message, exc.field, clause=exc.clause, **extra)


def invalid_scenario(exc: ScenarioFormatError) -> ApiError:
    """The 400 for a malformed scenario, naming the field (``shots[i].<field>`` inside a rack)."""
    return bad_request("invalid_scenario", exc.message, exc.field or None)


# ----------------------------------------------------------------------------- reading
@bp.get("/healthz")
def healthz():
    """``{"status": "ok", "rulesets": N, "clauses": N}``."""
    book = get_rulebook()
    return jsonify(status="ok", rulesets=len(book.rulesets), clauses=len(book.clauses))


@bp.get("/api/rulesets")
def rulesets():
    """Every ruleset: id, game, title, source, clause count, policy."""
    book = get_rulebook()
    return jsonify([rs.to_json(len(book.by_ruleset.get(rid, ()))) for rid, rs in book.rulesets.items()])


@bp.get("/api/topics")
def topics():
    """Every topic: ``[{"id", "label"}]``."""
    return jsonify([{"id": t, "label": label} for t, label in get_rulebook().topics.items()])


@bp.get("/api/clauses")
@query_fields("rulesets", "topic")
def clauses():
    """Clauses in source order, optionally of some rulesets (``rulesets=ID,ID``) and one topic (``topic=T``)."""
    book = get_rulebook()
    ids = rulesets_from_query(book) or list(book.rulesets)
    topic = request.args.get("topic", "").strip() or None
    if topic is not None and topic not in book.topics:
        raise bad_request("unknown_topic", f"Paramètre « topic » : thème inconnu « {topic[:80]} »"
                                           f"{did_you_mean(topic, book.topics)} ; thèmes : {', '.join(book.topics)}.",
                          "topic")
    out = [c.to_json() for rid in ids for c in book.by_ruleset.get(rid, ())
           if topic is None or topic in c.topics]
    return jsonify(out)


@bp.get("/api/clauses/<path:clause_id>")
def clause(clause_id: str):
    """One clause by id (``9-bca/7-coup-manque``); 404 JSON when unknown."""
    book = get_rulebook()
    c = book.clauses.get(clause_id)
    if c is None:
        raise ApiError(404, "unknown_clause", f"Clause inconnue « {clause_id[:120]} »"
                                              f"{did_you_mean(clause_id, book.clauses)}.", "id")
    return jsonify(c.to_json())


# ----------------------------------------------------------------------------- ask
@bp.route("/api/ask", methods=["GET", "POST"])
@query_fields("q", "rulesets", "k", "context")
def ask():
    """Answer a question: ``q``, ``rulesets`` (``ID,ID`` in the query, a list in JSON), ``k``, and
    ``context`` (the previous answer's, to follow up on it)."""
    book = get_rulebook()
    max_k = current_app.config["MAX_K"]
    if request.method == "POST":
        data = json_body()
        reject_unknown_keys(data, ("q", "rulesets", "k", "context"))
        q = question_param(data.get("q"))
        ids = rulesets_from_json(book, data.get("rulesets"), allow_empty=False)   # as /api/evaluate
        k = int_param(data.get("k"), "k", 5, 1, max_k, strict=True)
        context = data.get("context")
    else:
        q = question_param(request.args.get("q"))
        ids = rulesets_from_query(book)
        if ids is None and "rulesets" in request.args:     # « rulesets= », « rulesets=, »: as an empty JSON list
            raise bad_request("invalid_field", "Paramètre « rulesets » : la liste ne doit pas être vide "
                                               "(omettez-le pour tous les règlements).", "rulesets")
        k = int_param(request.args.get("k"), "k", 5, 1, max_k)
        context = request.args.get("context")
    try:
        answer = get_answerer().ask(q, rulesets=ids, k=k, context=context)
    except AskError as exc:
        raise bad_request(exc.code or "invalid_question", exc.message, exc.field) from None
    return jsonify(answer)


# ----------------------------------------------------------------------------- engine
@bp.post("/api/evaluate")
def evaluate_shot():
    """Rule on one shot: a Scenario with ``ruleset`` → Outcome; with ``rulesets`` → ``{"outcomes": {id: Outcome}}``."""
    book = get_rulebook()
    data = json_body()
    if "rulesets" in data and data["rulesets"] is None:
        # contract: a field that is null is "not stated"; then « ruleset » is the one required
        data = {k: v for k, v in data.items() if k != "rulesets"}
    many = "rulesets" in data
    if many and data.get("ruleset") is not None:
        raise bad_request("conflicting_fields", "Donnez « ruleset » (un règlement) ou « rulesets » (une liste), "
                                                "pas les deux.", "rulesets")
    try:
        scenario, ids = parse_scenario(data, many=many)
    except ScenarioFormatError as exc:
        raise invalid_scenario(exc) from None
    if many:
        ids = rulesets_from_json(book, ids, "rulesets", allow_empty=False)
    elif not scenario.ruleset:
        raise bad_request("missing_field", "Champ « ruleset » : « ruleset » (un règlement) ou « rulesets » (une liste) "
                                           f"est requis ; règlements : {', '.join(book.rulesets)}.", "ruleset")
    else:
        ids = rulesets_from_json(book, [scenario.ruleset], "ruleset")
    rulings = rule_under(book, scenario, ids)
    failed = first_impossible(rulings)
    if failed is not None:
        raise impossible(failed[1], **({"ruleset": failed[0]} if many else {})) from None
    outcomes = outcomes_json(book, rulings)
    return jsonify(outcomes=outcomes) if many else jsonify(outcomes[ids[0]])


@bp.post("/api/rack")
def rack():
    """Rule on the shots of one rack in order: ``{ruleset, state, shots}`` → ``{"outcomes": [Outcome + player]}``."""
    book = get_rulebook()
    data = json_body()
    reject_unknown_keys(data, ("ruleset", "state", "shots"))
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise bad_request("missing_field", "Le champ « ruleset » est obligatoire ; "
                                           f"règlements : {', '.join(book.rulesets)}.", "ruleset")
    if not isinstance(ruleset, str):
        raise bad_request("invalid_field", "Champ « ruleset » : un identifiant de règlement (texte) est attendu.",
                          "ruleset")
    rulesets_from_json(book, [ruleset], "ruleset")
    if "shots" not in data:
        raise bad_request("missing_field", "Le champ « shots » (la liste des coups du rack) est obligatoire.", "shots")
    try:
        played = play_rack(book, ruleset, data.get("state"), data.get("shots"))
    except ScenarioFormatError as exc:
        raise invalid_scenario(exc) from None
    except ImpossibleScenarioError as exc:
        raise impossible(exc) from None
    return jsonify(outcomes=[{**outcome.to_json(book.clauses), "player": player} for player, outcome in played])
