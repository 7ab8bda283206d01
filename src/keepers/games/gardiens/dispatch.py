"""Decision phases: who decides, what is legal, how a decision applies (GR-28.1).

Each phase names the clause that governs its decisions, so that a refused
decision can name its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import keepers.games.gardiens.actions as actions
import keepers.games.gardiens.combat as combat
import keepers.games.gardiens.effects as effects
import keepers.games.gardiens.events as events
import keepers.games.gardiens.flow as flow
from keepers.core.errors import RuleError
from keepers.games.gardiens.state import PHASE_APPLY, PHASE_LEGAL, GardiensState


@dataclass(frozen=True, slots=True)
class Phase:
    """A kind of decision."""

    legal: Callable[[GardiensState], list[str]]
    apply: Callable[[GardiensState, str], None]
    clause: str
    prompt: str


PHASES: dict[str, Phase] = {
    "forward": Phase(flow.forward_legal, flow.forward_apply, "GR-3.8",
                     "choose a forward hex next to the Citadel"),
    "alliance": Phase(actions.alliance_legal, actions.alliance_apply, "GR-15.2",
                      "alliance step: propose, break or skip"),
    "ally_reply": Phase(actions.ally_reply_legal, actions.ally_reply_apply, "GR-15.2",
                        "accept or refuse the proposed alliance"),
    "collect": Phase(flow.collect_legal, flow.collect_apply, "GR-5.2",
                     "choose the type of a Source cube"),
    "action": Phase(actions.action_legal, actions.action_apply, "GR-6.2",
                    "choose an action"),
    "recruit_draw": Phase(actions.recruit_draw_legal, actions.recruit_draw_apply, "GR-8.2",
                          "take a river card or the top of the deck"),
    "place": Phase(actions.place_legal, actions.place_apply, "GR-8.3",
                   "place the recruited guardian"),
    "trade": Phase(actions.trade_legal, actions.trade_apply, "GR-11.2",
                   "make an exchange, or done"),
    "partner": Phase(actions.partner_legal, actions.partner_apply, "GR-11.3",
                     "build the partner swap, then propose it"),
    "partner_reply": Phase(actions.ally_reply_legal, actions.partner_reply_apply, "GR-11.3",
                           "accept or refuse the partner swap"),
    "attack_card": Phase(combat.attack_card_legal, combat.attack_card_apply, "GR-10.3",
                         "play an attack card, or none"),
    "defend": Phase(combat.defend_legal, combat.defend_apply, "GR-10.4",
                    "defend: spend magic and/or play a defense card"),
    "conquer": Phase(combat.conquer_legal, combat.conquer_apply, "GR-10.9",
                     "move engaged guardians into the conquered hex"),
    "effect": Phase(effects.effect_legal, effects.effect_apply, "GR-21.2",
                    "choose for the card being played"),
    "discard": Phase(flow.discard_legal, flow.discard_apply, "GR-16.1",
                     "discard down to the hand limit"),
    "transfer": Phase(flow.transfer_legal, flow.transfer_apply, "GR-25.4",
                      "co-op: transfer cubes, or end the action phase"),
    "devour": Phase(flow.devour_legal, flow.devour_apply, "GR-25.7",
                    "discard a defense card to prevent the devour, or allow it"),
}


PHASE_LEGAL.update({name: phase.legal for name, phase in PHASES.items()})
PHASE_APPLY.update({name: phase.apply for name, phase in PHASES.items()})


def legal(st: GardiensState) -> list[str]:
    """The legal decisions of the pending phase."""
    return PHASES[st.phase].legal(st)


def apply(st: GardiensState, action: str) -> None:
    """Apply a legal decision."""
    PHASES[st.phase].apply(st, action)


def prompt(st: GardiensState) -> str:
    """A short text for the pending decision."""
    phase = PHASES.get(st.phase)
    if phase is None:
        return st.phase
    if st.phase == "effect":
        return f"{st.card(st.ctx['card']).name}: {phase.prompt}"
    return phase.prompt


_ACTION_CLAUSES = {
    "build": "GR-7.1", "recruit": "GR-8.1", "move": "GR-9.2", "attack": "GR-10.1",
    "trade": "GR-11.1", "play": "GR-12.4", "give": "GR-25.4", "take": "GR-25.4",
    "pass": "GR-6.3",
}


def explain(st: GardiensState, action: str) -> RuleError:
    """Build the refusal of an illegal decision, naming the clause it breaks."""
    phase = PHASES.get(st.phase)
    if phase is None:
        return RuleError("GR-28.1", f"no decision is expected now (phase {st.phase})")
    if st.phase != "action":
        return RuleError(phase.clause, f"{action!r} is not a legal choice: {phase.prompt}")
    verb = action.split()[0] if action.split() else ""
    clause = _action_clause(st, verb, action)
    return RuleError(clause, f"{action!r} is not a legal action now")


def _action_clause(st: GardiensState, verb: str, action: str) -> str:
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
        return "GR-25.12"
    if verb == "play":
        return _play_clause(st, action)
    return _ACTION_CLAUSES.get(verb, "GR-6.2")


def _enters_foreign_hex(st: GardiensState, action: str) -> bool:
    words = action.split()
    if len(words) < 3:
        return False
    dest = st.hex_of(words[2])
    return dest >= 0 and st.owner[dest] not in (-1, st.active)


def _targets_ally(st: GardiensState, action: str) -> bool:
    words = action.split()
    if len(words) < 3:
        return False
    target = st.hex_of(words[2])
    return target >= 0 and st.owner[target] != -1 and st.owner[target] == st.ally[st.active]


def _play_clause(st: GardiensState, action: str) -> str:
    words = action.split()
    card = words[1] if len(words) > 1 else ""
    if card not in st.hands[st.active]:
        return "GR-20.2"
    if st.card(card).timing != "action":
        return "GR-12.3"
    return "GR-12.4"
