"""Keeper of Keys: the option and the setup changes (VK-2, VK-R09)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from keepers.core.errors import KeepersError, RuleError
from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules.concepts import order_from

from .conftest import new_game

DATA = load_data()
KEYS = {"expansions": "keys"}


def keys_state(players: int, seed: int) -> ViscountsState:
    state = GAME.new_state(players, seed, {**GAME.default_options(), **KEYS})
    assert isinstance(state, ViscountsState)
    return state


def test_expansions_option_is_declared_and_checked() -> None:
    """VK-2: ``expansions`` is ``none`` (default) or ``keys``; anything else is refused."""
    option = next(o for o in GAME.option_specs() if o.name == "expansions")
    assert option.default == "none" and "keys" in option.choices and option.clause == "VK-2"
    with pytest.raises(KeepersError, match="option"):
        GAME.new_state(2, 1, {"expansions": "dragons"})
    base = GAME.new_state(2, 1, GAME.default_options())
    assert "ext" not in base.to_dict()                   # base positions are unchanged


def test_keys_decks_rows_and_starting_cards() -> None:
    """VK-2.1 / VK-2.2 / VK-2.5 / VK-2.6 / VK-2.7: Keys neutrals in the townsfolk piles, five
    more black-backed manuscripts, the new Journeyman/Lender/Trader, a chest row of 4 and
    a hero row of 3 drawn from every hero not picked."""
    state = new_game(3, 5, **KEYS)
    pos = state.position
    tf = Counter(c for pile in pos.tf_piles for c in pile)
    keys_neutrals = {c.id: c.copies for c in DATA.townsfolk.values() if c.set == "Keys"}
    assert sum(keys_neutrals.values()) == 20
    assert sum(tf.values()) == 68 + 20 and all(tf[c] == n for c, n in keys_neutrals.items())
    manuscripts = [m for pile in pos.ms_piles for m in pile]
    assert len(manuscripts) == 40 and {m.id for m in DATA.manuscripts.values()
                                       if m.set == "Keys"} <= set(manuscripts)
    for player in pos.players:
        owned = set(player.cards_owned())
        assert {"TF-KS-journeyman", "TF-KS-lender", "TF-KS-trader"} <= owned
        assert not owned & {"TF-S-journeyman", "TF-S-lender", "TF-S-trader"}
    assert len(pos.ext["chest_row"]) == 4 and len(pos.ext["chest_pile"]) == 14
    assert len(pos.ext["hero_row"]) == 3
    owned_heroes = {c for p in pos.players for c in p.cards_owned() if c.startswith("H-")}
    all_heroes = {h.id for h in DATA.heroes.values() if h.set in ("Base", "Keys")}
    removed = set(pos.removed)                  # a hero destroyed by a setup effect
    assert set(pos.ext["hero_row"]) | set(pos.ext["hero_deck"]) == \
        all_heroes - owned_heroes - removed
    assert len(owned_heroes | (removed & all_heroes)) >= 3          # + card 1.5's hero


def _pick(state: ViscountsState, card: str) -> None:
    option = next(o for o in state.legal_actions() if o.split()[1] == card)
    state.apply(option)


def test_new_player_cards_inside_spaces_late_picks_reverse_order() -> None:
    """VK-2.8 / VK-R09: the Keys player cards start on inside spaces; card 7.5's three discards
    are chosen starting cards kept out of the shuffle; cards 1.5 and 3.5 take a hero and a
    chest from the rows at the very end of setup, in reverse turn order (the hero after the
    starting hand: 4 cards)."""
    state = keys_state(3, 2)
    pos = state.position
    pos.pairs = [["1.5", "H-B-emma"], ["3.5", "H-B-ada"], ["7.5", "H-B-rudolf"],
                 ["9.5", "H-B-clovis"]]
    seen: list[tuple[int, str]] = []
    wanted = {"1.5": None, "3.5": None, "7.5": None}
    while pos.phase == "setup":
        decision = state.decision()
        assert decision is not None
        seen.append((decision.player, decision.kind))
        if decision.kind == "setup":
            card = next(c for c in wanted if any(o.split()[1] == c for o in state.legal_actions()))
            wanted.pop(card)
            _pick(state, card)
        else:
            state.apply(state.legal_actions()[0])
    seats = {pos.geo.printed(p.node): p.seat for p in pos.players}
    assert set(seats) == {"1.5", "3.5", "7.5"}
    hero_seat, chest_seat, discard_seat = seats["1.5"], seats["3.5"], seats["7.5"]
    hero_player = pos.players[hero_seat]
    assert len(hero_player.hand) == 4
    assert sum(1 for c in hero_player.hand if c.startswith("H-")) >= 1
    assert sum(1 for c in pos.ext["chests"][chest_seat] if c) == 1
    discarder = pos.players[discard_seat]
    assert len(discarder.discard) == 3
    assert all(DATA.card(c).set == "KeysStarter" or DATA.card(c).set == "Starter"
               for c in discarder.discard)
    late = [s for s, kind in seen if kind in ("hero", "chest")]
    reverse = list(reversed(order_from(pos, pos.start)))
    assert late == sorted(late, key=reverse.index)
    assert [k for _, k in seen].count("setup_discard") == 3


def test_card_75_discards_only_starting_cards_and_refuses_others() -> None:
    """VK-2.8: the 7.5 choice offers starting cards only; the hero is refused with VK-2.8 and
    the state is unchanged."""
    state = keys_state(2, 4)
    state.position.pairs = [["7.5", "H-B-emma"], ["1", "H-B-ada"], ["2", "H-B-rudolf"]]
    while state.decision() is not None and state.decision().kind != "setup_discard":  # type: ignore[union-attr]
        legal = state.legal_actions()
        state.apply(next((o for o in legal if " 7.5 " in f"{o} "), legal[0]))
    assert all(not o.endswith("H-B-emma") for o in state.legal_actions())
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        state.apply("set_aside H-B-emma")
    assert info.value.clause == "VK-2.8"
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_card_55_builds_a_free_trading_post_at_space_5() -> None:
    """VK-2.8: card 5.5's setup effect is a free trading post on a spot served by space 5."""
    state = keys_state(2, 6)
    state.position.pairs = [["5.5", "H-B-emma"], ["1", "H-B-ada"], ["2", "H-B-rudolf"]]
    while state.position.phase == "setup":
        legal = state.legal_actions()
        state.apply(next((o for o in legal if " 5.5 " in f"{o} "), legal[0]))
    pos = state.position
    seat = next(p.seat for p in pos.players if pos.geo.printed(p.node) == "5.5")
    spots = pos.geo.group_spots(pos.geo.node_of("5"))
    assert any(pos.spots.get(s) == [seat, "trading_post"] for s in spots)


def test_card_95_flips_a_deed_and_a_debt() -> None:
    """VK-2.8: card 9.5 starts with 2 deeds and 2 debts and flips one of each at setup."""
    state = keys_state(2, 7)
    state.position.pairs = [["9.5", "H-B-emma"], ["1", "H-B-ada"], ["2", "H-B-rudolf"]]
    while state.position.phase == "setup":
        legal = state.legal_actions()
        state.apply(next((o for o in legal if " 9.5 " in f"{o} "), legal[0]))
    pos = state.position
    player = next(p for p in pos.players if pos.geo.printed(p.node) == "9.5")
    assert (player.deeds_acquired, player.deeds_approved) == (1, 1)
    assert (player.debts_unpaid, player.debts_paid) == (1, 1)


def test_hero_destroyed_at_setup_stays_out_of_the_hero_deck() -> None:
    """VK-2.7 (regression): a hero destroyed by card 9's setup effect is out of the game; it
    is not shuffled into the hero deck."""
    state = keys_state(2, 8)
    state.position.pairs = [["9", "H-K-engelier"], ["1", "H-B-ada"], ["2", "H-B-rudolf"]]
    while state.position.phase == "setup":
        legal = state.legal_actions()
        choice = next((o for o in legal if " 9 " in f"{o} "), None) \
            or next((o for o in legal if o == "destroy H-K-engelier"), legal[0])
        state.apply(choice)
    pos = state.position
    assert "H-K-engelier" in pos.removed
    assert "H-K-engelier" not in pos.ext["hero_row"] + pos.ext["hero_deck"]
