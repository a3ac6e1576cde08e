"""recognize: the whole reading of one photo, stage by stage (see docs/recognizer.md).

Each stage runs once and hands the next a typed answer:
load_image (Photo) -> _read_cards: find_cards, rectify, read_rank (Seen) -> _fit_verified: the
mat or fit_layout, then verify's second looks of recover.py, each refitting once (Fitted) ->
_place_cards (Placed) -> _check_layout (the rules' and the prior's checks) -> _doubt_and_warn.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import cv2
import numpy as np

from assistant.bowling.cards import COPIES

from .cards import (ASPECT, CARD_ASPECT, CORNERS, CUT_OFF, DIM, FAN, edge_map, find_cards, order_corners, outline_on_edges, quad_sides, rectify, same_card,
                    work_image)
from .debug import StageLog
from .fans import FAN_STRIP, fans_read, read_strip, strip_card
from .image_io import Photo, RecognitionError, load_image
from .layout import CW, LETTERS, PIN_OVERLAP, Placement, _angles, _overlaps, check_expect, fit_lattice, fit_layout, table_plane
from .mat import find_markers, mat_homography, mat_print
from .polygons import overlap_area
from .rank import (COURT_RANKS, INDEX_WEAK, OTHER_CORNER, PICTURE_INDEX, SURE_SIM, RankReading, both_corners, ink_mask, lone_blob, rank_of_pips,
                   read_rank)
from .recover import (OUTLINE_DOUBT, _to_mm, drop_covered, loose_piles, off_photo, pile_pieces_in_doubt, recover_piles,
                      recover_pins, reread_unsure, row_mates)
from .result import LOW_CONFIDENCE, Card, Recognition
from .rules_checks import over_the_deck, pins_down_unseen, tops_missed
from .stacks import edge_score, sliver_score, stacked
from .sweep import swept_cards
from .verify import PAPER_SAT, paper_fraction

CUT_OFF_CONFIDENCE = 0.5   # at most this sure of a card the photo's edge cuts off (_cut_off) ...
EDGE_MARGIN = 0.005        # ... its corners within this fraction of the photo's size of the edge
COVERED = 0.05             # a pin or pile top another found card covers this much of ...
COVERED_CONFIDENCE = 0.6   # ... is at most this sure (_covered_by_others)
CORNERS_DIFFER = 0.6       # a pin or pile top whose lopsided count one corner agrees with and the
                           # other does not (rank.OTHER_CORNER): its covered corner may agree by chance
DECK_DOUBT = 0.6           # at most this sure of each of three pins and pile tops read one value
# A labelling of the cards that comes this near the layout fit's winner (layout.Placement.
# disputes) leaves the places the two dispute in doubt.  Fitted by tools/fit_layout_margin.py
# (most wrong-and-unflagged places flagged over right places flagged) on 60 own renders and
# the even independent photos; on the odd ones and sample_images it flagged 17 such places
# for 18 right ones.  (It falls between two fit-half photos' leads, 0.2992 and 0.2999.)
PLACE_MARGIN = 0.2995
PLACE_DOUBT = LOW_CONFIDENCE - 0.1   # ... and those cards are at most this sure (so ringed)
CORNER_INDEX = 0.85        # a CORNERS card (cards.py) is a card only when its corner index reads this well
DIM_READ = 0.7             # a DIM region (cards.py) is a card only when read a number card this surely
NO_PAPER = 0.2             # a card read less surely than SURE_PAPER_READ with a paper fraction below
SURE_PAPER_READ = 0.9      # this is no card; paper is measured against the number cards read that surely
EDGELESS = 0.5             # an unsure card on another whose free outline runs less on edges is no card
SMALL_CARD_PX = 65          # card short side in work px below which finding is repeated at 2x: about a
                            # pixel per millimetre of a 63 mm card, where a millimetre's gap between
                            # touching cards closes (at 52 a far nicu-ornamental deal whose regions each
                            # took in parts of neighbours, sized 62 px by that, read five cards of 13)
SMALL_IN_FRAME = 0.033      # cards narrower than this fraction of the photo's long side: the player
                            # is told to come closer (the far sample read exactly down to 0.029 and
                            # lost three back-row pins at 0.027; development photos: 0.037 and up)
LAYOUT_NUMBERS = 2         # number cards a layout needs (a pin and a pile top); fewer read, and the
                           # photo is looked at again by faint outlines (a trigger at 4 and 6 was
                           # measured on 2026-12-04: the even independent photos read the same at 4
                           # and worse at 6, 92.20 and 91.42 %, so the rules' minimum stays)
LAYOUT_ACE = 0.4           # in_layout: a picture with no J/Q/K index read, on a pin or pile
COUNTED_COURT = 0.6        # in_layout: a J/Q/K index over a count of pips, read by the pips
FEW_PIPS = ("2", "3", "4", "5", "6", "7")   # in_layout: ranks whose few pips never merge into one picture
LAYOUT_DOUBT_NOTE = "the layout fits another placement nearly as well"
SHAPE_ON_SLOT = 0.35       # a card-shaped place the sweep could not read lies on a pin slot this near (card widths)


def _doubt(c: Card, most: float, why: str) -> None:
    """Make a card at most `most` sure -- below LOW_CONFIDENCE the player is asked -- and say why."""
    c.confidence, c.note = min(c.confidence, most), why


def _cut_off(c: Card, width: int, height: int) -> bool:
    """Does the photo's edge cut the card off?  Then only a piece of it was read: its pips and
    one index may be outside, and a 9 cut in half reads as a confident 5 (two such on the
    real photos).  Two corners on or past the edge."""
    m = max(2.0, EDGE_MARGIN * max(width, height))
    return sum(not (m <= x <= width - 1 - m and m <= y <= height - 1 - m) for x, y in c.corners) >= 2


def _covered_by_others(cards: list[Card]) -> list[Card]:
    """The pins and pile tops another card found covers more than COVERED of: a pip row or an
    index under a neighbour is lost, and a covered 6 reads as a sure 5 (pins dealt overlapping
    by about a centimetre: 13 of 40 sure misreadings on a development set were such cards,
    against 1 right card in 1 177 on ordinary photos)."""
    covered = _overlaps([c.corners for c in cards])
    return [c for c, f in zip(cards, covered) if c.role in ("pin", "pile") and c.value is not None and f > COVERED]


def _where(c: Card) -> str:
    if c.role == "pin":
        return f"pin {c.position}"
    if c.role == "pile":
        return f"pile {c.position}"
    x = int(np.mean([p[0] for p in c.corners]))
    y = int(np.mean([p[1] for p in c.corners]))
    return f"({x}, {y})"


class Seen(NamedTuple):
    """What _read_cards saw: faces as (corners in photo px, reading), backs' corners, per face
    its stacks.sliver_score, and the seeds (cards._seeds) in photo px."""
    work: np.ndarray
    fw: float
    faces: list
    backs: list
    slivers: list
    seeds: list
    outlines: bool = False      # found only on the second look (cards.outline_masks)
    proposals: tuple = ()       # every outline find_cards proposed, in photo px (for --debug)


def _read_cards(photo: Photo, outlines: bool = False, twice: bool = False) -> Seen:
    """find_cards + rectify + read_rank (see Seen).  When that reads fewer than two number
    cards (no layout), look again with find_cards' outline masks (white cards on a white,
    light or striped table; fans of overlapping cards) and keep the second look if it reads
    more number cards (or as many and more cards: a fan's top card may be a court); then,
    where the photo holds the detail, look once more at twice the resolution and keep that if
    it reads more number cards (twice: small cards on a patterned cloth, whose pattern
    swallows their outlines at the work size; the second look may read the two pile tops
    beside such a layout and none of its pins)."""
    work, fw = work_image(photo.image)
    seeds: list = []
    found_in, fq = _twice(photo, work) if twice else (work, fw)
    quads = find_cards(found_in, seeds=seeds, outlines=outlines)
    if quads and not twice:
        short = float(np.sqrt(np.median([q.area for q in quads]) / CARD_ASPECT))
        if short < SMALL_CARD_PX and _more_detail(photo, work):
            # a photo from far away: the thin gaps between touching cards vanish at the work
            # size, so look again at twice the resolution
            work2, fw2 = _twice(photo, work)
            seeds2: list = []
            q2 = find_cards(work2, seeds=seeds2, outlines=outlines)
            if len(q2) >= len(quads):
                quads, fq, seeds, found_in = q2, fw2, seeds2, work2
    faces, backs, slivers, images, sources, parents = [], [], [], [], [], []
    for q in quads:
        corners = q.corners * fq
        beyond = q.source == CUT_OFF
        card = rectify(photo.image, corners, paper_beyond=beyond)
        masks = ink_mask(card)
        if q.source == FAN and both_corners(card, masks[0]) is None:
            continue            # one end of a fan: the top card only if both its corners name its rank
        reading = read_rank(card, masks)
        if q.source != FAN:
            card, masks, reading = _read_either_way(photo.image, corners, beyond, (card, masks, reading))
        if q.source == DIM and not (reading.kind == "number" and reading.confidence >= DIM_READ):
            continue            # a dim card-shaped region: a card only if it reads clearly
        if q.source in (CORNERS, CUT_OFF) and not (reading.index == reading.rank and reading.index_score >= CORNER_INDEX):
            continue            # square corners of a region, or a card the photo cuts off: a card only if its index says so
        if reading.kind in ("number", "court"):
            top = len(faces)
            faces.append((corners, reading))
            sources.append(q.source)
            parents.append(None)
            slivers.append(sliver_score(masks[0], q.extra.get("cuts", ())))
            images.append(card)
            for strip, whole in q.extra.get("under", ()):       # a fan's cards under its top card
                under = strip_card(photo.image, strip * fq, whole * fq)
                below = read_strip(under)
                if below is not None:
                    faces.append((order_corners(strip * fq), below))
                    sources.append(FAN_STRIP)
                    parents.append(top)
                    slivers.append(0.0)
                    images.append(under)
        elif reading.kind == "back":
            backs.append(corners)
    keep, slivers = fans_read(faces, sources, slivers, parents)
    faces, slivers, images = [faces[i] for i in keep], [slivers[i] for i in keep], [images[i] for i in keep]
    keep = _paper_faces(faces, images)
    faces, slivers = [faces[i] for i in keep], [slivers[i] for i in keep]
    keep = _outlined_on_edges(found_in, fq, faces)
    faces, slivers = [faces[i] for i in keep], [slivers[i] for i in keep]
    seeds = [cv2.boxPoints(r) * fq for r in seeds]
    seen = Seen(work, fw, faces, backs, slivers, seeds, outlines, tuple(q.corners * fq for q in quads))
    if not outlines and _numbers(seen) < LAYOUT_NUMBERS:
        again = _read_cards(photo, outlines=True)
        if (_numbers(again), len(again.faces)) > (_numbers(seen), len(seen.faces)):
            seen = _with_first_look(again, seen)
        if _more_detail(photo, work):
            again = _read_cards(photo, outlines=True, twice=True)
            if _numbers(again) > _numbers(seen):
                seen = again
    return seen


def _read_either_way(image: np.ndarray, corners: np.ndarray, paper_beyond: bool, read: tuple) -> tuple:
    """A far card on a steeply tilted photo may show its long side the shorter, so that
    order_corners starts it on the wrong side and it is read turned a quarter: a two read
    as a picture with no index.  A card that looks square (its sides' ratio under ASPECT's
    least) or that reads as a picture with no index glyph at all is also read so turned,
    and that reading kept when it is sure and better (the corners stay as found: the layout
    measures the cards by them).  read: (rectified card, ink masks, reading) as first read
    from `corners` in the photo `image`; the same returned, or the turned card's."""
    short, long_ = quad_sides(corners)
    r = read[2]
    if long_ >= ASPECT[0] * short and not (r.kind == "court" and r.index is None):
        return read
    card = rectify(image, np.roll(corners, -1, 0), paper_beyond=paper_beyond)
    masks = ink_mask(card)
    other = (card, masks, read_rank(card, masks))
    rated = lambda r: (r.kind in ("number", "court") and r.rank is not None, r.confidence)  # noqa: E731
    sure = other[2].confidence >= LOW_CONFIDENCE
    return other if sure and rated(other[2]) > rated(r) else read


def _with_first_look(again: Seen, first: Seen) -> Seen:
    """The second look, with the first look's faces it has nothing at (none of its faces
    is the same card by cards.same_card).  The second look's own masks and cuts change
    what find_cards proposes (the card size, which outline wins a place): a jack read on the
    first look had no outline on the second, kept for a piece of a CD read as an ace."""
    quads = [np.float32(c) for c, _ in again.faces]
    areas = [cv2.contourArea(q) for q in quads]
    extra = []
    for i, (c, _) in enumerate(first.faces):
        c = np.float32(c)
        area = cv2.contourArea(c)
        if not any(same_card(overlap_area(c, q), area, a) for q, a in zip(quads, areas)):
            extra.append(i)
    return again._replace(faces=again.faces + [first.faces[i] for i in extra],
                          slivers=again.slivers + [first.slivers[i] for i in extra])


def _more_detail(photo: Photo, work: np.ndarray) -> bool:
    """Does the photo hold enough more detail than the work image for a look at twice its size?"""
    return max(photo.image.shape[:2]) > 1.5 * max(work.shape[:2])


def _twice(photo: Photo, work: np.ndarray) -> tuple[np.ndarray, float]:
    """work_image at twice the work image's size."""
    return work_image(photo.image, 2 * max(work.shape[:2]))


def _numbers(seen: Seen) -> int:
    return sum(r.kind == "number" for _, r in seen.faces)


def _paper_faces(faces: list, images: list[np.ndarray]) -> list[int]:
    """The faces to keep: all but those not read surely that show next to no paper
    (verify.paper_fraction below NO_PAPER, paper being as unsaturated as the number cards read
    surely, or as the number cards found if more saturated, and at least as PAPER_SAT allows).  Wood grain closed off by plank lines was found as
    card-shaped regions and read as aces with no index (0.5): one took an empty pile's place
    beside a sparse frame, and the deck check then asked about both true aces."""
    sats = [cv2.cvtColor(img, cv2.COLOR_BGR2HSV)[:, :, 1] for img in images]     # converted once
    sat = {i: float(np.median(s)) for i, ((_, r), s) in enumerate(zip(faces, sats)) if r.kind == "number"}
    sure = [v for i, v in sat.items() if faces[i][1].confidence >= SURE_PAPER_READ]
    # the paper of the sure number cards, or of all number cards when more of them are
    # peach: penguins' cream cards, whose unfamiliar index left most of them at 0.7, were all
    # dropped against the few read surely
    refs = [float(np.median(v)) + 30 for v in (sure, list(sat.values())) if v]
    max_sat = max([PAPER_SAT] + refs)
    return [i for i, ((_, r), s) in enumerate(zip(faces, sats))
            if r.confidence >= SURE_PAPER_READ or paper_fraction(s, max_sat) >= NO_PAPER]


def _outlined_on_edges(work: np.ndarray, fq: float, faces: list) -> list[int]:
    """The faces to keep: all but those not read surely that overlap another card found
    (over PIN_OVERLAP of the smaller) and whose uncovered outline runs less than half along edges
    (EDGELESS).  Glare between three pins made a card-shaped bright region that covered pin
    F's card by a fifth, so the layout took F for a heap's card and left it out.  A heap's
    cards, on each other too, show their own edges wherever they are uncovered."""
    if len(faces) < 2:
        return list(range(len(faces)))
    quads = [np.asarray(c, np.float64) / fq for c, _ in faces]
    areas = [cv2.contourArea(np.float32(q)) for q in quads]
    doubt = [i for i, (_, r) in enumerate(faces) if r.confidence < SURE_PAPER_READ and any(
        overlap_area(quads[i], quads[j]) > PIN_OVERLAP * min(areas[i], areas[j]) for j in range(len(faces)) if j != i)]
    if not doubt:
        return list(range(len(faces)))
    edges = edge_map(work)
    drop = set()
    for i in doubt:
        on = outline_on_edges(edges, quads[i], [q for j, q in enumerate(quads) if j != i])
        if on is not None and on < EDGELESS:
            drop.add(i)
    return [i for i in range(len(faces)) if i not in drop]


def _row_mate_seeds(pl, faces: list, live_piles) -> list[np.ndarray]:
    """recover.row_mates, when fewer pile tops were placed than the tracker's prior says there
    are or, with no prior, than three.  (Not the fewest the rules allow for the pins placed:
    pins are still recovered after this, and a lowcontrast deal with 8 pins placed, 2 of
    them recovered later, needed only two tops by the rules and its pile 2 went unsought.
    A seed on bare table costs a paper test and is dropped.)"""
    need = sum(live_piles) if live_piles is not None else 3
    return row_mates(pl, faces) if pl.roles.count("pile") < need else []


def _on_stack(image: np.ndarray, faces: list, slivers: list) -> list[bool]:
    """Per face: does it lie on a face-down stack (recognizer.stacks: the sliver inside its
    outline, or the stack's edge outside it)?  Only off the mat: the mat's fixed slots need
    no cue, and its printing beside a slot looks like a stack's edge."""
    edges = [edge_score(image, c, [o for o, _ in faces if o is not c]) for c, _ in faces]
    return stacked(slivers, edges)


def _unread(cards: list, allowed, live_piles) -> list[str]:
    """The places recognize's expect says hold a card (standing pins, live piles' tops) with no
    card of the reading on them, pins first: "H", "2"."""
    held = {str(c.position) for c in cards if c.role in ("pin", "pile")}
    pins = [k for n, k in enumerate(LETTERS) if allowed is not None and allowed[n] and k not in held]
    tops = [str(i + 1) for i in range(3) if live_piles is not None and live_piles[i] and str(i + 1) not in held]
    return pins + tops


def _say_unread(pins: list[str], tops: list[str]) -> str:
    """The warning for places the prior expects a card at and the reading has none ('' if none)."""
    said = []
    if pins:
        said.append(f"pin {pins[0]} still stands" if len(pins) == 1 else f"pins {', '.join(pins)} still stand")
    if tops:
        said.append(f"pile {tops[0]} has a face-up top" if len(tops) == 1 else
                    f"piles {', '.join(tops)} have face-up tops")
    return f"no card was read where {' and '.join(said)}: please check the photo, or set the card by hand" if said else ""


def _card(corners_photo: np.ndarray, scale: float, r: RankReading, role, position) -> Card:
    full = [[int(round(x * scale)), int(round(y * scale))] for x, y in corners_photo]
    if r.kind == "court":
        rank = r.rank if r.rank in COURT_RANKS else "joker"
        return Card(None, rank, full, r.confidence, role, position, r.note)
    return Card(r.value, r.rank, full, r.confidence, role, position, r.note)


class Notes:
    """The warnings of one reading, in the order the player reads them; advice (what a better
    photo would mend) is also kept apart for the web page."""

    def __init__(self):
        self.warnings: list[str] = []
        self.advice: list[str] = []

    def warn(self, message: str) -> None:
        if message:
            self.warnings.append(message)

    def advise(self, message: str) -> None:
        self.warnings.append(message)
        self.advice.append(message)


@dataclass
class Fitted:
    """The layout stage's answer: fit_layout's placement of `faces` (Seen.faces, with the loose
    pile tops verify found appended), which faces lie on a face-down stack (None on the mat),
    and the printed mat's homography and markers when the photo shows the mat."""
    faces: list
    pl: Placement
    on_stack: list | None
    mat_h: np.ndarray | None
    markers: dict
    unsure: list = ()            # card-shaped places the sweep could not read (outlines, px)


@dataclass
class Placed:
    """The cards of the reading with their roles, the labellings that came near the fit
    (Recognition.contested) and the warning naming the places they dispute ('' if none)."""
    cards: list[Card]
    said: str
    contested: list


def recognize_cards(source) -> Recognition:
    """Cards and ranks only, no layout fitting (role and position are None)."""
    return recognize(source, layout=False)


def recognize(source, layout: bool = True, verify: bool = True, expect: dict | None = None,
              debug: str | Path | None = None) -> Recognition:
    """Read a photo of a Bowling Solitaire table.  Raises RecognitionError for bad input.

    expect (optional): what the caller already knows mid-frame, e.g.
    {"standing": ["A", "C", "H"], "piles": [True, True, False]} -- the pins still standing and
    which piles still have a face-up top.  Cards are then placed only on the standing slots
    (and only piles marked True get a top), which settles sparse layouts.  Either key may be
    left out.  A bad prior raises ValueError.  debug: a folder for one picture per stage
    (recognizer/debug.py).

    The stages, each once: load_image -> _read_cards (find, rectify, read) -> _fit_verified
    (mat or lattice fit, verify's second looks) -> _place_cards -> _check_layout (the rules'
    and the prior's checks) -> _doubt_and_warn."""
    t0 = time.perf_counter()
    allowed, live_piles = check_expect(expect)
    photo = load_image(source)
    log = StageLog(debug)
    log.photo(photo.image)
    seen = _read_cards(photo)
    log.found(photo.image, seen.proposals)
    log.ranks(photo.image, seen.faces, seen.backs)
    try:
        _require_faces(photo, seen, layout)
    except RecognitionError as e:
        e.partial.seconds = time.perf_counter() - t0     # the cards it found are still printed
        raise
    notes = Notes()
    short = float(np.median([quad_sides(np.asarray(c, np.float64))[0] for c, _ in seen.faces]))
    if short < SMALL_IN_FRAME * max(photo.image.shape[:2]):
        notes.advise("the cards are small in this photo: if a card is misread or missed, take the photo "
                     "closer, so the layout fills most of the picture")
    pins = {k: None for k in LETTERS}
    piles: list[int | None] = [None, None, None]
    fitted = placed = None
    unread: list[str] = []
    if not layout:
        cards = [_card(c, photo.scale, r, None, None) for c, r in seen.faces]
    else:
        fitted = _fit_verified(photo, seen, expect, allowed, live_piles, verify)
        log.layout(photo.image, fitted.faces, fitted.pl)
        notes.warnings += fitted.pl.warnings
        placed = _place_cards(photo, seen, fitted, allowed, live_piles, verify)
        notes.warn(placed.said)
        cards = placed.cards
        unread = _check_layout(photo, fitted, cards, pins, piles, allowed, live_piles, notes)
    _doubt_and_warn(photo, cards, seen.outlines, notes)
    r = Recognition(photo.name, photo.width, photo.height, pins, piles, cards, notes.warnings, 0.0,
                    fitted is not None and fitted.mat_h is not None, notes.advice,
                    fitted is not None and fitted.pl.guessed, unread,
                    None if fitted is None or fitted.mat_h is not None else fitted.pl.margin,
                    placed.contested if placed is not None else [])
    r.seconds = time.perf_counter() - t0
    log.result(photo.image, r)
    return r


# what the player can do when too little is found (a layout far off in the picture, where a
# card or two of the ten may still be read, is too small to read)
STEP_CLOSER = ": take it from above, close enough that the whole layout fills most of the picture"


def _require_faces(photo: Photo, seen: Seen, layout: bool) -> None:
    """Raise (with what was seen) when the photo shows no face-up card, or too few number
    cards for a layout."""
    if not seen.faces:
        # what the player can do about it: a layout far off in the picture is too small to read
        raise RecognitionError(("no face-up cards found in the photo, only face-down ones" if seen.backs else
                                "no cards found in the photo") + STEP_CLOSER,
                               Recognition(photo.name, photo.width, photo.height, {k: None for k in LETTERS},
                                           [None] * 3, [], []))
    numbers = _numbers(seen)
    if layout and numbers < LAYOUT_NUMBERS:
        found = [_card(c, photo.scale, r, None, None) for c, r in seen.faces]
        raise RecognitionError(f"too few cards for a layout: found {numbers} number card(s), "
                               "need at least 2 (pins or pile tops) in the photo" + STEP_CLOSER,
                               Recognition(photo.name, photo.width, photo.height, {k: None for k in LETTERS},
                                           [None] * 3, found, []))


def _fit_verified(photo: Photo, seen: Seen, expect, allowed, live_piles, verify: bool) -> Fitted:
    """The layout: the printed mat's fixed slots when its markers show, else fit_layout's
    lattice; then, when a pin slot has no card, the sweep of the table plane for cards the
    finder missed (sweep.swept_cards: touching cards), and verify's two second looks, each
    refitting once: unsure cards re-read on the fitted table plane (reread_unsure), and pile
    tops sought beside the fit (loose_piles), kept only when the refit takes one of them as a
    pile."""
    faces = list(seen.faces)
    unsure: list = []
    markers = find_markers(seen.work)
    mat_h = mat_homography(markers)
    if mat_h is not None:
        mat_h = np.diag([seen.fw, seen.fw, 1.0]) @ mat_h
    on_mat = mat_h is not None
    on_stack = None if on_mat else _on_stack(photo.image, faces, seen.slivers)

    def fit():
        # an empty mat slot's printed letter reads as a lone blob: it takes no slot there
        faceup = [not (on_mat and lone_blob(r)) for _, r in faces]
        return fit_layout([c for c, _ in faces], faceup, _may_be_pin(faces, not on_mat, allowed is not None),
                          seen.backs, mat_h, expect, on_stack, [r.kind != "number" for _, r in faces])
    pl = fit()
    if verify and not on_mat and pl.slots_mm is not None and pl.roles.count("pin") < len(LETTERS):
        # a pin slot without a card: a card the finder missed (touching its neighbours), or
        # a pin knocked down
        swept = swept_cards(photo.image, pl.plane, [c for c, _ in faces] + list(seen.backs),
                            pl.slots_mm["J"][1] - pl.slots_mm["J"][0])
        unsure = swept.unsure
        if swept.cards:
            faces, on_stack = faces + swept.cards, on_stack + [False] * len(swept.cards)
            pl = fit()
    if verify and pl.plane is not None and reread_unsure(photo.image, faces, pl.plane):
        pl = fit()
    if verify and not on_mat:
        loose = loose_piles(photo.image, faces, pl, seen.seeds + _row_mate_seeds(pl, faces, live_piles), live_piles)
        if loose:
            before = faces, on_stack, pl
            faces, on_stack = faces + loose, on_stack + [False] * len(loose)
            pl = fit()
            if "pile" not in pl.roles[-len(loose):]:
                faces, on_stack, pl = before     # the layout took none of them as a pile
    return Fitted(faces, pl, on_stack, mat_h, markers, unsure)


def _place_cards(photo: Photo, seen: Seen, fitted: Fitted, allowed, live_piles, verify: bool) -> Placed:
    """The cards with the roles the fit gave them (the mat's own print left out), verify's
    pins read on empty slots (and piles on the mat's), the cards outlined off their place
    doubted, and the places a near labelling disputes ringed (_contested_places)."""
    faces, pl = fitted.faces, fitted.pl
    cards: list[Card] = []
    of_face: dict = {}
    for i, ((c, r), role, pos) in enumerate(zip(faces, pl.roles, pl.positions)):
        if role == "outside" and fitted.mat_h is not None and _mat_print(c, r, fitted.mat_h, fitted.markers):
            continue        # the mat's marker or an empty slot's frame, not a card
        cards.append(_card(c, photo.scale, r if role == "outside" else in_layout(r), role, pos))
        of_face[i] = cards[-1]
    recovered: list[Card] = []
    if verify and pl.slots_mm is not None:
        found, doubted = recover_pins(photo.image, faces, seen.backs, pl, allowed)
        recovered = [_card(corners, photo.scale, r, "pin", pos) for corners, r, pos in found]
        for i in doubted:       # cards[i] is faces[i]'s card
            _doubt(cards[i], OUTLINE_DOUBT, "outlined off the card; its place reads another rank")
        for i, why in pile_pieces_in_doubt(photo.image, faces, pl):
            _doubt(cards[i], OUTLINE_DOUBT, why)
        if fitted.mat_h is not None:
            recovered += [_card(corners, photo.scale, r, "pile", pos)
                          for corners, r, pos in recover_piles(photo.image, faces, pl, live_piles)]
        # a pin outlined wrongly whose slot was read (outlined_wrongly) gives way to that card
        read_again = {c.position for c in recovered}
        for c in cards:
            if c.role == "pin" and c.position in read_again:
                c.role, c.position = "outside", None
        cards = drop_covered(cards, recovered) + recovered
    said, contested = _contested_places(pl, of_face, cards, recovered)
    return Placed(cards, said, contested)


def _check_layout(photo: Photo, fitted: Fitted, cards: list[Card], pins: dict, piles: list, allowed, live_piles,
                  notes: Notes) -> list[str]:
    """Fill `pins` and `piles` from the cards placed, after the checks the rules and the
    caller's prior allow: a second triangle in the photo (raised), more cards of a rank than
    the deck has, standing pins outside the photo, places expected to hold a card with none
    read, pile tops and knocked-down pins the rules say must be there.  Returns the places
    expected and unread ("H", "2")."""
    faces, pl = fitted.faces, fitted.pl
    try:
        _check_second_layout([c for c, _ in faces], [r.kind == "number" for _, r in faces], pl)
    except RecognitionError as e:
        e.partial = Recognition(photo.name, photo.width, photo.height, pins, piles, cards, [])
        raise
    for group in over_the_deck(cards):
        for c in group:      # (a card already in doubt keeps its own reason first)
            why = f"{len(group)} cards of the layout read {c.rank}, and the deck has {COPIES} of each"
            _doubt(c, DECK_DOUBT, f"{c.note}; {why}" if c.note else why)
    for c in cards:
        if c.role == "pin" and c.value is not None:
            pins[c.position] = c.value
        elif c.role == "pile" and c.value is not None:
            piles[int(c.position) - 1] = c.value
    out = []
    if pl.slots_mm is not None and (allowed is not None or sum(v is not None for v in pins.values()) >= 5):
        # a pin read as knocked down because the photo cut it off would lose the player pins.
        # (Not in a sparse frame read without the prior: its far slots are mostly knocked down)
        out = [k for n, k in enumerate(LETTERS) if pins[k] is None and (allowed is None or allowed[n])
               and not any(c.position == k for c in cards) and off_photo(photo.image.shape, pl.plane, pl.slots_mm[k])]
        if out:
            notes.advise(f"the place of pin {', '.join(out)} is outside the photo: if it still stands, "
                         "step back so the whole layout is in the photo")
    notes.warn(_say_shapes(_shaped_empty_slots(fitted, pins, cards)))
    unread = _unread(cards, allowed, live_piles)
    notes.warn(_say_unread([k for k in unread if k in LETTERS and k not in out],   # (out: advised above)
                           [k for k in unread if k not in LETTERS]))
    if pl.letters_guessed:
        # the letters of the cards found are a guess, and so are the pins read knocked down
        # (a floral cloth hid seven of ten standing pins, all read as down)
        down = [k for k in LETTERS if pins[k] is None and k not in out and k not in unread]
        if down:
            notes.warn(f"{_places([('pin', k) for k in down])} read as knocked down: a guess too, "
                       "please check them")
    if live_piles is None:
        # the rules' prior when the caller gave none: ten pins standing beside an empty pile
        # mean its top was not found
        standing = int(allowed.sum()) if allowed is not None else sum(v is not None for v in pins.values())
        # the rules' prior on pins: the knocked-down ones lie beside the layout; those read
        # down with nothing there may stand, and then so may the piles only they emptied
        unseen, unseen_said = pins_down_unseen(pins, cards) if allowed is None and pl.slots_mm is not None else ([], "")
        missed, said = tops_missed(piles, len(LETTERS) - standing, unseen)
        if missed:
            unread += missed
            notes.warn(said)
        notes.warn(unseen_said)
    return unread


def _shaped_empty_slots(fitted: Fitted, pins: dict, cards: list[Card]) -> list[str]:
    """Pin slots read empty on which the sweep saw a card's four sides without reading the
    card: a card may stand there (touching its neighbours, in glare) that was not read."""
    pl = fitted.pl
    if not fitted.unsure or pl.slots_mm is None:
        return []
    at = np.array([_to_mm(pl.plane, q).mean(0) for q in fitted.unsure])
    return [k for k in LETTERS if pins[k] is None and not any(c.position == k for c in cards)
            and np.min(np.linalg.norm(at - pl.slots_mm[k].mean(0), axis=1)) < SHAPE_ON_SLOT * CW]


def _say_shapes(letters: list[str]) -> str:
    if not letters:
        return ""
    return (f"{_places([('pin', k) for k in letters])} read as knocked down, but a card's outline lies on "
            f"{'its slot' if len(letters) == 1 else 'their slots'}: please check the photo, or set the card by hand")


def _doubt_and_warn(photo: Photo, cards: list[Card], outlines_only: bool, notes: Notes) -> None:
    """Lower the confidence of cards read from less than the whole card (covered by another,
    its two corners disagreeing, cut off by the photo's edge) and say, per card, what the
    player should check."""
    for c in _covered_by_others(cards):
        _doubt(c, COVERED_CONFIDENCE, "partly covered by another card")
    for c in cards:
        if c.role in ("pin", "pile") and c.note.startswith(OTHER_CORNER):
            _doubt(c, CORNERS_DIFFER, c.note)
    cut = [c for c in cards if _cut_off(c, photo.width, photo.height)]
    for c in cut:
        _doubt(c, CUT_OFF_CONFIDENCE, "cut off by the photo's edge")
    if cut:
        where = ", ".join(_where(c) if c.role in ("pin", "pile") else f"the card at {_where(c)}" for c in cut)
        notes.advise(f"cut off by the photo's edge: {where}; step back so the whole layout is in the photo")
    for c in cards:
        # "joker" is any picture card whose J/Q/K index could not be read: say so
        what = "picture card (J, Q, K or joker)" if c.rank == "joker" else c.rank
        if c.value is None and c.role in ("pin", "pile"):
            notes.warn(f"{_where(c)}: looks like a {what} (not used in this game) with low confidence "
                       f"{c.confidence:.2f}; please check the card")
        elif c.value is None:
            notes.warn(f"{what} at {_where(c)}: not used in this game")
        elif c.confidence < LOW_CONFIDENCE:
            why = f" ({c.note})" if c.note else ""
            notes.warn(f"{_where(c)}: read {c.rank} with low confidence {c.confidence:.2f}{why}; please check")
    placed = [_where(c) for c in cards if c.role in ("pin", "pile")]
    if outlines_only and placed:
        # white cards on a light table, found by their faint outlines alone: on the independent
        # set a third of such readings were right, so every place read is worth a look -- and
        # every place read empty, too (a card whose outline stayed broken is missed, not misread)
        taken = {(c.role, str(c.position)) for c in cards}
        empty = [w for w in [("pin", k) for k in LETTERS] + [("pile", str(i)) for i in (1, 2, 3)] if w not in taken]
        notes.warn(f"the cards were found by their faint outlines only (white cards on a light "
                   f"table): please check {', '.join(placed)}"
                   + (f", and that {_places(empty)} {'is' if len(empty) == 1 else 'are'} really empty" if empty else ""))


def _contested_places(pl, of_face: dict, cards: list[Card], recovered: list[Card]) -> tuple[str, list]:
    """The places the layout fit chose between: per other labelling nearly as good
    (layout.Placement.disputes) its lead and the places in dispute -- the cards it places
    differently, the pins recovered on the lattice (they shift with it), and where it puts
    them ("E", "pile2").  The cards disputed by a labelling less than PLACE_MARGIN behind are
    doubted, and a warning names the places ('' when none is).  A placement a row or column
    off reads every card right and places it wrong; with the per-card confidence high the
    player had no cue to check it."""
    kept = {id(c) for c in cards}
    name = lambda role, p: p if role == "pin" else f"pile{p}"  # noqa: E731
    seen, mine, there = [], [], []
    for lead, moved, elsewhere in pl.disputes:
        here = [of_face[i] for i in moved if i in of_face and id(of_face[i]) in kept
                and of_face[i].role in ("pin", "pile")]
        if any(c.role == "pin" for c in here):
            here += [c for c in recovered if c.role == "pin" and id(c) in kept]
        away = [w for w in elsewhere if w[0] != "outside"]
        if not here and not away:
            continue
        seen.append([lead, sorted({name(c.role, c.position) for c in here} | {name(*w) for w in away})])
        if lead < PLACE_MARGIN:
            mine += [c for c in here if all(c is not m for m in mine)]
            there += [w for w in away if w not in there]
    for c in mine:
        _doubt(c, PLACE_DOUBT, f"{c.note}; {LAYOUT_DOUBT_NOTE}" if c.note else LAYOUT_DOUBT_NOTE)
    if not mine and not there:
        return "", seen
    if not mine:
        return f"the layout fits another way nearly as well: please check {_places(there)} on the overlay", seen
    also = f" (they may be {_places(there)})" if there else ""
    return (f"the layout fits another way nearly as well: please check "
            f"{_places([(c.role, c.position) for c in mine])} on the overlay{also}", seen)


def _places(where: list) -> str:
    """'pins A, B and E, pile 2' for [("pin", "A"), ...] (the benchmark reads places so)."""
    def listed(xs):
        return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]
    pins = sorted({p for r, p in where if r == "pin"})
    piles = sorted({p for r, p in where if r == "pile"})
    said = ([("pin " if len(pins) == 1 else "pins ") + listed(pins)] if pins else []) + \
           ([("pile " if len(piles) == 1 else "piles ") + listed(piles)] if piles else [])
    return ", ".join(said)


def _mat_print(corners, r: RankReading, mat_h, markers) -> bool:
    """Is a card outside the layout the mat's own print (mat.mat_print)?  An empty slot's frame
    only when read with no corner index -- a lone ace (lone_blob) or a picture with no J/Q/K,
    as its printed letter reads -- so a card left on a knocked-down pin's slot is still
    reported; round a marker the photo shows, also when read with doubt (the paper round a
    marker borrowed a neighbouring 10's index)."""
    no_index = lone_blob(r) or (r.kind == "court" and r.index not in COURT_RANKS)
    if not no_index and r.confidence >= LOW_CONFIDENCE:
        return False
    what = mat_print(corners, mat_h, markers)
    return what == "marker" or (what == "slot" and no_index)


def in_layout(r: RankReading) -> RankReading:
    """The reading of a card placed on a pin slot or a pile.  Those are the game's twenty A-10
    cards, and of them only an ace can show one big picture instead of pips (an ornate ace of
    spades; slavic_costumes' aces): a picture reading there is that ace, flagged -- at 0.45
    when its corner index reads A, at LAYOUT_ACE when no J, Q or K was read in its corners
    (slavic_costumes' bold Т reads as a 7 at 0.77; a fresh deal lost the pin).  A picture
    whose corners read J, Q or K stays a picture card: a mis-deal, and the player is told.
    So does a picture whose index reads 2-7 without being sure (FEW_PIPS)."""
    if r.kind == "court" and r.index == "A" and r.index_score > INDEX_WEAK:
        return RankReading("number", "A", 0.45, r.pips, r.index, r.index_score,
                           "a picture card in the layout, index says A")
    if r.kind == "court" and r.rank is None:
        return RankReading("number", "A", LAYOUT_ACE, r.pips, r.index, r.index_score,
                           "a picture card in the layout: an ornate ace?")
    if counted_court(r):
        return RankReading("number", rank_of_pips(r.pips), COUNTED_COURT, r.pips, r.index, r.index_score,
                           f"pips say {rank_of_pips(r.pips)}, index says {r.rank}; no picture card is dealt")
    if unclear_court(r):
        return RankReading("number", "A", LAYOUT_ACE, r.pips, r.index, r.index_score,
                           f"a picture card in the layout, index read as {r.rank} unclearly: an ornate ace?")
    if r.note.startswith(PICTURE_INDEX) and r.rank in FEW_PIPS and r.index_score < SURE_SIM:
        # a picture whose index reads 2-7, but not clearly: so few pips never merge into one
        # picture, an unfamiliar ace's index does read as a number (slavic's Т as 7 or 2)
        return RankReading("number", "A", LAYOUT_ACE, r.pips, r.index, r.index_score,
                           f"a picture card in the layout, index read as {r.rank}: an ornate ace?")
    return r


def _may_be_pin(faces, doubtful_courts: bool = True, aces_on_mat: bool = False) -> list[bool]:
    """Cards the layout fit may put on a pin slot: number cards, and court cards read with
    doubt (a 10 of an ornate deck read as a queen at confidence 0.5 is still a card lying in
    the triangle; dropping it would cost the fit an anchor and re-letter its neighbours).
    Such a pin keeps value None and a warning, so the player is asked to check it.  On the
    printed mat the slots are fixed, so no anchor is needed, and an empty slot's printing
    can read as a doubtful picture (slot G's letter does): doubtful_courts=False there.  A
    picture with no J, Q or K read in its corners may still take a slot on the mat when some
    corner index was read (an empty slot's letter is in its middle, none in its corners),
    or, with the standing pins known (aces_on_mat), always -- in_layout asks it as an ornate
    ace (slavic_costumes' aces, whose Т reads as A, 7 or 10).  Off the mat too, a picture
    with no corner index read at all takes no slot from the photo alone: a patch of table in
    glare between J and a pile top, card-shaped between their edges, read so, took a pile's
    place and renumbered the real piles."""
    return [r.kind == "number" or counted_court(r)
            or (r.kind == "court" and (r.confidence < LOW_CONFIDENCE or unclear_court(r))
                and ((doubtful_courts and r.rank is not None)
                     or (r.rank is None and (aces_on_mat or r.index is not None))))
            for _, r in faces]


def counted_court(r: RankReading) -> bool:
    """A J, Q or K index read over a count of two or more pips (read_rank let the clear index
    win): an oxygen-white 5 on the printed mat read "pips say 5, index says K" (0.8), took no
    slot, and pin D was lost in silence.  In the layout, where only A-10 lie, the pips name
    the card (in_layout), asked."""
    return r.kind == "court" and r.rank in COURT_RANKS and r.pips is not None and r.pips >= 2


def unclear_court(r: RankReading) -> bool:
    """A picture whose J, Q or K index matched less than clearly (SURE_SIM): oxygen-white's ace
    of clubs, one big pip in a spray of dots with its A printed in the top right corner, read
    as a jack at 0.9 from the suit sign where other decks print the index (0.76), and the pin
    was left out in silence.  Off the mat it may take a pin slot, where in_layout asks it as an
    ornate ace."""
    return r.kind == "court" and r.rank in COURT_RANKS and r.index_score < SURE_SIM


def _check_second_layout(quads, numbered, pl) -> None:
    """Raise if the cards left outside the fitted layout form a second triangle."""
    rest = [i for i, (role, n) in enumerate(zip(pl.roles, numbered)) if role == "outside" and n]
    if len(rest) < 6:
        return
    q = [np.asarray(quads[i], np.float64) for i in rest]
    ov = _overlaps(q)
    keep = [i for i in range(len(q)) if ov[i] < 0.15]
    if len(keep) < 6:
        return
    q = [q[i] for i in keep]
    Hi = table_plane(q)
    mm = np.array([cv2.perspectiveTransform(x.reshape(-1, 1, 2), Hi).reshape(4, 2) for x in q])
    ones = np.ones(len(q), bool)
    best = fit_lattice(mm.mean(1), _angles(mm), ones, ones)
    if best is not None and best["inliers"] >= 6:
        raise RecognitionError("more than one layout in the photo: photograph one deal at a time")
