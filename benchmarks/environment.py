"""The library versions a photo benchmark ran with, printed at its top: the same code reads
some photos differently on another OpenCV (the independent set's positions: 93.14 % on
opencv-python-headless 5.1.0 and 5.0.0, 93.09 % on 4.14.0), so a figure is quoted with them."""
from __future__ import annotations

import platform

import cv2
import numpy as np


def versions() -> str:
    return f"python {platform.python_version()}, opencv {cv2.__version__}, numpy {np.__version__}"
