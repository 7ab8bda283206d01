"""The Viscounts rules, one module per rulebook section, as functions over a position.

Every rule is a function whose first argument is the
:class:`~keepers.games.viscounts.state.Position`.  Importing this package
imports every rules module, which registers its step handlers with
:mod:`keepers.games.viscounts.flow` and its effect terms with
:data:`keepers.games.viscounts.rules.effects.EFFECTS`:

* :mod:`.concepts` - core concepts and primitive operations (VB-0.5, VB-2, VB-3.3, VB-8.1)
* :mod:`.effects` - the effect interpreter (VB-7, VB-10)
* :mod:`.castle` - the castle (VB-4)
* :mod:`.actions` - primary actions (VB-6.3)
* :mod:`.turns` - the turn and its phases, the end of the game (VB-6, VB-8.2)
* :mod:`.setup` - setup (VB-5)
* :mod:`.solo` - the solo AI (VS-1 to VS-6)
* :mod:`.scoring` - end-game scoring (VB-9, VS-6)

A module may replace what another registered: the solo rules replace some
effect and step handlers for the AI, and import the effects module first, so
they always register after it.
"""

from keepers.games.viscounts.rules import (
    actions,
    castle,
    concepts,
    effects,
    scoring,
    setup,
    solo,
    turns,
)

__all__ = ["actions", "castle", "concepts", "effects", "scoring", "setup", "solo", "turns"]
