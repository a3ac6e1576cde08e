"""Tableside recogniser: a photo of a Bowling Solitaire deal -> pins, pile tops and their values.

    from recognizer import recognize
    r = recognize("table.jpg")          # path, bytes or a BGR numpy array
    r.to_dict()["pins"]                 # {"A": 2, ..., "J": 6}, None for a removed pin

The pipeline is a row of small stages, each callable on its own (see docs/recognizer.md):
load_image -> find_cards -> rectify -> read_rank -> find_mat / fit_layout -> draw_overlay.
pipeline.recognize runs them in turn; result.py holds what it returns.
"""
from __future__ import annotations

import os

# One BLAS thread (set before numpy is first imported, which in the app and the CLI is here):
# the recogniser's matrix products are small (4 glyphs x 5,613 templates), and OpenBLAS's
# threads spinning against each other cost more than they share.  Measured on 16 independent
# photos on a loaded 2-core machine: median 1.58 s a photo with the default, 1.10 s with one.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .cards import find_cards, rectify
from .image_io import PhotoTooLarge, RecognitionError, load_image
from .layout import fit_layout
from .mat import find_mat
from .overlay import draw_overlay
from .pipeline import COVERED_CONFIDENCE, in_layout, recognize, recognize_cards
from .rank import read_rank
from .result import LOW_CONFIDENCE, Card, Recognition

__all__ = ["recognize", "recognize_cards", "Recognition", "Card", "RecognitionError", "PhotoTooLarge",
           "draw_overlay",
           "load_image", "find_cards", "rectify", "read_rank", "fit_layout", "find_mat", "in_layout",
           "LOW_CONFIDENCE", "COVERED_CONFIDENCE"]
