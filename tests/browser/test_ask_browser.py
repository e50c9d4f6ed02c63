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

    quotes = [squash(t) for t in page.locator("blockquote.verbatim").all_inner_texts()]
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
