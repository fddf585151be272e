// The board's computer: MicroPython (WebAssembly) running the firmware app on
// the web HAL. The page sends switch changes and the saved flash; this sends
// back frames, texts, beeps and flash changes (page/link.js). The app is
// stepped from timers, one loop pass every 10 ms as on the board; while the
// board thinks, the AI's progress calls push the spinner frames through the
// link, and the page, on its own thread, stays free.
import { loadMicroPython } from "./micropython.mjs";
import { makeLink } from "./link.js";

const LOOP_MS = 10;
let link = null;
let main = null;
let running = false;

function post(msg) { self.postMessage(msg); }

function fromBase64(b64) {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function mkdirs(FS, path) {
  let at = "";
  for (const part of path.split("/").slice(1, -1)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (e) { /* already there */ }
  }
}

async function start(msg) {
  const bundle = await (await fetch("firmware.json")).json();
  const mp = await loadMicroPython({
    heapsize: 2 * 1024 * 1024,
    pystack: 16 * 1024,
    stdout: (line) => post({ type: "log", text: line }),
    stderr: (line) => post({ type: "log", text: line }),
  });
  const FS = mp.FS;
  for (const [path, text] of Object.entries(bundle.files)) {
    mkdirs(FS, "/fw/" + path);
    FS.writeFile("/fw/" + path, text);
  }
  FS.writeFile("/fw/board.py", bundle.boards[msg.board]);
  mkdirs(FS, "/flash/x");
  for (const [path, b64] of Object.entries(msg.flash || {})) {
    FS.writeFile("/flash/" + path, fromBase64(b64));
  }
  // A script runs on its own clock, from the first pass, as the simulator's does.
  let virtual = 0;
  const clock = msg.script !== undefined ? () => virtual : null;
  const b = bundle.sizes[msg.board];
  link = makeLink(b.cols * b.rows + 4, b.scans, post, clock);
  link.advance = (ms) => { virtual += ms; };
  mp.registerJsModule("webboard", link);
  mp.runPython("import sys\nsys.path.insert(0, '/fw')\n");
  main = mp.pyimport("webmain");
  const info = main.start(msg.lang || "").split(" ");
  post({ type: "ready", name: info[0], cols: +info[1], rows: +info[2], sensing: info[3] });
  if (msg.script !== undefined) {
    let errors = 0;
    let problem = null;
    try {
      errors = main.run_script(msg.script);
    } catch (e) {
      problem = String(e.message || e);
    }
    post({ type: "scriptDone", errors, problem });
    return;
  }
  running = true;
  loop();
}

function loop() {
  if (!running) return;
  const t0 = performance.now();
  try {
    main.step();
  } catch (e) {
    // The app and webmain catch everything the firmware raises; what gets
    // here is the port itself failing: say so rather than freeze silently.
    running = false;
    post({ type: "fatal", text: String(e.message || e) });
    return;
  }
  const spent = performance.now() - t0;
  setTimeout(loop, Math.max(0, LOOP_MS - spent));
}

self.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === "start") {
    start(msg).catch((err) => post({ type: "fatal", text: String(err && err.message || err) }));
  } else if (link !== null) {
    if (msg.type === "press") link.press(msg.key);
    else if (msg.type === "release") link.release(msg.key);
    else if (msg.type === "toggle") link.toggle(msg.key);
    else if (msg.type === "lang") main.use_lang(msg.code);
    else if (msg.type === "dump") post({ type: "dump", id: msg.id, json: main.dump() });
  }
};
