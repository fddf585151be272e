"""The app: menus, modes, move entry, rendering, saves. Knows no game's rules."""
import sys

# The modules only a game needs (its modes and their helpers, the kept
# games' prompt and the saves' reader): given back when a game is left, as
# the game's own module is (core.back_at_menu), so the menu's heap after a
# day of games stays where the first game left it (on a small heap, these
# held the room a big game's AI needed later). Each loads again at its
# next import.
GAME_ONLY = ("play", "result", "pause", "race", "replay", "overlays", "turns", "entry",
             "pieces", "waiting", "view", "explain", "words", "kept", "savefile", "setup")


def forget(short):
    """Give module app.<short> back to the heap (it loads again at its next
    import): out of sys.modules and out of this package's names."""
    sys.modules.pop("app." + short, None)
    globals().pop(short, None)


def unload():
    """Forget the game-only modules."""
    for short in GAME_ONLY:
        forget(short)
