// The hex map (GR-2): terrain, the owner's border, guardians, buildings, Shadows, and the
// arrow of the combat under way or the last one. Pointy-top hexes, x = √3·(q + r/2),
// y = 1.5·r (GR-2.1's screen convention).

import {
  EDGE, INK, PLAYER, TERRAIN, building, colourName, el, emblem, label, pawn, ring, say,
  target, term, titled,
} from "./look.js";

const SQRT3 = Math.sqrt(3);

function corners(size) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(size * Math.cos(a)).toFixed(1)},${(size * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

function centre(hex, size) {
  return [size * SQRT3 * (hex.q + hex.r / 2), size * 1.5 * hex.r];
}

function homeOwners(view) {
  const owners = {};
  for (const seat of view.seats || []) owners[seat.home] = seat.colour;
  return owners;
}

function terrainOf(hex) {
  if (hex.kind === "citadel" || hex.kind === "source") return TERRAIN[hex.kind];
  return TERRAIN[hex.resource] || TERRAIN.food;
}

function citadelIcon(ctx, y, size) {
  const s = size / 50;
  return el(ctx, "path", {
    d: "M-16 12 L-16 -8 L-11 -8 L-11 -3 L-6 -3 L-6 -12 L-2 -12 L-2 -7 L2 -7 L2 -12 L6 -12 "
      + "L6 -3 L11 -3 L11 -8 L16 -8 L16 12 Z M-3 12 L-3 4 A3 3 0 0 1 3 4 L3 12",
    transform: `translate(0,${y}) scale(${s})`, fill: "#b49a6a", stroke: INK,
    "stroke-width": 1.4 / s, "fill-rule": "evenodd",
  });
}

function sourceIcon(ctx, x, y) {
  return el(ctx, "g", { fill: "none", stroke: "#1f7f95", "stroke-width": 2,
    "stroke-linecap": "round" },
  el(ctx, "path", { d: `M${x - 9} ${y + 3} q4.5 -5 9 0 t9 0` }),
  el(ctx, "path", { d: `M${x - 9} ${y - 3} q4.5 -5 9 0 t9 0` }),
  el(ctx, "circle", { cx: x, cy: y - 10, r: 2.5, fill: "#1f7f95" }));
}

function homeIcon(ctx, x, y, colour) {
  return el(ctx, "path", {
    d: `M${x - 8} ${y + 7} L${x - 8} ${y - 2} L${x} ${y - 9} L${x + 8} ${y - 2} `
      + `L${x + 8} ${y + 7} Z`,
    fill: PLAYER[colour] || "#ccc", stroke: INK, "stroke-width": 1.3, opacity: 0.85,
  });
}

function shadowFigure(ctx, x, y, id) {
  return el(ctx, "g", {},
    el(ctx, "path", {
      d: `M${x - 12} ${y + 12} Q${x - 14} ${y - 14} ${x} ${y - 15} Q${x + 14} ${y - 14} `
        + `${x + 12} ${y + 12} L${x + 6} ${y + 7} L${x} ${y + 13} L${x - 6} ${y + 7} Z`,
      fill: "#2b1f3a", stroke: "#120a1c", "stroke-width": 1.5 }),
    el(ctx, "circle", { cx: x - 4, cy: y - 4, r: 2.2, fill: "#e9d44a" }),
    el(ctx, "circle", { cx: x + 4, cy: y - 4, r: 2.2, fill: "#e9d44a" }),
    label(ctx, x, y + 26, id, { "text-anchor": "middle", "font-size": 11, "font-weight": "bold",
      fill: "#2b1f3a" }));
}

function shield(ctx, x, y) {
  return el(ctx, "path", {
    d: `M${x} ${y - 8} L${x + 7} ${y - 5} Q${x + 7} ${y + 4} ${x} ${y + 8} `
      + `Q${x - 7} ${y + 4} ${x - 7} ${y - 5} Z`,
    fill: "#f4f0e6", stroke: "#3f6fb0", "stroke-width": 2 });
}

function hexTile(ctx, view, hex, size, homes) {
  const [x, y] = centre(hex, size);
  const parts = [
    el(ctx, "polygon", { points: corners(size - 1.5), fill: terrainOf(hex), stroke: EDGE,
      "stroke-width": 1.5 }),
  ];
  if (hex.owner) {
    parts.push(el(ctx, "polygon", { points: corners(size - 5), fill: "none",
      stroke: PLAYER[hex.owner], "stroke-width": 5, "stroke-linejoin": "round" }));
  }
  parts.push(ring(ctx, "polygon", { points: corners(size - 3) }));
  const small = size * 0.24;
  parts.push(label(ctx, 0, -size * 0.52, hex.hex, { "text-anchor": "middle",
    "font-size": small, "font-weight": "bold", fill: "#4a3a28" }));
  if (hex.kind === "citadel") parts.push(citadelIcon(ctx, hex.guardians ? -size * 0.1 : 0, size));
  else if (hex.kind === "source") parts.push(sourceIcon(ctx, -size * 0.48, size * 0.08));
  else emblemFor(ctx, hex, size, homes, parts);
  if (hex.shadows.length) {
    hex.shadows.forEach((id, i) => parts.push(shadowFigure(ctx, (i - (hex.shadows.length - 1) / 2)
      * 22, 0, id)));
  } else if (hex.guardians) {
    parts.push(pawn(ctx, size * 0.05, size * 0.02, hex.owner, size * 0.5));
    parts.push(label(ctx, size * 0.22, size * 0.17, `×${hex.guardians}`, {
      "font-size": size * 0.3, "font-weight": "bold", fill: INK }));
  }
  if (hex.building) {
    const mark = el(ctx, "g", { "data-info": hex.building },
      building(ctx, 0, size * 0.56, hex.building, hex.owner, size / 60));
    parts.push(titled(ctx, mark, term(ctx, `building_name.${hex.building}`, hex.building)));
  }
  if (hex.protected) parts.push(shield(ctx, -size * 0.42, -size * 0.36));
  const name = hexTitle(ctx, hex);
  return titled(ctx, target(ctx, `hex:${hex.hex}`, hex.hex,
    { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`, class: "gd-hex" }, ...parts), name);
}

function emblemFor(ctx, hex, size, homes, parts) {
  const res = hex.resource || "food";
  parts.push(emblem(ctx, -size * 0.5, size * 0.05, res, size * 0.17));
  if (hex.kind === "home") parts.push(homeIcon(ctx, size * 0.42, -size * 0.36, homes[hex.hex]));
}

function hexTitle(ctx, hex) {
  const owner = hex.owner ? colourName(ctx, hex.owner) : say(ctx, "neutral");
  const guardians = hex.guardians ? ` · ${say(ctx, "guardians", { n: hex.guardians })}` : "";
  return `${hex.hex} · ${owner}${guardians}`;
}

function arrow(ctx, from, to, size, colour, dashed) {
  if (!from || !to) return null;
  const [x1, y1] = centre(from, size);
  const [x2, y2] = centre(to, size);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const ux = dx / length;
  const uy = dy / length;
  const sx = x1 + ux * size * 0.35;
  const sy = y1 + uy * size * 0.35;
  const ex = x2 - ux * size * 0.3;
  const ey = y2 - uy * size * 0.3;
  const head = `M${ex} ${ey} L${ex - ux * 12 - uy * 7} ${ey - uy * 12 + ux * 7} `
    + `L${ex - ux * 12 + uy * 7} ${ey - uy * 12 - ux * 7} Z`;
  return el(ctx, "g", { "pointer-events": "none", opacity: 0.9 },
    el(ctx, "line", { x1: sx, y1: sy, x2: ex - ux * 8, y2: ey - uy * 8, stroke: colour,
      "stroke-width": 5, "stroke-linecap": "round", "stroke-dasharray": dashed ? "8 6" : "none" }),
    el(ctx, "path", { d: head, fill: colour }));
}

function combatArrow(ctx, view, byLabel, size) {
  const decision = view.decision || {};
  const context = decision.context || {};
  if (context.S && context.T) {
    return arrow(ctx, byLabel[context.S], byLabel[context.T], size,
      PLAYER[decision.player] || INK, false);
  }
  const last = view.last_combat;
  if (!last) return null;
  return arrow(ctx, byLabel[last.from], byLabel[last.to], size, PLAYER[last.attacker] || INK, true);
}

/** The map drawn in a box `width` wide; returns [group, height]. */
export function drawMap(view, ctx, width) {
  const board = view.board || [];
  const xs = board.map((h) => SQRT3 * (h.q + h.r / 2));
  const ys = board.map((h) => 1.5 * h.r);
  const spanX = Math.max(...xs) - Math.min(...xs) + SQRT3;
  const spanY = Math.max(...ys) - Math.min(...ys) + 2;
  const size = Math.min((width - 16) / spanX, 50);
  const height = spanY * size + 16;
  const left = (width - spanX * size) / 2 - (Math.min(...xs) - SQRT3 / 2) * size;
  const top = 8 - (Math.min(...ys) - 1) * size;
  const byLabel = Object.fromEntries(board.map((h) => [h.hex, h]));
  const homes = homeOwners(view);
  const group = el(ctx, "g", {},
    el(ctx, "rect", { x: 0, y: 0, width, height, rx: 14, fill: "#a9ccd4", stroke: EDGE,
      "stroke-width": 1.5 }),
    el(ctx, "g", { transform: `translate(${left.toFixed(1)},${top.toFixed(1)})` },
      ...board.map((hex) => hexTile(ctx, view, hex, size, homes)),
      combatArrow(ctx, view, byLabel, size)));
  return [group, height];
}
