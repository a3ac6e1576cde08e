"""The rough edges a new user found, each held in a real browser at 360 × 740: every screen
fits the viewport, the photo toast counts the cards to check, a refused play's message
clears on a new pick, ending a ball with ten pins standing says why, the gallery is
offered, a solo game needs no name, and dark mode follows the phone.

Screenshots go to the test's tmp dir (printed at the end; look at them).
"""
from __future__ import annotations

import json
import os

import pytest

from .conftest import Api, Table
from .test_web_browser import CHROMIUM, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is not installed")
NARROW = {"width": 360, "height": 740}
DEAL = {"type": "deal", "pins": {"A": 2, "B": 7, "C": 1, "D": 8, "E": 5, "F": 9, "G": 3,
                                 "H": 4, "I": 3, "J": 6}, "tops": [7, 9, 0]}
# A deal whose best first move is to end the ball at once (no good first play).
END_NOW = {"type": "deal", "pins": {"A": 1, "B": 4, "C": 7, "D": 9, "E": 6, "F": 5, "G": 2,
                                    "H": 1, "I": 0, "J": 4}, "tops": [3, 8, 3]}


def new_page(browser, scheme="light", size=NARROW):
    page = browser.new_page(viewport=size, device_scale_factor=2, is_mobile=True, has_touch=True,
                            color_scheme=scheme)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def overflowing(page):
    """Visible elements whose right edge passes the viewport (the cause of sideways scrolling)."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((e) => e.getClientRects().length && !e.closest('.sr-only')
                       && getComputedStyle(e).visibility !== 'hidden')
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((e) => `${e.tagName}.${e.className}: ${Math.round(e.getBoundingClientRect().right)}`)""")


def screen_checker(page, shots, seen: dict, full: bool = True):
    """check(name[, full]): what passes the right edge goes into `seen[name]`, and a
    screenshot into `shots` (to look at)."""
    def check(name, full=full):
        page.wait_for_timeout(60)
        seen[name] = overflowing(page)
        page.screenshot(path=str(shots / f"{name}.png"), full_page=full)
    return check


def test_every_screen_fits_at_360(server, browser, app, tmp_path):
    shots = tmp_path / "screens"
    shots.mkdir()
    api = Api(app.test_client())
    page = new_page(browser)
    seen = {}

    check = screen_checker(page, shots, seen)

    page.goto(server + "/")
    check("home")
    page.click(".options summary")
    check("home-options")
    page.goto(server + "/print")
    check("print")
    page.goto(server + "/games/nosuchgame")
    check("not-found")

    gid = api.new_game(["Ann", "Bob"])
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".triangle .card")
    check("deal")
    page.click(".pos-A")
    page.wait_for_selector("#picker[open]")
    check("picker", full=False)
    page.locator("#picker-values button[value='2']").click()
    page.keyboard.press("Escape")

    api.act(gid, DEAL)
    page.reload()
    page.wait_for_selector(".hint-banner .hint-main")
    check("play")
    page.click(".pos-A")
    page.click(".pile-1")
    page.get_by_role("button", name="I played this").click()
    page.wait_for_selector("#error:not([hidden])")
    check("refused")
    page.click(".hint-banner")

    api.act(gid, {"type": "play", "pile": 1, "pins": ["H", "I"]})
    page.reload()
    page.wait_for_selector(".values .value")
    check("reveal")
    values = page.locator(".values .value")
    rights = [values.nth(i).bounding_box() for i in range(values.count())]
    widths = {round(b["width"]) for b in rights}
    assert max(widths) - min(widths) <= 1, widths          # five equal columns

    api.act(gid, {"type": "reveal", "pile": 1, "value": 5})
    api.act(gid, {"type": "quick", "on": True})
    page.reload()
    page.wait_for_selector(".keypad")
    check("quick-keypad")
    page.get_by_role("button", name="Tap the pins that fell instead").click()
    check("quick-pins")

    done = api.new_game(["Ann", "Bob", "Cy"])
    table = Table(seed=8, play_rate=0.95)
    g = api.get(f"/api/games/{done}").get_json()
    while not g["over"]:
        g = api.act(done, table.next_action(g))
    page.goto(f"{server}/games/{done}")
    page.wait_for_selector(".ranking li")
    check("over")
    page.locator(".sheet-player").first.locator(".frame").first.click()
    page.wait_for_selector("#frame-dialog[open]")
    check("frame-dialog", full=False)

    bad = {name: found for name, found in seen.items() if found}
    assert not bad, bad
    assert not page.errors, page.errors
    print(f"\nscreenshots: {shots}")


def test_the_photo_toast_counts_the_cards_to_check(server, browser, app, tmp_path):
    api = Api(app.test_client())
    gid = api.new_game(["Ann"])
    reading = {"pins": DEAL["pins"], "piles": DEAL["tops"], "warnings": [], "photo_advice": [],
               "overlay": None, "low_confidence": 0.7, "width": 1200, "height": 1600,
               "cards": [{"value": 2, "confidence": 0.41, "role": "pin", "position": "A"},
                         {"value": 9, "confidence": 0.55, "role": "pile", "position": 2},
                         {"value": 6, "confidence": 0.99, "role": "pin", "position": "J"}]}
    page = new_page(browser)
    page.route("**/api/recognize", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(reading)))
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".triangle .card")
    photo = tmp_path / "table.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 not really a photo")
    page.set_input_files("label.photo input[type=file]", str(photo))
    page.wait_for_selector("#toast:not([hidden])")
    text = page.inner_text("#toast")
    assert text == "All 13 cards read. 2 are ringed in amber: check them.", text
    assert page.locator(".card.unsure").count() == 2
    page.screenshot(path=str(tmp_path / "photo-toast.png"))


def test_a_refused_plays_message_clears_after_a_new_pick(server, browser, app):
    api = Api(app.test_client())
    gid = api.new_game(["Ann"])
    api.act(gid, DEAL)
    page = new_page(browser)
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".hint-banner .hint-main")
    page.click(".pos-A")                    # a back-row pin: never legal on the first play
    page.click(".pile-1")
    page.get_by_role("button", name="I played this").click()
    page.wait_for_selector("#error:not([hidden])")
    page.click(".pos-H")                    # a new pick
    assert page.locator("#error").is_hidden()
    page.click(".pile-2")
    assert page.locator("#error").is_hidden()


def test_ending_the_ball_with_ten_pins_standing_says_why(server, browser, app, tmp_path):
    api = Api(app.test_client())
    gid = api.new_game(["Ann"])
    api.act(gid, END_NOW)
    page = new_page(browser)
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".hint-banner .hint-main")
    assert page.inner_text(".hint-banner .hint-main") == "End this ball now"
    reason = page.inner_text(".hint-banner .hint-reason")
    assert "no face-up card makes a good first play" in reason and "ball 2" in reason
    assert "fresh cards for ball 2" in page.inner_text(".hint-why")
    page.screenshot(path=str(tmp_path / "end-now.png"), full_page=True)


def test_the_photo_button_offers_the_gallery_too(server, browser, app):
    api = Api(app.test_client())
    gid = api.new_game(["Ann"])
    page = new_page(browser)
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector("label.photo input[type=file]", state="attached")
    attrs = page.eval_on_selector("label.photo input[type=file]",
                                  "i => [i.getAttribute('accept'), i.hasAttribute('capture')]")
    assert attrs == ["image/*", False]


def test_a_solo_game_needs_no_name(server, browser):
    page = new_page(browser)
    page.goto(server + "/")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    page.wait_for_selector(".sheet-name")
    assert page.inner_text(".sheet-name") == "Player"
    assert page.inner_text("#turn").startswith("Player")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_colour_scheme_follows_the_phone(server, browser, app, tmp_path, scheme):
    api = Api(app.test_client())
    gid = api.new_game(["Ann", "Bob"], mode="score")
    for pins in (9, 1, 7, 2, 10):
        api.act(gid, {"type": "roll", "pins": pins})
    page = new_page(browser, scheme)
    page.goto(server + "/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    ink = page.evaluate("getComputedStyle(document.querySelector('h1')).color")

    def lightness(rgb):
        return sum(int(x) for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]) / 3

    if scheme == "dark":
        assert lightness(background) < 40 and lightness(ink) > 200, (background, ink)
    else:
        assert lightness(background) > 200 and lightness(ink) < 60, (background, ink)
    page.screenshot(path=str(tmp_path / f"{scheme}-home.png"), full_page=True)
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".keypad")
    sheet_bg = page.evaluate("getComputedStyle(document.querySelector('.frames')).backgroundColor")
    assert (lightness(sheet_bg) < 60) == (scheme == "dark"), sheet_bg
    page.screenshot(path=str(tmp_path / f"{scheme}-score.png"), full_page=True)
    deal = api.new_game(["Cy"])
    api.act(deal, DEAL)
    page.goto(f"{server}/games/{deal}")
    page.wait_for_selector(".hint-banner .hint-main")
    card_bg = page.evaluate("getComputedStyle(document.querySelector('.pos-A')).backgroundColor")
    assert lightness(card_bg) > 230, card_bg                 # cards stay white, as on the table
    page.screenshot(path=str(tmp_path / f"{scheme}-play.png"), full_page=True)
    assert not page.errors, page.errors
    print(f"\nscreenshots: {tmp_path}")
