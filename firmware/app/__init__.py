"""The app: menus, modes, move entry, rendering, saves. Knows no game's rules."""
