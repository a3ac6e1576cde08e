"""Benchmark the recogniser: synthetic photos of held-out decks, and real phone photos.

The held-out decks (synth.decks.HELDOUT_DECKS: KDE's Standard and Jolly Royal) are never used
while tuning; `--decks plastic,tigullio` measures the former held-out pair.

    .venv/bin/python benchmarks/recognize.py            # 200 photos at 12 MP + real photos
    .venv/bin/python benchmarks/recognize.py --quick    # 40 photos, smaller, for a quick look
    .venv/bin/python benchmarks/recognize.py --dir sample_images --no-real

Figures printed:
  * per-card accuracy over pins and pile tops (value and position both right),
  * whole-layout exact match (all ten pins and three piles right),
  * rank accuracy over every card found (matched to a true card with IoU >= 0.5),
  * median and max seconds per photo (recognize(path), decode included, one core), beside
    the time of a fixed reference workload, so machines of different speed compare,
  * how many misread values were flagged as unsure (confidence < LOW_CONFIDENCE: the app
    rings them and asks) and how many were confident (what a player would not notice),
  * real photos (edje-train): card-finding recall (box IoU >= 0.5), A/9/10 rank accuracy
    (and how many misreadings were not flagged), and how many J/Q/K were read as a number;
    `--real-turns 0,1,2,3` repeats this with each photo turned by quarter turns.
"""
from __future__ import annotations

import argparse
import collections
import csv
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
cv2.setNumThreads(1)

from benchmarks.environment import versions  # noqa: E402
from recognizer import LOW_CONFIDENCE, RecognitionError, recognize, recognize_cards  # noqa: E402
from recognizer.polygons import quad_iou  # noqa: E402

REAL = Path("/work/shared/real_photos/edje-train")
REAL_RANK = {"ace": "A", "nine": "9", "ten": "10", "jack": "J", "queen": "Q", "king": "K"}


def machine_reference(repeats: int = 5) -> float:
    """Seconds this machine takes for a fixed 12 MP workload like the recogniser's first steps
    (JPEG decode, grey, blur, edges, downscale, one core; the best of `repeats`).  Printed
    beside the seconds per photo so that figures from different machines can be compared:
    one version of the code measured 0.265 s per photo on one machine and 0.664 s on another."""
    rng = np.random.default_rng(0)
    img = cv2.resize(rng.integers(0, 256, (300, 400, 3), dtype=np.uint8), (4000, 3000),
                     interpolation=cv2.INTER_CUBIC)
    data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])[1]
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        im = cv2.imdecode(data, cv2.IMREAD_COLOR)
        g = cv2.GaussianBlur(cv2.cvtColor(im, cv2.COLOR_BGR2GRAY), (5, 5), 0)
        cv2.Canny(g, 30, 90)
        cv2.resize(im, (1100, 825), interpolation=cv2.INTER_AREA)
        sum(i * i for i in range(300_000))       # the Python side (layout fitting, bookkeeping)
        best = min(best, time.perf_counter() - t0)
    return best


def score_synthetic(folder: Path, verbose: bool = False, expect: bool = False) -> dict:
    files = sorted(folder.glob("*.json"))
    n_slots = n_slot_ok = n_layout = n_layout_ok = 0
    n_found = n_rank_ok = n_true = n_recall = 0
    errors = 0
    times = []
    fails = collections.Counter()
    wrong_values = collections.Counter()
    bad_layouts = []
    n_placed_wrong = 0          # layouts missed with every pin and pile top read right
    n_missed_warned = 0         # layouts missed that the reading itself says to check
    n_pile_2_or_3 = 0           # ... of which the lone pile right of J numbered 2 that is 3
    for jf in files:
        truth = json.loads(jf.read_text())
        img = jf.with_suffix(".jpg")
        if not img.exists() or "pins" not in truth:
            continue
        t0 = time.perf_counter()
        try:
            prior = None
            if expect:      # the tracker's prior, taken from the truth: standing pins, live piles
                prior = {"standing": [k for k, v in truth["pins"].items() if v is not None],
                         "piles": [v is not None for v in truth["piles"]]}
            rec = recognize(str(img), expect=prior)
            got, asked = rec.to_dict(), rec.layout_guess or bool(rec.unread)
        except RecognitionError as e:
            got = {"pins": {k: None for k in "ABCDEFGHIJ"}, "piles": [None] * 3, "cards": [], "error": str(e)}
            asked = True            # an error is no silent misreading
            errors += 1
        times.append(time.perf_counter() - t0)
        # pins and piles: value and position
        ok_all = True
        gcards = {("pin", c["position"]): c for c in got["cards"] if c["role"] == "pin"}
        gcards.update({("pile", c["position"]): c for c in got["cards"] if c["role"] == "pile"})
        for c in truth["cards"]:
            if c["role"] not in ("pin", "pile"):
                continue
            n_slots += 1
            g = gcards.get((c["role"], c["position"]))
            if g is not None and g["value"] == c["value"] and quad_iou(g["corners"], c["corners"]) > 0.5:
                n_slot_ok += 1
            else:
                ok_all = False
                fails[(c["role"], "missing" if g is None else "wrong value" if g["value"] != c["value"] else "wrong card")] += 1
                if g is not None and g["value"] != c["value"]:
                    # a flagged card is ringed in the app and the player asked; a confident one is not
                    wrong_values["flagged" if g["confidence"] < LOW_CONFIDENCE else "confident"] += 1
        # nothing else may be taken for a pin or a pile
        true_slots = {(c["role"], c["position"]) for c in truth["cards"] if c["role"] in ("pin", "pile")}
        for key in gcards:
            if key not in true_slots:
                ok_all = False
                fails[(key[0], "extra (a gap or discard taken as one)")] += 1
        n_layout += 1
        n_layout_ok += ok_all
        if not ok_all:
            bad_layouts.append(img.name)
            n_placed_wrong += _all_read(truth, got)
            n_pile_2_or_3 += _pile_2_or_3(truth, got)
            warned = _warned(got, asked)
            n_missed_warned += warned
        # every card found: is its rank right?
        for g in got["cards"]:
            best = max(truth["cards"], key=lambda c: quad_iou(g["corners"], c["corners"]), default=None)
            if best is None or quad_iou(g["corners"], best["corners"]) < 0.5:
                continue
            n_found += 1
            n_rank_ok += g["rank"] == best["rank"] or (best["rank"] in ("J", "Q", "K", "joker") and g["value"] is None)
        for c in truth["cards"]:
            if c.get("visible", 1) < 0.9:
                continue
            n_true += 1
            n_recall += any(quad_iou(g["corners"], c["corners"]) >= 0.5 for g in got["cards"])
        if verbose and not ok_all:
            print("  FAIL", img.name, "(asked to check)" if warned else "(SILENT)", got.get("error", ""),
                  "truth pins", truth["pins"], truth["piles"],
                  "got", got["pins"], got["piles"])
    return {"photos": n_layout, "per_card": n_slot_ok / max(n_slots, 1), "slots": n_slots,
            "layout_exact": n_layout_ok / max(n_layout, 1), "rank_acc_found": n_rank_ok / max(n_found, 1),
            "found": n_found, "recall_visible": n_recall / max(n_true, 1), "errors": errors,
            "median_s": float(np.median(times)) if times else 0, "max_s": float(np.max(times)) if times else 0,
            "failures": dict(fails), "bad_layouts": bad_layouts, "placed_wrong": n_placed_wrong,
            "missed_warned": n_missed_warned, "pile_2_or_3": n_pile_2_or_3,
            "wrong_flagged": wrong_values["flagged"], "wrong_confident": wrong_values["confident"]}


def _warned(got: dict, asked: bool) -> bool:
    """Does the reading tell the player to check it: asked (its layout a guess -- pin letters or a
    pile's number -- or a card the prior expects not read), or a pin or pile top read with low
    confidence (ringed in the app)?  A missed layout with none of these is a silent misreading,
    the kind a player cannot catch."""
    return asked or any(c["role"] in ("pin", "pile") and c["confidence"] < LOW_CONFIDENCE
                        for c in got["cards"])


def _all_read(truth: dict, got: dict) -> bool:
    """Was every true pin and pile top found (IoU > 0.5) and its value read right, wherever the
    layout placed it?  A missed layout that was read right only placed cards wrongly: pin letters
    shifted a column, or a lone pile numbered 2 that is 3 -- what one photo of a sparse frame
    may not settle and the tracker's prior (--expect) does."""
    for c in truth["cards"]:
        if c["role"] not in ("pin", "pile"):
            continue
        g = max(got["cards"], key=lambda g: quad_iou(g["corners"], c["corners"]), default=None)
        if g is None or quad_iou(g["corners"], c["corners"]) <= 0.5 or g["value"] != c["value"]:
            return False
    return True


def _pile_2_or_3(truth: dict, got: dict) -> bool:
    """Is the only thing wrong that a pile right of J with pile 2 used up was read as pile 2
    (the mat's arrangement with pile 3 used up)?  One photo cannot tell the two apart; the
    reading says so in a warning, and the tracker's prior settles it."""
    t, g = truth["piles"], got["piles"]
    return (got["pins"] == truth["pins"] and t[0] == g[0] and t[1] is None and g[2] is None
            and t[2] is not None and g[1] == t[2])


def _turned_box(box: list[float], size: tuple[int, int], turns: int) -> list[float]:
    """A labelled box (xmin, ymin, xmax, ymax) in a photo of size (w, h) after np.rot90(photo,
    turns): each quarter turn is counter-clockwise, (x, y) -> (y, w - x)."""
    (x0, y0, x1, y1), (w, h) = box, size
    for _ in range(turns % 4):
        x0, y0, x1, y1, w, h = y0, w - x1, y1, w - x0, h, w
    return [x0, y0, x1, y1]


def real_counts(names: list[str]) -> dict:
    """score_real's counts on these real photos that a fit compares (tools/fit_fan.py,
    tools/fit_askew.py): cards found, J/Q/K read as a number, A/9/10 wrong and not asked,
    cards reported where none is labelled."""
    r = score_real(REAL, names)
    return {"found": round(r["recall"] * r["cards"]), "cards": r["cards"], "jqk_as_number": r["jqk_read_as_number"],
            "unlabelled": r["false"], "a910_sure_wrong": r["a910_sure_wrong"]}


def real_counts_line(f: dict) -> str:
    return (f"found {f['found']}/{f['cards']} ({100 * f['found'] / f['cards']:.2f} %), J/Q/K as a number "
            f"{f['jqk_as_number']}, A/9/10 wrong and not asked {f['a910_sure_wrong']}, reported where none is "
            f"labelled {f['unlabelled']}")


def real_rank(f: dict) -> tuple:
    """A fit's order of real_counts: most cards found, then fewest J/Q/K read as a number,
    fewest A/9/10 wrong and not asked, fewest cards reported where none is labelled."""
    return f["found"], -f["jqk_as_number"], -f["a910_sure_wrong"], -f["unlabelled"]


def card_box(corners, size: tuple) -> tuple[float, float, float, float]:
    """The axis-aligned box of a card's corners, clipped to the photo (width, height): the
    labels box what the photo shows of a card, so a card it cuts off is boxed to its edge."""
    p = np.clip(np.asarray(corners, np.float64), 0, size)
    return p[:, 0].min(), p[:, 1].min(), p[:, 0].max(), p[:, 1].max()


def _box_iou(a, b) -> float:
    """Intersection over union of two axis-aligned boxes (xmin, ymin, xmax, ymax, ...)."""
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    u = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - ix * iy
    return ix * iy / u if u > 0 else 0.0


def real_labels(folder: Path = REAL) -> dict[str, list[dict]]:
    """The labelled cards of each real photo: labels.csv's rows by image name."""
    rows = collections.defaultdict(list)
    with open(folder / "labels.csv") as f:
        for r in csv.DictReader(f):
            rows[r["image"]].append(r)
    return rows


def real_half(names, half: str) -> list[str]:
    """The photos of one half, every other one in name order: "odd" was used while tuning,
    "even" is held out, "all" is both."""
    names = sorted(names)
    return names if half == "all" else names[1::2] if half == "odd" else names[0::2]


def score_real(folder: Path, images: list[str] | None = None, turns: int = 0) -> dict:
    """Card finding and rank reading on labelled real photos; turns: quarter turns applied
    to each photo first (a phone held the other way: the figures should not change)."""
    import cv2
    rows = real_labels(folder)
    names = sorted(rows) if images is None else images
    n_true = n_hit = 0
    n_num = n_num_ok = 0
    court_as_number = 0
    n_court = 0
    n_num_sure_wrong = 0
    n_false = n_false_sure = 0
    conf = collections.Counter()
    for name in names:
        source, size = str(folder / name), (0, 0)
        if turns:                       # imread applies EXIF orientation, as recognize does
            photo = cv2.imread(source)
            source, size = np.ascontiguousarray(np.rot90(photo, turns)), (photo.shape[1], photo.shape[0])
        try:
            read = recognize_cards(source).to_dict()
            got, wh = read["cards"], (read["width"], read["height"])
        except RecognitionError:
            got = []
        boxes = []
        for g in got:
            boxes.append((*card_box(g["corners"], wh), g))
        labelled = []
        for r in rows[name]:
            tb = _turned_box([float(r[k]) for k in ("xmin", "ymin", "xmax", "ymax")], size, turns)
            want = REAL_RANK[r["rank"]]
            n_true += 1
            labelled.append(tb)
            best, bi = None, 0.0
            for b in boxes:
                iou = _box_iou(tb, b)
                if iou > bi:
                    best, bi = b[4], iou
            if bi >= 0.5:
                n_hit += 1
                if want in ("A", "9", "10"):
                    n_num += 1
                    n_num_ok += best["rank"] == want
                    n_num_sure_wrong += best["rank"] != want and best["confidence"] >= LOW_CONFIDENCE
                    conf[(want, best["rank"])] += 1
                else:
                    n_court += 1
                    court_as_number += best["value"] is not None
                    conf[(want, best["rank"] if best["value"] is not None else "court")] += 1
        for b in boxes:      # a card reported where none is labelled: a fan taken as one, a non-card
            if all(_box_iou(tb, b) < 0.5 for tb in labelled):
                n_false += 1
                n_false_sure += b[4]["value"] is not None and b[4]["confidence"] >= LOW_CONFIDENCE
    return {"photos": len(names), "cards": n_true, "recall": n_hit / max(n_true, 1),
            "false": n_false, "false_sure_numbers": n_false_sure,
            "a910_found": n_num, "a910_rank_acc": n_num_ok / max(n_num, 1), "a910_sure_wrong": n_num_sure_wrong,
            "jqk_found": n_court, "jqk_read_as_number": court_as_number,
            "confusions": {f"{a}->{b}": v for (a, b), v in sorted(conf.items()) if a != b}}


INDEPENDENT = Path("/work/shared/photo_sets/independent-dev")
POSITIONS = list("ABCDEFGHIJ") + ["pile1", "pile2", "pile3"]


def _flagged_places(got: dict) -> set[str]:
    """The positions a reading tells the player to check: a warning naming the pin or pile
    ("pin H", "pins H, I", "pile 2", "piles 1 and 3"), or a card there read below LOW_CONFIDENCE."""
    import re
    out = set()
    for w in got.get("warnings", []):
        for m in re.finditer(r"\bpins? ((?:[A-J](?:, | and |\b))+)", w):
            out.update(re.findall(r"[A-J]", m.group(1)))
        for m in re.finditer(r"\bpiles? ((?:[1-3](?:, | and |\b))+)", w):
            out.update("pile" + k for k in re.findall(r"[1-3]", m.group(1)))
    for c in got.get("cards", []):
        if c["role"] in ("pin", "pile") and c["confidence"] < LOW_CONFIDENCE:
            out.add(c["position"] if c["role"] == "pin" else f"pile{c['position']}")
    return out


def independent_kinds(scn: dict) -> list[str]:
    """The scene kinds a photo of the independent set counts under in the breakdowns."""
    tilt = scn["tilt_deg"]
    mode = scn["layout"]["pile_mode"]
    kinds = ["piles " + ("below" if mode == "below" else "beside"), f"pile row {mode}",
             "table " + scn["table"]["kind"],
             "tilt " + ("<15" if tilt < 15 else "15-25" if tilt < 25 else ">=25"),
             "mid-frame" if scn["mid_frame"] else "fresh deal",
             f"deck {scn['deck']}"]
    names = sorted({d if isinstance(d, str) else d.get("kind", "?") for d in scn.get("distractors", [])})
    kinds += [f"prop {n}" for n in names] or ["no props"]
    return kinds


def score_independent(folder: Path, verbose: bool = False, dump: str | None = None) -> dict:
    """Score a folder in the independent renderer's format (its README): per photo 13 positions
    (ten pins, three pile tops; null = knocked down or empty must be read so), whole layouts,
    positions wrong and not flagged (no warning names them, confidence >= LOW_CONFIDENCE),
    photos with an error, seconds; and the same per scene kind."""
    files = sorted(folder.glob("*.json"))
    tot = collections.Counter()
    by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    times, rows = [], []
    for jf in files:
        truth = json.loads(jf.read_text())
        img = folder / truth.get("image", jf.with_suffix(".jpg").name)
        t0 = time.perf_counter()
        err = ""
        try:
            got = recognize(str(img)).to_dict()
        except RecognitionError as e:
            err = str(e)
            part = getattr(e, "partial", None)
            got = part.to_dict() if part is not None else {"pins": {k: None for k in "ABCDEFGHIJ"},
                                                           "piles": [None] * 3, "cards": [], "warnings": []}
        dt = time.perf_counter() - t0
        times.append(dt)
        flagged = _flagged_places(got)
        want = dict(truth["pins"]) | {f"pile{i + 1}": v for i, v in enumerate(truth["piles"])}
        have = dict(got["pins"]) | {f"pile{i + 1}": v for i, v in enumerate(got["piles"])}
        c = collections.Counter(photos=1, errors=bool(err), no_cards=("no cards" in err or "too few" in err
                                                                     or "no face-up" in err))
        wrong = []
        for k in POSITIONS:
            c["positions"] += 1
            if have[k] == want[k]:
                c["right"] += 1
            else:
                wrong.append(k)
                c["unflagged"] += not err and k not in flagged
        c["layouts_ok"] += not wrong
        tot.update(c)
        for kind in independent_kinds(truth["scenario"]):
            by_kind[kind].update(c)
        rows.append({"photo": img.name, "wrong": wrong, "error": err, "seconds": round(dt, 3),
                     "kinds": independent_kinds(truth["scenario"]), "want": want, "have": have,
                     "flagged": sorted(flagged)})
        if verbose and wrong:
            print("  FAIL", img.name, err[:60], "wrong:", wrong, [(k, want[k], have[k]) for k in wrong],
                  "unflagged:", [k for k in wrong if k not in flagged and not err], flush=True)
    if dump:
        Path(dump).write_text(json.dumps(rows, indent=1))
    return {"total": tot, "by_kind": by_kind, "median_s": float(np.median(times)) if times else 0.0,
            "max_s": float(np.max(times)) if times else 0.0}


def print_independent(res: dict, folder: Path) -> None:
    t = res["total"]
    pos, ph = max(t["positions"], 1), max(t["photos"], 1)
    print(f"\nindependent renders ({folder}): {t['photos']} photos, {t['positions']} positions")
    print(f"  positions read right (pins and pile tops, empty as empty): {100 * t['right'] / pos:.2f} %")
    print(f"  whole layouts exactly right:                               {100 * t['layouts_ok'] / ph:.2f} %")
    print(f"  positions wrong and not flagged:                           {t['unflagged']} "
          f"({100 * t['unflagged'] / pos:.2f} %)")
    print(f"  photos with an error: {t['errors']} (no cards / too few cards: {t['no_cards']})")
    print(f"  seconds per photo: median {res['median_s']:.3f}, max {res['max_s']:.3f}")
    print("  by scene kind:              photos  positions  layouts  unflagged  errors")
    for kind in sorted(res["by_kind"]):
        k = res["by_kind"][kind]
        print(f"    {kind:26s} {k['photos']:5d}   {100 * k['right'] / max(k['positions'], 1):6.2f} %"
              f"  {100 * k['layouts_ok'] / max(k['photos'], 1):6.2f} %  {k['unflagged']:6d}  {k['errors']:6d}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--quick", action="store_true", help="40 photos at 3 MP")
    ap.add_argument("--size", default="3000x4000", help="photo size for the synthetic set (12 MP)")
    ap.add_argument("--decks", default=None, help="decks to render (default: the held-out decks)")
    ap.add_argument("--dir", default=None, help="score an existing folder of photos + JSON instead")
    ap.add_argument("--out", default=None, help="keep the rendered photos here")
    ap.add_argument("--kind", default="mixed", help="synthetic scene kinds (render.py's --kind)")
    ap.add_argument("--overlap", type=float, default=None,
                    help="touching scenes overlap their pins 2 mm to this many mm (render.py's --overlap)")
    ap.add_argument("--independent", nargs="?", const=str(INDEPENDENT), default=None, metavar="DIR",
                    help="score a folder in the independent renderer's format (default "
                         f"{INDEPENDENT}) instead of rendering")
    ap.add_argument("--dump", default=None, help="--independent: write per-photo results to this JSON file")
    ap.add_argument("--no-independent", action="store_true",
                    help="after the own renders, do not score the independent set (scored when it is there)")
    ap.add_argument("--no-real", action="store_true")
    ap.add_argument("--real-only", action="store_true")
    ap.add_argument("--real-half", choices=["all", "odd", "even"], default="all",
                    help="real photos: all, or every other one in name order (odd = used while tuning, "
                         "even = held out)")
    ap.add_argument("--real-turns", default="0", metavar="K,K",
                    help="real photos: also score them turned K quarter turns, e.g. 0,1,2,3 (a phone held "
                         "the other way)")
    ap.add_argument("--expect", action="store_true",
                    help="synthetic: give recognize the tracker's prior (standing pins, live piles) from the truth")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    print(f"({versions()})")
    if a.quick:
        a.count, a.size = min(a.count, 40), "1500x2000"
    if a.independent and not a.real_only:
        folder = Path(a.independent)
        print_independent(score_independent(folder, a.verbose, a.dump), folder)
    elif not a.real_only:
        if a.dir:
            folder = Path(a.dir)
        else:
            from synth import render
            from synth.decks import HELDOUT_DECKS, missing_decks
            decks = a.decks or ",".join(HELDOUT_DECKS)
            missing = missing_decks(decks.split(","))
            if missing:
                print(missing, file=sys.stderr)
                return 2
            folder = Path(a.out or tempfile.mkdtemp(prefix="tableside-bench-"))
            print(f"rendering {a.count} photos ({a.size}, decks {decks}, seed {a.seed}) into {folder} ...", flush=True)
            render.main(["--out", str(folder), "--count", str(a.count), "--seed", str(a.seed),
                         "--decks", decks, "--size", a.size, "--quality", "90", "--kind", a.kind]
                        + (["--overlap", str(a.overlap)] if a.overlap else []))
        res = score_synthetic(folder, a.verbose, a.expect)
        print(f"\nsynthetic: {res['photos']} photos, {res['slots']} pins+pile tops")
        print(f"  per-card accuracy (pins and pile tops, value and position): {100 * res['per_card']:.2f} %")
        print(f"  whole-layout exact match:                                   {100 * res['layout_exact']:.2f} %")
        print(f"  of the {len(res['bad_layouts'])} layouts missed, read right but placed wrong:     {res['placed_wrong']} "
              "(every card found and its value right; letters or pile numbers wrong)")
        print(f"  of the {len(res['bad_layouts'])} layouts missed, the reading asked to check:      {res['missed_warned']} "
              f"(a guessed layout, an expected card unread or an unsure card; silent: {len(res['bad_layouts']) - res['missed_warned']})")
        print(f"  of the {len(res['bad_layouts'])} layouts missed, pile 3 read as pile 2:            {res['pile_2_or_3']} "
              "(pile 2 used up, or pile 3 as on the mat? one photo cannot tell; the reading says so)")
        print(f"  rank accuracy over the {res['found']} cards found:                   {100 * res['rank_acc_found']:.2f} %")
        print(f"  recall of fully visible cards:                              {100 * res['recall_visible']:.2f} %")
        print(f"  photos rejected with an error:                              {res['errors']}")
        print(f"  seconds per photo: median {res['median_s']:.3f}, max {res['max_s']:.3f} "
              f"(this machine's reference workload: {machine_reference():.3f} s; see machine_reference)")
        print(f"  failures: {res['failures']}")
        print(f"  wrong values: {res['wrong_flagged']} flagged as unsure, {res['wrong_confident']} confident "
              f"({100 * res['wrong_confident'] / max(res['slots'], 1):.2f} % of the cards)")
        if a.verbose:
            print("  bad layouts:", res["bad_layouts"])
        if not a.dir and not a.no_independent and INDEPENDENT.is_dir():
            # every source in one run: the own renders, then photos from another renderer
            print_independent(score_independent(INDEPENDENT, a.verbose, a.dump), INDEPENDENT)
    if not a.no_real and REAL.is_dir():
        names = real_half(real_labels(), a.real_half)
        for turns in sorted(set(int(t) % 4 for t in a.real_turns.split(","))):
            r = score_real(REAL, names, turns)
            turned = f", turned {90 * turns} degrees" if turns else ""
            print(f"\nreal photos ({REAL}, {a.real_half}{turned}): {r['photos']} photos, {r['cards']} labelled cards")
            print(f"  card-finding recall (box IoU >= 0.5): {100 * r['recall']:.2f} %")
            print(f"  A/9/10 rank accuracy on {r['a910_found']} found: {100 * r['a910_rank_acc']:.2f} % "
                  f"(read wrong, not flagged as unsure: {r['a910_sure_wrong']})")
            print(f"  J/Q/K found: {r['jqk_found']}, read as a number: {r['jqk_read_as_number']}")
            print(f"  cards reported where none is labelled: {r['false']} "
                  f"(read as a number and not flagged as unsure: {r['false_sure_numbers']})")
            print(f"  confusions: {r['confusions']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
