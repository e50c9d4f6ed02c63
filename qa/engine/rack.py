"""A rack: the shots of one game played in order, each ruled on the state the previous left.

:class:`RackState` is the state of a rack between two shots (who is at the table, the balls,
ball in hand, push-out, each player's consecutive fouls and warning, the previous ruling);
:meth:`RackState.play` rules on one more shot and returns the state it leaves. Player A breaks
(or shoots first when the first shot is not a break); a shot's ``choice`` is the option its
shooter took when the previous outcome offered options, and its ``warned`` says whether its
shooter, standing at two consecutive fouls, had been warned (``None``: not stated — the ruling
then assumes the referee gave the warning that was due, and lists that in ``assumptions``).
``play_rack(book, ruleset, state, shots)`` plays a whole rack (contract: ``POST /api/rack``);
match mode (:mod:`qa.match`) plays its racks one shot at a time through the same method.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from ..rulebook import Rulebook, Ruleset
from .evaluate import evaluate, ruleset_of
from .outcome import Assumption, ImpossibleScenarioError, Outcome, Termination
from .scenario import ScenarioFormatError, parse_scenario

#: Most shots one rack may hold: a real rack is far shorter (every shot pots a ball or passes
#: the turn, and three fouls end the game), so more is not a rack, only a costly request.
MAX_SHOTS = 200

#: The Scenario fact a shot's ``warned`` stands for (the shooter's ``state.warned``).
WARNED_FACT = "state.warned"


def other(p: str) -> str:
    """The other player: ``A`` ↔ ``B``."""
    return "B" if p == "A" else "A"


def _after_game_over(rs: Ruleset, previous: Outcome, i: int, where: str) -> ImpossibleScenarioError:
    """The 422 for a shot played after the game ended, citing the clause that ended it:
    the money-ball win (``money_ball_wins``, or ``money_ball_on_legal_break`` after the break)
    or the third foul (``three_fouls``)."""
    if previous.termination == Termination.THREE_FOULS:
        why, policy = "le coup précédent était une troisième faute consécutive, qui perd la partie", "three_fouls"
    elif previous.break_info is not None:
        why, policy = f"la {rs.money_ball} est tombée à la casse, ce qui gagne la partie", "money_ball_on_legal_break"
    else:
        why, policy = f"la {rs.money_ball} est tombée régulièrement au coup précédent, ce qui gagne la partie", \
            "money_ball_wins"
    clause = rs.policy[policy].clause or rs.policy["money_ball_wins"].clause
    if clause is None:  # a text silent on it: the clause the previous ruling rested on last
        clause = previous.cited[-1] if previous.cited else None
    return ImpossibleScenarioError(f"Coup {i + 1} : la partie est déjà terminée ({why}) ; "
                                   "un nouveau rack commence par une casse.", clause, where or None)


def _field(where: str, name: str) -> str:
    """The name of a field of the shot at ``where`` (``shots[3]`` in a rack; ``""``: the body itself)."""
    return f"{where}.{name}" if where else name


def _shot_parts(raw: Any, i: int, where: str) -> tuple[dict[str, Any], str | None, bool | None]:
    """The Shot mapping of a shot, the ``choice`` and the ``warned`` it carries."""
    if not isinstance(raw, dict):
        raise ScenarioFormatError(where or "shot", f"Champ « {where or 'shot'} » : un objet est attendu.")
    shot = dict(raw)
    choice = shot.pop("choice", None)
    if choice is not None and not isinstance(choice, str):
        name = _field(where, "choice")
        raise ScenarioFormatError(name, f"Champ « {name} » : « play », « hand_back » ou null est attendu.")
    warned = shot.pop("warned", None)
    if warned is not None and not isinstance(warned, bool):
        name = _field(where, "warned")
        raise ScenarioFormatError(name, f"Champ « {name} » : true, false ou null est attendu.")
    return shot, choice, warned


def _rule_shot(book: Rulebook, data: dict[str, Any], i: int, where: str) -> Outcome:
    """Rule on the Scenario mapping of the shot at ``where``; errors name the shot."""
    try:
        scenario, _ = parse_scenario(data)
    except ScenarioFormatError as exc:
        name = _field(where, exc.field.removeprefix("shot."))
        raise ScenarioFormatError(name, f"Coup {i + 1} : {exc.message}".replace(
            f"« {exc.field} »", f"« {name} »")) from None
    try:
        return evaluate(book, scenario)
    except ImpossibleScenarioError as exc:
        raise ImpossibleScenarioError(f"Coup {i + 1} : {exc.message}", exc.clause, _shot_path(exc.field, i, where)) from None


def _shot_path(field_name: str | None, i: int, where: str) -> str | None:
    """The request path of a Scenario field of the shot at ``where``: a shot fact is
    ``<where>.<fact>`` (the shot is the object itself); the state is the rack's ``state`` for the
    first shot and what the previous shots left for the others (the shot itself)."""
    if field_name and field_name.startswith("shot."):
        return _field(where, field_name.removeprefix("shot."))
    if field_name and field_name.startswith("state.") and i == 0:
        return field_name
    return where or None


def _push_out_refused(rs: Ruleset, previous: Outcome, i: int, where: str) -> ImpossibleScenarioError:
    """The 422 for a push-out declared after an option that does not allow one, citing the clause
    that forbids it (9-ffb: the accepted dry break, « il ne peut pas jouer de coup de dégagement »)."""
    pv = rs.policy["dry_break_accept_push_out"]
    dry = previous.break_info is not None and previous.break_info.get("dry")
    clause = pv.clause if dry and not pv.silent else rs.policy["push_out_after_break"].clause
    why = "la table acceptée après une casse irrégulière" if dry else "le choix fait au coup précédent"
    return ImpossibleScenarioError(f"Coup {i + 1} : le coup poussé n’est pas permis après {why}.", clause,
                                   _field(where, "kind"))


def _out_of_turn(shot: Mapping[str, Any]) -> bool:
    """Whether the shot is stated as played out of turn (foul code ``out_of_turn``)."""
    fouls = shot.get("fouls")
    return isinstance(fouls, list) and "out_of_turn" in fouls


def _warned_assumption(warned: bool) -> Assumption:
    if warned:
        return Assumption(WARNED_FACT, "J’ai supposé que le tireur, à deux fautes consécutives, avait reçu "
                                       "l’avertissement dû (« warned » non précisé).")
    return Assumption(WARNED_FACT, "J’ai supposé que le tireur, à deux fautes consécutives, n’avait pas été "
                                   "averti (« warned » non précisé).")


@dataclass(frozen=True)
class RackState:
    """A rack between two shots. ``player`` (``A``/``B``, A breaks) is who shoots next — or,
    when ``previous`` offered options, the player of ``previous`` (the opponent chooses);
    ``fouls`` and ``warned`` are per player (``warned_stated``: the initial state said it, so
    the first shot does not assume it); ``shots`` counts the shots played."""

    ruleset: str
    rack: str
    on_table: tuple[int, ...]
    player: str = "A"
    ball_in_hand: bool = False
    push_out: bool = False
    fouls: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({"A": 0, "B": 0}))
    warned: Mapping[str, bool] = field(default_factory=lambda: MappingProxyType({"A": False, "B": False}))
    warned_stated: Mapping[str, bool] = field(default_factory=lambda: MappingProxyType({"A": False, "B": False}))
    previous: Outcome | None = None
    previous_player: str | None = None
    shots: int = 0

    @classmethod
    def start(cls, book: Rulebook, ruleset: str, state: Mapping[str, Any] | None = None) -> RackState:
        """The state before the first shot: ``state`` is a contract Scenario.state mapping
        (default: the full rack; its ``fouls.shooter``/``warned`` are player A's)."""
        if state is not None and not isinstance(state, dict):
            raise ScenarioFormatError("state", "Champ « state » : un objet est attendu.")
        base, _ = parse_scenario({"ruleset": ruleset, "state": dict(state or {})})
        rs = ruleset_of(book, base)
        st = base.state
        for ball in st.on_table or ():
            if ball not in rs.balls:    # a rack that could never be played
                raise ImpossibleScenarioError(f"La bille {ball} n’existe pas : ce règlement se joue avec les billes 1 à "
                                              f"{rs.money_ball}.", None, "state.on_table")
        return cls(ruleset=ruleset, rack=st.rack, on_table=tuple(st.on_table if st.on_table is not None else rs.balls),
                   ball_in_hand=st.ball_in_hand, push_out=st.push_out_available,
                   fouls=MappingProxyType({"A": st.fouls.shooter, "B": st.fouls.opponent}),
                   warned=MappingProxyType({"A": st.warned, "B": False}),
                   warned_stated=MappingProxyType({"A": "warned" in (state or {}), "B": False}))

    @property
    def game_over(self) -> bool:
        return self.previous is not None and self.previous.game_over

    @property
    def at_table(self) -> str:
        """Who acts next: the shooter, or the one who chooses when options are offered."""
        if self.previous is not None and self.previous.options and self.previous_player is not None:
            return other(self.previous_player) if self.previous.next_shooter == "opponent" else self.previous_player
        return self.player

    def _shooter(self, rs: Ruleset, i: int, shot: Mapping[str, Any], choice: str | None,
                 where: str) -> tuple[str, bool, bool]:
        """Who plays the shot, with ball in hand or not, a push-out allowed or not: the previous
        ruling's option ``choice`` names it when there was one."""
        prev = self.previous
        if prev is not None and prev.game_over:
            raise _after_game_over(rs, prev, i, where)
        if self.shots > 0 and shot.get("kind") == "break":
            raise ImpossibleScenarioError(
                f"Coup {i + 1} : la casse ne peut être que le premier coup d’une partie.",
                rs.policy["break_first_contact"].clause, _field(where, "kind"))
        if prev is not None and prev.options:
            chosen = next((o for o in prev.options if o.choice == choice), None)
            if chosen is None:
                allowed = " ou ".join(f"« {o.choice} »" for o in prev.options)
                raise ImpossibleScenarioError(
                    f"Coup {i + 1} : le coup précédent laisse un choix ({allowed}) ; « choice » doit le dire.",
                    prev.cited[-1] if prev.cited else None, _field(where, "choice"))
            if shot.get("kind") == "push_out" and not chosen.push_out_available:
                raise _push_out_refused(rs, prev, i, where)
            # the chooser is the opponent of the previous shooter; the shooter is whoever the option names
            assert self.previous_player is not None
            player = self.previous_player if chosen.shooter == "shooter" else other(self.previous_player)
            return player, False, chosen.push_out_available
        if choice is not None:
            raise ImpossibleScenarioError(f"Coup {i + 1} : aucun choix n’était offert ; « choice » doit être null.",
                                          None, _field(where, "choice"))
        return self.player, self.ball_in_hand, self.push_out

    def play(self, book: Rulebook, raw: Any, where: str = "") -> tuple[str, Outcome, RackState]:
        """Rule on one more shot (a Shot mapping with ``choice`` and ``warned``); return its
        player, its Outcome and the state it leaves. ``where`` names the shot in error fields
        (``shots[3]`` inside a rack; ``""`` when the shot is the whole request body).

        Raises :class:`ScenarioFormatError` for a malformed shot and
        :class:`ImpossibleScenarioError` for a shot that cannot happen (after the game is over, a
        missing or needless choice, a push-out not available, ``warned`` without two fouls...).
        """
        i = self.shots
        shot, choice, warned_stated = _shot_parts(raw, i, where)
        base, _ = parse_scenario({"ruleset": self.ruleset})
        rs = ruleset_of(book, base)
        player, ball_in_hand, push_out = self._shooter(rs, i, shot, choice, where)
        if _out_of_turn(shot):
            # « un joueur joue alors que ce n’est pas son tour » (9-ffb/faute-jouer-hors-tour), « jouer durant la
            # reprise de son adversaire » (10-ffb/faute-12-jouer-hors-tour): the shot is the other player's, the
            # foul and its count are his, and the player whose turn it was comes back to the table
            player, push_out = other(player), False
        opp = other(player)
        at_two = self.fouls[player] >= 2
        if warned_stated and not at_two:
            raise ImpossibleScenarioError(
                f"Coup {i + 1} : l’avertissement se donne après la deuxième faute consécutive ; le tireur "
                f"n’en compte que {self.fouls[player]} : « warned » ne peut pas être true.",
                rs.policy["warning_required"].clause or rs.policy["three_fouls"].clause, _field(where, "warned"))
        warned = warned_stated if warned_stated is not None else self.warned[player]
        data = {
            "ruleset": self.ruleset,
            "state": {
                "on_table": list(self.on_table), "ball_in_hand": ball_in_hand, "push_out_available": push_out,
                "fouls": {"shooter": self.fouls[player], "opponent": self.fouls[opp]}, "warned": warned and at_two,
                "rack": self.rack,
            },
            "shot": shot,
        }
        outcome = _rule_shot(book, data, i, where)
        if warned_stated is None and not self.warned_stated[player] and at_two and not outcome.legal:
            outcome = replace(outcome, assumptions=outcome.assumptions + (_warned_assumption(warned),))
        fouls = {player: outcome.fouls_after["shooter"], opp: outcome.fouls_after["opponent"]}
        # unless told otherwise, the referee gives the warning when it is due
        now_warned = not outcome.legal and (outcome.warning_due or (warned and fouls[player] >= 2))
        warned_map = {player: now_warned, opp: self.warned[opp]}
        nxt = player
        if not outcome.options:
            nxt = player if outcome.next_shooter == "shooter" else opp
            ball_in_hand, push_out = outcome.ball_in_hand, outcome.push_out_available
        after = replace(self, on_table=outcome.on_table_after, player=nxt, ball_in_hand=ball_in_hand,
                        push_out=push_out, fouls=MappingProxyType(fouls), warned=MappingProxyType(warned_map),
                        warned_stated=MappingProxyType({player: False, opp: self.warned_stated[opp]}),
                        previous=outcome, previous_player=player, shots=i + 1)
        return player, outcome, after


def play_rack(book: Rulebook, ruleset: str, state: dict[str, Any] | None, shots: Sequence[Any]) -> list[tuple[str, Outcome]]:
    """Rule on every shot of a rack; return ``[(player, Outcome), ...]`` in order.

    ``state``: the initial State mapping (contract Scenario.state; default the full rack);
    ``shots``: Shot mappings, each with an optional ``choice`` (``play``/``hand_back``/None)
    and ``warned`` (True/False/None). Raises :class:`ScenarioFormatError` (field
    ``shots[i]...``) for a malformed shot and :class:`ImpossibleScenarioError` for a shot that
    cannot happen (see :meth:`RackState.play`).
    """
    if not isinstance(shots, list) or not shots:
        raise ScenarioFormatError("shots", "Champ « shots » : une liste non vide de coups est attendue.")
    if len(shots) > MAX_SHOTS:
        raise ScenarioFormatError("shots", f"Champ « shots » : {MAX_SHOTS} coups au plus par rack "
                                           f"({len(shots)} reçus).")
    rack = RackState.start(book, ruleset, state)
    out: list[tuple[str, Outcome]] = []
    for i, raw in enumerate(shots):
        player, outcome, rack = rack.play(book, raw, f"shots[{i}]")
        out.append((player, outcome))
    return out
