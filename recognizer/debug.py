"""One picture per stage of `recognize`, for a person finding out why a photo was misread.

`tableside recognize PHOTO --debug DIR` writes, into DIR/<photo stem>/:

  1-photo.jpg    the photo as the recogniser sees it (EXIF-turned, decoded at reduced size)
  2-found.jpg    every outline `find_cards` proposed (yellow), before any was read
  3-ranks.jpg    the outlines kept as cards: face-up ones with their reading and confidence
                 (orange below LOW_CONFIDENCE), face-down ones in blue
  4-layout.jpg   the fitted layout: the predicted pin slots (thin, lettered) and each card's role
  5-result.jpg   the final reading after `verify`, as the web app's overlay draws it

A stage that was not reached (no cards found, too few for a layout) writes no picture, so
the last picture shows where the photo was lost.  With no folder every method returns at once.
The pyramid reader writes the same five through `labelled` (4-layout.jpg: the places fitted).
"""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .overlay import draw_overlay
from .result import LOW_CONFIDENCE

LONG_SIDE = 1600            # pictures are scaled down to this: enough to see a card's index
ROLE_COLOURS = {"pin": (60, 200, 60), "pile": (230, 160, 40), "outside": (200, 80, 200)}
OTHER_COLOUR = (150, 150, 150)
FOUND, PLACE = (0, 215, 255), (255, 255, 255)          # outlines proposed; places fitted
SURE, UNSURE = (60, 200, 60), (0, 140, 255)            # read surely; below LOW_CONFIDENCE
BACK = (200, 90, 30)


class StageLog:
    """Writes the stage pictures of one photo into `folder` (None: writes nothing)."""

    def __init__(self, folder: str | Path | None):
        self.folder = Path(folder) if folder is not None else None
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)

    def __bool__(self) -> bool:
        """Whether pictures are written: callers skip building what only a picture needs."""
        return self.folder is not None

    def _canvas(self, image: np.ndarray) -> tuple[np.ndarray, float, int, float]:
        h, w = image.shape[:2]
        f = min(1.0, LONG_SIDE / max(h, w))
        img = cv2.resize(image, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA) if f < 1 else image.copy()
        if img.ndim == 2:
            img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
        return img, f, max(2, round(max(img.shape[:2]) / 700)), max(0.5, max(img.shape[:2]) / 1800)

    def _write(self, name: str, img: np.ndarray) -> None:
        cv2.imwrite(str(self.folder / name), img, [cv2.IMWRITE_JPEG_QUALITY, 85])

    @staticmethod
    def _outline(img, corners, f: float, colour, thick: int) -> np.ndarray:
        pts = (np.asarray(corners, np.float64).reshape(-1, 2) * f).astype(np.int32)
        cv2.polylines(img, [pts], True, colour, thick, cv2.LINE_AA)
        return pts

    @staticmethod
    def _label(img, text: str, at, colour, scale: float, thick: int) -> None:
        (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
        x, y = int(at[0] - tw / 2), int(at[1] + th / 2)
        cv2.rectangle(img, (x - 3, y - th - 3), (x + tw + 3, y + 5), (255, 255, 255), -1)
        cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)

    def photo(self, image: np.ndarray) -> None:
        if self.folder is not None:
            self._write("1-photo.jpg", self._canvas(image)[0])

    def found(self, image: np.ndarray, outlines: list) -> None:
        """outlines: 4x2 corners in `image` pixels."""
        self.labelled("2-found.jpg", image, [(c, "", FOUND) for c in outlines])

    def ranks(self, image: np.ndarray, faces: list, backs: list) -> None:
        """faces: (corners, RankReading) in `image` pixels; backs: corners."""
        self.labelled("3-ranks.jpg", image, [(c, "", BACK) for c in backs] + [
            (c, f"{r.rank or '?'} {r.confidence:.2f}", UNSURE if r.confidence < LOW_CONFIDENCE else SURE)
            for c, r in faces])

    def layout(self, image: np.ndarray, faces: list, placement) -> None:
        """placement: layout.fit_layout's Placement for these faces (its plane maps image px to
        table mm, its slots_mm are the predicted pin outlines)."""
        if self.folder is None:
            return
        img, f, thick, scale = self._canvas(image)
        if placement.plane is not None and placement.slots_mm:
            to_image = np.linalg.inv(placement.plane)
            for letter, mm in placement.slots_mm.items():
                px = cv2.perspectiveTransform(np.asarray(mm, np.float64).reshape(-1, 1, 2), to_image).reshape(-1, 2)
                pts = self._outline(img, px, f, PLACE, max(1, thick // 2))
                self._label(img, letter, pts.mean(0) + (0, -np.ptp(pts[:, 1]) * 0.3), (90, 90, 90), scale * 0.8, 1)
        for (corners, _), role, pos in zip(faces, placement.roles, placement.positions):
            colour = ROLE_COLOURS.get(role, OTHER_COLOUR)
            pts = self._outline(img, corners, f, colour, thick)
            name = {"pin": f"{pos}", "pile": f"P{pos}"}.get(role, role)
            self._label(img, name, pts.mean(0), colour, scale, thick)
        self._write("4-layout.jpg", img)

    def labelled(self, name: str, image: np.ndarray, items) -> None:
        """Any stage as outlines with labels: items are (4x2 corners in `image` pixels, label
        or "", BGR colour)."""
        if self.folder is None:
            return
        img, f, thick, scale = self._canvas(image)
        for corners, label, colour in items:
            pts = self._outline(img, corners, f, colour, thick)
            if label:
                self._label(img, label, pts.mean(0), colour, scale, thick)
        self._write(name, img)

    def result(self, image: np.ndarray, recognition) -> None:
        if self.folder is not None:
            self._write("5-result.jpg", self._canvas(draw_overlay(image, recognition))[0])
