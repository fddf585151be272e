// Runs Python on the page's MicroPython (WebAssembly) in Node, with the built
// folder's firmware files and the page's own link (link.js) as `webboard`,
// on a clock that moves only by webboard.advance(ms): for the tests (the web
// HAL's conformance, every game on the web HAL) without a browser.
//
//     node web/node/run.mjs SITE_DIR BOARD < code.py
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";

const [site, boardName] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(site, "micropython.mjs")));
const { makeLink } = await import(pathToFileURL(path.join(site, "link.js")));
const bundle = JSON.parse(fs.readFileSync(path.join(site, "firmware.json"), "utf8"));
const code = fs.readFileSync(0, "utf8");

const mp = await loadMicroPython({
  heapsize: 2 * 1024 * 1024, pystack: 16 * 1024, linebuffer: false,
  stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s),
});
const FS = mp.FS;
function mkdirs(p) {
  let at = "";
  for (const part of p.split("/").slice(1, -1)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (e) { /* there already */ }
  }
}
for (const [p, text] of Object.entries(bundle.files)) {
  mkdirs("/fw/" + p);
  FS.writeFile("/fw/" + p, text);
}
FS.writeFile("/fw/board.py", bundle.boards[boardName]);
const size = bundle.sizes[boardName];
let now = 0;
const told = [];
const link = makeLink(size.cols * size.rows + 4, size.scans, (m) => told.push(m), () => now);
link.advance = (ms) => { now += ms; };
link.told = () => JSON.stringify(told.splice(0));
mp.registerJsModule("webboard", link);
try {
  mp.runPython("import sys\nsys.path.insert(0, '/fw')\n" + code);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  process.exit(1);
}
