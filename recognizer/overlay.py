"""draw_overlay: the photo with every card's outline, value and position, for a person to check;
overlay_jpeg: the same as a small JPEG (the web page's thumbnail)."""
from __future__ import annotations

import cv2
import numpy as np

from assistant.bowling.cards import face_value

from .image_io import load_image
from .result import LOW_CONFIDENCE, Recognition


def draw_overlay(image, recognition: Recognition) -> np.ndarray:
    """The photo with each card's outline, read value and position; low confidence in orange."""
    img = image if isinstance(image, np.ndarray) else load_image(image, detail_long=10 ** 6).image
    img = img.copy()
    h, w = img.shape[:2]
    fx = w / recognition.width
    thick = max(2, int(round(max(h, w) / 600)))
    fs = max(0.6, max(h, w) / 1400)
    for c in recognition.cards:
        pts = (np.array(c.corners, np.float64) * fx).astype(np.int32)
        if c.value is None:
            col = (160, 160, 160)
        elif c.confidence < LOW_CONFIDENCE:
            col = (0, 140, 255)                     # orange: please check
        elif c.role == "pin":
            col = (60, 200, 60)
        elif c.role == "pile":
            col = (230, 160, 40)
        else:
            col = (200, 80, 200)
        cv2.polylines(img, [pts], True, col, thick, cv2.LINE_AA)
        label = c.rank if c.value is None else face_value(c.value)      # a ten reads 10
        if c.role == "pin":
            label = f"{c.position}:{label}"
        elif c.role == "pile":
            label = f"P{c.position}:{label}"
        ctr = pts.mean(0).astype(int)
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, fs, thick)
        org = (int(ctr[0] - tw / 2), int(ctr[1] + th / 2))
        cv2.rectangle(img, (org[0] - 4, org[1] - th - 4), (org[0] + tw + 4, org[1] + 6), (255, 255, 255), -1)
        cv2.putText(img, label, org, cv2.FONT_HERSHEY_SIMPLEX, fs, col if c.value is not None else (0, 0, 0),
                    thick, cv2.LINE_AA)
    return img


def overlay_jpeg(photo, recognition: Recognition, long_side: int, quality: int = 72) -> bytes:
    """The overlay of `photo` (path, bytes or BGR array) as a JPEG at most `long_side` pixels long."""
    img = draw_overlay(load_image(photo).image, recognition)
    h, w = img.shape[:2]
    scale = long_side / max(h, w)
    if scale < 1:
        img = cv2.resize(img, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("could not encode the overlay")
    return buf.tobytes()
