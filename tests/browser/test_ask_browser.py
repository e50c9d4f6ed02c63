"""End to end in real headless Chromium: ask a question with the keyboard, read a verbatim
citation, follow it to its anchor; no horizontal scroll on a phone."""
from __future__ import annotations

import re
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

QUESTION = "Au jeu de la 9, que se passe-t-il si la blanche tombe à la casse ?"
SITUATION = "Au jeu de la 10, je touche la 3 en premier alors que la 2 est sur la table et je rentre la 10"


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_ask_with_the_keyboard_shows_a_verbatim_citation(page, live_server, rulebook):
    page.goto(live_server + "/")
    # the first Tab reaches the skip link, which leads to the main content
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.get_by_label("Votre question").focus()
    page.keyboard.type(QUESTION)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert "q=" in page.url
    page.wait_for_selector("#reponse-titre")

    # the best passage of each ruleset is shown; the others are folded
    quotes = [squash(t) for t in page.locator(".answer-details > ol.citations blockquote.verbatim").all_inner_texts()]
    assert quotes, "no citation shown"
    # each quote is a clause's text, word for word as in rules_data/clauses/*.yaml
    by_text = {squash(c.text): c for c in rulebook.clauses.values()}
    cited = [by_text[q] for q in quotes if q in by_text]
    assert len(cited) == len(quotes)
    assert any(c.game == "nine-ball" and "break" in c.topics for c in cited), [c.id for c in cited]

    # the citation's link opens the ruleset at the clause's anchor
    first = page.locator("p.clause-link a").first
    href = first.get_attribute("href")
    rid, cid = re.fullmatch(r"/regles/([^#]+)#(.+)", href).groups()
    first.click()
    page.wait_for_url(re.compile(rf"/regles/{re.escape(rid)}#"))
    target = page.locator(f'[id="{cid}"]')
    assert target.count() == 1 and target.is_visible()
    assert squash(rulebook.clauses[cid].text) in squash(target.inner_text())


def test_ruleset_filter_is_keyboard_operable(page, live_server):
    page.goto(live_server + "/")
    page.get_by_label("Votre question").fill("la 10 sort de la table")
    # the filter is folded: its summary opens it from the keyboard
    page.locator("details.filter > summary").focus()
    page.keyboard.press("Enter")
    box = page.locator("#rs-10-ffb")
    box.focus()
    page.keyboard.press("Space")
    assert box.is_checked()
    with page.expect_navigation():
        page.get_by_role("button", name="Demander").press("Enter")
    assert "rulesets=10-ffb" in page.url
    links = page.locator("p.clause-link a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert all(h.startswith("/regles/10-ffb#") for h in links)


@pytest.mark.parametrize("path", ["/", "/?q=" + quote(QUESTION), "/?q=" + quote(SITUATION), "/regles", "/regles/9-bca", "/regles/10-doolys",
                                  "/themes/fouls"])
def test_no_horizontal_scroll_on_a_phone(phone, live_server, path):
    phone.goto(live_server + path)
    phone.wait_for_load_state("load")
    widths = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{path}: page is {widths[0]}px wide for a {widths[1]}px screen"
    # the stylesheet did load (CSP allows it): the header is styled
    assert phone.evaluate("getComputedStyle(document.querySelector('.site-header')).backgroundColor") != "rgba(0, 0, 0, 0)"


PHONE = {"width": 390, "height": 844}


def _phone(page_for, js=True):
    return page_for(PHONE["width"], PHONE["height"], js=js, device_scale_factor=3, is_mobile=True, has_touch=True)


@pytest.mark.parametrize("question", [QUESTION, SITUATION, "On a le droit de faire un jump ?",
                                      "Combien coûte une queue de billard ?"])
def test_the_short_answer_is_on_the_first_phone_screen(page_for, live_server, question):
    phone = _phone(page_for)
    phone.goto(live_server + "/")
    phone.get_by_label("Votre question").fill(question)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Demander").click()
    box = phone.locator("#reponse").bounding_box()
    assert box is not None and box["height"] > 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (question, box)
    assert phone.locator("#reponse").inner_text().strip()


@pytest.mark.parametrize("js", [True, False])
def test_the_box_continues_the_conversation(page_for, live_server, js):
    phone = _phone(page_for, js=js)
    phone.goto(live_server + "/?q=" + quote("On a le droit de faire un jump ?"))
    first = phone.locator("#reponse").inner_text()
    assert "Dooly" in first
    phone.get_by_label(re.compile("Votre question")).fill("et à la FFB ?")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Demander").click()
    assert "FFB" in phone.locator("#reponse").inner_text()
    # the thread shows the first turn above the answer, and the answer stays on the first screen
    assert "jump" in phone.locator("ol.thread").inner_text()
    box = phone.locator("#reponse").bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"]


def test_examples_are_tappable_and_the_game_buttons_answer(page_for, live_server):
    phone = _phone(page_for)
    phone.goto(live_server + "/")
    example = phone.locator(".example-list a").first
    assert example.bounding_box()["height"] >= 44
    with phone.expect_navigation():
        example.tap()
    assert phone.locator("#reponse").inner_text().strip()
    phone.goto(live_server + "/?q=" + quote("je casse, la 9 tombe, j'ai gagné ?"))
    buttons = phone.locator(".game-choice button")
    assert buttons.count() == 2
    with phone.expect_navigation():
        phone.get_by_role("button", name="Jeu de la 9").tap()
    assert "gagne" in phone.locator("#reponse").inner_text()
    # the game is remembered: the same question now answers for the game of the 9 at once
    phone.goto(live_server + "/?q=" + quote("je casse, la 9 tombe, j'ai gagné ?"))
    assert phone.locator(".game-choice button").count() == 0
    assert "gagne" in phone.locator("#reponse").inner_text()
