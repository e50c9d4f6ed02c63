"""/quiz end to end in headless Chromium (Playwright sync API, Debian's /usr/bin/chromium).

The app runs on a free local port in a thread with a temporary database (``live_server`` in
conftest.py). A 5-question practice quiz is taken with the keyboard only; an exam is taken
to its review; a timed exam is submitted by the countdown when time runs out; the question
page fits a phone. No page may log a JavaScript or CSP error.
"""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def focused(page) -> str:
    return page.evaluate("(() => { const e = document.activeElement; return e ? (e.id || e.name || e.tagName) : ''; })()")


def set_up(page, base, *, mode, count, seed, learner, minutes=""):
    """Fill the set-up form with the keyboard and submit it with Enter."""
    page.goto(base + "/quiz")
    page.locator("#count").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(count))
    page.keyboard.press("Tab")                      # -> code d'épreuve
    assert focused(page) == "seed"
    if mode != "exam":                              # an exam is drawn from a secret seed
        page.keyboard.type(str(seed))
    page.keyboard.press("Tab")                      # -> durée
    page.keyboard.type(minutes)
    page.keyboard.press("Tab")                      # -> nom
    assert focused(page) == "learner"
    page.keyboard.press("Control+A")
    page.keyboard.type(learner)
    if mode == "exam":
        page.locator('input[name="mode"][value="practice"]').focus()
        page.keyboard.press("ArrowDown")            # radio group: arrow keys move the choice
        assert page.locator('input[name="mode"][value="exam"]').is_checked()
        page.locator("#learner").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r".*/quiz/[0-9a-f]+(\?.*)?$"))


def test_practice_quiz_of_five_questions_with_the_keyboard(page, live_server, tmp_path):
    set_up(page, live_server, mode="practice", count=5, seed=2024, learner="Clavier")
    quiz_id = re.search(r"/quiz/([0-9a-f]+)", page.url).group(1)
    verdicts = []
    for n in range(1, 6):
        assert page.locator("#q-title").inner_text() == f"Question {n} sur 5"
        bar = page.locator('[role="progressbar"]')
        assert bar.get_attribute("aria-valuenow") == str(n - 1) and bar.get_attribute("aria-valuemax") == "5"
        radios = page.locator('input[name="choice"]')
        assert radios.count() >= 2
        assert page.locator("fieldset.choices > legend.prompt").inner_text().strip()
        radios.first.focus()
        page.keyboard.press("Space")                # pick the first answer...
        assert radios.first.is_checked()
        page.keyboard.press("ArrowDown")            # ...then move to the second with the arrow key
        assert radios.nth(1).is_checked()
        page.keyboard.press("2")                    # the digit shortcut agrees
        assert radios.nth(1).is_checked()
        page.keyboard.press("Enter")                # submit the form
        page.wait_for_selector("#correction")
        page.wait_for_load_state("domcontentloaded")   # quiz.js (deferred) has run by then
        assert "#correction" in page.url
        assert focused(page) == "correction"        # the correction takes the focus
        corr = page.locator("#correction")
        verdicts.append("Bonne réponse" in corr.locator("h3").inner_text())
        assert corr.locator(".explanation").inner_text().strip()
        links = corr.locator('a[href^="/regles/"]')
        if links.count():
            assert re.match(r"^/regles/[0-9a-z-]+#[0-9a-z-]+/[0-9a-z-]+$", links.first.get_attribute("href"))
        if n < 5:
            page.locator("#next-link").focus()
            page.keyboard.press("Enter")
            page.wait_for_url(re.compile(rf".*\?q={n + 1}$"))
    page.screenshot(path=str(tmp_path / "quiz-practice.png"), full_page=True)
    page.locator("#finish-button").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf".*/quiz/{quiz_id}/revue.*"))
    score = page.locator("#score-title").inner_text()
    assert score.startswith(f"Score : {sum(verdicts)} / 5")
    assert page.locator(".review-item").count() == 5
    assert page.problems == []


def test_exam_to_the_review(page, live_server):
    set_up(page, live_server, mode="exam", count=4, seed=77, learner="Candidat", minutes="10")
    assert page.locator("h1").inner_text() == "Examen"
    assert page.locator(".countdown-value").inner_text().startswith(("9 min", "10 min"))
    for n in range(1, 5):
        page.locator('input[name="choice"]').first.check()
        page.locator("#answer-form button[type=submit]").click()
        page.wait_for_load_state()
        assert page.locator("#correction").count() == 0        # no feedback during an exam
    assert page.locator('[role="progressbar"]').get_attribute("aria-valuenow") == "4"
    page.locator("#finish-button").click()
    page.wait_for_url(re.compile(r".*/revue.*"))
    assert page.locator("#score-title").inner_text().startswith("Score : ")
    assert "seuil de réussite : 80 %" in page.locator(".verdict").inner_text()
    assert page.locator(".review-item").count() == 4
    assert page.locator(".review-choices .badge", has_text="bonne réponse").count() == 4
    # the history now lists this exam
    page.goto(live_server + "/quiz/historique")
    assert "Candidat" in page.locator("#learner").input_value()
    assert page.locator("table.quiz-stats").first.inner_text().count("Examen") >= 1
    assert page.problems == []


def test_the_countdown_submits_the_exam_when_time_is_up(page, live_server):
    set_up(page, live_server, mode="exam", count=3, seed=5, learner="Chrono", minutes="0,05")   # 3 seconds
    page.locator('input[name="choice"]').nth(1).check()           # chosen but not sent
    page.wait_for_url(re.compile(r".*/revue.*"), timeout=15_000)
    assert "Le temps est écoulé" in page.locator("main").inner_text()
    answered = page.locator(".review-choices li.chosen")
    assert answered.count() == 1                                    # the chosen answer was recorded
    assert page.problems == []


def test_question_page_fits_a_phone(phone, live_server, tmp_path):
    phone.goto(live_server + "/quiz")
    phone.fill("#count", "3")
    phone.fill("#seed", "8")
    phone.locator("button[type=submit]").click()
    phone.wait_for_url(re.compile(r".*/quiz/[0-9a-f]+"))
    for n in (1, 2, 3):
        phone.goto(re.sub(r"\?.*$", "", phone.url) + f"?q={n}")
        overflow = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
    phone.screenshot(path=str(tmp_path / "quiz-phone.png"), full_page=True)
    assert phone.problems == []


def test_a_trainer_exam_from_codes_to_results(page_for, live_server):
    """A trainer sets an exam and gets the codes; a candidate, in another browser, takes it
    with one code (once); the trainer reads the result; the candidate cannot."""
    trainer = page_for()
    trainer.goto(live_server + "/examens/nouveau")
    trainer.fill("#title", "Stage régional")
    trainer.fill("#count", "3")
    trainer.fill("#candidates", "2")
    trainer.locator("button[type=submit]").click()
    trainer.wait_for_selector("#codes")
    codes = [c.inner_text() for c in trainer.locator("#codes code").all()]
    assert len(codes) == 2
    start = trainer.locator("main a").first.get_attribute("href")
    candidate = page_for(390, 844)
    candidate.goto(live_server + start)
    candidate.fill("#code", codes[0])
    candidate.fill("#learner", "Léa")
    candidate.locator("button[type=submit]").click()
    candidate.wait_for_url(re.compile(r".*/quiz/[0-9a-f]+(\?.*)?$"))
    assert "Stage régional" in candidate.locator("main").inner_text()
    assert candidate.locator(".tag").count() == 0                  # no topic before the review
    for _ in range(3):
        candidate.locator('input[name="choice"]').first.check()
        candidate.locator("#answer-form button[type=submit]").click()
        candidate.wait_for_load_state()
    candidate.locator("#finish-button").click()
    candidate.wait_for_url(re.compile(r".*/revue.*"))
    # the same code again: refused
    candidate.goto(live_server + start)
    candidate.fill("#code", codes[0])
    candidate.fill("#learner", "Léa")
    candidate.locator("button[type=submit]").click()
    assert "déjà servi" in candidate.locator("#start-error").inner_text()
    results = start + "/resultats"
    trainer.goto(live_server + results)
    table = trainer.locator("#results").inner_text()
    assert "Léa" in table and "/ 3" in table and "code non utilisé" in table
    candidate.goto(live_server + results)
    assert candidate.locator("#trainer_token").count() == 1         # asks for the trainer token
    assert trainer.problems == [] and [p for p in candidate.problems if "403" not in p and "409" not in p] == []
