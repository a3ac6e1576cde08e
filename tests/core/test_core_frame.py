"""The frame tracker: the 1969 sample frame, reveals checked against the deck, ball ends."""
import pytest

from assistant.bowling.frame import Frame, FrameError, _Pile
from assistant.bowling.layout import PINS

SAMPLE_PINS = dict(zip(PINS, [2, 7, 1, 7, 2, 9, 5, 1, 8, 6]))


def sample_dealt():
    # Piles top first, 10 counting as 0: pile 1 10,5,8,3,6; pile 2 10,3,9; pile 3 4,4.
    return Frame(dict(SAMPLE_PINS),
                 [_Pile(0, 4, [5, 8, 3, 6]), _Pile(0, 2, [3, 9]), _Pile(4, 1, [4])])


def play_sample(frame, report=None):
    frame.play(1, "FH")            # pile 1's 10 takes H+F
    if report: report(1, 5)
    frame.play(1, "BCD")           # its 5 takes B+C+D
    if report: report(1, 8)
    frame.play(3, "AE")            # pile 3's 4 takes A+E
    if report: report(3, 4)
    assert frame.ball == 1 and frame.taken[0] == 7
    frame.end_ball()               # discards 8, 10, 4
    if report:
        report(1, 3)
        report(2, 3)
    assert [p.top for p in frame.piles] == [3, 3, None]
    frame.play(1, "GI")            # pile 1's 3 takes G+I
    if report: report(1, 6)
    frame.play(1, "J")             # its 6 takes J


def test_1969_sample_frame_dealt_ends_in_spare_of_7_then_3():
    f = sample_dealt()
    play_sample(f)
    assert f.over and f.spare and not f.strike
    assert f.pins_by_ball == [7, 3] and f.rolls() == [7, 3]
    assert sorted(f.out) == sorted([0, 9, 1, 5, 7, 1, 7, 4, 2, 2, 8, 0, 4, 3, 5, 8, 6, 6])


def test_1969_sample_frame_on_the_table_with_reported_cards():
    f = Frame.from_table(SAMPLE_PINS, [0, 0, 4])
    play_sample(f, report=f.reveal)
    assert f.spare and f.rolls() == [7, 3]


def test_table_frame_waits_for_the_turned_up_card():
    f = Frame.from_table(SAMPLE_PINS, [0, 0, 4])
    f.play(1, "FH")
    assert f.pending_reveals == [1]
    with pytest.raises(FrameError, match="first say which card is now face up on pile 1"):
        f.play(2, "BCD")
    with pytest.raises(FrameError, match="first say"):
        f.state()


def test_reveal_is_checked_against_the_deck():
    f = Frame.from_table(SAMPLE_PINS, [0, 0, 4])
    f.play(1, "FH")
    # Both 7s are pins B and D: there is no third 7.
    with pytest.raises(FrameError, match="cannot show a 7: both 7s are already in sight"):
        f.reveal(1, 7)
    with pytest.raises(FrameError, match="pile 2 has no newly turned-up card"):
        f.reveal(2, 5)
    with pytest.raises(FrameError, match="not a card value"):
        f.reveal(1, 12)
    f.reveal(1, 5)
    assert f.piles[0].top == 5 and f.piles[0].down == 3


def test_refused_play_changes_nothing():
    f = sample_dealt()
    before = (f.standing, list(f.out), [p.top for p in f.piles])
    with pytest.raises(FrameError, match="back-row"):
        f.play(2, "ABC")
    with pytest.raises(FrameError, match="there is no pile 4"):
        f.play(4, "H")
    assert (f.standing, f.out, [p.top for p in f.piles]) == before


def test_ball_ends_by_itself_when_no_play_is_left():
    # No group off the back row sums to 5, 2 or 2: the first ball cannot start.
    pins = dict(zip(PINS, [5, 9, 8, 4, 7, 3, 3, 0, 0, 4]))
    f = Frame(pins, [_Pile(5, 4, [6, 6, 9, 7]), _Pile(2, 2, [1, 1]), _Pile(2, 1, [8])])
    f._settle()
    assert f.ball == 2 and f.taken == [0, 0]
    assert f.log[0].startswith("No play is left: first ball over (0 pins). Discarded 5, 2, 2")
    assert [p.top for p in f.piles] == [6, 1, 8]


def test_strike_ends_the_frame_after_the_first_ball():
    pins = dict(zip(PINS, [6, 2, 8, 1, 3, 3, 4, 4, 5, 5]))
    f = Frame(pins, [_Pile(7, 4, [7, 8, 1, 2]), _Pile(0, 2, [9, 6]), _Pile(9, 1, [0])])
    f.play(1, "EH")    # 3+4 = 7
    f.play(2, "IJ")    # 5+5 = 10, a 10 takes it
    f.play(1, "FG")    # 3+4 = 7
    f.play(1, "AB")    # 6+2 = 8
    f.play(2, "CD")    # 8+1 = 9
    assert f.over and f.strike and f.rolls() == [10]
    with pytest.raises(FrameError, match="this frame is over"):
        f.end_ball()


def test_one_ball_deal_is_over_after_its_first_ball():
    f = sample_dealt()
    f.max_balls = 1
    f.play(1, "FH")
    f.end_ball()
    assert f.over and f.rolls() == [2]
