"""The Spanish and German pages in headless Chromium at 360 × 740: every screen fits (no
element passes the viewport's right edge), the screen words are the language's (only the
engine's hint explanation and frame log stay English), the hint from a photo and the game
page's re-sync from a photo too, the switcher works and is remembered.
And the README's "first game in five minutes", walked at 390 px: with TABLESIDE_SCREENSHOTS=DIR
its screenshots are written there as small palette PNGs (docs/img/ holds the committed ones).

Screenshots go to the test's tmp dir too (printed at the end; look at them).
"""
from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from assistant.web.bowling_words import BOWLING

from .conftest import Api, Table
from .test_web_browser import CHROMIUM, browser, server  # noqa: F401  (fixtures)
from .test_web_browser_polish import DEAL, overflowing
from .test_web_photohint import MID_PHOTO, TRACKED

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is not installed")
NARROW = {"width": 360, "height": 740}

# The screen's words with what stays English taken out: the solver's explanation, the frame
# log, a server's refusal (said in English on purpose; README "The web app in three languages").
SCREEN_TEXT = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('script, .hint-why, #log, #error, [lang=en], .url, .lang-switch')
      .forEach((e) => e.remove());
  const labels = [...copy.querySelectorAll('[aria-label], [placeholder], [title]')]
      .map((e) => [e.getAttribute('aria-label'), e.getAttribute('placeholder'), e.title].join(' '));
  const generated = [...document.querySelectorAll('body *')].filter((e) => !e.closest('.hint-why, #log'))
      .flatMap((e) => ['::before', '::after'].map((p) => getComputedStyle(e, p).content))
      .filter((c) => c && c !== 'none' && c !== 'normal');
  return [copy.innerText, ...labels, ...generated].join(' ');
}"""
ENGLISH = re.compile(r"\b(the|and|your|game|player|take|tap|start|end|ball|pile|pins?|cards?|"
                     r"frame over|download|sheet|score|undo|back|which|played|clear)\b", re.I)
KEY = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")          # a key shown instead of its word


def new_page(browser, lang, size=NARROW, scale=2):
    context = browser.new_context(viewport=size, device_scale_factor=scale, is_mobile=True,
                                  has_touch=True, locale=lang)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def words_left_in_english(page, lang) -> list[str]:
    """English words on the screen that the language does not share (German says "Pin")."""
    own = {w.casefold() for text in BOWLING.strings[lang].values() for w in re.findall(r"\w+", text)}
    text = page.evaluate(SCREEN_TEXT)
    return [w for w in ENGLISH.findall(text) if w.casefold() not in own] + KEY.findall(text)


def checker(page, lang, shots: Path, problems: dict):
    """check(name): a screenshot, and what passes the right edge or is left in English."""
    def check(name, full=True):
        page.wait_for_timeout(60)
        page.screenshot(path=str(shots / f"{name}.png"), full_page=full)
        found = {"overflow": overflowing(page), "english": words_left_in_english(page, lang)}
        if any(found.values()):
            problems[name] = found
        assert page.evaluate("document.documentElement.lang") == lang
    return check


@pytest.mark.parametrize("lang", ["es", "de"])
def test_the_spanish_and_german_screens_fit_at_360_and_speak_the_language(
        server, browser, app, tmp_path, lang):
    shots = tmp_path / lang
    shots.mkdir()
    words = BOWLING.strings[lang]
    api = Api(app.test_client())
    page = new_page(browser, lang)
    problems = {}
    check = checker(page, lang, shots, problems)

    page.goto(server + "/")
    assert page.inner_text("h1") == words["home_h1"]
    page.click(".options summary")
    page.click("#add-player")
    check("home")
    page.goto(server + "/print")
    check("print")
    page.goto(server + "/stats")
    check("stats")
    page.goto(server + "/games/nosuchgame")
    check("not-found")

    gid = api.new_game(["Ann", "Bob"])
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector(".triangle .card")
    assert page.get_by_role("button", name=words["start_frame"]).is_visible()
    check("deal")
    page.click(".pos-A")
    page.wait_for_selector("#picker[open]")
    assert page.inner_text("#picker-title") == words["pin_plain"].format(pin="A")
    check("picker", full=False)
    page.keyboard.press("Escape")

    api.act(gid, DEAL)
    page.reload()
    page.wait_for_selector(".hint-banner .hint-main")
    assert page.text_content(".hint-banner .hint-label").startswith(words["hint_label"].split("{")[0])
    page.click(".alternatives summary")
    check("play")
    page.click(".pos-A")                    # a back-row pin: refused on the first play
    page.click(".pile-1")
    page.get_by_role("button", name=words["played_this"]).click()
    page.wait_for_selector("#error:not([hidden])")
    check("refused")

    api.act(gid, {"type": "play", "pile": 1, "pins": ["H", "I"]})
    page.reload()
    page.wait_for_selector(".values .value")
    assert page.inner_text(".reveal h2") == words["reveal_title"].format(n=1)
    check("reveal")

    api.act(gid, {"type": "reveal", "pile": 1, "value": 5})
    api.act(gid, {"type": "quick", "on": True})
    page.reload()
    page.wait_for_selector(".keypad")
    check("quick-keypad")
    page.get_by_role("button", name=words["tap_instead"]).click()
    page.click(".pin-pad .pos-J")
    check("quick-pins")

    done = api.new_game(["Ann", "Bob"])
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
    page.keyboard.press("Escape")
    page.goto(server + "/stats")
    check("stats-filled")

    assert not problems, problems
    assert not page.errors, page.errors
    print(f"\nscreenshots: {shots}")


@pytest.mark.skipif(not MID_PHOTO.exists(), reason="sample photo missing")
@pytest.mark.parametrize("lang", ["es", "de"])
def test_the_photo_hint_and_the_resync_fit_at_360_and_speak_the_language(
        server, browser, app, tmp_path, lang):
    """The hint from a photo and a game re-synced from one, with the real recogniser reading
    sample_images/mid_paris_7_0001.jpg (B 6, I 2, J 8 standing; piles 6, 5, 10)."""
    shots = tmp_path / lang
    shots.mkdir()
    words = BOWLING.strings[lang]
    page = new_page(browser, lang)
    problems = {}
    check = checker(page, lang, shots, problems)

    page.goto(server + "/")
    page.click("#photohint-link")
    page.wait_for_selector("label.photo input[type=file]", state="attached")
    assert page.title() == f"{words['ph_title']} · Tableside"
    assert page.inner_text("h1") == words["ph_title"]
    check("photohint-start")
    page.set_input_files("label.photo input[type=file]", str(MID_PHOTO))
    page.wait_for_selector(".ph-best", timeout=60000)
    best = page.inner_text(".ph-best")
    assert best in (words["play_words"].format(pile=1, top="6", pins="B", values="6"),
                    words["play_words"].format(pile=3, top="10", pins="I + J", values="2 + 8")), best
    assert page.inner_text(".ph-ball .seg.on") == words["ph_ball"].format(n=1)
    estimate = page.inner_text(".ph-estimate")      # the server's numbers in the page's words
    assert estimate.startswith(words["ph_estimate"] + ":") and page.locator(".ph-estimate [lang=en]").count() == 0
    assert estimate.endswith(words["ph_estimate_sampled_n"].split(". ")[-1]), estimate
    if page.locator(".alternatives summary").count():
        page.click(".alternatives summary")
    check("photohint-read")
    page.click(".ph-add-out")
    page.wait_for_selector("#picker[open]")
    assert page.inner_text("#picker-title") == words["ph_out_picker"]
    check("photohint-out-picker", full=False)
    page.keyboard.press("Escape")
    page.click(".pos-B")
    page.wait_for_selector("#picker[open]")
    assert page.inner_text("#picker-title") == words["pin_plain"].format(pin="B")
    assert page.inner_text("#picker-clear") == words["ph_removed"]
    check("photohint-pin-picker", full=False)
    page.keyboard.press("Escape")

    api = Api(app.test_client())
    gid = api.new_game(["Ann"])
    for action in TRACKED:          # the tracker one play behind the photo
        api.act(gid, action)
    page.goto(f"{server}/games/{gid}")
    page.wait_for_selector("#resync:not([hidden])")
    assert page.inner_text("#resync h2") == words["ph_resync_title"]
    page.set_input_files("#resync label.photo input[type=file]", str(MID_PHOTO))
    page.wait_for_selector("#resync-dialog[open] .ph-diffs", timeout=60000)
    assert page.inner_text("#resync-heading") == words["ph_resync_heading"]
    check("resync-dialog", full=False)
    page.click(".ph-confirm")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast") == words["ph_resynced"]
    page.wait_for_selector(".stage .triangle .card")
    check("resync-done")

    assert not problems, problems
    assert not page.errors, page.errors
    print(f"\nscreenshots: {shots}")


def test_the_switcher_changes_the_language_and_is_remembered(server, browser, tmp_path):
    page = new_page(browser, "en-US")
    page.goto(server + "/")
    assert page.inner_text("h1") == BOWLING.strings["en"]["home_h1"]
    page.click(".lang-switch a[hreflang=de]")
    page.wait_for_url("**/?lang=de")
    assert page.inner_text("h1") == BOWLING.strings["de"]["home_h1"]
    assert page.evaluate("document.documentElement.lang") == "de"
    page.click(".topnav a")                         # Drucken: the print page, no ?lang=
    page.wait_for_url("**/print")
    assert page.inner_text("h1") == BOWLING.strings["de"]["nav_print"]
    assert page.locator("select[name=lang]").input_value() == "de"
    page.screenshot(path=str(tmp_path / "print-de.png"), full_page=True)

    other = page.context.new_page()                 # the same browser, later: still German
    other.errors = []
    other.on("pageerror", lambda e: other.errors.append(str(e)))
    other.goto(server + "/")
    assert other.inner_text("h1") == BOWLING.strings["de"]["home_h1"]
    other.click(".lang-switch a[hreflang=es]")
    other.wait_for_url("**/?lang=es")
    other.click("button[type=submit]")              # a solo game without a name
    other.wait_for_url("**/games/*")
    other.wait_for_selector(".sheet-name")
    assert other.inner_text(".sheet-name") == BOWLING.strings["es"]["solo_name"]
    assert other.inner_text("#stage h2").startswith("Reparte el cuadro 1")
    other.goto(server + "/topple")                  # Topple speaks Spanish too: one cookie
    assert other.evaluate("document.documentElement.lang") == "es"
    assert not page.errors and not other.errors


# ---- the README's first game in five minutes -------------------------------------------------

README_SHOTS = os.environ.get("TABLESIDE_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}


def save_small(page, path: Path, clip_to=None):
    """A screenshot at 390 px as a 256-colour PNG (text stays sharp; a few tens of KB)."""
    from PIL import Image                       # ReportLab's dependency, here only for tests

    raw = page.screenshot(full_page=False) if clip_to is None else \
        page.locator(clip_to).screenshot()
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE) \
        .save(path, optimize=True)


def test_the_first_game_in_five_minutes(server, browser, tmp_path):
    """The README's walkthrough, step by step, as a new player does it."""
    out = Path(README_SHOTS) if README_SHOTS else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    page = new_page(browser, "en-US", size=PHONE, scale=1)      # 390 px wide PNGs
    page.context.set_default_timeout(15000)
    page.goto(server + "/")
    page.fill("#player-1", "Ann")
    page.click("#add-player")
    page.fill("#player-2", "Bob")
    save_small(page, out / "first-game-1-home.png")
    page.click("button[type=submit]")

    page.wait_for_url("**/games/*")
    page.wait_for_selector(".triangle .card")
    assert page.inner_text("#stage h2") == "Deal frame 1 for Ann"
    # Tap the cards in: the picker goes on to the next card by itself.
    page.click(".pos-A")
    for value in [*DEAL["pins"].values(), *DEAL["tops"]]:
        page.wait_for_selector("#picker[open]")
        page.locator(f"#picker-values button[value='{value}']").click()
    page.wait_for_selector("#picker", state="hidden")
    page.evaluate("window.scrollTo(0, 0)")
    save_small(page, out / "first-game-2-deal.png")
    page.get_by_role("button", name="Start frame").click()

    page.wait_for_selector(".hint-banner .hint-main")
    hint = page.inner_text(".hint-banner .hint-main")
    assert re.match(r"Pile \d's \w+ takes [A-J](?: \+ [A-J])*", hint), hint
    page.evaluate("window.scrollTo(0, 0)")
    save_small(page, out / "first-game-3-hint.png")
    page.get_by_role("button", name="I played this").click()

    page.wait_for_selector(".reveal h2")
    assert "next card. What is it?" in page.inner_text(".reveal h2")
    save_small(page, out / "first-game-4-reveal.png")
    # The rest of Ann's frame as the hints say (the big button: the play, or ending the ball),
    # each turned-up card told, until Bob's turn.
    for _ in range(30):
        page.wait_for_selector(".reveal, .hint-banner, .stage-head")
        if page.inner_text("#turn").startswith("Bob"):
            break
        if page.locator(".reveal").count():
            page.locator(".reveal .values .value:not([disabled])").first.click()
        else:
            page.locator(".stage-foot .actions .button.big").first.click()
        page.wait_for_function("() => !document.getElementById('game').classList.contains('busy')")
    assert page.inner_text("#turn").startswith("Bob")
    marks = page.locator(".sheet-player").first.locator(".frame").first.locator(".box")
    assert "".join(marks.all_inner_texts()).strip(), "Ann's first frame is on the sheet"
    if page.locator(".celebrate").count():
        page.click(".celebrate")                    # a strike or a spare: tap to carry on
    page.locator("#sheet").scroll_into_view_if_needed()
    save_small(page, out / "first-game-5-sheet.png", clip_to=".sheet-panel")
    assert not page.errors, page.errors
    print(f"\nscreenshots: {out}")
