"""The circumstances of a shot beyond contact, rails and pockets (issue 12).

A cue ball frozen to the ball it plays, a curved shot, slow play in a timed match, playing out
of turn, a complete miss of the cue ball, a ball dropping by itself, who claimed a foul and
when, the referee's ruling on conduct (forfeit, unsportsmanlike), where each spotted ball goes,
and the stories that cannot physically happen (422). Each ruling reads the ruleset's policy and
cites its clause; where the text is silent the ruling is the WPA/BCA family's, with the fields
it decides in ``unsettled`` and a note.

The functions take the evaluation's scratch pad (``qa.engine.evaluate._Ruling``) and write
reasons, notes and unsettled fields into it; :func:`check_physics` raises.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ..french import ball_list
from .outcome import ImpossibleScenarioError, Role, SpotPlace
from .scenario import Scenario, Shot

if TYPE_CHECKING:  # pragma: no cover
    from ..rulebook import Ruleset
    from .evaluate import _Ruling

REFEREE = "le texte ne le dit pas ; décision d’arbitre selon la famille de règles WPA/BCA"
END_FIELDS = ("game_over", "winner", "termination")

#: Policies whose reason puts a ball back on the spot (the clause of its place).
SPOT_POLICIES = frozenset({"money_ball_on_foul", "money_ball_on_break_foul", "money_ball_off_table",
                           "break_money_ball_off_table",
                           "push_out_money_ball", "dry_break_money_ball", "money_ball_on_legal_break"})


# ----------------------------------------------------------------------------- physics (422)
def check_physics(rs: Ruleset, sc: Scenario, table: Iterable[int], clause: str | None) -> None:
    """Raise :class:`ImpossibleScenarioError` for a story that cannot physically happen:
    balls moved by a cue ball that touched nothing, a cue ball the cue missed yet moving,
    a ball that dropped by itself and was also pocketed by the shot…  ``clause`` is the
    ruleset's clause on the lowest ball (the 422 names it; physics itself has no clause)."""
    sh = sc.shot
    no_contact = sh.first_contact is None and "shot.first_contact" not in sc.unstated
    if sh.cue_missed:
        _check_missed(sh, sc)
    if no_contact and (sh.pocketed or sh.off_table):
        moved = ball_list(sorted(set(sh.pocketed) | set(sh.off_table)))
        raise ImpossibleScenarioError(
            f"La blanche n’a touché aucune bille : {moved} ne peut pas avoir bougé (ni être empochée ni sortir). "
            "Une bille tombée seule après l’arrêt des billes se dit dans « dropped_by_itself ».", clause,
            "shot.pocketed" if sh.pocketed else "shot.off_table")
    if no_contact and sh.kind == "break" and ((sh.balls_to_rail or 0) > 0 or (sh.crossed_head_string or 0) > 0):
        raise ImpossibleScenarioError(
            "À la casse, la blanche n’a touché aucune bille : aucune bille de but n’a pu atteindre une bande ni "
            "franchir la ligne de départ.", rs.policy["break_first_contact"].clause,
            "shot.balls_to_rail" if (sh.balls_to_rail or 0) > 0 else "shot.crossed_head_string")
    if sh.cue_frozen and (no_contact or "shot.first_contact" in sc.unstated and sh.first_contact is None):
        raise ImpossibleScenarioError(
            "« cue_frozen » dit que la blanche était collée à la bille qu’elle a touchée en premier : "
            "« first_contact » doit la nommer.", clause, "shot.first_contact")
    on = frozenset(table)
    for b in sh.dropped_by_itself:
        if b not in on:
            raise ImpossibleScenarioError(f"La {b} n’était pas sur la table : elle ne peut pas tomber seule.", clause,
                                          "shot.dropped_by_itself")
        if b in sh.pocketed or b in sh.off_table:
            raise ImpossibleScenarioError(
                f"La {b} ne peut pas être à la fois tombée seule après l’arrêt des billes et jouée par le coup.",
                clause, "shot.dropped_by_itself")


def _check_missed(sh: Shot, sc: Scenario) -> None:
    """A cue the tip missed: nothing moved."""
    moved = [name for name, yes in (
        ("first_contact", sh.first_contact is not None and "shot.first_contact" not in sc.unstated),
        ("pocketed", bool(sh.pocketed)), ("off_table", bool(sh.off_table)), ("cue_ball", sh.cue_ball != "table"),
        ("balls_to_rail", bool(sh.balls_to_rail)), ("crossed_head_string", bool(sh.crossed_head_string)),
        ("rail_after_contact", bool(sh.rail_after_contact)), ("cue_rail_first", sh.cue_rail_first),
        ("jump", sh.jump), ("masse", sh.masse), ("curve", sh.curve), ("cue_frozen", sh.cue_frozen),
        ("obstacle_moved", sh.obstacle_moved)) if yes]
    if moved:
        raise ImpossibleScenarioError(
            "Le procédé a manqué la blanche (« cue_missed ») : rien n’a bougé, la blanche n’a rien touché ; "
            f"« {moved[0]} » dit le contraire.", None, f"shot.{moved[0]}")


# ----------------------------------------------------------------------------- a missed cue ball
def cue_missed(r: _Ruling) -> None:
    """The tip missed the cue ball entirely: no stroke was played (no text speaks of it)."""
    r.silent(("legal", "next_shooter"),
             "Aucun texte ne parle du procédé qui manque complètement la blanche ; comme en WPA (le coup commence quand "
             "le procédé touche la blanche), rien n’a été joué : pas de faute, le même joueur rejoue, sauf faute "
             "commise en même temps (une bille touchée, « touched_ball »).",
             f"Le procédé n’a pas touché la blanche : aucun coup n’a été joué, le joueur rejoue ({REFEREE}).")


# ----------------------------------------------------------------------------- codes read with the facts
def filter_codes(r: _Ruling, sc: Scenario) -> tuple[str, ...]:
    """The foul codes of ``shot.fouls`` that stand once the facts are read: a double hit or
    push shot on a cue ball frozen to the ball it plays (``frozen_cue_ball``), slow play outside
    a timed match (``slow_play``)."""
    sh = sc.shot
    out: list[str] = []
    for code in sh.fouls:
        if code in ("double_hit", "push_shot") and sh.cue_frozen:
            _frozen_waives(r, code)
        elif code == "slow_play" and not _slow_play_is_foul(r, sc):
            continue
        else:
            out.append(code)
    return tuple(out)


def frozen(r: _Ruling, sh: Shot) -> None:
    """A cue ball frozen to the ball it hit first, played into it (no foul code given)."""
    if not sh.cue_frozen or any(c in sh.fouls for c in ("double_hit", "push_shot")):
        return
    pv = r.pol("frozen_cue_ball")
    if not pv.silent:
        r.cite(f"La blanche était collée à la {sh.first_contact} : « on peut la jouer », sans faute de double contact.",
               policy="frozen_cue_ball", role=Role.CONDITION)
    elif pv.note:
        r.silent(("legal",), pv.note, f"Bille collée jouée : pas de double contact ({REFEREE}).",
                 policy="frozen_cue_ball")


def _frozen_waives(r: _Ruling, code: str) -> None:
    name = r.book.foul_label(code)
    pv = r.pol("frozen_cue_ball")
    if not pv.silent:
        r.cite(f"Pas de faute « {name.lower()} » : la blanche était collée à la bille jouée, et « on peut la jouer ».",
               policy="frozen_cue_ball", role=Role.CONDITION)
        r.note(f"« {code} » : la blanche collée à la bille jouée ; le texte permet de la jouer, la faute signalée "
               "n’est pas retenue.")
        return
    r.silent(("legal", "fouls"),
             pv.note or "Le texte ne dit pas si jouer une bille collée à la blanche est un double contact ; comme en "
                        "WPA, ce n’en est pas un.",
             f"Pas de faute « {name.lower()} » sur une bille collée jouée ({REFEREE}).", policy="frozen_cue_ball")


def _slow_play_is_foul(r: _Ruling, sc: Scenario) -> bool:
    """Whether slow play is a foul here (9-ffb: only in a timed match)."""
    pv = r.pol("slow_play")
    if pv.value != "timed_match_only":
        return True
    timed = sc.state.timed_match
    if timed is None:
        r.assume("state.timed_match", "J’ai supposé que le match était chronométré (le jeu lent n’est une faute "
                                      "que lors d’un match chronométré).")
        return True
    if not timed:
        r.cite("Pas de faute de jeu lent : elle n’existe que « lors d’un match chronométré », et ce match ne l’est pas.",
               policy="slow_play", role=Role.CONDITION)
        return False
    return True


# ----------------------------------------------------------------------------- technique
def curve(r: _Ruling, sh: Shot) -> None:
    """A curved (« dévié ») shot around an obstacle ball."""
    if not sh.curve:
        return
    pv = r.pol("curve_shots")
    if not pv.silent:
        r.cite("Coup dévié : permis ; seule la bille obstacle qui bouge est une faute.", policy="curve_shots",
               role=Role.CONDITION)
        return
    masse = r.pol("masse_shots")
    extra = (" ; ce texte interdit les massés, et un coup très courbé peut en être un : à l’arbitre d’en juger"
             if masse.value == "forbidden" else "")
    r.silent(("legal",), f"Le texte ne dit rien des coups déviés (courbés) ; admis comme en WPA{extra}.",
             f"Coup dévié admis ({REFEREE}).", policy="curve_shots")


# ----------------------------------------------------------------------------- out of turn
def out_of_turn(r: _Ruling, sh: Shot) -> None:
    """Playing out of turn: where the balls stay (9-ffb: « Les billes restent dans la position laissée »)."""
    if not any(f.code == "out_of_turn" for f in r.fouls):
        return
    pv = r.pol("out_of_turn_balls")
    if pv.silent:
        return
    r.cite("Jeu hors tour : les billes restent dans la position laissée.", policy="out_of_turn_balls")
    money = r.rs.money_ball
    if money in sh.pocketed:
        r.silent(("spotted",), f"Le texte dit que les billes « restent dans la position laissée » après un jeu hors "
                               f"tour, et replace la {money} empochée sur une faute ; il ne dit pas laquelle des deux "
                               f"phrases l’emporte. Décision : la {money} est replacée, comme sur toute faute.")


# ----------------------------------------------------------------------------- who claimed the foul
def claim_voids_fouls(r: _Ruling, sh: Shot) -> bool:
    """Whether the fouls found are not recognised, by who claimed them and when (Dooly's
    REMARQUE: only the opponent, before the next shot). True: the shot is ruled as if clean."""
    claim = sh.foul_claim
    if claim is None or not r.fouls:
        return False
    pv = r.pol("foul_claim")
    if not pv.silent:
        if claim.by == "opponent" and claim.when == "before_next_shot":
            r.cite("La faute est signalée par l’adversaire avant le coup suivant : elle est reconnue.",
                   policy="foul_claim", role=Role.CONDITION)
            return False
        who = "par un autre que l’adversaire" if claim.by != "opponent" else "après le coup suivant"
        r.cite(f"La faute est signalée {who} : elle n’est pas reconnue, le coup est jugé comme s’il n’y avait pas de "
               "faute.", policy="foul_claim", role=Role.CONDITION)
        return True
    if claim.when == "after_next_shot":
        r.silent(("legal", "fouls"),
                 "Le texte ne dit pas jusqu’à quand une faute peut être signalée ; comme en WPA, une faute signalée "
                 "après le coup suivant n’est plus reconnue.",
                 f"Faute signalée après le coup suivant : non reconnue ({REFEREE}).", policy="foul_claim")
        return True
    if claim.by in ("shooter", "other"):
        r.silent((), "Le texte ne dit pas qui peut signaler une faute ; comme en WPA, une faute constatée avant le coup "
                     "suivant est sanctionnée, quel que soit celui qui la signale.")
    return False


# ----------------------------------------------------------------------------- balls dropping by themselves
def dropped(r: _Ruling, sh: Shot) -> None:
    """Balls that dropped into a pocket by themselves after every ball had stopped."""
    if not sh.dropped_by_itself:
        return
    balls = ball_list(list(sh.dropped_by_itself))
    many = len(sh.dropped_by_itself) > 1
    r.silent(("on_table_after",),
             "Aucun texte ne parle d’une bille qui tombe seule dans une poche après l’arrêt des billes ; comme en WPA, "
             "elle n’est pas empochée par le coup : elle est remise à sa place et le coup est jugé sans elle.",
             f"{balls.capitalize()}, {'tombées' if many else 'tombée'} seule{'s' if many else ''} après l’arrêt des "
             f"billes, {'sont remises à leur place' if many else 'est remise à sa place'} ({REFEREE}).")


# ----------------------------------------------------------------------------- conduct
def conduct_ends(r: _Ruling, sh: Shot) -> bool:
    """The referee's ruling on conduct: True when the game is lost by forfeit."""
    if sh.conduct == "forfeit":
        pv = r.pol("forfeit")
        if pv.silent:
            r.silent(END_FIELDS, "Le texte ne prévoit pas de partie perdue par forfait ; l’arbitre l’a prononcé : "
                                 "comme en WPA (sanction d’une conduite antisportive ou d’une infraction grave), la "
                                 "partie est perdue.",
                     f"Forfait prononcé par l’arbitre : le joueur perd la partie ({REFEREE}).", policy="forfeit")
        else:
            r.cite("Infraction grave : le joueur perd la partie par forfait.", policy="forfeit")
        return True
    if sh.conduct == "unsportsmanlike":
        pv = r.pol("out_of_turn_balls")
        if not pv.silent and any(f.code == "out_of_turn" for f in r.fouls):
            r.cite("Jeu hors tour volontaire : il est considéré comme antisportif et traité comme tel.",
                   policy="out_of_turn_balls", note=False)
        r.silent(("legal", "ball_in_hand") + END_FIELDS,
                 "Le texte ne dit pas comment sanctionner un comportement antisportif ; en WPA l’arbitre choisit la "
                 "sanction (avertissement, faute, perte de la partie ou du match). Le coup est jugé tel qu’il a été "
                 "joué ; la sanction reste à l’arbitre.")
    return False


# ----------------------------------------------------------------------------- spotting places
def spot_places(r: _Ruling, spot_taken: bool | None) -> tuple[SpotPlace, ...]:
    """Where each spotted ball goes, with the clause that says so."""
    out: list[SpotPlace] = []
    for ball in sorted(r.spotted):
        clause = next((x.clause for x in reversed(r.reasons) if x.policy in SPOT_POLICIES), None)
        if not spot_taken:
            out.append(SpotPlace(ball, "foot_spot", clause))
            continue
        pv = r.pol("spot_occupied")
        if pv.silent:
            out.append(SpotPlace(ball, "behind_on_line", None))
        else:
            out.append(SpotPlace(ball, pv.value, pv.clause))
    return tuple(out)


def spot_taken(r: _Ruling, ball: int) -> None:
    """The spot is taken: where the ball goes (``spot_occupied``)."""
    pv = r.pol("spot_occupied")
    if pv.silent:
        r.silent(("spotted_at",), f"Le texte ne dit pas où replacer la {ball} quand le point de replacement est occupé ; "
                                  "comme en WPA, elle se place derrière, au plus près, sur la ligne de replacement.",
                 f"Point occupé : la {ball} se place derrière, sur la ligne de replacement ({REFEREE}).",
                 policy="spot_occupied")
        return
    where = "derrière la bille qui l’occupe, sur la ligne de replacement" if pv.value == "behind_on_line" \
        else "au plus près en descendant"
    r.cite(f"Le point de replacement est occupé : la {ball} se place {where}.", policy="spot_occupied")
