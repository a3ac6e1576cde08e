"""`tableside serve`: the web app for phones on this network, with waitress.

The web app (Flask) is imported by the handler, so the other commands start without it.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..common import TablesideError


def register(subs) -> None:
    p = subs.add_parser(
        "serve", help="serve the web app to phones on this network",
        description="Serve Tableside's web app. Open the printed LAN address (or scan the "
                    "QR code) on a phone on the same Wi-Fi.")
    p.add_argument("--host", default="0.0.0.0",
                   help="address to listen on (default 0.0.0.0: every interface; "
                        "127.0.0.1 keeps it on this computer)")
    p.add_argument("--port", type=int, default=8000,
                   help="port to listen on (default 8000; 0 picks a free one)")
    p.add_argument("--data", metavar="DIR", default=None,
                   help="where games are kept (default: $TABLESIDE_DATA, else the user "
                        "data directory)")
    p.add_argument("--threads", type=int, default=None, help=argparse.SUPPRESS)  # None: WORKER_THREADS
    p.set_defaults(func=serve)


def serve(args) -> int:
    # heavy (Flask, waitress, segno): only `tableside serve` loads the web app
    import waitress

    from ..web import create_app, default_data_dir
    from ..web.limits import WORKER_THREADS, waitress_options
    from ..web.net import lan_url, qr_terminal, url_for_host

    if not 0 <= args.port <= 65535:
        raise TablesideError(f"--port must be 0..65535, not {args.port}")
    data = Path(args.data).expanduser() if args.data else default_data_dir()
    try:
        app = create_app({"DATA_DIR": str(data)})
    except OSError as e:
        raise TablesideError(f"cannot use the data directory {data}: "
                             f"{e.strerror or e}") from None
    app.config["ALLOWED_HOSTS"] = set(app.config["ALLOWED_HOSTS"]) | {args.host.lower()}
    options = {**waitress_options(app.config["MAX_CONTENT_LENGTH"]), "threads": args.threads or WORKER_THREADS}
    try:
        server = waitress.create_server(app, host=args.host, port=args.port, **options)
    except OSError as e:
        raise TablesideError(f"cannot listen on {args.host}:{args.port} ({e.strerror or e}); "
                             "is another server running? Try --port 8001") from None
    port = server.effective_port
    local = url_for_host("127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host,
                         port)
    phone = lan_url(args.host, port)
    app.config["LAN_URL"] = phone
    print(f"Tableside is running. Games are kept in {data}")
    print(f"  On this computer: {local}")
    if args.host.startswith("127.") or args.host in ("localhost", "::1"):
        print("  Listening on this computer only: phones cannot reach it "
              "(use --host 0.0.0.0 to allow them).")
    else:
        print(f"  On your phone (same Wi-Fi): {phone}")
        try:
            qr_terminal(phone, out=sys.stdout)
        except Exception:       # a terminal that cannot show it: the URL is printed anyway
            pass
    print("Press Ctrl+C to stop.", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        print("Stopped. Your games are saved.")
    finally:
        server.close()
    return 0
