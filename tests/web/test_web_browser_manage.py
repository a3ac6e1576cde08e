"""Managing games on a phone at 360 × 740: delete with the undo toast, rename a player,
the export links and the share button.  Screenshots under the test's tmp dir."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_web_browser import CHROMIUM, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not __import__("os").path.exists(CHROMIUM),
                                reason=f"{CHROMIUM} is not installed")

PHONE = {"width": 360, "height": 740}

CREATE = """async ([players, mode]) => {
  const token = document.querySelector('meta[name="csrf-token"]').content;
  const r = await fetch('/api/games', {method: 'POST', credentials: 'same-origin',
    headers: {'Content-Type': 'application/json', 'X-CSRFToken': token},
    body: JSON.stringify({players, mode})});
  return (await r.json()).id;
}"""

ROLL = """async ([id, pins]) => {
  const token = document.querySelector('meta[name="csrf-token"]').content;
  const r = await fetch(`/api/games/${id}/actions`, {method: 'POST', credentials: 'same-origin',
    headers: {'Content-Type': 'application/json', 'X-CSRFToken': token},
    body: JSON.stringify({type: 'roll', pins})});
  return r.status;
}"""


@pytest.fixture
def phone(browser, tmp_path):
    page = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a refused rename is a 400 the page shows; the browser logs it as a failed resource
    page.on("console", lambda m: m.type == "error" and "status of 400" not in m.text
            and errors.append(m.text))
    page.shots = tmp_path / "screens"
    page.shots.mkdir()
    yield page
    print("screenshots:", page.shots)
    page.close()
    assert not errors, errors


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_delete_a_game_and_undo(server, phone):
    phone.goto(server + "/")
    first = phone.evaluate(CREATE, [["Ann"], "score"])
    second = phone.evaluate(CREATE, [["Bob"], "table"])
    phone.reload()
    rows = phone.locator("#resume-title + .game-list li")
    assert rows.count() == 2
    assert "Score only" in phone.locator(f'li:has([data-game-id="{first}"]) .meta').inner_text()
    assert "Real cards" in phone.locator(f'li:has([data-game-id="{second}"]) .meta').inner_text()
    fits(phone)
    phone.screenshot(path=str(phone.shots / "home-list.png"), full_page=True)
    phone.click(f'button[data-game-id="{first}"]')
    phone.wait_for_selector("#toast:not([hidden])")
    assert "deleted" in phone.inner_text("#toast")
    assert rows.count() == 1
    fits(phone)
    phone.screenshot(path=str(phone.shots / "deleted-toast.png"))
    phone.click("#toast-undo")
    phone.wait_for_selector("#toast", state="hidden")
    assert rows.count() == 2
    phone.reload()
    assert rows.count() == 2                      # restored on the server too
    phone.click(f'button[data-game-id="{second}"]')
    phone.wait_for_selector("#toast:not([hidden])")
    phone.reload()
    assert rows.count() == 1 and phone.locator(f'[data-game-id="{second}"]').count() == 0


def test_rename_export_and_share(server, phone):
    phone.goto(server + "/")
    gid = phone.evaluate(CREATE, [["Ann", "Bob"], "score"])
    for pins in (9, 1, 10):
        assert phone.evaluate(ROLL, [gid, pins]) == 200
    phone.goto(f"{server}/games/{gid}")
    phone.wait_for_selector("#sheet .sheet-player")
    phone.fill("#rename-1", "Roberta")
    with phone.expect_navigation():
        phone.click('form.rename[data-player="1"] button')
    phone.wait_for_selector("#sheet .sheet-player")
    assert "Roberta" in phone.inner_text("#sheet")
    assert phone.input_value("#rename-1") == "Roberta"
    # a refused name is shown, nothing changes
    phone.fill("#rename-0", "roberta")
    phone.click('form.rename[data-player="0"] button')
    phone.wait_for_selector("#manage-error:not([hidden])")
    assert "same name" in phone.inner_text("#manage-error")
    csv_url = phone.get_attribute("#export-csv", "href")
    json_url = phone.get_attribute("#export-json", "href")
    assert csv_url == f"/api/games/{gid}/export.csv" and json_url == f"/api/games/{gid}/export.json"
    r = phone.request.get(server + csv_url)
    assert r.ok and r.text().splitlines()[1].startswith("Ann,1,1,9,9,")
    r = phone.request.get(server + json_url)
    assert r.ok and r.json()["players"] == ["Ann", "Roberta"]
    has_share = phone.evaluate("'share' in navigator")
    assert phone.locator("#share").is_hidden() == (not has_share)
    phone.locator("#manage-title").scroll_into_view_if_needed()
    fits(phone)
    phone.screenshot(path=str(phone.shots / "manage-panel.png"))


def test_stats_page(server, phone):
    phone.goto(server + "/")
    gid = phone.evaluate(CREATE, [["Ann"], "score"])
    for pins in [10] * 9 + [10, 10, 10]:
        assert phone.evaluate(ROLL, [gid, pins]) == 200
    gid = phone.evaluate(CREATE, [["ann"], "score"])
    for pins in [9, 0] * 10:
        assert phone.evaluate(ROLL, [gid, pins]) == 200
    phone.reload()
    phone.click("#stats-link")
    phone.wait_for_selector(".player-stats")
    card = phone.locator('.player-stats[data-name="ann"]')
    assert card.locator(".games").inner_text() == "2"
    assert card.locator(".high").inner_text() == "300"
    assert card.locator(".average").inner_text() == "195.0"
    assert card.locator(".strikes").inner_text() == "50 %"
    assert card.locator("svg.score-chart circle").count() == 2
    box = card.locator("svg.score-chart").bounding_box()
    assert box["width"] > 200 and box["height"] > 60
    fits(phone)
    phone.screenshot(path=str(phone.shots / "stats.png"), full_page=True)


def test_a_second_phone_follows_by_itself(server, browser, phone):
    phone.goto(server + "/")
    gid = phone.evaluate(CREATE, [["Ann", "Bob"], "score"])
    other = browser.new_page(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        phone.goto(f"{server}/games/{gid}")
        other.goto(f"{server}/games/{gid}")
        for page in (phone, other):
            page.wait_for_selector(".keypad")
        phone.locator(".keypad button.key", has_text="7").first.click()
        phone.wait_for_selector("#game.busy", state="detached")
        # no tap on the second phone: its sheet and its question follow within 2 s
        expect(other.locator("#sheet .sheet-player .frame .balls").first).to_have_text("7", timeout=2000)
        assert other.locator(".keypad button.key:not([disabled])", has_text="X").count() == 0
        other.locator(".keypad button.key", has_text="/").first.click()   # 3 more: a spare
        other.wait_for_selector("#game.busy", state="detached")
        expect(phone.locator("#sheet .sheet-player .frame .balls").first).to_have_text("7/", timeout=2000)
        other.screenshot(path=str(phone.shots / "second-phone.png"))
    finally:
        other.close()
