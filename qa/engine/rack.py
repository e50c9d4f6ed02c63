"""A rack: the shots of one game played in order, each ruled on the state the previous left.

``play_rack(book, ruleset, state, shots)``: Player A breaks (or shoots first when the first
shot is not a break); consecutive fouls, warnings, ball in hand, push-out availability and
the balls on the table carry from shot to shot. A shot's ``choice`` is the option its shooter
took when the previous outcome offered options (contract: ``POST /api/rack``).
"""
from __future__ import annotations

from typing import Any, Sequence

from ..rulebook import Rulebook, Ruleset
from .evaluate import evaluate, ruleset_of
from .outcome import ImpossibleScenarioError, Outcome, Termination
from .scenario import ScenarioFormatError, parse_scenario

#: Most shots one rack may hold: a real rack is far shorter (every shot pots a ball or passes
#: the turn, and three fouls end the game), so more is not a rack, only a costly request.
MAX_SHOTS = 200


def _other(p: str) -> str:
    return "B" if p == "A" else "A"


def _after_game_over(rs: Ruleset, previous: Outcome, i: int) -> ImpossibleScenarioError:
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
                                   "un nouveau rack commence par une casse.", clause, f"shots[{i}]")


def _push_out_refused(rs: Ruleset, previous: Outcome, i: int) -> ImpossibleScenarioError:
    """The 422 for a push-out declared after an option that does not allow one, citing the clause
    that forbids it (9-ffb: the accepted dry break, « il ne peut pas jouer de coup de dégagement »)."""
    pv = rs.policy["dry_break_accept_push_out"]
    dry = previous.break_info is not None and previous.break_info.get("dry")
    clause = pv.clause if dry and not pv.silent else rs.policy["push_out_after_break"].clause
    why = "la table acceptée après une casse irrégulière" if dry else "le choix fait au coup précédent"
    return ImpossibleScenarioError(f"Coup {i + 1} : le coup poussé n’est pas permis après {why}.", clause,
                                   f"shots[{i}].kind")


def _shot_and_choice(raw: Any, i: int) -> tuple[dict[str, Any], str | None]:
    """The Shot mapping of ``shots[i]`` and the ``choice`` it carries."""
    if not isinstance(raw, dict):
        raise ScenarioFormatError(f"shots[{i}]", f"Champ « shots[{i}] » : un objet est attendu.")
    shot = dict(raw)
    choice = shot.pop("choice", None)
    if choice is not None and not isinstance(choice, str):
        raise ScenarioFormatError(f"shots[{i}].choice",
                                  f"Champ « shots[{i}].choice » : « play », « hand_back » ou null est attendu.")
    return shot, choice


def _rule_shot(book: Rulebook, data: dict[str, Any], i: int) -> Outcome:
    """Rule on the Scenario mapping of ``shots[i]``; errors name the shot."""
    try:
        scenario, _ = parse_scenario(data)
    except ScenarioFormatError as exc:
        name = exc.field.removeprefix("shot.")
        raise ScenarioFormatError(f"shots[{i}].{name}", f"Coup {i + 1} : {exc.message}".replace(
            f"« {exc.field} »", f"« shots[{i}].{name} »")) from None
    try:
        return evaluate(book, scenario)
    except ImpossibleScenarioError as exc:
        raise ImpossibleScenarioError(f"Coup {i + 1} : {exc.message}", exc.clause, _shot_path(exc.field, i)) from None


def _shot_path(field_name: str | None, i: int) -> str:
    """The request path of a Scenario field of ``shots[i]``: a shot fact is ``shots[i].<fact>``
    (the shot is the object itself); the state is the rack's ``state`` for the first shot and
    what the previous shots left for the others (``shots[i]``)."""
    if field_name and field_name.startswith("shot."):
        return f"shots[{i}].{field_name.removeprefix('shot.')}"
    if field_name and field_name.startswith("state.") and i == 0:
        return field_name
    return f"shots[{i}]"


def play_rack(book: Rulebook, ruleset: str, state: dict[str, Any] | None, shots: Sequence[Any]) -> list[tuple[str, Outcome]]:
    """Rule on every shot of a rack; return ``[(player, Outcome), ...]`` in order.

    ``state``: the initial State mapping (contract Scenario.state; default the full rack);
    ``shots``: Shot mappings, each with an optional ``choice`` (``play``/``hand_back``/None).
    Raises :class:`ScenarioFormatError` (field ``shots[i]...``) for a malformed shot and
    :class:`ImpossibleScenarioError` for a shot that cannot happen (after the game is over, a
    missing or needless choice, a push-out not available, ...).
    """
    if not isinstance(shots, list) or not shots:
        raise ScenarioFormatError("shots", "Champ « shots » : une liste non vide de coups est attendue.")
    if len(shots) > MAX_SHOTS:
        raise ScenarioFormatError("shots", f"Champ « shots » : {MAX_SHOTS} coups au plus par rack "
                                           f"({len(shots)} reçus).")
    if state is not None and not isinstance(state, dict):
        raise ScenarioFormatError("state", "Champ « state » : un objet est attendu.")
    base, _ = parse_scenario({"ruleset": ruleset, "state": state or {}})
    rs = ruleset_of(book, base)
    st = base.state
    fouls = {"A": st.fouls.shooter, "B": st.fouls.opponent}
    warned = {"A": st.warned, "B": False}
    player = "A"
    on_table = st.on_table if st.on_table is not None else rs.balls
    ball_in_hand, push_out = st.ball_in_hand, st.push_out_available
    previous: Outcome | None = None
    out: list[tuple[str, Outcome]] = []
    for i, raw in enumerate(shots):
        shot, choice = _shot_and_choice(raw, i)
        if previous is not None and previous.game_over:
            raise _after_game_over(rs, previous, i)
        if i > 0 and shot.get("kind") == "break":
            raise ImpossibleScenarioError(
                f"Coup {i + 1} : la casse ne peut être que le premier coup d’une partie.",
                rs.policy["break_first_contact"].clause, f"shots[{i}].kind")
        if previous is not None and previous.options:
            chosen = next((o for o in previous.options if o.choice == choice), None)
            if chosen is None:
                allowed = " ou ".join(f"« {o.choice} »" for o in previous.options)
                raise ImpossibleScenarioError(
                    f"Coup {i + 1} : le coup précédent laisse un choix ({allowed}) ; « choice » doit le dire.",
                    previous.cited[-1] if previous.cited else None, f"shots[{i}].choice")
            if shot.get("kind") == "push_out" and not chosen.push_out_available:
                raise _push_out_refused(rs, previous, i)
            # the chooser is the opponent of the previous shooter; the shooter is whoever the option names
            prev_player = out[-1][0]
            player = prev_player if chosen.shooter == "shooter" else _other(prev_player)
            push_out, ball_in_hand = chosen.push_out_available, False
        elif choice is not None:
            raise ImpossibleScenarioError(f"Coup {i + 1} : aucun choix n’était offert ; « choice » doit être null.",
                                          None, f"shots[{i}].choice")
        opp = _other(player)
        data = {
            "ruleset": ruleset,
            "state": {
                "on_table": list(on_table), "ball_in_hand": ball_in_hand, "push_out_available": push_out,
                "fouls": {"shooter": fouls[player], "opponent": fouls[opp]}, "warned": warned[player],
                "rack": st.rack,
            },
            "shot": shot,
        }
        outcome = _rule_shot(book, data, i)
        out.append((player, outcome))
        fouls[player] = outcome.fouls_after["shooter"]
        fouls[opp] = outcome.fouls_after["opponent"]
        # the referee gives the warning when it is due
        warned[player] = outcome.warning_due or (warned[player] and fouls[player] >= 2 and not outcome.legal)
        if outcome.legal:
            warned[player] = False
        on_table = outcome.on_table_after
        previous = outcome
        if not outcome.options:
            player = player if outcome.next_shooter == "shooter" else opp
            ball_in_hand = outcome.ball_in_hand
            push_out = outcome.push_out_available
    return out
