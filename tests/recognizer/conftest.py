import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
_HERE = str(Path(__file__).resolve().parent)      # recog_helpers (the suite runs --import-mode=importlib)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
SAMPLES = ROOT / "sample_images"


@pytest.fixture(scope="session")
def samples() -> Path:
    return SAMPLES


@pytest.fixture(scope="session")
def photographed():
    """card(deck, rank, suit) -> a card of the SVG decks as the detector hands it over:
    rectified from a slightly skewed outline, mildly blurred.  Skips without the artwork."""
    import cv2
    import numpy as np
    from synth import decks
    from recognizer.cards import rectify

    def card(deck: str, rank: str, suit: str = "heart") -> np.ndarray:
        try:
            img = decks.card_bgra(deck, decks.card_id(rank, suit, deck))
        except Exception as e:                 # rsvg-convert / gnome-cards-data missing
            pytest.skip(str(e))
        a = img[:, :, 3:4] / 255.0
        bgr = (img[:, :, :3] * a + 90 * (1 - a)).astype(np.uint8)
        h, w = bgr.shape[:2]
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]]) + np.float32([[3, 2], [-2, 4], [-4, -3], [2, -2]])
        return rectify(cv2.GaussianBlur(bgr, (3, 3), 0.8), src)
    return card
