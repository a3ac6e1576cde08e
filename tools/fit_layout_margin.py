"""Fit pipeline.PLACE_MARGIN: how near must another labelling of the cards come to the
layout fit's winner before the places the two dispute are ringed?

`collect` reads photos with the rule switched off (PLACE_MARGIN = -inf, the readings are
as before) and keeps per photo every labelling within layout.DISPUTE_WINDOW of the winner
(Recognition.contested: its lead and the places it disputes), the truth, and what was read
and flagged (benchmarks/recognize.py's _flagged_places).
`fit` then chooses the threshold on one half -- own renders (synth/render.py) and the
independent photos with even numbers -- as the one that most exceeds, in positions, the wrong
and unflagged positions it flags (gain) over the right and unflagged ones it flags (cost), and
reports gain and cost on both halves, the held-out one being the odd independent photos and
sample_images.

    .venv/bin/python tools/fit_layout_margin.py collect --source own DIR --out own.json
    .venv/bin/python tools/fit_layout_margin.py collect --source independent DIR --out ind.json
    .venv/bin/python tools/fit_layout_margin.py fit own.json ind.json samples.json
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import cv2  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
cv2.setNumThreads(1)

from recognizer import RecognitionError, pipeline, recognize  # noqa: E402

POSITIONS = list("ABCDEFGHIJ") + ["pile1", "pile2", "pile3"]


def _bench():
    """benchmarks/recognize.py, for its _flagged_places (one definition of "flagged")."""
    spec = importlib.util.spec_from_file_location("bench_recognize", ROOT / "benchmarks" / "recognize.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def collect(folder: Path, source: str) -> list[dict]:
    bench = _bench()
    pipeline.PLACE_MARGIN = -math.inf           # read as before; only record the dispute
    rows = []
    for jf in sorted(folder.glob("*.json")):
        truth = json.loads(jf.read_text())
        if "pins" not in truth:
            continue
        img = folder / truth.get("image", jf.with_suffix(".jpg").name)
        if not img.exists():
            continue
        try:
            rec = recognize(str(img))
            got, err, margin, disputed = rec.to_dict(), "", rec.layout_margin, rec.contested
        except RecognitionError as e:
            got, err, margin, disputed = {"pins": {}, "piles": [None] * 3, "cards": []}, str(e), None, []
        want = dict(truth["pins"]) | {f"pile{i + 1}": v for i, v in enumerate(truth["piles"])}
        have = {k: got["pins"].get(k) for k in "ABCDEFGHIJ"} | {f"pile{i + 1}": v for i, v in enumerate(got["piles"])}
        rows.append({"photo": img.name, "source": source, "error": err, "margin": margin, "contested": disputed,
                     "want": want, "have": have, "flagged": sorted(bench._flagged_places(got))})
        print(img.name, margin, [d for d in disputed if d[0] < 1.0], flush=True)
    return rows


def tally(rows: list[dict], tau: float) -> dict:
    """Positions right / wrong, and wrong-unflagged, right-flagged, before and with threshold tau."""
    t = dict(positions=0, right=0, layouts=0, wrong_unflagged=0, right_flagged=0, gain=0, cost=0, photos=len(rows))
    for r in rows:
        new = {k for lead, places in r["contested"] if lead < tau for k in places}
        ok = True
        for k in POSITIONS:
            t["positions"] += 1
            right = r["have"][k] == r["want"][k]
            ok &= right
            t["right"] += right
            # (a photo with an error is flagged as a whole, as the benchmark counts it; its
            # right places, mostly empty ones read empty, are not counted as flagged)
            old = k in r["flagged"] or (bool(r["error"]) and not right)
            now = old or k in new
            if right:
                t["right_flagged"] += now
                t["cost"] += now and not old
            else:
                t["wrong_unflagged"] += not now
                t["gain"] += now and not old
        t["layouts"] += ok
    return t


def halves(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """Fit half: own renders and the even-numbered independent photos; check half: the
    odd-numbered independent photos and sample_images."""
    fit, check = [], []
    for r in rows:
        if r["source"] == "own":
            fit.append(r)
        elif r["source"] == "samples":
            check.append(r)
        else:
            (fit if int(Path(r["photo"]).stem) % 2 == 0 else check).append(r)
    return fit, check


def choose(rows: list[dict]) -> float:
    """The threshold (midway between two leads seen) with the most gain over cost; ties: the smallest."""
    leads = sorted({lead for r in rows for lead, _ in r["contested"]})
    cands = [0.0] + [(a + b) / 2 for a, b in zip(leads, leads[1:])] + ([leads[-1] + 1e-6] if leads else [])
    return max(cands, key=lambda tau: (tally(rows, tau)["gain"] - tally(rows, tau)["cost"], -tau))


def report(name: str, rows: list[dict], tau: float) -> None:
    by = {}
    for r in rows:
        by.setdefault(r["source"] if r["source"] != "independent" else
                      f"independent {'even' if int(Path(r['photo']).stem) % 2 == 0 else 'odd'}", []).append(r)
    for src, rs in sorted(by.items()):
        b, a = tally(rs, -math.inf), tally(rs, tau)
        print(f"  {name} / {src}: {a['photos']} photos, {a['positions']} positions, right {b['right']}, "
              f"layouts {b['layouts']}; wrong-unflagged {b['wrong_unflagged']} -> {a['wrong_unflagged']} "
              f"(gain {a['gain']}); right-but-flagged {b['right_flagged']} -> {a['right_flagged']} (cost {a['cost']})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("folder")
    c.add_argument("--source", choices=["own", "independent", "samples"], required=True)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("dumps", nargs="+")
    a = ap.parse_args(argv)
    if a.cmd == "collect":
        Path(a.out).write_text(json.dumps(collect(Path(a.folder), a.source), indent=1))
        return 0
    rows = [r for d in a.dumps for r in json.loads(Path(d).read_text())]
    fit, check = halves(rows)
    tau = choose(fit)
    print(f"fitted PLACE_MARGIN: {tau:.4f} (on {len(fit)} photos; now {pipeline.PLACE_MARGIN})")
    report("fit half", fit, tau)
    report("check half", check, tau)
    for t in (0.3, 0.6, 1.0, 1.5):
        print(f"  at {t}: fit gain-cost {tally(fit, t)['gain']}-{tally(fit, t)['cost']}, "
              f"check gain-cost {tally(check, t)['gain']}-{tally(check, t)['cost']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
