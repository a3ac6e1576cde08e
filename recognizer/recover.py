"""Stage 4c, after the layout is fitted: what the fit's slots let the recogniser read again.

Once pins have letters, every slot's card outline is known on the table (verify.py snaps and
reads such outlines).  recognize uses that to re-read doubtful cards at a card's size
(reread_unsure), to read empty pin slots and pins outlined wrongly (recover_pins), pile tops
the finder missed (loose_piles off the mat, recover_piles on it), and to ask about pile tops
outlined by a piece of the card (pile_pieces_in_doubt).
"""
from __future__ import annotations

import cv2
import numpy as np

from assistant.bowling import mat as ML
from . import verify as verify_mod
from .cards import order_corners, rectify
from .layout import CH, CW, LETTERS, PIN_OVERLAP, _beside_j, _overlaps, a_piece, card_sized, in_pile_zone
from .polygons import overlap_area
from .result import LOW_CONFIDENCE, Card
SLOT_OFF_MM = 6.0       # a pin outline whose centre is this far off its slot's may be off the card
SURE_OUTLINED = 0.9     # a pin outlined wrongly, read less surely than this, gives way to its slot's card
OUTLINE_DOUBT = 0.6     # one read surely whose slot's card reads another rank: asked
BELOW_J_GAPS_MM = (15.0, 40.0)     # row_mates: a pile below J lies this far past J's card
ROW_MATE_MM = (CW + 15.0, CW + 38.0)   # row_mates: piles laid a little apart, or a finger's width or two
LOOSE_SEARCH_MM = 20.0      # loose_piles: a seed's centre may be this far off the card's
SEED_PX = (40, 56)          # ... and its paper is judged on this small a rectified patch


def _to_mm(Hi, q):
    return cv2.perspectiveTransform(np.asarray(q, np.float64).reshape(-1, 1, 2), Hi).reshape(4, 2)


def reread_unsure(img, faces, Hi) -> bool:
    """Cards read with doubt (cues disagree, no index), and number cards read surely from an
    outline well larger than a card: snap the outline to the card size on the table and read
    again (verify.reread, verify.reread_sure).  Updates faces in place."""
    quads = [np.asarray(c, np.float64) for c, _ in faces]
    ov = _overlaps(quads)
    changed = False
    for i, (c, r) in enumerate(faces):
        if ov[i] > PIN_OVERLAP:
            continue
        if r.confidence >= 0.9:
            if r.kind != "number":
                continue
            got = verify_mod.reread_sure(img, Hi, _to_mm(Hi, c), r)
        else:
            got = verify_mod.reread(img, Hi, _to_mm(Hi, c), r)
        if got is not None and not onto_neighbour(got[0], quads, i):
            faces[i] = got
            changed = True
    return changed


def onto_neighbour(corners: np.ndarray, quads: list[np.ndarray], i: int) -> bool:
    """Does a re-read outline lie on another found card: on over PIN_OVERLAP of itself or of
    the other card?  Over 30 % it read that neighbour (a bellot ace's outline over it and the
    touching 3 beside it, pushed towards the 3, read 3 sure) and would count one card twice.
    Over PIN_OVERLAP the layout takes neither card as a pin, so the re-read loses the card it
    meant to mend: an ornamental 7 touching the 9 beside it, snapped onto a stray outline
    between them, was left out and pin G read as knocked down, even when told it stands."""
    poly = np.float32(corners)
    area = max(cv2.contourArea(poly), 1.0)
    for j, q in enumerate(quads):
        if j != i:
            inter = overlap_area(poly, q)
            if inter > PIN_OVERLAP * min(area, max(cv2.contourArea(np.float32(q)), 1.0)):
                return True
    return False


def _measures(img, faces, pl):
    """measured(q_mm) -> (edge level, paper saturation, least paper brightness) for a card
    read at q_mm (table mm), from the found pins -- measured once, when first needed."""
    Hi = pl.plane
    pins = [c for (c, _), role in zip(faces, pl.roles) if role == "pin"]
    found = {}

    def measured(q_mm):
        if not found:
            found["edge"] = verify_mod.edge_level(img, Hi, [_to_mm(Hi, c) for c in pins])
            found["faces"] = [rectify(img, c) for c in pins]
            found["sat"] = verify_mod.paper_saturation(found["faces"][:4])
            found["at"] = np.array([_to_mm(Hi, c).mean(0) for c in pins]).reshape(-1, 2)
        # the paper's light where the slot lies: of the two pins nearest it (light falls off
        # across a dim photo by half)
        near = np.argsort(np.linalg.norm(found["at"] - q_mm.mean(0), axis=1))[:2]
        return found["edge"], found["sat"], verify_mod.paper_value([found["faces"][i] for i in near])
    return measured


def outlined_wrongly(faces, pl) -> set[int]:
    """The pins whose outline may not be their card's: a piece (layout.a_piece: a deck's
    printed frame, the part a shadow left), or an outline whose centre lies SLOT_OFF_MM off
    its slot's (it slid off the card).  Such an outline holds part of the pips and maybe a
    stretched index or none, and its reading may name another card: a
    dondorf 10 outlined by its frame, 47 x 59 mm, counted 4 pips under a "J"; the lower two
    thirds of an orell 8 read a 5 under a stretched "8", pips and index agreeing (0.99).  Their
    slots are read like empty ones (recover_pins decides between the two readings)."""
    Hi = pl.plane
    out = set()
    for i, ((c, _), role, pos) in enumerate(zip(faces, pl.roles, pl.positions)):
        if role != "pin":
            continue
        q = _to_mm(Hi, c)
        off = np.linalg.norm(q.mean(0) - pl.slots_mm[pos].mean(0))
        if a_piece(q) or off > SLOT_OFF_MM:
            out.add(i)
    return out


def pile_pieces_in_doubt(img, faces, pl) -> list[tuple[int, str]]:
    """The pile tops outlined by a piece of the card (layout.a_piece) and not asked about,
    whose reading a piece cannot vouch for, each with why: its pips and corner index do not
    name one rank (a piece holds part of the pips: a strip down one side of an orell 8 counted
    5 under an index read as J, 0.7), or its card, snapped to a card's size round the piece,
    reads another rank.  A pile top has no slot to be read from, and a piece's sure reading can
    be wrong (the lower two thirds of an orell 10 on its pile read a sure 7); the snapped card
    can be wrong too (one slid off a mat's short pile top onto the mat's edge read a 4 as a
    sure 3), so the player is asked."""
    Hi = pl.plane
    out = []
    for i, ((c, r), role) in enumerate(zip(faces, pl.roles)):
        if role != "pile" or r.confidence < LOW_CONFIDENCE:
            continue        # (one read with doubt is asked already)
        q = _to_mm(Hi, c)
        if not a_piece(q):
            continue
        if r.index is None:
            out.append((i, "outlined by a piece of the card, and no corner index confirms its pips"))
            continue
        if r.index != r.rank:
            out.append((i, "outlined by a piece of the card, whose pips and index disagree"))
            continue
        _, snapped = verify_mod.snapped_reading(img, Hi, verify_mod.ideal_mm(q), 5.0)
        if snapped.rank != r.rank:
            out.append((i, "outlined by a piece of the card; the whole card reads another rank"))
    return out


def recover_pins(img, faces, backs, pl, allowed=None):
    """Top-down verification: read every empty pin slot of the fitted lattice (see verify.py);
    with a known standing set (allowed), only its slots.  A slot whose pin was outlined
    wrongly (outlined_wrongly) is read too: a doubtful reading gives way to the card read
    there; a sure one that the slot's card reads as another rank is doubted (either may be
    right).
    Returns ([(corners px, reading, letter)], indices of faces to doubt)."""
    Hi = pl.plane
    wrong = outlined_wrongly(faces, pl)
    wrong_at = {pl.positions[i]: i for i in wrong}
    taken = {p for i, (role, p) in enumerate(zip(pl.roles, pl.positions)) if role == "pin" and i not in wrong}
    measured = _measures(img, faces, pl)
    # what lies on a slot and so keeps it from being read: pins, backs, and other cards of
    # card size -- not an outline of the wrong size (two touching pins found as one region,
    # or a piece of a card cut off by a shadow), which is just what the reading mends
    others = [np.float32(b) for b in backs] + [
        np.float32(c) for i, ((c, _), role) in enumerate(zip(faces, pl.roles))
        if i not in wrong and (role == "pin" or card_sized(_to_mm(Hi, c)))]
    out, doubted = [], set()
    for n, k in enumerate(LETTERS):
        if k in taken or (allowed is not None and not allowed[n]):
            continue
        q_mm = pl.slots_mm[k]
        if not slot_free(img.shape, Hi, q_mm, others):
            continue
        level, max_sat, min_v = measured(q_mm)
        got = verify_mod.read_slot(img, Hi, q_mm, 0.45 * level, max_sat, min_v)
        if got is None:
            continue
        i = wrong_at.get(k)
        old = faces[i][1] if i is not None else None
        if old is None or old.confidence < SURE_OUTLINED:
            out.append((got[0], got[1], k))
        elif got[1].rank != old.rank:
            # read surely from the outline, and another rank (even surely) from the slot's card:
            # either may be the card (an ornamental 5 partly under its neighbour, outlined
            # inside its frame, read 5; its slot's card, taking in the neighbour's edge, a sure
            # 3), so the player is asked
            doubted.add(i)
    return out, doubted


def loose_piles(img, faces, pl, seeds, live=None) -> list:
    """Pile tops the finder missed off the mat: a card snapped to the edges round each seed
    (cards._seeds: a broken ring of faint edges, a piece of paper) that lies where piles lie
    and on no card found, read like an empty pin slot (read_slot) and surely (verify.is_sure).
    Only while fewer pile tops were placed than there can be (the tracker's live piles).
    Returns [(corners px, reading)], for the layout to be fitted again with them."""
    if pl.lattice is None or not seeds:
        return []
    want = 3 if live is None else sum(live)
    have = sum(role == "pile" for role in pl.roles)
    if have >= want:
        return []
    Hi = pl.plane
    measured = _measures(img, faces, pl)
    taken = [np.float32(c) for c, _ in faces]
    out = []
    for box in seeds:
        box_mm = order_corners(_to_mm(Hi, box))
        ctr = box_mm.mean(0)
        if not in_pile_zone(pl.lattice, ctr) or not slot_free(img.shape, Hi, box_mm, taken):
            continue
        level, max_sat, min_v = measured(box_mm)
        if not verify_mod.paper_inside(rectify(img, order_corners(box), SEED_PX), max_sat, min_v):
            continue                 # a patch of the table (a piece of a card is mostly paper)
        best = None
        for turn in (0, 1):        # a piece's long side may be either of the card's
            q_mm = verify_mod.ideal_mm(np.roll(box_mm, turn, axis=0))
            got = verify_mod.read_slot(img, Hi, q_mm, 0.45 * level, max_sat, min_v, LOOSE_SEARCH_MM)
            # made up from a piece, a card must name itself: pips and a clear index agreeing
            # (a 9 snapped half onto the pile beside it read a 6 at 0.94)
            if got is not None and verify_mod.is_sure(got[1]) and (
                    best is None or got[1].confidence > best[1].confidence):
                best = got
        if best is not None and slot_free(img.shape, Hi, _to_mm(Hi, best[0]), taken):
            out.append(best)
            taken.append(np.float32(best[0]))
            if have + len(out) >= want:
                break
    return out


def row_mates(pl, faces) -> list[np.ndarray]:
    """Card-sized boxes (photo px) beside each pile top placed, along the lattice's rows, at
    two gaps a row of piles is laid with (ROW_MATE_MM apart, centre to centre): where the
    other tops of a row lie.  Seeds for loose_piles when the rules say tops are missing (a
    lowcontrast frame's piles 1 and 3, as light as the table and lying on their stacks, were
    never found as regions, beside a pile 2 that was).  And its mirror image across the
    triangle's axis: piles lie symmetric about it, beside J as on the mat (1 left of J, 2
    right) or in a row below J, and a lowcontrast pile 2 beside J was missed so.  And, beside
    a top level with J, the place below J on the axis, where the wide arrangement lays pile 2
    (1 left of J, 2 below it, 3 right of J): a lowcontrast 6 there was never looked for."""
    if pl.lattice is None:
        return []
    Hi = pl.plane
    ex, ey = (np.asarray(a, np.float64) for a in pl.lattice["axis"])
    (tx, ty), (px, py) = pl.lattice["t"], pl.lattice["pitch"]
    half = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * [CW / 2, CH / 2]
    box = lambda ctr: _slot_px(Hi, ctr + half[:, :1] * ex + half[:, 1:] * ey)  # noqa: E731
    out = []
    beside_j = False
    for i, ((c, _), role) in enumerate(zip(faces, pl.roles)):
        if role != "pile":
            continue
        ctr = _to_mm(Hi, c).mean(0)
        across = float(ctr @ ex - tx)                       # mm right of the triangle's axis
        shifts = [side * d for d in ROW_MATE_MM for side in (-1, 1)]
        if abs(across) > 0.6 * px:
            shifts.append(-2 * across)                      # its mirror image across the axis
        beside_j |= _beside_j(pl.uv[i])
        out += [box(ctr + d * ex) for d in shifts]
    if beside_j:
        j = tx * ex + (ty + 3 * py) * ey
        out += [box(j + (CH + g) * ey) for g in BELOW_J_GAPS_MM]
    return out


def slot_free(shape, Hi, q_mm: np.ndarray, others: list[np.ndarray]) -> bool:
    """Can a slot (q_mm, table mm) be read: it lies in the photo and no card of others
    (photo px) covers over 35 % of it?"""
    if off_photo(shape, Hi, q_mm):
        return False
    q_px = np.float32(_slot_px(Hi, q_mm))
    area = cv2.contourArea(q_px)
    return not any(overlap_area(q_px, o) > 0.35 * area for o in others)


def _slot_px(Hi, q_mm: np.ndarray) -> np.ndarray:
    """A slot's outline (table mm) in photo px."""
    return cv2.perspectiveTransform(q_mm.reshape(-1, 1, 2), np.linalg.inv(Hi)).reshape(4, 2)


def off_photo(shape, Hi, q_mm: np.ndarray) -> bool:
    """Does over 15 % of a slot (q_mm, table mm) lie outside the photo?"""
    h, w = shape[:2]
    q_px = _slot_px(Hi, q_mm)
    area = cv2.contourArea(np.float32(q_px))
    return area <= 0 or cv2.contourArea(np.float32(np.clip(q_px, 0, [w - 1, h - 1]))) < 0.85 * area


def recover_piles(img, faces, pl, live=None):
    """On the printed mat the pile slots are known too: read each pile slot no card took (with
    the tracker's prior, only the piles it says have a top).  A pile top the finder missed --
    a ten whose pips cut its paper apart, at the mat's edge, its stack's edges joined to the
    mat's -- is still a card there; an empty slot's printing reads as no clean number card."""
    Hi = pl.plane
    taken = {p for role, p in zip(pl.roles, pl.positions) if role == "pile"}
    # another face-up card lying on the slot keeps it from being read (the stack's backs lie
    # under every pile top, so they do not)
    faces_px = [np.float32(c) for c, _ in faces]
    pins = [c for (c, _), role in zip(faces, pl.roles) if role == "pin"]
    sat = None                        # the found pins' paper, measured once a slot is read
    out = []
    for k in ML.PILE_SLOTS:
        if k in taken or (live is not None and not live[int(k) - 1]):
            continue
        q_mm = np.array(ML.slot_corners_mm(k), np.float64)
        if not slot_free(img.shape, Hi, q_mm, faces_px):
            continue
        if sat is None:
            sat = verify_mod.paper_saturation([rectify(img, c) for c in pins[:4]])
        got = verify_mod.read_slot(img, Hi, q_mm, 0.0, sat)
        if got is not None:
            out.append((got[0], got[1], k))
    return out


def drop_covered(cards: list[Card], recovered: list[Card]) -> list[Card]:
    """cards without those left outside the layout that lie mostly on a recovered pin: the
    wrong outline that kept the pin from being found (a piece of it, or it and a neighbour)."""
    def poly(c):
        return np.float32(c.corners)
    keep = []
    for c in cards:
        if c.role == "outside":
            a = cv2.contourArea(poly(c))
            if any(overlap_area(poly(c), poly(r)) > 0.5 * a for r in recovered):
                continue
        keep.append(c)
    return keep
