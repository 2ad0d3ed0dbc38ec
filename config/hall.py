"""`bin/serve --hall`: serve the site from a laptop to the phones on the hall's network.

Finds the laptop's address on the local network by READING its interface list (`ip -4 -o addr`,
else `hostname -I`, else `ifconfig`); it sends no traffic anywhere. HALL_ADDRESS overrides it.
`python -m config.hall env PORT` prints the shell `export` lines bin/serve evaluates: HALL_SERVER
(config.settings then runs as a real server over plain http: DEBUG off, this laptop's own secret
key), the address (config.settings adds HALL_ADDRESS to ALLOWED_HOSTS), SITE_URL for the QR codes
and table links, and the address to listen on. `python -m config.hall banner` prints the boxed
address to open. `secret_key(path)` makes the hall's secret key once and reads it afterwards.
Pure standard library: no Django, no project imports; touches no database.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import secrets
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

# Interfaces that are never the hall's network: containers, virtual machines, VPN tunnels.
VIRTUAL = re.compile(r"^(lo|docker|br-|veth|virbr|vmnet|vboxnet|cni|flannel|podman|tun|tap|wg|tailscale|zt|utun)")
INET = re.compile(r"^\s*\d+:\s+(?P<iface>[^\s:]+)\s+inet\s+(?P<addr>[0-9.]+)")


def usable(address: str) -> bool:
    """An IPv4 address another device on the same network could open."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def pick(candidates: list[tuple[str, str]]) -> str | None:
    """The first usable (interface, address), private networks (home/hall wifi, hotspots) first."""
    found = [addr for iface, addr in candidates if not VIRTUAL.match(iface) and usable(addr)]
    private = [addr for addr in found if ipaddress.IPv4Address(addr).is_private]
    return (private or found or [None])[0]


def address_from_ip(text: str) -> str | None:
    """The LAN address in the output of `ip -o addr` (or `ip -4 -o addr`)."""
    return pick([(m["iface"], m["addr"]) for m in map(INET.match, text.splitlines()) if m])


def address_from_hostname(text: str) -> str | None:
    """The LAN address in the output of `hostname -I` (addresses only, no interface names)."""
    return pick([("", word) for word in text.split()])


def address_from_ifconfig(text: str) -> str | None:
    """The LAN address in the output of `ifconfig` (macOS and BSD have no `ip`)."""
    candidates, iface = [], ""
    for line in text.splitlines():
        if line and not line[0].isspace():
            iface = line.split(":", 1)[0].split()[0]
        elif m := re.match(r"\s+inet (?:addr:)?([0-9.]+)", line):
            candidates.append((iface, m[1]))
    return pick(candidates)


def _output(*command: str) -> str:
    if not shutil.which(command[0]):
        return ""
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def detect_address(environ=os.environ) -> str | None:
    """HALL_ADDRESS when set, else the first LAN address the interface list shows."""
    if environ.get("HALL_ADDRESS"):
        return environ["HALL_ADDRESS"]
    return (address_from_ip(_output("ip", "-4", "-o", "addr", "show"))
            or address_from_hostname(_output("hostname", "-I"))
            or address_from_ifconfig(_output("ifconfig")))


def listen_address() -> str:
    """'::' when IPv6 sockets also take IPv4 here (one socket for both), else '0.0.0.0'.
    Binds to port 0 locally and closes: nothing is sent."""
    if not socket.has_ipv6:
        return "0.0.0.0"
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::", 0))
            if probe.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY):
                return "0.0.0.0"
    except OSError:
        return "0.0.0.0"
    return "::"


def hall_env(port: int, environ=os.environ) -> dict[str, str]:
    """The variables bin/serve --hall exports. A set SITE_URL or HOST is kept as given."""
    address = detect_address(environ)
    if not address:
        raise SystemExit("bin/serve --hall: found no network address on this computer. Join the hall's wifi "
                         "(or turn on the laptop's hotspot), or set HALL_ADDRESS=the address phones should open.")
    if not usable(address) and not environ.get("HALL_ADDRESS"):
        raise SystemExit(f"bin/serve --hall: {address} is not an address phones can open; set HALL_ADDRESS.")
    return {
        "HALL_SERVER": "true",
        "HALL_ADDRESS": address,
        "SITE_URL": environ.get("SITE_URL") or f"http://{address}:{port}",
        "HOST": environ.get("HOST") or listen_address(),
        "PORT": str(port),
    }


def secret_key(path: Path) -> str:
    """The hall server's secret key (signs sessions, CSRF tokens and table links), kept in `path`
    with mode 600: made once with `secrets`, then read on every start, so logins survive a restart
    and the key is this laptop's own, never the public development key. Two processes starting
    together agree: the key is written to a private temporary file and linked into place, and the
    one that loses the race reads the winner's. Raises ValueError when the file is empty."""
    path = Path(path)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as out:
            out.write(secrets.token_urlsafe(50) + "\n")
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        finally:
            draft.unlink()
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)  # readable by others (copied, restored from a backup): private again
    key = path.read_text().strip()
    if not key:
        raise ValueError("the secret key file is empty: delete it and start again (a new key is made; "
                         "everyone logs in again)")
    return key


class WithoutTraceback(logging.Filter):
    """Logs a record as its one line: a phone asking for an address the hall does not answer to
    (Django's DisallowedHost) is worth a line on the laptop's screen, not a traceback that pushes
    the banner away (config.settings, LOGGING)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = record.exc_text = None
        return True


# 5-row glyphs for the digits, dot and colon of an address, to read from across a room.
BIG = {
    "0": ["###", "# #", "# #", "# #", "###"], "1": [" # ", "## ", " # ", " # ", "###"],
    "2": ["###", "  #", "###", "#  ", "###"], "3": ["###", "  #", "###", "  #", "###"],
    "4": ["# #", "# #", "###", "  #", "  #"], "5": ["###", "#  ", "###", "  #", "###"],
    "6": ["###", "#  ", "###", "# #", "###"], "7": ["###", "  #", "  #", "  #", "  #"],
    "8": ["###", "# #", "###", "# #", "###"], "9": ["###", "# #", "###", "  #", "###"],
    ".": [" ", " ", " ", " ", "#"], ":": [" ", "#", " ", "#", " "],
}


def big(text: str) -> list[str]:
    """text in BIG glyphs, or [] when it has other characters (a host name)."""
    if not text or any(ch not in BIG for ch in text):
        return []
    return [" ".join(BIG[ch][row] for ch in text) for row in range(5)]


def banner(url: str, port: str) -> str:
    """The address phones must open, boxed and in large figures, so it stands out from the server's lines."""
    host = url.split("://", 1)[-1].rstrip("/")
    lines = ["", "PHONES OPEN THIS ADDRESS:", "", *big(host), "", f"    {url}", "",
             "Phones must be on the same wifi as this laptop.",
             f"On this laptop the organizer may also use http://127.0.0.1:{port}", ""]
    width = max(len(line) for line in lines) + 4
    edge = "=" * (width + 4)
    return "\n".join([edge, *(f"||  {line.ljust(width - 2)}||" for line in lines), edge])


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "env" and argv[1].isdigit():
        for name, value in hall_env(int(argv[1])).items():
            print(f"export {name}={shlex.quote(value)}")
        return 0
    if argv == ["banner"]:
        print(banner(os.environ.get("SITE_URL", ""), os.environ.get("PORT", "8000")))
        return 0
    print("usage: python -m config.hall env PORT | banner", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
