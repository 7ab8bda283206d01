"""KT-4.14: no view tells a secret law poll from no poll.

Two tables differ only in one law card in seat 1's hand: Hard Worker (playable
at the start of phase 2, so seat 1 is polled) or Veto (never playable there,
so nobody is polled).  Hand sizes, decks and discards look the same to the
others; their views must be identical in both, during the poll and after it.
"""

from __future__ import annotations

import json
from typing import Any

from keepers.games.keythedral import KeythedralState, builder


def _table(card: str, seed: int) -> KeythedralState:
    return builder.position(3, seed=seed, fields={(0, 0): "farm", (2, 0): "lake"},
                            cottages={(1, -1): (0, 1), (3, -1): (1, 1)},
                            workers={(0, 0): 0, (2, 0): 1}, hands={1: [card]}, phase=2)


def _canon(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def _worlds() -> tuple[KeythedralState, KeythedralState]:
    """The two tables, with both cards drawn from the deck (law spaces look alike)."""
    for seed in range(1, 50):
        polled, quiet = _table("C14", seed), _table("C10", seed)
        if polled.view(None)["law_spaces"] == quiet.view(None)["law_spaces"]:
            return polled, quiet
    raise AssertionError("no seed deals both cards from the deck")


def test_other_seats_see_the_same_table_whether_or_not_a_seat_is_polled() -> None:
    """KT-4.14, KT-4.10, KT-13.5: seat 1 is polled in WS2 with Hard Worker in hand; seats 0
    and 2 and a spectator see exactly what they see when seat 1 holds no playable card."""
    polled, quiet = _worlds()
    decision = polled.decision()
    assert decision is not None and (decision.player, decision.kind) == (1, "law")
    assert not decision.public and "play C14" in polled.legal_actions()
    assert quiet.decision() is not None and quiet.decision().kind != "law"  # type: ignore[union-attr]
    for viewer in (None, 0, 2):
        assert _canon(polled.view(viewer)) == _canon(quiet.view(viewer)), viewer
    # the polled seat sees its own decision, with its plays
    own = polled.view(1)["decision"]
    assert own["kind"] == "law" and "play C14" in own["legal"]


def test_after_the_poll_passes_the_views_have_not_moved() -> None:
    """KT-4.14: when the polled seat passes, what the others saw during the poll is what
    they see now; a card played is announced as any play (KT-4.11)."""
    polled, quiet = _worlds()
    during = {viewer: _canon(polled.view(viewer)) for viewer in (None, 0, 2)}
    played = polled.clone()
    polled.apply("pass")
    for viewer in (None, 0, 2):
        assert _canon(polled.view(viewer)) == during[viewer] == _canon(quiet.view(viewer))
    played.apply("play C14")
    assert ["play", 1, "play C14"] in played.view(0)["events"]


def test_the_poll_is_not_answered_in_the_real_game() -> None:
    """KT-4.14: building the others' view never touches the position (the pass is played
    on a copy)."""
    polled, _ = _worlds()
    before = _canon(polled.to_dict())
    polled.view(0)
    polled.view(None)
    assert _canon(polled.to_dict()) == before and polled.decision().kind == "law"  # type: ignore[union-attr]
