"""What the server lets one request, or many at once, cost: the sizes, the waits and the
waitress settings, in one place.

A photo is recognised in at most RECOGNITIONS_AT_ONCE threads (each holds up to a 50 MP photo
as pixels, ~150 MB); a few more may wait for a turn, and the rest are told at once that the
server is busy, so photos can never take every worker thread from the actions and pages.
"""
from __future__ import annotations

import ctypes
import gc
import threading
from contextlib import contextmanager

MAX_UPLOAD_BYTES = 25 * 1024 * 1024     # a photo as a phone sends it (the page shrinks it first)
MAX_JSON_BYTES = 256 * 1024             # an action, a state or a new game is well under 10 KB
WORKER_THREADS = 8
RECOGNITIONS_AT_ONCE = 2                # two cores' worth; each may hold a 50 MP photo as pixels
RECOGNITIONS_WAITING = 4                # so photos never hold more than 6 of the 8 threads
RECOGNITION_WAIT_SECONDS = 8            # a turn usually comes within a second or two
CONNECTION_LIMIT = 400                  # file descriptors are 1024 by default; one each
CHANNEL_TIMEOUT = 5                     # seconds without a byte before a connection is closed

def _find_malloc_trim():
    """glibc's malloc_trim, or None on another C library (macOS, musl): memory is then given
    back whenever that allocator does so."""
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


_malloc_trim = _find_malloc_trim()
_running = threading.BoundedSemaphore(RECOGNITIONS_AT_ONCE)
_admitted = threading.BoundedSemaphore(RECOGNITIONS_AT_ONCE + RECOGNITIONS_WAITING)


@contextmanager
def recognition_slot():
    """Run the block as one of the few recognitions at once, or answer 503 "busy"."""
    from flask import abort
    if not _admitted.acquire(blocking=False):
        abort(503, description="busy reading other photos; try again in a moment")
    try:
        if not _running.acquire(timeout=RECOGNITION_WAIT_SECONDS):
            abort(503, description="busy reading other photos; try again in a moment")
        try:
            yield
        finally:
            _running.release()
            # A big photo's pixels are freed here, not whenever the collector next runs, and
            # glibc is asked to give the freed pages back (its per-thread arenas keep them).
            gc.collect()
            if _malloc_trim is not None:
                _malloc_trim(0)
    finally:
        _admitted.release()


def waitress_options(max_body: int = MAX_UPLOAD_BYTES) -> dict:
    """waitress.create_server's settings (see waitress/adjustments.py for each one's default).

    - a body larger than `max_body` (plus room for the multipart framing) is refused with 413
      as soon as its Content-Length is read, before a byte of it is received;
    - request bodies are buffered in memory up to that size, never spooled to a temporary
      file (photos never touch the disk);
    - idle connections are closed after CHANNEL_TIMEOUT seconds without a byte, checked every
      second, and up to CONNECTION_LIMIT may be open, so a flood of silent sockets delays a
      real phone by a few seconds at worst (the default 100 and 120 s froze the server);
    - poll() instead of select(), which cannot watch descriptors above 1023.
    """
    body = max_body + 1024 * 1024
    return {
        "threads": WORKER_THREADS,
        "max_request_body_size": body,
        "inbuf_overflow": body,
        "connection_limit": CONNECTION_LIMIT,
        "channel_timeout": CHANNEL_TIMEOUT,
        "cleanup_interval": 1,
        "max_request_header_size": 64 * 1024,
        "asyncore_use_poll": True,
        "ident": "tableside",
        "clear_untrusted_proxy_headers": True,
    }
