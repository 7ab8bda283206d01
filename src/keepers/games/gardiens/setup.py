"""Setting up a new game (GR-3, co-op changes GR-25.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keepers.core.rng import Rng
from keepers.games.gardiens.data import GameData
from keepers.games.gardiens.state import NONE, GardiensState


def new_game(data: GameData, players: int, seed: int,
             options: Mapping[str, Any]) -> GardiensState:
    """Return the state waiting for seat 1's forward-hex choice (GR-3.8).

    ``options``: every declared option, checked (``GardiensGame.check_options``).
    """
    if players not in data.layouts:
        raise ValueError(f"Les Gardiens du Royaume is played by 2 to 5 players, not {players}")
    st = GardiensState(data, players)
    st.rng = Rng(seed)
    st.set_options(options)
    coop = st.coop
    st.first = st.rng.below(players)  # GR-3.1
    _empty_board(st)
    _players(st)
    _decks(st)
    if coop:
        st.shadow_pos = list(st.layout.origins)  # GR-25.2
        st.shadow_delayed = [False] * len(st.shadow_pos)
    else:
        _deal_objectives(st)
    for p in range(players):  # GR-3.8: one guardian at home
        st.place(p, st.home(p), data.setup["guardians_on_home"])
    st.phase = "forward"
    st.decider = st.first
    st.ctx = {"picks": 0}
    return st


def _empty_board(st: GardiensState) -> None:
    hexes = len(st.layout.hexes)
    st.owner = [NONE] * hexes
    st.count = [0] * hexes
    st.building = [NONE] * hexes
    st.protect = [NONE] * hexes
    st.shadow_pos = []
    st.shadow_delayed = []
    st.supply = list(st.data.supply)
    st.bsupply = [b.copies for b in st.data.buildings]
    st.round = 0
    st.turn_in_round = 0
    st.active = st.first
    st.actions_taken = 0
    st.partner_refused = False
    st.round_effect = ""
    st.over = False
    st.end_reason = ""
    st.winners_list = []
    st.capped_flag = False
    st.forced_dice = []
    st.snap_citadel = NONE


def _players(st: GardiensState) -> None:
    n, data = st.n, st.data
    st.cubes = [[0] * len(data.resources) for _ in range(n)]
    st.reserve = [data.guardians_per_player] * n
    st.hands = [[] for _ in range(n)]
    st.objectives = [[] for _ in range(n)]
    st.achieved = [[] for _ in range(n)]
    st.types_built = [[] for _ in range(n)]
    for name in ("banked_build", "banked_combat", "snap_hexes", "combats_won", "trades"):
        setattr(st, name, [0] * n)
    st.ally = [NONE] * n
    for seat in range(n):  # GR-3.7, in seat order
        player = (st.first + seat) % n
        for res, amount in data.setup["start_resources"].items():
            st.gain(player, data.res(res), int(amount))


def _decks(st: GardiensState) -> None:
    st.deck = list(st.data.card_instances)
    st.rng.shuffle(st.deck)  # GR-3.5
    st.discard = []
    st.river = []
    st.refill_river()
    st.events = list(st.data.event_instances)
    st.rng.shuffle(st.events)
    st.event_discard = []


def _deal_objectives(st: GardiensState) -> None:
    pool = list(st.data.objectives)
    st.rng.shuffle(pool)  # GR-3.6
    per_player = st.data.rule("objectives_per_player")
    for seat in range(st.n):
        player = (st.first + seat) % st.n
        st.objectives[player] = [pool.pop() for _ in range(per_player)]
        st.achieved[player] = [False] * per_player
