"""Mine Out's images: the mining town and each player's holdings, drawn from views only."""
