"""The blank score pad: pages, sizes, the boxes it promises, and how it prints."""
from __future__ import annotations

import pytest

from print_helpers import assert_inked_sensibly, page_size_mm, page_texts, reader, rectangles
from printables.paper import PrintError
from printables.scorepad import build_scorepad, max_players, plan_pad


def _boxes(pdf, plan):
    """Count ball boxes and frame boxes by their drawn size."""
    g = plan.geometry
    ball = frame = 0
    for page in pdf.pages:
        for _, _, w, h in rectangles(pdf, page):
            if abs(w - g.ball_box) < 0.05 and abs(h - g.ball_box) < 0.05:
                ball += 1
            elif abs(h - g.row_h) < 0.05 and (abs(w - g.frame_w) < 0.05 or abs(w - g.tenth_w) < 0.05):
                frame += 1
    return ball, frame


@pytest.mark.parametrize("paper,size", [("letter", (279.4, 215.9)), ("a4", (297.0, 210.0))])
@pytest.mark.parametrize("players,games", [(1, None), (2, 5), (4, 3), (10, 1)])
def test_pages_sizes_and_box_counts(tmp_path, paper, size, players, games):
    path = build_scorepad(tmp_path / "pad.pdf", players=players, games=games, paper=paper)
    plan = plan_pad(paper, players, games)
    pdf = reader(path)
    assert len(pdf.pages) == plan.pages
    for page in pdf.pages:
        w, h = page_size_mm(page)
        assert (round(w, 1), round(h, 1)) == size          # landscape fits ten frames best
    ball, frame = _boxes(pdf, plan)
    assert frame == plan.frame_boxes == plan.games * players * 10
    assert ball == plan.ball_boxes == plan.games * players * 21   # 9 x 2 + 3 in the tenth


def test_sized_for_a_pen():
    for paper in ("letter", "a4"):
        g = plan_pad(paper, 4).geometry
        assert g.ball_box >= 6.0
        assert g.frame_w >= 2 * g.ball_box + 4
        assert g.tenth_w >= 3 * g.ball_box + 4
        assert g.row_h >= 14


def test_several_games_per_page_when_they_fit():
    assert plan_pad("letter", 1).games_per_page >= 4
    assert plan_pad("letter", 2).games_per_page >= 3
    assert plan_pad("letter", 4).games_per_page == 2
    assert plan_pad("a4", 10).games_per_page == 1


def test_texts_and_title_with_accents(tmp_path):
    path = build_scorepad(tmp_path / "pad.pdf", players=2, games=2, title="Peña Müller · ¿Bolos? ¡Sí!")
    text = page_texts(reader(path))[0]
    for word in ("Peña Müller", "¿Bolos? ¡Sí!", "Game 1", "Game 2", "Total", "Date", "Notes"):
        assert word in text
    for frame in range(1, 11):
        assert str(frame) in text


def test_too_many_players_names_the_maximum():
    limit = max_players("letter")
    assert limit >= 8
    with pytest.raises(PrintError, match=f"at most {limit}"):
        plan_pad("letter", limit + 1)


@pytest.mark.parametrize("kwargs,message", [
    ({"players": 0}, "at least 1"), ({"players": -3}, "at least 1"),
    ({"games": 0}, "at least 1"), ({"paper": "legal"}, "unsupported paper"),
    ({"title": "   "}, "title is empty"),
])
def test_bad_options(tmp_path, kwargs, message):
    with pytest.raises(PrintError, match=message):
        build_scorepad(tmp_path / "pad.pdf", **kwargs)
    assert not (tmp_path / "pad.pdf").exists()


@pytest.mark.parametrize("players", [1, 4])
def test_prints_across_the_page(tmp_path, players):
    path = build_scorepad(tmp_path / "pad.pdf", players=players, paper="a4")
    assert_inked_sensibly(path, min_w=0.88, min_h=0.8)
