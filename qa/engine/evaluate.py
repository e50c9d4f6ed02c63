"""The rules engine: one algorithm ruling on a shot under any ruleset, read from its policy.

``evaluate(book, scenario) -> Outcome``. Every step cites the clause behind the policy value
it used (rules_data/policies/<id>.yaml); where a policy is ``silent`` (or the text leaves a
case open) the engine rules as a qualified referee would under the WPA/BCA family of
rotation games, lists the affected Outcome fields in ``unsettled`` and says so in ``notes``.
Impossible scenarios raise :class:`ImpossibleScenarioError` naming the field and the clause.

Order of the checks (fixed):

1. possibility (``check_possible``): balls of the ruleset, balls on the table, fouls count,
   warning, push-out availability, foul codes;
2. the fouls of the shot: break requirements, or first contact and rail (suspended on a
   push-out); cue ball and object balls off the table; jumps and massés; fouls stated by code.
   On the break a foul rests on the break clause, and on the text's list of fouls too when it
   names it; where ``illegal_break`` is silent (the text states what a legal break needs but
   not that failing it is a foul) the illegal break is a referee's foul, unsettled;
3. with a foul: money ball spotted, other balls stay down, consecutive fouls (warning, third
   foul), ball in hand, push-out after a break foul;
4. without a foul: three-ball rule and dry break, push-out options, called shot, money ball
   (win or spotted), who shoots next.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Iterable, Sequence

from ..french import ball_list as _balls
from ..rulebook import PolicyValue, Rulebook, Ruleset, did_you_mean
from . import circumstances as cir
from .outcome import (Assumption, Consequences, Foul, ImpossibleScenarioError, Option, Outcome, Reason, Role,
                      Termination)
from .scenario import Called, FoulCount, Scenario, Shot

SHOOTER, OPPONENT = "shooter", "opponent"

_REFEREE = "le texte ne le dit pas ; décision d’arbitre selon la famille de règles WPA/BCA"

# Outcome fields that a contradiction on calling leaves open: who shoots after a ball pocketed
# without a call, and the end of the game by the money ball.
_CALL_FIELDS = ("next_shooter",)
_END_FIELDS = ("game_over", "winner", "termination")

# Outcome fields that depend on whether the shooter lost on a third foul.
_THIRD_FOUL_FIELDS = ("game_over", "winner", "termination", "ball_in_hand", "fouls_after")


class _Context:
    """Per-ruleset lookups computed once (clauses used by the 422 messages)."""

    __slots__ = ("rack", "objective", "foul_list", "balls")

    def __init__(self, book: Rulebook, rs: Ruleset):
        self.rack = _first_clause(book, rs.id, "rack") or _first_clause(book, rs.id, "objective")
        self.objective = _first_clause(book, rs.id, "objective") or self.rack
        self.foul_list = _foul_list_clause(book, rs)
        self.balls = frozenset(rs.balls)


def _foul_list_clause(book: Rulebook, rs: Ruleset) -> str | None:
    """The clause an unknown foul code is measured against: the lead-in of the text's own
    list of fouls (the one most listed fouls share) or, for a text without such a list, the
    opening clause of its section on fouls (the section of its foul-penalty clause)."""
    lead = book.foul_list_lead(rs.id)
    if lead is not None:
        return lead
    penalty = book.clauses.get(rs.policy["ball_in_hand_after_foul"].clause or "")
    if penalty is None:
        return None
    return next((c.id for c in book.by_ruleset.get(rs.id, ())
                 if c.kind == "rule" and c.section == penalty.section), penalty.id)


_CONTEXTS: dict[tuple[int, str], tuple[Rulebook, Ruleset, _Context]] = {}


def _context(book: Rulebook, rs: Ruleset) -> _Context:
    key = (id(book), rs.id)
    hit = _CONTEXTS.get(key)
    if hit is not None and hit[0] is book and hit[1] is rs:
        return hit[2]
    ctx = _Context(book, rs)
    if len(_CONTEXTS) > 256:
        _CONTEXTS.clear()
    _CONTEXTS[key] = (book, rs, ctx)
    return ctx


class _Ruling:
    """Mutable scratch pad of one evaluation (internal); frozen into an Outcome at the end."""

    __slots__ = ("rs", "book", "policy", "on_break", "reasons", "notes", "unsettled", "assumptions", "fouls", "spotted",
                 "waived", "spot_taken")

    def __init__(self, rs: Ruleset, book: Rulebook, on_break: bool = False, spot_taken: bool | None = None):
        self.rs, self.book = rs, book
        self.policy = rs.policy
        self.on_break = on_break
        self.reasons: list[Reason] = []
        self.notes: list[str] = []
        self.unsettled: list[str] = []
        self.assumptions: list[Assumption] = []
        self.fouls: list[Foul] = []
        self.spotted: set[int] = set()
        self.waived: list[Foul] = []          # fouls committed but not recognised (who claimed them, when)
        self.spot_taken = spot_taken          # the foot spot is taken when a ball comes back (None: not stated)

    # -- policy access ---------------------------------------------------------------
    def pol(self, name: str) -> PolicyValue:
        return self.policy[name]

    def note(self, text: str) -> None:
        if text and text not in self.notes:
            self.notes.append(text)

    def cite(self, text: str, policy: str | None = None, clause: str | None = None, note: bool = True,
             role: Role = Role.CONSEQUENCE, unsettles: Iterable[str] = ()) -> None:
        """Add a reason resting on ``policy``'s clause (or an explicit ``clause``); the
        policy's note (contradiction, ambiguity) goes to ``notes`` unless ``note`` is False,
        and then the Outcome fields that note leaves open (``unsettles``) go to ``unsettled``."""
        if policy is not None:
            pv = self.policy[policy]
            clause = clause or pv.clause
            if note and pv.note:
                self.note(pv.note)
                for f in unsettles:
                    if f not in self.unsettled:
                        self.unsettled.append(f)
                if unsettles and pv.against:
                    self.reasons.append(Reason(Role.CONDITION, policy, clause, text))
                    self.reasons.append(Reason(Role.CONDITION, policy, pv.against,
                                               "Mais le même texte dit aussi le contraire : la question reste ouverte."))
                    return
        self.reasons.append(Reason(role, policy, clause, text))

    def silent(self, fields: Iterable[str], note: str, reason: str | None = None, policy: str | None = None) -> None:
        """Record a ruling the text does not settle: ``fields`` go to ``unsettled``; the
        ``reason`` (a referee's call, no clause) names the silent ``policy`` when there is one."""
        for f in fields:
            if f not in self.unsettled:
                self.unsettled.append(f)
        self.note(note)
        if reason:
            self.reasons.append(Reason(Role.REFEREE_CALL, policy, None, reason))

    def foul(self, code: str, what: str, policy: str | None = None, clause: str | None = None,
             lead: str = "Faute", gist: str | None = None) -> None:
        """A foul resting on ``policy`` (or an explicit ``clause``), stated « {lead} : {what} »;
        ``gist`` (default ``what``) is what a reader quotes of it. A silent policy makes it a
        referee's foul (no clause, ``legal`` and ``fouls`` unsettled)."""
        if any(f.code == code for f in self.fouls):
            return
        text, gist = f"{lead} : {what}", gist or what
        listed = self.rs.fouls.get(code) if policy is not None else None
        pv = self.policy[policy] if policy is not None else None
        if pv is None:
            self.fouls.append(Foul(code, clause))
            self.reasons.append(Reason(Role.FOUL, None, clause, text, gist))
        elif listed and (not self.on_break or pv.silent):
            # the text's own list of fouls names this one: cite it (the policy's note still applies)
            self.note(pv.note or "")
            self.fouls.append(Foul(code, listed))
            self.reasons.append(Reason(Role.FOUL, policy, listed, text, gist))
        elif pv.silent:
            self.fouls.append(Foul(code, None))
            self.silent(("legal", "fouls"), pv.note or "Le texte ne cite pas cette faute ; elle est sanctionnée "
                        "selon les règles générales de la famille (WPA/BCA).")
            self.reasons.append(Reason(Role.REFEREE_CALL, policy, None, f"{text[:-1]} ({_REFEREE}).", gist))
        else:
            self.fouls.append(Foul(code, pv.clause))
            self.note(pv.note or "")
            self.reasons.append(Reason(Role.FOUL, policy, pv.clause, text, gist))
            if listed and listed != pv.clause:
                # on the break the break clause rules; the text's list of fouls names it too: cite both
                self.reasons.append(Reason(Role.FOUL, policy, listed, "Le texte range aussi cette faute dans sa liste "
                                                                      "des fautes."))

    def unlisted_foul(self, code: str, why: str = "") -> None:
        """A foul code the text does not list: ruled a foul, ``legal``/``fouls`` unsettled."""
        if any(f.code == code for f in self.fouls):
            return
        name = self.book.foul_label(code)
        what = f"{name[:1].lower()}{name[1:]}"
        self.fouls.append(Foul(code, None))
        self.silent(("legal", "fouls"),
                    f"« {name} » ({code}) : ce texte ne cite pas cette faute{why} ; elle est sanctionnée comme une "
                    "faute selon les règles générales de la famille (WPA/BCA).")
        self.reasons.append(Reason(Role.REFEREE_CALL, None, None, f"Faute : {what} ({_REFEREE}).", f"{what}."))

    def assume(self, fact: str, text: str) -> None:
        """Record that the ruling assumed the unstated Scenario ``fact`` (dotted name)."""
        if all(a.text != text for a in self.assumptions):
            self.assumptions.append(Assumption(fact, text))


# ----------------------------------------------------------------------------- helpers
def _first_clause(book: Rulebook, ruleset: str, topic: str) -> str | None:
    for c in book.by_ruleset.get(ruleset, ()):
        if c.kind == "rule" and topic in c.topics:
            return c.id
    return None


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _rails_fr(rails: int) -> str:
    """« aucune bille à la bande », « seulement 1 bille à la bande », « seulement 3 billes à la bande »."""
    return "aucune bille à la bande" if rails == 0 else f"seulement {rails} {_plural(rails, 'bille', 'billes')} à la bande"


def ruleset_of(book: Rulebook, scenario: Scenario) -> Ruleset:
    """The Ruleset the scenario names; raises ImpossibleScenarioError (field ``ruleset``)."""
    if not scenario.ruleset:
        raise ImpossibleScenarioError("Le champ « ruleset » est requis.", None, "ruleset")
    rs = book.rulesets.get(scenario.ruleset)
    if rs is None:
        raise ImpossibleScenarioError(f"Règlement inconnu : « {scenario.ruleset[:80]} ».", None, "ruleset")
    return rs


def _no_such_ball(ctx: _Context, money: int, ball: int, name: str) -> ImpossibleScenarioError:
    return ImpossibleScenarioError(
        f"La bille {ball} n’existe pas : ce règlement se joue avec les billes 1 à {money}.", ctx.objective, name)


def _table_before(rs: Ruleset, ctx: _Context, sc: Scenario) -> tuple[int, ...]:
    """The object balls on the table before the shot (the full rack when not given)."""
    given, money = sc.state.on_table, rs.money_ball
    if given is None:
        return rs.balls
    if given and max(given) > money:  # a 10 in a nine-ball ruleset
        raise _no_such_ball(ctx, money, max(given), "state.on_table")
    if money not in given:
        raise ImpossibleScenarioError(
            f"La {money} n’est plus sur la table : la partie serait déjà terminée ou la {money} replacée.",
            ctx.objective, "state.on_table")
    on_table = tuple(sorted(given)) if any(a > b for a, b in zip(given, given[1:])) else tuple(given)
    if sc.shot.kind == "break" and on_table != rs.balls:
        raise ImpossibleScenarioError(
            f"La casse se joue sur le rack complet (billes 1 à {money}).", ctx.rack, "state.on_table")
    return on_table


def _check_balls(rs: Ruleset, ctx: _Context, sh: Shot, table: frozenset[int]) -> None:
    """Balls pocketed, driven off, hit first or called must be on the table."""
    money, obj_clause = rs.money_ball, ctx.objective
    for name, balls in (("shot.pocketed", sh.pocketed), ("shot.off_table", sh.off_table)):
        for b in balls:
            if b not in table:
                if b > money:
                    raise _no_such_ball(ctx, money, b, name)
                raise ImpossibleScenarioError(
                    f"La {b} n’était pas sur la table : elle ne peut pas être empochée ni sortir.", obj_clause, name)
    both = set(sh.pocketed) & set(sh.off_table)
    if both:
        raise ImpossibleScenarioError(
            f"La {min(both)} ne peut pas être à la fois empochée et sortie de la table.", obj_clause, "shot.off_table")
    if sh.first_contact is not None and sh.first_contact not in table:
        if sh.first_contact > money:
            raise _no_such_ball(ctx, money, sh.first_contact, "shot.first_contact")
        raise ImpossibleScenarioError(
            f"La blanche ne peut pas toucher la {sh.first_contact} : elle n’est pas sur la table.", obj_clause,
            "shot.first_contact")
    if isinstance(sh.called, Called) and sh.called.ball not in table:
        if sh.called.ball > money:
            raise _no_such_ball(ctx, money, sh.called.ball, "shot.called.ball")
        raise ImpossibleScenarioError(
            f"La {sh.called.ball} annoncée n’est pas sur la table.", rs.policy["call_shot"].clause or obj_clause,
            "shot.called.ball")


def _check_fouls_and_push_out(rs: Ruleset, sc: Scenario) -> None:
    """Consecutive fouls and the warning, and the push-out's availability."""
    st, sh = sc.state, sc.shot
    tf = rs.policy["three_fouls"].clause
    if st.fouls.shooter > 2 or st.fouls.opponent > 2:
        raise ImpossibleScenarioError(
            "Un joueur ne peut pas compter plus de deux fautes consécutives : la troisième fait perdre la partie.", tf,
            "state.fouls")
    if st.warned and st.fouls.shooter < 2:
        raise ImpossibleScenarioError(
            "L’avertissement se donne après la deuxième faute consécutive : « warned » exige deux fautes du tireur.",
            rs.policy["warning_required"].clause or tf, "state.warned")
    if sh.kind == "break" and (st.fouls.shooter or st.fouls.opponent):
        raise ImpossibleScenarioError(
            "La casse ouvre une nouvelle partie : les fautes consécutives se comptent dans une même partie, "
            "aucune ne peut être en cours à la casse.", tf, "state.fouls")
    pa = rs.policy["push_out_after_break"]
    if sh.kind == "push_out" and not st.push_out_available:
        raise ImpossibleScenarioError(
            "Un coup poussé (push-out) n’est permis qu’au premier coup après la casse, quand la règle l’autorise : "
            "il n’est pas disponible ici.", pa.clause, "shot.kind")
    if st.push_out_available and st.ball_in_hand and pa.value == "legal_break" and sh.kind != "break":
        ex = rs.policy["push_out_exclusion"]
        clause = ex.clause if ex.value in ("ball_in_hand_after_break", "after_break_foul") else pa.clause
        raise ImpossibleScenarioError(
            "Le coup poussé n’est permis qu’après une casse légale ; la bille en main ne vient que d’une faute : "
            "les deux ne peuvent aller ensemble sous ce règlement.", clause, "state.push_out_available")


def _check_break_counts(rs: Ruleset, sh: Shot, total: int) -> None:
    """On a break, the balls counted cannot outnumber the balls on the table."""
    if sh.balls_to_rail is not None and sh.balls_to_rail > total:
        raise ImpossibleScenarioError(
            f"Au plus {total} billes peuvent toucher une bande.", rs.policy["break_requirement"].clause,
            "shot.balls_to_rail")
    if sh.crossed_head_string is not None and \
            sh.crossed_head_string + len(sh.pocketed) + len(sh.off_table) > total:
        raise ImpossibleScenarioError(
            "Plus de billes comptées (empochées, sorties ou passées au-delà de la ligne de départ) que de billes "
            "sur la table.", rs.policy["three_ball_requirement"].clause or rs.policy["three_ball_rule"].clause,
            "shot.crossed_head_string")


def check_possible(book: Rulebook, rs: Ruleset, sc: Scenario) -> tuple[int, ...]:
    """Raise :class:`ImpossibleScenarioError` when ``sc`` cannot happen under ``rs``.

    Returns the object balls on the table before the shot (the full rack when not given).
    Checked in order: the table, the balls of the shot, balls moved without contact, fouls and
    push-out, foul codes, the break's counts.
    """
    sh = sc.shot
    ctx = _context(book, rs)
    on_table = _table_before(rs, ctx, sc)
    _check_balls(rs, ctx, sh, ctx.balls if sc.state.on_table is None else frozenset(on_table))
    _check_fouls_and_push_out(rs, sc)
    codes = book.foul_codes
    for c in sh.fouls:
        if c not in codes:
            raise ImpossibleScenarioError(
                f"Code de faute inconnu : « {c[:80]} »{did_you_mean(c, codes)} ; codes permis : {', '.join(codes)}.",
                ctx.foul_list, "shot.fouls")
    if sh.kind == "break":
        _check_break_counts(rs, sh, len(on_table))
    cir.check_physics(rs, sc, on_table, rs.policy["lowest_ball_first"].clause)
    return on_table


# ----------------------------------------------------------------------------- shot fouls
# Foul codes that the shot's facts can show (the others only come by code in shot.fouls).
_FACT_CODES = frozenset({"wrong_ball_first", "no_contact", "no_rail", "illegal_break", "cue_rail_first",
                         "cue_ball_pocketed", "cue_ball_off_table", "object_ball_off_table"})


def _fact_policy(code: str, kind: str) -> str | None:
    """The policy making a fact foul code a foul on a shot of ``kind`` (None: no such rule)."""
    brk = kind == "break"
    if code in ("wrong_ball_first", "no_contact"):
        return "break_first_contact" if brk else "lowest_ball_first"
    if code == "no_rail":
        return None if brk else "rail_after_contact"
    if code == "illegal_break":
        return "break_requirement" if brk else None
    if code == "cue_rail_first":
        return "break_cue_rail_first" if brk else None
    if code in ("cue_ball_pocketed", "cue_ball_off_table"):
        return "break_scratch" if brk else "cue_ball_scratch"
    if code == "object_ball_off_table":
        return "break_object_ball_off_table" if brk else "object_ball_off_table"
    return None


def _listed_fouls(r: _Ruling, codes: Iterable[str], kind: str) -> None:
    """Fouls stated by code in ``shot.fouls``."""
    rs = r.rs
    for code in codes:
        name = r.book.foul_label(code)
        text = f"{name[:1].lower()}{name[1:]}."
        if code in ("jump_not_allowed", "masse_not_allowed"):
            policy = "jump_shots" if code == "jump_not_allowed" else "masse_shots"
            pv = r.pol(policy)
            if pv.value == "forbidden":
                r.foul(code, text, policy=policy)
            elif pv.value == "allowed":
                word = "sautés" if code == "jump_not_allowed" else "massés"
                r.cite(f"Pas de faute « {name.lower()} » : ce texte autorise les coups {word}.", policy=policy,
                       role=Role.CONDITION)
                r.note(f"« {code} » : le texte autorise ce coup ; la faute signalée n’est pas retenue.")
            else:
                r.unlisted_foul(code, " (il ne dit rien de ces coups)")
            continue
        if kind == "push_out" and code in ("wrong_ball_first", "no_contact", "no_rail"):
            r.cite(f"Pas de faute « {name.lower()} » : le coup poussé ne l’exige pas.", policy="push_out_rules",
                   role=Role.CONDITION)
            r.note(f"« {code} » : sur un coup poussé, ce n’est pas une faute ; elle n’est pas retenue.")
            continue
        fact_policy = _fact_policy(code, kind)
        if fact_policy is not None:
            r.foul(code, text, policy=fact_policy)  # a silent policy makes it a referee's foul, unsettled
        elif code in rs.fouls and code not in _FACT_CODES:
            r.foul(code, text, clause=rs.fouls[code])
        else:
            r.unlisted_foul(code, " pour ce coup" if code in ("no_rail", "illegal_break", "cue_rail_first") else "")


def _technique(r: _Ruling, sh: Shot) -> None:
    """Jumps, massés and a moved obstacle ball."""
    for attr, policy, code, word in (("jump", "jump_shots", "jump_not_allowed", "sauté"),
                                      ("masse", "masse_shots", "masse_not_allowed", "massé")):
        if not getattr(sh, attr):
            continue
        pv = r.pol(policy)
        if pv.value == "forbidden":
            r.foul(code, f"le coup {word} n’est pas autorisé.", policy=policy)
        elif pv.value == "allowed":
            r.cite(f"Le coup {word} est autorisé.", policy=policy, role=Role.CONDITION)
        else:
            r.silent(("legal",), pv.note or f"Le texte ne dit rien des coups {word}s ; ils sont admis comme dans les "
                                            "règles WPA/BCA.", f"Coup {word} admis ({_REFEREE}).", policy=policy)
    if sh.obstacle_moved:
        if "obstacle_moved" in r.rs.fouls:
            r.foul("obstacle_moved", "la bille obstacle a bougé lors du coup sauté, dévié ou massé.",
                   clause=r.rs.fouls["obstacle_moved"])
        else:
            r.silent(("legal",), "Le texte ne fait pas une faute de la bille obstacle qui bouge lors d’un coup sauté ou "
                                 "massé ; pas de faute retenue pour ce seul fait (ce serait « touched_ball » si la queue "
                                 "ou la main l’a touchée, « wrong_ball_first » si la blanche l’a touchée la première).",
                     f"Bille obstacle déplacée : pas de faute retenue pour ce seul fait ({_REFEREE}).")


def _scratch_and_off(r: _Ruling, sh: Shot, on_break: bool) -> None:
    if sh.cue_ball != "table":
        code = "cue_ball_pocketed" if sh.cue_ball == "pocketed" else "cue_ball_off_table"
        what = "empochée" if sh.cue_ball == "pocketed" else "sortie de la table"
        r.foul(code, f"la blanche est {what}.", policy="break_scratch" if on_break else "cue_ball_scratch")
    if sh.off_table:
        n = len(sh.off_table)
        r.foul("object_ball_off_table",
               f"{_balls(sh.off_table)} {_plural(n, 'sort', 'sortent')} de la table.",
               policy="break_object_ball_off_table" if on_break else "object_ball_off_table")


def _contact_and_rail(r: _Ruling, sc: Scenario, lowest: int) -> None:
    sh = sc.shot
    if sh.kind == "push_out":
        r.cite("Coup poussé : ni le contact avec la plus basse ni la bande ne sont exigés ; les autres règles "
               "s’appliquent.", policy="push_out_rules", role=Role.CONDITION)
        return
    first = sh.first_contact
    if "shot.first_contact" in sc.unstated and {"wrong_ball_first", "no_contact"} & set(sh.fouls):
        return      # the contact's foul is stated by its code (« sans toucher la 1 »): nothing to assume
    if "shot.first_contact" in sc.unstated:
        first = lowest
        r.assume("shot.first_contact", f"J’ai supposé que la blanche avait touché la plus basse (la {lowest}) en premier.")
    # the gist does not name the lowest ball when the table was not stated (the full rack)
    named = f"la plus basse, la {lowest}"
    told = named if sc.state.on_table is not None else "la plus basse"
    if first is None:
        what = "la blanche ne touche aucune bille ; elle doit toucher {}."
        r.foul("no_contact", what.format(named), policy="lowest_ball_first", gist=what.format(told))
        return
    if first != lowest:
        what = f"la blanche touche d’abord la {first} au lieu de {{}}."
        r.foul("wrong_ball_first", what.format(named), policy="lowest_ball_first", gist=what.format(told))
        return
    told = ("La bille touchée en premier n’est pas donnée ; si c’est la plus basse" if "shot.first_contact" in sc.unstated
            else "La blanche touche d’abord la plus basse")
    r.cite(f"{told} (la {lowest}) : le contact est régulier.", policy="lowest_ball_first", role=Role.CONDITION)
    rail = sh.rail_after_contact
    if rail is None:
        if sh.pocketed:
            return
        rail = True
        r.assume("shot.rail_after_contact", "J’ai supposé qu’une bille avait touché une bande après le contact.")
    if rail:
        return
    pv = r.pol("rail_after_contact")
    if not sh.pocketed:
        r.foul("no_rail", "aucune bille n’atteint une bande après le contact et aucune bille n’est empochée.",
               policy="rail_after_contact")
    elif pv.value == "required_unless_pocketed":
        r.cite("Pas de bande après le contact, mais une bille est empochée : il n’y a pas de faute de bande.",
               policy="rail_after_contact", role=Role.CONDITION)
    else:
        r.silent(("legal", "next_shooter", "ball_in_hand", "fouls_after"),
                 pv.note or "Le texte exige une bande après le contact sans préciser le cas d’une bille "
                                        "empochée ; comme en WPA, une bille empochée dispense de la bande.",
                 f"Pas de faute de bande : une bille est empochée ({_REFEREE}).", policy="rail_after_contact")
        if not pv.silent:
            r.cite("Le texte exige une bande après le contact avec la plus basse.", policy="rail_after_contact",
                   note=False, role=Role.CONDITION)


# ----------------------------------------------------------------------------- consequences
def _spot(r: _Ruling, money: int) -> None:
    """Say where a spotted ball goes when the spot is taken (spot_occupied): the spot stated taken,
    or free (nothing to say), or not stated (where it would go)."""
    if r.spot_taken:
        cir.spot_taken(r, money)
        return
    if r.spot_taken is False:
        return
    pv = r.pol("spot_occupied")
    if pv.silent:
        r.note(f"Le texte ne dit pas où replacer la {money} si le point de replacement est occupé.")
        return
    where = "derrière la bille qui l’occupe, sur la ligne de replacement" if pv.value == "behind_on_line" \
        else "au plus près en descendant"
    r.cite(f"Si le point de replacement est occupé, la {money} se place {where}.", policy="spot_occupied")


def _cite_items(r: _Ruling, policy: str, prefix: str) -> None:
    """Cite the items of a list whose lead-in ``clause`` a ruling rests on (e.g. FFB: « Si
    l’avertissement n’est pas notifié… : » followed by what that changes), each in its words:
    the items of the list led in by ``policy``'s clause."""
    clause = r.pol(policy).clause
    if not clause:
        return
    for c in r.book.by_ruleset.get(r.rs.id, ()):
        if c.lead_in == clause and c.kind == "rule":
            words = c.text.strip().rstrip(" ;.,:")
            r.reasons.append(Reason(Role.CONSEQUENCE, policy, c.id, f"{prefix} : {words}."))


def _others_stay_down(r: _Ruling, pocketed: Sequence[int], money: int, why: str = "") -> None:
    """Cite that the object balls other than the money ball pocketed on the shot stay down
    (policy ``pocketed_on_foul``); ``why`` ends the sentence (e.g. " malgré la faute")."""
    others = [b for b in pocketed if b != money]
    if others:
        verb = _plural(len(others), "reste empochée", "restent empochées")
        r.cite(f"{_balls(others).capitalize()} {verb}{why}.", policy="pocketed_on_foul")


def _multiple_fouls(r: _Ruling, sc: Scenario) -> None:
    """Several fouls on the same shot count as one."""
    pv = r.pol("multiple_fouls")
    if pv.silent:
        # The other reading (each foul counts) only changes the ruling from a clean slate: two
        # fouls would make the second one (warning due); from one foul on, a third foul within
        # the same shot cannot have been warned, so the count stays at two either way.
        fields = ("fouls_after", "warning_due") if sc.state.fouls.shooter == 0 else ()
        r.silent(fields, pv.note or "Le texte ne dit pas comment compter plusieurs fautes sur un même coup ; elles "
                                    "comptent pour une seule faute, comme en WPA/BCA.",
                 f"Plusieurs fautes sur le même coup : une seule faute comptée ({_REFEREE}).", policy="multiple_fouls")
    else:
        r.cite("Plusieurs fautes sur un même coup ne comptent que pour une seule.", policy="multiple_fouls")


def _balls_after_foul(r: _Ruling, sh: Shot, on_break: bool) -> None:
    """The money ball pocketed or driven off is spotted; the other balls stay down or off."""
    money = r.rs.money_ball
    if money in sh.pocketed:
        r.spotted.add(money)
        r.cite(f"La {money} empochée sur une faute est replacée.",
               policy="money_ball_on_break_foul" if on_break else "money_ball_on_foul")
    if money in sh.off_table:
        r.spotted.add(money)
        brk = on_break and not r.pol("break_money_ball_off_table").silent
        r.cite(f"La {money} sortie de la table est replacée.",
               policy="break_money_ball_off_table" if brk else "money_ball_off_table")
        if brk and r.pol("money_ball_off_table").clause != r.pol("break_money_ball_off_table").clause:
            r.cite("La règle générale dit de même.", policy="money_ball_off_table", note=False)
    _others_stay_down(r, sh.pocketed, money, " malgré la faute")
    gone = [b for b in sh.off_table if b != money]
    if gone:
        # the clause that says the balls off the table stay off (else the one that makes them a foul)
        stays = not on_break and not r.pol("object_ball_off_table_stays_off").silent
        r.cite(f"{_balls(gone).capitalize()} sortie{'s' if len(gone) > 1 else ''} de la table "
               f"{_plural(len(gone), 'n’est pas replacée', 'ne sont pas replacées')}.",
               policy="object_ball_off_table_stays_off" if stays else
               "break_object_ball_off_table" if on_break else "object_ball_off_table")
    if r.spotted:
        _spot(r, money)


def _foul_count(r: _Ruling, sc: Scenario) -> tuple[int, bool, bool]:
    """The shooter's consecutive fouls after this one: (count, warning due, game lost)."""
    st = sc.state
    count = st.fouls.shooter + 1
    if count == 2:
        pv = r.pol("warning_required")
        if pv.silent:
            r.silent(("warning_due",), "Le texte ne prévoit pas d’avertissement après la deuxième faute.",
                     policy="warning_required")
            return count, False, False
        r.cite("Deuxième faute consécutive : le joueur doit être averti.", policy="warning_required")
        return count, True, False
    if count < 3:
        return count, False, False
    if st.warned:
        if not r.pol("warning_required").silent:    # the warning the text requires was given: the warned case
            r.cite("Le joueur avait été averti après sa deuxième faute consécutive, comme le texte l’exige.",
                   policy="warning_required", role=Role.CONDITION, note=False)
        r.cite("Troisième faute consécutive après avertissement : le joueur perd la partie.", policy="three_fouls")
        return count, False, True
    pv = r.pol("unwarned_third_foul")
    text = ("Troisième faute sans avertissement préalable : elle ne compte pas comme troisième faute, "
            "le joueur ne perd pas et le compte reste à deux.")
    if pv.silent:
        r.cite("Trois fautes consécutives font perdre la partie.", policy="three_fouls")
        r.cite("L’avertissement après la deuxième faute est obligatoire.", policy="warning_required")
        r.silent(_THIRD_FOUL_FIELDS + ("warning_due",),
                 pv.note or "Le texte exige l’avertissement après la deuxième faute mais ne dit pas ce que vaut "
                            "une troisième faute commise sans avertissement ; comme en WPA, elle ne fait pas "
                            "perdre la partie et le compte reste à deux.",
                 f"{text[:-1]} ({_REFEREE}).", policy="unwarned_third_foul")
    else:
        r.cite(text, policy="unwarned_third_foul")
        _cite_items(r, "unwarned_third_foul", "Sans avertissement")
    r.cite("Le joueur doit maintenant être averti qu’il est à deux fautes.", policy="warning_required", note=False)
    return 2, True, False


def _push_out_after_break_foul(r: _Ruling, sh: Shot) -> bool:
    """Whether the shot after a foul on the break may be a push-out."""
    pv = r.pol("push_out_after_break")
    ex = r.pol("push_out_exclusion")
    if pv.value == "unless_scratch":
        if sh.cue_ball == "pocketed":
            r.cite("La blanche a été empochée à la casse : l’adversaire ne peut pas jouer de coup poussé.",
                   policy="push_out_exclusion" if not ex.silent else "push_out_after_break", note=False)
            return False
        if sh.cue_ball == "off_table":
            r.silent(("push_out_available",),
                     "Le texte n’exclut le coup poussé qu’après une blanche empochée à la casse ; il ne dit rien "
                     "d’une blanche sortie de la table. Décision : comme une blanche empochée, pas de coup poussé.",
                     f"Blanche sortie de la table à la casse : pas de coup poussé ({_REFEREE}).",
                     policy="push_out_after_break")
            return False
        r.cite("Coup poussé permis immédiatement après la casse, même fautive, sauf si la blanche a été "
               "empochée.", policy="push_out_after_break")
        return True
    if pv.silent:
        r.silent(("push_out_available",), "Le texte ne dit pas si un coup poussé est permis après une casse "
                                          "fautive ; comme en WPA, il ne l’est pas.")
    else:
        r.cite("Le coup poussé n’est permis qu’après une casse légale : pas de coup poussé.",
               policy="push_out_after_break", note=False)
        if ex.value == "after_break_foul" or (ex.value == "after_break_scratch" and sh.cue_ball == "pocketed"):
            r.cite("Le texte l’exclut expressément ici.", policy="push_out_exclusion", note=False)
        elif ex.value == "ball_in_hand_after_break":
            r.cite("Le joueur a la bille en main après la casse : le texte exclut le coup poussé.",
                   policy="push_out_exclusion", note=False)
    return False


def _after_foul(r: _Ruling, sc: Scenario, on_break: bool) -> Consequences:
    """Consequences of a foul: balls spotted or staying down, fouls count (warning, third
    foul), ball in hand for the opponent, push-out after a foul on the break."""
    st, sh = sc.state, sc.shot
    if len(r.fouls) > 1:
        _multiple_fouls(r, sc)
    _balls_after_foul(r, sh, on_break)
    count, warning_due, game_over = _foul_count(r, sc)
    if game_over:
        return Consequences(True, OPPONENT, Termination.THREE_FOULS, OPPONENT, False, (), False,
                            FoulCount(3, st.fouls.opponent), False)
    bih = "ball_in_hand_after_break_foul" if on_break and not r.pol("ball_in_hand_after_break_foul").silent \
        else "ball_in_hand_after_foul"
    r.cite("Faute : l’adversaire prend la main avec la bille en main n’importe où sur la table.", policy=bih)
    push = _push_out_after_break_foul(r, sh) if on_break else False
    return Consequences(False, None, None, OPPONENT, True, (), push, FoulCount(count, st.fouls.opponent), warning_due)


def _legal_end(sc: Scenario, continues: bool, money_wins: bool, push_next: bool = False) -> Consequences:
    """Consequences of a shot without foul: win, continue, or hand over (no ball in hand)."""
    fouls_after = FoulCount(0, sc.state.fouls.opponent)
    if money_wins:
        return Consequences(True, SHOOTER, Termination.MONEY_BALL, SHOOTER, False, (), False, fouls_after, False)
    return Consequences(False, None, None, SHOOTER if continues else OPPONENT, False, (), push_next, fouls_after, False)


def _options(sc: Scenario, hand_back_push: bool) -> Consequences:
    """The opponent chooses: play the table as it lies, or hand it back to the shooter."""
    return Consequences(False, None, None, OPPONENT, False,
                        (Option("play", OPPONENT, False), Option("hand_back", SHOOTER, hand_back_push)),
                        False, FoulCount(0, sc.state.fouls.opponent), False)


# ----------------------------------------------------------------------------- break
def _break_requirement(r: _Ruling, sh: Shot, rails: int, assumed: bool = False) -> None:
    """The condition of a legal break (a pocketed ball or four balls to a rail) and the foul
    of failing it."""
    req = r.pol("break_requirement")
    if req.silent:  # only possible in a club's house rules
        r.silent((), "Le texte ne pose pas de condition de casse légale au-delà du premier contact.",
                 policy="break_requirement")
        return
    if req.value == "pocket_or_four_rails" and sh.pocketed:
        r.cite("Une bille est empochée à la casse : la condition de casse est remplie.", policy="break_requirement",
               role=Role.CONDITION)
        return
    if rails >= 4:
        told = ("Le nombre de billes à la bande n’est pas donné ; si au moins quatre billes touchent une bande"
                if assumed else f"{rails} billes touchent une bande")
        r.cite(f"{told} : la condition de casse est remplie.", policy="break_requirement", role=Role.CONDITION)
    else:
        if req.value == "pocket_or_four_rails":
            what = f"aucune bille empochée et {_rails_fr(rails)} (il en faut quatre)."
        else:
            extra = ", même si une bille est empochée" if sh.pocketed else ""
            what = f"{_rails_fr(rails)} ; il en faut au moins quatre{extra}."
        penalty = r.pol("illegal_break")
        if penalty.silent:
            # The text states what a legal break needs, not that failing it is a foul
            # (10-guide: « La casse est valable lorsque… », while its list « Il y a faute
            # lorsque » at the break names only the cue ball and an object ball off the
            # table). The condition is cited; the foul is a referee's ruling.
            r.cite(f"La casse n’est pas valable : {_rails_fr(rails)}, il en faut au moins quatre.",
                   policy="break_requirement", role=Role.CONDITION)
            r.fouls.append(Foul("illegal_break", None))
            r.silent(("legal", "fouls"), penalty.note or "Le texte ne dit pas qu’une casse non valable est une faute.",
                     f"Casse non valable jugée fautive : bille en main pour l’adversaire ({_REFEREE}).",
                     policy="illegal_break")
        elif penalty.clause == req.clause:
            r.foul("illegal_break", what, policy="illegal_break", lead="Casse illégale")
        else:
            r.cite(f"Casse illégale : {what}", policy="break_requirement", role=Role.CONDITION)
            r.foul("illegal_break", "c’est une faute, l’adversaire a la bille en main.", policy="illegal_break",
                   lead="Casse illégale")


def _three_ball_rule(r: _Ruling, sc: Scenario, fouled: bool = False) -> str | None:
    """The three-ball rule on a template rack: "met", "failed" or None (does not apply).
    ``fouled``: the break is also a foul (then the rule is counted, the foul rules the shot)."""
    st, sh = sc.state, sc.shot
    pv = r.pol("three_ball_rule")
    if pv.silent:
        if st.rack == "template":
            r.note("Le texte ne prévoit pas de règle particulière pour un rack à gabarit (magic rack, tapis marqué) ; "
                   "la casse est jugée selon les règles ordinaires.")
        return None
    if st.rack != "template":
        r.cite("Rack au triangle classique : la règle des trois billes ne s’applique pas.", policy="three_ball_rule",
               role=Role.CONDITION)
        return None
    r.cite("Rack à gabarit (magic rack, tapis marqué) : la règle des trois billes s’applique.", policy="three_ball_rule",
           role=Role.CONDITION)
    crossed = sh.crossed_head_string
    if crossed is None:
        crossed = 0
        if len(sh.pocketed) < 3:
            r.assume("shot.crossed_head_string",
                     "J’ai supposé qu’aucune bille non empochée n’avait franchi la ligne de départ.")
    total = len(sh.pocketed) + crossed
    three = "met" if total >= 3 else "failed"
    counted = _plural(total, "bille empochée ou passée", "billes empochées ou passées")
    text = (f"Règle des trois billes : {total} {counted} au-delà de la ligne de départ — "
            f"{'condition remplie' if three == 'met' else 'il en faut trois'}.")
    req = r.pol("three_ball_requirement")
    if req.silent:
        r.silent((), "Le texte applique une règle des trois billes sans en donner le compte ; compte de la WPA : "
                     "billes empochées plus billes passées au-delà de la ligne de départ.", f"{text[:-1]} ({_REFEREE}).",
                 policy="three_ball_requirement")
    else:
        r.cite(text, policy="three_ball_requirement", note=False, role=Role.CONDITION)
    if fouled:
        if three == "failed" and not r.pol("dry_break").silent:
            r.silent(("ball_in_hand", "options", "push_out_available"),
                     "La casse est à la fois fautive et irrégulière (règle des trois billes non remplie) : le texte "
                     "donne la bille en main après une faute à la casse, et le choix de l’adversaire après une casse "
                     "irrégulière, sans dire lequel l’emporte. Décision : la faute, comme en WPA (bille en main).",
                     f"Casse fautive et irrégulière : la faute l’emporte, bille en main ({_REFEREE}).",
                     policy="dry_break")
            r.cite("Le texte donne aussi, après une casse irrégulière, le choix à l’adversaire.", policy="dry_break",
                   note=False, role=Role.CONDITION)
        return three
    if three == "met" and sh.pocketed:
        _three_ball_case(r, len(sh.pocketed))
    if three == "met" and not sh.pocketed:
        r.silent(("break", "options", "push_out_available"),
                 req.note or "Le texte ne dit pas si une casse qui remplit la règle des trois billes sans empocher de "
                             "bille est régulière ; décision : casse régulière, la main passe, push-out permis.",
                 f"Règle des trois billes remplie sans bille empochée : casse régulière, la main passe ({_REFEREE}).",
                 policy="three_ball_requirement")
        if req.against:
            r.reasons.append(Reason(Role.CONDITION, "three_ball_requirement", req.against,
                                    "Mais la liste « si, et seulement si » ne compte que des cas avec au moins une bille "
                                    "empochée : la question reste ouverte."))
    return three


def _three_ball_case(r: _Ruling, pocketed: int) -> None:
    """Cite the case of the text's list that the break meets (9-ffb: « Le joueur garde donc la main
    si, et seulement si : » one pocketed and two crossed, two pocketed and one crossed, three
    pocketed): the list led in by the policy's ``against`` clause, whose items are told apart
    by the number of balls pocketed (1, 2, 3 or more), in the text's order."""
    lead = r.pol("three_ball_requirement").against
    items = [c.id for c in r.book.by_ruleset.get(r.rs.id, ()) if lead and c.lead_in == lead and c.kind == "rule"]
    if len(items) != 3:
        return
    r.cite("La casse entre dans un des cas de la liste : le joueur garde la main.", policy="three_ball_requirement",
           clause=lead, note=False, role=Role.CONDITION)
    r.cite("C’est le cas que la liste nomme.", policy="three_ball_requirement", clause=items[min(pocketed, 3) - 1],
           note=False, role=Role.CONDITION)


def _break_contact(r: _Ruling, sc: Scenario) -> None:
    """The break must hit the 1 first (and, where the text says so, no rail before it)."""
    sh = sc.shot
    first = sh.first_contact
    if "shot.first_contact" in sc.unstated:
        if "wrong_ball_first" in sh.fouls:
            return      # « casse sans toucher la 1 »: the foul told rules, no contact is assumed
        first = 1
        r.assume("shot.first_contact", "J’ai supposé que la casse avait touché la 1 en premier.")
    if first is None:
        r.foul("no_contact", "la blanche ne touche aucune bille ; elle doit toucher la 1 en premier.",
               policy="break_first_contact", lead="Faute de casse")
    elif first != 1:
        r.foul("wrong_ball_first", f"la blanche touche d’abord la {first} au lieu de la 1.",
               policy="break_first_contact", lead="Faute de casse")
    elif "shot.first_contact" in sc.unstated:
        r.cite("La bille touchée en premier n’est pas donnée ; si la casse touche la 1 en premier, le contact est "
               "régulier.", policy="break_first_contact", role=Role.CONDITION)
    else:
        r.cite("La casse touche la 1 en premier.", policy="break_first_contact", role=Role.CONDITION)
    if sh.cue_rail_first:
        pv = r.pol("break_cue_rail_first")
        if pv.silent:
            r.silent(("legal",), pv.note or "Le texte exige que la 1 soit la première bille touchée à la casse, sans "
                                            "parler d’une bande touchée avant elle ; pas de faute retenue pour ce fait.",
                     f"Blanche à la bande avant la 1 : pas de faute retenue ({_REFEREE}).",
                     policy="break_cue_rail_first")
        else:
            r.foul("cue_rail_first", "la blanche touche une bande avant la 1.",
                   policy="break_cue_rail_first", lead="Faute de casse")


def _break_fouls(r: _Ruling, sc: Scenario) -> None:
    """The fouls of a break: contact, requirement, scratch and balls off, technique, codes."""
    sh = sc.shot
    _break_contact(r, sc)
    rails = sh.balls_to_rail
    assumed = False
    if rails is None:
        rails = 4
        if not (sh.pocketed and r.pol("break_requirement").value == "pocket_or_four_rails"):
            assumed = True
            r.assume("shot.balls_to_rail", "J’ai supposé qu’au moins quatre billes avaient touché une bande à la casse.")
    _break_requirement(r, sh, rails, assumed)
    _scratch_and_off(r, sh, on_break=True)
    _technique(r, sh)
    cir.curve(r, sh)
    codes = cir.filter_codes(r, sc)
    if codes:
        _listed_fouls(r, codes, "break")
    if r.fouls and cir.claim_voids_fouls(r, sh):
        r.waived, r.fouls = r.fouls, []


def _dry_break(r: _Ruling, sc: Scenario) -> Consequences:
    """A break that fails the three-ball rule without a foul: the opponent chooses."""
    sh = sc.shot
    money = r.rs.money_ball
    r.cite("Casse irrégulière (dry break) : la main passe ; l’adversaire joue la table sans coup poussé, ou rend "
           "la main au casseur, qui peut alors jouer un coup poussé.", policy="dry_break")
    _cite_items(r, "dry_break", "Au choix")
    if not r.pol("dry_break_accept_push_out").silent:
        r.cite("Qui accepte la table ne peut pas jouer de coup poussé.", policy="dry_break_accept_push_out", note=False)
    if money in sh.pocketed:
        r.spotted.add(money)
        pv = r.pol("dry_break_money_ball")
        if pv.silent:
            r.silent(("spotted",), f"Le texte ne dit pas ce que devient la {money} empochée sur une casse "
                                   f"irrégulière ; elle est replacée comme sur une casse fautive.",
                     f"La {money} empochée sur la casse irrégulière est replacée ({_REFEREE}).",
                     policy="dry_break_money_ball")
        else:
            r.cite(f"Casse irrégulière : la {money} empochée est replacée.", policy="dry_break_money_ball")
        _spot(r, money)
    others = [b for b in sh.pocketed if b != money]
    if others:
        r.silent((), "Le texte ne dit pas expressément que les billes empochées sur une casse irrégulière restent "
                     f"empochées ; seule la {money} y est replacée : les autres restent empochées.")
    return _options(sc, hand_back_push=True)


def _money_ball_on_break(r: _Ruling, sc: Scenario, called_matters: bool) -> bool:
    """The money ball pocketed on a legal break: True when it wins (else it is spotted)."""
    sh = sc.shot
    money = r.rs.money_ball
    pv = r.pol("money_ball_on_legal_break")
    if pv.value == "wins":
        _cite_win(r, f"La {money} est empochée sur une casse légale : le joueur gagne la partie.", on_break=True)
        if not called_matters:
            r.cite("Aucune annonce n’est demandée, à la casse comme ailleurs.", policy="call_on_break",
                   role=Role.CONDITION, unsettles=() if _made_as_called(sc, money) else _END_FIELDS + ("spotted",))
        return True
    called = sh.called
    if "shot.called" in sc.unstated:
        called = None
        r.assume("shot.called", f"J’ai supposé que la {money} n’avait pas été annoncée avant la casse.")
    if isinstance(called, Called) and called.ball == money and called.pocket_ok:
        _cite_win(r, f"La {money} annoncée est empochée sur une casse légale : le joueur gagne la partie.", on_break=True)
        return True
    r.spotted.add(money)
    r.cite(f"La {money} ne gagne à la casse que si elle a été annoncée : elle ne gagne pas.",
           policy="money_ball_on_legal_break")
    alone = len(sh.pocketed) == 1 and r.pol("break_pocket_continues").silent
    r.silent(["spotted", "next_shooter"] if alone else ["spotted"],
             f"Le texte ne dit pas ce que devient la {money} empochée sans annonce sur une casse "
             f"légale ; comme en WPA, elle est replacée et le casseur garde la main"
             f"{' (même si elle était la seule bille empochée)' if alone else ''}.",
             f"La {money} non annoncée est replacée et le joueur continue ({_REFEREE}).",
             policy="money_ball_on_legal_break")
    _spot(r, money)
    return False


def _after_legal_break(r: _Ruling, sc: Scenario, called_matters: bool) -> Consequences:
    """A legal break that does not win: who plays next, and the push-out that may follow."""
    pocketed = sc.shot.pocketed
    if pocketed and called_matters:
        pv = r.pol("call_on_break")
        if pv.silent:
            r.silent(("next_shooter",), pv.note or "Le texte ne dit pas si les billes empochées à la casse doivent être "
                                                   "annoncées ; comme en WPA, elles n’ont pas à l’être.",
                     f"La casse n’a pas à être annoncée ({_REFEREE}).", policy="call_on_break")
        else:
            r.cite("La casse n’a pas à être annoncée : les billes empochées comptent.", policy="call_on_break",
                   role=Role.CONDITION)
    pv = r.pol("break_pocket_continues")
    if pocketed:
        if pv.silent:
            r.silent(("next_shooter",), "Le texte ne dit pas qui joue après une casse où une bille est empochée ; "
                                        "comme en WPA, le casseur garde la main.",
                     f"Bille empochée sur une casse légale : le casseur garde la main ({_REFEREE}).",
                     policy="break_pocket_continues")
        else:
            r.cite("Une bille est empochée sur une casse légale : le casseur garde la main.",
                   policy="break_pocket_continues")
    else:
        r.cite("Aucune bille empochée à la casse : la main passe.",
               policy="break_pocket_continues" if not pv.silent else "turn_continues", note=False)
    pa = r.pol("push_out_after_break")
    push = not pa.silent
    if push:
        r.cite("Le coup qui suit une casse légale peut être un coup poussé (push-out).", policy="push_out_after_break",
               note=False)
    else:
        r.silent(("push_out_available",), "Le texte ne prévoit pas de coup poussé après la casse.")
    return _legal_end(sc, bool(pocketed), False, push_next=push)


def _rule_break(r: _Ruling, sc: Scenario) -> tuple[Consequences, dict[str, object]]:
    """Rule on a break: its fouls, the three-ball rule, then the consequences."""
    sh = sc.shot
    _break_fouls(r, sc)
    if r.fouls:
        # a foul on the break rules it; on a template rack the three-ball rule is still counted
        # (the text applies it to every break on such a rack), without its consequences
        three = _three_ball_rule(r, sc, fouled=True)
        return _after_foul(r, sc, on_break=True), {"legal": False, "three_ball_rule": three, "dry": False}
    three = _three_ball_rule(r, sc)
    info: dict[str, object] = {"legal": True, "three_ball_rule": three, "dry": three == "failed"}
    if three == "failed":
        return _dry_break(r, sc), info
    called_matters = r.pol("call_shot").value == "ball_and_pocket"
    if r.rs.money_ball in sh.pocketed and _money_ball_on_break(r, sc, called_matters):
        return _legal_end(sc, True, True), info
    return _after_legal_break(r, sc, called_matters), info


def _made_as_called(sc: Scenario, ball: int | None = None) -> bool:
    """The call stated is a ball (``ball`` when given) that went in the pocket called."""
    called = sc.shot.called
    return isinstance(called, Called) and called.ball in sc.shot.pocketed and called.pocket_ok and \
        (ball is None or called.ball == ball)


def _contradicted(sc: Scenario, money: int) -> tuple[str, ...]:
    """The fields a text that contradicts itself on calling leaves open for a regular shot that
    pockets balls (Dooly's): who shoots next, unless the call stated settles it; and the win
    by the money ball when a call was stated that the shot did not follow."""
    if money in sc.shot.pocketed:
        called = sc.shot.called
        stated = "shot.called" not in sc.unstated and called is not None
        return _END_FIELDS + ("spotted",) if stated and not _made_as_called(sc, money) else ()
    return () if _made_as_called(sc) else _CALL_FIELDS


def _cite_win(r: _Ruling, text: str, on_break: bool) -> None:
    """The money ball wins: the clause of the case (break or shot) and, on the break, the text's
    other end-of-game clause when it has one (Dooly's rules 5 and 14, BCA rules 4 and 13: the
    break's win is the game's end like any other). On an ordinary shot the win rests on
    ``money_ball_wins`` alone: the break's clause adds nothing there."""
    first, other = ("money_ball_on_legal_break", "money_ball_wins") if on_break else \
        ("money_ball_wins", "money_ball_on_legal_break")
    r.cite(text, policy=first)
    if not on_break:
        return
    pv, cited = r.pol(other), r.pol(first).clause
    c = r.book.clauses.get(pv.clause or "")
    if pv.value == "wins" and c is not None and pv.clause != cited and "end-of-game" in c.topics:
        r.cite("La partie se termine quand la bille de gain est empochée légalement.", policy=other, note=False)


# ----------------------------------------------------------------------------- ordinary shots
def _rule_shot(r: _Ruling, sc: Scenario, on_table: tuple[int, ...]) -> Consequences:
    """Rule on an ordinary shot or a push-out: its fouls, then the consequences."""
    sh = sc.shot
    money = r.rs.money_ball
    lowest = on_table[0]
    _contact_and_rail(r, sc, lowest)
    _scratch_and_off(r, sh, on_break=False)
    if sh.jump or sh.masse or sh.obstacle_moved:
        _technique(r, sh)
    cir.curve(r, sh)
    cir.frozen(r, sh)
    codes = cir.filter_codes(r, sc)
    if codes:
        _listed_fouls(r, codes, sh.kind)
    cir.out_of_turn(r, sh)
    if r.fouls and cir.claim_voids_fouls(r, sh):
        r.waived, r.fouls = r.fouls, []
    if r.fouls:
        if sh.kind == "push_out":
            r.cite("Un coup poussé fautif est sanctionné selon la faute commise.", policy="push_out_foul")
        return _after_foul(r, sc, on_break=False)

    if sh.kind == "push_out":
        if money in sh.pocketed:
            r.spotted.add(money)
            r.cite(f"La {money} empochée sur un coup poussé est replacée.", policy="push_out_money_ball")
            _spot(r, money)
        others = [b for b in sh.pocketed if b != money]
        if others:
            many = len(others) > 1
            r.cite(f"{_balls(others).capitalize()}, {'empochées' if many else 'empochée'} sur le coup poussé, "
                   f"{'restent empochées' if many else 'reste empochée'} sans compter.",
                   policy="push_out_money_ball", note=False)
        r.cite("Après un coup poussé légal, l’adversaire choisit : jouer la table telle quelle, ou rendre la main "
               "à l’auteur du coup poussé.", policy="push_out_options")
        _cite_items(r, "push_out_options", "Au choix")
        return _options(sc, hand_back_push=False)

    if not sh.pocketed:
        if not r.pol("turn_passes").silent:   # the clause that says where the opponent plays from, first
            r.cite("Coup raté : l’adversaire reprend le jeu dans la position laissée, sans bille en main.",
                   policy="turn_passes", note=False)
        r.cite("Coup régulier sans bille empochée : la main passe ; l’adversaire joue la position laissée, sans bille "
               "en main.", policy="turn_continues")
        return _legal_end(sc, False, False)

    if r.pol("call_shot").value == "ball_and_pocket":
        return _called_shot(r, sc, on_table)

    # a text that contradicts itself on calling (Dooly's: « jeu à coups annoncés » / « jamais à nommer
    # leurs coups ») leaves open who shoots next after a ball pocketed, and the win by the money ball
    r.cite("Aucune annonce : toute bille empochée sur un coup régulier compte.", policy="call_shot", role=Role.CONDITION,
           unsettles=_contradicted(sc, money))
    if money in sh.pocketed:
        _cite_win(r, f"La {money} est empochée sur un coup régulier : le joueur gagne la partie.", on_break=False)
        return _legal_end(sc, True, True)
    n = len(sh.pocketed)
    r.cite(f"{_balls(sh.pocketed).capitalize()} {_plural(n, 'est empochée', 'sont empochées')} sur un coup régulier : "
           "le joueur continue.", policy="turn_continues")
    return _legal_end(sc, True, False)


def _read_call(r: _Ruling, sc: Scenario) -> tuple[Called | str | None, str | None]:
    """The call the ruling rests on, and why it does not count when it is not a valid call
    (None: judge it by the balls pocketed). Unstated: the pocketed ball assumed called (or
    obvious); ``obvious`` true: nothing needed saying; ``obvious`` false: ball and pocket must
    both be named."""
    sh = sc.shot
    money = r.rs.money_ball
    called = sh.called
    if "shot.called" in sc.unstated:
        target = money if money in sh.pocketed else min(sh.pocketed)
        r.assume("shot.called", f"J’ai supposé que la {target} empochée avait été annoncée (ou que le coup était évident).")
        return Called(target, None, True), None
    if called is None:
        r.assume("shot.called",
                 "J’ai supposé que le coup n’était pas évident : sans annonce, les billes empochées ne comptent pas.")
        return None, "aucune bille n’était annoncée"
    if called == "safe":
        # A called safety does not call any ball: a ball it pockets is pocketed « sans l’annoncer »,
        # ruled by the same sentences as a shot with nothing called.
        r.silent((), "Le texte ne parle pas du coup de sécurité annoncé ; la sécurité n’annonce aucune bille : "
                     "les billes qu’elle empoche le sont « sans l’annoncer » et sont jugées comme telles.")
        return called, "sécurité annoncée : aucune bille n’était annoncée"
    assert isinstance(called, Called)
    if called.obvious:
        r.cite(f"Coup évident (la {called.ball}) : la bille et la poche n’avaient pas à être annoncées.",
               policy="call_shot", role=Role.CONDITION)
    elif called.obvious is False and not called.pocket:
        r.cite(f"Coup non évident : la {called.ball} est nommée, mais pas la poche ; l’annonce doit dire la bille et "
               "la poche.", policy="call_shot", role=Role.CONDITION)
        return called, f"la poche de la {called.ball} n’était pas annoncée, et le coup n’était pas évident"
    if called.ball not in sh.pocketed:
        return called, f"la {called.ball} annoncée n’est pas empochée"
    if not called.pocket_ok:
        return called, f"la {called.ball} n’entre pas dans la poche annoncée"
    return called, None


def _called_shot(r: _Ruling, sc: Scenario, on_table: tuple[int, ...]) -> Consequences:
    """A shot that pockets balls where shots are called: made, missed, or a safety."""
    sh = sc.shot
    money = r.rs.money_ball
    called, missed = _read_call(r, sc)
    if missed is None and isinstance(called, Called):
        r.cite(f"La {called.ball} annoncée est empochée dans la poche annoncée.", policy="call_shot", role=Role.CONDITION)
        if called.ball == money:
            _cite_win(r, f"La {money} est empochée régulièrement : le joueur gagne la partie.", on_break=False)
            return _legal_end(sc, True, True)
        if money in sh.pocketed:
            r.spotted.add(money)
            r.cite(f"La {money} n’était pas annoncée : elle n’est pas empochée régulièrement et se replace.",
                   policy="money_ball_on_foul")
            r.silent(("spotted",) + _END_FIELDS,
                     f"Le texte replace la {money} « empochée suite à un coup illégal » et fait gagner la {money} "
                     f"empochée régulièrement ; il ne dit pas si une {money} non annoncée, entrée sur le même coup "
                     f"qu’une bille annoncée et empochée, l’est « légalement ». Décision : elle ne gagne pas et "
                     "est replacée, comme en WPA.")
            _spot(r, money)
        r.cite("La bille annoncée est empochée régulièrement : le joueur continue.", policy="turn_continues")
        return _legal_end(sc, True, False)
    return _call_missed(r, sc, on_table[0], called, missed or "")


def _call_missed(r: _Ruling, sc: Scenario, lowest: int, called: Called | str | None, what: str) -> Consequences:
    """The called ball was not pocketed as called (or nothing was called): the balls pocketed do
    not count, the money ball is spotted, the turn passes (with a choice for the lowest ball)."""
    sh = sc.shot
    money = r.rs.money_ball
    r.cite(f"Coup annoncé manqué ({what}) : les billes empochées ne comptent pas.", policy="call_shot",
           role=Role.CONDITION)
    combination = sh.first_contact is not None and sh.first_contact not in sh.pocketed
    if not r.pol("call_validity").silent and ((isinstance(called, Called) and not called.pocket_ok) or
                                              (not isinstance(called, Called) and combination)):
        r.cite("Le coup annoncé n’est valable que si le coup réalisé est bien celui tenté ; en cas de confusion "
               "possible (combinaison, bande…), la bille et la poche doivent être indiquées.", policy="call_validity",
               role=Role.CONDITION)
    _others_stay_down(r, sh.pocketed, money)
    if money in sh.pocketed:
        r.spotted.add(money)
        wrong_pocket = isinstance(called, Called) and called.ball == money and not called.pocket_ok
        how = "entrée dans une autre poche que celle annoncée" if wrong_pocket else "empochée sans annonce valable"
        r.cite(f"La {money} {how} est replacée.", policy="money_ball_on_foul")
        r.silent(("spotted",), f"Le texte replace la {money} « empochée suite à un coup illégal » ; il ne dit pas "
                               f"expressément qu’une {money} {how} l’est. Décision : replacée, comme en WPA.")
        _spot(r, money)
    r.cite("Aucune bille empochée régulièrement : la main passe.", policy="turn_continues")
    if lowest in sh.pocketed:
        return _uncalled_lowest(r, sc, lowest, called)
    if sh.pocketed:
        r.silent(("options",), "Le texte ne donne le choix (jouer ou rendre la main) que si la plus basse est empochée "
                               "sans annonce ; ici d’autres billes sont empochées sans annonce. Lecture littérale : la "
                               "main passe sans choix (la WPA laisse le choix après toute bille empochée "
                               "irrégulièrement).")
    return _legal_end(sc, False, False)


def _uncalled_lowest(r: _Ruling, sc: Scenario, lowest: int, called: Called | str | None) -> Consequences:
    """The lowest ball pocketed without a (valid) call: the opponent chooses."""
    pv = r.pol("uncalled_lowest_ball")
    if isinstance(called, Called) and called.ball == lowest:
        r.silent(("options",), f"La plus basse (la {lowest}) a été annoncée mais sans annonce valable (autre poche, ou "
                               "poche non dite) ; le texte ne donne le choix à l’adversaire que pour la plus basse "
                               "empochée « sans l’annoncer ». Décision : l’adversaire a le choix, comme en WPA.")
    if pv.silent:
        r.silent(("options",), "Le texte ne dit pas ce qui suit la plus basse empochée sans annonce ; comme en WPA, "
                               "l’adversaire joue ou rend la main.",
                 f"La plus basse (la {lowest}) empochée sans annonce : l’adversaire choisit ({_REFEREE}).",
                 policy="uncalled_lowest_ball")
    else:
        r.cite(f"La plus basse (la {lowest}) est empochée sans annonce : l’adversaire choisit de jouer ou de rendre "
               "la main.", policy="uncalled_lowest_ball")
    return _options(sc, hand_back_push=False)


# ----------------------------------------------------------------------------- entry point
def evaluate(book: Rulebook, scenario: Scenario) -> Outcome:
    """Rule on one shot under ``scenario.ruleset``.

    Returns a frozen :class:`Outcome` (contract "Outcome"). Raises
    :class:`ImpossibleScenarioError` for a scenario that cannot happen (unknown ruleset,
    ball not on the table, push-out not available, ...), naming the field and the clause.
    """
    rs = ruleset_of(book, scenario)
    on_table = check_possible(book, rs, scenario)
    sh = scenario.shot
    r = _Ruling(rs, book, on_break=sh.kind == "break", spot_taken=sh.spot_taken)
    info: dict[str, object] | None = None
    if sh.cue_missed:
        res = _cue_missed(r, scenario)
    elif sh.kind == "break":
        res, info = _rule_break(r, scenario)
    else:
        if scenario.state.ball_in_hand:
            r.cite("Le tireur joue avec la bille en main.", policy="ball_in_hand_after_foul", note=False,
                   role=Role.CONDITION)
        res = _rule_shot(r, scenario, on_table)
    cir.dropped(r, sh)
    _streak_and_referee_fouls(r, scenario, res)
    if cir.conduct_ends(r, sh):
        res = Consequences(True, OPPONENT, Termination.FORFEIT, OPPONENT, False, (), False, res.fouls_after, False)
    # the balls left on the table, also when the game is over (the balls still there)
    gone = set(sh.pocketed)
    gone.update(sh.off_table)
    if not res.game_over:
        gone.difference_update(r.spotted)
    after = tuple(b for b in on_table if b not in gone)
    unsettled = r.unsettled
    if "legal" in unsettled and any(f.clause for f in r.fouls):
        unsettled = [f for f in unsettled if f != "legal"]  # a foul the text states settles legal=False
    return Outcome(
        ruleset=rs.id, legal=not r.fouls, fouls=tuple(r.fouls), break_info=MappingProxyType(info) if info else None,
        game_over=res.game_over, winner=res.winner, termination=res.termination,
        next_shooter=res.next_shooter, ball_in_hand=res.ball_in_hand, spotted=tuple(sorted(r.spotted)),
        options=res.options, push_out_available=res.push_out_available,
        fouls_after=MappingProxyType(res.fouls_after.to_json()), warning_due=res.warning_due,
        reasons=tuple(r.reasons), notes=tuple(r.notes), unsettled=tuple(unsettled),
        assumptions=tuple(r.assumptions), on_table_after=after,
        spotted_at=cir.spot_places(r, sh.spot_taken) if not res.game_over else (),
        fouls_not_recognised=tuple(r.waived),
    )


def _streak_and_referee_fouls(r: _Ruling, sc: Scenario, res: Consequences) -> None:
    """A regular shot ends a streak of fouls (the three-fouls clause says « consécutives »); a foul
    that is only a referee's call (no clause) leaves its consequences open too."""
    sh = sc.shot
    if not r.fouls and sc.state.fouls.shooter and not sh.cue_missed and not r.waived:
        r.cite("Coup sans faute : la série de fautes consécutives est rompue, le compte revient à zéro.",
               policy="three_fouls", note=False)
    if not r.fouls or any(f.clause for f in r.fouls):
        return
    fields = ["ball_in_hand", "fouls_after"]
    if res.warning_due:
        fields.append("warning_due")
    if res.game_over:
        fields += list(_END_FIELDS)
    if sh.pocketed and sh.kind != "push_out":
        fields.append("next_shooter")
    if sh.kind == "push_out":
        fields.append("options")
    r.silent(fields, "La faute n’est qu’une décision d’arbitre (le texte ne la nomme pas) : ce qui en découle (bille en "
                     "main, compte des fautes) ne repose pas davantage sur le texte.")
    if not r.pol("turn_passes").silent:
        r.cite("Raté ou faute : l’adversaire reprend le jeu.", policy="turn_passes", note=False)


def _cue_missed(r: _Ruling, sc: Scenario) -> Consequences:
    """The tip missed the cue ball: no stroke; only the fouls stated by code (a ball touched…)."""
    sh, st = sc.shot, sc.state
    codes = cir.filter_codes(r, sc)
    if codes:
        _listed_fouls(r, codes, sh.kind)
    if r.fouls and not cir.claim_voids_fouls(r, sh):
        return _after_foul(r, sc, on_break=False)
    r.waived, r.fouls = r.waived + r.fouls, []
    cir.cue_missed(r)
    return Consequences(False, None, None, SHOOTER, st.ball_in_hand, (), st.push_out_available or sh.kind == "push_out",
                        FoulCount(st.fouls.shooter, st.fouls.opponent), False)
