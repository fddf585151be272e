"""Putting the firmware on a board: `python -m tools.deploy` (cli), its plan
(plan, space), the build (build), the CircuitPython drive (cp) and the check
on a real board (`python -m tools.deploy.check`). Stands on tools.link only."""
