"""Decisions (GR-28.1): the prompt of the pending step, and the refusal of an illegal
decision naming the most specific clause it breaks (GR-6 to GR-13, GR-15.3, GR-25.12,
GR-29.3, GR-29.5)."""

from __future__ import annotations

from keepers.core.errors import RuleError
from keepers.core.i18n import t
from keepers.games.gardiens import flow
from keepers.games.gardiens.rules import events
from keepers.games.gardiens.state import NONE, Position


def prompt(st: Position) -> str:
    """A short text for the pending decision, in the language in use."""
    if st.phase not in flow.CLAUSES:
        return st.phase
    text = t(f"gardiens.prompt.{st.phase}")
    if st.phase == "effect":
        return f"{st.card(st.ctx['card']).name}: {text}"
    return text


_ACTION_CLAUSES = {
    "build": "GR-7.1", "recruit": "GR-8.1", "move": "GR-9.2", "attack": "GR-10.1",
    "trade": "GR-11.1", "play": "GR-12.4", "give": "GR-25.4", "take": "GR-25.4",
    "pass": "GR-6.3",
}


def explain(st: Position, action: str) -> RuleError:
    """Build the refusal of an illegal decision, naming the clause it breaks."""
    clause = flow.CLAUSES.get(st.phase)
    if clause is None:
        return RuleError("GR-28.1", f"no decision is expected now (phase {st.phase})")
    if st.phase != "action":
        return RuleError(clause, f"{action!r} is not a legal choice: {prompt(st)}")
    verb = action.split()[0] if action.split() else ""
    reading = _option_refusal(st, verb, action)
    if reading is not None:
        return RuleError(reading[0], f"{action!r} is not a legal action now: {reading[1]}")
    clause = _action_clause(st, verb, action)
    return RuleError(clause, f"{action!r} is not a legal action now")


def _option_refusal(st: Position, verb: str, action: str) -> tuple[str, str] | None:
    """The clause and reason refusing an action that only an option's reading allows
    (GR-29.3 Bank trades, GR-29.5 gifts); None for any other action."""
    if " ".join(action.split()) != action:
        return None
    if action == "trade bank" and not st.bank_trade:
        return "GR-29.3", "no Bank trade in this game (option bank_trade=false)"
    if verb != "give" or st.coop or len(action.split()) != 3:
        return None
    if not st.gifts:
        return "GR-29.5", "allies only swap cubes in this game (option alliance_sharing=swap)"
    ally = st.ally[st.active]
    if ally == NONE:
        return "GR-29.5", "cubes are given only to an ally, and you have none"
    if st.player_of_colour(action.split()[1]) != ally:
        return "GR-29.5", f"cubes are given only to your ally, {st.colour(ally)}"
    return "GR-29.5", "you hold no such cube"


def _action_clause(st: Position, verb: str, action: str) -> str:
    """The most specific clause refusing an action."""
    if " ".join(action.split()) != action:
        return "GR-6.2"  # malformed: stray spaces
    if verb == "move" and events.forbidden(st, "move"):
        return "GR-9.7"
    if verb == "move" and _enters_foreign_hex(st, action):
        return "GR-9.4"
    if verb == "trade" and events.forbidden(st, "trade"):
        return "GR-11.5"
    if verb == "trade" and action.endswith("partner") and st.partner_refused:
        return "GR-11.3"
    if verb == "attack" and _targets_ally(st, action):
        return "GR-15.3"
    if verb in ("give", "take") and not st.coop:
        return "GR-25.12"  # taking exists only in co-op; giving: see _option_refusal
    if verb == "play":
        return _play_clause(st, action)
    return _ACTION_CLAUSES.get(verb, "GR-6.2")


def _enters_foreign_hex(st: Position, action: str) -> bool:
    words = action.split()
    if len(words) < 3:
        return False
    dest = st.hex_of(words[2])
    return dest >= 0 and st.owner[dest] not in (-1, st.active)


def _targets_ally(st: Position, action: str) -> bool:
    words = action.split()
    if len(words) < 3:
        return False
    target = st.hex_of(words[2])
    return target >= 0 and st.owner[target] != -1 and st.owner[target] == st.ally[st.active]


def _play_clause(st: Position, action: str) -> str:
    words = action.split()
    card = words[1] if len(words) > 1 else ""
    if card not in st.hands[st.active]:
        return "GR-20.2"
    if st.card(card).timing != "action":
        return "GR-12.3"
    return "GR-12.4"
