"""Answers that answer first (``short``, ``verdicts``), quote hygiene, and the conversation
(``context``): units over the real rule data, the API through the Flask test client, the chat
command through click's runner. Expected values come from the policy files (each value names
the clause that states it) and the rule texts, not from the code."""
from __future__ import annotations

import base64
import re
import json
import zlib
from pathlib import Path

import pytest
import yaml

from qa.answer import AskError
from qa.conversation import change_facts
from qa.policy_questions import policy_question_problems
from qa.short import MAX_SHORT, is_yes_no

ROOT = Path(__file__).resolve().parent.parent


# ============================================================================ short and verdicts
def test_jump_verdicts_follow_each_text(answerer):
    # 10-doolys/12-sautes-masses-interdits forbids them; 10-guide/jump-autorises and
    # 9-bca/11-sautes-masses-obstacle allow them; neither FFB text speaks of jump shots
    ans = answerer.ask("On a le droit de faire un jump ?")
    assert ans["verdicts"] == {"10-doolys": "no", "10-ffb": "silent", "10-guide": "yes", "9-bca": "yes",
                               "9-ffb": "silent"}
    assert ans["short"].startswith("Oui ")
    assert "non chez Dooly’s" in ans["short"] and "les deux textes FFB n’en disent rien" in ans["short"]
    cited = [c["id"] for c in ans["citations"]]
    # every fact of the short rests on a cited clause
    for cid in ("10-doolys/12-sautes-masses-interdits", "10-guide/jump-autorises", "9-bca/11-sautes-masses-obstacle"):
        assert cid in cited


def test_a_question_asking_the_opposite_flips_the_verdicts(answerer):
    ans = answerer.ask("Est-ce interdit de masser au jeu de la 10 ?")
    assert ans["verdicts"]["10-doolys"] == "yes"          # 10-doolys/12-sautes-masses-interdits
    assert ans["verdicts"]["10-ffb"] == "silent"


def test_call_shot_verdicts_and_the_condition_of_a_money_ball_on_the_break(answerer):
    ans = answerer.ask("Au jeu de la 10, faut-il annoncer ses coups ?")
    # 10-doolys/1-pas-d-annonce: no call; 10-ffb/annonce-du-coup, 10-guide/annonce-du-coup: ball and pocket
    assert ans["verdicts"] == {"10-doolys": "no", "10-ffb": "yes", "10-guide": "yes"}
    ans = answerer.ask("au 10, la 10 rentre à la casse, on gagne ?")
    if ans["kind"] == "lookup":
        # 10-ffb/casse-10-empochee-annoncee and 10-guide/casse-10-annoncee: only when called
        assert ans["verdicts"]["10-doolys"] == "yes"
        assert ans["verdicts"]["10-ffb"] == ans["verdicts"]["10-guide"] == "no"
        assert "seulement si elle est annoncée" in ans["short"]


def test_an_open_policy_question_gets_the_rule_before_its_exception(answerer):
    ans = answerer.ask("Combien de fautes d’affilée avant de perdre au jeu de la 9 ?")
    assert ans["verdicts"] is None
    assert ans["short"] == "Trois fautes consécutives : le joueur perd la partie dans les deux règlements du jeu de la 9."
    first = [c["id"] for c in ans["citations"][:2]]
    assert set(first) == {"9-bca/12-trois-fautes", "9-ffb/trois-fautes-consecutives"}


def test_a_situation_asked_yes_or_no_gets_the_engines_verdict(answerer):
    ans = answerer.ask("Au jeu de la 9, je casse, je touche la 1 et la 9 tombe, j’ai gagné ?")
    assert ans["kind"] == "scenario"
    assert ans["verdicts"] == {"9-bca": "yes", "9-ffb": "yes"}    # 9-bca/4-fin-de-partie, 9-ffb/victoire-9-empochee
    assert "gagnes la partie" in ans["short"]
    ans = answerer.ask("Au jeu de la 9, la blanche tombe dans la poche, c’est faute ?")
    # 9-ffb/faute-bille-blanche-empochee lists it; the BCA text makes the cue ball pocketed a foul
    # only on the break (3b): in play it says nothing (the engine rules it a foul, as the BCA does)
    assert ans["verdicts"] == {"9-bca": "silent", "9-ffb": "yes"}


def test_unknown_questions_are_refused_in_grammatical_french(answerer):
    ans = answerer.ask("Combien coûte une queue de billard ?")
    assert ans["kind"] == "unknown" and ans["citations"] == []
    assert ans["short"] == "Je ne sais pas : les règles ne parlent pas des prix ni des achats."
    assert " de les " not in ans["answer"]
    # « c » for « c'est » in text speak
    assert answerer.ask("c combien une table de billard ?")["kind"] == "unknown"
    # who pays for the table is bar etiquette, not a rule; phones, noise and lateness are the room's
    assert answerer.ask("entre potes, c'est le perdant qui paye la table ?")["kind"] == "unknown"
    for q in ("il répond au téléphone entre deux coups, c'est faute ?", "il a 20 minutes de retard, il a perdu la partie ?"):
        ans = answerer.ask(q)
        assert ans["kind"] == "unknown" and "conduite autour de la table" in ans["short"], q


def test_who_breaks_the_next_rack_is_said_silent_where_the_text_is(answerer):
    ans = answerer.ask("au BCA, qui casse le rack d'après ?")
    assert ans["kind"] != "unknown" and "le BCA n’en dit rien" in ans["short"]
    ans = answerer.ask("chez Dooly's, qui casse la manche suivante ?")
    assert ans["citations"][0]["id"] == "10-doolys/3-bris-alterne"


@pytest.mark.parametrize("q, expected", [
    ("bca : une faute sur le push out, qui a la main ensuite ?", False),
    ("la blanche tombe a la casse, a qui de jouer ?", False),
    ("peut-on sauter une bille ?", True), ("on a le droit de masser ?", True), ("la 9 à la casse, on gagne ?", True),
    ("est-ce qu'il faut annoncer ?", True), ("quand je casse, dois-je toucher la 1 ?", True),
    ("je touche la 3 alors que la 2 est encore là, j'ai gagné ?", True),
    ("combien de fautes avant de perdre ?", False), ("c'est quoi un push-out ?", False),
    ("où replace-t-on la 9 ?", False), ("qui casse en premier ?", False), ("comment on fait le lag", False),
    ("arbitre en formation : au 9, que signifie « bille en main » ?", False),
    ("au 10, la 10 que j'avais annoncée est rentrée, c'est gagné ?", True),
    # « c » for « c'est » in text speak
    ("ma blanche a fini par terre, c quoi la sanction ?", False), ("c koi un coup pousse ?", False),
    ("c qui qui recasse apres ?", False), ("c faute si je joue avant l'arret des billes ?", True),
    # a framing told without a comma: the question word after it decides
    ("chez doolys qui recasse au rack d'apres ?", False), ("au bca comment on replace la neuf ?", False),
    ("chez doolys on a le droit de masser ?", True),
    # an indirect question inside a closed one
    ("au lag on ne sait pas dire quelle bille est la plus proche, on recommence ?", True),
    # two counts side by side ask how many; two balls side by side do not
    ("a la casse au 9 faut 4 billes en bande ou 3 ?", False), ("2 ou 3 fautes pour perdre ?", False),
    ("si la 9 ou la 10 rentre sur une faute je gagne ?", True),
])
def test_yes_no_questions_are_told_from_the_others(q, expected):
    assert is_yes_no(q) is expected


def test_every_short_fits_in_200_characters(answerer):
    items = yaml.safe_load((ROOT / "tests" / "data" / "questions.yaml").read_text(encoding="utf-8"))
    for item in items[:150]:
        ans = answerer.ask(item["q"])
        assert isinstance(ans["short"], str) and 0 < len(ans["short"]) <= MAX_SHORT, (item["q"], ans["short"])


def test_no_passage_is_quoted_twice_and_no_bare_lead_in_beside_its_items(answerer, rulebook):
    for q in ("que peut faire l'adversaire après un push-out", "liste des fautes au jeu de la 9",
              "la blanche tombe que se passe t il", "le coup poussé au bca"):
        ans = answerer.ask(q, k=8)
        ids = [c["id"] for c in ans["citations"]]
        assert len(ids) == len(set(ids))
        for cid in ids:
            c = rulebook.clauses[cid]
            if c.text.rstrip().endswith(":") and len(c.text) < 160:
                assert not any(rulebook.clauses[o].lead_in == cid for o in ids), (q, cid)


# ============================================================================ the conversation
def test_a_follow_up_changes_the_rulesets(answerer):
    first = answerer.ask("chez Dooly’s, les coups sautés sont permis ?")
    assert first["verdicts"] == {"10-doolys": "no"}
    second = answerer.ask("et dans le guide ?", context=first["context"])
    assert second["verdicts"] == {"10-guide": "yes"}                 # 10-guide/jump-autorises
    assert second["question"] == "et dans le guide ?"
    third = answerer.ask("et à la FFB ?", context=second["context"])
    assert third["verdicts"] == {"10-ffb": "silent"}
    assert "n’en dit rien" in third["short"]


def test_a_follow_up_asking_what_another_text_says_changes_the_rulesets(answerer):
    first = answerer.ask("au jeu de la 10 FFB, on doit annoncer son coup ?")
    second = answerer.ask("et le guide, il dit quoi ?", context=first["context"])
    assert second["rulesets"] == ["10-guide"]
    assert second["citations"][0]["id"] == "10-guide/annonce-du-coup"


def test_a_short_follow_up_pointing_back_completes_the_previous_question(answerer):
    """« elle » is the ball of the previous question: its game and its texts are kept."""
    first = answerer.ask("au jeu de la 9, la 9 saute hors de la table pendant mon coup")
    second = answerer.ask("elle est replacée ?", context=first["context"])
    assert set(second["rulesets"]) <= {"9-bca", "9-ffb"} and second["rulesets"]
    ids = [c["id"] for c in second["citations"][:3]]
    assert "9-ffb/bille-9-replacee" in ids, ids


def test_a_new_question_in_a_conversation_keeps_the_game_named_before(answerer):
    first = answerer.ask("chez Dooly’s, les coups massés sont permis ?")
    second = answerer.ask("le tirage au début se fait comment ?", context=first["context"])
    assert second["rulesets"] == ["10-doolys"] and second["citations"][0]["id"] == "10-doolys/3-pile-ou-face"
    third = answerer.ask("au jeu de la 9, le tirage se fait comment ?", context=second["context"])
    assert set(third["rulesets"]) <= {"9-bca", "9-ffb"}     # a game named: the new one


def test_a_follow_up_asking_what_the_ruling_allows_does_not_change_the_shot(answerer):
    """« ok et l'autre, il peut faire un push ? » after a scratch on the break: the same shot,
    asked whether a push-out follows (9-bca/5-coup-pousse-apres-scratch: no)."""
    first = answerer.ask("au BCA je casse et la blanche tombe")
    second = answerer.ask("ok et l'autre, il peut faire un push ?", context=first["context"])
    assert second["kind"] == "scenario" and second["scenario"]["shot"]["kind"] == "break"
    assert "9-bca/5-coup-pousse-apres-scratch" in [c["id"] for c in second["citations"][:3]]
    assert second["verdicts"] == {"9-bca": "no"}


@pytest.mark.parametrize("text, bound", [
    ("et si c'était à la casse ?", True), ("même si j'ai rentré une bille ?", True),
    ("ok et après, qui rejoue ?", True), ("et l'autre il fait quoi ?", True),
    ("et si la bille est déjà sur le point de mouche quand on la replace ?", False),
    ("et les fautes de queue ?", False),
])
def test_which_follow_ups_are_read_with_the_previous_question(text, bound):
    from qa.conversation import completes
    assert completes(text) is bound


@pytest.mark.parametrize("text", ["pk ? c'est écrit où ?", "ok pourquoi", "ta source ?", "ça dit où"])
def test_why_is_read_in_players_words(answerer, text):
    first = answerer.ask("au 9 ffb, 3 fautes de suite sans avertissement, je perds ?")
    assert answerer.ask(text, context=first["context"])["short"].startswith("Parce que")


def test_a_follow_up_changes_the_game_of_a_rule_question(answerer):
    first = answerer.ask("combien de fautes de suite avant de perdre au jeu de la 9 ?")
    second = answerer.ask("et au jeu de la 10 ?", context=first["context"])
    assert set(second["rulesets"]) <= {"10-doolys", "10-ffb", "10-guide"} and second["rulesets"]


def test_a_follow_up_changes_one_fact_of_a_situation(answerer):
    first = answerer.ask("Au jeu de la 9, je touche la 1 et la 5 tombe, je rejoue ?")
    assert first["kind"] == "scenario" and first["verdicts"] == {"9-bca": "yes", "9-ffb": "yes"}
    second = answerer.ask("et si la 9 était rentrée aussi ?", context=first["context"])
    assert second["kind"] == "scenario"
    assert 9 in second["scenario"]["shot"]["pocketed"] and 5 in second["scenario"]["shot"]["pocketed"]
    for o in second["outcomes"].values():          # the 9 pocketed legally wins (9-bca/13-fin-de-partie…)
        assert o["game_over"] and o["winner"] == "shooter"
    third = answerer.ask("et si c'était à la casse ?", context=second["context"])
    assert third["scenario"]["shot"]["kind"] == "break"


def test_why_quotes_what_the_answer_rests_on(answerer, rulebook):
    first = answerer.ask("au 9 ffb, 3 fautes de suite sans avertissement, je perds ?")
    second = answerer.ask("pourquoi ?", context=first["context"])
    assert second["short"].startswith("Parce que")
    cid = second["citations"][0]["id"]
    assert rulebook.clauses[cid].ruleset == "9-ffb"


def test_change_facts_on_the_scenario():
    sc = {"state": {"on_table": [1, 2, 5]}, "shot": {"first_contact": 1, "pocketed": [5]}}
    assert change_facts("et si c'était à la casse ?", sc)["shot"]["kind"] == "break"
    assert change_facts("et si la 9 était rentrée aussi ?", sc)["state"]["on_table"] == [1, 2, 5, 9]
    assert change_facts("et si la blanche était tombée ?", sc)["shot"]["cue_ball"] == "pocketed"
    assert change_facts("et si j'avais annoncé ?", sc)["shot"]["called"]["ball"] == 5
    assert change_facts("et si aucune bille n'avait touché la bande ?", sc)["shot"]["rail_after_contact"] is False
    assert change_facts("et ensuite ?", sc) is None
    assert sc == {"state": {"on_table": [1, 2, 5]}, "shot": {"first_contact": 1, "pocketed": [5]}}   # not changed
    on_break = {"shot": {"kind": "break", "off_table": [10]}}
    assert change_facts("et si c'était pendant la partie ?", on_break)["shot"]["kind"] == "normal"


def test_a_follow_up_hitting_the_right_ball_drops_the_wrong_ball_foul(answerer):
    wrong = {"shot": {"kind": "normal", "first_contact": 4, "fouls": ["wrong_ball_first"]}}
    changed = change_facts("et si j'avais tapé la bonne d'abord ?", wrong)
    assert changed["shot"]["fouls"] == [] and "first_contact" not in changed["shot"]   # untold, not « no ball hit »
    # 9-bca/8: after a lawful first contact, a ball pocketed or a ball to a rail, or it is a foul
    first = answerer.ask("9 BCA : je tape la 5 en premier alors que la 3 est la plus basse")
    then = answerer.ask("et si je tapais la bonne mais sans aucune bande après ?", context=first["context"])
    assert then["kind"] == "scenario" and then["citations"][0]["id"] == "9-bca/8-une-bande-apres-impact"


def test_a_follow_up_may_change_how_many_balls_dropped_or_crossed():
    on_break = {"shot": {"kind": "break", "pocketed": [7, 8], "crossed_head_string": 0}}
    assert change_facts("et s'il y en avait eu 3 ?", on_break)["shot"]["pocketed"] == [6, 7, 8]
    assert change_facts("et si trois billes etaient rentrees ?", on_break)["shot"]["pocketed"] == [6, 7, 8]
    assert change_facts("et si 2 passaient la ligne ?", on_break)["shot"]["crossed_head_string"] == 2


def test_a_template_break_asked_again_with_three_balls_down_meets_the_rule(answerer):
    # 9-ffb: « Le joueur garde donc la main si, et seulement si : » … « trois billes sont empochées »
    first = answerer.ask("9 ffb avec gabarit, a la casse j'en rentre deux et aucune ne passe la ligne, je rejoue ?")
    assert first["verdicts"] == {"9-ffb": "no"}
    second = answerer.ask("et s'il y en avait eu 3 ?", context=first["context"])
    assert second["verdicts"] is None or second["verdicts"] == {"9-ffb": "yes"}
    assert second["citations"][0]["id"] == "9-ffb/trois-billes-trois-empochees"
    assert second["outcomes"]["9-ffb"]["next_shooter"] == "shooter"


def test_where_in_the_text_cites_the_answer_again(answerer):
    first = answerer.ask("ffb 9 gabarit : la 4 passe la ligne de depart puis tombe dans une poche, ca fait 2 ?")
    assert first["verdicts"] == {"9-ffb": "no"}
    second = answerer.ask("c'est ou dans le texte ?", context=first["context"])
    assert second["citations"][0]["id"] == "9-ffb/trois-billes-comptage"


def _forged(context: str, change) -> str:
    body = context[3:]
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    change(data)
    return "c1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode().rstrip("=")


@pytest.mark.parametrize("change", [
    lambda d: d["sc"].__setitem__("state", "x"),
    lambda d: d["sc"].__setitem__("shot", []),
    lambda d: d["sc"]["shot"].__setitem__("pocketed", [99, -1, "a"]),
    lambda d: d["sc"]["state"].__setitem__("on_table", [1e308, None, True]),
    lambda d: d["sc"]["shot"].__setitem__("kind", "xx"),
    lambda d: d.__setitem__("r", []),
])
def test_a_context_with_a_forged_scenario_is_refused_naming_the_field(answerer, change):
    """The Scenario inside a context goes through the Scenario schema when read back: a forged
    one is a 400 on « context », never an engine error."""
    first = answerer.ask("au 9 ffb la blanche tombe à la casse")
    for q in ("et au BCA ?", "pourquoi ?", "et si la 9 était rentrée aussi ?"):
        with pytest.raises(AskError) as e:
            answerer.ask(q, context=_forged(first["context"], change))
        assert e.value.field == "context"


def test_a_context_not_written_here_is_refused(answerer, rulebook):
    for bad in ("nimporte", "c1.@@@", "c1." + base64.urlsafe_b64encode(zlib.compress(b"[1,2]")).decode(), 42,
                "c1." + base64.urlsafe_b64encode(zlib.compress(b"0" * 200_000)).decode()):
        with pytest.raises(AskError) as exc:
            answerer.ask("et à la FFB ?", context=bad)
        assert exc.value.field == "context"
    forged = {"q": "x", "k": "lookup", "r": ["9-zzz"]}
    text = "c1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(forged).encode())).decode()
    with pytest.raises(AskError):
        answerer.ask("et alors ?", context=text)


def test_the_api_follows_up_with_context(client):
    first = client.get("/api/ask", query_string={"q": "On a le droit de faire un jump ?"}).get_json()
    assert first["short"] and first["context"]
    second = client.post("/api/ask", json={"q": "et à la FFB ?", "context": first["context"]})
    assert second.status_code == 200
    assert second.get_json()["verdicts"] == {"10-ffb": "silent", "9-ffb": "silent"}
    bad = client.get("/api/ask", query_string={"q": "et à la FFB ?", "context": "xyz"})
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "context"


def test_the_page_continues_the_conversation_without_javascript(client):
    first = client.get("/api/ask", query_string={"q": "On a le droit de faire un jump ?"}).get_json()
    text = client.get("/", query_string={"q": "et à la FFB ?", "context": first["context"], "f": "1"}).get_data(as_text=True)
    assert 'id="reponse"' in text and "Les deux textes FFB n’en disent rien." in text
    assert 'class="thread"' in text and "jump" in text
    assert 'name="context" value="' in text


def test_the_page_remembers_the_rulesets_ticked(client):
    resp = client.get("/", query_string={"q": "la casse", "rulesets": "9-bca", "f": "1"})
    assert "arbitre_regles=9-bca" in resp.headers.get("Set-Cookie", "")
    home = client.get("/").get_data(as_text=True)
    assert 'id="rs-9-bca" name="rulesets" value="9-bca" checked' in home


def test_chat_in_the_terminal(runner):
    from cli import cli
    result = runner.invoke(cli, ["chat"], input="On a le droit de faire un jump ?\net à la FFB ?\npourquoi ?\n")
    assert result.exit_code == 0, result.output
    assert "non chez Dooly’s" in result.output
    assert "Les deux textes FFB n’en disent rien." in result.output
    assert "Parce que" in result.output


# ============================================================================ the data file
def test_policy_questions_file_problems_name_the_line(tmp_path, rulebook):
    path = tmp_path / "policy_questions.yaml"
    path.write_text("names: {}\nflip: []\nquestions:\n  - policy: jump_shot\n    words: [jump]\n"
                    "  - policy: jump_shots\n    words: [Sauté]\n    oui: [permis]\n", encoding="utf-8")
    problems = policy_question_problems(path, rulebook.policy_specs, list(rulebook.rulesets))
    text = "\n".join(f"{line}: {msg}" for line, msg in problems)
    assert "4: politique inconnue « jump_shot » (vouliez-vous dire « jump_shots » ?)" in text
    assert "« Sauté »" in text and "valeur « permis » inconnue" in text


def test_the_same_table_is_checked_and_read_before_the_entries(tmp_path, rulebook):
    path = tmp_path / "policy_questions.yaml"
    path.write_text("names: {}\nflip: []\nsame:\n  Bille Gagnante: bille de gain\n  la neuf: la 9\nquestions: []\n",
                    encoding="utf-8")
    text = "\n".join(f"{line}: {msg}" for line, msg in
                     policy_question_problems(path, rulebook.policy_specs, list(rulebook.rulesets)))
    assert "4: « Bille Gagnante » (same) : écrivez-le en minuscules" in text
    assert "5: « la neuf » (same) s'écrit déjà comme « la 9 »" in text
    from qa.policy_questions import load_policy_questions
    assert " bille de gain " in load_policy_questions().text("la bille gagnante tombe sur une faute")


def test_word_groups_are_named_in_entries_and_checked(tmp_path, rulebook):
    path = tmp_path / "policy_questions.yaml"
    path.write_text("names: {}\nflip: []\ngroups:\n  break: [casse, break]\n  bad: [\"@break\"]\nquestions:\n"
                    "  - policy: jump_shots\n    words: [jump]\n    all: [\"@break\", a la casse]\n    sauf: [\"@brek\"]\n"
                    "    oui: [allowed]\n", encoding="utf-8")
    problems = policy_question_problems(path, rulebook.policy_specs, list(rulebook.rulesets))
    text = "\n".join(f"{line}: {msg}" for line, msg in problems)
    assert "5: le groupe « bad » doit être une liste de mots (sans autre groupe)" in text
    assert "7: groupe inconnu « @brek » (sauf) (vouliez-vous dire « @break » ?)" in text
    from qa.policy_questions import _read
    entry = _read(path, None, None)[0].questions[0]
    assert entry.all == ("casse", "break", "a la casse")
    # the real file: the break's words are one group, read into each entry that names it
    book = _read(ROOT / "rules_data" / "policy_questions.yaml", None, None)[0]
    assert any("casseur" in e.all and "a la casse" in e.all for e in book.questions if e.policy == "break_scratch")


# ============================================================================ the refusal gate
@pytest.mark.parametrize("q", [
    "salut à tous ! petite question : au jeu de la 9, la 9 rentre sur la casse, on a gagné ?",
    "je comprends rien à ce passage, c'est quoi la règle des trois billes ?",
    "c koi la règle des trois billes, jcomprends rien",      # the glued « j » is cut off: « j comprends »
    "c'est qui qui a raison : mon pote dit qu'on rejoue après avoir rentré une bille à la casse",
    "yo les gars, au 10 faut annoncer ses coups ou pas ?",
    "c'est peut-être bête mais la blanche qui saute de la table, c'est faute au BCA ?",
    "tu vas rire mais je ne sais toujours pas qui casse la deuxième manche chez Dooly's",
    "dans le cadre de ma formation : la bille en main se joue où au jeu de la 9 ?",
])
def test_asides_never_refuse_an_in_scope_question(answerer, q):
    assert answerer.ask(q)["kind"] != "unknown"


def test_asides_are_left_out_and_shortened_words_written_out():
    from qa.asides import clean
    assert clean("salut ! cmb de fautes avant de perdre svp") == "combien de fautes avant de perdre"
    assert clean("bonjour") == "bonjour"          # nothing left: the question itself


@pytest.mark.parametrize("q, phrase", [
    ("au bar la table à pièces garde la blanche quand je scratche, on fait comment ?", "des tables de bar à monnayeur"),
    ("comment bien faire son chevalet ?", "de la technique de jeu"),
    ("combien coûte une queue de casse ?", "des prix"),
    ("comment tu vises quand la bille est collée à la bande ?", "de la technique de jeu"),
    ("il faut combien de pièces pour jouer sur le billard du bar ?", "des tables de bar à monnayeur"),
    ("on peut passer arbitre en combien de temps ?", None),
    ("les championnats de France de pool, c'est où ?", None),
    ("au cut throat qui gagne ?", None),
    ("quelle est la capitale de la France ?", "d’autre chose que le billard"),
    ("quel temps fait-il demain ?", "d’autre chose que le billard"),
])
def test_near_domain_questions_are_refused_in_grammatical_french(answerer, q, phrase):
    ans = answerer.ask(q)
    assert ans["kind"] == "unknown" and (phrase is None or phrase in ans["short"]), ans["short"]


def test_a_figurative_cost_is_not_a_price():
    from qa.detect import off_topic
    from qa.text import normalise
    assert off_topic(normalise("trois fautes de suite, ça coûte juste la manche ?")) is None
    assert off_topic(normalise("ça coûte combien une table ?")) == "price"


def test_a_stale_context_on_the_page_answers_the_question_alone(client):
    resp = client.get("/", query_string={"q": "peut-on sauter ?", "context": "c1.pas-un-contexte", "f": "1"})
    assert resp.status_code == 200 and 'id="reponse"' in resp.get_data(as_text=True)


@pytest.mark.parametrize("bad", [42, ["c1."], "c1." + "A" * 20000])
def test_the_api_refuses_a_bad_context_naming_the_field(client, bad):
    resp = client.post("/api/ask", json={"q": "et à la FFB ?", "context": bad})
    assert resp.status_code == 400 and resp.get_json()["error"]["field"] == "context"


# ----------------------------------------------------------------------------- hostile review, session 3
@pytest.mark.parametrize("q", ["ok", "ok merci", "non", "???", "merci beaucoup"])
def test_words_that_ask_nothing_get_no_clause(answerer, q):
    a = answerer.ask(q)
    assert a["kind"] == "unknown" and a["citations"] == [] and "question" in a["short"]


def test_a_filler_in_a_conversation_keeps_its_thread(answerer):
    first = answerer.ask("dans le guide, les jumps sont permis ?")
    ok = answerer.ask("ok", context=first["context"])
    assert ok["context"] == first["context"]
    assert answerer.ask("et au BCA ?", context=ok["context"])["verdicts"] == {"9-bca": "yes"}


def test_an_explicit_rulesets_bounds_a_follow_up(answerer):
    first = answerer.ask("au 9 ffb la blanche tombe à la casse")
    why = answerer.ask("pourquoi ?", rulesets=["10-ffb"], context=first["context"])
    assert why["rulesets"] == ["10-ffb"] and all(c["ruleset"] == "10-ffb" for c in why["citations"])


def test_a_follow_up_about_the_other_player_reads_him_in_its_own_words(answerer):
    """The story says « je », the follow-up « il »: whether the opponent has ball in hand."""
    first = answerer.ask("au 9 ffb à la casse je touche la 1, rien ne rentre et seulement deux billes en bande")
    second = answerer.ask("il a bille en main ?", context=first["context"])
    assert second["verdicts"] == {"9-ffb": "yes"}      # 9-ffb/casse-faute-bille-en-main


def test_no_push_out_with_ball_in_hand_after_the_break(answerer):
    """10-ffb/push-out-interdit-bille-en-main, the guide after a foul, 9-ffb and Dooly's after a legal
    break only; the BCA refuses it only after a scratch (9-bca/5-coup-pousse-apres-scratch)."""
    a = answerer.ask("peut-on jouer un push-out quand on a bille en main après la casse ?")
    assert a["verdicts"] == {"10-doolys": "no", "10-ffb": "no", "10-guide": "no", "9-bca": "yes", "9-ffb": "no"}


@pytest.mark.parametrize("q, verdicts", [
    ("au 9, si le point de replacement est déjà pris, la 9 va derrière la bille qui le prend ?",
     {"9-bca": "silent", "9-ffb": "yes"}),                                     # 9-ffb/bille-9-point-occupe
    ("sans le dire avant, mon coup peut compter comme un push out ?",
     {r: "no" for r in ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")}),  # every text: announced
    ("au 9, je fais un push : la blanche a le droit de ne toucher aucune bille ?",
     {"9-bca": "yes", "9-ffb": "yes"}),                                        # no contact required
])
def test_yes_no_phrasings_of_session_3(answerer, q, verdicts):
    assert answerer.ask(q)["verdicts"] == verdicts


def test_where_the_nine_goes_in_the_rack_is_a_rule_question(answerer):
    a = answerer.ask("au 9, le triangle c'est quelle forme et où on met la 9 ?")
    assert a["kind"] == "lookup" and a["citations"][0]["id"] in {"9-bca/2-losange", "9-ffb/rack-losange"}


@pytest.mark.parametrize("q", ["t'as une astuce pour viser en bande ? je rate tout",
                               "comment on fait un bon rétro, je tiens la queue comment ?"])
def test_advice_around_a_story_is_refused_not_ruled(answerer, q):
    a = answerer.ask(q)
    assert a["kind"] == "unknown" and "technique de jeu" in a["short"]


def test_a_result_asked_after_a_story_is_its_ruling(answerer):
    """« résultat ? » after a break told is the ruling, not a tournament's results."""
    a = answerer.ask("selon le guide, à la casse la blanche et la 10 rentrent toutes les deux. résultat ?")
    assert a["kind"] == "scenario"
    assert answerer.ask("les résultats du tournoi de samedi ?")["kind"] == "unknown"


# ============================================================================ naming groups of rulesets
# « selon » before rulesets reads as French: each name with its article (« la FFB », « le guide »,
# « le BCA »; « Dooly’s » has none), from rulesets.yaml `short` and policy_questions.yaml `names`.
_NAMED = r"(?:Dooly’s|la FFB(?: \((?:9|10)\))?|le guide|le BCA)"
_SELON = re.compile(rf"^selon (?:les deux textes FFB|{_NAMED}(?:(?:, {_NAMED})* et {_NAMED})?)$")


def test_each_ruleset_is_named_with_its_article(rulebook):
    from qa.short import short_name
    everything = list(rulebook.rulesets)
    assert {r: short_name(rulebook, r, ["10-doolys", "10-ffb", "10-guide"]) for r in ("10-doolys", "10-ffb", "10-guide")} \
        == {"10-doolys": "Dooly’s", "10-ffb": "la FFB", "10-guide": "le guide"}
    assert short_name(rulebook, "9-bca", everything) == "le BCA"
    # both FFB texts covered: each says which game it is
    assert (short_name(rulebook, "9-ffb", everything), short_name(rulebook, "10-ffb", everything)) == ("la FFB (9)",
                                                                                                       "la FFB (10)")


def test_every_grouping_of_rulesets_reads_grammatically(rulebook):
    from itertools import combinations

    from qa.short import _short_names
    everything = list(rulebook.rulesets)
    for covered in (everything, rulebook.rulesets_of_game("ten-ball"), rulebook.rulesets_of_game("nine-ball")):
        for n in range(1, len(covered) + 1):
            for group in combinations(covered, n):
                phrase = _short_names(rulebook, list(group), covered)
                assert _SELON.match(phrase), phrase
    assert _short_names(rulebook, ["10-doolys", "10-ffb", "10-guide"], everything) == \
        "selon Dooly’s, la FFB (10) et le guide"
    assert _short_names(rulebook, ["10-ffb", "9-ffb"], everything) == "selon les deux textes FFB"


@pytest.mark.parametrize("q, short", [
    # 10-ffb/faute-1-blanche-empochee and 10-guide/faute-blanche-empochee: a foul; Dooly’s lists none such
    # (the same ruling, said by two texts and a referee's call in the third: said once, with who says it)
    ("jeu de la 10: je scratch en touchant la 1", "Faute : ton adversaire a la bille en main n’importe où sur la table "
     "(selon la FFB et le guide ; Dooly’s n’en dit rien : décision d’arbitre)."),
    # 10-ffb/faute-11-queue-posee-sur-la-table, 9-ffb/faute-queue-posee-sur-la-table; the three others are silent
    ("quelle est la sanction si je pose ma canne sur le tapis pour m'aligner",
     "Faute : ton adversaire a la bille en main n’importe où sur la table (selon les deux textes FFB ; Dooly’s, le "
     "guide et le BCA n’en disent rien : décision d’arbitre)."),
])
def test_a_split_ruling_names_its_rulesets_with_articles(client, q, short):
    body = client.get("/api/ask", query_string={"q": q}).get_json()
    assert body["short"] == short and len(body["short"]) <= MAX_SHORT


ALL5 = ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")


@pytest.mark.parametrize("q, verdicts, cited", [
    # an entry matched in its context too wins over one matched by a single word (« prévenir » is also
    # the third foul's warning): every text wants the push-out announced (10-doolys/6-coup-pousse-annonce…)
    ("il faut prévenir l'adversaire avant de faire un push ?", {r: "yes" for r in ALL5}, "annonce"),
    # the push-out is when the scratch happened, not what is asked: a scratch is a foul on a push-out too
    # (9-ffb/push-out-faute, 10-ffb/push-out-autres-regles)
    ("à la FFB la blanche rentrée pendant mon push-out c'est faute quand même ?", {"10-ffb": "yes", "9-ffb": "yes"},
     "push-out"),
])
def test_yes_no_phrasings_of_session_4(answerer, q, verdicts, cited):
    a = answerer.ask(q)
    assert a["verdicts"] == verdicts and cited in a["citations"][0]["id"]


def test_who_asks_is_not_what_is_asked(answerer):
    """« arbitre stagiaire : » says who asks (rules_data/asides.yaml): « arbitre » would match the
    referee's warning before the rule the question names; a « que signifie » is not a yes/no."""
    a = answerer.ask("Arbitre stagiaire : au 9 FFB, que veut dire « trois fautes consécutives » ?")
    assert a["verdicts"] is None and a["citations"][0]["id"] == "9-ffb/trois-fautes-consecutives"


def test_a_lead_in_asked_for_itself_is_quoted_with_its_first_item(answerer):
    """9-bca/3-bris-regles (« … les mêmes que pour les autres coups, à l'exception de ce qui suit : »)
    is what is asked: it leads, and its quote goes on with its first item (3a), never alone."""
    a = answerer.ask("au BCA, le bris obéit-il aux mêmes règlements que les autres coups ?")
    assert a["citations"][0]["id"] == "9-bca/3-bris-regles"
    assert "ce qui suit : L’ouvreur" in a["short"].replace("'", "’") and not a["short"].endswith(": »")


def test_a_question_the_texts_do_not_answer_alone_is_read_with_the_previous_one(answerer):
    first = answerer.ask("au BCA, trois fautes de suite et on perd ?")
    then = answerer.ask("il faut qu'on me prévienne avant ?", context=first["context"])
    # 9-bca/12-avertissement: the warning after the second foul, the clause the verdict rests on, first
    assert then["verdicts"] == {"9-bca": "yes"} and then["citations"][0]["id"] == "9-bca/12-avertissement"
    off = answerer.ask("et une queue ça coûte combien ?", context=first["context"])
    assert off["kind"] == "unknown"


@pytest.mark.parametrize("q, expected", [
    ("la 10 rentre sur une faute, c'est gagné ? elle va ou du coup ?", False),   # the last question decides
    ("elle est remise ou ?", False), ("je la joue ou pas ?", True), ("c'est faute ou non ?", True),
])
def test_the_last_question_and_an_unaccented_where_decide_yes_or_no(q, expected):
    assert is_yes_no(q) is expected


def test_a_point_every_text_is_silent_on_is_outside_the_texts_and_says_each_silence(answerer):
    """The contract: « unknown » means outside what the texts cover, no citation offered; the verdicts
    still say what each text answers: nothing."""
    a = answerer.ask("au 9 il y a une règle pour le stalemate ?")
    assert a["kind"] == "unknown" and a["citations"] == []
    assert a["verdicts"] == {"9-bca": "silent", "9-ffb": "silent"} and "n’en disent rien" in a["short"]


def test_the_money_ball_named_in_a_follow_up_of_its_game_is_a_ball(answerer):
    """« et si c'est la 9 ? » in a conversation about the BCA's jeu de la 9 changes the ball, not the
    rulesets: the 9 pocketed on a push-out is spotted (9-bca/5-coup-pousse-billes-empochees)."""
    first = answerer.ask("au BCA sur mon coup poussé j'ai rentré la 4")
    then = answerer.ask("et si c'était la 9 ?", context=first["context"])
    assert then["rulesets"] == ["9-bca"] and then["scenario"]["shot"]["pocketed"] == [9]


def test_the_guide_says_when_a_break_is_valid_not_what_an_invalid_one_costs(answerer):
    """10-guide/casse-valable: valid when the 1 is hit first and at least four balls reach a rail. A
    ball pocketed with two balls to a rail: not valid (« no »); whether that is a foul, the guide's
    list of fouls does not say (« silent »)."""
    story = "guide du 10 : à la casse je touche la 1, la 3 rentre et seulement deux billes vont en bande"
    valid = answerer.ask(story + ", la casse est valable ?")
    assert valid["verdicts"] == {"10-guide": "no"} and "casse non valable" in valid["short"].lower()
    foul = answerer.ask(story + ", c'est faute ?")
    assert foul["verdicts"] == {"10-guide": "silent"}


def test_a_text_that_contradicts_itself_says_so_and_cites_both_clauses(answerer):
    """Dooly's: « un jeu à coups annoncés » (10-doolys/1-but-du-jeu), then « Les joueurs n'ont jamais à
    nommer leurs coups » (10-doolys/1-pas-d-annonce): the verdict follows the explicit sentence and
    says the contradiction."""
    a = answerer.ask("chez Dooly's, on doit annoncer ses coups ?")
    assert a["verdicts"] == {"10-doolys": "no"} and "se contredit" in a["short"]
    assert {"10-doolys/1-pas-d-annonce", "10-doolys/1-but-du-jeu"} <= {c["id"] for c in a["citations"]}


@pytest.mark.parametrize("then", ["et au golf ?", "et la bière au bar, c'est combien ?"])
def test_a_follow_up_that_leaves_the_texts_is_refused_not_read_with_the_previous_question(answerer, then):
    first = answerer.ask("peut-on faire un coup sauté chez Dooly's ?")
    assert answerer.ask(then, context=first["context"])["kind"] == "unknown"


def test_and_if_it_were_the_10_asks_the_same_question_of_that_ball(answerer):
    """A lookup about the 3 off the table (not replaced), then « et si c'était la 10 ? »: the money
    ball is replaced (10-ffb/bille-10-replacee, 10-guide/replacement-10, Dooly's 11)."""
    first = answerer.ask("au jeu de la 10, la 3 est sortie de la table, on la replace ?")
    then = answerer.ask("et si c'était la 10 ?", context=first["context"])
    assert set(then["verdicts"].values()) == {"yes"} and "10-ffb/bille-10-replacee" in {c["id"] for c in then["citations"]}


# ============================================================================ a ruleset outside the selection
def test_a_ruleset_named_outside_the_selection_is_said(answerer):
    # the request restricts to the BCA: the answer covers it (9-bca/11-sautes-masses-obstacle allows
    # jump shots) and says that Dooly's, which the question names, is not among the rulesets chosen
    ans = answerer.ask("chez Dooly's peut-on faire un jump ?", rulesets=["9-bca"])
    assert ans["rulesets"] == ["9-bca"]
    assert ans["not_selected"] == ["10-doolys"]
    assert ans["answer"].startswith("Dooly’s n’est pas parmi les règlements choisis.")
    assert ans["verdicts"] == {"9-bca": "yes"}


def test_both_ffb_texts_outside_the_selection_are_named_together(answerer):
    ans = answerer.ask("en FFB peut-on faire un jump ?", rulesets=["9-bca", "10-guide"])
    assert ans["not_selected"] == ["10-ffb", "9-ffb"]
    assert ans["answer"].startswith("Les deux textes FFB ne sont pas parmi les règlements choisis.")


def test_a_ruleset_named_inside_the_selection_is_no_notice(answerer):
    assert "not_selected" not in answerer.ask("chez Dooly's peut-on faire un jump ?", rulesets=["10-doolys", "9-bca"])
    assert "not_selected" not in answerer.ask("chez Dooly's peut-on faire un jump ?")


def test_the_page_says_a_ruleset_outside_the_selection(client):
    html = client.get("/?q=chez+Dooly%27s+peut-on+faire+un+jump+%3F&rulesets=9-bca").get_data(as_text=True)
    assert '<p class="not-selected">Dooly’s n’est pas parmi les règlements choisis.</p>' in html


# ============================================================================ verdicts while the game is asked
def test_a_story_without_its_game_gets_verdicts_when_it_names_no_money_ball(answerer):
    # the ball pocketed is not the 9 nor the 10: each ruleset's verdict holds whatever the game; four balls
    # to a rail are required even with a ball pocketed by the FFB's ten-ball text only (10-ffb/casse-quatre-billes-en-bande)
    ans = answerer.ask("à la casse je rentre une bille et seulement deux billes touchent la bande, c'est faute ?")
    assert ans["short"].startswith("La réponse dépend du jeu.")
    assert ans["verdicts"]["10-ffb"] == "yes" and ans["verdicts"]["9-bca"] == "no"


def test_a_story_naming_the_9_without_its_game_gets_no_verdicts(answerer):
    # the 9 is the money ball of nine-ball and an ordinary ball of ten-ball: no verdict before the game is told
    ans = answerer.ask("je casse et la 9 tombe, j'ai gagné ?")
    assert ans["kind"] == "scenario" and ans["short"].startswith("La réponse dépend du jeu.")
    assert ans["verdicts"] is None


def test_a_break_asked_good_gets_verdicts_resting_on_the_break_requirement(answerer):
    # 10-doolys/4a-bris-toucher-la-1: a ball pocketed is enough; 10-ffb/casse-quatre-billes-en-bande: four
    # balls to a rail in any case; 10-guide/casse-valable: not « valable » without four balls to a rail
    ans = answerer.ask("au 10, à la casse j'en rentre une mais deux billes seulement touchent la bande, la casse est bonne ?")
    assert ans["verdicts"] == {"10-doolys": "yes", "10-ffb": "no", "10-guide": "no"}
    assert [c["id"] for c in ans["citations"][:3]] == ["10-doolys/4a-bris-toucher-la-1",
                                                       "10-ffb/casse-quatre-billes-en-bande", "10-guide/casse-valable"]


def test_even_if_after_a_rule_looked_up_looks_the_rule_up_again(answerer):
    # « même si… » asks whether the rule just quoted still holds: 10-ffb/casse-quatre-billes-en-bande
    first = answerer.ask("à la FFB au jeu de la 10, combien de billes doivent aller en bande à la casse ?")
    then = answerer.ask("même si une bille est rentrée ?", context=first["context"])
    assert then["kind"] == "lookup" and then["citations"][0]["id"] == "10-ffb/casse-quatre-billes-en-bande"


@pytest.mark.parametrize("q", ["si la 9 tombe sur un coup où il y a faute, on la ressort ?",
                               "l'adversaire joue la blanche là où elle s'est arrêtée ?"])
def test_a_relative_ou_does_not_ask_where(q):
    assert is_yes_no(q)


def test_a_foul_told_without_its_kind_is_not_ruled_as_a_regular_shot(answerer):
    # « un coup où il y a faute » says there was a foul: the 9 pocketed on a foul is spotted (9-bca/6, 9-ffb/bille-9-replacee),
    # never « tu gagnes la partie »
    ans = answerer.ask("au jeu de la 9, la 9 tombe sur un coup où il y a faute, on la ressort ?")
    assert ans["verdicts"] == {"9-bca": "yes", "9-ffb": "yes"}
    assert "gagne" not in ans["short"]


def test_balls_pocketed_on_a_foul_stay_down_but_the_money_ball_is_spotted(answerer):
    assert set(answerer.ask("les billes rentrées sur un coup fautif ressortent ?")["verdicts"].values()) == {"no"}
    assert answerer.ask("au jeu de la 9, la 9 rentre sur un coup fautif, elle ressort ?")["verdicts"] == {"9-bca": "yes",
                                                                                                     "9-ffb": "yes"}


def test_an_open_question_a_policy_answers_cites_the_clauses_its_short_rests_on_first(answerer):
    # the rack's shape: a triangle in the three ten-ball texts (10-doolys/2-triangle, 10-ffb/rack-1-au-sommet,
    # 10-guide/placement-1-et-10), not the clause on where the 10 goes
    ans = answerer.ask("au jeu de la 10, on range les billes sous quelle forme ?")
    assert ans["verdicts"] is None and "triangle" in ans["short"]
    cited = [c["id"] for c in ans["citations"]]
    assert cited[:2] == ["10-doolys/2-triangle", "10-ffb/rack-1-au-sommet"] and "10-guide/placement-1-et-10" in cited


def test_the_money_ball_off_the_table_on_the_break_is_asked_of_the_break_clauses(answerer):
    ans = answerer.ask("au jeu de la 10, à la casse la 10 saute hors de la table : on la remet où ?")
    assert {c["id"] for c in ans["citations"][:3]} == {"10-doolys/4c-bris-bille-hors-table", "10-ffb/casse-billes-ejectees",
                                                        "10-guide/casse-faute-bille-ejectee"}


def test_a_lag_shot_late_is_not_a_lag_lost_on_the_head_rail(answerer):
    # 10-guide/tirage-rejoue-tir-en-retard: replayed when a player shoots after the other ball touched the head rail
    ans = answerer.ask("au lag il a lancé sa bille en retard, la mienne avait déjà touché la bande du haut")
    assert ans["citations"][0]["id"] == "10-guide/tirage-rejoue-tir-en-retard"


def test_a_foul_added_to_a_ruled_break_asks_the_rule_of_the_money_ball_on_a_break_foul(answerer):
    # 10-ffb/casse-10-empochee-annoncee wins with the 10 called on a legal break; with a foul of no stated
    # kind the engine cannot rule: 10-ffb/casse-10-empochee-sur-faute spots the 10
    first = answerer.ask("FFB jeu de la 10 : je casse, la 10 rentre et je l'avais annoncée, j'ai gagné ?")
    assert first["kind"] == "scenario" and first["verdicts"] == {"10-ffb": "yes"}
    then = answerer.ask("et s'il y avait eu une faute sur la casse ?", context=first["context"])
    assert then["verdicts"] == {"10-ffb": "no"}
    assert then["citations"][0]["id"] == "10-ffb/casse-10-empochee-sur-faute"


@pytest.mark.parametrize("then", ["pourquoi ? c'est quelle règle ?", "c'est dans quel texte ?"])
def test_why_asked_with_which_rule_quotes_the_previous_answers_clause(answerer, then):
    first = answerer.ask("chez Dooly's les massés sont permis ?")
    again = answerer.ask(then, context=first["context"])
    assert again["citations"][0]["id"] == first["citations"][0]["id"] == "10-doolys/12-sautes-masses-interdits"


@pytest.mark.parametrize("story,then", [
    ("chez Dooly's je casse et la blanche rentre, il se passe quoi ?", "du coup l’autre, il peut jouer un coup poussé lui ?"),
    # what the opponent may do, asked after a story without a word pointing back
    ("chez Dooly's je casse et je scratche", "mon adversaire a le droit de jouer un push-out ?"),
])
def test_a_longer_follow_up_pointing_back_asks_the_same_story(answerer, story, then):
    # 10-doolys/6-coup-pousse-apres-scratch: « Lorsque l'ouvreur empoche la bille de choc lors du bris,
    # l'adversaire ne peut pas jouer un coup poussé. »
    first = answerer.ask(story)
    then = answerer.ask(then, context=first["context"])
    assert then["kind"] == "scenario" and then["verdicts"] == {"10-doolys": "no"}
    assert then["citations"][0]["id"] == "10-doolys/6-coup-pousse-apres-scratch"


def test_the_money_ball_asked_spotted_on_a_foul_is_spotted(answerer):
    # 10-ffb/bille-10-replacee, 10-guide/replacement-10, 10-doolys/7-faute-perte-du-tour (« exception faite de la bille no 10 »)
    ans = answerer.ask("la 10 est-elle replacée quand elle tombe sur une faute ?")
    assert ans["verdicts"] == {"10-doolys": "yes", "10-ffb": "yes", "10-guide": "yes"}


def test_a_dry_break_is_not_a_good_break(answerer):
    # 9-ffb/trois-billes-regle: with a template rack, fewer than three balls pocketed or past the head string is a dry break
    ans = answerer.ask("9 FFB, magic rack : à la casse deux billes rentrent et aucune ne passe la ligne, la casse est bonne ?")
    assert ans["verdicts"] == {"9-ffb": "no"} and "dry break" in ans["short"]


def test_a_follow_up_naming_a_ruleset_outside_the_selection_answers_the_selection_and_says_so(answerer):
    first = answerer.ask("la 9 tombe à la casse, j'ai gagné ?", rulesets=["9-bca"])
    then = answerer.ask("et à la FFB ?", rulesets=["9-bca"], context=first["context"])
    assert then["kind"] == first["kind"] == "scenario" and then["rulesets"] == ["9-bca"]
    assert then["not_selected"] == ["9-ffb"]      # the FFB of the conversation's game
    assert then["answer"].startswith("La FFB n’est pas parmi les règlements choisis.")


def test_a_clipped_je_peux_asks_rather_than_tells_a_push_out(answerer):
    # 10-doolys/6-coup-pousse-apres-scratch, 9-bca/5-coup-pousse-apres-scratch: no push-out after a scratch on the break
    ans = answerer.ask("jpeu faire un push out après avoir scratché à la casse ?")
    assert ans["verdicts"]["10-doolys"] == "no" and ans["verdicts"]["9-bca"] == "no"
    assert "texte muet" not in ans["short"]


@pytest.mark.parametrize("q, yes_no", [("j'ai scratché au bris, et après ?", False), ("la blanche tombe, et alors ?", False),
                                       ("et après, il peut rejouer ?", True)])
def test_and_then_asks_what_follows_not_yes_or_no(q, yes_no):
    assert is_yes_no(q) is yes_no


def test_and_the_5_asks_the_same_story_of_that_ball(answerer):
    # 9-ffb/push-out-9-empochee: the 9 pocketed on a push-out is spotted, « toutes les autres billes restent empochées »
    first = answerer.ask("au jeu de la 9, la 9 tombe sur un push out, elle reste dedans ?")
    assert first["verdicts"] == {"9-bca": "no", "9-ffb": "no"}
    then = answerer.ask("et la 5 ?", context=first["context"])
    assert then["kind"] == "scenario" and then["verdicts"] == {"9-bca": "yes", "9-ffb": "yes"}


def test_handing_the_table_back_asked_of_a_story_follows_its_options(answerer):
    # 10-ffb/empoche-non-annoncee: a ball pocketed without its call, the next player chooses to play or to hand back
    ans = answerer.ask("FFB jeu de la 10 : mon adversaire a rentré la 1 sans l'annoncer, je peux lui rendre la main ?")
    assert ans["verdicts"] == {"10-ffb": "yes"}


def test_a_break_told_without_touching_the_1_assumes_no_contact_with_the_1(answerer):
    # 9-ffb/casse-de-depart: the 1 must be hit, « sinon la casse est comptée comme une faute »
    ans = answerer.ask("FFB jeu de la 9 : casse sans toucher la 1, l'adversaire a bille en main ?")
    assert ans["verdicts"] == {"9-ffb": "yes"}
    assert "touché la 1 en premier" not in ans["answer"]


@pytest.mark.parametrize("q", ["pour un masse il faut incliner la queue de combien de degres ?",
                               "on laisse une piece au bord du billard pour garder son tour au bar, ca se fait ?",
                               "un arbitre de tournoi c'est remunere combien ?",
                               "au blackball cette regle des deux coups existe toujours ?",
                               "le systeme des diamants pour les bandes, comment ca marche ?",
                               "dans les bars ils posent leurs pieces sur la table pour la prochaine partie, c'est correct ?"])
def test_near_domain_questions_of_session_6_are_refused(answerer, q):
    assert answerer.ask(q)["kind"] == "unknown"


@pytest.mark.parametrize("q, first", [
    # open questions a policy's words ask: answered from its clause
    ("a la ffb au 9, on casse d'ou ?", "9-ffb/casse-de-depart"),
    ("bca : pendant un coup pousse, quelles regles sont suspendues ?", "9-bca/5-coup-pousse-regles-suspendues"),
    # a foul of no stated kind on the break, the 10 down: the clause of the 10 pocketed on a foul break
    ("ffb au 10, j'ai fait une faute a la casse et la 10 est rentree", "10-ffb/casse-10-empochee-sur-faute"),
    # English function words and exam frames do not refuse a rule question
    ("bca foul if i hit the 9 first while the 1 is on the table?", "9-bca/7-coup-manque"),
    ("doolys, is it a foul if i jumped over a ball?", "10-doolys/12-sautes-masses-interdits"),
    ("le guide parle de la WPA ?", "10-guide/organismes-officiels"),
    ("guide 10 : il faut combien de billes au total ?", "10-guide/materiel"),
])
def test_these_questions_are_looked_up_and_cite_their_clause_first(answerer, q, first):
    ans = answerer.ask(q)
    assert ans["kind"] == "lookup" and ans["citations"][0]["id"] == first


def test_why_asked_exactly_quotes_what_the_story_rests_on(answerer):
    # 9-bca/5: « Les boules empochées lors d'un coup poussé le demeurent, sauf la NEUF, qui est replacée sur la mouche »
    first = answerer.ask("bca, je pousse (push out annonce) et la 9 tombe, elle reste au fond ?")
    second = answerer.ask("c'est quelle regle exactement ?", context=first["context"])
    assert second["short"].startswith("Parce que")
    assert second["citations"][0]["id"] == "9-bca/5-coup-pousse-billes-empochees"


def test_a_case_of_the_three_ball_list_the_break_did_not_meet_is_not_cited_first(answerer):
    # 9-ffb: « Le joueur garde donc la main si, et seulement si : » one pocketed and two past the line, … ;
    # one pocketed and one past the line is none of them: a dry break
    a = answerer.ask("9 ffb au gabarit, a la casse une bille tombe et une autre passe la ligne, je garde la main ?")
    assert a["verdicts"] == {"9-ffb": "no"}
    assert not a["citations"][0]["id"].startswith("9-ffb/trois-billes-") or a["citations"][0]["id"] == "9-ffb/trois-billes-regle"


def test_sms_j_en_is_read_as_j_en():
    from qa.text import words
    assert words("jen empoche une")[:3] == ["j", "en", "empoche"]


def test_a_ball_other_than_the_money_ball_is_not_the_money_ball(answerer):
    # 10-doolys/6, 10-ffb, 10-guide: a ball pocketed on a push-out stays down, the 10 excepted
    a = answerer.ask("au jeu de la 10, une bille autre que la 10 tombe pendant un push out, elle reste dans la poche ?")
    assert a["verdicts"] == {"10-doolys": "yes", "10-ffb": "yes", "10-guide": "yes"}
    assert a["scenario"] is None or 10 not in a["scenario"]["shot"]["pocketed"]
    b = answerer.ask("au 10 ffb une bille autre que la 10 est empochee sur mon push out, elle reste empochee ?")
    assert b["verdicts"] == {"10-ffb": "yes"}



# ============================================================================ entries read by their terms
def _entries(tmp_path, body: str):
    from qa.policy_questions import load_policy_questions
    (tmp_path / "glossary.yaml").write_text("groups:\n  - [bouger, déplacer, remuer]\n  - [blanche, bille de choc]\n",
                                            encoding="utf-8")
    path = tmp_path / "policy_questions.yaml"
    path.write_text("names: {}\nflip: []\nquestions:\n" + body, encoding="utf-8")
    return load_policy_questions(path)


def test_a_yes_no_question_names_an_entry_by_its_terms_only_when_loose(tmp_path):
    pqs = _entries(tmp_path, "  - policy: ball_in_hand_adjust\n    words: [bouger la blanche]\n"
                             "    all: [apres l avoir posee]\n    oui: [until_shot]\n")
    q = "je peux encore déplacer la bille de choc après l'avoir posée ?"     # synonyms, and another word between
    assert pqs.find(q) is None                       # not as words
    found = pqs.find(q, loose=True)
    assert found is not None and found[0].policy == "ball_in_hand_adjust"
    # the terms keep their order: « la blanche … bouger » is not « bouger la blanche »
    assert pqs.find("la blanche posée, on peut la laisser sans bouger après l'avoir posée ?", loose=True) is None


def test_a_phrase_that_loses_a_word_of_meaning_is_read_as_words_only(tmp_path):
    # « dire ma bille » without « dire » would be every « bille »
    pqs = _entries(tmp_path, "  - policy: call_shot\n    words: [dire ma bille]\n    oui: [ball_and_pocket]\n")
    assert pqs.find("combien vaut la bille noire au snooker ?", loose=True) is None
    assert pqs.find("je dois dire ma bille ?", loose=True) is not None


def test_terms_spread_too_far_apart_do_not_match(tmp_path):
    pqs = _entries(tmp_path, "  - policy: ball_in_hand_adjust\n    words: [bouger la blanche]\n    oui: [until_shot]\n")
    assert pqs.find("je peux bouger un peu plus tard dans la partie la blanche ?", loose=True) is None
    assert pqs.find("je peux bouger encore la blanche ?", loose=True) is not None


def test_the_entry_covering_most_of_the_question_wins_among_term_matches(tmp_path):
    pqs = _entries(tmp_path, "  - policy: jump_shots\n    words: [bouger]\n    oui: [allowed]\n"
                             "  - policy: ball_in_hand_adjust\n    words: [bouger la blanche posee]\n    oui: [until_shot]\n")
    found = pqs.find("on a le droit de déplacer la bille de choc une fois posée ?", loose=True)
    assert found is not None and found[0].policy == "ball_in_hand_adjust"


def test_a_foul_question_names_the_foul_of_the_clause_ranked_first(rulebook):
    from qa.short import foul_reply
    q = "c'est sanctionné de jouer en ayant les deux pieds qui quittent le plancher ?"
    reply = foul_reply(rulebook, q, list(rulebook.rulesets), found="9-ffb/faute-aucun-pied-au-sol")
    assert reply is not None
    assert reply.verdicts == {"9-ffb": "yes", "10-ffb": "yes", "10-guide": "yes", "9-bca": "silent", "10-doolys": "silent"}
    # a clause two fouls share names neither
    assert foul_reply(rulebook, "c'est sanctionné, ce geste ?", ["9-ffb"], found="9-ffb/faute-double-touche-poussette") is None


def test_a_rule_of_another_text_asked_of_the_bca_says_the_bca_is_silent(answerer):
    # the three-ball rule is 9-ffb's (with a template rack); the BCA text has none
    ans = answerer.ask("au BCA est-ce qu'il existe une règle des 3 billes ?")
    assert ans["verdicts"]["9-bca"] == "silent" and ans["verdicts"]["9-ffb"] == "yes"


@pytest.mark.parametrize("first, legal_after", [
    ("au 9 BCA je touche la 1, pas de bande, rien ne rentre : faute ?", True),      # 9-bca/8: a pocketed ball spares the rail
    ("casse au 9 BCA : la 1 touchée, trois billes en bande, rien de rentré, c'est faute ?", True),   # 9-bca/3: or pocket a ball
])
def test_a_follow_up_pocketing_a_ball_changes_the_ruling(answerer, first, legal_after):
    a = answerer.ask(first)
    assert a["verdicts"] == {"9-bca": "yes"}
    b = answerer.ask("et si une bille était rentrée ?", context=a["context"])
    assert b["kind"] == "scenario" and b["outcomes"]["9-bca"]["legal"] is legal_after


def test_a_follow_up_making_the_break_legal_rules_it_again(answerer):
    # « la blanche tombe à la casse » then « et si la casse était légale ? »: the guide allows the push-out after a valid break
    a = answerer.ask("au 10 selon le guide, la blanche tombe à la casse : l'adversaire peut faire un push out ?")
    assert a["verdicts"] == {"10-guide": "no"}
    b = answerer.ask("et si la casse était légale ?", context=a["context"])
    assert b["kind"] == "scenario" and b["outcomes"]["10-guide"]["legal"] is True


def test_a_third_foul_without_the_warning_is_silent_where_the_text_says_nothing(answerer):
    # Dooly's and the BCA require the warning but say nothing of a third foul without it: the engine rules as a referee
    # (« je rate la 1 » alone is the pot missed, its contact asked: « complètement », the 1 not even hit)
    a = answerer.ask("j'ai deux fautes et on m'a averti, je rate la 1 complètement, je perds ?")
    b = answerer.ask("et si on ne m'avait pas averti ?", context=a["context"])
    assert b["verdicts"]["9-bca"] == "silent" and b["verdicts"]["10-doolys"] == "silent"
    assert b["verdicts"]["10-ffb"] == "no" and b["verdicts"]["9-ffb"] == "no"   # « ne perdra pas la partie »


# ============================================================================ session 8: follow-ups and yes/no forms
def test_a_foul_added_to_a_break_told_legal_reads_the_rule_of_the_break_foul(answerer):
    # 10-ffb/casse-10-empochee-sur-faute: « Si une faute est commise à la casse et que la « 10 » est empochée celle-ci
    # est replacée » — the story's « légale » is no longer true once the follow-up adds the foul
    first = answerer.ask("FFB au 10 : ma casse est légale, la 10 est rentrée et je l'avais annoncée")
    then = answerer.ask("et si j'avais commis une faute pendant cette casse ?", context=first["context"])
    assert then["citations"][0]["id"] == "10-ffb/casse-10-empochee-sur-faute"


def test_a_scratch_added_to_a_break_rules_it_again(answerer):
    # 10-guide/casse-faute-10-replacee: the 10 pocketed on a break foul is spotted; 10-guide/casse-faute-bille-en-main
    first = answerer.ask("dans le guide du 10 je casse et la 10 tombe, c'est gagné ?")
    then = answerer.ask("et si j'avais scratché sur ce coup ?", context=first["context"])
    o = then["outcomes"]["10-guide"]
    assert then["kind"] == "scenario" and o["legal"] is False and o["spotted"] == [10] and o["ball_in_hand"] is True


def test_a_count_of_crossings_told_without_the_line_changes_a_template_break(answerer):
    # 9-ffb/trois-billes-regle: three balls pocketed or past the head string together; one and one is a dry break
    first = answerer.ask("FFB au 9, casse sur tapis marqué : deux billes passent la ligne, une rentre, je continue ?")
    assert first["verdicts"] == {"9-ffb": "yes"}
    then = answerer.ask("et si une seule passait et une seule rentrait ?", context=first["context"])
    assert then["kind"] == "scenario" and then["verdicts"] == {"9-ffb": "no"}


@pytest.mark.parametrize("then", ["pourquoi la main passe alors ?", "pourquoi ?"])
def test_a_why_restating_the_answer_quotes_its_clause(answerer, then):
    # 10-guide/bille-ressort-poche: « … elle n'est pas considérée comme empochée et la main passe »
    first = answerer.ask("guide du 10 : ma bille rentre puis ressort du trou")
    assert first["citations"][0]["id"] == "10-guide/bille-ressort-poche"
    again = answerer.ask(then, context=first["context"])
    assert again["citations"][0]["id"] == "10-guide/bille-ressort-poche" and again["short"].startswith("Parce que")


def test_a_why_about_something_else_is_a_new_question(answerer):
    first = answerer.ask("guide du 10 : ma bille rentre puis ressort du trou")
    again = answerer.ask("pourquoi faut-il toucher la plus petite bille en premier ?", context=first["context"])
    assert not again["short"].startswith("Parce que")


def test_a_follow_up_ending_on_a_preposition_is_about_the_previous_subject(answerer):
    # 10-guide/push-out-coups-autorises: « Lors d'un Push Out, tous les coups sont autorisés sauf rentrer la blanche »
    first = answerer.ask("c'est quoi un push out au jeu de la 10 ?")
    then = answerer.ask("et selon le guide, qu'est-ce qui est défendu pendant ?", context=first["context"])
    assert "10-guide/push-out-coups-autorises" in [c["id"] for c in then["citations"][:3]]


@pytest.mark.parametrize("q, yes_no", [
    ("quand je casse, si la blanche finit dans une poche, c'est une faute ?", True),
    ("quand je casse, quelle bille dois-je toucher ?", False),
    ("au 9 il faut préciser quelle bille et dans quelle poche on joue ?", True),
])
def test_an_opening_clause_of_time_and_a_double_indirect_question(q, yes_no):
    assert is_yes_no(q) is yes_no


def test_a_break_scratch_asked_after_a_clause_of_time_gets_its_verdicts(answerer):
    # every text lists the cue ball pocketed on the break as a foul (9-bca/3b, 9-ffb, 10-doolys/4b, 10-ffb, 10-guide)
    ans = answerer.ask("quand on casse, si la blanche part dans un trou, c'est faute ?")
    assert ans["verdicts"] == dict.fromkeys(["10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb"], "yes")


def test_the_money_ball_named_with_its_noun_asks_the_rack_policy(answerer):
    # 10-ffb/rack-10-au-centre, 10-guide/placement-1-et-10, 10-doolys/2-triangle: the 10 in the centre of the rack
    ans = answerer.ask("au 10, la bille 10 va au centre du triangle ?")
    assert ans["verdicts"] == {"10-doolys": "yes", "10-ffb": "yes", "10-guide": "yes"}


def test_the_money_ball_fallen_on_the_floor_is_spotted(answerer):
    # 10-doolys/11-bille-hors-table-non-replacee: « … à l'exception de la bille no 10 qui est replacée sur la mouche arrière »
    ans = answerer.ask("chez Dooly's si la 10 finit par terre on la replace ?")
    assert ans["verdicts"] == {"10-doolys": "yes"}


def test_a_win_on_the_break_does_not_cite_the_dry_break_spot_first(answerer):
    # 9-ffb/dry-break-9-replacee is the template rack's dry break; a 9 pocketed on a legal break wins (9-ffb/victoire-9-empochee)
    ans = answerer.ask("la 9 tombe sur la casse au jeu de la 9")
    assert ans["kind"] == "scenario" and ans["outcomes"]["9-ffb"]["game_over"] is True
    assert ans["citations"][0]["id"] != "9-ffb/dry-break-9-replacee"


# ============================================================================ session 8: which clause leads
def test_a_strong_lookup_leads_over_a_policy_named_by_one_phrase(answerer):
    # 10-ffb/annonce-controle-visuel: the opponent may ask for a visual check of a called shot he doubts
    ans = answerer.ask("FFB au 10 : mon adversaire trouve mon coup annoncé impossible, que peut-il demander ?")
    assert ans["citations"][0]["id"] == "10-ffb/annonce-controle-visuel"


def test_the_validity_of_a_called_shot_leads_with_its_own_clause(answerer):
    # 10-ffb/annonce-validite: « En cas de possibles confusions, comme des empoches en bande, combinaisons … le
    # joueur doit indiquer la « bille-objet » et la poche »
    ans = answerer.ask("ffb 10 : dans quels cas faut il préciser la bille et la poche ?")
    assert ans["citations"][0]["id"] == "10-ffb/annonce-validite"


def test_a_ball_pocketed_on_a_push_out_cites_the_clause_of_the_balls_pocketed(answerer):
    # 10-ffb/push-out-billes-empochees: « Toute « bille-objet », exceptée la « 10 », blousée lors d'un « push-out »
    # reste empochée » — of every ball but the 10, so of the 5 too
    ans = answerer.ask("pendant mon push out la 5 est rentrée, elle ressort ? au 10 FFB")
    assert ans["citations"][0]["id"] == "10-ffb/push-out-billes-empochees"


def test_a_follow_up_naming_another_text_is_asked_there(answerer):
    # the guide describes the lag (10-guide/tirage-*); the FFB text only names its winner's choice
    first = answerer.ask("FFB jeu de la 10 : qui décide qui casse ?")
    assert {c["ruleset"] for c in first["citations"]} == {"10-ffb"}
    then = answerer.ask("et le guide dit comment se passe ce tirage ?", context=first["context"])
    assert then["citations"] and {c["ruleset"] for c in then["citations"]} == {"10-guide"}
    assert all(c["id"].startswith("10-guide/tirage") for c in then["citations"][:2])


def test_a_follow_up_asking_what_may_follow_is_read_with_the_rule_before(answerer):
    # 9-bca/5-coup-pousse-apres-scratch: « Lorsque l'ouvreur empoche la blanche lors du bris, l'adversaire ne peut
    # pas jouer un coup poussé »
    first = answerer.ask("au BCA la blanche tombe au bris, qu'est-ce qui se passe ?")
    then = answerer.ask("et mon adversaire peut faire un coup poussé alors ?", context=first["context"])
    assert then["citations"][0]["id"] == "9-bca/5-coup-pousse-apres-scratch"


def test_a_follow_up_taking_the_foul_away_rules_the_shot_again(answerer):
    # 10-ffb/casse-10-empochee-annoncee: the 10 pocketed on a legal break, called, wins
    first = answerer.ask("FFB au 10 : la 10 tombe à la casse mais la blanche aussi")
    assert first["outcomes"]["10-ffb"]["legal"] is False
    then = answerer.ask("et sans faute, en l'ayant annoncée ?", context=first["context"])
    assert then["kind"] == "scenario" and then["outcomes"]["10-ffb"]["game_over"] is True


def test_a_yes_no_policy_named_by_its_words_stands_beside_a_lookup_that_finds_nothing(answerer):
    # 10-guide/annonce-du-coup: the guide's player calls the ball and the pocket
    ans = answerer.ask("dans le guide du 10, on doit dire quelle boule on vise ?")
    assert ans["verdicts"] == {"10-guide": "yes"}
    assert ans["citations"][0]["id"] == "10-guide/annonce-du-coup"


def test_a_rule_for_an_occupied_spot_exists_where_a_text_places_the_ball(answerer):
    # 9-ffb/bille-9-point-occupe places the 9; 10-guide/casse-faute-blanche-empochee « au plus près en descendant »
    ans = answerer.ask("y a-t-il une règle quand le point de replacement est déjà occupé pour remettre la bille de gain ?")
    assert ans["verdicts"]["9-ffb"] == "yes" and ans["verdicts"]["10-guide"] == "yes"
    assert ans["verdicts"]["9-bca"] == "silent"


def test_a_follow_up_asking_something_else_of_a_story_cites_that_first(answerer):
    # 10-ffb/annonce-controle-visuel: the opponent who doubts a called shot may ask for a visual check
    first = answerer.ask("FFB 10 : j'annonce la 6 dans le coin, elle rentre au milieu")
    then = answerer.ask("et si mon adversaire doute que ce coup était faisable ?", context=first["context"])
    assert then["kind"] == "scenario" and then["citations"][0]["id"] == "10-ffb/annonce-controle-visuel"


# ============================================================================ session 8: the new user's trick questions
@pytest.mark.parametrize("q", ["deux fautes de suite font perdre la partie ?", "on perd la partie après quatre fautes consécutives ?",
                               "trois fautes en tout dans la partie, on perd ?"])
def test_a_number_of_fouls_other_than_three_in_a_row_does_not_lose(answerer, q):
    # 9-bca/12, 9-ffb, 10-doolys/13, 10-ffb, 10-guide: three fouls in a row lose the game, not two, four or three in all
    ans = answerer.ask(q)
    assert set(ans["verdicts"].values()) == {"no"}


def test_the_opponents_ball_in_hand_after_a_break_scratch_is_not_the_breakers_position(answerer):
    # 10-doolys/4b-bris-non-valable: « L'adversaire a la bille de choc en main et peut la placer n'importe où sur la table »
    ans = answerer.ask("chez Dooly's, c'est vrai qu'après une blanche empochée à la casse, l'adversaire place la bille "
                       "en main derrière la ligne de tête ?")
    assert ans["verdicts"] == {"10-doolys": "no"}


def test_a_decreasing_order_is_no_rule(answerer):
    # every text: the lowest-numbered ball is hit first (9-bca/1, 9-ffb, 10-doolys/1, 10-ffb, 10-guide)
    ans = answerer.ask("faut-il jouer les billes par ordre décroissant ?")
    assert set(ans["verdicts"].values()) == {"no"}


def test_a_ball_pocketed_in_a_follow_up_is_a_ball_not_the_game(answerer):
    first = answerer.ask("au jeu de la 10, je touche la 1 et la 5 rentre, la blanche tombe")
    then = answerer.ask("et si la 9 était rentrée aussi ?", context=first["context"])
    assert set(then["rulesets"]) <= {"10-doolys", "10-ffb", "10-guide"}
    assert 9 in then["scenario"]["shot"]["pocketed"]


def test_a_bare_opening_asks_nothing_new(answerer):
    first = answerer.ask("la blanche tombe à la casse, et après ?")
    then = answerer.ask("et ?", context=first["context"])
    assert then["verdicts"] is None and then["short"] == first["short"]


def test_rulings_that_differ_by_a_spotted_ball_are_said_once_with_the_difference(answerer):
    # 9-bca/6 and 9-ffb spot the 9 pocketed on a foul; in the jeu de la 10 the 9 is an ordinary ball
    first = answerer.ask("je touche la 3 au lieu de la 1 et la 5 rentre")
    then = answerer.ask("et si la 9 était rentrée aussi ?", context=first["context"])
    assert then["short"].startswith("Faute : ton adversaire a la bille en main")
    assert "la 9 est replacée au BCA et à la FFB (jeu de la 9)" in then["short"] and len(then["short"]) <= 200


def test_a_follow_up_naming_its_thing_by_a_pronoun_asks_about_the_previous_one(answerer):
    # 9-bca/5-coup-pousse-annonce, 10-ffb/push-out-annonce…: the push-out is announced before it is played
    first = answerer.ask("un push-out, ça sert à quoi ?")
    second = answerer.ask("il faut le dire à l'adversaire avant ?", context=first["context"])
    assert second["verdicts"] and set(second["verdicts"].values()) == {"yes"}
    assert any("annonce" in c["id"] for c in second["citations"][:2])


def test_allowed_without_a_foul_is_the_opposite_of_a_foul(answerer):
    # 10-guide/push-out-coups-autorises: « tous les coups sont autorisés sauf rentrer la blanche »
    ans = answerer.ask("dans le guide, sur un push-out, j'ai le droit d'empocher la blanche sans faute ?")
    assert ans["verdicts"] == {"10-guide": "no"}


def test_why_it_matters_asks_why(answerer):
    # 9-bca/12-avertissement: « Le joueur doit être avisé de sa deuxième faute. »
    first = answerer.ask("au BCA faut prévenir un joueur qui en est à deux fautes ?")
    second = answerer.ask("pourquoi c'est si important ?", context=first["context"])
    assert second["short"].startswith("Parce que")
    assert "9-bca/12-avertissement" in [c["id"] for c in second["citations"][:2]]


def test_any_ball_asks_no_which(answerer):
    # 9-bca/10-boule-hors-table-faute: the balls driven off the table are not put back (but the 9)
    ans = answerer.ask("au BCA, n'importe quelle bille qui saute de la table est replacée ?")
    assert ans["verdicts"] == {"9-bca": "no"}


def test_who_writes_the_house_rules_is_no_part_of_the_question(answerer):
    # 10-doolys/1-pas-d-annonce and 10-ffb/annonce-du-coup: the two texts on calling shots
    ans = answerer.ask("on écrit le règlement du club : sur l'annonce des coups au 10, Dooly's et la FFB disent quoi ?")
    assert {c["id"] for c in ans["citations"][:2]} == {"10-doolys/1-pas-d-annonce", "10-ffb/annonce-du-coup"}


@pytest.mark.parametrize("q", ["faute ou pas ?", "bon, qui rejoue là ?", "c'est grave ?"])
def test_a_ruling_asked_with_no_shot_told_asks_for_the_shot(answerer, q):
    ans = answerer.ask(q)
    assert ans["kind"] == "unknown" and ans["citations"] == []
    assert ans["follow_up"][0].startswith("Racontez le coup") and ans["short"].startswith("Pour trancher")


@pytest.mark.parametrize("q", ["c'est quoi une faute ?", "jouer hors de son tour, c'est faute ?"])
def test_a_ruling_asked_of_something_told_is_answered(answerer, q):
    assert answerer.ask(q)["kind"] != "unknown"


def test_the_cases_of_a_rule_are_its_lead_in_and_its_items(answerer):
    # 10-guide/tirage-perdu « Le tirage à la bande est perdu dans les conditions suivantes : » and its six items
    ans = answerer.ask("guide du 10 : dans quels cas perd-on le lag ?")
    ids = [c["id"] for c in ans["citations"]]
    assert ids[0] == "10-guide/tirage-perdu" and ids[1] == "10-guide/tirage-perdu-moitie-adverse"
    assert ans["short"].startswith("Dans le guide du jeu de la 10 : « Le tirage à la bande est perdu dans les conditions")
    assert "(6 cas)" in ans["short"] and len(ans["short"]) <= 200


def test_when_is_it_asks_when_not_whether(answerer):
    assert answerer.ask("quand est-ce qu'on refait le tirage à la bande ?")["verdicts"] is None


def test_sufficient_without_the_thing_required_is_the_opposite(answerer):
    # 9-bca/3a-bris-toucher-la-1: « L'ouvreur doit atteindre la boule numéro UN en premier »
    ans = answerer.ask("au BCA, pour casser, ça suffit de faire tomber une bille, même sans toucher la 1 ?")
    assert ans["verdicts"] == {"9-bca": "no"}


@pytest.mark.parametrize("first,then,clause", [
    # 10-guide/tirage-a-la-bande: « le tirage à la bande détermine le joueur qui a le choix de la casse »
    ("à la FFB au jeu de la 10, qui choisit celui qui casse ?", "et d'après le guide ?", "10-guide/tirage-a-la-bande"),
    # a consequence asked of the answer's case — 10-guide/bille-ressort-poche: a ball that comes back out of the
    # pocket is not pocketed: the turn passes
    ("dans le guide, une bille qui sort de la poche après y être entrée, elle compte ?", "du coup je rejoue ?",
     "10-guide/bille-ressort-poche"),
])
def test_a_follow_up_is_asked_of_the_previous_case(answerer, first, then, clause):
    second = answerer.ask(then, context=answerer.ask(first)["context"])
    assert second["citations"][0]["id"] == clause


@pytest.mark.parametrize("q,clause", [("qui casse dans le guide ?", "10-guide/tirage-a-la-bande"),
                                      ("qui casse chez Dooly's ?", "10-doolys/3-pile-ou-face")])
def test_who_breaks_is_how_the_breaker_is_chosen(answerer, q, clause):
    # 10-guide/tirage-a-la-bande « le tirage à la bande détermine le joueur qui a le choix de la casse »;
    # 10-doolys/3-pile-ou-face « Le gagnant du tirage à pile ou face a le choix d'effectuer le bris. »
    ans = answerer.ask(q)
    assert ans["citations"][0]["id"] == clause and ans["short"].startswith("Qui casse en premier")


def test_the_breaker_told_in_a_rule_question_is_no_question_of_who_breaks(answerer):
    ans = answerer.ask("le joueur qui casse au 10 doit-il toucher la 1 d'abord ?")
    assert ans["verdicts"] == {"10-doolys": "yes", "10-ffb": "yes", "10-guide": "yes"}


def test_a_condition_after_a_story_told_asks_what_happens_then(answerer):
    # 10-guide/casse-faute-blanche-empochee « … ou au plus près en descendant si ce point est occupé par une autre bille »
    first = answerer.ask("dans le guide, la 10 tombe sur un coup fautif")
    then = answerer.ask("et si le point de replacement est déjà pris par une autre bille ?", context=first["context"])
    assert then["verdicts"] is None and "au plus près en descendant" in then["short"]


def test_a_third_foul_told_warned_gets_the_loss(answerer):
    # 9-bca/12-trois-fautes « Lorsqu'un joueur commet trois fautes consécutives …, il perd la partie. »
    ans = answerer.ask("BCA : troisième faute de suite pour lui, il avait été prévenu, ça donne quoi ?")
    assert ans["short"].startswith("Trois fautes consécutives : le joueur perd la partie")


def test_a_short_quote_begins_the_sentence_that_does_not_fit(answerer):
    # 10-guide/push-out-choix-adversaire « … la reprise du joueur s'achève. L'adversaire peut alors accepter la table … »
    short = answerer.ask("guide du 10 : après un push-out réussi, l’adversaire a quel choix ?")["short"]
    assert "L’adversaire peut alors accepter la table" in short and len(short) <= 200


def test_how_many_fouls_lose_is_the_rule_not_its_exception(answerer):
    # 9-ffb/trois-fautes-consecutives: three fouls in a row lose the game (the unwarned third is the exception)
    assert answerer.ask("au 9 FFB on perd au bout de combien de fautes ?")["short"].startswith("Trois fautes consécutives")


def test_after_the_opponent_s_push_out_one_need_not_play(answerer):
    # « l’adversaire peut alors … accepter la table … ou rendre la main » in every text
    ans = answerer.ask("mon adversaire vient de jouer un push, je suis forcé de jouer ?")
    assert set(ans["verdicts"].values()) == {"no"}
    assert ans["citations"][0]["id"].endswith(("choix-adversaire", "accepter-la-table"))


def test_a_touch_with_the_hand_asks_the_foul_not_the_turn(answerer):
    # 10-ffb/faute-6-bille-touchee, 10-guide/faute-toucher-billes, 9-ffb/faute-bille-touchee-deplacee list it;
    # Dooly's and the BCA do not
    ans = answerer.ask("pendant la partie j'effleure une bille avec la main, faute ?")
    assert ans["verdicts"] == {"10-doolys": "silent", "10-ffb": "yes", "10-guide": "yes", "9-bca": "silent", "9-ffb": "yes"}


def test_a_ball_other_than_the_money_balls_on_a_push_out_stays_down(answerer):
    # push_out_pocketed: « restent empochées (la bille de gain exceptée) » in every text
    ans = answerer.ask("sur un coup poussé une bille autre que la 9 ou la 10 tombe, elle reste dedans ?")
    assert set(ans["verdicts"].values()) == {"yes"}


def test_the_money_ball_on_a_foul_is_answered_for_every_text(answerer):
    # each text spots the money ball pocketed on a foul (10-doolys/7, 10-ffb/bille-10-replacee, 10-guide/replacement-10,
    # 9-bca/6, 9-ffb/bille-9-replacee)
    ans = answerer.ask("si je rentre la bille de gain mais que je fais une faute sur le coup, c'est gagné ?")
    assert ans["verdicts"] == {r: "no" for r in ("10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb")}


def test_a_ruling_some_texts_leave_to_the_referee_still_says_the_nine_spotted(answerer):
    # 9-bca/6-faute-perte-du-tour « si la NEUF est empochée illégalement, celle-ci est replacée sur la mouche »,
    # 9-ffb/bille-9-replacee; a scratch in play is listed by neither Dooly's nor the BCA: a referee's call there
    ans = answerer.ask("la blanche et la 9 tombent sur le même coup, et la 9 alors ?")
    assert "la 9 est replacée" in ans["short"] and "décision d’arbitre" in ans["short"]


def test_the_game_ball_excepted_by_name_is_not_the_ball_asked(answerer):
    # push_out_pocketed: « restent empochées (la bille de gain exceptée) »; « (pas la bille de gain) » leaves it out
    ans = answerer.ask("sur un push, une boule (pas la bille de match) qui tombe reste dans la poche ?")
    assert set(ans["verdicts"].values()) == {"yes"}
    ans = answerer.ask("sur un push, la bille de gain qui tombe reste dans la poche ?")
    assert set(ans["verdicts"].values()) == {"no"}


def test_the_breaker_s_cue_ball_behind_the_line_is_the_break_rule(answerer):
    # 10-ffb/casse-bille-en-main-derriere-la-ligne: the breaker starts with ball in hand behind the head string
    ans = answerer.ask("au 10 ffb l'ouvreur place la blanche en main derrière la ligne de départ ?")
    assert ans["verdicts"] == {"10-ffb": "yes"}


def test_an_indirect_question_after_an_infinitive_is_still_a_yes_no_question(answerer):
    # 10-ffb/annonce-du-coup: the ball and the pocket are called (call_shot: ball_and_pocket)
    assert is_yes_no("je dois annoncer dans quelle poche je vais jouer ?")
    assert not is_yes_no("faut annoncer quelle bille ?")       # « quelle bille » asked in place
    ans = answerer.ask("à la FFB au jeu de la 10, je dois annoncer dans quelle poche je vais jouer ?")
    assert ans["verdicts"] == {"10-ffb": "yes"}


def test_prevent_asks_the_opposite(answerer):
    # 10-guide/casse-faute-pas-de-push-out, 10-ffb/push-out-interdit-bille-en-main, 10-doolys/6-coup-pousse-quand:
    # a push-out only after a legal break (push_out_after_break: legal_break in the three texts)
    ans = answerer.ask("au jeu de la 10, une casse illégale empêche ensuite de jouer un push-out ?")
    assert ans["verdicts"] == {"10-doolys": "yes", "10-ffb": "yes", "10-guide": "yes"}


def test_an_object_ball_on_the_floor_is_a_foul_in_every_text(answerer):
    # object_ball_off_table: foul_stays_down in each policy file (9-ffb/faute-bille-de-but-ejectee, …)
    ans = answerer.ask("une bille de but qui se retrouve par terre, on me compte faute ?")
    assert set(ans["verdicts"].values()) == {"yes"} and len(ans["verdicts"]) == 5


def test_telling_the_player_of_his_two_fouls_is_the_warning(answerer):
    # warning_required: required in each text (9-ffb/trois-fautes-avertissement, 10-guide/trois-fautes-avertissement…)
    ans = answerer.ask("mon adversaire vient de faire deux fautes de suite, je dois le lui dire ?")
    assert set(ans["verdicts"].values()) == {"yes"} and len(ans["verdicts"]) == 5


def test_a_point_every_text_is_silent_on_is_outside_the_texts(answerer):
    # stalemate is silent in every policy file: no clause is quoted as if it answered
    ans = answerer.ask("la partie tourne en rond depuis dix coups, on la rejoue ?")
    assert ans["kind"] == "unknown" and ans["citations"] == []
    assert set(ans["verdicts"].values()) == {"silent"}
    assert "n’en dit rien" in ans["short"]


def test_gg_asks_whether_the_story_wins(answerer):
    # « gg » (gagné) asks of the story told, a scratch with the 9: 9-ffb/bille-9-replacee, the 9 spotted,
    # the opponent in hand (9-ffb/faute-bille-blanche-empochee): no win
    ans = answerer.ask("au 9 ffb la 9 tombe au milieu mais la blanche la suit dans la même poche, gg ou pas ?")
    assert ans["kind"] == "scenario"
    assert ans["outcomes"]["9-ffb"]["game_over"] is False and ans["outcomes"]["9-ffb"]["ball_in_hand"] is True
