"""Pyramid Solitaire in headless Chromium at 360 x 740: a virtual-card game on a seeded deal
with a hint ("I did this"), a draw, undos, the rest of the game tapped in from the solver's
winning line, and the end screen.  Screenshots go to the test's tmp dir (printed); look at them.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from assistant.pyramid.deck import shuffled_deck
from assistant.pyramid.game import new_dealt_game
from assistant.pyramid.moves import explain_illegal
from assistant.pyramid.solver import solve

from .test_web_browser import CHROMIUM, browser, server  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is not installed (Debian package 'chromium')")
PHONE = {"width": 360, "height": 740}
SEED = 7            # a deal the seed rules can win
PYRAMID_PHOTOS = Path(__file__).resolve().parents[1] / "recognizer" / "data" / "pyramid"


def test_a_virtual_game_on_a_phone(server, browser, tmp_path):  # noqa: F811
    shots = tmp_path / "screens"
    shots.mkdir()
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and "status of 400" not in m.text
            and errors.append(m.text))

    def shot(name):
        page.screenshot(path=str(shots / f"{name}.png"), full_page=True)

    def fits_the_phone():
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        small = page.evaluate("""() => [...document.querySelectorAll(
                'main button, main .button, main select, main input[type=text], main input:not([type])')]
            .filter((e) => e.offsetParent !== null && !e.disabled)
            .map((e) => [e.dataset.source || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([t, r]) => `${t}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert not small, small

    def waste_count():
        return page.locator(".pile-title", has_text="waste").inner_text()

    def acting(click):
        with page.expect_response(lambda r: "/api/pyramid/games/" in r.url
                                  and r.request.method == "POST") as answer:
            click()
        # the page marks the table busy until it has drawn the answer
        page.wait_for_selector("#pyr[aria-busy]", state="detached")
        page.wait_for_function("() => !document.querySelector('#pyr-status').textContent.includes('Loading')")
        return answer.value

    # The home page: virtual cards, a seeded deal, the seed's rules preselected.
    page.goto(server + "/pyramid")
    assert page.is_checked("input[name=preset][value=seed]")
    fits_the_phone()
    shot("01-home")
    page.check("input[name=cards][value=virtual]")
    page.fill("input[name=seed]", str(SEED))
    page.click("#pyr-new button[type=submit]")
    page.wait_for_selector("#pyr-pyramid .pcard")
    assert page.locator("#pyr-pyramid .pcard:not([disabled])").count() == 7
    fits_the_phone()
    shot("02-deal")

    # A refused pair keeps the engine's reason on screen.
    acting(lambda: (page.click("[data-source='7.1']"), page.click("[data-source='7.2']")))
    reason = explain_illegal(new_dealt_game(SEED).state, {"remove": ["7.1", "7.2"]})
    assert page.inner_text("#pyr-error") == reason[0].upper() + reason[1:] + "."

    # The hint: the best move ringed with its chance and the runner-up; "I did this", then undo.
    page.click("#pyr-hint-button")
    page.wait_for_selector("#pyr-did")
    text = page.inner_text("#pyr-hint")
    assert "Best:" in text
    if "at least as good as any other move" not in text and "only legal move" not in text:
        # a searched hint: its chance and the runner-up (a King or the last pair of two ranks
        # is taken with its reason instead: nothing was searched)
        assert "%" in text and "Next best:" in text
        assert "estimate" in text or "exact" in text
    shot("03-hint")
    acting(lambda: page.click("#pyr-did"))
    assert page.evaluate("fetch(location.pathname.replace('/pyramid/', '/api/pyramid/games/'))"
                         ".then((r) => r.json()).then((g) => g.actions.length)") == 1
    acting(lambda: page.click("#pyr-undo"))
    assert page.locator("#pyr-pyramid .pcard.gap").count() == 0

    # A draw puts one card on the waste; undo takes it back.
    acting(lambda: page.click("#pyr-draw"))
    assert waste_count() == "waste (1)"
    assert page.inner_text(".pcard.back") == "23"
    shot("04-draw")
    acting(lambda: page.click("#pyr-undo"))
    assert waste_count() == "waste (0)"

    # The rest: the solver's winning line, tapped in.
    for move in solve(shuffled_deck(SEED)).moves:
        if "draw" in move:
            acting(lambda: page.click("#pyr-draw"))
            continue
        first, *second = move["remove"]
        if second:
            page.click(f"[data-source='{first}']")
            acting(lambda: page.click(f"[data-source='{second[0]}']"))
        else:
            acting(lambda: page.click(f"[data-source='{first}']"))
        assert page.inner_text("#pyr-error") == "", move

    # The end screen: won, 28 removed, the deal winnable and its best line.
    page.wait_for_selector("#pyr-end:not([hidden])")
    assert "Won" in page.inner_text("#pyr-end-title")
    assert page.inner_text("#pyr-end-cards").startswith("28 of 28")
    assert "was winnable" in page.inner_text("#pyr-end-verdict")
    assert page.locator("#pyr-end-line li").count() > 5
    assert page.is_hidden("#pyr-draw") and page.is_hidden("#pyr-hint-button")
    fits_the_phone()
    shot("05-end")

    # Back home: the tally has the game, beside the rules' true rate.
    page.click("text=Today’s tally")
    page.wait_for_selector("#tally")
    tally = page.inner_text("#tally")
    assert "1 won" in tally and "100 %" in tally and "3.71 %" in tally
    shot("06-tally")
    assert not errors, errors
    print(f"\nscreenshots: {shots}")


def test_real_cards_are_tapped_in_and_a_draw_asks_for_its_card(server, browser, tmp_path):  # noqa: F811
    shots = tmp_path / "screens"
    shots.mkdir()
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page.on("pageerror", lambda e: errors.append(str(e)))
    deck = shuffled_deck(4)
    page.goto(server + "/pyramid")
    page.click("#pyr-new button[type=submit]")                 # real cards are the default
    page.wait_for_selector("#pyr-pyramid .pcard.entry")
    assert page.is_disabled("#pyr-deal")

    def pick(card):
        page.wait_for_selector("#pyr-picker[open]")
        if card.suit.lower() == "h":                            # the suit is optional
            page.click("#pyr-suits [data-suit='h']")
        page.click(f"#pyr-ranks [data-rank='{'10' if card.rank in ('T', '10') else card.rank}']")

    page.click("[data-source='1.1']")                          # the picker walks on by itself
    for k, card in enumerate(deck[:28]):
        pick(card)
        if k == 9:
            page.screenshot(path=str(shots / "10-entering.png"))
    page.wait_for_selector("#pyr-picker:not([open])", state="attached")   # 7.7 was the last
    assert page.is_enabled("#pyr-deal")
    page.screenshot(path=str(shots / "11-entered.png"), full_page=True)
    with page.expect_response(lambda r: "/actions" in r.url):
        page.click("#pyr-deal")
    page.wait_for_selector("#pyr-draw:not([hidden])")
    shown = [page.inner_text(f"[data-source='{p}']").split() for p in ("1.1", "7.7")]
    assert shown == [[c.rank.replace("T", "10")] + (["♥"] if c.suit.lower() == "h" else [])
                     for c in (deck[0], deck[27])]

    page.click("#pyr-draw")
    assert page.inner_text("#pyr-picker-title") == "Which card came up?"
    with page.expect_response(lambda r: "/actions" in r.url):
        pick(deck[28])
    page.wait_for_selector(".pile-title:text('waste (1)')")
    page.screenshot(path=str(shots / "12-drawn.png"), full_page=True)
    assert not errors, errors
    print(f"\nscreenshots: {shots}")


def test_real_cards_read_from_a_photo_then_a_draw_read_from_a_photo(server, browser, tmp_path):  # noqa: F811
    """Real cards: "Read the 28 from a photo" fills the places the reader read (a rendered
    fixture it reads exactly), ringing the unsure ones; a place tapped afterwards takes the
    player's value; after Start, a draw's picker reads the turned card from a photo of the
    table, whose one sure card beside the pyramid is the waste's new top."""
    shots = tmp_path / "screens"
    shots.mkdir()
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page.on("pageerror", lambda e: errors.append(str(e)))
    photo = PYRAMID_PHOTOS / "pyramid_paris_5_0001.jpg"
    truth = json.loads(photo.with_suffix(".json").read_text())
    page.goto(server + "/pyramid")
    page.click("#pyr-new button[type=submit]")
    page.wait_for_selector("#pyr-pyramid .pcard.entry")
    with page.expect_response(lambda r: "/api/pyramid/recognize" in r.url):
        page.set_input_files("#pyr-photo-slot input[type=file]", str(photo))
    page.wait_for_function("() => document.querySelector('#pyr-status').textContent.includes('read from the photo')")
    shown = {p: page.inner_text(f"[data-source='{p}'] .rank") for p in truth["pyramid"]}
    assert shown == truth["pyramid"]
    assert "28 of 28 entered, 28 read from the photo" in page.inner_text("#pyr-status")
    page.screenshot(path=str(shots / "20-read-from-photo.png"), full_page=True)
    page.click("[data-source='7.7']")                    # the player corrects a place by hand
    page.wait_for_selector("#pyr-picker[open]")
    page.click(f"#pyr-ranks [data-rank='{truth['pyramid']['7.7']}']")
    assert "27 read from the photo" in page.inner_text("#pyr-status")
    with page.expect_response(lambda r: "/actions" in r.url):
        page.click("#pyr-deal")
    page.wait_for_selector("#pyr-draw:not([hidden])")

    page.click("#pyr-draw")
    page.wait_for_selector("#pyr-picker[open] #pyr-picker-photo:not([hidden])")
    page.screenshot(path=str(shots / "21-draw-picker.png"), full_page=True)
    with page.expect_response(lambda r: "/actions" in r.url):
        page.set_input_files("#pyr-picker-photo input[type=file]", str(photo))
    page.wait_for_selector(f".pile-title:text('waste (1)')")
    assert page.inner_text("[data-source='waste'] .rank") == truth["waste"][-1]
    page.screenshot(path=str(shots / "22-drawn-from-photo.png"), full_page=True)
    assert not errors, errors
    print(f"\nscreenshots: {shots}")


def test_a_photo_whose_places_the_reader_doubts_says_so(server, browser, tmp_path):  # noqa: F811
    """A development render with its waste card pasted three more times beside the pyramid
    (more face-up cards than waste piles: the reader doubts its placing): the places it fills
    are all ringed, and the status asks for every place, empty ones too, or another photo."""
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/pyramid")
    page.click("#pyr-new button[type=submit]")
    page.wait_for_selector("#pyr-pyramid .pcard.entry")
    with page.expect_response(lambda r: "/api/pyramid/recognize" in r.url) as answer:
        page.set_input_files("#pyr-photo-slot input[type=file]", str(PYRAMID_PHOTOS / "pyramid_paris_5_0001_four_waste.jpg"))
    assert answer.value.json()["places_doubtful"] is True
    page.wait_for_function("() => document.querySelector('#pyr-status').textContent.includes('read from the photo')")
    status = page.inner_text("#pyr-status")
    assert "may be read in the wrong places: check every place, empty ones too" in status
    read = page.locator("#pyr-pyramid .pcard.unsure").count()
    assert read > 0 and f"{read} read from the photo" in status
    page.screenshot(path=str(tmp_path / "23-places-in-doubt.png"), full_page=True)
    assert not errors, errors
