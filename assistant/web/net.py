"""The address a phone on the same network should open."""
from __future__ import annotations

import io
import socket

import segno


def lan_ip() -> str:
    """This machine's address on the local network, or 127.0.0.1.

    Connecting a UDP socket sends nothing: it only asks the kernel which
    interface would route to a private address, and that interface's address
    is ours.  A hostname lookup is the fallback.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                ip = s.getsockname()[0]
            if ip and not ip.startswith(("127.", "0.")):
                return ip
        except OSError:
            continue
    try:
        ip = socket.gethostbyname(socket.gethostname())
        if not ip.startswith(("127.", "0.")):
            return ip
    except OSError:
        pass
    return "127.0.0.1"


def url_for_host(host: str, port: int) -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def lan_url(bound_host: str, port: int) -> str:
    """The URL phones should open for a server bound to `bound_host`."""
    if bound_host in ("0.0.0.0", "", "::"):
        return url_for_host(lan_ip(), port)
    return url_for_host(bound_host, port)


def qr_svg(url: str) -> str:
    """The URL as an inline SVG QR code (no XML declaration, scalable)."""
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", xmldecl=False, svgns=True, scale=1,
                                    border=2, dark="#2b2118", light="#fffdf8",
                                    svgclass="qr", omitsize=True, title="QR code: " + url)
    return buf.getvalue().decode("utf-8")


def qr_terminal(url: str, out=None) -> None:
    segno.make(url, error="m").terminal(out=out, compact=True)
