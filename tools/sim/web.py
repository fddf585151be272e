"""The board in a web page: build the folder, then serve it on this computer.

    python3 -m tools.sim.web [--out DIR] [--port N] [--build-only]

One build step: `npm ci` in web/ installs MicroPython's WebAssembly port at
the version and integrity hash pinned in web/package-lock.json (only when
web/node_modules does not hold exactly that version), then the folder is
made: the page (web/page), the port's .mjs and .wasm, and firmware.json with
the firmware files deploy ships (every game), the board files and the page's
own Python (webmain.py, the simulator's script runner and its squares'
names). Nothing is fetched at
run time: copy the folder to any static web host, or to a USB stick (its
serve.py serves it where Python is). Then it is
served on http://127.0.0.1:PORT/ until Ctrl-C (the address is printed).
docs/players/web.md and the pages it links explain it all.
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys

from tools.link import boardfile, firmware_path
from tools.link.files import firmware_files

ROOT = firmware_path.ROOT
WEB = os.path.join(ROOT, "web")
PAGE = os.path.join(WEB, "page")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PORT_FILES = ("micropython.mjs", "micropython.wasm")
OUT = os.path.join(ROOT, "build", "web")
BOARDS = ("club9", "club8")
SCRIPT_RUNNER = os.path.join(ROOT, "tools", "sim", "script.py")
MARGINS = os.path.join(ROOT, "tools", "sim", "margins.py")   # the squares' names, as the terminal's


class BuildError(Exception):
    """A build that cannot go on: the message says what to do."""


def pinned_version():
    """The port's version as web/package-lock.json pins it."""
    with open(os.path.join(WEB, "package-lock.json")) as f:
        lock = json.load(f)
    return lock["packages"]["node_modules/" + PACKAGE]["version"]


def installed_version():
    try:
        with open(os.path.join(WEB, "node_modules", PACKAGE, "package.json")) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return None


def npm_install(out=print):
    """`npm ci` in web/ unless the pinned version is there already: npm checks
    every file against the lock's integrity hash."""
    if installed_version() == pinned_version():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed to build the page (it installs MicroPython's "
                         "WebAssembly port pinned in web/package-lock.json): install "
                         "Node.js and npm (Debian: apt-get install npm)")
    out("installing %s %s with npm (pinned in web/package-lock.json) ..." % (
        PACKAGE, pinned_version()))
    r = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB,
                       capture_output=True, text=True)
    if r.returncode != 0 or installed_version() != pinned_version():
        raise BuildError("npm ci in web/ failed:\n%s%s" % (r.stdout, r.stderr))


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def bundle():
    """firmware.json's content: the firmware files deploy ships (as source:
    the .mpy files are for a Pico's MicroPython), the page's Python, the board
    files and what the page needs to know of each board."""
    import games
    from hal.web import debounce_scans
    fw = firmware_path.FIRMWARE
    files = {}
    for remote, (rel, _) in sorted(firmware_files(fw, games.IDS).items()):
        if not rel.startswith("net/"):        # the page is on no club network
            files[rel] = _read(os.path.join(fw, rel))
    files["webmain.py"] = _read(os.path.join(PAGE, "webmain.py"))
    files["simscript.py"] = _read(SCRIPT_RUNNER)
    files["simmargins.py"] = _read(MARGINS)
    boards, sizes = {}, {}
    for name in BOARDS:
        _, src, _, b = boardfile.read(name)
        boards[name] = src.decode("utf-8")
        sizes[name] = {"cols": b["cols"], "rows": b["rows"], "scans": debounce_scans(b),
                       "sensing": b.get("sensing", "button")}
    return {"files": files, "boards": boards, "sizes": sizes}


def build(out_dir=OUT, out=print):
    """Make the folder a school copies; returns its path."""
    npm_install(out)
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    for name in sorted(os.listdir(PAGE)):
        if not name.endswith(".py"):
            shutil.copy(os.path.join(PAGE, name), os.path.join(out_dir, name))
    shutil.copy(os.path.join(WEB, "serve.py"), os.path.join(out_dir, "serve.py"))
    for name in PORT_FILES:
        shutil.copy(os.path.join(WEB, "node_modules", PACKAGE, name), os.path.join(out_dir, name))
    with open(os.path.join(out_dir, "firmware.json"), "w", encoding="utf-8") as f:
        json.dump(bundle(), f, separators=(",", ":"), sort_keys=True)
    return out_dir


def folder_size(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)


def kb(size):
    """A size as the build says it: KB of 1024 bytes, rounded up."""
    return (size + 1023) // 1024


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".json": "application/json"})

    def log_message(self, fmt, *args):
        pass      # a quiet terminal: the page says what happens


def server(directory, port=8000, host="127.0.0.1"):
    """An HTTP server for the folder (port 0: any free port)."""
    handler = functools.partial(_Handler, directory=directory)
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m tools.sim.web", description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=OUT, help="the folder to build (default build/web)")
    ap.add_argument("--port", type=int, default=8000, help="the local port (default 8000)")
    ap.add_argument("--build-only", action="store_true", help="build the folder, do not serve it")
    args = ap.parse_args(argv)
    try:
        out_dir = build(args.out)
    except BuildError as e:
        print("tools.sim.web: %s" % e, file=sys.stderr)
        return 2
    print("built %s (%d KB): copy this folder to any web host, or to a USB stick "
          "(python3 serve.py there serves it)" % (out_dir, kb(folder_size(out_dir))))
    if args.build_only:
        return 0
    try:
        httpd = server(out_dir, args.port)
    except OSError as e:
        print("tools.sim.web: cannot serve on port %d (%s): try --port" % (args.port, e.strerror),
              file=sys.stderr)
        return 2
    print("The board: http://127.0.0.1:%d/   (Ctrl-C stops it)" % httpd.server_address[1])
    sys.stdout.flush()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
