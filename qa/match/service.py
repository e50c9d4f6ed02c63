"""The match workflow the web views call: create, view, shot, undo, warning answer, exports.

Every write checks the match token (``X-Arbitre-Token``: 403 without it or with a wrong one),
then runs inside one store transaction under a lock on the match (:meth:`MatchStore.update`):
the shots recorded are read again there, replayed (:func:`qa.match.model.replay`), the new shot
ruled by the engine on that state, and only then written. A shot sent with ``seq`` (the number
of shots its sender had seen) that no longer matches is refused with 409 and the number of
shots the match holds, and nothing is written.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timezone
from typing import Any, Callable, Mapping

from ..engine.outcome import ImpossibleScenarioError
from ..engine.rack import MAX_SHOTS
from ..engine.scenario import ScenarioFormatError
from ..rulebook import Rulebook
from .model import (MAX_MATCH_SHOTS, MatchError, MatchState, Settings, headline, parse_settings, replay,
                    shooter_of)
from .store import MatchRow, MatchStore, ShotRow, UnknownMatchError, Write


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _seq(data: Mapping[str, Any]) -> int | None:
    seq = data.get("seq")
    if seq is None:
        return None
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise MatchError(400, "invalid_field", "Champ « seq » : le nombre de coups vus (entier ≥ 0) est attendu.", "seq")
    return int(seq)


def _check_seq(seq: int | None, row: MatchRow) -> None:
    """409 when the sender saw fewer shots than the match has; 400 naming ``seq`` when it claims
    more (no one can have seen a shot not yet played)."""
    if seq is not None and seq > len(row.shots):
        raise MatchError(400, "out_of_range", f"Champ « seq » : {len(row.shots)} coup{'s' if len(row.shots) > 1 else ''} "
                         f"joué{'s' if len(row.shots) > 1 else ''} dans cette partie ; « seq » (le nombre de coups vus) "
                         f"ne peut pas dépasser {len(row.shots)}.", "seq")
    if seq is not None and seq != len(row.shots):
        raise MatchError(409, "stale_state",
                         f"La partie a changé : vous aviez vu {seq} coup{'s' if seq > 1 else ''}, elle en compte "
                         f"{len(row.shots)}. Rechargez la partie avant d’entrer ce coup.", "seq",
                         seen=seq, shots=len(row.shots))


class MatchService:
    """Matches of ``book`` kept in ``store``."""

    def __init__(self, book: Rulebook, store: MatchStore, clock: Callable[[], str] | None = None):
        self.book, self.store, self.clock = book, store, clock or _now
        self.roles = {name: spec.role for name, spec in book.policy_specs.items()}

    # -- reading ---------------------------------------------------------------------------
    def load(self, match_id: str) -> tuple[MatchRow, MatchState]:
        try:
            row = self.store.get(match_id)
        except UnknownMatchError:
            raise MatchError(404, "unknown_match", f"Partie inconnue « {str(match_id)[:40]} ».", "id") from None
        return row, replay(self.book, Settings.from_json(row.settings), row.shots)

    def head(self, match_id: str) -> MatchRow:
        """The match without its shots (404 when unknown)."""
        try:
            return self.store.head(match_id)
        except UnknownMatchError:
            raise MatchError(404, "unknown_match", f"Partie inconnue « {str(match_id)[:40]} ».", "id") from None

    def view(self, match_id: str) -> dict[str, Any]:
        """The contract's Match."""
        row, state = self.load(match_id)
        return self.to_json(row, state)

    def check_token(self, row: MatchRow, token: str | None) -> None:
        if not token or not hmac.compare_digest(token_hash(token), row.token_hash):
            raise MatchError(403, "forbidden", "Jeton de la partie absent ou faux : l’en-tête « X-Arbitre-Token » doit "
                                               "porter le jeton donné à la création de la partie.", "X-Arbitre-Token")

    def is_owner(self, row: MatchRow, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(token_hash(token or ""), row.token_hash)

    # -- writing ---------------------------------------------------------------------------
    def create(self, data: Any) -> dict[str, Any]:
        """A new match: 201 ``Match + {"token"}``."""
        settings = parse_settings(self.book, data)
        match_id, token = secrets.token_hex(8), secrets.token_urlsafe(24)
        self.store.create(match_id, token_hash(token), settings.to_json(), self.clock())
        return {**self.view(match_id), "token": token}

    def _write(self, match_id: str, token: str | None, change: Callable[[MatchRow, MatchState], Write]) -> MatchRow:
        self.check_token(self.head(match_id), token)      # 404 before 403

        def locked(current: MatchRow) -> Write:
            state = replay(self.book, Settings.from_json(current.settings), current.shots)
            return change(current, state)
        try:
            return self.store.update(match_id, locked, self.clock())
        except UnknownMatchError:  # pragma: no cover - deleted meanwhile (nothing deletes matches)
            raise MatchError(404, "unknown_match", "Partie inconnue.", "id") from None

    def shot(self, match_id: str, data: Any, token: str | None) -> dict[str, Any]:
        """Rule on one more shot and record it: 201 ``{"outcome": Outcome + player, "match": Match}``."""
        if not isinstance(data, dict):
            raise MatchError(400, "invalid_json", "Le corps doit être un objet JSON (un coup).")
        seq = _seq(data)
        body = {k: v for k, v in data.items() if k != "seq"}
        added: list[ShotRow] = []

        def change(current: MatchRow, state: MatchState) -> Write:
            _check_seq(seq, current)
            if state.table is None:
                raise MatchError(422, "match_over", f"La partie est terminée : "
                                 f"{state.settings.players['AB'.index(state.winner or 'A')]} l’a gagnée. "
                                 "Annulez le dernier coup pour le corriger.", None)
            if len(current.shots) >= MAX_MATCH_SHOTS or state.table.shots >= MAX_SHOTS:
                raise MatchError(422, "too_many_shots", f"Trop de coups : {MAX_SHOTS} au plus par rack, "
                                 f"{MAX_MATCH_SHOTS} par partie.", None)
            shot = dict(body)
            player = shooter_of(state, shot.get("choice"))
            pending = state.warning_of(player)
            if shot.get("warned") is None and pending is not None and pending.given is not None:
                shot["warned"] = pending.given      # « Avertissement donné ? » was answered
            if state.table.shots == 0 and (state.rack > 1 or state.settings.state is None) \
                    and shot.get("kind") != "break":
                rs = self.book.rulesets[state.settings.ruleset]
                raise MatchError(422, "impossible_scenario", "Un rack commence par la casse : « kind » doit être "
                                 "« break ».", "kind", clause=rs.policy["break_first_contact"].clause)
            try:
                rack_player, outcome, _ = state.table.play(self.book, shot)
            except ScenarioFormatError as exc:
                raise MatchError(400, "invalid_scenario", exc.message, exc.field) from None
            except ImpossibleScenarioError as exc:
                raise MatchError(422, "impossible_scenario", exc.message, exc.field, clause=exc.clause) from None
            out = {**outcome.to_json(), "player": state.player(rack_player)}
            out.pop("citations", None)
            added.append(ShotRow(len(current.shots), state.rack, state.player(rack_player),
                                 {"warned": None, "choice": None, **shot}, out, None, self.clock()))
            return Write(add=tuple(added))
        row = self._write(match_id, token, change)
        match = self.to_json(row, replay(self.book, Settings.from_json(row.settings), row.shots))
        return {"outcome": match["shots"][-1]["outcome"], "match": match}

    def undo(self, match_id: str, data: Any, token: str | None) -> dict[str, Any]:
        """Remove the last shot: 200 ``Match``."""
        seq = _seq(data if isinstance(data, dict) else {})

        def change(current: MatchRow, state: MatchState) -> Write:
            _check_seq(seq, current)
            if not current.shots:
                raise MatchError(422, "nothing_to_undo", "Aucun coup à annuler.", None)
            return Write(delete_last=1)
        row = self._write(match_id, token, change)
        return self.to_json(row, replay(self.book, Settings.from_json(row.settings), row.shots))

    def warning(self, match_id: str, data: Any, token: str | None) -> dict[str, Any]:
        """Record the answer to « Avertissement donné ? »: ``{"warned": true|false, "player": "A"|"B", "seq"}``
        → 200 ``Match`` (``player`` may be left out when one question only is pending)."""
        if not isinstance(data, dict) or not isinstance(data.get("warned"), bool):
            raise MatchError(400, "invalid_field", "Champ « warned » : true (averti) ou false est attendu.", "warned")
        player = data.get("player")
        if player is not None and player not in ("A", "B"):
            raise MatchError(400, "invalid_field", "Champ « player » : « A » ou « B » est attendu.", "player")
        seq = _seq(data)

        def change(current: MatchRow, state: MatchState) -> Write:
            _check_seq(seq, current)
            pending = [w for w in state.warnings if player is None or w.player == player]
            if not pending:
                raise MatchError(422, "no_warning_due", "Aucun avertissement n’est dû : la question se pose après une "
                                 "deuxième faute consécutive, avant le coup suivant du joueur.", "warned")
            if len(pending) > 1:
                raise MatchError(400, "missing_field", "Champ « player » : deux joueurs sont à deux fautes ; dites "
                                 "lequel (« A » ou « B »).", "player")
            return Write(warning=(pending[0].seq, bool(data["warned"])))
        row = self._write(match_id, token, change)
        return self.to_json(row, replay(self.book, Settings.from_json(row.settings), row.shots))

    # -- JSON --------------------------------------------------------------------------------
    def _citations(self, outcome: Mapping[str, Any]) -> list[dict[str, Any]]:
        ids = dict.fromkeys(r.get("clause") for r in outcome.get("reasons") or [] if r.get("clause"))
        return [self.book.clauses[c].to_json() for c in ids if c in self.book.clauses]

    def to_json(self, row: MatchRow, state: MatchState) -> dict[str, Any]:
        """The contract's Match (with ``racks``, ``state.warning`` and each shot's ``line``)."""
        s = state.settings
        shots = []
        for r in row.shots:
            line, clause = headline(r.outcome, self.roles)
            shots.append({"seq": r.seq, "rack": r.rack, "player": r.player, "shot": dict(r.shot),
                          "outcome": {**r.outcome, "citations": self._citations(r.outcome)},
                          "line": {"text": line, "clause": clause}, "warning": r.warning, "played": r.played})
        return {
            "id": row.id, "ruleset": s.ruleset, "players": list(s.players), "race_to": s.race_to,
            "break": s.break_order, "rack_kind": s.rack,
            "score": dict(state.score), "rack": state.rack, "breaker": state.breaker,
            "state": self._state_json(state), "shots": shots, "winner": state.winner,
            "racks": [{"rack": k.number, "breaker": k.breaker, "winner": k.winner, "termination": k.termination,
                       "shots": k.shots} for k in state.racks],
            "created": row.created, "updated": row.updated,
        }

    def _state_json(self, state: MatchState) -> dict[str, Any]:
        t = state.table
        if t is None:
            return {"at_table": None, "ball_in_hand": False, "on_table": [], "fouls": {"A": 0, "B": 0},
                    "warning_due": False, "push_out_available": False, "options": [], "warnings": [],
                    "break": False}
        prev = t.previous
        options = []
        if prev is not None and prev.options and t.previous_player is not None:
            pp = t.previous_player
            options = [{"choice": o.choice, "player": state.player(pp if o.shooter == "shooter" else
                                                                  ("B" if pp == "A" else "A")),
                        "push_out_available": o.push_out_available} for o in prev.options]
        return {
            "at_table": state.player(t.at_table),
            "ball_in_hand": bool(t.ball_in_hand and not options),
            "on_table": list(t.on_table),
            "fouls": {p: t.fouls[state.rack_player(p)] for p in ("A", "B")},
            "warning_due": bool(state.warnings),
            "push_out_available": bool(t.push_out and not options),
            "options": options,
            "warnings": [{"player": w.player, "seq": w.seq, "given": w.given} for w in state.warnings],
            "break": t.shots == 0 and (state.rack > 1 or state.settings.state is None),
        }
