// The rondel: five segments around the castle. Each segment has its building spots on the
// outer edge (left and right groups split by a river), the outside spaces L and R with their
// exchanges, the townsfolk pile, the inside space I, the manuscript pile and, in the middle,
// the castle section it touches with its three tiers.

import {
  INK, PARCHMENT, RESOURCE_COLOURS, at, building, card, hooks, label, offers, pile, say,
  seatColour, token,
} from "./common.js";

export const RONDEL_SIZE = 620;
const C = RONDEL_SIZE / 2;
const R_EDGE = 300;
const R_LAND = 132;
const R_SPOT = 280;
const R_OUTSIDE = 236;
const R_PILE = 200;
const R_INSIDE = 152;
const TIERS = [[94, 128], [60, 94], [24, 60]];   // castle tiers 1-3, outer to inner
const LAND = ["#b9c98c", "#a9bd7c"];

const rad = (deg) => (deg * Math.PI) / 180;
const polar = (r, deg) => [C + r * Math.cos(rad(deg)), C + r * Math.sin(rad(deg))];
const centre = (position) => -90 + 72 * position;

/** An annular sector path between radii r0 < r1 and angles a0 < a1 (degrees). */
function sector(r0, r1, a0, a1) {
  const [x0, y0] = polar(r1, a0);
  const [x1, y1] = polar(r1, a1);
  const [x2, y2] = polar(r0, a1);
  const [x3, y3] = polar(r0, a0);
  return `M${x0},${y0} A${r1},${r1} 0 0 1 ${x1},${y1} L${x2},${y2} `
    + `A${r0},${r0} 0 0 0 ${x3},${y3} Z`;
}

/** The building spots of one segment along the outer edge. */
function spots(ctx, view, entry) {
  const theta = centre(entry.position);
  const out = [];
  for (const [side, from] of [["L", theta - 32], ["R", theta + 6]]) {
    const ids = entry.groups[side];
    ids.forEach((id, i) => {
      const [x, y] = polar(R_SPOT, from + ((i + 0.5) * 26) / ids.length);
      const here = entry.spots[id];
      const parts = [ctx.svg("circle", { cx: x, cy: y, r: 12, fill: "#e7dcc0", stroke: INK,
        "stroke-width": 0.8, "stroke-dasharray": here ? "" : "2 2" })];
      if (here) parts.push(building(ctx, x, y - 4, here[1], seatColour(view, here[0])));
      else parts.push(label(ctx, x, y + 3.5, id.slice(-1), { "font-size": 10, fill: "#6b5d45" }));
      out.push(ctx.svg("g", { class: "vc-spot", ...hooks(`spot:${id}`, null) }, ...parts));
    });
  }
  return out;
}

/** A Viscount space: a disc with its printed number (and an outside space's exchange). */
function space(ctx, view, entry, side) {
  const theta = centre(entry.position);
  const [x, y] = side === "I" ? polar(R_INSIDE, theta - 13)
    : polar(R_OUTSIDE, theta + (side === "L" ? -19 : 19));
  const number = entry.numbers[side];
  const parts = [ctx.svg("circle", { cx: x, cy: y, r: 22,
    fill: side === "I" ? "#d8c8e8" : PARCHMENT, stroke: INK, "stroke-width": 1.5 }),
  label(ctx, x, y + (side === "I" ? 5 : 0), number, { "font-size": 15, "font-weight": "bold" })];
  let info = null;
  if (side !== "I") {
    const kind = entry.trade[side];
    parts.push(label(ctx, x, y + 13, say(ctx, `exchange.${kind}`), { "font-size": 9 }));
    info = `exchange_${kind}`;
  }
  const costs = (view.decision && view.decision.costs) || {};
  const cost = costs[`move ${number}`];
  if (cost) {
    // silver paid for the extra steps to end here (VB-6.2)
    parts.push(token(ctx, x + 18, y - 17, 8, RESOURCE_COLOURS.silver, `${cost}`,
      { class: "vc-cost" }));
  }
  const node = `${entry.position}.${side}`;
  const pawns = view.players.filter((p) => p.node === node);
  pawns.forEach((p, i) => {
    const [px, py] = [x - 14 + i * 12 + (pawns.length === 1 ? 14 : 0), y - 26];
    parts.push(ctx.svg("g", { class: "vc-viscount" },
      ctx.svg("path", { d: `M${px - 7},${py + 9} L${px - 4},${py - 4} `
        + `A5,5 0 1 1 ${px + 4},${py - 4} L${px + 7},${py + 9} Z`,
      fill: seatColour(view, p.seat), stroke: "#fff", "stroke-width": 1.2 }),
      label(ctx, px, py + 7, p.is_ai ? say(ctx, "ai") : p.seat + 1, { "font-size": 8,
        fill: "#fff", "font-weight": "bold" })));
  });
  return ctx.svg("g", { class: "vc-space", ...hooks(`node:${number}`, info) }, ...parts);
}

/** The townsfolk pile (its visible top card) and the manuscript pile of a segment. */
function piles(ctx, entry) {
  const theta = centre(entry.position);
  const [tx, ty] = polar(R_PILE, theta);
  const [mx, my] = polar(R_INSIDE + 4, theta + 14);
  const out = [];
  const top = entry.townsfolk_top;
  const tfTarget = `tf:${entry.position}`;
  if (top) {
    out.push(card(ctx, tx - 27, ty - 34, 54, 62, top, tfTarget));
    out.push(label(ctx, tx + 20, ty + 25, entry.townsfolk_left, { "font-size": 10,
      "font-weight": "bold" }));
  } else {
    out.push(pile(ctx, tx - 27, ty - 34, 54, 62, 0, say(ctx, "townsfolk"), tfTarget, null));
  }
  const ms = entry.manuscript_top;
  out.push(ctx.svg("g", { class: "vc-manuscript", ...hooks(ms ? `ms:${ms}` : null, ms) },
    ctx.svg("rect", { x: mx - 17, y: my - 21, width: 34, height: 42, rx: 3,
      fill: ms ? "#efe2bf" : "none", stroke: INK, "stroke-dasharray": ms ? "" : "3 2" }),
    ctx.svg("path", { d: `M${mx - 11},${my - 12} h22 M${mx - 11},${my - 6} h22`, stroke: "#7a6a50",
      "stroke-width": 1 }),
    label(ctx, mx, my + 8, ms || "-", { "font-size": 9, "font-weight": "bold" }),
    label(ctx, mx, my + 18, entry.manuscripts_left, { "font-size": 9 })));
  return out;
}

/** One castle section: three tiers of workers, each seat's count on a disc in its colour.
 * The whole section is one click target (its outline is highlighted); its workers are
 * targets of their own only when one is to be bumped. */
function section(ctx, view, entry) {
  const theta = centre(entry.position);
  const name = entry.section;
  const tiers = view.castle[name];
  const bumping = offers(view, "bump ");
  const parts = [ctx.svg("path", { d: sector(TIERS[2][0], TIERS[0][1], theta - 35, theta + 35),
    fill: "none", stroke: "none" })];
  TIERS.forEach(([r0, r1], tier) => {
    const shade = ["#c9c3b5", "#b7b0a1", "#a59d8c"][tier];
    parts.push(ctx.svg("path", { d: sector(r0, r1, theta - 35, theta + 35), fill: shade,
      stroke: "#6e6758", "stroke-width": 1 }));
    const seats = tiers[tier].map((n, seat) => [seat, n]).filter(([, n]) => n > 0);
    const r = (r0 + r1) / 2;
    const spread = tier === 2 ? 22 : 9;
    seats.forEach(([seat, n], i) => {
      const [x, y] = polar(r, theta + (i - (seats.length - 1) / 2) * spread);
      const target = bumping ? `castle:${name}${tier + 1}:${seat}` : null;
      parts.push(token(ctx, x, y, tier === 2 ? 7.5 : 8, seatColour(view, seat), n,
        { class: "vc-worker", ...hooks(target, null) }));
    });
  });
  const [lx, ly] = polar(TIERS[0][1] - 8, theta - 27);
  parts.push(label(ctx, lx, ly + 4, name, { "font-size": 11, "font-weight": "bold",
    fill: "#3b352b" }));
  return [ctx.svg("g", { class: "vc-section", ...hooks(`section:${name}`, name) }, ...parts)];
}

/** The whole rondel panel (RONDEL_SIZE square). */
export function rondel(ctx, view) {
  const parts = [ctx.svg("circle", { cx: C, cy: C, r: R_EDGE + 6, fill: "#6f9bb8" }),
    ctx.svg("circle", { cx: C, cy: C, r: R_EDGE, fill: "#c8b98f" })];
  for (const entry of view.ring) {
    const theta = centre(entry.position);
    parts.push(ctx.svg("path", { d: sector(R_LAND, R_EDGE, theta - 36, theta + 36),
      fill: LAND[entry.position % 2], stroke: "#5f6d45", "stroke-width": 1.5 }));
    const [rx0, ry0] = polar(R_SPOT - 22, theta);
    const [rx1, ry1] = polar(R_EDGE, theta);
    parts.push(ctx.svg("path", { d: `M${rx0},${ry0} L${rx1},${ry1}`, stroke: "#4f86b0",
      "stroke-width": 5, "stroke-linecap": "round" }));
    const [sx, sy] = polar(R_EDGE - 6, theta - 33);
    parts.push(label(ctx, sx, sy, entry.segment, { "font-size": 9, fill: "#3e4a2c" }));
  }
  for (const entry of view.ring) {
    parts.push(...spots(ctx, view, entry), ...section(ctx, view, entry), ...piles(ctx, entry));
    for (const side of ["L", "R", "I"]) parts.push(space(ctx, view, entry, side));
  }
  parts.push(ctx.svg("circle", { cx: C, cy: C, r: TIERS[2][0], fill: "#8e8676",
    stroke: "#6e6758" }));
  parts.push(label(ctx, C, C + 4, say(ctx, "castle"), { "font-size": 8, fill: "#f3ead6" }));
  return at(ctx, 0, 0, ...parts);
}
