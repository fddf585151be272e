// The board's hardware as the web HAL (firmware/hal/web.py) sees it: the JS
// module `webboard`. It lives next to MicroPython (in the page's worker, or in
// Node for the HAL conformance test) and tells `post` what the page must draw
// or keep: {type: "frame"|"beep"|"saved"|"renamed"|"removed", ...}.
//
// A finger (press, then release) is held until the board has scanned it
// closed `scans` times, so a quick click is still a touch; a piece (toggle)
// stays where it is put. A script sets switches directly on its own clock.

export const TAP_MS = 100;

export function makeLink(size, scans, post, clock) {
  const raw = new Uint8Array(size);
  const fingers = new Map();   // key -> {at: earliest release ms, seen: scans since press, up}
  let scanned = 0;
  const now = clock || (() => Math.floor(performance.now()));
  const link = {
    // --- what hal/web.py calls ---
    switches() {
      scanned += 1;
      const t = now();
      for (const [key, f] of fingers) {
        f.seen += 1;
        if (f.up && t >= f.at && f.seen > scans) {
          raw[key] = f.was;
          fingers.delete(key);
        }
      }
      let s = "";
      for (let i = 0; i < size; i++) s += raw[i] ? "1" : "0";
      return s;
    },
    now() { return now(); },
    show(hex, scale) { post({ type: "frame", hex, scale }); },
    beep(freq, ms) { post({ type: "beep", freq, ms }); },
    saved(path, b64) { post({ type: "saved", path, b64 }); },
    renamed(oldPath, newPath) { post({ type: "renamed", oldPath, newPath }); },
    removed(path) { post({ type: "removed", path }); },
    say(text) { post({ type: "say", text }); },
    // --- what the page (or a script, or a test) does to the switches ---
    press(key) {
      // A finger on a square where a piece stands lifts it, as on the board.
      if (key < 0 || key >= size || fingers.has(key)) return;
      fingers.set(key, { at: now() + TAP_MS, seen: 0, up: false, was: raw[key] });
      raw[key] = raw[key] ? 0 : 1;
    },
    release(key) {
      const f = fingers.get(key);
      if (f) f.up = true;
    },
    toggle(key) {
      if (key < 0 || key >= size || fingers.has(key)) return;
      raw[key] = raw[key] ? 0 : 1;
    },
    set_switch(key, closed) { raw[key] = closed ? 1 : 0; },
    switch_closed(key) { return raw[key] === 1; },
    scans() { return scanned; },
  };
  return link;
}
