"""A contract Scenario described in plain French, fact by fact (what was understood).

``describe_scenario(scenario)`` -> list of short French lines, e.g. ``["Coup normal",
"Sur la table : la 2, la 3 et la 9", "Première bille touchée : la 3", "Empochée(s) : la 9"]``.
Facts left out of the scenario are not listed. Pure; no errors raised on partial input.
"""
from __future__ import annotations

from typing import Any, Mapping

from .french import ball_list

_KIND = {"break": "Casse", "normal": "Coup normal", "push_out": "Coup poussé (push-out)"}
_CUE = {"pocketed": "La blanche est empochée", "off_table": "La blanche sort de la table"}


def describe_scenario(scenario: Mapping[str, Any] | None, foul_labels: Mapping[str, str] | None = None) -> list[str]:
    """French lines describing ``scenario`` (contract Scenario mapping); [] for None.

    ``foul_labels`` {code: French label} names the fouls stated by code.
    """
    if not scenario:
        return []
    st: Mapping[str, Any] = scenario.get("state") or {}
    sh: Mapping[str, Any] = scenario.get("shot") or {}
    labels = foul_labels or {}
    out = [_KIND.get(sh.get("kind", "normal"), "Coup normal")]
    out += _state_lines(st, sh)
    out += _ball_lines(sh)
    out += _call_lines(sh)
    for flag, text in (("jump", "Coup sauté"), ("masse", "Coup massé"), ("cue_rail_first", "La blanche touche la bande avant la bille"),
                       ("obstacle_moved", "La bille obstacle bouge")):
        if sh.get(flag):
            out.append(text)
    for code in sh.get("fouls") or ():
        out.append(f"Faute : {labels.get(code, code)}")
    return out


def _state_lines(st: Mapping[str, Any], sh: Mapping[str, Any]) -> list[str]:
    """The table before the shot: rack, balls on the table, ball in hand, fouls so far."""
    out = []
    if st.get("rack") == "template":
        out.append("Rack au gabarit (magic rack)")
    if st.get("on_table") and sh.get("kind") != "break":
        out.append(f"Sur la table avant le coup : {ball_list(st['on_table'])} (la plus basse : la {min(st['on_table'])})")
    if st.get("ball_in_hand"):
        out.append("Le tireur a la bille en main")
    fouls = st.get("fouls") or {}
    if fouls.get("shooter"):
        warned = " (averti)" if st.get("warned") else ""
        out.append(f"Fautes consécutives du tireur avant le coup : {fouls['shooter']}{warned}")
    if fouls.get("opponent"):
        out.append(f"Fautes consécutives de l’adversaire : {fouls['opponent']}")
    return out


def _ball_lines(sh: Mapping[str, Any]) -> list[str]:
    """What the balls did: first contact, pocketed, off the table, the cue ball, the rails."""
    out = []
    if "first_contact" in sh:
        fc = sh["first_contact"]
        out.append(f"Première bille touchée : la {fc}" if fc is not None else "La blanche ne touche aucune bille")
    if sh.get("pocketed"):
        out.append(f"Empochée(s) : {ball_list(sh['pocketed'])}")
    if sh.get("off_table"):
        out.append(f"Sortie(s) de la table : {ball_list(sh['off_table'])}")
    if sh.get("cue_ball") in _CUE:
        out.append(_CUE[sh["cue_ball"]])
    if sh.get("rail_after_contact") is False:
        out.append("Aucune bille à la bande après le contact")
    if sh.get("balls_to_rail") is not None:
        out.append(f"Billes à la bande : {sh['balls_to_rail']}")
    if sh.get("crossed_head_string") is not None:
        out.append(f"Billes au-delà de la ligne de départ (non empochées) : {sh['crossed_head_string']}")
    return out


def _call_lines(sh: Mapping[str, Any]) -> list[str]:
    """The call: a safety, a ball (and pocket), or nothing called."""
    called = sh.get("called")
    if called == "safe":
        return ["Annonce : sécurité"]
    if isinstance(called, Mapping):
        pocket = f" ({called['pocket']})" if called.get("pocket") else ""
        return [f"Annonce : la {called.get('ball')}{pocket}"]
    if "called" in sh and called is None:
        return ["Rien n’est annoncé"]
    return []
