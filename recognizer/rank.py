"""Stage 3, read_rank: what a rectified card shows, from independent cues.

  * pip count: the card body's ink blobs of one common size (the corner indices masked
    out); 1 large pip is an ace, 2..10 pips a number card, a big picture a court card.
  * corner index: the rank glyph in the top-left corner (and, rotated, the bottom-right
    one) compared with templates cut from the training decks (nearest neighbours).
  * a card back (a pattern over the whole face) and an empty rectangle (a printed slot
    on the play mat) are recognised as such and not reported as cards.

Both cues vote; when they agree the confidence is high, when they disagree the
stronger cue wins with a low confidence, so the caller can warn instead of guessing.
The templates are built by `python -m synth.templates --build` (needs gnome-cards-data).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from assistant.bowling.cards import value_of


DATA = Path(__file__).with_name("data")
NUMBER_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
COURT_RANKS = ["J", "Q", "K"]
PIPS = {r: i + 1 for i, r in enumerate(NUMBER_RANKS)}     # pips on each number card: A = 1 ... 10 = 10
GLYPH_W, GLYPH_H = 16, 24
PICTURE_INDEX = "picture card, index says"   # the note of a picture read by its number index
# ---- Tuning: the numbers the reading decides by, in one place, each with its reason. ----
# The corner index
IDX_W, IDX_H = 0.24, 0.31          # corner index box, fraction of the card
INDEX_COLUMN = 0.15                # the index's column along the long sides, fraction of the width
SURE_SIM, SURE_MARGIN = 0.85, 0.3  # an index reading that overrules the pip count (see read_rank)
LEGIBLE = 0.75                     # a corner glyph matching no rank this well shows no legible index
INDEX_WEAK = 0.6                   # the weakest index match that still names a rank
# Ink
COLOUR_CUT = 0.74                  # coloured ink: one channel below this fraction of its paper level
COLOUR_SAT = 40                    # and at least this saturated (not a grey shadow)
INK_CUT = 0.72                     # ink is darker than this fraction of the local paper white...
INK_CUT_FAINT = 0.86               # ...or, on a card with faint ink, up to this
# Paper in an index corner (corner_paper): a face card's corner is paper round a small glyph
PAPER_GREY = 0.82                  # paper: at least this fraction of the card's lightest grey...
PAPER_SAT = 40                     # ...and no more saturated than the lightest part plus this
FACE_PAPER = 0.50                  # the least paper a face's best index corner shows (fitted:
                                   # tools/fit_corner_paper.py, faces 0.60 and up, backs below)
# Counting pips (count_pips)
OPEN_LINE = 0.15        # a blob filling less of its bounding box is line work, not a pip
BOX_PIP = 0.75          # the consistency of a count with an unpartnered corner-box pip
SIDE_BY_SIDE = 0.25     # _side_by_side: blobs within this fraction of the card's length lie across it
PIPS_CENTRE_MIN = 6     # separate pips needed for their own centre (else the card's)
PARTNER_TOL = 0.08      # a pip's mirror partner lies within this fraction of the card of its mirror place
LOPSIDED = 0.5          # the consistency of a count whose pips lie off the card's centre
PICTURE_BODY = 0.35     # a card body inked this much holds a picture, not 2 or 3 pips
CLEAN_COUNT = 0.8       # a pip count this even (count_pips' score) is trusted without the index
# Confidence of a reading (read_rank): below result.LOW_CONFIDENCE the player is asked
SECOND_LOOK = 0.9       # a reading less sure than this is read again from the photo at a card's size
ACE_ASPECT = 1.6        # a lone "pip" longer than this over its width is a court figure, no ace's (tools/fit_ace_aspect.py)
LONE_BLOB = 0.5         # an "ace" with no corner index (see _read_rank)
UNEVEN_NO_INDEX = 0.6   # an uneven count with no index to back it: asked (below LOW_CONFIDENCE)
CLOSE_INDEX = 0.05      # an index match this little ahead of another rank's backs no lopsided count
                        # (set by hand; tools/calibrate_disagreement.py prints the path it asks)
PIPS_OVER_INDEX = 0.6   # a clean count against the index it disagrees with: asked.  Right in 309 of
                        # 315 on the own renders' decks, but 30 of 36 on the independent renders
                        # and real photos (tools/calibrate_disagreement.py), agreements 99 %
OTHER_CORNER = "pips and a corner say"   # the note of a lopsided count one corner agrees with
                                         # and the other does not (pipeline asks about it)


class PipCount(NamedTuple):
    """count_pips' answer: the kind of face, the pips counted, how evenly sized they are
    (consistency), whether each has a partner at its mirror place (_mirrored), and for a
    court card whether its picture is one blob too long for an ace's pip (ACE_ASPECT: weaker
    evidence of a picture than a big one, as a patch of wood grain is such a blob too)."""
    kind: str                # "number", "court", "back", "blank"
    n: int | None
    consistency: float
    mirrored: bool = True
    one_piece: bool = False


@dataclass
class RankReading:
    kind: str                # "number", "court", "back", "blank"
    rank: str | None         # "A".."10", "J", "Q", "K" or None
    confidence: float
    pips: int | None = None
    index: str | None = None
    index_score: float = 0.0
    note: str = ""

    @property
    def value(self) -> int | None:
        return value_of(self.rank) if self.rank in NUMBER_RANKS else None


def _paper_level(img: np.ndarray) -> np.ndarray:
    """The local paper white of a rectified card (grey or per channel).  It varies slowly:
    estimated at a quarter of the size (16x less work), max-pooled so that thin ink is not
    averaged into the paper, then a large max filter, so a light gradient or glare across
    the card does not matter."""
    h, w = img.shape[:2]
    small = np.ascontiguousarray(cv2.dilate(img, np.ones((4, 4), np.uint8))[2::4, 2::4])
    k = max(small.shape[1] // 6, 3)
    paper = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return cv2.resize(cv2.GaussianBlur(paper, (0, 0), k / 2), (w, h), interpolation=cv2.INTER_LINEAR)


def ink_mask(card: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(ink mask, normalised grey) of a rectified card: ink is darker or more coloured than
    the local paper white."""
    gray = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY).astype(np.float32)
    norm = gray / np.maximum(_paper_level(gray), 20)
    sat = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)[:, :, 1].astype(np.float32)
    ink = (norm < _ink_cut(norm)) | ((sat > 90) & (norm < 0.9))
    return ink.astype(np.uint8), norm


def colour_ink(card: np.ndarray) -> np.ndarray:
    """The coloured pixels of a rectified card that are dark in one colour channel
    (COLOUR_CUT of that channel's paper level): yellow or pale green pips are light in grey,
    so ink_mask misses them.  read_rank adds this only for a second look at a doubtful card,
    since a court card's colourful picture then reads more like a card back."""
    cf = card.astype(np.float32)
    rel = cf / np.maximum(_paper_level(cf), 20)
    # the least of the three channels, pairwise: numpy's min over a trailing axis of three is
    # fifty times slower, and this runs for every doubtful card (a tenth of a photo's time)
    darkest = np.minimum(np.minimum(rel[..., 0], rel[..., 1]), rel[..., 2])
    sat = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)[:, :, 1]
    return ((darkest < COLOUR_CUT) & (sat > COLOUR_SAT)).astype(np.uint8)


def corner_paper(card: np.ndarray) -> float:
    """How much of the best of a rectified card's four index corners is paper: the share of
    its pixels about as light and as grey as the card's lightest part.  A face card prints
    its index on paper (0.6 and more); a back's pattern or coloured field reaches into every
    corner, and the pip count and the index templates can take its frame or its checks for a
    picture with a J or a Q in the corner.  The box skips the card's edge (its margin and
    the outline's few pixels of table)."""
    g = cv2.cvtColor(card, cv2.COLOR_BGR2GRAY)
    sat = cv2.cvtColor(card, cv2.COLOR_BGR2HSV)[:, :, 1].astype(np.int16)
    lightest = float(np.percentile(g, 95))
    paper = (g >= PAPER_GREY * lightest) & (sat < float(np.median(sat[g >= lightest])) + PAPER_SAT)
    h, w = g.shape
    x0, x1, y0, y1 = int(0.06 * w), int(IDX_W * w), int(0.05 * h), int(IDX_H * h)
    return float(max(paper[y0:y1, x0:x1].mean(), paper[y0:y1, w - x1:w - x0].mean(),
                     paper[h - y1:h - y0, x0:x1].mean(), paper[h - y1:h - y0, w - x1:w - x0].mean()))


def _ink_cut(norm: np.ndarray) -> float:
    """The darkness below which a pixel is ink.  Usually INK_CUT; but pale pips (a four-colour
    deck's green clubs in dim, greyish light) sit right at that level and fall apart into
    speckle, so when the card's body clearly splits into paper and a darker class (Otsu's
    cut above INK_CUT, and that split explaining most of the variance) the cut moves to the
    middle between the two classes, at most INK_CUT_FAINT."""
    h, w = norm.shape
    body = norm[h // 20:h - h // 20:2, w // 20:w - w // 20:2]
    v = np.clip(body * 200, 0, 255).astype(np.uint8)
    t, _ = cv2.threshold(v, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    t /= 200
    if t <= INK_CUT:
        return INK_CUT
    dark, light = body[body < t], body[body >= t]
    if dark.size < 0.02 * body.size or light.size < 0.3 * body.size:
        return INK_CUT
    between = dark.size * light.size / body.size ** 2 * (light.mean() - dark.mean()) ** 2
    if between < 0.7 * body.var() or light.mean() - dark.mean() < 0.15:
        return INK_CUT                   # no clear second class: noise or shading on paper
    return float(min(INK_CUT_FAINT, (np.median(dark) + np.median(light)) / 2))


def _components(mask: np.ndarray):
    n, lab, st, cen = cv2.connectedComponentsWithStats(mask, connectivity=8)
    return n, lab, st, cen


# ----------------------------------------------------------------------------- corner index
def glyph_box(card: np.ndarray, ink: np.ndarray | None = None, corner: int = 0,
              split: bool = False) -> tuple[np.ndarray, tuple[int, int, int, int]] | None:
    """Where index_glyph finds the rank glyph: (the corner's index box of the ink mask, the
    glyph's x0, y0, x1, y1 in it), or None if no glyph is there."""
    if ink is None:
        ink, _ = ink_mask(card)
    h, w = ink.shape
    if corner == 1:
        ink = ink[::-1, ::-1]
    bw, bh = int(w * IDX_W), int(h * IDX_H)
    box = ink[:bh, :bw].copy()
    # the card's own border line runs along the outer edges: drop what touches them
    n, lab, st, _ = _components(box)
    keep = []
    for i in range(1, n):
        x, y, ww, hh, a = st[i]
        if a < 0.002 * bw * bh or hh < 0.08 * bh:
            continue
        if (x <= 1 and hh > 0.6 * bh) or (y <= 1 and ww > 0.6 * bw):
            continue
        if ww > 0.9 * bw or hh > 0.9 * bh:
            continue
        if x <= 1 and y <= 1:
            continue        # the table showing past the card's rounded corner, or its border's arc
        keep.append(i)
    if not keep:
        return None
    # the rank is the top-most sizeable glyph; "10" is two glyphs side by side
    keep.sort(key=lambda i: st[i][1])
    top = keep[0]
    x0, y0, ww, hh, _ = st[top]
    if split:
        if hh <= 1.8 * ww:
            return None
        # blurred coloured ink: the rank glyph and the suit sign below it merged (an A over a
        # heart reads as a 4) -- cut at a narrow neck with wide ink above and below it
        comp = (lab[y0:y0 + hh, x0:x0 + ww] == top)
        widths = comp.sum(1).astype(np.float64)
        wmax = widths.max()
        r0, r1 = int(0.35 * hh), int(0.8 * hh)
        if r1 > r0:
            r = r0 + int(np.argmin(widths[r0:r1]))
            if not (widths[r] <= 0.35 * wmax and widths[:r].max() >= 0.6 * wmax and widths[r:].max() >= 0.6 * wmax):
                return None
            cols = np.nonzero(comp[:r].any(0))[0]
            x0, ww, hh = x0 + int(cols[0]), int(cols[-1] - cols[0] + 1), r
        else:
            return None
    x1, y1 = x0 + ww, y0 + hh
    for i in keep[1:]:
        x, y, w2, h2, _ = st[i]
        overlap = min(y1, y + h2) - max(y0, y)
        if overlap > 0.6 * min(hh, h2) and x - x1 < 0.5 * hh and x1 - x < w2 + 0.5 * hh and abs(h2 - hh) < 0.35 * hh:
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w2), max(y1, y + h2)
    return box, (x0, y0, x1, y1)


def index_glyph(card: np.ndarray, ink: np.ndarray | None = None, corner: int = 0,
                split: bool = False) -> np.ndarray | None:
    """The rank glyph of one corner index (0 = top-left, 1 = bottom-right) as a GLYPH_H x GLYPH_W
    float image, or None if no glyph is there.  split=True: only the upper part of a tall glyph
    cut at a narrow neck (None if there is none) -- see below."""
    found = glyph_box(card, ink, corner, split)
    return None if found is None else glyph_image(found)


def glyph_image(found: tuple[np.ndarray, tuple[int, int, int, int]]) -> np.ndarray | None:
    """The glyph glyph_box found, as index_glyph returns it (GLYPH_H x GLYPH_W float)."""
    box, (x0, y0, x1, y1) = found
    g = box[y0:y1, x0:x1].astype(np.float32)
    if g.size == 0:
        return None
    # keep the aspect: pad to GLYPH_W:GLYPH_H before resizing
    gh, gw = g.shape
    target = GLYPH_W / GLYPH_H
    if gw / gh < target:
        pad = int(round(gh * target - gw))
        g = np.pad(g, ((0, 0), (pad // 2, pad - pad // 2)))
    else:
        pad = int(round(gw / target - gh))
        g = np.pad(g, ((pad // 2, pad - pad // 2), (0, 0)))
    g = cv2.resize(g, (GLYPH_W, GLYPH_H), interpolation=cv2.INTER_AREA)
    g = cv2.GaussianBlur(g, (3, 3), 0.8)
    return g


class IndexTemplates:
    def __init__(self, vectors: np.ndarray, labels: list[str]):
        v = vectors - vectors.mean(1, keepdims=True)
        v = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-6)
        # stored one template per column: glyphs (rows) times this matrix is the product
        # OpenBLAS does fast; the matrix the other way round took 2.5 times as long for 4 glyphs
        self.columns = np.ascontiguousarray(v.T, dtype=np.float32)
        self.labels = np.array(labels)

    @classmethod
    def load(cls, path: Path = DATA / "index_templates.png") -> "IndexTemplates | None":
        if not path.exists():
            return None
        atlas = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE).astype(np.float32) / 255
        labels = json.loads(path.with_suffix(".json").read_text())["labels"]
        vecs = atlas.reshape(len(labels), GLYPH_H * GLYPH_W)
        return cls(vecs, labels)

    def classify(self, glyph: np.ndarray, k: int = 5, among=None) -> tuple[str, float, float]:
        """(rank, similarity of the best match, margin to the best other rank).
        among: the ranks to choose from (default all)."""
        return self.classify_many([glyph], k, among)[0]

    def classify_many(self, glyphs: list[np.ndarray], k: int = 5, among=None) -> list[tuple[str, float, float]]:
        """classify for several glyphs at once: one pass over the templates (a few MB, more
        than a core's cache) for all of a card's corner glyphs instead of one per glyph."""
        v = np.stack([g.ravel() for g in glyphs]).astype(np.float32)
        v = v - v.mean(1, keepdims=True)
        v = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-6)
        sims_all = v @ self.columns
        if among is not None:
            sims_all = np.where(np.isin(self.labels, list(among)), sims_all, -1.0)
        m = min(max(k * 8, 40), sims_all.shape[1])
        out = []
        for sims in sims_all:
            top = np.argpartition(-sims, m - 1)[:m]          # the m best, then only those sorted
            order = top[np.argsort(-sims[top])]
            best = {}
            for i in order:
                lab = self.labels[i]
                if lab not in best:
                    best[lab] = sims[i]
            ranked = sorted(best.items(), key=lambda kv: -kv[1])
            label, s0 = ranked[0]
            s1 = ranked[1][1] if len(ranked) > 1 else 0.0
            out.append((str(label), float(s0), float(s0 - s1)))
        return out


_TEMPLATES: IndexTemplates | None = None


def templates() -> IndexTemplates | None:
    global _TEMPLATES
    if _TEMPLATES is None:
        _TEMPLATES = IndexTemplates.load()
    return _TEMPLATES


# ----------------------------------------------------------------------------- pips
def _border_contact(lab: np.ndarray, i: int) -> float:
    """The longest stretch of one side of the card (as a fraction of that side) that blob i
    runs along, within 2 px of the outline.  A pip cut by a tight outline touches it at a
    point; a stripe of the table cloth seen past the outline lies along it."""
    h, w = lab.shape
    sides = (lab[:3], lab[h - 3:], lab[:, :3].T, lab[:, w - 3:].T)
    return max(float((side == i).any(0).mean()) for side in sides)


def _body_ink(ink: np.ndarray) -> float:
    """The inked fraction of a card's body (its middle, clear of the corner indices)."""
    h, w = ink.shape
    return float(ink[int(0.2 * h):int(0.8 * h), int(0.22 * w):int(0.78 * w)].mean())


def count_pips(ink: np.ndarray) -> PipCount:
    """('number', n, consistency, mirrored) | ('court', None, c) | ('back', None, c) | ('blank', None, c)."""
    h, w = ink.shape
    area = h * w
    inner = ink[int(0.04 * h):int(0.96 * h), int(0.04 * w):int(0.96 * w)]
    frac = inner.mean()
    if frac < 0.004:
        return PipCount("blank", None, 0.9)
    n, lab, st, cen = _components(ink)
    comps, corner, at_edge, joined = [], [], [], []
    for i in range(1, n):
        x, y, ww, hh, a = st[i]
        cx, cy = cen[i]
        if a < 0.0015 * area:
            continue
        if x <= 2 or y <= 2 or x + ww >= w - 2 or y + hh >= h - 2:
            if ww > 0.5 * w or hh > 0.5 * h:      # a border line or frame
                at_edge.append(i)
                continue
            if _border_contact(lab, i) > 0.2:
                at_edge.append(i)
                continue    # cut off by the outline along a fifth of a side: table past it, not a pip
        in_corner = (cx < IDX_W * w or cx > (1 - IDX_W) * w) and (cy < IDX_H * h or cy > (1 - IDX_H) * h)
        # no deck puts pips this close to the long sides; the index column does (ornamental's
        # large suit sign under the rank, just below the corner box)
        in_corner |= cx < INDEX_COLUMN * w or cx > (1 - INDEX_COLUMN) * w
        if in_corner:
            corner.append((a, ww, hh, cx, cy, i))
            continue
        if max(ww, hh) > 2.5 * min(ww, hh) and a < 0.02 * area:
            continue        # a thin line of a decorative frame (ornamental), never a pip
        if a < OPEN_LINE * ww * hh:
            # a corner of that frame, broken off it: an open L of line with a pip's area.  Every
            # suit's pip fills half its box or more
            continue
        comps.append((a, ww, hh, cx, cy, i))
    body_frac = _body_ink(ink)
    if not comps:
        return PipCount("back", None, 0.6) if frac > 0.4 else PipCount("blank", None, 0.7)
    if frac > 0.55:
        return PipCount("back", None, 0.7)
    comps = _split_touching(comps, lab, st)
    big = max(comps, key=lambda c: c[0])
    if big[1] > 0.5 * w and big[2] > 0.45 * h:
        return PipCount("court", None, 0.8)
    comps = _without_ornaments(comps, st)
    areas = np.array([c[0] for c in comps], np.float64)
    sel = _same_size(areas)
    best_n = int(sel.sum())
    pip_area = float(np.exp(np.median(np.log(areas[sel]))))
    others = areas[~sel]
    big_others = others[others > 1.9 * pip_area]
    # a number card's body holds little besides its pips
    if len(big_others) > 0 and big_others.sum() > 0.5 * areas[sel].sum():
        # two "pips" beside a big picture: a court card's suit signs (simplistic's Q shows two,
        # diagonally across a big letter) -- a number card's two pips share a column
        xs = [c[3] for c, s_ in zip(comps, sel) if s_]
        two_askew = best_n == 2 and abs(xs[0] - xs[1]) > 0.15 * w
        if best_n == 1 or two_askew or body_frac > 0.25:
            return PipCount("court", None, 0.6)
    if best_n == 1:
        if pip_area < 0.006 * area:
            return PipCount("court", None, 0.3)
        lone = comps[int(np.flatnonzero(sel)[0])]
        if _five_round_one(lab, st, lone, [c[5] for c in corner] + at_edge, w, h):
            return PipCount("number", 5, BOX_PIP)
        if max(lone[1], lone[2]) > ACE_ASPECT * min(lone[1], lone[2]):
            # no ace's pip is that long: a court picture in one piece (a Jack's figure)
            return PipCount("court", None, 0.6, one_piece=True)
        return PipCount("number", 1, 0.8)
    cv = float(np.std(areas[sel]) / np.mean(areas[sel]))
    sep = [c for c, s_ in zip(comps, sel) if s_]          # the pips found as blobs of their own
    pip_ys = [c[4] for c in sep]
    # the shape of a pip, for finding whole pips inside other blobs below
    pip = _pip_mask(lab, st, sep, pip_area) if best_n >= 2 and (corner or at_edge) else None
    # decks with large pips (bellot) put the outer pips inside the corner-index box: a blob
    # there of the pips' own size and shape is a pip (the index's glyphs are much smaller)
    boxed = []          # pips counted from the corner boxes (centres)
    if best_n >= 2 and corner:
        pw = float(np.median([c[1] for c in sep]))
        ph = float(np.median([c[2] for c in sep]))
        # the pips' columns, and their mirror images: pip layouts are symmetric left to right
        # (a far bellot 4 had both left pips in the corner boxes, and only the right column)
        cols = [c[3] for c in sep]
        cols += [w - c for c in cols]
        in_column = lambda x: min(abs(x - c) for c in cols) < 0.08 * w     # noqa: E731
        for a, ww, hh, cx, cy, i in corner:
            # only in line with the pip columns: a small suit sign in the corner (tango's
            # top-right and bottom-left) is the pips' size but lies outside them
            if (abs(np.log(a / pip_area)) < np.log(1.4) and abs(ww / pw - 1) < 0.25 and abs(hh / ph - 1) < 0.25
                    and in_column(cx)):
                best_n += 1
                boxed.append((cx, cy))
                pip_ys.append(cy)
            elif 1.3 * pip_area < a < 2.6 * pip_area:
                # a large pip touching the corner index (paris) makes one blob of pip and
                # glyphs; it counts when a whole pip lies in it, in line with the pip columns
                # (a large suit sign of the index itself lies outside them: tango)
                held = _pips_held(lab, st, i, pip, most=1, paper_round=False)
                at = held[0] if held else None
                if at is not None and in_column(at[0]):
                    best_n += 1
                    boxed.append(at)
                    pip_ys.append(at[1])
            elif a < 4 * pip_area:
                joined.append(i)
    if best_n >= 2 and (at_edge or joined):
        # penguins' top pip touches the "10", which touches the card's printed border line:
        # the pip is dropped with the line as a frame, or with a "10" cut by an outline drawn
        # inside the line as cut off, or makes with the "10" a corner blob too big for the
        # rule above.  A whole pip lying in such a blob with paper round it, clear of the
        # index column and with a pip opposite it, is counted
        found = [at for i in at_edge + joined for at in _pips_held(lab, st, i, pip)]
        found = [at for at in found if INDEX_COLUMN * w < at[0] < (1 - INDEX_COLUMN) * w]
        known = [c[3:5] for c in sep] + boxed
        centre = _pips_centre(sep)
        for at in found:
            if _partnered([at], known + [f for f in found if f is not at], w, h, centre):
                best_n += 1
                boxed.append(at)
                pip_ys.append(at[1])
    if best_n > 10:
        return PipCount("back", None, 0.6) if frac > 0.3 else PipCount("court", None, 0.3)
    if best_n in (2, 3) and not boxed and _side_by_side(sep, h):
        # every deck lays a 2's and a 3's pips down the card; blobs side by side across it
        # are pieces of a picture: a bellot ace's wreath broke into two "pips" beside its club
        return PipCount("court", None, 0.5)
    if body_frac > 0.4 and (cv > 0.3 or best_n < 2):
        return PipCount("court", None, 0.5)
    pc = float(np.clip(1.0 - cv, 0.3, 0.95))
    if _lopsided(pip_ys, h):
        pc = min(pc, LOPSIDED)
    if boxed and not _partnered(boxed, [c[3:5] for c in sep] + boxed, w, h):
        # a pip from a corner box with no pip opposite it (pip layouts look the same turned
        # round): it may be the index's own suit sign (ancient-egyptians prints it a pip's
        # size, in line with the pips when the outline is a little off), so a clear index may
        # overrule the count
        pc = min(pc, BOX_PIP)
    return PipCount("number", best_n, pc, _mirrored([c[3:5] for c in sep] + boxed, w))


def _five_round_one(lab: np.ndarray, st: np.ndarray, lone: tuple, blobs: list[int], w: int, h: int) -> bool:
    """Is a lone centre pip a 5's, whose four outer pips each make one blob with the index
    beside them (dondorf's pips touch the suit sign under the rank; blur or a tight outline
    joins them to the card's edge too)?  Four whole pips of the lone pip's own shape, one in
    each corner blob, mirrored left to right and top to bottom round the centre pip.  An
    ace's corner blobs are its index and small suit signs, far smaller than its pip.  (A
    line along the outline -- a neighbour's edge -- may join a column of them: searched too.)"""
    cx, cy = lone[3], lone[4]
    if abs(cx - w / 2) > PARTNER_TOL * w or abs(cy - h / 2) > PARTNER_TOL * h:
        return False
    x, y, ww, hh, _ = st[lone[5]]
    pip = (lab[y:y + hh, x:x + ww] == lone[5]).astype(np.float32)
    found = [at for i in blobs for at in _pips_held(lab, st, i, pip, most=2, paper_round=False)]
    if len(found) != 4:
        return False
    mirrored = all(min(math.hypot(w - a - p, b - q) for p, q in found) < PARTNER_TOL * w and
                   min(math.hypot(a - p, h - b - q) for p, q in found) < PARTNER_TOL * w for a, b in found)
    return mirrored and all(abs(a - w / 2) > 0.15 * w for a, _ in found)


def _side_by_side(sep: list, h: int) -> bool:
    """Do these blobs (count_pips': area, w, h, cx, cy, label) lie side by side across the card,
    within a quarter of its length?  A 2's or a 3's pips run down it, the outer ones near its
    ends; so do those of a piece of a bigger card (a strip down one side of a 5)."""
    ys = [c[4] for c in sep]
    return max(ys) - min(ys) < SIDE_BY_SIDE * h


def _partnered(boxed: list, pips: list, w: int, h: int, centre=None) -> bool:
    """Has every pip counted from a corner box a pip at its place turned round the centre
    (within PARTNER_TOL of the width)?  The centre is the pips' own (see _pips_centre), else
    the card's."""
    cx, cy = centre if centre is not None else (w / 2, h / 2)
    return all(min(math.hypot(2 * cx - x - px, 2 * cy - y - py) for px, py in pips) <= PARTNER_TOL * w
               for x, y in boxed)


def _mirrored(pips: list, w: int) -> bool:
    """Has every pip a pip at its mirror place across the pips' middle column (within
    PARTNER_TOL of the width)?  Every deck lays its number cards' pips symmetric left to
    right (a 7's and an 8's middle pips lie on that column); a pip with no mirror partner
    means one was lost -- washed out by glare, under a neighbour -- and the count is short."""
    if len(pips) < 2:
        return True
    xs = [x for x, _ in pips]
    cx = (min(xs) + max(xs)) / 2
    return all(min(math.hypot(2 * cx - x - px, y - py) for px, py in pips) <= PARTNER_TOL * w for x, y in pips)


def _pips_centre(sep: list):
    """The centre the pips found on their own are laid round -- the middle of the box round
    them (a pip missing at a corner of the layout leaves its row and column held by others;
    their mean would move off by a seventh of the way to it) -- when there are enough of them
    (PIPS_CENTRE_MIN) to stand for the layout, else None.  An outline taking in a strip of
    the stack moves the card's centre off the pips' by a tenth of the width: a penguins ten's
    top pip, joined to its "10", found no partner 19 px from where the card's centre put it,
    and the ten read 8."""
    if len(sep) < PIPS_CENTRE_MIN:
        return None
    xs, ys = [c[3] for c in sep], [c[4] for c in sep]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _lopsided(pip_ys: list, h: int) -> bool:
    """Do these pips (their centres' y, two or more) lie above or below the card's centre?
    Every number card's pips lie symmetric about it (a 7's extra pip moves their mean 3 % of
    the height): pips mostly in one half mean a row was lost -- the far ones in glare, or
    under a covering card.  (Across the card a badly cut outline moves them as much.)"""
    if len(pip_ys) < 2:
        return False
    cy = float(np.mean(pip_ys)) / h
    return abs(cy - 0.5) > 0.08


def _same_size(areas: np.ndarray) -> np.ndarray:
    """Which blobs are the pips: the largest group of blobs of about the same area (within a
    factor 1.9; of two groups as large, the one of larger blobs)."""
    la = np.log(areas)
    best_n, best_c = 0, None
    for v in la:
        k = int((np.abs(la - v) < np.log(1.9)).sum())
        if k > best_n or (k == best_n and v > best_c):
            best_n, best_c = k, v
    return np.abs(la - best_c) < np.log(1.9)


def _real(c: tuple, st: np.ndarray) -> bool:
    """Is blob entry c a connected component itself (not one pip of a split blob)?"""
    return st[c[5]][4] == c[0]


def _split_touching(comps: list, lab: np.ndarray, st: np.ndarray) -> list:
    """Large pips that touch make one blob: plastic's nine joins its middle five pips into a
    blob as large as a court's picture (read as a picture card), or three of them into a
    blob left out of the count (read as a 6 or 7).  A blob that copies of the pips' own
    shape explain -- each lying wholly inside it, together covering nearly all of it and
    hardly overlapping -- is that many pips (entries of the pip area at their centres).  The
    shape comes from two or more separate blobs of the same size; a court's picture is no
    such set of copies."""
    if len(comps) < 3:
        return comps
    areas = np.array([c[0] for c in comps], np.float64)
    sel = _same_size(areas)
    if sel.sum() < 2:
        return comps
    pip_area = float(np.exp(np.median(np.log(areas[sel]))))
    pip = None
    out = []
    for c in comps:
        if c[0] >= 1.9 * pip_area:
            if pip is None:
                # the smallest separate pip: a rectified card's pips differ by up to a fifth in
                # area (a tilted photo, an outline a little off), and each copy must fit inside
                pip = _pip_mask(lab, st, [p for p, s_ in zip(comps, sel) if s_], 0.0)
            centres = _pips_in(lab, st, c[5], pip)
            if centres:
                out += [(c[0] / len(centres), pip.shape[1], pip.shape[0], x, y, c[5]) for x, y in centres]
                continue
        out.append(c)
    return out


def _pips_in(lab: np.ndarray, st: np.ndarray, i: int, pip: np.ndarray) -> list | None:
    """The centres (card px) of the pips that blob i is made of, or None if copies of pip,
    upright or upside down, do not explain it (see _split_touching)."""
    x, y, ww, hh, _ = st[i]
    blob = (lab[y:y + hh, x:x + ww] == i).astype(np.float32)
    ph, pw = pip.shape
    if hh < ph or ww < pw:
        return None
    turned = pip[::-1, ::-1].copy()
    up, down = (cv2.matchTemplate(blob, t, cv2.TM_CCORR) for t in (pip, turned))
    resp = np.maximum(up, down)
    need = 0.92 * float(pip.sum())
    covered = np.zeros_like(blob)
    centres = []
    ry, rx = int(0.6 * ph), int(0.6 * pw)
    while len(centres) <= 10:
        _, best, _, (bx, by) = cv2.minMaxLoc(resp)
        if best < need:
            break
        t = pip if up[by, bx] >= down[by, bx] else turned
        covered[by:by + ph, bx:bx + pw] = np.maximum(covered[by:by + ph, bx:bx + pw], t)
        centres.append((x + bx + pw / 2, y + by + ph / 2))
        resp[max(0, by - ry):by + ry + 1, max(0, bx - rx):bx + rx + 1] = 0   # one pip per place
    if len(centres) < 2 or len(centres) > 10:
        return None
    if float(covered.sum()) < 0.85 * len(centres) * float(pip.sum()):
        return None                     # the copies overlap: not pips side by side
    # the copies are the smallest pip: grown by a tenth of its size they cover a larger pip
    grow = max(1, int(round(0.1 * min(ph, pw))))
    covered = cv2.dilate(covered, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1, 2 * grow + 1)))
    if (covered * blob).sum() < 0.85 * blob.sum():
        return None
    return centres


def _without_ornaments(comps: list, st: np.ndarray) -> list:
    """An ace in a wreath: drop the blobs that ring the one other blob (bellot's wreath round
    the ace's club is about a pip's size and was counted as a second pip).  A ring is hollow
    (it fills under 40 % of its box) and holds the other blob's centre in its box.  Only when a
    single blob is left: hollow blobs round pieces of a court's picture are picture too."""
    out = []
    for c in comps:
        x, y, ww, hh = st[c[5]][:4]
        hollow = _real(c, st) and c[0] < 0.4 * ww * hh
        rings = hollow and any(o is not c and x < o[3] < x + ww and y < o[4] < y + hh for o in comps)
        if not rings:
            out.append(c)
    return out if len(out) == 1 else comps


def _pip_mask(lab: np.ndarray, st: np.ndarray, pips: list, pip_area: float) -> np.ndarray:
    """The binary shape of a pip: the separate blob nearest pip_area in area (0: the smallest)."""
    i = min([c for c in pips if _real(c, st)] or pips, key=lambda c: abs(c[0] - pip_area))[5]
    x, y, ww, hh, _ = st[i]
    return (lab[y:y + hh, x:x + ww] == i).astype(np.float32)


def _pips_held(lab: np.ndarray, st: np.ndarray, i: int, pip: np.ndarray, most: int = 4,
               paper_round: bool = True) -> list:
    """The centres (card px) of up to `most` whole pips, upright or upside down, that blob i
    holds -- with paper_round, only those with paper round them: a pip joined to a thin line
    or a glyph, not a patch of a solid region (the table seen past a loose outline holds a
    pip's shape anywhere)."""
    x, y, ww, hh, _ = st[i]
    blob = (lab[y:y + hh, x:x + ww] == i).astype(np.float32)
    ph, pw = pip.shape
    if hh < ph or ww < pw:
        return []
    need = 0.93 * float(pip.sum())
    out = []
    for t in (pip, pip[::-1, ::-1].copy()):
        resp = cv2.matchTemplate(blob, t, cv2.TM_CCORR)
        while len(out) < most:
            _, best, _, (bx, by) = cv2.minMaxLoc(resp)
            if best < need:
                break
            resp[max(0, by - ph):by + ph, max(0, bx - pw):bx + pw] = 0
            if paper_round:
                # the box round the pip, grown by an eighth, holds little of the blob besides
                # it (a glyph reaching in: a fifth of a pip; a solid region: 1.6 pips)
                gy, gx = ph // 8, pw // 8
                y0, x0 = max(0, by - gy), max(0, bx - gx)
                around = blob[y0:by + ph + gy, x0:bx + pw + gx].sum() - (blob[by:by + ph, bx:bx + pw] * t).sum()
                if around >= 0.5 * t.sum():
                    continue
            centre = (x + bx + pw / 2, y + by + ph / 2)
            if all(math.hypot(centre[0] - a, centre[1] - b) > 0.5 * pw for a, b in out):
                out.append(centre)
    return out


# ----------------------------------------------------------------------------- both cues
def corner_votes(card: np.ndarray, ink: np.ndarray, tpl: IndexTemplates) -> list[tuple]:
    """Each corner index's reading, (rank, similarity, margin, corner), for the corners that
    show a glyph.  The glyph and the part of it above a narrow neck are both read: blurred
    coloured ink can merge the rank glyph with the suit sign below it (an A over a heart
    matches a 4), so the part is kept if it matches clearly better."""
    glyphs = {}
    for corner in (0, 1):
        g = index_glyph(card, ink, corner)
        if g is not None:
            glyphs[(corner, False)] = g
            g2 = index_glyph(card, ink, corner, split=True)
            if g2 is not None:
                glyphs[(corner, True)] = g2
    read = dict(zip(glyphs, tpl.classify_many(list(glyphs.values())))) if glyphs else {}
    votes = []
    for corner in (0, 1):
        if (corner, False) in read:
            v = read[(corner, False)]
            v2 = read.get((corner, True))
            if v2 is not None and v2[1] > v[1] + 0.03:
                v = v2
            votes.append((*v[:3], corner))
    return votes


def both_corners(card: np.ndarray, ink: np.ndarray) -> str | None:
    """The rank both corner indexes name legibly (LEGIBLE), or None: a whole card shows both;
    a rectangle laid over a card and part of another shows one at most."""
    tpl = templates()
    return legible_pair(corner_votes(card, ink, tpl) if tpl is not None else [])


def legible_pair(votes: list[tuple]) -> str | None:
    """The rank two corner_votes both name legibly (LEGIBLE), or None (both_corners, for a
    caller that has the votes already)."""
    legible = len(votes) == 2 and all(v[1] >= LEGIBLE for v in votes) and votes[0][0] == votes[1][0]
    return votes[0][0] if legible else None


def read_rank(card: np.ndarray, masks: tuple[np.ndarray, np.ndarray] | None = None) -> RankReading:
    """Read a rectified (RECT_W x RECT_H, portrait) card.  masks: its ink_mask, if the caller
    has it already.

    A doubtful reading (confidence < SECOND_LOOK), or a blank one (no deck has a blank card),
    is read again with coloured ink included (colour_ink): pale yellow or green pips lose
    their far side in glare, or all of it.  A sure ace is looked at again too: on a pale
    card one pip may be all that is left, and the suit sign under a lost index glyph matches
    an A; the second look is kept when pips and index then agree on more pips.  The
    second reading replaces the first only when it is more confident and either settles the
    old doubt (its rank is one the first reading's pips or index gave) or is sure itself
    (pips and index agree)."""
    ink = masks[0] if masks is not None else ink_mask(card)[0]
    r = _read_rank(card, ink)
    doubtful = r.kind == "blank" or (r.kind in ("number", "court") and r.confidence < SECOND_LOOK)
    if doubtful or r.rank == "A":
        ink2 = ink | colour_ink(card)
        if np.count_nonzero(ink2 != ink) < 0.002 * ink.size:
            return r                    # no coloured ink to add: the same reading again
        r2 = _read_rank(card, ink2)
        sure = r2.kind in ("number", "court") and r2.confidence >= SECOND_LOOK
        if doubtful and (settles(r2, r) or sure):
            return r2
        if sure and r2.kind == "number" and (r2.pips or 0) > 1:
            return r2                   # a sure ace was the last pale pip left (see above)
    return r


def lone_blob(r: RankReading) -> bool:
    """An "ace" read from one blob with no corner index: as likely a coin, a stain or the
    printed letter of an empty mat slot.  Read with low confidence (LONE_BLOB); it never
    claims a slot of the printed mat, nor an empty slot that verification reads."""
    return r.kind == "number" and r.rank == "A" and r.index is None


def rank_of_pips(n: int | None) -> str | None:
    """The number card with n pips (1 is the ace), or None."""
    return NUMBER_RANKS[n - 1] if n is not None and 1 <= n <= 10 else None


def settles(new: RankReading, old: RankReading) -> bool:
    """Does a second reading of a doubtful card settle the old doubt rather than invent a
    rank?  It must be more confident and name a rank one of the old cues gave."""
    old_pips = rank_of_pips(old.pips)
    return new.kind in ("number", "court") and new.confidence > old.confidence + 0.05 and \
        new.rank in (old.rank, old.index, old_pips)


def _read_rank(card: np.ndarray, ink: np.ndarray) -> RankReading:
    """read_rank from one ink mask: the pip count and the corner index vote."""
    kind, n, pc, mirrored, one_piece = count_pips(ink)
    idx, isc, imar, idx_corner = None, 0.0, 0.0, 0
    other_corner = None         # the other corner's rank, when it legibly names another
    both_court = index_sure = court_corner = corners_differ = court_clear = False
    tpl = templates()
    if tpl is not None and kind not in ("blank",):
        votes = corner_votes(card, ink, tpl)
        both_court = len(votes) == 2 and all(v[0] in COURT_RANKS for v in votes)
        # a corner whose best match is poor shows no legible glyph (covered, smudged): no vote
        legible = [v for v in votes if v[1] >= LEGIBLE]
        court_corner = any(v[0] in COURT_RANKS for v in legible)
        # every corner that reads clearly names a J, Q or K (the other may be smudged, covered
        # or crossed by a cable: it then matches some rank closely, none clearly)
        clear = [v for v in legible if v[1] >= SURE_SIM and v[2] >= SURE_MARGIN]
        court_clear = bool(clear) and all(v[0] in COURT_RANKS for v in clear)
        named = {v[0] for v in legible}
        # two legible corners naming two ranks, neither clearly (a clear one is the card's)
        corners_differ = len(named) > 1 and max(v[2] for v in legible) < SURE_MARGIN
        index_sure = len(named) == 1 and \
            min(v[1] for v in legible) >= SURE_SIM and max(v[2] for v in legible) >= SURE_MARGIN
        if votes:
            votes.sort(key=lambda v: -(v[1] + v[2]))
            idx, isc, imar, idx_corner = votes[0]
            if len(votes) == 2 and votes[0][0] != votes[1][0] and votes[1][1] + votes[1][2] > isc + imar - 0.05:
                imar = 0.0          # the two corners disagree: weak index evidence
            if len(votes) == 2 and votes[1] in legible and votes[1][0] != idx:
                other_corner = votes[1][0]
    pip_rank = rank_of_pips(n) if kind == "number" else None
    if pip_rank in ("2", "3") and _body_ink(ink) > PICTURE_BODY and not (idx in NUMBER_RANKS and isc >= SURE_SIM):
        # two or three "pips" in a body this full of ink are pieces of a picture: slavic_costumes'
        # pale pictorial aces fall apart into two (no deck's 2 or 3 inks more than 0.15 of its
        # body, clean).  A clear index naming a number keeps the count (a plastic ten whose pips
        # merged into two blobs, its "10" read at 0.90, is read again from its snapped card)
        kind, n, pip_rank = "court", None, None
    index_strong = idx is not None and isc > 0.75 and imar > 0.05
    index_weak = idx is not None and isc > INDEX_WEAK
    if kind == "blank":
        return RankReading("blank", None, pc)
    if kind == "back":
        # a court card's picture covers most of its face like a back's pattern does; a clear
        # J/Q/K corner index tells them apart (a pattern matches no glyph this well): both
        # corners naming court ranks, or one naming it clearly and no corner another rank
        if idx in COURT_RANKS and index_strong and (both_court or court_clear):
            return RankReading("court", idx, 0.6, None, idx, isc, "picture card (covered face)")
        return RankReading("back", None, pc, index=idx, index_score=isc)
    if pip_rank is not None:
        if idx == pip_rank and index_weak:
            conf = float(min(0.99, 0.8 + 0.1 * pc + 0.2 * isc * 0.5))
            if other_corner is not None and pc <= LOPSIDED:
                # the other corner legibly names another rank, and the count is lopsided (pips
                # lost on one side): a corner and a pip row may lie under a neighbour (a
                # touching pile's 4, its far corner and a bottom pip covered, counted 3 and its
                # covered corner read 3 at 0.97).  Noted, not doubted here: a doubt would send
                # the card to be read again from a snapped outline, and that reading is no
                # surer (a right 4 so became a 2 at 0.7); recognize asks about a pin or pile
                # top with this note at the end (pipeline.CORNERS_DIFFER)
                return RankReading("number", pip_rank, conf, n, idx, isc,
                                   f"{OTHER_CORNER} {pip_rank}, the other corner {other_corner}")
            if pc <= LOPSIDED and imar < CLOSE_INDEX:
                # a count lopsided (a row of pips lost: the outline cut the card) and an index
                # glyph another rank matches as well agree by chance as often as not: a five
                # cut across its top row counted 3, its cut glyph matched 3 and 5 alike
                return RankReading("number", pip_rank, UNEVEN_NO_INDEX, n, idx, isc,
                                   "pips lopsided, the index close to another rank")
            return RankReading("number", pip_rank, conf, n, idx, isc)
        if idx is None or not index_weak:
            # only an even count stands alone: text and a logo on a business card, or a toy's
            # label, count as three uneven "pips" (real photos, 0.75); true cards with no
            # legible index count evenly (0.82-0.83 on the development sets)
            if n == 1 and idx is None:
                conf = LONE_BLOB                                # lone_blob
            else:
                conf = 0.55 + 0.3 * pc if pc >= CLEAN_COUNT else UNEVEN_NO_INDEX
            return RankReading("number", pip_rank, conf, n, idx, isc, "no readable corner index")
        # disagreement.  On a deck the templates never saw (leave-one-deck-out over the 17
        # training decks) the pip count was right in 334 of 372 disagreements; the index was
        # right only when every legible corner read the same rank closely, one of them with no
        # rival rank near (24 of 24 cases; docs/recognizer.md)
        if idx in COURT_RANKS and index_strong and pip_rank in ("A", "2"):
            # a court picture that falls apart into one or two blobs (a small one, or a face
            # with the body split off): a clear J/Q/K index settles it
            return RankReading("court", idx, 0.6, n, idx, isc, "pips and index disagree")
        why = f"pips say {pip_rank}, index says {idx}"
        turned = {idx, pip_rank} == {"6", "9"}
        if turned and idx_corner == 1:
            # the far corner's glyph is read turned round, as decks print it; a deck printing
            # it upright (ancient-egyptians) shows a 9 there that reads 6 (and a 6, 9): the
            # pips name the card, flagged
            return RankReading("number", pip_rank, 0.6, n, idx, isc, why + " (turned?)")
        if index_sure and not turned:
            # (a 6 against 9 pips, or a 9 against 6, is no clear index even when both corners
            # agree: such a deck's card lying turned shows the other glyph at both.  In all 14
            # such disagreements on the development sets the pips were right)
            return RankReading("court" if idx in COURT_RANKS else "number", idx, 0.8, n, idx, isc, why)
        # a clean count of two or more pips was right in 309 of 315 such cases on the own
        # renders' decks, a single pip (ace) in 23 of 25: the pips name the card, asked (on
        # photos not tuned on it was right 30 times in 36).  An irregular count
        # (blobs of uneven size: touching pips, a covered corner) loses to a clear index.
        if pc >= CLEAN_COUNT and mirrored:
            # (a clean count with a pip that has no partner at its mirror place lost one: glare
            # washed out a 7's middle pip and the six left counted evenly; a strong index wins)
            return RankReading("number", pip_rank, PIPS_OVER_INDEX, n, idx, isc, why)
        if index_strong:
            return RankReading("court" if idx in COURT_RANKS else "number", idx, 0.5, n, idx, isc, why)
        if pc <= LOPSIDED and idx in NUMBER_RANKS and isc > SURE_SIM and PIPS[idx] > n:
            # pips lost on one side, and a legible index names more of them: that explains it
            return RankReading("number", idx, 0.5, n, idx, isc, why + ", pips lost on one side")
        return RankReading("number", pip_rank, 0.45, n, idx, isc, why)
    # no pip count: a court card, or unreadable
    if kind == "court":
        if idx in COURT_RANKS and index_weak:
            if one_piece:
                # a figure in one piece and a J/Q/K index: as when a picture falls apart
                # into a blob an ace's size, asked (a patch of wood read K at 0.9)
                return RankReading("court", idx, 0.6, None, idx, isc, "picture in one piece")
            return RankReading("court", idx, 0.9 if index_strong else 0.7, None, idx, isc)
        if index_strong and idx in NUMBER_RANKS and not court_corner and not corners_differ:
            # (a picture whose other corner reads as J, Q or K stays a court card: a real
            # queen's smudged corner matched a 10; so does one whose two legible corners name
            # two ranks, neither clearly: a real jack whose hook was lost read as a Russian
            # ace's Т, margin 0.17, its other corner as a 10; an ornate ace's clear A, margin
            # 0.98, keeps its number though its far corner reads 10)
            return RankReading("number", idx, 0.45, None, idx, isc, f"{PICTURE_INDEX} {idx}")
        return RankReading("court", idx if idx in COURT_RANKS else None, 0.5, None, idx, isc)
    if index_strong:
        return RankReading("court" if idx in COURT_RANKS else "number", idx, 0.5, None, idx, isc, "index only")
    return RankReading("back" if kind == "back" else "blank", None, 0.3, None, idx, isc)
