"""The corner-index templates the rank reader matches (recognizer/data/index_templates.*),
cut from the training decks' SVG cards: three renderings of each card (clean, corners jittered,
downscaled and blurred), both corners, each glyph extracted by the runtime's own
`index_glyph`, so the atlas matches what a photo gives.

    python -m synth.templates --build          # rebuild the whole atlas from TRAIN_DECKS
    python -m synth.templates --add DECK ...   # append decks, stored glyphs untouched
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np

from recognizer.cards import RECT_H, RECT_W, rectify
from recognizer.rank import COURT_RANKS, DATA, GLYPH_H, GLYPH_W, NUMBER_RANKS, index_glyph, ink_mask

from .decks import CARD_PX_H, CARD_PX_W, SUITS, TRAIN_DECKS, card_bgra, card_id


def template_glyphs(decks, seed: int = 0) -> tuple[np.ndarray, list[str], list[str]]:
    """Index glyphs of every card of the given decks, three renderings each (clean, corners
    jittered, downscaled and blurred), both corners.  Returns (vectors, ranks, decks)."""
    rng = np.random.default_rng(seed)
    vecs, labels, of_deck = [], [], []
    base = np.float32([[0, 0], [CARD_PX_W, 0], [CARD_PX_W, CARD_PX_H], [0, CARD_PX_H]])
    for deck in decks:
        for rank in NUMBER_RANKS + COURT_RANKS:
            for suit in SUITS:
                try:
                    img = card_bgra(deck, card_id(rank, suit, deck))
                except Exception:
                    continue
                a = img[:, :, 3:4].astype(np.float32) / 255
                bgr = (img[:, :, :3] * a + 128 * (1 - a)).astype(np.uint8)
                for rep in range(3):
                    jit = rng.normal(0, 2.5, (4, 2)) if rep else np.zeros((4, 2))
                    src = bgr
                    if rep == 2:
                        src = cv2.GaussianBlur(cv2.resize(bgr, None, fx=0.4, fy=0.4), (0, 0), 0.8)
                        src = cv2.resize(src, (CARD_PX_W, CARD_PX_H))
                    card = rectify(src, base + jit, (RECT_W, RECT_H))
                    ink, _ = ink_mask(card)
                    for corner in (0, 1):
                        g = index_glyph(card, ink, corner)
                        if g is not None:
                            vecs.append(g.ravel())
                            labels.append(rank)
                            of_deck.append(deck)
    return np.stack(vecs).astype(np.float32), labels, of_deck


def build_templates(decks=None, out: Path = DATA / "index_templates.png", seed: int = 0) -> int:
    decks = decks or TRAIN_DECKS
    vecs, labels, _ = template_glyphs(decks, seed)
    _write_atlas(vecs, labels, decks, out)
    return len(labels)


def add_templates(decks, path: Path = DATA / "index_templates.png", seed: int = 0) -> int:
    """Append the glyphs of more decks to the stored atlas, leaving the stored glyphs as they
    are.  (A full rebuild re-extracts every glyph with today's index_glyph, which differs from
    the code that built the stored atlas; measured, it read more cards wrong: docs/recognizer.md.)"""
    atlas = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE).astype(np.float32) / 255
    meta = json.loads(path.with_suffix(".json").read_text())
    decks = [d for d in decks if d not in meta["decks"]]
    if not decks:
        return 0
    vecs, labels, _ = template_glyphs(decks, seed)
    _write_atlas(np.vstack([atlas.reshape(len(meta["labels"]), -1), vecs]), meta["labels"] + labels,
                 meta["decks"] + decks, path)
    return len(labels)


def _write_atlas(vecs: np.ndarray, labels: list[str], decks: list[str], out: Path) -> None:
    atlas = (np.clip(vecs, 0, 1) * 255).astype(np.uint8).reshape(-1, GLYPH_W)
    out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out), atlas)
    out.with_suffix(".json").write_text(json.dumps({"decks": decks, "glyph": [GLYPH_W, GLYPH_H], "labels": labels}))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(prog="python -m synth.templates", description="Build the corner-index templates from the training decks")
    ap.add_argument("--build", action="store_true", help="rebuild the whole atlas from TRAIN_DECKS")
    ap.add_argument("--add", metavar="DECK", nargs="+", help="append these decks' glyphs to the stored atlas")
    a = ap.parse_args()
    if a.build:
        print(build_templates(), "templates written to", DATA)
    if a.add:
        print(add_templates(a.add), "templates added to", DATA)
