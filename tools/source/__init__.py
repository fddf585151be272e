"""The firmware's source as a whole: its type check against the boards' APIs
(typecheck) and the menu's catalogue generated from the game modules
(catalog). Stands on tools.link only."""
