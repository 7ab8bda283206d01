// Keythedral's board: the map of octagonal fields and square tiles (cottages, houses,
// the Keythedral), workers and fences; the work orders, the mat of building tiles, the
// law spaces, store, craftsmen and trader; every seat's public counts and this seat's
// screen (cubes, law cards, cottages still to lay), and buttons for the answers no piece
// stands for (pass, done, a bid...).  Drawn from one seat's view only.

const U = 32;                  // half the distance between two fields' centres
const FIELD_R = 28;            // a field octagon's radius
const SLOT = 22;               // a square tile's side
const CUBES = { black: "#2b2b2b", brown: "#8b5a2b", blue: "#2f6fd6", green: "#3a9a3a",
  red: "#c0392b", white: "#f4f4f4", purple: "#8e44ad", yellow: "#f1c40f" };
const RESOURCES = ["black", "brown", "blue", "green", "red"];
const CRAFTS = ["white", "purple", "yellow"];
const FIELDS = { quarry: "#9e9e9e", forest: "#2e7d32", lake: "#64b5f6", farm: "#e6c65c",
  vineyard: "#9c4f96" };
const SEATS = { yellow: "#e0b000", red: "#d0342c", green: "#2e9e44", blue: "#2f6fd6",
  black: "#333333" };
const KEYTHEDRAL = [1, 1];
const PANEL_W = 520;

const pos = (text) => text.split(",").map(Number);
const key = (x, y) => `${x},${y}`;
const isCell = ([x, y]) => x % 2 === 0 && y % 2 === 0;

// The slot of tile `number`: among the tiles touching `cell` (when given), the viewer's
// first (a decision's own tile), else another seat's (a recent decision of theirs).
function tileSlot(view, number, cell) {
  const tiles = view.tiles.filter((tile) => tile[3] === number);
  const near = cell ? tiles.filter((tile) => Math.abs(tile[0] - cell[0]) === 1
    && Math.abs(tile[1] - cell[1]) === 1) : [];
  const candidates = near.length ? near : tiles;
  const found = candidates.find((tile) => tile[2] === view.viewer) || candidates[0];
  return found ? `slot:${key(found[0], found[1])}` : `cottage:${number}`;
}

// The target key of one argument of a law card.
function argumentKey(word) {
  if (/^-?\d+,-?\d+$/.test(word)) return `${isCell(pos(word)) ? "cell" : "slot"}:${word}`;
  if (/^B\d\d-\d+$/.test(word)) return `mat:${word}`;
  if (word in CUBES) return `store:${word}`;
  if (/^\d+$/.test(word)) return `seat:${word}`;
  return `word:${word}`;
}

export function paths(action, view) {
  const words = action.split(" ");
  const [verb, a, b] = words;
  switch (verb) {
    case "field": return [`cell:${a}`];
    case "cottage": return [`cottage:${a}`, `slot:${b}`];
    case "mark": return [`number:${a}`];
    case "place": return [tileSlot(view, Number(a), pos(b)), `cell:${b}`];
    case "take": case "add": case "remove": case "as": return [`store:${a}`];
    case "buy": return [`mat:${a}`];
    case "house": return [tileSlot(view, Number(a), null)];
    case "fence": case "unfence": return [`edge:${a}|${b}`];
    case "craft": return [`craft:${a}`];
    case "law": return [`lawspace:${a}`];
    case "trade": return [`trade:${a}`];
    case "pay": return a ? [`cube:${a}`] : ["act:pay"];
    case "relay": return [`slot:${a}`];
    case "first": return [`seat:${a}`];
    case "play": return [`card:${a}`, ...words.slice(2).map(argumentKey)];
    case "pass": case "done": case "withdraw": case "veto": return [`act:${verb}`];
    case "bid": return [`act:bid:${a}`];
    case "style": return [`act:style:${a}`];
    default: return [];  // a Good Deal's two colours: from the list
  }
}

// -- the map -------------------------------------------------------------------------
function octagon(cx, cy, r) {
  const points = [];
  for (let i = 0; i < 8; i += 1) {
    const angle = Math.PI / 8 + (i * Math.PI) / 4;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(" ");
}

function seatColour(view, seat) {
  return SEATS[view.colours[seat]] || "#777";
}

// The cells and slots worth drawing: the fields, the empty cells beside them, and the
// slots touching a field (where cottages go).
function mapSpaces(view) {
  const fields = new Map(view.fields.map(([x, y, type]) => [key(x, y), type]));
  const cells = new Set(fields.keys());
  for (const [x, y] of view.fields) {
    for (const [dx, dy] of [[2, 0], [-2, 0], [0, 2], [0, -2]]) cells.add(key(x + dx, y + dy));
  }
  if (fields.size === 0) cells.add("0,0");
  const slots = new Set([key(...KEYTHEDRAL)]);
  for (const [x, y] of view.fields) {
    for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) slots.add(key(x + dx, y + dy));
  }
  for (const tile of view.tiles) slots.add(key(tile[0], tile[1]));
  return { fields, cells: [...cells].map(pos), slots: [...slots].map(pos) };
}

function drawMap(view, ctx, origin) {
  const { svg, t } = ctx;
  const { fields, cells, slots } = mapSpaces(view);
  const all = [...cells, ...slots];
  const minX = Math.min(...all.map((p) => p[0])) - 1;
  const minY = Math.min(...all.map((p) => p[1])) - 1;
  const maxX = Math.max(...all.map((p) => p[0])) + 1;
  const maxY = Math.max(...all.map((p) => p[1])) + 1;
  const at = ([x, y]) => [origin[0] + (x - minX) * U + U / 2, origin[1] + (y - minY) * U + U / 2];
  const group = svg("g", { class: "kt-map" });
  const workers = new Map(view.workers.map(([x, y, seat]) => [key(x, y), seat]));
  for (const cell of cells) {
    const [cx, cy] = at(cell);
    const type = fields.get(key(...cell));
    const space = svg("g", { "data-target": `cell:${key(...cell)}`, "data-info": type ? key(...cell) : null,
      class: type ? "kt-field" : "kt-empty" },
    svg("polygon", { points: octagon(cx, cy, FIELD_R), fill: type ? FIELDS[type] : "transparent",
      stroke: type ? "#555" : "#bbb", "stroke-dasharray": type ? null : "3 3" }),
    type ? svg("text", { x: cx, y: cy - 8, class: "kt-small", "text-anchor": "middle" },
      t(`web.keythedral.field_${type}`)) : null);
    if (workers.has(key(...cell))) {
      space.append(svg("circle", { cx, cy: cy + 5, r: 7, fill: seatColour(view, workers.get(key(...cell))),
        stroke: "#000", class: "kt-worker" }));
    }
    group.append(space);
  }
  const tiles = new Map(view.tiles.map((tile) => [key(tile[0], tile[1]), tile]));
  for (const slot of slots) {
    const [cx, cy] = at(slot);
    const tile = tiles.get(key(...slot));
    const isKey = slot[0] === KEYTHEDRAL[0] && slot[1] === KEYTHEDRAL[1];
    const fill = isKey ? "#d4af37" : tile ? seatColour(view, tile[2]) : "#ffffff";
    const square = svg("g", { "data-target": `slot:${key(...slot)}`, "data-info": key(...slot),
      class: tile ? "kt-tile" : "kt-slot" },
    svg("rect", { x: cx - SLOT / 2, y: cy - SLOT / 2, width: SLOT, height: SLOT, fill,
      stroke: tile && tile[4] ? "#000" : "#999", "stroke-width": tile && tile[4] ? 3 : 1,
      "fill-opacity": tile || isKey ? 1 : 0.5 }));
    if (isKey) {
      square.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "kt-small" }, "K"));
    }
    if (tile) {
      square.append(svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "kt-num" },
        `${tile[4] ? "H" : ""}${tile[3]}`));
    }
    group.append(square);
  }
  // Fences, and the edges between a tile and its fields (a fence goes there).
  const fenced = new Map(view.fences.map(([a, b, c, d, seat]) => [`${key(a, b)}|${key(c, d)}`, seat]));
  for (const tile of view.tiles) {
    for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
      const cell = [tile[0] + dx, tile[1] + dy];
      if (!fields.has(key(...cell))) continue;
      const edge = `${key(tile[0], tile[1])}|${key(...cell)}`;
      const [sx, sy] = at([tile[0], tile[1]]);
      const [ex, ey] = at(cell);
      const mx = (sx + ex) / 2;
      const my = (sy + ey) / 2;
      const seat = fenced.get(edge);
      const bar = svg("line", { x1: mx - 6 * dy, y1: my + 6 * dx, x2: mx + 6 * dy, y2: my - 6 * dx,
        stroke: seat === undefined ? "transparent" : seatColour(view, seat), "stroke-width": 5 });
      const kind = seat === undefined ? "kt-edge" : "kt-fence";
      group.append(svg("g", { "data-target": `edge:${edge}`, class: kind },
        svg("circle", { cx: mx, cy: my, r: 6, fill: "transparent" }), bar));
    }
  }
  return { group, width: (maxX - minX + 1) * U, height: (maxY - minY + 1) * U };
}

// -- the panel -----------------------------------------------------------------------
function cube(svg, x, y, colour, attrs = {}) {
  return svg("rect", { x, y, width: 14, height: 14, rx: 2, fill: CUBES[colour] || "#ccc",
    stroke: "#333", ...attrs });
}

// A row of cubes, each with its count; `prefix` names their click targets.
function countRow(ctx, x, y, label, counts, colours, prefix) {
  const { svg } = ctx;
  const info = prefix === "craft" || prefix === "trade" ? "craftsmen" : null;
  const row = svg("g", {}, svg("text", { x, y: y + 12, class: "kt-label" }, label));
  colours.forEach((colour, i) => {
    const cx = x + 120 + i * 52;
    row.append(svg("g", { "data-target": prefix ? `${prefix}:${colour}` : null, "data-info": info },
      // the whole cube and count is the area a click or a tap hits
      svg("rect", { x: cx - 3, y: y - 3, width: 46, height: 20, rx: 3, fill: "transparent" }),
      cube(svg, cx, y, colour),
      svg("text", { x: cx + 18, y: y + 12, class: "kt-num" }, String(counts[colour] ?? 0))));
  });
  return row;
}

// The round, the field tile to lay and the work-order numbers (those taken filled).
function drawHead(view, ctx, g, x0, y) {
  const { svg, t } = ctx;
  g.append(svg("text", { x: x0, y: y + 12, class: "kt-head" },
    t("web.keythedral.round", { round: view.round, phase: view.phase })));
  y += 20;
  if (view.drawn_field) {
    const field = t(`web.keythedral.field_${view.drawn_field}`);
    g.append(svg("text", { x: x0, y: y + 12, class: "kt-label" }, t("web.keythedral.drawn", { field })));
    y += 20;
  }
  g.append(svg("text", { x: x0, y: y + 14, class: "kt-label" }, t("web.keythedral.work_orders")));
  for (let n = 1; n <= 5; n += 1) {
    const taken = view.markers.includes(n);
    const cx = x0 + 140 + n * 34;
    g.append(svg("g", { "data-target": `number:${n}` },
      svg("circle", { cx, cy: y + 9, r: 12, fill: taken ? "#444" : "#fff", stroke: "#444" }),
      svg("text", { x: cx, y: y + 14, "text-anchor": "middle",
        class: taken ? "kt-num kt-inverse" : "kt-num" }, String(n))));
  }
  return y + 30;
}

// One space of the mat: its tile (face down: "?") and the tile's cost in cubes.
function matSpace(ctx, space, x, y) {
  const { svg } = ctx;
  const id = space.tile;
  const known = id && id !== "?";
  const fill = id === "?" ? "#ddd" : id ? "#fffbe6" : "#f4f4f4";
  const box = svg("g", { "data-target": known ? `mat:${id}` : null, "data-info": known ? id : null,
    class: "kt-mat" },
  svg("rect", { x, y, width: 102, height: 24, rx: 3, fill, stroke: "#999" }),
  svg("text", { x: x + 4, y: y + 16, class: "kt-small" }, id || ""));
  let cx = x + 48;
  for (const [colour, count] of Object.entries(space.cost || {})) {
    for (let k = 0; k < count && cx < x + 98; k += 1) {
      box.append(cube(svg, cx, y + 6, colour, { width: 9, height: 9 }));
      cx += 11;
    }
  }
  if (space.price_cards.length) {
    box.append(svg("text", { x: x + 96, y: y + 10, class: "kt-small", "text-anchor": "end" }, "+"));
  }
  return box;
}

// The mat (a row per value), then the law spaces with the deck and the discard.
function drawMat(view, ctx, g, x0, y) {
  const { svg, t } = ctx;
  g.append(svg("text", { x: x0, y: y + 12, class: "kt-head" }, t("web.keythedral.mat")));
  y += 20;
  for (const row of view.mat) {
    g.append(svg("text", { x: x0, y: y + 16, class: "kt-label" },
      t("web.keythedral.points", { value: row.value })));
    row.spaces.forEach((space, i) => g.append(matSpace(ctx, space, x0 + 70 + i * 108, y)));
    y += 28;
  }
  g.append(svg("text", { x: x0, y: y + 14, class: "kt-label" },
    t("web.keythedral.laws", { deck: view.law_deck, discard: view.discard.length })));
  view.law_spaces.forEach((full, i) => {
    const x = x0 + 340 + i * 40;
    g.append(svg("g", { "data-target": `lawspace:${i + 1}` },
      svg("rect", { x, y, width: 30, height: 20, rx: 3, fill: full ? "#d8c8f0" : "#fff", stroke: "#666" }),
      svg("text", { x: x + 15, y: y + 14, "text-anchor": "middle", class: "kt-small" }, full ? "?" : "")));
  });
  return y + 28;
}

// The store, the craftsmen and the trader; a purchase under way and its price so far.
function drawSupplies(view, ctx, g, x0, y) {
  const { svg, t } = ctx;
  g.append(countRow(ctx, x0, y, t("web.keythedral.store"), view.store, RESOURCES, "store"));
  g.append(countRow(ctx, x0, y + 22, "", view.store, CRAFTS, "store"));
  g.append(countRow(ctx, x0, y + 44, t("web.keythedral.craftsmen"), view.craftsmen, CRAFTS, "craft"));
  g.append(countRow(ctx, x0, y + 66, t("web.keythedral.trader"), {}, RESOURCES, "trade"));
  y += 96;
  if (view.purchase) {
    const price = Object.entries(view.purchase.price || {})
      .map(([colour, count]) => `${count} ${t(`web.keythedral.cube_${colour}`)}`).join(", ");
    g.append(svg("text", { x: x0, y: y + 12, class: "kt-label" }, t("web.keythedral.purchase",
      { seat: view.purchase.buyer + 1, tile: view.purchase.tile, price })));
    y += 20;
  }
  return y;
}

// Every seat: its colour, law cards held, fences and cottages left; the first player
// starred; the scores at the end.
function drawSeats(view, ctx, g, x0, y) {
  const { svg, t } = ctx;
  g.append(svg("text", { x: x0, y: y + 12, class: "kt-head" }, t("web.keythedral.players")));
  y += 20;
  for (let seat = 0; seat < view.players; seat += 1) {
    const first = seat === view.first ? " ★" : "";
    const you = seat === view.viewer ? ` (${t("web.keythedral.you")})` : "";
    const score = view.scores ? ` — ${t("web.keythedral.score", { score: view.scores[seat] })}` : "";
    const counts = t("web.keythedral.seat_counts", { cards: view.cards_held[seat],
      fences: view.fences_left[seat], cottages: view.cottages_unlaid[seat] });
    g.append(svg("g", { "data-target": `seat:${seat}` },
      svg("rect", { x: x0 - 3, y: y - 3, width: PANEL_W - 10, height: 22, rx: 3, fill: "transparent" }),
      svg("rect", { x: x0, y, width: 16, height: 16, fill: seatColour(view, seat), stroke: "#000" }),
      svg("text", { x: x0 + 22, y: y + 13, class: "kt-label" },
        `${t("web.seat", { n: seat + 1 })}${you}${first}: ${counts}${score}`)));
    y += 22;
  }
  return y;
}

// The answers no piece or space stands for (pass, done, a bid, pay or withdraw, a veto,
// a change of style), as buttons: only the decider's view lists its decisions.
function drawAnswers(view, ctx, g, x0, y) {
  const { svg, t } = ctx;
  const legal = (view.decision && view.decision.legal) || [];
  const answers = legal.filter((action) =>
    /^(pass|done|withdraw|veto|pay|bid \d+|style \w+)$/.test(action));
  if (!answers.length) return y;
  let x = x0;
  for (const action of answers) {
    const [verb, arg] = action.split(" ");
    const label = t(verb === "style" ? `web.keythedral.answer_style_${arg}`
      : `web.keythedral.answer_${verb}`, { n: arg });
    const width = 16 + label.length * 7;
    if (x + width > x0 + PANEL_W) {
      x = x0;
      y += 28;
    }
    g.append(svg("g", { "data-target": `act:${action.replace(" ", ":")}`, class: "kt-answer" },
      svg("rect", { x, y, width, height: 22, rx: 4, fill: "#f0f0f0", stroke: "#888" }),
      svg("text", { x: x + width / 2, y: y + 15, "text-anchor": "middle", class: "kt-label" }, label)));
    x += width + 8;
  }
  return y + 30;
}

function drawPanel(view, ctx, x0, y0) {
  const g = ctx.svg("g", { class: "kt-panel" });
  let y = drawHead(view, ctx, g, x0, y0);
  y = drawAnswers(view, ctx, g, x0, y);
  y = drawMat(view, ctx, g, x0, y);
  y = drawSupplies(view, ctx, g, x0, y);
  y = drawSeats(view, ctx, g, x0, y);
  if (view.you) y = drawScreen(view, ctx, g, x0, y + 6);
  return { group: g, height: y - y0 };
}

// This seat's screen: its cubes (click one to pay it), law cards, tiles and the
// cottages it has still to lay.
function drawScreen(view, ctx, g, x0, y) {
  const { svg, t } = ctx;
  const you = view.you;
  g.append(svg("text", { x: x0, y: y + 12, class: "kt-head" }, t("web.keythedral.screen")));
  y += 20;
  g.append(countRow(ctx, x0, y, t("web.keythedral.cubes"), you.cubes, RESOURCES, "cube"));
  y += 22;
  g.append(countRow(ctx, x0, y, "", you.cubes, CRAFTS, "cube"));
  y += 26;
  g.append(svg("text", { x: x0, y: y + 14, class: "kt-label" }, t("web.keythedral.hand")));
  you.hand.forEach((card, i) => {
    const x = x0 + 120 + i * 56;
    g.append(svg("g", { "data-target": `card:${card}`, "data-info": card, class: "kt-card" },
      svg("rect", { x, y, width: 50, height: 22, rx: 3, fill: "#efe6ff", stroke: "#6a4fa0" }),
      svg("text", { x: x + 25, y: y + 15, "text-anchor": "middle", class: "kt-small" }, card)));
  });
  y += 28;
  const laid = new Set(view.tiles.filter((tile) => tile[2] === view.viewer).map((tile) => tile[3]));
  g.append(svg("text", { x: x0, y: y + 14, class: "kt-label" }, t("web.keythedral.cottages")));
  let i = 0;
  for (let n = 1; n <= 5; n += 1) {
    if (laid.has(n)) continue;
    const x = x0 + 120 + i * 30;
    g.append(svg("g", { "data-target": `cottage:${n}` },
      svg("rect", { x, y, width: 22, height: 22, fill: seatColour(view, view.viewer), stroke: "#000" }),
      svg("text", { x: x + 11, y: y + 15, "text-anchor": "middle", class: "kt-num" }, String(n))));
    i += 1;
  }
  y += 28;
  const tiles = you.tiles.length ? you.tiles.join(" ") : "—";
  g.append(svg("text", { x: x0, y: y + 12, class: "kt-label" },
    t("web.keythedral.owned", { tiles, workers: you.workers, fences: you.fences })));
  return y + 20;
}

const STYLE = `
.kt-label { font: 13px system-ui, sans-serif; fill: #222; }
.kt-head { font: bold 14px system-ui, sans-serif; fill: #222; }
.kt-small { font: 10px system-ui, sans-serif; fill: #111; }
.kt-num { font: bold 11px system-ui, sans-serif; fill: #111; }
.kt-inverse { fill: #fff; }
.kt-edge.legal circle { fill: rgba(230, 0, 126, 0.35); }
`;

export function draw(view, ctx) {
  const { svg } = ctx;
  const narrow = (globalThis.innerWidth || 1280) < 700;
  const map = drawMap(view, ctx, [10, 10]);
  const panelX = narrow ? 10 : Math.max(map.width + 30, 420);
  const panelY = narrow ? map.height + 20 : 10;
  const panel = drawPanel(view, ctx, panelX, panelY);
  const width = narrow ? Math.max(map.width + 20, PANEL_W + 20) : panelX + PANEL_W + 10;
  const height = narrow ? panelY + panel.height + 10 : Math.max(map.height, panel.height) + 20;
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "kt-board",
    role: "img", "aria-label": ctx.t("web.keythedral.title") },
  svg("style", {}, STYLE), map.group, panel.group);
}
