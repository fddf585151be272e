// The page's own words in English (the board's words are the firmware's:
// firmware/app/lang.py). words_pt.js has the same keys in Portuguese; a
// classic script, so the page opened as a file can still say what to do.
// {name} fields are filled in by board.js.
(self.PAGE_WORDS = self.PAGE_WORDS || {}).en = {
  html: "en",
  name: "English",
  title: "Games board",
  board: "Board",
  club9: "club9: 9 x 9, real pieces (reed switches)",
  club8: "club8: 8 x 8, push buttons",
  language: "Language",
  boardHelp: "The board. Arrow keys move, space touches, P puts a piece down or lifts it, " +
             "M O U H tap Menu OK Undo Hint, capitals hold them",
  keys: ["Menu", "OK", "Undo", "Hint"],
  says: "The board says:",
  piecesMode: "a click puts a piece down or lifts it (real pieces; a right click always does)",
  howTo: "How to play here",
  help: [
    "Click or tap a square to touch it; hold the button down to hold it.",
    "On club9, a board for real pieces: right click a square (or tick the box above) to put " +
      "a piece down there or take it up.",
    "Keyboard: arrow keys move the cursor, space or enter touches, <kbd>p</kbd> puts a piece " +
      "down or lifts it, <kbd>m</kbd> <kbd>o</kbd> <kbd>u</kbd> <kbd>h</kbd> tap Menu, OK, " +
      "Undo, Hint, capitals hold them for 2.5 s.",
    "The game in progress is kept in this browser: close the tab and come back to it, as a " +
      "board keeps it through a power cut.",
  ],
  offGame: "off the game",
  starting: "Starting the board…",
  isOn: "{name} ({kind}) is on.",
  reed: "real pieces",
  button: "push buttons",
  cursor: "Cursor on {square}",
  notKept: "This browser will not keep the board's games ({why}).",
  notStarted: "The board could not start: {why}",
  stopped: "The board stopped: {why}",
  asFile: "Browsers run this board only from a web address: in this folder, run " +
          "python3 serve.py and open the address it prints.",
};
