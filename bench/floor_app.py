"""The HTTP floor's WSGI app (bench.storm.run_http_floor): it answers every request with the
bytes of a live-standings poll (16 KB, gzipped as the hall's fragment is) and does nothing else,
so the CPU gunicorn's workers spend on it is what any request costs before Django does any work."""

BODY = b"0" * 16_300  # the 500-partnership live fragment, gzipped, was 16,300 bytes (docs/performance.md)
HEADERS = [("Content-Type", "text/html; charset=utf-8"), ("Content-Encoding", "gzip"),
           ("Content-Length", str(len(BODY)))]


def application(environ, start_response):
    start_response("200 OK", HEADERS)
    return [BODY]
