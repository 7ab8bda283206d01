"""The checks of a Gardiens position read from a file: total, before anything plays it.

A position file comes from outside, so every field is checked for its type and
range (:func:`check_raw`, before the position is built), then the position as a
whole (:func:`check_position`): the board's hexes, the guardians of each player
(GR-1.4), the cubes of each resource and the building tiles (GR-14), the 80
Action cards and 30 Event cards each exactly once, the objectives, and the
pending decision, whose options are computed and each tried on a copy.  A
defect raises :class:`RecordError` with one line naming the field.

These checks run when a position is loaded, never during play.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from keepers.core.errors import KeepersError, RecordError
from keepers.core.fields import FieldReader, is_whole
from keepers.games.gardiens import flow
from keepers.games.gardiens.data import GameData
from keepers.games.gardiens.rules import board
from keepers.games.gardiens.state import (
    LIST_FIELDS,
    NESTED_FIELDS,
    NONE,
    SCALAR_FIELDS,
    Position,
)

READER = FieldReader("bad Gardiens position")
KEYS = ("players", "rng", "options", *SCALAR_FIELDS, *LIST_FIELDS, *NESTED_FIELDS, "ctx",
        "last_combat")
"""Every key of a position (``serial.position_to_dict``)."""
ROUND_LIMIT = 10_000
"""The largest round cap a position may carry (the default is 60)."""
COUNT_LIMIT = 10_000
"""Banked points, combats won, trades: no game comes near."""
END_REASONS = ("", "victory_points", "events_exhausted", "round_cap", "shadows_defeated",
               "citadel_fell")
"""Why a game ended (GR-4.4, GR-17.5, GR-17.7, GR-25); empty while it runs."""
CTX_LIMIT = 24
"""Arguments of the pending step: a few at most."""
COMBAT_KEYS = {"attacker": "s", "defender": "s", "from": "s", "to": "s", "engaged": "i",
               "attack_card": "s", "defence_card": "s", "magic": "i", "attack_dice": "S",
               "defence_dice": "S", "attack_total": "i", "defence_total": "i", "outcome": "s"}
"""The last combat shown to every player (GR-20): i a number, s a text, S texts."""


# ---------------------------------------------------------------------- the raw fields
def check_raw(data: GameData, raw: Any) -> None:
    """Refuse a position whose fields have the wrong type, size or range (before building)."""
    READER.record(raw, "the position", KEYS)
    n = READER.whole(raw["players"], "players", min(data.layouts), max(data.layouts))
    if raw["n"] != n:
        READER.refuse("n", f"must be the player count {n}, not {raw['n']!r}")
    options = raw["options"]
    if not isinstance(options, dict):
        READER.refuse("options", "must be an object")
    cap = READER.whole(options.get("max_rounds"), "options.max_rounds", 1, ROUND_LIMIT)
    READER.whole(raw["rng"], "rng", 0, (1 << 64) - 1)
    READER.whole(raw["round"], "round", 0, cap + 1)  # GR-17.7: the cap ends round cap + 1
    _check_scalars(data, raw, n)
    _check_board_lists(data, raw, n)
    _check_player_lists(data, raw, n)
    _check_piles(data, raw, n)
    _check_ctx(raw["ctx"])
    _check_ctx_values(data, raw["ctx"], n)
    _check_combat(data, raw["last_combat"])


def _check_scalars(data: GameData, raw: dict[str, Any], n: int) -> None:
    for name in ("first", "active", "decider"):
        READER.whole(raw[name], name, 0, n - 1)
    READER.whole(raw["snap_citadel"], "snap_citadel", NONE, n - 1)
    READER.whole(raw["turn_in_round"], "turn_in_round", 0, n)
    READER.whole(raw["actions_taken"], "actions_taken", 0, data.rule("actions_per_turn"))
    for name in ("partner_refused", "over", "capped_flag"):
        READER.flag(raw[name], name)
    if raw["round_effect"] != "":
        READER.text(raw["round_effect"], "round_effect", data.event_of)
    READER.text(raw["phase"], "phase", {*flow.STEPS, "over"})
    READER.text(raw["end_reason"], "end_reason", END_REASONS)
    if raw["over"] != (raw["end_reason"] != "") or (raw["phase"] == "over") != raw["over"]:
        READER.refuse("over", "must be true exactly when the game has an end reason")


def _check_board_lists(data: GameData, raw: dict[str, Any], n: int) -> None:
    """GR-2: one entry per hex of the player count's board."""
    hexes = len(data.layouts[n].hexes)
    READER.wholes(raw["owner"], "owner", hexes, NONE, n - 1)
    READER.wholes(raw["count"], "count", hexes, 0, data.rule("max_guardians_per_hex"))
    READER.wholes(raw["building"], "building", hexes, NONE, len(data.buildings) - 1)
    READER.wholes(raw["protect"], "protect", hexes, NONE, n - 1)
    shadows = READER.array(raw["shadow_pos"], "shadow_pos", 0, len(data.layouts[n].origins))
    for i, where in enumerate(shadows):
        READER.whole(where, f"shadow_pos[{i}]", NONE, hexes - 1)  # -1: banished (GR-25.9)
    READER.flags(raw["shadow_delayed"], "shadow_delayed", len(shadows))


def _check_player_lists(data: GameData, raw: dict[str, Any], n: int) -> None:
    """GR-3, GR-14: what each player holds."""
    READER.wholes(raw["reserve"], "reserve", n, 0, data.guardians_per_player)
    for name in ("banked_build", "banked_combat", "snap_hexes", "combats_won", "trades"):
        READER.wholes(raw[name], name, n, 0, COUNT_LIMIT)
    ally = READER.wholes(raw["ally"], "ally", n, NONE, n - 1)
    for p, partner in enumerate(ally):
        if partner == p or (partner != NONE and ally[partner] != p):
            READER.refuse(f"ally[{p}]", "must name another player allied back (GR-15.1)")
    resources = len(data.resources)
    for p, cubes in enumerate(READER.array(raw["cubes"], "cubes", n, n)):
        READER.wholes(cubes, f"cubes[{p}]", resources, 0, max(data.supply))
    for p, hand in enumerate(READER.array(raw["hands"], "hands", n, n)):
        READER.texts(hand, f"hands[{p}]", data.card_of, len(data.card_instances))
    achieved = READER.array(raw["achieved"], "achieved", n, n)
    for p, objectives in enumerate(READER.array(raw["objectives"], "objectives", n, n)):
        READER.texts(objectives, f"objectives[{p}]", data.objectives, len(data.objectives))
        READER.flags(achieved[p], f"achieved[{p}]", len(objectives))
    for p, built in enumerate(READER.array(raw["types_built"], "types_built", n, n)):
        READER.texts(built, f"types_built[{p}]", data.building_index, len(data.buildings))
        READER.distinct(built, f"types_built[{p}]")
    winners = READER.array(raw["winners_list"], "winners_list", 0, n)
    for i, winner in enumerate(winners):
        READER.whole(winner, f"winners_list[{i}]", 0, n - 1)
    READER.distinct(winners, "winners_list")


def _check_piles(data: GameData, raw: dict[str, Any], n: int) -> None:
    """GR-1.4, GR-12.8: the supplies, the decks and the discards."""
    READER.wholes(raw["supply"], "supply", len(data.resources), 0, max(data.supply))
    READER.wholes(raw["bsupply"], "bsupply", len(data.buildings), 0,
                  max(b.copies for b in data.buildings))
    for name in ("deck", "river", "discard"):
        READER.texts(raw[name], name, data.card_of, len(data.card_instances))
    for name in ("events", "event_discard"):
        READER.texts(raw[name], name, data.event_of, len(data.event_instances))
    READER.texts(raw["forced_dice"], "forced_dice", data.dice_faces, 100)


def _check_ctx(ctx: Any) -> None:
    """The pending step's arguments: names with numbers, texts, flags or short lists."""
    if not isinstance(ctx, dict) or len(ctx) > CTX_LIMIT:
        READER.refuse("ctx", f"must be an object of at most {CTX_LIMIT} entries")
    for key, value in ctx.items():
        if isinstance(value, list):
            if len(value) > 16 or not all(_plain(v) for v in value):
                READER.refuse(f"ctx.{key:.20}", "must be a short list of numbers or texts")
        elif not _plain(value) and value is not None:
            READER.refuse(f"ctx.{key:.20}", "must be a number, a text or a flag")


def _check_ctx_values(data: GameData, ctx: dict[str, Any], n: int) -> None:
    """The arguments whose meaning is fixed, whatever the step: hexes on the board,
    players, guardians engaged, cards, buildings and the trade rates of the rules."""
    hexes = len(data.layouts[n].hexes)
    for key in ("S", "T", "D", "hex", "bhex"):
        if key in ctx:
            READER.whole(ctx[key], f"ctx.{key}", 0, hexes - 1)
    for key, low in (("defender", NONE), ("proposer", 0), ("target", 0)):
        if key in ctx:
            READER.whole(ctx[key], f"ctx.{key}", low, n - 1)
    if "k" in ctx:  # GR-10.1: the guardians engaged in an attack
        READER.whole(ctx["k"], "ctx.k", 1, data.rule("max_guardians_per_hex"))
    if "rate" in ctx:  # GR-11: the Bank's rate or the Market's (GR-7.3)
        rates = {data.rule("bank_trade_rate"), data.rule("market_trade_rate")}
        READER.whole(ctx["rate"], "ctx.rate", min(rates), max(rates))
        if ctx["rate"] not in rates:
            READER.refuse("ctx.rate", f"must be one of the trade rates {sorted(rates)}")
    for key in ("card", "acard", "dcard"):
        if key in ctx and ctx[key] != "":
            READER.text(ctx[key], f"ctx.{key}", data.card_of)
    if "btype" in ctx:
        READER.text(ctx["btype"], "ctx.btype", data.building_index)
    if "then" in ctx:
        READER.text(ctx["then"], "ctx.then", flow.RESUME)
    for key in ("gains", "give", "get"):
        if key in ctx:
            READER.wholes(ctx[key], f"ctx.{key}", len(data.resources), 0, max(data.supply))


def _plain(value: Any) -> bool:
    return (is_whole(value) and abs(value) <= COUNT_LIMIT) or isinstance(value, bool) or (
        isinstance(value, str) and len(value) <= 40)


def _check_combat(data: GameData, combat: Any) -> None:
    if combat is None:
        return
    READER.record(combat, "last_combat", COMBAT_KEYS)
    for key, kind in COMBAT_KEYS.items():
        value, field = combat[key], f"last_combat.{key}"
        if kind == "i":
            READER.whole(value, field, 0, COUNT_LIMIT)
        elif kind == "s":
            READER.text(value, field)
        else:
            READER.texts(value, field, data.dice_faces, high=40)


# ---------------------------------------------------------------------- the built position
def check_position(st: Position) -> None:
    """Refuse a built position that is not a possible position of the game (GR-1.4,
    GR-14): the board, the conservation of every component, the pending decision."""
    _check_rounds(st)
    _check_board(st)
    _check_cubes(st)
    _check_cards(st)
    _check_pending(st)


def _check_rounds(st: Position) -> None:
    if not 0 <= st.round <= st.max_rounds + 1:
        READER.refuse("round", f"must be a whole number from 0 to {st.max_rounds + 1}")
    shadows = len(st.layout.origins) if st.coop else 0
    if len(st.shadow_pos) != shadows:
        READER.refuse("shadow_pos", f"must hold {shadows} Shadows (GR-25.3)")
    if st.round == 0 and st.shadow_pos != list(st.layout.origins[:shadows]):
        READER.refuse("shadow_pos", "must be the Shadows' origins during setup (GR-25.2)")
    for p in range(st.n):
        if len(st.achieved[p]) != len(st.objectives[p]):
            READER.refuse(f"achieved[{p}]", "does not match the objective cards")


def _check_board(st: Position) -> None:
    for h, (owner, count) in enumerate(zip(st.owner, st.count, strict=True)):
        if (owner == NONE) != (count == 0):
            READER.refuse(f"count[{h}]", f"hex {st.label(h)} has {count} guardian(s) of "
                                         f"owner {owner}")
        if count and h in st.shadow_pos and not st.shadows_advance:  # GR-25.3 (GR-29.6)
            READER.refuse("shadow_pos", f"hex {st.label(h)} holds guardians and a Shadow")
    for p in range(st.n):
        if st.reserve[p] + board.on_board(st, p) != st.data.guardians_per_player:
            READER.refuse(f"reserve[{p}]", f"and the board do not hold the "
                                           f"{st.data.guardians_per_player} guardians (GR-1.4)")
    for b, definition in enumerate(st.data.buildings):
        if st.bsupply[b] + st.building.count(b) != definition.copies:
            READER.refuse(f"bsupply[{b}]", f"{definition.key} tiles do not add up to "
                                           f"{definition.copies} (GR-14)")


def _check_cubes(st: Position) -> None:
    for r, total in enumerate(st.data.supply):
        if st.supply[r] + sum(c[r] for c in st.cubes) != total:
            READER.refuse(f"supply[{r}]", f"{st.data.resources[r]} cubes do not add up to "
                                          f"{total} (GR-14)")


def _check_cards(st: Position) -> None:
    playing = [st.ctx["card"]] if isinstance(st.ctx.get("card"), str) else []
    cards = [*st.deck, *st.river, *st.discard, *playing]
    cards += [c for hand in st.hands for c in hand]
    _conserve("Action cards", cards, st.data.card_instances, "GR-1.4")
    _conserve("Event cards", [*st.events, *st.event_discard], st.data.event_instances, "GR-1.4")
    dealt = [o for objectives in st.objectives for o in objectives]
    if len(set(dealt)) != len(dealt):
        READER.refuse("objectives", "deal an objective card twice")


def _conserve(what: str, found: list[str], expected: tuple[str, ...], clause: str) -> None:
    have, want = Counter(found), Counter(expected)
    if have != want:
        extra = sorted((have - want).elements())
        lost = sorted((want - have).elements())
        detail = f"{extra[0]} is found twice" if extra else f"{lost[0]} is lost"
        READER.refuse(what, f"do not add up to the {len(expected)} of the game ({detail}; "
                            f"{clause})")


def _check_pending(st: Position) -> None:
    """The pending decision's options, the views, and each option tried on a copy."""
    if st.over:
        return
    try:
        legal = st.legal_actions()
        for seat in [None, *range(st.n)]:
            st.view(seat)
        if not legal:
            READER.refuse("phase", f"the pending decision {st.phase!r} has no legal choice")
        for option in legal:
            st.clone().apply_trusted(option)
    except RecordError:
        raise
    except (KeepersError, KeyError, IndexError, TypeError, ValueError, AttributeError,
            AssertionError, ZeroDivisionError) as exc:
        READER.refuse("ctx", f"the pending decision {st.phase!r} cannot be played out "
                             f"({type(exc).__name__}: {exc})")
