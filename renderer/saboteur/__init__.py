"""Saboteur images: the public maze (`board.render_board`) and a seat's hand (`hand.render_hand`).

The board takes the spectator view ``state.view(None)`` and the hand the seat's
own ``state.view(seat)``, never the full state, so an image cannot show a
secret its viewers may not see.
"""
