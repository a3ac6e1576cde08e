"""The README's `tableside legal` commands, run on the files under examples/, print what it shows."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_legal_example_matches():
    readme = (ROOT / "README.md").read_text()
    m = re.search(r"\$ tableside legal (examples/\S+)\n(\{.*\})\n", readme)
    assert m, "the README's legal example"
    exe = Path(sys.executable).with_name("tableside")
    r = subprocess.run([str(exe), "legal", m.group(1)], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == json.loads(m.group(2))


def test_every_example_is_a_valid_state():
    exe = Path(sys.executable).with_name("tableside")
    for path in sorted((ROOT / "examples").glob("*.json")):
        r = subprocess.run([str(exe), "legal", str(path)], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0, (path.name, r.stderr)
