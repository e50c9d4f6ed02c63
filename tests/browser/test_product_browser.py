"""Issue 15 in headless Chromium (Debian's /usr/bin/chromium), at a phone's 390 × 844 and a
desktop's 1280 × 800: axe-core on every page in light and dark, the thumb-first shot builder,
house rules tried without a restart, the app readable offline, and the README's screenshots.

axe-core comes from the axe-playwright-python package (its axe.min.js), evaluated in the page
(the page's CSP rightly refuses an injected <script>).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from browser_support import wait_until

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}
DESKTOP = {"width": 1280, "height": 800}

SCRATCH = json.dumps({"state": {"on_table": [4, 6, 9]}, "shot": {"first_contact": 4, "cue_ball": "pocketed"}})
#: Every page of the app (one of each kind), as a new user reaches it.
PAGES = [
    "/", "/?q=la+blanche+tombe+%C3%A0+la+casse", "/?q=quelle+est+la+couleur+du+tapis",
    "/regles", "/regles/9-ffb", "/regles/10-doolys?filtre=saut", "/themes", "/themes/fouls",
    "/arbitrage", "/arbitrage?" + urlencode({"scenario": SCRATCH}), "/arbitrage?game=ten-ball",
    "/comparer", "/comparer?rulesets=9-bca,9-ffb", "/comparer?rulesets=10-doolys,10-ffb,10-guide&only_diff=0",
    "/comparer?rulesets=9-bca,9-ffb&situation=la+blanche+tombe+%C3%A0+la+casse",
    "/regles-maison/nouveau", "/regles-maison/nouveau?base=9-ffb&p_jump_shots=forbidden",
    "/quiz", "/quiz/historique", "/hors-ligne", "/page-inconnue",
]

_AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n')[1]).join(' | '));
}"""


def _axe_source() -> str:
    axe = pytest.importorskip("axe_playwright_python")
    return (Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    page.evaluate(_axe_source() + "\n;0")
    return page.evaluate(_AXE_RUN)


@pytest.mark.parametrize("size_name", ["téléphone", "bureau"])
def test_axe_finds_no_serious_violation_on_any_page_light_and_dark(browser, live_server, size_name):
    """Every page of :data:`PAGES`, its folded parts opened, in light then dark colours."""
    size = PHONE if size_name == "téléphone" else DESKTOP
    extra = {k: v for k, v in size.items() if k in ("is_mobile", "has_touch")}
    ctx = browser.new_context(viewport={"width": size["width"], "height": size["height"]}, locale="fr-FR", **extra)
    found = {}

    def check(label):
        page.wait_for_load_state("load")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        page.evaluate(_axe_source() + "\n;0")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            v = page.evaluate(_AXE_RUN)
            if v:
                found[f"{label} ({scheme})"] = v

    try:
        page = ctx.new_page()
        for path in PAGES:
            page.goto(live_server + path)
            check(path)
        # a quiz being taken, and its printable version (pages reached through the set-up form)
        page.goto(live_server + "/quiz")
        page.fill("#count", "2")
        page.fill("#learner", "Axe " + size_name)
        page.get_by_role("button", name="Commencer le quiz").click()
        page.wait_for_url(re.compile(r".*/quiz/[0-9a-f]+(\?.*)?$"))
        quiz = page.url
        check("/quiz/<id>")
        page.goto(quiz.split("?")[0] + "/imprimer")
        check("/quiz/<id>/imprimer")
    finally:
        ctx.close()
    assert not found, found


def test_phone_one_entry_for_the_balls_and_a_verdict_per_ruleset(page_for):
    """At 390 × 844: « 4 6 9 » typed once, the 4 hit, the cue ball pocketed — four gestures — and
    each ruleset's verdict in one line on top, the first column shown, the other one tap away."""
    page = page_for(**PHONE)
    page.goto(page.base + "/arbitrage")
    page.fill("#arb-only-balls", "4 6 9")
    on = page.evaluate("[...document.querySelectorAll('input[name=on_table]:checked')].map(i => +i.value)")
    assert on == [4, 6, 9]
    page.locator('fieldset[data-name="first_contact"] label[data-ball="4"]').click()
    page.check('input[name="cue_ball"][value="pocketed"]', force=True)
    wait_until(page, "document.querySelectorAll('.arb-verdicts li').length === 2"
                     " && !document.getElementById('decision').hasAttribute('aria-busy')")
    lines = page.locator(".arb-line").all_inner_texts()
    assert all(t.startswith("✗ Faute (") or t.startswith("Faute (") for t in lines), lines
    assert page.locator(".arb-col:visible").count() == 1
    page.locator(".arb-pick").nth(1).click()
    assert page.locator(".arb-col:visible").get_attribute("data-ruleset") == "9-ffb"
    # desktop: the rulesets side by side
    wide = page_for(**DESKTOP)
    wide.goto(page.url)
    boxes = [wide.locator(".arb-col").nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["y"] == boxes[1]["y"] and boxes[0]["x"] < boxes[1]["x"]
    assert page.problems == [] and wide.problems == []


def test_phone_menu_is_one_row(page_for):
    page = page_for(**PHONE)
    page.goto(page.base + "/regles")
    tops = page.evaluate("[...document.querySelectorAll('.nav li')].map(li => li.getBoundingClientRect().top)")
    assert len(set(tops)) == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_house_rules_draft_tried_without_a_restart(page_for):
    page = page_for(**PHONE)
    page.goto(page.base + "/regles-maison/nouveau?base=9-ffb")
    page.fill("#hr-title", "Club d’essai")
    page.fill("#hr-id", "club-essai")
    group = page.locator("details.house-group", has=page.locator("#p-jump_shots"))
    group.locator(":scope > summary").click()
    page.select_option("#p-jump_shots", "forbidden")
    page.get_by_role("button", name="Vérifier et voir le fichier").click()
    page.wait_for_selector("#hr-ok")
    page.click("#hr-try")
    page.wait_for_selector("#cmp-policies")
    assert "club-essai" in page.url and "Essai en cours" in page.inner_text(".draft-banner")
    assert page.locator("#pol-jump_shots").is_visible()       # differs: shown in « seulement les différences »
    page.goto(page.base + "/arbitrage")
    assert page.locator("#arb-rulesets").inner_text().count(";") == 2   # 9-bca ; 9-ffb ; the club
    page.get_by_role("button", name="Arrêter l’essai").click()
    page.goto(page.base + "/arbitrage")
    assert "Club d’essai" not in page.inner_text("#arb-rulesets")
    assert page.problems == []


def test_the_texts_and_the_last_answers_stay_readable_offline(page_for):
    page = page_for(**PHONE)
    page.goto(page.base + "/?q=la+neuf+tombe+%C3%A0+la+casse")
    # the worker installs (the shell and every text kept), then controls the page
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_until(page, "navigator.serviceWorker.controller !== null")
    answer = page.inner_text("#contenu")                         # now through the worker: kept
    page.wait_for_timeout(500)
    page.context.set_offline(True)
    try:
        page.goto(page.base + "/regles/10-guide")               # never opened: kept when the worker installed
        assert page.locator(".clause").count() > 10
        assert "Hors ligne" in page.inner_text("#offline-note")
        page.goto(page.base + "/?q=la+neuf+tombe+%C3%A0+la+casse")  # the last answer
        assert page.inner_text("#contenu").replace(page.inner_text("#offline-note"), "").strip() == answer.strip()
        page.goto(page.base + "/?q=une+question+jamais+pos%C3%A9e")   # needs the server: said so
        assert "besoin du serveur" in page.inner_text("#hors-ligne")
    finally:
        page.context.set_offline(False)


def test_times_are_shown_in_the_users_time_zone(page_for):
    page = page_for(timezone_id="America/Montreal")
    page.goto(page.base + "/hors-ligne")
    shown = page.evaluate("""() => {
      const t = document.createElement('time'); t.className = 'local'; t.dateTime = '2026-12-01T14:05:00+00:00';
      document.body.appendChild(t);
      const s = document.createElement('script'); s.src = '/static/app.js'; document.body.appendChild(s);
      return new Promise(r => s.onload = () => r(t.textContent));
    }""")
    assert shown == "01/12/2026 09:05"       # 14:05 UTC is 09:05 in Montréal


SHOTS = [
    ("question", "/?q=la+blanche+tombe+%C3%A0+la+casse", PHONE),
    ("arbitrage-telephone", "/arbitrage?" + urlencode({"scenario": SCRATCH}), PHONE),
    ("arbitrage-bureau", "/arbitrage?" + urlencode({"game": "ten-ball", "scenario": json.dumps(
        {"shot": {"kind": "break", "first_contact": 1, "pocketed": [2, 10], "balls_to_rail": 4}})}), DESKTOP),
    ("comparer", "/comparer?rulesets=9-bca,9-ffb", DESKTOP),
    ("reglement-telephone", "/regles/9-ffb", PHONE),
    ("regles-maison-telephone", "/regles-maison/nouveau?base=9-ffb&p_jump_shots=forbidden", PHONE),
]


def test_readme_screenshots(page_for, tmp_path):
    """The README's pictures (docs/screenshots/), made here: ``scripts/screenshots.sh`` runs this
    test with ARBITRE_SCREENSHOTS=docs/screenshots; otherwise they go to a temporary folder."""
    out = Path(os.environ.get("ARBITRE_SCREENSHOTS") or tmp_path)
    if not out.is_absolute():
        out = ROOT / out
    out.mkdir(parents=True, exist_ok=True)
    for name, path, size in SHOTS:
        page = page_for(**size)
        page.goto(page.base + path)
        page.wait_for_load_state("load")
        page.wait_for_timeout(200)
        page.screenshot(path=str(out / f"{name}.png"), full_page=False)
        assert (out / f"{name}.png").stat().st_size > 5000
