"""keepers: board games played by their exact rules."""

__version__ = "0.1.0"
