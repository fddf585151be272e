"""The club: every board's game live on a page, every result recorded,
boards playing each other (docs/club.md)."""
