"""`tableside play` through standard input: each log line and the sheet once, "Game over."
on its own line, an empty line just asks again, a solo game's final score, pins written
letter=card."""
import re

from .test_core_cli import run


def after_last_prompt(out: str) -> str:
    return out.rsplit("> ", 1)[1]


def test_the_end_of_a_solo_game_is_said_once_and_plainly():
    r = run("play", "--seed", "2", stdin="end\n" * 40)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    for k in range(1, 11):
        assert out.count(f"Player: frame {k}.\n") == 1, k
    tail = after_last_prompt(out)
    lines = tail.splitlines()
    assert "Game over." in lines                        # its own line, not the sheet's header
    assert sum(line.lstrip().startswith("|  1  |") for line in lines) <= 1
    assert tail.count("|total") == 1                    # the sheet once
    assert lines[-1] == "Final score: 0."
    assert "Winner" not in out
    # no log line of the last frame repeated
    for line in lines:
        if line.startswith(("First ball over", "Second ball over")):
            assert tail.count(line) == 1, line


def test_a_log_line_is_not_printed_twice_when_a_frame_ends():
    r = run("play", "--seed", "3", stdin="end\nend\nquit\n")
    out = r.stdout
    assert out.count("Player: frame 1.") == 1
    assert out.count("First ball over") == 1
    assert out.count("Second ball over") == 1


def test_an_empty_line_asks_again_without_a_complaint():
    r = run("play", "--seed", "3", stdin="\n   \nquit\n")
    assert r.returncode == 0, r.stderr
    assert "is not a play" not in r.stdout and "Not allowed" not in r.stdout
    assert r.stdout.count("Player, ball 1:") == 1        # the table is not drawn again
    assert "> > > " in r.stdout


def test_two_players_end_with_the_winner_and_the_score():
    r = run("play", "--seed", "2", "--players", "Ann,Bob", stdin="end\n" * 80)
    assert re.search(r"^(Winner: (Ann|Bob) with \d+\.|A tie at \d+: Ann and Bob\.)$",
                     r.stdout, re.M), r.stdout[-400:]


def test_pins_and_piles_are_written_letter_equals_card():
    r = run("play", "--seed", "3", stdin="quit\n")
    table = r.stdout.split("Player, ball 1:\n", 1)[1].split("\n> ", 1)[0].splitlines()
    cells = re.findall(r"\b([A-J])=(\S+)", "\n".join(table[:4]))
    assert [c[0] for c in cells] == list("ABCDEFGHIJ")
    for _, card in cells:
        assert re.fullmatch(r"A\(1\)|10\(0\)|[2-9]", card), card
    assert "H=10(0)" in table[2]
    assert re.fullmatch(r"  pile 1: A\(1\), 4 under   pile 2: 9, 2 under   pile 3: 8, 1 under",
                        table[4])
