"""Bots decide in a worker pool, so a slow bot never holds up the event loop."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from keepers.core.game import Bot, GameState, bot_view


def _choose(bot: Bot, state: GameState, seat: int) -> str:
    """Runs in a worker: the bot sees its own view and the legal decisions, as at a table."""
    legal = state.legal_actions()
    view = bot_view(state, seat, bot)
    return bot.choose(view, legal)


class BotPool:
    """A small pool of worker threads in which bots choose their decisions."""

    def __init__(self, workers: int = 2) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="keepers-bot")

    async def choose(self, bot: Bot, state: GameState, seat: int) -> str:
        """The bot's decision for ``seat`` in ``state`` (a copy the bot may keep to itself)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _choose, bot, state, seat)

    def close(self) -> None:
        """Stop the workers (a bot still thinking is abandoned)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
