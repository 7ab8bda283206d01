"""A live game in memory: its state, its state number, its seats and its watchers.

A game's state is replaced, never changed, by each decision (see :mod:`keepers.server.hub`,
where decisions are made), so a view or a bot's copy is always of one whole state.
"""

from __future__ import annotations

import asyncio
from collections import deque
from datetime import datetime
from typing import cast

from pydantic import BaseModel

from keepers.core.game import Bot, Game, GameState
from keepers.core.i18n import language, speaking
from keepers.core.match import bot_seed
from keepers.server import clocks, tokens
from keepers.server.protocol import (
    GameSummary,
    InfoText,
    Legal,
    Logged,
    Pending,
    Result,
    SeatInfo,
    StateMessage,
    Status,
    TimeoutNote,
)
from keepers.server.storage import OPEN, PEOPLE, GameEntry

MAX_BACKLOG = 1000
"""Messages waiting for one connection before it is closed as not reading."""
LOG_LENGTH = 12
"""Public decisions a state message recalls (the log beside a browser's board)."""
LogEntry = tuple[int, int, str]
"""A public decision in the log: its number, its seat, its text."""


class Refusal(Exception):
    """A request refused with a code for programs and a message for people; nothing changed."""

    def __init__(self, code: str, message: str, clause: str | None = None,
                 state: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.clause = clause
        self.state = state


class Watcher:
    """One connection to a game: its seat (None: a spectator) and its outbox of messages.

    A client that stops reading is not kept up with forever: past :data:`MAX_BACKLOG`
    waiting messages its outbox ends with ``None``, and the connection is closed (the
    client reconnects and gets the current state)."""

    def __init__(self, seat: int | None, lang: str | None = None) -> None:
        self.seat = seat
        self.lang = lang
        """The language of this connection's texts (None: the server's)."""
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.lagging = False

    def push(self, text: str) -> None:
        """Queue a message already in JSON."""
        if self.lagging:
            return
        if self.outbox.qsize() >= MAX_BACKLOG:
            self.lagging = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def send(self, message: BaseModel) -> None:
        """Queue a message for this connection."""
        self.push(message.model_dump_json())


class GameSession:
    """One game in memory; its state is replaced, never changed, by each decision."""

    def __init__(self, entry: GameEntry, game: Game, state: GameState) -> None:
        self.entry = entry
        self.game = game
        self.state = state
        self.number = entry.decisions
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.bots: dict[int, Bot] = _make_bots(game, entry)
        self.driver: asyncio.Task[None] | None = None
        self.log: deque[LogEntry] = deque(maxlen=LOG_LENGTH)
        self._labelled: dict[tuple[str, int], Logged] = {}
        """Logged decisions already labelled, by language and number (each decision is
        labelled once per language, not for every state message of every connection)."""
        """The last public decisions (filled again from the replay when the game is loaded);
        a secret decision (a poll only some seats receive) is never logged."""
        self.clock = clocks.Clock.of(entry)
        self.alarm = clocks.Alarm()

    @property
    def id(self) -> str:
        """The game's id."""
        return self.entry.id

    def seat_for(self, token: str) -> int:
        """The human seat whose token this is (every seat is compared, in constant time)."""
        found = [seat.seat for seat in self.entry.seats
                 if seat.token_hash is not None and tokens.matches(token, seat.token_hash)]
        if not found:
            raise Refusal("bad_token", "this seat token opens no seat of this game")
        return found[0]

    def open_seats(self) -> list[int]:
        """The open seats no one has taken yet."""
        return [seat.seat for seat in self.entry.seats if seat.kind == OPEN]

    def bot_to_move(self) -> int | None:
        """The bot seat that must decide now, if any (None before the game starts)."""
        if self.entry.status != "ongoing":
            return None
        seat = self.state.to_move()
        return seat if seat in self.bots else None

    def taken_over(self, seat: int) -> bool:
        """True when a bot has taken this human seat (its time ran out)."""
        return self.entry.seats[seat].kind == "human" and seat in self.bots

    def take_over(self, seat: int, bot: str) -> None:
        """Let the bot ``bot`` play ``seat`` from now on."""
        self.bots[seat] = self.game.bots()[bot](seat, bot_seed(self.entry.seed, seat))

    def over(self) -> bool:
        """True once the game has ended, by its rules or on time."""
        return self.state.is_over() or self.entry.status == "finished"

    def result(self) -> Result | None:
        """The outcome once the game is over (as stored, when it ended on time)."""
        if self.entry.result is not None:
            return Result.model_validate(self.entry.result)
        return result_of(self.state, self.number) if self.state.is_over() else None

    def summary(self) -> GameSummary:
        """The game as listed."""
        return summarize(self.entry)

    def note(self, number: int, action: str) -> None:
        """Log decision ``number``, ``action`` answering the current state, if it is public."""
        decision = self.state.decision()
        if decision is not None and decision.public:
            self.log.append((number, decision.player, action))

    def info(self, seat: int | None, name: str, lang: str | None = None) -> InfoText:
        """What the card, tile or space ``name`` does, read from ``seat``'s own view."""
        with speaking(lang):
            return InfoText(name=name, text=self.game.info(name, self.state.view(seat)))

    def logged(self) -> list[Logged]:
        """The log, each decision labelled in the current language."""
        lang = language()
        if len(self._labelled) > 4 * LOG_LENGTH:  # forget decisions long out of the log
            self._labelled.clear()
        entries = []
        for number, seat, action in self.log:
            entry = self._labelled.get((lang, number))
            if entry is None:
                entry = Logged(state=number, seat=seat, action=action,
                               label=self.game.describe_action(action))
                self._labelled[lang, number] = entry
            entries.append(entry)
        return entries

    def message_for(self, seat: int | None, at: datetime | None = None) -> StateMessage:
        """The current state as ``seat`` may see it (None: a spectator), its clocks read
        at ``at`` (default: now)."""
        decision = self.state.decision()
        pending = None
        legal: list[Legal] = []
        if decision is not None and (decision.public or decision.player == seat):
            prompt = decision.prompt if decision.player == seat else None
            pending = Pending(seat=decision.player, kind=decision.kind, prompt=prompt)
        if (decision is not None and decision.player == seat and seat not in self.bots
                and self.entry.status == "ongoing"):
            legal = [Legal(action=action, label=self.game.describe_action(action))
                     for action in self.state.legal_actions()]
        clock = None if self.clock is None else self.clock.view(
            self.state, self.entry.status, self.entry.players, at or clocks.wall())
        return StateMessage(state=self.number, status=_status(self.entry.status),
                            view=self.state.view(seat), log=self.logged(), decision=pending,
                            legal=legal,
                            over=self.over(), result=self.result(), clock=clock)

    def message_to(self, watcher: Watcher) -> StateMessage:
        """The current state for one connection: its seat's view, in its language."""
        with speaking(watcher.lang):
            return self.message_for(watcher.seat)

    def broadcast(self) -> None:
        """Push the current state to every watcher, each seeing its own view in its own
        language (the clocks read at one instant for all)."""
        at = clocks.wall()
        texts: dict[tuple[int | None, str | None], str] = {}
        for watcher in self.watchers:
            key = (watcher.seat, watcher.lang)
            if key not in texts:
                with speaking(watcher.lang):
                    texts[key] = self.message_for(watcher.seat, at).model_dump_json()
            watcher.push(texts[key])


def _make_bots(game: Game, entry: GameEntry) -> dict[int, Bot]:
    """The game's bots: its bot seats, and the human seats bots took when time ran out."""
    factories = game.bots()
    kinds = {seat.seat: seat.kind for seat in entry.seats if seat.kind not in PEOPLE}
    kinds.update({t.seat: t.bot for t in entry.timeouts if t.bot is not None})
    return {seat: factories[kind](seat, bot_seed(entry.seed, seat))
            for seat, kind in kinds.items()}


def result_of(state: GameState, decisions: int,
              timeouts: list[TimeoutNote] | None = None) -> Result:
    return Result(scores=state.scores(), winners=state.winners(), decisions=decisions,
                  capped=state.capped, timeouts=timeouts or [])


def _status(status: str) -> Status:
    return cast(Status, status)


def summarize(entry: GameEntry) -> GameSummary:
    """A stored game as listed (never its seed)."""
    taken = {t.seat: t.bot for t in entry.timeouts}
    seats = [SeatInfo(seat=seat.seat, kind="human" if seat.kind in PEOPLE else "bot",
                      bot=None if seat.kind in PEOPLE else seat.kind,
                      claimed=seat.claimed or seat.kind not in PEOPLE, name=seat.name,
                      taken_over=taken.get(seat.seat), open=seat.kind == OPEN)
             for seat in entry.seats]
    result = Result.model_validate(entry.result) if entry.result else None
    return GameSummary(id=entry.id, game=entry.game, players=entry.players,
                       options=entry.options, rules=entry.rules, bot_delay=entry.bot_delay,
                       seats=seats, status=_status(entry.status), state=entry.decisions,
                       created_at=entry.created_at, result=result,
                       time_control=clocks.described(entry))
