"""Write the app's icons (web/static/icons/): a nine ball on billiard-cloth green, as PNG at
192, 512 and 180 px (Apple touch icon) and a maskable 512 px one, with nothing but the standard
library (zlib). The SVG icon (icon.svg) is written by hand beside them.

Usage: python scripts/make_icons.py
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "static" / "icons"
GREEN, WHITE, YELLOW, DARK = (11, 93, 59), (247, 247, 242), (242, 194, 0), (20, 20, 20)


def _png(width: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def icon(size: int, ball: float = 0.36) -> bytes:
    """A nine ball (white, a yellow stripe, a white spot with a dark ring) centred on green."""
    c, r = size / 2, size * ball
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            dx, dy = x + .5 - c, y + .5 - c
            d = (dx * dx + dy * dy) ** .5
            colour = GREEN
            if d <= r:
                colour = YELLOW if abs(dy) < r * .5 else WHITE
                if d <= r * .34:
                    colour = DARK if d > r * .27 else WHITE
            row += bytes(colour)
        rows.append(bytes(row))
    return _png(size, rows)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, ball in (("icon-192.png", 192, .36), ("icon-512.png", 512, .36),
                             ("apple-touch-icon.png", 180, .36), ("icon-maskable-512.png", 512, .28)):
        (OUT / name).write_bytes(icon(size, ball))
        print(OUT / name)


if __name__ == "__main__":
    main()
