// Each player's board: card spaces (with Keeper of Keys chest tiles), the virtue/corruption
// track, debts and deeds, resources and silver, building slots, piles, manuscripts and the
// Gates of Gold manuscript board; the viewer's hand under their own board.

import {
  INK, ICON_COLOURS, RESOURCE_COLOURS, card, cardName, fit, hooks, label, offers, overlay, pile,
  say, seatColour, seatName, token,
} from "./common.js";

export const BOARD_W = 640;
export const BOARD_H = 192;
export const NARROW_BOARD_W = 444;
export const NARROW_BOARD_H = 332;
const SLOTS_LEFT = 438;                    // the slots, icons and piles: x 438-634, y 30-160
const NARROW_SHIFT = [-430, 166];          // ... moved under the rest on a narrow board
export const HAND_H = 112;
const SLOTS = ["TP1", "TP2", "TP3", "GH1", "GH2", "GH3", "WS1", "WS2", "WS3"];
const SLOT_TYPES = { TP: "trading_post", GH: "guildhall", WS: "workshop" };

/** Cards in hand and workers left. */
function counts(ctx, p) {
  const handCount = Array.isArray(p.hand) ? p.hand.length : p.hand;
  return say(ctx, "board_counts", { hand: handCount, limit: p.hand_limit, workers: p.supply });
}

/** The title strip: seat, start player, who decides, the counts (wide) and the score. */
function title(ctx, view, seat, mine, width) {
  const p = view.players[seat];
  const colour = seatColour(view, seat);
  let name = seatName(ctx, view, seat);
  if (mine) name = say(ctx, "you", { seat: name });
  const marks = [];
  if (view.start === seat) marks.push(say(ctx, "start_player"));
  if (view.decision && view.decision.player === seat) marks.push(say(ctx, "deciding"));
  const parts = [ctx.svg("rect", { width, height: 24, rx: 8, fill: colour }),
    ctx.svg("text", { x: 10, y: 17, "font-size": 14, "font-weight": "bold", fill: "#fff" }, name),
    ctx.svg("text", { x: 130, y: 17, "font-size": 12, fill: "#fff" }, marks.join(" · ")),
    ctx.svg("text", { x: width - 10, y: 17, "font-size": 14, "font-weight": "bold", fill: "#fff",
      "text-anchor": "end" }, say(ctx, "score", { vp: view.scores[seat] ?? 0 }))];
  if (width === BOARD_W) {
    parts.push(ctx.svg("text", { x: SLOTS_LEFT + 2, y: 17, "font-size": 11, fill: "#fff",
      "text-anchor": "end" }, counts(ctx, p)));
  }
  return parts;
}

/** Silver, ink, gold and stone as coins (the viewer's resources are click targets). */
function resources(ctx, p, mine) {
  const out = [];
  ["silver", "ink", "gold", "stone"].forEach((kind, i) => {
    const target = mine ? `res:${kind}` : null;
    out.push(ctx.svg("g", { class: "vc-resource", ...hooks(target, kind) },
      ctx.svg("rect", { x: 242 + i * 44, y: 26, width: 40, height: 42, rx: 5, fill: "none",
        stroke: "none" }),
      token(ctx, 262 + i * 44, 40, 12, RESOURCE_COLOURS[kind], p[kind]),
      label(ctx, 262 + i * 44, 63, say(ctx, `resource.${kind}`), { "font-size": 9 })));
  });
  return out;
}

/** The three card spaces (1 is where a card is played), with chest tiles under them. */
function cardSpaces(ctx, p, mine) {
  const out = [];
  const withChests = Array.isArray(p.chests) || Array.isArray(p.ai_chests);
  const h = withChests ? 92 : 118;
  p.spaces.forEach((held, i) => {
    const x = 8 + i * 76;
    const parts = [ctx.svg("rect", { x, y: 30, width: 72, height: h, rx: 5, fill: "#e2d3ad",
      stroke: "#8a7650", "stroke-dasharray": "4 2" }),
    label(ctx, x + 36, 30 + h - 5, say(ctx, "space", { n: i + 1 }), { "font-size": 9,
      fill: "#6b5d45" })];
    if (held) parts.push(card(ctx, x + 2, 32, 68, h - 16, held, null));
    const target = mine ? `space:${i + 1}` : null;
    out.push(ctx.svg("g", { class: "vc-card-space", ...hooks(target, null) },
      ...parts));
    if (withChests) {
      const tile = (p.ai_chests || p.chests)[i];
      const known = tile && tile !== "?" ? tile : null;      // the AI's face-down tiles: "?"
      out.push(ctx.svg("g", { class: "vc-chest", ...hooks(null, known) },
        ctx.svg("rect", { x: x + 6, y: 126, width: 60, height: 24, rx: 4,
          fill: tile ? "#b98a3e" : "none", stroke: "#6b4a1e",
          "stroke-dasharray": tile ? "" : "3 2" }),
        label(ctx, x + 36, 142, tile || say(ctx, "chest"), { "font-size": 10,
          fill: tile ? "#fff" : "#6b4a1e" })));
    }
  });
  return out;
}

/** The virtue/corruption track (positions 1-7) and the debts and deeds. */
function tracks(ctx, view, p, mine) {
  const out = [label(ctx, 340, 84, say(ctx, "track"), { "font-size": 9 })];
  for (let pos = 1; pos <= 7; pos += 1) {
    const x = 248 + (pos - 1) * 26;
    out.push(ctx.svg("rect", { x, y: 88, width: 24, height: 22, rx: 3,
      fill: pos <= 3 ? "#d9b9a8" : pos === 4 ? "#e6dcc4" : "#c6d8e6", stroke: "#8a7650" }));
    out.push(label(ctx, x + 12, 103, pos, { "font-size": 9, fill: "#6b5d45" }));
  }
  const corruption = 248 + (p.corruption - 1) * 26 + 12;
  const virtue = 248 + (p.virtue - 1) * 26 + 12;
  const same = p.corruption === p.virtue;
  out.push(ctx.svg("g", { ...hooks(null, "criminal") },
    token(ctx, corruption - (same ? 5 : 0), 99, 7, "#2b2b2b", "")));
  out.push(token(ctx, virtue + (same ? 5 : 0), 99, 7, "#ffffff", ""));
  if (mine && offers(view, "pick gain_virtue")) out.push(overlay(ctx, 245, 86, 186, 26, "track"));
  const rows = [["debt", p.debts_unpaid, p.debts_paid, "#9b3a2a"],
    ["deed", p.deeds_acquired, p.deeds_approved, "#3a6b3a"]];
  rows.forEach(([kind, open, flipped, colour], i) => {
    const x = 248 + i * 94;
    out.push(ctx.svg("g", { class: "vc-flip", ...hooks(mine ? `flip:${kind}` : null, null) },
      ctx.svg("rect", { x, y: 116, width: 90, height: 38, rx: 5, fill: "#efe3c4", stroke: colour }),
      label(ctx, x + 45, 126, say(ctx, `${kind}s`), { "font-size": 9, "font-weight": "bold",
        fill: colour }),
      label(ctx, x + 23, 140, open, { "font-size": 12, "font-weight": "bold" }),
      label(ctx, x + 67, 140, flipped, { "font-size": 12, "font-weight": "bold" }),
      label(ctx, x + 23, 150, say(ctx, `${kind}_open`), { "font-size": 7 }),
      label(ctx, x + 67, 150, say(ctx, `${kind}_flipped`), { "font-size": 7 })));
  });
  return out;
}

/** The nine building slots: a house still on its slot is not built yet; an empty slot's
 * ability is active. The viewer's slots are where a building is taken from. */
function slots(ctx, view, p, mine) {
  const out = [];
  const colour = seatColour(view, p.seat);
  SLOTS.forEach((slot, i) => {
    const x = 438 + (i % 3) * 64;
    const y = 30 + Math.floor(i / 3) * 30;
    const covered = p.covered[i];
    const kind = SLOT_TYPES[slot.slice(0, 2)];
    const house = covered ? [ctx.svg("path", { d: `M${x + 23},${y + 15} v-7 l8,-6 l8,6 v7 z`,
      fill: colour, stroke: INK })] : [];
    out.push(ctx.svg("g", { class: "vc-slot", ...hooks(mine ? `slot:${slot}` : null, slot) },
      ctx.svg("rect", { x, y, width: 62, height: 27, rx: 4, fill: covered ? "#e2d3ad" : "#f7f0dc",
        stroke: "#8a7650" }),
      ...house,
      label(ctx, x + 31, y + 24, say(ctx, `building_short.${kind}`), {
        "font-size": fit(say(ctx, `building_short.${kind}`), 58, 8),
        fill: covered ? INK : "#8f8672" })));
  });
  return out;
}

/** Icons on the board and the draw and discard piles. */
function extras(ctx, p, mine) {
  const out = [];
  Object.entries(p.icons).forEach(([icon, n], i) => {
    out.push(ctx.svg("g", { ...hooks(null, icon) },
      token(ctx, 448 + i * 22, 132, 9, ICON_COLOURS[icon], n)));
  });
  out.push(label(ctx, 492, 155, say(ctx, "icons"), { "font-size": 9 }));
  out.push(pile(ctx, 554, 120, 38, 40, p.draw, say(ctx, "draw"), mine ? "draw:top" : null, null));
  out.push(pile(ctx, 596, 120, 38, 40, p.discard.length, say(ctx, "discard"),
    mine ? "discard:pile" : null,
    p.discard.length ? p.discard[p.discard.length - 1] : null));
  return out;
}

/** What an owned component is called on its chip: a public building by its type, an
 * outsider by its name, anything else by its id. */
function ownedName(ctx, id) {
  if (id.startsWith("PB-")) return `★${say(ctx, `building_short.${id.slice(3)}`)}`;
  return id.startsWith("O-") ? cardName(ctx, id) : id;
}

/** Manuscripts, cleric bonus cards, public buildings, builder cards and outsiders owned
 * (as many as the board's width holds). */
function owned(ctx, p, width) {
  const ids = [...p.manuscripts, ...p.bonus, ...(p.public_buildings || []),
    ...(p.builder_cards || []), ...(p.outsiders || [])];
  const shown = ids.slice(0, Math.floor((width - 252) / 43));
  const out = shown.map((id, i) => {
    const text = ownedName(ctx, id);
    return ctx.svg("g", { class: "vc-owned", ...hooks(null, id) },
      ctx.svg("rect", { x: 248 + i * 43, y: 164, width: 40, height: 22, rx: 3,
        fill: id.startsWith("M") ? "#efe2bf" : "#d9c7e6", stroke: "#7a6a50" }),
      label(ctx, 268 + i * 43, 179, text, { "font-size": fit(text, 38, 9) }));
  });
  if (!ids.length) {
    out.push(label(ctx, 248, 179, say(ctx, "no_manuscripts"), { "font-size": 9,
      "text-anchor": "start", fill: "#6b5d45" }));
  }
  return out;
}

/** The Gates of Gold manuscript board: four columns, each usable while a manuscript of its
 * colour is owned (column 1 always). */
function manuscriptBoard(ctx, p, mine) {
  if (!p.manuscript_board) return [];
  return p.columns_unlocked.map((open, i) => ctx.svg("g", { class: "vc-column",
    ...hooks(mine ? `msb:${i + 1}` : null, p.manuscript_board) },
  ctx.svg("rect", { x: 8 + i * 57, y: 160, width: 53, height: 26, rx: 4,
    fill: open ? "#d7c38a" : "#e8e1cf", stroke: open ? "#7a5a1a" : "#aaa08a",
    "stroke-dasharray": open ? "" : "3 2" }),
  label(ctx, 34 + i * 57, 177, say(ctx, `column.${i + 1}`), {
    "font-size": fit(say(ctx, `column.${i + 1}`), 50, 10), fill: open ? INK : "#8f8672" })));
}

/** One player's board: BOARD_W × BOARD_H, or NARROW_BOARD_W × NARROW_BOARD_H with the
 * slots, icons and piles under the rest (`narrow`). */
export function playerBoard(ctx, view, seat, narrow = false) {
  const p = view.players[seat];
  const mine = view.viewer === seat;
  const width = narrow ? NARROW_BOARD_W : BOARD_W;
  const [dx, dy] = narrow ? NARROW_SHIFT : [0, 0];
  const right = ctx.svg("g", { transform: `translate(${dx},${dy})` },
    ...slots(ctx, view, p, mine), ...extras(ctx, p, mine));
  const parts = [ctx.svg("rect", { width, height: narrow ? NARROW_BOARD_H : BOARD_H, rx: 8,
    fill: "#efe3c4", stroke: seatColour(view, seat), "stroke-width": 3 }),
  ...title(ctx, view, seat, mine, width), ...cardSpaces(ctx, p, mine), ...resources(ctx, p, mine),
  ...tracks(ctx, view, p, mine), right, ...owned(ctx, p, width), ...manuscriptBoard(ctx, p, mine)];
  if (narrow) {
    parts.push(label(ctx, 220, 214, counts(ctx, p), { "font-size": 12, "text-anchor": "start" }));
  }
  return ctx.svg("g", { class: `vc-board${mine ? " vc-mine" : ""}` }, ...parts);
}

/** The viewer's hand, `width` × HAND_H. */
export function hand(ctx, view, width = BOARD_W) {
  const p = view.players[view.viewer];
  const cards = p.hand;
  const w = Math.min(70, (width - 16) / Math.max(cards.length, 1) - 4);
  return ctx.svg("g", { class: "vc-hand" },
    ctx.svg("rect", { width, height: HAND_H, rx: 8, fill: "#e5d6b0", stroke: "#8a7650" }),
    label(ctx, 10, 14, say(ctx, "your_hand"), { "font-size": 11, "text-anchor": "start",
      "font-weight": "bold" }),
    ...cards.map((id, i) => card(ctx, 8 + i * (w + 4), 20, w, 86, id, `hand:${id}`)));
}
