"""The pages' words: every language has every key (and no other), the same {placeholders},
every key a template or script uses exists and every word is used; the language comes from
?lang= (remembered), the cookie, Accept-Language or English; the German and Spanish pages
show no English chrome; the paper of a PDF follows the language unless ?paper= chooses.
"""
from __future__ import annotations

import io
import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.web import FRIENDLY
from assistant.web.bowling_words import BOWLING
from assistant.web.i18n import CHROME, COOKIE, ENGLISH_ONLY, NAMES
from assistant.web.topple_words import TOPPLE

from .conftest import Api

WEB = Path(__file__).resolve().parents[2] / "assistant" / "web"
TEMPLATES = WEB / "templates"
JS = WEB / "static" / "js"
OWN = ("topple", "pyramid")             # the templates and scripts with their own words


def bowling_files(folder: Path, pattern: str) -> list[Path]:
    return [p for p in sorted(folder.glob(pattern)) if not p.name.startswith(OWN)]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("catalog", [BOWLING, TOPPLE], ids=["bowling", "topple"])
def test_every_language_has_every_key_and_no_other(catalog):
    english = catalog.strings["en"]
    for lang in catalog.languages:
        words = catalog.strings[lang]
        assert sorted(set(english) - set(words)) == [], f"{lang} lacks these"
        assert sorted(set(words) - set(english)) == [], f"{lang} has extra keys"
        for key, text in words.items():
            assert text.strip(), f"{lang}.{key} is empty"
            assert placeholders(text) == placeholders(english[key]), f"{lang}.{key}"


def test_the_chrome_is_in_every_language_the_switcher_names():
    assert set(CHROME) == set(NAMES) == set(BOWLING.languages) == {"en", "es", "de"}
    assert TOPPLE.languages == ("en", "es") and ENGLISH_ONLY.languages == ("en",)
    for lang in CHROME:
        assert set(CHROME[lang]) == set(CHROME["en"])


def bowling_keys_used() -> set[str]:
    """Every key the Bowling templates, scripts and views name, plurals as key_1 and key_n."""
    used: set[str] = set()
    for path in bowling_files(TEMPLATES, "*.html"):
        used |= set(re.findall(r"\bt\(\s*'(\w+)'", path.read_text()))
    for path in bowling_files(JS, "*.js"):
        text = path.read_text()
        used |= set(re.findall(r'\btr\(\s*"(\w+)"', text))
        used |= {f"{k}_{n}" for k in re.findall(r'\btrn\(\s*"(\w+)"', text) for n in ("1", "n")}
    for path in WEB.glob("*.py"):
        used |= set(re.findall(r'\bt\(\s*"(\w+)"', path.read_text()))
    return used | set(FRIENDLY.values()) | {"error_other"}


def test_every_key_the_bowling_pages_use_exists_and_every_word_is_used():
    used = bowling_keys_used()
    english = BOWLING.strings["en"]
    assert sorted(used - set(english)) == []
    assert sorted(set(english) - used) == [], "words no page uses"


def test_the_scripts_name_keys_only_as_literals():
    # tr(someVariable) would hide a key from the check above
    for path in bowling_files(JS, "*.js"):
        if path.name == "i18n.js":          # where tr and trn are defined
            continue
        for call in re.findall(r"\btrn?\(\s*([^\s)])", path.read_text()):
            assert call == '"', f"{path.name}: tr( with a non-literal key"


def test_every_key_the_topple_pages_use_exists():
    used: set[str] = set()
    for path in TEMPLATES.glob("topple_*.html"):
        used |= set(re.findall(r"\bt\(\s*'(\w+)'\s*[,)]", path.read_text()))
    script = (JS / "topple.js").read_text()
    used |= set(re.findall(r'\bfmt\(\s*"(\w+)"', script)) | set(re.findall(r"\bT\.(\w+)", script))
    assert len(used) > 40
    assert sorted(used - set(TOPPLE.strings["en"])) == []


# ---- which language a request gets ----------------------------------------------------------

def html_lang(response) -> str:
    return re.search(r'<html lang="(\w+)">', response.get_data(as_text=True)).group(1)


def test_the_language_comes_from_the_browser_then_english(app):
    client = app.test_client()
    assert html_lang(client.get("/")) == "en"
    assert html_lang(client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})) == "de"
    assert html_lang(client.get("/", headers={"Accept-Language": "es-419"})) == "es"
    assert html_lang(client.get("/", headers={"Accept-Language": "fr-FR, it"})) == "en"


def test_a_chosen_language_is_remembered_and_wins_over_the_browser(app):
    client = app.test_client()
    r = client.get("/?lang=es", headers={"Accept-Language": "de"})
    assert html_lang(r) == "es" and f"{COOKIE}=es" in r.headers["Set-Cookie"]
    assert html_lang(client.get("/print", headers={"Accept-Language": "de"})) == "es"
    r = client.get("/stats?lang=xx", headers={"Accept-Language": "de"})   # not ours: ignored
    assert html_lang(r) == "es" and "Set-Cookie" not in r.headers
    assert html_lang(client.get("/?lang=de")) == "de"
    assert html_lang(client.get("/")) == "de"


def test_every_page_has_the_switcher_and_pyramid_stays_english(app):
    client = app.test_client()
    client.set_cookie(COOKIE, "de")
    for url in ("/", "/print", "/stats", "/games/nosuchgame"):
        html = client.get(url).get_data(as_text=True)
        assert 'class="lang-switch"' in html and 'href="?lang=es"' in html, url
    topple = client.get("/topple", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert '<html lang="es">' in topple and 'href="?lang=de"' not in topple   # Topple: en, es
    pyramid = client.get("/pyramid").get_data(as_text=True)
    assert '<html lang="en">' in pyramid and 'class="lang-switch"' not in pyramid


def test_api_answers_set_no_language_cookie(app):
    r = app.test_client().get("/api/stats?lang=de")
    assert r.status_code == 200 and "Set-Cookie" not in r.headers


# ---- no English chrome on the German and Spanish pages ----------------------------------------

class VisibleText(HTMLParser):
    """The text a reader sees (and the labels a screen reader reads), minus lang="en" parts."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skip: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("script", "style") or attrs.get("lang") == "en" or "url" in (attrs.get("class") or ""):
            self.skip.append(tag)
        elif not self.skip:
            self.parts += [attrs[a] for a in ("aria-label", "placeholder", "title", "alt") if attrs.get(a)]

    def handle_startendtag(self, tag, attrs):
        if not self.skip:
            attrs = dict(attrs)
            self.parts += [attrs[a] for a in ("aria-label", "placeholder", "title", "alt") if attrs.get(a)]

    def handle_endtag(self, tag):
        if self.skip and self.skip[-1] == tag:
            self.skip.pop()

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


ENGLISH = re.compile(r"\b(the|and|your|game|games|player|players|print|score|scores|with|"
                     r"take|download|start|rules|sheet|cards?|frame over|back|delete)\b", re.I)


def visible(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


@pytest.mark.parametrize("lang", ["es", "de"])
def test_no_english_words_in_the_spanish_and_german_pages(app, lang):
    api = Api(app.test_client())
    gid = api.new_game(["Ann", "Bob"])
    done = api.new_game(["Cy"], mode="score")
    for _ in range(12):
        api.act(done, {"type": "roll", "pins": 10})
    client = app.test_client()
    client.set_cookie(COOKIE, lang)
    for url in ("/", f"/games/{gid}", "/print", "/stats", "/games/nosuchgame"):
        text = visible(client.get(url).get_data(as_text=True))
        text = text.replace("English", "")      # the switcher names English in English
        found = ENGLISH.findall(text)
        assert found == [], f"{url} in {lang}: {found} in {text[:400]}"


def test_the_error_page_says_its_title_in_the_language_and_the_reason_in_english(app):
    client = app.test_client()
    html = client.get("/games/nosuchgame", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert CHROME["de"]["error_404"] in html and CHROME["de"]["error_note"] in html
    assert '<p class="muted" lang="en">' in html


def test_a_solo_game_gets_the_languages_word_for_player(app):
    api = Api(app.test_client())
    api.client.set_cookie(COOKIE, "es")
    r = api.client.post("/games", data={"player": "", "mode": "score", "csrf_token": api.token})
    assert r.status_code == 303
    game = api.get("/api/games/" + r.headers["Location"].rsplit("/", 1)[1]).get_json()
    assert [p["name"] for p in game["players"]] == ["Jugador"]


# ---- the paper follows the language ------------------------------------------------------------

LETTER, A4 = (612, 792), (595, 842)


def paper_of(response) -> tuple[int, int]:
    assert response.status_code == 200, response.get_data(as_text=True)
    box = PdfReader(io.BytesIO(response.data)).pages[0].mediabox
    return tuple(sorted((round(float(box.width)), round(float(box.height)))))


@pytest.mark.parametrize("query, paper", [
    ("lang=en", LETTER), ("lang=es", A4), ("lang=de", A4),
    ("lang=de&paper=letter", LETTER), ("lang=en&paper=a4", A4), ("lang=es&paper=", A4),
])
def test_the_rules_cards_paper_follows_its_language_unless_chosen(app, query, paper):
    assert paper_of(app.test_client().get(f"/print/rules.pdf?{query}")) == paper


def test_the_rules_card_without_lang_is_in_the_pages_language(app):
    client = app.test_client()
    r = client.get("/print/rules.pdf", headers={"Accept-Language": "de"})
    assert "tableside-rules-de.pdf" in r.headers["Content-Disposition"] and paper_of(r) == A4
    assert paper_of(client.get("/print/rules.pdf")) == LETTER


@pytest.mark.parametrize("url", ["/print/scorepad.pdf", "/print/mat.pdf", "SHEET"])
def test_the_other_pdfs_follow_the_pages_language(app, url):
    client = app.test_client()
    if url == "SHEET":
        url = f"/api/games/{Api(client).new_game(['Ann'])}/sheet.pdf"
    assert paper_of(client.get(url)) == LETTER
    assert paper_of(client.get(url, headers={"Accept-Language": "es"})) == A4
    client.set_cookie(COOKIE, "de")
    assert paper_of(client.get(url)) == A4
    assert paper_of(client.get(url + "?paper=letter")) == LETTER


def test_a_bad_paper_or_language_is_a_400_in_words(app):
    client = app.test_client()
    for url in ("/print/rules.pdf?lang=de&paper=a5", "/print/scorepad.pdf?paper=legal",
                "/print/rules.pdf?lang=fr"):
        r = client.get(url, headers={"Accept": "application/json"})
        assert r.status_code == 400 and r.get_json()["error"].split()[0] in ("paper", "lang"), url


def test_the_print_page_offers_the_usual_paper_and_the_pages_language_first(app):
    client = app.test_client()
    html = client.get("/print", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert html.count(f'<option value="">{BOWLING.strings["es"]["paper_auto"]}</option>') == 3
    assert '<option value="es" selected>Español</option>' in html
