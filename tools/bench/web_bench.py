"""What the web page costs: load time, the folder's size, the AI's speed in it.

    python -m tools.bench.web_bench [--loads N] [--chromium PATH]

Builds the folder (tools.sim.web), then in headless Chromium (Playwright):
the time from navigation to the first frame of the menu, over N fresh loads;
and a level-3 AI move (the same position, seed and node budget) on the page's
MicroPython in a worker of a page served from a copy of the folder, against
the same move on CPython in this process. The chosen moves must agree (the
search is deterministic for a node budget). Run it with `nice` on a shared
machine; the figures go in docs/developers/web.md.
"""
import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time

from tools.link import firmware_path
from tools.sim import web

# (game, moves played, board clock in MHz): the board to move at level 3.
POSITIONS = (("avanco", ("c2-c3",), 200), ("amazonas", (), 200))

BENCH_CODE = """
import games, ai
from compat import ticks_ms, ticks_diff
def bench(gid, moves, mhz):
    g = games.load(gid).Game({})
    for t in moves:
        g.play_text(t)
    t0 = ticks_ms()
    m = ai.choose(g, level=3, seed=1, mhz=mhz)
    ms = ticks_diff(ticks_ms(), t0)
    return g.move_text(m), ms, ai.last()[0]
def bench_json(gid, moves, mhz):
    import json
    return json.dumps(bench(gid, moves, mhz))
"""

BENCH_HTML = """<!doctype html><meta charset="utf-8"><title>bench</title>
<script type="module">
const w = new Worker("bench_worker.js", {type: "module"});
window.result = new Promise(r => { w.onmessage = e => r(e.data); });
w.postMessage(JSON.parse(decodeURIComponent(location.hash.slice(1))));
</script>"""

BENCH_WORKER = """import { loadMicroPython } from "./micropython.mjs";
self.onmessage = (e) => run(e).catch((x) => self.postMessage({error: String(x.message || x)}));
async function run(e) {
  const bundle = await (await fetch("firmware.json")).json();
  const mp = await loadMicroPython({heapsize: 2 * 1024 * 1024, pystack: 16 * 1024});
  for (const [p, text] of Object.entries(bundle.files)) {
    let at = "";
    for (const part of ("/fw/" + p).split("/").slice(1, -1)) {
      at += "/" + part; try { mp.FS.mkdir(at); } catch (x) {}
    }
    mp.FS.writeFile("/fw/" + p, text);
  }
  mp.runPython("import sys\\nsys.path.insert(0, '/fw')\\n" + e.data.code);
  const out = [];
  for (const [gid, moves, mhz] of e.data.positions) {
    mp.runPython("_out = bench_json(" + JSON.stringify(gid) + ", " + JSON.stringify(moves)
                 + ", " + mhz + ")");
    out.push(JSON.parse(mp.globals.get("_out")));
  }
  self.postMessage(out);
}
"""


def on_cpython():
    """The same moves on CPython: [(move, ms, nodes)]."""
    env = {}
    exec(BENCH_CODE, env)
    out = []
    for gid, moves, mhz in POSITIONS:
        t0 = time.perf_counter()
        move, _, nodes = env["bench"](gid, moves, mhz)
        out.append((move, (time.perf_counter() - t0) * 1000, nodes))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.web_bench", description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=5, help="fresh page loads to time (default 5)")
    ap.add_argument("--chromium", default="/usr/bin/chromium", help="the Chromium to drive")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    tmp = tempfile.mkdtemp(prefix="web-bench-")
    try:
        site = web.build(os.path.join(tmp, "site"), out=lambda *a: None)
        size = web.folder_size(site)
        files = len(os.listdir(site))
        bench = os.path.join(tmp, "bench")
        shutil.copytree(site, bench)
        with open(os.path.join(bench, "bench.html"), "w") as f:
            f.write(BENCH_HTML)
        with open(os.path.join(bench, "bench_worker.js"), "w") as f:
            f.write(BENCH_WORKER)
        httpd = web.server(tmp, 0)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = "http://127.0.0.1:%d/" % httpd.server_address[1]
        args_chromium = ["--no-sandbox", "--headless", "--disable-gpu",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", "--no-first-run"]
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=args.chromium, args=args_chromium)
            loads = []
            for _ in range(args.loads):
                ctx = b.new_context()
                page = ctx.new_page()
                page.goto(base + "site/")
                page.wait_for_function("() => window.boardPage && window.boardPage.says.length > 0"
                                       " && window.boardPage.firstFrameMs !== null")
                loads.append(page.evaluate("() => window.boardPage.firstFrameMs"))
                ctx.close()
            page = b.new_page()
            job = {"code": BENCH_CODE, "positions": [list(x) for x in POSITIONS]}
            from urllib.parse import quote
            page.goto(base + "bench/bench.html#" + quote(json.dumps(job)))
            in_page = page.evaluate("() => Promise.race([window.result, new Promise(r =>"
                                    " setTimeout(() => r({error: 'no answer in 120 s'}), 120000))])")
            if isinstance(in_page, dict):
                raise SystemExit("the page's bench failed: %s" % in_page["error"])
            b.close()
        httpd.shutdown()
        httpd.server_close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    here = on_cpython()
    print("folder a school copies: %d files, %d KB" % (files, web.kb(size)))
    print("load to the first menu frame: median %.0f ms (min %.0f, max %.0f) over %d loads" % (
        statistics.median(loads), min(loads), max(loads), len(loads)))
    for (gid, moves, mhz), (pm, pms, pn), (cm, cms, cn) in zip(POSITIONS, in_page, here):
        print("%s after %s, level 3 at %d MHz: page %s in %d ms (%d nodes), CPython %s in %.0f ms "
              "(%d nodes)%s" % (gid, " ".join(moves) or "no move", mhz, pm, pms, pn, cm, cms, cn,
                                "" if (pm, pn) == (cm, cn) else "  MOVES DIFFER"))
    return 0


if __name__ == "__main__":
    firmware_path.exit_now(main())
    sys.exit(0)
