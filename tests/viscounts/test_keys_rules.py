"""Keeper of Keys rules: heroes (VK-3), chest tiles (VK-4), public buildings (VK-5), scoring
(VK-6) and the rulings of section 14.3 (VK-R..)."""

from __future__ import annotations

import json

import pytest

from keepers.core.errors import RuleError
from keepers.games.viscounts import ViscountsState, flow
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules import actions, concepts, turns
from keepers.games.viscounts.rules.scoring import final_scores, icon_total
from keepers.games.viscounts.state import profile_of

from .test_cards import ANTAGONIST, FILLERS, Policy, run
from .test_keys_cards import HERO_DECK, HERO_ROW, keys_position

DATA = load_data()
TILES = [t for t in DATA.chest_tiles.values() if t.set == "Keys"]
CONVERT = [t for t in TILES if t.timing == "ongoing"]
REWARD = [t for t in TILES if t.timing == "entry"]


def _resolve(state: ViscountsState, text: str, policy: Policy | None = None,
             seat: int = 0) -> list[str]:
    state.position.stack = [("eff", seat, text, "")]
    return run(state, policy or Policy())


# ============================================================================ heroes (VK-3)

def test_gain_hero_takes_a_face_up_hero_free_and_refills_from_the_left() -> None:
    """VK-3.1 / VK-7.2: the chosen face-up hero goes to hand, nothing is paid, no hire trigger
    fires, the row refills from the hero deck (new cards enter at the left)."""
    state = keys_position()
    player = state.position.players[0]
    player.spaces = ["H-K-renauld", None, None]           # on_hire would give a stone
    silver = player.silver
    _resolve(state, "gain_hero", Policy(fixed={"hero": f"hero {HERO_ROW[1]}"}))
    assert HERO_ROW[1] in player.hand and player.silver == silver and player.stone == 0
    assert state.position.ext["hero_row"] == [HERO_DECK[0], HERO_ROW[0], HERO_ROW[2]]


def test_empty_hero_deck_leaves_a_gap_and_empty_row_does_nothing() -> None:
    """VK-R06: with an empty deck the row is not refilled; with an empty row gain_hero does
    nothing and a one_of offering it leaves only the other part."""
    state = keys_position()
    state.position.ext["hero_deck"] = []
    _resolve(state, "gain_hero")
    assert len(state.position.ext["hero_row"]) == 2
    state.position.ext["hero_row"] = []
    hand = list(state.position.players[0].hand)
    assert _resolve(state, "gain_hero") == []
    assert state.position.players[0].hand == hand
    _resolve(state, "one_of(gain_hero, gain(silver=1))",    # the only resolvable part
             Policy(picks=["gain(silver=1)"]))
    assert state.position.players[0].silver == 1


def test_hero_choice_refuses_a_hero_not_in_the_row_with_the_clause() -> None:
    """VK-3.1: only face-up heroes can be taken; anything else is refused (VK-3.1), the
    state unchanged."""
    state = keys_position()
    state.position.stack = [("gain_hero", 0)]
    state.choice = None
    assert set(state.legal_actions()) == {f"hero {h}" for h in HERO_ROW}
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        state.apply(f"hero {HERO_DECK[0]}")
    assert info.value.clause == "VK-3.1"
    assert json.dumps(state.to_dict(), sort_keys=True) == before


# ============================================================================ chests (VK-4)

def test_gain_chest_slots_a_tile_under_a_free_space_and_refills() -> None:
    """VK-4.1: a face-up tile goes under a chosen card space (one chest per space); the row
    refills from the pile."""
    state = keys_position()
    ext = state.position.ext
    ext["chests"][0] = [None, "C02", None]
    state.position.stack = [("gain_chest", 0)]
    state.choice = None
    legal = state.legal_actions()
    assert all(o.split()[2] in ("1", "3") for o in legal)       # VK-R04: space 2 is taken
    assert "chest none" not in legal
    state.apply("chest C10 3")
    assert ext["chests"][0] == [None, "C02", "C10"]
    assert ext["chest_row"] == ["C05", "C01", "C13", "C16"]


def test_gain_chest_with_three_chests_replaces_or_declines() -> None:
    """VK-R13 / VK-4.1: with three chests the new tile replaces one (which leaves the game),
    or the gain is declined and the row is unchanged."""
    state = keys_position()
    ext = state.position.ext
    ext["chests"][0] = ["C02", "C03", "C04"]
    _resolve(state, "gain_chest", Policy(fixed={"chest": "chest none"}))
    assert ext["chests"][0] == ["C02", "C03", "C04"] and len(ext["chest_row"]) == 4
    _resolve(state, "gain_chest", Policy(fixed={"chest": "chest C01 2"}))
    assert ext["chests"][0] == ["C02", "C01", "C04"] and "C03" in state.position.removed


def test_illegal_chest_space_refused_with_clause() -> None:
    """VK-4.1 / VK-R04: a chest under an occupied space is refused while a space is free."""
    state = keys_position()
    state.position.ext["chests"][0] = ["C02", None, None]
    state.position.stack = [("gain_chest", 0)]
    state.choice = None
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        state.apply("chest C01 1")
    assert info.value.clause == "VK-4.1"
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def _funding(tile: str | None, card: str, action: str) -> int:
    state = keys_position()
    player = state.position.players[0]
    player.spaces = [card, None, None]
    state.position.ext["chests"][0] = [tile, None, None]
    return actions.free_icons(state.position, 0, action, "")


CARD_WITH = {"cleric": "TF-S-abbot", "builder": "TF-S-labourer", "noble": "TF-S-squire"}
ACTION_OF = {"cleric": "transcribe", "builder": "build", "noble": "workers",
             "merchant": "trade"}


@pytest.mark.parametrize("tile_id", [t.id for t in CONVERT])
def test_conversion_chest_adds_icons_for_funding(tile_id: str) -> None:
    """VK-4.2 / VK-4.5 / VK-R08: a conversion chest turns one printed icon of the card above
    into its icons, for funding only: each icon type it gives is that much easier to fund,
    while board icons (criminal checks, scoring) are unchanged; no card above, nothing."""
    effect = DATA.chest_tiles[tile_id].effect
    source = effect.kw("from")
    gives = {k: v for k, v in (p.split("*") if "*" in p else (p, "1")
                               for p in effect.kw("to").split("+"))}
    card = CARD_WITH[source]
    for icon, count in gives.items():
        action = ACTION_OF[icon]
        gained = int(count) - (1 if icon == source else 0)
        assert _funding(tile_id, card, action) == _funding(None, card, action) + gained
        assert _funding(tile_id, "TF-B-antagonist", action) == \
            _funding(None, "TF-B-antagonist", action)              # no printed source icon
    state = keys_position()
    state.position.players[0].spaces = [card, None, None]
    plain = concepts.board_icons(state.position, 0)
    state.position.ext["chests"][0] = [tile_id, None, None]
    assert concepts.board_icons(state.position, 0) == plain


@pytest.mark.parametrize("tile_id", [t.id for t in REWARD])
def test_reward_chest_pays_when_a_matching_card_is_played_into_space_1(tile_id: str) -> None:
    """VK-4.3 / VK-4.4 / VK-4.5: a card played into space 1 with the printed icons the tile
    asks for earns its reward after the immediate effect; a card without them earns
    nothing."""
    effect = DATA.chest_tiles[tile_id].effect
    icon, _, least = effect.kw("when").partition(">=")
    match = next(c for c in DATA.townsfolk.values() if c.set in ("Base", "Starter") and
                 c.icon_count(icon) >= int(least) and c.instant.name == "none"
                 and c.ongoing.name == "none")
    miss = next(c for c in DATA.townsfolk.values() if c.set in ("Base", "Starter") and
                c.icon_count(icon) == 0 and c.instant.name == "none"
                and c.ongoing.name == "none" and not c.icon_count("criminal"))
    results = {}
    for card in (match, miss):
        state = keys_position()
        player = state.position.players[0]
        player.hand = list(FILLERS) + [card.id]
        state.position.ext["chests"][0] = [tile_id, None, None]
        before = (player.silver, player.ink, player.gold, player.stone)
        turns.begin_manage(state.position, 0)
        run(state, Policy(fixed={"play": f"play {card.id}"}))
        results[card.id] = tuple(a - b for a, b in zip(
            (player.silver, player.ink, player.gold, player.stone), before, strict=True))
    reward = dict(effect.sub(0).kwargs)
    keys = ("silver", "ink", "gold", "stone")
    expected = tuple(int(reward.get(k, 0)) for k in keys)
    assert results[match.id] == expected and any(expected)
    assert results[miss.id] == (0, 0, 0, 0)


def test_reward_for_shifted_cards_before_the_play_and_fixed_at_entry() -> None:
    """VK-4.3 / VK-4.4 / VK-R12: cards shifted into spaces 2 and 3 earn their chests' rewards
    after the drop-off and before the play; a rearrangement by the drop-off neither creates
    nor cancels them."""
    state = keys_position()
    player = state.position.players[0]
    # space 1 -> 2: a 2-merchant card over C10 (ink); space 2 -> 3: a criminal over C14 (stone)
    state.position.ext["chests"][0] = [None, "C10", "C14"]
    player.spaces = ["TF-S-journeyman", ANTAGONIST, "TF-K-tinker"]   # Tinker: 2 silver drop-off
    kinds: list[str] = []

    def stop(task: tuple[object, ...]) -> bool:
        kinds.append(str(task[0]))
        return task[0] == "play"
    turns.begin_manage(state.position, 0)
    player.spaces = [None, ANTAGONIST, "TF-S-journeyman"]   # as a drop-off rearrangement would
    run(state, Policy(), stop=stop)
    assert player.ink == 1 and player.stone == 1 and player.silver == 2
    assert kinds.index("chest_reward") < kinds.index("play")


def test_rearranging_never_triggers_rewards() -> None:
    """VK-4.3 / VK-R12: a rearrangement moves cards over chests without any reward."""
    state = keys_position()
    player = state.position.players[0]
    state.position.ext["chests"][0] = ["C13", None, None]
    player.spaces = [None, ANTAGONIST, None]
    _resolve(state, "rearrange", Policy())             # Policy reverses: the criminal to 2
    player.spaces = [ANTAGONIST, None, None]
    _resolve(state, "rearrange", Policy())
    assert player.ink == 0


def test_chest_placed_after_entry_gives_no_reward() -> None:
    """VK-R12: a chest gained by the played card's own immediate effect gives no entry reward
    for that card."""
    state = keys_position()
    player = state.position.players[0]
    state.position.ext["chest_row"] = ["C10", "C11", "C12", "C16"]
    # Zesiro's drop-off gains a chest after the Journeyman (2 merchants) entered space 2.
    player.spaces = ["TF-S-journeyman", None, "H-K-zesiro"]
    turns.begin_manage(state.position, 0)
    run(state, Policy(fixed={"chest": "chest C10 2"}, picks=["gain_chest"]),
        stop=lambda task: task[0] == "play")
    assert state.position.ext["chests"][0] == [None, "C10", None]
    assert player.ink == 0 and player.debts_unpaid == 3


# ============================================================================ public buildings

def _outside_with_own(state: ViscountsState, btype: str) -> str:
    """Put seat 0 on 0.L with its own ``btype`` building on a spot of that river group."""
    pos = state.position
    player = pos.players[0]
    player.node = "0.L"
    spot = pos.geo.group_spots("0.L")[0]
    slot = next(i for i, s in enumerate(DATA.player_board.slots) if s.type == btype)
    player.covered[slot] = False
    pos.spots[spot] = [0, btype]
    return spot


@pytest.mark.parametrize("public", sorted(DATA.public_buildings))
def test_public_building_construct(public: str) -> None:
    """VK-5.1 / VK-5.2 / VK-5.5 / VK-R10: with an own building of the type in the river group
    of the Viscount's outside space, paying the printed builder cost, the public building
    takes the spot, the player's building covers an empty slot of its type (the player's
    choice), on_build fires, the immediate effect resolves; no spot bonus, no link reward."""
    building = DATA.public_buildings[public]
    state = keys_position()
    pos = state.position
    player = pos.players[0]
    spot = _outside_with_own(state, building.replaces)
    player.spaces = [None, None, None]
    player.stone = 20
    targets = dict(actions.targets(pos, 0, "build"))
    target = f"public {public} {spot}"
    assert targets[target] == building.cost
    silver = player.silver
    pos.stack = [("act_target", 0, "build", 1)]
    chests_before = sum(1 for c in pos.ext["chests"][0] if c)
    hand_before = len(player.hand)
    flips_before = player.debts_paid + player.deeds_approved
    run(state, Policy(fixed={"target": target, "flip": "flip debt"}))
    assert pos.spots[spot] == [0, public] and pos.ext["owned"][0] == [public]
    free = [i for i, s in enumerate(DATA.player_board.slots) if s.type == building.replaces]
    assert all(player.covered[i] for i in free)                      # back on the board
    assert player.silver == silver                                   # no spot bonus silver
    immediate = building.immediate.name
    if immediate == "gain_chest":
        assert sum(1 for c in pos.ext["chests"][0] if c) == chests_before + 1
    elif immediate == "gain_hero":
        assert len(player.hand) == hand_before + 1
    else:
        assert player.debts_paid + player.deeds_approved == flips_before + 1


def test_public_building_needs_an_own_building_and_is_unique() -> None:
    """VK-5.1 / VK-5.3: no own building of the type in the group, or the public building
    already built (by anyone): no public target; build_free never offers one."""
    state = keys_position()
    pos = state.position
    pos.players[0].node = "0.L"
    spot = pos.geo.group_spots("0.L")[0]
    pos.spots[spot] = [1, "workshop"]                     # someone else's workshop
    assert not [t for t, _ in actions.targets(pos, 0, "build") if t.startswith("public")]
    pos.spots[spot] = [0, "workshop"]
    pos.ext["owned"][1] = ["PB-workshop"]
    assert not [t for t, _ in actions.targets(pos, 0, "build") if t.startswith("public")]
    pos.stack = [("eff", 0, "build_free(any)", "")]
    flow.step(pos, pos.stack[-1])
    choice = flow.step(pos, pos.stack[-1])
    assert choice is not None and not any("PB-" in o for o in choice.options)


def test_returned_building_can_be_built_again_and_covers_a_slot() -> None:
    """VK-5.2 / VK-R10: the returned building's slot is covered (its ability lost) and it can
    be constructed again."""
    state = keys_position()
    pos = state.position
    player = pos.players[0]
    spot = _outside_with_own(state, "workshop")
    player.stone = 20
    pos.stack = [("act_target", 0, "build", 1)]
    run(state, Policy(fixed={"target": f"public PB-workshop {spot}", "flip": "flip debt"}))
    assert any(t.startswith("build WS") for t, _ in actions.targets(pos, 0, "build"))


def test_public_guildhall_criminal_counts_everywhere() -> None:
    """VK-5.4: the public guildhall's permanent criminal counts for actions, the surcharge,
    collisions, shuffle checks and icon scoring."""
    state = keys_position()
    pos = state.position
    assert concepts.criminal_count(pos, 0) == 0
    trade = actions.free_icons(pos, 0, "trade", "")
    icons = icon_total(pos, 0, "criminal")
    pos.ext["owned"][0] = ["PB-guildhall"]
    assert concepts.criminal_count(pos, 0) == 1
    assert concepts.criminal_count(pos, 0, collision=True) == 1
    assert actions.free_icons(pos, 0, "trade", "") == trade + 1
    assert icon_total(pos, 0, "criminal") == icons + 1
    corruption = pos.players[0].corruption
    concepts.shuffle_check(pos, 0)
    assert pos.players[0].corruption == corruption + 1


def test_public_workshop_ignores_a_criminal_in_collisions_and_may_draw() -> None:
    """VK-5.4 / VK-R15: the workshop's owner ignores 1 criminal in every collision check
    (not the surcharge), and in step 2 of any player's collision may draw 1."""
    state = keys_position()
    pos = state.position
    player = pos.players[0]
    player.spaces = [ANTAGONIST, None, None]
    pos.ext["owned"][0] = ["PB-workshop"]
    assert concepts.criminal_count(pos, 0) == 2
    assert concepts.criminal_count(pos, 0, collision=True) == 1
    other = pos.players[1]
    other.corruption = other.virtue = 3
    hand = len(player.hand)
    pos.current, pos.phase = 1, "collision"
    turns.begin_collision(pos, 1)
    run(state, Policy(picks=["draw(1)"]))
    assert len(player.hand) == hand + 1


def test_public_trading_post_flips_on_gain_or_destroy_hero() -> None:
    """VK-5.4 / VK-R07: the public trading post lets its owner flip a debt or deed on each
    gain_hero and each hero destroyed."""
    state = keys_position()
    pos = state.position
    player = pos.players[0]
    pos.ext["owned"][0] = ["PB-trading_post"]
    _resolve(state, "gain_hero", Policy(picks=["flip(either)"]))
    assert player.debts_paid == 1
    player.hand.append("H-B-clovis")
    _resolve(state, "destroy(1)", Policy(fixed={"destroy": "destroy H-B-clovis"},
                                         picks=["flip(either)"]))
    assert player.debts_paid == 2 and "H-B-clovis" in pos.removed


def test_public_buildings_count_for_links_not_building_rows() -> None:
    """VK-R03: a public building is its owner's for "own building" counters (links, segments)
    but not for building VP rows or ``buildings`` counters."""
    from keepers.games.viscounts.rules.scoring import counter
    state = keys_position()
    pos = state.position
    spot = pos.geo.group_spots("0.L")[0]
    pos.spots[spot] = [0, "PB-guildhall"]
    pos.ext["owned"][0] = ["PB-guildhall"]
    assert counter(pos, 0, "buildings") == 0
    assert counter(pos, 0, "segments_with_own_building") == 1
    assert final_scores(pos)[0].parts["buildings"] == 0


# ============================================================================ scoring (VK-6)

@pytest.mark.parametrize(("chests", "vp"), [(0, 0), (1, 2), (2, 5), (3, 9)])
def test_chest_and_public_building_vp(chests: int, vp: int) -> None:
    """VK-6.1: chest tiles owned score 2/5/9 for 1/2/3; public buildings their printed VP."""
    state = keys_position()
    pos = state.position
    pos.ext["chests"][0] = (["C01", "C02", "C03"][:chests] + [None] * 3)[:3]
    score = final_scores(pos)[0]
    assert score.parts["chests"] == vp
    pos.ext["owned"][0] = ["PB-guildhall", "PB-workshop"]
    assert final_scores(pos)[0].parts["public_buildings"] == 15 + 7


def test_keys_manuscript_scoring_counters() -> None:
    """VK-2.2 / VB-10.7: ``chest_tiles`` and ``heroes_owned`` counters (MK3, MK4)."""
    from keepers.games.viscounts.rules.scoring import scoring_term_vp
    state = keys_position()
    pos = state.position
    pos.ext["chests"][0] = ["C01", None, "C03"]
    pos.players[0].hand = ["H-B-emma", "H-K-fara", "TF-S-abbot"]
    assert scoring_term_vp(pos, 0, DATA.manuscripts["MK3"].scoring) == 4
    assert scoring_term_vp(pos, 0, DATA.manuscripts["MK4"].scoring) == 2


def test_profile_sees_chest_and_public_changes() -> None:
    """The cached ability profile follows chests and public buildings (VB-7.17)."""
    state = keys_position()
    pos = state.position
    first = profile_of(pos, 0)
    pos.ext["owned"][0].append("PB-guildhall")
    assert profile_of(pos, 0) is not first


# ============================================================================ components, refusals

def test_keys_components_counted() -> None:
    """VK-1.1 / VK-2.3 / VK-2.4: 10 heroes, 12 starting townsfolk (3 designs, one per colour),
    20 neutrals, 5 player cards, 1 starting scheme, 5 manuscripts, 3 public buildings,
    18 chest tiles and 3 AI chest tiles; the Keys boards add one chest slot per card space."""
    assert sum(h.copies for h in DATA.heroes.values() if h.set == "Keys") == 10
    assert sum(c.copies for c in DATA.townsfolk.values() if c.set == "KeysStarter") == 12
    assert sum(c.copies for c in DATA.townsfolk.values() if c.set == "Keys") == 20
    assert sum(1 for p in DATA.player_cards.values() if p.set == "Keys") == 5
    assert sum(1 for s in DATA.schemes.values() if s.set == "Keys") == 1
    assert sum(1 for m in DATA.manuscripts.values() if m.set == "Keys") == 5
    assert len(DATA.public_buildings) == 3
    assert len(TILES) == 18 and sum(1 for t in DATA.chest_tiles.values()
                                    if t.set == "KeysAI") == 3
    assert DATA.player_board.chest_slots == 3


def test_construct_public_fires_on_build() -> None:
    """VK-5.5: building a public building is a Construct action: on_build abilities fire
    (Woodcutter: move the Viscount)."""
    state = keys_position()
    pos = state.position
    player = pos.players[0]
    spot = _outside_with_own(state, "workshop")
    player.spaces = ["TF-K-woodcutter", None, None]
    player.stone = 10
    pos.stack = [("act_target", 0, "build", 1)]
    run(state, Policy(fixed={"target": f"public PB-workshop {spot}", "flip": "flip debt"}))
    assert pos.ext["owned"][0] == ["PB-workshop"] and player.node != "0.L"


def test_illegal_public_building_refused_with_clause() -> None:
    """VK-5.1: a public building target the player may not build is refused with VK-5.1 and
    the state is unchanged."""
    state = keys_position()
    pos = state.position
    pos.players[0].node = "0.L"
    pos.players[0].stone = 10
    pos.stack = [("act_target", 0, "build", 1)]
    state.choice = None
    spot = pos.geo.group_spots("0.L")[0]
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        state.apply(f"public PB-guildhall {spot}")
    assert info.value.clause == "VK-5.1"
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_delphine_icons_read_from_the_illustration() -> None:
    """VK-R11: Delphine has noble and builder icons."""
    icons = {k: v for k, v in DATA.card("H-K-delphine").icons.items() if v}
    assert icons == {"noble": 1, "builder": 1}


def test_worked_example_vk_x01() -> None:
    """VK-X01: C13 under space 1 and C02 under space 3; playing a Grifter (criminal+builder)
    costs 1 corruption of surcharge and 1 of its own effect and earns 1 ink; two shifts later
    the Grifter in space 3 supplies 3 builder icons (builder counted as 2, plus criminal)."""
    state = keys_position()
    pos = state.position
    player = pos.players[0]
    pos.ext["chests"][0] = ["C13", None, "C02"]
    player.spaces = ["TF-S-squire", "TF-S-abbot", "TF-S-labourer"]
    player.hand = list(FILLERS) + ["TF-K-grifter-2"]
    corruption = player.corruption
    turns.begin_manage(pos, 0)
    run(state, Policy(fixed={"play": "play TF-K-grifter-2"}))
    assert player.corruption == corruption + 2 and player.ink == 1
    assert player.spaces[0] == "TF-K-grifter-2" and "TF-S-labourer" in player.discard
    player.spaces = ["TF-S-squire", "TF-S-abbot", "TF-K-grifter-2"]
    with_grifter = actions.free_icons(pos, 0, "build", "")
    player.spaces = ["TF-S-squire", "TF-S-abbot", None]
    without = actions.free_icons(pos, 0, "build", "")
    starting = DATA.player_board.starting_icons["space3"].get("builder", 0) + \
        DATA.player_board.starting_icons["space3"].get("criminal", 0)
    assert with_grifter - (without - starting) == 3
