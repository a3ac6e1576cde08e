"""A hint from a mid-frame photo from the home page, and a game re-synced from a photo, in
headless Chromium at 360 × 740 and 390 × 844, with the real recogniser reading the sample
photo sample_images/mid_paris_7_0001.jpg (B 6, I 2, J 8 standing; piles 6, 5, 10).
No element may pass the viewport's right edge on any screen.

Screenshots go to the test's tmp dir (printed at the end; look at them).
"""
from __future__ import annotations

import os

import pytest

from .conftest import Api
from .test_web_browser import CHROMIUM, browser, server  # noqa: F401  (fixtures)
from .test_web_browser_polish import screen_checker
from .test_web_photohint import MID_PHOTO, TRACKED

pytestmark = [pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is not installed"),
              pytest.mark.skipif(not MID_PHOTO.exists(), reason="sample photo missing")]
SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


def new_page(browser, size):
    page = browser.new_page(viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_mid_frame_photo_hint_from_the_home_page(server, browser, tmp_path, size):
    shots = tmp_path / "screens"
    shots.mkdir()
    page = new_page(browser, size)
    seen = {}

    check = screen_checker(page, shots, seen)

    page.goto(server + "/")
    page.click("text=Hint from a photo")
    page.wait_for_selector("label.photo input[type=file]", state="attached")
    check("photohint-start")
    page.set_input_files("label.photo input[type=file]", str(MID_PHOTO))
    page.wait_for_selector(".ph-best", timeout=60000)
    check("photohint-read")
    # removed pins are empty places; the three piles and the three pins read
    assert page.locator(".triangle .card.gone").count() == 7
    assert [page.inner_text(f".pos-{p} .rank") for p in "BIJ"] == ["6", "2", "8"]
    assert [page.inner_text(f".pile-{n} .rank") for n in (1, 2, 3)] == ["6", "5", "10"]
    best = page.inner_text(".ph-best")
    assert best in ("Pile 1's 6 takes B (6)", "Pile 3's 10 takes I + J (2 + 8)"), best
    assert page.locator(".card.take").count() >= 1          # the best play ringed on the table
    # what a photo cannot show, defaulted and said to be assumed
    assert page.locator(".ph-assumed").count() == 2
    assert page.locator(".ph-ball .seg.on").inner_text() == "Ball 1"
    assert "An estimate" in page.inner_text(".ph-estimate")
    # one card more under pile 1: asked again, the count is kept and no longer "assumed"
    before = page.inner_text("#under-1")
    page.click("button[aria-label='One card more under pile 1']")
    page.wait_for_function("(n) => document.querySelector('#under-1')?.textContent === n",
                           arg=str(int(before) + 1))
    page.wait_for_selector(".ph-best")
    assert page.locator(".ph-assumed").count() == 0
    # name a card out from the picker; a correction of a pin ("Removed") is one tap away too
    chips = page.locator(".ph-chip").count()
    page.click(".ph-add-out")
    page.wait_for_selector("#picker[open]")
    check("photohint-picker")
    page.click("#picker-values button[aria-label='3']")
    page.wait_for_function("(n) => document.querySelectorAll('.ph-chip').length === n",
                           arg=chips + 1)
    page.wait_for_selector(".ph-best")
    check("photohint-answered")
    page.click(".pos-B")
    page.wait_for_selector("#picker[open]")
    assert page.inner_text("#picker-clear") == "Removed"
    page.click("#picker-clear")
    page.wait_for_function("() => document.querySelectorAll('.triangle .card.gone').length === 8")
    page.wait_for_selector(".ph-best")
    assert page.inner_text(".ph-best") == "Pile 3's 10 takes I + J (2 + 8)"
    # every pile empty in ball 1 with 8 pins down: refused in words, not a broken page ...
    for n in (1, 2, 3):
        page.click(f".pile-{n}")
        page.wait_for_selector("#picker[open]")
        assert page.inner_text("#picker-clear") == "Empty pile"
        page.click("#picker-clear")
        page.wait_for_selector("#picker:not([open])", state="attached")
    # (the answers to the tables in between may come first: wait for the last one's)
    page.wait_for_function("(words) => [...document.querySelectorAll('.alert:not([hidden])')]"
                           ".some((e) => e.textContent.includes(words))",
                           arg="the first ball 10 ball card(s) used cannot have taken 8 pin(s)")
    check("photohint-refused")
    # ... and the assumed answers are one tap away: then it is the second ball
    page.click(".ph-reset")
    page.wait_for_selector(".ph-best")
    assert page.locator(".ph-ball .seg.on").inner_text() == "Ball 2"
    assert page.inner_text(".ph-best") == "Stop here: end the frame"
    bad = {name: found for name, found in seen.items() if found}
    assert not bad, bad
    assert not page.errors, page.errors
    print(f"\nscreenshots: {shots}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_game_is_resynced_from_a_mid_frame_photo_and_undone(server, browser, app, tmp_path,
                                                              size):
    shots = tmp_path / "screens"
    shots.mkdir()
    api = Api(app.test_client())
    gid = api.new_game(["Ann"])
    for action in TRACKED:          # the tracker one play behind the photo
        api.act(gid, action)
    page = new_page(browser, size)
    seen = {}

    check = screen_checker(page, shots, seen, full=False)

    # the panel waits for a frame in play: not at the deal
    fresh = api.new_game(["Bo"])
    page.goto(f"{server}/games/{fresh}")
    page.wait_for_selector(".stage label.photo")
    page.wait_for_timeout(600)
    assert page.locator("#resync").is_hidden()
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector("#resync:not([hidden])")
    page.locator("#resync").scroll_into_view_if_needed()
    check("resync-panel")
    page.set_input_files("#resync label.photo input[type=file]", str(MID_PHOTO))
    page.wait_for_selector("#resync-dialog[open] .ph-diffs", timeout=60000)
    check("resync-dialog")
    diffs = page.inner_text(".ph-diffs")
    assert "A+E down since the last play recorded (3+5)" in diffs
    assert "Pile 1's 8 was played: it shows 6" in diffs
    page.click(".ph-confirm")
    page.wait_for_selector("#toast:not([hidden])")
    assert "now follows the photo" in page.inner_text("#toast")
    page.wait_for_selector(".stage .triangle .card")
    check("resync-done")
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["turn"]["state"]["pins"] == {"B": 6, "I": 2, "J": 8}
    assert game["actions"] == len(TRACKED) + 1
    # one Undo takes the whole correction back
    page.click(".stage button:has-text('Undo')")
    page.wait_for_function("(n) => !document.querySelector('.stage .triangle .pos-A.gone')"
                           " && document.querySelector('.stage .triangle .pos-A')", arg=0)
    game = api.get(f"/api/games/{gid}").get_json()
    assert sorted(game["turn"]["state"]["pins"]) == ["A", "B", "E", "I", "J"]
    bad = {name: found for name, found in seen.items() if found}
    assert not bad, bad
    assert not page.errors, page.errors
    print(f"\nscreenshots: {shots}")
