"""Playing any game on one terminal, people and bots together.

Each human decision shows the player's own view (``game.render``), what the others
decided since the player's last turn, then a numbered menu of the legal decisions,
a page at a time: a page fits the screen's height under the turn line and the
prompt, so on a low screen (80×24) the board scrolls up and the prompt and menu
stay in view.  The player answers with a
number or the text command.  A few words are always understood and never count
as decisions: ``help`` (what the player can do now and how to type it), ``log``
(the last public decisions, as the game describes them), ``rules`` (the rules of
the current phase, from the game), ``info <name>`` (what a card, tile or space
does, from the game's data), ``board`` (the board again, a screen at a time) and
``more`` (the next page of a long menu); the first word of several decisions
(``fence``) lists only those.  ``undo`` takes back the player's last decision (and
the bots' since), unless something hidden from the player came to light since
(:mod:`keepers.core.undo`).  Bots play by themselves.  When several people share
the terminal, the screen is hidden between their turns.  Input comes from an
injectable ``read(prompt) -> str`` function that raises :class:`EOFError` at the
end of input, so tests can script a whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.segment import SegmentLines
from rich.table import Table
from rich.text import Text

from keepers.core.errors import KeepersError, RuleError
from keepers.core.game import (
    Bot,
    Decision,
    Game,
    GameState,
    JsonDict,
    bot_view,
    settings_problem,
)
from keepers.core.i18n import t
from keepers.core.match import GameResult, bot_seed, game_stats
from keepers.core.record import GameRecord
from keepers.core.undo import Undo

HUMAN = "human"
HELP = ("help", "?")
LOG = "log"
RULES = "rules"
INFO = "info"
MORE = "more"
BOARD = "board"
UNDO = "undo"
PAGE = 16
"""A menu longer than this is shown a page at a time (so the board stays on screen)."""
MIN_ROWS = 2
"""A page of the menu takes at least this many rows, however low the screen."""
RESUMED_UNDOS = 8
"""How many of the people's last decisions ``undo`` may reach in a resumed record."""
LOG_LENGTH = 12
"""How many of the last decisions ``log`` shows."""
Reader = Callable[[str], str]


def stream_reader(stream: TextIO, console: Console | None = None) -> Reader:
    """Return a reader taking lines from ``stream`` (raising EOFError at its end)."""

    def read(prompt: str) -> str:
        if console is not None:
            console.print(Text(prompt), end="")
        line = stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    return read


def seat_number(seat: int) -> int:
    """The number players see for engine seat ``seat``: on screen seats count from 1
    (seat 1 is the first seat); records, positions and bots count from 0."""
    return seat + 1


def seat_bots(game: Game, seats: Sequence[str], seed: int) -> dict[int, Bot]:
    """Build the bots of the non-human seats, each seeded by :func:`bot_seed` of the game
    seed; unknown names raise :class:`KeepersError`."""
    factories = game.bots()
    bots: dict[int, Bot] = {}
    for seat, name in enumerate(seats):
        if name == HUMAN:
            continue
        if name not in factories:
            if problem := settings_problem(factories, name):
                raise KeepersError(problem)
            known = ", ".join([HUMAN, *sorted(factories)])
            raise KeepersError(t("play.unknown_seat", name=name, known=known))
        bots[seat] = factories[name](seat, bot_seed(seed, seat))
    return bots


def _label(game: Game, action: str) -> Text:
    label = game.describe_action(action)
    text = Text(label)
    if label != action:
        text.append(f"  [{action}]", style="dim")
    return text


def _event(game: Game, decision: Decision, name: str, action: str) -> Text | None:
    """One line telling what a seat decided; nothing for secret decisions.

    A secret decision (a poll only holders of a playable card receive) must not
    even be announced: that alone would tell the table who holds such a card.
    What such a decision makes public (a card played) reaches players through
    their views.
    """
    if not decision.public:
        return None
    who = t("play.who", seat=seat_number(decision.player), name=name)
    return Text(f"{who}: ").append(_label(game, action))


def _hide(console: Console, read: Reader, seat: int) -> None:
    console.clear()
    read(t("play.pass_device", seat=seat_number(seat)))
    console.clear()


def _rows(console: Console, text: Text | str) -> int:
    """How many screen rows ``text`` takes at the console's width."""
    text = Text(text) if isinstance(text, str) else text
    return max(1, len(text.wrap(console, console.width)))


class _Menu:
    """The numbered decisions on screen, a page at a time.

    A page holds at most :data:`PAGE` decisions and fits the screen under the turn
    line and the prompt, above the question (so at 80×24 the prompt and the page stay
    in view while the board scrolls up); numbers always count from the first decision.
    A first word narrows the menu to the decisions it begins; ``more`` turns the page.
    """

    def __init__(self, console: Console, game: Game, prompt: str, legal: list[str]) -> None:
        self.console, self.game, self.prompt, self.legal = console, game, prompt, legal
        self.numbers = list(range(len(legal)))
        self.page = 0

    def show(self, numbers: list[int] | None = None, page: int = 0) -> None:
        """Print the prompt and page ``page`` of ``numbers`` (default: those shown last)."""
        if numbers is not None:
            self.numbers = numbers
        pages = self._pages()
        self.page = page % len(pages)
        shown = pages[self.page]
        self.console.print(Text(self.prompt, style="bold"))
        _numbered(self.console, self.game, self.legal, shown)
        if len(pages) > 1:
            self.console.print(self._more(shown), style="dim")

    def more(self) -> None:
        """Print the next page (the first again after the last)."""
        self.show(page=self.page + 1)

    def _more(self, shown: list[int]) -> Text:
        listed = [self.legal[n] for n in self.numbers]
        return Text(t("play.more", first=shown[0] + 1, last=shown[-1] + 1,
                      count=len(self.numbers), word=_narrowing(listed, self.legal[shown[0]])))

    def _pages(self) -> list[list[int]]:
        """``numbers`` cut into pages that fit the rows left free (:meth:`_free`)."""
        rows = {n: _rows(self.console, _line(self.game, self.legal, n)) for n in self.numbers}
        free = self._free(sum(rows.values()))
        pages: list[list[int]] = [[]]
        used = 0
        for number in self.numbers:
            if pages[-1] and (used + rows[number] > free or len(pages[-1]) >= PAGE):
                pages.append([])
                used = 0
            pages[-1].append(number)
            used += rows[number]
        return pages

    def _free(self, needed: int) -> int:
        """The rows a page may take: the screen less the turn line, the prompt, the line
        about further pages (when ``needed`` rows do not fit), the question and the row
        the answer leaves, but never fewer than :data:`MIN_ROWS`."""
        fixed = 2 + _rows(self.console, self.prompt) + _rows(self.console, _ask(len(self.legal)))
        if needed > self.console.height - fixed:
            sample = self.numbers[:1] * 2
            fixed += _rows(self.console, self._more(sample))
        return max(MIN_ROWS, self.console.height - fixed)


def _ask(count: int) -> str:
    return t("play.ask", count=count)


def _line(game: Game, legal: list[str], number: int) -> Text:
    """Decision ``number`` (0-based) of ``legal`` as a menu line, numbered from 1."""
    return Text(f"{number + 1:>4}. ").append(_label(game, legal[number]))


def _narrowing(legal: list[str], action: str) -> str:
    """The first words of ``action`` that some decisions of ``legal`` do not share:
    typed, they list only the decisions starting with them (``cottage 2``)."""
    words = action.split()
    for count in range(1, len(words)):
        prefix = " ".join(words[:count])
        if not all(other.startswith(prefix + " ") for other in legal):
            return prefix
    return words[0]


def _numbered(console: Console, game: Game, legal: list[str], numbers: Sequence[int]) -> None:
    """Print the decisions at ``numbers`` (0-based) of ``legal``, numbered from 1."""
    for number in numbers:
        console.print(_line(game, legal, number))


def _rules(console: Console, game: Game, view: JsonDict) -> None:
    """The rules of the current phase, as the game summarises them (not a decision)."""
    console.print(Text(game.rules_summary(view) or t("play.rules_none")))


def _info(console: Console, game: Game, name: str, view: JsonDict) -> None:
    """What a card, tile or space does, from the game's data (not a decision)."""
    if not name:
        console.print(Text(t("play.info_usage"), style="yellow"))
        return
    text = game.info(name, view)
    if text is None:
        console.print(Text(t("play.info_unknown", name=name), style="yellow"))
        return
    console.print(Text(text))


def _help(console: Console, menu: _Menu) -> None:
    """What the player can do now and how to type it (not a decision)."""
    console.print(Text(t("play.help_now", count=len(menu.legal)), style="bold"))
    menu.show(list(range(len(menu.legal))))
    console.print(t("play.help_typing", count=len(menu.legal), example=menu.legal[0]))


def _board(console: Console, read: Reader, board: Any) -> None:
    """Print the board (not a decision); one taller than the screen is shown a screen at
    a time, Enter for the next (any other answer stops there)."""
    lines = console.render_lines(board, console.options, pad=False)
    step = max(MIN_ROWS, console.height - 2)
    for start in range(0, len(lines), step):
        if start and read(t("play.board_next", shown=start, total=len(lines))).strip():
            return
        console.print(SegmentLines(lines[start:start + step], new_lines=True), end="")


def _log(console: Console, history: Sequence[Text]) -> None:
    """The last public decisions, as the game describes them (not a decision)."""
    if not history:
        console.print(t("play.log_empty"))
        return
    shown = history[-LOG_LENGTH:]
    console.print(Text(t("play.log_title", count=len(shown), total=len(history)), style="bold"))
    for line in shown:
        console.print(line, style="cyan")


def _human_turn(game: Game, state: GameState, seat: int, name: str, console: Console,
                read: Reader, history: Sequence[Text] = (),
                undo: Callable[[], str | None] | None = None,
                news: Sequence[Text] = (), compact: bool = False) -> str | None:
    """Show the seat's view, the ``news`` (what the others decided since its last turn,
    under the board so that a board taller than the screen does not push it away) and
    the menu, and apply its answer; return the action applied, or None when the player
    asked to ``undo`` and ``undo()`` (the reason it is refused, or None) allows it.
    ``compact`` leaves the board out (one line says how to see it), so that on a low
    screen the news, the prompt and the menu are all in view.

    ``help``, ``log``, ``rules``, ``info``, ``board`` and ``more`` are answered without
    taking a decision; a refused ``undo`` changes nothing.
    """
    decision = state.decision()
    assert decision is not None
    view = state.view(seat)
    board = game.render(view)
    console.print(Text(t("play.board_hidden"), style="dim") if compact else board)
    for line in news:
        console.print(line, style="cyan")
    console.rule(t("play.your_turn", seat=seat_number(seat), name=name,
                   round=state.round_number))
    legal = state.legal_actions()
    menu = _Menu(console, game, decision.prompt, legal)
    menu.show()
    words: dict[str, Callable[[str], None]] = {
        **dict.fromkeys(HELP, lambda rest: _help(console, menu)),
        LOG: lambda rest: _log(console, history),
        RULES: lambda rest: _rules(console, game, view),
        INFO: lambda rest: _info(console, game, rest, view),
        BOARD: lambda rest: _board(console, read, board),
        MORE: lambda rest: menu.more(),
    }
    while True:
        entry = " ".join(read(_ask(len(legal))).split())
        word, _, rest = entry.partition(" ")
        if word.lower() in words and (not rest or word.lower() == INFO):
            words[word.lower()](rest)
        elif entry.lower() == UNDO:
            refusal = t("play.undo_none") if undo is None else undo()
            if refusal is None:
                return None
            console.print(Text(refusal, style="yellow"))
        elif entry:
            action = _chosen(console, menu, entry)
            if action is not None and _applied(console, state, action):
                return action


def _chosen(console: Console, menu: _Menu, entry: str) -> str | None:
    """The decision ``entry`` names (a number or a text), or None when it is a bad number
    (said) or the first words of several decisions (those are listed instead)."""
    legal = menu.legal
    if entry.isdigit():
        number = _number(entry)
        if not 1 <= number <= len(legal):
            console.print(Text(t("play.bad_number", count=len(legal)), style="red"))
            return None
        return legal[number - 1]
    starting = [n for n, a in enumerate(legal) if a.lower().startswith(entry.lower() + " ")]
    if starting and entry.lower() not in (a.lower() for a in legal):
        menu.show(starting)  # a first word narrows the menu
        return None
    folded = [a for a in legal if a.lower() == entry.lower()]
    return folded[0] if len(folded) == 1 else entry


def _applied(console: Console, state: GameState, action: str) -> bool:
    """Apply ``action``; a refusal is said in one line and changes nothing."""
    try:
        state.apply(action)
    except RuleError as exc:
        console.print(Text(t("play.refused", reason=str(exc)), style="red"))
        return False
    return True


def _number(entry: str) -> int:
    """The menu number typed, or 0 for digits that are no menu number: ``²`` (a digit
    ``int`` refuses) or thousands of digits (more than ``int`` converts)."""
    return int(entry) if entry.isdecimal() and len(entry) <= 9 else 0


def result_of(state: GameState, seats: Sequence[str], decisions: int) -> GameResult:
    """Return the result of a finished (or capped) game."""
    return GameResult(scores=state.scores(), winners=state.winners(), rounds=state.round_number,
                      decisions=decisions, capped=state.capped, seats=list(seats),
                      stats=game_stats(state))


def show_result(console: Console, state: GameState, seats: Sequence[str]) -> None:
    """Print the scores table and the winners of a finished game."""
    table = Table(title=t("result.title"))
    for header in ("result.seat", "result.player", "result.score"):
        table.add_column(t(header))
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        mark = " *" if seat in winners else ""
        name = seats[seat] if seat < len(seats) else "?"
        table.add_row(str(seat_number(seat)), name, f"{score}{mark}")
    console.print(table)
    names = ", ".join(t("play.who", seat=seat_number(s), name=seats[s] if s < len(seats) else "?")
                      for s in winners)
    console.print(Text(t("result.winners", names=names or "-"), style="bold green"))
    if state.capped:
        console.print(Text(t("result.capped"), style="yellow"))


def save_record(console: Console, record: GameRecord, path: str | Path | None,
                quiet: bool = False) -> None:
    """Save ``record`` to ``path`` (when given), reporting success (unless ``quiet``) or
    failure in one line."""
    if path is None:
        return
    try:
        record.save(path)
    except OSError as exc:
        console.print(Text(t("play.save_failed", path=str(path), reason=str(exc)), style="red"))
        return
    if not quiet:
        console.print(t("play.saved", path=str(path)))


def _start(game: Game, record: GameRecord, history: list[Text],
           taken: list[tuple[int, int]]) -> GameState:
    """The position to play from: a new game, or the record's decisions replayed.

    The public decisions replayed go to ``history``, so that ``log`` shows them too;
    ``taken`` receives, for each, the seat that took it and the log's length before it.
    """
    if not record.actions:
        return game.new_state(record.players, record.seed, record.options)

    def seen(decision: Decision, action: str) -> None:
        taken.append((decision.player, len(history)))
        name = record.seats[decision.player] if decision.player < len(record.seats) else "?"
        event = _event(game, decision, name, action)
        if event is not None:
            history.append(event)

    return record.replay(watch=seen)


def play_terminal(game: Game, record: GameRecord, *, console: Console | None = None,
                  read: Reader | None = None, save_to: str | Path | None = None,
                  hide_screen: bool | None = None, compact: bool = False) -> int:
    """Play the game set up by ``record`` (seats: ``human`` or bot names) on a terminal.

    A record that already holds decisions is resumed: they are replayed first.
    Decisions are appended to ``record.actions`` (and removed again by ``undo``);
    the record is saved to ``save_to`` at the start, after every decision and undo
    (atomically, under a millisecond: a process killed at any moment leaves a
    record that replays up to its last decision), at the end and on abort or error.
    Returns 0 when the game ended and 1 when input ran out or the player
    interrupted it.  The screen is hidden between different people's turns when
    there are several (or when ``hide_screen`` says so).  ``compact`` shows the board
    only when a person asks for it (``board``), for screens too low for board and menu.
    """
    console = console or Console()
    table = _Table(game, record, console, read or console.input, save_to)
    if hide_screen is not None:
        table.hide = hide_screen
    table.compact = compact
    save_record(console, record, save_to, quiet=True)
    try:
        while not table.state.is_over():
            table.step()
    except (EOFError, KeyboardInterrupt):
        console.print()
        console.print(Text(t("play.aborted", count=len(record.actions)), style="yellow"))
        save_record(console, record, save_to)
        return 1
    except Exception:
        save_record(console, record, save_to)
        raise
    if table.hide and table.shown is not None:
        console.clear()
    table.last_news()
    record.result = result_of(table.state, record.seats, len(record.actions)).to_dict()
    show_result(console, table.state, record.seats)
    save_record(console, record, save_to)
    return 0


class _Table:
    """One game at the terminal: the position, the seats, the log and the undo marks."""

    def __init__(self, game: Game, record: GameRecord, console: Console, read: Reader,
                 save_to: str | Path | None) -> None:
        self.game, self.record, self.console, self.read = game, record, console, read
        self.save_to = save_to
        self.history: list[Text] = []
        taken: list[tuple[int, int]] = []
        self.state = _start(game, record, self.history, taken)
        self.bots = seat_bots(game, record.seats, record.seed)
        self.humans = [s for s in range(record.players) if s not in self.bots]
        self.hide = len(self.humans) > 1
        self.unseen: dict[int, list[Text]] = {s: [] for s in self.humans}
        self.shown: int | None = None
        self.compact = False
        self.undo = Undo(game, self.humans)
        if self.humans:
            self._resumed_marks(taken)

    def _resumed_marks(self, taken: list[tuple[int, int]]) -> None:
        """Let ``undo`` reach back over the people's last :data:`RESUMED_UNDOS` decisions
        of a resumed record (``taken``: who took each, the log's length before it): that
        tail is replayed with the same checks as in play."""
        actions = self.record.actions
        people = [n for n, (seat, _) in enumerate(taken) if seat in self.humans]
        if not people:
            self.undo.start(self.state, len(actions))
            return
        first = people[-RESUMED_UNDOS:][0]
        state = self.record.replay(upto=first)
        self.undo.start(state, first)
        for index in range(first, len(actions)):
            seat, lines = taken[index]
            if seat in self.humans:
                self.undo.before(state, seat, index, lines)
            state.apply(actions[index])
            self.undo.after(state, seat, actions[index], index)
        self.state = state

    def step(self) -> None:
        """Take the pending decision: a bot's, or a person's (who may undo instead)."""
        decision = self.state.decision()
        assert decision is not None
        seat, seats = decision.player, self.record.seats
        if seat in self.bots:
            bot = self.bots[seat]
            view = bot_view(self.state, seat, bot)
            action = bot.choose(view, self.state.legal_actions())
            self.state.apply(action)
            event = _event(self.game, decision, seats[seat], action)
        else:
            news = self._show(seat)
            index = len(self.record.actions)
            self.undo.before(self.state, seat, index, len(self.history))
            taken = _human_turn(self.game, self.state, seat, seats[seat], self.console,
                                self.read, self.history, lambda: self._undo(seat), news,
                                self.compact)
            if taken is None:
                return
            action, event = taken, _event(self.game, decision, seats[seat], taken)
        self._taken(seat, action, event)

    def _show(self, seat: int) -> list[Text]:
        """Hand the screen to ``seat`` (hidden first when several people share it); return
        what the others decided since its last turn, which it has not seen yet."""
        if self.hide and self.shown != seat:
            _hide(self.console, self.read, seat)
        news = list(self.unseen[seat])
        self.unseen[seat].clear()
        self.shown = seat
        return news

    def last_news(self) -> None:
        """Print the decisions taken since the last person's turn (the game is over)."""
        for line in max(self.unseen.values(), key=len, default=[]):
            self.console.print(line, style="cyan")

    def _taken(self, seat: int, action: str, event: Text | None) -> None:
        """Record a decision, save the record and tell the other people."""
        self.record.actions.append(action)
        save_record(self.console, self.record, self.save_to, quiet=True)
        if self.humans:
            self.undo.after(self.state, seat, action, len(self.record.actions) - 1)
        if event is not None:
            self.history.append(event)
            for other in self.humans:
                if other != seat:
                    self.unseen[other].append(event)

    def _undo(self, seat: int) -> str | None:
        """Go back to ``seat``'s previous decision; return why not when refused."""
        now = len(self.record.actions)
        mark = self.undo.take_back(seat, now)
        if mark is None:
            return self.undo.why_not(seat, now)
        dropped = len(self.history) - mark.history
        del self.record.actions[mark.index:]
        del self.history[mark.history:]
        for other in self.humans:  # nobody else decided since: all these lines are the undone
            if other != seat:
                del self.unseen[other][max(0, len(self.unseen[other]) - dropped):]
        self.state = mark.state
        save_record(self.console, self.record, self.save_to, quiet=True)
        self.console.print(Text(t("play.undone", count=now - mark.index), style="yellow"))
        return None
