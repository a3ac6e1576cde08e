"""Every bad input gives RecognitionError (a ValueError) with a clear one-line message."""
import numpy as np
import pytest

from recognizer import RecognitionError, recognize


@pytest.mark.parametrize("name,needle", [
    ("not_an_image.jpg", "not an image"),
    ("empty.jpg", "empty file"),
    ("tiny.png", "too small"),
    ("no_cards.jpg", "no cards"),
    ("one_card.jpg", "too few cards"),
    ("two_layouts.jpg", "more than one layout"),
])
def test_bad_input_files(samples, name, needle):
    with pytest.raises(RecognitionError) as e:
        recognize(str(samples / "bad" / name))
    msg = str(e.value)
    assert needle in msg
    assert "\n" not in msg
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("name,least", [("one_card.jpg", 1), ("two_layouts.jpg", 12)])
def test_no_layout_still_says_what_was_seen(samples, name, least):
    """Too few cards, or two layouts: the error carries the cards that were found, for the
    overlay that shows the player why (and the CLI prints them, exit 0); a readable photo with
    no card in it carries an empty reading; input that is no image carries none."""
    with pytest.raises(RecognitionError) as e:
        recognize(str(samples / "bad" / name))
    assert e.value.partial is not None and len(e.value.partial.cards) >= least
    with pytest.raises(RecognitionError) as e:
        recognize(str(samples / "bad" / "no_cards.jpg"))
    assert e.value.partial is not None and e.value.partial.cards == []
    with pytest.raises(RecognitionError) as e:
        recognize(str(samples / "bad" / "not_an_image.jpg"))
    assert e.value.partial is None


def test_tiny_image_message_says_the_minimum():
    with pytest.raises(RecognitionError, match=r"120x90.*at least 200"):
        recognize(np.zeros((90, 120, 3), np.uint8))


def test_non_image_bytes_and_wrong_types():
    with pytest.raises(RecognitionError, match="not an image"):
        recognize(b"GIF89a but not really")
    with pytest.raises(RecognitionError, match="not an image"):
        recognize(12345)
    with pytest.raises(RecognitionError, match="empty file"):
        recognize(b"")


def test_truncated_heic(samples):
    data = (samples / "fresh_orell_7_0000.heic").read_bytes()[:3000]
    with pytest.raises(RecognitionError, match="not an image: the HEIC file cannot be decoded") as e:
        recognize(data)
    assert "\n" not in str(e.value)


def test_missing_file():
    with pytest.raises(RecognitionError, match="cannot read"):
        recognize("/nonexistent/photo.jpg")


def test_a_layout_too_far_off_says_to_step_closer(far_layout):
    """The far sample shrunk to 38 % in a 12 MP frame of table: the layout fills a sixth of
    the picture, too small to read.  The player is told what to do, not only that nothing
    was found."""
    with pytest.raises(RecognitionError, match="close enough that the whole layout fills most of the picture"):
        recognize(far_layout(0.38))
