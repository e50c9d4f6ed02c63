"""Helpers shared by the JSON API tests (test_api, test_compare_api, test_quiz_api)."""
from __future__ import annotations

#: ``field`` value meaning "whatever field the error names" (``None`` is a field value: no field).
ANY = "__any__"


def assert_error(resp, status: int, field: str | None = ANY, code: str | None = None) -> dict:
    """The response is the contract's JSON error with ``status``: ``{"error": {"code",
    "message", "field", ...}}``, a French message without a traceback, the ``field`` and
    ``code`` given (unless left out). Returns the error object."""
    assert resp.status_code == status, resp.get_data(as_text=True)[:500]
    assert resp.mimetype == "application/json"
    body = resp.get_json()
    assert set(body) == {"error"}
    err = body["error"]
    assert {"code", "message", "field"} <= set(err)
    assert isinstance(err["message"], str) and err["message"]
    assert "Traceback" not in err["message"]
    if field != ANY:
        assert err["field"] == field, err
    if code is not None:
        assert err["code"] == code, err
    return err
