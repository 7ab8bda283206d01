"""End-game scoring (VB-9, VS-6): buildings, castle, manuscripts, bonuses, debts, rankings.

Scoring vocabulary counters: VB-10.7.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product

from keepers.games.viscounts.effects import ICONS, RIBBONS, Term, parse_icons
from keepers.games.viscounts.rules.concepts import (
    abilities,
    gates_on,
    keys_on,
    leader_card,
    own_spots,
    own_standard_spots,
    remove_worker_counts,
    ribbon_of,
)
from keepers.games.viscounts.rules.gates import builders_of, outsiders_owned
from keepers.games.viscounts.state import Position, flatten, resolve_conditions

SET_VP = (0, 1, 4, 9, 16)


@dataclass
class Score:
    """One player's score, step by step (VB-9.1)."""

    seat: int
    parts: dict[str, int] = field(default_factory=dict)
    tiebreak: int = 0

    @property
    def total(self) -> int:
        """Sum of all parts."""
        return sum(self.parts.values())


CHEST_VP = (0, 2, 5, 9)


def chest_count(pos: Position, seat: int) -> int:
    """Chest tiles a player owns (the AI: its face-up AI chests, VK-7.4)."""
    if pos.players[seat].is_ai:
        return sum(1 for _, up in pos.ext.get("ai_chests", ()) if up)
    return sum(1 for c in pos.ext["chests"][seat] if c)


def ribbon_sets_vp(ribbons: list[str]) -> int:
    """Greedy sets of distinct colours scoring 1/4/9/16 (VB-9.2)."""
    counts = {r: ribbons.count(r) for r in set(ribbons)}
    total = 0
    while any(counts.values()):
        size = sum(1 for v in counts.values() if v)
        total += SET_VP[size]
        counts = {r: max(0, v - 1) for r, v in counts.items()}
    return total


def rank_rewards(values: list[int], rewards: tuple[int, ...]) -> list[int]:
    """Ranking with the tie split of VB-9.5 / VB-R19 (players with 0 do not qualify)."""
    out = [0] * len(values)
    ranked = sorted((v, seat) for seat, v in enumerate(values) if v > 0)
    ranked.reverse()
    place = 0
    while place < len(ranked):
        group = [seat for v, seat in ranked if v == ranked[place][0]]
        pool = sum(rewards[i] if i < len(rewards) else 0 for i in range(place, place + len(group)))
        for seat in group:
            out[seat] = pool // len(group)
        place += len(group)
    return out


def icon_total(pos: Position, seat: int, icon: str) -> int:
    """Icons for manuscript scoring: every owned card plus permanent icons (VB-9.3, VB-R17)."""
    player = pos.players[seat]
    total = 0
    for card_id in player.cards_owned():
        if player.is_ai:
            total += pos.data.schemes[card_id].header_icons.get(icon, 0)
        else:
            total += pos.data.cards[card_id].icon_count(icon)
    for term in abilities(pos, seat, slots=True, cards=False):
        if term.name == "permanent_icon":
            total += parse_icons(term.word(0))[icon]
    extras = [pos.data.cleric_bonus[r].ability for r in player.bonus]
    if keys_on(pos):                       # the public guildhall's criminal (VK-5.4)
        extras.extend(t for b in pos.ext["owned"][seat]
                      for t in flatten(pos.data.public_buildings[b].ongoing))
    if pos.leader == seat and not (player.is_ai and gates_on(pos)):      # VG-9.3
        extras.append(leader_card(pos).ability)
    if gates_on(pos) and not player.is_ai:      # builder cards, while their condition holds
        extras.extend(_builder_abilities(pos, seat))
    for ability in extras:
        if ability.name == "permanent_icon":
            total += parse_icons(ability.word(0))[icon]
    return total


def _builder_abilities(pos: Position, seat: int) -> list[Term]:
    """The abilities of a player's builder cards whose ``if_board`` holds now (VG-6.2)."""
    return [t for card in builders_of(pos, seat)
            for t in resolve_conditions(pos, seat, pos.data.builder_cards[card].ability)]


def counter(pos: Position, seat: int, name: str, ribbons: list[str] | None = None) -> int:
    """Value of a scoring counter (VB-10.7); ``ribbons``: the player's ribbons for scoring
    (with the colours chosen at the end, VG-8.3, VG-9.4)."""
    player = pos.players[seat]
    head, _, param = name.partition(":")
    if ribbons is None:
        ribbons = [ribbon_of(pos, m) for m in player.manuscripts]
    simple: dict[str, Callable[[], int]] = {
        "buildings": lambda: len(own_standard_spots(pos, seat, param or None)),   # VK-R03
        "icons": lambda: icon_total(pos, seat, param),
        "icon_sets": lambda: min(icon_total(pos, seat, i) for i in param.split("+")),
        "flipped_debts": lambda: player.debts_paid,
        "flipped_deeds": lambda: player.deeds_approved,
        "unpaid_debts": lambda: player.debts_unpaid,
        "workers_castle": lambda: remove_worker_counts(pos, seat),
        "workers_tier": lambda: sum(pos.castle[s][int(param) - 1][seat] for s in range(5)),
        "resources_left": player.resources,
        "silver_left": lambda: player.silver,
        "ribbons": lambda: ribbons.count(param),
        "ribbon_full_sets": lambda: min(ribbons.count(r) for r in RIBBONS),
        "segments_with_own_building": lambda: len({pos.geo.spot_position(s)
                                                   for s in own_spots(pos, seat)}),
        "links_own_both": lambda: sum(1 for a, b, _ in pos.geo.links()
                                      if a in own_spots(pos, seat) and b in own_spots(pos, seat)),
        "chest_tiles": lambda: chest_count(pos, seat),
        "heroes_owned": lambda: sum(1 for c in player.cards_owned() if not player.is_ai
                                    and pos.data.cards[c].kind == "hero"),
        "outsiders_owned": lambda: len(outsiders_owned(pos, seat)),
        "castle_majority_sections": lambda: majority_sections(pos, seat),
    }
    if head in simple:
        return int(simple[head]())
    return 0


def majority_sections(pos: Position, seat: int) -> int:
    """Castle sections where the player has strictly more workers in tiers 1 and 2 than
    every other player (Champion, VG-8.1)."""
    count = 0
    for section in pos.castle:
        mine = section[0][seat] + section[1][seat]
        others = [section[0][o] + section[1][o] for o in range(len(pos.players)) if o != seat]
        if mine > max(others, default=0):
            count += 1
    return count


def scoring_term_vp(pos: Position, seat: int, term: Term,
                    ribbons: list[str] | None = None) -> int:
    """VP of one scoring term (vp, vp_per, vp_if, all_of)."""
    if term.name == "vp":
        return term.int_arg(0)
    if term.name == "vp_per":
        per = int(term.kw("per", "1"))
        each = int(term.kw("each", "1"))
        return counter(pos, seat, term.word(0), ribbons) // per * each
    if term.name == "vp_if":
        name, _, threshold = term.word(0).partition(">=")
        return term.int_arg(1) if counter(pos, seat, name, ribbons) >= int(threshold) else 0
    if term.name == "all_of":
        return sum(scoring_term_vp(pos, seat, t, ribbons) for t in term.subterms())
    return 0


def score_player(pos: Position, seat: int) -> Score:
    """Steps 1-7 of VB-9.1 for one player (rankings added by :func:`final_scores`).

    Ribbons without a colour yet (the Envoy's, VG-8.3; the AI's any-ribbon manuscript,
    VG-9.4) take the colours that give the best score.
    """
    free = _free_ribbons(pos, seat)
    if not free:
        return _score_with(pos, seat, ())
    best = [_score_with(pos, seat, colours) for colours in product(RIBBONS, repeat=free)]
    return max(best, key=lambda s: s.total)


def _free_ribbons(pos: Position, seat: int) -> int:
    """How many ribbon colours are chosen at the end for a player (VG-8.3, VG-9.4)."""
    if not gates_on(pos):
        return 0
    player = pos.players[seat]
    count = sum(1 for m in player.manuscripts if ribbon_of(pos, m) == "")
    for card in outsiders_owned(pos, seat):
        count += sum(1 for t in pos.data.cards[card].scoring.walk() if t.name == "extra_ribbon")
    return count


def _score_with(pos: Position, seat: int, chosen: tuple[str, ...]) -> Score:
    player = pos.players[seat]
    board = pos.data.player_board
    score = Score(seat)
    built: dict[str, int] = {}                  # own standard buildings by type
    for owner, btype in pos.spots.values():
        if owner == seat:
            built[btype] = built.get(btype, 0) + 1
    score.parts["buildings"] = sum(
        board.vp[kind][n - 1] for kind in board.vp if (n := built.get(kind, 0)))
    tier_vp = pos.data.castle.tier_vp
    castle = 0
    for section in pos.castle:
        castle += section[0][seat] * tier_vp[0] + section[1][seat] * tier_vp[1] \
            + section[2][seat] * tier_vp[2]
    score.parts["castle"] = castle
    ribbons = [r for r in (ribbon_of(pos, m) for m in player.manuscripts) if r] + list(chosen)
    score.parts["ribbon_sets"] = ribbon_sets_vp(ribbons)
    score.parts["manuscripts"] = sum(scoring_term_vp(pos, seat, pos.data.manuscripts[m].scoring,
                                                     ribbons)
                                     for m in player.manuscripts
                                     if not (player.is_ai and _counts_outsiders(pos, m)))
    score.parts["leader"] = leader_card(pos).vp if pos.leader == seat else 0
    score.parts["cleric_bonus"] = sum(pos.data.cleric_bonus[r].vp for r in player.bonus)
    penalty = 2
    if gates_on(pos):
        outsiders = [pos.data.cards[c].scoring for c in outsiders_owned(pos, seat)]
        score.parts["outsiders"] = sum(scoring_term_vp(pos, seat, t, ribbons)   # VG-8.1
                                       for t in outsiders)
        score.parts["builder_cards"] = sum(pos.data.builder_cards[c].vp            # VG-6.1
                                           for c, owner in pos.ext["builders"] if owner == seat)
        penalty -= sum(t.int_arg(0) for term in outsiders for t in term.walk()   # VG-8.4
                       if t.name == "debt_penalty_reduction")
    score.parts["debts_deeds"] = (-max(0, penalty) * player.debts_unpaid
                                  + player.deeds_acquired + 3 * player.deeds_approved)
    if keys_on(pos):
        score.parts["chests"] = CHEST_VP[min(chest_count(pos, seat), 3)]       # VK-6.1, VK-7.4
        score.parts["public_buildings"] = sum(                                  # VK-6.1
            pos.data.public_buildings[b].vp for b in pos.ext["owned"][seat])
    if player.is_ai:
        score.parts["ai_resources"] = player.resources() * pos.data.ai_common.end_vp_per_resource
    score.tiebreak = player.silver + player.resources()
    return score


def _counts_outsiders(pos: Position, ms_id: str) -> bool:
    """True for the manuscript scoring outsiders: the AI gets only its ribbon (VG-9.4)."""
    return any(t.name == "vp_per" and t.word(0) == "outsiders_owned"
               for t in pos.data.manuscripts[ms_id].scoring.walk())


def final_scores(pos: Position) -> list[Score]:
    """Every player's score including the poverty/prosperity rankings (VB-9.5)."""
    scores = [score_player(pos, seat) for seat in range(len(pos.players))]
    table = pos.data.poverty_prosperity
    rewards = table.rewards if len(pos.players) >= 3 and pos.seats > 1 else table.rewards_small
    if pos.poverty:
        ranks = rank_rewards([p.deeds_approved for p in pos.players], rewards)
        for score, vp in zip(scores, ranks, strict=True):
            score.parts["poverty"] = vp
    if pos.prosperity:
        ranks = rank_rewards([p.debts_paid for p in pos.players], rewards)
        for score, vp in zip(scores, ranks, strict=True):
            score.parts["prosperity"] = vp
    return scores


def winners(pos: Position) -> list[int]:
    """Highest total, then silver + resources, else shared (VB-9.6); solo: VS-6.3."""
    scores = final_scores(pos)
    if pos.seats == 1:
        return [0] if scores[0].total > scores[1].total else []
    best = max((s.total, s.tiebreak) for s in scores)
    return [s.seat for s in scores if (s.total, s.tiebreak) == best]


__all__ = ["ICONS", "Score", "final_scores", "rank_rewards", "ribbon_sets_vp", "winners"]
