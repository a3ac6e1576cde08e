"""The board as the rules document draws it (section 2) and worked example T1."""
import re

import pytest

from assistant.common import TablesideError
from assistant.topple.board import (LEVELS, LINES, LINES_THROUGH, SPACES, parse_space,
                                    spaces_for_roll, why_not_legal)

# The level picture of section 2.4, typed as printed.
PICTURE = ["54345", "43234", "32123", "43234", "54345"]


def test_levels_match_the_printed_picture():
    for r, row in enumerate("ABCDE"):
        for c in range(5):
            assert LEVELS[f"{row}{c + 1}"] == int(PICTURE[r][c])


def test_level_counts_and_lines_per_space():
    counts = {lv: sum(1 for s in SPACES if LEVELS[s] == lv) for lv in range(1, 6)}
    assert counts == {1: 1, 2: 4, 3: 8, 4: 8, 5: 4}
    assert len(LINES) == 12 and all(len(line.spaces) == 5 for line in LINES)
    diagonal = {"A1", "B2", "D4", "E5", "A5", "B4", "D2", "E1"}
    for s in SPACES:
        expected = 4 if s == "C3" else 3 if s in diagonal else 2
        assert len(LINES_THROUGH[s]) == expected, s


def test_t1_legality():
    assert set(spaces_for_roll(4)) == {"A2", "A4", "B1", "B5", "D1", "D5", "E2", "E4"}
    assert spaces_for_roll(1) == ("C3",)
    assert len(spaces_for_roll(6)) == 25
    assert "D4" not in spaces_for_roll(4)
    assert why_not_legal("D4", 4) == ("D4 is level 3, not 4: a roll of 4 places on "
                                      "A2, A4, B1, B5, D1, D5, E2 or E4")
    assert why_not_legal("D4", 6) is None and why_not_legal("C3", 1) is None


@pytest.mark.parametrize("text,message", [
    ("F7", "F7 is not a space (rows A-E, columns 1-5)"),
    ("A6", "A6 is not a space"), ("", "an empty name is not a space"),
    (3, "a space is a name such as C3"),
])
def test_bad_space_names(text, message):
    with pytest.raises(TablesideError, match=re.escape(message)):
        parse_space(text)


def test_space_names_are_forgiving_about_case_and_blanks():
    assert parse_space(" c3 ") == "C3"


@pytest.mark.parametrize("roll", [0, 7, True, 2.0, "3", None])
def test_bad_rolls(roll):
    with pytest.raises(TablesideError):
        spaces_for_roll(roll)
