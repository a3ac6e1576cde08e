"""A whole three-player round of Topple in headless Chromium at 360x740: setup, placements,
an illegal tap, an undo, a topple and the round summary; the PDF links on the home page,
the score table and the winner screen, fetched as the phone would.  Screenshots go to the
test's tmp dir (TOPPLE_SHOTS=dir keeps them somewhere to look at)."""
from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is not installed (Debian package 'chromium')")
PHONE = {"width": 360, "height": 740}


def fetch_pdf(page, selector) -> str:
    """Follow a download link with the page's cookies: a PDF (its text returned)."""
    from pypdf import PdfReader
    link = page.locator(selector)
    assert link.is_visible() and link.get_attribute("download") is not None, selector
    r = page.request.get(link.evaluate("a => a.href"))
    assert r.status == 200 and r.headers["content-type"] == "application/pdf", (r.status, r.headers)
    body = r.body()
    assert body.startswith(b"%PDF-")
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(body)).pages)


@pytest.fixture
def server(app):
    import waitress
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


def test_a_round_with_a_topple_and_an_undo(server, browser, tmp_path):
    shots = Path(os.environ.get("TOPPLE_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                            locale="en-GB")
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))

    def shot(name, full=True):
        page.screenshot(path=str(shots / f"topple-{name}.png"), full_page=full)

    def fits():
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        small = page.evaluate("""() => [...document.querySelectorAll(
                'main button, main .button, main select, main input:not([type=radio]):not([type=checkbox])')]
            .filter((e) => e.offsetParent !== null)
            .map((e) => [e.textContent.trim().slice(0, 20) || e.name, e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 44 || r.width < 44)
            .map(([t, r]) => `${t}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert not small, small

    def turn():
        return page.inner_text("#tp-turn")

    def place(roll, space):
        page.click(f".die[data-roll='{roll}']")
        page.click(f".space[data-space='{space}']")
        page.wait_for_selector(f".space[data-space='{space}'] .disc")

    page.goto(server + "/")
    page.click("text=Playing Topple instead?")
    page.wait_for_url("**/topple")
    for i, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        page.fill(f"#tp-player-{i}", name)
    fits()
    shot("01-setup")
    for code, words in (("en", "Rules card (English)"), ("es", "Rules card (Español)")):
        assert page.inner_text(f"#tp-rules-{code}") == words
    assert [page.inner_text(f"#tp-blank-{n}") for n in (2, 3, 4)] == \
        ["2 players", "3 players", "4 players"]
    assert "score sheet" in fetch_pdf(page, "#tp-blank-3")
    fetch_pdf(page, "#tp-rules-es")
    page.click("button[type=submit]")
    page.wait_for_selector(".tp-board .space")
    assert "Round 1" in turn() and "Ann's turn" in turn()
    fits()
    shot("02-start", full=False)

    place(3, "C1")
    place(2, "C2")
    place(3, "C5")
    # A space of the wrong level is refused on the page and nothing is sent.
    page.click(".die[data-roll='2']")
    page.click(".space[data-space='A1']")
    assert "highlighted space for a 2" in page.inner_text("#tp-error")
    page.click(".space[data-space='C4']")
    page.wait_for_selector(".space[data-space='C4'] .disc")
    page.click(".die[data-roll='1']")
    page.click("#tp-best")
    page.wait_for_selector(".space.best[data-space='C3']")
    shot("03-best", full=False)
    page.click(".space[data-space='C3']")
    page.wait_for_selector(".space[data-space='C3'] .disc")
    assert "+4 (row C completed: 3 + 1 top)" in page.inner_text("#tp-last")
    assert "Cat's turn" in turn()

    page.click("#tp-undo")
    page.wait_for_selector(".space[data-space='C3'] .disc", state="detached")
    assert "Ben's turn" in turn()
    place(1, "C3")
    shot("04-scored", full=False)
    fits()

    page.click("#tp-topple")
    page.wait_for_selector("#tp-dialog[open]")
    assert page.is_checked("#tp-dialog input[value='Cat']") and page.is_checked("#tp-placing")
    assert page.inner_text("#tp-late") == "It fell by itself after Ben's piece"
    shot("05-topple-dialog", full=False)
    page.click("#tp-confirm")
    page.wait_for_selector("#tp-summary:not([hidden])")
    summary = page.inner_text("#tp-summary")
    assert "Round 1 is over" in summary and "Round 2: Ben starts" in summary
    scores = page.inner_text("#tp-scores")
    assert "Ben\t7" in scores and "Cat\t-10" in scores and "Ann\t0" in scores
    fits()
    shot("06-round-over", full=False)
    assert page.inner_text("#tp-sheet") == "Score sheet (PDF)"
    sheet = fetch_pdf(page, "#tp-sheet")
    assert all(w in sheet for w in ("Ann", "Ben", "Cat", "\u221210", "Game in progress")), sheet
    page.click("#tp-next-round")
    page.wait_for_selector("#tp-summary", state="hidden")
    assert "Round 2" in turn() and "Ben's turn" in turn()
    assert page.locator(".space .disc").count() == 0
    shot("07-round-2")

    page.goto(page.url + "?lang=es")
    page.wait_for_selector(".tp-board .space")
    assert "Turno de Ben" in turn() and "¡Derribo!" in page.inner_text("#tp-topple")
    assert page.inner_text("#tp-sheet") == "Hoja de puntuación (PDF)"
    assert "hoja de puntuación" in fetch_pdf(page, "#tp-sheet")
    fits()
    shot("08-spanish", full=False)
    assert not errors, errors


def test_two_players_choose_colours_and_the_junior_winner_screen(server, browser, tmp_path):
    shots = Path(os.environ.get("TOPPLE_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/topple")
    assert not page.is_visible("#tp-colour2-1")          # a second colour only for two players
    page.fill("#tp-player-1", "Ann")
    page.fill("#tp-player-2", "Ben")
    assert page.is_visible("#tp-colour2-1")
    page.click("summary")
    page.check("input[name=junior]")
    page.click("button[type=submit]")
    page.wait_for_selector(".tp-board .space")
    choices = page.locator(".colour-choice")
    assert choices.count() == 2 and "pink" in choices.nth(0).inner_text()
    assert "orange" in choices.nth(1).inner_text()        # the colour left over
    choices.nth(1).click()                                # Ann places orange
    page.click(".die[data-roll='6']")
    page.click(".space[data-space='A1']")
    page.wait_for_selector(".space[data-space='A1'] .disc.pc-orange")
    assert "Ben's turn" in page.inner_text("#tp-turn")
    page.click("#tp-topple")
    page.click("#tp-confirm")
    page.wait_for_selector("#tp-summary.won")
    assert "Last player standing: Ann" in page.inner_text("#tp-summary")
    assert not page.is_visible("#tp-topple") and not page.is_visible(".tp-board")
    assert not page.is_visible("#tp-sheet") and page.locator("#tp-sheet-final").count() == 0
    page.screenshot(path=str(shots / "topple-09-junior-winner.png"))
    assert not errors, errors


def test_the_winner_screen_offers_the_filled_sheet(app, server, browser, tmp_path):
    shots = Path(os.environ.get("TOPPLE_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    client = app.test_client()
    token = client.get("/api/csrf").get_json()["csrf_token"]
    players = [{"name": "Ann", "colours": ["pink"]}, {"name": "Ben", "colours": ["yellow"]},
               {"name": "Cat", "colours": ["orange"]}]
    r = client.post("/api/topple/games", headers={"X-CSRFToken": token},
                    json={"players": players, "target": 3,
                          "events": [{"roll": 1, "space": "C3"},
                                     {"topple": "Ben", "while_placing": True}]})
    gid = r.get_json()["id"]
    errors = []
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                            locale="en-GB")
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/topple/{gid}")
    page.wait_for_selector("#tp-summary.won")
    assert "Ann wins!" in page.inner_text("#tp-summary")
    assert page.inner_text("#tp-sheet-final") == "Score sheet (PDF)"
    assert page.is_visible("#tp-sheet")                      # the score table's link too
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    box = page.locator("#tp-sheet-final").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    sheet = fetch_pdf(page, "#tp-sheet-final")
    assert "Winner: Ann (3)" in sheet and "\u221210" in sheet
    page.screenshot(path=str(shots / "topple-10-winner-sheet.png"))
    assert not errors, errors
