// Les Gardiens du Royaume in the browser: the board drawn as SVG from one seat's view,
// and the click path of every decision (see gardiens/paths.js for the keys).
//
// Wide screens get the map on the left and the panels on the right; narrow ones (a phone)
// get one column. The view holds only what the seat may see, so nothing here hides.

import { drawMap } from "./gardiens/map.js";
import { PARCHMENT, el } from "./gardiens/look.js";
import {
  STYLE, combatPanel, eventsPanel, handPanel, head, objectivesPanel, resultPanel, riverPanel,
  seatsPanel, seenPanel, shadowsPanel, supplyPanel, swapPanel, tray,
} from "./gardiens/panels.js";

export { paths } from "./gardiens/paths.js";

const COLUMN = 620;
const NARROW_COLUMN = 470; // a phone shows it about 0.8 times its size
const GAP = 12;

/** Panels stacked in a column `width` wide from `y`; returns the bottom. */
function stack(view, ctx, root, panels, x, y, width) {
  let bottom = y;
  for (const panel of panels) {
    const drawn = panel(view, ctx, width);
    if (!drawn) continue;
    const [group, height] = drawn;
    root.appendChild(el(ctx, "g", { transform: `translate(${x},${bottom})` }, group));
    bottom += height + GAP;
  }
  return bottom;
}

// One column when the box the board goes into (the page's #board) is narrower than this.
const NARROW_BELOW = 760;

function narrow(ctx) {
  if (ctx.layout) return ctx.layout === "narrow";
  const box = typeof document === "undefined" ? null : document.getElementById("board");
  const screen = typeof window === "undefined" ? 1280 : window.innerWidth;
  const width = (box && box.clientWidth) || screen;
  return width < NARROW_BELOW;
}

/** Draw the whole board for this view; returns an <svg> element (viewBox-scaled). */
export function draw(view, ctx) {
  const root = el(ctx, "svg", { class: "gd-board", xmlns: "http://www.w3.org/2000/svg",
    role: "img", "aria-label": ctx.t("web.gardiens.board", {}) });
  const style = ctx.svg("style", {});
  style.textContent = STYLE;
  root.appendChild(style);
  const background = el(ctx, "rect", { x: 0, y: 0, fill: PARCHMENT });
  root.appendChild(background);
  let width;
  let height;
  if (narrow(ctx)) {
    width = NARROW_COLUMN + 2 * GAP;
    height = stack(view, ctx, root, [head, tray, drawMap, swapPanel, combatPanel, handPanel,
      seenPanel, supplyPanel, resultPanel, seatsPanel, riverPanel, shadowsPanel, eventsPanel,
      objectivesPanel], GAP, GAP, NARROW_COLUMN);
  } else {
    width = 2 * COLUMN + 3 * GAP;
    const columns = [
      { x: GAP, panels: [head, tray, drawMap, swapPanel, supplyPanel] },
      { x: 2 * GAP + COLUMN, panels: [resultPanel, seatsPanel, handPanel, riverPanel] },
    ];
    for (const column of columns) {
      column.bottom = stack(view, ctx, root, column.panels, column.x, GAP, COLUMN);
    }
    // the other panels go, one by one, to the column that ends higher
    for (const panel of [combatPanel, seenPanel, shadowsPanel, eventsPanel, objectivesPanel]) {
      const column = columns[0].bottom <= columns[1].bottom ? columns[0] : columns[1];
      column.bottom = stack(view, ctx, root, [panel], column.x, column.bottom, COLUMN);
    }
    height = Math.max(columns[0].bottom, columns[1].bottom);
  }
  background.setAttribute("width", width);
  background.setAttribute("height", height);
  root.setAttribute("viewBox", `0 0 ${width} ${height}`);
  return root;
}
