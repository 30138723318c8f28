"""Coal Baron images: the board, every mine in one image, a player's mine, a draw-5 choice
and the shift scoring.

Every renderer takes the output of ``state.view(seat)`` (through `model.py`), never the
full state, so an image cannot show a secret the viewer may not see, and the players'
display names (index = seat).
"""
