"""Seat tokens: the only credential a player needs.

A token is 256 random bits in URL-safe text.  The server keeps only its SHA-256
hash and compares hashes in constant time, so neither a copy of the database
nor the timing of a refusal gives a seat away.  No token is ever logged.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
MAX_TOKEN_CHARS = 64
"""Longest token text accepted (a real token has 43 characters)."""


def new_token() -> str:
    """Return a fresh unguessable seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """Return the hex SHA-256 of ``token``: what the database stores."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, stored_hash: str) -> bool:
    """True when ``token`` hashes to ``stored_hash`` (compared in constant time)."""
    return hmac.compare_digest(token_hash(token), stored_hash)
