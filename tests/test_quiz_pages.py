"""The /quiz pages, server-rendered, without JavaScript (Flask test client)."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from html import unescape

import pytest


def text(r) -> str:
    return unescape(r.get_data(as_text=True))


def start(client, **form):
    data = {"count": "4", "mode": "practice", "seed": "21", "learner": "Page"}
    data.update(form)
    if data["mode"] == "exam":
        data.pop("seed")             # an exam is drawn from a secret seed
    r = client.post("/quiz", data=data)
    assert r.status_code == 303, text(r)[:500]
    m = re.match(r".*/quiz/([0-9a-f]+)$", r.headers["Location"])
    assert m, r.headers["Location"]
    return m.group(1), r


def page_token(client, quiz_id):
    """The quiz's token as the pages keep it (the session)."""
    with client.session_transaction() as sess:
        return sess["quiz_tokens"][quiz_id]


def adopt(client, quiz):
    """Give this browser the token of a quiz created through the API."""
    with client.session_transaction() as sess:
        sess["quiz_tokens"] = {**(sess.get("quiz_tokens") or {}), quiz["id"]: quiz["token"]}


def quiz_json(client, quiz_id):
    return client.get(f"/api/quizzes/{quiz_id}", headers={"X-Arbitre-Token": page_token(client, quiz_id)}).get_json()


def right_choice(app, quiz_id, pos):
    from web.quiz import quiz_service
    with app.app_context():
        return quiz_service().load(quiz_id).questions[pos].right


def test_setup_page_is_a_french_form_with_fieldsets(client):
    r = client.get("/quiz")
    assert r.status_code == 200
    html = text(r)
    assert 'action="/quiz"' in html and 'name="csrf_token"' in html
    for legend in ("Règlements", "Thèmes", "Mode"):
        assert f"<legend>{legend}</legend>" in html
    for name in ("count", "seed", "time_limit_min", "learner"):
        assert f'name="{name}"' in html
    assert "Code d’épreuve" in html


def test_setup_prefills_from_the_query_string(client):
    html = text(client.get("/quiz?seed=77&mode=exam&rulesets=9-ffb"))
    assert 'value="77"' in html
    assert re.search(r'value="exam" checked', html)
    assert re.search(r'value="9-ffb" checked', html)


def test_bad_setup_shows_a_french_error_naming_the_field(client):
    r = client.post("/quiz", data={"count": "80"})
    assert r.status_code == 400
    html = text(r)
    assert "count" in html and 'role="alert"' in html and 'aria-invalid="true"' in html
    r = client.post("/quiz", data={"count": "3", "time_limit_min": "abc"})
    assert r.status_code == 400 and "Durée" in text(r)


def test_creating_sets_the_learner_cookie_and_shows_the_first_question(client):
    quiz_id, r = start(client)
    assert "arbitre_learner=Page" in r.headers.get("Set-Cookie", "")
    page = client.get(f"/quiz/{quiz_id}")
    html = text(page)
    assert page.status_code == 200
    assert "Question 1 sur 4" in html
    assert re.search(r'<fieldset class="choices"[^>]*>\s*<legend class="prompt">', html)
    assert html.count('type="radio" name="choice"') >= 2
    assert 'role="progressbar"' in html and 'aria-valuenow="0"' in html and 'aria-valuemax="4"' in html
    assert 'name="csrf_token"' in html


def test_a_learner_without_a_name_gets_a_generated_token(client):
    r = client.post("/quiz", data={"count": "2", "seed": "3"})
    assert r.status_code == 303
    assert re.search(r"arbitre_learner=apprenant-[0-9a-f]{6}", r.headers["Set-Cookie"])


def test_practice_shows_the_correction_with_citation_links(app, client):
    quiz_id, _ = start(client, seed="5")
    q = quiz_json(client, quiz_id)["questions"][0]
    right = right_choice(app, quiz_id, 0)
    wrong = next(c["id"] for c in q["choices"] if c["id"] != right)
    r = client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"], "choice": wrong})
    assert r.status_code == 303 and r.headers["Location"].endswith("?q=1#correction")
    html = text(client.get(f"/quiz/{quiz_id}?q=1"))
    assert "Mauvaise réponse" in html and "La bonne réponse" in html
    assert re.search(r'href="/regles/[0-9a-z-]+#[0-9a-z-]+/[0-9a-z-]+"', html)
    assert "Question suivante" in html
    assert 'aria-valuenow="1"' in html


def test_missing_choice_asks_again(client):
    quiz_id, _ = start(client, seed="6")
    q = quiz_json(client, quiz_id)["questions"][0]
    r = client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"]})
    assert r.status_code == 303 and "erreur=choix" in r.headers["Location"]
    assert "Choisissez une réponse" in text(client.get(r.headers["Location"]))


def test_call_questions_draw_the_table(client):
    quiz = client.post("/api/quizzes", json={"count": 1, "seed": 8, "kinds": ["call"]}).get_json()
    adopt(client, quiz)
    sc = quiz["questions"][0]["scenario"]
    html = text(client.get(f"/quiz/{quiz['id']}"))
    assert '<svg viewBox="0 0 220 120" role="img"' in html
    assert "<title" in html and "<desc" in html
    # the description read out says which balls stand on the table before the shot
    table = sc["state"]["on_table"] or list(range(1, 10 if sc["ruleset"].startswith("9") else 11))
    assert f"Billes sur la table avant le coup : {', '.join(map(str, sorted(table)))}." in html
    assert "style=" not in html.split("<main", 1)[1]    # CSP: no inline style


def test_exam_flow_to_the_review(client):
    quiz_id, _ = start(client, mode="exam", seed="9", time_limit_min="5")
    qs = quiz_json(client, quiz_id)["questions"]
    html = text(client.get(f"/quiz/{quiz_id}"))
    assert "Temps restant" in html and "data-countdown" in html and "quiz.js" in html
    for i, q in enumerate(qs):
        r = client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"], "choice": "a"})
        assert r.status_code == 303
        if i < len(qs) - 1:
            assert r.headers["Location"].endswith(f"?q={i + 2}")
        page = text(client.get(r.headers["Location"]))
        assert "Bonne réponse" not in page and "Mauvaise réponse" not in page
    html = text(client.get(f"/quiz/{quiz_id}"))
    assert "Terminer l’examen" in html
    r = client.post(f"/quiz/{quiz_id}/terminer")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/quiz/{quiz_id}/revue")
    html = text(client.get(r.headers["Location"]))
    assert "Score :" in html and "Par thème" in html and "Correction" in html
    assert html.count('class="review-item') == len(qs)
    assert client.get(f"/quiz/{quiz_id}").status_code == 303     # a finished quiz goes to its review


def test_auto_submit_on_time_up_records_then_finishes(client):
    quiz_id, _ = start(client, mode="exam", seed="10", time_limit_min="1")
    q = quiz_json(client, quiz_id)["questions"][0]
    r = client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"], "choice": "b", "finir": "1"})
    assert r.status_code == 303 and "/revue" in r.headers["Location"]
    view = quiz_json(client, quiz_id)
    assert view["finished"] and [a["choice"] for a in view["answers"]] == ["b"]


def test_server_enforces_the_time_limit_on_pages(make_app):
    class Clock:
        t = datetime(2025, 5, 1, 10, 0, tzinfo=timezone.utc)

        def __call__(self):
            return self.t

    clock = Clock()
    client = make_app(QUIZ_CLOCK=clock).test_client()
    quiz_id, _ = start(client, mode="exam", seed="11", time_limit_min="1")
    q = quiz_json(client, quiz_id)["questions"][0]
    clock.t += timedelta(minutes=5)
    r = client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"], "choice": "a"})
    assert r.status_code == 303 and "/revue" in r.headers["Location"] and "temps=1" in r.headers["Location"]
    html = text(client.get(r.headers["Location"]))
    assert "Le temps est écoulé" in html and "Score : 0" in html


def test_review_of_an_unfinished_quiz_offers_to_finish(client):
    quiz_id, _ = start(client, seed="12")
    html = text(client.get(f"/quiz/{quiz_id}/revue"))
    assert "pas terminé" in html and "Terminer maintenant" in html


def test_printable_exam_has_the_key_on_a_separate_page(client):
    quiz_id, _ = start(client, seed="13")
    html = text(client.get(f"/quiz/{quiz_id}/imprimer"))
    assert "Corrigé" in html and 'class="answer-key"' in html and 'class="key-list"' in html
    exam_id, _ = start(client, seed="13", mode="exam")
    html = text(client.get(f"/quiz/{exam_id}/imprimer"))
    assert 'class="key-list"' not in html and "Examen en cours" in html


def test_history_retry_mistakes_and_leitner_review(app, client):
    quiz_id, _ = start(client, seed="14", count="5", learner="Historien")
    qs = quiz_json(client, quiz_id)["questions"]
    for i, q in enumerate(qs):
        right = right_choice(app, quiz_id, i)
        choice = right if i % 2 else next(c["id"] for c in q["choices"] if c["id"] != right)
        client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"], "choice": choice})
    client.post(f"/quiz/{quiz_id}/terminer")
    html = text(client.get("/quiz/historique"))           # learner from the cookie
    assert "Historien" in html and "Refaire mes erreurs" in html and "Boîte 1" in html
    assert "Par thème" in html and "Par règlement" in html
    assert "3 questions dont la dernière réponse était fausse" in html
    r = client.post("/quiz/historique/erreurs", data={"learner": "Historien"})
    assert r.status_code == 303
    retry = quiz_json(client, r.headers["Location"].rsplit("/", 1)[1])
    assert len(retry["questions"]) == 3 and retry["params"]["source"] == "mistakes"
    r = client.post("/quiz/historique/revision", data={"learner": "Historien"})
    assert r.status_code == 303 and len(quiz_json(client, r.headers["Location"].rsplit("/", 1)[1])["questions"]) == 3
    r = client.post("/quiz/historique/erreurs", data={"learner": "Inconnu"})
    assert "info=aucune-erreur" in r.headers["Location"]


def test_history_without_a_learner_invites_to_start(client):
    html = text(client.get("/quiz/historique"))
    assert "commencez un quiz" in html


def test_unknown_quiz_pages_are_404(client):
    for url in ("/quiz/inconnu", "/quiz/inconnu/revue", "/quiz/inconnu/imprimer"):
        assert client.get(url).status_code == 404
    assert client.post("/quiz/inconnu/terminer").status_code == 404


def test_forms_need_the_csrf_token(make_app):
    client = make_app(WTF_CSRF_ENABLED=True).test_client()
    r = client.post("/quiz", data={"count": "2"})
    assert r.status_code == 400 and "formulaire" in text(r)
    html = text(client.get("/quiz"))
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    r = client.post("/quiz", data={"count": "2", "seed": "1", "csrf_token": token})
    assert r.status_code == 303
    # the JSON API is not a form: no token needed
    assert client.post("/api/quizzes", json={"count": 1}).status_code == 201


def test_quiz_pages_are_linked_from_the_navigation(client):
    assert 'href="/quiz"' in text(client.get("/quiz"))


# ----------------------------------------------------------------------------- regressions (tester's report)
@pytest.mark.parametrize("minutes", ["nan", "NaN", "inf", "-inf", "Infinity"])
def test_non_finite_duration_is_a_form_error_not_a_500(client, minutes):
    r = client.post("/quiz", data={"count": "3", "time_limit_min": minutes})
    assert r.status_code == 400
    html = text(r)
    assert "Durée" in html and 'role="alert"' in html


def test_huge_duration_is_named_in_minutes(client):
    r = client.post("/quiz", data={"count": "3", "time_limit_min": "1e10"})
    assert r.status_code == 400
    html = text(r)
    assert "Durée" in html and "minutes" in html
    assert "time_limit_s" not in html and "secondes" not in html


@pytest.mark.parametrize("count", ["²", "٣٣", "1e3"])
def test_count_that_isdigit_accepts_but_int_refuses_is_a_400(client, count):
    r = client.post("/quiz", data={"count": count})
    assert r.status_code == 400 and "count" in text(r)


def test_question_number_that_is_not_ascii_is_ignored(client):
    quiz_id, _ = start(client)
    assert client.get(f"/quiz/{quiz_id}?q=%C2%B2").status_code == 200


def test_finishing_a_practice_quiz_does_not_say_time_is_over(client):
    quiz_id, _ = start(client, mode="practice")
    q = quiz_json(client, quiz_id)["questions"][0]
    r = client.post(f"/quiz/{quiz_id}/repondre", data={"question": q["id"], "choice": "a", "finir": "1"})
    assert r.status_code == 303 and "/revue" in r.headers["Location"] and "temps=1" not in r.headers["Location"]
    r = client.post(f"/quiz/{quiz_id}/terminer", data={"temps": "1"})
    assert "temps=1" not in r.headers["Location"]
    # even a crafted link does not show « temps écoulé » for a quiz without a time limit
    assert "Le temps est écoulé" not in text(client.get(f"/quiz/{quiz_id}/revue?temps=1"))


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u2060\ufeff", "\u3164", "Ana\x00", "\x1b[31mAna"])
def test_setup_refuses_invisible_or_control_learner_names(client, name):
    r = client.post("/quiz", data={"count": "3", "learner": name})
    assert r.status_code == 400
    assert "learner" in text(r)


def test_the_set_up_form_draws_ruling_questions_of_the_levels_checked(client):
    assert 'name="levels"' in text(client.get("/quiz"))
    quiz_id, _ = start(client, count="12", seed="33", levels=["3"])
    qs = quiz_json(client, quiz_id)["questions"]
    calls = [q for q in qs if q["kind"] == "call"]
    assert calls and all(q["level"] == 3 for q in calls)


def test_the_set_up_form_may_repeat_its_checkbox_lists_only(client):
    ok = client.post("/quiz", data={"count": "2", "rulesets": ["9-bca", "9-ffb"], "topics": ["break", "fouls"]})
    assert ok.status_code in (302, 303), ok.get_data(as_text=True)[:300]
    r = client.post("/quiz", data={"count": ["2", "3"]})
    assert r.status_code == 400 and "Le paramètre « count » est donné plusieurs fois" in r.get_data(as_text=True)
