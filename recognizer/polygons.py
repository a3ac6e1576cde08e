"""Areas shared by convex polygons (card outlines, slots), robust to nearly coincident ones.

cv2.intersectConvexConvex returns 0 for some pairs of nearly coincident polygons (OpenCV
issue 22812, still so in 5.1): two outlines of one card 2 px apart, from two masks, then were
no duplicates and the card was found twice.  Such a pair is counted again on a raster."""
from __future__ import annotations

import cv2
import numpy as np

RASTER = 512            # the fallback draws the pair's bounding box this many pixels across
SUBPIX = 4              # fillConvexPoly's fractional bits: coordinates to 1/16 px


def _touch(a: np.ndarray, b: np.ndarray) -> bool:
    """Does a corner or the centre of either polygon lie in the other?"""
    for p, q in ((a, b), (b, a)):
        qq = q.reshape(-1, 1, 2)
        for pt in list(p) + [p.mean(0)]:
            if cv2.pointPolygonTest(qq, (float(pt[0]), float(pt[1])), False) >= 0:
                return True
    return False


def _raster_overlap(a: np.ndarray, b: np.ndarray) -> float:
    lo = np.minimum(a.min(0), b.min(0))
    span = float(max((np.maximum(a.max(0), b.max(0)) - lo).max(), 1e-6))
    s = RASTER / span
    size = (RASTER + 2, RASTER + 2)
    masks = []
    for p in (a, b):
        m = np.zeros(size, np.uint8)
        cv2.fillConvexPoly(m, np.int32(np.round((p - lo) * s * (1 << SUBPIX))), 1, cv2.LINE_8, SUBPIX)
        masks.append(m)
    return float(np.count_nonzero(masks[0] & masks[1])) / (s * s)


def overlap_area(a, b) -> float:
    """Area shared by two convex polygons (Nx2 points, any numeric type)."""
    a = np.float32(a).reshape(-1, 2)
    b = np.float32(b).reshape(-1, 2)
    amin, amax, bmin, bmax = a.min(0), a.max(0), b.min(0), b.max(0)
    if amin[0] >= bmax[0] or bmin[0] >= amax[0] or amin[1] >= bmax[1] or bmin[1] >= amax[1]:
        return 0.0      # bounding boxes apart: most pairs a finder or layout compares
    inter, _ = cv2.intersectConvexConvex(a, b)
    if inter > 0 or not _touch(a, b):
        return float(inter)
    return _raster_overlap(a, b)


def quad_iou(a, b) -> float:
    """Intersection over union of two convex polygons."""
    a = np.float32(a).reshape(-1, 2)
    b = np.float32(b).reshape(-1, 2)
    inter = overlap_area(a, b)
    union = cv2.contourArea(a) + cv2.contourArea(b) - inter
    return inter / union if union > 0 else 0.0
