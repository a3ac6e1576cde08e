"""Where the recogniser loses the real photos' cards: for every labelled card not found
(box IoU < 0.5 with every card reported), the first stage that lost it:
  * not proposed: no outline find_cards proposes lies on it, neither on the first look nor
    with the outline masks (cards.OUTLINE_MASKS);
  * dropped: an outline was proposed on it but the reading, the paper test or the edge test
    dropped it, or the second look replaced the first.
Grouped by the number of cards in the photo (fans of overlapping cards are the 2-5 card photos).

    python benchmarks/real_misses.py [--half all|odd|even]
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.environment import versions  # noqa: E402
from benchmarks.recognize import REAL, _box_iou, card_box, real_half, real_labels  # noqa: E402
from recognizer import RecognitionError, recognize_cards  # noqa: E402
from recognizer.cards import find_cards, work_image  # noqa: E402
from recognizer.image_io import load_image  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--half", choices=("all", "odd", "even"), default="all",
                    help="odd = used while tuning, even = held out (as recognize.py --real-half)")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every card lost")
    args = ap.parse_args(argv)
    print(versions())
    rows = real_labels()
    names = real_half(rows, args.half)
    lost = collections.Counter()
    by_count = collections.defaultdict(lambda: [0, 0])
    for name in names:
        try:
            read = recognize_cards(str(REAL / name)).to_dict()
            got = [card_box(c["corners"], (read["width"], read["height"])) for c in read["cards"]]
        except RecognitionError:
            got = []
        proposed = None
        for r in rows[name]:
            tb = [float(r[k]) for k in ("xmin", "ymin", "xmax", "ymax")]
            by_count[len(rows[name])][1] += 1
            if max((_box_iou(tb, b) for b in got), default=0.0) >= 0.5:
                continue
            by_count[len(rows[name])][0] += 1
            if proposed is None:        # find_cards' proposals, both looks, in photo px
                image = load_image(str(REAL / name)).image
                work, f = work_image(image)
                proposed = [card_box(q.corners * f, image.shape[1::-1]) for look in (False, True)
                            for q in find_cards(work, outlines=look)]
            stage = "dropped" if max((_box_iou(tb, b) for b in proposed), default=0.0) >= 0.5 else "not proposed"
            lost[stage] += 1
            if args.verbose:
                print(f"  {name} {r['rank']}: {stage}")
    total = sum(n for _, n in by_count.values())
    missed = sum(m for m, _ in by_count.values())
    print(f"real photos ({REAL}, {args.half}): {len(names)} photos, {total} labelled cards, {missed} not found")
    for stage, n in lost.most_common():
        print(f"  {stage}: {n} ({100 * n / max(missed, 1):.1f} % of the cards not found)")
    for k in sorted(by_count):
        m, n = by_count[k]
        print(f"  photos of {k} card(s): {m} of {n} cards not found ({100 * m / n:.1f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
