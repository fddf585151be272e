"""Playing the board's games off the board: the referee, the GTP engine, the
opponents for matches (players, gtp_client, mcts_ref, spiel_ref), the match
loop and its report, and the opening books made by playing (go_book,
solve_semaforo). Stands on tools.link and tools.records."""
