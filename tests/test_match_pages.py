"""The /partie pages without JavaScript: start a match, enter shots in one or two taps, answer
« Avertissement donné ? », choose after a push-out, undo, the spectators' read-only view."""
from __future__ import annotations

import re

import pytest


def start(client, ruleset="9-ffb", race="2", **extra):
    r = client.post("/partie", data={"a": "Alice", "b": "Bob", "ruleset": ruleset, "race_to": race,
                                     "break": "alternate", "rack": "triangle", **extra})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return r.headers["Location"]


def seq(page: str) -> str:
    return re.search(r'name="seq" value="(\d+)"', page).group(1)


def tap(client, url, **data):
    """One tap on a button of the page at ``url`` (the form's seq as the page gave it)."""
    page = client.get(url).get_data(as_text=True)
    return client.post(url + "/coup", data={"seq": seq(page), **data})


def state(client, url):
    page = client.get(url).get_data(as_text=True)
    return " ".join(re.search(r'<section id="etat".*?</section>', page, re.S).group(0).split()), page


def test_setup_page_and_errors(client):
    page = client.get("/partie").get_data(as_text=True)
    assert 'name="a"' in page and 'name="race_to"' in page and "10-doolys/3-bris-alterne" in page
    r = client.post("/partie", data={"a": "", "b": "Bob", "ruleset": "9-ffb", "race_to": "3"})
    assert r.status_code == 400 and "Champ « Joueur A »" in r.get_data(as_text=True)
    assert re.search(r'id="a"[^>]*aria-invalid="true"', r.get_data(as_text=True))
    r = client.post("/partie", data={"a": "A", "b": "B", "ruleset": "9-ffb", "race_to": "trois"})
    assert r.status_code == 400 and "Course" in r.get_data(as_text=True)
    r = client.post("/partie", data={"a": "A", "b": "B", "ruleset": "9-zzz", "race_to": "3"})
    assert r.status_code == 400


@pytest.mark.parametrize("data, field, words", [
    ({"b": ""}, "b", "Champ « Joueur B » : un nom de 1 à 60 caractères est attendu."),
    ({"a": "Al\x01ice"}, "a", "Champ « Joueur A » : le nom contient un caractère de contrôle."),
    ({"race_to": "0"}, "race_to", "Champ « Course à » : un nombre entier de 1 à 50"),
    ({"break": "loser"}, "break", "Champ « Casse des racks suivants » : « Alternée » ou « Au gagnant » est attendu"),
    ({"rack": "square"}, "rack", "Champ « Rack » : « Triangle » ou « Gabarit » est attendu"),
])
def test_setup_errors_name_the_form_fields_and_nothing_is_replaced_silently(client, data, field, words):
    """An invalid « break » or « rack » is refused (400), as the API refuses it, not replaced by the
    default; each message names the field as the form shows it (« Joueur B », not « players[1] »)."""
    form = {"a": "Alice", "b": "Bob", "ruleset": "9-ffb", "race_to": "3", "break": "alternate", "rack": "triangle"}
    r = client.post("/partie", data={**form, **data})
    page = r.get_data(as_text=True)
    assert r.status_code == 400, page[:300]
    assert words in page and "players[" not in page
    assert "Location" not in r.headers
    if field in ("a", "b", "race_to"):
        assert re.search(rf'id="{field}"[^>]*aria-invalid="true"', page)
    else:
        assert re.search(r'<fieldset class="filter" aria-describedby="setup-error">\s*<legend>' +
                         ("Casse" if field == "break" else "Rack"), page)


def test_setup_form_with_no_break_or_rack_takes_the_defaults(client):
    url = start(client, **{"break": "", "rack": ""})
    m = client.get("/api/matches/" + url.rsplit("/", 1)[-1]).get_json()
    assert m["break"] == "alternate" and m["rack_kind"] == "triangle"
    url = start(client, **{"break": "winner", "rack": "template"})
    m = client.get("/api/matches/" + url.rsplit("/", 1)[-1]).get_json()
    assert m["break"] == "winner" and m["rack_kind"] == "template"


def test_one_tap_shots_rulings_in_one_line_and_the_rack_end(client):
    url = start(client, "9-ffb")
    text, page = state(client, url)
    assert "Alice" in text and "casse le rack 1" in text
    assert 'aria-label="Empochée : la 9"' in page
    assert tap(client, url, quick="break_dry").status_code == 303          # tap 1: the break
    text, _ = state(client, url)
    assert "Bob" in text and "9-ffb/" in text                              # ruling in one line with its clause
    assert tap(client, url, pocket="1").status_code == 303                 # B pockets the 1: continues
    text, _ = state(client, url)
    assert "La 1 est empochée" in text and "Coup 2 (Bob)" in text
    assert tap(client, url, pocket="9").status_code == 303                 # B pockets the 9: wins the rack
    text, _ = state(client, url)
    assert "Rack 1 gagné par <strong>Bob</strong>" in text and "Casse suivante : <strong>Bob</strong>" in text
    assert "Alice 0, Bob 1" in text


def test_warning_question_after_the_second_foul_is_recorded(client):
    url = start(client, "10-ffb")
    tap(client, url, quick="break_dry")
    tap(client, url, quick="scratch")                  # B: first foul
    tap(client, url, quick="miss")                     # A
    _, page = state(client, url)
    assert "Avertissement donné" not in page
    tap(client, url, quick="scratch")                  # B: second foul
    text, page = state(client, url)
    assert "Avertissement donné à Bob ?" in page and "Bob : 2" in text
    r = client.post(url + "/avertissement", data={"warned": "non", "player": "B", "seq": seq(page)})
    assert r.status_code == 303
    text, page = state(client, url)
    assert "Avertissement donné à Bob ?" not in page and "non donné" in text
    tap(client, url, quick="miss")                     # A
    tap(client, url, quick="scratch")                  # B: third foul, not warned: counts as the second (10-ffb)
    text, page = state(client, url)
    assert "10-ffb/trois-fautes-sans-avertissement" in page and "Bob : 2" in text
    assert "Avertissement donné à Bob ?" in page        # due again


def test_options_as_buttons_after_a_push_out(client):
    url = start(client, "10-ffb")
    tap(client, url, quick="break_dry")
    _, page = state(client, url)
    assert 'value="push_out"' in page                  # the push-out may be declared
    tap(client, url, quick="push_out")
    _, page = state(client, url)
    assert "choisit" in page and "?choix=play" in page and "?choix=hand_back" in page
    assert 'name="pocket"' not in page                 # no shot before the choice
    chosen = client.get(url + "?choix=hand_back").get_data(as_text=True)
    assert 'name="choice" value="hand_back"' in chosen
    r = client.post(url + "/coup", data={"seq": seq(chosen), "choice": "hand_back", "quick": "miss"})
    assert r.status_code == 303
    m = client.get("/api/matches/" + url.rsplit("/", 1)[1]).get_json()
    assert m["shots"][-1]["player"] == "B" and m["shots"][-1]["shot"]["choice"] == "hand_back"


def test_wrong_ball_and_detailed_shot(client):
    url = start(client, "9-bca")
    tap(client, url, quick="break_dry")
    assert tap(client, url, first="5").status_code == 303         # B touches the 5 first: foul
    m = client.get("/api/matches/" + url.rsplit("/", 1)[1]).get_json()
    assert m["shots"][-1]["outcome"]["fouls"][0]["code"] == "wrong_ball_first"
    page = client.get(url).get_data(as_text=True)
    r = client.post(url + "/coup", data={"seq": seq(page), "quick": "detail", "kind": "normal", "first_contact": "1",
                                         "pocketed": ["1", "2"], "cue_ball": "table", "rail_after_contact": "yes"})
    assert r.status_code == 303
    m = client.get("/api/matches/" + url.rsplit("/", 1)[1]).get_json()
    assert m["shots"][-1]["shot"]["pocketed"] == [1, 2] and m["shots"][-1]["outcome"]["legal"]
    assert "/arbitrage?scenario=" in page                          # the full builder, one tap away


def test_undo_button_and_stale_form(client):
    url = start(client)
    tap(client, url, quick="break_dry")
    page = client.get(url).get_data(as_text=True)
    old = seq(page)
    tap(client, url, quick="miss")
    r = client.post(url + "/coup", data={"seq": old, "quick": "miss"})     # a second device, behind
    assert r.status_code == 409 and "La partie a changé" in r.get_data(as_text=True)
    page = client.get(url).get_data(as_text=True)
    assert client.post(url + "/annuler", data={"seq": seq(page)}).status_code == 303
    m = client.get("/api/matches/" + url.rsplit("/", 1)[1]).get_json()
    assert len(m["shots"]) == 1


def test_spectators_read_only_and_referee_link(client, app):
    url = start(client)
    mid = url.rsplit("/", 1)[1]
    tap(client, url, quick="break_dry")
    spectator = app.test_client()
    page = spectator.get(url).get_data(as_text=True)
    assert "lecture seule" in page and "/coup" not in page and "Coup 1 (Alice)" in page
    r = spectator.post(url + "/coup", data={"quick": "miss", "seq": "1"})
    assert r.status_code == 403
    watch = spectator.get(url + "/suivre").get_data(as_text=True)
    assert 'http-equiv="refresh"' in watch and "match.js" in watch and "/coup" not in watch
    assert 'http-equiv="refresh"' not in spectator.get(url + "/suivre?fixe=1").get_data(as_text=True)
    own = client.get(url + "/suivre").get_data(as_text=True)
    assert "/coup" not in own                                      # the spectators' view even for the referee
    link_page = client.get(url + "/lien").get_data(as_text=True)
    link = re.search(r'value="(http[^"]+jeton=[^"]+)"', link_page).group(1)
    assert spectator.get(url + "/lien").status_code == 403
    second = app.test_client()
    r = second.get(link.replace("http://localhost", ""))
    assert r.status_code == 303
    assert "/coup" in second.get(url).get_data(as_text=True)        # the second device enters shots
    assert second.get(f"/partie/{mid}?jeton=faux").status_code == 403


@pytest.mark.parametrize("path", ["/partie/inconnu", "/partie/inconnu/suivre", "/partie/inconnu/feuille"])
def test_unknown_match_pages_are_404(client, path):
    assert client.get(path).status_code == 404


def test_forms_carry_csrf_tokens(make_app):
    app = make_app(WTF_CSRF_ENABLED=True)
    c = app.test_client()
    page = c.get("/partie").get_data(as_text=True)
    assert 'name="csrf_token"' in page
    assert c.post("/partie", data={"a": "A", "b": "B", "ruleset": "9-ffb", "race_to": "1"}).status_code == 400


@pytest.mark.parametrize("data, status", [
    ({"pocket": "²", "seq": "²"}, 400), ({"first": "99"}, 400), ({"quick": "zzz"}, 400), ({"quick": "foul:xyz"}, 400),
    ({"quick": "detail", "first_contact": "x"}, 400), ({"quick": "detail", "kind": "break", "called": "ball"}, 400),
    ({"quick": "detail", "kind": "push_out"}, 422), ({"quick": "break_dry", "choice": "play"}, 422), ({}, 400),
])
def test_bad_page_input_is_a_french_4xx_page_and_nothing_is_written(client, data, status):
    url = start(client)
    r = client.post(url + "/coup", data=data)
    assert r.status_code == status and 'role="alert"' in r.get_data(as_text=True)
    assert client.get("/api/matches/" + url.rsplit("/", 1)[1]).get_json()["shots"] == []


def test_a_form_field_given_twice_is_refused_but_the_shot_checkboxes_repeat(client):
    # a posted form is read like a query string: one value per field, except its checkbox lists
    r = client.post("/partie", data={"a": ["Alice", "Eve"], "b": "Bob", "ruleset": "9-ffb", "race_to": "2"})
    assert r.status_code == 400
    assert "Le paramètre « a » est donné plusieurs fois : une seule valeur est attendue." in r.get_data(as_text=True)
    url = start(client, "9-bca")
    page = client.get(url).get_data(as_text=True)
    twice = client.post(url + "/coup", data={"seq": [seq(page), seq(page)], "quick": "break_dry"})
    assert twice.status_code == 400 and "« seq »" in twice.get_data(as_text=True)
    assert not client.get("/api/matches/" + url.rsplit("/", 1)[1]).get_json()["shots"]     # nothing written
    assert tap(client, url, quick="break_dry").status_code == 303
    page = client.get(url).get_data(as_text=True)
    r = client.post(url + "/coup", data={"seq": seq(page), "quick": "detail", "kind": "normal", "first_contact": "1",
                                         "pocketed": ["1", "2"], "fouls": ["touched_ball", "double_hit"]})
    assert r.status_code == 303


def test_a_form_value_that_is_not_utf8_is_refused_and_nothing_is_written(client):
    # « a=%FF » in a form body: werkzeug kept the escape as the name « %FF »
    r = client.post("/partie", data=b"a=%FF&b=Bob&ruleset=9-ffb&race_to=2", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 400 and "« a »" in r.get_data(as_text=True)


def test_a_seq_that_is_no_number_is_refused_not_skipped(client):
    url = start(client, "9-ffb")
    r = client.post(url + "/coup", data={"quick": "break_dry", "seq": "abc"})
    assert r.status_code == 400 and "seq" in r.get_data(as_text=True)
    r = client.post(url + "/annuler", data={"seq": "-1"})
    assert r.status_code == 400
