"""What a request may cost the server: photo bombs, photos at once, body sizes, idle sockets,
deep JSON, a locked database, foreign Host headers, and stale CSRF tokens."""
from __future__ import annotations

import io
import json
import os
import re
import socket
import struct
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path

import pytest

from assistant.web import limits

ROOT = Path(__file__).resolve().parents[2]


def png_declaring(w: int, h: int, full: bool = False) -> bytes:
    """A PNG declaring w x h pixels: a few bytes of rows (a bomb), or all of them (full) in one
    green, which compresses to almost nothing too."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    z = zlib.compressobj(9)
    row = b"\0" + bytes([60, 140, 90]) * w
    rows = b"".join(z.compress(row) for _ in range(h if full else 1)) + z.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def jpeg_declaring(w: int, h: int) -> bytes:
    import cv2
    import numpy as np
    data = bytearray(cv2.imencode(".jpg", np.full((16, 16, 3), 128, np.uint8))[1].tobytes())
    i = data.index(b"\xff\xc0")
    data[i + 5:i + 9] = struct.pack(">HH", h, w)
    return bytes(data)


def upload(api, data: bytes, name="photo.png"):
    return api.post("/api/recognize", data={"photo": (io.BytesIO(data), name)},
                    content_type="multipart/form-data")


# ---- photos ----------------------------------------------------------------------

@pytest.mark.parametrize("make", [png_declaring, jpeg_declaring])
def test_a_bomb_is_refused_with_413_at_once(api, make):
    started = time.perf_counter()
    r = upload(api, make(30000, 30000))
    assert r.status_code == 413
    assert "30000x30000 pixels" in r.get_json()["error"]
    assert time.perf_counter() - started < 1


def test_at_most_two_recognitions_at_once_and_the_rest_wait_or_hear_busy(app, monkeypatch,
                                                                        sample_photo):
    import recognizer
    running, most, lock = [0], [0], threading.Lock()

    def slow(data, expect=None):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.3)
        with lock:
            running[0] -= 1
        raise recognizer.RecognitionError("no cards found")

    monkeypatch.setattr(recognizer, "recognize", slow)
    statuses = []

    def post():
        client = app.test_client()
        token = client.get("/api/csrf").get_json()["csrf_token"]
        r = client.post("/api/recognize", data={"photo": (io.BytesIO(sample_photo), "p.jpg")},
                        headers={"X-CSRFToken": token}, content_type="multipart/form-data")
        statuses.append((r.status_code, r.get_json()["error"]))

    threads = [threading.Thread(target=post) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert most[0] == 2
    assert [s for s, _ in statuses] == [400] * 6          # all waited their turn
    monkeypatch.setattr(limits, "RECOGNITION_WAIT_SECONDS", 0.1)
    statuses.clear()
    threads = [threading.Thread(target=post) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    busy = [e for s, e in statuses if s == 503]
    assert most[0] == 2 and len(statuses) == 8 and len(busy) >= 4
    assert all(e.startswith("busy") for e in busy)


# ---- JSON bodies -----------------------------------------------------------------

def test_deep_json_is_a_clear_400_not_a_500(api):
    r = api.post("/api/hint", data="[" * 100_000, content_type="application/json")
    assert r.status_code == 400
    assert "nested too deeply" in r.get_json()["error"]
    gid = api.new_game()
    r = api.post(f"/api/games/{gid}/actions", data='{"type": ' + "{" * 50_000,
                 content_type="application/json")
    assert r.status_code == 400 and "nested too deeply" in r.get_json()["error"]


def test_deep_json_in_the_cli(tmp_path, capsys):
    from assistant.cli import main
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert main(["hint", str(deep)]) == 2
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "internal error" not in err


def test_an_oversized_json_body_does_not_talk_about_photos(api):
    r = api.post("/api/games", data=json.dumps({"players": ["A" * (limits.MAX_JSON_BYTES + 10)]}),
                 content_type="application/json")
    assert r.status_code == 413
    msg = r.get_json()["error"]
    assert "photo" not in msg and "KB" in msg


# ---- the database ----------------------------------------------------------------

def test_a_write_lock_held_by_another_process_is_a_503(app, api, monkeypatch):
    from assistant.web import db
    gid = api.new_game()
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "db.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(10)",
         app.config["DATABASE"]], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        r = api.post(f"/api/games/{gid}/actions", {"type": "end_ball"})
        assert r.status_code == 503
        assert r.get_json()["error"].startswith("busy, try again")
        r = api.post("/api/games", {"players": ["Bo"]})
        assert r.status_code == 503
    finally:
        holder.kill()
        holder.wait()
    assert api.post("/api/games", {"players": ["Bo"]}).status_code == 201


# ---- Host and CSRF ---------------------------------------------------------------

def test_only_announced_hosts_are_answered(app, api):
    c = app.test_client()
    for host in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000", "192.168.1.5",
                 "10.0.0.7:8000"):
        assert c.get("/api/games", headers={"Host": host}).status_code == 200, host
    for host in ("evil.example", "evil.example:8000", "localhost.evil.example", "",
                 "192.168.1.5.nip.io:8000"):
        r = c.get("/api/games", headers={"Host": host})
        assert r.status_code == 400, host
        assert "only to the addresses it shows" in r.get_json()["error"]
    assert c.get("/", headers={"Host": "evil.example"}).status_code == 400
    app.config["ALLOWED_HOSTS"] = set(app.config["ALLOWED_HOSTS"]) | {"tableside.lan"}
    assert c.get("/api/games", headers={"Host": "tableside.lan:8000"}).status_code == 200


def test_a_token_from_another_session_is_not_called_missing(app):
    a, b = app.test_client(), app.test_client()
    token_a = a.get("/api/csrf").get_json()["csrf_token"]
    b.get("/api/csrf")
    r = b.post("/api/games", json={"players": ["Ann"]}, headers={"X-CSRFToken": token_a})
    assert r.status_code == 400
    assert "expired or from another session" in r.get_json()["error"]
    fresh = app.test_client()                      # no session cookie at all
    r = fresh.post("/api/games", json={"players": ["Ann"]}, headers={"X-CSRFToken": token_a})
    assert "expired or from another session" in r.get_json()["error"]
    r = b.post("/api/games", json={"players": ["Ann"]})
    assert "security token is missing" in r.get_json()["error"]


# ---- waitress --------------------------------------------------------------------

@pytest.fixture
def served(tmp_path):
    """`tableside serve` on a free loopback port: (process, port)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "assistant.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data", str(tmp_path / "data")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}, cwd=ROOT)
    lines, deadline = [], time.time() + 30
    while time.time() < deadline:
        line = proc.stdout.readline()
        lines.append(line)
        if not line or line.startswith("Press Ctrl+C"):
            break
    m = re.search(r"On this computer: http://127\.0\.0\.1:(\d+)/", "".join(lines))
    if not m:
        proc.kill()
        raise AssertionError("tableside serve did not start:\n" + "".join(lines))
    yield proc, int(m.group(1))
    proc.terminate()
    proc.wait(10)


@pytest.fixture
def server(served):
    return served[1]


def get(port: int, path: str = "/api/games", timeout: float = 10) -> tuple[int, float]:
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
                  .encode())
        head = s.recv(64)
    return int(head.split()[1]), time.perf_counter() - started


def test_idle_sockets_do_not_starve_a_real_client(server):
    """120 connections that send nothing (the old limit was 100, closed after 120 s): a real
    request is still answered at once, and the idle ones are closed within seconds."""
    idle = []
    try:
        for _ in range(120):
            s = socket.create_connection(("127.0.0.1", server), timeout=5)
            idle.append(s)
        time.sleep(0.5)
        status, seconds = get(server)
        print(f"answered in {seconds:.3f} s beside 120 idle sockets")
        assert status == 200 and seconds < 3, seconds
        deadline = time.time() + limits.CHANNEL_TIMEOUT + 5
        closed = 0
        for s in idle:
            s.settimeout(max(0.1, deadline - time.time()))
            try:
                closed += s.recv(1) == b""
            except (socket.timeout, ConnectionResetError):
                pass
        assert closed == len(idle)
        status, seconds = get(server)
        assert status == 200 and seconds < 3
    finally:
        for s in idle:
            s.close()


def test_an_oversized_body_is_refused_before_it_is_sent(server):
    with socket.create_connection(("127.0.0.1", server), timeout=10) as s:
        started = time.perf_counter()
        s.sendall(f"POST /api/recognize HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
                  "Content-Type: multipart/form-data; boundary=x\r\n"
                  "Content-Length: 300000000\r\n\r\n".encode())
        head = s.recv(256)
        seconds = time.perf_counter() - started
        print(f"413 after {seconds * 1e3:.1f} ms, none of the 300 MB sent")
        assert head.split()[1] == b"413"
        assert seconds < 3


def test_commits_are_fsynced(app):
    """synchronous=FULL (2): an answered action survives a power cut, not only a crash."""
    from assistant.web.db import connect
    assert connect(app.config["DATABASE"]).execute("PRAGMA synchronous").fetchone()[0] == 2


def test_memory_comes_back_after_large_photos(served, tmp_path):
    """Two phones each send two 49 MP PNGs (150 MB each as pixels) at once to the real,
    threaded server: the peak shows they were decoded, and once they are answered the
    resident memory is back near where it was (glibc's per-thread arenas used to keep it)."""
    proc, port = served
    big = png_declaring(7000, 7000, full=True)

    def memory():
        text = Path(f"/proc/{proc.pid}/status").read_text()
        return [int(re.search(k + r":\s+(\d+)", text).group(1)) // 1024 for k in ("VmRSS", "VmHWM")]

    def post(results):
        import http.client
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        conn.request("GET", "/api/csrf")
        r = conn.getresponse()
        token = json.loads(r.read())["csrf_token"]
        cookie = r.getheader("Set-Cookie").split(";")[0]
        body = (b"--x\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\n"
                b"Content-Type: image/png\r\n\r\n" + big + b"\r\n--x--\r\n")
        for _ in range(2):
            conn.request("POST", "/api/recognize", body=body, headers={
                "Cookie": cookie, "X-CSRFToken": token,
                "Content-Type": "multipart/form-data; boundary=x"})
            r = conn.getresponse()
            r.read()
            results.append(r.status)
        conn.close()

    warm = memory()[0]
    results: list[str] = []
    threads = [threading.Thread(target=post, args=(results,)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    time.sleep(1)
    after, peak = memory()
    assert results == [400] * 4                        # "no cards found": decoded, then read
    assert peak - warm > 140, (warm, after, peak)
    # back far below one decoded photo (147 MB): what stays is the recogniser's working buffers
    # at its reading resolution (image_io.DETAIL_LONG; 81-84 MB measured at 2200 px, under 80 at 1700)
    assert after - warm < 100, (warm, after, peak)


def test_deep_json_for_a_printed_sheet(tmp_path, capsys):
    from assistant.cli import main
    deep = tmp_path / "deep.json"
    deep.write_text('{"players": ' + "[" * 100_000)
    assert main(["print", "sheet", str(deep), "--out", str(tmp_path / "s.pdf")]) == 2
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "internal error" not in err


def test_a_flood_past_the_connection_limit_delays_a_request_by_seconds_only(server):
    """More silent sockets than the server holds: it stops accepting until the idle ones are
    closed (5 s without a byte), so a real request waits seconds, where waitress's defaults
    (100 connections, 120 s) froze it for two minutes."""
    idle = []
    try:
        for _ in range(limits.CONNECTION_LIMIT + 20):
            idle.append(socket.create_connection(("127.0.0.1", server), timeout=5))
        time.sleep(0.5)
        status, seconds = get(server, timeout=30)
        assert status == 200
        print(f"answered after {seconds:.2f} s behind {len(idle)} idle sockets")
        assert seconds < limits.CHANNEL_TIMEOUT + 4, seconds
    finally:
        for s in idle:
            s.close()
