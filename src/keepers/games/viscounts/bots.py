"""The greedy bot: a one-look heuristic over the decision texts and the bot's own view."""

from __future__ import annotations

from keepers.core.game import JsonDict
from keepers.core.rng import Rng

_PREFERENCE = {
    "action build": 50, "action transcribe": 45, "action workers": 40, "action trade": 20,
    "action pass": 0, "recruit pass": 5, "dismiss none": 10, "rearrange keep": 10,
    "discard done": 1, "destroy done": 1, "shift done": 1, "hire none": 1, "flip debt": 12,
    "flip deed": 10,
}


class GreedyBot:
    """Prefers building, transcribing and placing workers; otherwise plays sensibly."""

    needs_view = True

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed * 7_919 + seat)

    def choose(self, view: JsonDict | None, legal: list[str]) -> str:
        """Return the legal decision with the best heuristic value (ties broken at random)."""
        scored = [(self.value(view, action), self.rng.below(1000), action) for action in legal]
        return max(scored)[2]

    def value(self, view: JsonDict | None, action: str) -> int:
        """Heuristic value of one decision text."""
        if action in _PREFERENCE:
            return _PREFERENCE[action]
        verb, _, rest = action.partition(" ")
        if verb in ("trade", "workers"):
            return 20 + int(rest) * 5
        if verb == "pay":
            return 30 - sum(int(p.split("=")[1]) for p in rest.split(",") if "=" in p)
        if verb == "take":
            return self._scarce(view, rest)
        if verb == "move":
            return 30 - len(rest)
        if verb in ("recruit", "hire"):
            return 8
        if verb == "dismiss":
            return 6
        if verb in ("build", "transcribe", "take_ms", "cascade", "pick", "go", "section"):
            return 15
        if verb in ("discard", "destroy"):
            return 2 if "TF-S" in rest else 0
        return 3

    def _scarce(self, view: JsonDict | None, resource: str) -> int:
        if not view:
            return 10
        me = view["players"][self.seat]
        return 20 - int(me.get(resource, 0))
