"""How often each way of settling a rank reading is right on photos the recogniser was not
tuned on: the independent renders (`../shared/photo_sets/independent-dev`) and the real phone
photos (`../shared/real_photos/edje-train`, A/9/10 only: J/Q/K carry no value).

A reading whose pip count and corner index disagree is settled by one of them (rank.py): the
pips when their count is clean, the index when every legible corner names it surely.  Such a
reading may only stay above LOW_CONFIDENCE (not asked) when it is about as reliable as an
agreement; this prints, per path, right / total on each source and whether that holds.
PIPS_OVER_INDEX was set from its output (30 of 36 right, against 99 % for agreements).

    .venv/bin/python tools/calibrate_disagreement.py [--step 2]
"""
from __future__ import annotations

import argparse
import collections
import csv
import json
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
cv2.setNumThreads(1)

from recognizer import LOW_CONFIDENCE  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402
from recognizer.pipeline import _read_cards  # noqa: E402
from recognizer.polygons import quad_iou  # noqa: E402

INDEPENDENT = ROOT.parent / "shared" / "photo_sets" / "independent-dev"
REAL = ROOT.parent / "shared" / "real_photos" / "edje-train"
REAL_RANK = {"ace": "A", "nine": "9", "ten": "10", "jack": "J", "queen": "Q", "king": "K"}
AGREEING = 0.95     # an unasked path should be right about as often as agreements (99 % here)


def path_of(note: str, rank: str | None) -> str:
    """The way a reading was settled, from its note: agreement, pips over index, index over pips."""
    m = re.match(r"pips say (\S+), index says (\S+)", note)
    if not m:
        return "agree" if not note else re.sub(r"\b(\d+|[AJQK]|joker)\b", "X", note)[:50]
    return "pips over index" if rank == m.group(1) else "index over pips"


def _box(q: np.ndarray) -> tuple:
    return q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()


def _box_iou(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    u = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - ix * iy
    return ix * iy / u if u > 0 else 0.0


def independent(step: int):
    """(true rank, reading) for every found card of the independent set matched to a true one."""
    for jf in sorted(INDEPENDENT.glob("*.json"))[::step]:
        truth = json.loads(jf.read_text())
        photo = load_image(str(INDEPENDENT / truth["image"]))
        for q, r in _read_cards(photo).faces:
            q = q * photo.scale
            best = max(truth["cards"], key=lambda c: quad_iou(np.array(c["corners"]), q), default=None)
            if best is not None and quad_iou(np.array(best["corners"]), q) >= 0.5:
                yield best["rank"], r


def real(step: int):
    """(true rank, reading) for every found A/9/10 of the real photos (box IoU >= 0.5)."""
    rows = collections.defaultdict(list)
    with open(REAL / "labels.csv") as f:
        for row in csv.DictReader(f):
            rows[row["image"]].append(row)
    for name in sorted(rows)[::step]:
        photo = load_image(str(REAL / name))
        for q, r in _read_cards(photo).faces:
            b = _box(q * photo.scale)
            boxes = [([float(x[k]) for k in ("xmin", "ymin", "xmax", "ymax")], x["rank"]) for x in rows[name]]
            tb, rank = max(boxes, key=lambda t: _box_iou(t[0], b))
            if _box_iou(tb, b) >= 0.5 and REAL_RANK[rank] in ("A", "9", "10"):
                yield REAL_RANK[rank], r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--step", type=int, default=1, help="every STEP-th photo of each source")
    a = ap.parse_args(argv)
    for folder in (INDEPENDENT, REAL):
        if not folder.is_dir():
            print(f"{folder} not found: the shared development photos are needed", file=sys.stderr)
            return 2
    tally: dict = collections.defaultdict(collections.Counter)
    for source, cards in (("independent", independent(a.step)), ("real", real(a.step))):
        for want, r in cards:
            sure = r.confidence >= LOW_CONFIDENCE
            tally[(path_of(r.note, r.rank), sure)][(source, r.rank == want)] += 1
    print(f"{'path':40s} {'asked':5s}  independent right/all   real right/all   both")
    for (path, sure), c in sorted(tally.items()):
        right = c[("independent", True)] + c[("real", True)]
        total = right + c[("independent", False)] + c[("real", False)]
        verdict = "" if not sure else ("ok" if right >= AGREEING * total else "should be asked")
        print(f"{path:40s} {'no' if sure else 'yes':5s}  {c[('independent', True)]:5d}/{c[('independent', True)] + c[('independent', False)]:<5d}"
              f"           {c[('real', True)]:4d}/{c[('real', True)] + c[('real', False)]:<4d}      {right}/{total} {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
