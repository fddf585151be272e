"""The board without the board: the terminal simulator (`python -m tools.sim`,
terminal), its scripts (script), the web page (`python -m tools.sim.web`),
the pictures of the players' guide (pictures) and the wiring diagrams
(wiring). Stands on tools.link, tools.deploy and tools.play."""
