"""``python -m keepers`` runs the command line."""

from keepers.cli import main

main()
