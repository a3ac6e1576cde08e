"""What every command group shares: reading a JSON argument, the rules-variant option,
a group's own help.

Kept apart from the dispatcher (`assistant/cli/__init__.py`) so a group module
imports these without importing the dispatcher that imports it.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from ..bowling.rules import Variant, variant_of
from ..common import TablesideError
from ..json_depth import check_depth
from ..pyramid.rules import PRESETS


def group_help(parser) -> int:
    """`tableside GROUP` with no command: the group's help, and status 2 (nothing was done)."""
    parser.print_help()
    return 2


def read_json_arg(path: str) -> Any:
    """Read JSON from a file path or '-' (standard input) with a clear message on failure."""
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as e:
        raise TablesideError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise TablesideError(f"{path} is not a text file") from None
    where = "standard input" if path == "-" else path
    check_depth(text, where)            # json.loads would recurse past Python's stack
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise TablesideError(f"{where} is not valid JSON ({e.msg}, line {e.lineno})") from None


def add_variant_option(parser) -> None:
    parser.add_argument("--variant", choices=[v.value for v in Variant], default="sackson",
                        help="rule set: sackson (1969, default) or german (first play takes F "
                             "only with H or I)")


def variant_arg(args) -> Variant:
    """The rules variant the --variant option names."""
    return variant_of(args.variant)


def add_rules_options(parser) -> None:
    """--rules NAME --set k=v,...: the same rules options on every pyramid command."""
    parser.add_argument("--rules", default="seed", metavar="NAME",
                        help=f"preset rules: {', '.join(PRESETS)} (default seed)")
    parser.add_argument("--set", default="", metavar="K=V,...",
                        help="rule switches, e.g. draw=three_piles,passes=3,overlap_pairs=true")
