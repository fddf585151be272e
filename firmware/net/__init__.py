"""The club network: a board with WiFi publishes its games to the club's
broker (docs/developers/club-protocol.md). Loaded only on a board whose
board file names a network; the app knows none of it (ctx.net)."""
