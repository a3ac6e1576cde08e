"""End to end in headless Chromium at a phone's size: start a game, read a photo, correct a
card, follow the hints through a frame, reload and find the sheet intact.

Screenshots go to the test's tmp dir (printed at the end; look at them).
"""
from __future__ import annotations

import json
import os
import random
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from assistant.bowling.cards import DECK, rank_of
from assistant.bowling.layout import PINS

from .conftest import draw_table_photo, sample_photo_path

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is not installed (Debian package 'chromium')")
PHONE = {"width": 390, "height": 844}
RANK_NAME = {1: "Ace", 0: "10"}


@pytest.fixture
def server(app):
    import waitress
    # poll(), not select(): srv.close() below runs in this thread while the server's loop
    # waits in another; select() on the socket just closed raised EBADF there (a warning in
    # one CI run), poll() reports it as gone and the loop ends quietly
    srv = waitress.create_server(app, host="127.0.0.1", port=0, threads=4, asyncore_use_poll=True)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.effective_port}"
    srv.close()
    thread.join(5)


@pytest.fixture
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


def the_deal(tmp_path):
    """A photo and the truth of its deal: the recogniser's sample, or a drawn one."""
    path = sample_photo_path()
    if path is not None:
        truth = json.loads(path.with_suffix(".json").read_text())
        return path, truth["pins"], truth["piles"]
    pins = dict(zip(PINS, [2, 7, 1, 8, 5, 9, 3, 4, 3, 6]))
    tops = [7, 9, 0]
    photo = tmp_path / "drawn_deal.jpg"
    photo.write_bytes(draw_table_photo(pins, tops))
    return photo, pins, tops


def face_down_cards(pins, tops, seed=3):
    """The cards under the pile tops: the rest of the deck in some order (4, 2 and 1)."""
    left = Counter(DECK)
    left.subtract(list(pins.values()) + list(tops))
    rest = sorted(left.elements())
    random.Random(seed).shuffle(rest)
    return [rest[0:4], rest[4:6], rest[6:7]]


def game_json(base, game_id):
    with urllib.request.urlopen(f"{base}/api/games/{game_id}?hint=1&objective=game") as r:
        return json.loads(r.read())


def actions_become(base, game_id, n, seconds=10.0) -> bool:
    """Whether the saved game reaches `n` actions: a tap's request may start a moment after
    the click returns, so the test waits for the server as the page does."""
    deadline = time.monotonic() + seconds
    while game_json(base, game_id)["actions"] != n:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_frame_on_a_phone(server, browser, tmp_path):
    shots = tmp_path / "screens"
    shots.mkdir()
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.on("pageerror", lambda e: errors.append(str(e)))
    # The one refused request (the illegal play) is expected; anything else is a fault.
    page.on("console", lambda m: m.type == "error" and "status of 400" not in m.text
            and errors.append(m.text))

    def shot(name):
        page.screenshot(path=str(shots / f"{name}.png"), full_page=True)

    def no_horizontal_scroll():
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

    def big_tap_targets():
        small = page.evaluate("""() => [...document.querySelectorAll(
                'main button, main .button, main summary, main .card, main select, main input:not(.sr-only):not([type=radio]):not([type=checkbox])')]
            .filter((e) => e.offsetParent !== null)
            .map((e) => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([t, r]) => `${t}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert not small, small

    # Home: start a game for two players.
    page.goto(server + "/")
    page.fill("#player-1", "Ann")
    page.click("#add-player")
    page.fill("#player-2", "Bob")
    no_horizontal_scroll()
    big_tap_targets()
    shot("01-home")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    page.wait_for_selector(".triangle .card")
    shot("02-deal-empty")
    no_horizontal_scroll()

    # A photo of the deal; then correct what the camera got wrong.
    photo, truth_pins, truth_tops = the_deal(tmp_path)
    page.set_input_files("label.photo input[type=file]", str(photo))
    page.wait_for_selector(".reading-note", state="detached")
    page.wait_for_selector("text=/Take another photo|could not be read/")
    shot("03-photo-read")
    corrected = 0

    def shown(selector):
        return page.locator(selector).locator(".rank").inner_text().strip()

    def pick(selector, value):
        page.click(selector)
        page.wait_for_selector("#picker[open]")
        if not (shots / "03b-picker.png").exists():
            page.screenshot(path=str(shots / "03b-picker.png"))
        page.locator(f"#picker-values button[value='{value}']").click()
        page.wait_for_selector("#picker:not([open])", state="attached")

    for p in PINS:
        if shown(f".pos-{p}") != rank_of(truth_pins[p]):
            pick(f".pos-{p}", truth_pins[p])
            corrected += 1
    for i, v in enumerate(truth_tops, start=1):
        if shown(f".pile-{i}") != rank_of(v):
            pick(f".pile-{i}", v)
            corrected += 1
    if corrected == 0:          # the camera was right: still try the correction path once
        pick(".pos-J", truth_pins["J"])
    for p in PINS:
        assert shown(f".pos-{p}") == rank_of(truth_pins[p])
    shot("04-corrected")
    page.click("text=Start frame")
    page.wait_for_selector(".hint-banner .hint-main")
    no_horizontal_scroll()
    big_tap_targets()
    shot("05-hint")
    page.set_viewport_size({"width": 360, "height": 740})      # the narrowest phone we serve
    no_horizontal_scroll()
    big_tap_targets()
    page.screenshot(path=str(shots / "05b-hint-360.png"))
    page.set_viewport_size(PHONE)

    # An illegal play is refused with the reason, and changes nothing.
    g = game_json(server, game_id)
    assert g["actions"] == 1
    state = g["turn"]["state"]
    pile = next(i for i, p in enumerate(state["piles"], 1) if p["top"] is not None)
    page.click(".pos-J" if "J" not in (g["hint"]["best"].get("pins") or []) else ".pos-H")
    page.click(".pos-A")                    # a back-row pin: never legal on the first play
    page.click(f".pile-{pile}")
    page.get_by_role("button", name="I played this").click()
    page.wait_for_selector("#error:not([hidden])")
    assert "cannot take" in page.inner_text("#error")
    shot("06-illegal")
    assert game_json(server, game_id)["actions"] == 1
    page.get_by_role("button", name="Show the best play again").click()

    # Follow the hints through Ann's frame, reporting each turned-up card; undo once.
    under = face_down_cards(truth_pins, truth_tops)
    turned = [0, 0, 0]
    undone = False
    seen_reveal = False
    for step in range(40):
        g = game_json(server, game_id)
        t = g["turn"]
        if t["player"] != 0:
            break
        if page.locator(".celebrate").count():
            page.screenshot(path=str(shots / "09-celebrate.png"))
            page.locator(".celebrate").click()
        if t["awaiting"] == "reveal":
            n = t["pending_reveals"][0]
            value = under[n - 1][turned[n - 1]]
            if not seen_reveal:
                shot("07-reveal")
                seen_reveal = True
            name = RANK_NAME.get(value, str(value))
            page.get_by_role("button", name=f"{name} on pile {n}", exact=True).click()
            page.wait_for_selector("#game.busy", state="detached")
            page.wait_for_selector(f".card.ask.pile-{n}", state="detached")
            turned[n - 1] += 1
            continue
        assert t["awaiting"] == "play"
        best = g["hint"]["best"]
        before = g["actions"]
        if best["action"] == "end_ball":
            page.get_by_role("button", name=("End this ball" if t["ball"] == 1 and t["balls"] == 2
                                             else "End the frame")).click()
        else:
            page.get_by_role("button", name="I played this").click()
        assert actions_become(server, game_id, before + 1), page.inner_text("#error")
        page.wait_for_selector("#game.busy", state="detached")
        if not undone and best["action"] == "play":
            page.get_by_role("button", name="↶ Undo").click()
            assert actions_become(server, game_id, before)
            page.wait_for_selector("#game.busy", state="detached")
            undone = True
            shot("08-undone")
    else:
        pytest.fail("the frame did not end within 40 steps")
    page.wait_for_timeout(300)
    if page.locator(".celebrate").count():
        page.screenshot(path=str(shots / "09-celebrate.png"))
        page.locator(".celebrate").click()
    page.wait_for_selector("text=Deal frame 1 for Bob")
    shot("10-next-player")
    g = game_json(server, game_id)
    assert len(g["players"][0]["card"]["frames"]) == 1 and g["turn"]["name"] == "Bob"

    # Reload: the sheet is exactly as it was.
    sheet_before = page.inner_text("#sheet")
    page.reload()
    page.wait_for_selector(".sheet-player")
    page.wait_for_selector("text=Deal frame 1 for Bob")
    assert page.inner_text("#sheet") == sheet_before
    frame1 = g["players"][0]["card"]["frames"][0]
    assert page.locator(".sheet-player").first.locator(".frame").first.locator(".run").inner_text() == \
        ("" if frame1["total"] is None else str(frame1["total"]))
    page.locator("#sheet-title").scroll_into_view_if_needed()
    shot("11-after-reload")
    no_horizontal_scroll()

    # The print page, and the home page listing the unfinished game.
    page.goto(server + "/print")
    shot("12-print")
    no_horizontal_scroll()
    page.goto(server + "/")
    assert page.locator(f"a[href='/games/{game_id}']").count() == 1
    shot("13-home-resume")
    assert not errors, errors
    print(f"\nscreenshots: {shots}")


def test_a_finished_game_on_a_phone(server, browser, app, tmp_path):
    """The end of a game: ranking, the full sheet with its tenth frame, the PDF link."""
    from .conftest import Api, Table
    api = Api(app.test_client())
    gid = api.new_game(["Ann", "Bob", "Cy"])
    table = Table(seed=8, play_rate=0.95)
    g = api.get(f"/api/games/{gid}").get_json()
    while not g["over"]:
        g = api.act(gid, table.next_action(g))
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".ranking li")
    shots = tmp_path / "screens"
    shots.mkdir()
    page.screenshot(path=str(shots / "20-game-over.png"), full_page=True)
    assert page.locator(".ranking li").count() == 3
    winners = page.locator(".ranking li.winner .name").all_inner_texts()
    assert winners == g["winners"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    for p, player in enumerate(g["players"]):
        tenth = page.locator(".sheet-player").nth(p).locator(".frame.tenth")
        assert tenth.locator(".run").inner_text() == str(player["card"]["total"])
    page.set_viewport_size({"width": 1024, "height": 900})
    page.screenshot(path=str(shots / "21-game-over-wide.png"), full_page=True)
    assert not errors, errors
    print(f"\nscreenshots: {shots}")


def _new_game_page(server, browser):
    """A phone page on a new one-player game's deal screen."""
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(server + "/")
    page.fill("#player-1", "Ann")
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    page.wait_for_selector(".triangle .card")
    return page


def test_a_big_phone_photo_is_shrunk_before_upload(server, browser, tmp_path):
    """A 4500 px photo reaches the server at 3000 px on its long side, upright."""
    import cv2
    photo, _, _ = the_deal(tmp_path)
    img = cv2.imread(str(photo))
    h, w = img.shape[:2]
    scale = 4500 / max(h, w)
    big = tmp_path / "big.jpg"
    cv2.imwrite(str(big), cv2.resize(img, (round(w * scale), round(h * scale))))
    page = _new_game_page(server, browser)
    with page.expect_response("**/api/recognize") as info:
        page.set_input_files("label.photo input[type=file]", str(big))
    reading = info.value.json()
    assert info.value.status == 200, reading
    assert max(reading["width"], reading["height"]) == 3000
    assert (reading["height"] > reading["width"]) == (h > w)


def test_advice_for_a_better_photo_is_shown_not_folded_away(server, browser, tmp_path, far_layout):
    """A layout far off in a 12 MP frame (cards 1/34 of its long side) still reads, but the
    player is told, above the table, to take the next photo closer; the folded notes about
    single cards do not repeat it."""
    import cv2
    photo = tmp_path / "far.jpg"
    cv2.imwrite(str(photo), far_layout(0.6))
    page = _new_game_page(server, browser)
    with page.expect_response("**/api/recognize") as info:
        page.set_input_files("label.photo input[type=file]", str(photo))
    assert info.value.status == 200 and info.value.json()["photo_advice"]
    advice = page.locator(".stage-head .advice-note")
    advice.wait_for()
    assert advice.is_visible()
    assert "take the photo closer" in advice.inner_text()
    notes = page.locator("details.camera-notes")
    assert notes.count() == 0 or "take the photo closer" not in notes.inner_text()


def test_a_photo_that_cannot_be_read_shows_what_the_camera_saw(server, browser):
    """One card on a table (real photo, edje-train, Apache-2.0) is no layout: the page says why
    and shows the card that was found outlined; a new photo clears both."""
    from pathlib import Path
    one_card = Path(__file__).resolve().parents[2] / "sample_images" / "real" / "IMG_2386.JPG"
    page = _new_game_page(server, browser)
    page.set_input_files("label.photo input[type=file]", str(one_card))
    page.wait_for_selector("text=/could not be read: too few cards/")
    seen = page.locator("figure.seen-on-error img")
    seen.wait_for()
    assert seen.get_attribute("src").startswith("data:image/jpeg;base64,")
    assert page.evaluate("document.querySelector('figure.seen-on-error img').naturalWidth") > 0
    page.set_input_files("label.photo input[type=file]", str(one_card))
    page.wait_for_selector("text=/could not be read: too few cards/")
    assert page.locator("figure.seen-on-error").count() == 1
