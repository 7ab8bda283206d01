"""The Keythedral rules, one module per rulebook section, as functions over a position.

Every rule is a function whose first argument is the
:class:`~keepers.games.keythedral.state.Position`.  Importing this package
imports every rules module, which registers its step, options and answer
handlers with :mod:`keepers.games.keythedral.flow`:

* :mod:`.conventions` - seat order, cubes and paying cube by cube (KT-0)
* :mod:`.board` - board geometry, access, fences, enclosure and relay (KT-2)
* :mod:`.setup` - setup and the setup rounds (KT-3)
* :mod:`.phases` - the round and its phases, phase 4 (KT-4.1, KT-4.3, KT-8, KT-9.8)
* :mod:`.windows` - law windows and the Veto (KT-4.2 to KT-4.14, KT-12.10)
* :mod:`.placement` - phase 1, work orders and workers (KT-5)
* :mod:`.harvest` - phase 2, harvest (KT-6)
* :mod:`.turns` - phase 3, the spending turns (KT-7.2, KT-7.3)
* :mod:`.spending` - phase 3, the actions (KT-7.4 to KT-7.12)
* :mod:`.bidding` - phase 5, change of first player (KT-9)
* :mod:`.mat` - the mat of building tiles (KT-10.1, KT-10.2, KT-10.7)
* :mod:`.buying` - buying a building tile (KT-10.3 to KT-10.7, KT-12.5)
* :mod:`.pricing` - prices and whether a buyer can pay them (KT-10.4)
* :mod:`.laws` - law cards: legal plays and effects (KT-11, KT-12)
* :mod:`.scoring` - end of game and scoring (KT-14)

The modules import one another without a circle: conventions, board, mat,
pricing and scoring at the bottom; then laws, windows, turns and buying;
then the phases' modules, the round (phases) and setup at the top.
"""

from keepers.games.keythedral.rules import (
    bidding,
    board,
    buying,
    conventions,
    harvest,
    laws,
    mat,
    phases,
    placement,
    pricing,
    scoring,
    setup,
    spending,
    turns,
    windows,
)

__all__ = ["bidding", "board", "buying", "conventions", "harvest", "laws", "mat", "placement",
           "phases", "pricing", "scoring", "setup", "spending", "turns", "windows"]
