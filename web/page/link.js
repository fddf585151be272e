// The board's hardware as the web HAL (firmware/hal/web.py) sees it: the JS
// module `webboard`. It lives next to MicroPython (in the page's worker, or in
// Node for the HAL conformance test) and tells `post` what the page must draw
// or keep: {type: "frame"|"beep"|"saved"|"renamed"|"removed"|"say"|"saying"|
// "margins"|"lang", ...}.
//
// A finger (press, then release) is held until the board has scanned it
// closed `scans` times, so a quick click is still a touch; a piece (toggle)
// stays where it is put. A script sets switches directly on its own clock.

export const TAP_MS = 100;

export function makeLink(size, scans, post, clock) {
  const raw = new Uint8Array(size);
  // key -> {at: earliest release ms, seen: scans since the press, up: the
  // finger has gone, was: the switch before, next: touches waiting, gap}
  const fingers = new Map();
  let scanned = 0;
  const now = clock || (() => Math.floor(performance.now()));
  function start(key, touch, next) {
    fingers.set(key, { at: now() + TAP_MS, seen: 0, up: touch.up, was: raw[key], next, gap: 0 });
    raw[key] = raw[key] ? 0 : 1;
  }
  const link = {
    // --- what hal/web.py calls ---
    switches() {
      scanned += 1;
      const t = now();
      for (const [key, f] of fingers) {
        f.seen += 1;
        if (f.gap > 0) {
          // Open again between two touches of one square until the board
          // has seen it open: then the next touch starts.
          f.gap -= 1;
          if (f.gap === 0) start(key, f.next.shift(), f.next);
        } else if (f.up && t >= f.at && f.seen > scans) {
          raw[key] = f.was;
          if (f.next.length) fingers.set(key, { gap: scans + 1, next: f.next, seen: 0 });
          else fingers.delete(key);
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
    saying(text) { post({ type: "saying", text }); },
    margins(names) { post({ type: "margins", names }); },
    lang(code) { post({ type: "lang", code }); },
    // --- what the page (or a script, or a test) does to the switches ---
    press(key) {
      // A finger on a square where a piece stands lifts it, as on the board.
      // A touch while the last one on that square is still going on comes
      // after it: a quick double click is two touches.
      if (key < 0 || key >= size) return;
      const f = fingers.get(key);
      if (f) f.next.push({ up: false });
      else start(key, { up: false }, []);
    },
    release(key) {
      const f = fingers.get(key);
      if (!f) return;
      if (f.next.length) f.next[f.next.length - 1].up = true;
      else f.up = true;
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
