"""/comparer end to end in headless Chromium (Playwright, Debian's /usr/bin/chromium).

The real app is served on a free local port in a thread (``live_server`` in conftest.py);
the two nine-ball rulesets are compared through the quick pick, the three-ball-rule row is
marked as differing (a text marker, not colour only), the « seulement les différences »
toggle hides the rows that agree, the page fits a phone and prints one topic per page.
"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_compare_the_two_nine_ball_rulesets(live_server, page):
    page.goto(f"{live_server}/comparer")
    page.get_by_role("link", name="les deux règles du 9").click()
    page.wait_for_selector("#cmp-policies")
    assert page.locator("#cmp-rs-9-bca").is_checked() and page.locator("#cmp-rs-9-ffb").is_checked()
    assert not page.locator("#cmp-rs-10-ffb").is_checked()
    row = page.locator("#pol-three_ball_rule")
    assert "cmp-differs" in row.get_attribute("class")
    assert "≠ diffère" in row.inner_text()
    cells = row.locator("td")
    assert "silencieux" in cells.nth(0).inner_text()        # 9-bca says nothing
    assert "silencieux" not in cells.nth(1).inner_text()    # 9-ffb states it, with its clause
    assert cells.nth(1).locator("a").first.get_attribute("href").startswith("/regles/9-ffb#9-ffb/")
    same = page.locator("#pol-break_first_contact")
    assert "cmp-same" in same.get_attribute("class") and "≠" not in same.inner_text()
    # the texts side by side, with word differences highlighted
    assert page.locator("#theme-break mark").count() > 0
    assert page.problems == []


def test_only_differences_toggle(live_server, page):
    page.goto(f"{live_server}/comparer?rulesets=9-bca,9-ffb")
    toggle = page.locator("#cmp-toggle")
    assert toggle.is_visible()
    # differences only by default (issue 15): the rows that agree and the topics where nothing differs are hidden
    assert toggle.get_attribute("aria-pressed") == "true"
    assert not page.locator("#pol-break_first_contact").is_visible()
    assert page.locator("#pol-three_ball_rule").is_visible()
    assert not page.locator("#theme-call-shot").is_visible() and page.locator("#theme-break").is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.locator("#pol-break_first_contact").is_visible() and page.locator("#theme-call-shot").is_visible()
    toggle.click()
    assert not page.locator("#pol-break_first_contact").is_visible()
    assert page.problems == []


def test_quick_pick_keeps_the_topic(live_server, page):
    page.goto(f"{live_server}/comparer")
    page.select_option("#cmp-topic", "three-fouls")
    page.get_by_role("link", name="les trois règles du 10").click()
    page.wait_for_selector("#cmp-policies")
    assert "topic=three-fouls" in page.url
    assert page.locator("#theme-three-fouls").count() == 1 and page.locator("#theme-break").count() == 0
    assert "cmp-differs" in page.locator("#pol-unwarned_third_foul").get_attribute("class")


def test_fits_a_phone(live_server, phone):
    phone.goto(f"{live_server}/comparer?rulesets=10-doolys,10-ffb,10-guide")
    phone.wait_for_selector("#cmp-policies")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"] + 1
    assert "≠ diffère" in phone.locator("#pol-break_requirement").inner_text()


def test_prints_one_topic_per_page(live_server, page):
    page.goto(f"{live_server}/comparer?rulesets=9-bca,9-ffb")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".cmp-form").is_visible()
    brk = page.locator(".cmp-topic").first.evaluate("e => getComputedStyle(e).breakBefore")
    assert brk == "page"
    assert page.locator("#pol-three_ball_rule .cmp-marker").is_visible()
    pdf = page.pdf()
    assert pdf[:4] == b"%PDF"
