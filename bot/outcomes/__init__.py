"""What finished games leave behind, pure (no discord, no storage): each game's
summary (`summaries`), the skill ratings (`ratings`) and the statistics (`stats`)
computed from them."""
