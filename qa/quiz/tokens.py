"""Secrets of the quiz workflow (contract « Tokens »): a quiz's, a learner's, a trainer's and
the one-use candidate codes of an exam. Only their SHA-256 digests are stored; comparisons
are constant-time."""
from __future__ import annotations

import hashlib
import hmac
import secrets

HEADER = "X-Arbitre-Token"


def new_token() -> str:
    """A fresh secret (24 URL-safe characters, 144 bits)."""
    return secrets.token_urlsafe(18)


def new_code() -> str:
    """A candidate code easy to type from a sheet of paper: 4 groups of 4 letters and digits
    without look-alikes (about 80 bits)."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    raw = "".join(secrets.choice(alphabet) for _ in range(16))
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


def normal_code(code: str) -> str:
    """A code as typed (any case, spaces or hyphens anywhere) in its canonical form."""
    raw = "".join(ch for ch in code.upper() if ch.isalnum())
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def digest(secret: str | None) -> str:
    """The SHA-256 digest (hex) of ``secret`` (of "" for None)."""
    return hashlib.sha256((secret or "").encode("utf-8", "surrogatepass")).hexdigest()


def matches(secret: str | None, stored: str | None) -> bool:
    """True when ``secret`` is the one whose digest is ``stored`` (never for an empty secret)."""
    return bool(secret) and bool(stored) and hmac.compare_digest(digest(secret), str(stored))
