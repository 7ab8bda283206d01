"""Errors raised by the engine.  Every refusal names the rule it enforces."""

from __future__ import annotations


class KeepersError(Exception):
    """Base class of every error the engine raises on purpose."""


class RuleError(KeepersError):
    """A decision was refused: illegal, out of turn or malformed.

    ``clause`` is the id of the rule that refuses it (for example ``KT-7.6``).
    The state that refused the decision is left exactly as it was.
    """

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause
        self.message = message

    def __reduce__(self) -> tuple[type[RuleError], tuple[str, str]]:
        # keeps the error picklable, so it crosses process boundaries intact
        return (RuleError, (self.clause, self.message))


class RecordError(KeepersError):
    """A game record or position file cannot be read or does not replay."""
