"""Law windows (KT-4.2 to KT-4.14, KT-12.10): when law cards may be played, and the Veto.

A window (``win`` step) polls its players in order; a player with a playable
card is asked (the ``law`` decision, secret: KT-13), others pass silently
(KT-4.14).  A play is announced, then the Veto window (``wx`` step, the
``veto`` decision) is held before it resolves (``resolve`` step, KT-4.11);
the window then polls again from the next player.  The card effects are in
:mod:`keepers.games.keythedral.rules.laws`.
"""

from __future__ import annotations

from keepers.games.keythedral import flow
from keepers.games.keythedral.flow import Choice, Step, ask
from keepers.games.keythedral.rules.conventions import order_from
from keepers.games.keythedral.rules.laws import card_plays, resolve
from keepers.games.keythedral.state import Position


def open_window(position: Position, wid: str, order: tuple[int, ...], ctx: int = -1) -> None:
    """Push a law window (KT-4.2); skipped outright when nobody holds a card."""
    if any(position.hands):
        position.steps.append(("win", wid, order, 0, 0, ctx))


def step_win(position: Position, step: Step) -> Choice | None:
    """KT-4.10 polling; players with no playable card pass silently (KT-4.14)."""
    _, wid, order, idx, passes, ctx = step
    purchase = position.purchase
    if wid in ("WB_OTHER", "WB_BUYER") and (purchase is None or purchase[4]):
        return None  # KT-10.5: the purchase was voided; the rest of its windows is not held
    size = len(order)
    while passes < size:
        p = order[idx]
        plays = card_plays(position, p, wid, ctx) if position.hands[p] else []
        if plays:
            # The window stays on the stack under the decision: the answer moves it on.
            position.steps.append(("win", wid, order, idx, passes, ctx))
            return ask("law", p, (wid, plays))
        passes += 1
        idx = (idx + 1) % size
    return None


def options_law(position: Position, choice: Choice) -> list[str]:
    """The player's plays, and ``pass`` unless a card is exposed (KT-12.10)."""
    _, p, (_, plays) = choice
    forced = any((p, a.split()[1]) in position.exposed for a in plays)
    return list(plays) if forced else list(plays) + ["pass"]


def answer_law(position: Position, choice: Choice, option: str) -> None:
    """KT-4.10, KT-4.11: a play is announced, WX is held, then it resolves."""
    p = choice.player
    _, wid, order, idx, passes, ctx = position.steps.pop()  # the window that asked
    nxt = (idx + 1) % len(order)
    if option == "pass":
        position.steps.append(("win", wid, order, nxt, passes + 1, ctx))
        return
    card = option.split()[1]
    position.hands[p].remove(card)
    position.exposed = position.exposed - {(p, card)}
    position.event("play", p, option)
    position.steps.append(("win", wid, order, nxt, 0, ctx))
    position.steps.append(("resolve", p, option))
    position.steps.append(("wx", p, option))


def announce_modifier(position: Position, p: int, card: str, option: str) -> None:
    """KT-16.29: a modifier card is announced with its action, then WX is held."""
    position.hands[p].remove(card)
    position.event("play", p, option)
    position.steps.append(("resolve", p, option))
    position.steps.append(("wx", p, option))


# ------------------------------------------------------------------ the Veto window
def step_wx(position: Position, step: Step) -> Choice | None:
    """KT-4.9: before a card resolves, the other players may Veto it."""
    _, p, play = step
    for q in order_from(position, p + 1)[:-1]:
        if "C10" in position.hands[q]:
            return ask("veto", q, play)
    return None


def options_veto(position: Position, choice: Choice) -> list[str]:
    """Veto the announced play, or let it resolve."""
    return ["veto", "pass"]


def answer_veto(position: Position, choice: Choice, option: str) -> None:
    """KT-12.10: the announced card has no effect; both cards are discarded."""
    if option == "pass":
        return
    p = choice.player
    _, player, play = position.steps.pop()  # the pending ("resolve", player, play)
    position.hands[p].remove("C10")
    vetoed = play.split()
    card = vetoed[1] if vetoed[0] == "play" else ("C15" if vetoed[0] == "deal" else "C16")
    position.discard.extend([card, "C10"])
    position.event("veto", p, play)
    if vetoed[0] in ("deal", "craft"):
        position.steps.append(("turn", player))  # KT-12.15: the turn resumes from WT


def step_resolve(position: Position, step: Step) -> None:
    """KT-4.11 step 3: the announced play was not vetoed; it takes effect."""
    _, p, play = step
    resolve(position, p, play.split())


flow.register(
    steps={"win": step_win, "wx": step_wx, "resolve": step_resolve},
    choices={"law": (options_law, answer_law), "veto": (options_veto, answer_veto)},
)
