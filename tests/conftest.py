"""Fixtures shared by the recogniser's and the web app's tests."""
from pathlib import Path

import pytest

SAMPLES = Path(__file__).resolve().parents[1] / "sample_images"


@pytest.fixture(scope="session")
def far_layout():
    """far(scale) -> the far sample (a 12 MP photo of a fresh deal) shrunk to scale inside its
    own frame, the rest plain table: a layout photographed from farther away."""
    import cv2
    import numpy as np
    img = cv2.imread(str(SAMPLES / "far_tango_31_0004.jpg"))
    table = [int(v) for v in np.median(img.reshape(-1, 3), 0)]

    def far(scale: float) -> np.ndarray:
        small = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        return cv2.copyMakeBorder(small, 0, img.shape[0] - small.shape[0], 0, img.shape[1] - small.shape[1],
                                  cv2.BORDER_CONSTANT, value=table)
    return far
