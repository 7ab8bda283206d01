"""The board: control, reserve and overpopulation (GR-14), with the Shadows that stand
on hexes (GR-25.3, GR-29.6), the buildings that work (GR-7.4) and Warding Sigil
protection (GR-21.2).

The rules of every section move guardians and read control through these functions.
"""

from __future__ import annotations

from keepers.games.gardiens.state import NONE, Position


def has_shadow(st: Position, hex_index: int) -> bool:
    """Return True when a Shadow stands on the hex (GR-25.3)."""
    return hex_index in st.shadow_pos


def is_neutral(st: Position, hex_index: int) -> bool:
    """GR-14.2: no guardian and no Shadow."""
    return st.count[hex_index] == 0 and not has_shadow(st, hex_index)


def controlled(st: Position, player: int) -> list[int]:
    """Return the hexes the player controls (GR-14.1), in hex order."""
    return controlled_shared(st, player).copy()  # the remembered list stays private


def controlled_shared(st: Position, player: int) -> list[int]:
    """:func:`controlled` without the copy, for hot callers that only read it: the
    remembered list itself, which the caller must not change."""
    # Asked several times a turn (collection, each action listing, card tests), on
    # a board that often has not changed: remembered with a copy of ``owner``, and
    # searched again when ``owner`` differs from it (so hand-made changes are seen).
    cache, owner = st.hexes_cache, st.owner
    if cache is None or cache[0] != owner:
        cache = st.hexes_cache = (owner.copy(), {})
    found = cache[1].get(player)
    if found is None:
        found = cache[1][player] = search_controlled(st, player)
    return found


def search_controlled(st: Position, player: int) -> list[int]:
    # A player holds few hexes: count/index scan the board in C, which is
    # faster than a comprehension over every hex.
    owner = st.owner
    out: list[int] = []
    h = -1
    for _ in range(owner.count(player)):
        h = owner.index(player, h + 1)
        out.append(h)
    if st.shadows_advance and st.shadow_pos:
        # GR-29.6: guardians a Shadow walked onto stay, but a Shadow hex has no
        # controller (GR-25.3); whoever moves a Shadow forgets this list.
        shadows = st.shadow_pos
        return [h for h in out if h not in shadows]
    return out


def controls(st: Position, player: int, hex_index: int) -> bool:
    """Return True when the player has a guardian on the hex."""
    return st.owner[hex_index] == player


def is_protected(st: Position, hex_index: int) -> bool:
    """Warding Sigil protection in force on the hex (GR-21.2 protect)."""
    return st.protect[hex_index] != NONE and st.protect[hex_index] == st.owner[hex_index]


def building_works(st: Position, hex_index: int, key: str) -> bool:
    """A building works only for the controller of its hex (GR-7.4)."""
    return st.owner[hex_index] != NONE and st.hex_building(hex_index) == key


def controls_building(st: Position, player: int, key: str) -> int:
    """Count the hexes the player controls holding a building of that type."""
    return controls_building_type(st, player, st.data.building_index[key])


def controls_building_type(st: Position, player: int, want: int) -> int:
    """:func:`controls_building` by building index."""
    building, owner = st.building, st.owner
    found = h = 0
    for _ in range(building.count(want)):  # buildings are few: find them in C
        h = building.index(want, h) + 1
        found += owner[h - 1] == player
    if found and st.shadows_advance:  # a building on a Shadow hex works for nobody
        found -= sum(1 for pos in set(st.shadow_pos)
                     if pos != NONE and owner[pos] == player and building[pos] == want)
    return found


def place(st: Position, player: int, hex_index: int, number: int) -> None:
    """Put guardians from reserve on a hex, then apply overpopulation (GR-14.4)."""
    reserve = st.reserve[player]
    number = reserve if reserve < number else number  # min(), without its slow call
    if number <= 0:
        return
    st.reserve[player] -= number
    st.owner[hex_index] = player
    st.count[hex_index] += number
    overpopulate(st, hex_index)


def remove(st: Position, hex_index: int, number: int) -> None:
    """Return guardians from a hex to their owner's reserve (GR-14.3)."""
    player = st.owner[hex_index]
    present = st.count[hex_index]
    number = present if present < number else number  # min(), without its slow call
    if player == NONE or number <= 0:
        return
    st.count[hex_index] -= number
    st.reserve[player] += number
    if st.count[hex_index] == 0:
        st.owner[hex_index] = NONE
        st.protect[hex_index] = NONE


def shift(st: Position, source: int, dest: int, number: int) -> None:
    """Move guardians of the owner of ``source`` to ``dest`` (claiming it), GR-9.3."""
    player = st.owner[source]
    st.count[source] -= number
    if st.count[source] == 0:
        st.owner[source] = NONE
        st.protect[source] = NONE
    if st.owner[dest] != player:
        st.protect[dest] = NONE
    st.owner[dest] = player
    st.count[dest] += number
    overpopulate(st, dest)


def overpopulate(st: Position, hex_index: int) -> None:
    """GR-14.4: guardians above the limit return to reserve."""
    limit = st.data.rule("max_guardians_per_hex")
    excess = st.count[hex_index] - limit
    if excess > 0:
        st.count[hex_index] = limit
        st.reserve[st.owner[hex_index]] += excess


def on_board(st: Position, player: int) -> int:
    """Return the number of the player's guardians on the board."""
    return sum(c for o, c in zip(st.owner, st.count, strict=True) if o == player)
