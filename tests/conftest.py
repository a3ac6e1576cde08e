"""Fixtures shared by the recogniser's and the web app's tests."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_images"


@pytest.fixture(scope="session")
def script():
    """script("benchmarks/recognize.py") -> that file of the project loaded as a module (once a
    session): the benchmarks are scripts and the test folders no package, but a benchmark's
    helpers are tested and a test file's builders reused."""
    loaded = {}

    def load(path: str):
        if path not in loaded:
            spec = importlib.util.spec_from_file_location(Path(path).stem, ROOT / path)
            loaded[path] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(loaded[path])
        return loaded[path]
    return load


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
