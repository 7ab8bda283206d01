"""The rules of Les Gardiens du Royaume, one module per rulebook section.

Importing this package registers every step kind in :mod:`~keepers.games.gardiens.flow`.

=================  ==============================================================
``setup``          GR-3 setup, the forward-hex picks, the game options (GR-25, GR-29)
``action_phase``   GR-6 the action step (lists and starts every action), GR-13 PASS
``decisions``      GR-28.1 prompts and refusals naming their clause
``combat``         GR-10 ATTACK, GR-25.5 attacks on Shadows
``cards``          GR-12 PLAY_CARD, GR-21 card operations
``actions``        GR-7 BUILD, GR-8 RECRUIT, GR-9 MOVE, GR-11 TRADE
``turn``           GR-4 turn, GR-16 end of turn, GR-17 end of round
``alliances``      GR-15 alliances, GR-29.5 gifts
``coop``           GR-25 co-operative variant (transfers, Shadows, co-op end of round)
``collection``     GR-5 collection
``scoring``        GR-4.4 checkpoints, GR-18 victory points, GR-19 end of the game
``objectives``     GR-24 secret objectives
``events``         GR-23 Event cards
``seats``          GR-4.1 first player (GR-29.1), GR-17.2 turn order, GR-0.4 opponents
``board``          GR-14 control, reserve, overpopulation (GR-7.4, GR-21.2, GR-25.3)
``components``     GR-5.4 cubes, GR-12.5 to 12.8 cards, GR-1.5 the die
=================  ==============================================================

Each module imports only the modules listed below it (the import-linter contract
in ``pyproject.toml`` checks it); a lower module hands back to a higher one
through the flow's tables, never by importing it.
"""

from keepers.games.gardiens.rules import action_phase, decisions, setup

__all__ = ["action_phase", "decisions", "setup"]
