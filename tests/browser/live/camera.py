"""Chromium's fake camera for the live table's browser tests: a code drawn as the app draws it, as the
two-frame video the camera shows (``--use-file-for-fake-video-capture``)."""

from __future__ import annotations

from pyengine import qr

SIDE = 720  # the fake camera's picture, in pixels


def camera_video(code: qr.QrCode, path) -> str:
    """A two-frame .y4m video (grey) of ``code`` as the app draws it, for Chromium's fake camera."""
    border = qr.QUIET_ZONE
    modules = code.modules + 2 * border
    scale = SIDE // modules
    offset = (SIDE - modules * scale) // 2
    luma = bytearray(b"\xeb" * (SIDE * SIDE))
    for y, row in enumerate(code.matrix):
        line = b"".join((b"\x10" if dark else b"\xeb") * scale for dark in row)
        for dy in range(scale):
            start = (offset + (y + border) * scale + dy) * SIDE + offset + border * scale
            luma[start : start + len(line)] = line
    chroma = b"\x80" * (SIDE * SIDE // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    path.write_bytes(f"YUV4MPEG2 W{SIDE} H{SIDE} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 2)
    return str(path)
