"""The renderer's mid-frame scenes show only standing sets a real frame can leave: the
recogniser's layout fit uses the rules as a prior, so a benchmark of impossible gaps (as
it had before: 43 of 79 held-out mid-frame photos) measured photos no player can take."""
import numpy as np
import pytest

from assistant.bowling.layout import ADJACENT_PAIRS
from synth.render import _removed_pins

ADJ = {frozenset(p) for p in ADJACENT_PAIRS}


def _reachable(removed: frozenset) -> bool:
    """Brute force from the rules text: a first play of one to three connected pins, none in
    the back row and not F alone, then pins one at a time, each next to one already taken
    (a later play of two or three connected pins is such a sequence too)."""
    def grow(taken: frozenset) -> bool:
        if taken == removed:
            return True
        return any(grow(taken | {p}) for p in removed - taken
                   if any(frozenset((p, q)) in ADJ for q in taken))

    def connected(group: frozenset) -> bool:
        return len(group) == 1 or all(any(frozenset((p, q)) in ADJ for q in group - {p}) for p in group)

    firsts = {frozenset(g) for a in removed for b in removed for c in removed for g in ({a}, {a, b}, {a, b, c})}
    return any(grow(g) for g in firsts
               if not g & set("ABCD") and g != {"F"} and connected(g))


@pytest.mark.parametrize("seed", range(5))
def test_mid_frame_gaps_are_states_a_frame_can_leave(seed):
    rng = np.random.default_rng(seed)
    for _ in range(200):
        n = int(rng.integers(1, 9))
        removed = _removed_pins(rng, n)
        assert len(removed) == n and _reachable(frozenset(removed)), removed


def _state_shown(scene, info) -> dict:
    """The frame state a rendered scene shows: its pins, pile tops and face-down counts, and
    the discard heap as the cards out of play."""
    truth = [it["truth"] for it in scene.items if "truth" in it]
    tops = {t["position"]: t["value"] for t in truth if t["role"] == "pile"}
    return {"pins": {t["position"]: t["value"] for t in truth if t["role"] == "pin"},
            "piles": [{"top": tops.get(str(i + 1)), "down": d} for i, d in enumerate(info["pile_down"])],
            "out": [t["value"] for t in truth if t["role"] == "outside" and t["value"] is not None]}


def test_mid_frame_piles_are_what_the_pins_down_allow():
    """The piles of a mid-frame scene fit the pins down (state.plays_made): drawn alone, 9 pins
    stood beside an empty pile of five.  The rules engine takes every scene as a first or a
    second ball's state (its history check is brute-forced in tests/core)."""
    from assistant.bowling.state import FrameState, StateError
    from synth.render import _piles_used, build_scene
    assert _piles_used([5, 0, 0], 1) == (1, 0, 0) and _piles_used([2, 1, 0], 5) == (2, 1, 0)
    for seed in range(60):
        scene, info = build_scene(np.random.default_rng(seed), "anglo_poker", "mid")
        state, refused = _state_shown(scene, info), []
        for ball in (1, 2):
            try:
                FrameState.from_json({**state, "ball": ball})
            except StateError as e:
                refused.append(str(e))
        assert len(refused) < 2, (seed, state, refused)


def test_brute_force_refuses_impossible_gaps():
    for gaps in ("A", "AD", "F", "FB"):                 # FB: F alone first, then B
        assert not _reachable(frozenset(gaps)), gaps
    for gaps in ("FE", "J", "EAB", "HIJFC"):
        assert _reachable(frozenset(gaps)), gaps


def test_card_cut_from_a_sheet_too_tall_for_librsvg(tmp_path, monkeypatch):
    """neoclassical's heart ace makes rsvg draw the whole sheet, which at the usual 5200 px
    width passes librsvg's 32767 px limit: the card is still cut out, card-shaped."""
    from synth import decks
    if not decks.have_decks() or not (decks.DECK_DIR / "neoclassical.svgz").exists():
        pytest.skip("gnome-cards-data / rsvg-convert not installed")
    monkeypatch.setattr(decks, "CACHE_DIR", tmp_path)
    img = decks.card_bgra("neoclassical", "heart_1")
    assert img.shape == (decks.CARD_PX_H, decks.CARD_PX_W, 4)
    assert (img[:, :, 3] > 200).mean() > 0.95          # opaque card, not a sliver of the sheet
    red = (img[:, :, 2] > 150) & (img[:, :, 1] < 120)
    assert red[100:250, 60:190].sum() > 2000           # the big heart in the middle


def test_renderer_names_a_deck_whose_artwork_is_missing(tmp_path, capsys):
    """An unknown or uninstalled deck: a clear message and status 2, not a traceback."""
    from synth import render
    with pytest.raises(SystemExit) as e:
        render.main(["--out", str(tmp_path), "--count", "1", "--decks", "kde-nosuch"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "no artwork for the decks kde-nosuch" in err and "kdegames-card-data-kf5" in err
    assert not list(tmp_path.iterdir())


def test_benchmark_names_a_deck_whose_artwork_is_missing(capsys, script):
    """benchmarks/recognize.py --decks with a deck not installed: the same message, status 2."""
    bench = script("benchmarks/recognize.py")
    assert bench.main(["--decks", "nosuch", "--no-real"]) == 2
    assert "no artwork for the decks nosuch" in capsys.readouterr().err


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_benchmark_turns_a_labelled_box_with_its_photo(turns, script):
    """--real-turns scores the real photos turned: a labelled box must land where np.rot90
    puts the labelled pixels, or a right reading would count as a miss."""
    bench = script("benchmarks/recognize.py")
    photo = np.zeros((50, 80), np.uint8)
    photo[10:20, 30:70] = 1                         # box (30, 10, 70, 20), exclusive ends
    ys, xs = np.nonzero(np.rot90(photo, turns))
    want = [xs.min(), ys.min(), xs.max() + 1, ys.max() + 1]
    assert bench._turned_box([30, 10, 70, 20], (80, 50), turns) == want


def test_benchmark_tells_a_layout_read_right_but_placed_wrong_from_a_misread(script):
    """A sparse frame whose two pins are read right but lettered a column over is "read right,
    placed wrong" (what the tracker's prior settles); a value misread or a card missed is not."""
    bench = script("benchmarks/recognize.py")
    box = lambda x: [[x, 0], [x + 63, 0], [x + 63, 88], [x, 88]]  # noqa: E731
    truth = {"cards": [{"role": "pin", "position": "B", "value": 5, "corners": box(0)},
                       {"role": "pin", "position": "C", "value": 2, "corners": box(70)},
                       {"role": "outside", "position": None, "value": 7, "corners": box(300)}]}
    shifted = {"cards": [{"role": "pin", "position": "A", "value": 5, "corners": box(1)},
                         {"role": "pin", "position": "B", "value": 2, "corners": box(71)}]}
    assert bench._all_read(truth, shifted)
    misread = {"cards": [dict(shifted["cards"][0], value=6), shifted["cards"][1]]}
    assert not bench._all_read(truth, misread)
    assert not bench._all_read(truth, {"cards": shifted["cards"][:1]})


def test_benchmark_counts_pile_3_read_as_pile_2_apart(script):
    """A lone pile right of J with pile 2 used up, read as pile 2 (the mat's arrangement with
    pile 3 used up), is the miss one photo cannot settle; anything else wrong is not it."""
    bench = script("benchmarks/recognize.py")
    pins = {k: None for k in "ABCDEFGHIJ"} | {"A": 4}
    truth = {"pins": pins, "piles": [3, None, 7]}
    assert bench._pile_2_or_3(truth, {"pins": pins, "piles": [3, 7, None]})
    assert not bench._pile_2_or_3(truth, {"pins": pins, "piles": [3, None, 7]})        # read right
    assert not bench._pile_2_or_3(truth, {"pins": pins, "piles": [3, 6, None]})        # and misread
    assert not bench._pile_2_or_3(truth, {"pins": pins | {"B": 1}, "piles": [3, 7, None]})
    assert not bench._pile_2_or_3({"pins": pins, "piles": [3, 5, 7]}, {"pins": pins, "piles": [3, 7, None]})


@pytest.mark.parametrize("overlap", [6.0, 12.0])
def test_touching_scenes_overlap_as_asked(overlap):
    """render.py --overlap (benchmarks/recognize.py --overlap) measures tight deals: the pins of a
    touching scene then overlap 2 mm to `overlap` mm, along the rows and between them."""
    from synth.render import CH, CW, build_scene
    for seed in range(8):
        scene, _ = build_scene(np.random.default_rng(seed), "anglo_poker", "touching", overlap)
        at = {it["truth"]["position"]: (it["cx"], it["cy"]) for it in scene.items
              if it.get("truth", {}).get("role") == "pin"}
        pairs = [(a, b) for a, b in (("A", "B"), ("B", "C"), ("E", "F"), ("H", "I")) if a in at and b in at]
        for a, b in pairs:                         # neighbours in a row: a card's width less the overlap
            gap = abs(at[b][0] - at[a][0]) - CW
            assert -overlap - 1.5 < gap < -2.0 + 1.5
        if "A" in at and "E" in at:                # one row to the next
            gap = abs(at["E"][1] - at["A"][1]) - CH
            assert -overlap - 1.5 < gap < -2.0 + 1.5


def test_benchmark_tells_a_warned_miss_from_a_silent_one(script):
    """A missed layout is "warned" when the reading says its layout is a guess or rings a pin or
    pile top as unsure; a card outside the layout read unsure warns of nothing."""
    bench = script("benchmarks/recognize.py")
    sure = {"role": "pin", "position": "A", "value": 5, "confidence": 0.98}
    got = {"cards": [sure, {"role": "outside", "position": None, "value": 3, "confidence": 0.4}]}
    assert not bench._warned(got, False)
    assert bench._warned(got, True)
    assert bench._warned({"cards": [sure, dict(sure, role="pile", position="2", confidence=0.6)]}, False)
