"""`tableside serve`: options, the data dir, the LAN address and its QR code."""
from __future__ import annotations

import io
import ipaddress
import socket

from assistant.cli import build_parser, main
from assistant.web import default_data_dir
from assistant.web.net import lan_ip, lan_url, qr_svg, qr_terminal


def test_serve_is_a_subcommand_with_its_options():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.data) == ("0.0.0.0", 8000, None)
    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "9001",
                                      "--data", "/tmp/x"])
    assert (args.host, args.port, args.data) == ("127.0.0.1", 9001, "/tmp/x")
    assert callable(args.func)


def test_data_dir_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLESIDE_DATA", str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"
    monkeypatch.delenv("TABLESIDE_DATA")
    assert default_data_dir().name == "tableside"


def test_lan_address_and_qr():
    ip = lan_ip()
    assert ipaddress.ip_address(ip).version == 4
    assert lan_url("0.0.0.0", 8000) == f"http://{ip}:8000/"
    assert lan_url("192.168.1.7", 8000) == "http://192.168.1.7:8000/"
    svg = qr_svg("http://192.168.1.7:8000/")
    assert svg.startswith("<svg") and "style=" not in svg      # inline without breaking the CSP
    out = io.StringIO()
    qr_terminal("http://192.168.1.7:8000/", out=out)
    assert "█" in out.getvalue() or "▀" in out.getvalue()


def test_a_busy_port_is_one_line(tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code = main(["serve", "--host", "127.0.0.1", "--port", str(port), "--data",
                     str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err
    assert "cannot listen" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
