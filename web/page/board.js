// The page: draws the LEDs the firmware sends, turns clicks, taps and keys
// into switch changes, keeps the board's flash in localStorage, and says in
// words what the board scrolls. The firmware runs in worker.js. The page's
// own words are in words_<code>.js, one file per language; the page's
// language is the board's too (the worker's webmain.use_lang).
const FILES = "abcdefghi";
const KEYS = ["menu", "ok", "undo", "hint"];
const HOLD_MS = 2500;      // a capital letter holds its key this long, as in the terminal
const TAP_MS = 100;
const STORE = "gamesboard:";
const WORDS = self.PAGE_WORDS;   // words_en.js, words_pt.js
const LANGS = ["pt", "en"];

const el = (id) => document.getElementById(id);
const page = {
  board: null, cols: 0, rows: 0, sensing: "", frame: [], says: [], firstFrameMs: null,
  ready: null, worker: null, cursor: [0, 0], pieces: new Set(),
  lang: "en", saying: "", margins: null, status: ["starting", {}],
};
window.boardPage = page;

// --- the page's words ----------------------------------------------------------
// The page's own words in its language, {field}s filled in.
function w(key, fields) {
  let text = WORDS[page.lang][key];
  for (const [k, v] of Object.entries(fields || {})) text = text.replace("{" + k + "}", v);
  return text;
}

// The language a first visit gets: the browser's.
function browserLang() {
  return (navigator.language || "").toLowerCase().startsWith("pt") ? "pt" : "en";
}

function showWords() {
  document.documentElement.lang = w("html");
  document.title = w("title");
  for (const node of document.querySelectorAll("[data-w]")) node.textContent = w(node.dataset.w);
  for (const node of document.querySelectorAll("[data-w-aria]")) node.setAttribute("aria-label", w(node.dataset.wAria));
  document.querySelectorAll("#keys button").forEach((b, k) => { b.textContent = w("keys")[k]; });
  const help = el("help");
  help.textContent = "";
  for (const item of w("help")) {
    const li = document.createElement("li");
    li.innerHTML = item;          // the page's own words, <kbd> in them
    help.appendChild(li);
  }
  el("lang-choice").value = page.lang;
  nameSquares();
  showStatus();
}

// The page's language, and the board's: `fromBoard` when the board chose it
// (its menu's language square), else the page's switch tells the board.
function setLang(code, fromBoard) {
  if (!LANGS.includes(code)) return;
  page.lang = code;
  try { localStorage.setItem(STORE + "lang", code); } catch (e) { /* kept for this visit */ }
  showWords();
  if (!fromBoard && page.worker) page.worker.postMessage({ type: "lang", code });
}
page.setLang = (code) => setLang(code, false);

// --- the flash: one localStorage entry per file, per board -----------------
function flashKey(board, path) { return STORE + board + ":" + path; }

function readFlash(board) {
  const out = {};
  const prefix = STORE + board + ":";
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(prefix)) out[k.slice(prefix.length)] = localStorage.getItem(k);
  }
  return out;
}

function keepFlash(board, msg) {
  try {
    if (msg.type === "saved") localStorage.setItem(flashKey(board, msg.path), msg.b64);
    else if (msg.type === "removed") localStorage.removeItem(flashKey(board, msg.path));
    else if (msg.type === "renamed") {
      const v = localStorage.getItem(flashKey(board, msg.oldPath));
      if (v !== null) localStorage.setItem(flashKey(board, msg.newPath), v);
      localStorage.removeItem(flashKey(board, msg.oldPath));
    }
  } catch (e) {
    setStatus("notKept", { why: e.name });
  }
}

// --- drawing ---------------------------------------------------------------
// LEDs under wood look bright even when the firmware sends a dim value: a
// gamma curve lifts the dim ones so they read on a screen and keeps the order
// of brightness the firmware sends.
function shown(v) { return v === 0 ? 0 : Math.round(255 * Math.pow(v / 255, 0.45)); }

function buildGrid() {
  const grid = el("grid");
  grid.textContent = "";
  el("board").style.setProperty("--cols", page.cols);
  page.squares = new Array(page.cols * page.rows);
  page.rankLabels = [];
  page.fileLabels = [];
  for (let r = page.rows - 1; r >= 0; r--) {
    const lab = document.createElement("span");
    lab.className = "label";
    page.rankLabels[r] = lab;
    grid.appendChild(lab);
    for (let x = 0; x < page.cols; x++) {
      const i = r * page.cols + x;
      const sq = document.createElement("button");
      sq.type = "button";
      sq.tabIndex = -1;
      sq.className = "sq";
      sq.dataset.square = FILES[x] + (r + 1);
      sq.dataset.key = i;
      sq.dataset.rgb = "0,0,0";
      const led = document.createElement("span");
      led.className = "led";
      sq.appendChild(led);
      grid.appendChild(sq);
      page.squares[i] = sq;
      wire(sq, i);
    }
  }
  grid.appendChild(document.createElement("span"));
  for (let x = 0; x < page.cols; x++) {
    const lab = document.createElement("span");
    lab.className = "label";
    page.fileLabels[x] = lab;
    grid.appendChild(lab);
  }
  page.margins = gridNames();
  page.frame = [];
  for (let i = 0; i < page.cols * page.rows; i++) page.frame.push([0, 0, 0]);
  drawCursor();
  nameSquares();
}

// The grid's own names of its ranks and files (a1 at its bottom left).
function gridNames() {
  const ranks = [], files = [];
  for (let r = 0; r < page.rows; r++) ranks.push(String(r + 1));
  for (let x = 0; x < page.cols; x++) files.push(FILES[x]);
  return { ranks, files };
}

// The squares' names as the game on the board names them (the worker's
// margins, tools/sim/margins.py): the labels round the grid and each
// square's accessible name. data-square stays the grid's name (a script's).
function nameSquares() {
  if (!page.squares || !page.margins) return;
  const { ranks, files } = page.margins;
  for (let r = 0; r < page.rows; r++) page.rankLabels[r].textContent = ranks[r] || "";
  for (let x = 0; x < page.cols; x++) page.fileLabels[x].textContent = files[x] || "";
  for (let i = 0; i < page.squares.length; i++) page.squares[i].setAttribute("aria-label", squareName(i));
}

function squareName(i) {
  const { ranks, files } = page.margins;
  const f = files[i % page.cols], r = ranks[Math.floor(i / page.cols)];
  return f && r ? f + r : w("offGame");
}

function drawFrame(hex) {
  const n = page.cols * page.rows;
  for (let i = 0; i < n; i++) {
    const r = parseInt(hex.substr(i * 6, 2), 16);
    const g = parseInt(hex.substr(i * 6 + 2, 2), 16);
    const b = parseInt(hex.substr(i * 6 + 4, 2), 16);
    const old = page.frame[i];
    if (old[0] === r && old[1] === g && old[2] === b) continue;
    page.frame[i] = [r, g, b];
    const sq = page.squares[i];
    sq.dataset.rgb = r + "," + g + "," + b;
    const led = sq.firstChild;
    if (r || g || b) {
      const c = "rgb(" + shown(r) + "," + shown(g) + "," + shown(b) + ")";
      led.style.background = c;
      led.style.boxShadow = "0 0 " + Math.round(2 + Math.max(r, g, b) / 20) + "px " + c;
    } else {
      led.style.background = "";
      led.style.boxShadow = "";
    }
  }
}

function drawCursor() {
  for (const sq of page.squares || []) sq.classList.remove("cursor");
  const [x, y] = page.cursor;
  const sq = page.squares[y * page.cols + x];
  if (sq) sq.classList.add("cursor");
}

// The status line: a key of the page's words and its fields, shown again in
// the other language when the page's changes.
function setStatus(key, fields) { page.status = [key, fields || {}]; showStatus(); }
function showStatus() {
  const [key, fields] = page.status;
  const shownFields = Object.assign({}, fields);
  if (fields.kind) shownFields.kind = w(fields.kind);
  el("status").textContent = w(key, shownFields);
}

// Every text the board says is kept (page.says); the words under the board,
// a live region, are what it is saying now: a new text is announced once
// and goes when the board has scrolled it (the worker's webmain.saying()).
function said(text) { page.says.push(text); }
function saying(text) {
  page.saying = text;
  el("says").textContent = text;
}

// --- sound -------------------------------------------------------------------
let audio = null;
function beep(freq, ms) {
  if (audio === null || audio.state !== "running") return;   // only after a touch
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  gain.gain.value = 0.05;
  osc.frequency.value = freq;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + ms / 1000);
}
function wakeAudio() {
  if (audio === null && window.AudioContext) audio = new AudioContext();
  else if (audio && audio.state === "suspended") audio.resume();
}

// --- input -------------------------------------------------------------------
function send(type, key) { if (page.worker) page.worker.postMessage({ type, key }); }
function keyNumber(k) { return page.cols * page.rows + k; }

function piece(i) {
  if (page.pieces.has(i)) page.pieces.delete(i); else page.pieces.add(i);
  page.squares[i].classList.toggle("piece", page.pieces.has(i));
  send("toggle", i);
}

function holdable(node, keyAt) {
  // Pressed while the pointer is down (press and hold), a touch however short.
  // keyAt() gives the key number to press, or null when the touch did
  // something else; the release goes to the key that was pressed.
  node.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    wakeAudio();
    e.preventDefault();
    node.setPointerCapture(e.pointerId);
    const key = keyAt();
    if (key === null) return;
    node.classList.add("down");
    node.dataset.pressed = "1";
    node.dataset.sent = key;
    send("press", key);
  });
  const up = () => {
    if (node.dataset.pressed !== "1") return;
    node.dataset.pressed = "";
    node.classList.remove("down");
    send("release", +node.dataset.sent);
  };
  node.addEventListener("pointerup", up);
  node.addEventListener("pointercancel", up);
  node.addEventListener("lostpointercapture", up);
}

function hold(node, key) {
  // A square: in pieces mode a touch puts a piece down or takes it away.
  holdable(node, () => {
    if (key < page.cols * page.rows && el("pieces-mode").checked) { piece(key); return null; }
    return key;
  });
}

function wire(sq, i) {
  hold(sq, i);
  sq.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    if (e.button === 2) piece(i);       // a right click, not a long touch
  });
}

function tap(key, ms) {
  send("press", key);
  setTimeout(() => send("release", key), ms);
}

const LETTERS = { m: 0, o: 1, u: 2, h: 3 };
function onKey(e) {
  if (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const [x, y] = page.cursor;
  const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowRight: [1, 0], ArrowLeft: [-1, 0] };
  if (moves[e.key]) {
    page.cursor = [Math.min(page.cols - 1, Math.max(0, x + moves[e.key][0])),
                   Math.min(page.rows - 1, Math.max(0, y + moves[e.key][1]))];
    drawCursor();
    const sq = page.squares[page.cursor[1] * page.cols + page.cursor[0]];
    setStatus("cursor", { square: squareName(page.cursor[1] * page.cols + page.cursor[0]) });
  } else if (e.key === " " || e.key === "Enter") {
    wakeAudio();
    tap(y * page.cols + x, TAP_MS);
  } else if (e.key === "p" || e.key === "P") {
    piece(y * page.cols + x);
  } else if (e.key in LETTERS) {
    tap(keyNumber(LETTERS[e.key]), TAP_MS);
  } else if (e.key.toLowerCase() in LETTERS) {
    tap(keyNumber(LETTERS[e.key.toLowerCase()]), HOLD_MS);
  } else {
    return;
  }
  e.preventDefault();
}

// --- the board's computer ----------------------------------------------------
function start(board, script) {
  if (page.worker) page.worker.terminate();
  page.board = board;
  page.says = [];
  page.pieces = new Set();
  saying("");
  const sizes = page.sizes[board];
  page.cols = sizes.cols; page.rows = sizes.rows; page.sensing = sizes.sensing;
  page.cursor = [0, page.rows - 1];
  buildGrid();
  setStatus("starting");
  const worker = new Worker("worker.js", { type: "module" });
  page.worker = worker;
  let firstFrame = true;
  const done = new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === "frame") {
        drawFrame(m.hex);
        if (firstFrame) {
          firstFrame = false;
          if (page.firstFrameMs === null) page.firstFrameMs = performance.now();
        }
      } else if (m.type === "say") said(m.text);
      else if (m.type === "saying") saying(m.text);
      else if (m.type === "margins") {
        const [ranks, files] = m.names.split("/").map((part) => part.split(","));
        page.margins = { ranks, files };
        nameSquares();
      } else if (m.type === "lang") setLang(m.code, true);
      else if (m.type === "beep") beep(m.freq, m.ms);
      else if (m.type === "saved" || m.type === "removed" || m.type === "renamed") {
        if (script === undefined) keepFlash(board, m);
      } else if (m.type === "ready") {
        setStatus("isOn", { name: m.name, kind: m.sensing === "reed" ? "reed" : "button" });
        if (script === undefined) resolve(m);
      } else if (m.type === "scriptDone") {
        if (m.problem) reject(new Error(m.problem)); else resolve(m);
      } else if (m.type === "log") console.log(m.text);
      else if (m.type === "dump") {
        const answer = dumps.get(m.id);
        dumps.delete(m.id);
        if (answer) answer(JSON.parse(m.json));
      }
      else if (m.type === "fatal") {
        setStatus("notStarted", { why: m.text });
        console.error("board: " + m.text);
        reject(new Error(m.text));
      }
    };
  });
  worker.onerror = (e) => {
    console.error("board: " + e.message);
    setStatus("stopped", { why: e.message });
  };
  worker.postMessage({ type: "start", board, flash: script === undefined ? readFlash(board) : {}, script,
                       lang: page.lang });
  return done;
}

// Where the app is (tools/simscript.dump: game, mode, moves, turn, result,
// says, frame), asked of the worker between two loop passes.
const dumps = new Map();
let dumpId = 0;
page.dump = () => new Promise((resolve) => {
  dumpId += 1;
  dumps.set(dumpId, resolve);
  page.worker.postMessage({ type: "dump", id: dumpId });
});

// A simulator script (docs/players/simulator.md) on a fresh board with empty flash,
// on the board's own clock: for the tests that compare with the terminal.
page.runScript = (text, board) => start(board || page.board, text);
page.choose = (board) => {
  localStorage.setItem(STORE + "board", board);
  el("board-choice").value = board;
  page.ready = start(board);
  return page.ready;
};

async function init() {
  const bundle = await (await fetch("firmware.json")).json();
  page.sizes = bundle.sizes;
  // ?lang=pt or ?lang=en in the address chooses the page's language (and the
  // board's); otherwise the one chosen last time, else the browser's.
  const params = new URLSearchParams(location.search);
  let code = params.get("lang") || localStorage.getItem(STORE + "lang");
  if (!LANGS.includes(code)) code = browserLang();
  for (const c of LANGS) el("lang-choice").add(new Option(WORDS[c].name, c));
  el("lang-choice").addEventListener("change", (e) => setLang(e.target.value, false));
  setLang(code, true);
  // ?board=club8 in the address chooses the board (a link for a class);
  // otherwise the board chosen last time, else club9.
  let board = params.get("board") || localStorage.getItem(STORE + "board");
  if (!(board in page.sizes)) board = "club9";
  localStorage.setItem(STORE + "board", board);
  el("board-choice").value = board;
  el("board-choice").addEventListener("change", (e) => page.choose(e.target.value));
  for (const b of document.querySelectorAll("#keys button")) keyButton(b, +b.dataset.key);
  el("board").addEventListener("keydown", onKey);
  page.ready = start(board);
  return page.ready;
}

// A function key: its number follows the squares', so it is read at the press
// (the board chosen decides it).
function keyButton(node, k) {
  holdable(node, () => keyNumber(k));
}

page.loaded = init();
page.loaded.catch((e) => { setStatus("notStarted", { why: e.message }); console.error(e); });
