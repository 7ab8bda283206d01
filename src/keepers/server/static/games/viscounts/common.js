// Shared drawing helpers of the Viscounts board: colours, text, cards and tokens.

import { CARDS } from "./cards.js";

export const SEAT_COLOURS = ["#2f6db5", "#b8322a", "#d49a12", "#3d8a3d", "#6d4c94"];
export const AI_COLOUR = "#6d4c94";
export const INK = "#2b2118";
export const PARCHMENT = "#f3e7c9";
export const RESOURCE_COLOURS = {
  silver: "#c9ccd3", ink: "#27335e", gold: "#e4b41a", stone: "#8d8a80",
};
export const ICON_COLOURS = {
  merchant: "#d8a21c", builder: "#9a5b26", noble: "#8b2c6c", cleric: "#2d5e9c",
  criminal: "#2b2b2b",
};
const CARD_FILLS = { start: "#eadcb9", townsfolk: "#f6ecd2", hero: "#d9b383",
  outsider: "#c7afd6", order: "#efc95c" };
const CARD_BANDS = { start: "#a58d5c", townsfolk: "#6b8a4a", hero: "#7a4a22",
  outsider: "#5d3b7a", order: "#9b2a1d" };

/** A text of the board (the game's [web.viscounts] catalogue). */
export function say(ctx, key, params) {
  return ctx.t(`web.viscounts.${key}`, params || {});
}

/** A player's colour (the solo AI in purple). */
export function seatColour(view, seat) {
  const player = view.players[seat];
  return player && player.is_ai ? AI_COLOUR : SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** A seat as people count it, with "AI" for the solo opponent. */
export function seatName(ctx, view, seat) {
  const player = view.players[seat];
  return player && player.is_ai ? say(ctx, "ai") : say(ctx, "seat", { seat: seat + 1 });
}

/** The kind of deck card an id names (its colour on the board). */
export function cardKind(card) {
  if (card === "KO") return "order";
  if (card.startsWith("H-")) return "hero";
  if (card.startsWith("O-")) return "outsider";
  if (card.startsWith("TF-S-") || card.startsWith("TF-KS-")) return "start";
  return "townsfolk";
}

/** A card's printed name (names are the data's, in every language; the king's order by
 * its name in the catalogue); from its id for a card the table does not know. */
export function cardName(ctx, card) {
  if (card === "KO") return say(ctx, "kings_order");
  if (CARDS[card]) return CARDS[card][0];
  const words = card.replace(/^(TF-KS|TF-[A-Z]+|H-[A-Z]+|O-[A-Z]+)-/, "")
    .replace(/-\d+$/, "").split("-");
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Up to `lines` lines of at most `width` characters (the last one cut with an ellipsis). */
export function wrap(text, width, lines = 2) {
  const out = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else { out.push(line); line = word; }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${out[lines - 1].slice(0, width - 1)}…`;
  }
  return out.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
}

/** True when the viewer's pending decision offers an option starting with `prefix`. */
export function offers(view, prefix) {
  const options = (view.decision && view.decision.options) || [];
  return options.some((option) => option.startsWith(prefix));
}

/** A near-transparent area on top of a part of the board that takes the clicks of a
 * decision made by pointing at that whole part (a picked effect). */
export function overlay(ctx, x, y, width, height, target) {
  return ctx.svg("g", { class: "vc-area", ...hooks(target, null) },
    ctx.svg("rect", { x, y, width, height, rx: 5, fill: "#ffffff", "fill-opacity": 0.01,
      stroke: "none" }));
}

/** The font size at which `text` fits in `width` (at most `size`; `em` is the width of an
 * average letter in font sizes, wider for bold text). */
export function fit(text, width, size, em = 0.55) {
  return Math.min(size, width / (em * Math.max(String(text).length, 1)));
}

/** A group translated to (x, y). */
export function at(ctx, x, y, ...children) {
  return ctx.svg("g", { transform: `translate(${x},${y})` }, ...children);
}

/** A text element (middle-anchored unless told). */
export function label(ctx, x, y, text, attrs = {}) {
  // stroke none: a highlight's outline on the group must not blur the letters
  return ctx.svg("text", { x, y, "text-anchor": "middle", stroke: "none", ...attrs },
    String(text));
}

/** Attributes that make an element clickable and/or show a text on hover. */
export function hooks(target, info) {
  const attrs = {};
  if (target) attrs["data-target"] = target;
  if (info) attrs["data-info"] = info;
  return attrs;
}

/** A deck card, w×h: a band in its kind's colour with its silver value, its name, and
 * its icons along the bottom; its text on hover. */
export function card(ctx, x, y, w, h, id, target, extra = {}) {
  const kind = cardKind(id);
  const [, silver, icons] = CARDS[id] || [id, null, {}];
  const lines = wrap(cardName(ctx, id), Math.max(5, Math.floor(w / 6.6)), h > 80 ? 3 : 2);
  const parts = [ctx.svg("rect", { width: w, height: h, rx: 5, fill: CARD_FILLS[kind],
    stroke: INK, "stroke-width": 1.2 }),
  ctx.svg("rect", { x: 3, y: 3, width: w - 6, height: 12, rx: 2, fill: CARD_BANDS[kind] }),
  ...lines.map((line, i) => label(ctx, w / 2, 28 + i * 12, line,
    { class: "vc-card-name", "font-size": 11 }))];
  if (silver !== null) {
    parts.push(token(ctx, 10, 10, 8, RESOURCE_COLOURS.silver, silver));
  }
  const shown = Object.entries(icons).flatMap(([icon, n]) => Array(n).fill(icon)).slice(0, 5);
  const step = Math.min(14, (w - 8) / Math.max(shown.length, 1));
  shown.forEach((icon, i) => {
    const cx = w / 2 + (i - (shown.length - 1) / 2) * step;
    parts.push(ctx.svg("circle", { cx, cy: h - 11, r: 6, fill: ICON_COLOURS[icon],
      stroke: "#fff", "stroke-width": 1 }));
  });
  return ctx.svg("g", { transform: `translate(${x},${y})`, class: "vc-card",
    ...hooks(target, id), ...extra }, ...parts);
}

/** A card's back: a pile of `count` cards (or an empty outline) with the count on it. */
export function pile(ctx, x, y, w, h, count, caption, target, info) {
  const fill = count ? "#7b5a3a" : "none";
  return ctx.svg("g", { transform: `translate(${x},${y})`, class: "vc-pile",
    ...hooks(target, info) },
    ctx.svg("rect", { width: w, height: h, rx: 5, fill, stroke: INK, "stroke-dasharray":
      count ? "" : "4 3" }),
    label(ctx, w / 2, h / 2 + 2, count, { "font-size": 16, "font-weight": "bold",
      fill: count ? "#f8edd4" : INK }),
    label(ctx, w / 2, h / 2 + 16, caption, { "font-size": fit(caption, w - 4, 9),
      fill: count ? "#f8edd4" : INK }));
}

/** A round token: a coloured disc with a number (resources, icons, workers). */
export function token(ctx, x, y, r, fill, text, attrs = {}) {
  const dark = ["#27335e", "#2b2b2b", "#8b2c6c", "#2d5e9c", "#9a5b26", "#6d4c94", "#2f6db5",
    "#b8322a", "#3d8a3d", "#8d8a80", "#7b5a3a"].includes(fill);
  return ctx.svg("g", { transform: `translate(${x},${y})`, ...attrs },
    ctx.svg("circle", { r, fill, stroke: INK, "stroke-width": 1 }),
    label(ctx, 0, r * 0.38, text, { "font-size": r * 1.1, "font-weight": "bold",
      fill: dark ? "#fff" : INK }));
}

/** A clickable button with a caption. */
export function button(ctx, x, y, w, h, text, target, info, fill = "#e9d9b0") {
  return ctx.svg("g", { transform: `translate(${x},${y})`, class: "vc-button",
    ...hooks(target, info) },
  ctx.svg("rect", { width: w, height: h, rx: 6, fill, stroke: INK }),
  label(ctx, w / 2, h / 2 + 4.5, text, { "font-size": fit(text, w - 8, 13) }));
}

/** A building's little house in its owner's colour (public buildings with a star). */
export function building(ctx, x, y, kind, colour) {
  const size = kind.includes("guildhall") ? 11 : kind.includes("trading") ? 9.5 : 8;
  const roof = `M${-size},0 L0,${-size} L${size},0 Z`;
  const parts = [
    ctx.svg("rect", { x: -size * 0.8, y: 0, width: size * 1.6, height: size, fill: colour,
      stroke: INK }),
    ctx.svg("path", { d: roof, fill: colour, stroke: INK }),
  ];
  if (kind.startsWith("PB-")) {
    parts.push(label(ctx, 0, size * 0.85, "★", { "font-size": size, fill: "#fff" }));
  }
  return ctx.svg("g", { transform: `translate(${x},${y + size * 0.2})` }, ...parts);
}
