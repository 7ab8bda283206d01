"""Every registered game as an environment for learning agents (an optional extra).

``pip install -e '.[rl]'`` brings numpy, PettingZoo, Gymnasium and OpenSpiel:

* :mod:`keepers.rl.pettingzoo`: ``env(game, players=...)``, an AEC environment, every seat
  an agent;
* :mod:`keepers.rl.gymnasium`: ``KeepersEnv``, one learning seat, the others played by the
  game's bots (ids ``keepers/<Game>-v0``);
* :mod:`keepers.rl.openspiel`: importing it registers ``keepers_<game>`` with OpenSpiel.

A game takes part through its codecs (``Game.action_codec``, ``Game.observation_codec``);
nothing here names a game.  An agent only ever receives what its seat's view holds.
"""
