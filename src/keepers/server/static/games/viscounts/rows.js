// Around the rondel: the status line, the decision bar (primary actions, or the choices of
// the pending decision that have no place of their own on the board) and the expansions'
// rows (Keeper of Keys heroes, chest tiles and public buildings; Gates of Gold outsiders,
// king's orders, castle leader and builder cards).

import { isBarDecision } from "./paths.js";
import {
  INK, at, button, card, cardName, fit, hooks, label, offers, overlay, pile, say, seatColour,
  seatName,
} from "./common.js";

export const BAR_H = 48;
export const ROW_H = 96;
const ACTIONS = ["trade", "build", "workers", "transcribe", "pass"];

/** Round, phase, the end-game markers, the castle leader and who decides. */
export function status(ctx, view, width) {
  const parts = [say(ctx, "round", { round: view.round }), say(ctx, `phase.${view.phase}`)];
  if (view.last_round) parts.push(say(ctx, "last_round"));
  const markers = say(ctx, "end_markers", { debts: view.debts_above_poverty,
    deeds: view.deeds_above_prosperity });
  const leader = view.leader >= 0 ? say(ctx, "leader", { seat: seatName(ctx, view, view.leader) })
    : "";
  const decision = view.decision;
  const who = decision ? say(ctx, "decides", { seat: seatName(ctx, view, decision.player) })
    : say(ctx, "game_over");
  const colour = decision ? seatColour(view, decision.player) : INK;
  const line = [markers, leader].filter(Boolean).join(" · ");
  const title = parts.join(" · ");
  return ctx.svg("g", { class: "vc-status" },
    ctx.svg("rect", { width, height: 40, rx: 8, fill: "#3e3223" }),
    label(ctx, 12, 17, title, { "font-size": fit(title, width - 210, 14, 0.64),
      "font-weight": "bold", fill: "#f3e7c9", "text-anchor": "start" }),
    label(ctx, 12, 33, line, { "font-size": fit(line, width - 210, 11), fill: "#e0cfa8",
      "text-anchor": "start" }),
    ctx.svg("rect", { x: width - 190, y: 7, width: 180, height: 26, rx: 13, fill: colour }),
    label(ctx, width - 100, 25, who, { "font-size": 13, "font-weight": "bold", fill: "#fff" }));
}

/** The options of the pending decision (only the decider's view lists them). */
function options(view) {
  return (view.decision && view.decision.options) || [];
}

/** Chips for a count chosen in a decision (`trade 3`, `workers 2`). */
function countChips(ctx, view, verb, caption, width) {
  const counts = options(view).filter((o) => o.startsWith(`${verb} `)).map((o) => o.split(" ")[1]);
  const w = Math.min(64, (width - 150) / Math.max(counts.length, 1) - 6);
  return [label(ctx, 8, 29, caption, { "font-size": 13, "text-anchor": "start",
    "font-weight": "bold" }),
  ...counts.map((n, i) => button(ctx, 150 + i * (w + 6), 6, w, 36, `×${n}`, `${verb}:${n}`,
    null))];
}

/** The setup picks: each pair of a player card and a hero (VB-5.7). */
function setupChips(ctx, view, width) {
  const picks = options(view).filter((o) => o.startsWith("pick "));
  const w = Math.min(150, width / Math.max(picks.length, 1) - 6);
  return picks.map((option, i) => {
    const [, number, hero] = option.split(" ");
    return ctx.svg("g", { transform: `translate(${i * (w + 6)},2)`, class: "vc-button",
      ...hooks(`setup:${number}`, number) },
    ctx.svg("rect", { width: w, height: 44, rx: 6, fill: "#e9d9b0", stroke: INK }),
    label(ctx, 22, 29, number, { "font-size": 18, "font-weight": "bold" }),
    ctx.svg("g", { ...hooks(null, hero) },
      label(ctx, 44 + (w - 44) / 2, 28, cardName(ctx, hero), { "font-size": 12 })));
  });
}

const BAR_TEXTS = new Set(["discard_done", "destroy_done", "dismiss_none", "recruit_pass",
  "hire_none", "chest_none", "shift_done", "pick_none", "pay_none", "turn_begin", "turn_end"]);

/** Buttons for the decisions that say "no more" or move the turn on. */
function barButtons(ctx, view, width) {
  const actions = options(view).filter(isBarDecision);
  const w = Math.min(240, width / actions.length - 6);
  return actions.map((action, i) => {
    const name = action.replace(" ", "_");
    const text = say(ctx, `done.${BAR_TEXTS.has(name) ? name : "other"}`);
    return button(ctx, width - (i + 1) * (w + 6), 6, w, 36, text,
      `done:${action.replace(" ", "-")}`, null, "#d8cfbd");
  });
}

/** The decision bar: what the pending decision asks for, else the primary actions. */
export function decisionBar(ctx, view, width) {
  const here = options(view);
  let parts;
  if (here.some((o) => /^pick \d/.test(o))) parts = setupChips(ctx, view, width);
  else if (here.some(isBarDecision)) parts = barButtons(ctx, view, width);
  else if (here.some((o) => o.startsWith("trade "))) {
    parts = countChips(ctx, view, "trade", say(ctx, "trade_times"), width);
  } else if (here.some((o) => o.startsWith("workers "))) {
    parts = countChips(ctx, view, "workers", say(ctx, "workers_count"), width);
  } else {
    const w = width / ACTIONS.length - 6;
    parts = ACTIONS.map((action, i) => button(ctx, i * (w + 6) + 3, 6, w, 36,
      say(ctx, `action.${action}`), `act:${action}`, null,
      ["#e7c96a", "#cf9f6a", "#c79bc0", "#9fb9d8", "#d8cfbd"][i]));
  }
  return ctx.svg("g", { class: "vc-bar" }, ...parts);
}

/** A labelled row of components, ROW_H high. */
function row(ctx, width, caption, items) {
  return ctx.svg("g", { class: "vc-row" },
    ctx.svg("rect", { width, height: ROW_H, rx: 8, fill: "#e5d6b0", stroke: "#8a7650" }),
    label(ctx, 10, 15, caption, { "font-size": 11, "font-weight": "bold", "text-anchor": "start" }),
    ...items);
}

/** The Keeper of Keys row: heroes, chest tiles, public buildings. */
function keysRow(ctx, view, width) {
  const keys = view.keys;
  const heroesWidth = keys.hero_row.length * 58 + 44;
  const chestsWidth = keys.chest_row.length * 46 + 38;
  const items = keys.hero_row.map((id, i) => card(ctx, 8 + i * 58, 20, 54, 70, id, `hero:${id}`));
  if (offers(view, "pick gain_hero")) {
    items.push(overlay(ctx, 4, 18, heroesWidth + 4, 74, "row:heroes"));
  }
  let x = 8 + keys.hero_row.length * 58;
  items.push(pile(ctx, x, 20, 40, 70, keys.hero_deck, say(ctx, "deck"), null, null));
  x += 56;
  items.push(label(ctx, x, 15, say(ctx, "chests"), { "font-size": 10, "text-anchor": "start" }));
  const chestsX = x - 4;
  keys.chest_row.forEach((id, i) => {
    items.push(ctx.svg("g", { class: "vc-chest", ...hooks(`chest:${id}`, id) },
      ctx.svg("rect", { x: x + i * 46, y: 24, width: 42, height: 44, rx: 5, fill: "#b98a3e",
        stroke: "#6b4a1e" }),
      label(ctx, x + i * 46 + 21, 50, id, { "font-size": 11, fill: "#fff",
        "font-weight": "bold" })));
  });
  items.push(label(ctx, x + keys.chest_row.length * 46 + 2, 50, `(${keys.chest_pile})`,
    { "font-size": 10, "text-anchor": "start" }));
  if (offers(view, "pick gain_chest")) {
    items.push(overlay(ctx, chestsX, 20, chestsWidth, 52, "row:chests"));
  }
  x = Math.max(x + keys.chest_row.length * 46 + 34, width - 3 * 53 - 6);
  Object.entries(keys.public_buildings).forEach(([id, owner], i) => {
    const taken = owner !== null && owner !== undefined;
    items.push(ctx.svg("g", { class: "vc-public", ...hooks(`public:${id}`, id) },
      ctx.svg("rect", { x: x + i * 53, y: 24, width: 50, height: 60, rx: 5,
        fill: taken ? seatColour(view, owner) : "#d7c9a6", stroke: INK }),
      label(ctx, x + i * 53 + 25, 48, "★", { "font-size": 16, fill: taken ? "#fff" : INK }),
      label(ctx, x + i * 53 + 25, 72, say(ctx, `building_short.${id.replace("PB-", "")}`),
        { "font-size": fit(say(ctx, `building_short.${id.replace("PB-", "")}`), 46, 9),
          fill: taken ? "#fff" : INK })));
  });
  return row(ctx, width, say(ctx, "heroes"), items);
}

/** The Gates of Gold row: outsiders, king's orders, castle leader, builder cards. */
function gatesRow(ctx, view, width) {
  const gates = view.gates;
  const items = gates.outsider_row.map((id, i) => card(ctx, 8 + i * 58, 20, 54, 70, id,
    `out:${id}`));
  let x = 8 + gates.outsider_row.length * 58;
  items.push(pile(ctx, x, 20, 40, 70, gates.outsider_deck, say(ctx, "deck"), null, null));
  x += 56;
  items.push(pile(ctx, x, 20, 54, 70, gates.kings_orders, say(ctx, "kings_orders"), null, "KO"));
  x += 70;
  items.push(ctx.svg("g", { ...hooks(null, gates.castle_leader) },
    ctx.svg("rect", { x, y: 20, width: 70, height: 70, rx: 5, fill: "#a59d8c", stroke: INK }),
    label(ctx, x + 35, 46, say(ctx, "castle_leader"), {
      "font-size": fit(say(ctx, "castle_leader"), 66, 9), fill: "#fff" }),
    label(ctx, x + 35, 66, gates.castle_leader, { "font-size": 13, "font-weight": "bold",
      fill: "#fff" }),
    label(ctx, x + 35, 82, view.leader >= 0 ? seatName(ctx, view, view.leader) : "—",
      { "font-size": 9, fill: "#fff" })));
  x += 86;
  Object.entries(gates.builder_cards).forEach(([id, owner], i) => {
    const taken = owner !== null && owner !== undefined;
    items.push(ctx.svg("g", { ...hooks(null, id) },
      ctx.svg("rect", { x: x + i * 62, y: 20, width: 58, height: 70, rx: 5,
        fill: taken ? seatColour(view, owner) : "#d7c9a6", stroke: INK }),
      label(ctx, x + i * 62 + 29, 46, say(ctx, "builder_card"), {
        "font-size": fit(say(ctx, "builder_card"), 54, 9), fill: taken ? "#fff" : INK }),
      label(ctx, x + i * 62 + 29, 68, id, { "font-size": 13, "font-weight": "bold",
        fill: taken ? "#fff" : INK })));
  });
  return row(ctx, width, say(ctx, "outsiders"), items);
}

/** The expansions' rows that are in play, stacked; [] in the base game. */
export function expansionRows(ctx, view, width) {
  const rows = [];
  if (view.keys) rows.push(keysRow(ctx, view, width));
  if (view.gates) rows.push(gatesRow(ctx, view, width));
  return rows.map((r, i) => at(ctx, 0, i * (ROW_H + 6), r));
}
