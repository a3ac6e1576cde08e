"""A short load test of `tableside serve`: many phones on a few games, with photos.

    .venv/bin/python benchmarks/load.py [--seconds 60] [--clients 20] [--games 5]

Starts the server on a free loopback port with a temporary data directory (127.0.0.1 only;
nothing else is contacted), runs the clients for --seconds, stops everything by itself and
prints: requests and errors by kind, actions lost or duplicated (read back from the games:
must be 0), p50/p95 per route, and the server's peak memory (VmHWM of its process).

Each client is a phone with its own session: it loads its game (with the hint, as the page
does), uploads a photo of the table before each deal and now and then mid-frame (the
`sample_images/` photos, with the game id, as the page sends them), then reports a deal, a
turned-up card, a play, the end of a ball or an undo, always with the game's "version".  Four
clients share each game, so they race: a 409 (someone else acted first) is the guard working,
not an error; nor is a 503 "busy" for a photo beyond the two read at once and four waiting
(counted apart).  A finished game is replaced by a new one.
"""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.bowling.cards import DECK  # noqa: E402
from assistant.bowling.layout import PINS  # noqa: E402
from assistant.web.limits import RECOGNITIONS_AT_ONCE, RECOGNITIONS_WAITING  # noqa: E402

PHOTOS = sorted((ROOT / "sample_images").glob("fresh_*.jpg")) + \
    sorted((ROOT / "sample_images").glob("mid_*.jpg"))


def start_server(data: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data", str(data)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    deadline = time.time() + 60
    while time.time() < deadline:
        line = proc.stdout.readline()
        lines.append(line)
        if not line or line.startswith("Press Ctrl+C"):
            break
    m = re.search(r"On this computer: (http://127\.0\.0\.1:\d+)/", "".join(lines))
    if not m:
        proc.kill()
        raise SystemExit("tableside serve did not start:\n" + "".join(lines))
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()  # drain
    return proc, m.group(1)


def memory_of(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in MB."""
    text = Path(f"/proc/{pid}/status").read_text()
    return {k: int(re.search(k + r":\s+(\d+)", text).group(1)) // 1024 for k in ("VmRSS", "VmHWM")}


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = defaultdict(list)
        self.status: Counter = Counter()
        self.errors: list[str] = []
        # per game: (version after, action or "undo") for every acknowledged write
        self.acked: dict[str, list[tuple[int, object]]] = defaultdict(list)

    def record(self, route: str, status: int, seconds: float, error: str | None = None):
        with self.lock:
            self.times[route].append(seconds)
            self.status[(route, status)] += 1
            if error and len(self.errors) < 20:
                self.errors.append(f"{route} {status}: {error}")


class Phone:
    """One client: its own cookies and CSRF token."""

    def __init__(self, base: str, stats: Stats):
        self.base, self.stats = base, stats
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.token = self.call("GET", "/api/csrf", route="GET /api/csrf")[1]["csrf_token"]

    def call(self, method, path, body=None, route=None, files=None, ok=(200, 201, 409)):
        headers = {"X-CSRFToken": getattr(self, "token", "")}
        data = None
        if files is not None:
            boundary = "----tableside%d" % random.randrange(10 ** 12)
            parts = []
            for name, value in files.items():
                if isinstance(value, bytes):
                    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                                 'filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'.encode()
                                 + value + b"\r\n")
                else:
                    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; '
                                 f'name="{name}"\r\n\r\n{value}\r\n'.encode())
            data = b"".join(parts) + f"--{boundary}--\r\n".encode()
            headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        started = time.perf_counter()
        try:
            with self.opener.open(req, timeout=60) as r:
                status, payload = r.status, r.read()
        except urllib.error.HTTPError as e:
            status, payload = e.code, e.read()
        except OSError as e:
            self.stats.record(route or path, 0, time.perf_counter() - started, repr(e))
            return 0, None
        seconds = time.perf_counter() - started
        try:
            out = json.loads(payload)
        except ValueError:
            out = None
        error = None if status in ok else (out or {}).get("error", payload[:200])
        self.stats.record(route or path, status, seconds, error)
        return status, out


def unseen_values(turn: dict) -> list[int]:
    """Values of cards not in sight (what a turned-up card can be)."""
    seen = Counter(turn["pin_values"][p] for p in turn["standing"])
    seen.update(q["top"] for q in turn["table"]["piles"] if q["top"] is not None)
    seen.update(turn["table"]["out"])
    left = Counter(DECK) - seen
    return sorted(left.elements())


def next_action(game: dict, rng: random.Random) -> dict:
    turn = game["turn"]
    if turn["awaiting"] == "deal":
        deck = list(DECK)
        rng.shuffle(deck)
        return {"type": "deal", "pins": dict(zip(PINS, deck[:10])), "tops": deck[10:13]}
    if turn["awaiting"] == "reveal":
        return {"type": "reveal", "pile": turn["pending_reveals"][0],
                "value": rng.choice(unseen_values(turn))}
    if game["actions"] and rng.random() < 0.04:
        return {"type": "undo"}
    if turn["legal_plays"] and rng.random() < 0.85:
        return {"type": "play", **rng.choice(turn["legal_plays"])}
    return {"type": "end_ball"}


class Slots:
    """The game each group of clients plays; a finished one is replaced."""

    def __init__(self, phone: Phone, n: int):
        self.lock = threading.Lock()
        self.ids = [self._new(phone) for _ in range(n)]
        self.all = list(self.ids)

    @staticmethod
    def _new(phone: Phone) -> str:
        status, body = phone.call("POST", "/api/games", {"players": ["Ann", "Bob"]},
                                  route="POST /api/games")
        if status != 201:
            raise SystemExit(f"cannot create a game: {status} {body}")
        return body["id"]

    def finished(self, slot: int, game_id: str, phone: Phone) -> None:
        with self.lock:
            if self.ids[slot] == game_id:
                self.ids[slot] = self._new(phone)
                self.all.append(self.ids[slot])


def client(base: str, slots: Slots, slot: int, stats: Stats, until: float, seed: int,
           photos: list[bytes]) -> None:
    rng = random.Random(seed)
    phone = Phone(base, stats)
    while time.time() < until:
        gid = slots.ids[slot]
        status, game = phone.call("GET", f"/api/games/{gid}?hint=1", route="GET /api/games/<id>")
        if status != 200:
            time.sleep(0.2)
            continue
        if game["over"]:
            slots.finished(slot, gid, phone)
            continue
        awaiting = game["turn"]["awaiting"]
        if photos and (awaiting == "deal" or rng.random() < 0.03):
            phone.call("POST", "/api/recognize", route="POST /api/recognize", ok=(200, 400),
                       files={"photo": rng.choice(photos), "game": gid})
        time.sleep(rng.uniform(0.05, 0.3))             # a player looks, then taps
        action = next_action(game, rng)
        status, out = phone.call("POST", f"/api/games/{gid}/actions?hint=1",
                                 {**action, "version": game["version"]},
                                 route="POST /api/games/<id>/actions", ok=(200, 400, 409))
        if status == 200:
            with stats.lock:
                stats.acked[gid].append((out["version"], action))


def check_games(data: Path, stats: Stats, game_ids: list[str]) -> tuple[int, int]:
    """Replay the acknowledged writes of each game in version order (an action appends, an
    undo drops the last) and compare with the stored log: (lost, duplicated) actions."""
    db = sqlite3.connect(data / "tableside.sqlite3")
    lost = duplicated = 0
    for gid in game_ids:
        acked = sorted(stats.acked.get(gid, []), key=lambda va: va[0])
        versions = [v for v, _ in acked]
        duplicated += len(versions) - len(set(versions))
        expected: list = []
        for _, action in acked:
            if action == {"type": "undo"}:
                expected.pop()
            else:
                expected.append(action)
        stored = [json.loads(a) for (a,) in db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (gid,))]
        (version,) = db.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone()
        if version != len(acked) or stored != expected:
            same = sum(1 for a, b in zip(stored, expected) if a == b)
            lost += max(len(expected) - same, version - len(acked), 0)
            duplicated += max(len(stored) - same, 0)
    db.close()
    return lost, duplicated


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--no-photos", action="store_true",
                    help="no uploads: what the games and hints alone cost")
    args = ap.parse_args(argv)
    if not 1 <= args.seconds <= 600 or not 1 <= args.clients <= 100 or not 1 <= args.games:
        ap.error("--seconds 1..600, --clients 1..100, --games at least 1")
    photos = [] if args.no_photos else [p.read_bytes() for p in PHOTOS[:6]]
    if not photos and not args.no_photos:
        ap.error("no photos in sample_images/")
    stats = Stats()
    with tempfile.TemporaryDirectory(prefix="tableside-load-") as tmp:
        data = Path(tmp) / "data"
        proc, base = start_server(data)
        try:
            baseline = memory_of(proc.pid)
            slots = Slots(Phone(base, stats), args.games)
            until = time.time() + args.seconds
            threads = [threading.Thread(target=client, daemon=True,
                                        args=(base, slots, i % args.games, stats, until, i, photos))
                       for i in range(args.clients)]
            started = time.time()
            for t in threads:
                t.start()
            for t in threads:
                t.join(args.seconds + 120)
            elapsed = time.time() - started
            peak = memory_of(proc.pid)["VmHWM"]
            time.sleep(3)                       # then idle: what is given back
            memory = {**memory_of(proc.pid), "VmHWM": peak}
        finally:
            proc.terminate()
            proc.wait(20)
        lost, duplicated = check_games(data, stats, slots.all)

    total = sum(stats.status.values())
    busy = sum(n for (route, status), n in stats.status.items() if status == 503)
    bad = {k: n for k, n in stats.status.items()
           if k[1] not in (200, 201, 503) and not (k[1] == 409 and "actions" in k[0])
           and not (k[1] == 400 and k[0] in ("POST /api/recognize", "POST /api/games/<id>/actions"))}
    print(f"{args.clients} clients on {args.games} games at a time ({len(slots.all)} games in "
          f"all), {elapsed:.0f} s: {total} requests, {total / elapsed:.1f}/s")
    print(f"acknowledged writes: {sum(len(v) for v in stats.acked.values())}; "
          f"lost actions: {lost}; duplicated actions: {duplicated}")
    print("answers: " + ", ".join(f"{route} {status}: {n}"
                                  for (route, status), n in sorted(stats.status.items())))
    unexpected = [e for e in stats.errors if " 503: " not in e]
    print(f"errors: {sum(bad.values())}" + (" — " + "; ".join(unexpected[:5]) if bad else ""))
    print(f"busy, try again (503: photos beyond {RECOGNITIONS_AT_ONCE} at once and {RECOGNITIONS_WAITING} waiting): {busy}")
    print(f"{'route':34} {'n':>6} {'p50 ms':>8} {'p95 ms':>8}")
    for route, times in sorted(stats.times.items()):
        print(f"{route:34} {len(times):6} {percentile(times, .5) * 1e3:8.0f} "
              f"{percentile(times, .95) * 1e3:8.0f}")
    print(f"server memory: {baseline['VmRSS']} MB at start, peak {memory['VmHWM']} MB, "
          f"{memory['VmRSS']} MB 3 s after the last request")
    return 1 if lost or duplicated or bad else 0


if __name__ == "__main__":
    sys.exit(main())
