"""Pyramid tests: make the shared builders (pyr_helpers) importable (the suite runs
--import-mode=importlib, so a test folder is no package)."""
import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
