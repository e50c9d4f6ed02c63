"""Property: whatever shots are entered (and undone), every rack of the match holds exactly the
outcomes /api/rack's engine gives for its shots, the score counts the racks won, and a refused
shot writes nothing."""
from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings, strategies as st

from engine_support import RULESETS, book

from qa.engine.rack import play_rack
from qa.match.model import MatchError
from qa.match.service import MatchService
from qa.match.store import MatchStore

_DIR = tempfile.TemporaryDirectory()
SERVICE = MatchService(book(), MatchStore(str(Path(_DIR.name) / "prop.db")))

SHOTS = [
    {"kind": "break", "first_contact": 1, "pocketed": [], "balls_to_rail": 4},
    {"kind": "break", "first_contact": 1, "pocketed": [3]},
    {"kind": "break", "first_contact": 1, "pocketed": [], "balls_to_rail": 1},
    {"kind": "push_out", "pocketed": []},
    {"first_contact": 1, "pocketed": [], "rail_after_contact": True},
    {"first_contact": 1, "pocketed": [], "rail_after_contact": True, "cue_ball": "pocketed"},
    {"first_contact": None, "pocketed": []},
    {"first_contact": 2, "pocketed": []},
    {"first_contact": 1, "pocketed": [1]},
    {"first_contact": 1, "pocketed": [9]},
    {"first_contact": 1, "pocketed": [10]},
]
ACTIONS = st.lists(st.tuples(st.integers(0, 100), st.sampled_from([None, "play", "hand_back"]),
                             st.sampled_from([None, True, False]), st.booleans()), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(RULESETS), actions=ACTIONS, race=st.integers(1, 3))
def test_racks_of_a_match_are_ruled_as_by_the_rack_engine(ruleset, actions, race):
    m = SERVICE.create({"ruleset": ruleset, "players": ["A", "B"], "race_to": race})
    for k, choice, warned, undo in actions:
        undo = undo and k % 5 == 0        # an undo now and then
        before = SERVICE.view(m["id"])
        if undo and before["shots"]:
            SERVICE.undo(m["id"], {}, m["token"])
            continue
        state = before["state"]
        shot = dict(SHOTS[k % 3] if state["break"] else SHOTS[3 + k % (len(SHOTS) - 3)])
        if state["options"]:
            names = [o["choice"] for o in state["options"]]
            shot["choice"] = choice if choice in names else names[0]
            shooter = next(o["player"] for o in state["options"] if o["choice"] == shot["choice"])
        else:
            shooter = state["at_table"]
        if shooter and state["fouls"][shooter] == 2:
            shot["warned"] = warned
        try:
            SERVICE.shot(m["id"], shot, m["token"])
        except MatchError as exc:
            assert exc.status in (400, 422), exc.message
            after = SERVICE.view(m["id"])
            assert after["shots"] == before["shots"]
    view = SERVICE.view(m["id"])
    racks: dict[int, list[dict]] = {}
    for s in view["shots"]:
        racks.setdefault(s["rack"], []).append(s)
    score = {"A": 0, "B": 0}
    for number, shots in racks.items():
        played = play_rack(book(), ruleset, None, [s["shot"] for s in shots])
        breaker = view["racks"][number - 1]["breaker"]
        swap = (lambda p: p) if breaker == "A" else (lambda p: "B" if p == "A" else "A")
        assert [{**o.to_json(book().clauses), "player": swap(p)} for p, o in played] == [s["outcome"] for s in shots]
        last = shots[-1]["outcome"]
        if last["game_over"]:
            won = last["player"] if last["winner"] == "shooter" else ("B" if last["player"] == "A" else "A")
            score[won] += 1
    assert view["score"] == score
    assert (view["winner"] is not None) == (max(score.values()) >= race)
    event(f"racks won: {sum(score.values())}, shots: {min(len(view['shots']), 5)}+")
