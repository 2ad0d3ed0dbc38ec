"""The hall's wifi as one phone sees it, for the browser tests that take a phone offline.

Each phone that can lose its wifi is a Playwright browser context whose every request goes through
its own `Wifi`: a small HTTP proxy on 127.0.0.1 in front of the test server (Playwright passes
Chromium "<-loopback>", so requests to localhost go through it too). The service worker's own
requests belong to the same context and go through it as well. Off, it cuts every open connection
and closes new ones unanswered, so nothing the phone sends reaches the server, whatever the browser
believes about its network. (Playwright's set_offline() does not reach a service worker's requests,
microsoft/playwright#2311, and its routes missed a save sent by a page reloaded offline: a CI run
stored a hand the phone had kept.)

One request a connection: the proxy asks the server to close after each answer, so cutting the
wifi never leaves a connection half-used."""

import socket
import threading
from urllib.parse import urlsplit

LOOPBACK = {"localhost", "127.0.0.1", "::1"}
LIMIT = 65536


class Wifi:
    def __init__(self):
        self.on = True
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._server = socket.create_server(("127.0.0.1", 0))
        self.address = f"http://127.0.0.1:{self._server.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True, name="wifi").start()

    def switch(self, on: bool) -> None:
        self.on = on
        if not on:
            with self._lock:
                cut, self._open = list(self._open), set()
            for sock in cut:
                _close(sock)

    def close(self) -> None:
        self.switch(False)
        _close(self._server)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            if not self.on:
                _close(client)
                continue
            threading.Thread(target=self._relay, args=(client,), daemon=True, name="wifi-relay").start()

    def _keep(self, sock: socket.socket) -> bool:
        with self._lock:
            if not self.on:
                return False
            self._open.add(sock)
            return True

    def _relay(self, client: socket.socket) -> None:
        upstream = None
        try:
            if not self._keep(client):
                return
            head, body, host, port = _request(client.makefile("rb"))
            upstream = socket.create_connection((host, port))
            if not self._keep(upstream):
                return
            upstream.sendall(head + body)
            while chunk := upstream.recv(LIMIT):
                client.sendall(chunk)
        except (OSError, ValueError):
            pass  # the wifi was cut, or the browser gave up: the phone sees no answer
        finally:
            for sock in (client, upstream):
                if sock is not None:
                    _close(sock)
                    with self._lock:
                        self._open.discard(sock)


def _request(stream) -> tuple[bytes, bytes, str, int]:
    """One request from the browser, in the form a proxy gets it ("GET http://host:port/path HTTP/1.1"),
    rewritten for the server: its path only, and Connection: close."""
    method, target, version = stream.readline(LIMIT).decode("latin-1").split()
    url = urlsplit(target)
    if url.scheme != "http" or url.hostname not in LOOPBACK:
        raise ValueError(f"the test wifi only reaches the test server, not {target}")
    lines, length = [], 0
    while (line := stream.readline(LIMIT)) not in (b"\r\n", b"\n", b""):
        name = line.split(b":", 1)[0].strip().lower()
        if name in (b"connection", b"proxy-connection", b"keep-alive"):
            continue
        if name == b"transfer-encoding":
            raise ValueError("a chunked request body: not sent by the pages under test")
        if name == b"content-length":
            length = int(line.split(b":", 1)[1])
        lines.append(line)
    path = (url.path or "/") + (f"?{url.query}" if url.query else "")
    head = f"{method} {path} {version}\r\n".encode("latin-1") + b"".join(lines) + b"Connection: close\r\n\r\n"
    return head, stream.read(length) if length else b"", url.hostname, url.port or 80


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
