"""Both expansions together: where Keeper of Keys and Gates of Gold meet (the table of
docs/rules/viscounts.md section 13)."""

from __future__ import annotations

from keepers.games.viscounts import GAME, ViscountsState
from keepers.games.viscounts.data import load_data
from keepers.games.viscounts.rules import turns
from keepers.games.viscounts.rules.scoring import final_scores

from .test_cards import Policy, run
from .test_gates_cards import gates_position
from .test_keys_cards import CHEST_PILE, CHEST_ROW, HERO_DECK, HERO_ROW

DATA = load_data()


def both_position(players: int = 2) -> ViscountsState:
    """The Gates test position with the Keeper of Keys rows and chests as well."""
    state = gates_position(players)
    state.position.ext.update({
        "expansions": "keys,gates", "owned": [[] for _ in range(players)],
        "hero_row": list(HERO_ROW), "hero_deck": list(HERO_DECK),
        "chest_row": list(CHEST_ROW), "chest_pile": list(CHEST_PILE),
        "chests": [[None, None, None] for _ in range(players)]})
    return state


def test_both_expansions_set_up_together() -> None:
    """VK-2 / VG-3: with both, the hero deck holds every unpicked base, Keys and Gates hero,
    the piles hold both sets' townsfolk and manuscripts, and every person has a manuscript
    board, a king's order and the Keys starting cards."""
    state = GAME.new_state(3, 4, {"expansions": "keys,gates"})
    assert isinstance(state, ViscountsState)
    while state.position.phase == "setup":
        state.apply(state.legal_actions()[0])
    ext = state.position.ext
    sets = {DATA.heroes[h].set for h in ext["hero_deck"] + ext["hero_row"]}
    assert sets <= {"Base", "Keys", "Gates"} and "Gates" in sets
    manuscripts = {DATA.manuscripts[m].set for pile in state.position.ms_piles for m in pile}
    assert {"Keys", "Gates"} <= manuscripts
    for player in state.position.players:
        assert "KO" in player.cards_owned()
        assert any(c.startswith("TF-KS-") for c in player.cards_owned())


def test_kings_order_drops_off_before_the_chest_rewards() -> None:
    """VB-6.1.7 / VG-4.2 / VK-4.4: the king's order returns and welcomes first, then the chest
    rewards of the cards that entered spaces 2 and 3 (an outsider's printed icons count)."""
    state = both_position()
    pos = state.position
    player = pos.players[0]
    pos.ext["chests"][0] = [None, "C10", None]          # merchant >= 2 -> 1 ink
    player.spaces = ["O-G-scholar-3", "TF-S-abbot", "KO"]      # merchant*3 enters space 2
    turns.begin_manage(pos, 0)
    kinds = run(state, Policy(), stop=lambda task: task[0] == "play")
    assert kinds[0] == "welcome"
    assert player.ink == 1 and pos.ext["ko_pile"] == 23


def _collision_with(public: list[str]) -> tuple[int, int]:
    """Seat 0's silver and corruption gained in seat 1's collision at corruption 3, holding DB1
    with a king's order in a space and the public buildings ``public``."""
    state = both_position()
    pos = state.position
    player = pos.players[0]
    pos.ext["builders"] = [["DB1", 0], ["SB1", -1]]
    pos.ext["owned"][0] = list(public)
    player.spaces = ["KO", None, None]
    other = pos.players[1]
    other.corruption = other.virtue = 3
    silver, corruption = player.silver, player.corruption
    pos.current, pos.phase = 1, "collision"
    turns.begin_collision(pos, 1)
    run(state, Policy())
    return player.silver - silver, player.corruption - corruption


def test_public_guildhall_criminal_counts_in_a_gates_collision() -> None:
    """VK-5.4 / VG-6.2 / VB-6.5.2: in another player's collision DB1 pays 2 silver (a king's
    order in a space), and the public guildhall's permanent criminal meets the lower reward's
    condition of position 3 (criminals >= 1), which it would not meet without it."""
    assert DATA.player_board.track[2].lower_condition == "criminals>=1"
    assert str(DATA.player_board.track[2].lower) == "gain_corruption(1)"
    assert _collision_with([]) == (2, 0)
    assert _collision_with(["PB-guildhall"]) == (2, 1)


def test_scoring_adds_both_expansions() -> None:
    """VK-6.1 / VG-8.1: chests and public buildings, outsiders and builder cards all score."""
    state = both_position()
    pos = state.position
    pos.ext["chests"][0] = ["C01", "C02", None]
    pos.ext["owned"][0] = ["PB-workshop"]
    pos.ext["builders"] = [["DB1", 0], ["SB1", -1]]
    pos.players[0].discard.append("O-G-tyrant")
    parts = final_scores(pos)[0].parts
    assert parts["chests"] == 5 and parts["public_buildings"] == 7
    assert parts["builder_cards"] == 3 and parts["outsiders"] == 3
