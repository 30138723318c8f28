"""The worker processes the bot starts besides its own: the render pool's
(`render_pool`), and the lifeline that ends every worker with the bot (`lifeline`,
`forkserver_lifeline`). The computer players' workers are `bot.ai.runner`'s."""
