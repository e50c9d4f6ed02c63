"""The rules engine: one algorithm ruling on a shot under any ruleset, read from its policy.

``evaluate(book, scenario) -> Outcome``. Every step cites the clause behind the policy value
it used (rules_data/policies/<id>.yaml); where a policy is ``silent`` the engine rules as a
qualified referee would under the WPA/BCA family of rotation games, lists the affected
fields in ``unsettled`` and says so in ``notes``. Impossible scenarios raise
:class:`ImpossibleScenarioError` naming the clause.

Order of the checks (fixed): possibility → break or shot fouls → money ball and spotting →
consecutive fouls → who shoots next, ball in hand, options, push-out.
"""
from __future__ import annotations

from types import MappingProxyType

from ..rulebook import Rulebook, Ruleset
from .outcome import Foul, ImpossibleScenarioError, Option, Outcome, Reason, Termination
from .scenario import Called, Scenario

SHOOTER, OPPONENT = "shooter", "opponent"

# Fouls shown by the shot's facts, and the policy whose clause makes each one a foul.
_FACT_FOUL_POLICY = {
    "wrong_ball_first": "lowest_ball_first", "no_contact": "lowest_ball_first",
    "no_rail": "rail_after_contact", "illegal_break": "break_requirement",
    "cue_ball_pocketed": "cue_ball_scratch", "cue_ball_off_table": "cue_ball_scratch",
    "object_ball_off_table": "object_ball_off_table", "jump_not_allowed": "jump_shots",
    "masse_not_allowed": "masse_shots", "cue_rail_first": "break_cue_rail_first",
}

_REFEREE = ("le texte ne le dit pas ; décision d’arbitre selon la famille de règles "
            "(WPA/BCA)")


class _Ruling:
    """Mutable scratch pad of one evaluation (internal); frozen into an Outcome at the end."""

    def __init__(self, rs: Ruleset, book: Rulebook):
        self.rs, self.book = rs, book
        self.reasons: list[Reason] = []
        self.notes: list[str] = []
        self.unsettled: list[str] = []
        self.assumptions: list[str] = []
        self.fouls: list[Foul] = []
        self.spotted: set[int] = set()

    # -- policy access ---------------------------------------------------------------
    def pol(self, name: str):
        return self.rs.policy[name]

    def cite(self, text: str, policy: str | None = None, clause: str | None = None) -> None:
        """Add a reason resting on ``policy``'s clause (or an explicit ``clause``)."""
        if policy is not None:
            pv = self.rs.policy[policy]
            clause = pv.clause
            if pv.note and pv.note not in self.notes:
                self.notes.append(pv.note)
        self.reasons.append(Reason(text, clause))

    def silent(self, fields: list[str], note: str, reason: str | None = None) -> None:
        """Record a ruling the text does not settle."""
        for f in fields:
            if f not in self.unsettled:
                self.unsettled.append(f)
        if note not in self.notes:
            self.notes.append(note)
        if reason:
            self.reasons.append(Reason(reason, None))

    def foul(self, code: str, text: str, policy: str | None = None, clause: str | None = None) -> None:
        if any(f.code == code for f in self.fouls):
            return
        if policy is not None and self.rs.policy[policy].silent:
            pv = self.rs.policy[policy]
            self.fouls.append(Foul(code, None))
            self.silent(["legal", "fouls"], pv.note or "Le texte ne cite pas cette faute ; elle est sanctionnée "
                        "selon les règles générales de la famille (WPA/BCA).", f"{text[:-1]} ({_REFEREE}).")
            return
        if policy is not None:
            clause = self.rs.policy[policy].clause
        self.fouls.append(Foul(code, clause))
        self.cite(text, policy=policy) if policy else self.reasons.append(Reason(text, clause))

    def assume(self, text: str) -> None:
        if text not in self.assumptions:
            self.assumptions.append(text)


# ----------------------------------------------------------------------------- helpers
def _first_clause(book: Rulebook, ruleset: str, topic: str) -> str | None:
    for c in book.by_ruleset.get(ruleset, ()):
        if c.kind == "rule" and topic in c.topics:
            return c.id
    return None


def _balls(nums) -> str:
    nums = sorted(nums)
    if not nums:
        return ""
    words = [f"la {n}" for n in nums]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def ruleset_of(book: Rulebook, scenario: Scenario) -> Ruleset:
    """The Ruleset the scenario names; raises ImpossibleScenarioError (field ``ruleset``)."""
    if not scenario.ruleset:
        raise ImpossibleScenarioError("Le champ « ruleset » est requis.", None, "ruleset")
    rs = book.rulesets.get(scenario.ruleset)
    if rs is None:
        raise ImpossibleScenarioError(f"Ruleset inconnu : « {scenario.ruleset} ».", None, "ruleset")
    return rs


def check_possible(book: Rulebook, rs: Ruleset, sc: Scenario) -> tuple[int, ...]:
    """Raise :class:`ImpossibleScenarioError` when ``sc`` cannot happen under ``rs``.

    Returns the object balls on the table before the shot (the full rack when not given).
    """
    st, sh = sc.state, sc.shot
    rack_clause = _first_clause(book, rs.id, "rack") or _first_clause(book, rs.id, "objective")
    obj_clause = _first_clause(book, rs.id, "objective") or rack_clause
    money = rs.money_ball
    on_table = st.on_table if st.on_table is not None else rs.balls
    extra = [b for b in on_table if b > money]
    if extra:
        raise ImpossibleScenarioError(
            f"La bille {extra[0]} n’existe pas : ce ruleset se joue avec les billes 1 à {money}.", obj_clause, "state.on_table")
    if money not in on_table:
        raise ImpossibleScenarioError(
            f"La {money} n’est plus sur la table : la partie serait déjà terminée ou la {money} replacée.", obj_clause, "state.on_table")
    if sh.kind == "break" and st.on_table is not None and tuple(on_table) != rs.balls:
        raise ImpossibleScenarioError(
            f"La casse se joue sur le rack complet (billes 1 à {money}).", rack_clause, "state.on_table")
    table = set(on_table)
    for name, balls in (("shot.pocketed", sh.pocketed), ("shot.off_table", sh.off_table)):
        missing = [b for b in balls if b not in table]
        if missing:
            raise ImpossibleScenarioError(
                f"La {missing[0]} n’était pas sur la table : elle ne peut pas être empochée ni sortir.", obj_clause, name)
    both = set(sh.pocketed) & set(sh.off_table)
    if both:
        raise ImpossibleScenarioError(
            f"La {min(both)} ne peut pas être à la fois empochée et sortie de la table.", obj_clause, "shot.off_table")
    if sh.first_contact is not None and sh.first_contact not in table:
        raise ImpossibleScenarioError(
            f"La blanche ne peut pas toucher la {sh.first_contact} : elle n’est pas sur la table.", obj_clause, "shot.first_contact")
    if isinstance(sh.called, Called) and sh.called.ball not in table:
        raise ImpossibleScenarioError(
            f"La {sh.called.ball} annoncée n’est pas sur la table.", rs.policy["call_shot"].clause or obj_clause, "shot.called.ball")
    tf = rs.policy["three_fouls"].clause
    if st.fouls.shooter > 2 or st.fouls.opponent > 2:
        raise ImpossibleScenarioError(
            "Un joueur ne peut pas compter plus de deux fautes consécutives : la troisième fait perdre la partie.", tf, "state.fouls")
    if st.warned and st.fouls.shooter < 2:
        raise ImpossibleScenarioError(
            "L’avertissement se donne après la deuxième faute consécutive : « warned » exige deux fautes du tireur.",
            rs.policy["warning_required"].clause or tf, "state.warned")
    if sh.kind == "push_out" and not st.push_out_available:
        raise ImpossibleScenarioError(
            "Un coup poussé (push-out) n’est permis qu’au premier coup après la casse, quand la règle l’autorise : "
            "il n’est pas disponible ici.", rs.policy["push_out_after_break"].clause, "shot.kind")
    unknown = [c for c in sh.fouls if c not in book.foul_codes]
    if unknown:
        raise ImpossibleScenarioError(
            f"Code de faute inconnu : « {unknown[0]} ».", _first_clause(book, rs.id, "fouls"), "shot.fouls")
    total = len(on_table)
    if sh.kind == "break" and sh.balls_to_rail is not None and sh.balls_to_rail > total:
        raise ImpossibleScenarioError(
            f"Au plus {total} billes peuvent toucher une bande.", rs.policy["break_requirement"].clause, "shot.balls_to_rail")
    if sh.kind == "break" and sh.crossed_head_string is not None and \
            sh.crossed_head_string + len(sh.pocketed) > total:
        raise ImpossibleScenarioError(
            "Plus de billes comptées que de billes sur la table.", rs.policy["three_ball_rule"].clause, "shot.crossed_head_string")
    return tuple(sorted(on_table))


# ----------------------------------------------------------------------------- shot fouls
def _listed_fouls(r: _Ruling, codes) -> None:
    """Fouls stated by code in ``shot.fouls``."""
    rs = r.rs
    label = dict(getattr(r.book, "foul_labels", {}) or {})
    for code in codes:
        name = label.get(code, code)
        if code in rs.fouls:
            r.foul(code, f"Faute : {name.lower()}.", clause=rs.fouls[code])
        elif code in _FACT_FOUL_POLICY and not rs.policy[_FACT_FOUL_POLICY[code]].silent:
            r.foul(code, f"Faute : {name.lower()}.", policy=_FACT_FOUL_POLICY[code])
        elif code in ("jump_not_allowed", "masse_not_allowed"):
            r.silent(["legal"], f"« {code} » : ce texte n’interdit pas ce coup ; la faute n’est pas retenue.",
                     f"Pas de faute « {name.lower()} » : le texte ne l’interdit pas.")
        else:
            r.fouls.append(Foul(code, None))
            r.silent(["legal", "fouls"],
                     f"« {name} » : ce texte ne cite pas cette faute ; elle est sanctionnée comme une faute "
                     f"selon les règles générales de la famille (WPA/BCA).",
                     f"Faute : {name.lower()} ({_REFEREE}).")


def _technique(r: _Ruling, sh) -> None:
    """Jumps, massés and a moved obstacle ball."""
    for attr, policy, code, word in (("jump", "jump_shots", "jump_not_allowed", "sauté"),
                                      ("masse", "masse_shots", "masse_not_allowed", "massé")):
        if not getattr(sh, attr):
            continue
        pv = r.pol(policy)
        if pv.value == "forbidden":
            r.foul(code, f"Faute : le coup {word} n’est pas autorisé.", policy=policy)
        elif pv.value == "allowed":
            r.cite(f"Le coup {word} est autorisé.", policy=policy)
        else:
            r.silent(["legal"], f"Le texte ne dit rien des coups {word}s ; ils sont admis comme dans les règles "
                                f"WPA/BCA.", f"Coup {word} admis ({_REFEREE}).")
    if sh.obstacle_moved:
        if "obstacle_moved" in r.rs.fouls:
            r.foul("obstacle_moved", "Faute : la bille obstacle a bougé lors du coup sauté ou massé.",
                   clause=r.rs.fouls["obstacle_moved"])
        else:
            r.silent(["legal"], "Le texte ne fait pas une faute de la bille obstacle déplacée par la blanche ; "
                                "pas de faute retenue (la faute serait « touched_ball » si la queue ou la main l’a touchée).")


def _scratch_and_off(r: _Ruling, sh, on_break: bool) -> None:
    if sh.cue_ball in ("pocketed", "off_table"):
        code = "cue_ball_pocketed" if sh.cue_ball == "pocketed" else "cue_ball_off_table"
        what = "empochée" if sh.cue_ball == "pocketed" else "sortie de la table"
        r.foul(code, f"Faute : la blanche est {what}.", policy="break_scratch" if on_break else "cue_ball_scratch")
    if sh.off_table:
        r.foul("object_ball_off_table", f"Faute : {_balls(sh.off_table)} sort de la table.",
               policy="break_object_ball_off_table" if on_break else "object_ball_off_table")


def _contact_and_rail(r: _Ruling, sc: Scenario, lowest: int) -> None:
    sh = sc.shot
    first = sh.first_contact
    if "shot.first_contact" in sc.unstated:
        first = lowest
        r.assume(f"J’ai supposé que la blanche avait touché la plus basse (la {lowest}) en premier.")
    if sh.kind == "push_out":
        r.cite("Coup poussé : ni le contact avec la plus basse ni la bande ne sont exigés ; les autres règles s’appliquent.",
               policy="push_out_rules")
        return
    if first is None:
        r.foul("no_contact", f"Faute : la blanche ne touche aucune bille ; elle doit toucher la plus basse, la {lowest}.",
               policy="lowest_ball_first")
        return
    if first != lowest:
        r.foul("wrong_ball_first", f"Faute : la blanche touche d’abord la {first} au lieu de la plus basse, la {lowest}.",
               policy="lowest_ball_first")
        return
    r.cite(f"La blanche touche d’abord la plus basse (la {lowest}) : le contact est régulier.", policy="lowest_ball_first")
    rail = sh.rail_after_contact
    if rail is None:
        if sh.pocketed:
            return
        rail = True
        r.assume("J’ai supposé qu’une bille avait touché une bande après le contact.")
    if rail:
        return
    pv = r.pol("rail_after_contact")
    if not sh.pocketed:
        r.foul("no_rail", "Faute : aucune bille n’atteint une bande après le contact et aucune bille n’est empochée.",
               policy="rail_after_contact")
    elif pv.value == "required":
        r.silent(["legal"], "Le texte exige une bande après le contact sans préciser le cas d’une bille empochée ; "
                            "comme en WPA, une bille empochée dispense de la bande.",
                 f"Pas de faute de bande : une bille est empochée ({_REFEREE}).")
        r.cite("Exigence de bande après contact.", policy="rail_after_contact")


# ----------------------------------------------------------------------------- consequences
def _after_foul(r: _Ruling, sc: Scenario, on_table, on_break: bool) -> dict:
    rs, st, sh = r.rs, sc.state, sc.shot
    money = rs.money_ball
    if len(r.fouls) > 1:
        pv = r.pol("multiple_fouls")
        if pv.silent:
            r.silent([], "Le texte ne dit pas comment compter plusieurs fautes sur un même coup ; elles comptent pour une "
                         "seule faute, comme en WPA/BCA.")
        else:
            r.cite("Plusieurs fautes sur un même coup ne comptent que pour une seule.", policy="multiple_fouls")
    if money in sh.pocketed:
        r.spotted.add(money)
        r.cite(f"La {money} empochée sur une faute est replacée.",
               policy="money_ball_on_break_foul" if on_break else "money_ball_on_foul")
    if money in sh.off_table:
        r.spotted.add(money)
        r.cite(f"La {money} sortie de la table est replacée.", policy="money_ball_off_table")
    others = [b for b in sh.pocketed if b != money]
    if others:
        r.cite(f"{_balls(others).capitalize()} reste{'nt' if len(others) > 1 else ''} empochée{'s' if len(others) > 1 else ''}.",
               policy="pocketed_on_foul")
    if r.spotted:
        _spot_note(r, on_table, sh)
    count = st.fouls.shooter + 1
    game_over, warning_due = False, False
    if count >= 3:
        if st.warned:
            r.cite("Troisième faute consécutive après avertissement : le joueur perd la partie.", policy="three_fouls")
            game_over = True
        else:
            pv = r.pol("unwarned_third_foul")
            text = ("Troisième faute sans avertissement préalable : elle ne compte pas comme troisième faute, "
                    "le joueur ne perd pas et le compte reste à deux.")
            if pv.silent:
                r.silent(["game_over", "winner", "fouls_after"],
                         "Le texte exige l’avertissement après la deuxième faute mais ne dit pas ce que vaut une troisième "
                         "faute non précédée d’un avertissement ; comme en WPA, elle ne fait pas perdre la partie.",
                         text + f" ({_REFEREE})")
                r.cite("L’avertissement après la deuxième faute est obligatoire.", policy="warning_required")
            else:
                r.cite(text, policy="unwarned_third_foul")
            count, warning_due = 2, True
    elif count == 2:
        warning_due = r.pol("warning_required").value == "required"
        if warning_due:
            r.cite("Deuxième faute consécutive : le joueur doit être averti.", policy="warning_required")
    if game_over:
        return dict(game_over=True, winner=OPPONENT, termination=Termination.THREE_FOULS, next_shooter=OPPONENT,
                    ball_in_hand=False, options=(), push_out_available=False,
                    fouls_after={SHOOTER: 3, OPPONENT: st.fouls.opponent}, warning_due=False)
    r.cite("Faute : l’adversaire prend la main avec la bille en main n’importe où sur la table.",
           policy="ball_in_hand_after_foul")
    push = False
    if on_break:
        pv = r.pol("push_out_after_break")
        scratch = sh.cue_ball != "table"
        if pv.value == "unless_scratch" and not scratch:
            push = True
            r.silent(["push_out_available"],
                     "Le texte permet le coup poussé « immédiatement après le bris » et ne l’exclut qu’après une blanche "
                     "empochée ; il ne dit rien des autres fautes de casse (la BCA le réserve à la casse légale).")
            r.cite("Coup poussé permis après la casse, sauf si la blanche a été empochée.", policy="push_out_after_break")
        elif not pv.silent:
            r.cite("Après une casse fautive, pas de coup poussé.", policy="push_out_after_break")
    return dict(game_over=False, winner=None, termination=None, next_shooter=OPPONENT, ball_in_hand=True,
                options=(), push_out_available=push, fouls_after={SHOOTER: count, OPPONENT: st.fouls.opponent},
                warning_due=warning_due)


def _spot_note(r: _Ruling, on_table, sh) -> None:
    pv = r.pol("spot_occupied")
    if pv.silent:
        return
    where = "derrière la bille qui l’occupe" if pv.value == "behind_on_line" else "au plus près en descendant"
    r.cite(f"Si le point de replacement est occupé, la bille se place {where}.", policy="spot_occupied")


def _legal_end(r: _Ruling, sc: Scenario, counting: list[int], money_wins: bool,
               push_next: bool = False) -> dict:
    """Consequences of a shot without foul: win, continue, or hand over."""
    st = sc.state
    fouls_after = {SHOOTER: 0, OPPONENT: st.fouls.opponent}
    if money_wins:
        return dict(game_over=True, winner=SHOOTER, termination=Termination.MONEY_BALL, next_shooter=SHOOTER,
                    ball_in_hand=False, options=(), push_out_available=False, fouls_after=fouls_after, warning_due=False)
    nxt = SHOOTER if counting else OPPONENT
    return dict(game_over=False, winner=None, termination=None, next_shooter=nxt, ball_in_hand=False, options=(),
                push_out_available=push_next, fouls_after=fouls_after, warning_due=False)


# ----------------------------------------------------------------------------- break
def _rule_break(r: _Ruling, sc: Scenario, on_table) -> tuple[dict, dict]:
    rs, st, sh = r.rs, sc.state, sc.shot
    money = rs.money_ball
    first = sh.first_contact
    if "shot.first_contact" in sc.unstated:
        first = 1
        r.assume("J’ai supposé que la casse avait touché la 1 en premier.")
    if first is None:
        r.foul("no_contact", "Faute de casse : la blanche ne touche aucune bille ; elle doit toucher la 1 en premier.",
               policy="break_first_contact")
    elif first != 1:
        r.foul("wrong_ball_first", f"Faute de casse : la blanche touche d’abord la {first} au lieu de la 1.",
               policy="break_first_contact")
    else:
        r.cite("La casse touche la 1 en premier.", policy="break_first_contact")
    if sh.cue_rail_first:
        pv = r.pol("break_cue_rail_first")
        if pv.silent:
            r.silent([], "Le texte n’interdit pas à la blanche de toucher une bande avant la 1 à la casse ; seul compte "
                         "que la 1 soit la première bille touchée.")
        else:
            r.foul("cue_rail_first", "Faute de casse : la blanche touche une bande avant la 1.", policy="break_cue_rail_first")
    req = r.pol("break_requirement").value
    rails = sh.balls_to_rail
    if req == "pocket_or_four_rails":
        if sh.pocketed:
            r.cite("Une bille est empochée à la casse : la condition de casse est remplie.", policy="break_requirement")
        else:
            if rails is None:
                rails = 4
                r.assume("J’ai supposé qu’au moins quatre billes avaient touché une bande à la casse.")
            if rails >= 4:
                r.cite(f"{rails} billes touchent une bande : la condition de casse est remplie.", policy="break_requirement")
            else:
                r.foul("illegal_break", f"Casse illégale : aucune bille empochée et seulement {rails} bille(s) à la bande "
                       "(il en faut quatre).", policy="break_requirement")
    else:  # four_rails
        if rails is None:
            rails = 4
            r.assume("J’ai supposé qu’au moins quatre billes avaient touché une bande à la casse.")
        if rails >= 4:
            r.cite(f"{rails} billes touchent une bande : la casse est légale sur ce point.", policy="break_requirement")
        else:
            extra = " même si une bille est empochée" if sh.pocketed else ""
            r.foul("illegal_break", f"Casse illégale : seulement {rails} bille(s) à la bande ; il en faut au moins quatre{extra}.",
                   policy="break_requirement")
    _scratch_and_off(r, sh, on_break=True)
    _listed_fouls(r, sh.fouls)

    three = None
    if st.rack == "template":
        pv = r.pol("three_ball_rule")
        if pv.silent:
            r.silent([], "Le texte ne prévoit pas de règle particulière pour un rack à gabarit (magic rack) ; "
                         "la casse est jugée selon les règles ordinaires.")
        else:
            crossed = sh.crossed_head_string
            if crossed is None and len(sh.pocketed) < 3:
                crossed = 0
                r.assume("J’ai supposé qu’aucune bille non empochée n’avait franchi la ligne de départ.")
            total = len(sh.pocketed) + (crossed or 0)
            three = "met" if total >= 3 else "failed"
            r.cite(f"Règle des trois billes (gabarit) : {total} bille(s) empochée(s) ou au-delà de la ligne de départ — "
                   f"{'condition remplie' if three == 'met' else 'il en faut trois'}.", policy="three_ball_rule")
    elif not r.pol("three_ball_rule").silent:
        r.cite("Rack au triangle classique : la règle des trois billes ne s’applique pas.", policy="three_ball_rule")

    foul = bool(r.fouls)
    info = {"legal": not foul, "three_ball_rule": three}
    if foul:
        return _after_foul(r, sc, on_table, on_break=True), info

    if three == "failed":
        if money in sh.pocketed:
            r.spotted.add(money)
            r.cite(f"Casse irrégulière : la {money} empochée est replacée.", policy="three_ball_rule")
        r.cite("Casse irrégulière (dry break) : la main passe ; l’adversaire joue sans coup poussé ou rend la main au "
               "casseur, qui peut alors jouer un coup poussé.", policy="dry_break")
        if r.spotted:
            _spot_note(r, on_table, sh)
        return dict(game_over=False, winner=None, termination=None, next_shooter=OPPONENT, ball_in_hand=False,
                    options=(Option("play", OPPONENT, False), Option("hand_back", SHOOTER, True)),
                    push_out_available=False, fouls_after={SHOOTER: 0, OPPONENT: st.fouls.opponent},
                    warning_due=False), info

    counting = list(sh.pocketed)
    money_wins = False
    if money in sh.pocketed:
        pv = r.pol("money_ball_on_legal_break")
        if pv.value == "wins":
            money_wins = True
            r.cite(f"La {money} est empochée sur une casse légale : le joueur gagne la partie.", policy="money_ball_on_legal_break")
        else:
            called = sh.called
            if "shot.called" in sc.unstated:
                called = None
                r.assume(f"J’ai supposé que la {money} n’avait pas été annoncée avant la casse.")
            if isinstance(called, Called) and called.ball == money and called.pocket_ok:
                money_wins = True
                r.cite(f"La {money} annoncée est empochée sur une casse légale : le joueur gagne la partie.",
                       policy="money_ball_on_legal_break")
            else:
                r.spotted.add(money)
                r.cite(f"La {money} ne gagne à la casse que si elle a été annoncée.", policy="money_ball_on_legal_break")
                r.silent(["spotted"], f"Le texte ne dit pas ce que devient la {money} empochée sans annonce sur une casse "
                                      f"légale ; comme en WPA, elle est replacée et le joueur continue.",
                         f"La {money} non annoncée est replacée ({_REFEREE}).")
                _spot_note(r, on_table, sh)
    if not money_wins:
        pv = r.pol("push_out_after_break")
        if counting:
            r.cite("Une bille est empochée sur une casse légale : le joueur garde la main.", policy="break_requirement")
        else:
            r.cite("Aucune bille empochée : la main passe.", policy="break_requirement")
        if not pv.silent:
            r.cite("Le coup qui suit une casse légale peut être un coup poussé (push-out).", policy="push_out_after_break")
    return _legal_end(r, sc, counting, money_wins, push_next=not money_wins), info


# ----------------------------------------------------------------------------- ordinary shots
def _rule_shot(r: _Ruling, sc: Scenario, on_table) -> dict:
    rs, st, sh = r.rs, sc.state, sc.shot
    money = rs.money_ball
    lowest = min(on_table)
    _contact_and_rail(r, sc, lowest)
    _scratch_and_off(r, sh, on_break=False)
    _technique(r, sh)
    _listed_fouls(r, sh.fouls)
    if r.fouls:
        if sh.kind == "push_out":
            r.cite("Un coup poussé fautif est sanctionné comme la faute commise.", policy="push_out_rules")
        return _after_foul(r, sc, on_table, on_break=False)

    if sh.kind == "push_out":
        others = [b for b in sh.pocketed if b != money]
        if money in sh.pocketed:
            r.spotted.add(money)
            r.cite(f"La {money} empochée sur un coup poussé est replacée.", policy="push_out_money_ball")
            _spot_note(r, on_table, sh)
        if others:
            r.cite(f"{_balls(others).capitalize()} empochée(s) sur le coup poussé reste(nt) empochée(s) sans compter.",
                   policy="push_out_money_ball")
        r.cite("Après un coup poussé légal, l’adversaire choisit : jouer la table telle quelle, ou rendre la main "
               "à l’auteur du coup poussé.", policy="push_out_options")
        return dict(game_over=False, winner=None, termination=None, next_shooter=OPPONENT, ball_in_hand=False,
                    options=(Option("play", OPPONENT, False), Option("hand_back", SHOOTER, False)),
                    push_out_available=False, fouls_after={SHOOTER: 0, OPPONENT: st.fouls.opponent}, warning_due=False)

    if not sh.pocketed:
        r.cite("Coup régulier sans bille empochée : la main passe, sans bille en main.", policy="lowest_ball_first")
        return _legal_end(r, sc, [], False)

    if r.pol("call_shot").value == "ball_and_pocket":
        return _called_shot(r, sc, on_table)

    if money in sh.pocketed:
        r.cite(f"La {money} est empochée sur un coup régulier : le joueur gagne la partie.", policy="call_shot")
        return _legal_end(r, sc, list(sh.pocketed), True)
    r.cite(f"{_balls(sh.pocketed).capitalize()} empochée(s) sur un coup régulier : le joueur continue.", policy="call_shot")
    return _legal_end(r, sc, list(sh.pocketed), False)


def _called_shot(r: _Ruling, sc: Scenario, on_table) -> dict:
    st, sh = sc.state, sc.shot
    money = r.rs.money_ball
    lowest = min(on_table)
    called = sh.called
    if "shot.called" in sc.unstated:
        target = money if money in sh.pocketed else min(sh.pocketed)
        called = Called(target, None, True)
        r.assume(f"J’ai supposé que la {target} empochée avait été annoncée (ou que le coup était évident).")
    if called == "safe":
        r.silent(["next_shooter", "spotted"],
                 "Le texte ne parle pas du coup de sécurité annoncé ; comme en WPA, les billes empochées ne comptent pas "
                 "et la main passe.", "Sécurité annoncée : les billes empochées ne comptent pas, la main passe "
                 f"({_REFEREE}).")
        if money in sh.pocketed:
            r.spotted.add(money)
            r.cite(f"La {money} empochée de façon irrégulière est replacée.", policy="money_ball_on_foul")
        return _legal_end(r, sc, [], False)
    made = isinstance(called, Called) and called.ball in sh.pocketed and called.pocket_ok
    if made:
        r.cite(f"La {called.ball} annoncée est empochée dans la poche annoncée.", policy="call_shot")
        if called.ball == money:
            r.cite(f"La {money} est empochée régulièrement : le joueur gagne la partie.", policy="call_shot")
            return _legal_end(r, sc, list(sh.pocketed), True)
        if money in sh.pocketed:
            r.spotted.add(money)
            r.cite(f"La {money} n’était pas annoncée : elle n’est pas empochée régulièrement et se replace.",
                   policy="money_ball_on_foul")
            r.silent(["spotted"], f"Le texte replace la {money} « empochée suite à un coup illégal » ; il ne dit pas "
                                  f"expressément qu’une {money} non annoncée l’est. Décision : replacée, le joueur continue.")
            _spot_note(r, on_table, sh)
        return _legal_end(r, sc, list(sh.pocketed), False)
    # the called ball was not pocketed as called (or nothing was called)
    what = "aucune bille n’était annoncée" if not isinstance(called, Called) else (
        f"la {called.ball} annoncée n’est pas empochée" if called.ball not in sh.pocketed
        else f"la {called.ball} n’entre pas dans la poche annoncée")
    r.cite(f"Coup annoncé manqué ({what}) : les billes empochées ne comptent pas et restent empochées ; la main passe.",
           policy="call_shot")
    if money in sh.pocketed:
        r.spotted.add(money)
        r.cite(f"La {money} empochée sans annonce est replacée.", policy="money_ball_on_foul")
        _spot_note(r, on_table, sh)
    if lowest in sh.pocketed and r.pol("uncalled_lowest_ball").value == "play_or_hand_back":
        r.cite(f"La plus basse (la {lowest}) est empochée sans annonce : l’adversaire choisit de jouer ou de rendre "
               "la main.", policy="uncalled_lowest_ball")
        return dict(game_over=False, winner=None, termination=None, next_shooter=OPPONENT, ball_in_hand=False,
                    options=(Option("play", OPPONENT, False), Option("hand_back", SHOOTER, False)),
                    push_out_available=False, fouls_after={SHOOTER: 0, OPPONENT: st.fouls.opponent}, warning_due=False)
    return _legal_end(r, sc, [], False)


# ----------------------------------------------------------------------------- entry point
def evaluate(book: Rulebook, scenario: Scenario) -> Outcome:
    """Rule on one shot under ``scenario.ruleset``.

    Returns a frozen :class:`Outcome` (contract "Outcome"). Raises
    :class:`ImpossibleScenarioError` for a scenario that cannot happen (unknown ruleset,
    ball not on the table, push-out not available, ...), naming the field and the clause.
    """
    rs = ruleset_of(book, scenario)
    on_table = check_possible(book, rs, scenario)
    r = _Ruling(rs, book)
    if scenario.shot.kind == "break":
        res, info = _rule_break(r, scenario, on_table)
    else:
        res, info = _rule_shot(r, scenario, on_table), None
        if scenario.state.ball_in_hand:
            r.cite("Le tireur joue avec la bille en main.", policy="ball_in_hand_after_foul")
    sh = scenario.shot
    after = (set(on_table) - set(sh.pocketed) - set(sh.off_table)) | r.spotted
    if res["game_over"]:
        after = set()
    return Outcome(
        ruleset=rs.id, legal=not r.fouls, fouls=tuple(r.fouls), break_info=MappingProxyType(info) if info else None,
        game_over=res["game_over"], winner=res["winner"], termination=res["termination"],
        next_shooter=res["next_shooter"], ball_in_hand=res["ball_in_hand"], spotted=tuple(sorted(r.spotted)),
        options=tuple(res["options"]), push_out_available=res["push_out_available"],
        fouls_after=MappingProxyType(res["fouls_after"]), warning_due=res["warning_due"],
        reasons=tuple(r.reasons), notes=tuple(r.notes), unsettled=tuple(r.unsettled),
        assumptions=tuple(r.assumptions), on_table_after=tuple(sorted(after)),
    )
