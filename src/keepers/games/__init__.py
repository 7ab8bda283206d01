"""The games, one package each; they depend on keepers.core and never on each other."""
