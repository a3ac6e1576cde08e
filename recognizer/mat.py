"""Stage 5, find_mat: the printed play mat's ArUco markers -> homography mat mm -> photo px.

The marker ids and positions come from assistant/bowling/mat.py (shared with the PDF printer), so
once two or more markers are seen every slot of the mat is known exactly, whatever the
tilt, and cards are assigned to the nearest slot.
"""
from __future__ import annotations

import cv2
import numpy as np

from assistant.bowling import mat as ML
from .polygons import quad_iou

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
    return mat_homography(find_markers(img), min_markers)


def mat_homography(m: dict[int, np.ndarray], min_markers: int = 2) -> np.ndarray | None:
    """find_mat from markers already found (find_markers)."""
    if len(m) < min_markers:
        return None
    src = np.vstack([ML.marker_corners_mm(i) for i in m])
    dst = np.vstack([m[i] for i in m])
    H, inl = cv2.findHomography(src, dst, cv2.RANSAC if len(m) > 2 else 0, 4.0)
    return H


PRINT_IOU = 0.6         # an outline this close to an empty slot's printed frame is that frame


def mat_print(quad_px: np.ndarray, H: np.ndarray, seen: dict[int, np.ndarray]) -> str | None:
    """What of the mat's own print an outline may be instead of a card: "marker" when it takes
    in a marker the photo shows (a card lying on a marker would hide it), "slot" when it lies
    on a slot's printed frame, else None.  Both are card-sized and light; a marker reads as a
    lone ace (or borrows a neighbour's index), an empty slot's letter as an ace or a picture
    with no index, and the player was warned of cards that are not there.
    H: mat mm -> image px (as quad_px)."""
    q = cv2.perspectiveTransform(np.asarray(quad_px, np.float64).reshape(-1, 1, 2),
                                 np.linalg.inv(H)).reshape(4, 2).astype(np.float32)
    if not cv2.isContourConvex(q.reshape(-1, 1, 2)):
        return None
    if any(cv2.pointPolygonTest(q.reshape(-1, 1, 2), ML.MARKERS[i], False) >= 0 for i in seen):
        return "marker"
    for name in list(ML.PIN_SLOTS) + list(ML.PILE_SLOTS):
        if quad_iou(q, ML.slot_corners_mm(name)) > PRINT_IOU:
            return "slot"
    return None
