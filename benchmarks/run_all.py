"""Run every benchmark in turn (`make bench`); each prints its own figures."""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    status = 0
    for script in ("hint.py", "rank_lodo.py", "outline_errors.py", "recognize.py", "real_misses.py",
                   "pyramid_photos.py",
                   "pyramid.py"):
        path = HERE / script
        if path.exists():
            print(f"== {script}", flush=True)
            status |= subprocess.call([sys.executable, str(path), *sys.argv[1:]])
    sys.exit(status)
