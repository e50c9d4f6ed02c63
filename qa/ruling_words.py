"""One French vocabulary for rulings: the words every page, the CLI, the quiz and the
JavaScript use to tell an Outcome.

An Outcome (contract JSON) is told as rows, in a fixed order (:data:`ROWS`: key → label),
each row a list of items ``{"text", "clause"?}`` (:func:`ruling_rows`), and in one line
(:func:`verdict_line`: « Faute (blanche empochée) : l’adversaire joue, bille en main. »).
The shot builder, the comparison's « même coup partout » table, the CLI's ``evaluate`` and
the quiz read these; the JavaScript of ``/arbitrage`` gets the rows already written, from the
server (``POST /arbitrage/decision``), and never rewords them.

Plain words: no « texte muet » or « Verdict » — where a text does not settle a point the row
says so in a sentence (:data:`NOT_SETTLED`).
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

LEGAL = "Coup régulier"
FOUL = "Faute"
IMPOSSIBLE = "Coup impossible selon ce règlement"
YES, NO = "Oui", "Non"
NONE_F, NONE_M = "Aucune", "Aucun"
#: Row values that say nothing happened (a compact view may leave such rows out).
NOTHING = frozenset({NO, NONE_F, NONE_M, "—", "La partie continue"})

#: Who, relative to the player of the shot being ruled.
WHO = {"shooter": "le tireur", "opponent": "l’adversaire"}
#: Who plays next, as a row value (capitalised).
WHO_NEXT = {"shooter": "Le tireur (il rejoue)", "opponent": "L’adversaire"}
#: The choices an Outcome may offer.
CHOICES = {"play": "jouer la table telle quelle", "hand_back": "rendre la main à l’auteur du coup"}
TERMINATION = {"money_ball": "la {money} empochée régulièrement", "three_fouls": "trois fautes consécutives",
               "forfeit": "forfait"}
THREE_BALL = {"met": "règle des trois billes respectée", "failed": "règle des trois billes non respectée"}

#: The rows of a ruling, in display order: key → label.
ROWS: dict[str, str] = {
    "verdict": "Décision",
    "fouls": "Fautes",
    "break": "Casse",
    "game_over": "Fin de partie",
    "next_shooter": "Joue ensuite",
    "ball_in_hand": "Bille en main",
    "options": "Choix offert",
    "spotted": "Billes replacées sur la mouche",
    "push_out_available": "Coup poussé (push-out) permis au coup suivant",
    "fouls_after": "Fautes consécutives après le coup",
    "warning_due": "Avertissement à donner",
    "on_table_after": "Billes sur la table après le coup",
}

#: Outcome fields (contract names, as listed in ``unsettled``) → the row that shows them.
FIELD_ROWS = {
    "legal": "verdict", "fouls": "fouls", "break": "break", "game_over": "game_over",
    "winner": "game_over", "termination": "game_over", "spotted": "spotted",
    "next_shooter": "next_shooter", "ball_in_hand": "ball_in_hand", "options": "options",
    "push_out_available": "push_out_available", "fouls_after": "fouls_after",
    "warning_due": "warning_due", "on_table_after": "on_table_after",
}

#: Headings around a ruling.
HEADINGS = {
    "reasons": "Pourquoi", "citations": "Textes cités", "notes": "Ce que le texte ne dit pas",
    "assumptions": "Ce que l’Arbitre a supposé",
}
#: Said of a row that the ruleset's text does not settle for this shot.
NOT_SETTLED = "le texte ne le dit pas : décision d’arbitre"
#: Said of a reason that rests on no clause.
REFEREE = "Décision d’arbitre : le texte ne dit rien"
#: Lead of the list of points a text leaves open.
NOT_SETTLED_LIST = "Le texte ne tranche pas :"
#: Marker of a row that differs between rulesets.
DIFFERS = "Diffère selon le règlement"


def ball(n: int) -> str:
    """« la 9 »."""
    return f"la {n}"


def balls(numbers: Iterable[int]) -> str:
    """« la 2, la 3 et la 9 » (empty for no ball)."""
    items = [ball(n) for n in numbers]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


def field_label(field: str) -> str:
    """French label of an Outcome field that ``unsettled`` may list."""
    return {"winner": "Gagnant", "termination": "Fin de partie"}.get(field) or ROWS[FIELD_ROWS[field]]


def _who(key: str | None) -> str:
    return WHO.get(key or "", key or "?")


def _option(o: Mapping[str, Any]) -> str:
    """« Rendre la main à l’auteur du coup : le tireur rejoue, coup poussé permis »."""
    act = "rejoue" if o["shooter"] == "shooter" else "joue"
    text = f"{CHOICES.get(o['choice'], o['choice']).capitalize()} : {_who(o['shooter'])} {act}"
    return text + (", coup poussé permis" if o.get("push_out_available") else "")


def ruling_rows(out: Mapping[str, Any], money_ball: int, foul_labels: Mapping[str, str],
                show_break: bool = True) -> dict[str, list[dict]]:
    """The rows of one Outcome (contract JSON): {row key: [{"text", "clause"?}]}, in the order
    of :data:`ROWS`; ``break`` only when ``show_break``. An item may name its clause (fouls)."""
    rows: dict[str, list[dict]] = {"verdict": [{"text": LEGAL if out["legal"] else FOUL}]}
    rows["fouls"] = [{"text": foul_labels.get(f["code"], f["code"]), "clause": f.get("clause")}
                     for f in out["fouls"]] or [{"text": NONE_F}]
    if show_break:
        brk = out.get("break")
        text = "—"
        if brk:
            text = "Casse régulière" if brk.get("legal") else "Casse fautive"
            if brk.get("three_ball_rule"):
                text += " ; " + THREE_BALL[brk["three_ball_rule"]]
        rows["break"] = [{"text": text}]
    if out["game_over"]:
        text = f"Partie gagnée par {_who(out.get('winner'))}"
        if out.get("termination"):
            text += " (" + TERMINATION[out["termination"]].format(money=money_ball) + ")"
        rows["game_over"] = [{"text": text}]
    else:
        rows["game_over"] = [{"text": "La partie continue"}]
    rows["next_shooter"] = [{"text": WHO_NEXT.get(out["next_shooter"], out["next_shooter"])}]
    rows["ball_in_hand"] = [{"text": YES if out["ball_in_hand"] else NO}]
    rows["options"] = [{"text": _option(o)} for o in sorted(out["options"], key=lambda o: o["choice"], reverse=True)] \
        or [{"text": NONE_M}]
    rows["spotted"] = [{"text": balls(out["spotted"]) or NONE_F}]
    rows["push_out_available"] = [{"text": YES if out["push_out_available"] else NO}]
    fa = out["fouls_after"]
    rows["fouls_after"] = [{"text": f"tireur : {fa.get('shooter', 0)} · adversaire : {fa.get('opponent', 0)}"}]
    rows["warning_due"] = [{"text": YES if out["warning_due"] else NO}]
    rows["on_table_after"] = [{"text": ", ".join(str(b) for b in out.get("on_table_after", [])) or NONE_F}]
    return {k: rows[k] for k in ROWS if k in rows}


def row_text(items: Iterable[Mapping[str, Any]]) -> str:
    """A row's items as one text (« Blanche empochée, Aucune bille touchée »)."""
    return ", ".join(i["text"] for i in items)


def verdict_line(out: Mapping[str, Any], money_ball: int, foul_labels: Mapping[str, str]) -> str:
    """The ruling in one line: « Faute (blanche empochée) : l’adversaire joue, bille en main. »,
    « Coup régulier : le tireur rejoue. », « Coup régulier : partie gagnée par le tireur (la 9
    empochée régulièrement). »"""
    head = LEGAL if out["legal"] else FOUL
    if out["fouls"]:
        head += " (" + ", ".join(foul_labels.get(f["code"], f["code"]).lower() for f in out["fouls"]) + ")"
    if out["game_over"]:
        rest = ruling_rows(out, money_ball, foul_labels, False)["game_over"][0]["text"].lower()
    elif out["options"]:
        rest = f"{_who(out['next_shooter'])} choisit : " + " ou ".join(
            CHOICES.get(o["choice"], o["choice"]) for o in sorted(out["options"], key=lambda o: o["choice"], reverse=True))
        rest += ", bille en main" if out["ball_in_hand"] else ""
    else:
        rest = f"{_who(out['next_shooter'])} {'rejoue' if out['next_shooter'] == 'shooter' else 'joue'}"
        rest += ", bille en main" if out["ball_in_hand"] else ""
    if out["spotted"] and not out["game_over"]:
        spotted = balls(out["spotted"])
        rest += f" ; {spotted} {'est replacée' if len(out['spotted']) == 1 else 'sont replacées'}"
    return f"{head} : {rest}."
