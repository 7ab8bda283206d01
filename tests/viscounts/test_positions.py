"""Viscounts positions read from files are checked in full (validate.py): impossible ones are
refused in one line naming the field; mutated positions are refused or play to the end.

The mutation test takes positions of seeded games in the four configurations (base, keys,
gates, keys+gates; solo included), changes one or two values (any JSON type, a known id,
a number moved by one, an entry removed or duplicated, two values swapped) and checks that
each result is refused with :class:`RecordError` or loads into a state on which random play
runs to the end with the self-play invariants (every card in one place, no negative amount,
markers on the track).  ``python -m pytest -m soak`` tries many more.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mutations
from keepers.core import i18n
from keepers.core.bots import RandomBot
from keepers.core.errors import RecordError
from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.texts import describe_event
from keepers.games.viscounts.validate import EVENTS, LOG_LIMIT, TABLE_EVENTS, event_classes

from .test_gates_selfplay import _check

COUNTS: Counter[str] = Counter()
"""Mutated positions tried, refused and played out (printed by the soak run)."""
REPLACEMENTS: list[Any] = [
    -50, -1, 0, 1, 2, 3, 7, 8, 999, 10**6, 2**64, True, False, None, "", "x", "KO",
    "TF-S-abbot", "H-B-emma", "O-G-tyrant", "M01", "C01", "0.L", "9.Q", 1.5, [], [0], ["x"],
    {}, {"x": 1},
]


def _positions() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed, (players, config) in enumerate(((1, "none"), (2, "keys"), (3, "gates"),
                                              (4, "keys,gates"), (1, "keys,gates"))):
        state = GAME.new_state(players, seed, {"expansions": config})
        bots = [RandomBot(p, seed) for p in range(players)]
        decisions = 0
        while not state.is_over():
            if decisions % 97 == 5:
                out.append(json.loads(json.dumps(state.to_dict())))
            player = state.to_move()
            assert player is not None
            state.apply(bots[player].choose(None, state.legal_actions()))
            decisions += 1
    return out


BASES = _positions()


def _load(data: dict[str, Any]) -> ViscountsState:
    state = GAME.state_from_dict(data)
    assert isinstance(state, ViscountsState)
    return state


def test_real_positions_load_and_continue_identically() -> None:
    """Every position of real play loads (nothing refused) and continues identically."""
    for data in BASES:
        state = _load(copy.deepcopy(data))
        assert json.dumps(state.to_dict(), sort_keys=True) == json.dumps(data, sort_keys=True)


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["players"][0].__setitem__("silver", -50), "players[0].silver"),
    (lambda d: d["players"][0].__setitem__("virtue", 999), "players[0].virtue"),
    (lambda d: d["players"][0]["hand"].append("TF-X-nobody"), "players[0].hand"),
    (lambda d: d["players"][0]["hand"].append("TF-S-abbot"), "the cards"),
    (lambda d: d["players"][1].__setitem__("hand", list(d["players"][0]["hand"])), "the cards"),
    (lambda d: d.__setitem__("round", 10**6), "round"),
    (lambda d: d.__setitem__("seats", 3.9), "seats"),
    (lambda d: d.__setitem__("rng", float("inf")), "rng"),
    (lambda d: d["players"][0].__setitem__("supply", 3), "players[0]"),
    (lambda d: d.__setitem__("stack", [["no_such_step", 0]]), "stack[0][0]"),
    (lambda d: d["ms_piles"][0].append(d["ms_piles"][1][-1]), "the manuscripts"),
    (lambda d: d.__setitem__("surprise", 1), "the position"),
    (lambda d: d.__setitem__("log", ["play 0 TF-X-nobody"]), "log[0]"),
    (lambda d: d.__setitem__("log", ["hire 5 TF-S-abbot"]), "log[0]"),
    (lambda d: d.__setitem__("log", ["action 0 workers 99"]), "log[0]"),
    (lambda d: d.__setitem__("log", ["reveal 0 poverty"]), "log[0]"),
    (lambda d: d.__setitem__("log", ["move 0 1", "move  0 1"]), "log[1]"),
    (lambda d: d.__setitem__("log", ["collision 0"] * 21), "log"),
    (lambda d: d.__setitem__("log", "collision 0"), "log"),
])
def test_impossible_positions_are_refused_naming_the_field(change: Any, field: str) -> None:
    """VB-2.2 / VB-1.2: impossible amounts, unknown ids, a card twice, a worker too many,
    an unknown step or key: refused in one line that names the field."""
    state = GAME.new_state(2, 3, {})
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    data = json.loads(json.dumps(state.to_dict()))
    change(data)
    with pytest.raises(RecordError) as info:
        _load(data)
    message = str(info.value)
    assert "\n" not in message and field in message, message


CONFIGURATIONS = [(1, "none"), (3, "none"), (2, "keys"), (1, "keys"), (4, "gates"),
                  (1, "gates"), (2, "keys,gates"), (1, "keys,gates")]


@pytest.mark.parametrize(("players", "config"), CONFIGURATIONS)
def test_a_loaded_position_shows_every_seat_the_same_game(players: int, config: str) -> None:
    """Issue 12: a position file keeps the event log, so ``state_from_dict(to_dict())``
    gives every seat and a spectator the views and legal decisions of the original
    (the game server keeps snapshots only then, checking ``to_dict()`` as it is, before
    any JSON), before and after the next decision."""
    state = GAME.new_state(players, players, {"expansions": config})
    bots = [RandomBot(p, players) for p in range(players)]
    seats: list[int | None] = [*range(players), None]
    compared = 0
    while not state.is_over():
        if compared % 9 == 0:
            position = state.to_dict()
            assert json.loads(json.dumps(position)) == position     # plain lists, no tuples
            loaded = _load(position)
            assert loaded.legal_actions() == state.legal_actions()
            assert all(loaded.view(seat) == state.view(seat) for seat in seats)
            action = state.legal_actions()[0]
            loaded.apply(action)
            after = state.clone()
            after.apply(action)
            assert all(loaded.view(seat) == after.view(seat) for seat in seats)
        compared += 1
        player = state.to_move()
        assert player is not None
        state.apply(bots[player].choose(None, state.legal_actions()))
    assert _load(json.loads(json.dumps(state.to_dict()))).view(None) == state.view(None)
    assert len(state.position.log) > LOG_LIMIT and compared > 100


def test_a_position_keeps_the_events_a_copy_keeps() -> None:
    """The log in a position file is bounded by what a copy of a position keeps."""
    state = GAME.new_state(2, 5, {})
    state.position.log = [f"collision {i % 2}" for i in range(LOG_LIMIT + 10)]
    assert state.clone().position.log == state.position.log[-LOG_LIMIT:]
    assert state.to_dict()["log"] == state.position.log[-LOG_LIMIT:]


def _events() -> list[str]:
    """One event of each shape the checks accept, with every id its classes hold."""
    classes = event_classes(GAME.data)
    out = []
    for kind, shapes in EVENTS.items():
        seat = "-1" if kind in TABLE_EVENTS else "0"
        for shape in shapes:
            words = [sorted(classes[w]) if w in classes else [w] for w in shape.split()]
            out += [" ".join([kind, seat, *ws]) for ws in itertools.product(*words)]
    return out


@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_every_event_a_position_may_hold_reads_as_a_sentence(language: str) -> None:
    """Whatever log a loaded position holds, the screen can tell each event in words."""
    events = _events()
    solo = json.loads(json.dumps(GAME.new_state(1, 2, {}).to_dict()))
    for start in range(0, len(events), LOG_LIMIT):       # all of them pass the checks
        _load({**solo, "log": events[start:start + LOG_LIMIT]})
    i18n.set_language(language)
    try:
        for event in events:
            text = describe_event(event, ai_seat=1)
            assert text and text != event and "viscounts." not in text, event
    finally:
        i18n.set_language(None)


def test_every_event_kind_has_its_sentence() -> None:
    """The kinds the checks accept are the kinds the catalogues tell (and no more)."""
    helpers = {"seat", "the_ai", "ai_build", "pile_poverty", "pile_prosperity", "recent"}
    told = {key.split(".")[2] for key in i18n.catalogue("en")
            if key.startswith("viscounts.event.")}
    assert told - helpers == set(EVENTS)


def _play_out(state: ViscountsState) -> None:
    bots = [RandomBot(p, 7) for p in range(state.num_players)]
    for _ in range(30_000):
        if state.is_over():
            return
        if state.position.phase != "setup":       # the hero deck is built at its end
            _check(state)
        player = state.to_move()
        assert player is not None
        state.apply(bots[player].choose(None, state.legal_actions()))
        state.view(player)
    assert state.is_over()


def _fuzz(data: st.DataObject) -> str:
    base = data.draw(mutations.mutated(BASES, REPLACEMENTS, most=2))
    COUNTS["tried"] += 1
    try:
        state = _load(json.loads(json.dumps(base)))
    except RecordError as exc:
        assert "\n" not in str(exc)
        COUNTS["refused"] += 1
        return "refused"
    _play_out(state)
    COUNTS["played"] += 1
    return "played"


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_mutated_positions_are_refused_or_play_to_the_end(data: st.DataObject) -> None:
    """Issue-12 fuzz: no crash, no hang, no impossible position accepted."""
    _fuzz(data)


@pytest.mark.soak
@settings(max_examples=3000, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_mutated_positions_soak(data: st.DataObject) -> None:
    """As above, thousands of mutations (soak run; the counts print with ``-s``)."""
    _fuzz(data)


@pytest.mark.soak
def test_mutation_counts_printed() -> None:
    """Print the counts of the mutation runs above (docs/reliability.md)."""
    print(f"\nViscounts mutated positions: {dict(COUNTS)}")
    assert COUNTS["tried"] == COUNTS["refused"] + COUNTS["played"]
