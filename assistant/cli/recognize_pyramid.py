"""`tableside recognize --game pyramid PHOTO... [--json] [--places 1.1,2.1,...]`

A photo of a Pyramid Solitaire table: the 28 places (`null` = no card there), the waste
top(s), whether the stock is there, every card with its corners and confidence, warnings.
--places is the tracker's prior: the places still holding a card ("all" for a fresh deal).
Errors: `tableside: <message>` on stderr, one line, exit 2 (a photo that cannot be read,
a bad --places).  A photo with cards but no pyramid, or with no cards at all, is no error: the
reading (the cards found, if any) comes back with a warning, exit 0 (the message also goes to
stderr)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROWS = 7


def places_from(text: str | None) -> list[str] | None:
    """The --places option as a list of "r.c" (None: not given)."""
    if text is None:
        return None
    text = text.strip().lower()
    if text == "all":
        return [f"{r}.{c}" for r in range(1, ROWS + 1) for c in range(1, r + 1)]
    if text == "none":
        return []
    return [p.strip() for p in text.split(",") if p.strip()]


def summary(d: dict) -> str:
    """The pyramid drawn as the player sees it (apex on top, `.` for no card), the waste and
    the stock, and the warnings."""
    n = sum(v is not None for v in d["pyramid"].values())     # "?": a card there, not read
    lines = [f"{d['image'] or 'photo'}: {n} pyramid cards ({d['seconds']:.2f} s)"]
    for r in range(1, ROWS + 1):
        cells = [d["pyramid"][f"{r}.{c}"] or "." for c in range(1, r + 1)]
        lines.append(" " * (2 * (ROWS - r)) + "".join(f"{v:>4}" for v in cells))
    lines.append(f"  waste: {' '.join(w or '?' for w in d['waste']) or '-'}   stock: {'yes' if d['stock'] else 'none seen'}")
    lines += [f"  warning: {w}" for w in d["warnings"]]
    return "\n".join(lines)


def run(args) -> int:
    from recognizer import RecognitionError
    from recognizer.pyramid_pipeline import check_prior, recognize_pyramid
    debug = getattr(args, "debug", None)        # the folder was made by recognize.run
    try:
        prior = places_from(getattr(args, "places", None))
        check_prior(prior)
    except ValueError as e:
        print(f"tableside: --places: {e}", file=sys.stderr)
        return 2
    status = 0
    for photo in args.photos:
        try:
            r = recognize_pyramid(photo, prior=prior, debug=debug and Path(debug) / Path(photo).stem)
        except RecognitionError as e:
            print(f"tableside: {photo}: {e}", file=sys.stderr)
            if e.partial is None:           # unreadable input
                status = 2
                continue
            d = e.partial.to_dict()         # a readable photo with nothing found on it
            d["warnings"] = [f"no pyramid found: {e}"] + d["warnings"]
            print(json.dumps(d) if args.json else summary(d), flush=True)
            continue
        except Exception as e:   # never a traceback for the player
            print(f"tableside: {photo}: could not read the photo ({type(e).__name__}: {e})", file=sys.stderr)
            status = 2
            continue
        d = r.to_dict()
        print(json.dumps(d) if args.json else summary(d), flush=True)
    return status
