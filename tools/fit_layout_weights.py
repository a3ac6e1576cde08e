"""Fit the layout score's weights (layout.SCORE_WEIGHTS) as a conditional likelihood, and
compare them with the hand-set ones on photos they were not fitted on.

The layout fit scores every placement of the triangle it tries by SCORE_WEIGHTS . terms
(layout.SCORE_TERMS: pins on slots, their residual, pile tops in a zone, ...) and keeps the
best.  Read as a model, P(placement) is proportional to exp(score / tau): `collect` records,
per photo with truth, every placement fit_lattice tries (unpruned) with its terms and whether
it puts the cards found on the true pins; `fit` finds the weights (the pins' weight fixed at
1, so the scores keep their units and the margins fitted on them keep their meaning) and tau
that maximise the likelihood of the true placements on one half, with a pull towards the
hand-set weights where the data say little; `fit` then reports, on both halves, how often
the best-scoring placement is the true one with each set of weights.

    .venv/bin/python tools/fit_layout_weights.py collect DIR [DIR...] --out F.npz [--half even|odd]
    .venv/bin/python tools/fit_layout_weights.py fit FIT.npz [...] --check CHECK.npz [...]

DIR holds photos with their truth (synth/render.py's JSON, or the independent set's).

Measured 2026-12-04 (fit half: 40 own renders of the development decks, `benchmarks/recognize.py
--quick --decks plastic,tigullio --out DIR`, and the even independent photos; check half: the
odd independent photos and sample_images): the hand-set weights put the true placement first
on 93 of the 95 fit-half photos where it was tried and 93 of 95 on the check half; the fitted
ones (tau 0.033; only AXIS_BONUS moved much, 0.3 -> -0.06) on 95 of 95 and 93 of 95.  No gain
where it counts, so the hand-set weights stay: the photos the layout loses are lost before the
score (cards not found, so the true placement is never tried).
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

from recognizer import layout, pipeline  # noqa: E402
from recognizer.image_io import RecognitionError, load_image  # noqa: E402
from recognizer.mat import find_markers, mat_homography  # noqa: E402

MATCH_IOU = 0.5         # a card found is the true card it overlaps this much (intersection over union)
PRIOR_PULL = 0.05       # the pull towards the hand-set weights (per photo, squared difference)


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    union = cv2.contourArea(np.float32(a)) + cv2.contourArea(np.float32(b)) - inter
    return inter / union if union > 0 else 0.0


def _true_slots(faces: list, scale: float, truth: dict) -> np.ndarray:
    """Per card found: the index of the true pin it is (0-9), or -1."""
    out = np.full(len(faces), -1)
    for i, (corners, _) in enumerate(faces):
        q = np.asarray(corners, np.float64) * scale
        best, best_iou = None, MATCH_IOU
        for c in truth["cards"]:
            iou = _iou(q, np.asarray(c["corners"], np.float64))
            if iou >= best_iou:
                best, best_iou = c, iou
        if best is not None and best.get("role") == "pin":
            out[i] = layout.LETTERS.index(best["position"])
    return out


def collect_photo(path: Path, truth: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(terms, rules part of the score, is-the-true-placement) of every placement tried, or
    None for a photo the lattice fit does not place (the printed mat, too few cards)."""
    try:
        photo = load_image(str(path))
    except RecognitionError:
        return None
    seen = pipeline._read_cards(photo)
    if sum(r.kind == "number" for _, r in seen.faces) < 2 or mat_homography(find_markers(seen.work)) is not None:
        return None
    faces = seen.faces
    record: list = []
    layout.fit_layout([c for c, _ in faces], [True] * len(faces), pipeline._may_be_pin(faces),
                      seen.backs, None, None, pipeline._on_stack(photo.image, faces, seen.slivers),
                      [r.kind != "number" for _, r in faces], record=record)
    if not record:
        return None
    want = _true_slots(faces, photo.scale, truth)
    terms = np.concatenate([t for t, _, _ in record])
    scores = np.concatenate([s for _, s, _ in record])
    true = np.concatenate([(slot == want[None, :]).all(1) for _, _, slot in record])
    return terms, scores - terms @ layout.SCORE_WEIGHTS, true


def collect(folders: list[Path], out: Path, half: str = "all") -> None:
    arrays, names = {}, []
    for folder in folders:
        for jf in sorted(folder.glob("*.json")):
            if half != "all" and (not jf.stem.isdigit() or int(jf.stem) % 2 != (half == "odd")):
                continue
            truth = json.loads(jf.read_text())
            img = folder / truth.get("image", jf.with_suffix(".jpg").name)
            if "cards" not in truth or not img.exists():
                continue
            got = collect_photo(img, truth)
            if got is None:
                continue
            k = len(names)
            names.append(f"{folder.name}/{img.name}")
            arrays[f"terms{k}"], arrays[f"rules{k}"], arrays[f"true{k}"] = got
            print(names[-1], len(got[2]), "placements,", int(got[2].sum()), "true", flush=True)
    np.savez_compressed(out, names=np.array(names), **arrays)


def _load(files: list[str]) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]:
    photos = []
    for f in files:
        d = np.load(f)
        for k, name in enumerate(d["names"]):
            photos.append((str(name), d[f"terms{k}"], d[f"rules{k}"], d[f"true{k}"]))
    return photos


def _nll(w: np.ndarray, tau: float, photos) -> tuple[float, np.ndarray, float]:
    """Negative log-likelihood of the true placements, its gradient in w and in tau."""
    total, grad, gtau = 0.0, np.zeros_like(w), 0.0
    for _, x, rules, true in photos:
        raw = x @ w + rules
        s = raw / tau
        m = s.max()
        p_all = np.exp(s - m)
        p_true = p_all * true
        z_all, z_true = p_all.sum(), p_true.sum()
        total -= np.log(z_true) - np.log(z_all)
        e_all, e_true = p_all @ x / z_all, p_true @ x / z_true
        grad -= (e_true - e_all) / tau
        gtau += ((p_true @ raw) / z_true - (p_all @ raw) / z_all) / tau ** 2
    return total, grad, gtau


def fit(photos, hand: np.ndarray, steps: int = 3000, rate: float = 0.02) -> tuple[np.ndarray, float]:
    """Maximum likelihood with a pull towards the hand-set weights (Adam on w and log tau; the
    pins' weight stays 1)."""
    w, log_tau = hand.copy(), 0.0
    m, v = np.zeros(len(w) + 1), np.zeros(len(w) + 1)
    n = len(photos)
    for t in range(1, steps + 1):
        tau = float(np.exp(log_tau))
        _, gw, gtau = _nll(w, tau, photos)
        gw = gw / n + 2 * PRIOR_PULL * (w - hand)
        gw[0] = 0.0                                  # an inlier is worth 1: the unit of the score
        g = np.append(gw, gtau * tau / n)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        step = rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        w -= step[:-1]
        log_tau -= step[-1]
    return w, float(np.exp(log_tau))


def top1(w: np.ndarray, photos) -> tuple[int, int]:
    """(photos whose best-scoring placement is a true one, photos where a true one was tried)."""
    right = tried = 0
    for _, x, rules, true in photos:
        if true.any():
            tried += 1
            right += bool(true[int(np.argmax(x @ w + rules))])
    return right, tried


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("dirs", nargs="+", type=Path)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--half", choices=["all", "even", "odd"], default="all",
                   help="only the photos with even / odd numbers (the independent set's halves)")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--check", nargs="+", default=[])
    f.add_argument("--steps", type=int, default=3000)
    args = ap.parse_args(argv)
    if args.cmd == "collect":
        collect(args.dirs, args.out, args.half)
        return 0
    fit_half, check_half = _load(args.files), _load(args.check)
    hand = layout.SCORE_WEIGHTS.astype(np.float64)
    w, tau = fit([p for p in fit_half if p[3].any()], hand, args.steps)
    print(f"fitted on {len(fit_half)} photos; tau {tau:.3f}")
    print(f"{'term':12s} {'hand':>8s} {'fitted':>8s}")
    for name, a, b in zip(layout.SCORE_TERMS, hand, w):
        print(f"{name:12s} {a:8.3f} {b:8.3f}")
    for label, photos in (("fit half", fit_half), ("check half", check_half)):
        if photos:
            (rh, n), (rf, _) = top1(hand, photos), top1(w, photos)
            print(f"{label}: best placement true -- hand {rh}/{n}, fitted {rf}/{n}; "
                  f"NLL hand {_nll(hand, 1.0, [p for p in photos if p[3].any()])[0]:.1f}")
            for name, x, rules, true in photos:
                if true.any() and bool(true[int(np.argmax(x @ hand + rules))]) != bool(true[int(np.argmax(x @ w + rules))]):
                    print(f"   {name}: hand {'right' if true[int(np.argmax(x @ hand + rules))] else 'wrong'}, "
                          f"fitted {'right' if true[int(np.argmax(x @ w + rules))] else 'wrong'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
