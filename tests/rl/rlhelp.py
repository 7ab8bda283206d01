"""Shared by the environments' tests: the toy race of tests/core with codecs, so the
environments are tested on a game whose every rule fits on a screen (registered as
``toyrace_rl``), the cases every interface is checked at, and a skip for a game that
offers no codecs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from toygame import RaceGame

from keepers.core.encoding import ActionCodec, Layout, ObservationCodec
from keepers.core.errors import KeepersError
from keepers.core.game import JsonDict
from keepers.core.registry import register
from keepers.rl.spaces import Spaces


class RaceObservation(ObservationCodec):
    """Positions, deck, hand sizes, the seat's own hand by value, who moves."""

    def __init__(self, players: int) -> None:
        layout = Layout()
        layout.add("positions", players, "each seat's position")
        layout.add("deck", 1, "cards left in the deck")
        layout.add("hand_sizes", players, "each seat's hand size")
        layout.add("hand", 4, "how many cards of value 1-4 the seat holds")
        layout.add("to_move", players, "1 for the seat to move")
        super().__init__(layout.fields)
        self.players = players

    def encode(self, view: JsonDict, seat: int) -> list[float]:
        hand = [float(view["hand"].count(value)) for value in (1, 2, 3, 4)]
        mover = [1.0 if view["to_move"] == s else 0.0 for s in range(self.players)]
        return ([float(p) for p in view["positions"]] + [float(view["deck"])]
                + [float(n) for n in view["hand_sizes"]] + hand + mover)


class CodedRace(RaceGame):
    """The race with a fixed action space and observation."""

    name = "toyrace_rl"

    def action_codec(self, players: int, options: Mapping[str, Any]) -> ActionCodec:
        return ActionCodec(["pass"] + [f"play {value}" for value in (1, 2, 3, 4)])

    def observation_codec(self, players: int, options: Mapping[str, Any]) -> ObservationCodec:
        return RaceObservation(players)


GAME = CodedRace()
register(GAME)


CASES = [("toyrace_rl", 2), ("toyrace_rl", 4), ("keythedral", 2), ("keythedral", 4),
         ("gardiens", 2), ("gardiens", 4), ("viscounts", 1), ("viscounts", 2), ("viscounts", 4)]
"""Every game at 2 and 4 players, and Viscounts alone against the rules' AI."""

SHORT = {"keythedral": {"max_rounds": 4}, "gardiens": {"max_rounds": 6}}
"""Options that keep a random game short where the rules allow a cap."""


def spaces_or_skip(game: str, players: int,
                   options: Mapping[str, Any] | None = None) -> Spaces:
    """The game's Spaces (with the SHORT options unless ``options`` are given), or skip the
    test while the game offers no codecs."""
    try:
        return Spaces(game, players, options if options is not None else SHORT.get(game, {}))
    except KeepersError as missing:
        pytest.skip(f"no codec yet: {missing}")
