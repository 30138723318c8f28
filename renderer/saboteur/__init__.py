"""Saboteur images: the public table (`board.render_board`), a finished round's final maze
(`board.render_round_end`), a seat's hand (`hand.render_hand`) and the lettered places for
a path card (`placement.render_placement`).

The public images take the spectator view ``state.view(None)`` and the private ones the
seat's own ``state.view(seat)``, never the full state, so an image cannot show a secret
its viewers may not see. Each also takes the players' display names (index = seat).
"""
