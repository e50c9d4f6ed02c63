"""A match exported: JSON (the Match itself) and CSV (one row per shot: rack, player, the shot
described in French, the ruling in one line and the clause it cites, fouls, the score after it).
"""
from __future__ import annotations

import csv
import io
import json
from typing import Any, Mapping

from ..describe import describe_scenario
from ..spreadsheet import safe_cell

CSV_COLUMNS = ("coup", "rack", "joueur", "nom", "description", "legal", "fautes", "decision", "clause",
               "avertissement", "fin_du_rack", "score_A", "score_B", "clauses_citees")


def describe_shot(shot: Mapping[str, Any], foul_labels: Mapping[str, str]) -> str:
    """The shot in plain French (``describe_scenario`` of its facts), with the choice taken
    and the warning stated."""
    facts = {k: v for k, v in shot.items() if k not in ("choice", "warned")}
    lines = describe_scenario({"shot": facts}, foul_labels)
    if shot.get("choice") == "play":
        lines.insert(0, "Choix : jouer")
    elif shot.get("choice") == "hand_back":
        lines.insert(0, "Choix : rendre la main")
    if shot.get("warned") is True:
        lines.append("Tireur averti")
    elif shot.get("warned") is False:
        lines.append("Tireur non averti")
    return " ; ".join(lines)


def match_rows(match: Mapping[str, Any], foul_labels: Mapping[str, str]) -> list[dict[str, Any]]:
    """One dict per shot (columns of :data:`CSV_COLUMNS`), the score counted as it goes."""
    score = {"A": 0, "B": 0}
    rows = []
    names = match["players"]
    for s in match["shots"]:
        out = s["outcome"]
        end = ""
        if out.get("game_over"):
            won = s["player"] if out.get("winner") == "shooter" else ("B" if s["player"] == "A" else "A")
            score[won] += 1
            end = f"{names['AB'.index(won)]} ({'trois fautes' if out.get('termination') == 'three_fouls' else 'bille de match'})"
        rows.append({
            "coup": s["seq"] + 1, "rack": s["rack"], "joueur": s["player"], "nom": names["AB".index(s["player"])],
            "description": describe_shot(s["shot"], foul_labels), "legal": "oui" if out.get("legal") else "non",
            "fautes": " ".join(f["code"] for f in out.get("fouls") or []),
            "decision": s["line"]["text"], "clause": s["line"]["clause"] or "",
            "avertissement": {True: "donné", False: "non donné", None: ""}[s.get("warning")],
            "fin_du_rack": end, "score_A": score["A"], "score_B": score["B"],
            "clauses_citees": " ".join(dict.fromkeys(r["clause"] for r in out.get("reasons") or [] if r.get("clause"))),
        })
    return rows


def to_csv(match: Mapping[str, Any], foul_labels: Mapping[str, str]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\r\n")
    w.writeheader()
    w.writerows({k: safe_cell(v) for k, v in row.items()} for row in match_rows(match, foul_labels))
    return buf.getvalue()


def to_json_text(match: Mapping[str, Any]) -> str:
    return json.dumps(match, ensure_ascii=False, indent=2)
