"""``python -m keepers.server`` runs the game server (as `keepers serve` does)."""

from keepers.server.cli import main

main()
