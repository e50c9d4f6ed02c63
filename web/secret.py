"""One secret key for every worker and every restart.

``ARBITRE_SECRET_KEY`` when set; otherwise a key generated once into ``<instance>/secret_key``
(mode 0600) and read back by every later process. The file is written atomically (a private
temporary file, then ``os.link``, which fails if another process got there first), so workers
starting together agree on one key: without that, each worker had its own random key and a
form served by one worker was refused by another (« Le formulaire a expiré »).
"""
from __future__ import annotations

import os
import secrets
import tempfile

FILE_NAME = "secret_key"


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii") as fh:
            key = fh.read().strip()
    except FileNotFoundError:
        return None
    return key or None


def _create(path: str) -> None:
    """Write a new key at ``path`` unless a key is already there (atomic: never a partial file)."""
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=".secret-", dir=folder)  # created with mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(secrets.token_hex(32) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process created it first: its key wins
    finally:
        os.unlink(tmp)


def instance_secret_key(instance_path: str) -> str:
    """The key kept in ``instance_path`` (created, with the folder, on first use)."""
    os.makedirs(instance_path, exist_ok=True)
    path = os.path.join(instance_path, FILE_NAME)
    key = _read(path)
    if key is None:
        _create(path)
        key = _read(path)
    if key is None:  # pragma: no cover - an empty file left by hand
        raise OSError(f"clé secrète illisible : {path}")
    return key
