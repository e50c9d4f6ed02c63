"""CSV cells a spreadsheet will open as text: a cell starting with « = », « + », « - », « @ », a tab or
a carriage return would run as a formula (CSV injection), so it gets a leading apostrophe."""
from __future__ import annotations

from typing import Any

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value``, with a leading « ' » when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value[:1] in _FORMULA_START:
        return "'" + value
    return value
