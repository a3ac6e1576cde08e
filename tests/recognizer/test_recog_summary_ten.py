"""A ten is shown as 10 wherever a person reads it: the recognize summary's triangle and piles."""
from assistant.cli.recognize import summary


def test_the_summary_shows_a_ten_as_10():
    d = {"image": "p.jpg", "pins": dict.fromkeys("ABCDEFGHIJ") | {"A": 0, "J": 0, "E": 7},
         "piles": [0, None, 1], "warnings": [], "seconds": 0.2}
    lines = summary(d).splitlines()
    assert lines[1].split() == ["10", ".", ".", "."]
    assert lines[4].split() == ["10"]
    assert lines[5].strip() == "piles: 1:10  2:-  3:1"
    assert not any(tok == "0" for line in lines[1:] for tok in line.split())
