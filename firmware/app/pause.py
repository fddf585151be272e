"""The pause choice: Menu during a game never loses it without being asked.

Menu in play opens this choice over the dimmed game, its text looping until
a key answers (so it waits as long as anyone needs to read it):

- OK: back to the game, as it was;
- Menu (again): back to the menu, the game kept for later. Its save stays
  on flash as it was written after the last move, so the power-cut promises
  of app/saves.py hold unchanged; the menu then offers it on its game's
  square (app/kept.py), with any other kept games;
- Undo: abandon it, after a second question (OK abandons, Menu or any other
  key comes back to the choice). An abandoned game goes to the record book
  as NOT FINISHED, then its save is cleared.

A demo (the board against itself) has nothing to keep: any key ends it in
app/play.py without coming here.
"""
from hal import MENU, OK, UNDO
from app.core import mode
from app.screen import Scroll, TEXT, ERROR
from app.lang import N_, tr

CHOICE = N_("OK: PLAY ON|MENU: KEEP FOR LATER|UNDO: ABANDON")
ABANDON = N_("ABANDON THIS GAME?|RECORDED: NOT FINISHED|OK: YES - MENU: NO")


class Pause:
    def __init__(self, ctx, play):
        self.ctx = ctx
        self.play = play
        self.asking = False           # the abandon question is up
        self.scroll = Scroll(tr(CHOICE), ctx.cols, TEXT, loop=True)

    def step(self, now, events):
        ctx = self.ctx
        for key, down in events:
            if not down or key < ctx.n:
                continue
            k = ctx.fkey(key)
            if self.asking:
                if k == OK:
                    return self.abandon()
                self.asking = False
                self.scroll = Scroll(tr(CHOICE), ctx.cols, TEXT, loop=True)
            elif k == OK:
                return self.back()
            elif k == MENU:
                return mode("menu", ctx)    # the save stays: offered again at the menu
            elif k == UNDO:
                self.asking = True
                self.scroll = Scroll(tr(ABANDON), ctx.cols, ERROR, loop=True)
        return None

    def abandon(self):
        """Into the record book first, then the save cleared: a cut in
        between leaves it kept, and abandoning it again records it once."""
        p = self.play
        if p.texts:
            from app.result import record_unfinished
            record_unfinished(self.ctx, p.settings, p.texts, p.tag)
        p.journal.clear()
        return mode("menu", self.ctx)

    def back(self):
        """Back to the game as it was; on a reed board the switches are read
        again (pieces may have been moved while the choice was up)."""
        p = self.play
        if p.pieces is not None:
            p.pieces.refresh()
        p.scroll = None
        p.version += 1                # drawn afresh
        return p

    def draw(self, scr, now):
        self.play.view.draw(scr, self.play.game)
        scr.band(dim=True)            # the game dimmed under the question, its rows dark
        self.scroll.draw(scr, now)
