"""The one exception type a user may see.

Every refusal the user can fix (an impossible card state, an illegal play, a
wrong roll) is a `TablesideError`; the CLI prints its message and exits 2, the
web app turns it into a 4xx.  It subclasses ValueError so callers that only
care about "bad input" can catch that.
"""


class TablesideError(ValueError):
    """A clear, one-line refusal of bad input."""
