"""The Keythedral game object: options, setup, bots, rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from keepers.core.bots import RandomBot
from keepers.core.game import BotFactory, DataCheck, Game, JsonDict
from keepers.core.i18n import t
from keepers.games.keythedral.data import packaged
from keepers.games.keythedral.serial import state_from_dict
from keepers.games.keythedral.state import KeythedralState

DEFAULT_MAX_ROUNDS = 60


class KeythedralGame(Game):
    """Keythedral for 2 (variant) to 5 players."""

    name = "keythedral"
    title = "Keythedral"
    min_players = 2
    max_players = 5
    # 2: the 2026-11-25 revision (harvest shortage all or nothing, KT-6.4; Craft Exchange
    # from the store only, KT-12.7; Hard Worker doubles every cube, KT-12.14) changes how
    # recorded games play out, so records and positions of version 1 are refused.
    rules_version = 2

    def default_options(self) -> dict[str, Any]:
        """``length`` short|full (KT-15.3), ``face_up`` (KT-15.2), ``first`` seat or -1
        for a seeded draw (KT-3.6), ``max_rounds`` safety cap (0 = none)."""
        return {"length": "short", "face_up": False, "first": -1,
                "max_rounds": DEFAULT_MAX_ROUNDS}

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> KeythedralState:
        """Set up a new game (KT-3)."""
        return KeythedralState.new(packaged(), players, seed,
                                   {**self.default_options(), **options})

    def state_from_dict(self, data: JsonDict) -> KeythedralState:
        """Rebuild a position."""
        return state_from_dict(packaged(), data)

    def bots(self) -> dict[str, BotFactory]:
        """``random`` and ``greedy``."""
        from keepers.games.keythedral.bots import GreedyBot

        return {"random": RandomBot, "greedy": GreedyBot}

    def describe_action(self, action: str) -> str:
        """A player-facing description of a decision, in the current language."""
        words = action.split()
        if not words:
            return action
        template = t(f"keythedral.action.{words[0]}")
        if template == f"keythedral.action.{words[0]}":
            return action
        card = ""
        if words[0] == "play" and len(words) > 1 and words[1] in packaged().laws:
            law = packaged().laws[words[1]]
            card = f"{law.name} ({law.id}) {' '.join(words[2:])}".strip()
        args = words[1:] + ["", ""]
        text = template.format(*args, card=card).strip()
        if words[0] == "craft" and words[-1] == "discount":
            law = packaged().laws["C16"]
            text += f" + {law.name} ({law.id})"
        return text

    def check_data(self, directory: str | None = None) -> DataCheck:
        """Validate ``keythedral.toml`` (packaged, or in ``directory``) and summarise it."""
        from pathlib import Path

        from keepers.core.errors import KeepersError
        from keepers.games.keythedral.data import load

        path = Path(directory) / "keythedral.toml" if directory else None
        try:
            data = load(path)
        except (KeepersError, OSError, ValueError) as exc:
            return DataCheck(False, [f"keythedral data: {exc}"])
        return DataCheck(True, [
            f"keythedral data in {path or 'the package'}: OK",
            f"  building tiles: {len(data.tiles)} (costs reconstructed, KT-10.8)",
            f"  mat rows short/full: {data.row_lengths['short']} / {data.row_lengths['full']}"
            " (reconstructed)",
            f"  field tiles: {len(data.field_back)}; law cards: {len(data.laws)}",
        ])

    def render(self, view: JsonDict) -> Any:
        """A Rich renderable of a view."""
        from keepers.games.keythedral.render import render_view

        return render_view(view)


GAME = KeythedralGame()
