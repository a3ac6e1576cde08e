"""`python -m assistant.cli ...` runs the `tableside` command."""
import sys

from . import main

sys.exit(main())
