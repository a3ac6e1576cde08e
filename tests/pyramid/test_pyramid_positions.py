"""The pyramid's geometry: names, indices, coverers, exposure, the 1430 shapes."""
import pytest

from assistant.common import TablesideError
from assistant.pyramid.positions import (BASE_ROW, COVERERS, FULL, INDEX, PLACES, exposed_mask,
                                         is_exposed, is_valid_shape, names_of, parse_place)
from assistant.pyramid.rules import Rules
from assistant.pyramid.state import value
from assistant.common import full_deck


def test_places_and_index_formula():
    assert len(PLACES) == 28 and PLACES[0] == "1.1" and PLACES[-1] == "7.7"
    for r in range(1, 8):
        for c in range(1, r + 1):
            assert INDEX[f"{r}.{c}"] == r * (r - 1) // 2 + c - 1


def test_coverers_are_the_two_cards_below():
    assert [PLACES[j] for j in COVERERS[INDEX["3.2"]]] == ["4.2", "4.3"]
    assert [PLACES[j] for j in COVERERS[INDEX["1.1"]]] == ["2.1", "2.2"]
    assert all(COVERERS[INDEX[f"7.{c}"]] == () for c in range(1, 8))


@pytest.mark.parametrize("text", ["8.1", "3.4", "0.1", "7.0", "x", ""])
def test_parse_place_refuses_with_the_rule(text):
    with pytest.raises(TablesideError, match=r"is not a place of the pyramid \(rows 1..7, r.c with c ≤ r\)"):
        parse_place(text)


def test_base_row_exposed_at_the_start():
    assert exposed_mask(0) == BASE_ROW and names_of(BASE_ROW) == [f"7.{c}" for c in range(1, 8)]


def _reachable_shapes(step):
    seen, frontier = {0}, [0]
    while frontier:
        nxt = []
        for removed in frontier:
            for new in step(removed):
                if new not in seen:
                    seen.add(new)
                    nxt.append(new)
        frontier = nxt
    return seen


def test_1430_shapes_reachable_by_removing_exposed_cards():
    """Catalan C8: the shapes reachable one exposed card at a time (rule 3) are exactly the
    masks is_valid_shape accepts, and there are 1430 of them."""
    shapes = _reachable_shapes(lambda m: [m | 1 << i for i in range(28) if is_exposed(i, m)])
    assert len(shapes) == 1430
    assert all(is_valid_shape(m) for m in shapes)
    assert FULL in shapes


def test_overlap_pairs_reach_no_other_shape():
    """A card leaving with the one card still covering it leaves a valid shape too."""
    from assistant.pyramid.positions import may_pair_places

    rules = Rules(overlap_pairs=True)

    def step(m):
        out = [m | 1 << i for i in range(28) if is_exposed(i, m)]
        out += [m | 1 << i | 1 << j for i in range(28) for j in range(i + 1, 28)
                if may_pair_places(i, j, m, rules)]
        return out
    assert len(_reachable_shapes(step)) == 1430


def test_each_non_king_has_four_partners():
    deck = full_deck()
    for card in deck:
        partners = [o for o in deck if value(o) + value(card) == 13]
        assert len(partners) == (0 if card.rank == "K" else 4)
