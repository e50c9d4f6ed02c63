"""The HTML pages: they render, in French, accessible, escaped, and every clause has its anchor."""
from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest

NAV = ["/", "/regles", "/themes", "/arbitrage", "/comparer", "/quiz"]
QUESTION = "Au jeu de la 9, que se passe-t-il si la blanche tombe à la casse ?"


def page(client, url, status=200) -> str:
    r = client.get(url)
    assert r.status_code == status, (url, r.status_code)
    assert r.mimetype == "text/html"
    return r.get_data(as_text=True)


def ids_in(text: str) -> set[str]:
    return {html.unescape(m) for m in re.findall(r'\sid="([^"]+)"', text)}


@pytest.mark.parametrize("url", ["/", "/regles", "/regles/9-bca", "/themes", "/themes/break", f"/?q={QUESTION}"])
def test_page_skeleton_is_accessible(client, url):
    text = page(client, url)
    assert '<html lang="fr">' in text
    assert 'class="skip-link" href="#contenu"' in text and 'id="contenu"' in text
    assert "<main" in text and "<header" in text and "<footer" in text and '<nav aria-label="Navigation principale">' in text
    for href in NAV:
        assert f'href="{href}"' in text
    assert text.count("<h1") == 1
    # CSP allows only files from this site: no inline script or style, no external resource
    assert "<script>" not in text and " style=" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)


def test_index_has_a_labelled_get_form(client, rulebook):
    text = page(client, "/")
    assert re.search(r'<form[^>]*method="get"[^>]*action="/"', text)
    assert '<label for="q">' in text and 'id="q" name="q"' in text
    for rid in rulebook.rulesets:
        assert f'id="rs-{rid}" name="rulesets" value="{rid}"' in text and f'<label for="rs-{rid}">' in text


def test_answer_page_shows_citations_with_links(client, rulebook):
    r = client.get("/", query_string={"q": QUESTION})
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    links = re.findall(r'href="/regles/([^"#]+)#([^"]+)"', text)
    assert links, "no citation link"
    for rid, cid in links:
        cid = html.unescape(cid)
        assert cid in rulebook.clauses and rulebook.clauses[cid].ruleset == rid
    first = rulebook.clauses[html.unescape(links[0][1])]
    assert html.escape(first.text, quote=False) in text or first.text in html.unescape(text)
    assert html.escape(rulebook.rulesets[first.ruleset].title, quote=False) in text or \
        rulebook.rulesets[first.ruleset].title in html.unescape(text)


def test_citation_links_point_at_existing_anchors(client):
    text = page(client, f"/?q={QUESTION}")
    for rid, cid in set(re.findall(r'href="/regles/([^"#]+)#([^"]+)"', text)):
        assert html.unescape(cid) in ids_in(page(client, f"/regles/{rid}"))


def test_answer_page_ruleset_filter_is_kept(client):
    text = page(client, "/?q=la+10+sort+de+la+table&rulesets=10-ffb")
    assert 'value="10-ffb" checked' in text
    assert 'value="10-guide" checked' not in text
    for rid, _ in re.findall(r'href="/regles/([^"#]+)#([^"]+)"', text.split('class="answer"', 1)[-1]):
        assert rid == "10-ffb"


def test_unknown_question_says_je_ne_sais_pas(client):
    text = page(client, "/?q=Quel+est+le+prix+d%27une+table+de+billard+%3F")
    assert "Je ne sais pas" in text


def test_empty_and_too_long_questions(client, app):
    assert "Écrivez une question" in page(client, "/?q=")
    text = page(client, "/?q=" + "a" * (app.config["MAX_QUESTION_LENGTH"] + 1), status=400)
    assert "trop longue" in text


def _short(text: str) -> str:
    return html.unescape(re.search(r'<p id="reponse" class="short">(.*?)</p>', text, re.S).group(1))


def test_a_context_the_page_cannot_read_is_said_and_the_question_answered_on_its_own(client):
    """A truncated or edited shared link (the API: 400 « context »): the page still answers, on a
    phone that is what one expects, but says in French that the conversation could not be continued."""
    first = client.get("/api/ask", query_string={"q": "On a le droit de faire un jump ?"}).get_json()
    alone = page(client, "/?" + urlencode({"q": "la blanche tombe à la casse"}))
    assert 'id="conversation-perdue"' not in alone
    for bad in (first["context"][:50], "c1." + "A" * 30_000, "xyz"):
        assert client.get("/api/ask", query_string={"q": "x", "context": bad}).status_code == 400
        text = page(client, "/?" + urlencode({"q": "la blanche tombe à la casse", "context": bad}))
        notice = re.search(r'<p class="notice" role="status" id="conversation-perdue">(.*?)</p>', text, re.S)
        assert notice and "La conversation précédente n’a pas pu être reprise" in html.unescape(notice.group(1))
        assert "répondue seule" in html.unescape(notice.group(1))
        assert _short(text) == _short(alone)          # the question on its own
        assert 'class="thread"' not in text
    # a conversation that can be read is continued, with no such notice
    text = page(client, "/?" + urlencode({"q": "et à la FFB ?", "context": first["context"]}))
    assert 'id="conversation-perdue"' not in text and 'class="thread"' in text


def test_unknown_ruleset_in_filter_is_reported(client):
    assert "Règlement inconnu" in page(client, "/?q=la+casse&rulesets=9-zzz")


def test_xss_in_question_is_escaped(client):
    attack = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    r = client.get("/", query_string={"q": attack})
    text = r.get_data(as_text=True)
    assert "<script>alert(1)</script>" not in text
    assert "<img src=x" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_xss_in_path_is_escaped(client):
    text = page(client, "/regles/<script>alert(1)</script>", status=404)
    assert "<script>alert(1)" not in text


def test_rulesets_page_lists_every_ruleset(client, rulebook):
    text = page(client, "/regles")
    for rid, rs in rulebook.rulesets.items():
        assert f'href="/regles/{rid}"' in text


@pytest.mark.parametrize("rid", ["10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb"])
def test_ruleset_page_has_an_anchor_for_every_clause_in_order(client, rulebook, rid):
    text = page(client, f"/regles/{rid}")
    anchors = ids_in(text)
    clauses = rulebook.by_ruleset[rid]
    for c in clauses:
        assert c.id in anchors, c.id
    positions = [text.index(f'id="{c.id}"') for c in clauses]
    assert positions == sorted(positions), "clauses not in source order"
    for c in clauses:
        assert html.escape(c.text, quote=False) in text or c.text in html.unescape(text), c.id


def test_ruleset_page_policy_table(client, rulebook):
    text = page(client, "/regles/9-bca")
    rs = rulebook.rulesets["9-bca"]
    assert 'id="decisions"' in text
    assert "silencieux" in text  # 9-bca is silent on some policies
    for name, pv in rs.policy.items():
        label = rulebook.policy_specs[name].label
        assert html.escape(label, quote=False) in text or label in html.unescape(text)
        if pv.clause:
            assert f'href="#{pv.clause}"' in text


def test_toc_clauses_are_marked(client, rulebook):
    for rid, clauses in rulebook.by_ruleset.items():
        toc = [c for c in clauses if c.kind == "toc"]
        if toc:
            text = page(client, f"/regles/{rid}")
            assert f'class="clause clause-toc" id="{toc[0].id}"' in text
            break


def test_unknown_ruleset_page_is_404_in_french(client):
    text = page(client, "/regles/11-ball", status=404)
    assert "introuvable" in text


def test_topics_pages(client, rulebook):
    text = page(client, "/themes")
    for t, label in rulebook.topics.items():
        assert f'href="/themes/{t}"' in text
    text = page(client, "/themes/push-out")
    assert any(f'href="/regles/{c.ruleset}#{c.id}"' in text
               for c in rulebook.clauses.values() if "push-out" in c.topics and c.kind != "toc")
    page(client, "/themes/nope", status=404)


def test_stylesheet_is_served_locally(client):
    r = client.get("/static/style.css")
    assert r.status_code == 200 and b":focus-visible" in r.data
    assert b"@import" not in r.data and b"url(http" not in r.data


def test_nav_marks_the_current_page(client):
    assert '<a href="/regles" aria-current="page">' in page(client, "/regles/9-ffb")
    assert '<a href="/" aria-current="page">' in page(client, "/")


class StubAnswerer:
    """Returns a fixed answer, to render every part of the answer page."""

    def __init__(self, answer):
        self.answer = answer

    def ask(self, question, rulesets=None, k=5):
        return dict(self.answer, question=question)


def test_scenario_answer_shows_each_ruling(make_app, rulebook):
    from qa.engine.evaluate import evaluate
    from qa.engine.scenario import parse_scenario
    scenario, _ = parse_scenario({"state": {"on_table": [4, 6, 9]},
                                  "shot": {"first_contact": 4, "cue_ball": "pocketed"}})
    outcomes = {rid: evaluate(rulebook, scenario.with_ruleset(rid)).to_json(rulebook.clauses)
                for rid in ("9-bca", "9-ffb")}
    cited = outcomes["9-bca"]["citations"][0]
    answer = {"kind": "scenario", "rulesets": ["9-bca", "9-ffb"], "answer": "Faute : bille en main.\nDeuxième ligne.",
              "citations": [dict(cited, score=1.0)], "suggestions": [], "scenario": scenario.to_json(),
              "outcomes": outcomes, "follow_up": ["La blanche a-t-elle touché la 4 avant de tomber ?"]}
    client = make_app(ANSWERER=StubAnswerer(answer)).test_client()
    text = page(client, "/?q=la+blanche+tombe")
    assert "Décision selon chaque règlement" in text
    assert "Blanche empochée" in text  # foul label from rules_data/foul_codes.yaml
    assert "bille en main" in text and "À préciser" in text
    for rid, o in outcomes.items():
        assert f'id="out-{rid}"' in text
        for r in o["reasons"]:
            if r["clause"]:
                assert f'href="/regles/{r["clause"].split("/")[0]}#{r["clause"]}"' in text


def test_unknown_answer_shows_suggestions_of_every_shape(make_app):
    answer = {"kind": "unknown", "rulesets": [], "answer": "Les textes ne parlent pas de cela.", "citations": [],
              "suggestions": ["fouls", "Comment gagner au jeu de la 9 ?", {"id": "break", "label": "Casse (bris)"},
                              {"question": "Qu’est-ce qu’un push-out ?"}],
              "scenario": None, "outcomes": None, "follow_up": []}
    client = make_app(ANSWERER=StubAnswerer(answer)).test_client()
    text = page(client, "/?q=prix+d%27une+table")
    assert "Je ne sais pas" in text
    assert 'href="/themes/fouls"' in text and 'href="/themes/break"' in text
    assert 'href="/?q=Comment%20gagner' in text
    assert "push-out" in text


def test_situation_answer_shows_what_was_understood_and_links_to_the_builder(client):
    q = "Au jeu de la 9, je touche la 3 alors que la 2 est encore là et la 9 tombe"
    resp = client.get("/", query_string={"q": q})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert "Ce que j’ai compris de la situation" in html
    assert "Première bille touchée : la 3" in html and "Empochée(s) : la 9" in html
    import re
    from html import unescape
    link = unescape(re.search(r'href="(/arbitrage\?[^"]+)"', html).group(1))
    page = client.get(link)
    assert page.status_code == 200
    # the builder rules the same shot: a foul under both nine-ball rulesets (9-bca rule 7, 9-ffb list)
    body = page.get_data(as_text=True)
    assert "9-bca/7-coup-manque" in body and "9-ffb/faute-mauvaise-bille-touchee" in body


def test_describe_scenario_lines():
    from qa.describe import describe_scenario
    lines = describe_scenario({"state": {"on_table": [4, 6, 9], "fouls": {"shooter": 2}, "warned": True},
                               "shot": {"kind": "normal", "first_contact": None, "cue_ball": "pocketed",
                                        "called": {"ball": 9, "pocket": "coin"}, "fouls": ["double_hit"]}},
                              {"double_hit": "Double touche"})
    assert lines == ["Coup normal", "Sur la table avant le coup : la 4, la 6 et la 9 (la plus basse : la 4)",
                     "Fautes consécutives du tireur avant le coup : 2 (averti)", "La blanche ne touche aucune bille",
                     "La blanche est empochée", "Annonce : la 9 (coin)", "Faute : Double touche"]
