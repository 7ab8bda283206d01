// Viscounts of the West Kingdom in the browser: the board drawn as SVG from a seat's view,
// and the click path of each decision (see viscounts/paths.js for the keys).

import {
  BOARD_H, BOARD_W, HAND_H, NARROW_BOARD_H, NARROW_BOARD_W, hand, playerBoard,
} from "./viscounts/boards.js";
import { RONDEL_SIZE, rondel } from "./viscounts/rondel.js";
import { BAR_H, ROW_H, decisionBar, expansionRows, status } from "./viscounts/rows.js";

export { paths } from "./viscounts/paths.js";

const GAP = 8;
const NARROW = "(max-width: 720px)";

/** True on a narrow screen, where the board is laid out in one column. */
function narrow() {
  return typeof window !== "undefined" && Boolean(window.matchMedia)
    && window.matchMedia(NARROW).matches;
}

/** The viewer's board first, then the others in seat order. */
function seatsInOrder(view) {
  const seats = view.players.map((p) => p.seat);
  if (view.viewer === null || view.viewer === undefined) return seats;
  return [view.viewer, ...seats.filter((s) => s !== view.viewer)];
}

/** Stack `items` ([element, height]) from y; returns [placed groups, next y]. */
function stack(ctx, x, y, items) {
  const placed = [];
  let next = y;
  for (const [element, height] of items) {
    placed.push(ctx.svg("g", { transform: `translate(${x},${next})` }, element));
    next += height + GAP;
  }
  return [placed, next];
}

/** The player boards and the hand, as stack items. */
function boardItems(ctx, view, narrowBoards) {
  const items = [];
  const width = narrowBoards ? NARROW_BOARD_W : BOARD_W;
  for (const seat of seatsInOrder(view)) {
    items.push([playerBoard(ctx, view, seat, narrowBoards),
      narrowBoards ? NARROW_BOARD_H : BOARD_H]);
    if (seat === view.viewer) items.push([hand(ctx, view, width), HAND_H]);
  }
  return items;
}

/** A group scaled by `factor` (as a stack item of its scaled height). */
function scaled(ctx, element, height, factor) {
  return [ctx.svg("g", { transform: `scale(${factor})` }, element), height * factor];
}

/** Draw the whole board for this view; returns an <svg> element (viewBox-scaled). */
export function draw(view, ctx) {
  const rowsCount = (view.keys ? 1 : 0) + (view.gates ? 1 : 0);
  const rows = [ctx.svg("g", {}, ...expansionRows(ctx, view, RONDEL_SIZE)),
    rowsCount * (ROW_H + GAP) - GAP];
  let width;
  let height;
  let parts;
  if (narrow()) {
    // one column as wide as a player board laid out in two rows; the rondel, the decision
    // bar and the expansion rows scaled down to it
    width = NARROW_BOARD_W + 2 * GAP;
    const factor = NARROW_BOARD_W / RONDEL_SIZE;
    const items = [[status(ctx, view, NARROW_BOARD_W), 40],
      scaled(ctx, rondel(ctx, view), RONDEL_SIZE, factor),
      [decisionBar(ctx, view, NARROW_BOARD_W), BAR_H], ...boardItems(ctx, view, true)];
    if (rowsCount) items.push(scaled(ctx, rows[0], rows[1], factor));
    const [placed, next] = stack(ctx, GAP, GAP, items);
    parts = placed;
    height = next;
  } else {
    width = RONDEL_SIZE + BOARD_W + 3 * GAP;
    const [leftPlaced, leftEnd] = stack(ctx, GAP, GAP, [[rondel(ctx, view), RONDEL_SIZE],
      [decisionBar(ctx, view, RONDEL_SIZE), BAR_H]]);
    const [rightPlaced, rightEnd] = stack(ctx, RONDEL_SIZE + 2 * GAP, GAP,
      [[status(ctx, view, BOARD_W), 40], ...boardItems(ctx, view, false)]);
    parts = [...leftPlaced, ...rightPlaced];
    let end = Math.max(leftEnd, rightEnd);
    if (rowsCount) {
      // the expansion rows go under the shorter column
      const [x, y] = leftEnd <= rightEnd ? [GAP, leftEnd] : [RONDEL_SIZE + 2 * GAP, rightEnd];
      const [rowsPlaced, rowsEnd] = stack(ctx, x, y, [rows]);
      parts.push(...rowsPlaced);
      end = Math.max(end, rowsEnd);
    }
    height = end;
  }
  return ctx.svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "board viscounts",
    "font-family": "Georgia, 'DejaVu Serif', serif", fill: "#2b2118" },
  ctx.svg("rect", { width, height, fill: "#d9c9a3" }), ...parts);
}
