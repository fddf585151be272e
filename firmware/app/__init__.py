"""The app: menus, modes, move entry, rendering, saves. Knows no game's rules."""
import sys


def forget(name):
    """Give back app module `name` (loaded again at its next import): a mode
    used now and then need not hold the heap all day."""
    sys.modules.pop("app." + name, None)
    globals().pop(name, None)
