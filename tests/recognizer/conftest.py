import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
SAMPLES = ROOT / "sample_images"


@pytest.fixture(scope="session")
def samples() -> Path:
    return SAMPLES
