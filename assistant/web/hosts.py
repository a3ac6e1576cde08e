"""The Host check against DNS rebinding.

There is no login: anyone on the Wi-Fi may play.  A web page on the internet that a player
opens could still reach the server through DNS rebinding (its own name made to resolve to
192.168.1.5), and then read and change every game, since to the browser that is the page's
own origin.  Such a request carries the attacker's name in its Host header, so only the
names the server announces are answered: localhost, this computer's name (and name.local),
the name given to --host, and IP literals.  An IP literal cannot be rebound: a page at
http://192.168.1.5 is that server's own origin.  Anything else is a 400.
"""
from __future__ import annotations

import ipaddress
import socket
from typing import Iterable

from flask import abort, current_app, request


def default_names() -> set[str]:
    names = {"localhost"}
    try:
        me = socket.gethostname().strip().lower()
    except OSError:
        me = ""
    if me:
        names |= {me, me.split(".")[0] + ".local"}
    return names


def hostname_of(host: str) -> str:
    """The Host header's name without its port: "[::1]:8000" -> "::1", "a.b:80" -> "a.b"."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def host_allowed(host: str, names: Iterable[str]) -> bool:
    name = hostname_of(host)
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in {n.lower() for n in names}


def check_host() -> None:
    """before_request: refuse a Host this server does not announce."""
    names = current_app.config["ALLOWED_HOSTS"]
    host = request.headers.get("Host", "")
    if not host_allowed(host, names):
        abort(400, description="this server answers only to the addresses it shows "
                               "(open the address printed by `tableside serve`)")
