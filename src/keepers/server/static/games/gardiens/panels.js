// The panels around the map: the head line, the choice tray, the players, the hand, the
// river, the combat, events and objectives, the supply, hands seen, and the result.
// Each panel function takes (view, ctx, width) and returns [group, height], or null when
// it has nothing to show.

import { cardRow, faceCard, pile } from "./cards.js";
import {
  EDGE, INK, PARCHMENT, PLAYER, RESOURCES, building, buildingName, cardName, colourName, cube,
  die, el, frame, label, pawn, resourceName, ring, say, target, term, titled, wrap,
} from "./look.js";

const mine = (view) => Boolean(view.you_colour && view.decision
  && view.decision.player === view.you_colour);
const kindOf = (view) => (view.decision ? view.decision.kind : null);

function disc(ctx, x, y, colour, r = 11) {
  return el(ctx, "circle", { cx: x, cy: y, r, fill: PLAYER[colour] || "#999", stroke: INK,
    "stroke-width": 1.5 });
}

const NARROW = 560;

/** Round, first player, who decides what, the event in force, the viewer's colour. */
export function head(view, ctx, width) {
  const narrow = width < NARROW;
  const decision = view.decision;
  let line = "";
  if (view.result) line = say(ctx, "over");
  else if (decision) {
    // the prompt in the game's words; without them, only who decides (the page says what)
    const prompt = term(ctx, `prompt.${decision.kind}`, null);
    const colour = colourName(ctx, decision.player);
    if (decision.player === view.you_colour) {
      line = prompt ? say(ctx, "your_turn", { prompt }) : say(ctx, "your_turn_short");
    } else {
      line = prompt ? say(ctx, "waiting", { colour, prompt })
        : say(ctx, "waiting_short", { colour });
    }
  }
  const lines = wrap(line, Math.floor((width - 50) / 8.2));
  const top = narrow ? 66 : 46;
  const height = top + lines.length * 19 + 4;
  const [group] = frame(ctx, width, height, null);
  const round = view.round ? say(ctx, "round", { n: view.round }) : say(ctx, "setup");
  group.appendChild(label(ctx, 14, 25, round, {
    "font-size": 19, "font-weight": "bold", "font-family": "DejaVu Serif, serif" }));
  const after = Math.max(130, 30 + round.length * 11.6); // right of the round's words
  group.appendChild(label(ctx, narrow ? 14 : after, narrow ? 47 : 25, say(ctx, "first", {
    colour: colourName(ctx, view.first_player) }), { "font-size": 15 }));
  group.appendChild(disc(ctx, width - 22, 20, view.you_colour || null, 9));
  group.appendChild(label(ctx, width - 38, 25, view.you_colour
    ? say(ctx, "you", { colour: colourName(ctx, view.you_colour) }) : say(ctx, "spectator"),
  { "text-anchor": "end", "font-size": 15, "font-weight": "bold" }));
  if (decision) group.appendChild(disc(ctx, 22, top, decision.player, 8));
  lines.forEach((text, i) => group.appendChild(label(ctx, 36, top + 5 + i * 19, text, {
    "font-size": 15, "font-style": "italic" })));
  return [group, height];
}

function token(ctx, key, x, y, w, text, info) {
  const node = target(ctx, key, info, { transform: `translate(${x},${y})`, class: "gd-token" },
    el(ctx, "rect", { x: 0, y: 0, width: w, height: 34, rx: 17, fill: "#7a2e1f", stroke: INK,
      "stroke-width": 1.5 }),
    label(ctx, w / 2, 22, text, { "text-anchor": "middle", "font-size": 15, "font-weight": "bold",
      fill: "#fff6e0" }),
    ring(ctx, "rect", { x: -3, y: -3, width: w + 6, height: 40, rx: 20 }));
  return node;
}

function countChip(ctx, n, x, y) {
  return target(ctx, `n:${n}`, null, { transform: `translate(${x},${y})`, class: "gd-count" },
    el(ctx, "circle", { cx: 17, cy: 17, r: 17, fill: "#fbf3df", stroke: INK, "stroke-width": 1.5 }),
    label(ctx, 17, 23, n, { "text-anchor": "middle", "font-size": 17, "font-weight": "bold" }),
    ring(ctx, "circle", { cx: 17, cy: 17, r: 21 }));
}

// The tokens of each kind of decision: [key, text, info name]. The key is the decision's
// whole path (paths.js), so one click on the token makes it.
const TOKENS = {
  action: [["trade:market", "trade_market", "market"], ["trade:partner", "trade_partner"],
    ["pass", "token_pass"]],
  alliance: [["skip", "token_skip"]],
  ally_reply: [["accept", "token_accept"], ["refuse", "token_refuse"]],
  partner_reply: [["accept", "token_accept"], ["refuse", "token_refuse"]],
  trade: [["done", "token_done"]],
  effect: [["stop", "token_stop"]],
  transfer: [["end", "token_end"]],
  gift: [["end", "token_end"]],
  devour: [["allow", "token_allow"]],
};
const COUNTED = ["action", "effect", "conquer"];

/** What a line above the tokens says: who proposes an alliance, or how to propose or break
 * one (GR-15.2). */
function trayNote(view, ctx) {
  const kind = kindOf(view);
  const context = view.decision.context || {};
  if (kind === "ally_reply" && context.proposer !== undefined) {
    const proposer = (view.seats || [])[context.proposer];
    return proposer ? say(ctx, "proposes", { colour: colourName(ctx, proposer.colour) }) : null;
  }
  if (kind !== "alliance") return null;
  const me = (view.seats || []).find((seat) => seat.colour === view.you_colour);
  return say(ctx, me && me.ally ? "alliance_break_hint" : "alliance_hint");
}

/** The viewer's pending choice: guardian counts when a number may be asked, then the
 * tokens of that kind of decision (the legal ones are highlighted by the page). */
export function tray(view, ctx, width) {
  const kind = kindOf(view);
  if (!mine(view) || (!COUNTED.includes(kind) && !TOKENS[kind])) return null;
  const parts = [];
  let y = 8;
  if (COUNTED.includes(kind)) {
    const counts = el(ctx, "g", { class: "gd-counts" }, pawn(ctx, 22, y + 16, view.you_colour, 22),
      label(ctx, 38, y + 22, say(ctx, "how_many"), { "font-size": 14 }));
    const first = kind === "conquer" ? 0 : 1;
    for (let n = first; n <= 5; n += 1) {
      counts.appendChild(countChip(ctx, n, 130 + (n - first) * 40, y));
    }
    parts.push(counts);
    y += 42;
  }
  const note = trayNote(view, ctx);
  if (note) {
    parts.push(label(ctx, 14, y + 16, note, { "font-size": 15, "font-style": "italic" }));
    y += 26;
  }
  let x = 14;
  const row = y;
  for (const [key, text, info] of TOKENS[kind] || []) {
    const words = say(ctx, text);
    const w = Math.max(84, words.length * 9 + 28);
    if (x + w > width - 10) {
      x = 14;
      y += 42;
    }
    parts.push(token(ctx, key, x, y, w, words, info));
    x += w + 8;
  }
  if (x > 14 || y > row) y += 42;
  const [group] = frame(ctx, width, y, null);
  parts.forEach((part) => group.appendChild(part));
  return [group, y];
}

function stat(ctx, x, y, icon, value, hint) {
  return titled(ctx, el(ctx, "g", {}, icon,
    label(ctx, x + 13, y + 5, value, { "font-size": 16, "font-weight": "bold" })), hint);
}

function star(ctx, x, y) {
  return el(ctx, "path", { d: `M${x} ${y - 9} L${x + 2.6} ${y - 2.8} L${x + 9} ${y - 2.8} `
    + `L${x + 4} ${y + 1.6} L${x + 5.8} ${y + 8} L${x} ${y + 4.2} L${x - 5.8} ${y + 8} `
    + `L${x - 4} ${y + 1.6} L${x - 9} ${y - 2.8} L${x - 2.6} ${y - 2.8} Z`, fill: "#e3b10b",
  stroke: INK, "stroke-width": 1 });
}

function miniHex(ctx, x, y, colour) {
  const pts = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 3) * i - Math.PI / 6;
    return `${(x + 8 * Math.cos(a)).toFixed(1)},${(y + 8 * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return el(ctx, "polygon", { points: pts, fill: "#ecdca5", stroke: PLAYER[colour] || INK,
    "stroke-width": 2.5 });
}

function cardBack(ctx, x, y) {
  return el(ctx, "rect", { x: x - 6, y: y - 8, width: 12, height: 16, rx: 2, fill: "#5b3b22",
    stroke: INK, "stroke-width": 1 });
}

function scroll(ctx, x, y) {
  return el(ctx, "path", { d: `M${x - 7} ${y - 7} h12 v14 h-12 Z M${x - 4} ${y - 3} h6 M${x - 4} `
    + `${y + 1} h6`, fill: "#f3e6c4", stroke: INK, "stroke-width": 1.2 });
}

/** A player's row: two lines, or three on a narrow board (the ally and buildings below). */
const rowHeight = (width) => (width < NARROW ? 84 : 58);

function seatRow(view, ctx, seat, width, y) {
  const you = seat.colour === view.you_colour;
  const decision = view.decision || {};
  const height = rowHeight(width);
  const row = el(ctx, "g", { transform: `translate(0,${y})` });
  row.appendChild(target(ctx, `seat:${seat.colour}`, null, {},
    el(ctx, "rect", { x: 6, y: 0, width: width - 12, height: height - 6, rx: 8,
      fill: you ? "#f8efd9" : PARCHMENT, stroke: PLAYER[seat.colour],
      "stroke-width": you ? 3 : 1.5 }),
    ring(ctx, "rect", { x: 3, y: -3, width: width - 6, height, rx: 10 })));
  row.appendChild(disc(ctx, 24, 15, seat.colour));
  if (decision.player === seat.colour) {
    row.appendChild(el(ctx, "path", { d: "M-2 7 L8 15 L-2 23 Z", fill: INK }));
  }
  if (seat.colour === view.first_player) {
    row.appendChild(titled(ctx, el(ctx, "path", { d: "M27 -1 l3 6 l4 -4 l4 4 l3 -6 v10 h-14 Z",
      fill: "#e3b10b", stroke: INK, "stroke-width": 1 }), say(ctx, "first_short")));
  }
  const statsLeft = width - (view.coop ? 240 : 286);
  const name = colourName(ctx, seat.colour) + (you ? ` (${say(ctx, "you_short")})` : "");
  const nameSize = Math.min(17, (statsLeft - 52) / (name.length * 0.7));
  row.appendChild(label(ctx, 42, 21, name, { "font-size": nameSize.toFixed(1),
    "font-weight": "bold", fill: PLAYER[seat.colour] }));
  seatStats(view, ctx, row, seat, statsLeft);
  RESOURCES.forEach((res, i) => {
    const x = 42 + i * 58;
    row.appendChild(titled(ctx, target(ctx, `cube:${seat.colour}:${res}`, null, {},
      el(ctx, "rect", { x: x - 12, y: 28, width: 52, height: 22, fill: "transparent" }),
      cube(ctx, x, 39, res, 16),
      label(ctx, x + 13, 45, seat.cubes[res], { "font-size": 15, "font-weight": "bold" }),
      ring(ctx, "rect", { x: x - 13, y: 27, width: 52, height: 24, rx: 5 })),
    resourceName(ctx, res)));
  });
  const third = width < NARROW;
  allyBadge(view, ctx, row, seat, third ? 30 : 340, third ? 26 : 0);
  seat.building_types.forEach((key, i) => {
    const [x, by] = third ? [width - 30 - i * 26, 64] : [width - 30 - i * 26, 38];
    row.appendChild(titled(ctx, el(ctx, "g", { "data-info": key },
      building(ctx, x, by, key, seat.colour, 0.8)), buildingName(ctx, key)));
  });
  return row;
}

/** VP, hexes, reserve (the viewer's: click to recruit), cards, objectives, combats won. */
function seatStats(view, ctx, row, seat, left) {
  const you = seat.colour === view.you_colour;
  let x = left;
  const next = () => { const at = x; x += 46; return at; };
  let at = next();
  row.appendChild(stat(ctx, at, 16, star(ctx, at, 16), seat.public_vp, say(ctx, "vp")));
  at = next();
  row.appendChild(stat(ctx, at, 16, miniHex(ctx, at, 16, seat.colour), seat.hexes,
    say(ctx, "hexes")));
  at = next();
  const reserve = [
    el(ctx, "rect", { x: at - 12, y: 1, width: 46, height: 30, rx: 6, fill: "transparent" }),
    pawn(ctx, at, 16, seat.colour, 18),
    label(ctx, at + 13, 21, seat.reserve, { "font-size": 16, "font-weight": "bold" }),
    ring(ctx, "rect", { x: at - 12, y: 1, width: 46, height: 30, rx: 6 })];
  row.appendChild(titled(ctx, you ? target(ctx, "recruit", null, {}, ...reserve)
    : el(ctx, "g", {}, ...reserve), say(ctx, "reserve")));
  at = next();
  row.appendChild(stat(ctx, at, 16, cardBack(ctx, at, 16), seat.hand_size, say(ctx, "cards")));
  if (!view.coop) {
    at = next();
    row.appendChild(stat(ctx, at, 16, scroll(ctx, at, 16), seat.objective_cards,
      say(ctx, "objectives")));
  }
  combatsWon(ctx, row, seat, next(), 16);
}

function combatsWon(ctx, row, seat, x, y) {
  const sword = el(ctx, "path", { d: `M${x - 6} ${y + 6} l10 -12 M${x - 4} ${y + 4} l4 4 `
    + `M${x - 7} ${y + 7} l3 3`, stroke: INK, "stroke-width": 2.5, "stroke-linecap": "round" });
  row.appendChild(stat(ctx, x, y, sword, seat.combats_won, say(ctx, "combats")));
}

function allyBadge(view, ctx, row, seat, x, down) {
  if (!seat.ally || view.coop) return;
  const parts = [
    el(ctx, "rect", { x, y: 29, width: 104, height: 21, rx: 10, fill: "#fbf3df",
      stroke: PLAYER[seat.ally], "stroke-width": 2 }),
    el(ctx, "path", { d: `M${x + 8} 40 h14 M${x + 11} 35 l-4 5 l4 5 M${x + 19} 35 l4 5 l-4 5`,
      stroke: INK, "stroke-width": 1.8, fill: "none" }),
    label(ctx, x + 28, 44, colourName(ctx, seat.ally), { "font-size": 13, "font-weight": "bold",
      fill: PLAYER[seat.ally] }),
    ring(ctx, "rect", { x: x - 3, y: 26, width: 110, height: 27, rx: 12 })];
  const moved = { transform: `translate(0,${down})` };
  row.appendChild(titled(ctx, seat.colour === view.you_colour
    ? target(ctx, `ally:${seat.colour}`, null, moved, ...parts) : el(ctx, "g", moved, ...parts),
  say(ctx, "ally", { colour: colourName(ctx, seat.ally) })));
}

/** Every player's public items (GR-20.1): VP, hexes, reserve, cards, cubes, ally, buildings. */
export function seatsPanel(view, ctx, width) {
  const seats = [...(view.seats || [])].sort((a, b) => a.seat - b.seat);
  const [group, top] = frame(ctx, width, 2, say(ctx, "players"));
  const row = rowHeight(width);
  seats.forEach((seat, i) => group.appendChild(seatRow(view, ctx, seat, width, top + i * row)));
  const height = top + seats.length * row + 2;
  group.firstChild.setAttribute("height", height - 1);
  return [group, height];
}

/** The viewer's hand (clickable) and secret objectives. */
export function handPanel(view, ctx, width) {
  if (!view.hand) return null;
  const height = view.hand.length ? 166 : 66;
  const [group, top] = frame(ctx, width, height, say(ctx, "hand", { n: view.hand.length }));
  const cards = el(ctx, "g", { transform: `translate(12,${top})` },
    ...cardRow(ctx, view.hand, 0, width - 24, (card) => `card:${card}`));
  group.appendChild(cards);
  if (!view.hand.length) group.appendChild(label(ctx, 14, top + 20, say(ctx, "no_cards")));
  return [group, height];
}

/** The river of five cards, the Action deck and its discard pile (GR-12.5). */
export function riverPanel(view, ctx, width) {
  // the piles right of the river, or under it on a narrow board
  const below = width < NARROW;
  const height = below ? 262 : 158;
  const [group, top] = frame(ctx, width, height, say(ctx, "river"));
  const row = below ? width - 24 : width - 24 - 150;
  group.appendChild(el(ctx, "g", { transform: `translate(12,${top})` },
    ...cardRow(ctx, view.river || [], 0, row, (card) => `river:${card}`, [86, 112])));
  const [x, y] = below ? [14, top + 122] : [width - 146, top];
  const [w, h] = below ? [56, 72] : [64, 92];
  group.appendChild(pile(ctx, x, y, w, h, view.deck_size, say(ctx, "deck"), "deck"));
  group.appendChild(pile(ctx, x + w + 18, y, w, h, (view.discard || []).length,
    say(ctx, "discard"), null, "#8a7152"));
  return [group, height];
}

function diceRow(ctx, group, x, y, dice, colour) {
  dice.forEach((face, i) => group.appendChild(die(ctx, x + i * 32, y, face, colour)));
}

/** The combat under way, or the last one: who, where, dice and totals (GR-10). */
export function combatPanel(view, ctx, width) {
  const kind = kindOf(view);
  const live = ["attack_card", "defend", "conquer"].includes(kind);
  const last = view.last_combat;
  if (!live && !last) return null;
  const narrow = width < NARROW;
  let height = live && mine(view) && kind !== "conquer" ? 150 : 118;
  if (!live && narrow) height += 26;
  const [group, top] = frame(ctx, width, height, say(ctx, live ? "combat_now" : "combat_last"));
  if (live) liveCombat(view, ctx, group, top, width);
  else lastCombat(view, ctx, group, top, last, width);
  return [group, height];
}

function liveCombat(view, ctx, group, top, width) {
  const context = view.decision.context || {};
  group.appendChild(label(ctx, 14, top + 18, say(ctx, "attack_line", {
    attacker: colourName(ctx, view.active), from: context.S, to: context.T, n: context.k }),
  { "font-size": 15 }));
  const played = [["acard", "attack_card"], ["dcard", "defence_card"]];
  played.forEach(([field, key], i) => {
    if (context[field]) {
      group.appendChild(label(ctx, 14, top + 40 + i * 20, say(ctx, key, {
        card: cardName(ctx, context[field]) }), { "font-size": 14 }));
    }
  });
  if (mine(view) && view.decision.kind !== "conquer") {
    group.appendChild(token(ctx, "fight", width - 170, top + 60, 150,
      say(ctx, view.decision.kind === "defend" ? "defend" : "attack")));
  }
}

function lastCombat(view, ctx, group, top, last, width) {
  const defender = last.defender === "shadow" ? say(ctx, "shadow") : colourName(ctx, last.defender);
  group.appendChild(label(ctx, 14, top + 16, say(ctx, "combat_line", {
    attacker: colourName(ctx, last.attacker), from: last.from, to: last.to, defender,
    n: last.engaged }), { "font-size": 14 }));
  group.appendChild(label(ctx, 14, top + 45, say(ctx, "attack_total", { total: last.attack_total }),
    { "font-size": 14, "font-weight": "bold", fill: PLAYER[last.attacker] || INK }));
  diceRow(ctx, group, 110, top + 26, last.attack_dice, PLAYER[last.attacker] || INK);
  const defence = last.defender === "shadow" ? say(ctx, "threshold", { n: last.defence_total })
    : say(ctx, "defence_total", { total: last.defence_total });
  group.appendChild(label(ctx, 14, top + 78, defence, { "font-size": 14, "font-weight": "bold",
    fill: PLAYER[last.defender] || INK }));
  diceRow(ctx, group, 110, top + 59, last.defence_dice, PLAYER[last.defender] || "#2b1f3a");
  const [x, y] = width < NARROW ? [14, top + 106] : [330, top + 62];
  group.appendChild(label(ctx, x, y, say(ctx, `outcome_${last.outcome}`),
    { "font-size": 16, "font-weight": "bold", "font-style": "italic" }));
}

/** The Event deck, the event in force and the last events drawn (GR-17.2, GR-23). */
export function eventsPanel(view, ctx, width) {
  const [group, top] = frame(ctx, width, 176, say(ctx, "events"));
  group.appendChild(pile(ctx, 12, top, 60, 86, view.event_deck_size, say(ctx, "event_deck"), null,
    "#23506b"));
  const effect = view.round_effect;
  let x = 90;
  if (effect) {
    group.appendChild(faceCard(ctx, effect, x, top, 86, 112));
    caption(ctx, group, x + 43, top + 126, say(ctx, "in_force"), { "font-weight": "bold" });
    x += 96;
  }
  const past = (view.event_discard || []).filter((e) => e !== effect).slice(-2).reverse();
  past.forEach((event, i) => {
    const node = faceCard(ctx, event, x + i * 96, top, 86, 112);
    node.setAttribute("opacity", "0.72");
    group.appendChild(node);
  });
  if (past.length) caption(ctx, group, x + 43, top + 126, say(ctx, "drawn"), {});
  return [group, 176];
}

/** Words under a card, on two lines at most as wide as the card. */
function caption(ctx, group, x, y, text, attrs) {
  wrap(text, 14).slice(0, 2).forEach((line, i) => group.appendChild(label(ctx, x, y + i * 13,
    line, { "text-anchor": "middle", "font-size": 11.5, ...attrs })));
}

/** The viewer's secret objectives and whether each is done (GR-24). */
export function objectivesPanel(view, ctx, width) {
  const objectives = view.objectives || [];
  if (!objectives.length) return null;
  const height = 40 + objectives.length * 34;
  const [group, top] = frame(ctx, width, height, say(ctx, "objectives_title"));
  objectives.forEach((objective, i) => {
    const y = top + i * 34;
    const name = term(ctx, `name.${objective.id}`, objective.id);
    group.appendChild(titled(ctx, el(ctx, "g", { "data-info": objective.id },
      el(ctx, "rect", { x: 10, y, width: width - 20, height: 28, rx: 6, fill: PARCHMENT,
        stroke: objective.done ? "#1f8b48" : EDGE, "stroke-width": objective.done ? 2.5 : 1 }),
      scroll(ctx, 26, y + 14),
      label(ctx, 42, y + 19, name, { "font-size": 14, "font-weight": "bold" }),
      label(ctx, width - 18, y + 19, say(ctx, objective.done ? "done" : "open"), {
        "text-anchor": "end", "font-size": 13, fill: objective.done ? "#1f8b48" : "#7d6a50" })),
    name));
  });
  return [group, height];
}

/** The supply's cubes and buildings (clickable for Sources, gains, exchanges, builds). */
export function supplyPanel(view, ctx, width) {
  const [group, top] = frame(ctx, width, 96, say(ctx, "supply"));
  const half = width / 2;
  RESOURCES.forEach((res, i) => {
    const x = 24 + i * ((half - 24) / 5);
    group.appendChild(titled(ctx, target(ctx, `supply:${res}`, null, {},
      el(ctx, "rect", { x: x - 14, y: top, width: 50, height: 52, fill: "transparent" }),
      cube(ctx, x + 10, top + 16, res, 24),
      label(ctx, x + 10, top + 48, (view.supply || {})[res], { "text-anchor": "middle",
        "font-size": 14, "font-weight": "bold" }),
      ring(ctx, "rect", { x: x - 14, y: top - 4, width: 48, height: 58, rx: 6 })),
    resourceName(ctx, res)));
  });
  Object.entries(view.building_supply || {}).forEach(([key, left], i) => {
    const x = half + 20 + i * ((half - 30) / 5);
    group.appendChild(titled(ctx, target(ctx, `building:${key}`, key, {},
      el(ctx, "rect", { x: x - 14, y: top, width: 50, height: 52, fill: "transparent" }),
      building(ctx, x + 10, top + 16, key, null, 1.2),
      label(ctx, x + 10, top + 48, left, { "text-anchor": "middle", "font-size": 14,
        "font-weight": "bold" }),
      ring(ctx, "rect", { x: x - 14, y: top - 4, width: 48, height: 58, rx: 6 })),
    buildingName(ctx, key)));
  });
  return [group, 96];
}

/** The partner swap being built (GR-11.3): what the viewer gives and gets, and propose. */
export function swapPanel(view, ctx, width) {
  const kind = kindOf(view);
  if (kind !== "partner" && kind !== "partner_reply") return null;
  const context = view.decision.context || {};
  const [group, top] = frame(ctx, width, 100, say(ctx, "swap_title"));
  [["give", "swap_give"], ["get", "swap_get"]].forEach(([side, key], row) => {
    const y = top + 8 + row * 28;
    group.appendChild(label(ctx, 14, y + 5, say(ctx, key), { "font-size": 14 }));
    let x = 120;
    RESOURCES.forEach((res, i) => {
      for (let k = 0; k < ((context[side] || [])[i] || 0); k += 1) {
        group.appendChild(cube(ctx, x, y, res, 16));
        x += 20;
      }
    });
  });
  if (mine(view) && kind === "partner") {
    group.appendChild(token(ctx, "swap", width - 170, top + 10, 150, say(ctx, "swap_propose")));
  }
  return [group, 100];
}

/** Hands the viewer sees (a Watchtower, co-op, a Spy) and events seen with an Oracle. */
export function seenPanel(view, ctx, width) {
  const rows = [];
  for (const [colour, cards] of Object.entries(view.visible_hands || {})) {
    rows.push([say(ctx, "their_hand", { colour: colourName(ctx, colour) }), cards, null]);
  }
  const privateItems = view.private || {};
  if (privateItems.spied_hand) {
    rows.push([say(ctx, "spied"), privateItems.spied_hand, (card) => `card:${card}`]);
  }
  if (privateItems.peeked_events) {
    rows.push([say(ctx, "peeked"), privateItems.peeked_events, (card, i) => `peek:${i + 1}`]);
  }
  if (!rows.length) return null;
  const parts = [];
  let y = 8;
  for (const [title, cards, keyOf] of rows) {
    for (const line of wrap(title, Math.floor((width - 28) / 8))) {
      parts.push(label(ctx, 14, y + 16, line, { "font-size": 14, "font-weight": "bold" }));
      y += 18;
    }
    parts.push(el(ctx, "g", { transform: `translate(12,${y + 6})` },
      ...cardRow(ctx, cards, 0, width - 24, keyOf, [70, 80])));
    if (!cards.length) parts.push(label(ctx, 14, y + 26, say(ctx, "no_cards")));
    y += 94;
  }
  const [group] = frame(ctx, width, y, null);
  parts.forEach((part) => group.appendChild(part));
  return [group, y];
}

/** Co-op: the Shadows and where each stands (GR-25). */
export function shadowsPanel(view, ctx, width) {
  if (!view.coop) return null;
  const where = [];
  for (const hex of view.board || []) for (const id of hex.shadows) where.push([id, hex.hex]);
  where.sort();
  const [group, top] = frame(ctx, width, 76, say(ctx, "shadows"));
  where.forEach(([id, hex], i) => {
    const x = 14 + i * 150;
    group.appendChild(target(ctx, `shadow:${id}`, null, {},
      el(ctx, "rect", { x, y: top, width: 140, height: 32, rx: 8, fill: "#2b1f3a" }),
      label(ctx, x + 70, top + 21, say(ctx, "shadow_at", { id, hex }), { "text-anchor": "middle",
        "font-size": 14, "font-weight": "bold", fill: "#f0e3ff" }),
      ring(ctx, "rect", { x: x - 3, y: top - 3, width: 146, height: 38, rx: 10 })));
  });
  if (!where.length) group.appendChild(label(ctx, 14, top + 20, say(ctx, "no_shadows")));
  return [group, 76];
}

/** The end: winners, scores and every objective revealed (GR-19, GR-20.6). */
export function resultPanel(view, ctx, width) {
  const result = view.result;
  if (!result) return null;
  const colours = Object.keys(result.scores || {});
  const height = 74 + colours.length * 26;
  const [group, top] = frame(ctx, width, height, say(ctx, "over"));
  const winners = result.winners.map((c) => colourName(ctx, c)).join(", ") || "—";
  group.appendChild(label(ctx, 14, top + 16, say(ctx, "winners", { names: winners }), {
    "font-size": 17, "font-weight": "bold" }));
  colours.forEach((colour, i) => {
    const y = top + 30 + i * 26;
    const done = ((result.objectives || {})[colour] || []).filter((o) => o.done)
      .map((o) => term(ctx, `name.${o.id}`, o.id));
    group.appendChild(disc(ctx, 24, y + 10, colour, 8));
    group.appendChild(label(ctx, 40, y + 15, `${colourName(ctx, colour)}: ${result.scores[colour]}`
      + (done.length ? ` · ${done.join(", ")}` : ""), { "font-size": 14,
      "font-weight": result.winners.includes(colour) ? "bold" : "normal" }));
  });
  return [group, height];
}

export const STYLE = `
.gd-board text { font-family: "DejaVu Sans", "Liberation Sans", sans-serif; pointer-events: none; }
.gd-board .gd-hl { stroke: none; }
.gd-board .recent .gd-hl { stroke: var(--recent, #ff9800); stroke-width: 3; stroke-dasharray: 6 4; }
.gd-board .legal { cursor: pointer; }
.gd-board .legal .gd-hl { stroke: var(--legal, #e6007e); stroke-width: 4; stroke-dasharray: none;
  filter: drop-shadow(0 0 2px #fff); }
.gd-board .chosen .gd-hl { stroke: var(--chosen, #0057d9); stroke-width: 6;
  stroke-dasharray: none; }
.gd-board .gd-count:not(.legal):not(.chosen) { opacity: 0.28; }
.gd-board .gd-counts:not(:has(.legal, .chosen)) { opacity: 0.45; }
.gd-board .gd-token:not(.legal):not(.chosen) { opacity: 0.4; }
.gd-board .gd-hex.legal > polygon:first-child { filter: brightness(1.12); }
`;
