"""Topple's PDFs on the phone page: a game's filled score sheet, a blank sheet, the rules card.

Each is checked as a PDF (status, type, download name, pypdf parses it) and for what it
holds: the players' names and running totals on a filled sheet, in the page's language, on
the language's paper unless ?paper= is given.  Bad query values are 400s in words."""
import io

import pytest
from pypdf import PdfReader

PLAYERS = [{"name": "Ann", "colours": ["pink"]}, {"name": "Ben", "colours": ["yellow"]},
           {"name": "Cat", "colours": ["orange"]}]

LETTER, A4 = (612, 792), (595, 842)
MINUS = "\u2212"


def new_game(api, **extra):
    r = api.post("/api/topple/games", {"players": PLAYERS, "target": 100, **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def pdf(response):
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("attachment;")
    reader = PdfReader(io.BytesIO(response.get_data()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    box = reader.pages[0].mediabox
    return text, (round(float(box.width)), round(float(box.height)))


def refused(response, words):
    assert response.status_code == 400, response.status_code
    assert words in response.get_json()["error"], response.get_json()


# Round 1: Ann C3 (0), Ben topples while placing: Ben -10, Ann +3.  Round 2 (Ben starts, on
# an empty board): Ben C2, Cat C4, Ann C1, Ben C5, then Cat C3 completes row C: 3 + 1 top
# (C4 is orange) = 4; then Cat knocks it over out of turn: Cat -10.
# Totals Ann 3, Ben -10, Cat -6.
EVENTS = [{"roll": 1, "space": "C3"}, {"topple": "Ben", "while_placing": True},
          {"roll": 2, "space": "C2"}, {"roll": 2, "space": "C4"}, {"roll": 3, "space": "C1"},
          {"roll": 3, "space": "C5"}, {"roll": 1, "space": "C3"},
          {"topple": "Cat", "while_placing": False}]


def game_with_rounds(api, events=EVENTS, **extra):
    return new_game(api, events=events, **extra)


def test_a_filled_sheet_holds_the_names_and_totals_in_english_on_letter(api):
    gid = game_with_rounds(api)
    g = api.get(f"/api/topple/games/{gid}").get_json()
    assert len(g["rounds"]) == 2 and not g["over"]
    r = api.get(f"/api/topple/games/{gid}/sheet.pdf?lang=en")
    assert f"tableside-topple-{gid}.pdf" in r.headers["Content-Disposition"]
    text, size = pdf(r)
    assert size == LETTER
    assert "Topple · score sheet" in text and "Game in progress" in text
    for name in ("Ann", "Ben", "Cat"):
        assert name in text
    # the last round's running totals are the game's totals, minus signs as U+2212
    totals = g["totals"]
    assert totals == {"Ann": 3, "Ben": -10, "Cat": -6}
    for name, total in totals.items():
        assert str(total).replace("-", MINUS) in text, (name, total, text)


def test_the_sheet_follows_the_page_language_and_paper_can_be_chosen(api):
    gid = game_with_rounds(api)
    text, size = pdf(api.get(f"/api/topple/games/{gid}/sheet.pdf",
                             headers={"Accept-Language": "es-ES,es;q=0.9"}))
    assert "hoja de puntuación" in text and "Partida en curso" in text and size == A4
    api.get("/topple?lang=es")                                   # the switch's cookie
    text, size = pdf(api.get(f"/api/topple/games/{gid}/sheet.pdf?paper=letter"))
    assert "hoja de puntuación" in text and size == LETTER


def test_a_finished_game_names_its_winner(api):
    gid = new_game(api, events=EVENTS[:2], target=3)
    assert api.get(f"/api/topple/games/{gid}").get_json()["over"]
    text, _ = pdf(api.get(f"/api/topple/games/{gid}/sheet.pdf?lang=en"))
    assert "Winner: Ann (3)" in text and f"{MINUS}10" in text


def test_two_players_get_a_column_per_colour(api):
    two = [{"name": "Ann", "colours": ["pink", "yellow"]},
           {"name": "Ben", "colours": ["orange", "green"]}]
    r = api.post("/api/topple/games", {"players": two, "target": 100,
                                       "events": [{"roll": 1, "space": "C3", "colour": "yellow"},
                                                  {"topple": "Ben", "while_placing": True}]})
    gid = r.get_json()["id"]
    text, _ = pdf(api.get(f"/api/topple/games/{gid}/sheet.pdf?lang=en"))
    for word in ("Ann", "Ben", "pink", "yellow", "orange", "green", "+3", f"{MINUS}10"):
        assert word in text, word


def test_a_blank_sheet_for_two_to_four_players(api):
    r = api.get("/topple/sheet.pdf?players=3&lang=es")
    assert "tableside-topple-sheet-3-es.pdf" in r.headers["Content-Disposition"]
    text, size = pdf(r)
    assert "hoja de puntuación" in text and size == A4 and "Ann" not in text
    text, size = pdf(api.get("/topple/sheet.pdf?players=2&lang=en&paper=a4"))
    assert "colour 1" in text and "colour 2" in text and size == A4
    text, _ = pdf(api.get("/topple/sheet.pdf?lang=en"))          # 4 by default
    assert text.count("total") >= 4


def test_the_rules_card_in_spanish_and_english(api):
    es, size_es = pdf(api.get("/topple/rules.pdf?lang=es"))
    en, size_en = pdf(api.get("/topple/rules.pdf?lang=en"))
    assert size_es == A4 and size_en == LETTER and es != en
    r = api.get("/topple/rules.pdf?lang=en")
    assert "tableside-topple-rules-en.pdf" in r.headers["Content-Disposition"]


@pytest.mark.parametrize("url, words", [
    ("/topple/rules.pdf?lang=fr", "lang must be one of en, es, not fr"),
    ("/topple/rules.pdf?lang=", "lang must be one of en, es"),
    ("/topple/rules.pdf?lang=es&paper=a5", "paper must be one of letter, a4, not a5"),
    ("/topple/sheet.pdf?players=1", "players must be a number from 2 to 4, not 1"),
    ("/topple/sheet.pdf?players=5", "players must be a number from 2 to 4"),
    ("/topple/sheet.pdf?players=two", "players must be a number from 2 to 4, not two"),
    ("/topple/sheet.pdf?players=%C2%B2", "players must be a number from 2 to 4"),
    ("/topple/sheet.pdf?players=", "players must be a number from 2 to 4"),
    ("/topple/sheet.pdf?players=3&paper=", "paper must be one of letter, a4"),
])
def test_bad_options_are_400s_in_words(api, url, words):
    refused(api.get(url, headers={"Accept": "application/json"}), words)


def test_sheet_refusals(api):
    gid = new_game(api)
    refused(api.get(f"/api/topple/games/{gid}/sheet.pdf?lang=xx",
                    headers={"Accept": "application/json"}), "lang must be one of en, es")
    refused(api.get(f"/api/topple/games/{gid}/sheet.pdf?paper=legal",
                    headers={"Accept": "application/json"}), "paper must be one of letter, a4")
    assert api.get("/api/topple/games/nosuchgame/sheet.pdf").status_code == 404
    junior = new_game(api, rules={"junior": True})
    refused(api.get(f"/api/topple/games/{junior}/sheet.pdf",
                    headers={"Accept": "application/json"}), "junior version keeps no score")
    # a game with no finished round yet still prints: an empty sheet with the names
    text, _ = pdf(api.get(f"/api/topple/games/{gid}/sheet.pdf?lang=en"))
    assert "Ann" in text and "Game in progress" in text


def test_the_pages_link_the_pdfs_in_their_language(api):
    home = api.get("/topple?lang=es").get_data(as_text=True)
    assert 'href="/topple/rules.pdf?lang=es" download' in home
    assert 'href="/topple/rules.pdf?lang=en" download' in home
    assert "Tarjeta de reglas (Español)" in home and "Hoja en blanco" in home
    for n in (2, 3, 4):
        assert f'href="/topple/sheet.pdf?players={n}&amp;lang=es" download' in home
    home = api.get("/topple?lang=en").get_data(as_text=True)
    assert "Rules card (English)" in home and "Blank sheet" in home
    gid = new_game(api)
    page = api.get(f"/topple/{gid}?lang=en").get_data(as_text=True)
    assert f'href="/api/topple/games/{gid}/sheet.pdf?lang=en" download' in page
    assert "Score sheet (PDF)" in page
    page = api.get(f"/topple/{gid}?lang=es").get_data(as_text=True)
    assert "Hoja de puntuación (PDF)" in page
