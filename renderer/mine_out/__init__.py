"""Mine Out's images, drawn from views only: the town's map (`town`) and its cards
(`hiring`), each player's holdings (`holdings`), the last turn marked on them
(`last_turn`)."""
