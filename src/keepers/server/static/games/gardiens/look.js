// The look of the gardiens board: colours, small drawn icons and text helpers shared by
// the map and the panels. Every word shown comes from the catalogues: the board's own
// texts through ctx.t, the game's words (names, card texts, colours) from terms.js.

import { TERMS } from "./terms.js";

export const INK = "#3b2a1a";
export const PARCHMENT = "#f6eedb";
export const PANEL = "#efe2c4";
export const EDGE = "#a88b5c";

export const PLAYER = {
  red: "#c62f3b", blue: "#2c63c8", green: "#1f8b48", yellow: "#e3b10b", purple: "#8a3dc0",
};
export const RESOURCE = {
  wood: "#4e7f32", stone: "#8d8a80", gold: "#d9a520", food: "#c98b3a", magic: "#7b55c4",
};
export const TERRAIN = {
  wood: "#9cc07a", stone: "#c9c6bb", gold: "#f1d889", food: "#ecdca5", magic: "#c2afe6",
  citadel: "#d9c7a0", source: "#9fd6dd",
};
export const RESOURCES = ["wood", "stone", "gold", "food", "magic"];

/** A text of the board (`web.gardiens.<key>`) in the player's language. */
export function say(ctx, key, params) {
  return ctx.t(`web.gardiens.${key}`, params || {});
}

/** A word of the game's own catalogue (`gardiens.<key>`: names, card texts, colours,
 * resources, buildings, prompts) in the player's language, else English, else `fallback`. */
export function term(ctx, key, fallback) {
  const words = TERMS[ctx.lang] || TERMS.en;
  return words[key] ?? TERMS.en[key] ?? fallback;
}

export const cardId = (card) => card.split("#")[0];
export const cardName = (ctx, card) => term(ctx, `name.${cardId(card)}`, cardId(card));
export const colourName = (ctx, colour) => term(ctx, `colour.${colour}`, colour);
export const resourceName = (ctx, res) => term(ctx, `resource.${res}`, res);
export const buildingName = (ctx, key) => term(ctx, `building_name.${key}`, key);

/** An element with attributes and children (ctx.svg), children left out when null. */
export function el(ctx, tag, attrs, ...children) {
  return ctx.svg(tag, attrs || {}, ...children.filter((child) => child != null));
}

/** A <text> holding `content` (set as text, never parsed). */
export function label(ctx, x, y, content, attrs) {
  const node = ctx.svg("text", { x, y, fill: INK, "font-size": 16, ...attrs });
  node.textContent = String(content);
  return node;
}

/** A <title> so that a mouse hover names the element even without the info text. */
export function titled(ctx, node, content) {
  const title = ctx.svg("title", {});
  title.textContent = content;
  node.appendChild(title);
  return node;
}

/** The highlight ring of a clickable element, shown by the stylesheet when the core marks
 * it legal, chosen or recent. */
export function ring(ctx, shape, attrs) {
  return el(ctx, shape, { class: "gd-hl", fill: "none", ...attrs });
}

/** A clickable group: a data-target key, and a data-info name when it has a text. Its first
 * child is a shape (the core's stylesheet outlines a legal target's first child). */
export function target(ctx, key, info, attrs, ...children) {
  const extra = { "data-target": key, class: `gd-target ${(attrs && attrs.class) || ""}`.trim() };
  if (info) extra["data-info"] = info;
  return el(ctx, "g", { ...attrs, ...extra }, ...children);
}

/** Words cut into lines of at most `width` characters (long words kept whole). */
export function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A cube of one resource: a small isometric block in its colour. */
export function cube(ctx, x, y, res, size = 14) {
  const s = size / 2;
  const colour = RESOURCE[res] || "#999";
  return el(ctx, "g", { transform: `translate(${x},${y})` },
    el(ctx, "path", { d: `M0 ${-s} L${s} ${-s / 2} L0 0 L${-s} ${-s / 2} Z`, fill: colour,
      stroke: INK, "stroke-width": 1, opacity: 0.75 }),
    el(ctx, "path", { d: `M${-s} ${-s / 2} L0 0 L0 ${s} L${-s} ${s / 2} Z`, fill: colour,
      stroke: INK, "stroke-width": 1 }),
    el(ctx, "path", { d: `M${s} ${-s / 2} L0 0 L0 ${s} L${s} ${s / 2} Z`, fill: colour,
      stroke: INK, "stroke-width": 1, opacity: 0.88 }));
}

/** A guardian: a pawn in its owner's colour. */
export function pawn(ctx, x, y, colour, size = 20) {
  const k = size / 20;
  return el(ctx, "path", {
    d: `M${x - 7 * k} ${y + 9 * k} L${x - 4 * k} ${y - 1 * k} `
      + `A${5 * k} ${5 * k} 0 1 1 ${x + 4 * k} `
      + `${y - 1 * k} L${x + 7 * k} ${y + 9 * k} Z`,
    fill: PLAYER[colour] || "#777", stroke: INK, "stroke-width": 1.4,
  });
}

const BUILDING_SHAPES = {
  warehouse: "M-9 7 L-9 -3 L0 -9 L9 -3 L9 7 Z M-4 7 L-4 1 L4 1 L4 7",
  fortress: "M-9 8 L-9 -8 L-5 -8 L-5 -4 L-2 -4 L-2 -8 L2 -8 L2 -4 L5 -4 L5 -8 L9 -8 L9 8 Z",
  market: "M-10 -2 L-7 -8 L7 -8 L10 -2 Z M-8 -2 L-8 8 L8 8 L8 -2 M-3 8 L-3 2 L3 2 L3 8",
  watchtower: "M-4 9 L-3 -4 L-7 -4 L0 -10 L7 -4 L3 -4 L4 9 Z",
  temple: "M-10 -3 L0 -10 L10 -3 Z M-8 -3 L-8 8 L8 8 L8 -3 M-4 -3 L-4 8 M0 -3 L0 8 M4 -3 L4 8",
};

/** A building: a small drawn outline (fill: the builder's colour when known). */
export function building(ctx, x, y, key, colour, scale = 1) {
  return el(ctx, "path", {
    d: BUILDING_SHAPES[key] || "M-8 -8 H8 V8 H-8 Z",
    transform: `translate(${x},${y}) scale(${scale})`,
    fill: colour ? PLAYER[colour] : "#d8c7a0", stroke: INK, "stroke-width": 1.6 / scale,
    "stroke-linejoin": "round", "fill-rule": "evenodd",
  });
}

/** The printed resource of a hex as a small emblem (tree, rock, coin, sheaf, star). */
export function emblem(ctx, x, y, res, size = 12) {
  const s = size;
  const colour = RESOURCE[res] || INK;
  const shapes = {
    wood: `M${x} ${y - s} L${x + s * 0.8} ${y + s * 0.5} L${x - s * 0.8} ${y + s * 0.5} Z`
      + `M${x - 1.5} ${y + s * 0.5} h3 v${s * 0.5} h-3 Z`,
    stone: `M${x - s} ${y + s * 0.6} L${x - s * 0.5} ${y - s * 0.5} L${x + s * 0.3} ${y - s * 0.7}`
      + ` L${x + s} ${y + s * 0.6} Z`,
    food: `M${x} ${y + s} L${x} ${y - s * 0.6} M${x} ${y - s * 0.2} L${x - s * 0.6} ${y - s}`
      + ` M${x} ${y - s * 0.2} L${x + s * 0.6} ${y - s} M${x} ${y + s * 0.3} L${x - s * 0.6}`
      + ` ${y - s * 0.4} M${x} ${y + s * 0.3} L${x + s * 0.6} ${y - s * 0.4}`,
    magic: starPath(x, y, s),
  };
  if (res === "gold") {
    return el(ctx, "circle", { cx: x, cy: y, r: s * 0.75, fill: colour, stroke: INK,
      "stroke-width": 1.2 });
  }
  const line = res === "food";
  return el(ctx, "path", { d: shapes[res] || starPath(x, y, s), fill: line ? "none" : colour,
    stroke: line ? colour : INK, "stroke-width": line ? 2.6 : 1.2, "stroke-linecap": "round",
    "stroke-linejoin": "round" });
}

function starPath(x, y, s) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? s * 0.42 : s;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(x + r * Math.cos(a)).toFixed(1)} ${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join(" L")} Z`;
}

/** A die showing one face: a number, or a sword for the Sword face. */
export function die(ctx, x, y, face, colour, size = 26) {
  const parts = [el(ctx, "rect", { x, y, width: size, height: size, rx: 5, fill: "#fffaf0",
    stroke: colour, "stroke-width": 2.5 })];
  if (/^[0-9]+$/.test(face)) {
    parts.push(label(ctx, x + size / 2, y + size * 0.72, face, { "text-anchor": "middle",
      "font-size": size * 0.62, "font-weight": "bold" }));
  } else {
    const cx = x + size / 2;
    parts.push(el(ctx, "path", {
      d: `M${cx} ${y + 4} L${cx + 2.5} ${y + 8} L${cx + 2.5} ${y + size - 9} L${cx - 2.5} `
        + `${y + size - 9} L${cx - 2.5} ${y + 8} Z M${cx - 7} ${y + size - 9} L${cx + 7} `
        + `${y + size - 9} M${cx} ${y + size - 9} L${cx} ${y + size - 4}`,
      fill: "#c9ccd2", stroke: INK, "stroke-width": 1.5, "stroke-linecap": "round" }));
  }
  return el(ctx, "g", {}, ...parts);
}

/** A panel: a framed parchment box with a heading; returns [group, content top]. */
export function frame(ctx, width, height, heading) {
  const group = el(ctx, "g", {},
    el(ctx, "rect", { x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 8,
      fill: PANEL, stroke: EDGE, "stroke-width": 1.5 }));
  if (heading) {
    group.appendChild(label(ctx, 12, 22, heading, { "font-size": 15, "font-weight": "bold",
      "letter-spacing": 0.5, fill: "#6b4a22" }));
  }
  return [group, heading ? 32 : 8];
}
