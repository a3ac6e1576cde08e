"""A whole score-only game of two players on a phone (360 × 740 and 390 × 844): the
keypad offers only what is possible, the pins can be tapped instead, an earlier frame is
corrected from the sheet, one undo, the tenth frame's bonus balls, the final ranking.

Screenshots go to the test's tmp dir (printed at the end; look at them).
"""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from .test_web_browser import CHROMIUM, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is not installed")

# Frames as the table bowls them, Ann and Bob in turn.
ANN = [[9, 1], [10], [4, 5], [0, 0], [3, 7], [10], [10], [8, 1], [0, 10], [10, 7, 3]]
BOB = [[7, 2], [5, 5], [6, 0], [10], [2, 3], [9, 0], [1, 1], [10], [4, 4], [6, 4, 9]]


def game_json(base, game_id):
    with urllib.request.urlopen(f"{base}/api/games/{game_id}") as r:
        return json.loads(r.read())


def key_label(pins, balls_before, frame_no):
    """The key a player taps for `pins`: X a fresh rack's ten, / the rest of the rack."""
    left, fresh = 10, True
    for b in balls_before:
        if b == left and frame_no == 10:
            left, fresh = 10, True
        else:
            left, fresh = left - b, False
    if pins == 10 and fresh:
        return "X"
    if pins == left and not fresh:
        return "/"
    return "−" if pins == 0 else str(pins)


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 390, "height": 844}],
                         ids=["360x740", "390x844"])
def test_a_score_only_game_on_a_phone(server, browser, tmp_path, size):
    shots = tmp_path / "screens"
    shots.mkdir()
    tag = f"{size['width']}"
    errors = []
    page = browser.new_page(viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))

    def shot(name, full=True):
        page.screenshot(path=str(shots / f"{tag}-{name}.png"), full_page=full)

    def fits():
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((e) => e.offsetParent !== null && !e.closest('.sr-only'))
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((e) => e.className || e.tagName)""")
        assert not wide, wide

    def big_keys():
        small = page.evaluate("""() => [...document.querySelectorAll(
                '.keypad button, .quick .button, .pin-pad button, #frame-dialog button, .frame.fixable')]
            .filter((e) => e.offsetParent !== null)
            .map((e) => [e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([t, r]) => `${t}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert not small, small

    def settle():
        page.wait_for_selector("#game.busy", state="detached")
        if page.locator(".celebrate").count():
            page.locator(".celebrate").first.click()
            page.wait_for_selector(".celebrate", state="detached")

    def tap_key(label):
        page.locator(".keypad button.key", has_text=label).first.click()
        settle()

    def enabled_keys():
        return page.eval_on_selector_all(".keypad button.key:not([disabled])",
                                         "bs => bs.map((b) => b.textContent)")

    # Home: two players, score only.
    page.goto(server + "/")
    page.fill("#player-1", "Ann")
    page.click("#add-player")
    page.fill("#player-2", "Bob")
    page.check("input[name=mode][value=score]")
    fits()
    shot("01-home")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    page.wait_for_selector(".keypad")
    fits()
    big_keys()
    shot("02-first-ball")
    assert enabled_keys() == ["−", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X"]

    # Frame 1: Ann 9 then the keypad offers only − 1 and /; Bob taps the pins that fell.
    tap_key("9")
    assert enabled_keys() == ["−", "1", "/"]
    shot("03-second-ball")
    tap_key("/")
    page.get_by_role("button", name="Tap the pins that fell instead").click()
    page.wait_for_selector(".pin-pad")
    for p in "ABCDEFG":
        page.get_by_role("button", name=f"Pin {p}", exact=True).click()
    assert page.inner_text(".pin-pad .button.primary") == "Enter 7 pins"
    fits()
    big_keys()
    shot("04-pin-pad")
    page.locator(".pin-pad .button.primary").click()
    settle()
    # the pins that fell are gone for Bob's second ball; 2 of the 3 standing fall
    assert page.locator(".pin-pad .card.gone").count() == 7
    page.get_by_role("button", name="Pin H", exact=True).click()
    page.get_by_role("button", name="Pin J", exact=True).click()
    page.locator(".pin-pad .button.primary").click()
    settle()
    page.get_by_role("button", name="Use the number keys").click()
    g = game_json(server, gid)
    assert [p["rolls"] for p in g["players"]] == [[9, 1], [7, 2]]

    # Frames 2-10 by the keypad, with one wrong ball undone on the way.
    undone = False
    for f in range(1, 10):
        for who, frames in enumerate((ANN, BOB)):
            balls = frames[f]
            for b, pins in enumerate(balls):
                if not undone and f == 2 and who == 0 and b == 1:
                    tap_key("3")                       # a slip of the finger: 4 then 3
                    page.get_by_role("button", name="↶ Undo").click()
                    settle()
                    assert game_json(server, gid)["players"][0]["rolls"][-1] == 4
                    undone = True
                    shot("05-after-undo")
                tap_key(key_label(pins, balls[:b], f + 1))
            if f == 9 and who == 0:
                shot("06-tenth-ann-done")
        if f == 8:
            page.wait_for_selector("text=How many pins did ball 1 take?")
            fits()
    assert undone
    page.wait_for_selector(".ranking li")
    g = game_json(server, gid)
    assert g["over"]
    assert g["players"][0]["card"]["frames"][9]["marks"] == "X7/"
    assert g["players"][1]["card"]["frames"][9]["marks"] == "6/9"
    totals_before = [p["card"]["total"] for p in g["players"]]

    # Bob's frame 3 was really 6 and 4, a spare: correct it from the sheet.
    frame3 = page.locator(".sheet-player").nth(1).locator(".frame").nth(2)
    assert frame3.locator(".box").all_inner_texts() == ["6", "-"]
    frame3.click()
    page.wait_for_selector("#frame-dialog[open]")
    assert page.eval_on_selector_all("#frame-dialog .key:not([disabled])",
                                     "bs => bs.map((b) => b.textContent)")[-1] == "X"
    page.locator("#frame-dialog .key", has_text="6").click()
    assert page.eval_on_selector_all("#frame-dialog .key:not([disabled])",
                                     "bs => bs.map((b) => b.textContent)") == \
        ["−", "1", "2", "3", "4", "/"]
    assert page.locator("#frame-dialog .button.primary").is_disabled()
    page.locator("#frame-dialog .key", has_text="/").click()
    assert page.locator("#frame-dialog .new-balls .box").all_inner_texts() == ["6", "/"]
    assert "On the sheet: 6 -." in page.inner_text("#frame-dialog")
    fits()
    big_keys()
    shot("07-correct-dialog", full=False)
    page.locator("#frame-dialog .button.primary").click()
    page.wait_for_selector("#frame-dialog[open]", state="detached")
    settle()
    deadline = time.monotonic() + 15     # the correction's request may start after settle()
    while True:
        g = game_json(server, gid)
        bob = g["players"][1]
        if bob["card"]["frames"][2]["marks"] == "6/" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert bob["card"]["frames"][2]["marks"] == "6/"
    # the spare's bonus is frame 4's strike: 10 more than the 6 it was
    assert bob["card"]["total"] == totals_before[1] + 4 + 10
    # the page redraws the sheet when the answer arrives: wait for it, as a player would
    expect(frame3.locator(".box")).to_have_text(["6", "/"], timeout=10000)
    expect(page.locator(".sheet-player").nth(1).locator(".sheet-total")).to_have_text(
        str(bob["card"]["total"]), timeout=10000)
    page.locator("#sheet-title").scroll_into_view_if_needed()
    fits()
    shot("08-corrected-sheet")

    # The correction is one undoable action.
    page.get_by_role("button", name="↶ Undo").click()
    settle()
    assert game_json(server, gid)["players"][1]["card"]["total"] == totals_before[1]
    expect(frame3.locator(".box")).to_have_text(["6", "-"], timeout=10000)
    shot("09-over")
    fits()
    assert not errors, errors
    print(f"\nscreenshots: {shots}")


def test_a_card_game_enters_a_forgotten_frame_by_pins(server, browser):
    """From the deal screen: "Enter this frame by pins", a spare by the keypad, and the next
    player's frame is dealt with cards again; "Back to the cards" before a ball is entered."""
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.fill("#player-1", "Ann")
    page.click("#add-player")
    page.fill("#player-2", "Bob")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    page.wait_for_selector(".triangle .card")
    page.get_by_role("button", name="Enter this frame by pins").click()
    page.wait_for_selector(".keypad")
    page.get_by_role("button", name="Back to the cards").click()
    page.wait_for_selector("text=Deal frame 1 for Ann")
    page.get_by_role("button", name="Enter this frame by pins").click()
    page.wait_for_selector(".keypad")
    page.locator(".keypad .key", has_text="8").click()
    page.wait_for_selector("text=How many pins did ball 2 take?")
    assert page.get_by_role("button", name="Back to the cards").count() == 0
    page.locator(".keypad .key", has_text="/").click()
    page.wait_for_selector(".celebrate")
    page.locator(".celebrate").click()
    page.wait_for_selector("text=Deal frame 1 for Bob")
    g = game_json(server, gid)
    assert g["players"][0]["rolls"] == [8, 2] and g["turn"]["awaiting"] == "deal"
    first = page.locator(".sheet-player").first.locator(".frame").first
    assert first.locator(".box").all_inner_texts() == ["8", "/"]
    assert not errors, errors
