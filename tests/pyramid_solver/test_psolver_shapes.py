"""The 1430 pyramid shapes, and the C core's exposure rule on every one of them."""
from assistant.pyramid.positions import COVER_MASK, FULL, exposed_mask, is_valid_shape, names_of
from assistant.pyramid.rules import Rules
from assistant.pyramid.solver import position


def shapes():
    """Every removed-set closed under 'a removed card's coverers are removed', built row by row
    from the base: a place of row r may go only when both its coverers in row r+1 have gone."""
    out = [0]
    for i in range(27, -1, -1):          # base row first (indexes 21..27), apex last
        out = out + [m | 1 << i for m in out if COVER_MASK[i] & ~m == 0]
    return out


def test_there_are_1430_shapes():
    all_shapes = shapes()
    assert len(all_shapes) == len(set(all_shapes)) == 1430
    assert all(is_valid_shape(m) for m in all_shapes)


def test_the_c_core_exposes_what_the_rules_expose_on_every_shape():
    # a pyramid of Kings: the legal moves are exactly the Kings exposed, one at a time
    for removed in shapes():
        if removed == FULL:
            continue
        pyr = [None if removed >> i & 1 else "K" for i in range(28)]
        pos = position(pyr, ["A"], rules=Rules())
        kings = sorted(m["remove"][0] for m, _ in pos.moves() if "remove" in m)
        assert kings == sorted(names_of(exposed_mask(removed))), names_of(removed)
