// Cards drawn as small cards: Action cards (hand, river, seen hands), Event cards and the
// face-down piles. A card names itself by the catalogue's name; its id stays in a corner.

import {
  EDGE, INK, cardId, cardName, el, label, ring, target, term, titled, wrap,
} from "./look.js";

const FAMILY = { AC: ["#7a2e1f", "#fbf3df"], EV: ["#23506b", "#e9f1f4"] };

/** A face-up card `w`×`h` at (x, y); clickable as `key` when a key is given. */
export function faceCard(ctx, card, x, y, w, h, key) {
  const id = cardId(card);
  const [band, paper] = FAMILY[id.slice(0, 2)] || FAMILY.AC;
  const name = cardName(ctx, card);
  const longest = Math.max(...name.split(/\s+/).map((word) => word.length));
  // bold letters are about 0.7 em wide (Cyrillic ones a little more than Latin)
  const font = Math.min(w >= 90 ? 13 : 11.5, (w - 8) / (longest * 0.72));
  const lines = wrap(name, Math.floor((w - 8) / (font * 0.7))).slice(0, 3);
  const parts = [
    el(ctx, "rect", { x: 0, y: 0, width: w, height: h, rx: 7, fill: paper, stroke: band,
      "stroke-width": 2 }),
    el(ctx, "rect", { x: 4, y: 4, width: w - 8, height: 8, rx: 3, fill: band }),
    ...lines.map((line, i) => label(ctx, w / 2, 30 + i * (font + 3), line, {
      "text-anchor": "middle", "font-size": font, "font-weight": "bold", fill: INK })),
    ...rulesText(ctx, id, w, h, 30 + lines.length * (font + 3)),
    label(ctx, w / 2, h - 6, card, { "text-anchor": "middle", "font-size": 9,
      fill: "#7d6a50" }),
    ring(ctx, "rect", { x: -3, y: -3, width: w + 6, height: h + 6, rx: 9 }),
  ];
  const attrs = { transform: `translate(${x},${y})` };
  const node = key ? target(ctx, key, card, attrs, ...parts)
    : el(ctx, "g", { ...attrs, "data-info": card }, ...parts);
  return titled(ctx, node, `${name} (${id})`);
}

/** The card's text in small print under its name, as far as it fits (hover shows it all). */
function rulesText(ctx, id, w, h, top) {
  if (w < 78 || h < 100) return [];
  const text = term(ctx, `text.${id}`, "");
  const room = Math.floor((h - 16 - top) / 11);
  const longest = Math.max(1, ...text.split(/\s+/).map((word) => word.length));
  const font = Math.min(9.2, (w - 8) / (longest * 0.58)); // a long word still fits
  const lines = wrap(text, Math.floor((w - 8) / (font * 0.56)));
  const shown = lines.slice(0, room);
  if (lines.length > room && shown.length) shown[shown.length - 1] += "…";
  return shown.map((line, i) => label(ctx, w / 2, top + 2 + i * 11, line, {
    "text-anchor": "middle", "font-size": font.toFixed(1), fill: "#4d3c28" }));
}

/** A face-down pile with its count; clickable as `key` when given. */
export function pile(ctx, x, y, w, h, count, caption, key, colour = "#5b3b22") {
  const parts = [
    el(ctx, "rect", { x: 5, y: 5, width: w, height: h, rx: 7, fill: "#3a2716" }),
    el(ctx, "rect", { x: 0, y: 0, width: w, height: h, rx: 7, fill: colour, stroke: EDGE,
      "stroke-width": 2 }),
    el(ctx, "rect", { x: 7, y: 7, width: w - 14, height: h - 14, rx: 4, fill: "none",
      stroke: "#d9b878", "stroke-width": 1.5 }),
    label(ctx, w / 2, h / 2 + 8, count, { "text-anchor": "middle", "font-size": 24,
      "font-weight": "bold", fill: "#f6e7c1" }),
    label(ctx, w / 2, h + 20, caption, { "text-anchor": "middle", "font-size": 12 }),
    ring(ctx, "rect", { x: -3, y: -3, width: w + 6, height: h + 6, rx: 9 }),
  ];
  const attrs = { transform: `translate(${x},${y})` };
  return key ? target(ctx, key, null, attrs, ...parts) : el(ctx, "g", attrs, ...parts);
}

/** A row of cards from x = 0 in a box `width` wide; cards narrow when many. */
export function cardRow(ctx, cards, y, width, keyOf, size = [92, 124]) {
  const gap = 8;
  const [base, h] = size;
  const w = Math.min(base, cards.length ? (width - gap * (cards.length - 1)) / cards.length : base);
  return cards.map((card, i) => faceCard(ctx, card, i * (w + gap), y, w, h,
    keyOf ? keyOf(card, i) : null));
}
