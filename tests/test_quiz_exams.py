"""Trainer exams and tokens (contract « Exams », « Tokens »; issue 14): one-use candidate codes,
candidates who change nothing and cannot rebuild the questions, results for the trainer only,
quizzes and histories that need their tokens, learner names without case."""
from __future__ import annotations

import csv
import io
import re
import threading

from db_support import run_at_once
from api_support import assert_error as err

EXAM = {"title": "Arbitres régionaux", "rulesets": ["9-ffb"], "topics": [], "count": 6, "time_limit_s": 600,
        "pass_mark": 0.5, "candidates": 3}


def make_exam(client, **over):
    r = client.post("/api/exams", json={**EXAM, **over})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def attempt(client, exam, code, learner="Candidat"):
    return client.post(f"/api/exams/{exam['id']}/attempts", json={"code": code, "learner": learner})


def test_an_exam_gives_one_use_codes_and_the_same_questions_without_seed(client):
    exam = make_exam(client)
    assert len(exam["codes"]) == 3 and len(set(exam["codes"])) == 3 and exam["trainer_token"]
    assert "seed" not in exam and "seed" not in exam["params"]
    a = attempt(client, exam, exam["codes"][0], "Ana")
    assert a.status_code == 201
    qa = a.get_json()
    assert qa["mode"] == "exam" and "seed" not in qa and qa["token"] and len(qa["questions"]) == 6
    assert all(q["topics"] == [] for q in qa["questions"])          # topics only in the review
    b = attempt(client, exam, exam["codes"][1].lower().replace("-", " "), "Bruno").get_json()   # typed loosely
    assert [q["id"] for q in b["questions"]] == [q["id"] for q in qa["questions"]]
    # one attempt per code
    err(attempt(client, exam, exam["codes"][0], "Ana encore"), 409, "code", code="code_used")
    err(attempt(client, exam, "ABCD-EFGH-JKLM-NPQR"), 403, "code")
    err(attempt(client, exam, ""), 400, "code")
    view = client.get(f"/api/quizzes/{qa['id']}", headers={"X-Arbitre-Token": qa["token"]}).get_json()
    assert "seed" not in view and "seed" not in view["params"]
    assert view["params"]["pass_mark"] == 0.5 and view["time_limit_s"] == 600


def test_two_candidates_of_one_exam_cannot_take_the_same_name(client):
    """The results list candidates by name: a second « ana » (any case, any Unicode form) is a
    409 naming « learner », and its code stays free for that candidate under another name."""
    exam = make_exam(client)
    assert attempt(client, exam, exam["codes"][0], "Ana Dupré").status_code == 201
    err(attempt(client, exam, exam["codes"][1], "ana dupre\u0301"), 409, "learner", code="candidate_taken")
    for twin in ("Ａｎａ Ｄｕｐｒé", "A\u200bna Dupré"):          # full-width letters, a zero-width space inside
        err(attempt(client, exam, exam["codes"][1], twin), 409, "learner", code="candidate_taken")
    assert attempt(client, exam, exam["codes"][1], "Ana D.").status_code == 201
    other = make_exam(client)                     # another exam: the name is free there
    assert attempt(client, other, other["codes"][0], "Ana Dupré").status_code == 201


def test_a_code_used_by_two_candidates_at_once_gives_one_attempt(app):
    client = app.test_client()
    exam = make_exam(client, candidates=1)
    barrier, statuses = threading.Barrier(6), []

    def go(i):
        c = app.test_client()
        barrier.wait()
        statuses.append(attempt(c, exam, exam["codes"][0], f"C{i}").status_code)

    run_at_once(go, range(6))
    assert sorted(statuses) == [201] + [409] * 5


def test_candidates_change_nothing_and_results_are_the_trainers(client):
    exam = make_exam(client)
    qa = attempt(client, exam, exam["codes"][0], "Ana").get_json()
    tok = {"X-Arbitre-Token": qa["token"]}
    # answering and finishing need the attempt's token
    q = qa["questions"][0]
    err(client.post(f"/api/quizzes/{qa['id']}/answers", json={"question": q["id"], "choice": "a"}), 403, "token")
    err(client.post(f"/api/quizzes/{qa['id']}/finish"), 403, "token")
    err(client.get(f"/api/quizzes/{qa['id']}"), 403, "token")
    r = client.post(f"/api/quizzes/{qa['id']}/answers", json={"question": q["id"], "choice": "a"}, headers=tok)
    assert r.status_code == 200 and r.get_json()["recorded"] is True and "correct" not in r.get_json()
    result = client.post(f"/api/quizzes/{qa['id']}/finish", headers=tok).get_json()
    assert result["pass_mark"] == 0.5 and result["total"] == 6
    assert any(r["question"]["topics"] for r in result["review"])     # topics are shown in the review
    # the results: trainer token only
    err(client.get(f"/api/exams/{exam['id']}/results"), 403, "token")
    err(client.get(f"/api/exams/{exam['id']}/results", headers=tok), 403, "token")
    trainer = {"X-Arbitre-Token": exam["trainer_token"]}
    res = client.get(f"/api/exams/{exam['id']}/results", headers=trainer).get_json()
    rows = res["candidates"]
    assert [r["code"] for r in rows] == [1, 2, 3]
    assert rows[0]["learner"] == "Ana" and rows[0]["score"] == result["score"] and rows[0]["passed"] == result["passed"]
    assert rows[1]["quiz"] is None and rows[1]["score"] is None
    body = client.get(f"/api/exams/{exam['id']}/results?format=csv", headers=trainer).get_data(as_text=True)
    assert body.startswith("\ufeff")                 # French Excel reads UTF-8 with a BOM
    table = list(csv.reader(io.StringIO(body[1:]), delimiter=";"))
    assert table[0][:8] == ["code n°", "candidat", "début", "fin", "score", "total", "pourcentage", "réussi"]
    assert table[1][1] == "Ana" and table[1][4] == str(result["score"]) and len(table) == 4


def test_exam_fields_are_checked(client):
    err(client.post("/api/exams", json={**EXAM, "candidates": 0}), 400, "candidates")
    err(client.post("/api/exams", json={**EXAM, "pass_mark": 2}), 400, "pass_mark")
    err(client.post("/api/exams", json={**EXAM, "seed": 3}), 400, "seed")
    err(client.post("/api/exams", json={**EXAM, "rulesets": ["9-fb"]}), 400, "rulesets")
    err(client.get("/api/exams/inconnu/results"), 404, "exam")


def test_a_self_set_exam_has_no_seed_and_refuses_one(client):
    err(client.post("/api/quizzes", json={"count": 3, "mode": "exam", "seed": 4}), 400, "seed")
    r = client.post("/api/quizzes", json={"count": 3, "mode": "exam"}).get_json()
    assert "seed" not in r and all(q["topics"] == [] for q in r["questions"])


def test_histories_need_the_learners_token_and_names_ignore_case(client):
    first = client.post("/api/quizzes", json={"count": 2, "seed": 3, "learner": "Zoé"}).get_json()
    ltok = first["learner_token"]
    err(client.get("/api/learners/Zoé/history"), 403, "token")
    err(client.get("/api/learners/Zoé/history", headers={"X-Arbitre-Token": first["token"]}), 403, "token")
    # the same name in other cases is the same learner: taken without the token
    err(client.post("/api/quizzes", json={"count": 2, "learner": "ZOÉ"}), 403, "learner")
    again = client.post("/api/quizzes", json={"count": 2, "learner": "zoé"}, headers={"X-Arbitre-Token": ltok})
    assert again.status_code == 201 and again.get_json()["learner"] == "Zoé" and "learner_token" not in again.get_json()
    h = client.get("/api/learners/ZOÉ/history", headers={"X-Arbitre-Token": ltok}).get_json()
    assert h["learner"] == "Zoé" and len(h["quizzes"]) == 2
    # the learner's token opens the learner's quizzes too
    assert client.get(f"/api/quizzes/{first['id']}", headers={"X-Arbitre-Token": ltok}).status_code == 200


def test_exam_pages_codes_attempt_and_results(client):
    html = client.get("/examens/nouveau").get_data(as_text=True)
    assert "Créer un examen" in html
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    data = {"title": "Stage", "rulesets": "9-bca", "count": "4", "time_limit_min": "10", "pass_percent": "75",
            "candidates": "2"}
    if token:
        data["csrf_token"] = token.group(1)
    r = client.post("/examens", data=data)
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    codes = re.findall(r"<li><code>([A-Z0-9-]{19})</code></li>", page)
    exam_id = re.search(r"/examens/([0-9a-f]{16})/resultats", page).group(1)
    assert len(codes) == 2
    other = client.application.test_client()        # the candidate's own browser
    r = other.post(f"/examens/{exam_id}/commencer", data={"code": codes[0], "learner": "Léa"})
    assert r.status_code == 303 and "/quiz/" in r.headers["Location"]
    quiz_page = other.get(r.headers["Location"]).get_data(as_text=True)
    assert "Stage" in quiz_page and "Code d’épreuve" not in quiz_page
    assert other.post(f"/examens/{exam_id}/commencer", data={"code": codes[0], "learner": "Léa"}).status_code == 409
    assert other.get(f"/examens/{exam_id}/resultats").status_code == 403     # not the trainer's browser
    assert client.get(r.headers["Location"]).status_code == 403              # nor the candidate's quiz
    res = client.get(f"/examens/{exam_id}/resultats").get_data(as_text=True)
    assert "Léa" in res and "code non utilisé" in res
    csv_body = client.get(f"/examens/{exam_id}/resultats.csv").get_data(as_text=True)
    assert csv_body.startswith("\ufeff") and "Léa" in csv_body


def test_a_trainer_exam_key_is_not_exported_and_pages_export_with_the_session(client):
    exam = make_exam(client, candidates=1)
    qa = attempt(client, exam, exam["codes"][0], "Ana").get_json()
    tok = {"X-Arbitre-Token": qa["token"]}
    client.post(f"/api/quizzes/{qa['id']}/finish", headers=tok)
    err(client.get(f"/api/quizzes/{qa['id']}/export?format=gift", headers=tok), 409, code="exam_in_progress")
    # a practice quiz made on the page exports from the page, with the session's token
    html = client.get("/quiz").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    data = {"count": "3", "seed": "5", "learner": "Page export"}
    if token:
        data["csrf_token"] = token.group(1)
    r = client.post("/quiz", data=data)
    quiz_id = r.headers["Location"].rsplit("/", 1)[1]
    r = client.get(f"/quiz/{quiz_id}/export?format=csv&sep=;")
    assert r.status_code == 200 and r.get_data(as_text=True).startswith("\ufeffnumero;")
    assert client.application.test_client().get(f"/quiz/{quiz_id}/export?format=csv").status_code == 403


def test_the_key_is_hidden_from_candidates_until_every_attempt_is_over(client):
    exam = make_exam(client, candidates=2)
    a = attempt(client, exam, exam["codes"][0], "Ana").get_json()
    ta = {"X-Arbitre-Token": a["token"]}
    q = a["questions"][0]
    client.post(f"/api/quizzes/{a['id']}/answers", json={"question": q["id"], "choice": "a"}, headers=ta)
    res = client.post(f"/api/quizzes/{a['id']}/finish", headers=ta).get_json()
    assert res["key_hidden"] is True and isinstance(res["score"], int)
    assert all(r["right_choice"] is None and r["correct"] is None for r in res["review"])
    view = client.get(f"/api/quizzes/{a['id']}", headers=ta).get_json()
    assert view["result"]["key_hidden"] and all("correct" not in x for x in view["answers"])
    b = attempt(client, exam, exam["codes"][1], "Bruno").get_json()
    tb = {"X-Arbitre-Token": b["token"]}
    client.post(f"/api/quizzes/{b['id']}/finish", headers=tb)
    shown = client.get(f"/api/quizzes/{a['id']}", headers=ta).get_json()["result"]
    assert "key_hidden" not in shown and all(r["right_choice"] for r in shown["review"])
    # the trainer always had the scores
    rows = client.get(f"/api/exams/{exam['id']}/results",
                      headers={"X-Arbitre-Token": exam["trainer_token"]}).get_json()["candidates"]
    assert [r["learner"] for r in rows] == ["Ana", "Bruno"] and all(r["score"] is not None for r in rows)


def test_a_learners_history_never_shows_an_exams_seed(client):
    first = client.post("/api/quizzes", json={"count": 2, "seed": 9, "learner": "Ulysse"}).get_json()
    tok = {"X-Arbitre-Token": first["learner_token"]}
    client.post("/api/quizzes", json={"count": 2, "mode": "exam", "learner": "Ulysse"}, headers=tok)
    h = client.get("/api/learners/Ulysse/history", headers=tok).get_json()
    assert [(z["mode"], z["seed"]) for z in h["quizzes"]] == [("practice", 9), ("exam", None)]
