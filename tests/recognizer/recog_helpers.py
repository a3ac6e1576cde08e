"""Helpers shared by the recogniser tests (importable: conftest puts this folder on sys.path)."""
import cv2
import numpy as np


def quad_iou(a, b) -> float:
    """Intersection over union of two convex quadrilaterals (4x2 points)."""
    a, b = np.float32(a), np.float32(b)
    i, _ = cv2.intersectConvexConvex(a, b)
    return i / (cv2.contourArea(a) + cv2.contourArea(b) - i)
