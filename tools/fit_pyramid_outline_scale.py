"""Fit pyramid_lattice.OUTLINE_GROW: how much larger a card is than the outline find_cards gives.

    .venv/bin/python tools/fit_pyramid_outline_scale.py DIR [DIR ...]

DIR: folders of development renders with truth (synth/render_pyramid.py, or
benchmarks/pyramid_photos.py --keep; never the held-out decks).  Every whole card (visible
share 1.0) whose outline is found is matched by its centre; the median ratio of the truth's
side lengths to the outline's, across (the short sides) and along (the long sides), is printed.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recognizer.image_io import load_image  # noqa: E402
from recognizer.pyramid_pipeline import _whole_cards  # noqa: E402


def sides(q: np.ndarray) -> tuple[float, float]:
    s = np.linalg.norm(np.roll(q, -1, 0) - q, axis=1)
    a, b = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
    return (a, b) if a <= b else (b, a)


def main(argv: list[str]) -> int:
    across, along = [], []
    for folder in argv:
        for tf in sorted(Path(folder).glob("*.json")):
            t = json.loads(tf.read_text())
            if t["deck"].startswith("kde-"):
                print(f"{tf}: a held-out deck, skipped", file=sys.stderr)
                continue
            photo = load_image(str(tf.with_suffix(".jpg")))
            faces, _ = _whole_cards(photo)
            whole = [(np.array(c["corners"]) / photo.scale) for c in t["cards"] if c["visible"] >= 0.999]
            for q, _ in faces:
                if not whole:
                    break
                tq = min(whole, key=lambda w: np.linalg.norm(w.mean(0) - q.mean(0)))
                ts, tl = sides(tq)
                if np.linalg.norm(tq.mean(0) - q.mean(0)) > 0.1 * ts:
                    continue
                s, l = sides(q)
                across.append(ts / s)
                along.append(tl / l)
    print(f"{len(across)} whole cards: truth / outline across {np.median(across):.3f} "
          f"(quartiles {np.percentile(across, 25):.3f}-{np.percentile(across, 75):.3f}), along "
          f"{np.median(along):.3f} ({np.percentile(along, 25):.3f}-{np.percentile(along, 75):.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
