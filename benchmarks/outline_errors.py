"""How the layout reading copes with a pin outlined wrongly: a piece of the card (a shadow
across it, a deck's printed frame), a rectangle off the card, one taking in the table.

For each committed sample photo and each outline error below, every pin (then every pile
top) in turn gets the wrong outline from card finding (find_cards is wrapped); the photo is
then read as usual and the card's value compared with the truth.  Prints, per error and in
all, how many were read wrong and how many of those with confidence >= LOW_CONFIDENCE (what
the app would not ask about).

    .venv/bin/python benchmarks/outline_errors.py
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
cv2.setNumThreads(1)

import recognizer  # noqa: E402
from recognizer import LOW_CONFIDENCE, RecognitionError, recognize  # noqa: E402
from recognizer.cards import CardQuad  # noqa: E402

SAMPLES = ["fresh_orell_7_0000", "rotated_paris_7_0001", "mat_dondorf_7_0003", "touching_bellot_7_0002"]
# (scale across, scale along, centre moved by card widths, by card lengths): what it stands for
ERRORS = {
    (0.75, 0.67, 0, 0): "a printed frame (a centred piece)",
    (0.8, 0.8, 0, 0): "a smaller centred piece",
    (1, 0.67, 0, 0.165): "the lower two thirds (a shadow across the top)",
    (1, 0.67, 0, -0.165): "the upper two thirds",
    (0.6, 1, 0.2, 0): "a long strip (a shadow down one side)",
    (1, 1, 0.1, 0.1): "card-sized, 11 mm off the card",
    (1, 1, -0.08, 0.06): "card-sized, 7 mm off the other way",
    (1.15, 1.15, 0, 0): "taking in the table round it",
}


def wrong_outline(find, truth: dict, pin: str, fx: float, fy: float, ox: float = 0.0, oy: float = 0.0):
    """find_cards, but the quad found for `pin` (the one nearest its true centre) scaled by fx
    across and fy along the card, about its centre moved by ox card widths and oy lengths."""
    target = np.mean(next(c["corners"] for c in truth["cards"] if c["position"] == pin), 0)

    def find_wrongly(work, *args, **kwargs):
        quads = find(work, *args, **kwargs)
        f = max(work.shape[:2]) / max(truth["width"], truth["height"])
        i = min(range(len(quads)), key=lambda j: np.linalg.norm(quads[j].corners.mean(0) - f * target))
        q = quads[i]
        across = (q.corners[1] - q.corners[0] + q.corners[2] - q.corners[3]) / 2
        along = (q.corners[3] - q.corners[0] + q.corners[2] - q.corners[1]) / 2
        c = q.corners.mean(0) + ox * across + oy * along
        corners = np.array([c + sx * fx * across / 2 + sy * fy * along / 2
                            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        quads[i] = CardQuad(corners, q.area * fx * fy, q.rectangularity, q.source, q.extra)
        return quads
    return find_wrongly


def score(sample: Path, error: tuple, role: str = "pin") -> tuple[int, int, int]:
    """(cards of this role tried, read wrong, read wrong with confidence >= LOW_CONFIDENCE)."""
    truth = json.loads(sample.with_suffix(".json").read_text())
    find = recognizer.pipeline.find_cards
    n = wrong = sure = 0
    for c in truth["cards"]:
        if c["role"] != role:
            continue
        n += 1
        recognizer.pipeline.find_cards = wrong_outline(find, truth, c["position"], *error)
        try:
            r = recognize(str(sample))
            got = [g for g in r.cards if g.role == role and g.position == c["position"]]
        except RecognitionError:
            got = []
        finally:
            recognizer.pipeline.find_cards = find
        if not got or got[0].value != c["value"]:
            wrong += 1
            sure += bool(got) and got[0].confidence >= LOW_CONFIDENCE
    return n, wrong, sure


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", default=",".join(SAMPLES), help="sample photo stems in sample_images/")
    a, _ = ap.parse_known_args(argv)      # run_all.py passes every benchmark the same arguments
    for role, cards in (("pin", "pins"), ("pile", "pile tops")):
        total = [0, 0, 0]
        for error, what in ERRORS.items():
            row = [0, 0, 0]
            for stem in a.samples.split(","):
                row = [x + y for x, y in zip(row, score(ROOT / "sample_images" / f"{stem}.jpg", error, role))]
            total = [x + y for x, y in zip(total, row)]
            print(f"  {what:48} {row[0]:3} {cards}: {row[1]:3} read wrong, {row[2]:3} of them not flagged",
                  flush=True)
        print(f"outline errors on {cards}: {total[0]}, {total[1]} read wrong "
              f"({100 * total[1] / max(total[0], 1):.1f} %), {total[2]} of them not flagged "
              f"({100 * total[2] / max(total[0], 1):.1f} %)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
