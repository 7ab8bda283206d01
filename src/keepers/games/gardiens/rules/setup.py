"""Setting up a new game (GR-3; co-op changes GR-25.2), the forward-hex picks
(GR-3.8, GR-3.9), and the game options it is set up with (GR-25, GR-29)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keepers.core.game import Option
from keepers.core.rng import Rng
from keepers.games.gardiens import flow
from keepers.games.gardiens.data import GameData
from keepers.games.gardiens.rules import board, components, seats, turn
from keepers.games.gardiens.state import NONE, Position

OPTIONS = (
    Option("coop", False, clause="GR-25"),
    Option("max_rounds", 60, minimum=1),
    Option("first_player", "rotate", choices=("rotate", "fixed"), clause="GR-29.1"),
    Option("territory_points", "snapshot", choices=("snapshot", "accumulate"),
           clause="GR-29.2"),
    Option("bank_trade", False, clause="GR-29.3"),
    Option("watchtower", "all", choices=("all", "adjacent"), clause="GR-29.4"),
    Option("alliance_sharing", "gift", choices=("gift", "swap"), clause="GR-29.5"),
    Option("shadows", "block", choices=("block", "advance"), clause="GR-29.6"),
)
"""The game options: the co-operative variant, the safety cap on rounds, and the six
readings of GR-29 (each with the earlier ruling or the literal text as its other value)."""


def check_players(data: GameData, players: int) -> None:
    """Refuse a player count the game has no board layout for (it is played by 2 to 5)."""
    if players not in data.layouts:
        raise ValueError(f"Les Gardiens du Royaume is played by 2 to 5 players, not {players}")


def new_game(st: Position, seed: int, options: Mapping[str, Any]) -> None:
    """Set up ``st`` (a new position for its player count), waiting for seat 1's
    forward-hex choice (GR-3.8).

    ``options``: every declared option, checked (``GardiensGame.check_options``).
    """
    data, players = st.data, st.n
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
        board.place(st, p, st.home(p), data.setup["guardians_on_home"])
    flow.ask(st, "forward", st.first, picks=0)


def _empty_board(st: Position) -> None:
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


def _players(st: Position) -> None:
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
            components.gain(st, player, data.res(res), int(amount))


def _decks(st: Position) -> None:
    st.deck = list(st.data.card_instances)
    st.rng.shuffle(st.deck)  # GR-3.5
    st.discard = []
    st.river = []
    components.refill_river(st)
    st.events = list(st.data.event_instances)
    st.rng.shuffle(st.events)
    st.event_discard = []


def _deal_objectives(st: Position) -> None:
    pool = list(st.data.objectives)
    st.rng.shuffle(pool)  # GR-3.6
    per_player = st.data.rule("objectives_per_player")
    for seat in range(st.n):
        player = (st.first + seat) % st.n
        st.objectives[player] = [pool.pop() for _ in range(per_player)]
        st.achieved[player] = [False] * per_player


# -- setup ---------------------------------------------------------------------
def step_forward(st: Position) -> list[str]:
    """GR-3.8: the ring-1 hexes not yet chosen."""
    return [f"forward {st.label(h)}" for h in st.layout.forward if st.owner[h] == NONE]


def answer_forward(st: Position, action: str) -> None:
    """Place the two starting guardians on the chosen forward hex (GR-3.8)."""
    hex_index = st.hex_of(action.split()[1])
    board.place(st, st.decider, hex_index, st.data.setup["guardians_on_forward_hex"])
    st.ctx["picks"] += 1
    if st.ctx["picks"] < st.n:
        st.decider = (st.decider + 1) % st.n
        return
    st.round = 1  # GR-3.9
    st.turn_in_round = 0
    st.active = seats.first_player(st)
    turn.begin_turn(st)


flow.register({"forward": (step_forward, answer_forward, "GR-3.8")})
