"""Serve this folder (the board in a web page) on this computer: python3 serve.py [PORT]

Browsers run the page only from a web address, not from a file opened
directly: copied to a USB stick, this starts one (Python 3, nothing else).
"""
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".json": "application/json"})


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    here = os.path.dirname(os.path.abspath(__file__))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                            functools.partial(Handler, directory=here))
    print("The board: http://127.0.0.1:%d/   (Ctrl-C stops it)" % port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
