"""Stage 5, find_mat: the printed play mat's ArUco markers -> homography mat mm -> photo px.

The marker ids and positions come from mat_layout.py (shared with the PDF printer), so
once two or more markers are seen every slot of the mat is known exactly, whatever the
tilt, and cards are assigned to the nearest slot.
"""
from __future__ import annotations

import cv2
import numpy as np

from . import mat_layout as ML

_DETECTOR = None


def _detector():
    global _DETECTOR
    if _DETECTOR is None:
        d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, ML.ARUCO_DICT_NAME))
        p = cv2.aruco.DetectorParameters()
        p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        _DETECTOR = cv2.aruco.ArucoDetector(d, p)
    return _DETECTOR


def find_markers(img: np.ndarray) -> dict[int, np.ndarray]:
    """Mat markers seen in the image: id -> 4x2 corners (TL, TR, BR, BL) in image px."""
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img
    corners, ids, _ = _detector().detectMarkers(gray)
    out = {}
    if ids is None:
        return out
    for c, i in zip(corners, ids.ravel()):
        if int(i) in ML.MARKERS:
            out[int(i)] = c.reshape(4, 2).astype(np.float64)
    return out


def find_mat(img: np.ndarray, min_markers: int = 2) -> np.ndarray | None:
    """Homography mat mm -> image px, or None when fewer than min_markers markers are seen."""
    m = find_markers(img)
    if len(m) < min_markers:
        return None
    src = np.vstack([ML.marker_corners_mm(i) for i in m])
    dst = np.vstack([m[i] for i in m])
    H, inl = cv2.findHomography(src, dst, cv2.RANSAC if len(m) > 2 else 0, 4.0)
    return H


def slot_quads(H: np.ndarray) -> dict[str, np.ndarray]:
    """Every slot's outline in image px."""
    out = {}
    for name in list(ML.PIN_SLOTS) + list(ML.PILE_SLOTS):
        pts = np.array(ML.slot_corners_mm(name), np.float64).reshape(-1, 1, 2)
        out[name] = cv2.perspectiveTransform(pts, H).reshape(4, 2)
    return out
