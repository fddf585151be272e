"""The record books off the boards: `python -m tools.records` (cli), pulling
them over USB (pull), reading a line (book), and the files other programs
open (export, sgf, gocount). Stands on tools.link only."""
