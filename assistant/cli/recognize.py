"""`tableside recognize PHOTO... [--json] [--overlay OUT] [--state] [--down 4,2,1] [--out 0,1,9]
[--standing CD --piles 1,3 | --fresh] [--debug DIR]`

register(subparsers) adds the subcommand to the main `tableside` argparse parser; run(args)
returns the exit status.  Errors go to stderr as `tableside: <message>`, never a traceback.
The recogniser (OpenCV) is imported by run() only, so the other commands start without it.

--overlay OUT: with one photo OUT is the image file to write; with several, OUT is a
directory (created if needed, but never the folders above it) receiving <stem>.overlay.jpg, or a pattern containing
"{stem}" such as "out/{stem}-seen.png".

--standing / --piles / --fresh: what the player already knows about the table, passed to
recognize() as its `expect` prior (the web app sends the tracker's).  One photo of a sparse
mid-frame cannot always tell which slots two or three pins stand on, nor whether a lone pile
right of J is pile 2 or 3; the player can.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..bowling.cards import face_value      # a ten reads 10, never 0
from ..bowling.layout import PINS as LETTERS
from ..bowling.state import FrameState


def register(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("recognize", help="read a photo of the table: pins, pile tops, values",
                              description="Read photos of a Bowling Solitaire table: which card is on "
                                          "which pin and pile.")
    p.add_argument("photos", nargs="+", metavar="PHOTO", help="photo file(s), JPEG/PNG")
    p.add_argument("--json", action="store_true", help="print one JSON object per photo, one per line")
    p.add_argument("--overlay", metavar="OUT",
                   help="write the photo with what was seen drawn on it (a file; for several photos a "
                        "directory or a pattern with {stem})")
    p.add_argument("--state", action="store_true",
                   help="also print the reading as the rules engine's state JSON")
    p.add_argument("--down", metavar="N,N,N", help="face-down cards under each pile top, e.g. 4,2,1")
    p.add_argument("--out", metavar="V,V,...", help="values already out of play this frame, e.g. 0,1,9")
    p.add_argument("--standing", metavar="LETTERS",
                   help="pins still standing, e.g. CD or C,D (none: no pin); cards are placed on these only")
    p.add_argument("--piles", metavar="N,N", help="piles that still have a face-up top, e.g. 1,3 (none: no pile)")
    p.add_argument("--fresh", action="store_true",
                   help="a fresh deal: all ten pins and three pile tops (--standing ABCDEFGHIJ --piles 1,2,3)")
    p.add_argument("--debug", metavar="DIR",
                   help="write one picture per stage of the recogniser into DIR/<photo name>/ "
                        "(photo, outlines found, ranks read, layout fitted, result)")
    # Pyramid Solitaire (assistant/cli/recognize_pyramid.py)
    p.add_argument("--game", choices=("bowling", "pyramid"), default="bowling",
                   help="the game on the table (default bowling)")
    p.add_argument("--places", metavar="R.C,...",
                   help="pyramid: the places still holding a card, e.g. 1.1,2.1,2.2 (all: a fresh deal)")
    p.set_defaults(func=run)
    return p


class UsageError(Exception):
    pass


def _ints(text: str | None, what: str) -> list[int] | None:
    if text is None:
        return None
    text = text.strip()
    if not text:
        return []
    try:
        return [int(v) for v in text.split(",")]
    except ValueError:
        raise UsageError(f"--{what} wants comma-separated whole numbers, got {text!r}") from None


def expect_from(standing: str | None, piles: str | None, fresh: bool = False) -> dict | None:
    """recognize()'s expect prior from the --standing / --piles / --fresh options."""
    if fresh:
        if standing is not None or piles is not None:
            raise UsageError("--fresh already says every pin and pile is there: leave out --standing and --piles")
        return {"standing": list(LETTERS), "piles": [True, True, True]}
    expect = {}
    if standing is not None:
        letters = "" if standing.strip().lower() == "none" else standing.replace(",", "").replace(" ", "").upper()
        if set(letters) - set(LETTERS):
            raise UsageError(f"--standing wants pin letters A to J, e.g. CD; got {standing!r}")
        expect["standing"] = sorted(set(letters))
    if piles is not None:
        nums = [] if piles.strip().lower() == "none" else _ints(piles, "piles")
        if any(n not in (1, 2, 3) for n in nums):
            raise UsageError(f"--piles wants pile numbers 1 to 3, e.g. 1,3; got {piles!r}")
        expect["piles"] = [k in nums for k in (1, 2, 3)]
    return expect or None


def _overlay_path(out: str, photo: str, many: bool) -> Path:
    stem = Path(photo).stem
    if "{stem}" in out:
        return Path(out.replace("{stem}", stem))
    if many or out.endswith(os.sep) or Path(out).is_dir():
        return Path(out) / f"{stem}.overlay.jpg"
    return Path(out)


HINTS = [("standing", "--standing with the letters of the pins still standing (e.g. CDGJ)"),
         ("piles", "--piles with the piles that have a face-up top (e.g. 1,3)")]


def summary(d: dict, guessed: bool = False, known=()) -> str:
    """A short human reading: the triangle as the player sees it, pile tops, warnings.
    guessed: the layout's letters or a pile's number were guessed -- say which of the options
    not given (known: the keys of the prior given, "standing" and/or "piles") settle it."""
    v = lambda k: "." if d["pins"][k] is None else face_value(d["pins"][k])
    rows = ["   ".join(v(k) for k in "ABCD"), "   ".join(v(k) for k in "EFG"), "   ".join(v(k) for k in "HI"), v("J")]
    lines = [f"{d['image'] or 'photo'}: {sum(x is not None for x in d['pins'].values())} pins, "
             f"{sum(x is not None for x in d['piles'])} pile tops ({d['seconds']:.2f} s)"]
    for i, r in enumerate(rows):
        lines.append("    " + "  " * i + r)
    lines.append("  piles: " + "  ".join(f"{i + 1}:{'-' if t is None else face_value(t)}"
                                         for i, t in enumerate(d["piles"])))
    for w in d["warnings"]:
        lines.append(f"  warning: {w}")
    options = [text for key, text in HINTS if key not in known]
    if guessed and options:
        lines.append("  hint: to settle the guess, give what you know: " + " and ".join(options))
    return "\n".join(lines)


def state_json(d: dict, down: list[int] | None, out: list[int] | None) -> dict:
    """The rules engine's frame state from a reading (and the player's --down/--out)."""
    fresh = all(x is not None for x in d["pins"].values()) and all(x is not None for x in d["piles"])
    if down is None or out is None:
        if fresh:
            down = [4, 2, 1] if down is None else down
            out = [] if out is None else out
        else:
            raise UsageError("this is not a fresh deal (pins removed or a pile empty): give the face-down "
                             "counts and the cards out of play with --down N,N,N and --out V,V,...")
    if len(down) != 3:
        raise UsageError(f"--down wants three numbers (one per pile), got {len(down)}")
    state = {"pins": {k: val for k, val in d["pins"].items() if val is not None},
             "piles": [{"top": t, "down": n} for t, n in zip(d["piles"], down)],
             "ball": 1, "out": list(out)}
    try:
        FrameState.from_json(state)
    except ValueError as e:
        raise UsageError(f"the reading is not a valid game state: {e}") from None
    return state


def _make_folder(folder: Path, what: str) -> str | None:
    """Make the named folder (never the folders above it: a typo must not become new
    directories); the problem in words, or None."""
    if not folder.parent.is_dir():
        return f"cannot write {what}s into {folder}: the folder {folder.parent} does not exist"
    try:
        folder.mkdir(exist_ok=True)
    except OSError as e:
        return f"cannot make the {what} folder {folder}: {e.strerror or e}"
    return None


def _write_overlay(draw_overlay, photo: str, reading, target: Path) -> bool:
    import cv2  # heavy (OpenCV): only when an overlay is written
    if not target.parent.is_dir():       # a typo in the path must not become new directories
        print(f"tableside: cannot write overlay {target}: the folder {target.parent} does not exist",
              file=sys.stderr)
        return False
    try:
        if not cv2.imwrite(str(target), draw_overlay(photo, reading)):
            raise OSError("unsupported file type or unwritable path")
        return True
    except (OSError, cv2.error) as e:
        print(f"tableside: cannot write overlay {target}: {e}", file=sys.stderr)
        return False


def run(args) -> int:
    debug = getattr(args, "debug", None)
    problem = debug and _make_folder(Path(debug), "stage picture")
    if problem:
        print(f"tableside: {problem}", file=sys.stderr)
        return 2
    if getattr(args, "game", "bowling") == "pyramid":
        from .recognize_pyramid import run as run_pyramid
        return run_pyramid(args)
    # heavy (OpenCV, NumPy): the recogniser loads when a photo is read, not for every command
    from recognizer import PhotoTooLarge, RecognitionError, draw_overlay, recognize
    status = 0
    try:
        down = _ints(getattr(args, "down", None), "down")
        out = _ints(getattr(args, "out", None), "out")
        expect = expect_from(getattr(args, "standing", None), getattr(args, "piles", None),
                             getattr(args, "fresh", False))
    except UsageError as e:
        print(f"tableside: {e}", file=sys.stderr)
        return 2
    many = len(args.photos) > 1
    if args.overlay and many and "{stem}" not in args.overlay:
        problem = _make_folder(Path(args.overlay), "overlay")
        if problem:
            print(f"tableside: {problem}", file=sys.stderr)
            return 2
    for photo in args.photos:
        try:
            r = recognize(photo, expect=expect, debug=debug and Path(debug) / Path(photo).stem)
        except PhotoTooLarge as e:        # refused from its header, before any decoding
            print(f"tableside: {photo}: {e}", file=sys.stderr)
            status = 2
            continue
        except RecognitionError as e:
            print(f"tableside: {photo}: {e}", file=sys.stderr)
            if e.partial is None:       # unreadable input: nothing was seen
                status = 1
                continue
            # a readable photo with no layout in it (one card, a few, a close-up): the cards
            # that were found are still the reading, with a warning that no layout was found
            d = e.partial.to_dict()
            d["warnings"] = [f"no layout found: {e}"] + d["warnings"]
            print(json.dumps(d) if args.json else summary(d), flush=True)
            if args.overlay:            # what was seen tells the player why
                target = _overlay_path(args.overlay, photo, many)
                if _write_overlay(draw_overlay, photo, e.partial, target):
                    print(f"tableside: the cards that were found are drawn in {target}", file=sys.stderr)
                else:
                    status = 1
            if args.state:
                print(f"tableside: {photo}: no layout found, so no game state", file=sys.stderr)
                status = 2
            continue
        except Exception as e:   # never a traceback for the player
            print(f"tableside: {photo}: could not read the photo ({type(e).__name__}: {e})", file=sys.stderr)
            status = max(status, 1)
            continue
        d = r.to_dict()
        print(json.dumps(d) if args.json else summary(d, r.layout_guess, expect or {}), flush=True)
        if args.overlay and not _write_overlay(draw_overlay, photo, r, _overlay_path(args.overlay, photo, many)):
            status = max(status, 1)
        if args.state:
            try:
                print(json.dumps(state_json(d, down, out)), flush=True)
            except UsageError as e:
                print(f"tableside: {photo}: {e}", file=sys.stderr)
                status = 2
    return status
