"""The match store on both backends (SQLite file, PostgreSQL): kept across reopenings, shots
from several devices at once serialised (never a lost or doubled shot), a stale ``seq`` refused."""
from __future__ import annotations

import threading

import pytest

from db_support import BACKENDS, backend_target, run_at_once
from test_rack import BREAK, RACKS

from qa.engine.rack import play_rack
from qa.match.model import MatchError
from qa.match.service import MatchService
from qa.match.store import MatchStore


@pytest.fixture(params=BACKENDS)
def target(request, tmp_path):
    with backend_target(request.param, tmp_path) as t:
        yield t


@pytest.fixture
def open_service(rulebook, target):
    stores: list[MatchStore] = []

    def make() -> MatchService:
        store = MatchStore(target)
        stores.append(store)
        return MatchService(rulebook, store)
    yield make
    for s in stores:
        s.close()


def test_tables_created_next_to_the_quizzes(open_service, target):
    from qa.quiz.store import Store
    quiz = Store(target)
    try:
        svc = open_service()
        assert svc.store.counts() == {"matches": 0, "match_shots": 0}
        assert quiz.counts()      # the quiz tables are in the same database
    finally:
        quiz.close()


def test_a_match_is_kept_across_reopening_and_rules_as_the_rack(open_service, rulebook):
    ruleset, state, shots = RACKS["ffb_ten_three_fouls"]
    svc = open_service()
    m = svc.create({"ruleset": ruleset, "players": ["Alice", "Bob"], "race_to": 3})
    for s in shots[:3]:
        svc.shot(m["id"], s, m["token"])
    again = open_service()                       # another server (or a restart) on the same database
    for s in shots[3:]:
        again.shot(m["id"], s, m["token"])
    view = open_service().view(m["id"])
    expected = [{**o.to_json(rulebook.clauses), "player": p} for p, o in play_rack(rulebook, ruleset, state, shots)]
    assert [s["outcome"] for s in view["shots"]] == expected
    assert view["score"] == {"A": 1, "B": 0} and view["rack"] == 2 and view["breaker"] == "B"


def test_concurrent_shots_from_several_devices_are_serialised(open_service):
    svc = open_service()
    m = svc.create({"ruleset": "9-ffb", "players": ["Alice", "Bob"], "race_to": 1})
    svc.shot(m["id"], BREAK, m["token"])
    devices = [open_service() for _ in range(6)]
    errors: list[Exception] = []

    def enter(dev: MatchService) -> None:
        try:
            dev.shot(m["id"], {"first_contact": 1, "pocketed": [], "rail_after_contact": True}, m["token"])
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)
    run_at_once(enter, devices)
    assert errors == []
    view = svc.view(m["id"])
    assert [s["seq"] for s in view["shots"]] == list(range(7))
    # every miss passes the turn: the shooters alternate, each shot ruled on the state the previous left
    assert [s["player"] for s in view["shots"]] == ["A", "B", "A", "B", "A", "B", "A"]
    assert all(s["outcome"]["legal"] for s in view["shots"])


def test_concurrent_shots_with_the_same_seq_one_wins_the_others_get_409(open_service):
    svc = open_service()
    m = svc.create({"ruleset": "9-ffb", "players": ["Alice", "Bob"]})
    svc.shot(m["id"], BREAK, m["token"])
    devices = [open_service() for _ in range(5)]
    statuses: list[int] = []
    lock = threading.Lock()

    def enter(dev: MatchService) -> None:
        try:
            dev.shot(m["id"], {"first_contact": 1, "pocketed": [], "seq": 1}, m["token"])
            code = 201
        except MatchError as exc:
            code = exc.status
        with lock:
            statuses.append(code)
    run_at_once(enter, devices)
    assert sorted(statuses) == [201, 409, 409, 409, 409]
    assert len(svc.view(m["id"])["shots"]) == 2


def test_undo_and_warning_answer_are_stored(open_service):
    svc = open_service()
    m = svc.create({"ruleset": "9-ffb", "players": ["Alice", "Bob"]})
    scratch = {"first_contact": 1, "pocketed": [], "rail_after_contact": True, "cue_ball": "pocketed"}
    miss = {"first_contact": 1, "pocketed": [], "rail_after_contact": True}
    for s in (BREAK, scratch, miss, scratch):
        svc.shot(m["id"], s, m["token"])
    svc.warning(m["id"], {"warned": False}, m["token"])
    view = open_service().view(m["id"])
    assert view["shots"][3]["warning"] is False and view["state"]["warnings"][0]["given"] is False
    open_service().undo(m["id"], {}, m["token"])
    view = svc.view(m["id"])
    assert len(view["shots"]) == 3 and view["state"]["fouls"] == {"A": 0, "B": 1}
    assert svc.store.counts()["match_shots"] == 3
