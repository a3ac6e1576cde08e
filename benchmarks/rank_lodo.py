"""Rank reading on decks the index templates never saw: leave one training deck out.

    .venv/bin/python benchmarks/rank_lodo.py [--photos 4] [--seed 5] [--json]

Users bring their own decks, so what matters is how read_rank does on a design it was not
built from.  For each of the training decks: render a few photos of it (the realistic
renderer, synth/render.py), cut out every fully visible card along its true outline
(corners jittered by 1.2 % of the card, as a detector would), and read it with templates
built from the *other* decks only.  Counts per deck and overall:

  * sure right  -- the right rank, confidence >= LOW_CONFIDENCE (no warning shown),
  * flagged     -- right or wrong, but below LOW_CONFIDENCE: the user is asked to check,
  * WRONG       -- a wrong rank read with confidence: the failure that costs a game,
  * court as number -- a J/Q/K taken for a number card (would become a pin).

Needs the card artwork (make system-test installs gnome-cards-data).  About 3 minutes.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import cv2  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import recognizer.rank as rank  # noqa: E402
from benchmarks.environment import versions  # noqa: E402
from recognizer import LOW_CONFIDENCE  # noqa: E402
from recognizer.cards import order_corners, rectify  # noqa: E402
from synth.decks import TRAIN_DECKS  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402
from synth.render import KINDS, render_photo  # noqa: E402
from synth import templates  # noqa: E402


def harvest(deck: str, photos: int, seed: int) -> list[tuple[np.ndarray, str]]:
    """(rectified card, true rank) for every fully visible card in `photos` renders of deck."""
    out = []
    for i in range(photos):
        rng = np.random.default_rng([seed, i, len(deck)])
        img, truth = render_photo(rng, deck, KINDS[i % len(KINDS)], (1500, 2000))
        ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 88])
        photo = load_image(jpg.tobytes())
        for c in truth["cards"]:
            if c.get("visible", 1) < 0.95 or c["rank"] in (None, "joker"):
                continue
            q = order_corners(np.float64(c["corners"]) / photo.scale)
            side = np.linalg.norm(q[1] - q[0])
            q = q + rng.normal(0, 0.012 * side, (4, 2))
            out.append((rectify(photo.image, q), c["rank"]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photos", type=int, default=4, help="photos rendered per deck")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    print(f"({versions()})")
    vecs, labels, of_deck = templates.template_glyphs(TRAIN_DECKS)
    of_deck = np.array(of_deck)
    per = collections.defaultdict(collections.Counter)
    wrong = collections.Counter()
    for deck in TRAIN_DECKS:
        keep = of_deck != deck
        rank._TEMPLATES = rank.IndexTemplates(vecs[keep], [lab for lab, k in zip(labels, keep) if k])
        for card, want in harvest(deck, a.photos, a.seed):
            r = rank.read_rank(card)
            s = per[deck]
            if want in rank.NUMBER_RANKS:
                s["number cards"] += 1
                if r.confidence < LOW_CONFIDENCE:
                    s["flagged"] += 1
                elif r.rank == want:
                    s["sure right"] += 1
                else:
                    s["WRONG"] += 1
                    wrong[f"{want}->{r.rank}"] += 1
            else:
                s["court cards"] += 1
                s["court as number"] += r.kind == "number" and r.confidence >= LOW_CONFIDENCE
    rank._TEMPLATES = None
    total = sum(per.values(), collections.Counter())
    res = {"decks": {d: dict(c) for d, c in per.items()}, "total": dict(total), "wrong": dict(wrong)}
    if a.json:
        print(json.dumps(res))
        return 0
    print(f"leave-one-deck-out rank reading, {len(TRAIN_DECKS)} decks x {a.photos} photos")
    for d, c in list(per.items()) + [("ALL", total)]:
        n = max(c["number cards"], 1)
        print(f"  {d:16s} {c['number cards']:5d} number cards: sure right {100 * c['sure right'] / n:6.2f} %,"
              f" flagged {100 * c['flagged'] / n:5.2f} %, WRONG {c['WRONG']:3d};"
              f" court as number {c['court as number']} of {c['court cards']}")
    print("  confident errors:", dict(wrong.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
